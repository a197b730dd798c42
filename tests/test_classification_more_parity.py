"""The measures added for issue 15 against sklearn.metrics on hundreds of random inputs.

balanced_accuracy_score, matthews_corrcoef, cohen_kappa_score, class_likelihood_ratios,
jaccard_score, hamming_loss, zero_one_loss and top_k_accuracy_score on 1-D targets: same
values (and return types), same warning categories, and whatever makes scikit-learn raise
makes learnmetrics raise. (Multi-label inputs: tests/test_multilabel_sklearn_parity.py.)
"""
import math
import warnings

import numpy as np
import pytest

sklearn_metrics = pytest.importorskip("sklearn.metrics")

from learnmetrics import UndefinedMetricWarning  # noqa: E402
from learnmetrics import classification as C  # noqa: E402
from parity import compare as _compare, random_labels, random_weights  # noqa: E402

N_CASES = 300
WORDS = np.array(["ant", "bee", "cat", "dog", "emu", "fox"])


def compare(name, kwargs, desc="", *, ours_f=None, sk_f=None, **options):
    """``parity.compare`` with learnmetrics.classification's and sklearn.metrics' ``name`` by default."""
    return _compare(name, ours_f or getattr(C, name), sk_f or getattr(sklearn_metrics, name), kwargs, desc, **options)


def random_case(rng, *, max_classes=6):
    """Random 1-D labels, predictions, weights and label lists (binary, multi-class, strings, bool)."""
    kind = rng.choice(["binary01", "binary_other", "multiclass", "strings", "bool"])
    n = int(rng.choice([1, 2, 3, 5, 8, 20, 60]))
    if kind == "binary01":
        classes = np.array([0, 1])
    elif kind == "binary_other":
        classes = np.array([-1, 3])
    elif kind == "multiclass":
        classes = np.arange(int(rng.integers(3, max_classes + 1)))
    elif kind == "strings":
        classes = WORDS[: int(rng.integers(2, max_classes + 1))]
    else:
        classes = np.array([False, True])
    k = len(classes)
    if rng.random() < 0.3:  # heavy imbalance
        p = np.full(k, 0.05 / max(k - 1, 1))
        p[0] = 0.95
        p /= p.sum()
    else:
        p = rng.dirichlet(np.ones(k))
    y_true = classes[rng.choice(k, size=n, p=p)]
    mode = rng.choice(["noisy", "random", "constant", "perfect", "missing_class", "reversed"])
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
    elif mode == "reversed":
        y_pred = classes[(np.searchsorted(classes, y_true) + 1) % k]
    else:
        y_pred = classes[rng.integers(0, max(k - 1, 1), size=n)]
    w = random_weights(rng, n)
    labels = random_labels(rng, classes, kind)
    return dict(y_true=y_true, y_pred=y_pred, sample_weight=w, labels=labels), kind


# ---------------------------------------------------------------------------------------
# balanced accuracy, MCC, kappa, likelihood ratios
# ---------------------------------------------------------------------------------------
def test_random_balanced_accuracy_mcc():
    rng = np.random.default_rng(151)
    outcomes = {"value": 0, "raise": 0}
    for i in range(N_CASES):
        case, kind = random_case(rng)
        base = dict(y_true=case["y_true"], y_pred=case["y_pred"], sample_weight=case["sample_weight"])
        outcomes[compare("matthews_corrcoef", base, f"case {i} {kind}")] += 1
        adjusted = bool(i % 2)
        # adjusted with one true class: the same value, plus our UndefinedMetricWarning
        n_true = len(np.unique(np.asarray(case["y_true"])[
            np.ones(len(case["y_true"]), bool) if case["sample_weight"] is None else case["sample_weight"] > 0]))
        extra = ("undefined",) if adjusted and n_true == 1 else ()
        outcomes[compare("balanced_accuracy_score", dict(base, adjusted=adjusted), f"case {i} {kind}",
                         extra_ours=extra)] += 1
    assert outcomes["value"] >= 2 * N_CASES - 5, outcomes


