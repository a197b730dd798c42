"""How sure is the number? Confidence intervals for metrics, DeLong's test, bands on curves.

A metric computed on m test examples is itself an estimate: another m
examples from the same population would give another value. This module
measures that spread.

* :func:`bootstrap_ci` resamples the test examples with replacement (the
  bootstrap of chapter 01, applied to the *test* set) and reads the interval
  off the resampled values: percentile or BCa (bias-corrected and
  accelerated, Efron 1987). Any metric ``metric(y_true, y_pred_or_score)``
  works; for :func:`~learnmetrics.roc_auc_score` and
  :func:`~learnmetrics.auc_mann_whitney` the resamples are scored all at once
  from ranks (no Python loop over resamples).
* :func:`paired_bootstrap_ci` resamples the *same* examples for two models and
  gives an interval for the difference of their metric.
* :func:`roc_auc_ci` and :func:`delong_test` use DeLong, DeLong and
  Clarke-Pearson's (1988) variance of the AUC, computed with the O(n log n)
  algorithm of Sun and Xu (2014) from placement values.
* :func:`roc_bootstrap_band` and :func:`pr_bootstrap_band` give pointwise
  bootstrap bands on the ROC curve (TPR on an FPR grid) and the P-R curve
  (precision on a recall grid).

Binary labels follow scikit-learn: of the two classes in ``y_true`` (sorted),
the second is the positive one (1 of {0, 1}, True of {False, True}).
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from ._validation import (as_1d, as_labels, as_scores, check_bool, check_choice, check_positive_int, check_real,
                          check_rng, check_same_label_kind, check_same_length, check_sample_weight, check_size,
                          label_kind, warn_undefined)
from . import curves as _curves

__all__ = [
    "BootstrapResult",
    "bootstrap_ci",
    "paired_bootstrap_ci",
    "DelongResult",
    "roc_auc_ci",
    "delong_test",
    "CurveBand",
    "roc_bootstrap_band",
    "pr_bootstrap_band",
    "auc_sampling_state",
    "AucSamplingState",
]

_NORMAL = NormalDist()
#: index-matrix elements per chunk of resamples (bounds the memory of the vectorised paths)
_CHUNK_ELEMENTS = 1 << 21
#: at most this many (resample x example) elements of work in one call
_WORK_LIMIT = 4 * 10**9
_MAX_RESAMPLES = 10**6


# -- results ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BootstrapResult:
    """A bootstrap confidence interval.

    Attributes
    ----------
    estimate : float
        The metric on the examples as given.
    low, high : float
        The interval's ends.
    confidence : float
    method : str
        ``"percentile"`` or ``"bca"``.
    resampled : ndarray of shape (n_valid,)
        The metric on every resample that could be scored (a resample holding
        one class only cannot be scored by an AUC and is dropped, with a warning).
    n_dropped : int
        Resamples dropped that way.
    stratified : bool
        Whether the resamples were drawn within each class of ``y_true``
        (only a classification target is stratified; see :func:`bootstrap_ci`).
    """

    estimate: float
    low: float
    high: float
    confidence: float
    method: str
    resampled: np.ndarray
    n_dropped: int = 0
    stratified: bool = False

    @property
    def standard_error(self) -> float:
        """The standard deviation of the resampled values (ddof=1)."""
        return float(np.std(self.resampled, ddof=1)) if self.resampled.size > 1 else float("nan")

    @property
    def width(self) -> float:
        return self.high - self.low

    def __str__(self) -> str:
        return (f"{self.estimate:.4f}  {self.confidence:.0%} CI [{self.low:.4f}, {self.high:.4f}] "
                f"({self.method}, {self.resampled.size} resamples)")


@dataclass(frozen=True)
class DelongResult:
    """DeLong's variance of one AUC (:func:`roc_auc_ci`) or of two correlated AUCs
    (:func:`delong_test`).

    Attributes
    ----------
    auc : ndarray of shape (k,)
        The AUC of each score column.
    covariance : ndarray of shape (k, k)
        DeLong's covariance matrix of the AUC estimates.
    low, high : float or None
        The confidence interval of one AUC (``roc_auc_ci``), clipped to [0, 1].
    difference, z, p_value : float or None
        ``delong_test``: AUC_a - AUC_b, its z statistic and two-sided p-value.
    confidence : float
    """

    auc: np.ndarray
    covariance: np.ndarray
    confidence: float = 0.95
    low: float | None = None
    high: float | None = None
    difference: float | None = None
    z: float | None = None
    p_value: float | None = None

    @property
    def standard_error(self) -> float:
        """Standard error of the AUC (one model) or of the difference (two)."""
        c = self.covariance
        if c.shape == (1, 1):
            return float(np.sqrt(c[0, 0]))
        return float(np.sqrt(max(c[0, 0] + c[1, 1] - 2 * c[0, 1], 0.0)))

    def __str__(self) -> str:
        if self.z is None:
            return (f"AUC {self.auc[0]:.4f}  {self.confidence:.0%} CI [{self.low:.4f}, {self.high:.4f}] "
                    f"(DeLong, se {self.standard_error:.4f})")
        return (f"AUC_a {self.auc[0]:.4f}  AUC_b {self.auc[1]:.4f}  difference {self.difference:+.4f}  "
                f"se {self.standard_error:.4f}  z {self.z:+.3f}  p {self.p_value:.4f}")


@dataclass(frozen=True)
class CurveBand:
    """A pointwise bootstrap band on a curve.

    ``x`` is the grid (FPR for ROC, recall for P-R), ``y`` the curve of the
    examples as given on that grid, ``low``/``high`` the band, ``resampled``
    the curves of the resamples (n_resamples, n_grid)."""

    x: np.ndarray
    y: np.ndarray
    low: np.ndarray
    high: np.ndarray
    confidence: float
    kind: str
    resampled: np.ndarray


# -- argument checks ----------------------------------------------------------------------------
def _check_metric(metric, name="metric"):
    if isinstance(metric, type) or not callable(metric):
        raise TypeError(f"{name} must be a function metric(y_true, y_pred_or_score), e.g. lm.roc_auc_score, "
                        f"got {type(metric).__name__} {metric!r}")
    return metric


def _check_confidence(confidence) -> float:
    return check_real(confidence, "confidence", low=0.0, high=1.0, low_open=True, high_open=True)


#: modules whose metrics take a real-valued (regression) target: never stratified
_REGRESSION_MODULES = ("learnmetrics.regression", "sklearn.metrics._regression")
#: modules whose metrics take class labels: stratified by class when ``stratify=True``
_CLASSIFICATION_MODULES = ("learnmetrics.classification", "learnmetrics.curves", "learnmetrics.calibration",
                           "learnmetrics._indicator", "learnmetrics.cost", "sklearn.metrics._classification",
                           "sklearn.metrics._ranking")


def _metric_kind(metric) -> str:
    """``"regression"``, ``"classification"`` or ``"unknown"``, from the module defining ``metric``."""
    module = getattr(metric, "__module__", None) or ""
    if module in _REGRESSION_MODULES:
        return "regression"
    if module in _CLASSIFICATION_MODULES:
        return "classification"
    return "unknown"


def _targets(y_true, stratify: bool, metric):
    """``(y, stratified)``: y_true as labels or as finite numbers, and whether resamples are
    stratified by its classes. Only a classification target is stratified: labels that are not
    numbers, or numbers for one of learnmetrics' or scikit-learn's classification measures, or
    whole numbers that each occur at least twice for any other metric. A regression metric's
    target, real values, and whole numbers some of which occur once are never stratified: each
    distinct value would be a stratum, a stratum of one is drawn every time, and the interval
    collapses."""
    arr = as_1d(y_true, "y_true")
    kind = _metric_kind(metric)
    numeric = arr.dtype.kind in "iuf" or (arr.dtype.kind == "O" and arr.size > 0 and all(
        isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_))
        for v in arr.tolist()))
    if kind == "regression" or (numeric and kind == "unknown" and not _whole_repeated(arr)):
        return as_scores(y_true, "y_true"), False
    if arr.dtype.kind == "f" and np.isfinite(arr).all() and np.any(arr != np.round(arr)):
        if stratify and kind == "classification":
            raise ValueError("y_true holds continuous values, but the metric takes class labels")
        return as_scores(y_true, "y_true"), False
    return as_labels(y_true, "y_true"), stratify


def _whole_repeated(arr) -> bool:
    """Whole numbers, each value occurring at least twice."""
    try:
        v = np.asarray(arr, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        return False
    if not np.isfinite(v).all() or np.any(v != np.round(v)):
        return False
    _, counts = np.unique(v, return_counts=True)
    return bool(counts.min() >= 2)


def _predictions(x, name, y):
    """Predictions or scores: finite numbers, or labels of the same kind as ``y``."""
    arr = as_1d(x, name)
    if arr.dtype.kind in "USO" and not (arr.dtype.kind == "O" and all(
            isinstance(v, (int, float, bool, np.number, np.bool_)) for v in arr.tolist())):
        arr = as_labels(x, name)
        check_same_label_kind(y, "y_true", arr, name)
        return arr
    return as_scores(x, name)


def _binary(y, name="y_true"):
    """y as a bool mask of the positive class; both classes needed."""
    classes = np.unique(y)
    if classes.size != 2:
        got = "one class" if classes.size == 1 else f"{classes.size} classes"
        raise ValueError(f"{name} must hold exactly two classes (positive and negative), got {got}: "
                         f"{classes.tolist()[:5]}")
    return y == classes[1]


def _is_auc(metric) -> bool:
    return metric is _curves.roc_auc_score or metric is _curves.auc_mann_whitney


# -- resampling ---------------------------------------------------------------------------------
def _groups(y, stratify, s=None):
    """The example indices of each class (one group if not ``stratify``); with scores
    ``s``, each group is ordered by score (resampling is uniform within a group, so the
    order changes no distribution; it lets the AUC path skip a gather)."""
    if not stratify:
        return [np.arange(y.size)]
    _, inv = np.unique(y, return_inverse=True)
    order = np.lexsort((s, inv)) if s is not None else np.argsort(inv, kind="stable")
    counts = np.bincount(inv)
    return np.split(order, np.cumsum(counts)[:-1])


def _raw_chunks(rng, groups, n_resamples):
    """Per chunk of r resamples, one (r, size) matrix of draws per group: positions
    *within* the group, drawn with replacement (each group resampled within itself,
    so a stratified resample keeps the class counts). Rows per chunk are bounded so
    that a chunk holds about 2 million draws."""
    n = sum(g.size for g in groups)
    per = max(1, _CHUNK_ELEMENTS // max(n, 1))
    done = 0
    while done < n_resamples:
        r = min(per, n_resamples - done)
        yield [rng.integers(0, g.size, size=(r, g.size), dtype=np.int32) for g in groups]
        done += r


def _index_chunks(rng, groups, n_resamples):
    """(r, n) matrices of resampled example indices (from :func:`_raw_chunks`)."""
    for raw in _raw_chunks(rng, groups, n_resamples):
        parts = [g[d] for g, d in zip(groups, raw)]
        yield np.concatenate(parts, axis=1) if len(parts) > 1 else parts[0]


def _row_counts(idx, n):
    """How often each example appears in each row of an index matrix: (r, n)."""
    r = idx.shape[0]
    flat = (idx + (np.arange(r) * n)[:, None]).ravel()
    return np.bincount(flat, minlength=r * n).reshape(r, n)


class _AucRanks:
    """Scores every resample's AUC at once from rank counts.

    With c_i the multiplicity of example i in a resample, the resample's AUC is
    sum_{i pos} c_i (C(s < s_i) + C(s = s_i) / 2) / (n_pos' n_neg'), where C
    counts the resampled negatives; sorting the negatives once turns both counts
    into differences of one cumulative sum. A stratified resample (two groups:
    negatives, positives) is scored from its raw draws directly."""

    def __init__(self, pos, s, groups=None):
        self.pos_idx = np.flatnonzero(pos)
        neg_idx = np.flatnonzero(~pos)
        order = np.argsort(s[neg_idx], kind="stable")
        self.neg_idx = neg_idx[order]
        neg_sorted = s[self.neg_idx]
        self.lo = np.searchsorted(neg_sorted, s[self.pos_idx], side="left")
        self.hi = np.searchsorted(neg_sorted, s[self.pos_idx], side="right")
        self.n = s.size
        self.stratified = None
        if groups is not None and len(groups) == 2:
            g_neg, g_pos = groups  # classes sorted: the negative class first
            rank_of = np.empty(self.n, dtype=np.int32)
            rank_of[self.neg_idx] = np.arange(self.neg_idx.size, dtype=np.int32)
            where_pos = np.empty(self.n, dtype=np.int64)
            where_pos[self.pos_idx] = np.arange(self.pos_idx.size)
            lo, hi = self.lo[where_pos[g_pos]], self.hi[where_pos[g_pos]]
            neg_rank = rank_of[g_neg]
            if np.array_equal(neg_rank, np.arange(neg_rank.size)):
                neg_rank = None  # the group is in score order already: no gather needed
            # no positive tied with a negative (continuous scores): lo = hi, one count of the two
            self.stratified = (neg_rank, lo.astype(np.int32), None if np.array_equal(lo, hi) else hi.astype(np.int32))

    def from_raw(self, raw):
        # sum_i c_i (cum[lo_i] + cum[hi_i]) = sum_k B[k] cum[k], B counting the drawn positives'
        # lo and hi positions: three bincounts and one product, no gather per draw
        neg_rank, lo, hi = self.stratified
        d_neg, d_pos = raw
        r, n_neg = d_neg.shape
        width = n_neg + 1
        off = (np.arange(r, dtype=np.int64) * width)[:, None]
        ranks = d_neg if neg_rank is None else neg_rank[d_neg]
        cneg = np.bincount((ranks + off).ravel(), minlength=r * width).reshape(r, width)
        cum = np.empty((r, width), dtype=np.int64)
        cum[:, 0] = 0
        np.cumsum(cneg[:, :-1], axis=1, out=cum[:, 1:])
        b = np.bincount((lo[d_pos] + off).ravel(), minlength=r * width)
        if hi is None:
            b *= 2
        else:
            b += np.bincount((hi[d_pos] + off).ravel(), minlength=r * width)
        below = np.einsum("ij,ij->i", b.reshape(r, width), cum)
        return below / (2.0 * d_pos.shape[1] * n_neg)

    def __call__(self, idx):
        counts = _row_counts(idx, self.n)
        cpos = counts[:, self.pos_idx]
        cneg = counts[:, self.neg_idx]
        cum = np.zeros((idx.shape[0], cneg.shape[1] + 1))
        np.cumsum(cneg, axis=1, out=cum[:, 1:])
        below = cum[:, self.lo] + cum[:, self.hi]  # 2 x (below + ties / 2)
        npos, nneg = cpos.sum(axis=1), cneg.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.einsum("ij,ij->i", cpos, below) / (2.0 * npos * nneg)


def _auc_values(scorer, groups, rng, n_resamples):
    if scorer.stratified is not None:
        return np.concatenate([scorer.from_raw(raw) for raw in _raw_chunks(rng, groups, n_resamples)])
    return np.concatenate([scorer(idx) for idx in _index_chunks(rng, groups, n_resamples)])


def _metric_value(value, metric) -> float:
    """A metric's return value as a float, or a TypeError naming ``metric``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        arr = np.asarray(value) if isinstance(value, np.ndarray) else None
        if not (arr is not None and arr.ndim == 0 and arr.dtype.kind in "iuf"):
            name = getattr(metric, "__name__", repr(metric))
            raise TypeError(f"metric must return one real number, but {name} returned "
                            f"{type(value).__name__} {str(value)[:80]!r}")
    return float(value)


