"""Classification basics: the confusion matrix and the measures read off it (the book's 2.3.1-2.3.2).

The lesson first. A classifier's predictions on m test examples fall in the four cells of the
confusion matrix: true positives TP, false positives FP (negatives predicted positive), false
negatives FN (positives predicted negative) and true negatives TN. The *error rate*
E = (FP + FN) / m and the *accuracy* acc = 1 - E = (TP + TN) / m count every mistake alike
(2.3.1, 错误率与精度). *Precision* P = TP / (TP + FP) asks how many of the predicted positives
are right, *recall* R = TP / (TP + FN) how many of the positives are found, and
F1 = 2 P R / (P + R) is their harmonic mean (2.3.2, 查准率、查全率与 F1). Every function below
computes one of these, or a relative of them that holds up when one class is rare; the label
reading and the 0/0 rules behind them live in :mod:`learnmetrics._labels` and
:mod:`learnmetrics._prf`.

>>> from learnmetrics.classification import binary_counts, rates
>>> c = binary_counts([1, 1, 1, 0, 0, 0, 0, 0], [1, 1, 0, 1, 0, 0, 0, 0])
>>> print(c)
tp=2 fp=1 fn=1 tn=4
>>> round(rates(c).error_rate, 3), round(rates(c).precision, 3), round(rates(c).recall, 3)
(0.25, 0.667, 0.667)

Two families live here.

* Functions named like their ``sklearn.metrics`` counterparts take the same
  arguments and return the same values as scikit-learn 1.9:
  :func:`confusion_matrix`, :func:`multilabel_confusion_matrix`,
  :func:`accuracy_score`, :func:`zero_one_loss`, :func:`hamming_loss`,
  :func:`precision_score`, :func:`recall_score`, :func:`f1_score`,
  :func:`fbeta_score`, :func:`precision_recall_fscore_support`,
  :func:`jaccard_score`, :func:`top_k_accuracy_score`, and the measures that
  hold up when one class is rare: :func:`balanced_accuracy_score`,
  :func:`matthews_corrcoef`, :func:`cohen_kappa_score`,
  :func:`class_likelihood_ratios`. Binary and multi-class targets (1-D
  labels) everywhere; multi-label targets (0/1 label-indicator matrices of
  shape (n_samples, n_labels)) where scikit-learn takes them:
  :func:`multilabel_confusion_matrix`, :func:`accuracy_score` (subset
  accuracy), the losses, the P/R/F family and :func:`jaccard_score` (with
  ``average='samples'`` too).
* The book's own objects (Zhou Zhihua, *Machine Learning*, section 2.3):
  :class:`BinaryCounts` (TP, FP, FN, TN, 真正例/假正例/假反例/真反例) with
  :func:`rates`, :func:`error_rate` (the book's E(f; D)),
  :func:`one_vs_rest_counts` and :func:`macro_micro` (macro/micro averages over
  n binary confusion matrices, with the book's macro-F1 *and* scikit-learn's),
  and :func:`threshold_state`, the pure state behind the threshold explorer.

Zero division (0/0)
-------------------
The scikit-learn-named functions and :func:`macro_micro` follow scikit-learn's
``zero_division``: ``"warn"`` (the default) uses 0.0 and emits an
:class:`~learnmetrics.UndefinedMetricWarning`; 0.0, 1.0 or ``np.nan`` use that
value silently (``np.nan`` values are left out of averages).

The book-style helpers (:class:`BinaryCounts` properties and :func:`rates`)
return ``nan`` for an undefined ratio and warn, unless you pass an explicit
``zero_division=0.0`` or ``1.0``. :func:`threshold_state` never warns (it runs on
every slider move); it records the undefined rates in ``state.undefined`` and
prints them as ``undefined (0/0)``.

Labels and counts
-----------------
Labels are integers, booleans (numbers: ``True == 1``), strings or whole
floats; ``y_true``, ``y_pred``, ``labels`` and ``pos_label`` must all be of
the same kind (strings vs numbers), and an array mixing strings with numbers
is refused (see :func:`learnmetrics._validation.as_labels`). Integer labels
are compared exactly, even beyond 2**53 and when one array is ``int64`` and
the other ``uint64``.

Counts are exact. Without weights, or with integer (or boolean) weights, every
count (:func:`confusion_matrix`, :func:`binary_counts`,
:func:`one_vs_rest_counts`) is an exact integer: integer weights are summed in
``int64`` (never rounded through float64, which holds integers exactly only
up to 2**53), and weights whose total does not fit ``int64`` are refused.
Float weights give float64 counts. Where scikit-learn returns floats (the
``support`` of :func:`precision_recall_fscore_support` when weighted,
``accuracy_score(normalize=False)``), the exact integer is converted to float
once, at the end.

Deliberate differences from scikit-learn (all raise where scikit-learn returns
something doubtful): 2-D column vectors, negative sample weights, duplicate
or empty ``labels``, ``labels`` / ``pos_label`` of another type than the data
(strings vs numbers), a boolean ``beta`` and ``pos_label=None`` with
``average='binary'`` all raise a clear ``ValueError``/``TypeError``; a huge
finite ``beta`` (where ``beta**2`` overflows, and scikit-learn raises an
``OverflowError`` or returns NaN) gives the limit, recall. Label-indicator
matrices must hold only 0 and 1 and have two columns or more (a single
column is a 1-D target: pass ``y.ravel()``), SciPy sparse matrices are
refused (pass ``y.toarray()``), and ``labels`` of an indicator target are
distinct column indices (see :mod:`learnmetrics._indicator`).
"""
from __future__ import annotations

import math
import numbers
import warnings
from dataclasses import dataclass, field

import numpy as np

from ._indicator import check_label_columns, indicator_pair, indicator_sums, is_2d
from ._labels import (_check_compatible, _check_pos_label, _check_weights, _is_text, _kind, _labels_array,
                      _lookup, _pos_index, _Targets, _wcount)
from ._prf import (_check_average, _check_beta, _check_warn_for, _check_zero_division, _fbeta_parts, _nanaverage,
                   _prf_divide)
from ._validation import (
    UndefinedMetricWarning,
    _float,
    as_features,
    as_scores,
    check_bool,
    check_choice,
    check_label,
    check_positive_int,
    check_real,
    check_same_length,
    check_size,
    rescale_weights,
)

__all__ = [
    "confusion_matrix",
    "multilabel_confusion_matrix",
    "accuracy_score",
    "zero_one_loss",
    "hamming_loss",
    "error_rate",
    "precision_score",
    "recall_score",
    "f1_score",
    "fbeta_score",
    "precision_recall_fscore_support",
    "jaccard_score",
    "top_k_accuracy_score",
    "balanced_accuracy_score",
    "matthews_corrcoef",
    "cohen_kappa_score",
    "class_likelihood_ratios",
    "BinaryCounts",
    "binary_counts",
    "Rates",
    "rates",
    "one_vs_rest_counts",
    "MacroMicro",
    "macro_micro",
    "ThresholdState",
    "threshold_state",
]

# ----------------------------------------------------------------------------
# scikit-learn-compatible functions
# ----------------------------------------------------------------------------
def _confusion(t: _Targets, labels) -> np.ndarray:
    """The confusion matrix of checked targets (rows: true, columns: predicted),
    int64 for counts and integer weights, float64 for float weights."""
    if labels is None:
        k = len(t.present)
        ti, pi, w = t.it, t.ip, t.w
    else:
        lab = t.check_labels(labels)
        k = len(lab)
        sel = _lookup(t.present, lab)
        remap = np.full(len(t.present), -1, dtype=np.intp)
        remap[sel[sel >= 0]] = np.flatnonzero(sel >= 0)
        in_true = np.bincount(t.it, minlength=len(t.present)) > 0
        if not np.any(in_true[sel[sel >= 0]]):
            raise ValueError(
                f"at least one label in labels must occur in {t.names[0]}; labels={lab.tolist()!r}, "
                f"{t.names[0]} holds {np.unique(t.yt).tolist()!r}"
            )
        ti, pi = remap[t.it], remap[t.ip]
        keep = (ti >= 0) & (pi >= 0)
        w = t.w
        if not keep.all():
            ti, pi = ti[keep], pi[keep]
            w = w[keep] if w is not None else None
    check_size(k * k, f"the confusion matrix of {k:,} classes ({k:,} x {k:,})",
               hint="pass labels=[...] with the classes you want to see")
    flat = ti * k + pi
    # int64 and exact without weights or with integer weights, float64 with float weights
    cm = _wcount(flat, w, k * k).astype(np.int64 if t.int_weights else np.float64, copy=False)
    return cm.reshape(k, k)


def _warn_single_label(cm: np.ndarray, stacklevel: int = 3) -> None:
    if cm.shape == (1, 1):
        warnings.warn(
            "A single label was found in 'y_true' and 'y_pred'. For the confusion matrix "
            "to have the correct shape, use the 'labels' parameter to pass all known labels.",
            UserWarning,
            stacklevel=stacklevel,
        )


def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    """Confusion matrix (混淆矩阵): ``C[i, j]`` = samples of true class i predicted as j.

    Rows are the true classes, columns the predictions, both in the order of
    ``labels`` (default: the sorted labels present in ``y_true`` or
    ``y_pred``). In the binary case with labels ``[negative, positive]``::

        C = [[TN, FP],
             [FN, TP]]        tn, fp, fn, tp = C.ravel()

    The book draws the same table with the positive class first
    (rows 真实正例/反例: ``[[TP, FN], [FP, TN]]``); see
    :meth:`BinaryCounts.as_matrix`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted class labels (integers, booleans or strings).
    labels : array-like of shape (n_classes,), default=None
        Labels indexing the matrix (reorder, select a subset, or add classes
        that never occur). Samples whose true or predicted label is not in
        ``labels`` are left out. At least one of them must occur in ``y_true``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights; the matrix then sums weights.
    normalize : {'true', 'pred', 'all'}, default=None
        Divide by row sums (each row then holds the rates of one true class:
        the ``'true'`` diagonal is the per-class recall), by column sums
        (``'pred'``: the diagonal is the per-class precision) or by the total.
        Empty rows/columns give 0.

    Returns
    -------
    C : ndarray of shape (n_classes, n_classes)
        ``int64`` for counts (no weights, or integer weights, summed exactly),
        ``float64`` when the weights are floats or ``normalize`` is set.

    Examples
    --------
    >>> confusion_matrix([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    array([[1, 1],
           [1, 2]])
    """
    if normalize is not None and not (isinstance(normalize, str) and normalize in ("true", "pred", "all")):
        raise ValueError(f"normalize must be one of 'true', 'pred', 'all' or None, got {normalize!r}")
    t = _Targets(y_true, y_pred, sample_weight)
    cm = _confusion(t, labels)
    if normalize is not None:
        with np.errstate(all="ignore"):
            if normalize == "true":
                cm = cm / cm.sum(axis=1, keepdims=True)
            elif normalize == "pred":
                cm = cm / cm.sum(axis=0, keepdims=True)
            else:
                cm = cm / cm.sum()
        cm = np.nan_to_num(cm)
    _warn_single_label(cm)
    return cm