def test_random_cohen_kappa():
    rng = np.random.default_rng(152)
    outcomes = {"value": 0, "raise": 0}
    for i in range(N_CASES):
        case, kind = random_case(rng)
        kw = dict(y1=case["y_true"], y2=case["y_pred"], sample_weight=case["sample_weight"],
                  labels=case["labels"], weights=[None, "linear", "quadratic"][i % 3],
                  replace_undefined_by=[np.nan, 0.0, -1.0, 0.5][(i // 3) % 4])
        outcomes[compare("cohen_kappa_score", kw, f"case {i} {kind}")] += 1
    assert outcomes["value"] > 4 * outcomes["raise"], outcomes


def test_random_class_likelihood_ratios():
    rng = np.random.default_rng(153)
    outcomes = {"value": 0, "raise": 0}
    replacements = [np.nan, 1.0, {"LR+": np.inf, "LR-": 0.0}, {"LR+": 1.0, "LR-": np.nan}]
    for i in range(N_CASES):
        case, kind = random_case(rng, max_classes=3)
        labels = case["labels"]
        if labels is not None and len(labels) != 2:
            labels = None
        kw = dict(y_true=case["y_true"], y_pred=case["y_pred"], sample_weight=case["sample_weight"],
                  labels=labels, replace_undefined_by=replacements[i % 4])
        outcomes[compare("class_likelihood_ratios", kw, f"case {i} {kind}")] += 1
    assert outcomes["value"] >= 100, outcomes


MORE_EDGE_CASES = [
    ("matthews_corrcoef", dict(y_true=[0, 0], y_pred=[0, 0])),
    ("matthews_corrcoef", dict(y_true=[0], y_pred=[1])),
    ("matthews_corrcoef", dict(y_true=[1, 1, 1, -1], y_pred=[1, -1, 1, 1])),
    ("matthews_corrcoef", dict(y_true=["a", "b", "c"], y_pred=["c", "a", "b"])),
    ("matthews_corrcoef", dict(y_true=[0, 1], y_pred=[0, 1], sample_weight=[0, 0])),
    ("matthews_corrcoef", dict(y_true=[0, 1], y_pred=["a", "b"])),
    ("matthews_corrcoef", dict(y_true=[[0, 1], [1, 1]], y_pred=[[0, 1], [1, 0]])),
    ("balanced_accuracy_score", dict(y_true=[0, 0], y_pred=[0, 1])),
    ("balanced_accuracy_score", dict(y_true=[0, 1, 2], y_pred=[0, 1, 3])),
    ("balanced_accuracy_score", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], adjusted=True)),
    ("balanced_accuracy_score", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], adjusted="yes")),
    ("balanced_accuracy_score", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], sample_weight=[1, 0, 2])),
    ("cohen_kappa_score", dict(y1=[0, 0], y2=[0, 0])),
    ("cohen_kappa_score", dict(y1=[0, 0], y2=[1, 1])),
    ("cohen_kappa_score", dict(y1=[0, 1], y2=[2, 2], labels=[0, 1])),
    ("cohen_kappa_score", dict(y1=[0, 1], y2=[0, 1], labels=[5])),
    ("cohen_kappa_score", dict(y1=[0, 1], y2=[0, 1], weights="cubic")),
    ("cohen_kappa_score", dict(y1=[0, 1], y2=[0, 1], replace_undefined_by=2.0)),
    ("cohen_kappa_score", dict(y1=[0, 0], y2=[0, 0], replace_undefined_by=-0.5)),
    ("cohen_kappa_score", dict(y1=[0, 1, 2, 2], y2=[0, 1, 1, 2], weights="quadratic", labels=[2, 1, 0])),
    ("class_likelihood_ratios", dict(y_true=[0, 1, 0, 1, 0], y_pred=[1, 1, 0, 0, 0])),
    ("class_likelihood_ratios", dict(y_true=[0, 0, 0], y_pred=[0, 0, 1])),
    ("class_likelihood_ratios", dict(y_true=[0, 0], y_pred=[0, 0], labels=[0, 1])),
    ("class_likelihood_ratios", dict(y_true=[0, 0], y_pred=[0, 0], labels=[0, 1],
                                     replace_undefined_by={"LR+": 2.0, "LR-": 0.5})),
    ("class_likelihood_ratios", dict(y_true=[1, 1], y_pred=[1, 1])),
    ("class_likelihood_ratios", dict(y_true=[0, 1, 2], y_pred=[0, 1, 2])),
    ("class_likelihood_ratios", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], labels=[1, 0])),
    ("class_likelihood_ratios", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], labels=[1])),
    ("class_likelihood_ratios", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], labels=[0, 1, 2])),
    ("class_likelihood_ratios", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], replace_undefined_by=0.0)),
    ("class_likelihood_ratios", dict(y_true=[0, 1, 1], y_pred=[1, 1, 0], replace_undefined_by=1)),
    ("class_likelihood_ratios", dict(y_true=[0, 1, 1], y_pred=[1, 1, 0], replace_undefined_by=np.float32(1.0))),
    ("class_likelihood_ratios", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], replace_undefined_by={"LR+": 0.5, "LR-": 0})),
    ("class_likelihood_ratios", dict(y_true=[0, 1, 1], y_pred=[0, 1, 0], replace_undefined_by={"LR+": 2.0})),
    ("class_likelihood_ratios", dict(y_true=["non-cat", "cat", "non-cat", "cat", "non-cat"],
                                     y_pred=["cat", "cat", "non-cat", "non-cat", "non-cat"])),
]


