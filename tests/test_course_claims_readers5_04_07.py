"""General sentences a fresh reader broke in chapters 04 and 07, pinned in their corrected form:
each test computes the reader's counter-example and checks the corrected statement on small random cases."""
import warnings

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import datasets

RNG = np.random.default_rng(4507)


def _cubic(seed, n):
    """Section 5's cubic (07 cell 8147a2e4) drawn with another seed and size."""
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(-1, 1, n))
    return x, x ** 3 - x + 0.12 * rng.normal(size=n)


def _random_problems(count):
    """Small random polynomial-selection problems (n = 9-24, max degree 3-8)."""
    for _ in range(count):
        n = int(RNG.integers(9, 25))
        x = np.sort(RNG.uniform(-1, 1, n))
        y = np.polyval(RNG.normal(size=int(RNG.integers(1, 5))), x) + RNG.normal(0, RNG.choice([0.05, 0.3, 1.0]), n)
        yield n, lm.regression.polynomial_selection(x, y, max_degree=int(RNG.integers(3, min(8, n - 3) + 1)))


# ---------------------------------------------------------------- ch07: AIC, BIC, C_p, adjusted R^2


def test_bic_never_picks_more_parameters_than_aic_from_n_8_but_against_cp_it_goes_either_way():
    """07 f892b323, c07-summary, zh-07-5, zh-07-summary: BIC is not "the strictest" of all: on 20 points of
    the cubic C_p picks degree 4 where BIC (and AIC) pick 5; same fit term + higher price: BIC <= AIC."""
    t = lm.regression.polynomial_selection(*_cubic(32, 20), max_degree=8)
    assert (t.best("cp"), t.best("bic"), t.best("aic")) == (4, 5, 5)
    bic_above_cp = bic_below_cp = 0
    for n, t in _random_problems(120):
        assert n >= 8 and np.argmin(t.bic) <= np.argmin(t.aic)
        bic_above_cp += np.argmin(t.bic) > np.argmin(t.cp)
        bic_below_cp += np.argmin(t.bic) < np.argmin(t.cp)
    assert bic_above_cp > 0 and bic_below_cp > 0                 # either way


def test_adjusted_r2_is_milder_than_aic_only_while_k_is_below_about_n_over_2():
    """07 f892b323, zh-07-5: adjusted R^2 takes a term when RSS falls by a share > 1/(n-k), AIC when by a
    share > 1 - e^(-2/n): on 12 points of the cubic (max degree 8) AIC picks 8, adjusted R^2 only 4.
    Where every step has 1/(n-k) < 1 - e^(-2/n), adjusted R^2 never picks fewer parameters than AIC."""
    t = lm.regression.polynomial_selection(*_cubic(0, 12), max_degree=8)
    assert t.best("aic") == 8 and int(np.argmax(t.adjusted_r2)) == 4
    checked = 0
    for n, t in _random_problems(150):
        k = t.n_params
        if np.all(1 / (n - k[:-1]) < 1 - np.exp(-2 / n)):
            checked += 1
            assert np.argmax(t.adjusted_r2) >= np.argmin(t.aic)
    assert checked > 10
    n, k = 30, np.arange(1, 10)          # the chapter's cubic: n = 30, k <= 9: milder at every step
    assert np.all(1 / (n - k[:-1]) < 1 - np.exp(-2 / n))
    crossing = [k for k in range(1, 30) if 1 / (30 - k) > 1 - np.exp(-2 / 30)]
    assert crossing[0] == 15                                     # about n/2


def test_r2_equals_ssr_over_sst_is_guaranteed_only_with_an_intercept_on_the_training_data():
    """07 d40bdc41, zh-07-mistakes: without an intercept the two can still agree (y centred), but in
    general they differ there and on a test set."""
    rng = np.random.default_rng(1)

    def both(x, y, yhat):
        sst = np.sum((y - y.mean()) ** 2)
        return 1 - np.sum((y - yhat) ** 2) / sst, np.sum((yhat - y.mean()) ** 2) / sst

    x = rng.normal(size=20)
    y = 2 * x + rng.normal(size=20)
    y -= y.mean()
    a, b = both(x, y, (x @ y) / (x @ x) * x)                    # no intercept, centred y: equal
    assert a == pytest.approx(b, abs=1e-12)
    y = 2 * x + 3 + rng.normal(size=20)                         # no intercept, uncentred y: differ
    a, b = both(x, y, (x @ y) / (x @ x) * x)
    assert abs(a - b) > 0.01
    for _ in range(50):                                         # with an intercept, on the training data: equal
        x, y = rng.normal(size=15), rng.normal(size=15)
        fit = lm.regression.fit_least_squares(x, y)
        assert np.subtract(*both(x, y, fit.fitted)) == pytest.approx(0, abs=1e-10)


