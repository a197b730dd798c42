"""The numbers and general claims chapters 03 and 04 state, pinned (issue 11)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
import sklearn.metrics as sk  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics import datasets  # noqa: E402
from learnmetrics.learners import LogisticRegression  # noqa: E402
from learnmetrics.plotting import curves as pc  # noqa: E402


@pytest.fixture(scope="module")
def learners():
    melons = datasets.watermelon_3a()
    features = {"A": [0, 1], "B": [1], "C": [0]}
    scores = {name: LogisticRegression().fit(melons.X[:, c], melons.y).predict_proba(melons.X[:, c])
              for name, c in features.items()}
    return melons.y, scores


@pytest.fixture(scope="module")
def three_classes():
    rng = np.random.default_rng(0)
    centers = np.array([[0.0, 0.0], [2.0, 0.5], [1.0, 2.0]])
    y3 = np.repeat([0, 1, 2], [50, 30, 20])
    X3 = centers[y3] + rng.normal(scale=0.9, size=(len(y3), 2))
    P3 = np.column_stack([LogisticRegression().fit(X3, (y3 == c).astype(int)).predict_proba(X3) for c in range(3)])
    return y3, P3 / P3.sum(axis=1, keepdims=True)


# -- 03 ---------------------------------------------------------------------------------
def test_03_table_of_summaries(learners):
    y, s = learners
    expected = {"A": (0.815, 0.750, 0.762), "B": (0.791, 0.750, 0.824), "C": (0.605, 0.500, 0.762)}
    for name, (ap, bep, f1) in expected.items():
        assert lm.average_precision_score(y, s[name]) == pytest.approx(ap, abs=5e-4)
        assert lm.break_even_point(y, s[name]).value == pytest.approx(bep, abs=5e-4)
        assert np.nanmax(lm.fbeta_curve(y, s[name], beta=1.0)) == pytest.approx(f1, abs=5e-4)


def test_03_fbeta_side_by_side_with_sklearn():
    d = datasets.watermelon_scores()
    t = lm.stepping_table(d.y_true, d.y_score)
    f2 = lm.fbeta_curve(d.y_true, d.y_score, beta=2)
    k = int(np.nanargmax(f2))
    assert k == 13 and f2[k] == pytest.approx(0.8889, abs=5e-5)
    for y_pred in (d.y_score >= t.thresholds[k], d.y_score >= 0.5):
        assert lm.fbeta_score(d.y_true, y_pred, beta=2) == pytest.approx(sk.fbeta_score(d.y_true, y_pred, beta=2))
    assert sk.fbeta_score(d.y_true, d.y_score >= t.thresholds[k], beta=2) == pytest.approx(f2[k])


def test_03_trapezoids_are_not_ap():
    d = datasets.watermelon_scores()
    prec, rec, _ = lm.precision_recall_curve(d.y_true, d.y_score)
    assert lm.average_precision_score(d.y_true, d.y_score) == pytest.approx(0.8145, abs=5e-5)
    assert lm.auc(rec, prec) == pytest.approx(0.8019, abs=5e-5)


@pytest.mark.parametrize("seed", range(30))
def test_03_without_ties_trapezoids_never_exceed_ap(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(4, 40))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    s = rng.permutation(n) / n  # no ties
    prec, rec, _ = lm.precision_recall_curve(y, s)
    assert lm.auc(rec, prec) <= lm.average_precision_score(y, s) + 1e-12


def test_03_means_order():
    P = np.linspace(0.01, 1, 50)[:, None]
    R = np.linspace(0.01, 1, 50)[None, :]
    h, g, a = 2 * P * R / (P + R), np.sqrt(P * R), (P + R) / 2
    assert np.all(h <= g + 1e-12) and np.all(g <= a + 1e-12)
    assert np.all(np.isclose(h, a) == np.isclose(P, R))


def test_03_bep_is_precision_of_top_m_pos():
    d = datasets.watermelon_scores()
    m = int(d.y_true.sum())
    top = d.y_true[np.argsort(-d.y_score)][:m].mean()
    assert lm.break_even_point(d.y_true, d.y_score).value == pytest.approx(top) == pytest.approx(0.75)


# -- 04: two learners -------------------------------------------------------------------------------
def test_04_b_has_higher_auc_and_lower_ap(learners):
    y, s = learners
    assert lm.roc_auc_score(y, s["A"]) == pytest.approx(0.806, abs=5e-4)
    assert lm.roc_auc_score(y, s["B"]) == pytest.approx(0.819, abs=5e-4)
    assert lm.average_precision_score(y, s["A"]) == pytest.approx(0.815, abs=5e-4)
    assert lm.average_precision_score(y, s["B"]) == pytest.approx(0.791, abs=5e-4)
    for name in "AB":
        assert lm.roc_auc_score(y, s[name]) == pytest.approx(sk.roc_auc_score(y, s[name]))


def test_04_a_encloses_c_and_crosses_b_in_roc_space(learners):
    y, s = learners
    curves = {k: lm.roc_curve(y, v, drop_intermediate=False)[:2] for k, v in s.items()}
    grid = np.unique(np.concatenate([f for f, _ in curves.values()]))
    on = {k: lm.curves.roc_tpr_on_grid(f, t, grid) for k, (f, t) in curves.items()}
    diff_c = np.concatenate([on["A"][0] - on["C"][0], on["A"][1] - on["C"][1]])
    diff_b = np.concatenate([on["A"][0] - on["B"][0], on["A"][1] - on["B"][1]])
    assert np.all(diff_c >= -1e-12) and np.any(diff_c > 0)          # A encloses C
    assert np.any(diff_b > 1e-12) and np.any(diff_b < -1e-12)       # A and B cross
    # A better at the top of the ranking (FPR 0), B further down
    assert on["A"][1][0] > on["B"][1][0]


def test_04_top_of_the_lists(learners):
    y, s = learners
    t_a, t_b = lm.stepping_table(y, s["A"]), lm.stepping_table(y, s["B"])
    assert t_a.fp[3] == 0 and t_a.tp[3] == 3                       # A's first three melons are good
    assert t_b.fp[3] == 1 and t_b.fp[2] == 0                       # B lets a bad one in at cut 3


# -- 04: multi-class averaging ------------------------------------------------------------------------
def test_04_np_interp_cuts_corners(three_classes):
    y3, P3 = three_classes
    curves = [lm.roc_curve(y3 == c, P3[:, c]) for c in range(3)]
    grid = np.unique(np.concatenate([f for f, _, _ in curves]))
    naive = np.mean([np.interp(grid, f, t) for f, t, _ in curves], axis=0)
    ends = [lm.curves.roc_tpr_on_grid(f, t, grid) for f, t, _ in curves]
    bottom = np.mean([b for b, _ in ends], axis=0)
    top = np.mean([t for _, t in ends], axis=0)
    right = lm.auc(np.repeat(grid, 2), np.column_stack((bottom, top)).ravel())
    macro = lm.roc_auc_score(y3, P3, multi_class="ovr", average="macro")
    assert lm.auc(grid, naive) == pytest.approx(0.93003, abs=5e-6)
    assert right == pytest.approx(0.92479, abs=5e-6)
    assert right == pytest.approx(macro) == pytest.approx(np.mean([lm.auc(f, t) for f, t, _ in curves]))
    assert macro == pytest.approx(sk.roc_auc_score(y3, P3, multi_class="ovr", average="macro"))
    assert lm.roc_curve_multiclass(y3, P3).micro_auc == pytest.approx(0.93000, abs=5e-6)
    assert lm.roc_curve_multiclass(y3, P3).macro_auc == pytest.approx(macro)
    # np.interp at a vertical run returns its top
    assert np.interp(0.5, [0, 0.5, 0.5, 1], [0, 0.2, 0.8, 1]) == 0.8


@pytest.mark.parametrize("seed", range(25))
def test_04_both_ends_kept_gives_the_mean_auc_in_general(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(10, 60)), int(rng.integers(3, 6))
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)
    P = rng.dirichlet(np.ones(k), n)
    P = np.round(P, 1)  # ties
    P = P / P.sum(axis=1, keepdims=True)
    r = lm.roc_curve_multiclass(y, P)
    assert r.macro_auc == pytest.approx(np.mean(r.auc))
    curves = [lm.roc_curve(y == c, P[:, c]) for c in range(k)]
    grid = np.unique(np.concatenate([f for f, _, _ in curves]))
    naive = np.mean([np.interp(grid, f, t) for f, t, _ in curves], axis=0)
    assert lm.auc(grid, naive) >= np.mean(r.auc) - 1e-12       # the cut corners only add area


# -- the P-R picture as chapter 03 teaches it ----------------------------------------------------------
def test_pr_picture_has_no_point_at_recall_0_precision_1_and_the_true_curve_across_ties():
    d = datasets.tied_eight()
    prec, rec, _ = lm.precision_recall_curve(d.y_true, d.y_score)
    assert rec[-1] == 0 and prec[-1] == 1           # scikit-learn's appended point ...
    fig, ax = plt.subplots()
    line = pc.plot_pr_steps(ax, rec, prec)
    x, y = line.get_xdata(), line.get_ydata()
    assert not np.any((x == 0) & (y == 1))          # ... is not drawn
    t = lm.stepping_table(d.y_true, d.y_score)
    cuts = np.asarray(line.get_markevery())         # one dot per cut, at the cuts
    np.testing.assert_allclose(x[cuts], t.recall[1:])
    np.testing.assert_allclose(y[cuts], t.precision[1:])
    # across the tie at 0.8 (cut 1 -> cut 2: TP 1 -> 2, FP 0 -> 1) the drawn curve is the achievable
    # one, TP = 1 + u, FP = u, not the straight line between the dots
    assert (t.tp[1], t.fp[1], t.tp[2], t.fp[2]) == (1, 0, 2, 1)
    seg = slice(cuts[0], cuts[1] + 1)
    tp = x[seg] * t.n_pos
    u = tp - 1
    np.testing.assert_allclose(y[seg], tp / (tp + u), atol=1e-12)
    chord = np.interp(x[seg], [x[cuts[0]], x[cuts[1]]], [y[cuts[0]], y[cuts[1]]])
    assert np.any(np.abs(y[seg] - chord) > 0.02)
    plt.close(fig)
