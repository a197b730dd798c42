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
        r = lm.paired_t_test([0.2, 0.3, 0.4], [0.1, 0.2, 0.3])
    assert r.statistic == math.inf and r.p_value == 0.0 and r.reject


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
    g = lm.simulate_paired_t_power(folds=(5, 10), differences=(0.0, 0.05, 0.1), n_repeats=2000, rng=0)
    assert np.all(np.abs(g.power[:, 0] - 0.05) < 0.02)
    assert np.all(np.diff(g.power, axis=1) > 0)
    g2 = lm.simulate_paired_t_power(folds=(5, 10), differences=(0.0, 0.05, 0.1), n_repeats=2000, rng=0)
    assert np.array_equal(g.statistics, g2.statistics)  # seeded


def test_paired_test_state():
    g = lm.simulate_paired_t_power(folds=(2, 10), differences=(0.0, 0.05), n_repeats=300, rng=0)
    s = lm.paired_test_state(g, 10, 0.05)
    assert s.df == 9 and close(s.critical_value, st.t.isf(0.025, 9))
    assert s.power == g.power[1, 1]
    assert np.sum(s.histogram * np.diff(s.bin_edges)) + s.share_below + s.share_above == pytest.approx(1.0)
    wide = lm.paired_test_state(g, 2, 0.05)  # 1 df: heavy tails, some statistics beyond +-8
    t = g.statistics[0, 1]
    assert wide.share_above == pytest.approx(np.mean(t > 8)) and wide.share_below == pytest.approx(np.mean(t < -8))
    assert wide.share_above > 0
    assert "power" in str(s) and "type I" in str(lm.paired_test_state(g, 2, 0.0))
    with pytest.raises(ValueError, match="k must be one of"):
        lm.paired_test_state(g, 3, 0.0)
    with pytest.raises(ValueError, match="difference must be one of"):
        lm.paired_test_state(g, 2, 0.2)
    with pytest.raises(TypeError, match="PowerGrid"):
        lm.paired_test_state("grid", 2, 0.0)
