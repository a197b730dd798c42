"""Multi-label (label-indicator) targets against sklearn.metrics on hundreds of random inputs.

accuracy (subset accuracy), zero-one and Hamming loss, precision / recall / F / F-beta /
precision_recall_fscore_support with every average (``'samples'`` included), jaccard_score,
multilabel_confusion_matrix (per label and samplewise), and ROC AUC / average precision on
indicator targets (learnmetrics._indicator). Random matrices include all-zero rows and
columns, all-one columns, a single sample, label subsets, int / bool / float 0-1 inputs,
integer and float weights with zeros.
"""
import warnings

import numpy as np
import pytest

sklearn_metrics = pytest.importorskip("sklearn.metrics")

from learnmetrics import _indicator as I  # noqa: E402
from learnmetrics import classification as C  # noqa: E402
from parity import call as _call, random_weights  # noqa: E402
from test_classification_more_parity import compare  # noqa: E402

N_CASES = 300
AVERAGES = [None, "micro", "macro", "weighted", "samples", "binary"]
ZERO_DIVISIONS = ["warn", 0.0, 1.0, np.nan]
BETAS = [0.0, 0.5, 1.0, 2.0, np.inf]


def random_multilabel(rng):
    """A random multi-label problem: indicator matrices, weights, label-column subsets."""
    n = int(rng.choice([1, 2, 3, 5, 8, 20, 60]))
    n_labels = int(rng.choice([2, 3, 4, 6]))
    prevalence = rng.uniform(0.05, 0.9, size=n_labels)
    y_true = (rng.random((n, n_labels)) < prevalence).astype(int)
    if rng.random() < 0.3:
        y_true[:, rng.integers(0, n_labels)] = 0  # a label nobody carries
    if rng.random() < 0.2:
        y_true[:, rng.integers(0, n_labels)] = 1  # a label everybody carries
    if rng.random() < 0.3:
        y_true[rng.random(n) < 0.3] = 0  # samples without any label
    mode = rng.choice(["noisy", "random", "zeros", "ones", "perfect"])
    if mode == "noisy":
        flip = rng.random((n, n_labels)) < 0.25
        y_pred = np.where(flip, 1 - y_true, y_true)
    elif mode == "random":
        y_pred = rng.integers(0, 2, size=(n, n_labels))
    elif mode == "zeros":
        y_pred = np.zeros_like(y_true)
    elif mode == "ones":
        y_pred = np.ones_like(y_true)
    else:
        y_pred = y_true.copy()
    form = rng.choice(["int", "bool", "float", "list"])
    if form == "bool":
        y_true, y_pred = y_true.astype(bool), y_pred.astype(bool)
    elif form == "float":
        y_true, y_pred = y_true.astype(float), y_pred.astype(float)
    elif form == "list":
        y_true, y_pred = y_true.tolist(), y_pred.tolist()
    w = random_weights(rng, n)
    lmode = rng.choice(["none", "none", "subset", "permuted"])
    labels = None
    if lmode != "none":
        m = n_labels if lmode == "permuted" else int(rng.integers(1, n_labels + 1))
        labels = rng.permutation(n_labels)[:m]
    return dict(y_true=y_true, y_pred=y_pred, sample_weight=w, labels=labels), f"n={n} L={n_labels} {mode} {form}"


