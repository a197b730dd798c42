"""Comparison tests (book 2.4): SciPy parity on random cases, the book's Friedman example, bad input."""
import math
import warnings

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import _distributions as D
from learnmetrics.compare import NearestCentroid

st = pytest.importorskip("scipy.stats")

RTOL = 1e-9
N_CASES = 300


def close(a, b, rtol=RTOL, atol=1e-300):
    return math.isclose(float(a), float(b), rel_tol=rtol, abs_tol=atol)


# ------------------------------------------------------------------ distributions
def test_distribution_tails_match_scipy():
    rng = np.random.default_rng(0)
    for _ in range(N_CASES):
        df = float(rng.choice([1, 2, 3, 5, 9, 29, 100, 1000]))
        t = float(rng.normal() * rng.choice([0.1, 1, 5, 30]))
        assert close(D.t_sf(t, df), st.t.sf(t, df))
        x = float(rng.exponential() * df * rng.choice([0.1, 1, 3]))
        assert close(D.chi2_sf(x, df), st.chi2.sf(x, df))
        d1, d2 = float(rng.integers(1, 20)), float(rng.integers(1, 60))
        f = float(rng.exponential() * rng.choice([0.3, 1, 10]))
        assert close(D.f_sf(f, d1, d2), st.f.sf(f, d1, d2))
        q = float(rng.uniform(1e-6, 0.5))
        assert close(D.t_isf(q, df), st.t.isf(q, df))
        assert close(D.chi2_isf(q, df), st.chi2.isf(q, df))
        assert close(D.f_isf(q, d1, d2), st.f.isf(q, d1, d2))
        assert close(D.t_pdf(t, df), st.t.pdf(t, df))


def test_binomial_tail_matches_scipy():
    rng = np.random.default_rng(1)
    for _ in range(N_CASES):
        n = int(rng.integers(1, 400))
        p = float(rng.uniform(0.001, 0.999))
        k = int(rng.integers(0, n + 1))
        ref = st.binom.sf(k - 1, n, p)
        if ref > 1e-200:  # SciPy itself loses accuracy deeper in the tail
            assert close(D.binom_sf_ge(k, n, p), ref)
            assert close(D.binom_cdf(k, n, p), st.binom.cdf(k, n, p))


# ------------------------------------------------------------------ 2.4.1
def test_binomial_test_matches_scipy_binomtest():
    rng = np.random.default_rng(2)
    for _ in range(N_CASES):
        m = int(rng.integers(1, 300))
        k = int(rng.integers(0, m + 1))
        eps0 = float(rng.uniform(0.01, 0.6))
        alpha = float(rng.choice([0.01, 0.05, 0.1]))
        r = lm.binomial_test(k, m, epsilon0=eps0, alpha=alpha)
        ref = st.binomtest(k, m, eps0, alternative="greater").pvalue
        assert close(r.p_value, ref)
        assert r.reject == (ref <= alpha)
        c = r.details["critical_count"]
        # c is the smallest count whose upper tail is <= alpha, and the decision is k >= c
        assert st.binom.sf(c - 1, m, eps0) <= alpha + 1e-12
        if c > 0:
            assert st.binom.sf(c - 2, m, eps0) > alpha
        assert r.reject == (k >= c)


def test_t_test_matches_scipy_ttest_1samp():
    rng = np.random.default_rng(3)
    for _ in range(N_CASES):
        k = int(rng.integers(2, 40))
        e = rng.uniform(0, 0.4, size=k)
        eps0 = float(rng.uniform(0, 0.4))
        alt = ["two-sided", "greater", "less"][int(rng.integers(3))]
        r = lm.t_test(e, epsilon0=eps0, alternative=alt)
        ref = st.ttest_1samp(e, eps0, alternative=alt)
        assert close(r.statistic, ref.statistic)
        assert close(r.p_value, ref.pvalue)
        assert r.df == k - 1


def test_paired_t_test_matches_scipy_ttest_rel():
    rng = np.random.default_rng(4)
    for _ in range(N_CASES):
        k = int(rng.integers(2, 30))
        a = rng.uniform(0, 0.4, size=k)
        b = a + rng.normal(float(rng.uniform(-0.05, 0.05)), 0.03, size=k)
        alt = ["two-sided", "greater", "less"][int(rng.integers(3))]
        alpha = float(rng.choice([0.01, 0.05, 0.1]))
        r = lm.paired_t_test(a, b, alternative=alt, alpha=alpha)
        ref = st.ttest_rel(a, b, alternative=alt)
        assert close(r.statistic, ref.statistic)
        assert close(r.p_value, ref.pvalue)
        assert r.reject == (ref.pvalue <= alpha)
        if alt == "two-sided":
            assert close(r.critical_value, st.t.isf(alpha / 2, k - 1))
            assert r.reject == (abs(r.statistic) > r.critical_value)