def test_the_uniform_population_mse_uses_the_trapezoid_rule():
    """07 4a8f1f20, zh-07-1: the plain mean over the 4,001 grid points (both ends) gave 0.34233; the
    integral is 0.34209, which the trapezoid weights reproduce to 5 decimals."""
    integrate = pytest.importorskip("scipy.integrate")
    y_true_of, f = (lambda x: np.sin(3 * x) + x), (lambda x: 0.25 + 2.5 * x)
    exact = integrate.quad(lambda x: (f(x) - y_true_of(x)) ** 2, 0, 1)[0]
    grid = np.linspace(0, 1, 4001)
    ends_half = np.r_[0.5, np.ones(len(grid) - 2), 0.5]
    assert round(lm.mean_squared_error(y_true_of(grid), f(grid)), 5) == 0.34233 != round(exact, 5)
    assert round(lm.mean_squared_error(y_true_of(grid), f(grid), sample_weight=ends_half), 5) == round(exact, 5)


# ---------------------------------------------------------------- ch04


def test_fold_aucs_of_0_and_1_come_from_small_folds_and_not_scaling_costs_the_pooled_auc():
    """04 a7c0e4f3, b8d1f5a4, zh-04-10: the scaled, shuffled recipe's own folds score 0 and 1 too; what
    scaling changes is the pooled out-of-fold AUC on the same folds (0.5278 unscaled, 0.7361 scaled)."""
    pytest.importorskip("sklearn")
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_predict, cross_val_score
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    m = datasets.watermelon_3a()
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    scaled = make_pipeline(StandardScaler(), LogisticRegression())
    folds = cross_val_score(scaled, m.X, m.y, cv=cv, scoring="roc_auc")
    assert 0.0 in folds and 1.0 in folds
    pooled = {name: lm.roc_auc_score(m.y, cross_val_predict(model, m.X, m.y, cv=cv, method="predict_proba")[:, 1])
              for name, model in (("scaled", scaled), ("unscaled", LogisticRegression()))}
    assert round(pooled["scaled"], 4) == 0.7361 and round(pooled["unscaled"], 4) == 0.5278


def test_roc_curve_drops_only_some_points_on_a_straight_run():
    """04 zh-04-h10, zh-04-10: (1/3, 0.5) lies on the horizontal run from (0, 0.5) to (1, 0.5) and is kept
    (a tie makes the FP count's second difference nonzero); the same list without the tie drops it."""
    for roc_curve in (lm.roc_curve, pytest.importorskip("sklearn.metrics").roc_curve):
        fpr, tpr, _ = roc_curve([1, 0, 0, 0, 1], [5, 4, 3, 3, 1])
        assert np.allclose(fpr, [0, 0, 1 / 3, 1, 1]) and np.allclose(tpr, [0, 0.5, 0.5, 0.5, 1])
        fpr, tpr, _ = roc_curve([1, 0, 0, 0, 1], [5, 4, 3, 2, 1])
        assert np.allclose(fpr, [0, 0, 1, 1]) and np.allclose(tpr, [0, 0.5, 0.5, 1])


def test_counting_negatives_ten_times_lowers_precision_where_a_cut_holds_both_classes_and_ap_unless_separated():
    """04 exercise 04.6: precision falls at every cut holding both a positive and a negative, not at a cut
    with TP = 0 (0 before and after); AP falls unless every positive is ranked above every negative."""
    for _ in range(300):
        m = int(RNG.integers(2, 10))
        y = RNG.integers(0, 2, m)
        if y.min() == y.max():
            continue
        s = RNG.permutation(m).astype(float)
        ordered = y[np.argsort(-s)]
        tp, fp = np.cumsum(ordered), np.cumsum(1 - ordered)
        both = (tp > 0) & (fp > 0)
        assert np.all(tp[both] / (tp[both] + 10 * fp[both]) < tp[both] / (tp[both] + fp[both]))
        assert np.all(tp[tp == 0] / (tp + 10 * fp)[tp == 0] == 0)
        w = np.where(y == 0, 10.0, 1.0)
        ap, ap10 = lm.average_precision_score(y, s), lm.average_precision_score(y, s, sample_weight=w)
        separated = s[y == 1].min() > s[y == 0].max()
        assert (ap10 == pytest.approx(ap) == pytest.approx(1.0)) if separated else ap10 < ap


def test_ovo_macro_auc_is_unchanged_when_a_class_is_copied_and_ovr_macro_moves():
    """04 8f972495, zh-04-9: insensitive to class imbalance in this sense."""
    moved = 0
    for _ in range(100):
        n = int(RNG.integers(6, 20))
        y = RNG.integers(0, 3, n)
        if len(set(y)) < 3:
            continue
        P = RNG.dirichlet(np.ones(3), n)
        idx = np.r_[np.arange(n), np.repeat(np.flatnonzero(y == int(RNG.integers(0, 3))), int(RNG.integers(1, 4)))]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            before = lm.roc_auc_score(y, P, multi_class="ovo", average="macro")
            after = lm.roc_auc_score(y[idx], P[idx], multi_class="ovo", average="macro")
            assert after == pytest.approx(before, abs=1e-12)
            moved += lm.roc_auc_score(y, P, multi_class="ovr") != pytest.approx(
                lm.roc_auc_score(y[idx], P[idx], multi_class="ovr"), abs=1e-12)
    assert moved > 0