@pytest.mark.parametrize("name,kwargs", MORE_EDGE_CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(MORE_EDGE_CASES)])
def test_more_edge_cases(name, kwargs):
    extra = ()
    if name == "balanced_accuracy_score" and kwargs.get("adjusted") is True and len(set(kwargs["y_true"])) == 1:
        extra = ("undefined",)
    compare(name, kwargs, "edge", extra_ours=extra)


def test_adjusted_balanced_accuracy_single_class_is_warned():
    with pytest.warns(UndefinedMetricWarning, match="single class"), pytest.warns(UserWarning, match="not in y_true"):
        v = C.balanced_accuracy_score([0, 0, 0], [0, 1, 0], adjusted=True)
    assert v == -math.inf


def test_lazy_majority_vote_is_exposed():
    """On 95 negatives and 5 positives, always predicting negative: accuracy 0.95, the others chance."""
    y_true = np.r_[np.zeros(95, int), np.ones(5, int)]
    y_pred = np.zeros(100, int)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert C.accuracy_score(y_true, y_pred) == 0.95
        assert C.balanced_accuracy_score(y_true, y_pred) == 0.5
        assert C.balanced_accuracy_score(y_true, y_pred, adjusted=True) == 0.0
        assert C.matthews_corrcoef(y_true, y_pred) == 0.0
        assert C.cohen_kappa_score(y_true, y_pred) == 0.0
        lr_pos, lr_neg = C.class_likelihood_ratios(y_true, y_pred)
    assert math.isnan(lr_pos) and lr_neg == 1.0


def test_errors_name_the_argument():
    with pytest.raises(ValueError, match="y1"):
        C.cohen_kappa_score([0, 1], [0, 1, 1])
    with pytest.raises(TypeError, match="y2"):
        C.cohen_kappa_score([0, 1], ["a", "b"])
    with pytest.raises(ValueError, match="labels=\\[negative, positive\\]"):
        C.class_likelihood_ratios([1, 1], [1, 1])
    with pytest.raises(ValueError, match="replace_undefined_by"):
        C.class_likelihood_ratios([0, 1], [0, 1], replace_undefined_by={"LR+": 0.5, "LR-": 0.0})
    with pytest.raises(TypeError, match="adjusted"):
        C.balanced_accuracy_score([0, 1], [0, 1], adjusted=1)