def test_five_by_two_matches_formula_and_scipy_t():
    rng = np.random.default_rng(5)
    for _ in range(N_CASES):
        a = rng.uniform(0, 0.3, size=(5, 2))
        b = a + rng.normal(0.02, 0.03, size=(5, 2))
        d = a - b
        s2 = sum((d[i, 0] - d[i].mean()) ** 2 + (d[i, 1] - d[i].mean()) ** 2 for i in range(5))
        for num, mu in (("book", 0.5 * (d[0, 0] + d[0, 1])), ("dietterich", d[0, 0])):
            r = lm.five_by_two_cv_t_test(a, b, numerator=num)
            t = mu / math.sqrt(0.2 * s2)
            assert close(r.statistic, t)
            assert close(r.p_value, 2 * st.t.sf(abs(t), 5))
            assert r.df == 5


def test_mcnemar_matches_formula_and_scipy_chi2():
    rng = np.random.default_rng(6)
    for _ in range(N_CASES):
        table = rng.integers(0, 60, size=(2, 2))
        if table[0, 1] + table[1, 0] == 0:
            continue
        b, c = table[0, 1], table[1, 0]
        for corr in (True, False):
            r = lm.mcnemar_test_table(table, correction=corr)
            stat = max(abs(b - c) - corr, 0) ** 2 / (b + c)  # the correction never passes 0
            assert close(r.statistic, stat)
            assert close(r.p_value, st.chi2.sf(stat, 1))
        assert close(r.critical_value, st.chi2.isf(0.05, 1))


def test_mcnemar_table_layout_is_the_books():
    y = np.array([1, 1, 1, 0, 0, 0, 1])
    a = np.array([1, 0, 1, 0, 1, 0, 0])  # A wrong at 1, 4, 6
    b = np.array([1, 1, 0, 0, 1, 1, 0])  # B wrong at 2, 4, 5, 6
    # rows B correct / wrong, columns A correct / wrong
    assert lm.mcnemar_table(y, a, b).tolist() == [[2, 1], [2, 2]]
    r = lm.mcnemar_test(y, a, b)
    assert (r.details["e01"], r.details["e10"]) == (1, 2)


# ------------------------------------------------------------------ 2.4.4
def test_friedman_matches_scipy_without_ties():
    rng = np.random.default_rng(7)
    for _ in range(N_CASES):
        n, k = int(rng.integers(2, 25)), int(rng.integers(3, 11))
        t = rng.normal(size=(n, k)) + rng.normal(0, 1, size=k)  # continuous: no ties
        r = lm.friedman_test(t)
        ref = st.friedmanchisquare(*t.T)
        assert close(r.chi2.statistic, ref.statistic)
        assert close(r.chi2.p_value, ref.pvalue)
        if np.isfinite(r.f.statistic):
            tau_f = (n - 1) * ref.statistic / (n * (k - 1) - ref.statistic)
            assert close(r.f.statistic, tau_f)
            assert close(r.f.p_value, st.f.sf(tau_f, k - 1, (k - 1) * (n - 1)))
        assert close(r.f.critical_value, st.f.isf(0.05, k - 1, (k - 1) * (n - 1)))
        assert close(r.chi2.critical_value, st.chi2.isf(0.05, k - 1))


def test_friedman_tie_correction_matches_scipy_with_ties():
    rng = np.random.default_rng(8)
    checked = 0
    for _ in range(N_CASES):
        n, k = int(rng.integers(2, 20)), int(rng.integers(3, 8))
        t = rng.integers(0, 4, size=(n, k)).astype(float)
        if np.all(t == t[:, :1]):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ref = st.friedmanchisquare(*t.T)
        if not np.isfinite(ref.statistic):
            continue
        r = lm.friedman_test(t, tie_correction=True)
        assert close(r.chi2.statistic, ref.statistic)
        assert close(r.chi2.p_value, ref.pvalue)
        checked += 1
    assert checked > 200


def test_rank_table_matches_scipy_rankdata():
    rng = np.random.default_rng(9)
    t = rng.integers(0, 5, size=(100, 6)).astype(float)
    assert np.array_equal(lm.rank_table(t), st.rankdata(t, axis=1))
    assert np.array_equal(lm.rank_table(t, greater_is_better=True), st.rankdata(-t, axis=1))


BOOK_TABLE_2_5 = [[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]]


