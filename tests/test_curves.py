"""learnmetrics.curves: the stepping table, the book's forms and bad input."""
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from learnmetrics import curves as C
from learnmetrics._validation import UndefinedMetricWarning
from learnmetrics.datasets import ten_samples, tied_eight, watermelon_scores


# ----------------------------------------------------------------------------- by hand
def test_ten_samples_by_hand():
    d = ten_samples()  # ranked + + - + + - - + - -
    t = C.stepping_table(d.y_true, d.y_score)
    assert len(t) == 11
    assert t.tp.tolist() == [0, 1, 2, 2, 3, 4, 4, 4, 5, 5, 5]
    assert t.fp.tolist() == [0, 0, 0, 1, 1, 1, 2, 3, 3, 4, 5]
    assert t.fn.tolist() == [5 - v for v in t.tp.tolist()]
    assert t.tn.tolist() == [5 - v for v in t.fp.tolist()]
    assert np.isnan(t.precision[0])
    # first cut: P = 1, R = 0.2; last cut: R = 1, P = share of positives (not 0)
    assert (t.precision[1], t.recall[1]) == (1.0, 0.2)
    assert (t.precision[-1], t.recall[-1]) == (0.5, 1.0)
    # precision "oscillates": it rises again after falling
    dp = np.diff(t.precision[1:])
    assert (dp < 0).any() and (dp > 0).any()
    assert t.thresholds[0] == np.inf and np.all(np.diff(t.thresholds[1:]) < 0)
    np.testing.assert_array_equal(t.thresholds[1:], np.sort(d.y_score)[::-1])
    assert C.rank_loss(d.y_true, d.y_score) == 5 / 25  # negatives ranked above positives: 0+0+1+1+3
    assert C.roc_auc_score(d.y_true, d.y_score) == 0.8
    assert C.auc_mann_whitney(d.y_true, d.y_score) == 0.8
    bep = C.break_even_point(d.y_true, d.y_score)
    assert (bep.value, bep.k, bep.method) == (0.8, 5, "cut")


def test_tied_eight_by_hand():
    d = tied_eight()  # 0.9(+) 0.8(+,-) 0.6(+) 0.5(-,-) 0.3(+,-)
    t = C.stepping_table(d.y_true, d.y_score)
    assert t.thresholds.tolist() == [np.inf, 0.9, 0.8, 0.6, 0.5, 0.3]
    assert t.tp.tolist() == [0, 1, 2, 3, 3, 4]
    assert t.fp.tolist() == [0, 0, 1, 1, 3, 4]
    # the tie at 0.8 moves one positive and one negative together: a diagonal ROC step
    assert (t.recall[2] - t.recall[1], t.fpr[2] - t.fpr[1]) == (0.25, 0.25)
    # wrong pairs: 0.8+ ties one negative (1/2); 0.6+ is below the 0.8- (1); 0.3+ is below three and ties one
    assert C.rank_loss(d.y_true, d.y_score) == float(Fraction(5, 16))
    assert C.roc_auc_score(d.y_true, d.y_score) == float(Fraction(11, 16))
    assert C.auc_mann_whitney(d.y_true, d.y_score) == float(Fraction(11, 16))
    assert C.break_even_point(d.y_true, d.y_score).value == 0.75


def test_watermelon():
    d = watermelon_scores()
    t = C.stepping_table(d.y_true, d.y_score)
    assert len(t) == 18 and (t.n_pos, t.n_neg) == (8.0, 9.0)
    assert t.precision[-1] == 8 / 17 and t.recall[-1] == 1.0
    assert (t.fpr[0], t.tpr[0], t.fpr[-1], t.tpr[-1]) == (0.0, 0.0, 1.0, 1.0)
    auc = C.roc_auc_score(d.y_true, d.y_score)
    assert auc == pytest.approx(0.806, abs=5e-4)
    assert C.auc(t.fpr, t.tpr) == pytest.approx(auc, abs=1e-12)
    assert str(t.at(3)) == (
        "cut 3/17  threshold >= 0.788 | TP=3 FP=0 FN=5 TN=9 | "
        "P=1.000 R=0.375 FPR=0.000 TPR=0.375 F1=0.545"
    )


