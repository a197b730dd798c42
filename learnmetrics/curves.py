"""P-R and ROC curves built step by step, and the areas under them.

The book (Zhou Zhihua, *Machine Learning*, 2.3.2-2.3.3) builds both curves the
same way: rank the examples by score, then move a cut point down the ranking
one step at a time, predicting "positive" for everything above the cut.  Each
step is one row of a :class:`SteppingTable` (``stepping_table``): the counts
TP, FP, FN, TN and the rates derived from them.  The P-R curve (查准率-查全率
曲线) plots (R, P) row by row, the ROC curve (受试者工作特征曲线) plots
(FPR, TPR).  Examples with the same score move together, so a tie across the
classes is one *diagonal* ROC step.

Functions sharing a name with ``sklearn.metrics`` (``roc_curve``,
``precision_recall_curve``, ``auc``, ``roc_auc_score``,
``average_precision_score``) take the same arguments and return the same
values (tested on hundreds of random inputs).  The book's own forms have their
own names: ``rank_loss`` (ℓ_rank, so that AUC = 1 - ℓ_rank),
``auc_mann_whitney``, ``break_even_point``, ``fbeta_curve``.

Reading order: the stepping table and the explorer's cut point, the
scikit-learn curves, the areas (AUC, AP), the book's own forms, multi-class
ROC; the private input checks come last.

Where the speed is.  Every function here asks one question of its data: for
each distinct score t, how many positives and negatives (or how much of their
weight) score at or above t?  Read literally, that is a sort followed by
running sums, and that is what the formulas in the docstrings say.  On millions
of scores the answer comes from the private counting engine,
:mod:`learnmetrics._counting`: a counting pass without a comparison sort for
scores with few decimals, a merge of the two classes sorted apart, AUC and ℓ_rank
from exact pair sums without building a curve, one pass over the columns for
the one-vs-rest AUC, and the weights brought to a scale where no product of sums
under- or overflows.  It exists so that the course's functions keep pace with
scikit-learn (``benchmarks/bench_curves.py``, ``docs/performance.md``); it gives
the same numbers as the plain construction, checked byte for byte in
``tests/test_curves_fast_paths.py``, so a learner can read this module alone.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np

from ._counting import (
    _CHUNK,
    _clip01,
    _binary_ap,
    _counts_unweighted,
    _counts_weighted,
    _counts_weighted_int,
    _drop_collinear,
    _Finished,
    _pr_from_packed,
    _roc_from_packed,
    _group_weights,
    _integer_weights,
    _keep_in_place,
    _ovr_aucs,
    _pair_sums,
    _pair_sums_sorted,
    _roc_auc_binary,
    _rows_by_class,
    _unit_scale,
    _warn,
)
from ._indicator import average_precision_indicator, is_2d, roc_auc_indicator
from ._validation import (
    as_1d,
    as_labels,
    as_scores,
    check_bool,
    check_label,
    check_real,
    check_sample_weight,
    object_to_float,
)

__all__ = [
    "SteppingTable",
    "CutPoint",
    "stepping_table",
    "cut_point_state",
    "roc_curve",
    "precision_recall_curve",
    "auc",
    "roc_auc_score",
    "average_precision_score",
    "rank_loss",
    "auc_mann_whitney",
    "BreakEvenPoint",
    "break_even_point",
    "fbeta_curve",
    "MulticlassRoc",
    "roc_curve_multiclass",
    "roc_convex_hull",
    "roc_tpr_on_grid",
    "threshold_text",
]


# --------------------------------------------------------------------------------------
# the stepping table and the explorer state
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SteppingTable:
    """One row per cut point of a ranking; row 0 predicts nothing positive.

    Row ``k`` (``k = 1..K``) predicts positive every example whose score is
    ``>= thresholds[k]``; ``thresholds[1:]`` are the K distinct scores in
    decreasing order and ``thresholds[0] = inf``.  Examples with equal scores
    move across the cut together (one row), so a tie across the classes is a
    single diagonal ROC step.

    Attributes
    ----------
    thresholds : ndarray of shape (K+1,)
    tp, fp, fn, tn : ndarray of shape (K+1,)
        Counts: float64, or int64 (exact) when ``sample_weight`` holds integers;
        sums of sample weights when weights are given.
    precision : ndarray
        P = TP / (TP + FP); NaN where TP + FP = 0 (always at row 0).
    recall : ndarray
        R = TPR = TP / (TP + FN) (NaN for every row if there is no positive).
    fpr : ndarray
        FPR = FP / (FP + TN) (NaN for every row if there is no negative).
    n_pos, n_neg : float (int for integer weights)
        m+ and m- (weighted when weights are given).
    """

    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    fn: np.ndarray
    tn: np.ndarray
    precision: np.ndarray
    recall: np.ndarray
    fpr: np.ndarray
    n_pos: float
    n_neg: float

    def __len__(self) -> int:
        return int(self.thresholds.size)

    @property
    def tpr(self) -> np.ndarray:
        """TPR = TP / (TP + FN), the same as recall."""
        return self.recall

    @property
    def tnr(self) -> np.ndarray:
        """TNR (specificity) = TN / (TN + FP) = 1 - FPR."""
        return _safe_div(self.tn, self.n_neg)

    @property
    def fnr(self) -> np.ndarray:
        """FNR = FN / (FN + TP) = 1 - TPR."""
        return _safe_div(self.fn, self.n_pos)

    @property
    def f1(self) -> np.ndarray:
        """F1 = 2 TP / (2 TP + FP + FN) (= 2PR/(P+R) where P is defined); NaN where 0/0."""
        return _safe_div(2 * self.tp, 2 * self.tp + self.fp + self.fn)

    @property
    def accuracy(self) -> np.ndarray:
        """(TP + TN) / (m+ + m-)."""
        return _safe_div(self.tp + self.tn, self.n_pos + self.n_neg)

    def at(self, k: int) -> "CutPoint":
        """The state at cut ``k`` (see :func:`cut_point_state`)."""
        return cut_point_state(self, k)


def stepping_table(y_true, y_score, *, pos_label=None, sample_weight=None) -> SteppingTable:
    """The book's step-by-step construction of the P-R and ROC curves, as a table.

    Sort the examples by decreasing score; row ``k`` predicts positive the
    examples whose score is at least the k-th distinct score:

    .. math::

        TP_k = \\sum_{i: y_i = +,\\ s_i \\ge t_k} w_i, \\qquad
        FP_k = \\sum_{i: y_i = -,\\ s_i \\ge t_k} w_i, \\qquad
        P_k = \\frac{TP_k}{TP_k + FP_k}, \\quad R_k = TPR_k = \\frac{TP_k}{m^+},
        \\quad FPR_k = \\frac{FP_k}{m^-}

    Row 0 (threshold +inf) predicts nothing positive: the ROC curve's start
    (0, 0); its precision is 0/0 and is stored as NaN.  The last row predicts
    everything positive: (FPR, TPR) = (1, 1), and (R, P) = (1, m+/m).  Tied
    scores form one row.  Samples with zero weight are dropped (as in
    scikit-learn: they change no count, so their scores are not thresholds).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels. Without ``pos_label`` they must be {0, 1} or {-1, 1}.
    y_score : array-like of shape (n_samples,)
        Scores, higher = more likely positive (probabilities or decision values).
    pos_label : label, default=None
        The positive class (the rest is negative).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights; counts become sums of weights (exact int64 sums
        when the weights are integers).

    Returns
    -------
    SteppingTable

    Example
    -------
    >>> t = stepping_table([1, 1, 0, 1, 0], [0.9, 0.8, 0.7, 0.6, 0.2])
    >>> t.tp.tolist(), t.fp.tolist()
    ([0.0, 1.0, 2.0, 2.0, 3.0, 3.0], [0.0, 0.0, 0.0, 1.0, 1.0, 2.0])
    >>> print(t.at(2))
    cut 2/5  threshold >= 0.8 | TP=2 FP=0 FN=1 TN=2 | P=1.000 R=0.667 FPR=0.000 TPR=0.667 F1=0.800
    """
    thr, tp, fp = _binary_counts(y_true, y_score, pos_label, sample_weight, exact_integers=True)
    if tp.dtype.kind == "i":  # integer weights: exact int64 counts, m+ and m- as Python ints
        n_pos, n_neg = int(tp[-1]), int(fp[-1])
    else:
        n_pos, n_neg = float(tp[-1]), float(fp[-1])
    if n_pos <= 0:
        _warn("y_true has no positive sample: recall (TPR) is undefined and set to NaN", stacklevel=2)
    if n_neg <= 0:
        _warn("y_true has no negative sample: FPR is undefined and set to NaN", stacklevel=2)
    # precision: TP + FP > 0 on every row but row 0 (each row adds samples of positive weight)
    pp = tp + fp
    precision = pp if pp.dtype == np.float64 else np.empty(pp.shape)
    np.divide(tp[1:], pp[1:], out=precision[1:])
    precision[0] = np.nan  # 0/0
    return SteppingTable(
        thresholds=thr,
        tp=tp,
        fp=fp,
        fn=n_pos - tp,
        tn=n_neg - fp,
        precision=precision,
        recall=_div_scalar(tp, n_pos),
        fpr=_div_scalar(fp, n_neg),
        n_pos=n_pos,
        n_neg=n_neg,
    )


@dataclass(frozen=True)
class CutPoint:
    """The state at cut ``k`` of a :class:`SteppingTable` (what an explorer shows).

    ``k`` examples-groups have been moved above the cut (``k = 0``: nothing is
    predicted positive, ``k = n_cuts``: everything is).  Rates follow the
    usual definitions; ``precision`` is NaN at ``k = 0`` where it is 0/0.
    ``roc_path`` holds the (FPR, TPR) points of rows 0..k (from (0, 0));
    ``pr_path`` the (recall, precision) points of rows 1..k (row 0 has no
    precision).  ``threshold_text`` is the threshold written with just enough
    decimals that "score >= it" selects exactly the examples of cut ``k``
    (see :func:`threshold_text`).  Counts are Python ints when the table's are
    exact integers (integer weights).
    """

    k: int
    n_cuts: int
    threshold: float
    tp: float
    fp: float
    fn: float
    tn: float
    precision: float
    recall: float
    tpr: float
    fpr: float
    tnr: float
    fnr: float
    f1: float
    accuracy: float
    roc_path: np.ndarray
    pr_path: np.ndarray
    threshold_text: str = ""

    def __str__(self) -> str:
        def cnt(x) -> str:
            if isinstance(x, (int, np.integer)):
                return str(int(x))
            return str(int(x)) if float(x).is_integer() else f"{x:.3f}"

        def rate(x: float) -> str:
            return "undefined (0/0)" if x != x else f"{x:.3f}"

        thr = self.threshold_text or ("+inf" if np.isinf(self.threshold) else repr(self.threshold))
        return (
            f"cut {self.k}/{self.n_cuts}  threshold >= {thr} | "
            f"TP={cnt(self.tp)} FP={cnt(self.fp)} FN={cnt(self.fn)} TN={cnt(self.tn)} | "
            f"P={rate(self.precision)} R={rate(self.recall)} FPR={rate(self.fpr)} "
            f"TPR={rate(self.tpr)} F1={rate(self.f1)}"
        )


def _div_scalar(a: np.ndarray, b) -> np.ndarray:
    """a / b as float64, all NaN when b == 0 (as _safe_div, without its n-long mask)."""
    if b == 0:
        return np.full(a.shape, np.nan)
    return np.divide(a, b, dtype=np.float64)


def cut_point_state(table: SteppingTable, k: int) -> CutPoint:
    """The state an explorer shows at cut ``k`` of ``table`` (``0 <= k <= len(table) - 1``).

    Parameters
    ----------
    table : SteppingTable
    k : int
        The cut: 0 predicts nothing positive, ``len(table) - 1`` everything.

    Returns
    -------
    CutPoint
        Counts and rates at row ``k``, and the ROC / P-R paths walked so far.

    Example
    -------
    >>> t = stepping_table([1, 0, 1], [0.9, 0.5, 0.5])
    >>> print(cut_point_state(t, 0))
    cut 0/2  threshold >= +inf | TP=0 FP=0 FN=2 TN=1 | P=undefined (0/0) R=0.000 FPR=0.000 TPR=0.000 F1=0.000
    """
    if not isinstance(table, SteppingTable):
        raise TypeError(f"table must be a SteppingTable (from stepping_table), got {type(table).__name__}")
    n_cuts = table.thresholds.size - 1
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, numbers.Integral):
        raise TypeError(f"k must be an integer, got {type(k).__name__} {k!r}")
    k = int(k)
    if not 0 <= k <= n_cuts:
        raise ValueError(f"k must be between 0 and {n_cuts} (the number of cuts), got {k}")
    tp, fp = table.tp[k].item(), table.fp[k].item()
    fn, tn = table.fn[k].item(), table.tn[k].item()
    n_pos, n_neg = table.n_pos, table.n_neg

    def div(a, b):
        return a / b if b != 0 else float("nan")

    recall = float(table.recall[k])
    fpr = float(table.fpr[k])
    return CutPoint(
        k=k,
        n_cuts=n_cuts,
        threshold=float(table.thresholds[k]),
        tp=tp,
        fp=fp,
        fn=fn,
        tn=tn,
        precision=float(table.precision[k]),
        recall=recall,
        tpr=recall,
        fpr=fpr,
        tnr=div(tn, n_neg),
        fnr=div(fn, n_pos),
        f1=div(2 * tp, 2 * tp + fp + fn),
        accuracy=div(tp + tn, n_pos + n_neg),
        roc_path=np.column_stack((table.fpr[: k + 1], table.recall[: k + 1])),
        pr_path=np.column_stack((table.recall[1 : k + 1], table.precision[1 : k + 1])),
        threshold_text=threshold_text(table.thresholds, k),
    )


def threshold_text(thresholds, k: int) -> str:
    """Cut ``k``'s threshold written so that the read-out never rounds the cut away.

    ``thresholds`` decrease (``thresholds[0] = inf``, as in a
    :class:`SteppingTable`).  Returns the threshold with 4 significant digits
    when that value ``r`` keeps the cut, ``thresholds[k+1] < r <=
    thresholds[k]``, and otherwise the shortest decimal (at least 2 decimals)
    that does: "score >= r" then selects exactly the examples of cut ``k``,
    where a rounded-up read-out ("score >= 0.501" for a cut at 0.50051) would
    leave the example at the cut out.  ``"+inf"`` for row 0.

    Parameters
    ----------
    thresholds : array-like of shape (K+1,), decreasing
    k : int, 0 <= k <= K

    Returns
    -------
    str

    Example
    -------
    >>> threshold_text([np.inf, 0.9, 0.50051, 0.5], 2)
    '0.5005'
    """
    thr = as_1d(thresholds, "thresholds")
    if thr.dtype.kind not in "iuf":
        raise TypeError(f"thresholds must hold numbers, got dtype {thr.dtype}")
    if np.isnan(thr).any():
        raise ValueError("thresholds must not contain NaN (infinity is allowed: row 0 is +inf)")
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, numbers.Integral):
        raise TypeError(f"k must be an integer, got {type(k).__name__} {k!r}")
    k = int(k)
    if not 0 <= k < thr.size:
        raise ValueError(f"k must be between 0 and {thr.size - 1}, got {k}")
    t = float(thr[k])
    if np.isinf(t):
        return "+inf" if t > 0 else "-inf"
    lower = float(thr[k + 1]) if k + 1 < thr.size else -np.inf
    short = f"{t:.4g}"
    if "e" not in short and lower < float(short) <= t:
        return short
    for d in range(2, 18):
        text = f"{t:.{d}f}"
        if lower < float(text) <= t:
            return text
    return repr(t)



# --------------------------------------------------------------------------------------
# the scikit-learn-compatible curves
# --------------------------------------------------------------------------------------
def roc_curve(y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=True):
    """Receiver operating characteristic (ROC, 受试者工作特征) curve.

    Same arguments and values as ``sklearn.metrics.roc_curve``.  Point ``i``
    is (FPR, TPR) when predicting positive every example with
    ``score >= thresholds[i]``:

    .. math:: TPR = \\frac{TP}{TP + FN}, \\qquad FPR = \\frac{FP}{TN + FP}

    The first point is (0, 0) with threshold ``inf`` (nothing predicted
    positive), the last (1, 1).  These are the rows of
    :func:`stepping_table`, minus the collinear ones when
    ``drop_intermediate`` is true.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels; without ``pos_label`` they must be {0, 1} or {-1, 1}.
    y_score : array-like of shape (n_samples,)
        Scores (probabilities of the positive class or decision values).
    pos_label : label, default=None
        The positive class.
    sample_weight : array-like of shape (n_samples,), default=None
    drop_intermediate : bool, default=True
        Drop points collinear with their neighbours (the area is unchanged).

    Returns
    -------
    fpr, tpr : ndarray, increasing
        NaN with an ``UndefinedMetricWarning`` when there is no negative
        (``fpr``) or no positive (``tpr``) sample, as in scikit-learn.
    thresholds : ndarray, decreasing, ``thresholds[0] = inf``

    Example
    -------
    >>> fpr, tpr, thr = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
    """
    drop_intermediate = check_bool(drop_intermediate, "drop_intermediate")
    thr_tps_fps = _binary_counts(y_true, y_score, pos_label, sample_weight, per_class=True,
                                 distinct=_roc_from_packed if drop_intermediate else None)
    if isinstance(thr_tps_fps, _Finished):  # distinct scores: the curve straight from the sorted keys
        return tuple(thr_tps_fps)
    thr, tps, fps = thr_tps_fps
    if drop_intermediate:
        # keep a point unless it is collinear with both neighbours (the area is unchanged)
        thr, tps, fps = _drop_collinear(thr, tps, fps)
    if fps[-1] <= 0:
        _warn("No negative samples in y_true, false positive value should be meaningless")
        fps.fill(np.nan)
    else:
        fps /= fps[-1]
    if tps[-1] <= 0:
        _warn("No positive samples in y_true, true positive value should be meaningless")
        tps.fill(np.nan)
    else:
        tps /= tps[-1]
    return fps, tps, thr


def precision_recall_curve(y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=False):
    """Precision-recall (P-R, 查准率-查全率) pairs for every threshold.

    Same arguments and values as ``sklearn.metrics.precision_recall_curve``
    (scikit-learn 1.9: the scores argument is ``y_score``; the old name
    ``probas_pred`` is gone).  Element ``i`` is

    .. math:: P = \\frac{TP}{TP + FP}, \\qquad R = \\frac{TP}{TP + FN}

    when predicting positive every score ``>= thresholds[i]``; thresholds
    increase, so recall decreases.  A final point (R, P) = (0, 1) with no
    threshold is appended, as scikit-learn does; the book's own curve, which
    starts at row 0 of :func:`stepping_table` with P undefined, is
    ``stepping_table(...).precision[1:]``.  The first point (lowest
    threshold: everything positive) is (1, m+/m).

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As in :func:`roc_curve`.
    drop_intermediate : bool, default=False
        Drop thresholds where TP does not change (vertical runs of the curve)
        except their first and last points.

    Returns
    -------
    precision : ndarray of shape (n_thresholds + 1,)
    recall : ndarray of shape (n_thresholds + 1,)
        All 1 (with a warning) when there is no positive sample, as in scikit-learn.
    thresholds : ndarray of shape (n_thresholds,), increasing

    Example
    -------
    >>> p, r, t = precision_recall_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> p.round(3).tolist(), r.tolist()
    ([0.5, 0.667, 0.5, 1.0, 1.0], [1.0, 1.0, 0.5, 0.5, 0.0])
    """
    drop_intermediate = check_bool(drop_intermediate, "drop_intermediate")
    thr_tps_fps = _binary_counts(y_true, y_score, pos_label, sample_weight,
                                 distinct=None if drop_intermediate else _pr_from_packed)
    if isinstance(thr_tps_fps, _Finished):  # distinct scores: the curve straight from the sorted keys
        return tuple(thr_tps_fps)
    thr, tps, fps = thr_tps_fps
    k = thr.size - 1
    if drop_intermediate and k > 2:
        # keep a point (of rows 1..K) where TP changes on at least one side
        keep = np.ones(k + 1, dtype=bool)
        for i in range(2, k, _CHUNK):
            j = min(i + _CHUNK, k)
            keep[i:j] = (tps[i:j] != tps[i - 1 : j - 1]) | (tps[i + 1 : j + 1] != tps[i:j])
        thr, tps, fps = _keep_in_place(keep, thr, tps, fps)
    # Work in the buffers, read backwards (increasing thresholds); their slot 0
    # (row 0) becomes the appended last point.
    n_pos = float(tps[-1])
    precision = fps[::-1]
    recall = tps[::-1]
    p = precision[:-1]
    np.add(p, recall[:-1], out=p)  # predicted positive
    under = int(np.count_nonzero(p == 0))  # rows whose weights all underflowed in the scaling (a span beyond float64)
    np.divide(recall[:-1], p, out=p, where=p != 0)  # rows 1..K: each predicts samples of positive weight
    if under:
        p[-under:] = _precision_of_top_rows(y_true, y_score, pos_label, sample_weight, thr[under])
    precision[-1] = 1.0
    if n_pos == 0:
        _warn("No positive class found in y_true, recall is set to one for all thresholds.", UserWarning)
        recall[:-1] = 1.0
    else:
        recall[:-1] /= n_pos
    recall[-1] = 0.0
    return precision, recall, thr[:0:-1]


def _precision_of_top_rows(y_true, y_score, pos_label, sample_weight, t):
    """Precision (increasing thresholds) of the rows at thresholds >= t, from the samples
    scored >= t alone, their weights scaled by their own power of two: weights such as
    1e-201 next to 1e200 underflow in the scaling of all the weights, yet TP / (TP + FP)
    of the cuts that predict only them is a ratio of them alone (issue 37)."""
    y = _labels_1d(y_true)
    s = as_scores(y_score)
    w = _weights(sample_weight, s.size, unit=False)
    pos = _positive_mask(y, pos_label)
    top = s >= t
    _, tp, fp = _counts_weighted(pos[top], s[top], w[top])
    return (tp[1:] / (tp[1:] + fp[1:]))[::-1]


def auc(x, y):
    """Area under a curve given by points, by the trapezoidal rule.

    Same as ``sklearn.metrics.auc``: ``x`` must be monotonic (increasing or
    decreasing).  For the area under the ROC curve from scores use
    :func:`roc_auc_score`; for the area under the P-R curve
    :func:`average_precision_score`.

    .. math:: \\text{AUC} = \\frac12 \\sum_{i=1}^{m-1} (x_{i+1} - x_i)(y_i + y_{i+1})

    Parameters
    ----------
    x, y : array-like of shape (n,), n >= 2, finite

    Returns
    -------
    float

    Example
    -------
    >>> fpr, tpr, _ = roc_curve([1, 1, 2, 2], [0.1, 0.4, 0.35, 0.8], pos_label=2)
    >>> auc(fpr, tpr)
    0.75
    """
    x = as_scores(x, "x")
    y = as_scores(y, "y")
    if x.size != y.size:
        raise ValueError(f"x and y must have the same length, got {x.size} and {y.size}")
    if x.size < 2:
        raise ValueError(f"At least 2 points are needed to compute area under curve, but x.shape = {x.shape}")
    dx = np.diff(x)
    direction = 1.0
    if np.any(dx < 0):
        if np.all(dx <= 0):
            direction = -1.0
        else:
            raise ValueError("x is neither increasing nor decreasing: the points do not trace a curve y(x)")
    return float(direction * np.trapezoid(y, x))



# --------------------------------------------------------------------------------------
# the areas: AUC and AP
# --------------------------------------------------------------------------------------
def roc_auc_score(
    y_true,
    y_score,
    *,
    average="macro",
    sample_weight=None,
    max_fpr=None,
    multi_class="raise",
    labels=None,
):
    """Area under the ROC curve (AUC), computed from the ranks, no curve needed.

    Same arguments and values as ``sklearn.metrics.roc_auc_score``.  For two
    classes (the greater label is positive) it is the probability that a
    random positive is scored above a random negative, a tie counting 1/2:

    .. math::

        \\text{AUC} = \\frac{1}{m^+ m^-} \\sum_{x^+ \\in D^+} \\sum_{x^- \\in D^-}
        \\left( \\mathbb{I}(f(x^+) > f(x^-)) + \\tfrac12 \\mathbb{I}(f(x^+) = f(x^-)) \\right)
        = 1 - \\ell_{rank}

    (the book's eq. 2.21-2.22, see :func:`rank_loss`).  Unweighted, it sorts
    each class's scores once and counts with ``searchsorted`` (exact integer
    counts); with weights it integrates the ROC polyline.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Labels, or a 0/1 label indicator matrix (multilabel).
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary: the score of the greater label.  Multi-class: probabilities
        (rows summing to 1), columns in the order of ``labels`` or of the
        sorted labels.  Multilabel: one column per label.
    average : {'macro', 'weighted', 'micro', 'samples'} or None, default='macro'
        How per-class AUCs are averaged (ignored for binary y_true).
    sample_weight : array-like of shape (n_samples,), default=None
    max_fpr : float in (0, 1], default=None
        Return the McClish-standardised partial AUC over FPR in [0, max_fpr]
        (binary and multilabel only).
    multi_class : {'raise', 'ovr', 'ovo'}, default='raise'
        Multi-class y_true: one-vs-rest, or Hand & Till's one-vs-one.
    labels : array-like, default=None
        Multi-class only: the classes indexing the columns of ``y_score``.

    Returns
    -------
    float (or ndarray with ``average=None``)
        NaN with an ``UndefinedMetricWarning`` when y_true holds one class
        only (scikit-learn 1.9 does the same; it no longer raises).

    Example
    -------
    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    """
    if is_2d(y_true):  # a label indicator matrix (multilabel): one binary AUC per label, averaged
        return roc_auc_indicator(y_true, y_score, average=average, sample_weight=sample_weight, max_fpr=max_fpr,
                                 multi_class=multi_class, labels=labels)
    kind, y, classes, ones = _target_classes(y_true)
    s = _scores_nd(y_score)
    if y.shape[0] != s.shape[0]:
        raise ValueError(
            f"inputs have different numbers of samples: y_true has {y.shape[0]}, y_score has {s.shape[0]}"
        )
    w_raw = _weights(sample_weight, y.shape[0], unit=False)  # the binary AUC scales each class apart
    w = _unit_scale(w_raw)
    if max_fpr is not None:
        if isinstance(max_fpr, bool) or not isinstance(max_fpr, numbers.Real):
            raise TypeError(f"max_fpr must be a number in (0, 1] or None, got {max_fpr!r}")
        if not 0 < max_fpr <= 1:
            raise ValueError(f"max_fpr must be in (0, 1], got {max_fpr!r}")
    if multi_class not in ("raise", "ovr", "ovo") or not isinstance(multi_class, str):
        raise ValueError(f"multi_class must be one of 'raise', 'ovr', 'ovo', got {multi_class!r}")
    _check_average(average, (None, "micro", "macro", "weighted", "samples"))
    if labels is not None:  # checked even where it is not used (binary y_true)
        as_labels(labels, "labels")

    if kind == "multiclass" or (kind == "binary" and s.ndim == 2 and s.shape[1] > 2):
        if max_fpr is not None and max_fpr != 1.0:
            raise ValueError(
                "Partial AUC computation not available in multiclass setting, 'max_fpr' must be "
                f"set to `None`, received `max_fpr={max_fpr}` instead"
            )
        if multi_class == "raise":
            raise ValueError(
                "y_true has more than two classes: pass multi_class='ovr' (one-vs-rest) or "
                "multi_class='ovo' (one-vs-one)"
            )
        return _multiclass_roc_auc(y, s, labels, multi_class, average, w)

    def metric(yt, ys, sample_weight=None):
        if ys.ndim != 1:
            raise ValueError(f"y_score must be 1-D for a binary y_true, got shape {ys.shape}")
        return _roc_auc_binary(yt, ys, sample_weight, max_fpr)

    if kind == "binary":
        if s.ndim != 1:
            raise ValueError(
                f"y_score must be 1-D for a binary y_true (the score of the positive class), got shape {s.shape}"
            )
        if classes.size != 2:
            y01 = np.zeros(y.size, dtype=bool)
        else:  # labels {0, 1}: their mask of 1s is made already
            y01 = ones if ones is not None else (y == classes[-1])
        return metric(y01, s, sample_weight=w_raw)
    return _average_binary_score(metric, y, s, average, sample_weight=w)


def _multiclass_roc_auc(y, s, labels, multi_class, average, w):
    if s.ndim != 2:
        raise ValueError(
            "`y_score` needs to be of shape `(n_samples, n_classes)`, since `y_true` contains "
            f"multiple classes. Got `y_score.shape={s.shape}`."
        )
    if not np.allclose(1, s.sum(axis=1)):
        raise ValueError(
            "Target scores need to be probabilities for multiclass roc_auc, i.e. they should "
            "sum up to 1.0 over classes"
        )
    options = ("macro", "weighted", None) if multi_class == "ovo" else ("micro", "macro", "weighted", None)
    _check_average(average, options)
    if average is None and multi_class == "ovo":
        raise NotImplementedError("average=None is not implemented for multi_class='ovo'.")
    if labels is not None:
        labels = as_1d(labels, "labels")
        classes = np.unique(labels)
        if classes.size != labels.size:
            raise ValueError("Parameter 'labels' must be unique")
        if not np.array_equal(classes, labels):
            raise ValueError("Parameter 'labels' must be ordered")
        if classes.size != s.shape[1]:
            raise ValueError(
                f"Number of given labels, {classes.size}, not equal to the number of columns in 'y_score', {s.shape[1]}"
            )
        if np.setdiff1d(y, classes).size:
            raise ValueError("'y_true' contains labels not in parameter 'labels'")
    else:
        classes = np.unique(y)
        if classes.size != s.shape[1]:
            raise ValueError("Number of classes in y_true not equal to the number of columns in 'y_score'")
    if multi_class == "ovo":
        if w is not None:
            raise ValueError(
                "sample_weight is not supported for multiclass one-vs-one ROC AUC, "
                "'sample_weight' must be None in this case."
            )
        # Hand & Till (2001): average over pairs of classes of (A(a|b) + A(b|a)) / 2.
        # Each block (rows of class i, column j) is sorted once; A(a|b) merges block (a, a)
        # (positives) with block (b, a) (negatives), from exact counts.
        code = np.searchsorted(classes, y)
        rows = _rows_by_class(code, classes.size)
        present = [c for c in range(classes.size) if rows[c].size]
        block = {}

        def sorted_block(i, j):
            if (i, j) not in block:
                block[i, j] = np.sort(s[rows[i], j])
            return block[i, j]

        def pair_auc(a, b):  # A(a|b): class a's column, a positive, b negative
            ps = _pair_sums_sorted(sorted_block(a, a), sorted_block(b, a))
            return float((ps.neg_below + ps.neg_below_eq) / (2.0 * ps.m_pos * ps.m_neg))

        pair_scores, prevalence = [], []
        n = code.size
        for ia, a in enumerate(present):
            for b in present[ia + 1 :]:
                prevalence.append((rows[a].size + rows[b].size) / n)
                pair_scores.append((pair_auc(a, b) + pair_auc(b, a)) / 2)
                block.pop((b, a), None)
                block.pop((a, b), None)
        return float(np.average(pair_scores, weights=prevalence if average == "weighted" else None))
    if w is None and average in ("macro", "weighted", None):
        # one-vs-rest, column by column, without the n x n_classes indicator matrix
        code = np.searchsorted(classes, y)
        counts = np.bincount(code, minlength=classes.size)
        score = _ovr_aucs(code, s, classes.size)  # every column in one pass (learnmetrics._counting)
        if average is None:
            return score
        if average == "weighted":
            weights = counts.astype(np.float64)
            score[weights == 0] = 0
            return float(np.average(score, weights=weights))
        return float(np.mean(score))
    y_bin = _label_binarize(y, classes)

    def metric(yt, ys, sample_weight=None):
        return _roc_auc_binary(yt, ys, sample_weight)

    return _average_binary_score(metric, y_bin, s, average, sample_weight=w)



def average_precision_score(y_true, y_score, *, average="macro", pos_label=1, sample_weight=None):
    """Average precision (AP): the area under the P-R step curve, no interpolation.

    Same arguments and values as ``sklearn.metrics.average_precision_score``:

    .. math:: \\text{AP} = \\sum_k (R_k - R_{k-1}) P_k

    over the rows of :func:`stepping_table` (R_0 = 0): the mean, over the
    positives, of the precision at the cut that first includes each one.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary labels, multi-class labels (one-vs-rest) or a 0/1 indicator matrix.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
    average : {'macro', 'weighted', 'micro', 'samples'} or None, default='macro'
        Averaging of per-class AP (multi-class and multilabel only).
    pos_label : label, default=1
        The positive class (binary only; must be 1 otherwise).
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    float (or ndarray with ``average=None``)
        0.0 with a warning when there is no positive sample.

    Example
    -------
    >>> round(average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 4)
    0.8333
    """
    if is_2d(y_true):  # a label indicator matrix (multilabel): one binary AP per label, averaged
        return average_precision_indicator(y_true, y_score, average=average, pos_label=pos_label,
                                           sample_weight=sample_weight)
    kind, y, present, ones = _target_classes(y_true)
    s = _scores_nd(y_score)
    if y.shape[0] != s.shape[0]:
        raise ValueError(
            f"inputs have different numbers of samples: y_true has {y.shape[0]}, y_score has {s.shape[0]}"
        )
    w = _weights(sample_weight, y.shape[0], unit=False)   # _binary_ap scales them for sums
    _check_average(average, (None, "micro", "macro", "weighted", "samples"))
    if kind == "binary":
        pos_label = check_label(pos_label, "pos_label")  # a label of the other kind is "not a valid label" below
        if present.size == 2 and not (present == pos_label).any():
            raise ValueError(f"pos_label={pos_label!r} is not a valid label. It should be one of {present.tolist()}")
        if s.ndim != 1:
            raise ValueError(f"y_score must be 1-D for a binary y_true, got shape {s.shape}")
    else:
        if not (pos_label == 1 and not isinstance(pos_label, str)):
            raise ValueError(
                "Parameter pos_label is fixed to 1 for multiclass y_true. Do not set pos_label or set pos_label to 1."
            )
        classes = np.unique(y)
        y = _label_binarize(y, classes)
        if s.shape != y.shape:
            raise ValueError(
                "`y_score` needs to be of shape `(n_samples, n_classes)`, since `y_true` contains "
                f"multiple classes. Got `y_score.shape={s.shape}`."
            )

    def metric(yt, ys, sample_weight=None):
        if ys.ndim != 1:
            raise ValueError(f"y_score must be 1-D for a binary y_true, got shape {ys.shape}")
        if sample_weight is not None and not sample_weight.any():
            raise ValueError("sample_weight sums to zero: at least one sample must have a positive weight")
        if yt is y and ones is not None and type(pos_label) is int and pos_label == 1:
            return _binary_ap(ones, ys, sample_weight)  # (the same mask, made already)
        return _binary_ap(np.asarray(yt == pos_label, dtype=bool), ys, sample_weight)

    return _average_binary_score(metric, y, s, average, sample_weight=w)


# --------------------------------------------------------------------------------------
# the book's own forms
# --------------------------------------------------------------------------------------
def _book_binary(y_true, y_score, sample_weight, pos_label=None, what="this measure"):
    y = _labels_1d(y_true)
    s = as_scores(y_score)
    n = _check_lengths(y, s)
    w = _weights(sample_weight, n)
    pos = _positive_mask(y, pos_label)
    if w is None:
        m_pos = int(np.count_nonzero(pos))
        m_neg = n - m_pos
    else:
        m_pos = float(w[pos].sum())
        m_neg = float(w.sum()) - m_pos
    if m_pos <= 0 or m_neg <= 0:
        raise ValueError(
            f"{what} needs at least one positive and one negative example (with positive weight); "
            f"y_true has m+ = {m_pos:g}, m- = {m_neg:g}"
        )
    return pos, s, w, m_pos, m_neg


def rank_loss(y_true, y_score, *, sample_weight=None):
    """The book's ranking loss ℓ_rank (排序损失), eq. (2.21); AUC = 1 - ℓ_rank.

    The share of (positive, negative) pairs ranked the wrong way round, a tie
    counting 1/2:

    .. math::

        \\ell_{rank} = \\frac{1}{m^+ m^-} \\sum_{x^+ \\in D^+} \\sum_{x^- \\in D^-}
        \\left( \\mathbb{I}(f(x^+) < f(x^-)) + \\tfrac12 \\mathbb{I}(f(x^+) = f(x^-)) \\right)

    With sample weights a pair counts ``w+ w-`` and m+, m- are the weight sums.

    This is *not* ``sklearn.metrics.label_ranking_loss``, which is a
    multilabel measure averaged over samples (and counts ties as wrong, not 1/2).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,), labels in {0, 1} or {-1, 1} (or bool)
    y_score : array-like of shape (n_samples,)
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    float in [0, 1]

    Raises
    ------
    ValueError
        If y_true holds only one class (no pair to rank).

    Example
    -------
    >>> rank_loss([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1])
    0.125
    """
    pos, s, w, m_pos, m_neg = _book_binary(y_true, y_score, sample_weight, what="rank_loss")
    if w is None:
        ps = _pair_sums(pos, s)
        below, below_eq = ps.neg_below, ps.neg_below_eq
        # per positive: #neg above + 1/2 #neg tied = (m- - below_eq) + (below_eq - below) / 2
        wrong2 = 2 * (m_pos * m_neg - below_eq) + (below_eq - below)
        return wrong2 / (2.0 * m_pos * m_neg)
    wp, wn, fp_above = _group_weights(pos, s, w)
    return _clip01(float(np.dot(wp, fp_above + 0.5 * wn)) / (m_pos * m_neg))


def auc_mann_whitney(y_true, y_score, *, sample_weight=None):
    """AUC from ranks: the Mann-Whitney U statistic divided by m+ m-.

    Rank all examples by increasing score (1 = lowest), ties getting their
    average rank; with R+ the sum of the positives' ranks,

    .. math:: \\text{AUC} = \\frac{R^+ - m^+(m^+ + 1)/2}{m^+ m^-}

    With sample weights (note 004's weighted AUC) an example's rank is its
    weighted mid-rank, r(i) = (weight of all examples scored below it) +
    (weight tied with it, itself included)/2 + 1/2 (unit weights give the
    usual average ranks), r+(i) the same among positives only, and

    .. math:: \\text{AUC}_w = \\frac{\\sum_{i \\in D^+} w_i r(i) - \\sum_{i \\in D^+} w_i r^+(i)}{W^+ W^-}

    It equals :func:`roc_auc_score` and ``1 - rank_loss`` (up to rounding).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,), labels in {0, 1} or {-1, 1} (or bool)
    y_score : array-like of shape (n_samples,)
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    float

    Example
    -------
    >>> auc_mann_whitney([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1])
    0.875
    """
    pos, s, w, m_pos, m_neg = _book_binary(y_true, y_score, sample_weight, what="auc_mann_whitney")
    if w is None:
        ps = _pair_sums(pos, s)
        lo, hi = ps.all_below, ps.all_below_eq  # sums of #(all < s_i) and #(all <= s_i)
        # average rank of s_i = (#below + 1 + #(<=)) / 2, so 2 R+ = lo + hi + m+
        two_r_pos = lo + hi + m_pos
        return (two_r_pos - m_pos * (m_pos + 1)) / (2.0 * m_pos * m_neg)
    order = np.argsort(s, kind="stable")
    s_sorted, w_sorted, p_sorted = s[order], w[order], pos[order]
    start = np.flatnonzero(np.concatenate(([True], s_sorted[1:] != s_sorted[:-1])))

    def mid_ranks(weights):
        # r(i) without its constant 1/2, which cancels in r(i) - r+(i) (added to ranks of
        # tiny weights it would swamp them)
        gw = np.add.reduceat(weights, start)  # weight of each tie group
        below = np.cumsum(gw) - gw
        r_group = below + gw / 2
        return np.repeat(r_group, np.diff(np.append(start, s_sorted.size)))

    # r(i) - r+(i) is the weighted mid-rank among the negatives alone: computed directly, not
    # as a difference of two large sums (which cancelled, giving AUCs up to 1 + 1e-11)
    wp = np.where(p_sorted, w_sorted, 0.0)
    r_neg_only = mid_ranks(np.where(p_sorted, 0.0, w_sorted))
    num = float(np.dot(wp, r_neg_only))
    return _clip01(num / (m_pos * m_neg))


@dataclass(frozen=True)
class BreakEvenPoint:
    """The break-even point (平衡点, BEP) of a P-R curve and how it was found.

    ``value`` = P = R there; ``k`` the row of the stepping table (the cut that
    predicts exactly m+ examples positive) or, when that position falls
    inside a group of tied scores, the row that closes that group;
    ``fraction`` is then the share of the tie group taken (linear
    interpolation, 1.0 for an exact cut); ``method`` is ``"cut"`` or
    ``"interpolated in a tie"``.
    """

    value: float
    k: int
    threshold: float
    fraction: float
    method: str
    threshold_text: str = ""

    def __str__(self) -> str:
        thr = self.threshold_text or repr(self.threshold)
        return f"BEP = {self.value:.4f} ({self.method}, row {self.k}, threshold >= {thr})"


def break_even_point(y_true, y_score, *, pos_label=None) -> BreakEvenPoint:
    """The break-even point (BEP, 平衡点): where precision equals recall.

    Convention (explicit, because a step curve can miss the line P = R):
    P = TP/(TP+FP) and R = TP/m+ are equal with TP > 0 exactly when
    TP + FP = m+, i.e. at the cut that predicts exactly m+ examples positive.
    So the BEP is the precision (= recall) of the top m+ examples of the
    ranking (also known as R-precision):

    * if a cut of the stepping table predicts exactly m+ positive, the BEP is
      its P = R (``method="cut"``);
    * if the m-th position falls inside a group of tied scores, the group is
      taken in proportion (the straight line the tie draws in (TP, FP) space,
      as on the ROC curve): with row ``k-1`` before the group and row ``k``
      after it, fraction ``a = (m+ - PP_{k-1}) / (PP_k - PP_{k-1})`` and
      ``BEP = (TP_{k-1} + a (TP_k - TP_{k-1})) / m+`` (``method="interpolated
      in a tie"``): the expected precision of the top m+ examples when the
      tie is broken at random.

    Rows where TP = 0 have P = R = 0 trivially; they are not break-even points.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    pos_label : label, default=None

    Returns
    -------
    BreakEvenPoint

    Example
    -------
    >>> print(break_even_point([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4]))
    BEP = 0.6667 (cut, row 3, threshold >= 0.7)
    """
    thr, tps, fps = _binary_counts(y_true, y_score, pos_label, None)
    m_pos = float(tps[-1])
    if m_pos <= 0:
        _warn("y_true has no positive sample: recall (TPR) is undefined and set to NaN", stacklevel=2)
        if fps[-1] <= 0:
            _warn("y_true has no negative sample: FPR is undefined and set to NaN", stacklevel=2)
        raise ValueError("break_even_point needs at least one positive example in y_true")
    if fps[-1] <= 0:
        _warn("y_true has no negative sample: FPR is undefined and set to NaN", stacklevel=2)
    # the first row predicting >= m+ positive (TP + FP increases down the rows)
    pp = np.add(tps, fps, out=fps)
    k = int(np.searchsorted(pp, m_pos, side="left"))
    if pp[k] == m_pos:
        return BreakEvenPoint(float(tps[k] / m_pos), k, float(thr[k]), 1.0, "cut", threshold_text(thr[k : k + 2], 0))
    a = (m_pos - pp[k - 1]) / (pp[k] - pp[k - 1])
    tp = tps[k - 1] + a * (tps[k] - tps[k - 1])
    return BreakEvenPoint(float(tp / m_pos), k, float(thr[k]), float(a), "interpolated in a tie",
                          threshold_text(thr[k : k + 2], 0))


def fbeta_curve(table_or_y_true, y_score=None, *, beta=1.0, pos_label=None, sample_weight=None):
    """F-beta at every cut of the stepping table (row 0 = nothing predicted positive).

    .. math::

        F_\\beta = \\frac{(1 + \\beta^2) P R}{\\beta^2 P + R}
                 = \\frac{(1 + \\beta^2) TP}{(1 + \\beta^2) TP + \\beta^2 FN + FP}

    The count form is used, so F-beta is 0 (not undefined) at row 0 where P is
    0/0; it is NaN only where there is nothing to find and nothing found.
    β > 1 weighs recall more, β < 1 precision (the book's eq. 2.11).

    Parameters
    ----------
    table_or_y_true : SteppingTable, or array-like of labels
        A table from :func:`stepping_table`, or ``y_true`` (then give ``y_score``).
    y_score : array-like, default=None
    beta : float > 0, default=1.0
        Any finite positive number; a beta so large (small) that beta**2
        overflows (underflows) gives the limit, recall (precision).
    pos_label, sample_weight
        As in :func:`stepping_table` (only with ``y_true``).

    Returns
    -------
    ndarray of shape (K + 1,)
        Aligned with the table's rows and ``thresholds``.

    Example
    -------
    >>> fbeta_curve([1, 0, 1], [0.9, 0.5, 0.4], beta=1.0).round(3).tolist()
    [0.0, 0.667, 0.5, 0.8]
    """
    beta = check_real(beta, "beta", low=0, low_open=True)
    if isinstance(table_or_y_true, SteppingTable):
        if y_score is not None or pos_label is not None or sample_weight is not None:
            raise TypeError("give either a SteppingTable alone, or y_true and y_score (not both)")
        table = table_or_y_true
    else:
        if y_score is None:
            raise TypeError("y_score is required when the first argument is y_true (not a SteppingTable)")
        table = stepping_table(table_or_y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    b2 = beta * beta
    if b2 == np.inf or 1 + b2 == b2 or b2 == 0:
        # beta -> infinity: F-beta -> R; beta -> 0: F-beta -> P (never inf/inf), and 0 where
        # TP = 0 but the other term is not (the limit of the count form)
        other = table.fn if b2 != 0 else table.fp
        rest = table.fp if b2 != 0 else table.fn
        out = _safe_div(table.tp, table.tp + other)
        out[(table.tp + other == 0) & (rest > 0)] = 0.0
        return out
    return _safe_div((1 + b2) * table.tp, (1 + b2) * table.tp + b2 * table.fn + table.fp)


# --------------------------------------------------------------------------------------
# multi-class ROC curves and the convex hull
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MulticlassRoc:
    """One-vs-rest ROC curves of a multi-class problem and their averages.

    ``fpr[c]``, ``tpr[c]``, ``thresholds[c]`` and ``auc[c]`` for each class
    in ``classes``; the micro-average curve (``micro_fpr``, ``micro_tpr``,
    area ``micro_auc``) pools all n x n_classes one-vs-rest decisions; the
    macro-average curve (``macro_fpr``, ``macro_tpr``, area ``macro_auc``)
    is the class curves' mean TPR at every FPR, so ``macro_auc`` is the mean
    of the class AUCs.
    """

    classes: np.ndarray
    fpr: list
    tpr: list
    thresholds: list
    auc: np.ndarray
    micro_fpr: np.ndarray
    micro_tpr: np.ndarray
    micro_auc: float
    macro_fpr: np.ndarray
    macro_tpr: np.ndarray
    macro_auc: float


def roc_tpr_on_grid(fpr, tpr, grid):
    """An ROC polyline's TPR at the FPR values ``grid``, *both* ends of every vertical run.

    An ROC curve has vertical runs (several points at one FPR: positives taken
    in). At such an FPR the curve has two heights, the bottom of the run (the
    left limit) and its top. ``numpy.interp`` returns only one of them (the top)
    and joins it by a straight line to the previous grid point, cutting the
    corner of the step: averaging class curves that way overstates the area.
    Keeping both ends and joining (grid, bottom) -> (grid, top) reproduces the
    curve exactly on any grid that contains its FPR values, so the mean of
    several curves evaluated this way has exactly the mean of their areas.

    Parameters
    ----------
    fpr, tpr : array-like of shape (n_points,)
        An ROC curve, FPR non-decreasing (e.g. from :func:`roc_curve`).
    grid : array-like of shape (n_grid,)
        FPR values in [0, 1], increasing.

    Returns
    -------
    bottom, top : ndarray of shape (n_grid,)
        TPR at the bottom (left limit) and top of the curve at each grid FPR
        (equal where the curve has no vertical run); linear in between points.

    Example
    -------
    >>> b, t = roc_tpr_on_grid([0, 0, 0.5, 0.5, 1], [0, 0.5, 0.5, 1, 1], [0, 0.5, 1])
    >>> b.tolist(), t.tolist()
    ([0.0, 0.5, 1.0], [0.5, 1.0, 1.0])
    """
    fpr = as_scores(fpr, "fpr")
    tpr = as_scores(tpr, "tpr")
    grid = as_scores(grid, "grid")
    if fpr.size != tpr.size:
        raise ValueError(f"fpr and tpr must have the same length, got {fpr.size} and {tpr.size}")
    if np.any(np.diff(fpr) < 0):
        raise ValueError("fpr must be non-decreasing (an ROC curve from roc_curve)")
    if np.any(np.diff(grid) <= 0):
        raise ValueError("grid must be strictly increasing")
    return _curve_on_grid(fpr, tpr, grid)


def _curve_on_grid(fpr, tpr, grid):
    """A ROC polyline's TPR at each grid FPR: (left limit, value) = (bottom, top of a vertical run)."""
    u, first = np.unique(fpr, return_index=True)
    last = np.append(first[1:] - 1, fpr.size - 1)
    t_first, t_last = tpr[first], tpr[last]
    j = np.searchsorted(u, grid, side="left")
    j = np.minimum(j, u.size - 1)
    exact = u[j] == grid
    # between run j-1 (leaving from its top) and run j (arriving at its bottom)
    jm = np.maximum(j - 1, 0)
    x0, x1 = u[jm], u[j]
    y0, y1 = t_last[jm], t_first[j]
    with np.errstate(invalid="ignore", divide="ignore"):
        lin = np.where(x1 > x0, y0 + (grid - x0) / (x1 - x0) * (y1 - y0), y1)
    bottom = np.where(exact, t_first[j], lin)
    top = np.where(exact, t_last[j], lin)
    return bottom, top


def roc_curve_multiclass(y_true, y_score, *, labels=None, sample_weight=None) -> MulticlassRoc:
    """One-vs-rest ROC curves of a multi-class scorer, micro- and macro-averaged.

    * Per class c: ``roc_curve(y_true == c, y_score[:, c])``.
    * Micro average: pool the n x n_classes one-vs-rest decisions into one
      binary problem (labels and scores raveled) and draw its ROC curve;
      ``micro_auc`` equals ``roc_auc_score(..., multi_class="ovr", average="micro")``.
    * Macro average: on the union of all classes' FPR values, average the
      class curves' TPR (linear between each curve's points; at a vertical
      step both its bottom and its top are kept), so the averaged curve is
      the exact mean of the class curves and ``macro_auc`` is the mean of the
      class AUCs, ``roc_auc_score(..., multi_class="ovr", average="macro")``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Class labels (at least 2 classes).
    y_score : array-like of shape (n_samples, n_classes)
        One score column per class, in the order of ``labels`` (default: sorted labels).
    labels : array-like of shape (n_classes,), default=None
        The classes, in the order of ``y_score``'s columns: each once, every
        class of ``y_true`` among them and each of them present in ``y_true``
        (a class with no example has no ROC curve).
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    MulticlassRoc

    Example
    -------
    >>> r = roc_curve_multiclass([0, 1, 2, 2], [[.6, .3, .1], [.2, .5, .3], [.1, .2, .7], [.3, .4, .3]])
    >>> r.auc.round(3).tolist(), round(r.macro_auc, 3)
    ([1.0, 1.0, 0.875], 0.958)
    """
    y = as_labels(y_true, "y_true")
    s = _scores_nd(y_score)
    if s.ndim != 2:
        raise ValueError(f"y_score must be 2-D (n_samples, n_classes), got shape {s.shape}")
    if s.shape[0] != y.size:
        raise ValueError(f"inputs have different numbers of samples: y_true has {y.size}, y_score has {s.shape[0]}")
    w = _weights(sample_weight, y.size)
    present = np.unique(y)
    if labels is None:
        classes = present
    else:
        classes = as_labels(labels, "labels")
        if (classes.dtype.kind in "US") != (y.dtype.kind in "US") or (
                classes.dtype.kind == "O" or y.dtype.kind == "O") and {type(v) is str for v in classes.tolist()} != {
                type(v) is str for v in y.tolist()}:
            raise TypeError(f"labels ({classes.dtype}) and y_true ({y.dtype}) must be labels of the same kind "
                            "(both strings or both numbers)")
        uniq, counts = np.unique(classes, return_counts=True)
        if (counts > 1).any():
            raise ValueError(f"labels must not repeat a class, got {classes.tolist()} "
                             f"({uniq[counts > 1].tolist()} more than once)")
        missing = np.setdiff1d(present, classes)
        if missing.size:
            raise ValueError(f"y_true holds class(es) {missing.tolist()} that are not in labels {classes.tolist()}")
        absent = np.setdiff1d(classes, present)
        if absent.size:
            raise ValueError(f"labels holds class(es) {absent.tolist()} that never occur in y_true: their "
                             "one-vs-rest ROC curve has no positive example and is undefined")
    if classes.size < 2:
        raise ValueError(f"roc_curve_multiclass needs at least 2 classes, y_true holds {classes.tolist()}")
    if classes.size != s.shape[1]:
        raise ValueError(f"y_score has {s.shape[1]} columns but there are {classes.size} classes ({classes.tolist()})")
    fprs, tprs, thrs, aucs = [], [], [], []
    for j, c in enumerate(classes.tolist()):
        f, t, th = roc_curve(y == c, s[:, j], sample_weight=w, drop_intermediate=False)
        fprs.append(f)
        tprs.append(t)
        thrs.append(th)
        aucs.append(auc(f, t) if np.isfinite(f).all() and np.isfinite(t).all() else np.nan)
    y_bin = np.equal.outer(y, classes).ravel()
    w_micro = None if w is None else np.repeat(w, classes.size)
    micro_fpr, micro_tpr, _ = roc_curve(y_bin, s.ravel(), sample_weight=w_micro)
    grid = np.unique(np.concatenate(fprs))
    if not np.isfinite(grid).all():
        raise ValueError("every class must have both positive and negative examples to average ROC curves")
    bottom = np.zeros(grid.size)
    top = np.zeros(grid.size)
    for f, t in zip(fprs, tprs):
        b_, t_ = _curve_on_grid(f, t, grid)
        bottom += b_
        top += t_
    bottom /= len(fprs)
    top /= len(fprs)
    macro_fpr = np.repeat(grid, 2)
    macro_tpr = np.column_stack((bottom, top)).ravel()
    dup = np.concatenate(([False], (macro_fpr[1:] == macro_fpr[:-1]) & (macro_tpr[1:] == macro_tpr[:-1])))
    macro_fpr, macro_tpr = macro_fpr[~dup], macro_tpr[~dup]
    return MulticlassRoc(
        classes=classes,
        fpr=fprs,
        tpr=tprs,
        thresholds=thrs,
        auc=np.asarray(aucs),
        micro_fpr=micro_fpr,
        micro_tpr=micro_tpr,
        micro_auc=auc(micro_fpr, micro_tpr),
        macro_fpr=macro_fpr,
        macro_tpr=macro_tpr,
        macro_auc=auc(macro_fpr, macro_tpr),
    )


def roc_convex_hull(fpr, tpr):
    """Vertices of the ROC convex hull (ROCCH): the upper-left hull of the points.

    Every point on the hull is reachable by mixing the two classifiers
    (thresholds) at its ends at random, and the hull's vertices are the only
    thresholds optimal for some class prior and cost ratio (the basis of the
    cost curves of section 2.3.4).  (0, 0) and (1, 1) are always included;
    collinear points are dropped (vertices only).

    Parameters
    ----------
    fpr, tpr : array-like of shape (n_points,)
        ROC points in [0, 1] (any order, e.g. from :func:`roc_curve`).

    Returns
    -------
    hull_fpr, hull_tpr : ndarray
        The vertices from (0, 0) to (1, 1), FPR non-decreasing (the first edge
        is vertical when some point has FPR 0 and TPR > 0), TPR non-decreasing.

    Example
    -------
    >>> hf, ht = roc_convex_hull([0, 0.1, 0.3, 0.5, 1], [0, 0.5, 0.6, 0.9, 1])
    >>> hf.tolist(), ht.tolist()
    ([0.0, 0.1, 0.5, 1.0], [0.0, 0.5, 0.9, 1.0])
    """
    x = as_scores(fpr, "fpr")
    y = as_scores(tpr, "tpr")
    if x.size != y.size:
        raise ValueError(f"fpr and tpr must have the same length, got {x.size} and {y.size}")
    if x.min() < 0 or x.max() > 1 or y.min() < 0 or y.max() > 1:
        raise ValueError("fpr and tpr must lie in [0, 1]")
    x = np.concatenate(([0.0], x, [1.0]))
    y = np.concatenate(([0.0], y, [1.0]))
    order = np.lexsort((-y, x))  # by FPR, then highest TPR first
    x, y = x[order], y[order]
    # keep points strictly above everything to their left (others cannot be vertices)
    best_before = np.maximum.accumulate(np.concatenate(([-1.0], y[:-1])))
    keep = y > best_before
    x, y = x[keep], y[keep]
    hx, hy = [], []
    for px, py in zip(x.tolist(), y.tolist()):
        while len(hx) >= 2:
            ox, oy = hx[-2], hy[-2]
            ax, ay = hx[-1], hy[-1]
            u, v = (ax - ox) * (py - oy), (ay - oy) * (px - ox)
            # a on or below the chord o-p (up to rounding): not a vertex of the upper hull
            if u - v >= -1e-12 * (abs(u) + abs(v)):
                hx.pop()
                hy.pop()
            else:
                break
        hx.append(px)
        hy.append(py)
    if hx[0] != 0.0 or hy[0] != 0.0:  # a vertical first edge from (0, 0) (always "negative")
        hx.insert(0, 0.0)
        hy.insert(0, 0.0)
    if hx[-1] != 1.0 or hy[-1] != 1.0:
        hx.append(1.0)
        hy.append(1.0)
    return np.asarray(hx), np.asarray(hy)


# --------------------------------------------------------------------------------------
# input checks and averaging (private; the shared checks live in _validation)
# --------------------------------------------------------------------------------------
def _labels_1d(y_true, name: str = "y_true") -> np.ndarray:
    if type(y_true) is np.ndarray and y_true.ndim == 1 and y_true.dtype.kind in "iub" and y_true.size:
        return y_true
    return as_labels(y_true, name)


def _check_lengths(y_true, y_score) -> int:
    if len(y_true) != len(y_score):
        raise ValueError(
            f"inputs have different numbers of samples: y_true has {len(y_true)}, y_score has {len(y_score)}"
        )
    return len(y_true)


def _weights(sample_weight, n: int, *, unit: bool = True):
    """Checked float64 weights (None stays None), scaled by a power of two so that the largest
    is in [1, 2) unless ``unit`` is false: every ratio of weighted sums then keeps its value
    whatever the scale of the weights (see ``learnmetrics._counting._unit_scale``)."""
    if sample_weight is None:
        return None
    w = sample_weight
    if type(w) is np.ndarray and w.ndim == 1 and w.dtype == np.float64 and w.size == n and n:
        # fast path without a copy: same checks as check_sample_weight
        if np.isfinite(np.add.reduce(w)) and w.min() >= 0:
            return _unit_scale(w) if unit else w
    w = check_sample_weight(sample_weight, n)
    return _unit_scale(w) if unit else w


def _unique_small(y: np.ndarray) -> np.ndarray:
    """Sorted distinct labels; cheap for integer and boolean arrays."""
    if y.dtype.kind == "b":
        has_t = bool(y.any())
        has_f = not bool(y.all())
        return np.array([v for v, h in ((False, has_f), (True, has_t)) if h])
    if y.dtype.kind in "iu":
        lo, hi = int(y.min()), int(y.max())
        if hi - lo <= 2:
            present = [v for v in range(lo, hi + 1) if v in (lo, hi) or bool((y == v).any())]
            return np.array(present, dtype=y.dtype)
    return np.unique(y)


def _labels01(y: np.ndarray):
    """(sorted distinct labels, ``y == 1``) for integer labels within {0, 1}, else None: two
    passes over ``y`` (its largest value read as unsigned, then the mask) where finding the
    labels by their min and max and then the mask takes three."""
    if y.dtype.kind not in "iu" or not y.dtype.isnative or not y.size:
        return None
    if int(y.view(np.dtype(f"u{y.dtype.itemsize}")).max()) > 1:  # negative labels read as huge
        return None
    pos = y == 1
    m_pos = int(np.count_nonzero(pos))
    present = [v for v, has in ((0, m_pos < y.size), (1, m_pos > 0)) if has]
    return np.array(present, dtype=y.dtype), pos


def _positive_mask(y: np.ndarray, pos_label, name: str = "y_true") -> np.ndarray:
    """Boolean mask of the positive class, with scikit-learn's pos_label rule.

    pos_label=None is allowed only when the labels are within {0, 1} or {-1, 1}
    (then 1 is positive); otherwise the caller must say which label is positive.
    """
    if pos_label is None:
        if y.dtype.kind == "b":
            return y
        found = _labels01(y)
        if found is not None:
            return found[1]
        if y.dtype.kind in "iuf":
            classes = _unique_small(y)
            present = set(classes.tolist())
            ok = present <= {0, 1} or present <= {-1, 1}
            if ok:
                return y == 1
        else:
            classes = np.unique(y)
        shown = ", ".join(repr(c) for c in classes.tolist()[:10])
        more = ", ..." if classes.size > 10 else ""
        if classes.size > 2:
            raise ValueError(
                f"{name} has {classes.size} classes ({shown}{more}) but this is a binary measure: "
                "pass pos_label=<the positive class> to compare it against the rest"
            )
        raise ValueError(
            f"{name} takes the values {{{shown}}} and pos_label is not given: pass pos_label=<the "
            "positive class> (it can be left out only when the labels are {0, 1} or {-1, 1})"
        )
    pos_label = check_label(pos_label, "pos_label", y)
    return np.asarray(y == pos_label, dtype=bool)


def _binary_counts(y_true, y_score, pos_label, sample_weight, *, exact_integers=False, per_class=False,
                   distinct=None):
    """Validated inputs -> (thr, tp, fp): row 0 = (inf, 0, 0), then thresholds decreasing.

    With ``exact_integers``, integer weights give int64 counts (exact sums).  Float
    weights are scaled after the zero weights are dropped (a weight that underflows
    in the scaling keeps its threshold), each class apart with ``per_class`` (the
    ROC family, where TP and FP are never added: weights spanning beyond float64).  Unweighted,
    ``distinct`` may finish a curve from the sorted packed keys (``_counts_unweighted``): the
    result is then a ``_Finished`` curve, not rows."""
    y = _labels_1d(y_true)
    s = as_scores(y_score)
    n = _check_lengths(y, s)
    w_int = _integer_weights(sample_weight, n) if exact_integers else None
    # the stepping table shows the weighted counts themselves (exact_integers): not rescaled
    w = _weights(sample_weight, n, unit=False) if w_int is None else w_int
    pos = _positive_mask(y, pos_label)
    if w_int is not None:
        if not w_int.any():
            raise ValueError("sample_weight sums to zero: at least one sample must have a positive weight")
        return _counts_weighted_int(pos, s, w_int)
    if w is None:
        return _counts_unweighted(pos, s, distinct)
    if not w.any():
        raise ValueError("sample_weight sums to zero: at least one sample must have a positive weight")
    # the stepping table shows the weighted counts themselves (exact_integers): not rescaled
    return _counts_weighted(pos, s, w, per_class=per_class, scale=not exact_integers)


def _safe_div(a, b):
    """a / b elementwise with NaN where b == 0 (no RuntimeWarning)."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    out = np.full(np.broadcast(a, b).shape, np.nan)
    np.divide(a, b, out=out, where=b != 0)
    return out


def _scores_nd(y_score, name: str = "y_score") -> np.ndarray:
    """1-D or 2-D float array of finite numbers."""
    if type(y_score) is np.ndarray and y_score.dtype == np.float64 and y_score.ndim in (1, 2) and y_score.size:
        arr = y_score
    else:
        if y_score is None or isinstance(y_score, (str, bytes, dict, set)):
            raise TypeError(f"{name} must be array-like, got {type(y_score).__name__}")
        try:
            arr = np.asarray(y_score)
        except Exception as exc:
            raise ValueError(f"{name} could not be read as an array: {exc}") from None
        if arr.ndim not in (1, 2):
            raise ValueError(f"{name} must be 1-D (binary) or 2-D (one column per class), got shape {arr.shape}")
        if arr.size == 0:
            raise ValueError(f"{name} is empty: at least one sample is needed")
        if arr.dtype.kind == "c" or (arr.dtype == object and any(isinstance(v, complex) for v in arr.ravel().tolist())):
            raise TypeError(f"{name} must hold real numbers, got complex values")
        if arr.dtype.kind in "USO" and any(isinstance(v, (str, bytes)) for v in arr.ravel().tolist()):
            raise TypeError(f"{name} must hold numbers, got text such as {next(v for v in arr.ravel().tolist() if isinstance(v, (str, bytes)))!r}")
        if arr.dtype == object:     # Python numbers, e.g. an integer beyond float range (10**400)
            arr = object_to_float(arr, name)
        elif arr.dtype.kind not in "iufb":
            try:
                arr = arr.astype(np.float64)
            except (TypeError, ValueError):
                raise TypeError(f"{name} must hold numbers, got values of type {arr.dtype}") from None
        arr = np.asarray(arr, dtype=np.float64)
    if not np.isfinite(np.add.reduce(arr, axis=None)) and not np.isfinite(arr).all():
        raise ValueError(f"{name} must not contain NaN or infinity")
    return arr


def _target_classes(y_true, name: str = "y_true"):
    """(kind, y, the sorted distinct labels, ``y == 1`` or None): kind 'binary' or 'multiclass'
    (as type_of_target) for 1-D labels, the labels found once, and for integer labels within
    {0, 1} the mask of the 1s made on the way (else None); label indicator matrices never get
    here (``roc_auc_score`` and ``average_precision_score`` hand them to
    ``learnmetrics._indicator`` first)."""
    if type(y_true) is np.ndarray and y_true.ndim == 1 and y_true.dtype.kind in "iub" and y_true.size:
        y = y_true
    else:
        y = as_labels(y_true, name)
    found = _labels01(y)
    if found is not None:
        return "binary", y, found[0], found[1]
    classes = _unique_small(y)
    return ("binary" if classes.size <= 2 else "multiclass"), y, classes, None


def _check_average(average, options):
    if average is not None and not isinstance(average, str):
        raise TypeError(f"average must be one of {options!r}, got {average!r}")
    if average not in options:
        raise ValueError(f"average must be one of {options!r}, got {average!r}")


def _label_binarize(y: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """(n, n_classes) 0/1 int matrix, column j = (y == classes[j])."""
    idx = np.searchsorted(classes, y)
    idx[idx >= classes.size] = 0
    out = np.zeros((y.size, classes.size), dtype=np.int64)
    hit = classes[idx] == y
    out[np.flatnonzero(hit), idx[hit]] = 1
    return out


def _average_binary_score(metric, y_true, y_score, average, sample_weight=None):
    """scikit-learn's _average_binary_score for a 'binary' 1-D or 'multilabel' 2-D y_true."""
    _check_average(average, (None, "micro", "macro", "weighted", "samples"))
    if y_true.ndim == 1:
        return metric(y_true, y_score, sample_weight=sample_weight)
    if y_true.shape != y_score.shape:
        raise ValueError(
            f"y_true and y_score must have the same shape in the multilabel case, got {y_true.shape} and {y_score.shape}"
        )
    not_average_axis = 1
    score_weight = sample_weight
    average_weight = None
    if average == "micro":
        if score_weight is not None:
            score_weight = np.repeat(score_weight, y_true.shape[1])
        y_true = y_true.ravel()
        y_score = y_score.ravel()
    elif average == "weighted":
        if score_weight is not None:
            average_weight = np.sum(y_true * score_weight.reshape(-1, 1), axis=0)
        else:
            average_weight = np.sum(y_true, axis=0).astype(np.float64)
        if np.isclose(np.sum(average_weight), 0.0):
            return 0
    elif average == "samples":
        average_weight = score_weight
        score_weight = None
        not_average_axis = 0
    if y_true.ndim == 1:
        y_true = y_true.reshape(-1, 1)
        y_score = y_score.reshape(-1, 1)
    n = y_score.shape[not_average_axis]
    score = np.zeros(n)
    for c in range(n):
        yt = y_true[:, c] if not_average_axis == 1 else y_true[c, :]
        ys = y_score[:, c] if not_average_axis == 1 else y_score[c, :]
        score[c] = metric(np.ascontiguousarray(yt), np.ascontiguousarray(ys), sample_weight=score_weight)
    if average is None:
        return score
    if average_weight is not None:
        score[average_weight == 0] = 0
        return float(np.average(score, weights=average_weight))
    return float(np.mean(score))
