"""Issue 28, uncertainty: no silent wrong answer from DeLong, the bootstrap intervals and the bands.

Each test pins a case that returned a wrong number before: DeLong's variance of a difference
formed by cancellation, a regression target stratified value by value, bands whose resamples
lost a class or whose grid lost a one-ulp gap. The bands are checked against the definition:
every resampled curve equals the same resample scored on its own.
"""
from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import uncertainty as U


# -- DeLong --------------------------------------------------------------------------------------
def _delong_exact(y, a, b):
    """DeLong's z from placement values in exact rational arithmetic (O(m n), small inputs)."""
    y = np.asarray(y)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    m, n = len(pos), len(neg)

    def psi(x, z):
        return Fraction(1) if x > z else Fraction(1, 2) if x == z else Fraction(0)

    def placements(s):
        s = [Fraction(v) for v in s]
        v10 = [sum(psi(s[i], s[j]) for j in neg) / n for i in pos]
        v01 = [sum(psi(s[i], s[j]) for i in pos) / m for j in neg]
        return v10, v01

    a10, a01 = placements(a)
    b10, b01 = placements(b)
    d10 = [p - q for p, q in zip(a10, b10)]
    d01 = [p - q for p, q in zip(a01, b01)]

    def var(d):
        mu = sum(d) / len(d)
        return sum((x - mu) ** 2 for x in d) / (len(d) - 1)

    diff = sum(d10) / m
    v = var(d10) / m + var(d01) / n
    return float(diff), (float(diff) / float(v) ** 0.5 if v else None)


def test_delong_one_swapped_pair_is_not_significant():
    # the issue's case: m = n = 10,000, one (negative, positive) pair swapped; exact z = 1/sqrt(2)
    m = 10_000
    y = np.r_[np.zeros(m), np.ones(m)]
    a = np.arange(2 * m, dtype=float)
    b = a.copy()
    b[m - 1], b[m] = a[m], a[m - 1]
    r = lm.delong_test(y, a, b)
    assert r.z == pytest.approx(2 ** -0.5, rel=1e-9)
    assert r.p_value == pytest.approx(0.4795001221869535, rel=1e-9)


def test_delong_float32_copy_of_the_same_scores_is_not_significant():
    # model B = model A's scores stored as float32: one pair becomes tied; before, z = -inf, p = 0
    rng = np.random.default_rng(1)
    n = 20_000
    y = rng.integers(0, 2, n)
    a = rng.normal(size=n) + y
    b = a.astype(np.float32).astype(float)
    r = lm.delong_test(y, a, b)
    assert r.difference != 0
    assert np.isfinite(r.z) and abs(r.z) < 1 and r.p_value > 0.3


@pytest.mark.parametrize("seed", range(40))
def test_delong_z_equals_the_exact_rational_computation(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 16))
    y = np.r_[0, 0, 1, 1, rng.integers(0, 2, n - 4)]
    a = rng.integers(0, 5, n) / 4
    b = np.where(rng.random(n) < 0.3, rng.integers(0, 5, n) / 4, a)
    diff, z = _delong_exact(y, a, b)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lm.UndefinedMetricWarning)
        r = lm.delong_test(y, a, b)
    assert r.difference == pytest.approx(diff, abs=1e-15)
    if diff == 0:
        assert (r.z, r.p_value) == (0.0, 1.0)
    elif z is None:
        assert np.isnan(r.z) and np.isnan(r.p_value)
    else:
        assert r.z == pytest.approx(z, rel=1e-9)


def test_delong_zero_variance_with_a_difference_is_undefined_not_significant():
    # two positives, two negatives, A perfect and B reversed: every placement moves by 1
    with pytest.warns(lm.UndefinedMetricWarning, match="variance of the difference is 0"):
        r = lm.delong_test([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9], [0.9, 0.8, 0.2, 0.1])
    assert r.difference == 1.0 and np.isnan(r.z) and np.isnan(r.p_value)


# -- bootstrap intervals: what is stratified ------------------------------------------------------
Y_REG = [3, 1, 4, 5, 9, 2, 6, 8]
P_REG = [2.5, 1.2, 4.4, 4.1, 8.0, 2.9, 6.6, 7.0]


def test_bootstrap_ci_does_not_stratify_a_regression_target():
    # before: every distinct integer was a stratum of one, the interval [0.6875, 0.6875]
    r = lm.bootstrap_ci(lm.mean_absolute_error, Y_REG, P_REG, rng=0)
    plain = lm.bootstrap_ci(lm.mean_absolute_error, Y_REG, P_REG, stratify=False, rng=0)
    assert not r.stratified
    assert (r.low, r.high) == (plain.low, plain.high)
    assert r.low < 0.6 and r.high > 0.8


