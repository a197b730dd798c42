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


# -- issue 23: the corrected general statements of chapters 03 and 04 ----------------------------
def test_03_p_and_r_can_rise_together_the_conflict_lives_on_the_undominated_cuts():
    ten = datasets.ten_samples()
    t = lm.stepping_table(ten.y_true, ten.y_score)
    assert (t.recall[3], round(t.precision[3], 3)) == (0.4, 0.667) and (t.recall[5], t.precision[5]) == (0.8, 0.8)
    three = lm.stepping_table([0, 1, 1], [3, 2, 1])                     # (-, +, +)
    assert np.all(np.diff(three.recall[1:]) > 0) and np.all(np.diff(three.precision[1:]) > 0)
    r, p = t.recall[1:], t.precision[1:]
    beaten = ((r[None, :] >= r[:, None]) & (p[None, :] >= p[:, None])
              & ((r[None, :] > r[:, None]) | (p[None, :] > p[:, None]))).any(axis=1)
    front = np.flatnonzero(~beaten) + 1
    assert front.tolist() == [2, 5, 8]
    # on the undominated cuts, more recall always costs precision (random lists)
    rng = np.random.default_rng(0)
    for _ in range(300):
        y = rng.integers(0, 2, 12)
        y[0] = 1
        tt = lm.stepping_table(y, rng.random(12))
        r, p = tt.recall[1:], tt.precision[1:]
        beaten = ((r[None, :] >= r[:, None]) & (p[None, :] >= p[:, None])
                  & ((r[None, :] > r[:, None]) | (p[None, :] > p[:, None]))).any(axis=1)
        fr, fp = r[~beaten], p[~beaten]
        order = np.argsort(fr)
        assert np.all(np.diff(fr[order]) > 0) and np.all(np.diff(fp[order]) < 0)


def test_03_beta_is_the_r_over_p_of_indifference_and_beta_squared_the_weight_ratio():
    rng = np.random.default_rng(1)
    for _ in range(200):
        beta = float(np.exp(rng.uniform(-2, 2)))
        P = float(rng.uniform(0.05, 0.95))
        R = beta * P
        F = lambda p_, r_: (1 + beta ** 2) * p_ * r_ / (beta ** 2 * p_ + r_)   # noqa: E731
        h = 1e-7
        dP = (F(P + h, R) - F(P - h, R)) / (2 * h)
        dR = (F(P, R + h) - F(P, R - h)) / (2 * h)
        assert dP == pytest.approx(dR, rel=1e-5)
        R2 = 1.5 * R                               # away from R = beta P they differ
        assert abs((F(P + h, R2) - F(P - h, R2)) - (F(P, R2 + h) - F(P, R2 - h))) > 1e-9
        w = beta ** 2 / (1 + beta ** 2)
        assert w / (1 - w) == pytest.approx(beta ** 2)
        assert 1 / F(P, 0.7) == pytest.approx((1 - w) / P + w / 0.7)


def test_03_without_ties_the_trapezoids_are_never_above_ap_and_sometimes_equal():
    rng = np.random.default_rng(2)
    equal = 0
    for _ in range(3000):
        n = int(rng.integers(2, 12))
        y = rng.integers(0, 2, n)
        y[0] = 1
        s = rng.permutation(n).astype(float)       # no ties
        prec, rec, _ = lm.precision_recall_curve(y, s)
        trap, ap = lm.auc(rec, prec), lm.average_precision_score(y, s)
        assert trap <= ap + 1e-12
        equal += np.isclose(trap, ap)
    assert equal > 0
    y = np.array([1, 1, 0, 0])
    s = np.array([4.0, 3, 2, 1])
    prec, rec, _ = lm.precision_recall_curve(y, s)
    assert lm.auc(rec, prec) == lm.average_precision_score(y, s) == 1.0


def test_03_precision_stays_0_when_a_negative_enters_with_tp_0():
    t = lm.stepping_table([0, 0, 1], [3, 2, 1])
    assert t.precision[1] == t.precision[2] == 0