def _correct(y_true, y_pred, sample_weight):
    """(whether each sample is classified correctly, weights or None, integer weights?)
    for 1-D labels or label-indicator matrices (a row is correct when every label is)."""
    ind = indicator_pair(y_true, y_pred)
    if ind is not None:
        yt, yp = ind
        w, int_w = _check_weights(sample_weight, yt.shape[0])
        return ~(yt != yp).any(axis=1), w, int_w
    t = _Targets(y_true, y_pred, sample_weight)
    return t.it == t.ip, t.w, t.int_weights


def _weighted_share(hits: np.ndarray, w, int_w: bool, normalize: bool) -> float:
    """Mean (or sum) of boolean ``hits`` weighted by ``w``; integer weights summed exactly."""
    if w is None:
        return float(hits.mean()) if normalize else float(np.count_nonzero(hits))
    if int_w:
        # exact integer sums, one correctly rounded division
        right = int(w[hits].sum())
        return right / int(w.sum()) if normalize else float(right)
    if normalize:
        return float(np.average(hits, weights=w))
    return float(np.dot(hits, w))


def _any_one(yt: np.ndarray, yp: np.ndarray, sel) -> bool:
    """Whether the (selected) columns of two indicator matrices hold any 1."""
    if sel is not None:
        yt, yp = yt[:, sel], yp[:, sel]
    return bool(yt.any() or yp.any())


def multilabel_confusion_matrix(y_true, y_pred, *, sample_weight=None, labels=None, samplewise=False):
    """One 2x2 confusion matrix per label (or per sample): that label against the rest.

    For label k the matrix is ``[[TN, FP], [FN, TP]]`` (scikit-learn's layout,
    negative first): TP = samples carrying k predicted k, FP = predicted k
    without carrying it, FN = carrying k not predicted, TN = the rest. For 1-D
    multi-class labels these are the one-vs-rest matrices (see
    :func:`one_vs_rest_counts` for the book's ``BinaryCounts``); for a
    label-indicator matrix (multi-label), column k is its own binary problem.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        1-D labels, or 0/1 indicator matrices of the same shape.
    sample_weight : array-like of shape (n_samples,), default=None
    labels : array-like, default=None
        The classes (1-D; may include absent ones) or the column indices
        (indicator matrices) to report, in order. Default: all.
    samplewise : bool, default=False
        Indicator matrices only: one matrix per sample, counting its labels
        (each count times the sample's weight, as scikit-learn).

    Returns
    -------
    multi_confusion : ndarray of shape (n_labels, 2, 2) or (n_samples, 2, 2)
        ``int64`` counts without weights; with weights ``float64`` as
        scikit-learn (integer weights are summed exactly, then converted),
        except ``samplewise=True`` with integer weights (``int64``).

    Examples
    --------
    >>> multilabel_confusion_matrix([[1, 0], [0, 1], [1, 1]], [[1, 0], [0, 0], [1, 1]]).tolist()
    [[[1, 0], [0, 2]], [[1, 0], [1, 1]]]
    """
    samplewise = check_bool(samplewise, "samplewise")
    ind = indicator_pair(y_true, y_pred)
    if ind is not None:
        yt, yp = ind
        w, int_w = _check_weights(sample_weight, yt.shape[0])
        sel = None if labels is None else check_label_columns(labels, yt.shape[1])
        tp, pred, true, tn = indicator_sums(yt, yp, w, sel, samplewise=samplewise)
        fp, fn = pred - tp, true - tp
        # scikit-learn's dtypes: weighted counts are float, except samplewise with integer
        # weights, and integer weights on (selected) columns that hold no 1 at all (whatever
        # the weights of the rows holding them: a 1 in a row of weight 0 still makes them float)
        float_out = w is not None and not (samplewise and int_w) and not (
            int_w and not _any_one(yt, yp, sel))
    else:
        t = _Targets(y_true, y_pred, sample_weight)
        sel = None if labels is None else _lookup(t.present, t.check_labels(labels))
        if samplewise:
            raise ValueError(
                "samplewise=True is for multi-label targets (label-indicator matrices); y_true and y_pred are 1-D"
            )
        tp, true, pred = t.per_class(sel)
        fp, fn = pred - tp, true - tp
        tn = t.total() - tp - fp - fn
        if not t.int_weights:
            tn = np.maximum(tn, 0.0)  # rounding of float weights
        float_out = t.w is not None or tp.dtype.kind == "f"
    out = np.stack([tn, fp, fn, tp], axis=-1).reshape(-1, 2, 2)
    return out.astype(np.float64 if float_out else np.int64, copy=False)


def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Accuracy (精度): the fraction of samples classified correctly.

    .. math:: \\mathrm{acc}(f; D) = \\frac{1}{m} \\sum_{i=1}^{m} \\mathbb{I}(f(x_i) = y_i)
              = 1 - E(f; D)

    and, in the binary case, ``(TP + TN) / (TP + FP + FN + TN)``. With
    ``sample_weight`` every sample counts with its weight.

    For label-indicator matrices (multi-label) this is the *subset accuracy*:
    a sample counts as correct only when its whole row of labels is right
    (see :func:`hamming_loss` for the share of wrong (sample, label) cells).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        True and predicted class labels, or 0/1 indicator matrices.
    normalize : bool, default=True
        ``False`` returns the (weighted) number of correct samples instead.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights, not all zero.

    Returns
    -------
    score : float
        With integer weights the weighted counts are summed exactly before
        the one division (or the one conversion to float).

    Examples
    --------
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3])
    0.5
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3], normalize=False)
    2.0
    >>> accuracy_score([[1, 1], [0, 1]], [[1, 1], [1, 1]])  # subset accuracy
    0.5
    """
    normalize = check_bool(normalize, "normalize")
    correct, w, int_w = _correct(y_true, y_pred, sample_weight)
    return _weighted_share(correct, w, int_w, normalize)


def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Zero-one loss: the fraction (or number) of misclassified samples.

    .. math:: L_{0-1} = \\frac{1}{m} \\sum_{i=1}^{m} \\mathbb{I}(f(x_i) \\ne y_i) = 1 - \\mathrm{acc}

    the book's error rate E(f; D) (:func:`error_rate`). For label-indicator
    matrices a sample is wrong when any of its labels is (1 - subset accuracy).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
    normalize : bool, default=True
        ``False`` returns the (weighted) number of misclassified samples.
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    loss : float

    Examples
    --------
    >>> zero_one_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    >>> zero_one_loss([[0, 1], [1, 1]], [[1, 1], [1, 1]], normalize=False)
    1.0
    """
    normalize = check_bool(normalize, "normalize")
    correct, w, int_w = _correct(y_true, y_pred, sample_weight)
    return _weighted_share(~correct, w, int_w, normalize)


def hamming_loss(y_true, y_pred, *, sample_weight=None):
    """Hamming loss: the fraction of wrong labels.

    For 1-D labels it equals the zero-one loss. For label-indicator matrices
    with L labels it is the share of wrong (sample, label) cells:

    .. math:: L_{Hamming} = \\frac{1}{m L} \\sum_{i=1}^{m} \\sum_{j=1}^{L}
              \\mathbb{I}(\\hat{y}_{ij} \\ne y_{ij})

    (with weights, row i counts w_i and the denominator is L times the sum of
    the weights). It is never larger than the zero-one loss: one wrong label
    out of L makes a whole sample wrong but costs only 1/L here.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    loss : float

    Examples
    --------
    >>> hamming_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    >>> hamming_loss([[0, 1], [1, 1]], [[1, 1], [1, 1]])
    0.25
    """
    ind = indicator_pair(y_true, y_pred)
    if ind is None:
        correct, w, int_w = _correct(y_true, y_pred, sample_weight)
        return _weighted_share(~correct, w, int_w, True)
    yt, yp = ind
    n, n_labels = yt.shape
    w, int_w = _check_weights(sample_weight, n)
    wrong = np.count_nonzero(yt != yp, axis=1)
    if w is None:
        return int(wrong.sum()) / (n * n_labels)
    if int_w:
        return int(np.dot(wrong, w)) / (n_labels * int(w.sum()))
    return float(np.dot(wrong, w)) / (n * n_labels * float(np.mean(w)))


def error_rate(y_true, y_pred, *, sample_weight=None):
    """Error rate (错误率), the book's E(f; D): the fraction misclassified.

    .. math:: E(f; D) = \\frac{1}{m} \\sum_{i=1}^{m} \\mathbb{I}(f(x_i) \\ne y_i)
              = 1 - \\mathrm{acc}(f; D)

    Equal to ``sklearn.metrics.zero_one_loss`` (computed as ``1 - accuracy``;
    see :func:`zero_one_loss`, which also counts).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    error : float

    Examples
    --------
    >>> error_rate([0, 1, 2, 3], [0, 2, 1, 3])
    0.5
    """
    return 1.0 - accuracy_score(y_true, y_pred, sample_weight=sample_weight)


