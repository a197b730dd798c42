"""learnmetrics.classification against sklearn.metrics on hundreds of random inputs.

Same values (and return types), same warning categories, and whatever makes
scikit-learn raise makes learnmetrics raise.
"""
import warnings

import numpy as np
import pytest

sklearn_metrics = pytest.importorskip("sklearn.metrics")

import learnmetrics as lm  # noqa: E402
from learnmetrics import classification as C  # noqa: E402
from parity import compare as _compare, random_labels, random_weights  # noqa: E402

N_CASES = 300
AVERAGES = [None, "binary", "micro", "macro", "weighted"]
ZERO_DIVISIONS = ["warn", 0.0, 1.0, np.nan]
BETAS = [0.0, 0.5, 1.0, 2.0, np.inf]
WORDS = np.array(["ant", "bee", "cat", "dog", "emu", "fox"])


def _random_case(rng):
    """A random classification problem: labels, predictions, weights, label subsets."""
    kind = rng.choice(["binary01", "binary_other", "multiclass", "strings", "bool"])
    n = int(rng.choice([1, 2, 3, 5, 8, 20, 60]))
    if kind == "binary01":
        classes = np.array([0, 1])
    elif kind == "binary_other":
        classes = np.array([-1, 3])
    elif kind == "multiclass":
        classes = np.arange(int(rng.integers(3, 7)))
    elif kind == "strings":
        classes = WORDS[: int(rng.integers(2, 6))]
    else:
        classes = np.array([False, True])
    k = len(classes)
    # heavy imbalance sometimes
    if rng.random() < 0.3:
        p = np.full(k, 0.05 / max(k - 1, 1))
        p[0] = 0.95 if k > 1 else 1.0
        p /= p.sum()
    else:
        p = rng.dirichlet(np.ones(k))
    y_true = classes[rng.choice(k, size=n, p=p)]
    mode = rng.choice(["noisy", "random", "constant", "perfect", "missing_class"])
    if mode == "noisy":
        y_pred = y_true.copy()
        flip = rng.random(n) < 0.3
        y_pred[flip] = classes[rng.integers(0, k, size=int(flip.sum()))]
    elif mode == "random":
        y_pred = classes[rng.integers(0, k, size=n)]
    elif mode == "constant":
        y_pred = np.repeat(classes[rng.integers(0, k)], n)
    elif mode == "perfect":
        y_pred = y_true.copy()
    else:  # a class never predicted
        y_pred = classes[rng.integers(0, max(k - 1, 1), size=n)]
    w = random_weights(rng, n)
    # label subsets: some present, some unseen
    labels = random_labels(rng, classes, kind)
    if kind == "strings":
        present = np.unique(np.concatenate([y_true, y_pred]))
        pos_label = present[rng.integers(0, len(present))] if rng.random() < 0.9 else "cat"
        pos_label = str(pos_label)
    elif kind == "binary_other":
        pos_label = int(rng.choice([3, -1, 1]))
    elif kind == "bool":
        pos_label = bool(rng.choice([True, False])) if rng.random() < 0.5 else 1
    else:
        pos_label = int(rng.choice([1, 1, 0, 2]))
    return dict(y_true=y_true, y_pred=y_pred, sample_weight=w, labels=labels, pos_label=pos_label), kind