def test_03_fbeta_half_ties_cuts_3_and_8_and_the_state_says_so():
    from learnmetrics.widgets.curves import _fbeta_state
    d = datasets.watermelon_scores()
    t = lm.stepping_table(d.y_true, d.y_score)
    st = _fbeta_state(t, 0.5)
    assert st.tied_k.tolist() == [3, 8] and st.best_k == 3 and st.best_fbeta == pytest.approx(0.75)
    assert "tied with cut 8" in str(st)


def test_03_a_larger_area_is_not_a_better_precision_at_a_required_recall():
    melons = datasets.watermelon_3a()
    sa = LogisticRegression().fit(melons.X, melons.y).predict_proba(melons.X)
    sb = LogisticRegression().fit(melons.X[:, [1]], melons.y).predict_proba(melons.X[:, [1]])
    assert lm.average_precision_score(melons.y, sa) > lm.average_precision_score(melons.y, sb)
    ta, tb = lm.stepping_table(melons.y, sa), lm.stepping_table(melons.y, sb)
    best = lambda t, r: np.nanmax(np.where(t.recall >= r, t.precision, np.nan))   # noqa: E731
    assert round(best(ta, 0.75), 3) == 0.75 and round(best(tb, 0.75), 3) == 0.778


def test_04_auc_one_half_need_not_be_a_useless_ranking():
    y = np.r_[np.ones(5), np.zeros(10), np.ones(5)].astype(int)
    s = np.arange(20, 0, -1)
    assert lm.roc_auc_score(y, s) == 0.5 and y[:5].mean() == 1.0


def test_04_only_strictly_increasing_transformations_keep_the_auc():
    d = datasets.watermelon_scores()
    assert round(lm.roc_auc_score(d.y_true, d.y_score), 4) == 0.8056
    assert round(lm.roc_auc_score(d.y_true, np.round(d.y_score, 1)), 4) == 0.8264
    rng = np.random.default_rng(3)
    for _ in range(100):
        y = rng.integers(0, 2, 15)
        y[:2] = [0, 1]
        s = rng.random(15)
        for f in (np.exp, lambda v: v ** 3, lambda v: np.log(v / (1 - v))):
            assert lm.roc_auc_score(y, f(s)) == pytest.approx(lm.roc_auc_score(y, s))


def test_04_the_recipe_scaled_shuffled_pooled():
    from sklearn.linear_model import LogisticRegression as SkLR
    from sklearn.model_selection import StratifiedKFold, cross_val_predict, cross_val_score
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    melons = datasets.watermelon_3a()
    X, y = melons.X, melons.y
    # the former recipe: unscaled, unshuffled -> fold AUCs of 1 or 0 from nearly flat scores
    raw = cross_val_score(SkLR(), X, y, cv=5, scoring="roc_auc")
    assert raw.tolist() == [1.0, 1.0, 0.0, 0.0, 0.0]
    flat = cross_val_predict(SkLR(), X, y, cv=5, method="predict_proba")[:, 1]
    assert np.ptp(flat) < 0.15
    model = make_pipeline(StandardScaler(), SkLR())
    pooled = [lm.roc_auc_score(y, cross_val_predict(model, X, y, method="predict_proba",
                                                     cv=StratifiedKFold(5, shuffle=True, random_state=r))[:, 1])
              for r in range(10)]
    assert 0.6 < min(pooled) and max(pooled) < 0.8


def test_04_the_same_fixed_model_ranks_two_samples_differently():
    rng = np.random.default_rng(4)

    def sample(n):
        y_ = (rng.random(n) < 8 / 17).astype(int)
        return y_, rng.normal(loc=1.2 * y_, scale=1.0)
    a = lm.roc_auc_score(*sample(17))
    b = lm.roc_auc_score(*sample(17))
    assert abs(a - b) > 0.05


