"""Every public function of learnmetrics.curves refuses bad arguments with a clear
error naming the argument (issue 12): a table of (function, arguments, error, words)."""
import warnings

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import curves as C

Y = [0, 1, 0, 1, 1, 0]
S = [0.1, 0.9, 0.4, 0.35, 0.8, 0.2]
Y3 = [0, 1, 2, 2, 1, 0]
S3 = [[.6, .3, .1], [.2, .5, .3], [.1, .2, .7], [.3, .4, .3], [.2, .6, .2], [.5, .25, .25]]
T = C.stepping_table(Y, S)
COMPLEX = [0.1 + 5j, 0.9, 0.4, 0.35, 0.8, 0.2]
NAN = [np.nan, 0.9, 0.4, 0.35, 0.8, 0.2]

BINARY = [C.stepping_table, C.roc_curve, C.precision_recall_curve, C.roc_auc_score, C.average_precision_score,
          C.rank_loss, C.auc_mann_whitney, C.break_even_point, C.fbeta_curve]

CASES = [
    # (function, args, kwargs, exception, words that must appear in the message)
    *[(f, (Y, COMPLEX), {}, TypeError, ["y_score", "complex"]) for f in BINARY],
    *[(f, (Y, np.array(COMPLEX)), {}, TypeError, ["y_score", "complex"]) for f in BINARY],
    *[(f, (Y, NAN), {}, ValueError, ["y_score", "NaN"]) for f in BINARY],
    *[(f, (Y, S[:4]), {}, ValueError, ["y_true has 6", "y_score has 4"]) for f in BINARY],
    *[(f, (Y, "abc"), {}, TypeError, ["y_score"]) for f in BINARY],
    *[(f, (None, S), {}, (TypeError, ValueError), ["y_true"]) for f in BINARY],
    *[(f, ([], []), {}, ValueError, ["empty"]) for f in BINARY],
    *[(f, (Y, S), {"sample_weight": [1, 1, 1, -1, 1, 1]}, ValueError, ["sample_weight", "non-negative"])
      for f in (C.stepping_table, C.roc_curve, C.precision_recall_curve, C.roc_auc_score, C.rank_loss)],
    *[(f, (Y, S), {"sample_weight": [1, 1, 1j, 1, 1, 1]}, TypeError, ["sample_weight"])
      for f in (C.stepping_table, C.roc_curve, C.roc_auc_score)],
    *[(f, ([0, 2, 0, 2, 2, 0], S), {}, ValueError, ["y_true", "pos_label"])
      for f in (C.stepping_table, C.roc_curve, C.precision_recall_curve, C.break_even_point)],
    (C.roc_curve, (Y, S), {"drop_intermediate": "False"}, TypeError, ["drop_intermediate", "True or False"]),
    (C.roc_curve, (Y, S), {"drop_intermediate": 0}, TypeError, ["drop_intermediate"]),
    (C.precision_recall_curve, (Y, S), {"drop_intermediate": "yes"}, TypeError, ["drop_intermediate"]),
    (C.fbeta_curve, (Y, S), {"beta": 0}, ValueError, ["beta"]),
    (C.fbeta_curve, (Y, S), {"beta": -1}, ValueError, ["beta"]),
    (C.fbeta_curve, (Y, S), {"beta": np.nan}, ValueError, ["beta"]),
    (C.fbeta_curve, (Y, S), {"beta": np.inf}, ValueError, ["beta"]),
    (C.fbeta_curve, (Y, S), {"beta": "2"}, TypeError, ["beta"]),
    (C.fbeta_curve, (Y, S), {"beta": True}, TypeError, ["beta"]),
    (C.fbeta_curve, (T, S), {}, TypeError, ["SteppingTable"]),
    (C.roc_auc_score, (Y, S), {"max_fpr": 0}, ValueError, ["max_fpr"]),
    (C.roc_auc_score, (Y, S), {"max_fpr": "0.5"}, TypeError, ["max_fpr"]),
    (C.roc_auc_score, (Y, S), {"average": "mean"}, ValueError, ["average"]),
    (C.roc_auc_score, (Y3, S3), {}, ValueError, ["multi_class"]),
    (C.roc_auc_score, (Y3, S3), {"multi_class": "ovx"}, ValueError, ["multi_class"]),
    (C.roc_auc_score, (Y3, np.array(S3) + 0j), {"multi_class": "ovr"}, TypeError, ["y_score", "complex"]),
    (C.roc_auc_score, (Y3, S3), {"multi_class": "ovr", "labels": [0, 1, 1]}, ValueError, ["labels"]),
    (C.average_precision_score, (Y, S), {"average": 3}, TypeError, ["average"]),
    (C.auc, ([0, 0.5, 1], [0, 1]), {}, ValueError, ["same length"]),
    (C.auc, ([0, 0.5 + 1j, 1], [0, 1, 1]), {}, TypeError, ["x", "complex"]),
    (C.auc, ([0], [0]), {}, ValueError, ["2 points"]),
    (C.auc, ([0, 1, 0.5], [0, 1, 1]), {}, ValueError, ["increasing"]),
    (C.auc, ([0, np.nan], [0, 1]), {}, ValueError, ["NaN"]),
    (C.cut_point_state, (T, 99), {}, ValueError, ["k", "between 0 and"]),
    (C.cut_point_state, (T, 1.0), {}, TypeError, ["k", "integer"]),
    (C.cut_point_state, (T, True), {}, TypeError, ["k"]),
    (C.cut_point_state, ("table", 1), {}, TypeError, ["table", "SteppingTable"]),
    (C.roc_curve_multiclass, (Y3, S3), {"labels": [0, 1, 3]}, ValueError, ["y_true", "[2]", "labels"]),
    (C.roc_curve_multiclass, (Y3, S3), {"labels": [0, 1, 1]}, ValueError, ["labels", "repeat"]),
    (C.roc_curve_multiclass, ([0, 1, 5, 5, 1, 0], S3), {"labels": [0, 1, 2]}, ValueError, ["[5]", "labels"]),
    (C.roc_curve_multiclass, (Y3, S3), {"labels": ["0", "1", "2"]}, TypeError, ["labels", "y_true"]),
    (C.roc_curve_multiclass, ([0, 1, 1, 1, 1, 0], [r + [0.0] for r in [[.6, .4]] * 6]), {"labels": [0, 1, 2]},
     ValueError, ["never occur"]),
    (C.roc_curve_multiclass, (Y3, [r[:2] for r in S3]), {}, ValueError, ["columns"]),
    (C.roc_curve_multiclass, (Y3, np.array(S3) * 1j), {}, TypeError, ["y_score", "complex"]),
    (C.roc_curve_multiclass, ([0] * 6, [[1.0]] * 6), {}, ValueError, ["2 classes"]),
    (C.roc_convex_hull, ([0, 2], [0, 1]), {}, ValueError, ["[0, 1]"]),
    (C.roc_convex_hull, ([0, 0.5j], [0, 1]), {}, TypeError, ["fpr", "complex"]),
    (C.roc_tpr_on_grid, ([0, 1, 0.5], [0, 1, 1], [0, 1]), {}, ValueError, ["fpr", "non-decreasing"]),
    (C.roc_tpr_on_grid, ([0, 1], [0, 1], [1, 0]), {}, ValueError, ["grid"]),
    (C.roc_tpr_on_grid, ([0, 1], [0, 1, 1], [0, 1]), {}, ValueError, ["same length"]),
    (C.threshold_text, ([np.inf, 0.5], 2), {}, ValueError, ["k"]),
    (C.threshold_text, ([np.inf, 0.5], "1"), {}, TypeError, ["k"]),
    (C.threshold_text, (["a", "b"], 1), {}, TypeError, ["thresholds"]),
]


