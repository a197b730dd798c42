r"""Choosing the operating point: the threshold a scorer is used at.

A scorer ranks; a decision needs a cut point (截断点) ``t``: predict positive
every example with ``score >= t``.  Every function here reads the same counts,
built once by one sort (:func:`learnmetrics.curves.stepping_table`'s counting):
for each distinct score t, the (weighted) true and false positives at or above t,

.. math:: TP(t) = \sum_i w_i [y_i = +][s_i \ge t], \qquad FP(t) = \sum_i w_i [y_i = -][s_i \ge t],

and FN = P - TP, TN = N - FP with P, N the (weighted) numbers of positives and negatives.

* :func:`confusion_matrix_at_thresholds` and :func:`det_curve`: same arguments and
  values as their namesakes in ``sklearn.metrics`` (scikit-learn 1.9.1).
* :func:`equal_error_rate`: the point of the ROC curve where FPR = FNR.
* :func:`precision_at_recall`, :func:`recall_at_precision`: the best of one rate
  under a floor on the other, with the threshold that achieves it.
* :func:`cumulative_gains_curve`, :func:`lift_curve`: what fraction of the
  positives the top fraction of the ranking catches, and how many times better
  than picking at random that is.
* :func:`ks_statistic`: the Kolmogorov-Smirnov distance between the score
  distributions of the two classes, :math:`\max_t |TPR(t) - FPR(t)|`, with its threshold.

A threshold chosen on one sample is a random variable: chapter 13 of the course
checks each of these choices on fresh test data.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._counting import _warn
from ._validation import as_scores, check_bool, check_probability, check_sample_weight
from .curves import _binary_counts, _check_lengths, _labels_1d, _unique_small

__all__ = [
    "confusion_matrix_at_thresholds",
    "det_curve",
    "EqualErrorRate",
    "equal_error_rate",
    "OperatingPoint",
    "precision_at_recall",
    "recall_at_precision",
    "cumulative_gains_curve",
    "lift_curve",
    "KSStatistic",
    "ks_statistic",
]


def _counts(y_true, y_score, pos_label, sample_weight):
    """(thr, tp, fp) with row 0 = (inf, 0, 0), thresholds decreasing, in the weights' own scale."""
    y = _labels_1d(y_true)
    s = as_scores(y_score)
    n = _check_lengths(y, s)
    if sample_weight is None:
        thr, tp, fp = _binary_counts(y, s, pos_label, None)
        return thr, np.asarray(tp, dtype=np.float64), np.asarray(fp, dtype=np.float64)
    w = check_sample_weight(sample_weight, n)
    thr, tp, fp = _binary_counts(y, s, pos_label, w)
    top = float(w.max()) if w.size else 0.0
    if top > 0:  # the counting engine scaled the weights by a power of two: undo it (exact)
        e = math.frexp(top)[1] - 1
        tp, fp = np.ldexp(tp, e), np.ldexp(fp, e)
    return thr, np.asarray(tp, dtype=np.float64), np.asarray(fp, dtype=np.float64)


def confusion_matrix_at_thresholds(y_true, y_score, *, pos_label=None, sample_weight=None):
    """The binary confusion matrix at every distinct score taken as threshold.

    Same arguments and values as ``sklearn.metrics.confusion_matrix_at_thresholds``
    (scikit-learn 1.9.1).  Element ``i`` counts the predictions "positive when
    ``score >= thresholds[i]``"; thresholds decrease, so TP and FP grow:

    .. math:: TN_i = N - FP_i, \\qquad FN_i = P - TP_i

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels; without ``pos_label`` they must be {0, 1} or {-1, 1}.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    pos_label : label, default=None
    sample_weight : array-like of shape (n_samples,), default=None
        Counts become sums of weights; zero-weight samples give no threshold.

    Returns
    -------
    tns, fps, fns, tps : ndarray of float, one entry per distinct score
    thresholds : ndarray, decreasing (the distinct scores)

    Example
    -------
    >>> tns, fps, fns, tps, thr = confusion_matrix_at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> tps.tolist(), fps.tolist(), thr.tolist()
    ([1.0, 1.0, 2.0, 2.0], [0.0, 1.0, 1.0, 2.0], [0.8, 0.4, 0.35, 0.1])
    """
    thr, tp, fp = _counts(y_true, y_score, pos_label, sample_weight)
    tp, fp, thr = tp[1:], fp[1:], thr[1:]
    if tp.size == 0:
        return (np.zeros(0),) * 4 + (thr,)
    return fp[-1] - fp, fp, tp[-1] - tp, tp, thr


