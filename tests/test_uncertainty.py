"""learnmetrics.uncertainty: bootstrap intervals, DeLong, bands (issue 16)."""
from __future__ import annotations

import math
import warnings
from statistics import NormalDist

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score as sk_auc

import learnmetrics as lm
from learnmetrics.uncertainty import (auc_sampling_state, bootstrap_ci, delong_test, paired_bootstrap_ci,
                                      pr_bootstrap_band, roc_auc_ci, roc_bootstrap_band)
from learnmetrics import uncertainty as U

Y = [0, 0, 1, 1, 0, 1, 0, 1]
A = [.1, .4, .35, .8, .2, .9, .3, .7]
B = [.3, .2, .4, .5, .6, .7, .1, .2]


# -- an independent O(n^2) DeLong, from the definition --------------------------------------------
def _psi(x, y):
    return (x > y) + 0.5 * (x == y)


def delong_slow(y, scores):
    y = np.asarray(y).astype(bool)
    out_v10, out_v01 = [], []
    for s in scores:
        s = np.asarray(s, float)
        P = _psi(s[y][:, None], s[~y][None, :])  # (m, n)
        out_v10.append(P.mean(axis=1))
        out_v01.append(P.mean(axis=0))
    v10, v01 = np.array(out_v10), np.array(out_v01)
    m, n = v10.shape[1], v01.shape[1]
    S10 = (v10 - v10.mean(1, keepdims=True)) @ (v10 - v10.mean(1, keepdims=True)).T / (m - 1)
    S01 = (v01 - v01.mean(1, keepdims=True)) @ (v01 - v01.mean(1, keepdims=True)).T / (n - 1)
    return v10.mean(axis=1), S10 / m + S01 / n


@pytest.mark.parametrize("seed", range(30))
def test_delong_matches_the_quadratic_definition(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 60))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    y[2:4] = [0, 1]
    a = np.round(rng.normal(size=n) + y, int(rng.integers(0, 3)))  # rounding makes ties
    b = np.round(a + rng.normal(size=n), 1)
    auc, cov = delong_slow(y, [a, b])
    r = delong_test(y, a, b)
    np.testing.assert_allclose(r.auc, auc, atol=1e-12)
    np.testing.assert_allclose(r.covariance, cov, atol=1e-12)
    np.testing.assert_allclose(r.auc[0], sk_auc(y, a), atol=1e-12)
    one = roc_auc_ci(y, a)
    np.testing.assert_allclose(one.standard_error, math.sqrt(cov[0, 0]), atol=1e-12)
    var = cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]
    if var > 1e-12:
        z = (auc[0] - auc[1]) / math.sqrt(var)
        assert r.z == pytest.approx(z, abs=1e-9)
        assert r.p_value == pytest.approx(2 * (1 - NormalDist().cdf(abs(z))), abs=1e-9)


def test_delong_identical_models_give_p_one():
    r = delong_test(Y, A, np.asarray(A) * 2 + 1)
    assert r.difference == 0 and r.z == 0 and r.p_value == 1.0


def test_roc_auc_ci_interval_and_clipping():
    r = roc_auc_ci(Y, A, confidence=0.95)
    z = NormalDist().inv_cdf(0.975)
    assert r.low == pytest.approx(max(0, r.auc[0] - z * r.standard_error))
    assert r.high == pytest.approx(min(1, r.auc[0] + z * r.standard_error))
    perfect = roc_auc_ci([0, 0, 0, 1, 1, 1], [1, 2, 3, 4, 5, 6])
    assert perfect.auc[0] == 1 and perfect.high == 1 and perfect.low == 1  # variance 0 at a perfect ranking