def test_paired_bootstrap_ci_does_not_stratify_a_regression_target():
    other = [2.0, 1.5, 4.0, 5.5, 8.5, 2.0, 6.0, 8.5]
    r = lm.paired_bootstrap_ci(lm.mean_absolute_error, Y_REG, P_REG, other, n_resamples=500, rng=0)
    assert not r.stratified and r.width > 0.1


def test_unknown_metric_whole_number_target_with_singletons_is_not_stratified():
    def mae(t, p):
        return float(np.mean(np.abs(np.asarray(t) - np.asarray(p))))

    r = lm.bootstrap_ci(mae, Y_REG, P_REG, n_resamples=500, rng=0)
    assert not r.stratified and r.width > 0.1
    # a label-like target (each class twice or more) is stratified for an unknown metric
    r = lm.bootstrap_ci(lambda t, p: float(np.mean(np.asarray(t) == np.asarray(p))),
                        [0, 0, 1, 1, 2, 2], [0, 1, 1, 1, 2, 0], n_resamples=200, rng=0)
    assert r.stratified


def test_classification_targets_stay_stratified():
    r = lm.bootstrap_ci(lm.roc_auc_score, [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9], n_resamples=200,
                        rng=0)
    assert r.stratified and r.n_dropped == 0
    # a one-example class is a stratum of one: kept in every resample, as stratification promises
    r = lm.bootstrap_ci(lm.accuracy_score, ["a", "a", "b", "b", "c"], ["a", "b", "b", "b", "c"], n_resamples=200,
                        rng=0)
    assert r.stratified and r.width > 0
    r = lm.bootstrap_ci(lm.accuracy_score, [1, 1, 2, 2, 3], [1, 2, 2, 2, 3], stratify=False, n_resamples=200,
                        rng=0)
    assert not r.stratified


# -- bootstrap intervals: the metric's return value ------------------------------------------------
@pytest.mark.parametrize("bad", ["0.5", None, [0.1, 0.2], np.array([0.5, 0.5]), True, 1 + 2j])
def test_bootstrap_ci_refuses_a_metric_that_returns_no_number(bad):
    with pytest.raises(TypeError, match="metric must return one real number"):
        lm.bootstrap_ci(lambda t, p: bad, [0, 1, 0, 1], [0, 1, 1, 1], n_resamples=10, rng=0)
    with pytest.raises(TypeError, match="metric must return one real number"):
        lm.paired_bootstrap_ci(lambda t, p: bad, [0, 1, 0, 1], [0, 1, 1, 1], [0, 0, 1, 1], n_resamples=10, rng=0)


def test_bootstrap_ci_names_metric_when_its_call_fails():
    with pytest.raises(TypeError, match=r"metric \(<lambda>\) failed when called as metric\(y_true, y_pred_or_score"):
        lm.bootstrap_ci(lambda t: 0.5, [0, 1, 0, 1], [0, 1, 1, 1], n_resamples=10, rng=0)
    with pytest.raises(TypeError, match="sample_weight="):
        lm.bootstrap_ci(lambda t, p: 0.5, [0, 1, 0, 1], [0, 1, 1, 1], sample_weight=[1, 1, 1, 1],
                        n_resamples=10, rng=0)


def test_bootstrap_ci_accepts_numpy_scalars_and_zero_d_arrays():
    r = lm.bootstrap_ci(lambda t, p: np.float32(np.mean(np.asarray(t) == np.asarray(p))), [0, 1, 0, 1],
                        [0, 1, 1, 1], n_resamples=20, rng=0)
    assert 0 <= r.low <= r.high <= 1
    r = lm.bootstrap_ci(lambda t, p: np.asarray(0.25), [0, 1, 0, 1], [0, 1, 1, 1], n_resamples=20, rng=0)
    assert r.low == r.high == 0.25


# -- bands: every resampled curve equals the resample scored alone ---------------------------------
def _cuts(y, s):
    """Cumulative TP and FP at each distinct score (descending), starting at (0, 0)."""
    order = np.argsort(-s, kind="stable")
    ss, yy = s[order], y[order]
    last = np.flatnonzero(np.r_[ss[1:] != ss[:-1], True])
    tp = np.r_[0, np.cumsum(yy)[last]].astype(float)
    fp = np.r_[0, np.cumsum(1 - yy)[last]].astype(float)
    return tp, fp


def _roc_alone(y, s, grid):
    tp, fp = _cuts(y, s)
    if tp[-1] == 0 or fp[-1] == 0:
        return None
    tpr, fpr = tp / tp[-1], fp / fp[-1]
    return np.array([tpr[np.flatnonzero(fpr <= f)[-1]] for f in grid])


def _pr_alone(y, s, grid):
    tp, fp = _cuts(y, s)
    if tp[-1] == 0:
        return None
    rec = tp / tp[-1]
    return np.array([tp[k] / (tp[k] + fp[k]) for k in (np.flatnonzero(rec >= r)[0] for r in grid)])