def test_04_weighted_auc_is_the_plain_area_of_unequal_squares():
    rng = np.random.default_rng(5)
    for _ in range(40):
        n = int(rng.integers(2, 12))
        y = rng.integers(0, 2, n)
        y[:2] = [0, 1]
        s = rng.integers(0, 4, n) / 3
        w = rng.uniform(0.3, 3, n)
        fig, ax = plt.subplots()
        c = pc.plot_rank_squares(ax, y, s, sample_weight=w)
        assert c["correct_area"] + c["tied_area"] / 2 == pytest.approx(lm.roc_auc_score(y, s, sample_weight=w))
        plt.close(fig)


def test_04_a_constant_score_is_one_diagonal_step():
    y = (np.random.default_rng(0).random(1000) < 0.05).astype(int)
    fpr, tpr, _ = lm.roc_curve(y, np.zeros(1000))
    assert fpr.tolist() == [0.0, 1.0] and tpr.tolist() == [0.0, 1.0]
    assert lm.roc_auc_score(y, np.zeros(1000)) == 0.5


# -- fresh adversarial reading (issue 23): each corrected general sentence, with its counter-example ----


def _pr(pattern):
    y = np.array([c == "+" for c in pattern], dtype=int)
    return y, np.arange(len(y), 0, -1.0)


def test_03_a_positive_moves_the_point_right_and_up_only_when_p_is_below_1():
    t10 = lm.stepping_table(datasets.ten_samples().y_true, datasets.ten_samples().y_score)
    assert (t10.recall[2] > t10.recall[1]) and t10.precision[1] == t10.precision[2] == 1.0   # cut 1 -> 2: flat


def test_03_enclosure_gives_a_bep_at_least_as_large_not_always_larger():
    def best_p(y, s, r):
        t = lm.stepping_table(y, s)
        return np.nanmax(np.where(t.recall >= r - 1e-12, t.precision, np.nan))
    ya, sa = _pr("+++--+--")
    yc, sc = _pr("+++----+")
    rs = np.arange(1, 5) / 4
    pa, pc_ = np.array([best_p(ya, sa, r) for r in rs]), np.array([best_p(yc, sc, r) for r in rs])
    assert np.all(pa >= pc_) and np.any(pa > pc_)                        # the first encloses the second
    assert lm.break_even_point(ya, sa).value == lm.break_even_point(yc, sc).value == 0.75


def test_03_a_is_at_least_as_good_as_c_and_meets_it_at_recall_1(learners):
    y, scores = learners
    ta, tc = lm.stepping_table(y, scores["A"]), lm.stepping_table(y, scores["C"])
    for r in np.arange(1, 9) / 8:
        pa = np.nanmax(np.where(ta.recall >= r - 1e-12, ta.precision, np.nan))
        pc_ = np.nanmax(np.where(tc.recall >= r - 1e-12, tc.precision, np.nan))
        assert pa >= pc_ - 1e-12
    assert ta.precision[-1] == pytest.approx(tc.precision[-1])             # equal at recall 1


def test_03_straight_pr_lines_are_achievable_only_vertically_or_at_p_1():
    # between melon cuts 4 (TP 3, FP 1) and 5 (TP 4, FP 1) the achievable curve P = (3 + t)/(4 + t) is not the chord
    scored = datasets.watermelon_scores()
    t = lm.stepping_table(scored.y_true, scored.y_score)
    assert (t.tp[4], t.fp[4], t.tp[5], t.fp[5]) == (3, 1, 4, 1)
    tt = 0.5
    r, p = (3 + tt) / 8, (3 + tt) / (4 + tt)
    chord = t.precision[4] + (r - t.recall[4]) / (t.recall[5] - t.recall[4]) * (t.precision[5] - t.precision[4])
    assert p > chord + 1e-3
    # a negative entering: TP fixed, so R is fixed and the mix lies on the vertical segment
    assert t.recall[3] == t.recall[4]