def det_curve(y_true, y_score, pos_label=None, sample_weight=None, drop_intermediate=False):
    """Detection error tradeoff (DET) curve: FPR and FNR = 1 - TPR against the threshold.

    Same arguments and values as ``sklearn.metrics.det_curve`` (scikit-learn
    1.9.1): the points run from the threshold where FP first reaches its
    smallest value... to the one where FN first reaches 0, in order of
    *decreasing* FPR (increasing threshold):

    .. math:: FPR = \\frac{FP}{N}, \\qquad FNR = \\frac{FN}{P} = 1 - TPR

    A DET plot draws them on normal-deviate axes (``scipy.stats.norm.ppf``),
    where two Gaussian score distributions give a straight line.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`confusion_matrix_at_thresholds`.
    drop_intermediate : bool, default=False
        Drop thresholds where TP changes neither from the previous nor to the
        next one (horizontal runs of the curve).

    Returns
    -------
    fpr : ndarray, decreasing
    fnr : ndarray, increasing
    thresholds : ndarray, increasing (``inf`` first-listed last when FP is 0 only there)

    Raises
    ------
    ValueError
        When ``y_true`` does not hold exactly two classes (as scikit-learn), or one has zero weight.

    Example
    -------
    >>> fpr, fnr, thr = det_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr.tolist(), fnr.tolist(), thr.tolist()
    ([0.5, 0.5, 0.0], [0.0, 0.5, 0.5], [0.35, 0.4, 0.8])
    """
    drop_intermediate = check_bool(drop_intermediate, "drop_intermediate")
    thr, tp, fp = _counts(y_true, y_score, pos_label, sample_weight)
    if drop_intermediate and fp.size > 2:
        d = np.diff(tp)
        keep = np.concatenate(([True], (d[:-1] != 0) | (d[1:] != 0), [True]))
        thr, tp, fp = thr[keep], tp[keep], fp[keep]
    n_classes = _unique_small(_labels_1d(y_true)).size
    if n_classes != 2:  # as scikit-learn: a DET curve is for two classes (pos_label picks one of them)
        raise ValueError(f"y_true holds {n_classes} class(es): the detection error tradeoff curve needs exactly "
                         "two (one-vs-rest: pass y_true == the_class)")
    if tp[-1] <= 0 or fp[-1] <= 0:
        raise ValueError("one class of y_true has zero weight: the detection error tradeoff curve is not defined "
                         "(it needs positive and negative examples with positive weight)")
    p, n = tp[-1], fp[-1]
    fn = p - tp
    first = int(np.searchsorted(fp, fp[0], side="right")) - 1
    last = int(np.searchsorted(tp, tp[-1])) + 1
    sl = slice(first, last)
    return fp[sl][::-1] / n, fn[sl][::-1] / p, thr[sl][::-1].copy()


@dataclass(frozen=True)
class EqualErrorRate:
    """The result of :func:`equal_error_rate`.

    Attributes
    ----------
    eer : float
        The error rate where the ROC curve, drawn with straight segments, crosses
        FPR = FNR.
    threshold : float
        The threshold of the curve's point nearest that crossing (smallest
        ``|FPR - FNR|``, the higher threshold on a tie).
    fpr, fnr : float
        The two rates at ``threshold`` (they differ by at most one step).
    """

    eer: float
    threshold: float
    fpr: float
    fnr: float

    def __str__(self) -> str:
        return (f"EER = {self.eer:.4f} (at threshold {self.threshold:.4g}: "
                f"FPR = {self.fpr:.4f}, FNR = {self.fnr:.4f})")


def _rates(y_true, y_score, pos_label, sample_weight, what):
    thr, tp, fp = _counts(y_true, y_score, pos_label, sample_weight)
    if tp[-1] <= 0 or fp[-1] <= 0:
        raise ValueError(f"{what} needs both positive and negative examples (with positive weight) in y_true")
    return thr, tp / tp[-1], fp / fp[-1], tp, fp