def test_break_even_point_interpolated_in_a_tie():
    # m+ = 2, but the second and third examples tie: the cut sees 1 then 3 predicted positive
    bep = C.break_even_point([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
    assert bep.method == "interpolated in a tie" and bep.k == 2 and bep.fraction == 0.5
    assert bep.value == 0.75  # (1 + 0.5 * 1) / 2
    assert "BEP = 0.7500" in str(bep)
    # all negatives on top: P = R = 0 at the m+-th position
    assert C.break_even_point([0, 0, 1, 1], [4, 3, 2, 1]).value == 0.0
    with pytest.raises(ValueError, match="positive"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            C.break_even_point([0, 0], [1, 2])


# ----------------------------------------------------------------------------- cut points
def test_cut_point_state():
    d = tied_eight()
    t = C.stepping_table(d.y_true, d.y_score)
    c0 = C.cut_point_state(t, 0)
    assert c0.roc_path.shape == (1, 2) and c0.pr_path.shape == (0, 2)
    assert np.isnan(c0.precision) and c0.f1 == 0.0 and c0.accuracy == 0.5
    assert "P=undefined (0/0)" in str(c0) and "threshold >= +inf" in str(c0)
    c2 = t.at(2)
    assert (c2.tp, c2.fp, c2.fn, c2.tn) == (2, 1, 2, 3)
    np.testing.assert_array_equal(c2.roc_path, [[0, 0], [0, 0.25], [0.25, 0.5]])
    np.testing.assert_array_equal(c2.pr_path, [[0.25, 1.0], [0.5, 2 / 3]])
    assert c2.tnr == 0.75 and c2.fnr == 0.5 and c2.accuracy == 5 / 8
    assert c2.n_cuts == 5 and c2.threshold == 0.8
    last = t.at(np.int64(5))
    assert (last.fpr, last.tpr, last.precision) == (1.0, 1.0, 0.5)
    for bad in (-1, 6):
        with pytest.raises(ValueError, match="k must be between 0 and 5"):
            C.cut_point_state(t, bad)
    for bad in (1.5, True, "2"):
        with pytest.raises(TypeError, match="k must be an integer"):
            C.cut_point_state(t, bad)
    with pytest.raises(TypeError, match="SteppingTable"):
        C.cut_point_state({"tp": [0]}, 0)


def test_weighted_counts_in_str():
    t = C.stepping_table([1, 0, 1], [0.9, 0.5, 0.4], sample_weight=[0.5, 2, 1])
    assert t.tp.tolist() == [0, 0.5, 0.5, 1.5] and t.n_neg == 2.0
    assert "TP=0.500 FP=0 FN=1 TN=2" in str(t.at(1))


def test_fbeta_curve():
    d = watermelon_scores()
    t = C.stepping_table(d.y_true, d.y_score)
    np.testing.assert_allclose(C.fbeta_curve(t, beta=1), t.f1)
    np.testing.assert_allclose(C.fbeta_curve(d.y_true, d.y_score, beta=1), t.f1)
    with np.errstate(invalid="ignore"):
        p, r = t.precision[1:], t.recall[1:]
        f2 = 5 * p * r / (4 * p + r)
    np.testing.assert_allclose(C.fbeta_curve(t, beta=2)[1:], f2)
    np.testing.assert_allclose(C.fbeta_curve(t, beta=1e4)[1:], r, atol=1e-6)  # beta -> inf: recall
    assert C.fbeta_curve(t, beta=0.5)[0] == 0.0
    with pytest.raises(ValueError, match="beta"):
        C.fbeta_curve(t, beta=0)
    with pytest.raises(TypeError, match="beta"):
        C.fbeta_curve(t, beta="2")
    with pytest.raises(TypeError, match="y_score"):
        C.fbeta_curve(d.y_true)


def test_convex_hull():
    hf, ht = C.roc_convex_hull([0, 0.1, 0.3, 0.5, 1], [0, 0.5, 0.6, 0.9, 1])
    assert hf.tolist() == [0.0, 0.1, 0.5, 1.0] and ht.tolist() == [0.0, 0.5, 0.9, 1.0]
    hf, ht = C.roc_convex_hull([0.5], [0.5])  # the diagonal only: its two ends
    assert hf.tolist() == [0.0, 1.0] and ht.tolist() == [0.0, 1.0]
    rng = np.random.default_rng(3)
    for _ in range(30):
        y = rng.integers(0, 2, 40)
        y[:2] = [0, 1]
        fpr, tpr, _ = C.roc_curve(y, np.round(rng.normal(size=40) + y, 1))
        hf, ht = C.roc_convex_hull(fpr, tpr)
        assert (hf[0], ht[0], hf[-1], ht[-1]) == (0, 0, 1, 1)
        assert np.all(np.diff(hf) >= 0) and np.all(np.diff(ht) >= 0)
        if hf[1] == 0:  # a vertical first edge
            hf, ht = hf[1:], ht[1:]
        assert np.all(np.diff(hf) > 0)
        slopes = np.diff(ht) / np.diff(hf)
        assert np.all(np.diff(slopes) < 0)  # strictly concave: vertices only
        assert np.all(tpr <= np.interp(fpr, hf, ht) + 1e-12)  # every point on or under the hull
        assert C.auc(hf, ht) >= C.auc(fpr, tpr) - 1e-12
    hf, ht = C.roc_convex_hull([0, 0, 0.5, 1], [0, 0.6, 0.9, 1])
    assert hf.tolist() == [0, 0, 0.5, 1] and ht.tolist() == [0, 0.6, 0.9, 1]
    with pytest.raises(ValueError, match="\\[0, 1\\]"):
        C.roc_convex_hull([0, 2], [0, 1])


def test_multiclass_curve_averages():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 3, 60)
    p = rng.dirichlet([1, 1, 1], 60) + np.eye(3)[y] * 0.5
    p = np.round(p / p.sum(1, keepdims=True), 1)
    p = p / p.sum(1, keepdims=True)
    r = C.roc_curve_multiclass(y, p)
    assert r.macro_auc == pytest.approx(r.auc.mean(), abs=1e-12)
    assert r.macro_auc == pytest.approx(C.roc_auc_score(y, p, multi_class="ovr"), abs=1e-12)
    assert r.micro_auc == pytest.approx(C.roc_auc_score(y, p, multi_class="ovr", average="micro"), abs=1e-12)
    for f, t in ((r.macro_fpr, r.macro_tpr), (r.micro_fpr, r.micro_tpr)):
        assert (f[0], t[0], f[-1], t[-1]) == (0, 0, 1, 1)
        assert np.all(np.diff(f) >= 0) and np.all(np.diff(t) >= 0)
    with pytest.raises(ValueError, match="columns"):
        C.roc_curve_multiclass(y, p[:, :2])


# ----------------------------------------------------------------------------- properties
labels_scores = st.integers(2, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda v: 0 < sum(v) < len(v)),
        st.lists(st.integers(-20, 20), min_size=n, max_size=n),
        st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.5]), min_size=n, max_size=n),
    )
)


