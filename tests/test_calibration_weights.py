"""The calibration errors share one binning and one weight path (issue 39's read-through): huge
weights are scaled before they are summed, so every form agrees with its unit-weight value."""
import numpy as np
import pytest

import learnmetrics as lm


@pytest.mark.parametrize("scale", [1e-300, 1e-150, 1.0, 1e150, 5e307])
def test_every_calibration_error_ignores_the_weights_scale(scale):
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 60)
    p = rng.random(60)
    w = rng.integers(1, 4, 60).astype(float)
    proba = np.column_stack([1 - p, p])
    for f, args in ((lm.expected_calibration_error, (y, p)), (lm.maximum_calibration_error, (y, p)),
                    (lm.multiclass_calibration_error, (y, proba))):
        ref = f(*args, n_bins=5, sample_weight=w)
        got = f(*args, n_bins=5, sample_weight=w * scale)
        assert np.isfinite(got) and got == pytest.approx(ref, rel=1e-12, abs=1e-15), (f.__name__, scale)
    mce = lm.multiclass_calibration_error(y, proba, n_bins=5, sample_weight=w * scale, norm="max")
    assert mce == pytest.approx(lm.multiclass_calibration_error(y, proba, n_bins=5, sample_weight=w, norm="max"))


def test_class_wise_of_two_columns_equals_the_binary_ece():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 200)
    p = np.round(rng.random(200), 3) * 0.998 + 0.0005   # off the inner bin edges
    proba = np.column_stack([1 - p, p])
    assert lm.multiclass_calibration_error(y, proba, kind="class-wise", n_bins=10) == pytest.approx(
        lm.expected_calibration_error(y, p, n_bins=10), rel=1e-12)