def _call_metric(metric, y, s, w=None) -> float:
    return _metric_value(metric(y, s) if w is None else metric(y, s, sample_weight=w), metric)


def _first_call(metric, y, s, w=None) -> float:
    """The metric on the examples as given; a call that fails on its signature names ``metric``."""
    try:
        return _call_metric(metric, y, s, w)
    except TypeError as exc:
        if str(exc).startswith("metric must return"):
            raise
        name = getattr(metric, "__name__", repr(metric))
        call = "metric(y_true, y_pred_or_score" + (", sample_weight=...)" if w is not None else ")")
        raise TypeError(f"metric ({name}) failed when called as {call}: {exc}") from exc


def _generic_values(metric, y, s, w, idx):
    """The metric on every resample; a resample on which it is undefined (it raises ValueError or
    ZeroDivisionError, e.g. every weight drawn is 0, or a class is missing) is nan: dropped and
    counted by :func:`_drop_undefined`, as an AUC's resample holding one class. The metric was
    called on the examples as given first, so a bad argument has been reported already."""
    out = np.empty(idx.shape[0])
    for r, row in enumerate(idx):
        try:
            out[r] = _call_metric(metric, y[row], s[row], None if w is None else w[row])
        except (ValueError, ZeroDivisionError):
            out[r] = np.nan
    return out