def _resample_indices(y, stratify, n_resamples, rng):
    """The example indices the band drew (the same generator calls as the band itself)."""
    y = np.asarray(y)
    groups = U._groups(y, stratify)
    return np.vstack(list(U._index_chunks(np.random.default_rng(rng), groups, n_resamples)))


def _check_band(kind, y, s, grid, n_resamples, stratify, rng):
    y, s, grid = np.asarray(y), np.asarray(s, dtype=float), np.asarray(grid, dtype=float)
    band_fn = lm.roc_bootstrap_band if kind == "roc" else lm.pr_bootstrap_band
    alone = _roc_alone if kind == "roc" else _pr_alone
    key = "fpr_grid" if kind == "roc" else "recall_grid"
    idx = _resample_indices(y, stratify, n_resamples, rng)
    expected = [alone(y[row], s[row], grid) for row in idx]
    kept = np.array([e for e in expected if e is not None])
    n_dropped = sum(e is None for e in expected)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if kept.size == 0:
            with pytest.raises(ValueError, match="no resample could be scored"):
                band_fn(y, s, **{key: grid}, n_resamples=n_resamples, stratify=stratify, rng=rng)
            return
        band = band_fn(y, s, **{key: grid}, n_resamples=n_resamples, stratify=stratify, rng=rng)
    np.testing.assert_array_equal(band.resampled, kept)
    alpha = (1 - 0.95) / 2  # as the band computes it
    low, high = np.quantile(kept, [alpha, 1 - alpha], axis=0)
    np.testing.assert_array_equal(band.low, low)
    np.testing.assert_array_equal(band.high, high)
    messages = [str(w.message) for w in caught]
    if n_dropped:
        assert any(m.startswith(f"{n_dropped} of {n_resamples} resampled curves") for m in messages), messages
    else:
        assert not any("resampled curve" in m for m in messages), messages


def test_roc_band_with_two_examples_unstratified():
    # before: IndexError
    _check_band("roc", [0, 1], [0.2, 0.7], np.linspace(0, 1, 101), 50, False, 0)


def test_pr_band_unstratified_issue_case():
    # before: upper band 0.86 at recall 0.6 where the resamples scored alone give 0.95
    y, s = [0, 0, 0, 0, 1, 1, 1, 0], [.8, .7, .4, .5, .7, .6, .2, .5]
    _check_band("pr", y, s, np.linspace(.1, 1, 10), 100, False, 89)
    band = lm.pr_bootstrap_band(y, s, recall_grid=np.linspace(.1, 1, 10), n_resamples=100, stratify=False, rng=89)
    assert band.high[5] > 0.9


def test_bands_on_grid_points_one_ulp_from_a_cut():
    # 0.7000000000000001 (np.linspace's 0.7) lies one ulp above FPR 7/10: before, the row offsets
    # rounded the gap away and 37% of the resampled values differed from the resample scored alone
    rng = np.random.default_rng(5)
    y = np.r_[np.zeros(10, int), np.ones(10, int)]
    s = rng.normal(size=20) + y
    grid = np.linspace(0, 1, 11)
    assert grid[7] == 0.7000000000000001
    _check_band("roc", y, s, grid, 300, True, 1)
    _check_band("pr", y, s, np.linspace(0.1, 1, 10), 300, True, 1)


@pytest.mark.parametrize("seed", range(60))
def test_bands_equal_the_resamples_scored_alone(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 14))
    y = rng.integers(0, 2, n)
    y[rng.integers(0, n)] = 1
    y[(np.flatnonzero(y == 1)[0] + 1) % n] = 0  # both classes
    s = rng.integers(0, 6, n) / 5 if seed % 2 else rng.normal(size=n)
    grid = np.linspace(0, 1, int(rng.integers(2, 30)))
    for stratify in (True, False):
        _check_band("roc", y, s, grid, 40, stratify, seed)
        _check_band("pr", y, s, grid[1:], 40, stratify, seed)


def test_a_resample_on_which_the_metric_raises_is_dropped_and_counted():
    # every weight drawn is 0 in some resamples: accuracy is undefined there (before: the whole
    # interval failed with the metric's ValueError)
    y, p, w = [0, 1, 0, 1, 1], [0, 1, 1, 1, 0], [0, 0, 1, 0, 0]
    with pytest.warns(lm.UndefinedMetricWarning, match="resamples could not be scored"):
        r = lm.bootstrap_ci(lm.accuracy_score, y, p, sample_weight=w, stratify=False, n_resamples=200, rng=0)
    idx = _resample_indices(y, False, 200, 0)
    expected = [np.mean(np.asarray(y)[row][np.asarray(w)[row] > 0] == np.asarray(p)[row][np.asarray(w)[row] > 0])
                for row in idx if np.asarray(w)[row].sum() > 0]
    assert r.n_dropped == 200 - len(expected) > 0
    np.testing.assert_allclose(r.resampled, expected)
