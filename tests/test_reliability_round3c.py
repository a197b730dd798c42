"""Issue 37, the fresh adversarial pass after the fixes (helper report 2026-11-29): the defects fixed."""
import numpy as np
import pytest

import learnmetrics as lm

NEAR_ONE = 1 - 2 ** -53      # a legal confidence: 1 - alpha/2 rounds to 1.0 in floating point


def test_a_confidence_next_to_one_gives_finite_intervals():
    for method in ("wilson", "wilsoncc", "exact"):
        r = lm.proportion_ci(3, 10, confidence=NEAR_ONE, method=method)
        assert 0.0 <= r.low <= 0.3 <= r.high <= 1.0
    r = lm.roc_auc_ci([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9], confidence=NEAR_ONE)
    assert 0.0 <= r.low <= r.high <= 1.0
    b = lm.bootstrap_ci(lm.roc_auc_score, [0, 0, 1, 1, 0, 1] * 3, [0.1, 0.4, 0.35, 0.8, 0.2, 0.9] * 3,
                        confidence=NEAR_ONE, method="bca", n_resamples=200, rng=0)
    assert np.isfinite(b.low) and np.isfinite(b.high)
    rep = lm.evaluation_report([0, 1] * 10, np.linspace(0.05, 0.95, 20), confidence=NEAR_ONE, n_resamples=100)
    assert 0.0 <= rep.recall.low <= rep.recall.high <= 1.0


def test_the_z_of_ordinary_confidences_is_unchanged():
    from statistics import NormalDist
    for c in (0.5, 0.8, 0.9, 0.95, 0.99):
        r = lm.proportion_ci(7, 20, confidence=c)
        z = NormalDist().inv_cdf(0.5 + c / 2)
        n, p = 20, 0.35
        centre = (2 * n * p + z * z) / (2 * (n + z * z))
        half = z * np.sqrt(z * z + 4 * n * p * (1 - p)) / (2 * (n + z * z))
        assert (r.low, r.high) == pytest.approx((centre - half, centre + half), rel=1e-12)


@pytest.mark.parametrize("n", [1, 2, 17, 454, 10 ** 6, 2 ** 60])
@pytest.mark.parametrize("confidence", [0.01, 0.5, 0.95, 0.999999])
@pytest.mark.parametrize("method", ["wilson", "wilsoncc"])
def test_wilson_holds_its_estimate_at_the_ends(n, confidence, method):
    for k in (0, 1, n - 1, n):
        if 0 <= k <= n:
            r = lm.proportion_ci(k, n, confidence=confidence, method=method)
            assert r.low <= r.estimate <= r.high and np.isfinite(r.low) and np.isfinite(r.high)


@pytest.mark.parametrize("call", [
    lambda v: lm.friedman_test([[1, 2, 3], [v, 2, 3], [1, 2, 3]]),
    lambda v: lm.nemenyi_test([[1, 2, 3], [v, 2, 3], [1, 2, 3]]),
])
def test_an_integer_beyond_float_range_in_a_table_is_named(call):
    with pytest.raises(ValueError, match="beyond the range of a float"):
        call(10 ** 400)


@pytest.mark.parametrize("call", [
    lambda w: lm.maximum_calibration_error([1, 1], [0.05, 0.95], n_bins=2, sample_weight=w),
    lambda w: lm.multiclass_calibration_error([0, 1], [[.55, .45], [.95, .05]], norm="max", n_bins=4,
                                              sample_weight=w[::-1]),
    lambda w: lm.cohen_kappa_score([0, 1], [0, 1], sample_weight=w[::-1]),
])
def test_a_weight_lost_to_underflow_is_refused_not_counted_as_zero(call):
    """MCE gave 0.05 (truth 0.95), MCC 0.0 (truth 1), kappa NaN: a weight 2**1074 times below the largest
    became 0 when the weights were scaled. Now a clear error names sample_weight (MCC is now computed
    exactly and gives 1.0: tests/test_reliability_round4.py)."""
    with pytest.raises(ValueError, match="sample_weight spans more than a float"):
        call([1e-300, 1e300])