def precision_recall_fscore_support(
    y_true,
    y_pred,
    *,
    beta=1.0,
    labels=None,
    pos_label=1,
    average=None,
    warn_for=("precision", "recall", "f-score"),
    sample_weight=None,
    zero_division="warn",
):
    """Precision, recall, F-beta and support for each class, or their average.

    For one class taken as positive (the others negative):

    .. math::
        P = \\frac{TP}{TP + FP}, \\qquad R = \\frac{TP}{TP + FN}, \\qquad
        F_\\beta = \\frac{(1 + \\beta^2) P R}{\\beta^2 P + R}
                 = \\frac{(1 + \\beta^2) TP}{(1 + \\beta^2) TP + \\beta^2 FN + FP}

    (查准率 P, 查全率 R). ``beta > 1`` weighs recall more, ``beta < 1``
    precision; ``beta = 0`` gives P and ``beta = inf`` gives R. The support
    is the (weighted) number of true samples of the class, TP + FN.

    Averages over the classes (``average``):

    * ``'binary'``: only ``pos_label`` (binary targets only);
    * ``'micro'``: P, R, F from the summed TP, FP, FN of all classes
      (for the book's micro-P/R/F1 from averaged counts, which is the same
      thing, see :func:`macro_micro`);
    * ``'macro'``: the plain mean of the per-class values. NB: macro-F1 here
      is the mean of per-class F1; the book's macro-F1 is F1 of macro-P and
      macro-R (see :func:`macro_micro`);
    * ``'weighted'``: mean weighted by support (if every support is 0, the
      plain mean);
    * ``'samples'`` (label-indicator matrices only): P, R, F of each sample's
      predicted label set against its true label set, then their mean
      (weighted by ``sample_weight``);
    * ``None``: per-class arrays.

    For a label-indicator matrix (multi-label) each column is one class's
    binary problem; a sample may carry several labels, or none.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        True and predicted class labels, or 0/1 indicator matrices of the
        same shape (multi-label).
    beta : float, default=1.0
        Non-negative; may be ``np.inf``.
    labels : array-like, default=None
        Classes to report (and their order when ``average=None``); may include
        classes absent from the data. Not used when ``average='binary'``, but
        checked (same kind as ``y_true``, no duplicates, not empty). For an
        indicator matrix: column indices in [0, n_labels).
    pos_label : int, bool or str, default=1
        The positive class when ``average='binary'``; otherwise ignored
        (with a ``UserWarning`` if it is not 1 or None).
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default=None
        ``'binary'`` needs 1-D targets of at most two classes, ``'samples'``
        indicator matrices (errors otherwise, as scikit-learn).
    warn_for : tuple of str, default=("precision", "recall", "f-score")
        Which undefined metrics warn (used by the single-metric functions).
    sample_weight : array-like of shape (n_samples,), default=None
    zero_division : {"warn", 0.0, 1.0, np.nan}, default="warn"
        Value for 0/0 (precision with no predicted positives, recall with no
        true positives, F with neither). ``"warn"`` uses 0.0 and emits an
        ``UndefinedMetricWarning``; ``np.nan`` values are left out of averages.

    Returns
    -------
    precision, recall, fbeta_score : float (averaged) or ndarray of float64
    support : None (averaged) or ndarray (int64, float64 when weighted)

    Examples
    --------
    >>> p, r, f, s = precision_recall_fscore_support([1, 2, 3], [1, 1, 3], zero_division=0.0)
    >>> p.round(4).tolist(), r.tolist(), s.tolist()
    ([0.5, 0.0, 1.0], [1.0, 0.0, 1.0], [1, 1, 1])

    Two target columns (multi-label):

    >>> y = [[1, 1], [1, 0], [0, 1]]
    >>> p = [[1, 0], [1, 0], [1, 1]]
    >>> [round(v, 4) for v in precision_recall_fscore_support(y, p, average="samples")[:3]]
    [0.8333, 0.8333, 0.7778]
    """
    zd_value, zd_warn = _check_zero_division(zero_division)
    b = _check_beta(beta)
    average = _check_average(average)
    pos_label = _check_pos_label(pos_label)
    warn_for = _check_warn_for(warn_for)
    tp_sum, pred_sum, true_sum, sample_w, weighted = _setwise_sums(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight
    )
    if average == "micro":
        tp_sum = np.array([tp_sum.sum()])
        true_sum_m = np.array([true_sum.sum()])
        pred_sum = np.array([pred_sum.sum()])
    else:
        true_sum_m = true_sum

    precision = _prf_divide(tp_sum, pred_sum, "precision", "predicted", average, warn_for, zd_value, zd_warn)
    recall = _prf_divide(tp_sum, true_sum_m, "recall", "true", average, warn_for, zd_value, zd_warn)
    if math.isinf(b):
        f_score = recall
    elif b == 0:
        f_score = precision
    else:
        num, denom, _ = _fbeta_parts(tp_sum, true_sum_m, pred_sum, b)
        f_score = _prf_divide(
            num,
            denom,
            "f-score",
            "true nor predicted",
            average,
            warn_for,
            zd_value,
            zd_warn,
        )

    if average is None:
        if weighted:
            true_sum = true_sum.astype(np.float64)  # as scikit-learn: weighted support is float
        return precision, recall, f_score, true_sum
    weights = true_sum_m if average == "weighted" else (sample_w if average == "samples" else None)
    return (
        _nanaverage(precision, weights),
        _nanaverage(recall, weights),
        _nanaverage(f_score, weights),
        None,
    )


def _setwise_sums(y_true, y_pred, *, labels, pos_label, average, sample_weight):
    """(tp_sum, pred_sum, true_sum, sample weights or None, weighted?) per label
    (per sample for ``average='samples'``) for 1-D or label-indicator targets,
    with scikit-learn's checks of ``average`` / ``labels`` / ``pos_label``."""
    ind = indicator_pair(y_true, y_pred)
    if ind is not None:
        yt, yp = ind
        w, _ = _check_weights(sample_weight, yt.shape[0])
        sel = None if labels is None else check_label_columns(labels, yt.shape[1])
        if average == "binary":
            raise ValueError(
                "Target is multilabel-indicator but average='binary'. Please choose another average "
                "setting, one of [None, 'micro', 'macro', 'weighted', 'samples']."
            )
        _warn_ignored_pos_label(pos_label, average, stacklevel=4)
        samplewise = average == "samples"
        tp, pred, true, _ = indicator_sums(yt, yp, w, sel, samplewise=samplewise)
        # the support's dtype follows multilabel_confusion_matrix's, as in scikit-learn
        weighted = w is not None and (w.dtype.kind == "f" or _any_one(yt, yp, sel))
        return tp, pred, true, (w if samplewise else None), weighted

    t = _Targets(y_true, y_pred, sample_weight)
    # checked even where they are not used (labels with average='binary', pos_label
    # otherwise), so a mistyped argument is never silently ignored
    lab = None if labels is None else t.check_labels(labels)
    if average == "samples":
        raise ValueError(
            "average='samples' is for multi-label targets (label-indicator matrices); y_true and "
            "y_pred are 1-D: use one of None, 'binary', 'micro', 'macro', 'weighted'"
        )
    default_pos = pos_label is None or (not isinstance(pos_label, (str, np.str_)) and pos_label == 1)
    if average != "binary" and not default_pos and isinstance(pos_label, (str, np.str_)) != _is_text(t.present):
        raise ValueError(
            f"pos_label={pos_label!r} does not fit the labels, which are {_kind(t.present)}s "
            f"{t.present.tolist()!r} (it is not used unless average='binary')"
        )

    if average == "binary":
        if not t.is_binary:
            raise ValueError(
                f"Target is multiclass ({len(t.present)} labels) but average='binary'. "
                "Please choose another average setting, one of [None, 'micro', 'macro', 'weighted']."
            )
        idx = _pos_index(t, pos_label)
        sel = np.asarray([idx], dtype=np.intp)
    else:
        _warn_ignored_pos_label(pos_label, average, stacklevel=4)
        sel = None if lab is None else _lookup(t.present, lab)

    tp_sum, true_sum, pred_sum = t.per_class(sel)
    return tp_sum, pred_sum, true_sum, None, t.w is not None


def _warn_ignored_pos_label(pos_label, average, stacklevel):
    if pos_label is not None and not (not isinstance(pos_label, (str, np.str_)) and pos_label == 1):
        warnings.warn(
            f"Note that pos_label (set to {pos_label!r}) is ignored when average != 'binary' "
            f"(got {average!r}). You may use labels=[pos_label] to specify a single positive class.",
            UserWarning,
            stacklevel=stacklevel,
        )


_COMMON_PARAMS = """
    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        True and predicted class labels, or 0/1 indicator matrices (multi-label).
    labels : array-like, default=None
        Classes to include when ``average != 'binary'`` (and their order when
        ``average=None``); column indices for indicator matrices.
    pos_label : int, bool or str, default=1
        The positive class for ``average='binary'``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default='binary'
        See :func:`precision_recall_fscore_support` (``'samples'``: multi-label only).
    sample_weight : array-like of shape (n_samples,), default=None
    zero_division : {"warn", 0.0, 1.0, np.nan}, default="warn"
        Value for 0/0; ``"warn"`` means 0.0 plus an ``UndefinedMetricWarning``.
"""


def precision_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                    sample_weight=None, zero_division="warn"):
    """Precision (查准率) P = TP / (TP + FP): of the predicted positives, how many are right.

    Undefined (0/0) when nothing is predicted positive.
    {params}
    Returns
    -------
    precision : float, or ndarray of float64 when ``average=None``

    Examples
    --------
    >>> precision_score([0, 1, 1, 0, 1], [1, 1, 0, 0, 1])
    0.6666666666666666
    """
    p, _, _, _ = precision_recall_fscore_support(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
        warn_for=("precision",), sample_weight=sample_weight, zero_division=zero_division,
    )
    return p


def recall_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                 sample_weight=None, zero_division="warn"):
    """Recall (查全率, sensitivity, TPR) R = TP / (TP + FN): of the true positives, how many are found.

    Undefined (0/0) when there are no true positives in ``y_true``.
    {params}
    Returns
    -------
    recall : float, or ndarray of float64 when ``average=None``

    Examples
    --------
    >>> recall_score([0, 1, 1, 0, 1], [1, 1, 0, 0, 1])
    0.6666666666666666
    """
    _, r, _, _ = precision_recall_fscore_support(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
        warn_for=("recall",), sample_weight=sample_weight, zero_division=zero_division,
    )
    return r


def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
             sample_weight=None, zero_division="warn"):
    """F1 score: the harmonic mean of precision and recall.

    .. math::
        F1 = \\frac{2 P R}{P + R} = \\frac{2\\,TP}{m + TP - TN}
           = \\frac{2\\,TP}{2\\,TP + FP + FN}

    (m = TP + FP + FN + TN, the number of samples.) Undefined only when
    TP + FP + FN = 0. With ``average='macro'`` this is the *mean of per-class
    F1* (scikit-learn's macro-F1); the book's macro-F1 (F1 of macro-P and
    macro-R) is :attr:`MacroMicro.macro_f1` from :func:`macro_micro`.
    {params}
    Returns
    -------
    f1 : float, or ndarray of float64 when ``average=None``

    Examples
    --------
    >>> round(f1_score([1, 2, 3], [1, 1, 3], average="macro"), 4)
    0.5556
    """
    _, _, f, _ = precision_recall_fscore_support(
        y_true, y_pred, beta=1.0, labels=labels, pos_label=pos_label, average=average,
        warn_for=("f-score",), sample_weight=sample_weight, zero_division=zero_division,
    )
    return f