def test_random_prf_cases():
    rng = np.random.default_rng(20240601)
    outcomes = {"value": 0, "raise": 0}
    for case_i in range(N_CASES):
        case, kind = _random_case(rng)
        average = AVERAGES[case_i % len(AVERAGES)]
        zd = ZERO_DIVISIONS[(case_i // len(AVERAGES)) % len(ZERO_DIVISIONS)]
        beta = BETAS[case_i % len(BETAS)]
        desc = f"case {case_i} ({kind})"
        common = dict(case, average=average, zero_division=zd)
        for name in ("precision_score", "recall_score", "f1_score"):
            r = _compare(name, getattr(C, name), getattr(sklearn_metrics, name), common, desc)
            outcomes[r] += 1
        r = _compare("fbeta_score", C.fbeta_score, sklearn_metrics.fbeta_score, dict(common, beta=beta), desc)
        outcomes[r] += 1
        r = _compare(
            "precision_recall_fscore_support",
            C.precision_recall_fscore_support,
            sklearn_metrics.precision_recall_fscore_support,
            dict(common, beta=beta),
            desc,
        )
        outcomes[r] += 1
    # most cases must produce values, not errors
    assert outcomes["value"] > 3 * outcomes["raise"], outcomes
    assert outcomes["value"] >= 1000


def test_random_confusion_matrix_and_accuracy():
    rng = np.random.default_rng(7)
    outcomes = {"value": 0, "raise": 0}
    for case_i in range(N_CASES):
        case, kind = _random_case(rng)
        desc = f"case {case_i} ({kind})"
        cm_args = dict(
            y_true=case["y_true"], y_pred=case["y_pred"], labels=case["labels"],
            sample_weight=case["sample_weight"], normalize=[None, "true", "pred", "all"][case_i % 4],
        )
        outcomes[_compare("confusion_matrix", C.confusion_matrix, sklearn_metrics.confusion_matrix, cm_args, desc)] += 1
        acc_args = dict(y_true=case["y_true"], y_pred=case["y_pred"], sample_weight=case["sample_weight"],
                        normalize=bool(case_i % 3))
        outcomes[_compare("accuracy_score", C.accuracy_score, sklearn_metrics.accuracy_score, acc_args, desc)] += 1
        outcomes[_compare(
            "error_rate", C.error_rate, sklearn_metrics.zero_one_loss,
            dict(y_true=case["y_true"], y_pred=case["y_pred"], sample_weight=case["sample_weight"]), desc,
        )] += 1
    assert outcomes["value"] > 5 * outcomes["raise"], outcomes


def test_binary_counts_and_one_vs_rest_match_sklearn():
    rng = np.random.default_rng(11)
    checked = 0
    for case_i in range(N_CASES):
        case, kind = _random_case(rng)
        y_true, y_pred, w = case["y_true"], case["y_pred"], case["sample_weight"]
        present = np.unique(np.concatenate([y_true, y_pred]))
        # one-vs-rest against multilabel_confusion_matrix ([[tn, fp], [fn, tp]] per label)
        labels = case["labels"] if kind != "bool" else None
        mcm = sklearn_metrics.multilabel_confusion_matrix(y_true, y_pred, labels=labels, sample_weight=w)
        ours = C.one_vs_rest_counts(y_true, y_pred, labels=labels, sample_weight=w)
        assert len(ours) == len(mcm)
        for c, m in zip(ours, mcm):
            np.testing.assert_allclose(c.as_matrix("sklearn"), m, rtol=1e-12, atol=1e-12)
            assert isinstance(c.tp, int) == (w is None or w.dtype.kind in "iub")
        # macro/micro against sklearn's averages
        if len(ours):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                mm = C.macro_micro(ours, zero_division=0.0)
                kw = dict(labels=labels, sample_weight=w, zero_division=0.0)
                assert np.isclose(mm.macro_p, sklearn_metrics.precision_score(y_true, y_pred, average="macro", **kw))
                assert np.isclose(mm.macro_r, sklearn_metrics.recall_score(y_true, y_pred, average="macro", **kw))
                assert np.isclose(mm.macro_f1_mean_of_f1, sklearn_metrics.f1_score(y_true, y_pred, average="macro", **kw))
                assert np.isclose(mm.micro_p, sklearn_metrics.precision_score(y_true, y_pred, average="micro", **kw))
                assert np.isclose(mm.micro_r, sklearn_metrics.recall_score(y_true, y_pred, average="micro", **kw))
                assert np.isclose(mm.micro_f1, sklearn_metrics.f1_score(y_true, y_pred, average="micro", **kw))
        # binary counts against confusion_matrix(labels=[neg, pos])
        if len(present) == 2:
            pos = present[1]
            tn, fp, fn, tp = sklearn_metrics.confusion_matrix(
                y_true, y_pred, labels=present, sample_weight=w
            ).ravel()
            bc = C.binary_counts(y_true, y_pred, pos_label=pos, sample_weight=w)
            np.testing.assert_allclose(tuple(bc), (tp, fp, fn, tn))
            checked += 1
    assert checked > 50


def test_threshold_state_matches_sklearn():
    rng = np.random.default_rng(3)
    for _ in range(150):
        n = int(rng.integers(1, 40))
        y_true = rng.integers(0, 2, size=n)
        scores = np.round(rng.random(n), 1)  # many ties
        thr = float(rng.choice(np.concatenate([scores, [-np.inf, np.inf, 0.55]])))
        s = C.threshold_state(y_true, scores, thr)
        y_pred = (scores >= thr).astype(int)
        np.testing.assert_array_equal(s.predicted_positive, scores >= thr)
        if len(np.unique(y_true)) == 2:
            np.testing.assert_array_equal(s.y_pred, y_pred)
        tn, fp, fn, tp = sklearn_metrics.confusion_matrix(y_true, y_pred, labels=[0, 1]).ravel()
        assert tuple(s.counts) == (tp, fp, fn, tn)
        kw = dict(zero_division=np.nan)
        for ours, theirs in [
            (s.precision, sklearn_metrics.precision_score(y_true, y_pred, **kw)),
            (s.recall, sklearn_metrics.recall_score(y_true, y_pred, **kw)),
            (s.f1, sklearn_metrics.f1_score(y_true, y_pred, **kw)),
            (s.accuracy, sklearn_metrics.accuracy_score(y_true, y_pred)),
            (s.error_rate, sklearn_metrics.zero_one_loss(y_true, y_pred)),
        ]:
            np.testing.assert_allclose(ours, theirs, equal_nan=True)


# ---- explicit edge cases sklearn treats specially --------------------------------------
EDGE_CASES = [
    # (function name, kwargs)
    ("f1_score", dict(y_true=[0, 0], y_pred=[0, 0])),  # pos_label absent, single class
    ("f1_score", dict(y_true=[2, 2], y_pred=[2, 2])),
    ("f1_score", dict(y_true=["a", "b"], y_pred=["a", "b"])),  # pos_label=1 vs strings: raise
    ("f1_score", dict(y_true=[0, 1, 2], y_pred=[0, 1, 2])),  # multiclass with binary: raise
    ("f1_score", dict(y_true=[0, 1, 2], y_pred=[0, 1, 2], average="samples")),  # raise
    ("f1_score", dict(y_true=[0, 1, 2], y_pred=[0, 1, 2], average="foo")),
    ("f1_score", dict(y_true=[0, 1, 2], y_pred=[0, 1, 2], average="macro", pos_label=2)),  # UserWarning
    ("f1_score", dict(y_true=[0, 1], y_pred=[0, 1], pos_label=None)),
    ("f1_score", dict(y_true=[0, 1], y_pred=[0, 1], pos_label="1")),
    ("f1_score", dict(y_true=[0, 1], y_pred=[0, 1], pos_label=[1])),
    ("f1_score", dict(y_true=[0, 1], y_pred=[1, 1], pos_label=1.0)),
    ("f1_score", dict(y_true=[0, 1, 2], y_pred=[0, 1, 2], average=None, labels=[5, 0])),
    ("f1_score", dict(y_true=[0, 1], y_pred=[0, 1], zero_division=0.5)),
    ("f1_score", dict(y_true=[0, 1], y_pred=[0, 1], zero_division="nan")),
    ("f1_score", dict(y_true=[0, 0], y_pred=[0, 0], zero_division=True)),
    ("f1_score", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], sample_weight=[0, 0, 0])),
    ("f1_score", dict(y_true=[0.5, 1], y_pred=[0, 1])),  # continuous: raise
    ("f1_score", dict(y_true=[0, 1, 1], y_pred=[0, 1])),  # lengths: raise
    ("f1_score", dict(y_true=[], y_pred=[])),  # empty: raise
    ("f1_score", dict(y_true=[np.nan, 1], y_pred=[0, 1])),
    ("f1_score", dict(y_true=[np.inf, 1], y_pred=[0, 1])),
    ("f1_score", dict(y_true=["a", "b"], y_pred=[0, 1])),  # mixed types: raise
    ("f1_score", dict(y_true=[0, 1], y_pred=[0, 1], sample_weight=[np.nan, 1])),
    ("f1_score", dict(y_true=[0, 1], y_pred=[0, 1], sample_weight=[1])),
    ("f1_score", dict(y_true=[True, False], y_pred=[True, True])),
    ("precision_score", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], average="weighted", labels=[5, 6])),
    ("precision_score", dict(y_true=[0, 0], y_pred=[0, 0], average="macro", labels=[5], zero_division=np.nan)),
    ("precision_score", dict(y_true=[0, 1], y_pred=[0, 1], average="micro", labels=[5])),
    ("fbeta_score", dict(y_true=[0, 1], y_pred=[0, 1], beta=-1)),
    ("fbeta_score", dict(y_true=[0, 1], y_pred=[0, 1], beta=np.nan)),
    ("fbeta_score", dict(y_true=[0, 1], y_pred=[0, 1], beta="1")),
    ("fbeta_score", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], beta=np.inf)),
    ("fbeta_score", dict(y_true=[0, 0, 1], y_pred=[0, 0, 0], beta=0)),
    ("fbeta_score", dict(y_true=[0, 0, 1], y_pred=[0, 0, 0], beta=np.inf)),
    ("confusion_matrix", dict(y_true=[0, 1], y_pred=[0, 1], labels=[2, 3])),
    ("confusion_matrix", dict(y_true=[0, 0], y_pred=[0, 0])),  # single label UserWarning
    ("confusion_matrix", dict(y_true=[0, 1], y_pred=[0, 0], sample_weight=[True, False])),
    ("confusion_matrix", dict(y_true=[0, 1, 1], y_pred=[0, 0, 1], normalize="rows")),
    ("confusion_matrix", dict(y_true=[0, 1, 1], y_pred=[0, 0, 1], labels=[])),
    ("confusion_matrix", dict(y_true=[0, 1], y_pred=[0, 1], sample_weight=[0.0, 0.0])),
    ("confusion_matrix", dict(y_true=["b", "a", "c"], y_pred=["a", "a", "c"], labels=["c", "a"])),
    ("accuracy_score", dict(y_true=[0, 1], y_pred=[0, 1], normalize=1)),
    ("accuracy_score", dict(y_true=[0, 1], y_pred=[0, 1], sample_weight=[0, 0])),
    ("accuracy_score", dict(y_true=[0, 1], y_pred=[0, 0], sample_weight=[1, 2], normalize=False)),
]


@pytest.mark.parametrize("name,kwargs", EDGE_CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(EDGE_CASES)])
def test_edge_cases(name, kwargs):
    _compare(name, getattr(C, name), getattr(sklearn_metrics, name), kwargs, "edge")


@pytest.mark.parametrize("n", [1, 2, 3, 10, 1000])
def test_large_label_range_and_float_labels(n):
    rng = np.random.default_rng(n)
    y_true = rng.choice([-(10**9), 0, 5, 10**12], size=n)
    y_pred = rng.choice([-(10**9), 0, 5, 10**12], size=n)
    for f in ("confusion_matrix",):
        _compare(f, getattr(C, f), getattr(sklearn_metrics, f), dict(y_true=y_true, y_pred=y_pred), "range")
    kw = dict(y_true=y_true.astype(float), y_pred=y_pred.astype(float), average="macro")
    _compare("f1_score", C.f1_score, sklearn_metrics.f1_score, kw, "float labels")
