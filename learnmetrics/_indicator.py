"""Label-indicator (multi-label) targets: checks, counts, and per-label AUC / AP.

A multi-label target is a 0/1 matrix of shape (n_samples, n_labels): row i
column j is 1 when sample i carries label j (a melon can be both 甜 and 脆).
The functions of :mod:`learnmetrics.classification` take it wherever
scikit-learn does; this private module holds what they share:

* :func:`is_2d`, :func:`as_indicator`, :func:`indicator_pair`,
  :func:`check_label_columns`: the checks (every error names the argument);
* :func:`indicator_sums`: TP, predicted and true counts per label or per
  sample (exact int64 counts without weights or with integer weights);
* :func:`roc_auc_indicator`, :func:`average_precision_indicator`:
  scikit-learn's ``roc_auc_score`` / ``average_precision_score`` on indicator
  targets (micro / macro / weighted / samples / None), built on the binary
  AUC and AP of the counting engine :mod:`learnmetrics._counting` (the ones
  :func:`learnmetrics.curves.roc_auc_score` and
  :func:`learnmetrics.curves.average_precision_score` use), one per label.
  ``curves`` dispatches an indicator target here; this module never imports
  ``curves``.

Deliberate differences from scikit-learn: a single-column matrix is refused
(pass ``y.ravel()`` for 1-D labels; scikit-learn silently reads it as 1-D),
SciPy sparse matrices are refused (pass ``y.toarray()``; learnmetrics is
NumPy only), and ``labels`` (column indices) must not repeat.
"""
from __future__ import annotations

import math
import numbers
import warnings

import numpy as np

from ._counting import _binary_ap, _roc_auc_binary, _unit_scale
from ._validation import (
    UndefinedMetricWarning,
    _check_real_objects,
    as_features,
    as_labels,
    check_choice,
    check_same_length,
    check_sample_weight,
    check_size,
)

__all__ = [
    "is_2d",
    "as_indicator",
    "indicator_pair",
    "check_label_columns",
    "indicator_sums",
    "roc_auc_indicator",
    "average_precision_indicator",
]


def is_2d(x) -> bool:
    """Whether ``x`` looks like a matrix (an array with ``ndim == 2`` or a list of rows),
    without converting a long 1-D list."""
    nd = getattr(x, "ndim", None)
    if nd is not None and not isinstance(x, (str, bytes)):
        return nd == 2
    if isinstance(x, (list, tuple)) and len(x):
        return isinstance(x[0], (list, tuple, np.ndarray))
    return False


def as_indicator(x, name: str = "y_true") -> np.ndarray:
    """``x`` as a boolean label-indicator matrix of shape (n_samples, n_labels).

    Accepted: booleans, integers or floats that are all 0 or 1. Refused with an
    error naming ``name``: other values (2, -1, 0.5, NaN), strings, complex
    numbers, an empty matrix, no label columns (an empty label set), a single
    column (pass ``x.ravel()`` for 1-D labels). A SciPy sparse matrix (or array) is accepted
    as scikit-learn accepts it, and made dense once its size is checked.
    """
    if x is None:
        raise TypeError(f"{name} must be array-like, got None")
    if hasattr(x, "toarray") and hasattr(x, "shape") and not isinstance(x, np.ndarray):
        shape = tuple(x.shape)
        if len(shape) != 2:
            raise ValueError(f"{name} must be a label-indicator matrix (n_samples, n_labels), got shape {shape}")
        check_size(shape[0] * shape[1], f"{name} made dense ({shape[0]} x {shape[1]})")
        x = x.toarray()
    try:
        arr = np.asarray(x)
    except Exception as exc:  # ragged rows
        raise ValueError(f"{name} could not be read as a label-indicator matrix: {exc}") from None
    if arr.dtype == object and arr.ndim == 1:
        raise ValueError(f"{name} could not be read as a label-indicator matrix: its rows have different lengths")
    if arr.ndim != 2:
        raise ValueError(f"{name} must be a label-indicator matrix (n_samples, n_labels), got shape {arr.shape}")
    n, n_labels = arr.shape
    if n == 0:
        raise ValueError(f"{name} is empty: at least one sample is needed")
    if n_labels == 0:
        raise ValueError(f"{name} has no label columns (an empty label set): at least two labels are needed")
    if n_labels == 1:
        raise ValueError(
            f"{name} has a single column, shape {arr.shape}: pass {name}.ravel() for 1-D labels "
            "(a label-indicator matrix has two label columns or more)"
        )
    kind = arr.dtype.kind
    if kind == "O":
        _check_real_objects(arr.ravel().tolist(), name)
        arr = arr.astype(np.float64)
        kind = "f"
    if kind == "b":
        return arr
    if kind in "US":
        raise TypeError(f"{name} is a label-indicator matrix and must hold 0 and 1, got strings (e.g. {arr.flat[0]!r})")
    if kind == "c":
        raise TypeError(f"{name} is a label-indicator matrix and must hold 0 and 1, got complex values")
    if kind not in "iuf":
        raise TypeError(f"{name} is a label-indicator matrix and must hold 0 and 1, got dtype {arr.dtype}")
    lo, hi = arr.min(), arr.max()
    if not (lo >= 0 and hi <= 1) or (kind == "f" and not np.all((arr == 0) | (arr == 1))):
        bad = arr[~((arr == 0) | (arr == 1))]
        raise ValueError(
            f"{name} is a label-indicator matrix (n_samples, n_labels) and must hold only 0 and 1, "
            f"got {bad.size} other value(s) (e.g. {bad[0].item()!r})"
        )
    return arr.astype(bool)