# ---------------------------------------------------------------------------------------
# jaccard, hamming, zero-one, top-k and the one-vs-rest matrices on 1-D targets
# ---------------------------------------------------------------------------------------
def test_random_jaccard_hamming_zero_one_mcm():
    rng = np.random.default_rng(154)
    outcomes = {"value": 0, "raise": 0}
    averages = [None, "binary", "micro", "macro", "weighted", "samples"]
    for i in range(N_CASES):
        case, kind = random_case(rng)
        desc = f"case {i} {kind}"
        yt, yp, w = case["y_true"], case["y_pred"], case["sample_weight"]
        present = np.unique(np.concatenate([yt, yp]))
        pos_label = present[-1].item() if rng.random() < 0.8 else present[0].item()
        kw = dict(y_true=yt, y_pred=yp, sample_weight=w, labels=case["labels"], pos_label=pos_label,
                  average=averages[i % len(averages)], zero_division=["warn", 0.0, 1.0][(i // 6) % 3])
        outcomes[compare("jaccard_score", kw, desc)] += 1
        base = dict(y_true=yt, y_pred=yp, sample_weight=w)
        outcomes[compare("hamming_loss", base, desc)] += 1
        # normalize=False: scikit-learn subtracts float sums (sum(w) - correct), we count the wrong ones
        outcomes[compare("zero_one_loss", dict(base, normalize=bool(i % 2)), desc, atol=1e-12)] += 1
        labels = case["labels"] if kind != "bool" else None
        outcomes[compare("multilabel_confusion_matrix", dict(base, labels=labels), desc)] += 1
    assert outcomes["value"] > 3 * outcomes["raise"], outcomes


def _random_scores(rng, n, n_classes, kind):
    if kind == "proba":
        return rng.dirichlet(np.ones(n_classes), size=n)
    if kind == "ties":
        return np.round(rng.random((n, n_classes)), 1)
    return rng.normal(size=(n, n_classes)) * 3


def test_random_top_k_accuracy():
    rng = np.random.default_rng(155)
    outcomes = {"value": 0, "raise": 0}
    for i in range(N_CASES):
        n = int(rng.choice([1, 2, 3, 5, 20, 60]))
        n_classes = int(rng.integers(2, 7))
        classes = WORDS[:n_classes] if rng.random() < 0.3 else np.arange(n_classes) * 2 - 1
        y_true = classes[rng.integers(0, n_classes, size=n)]
        score_kind = ["proba", "ties", "real"][i % 3]
        labels = None
        if rng.random() < 0.4:
            labels = classes
            if rng.random() < 0.2:
                labels = classes[::-1]  # not sorted: refused by both
        if n_classes == 2 and rng.random() < 0.7:
            y_score = _random_scores(rng, n, 2, score_kind)[:, 1]
            if score_kind == "real":
                y_score = y_score * 0.1 + 0.5 * (rng.random() < 0.5)  # in [0, 1] or around 0
        else:
            y_score = _random_scores(rng, n, n_classes, score_kind)
        w = [None, rng.integers(0, 3, size=n), rng.random(n)][i % 3]
        if w is not None and not np.any(w):
            w = None
        kw = dict(y_true=y_true, y_score=y_score, k=int(rng.integers(1, 5)), normalize=bool(i % 4),
                  sample_weight=w, labels=labels)
        outcomes[compare("top_k_accuracy_score", kw, f"case {i}")] += 1
    assert outcomes["value"] > 150, outcomes


EDGE_CASES_2 = [
    ("jaccard_score", dict(y_true=[0, 1, 1], y_pred=[1, 1, 1])),
    ("jaccard_score", dict(y_true=[0, 0], y_pred=[0, 0])),
    ("jaccard_score", dict(y_true=[0, 0], y_pred=[0, 0], zero_division=1.0)),
    ("jaccard_score", dict(y_true=[0, 0], y_pred=[0, 0], zero_division=np.nan)),
    ("jaccard_score", dict(y_true=[0, 1, 2], y_pred=[0, 2, 1], average=None)),
    ("jaccard_score", dict(y_true=[0, 1, 2], y_pred=[0, 2, 1], average="samples")),
    ("jaccard_score", dict(y_true=[0, 1, 2], y_pred=[0, 2, 1], average="weighted", labels=[5, 6])),
    ("jaccard_score", dict(y_true=[0, 1, 2], y_pred=[0, 2, 1])),
    ("hamming_loss", dict(y_true=[1, 2, 3, 4], y_pred=[2, 2, 3, 4])),
    ("hamming_loss", dict(y_true=["a"], y_pred=["b"])),
    ("hamming_loss", dict(y_true=[0, 1], y_pred=[0, 1], sample_weight=[0, 3])),
    ("zero_one_loss", dict(y_true=[1, 2, 3, 4], y_pred=[2, 2, 3, 4], normalize=False)),
    ("zero_one_loss", dict(y_true=[1, 2], y_pred=[2, 2], normalize=False, sample_weight=[1, 2])),
    ("zero_one_loss", dict(y_true=[1, 2], y_pred=[2, 2], normalize="no")),
    ("multilabel_confusion_matrix", dict(y_true=[0, 1, 2], y_pred=[0, 2, 2], labels=[2, 5])),
    ("multilabel_confusion_matrix", dict(y_true=[0, 1, 2], y_pred=[1, 2, 0])),
    ("multilabel_confusion_matrix", dict(y_true=[0, 1, 2], y_pred=[0, 2, 2], samplewise=True)),
    ("multilabel_confusion_matrix", dict(y_true=["a", "b"], y_pred=["b", "b"], sample_weight=[1, 2])),
    ("top_k_accuracy_score", dict(y_true=[0, 1, 2, 2], y_score=[[0.5, 0.2, 0.2], [0.3, 0.4, 0.2],
                                                                  [0.2, 0.4, 0.3], [0.7, 0.2, 0.1]])),
    ("top_k_accuracy_score", dict(y_true=[0, 1], y_score=[0.2, 0.7], k=1)),
    ("top_k_accuracy_score", dict(y_true=[0, 1], y_score=[-2.0, 0.7], k=1)),
    ("top_k_accuracy_score", dict(y_true=[0, 1], y_score=[0.2, 0.7], k=2)),
    ("top_k_accuracy_score", dict(y_true=[0, 1], y_score=[[0.2, 0.8], [0.7, 0.3]], k=1)),
    ("top_k_accuracy_score", dict(y_true=[1, 1], y_score=[0.2, 0.7], k=1)),
    ("top_k_accuracy_score", dict(y_true=[1, 1], y_score=[0.2, 0.7], k=1, labels=[0, 1])),
    ("top_k_accuracy_score", dict(y_true=[1, 1], y_score=[[0.2, 0.7, 0.1]] * 2, k=1, labels=[0, 1, 2])),
    ("top_k_accuracy_score", dict(y_true=[0, 1, 2], y_score=[[0.2, 0.7, 0.1]] * 3, labels=[0, 1, 3])),
    ("top_k_accuracy_score", dict(y_true=[0, 1, 2], y_score=[[0.2, 0.7, 0.1]] * 3, labels=[0, 2, 1])),
    ("top_k_accuracy_score", dict(y_true=[0, 1, 2], y_score=[[0.2, 0.7, 0.1]] * 3, labels=[0, 1, 2, 3])),
    ("top_k_accuracy_score", dict(y_true=[0, 1, 2], y_score=[0.2, 0.7, 0.1])),
    ("top_k_accuracy_score", dict(y_true=[0, 1, 2], y_score=[[0.2, 0.7, 0.1]] * 3, k=0)),
    ("top_k_accuracy_score", dict(y_true=[0, 1, 2], y_score=[[0.2, np.nan, 0.1]] * 3)),
    ("top_k_accuracy_score", dict(y_true=[0, 1, 2], y_score=[[0.5, 0.5, 0.5]] * 3, k=1)),
    ("top_k_accuracy_score", dict(y_true=["a", "b", "c"], y_score=[[0.2, 0.7, 0.1]] * 3, k=1, normalize=False)),
]


@pytest.mark.parametrize("name,kwargs", EDGE_CASES_2, ids=[f"{n}-{i}" for i, (n, _) in enumerate(EDGE_CASES_2)])
def test_more_edge_cases_2(name, kwargs):
    compare(name, kwargs, "edge")