def test_books_friedman_nemenyi_example_is_reproduced():
    r = lm.friedman_test(BOOK_TABLE_2_5)
    assert np.allclose(r.average_ranks, [1.0, 2.125, 2.875])
    assert r.chi2.statistic == pytest.approx(7.125, abs=1e-12)
    assert round(r.f.statistic, 3) == 24.429  # book: tau_F = 24.429
    assert round(r.f.critical_value, 3) == 5.143  # book table 2.6, alpha = 0.05, k = 3, N = 4
    assert r.f.df == (2.0, 6.0) and r.reject
    n = lm.nemenyi_test(BOOK_TABLE_2_5)
    assert n.q_alpha == 2.344
    assert round(n.cd, 3) == 1.657  # book: CD = 1.657
    assert [(a, b, s) for a, b, _, s in n.pairs()] == [("A", "B", False), ("A", "C", True), ("B", "C", False)]
    # scipy's tie correction on the same table: 7.125 / (1 - 6 / 96)
    assert lm.friedman_test(BOOK_TABLE_2_5, tie_correction=True).chi2.statistic == pytest.approx(7.6)
    assert "reject H₀" in str(r) and "CD = 1.6575" in str(n)


def test_nemenyi_table_matches_studentized_range():
    for alpha in (0.05, 0.10):
        for k in range(2, 11):
            exact = st.studentized_range.ppf(1 - alpha, k, np.inf) / math.sqrt(2)
            # published to 3 decimals (Demsar 2006); k = 7, alpha = 0.05 is 2.949 vs 2.9483
            assert abs(lm.nemenyi_q(k, alpha) - exact) < 1.5e-3


# ------------------------------------------------------------------ with learners
def _data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(120, 2))
    y = (X[:, 0] + 0.5 * X[:, 1] + rng.normal(0, 0.8, 120) > 0).astype(int)
    return X, y


def test_cross_val_errors_are_paired_and_seeded():
    X, y = _data()
    learners = [lm.learners.LogisticRegression(), NearestCentroid()]
    e1 = lm.cross_val_errors(learners, X, y, k=5, rng=1)
    e2 = lm.cross_val_errors(learners, X, y, k=5, rng=1)
    assert e1.shape == (2, 5) and np.array_equal(e1, e2)
    assert lm.cross_val_errors(learners, X, y, k=2, repeats=5, rng=1).shape == (2, 5, 2)
    r = lm.cv_paired_t_test(learners[0], learners[1], X, y, k=5, rng=1)
    assert np.array_equal(r.details["errors_a"], e1[0])
    ref = st.ttest_rel(e1[0], e1[1])
    assert close(r.statistic, ref.statistic)
    e = lm.five_by_two_cv_errors(learners[0], learners[1], X, y, rng=2)
    assert e.shape == (2, 5, 2)
    assert lm.five_by_two_cv_t_test(e[0], e[1]).df == 5


def test_nearest_centroid_is_a_sensible_learner():
    X, y = _data()
    pred = NearestCentroid().fit(X, y).predict(X)
    assert np.mean(pred == y) > 0.7


# ------------------------------------------------------------------ degenerate cases
def test_identical_fold_errors_warn_and_do_not_reject():
    with pytest.warns(lm.UndefinedMetricWarning):
        r = lm.paired_t_test([0.1, 0.2, 0.3], [0.1, 0.2, 0.3])
    assert math.isnan(r.statistic) and not r.reject
    with pytest.warns(lm.UndefinedMetricWarning):
        r = lm.paired_t_test([0.25, 0.5, 0.75], [0.125, 0.375, 0.625])     # differences exactly 0.125
    assert r.statistic == math.inf and r.p_value == 0.0 and r.reject
    # 0.4 - 0.3 and 0.3 - 0.2 differ in float64 (by 6e-17): a real spread, the real t (exact fractions:
    # 6.24e15; SciPy's ttest_rel, around its rounded mean, 5.32e15)
    from fractions import Fraction as F
    d = [F(0.2 - 0.1), F(0.3 - 0.2), F(0.4 - 0.3)]
    mean = sum(d) / 3
    exact_t = math.sqrt(3) * float(mean) / math.sqrt(float(sum((x - mean) ** 2 for x in d) / 2))
    r = lm.paired_t_test([0.2, 0.3, 0.4], [0.1, 0.2, 0.3])
    assert r.statistic == pytest.approx(exact_t, rel=1e-12)
    assert r.reject and r.p_value < 1e-20


def test_mcnemar_without_disagreement_warns():
    with pytest.warns(lm.UndefinedMetricWarning):
        r = lm.mcnemar_test_table([[10, 0], [0, 5]])
    assert r.statistic == 0.0 and r.p_value == 1.0 and not r.reject


def test_friedman_with_identical_rankings_gives_infinite_tau_f():
    r = lm.friedman_test([[1, 2, 3]] * 5)
    assert r.chi2.statistic == pytest.approx(10.0)  # N (k - 1)
    assert r.f.statistic == math.inf and r.f.p_value == 0.0


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("alpha", [0, 1, -0.1, 1.5, float("nan")])
def test_alpha_outside_open_unit_interval(alpha):
    with pytest.raises(ValueError, match="alpha"):
        lm.paired_t_test([0.1, 0.2], [0.2, 0.3], alpha=alpha)
    with pytest.raises(ValueError, match="alpha"):
        lm.friedman_test(BOOK_TABLE_2_5, alpha=alpha)