def test_delong_agrees_with_the_bootstrap_on_a_large_sample():
    rng = np.random.default_rng(1)
    n = 4000
    y = rng.integers(0, 2, n)
    a = rng.normal(size=n) + 1.0 * y
    b = a + rng.normal(size=n) * 0.8
    d = roc_auc_ci(y, a)
    bt = bootstrap_ci(lm.roc_auc_score, y, a, n_resamples=2000, rng=0)
    assert bt.standard_error == pytest.approx(d.standard_error, rel=0.08)
    assert bt.low == pytest.approx(d.low, abs=0.004) and bt.high == pytest.approx(d.high, abs=0.004)
    t = delong_test(y, a, b)
    pb = paired_bootstrap_ci(lm.roc_auc_score, y, a, b, n_resamples=2000, rng=0)
    assert pb.estimate == pytest.approx(t.difference, abs=1e-12)
    assert pb.standard_error == pytest.approx(t.standard_error, rel=0.08)


def test_fast_auc_path_equals_the_generic_loop_resample_by_resample():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 50)
    s = np.round(rng.normal(size=50) + y, 1)  # ties
    for stratify in (True, False):
        fast = bootstrap_ci(lm.roc_auc_score, y, s, n_resamples=300, stratify=stratify, rng=7)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            slow = bootstrap_ci(lambda t, p: sk_auc(t, p) if len(set(t)) == 2 else np.nan, y, s,
                                n_resamples=300, stratify=stratify, rng=7)
        np.testing.assert_allclose(fast.resampled, slow.resampled, atol=1e-12)
        assert (fast.low, fast.high) == pytest.approx((slow.low, slow.high))


def test_generic_metric_and_weights():
    y = [0, 1, 1, 0, 1, 0, 1, 1, 0, 0]
    p = [0, 1, 0, 0, 1, 1, 1, 1, 0, 0]
    r = bootstrap_ci(lm.accuracy_score, y, p, n_resamples=400, rng=0)
    assert r.estimate == pytest.approx(0.8)
    assert 0 <= r.low <= r.estimate <= r.high <= 1
    w = bootstrap_ci(lm.accuracy_score, y, p, sample_weight=[1.0] * 10, n_resamples=400, rng=0)
    np.testing.assert_allclose(w.resampled, r.resampled)
    reg = bootstrap_ci(lm.mean_squared_error, [1.5, 2.0, 3.2, 4.1], [1.0, 2.5, 3.0, 4.0], stratify=False,
                       n_resamples=200, rng=0)
    assert reg.estimate == pytest.approx(np.mean(np.square([0.5, -0.5, 0.2, 0.1])))
    text = bootstrap_ci(lm.accuracy_score, ["a", "b", "a", "b"], ["a", "b", "b", "b"], n_resamples=50, rng=0)
    assert text.estimate == 0.75


def test_stratified_resamples_keep_the_class_counts():
    y = np.r_[np.zeros(5, int), np.ones(3, int)]
    groups = U._groups(y, True)
    idx = next(U._index_chunks(np.random.default_rng(0), groups, 100))
    assert (y[idx].sum(axis=1) == 3).all()


def test_unstratified_single_class_resamples_are_dropped_with_a_warning():
    with pytest.warns(lm.UndefinedMetricWarning, match="could not be scored"):
        r = bootstrap_ci(lm.roc_auc_score, [0, 0, 0, 1], [0.1, 0.2, 0.3, 0.9], stratify=False, n_resamples=500,
                         rng=0)
    assert r.n_dropped > 0 and r.resampled.size == 500 - r.n_dropped


def test_bca_reduces_to_percentile_when_symmetric_and_is_valid():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 200)
    s = rng.normal(size=200) + y
    p = bootstrap_ci(lm.roc_auc_score, y, s, n_resamples=2000, rng=0)
    b = bootstrap_ci(lm.roc_auc_score, y, s, n_resamples=2000, rng=0, method="bca")
    assert b.low < b.estimate < b.high
    assert abs(b.low - p.low) < 0.02 and abs(b.high - p.high) < 0.02
    # the fast jackknife equals leaving out one example at a time
    jf = U._jackknife(lm.roc_auc_score, y, s, None, True)
    js = U._jackknife(lm.roc_auc_score, y, s, None, False)
    np.testing.assert_allclose(jf, js, atol=1e-12)