def fbeta_score(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary",
                sample_weight=None, zero_division="warn"):
    """F-beta score: a weighted harmonic mean of precision and recall.

    .. math::
        F_\\beta = \\frac{(1 + \\beta^2) P R}{\\beta^2 P + R},
        \\qquad \\frac{1}{F_\\beta} = \\frac{1}{1 + \\beta^2}
        \\left(\\frac{1}{P} + \\frac{\\beta^2}{R}\\right)

    ``beta`` is how many times more recall matters than precision: ``beta > 1``
    leans to recall (e.g. finding every sick patient), ``beta < 1`` to
    precision (e.g. recommending only what the user will like); ``beta = 1``
    is F1, ``beta = 0`` is P, ``beta = inf`` is R.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
    beta : float
        Non-negative (``np.inf`` allowed).
    labels, pos_label, average, sample_weight, zero_division
        As in :func:`f1_score`.

    Returns
    -------
    fbeta : float, or ndarray of float64 when ``average=None``

    Examples
    --------
    >>> round(fbeta_score([0, 1, 1, 0, 1], [1, 1, 0, 0, 0], beta=2), 4)
    0.3571
    """
    _, _, f, _ = precision_recall_fscore_support(
        y_true, y_pred, beta=beta, labels=labels, pos_label=pos_label, average=average,
        warn_for=("f-score",), sample_weight=sample_weight, zero_division=zero_division,
    )
    return f


def jaccard_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                  sample_weight=None, zero_division="warn"):
    """Jaccard index (intersection over union) of the predicted and the true positives.

    .. math::
        J = \\frac{|Y \\cap \\hat{Y}|}{|Y \\cup \\hat{Y}|} = \\frac{TP}{TP + FP + FN}

    per class (one against the rest) or, with ``average='samples'``, per
    sample of a label-indicator matrix (the true and predicted label sets of
    the row), then averaged as in :func:`precision_recall_fscore_support`
    (``'micro'`` pools TP, FP, FN first). For one class J = F1 / (2 - F1),
    an increasing function of F1, so the two rank classifiers alike there;
    their macro averages can rank them differently.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        1-D labels, or 0/1 indicator matrices (multi-label).
    labels : array-like, default=None
        Classes (1-D) or column indices (indicator) to include.
    pos_label : int, bool or str, default=1
        The positive class for ``average='binary'``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default='binary'
        ``'samples'`` only for indicator matrices.
    sample_weight : array-like of shape (n_samples,), default=None
    zero_division : {"warn", 0.0, 1.0}, default="warn"
        Value of 0/0 (no true and no predicted positives); ``"warn"`` uses 0.0
        with an ``UndefinedMetricWarning``. ``np.nan`` is refused, as
        scikit-learn 1.9 refuses it here.

    Returns
    -------
    score : float, or ndarray of float64 when ``average=None``

    Examples
    --------
    >>> jaccard_score([0, 1, 1], [1, 1, 1])
    0.6666666666666666
    >>> y = [[0, 1, 1], [1, 1, 0]]
    >>> p = [[1, 1, 1], [1, 0, 0]]
    >>> round(jaccard_score(y, p, average="samples"), 4)
    0.5833
    """
    zd_value, zd_warn = _check_zero_division(zero_division)
    if math.isnan(zd_value):
        raise ValueError('zero_division must be "warn", 0.0 or 1.0 for jaccard_score (as in scikit-learn), got nan')
    average = _check_average(average)
    pos_label = _check_pos_label(pos_label)
    tp, pred, true, sample_w, _ = _setwise_sums(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight
    )
    den = pred + true - tp
    if average == "micro":
        tp, den = np.array([tp.sum()]), np.array([den.sum()])
    jac = _prf_divide(tp, den, "jaccard", "true or predicted", average, ("jaccard",), zd_value, zd_warn)
    if average is None:
        return jac
    weights = None
    if average == "weighted":
        weights = true if np.any(true) else None
    elif average == "samples":
        weights = sample_w
    return float(np.average(jac, weights=weights))


def top_k_accuracy_score(y_true, y_score, *, k=2, normalize=True, sample_weight=None, labels=None):
    """Top-k accuracy: the share of samples whose true class is among the k best-scored.

    .. math::
        \\mathrm{top\\text{-}k} = \\frac{1}{m} \\sum_{i=1}^{m}
        \\mathbb{I}\\left(y_i \\in \\text{the } k \\text{ classes with the largest } s_{i\\cdot}\\right)

    Ties are broken as scikit-learn does: among equal scores the class with the
    larger column index ranks first. k = 1 is the accuracy of predicting the
    best-scored class (a tie going to the larger column index, where
    ``np.argmax`` would take the smaller). Binary ``y_true`` takes a 1-D score of the greater
    class: with k = 1 a sample is predicted positive when its score exceeds
    0.5 (scores in [0, 1]) or 0 (other scores); with k >= 2 every sample is a hit.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores; columns in the order of ``labels`` or of the sorted labels of
        ``y_true``.
    k : int, default=2
        How many of the best classes count. A warning says when k is at least
        the number of classes (every sample is then a hit).
    normalize : bool, default=True
        ``False`` returns the (weighted) number of hits.
    sample_weight : array-like of shape (n_samples,), default=None
    labels : array-like, default=None
        All the classes, sorted, one per column of ``y_score`` (needed when
        ``y_true`` does not contain every class).

    Returns
    -------
    score : float

    Notes
    -----
    Stricter than scikit-learn: a single-column 2-D ``y_score`` is refused
    (pass ``y_score.ravel()``; scikit-learn reads it as 1-D), as every
    learnmetrics function refuses column vectors.

    Examples
    --------
    >>> y_true = [0, 1, 2, 2]
    >>> y_score = [[0.5, 0.2, 0.2], [0.3, 0.4, 0.2], [0.2, 0.4, 0.3], [0.7, 0.2, 0.1]]
    >>> top_k_accuracy_score(y_true, y_score, k=2)
    0.75
    """
    k = check_positive_int(k, "k")
    normalize = check_bool(normalize, "normalize")
    yt = _labels_array(y_true, "y_true")
    if is_2d(y_score):
        s = as_features(y_score, "y_score", allow_no_columns=False)
        if s.shape[1] == 1:
            raise ValueError(f"y_score has a single column, shape {s.shape}: pass y_score.ravel()")
    else:
        s = as_scores(y_score, "y_score")
    n = check_same_length(y_true=yt, y_score=s)
    w, int_w = _check_weights(sample_weight, n)
    present = np.unique(yt)
    lab = None
    if labels is not None:
        lab = _labels_array(labels, "labels", allow_empty=True)
        if lab.size == 0:
            raise ValueError("labels must contain at least one label, got an empty list")
        _check_compatible(yt, "y_true", lab, "labels")
        uniq = np.unique(lab)
        if len(uniq) != len(lab):
            raise ValueError(f"labels must not contain duplicates, got {lab.tolist()!r}")
        if not np.array_equal(uniq, lab):
            raise ValueError(f"labels must be sorted (the columns of y_score follow the sorted labels), got {lab.tolist()!r}")
    binary = len(present) <= 2 and not (lab is not None and len(lab) > 2)
    if binary and s.ndim == 2:
        raise ValueError(
            f"y_true is binary while y_score is 2-D with {s.shape[1]} classes: pass the 1-D score of the "
            "greater class, or labels=[...] with every class if y_true does not contain them all"
        )
    if not binary and s.ndim != 2:
        raise ValueError(
            "y_score must be of shape (n_samples, n_classes) since y_true contains more than two classes, "
            f"got shape {s.shape}"
        )
    n_score = s.shape[1] if s.ndim == 2 else 2
    if lab is None:
        classes = present
        if len(classes) != n_score:
            raise ValueError(
                f"the number of classes in y_true ({len(classes)}) is not the number of classes in y_score "
                f"({n_score}); pass labels=[...] with every class"
            )
    else:
        classes = lab
        if len(classes) != n_score:
            raise ValueError(f"labels has {len(classes)} classes but y_score has {n_score}")
        missing = present[_lookup(classes, present) < 0]
        if missing.size:
            raise ValueError(f"y_true contains labels not in labels: {missing.tolist()!r}")
    n_classes = len(classes)
    if k >= n_classes:
        warnings.warn(
            f"k ({k}) greater than or equal to n_classes ({n_classes}) will result in a perfect score "
            "and is therefore meaningless.",
            UndefinedMetricWarning,
            stacklevel=2,
        )
    idx = np.searchsorted(classes, yt)
    if binary:
        if k == 1:
            threshold = 0.5 if s.min() >= 0 and s.max() <= 1 else 0.0
            hits = (s > threshold) == (idx == 1)
        else:
            hits = np.ones(n, dtype=bool)
    else:
        s_true = s[np.arange(n), idx]
        cols = np.arange(n_classes)
        # classes ranked before the true one: a larger score, or an equal score and a larger index
        ahead = (s > s_true[:, None]) | ((s == s_true[:, None]) & (cols[None, :] > idx[:, None]))
        hits = np.count_nonzero(ahead, axis=1) < k
    return _weighted_share(hits, w, int_w, normalize)


for _f in (precision_score, recall_score, f1_score):
    if _f.__doc__:  # None under python -OO
        _f.__doc__ = _f.__doc__.replace("{params}", _COMMON_PARAMS)
del _f


# ----------------------------------------------------------------------------
# measures that hold up when the classes are imbalanced
# ----------------------------------------------------------------------------
def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    """Balanced accuracy: the mean of the per-class recalls.

    .. math::
        \\mathrm{BA} = \\frac{1}{K} \\sum_{k=1}^{K} \\frac{C_{kk}}{\\sum_j C_{kj}}
        \\qquad\\text{binary: } \\mathrm{BA} = \\frac{TPR + TNR}{2}

    over the K classes present in ``y_true`` (C is the confusion matrix).
    A classifier that always predicts the majority class gets 1/K however
    rare the other classes are, where its accuracy tends to 1. With
    ``adjusted=True`` chance is mapped to 0 and perfection to 1:
    ``(BA - 1/K) / (1 - 1/K)``.

    Classes that occur in ``y_pred`` only have no recall: they are left out,
    with a ``UserWarning`` (as scikit-learn).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted class labels.
    sample_weight : array-like of shape (n_samples,), default=None
    adjusted : bool, default=False
        Rescale so that random guessing scores 0 (the score can then be negative).

    Returns
    -------
    balanced_accuracy : float
        With ``adjusted=True`` and a single class in ``y_true`` (K = 1) the
        rescaling divides by 0: the value is scikit-learn's (``nan`` for a
        perfect score, ``-inf`` otherwise) and an ``UndefinedMetricWarning``
        says why (scikit-learn gives only NumPy's ``RuntimeWarning``).

    Examples
    --------
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    0.625
    >>> balanced_accuracy_score([0] * 9 + [1], [0] * 10)  # lazy majority vote
    0.5
    """
    adjusted = check_bool(adjusted, "adjusted")
    t = _Targets(y_true, y_pred, sample_weight)
    if t.w is not None and not t.int_weights:
        # the score ignores the weights' scale: a power-of-two rescale is exact, and keeps
        # class totals such as 1e308 + 1e308 finite (they overflowed to inf: inf/inf -> a crash)
        t.w = rescale_weights(t.w, "sample_weight")
    cm = _confusion(t, None)
    _warn_single_label(cm)
    with np.errstate(divide="ignore", invalid="ignore"):
        per_class = np.diagonal(cm) / cm.sum(axis=1)
    missing = np.isnan(per_class)
    if missing.any():
        warnings.warn("y_pred contains classes not in y_true", UserWarning, stacklevel=2)
        per_class = per_class[~missing]
    score = np.mean(per_class)
    if adjusted:
        k = per_class.shape[0]
        if k == 1:
            warnings.warn(
                "adjusted balanced accuracy is undefined when y_true holds a single class "
                "(chance level 1/K = 1, the rescaling divides by 0)",
                UndefinedMetricWarning,
                stacklevel=2,
            )
        chance = 1 / k
        with np.errstate(divide="ignore", invalid="ignore"):
            score = (score - chance) / np.float64(1 - chance)
    return float(score)