def test_03_f1_formula_equals_2pr_over_p_plus_r_only_where_p_plus_r_is_positive():
    tp, fp, fn, tn = 0, 1, 1, 0
    m = tp + fp + fn + tn
    assert 2 * tp / (m + tp - tn) == 0.0                                   # defined, 0
    P, R = tp / (tp + fp), tp / (tp + fn)
    assert P + R == 0                                                      # 2PR/(P+R) would be 0/0


def test_03_best_fbeta_cut_never_moves_up_the_list_as_beta_grows():
    rng = np.random.default_rng(0)
    for _ in range(300):
        m = int(rng.integers(2, 15))
        y = rng.integers(0, 2, m)
        y[:2] = [0, 1]
        s = rng.integers(0, 6, m).astype(float)
        ks = [int(np.nanargmax(lm.fbeta_curve(y, s, beta=b))) for b in np.geomspace(0.1, 10, 25)]
        assert np.all(np.diff(ks) >= 0)


def test_04_weighting_negatives_keeps_precision_1_at_cuts_without_a_false_positive():
    scored = datasets.watermelon_scores()
    w = np.where(scored.y_true == 0, 10.0, 1.0)
    t1 = lm.stepping_table(scored.y_true, scored.y_score)
    t10 = lm.stepping_table(scored.y_true, scored.y_score, sample_weight=w)
    assert np.all(t10.precision[1:4] == 1.0)
    has_fp = t1.fp[1:] > 0
    assert np.all(t10.precision[1:][has_fp] < t1.precision[1:][has_fp])


def test_03_p_equals_r_at_cut_m_pos_and_also_where_tp_is_0():
    three = lm.stepping_table([0, 1, 1], [3, 2, 1])                      # (-, +, +)
    assert three.precision[1] == three.recall[1] == 0.0                   # cut 1: TP = 0, P = R = 0
    assert three.precision[2] == three.recall[2] == 0.5                   # cut m+ = 2
    assert lm.break_even_point([0, 1, 1], [3, 2, 1]).value == 0.5


def test_04_reweighting_a_class_changes_neither_tpr_nor_fpr():
    """04 section 6 (and 02 section 7): TPR and FPR are each computed within one class, so
    multiplying the weight of every example of one class by the same c > 0 leaves the ROC
    curve and the AUC as they are (tried on 400 random small cases, ties and base weights
    included); precision does move."""
    rng = np.random.default_rng(23)
    precision_moved = 0
    for _ in range(400):
        n = int(rng.integers(2, 12))
        y = rng.integers(0, 2, n)
        if y.min() == y.max():
            y[0], y[1] = 0, 1
        s = rng.integers(0, 5, n) / 4                       # ties on purpose
        base = rng.uniform(0.1, 3.0, n) if rng.random() < 0.5 else np.ones(n)
        c, cls = float(rng.choice([0.01, 0.5, 3.0, 100.0])), int(rng.integers(0, 2))
        w = np.where(y == cls, base * c, base)
        f0, t0, th0 = lm.roc_curve(y, s, sample_weight=base, drop_intermediate=False)
        f1, t1, th1 = lm.roc_curve(y, s, sample_weight=w, drop_intermediate=False)
        np.testing.assert_array_equal(th0, th1)
        np.testing.assert_allclose(f0, f1, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(t0, t1, rtol=1e-12, atol=1e-12)
        assert lm.roc_auc_score(y, s, sample_weight=w) == pytest.approx(lm.roc_auc_score(y, s, sample_weight=base))
        p0 = lm.stepping_table(y, s, sample_weight=base).precision
        p1 = lm.stepping_table(y, s, sample_weight=w).precision
        precision_moved += not np.allclose(p0, p1, equal_nan=True)
    assert precision_moved > 100


 
@pytest.mark.parametrize("chapter", ["03_pr_bep_fbeta", "04_roc_auc", "05_cost_curves", "06_ranking_metrics",
                                     "07_regression_metrics"])
def test_filmstrip_titles_of_chapters_03_to_07_come_in_both_languages(chapter):
    """Every ``filmstrip(..., titles=...)`` call of chapters 03-07 gives (english, chinese) pairs
    (issue 23): the text after ``titles=`` holds Chinese, and the stored output stays English."""
    import json
    import re
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / f"{chapter}.ipynb").read_text())
    calls = 0
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if cell["cell_type"] == "code" and "filmstrip(" in src and "titles=" in src:
            calls += 1
            assert re.search(r"[\u4e00-\u9fff]", src.split("titles=", 1)[1]), src
            assert not re.search(r"[\u4e00-\u9fff]", json.dumps(cell.get("outputs", []), ensure_ascii=False)
                                 .split('"image/png"')[0])
    assert calls >= 1