def test_bad_inputs_have_clear_errors():
    with pytest.raises(TypeError, match="alpha"):
        lm.t_test([0.1, 0.2], epsilon0=0.1, alpha="0.05")
    with pytest.raises(ValueError, match="at least 2"):
        lm.paired_t_test([0.1], [0.2])
    with pytest.raises(ValueError, match="at least 2"):
        lm.t_test([0.1], epsilon0=0.1)
    with pytest.raises(ValueError, match="different numbers"):
        lm.paired_t_test([0.1, 0.2, 0.3], [0.2, 0.3])
    with pytest.raises(ValueError, match="NaN"):
        lm.paired_t_test([0.1, np.nan], [0.2, 0.3])
    with pytest.raises(ValueError, match="alternative"):
        lm.t_test([0.1, 0.2], epsilon0=0.1, alternative="bigger")
    with pytest.raises(ValueError, match="NaN"):
        lm.friedman_test([[1, 2, np.nan], [1, 2, 3]])
    with pytest.raises(ValueError, match="at least 2 data sets"):
        lm.friedman_test([[1, 2, 3]])
    with pytest.raises(ValueError, match="at least 2 algorithms"):
        lm.friedman_test([[1], [2]])
    with pytest.raises(ValueError, match="2-D"):
        lm.friedman_test([1, 2, 3])
    with pytest.raises(ValueError, match="names"):
        lm.friedman_test(BOOK_TABLE_2_5, names=["A", "B"])
    with pytest.raises(ValueError, match="shape \\(5, 2\\)"):
        lm.five_by_two_cv_t_test(np.zeros((4, 2)), np.zeros((4, 2)))
    with pytest.raises(ValueError, match="numerator"):
        lm.five_by_two_cv_t_test(np.zeros((5, 2)), np.ones((5, 2)), numerator="mean")
    with pytest.raises(ValueError, match="non-negative"):
        lm.mcnemar_test_table([[1, -2], [3, 4]])
    with pytest.raises(ValueError, match="shape"):
        lm.mcnemar_test_table([[1, 2, 3], [3, 4, 5]])
    with pytest.raises(ValueError, match="different numbers"):
        lm.mcnemar_test([1, 0, 1], [1, 0], [1, 1, 1])
    with pytest.raises(ValueError, match="n_errors"):
        lm.binomial_test(11, 10, epsilon0=0.1)
    with pytest.raises(ValueError, match="epsilon0"):
        lm.binomial_test(1, 10, epsilon0=1.5)
    with pytest.raises(ValueError, match="k must be between 2 and 10"):
        lm.nemenyi_q(11)
    with pytest.raises(ValueError, match="0.05 or 0.10"):
        lm.nemenyi_q(3, 0.01)
    with pytest.raises(ValueError, match="n_datasets"):
        lm.critical_difference(3, 1)
    X, y = _data()
    with pytest.raises(ValueError, match="k must be"):
        lm.cross_val_errors([NearestCentroid()], X, y, k=1)
    with pytest.raises(TypeError, match="fit"):
        lm.cross_val_errors([object()], X, y, k=3)
    with pytest.raises(ValueError, match="different numbers"):
        lm.cross_val_errors([NearestCentroid()], X, y[:-1], k=3)


# ------------------------------------------------------------------ simulation / state
def test_cross_val_scores_any_measure_on_the_same_folds():
    X, y = _data()
    learners = [lm.learners.LogisticRegression(), NearestCentroid()]
    errs = lm.cross_val_errors(learners, X, y, k=5, rng=3)
    np.testing.assert_allclose(lm.cross_val_scores(learners, X, y, scoring=lm.error_rate, k=5, rng=3), errs, rtol=1e-12)
    # by hand: the same seeded folds, every learner refitted on each
    f1 = lm.cross_val_scores(learners, X, y, scoring=lm.f1_score, k=5, rng=3)
    folds = list(lm.kfold_split(y, k=5, stratify=True, shuffle=True, rng=np.random.default_rng(3)))
    for j, lr in enumerate(learners):
        expected = [lm.f1_score(y[te], lr.fit(X[tr], y[tr]).predict(X[te])) for tr, te in folds]
        np.testing.assert_allclose(f1[j], expected)
    assert lm.cross_val_scores(learners, X, y, scoring=lm.accuracy_score, k=2, repeats=3, rng=0).shape == (2, 3, 2)
    with pytest.raises(TypeError, match="scoring must be a callable"):
        lm.cross_val_scores(learners, X, y, scoring="f1", k=5)
    with pytest.raises(TypeError, match="learners"):
        lm.cross_val_scores([object()], X, y, scoring=lm.f1_score)


