r"""Cost-sensitive evaluation and cost curves (代价敏感错误率与代价曲线).

Error rate counts every mistake as one. When a missed patient costs far more
than an unnecessary check-up, the mistakes need prices: a **cost matrix**
(代价矩阵), where ``cost[i][j]`` is the price of predicting an example of
class ``i`` as class ``j`` (the book's convention, rows = truth, columns =
prediction, zero diagonal). In the book's binary table class 0 is the
*positive* class, so

* ``cost01`` = cost of predicting a positive as negative (a false negative),
* ``cost10`` = cost of predicting a negative as positive (a false positive).

The **cost curve** (代价曲线, Drummond and Holte, 2006) shows, for every
mixture of class prior ``p`` and costs, the cost of the best cut point:

* x-axis, the probability cost (正例概率代价)
  :math:`P(+)cost = \frac{p\,cost_{01}}{p\,cost_{01} + (1-p)\,cost_{10}}`;
* y-axis, the normalized cost (归一化代价)
  :math:`cost_{norm} = \frac{FNR\,p\,cost_{01} + FPR\,(1-p)\,cost_{10}}{p\,cost_{01} + (1-p)\,cost_{10}}
  = FNR\cdot x + FPR\cdot(1-x)` with :math:`x = P(+)cost`.

So a ROC point (FPR, TPR) is the straight segment from (0, FPR) to (1, FNR)
(FNR = 1 - TPR) in cost space; the lower envelope of all segments is the cost
curve, and the area under it the expected total cost (期望总体代价). The
points that own a piece of the envelope are the vertices of the ROC convex
hull (see :func:`cost_curve_envelope`).

All functions here take ROC points (``fpr``, ``tpr`` arrays, e.g. from
:func:`learnmetrics.roc_curve`), so they work with any ROC.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np

from ._validation import (
    as_1d,
    as_labels,
    as_scores,
    check_probability,
    check_real,
    check_same_length,
    check_sample_weight,
)

__all__ = [
    "cost_sensitive_error",
    "probability_cost",
    "normalized_cost",
    "cost_lines",
    "CostEnvelope",
    "cost_curve_envelope",
    "expected_total_cost",
    "BestCut",
    "best_cut",
    "CostState",
    "cost_state",
]

_TOL = 1e-12


# ---------------------------------------------------------------------------------------
# argument checks private to this module
def _check_cost(c, name: str) -> float:
    """A cost: a finite real number >= 0 (a NumPy bool or a string is refused)."""
    return check_real(c, name, low=0)


def _scaled_costs(cost01: float, cost10: float) -> tuple[float, float]:
    """The two costs divided by the larger one (only their ratio matters): products with
    ``p`` then neither overflow for huge costs nor underflow to 0 for tiny ones."""
    top = max(cost01, cost10)
    if top == 0:
        raise ValueError("cost01 and cost10 are both 0: no mistake costs anything, so P(+)cost and the "
                         "normalized cost are undefined; give at least one positive cost")
    return cost01 / top, cost10 / top


def _unit_array(x, name: str) -> np.ndarray:
    """Scalar or array of numbers in [0, 1] -> float array (0-d kept)."""
    if x is None:
        raise TypeError(f"{name} must be a number or array-like, got None")
    if isinstance(x, (str, bytes, dict, set)):
        raise TypeError(f"{name} must be a number or array-like, got {type(x).__name__}")
    try:
        arr = np.asarray(x)
    except Exception as exc:  # ragged lists
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
    if arr.dtype.kind == "b" or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers, got dtype {arr.dtype}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty: give at least one value")
    arr = arr.astype(np.float64)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must not contain NaN or infinity")
    if arr.size and (arr.min() < 0 or arr.max() > 1):
        bad = arr[(arr < 0) | (arr > 1)].ravel()[0]
        raise ValueError(f"{name} must lie in [0, 1], found {float(bad):g}")
    return arr


def _check_total(p, cost01: float, cost10: float) -> np.ndarray:
    total = p * cost01 + (1 - p) * cost10
    if np.any(total <= 0):
        where = float(np.asarray(p)[total <= 0].ravel()[0]) if np.ndim(p) else float(p)
        raise ValueError(
            f"the total cost p*cost01 + (1-p)*cost10 is 0 (p = {where!r}, cost01 = {cost01!r}, "
            f"cost10 = {cost10!r}): no mistake costs anything there, so P(+)cost and the "
            "normalized cost are undefined"
        )
    return total


def _roc_points(fpr, tpr) -> tuple[np.ndarray, np.ndarray]:
    fpr = as_scores(fpr, "fpr")
    tpr = as_scores(tpr, "tpr")
    if len(fpr) != len(tpr):
        raise ValueError(f"fpr and tpr must have the same length (one ROC point each), got {len(fpr)} and {len(tpr)}")
    for arr, name in ((fpr, "fpr"), (tpr, "tpr")):
        if arr.min() < 0 or arr.max() > 1:
            bad = arr[(arr < 0) | (arr > 1)][0]
            raise ValueError(f"{name} holds rates, which must lie in [0, 1]; found {float(bad):g}")
    return fpr, tpr


def _scalar_or_array(arr: np.ndarray):
    return float(arr) if arr.ndim == 0 else arr


# ---------------------------------------------------------------------------------------
# the cost-sensitive error rate
def cost_sensitive_error(y_true, y_pred, cost_matrix, *, labels=None, sample_weight=None) -> float:
    r"""Cost-sensitive error rate (代价敏感错误率): the mean cost of the predictions.

    .. math::

        E(f; D; cost) = \frac{1}{m} \sum_{i=1}^{m} cost_{y_i,\, f(x_i)}

    where ``cost[i][j]`` is the cost of predicting an example of class ``i``
    as class ``j`` (rows = truth, columns = prediction). This is the
    multi-class definition the book alludes to ("let i, j take values other
    than 0 and 1"). With two classes, the book's class 0 as the positive
    class and a zero diagonal it is the book's formula (2.23):

    .. math::

        E(f; D; cost) = \frac{1}{m}\Big(\sum_{x_i \in D^+} \mathbb{I}(f(x_i) \ne y_i)\, cost_{01}
                        + \sum_{x_i \in D^-} \mathbb{I}(f(x_i) \ne y_i)\, cost_{10}\Big)
                      = \frac{FN \cdot cost_{01} + FP \cdot cost_{10}}{m}.

    With every off-diagonal cost 1 it is the plain error rate.

    Which row is which class: row/column ``k`` is ``labels[k]``. Without
    ``labels`` the rows follow the sorted labels (``0, 1, ...`` as in
    ``sklearn.metrics.confusion_matrix``); when every label is an integer in
    ``0 .. K-1`` for a K x K matrix, row ``k`` is label ``k``. So for 1 =
    positive data and the book's table (positive first) pass
    ``labels=[1, 0]``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    cost_matrix : array-like of shape (K, K)
        Non-negative costs, ``cost_matrix[i][j]`` = cost of predicting class
        ``labels[i]`` as class ``labels[j]``. The diagonal is usually 0.
    labels : array-like of shape (K,), default=None
        The class of each row/column, in order.
    sample_weight : array-like of shape (n_samples,), default=None
        A weighted mean when given.

    Returns
    -------
    float
        The mean cost per example.

    Example
    -------
    >>> y_true = [1, 1, 1, 0, 0]          # 1 = positive
    >>> y_pred = [1, 0, 1, 1, 0]          # one FN, one FP
    >>> book = [[0, 5], [1, 0]]           # cost01 = 5 (missed positive), cost10 = 1
    >>> cost_sensitive_error(y_true, y_pred, book, labels=[1, 0])  # (1*5 + 1*1) / 5
    1.2
    """
    yt = as_labels(y_true, "y_true")
    yp = as_labels(y_pred, "y_pred")
    n = check_same_length(y_true=yt, y_pred=yp)
    w = check_sample_weight(sample_weight, n)
    C = _check_cost_matrix(cost_matrix)
    K = C.shape[0]
    if (yt.dtype.kind in "US") != (yp.dtype.kind in "US"):
        raise TypeError(f"y_true ({yt.dtype}) and y_pred ({yp.dtype}) hold different kinds of labels")
    present = np.unique(np.concatenate([yt, yp]))
    if labels is not None:
        lab = as_labels(labels, "labels")
        if len(np.unique(lab)) != len(lab):
            raise ValueError(f"labels must not repeat a class, got {lab.tolist()}")
        if len(lab) != K:
            raise ValueError(
                f"cost_matrix is {K}x{K} but labels names {len(lab)} classes {lab.tolist()}: "
                "one row and column per class is needed"
            )
    elif len(present) == K:
        lab = present
    elif present.dtype.kind in "iu" and present.min() >= 0 and present.max() < K:
        lab = np.arange(K)
    else:
        raise ValueError(
            f"cost_matrix is {K}x{K} but y_true and y_pred hold {len(present)} distinct labels "
            f"{present.tolist()}: pass labels=[...] to say which class each row and column is"
        )
    order = np.argsort(lab, kind="stable")
    sorted_lab = lab[order]
    idx = []
    for arr, name in ((yt, "y_true"), (yp, "y_pred")):
        try:
            pos = np.searchsorted(sorted_lab, arr)
        except TypeError:
            raise TypeError(f"labels ({lab.dtype}) and {name} ({arr.dtype}) hold different kinds of labels") from None
        pos = np.clip(pos, 0, K - 1)
        unknown = sorted_lab[pos] != arr
        if np.any(unknown):
            missing = np.unique(arr[unknown]).tolist()
            raise ValueError(f"{name} holds labels {missing} that are not in labels {lab.tolist()}")
        idx.append(order[pos])
    costs = C[idx[0], idx[1]]
    if w is None:
        return float(costs.mean())
    if w.sum() == 0:
        raise ValueError("sample_weight sums to 0: the weighted mean is undefined")
    return float(np.dot(w, costs) / w.sum())


def _check_cost_matrix(cost_matrix) -> np.ndarray:
    if cost_matrix is None:
        raise TypeError("cost_matrix must be a square 2-D array of costs, got None")
    try:
        C = np.asarray(cost_matrix)
    except Exception as exc:
        raise ValueError(f"cost_matrix could not be read as a 2-D array: {exc}") from None
    if C.dtype.kind == "b" or C.dtype.kind not in "iuf":
        raise TypeError(f"cost_matrix must hold numbers, got dtype {C.dtype}")
    if C.ndim != 2 or C.shape[0] != C.shape[1]:
        raise ValueError(f"cost_matrix must be square (K x K, rows = true class, columns = predicted), got shape {C.shape}")
    if C.shape[0] < 2:
        raise ValueError(f"cost_matrix must be at least 2x2 (two classes), got shape {C.shape}")
    C = C.astype(np.float64)
    if not np.isfinite(C).all():
        raise ValueError("cost_matrix must not contain NaN or infinity")
    if (C < 0).any():
        i, j = np.argwhere(C < 0)[0]
        raise ValueError(f"cost_matrix must be non-negative; cost_matrix[{i}][{j}] = {float(C[i, j]):g}")
    return C


# ---------------------------------------------------------------------------------------
# the two axes of cost space
def probability_cost(p, cost01, cost10):
    r"""Probability cost P(+)cost (正例概率代价), the x-axis of a cost curve.

    .. math::

        P(+)cost = \frac{p \cdot cost_{01}}{p \cdot cost_{01} + (1-p) \cdot cost_{10}}

    ``p`` is the probability that an example is positive; ``cost01`` the cost
    of a missed positive (FN), ``cost10`` of a false alarm (FP). It is the
    share of the "at stake" cost that sits on the positives: with equal costs
    it is ``p``; a cost ratio 4:1 weighs each positive like four.

    Parameters
    ----------
    p : float or array-like, values in [0, 1] (not empty)
    cost01, cost10 : float, >= 0, finite, not both 0
        Only their ratio matters; they are divided by the larger one first, so
        tiny or huge costs give the right limit (no underflow, no overflow).

    Returns
    -------
    float or ndarray (same shape as ``p``)

    Raises
    ------
    ValueError
        if ``p * cost01 + (1 - p) * cost10 == 0`` (nothing costs anything).

    Example
    -------
    >>> probability_cost(0.2, 4, 1)   # 0.8 / (0.8 + 0.8)
    0.5
    """
    p = _unit_array(p, "p")
    cost01, cost10 = _scaled_costs(_check_cost(cost01, "cost01"), _check_cost(cost10, "cost10"))
    total = _check_total(p, cost01, cost10)
    return _scalar_or_array(p * cost01 / total)


def normalized_cost(fpr, fnr, p, cost01, cost10):
    r"""Normalized expected cost (归一化代价), the y-axis of a cost curve.

    .. math::

        cost_{norm} = \frac{FNR \cdot p \cdot cost_{01} + FPR \cdot (1-p) \cdot cost_{10}}
                           {p \cdot cost_{01} + (1-p) \cdot cost_{10}}
                    = FNR \cdot x + FPR \cdot (1 - x), \quad x = P(+)cost

    The expected cost per example divided by its largest possible value, so
    it lies in [0, 1]. Note the second argument is the false *negative* rate
    FNR = 1 - TPR.

    Parameters
    ----------
    fpr, fnr : float or array-like in [0, 1] (broadcast together with ``p``)
    p : float or array-like in [0, 1]
    cost01, cost10 : float, >= 0

    Returns
    -------
    float or ndarray

    Example
    -------
    >>> round(normalized_cost(fpr=0.25, fnr=0.5, p=0.2, cost01=4, cost10=1), 6)   # 0.5*0.5 + 0.25*0.5
    0.375
    """
    fpr = _unit_array(fpr, "fpr")
    fnr = _unit_array(fnr, "fnr")
    p = _unit_array(p, "p")
    cost01, cost10 = _scaled_costs(_check_cost(cost01, "cost01"), _check_cost(cost10, "cost10"))
    total = _check_total(p, cost01, cost10)
    try:
        out = (fnr * p * cost01 + fpr * (1 - p) * cost10) / total
    except ValueError:
        raise ValueError(
            f"fpr, fnr and p could not be broadcast together (shapes {fpr.shape}, {fnr.shape}, {p.shape})"
        ) from None
    return _scalar_or_array(np.asarray(out))


# ---------------------------------------------------------------------------------------
# cost space from a ROC curve
def cost_lines(fpr, tpr) -> np.ndarray:
    """The segment in cost space of each ROC point: from (0, FPR) to (1, FNR).

    At ``x = P(+)cost`` the segment's height is the normalized cost of that
    cut point, ``FPR * (1 - x) + FNR * x``: at x = 0 only negatives matter
    (cost = FPR), at x = 1 only positives (cost = FNR = 1 - TPR).

    Parameters
    ----------
    fpr, tpr : array-like of shape (n_points,), values in [0, 1]

    Returns
    -------
    ndarray of shape (n_points, 2, 2)
        ``segments[k] = [[0, fpr[k]], [1, 1 - tpr[k]]]``, ready for
        ``matplotlib.collections.LineCollection``.

    Example
    -------
    >>> cost_lines([0.0, 0.5], [0.5, 1.0]).tolist()
    [[[0.0, 0.0], [1.0, 0.5]], [[0.0, 0.5], [1.0, 0.0]]]
    """
    fpr, tpr = _roc_points(fpr, tpr)
    seg = np.zeros((len(fpr), 2, 2))
    seg[:, 1, 0] = 1.0
    seg[:, 0, 1] = fpr
    seg[:, 1, 1] = 1.0 - tpr
    return seg


@dataclass(frozen=True)
class CostEnvelope:
    """The lower envelope of the cost lines: the cost curve.

    Attributes
    ----------
    x_breaks : ndarray of shape (m + 1,)
        Where the envelope bends, from 0 to 1 (piecewise linear in between).
    cost_breaks : ndarray of shape (m + 1,)
        Envelope height at ``x_breaks``.
    owners : ndarray of shape (m,)
        ``owners[k]``: index of the ROC point whose segment is lowest on
        ``[x_breaks[k], x_breaks[k+1]]``.
    x, cost : ndarray
        The envelope evaluated on a grid (exact, by linear interpolation
        between breakpoints).
    area : float
        Area under the envelope: the expected total cost (期望总体代价).
    """

    x_breaks: np.ndarray
    cost_breaks: np.ndarray
    owners: np.ndarray
    x: np.ndarray
    cost: np.ndarray
    area: float

    def __call__(self, x):
        """Envelope height at ``x`` (scalar or array in [0, 1])."""
        x = _unit_array(x, "x")
        return _scalar_or_array(np.asarray(np.interp(x, self.x_breaks, self.cost_breaks)))


def _envelope_lines(a: np.ndarray, s: np.ndarray) -> tuple[list[int], list[float]]:
    """Lower envelope on [0, 1] of lines y = a + s*x: (owner indices, interior breakpoints)."""
    n = len(a)
    idx = np.arange(n)
    s_key = np.round(s, 12)
    order = np.lexsort((idx, a, -s_key))  # slope descending, then intercept ascending, then index
    # of lines with the same slope only the lowest matters
    first = np.ones(n, dtype=bool)
    first[1:] = s_key[order][1:] != s_key[order][:-1]
    cand = order[first]
    # Convex hull trick: slopes decrease along ``cand``; keep a stack of useful lines.
    stack: list[int] = []
    for k in cand.tolist():
        while len(stack) >= 2:
            i, j = stack[-2], stack[-1]
            # j is useless if (i, k) cross no later than (i, j): collinear meeting points drop j too
            lhs = (a[k] - a[i]) * (s[i] - s[j])
            rhs = (a[j] - a[i]) * (s[i] - s[k])
            if lhs - rhs <= _TOL:
                stack.pop()
            else:
                break
        stack.append(k)
    # crossing points of consecutive lines (increasing)
    cross = [(a[j] - a[i]) / (s[i] - s[j]) for i, j in zip(stack[:-1], stack[1:])]
    lo = [-np.inf] + cross
    hi = cross + [np.inf]
    owners, breaks = [], []
    for line, l, h in zip(stack, lo, hi):
        left, right = max(l, 0.0), min(h, 1.0)
        if right - left > _TOL:
            if owners:
                breaks.append(left)
            owners.append(line)
    return owners, breaks


def _prefilter(fpr: np.ndarray, tpr: np.ndarray, max_passes: int = 64) -> np.ndarray:
    """Indices of the points that may own a piece of the envelope (vectorised, for large inputs).

    1. A dominated point (another has FPR <= and TPR >=, one strictly) is beaten
       everywhere on (0, 1): drop it. What is left is a chain with FPR and TPR
       both increasing.
    2. A chain point on or below the chord of its two neighbours is not a hull
       vertex: drop all such points at once, and repeat while any is dropped.
    The survivors (the hull vertices, or a few more after ``max_passes``) go to
    the exact algorithm, which decides.
    """
    n = len(fpr)
    if n <= 64:
        return np.arange(n)
    order = np.lexsort((np.arange(n), -tpr, fpr))  # FPR up, then TPR down, then index
    t_sorted = tpr[order]
    best_before = np.maximum.accumulate(np.concatenate(([-np.inf], t_sorted[:-1])))
    chain = order[t_sorted > best_before]
    for _ in range(max_passes):
        if len(chain) < 3:
            break
        x, y = fpr[chain], tpr[chain]
        cross = (x[1:-1] - x[:-2]) * (y[2:] - y[:-2]) - (y[1:-1] - y[:-2]) * (x[2:] - x[:-2])
        drop = cross >= -_TOL  # the middle point is not strictly above the chord
        if not drop.any():
            break
        keep = np.ones(len(chain), dtype=bool)
        keep[1:-1] = ~drop
        chain = chain[keep]
    return np.sort(chain)


def cost_curve_envelope(fpr, tpr, x=None) -> CostEnvelope:
    r"""The cost curve: the lower envelope of the cost lines of all ROC points.

    .. math::

        \mathrm{cost}(x) = \min_k \big[FPR_k (1 - x) + FNR_k\, x\big], \quad x \in [0, 1]

    computed exactly (piecewise linear, its breakpoints found by the convex
    hull trick in O(n log n)). For each ``x = P(+)cost`` the envelope is the
    normalized cost of the best cut point for that prior and cost ratio.

    **Link with the ROC convex hull.** A ROC point owns a piece (of positive
    length) of the envelope exactly when it is a vertex of the ROC convex
    hull that no other point dominates (lower-or-equal FPR with higher TPR,
    or lower FPR with equal TPR). The domination clause only matters at the
    hull's two ends: a hull reaching (0, 0) by a vertical edge, or (1, 1) by
    a horizontal one, has a vertex that is best only at x = 0 or x = 1
    exactly. Points inside the hull, or on a hull edge between two vertices,
    never own a piece.

    Parameters
    ----------
    fpr, tpr : array-like of shape (n_points,), values in [0, 1]
        ROC points, e.g. from :func:`learnmetrics.roc_curve`.
    x : array-like, default=None
        Where to evaluate the envelope; default ``np.linspace(0, 1, 101)``.

    Returns
    -------
    CostEnvelope
        ``x_breaks``, ``cost_breaks``, ``owners`` (ROC point of each piece),
        ``x``, ``cost`` (on the grid) and ``area`` (expected total cost).

    Example
    -------
    >>> env = cost_curve_envelope([0, 0, 0.5, 1], [0, 0.5, 1, 1])
    >>> env.x_breaks.tolist(), env.owners.tolist()
    ([0.0, 0.5, 1.0], [1, 2])
    >>> env.area
    0.125
    """
    fpr, tpr = _roc_points(fpr, tpr)
    a = fpr
    s = (1.0 - tpr) - fpr
    cand = _prefilter(fpr, tpr)
    owners, breaks = _envelope_lines(a[cand], s[cand])
    owners = cand[owners].tolist()
    xb = np.array([0.0] + breaks + [1.0])
    ob = np.array(owners, dtype=np.intp)
    yb = np.empty(len(xb))
    yb[:-1] = a[ob] + s[ob] * xb[:-1]
    yb[-1] = a[ob[-1]] + s[ob[-1]]
    area = float(np.sum((yb[1:] + yb[:-1]) * np.diff(xb)) / 2)
    grid = np.linspace(0.0, 1.0, 101) if x is None else _unit_array(x, "x")
    cost = np.interp(grid, xb, yb)
    return CostEnvelope(x_breaks=xb, cost_breaks=yb, owners=ob, x=grid, cost=cost, area=area)


def expected_total_cost(fpr, tpr) -> float:
    r"""Expected total cost (期望总体代价): the area under the cost curve.

    .. math::

        \int_0^1 \min_k \big[FPR_k (1 - x) + FNR_k\, x\big]\, dx

    Exact (the envelope is piecewise linear). The area averages the best
    achievable normalized cost over all operating conditions ``x =
    P(+)cost`` taken as equally likely; smaller is better. A learner that
    can only say "all positive" or "all negative" scores 0.25, a perfect
    ranking 0.

    Parameters
    ----------
    fpr, tpr : array-like of shape (n_points,), values in [0, 1]

    Returns
    -------
    float

    Example
    -------
    >>> expected_total_cost([0, 1], [0, 1])   # the trivial classifiers: min(x, 1 - x)
    0.25
    """
    return cost_curve_envelope(fpr, tpr).area


# ---------------------------------------------------------------------------------------
# choosing the cut point from costs
@dataclass(frozen=True)
class BestCut:
    """The cheapest ROC point for a prior and costs (see :func:`best_cut`)."""

    index: int
    threshold: float | None
    fpr: float
    tpr: float
    x: float
    normalized_cost: float
    expected_cost: float


def _check_thresholds(thresholds, n: int):
    if thresholds is None:
        return None
    t = as_1d(thresholds, "thresholds")
    if t.dtype.kind not in "iuf":
        raise TypeError(f"thresholds must hold real numbers, got dtype {t.dtype}")
    if len(t) != n:
        raise ValueError(f"thresholds has {len(t)} values but there are {n} ROC points (fpr, tpr)")
    t = t.astype(np.float64)
    if np.isnan(t).any():
        raise ValueError("thresholds must not contain NaN (infinity is allowed: the cut that predicts nothing)")
    return t


def best_cut(fpr, tpr, thresholds, p, cost01, cost10) -> BestCut:
    r"""The cut point with the lowest expected cost for prior ``p`` and costs.

    .. math::

        k^* = \arg\min_k \; p\,cost_{01}\,FNR_k + (1-p)\,cost_{10}\,FPR_k

    the same as minimising the normalized cost at ``x = P(+)cost``, i.e. the
    segment lowest at ``x`` in cost space, or the point an iso-cost line of
    slope :math:`\frac{(1-p)\,cost_{10}}{p\,cost_{01}}` touches last on the
    ROC. Ties go to the first point in the given order (with
    :func:`learnmetrics.roc_curve`'s order: the highest threshold).

    Parameters
    ----------
    fpr, tpr : array-like of shape (n_points,)
    thresholds : array-like of shape (n_points,) or None
        The threshold of each ROC point (``roc_curve``'s third output).
    p : float in [0, 1]
        Probability that an example is positive.
    cost01, cost10 : float, >= 0
        Cost of a missed positive (FN) and of a false alarm (FP).

    Returns
    -------
    BestCut
        ``index``, ``threshold``, ``fpr``, ``tpr``, ``x`` (P(+)cost),
        ``normalized_cost`` and ``expected_cost`` (per example,
        :math:`p\,cost_{01}\,FNR + (1-p)\,cost_{10}\,FPR`).

    Example
    -------
    >>> b = best_cut([0, 0, 0.5, 1], [0, 0.5, 1, 1], [2.0, 0.9, 0.5, 0.1], p=0.2, cost01=4, cost10=1)
    >>> b.index, b.threshold, b.normalized_cost
    (1, 0.9, 0.25)
    """
    fpr, tpr = _roc_points(fpr, tpr)
    t = _check_thresholds(thresholds, len(fpr))
    p = check_probability(p, "p")
    c01 = _check_cost(cost01, "cost01")
    c10 = _check_cost(cost10, "cost10")
    s01, s10 = _scaled_costs(c01, c10)
    total = float(_check_total(np.float64(p), s01, s10))
    x = p * s01 / total
    ncost = fpr * (1.0 - x) + (1.0 - tpr) * x
    k = int(np.flatnonzero(ncost <= ncost.min() + _TOL)[0])
    # the expected cost in the caller's units: p*cost01*FNR + (1-p)*cost10*FPR
    expected = p * c01 * (1.0 - tpr[k]) + (1 - p) * c10 * fpr[k]
    return BestCut(
        index=k,
        threshold=None if t is None else float(t[k]),
        fpr=float(fpr[k]),
        tpr=float(tpr[k]),
        x=float(x),
        normalized_cost=float(ncost[k]),
        expected_cost=float(expected),
    )


# ---------------------------------------------------------------------------------------
# the explorer's state
@dataclass(frozen=True)
class CostState:
    """What the cost-curve explorer shows for one prior and cost ratio.

    ``x`` = P(+)cost; ``index``/``threshold`` the chosen cut (lowest segment
    at x); ``segment`` that segment ((0, FPR), (1, FNR)); ``iso_slope`` the
    slope of the ROC's iso-cost lines, :math:`(1-p)cost_{10} / (p\\,cost_{01})`
    (``inf`` when ``p * cost01 == 0``); ``tp, fp, fn, tn`` the confusion
    counts at the cut (``None`` unless ``n_pos``/``n_neg`` were given) and
    ``total_cost = FN * cost01 + FP * cost10``, ``error_rate`` (the total per
    example) and ``n_predicted_positive = TP + FP``: the cut is written "cut k",
    k examples predicted positive (:attr:`cut_name`).
    """

    p: float
    cost01: float
    cost10: float
    x: float
    index: int
    threshold: float | None
    fpr: float
    tpr: float
    fnr: float
    segment: tuple
    normalized_cost: float
    expected_cost: float
    iso_slope: float
    always_negative_cost: float
    always_positive_cost: float
    tp: float | None = None
    fp: float | None = None
    fn: float | None = None
    tn: float | None = None
    total_cost: float | None = None
    error_rate: float | None = None
    n_predicted_positive: float | None = None

    @property
    def cut_name(self) -> str:
        """"cut k" (k examples predicted positive) when the counts are known, else the ROC point's index.
        (The course keeps "#8" for melon 8.)"""
        if self.n_predicted_positive is None:
            return f"ROC point {self.index}"
        return f"cut {self.n_predicted_positive:g}"

    def __str__(self) -> str:
        if self.threshold is None:
            thr = "(no threshold given)"
        elif np.isinf(self.threshold):
            thr = "inf (nothing predicted positive)"
        else:
            thr = f"{self.threshold:.4g} (predict positive when score >= {self.threshold:.4g})"
        ratio = self.cost01 / self.cost10 if self.cost10 > 0 else np.inf
        lines = [
            f"p = {self.p:.3f}, cost01 : cost10 = {self.cost01:g} : {self.cost10:g} (ratio {ratio:.3g})",
            f"P(+)cost x = {self.x:.4f}",
            f"best cut: {self.cut_name}"
            + (f" (the top {self.n_predicted_positive:g} examples predicted positive)"
               if self.n_predicted_positive is not None else "") + f", threshold {thr}",
            f"  FPR = {self.fpr:.4f}, TPR = {self.tpr:.4f}, FNR = {self.fnr:.4f}",
            f"  lowest segment at x: (0, {self.segment[0][1]:.4f}) -> (1, {self.segment[1][1]:.4f})",
            f"  normalized cost = {self.normalized_cost:.4f}  (always negative {self.always_negative_cost:.4f},"
            f" always positive {self.always_positive_cost:.4f})",
            f"  expected cost per example = {self.expected_cost:.4f}",
            f"iso-cost slope on the ROC = {self.iso_slope:.4f}",
        ]
        if self.tp is not None:
            lines.append(f"counts: TP = {self.tp:g}, FN = {self.fn:g}, FP = {self.fp:g}, TN = {self.tn:g}")
            lines.append(
                f"total cost = FN*cost01 + FP*cost10 = {self.total_cost:g}, cost-sensitive error = {self.error_rate:.4f}"
            )
        return "\n".join(lines)


def _as_count(v: float):
    r = round(v)
    return int(r) if abs(v - r) < 1e-9 else float(v)


def cost_state(fpr, tpr, thresholds, p, cost01, cost10, *, n_pos=None, n_neg=None) -> CostState:
    """The state of the cost-curve explorer: the best cut for ``p`` and costs, and everything around it.

    Parameters
    ----------
    fpr, tpr, thresholds : array-like of shape (n_points,)
        ROC points and their thresholds (``thresholds`` may be None).
    p : float in [0, 1]
    cost01, cost10 : float, >= 0
    n_pos, n_neg : float >= 0, optional
        Number (or total weight) of positives and negatives (not both 0); when
        both are given the state holds the confusion counts ``tp = TPR * n_pos``
        ..., the total cost ``FN * cost01 + FP * cost10`` and the cut's size
        ``n_predicted_positive``.

    Returns
    -------
    CostState

    Example
    -------
    >>> s = cost_state([0, 0, 0.5, 1], [0, 0.5, 1, 1], None, 0.2, 4, 1, n_pos=2, n_neg=2)
    >>> s.index, s.x, s.iso_slope, s.fn, s.total_cost
    (1, 0.5, 1.0, 1, 4.0)
    """
    if (n_pos is None) != (n_neg is None):
        raise ValueError("give both n_pos and n_neg (or neither)")
    if n_pos is not None:  # checked before any work
        n_pos = check_real(n_pos, "n_pos", low=0)
        n_neg = check_real(n_neg, "n_neg", low=0)
        if n_pos + n_neg == 0:
            raise ValueError("n_pos and n_neg are both 0: there are no examples to count")
    b = best_cut(fpr, tpr, thresholds, p, cost01, cost10)
    p, cost01, cost10 = float(p), float(cost01), float(cost10)
    fnr = 1.0 - b.tpr
    s01, s10 = _scaled_costs(cost01, cost10)
    num, den = (1 - p) * s10, p * s01
    iso = num / den if den > 0 else np.inf
    counts = {}
    if n_pos is not None:
        tp, fn = _as_count(b.tpr * n_pos), _as_count(fnr * n_pos)
        fp, tn = _as_count(b.fpr * n_neg), _as_count((1 - b.fpr) * n_neg)
        total = fn * cost01 + fp * cost10
        m = n_pos + n_neg
        counts = dict(tp=tp, fp=fp, fn=fn, tn=tn, total_cost=float(total), error_rate=float(total / m),
                      n_predicted_positive=_as_count(tp + fp))
    return CostState(
        p=p, cost01=cost01, cost10=cost10, x=b.x, index=b.index, threshold=b.threshold,
        fpr=b.fpr, tpr=b.tpr, fnr=fnr, segment=((0.0, b.fpr), (1.0, fnr)),
        normalized_cost=b.normalized_cost, expected_cost=b.expected_cost, iso_slope=float(iso),
        always_negative_cost=b.x, always_positive_cost=1.0 - b.x, **counts,
    )