def test_coverage_of_the_95_percent_interval_is_between_93_and_97_percent():
    """Binormal population, true AUC = Φ(d/√2); 400 seeded data sets of 200 examples."""
    d = 1.0
    true = NormalDist().cdf(d / math.sqrt(2))
    rng = np.random.default_rng(2026)
    y = np.r_[np.ones(100, int), np.zeros(100, int)]
    hit_delong = hit_boot = 0
    n_sets = 400
    for k in range(n_sets):
        s = rng.normal(size=200) + d * y
        r = roc_auc_ci(y, s)
        hit_delong += r.low <= true <= r.high
        if k < 200:
            b = bootstrap_ci(lm.roc_auc_score, y, s, n_resamples=1000, rng=k)
            hit_boot += b.low <= true <= b.high
    assert 0.93 <= hit_delong / n_sets <= 0.97
    assert 0.91 <= hit_boot / 200 <= 0.98  # 200 sets: a binomial sd of 1.5 points


def test_bands_match_the_curves_of_the_data():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 60)
    s = np.round(rng.normal(size=60) + y, 1)
    b = roc_bootstrap_band(y, s, n_resamples=300, rng=0)
    fpr, tpr, _ = lm.roc_curve(y, s, drop_intermediate=False)
    for f, t in zip(b.x, b.y):
        assert t == pytest.approx(tpr[fpr <= f + 1e-12].max())
    assert (b.low <= b.y + 1e-12).mean() > 0.9 and (b.high >= b.y - 1e-12).mean() > 0.9
    assert np.all(b.low <= b.high)
    pr = pr_bootstrap_band(y, s, n_resamples=300, rng=0)
    prec, rec, _ = lm.precision_recall_curve(y, s)
    for r, p in zip(pr.x, pr.y):
        ok = rec >= r - 1e-12
        # the first cut reaching recall r: the fewest predicted positives = the largest threshold index
        assert p == pytest.approx(prec[ok][-1])
    assert np.all(pr.low <= pr.high)


def test_interval_narrows_like_one_over_root_n():
    w = [auc_sampling_state(n, n_datasets=200, n_resamples=200).aucs.std() for n in (50, 200, 800)]
    assert w[0] / w[1] == pytest.approx(2, rel=0.25) and w[1] / w[2] == pytest.approx(2, rel=0.25)


def test_sampling_state_is_deterministic():
    a = auc_sampling_state(40, sample=3, n_datasets=30, n_resamples=100)
    b = auc_sampling_state(40, sample=3, n_datasets=30, n_resamples=100)
    np.testing.assert_array_equal(a.aucs, b.aucs)
    assert a.interval.low == b.interval.low
    assert a.true_auc == pytest.approx(NormalDist().cdf(1.2 / math.sqrt(2)))