@settings(max_examples=150, deadline=None)
@given(labels_scores)
def test_auc_equals_one_minus_rank_loss_equals_mann_whitney(case):
    y, s, w = (np.array(v) for v in case)
    s = s.astype(float)
    a = C.roc_auc_score(y, s)
    assert a == pytest.approx(1 - C.rank_loss(y, s), abs=1e-12)
    assert a == pytest.approx(C.auc_mann_whitney(y, s), abs=1e-12)
    t = C.stepping_table(y, s)
    assert a == pytest.approx(C.auc(t.fpr, t.tpr), abs=1e-12)
    # a brute-force count of pairs, in exact fractions
    pos, neg = s[y == 1], s[y == 0]
    wrong = sum(Fraction(int(p < q)) + Fraction(int(p == q), 2) for p in pos for q in neg)
    assert C.rank_loss(y, s) == pytest.approx(float(wrong / (len(pos) * len(neg))), abs=1e-15)
    aw = C.roc_auc_score(y, s, sample_weight=w)
    assert aw == pytest.approx(1 - C.rank_loss(y, s, sample_weight=w), abs=1e-12)
    assert aw == pytest.approx(C.auc_mann_whitney(y, s, sample_weight=w), abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(labels_scores)
def test_invariant_to_strictly_monotone_transforms(case):
    y, s, _ = (np.array(v) for v in case)
    s = s.astype(float)
    t0 = C.stepping_table(y, s)
    for f in (lambda x: 3 * x + 7, lambda x: x**3, lambda x: np.exp(x / 10), lambda x: 1 / (1 + np.exp(-x / 5))):
        t = C.stepping_table(y, f(s))
        for name in ("tp", "fp", "precision", "recall", "fpr"):
            np.testing.assert_array_equal(getattr(t, name), getattr(t0, name))
        assert C.roc_auc_score(y, f(s)) == C.roc_auc_score(y, s)
        assert C.average_precision_score(y, f(s)) == pytest.approx(C.average_precision_score(y, s), abs=1e-15)


@settings(max_examples=100, deadline=None)
@given(labels_scores)
def test_end_points_and_monotonicity(case):
    y, s, w = (np.array(v) for v in case)
    for weights in (None, w):
        t = C.stepping_table(y, s.astype(float), sample_weight=weights)
        assert (t.fpr[0], t.tpr[0], t.fpr[-1], t.tpr[-1]) == (0, 0, 1, 1)
        assert t.precision[-1] == pytest.approx(t.n_pos / (t.n_pos + t.n_neg))
        assert np.all(np.diff(t.recall) >= 0) and np.all(np.diff(t.fpr) >= 0)
        assert np.all(np.diff(t.recall) + np.diff(t.fpr) > 0)  # every row moves something
        assert len(t) == np.unique(s).size + 1
        fpr, tpr, thr = C.roc_curve(y, s, sample_weight=weights)
        assert (fpr[0], tpr[0], fpr[-1], tpr[-1]) == (0, 0, 1, 1)
        p, r, _ = C.precision_recall_curve(y, s, sample_weight=weights)
        assert (r[0], r[-1], p[-1]) == (1, 0, 1) and p[0] == pytest.approx(t.n_pos / (t.n_pos + t.n_neg))
        ap = C.average_precision_score(y, s, sample_weight=weights)
        assert ap == pytest.approx(float(np.sum(np.diff(t.recall) * t.precision[1:])), abs=1e-12)
        bep = C.break_even_point(y, s)
        assert 0 <= bep.value <= 1


# ----------------------------------------------------------------------------- bad input
FUNCS = [C.stepping_table, C.roc_curve, C.precision_recall_curve, C.roc_auc_score,
         C.average_precision_score, C.rank_loss, C.auc_mann_whitney]


@pytest.mark.parametrize("f", FUNCS, ids=lambda f: f.__name__)
def test_bad_input(f):
    with pytest.raises(ValueError, match="different numbers of samples"):
        f([0, 1, 1], [0.1, 0.2])
    with pytest.raises(ValueError, match="NaN or infinity"):
        f([0, 1, 1], [0.1, np.nan, 0.3])
    with pytest.raises(ValueError, match="NaN or infinity"):
        f([0, 1, 1], [0.1, -np.inf, 0.3])
    with pytest.raises(ValueError, match="sample_weight must be non-negative"):
        f([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[1, -1, 1])
    with pytest.raises(ValueError, match="sample_weight must not contain NaN"):
        f([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[1, np.nan, 1])
    with pytest.raises(ValueError, match="sample_weight has 2 weights"):
        f([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[1, 1])
    with pytest.raises((ValueError, TypeError), match="y_score"):
        f([0, 1, 1], [[0.1, 0.9], [0.2, 0.8], [0.3, 0.7]])
    with pytest.raises(ValueError, match="continuous"):
        f([0.5, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(TypeError, match="y_score must hold numbers"):
        f([0, 1, 1], ["a", "b", "c"])


@pytest.mark.parametrize("f", [C.stepping_table, C.roc_curve, C.precision_recall_curve, C.rank_loss])
def test_labels_need_pos_label(f):
    with pytest.raises(ValueError, match="pos_label"):
        f(["bad", "good", "bad"], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="3 classes"):
        f([0, 1, 2], [0.1, 0.2, 0.3])
    if f is not C.rank_loss:
        t = f(["bad", "good", "bad"], [0.1, 0.2, 0.3], pos_label="good")
        assert t is not None
        f([0, 1, 2], [0.1, 0.2, 0.3], pos_label=2)  # one class against the rest


def test_single_class():
    # as scikit-learn 1.9: roc_auc_score warns and returns NaN (it no longer raises),
    # roc_curve warns and gives NaN rates, precision_recall_curve sets recall to 1
    with pytest.warns(UndefinedMetricWarning, match="Only one class"):
        assert np.isnan(C.roc_auc_score([1, 1, 1], [0.1, 0.2, 0.3]))
    with pytest.warns(UndefinedMetricWarning, match="No negative samples"):
        fpr, tpr, _ = C.roc_curve([1, 1, 1], [0.1, 0.2, 0.3])
    assert np.isnan(fpr).all() and not np.isnan(tpr).any()
    with pytest.warns(UserWarning, match="No positive class"):
        p, r, _ = C.precision_recall_curve([0, 0], [0.1, 0.2])
    assert r.tolist() == [1, 1, 0]
    with pytest.warns(UserWarning, match="No positive class"):
        assert C.average_precision_score([0, 0], [0.1, 0.2]) == 0.0
    with pytest.warns(UndefinedMetricWarning, match="no negative"):
        t = C.stepping_table([1, 1], [0.1, 0.2])
    assert np.isnan(t.fpr).all() and t.recall.tolist() == [0, 0.5, 1]
    for f in (C.rank_loss, C.auc_mann_whitney):
        with pytest.raises(ValueError, match="at least one positive and one negative"):
            f([1, 1, 1], [0.1, 0.2, 0.3])
        with pytest.raises(ValueError, match="at least one positive and one negative"):
            f([1, 0, 1], [0.1, 0.2, 0.3], sample_weight=[1, 0, 1])


def test_other_bad_arguments():
    with pytest.raises(ValueError, match="max_fpr"):
        C.roc_auc_score([0, 1], [0.1, 0.2], max_fpr=0)
    with pytest.raises(ValueError, match="multi_class"):
        C.roc_auc_score([0, 1, 2], [[0.2, 0.3, 0.5]] * 3)
    with pytest.raises(TypeError, match="drop_intermediate"):
        C.roc_curve([0, 1], [0.1, 0.2], drop_intermediate="yes")
    with pytest.raises(ValueError, match="neither increasing nor decreasing"):
        C.auc([0, 1, 0.5], [1, 2, 3])
    with pytest.raises(ValueError, match="NaN or infinity"):
        C.auc([0, np.nan], [1, 2])
    with pytest.raises(ValueError, match="is empty"):
        C.roc_curve([], [])
    with pytest.raises(TypeError, match="y_true"):
        C.roc_curve(None, [0.1])
    with pytest.raises(ValueError, match="sample_weight sums to zero"):
        C.roc_curve([0, 1], [0.1, 0.2], sample_weight=[0, 0])


def test_zero_weights_are_dropped():
    a = C.stepping_table([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.6], sample_weight=[1, 0, 1, 1])
    b = C.stepping_table([1, 1, 0], [0.9, 0.7, 0.6])
    np.testing.assert_array_equal(a.thresholds, b.thresholds)
    np.testing.assert_array_equal(a.tp, b.tp)


def test_fast_paths_agree_with_general_paths():
    rng = np.random.default_rng(9)
    y = rng.integers(0, 2, 500)
    s = np.round(rng.normal(size=500), 1)
    ones = np.ones(500)
    for f in (C.roc_auc_score, C.average_precision_score, C.rank_loss, C.auc_mann_whitney):
        assert f(y, s) == pytest.approx(f(y, s, sample_weight=ones), abs=1e-12)
        assert f(y.astype(bool), s) == f(y, s) == f(y.tolist(), s.tolist()) == f(y.astype(float), s)
    for name in ("tp", "fp", "thresholds"):
        np.testing.assert_array_equal(getattr(C.stepping_table(y, s), name),
                                      getattr(C.stepping_table(y, s, sample_weight=ones), name))
    assert C.roc_auc_score(2 * y - 1, s) == C.roc_auc_score(y, s)


def test_roc_convex_hull_drops_points_collinear_up_to_rounding():
    # (0.1, 0.3) and (0.3, 0.9) lie on the line from (0, 0) through (0.2, 0.6): not vertices
    hf, ht = C.roc_convex_hull([0.1, 0.2, 0.3, 0.7], [0.3, 0.6, 0.9, 0.95])
    assert hf.tolist() == [0.0, 0.3, 1.0]
    assert ht.tolist() == [0.0, 0.9, 1.0]
