"""learnmetrics.classification: the book's formulas, its examples, bad input."""
import doctest
import math
import time
import warnings

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import classification as C


def test_public_names_are_exported():
    """The measures are ``lm.<name>``; the course's machinery stays in the module only."""
    course_only = getattr(lm, "COURSE_ONLY", frozenset())
    for name in C.__all__:
        if name in course_only:
            assert name not in lm.__all__
        else:
            assert getattr(lm, name) is getattr(C, name)


def test_docstring_examples():
    failures, tried = doctest.testmod(C, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 10 and failures == 0


# ---- the book's formulas on a hand-made binary problem ---------------------------------
# 17 samples: TP=5, FP=2, FN=3, TN=7
Y_TRUE = [1] * 5 + [0] * 2 + [1] * 3 + [0] * 7
Y_PRED = [1] * 5 + [1] * 2 + [0] * 3 + [0] * 7


def test_binary_counts_and_rates_formulas():
    c = C.binary_counts(Y_TRUE, Y_PRED)
    assert c == C.BinaryCounts(tp=5, fp=2, fn=3, tn=7)
    assert all(type(v) is int for v in c)
    tp, fp, fn, tn = c
    m = tp + fp + fn + tn
    assert (c.m, c.positives, c.negatives) == (17, 8, 9)
    assert c.precision == pytest.approx(tp / (tp + fp))
    assert c.recall == c.tpr == c.sensitivity == pytest.approx(tp / (tp + fn))
    assert c.fpr == pytest.approx(fp / (tn + fp))
    assert c.tnr == c.specificity == pytest.approx(1 - c.fpr)
    assert c.fnr == pytest.approx(1 - c.tpr)
    assert c.accuracy == pytest.approx((tp + tn) / m)
    assert c.error_rate == pytest.approx(1 - c.accuracy)
    p, r = c.precision, c.recall
    # F1 = 2PR/(P+R) = 2TP/(m + TP - TN)
    assert c.f1 == pytest.approx(2 * p * r / (p + r))
    assert c.f1 == pytest.approx(2 * tp / (m + tp - tn))
    # F-beta = (1+b^2)PR/(b^2 P + R), and 1/F_b = (1/P + b^2/R)/(1+b^2)
    for beta in (0.5, 2.0):
        fb = (1 + beta**2) * p * r / (beta**2 * p + r)
        assert c.fbeta(beta) == pytest.approx(fb)
        assert 1 / c.fbeta(beta) == pytest.approx((1 / p + beta**2 / r) / (1 + beta**2))
        assert C.fbeta_score(Y_TRUE, Y_PRED, beta=beta) == pytest.approx(fb)
    assert c.fbeta(0) == pytest.approx(p) and c.fbeta(np.inf) == pytest.approx(r)
    # the sklearn-named functions agree with the counts
    assert C.precision_score(Y_TRUE, Y_PRED) == pytest.approx(p)
    assert C.recall_score(Y_TRUE, Y_PRED) == pytest.approx(r)
    assert C.f1_score(Y_TRUE, Y_PRED) == pytest.approx(c.f1)
    assert C.accuracy_score(Y_TRUE, Y_PRED) == pytest.approx(c.accuracy)
    assert C.error_rate(Y_TRUE, Y_PRED) == pytest.approx(c.error_rate)
    np.testing.assert_array_equal(C.confusion_matrix(Y_TRUE, Y_PRED), c.as_matrix("sklearn"))
    np.testing.assert_array_equal(c.as_matrix("book"), [[5, 3], [2, 7]])
    r_all = C.rates(c)
    assert r_all.undefined == ()
    assert str(r_all) == "P=0.714 R=0.625 F1=0.667 FPR=0.222 TNR=0.778 FNR=0.375 acc=0.706 err=0.294"
    assert str(c) == "tp=5 fp=2 fn=3 tn=7"


def test_weighted_counts_are_floats():
    c = C.binary_counts([1, 0, 1], [1, 1, 0], sample_weight=[2, 0.5, 1])
    assert c == C.BinaryCounts(2.0, 0.5, 1.0, 0.0)
    assert all(type(v) is float for v in c)
    assert str(c) == "tp=2.000 fp=0.500 fn=1.000 tn=0.000"
    assert C.binary_counts(["b", "g", "g"], ["g", "g", "b"], pos_label="g") == C.BinaryCounts(1, 1, 1, 0)


def test_error_rate_is_book_E():
    y_true = [0, 1, 2, 2, 1]
    y_pred = [0, 2, 2, 1, 1]
    assert C.error_rate(y_true, y_pred) == pytest.approx(2 / 5)
    assert C.error_rate(y_true, y_pred, sample_weight=[1, 3, 1, 1, 1]) == pytest.approx(4 / 7)
    assert C.accuracy_score(y_true, y_pred, normalize=False) == 3.0


def test_rates_zero_division_policy():
    c = C.BinaryCounts(tp=0, fp=0, fn=4, tn=6)  # nothing predicted positive
    with pytest.warns(lm.UndefinedMetricWarning, match="precision"):
        r = C.rates(c)
    assert math.isnan(r.precision) and r.undefined == ("precision",)
    assert r.recall == 0.0 and r.f1 == 0.0 and r.fpr == 0.0
    assert "P=undefined (0/0)" in str(r)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert C.rates(c, zero_division=1.0).precision == 1.0
        assert C.rates(c, zero_division=0.0).precision == 0.0
    with pytest.warns(lm.UndefinedMetricWarning):
        assert C.rates(c, zero_division="warn").precision == 0.0
    with pytest.warns(lm.UndefinedMetricWarning, match="precision"):
        assert math.isnan(c.precision)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert c.recall == 0.0  # defined rates never warn
    assert C.rates((1, 2, 3, 4)).precision == pytest.approx(1 / 3)
    empty = C.BinaryCounts(0, 0, 0, 0)
    with pytest.warns(lm.UndefinedMetricWarning):
        assert all(math.isnan(v) for v in (C.rates(empty).accuracy, C.rates(empty).f1))
    with pytest.warns(lm.UndefinedMetricWarning):
        assert math.isnan(empty.fbeta(2))


# ---- note 002: y_true=[1,2,3], y_pred=[1,1,3] ---------------------------------------
def test_note_002_example_and_the_two_macro_f1():
    y_true, y_pred = [1, 2, 3], [1, 1, 3]
    np.testing.assert_array_equal(C.confusion_matrix(y_true, y_pred), [[1, 0, 0], [1, 0, 0], [0, 0, 1]])
    ovr = C.one_vs_rest_counts(y_true, y_pred)
    assert ovr == [C.BinaryCounts(1, 1, 0, 1), C.BinaryCounts(0, 0, 1, 2), C.BinaryCounts(1, 0, 0, 2)]
    with pytest.warns(lm.UndefinedMetricWarning):  # class 2's precision is 0/0
        mm = C.macro_micro(ovr)
    assert mm.macro_p == pytest.approx(0.5)
    assert mm.macro_r == pytest.approx(2 / 3)
    assert round(mm.macro_f1, 4) == 0.5714  # the book: F1 of macro-P and macro-R
    assert round(mm.macro_f1_mean_of_f1, 4) == 0.5556  # scikit-learn / note 002: mean of F1s
    assert mm.macro_f1 == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))
    # F1 of class 2 is defined (2TP/(2TP+FP+FN) = 0/1): no warning
    assert C.f1_score(y_true, y_pred, average="macro") == pytest.approx(mm.macro_f1_mean_of_f1)
    # micro: averaged counts; for single-label multi-class it equals accuracy
    assert mm.mean_counts == C.BinaryCounts(2 / 3, 1 / 3, 1 / 3, 5 / 3)
    for v in (mm.micro_p, mm.micro_r, mm.micro_f1):
        assert v == pytest.approx(2 / 3)
    assert C.f1_score(y_true, y_pred, average="micro") == pytest.approx(C.accuracy_score(y_true, y_pred))
    assert "macro-F1=0.5714 (mean of per-class F1: 0.5556)" in str(mm)
    # with zero_division=nan the undefined precision is left out of macro-P
    mm_nan = C.macro_micro(ovr, zero_division=np.nan)
    assert mm_nan.macro_p == pytest.approx(0.75)