def indicator_pair(y_true, y_pred, names=("y_true", "y_pred")):
    """(Y_true, Y_pred) as boolean indicator matrices of one shape, or ``None``
    when both are 1-D (the caller then reads them as labels). Mixing an
    indicator matrix with 1-D labels is refused, naming both arguments."""
    t2, p2 = is_2d(y_true), is_2d(y_pred)
    if not (t2 or p2):
        return None
    yt = as_indicator(y_true, names[0]) if t2 else None
    yp = as_indicator(y_pred, names[1]) if p2 else None
    if yt is None or yp is None:
        mat, vec = (names[0], names[1]) if t2 else (names[1], names[0])
        raise ValueError(
            f"{mat} is a label-indicator matrix (multi-label, n_samples x n_labels) but {vec} is 1-D: "
            "pass both as 0/1 matrices of the same shape, or both as 1-D labels"
        )
    check_same_length(**{names[0]: yt, names[1]: yp})
    if yt.shape[1] != yp.shape[1]:
        raise ValueError(
            f"{names[0]} has {yt.shape[1]} labels (columns) but {names[1]} has {yp.shape[1]}: "
            "a label-indicator pair must have the same number of labels"
        )
    return yt, yp


def check_label_columns(labels, n_labels: int, name: str = "labels") -> np.ndarray:
    """``labels`` of a label-indicator target: distinct column indices in [0, n_labels)."""
    lab = as_labels(labels, name, allow_empty=True)
    if lab.size == 0:
        raise ValueError(f"{name} must contain at least one label, got an empty list")
    if lab.dtype.kind not in "iub":
        raise TypeError(
            f"{name} of a label-indicator target are column indices (integers in [0, {n_labels})), "
            f"got {lab.tolist()!r}"
        )
    lab = lab.astype(np.int64)
    if lab.min() < 0 or lab.max() >= n_labels:
        bad = lab[(lab < 0) | (lab >= n_labels)][0]
        raise ValueError(f"{name} must be column indices in [0, {n_labels}) for a label-indicator target, got {int(bad)}")
    if len(np.unique(lab)) != len(lab):
        raise ValueError(f"{name} must not contain duplicates, got {lab.tolist()!r}")
    return lab


def _weighted_count(m: np.ndarray, w, axis: int):
    """Counts of True along ``axis`` (``w``: per-row weights or None).
    int64 without weights or with int64 weights (exact), float64 with float weights."""
    if w is None:
        return np.count_nonzero(m, axis=axis).astype(np.int64, copy=False)
    if axis == 1:
        return np.count_nonzero(m, axis=1).astype(w.dtype, copy=False) * w
    return w @ m.astype(w.dtype)