def equal_error_rate(y_true, y_score, *, pos_label=None, sample_weight=None) -> EqualErrorRate:
    """Equal error rate (EER): the error rate where FPR = FNR (= 1 - TPR).

    ``FPR - FNR`` never decreases as the threshold falls, from -1 (nothing
    predicted positive) to +1 (everything).  Between the last point ``k`` of the
    ROC curve with :math:`d_k = FPR_k - FNR_k \\le 0` and the next one, on the
    straight segment joining them,

    .. math:: EER = FPR_k + \\lambda (FPR_{k+1} - FPR_k), \\qquad
              \\lambda = \\frac{-d_k}{d_{k+1} - d_k}.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`confusion_matrix_at_thresholds`; both classes must be present.

    Returns
    -------
    EqualErrorRate

    Example
    -------
    >>> r = equal_error_rate([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> r.eer, r.threshold
    (0.5, 0.4)
    """
    thr, tpr, fpr, _, _ = _rates(y_true, y_score, pos_label, sample_weight, "equal_error_rate")
    fnr = 1.0 - tpr
    d = fpr - fnr
    k = int(np.searchsorted(d, 0.0, side="right")) - 1  # last d <= 0 (d[0] = -1 <= 0)
    if k >= d.size - 1 or d[k] == 0:
        eer = float(fpr[k])
    else:
        lam = -d[k] / (d[k + 1] - d[k])
        eer = float(fpr[k] + lam * (fpr[k + 1] - fpr[k]))
    gap = np.abs(d[1:])
    j = int(np.argmin(gap)) + 1  # a real threshold (row 0 is inf)
    return EqualErrorRate(eer=eer, threshold=float(thr[j]), fpr=float(fpr[j]), fnr=float(fnr[j]))


@dataclass(frozen=True)
class OperatingPoint:
    """A threshold and the precision and recall it gives (:func:`precision_at_recall`,
    :func:`recall_at_precision`)."""

    precision: float
    recall: float
    threshold: float

    def __str__(self) -> str:
        return f"P = {self.precision:.4f}, R = {self.recall:.4f} at threshold {self.threshold:.4g}"


def _pr_rows(y_true, y_score, pos_label, sample_weight, what):
    thr, tp, fp = _counts(y_true, y_score, pos_label, sample_weight)
    if tp[-1] <= 0:
        raise ValueError(f"{what} needs at least one positive example (with positive weight) in y_true")
    thr, tp, fp = thr[1:], tp[1:], fp[1:]  # real thresholds only
    precision = tp / (tp + fp)  # tp + fp > 0 at every real threshold
    recall = tp / tp[-1]
    return thr, precision, recall


def precision_at_recall(y_true, y_score, *, min_recall, pos_label=None, sample_weight=None) -> OperatingPoint:
    """The highest precision (查准率) among the thresholds whose recall (查全率) is at least ``min_recall``.

    .. math:: P^* = \\max_{t:\\ R(t) \\ge r_{min}} P(t)

    On a tie in precision the lowest threshold (highest recall) is returned.  The
    lowest threshold (everything positive, R = 1) always meets the floor, so the
    answer always exists.  As torchmetrics' ``BinaryPrecisionAtFixedRecall``.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`confusion_matrix_at_thresholds`; at least one positive.
    min_recall : float in [0, 1]

    Returns
    -------
    OperatingPoint
        ``precision``, ``recall`` and ``threshold`` (predict positive when ``score >= threshold``).

    Example
    -------
    >>> print(precision_at_recall([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], min_recall=0.5))
    P = 1.0000, R = 0.5000 at threshold 0.8
    """
    min_recall = check_probability(min_recall, "min_recall")
    thr, precision, recall = _pr_rows(y_true, y_score, pos_label, sample_weight, "precision_at_recall")
    ok = recall >= min_recall
    p_ok = np.where(ok, precision, -np.inf)
    best = p_ok.max()
    i = int(np.flatnonzero(p_ok == best)[-1])
    return OperatingPoint(precision=float(precision[i]), recall=float(recall[i]), threshold=float(thr[i]))


def recall_at_precision(y_true, y_score, *, min_precision, pos_label=None, sample_weight=None) -> OperatingPoint:
    """The highest recall (查全率) among the thresholds whose precision (查准率) is at least ``min_precision``.

    .. math:: R^* = \\max_{t:\\ P(t) \\ge p_{min}} R(t)

    On a tie in recall the highest threshold (highest precision) is returned.
    When no threshold reaches ``min_precision`` the answer is "predict nothing":
    recall 0, precision NaN (undefined) and threshold ``inf``, with an
    ``UndefinedMetricWarning``.  As torchmetrics' ``BinaryRecallAtFixedPrecision``.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`confusion_matrix_at_thresholds`; at least one positive.
    min_precision : float in [0, 1]

    Returns
    -------
    OperatingPoint

    Example
    -------
    >>> print(recall_at_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], min_precision=0.6))
    P = 0.6667, R = 1.0000 at threshold 0.35
    """
    min_precision = check_probability(min_precision, "min_precision")
    thr, precision, recall = _pr_rows(y_true, y_score, pos_label, sample_weight, "recall_at_precision")
    ok = precision >= min_precision
    if not ok.any():
        _warn(f"no threshold reaches precision {min_precision}: the only choice is to predict nothing "
              "(recall 0, precision undefined)")
        return OperatingPoint(precision=float("nan"), recall=0.0, threshold=float("inf"))
    r_ok = np.where(ok, recall, -np.inf)
    i = int(np.flatnonzero(r_ok == r_ok.max())[0])
    return OperatingPoint(precision=float(precision[i]), recall=float(recall[i]), threshold=float(thr[i]))