def _placements(pos, s):
    """DeLong's placement values from one sort (Sun and Xu 2014, mid-ranks).

    V10_i = (negatives scored below positive i + half the tied ones) / n and
    V01_j = (positives scored above negative j + half the tied ones) / m: the
    differences of mid-ranks Tz - Tx of Sun and Xu, read off one argsort of all
    scores (the within-class orders are sub-sequences of it)."""
    n_all = s.size
    order = np.argsort(s)
    ss = s[order]
    p = pos[order]
    starts = np.flatnonzero(np.r_[True, ss[1:] != ss[:-1]])
    sizes = np.diff(np.r_[starts, n_all])
    cum_neg = np.r_[0, np.cumsum(~p)]
    cum_pos = np.r_[0, np.cumsum(p)]
    neg_before = cum_neg[starts]
    neg_in = cum_neg[starts + sizes] - neg_before
    pos_before = cum_pos[starts]
    pos_in = cum_pos[starts + sizes] - pos_before
    m = int(cum_pos[-1])
    n = n_all - m
    below_neg = np.repeat(neg_before + neg_in / 2.0, sizes)  # for every example, in sorted order
    above_pos = np.repeat((m - pos_before - pos_in) + pos_in / 2.0, sizes)
    v = np.empty(n_all)
    v[order] = np.where(p, below_neg / n, above_pos / m)
    return v[pos], v[~pos]


