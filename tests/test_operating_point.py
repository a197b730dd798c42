"""learnmetrics.operating_point: values by hand, properties, bad input; proportion_ci and
permutation_test (chapter 13's functions outside the parity file)."""
import doctest
import warnings

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import operating_point

Y = [0, 0, 1, 1]
S = [0.1, 0.4, 0.35, 0.8]


def test_docstring_examples_run():
    assert doctest.testmod(operating_point).failed == 0


def test_small_case_by_hand():
    tns, fps, fns, tps, thr = lm.confusion_matrix_at_thresholds(Y, S)
    assert tns.tolist() == [2, 1, 1, 0] and fns.tolist() == [1, 1, 0, 0]
    r = lm.equal_error_rate(Y, S)
    assert (r.eer, r.threshold) == (0.5, 0.4)
    k = lm.ks_statistic(Y, S)
    assert (k.statistic, k.threshold) == (0.5, 0.8)


def test_weights_scale_free_and_integer_weights_repeat_rows():
    rng = np.random.default_rng(0)
    for _ in range(50):
        n = int(rng.integers(3, 30))
        y = rng.integers(0, 2, n)
        y[:2] = [0, 1]
        s = rng.integers(0, 5, n).astype(float)
        w = rng.integers(1, 4, n)
        rep = np.repeat(np.arange(n), w)
        a = lm.confusion_matrix_at_thresholds(y, s, sample_weight=w)
        b = lm.confusion_matrix_at_thresholds(y[rep], s[rep])
        for u, v in zip(a, b):
            np.testing.assert_array_equal(u, v)
        big = lm.confusion_matrix_at_thresholds(y, s, sample_weight=w * 2.0**300)
        np.testing.assert_array_equal(big[3], a[3] * 2.0**300)
        assert lm.ks_statistic(y, s, sample_weight=w).statistic == pytest.approx(lm.ks_statistic(y[rep], s[rep]).statistic)
        e1, e2 = lm.equal_error_rate(y, s, sample_weight=w), lm.equal_error_rate(y[rep], s[rep])
        assert e1.eer == pytest.approx(e2.eer)


def test_gains_end_points_and_perfect_ranking():
    y = np.array([1, 1, 0, 0, 0])
    x, g, t = lm.cumulative_gains_curve(y, [5, 4, 3, 2, 1])
    assert (x[0], g[0], t[0]) == (0.0, 0.0, np.inf) and (x[-1], g[-1]) == (1.0, 1.0)
    assert g[2] == 1.0 and x[2] == pytest.approx(0.4)
    xl, lift, _ = lm.lift_curve(y, [5, 4, 3, 2, 1])
    assert lift[0] == pytest.approx(1 / 0.4) and lift[-1] == 1.0


def test_recall_at_precision_unreachable_warns():
    with pytest.warns(lm.UndefinedMetricWarning, match="predict nothing"):
        r = lm.recall_at_precision([1, 0, 0], [0.1, 0.9, 0.8], min_precision=0.9)
    assert r.recall == 0.0 and np.isnan(r.precision) and r.threshold == np.inf


def test_one_class_is_refused_with_a_message():
    with pytest.raises(ValueError, match="1 class"):
        lm.det_curve([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="3 class"):     # scikit-learn refuses three classes too
        lm.det_curve([0, 1, 2, 2, 1, 0], [.1, .5, .9, .7, .4, .2], pos_label=2)
    with pytest.raises(ValueError, match="both positive and negative"):
        lm.equal_error_rate([1, 1], [0.1, 0.2])
    with pytest.raises(ValueError, match="positive"):
        lm.precision_at_recall([0, 0], [0.1, 0.2], min_recall=0.5)
    with pytest.raises(ValueError, match="min_recall"):
        lm.precision_at_recall(Y, S, min_recall=1.5)
    with pytest.raises(TypeError, match="drop_intermediate"):
        lm.det_curve(Y, S, drop_intermediate="no")


def test_proportion_ci_against_scipy():
    stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(1)
    for _ in range(300):
        n = int(rng.integers(1, 400))
        k = int(rng.integers(0, n + 1))
        c = float(rng.choice([0.5, 0.8, 0.9, 0.95, 0.99]))
        for method in ("wilson", "wilsoncc", "exact"):
            ours = lm.proportion_ci(k, n, confidence=c, method=method)
            ref = stats.binomtest(k, n).proportion_ci(confidence_level=c, method=method)
            assert ours.low == pytest.approx(ref.low, abs=1e-10)
            assert ours.high == pytest.approx(ref.high, abs=1e-10)


def test_proportion_ci_ends_and_errors():
    r = lm.proportion_ci(0, 20, method="exact")
    assert r.low == 0.0 and 0 < r.high < 1
    r = lm.proportion_ci(20, 20)
    assert r.high == 1.0 and r.low < 1
    with pytest.raises(ValueError, match="k"):
        lm.proportion_ci(21, 20)
    with pytest.raises(ValueError, match="method"):
        lm.proportion_ci(2, 20, method="bootstrap")


def test_permutation_test_signal_and_noise():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(80, 2))
    y = (X[:, 0] + 0.3 * rng.normal(size=80) > 0).astype(int)
    r = lm.permutation_test(X, y, n_permutations=40, rng=0)
    assert r.score > 0.8 and r.pvalue == pytest.approx(1 / 41)
    y_noise = rng.integers(0, 2, 80)
    r = lm.permutation_test(X, y_noise, n_permutations=40, rng=0)
    assert r.pvalue > 0.05
    assert r.permutation_scores.shape == (40,)
    assert lm.permutation_test(X, y_noise, n_permutations=10, rng=3).pvalue == \
        lm.permutation_test(X, y_noise, n_permutations=10, rng=3).pvalue


def test_permutation_test_p_values_are_valid_under_the_null():
    """Under the null (labels independent of X) P(p <= alpha) <= alpha, up to noise."""
    rng = np.random.default_rng(3)
    ps = []
    for _ in range(60):
        X = rng.normal(size=(30, 1))
        y = rng.integers(0, 2, 30)
        y[:2] = [0, 1]
        ps.append(lm.permutation_test(X, y, k=3, n_permutations=19, rng=rng).pvalue)
    ps = np.array(ps)
    assert np.mean(ps <= 0.1) <= 0.1 + 3 * np.sqrt(0.1 * 0.9 / 60)