# -- bad input -------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, exc, match", [
    (dict(confidence=1.0), ValueError, "confidence"),
    (dict(confidence=0.0), ValueError, "confidence"),
    (dict(confidence="0.9"), TypeError, "confidence"),
    (dict(n_resamples=0), ValueError, "n_resamples"),
    (dict(n_resamples=2.5), TypeError, "n_resamples"),
    (dict(n_resamples=10**20), ValueError, "n_resamples"),
    (dict(method="basic"), ValueError, "method"),
    (dict(stratify="False"), TypeError, "stratify"),
    (dict(rng="0"), TypeError, "rng"),
    (dict(sample_weight=[1.0] * 7), ValueError, "sample_weight"),
])
def test_bootstrap_bad_arguments(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        bootstrap_ci(lm.roc_auc_score, Y, A, **kwargs)


@pytest.mark.parametrize("y, s, match", [
    ([1, 1, 1, 1], [.1, .2, .3, .4], "two classes"),
    ([0, 1, 0, 1], [.1, np.nan, .3, .4], "y_pred_or_score"),
    ([0, 1, 0, np.nan], [.1, .2, .3, .4], "y_true"),
    ([0, 1, 0], [.1, .2, .3, .4], "different numbers"),
    ([0, 1, 0, 1], ["a", "b", "a", "b"], "y_pred_or_score"),
])
def test_bootstrap_bad_data(y, s, match):
    with pytest.raises((ValueError, TypeError), match=match):
        bootstrap_ci(lm.roc_auc_score, y, s)


def test_bad_metric_and_huge_work():
    with pytest.raises(TypeError, match="metric"):
        bootstrap_ci("roc_auc", Y, A)
    with pytest.raises(ValueError, match="n_resamples"):
        bootstrap_ci(lm.accuracy_score, np.zeros(10**6, int), np.zeros(10**6, int), n_resamples=10**6)


@pytest.mark.parametrize("call, match", [
    (lambda: roc_auc_ci([1, 1, 0], [.1, .2, .3]), "2 positives"),
    (lambda: roc_auc_ci(Y, A, confidence=1.5), "confidence"),
    (lambda: roc_auc_ci(Y, A[:-1]), "different numbers"),
    (lambda: delong_test(Y, A, B[:-1]), "y_score_b"),
    (lambda: delong_test(Y, A, [np.inf] + B[1:]), "y_score_b"),
    (lambda: delong_test([2, 2, 2, 2, 2, 2, 2, 2], A, B), "two classes"),
    (lambda: roc_bootstrap_band(Y, A, fpr_grid=[0.5, 0.2]), "fpr_grid"),
    (lambda: pr_bootstrap_band(Y, A, recall_grid=[0, 0.5]), "recall_grid"),
    (lambda: roc_bootstrap_band(Y, A, n_resamples=0), "n_resamples"),
    (lambda: paired_bootstrap_ci(lm.roc_auc_score, Y, A, B, confidence=-1), "confidence"),
    (lambda: paired_bootstrap_ci(lm.roc_auc_score, Y, A, [.1] * 8 + [.2]), "y_score_b"),
    (lambda: auc_sampling_state(3), "n"),
    (lambda: auc_sampling_state(10, sample=500, n_datasets=10), "sample"),
])
def test_other_bad_arguments(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()


def test_row_placements_equal_one_row_at_a_time():
    rng = np.random.default_rng(9)
    y = np.r_[np.ones(7, int), np.zeros(9, int)]
    S = np.round(rng.normal(size=(25, 16)), 1)  # ties within rows
    v10, v01 = U._placements_rows(y == 1, S)
    for k in range(25):
        a, b = U._placements(y == 1, S[k])
        np.testing.assert_allclose(v10[k], a, atol=1e-12)
        np.testing.assert_allclose(v01[k], b, atol=1e-12)
    st = auc_sampling_state(16, n_datasets=25, n_resamples=50)
    y2, s2 = U._binormal(np.random.default_rng([0, 16]), 25, 16, 1.2)
    for k in (0, 7, 24):
        one = roc_auc_ci(y2, s2[k])
        assert st.aucs[k] == pytest.approx(one.auc[0]) and st.lows[k] == pytest.approx(one.low)
        assert st.highs[k] == pytest.approx(one.high)


def test_paired_fast_path_equals_the_generic_loop():
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 40)
    a = np.round(rng.normal(size=40) + y, 1)
    b = np.round(a + rng.normal(size=40), 1)
    fast = paired_bootstrap_ci(lm.roc_auc_score, y, a, b, n_resamples=200, rng=3)
    slow = paired_bootstrap_ci(lambda t, p: sk_auc(t, p), y, a, b, n_resamples=200, rng=3)
    np.testing.assert_allclose(fast.resampled, slow.resampled, atol=1e-12)
    bca = paired_bootstrap_ci(lm.roc_auc_score, y, a, b, n_resamples=200, rng=3, method="bca")
    assert bca.low <= bca.high


def test_a_regression_target_is_resampled_without_strata():
    r = bootstrap_ci(lm.mean_squared_error, [1.5, 2.0, 3.2], [1.0, 2.5, 3.0], n_resamples=50, rng=0)
    assert not r.stratified
    with pytest.raises(ValueError, match="continuous values, but the metric takes class labels"):
        bootstrap_ci(lm.accuracy_score, [1.5, 2.0, 3.2], [1.0, 2.5, 3.0])