@pytest.mark.parametrize("f, args, kwargs, exc, words", CASES,
                         ids=[f"{c[0].__name__}-{i}" for i, c in enumerate(CASES)])
def test_bad_arguments_are_refused_with_a_clear_message(f, args, kwargs, exc, words):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no silent cast (ComplexWarning), no NaN warning instead of an error
        with pytest.raises(exc) as info:
            f(*args, **kwargs)
    message = str(info.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"


def test_issue_12_complex_example():
    with pytest.raises(TypeError, match="complex"):
        lm.roc_auc_score([0, 1, 0, 1], [0.1 + 5j, .2, .3, .4])


def test_roc_curve_multiclass_labels_in_any_order_are_the_columns():
    r = C.roc_curve_multiclass(Y3, np.array(S3)[:, ::-1], labels=[2, 1, 0])
    r0 = C.roc_curve_multiclass(Y3, S3)
    np.testing.assert_allclose(r.auc, r0.auc[::-1])
    assert r.macro_auc == pytest.approx(r0.macro_auc)


def test_integer_weights_are_counted_exactly():
    big = 2 ** 53
    t = C.stepping_table([1, 1, 0, 0], [0.9, 0.8, 0.7, 0.6], sample_weight=np.array([big, 1, 3, big]))
    assert t.tp.dtype == np.int64 and t.fp.dtype == np.int64
    assert t.tp.tolist() == [0, big, big + 1, big + 1, big + 1]
    assert t.fp.tolist() == [0, 0, 0, 3, big + 3]
    assert t.n_pos == big + 1 and isinstance(t.n_pos, int)
    assert t.fn.tolist() == [big + 1, 1, 0, 0, 0]
    state = t.at(2)
    assert state.tp == big + 1 and isinstance(state.tp, int)
    assert f"TP={big + 1}" in str(state)
    # float weights keep float counts; unit weights give the unweighted table
    t_f = C.stepping_table([1, 0], [0.9, 0.1], sample_weight=[0.5, 2.0])
    assert t_f.tp.dtype == np.float64
    t_1 = C.stepping_table(Y, S, sample_weight=np.ones(6, dtype=int))
    np.testing.assert_array_equal(t_1.tp, T.tp)
    np.testing.assert_array_equal(t_1.fp, T.fp)
    with pytest.raises(ValueError, match="2\\*\\*63"):
        C.stepping_table([1, 0], [0.9, 0.1], sample_weight=np.array([2 ** 62, 2 ** 62]))
    with pytest.raises(ValueError, match="zero"):
        C.stepping_table([1, 0], [0.9, 0.1], sample_weight=np.array([0, 0]))


@pytest.mark.parametrize("beta, limit", [(1e200, "recall"), (1e-200, "precision")])
def test_extreme_beta_gives_the_limit_never_nan(beta, limit):
    f = C.fbeta_curve(T, beta=beta)
    assert f[0] == 0.0
    expected = T.recall if limit == "recall" else T.precision
    np.testing.assert_allclose(f[1:], expected[1:])
    assert not np.isnan(f).any()


def test_threshold_text_never_rounds_the_cut_away():
    thr = np.array([np.inf, 0.9, 0.50051, 0.5, 0.1])
    assert C.threshold_text(thr, 2) == "0.5005"
    assert C.threshold_text(thr, 0) == "+inf"
    rng = np.random.default_rng(0)
    for _ in range(200):
        s = np.round(rng.random(12), int(rng.integers(2, 7)))
        t = C.stepping_table(rng.integers(0, 2, 12) | np.eye(1, 12, 0, dtype=int)[0], s)
        for k in range(1, len(t)):
            r = float(C.threshold_text(t.thresholds, k))
            below = t.thresholds[k + 1] if k + 1 < len(t) else -np.inf
            assert below < r <= t.thresholds[k]
            assert ((s >= r).sum()) == ((s >= t.thresholds[k]).sum())