# -- second adversarial reading of 03-04 (issue 23): each corrected sentence, with its counter-example ----


def test_03_k0_gives_no_point_but_a_list_led_by_a_negative_has_a_point_at_recall_0():
    """03 section 1: 'there is no point at recall 0' was said of every curve; only k = 0 gives none.
    (-, +, +): cut 1 sits at (R, P) = (0, 0)."""
    three = lm.stepping_table([0, 1, 1], [3, 2, 1])
    assert np.isnan(three.precision[0])                                  # k = 0: 0/0, no point
    assert (three.recall[1], three.precision[1]) == (0.0, 0.0)           # a real point at recall 0


def test_03_more_bad_melons_lower_precision_at_every_cut_with_a_bad_melon_not_only_the_end():
    """03 section 1: 'same recall at every cut; only the end point moves' was false: counting each
    bad melon 10 (100) times keeps every recall, lowers the precision at every cut from cut 4 (the
    first bad melon) on, and keeps P = 1 before it."""
    scored = datasets.watermelon_scores()
    t1 = lm.stepping_table(scored.y_true, scored.y_score)
    assert int(np.argmax(t1.fp > 0)) == 4
    for times, p4, end in [(10, 0.231, 0.082), (100, 0.029, 0.009)]:
        w = np.where(scored.y_true == 0, times, 1)
        tw = lm.stepping_table(scored.y_true, scored.y_score, sample_weight=w)
        assert np.array_equal(tw.recall, t1.recall)
        assert np.all(tw.precision[1:4] == 1.0)
        assert np.all(tw.precision[4:] < t1.precision[4:])
        assert (round(tw.precision[4], 3), round(tw.precision[-1], 3)) == (p4, end)


def test_03_bep_with_a_tie_across_place_m_pos_is_the_mean_over_the_ties_orders():
    """03 section 3: 'BEP = the precision of the top m+' needs no ties; (+, +, -, -) scored 2, 1, 1, 0
    has a top 2 of precision 1 or 1/2 depending on how the tie is broken; the BEP is their mean."""
    y, s = np.array([1, 1, 0, 0]), np.array([2.0, 1.0, 1.0, 0.0])
    orders = [y[[0, 1]].mean(), y[[0, 2]].mean()]                        # the tie's two orders
    assert orders == [1.0, 0.5]
    assert lm.break_even_point(y, s).value == pytest.approx(np.mean(orders)) == pytest.approx(0.75)


def test_04_a_tie_group_is_halved_as_a_block_not_square_by_square():
    """04 section 4: a tie group of a positives and b negatives is one diagonal step across an a x b
    block of squares, which it halves: each tied pair counts 1/2 in total."""
    y, s = np.array([1, 1, 0, 1, 0]), np.array([3.0, 2.0, 2.0, 2.0, 1.0])  # a tie of 2 positives, 1 negative
    # pairs: (3, -2) right, (3, -1) right, tied pairs 2 x 1 = 2, (2, -1) right x 2
    assert lm.roc_auc_score(y, s) == pytest.approx((4 + 0.5 * 2) / 6)
    assert lm.rank_loss(y, s) == pytest.approx(0.5 * 2 / 6)