def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    """Matthews correlation coefficient (MCC, the phi coefficient).

    The correlation between the true and the predicted labels. Binary:

    .. math::
        \\mathrm{MCC} = \\frac{TP \\cdot TN - FP \\cdot FN}
        {\\sqrt{(TP + FP)(TP + FN)(TN + FP)(TN + FN)}}

    and for K classes, with the confusion matrix C, s samples, c = trace(C)
    correct, p_k predicted and t_k true samples of class k:

    .. math::
        \\mathrm{MCC} = \\frac{c\\,s - \\sum_k p_k t_k}
        {\\sqrt{(s^2 - \\sum_k p_k^2)(s^2 - \\sum_k t_k^2)}}

    +1 is a perfect prediction and 0 a prediction independent of the truth;
    -1 (two classes) means every prediction is wrong (with K > 2 classes the
    minimum lies between -1 and 0). It uses all four cells, so predicting the
    majority class every time scores 0 however imbalanced the data are.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted class labels (binary or multi-class).
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    mcc : float
        0.0 when the denominator is 0 (``y_true`` or ``y_pred`` holds one
        class only), as scikit-learn, without a warning.

    Examples
    --------
    >>> round(matthews_corrcoef([1, 1, 1, -1], [1, -1, 1, 1]), 4)
    -0.3333
    >>> matthews_corrcoef([0] * 9 + [1], [0] * 10)  # lazy majority vote
    0.0
    """
    t = _Targets(y_true, y_pred, sample_weight)
    cm = _confusion(t, None)
    _warn_single_label(cm)
    if cm.shape[0] <= (4096 if t.int_weights else _MCC_EXACT_CLASSES):
        return _mcc_exact(cm)
    # many classes with float weights: scaled by a power of two (exact), so products of sums
    # cannot under- or overflow; clipped to [-1, 1], which rounding can pass
    cm = rescale_weights(cm.astype(np.float64).ravel(), "sample_weight").reshape(cm.shape)
    t_sum = cm.sum(axis=1, dtype=np.float64)
    p_sum = cm.sum(axis=0, dtype=np.float64)
    n_correct = np.trace(cm, dtype=np.float64)
    n_samples = p_sum.sum()
    cov_ytyp = n_correct * n_samples - np.dot(t_sum, p_sum)
    cov_ypyp = n_samples**2 - np.dot(p_sum, p_sum)
    cov_ytyt = n_samples**2 - np.dot(t_sum, t_sum)
    denom = cov_ypyp * cov_ytyt
    if denom == 0:
        return 0.0
    return float(min(1.0, max(-1.0, cov_ytyp / np.sqrt(denom))))


#: up to this many classes MCC with float weights is computed exactly from the confusion matrix
#: (Python integers over a common power of two: K^2 cells, each at most ~2100 bits)
_MCC_EXACT_CLASSES = 128


def _exact_cells(cm: np.ndarray) -> list:
    """The cells of ``cm`` as Python integers, all multiplied by one power of two (exact)."""
    if cm.dtype.kind in "iub":
        return [[int(v) for v in row] for row in cm.tolist()]
    m, e = np.frexp(cm)
    mant = (m * 2.0 ** 53).astype(np.int64)            # exact: a float's mantissa has 53 bits
    e = e.astype(np.int64) - 53
    low = int(e[mant != 0].min()) if (mant != 0).any() else 0
    shift = np.where(mant != 0, e - low, 0)
    return [[int(a) << int(b) for a, b in zip(mr, sr)] for mr, sr in zip(mant.tolist(), shift.tolist())]


def _mcc_exact(cm: np.ndarray) -> float:
    """MCC of a confusion matrix from exact integer covariances (no cancellation: weights of
    1e150, 1e-150 and 1e150 gave 0.0 for 1), rounded once at the end: the value lies in [-1, 1]
    exactly (Cauchy-Schwarz), and MCC^2 = cov^2 / (var_t var_p) is one correctly rounded
    division, so the result never leaves [-1, 1] and +-1 is exact."""
    cells = _exact_cells(cm)
    t_sum = [sum(row) for row in cells]
    p_sum = [sum(col) for col in zip(*cells)]
    n_correct = sum(cells[i][i] for i in range(len(cells)))
    n_samples = sum(t_sum)
    cov_ytyp = n_correct * n_samples - sum(a * b for a, b in zip(t_sum, p_sum))
    cov_ypyp = n_samples * n_samples - sum(b * b for b in p_sum)
    cov_ytyt = n_samples * n_samples - sum(a * a for a in t_sum)
    if cov_ypyp == 0 or cov_ytyt == 0:
        return 0.0
    r = math.sqrt(cov_ytyp * cov_ytyp / (cov_ypyp * cov_ytyt))
    return r if cov_ytyp >= 0 else -r


def _check_undefined_value(value, name: str, low: float, high: float) -> float:
    """np.nan, or a real number in [low, high] (``high`` may be inf)."""
    if isinstance(value, (float, np.floating)) and math.isnan(value):
        return math.nan
    return check_real(value, name, low=low, high=high, allow_inf=math.isinf(high))


def cohen_kappa_score(y1, y2, *, labels=None, weights=None, sample_weight=None, replace_undefined_by=np.nan):
    """Cohen's kappa: agreement between two labellings beyond chance.

    .. math::
        \\kappa = \\frac{p_o - p_e}{1 - p_e}
        = 1 - \\frac{\\sum_{ij} w_{ij} C_{ij}}{\\sum_{ij} w_{ij} E_{ij}}

    p_o is the observed agreement (the accuracy of ``y2`` against ``y1``),
    p_e the agreement expected if both labelled at random with their own
    class frequencies: E_ij = (row i total)(column j total) / total. With
    ``weights=None``, w_ij = 1 off the diagonal and 0 on it; ``'linear'``
    uses w_ij = |i - j| and ``'quadratic'`` (i - j)^2, for ordered classes
    (i, j are positions in ``labels``): a near miss costs less. 1 is perfect
    agreement, 0 chance level; the lazy majority vote scores 0.

    Parameters
    ----------
    y1, y2 : array-like of shape (n_samples,)
        The two labellings (e.g. truth and prediction); kappa is symmetric.
    labels : array-like, default=None
        Classes to keep, in order (the order matters for the weights);
        at least one must occur in ``y1``. Default: sorted labels present.
    weights : {None, 'linear', 'quadratic'}, default=None
    sample_weight : array-like of shape (n_samples,), default=None
    replace_undefined_by : np.nan or float in [-1, 1], default=np.nan
        Returned, with an ``UndefinedMetricWarning``, when kappa is 0/0: no
        sample left in ``labels``, or a single class in common.

    Returns
    -------
    kappa : float

    Examples
    --------
    >>> cohen_kappa_score(["neg", "pos", "neg", "neu", "pos"], ["neg", "pos", "neg", "neu", "neg"])
    0.6875
    >>> cohen_kappa_score([0] * 9 + [1], [0] * 10)  # lazy majority vote
    0.0
    """
    weights = check_choice(weights, "weights", (None, "linear", "quadratic"))
    replace = _check_undefined_value(replace_undefined_by, "replace_undefined_by", -1.0, 1.0)
    t = _Targets(y1, y2, sample_weight, names=("y1", "y2"))
    cm = _confusion(t, labels)
    _warn_single_label(cm)
    # no k x k temporaries beyond the confusion matrix (whose size is guarded): the expected
    # disagreement from O(k) sums, the observed one from the matrix's non-zero cells
    rows, cols = np.nonzero(cm)
    cells = cm[rows, cols].astype(np.float64)
    if not t.int_weights:
        cells = rescale_weights(cells, "sample_weight")  # power-of-two scale: exact, and no under- or overflow
    k = cm.shape[0]
    sum0 = np.bincount(cols, weights=cells, minlength=k)  # column totals (y2)
    sum1 = np.bincount(rows, weights=cells, minlength=k)  # row totals (y1)
    total = sum0.sum()
    if total == 0:
        warnings.warn(
            "y2 contains no labels that are present in both y1 and labels: cohen_kappa_score is "
            f"undefined and set to replace_undefined_by={replace_undefined_by!r}",
            UndefinedMetricWarning, stacklevel=2,
        )
        return replace
    a, b = sum1 / total, sum0 / total
    gap = np.abs(rows - cols).astype(np.float64)
    if weights is None:
        observed = cells[rows != cols].sum() / total
        expected = float(np.dot(a, _sums_apart(b, 0)))
    elif weights == "linear":
        observed = float(np.dot(gap, cells)) / total
        expected = float(np.dot(a, _sums_apart(b, 1)))
    else:
        observed = float(np.dot(gap * gap, cells)) / total
        expected = float(np.dot(a, _sums_apart(b, 2)))
    if expected == 0:
        warnings.warn(
            "y1, y2 and labels have only one label in common: cohen_kappa_score is undefined "
            f"and set to replace_undefined_by={replace_undefined_by!r}",
            UndefinedMetricWarning, stacklevel=2,
        )
        return replace
    return float(1 - observed / expected)


def _sums_apart(b: np.ndarray, power: int) -> np.ndarray:
    """For every i, sum_j d(i, j) b_j with d = [i != j] (power 0), |i - j| (1) or (i - j)^2 (2),
    for non-negative b, in O(k) by running sums that only add non-negative terms (no
    difference of two large sums, so no cancellation)."""
    def left(v):
        # L0[i] = sum_{j<i} v_j, L1[i] = sum_{j<i} (i - j) v_j, L2[i] = sum_{j<i} (i - j)^2 v_j
        k = v.size
        L0 = np.zeros(k)
        L0[1:] = np.cumsum(v[:-1])
        if power == 0:
            return L0
        L1 = np.zeros(k)
        L1[1:] = np.cumsum(L0[1:])            # L1[i+1] = L1[i] + L0[i+1]
        if power == 1:
            return L1
        L2 = np.zeros(k)
        L2[1:] = np.cumsum(2 * L1[:-1] + L0[1:])  # L2[i+1] = L2[i] + 2 L1[i] + L0[i+1]
        return L2

    return left(b) + left(b[::-1])[::-1]