def test_macro_micro_over_several_datasets():
    # the book's other use: one confusion matrix per data set / training run
    runs = [C.BinaryCounts(8, 2, 2, 88), C.BinaryCounts(1, 9, 0, 90)]
    mm = C.macro_micro(runs)
    assert mm.macro_p == pytest.approx((0.8 + 0.1) / 2)
    assert mm.macro_r == pytest.approx((0.8 + 1.0) / 2)
    assert mm.micro_p == pytest.approx(4.5 / (4.5 + 5.5))
    assert mm.micro_r == pytest.approx(4.5 / (4.5 + 1.0))
    assert mm.n == 2


def test_labels_strings_and_order():
    y_true = ["cat", "ant", "cat", "cat", "ant", "bird"]
    y_pred = ["ant", "ant", "cat", "cat", "ant", "cat"]
    cm = C.confusion_matrix(y_true, y_pred, labels=["ant", "bird", "cat"])
    np.testing.assert_array_equal(cm, [[2, 0, 0], [0, 0, 1], [1, 0, 2]])
    assert cm.dtype == np.int64
    ovr = C.one_vs_rest_counts(y_true, y_pred, labels=["cat", "zebra"])
    assert ovr == [C.BinaryCounts(2, 1, 1, 2), C.BinaryCounts(0, 0, 0, 6)]
    np.testing.assert_allclose(C.confusion_matrix([0, 1, 1], [0, 0, 1], normalize="true"), [[1, 0], [0.5, 0.5]])
    assert C.confusion_matrix([0, 1], [0, 1], sample_weight=[0.5, 1]).dtype == np.float64


