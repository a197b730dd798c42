"""Cost-sensitive error, P(+)cost, normalized cost, cost curves and the cost explorer."""
from fractions import Fraction

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.cost import (
    best_cut,
    cost_curve_envelope,
    cost_lines,
    cost_sensitive_error,
    cost_state,
    expected_total_cost,
    normalized_cost,
    probability_cost,
)
from learnmetrics.datasets import watermelon_scores


# ------------------------------------------------------------------ helpers
def _random_roc(rng, n=None):
    """ROC points (all cut points) of random scores with ties, as floats and exact Fractions."""
    n = int(rng.integers(2, 40)) if n is None else n
    y = rng.integers(0, 2, n)
    y[0], y[1] = 0, 1
    s = rng.integers(0, max(2, n // 2), n)  # many ties across classes
    order = np.argsort(-s, kind="stable")
    y, s = y[order], s[order]
    npos, nneg = int(y.sum()), int(n - y.sum())
    cuts = np.r_[0, np.flatnonzero(np.diff(s) != 0) + 1, n]
    tp = np.r_[0, np.cumsum(y)][cuts]
    fp = np.r_[0, np.cumsum(1 - y)][cuts]
    exact = [(Fraction(int(f), nneg), Fraction(int(t), npos)) for f, t in zip(fp, tp)]
    return fp / nneg, tp / npos, exact


def _brute_min(fpr, tpr, x):
    x = np.asarray(x)[:, None]
    return np.min(fpr[None, :] * (1 - x) + (1 - tpr)[None, :] * x, axis=1)


def _upper_hull_exact(points):
    """Vertices of the upper convex hull (strict: collinear points dropped), exact arithmetic."""
    pts = sorted(set(points))
    hull = []
    for p in reversed(pts):  # right to left keeps the upper chain
        while len(hull) >= 2:
            o, a = hull[-2], hull[-1]
            cross = (a[0] - o[0]) * (p[1] - o[1]) - (a[1] - o[1]) * (p[0] - o[0])
            if cross <= 0:  # a is not strictly above the chord o-p
                hull.pop()
            else:
                break
        hull.append(p)
    return hull


def _undominated(points):
    pts = set(points)
    return {
        p for p in pts
        if not any(q != p and q[0] <= p[0] and q[1] >= p[1] for q in pts)
    }


# ------------------------------------------------------------------ the worked example and the axes
def test_worked_example_p02_cost_4_to_1_gives_half():
    assert probability_cost(0.2, 4, 1) == pytest.approx(0.5, abs=1e-15)
    assert isinstance(probability_cost(0.2, 4, 1), float)


def test_probability_cost_properties():
    p = np.linspace(0, 1, 11)
    np.testing.assert_allclose(probability_cost(p, 1, 1), p)            # equal costs: x = p
    np.testing.assert_allclose(probability_cost(p, 5, 1), probability_cost(p, 50, 10))  # only the ratio matters
    x = probability_cost(p, 3, 2)
    assert x.shape == p.shape and np.all(np.diff(x) > 0) and x[0] == 0 and x[-1] == 1
    # note 001's form: m+ / (m+ + m- * cost10/cost01)
    mp, mn = 8, 9
    assert probability_cost(mp / (mp + mn), 4, 1) == pytest.approx(mp / (mp + mn * 1 / 4))


def test_normalized_cost_is_linear_in_x():
    rng = np.random.default_rng(0)
    for _ in range(200):
        fpr, fnr, p = rng.random(3)
        c01, c10 = rng.random(2) * 10 + 0.01
        x = probability_cost(p, c01, c10)
        assert normalized_cost(fpr, fnr, p, c01, c10) == pytest.approx(fnr * x + fpr * (1 - x))
        assert 0 <= normalized_cost(fpr, fnr, p, c01, c10) <= 1
    out = normalized_cost([0.1, 0.2], [0.3, 0.4], 0.5, 1, 1)
    np.testing.assert_allclose(out, [0.2, 0.3])


# ------------------------------------------------------------------ cost-sensitive error
def test_binary_cost_error_is_the_books_formula():
    rng = np.random.default_rng(1)
    for _ in range(100):
        n = int(rng.integers(1, 50))
        y = rng.integers(0, 2, n)
        yp = rng.integers(0, 2, n)
        c01, c10 = rng.random(2) * 5
        fn = np.sum((y == 1) & (yp == 0))
        fp = np.sum((y == 0) & (yp == 1))
        book = [[0, c01], [c10, 0]]  # the book's table: class 0 (row 0) is the positive class
        got = cost_sensitive_error(y, yp, book, labels=[1, 0])
        assert got == pytest.approx((fn * c01 + fp * c10) / n)
        # the same with sorted labels (row 0 = label 0 = negative): the matrix transposes
        assert cost_sensitive_error(y, yp, [[0, c10], [c01, 0]]) == pytest.approx(got)


def test_cost_error_links_to_normalized_cost():
    y = np.array([1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
    yp = np.array([1, 1, 0, 0, 1, 0, 0, 0, 0, 0])
    p = y.mean()
    e = cost_sensitive_error(y, yp, [[0, 4], [1, 0]], labels=[1, 0])
    fnr, fpr = 2 / 4, 1 / 6
    assert e / (p * 4 + (1 - p) * 1) == pytest.approx(normalized_cost(fpr, fnr, p, 4, 1))


def test_multiclass_cost_error_by_hand():
    y_true = ["cat", "dog", "bird", "cat", "dog", "bird"]
    y_pred = ["cat", "cat", "bird", "dog", "bird", "cat"]
    labels = ["bird", "cat", "dog"]
    C = [[0, 2, 3],   # true bird predicted as bird, cat, dog
         [1, 0, 4],   # true cat
         [5, 6, 0]]   # true dog
    # pairs: cat->cat 0, dog->cat 6, bird->bird 0, cat->dog 4, dog->bird 5, bird->cat 2
    assert cost_sensitive_error(y_true, y_pred, C, labels=labels) == pytest.approx(17 / 6)
    # sorted labels are the default: same answer
    assert cost_sensitive_error(y_true, y_pred, C) == pytest.approx(17 / 6)
    w = [1, 2, 1, 1, 1, 3]
    assert cost_sensitive_error(y_true, y_pred, C, labels=labels, sample_weight=w) == pytest.approx(
        (0 + 2 * 6 + 0 + 4 + 5 + 3 * 2) / 9)


def test_unit_costs_give_the_error_rate_and_match_confusion_matrix():
    skm = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(2)
    for _ in range(200):
        k = int(rng.integers(2, 6))
        n = int(rng.integers(1, 60))
        y = rng.integers(0, k, n)
        yp = rng.integers(0, k, n)
        w = rng.random(n) + 0.01
        C = rng.random((k, k)) * 3
        labels = np.arange(k)
        cm = skm.confusion_matrix(y, yp, labels=labels, sample_weight=w)
        assert cost_sensitive_error(y, yp, C, labels=labels, sample_weight=w) == pytest.approx(
            np.sum(cm * C) / w.sum())
        ones = 1 - np.eye(k)
        assert cost_sensitive_error(y, yp, ones, labels=labels) == pytest.approx(1 - skm.accuracy_score(y, yp))


def test_integer_labels_index_rows_directly():
    # labels 0 and 2 only, 3x3 matrix: row k is label k
    assert cost_sensitive_error([0, 2], [2, 0], [[0, 1, 2], [3, 0, 4], [5, 6, 0]]) == pytest.approx(3.5)


# ------------------------------------------------------------------ cost space
def test_cost_lines_shape_and_ends():
    seg = cost_lines([0.0, 0.25], [0.5, 1.0])
    assert seg.shape == (2, 2, 2)
    np.testing.assert_allclose(seg[1], [[0, 0.25], [1, 0.0]])


@pytest.mark.parametrize("seed", range(60))
def test_envelope_equals_brute_force_minimum(seed):
    rng = np.random.default_rng(seed)
    if seed % 3 == 0:  # arbitrary points, not a ROC
        n = int(rng.integers(1, 30))
        fpr, tpr = rng.random(n), rng.random(n)
    else:
        fpr, tpr, _ = _random_roc(rng)
    grid = np.linspace(0, 1, 1001)
    env = cost_curve_envelope(fpr, tpr, x=grid)
    np.testing.assert_allclose(env.cost, _brute_min(fpr, tpr, grid), atol=1e-12)
    np.testing.assert_allclose(env.cost_breaks, _brute_min(fpr, tpr, env.x_breaks), atol=1e-12)
    np.testing.assert_allclose(env(grid), env.cost)
    assert env.x_breaks[0] == 0 and env.x_breaks[-1] == 1 and np.all(np.diff(env.x_breaks) > 0)
    # each piece's owner is lowest in the middle of its piece
    mid = (env.x_breaks[1:] + env.x_breaks[:-1]) / 2
    own = fpr[env.owners] * (1 - mid) + (1 - tpr[env.owners]) * mid
    np.testing.assert_allclose(own, _brute_min(fpr, tpr, mid), atol=1e-12)
    # the area is exact: compare with a fine numeric integration
    fine = np.linspace(0, 1, 200_001)
    assert env.area == pytest.approx(np.trapezoid(_brute_min(fpr, tpr, fine), fine), abs=1e-8)
    assert expected_total_cost(fpr, tpr) == env.area


@pytest.mark.parametrize("seed", range(12))
def test_envelope_on_large_inputs(seed):
    rng = np.random.default_rng(500 + seed)
    if seed % 2:
        fpr, tpr, _ = _random_roc(rng, n=int(rng.integers(600, 3000)))
    else:
        n = int(rng.integers(300, 3000))
        fpr, tpr = rng.random(n), rng.random(n) ** 0.3
    small = cost_curve_envelope(fpr[:200], tpr[:200])  # exact path only, for a sanity check of the grid
    grid = np.linspace(0, 1, 2001)
    env = cost_curve_envelope(fpr, tpr, x=grid)
    np.testing.assert_allclose(env.cost, _brute_min(fpr, tpr, grid), atol=1e-12)
    np.testing.assert_allclose(env.cost_breaks, _brute_min(fpr, tpr, env.x_breaks), atol=1e-12)
    mid = (env.x_breaks[1:] + env.x_breaks[:-1]) / 2
    own = fpr[env.owners] * (1 - mid) + (1 - tpr[env.owners]) * mid
    np.testing.assert_allclose(own, _brute_min(fpr, tpr, mid), atol=1e-12)
    assert small.area >= env.area - 1e-12


@pytest.mark.parametrize("seed", range(60))
def test_envelope_points_are_the_undominated_roc_hull_vertices(seed):
    rng = np.random.default_rng(1000 + seed)
    fpr, tpr, exact = _random_roc(rng, n=None if seed % 4 else int(rng.integers(300, 800)))
    env = cost_curve_envelope(fpr, tpr)
    owners = {exact[k] for k in env.owners}
    hull = set(_upper_hull_exact(exact))
    assert owners == _undominated(hull)
    # no ROC point owns two separate pieces
    assert len(env.owners) == len(owners)


@pytest.mark.parametrize("seed", range(40))
def test_envelope_matches_curves_roc_convex_hull(seed):
    rng = np.random.default_rng(2000 + seed)
    fpr, tpr, _ = _random_roc(rng, n=int(rng.integers(5, 60)))
    hf, ht = lm.roc_convex_hull(fpr, tpr)
    env = cost_curve_envelope(fpr, tpr)
    hull_set = _undominated({(round(a, 12), round(b, 12)) for a, b in zip(hf.tolist(), ht.tolist())})
    owners = {(round(float(fpr[k]), 12), round(float(tpr[k]), 12)) for k in env.owners}
    assert owners == hull_set


def test_watermelon_envelope_and_hull():
    d = watermelon_scores()
    fpr, tpr, thr = lm.roc_curve(d.y_true, d.y_score, drop_intermediate=False)
    env = cost_curve_envelope(fpr, tpr)
    hf, ht = lm.roc_convex_hull(fpr, tpr)
    # the hull's vertex (1, 1) is dominated by (5/9, 1): best only at x = 1 (likewise (0, 0) by (0, 3/8))
    hull = {(round(a, 12), round(b, 12)) for a, b in zip(hf.tolist(), ht.tolist())}
    assert (1.0, 1.0) in hull
    owners = [(round(float(fpr[k]), 12), round(float(tpr[k]), 12)) for k in env.owners]
    assert set(owners) == _undominated(hull) and len(owners) == 3
    assert 0 < env.area < 0.25


def test_trivial_and_perfect_classifiers():
    assert expected_total_cost([0, 1], [0, 1]) == pytest.approx(0.25)
    assert expected_total_cost([0, 0, 1], [0, 1, 1]) == pytest.approx(0.0)
    env = cost_curve_envelope([0.3], [0.6])  # a single point: its own segment
    np.testing.assert_allclose(env.cost_breaks, [0.3, 0.4])
    assert env.area == pytest.approx(0.35)


# ------------------------------------------------------------------ choosing the cut
def test_best_cut_is_the_cheapest_cut_point():
    rng = np.random.default_rng(3)
    for _ in range(300):
        fpr, tpr, _ = _random_roc(rng)
        thr = np.arange(len(fpr), 0, -1).astype(float)
        p = float(rng.random())
        c01, c10 = rng.random(2) * 10 + 0.01
        b = best_cut(fpr, tpr, thr, p, c01, c10)
        expected = p * c01 * (1 - tpr) + (1 - p) * c10 * fpr
        assert b.expected_cost == pytest.approx(expected.min(), abs=1e-12)
        assert b.threshold == thr[b.index]
        assert b.normalized_cost == pytest.approx(cost_curve_envelope(fpr, tpr, x=[b.x]).cost[0], abs=1e-12)


def test_best_cut_on_watermelon_with_threshold_from_roc_curve():
    d = watermelon_scores()
    fpr, tpr, thr = lm.roc_curve(d.y_true, d.y_score, drop_intermediate=False)
    b = best_cut(fpr, tpr, thr, 0.2, 4, 1)
    y_pred = (d.y_score >= b.threshold).astype(int)
    fn = np.sum((d.y_true == 1) & (y_pred == 0))
    fp = np.sum((d.y_true == 0) & (y_pred == 1))
    assert (1 - b.tpr, b.fpr) == pytest.approx((fn / 8, fp / 9))
    # when only false alarms cost (x = 0), every cut with FPR = 0 ties; the first, "predict nothing", wins
    assert np.isinf(best_cut(fpr, tpr, thr, 0.5, 0, 1).threshold)
    # a huge cost of a false alarm still allows the three top melons, all good ones
    assert best_cut(fpr, tpr, thr, 0.5, 1, 1000).threshold == thr[3] and tpr[3] == 0.375


def test_cost_state_and_its_text():
    d = watermelon_scores()
    t = lm.stepping_table(d.y_true, d.y_score)
    s = cost_state(t.fpr, t.recall, t.thresholds, 0.2, 4, 1, n_pos=t.n_pos, n_neg=t.n_neg)
    assert s.x == pytest.approx(0.5)
    assert s.iso_slope == pytest.approx(0.8 * 1 / (0.2 * 4))
    k = s.index
    assert (s.tp, s.fp, s.fn, s.tn) == (t.tp[k], t.fp[k], t.fn[k], t.tn[k])
    assert s.total_cost == t.fn[k] * 4 + t.fp[k] * 1
    y_pred = (d.y_score >= s.threshold).astype(int)
    assert s.error_rate == pytest.approx(cost_sensitive_error(d.y_true, y_pred, [[0, 4], [1, 0]], labels=[1, 0]))
    assert s.segment == ((0.0, s.fpr), (1.0, 1 - s.tpr))
    text = str(s)
    assert "P(+)cost x = 0.5000" in text and "iso-cost slope" in text and "TP = " in text
    s0 = cost_state([0, 1], [0, 1], None, 0.0, 1, 1)
    assert np.isinf(s0.iso_slope) and s0.tp is None and "no threshold" in str(s0)


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize(
    "call, exc, match",
    [
        (lambda: cost_sensitive_error([0, 1], [0, 1], [[0, 1, 2], [1, 0, 2]]), ValueError, "cost_matrix must be square"),
        (lambda: cost_sensitive_error([0, 1], [0, 1], [0, 1]), ValueError, "cost_matrix must be square"),
        (lambda: cost_sensitive_error([0, 1], [0, 1], [[0, -1], [1, 0]]), ValueError, r"non-negative; cost_matrix\[0\]\[1\]"),
        (lambda: cost_sensitive_error([0, 1], [0, 1], [[0, np.nan], [1, 0]]), ValueError, "cost_matrix must not contain NaN"),
        (lambda: cost_sensitive_error([0, 1], [0, 1], [["a", "b"], ["c", "d"]]), TypeError, "cost_matrix must hold numbers"),
        (lambda: cost_sensitive_error([0, 1], [0, 1], [[0, 1], [1, 0]], labels=[0, 1, 2]), ValueError, "labels names 3 classes"),
        (lambda: cost_sensitive_error(["a", "b", "c"], ["a", "b", "c"], [[0, 1], [1, 0]]), ValueError, "pass labels"),
        (lambda: cost_sensitive_error([0, 3], [0, 1], [[0, 1], [1, 0]], labels=[0, 1]), ValueError, r"y_true holds labels \[3\]"),
        (lambda: cost_sensitive_error([0, 1], [0, 1], [[0, 1], [1, 0]], labels=[1, 1]), ValueError, "must not repeat"),
        (lambda: cost_sensitive_error([0, 1, 1], [0, 1], [[0, 1], [1, 0]]), ValueError, "different numbers of samples"),
        (lambda: probability_cost(1.2, 1, 1), ValueError, r"p must lie in \[0, 1\]"),
        (lambda: probability_cost(-0.1, 1, 1), ValueError, r"p must lie in \[0, 1\]"),
        (lambda: probability_cost(0.5, -1, 1), ValueError, "cost01 must be >= 0"),
        (lambda: probability_cost(0.5, 1, "x"), TypeError, "cost10 must be a real number"),
        (lambda: probability_cost(0.5, 0, 0), ValueError, "cost01 and cost10 are both 0"),
        (lambda: probability_cost(0.0, 4, 0), ValueError, "total cost"),
        (lambda: probability_cost([0.5, 1.0], 0, 1), ValueError, "total cost"),
        (lambda: normalized_cost(0.1, 1.5, 0.5, 1, 1), ValueError, "fnr must lie"),
        (lambda: normalized_cost([0.1, 0.2, 0.3], [0.1, 0.2], 0.5, 1, 1), ValueError, "broadcast"),
        (lambda: cost_curve_envelope([0, 0.5], [0, 0.5, 1]), ValueError, "fpr and tpr must have the same length"),
        (lambda: cost_curve_envelope([0, 1.5], [0, 1]), ValueError, r"fpr holds rates, which must lie in \[0, 1\]"),
        (lambda: cost_curve_envelope([0, 1], [-0.1, 1]), ValueError, r"tpr holds rates"),
        (lambda: cost_curve_envelope([0, np.nan], [0, 1]), ValueError, "fpr must not contain NaN"),
        (lambda: cost_curve_envelope([], []), ValueError, "fpr is empty"),
        (lambda: cost_curve_envelope([0, 1], [0, 1], x=[2.0]), ValueError, r"x must lie in \[0, 1\]"),
        (lambda: cost_lines([0, 1], [1]), ValueError, "same length"),
        (lambda: expected_total_cost([0, 1], [0, 2]), ValueError, "tpr holds rates"),
        (lambda: best_cut([0, 1], [0, 1], [1.0], 0.5, 1, 1), ValueError, "thresholds has 1 values"),
        (lambda: best_cut([0, 1], [0, 1], None, 1.5, 1, 1), ValueError, r"p must be in \[0, 1\]"),
        (lambda: best_cut([0, 1], [0, 1], None, 0.5, 0, 0), ValueError, "both 0"),
        (lambda: cost_state([0, 1], [0, 1], None, 0.5, 1, 1, n_pos=3), ValueError, "both n_pos and n_neg"),
        (lambda: cost_state([0, 1], [0, 1], None, 0.5, 1, 1, n_pos=-3, n_neg=2), ValueError, "n_pos must be >= 0"),
    ],
)
def test_bad_input(call, exc, match):
    with pytest.raises(exc, match=match):
        call()



@pytest.mark.parametrize(
    "call, shown",
    [
        (lambda: probability_cost(1.5, 1, 1), "found 1.5"),
        (lambda: probability_cost(np.array([0.5, 0.0]), 4, 0), "p = 0.0,"),
        (lambda: cost_curve_envelope([0, 1.5], [0, 1]), "found 1.5"),
        (lambda: cost_sensitive_error([0, 1], [0, 1], np.array([[0, -2.5], [1, 0]])), "= -2.5"),
    ],
)
def test_bad_input_messages_show_plain_numbers(call, shown):
    """A learner reads "found 1.5", not NumPy's repr "found np.float64(1.5)"."""
    with pytest.raises(ValueError) as info:
        call()
    assert shown in str(info.value)
    assert "np.float64" not in str(info.value)

# ------------------------------------------------------------------ the explorer
def test_explorer_driven_by_its_sliders():
    pytest.importorskip("ipywidgets")
    from learnmetrics.widgets.cost import RATIOS, CostCurveExplorer

    d = watermelon_scores()
    ex = CostCurveExplorer(d.y_true, d.y_score)
    assert ex.state.p == pytest.approx(0.47) and ex.state.cost01 == ex.state.cost10 == 1
    ex.ratio_slider.value = 4
    ex.prior_slider.value = 0.2
    fpr, tpr, thr = lm.roc_curve(d.y_true, d.y_score, drop_intermediate=False)
    b = best_cut(fpr, tpr, thr, 0.2, 4, 1)
    s = ex.state
    assert s.x == pytest.approx(0.5) and (s.cost01, s.cost10) == (4, 1)
    assert s.threshold == b.threshold and s.normalized_cost == pytest.approx(b.normalized_cost)
    assert s.tp + s.fn == 8 and s.fp + s.tn == 9
    first = ex.last_update_ms
    ex.ratio_slider.value = 1 / 4
    assert (ex.state.cost01, ex.state.cost10) == (1, 4)
    ex.ratio_slider.value = 4
    assert ex.last_update_ms < 20 and ex.state.x == pytest.approx(0.5)  # cached frame
    assert first < 1000
    assert len(RATIOS) == len(set(RATIOS)) and 4.0 in RATIOS and 0.25 in RATIOS
    fig = ex.filmstrip([(1.0, 0.47), (4.0, 0.2)], ncols=2)
    assert len(fig.axes) == 2


def test_explorer_rejects_bad_input():
    pytest.importorskip("ipywidgets")
    from learnmetrics.widgets.cost import CostCurveExplorer

    with pytest.raises(ValueError, match="both classes"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            CostCurveExplorer([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="ratio must be one of"):
        CostCurveExplorer([0, 1], [0.1, 0.2], ratio=7)
    with pytest.raises(ValueError, match="prior must be in"):
        CostCurveExplorer([0, 1], [0.1, 0.2], prior=2)


# ------------------------------------------------------------------ figures
def test_cost_curve_steps_wrap_over_row_pairs():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting.cost import plot_cost_curve_steps

    d = watermelon_scores()
    fpr, tpr, _ = lm.roc_curve(d.y_true, d.y_score, drop_intermediate=False)
    fig, axes = plt.subplots(4, 3)
    plot_cost_curve_steps(axes, fpr, tpr, steps=[0, 1, 3, 5, 8])
    # step j sits in row pair j // 3, column j % 3; the spare sixth pair is hidden
    assert axes[2, 1].get_title().startswith("ROC point 8") and axes[3, 1].get_title().startswith("segment")
    assert not axes[2, 2].axison and not axes[3, 2].axison
    assert axes[2, 0].get_ylabel() and not axes[2, 1].get_ylabel()
    plt.close(fig)
    fig, axes = plt.subplots(2, 3)
    plot_cost_curve_steps(axes, fpr, tpr, steps=[0, 3, 17])
    assert axes[0, 2].get_title().startswith("ROC point 17")
    with pytest.raises(ValueError, match="axes must have shape"):
        plot_cost_curve_steps(axes, fpr, tpr, steps=[0, 1, 2, 3])
    plt.close(fig)


def test_cost_scenarios_figure():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting.cost import plot_cost_scenarios

    d = watermelon_scores()
    fpr, tpr, thr = lm.roc_curve(d.y_true, d.y_score, drop_intermediate=False)
    states = [cost_state(fpr, tpr, thr, p, c01, c10) for p, c01, c10 in [(0.47, 1, 1), (0.47, 4, 1), (0.2, 1, 4)]]
    fig, (a, b) = plt.subplots(1, 2)
    env = plot_cost_scenarios(a, b, fpr, tpr, states, ["equal", "misses", "alarms"])
    assert env.area == pytest.approx(expected_total_cost(fpr, tpr))
    labels = [t.get_text() for t in b.get_legend().get_texts()]
    assert labels[1:] == [f"{n}: x = {s.x:.3f}" for n, s in zip(["equal", "misses", "alarms"], states)]
    assert [t.get_text() for t in a.get_legend().get_texts()][-1] == f"alarms: ROC point {states[2].index}"
    with pytest.raises(ValueError, match="same length"):
        plot_cost_scenarios(a, b, fpr, tpr, states, ["one"])
    plt.close(fig)


def test_explorer_legends_are_drawn_over_the_moving_lines():
    pytest.importorskip("ipywidgets")
    from learnmetrics.widgets.cost import CostCurveExplorer

    d = watermelon_scores()
    ex = CostCurveExplorer(d.y_true, d.y_score)
    dynamic = ex.dynamic_artists()
    assert dynamic[-2:] == [ex.roc_view.ax.get_legend(), ex.cost_view.ax.get_legend()]


# ------------------------------------------------------------------ issue 12: the argument rule, table-driven
_FPR, _TPR = [0.0, 0.0, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0]

_BAD_COST = [
    # cost_sensitive_error: wrong type, out of range, empty, NaN
    (lambda: cost_sensitive_error([0, 1], [0, 1], "cost"), TypeError, "cost_matrix must hold numbers"),
    (lambda: cost_sensitive_error([0, 1], [0, 1], [[0, 1], [1, 0]], labels=["a", 1]), TypeError, "labels mixes"),
    (lambda: cost_sensitive_error([0, 1], [0, 1], [[0, -1], [1, 0]]), ValueError, "cost_matrix must be non-negative"),
    (lambda: cost_sensitive_error([], [], [[0, 1], [1, 0]]), ValueError, "y_true is empty"),
    (lambda: cost_sensitive_error([0.0, np.nan], [0, 1], [[0, 1], [1, 0]]), ValueError, "y_true must not contain NaN"),
    (lambda: cost_sensitive_error([0, 1], [0, 1], [[0, 1], [1, 0]], sample_weight=[1, np.nan]), ValueError,
     "sample_weight must not contain NaN"),
    (lambda: cost_sensitive_error([0, 1], [0, 1], [[0, 1], [1, 0]], sample_weight=[0, 0]), ValueError, "sums to 0"),
    (lambda: cost_sensitive_error(["0", "1"], [0, 1], [[0, 1], [1, 0]]), TypeError, "different kinds of labels"),
    # probability_cost
    (lambda: probability_cost("0.5", 1, 1), TypeError, "p must be a number or array-like"),
    (lambda: probability_cost(["0.5"], 1, 1), TypeError, "p must hold real numbers"),
    (lambda: probability_cost(0.5, True, 1), TypeError, "cost01 must be a real number"),
    (lambda: probability_cost(0.5, 1, np.bool_(True)), TypeError, "cost10 must be a real number"),
    (lambda: probability_cost(2.0, 1, 1), ValueError, r"p must lie in \[0, 1\]"),
    (lambda: probability_cost([], 1, 1), ValueError, "p is empty"),
    (lambda: probability_cost(np.nan, 1, 1), ValueError, "p must not contain NaN"),
    (lambda: probability_cost(0.5, np.nan, 1), ValueError, "cost01 must be a finite number"),
    (lambda: probability_cost(0.5, 1, np.inf), ValueError, "cost10 must be a finite number"),
    # normalized_cost
    (lambda: normalized_cost(["a"], 0.1, 0.5, 1, 1), TypeError, "fpr must hold real numbers"),
    (lambda: normalized_cost(0.1, -0.1, 0.5, 1, 1), ValueError, r"fnr must lie in \[0, 1\]"),
    (lambda: normalized_cost([], 0.1, 0.5, 1, 1), ValueError, "fpr is empty"),
    (lambda: normalized_cost(0.1, 0.1, np.nan, 1, 1), ValueError, "p must not contain NaN"),
    (lambda: normalized_cost(0.1, 0.1, 0.5, -1, 1), ValueError, "cost01 must be >= 0"),
    # cost_lines / cost_curve_envelope / expected_total_cost
    (lambda: cost_lines("ab", [0, 1]), TypeError, "fpr must be array-like"),
    (lambda: cost_lines([0, 2], [0, 1]), ValueError, "fpr holds rates"),
    (lambda: cost_lines([], []), ValueError, "fpr is empty"),
    (lambda: cost_lines([0, 1], [np.nan, 1]), ValueError, "tpr must not contain NaN"),
    (lambda: cost_curve_envelope([0, 1], [0, 1], x="grid"), TypeError, "x must be a number or array-like"),
    (lambda: cost_curve_envelope([0, 1], [0, 1], x=[-0.5]), ValueError, r"x must lie in \[0, 1\]"),
    (lambda: cost_curve_envelope([0, 1], [0, 1], x=[]), ValueError, "x is empty"),
    (lambda: cost_curve_envelope([0, 1], [0, 1], x=[np.nan]), ValueError, "x must not contain NaN"),
    (lambda: expected_total_cost([0, 1], ["a", "b"]), TypeError, "tpr must hold"),
    (lambda: expected_total_cost([0, 1], [0, 1.5]), ValueError, "tpr holds rates"),
    (lambda: expected_total_cost([], []), ValueError, "fpr is empty"),
    (lambda: expected_total_cost([np.nan, 1], [0, 1]), ValueError, "fpr must not contain NaN"),
    # best_cut
    (lambda: best_cut(_FPR, _TPR, None, "0.5", 1, 1), TypeError, "p must be a real number"),
    (lambda: best_cut(_FPR, _TPR, None, 0.5, 1, -2), ValueError, "cost10 must be >= 0"),
    (lambda: best_cut(_FPR, _TPR, ["a", "b", "c", "d"], 0.5, 1, 1), TypeError, "thresholds must hold real numbers"),
    (lambda: best_cut(_FPR, _TPR, [], 0.5, 1, 1), ValueError, "thresholds is empty"),
    (lambda: best_cut(_FPR, _TPR, [np.inf, 0.9, np.nan, 0.1], 0.5, 1, 1), ValueError, "thresholds must not contain NaN"),
    (lambda: best_cut(_FPR, _TPR, None, np.nan, 1, 1), ValueError, r"p must be in \[0, 1\]"),
    # cost_state
    (lambda: cost_state(_FPR, _TPR, None, 0.5, 1, 1, n_pos="3", n_neg=2), TypeError, "n_pos must be a real number"),
    (lambda: cost_state(_FPR, _TPR, None, 0.5, 1, 1, n_pos=3, n_neg=-1), ValueError, "n_neg must be >= 0"),
    (lambda: cost_state(_FPR, _TPR, None, 0.5, 1, 1, n_pos=0, n_neg=0), ValueError, "both 0"),
    (lambda: cost_state(_FPR, _TPR, None, 0.5, 1, 1, n_pos=np.nan, n_neg=2), ValueError, "n_pos must be a finite"),
    (lambda: cost_state([], [], None, 0.5, 1, 1), ValueError, "fpr is empty"),
    (lambda: cost_state(_FPR, _TPR, None, 1.5, 1, 1), ValueError, r"p must be in \[0, 1\]"),
]


@pytest.mark.parametrize("call, exc, match", _BAD_COST)
def test_every_public_cost_function_refuses_bad_arguments(call, exc, match):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(exc, match=match):
            call()


def test_every_public_cost_function_has_bad_argument_rows():
    import inspect

    import learnmetrics.cost as c

    src = inspect.getsource(inspect.getmodule(test_every_public_cost_function_has_bad_argument_rows))
    table = src[src.index("_BAD_COST = ["):src.index('@pytest.mark.parametrize("call, exc, match", _BAD_COST)')]
    for name in c.__all__:
        obj = getattr(c, name)
        if callable(obj) and not isinstance(obj, type):
            assert f"{name}(" in table, f"no bad-argument row for {name}"


def test_extreme_legal_costs_give_the_right_limit():
    """Only the ratio of the costs matters: tiny or huge costs give the limit, never NaN or a spurious error."""
    assert probability_cost(0.5, 5e-324, 0) == 1.0             # once underflowed to 0/0
    assert probability_cost(0.5, 1e308, 1e308) == 0.5
    assert probability_cost(0.5, 1.7e308, 1e-300) == 1.0
    assert probability_cost(1e-320, 1, 0) == 1.0
    assert normalized_cost(0.25, 0.5, 0.5, 1e308, 1e308) == pytest.approx(0.375)
    b = best_cut(_FPR, _TPR, None, 0.5, 1.7e308, 1.7e308)
    assert np.isfinite(b.expected_cost) and b.normalized_cost == pytest.approx(0.25)
    s = cost_state(_FPR, _TPR, None, 1.0, 4, 0, n_pos=2, n_neg=0)
    assert s.x == 1.0 and s.iso_slope == 0.0 and s.error_rate == 0.0 and s.cut_name == "cut 2"
    s = cost_state(_FPR, _TPR, None, 0.0, 0, 4, n_pos=0, n_neg=2)
    assert s.x == 0.0 and np.isinf(s.iso_slope) and s.cut_name == "cut 0"


def test_cut_named_by_its_size_never_by_hash():
    """'#8' means melon 8 in this course; a cut is 'cut k' (k examples predicted positive)."""
    d = watermelon_scores()
    fpr, tpr, thr = lm.roc_curve(d.y_true, d.y_score, drop_intermediate=False)
    s = cost_state(fpr, tpr, thr, 0.2, 4, 1, n_pos=8, n_neg=9)
    assert s.cut_name == "cut 8" and s.n_predicted_positive == s.tp + s.fp == 8
    assert "#" not in str(s) and "best cut: cut 8 (the top 8 examples predicted positive)" in str(s)
    assert cost_state(fpr, tpr, thr, 0.2, 4, 1).cut_name == "ROC point 8"