def indicator_sums(yt: np.ndarray, yp: np.ndarray, w=None, sel=None, *, samplewise: bool = False):
    """(tp, pred_sum, true_sum, tn) per label (``samplewise=False``, for the labels
    ``sel``, column indices) or per sample (each sample's counts times its weight,
    as scikit-learn).

    Without weights, or with int64 weights, every count is an exact int64."""
    if sel is not None:
        yt, yp = yt[:, sel], yp[:, sel]
    axis = 1 if samplewise else 0
    tp = _weighted_count(yt & yp, w, axis)
    pred = _weighted_count(yp, w, axis)
    true = _weighted_count(yt, w, axis)
    n, n_labels = yt.shape
    if samplewise:
        total = n_labels if w is None else w * n_labels
    else:
        total = n if w is None else (int(w.sum()) if w.dtype.kind == "i" else w.sum())
    tn = total - tp - (pred - tp) - (true - tp)
    if w is not None and w.dtype.kind == "f":
        tn = np.maximum(tn, 0.0)  # rounding of float weights
    return tp, pred, true, tn


# ----------------------------------------------------------------------------
# ROC AUC and average precision on label-indicator targets
# ----------------------------------------------------------------------------
_SCORE_AVERAGES = (None, "micro", "macro", "weighted", "samples")


def _check_scores_like(y_score, shape) -> np.ndarray:
    s = as_features(y_score, "y_score", allow_no_columns=False)
    if np.ndim(y_score) != 2:
        raise ValueError(f"y_score must be a matrix of shape {shape} for a label-indicator y_true, got 1-D")
    if s.shape != shape:
        if s.shape[0] != shape[0]:
            raise ValueError(
                f"inputs have different numbers of samples: y_true has {shape[0]}, y_score has {s.shape[0]}"
            )
        raise ValueError(f"y_score has {s.shape[1]} columns but y_true has {shape[1]} labels; they must match")
    return s


def _rowwise_auc_ap(yt: np.ndarray, s: np.ndarray):
    """ROC AUC and average precision of every row (its labels ranked by its scores),
    unweighted, vectorised: (auc, ap, positives per row). Ties as scikit-learn:
    a tied (positive, negative) pair counts 1/2 in the AUC, and AP steps once per
    distinct score. AUC is NaN for a row of one class; AP is 0 for a row without
    positives (scikit-learn's values)."""
    n, n_labels = s.shape
    order = np.argsort(s, axis=1, kind="stable")
    ss = np.take_along_axis(s, order, axis=1)
    yy = np.take_along_axis(yt, order, axis=1)
    cols = np.arange(n_labels)
    first = np.ones((n, n_labels), dtype=bool)  # first element of a run of equal scores
    first[:, 1:] = ss[:, 1:] != ss[:, :-1]
    last = np.ones((n, n_labels), dtype=bool)
    last[:, :-1] = first[:, 1:]
    start = np.maximum.accumulate(np.where(first, cols, 0), axis=1)
    end = np.minimum.accumulate(np.where(last, cols, n_labels - 1)[:, ::-1], axis=1)[:, ::-1] + 1
    pos = yy.sum(axis=1)
    neg = n_labels - pos
    with np.errstate(divide="ignore", invalid="ignore"):
        # Mann-Whitney: sum of the (1-based, mid-) ranks of the positives
        rank_sum = np.sum(np.where(yy, (start + end + 1) / 2.0, 0.0), axis=1)
        auc = (rank_sum - pos * (pos + 1) / 2.0) / (pos * neg)
        # AP: each positive adds the precision at its score's threshold, over the positives
        before = np.cumsum(yy, axis=1) - yy  # positives ranked below, exclusive
        tp_ge = pos[:, None] - np.take_along_axis(before, start, axis=1)
        prec = tp_ge / (n_labels - start)
        ap = np.sum(np.where(yy, prec, 0.0), axis=1) / pos
    ap[pos == 0] = 0.0
    auc[(pos == 0) | (neg == 0)] = np.nan
    return auc, ap, pos