# ---- threshold_state -------------------------------------------------------------
def test_threshold_state_values_and_text():
    y_true = [1, 1, 0, 1, 0, 0]
    y_score = [0.9, 0.8, 0.7, 0.6, 0.3, 0.1]
    s = C.threshold_state(y_true, y_score, 0.65)
    np.testing.assert_array_equal(s.y_pred, [1, 1, 1, 0, 0, 0])
    assert s.counts == C.BinaryCounts(2, 1, 1, 2)
    assert s.precision == pytest.approx(2 / 3) and s.tpr == pytest.approx(2 / 3)
    assert s.fpr == pytest.approx(1 / 3) and s.tnr == pytest.approx(2 / 3)
    assert s.fnr == pytest.approx(1 / 3) and s.accuracy == pytest.approx(4 / 6)
    assert s.error_rate == pytest.approx(2 / 6) and s.f1 == pytest.approx(2 / 3)
    assert str(s) == (
        "threshold=0.650 | tp=2 fp=1 fn=1 tn=2 | P=0.667 R=TPR=0.667 F1=0.667\n"
        "FPR=0.333 TNR=0.667 FNR=0.333 accuracy=0.667 error=0.333"
    )
    # ties: a score equal to the threshold is predicted positive
    assert C.threshold_state(y_true, y_score, 0.7).counts.fp == 1
    # above every score: nothing predicted positive, precision 0/0, no warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        top = C.threshold_state(y_true, y_score, np.inf)
    assert math.isnan(top.precision) and top.undefined == ("precision",)
    assert "P=undefined (0/0)" in str(top)
    assert top.recall == 0.0 and top.fpr == 0.0
    bottom = C.threshold_state(y_true, y_score, -np.inf)
    assert bottom.recall == 1.0 and bottom.fpr == 1.0
    # string labels
    s2 = C.threshold_state(["good", "bad", "good"], [0.8, 0.4, 0.3], 0.5, pos_label="good")
    assert s2.y_pred.tolist() == ["good", "bad", "bad"]
    assert s2.counts == C.BinaryCounts(1, 0, 1, 1)


def test_threshold_state_on_watermelons_is_fast():
    data = lm.datasets.watermelon_scores()
    t0 = time.perf_counter()
    for thr in np.linspace(0, 1, 200):
        s = C.threshold_state(data.y_true, data.y_score, float(thr))
    per_call_ms = (time.perf_counter() - t0) / 200 * 1000
    assert per_call_ms < 2.0, per_call_ms
    assert s.counts.m == len(data)
    big = np.random.default_rng(0)
    y = big.integers(0, 2, 200_000)
    sc = big.random(200_000)
    t0 = time.perf_counter()
    C.threshold_state(y, sc, 0.5)
    assert time.perf_counter() - t0 < 0.2