# -- issue 35 (third edition): statements of 03 a reader broke, corrected and pinned -------------
def _area_under_the_drawn_pr_curve(y_true, y_score):
    """Area under 03's P-R curve for untied scores: a positive entering with TP = a, FP = f rises
    along P = (a + t)/(a + t + f), so its strip is (1 - f ln((a + 1 + f)/(a + f))) / m+."""
    y = np.asarray(y_true)[np.argsort(-np.asarray(y_score), kind="stable")]
    tp = fp = 0
    area = 0.0
    for v in y:
        if v:
            area += (1 - (fp * np.log((tp + 1 + fp) / (tp + fp)) if fp else 0)) / y.sum()
            tp += 1
        else:
            fp += 1
    return area


def test_ap_is_the_area_under_the_steps_not_under_the_drawn_curve():
    """03 What to remember and box, 06 §3: on the melons the area under the drawn P-R curve is
    0.8025, AP 0.8145; the drawn curve never lies above the steps, and is below them whenever a
    positive enters after a negative."""
    s = datasets.watermelon_scores()
    assert len(np.unique(s.y_score)) == len(s.y_score)
    assert f"{_area_under_the_drawn_pr_curve(s.y_true, s.y_score):.4f}" == "0.8025"
    assert f"{lm.average_precision_score(s.y_true, s.y_score):.4f}" == "0.8145"
    rng = np.random.default_rng(0)
    for _ in range(300):
        y = np.r_[0, 1, rng.integers(0, 2, rng.integers(0, 15))]
        sc = rng.permutation(len(y)).astype(float)
        ap, area = lm.average_precision_score(y, sc), _area_under_the_drawn_pr_curve(y, sc)
        ordered = y[np.argsort(-sc)]
        rises_after_negative = bool(np.any(ordered[np.argmax(ordered == 0):] == 1)) if (ordered == 0).any() else False
        assert area <= ap + 1e-12
        assert (area < ap - 1e-12) == rises_after_negative


def test_harmonic_le_geometric_le_arithmetic_with_equality_only_at_p_equal_r_for_positive_p_r():
    """03 §4: HM <= GM <= AM always; for positive P and R all equal only when P = R; at P = 0 HM = GM = 0."""
    rng = np.random.default_rng(0)
    for p, r in rng.random((500, 2)):
        hm, gm, am = 2 * p * r / (p + r), np.sqrt(p * r), (p + r) / 2
        assert hm <= gm + 1e-15 <= am + 2e-15
        assert (abs(hm - am) < 1e-12) == (abs(p - r) < 1e-6)
    p, r = 0.0, 0.7
    assert 2 * p * r / (p + r) == np.sqrt(p * r) == 0 < (p + r) / 2


def test_f1_of_counts_is_defined_unless_there_is_nothing_positive_at_all():
    """03 §4: F1 = 2TP/(m + TP - TN) = 2TP/(2TP + FP + FN) is 0 where P is 0/0 but positives exist
    (TP = FP = 0, FN > 0) and 0/0 with no positive and nothing predicted positive."""
    def f1_counts(tp, fp, fn, tn):
        m = tp + fp + fn + tn
        return 2 * tp, m + tp - tn
    assert f1_counts(0, 0, 3, 5) == (0, 3)          # 0/3 = 0 although P = 0/0
    assert f1_counts(0, 0, 0, 5) == (0, 0)          # 0/0


def test_a_negative_moves_the_pr_point_down_except_while_tp_is_zero():
    """03 What to remember: a negative entering moves (R, P) straight down; while TP = 0 the point
    stays at (0, 0)."""
    y = np.array([0, 0, 1, 0, 1, 1, 0])
    tp, fp = np.cumsum(y), np.cumsum(1 - y)
    r, p = tp / y.sum(), tp / (tp + fp)
    assert (r[0], p[0]) == (r[1], p[1]) == (0.0, 0.0)
    k = 3                                            # a negative enters with TP = 1
    assert r[k] == r[k - 1] and p[k] < p[k - 1]