def _placements_rows(pos, S):
    """:func:`_placements` for every row of a score matrix S (r, n_all) at once (same
    labels in every row): the rows are flattened with a tie break forced at each row start."""
    r, n_all = S.shape
    order = np.argsort(S, axis=1)
    ss = np.take_along_axis(S, order, axis=1).ravel()
    p = pos[order].ravel()
    new = np.r_[True, ss[1:] != ss[:-1]]
    new[::n_all] = True
    starts = np.flatnonzero(new)
    sizes = np.diff(np.r_[starts, ss.size])
    row_start = (starts // n_all) * n_all
    cum_neg = np.r_[0, np.cumsum(~p)]
    cum_pos = np.r_[0, np.cumsum(p)]
    neg_before = cum_neg[starts] - cum_neg[row_start]
    neg_in = cum_neg[starts + sizes] - cum_neg[starts]
    pos_before = cum_pos[starts] - cum_pos[row_start]
    pos_in = cum_pos[starts + sizes] - cum_pos[starts]
    m = int(pos.sum())
    n = n_all - m
    below_neg = np.repeat(neg_before + neg_in / 2.0, sizes)
    above_pos = np.repeat((m - pos_before - pos_in) + pos_in / 2.0, sizes)
    v_sorted = np.where(p, below_neg / n, above_pos / m).reshape(r, n_all)
    v = np.empty_like(v_sorted)
    np.put_along_axis(v, order, v_sorted, axis=1)
    return v[:, pos], v[:, ~pos]


def _jackknife(metric, y, s, w, fast_auc: bool):
    """Leave-one-out values of the metric (for BCa's acceleration)."""
    if fast_auc:
        pos = _binary(y)
        v10, v01 = _placements(pos, s)
        m, n = v10.size, v01.size
        total = v10.sum() * n  # = sum of psi over all pairs
        out = np.empty(y.size)
        out[pos] = (total - n * v10) / ((m - 1) * n) if m > 1 else np.nan
        out[~pos] = (total - m * v01) / (m * (n - 1)) if n > 1 else np.nan
        return out
    keep = np.ones(y.size, dtype=bool)
    out = np.empty(y.size)
    for i in range(y.size):
        keep[i] = False
        out[i] = _call_metric(metric, y[keep], s[keep], None if w is None else w[keep])
        keep[i] = True
    return out


def _z_upper(tail: float) -> float:
    """The normal quantile with ``tail`` above it, read from the lower tail (exact for tiny tails:
    ``inv_cdf(1 - tail)`` rounds 1 - 2**-54 to 1.0 and fails for a legal confidence of 1 - 2**-53)."""
    return 0.0 if tail >= 0.5 else -_NORMAL.inv_cdf(tail)


def _interval(values, estimate, confidence, method, jack):
    alpha = (1.0 - confidence) / 2.0
    if method == "percentile":
        q = [alpha, 1.0 - alpha]
    else:
        below = np.mean(values < estimate) + 0.5 * np.mean(values == estimate)
        below = min(max(below, 0.5 / values.size), 1.0 - 0.5 / values.size)
        z0 = _NORMAL.inv_cdf(below)
        jack = jack[np.isfinite(jack)]
        d = jack.mean() - jack
        denom = 6.0 * (d @ d) ** 1.5
        a = float((d ** 3).sum() / denom) if denom > 0 else 0.0
        q = []
        for zp in (-_z_upper(alpha), _z_upper(alpha)):   # not inv_cdf(1 - alpha): 1 - 2**-54 is 1.0
            q.append(_NORMAL.cdf(z0 + (z0 + zp) / (1.0 - a * (z0 + zp))))
    low, high = np.quantile(values, q)
    return float(low), float(high)


def _common_checks(metric, n_resamples, confidence, method, stratify, rng):
    metric = _check_metric(metric)
    n_resamples = check_positive_int(n_resamples, "n_resamples", minimum=1, maximum=_MAX_RESAMPLES)
    confidence = _check_confidence(confidence)
    method = check_choice(method, "method", ("percentile", "bca"))
    stratify = check_bool(stratify, "stratify")
    rng = check_rng(rng)
    return metric, n_resamples, confidence, method, stratify, rng


def _check_work(n_resamples, n, fast: bool, method: str):
    check_size(n_resamples * n, f"n_resamples={n_resamples} resamples of {n} examples", limit=_WORK_LIMIT,
               hint="use fewer resamples")
    if not fast:
        check_size(n_resamples * n, f"n_resamples={n_resamples} calls of a metric on {n} examples",
                   limit=_WORK_LIMIT // 20, hint="use fewer resamples")
    if method == "bca" and not fast:
        check_size(n * n, f"method='bca' with this metric ({n} leave-one-out evaluations of {n} examples)",
                   limit=10**8, hint="use method='percentile'")


def _resampled_values(metric, y, s, w, stratify, n_resamples, rng):
    fast = _is_auc(metric) and w is None
    groups = _groups(y, stratify, s if s.dtype.kind == "f" else None)
    if fast:
        return _auc_values(_AucRanks(_binary(y), s, groups), groups, rng, n_resamples), fast
    return np.concatenate([_generic_values(metric, y, s, w, idx)
                           for idx in _index_chunks(rng, groups, n_resamples)]), fast


def _drop_undefined(values, what="resample"):
    ok = np.isfinite(values)
    dropped = int(values.size - ok.sum())
    if dropped:
        warn_undefined(f"{dropped} of {values.size} {what}s could not be scored (e.g. one class only) and were "
                       "dropped; use stratify=True to keep both classes in every resample", stacklevel=4)
    if not ok.any():
        raise ValueError("no resample could be scored: the metric is undefined on every resample")
    return values[ok], dropped


# -- bootstrap intervals ------------------------------------------------------------------------
def bootstrap_ci(metric, y_true, y_pred_or_score, *, n_resamples=2000, confidence=0.95, method="percentile",
                 stratify=True, sample_weight=None, rng=None) -> BootstrapResult:
    """A bootstrap confidence interval for a metric computed on a test set.

    The m test examples are resampled with replacement ``n_resamples`` times
    (within each class if ``stratify``: every resample keeps the class counts,
    so an AUC is always defined); the metric of each resample is computed and
    the interval read off their distribution:

    * ``"percentile"``: the α/2 and 1 - α/2 quantiles of the resampled values
      (α = 1 - confidence);
    * ``"bca"``: the quantiles Φ(z₀ + (z₀ + z_p) / (1 - a (z₀ + z_p))), with
      z₀ = Φ⁻¹(share of resampled values below the estimate) correcting a bias
      and a = Σ d_i³ / (6 (Σ d_i²)^{3/2}), d_i the jackknife deviations, an
      acceleration (Efron 1987).

    For ``lm.roc_auc_score`` and ``lm.auc_mann_whitney`` (without
    ``sample_weight``) every resample's AUC comes from rank counts, all
    resamples at once in chunks of bounded memory; any other metric is called
    once per resample.

    Parameters
    ----------
    metric : callable
        ``metric(y_true, y_pred_or_score)`` returning one real number (anything
        else, a string or an array, is refused with an error naming
        ``metric``) (and accepting
        ``sample_weight=`` if weights are given), e.g. ``lm.roc_auc_score``,
        ``lm.accuracy_score``, ``lm.f1_score``.
    y_true : array-like of shape (m,)
        True labels, or a real target for a regression metric.
    y_pred_or_score : array-like of shape (m,)
        What ``metric`` takes second: predicted labels or scores.
    n_resamples : int, default=2000
        At most 10**6.
    confidence : float in (0, 1), default=0.95
    method : {"percentile", "bca"}, default="percentile"
    stratify : bool, default=True
        Resample within each class of ``y_true`` when ``y_true`` is a
        classification target: labels that are not numbers (strings,
        booleans), numbers given to one of learnmetrics' or scikit-learn's
        classification measures (``classification``, ``curves``,
        ``calibration``, ``cost``), or, for any other metric, whole numbers
        each of which occurs at least twice. A regression metric's target
        (``lm.mean_absolute_error`` ...), real values, and whole numbers some
        of which occur once are resampled without strata whatever
        ``stratify`` says: every distinct value would be a stratum of its own,
        a stratum of one is drawn every time, and the interval would collapse
        to a point. ``result.stratified`` says which was done.
    sample_weight : array-like of shape (m,), default=None
        Resampled with the examples and passed to ``metric``.
    rng : None, int or numpy.random.Generator, default=None

    Returns
    -------
    BootstrapResult
        ``estimate``, ``low``, ``high``, ``confidence``, ``method``,
        ``resampled``, ``n_dropped``, ``standard_error``.

    Example
    -------
    >>> import learnmetrics as lm
    >>> r = bootstrap_ci(lm.roc_auc_score, [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
    ...                  n_resamples=500, rng=0)
    >>> round(r.estimate, 4), r.low <= r.estimate <= r.high
    (0.8889, True)
    """
    metric, n_resamples, confidence, method, stratify, rng = _common_checks(
        metric, n_resamples, confidence, method, stratify, rng)
    y, stratify = _targets(y_true, stratify, metric)
    s = _predictions(y_pred_or_score, "y_pred_or_score", y)
    n = check_same_length(y_true=y, y_pred_or_score=s)
    w = check_sample_weight(sample_weight, n)
    fast = _is_auc(metric) and w is None
    if fast:
        _binary(y)
    _check_work(n_resamples, n, fast, method)
    estimate = _first_call(metric, y, s, w)
    if not np.isfinite(estimate):
        raise ValueError(f"the metric is undefined on the examples given (got {estimate}); "
                         "an AUC needs both classes in y_true")
    values, fast = _resampled_values(metric, y, s, w, stratify, n_resamples, rng)
    values, dropped = _drop_undefined(values)
    jack = _jackknife(metric, y, s, w, fast) if method == "bca" else None
    low, high = _interval(values, estimate, confidence, method, jack)
    return BootstrapResult(estimate, low, high, confidence, method, values, dropped, stratify)


def paired_bootstrap_ci(metric, y_true, y_score_a, y_score_b, *, n_resamples=2000, confidence=0.95,
                        method="percentile", stratify=True, rng=None) -> BootstrapResult:
    """A bootstrap interval for metric(A) - metric(B), two models scored on the *same* examples.

    Each resample draws one set of examples and scores both models on it, so
    what the two share (the hard and the easy examples) cancels in the
    difference: the paired interval is narrower than two separate intervals
    suggest. If it excludes 0, the difference is significant at level
    1 - confidence (the bootstrap counterpart of :func:`delong_test`).

    Parameters
    ----------
    metric : callable
        ``metric(y_true, y_pred_or_score)``.
    y_true : array-like of shape (m,)
    y_score_a, y_score_b : array-like of shape (m,)
        The two models' predictions or scores for the same examples.
    n_resamples : int, default=2000
    confidence : float in (0, 1), default=0.95
    method : {"percentile", "bca"}, default="percentile"
    stratify : bool, default=True
        Resample within each class of a classification target, as in
        :func:`bootstrap_ci` (a regression target is never stratified).
    rng : None, int or numpy.random.Generator, default=None

    Returns
    -------
    BootstrapResult
        Of the difference A - B (``estimate`` = metric(A) - metric(B)).

    Example
    -------
    >>> import learnmetrics as lm
    >>> y = [0, 0, 1, 1, 0, 1, 0, 1]
    >>> r = paired_bootstrap_ci(lm.roc_auc_score, y, [.1, .4, .35, .8, .2, .9, .3, .7],
    ...                         [.3, .2, .4, .5, .6, .7, .1, .2], n_resamples=500, rng=0)
    >>> round(r.estimate, 4)
    0.2188
    """
    metric, n_resamples, confidence, method, stratify, rng = _common_checks(
        metric, n_resamples, confidence, method, stratify, rng)
    y, stratify = _targets(y_true, stratify, metric)
    a = _predictions(y_score_a, "y_score_a", y)
    b = _predictions(y_score_b, "y_score_b", y)
    n = check_same_length(y_true=y, y_score_a=a, y_score_b=b)
    fast = _is_auc(metric)
    if fast:
        _binary(y)
    _check_work(2 * n_resamples, n, fast, method)
    estimate = _first_call(metric, y, a) - _first_call(metric, y, b)
    if not np.isfinite(estimate):
        raise ValueError("the metric is undefined on the examples given; an AUC needs both classes in y_true")
    groups = _groups(y, stratify, a if a.dtype.kind == "f" else None)
    if fast:
        pos = _binary(y)
        sa, sb = _AucRanks(pos, a, groups), _AucRanks(pos, b, groups)
        if sa.stratified is not None:
            values = np.concatenate([sa.from_raw(raw) - sb.from_raw(raw)
                                     for raw in _raw_chunks(rng, groups, n_resamples)])
        else:
            values = np.concatenate([sa(idx) - sb(idx) for idx in _index_chunks(rng, groups, n_resamples)])
    else:
        values = np.concatenate([_generic_values(metric, y, a, None, idx) - _generic_values(metric, y, b, None, idx)
                                 for idx in _index_chunks(rng, groups, n_resamples)])
    values, dropped = _drop_undefined(values)
    jack = None
    if method == "bca":
        jack = _jackknife(metric, y, a, None, fast) - _jackknife(metric, y, b, None, fast)
    low, high = _interval(values, estimate, confidence, method, jack)
    return BootstrapResult(estimate, low, high, confidence, method, values, dropped, stratify)


# -- DeLong -------------------------------------------------------------------------------------
def _delong(y_true, scores, names):
    y = as_labels(y_true, "y_true")
    cols = [as_scores(s, nm) for s, nm in zip(scores, names)]
    check_same_length(y_true=y, **dict(zip(names, cols)))
    pos = _binary(y)
    m, n = int(pos.sum()), int((~pos).sum())
    if m < 2 or n < 2:
        raise ValueError(f"DeLong's variance needs at least 2 positives and 2 negatives in y_true, got {m} and {n}")
    v10 = np.empty((len(cols), m))
    v01 = np.empty((len(cols), n))
    for k, s in enumerate(cols):
        v10[k], v01[k] = _placements(pos, s)
    auc = v10.mean(axis=1)
    cov = np.atleast_2d(np.cov(v10)) / m + np.atleast_2d(np.cov(v01)) / n
    return auc, cov, v10, v01


def roc_auc_ci(y_true, y_score, *, confidence=0.95) -> DelongResult:
    """The AUC with a confidence interval from DeLong's variance.

    With V10_i the share of negatives a positive i outranks (ties count 1/2)
    and V01_j the share of positives that outrank a negative j (the placement
    values), AUC = mean(V10) and

        Var(AUC) = s²(V10) / m + s²(V01) / n

    (m positives, n negatives, s² the sample variances; DeLong, DeLong and
    Clarke-Pearson 1988). The placement values come from three mid-rank
    computations, O(n log n) (Sun and Xu 2014). The interval is
    AUC ± z_{1-α/2} √Var, clipped to [0, 1] as pROC does.

    Parameters
    ----------
    y_true : array-like of shape (m + n,)
        Binary labels; the larger class label is positive.
    y_score : array-like of shape (m + n,)
    confidence : float in (0, 1), default=0.95

    Returns
    -------
    DelongResult
        ``auc`` (shape (1,)), ``covariance`` (1, 1), ``low``, ``high``,
        ``standard_error``.

    Example
    -------
    >>> r = roc_auc_ci([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    >>> round(float(r.auc[0]), 4), round(r.standard_error, 4)
    (0.8889, 0.1571)
    """
    confidence = _check_confidence(confidence)
    auc, cov, _, _ = _delong(y_true, [y_score], ["y_score"])
    se = float(np.sqrt(cov[0, 0]))
    z = _z_upper((1.0 - confidence) / 2.0)
    low, high = max(0.0, auc[0] - z * se), min(1.0, auc[0] + z * se)
    return DelongResult(auc, cov, confidence, float(low), float(high))


def delong_test(y_true, y_score_a, y_score_b) -> DelongResult:
    """DeLong's test: do two models' AUCs on the *same* examples differ?

    z = (AUC_a - AUC_b) / √(Var_a + Var_b - 2 Cov_ab), with DeLong's
    covariance of the two correlated AUCs (placement values of both models on
    the same positives and negatives); the two-sided p-value is 2 Φ(-|z|).
    The variance is computed as s²(V10_a - V10_b) / m + s²(V01_a - V01_b) / n,
    from the differences of the placement values (equal to the formula above,
    without its cancellation when the two models are nearly identical). When
    the two AUCs are equal, z = 0 and p = 1; when they differ but every
    placement difference is the same number (possible only with a handful of
    examples), DeLong's variance estimate is 0: z and p are nan, with a
    warning, never a false "significant".

    Parameters
    ----------
    y_true : array-like of shape (m + n,)
    y_score_a, y_score_b : array-like of shape (m + n,)

    Returns
    -------
    DelongResult
        ``auc`` (2,), ``covariance`` (2, 2), ``difference``, ``z``, ``p_value``.

    Example
    -------
    >>> y = [0, 0, 1, 1, 0, 1, 0, 1]
    >>> r = delong_test(y, [.1, .4, .35, .8, .2, .9, .3, .7], [.3, .2, .4, .5, .6, .7, .1, .2])
    >>> round(r.difference, 4), round(r.p_value, 4)
    (0.2188, 0.3688)
    """
    auc, cov, v10, v01 = _delong(y_true, [y_score_a, y_score_b], ["y_score_a", "y_score_b"])
    # the difference and its variance from the differences of the placement values: exact where
    # Var_a + Var_b - 2 Cov_ab cancels (two nearly identical models) to rounding noise
    # placements are multiples of 1 / (2n) and 1 / (2m): their differences as exact integers
    m, n = v10.shape[1], v01.shape[1]
    k10 = np.rint((v10[0] - v10[1]) * (2 * n))
    k01 = np.rint((v01[0] - v01[1]) * (2 * m))
    diff = float(k10.sum() / (2.0 * n * m))
    var = float(np.var(k10, ddof=1) / (4.0 * n * n * m) + np.var(k01, ddof=1) / (4.0 * m * m * n))
    if diff == 0.0:
        z, p = 0.0, 1.0
    elif var > 0.0:
        z = diff / np.sqrt(var)
        p = 2.0 * _NORMAL.cdf(-abs(z))
    else:
        # every placement difference is the same number: DeLong's variance estimate is exactly 0
        # (not an underflow: placements are multiples of 1 / (2 max(m, n))); no finite z exists
        warn_undefined("DeLong's variance of the difference is 0 although the AUCs differ (every positive "
                       "and every negative moved by the same amount, which happens with very few examples): "
                       "z is undefined and reported as nan, p-value nan", stacklevel=3)
        z, p = float("nan"), float("nan")
    return DelongResult(auc, cov, 0.95, difference=diff, z=float(z), p_value=float(p))


# -- bands on curves ----------------------------------------------------------------------------
#: the most points a band's grid may have (each of up to n_resamples curves is stored on it)
MAX_GRID = 10_001


def _grid(grid, name, default, low_open=False):
    if grid is None:
        return default
    size = np.size(grid) if isinstance(grid, np.ndarray) else (len(grid) if hasattr(grid, "__len__") else None)
    if size is not None and size > MAX_GRID:
        raise ValueError(f"{name} has {size} points; at most {MAX_GRID} are allowed (every resample is "
                         "evaluated at each point): use a coarser grid")
    g = as_scores(grid, name)
    if np.any(g < 0) or np.any(g > 1) or (low_open and np.any(g <= 0)):
        raise ValueError(f"{name} must lie in {'(0' if low_open else '[0'}, 1], got values from {g.min()} to {g.max()}")
    if np.any(np.diff(g) <= 0):
        raise ValueError(f"{name} must be strictly increasing")
    return g


def _cum_counts(pos, s, idx):
    """Per resample, the cumulative TP and FP counts at every distinct-score cut
    (scores descending): arrays (r, n_cuts + 1), starting at 0."""
    order = np.argsort(-s, kind="stable")
    ss = s[order]
    last = np.flatnonzero(np.r_[ss[1:] != ss[:-1], True])  # last example of each tie group
    counts = _row_counts(idx, s.size)[:, order]
    p = pos[order]
    tp = np.cumsum(counts * p, axis=1)[:, last]
    fp = np.cumsum(counts * ~p, axis=1)[:, last]
    z = np.zeros((idx.shape[0], 1))
    return np.hstack([z, tp]), np.hstack([z, fp])


def _per_row_search(counts, thresholds, side):
    """searchsorted of integer ``thresholds`` (r, g) in each non-decreasing row of integer
    ``counts`` (r, c), all rows at once: integer row offsets keep the rows apart exactly."""
    r, c = counts.shape
    top = int(counts.max()) if counts.size else 0
    width = top + 3
    off = np.arange(r, dtype=np.int64)[:, None] * width
    flat = (counts.astype(np.int64) + off + 1).ravel()
    q = (np.clip(thresholds, -1, top + 1).astype(np.int64) + off + 1).ravel()
    return np.searchsorted(flat, q, side=side).reshape(r, -1) - (np.arange(r) * c)[:, None]


def _largest_count_at_most(total, grid):
    """Per row and grid value f, the largest integer m in [0, total] whose rate m / total, as
    float64 divides it, is <= f (the rate is monotone in m, so this is exact, not a rounding
    of f * total)."""
    T = total[:, None]
    m = np.clip(np.floor(grid[None, :] * T), 0, T)
    while True:
        up = (m + 1 <= T) & ((m + 1) / T <= grid[None, :])
        if not up.any():
            break
        m = m + up
    while True:
        down = (m > 0) & (m / T > grid[None, :])
        if not down.any():
            break
        m = m - down
    return m


def _smallest_count_at_least(total, grid):
    """Per row and grid value r in (0, 1], the smallest integer m in [0, total] whose rate
    m / total (float64) is >= r."""
    T = total[:, None]
    m = np.clip(np.ceil(grid[None, :] * T), 0, T)
    while True:
        down = (m >= 1) & ((m - 1) / T >= grid[None, :])
        if not down.any():
            break
        m = m - down
    while True:
        up = (m < T) & (m / T < grid[None, :])
        if not up.any():
            break
        m = m + up
    return m


def _roc_on_grid(tp, fp, grid):
    """TPR at each grid FPR f: that of the last cut whose FPR fp / F (as float64 divides it)
    is <= f, found on the integer counts: exactly the comparison of the rates, without a
    search among floats whose rows an offset would have to keep apart."""
    tpr = tp / tp[:, -1:]
    m = _largest_count_at_most(fp[:, -1], grid)
    j = _per_row_search(fp, m, "right") - 1
    return np.take_along_axis(tpr, j, axis=1)


def _pr_on_grid(tp, fp, grid):
    """Precision at each grid recall r: that of the first cut whose recall tp / T is >= r."""
    with np.errstate(invalid="ignore", divide="ignore"):
        prec = tp / (tp + fp)
    m = _smallest_count_at_least(tp[:, -1], grid)
    j = _per_row_search(tp, m, "left")
    return np.take_along_axis(prec, j, axis=1)


def _band(kind, y_true, y_score, grid, n_resamples, confidence, stratify, rng):
    n_resamples = check_positive_int(n_resamples, "n_resamples", minimum=1, maximum=_MAX_RESAMPLES)
    confidence = _check_confidence(confidence)
    stratify = check_bool(stratify, "stratify")
    rng = check_rng(rng)
    y = as_labels(y_true, "y_true")
    s = as_scores(y_score, "y_score")
    n = check_same_length(y_true=y, y_score=s)
    pos = _binary(y)
    if kind == "roc":
        grid = _grid(grid, "fpr_grid", np.linspace(0.0, 1.0, 101))
        on_grid = _roc_on_grid
    else:
        grid = _grid(grid, "recall_grid", np.linspace(0.01, 1.0, 100), low_open=True)
        on_grid = _pr_on_grid
    check_size(n_resamples * n * 3, f"n_resamples={n_resamples} curves of {n} examples", limit=_WORK_LIMIT,
               hint="use fewer resamples")
    tp, fp = _cum_counts(pos, s, np.arange(n)[None, :])
    y0 = on_grid(tp, fp, grid)[0]
    curves, n_all = [], 0
    for idx in _index_chunks(rng, _groups(y, stratify), n_resamples):
        tp, fp = _cum_counts(pos, s, idx)
        n_all += idx.shape[0]
        # a resample without positives has no curve (TPR and recall are 0/0), and one without
        # negatives has no ROC curve (FPR 0/0): such rows are dropped before any search
        ok = tp[:, -1] > 0
        if kind == "roc":
            ok &= fp[:, -1] > 0
        if ok.any():
            curves.append(on_grid(tp[ok], fp[ok], grid))
    curves = np.vstack(curves) if curves else np.empty((0, grid.size))
    _drop_undefined(np.r_[np.zeros(curves.shape[0]), np.full(n_all - curves.shape[0], np.nan)], "resampled curve")
    alpha = (1 - confidence) / 2
    low, high = np.quantile(curves, [alpha, 1 - alpha], axis=0)
    return CurveBand(grid, y0, low, high, confidence, kind, curves)


def roc_bootstrap_band(y_true, y_score, *, fpr_grid=None, n_resamples=1000, confidence=0.95, stratify=True,
                       rng=None) -> CurveBand:
    """A pointwise bootstrap band on the ROC curve: TPR quantiles on an FPR grid.

    At each grid FPR f, a curve's TPR is that of its last cut with FPR <= f
    (the top of the step, as the ROC staircase is drawn). The band at f holds
    the α/2 and 1 - α/2 quantiles of the resampled curves' TPR at f: a
    *pointwise* band (each f separately), not a band that holds the whole
    curve with that confidence.

    Parameters
    ----------
    y_true : array-like of shape (m,)
        Binary labels (the larger label positive).
    y_score : array-like of shape (m,)
    fpr_grid : array-like, default=None
        Increasing FPR values in [0, 1]; default 101 points from 0 to 1.
    n_resamples : int, default=1000
    confidence : float in (0, 1), default=0.95
    stratify : bool, default=True
    rng : None, int or numpy.random.Generator, default=None

    Returns
    -------
    CurveBand
        ``x`` (the grid), ``y`` (the curve of the data), ``low``, ``high``, ``resampled``.

    Example
    -------
    >>> b = roc_bootstrap_band([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9], fpr_grid=[0, 0.5, 1],
    ...                        n_resamples=200, rng=0)
    >>> b.y.tolist()
    [0.6666666666666666, 1.0, 1.0]
    """
    return _band("roc", y_true, y_score, fpr_grid, n_resamples, confidence, stratify, rng)


def pr_bootstrap_band(y_true, y_score, *, recall_grid=None, n_resamples=1000, confidence=0.95, stratify=True,
                      rng=None) -> CurveBand:
    """A pointwise bootstrap band on the P-R curve: precision quantiles on a recall grid.

    At each grid recall r > 0, a curve's precision is that of its first cut
    (fewest examples predicted positive) whose recall reaches r: one of the
    curve's own points, as chapter 03 draws them (no interpolation).

    Parameters
    ----------
    y_true : array-like of shape (m,)
    y_score : array-like of shape (m,)
    recall_grid : array-like, default=None
        Increasing recall values in (0, 1]; default 0.01, 0.02, ..., 1.
    n_resamples : int, default=1000
    confidence : float in (0, 1), default=0.95
    stratify : bool, default=True
    rng : None, int or numpy.random.Generator, default=None

    Returns
    -------
    CurveBand

    Example
    -------
    >>> b = pr_bootstrap_band([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9], recall_grid=[0.5, 1],
    ...                       n_resamples=200, rng=0)
    >>> b.y.tolist()
    [1.0, 0.75]
    """
    return _band("pr", y_true, y_score, recall_grid, n_resamples, confidence, stratify, rng)


# -- the explorer's state: the AUC's sampling distribution at one sample size -----------------------
@dataclass(frozen=True)
class AucSamplingState:
    """What :class:`~learnmetrics.widgets.uncertainty.AucSamplingExplorer` shows at one sample size.

    ``true_auc`` = Φ(d/√2) for the binormal population; ``aucs`` the AUC of
    ``n_datasets`` test sets of ``n`` examples; ``sample`` the one data set the
    resample slider looks at, ``interval`` its bootstrap CI, ``delong`` its
    DeLong CI, ``coverage`` the share of all data sets whose DeLong interval
    holds the true AUC."""

    n: int
    distance: float
    true_auc: float
    aucs: np.ndarray
    sample: int
    interval: BootstrapResult
    delong: DelongResult
    lows: np.ndarray
    highs: np.ndarray
    coverage: float


def _binormal(rng, n_sets, n, distance):
    n_pos = n // 2
    y = np.r_[np.ones(n_pos, dtype=int), np.zeros(n - n_pos, dtype=int)]
    s = rng.normal(size=(n_sets, n)) + distance * y
    return y, s


def auc_sampling_state(n, *, sample=0, distance=1.2, n_datasets=200, n_resamples=1000, confidence=0.95,
                       rng=0) -> AucSamplingState:
    """The AUC of ``n_datasets`` test sets of ``n`` examples from a binormal population.

    Positives score N(d, 1), negatives N(0, 1) (half of each, n // 2
    positives), so the true AUC is Φ(d/√2). Each data set's AUC and DeLong
    interval is computed; data set number ``sample`` also gets a bootstrap
    interval.

    Parameters
    ----------
    n : int >= 4
    sample : int, default=0
        Which data set (0 .. n_datasets - 1) the bootstrap looks at.
    distance : float, default=1.2
    n_datasets : int, default=200
    n_resamples : int, default=1000
    confidence : float in (0, 1), default=0.95
    rng : int, default=0
        A seed: the same n and seed give the same data sets.

    Returns
    -------
    AucSamplingState

    Example
    -------
    >>> s = auc_sampling_state(40, n_datasets=50, n_resamples=200)
    >>> round(s.true_auc, 4)
    0.8019
    """
    n = check_positive_int(n, "n", minimum=4, maximum=10**5)
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1, maximum=10**4)
    sample = check_positive_int(sample, "sample", minimum=0, maximum=n_datasets - 1)
    distance = check_real(distance, "distance", low=-10.0, high=10.0)
    n_resamples = check_positive_int(n_resamples, "n_resamples", minimum=1, maximum=_MAX_RESAMPLES)
    confidence = _check_confidence(confidence)
    seed = check_positive_int(rng, "rng", minimum=0)
    check_size(n * n_datasets, f"n_datasets={n_datasets} data sets of n={n}", limit=10**7)
    return _auc_sampling_at(_auc_population(n, distance, n_datasets, confidence, seed), sample, n_resamples)


@dataclass(frozen=True)
class _AucPopulation:
    """What :func:`auc_sampling_state` computes once for a size ``n`` whatever the ``sample``:
    the simulated test sets, their AUCs and DeLong intervals (an explorer caches it per n and
    resamples one data set per position)."""

    n: int
    distance: float
    confidence: float
    seed: int
    y: np.ndarray
    s: np.ndarray
    true_auc: float
    aucs: np.ndarray
    lows: np.ndarray
    highs: np.ndarray
    coverage: float


def _auc_population(n, distance, n_datasets, confidence, seed) -> _AucPopulation:
    """The sample-independent part of :func:`auc_sampling_state` (arguments checked there)."""
    y, s = _binormal(np.random.default_rng([seed, n]), n_datasets, n, distance)
    pos = y.astype(bool)
    z = _z_upper((1.0 - confidence) / 2.0)
    v10, v01 = _placements_rows(pos, s)
    aucs = v10.mean(axis=1)
    se = np.sqrt(v10.var(axis=1, ddof=1) / v10.shape[1] + v01.var(axis=1, ddof=1) / v01.shape[1])
    lows, highs = np.maximum(0.0, aucs - z * se), np.minimum(1.0, aucs + z * se)
    true_auc = _NORMAL.cdf(distance / np.sqrt(2.0))
    coverage = float(np.mean((lows <= true_auc) & (true_auc <= highs)))
    return _AucPopulation(n, distance, confidence, seed, y, s, float(true_auc), aucs, lows, highs, coverage)


def _auc_sampling_at(pop: _AucPopulation, sample: int, n_resamples: int) -> AucSamplingState:
    """:func:`auc_sampling_state` at data set ``sample`` of ``pop``: its bootstrap and DeLong intervals."""
    n, seed, confidence = pop.n, pop.seed, pop.confidence
    boot = bootstrap_ci(_curves.roc_auc_score, pop.y, pop.s[sample], n_resamples=n_resamples, confidence=confidence,
                        rng=np.random.default_rng([seed, n, sample]))
    delong = roc_auc_ci(pop.y, pop.s[sample], confidence=confidence)
    return AucSamplingState(n, pop.distance, pop.true_auc, pop.aucs, sample, boot, delong, pop.lows, pop.highs,
                            pop.coverage)


# -- an interval for one proportion (chapter 13) ------------------------------------------------
__all__ += ["ProportionInterval", "proportion_ci"]


@dataclass(frozen=True)
class ProportionInterval:
    """The result of :func:`proportion_ci`: ``estimate`` = k / n and the interval [``low``, ``high``]."""

    estimate: float
    low: float
    high: float
    confidence: float
    method: str

    def __str__(self) -> str:
        return (f"{self.estimate:.4f}, {self.confidence:.0%} {self.method} interval "
                f"[{self.low:.4f}, {self.high:.4f}]")


def _beta_ppf(q: float, a: float, b: float, *, upper: bool = False) -> float:
    """The x in [0, 1] with I_x(a, b) = q, or with 1 - I_x(a, b) = q when ``upper`` (the upper tail
    computed as itself, so that q = 1e-12 is not lost in 1 - q); bisection to a relative precision
    of 1e-15 in both x and 1 - x (a bound of 3e-15 at n = 1e15 keeps its digits)."""
    from . import _distributions as _dist

    lo, hi = 0.0, 1.0
    for _ in range(2200):
        mid = 0.5 * (lo + hi)
        below = _dist.betainc_upper(a, b, mid, 1.0 - mid) > q if upper else _dist.betainc(a, b, mid, 1.0 - mid) < q
        if below:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-15 * min(hi, 1.0 - lo) or mid in (lo, hi) and hi - lo <= 2.3e-16 * hi:
            break
    return 0.5 * (lo + hi)


def proportion_ci(k, n, *, confidence=0.95, method="wilson") -> ProportionInterval:
    r"""A confidence interval for one proportion (an accuracy, a recall...) from k successes in n trials.

    * ``"wilson"``: the Wilson score interval, the p whose score test does not reject,

      .. math:: \frac{k + z^2/2}{n + z^2} \pm \frac{z}{n + z^2}\sqrt{\frac{k(n-k)}{n} + \frac{z^2}{4}},

      with :math:`z` the normal quantile of :math:`1 - \alpha/2`.  Never outside
      [0, 1]; its coverage is close to the nominal level even for small n.
    * ``"wilsoncc"``: Wilson's interval with continuity correction.
    * ``"exact"``: Clopper-Pearson, from the binomial itself: the beta quantiles
      :math:`B(\alpha/2; k, n-k+1)` and :math:`B(1-\alpha/2; k+1, n-k)` (0 at k = 0,
      1 at k = n).  Covers at least the nominal level for every p: conservative.

    The same numbers as ``scipy.stats.binomtest(k, n).proportion_ci(confidence, method)``
    (tested), with no SciPy needed.  Unlike a bootstrap percentile interval, neither
    collapses to a point when k = 0 or k = n.

    Parameters
    ----------
    k : int, 0 <= k <= n
        Successes (correct predictions, positives found...).
    n : int >= 1
        Trials.
    confidence : float in (0, 1), default=0.95
    method : {"wilson", "wilsoncc", "exact"}, default="wilson"

    Returns
    -------
    ProportionInterval

    Example
    -------
    >>> print(proportion_ci(45, 50))
    0.9000, 95% wilson interval [0.7864, 0.9565]
    """
    n = check_positive_int(n, "n", minimum=1)
    k = check_positive_int(k, "k", minimum=0, maximum=n)
    confidence = check_real(confidence, "confidence", low=0.0, high=1.0, low_open=True, high_open=True)
    method = check_choice(method, "method", ("wilson", "wilsoncc", "exact"))
    alpha = 1.0 - confidence
    if method == "exact":
        low = 0.0 if k == 0 else _beta_ppf(alpha / 2, k, n - k + 1)
        high = 1.0 if k == n else _beta_ppf(alpha / 2, k + 1, n - k, upper=True)
        # past 2**53 trials k / n is itself rounded: a bound within an ulp of it (k = n - 1, or a
        # confidence of 1e-9 with n = 1e17) must not fall on the wrong side of the estimate
        low, high = min(low, k / n), max(high, k / n)
    else:
        z = _z_upper(alpha / 2)
        p = k / n
        if method == "wilson":
            denom = 2 * (n + z * z)
            center = (2 * n * p + z * z) / denom
            half = z * np.sqrt(z * z + 4 * n * p * (1 - p)) / denom
            low, high = center - half, center + half
        else:  # continuity-corrected Wilson (Newcombe 1998), as SciPy computes it
            denom = 2 * (n + z * z)
            low = 0.0 if k == 0 else (2 * n * p + z * z - 1 - z * np.sqrt(
                max(0.0, z * z - 2 - 1 / n + 4 * p * (n * (1 - p) + 1)))) / denom
            high = 1.0 if k == n else (2 * n * p + z * z + 1 + z * np.sqrt(
                max(0.0, z * z + 2 - 1 / n + 4 * p * (n * (1 - p) - 1)))) / denom
        # the interval holds its estimate: rounding put Wilson's upper end at 1 - 2**-53 for k = n
        # (454 of 454 at confidence 0.5), and the square roots' arguments below 0 past 2**53 trials
        low, high = max(0.0, min(float(low), p)), min(1.0, max(float(high), p))
    return ProportionInterval(estimate=k / n, low=float(low), high=float(high), confidence=confidence,
                              method=method)