def _check_lr_replacement(value):
    """class_likelihood_ratios' replace_undefined_by -> (LR+ value, LR- value)."""
    name = "replace_undefined_by"
    if isinstance(value, dict):
        if set(value) != {"LR+", "LR-"}:
            raise ValueError(f"{name} as a dict must have exactly the keys 'LR+' and 'LR-', got {sorted(map(str, value))!r}")
        return (_check_undefined_value(value["LR+"], f"{name}['LR+']", 1.0, math.inf),
                _check_undefined_value(value["LR-"], f"{name}['LR-']", 0.0, 1.0))
    if isinstance(value, (float, np.floating)) and math.isnan(value):
        return math.nan, math.nan
    if isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)) and value == 1:
        return 1.0, 1.0
    raise (TypeError if not isinstance(value, (numbers.Real, dict)) or isinstance(value, bool) else ValueError)(
        f"{name} must be np.nan, 1.0 or a dict {{'LR+': value, 'LR-': value}}, got {type(value).__name__} {value!r}"
    )


def class_likelihood_ratios(y_true, y_pred, *, labels=None, sample_weight=None, replace_undefined_by=np.nan):
    """Positive and negative likelihood ratios (LR+, LR-) of a binary prediction.

    .. math::
        LR_+ = \\frac{TPR}{FPR} = \\frac{TP / (TP + FN)}{FP / (FP + TN)},
        \\qquad
        LR_- = \\frac{FNR}{TNR} = \\frac{FN / (TP + FN)}{TN / (FP + TN)}

    They turn pre-test odds into post-test odds (Bayes' rule):
    odds(positive | predicted positive) = LR+ x odds(positive), and alike for
    LR- and a negative prediction. They depend only on TPR and FPR, rates
    within each true class, so reweighting the classes (another share of
    positives, the prevalence) leaves them unchanged, unlike precision.
    LR+ > 1 and LR- < 1 for a useful classifier; both are 1 when TPR = FPR
    (predictions independent of the truth).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        Labels of at most two classes.
    labels : array-like of two labels, default=None
        ``[negative, positive]``. Default: the two sorted labels present, the
        larger (last) one positive.
    sample_weight : array-like of shape (n_samples,), default=None
    replace_undefined_by : np.nan, 1.0 or dict, default=np.nan
        Value of a ratio whose denominator is 0 (LR+ when FP = 0, LR- when
        TN = 0), with an ``UndefinedMetricWarning``: ``np.nan``; ``1.0``
        (both ratios 1, a useless test); or ``{'LR+': a, 'LR-': b}`` with
        a >= 1 (``np.inf`` allowed), 0 <= b <= 1, or ``np.nan``. When
        ``y_true`` holds no positive at all both ratios are 0/0: ``nan``
        (warned) unless FP = 0 or TN = 0 as above, as scikit-learn.

    Returns
    -------
    (positive_likelihood_ratio, negative_likelihood_ratio) : tuple of float

    Notes
    -----
    Stricter than scikit-learn (which fails with "not enough values to
    unpack"): ``labels`` must hold exactly two labels, and without ``labels``
    ``y_true`` and ``y_pred`` together must hold two classes; the error says
    to pass ``labels=[negative, positive]``. A ``replace_undefined_by`` dict
    with other keys than 'LR+' and 'LR-' is refused.

    Examples
    --------
    >>> class_likelihood_ratios([0, 1, 0, 1, 0], [1, 1, 0, 0, 0])
    (1.5, 0.75)
    """
    lr_pos_rep, lr_neg_rep = _check_lr_replacement(replace_undefined_by)
    t = _Targets(y_true, y_pred, sample_weight)
    if len(t.present) > 2:
        raise ValueError(
            "class_likelihood_ratios only supports binary classification: y_true and y_pred hold "
            f"{len(t.present)} labels {t.present.tolist()!r}"
        )
    if labels is not None:
        lab = t.check_labels(labels)
        if len(lab) != 2:
            raise ValueError(f"labels must hold exactly two labels [negative, positive], got {lab.tolist()!r}")
    elif len(t.present) != 2:
        raise ValueError(
            f"y_true and y_pred hold a single label {t.present.tolist()!r}; pass labels=[negative, positive]"
        )
    cm = _confusion(t, labels)
    if not t.int_weights:
        cm = rescale_weights(cm.ravel(), "sample_weight").reshape(cm.shape)  # power of two: exact, no under/overflow
    tn, fp, fn, tp = (v.item() for v in cm.ravel())
    support_pos = tp + fn
    support_neg = tn + fp

    def ratio(num, den):
        return num / den if den != 0 else math.nan

    if support_pos == 0:
        warnings.warn(
            "No samples of the positive class are present in y_true: positive_likelihood_ratio and "
            "negative_likelihood_ratio are both undefined (nan). Use the replace_undefined_by param "
            "to control this behavior.",
            UndefinedMetricWarning, stacklevel=2,
        )
    if fp == 0:
        start = ("No samples were predicted for the positive class and positive_likelihood_ratio is "
                 if tp == 0 else "positive_likelihood_ratio is ill-defined (FP = 0) and ")
        warnings.warn(start + f"set to {lr_pos_rep}. Use the replace_undefined_by param to control this behavior.",
                      UndefinedMetricWarning, stacklevel=2)
        lr_pos = lr_pos_rep
    else:
        lr_pos = ratio(tp * support_neg, fp * support_pos)
    if tn == 0:
        warnings.warn(
            f"negative_likelihood_ratio is ill-defined (TN = 0) and set to {lr_neg_rep}. "
            "Use the replace_undefined_by param to control this behavior.",
            UndefinedMetricWarning, stacklevel=2,
        )
        lr_neg = lr_neg_rep
    else:
        lr_neg = ratio(fn * support_neg, tn * support_pos)
    return float(lr_pos), float(lr_neg)


# ----------------------------------------------------------------------------
# the book's binary confusion matrix and its rates
# ----------------------------------------------------------------------------
_RATE_NAMES = ("precision", "recall", "fpr", "tnr", "fnr", "accuracy", "error_rate", "f1")


def _ratio(num, den, zero_division):
    return num / den if den != 0 else zero_division


@dataclass(frozen=True)
class Rates:
    """Every rate of one binary confusion matrix (see :func:`rates`).

    Attributes
    ----------
    precision : float
        P = TP / (TP + FP) (查准率).
    recall : float
        R = TPR = TP / (TP + FN) (查全率, 真正例率, sensitivity). Also ``tpr``,
        ``sensitivity``.
    fpr : float
        FPR = FP / (TN + FP) (假正例率), the x-axis of the ROC curve.
    tnr : float
        TNR = TN / (TN + FP) = 1 - FPR (specificity; also ``specificity``).
    fnr : float
        FNR = FN / (TP + FN) = 1 - TPR (miss rate).
    accuracy : float
        (TP + TN) / m.
    error_rate : float
        (FP + FN) / m, the book's E(f; D).
    f1 : float
        2 TP / (2 TP + FP + FN) = 2 TP / (m + TP - TN).
    undefined : tuple of str
        Names of the rates that were 0/0 and got the ``zero_division`` value.
    """

    precision: float
    recall: float
    fpr: float
    tnr: float
    fnr: float
    accuracy: float
    error_rate: float
    f1: float
    undefined: tuple = field(default=())

    @property
    def tpr(self) -> float:
        return self.recall

    @property
    def sensitivity(self) -> float:
        return self.recall

    @property
    def specificity(self) -> float:
        return self.tnr

    def __str__(self) -> str:
        def fmt(name, v):
            return "undefined (0/0)" if name in self.undefined and v != v else f"{v:.3f}"

        parts = [
            ("P", "precision"), ("R", "recall"), ("F1", "f1"), ("FPR", "fpr"),
            ("TNR", "tnr"), ("FNR", "fnr"), ("acc", "accuracy"), ("err", "error_rate"),
        ]
        return " ".join(f"{short}={fmt(name, getattr(self, name))}" for short, name in parts)


def _compute_rates(tp, fp, fn, tn, zero_division) -> Rates:
    m = tp + fp + fn + tn
    dens = {
        "precision": (tp, tp + fp),
        "recall": (tp, tp + fn),
        "fpr": (fp, fp + tn),
        "tnr": (tn, fp + tn),
        "fnr": (fn, tp + fn),
        "accuracy": (tp + tn, m),
        "error_rate": (fp + fn, m),
        "f1": (2 * tp, 2 * tp + fp + fn),
    }
    values = {k: float(_ratio(n_, d, zero_division)) for k, (n_, d) in dens.items()}
    undefined = tuple(k for k, (_, d) in dens.items() if d == 0)
    return Rates(**values, undefined=undefined)


def _check_count(v, name):
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(v).__name__} {v!r}")
    if not math.isfinite(_float(v, name)) or v < 0:
        raise ValueError(f"{name} must be a finite non-negative count, got {v!r}")
    if isinstance(v, numbers.Integral):
        return int(v)
    return float(v)


