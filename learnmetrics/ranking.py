"""Ranking metrics: did we put the relevant items first?

Search engines and recommenders are judged on *ordered lists*. Two families
of measures live here:

* **Binary relevance, one ranked list of item ids** (an item is relevant or
  not): :func:`precision_at_k`, :func:`recall_at_k`,
  :func:`average_precision` (AP, "order-sensitive recall", 顺序敏感的召回率),
  :func:`reciprocal_rank`; over many users or queries
  :func:`mean_average_precision` (MAP) and :func:`mean_reciprocal_rank` (MRR).
* **Graded relevance, a matrix of queries x items** (relevance grades
  ``y_true`` and the model's scores ``y_score``): :func:`cumulative_gain`
  (CG, 累计增益), :func:`dcg_score` (DCG), :func:`ndcg_score` (NDCG), with
  scikit-learn's arguments and values, plus :func:`dcg_per_query` and
  :func:`ndcg_per_query` for one value per query.

Item ids
--------
Ids are compared exactly as given, never converted: the string ``'1'`` and
the number ``1`` are different items. So one list (and its relevant set)
holds one kind of id, all strings or all numbers; a mix, or a string list
with a numeric relevant set, is refused with a clear error instead of
silently matching nothing (as ``_validation.as_labels`` refuses mixed labels).

Gain conventions
----------------
The gain of an item of relevance grade ``rel`` is either ``rel`` itself
(``gain="linear"``, the default here and in scikit-learn's ``dcg_score`` /
``ndcg_score``, and trec_eval's ``ndcg``, whose gains are the relevance
levels unless overridden) or ``2**rel - 1`` (``gain="exponential"``, the form
note 003 and much of the learning-to-rank literature write: LightGBM's
lambdarank ``label_gain`` defaults to ``0, 1, 3, 7, 15, ...``; XGBoost's
``rank:ndcg`` uses ``2**rel - 1`` unless ``ndcg_exp_gain`` is switched off;
PyTorch-Ignite's ``NDCG`` defaults to ``gain_function="exp_rank"``). With
0/1 relevance the two coincide. With graded relevance they can disagree on
which of two rankings is better, so always say which one you report.

Ties
----
When several items get the same score their order is not defined. By
default (``ignore_ties=False``) DCG averages over every order of each tied
group (McSherry & Najork, 2008), as scikit-learn does; this module does it
for all queries at once with NumPy (no Python loop over rows), several times
faster than scikit-learn's row-by-row loop.

The explorer's state comes from :func:`ranked_list_state`.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np

from ._validation import (
    as_1d,
    object_to_float,
    check_bool,
    check_choice,
    check_real,
    check_positive_int,
    check_sample_weight,
    warn_undefined,
)

__all__ = [
    "precision_at_k",
    "recall_at_k",
    "average_precision",
    "reciprocal_rank",
    "mean_average_precision",
    "mean_reciprocal_rank",
    "cumulative_gain",
    "dcg_score",
    "ndcg_score",
    "dcg_per_query",
    "ndcg_per_query",
    "scores_from_ranking",
    "RankedListState",
    "ranked_list_state",
]

_GAINS = ("linear", "exponential")
_MAX_EXP_GRADE = 1000  # 2.0**1024 overflows to inf


# ---------------------------------------------------------------------------------------
# binary relevance: one ranked list of item ids
# ---------------------------------------------------------------------------------------
_NESTED = (list, tuple, set, frozenset, dict, np.ndarray)


def _id_kind(v) -> str:
    if isinstance(v, (str, np.str_)):
        return "string"
    if isinstance(v, (bytes, np.bytes_)):
        return "bytes"
    if isinstance(v, (numbers.Number, np.number, np.bool_)):
        return "number"
    return type(v).__name__


def _as_id_list(x, name: str, *, allow_empty: bool = False) -> tuple[list, str | None]:
    """Item ids as a Python list, *without* converting them: ``np.asarray(['a', 1])`` would
    turn the id 1 into the string '1', which then never matches the id 1. Ids of one argument
    must be of one kind (all strings or all numbers), as ``_validation.as_labels`` asks of
    labels; returns the list and that kind (None when empty)."""
    if isinstance(x, (list, tuple)):
        items = [v.item() if isinstance(v, np.generic) else v for v in x]
        if any(isinstance(v, _NESTED) for v in items):
            raise ValueError(f"{name} must be 1-D (a flat list of item ids), got nested sequences")
        if not items and not allow_empty:
            raise ValueError(f"{name} is empty: at least one item is needed")
    else:
        items = as_1d(x, name, allow_empty=allow_empty).tolist()
    for v in items:
        if v is None or (isinstance(v, float) and v != v):
            raise ValueError(f"{name} must not contain None or NaN as an item id")
    kinds = {_id_kind(v) for v in items}
    if len(kinds) > 1:
        raise TypeError(
            f"{name} mixes {' and '.join(sorted(kinds))} item ids: ids are compared exactly "
            f"(the string '1' is not the number 1), so use one kind of id"
        )
    return items, (kinds.pop() if kinds else None)


def _as_ranked(ranked, name: str = "ranked") -> tuple[list, str | None]:
    """A ranked list of distinct, hashable item ids, as a Python list, and their kind."""
    if isinstance(ranked, (set, frozenset)):
        raise TypeError(f"{name} must be an ordered sequence (list, tuple, array), got a {type(ranked).__name__}: "
                        "a set has no order")
    if ranked is None or isinstance(ranked, (str, bytes, dict)):
        raise TypeError(f"{name} must be an ordered sequence of item ids (list, tuple, array), "
                        f"got {type(ranked).__name__}")
    items, kind = _as_id_list(ranked, name)
    try:
        seen: dict = {}
        for pos, item in enumerate(items, start=1):
            if item in seen:
                raise ValueError(
                    f"{name} lists item {item!r} twice (positions {seen[item]} and {pos}); "
                    "a ranked list holds each item at most once"
                )
            seen[item] = pos
    except TypeError:
        raise TypeError(f"{name} must hold hashable item ids (numbers or strings)") from None
    return items, kind


def _as_relevant(relevant, name: str = "relevant") -> tuple[set, str | None]:
    """The set of relevant item ids (may be empty) and their kind."""
    if relevant is None:
        raise TypeError(f"{name} must be a set or sequence of item ids, got None")
    if isinstance(relevant, (str, bytes)):
        raise TypeError(f"{name} must be a set or sequence of item ids, got the string {relevant!r}")
    if isinstance(relevant, dict):
        raise TypeError(f"{name} must be a set or sequence of item ids, got a dict")
    if isinstance(relevant, (set, frozenset)):
        relevant = list(relevant)
    values, kind = _as_id_list(relevant, name, allow_empty=True)
    try:
        return set(values), kind
    except TypeError:
        raise TypeError(f"{name} must hold hashable item ids (numbers or strings)") from None


def _hits(ranked, relevant) -> tuple[np.ndarray, int]:
    """Boolean hit vector of the ranked list and the number of relevant items."""
    items, kind = _as_ranked(ranked)
    rel, rel_kind = _as_relevant(relevant)
    if kind is not None and rel_kind is not None and kind != rel_kind:
        raise TypeError(
            f"ranked holds {kind} ids but relevant holds {rel_kind} ids: no item could ever match "
            "(the string '1' is not the number 1); give both the same kind of id"
        )
    hits = np.fromiter((item in rel for item in items), dtype=bool, count=len(items))
    return hits, len(rel)


def precision_at_k(ranked, relevant, k) -> float:
    """Precision at ``k``: the share of the first ``k`` items that are relevant.

    .. math:: P@k = \\frac{|\\{\\text{relevant items in the top } k\\}|}{k}

    Parameters
    ----------
    ranked : sequence of item ids
        The ranked list, best first; each item at most once. All strings or
        all numbers (ids are compared exactly, never converted).
    relevant : set or sequence of item ids
        The items that are relevant for this query or user, of the same kind
        as ``ranked``. Items that are not in ``ranked`` count as relevant but
        not retrieved.
    k : int >= 1
        Cut-off. If the list is shorter than ``k``, the missing positions count
        as non-relevant (the denominator stays ``k``, as in trec_eval's P@k).

    Returns
    -------
    float in [0, 1]

    Example
    -------
    >>> precision_at_k(["a", "b", "c", "d"], {"a", "c", "x"}, k=2)
    0.5
    """
    k = check_positive_int(k, "k")
    hits, _ = _hits(ranked, relevant)
    return float(hits[:k].sum() / k)


def recall_at_k(ranked, relevant, k) -> float:
    """Recall at ``k``: the share of the relevant items found in the first ``k``.

    .. math:: R@k = \\frac{|\\{\\text{relevant items in the top } k\\}|}{|\\text{relevant}|}

    Parameters
    ----------
    ranked : sequence of item ids
    relevant : set or sequence of item ids
    k : int >= 1

    Returns
    -------
    float in [0, 1]; NaN with an :class:`UndefinedMetricWarning` when
    ``relevant`` is empty (0/0: there is nothing to recall).

    Example
    -------
    >>> recall_at_k(["a", "b", "c", "d"], {"a", "c", "x"}, k=2)
    0.3333333333333333
    """
    k = check_positive_int(k, "k")
    hits, n_rel = _hits(ranked, relevant)
    if n_rel == 0:
        warn_undefined("recall_at_k is undefined when relevant is empty (0/0); returning NaN")
        return float("nan")
    return float(hits[:k].sum() / n_rel)


def _ap_from_hits(hits: np.ndarray, n_rel: int) -> float:
    positions = np.flatnonzero(hits) + 1
    precisions = np.arange(1, len(positions) + 1) / positions
    return float(precisions.sum() / n_rel)


def average_precision(ranked, relevant) -> float:
    """Average precision (AP) of one ranked list: precision at each relevant hit,
    summed and divided by the number of relevant items.

    .. math:: AP = \\frac{1}{|R|} \\sum_{i \\in R,\\ i \\text{ retrieved}} P@\\mathrm{rank}(i)

    (note 003's formula: for a relevant item at position :math:`p_{ui}`, the
    precision there is (number of relevant items ranked above it + 1) /
    :math:`p_{ui}`). A relevant item that is not in the list contributes 0 but
    still counts in :math:`|R|`, so AP = 1 only when every relevant item is
    retrieved ahead of every irrelevant one. AP is "order-sensitive recall":
    moving a relevant item up never lowers it.

    How it differs from :func:`learnmetrics.average_precision_score`
    ----------------------------------------------------------------------
    ``average_precision_score(y_true, y_score)`` (scikit-learn's) works on
    *scores*: it sums ``(R_n - R_{n-1}) P_n`` over the distinct score
    thresholds, i.e. the area under the P-R step curve. The two agree when
    ``y_true`` lists the relevance of the items of ``ranked`` in order, the
    scores are distinct and decreasing along ``ranked``, and every relevant
    item is in ``ranked``. They differ when (a) relevant items are missing from
    the list (AP here divides by all of them, the score version only knows the
    positives it is given) or (b) scores tie (the score version takes a tied
    group as one threshold; a ranked list has a strict order).

    Parameters
    ----------
    ranked : sequence of item ids
        The ranked list, best first; each item at most once.
    relevant : set or sequence of item ids

    Returns
    -------
    float in [0, 1]; NaN with an :class:`UndefinedMetricWarning` when
    ``relevant`` is empty: AP is 0/0 there. (Note 003's code returns 0 in that
    case, which silently pulls a MAP down; see :func:`mean_average_precision`
    for how such queries are handled.)

    Example
    -------
    >>> average_precision(["a", "b", "c", "d"], {"a", "c"})   # (1/1 + 2/3) / 2
    0.8333333333333333
    """
    hits, n_rel = _hits(ranked, relevant)
    if n_rel == 0:
        warn_undefined("average_precision is undefined when relevant is empty (0/0); returning NaN")
        return float("nan")
    return _ap_from_hits(hits, n_rel)


def reciprocal_rank(ranked, relevant) -> float:
    """Reciprocal rank: 1 / (position of the first relevant item).

    Parameters
    ----------
    ranked : sequence of item ids
    relevant : set or sequence of item ids

    Returns
    -------
    float in [0, 1]: 0 if no relevant item is in the list; NaN with an
    :class:`UndefinedMetricWarning` when ``relevant`` is empty.

    Example
    -------
    >>> reciprocal_rank(["a", "b", "c"], {"c"})
    0.3333333333333333
    """
    hits, n_rel = _hits(ranked, relevant)
    if n_rel == 0:
        warn_undefined("reciprocal_rank is undefined when relevant is empty; returning NaN")
        return float("nan")
    first = np.flatnonzero(hits)
    return float(1.0 / (first[0] + 1)) if len(first) else 0.0


def _pairs(ranked_lists, relevant_sets):
    """(ranked, relevant) pairs from two aligned sequences or two dicts keyed by user/query."""
    if isinstance(ranked_lists, dict) or isinstance(relevant_sets, dict):
        if not (isinstance(ranked_lists, dict) and isinstance(relevant_sets, dict)):
            raise TypeError("ranked_lists and relevant_sets must both be dicts (keyed by user/query) or both sequences")
        missing = [key for key in ranked_lists if key not in relevant_sets]
        if missing:
            raise ValueError(f"relevant_sets has no entry for {missing[0]!r} (a key of ranked_lists)")
        extra = [key for key in relevant_sets if key not in ranked_lists]
        if extra:
            raise ValueError(f"ranked_lists has no entry for {extra[0]!r} (a key of relevant_sets)")
        keys = list(ranked_lists)
        pairs = [(ranked_lists[key], relevant_sets[key]) for key in keys]
    else:
        for name, value in (("ranked_lists", ranked_lists), ("relevant_sets", relevant_sets)):
            if value is None or isinstance(value, (str, bytes, set, frozenset)) or not hasattr(value, "__len__"):
                raise TypeError(f"{name} must be a list (one entry per user/query) or a dict, got {type(value).__name__}")
        if len(ranked_lists) != len(relevant_sets):
            raise ValueError(
                f"ranked_lists has {len(ranked_lists)} lists but relevant_sets has {len(relevant_sets)} sets"
            )
        pairs = list(zip(ranked_lists, relevant_sets))
    if not pairs:
        raise ValueError("ranked_lists is empty: at least one ranked list is needed")
    return pairs


def _mean_over_queries(metric, ranked_lists, relevant_sets, name: str) -> float:
    values = []
    skipped = 0
    for i, (ranked, relevant) in enumerate(_pairs(ranked_lists, relevant_sets)):
        try:
            hits, n_rel = _hits(ranked, relevant)
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"entry {i}: {exc}") from None
        if n_rel == 0:
            skipped += 1
            continue
        values.append(metric(hits, n_rel))
    if skipped:
        if not values:
            warn_undefined(f"{name}: no query has a relevant item; returning NaN", stacklevel=4)
            return float("nan")
        warn_undefined(
            f"{name}: {skipped} of {skipped + len(values)} queries have no relevant item "
            "and are left out of the mean", stacklevel=4
        )
    return float(np.mean(values))


def mean_average_precision(ranked_lists, relevant_sets) -> float:
    """Mean average precision (MAP): the mean of :func:`average_precision` over
    users or queries.

    .. math:: MAP = \\frac{1}{|U|} \\sum_{u \\in U} AP_u

    Parameters
    ----------
    ranked_lists : list of ranked lists, or dict {user: ranked list}
    relevant_sets : list of sets (same length), or dict {user: set of relevant items}

    Returns
    -------
    float in [0, 1]. A query whose relevant set is empty has no AP; it is left
    out of the mean with an :class:`UndefinedMetricWarning` (trec_eval also
    averages only over queries that have relevant documents). NaN with a
    warning if no query has a relevant item.

    Example
    -------
    >>> mean_average_precision([["a", "b"], ["c", "d"]], [{"a"}, {"d"}])   # (1 + 1/2) / 2
    0.75
    """
    return _mean_over_queries(_ap_from_hits, ranked_lists, relevant_sets, "mean_average_precision")


def mean_reciprocal_rank(ranked_lists, relevant_sets) -> float:
    """Mean reciprocal rank (MRR): the mean of :func:`reciprocal_rank` over users or queries.

    Parameters
    ----------
    ranked_lists : list of ranked lists, or dict {user: ranked list}
    relevant_sets : list of sets (same length), or dict {user: set of relevant items}

    Returns
    -------
    float in [0, 1]; queries without relevant items are left out with an
    :class:`UndefinedMetricWarning` (as in :func:`mean_average_precision`).

    Example
    -------
    >>> mean_reciprocal_rank([["a", "b", "c"], ["c", "d"]], [{"c"}, {"c"}])   # (1/3 + 1) / 2
    0.6666666666666666
    """

    def rr(hits, n_rel):
        first = np.flatnonzero(hits)
        return 1.0 / (first[0] + 1) if len(first) else 0.0

    return _mean_over_queries(rr, ranked_lists, relevant_sets, "mean_reciprocal_rank")


# ---------------------------------------------------------------------------------------
# graded relevance: a matrix of queries x items
# ---------------------------------------------------------------------------------------
def _as_matrix(x, name: str) -> np.ndarray:
    if x is None:
        raise TypeError(f"{name} must be array-like of shape (n_queries, n_items), got None")
    if isinstance(x, (str, bytes, dict, set)):
        raise TypeError(f"{name} must be array-like of shape (n_queries, n_items), got {type(x).__name__}")
    try:
        arr = np.asarray(x)
    except Exception as exc:
        raise ValueError(f"{name} could not be read as a 2-D array: {exc}") from None
    if arr.dtype == object:
        arr = object_to_float(arr, name, what="a rectangular array of numbers (rows of equal length)")
    if arr.ndim != 2:
        hint = ""
        if arr.ndim == 1:
            hint = f"; for a single ranked list pass [{name}] (one row)"
        raise ValueError(
            f"{name} must be 2-D of shape (n_queries, n_items), got an array of shape {arr.shape}{hint}"
        )
    if arr.dtype.kind == "b":
        arr = arr.astype(np.float64)
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold numbers, got dtype {arr.dtype}")
    arr = np.asarray(arr, dtype=np.float64)
    if arr.shape[0] == 0:
        raise ValueError(f"{name} has no rows: at least one query is needed")
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must not contain NaN or infinity")
    return arr


def _check_graded(y_true, y_score, *, k, gain, allow_negative: bool):
    y_true = _as_matrix(y_true, "y_true")
    y_score = _as_matrix(y_score, "y_score")
    if y_true.shape != y_score.shape:
        raise ValueError(f"y_true has shape {y_true.shape} but y_score has shape {y_score.shape}; they must match")
    if y_true.shape[1] < 2:
        raise ValueError(
            f"y_true has {y_true.shape[1]} item per query; ranking needs at least 2 items "
            "(shape (n_queries, n_items) with n_items >= 2)"
        )
    gain = check_choice(gain, "gain", _GAINS)
    if (not allow_negative or gain == "exponential") and (y_true < 0).any():
        bad = float(y_true[y_true < 0][0])
        raise ValueError(
            f"y_true must hold non-negative relevance grades, found {bad!r}"
            + (" (2**rel - 1 of a negative grade is a negative gain)" if gain == "exponential" else "")
        )
    if gain == "exponential" and y_true.max() > _MAX_EXP_GRADE:
        raise ValueError(
            f"y_true holds the grade {float(y_true.max())!r}: too large for gain='exponential' "
            f"(2**rel - 1 overflows above {_MAX_EXP_GRADE}); grades are usually 0..4 or 0..10"
        )
    if k is not None:
        k = check_positive_int(k, "k")
    return y_true, y_score, k, gain


def _check_log_base(log_base) -> float:
    log_base = check_real(log_base, "log_base", low=0, low_open=True)
    if log_base == 1:
        raise ValueError(f"log_base must be a positive number other than 1, got {log_base!r}")
    return log_base


def _check_finite(values: np.ndarray, what: str) -> np.ndarray:
    if not np.isfinite(values).all():
        raise ValueError(f"{what} overflows to infinity: the relevance grades in y_true are too large "
                         "for floating point; rescale them")
    return values


def _gains(y_true: np.ndarray, gain: str) -> np.ndarray:
    return np.exp2(y_true) - 1.0 if gain == "exponential" else y_true


def _discount(n_items: int, k, log_base: float) -> np.ndarray:
    # the same expression as scikit-learn, so that values agree to the last bits
    discount = 1 / (np.log(np.arange(n_items) + 2) / np.log(log_base))
    if k is not None:
        discount[k:] = 0
    return discount


def _tie_averaged_dcg(gains: np.ndarray, y_score: np.ndarray, discount: np.ndarray) -> np.ndarray:
    """DCG of every row, each tied group of scores sharing its ranks' discounts equally.

    A tied group occupying ranks b..e-1 contributes
    (sum of its gains) x (sum of discounts b..e-1) / (e - b): the average over
    every order of the group (McSherry & Najork, 2008). Vectorised over all
    rows at once: one argsort per row, group starts where the sorted score
    changes (flat indices over the whole matrix, so a group never spans two
    rows because every row starts a group), group gain sums with
    ``np.add.reduceat``, discount sums from one cumulative sum, and the
    per-row totals with ``np.bincount``.
    """
    n, m = gains.shape
    order = np.argsort(y_score, axis=1)[:, ::-1]
    s = np.take_along_axis(y_score, order, axis=1)
    g = np.take_along_axis(gains, order, axis=1)
    new_group = np.empty((n, m), dtype=bool)
    new_group[:, 0] = True
    np.not_equal(s[:, 1:], s[:, :-1], out=new_group[:, 1:])
    if new_group.all():  # no ties anywhere: plain DCG
        return g @ discount
    starts = np.flatnonzero(new_group)
    group_gain = np.add.reduceat(g.ravel(), starts)
    size = np.diff(starts, append=n * m)
    first_col = starts % m
    cum = np.concatenate(([0.0], np.cumsum(discount)))
    contribution = group_gain * (cum[first_col + size] - cum[first_col]) / size
    return np.bincount(starts // m, weights=contribution, minlength=n)


def _dcg_rows(gains, y_score, discount, ignore_ties: bool) -> np.ndarray:
    # an overflow is reported by _check_finite with a clear message, not as a NumPy warning
    with np.errstate(over="ignore", invalid="ignore"):
        return _dcg_rows_raw(gains, y_score, discount, ignore_ties)


def _dcg_rows_raw(gains, y_score, discount, ignore_ties: bool) -> np.ndarray:
    if ignore_ties:
        # scikit-learn's own tie order (argsort, reversed) so values match even with ties
        order = np.argsort(y_score)[:, ::-1]
        return np.take_along_axis(gains, order, axis=1) @ discount
    return _tie_averaged_dcg(gains, y_score, discount)


def _ideal_dcg_rows(gains, discount) -> np.ndarray:
    with np.errstate(over="ignore", invalid="ignore"):
        return np.sort(gains, axis=1)[:, ::-1] @ discount


def _average(values: np.ndarray, sample_weight) -> float:
    w = check_sample_weight(sample_weight, len(values))
    if w is None:
        return float(np.mean(values))
    if w.sum() == 0:
        raise ValueError("sample_weight sums to zero: at least one query needs a positive weight")
    return float(np.average(values, weights=w))


def dcg_per_query(y_true, y_score, *, k=None, log_base=2, ignore_ties=False, gain="linear") -> np.ndarray:
    """DCG of every query (row): the per-query values :func:`dcg_score` averages.

    Same parameters as :func:`dcg_score` (without ``sample_weight``).

    Returns
    -------
    ndarray of shape (n_queries,)

    Example
    -------
    >>> dcg_per_query([[3, 2, 0], [0, 1, 1]], [[0.9, 0.5, 0.1], [0.9, 0.5, 0.1]]).round(4)
    array([4.2619, 1.1309])
    """
    y_true, y_score, k, gain = _check_graded(y_true, y_score, k=k, gain=gain, allow_negative=True)
    log_base = _check_log_base(log_base)
    ignore_ties = check_bool(ignore_ties, "ignore_ties")
    discount = _discount(y_true.shape[1], k, log_base)
    return _check_finite(_dcg_rows(_gains(y_true, gain), y_score, discount, ignore_ties), "DCG")


def dcg_score(y_true, y_score, *, k=None, log_base=2, sample_weight=None, ignore_ties=False, gain="linear") -> float:
    """Discounted cumulative gain (DCG, 折损累计增益), averaged over queries.

    For each query (row) the items are sorted by decreasing ``y_score`` and

    .. math:: DCG@k = \\sum_{i=1}^{k} \\frac{g(rel_i)}{\\log_{b}(i + 1)}

    where :math:`rel_i` is the true relevance of the item at rank :math:`i`,
    :math:`b` is ``log_base`` and the gain :math:`g` is :math:`rel` (linear,
    scikit-learn's and this function's default) or :math:`2^{rel} - 1`
    (exponential, note 003's form). The same arguments and values as
    ``sklearn.metrics.dcg_score`` when ``gain="linear"``.

    Parameters
    ----------
    y_true : array-like of shape (n_queries, n_items), n_items >= 2
        True relevance of each item. Negative values are accepted with linear
        gain (as scikit-learn does) and refused with exponential gain.
    y_score : array-like of shape (n_queries, n_items)
        The model's scores; higher means ranked earlier.
    k : int >= 1 or None, default=None
        Only the first ``k`` ranks count (DCG@k). None: all items.
    log_base : float > 0, != 1, default=2
        Base of the logarithm of the discount; smaller means a sharper discount.
    sample_weight : array-like of shape (n_queries,), default=None
        Non-negative weight of each query in the average.
    ignore_ties : bool, default=False
        False: tied scores share their ranks' discounts equally (the average
        over every order of the tie). True: ties are broken arbitrarily (faster
        only when there are no ties; wrong-looking values when there are).
    gain : {"linear", "exponential"}, default="linear"

    Returns
    -------
    float: the (weighted) mean of the queries' DCG.

    Example
    -------
    >>> y_true = [[10, 0, 0, 1, 5]]
    >>> round(dcg_score(y_true, [[.1, .2, .3, 4, 70]]), 4)
    9.4995
    >>> dcg_score(y_true, [[1, 0, 0, 0, 1]], k=1)   # the tie at the top: (10 + 5) / 2
    7.5
    >>> round(dcg_score([[3, 2, 0]], [[0.9, 0.5, 0.1]], gain="exponential"), 4)   # 7/1 + 3/log2(3)
    8.8928
    """
    values = dcg_per_query(y_true, y_score, k=k, log_base=log_base, ignore_ties=ignore_ties, gain=gain)
    return _average(values, sample_weight)


def ndcg_per_query(y_true, y_score, *, k=None, ignore_ties=False, gain="linear") -> np.ndarray:
    """NDCG of every query (row): the per-query values :func:`ndcg_score` averages.

    Same parameters as :func:`ndcg_score` (without ``sample_weight``).

    Returns
    -------
    ndarray of shape (n_queries,), values in [0, 1] for every query with a
    relevant item. A query whose items all have relevance 0 has IDCG = 0 and
    NDCG = 0/0: NaN, with an :class:`UndefinedMetricWarning` naming how many
    such queries there are (the course's rule, as for :func:`average_precision`).
    :func:`ndcg_score`, which keeps scikit-learn's name and values, scores
    such a query 0 instead; ``np.nanmean`` of this function's values is the
    mean over the queries NDCG can judge.

    Example
    -------
    >>> ndcg_per_query([[3, 2, 0], [0, 1, 1]], [[0.9, 0.5, 0.1], [0.9, 0.5, 0.1]]).round(4)
    array([1.    , 0.6934])
    """
    values, undefined = _ndcg_rows(y_true, y_score, k=k, ignore_ties=ignore_ties, gain=gain)
    if undefined.any():
        warn_undefined(f"ndcg_per_query is undefined for {int(undefined.sum())} of {len(values)} queries "
                       "with no relevant item (IDCG = 0, 0/0); returning NaN for them")
        values[undefined] = np.nan
    return values


def _ndcg_rows(y_true, y_score, *, k, ignore_ties, gain):
    """Per-query NDCG with 0 where IDCG = 0 (scikit-learn's convention), and the mask of those queries."""
    y_true, y_score, k, gain = _check_graded(y_true, y_score, k=k, gain=gain, allow_negative=False)
    ignore_ties = check_bool(ignore_ties, "ignore_ties")
    discount = _discount(y_true.shape[1], k, 2.0)
    gains = _gains(y_true, gain)
    dcg = _dcg_rows(gains, y_score, discount, ignore_ties)
    idcg = _check_finite(_ideal_dcg_rows(gains, discount), "IDCG")
    out = np.zeros_like(dcg)
    ok = idcg != 0
    out[ok] = dcg[ok] / idcg[ok]
    return out, ~ok


def ndcg_score(y_true, y_score, *, k=None, sample_weight=None, ignore_ties=False, gain="linear") -> float:
    """Normalised discounted cumulative gain (NDCG), averaged over queries.

    .. math:: NDCG@k = \\frac{DCG@k}{IDCG@k}

    where IDCG@k (ideal DCG) is the DCG@k of the same items sorted by their
    true relevance, the best any ranking could do, so NDCG@k is in [0, 1] and
    comparable across queries with different numbers of relevant items. The
    same arguments and values as ``sklearn.metrics.ndcg_score`` when
    ``gain="linear"`` (the default); ``gain="exponential"`` uses
    :math:`2^{rel} - 1` (note 003's form). The discount is always
    :math:`1/\\log_2(i + 1)`.

    Parameters
    ----------
    y_true : array-like of shape (n_queries, n_items), n_items >= 2
        Non-negative true relevance grades (negative values are refused).
    y_score : array-like of shape (n_queries, n_items)
    k : int >= 1 or None, default=None
        NDCG@k: DCG@k over IDCG@k (the ideal list cut at the same ``k``).
    sample_weight : array-like of shape (n_queries,), default=None
    ignore_ties : bool, default=False
        See :func:`dcg_score`.
    gain : {"linear", "exponential"}, default="linear"

    Returns
    -------
    float in [0, 1]. A query whose items all have relevance 0 (IDCG = 0, so
    NDCG = 0/0) counts as 0 in the mean, silently, as in scikit-learn: it
    pulls the mean down though no ranking could have done better
    (``[[0, 0, 0], [1, 0, 2]]`` ranked as given: 0.3801, while the one
    query NDCG can judge scores 0.7602). :func:`ndcg_per_query` returns NaN
    with a warning for such a query instead.

    Example
    -------
    >>> y_true = [[10, 0, 0, 1, 5]]
    >>> round(ndcg_score(y_true, [[.1, .2, .3, 4, 70]]), 4)
    0.6957
    >>> ndcg_score(y_true, [[1, 0, 0, 0, 1]], k=1)   # tie at the top: (10/10 + 5/10) / 2
    0.75
    """
    values, _ = _ndcg_rows(y_true, y_score, k=k, ignore_ties=ignore_ties, gain=gain)
    return _average(values, sample_weight)


def cumulative_gain(y_true, y_score, *, k=None, sample_weight=None, ignore_ties=False, gain="linear") -> float:
    """Cumulative gain (CG@k, 累计增益): the total gain of the first ``k`` items,
    averaged over queries. No discount: the order *within* the top k does not matter.

    .. math:: CG@k = \\sum_{i=1}^{k} g(rel_i)

    Parameters
    ----------
    y_true, y_score : array-like of shape (n_queries, n_items)
    k : int >= 1 or None, default=None (all items: then CG is the same for every order)
    sample_weight : array-like of shape (n_queries,), default=None
    ignore_ties : bool, default=False
        False: a tie straddling rank k shares its gain pro rata.
    gain : {"linear", "exponential"}, default="linear"

    Returns
    -------
    float

    Example
    -------
    >>> cumulative_gain([[3, 2, 0, 1]], [[0.9, 0.1, 0.8, 0.7]], k=2)   # items 1 and 3: 3 + 0
    3.0
    """
    y_true, y_score, k, gain = _check_graded(y_true, y_score, k=k, gain=gain, allow_negative=True)
    ignore_ties = check_bool(ignore_ties, "ignore_ties")
    discount = np.ones(y_true.shape[1])
    if k is not None:
        discount[k:] = 0
    values = _check_finite(_dcg_rows(_gains(y_true, gain), y_score, discount, ignore_ties), "CG")
    return _average(values, sample_weight)


def scores_from_ranking(ranking) -> np.ndarray:
    """Scores that make :func:`dcg_score` / :func:`ndcg_score` rank the items in ``ranking``.

    The item listed first gets score n, the next n - 1, ..., the last 1 (no ties).

    Parameters
    ----------
    ranking : array-like of shape (n_items,) or (n_rankings, n_items)
        Item indices 0..n_items-1, best first; each row a permutation.

    Returns
    -------
    ndarray of floats, the same shape: ``scores[..., item]``.

    Example
    -------
    >>> scores_from_ranking([2, 0, 1])
    array([2., 1., 3.])
    """
    if ranking is None or isinstance(ranking, (str, bytes, set, dict)):
        raise TypeError(f"ranking must be an array of item indices, got {type(ranking).__name__}")
    r = np.asarray(ranking)
    if r.ndim not in (1, 2) or r.shape[-1] == 0:
        raise ValueError(f"ranking must be 1-D or 2-D and non-empty, got shape {r.shape}")
    if r.dtype.kind not in "iu":
        raise TypeError(f"ranking must hold integer item indices, got dtype {r.dtype}")
    m = r.shape[-1]
    if not (np.sort(r, axis=-1) == np.arange(m)).all():
        raise ValueError(f"each ranking must be a permutation of the item indices 0..{m - 1}")
    scores = np.empty(r.shape, dtype=np.float64)
    np.put_along_axis(scores, r, np.broadcast_to(np.arange(m, 0, -1, dtype=np.float64), r.shape), axis=-1)
    return scores


# ---------------------------------------------------------------------------------------
# the explorer's state: one list in the order shown
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RankedListState:
    """Everything the ranked-list explorer shows for one order and one ``k``.

    Arrays are per position (rank 1 first). ``dcg``, ``idcg``, ``ndcg`` and
    ``gains`` follow the display convention ``gain``; both conventions are
    kept in the ``*_linear`` / ``*_exponential`` fields.
    """

    items: tuple
    relevance: np.ndarray
    k: int
    gain: str
    relevant_threshold: float
    discounts: np.ndarray
    gains_linear: np.ndarray
    gains_exponential: np.ndarray
    dcg_linear: float
    idcg_linear: float
    ndcg_linear: float
    dcg_exponential: float
    idcg_exponential: float
    ndcg_exponential: float
    cumulative_gain: float
    precision_at_k: float
    recall_at_k: float
    average_precision: float
    reciprocal_rank: float
    n_relevant: int

    @property
    def gains(self) -> np.ndarray:
        return self.gains_exponential if self.gain == "exponential" else self.gains_linear

    @property
    def discounted_gains(self) -> np.ndarray:
        return self.gains * self.discounts

    @property
    def dcg(self) -> float:
        return self.dcg_exponential if self.gain == "exponential" else self.dcg_linear

    @property
    def idcg(self) -> float:
        return self.idcg_exponential if self.gain == "exponential" else self.idcg_linear

    @property
    def ndcg(self) -> float:
        return self.ndcg_exponential if self.gain == "exponential" else self.ndcg_linear

    @property
    def dcg_curve(self) -> np.ndarray:
        """DCG@i for i = 1..n in the display convention."""
        return np.cumsum(self.discounted_gains)

    @property
    def idcg_curve(self) -> np.ndarray:
        """IDCG@i for i = 1..n in the display convention."""
        return np.cumsum(np.sort(self.gains)[::-1] * self.discounts)

    def __str__(self) -> str:
        label = "2^rel-1" if self.gain == "exponential" else "rel"
        lines = [
            f"ranked list of {len(self.items)} items, k = {self.k}, gain = {self.gain} ({label})",
            " rank  item          rel  gain(lin)  gain(exp)  discount  disc.gain",
        ]
        for i, item in enumerate(self.items):
            mark = "*" if i < self.k else " "
            lines.append(
                f"{mark}{i + 1:4d}  {str(item)[:12]:<12} {self.relevance[i]:4g}  {self.gains_linear[i]:9.4f}"
                f"  {self.gains_exponential[i]:9.4f}  {self.discounts[i]:8.4f}  {self.discounted_gains[i]:9.4f}"
            )
        ap = "undefined (no relevant item)" if np.isnan(self.average_precision) else f"{self.average_precision:.4f}"
        rr = "undefined (no relevant item)" if np.isnan(self.reciprocal_rank) else f"{self.reciprocal_rank:.4f}"
        rec = "undefined (no relevant item)" if np.isnan(self.recall_at_k) else f"{self.recall_at_k:.4f}"
        nd_l, nd_e = ("undefined (IDCG = 0)" if np.isnan(v) else f"{v:.4f}"
                      for v in (self.ndcg_linear, self.ndcg_exponential))
        lines += [
            "(* = inside the top k)",
            f"linear gain      DCG@{self.k} = {self.dcg_linear:.4f}  IDCG@{self.k} = {self.idcg_linear:.4f}"
            f"  NDCG@{self.k} = {nd_l}",
            f"exponential gain DCG@{self.k} = {self.dcg_exponential:.4f}  IDCG@{self.k} = {self.idcg_exponential:.4f}"
            f"  NDCG@{self.k} = {nd_e}",
            f"CG@{self.k} (linear) = {self.cumulative_gain:.4f}",
            f"relevant = rel >= {self.relevant_threshold:g}: {self.n_relevant} item(s);"
            f" precision@{self.k} = {self.precision_at_k:.4f}, recall@{self.k} = {rec}",
            f"AP (whole list) = {ap}, reciprocal rank = {rr}",
        ]
        return "\n".join(lines)


def ranked_list_state(relevance_in_shown_order, k, relevant_threshold=1, *, items=None, gain="exponential",
                      log_base=2) -> RankedListState:
    """The state of one ranked list shown in a given order, cut at ``k``.

    Parameters
    ----------
    relevance_in_shown_order : array-like of shape (n,)
        Non-negative relevance grade of the item at rank 1, 2, ..., n.
    k : int in [1, n]
        The cut-off for DCG@k, IDCG@k, NDCG@k, CG@k, precision@k, recall@k.
    relevant_threshold : float > 0, default=1
        Items with ``rel >= relevant_threshold`` count as relevant for the
        binary measures (precision@k, recall@k, AP, reciprocal rank).
    items : sequence of n labels, optional
        Item names in the shown order (default ``1..n``).
    gain : {"exponential", "linear"}, default="exponential"
        The convention of the headline fields ``dcg``, ``idcg``, ``ndcg``,
        ``gains``; both are always computed.
    log_base : float, default=2

    Returns
    -------
    RankedListState
        Per-position gains (both conventions) and discounts
        :math:`1/\\log_b(i+1)`; DCG@k, IDCG@k, NDCG@k for both conventions
        (NDCG is NaN when IDCG = 0: the course's rule, as in
        :func:`ndcg_per_query`); CG@k; precision@k; recall@k; AP and
        reciprocal rank over the whole list. With no relevant item, NDCG,
        recall, AP and reciprocal rank are NaN (0/0), which ``str(state)``
        prints as "undefined"; no warning is raised.

    Example
    -------
    >>> s = ranked_list_state([3, 2, 3, 0, 1, 2], k=3)
    >>> round(s.dcg_exponential, 4), round(s.ndcg_exponential, 4)
    (12.3928, 0.9595)
    """
    rel = as_1d(relevance_in_shown_order, "relevance_in_shown_order")
    if rel.dtype.kind == "b":
        rel = rel.astype(np.float64)
    if rel.dtype.kind not in "iuf":
        raise TypeError(f"relevance_in_shown_order must hold numbers, got dtype {rel.dtype}")
    rel = rel.astype(np.float64)
    if not np.isfinite(rel).all():
        raise ValueError("relevance_in_shown_order must not contain NaN or infinity")
    if (rel < 0).any():
        raise ValueError(f"relevance_in_shown_order must be non-negative, found {float(rel[rel < 0][0])!r}")
    if rel.max() > _MAX_EXP_GRADE:
        raise ValueError(f"relevance_in_shown_order holds the grade {float(rel.max())!r}: too large for 2**rel - 1 "
                         f"(overflows above {_MAX_EXP_GRADE})")
    n = len(rel)
    k = check_positive_int(k, "k", maximum=n)
    relevant_threshold = check_real(relevant_threshold, "relevant_threshold", low=0, low_open=True)
    gain = check_choice(gain, "gain", ("exponential", "linear"))
    log_base = _check_log_base(log_base)
    if items is None:
        items = tuple(range(1, n + 1))
    else:
        items = tuple(_as_id_list(items, "items")[0])
        if len(items) != n:
            raise ValueError(f"items has {len(items)} labels but relevance_in_shown_order has {n} values")

    discounts = 1 / (np.log(np.arange(n) + 2) / np.log(log_base))
    cut = discounts.copy()
    cut[k:] = 0
    g_lin, g_exp = rel.copy(), np.exp2(rel) - 1
    dcg_l, dcg_e = float(g_lin @ cut), float(g_exp @ cut)
    # contiguous copies, so that an ideal list's DCG and IDCG are summed the same way (NDCG exactly 1)
    idcg_l = float(np.ascontiguousarray(np.sort(g_lin)[::-1]) @ cut)
    idcg_e = float(np.ascontiguousarray(np.sort(g_exp)[::-1]) @ cut)
    hits = rel >= relevant_threshold
    n_rel = int(hits.sum())
    if n_rel:
        ap = _ap_from_hits(hits, n_rel)
        rr = 1.0 / (np.flatnonzero(hits)[0] + 1)
        rec = hits[:k].sum() / n_rel
    else:
        ap = rr = rec = float("nan")
    return RankedListState(
        items=items,
        relevance=rel,
        k=k,
        gain=gain,
        relevant_threshold=float(relevant_threshold),
        discounts=discounts,
        gains_linear=g_lin,
        gains_exponential=g_exp,
        dcg_linear=dcg_l,
        idcg_linear=idcg_l,
        ndcg_linear=dcg_l / idcg_l if idcg_l else float("nan"),
        dcg_exponential=dcg_e,
        idcg_exponential=idcg_e,
        ndcg_exponential=dcg_e / idcg_e if idcg_e else float("nan"),
        cumulative_gain=float(rel[:k].sum()),
        precision_at_k=float(hits[:k].sum() / k),
        recall_at_k=float(rec),
        average_precision=float(ap),
        reciprocal_rank=float(rr),
        n_relevant=n_rel,
    )