def test_random_multilabel_prf():
    rng = np.random.default_rng(1501)
    outcomes = {"value": 0, "raise": 0}
    for i in range(N_CASES):
        case, desc = random_multilabel(rng)
        average = AVERAGES[i % len(AVERAGES)]
        zd = ZERO_DIVISIONS[(i // len(AVERAGES)) % len(ZERO_DIVISIONS)]
        common = dict(case, average=average, zero_division=zd)
        if rng.random() < 0.1:
            common["pos_label"] = 0  # ignored (with a UserWarning) unless average='binary'
        for name in ("precision_score", "recall_score", "f1_score"):
            outcomes[compare(name, common, desc)] += 1
        outcomes[compare("fbeta_score", dict(common, beta=BETAS[i % len(BETAS)]), desc)] += 1
        outcomes[compare("precision_recall_fscore_support", dict(common, beta=BETAS[(i + 2) % len(BETAS)]),
                         desc)] += 1
        jzd = zd if not (isinstance(zd, float) and np.isnan(zd)) else "warn"
        outcomes[compare("jaccard_score", dict(common, zero_division=jzd), desc)] += 1
    assert outcomes["value"] > 4 * outcomes["raise"], outcomes
    assert outcomes["value"] >= 1200, outcomes


def test_random_multilabel_accuracy_losses_and_matrices():
    rng = np.random.default_rng(1502)
    outcomes = {"value": 0, "raise": 0}
    for i in range(N_CASES):
        case, desc = random_multilabel(rng)
        base = dict(y_true=case["y_true"], y_pred=case["y_pred"], sample_weight=case["sample_weight"])
        outcomes[compare("accuracy_score", dict(base, normalize=bool(i % 2)), desc)] += 1
        outcomes[compare("zero_one_loss", dict(base, normalize=bool(i % 3)), desc, atol=1e-12)] += 1
        outcomes[compare("hamming_loss", base, desc)] += 1
        outcomes[compare("multilabel_confusion_matrix", dict(base, labels=case["labels"]), desc)] += 1
        outcomes[compare("multilabel_confusion_matrix", dict(base, samplewise=True), desc)] += 1
    assert outcomes["raise"] == 0, outcomes


def _random_indicator_scores(rng):
    case, desc = random_multilabel(rng)
    y_true = np.asarray(case["y_true"]).astype(int)
    n, n_labels = y_true.shape
    kind = rng.choice(["real", "ties", "informative"])
    if kind == "real":
        s = rng.random((n, n_labels))
    elif kind == "ties":
        s = np.round(rng.random((n, n_labels)), 1)
    else:
        s = y_true + rng.normal(size=(n, n_labels))
    return y_true, s, case["sample_weight"], f"{desc} {kind}"


def _extra(y_true, average, w):
    """learnmetrics warns where the weighted average has no weights (scikit-learn silently returns 0)."""
    if average != "weighted":
        return ()
    total = np.asarray(y_true).sum() if w is None else (np.asarray(y_true) * np.asarray(w)[:, None]).sum()
    return ("undefined",) if np.isclose(total, 0) else ()


def test_random_roc_auc_indicator():
    rng = np.random.default_rng(1503)
    outcomes = {"value": 0, "raise": 0}
    for i in range(N_CASES):
        y_true, s, w, desc = _random_indicator_scores(rng)
        average = [None, "micro", "macro", "weighted", "samples"][i % 5]
        max_fpr = [None, None, 0.5, 1.0][(i // 5) % 4]
        kw = dict(y_true=y_true, y_score=s, average=average, sample_weight=w, max_fpr=max_fpr)
        theirs, _ = _call(sklearn_metrics.roc_auc_score, **kw)
        if isinstance(theirs, ValueError) and "At least 2 points are needed" in str(theirs):
            # scikit-learn crashes on a partial AUC of a label whose weighted samples are one class
            # (a zero-weight sample of the other); learnmetrics gives NaN there, with a warning
            ours, w_ours = _call(I.roc_auc_indicator, **kw)
            assert "undefined" in w_ours and np.isnan(ours).any(), (desc, ours)
            outcomes["value"] += 1
            continue
        outcomes[compare("roc_auc_score", kw, desc, ours_f=I.roc_auc_indicator,
                         sk_f=sklearn_metrics.roc_auc_score, extra_ours=_extra(y_true, average, w))] += 1
    assert outcomes["value"] > 4 * outcomes["raise"], outcomes


def test_random_average_precision_indicator():
    rng = np.random.default_rng(1504)
    outcomes = {"value": 0, "raise": 0}
    for i in range(N_CASES):
        y_true, s, w, desc = _random_indicator_scores(rng)
        average = [None, "micro", "macro", "weighted", "samples"][i % 5]
        kw = dict(y_true=y_true, y_score=s, average=average, sample_weight=w)
        outcomes[compare("average_precision_score", kw, desc, ours_f=I.average_precision_indicator,
                         sk_f=sklearn_metrics.average_precision_score, extra_ours=_extra(y_true, average, w))] += 1
    assert outcomes["value"] > 4 * outcomes["raise"], outcomes


Y = [[1, 0, 1], [0, 1, 1], [1, 1, 0]]
P = [[1, 0, 0], [0, 1, 1], [0, 0, 0]]
EDGE_CASES = [
    ("f1_score", dict(y_true=Y, y_pred=P)),  # average='binary': raise
    ("f1_score", dict(y_true=Y, y_pred=P, average="samples")),
    ("f1_score", dict(y_true=Y, y_pred=P, average="macro", labels=[2, 0])),
    ("f1_score", dict(y_true=Y, y_pred=P, average="macro", labels=[3])),
    ("f1_score", dict(y_true=Y, y_pred=P, average="macro", labels=[-1])),
    ("f1_score", dict(y_true=Y, y_pred=P, average="macro", pos_label=0)),  # UserWarning
    ("f1_score", dict(y_true=[[0, 0]], y_pred=[[0, 0]], average="samples")),  # single sample, all zero
    ("f1_score", dict(y_true=[[0, 0]], y_pred=[[0, 0]], average="samples", zero_division=np.nan)),
    ("f1_score", dict(y_true=[[0, 0], [1, 0]], y_pred=[[0, 0], [1, 0]], average="samples", zero_division=1.0)),
    ("precision_score", dict(y_true=[[0, 0], [0, 0]], y_pred=[[1, 1], [0, 0]], average=None)),
    ("recall_score", dict(y_true=[[0, 0], [0, 0]], y_pred=[[1, 1], [0, 0]], average="weighted")),
    ("f1_score", dict(y_true=[[0, 2], [1, 0]], y_pred=[[0, 1], [1, 0]], average="macro")),  # not 0/1
    ("f1_score", dict(y_true=[[0, 0.5], [1, 0]], y_pred=[[0, 1], [1, 0]], average="macro")),
    ("f1_score", dict(y_true=[[0, 1], [1, 0]], y_pred=[[0, 1, 1], [1, 0, 1]], average="macro")),  # L differs
    ("f1_score", dict(y_true=[[0, 1], [1, 0]], y_pred=[1, 0], average="macro")),  # mixed
    ("f1_score", dict(y_true=[1, 0], y_pred=[[0, 1], [1, 0]], average="macro")),  # mixed
    ("f1_score", dict(y_true=[[0, 1], [1, 0]], y_pred=[[0, 1]], average="macro")),  # n differs
    ("accuracy_score", dict(y_true=Y, y_pred=P)),
    ("accuracy_score", dict(y_true=np.array(Y, bool), y_pred=np.array(P, float), normalize=False)),
    ("accuracy_score", dict(y_true=[[1, 1]], y_pred=[[1, 1]])),
    ("hamming_loss", dict(y_true=Y, y_pred=P, sample_weight=[0, 1, 2])),
    ("zero_one_loss", dict(y_true=Y, y_pred=P, normalize=False, sample_weight=[1, 1, 3])),
    ("jaccard_score", dict(y_true=[[0, 1, 1], [1, 1, 0]], y_pred=[[1, 1, 1], [1, 0, 0]], average="samples")),
    ("jaccard_score", dict(y_true=[[0, 1, 1], [1, 1, 0]], y_pred=[[1, 1, 1], [1, 0, 0]], average="macro")),
    ("jaccard_score", dict(y_true=[[0, 1, 1], [1, 1, 0]], y_pred=[[1, 1, 1], [1, 0, 0]], average=None)),
    ("jaccard_score", dict(y_true=[[0, 0], [0, 0]], y_pred=[[0, 0], [0, 0]], average="samples")),
    ("jaccard_score", dict(y_true=[[0, 0], [0, 0]], y_pred=[[0, 0], [0, 0]], average="weighted")),
    ("multilabel_confusion_matrix", dict(y_true=Y, y_pred=P, labels=[2, 0])),
    ("multilabel_confusion_matrix", dict(y_true=Y, y_pred=P, samplewise=True, sample_weight=[1, 0, 2])),
    ("multilabel_confusion_matrix", dict(y_true=Y, y_pred=P, samplewise=True, sample_weight=[0.5, 0, 2])),
    ("multilabel_confusion_matrix", dict(y_true=Y, y_pred=P, labels=[5])),
]


@pytest.mark.parametrize("name,kwargs", EDGE_CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(EDGE_CASES)])
def test_multilabel_edge_cases(name, kwargs):
    compare(name, kwargs, "edge")


SCORE_EDGES = [
    ("roc_auc_score", dict(y_true=[[0, 1], [0, 1]], y_score=[[0.2, 0.3], [0.4, 0.5]])),  # one class per column
    ("roc_auc_score", dict(y_true=[[0, 0], [0, 0]], y_score=[[0.2, 0.3], [0.4, 0.5]], average="weighted")),
    ("roc_auc_score", dict(y_true=[[0, 1], [1, 0]], y_score=[[0.2, 0.3], [0.4, 0.5]], average="samples")),
    ("roc_auc_score", dict(y_true=[[0, 1], [1, 0]], y_score=[[0.2, 0.3], [0.4, 0.5]], max_fpr=0.0)),
    ("roc_auc_score", dict(y_true=[[0, 1], [1, 0]], y_score=[[0.2, 0.3]], average="macro")),
    ("roc_auc_score", dict(y_true=[[0, 1], [1, 0]], y_score=[[0.2, 0.3, 0.1], [0.4, 0.5, 0.1]])),
    ("roc_auc_score", dict(y_true=[[0, 1], [1, 0]], y_score=[[0.2, np.nan], [0.4, 0.5]])),
    ("roc_auc_score", dict(y_true=[[0, 1], [1, 0]], y_score=[[0.2, 0.3], [0.4, 0.5]], average="binary")),
    ("average_precision_score", dict(y_true=[[0, 1], [0, 1]], y_score=[[0.2, 0.3], [0.4, 0.5]])),
    ("average_precision_score", dict(y_true=[[1, 1], [1, 1]], y_score=[[0.2, 0.3], [0.4, 0.5]], average="samples")),
    ("average_precision_score", dict(y_true=[[0, 1], [1, 0]], y_score=[[0.2, 0.3], [0.4, 0.5]], pos_label=0)),
    ("average_precision_score", dict(y_true=[[0, 2], [1, 0]], y_score=[[0.2, 0.3], [0.4, 0.5]])),
]


@pytest.mark.parametrize("name,kwargs", SCORE_EDGES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(SCORE_EDGES)])
def test_indicator_score_edge_cases(name, kwargs):
    ours = I.roc_auc_indicator if name == "roc_auc_score" else I.average_precision_indicator
    extra = _extra(kwargs["y_true"], kwargs.get("average", "macro"), kwargs.get("sample_weight"))
    compare(name, kwargs, "edge", ours_f=ours, sk_f=getattr(sklearn_metrics, name), extra_ours=extra)


def test_two_target_columns_example():
    """The learner's question: two 0/1 target columns (甜, 脆), micro vs macro vs samples."""
    y = np.array([[1, 1], [1, 0], [0, 1], [0, 0], [1, 1], [0, 0]])
    p = np.array([[1, 0], [1, 0], [0, 1], [1, 0], [1, 1], [0, 0]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mcm = C.multilabel_confusion_matrix(y, p)
        assert mcm.tolist() == [[[2, 1], [0, 3]], [[3, 0], [1, 2]]]
        assert C.accuracy_score(y, p) == 4 / 6  # subset accuracy: whole rows right
        assert C.hamming_loss(y, p) == 2 / 12  # wrong cells
        micro = C.f1_score(y, p, average="micro")
        assert micro == 2 * 5 / (2 * 5 + 1 + 1)
        assert C.f1_score(y, p, average="macro") == pytest.approx((6 / 7 + 4 / 5) / 2)


def test_indicator_errors_name_the_argument():
    with pytest.raises(ValueError, match=r"y_pred .*only 0 and 1.*e\.g\. 2"):
        C.hamming_loss([[0, 1], [1, 0]], [[0, 2], [1, 0]])
    with pytest.raises(ValueError, match="y_true has 2 labels.*y_pred has 3"):
        C.accuracy_score([[0, 1], [1, 0]], [[0, 1, 0], [1, 0, 0]])
    with pytest.raises(ValueError, match="y_pred is a label-indicator matrix.*y_true is 1-D"):
        C.accuracy_score([0, 1], [[0, 1], [1, 0]])
    with pytest.raises(ValueError, match="y_true has no label columns"):
        C.accuracy_score(np.zeros((2, 0)), np.zeros((2, 0)))
    with pytest.raises(ValueError, match=r"y_true has a single column.*ravel"):
        C.accuracy_score(np.zeros((2, 1)), np.zeros((2, 1)))
    with pytest.raises(TypeError, match="y_true .*strings"):
        C.accuracy_score([["a", "b"], ["b", "a"]], [[0, 1], [1, 0]])
    with pytest.raises(ValueError, match=r"y_true .*only 0 and 1.*nan"):
        C.accuracy_score([[np.nan, 1], [1, 0]], [[0, 1], [1, 0]])
    with pytest.raises(ValueError, match=r"labels must be column indices in \[0, 2\)"):
        C.f1_score([[0, 1], [1, 0]], [[0, 1], [1, 0]], average="macro", labels=[2])
    with pytest.raises(TypeError, match="labels of a label-indicator target are column indices"):
        C.f1_score([[0, 1], [1, 0]], [[0, 1], [1, 0]], average="macro", labels=["a"])
    with pytest.raises(ValueError, match="labels must contain at least one label"):
        C.multilabel_confusion_matrix([[0, 1], [1, 0]], [[0, 1], [1, 0]], labels=[])  # scikit-learn: shape (0, 2, 2)
    with pytest.raises(ValueError, match="samplewise=True is for multi-label"):
        C.multilabel_confusion_matrix([0, 1], [0, 1], samplewise=True)
    with pytest.raises(ValueError, match="average='samples' is for multi-label"):
        C.f1_score([0, 1], [0, 1], average="samples")
    with pytest.raises(ValueError, match="y_score has 3 columns but y_true has 2 labels"):
        I.roc_auc_indicator([[0, 1], [1, 0]], [[0.1, 0.2, 0.3], [0.1, 0.2, 0.3]])


def test_roc_auc_indicator_checks_and_ignores_the_multiclass_arguments():
    y = [[0, 1], [1, 0], [1, 1], [0, 0]]
    s = [[0.1, 0.8], [0.7, 0.2], [0.6, 0.9], [0.3, 0.1]]
    base = I.roc_auc_indicator(y, s)
    assert I.roc_auc_indicator(y, s, multi_class="ovr", labels=[0, 1]) == base
    assert base == sklearn_metrics.roc_auc_score(y, s, multi_class="ovr", labels=[0, 1])
    with pytest.raises(ValueError, match="multi_class"):
        I.roc_auc_indicator(y, s, multi_class="nonsense")
    with pytest.raises(TypeError, match="labels"):
        I.roc_auc_indicator(y, s, labels=[0, "a"])