def test_power_grid_keeps_type_one_error_and_gains_power():
    g = lm.compare.simulate_paired_t_power(folds=(5, 10), differences=(0.0, 0.05, 0.1), n_repeats=2000, rng=0)
    assert np.all(np.abs(g.power[:, 0] - 0.05) < 0.02)
    assert np.all(np.diff(g.power, axis=1) > 0)
    g2 = lm.compare.simulate_paired_t_power(folds=(5, 10), differences=(0.0, 0.05, 0.1), n_repeats=2000, rng=0)
    assert np.array_equal(g.statistics, g2.statistics)  # seeded


def test_paired_test_state():
    g = lm.compare.simulate_paired_t_power(folds=(2, 10), differences=(0.0, 0.05), n_repeats=300, rng=0)
    s = lm.compare.paired_test_state(g, 10, 0.05)
    assert s.df == 9 and close(s.critical_value, st.t.isf(0.025, 9))
    assert s.power == g.power[1, 1]
    assert np.sum(s.histogram * np.diff(s.bin_edges)) + s.share_below + s.share_above == pytest.approx(1.0)
    wide = lm.compare.paired_test_state(g, 2, 0.05)  # 1 df: heavy tails, some statistics beyond +-8
    t = g.statistics[0, 1]
    assert wide.share_above == pytest.approx(np.mean(t > 8)) and wide.share_below == pytest.approx(np.mean(t < -8))
    assert wide.share_below > 0          # A better: Δ = ε_A − ε_B < 0, the statistics pushed left
    assert "power" in str(s) and "type I" in str(lm.compare.paired_test_state(g, 2, 0.0))
    with pytest.raises(ValueError, match="k must be one of"):
        lm.compare.paired_test_state(g, 3, 0.0)
    with pytest.raises(ValueError, match="difference must be one of"):
        lm.compare.paired_test_state(g, 2, 0.2)
    with pytest.raises(TypeError, match="PowerGrid"):
        lm.compare.paired_test_state("grid", 2, 0.0)


# ------------------------------------------------------------------ issue 12: every argument checked
_nan = float("nan")
_X = np.random.default_rng(0).normal(size=(20, 2))
_Y = np.array([0, 1] * 10)
_T = [[0.1, 0.2, 0.3], [0.2, 0.1, 0.3]]


def _grid():
    return lm.compare.simulate_paired_t_power(folds=(2, 5), differences=(0.0, 0.05), n_repeats=20, rng=0)