@dataclass(frozen=True)
class BinaryCounts:
    """The four cells of a binary confusion matrix (二分类混淆矩阵).

    ======================  ==================  ==================
    true class \\ predicted  positive (正例)     negative (反例)
    ======================  ==================  ==================
    positive (正例)          TP 真正例            FN 假反例
    negative (反例)          FP 假正例            TN 真反例
    ======================  ==================  ==================

    A false positive (FP) is a true *negative* predicted positive (type I
    error); a false negative (FN) is a true *positive* predicted negative
    (type II error). Counts are ``int`` when unweighted, ``float`` when the
    samples carried weights. ``tp, fp, fn, tn = counts`` unpacks them.

    The rate properties (``precision``, ``recall``/``tpr``/``sensitivity``,
    ``fpr``, ``tnr``/``specificity``, ``fnr``, ``accuracy``, ``error_rate``,
    ``f1``) return ``nan`` for 0/0 and emit an ``UndefinedMetricWarning``;
    :func:`rates` gives all of them at once and lets you choose the 0/0 value.

    Examples
    --------
    >>> c = BinaryCounts(tp=5, fp=2, fn=3, tn=7)
    >>> c.m, round(c.precision, 4), c.recall, round(c.fpr, 4)
    (17, 0.7143, 0.625, 0.2222)
    """

    tp: float
    fp: float
    fn: float
    tn: float

    def __post_init__(self):
        for name in ("tp", "fp", "fn", "tn"):
            object.__setattr__(self, name, _check_count(getattr(self, name), name))

    def __iter__(self):
        return iter((self.tp, self.fp, self.fn, self.tn))

    # counts derived from the four cells
    @property
    def m(self):
        """Number of samples m = TP + FP + FN + TN."""
        return self.tp + self.fp + self.fn + self.tn

    @property
    def positives(self):
        """Actual positives TP + FN (m+ in the book)."""
        return self.tp + self.fn

    @property
    def negatives(self):
        """Actual negatives FP + TN (m- in the book)."""
        return self.fp + self.tn

    @property
    def predicted_positives(self):
        return self.tp + self.fp

    @property
    def predicted_negatives(self):
        return self.fn + self.tn

    def as_matrix(self, layout: str = "book") -> np.ndarray:
        """The 2x2 table: ``layout='book'`` gives ``[[TP, FN], [FP, TN]]``
        (positive class first, as in the book); ``'sklearn'`` gives
        ``[[TN, FP], [FN, TP]]`` (``confusion_matrix`` with labels [neg, pos])."""
        if layout == "book":
            rows = [[self.tp, self.fn], [self.fp, self.tn]]
        elif layout == "sklearn":
            rows = [[self.tn, self.fp], [self.fn, self.tp]]
        else:
            raise ValueError(f"layout must be 'book' or 'sklearn', got {layout!r}")
        return np.asarray(rows)

    def _rate(self, name):
        r = _compute_rates(*self, math.nan)
        if name in r.undefined:
            warnings.warn(f"{name} is undefined (0/0) for {self}; returning nan",
                          UndefinedMetricWarning, stacklevel=3)
        return getattr(r, name)

    precision = property(lambda self: self._rate("precision"), doc="P = TP / (TP + FP)")
    recall = property(lambda self: self._rate("recall"), doc="R = TPR = TP / (TP + FN)")
    tpr = property(lambda self: self._rate("recall"), doc="TPR = TP / (TP + FN) (真正例率)")
    sensitivity = property(lambda self: self._rate("recall"), doc="= TPR")
    fpr = property(lambda self: self._rate("fpr"), doc="FPR = FP / (TN + FP) (假正例率)")
    tnr = property(lambda self: self._rate("tnr"), doc="TNR = TN / (TN + FP) = 1 - FPR")
    specificity = property(lambda self: self._rate("tnr"), doc="= TNR")
    fnr = property(lambda self: self._rate("fnr"), doc="FNR = FN / (TP + FN) = 1 - TPR")
    accuracy = property(lambda self: self._rate("accuracy"), doc="(TP + TN) / m")
    error_rate = property(lambda self: self._rate("error_rate"), doc="(FP + FN) / m")
    f1 = property(lambda self: self._rate("f1"), doc="2 TP / (m + TP - TN)")

    def fbeta(self, beta) -> float:
        """F-beta = (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP); nan (warned) for 0/0.

        ``beta`` is a non-negative real number or ``inf``; a huge finite beta gives
        the limit (recall), never NaN."""
        b = _check_beta(beta)
        if math.isinf(b):
            return self.recall
        if b == 0:
            return self.precision
        num, den, undefined = _fbeta_parts(self.tp, self.tp + self.fn, self.tp + self.fp, b)
        if undefined:
            warnings.warn("F-beta is undefined (0/0): no true nor predicted positives",
                          UndefinedMetricWarning, stacklevel=2)
            return math.nan
        return float(num / den)

    def __str__(self) -> str:
        if all(isinstance(v, int) for v in self):
            return f"tp={self.tp} fp={self.fp} fn={self.fn} tn={self.tn}"
        return f"tp={self.tp:.3f} fp={self.fp:.3f} fn={self.fn:.3f} tn={self.tn:.3f}"


def rates(counts, *, zero_division=np.nan) -> Rates:
    """Every rate of a binary confusion matrix.

    .. math::
        P = \\frac{TP}{TP+FP},\\quad TPR = R = \\frac{TP}{TP+FN},\\quad
        FPR = \\frac{FP}{TN+FP},\\quad TNR = \\frac{TN}{TN+FP} = 1 - FPR,\\quad
        FNR = \\frac{FN}{TP+FN} = 1 - TPR,

        \\mathrm{acc} = \\frac{TP+TN}{m},\\quad E = \\frac{FP+FN}{m},\\quad
        F1 = \\frac{2PR}{P+R} = \\frac{2\\,TP}{m + TP - TN}.

    Parameters
    ----------
    counts : BinaryCounts or a (tp, fp, fn, tn) tuple
    zero_division : {np.nan, 0.0, 1.0, "warn"}, default=np.nan
        Value for a 0/0 rate. With ``np.nan`` (the default) an
        ``UndefinedMetricWarning`` names the undefined rates; ``"warn"`` uses
        0.0 and warns (scikit-learn's default); an explicit 0.0 or 1.0 is used
        silently.

    Returns
    -------
    Rates
        ``.precision, .recall (.tpr), .fpr, .tnr, .fnr, .accuracy,
        .error_rate, .f1`` and ``.undefined`` (the 0/0 names).

    Examples
    --------
    >>> r = rates(BinaryCounts(tp=5, fp=2, fn=3, tn=7))
    >>> print(r)
    P=0.714 R=0.625 F1=0.667 FPR=0.222 TNR=0.778 FNR=0.375 acc=0.706 err=0.294
    """
    if not isinstance(counts, BinaryCounts):
        try:
            tp, fp, fn, tn = counts
        except (TypeError, ValueError):
            raise TypeError(
                f"counts must be a BinaryCounts or a (tp, fp, fn, tn) tuple, got {type(counts).__name__}"
            ) from None
        counts = BinaryCounts(tp, fp, fn, tn)
    zd, zd_warn = _check_zero_division(zero_division)
    r = _compute_rates(*counts, zd)
    if r.undefined and (zd_warn or math.isnan(zd)):
        warnings.warn(
            f"undefined (0/0) and set to {zd}: {', '.join(r.undefined)} (counts: {counts})",
            UndefinedMetricWarning,
            stacklevel=2,
        )
    return r


def binary_counts(y_true, y_pred, *, pos_label=1, sample_weight=None) -> BinaryCounts:
    """TP, FP, FN, TN of a binary prediction.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        Labels of at most two classes (for more, see :func:`one_vs_rest_counts`).
    pos_label : int, bool or str, default=1
        The positive class (正例); every other label is negative (反例).
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    BinaryCounts
        ``tp, fp, fn, tn``: exact ints without weights or with integer
        weights, floats with float weights. Equal to
        ``confusion_matrix(y_true, y_pred, labels=[neg, pos]).ravel()``
        read as ``tn, fp, fn, tp``.

    Examples
    --------
    >>> binary_counts([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    BinaryCounts(tp=2, fp=1, fn=1, tn=1)
    """
    pos_label = _check_pos_label(pos_label, allow_none=False)
    t = _Targets(y_true, y_pred, sample_weight)
    if not t.is_binary:
        raise ValueError(
            f"binary_counts needs at most two classes, got {len(t.present)}: {t.present.tolist()!r}; "
            "use one_vs_rest_counts for a multi-class problem"
        )
    idx = _pos_index(t, pos_label)
    tpos = t.it == idx
    ppos = t.ip == idx
    cells = (tpos & ppos, ~tpos & ppos, tpos & ~ppos, ~tpos & ~ppos)
    if t.w is None:
        return BinaryCounts(*(int(np.count_nonzero(c)) for c in cells))
    if t.int_weights:
        return BinaryCounts(*(int(t.w[c].sum()) for c in cells))
    return BinaryCounts(*(float(t.w[c].sum()) for c in cells))


def one_vs_rest_counts(y_true, y_pred, *, labels=None, sample_weight=None) -> list:
    """One binary confusion matrix per class, that class against the rest.

    For class k: TP = true k predicted k, FP = other classes predicted k,
    FN = true k predicted otherwise, TN = the remaining samples. These are the
    n binary confusion matrices the book averages in :func:`macro_micro`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    labels : array-like, default=None
        The classes, in order (default: the sorted labels present in
        ``y_true`` or ``y_pred``); absent classes get TP = FP = FN = 0.
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    list of BinaryCounts, one per label, in label order
        Exact ints without weights or with integer weights; floats with float weights.

    Examples
    --------
    >>> [str(c) for c in one_vs_rest_counts([1, 2, 3], [1, 1, 3])]
    ['tp=1 fp=1 fn=0 tn=1', 'tp=0 fp=0 fn=1 tn=2', 'tp=1 fp=0 fn=0 tn=2']
    """
    t = _Targets(y_true, y_pred, sample_weight)
    sel = None if labels is None else _lookup(t.present, t.check_labels(labels))
    tp, true_sum, pred_sum = t.per_class(sel)
    fp = pred_sum - tp
    fn = true_sum - tp
    tn = t.total() - tp - fp - fn
    if not t.int_weights:
        tn = np.maximum(tn, 0.0)  # rounding of float weights
    cast = int if t.int_weights else float
    return [BinaryCounts(cast(a), cast(b), cast(c), cast(d)) for a, b, c, d in zip(tp, fp, fn, tn)]


@dataclass(frozen=True)
class MacroMicro:
    """Macro and micro averages over n binary confusion matrices (see :func:`macro_micro`)."""

    macro_p: float
    macro_r: float
    macro_f1: float
    macro_f1_mean_of_f1: float
    micro_p: float
    micro_r: float
    micro_f1: float
    mean_counts: BinaryCounts
    n: int

    def __str__(self) -> str:
        return (
            f"macro-P={self.macro_p:.4f} macro-R={self.macro_r:.4f} macro-F1={self.macro_f1:.4f} "
            f"(mean of per-class F1: {self.macro_f1_mean_of_f1:.4f}) | "
            f"micro-P={self.micro_p:.4f} micro-R={self.micro_r:.4f} micro-F1={self.micro_f1:.4f}"
        )