# ---- bad input ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "call, exc, match",
    [
        (lambda: C.f1_score([0, 1, 1], [0, 1]), ValueError, "y_true has 3, y_pred has 2"),
        (lambda: C.f1_score([], []), ValueError, "y_true is empty"),
        (lambda: C.accuracy_score([0, np.nan], [0, 1]), ValueError, "y_true must not contain NaN"),
        (lambda: C.confusion_matrix([0, 1], [0, np.inf]), ValueError, "y_pred must not contain NaN or inf"),
        (lambda: C.f1_score([[0, 1], [1, 0]], [[0, 1], [1, 0]]), ValueError, "multilabel-indicator but average='binary'"),
        (lambda: C.f1_score([[0, 1], [1, 0]], [0, 1], average="macro"), ValueError, "y_true is a label-indicator.*y_pred is 1-D"),
        (lambda: C.f1_score([[0, 2], [1, 0]], [[0, 1], [1, 0]], average="macro"), ValueError, "y_true .*only 0 and 1"),
        (lambda: C.f1_score([[0, 1], [1, 0]], [[0, 1, 1], [1, 0, 0]], average="macro"), ValueError,
         "y_true has 2 labels.*y_pred has 3"),
        (lambda: C.matthews_corrcoef([[0, 1], [1, 0]], [[0, 1], [1, 0]]), ValueError, "y_true must be 1-D"),
        (lambda: C.confusion_matrix(np.array([[0], [1]]), [0, 1]), ValueError, "ravel"),
        (lambda: C.f1_score(["a", "b"], ["a", "b"]), ValueError, "pos_label=1"),
        (lambda: C.binary_counts(["a", "b"], ["a", "a"]), ValueError, "pos_label=1"),
        (lambda: C.binary_counts(["a"], ["a"]), ValueError, "pos_label=1"),
        (lambda: C.f1_score([0, 1], [0, 1], pos_label=[1]), TypeError, "pos_label"),
        (lambda: C.f1_score([0, 1], [0, 1], pos_label=None), ValueError, "pos_label=None"),
        (lambda: C.fbeta_score([0, 1], [0, 1], beta=-1), ValueError, "beta"),
        (lambda: C.fbeta_score([0, 1], [0, 1], beta=np.nan), ValueError, "beta"),
        (lambda: C.fbeta_score([0, 1], [0, 1], beta="2"), TypeError, "beta"),
        (lambda: C.fbeta_score([0, 1], [0, 1], beta=True), TypeError, "beta"),
        (lambda: C.confusion_matrix([0, 1], [0, 1], normalize="rows"), ValueError, "normalize"),
        (lambda: C.accuracy_score([0, 1], [0, 1], normalize=1), TypeError, "normalize"),
        (lambda: C.f1_score([0, 1], [0, 1], average="mean"), ValueError, "average"),
        (lambda: C.f1_score([0, 1], [0, 1], average="samples"), ValueError, "multi-label"),
        (lambda: C.f1_score([0, 1, 2], [0, 1, 2]), ValueError, "average='binary'"),
        (lambda: C.f1_score([0, 1], [0, 1], zero_division=0.5), ValueError, "zero_division"),
        (lambda: C.f1_score([0, 1], [0, 1], zero_division="nan"), ValueError, "zero_division"),
        (lambda: C.f1_score([0.2, 0.9], [0, 1]), ValueError, "continuous"),
        (lambda: C.accuracy_score(["a", "b"], [0, 1]), TypeError, "y_true holds string labels but y_pred"),
        (lambda: C.f1_score([0, 1], [0, 1], sample_weight=[1, -1]), ValueError, "sample_weight"),
        (lambda: C.f1_score([0, 1], [0, 1], sample_weight=[0, 0]), ValueError, "sample_weight"),
        (lambda: C.f1_score([0, 1], [0, 1], sample_weight=[1]), ValueError, "sample_weight"),
        (lambda: C.confusion_matrix([0, 1], [0, 1], labels=[]), ValueError, "labels"),
        (lambda: C.confusion_matrix([0, 1], [0, 1], labels=[0, 0]), ValueError, "duplicates"),
        (lambda: C.confusion_matrix([0, 1], [0, 1], labels=[5]), ValueError, "y_true"),
        (lambda: C.f1_score([0, 1], [0, 1], average=None, labels=["a"]), TypeError, "labels"),
        (lambda: C.accuracy_score(None, [0, 1]), TypeError, "y_true"),
        (lambda: C.accuracy_score("0101", [0, 1]), TypeError, "y_true"),
        (lambda: C.BinaryCounts(1, -1, 0, 0), ValueError, "fp"),
        (lambda: C.BinaryCounts(1, "2", 0, 0), TypeError, "fp"),
        (lambda: C.rates("abcd"), TypeError, "tp|counts"),
        (lambda: C.macro_micro([]), ValueError, "counts_list"),
        (lambda: C.macro_micro(C.BinaryCounts(1, 1, 1, 1)), TypeError, "counts_list"),
        (lambda: C.macro_micro([(1, 2)]), TypeError, r"counts_list\[0\]"),
        (lambda: C.one_vs_rest_counts([0, 1], [0, 1], labels=[1, 1]), ValueError, "duplicates"),
        (lambda: C.binary_counts([0, 1, 2], [0, 1, 2]), ValueError, "one_vs_rest_counts"),
        (lambda: C.threshold_state([0, 1], [0.1, np.nan], 0.5), ValueError, "y_score"),
        (lambda: C.threshold_state([0, 1], [0.1, 0.2, 0.3], 0.5), ValueError, "y_score has 3"),
        (lambda: C.threshold_state([0, 1], [0.1, 0.2], np.nan), ValueError, "threshold"),
        (lambda: C.threshold_state([0, 1], [0.1, 0.2], "0.5"), TypeError, "threshold"),
        (lambda: C.threshold_state([0, 1, 2], [0.1, 0.2, 0.3], 0.5), ValueError, "two classes"),
        (lambda: C.threshold_state(["a", "b"], [0.1, 0.2], 0.5), ValueError, "pos_label=1"),
        (lambda: C.threshold_state([0, 2], [0.1, 0.2], 0.5), ValueError, "pos_label=1"),
        (lambda: C.threshold_state([0.1, 0.9], [0.1, 0.2], 0.5), ValueError, "continuous"),
        (lambda: C.threshold_state(["a", "a"], [0.1, 0.2], 0.5, pos_label="a"), ValueError, "neg_label"),
        # issue 12: flags, beta, warn_for, neg_label, complex, mixed kinds
        (lambda: C.accuracy_score([0, 1], [0, 1], normalize="False"), TypeError, "normalize"),
        (lambda: C.fbeta_score([0, 1], [0, 1], beta=-np.inf), ValueError, "beta"),
        (lambda: C.fbeta_score([0, 1], [0, 1], beta=1 + 0j), TypeError, "beta"),
        (lambda: C.BinaryCounts(1, 1, 1, 1).fbeta(np.nan), ValueError, "beta"),
        (lambda: C.precision_recall_fscore_support([0, 1], [0, 1], warn_for="recall"), TypeError, "warn_for"),
        (lambda: C.precision_recall_fscore_support([0, 1], [0, 1], warn_for=("f1",)), ValueError, "warn_for"),
        (lambda: C.threshold_state([0, 1], [0.1, 0.2], 0.5, neg_label=[0]), TypeError, "neg_label"),
        (lambda: C.threshold_state([0, 1], [0.1, 0.2], 0.5, neg_label="0"), TypeError, "neg_label"),
        (lambda: C.threshold_state([0, 1], [0.1, 0.2], 0.5, neg_label=1), ValueError, "neg_label"),
        (lambda: C.threshold_state([0, 1], [0.1, 0.2], 0.5, neg_label=7), ValueError, "neg_label"),
        (lambda: C.threshold_state([0, 1], [0.1 + 1j, 0.2], 0.5), TypeError, "y_score"),
        (lambda: C.accuracy_score(["a", 1], ["a", 1]), TypeError, "y_true mixes strings and numbers"),
        (lambda: C.accuracy_score(np.array(["a", 1], dtype=object), ["a", "b"]), TypeError, "y_true mixes"),
        (lambda: C.accuracy_score([0, 1], [0, 1j]), TypeError, "y_pred"),
        (lambda: C.accuracy_score(np.array([0, 1j], dtype=object), [0, 1]), TypeError, "y_true"),
        (lambda: C.accuracy_score([0, 1], [0, 1], sample_weight=[1, 1j]), TypeError, "sample_weight"),
        (lambda: C.accuracy_score([0, 1], [0, 1], sample_weight=["1", "1"]), TypeError, "sample_weight"),
        (lambda: C.confusion_matrix([0, 1], [0, 1], sample_weight=[2**62, 2**62]), ValueError, "sample_weight"),
        (lambda: C.f1_score([0, 1], [0, 1], labels=[0, "a"], average=None), TypeError, "labels"),
        (lambda: C.binary_counts([0, 1], [0, 1], pos_label=[1]), TypeError, "pos_label"),
    ],
)
def test_bad_input_is_named(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_pos_label_ignored_warning():
    with pytest.warns(UserWarning, match="pos_label"):
        C.f1_score([0, 1, 2], [0, 1, 1], average="macro", pos_label=2)


# ---- issue 12: exact counts, the same label rule everywhere, limits instead of NaN -------
def test_integer_weights_are_counted_exactly():
    """Integer weights near 2**53 give exact integer counts (float64 would round them)."""
    big = 2**53
    y_true, y_pred, w = [0, 1, 1, 0], [0, 1, 0, 0], np.array([big, 1, 1, 3])
    cm = C.confusion_matrix(y_true, y_pred, sample_weight=w)
    assert cm.dtype == np.int64
    assert cm.tolist() == [[big + 3, 0], [1, 1]]  # big + 3 is not a float64
    assert float(big + 3) != big + 3
    c = C.binary_counts(y_true, y_pred, sample_weight=w)
    assert tuple(c) == (1, 0, 1, big + 3) and all(type(v) is int for v in c)
    ovr = C.one_vs_rest_counts(y_true, y_pred, sample_weight=w)
    assert tuple(ovr[0]) == (big + 3, 1, 0, 1)
    # boolean weights are integers too
    assert C.binary_counts([0, 1], [0, 1], sample_weight=[True, True]) == C.BinaryCounts(1, 0, 0, 1)
    # accuracy: exact sums, one division
    acc = C.accuracy_score(y_true, y_pred, sample_weight=w)
    assert acc == (big + 4) / (big + 5)
    assert C.accuracy_score(y_true, y_pred, sample_weight=w, normalize=False) == float(big + 4)
    # the support stays float64 when weighted, as in scikit-learn
    _, _, _, s = C.precision_recall_fscore_support(y_true, y_pred, sample_weight=[1, 2, 3, 4])
    assert s.dtype == np.float64 and s.tolist() == [5.0, 5.0]


def test_weights_whose_total_overflows_int64_are_refused():
    with pytest.raises(ValueError, match="sample_weight sums to 9223372036854775808"):
        C.confusion_matrix([0, 1], [0, 1], sample_weight=np.array([2**62, 2**62]))
    # the same weights as floats are accepted (approximate by choice)
    assert C.confusion_matrix([0, 1], [0, 1], sample_weight=[2.0**62, 2.0**62]).dtype == np.float64


def test_integer_labels_compared_exactly():
    big = 2**53 + 1
    # int64 with uint64 would meet in float64 (exact only to 2**53)
    yt = np.array([2**63 - 1, 2**63 - 2, 0], dtype=np.int64)
    yp = np.array([2**63 - 2, 2**63 - 2, 0], dtype=np.uint64)
    assert C.accuracy_score(yt, yp) == pytest.approx(2 / 3)
    assert C.confusion_matrix(yt, yp).tolist() == [[1, 0, 0], [0, 1, 0], [0, 1, 0]]
    # both signs with uint64 beyond int64
    cm = C.confusion_matrix(np.array([2**64 - 1, 1], dtype=np.uint64), np.array([-1, 1]))
    assert cm.sum() == 2 and np.trace(cm) == 1
    # big integers against whole floats: 2**53 + 1 is not 2**53
    assert C.accuracy_score(np.array([big, 0]), np.array([float(2**53), 0.0])) == 0.5
    assert C.accuracy_score(np.array([big, 0]), np.array([big, 0])) == 1.0


def test_object_labels_are_read_as_numbers_or_strings():
    obj = np.array([0, 1, 0, 1], dtype=object)
    assert C.accuracy_score(obj, [0, 1, 1, 1]) == 0.75
    assert C.f1_score(obj, np.array([0, 1, 1, 1], dtype=object)) == pytest.approx(0.8)
    assert C.accuracy_score(np.array(["a", "b"], dtype=object), ["a", "a"]) == 0.5
    # booleans are numbers: True == 1
    assert C.accuracy_score([True, False], [1, 0]) == 1.0


@pytest.mark.parametrize("beta", [1e10, 1e154, 1e155, 1e200, 1e300, 1.7e308])
def test_huge_beta_gives_recall_never_nan(beta):
    y_true, y_pred = [0, 1, 1, 0, 1], [1, 1, 0, 0, 0]
    r = C.recall_score(y_true, y_pred)
    assert C.fbeta_score(y_true, y_pred, beta=beta) == pytest.approx(r, rel=1e-9)
    assert C.BinaryCounts(1, 1, 2, 1).fbeta(beta) == pytest.approx(1 / 3, rel=1e-9)
    # per class: class 2 never true but predicted -> the limit 0; class 3 never seen -> 0/0
    f = C.fbeta_score([0, 0, 1], [0, 2, 1], beta=beta, labels=[0, 1, 2, 3], average=None, zero_division=np.nan)
    np.testing.assert_allclose(f[:3], [0.5, 1.0, 0.0], rtol=1e-9)
    assert math.isnan(f[3])


@pytest.mark.parametrize("beta", [1e-200, 1e-170, 1e-160])
def test_tiny_beta_gives_precision(beta):
    y_true, y_pred = [0, 1, 1, 0, 1], [1, 1, 0, 0, 0]
    assert C.fbeta_score(y_true, y_pred, beta=beta) == pytest.approx(C.precision_score(y_true, y_pred))


def test_macro_micro_integer_counts_exact():
    big = 2**60
    mm = C.macro_micro([(big + 1, 1, 0, 0), (1, 0, 0, 0)], zero_division=0.0)
    assert mm.micro_p == (big + 2) / (big + 3)
    assert mm.macro_p == ((big + 1) / (big + 2) + 1.0) / 2


def test_neg_label_is_used():
    s = C.threshold_state(["x", "y"], [0.2, 0.7], 0.5, pos_label="y", neg_label="x")
    assert s.y_pred.tolist() == ["x", "y"]
    s = C.threshold_state([1, 1], [0.2, 0.7], 0.5, neg_label=-1)
    assert s.y_pred.tolist() == [-1, 1]


def test_confusion_matrix_size_checked_before_allocation():
    start = time.perf_counter()
    with pytest.raises(ValueError, match="20,000 x 20,000.*labels="):
        C.confusion_matrix(np.arange(20000), np.arange(20000))
    with pytest.raises(ValueError, match="would need 400,000,000 elements"):
        C.confusion_matrix([0, 1], [0, 1], labels=np.arange(20000))
    assert time.perf_counter() - start < 1.0
    # precision per class needs no k x k matrix: many classes are fine there
    assert C.precision_score(np.arange(20000), np.arange(20000), average="macro") == 1.0


def test_labels_and_pos_label_checked_even_where_unused():
    # labels is not used with average='binary' and pos_label not without it: a mistyped
    # value is still refused instead of silently ignored
    with pytest.raises(TypeError, match="labels"):
        C.f1_score([0, 1], [0, 1], labels=["a", "b"])
    with pytest.raises(ValueError, match="labels"):
        C.f1_score([0, 1], [0, 1], labels=[])
    with pytest.raises(ValueError, match="pos_label='1'"):
        C.f1_score([0, 1, 2], [0, 1, 2], average="macro", pos_label="1")
    # the defaults stay quiet for string labels
    assert C.f1_score(["a", "b"], ["a", "b"], average="macro") == 1.0


# ---- issue 15: the measures that hold up under imbalance, on the 17-sample problem -----
def test_imbalance_measures_formulas_on_the_hand_made_problem():
    tp, fp, fn, tn = 5, 2, 3, 7
    m = tp + fp + fn + tn
    tpr, tnr, fpr, fnr = tp / (tp + fn), tn / (tn + fp), fp / (fp + tn), fn / (tp + fn)
    assert C.balanced_accuracy_score(Y_TRUE, Y_PRED) == pytest.approx((tpr + tnr) / 2, rel=1e-15)
    assert C.balanced_accuracy_score(Y_TRUE, Y_PRED, adjusted=True) == pytest.approx(tpr + tnr - 1, rel=1e-14)
    mcc = (tp * tn - fp * fn) / math.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    assert C.matthews_corrcoef(Y_TRUE, Y_PRED) == pytest.approx(mcc, rel=1e-14)
    p_o = (tp + tn) / m
    p_e = ((tp + fn) * (tp + fp) + (tn + fp) * (tn + fn)) / m**2
    assert C.cohen_kappa_score(Y_TRUE, Y_PRED) == pytest.approx((p_o - p_e) / (1 - p_e), rel=1e-14)
    lr_pos, lr_neg = C.class_likelihood_ratios(Y_TRUE, Y_PRED)
    assert lr_pos == pytest.approx(tpr / fpr, rel=1e-15) and lr_neg == pytest.approx(fnr / tnr, rel=1e-15)
    assert C.jaccard_score(Y_TRUE, Y_PRED) == tp / (tp + fp + fn)
    f1 = C.f1_score(Y_TRUE, Y_PRED)
    assert C.jaccard_score(Y_TRUE, Y_PRED) == pytest.approx(f1 / (2 - f1), rel=1e-15)
    assert C.hamming_loss(Y_TRUE, Y_PRED) == C.zero_one_loss(Y_TRUE, Y_PRED) == (fp + fn) / m
    assert C.zero_one_loss(Y_TRUE, Y_PRED, normalize=False) == fp + fn


def test_likelihood_ratios_ignore_prevalence_precision_does_not():
    """Weighting the positives 10 times: TPR and FPR, hence LR+ and LR-, stay; precision moves."""
    w = np.where(np.asarray(Y_TRUE) == 1, 10, 1)
    assert C.class_likelihood_ratios(Y_TRUE, Y_PRED, sample_weight=w) == pytest.approx(
        C.class_likelihood_ratios(Y_TRUE, Y_PRED), rel=1e-14)
    assert C.precision_score(Y_TRUE, Y_PRED, sample_weight=w) > C.precision_score(Y_TRUE, Y_PRED) + 0.1


def test_hamming_never_exceeds_zero_one_loss_on_random_multilabel():
    rng = np.random.default_rng(15)
    for _ in range(200):
        n, n_labels = int(rng.integers(1, 30)), int(rng.integers(2, 6))
        y = rng.integers(0, 2, (n, n_labels))
        p = np.where(rng.random((n, n_labels)) < 0.3, 1 - y, y)
        w = rng.random(n) + 0.01
        assert C.hamming_loss(y, p, sample_weight=w) <= C.zero_one_loss(y, p, sample_weight=w) + 1e-15
        assert C.zero_one_loss(y, p) == pytest.approx(1 - C.accuracy_score(y, p), rel=1e-14)


def test_top_k_ties_go_to_the_larger_column():
    s = [[0.4, 0.4, 0.2]]
    assert C.top_k_accuracy_score([1], s, k=1, labels=[0, 1, 2]) == 1.0
    assert C.top_k_accuracy_score([0], s, k=1, labels=[0, 1, 2]) == 0.0
    assert C.top_k_accuracy_score([0], s, k=2, labels=[0, 1, 2]) == 1.0