# (function, call, exception, a phrase the message must contain): wrong type, out of range, empty, NaN
BAD_ARGUMENTS = [
    ("binomial_test", lambda: lm.binomial_test(3.0, 10, epsilon0=0.1), TypeError, "n_errors"),
    ("binomial_test", lambda: lm.binomial_test(3, 0, epsilon0=0.1), ValueError, "n_samples"),
    ("binomial_test", lambda: lm.binomial_test(3, 10, epsilon0=_nan), ValueError, "epsilon0"),
    ("binomial_test", lambda: lm.binomial_test(3, 10, epsilon0=True), TypeError, "epsilon0"),
    ("binomial_test", lambda: lm.binomial_test(3, 10, epsilon0=0.1, alpha=1), ValueError, "alpha"),
    ("t_test", lambda: lm.t_test([], epsilon0=0.1), ValueError, "errors is empty"),
    ("t_test", lambda: lm.t_test([0.1, _nan], epsilon0=0.1), ValueError, "errors must not contain NaN"),
    ("t_test", lambda: lm.t_test([0.1, 0.2], epsilon0="a"), TypeError, "epsilon0"),
    ("t_test", lambda: lm.t_test([0.1, 0.2], epsilon0=_nan), ValueError, "epsilon0"),
    ("t_test", lambda: lm.t_test("ab", epsilon0=0.1), TypeError, "errors"),
    ("paired_t_test", lambda: lm.paired_t_test([], []), ValueError, "errors_a is empty"),
    ("paired_t_test", lambda: lm.paired_t_test([0.1, 0.2], [0.1, _nan]), ValueError, "errors_b"),
    ("paired_t_test", lambda: lm.paired_t_test([0.1, 0.2], [0.1, 0.3], alpha=_nan), ValueError, "alpha"),
    ("paired_t_test", lambda: lm.paired_t_test(None, [0.1, 0.2]), TypeError, "errors_a"),
    ("cross_val_scores", lambda: lm.cross_val_scores([NearestCentroid()], _X, _Y, scoring=lm.error_rate, k=2.0),
     TypeError, "k must be an integer"),
    ("cross_val_scores", lambda: lm.cross_val_scores([NearestCentroid()], _X, _Y, scoring=lm.error_rate, k=21),
     ValueError, "k must be between 2 and 20"),
    ("cross_val_scores", lambda: lm.cross_val_scores([], _X, _Y, scoring=lm.error_rate), ValueError, "learners is empty"),
    ("cross_val_scores", lambda: lm.cross_val_scores([NearestCentroid()], _X * _nan, _Y, scoring=lm.error_rate, k=2),
     ValueError, "X must not contain NaN"),
    ("cross_val_scores", lambda: lm.cross_val_scores([NearestCentroid()], _X, _Y, scoring=lm.error_rate, k=2,
                                                     stratify="yes"), TypeError, "stratify"),
    ("cross_val_scores", lambda: lm.cross_val_scores([NearestCentroid()], _X, _Y, scoring=lm.error_rate, k=2,
                                                     repeats=10**20), ValueError, "repeats"),
    ("cross_val_scores", lambda: lm.cross_val_scores([NearestCentroid()], _X, _Y, scoring=lambda a, b: _nan, k=2),
     ValueError, "scoring must return a finite number"),
    ("cross_val_errors", lambda: lm.cross_val_errors([NearestCentroid()], _X[:0], _Y[:0], k=2), ValueError, "X is empty"),
    ("cv_paired_t_test", lambda: lm.cv_paired_t_test(NearestCentroid(), NearestCentroid(), _X, _Y, k=2, alpha=2),
     ValueError, "alpha"),
    ("cv_paired_t_test", lambda: lm.cv_paired_t_test(NearestCentroid(), "x", _X, _Y, k=2), TypeError, "learner_b"),
    ("five_by_two_cv_errors", lambda: lm.five_by_two_cv_errors(None, NearestCentroid(), _X, _Y), TypeError, "learner_a"),
    ("five_by_two_cv_errors", lambda: lm.five_by_two_cv_errors(NearestCentroid(), NearestCentroid(), _X, _Y, stratify=1),
     TypeError, "stratify"),
    ("five_by_two_cv_t_test", lambda: lm.five_by_two_cv_t_test(np.zeros((5, 2)) * _nan, np.zeros((5, 2))),
     ValueError, "errors_a must not contain NaN"),
    ("five_by_two_cv_t_test", lambda: lm.five_by_two_cv_t_test([], []), ValueError, "errors_a"),
    ("five_by_two_cv_t_test", lambda: lm.five_by_two_cv_t_test("a", "b"), TypeError, "errors_a"),
    ("five_by_two_cv_t_test", lambda: lm.five_by_two_cv_t_test(np.zeros((5, 2)), np.ones((5, 2)), alpha=0),
     ValueError, "alpha"),
    ("mcnemar_table", lambda: lm.mcnemar_table(["0", "1", "1", "0"], [0, 1, 1, 0], [0, 1, 0, 0]),
     TypeError, "y_true holds string labels but y_pred_a holds number labels"),
    ("mcnemar_table", lambda: lm.mcnemar_table([0, 1], [0, 1], ["0", "1"]), TypeError, "y_pred_b holds string"),
    ("mcnemar_table", lambda: lm.mcnemar_table(["a", 1], ["a", 1], ["a", 1]), TypeError, "y_true mixes"),
    ("mcnemar_table", lambda: lm.mcnemar_table([], [], []), ValueError, "y_true is empty"),
    ("mcnemar_table", lambda: lm.mcnemar_table([0, 1], [0, _nan], [0, 1]), ValueError, "y_pred_a must not contain NaN"),
    ("mcnemar_table", lambda: lm.mcnemar_table([0, 1], [0, 0.5], [0, 1]), ValueError, "y_pred_a holds continuous"),
    ("mcnemar_test", lambda: lm.mcnemar_test([0, 1], [0, 1], [1, 1], correction="no"), TypeError, "correction"),
    ("mcnemar_test", lambda: lm.mcnemar_test([0, 1], [0, 1], [1, 1], alpha=-1), ValueError, "alpha"),
    ("mcnemar_test_table", lambda: lm.mcnemar_test_table([[1, 2], [3, _nan]]), ValueError, "table must not contain NaN"),
    ("mcnemar_test_table", lambda: lm.mcnemar_test_table([]), ValueError, "table must be 2-D"),
    ("mcnemar_test_table", lambda: lm.mcnemar_test_table([[1, 2.5], [3, 4]]), ValueError, "whole counts"),
    ("mcnemar_test_table", lambda: lm.mcnemar_test_table([[1, 2], [3, 4]], correction=1), TypeError, "correction"),
    ("mcnemar_test_table", lambda: lm.mcnemar_test_table(None), TypeError, "table"),
    ("rank_table", lambda: lm.rank_table(_T, greater_is_better="False"), TypeError, "greater_is_better"),
    ("rank_table", lambda: lm.rank_table([[1, _nan]]), ValueError, "table must not contain NaN"),
    ("rank_table", lambda: lm.rank_table([[]]), ValueError, "table is empty"),
    ("rank_table", lambda: lm.rank_table("ab"), TypeError, "table"),
    ("friedman_test", lambda: lm.friedman_test(_T, tie_correction="no"), TypeError, "tie_correction"),
    ("friedman_test", lambda: lm.friedman_test(_T, greater_is_better=0), TypeError, "greater_is_better"),
    ("friedman_test", lambda: lm.friedman_test([[]]), ValueError, "at least 2 data sets"),
    ("friedman_test", lambda: lm.friedman_test(_T, names="ABC"), TypeError, "names"),
    ("friedman_test", lambda: lm.friedman_test(_T, names=["A", "A", "B"]), ValueError, "names must be distinct"),
    ("friedman_test", lambda: lm.friedman_test([[_nan, 1], [1, 2]]), ValueError, "NaN"),
    ("friedman_null_rejection_rates", lambda: lm.compare.friedman_null_rejection_rates(3.0, 4), TypeError, "k"),
    ("friedman_null_rejection_rates", lambda: lm.compare.friedman_null_rejection_rates(3, 1), ValueError, "n_datasets"),
    ("friedman_null_rejection_rates", lambda: lm.compare.friedman_null_rejection_rates(3, 4, alpha=_nan), ValueError, "alpha"),
    ("friedman_null_rejection_rates", lambda: lm.compare.friedman_null_rejection_rates(10**6, 4), ValueError, "k must be"),
    ("friedman_null_rejection_rates", lambda: lm.compare.friedman_null_rejection_rates(6, 10), ValueError, "too many"),
    ("nemenyi_q", lambda: lm.nemenyi_q(3.0), TypeError, "k"),
    ("nemenyi_q", lambda: lm.nemenyi_q(1), ValueError, "k must be"),
    ("nemenyi_q", lambda: lm.nemenyi_q(3, _nan), ValueError, "alpha"),
    ("critical_difference", lambda: lm.critical_difference(3, 4.0), TypeError, "n_datasets"),
    ("critical_difference", lambda: lm.critical_difference(3, 0), ValueError, "n_datasets"),
    ("nemenyi_test", lambda: lm.nemenyi_test(_T, greater_is_better="yes"), TypeError, "greater_is_better"),
    ("nemenyi_test", lambda: lm.nemenyi_test(np.zeros((3, 11))), ValueError, "11 columns"),
    ("nemenyi_test", lambda: lm.nemenyi_test([[_nan, 1], [1, 2]]), ValueError, "NaN"),
    ("nemenyi_test", lambda: lm.nemenyi_test([[]]), ValueError, "table"),
    ("simulate_paired_t_power", lambda: lm.compare.simulate_paired_t_power(folds=[2.5]), TypeError, "folds"),
    ("simulate_paired_t_power", lambda: lm.compare.simulate_paired_t_power(folds=[]), ValueError, "folds is empty"),
    ("simulate_paired_t_power", lambda: lm.compare.simulate_paired_t_power(differences=[_nan]), ValueError, "differences"),
    ("simulate_paired_t_power", lambda: lm.compare.simulate_paired_t_power(n_repeats=10**12), ValueError, "n_repeats"),
    ("simulate_paired_t_power", lambda: lm.compare.simulate_paired_t_power(n_samples=10**9, n_repeats=2), ValueError,
     "n_samples"),
    ("simulate_paired_t_power", lambda: lm.compare.simulate_paired_t_power(base_error=1.5), ValueError, "base_error"),
    ("simulate_paired_t_power", lambda: lm.compare.simulate_paired_t_power(folds=[2, 2]), ValueError, "folds must not repeat"),
    ("paired_test_state", lambda: lm.compare.paired_test_state(_grid(), 3, 0.0), ValueError, "k must be one of"),
    ("paired_test_state", lambda: lm.compare.paired_test_state(_grid(), True, 0.0), ValueError, "k must be one of"),
    ("paired_test_state", lambda: lm.compare.paired_test_state(_grid(), 2, "a"), TypeError, "difference"),
    ("paired_test_state", lambda: lm.compare.paired_test_state(_grid(), 2, _nan), ValueError, "difference"),
    ("paired_test_state", lambda: lm.compare.paired_test_state(_grid(), 2, 0.0, bins=[]), ValueError, "bins is empty"),
    ("paired_test_state", lambda: lm.compare.paired_test_state(_grid(), 2, 0.0, bins=[1, 0]), ValueError, "bins"),
    ("paired_test_state", lambda: lm.compare.paired_test_state(None, 2, 0.0), TypeError, "grid"),
    ("NearestCentroid", lambda: NearestCentroid().fit(_X * _nan, _Y), ValueError, "X must not contain NaN"),
    ("NearestCentroid", lambda: NearestCentroid().predict(_X), RuntimeError, "not fitted"),
    ("NearestCentroid", lambda: NearestCentroid().fit(_X, _Y).predict(_X[:, :1]), ValueError, "1 features"),
    ("NearestCentroid", lambda: NearestCentroid().fit([], []), ValueError, "X is empty"),
    ("NearestCentroid", lambda: NearestCentroid().fit(_X, _Y + 0.5), ValueError, "y holds continuous"),
]