def _average_scores(binary_metric, yt: np.ndarray, s: np.ndarray, average, w, rowwise=None, score_w=None):
    """scikit-learn's ``_average_binary_score`` on an indicator target:
    one binary score per label (or per sample), then their (weighted) mean. ``score_w``: the
    weights handed to ``binary_metric`` when they differ from ``w`` (average precision takes
    them unscaled: it scales each class's weights itself, so a very light weight is kept)."""
    if score_w is None:
        score_w = w
    if average == "micro":
        sw = None if score_w is None else np.repeat(score_w, yt.shape[1])
        return float(binary_metric(yt.ravel(), s.ravel(), sample_weight=sw))
    if average == "samples" and rowwise is not None:  # vectorised over the rows
        scores = rowwise(yt, s)
        parts = None
        average_weight = w
    elif average == "samples":  # one binary problem per row: rank the labels of each sample
        parts, score_weight, average_weight = zip(yt, s), None, w
    else:  # one binary problem per label (column)
        parts, score_weight = zip(yt.T, s.T), score_w
        average_weight = None
        if average == "weighted":
            average_weight = yt.sum(axis=0, dtype=np.int64) if w is None else w @ yt.astype(np.float64)
            if math.isclose(float(np.sum(average_weight)), 0.0, abs_tol=1e-8):
                warnings.warn(
                    "no sample carries any label, so average='weighted' has no weights: "
                    "returning 0.0 (as scikit-learn)",
                    UndefinedMetricWarning,
                    stacklevel=4,
                )
                return 0.0
    if parts is not None:
        scores = np.array([binary_metric(yt_c, s_c, sample_weight=score_weight) for yt_c, s_c in parts],
                          dtype=np.float64)
    if average is None:
        return scores
    if average_weight is not None:
        # a 0-weight (possibly NaN) score does not enter the average
        scores[np.asarray(average_weight) == 0] = 0
        return float(np.average(scores, weights=average_weight))
    return float(np.mean(scores))


def _check_common(y_true, y_score, average, sample_weight):
    """The checked ``(y_true, y_score, average, w, raw)`` of the indicator scores: ``w`` the weights
    scaled by a power of two (what the averages use), ``raw`` the weights as given (a binary AP
    scales each class itself); one shape for every caller."""
    average = check_choice(average, "average", _SCORE_AVERAGES)
    yt = as_indicator(y_true, "y_true")
    s = _check_scores_like(y_score, yt.shape)
    # weights scaled by a power of two (largest in [1, 2)): an AUC or AP never depends on their scale
    raw = check_sample_weight(sample_weight, yt.shape[0])
    w = _unit_scale(raw)
    return yt, s, average, w, raw


def roc_auc_indicator(y_true, y_score, *, average="macro", sample_weight=None, max_fpr=None,
                      multi_class="raise", labels=None):
    """ROC AUC of a label-indicator target, as ``sklearn.metrics.roc_auc_score``.

    Each label j is a binary problem (column j of ``y_true`` against column
    j of ``y_score``) with its own AUC_j; the average says how they combine:

    .. math::
        \\text{macro} = \\frac{1}{L} \\sum_j AUC_j, \\qquad
        \\text{weighted} = \\frac{\\sum_j m^+_j AUC_j}{\\sum_j m^+_j}

    (m+_j the (weighted) number of samples carrying label j); ``'micro'`` is
    the AUC of all (sample, label) pairs pooled into one binary problem;
    ``'samples'`` is the mean over samples of the AUC of each row (ranking the
    labels of one sample), weighted by ``sample_weight``; ``None`` returns the
    L per-label values.

    Parameters
    ----------
    y_true : array-like of shape (n_samples, n_labels)
        0/1 indicator matrix.
    y_score : array-like of shape (n_samples, n_labels)
        Scores, larger meaning "more likely to carry the label".
    average : {'micro', 'macro', 'weighted', 'samples'} or None, default='macro'
    sample_weight : array-like of shape (n_samples,), default=None
    max_fpr : float in (0, 1], default=None
        McClish-standardised partial AUC of each binary problem.
    multi_class, labels
        ``roc_auc_score``'s arguments for multi-class targets: checked
        (``'raise'``, ``'ovr'`` or ``'ovo'``; a label list) and not used, as
        scikit-learn ignores them for an indicator target.

    Returns
    -------
    auc : float, or ndarray of shape (n_labels,) when ``average=None``
        A label (or, for ``'samples'``, a row) whose column holds one class
        only gives NaN with an ``UndefinedMetricWarning`` (scikit-learn 1.9).
        ``'weighted'`` returns 0.0 when no sample carries any label, with an
        ``UndefinedMetricWarning`` (scikit-learn returns the int 0 silently).

    Examples
    --------
    >>> y = [[1, 0], [0, 1], [1, 1], [0, 0]]
    >>> s = [[0.9, 0.2], [0.3, 0.8], [0.6, 0.7], [0.2, 0.4]]
    >>> roc_auc_indicator(y, s, average=None).tolist()
    [1.0, 1.0]
    """
    check_choice(multi_class, "multi_class", ("raise", "ovr", "ovo"))
    if labels is not None:
        as_labels(labels, "labels")
    yt, s, average, w, _ = _check_common(y_true, y_score, average, sample_weight)
    if max_fpr is not None:
        if isinstance(max_fpr, bool) or not isinstance(max_fpr, numbers.Real):
            raise TypeError(f"max_fpr must be a number in (0, 1] or None, got {max_fpr!r}")
        if not 0 < max_fpr <= 1:
            raise ValueError(f"max_fpr must be in (0, 1], got {max_fpr!r}")

    def metric(y01, sc, sample_weight=None):
        # the binary AUC of learnmetrics.curves.roc_auc_score, from the shared counting engine
        return _roc_auc_binary(y01.astype(bool), np.ascontiguousarray(sc), sample_weight, max_fpr)

    def rowwise(y, sc):
        auc, _, _ = _rowwise_auc_ap(y, sc)
        # one warning per undefined row, as scikit-learn's one call per row (shown once by default)
        for _ in range(int(np.isnan(auc).sum())):
            warnings.warn("Only one class is present in y_true. ROC AUC score is not defined in that case.",
                          UndefinedMetricWarning, stacklevel=5)
        return auc

    return _average_scores(metric, yt, s, average, w, rowwise=rowwise if max_fpr is None else None)


