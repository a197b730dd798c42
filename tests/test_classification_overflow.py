"""Issue 37 item 6 (classification): balanced_accuracy_score(adjusted=True) with weights whose class
totals overflow float64 gave ZeroDivisionError; now the same number as at ordinary scale."""
import math
import warnings

import numpy as np
import pytest

from learnmetrics import balanced_accuracy_score


def test_adjusted_balanced_accuracy_with_weights_of_1e308():
    y_true, y_pred = [0, 0, 1, 1, 1], [0, 1, 1, 1, 0]
    w = np.array([1e308, 1e308, 1.0, 1.0, 1.0])
    small = balanced_accuracy_score(y_true, y_pred, sample_weight=w / 1e300, adjusted=True)
    assert balanced_accuracy_score(y_true, y_pred, sample_weight=w, adjusted=True) == small
    assert balanced_accuracy_score(y_true, y_pred, sample_weight=w) == \
        balanced_accuracy_score(y_true, y_pred, sample_weight=w / 1e300)


@pytest.mark.parametrize("seed", range(20))
def test_hidden_variation_huge_weights_any_scale(seed):
    """Random multi-class cases: scaling the weights up to near float64's top (where one class's
    total overflows) or down to 2**-1000 never changes the score, adjusted or not."""
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(4, 30)), int(rng.integers(2, 5))
    y_true, y_pred = rng.integers(0, k, n), rng.integers(0, k, n)
    w = rng.uniform(0.5, 1.0, n)
    for adjusted in (False, True):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ref = balanced_accuracy_score(y_true, y_pred, sample_weight=w, adjusted=adjusted)
            for scale in (2.0 ** 1020, 1.7e308, 2.0 ** -1000):
                got = balanced_accuracy_score(y_true, y_pred, sample_weight=w * scale, adjusted=adjusted)
                assert math.isclose(got, ref, rel_tol=1e-12, abs_tol=1e-12), (seed, scale, adjusted, got, ref)


def test_all_zero_weights_adjusted_is_a_clear_error():
    with pytest.raises(ValueError, match="sample_weight"):
        balanced_accuracy_score([0, 1, 1], [0, 1, 0], sample_weight=[0.0, 0.0, 0.0], adjusted=True)