@pytest.mark.parametrize("name, call, exc, phrase", BAD_ARGUMENTS,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(BAD_ARGUMENTS)])
def test_bad_arguments_are_refused_naming_the_argument(name, call, exc, phrase):
    with pytest.raises(exc) as info:
        call()
    assert phrase in str(info.value)


def test_every_public_function_has_bad_argument_cases():
    from learnmetrics import compare

    covered = {c[0] for c in BAD_ARGUMENTS}
    functions = {n for n in compare.__all__ if callable(getattr(compare, n)) and n[0].islower()}
    assert functions - covered == set()


def test_flags_that_are_strings_no_longer_change_the_answer():
    # issue 12: 'False' is truthy, so it used to reverse the ranks; 'no' applied the tie correction
    with pytest.raises(TypeError, match="greater_is_better"):
        lm.rank_table([[0.1, 0.2]], greater_is_better="False")
    with pytest.raises(TypeError, match="tie_correction"):
        lm.friedman_test(BOOK_TABLE_2_5, tie_correction="no")
    assert lm.rank_table([[0.1, 0.2]], greater_is_better=np.bool_(True)).tolist() == [[2.0, 1.0]]


def test_mcnemar_table_refuses_string_truth_with_number_predictions():
    with pytest.raises(TypeError, match="same kind"):
        lm.mcnemar_table(["0", "1", "1", "0"], [0, 1, 1, 0], [0, 1, 0, 0])
    # the same labels of one kind are counted as before
    assert lm.mcnemar_table(["0", "1", "1", "0"], ["0", "1", "1", "0"], ["0", "1", "0", "0"]).tolist() == [[3, 0], [1, 0]]
    assert lm.mcnemar_table(np.array(["a", "b"], dtype=object), ["a", "a"], ["b", "b"]).tolist() == [[0, 1], [1, 0]]