def average_precision_indicator(y_true, y_score, *, average="macro", pos_label=1, sample_weight=None):
    """Average precision of a label-indicator target, as ``sklearn.metrics.average_precision_score``.

    .. math:: AP_j = \\sum_n (R_n - R_{n-1}) P_n

    per label j (the step-wise area under its P-R curve), then averaged as in
    :func:`roc_auc_indicator` (``'micro'`` pools every (sample, label) pair,
    ``'samples'`` ranks the labels of each row).

    Parameters
    ----------
    y_true : array-like of shape (n_samples, n_labels)
        0/1 indicator matrix.
    y_score : array-like of shape (n_samples, n_labels)
    average : {'micro', 'macro', 'weighted', 'samples'} or None, default='macro'
    pos_label : int, default=1
        Must be 1 for an indicator target (as scikit-learn).
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    ap : float, or ndarray of shape (n_labels,) when ``average=None``
        A label without positives has AP 0 with an ``UndefinedMetricWarning``
        (no positive to recall), as scikit-learn.

    Examples
    --------
    >>> y = [[1, 0], [0, 1], [1, 1], [0, 0]]
    >>> s = [[0.9, 0.2], [0.3, 0.8], [0.6, 0.7], [0.2, 0.4]]
    >>> average_precision_indicator(y, s, average="micro")
    1.0
    """
    yt, s, average, w, raw = _check_common(y_true, y_score, average, sample_weight)
    if isinstance(pos_label, (bool, np.bool_)) or not isinstance(pos_label, numbers.Real) or pos_label != 1:
        raise ValueError(
            f"Parameter pos_label is fixed to 1 for multilabel-indicator y_true. Do not set pos_label "
            f"or set pos_label to 1, got {pos_label!r}"
        )

    def metric(y01, sc, sample_weight=None):
        # the binary AP of learnmetrics.curves.average_precision_score, from the shared counting engine
        if sample_weight is not None and not sample_weight.any():
            raise ValueError("sample_weight sums to zero: at least one sample must have a positive weight")
        return _binary_ap(y01.astype(bool), np.ascontiguousarray(sc), sample_weight)

    def rowwise(y, sc):
        _, ap, pos = _rowwise_auc_ap(y, sc)
        for _ in range(int(np.count_nonzero(pos == 0))):
            warnings.warn("No positive class found in y_true, recall is set to one for all thresholds",
                          UserWarning, stacklevel=5)
        return ap

    return _average_scores(metric, yt, s, average, w, rowwise=rowwise, score_w=raw)