def cumulative_gains_curve(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Cumulative gains: the fraction of all positives found in the top fraction of the ranking.

    Targeting every example with ``score >= thresholds[i]``,

    .. math:: \\text{targeted}_i = \\frac{TP_i + FP_i}{P + N}, \\qquad
              \\text{gain}_i = \\frac{TP_i}{P} = TPR_i .

    The curve starts at (0, 0) with threshold ``inf`` and ends at (1, 1); random
    targeting is the diagonal, a perfect ranking reaches 1 at ``P / (P + N)``.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`confusion_matrix_at_thresholds`; at least one positive.

    Returns
    -------
    targeted : ndarray, increasing from 0 to 1
    gains : ndarray, increasing from 0 to 1
    thresholds : ndarray, decreasing, ``thresholds[0] = inf``

    Example
    -------
    >>> x, g, t = cumulative_gains_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> x.tolist(), g.tolist()
    ([0.0, 0.25, 0.5, 0.75, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
    """
    thr, tp, fp = _counts(y_true, y_score, pos_label, sample_weight)
    if tp[-1] <= 0:
        raise ValueError("cumulative_gains_curve needs at least one positive example (with positive weight) in y_true")
    total = tp[-1] + fp[-1]
    return (tp + fp) / total, tp / tp[-1], thr


def lift_curve(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Lift: how many times the positive rate of the targeted top beats the overall rate.

    .. math:: \\text{lift}_i = \\frac{TP_i / (TP_i + FP_i)}{P / (P + N)}
              = \\frac{\\text{gain}_i}{\\text{targeted}_i}

    (the precision at the threshold over the base rate).  Random targeting has
    lift 1; the last point (everything targeted) is always 1.  The point with
    nothing targeted has no lift and is left out.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`cumulative_gains_curve`.

    Returns
    -------
    targeted : ndarray, increasing, in (0, 1]
    lift : ndarray
    thresholds : ndarray, decreasing

    Example
    -------
    >>> x, lift, t = lift_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> x.tolist(), lift.tolist()
    ([0.25, 0.5, 0.75, 1.0], [2.0, 1.0, 1.3333333333333333, 1.0])
    """
    x, g, thr = cumulative_gains_curve(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    return x[1:], g[1:] / x[1:], thr[1:]


@dataclass(frozen=True)
class KSStatistic:
    """The result of :func:`ks_statistic`: ``statistic`` = max |TPR - FPR|, reached at ``threshold``
    with rates ``tpr``, ``fpr``."""

    statistic: float
    threshold: float
    tpr: float
    fpr: float

    def __str__(self) -> str:
        return (f"KS = {self.statistic:.4f} at threshold {self.threshold:.4g} "
                f"(TPR = {self.tpr:.4f}, FPR = {self.fpr:.4f})")


def ks_statistic(y_true, y_score, *, pos_label=None, sample_weight=None) -> KSStatistic:
    """Kolmogorov-Smirnov statistic of a scorer: the largest gap between the classes' score CDFs.

    With :math:`F_+` and :math:`F_-` the (weighted) empirical distribution
    functions of the scores of positives and negatives, :math:`TPR(t) = 1 - F_+(t^-)`
    and :math:`FPR(t) = 1 - F_-(t^-)`, so

    .. math:: KS = \\sup_t |F_+(t) - F_-(t)| = \\max_t |TPR(t) - FPR(t)|,

    the two-sample statistic of ``scipy.stats.ks_2samp(scores_of_positives,
    scores_of_negatives)``.  For a scorer that ranks positives higher it is Youden's
    J, the largest vertical distance from the ROC curve to the diagonal.  The
    first threshold reaching the maximum (the highest) is returned.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`confusion_matrix_at_thresholds`; both classes must be present.

    Returns
    -------
    KSStatistic

    Example
    -------
    >>> print(ks_statistic([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]))
    KS = 0.5000 at threshold 0.8 (TPR = 0.5000, FPR = 0.0000)
    """
    thr, tpr, fpr, _, _ = _rates(y_true, y_score, pos_label, sample_weight, "ks_statistic")
    gap = np.abs(tpr - fpr)
    i = int(np.argmax(gap))
    return KSStatistic(statistic=float(gap[i]), threshold=float(thr[i]), tpr=float(tpr[i]), fpr=float(fpr[i]))