def test_extreme_legal_values_give_the_scaled_answer_not_nan():
    for k in (1e-200, 1e300):
        e = np.array([0.1, 0.3, 0.2, 0.25]) * k
        assert lm.t_test(e, epsilon0=0.15 * k).statistic == pytest.approx(lm.t_test(e / k, epsilon0=0.15).statistic)
        a, b = np.array([1.0, -1.0, 1.0]) * k, np.array([-1.0, 1.0, -0.5]) * k
        assert lm.paired_t_test(a, b).statistic == pytest.approx(lm.paired_t_test(a / k, b / k).statistic)
        A = np.array([[1.0, 0.5]] * 5) * k
        B = -A * np.array([1.0, 0.3])
        assert lm.five_by_two_cv_t_test(A, B).statistic == pytest.approx(lm.five_by_two_cv_t_test(A / k, B / k).statistic)
    # counts above 2**53 are kept exact
    r = lm.mcnemar_test_table(np.array([[0, 10**18 + 1], [10**18, 0]]))
    assert (r.details["e01"], r.details["e10"]) == (10**18 + 1, 10**18) and r.statistic == 0.0


def test_binomial_critical_count_is_found_without_a_loop_over_every_count():
    import time

    t0 = time.perf_counter()
    r = lm.binomial_test(10**11, 10**12, epsilon0=0.1)
    assert time.perf_counter() - t0 < 2.0
    c = r.details["critical_count"]
    assert D.binom_sf_ge(c, 10**12, 0.1) <= 0.05 < D.binom_sf_ge(c - 1, 10**12, 0.1)


def test_rank_table_and_tie_correction_match_the_pairwise_definition():
    rng = np.random.default_rng(11)
    for _ in range(50):
        t = rng.integers(0, 4, size=(int(rng.integers(2, 6)), int(rng.integers(3, 7)))).astype(float)
        less = (t[:, :, None] > t[:, None, :]).sum(axis=2)
        equal = (t[:, :, None] == t[:, None, :]).sum(axis=2)
        np.testing.assert_allclose(lm.rank_table(t), 1.0 + less + (equal - 1) / 2.0)
        if (t == t[:, :1]).all(axis=1).any():
            continue
        ref = st.friedmanchisquare(*t.T).statistic
        assert close(lm.friedman_test(t, tie_correction=True).chi2.statistic, ref)


def test_friedman_null_rates_match_brute_force_enumeration():
    import itertools

    perms = list(itertools.permutations(range(1, 4)))
    rej_chi2 = rej_f = 0
    for combo in itertools.product(perms, repeat=4):
        r = lm.friedman_test(np.array(combo, dtype=float))
        rej_chi2 += r.chi2.reject
        rej_f += r.f.reject
    rates = lm.compare.friedman_null_rejection_rates(3, 4)
    assert rates.n_rankings == 1296
    assert rates.chi2_rate == rej_chi2 / 1296 and rates.f_rate == rej_f / 1296