def macro_micro(counts_list, *, zero_division="warn") -> MacroMicro:
    """The book's macro and micro averages over n binary confusion matrices.

    Macro (宏): compute P_i, R_i on each matrix, then average,

    .. math::
        \\text{macro-}P = \\frac{1}{n}\\sum_i P_i,\\quad
        \\text{macro-}R = \\frac{1}{n}\\sum_i R_i,\\quad
        \\text{macro-}F1 = \\frac{2 \\times \\text{macro-}P \\times \\text{macro-}R}
                                 {\\text{macro-}P + \\text{macro-}R}.

    Micro (微): average the counts first (mean TP, FP, FN, TN), then

    .. math::
        \\text{micro-}P = \\frac{\\overline{TP}}{\\overline{TP} + \\overline{FP}},\\quad
        \\text{micro-}R = \\frac{\\overline{TP}}{\\overline{TP} + \\overline{FN}},\\quad
        \\text{micro-}F1 = \\frac{2 \\times \\text{micro-}P \\times \\text{micro-}R}
                                 {\\text{micro-}P + \\text{micro-}R}.

    Two macro-F1s exist: the book's (F1 of macro-P and macro-R, ``macro_f1``)
    and scikit-learn's ``f1_score(average='macro')`` (the mean of the per-class
    F1, ``macro_f1_mean_of_f1``). They differ in general: for
    y_true=[1, 2, 3], y_pred=[1, 1, 3] the book's is 0.5714 and the mean of
    per-class F1 is 0.5556. (If macro-P = macro-R = 0, the book's macro-F1
    is taken as 0, the limit of the harmonic mean.) ``macro_p``, ``macro_r`` and the micro values
    equal scikit-learn's ``average='macro'`` / ``'micro'`` precision and
    recall when the matrices come from :func:`one_vs_rest_counts`.

    Parameters
    ----------
    counts_list : sequence of BinaryCounts (or (tp, fp, fn, tn) tuples)
        E.g. from :func:`one_vs_rest_counts`, or one per data set / run.
    zero_division : {"warn", 0.0, 1.0, np.nan}, default="warn"
        Value of an undefined per-matrix P, R or F1 (0/0), as in
        scikit-learn: ``"warn"`` uses 0.0 and warns; ``np.nan`` leaves it
        out of the macro average.

    Returns
    -------
    MacroMicro
        ``macro_p, macro_r, macro_f1, macro_f1_mean_of_f1, micro_p, micro_r,
        micro_f1, mean_counts, n``.

    Examples
    --------
    >>> mm = macro_micro(one_vs_rest_counts([1, 2, 3], [1, 1, 3]), zero_division=0.0)
    >>> round(mm.macro_f1, 4), round(mm.macro_f1_mean_of_f1, 4), round(mm.micro_f1, 4)
    (0.5714, 0.5556, 0.6667)
    """
    if isinstance(counts_list, BinaryCounts) or counts_list is None or isinstance(counts_list, (str, bytes)):
        raise TypeError("counts_list must be a sequence of BinaryCounts (one per class or data set)")
    items = []
    for i, c in enumerate(counts_list):
        if isinstance(c, BinaryCounts):
            items.append(c)
            continue
        try:
            items.append(BinaryCounts(*c))
        except TypeError:
            raise TypeError(
                f"counts_list[{i}] must be a BinaryCounts or a (tp, fp, fn, tn) tuple, got {type(c).__name__}"
            ) from None
    if not items:
        raise ValueError("counts_list is empty: at least one confusion matrix is needed")
    zd_value, zd_warn = _check_zero_division(zero_division)
    # per-matrix ratios and the summed counts in Python numbers: integer counts stay
    # exact (int / int is one correctly rounded division), even beyond 2**53
    cols = list(zip(*(tuple(c) for c in items)))
    tp, fp, fn, tn = ([v for v in col] for col in cols)
    size = len(items)

    def divide(nums, dens, what):
        mask = np.array([d == 0 for d in dens])
        out = np.array([n_ / d if d != 0 else 0.0 for n_, d in zip(nums, dens)], dtype=np.float64)
        if mask.any():
            out[mask] = zd_value
            if zd_warn:
                warnings.warn(
                    f"{what} is undefined (0/0) for {int(mask.sum())} of {size} matrices and set to 0.0. "
                    "Use `zero_division` to control this behavior.",
                    UndefinedMetricWarning,
                    stacklevel=3,
                )
        return out

    p_i = divide(tp, [a + b for a, b in zip(tp, fp)], "Precision")
    r_i = divide(tp, [a + b for a, b in zip(tp, fn)], "Recall")
    f_i = divide([2 * a for a in tp], [2 * a + b + c for a, b, c in zip(tp, fp, fn)], "F1")
    macro_p = _nanaverage(p_i)
    macro_r = _nanaverage(r_i)
    macro_f1_mean = _nanaverage(f_i)

    def f1_of(p, r):
        if math.isnan(p) or math.isnan(r):
            return math.nan
        if p + r == 0:
            return 0.0
        return 2 * p * r / (p + r)

    def total(col):
        return sum(col) if all(isinstance(v, int) for v in col) else math.fsum(col)

    stp, sfp, sfn, stn = total(tp), total(fp), total(fn), total(tn)
    # micro-P = mean TP / (mean TP + mean FP) = sum TP / (sum TP + sum FP), and alike
    micro_p = float(divide([stp], [stp + sfp], "micro-P")[0])
    micro_r = float(divide([stp], [stp + sfn], "micro-R")[0])
    # 2PR/(P+R) written with the averaged counts (defined unless TP=FP=FN=0)
    micro_f1 = float(divide([2 * stp], [2 * stp + sfp + sfn], "micro-F1")[0])
    mtp, mfp, mfn, mtn = (v / size for v in (stp, sfp, sfn, stn))
    return MacroMicro(
        macro_p=macro_p,
        macro_r=macro_r,
        macro_f1=f1_of(macro_p, macro_r),
        macro_f1_mean_of_f1=macro_f1_mean,
        micro_p=micro_p,
        micro_r=micro_r,
        micro_f1=micro_f1,
        mean_counts=BinaryCounts(float(mtp), float(mfp), float(mfn), float(mtn)),
        n=size,
    )


# ----------------------------------------------------------------------------
# threshold explorer state
# ----------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class ThresholdState:
    """What the threshold explorer shows for one threshold (see :func:`threshold_state`)."""

    threshold: float
    pos_label: object
    y_pred: np.ndarray
    predicted_positive: np.ndarray
    counts: BinaryCounts
    precision: float
    recall: float
    fpr: float
    tnr: float
    fnr: float
    accuracy: float
    error_rate: float
    f1: float
    undefined: tuple

    @property
    def tpr(self) -> float:
        return self.recall

    @property
    def rates(self) -> Rates:
        return Rates(self.precision, self.recall, self.fpr, self.tnr, self.fnr,
                     self.accuracy, self.error_rate, self.f1, self.undefined)

    def __str__(self) -> str:
        def fmt(name):
            v = getattr(self, name)
            return "undefined (0/0)" if v != v else f"{v:.3f}"

        return (
            f"threshold={self.threshold:.3f} | {self.counts} | "
            f"P={fmt('precision')} R=TPR={fmt('recall')} F1={fmt('f1')}\n"
            f"FPR={fmt('fpr')} TNR={fmt('tnr')} FNR={fmt('fnr')} "
            f"accuracy={fmt('accuracy')} error={fmt('error_rate')}"
        )


def threshold_state(y_true, y_score, threshold, *, pos_label=1, neg_label=None) -> ThresholdState:
    """Predict positive where ``y_score >= threshold`` and read off every rate.

    The pure state behind the threshold explorer: moving the threshold down
    turns more samples positive, trading precision for recall (and FPR for
    TPR). 0/0 rates are ``nan`` (listed in ``.undefined``, printed as
    ``undefined (0/0)``) and do not warn.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels of at most two classes.
    y_score : array-like of shape (n_samples,)
        Finite scores, larger meaning "more positive".
    threshold : float
        Cut-off; ``-inf`` predicts everything positive, ``inf`` nothing.
    pos_label : int, bool or str, default=1
    neg_label : label, default=None
        Label written into ``y_pred`` for predicted negatives: the other class
        of ``y_true`` by default (0 when ``y_true`` holds only ``pos_label``
        and ``pos_label`` is 1 or True).

    Returns
    -------
    ThresholdState
        ``threshold, pos_label, y_pred, predicted_positive, counts``
        (:class:`BinaryCounts`), ``precision, recall (tpr), fpr, tnr, fnr,
        accuracy, error_rate, f1, undefined``.

    Examples
    --------
    >>> s = threshold_state([1, 1, 0, 1, 0], [0.9, 0.8, 0.7, 0.4, 0.2], 0.5)
    >>> print(s)
    threshold=0.500 | tp=2 fp=1 fn=1 tn=1 | P=0.667 R=TPR=0.667 F1=0.667
    FPR=0.500 TNR=0.500 FNR=0.333 accuracy=0.600 error=0.400
    """
    thr = check_real(threshold, "threshold", allow_inf=True)
    pos_label = _check_pos_label(pos_label, allow_none=False)
    yt = _labels_array(y_true, "y_true")
    score = as_scores(y_score, "y_score")
    check_same_length(y_true=yt, y_score=score)
    classes = np.unique(yt)
    if len(classes) > 2:
        raise ValueError(
            f"y_true must hold at most two classes for a threshold, got {len(classes)}: {classes.tolist()!r}"
        )
    if isinstance(pos_label, (str, np.str_)) != _is_text(classes):
        raise ValueError(
            f"pos_label={pos_label!r} does not fit y_true, whose labels are {classes.tolist()!r}"
        )
    is_pos = classes == pos_label
    if len(classes) == 2 and not is_pos.any():
        raise ValueError(f"pos_label={pos_label!r} is not a valid label. It should be one of {classes.tolist()!r}")
    if neg_label is not None:
        neg_label = check_label(neg_label, "neg_label", classes)
        if isinstance(neg_label, str) == isinstance(pos_label, (str, np.str_)) and neg_label == pos_label:
            raise ValueError(f"neg_label must differ from pos_label, both are {pos_label!r}")
        if len(classes) == 2 and not (classes == neg_label).any():
            raise ValueError(
                f"neg_label={neg_label!r} is not a label of y_true, whose labels are {classes.tolist()!r}"
            )
    if neg_label is None:
        others = classes[~is_pos]
        if len(others):
            neg_label = others[0]
        elif not isinstance(pos_label, (str, np.str_)) and pos_label == 1:
            neg_label = 0
        else:
            raise ValueError("y_true holds only pos_label: pass neg_label to name the negative class")
    t = yt == pos_label
    p = score >= thr
    n_tp = int(np.count_nonzero(t & p))
    n_pp = int(np.count_nonzero(p))
    n_t = int(np.count_nonzero(t))
    n = len(t)
    counts = BinaryCounts(n_tp, n_pp - n_tp, n_t - n_tp, n - n_pp - n_t + n_tp)
    r = _compute_rates(*counts, math.nan)
    y_pred = np.where(p, pos_label, neg_label)
    return ThresholdState(
        threshold=thr,
        pos_label=pos_label,
        y_pred=y_pred,
        predicted_positive=p,
        counts=counts,
        precision=r.precision,
        recall=r.recall,
        fpr=r.fpr,
        tnr=r.tnr,
        fnr=r.fnr,
        accuracy=r.accuracy,
        error_rate=r.error_rate,
        f1=r.f1,
        undefined=r.undefined,
    )
