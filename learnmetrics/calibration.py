"""Are the probabilities right? Calibration curves, proper scores, recalibration.

A classifier's scores can rank the examples well (a high AUC) and still be
wrong *as probabilities*: of the examples given 0.9, only half may be
positive. Chapter 05 chose the cut from the costs by trusting P(+|x); this
module checks that trust and repairs it.

* :func:`calibration_curve`, :func:`brier_score_loss`, :func:`log_loss`: the
  same arguments and values as scikit-learn 1.9's
  (``sklearn.calibration.calibration_curve``, ``sklearn.metrics.*``).
* :func:`brier_decomposition`: Murphy's (1973) reliability - resolution +
  uncertainty, with the two within-bin terms that make it exact when the
  probabilities are binned (Stephenson, Coelho and Jolliffe, 2008).
* :func:`expected_calibration_error`: the binned ECE.
* :class:`PlattCalibrator` and :class:`IsotonicCalibrator`: recalibration
  maps fitted on held-out data (NumPy only).
* :func:`sharpen` and :func:`temperature_state`: the state of chapter 11's
  explorer (a temperature applied to the scores' log-odds).

Binning (shared by :func:`calibration_curve`, :func:`brier_decomposition` and
:func:`expected_calibration_error`): ``strategy="uniform"`` cuts [0, 1] into
``n_bins`` equal widths, ``"quantile"`` puts the edges at the quantiles of
``y_prob``; a probability equal to an inner edge goes to the lower bin (the
bins are [0, e1], (e1, e2], ..., (e_{k-1}, 1]), as in scikit-learn. Bins with
no examples are left out.
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np

from ._validation import (as_1d, as_labels, as_scores, check_bool, check_choice, check_positive_int, check_real,
                          check_sample_weight, label_kind, rescale_weights)
from .curves import _positive_mask

__all__ = [
    "calibration_curve", "brier_score_loss", "log_loss", "BrierDecomposition", "brier_decomposition",
    "expected_calibration_error", "PlattCalibrator", "IsotonicCalibrator", "sharpen", "TemperatureState",
    "temperature_state", "cost_threshold", "simulate_scores",
]


# --------------------------------------------------------------------------------------
# checks
# --------------------------------------------------------------------------------------

def _weights(sample_weight, n: int) -> np.ndarray:
    """The weights as floats scaled to a maximum in [0.5, 1) (sums of weights such as 1e308
    overflow otherwise; the measures do not depend on the weights' scale), ones when None."""
    w = check_sample_weight(sample_weight, n)
    w = np.ones(n) if w is None else rescale_weights(w.astype(float), "sample_weight")
    if w.sum() == 0:
        raise ValueError("sample_weight sums to zero")
    return w

def _check_prob_1d(y_prob, name: str = "y_prob") -> np.ndarray:
    p = as_scores(y_prob, name)
    lo, hi = float(p.min()), float(p.max())
    if lo < 0 or hi > 1:
        bad = lo if lo < 0 else hi
        raise ValueError(f"{name} must hold probabilities in [0, 1], got {bad!r}")
    return p


def _check_lengths(**arrays) -> int:
    sizes = {k: len(v) for k, v in arrays.items() if v is not None}
    if len(set(sizes.values())) > 1:
        shown = ", ".join(f"{k} has {v}" for k, v in sizes.items())
        raise ValueError(f"inputs have different numbers of samples: {shown}")
    return next(iter(sizes.values()))


def _binary_positive(y: np.ndarray, pos_label, *, greatest_if_numeric: bool) -> np.ndarray:
    """Mask of the positive class. scikit-learn's Brier score takes the greater
    numeric label when pos_label is None (strings still need pos_label)."""
    if pos_label is None and greatest_if_numeric and label_kind(y) == "number":
        classes = np.unique(y)
        if classes.size <= 2 and (np.isin(classes, (0, 1)).all() or np.isin(classes, (-1, 1)).all()):
            return np.asarray(y == 1)
        if classes.size > 2:
            raise ValueError(f"y_true has {classes.size} classes but y_proba is 1-D (binary): pass one "
                             "column of probabilities per class, shape (n_samples, n_classes)")
        return y == classes[-1]
    return _positive_mask(y, pos_label)


def _bin_ids(p: np.ndarray, n_bins: int, strategy: str) -> np.ndarray:
    if strategy == "quantile":
        edges = np.percentile(p, np.linspace(0, 1, n_bins + 1) * 100)
    else:
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    return np.searchsorted(edges[1:-1], p)


def _check_bins(n_bins, strategy, *, allow_none=False):
    if not (allow_none and n_bins is None):
        n_bins = check_positive_int(n_bins, "n_bins", minimum=1, maximum=10**6)
    strategy = check_choice(strategy, "strategy", ("uniform", "quantile"))
    return n_bins, strategy


# --------------------------------------------------------------------------------------
# scikit-learn's names
# --------------------------------------------------------------------------------------
def calibration_curve(y_true, y_prob, *, pos_label=None, n_bins=5, strategy="uniform"):
    """True and predicted probabilities for a calibration curve (reliability diagram).

    The probabilities are put into ``n_bins`` bins (see the module's note on
    binning); for each non-empty bin k,

        prob_true[k] = (positives in bin k) / (examples in bin k)
        prob_pred[k] = mean of y_prob in bin k.

    A calibrated model's points lie on the diagonal prob_true = prob_pred.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels (one class alone is allowed: its fractions are 0 or 1).
    y_prob : array-like of shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    pos_label : int, bool or str, default=None
        The positive class; may be left out only for labels in {0, 1} or {-1, 1}.
    n_bins : int, default=5
    strategy : {"uniform", "quantile"}, default="uniform"

    Returns
    -------
    prob_true, prob_pred : ndarray of shape (n_nonempty_bins,)
        Empty bins are left out, so there may be fewer than ``n_bins`` values.

    Example
    -------
    >>> calibration_curve([0, 0, 0, 0, 1, 1, 1, 1, 1],
    ...                   [0.1, 0.2, 0.3, 0.4, 0.65, 0.7, 0.8, 0.9, 1.0], n_bins=3)
    (array([0. , 0.5, 1. ]), array([0.2  , 0.525, 0.85 ]))
    """
    y = as_labels(y_true, "y_true")
    p = _check_prob_1d(y_prob)
    _check_lengths(y_true=y, y_prob=p)
    n_bins, strategy = _check_bins(n_bins, strategy)
    if np.unique(y).size > 2:
        raise ValueError(f"y_true must be binary, got {np.unique(y).size} classes")
    pos = _positive_mask(y, pos_label)
    ids = _bin_ids(p, n_bins, strategy)
    sums = np.bincount(ids, weights=p, minlength=n_bins)
    trues = np.bincount(ids, weights=pos, minlength=n_bins)
    total = np.bincount(ids, minlength=n_bins)
    nz = total != 0
    return trues[nz] / total[nz], sums[nz] / total[nz]


def _one_hot(y: np.ndarray, labels, n_cols: int, what: str):
    """(n, K) indicator matrix over the sorted classes (of ``labels`` or ``y``)."""
    if labels is not None:
        lab = as_labels(labels, "labels")
        classes = np.unique(lab)
        if label_kind(lab) != label_kind(y):
            raise TypeError(f"labels are {label_kind(lab)}s but y_true holds {label_kind(y)}s")
        if classes.size < 2:
            raise ValueError(f"labels must hold at least two classes, got {classes.tolist()}")
        if classes.size != lab.size or not np.all(classes == lab):
            warnings.warn(f"labels are used in sorted order {classes.tolist()}: the columns of y_proba must "
                          "follow that order", UserWarning, stacklevel=3)
        missing = ~np.isin(y, classes)
        if missing.any():
            raise ValueError(f"y_true holds {y[missing][0]!r}, which is not in labels {classes.tolist()}")
    else:
        classes = np.unique(y)
        if classes.size < 2:
            raise ValueError(f"y_true contains only one label ({classes[0]!r}): pass all the classes through "
                             f"labels=[...] to compute the {what}")
    if classes.size != n_cols:
        raise ValueError(f"y_proba has {n_cols} columns but there are {classes.size} classes "
                         f"{classes.tolist()[:10]}; pass labels=[...] listing one class per column")
    return (y[:, None] == classes[None, :]).astype(float)


def _input_float(arr: np.ndarray):
    """The floating type scikit-learn computes in: float16, float32 or float64 as given, else float64."""
    return arr.dtype if arr.dtype in (np.float16, np.float32, np.float64) else np.dtype(np.float64)


def _proba_array(y_proba) -> np.ndarray:
    """``y_proba`` as an array, or a clear error for ragged rows (NumPy's own says "inhomogeneous")."""
    if isinstance(y_proba, np.ndarray) and y_proba.dtype != object:
        return y_proba
    try:
        arr = np.asarray(y_proba)
    except ValueError:
        lengths = sorted({len(r) if hasattr(r, "__len__") else 1 for r in y_proba})
        raise ValueError(f"y_proba must be a rectangular array (one row of class probabilities per example), "
                         f"got rows of different lengths {lengths}") from None
    if arr.dtype == object:
        raise ValueError("y_proba must be a rectangular array of numbers (one row of class probabilities per "
                         "example), got rows of different lengths or values that are not numbers")
    return arr


def _proba_2d(y_proba, n: int | None = None) -> tuple[np.ndarray, np.dtype]:
    """``(q, dtype)``: the probabilities as an (n, K) float64 array (one column ``p`` becomes
    ``[1 - p, p]``, as in scikit-learn) and the floating type of the input, whose precision
    sets the tolerance of the sum-to-one check and log_loss's clipping."""
    arr = _proba_array(y_proba)
    if arr.ndim == 2 and arr.shape[1] == 1:
        arr = arr[:, 0]
    if arr.ndim <= 1:
        p = _check_prob_1d(arr, "y_proba")
        return np.column_stack([1 - p, p]), _input_float(arr)
    if arr.ndim != 2:
        raise ValueError(f"y_proba must be 1-D or 2-D, got {arr.ndim} dimensions")
    if arr.dtype.kind not in "iufb":
        raise TypeError(f"y_proba must hold numbers, got values of type {arr.dtype}")
    q = arr.astype(float)
    if arr.shape[0] == 0:
        raise ValueError("y_proba is empty")
    if not np.isfinite(q).all():
        raise ValueError("y_proba must not contain NaN or infinity")
    if q.min() < 0 or q.max() > 1:
        bad = q.min() if q.min() < 0 else q.max()
        raise ValueError(f"y_proba must hold probabilities in [0, 1], got {bad!r}")
    # the rows summed in the input's own type, with scikit-learn's tolerance for that type:
    # float32 softmax rows sum to 1 within float32's precision, not float64's
    dtype = _input_float(arr)
    sums = arr.astype(dtype, copy=False).sum(axis=1, dtype=dtype)
    if not np.allclose(sums, 1.0, rtol=math.sqrt(np.finfo(dtype).eps), atol=1e-8):
        warnings.warn("The rows of y_proba do not sum to one. Make sure to pass probabilities.", UserWarning,
                      stacklevel=3)
    return q, dtype


def _indicator_target(y_true, labels):
    """y_true as a float 0/1 matrix when it is a label-indicator matrix (n, K >= 2), else None.

    scikit-learn's log_loss and brier_score_loss take such a y_true (one-hot, or several 1s per
    row for multi-label) in place of 1-D labels; its column k is the class of y_proba's column k."""
    if isinstance(y_true, (str, bytes)) or not hasattr(y_true, "__len__") and not hasattr(y_true, "__array__"):
        return None
    try:
        arr = np.asarray(y_true) if not isinstance(y_true, np.ndarray) else y_true
    except (ValueError, TypeError):
        return None  # as_labels reports it
    if arr.ndim != 2 or arr.shape[1] < 2:
        return None
    if arr.dtype.kind not in "iufb" or arr.size == 0 or not np.isin(arr, (0, 1)).all():
        raise ValueError(f"y_true is a matrix of shape {arr.shape}: as a label-indicator matrix it must hold only "
                         "0 and 1 (one column per class); otherwise pass 1-D labels")
    if labels is not None:
        raise ValueError("labels is for 1-D y_true; a label-indicator y_true names its classes by its columns")
    return arr.astype(float)


def _average(values: np.ndarray, w) -> float:
    if w is None:
        return float(np.mean(values))
    w = rescale_weights(w)  # a power of two: exact, and no overflow of the sums
    tot = w.sum()
    if tot == 0:
        raise ValueError("sample_weight sums to zero: the weighted mean is undefined")
    return float(np.dot(values, w) / tot)


def brier_score_loss(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None, scale_by_half="auto"):
    """The Brier score: the mean squared difference between probability and outcome.

        binary (1-D y_proba):      (1/m) Σ (p_i - [y_i = +])²
        K classes (2-D y_proba):   (1/m) Σ_i Σ_k (p_ik - [y_i = k])²

    with ``scale_by_half="auto"`` halving the second form for K = 2 columns, so
    the two agree; the scale is 0 (perfect) to 1 (binary) or 2 (K ≥ 3). A
    strictly proper score: its expectation is smallest for the true probabilities.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Labels, or (with 2-D ``y_proba``) a 0/1 label-indicator matrix whose
        column k is the class of ``y_proba``'s column k, as scikit-learn takes.
    y_proba : array-like of shape (n_samples,) or (n_samples, n_classes)
        1-D: probabilities of the positive class. 2-D: one column per class, in
        sorted class order.
    sample_weight : array-like of shape (n_samples,), default=None
    pos_label : int, bool or str, default=None
        1-D only: the positive class; ``None`` takes the greater numeric label
        (text labels need it).
    labels : array-like, default=None
        2-D only: all the classes, when y_true does not hold every one.
    scale_by_half : bool or "auto", default="auto"

    Returns
    -------
    float

    Example
    -------
    >>> round(brier_score_loss([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]), 4)
    0.0375
    """
    if not (isinstance(scale_by_half, str) and scale_by_half == "auto"):
        scale_by_half = check_bool(scale_by_half, "scale_by_half")
    t = _indicator_target(y_true, labels)
    if t is not None:
        q, _ = _proba_2d(y_proba)
        if q.shape != t.shape:
            raise ValueError(f"y_true is a label-indicator matrix of shape {t.shape} but y_proba has shape {q.shape}")
        w = check_sample_weight(sample_weight, len(t))
        loss = _average(((t - q) ** 2).sum(axis=1), w)
        half = q.shape[1] < 3 if scale_by_half == "auto" else scale_by_half
        return float(loss * 0.5) if half else float(loss)
    y = as_labels(y_true, "y_true")
    arr = _proba_array(y_proba)
    if labels is not None:
        lab = as_labels(labels, "labels")
        if label_kind(lab) != label_kind(y):
            raise TypeError(f"labels are {label_kind(lab)}s but y_true holds {label_kind(y)}s")
    if arr.ndim == 1 or (arr.ndim == 2 and arr.shape[1] == 1):
        # labels is not used with 1-D probabilities (as in scikit-learn), only checked
        p = _check_prob_1d(arr.reshape(-1) if arr.ndim == 2 else y_proba, "y_proba")
        _check_lengths(y_true=y, y_proba=p)
        w = check_sample_weight(sample_weight, len(y))
        pos = _binary_positive(y, pos_label, greatest_if_numeric=True)
        loss = 2.0 * _average((pos - p) ** 2, w)   # both columns: (1-y-(1-p))² + (y-p)²
        half = True if scale_by_half == "auto" else scale_by_half
        return float(loss * 0.5) if half else float(loss)
    q, _ = _proba_2d(y_proba)
    _check_lengths(y_true=y, y_proba=q)
    w = check_sample_weight(sample_weight, len(y))
    t = _one_hot(y, labels, q.shape[1], "Brier score")
    loss = _average(((t - q) ** 2).sum(axis=1), w)
    half = q.shape[1] < 3 if scale_by_half == "auto" else scale_by_half
    return float(loss * 0.5) if half else float(loss)


def log_loss(y_true, y_proba, *, normalize=True, sample_weight=None, labels=None):
    """Log loss (cross-entropy): minus the mean log of the probability given to the true class.

        L = -(1/m) Σ_i log p_i,y_i     (natural log)

    Probabilities are clipped to [eps, 1 - eps], eps the machine epsilon of
    ``y_proba``'s own floating type, as scikit-learn 1.9 does: a confident
    mistake (p = 0 for the true class) costs -log(eps), ≈ 36.04 for float64
    (and integer input), 15.94 for float32 and 6.93 for float16, instead of
    infinity. 1-D ``y_proba``, or a single column, is the probability of the
    greater of the two classes. The rows of a 2-D ``y_proba`` should sum to
    one within the precision of its type (a warning otherwise; the tolerance is
    scikit-learn's: relative √eps plus 1e-8), so float32 softmax output passes.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        At least two classes (or all of them given in ``labels``), or a 0/1
        label-indicator matrix whose column k is the class of ``y_proba``'s
        column k (one-hot, or several 1s per row for multi-label), as
        scikit-learn takes.
    y_proba : array-like of shape (n_samples,) or (n_samples, n_classes)
    normalize : bool, default=True
        The mean (True) or the (weighted) sum (False).
    sample_weight : array-like of shape (n_samples,), default=None
    labels : array-like, default=None

    Returns
    -------
    float

    Notes
    -----
    The same arguments and values as scikit-learn 1.9's ``log_loss``, except
    its deprecated alias ``y_pred=`` (to be removed in scikit-learn 1.11),
    which is not accepted, and messages worded in learnmetrics' way.

    Example
    -------
    >>> round(log_loss(["spam", "ham", "ham", "spam"], [[.1, .9], [.9, .1], [.8, .2], [.35, .65]]), 5)
    0.21616
    """
    normalize = check_bool(normalize, "normalize")
    t = _indicator_target(y_true, labels)
    q, dtype = _proba_2d(y_proba)
    if t is None:
        y = as_labels(y_true, "y_true")
        _check_lengths(y_true=y, y_proba=q)
        t = _one_hot(y, labels, q.shape[1], "log loss")
    elif q.shape != t.shape:
        raise ValueError(f"y_true is a label-indicator matrix of shape {t.shape} but y_proba has shape {q.shape}")
    w = check_sample_weight(sample_weight, len(t))
    eps = np.finfo(dtype).eps  # the input's own precision, as scikit-learn clips
    qc = np.clip(q, float(eps), float(dtype.type(1) - eps))
    loss = -(t * np.log(qc)).sum(axis=1)
    if normalize:
        return _average(loss, w)
    return float(loss.sum() if w is None else np.dot(loss, w))


# --------------------------------------------------------------------------------------
# decomposition and ECE
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BrierDecomposition:
    """Brier = reliability - resolution + uncertainty + within_variance - 2·within_covariance.

    The last two terms are 0 when every bin holds one distinct probability
    (``n_bins=None``): then Murphy's three-term identity is exact.
    """

    brier: float
    reliability: float
    resolution: float
    uncertainty: float
    within_variance: float
    within_covariance: float
    n_groups: int

    def __str__(self):
        return (f"Brier {self.brier:.4f} = reliability {self.reliability:.4f} - resolution {self.resolution:.4f} "
                f"+ uncertainty {self.uncertainty:.4f} "
                f"+ within-bin {self.within_variance - 2 * self.within_covariance:+.4f}")


def brier_decomposition(y_true, y_prob, *, n_bins=None, strategy="uniform", pos_label=None, sample_weight=None):
    """Murphy's (1973) decomposition of the binary Brier score.

    Group the examples (groups k with weight share w_k, mean probability f_k,
    fraction of positives o_k; overall fraction o):

        reliability = Σ w_k (f_k - o_k)²      (miscalibration; 0 is best)
        resolution  = Σ w_k (o_k - o)²        (how much the groups differ; large is best)
        uncertainty = o (1 - o)               (the data's own, no model changes it)

    With ``n_bins=None`` the groups are the distinct probabilities and
    Brier = reliability - resolution + uncertainty exactly. Binning (``n_bins``
    an int) puts different probabilities in one group; the identity then needs
    two more terms, returned too (Stephenson et al. 2008):
    within_variance = Σ_i w_i (p_i - f_k)², within_covariance = Σ_i w_i (p_i - f_k)(y_i - o_k)
    (w_i the weight shares), Brier = REL - RES + UNC + within_variance - 2·within_covariance.

    Parameters
    ----------
    y_true, y_prob : array-like of shape (n_samples,)
    n_bins : int or None, default=None
        None: one group per distinct probability (exact). An int: the bins of
        :func:`calibration_curve`.
    strategy : {"uniform", "quantile"}, default="uniform"
    pos_label : default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    BrierDecomposition

    Example
    -------
    >>> d = brier_decomposition([0, 0, 1, 1, 1], [0.2, 0.2, 0.2, 0.8, 0.8])
    >>> round(d.reliability - d.resolution + d.uncertainty, 4), round(d.brier, 4)
    (0.16, 0.16)
    """
    y = as_labels(y_true, "y_true")
    p = _check_prob_1d(y_prob)
    n = _check_lengths(y_true=y, y_prob=p)
    n_bins, strategy = _check_bins(n_bins, strategy, allow_none=True)
    if np.unique(y).size > 2:
        raise ValueError(f"y_true must be binary, got {np.unique(y).size} classes")
    w = _weights(sample_weight, n)
    w = w / w.sum()
    o_i = _positive_mask(y, pos_label).astype(float)
    if n_bins is None:
        _, ids = np.unique(p, return_inverse=True)
    else:
        ids = _bin_ids(p, n_bins, strategy)
    k = int(ids.max()) + 1
    wk = np.bincount(ids, weights=w, minlength=k)
    nz = wk > 0
    safe = np.where(nz, wk, 1.0)
    fk = np.bincount(ids, weights=w * p, minlength=k) / safe
    ok = np.bincount(ids, weights=w * o_i, minlength=k) / safe
    o = float(np.dot(w, o_i))
    rel = float(np.sum(wk * (fk - ok) ** 2))
    res = float(np.sum(wk * (ok - o) ** 2))
    unc = o * (1 - o)
    dev = p - fk[ids]
    wv = float(np.dot(w, dev ** 2))
    wc = float(np.dot(w, dev * (o_i - ok[ids])))
    brier = float(np.dot(w, (p - o_i) ** 2))
    return BrierDecomposition(brier, rel, res, unc, wv, wc, int(nz.sum()))


def _bin_gaps(o: np.ndarray, p: np.ndarray, w: np.ndarray, n_bins: int, strategy: str):
    """Per bin of ``p``: the total weight n_k and |Σ w·(o - p)| = n_k·|o_k - f_k| (0 for an empty bin).
    ECE = Σ (second) / Σ (first); MCE = max over non-empty bins of second / first."""
    ids = _bin_ids(p, n_bins, strategy)
    wk = np.bincount(ids, weights=w, minlength=n_bins)
    return wk, np.abs(np.bincount(ids, weights=w * (o - p), minlength=n_bins))


def _gaps_norm(wk: np.ndarray, weighted_gap: np.ndarray, norm: str) -> float:
    if norm == "max":
        full = wk > 0
        return float((weighted_gap[full] / wk[full]).max())
    return float(weighted_gap.sum() / wk.sum())


def expected_calibration_error(y_true, y_prob, *, n_bins=10, strategy="uniform", pos_label=None,
                               sample_weight=None):
    """The expected calibration error (ECE): the weighted mean gap of the reliability diagram.

        ECE = Σ_k (n_k / m) · |o_k - f_k|

    over the non-empty bins k of :func:`calibration_curve` (n_k examples, mean
    probability f_k, fraction of positives o_k). Not a proper score: it depends
    on the bins (their number and strategy), and a model that predicts the base
    rate for everyone has ECE ≈ 0 while ranking nothing. Needs at least
    ``n_bins`` examples.

    Parameters
    ----------
    y_true, y_prob : array-like of shape (n_samples,)
    n_bins : int, default=10
    strategy : {"uniform", "quantile"}, default="uniform"
    pos_label : default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    float

    Example
    -------
    >>> round(expected_calibration_error([0, 1, 1, 1], [0.2, 0.4, 0.6, 0.8], n_bins=2), 4)
    0.25
    """
    y = as_labels(y_true, "y_true")
    p = _check_prob_1d(y_prob)
    n = _check_lengths(y_true=y, y_prob=p)
    n_bins, strategy = _check_bins(n_bins, strategy)
    if n < n_bins:
        raise ValueError(f"too few examples for the bins: {n} example(s) but n_bins={n_bins}; "
                         "use n_bins <= the number of examples")
    if np.unique(y).size > 2:
        raise ValueError(f"y_true must be binary, got {np.unique(y).size} classes")
    w = _weights(sample_weight, n)
    return _gaps_norm(*_bin_gaps(_positive_mask(y, pos_label).astype(float), p, w, n_bins, strategy), "expected")


# --------------------------------------------------------------------------------------
# recalibration
# --------------------------------------------------------------------------------------
_LOGIT_CLIP = 1e-12


def _logit(p: np.ndarray) -> np.ndarray:
    q = np.clip(p, _LOGIT_CLIP, 1 - _LOGIT_CLIP)
    return np.log(q) - np.log1p(-q)


def _sigmoid(z: np.ndarray) -> np.ndarray:
    out = np.empty_like(z, dtype=float)
    pos = z >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-z[pos]))
    e = np.exp(z[~pos])
    out[~pos] = e / (1.0 + e)
    return out


def _fit_inputs(scores, y_true, pos_label, sample_weight):
    s = as_scores(scores, "scores")
    y = as_labels(y_true, "y_true")
    n = _check_lengths(scores=s, y_true=y)
    classes = np.unique(y)
    if classes.size != 2:
        raise ValueError(f"y_true must hold exactly two classes to fit a calibration map, got "
                         f"{classes.tolist()[:10]}")
    pos = _positive_mask(y, pos_label).astype(float)
    w = _weights(sample_weight, n)
    return s, pos, w


class PlattCalibrator:
    """Platt scaling: P(+ | s) = σ(a·x + b), fitted by maximum likelihood (Newton's method).

    ``x`` is the score's log-odds log(s / (1 - s)) (``input="logit"``, the
    default, for scores that are probabilities; clipped to [1e-12, 1 - 1e-12]
    first) or the raw score (``input="score"``, for any real score such as a
    margin). No regularisation and no target smoothing (Platt's 1999 paper
    replaces the 0/1 targets by (N₊+1)/(N₊+2) and 1/(N₋+2); this class uses
    the plain 0/1 labels, the same fit as an unpenalised logistic regression).
    The map is increasing when a > 0, so it keeps the order of the scores
    (and the AUC) unchanged. Fit it on held-out data, not on the training set.
    If the score separates the classes (every positive on one side of every
    negative, ties at the boundary included) the likelihood has no maximum:
    the fit stops when the likelihood no longer improves (at most ``max_iter``
    steps) with a RuntimeWarning that says so. Weights that leave a class with
    total weight 0 are refused; the fit does not depend on the scale of the
    weights.

    Parameters
    ----------
    input : {"logit", "score"}, default="logit"
    max_iter : int, default=100

    Attributes
    ----------
    a_, b_ : float
    n_iter_ : int

    Example
    -------
    >>> cal = PlattCalibrator().fit([0.6, 0.7, 0.8, 0.9, 0.95, 0.65], [0, 1, 0, 1, 1, 0])
    >>> cal.predict([0.6, 0.9]).round(3).tolist()
    [0.123, 0.886]
    """

    def __init__(self, *, input="logit", max_iter=100):
        self.input = check_choice(input, "input", ("logit", "score"))
        self.max_iter = check_positive_int(max_iter, "max_iter", minimum=1, maximum=10_000)

    def _x(self, s):
        if self.input == "logit":
            if s.min() < 0 or s.max() > 1:
                bad = s.min() if s.min() < 0 else s.max()
                raise ValueError(f"scores must be probabilities in [0, 1] with input='logit', got {bad!r}; "
                                 "use input='score' for real-valued scores")
            return _logit(s)
        return s

    def fit(self, scores, y_true, *, pos_label=None, sample_weight=None):
        s, t, w = _fit_inputs(scores, y_true, pos_label, sample_weight)
        # weights of mean 1: the fit and its stopping rule do not depend on the weights' scale
        w = rescale_weights(w)
        w = w / w.mean()
        w_pos, w_neg = float(np.dot(w, t)), float(np.dot(w, 1 - t))
        if w_pos == 0 or w_neg == 0:
            empty = "positive" if w_pos == 0 else "negative"
            raise ValueError(f"sample_weight gives the {empty} class a total weight of 0: Platt scaling needs "
                             "examples of both classes with positive weight")
        x = self._x(s)
        # centre and scale x for a well-conditioned Newton step
        mu, sd = float(np.average(x, weights=w)), float(np.sqrt(np.average((x - np.average(x, weights=w)) ** 2,
                                                                              weights=w)))
        sd = sd if sd > 0 else 1.0
        z = (x - mu) / sd
        X = np.column_stack([z, np.ones_like(z)])
        beta = np.zeros(2)
        base = float(np.dot(w, t) / w.sum())
        beta[1] = math.log(base / (1 - base))

        def nll(b):
            eta = X @ b
            return float(np.dot(w, np.logaddexp(0, eta) - t * eta))

        cur = nll(beta)
        converged = False
        for it in range(1, self.max_iter + 1):
            q = _sigmoid(X @ beta)
            g = X.T @ (w * (q - t))
            H = (X * (w * q * (1 - q))[:, None]).T @ X + 1e-12 * np.eye(2)
            step = np.linalg.solve(H, g)
            lam = 1.0
            while True:
                new = beta - lam * step
                val = nll(new)
                if val <= cur + 1e-15 * abs(cur) or lam < 1e-10:
                    break
                lam *= 0.5
            beta, prev, cur = new, cur, val
            if np.max(np.abs(lam * step)) < 1e-10 or abs(prev - cur) <= 1e-14 * max(1.0, abs(cur)):
                converged = True
                break
        keep = w > 0
        xp, xn = x[keep & (t == 1)], x[keep & (t == 0)]
        separated = sd > 0 and (xn.max() <= xp.min() or xp.max() <= xn.min())
        if separated:
            warnings.warn("Platt scaling has no maximum-likelihood fit: the score separates the classes (every "
                          "positive on one side of every negative), so the slope grows without bound; the fit "
                          f"stopped after {it} Newton steps at a = {beta[0] / sd:.4g}", RuntimeWarning, stacklevel=2)
        elif not converged:
            warnings.warn(f"Platt scaling did not converge in {self.max_iter} Newton steps", RuntimeWarning,
                          stacklevel=2)
        self.a_ = float(beta[0] / sd)
        self.b_ = float(beta[1] - beta[0] * mu / sd)
        self.n_iter_ = it
        return self

    def predict(self, scores) -> np.ndarray:
        """Calibrated probabilities σ(a·x + b) for new scores."""
        if not hasattr(self, "a_"):
            raise RuntimeError("this PlattCalibrator is not fitted yet: call fit(scores, y_true) first")
        s = as_scores(scores, "scores")
        return _sigmoid(self.a_ * self._x(s) + self.b_)


def _pool_adjacent_violators(swy: np.ndarray, sw: np.ndarray, max_passes: int = 64):
    """Pool adjacent violators in vectorised passes: ``(means, counts)`` of the final blocks.

    ``swy`` and ``sw`` are the weighted sums of the targets and the weights of the points
    in order (all weights > 0). A pass finds every maximal run of adjacent blocks whose means
    do not increase (m_i >= m_i+1, at least one pair decreasing somewhere) and pools each run
    into one block: each pooling is a step of pool-adjacent-violators (pooling equal means
    changes no fitted value), and PAV's result does not depend on the order of its steps. For
    integer sums (unweighted labels) a run is also extended to the left over the blocks whose
    means exceed the run's pooled mean (a bisection on exact cumulative sums), which makes a
    cascade of poolings one pass instead of one pass per block. A block's mean is its sum of
    weighted targets over its sum of weights, added over its points: for unweighted 0/1 labels
    the correctly rounded fraction of positives. Calibration data need about a dozen passes
    (13 at n = 1e6); after ``max_passes`` the remaining blocks are pooled by the classic stack."""
    n = sw.size
    starts = np.arange(n)
    m = swy / sw
    exact = bool(np.all(sw == np.round(sw)) and np.all(swy == np.round(swy))
                 and float(sw.sum()) < 2.0 ** 52 and float(np.abs(swy).sum()) < 2.0 ** 52)
    for _ in range(max_passes):
        if m.size < 2 or not (m[:-1] > m[1:]).any():
            return m, np.diff(np.r_[starts, n])
        flat = np.r_[False, m[:-1] >= m[1:], False].view(np.int8)
        edge = np.diff(flat)
        first = np.flatnonzero(edge == 1)       # first block of each run
        last = np.flatnonzero(edge == -1)       # its last block
        k = first
        if exact:
            k = _extend_left(m, swy, sw, first, last)
        # +1 after each run's first block, -1 after its last: inside a run the running sum is > 0
        marks = np.bincount(k + 1, minlength=m.size + 1) - np.bincount(last + 1, minlength=m.size + 1)
        keep = np.flatnonzero(np.cumsum(marks[:-1]) == 0)  # blocks that start a new block
        starts = starts[keep]
        swy = np.add.reduceat(swy, keep)
        sw = np.add.reduceat(sw, keep)
        m = swy / sw
    counts = np.diff(np.r_[starts, n])
    vals, wts, sums, cnt = [], [], [], []
    for v, ww, sy, c in zip(m.tolist(), sw.tolist(), swy.tolist(), counts.tolist()):
        vals.append(v)
        wts.append(ww)
        sums.append(sy)
        cnt.append(c)
        while len(vals) > 1 and vals[-2] > vals[-1]:
            vals.pop()
            w2, s2, c2 = wts.pop(), sums.pop(), cnt.pop()
            wts[-1] += w2
            sums[-1] += s2
            cnt[-1] += c2
            vals[-1] = sums[-1] / wts[-1]
    return np.array(vals), np.array(cnt)


def _extend_left(m, swy, sw, first, last):
    """For each run first..last, the first block k such that every block in [k, first) has a
    mean above the pooled mean of the blocks after it up to ``last`` (those join the run).
    The blocks between two runs have non-decreasing means, so the test is monotone in k and a
    bisection finds k; the cumulative sums are exact (integer sums below 2**52), so no
    difference of two large sums loses anything."""
    C = np.r_[0.0, np.cumsum(swy)]
    W = np.r_[0.0, np.cumsum(sw)]
    lo = np.r_[0, last[:-1] + 1]
    a, b = lo, first.copy()
    while True:
        active = a < b
        if not active.any():
            return b
        mid = (a + b) // 2
        # block mid joins iff its mean exceeds the pooled mean of mid+1..last. Both sides are
        # correctly rounded quotients of exact integers and rounding is monotone, so a ">"
        # here is a true ">": every block joined is a true violator (a near tie is left to
        # the next pass)
        with np.errstate(invalid="ignore", divide="ignore"):
            joins = active & (m[mid] > (C[last + 1] - C[mid + 1]) / (W[last + 1] - W[mid + 1]))
        b = np.where(joins, mid, b)
        a = np.where(active & ~joins, mid + 1, a)


class IsotonicCalibrator:
    """Isotonic regression: the non-decreasing step map from score to probability
    that fits the held-out labels best in squared error (pool adjacent violators).

    Equal scores are first merged (their labels averaged, weights added), then
    adjacent groups whose fractions of positives decrease are pooled until the
    sequence is non-decreasing. New scores are mapped by linear interpolation
    between the fitted points, and clipped to the end values outside the fitted
    range (scikit-learn's ``IsotonicRegression(out_of_bounds="clip")``). The
    map never reverses the order of two scores, but it can tie them (a flat
    step) and a tied pair counts one half in the AUC: the AUC after isotonic
    recalibration can differ from the AUC before, unlike Platt scaling's.

    Attributes
    ----------
    x_, y_ : ndarray
        The fitted points (distinct scores and their pooled fractions).

    Example
    -------
    >>> IsotonicCalibrator().fit([0.1, 0.2, 0.3, 0.4], [0, 1, 0, 1]).predict([0.1, 0.25, 0.4]).tolist()
    [0.0, 0.5, 1.0]
    """

    def fit(self, scores, y_true, *, pos_label=None, sample_weight=None):
        s, t, w = _fit_inputs(scores, y_true, pos_label, sample_weight)
        keep = w > 0
        if not keep.all():
            s, t, w = s[keep], t[keep], w[keep]
        order = np.argsort(s)
        ss = s[order]
        starts = np.flatnonzero(np.r_[True, ss[1:] != ss[:-1]])
        xs = ss[starts]
        # equal scores merged: their weights and weighted positives added
        if sample_weight is None:
            wg = np.diff(np.r_[starts, s.size]).astype(float)
            swy = np.add.reduceat(t[order], starts)
        else:
            wo = rescale_weights(w)[order]
            wg = np.add.reduceat(wo, starts)
            swy = np.add.reduceat(wo * t[order], starts)
        means, counts = _pool_adjacent_violators(swy, wg)
        self.x_ = xs
        self.y_ = np.repeat(means, counts)
        # predict interpolates between the first and the last point of every block only: inside
        # a block the map is flat, so the answer is the same, and a few knots instead of one per
        # distinct score keep np.interp's search in cache (as scikit-learn's X_thresholds_)
        ends = np.cumsum(counts)
        knots = np.unique(np.r_[ends - counts, ends - 1])
        self._knots = (xs[knots], self.y_[knots])
        return self

    def predict(self, scores) -> np.ndarray:
        """Calibrated probabilities for new scores (interpolated, clipped at the ends)."""
        if not hasattr(self, "x_"):
            raise RuntimeError("this IsotonicCalibrator is not fitted yet: call fit(scores, y_true) first")
        s = as_scores(scores, "scores")
        return np.interp(s, *self._knots)


# --------------------------------------------------------------------------------------
# the explorer's state
# --------------------------------------------------------------------------------------
def sharpen(y_prob, temperature) -> np.ndarray:
    """Probabilities with their log-odds divided by ``temperature``: σ(logit(p) / T).

    T < 1 pushes them towards 0 and 1 (sharper, more confident), T > 1 towards
    0.5 (softer). The map is strictly increasing for every T > 0, so the order
    of the examples, and every ranking measure such as the AUC, is unchanged
    (apart from probabilities exactly 0 or 1, clipped to 1e-12 first, and, in
    floating point, outputs that round to exactly 0.0 or 1.0 at a very small T,
    e.g. 0.01, which come out tied and can change the AUC).

    Example
    -------
    >>> sharpen([0.2, 0.5, 0.8], 0.5).round(3).tolist()
    [0.059, 0.5, 0.941]
    """
    p = _check_prob_1d(y_prob)
    T = check_real(temperature, "temperature", low=0, low_open=True, high=1e6)
    return _sigmoid(_logit(p) / T)


@dataclass(frozen=True)
class TemperatureState:
    """The explorer's state at one temperature."""

    temperature: float
    y_prob: np.ndarray
    auc: float
    brier: float
    log_loss: float
    ece: float
    prob_true: np.ndarray
    prob_pred: np.ndarray


def temperature_state(y_true, y_prob, temperature, *, n_bins=10) -> TemperatureState:
    """AUC, Brier score, log loss, ECE and the reliability curve of ``sharpen(y_prob, temperature)``.

    Example
    -------
    >>> s = temperature_state([0, 0, 1, 1], [0.2, 0.6, 0.4, 0.9], 2.0, n_bins=2)
    >>> round(s.auc, 3), round(s.brier, 3)
    (0.75, 0.195)
    """
    from .curves import roc_auc_score

    y = as_labels(y_true, "y_true")
    q = sharpen(y_prob, temperature)
    pos = _positive_mask(y, None)
    pt, pp = calibration_curve(pos, q, n_bins=n_bins)
    return TemperatureState(float(temperature), q, float(roc_auc_score(pos, q)), brier_score_loss(pos, q),
                            log_loss(pos, q), expected_calibration_error(pos, q, n_bins=n_bins), pt, pp)


# --------------------------------------------------------------------------------------
# chapter 05's cut from the costs, and a population whose true P(+|x) is known
# --------------------------------------------------------------------------------------
def cost_threshold(cost01, cost10) -> float:
    """The cut on a *calibrated* P(+|x) that minimises the expected cost:
    predict + when P(+|x)·cost01 > (1 - P(+|x))·cost10, i.e. when

        P(+|x) > cost10 / (cost01 + cost10).

    It is only right if the probabilities are: on miscalibrated scores the
    same number is the wrong cut.

    Example
    -------
    >>> cost_threshold(5, 1)
    0.16666666666666666
    """
    c01 = check_real(cost01, "cost01", low=0)
    c10 = check_real(cost10, "cost10", low=0)
    if c01 + c10 == 0:
        raise ValueError("cost01 and cost10 are both 0: every cut costs nothing")
    return float(c10 / (c01 + c10))


def simulate_scores(n, *, prevalence=0.3, distance=1.5, temperature=0.5, rng=0):
    """A population whose true probabilities are known, and a miscalibrated model of it.

    x ~ N(distance, 1) for positives, N(0, 1) for negatives, a share
    ``prevalence`` positive; the true posterior is
    P(+|x) = σ(log(π/(1-π)) + d·x - d²/2). The model's probabilities are
    ``sharpen(P(+|x), temperature)``: same order (same AUC), overconfident
    for T < 1, underconfident for T > 1.

    Returns
    -------
    y : ndarray of int (1 = positive), p_true : ndarray, p_model : ndarray

    Example
    -------
    >>> y, p_true, p_model = simulate_scores(5, rng=0)
    >>> y.tolist()
    [0, 1, 1, 1, 0]
    """
    n = check_positive_int(n, "n", minimum=1, maximum=10**7)
    pi = check_real(prevalence, "prevalence", low=0, high=1, low_open=True, high_open=True)
    d = check_real(distance, "distance", low=0, high=10)
    T = check_real(temperature, "temperature", low=0, low_open=True, high=100)
    gen = np.random.default_rng(check_positive_int(rng, "rng", minimum=0))
    y = (gen.random(n) < pi).astype(int)
    x = gen.normal(size=n) + d * y
    z = math.log(pi / (1 - pi)) + d * x - d * d / 2
    return y, _sigmoid(z), _sigmoid(z / T)


# --------------------------------------------------------------------------------------
# the calibration error's other forms: the largest gap (MCE) and multi-class (top-label,
# class-wise); a region of its own (chapter 11, issue 36)
# --------------------------------------------------------------------------------------
__all__ += ["maximum_calibration_error", "multiclass_calibration_error", "reliability_intervals"]


def maximum_calibration_error(y_true, y_prob, *, n_bins=10, strategy="uniform", pos_label=None, sample_weight=None):
    """The maximum calibration error (MCE): the largest gap of the reliability diagram.

        MCE = max_k |o_k - f_k|

    over the non-empty bins k of :func:`calibration_curve` (mean probability f_k, fraction of
    positives o_k), where :func:`expected_calibration_error` averages the same gaps weighted by
    the bins' sizes, so MCE >= ECE always. A bin of one example counts as much as a bin of a
    thousand: MCE is noisy where bins are small (use ``strategy="quantile"`` or fewer bins).

    Example
    -------
    >>> round(maximum_calibration_error([0, 1, 1, 1], [0.2, 0.4, 0.6, 0.8], n_bins=2), 4)
    0.3
    """
    y = as_labels(y_true, "y_true")
    p = _check_prob_1d(y_prob)
    n = _check_lengths(y_true=y, y_prob=p)
    n_bins, strategy = _check_bins(n_bins, strategy)
    if np.unique(y).size > 2:
        raise ValueError(f"y_true must be binary, got {np.unique(y).size} classes; "
                         "for several classes use multiclass_calibration_error")
    w = _weights(sample_weight, n)
    return _gaps_norm(*_bin_gaps(_positive_mask(y, pos_label).astype(float), p, w, n_bins, strategy), "max")


def multiclass_calibration_error(y_true, y_proba, *, kind="top-label", norm="expected", n_bins=10,
                                 strategy="uniform", labels=None, sample_weight=None):
    """The calibration error of a multi-class model's probabilities (one column per class).

    * ``kind="top-label"`` (Guo et al. 2017's ECE of "confidence"): for each example its
      largest probability c_i = max_k p_ik and whether that class is the true one;
      the binary calibration error of the pairs (correct_i, c_i).
    * ``kind="class-wise"`` (Kull et al. 2019): the binary calibration error of each
      column k against the indicator y = k, averaged over the K classes.

    ``norm="expected"`` weights the bins' gaps by their size (ECE); ``norm="max"`` takes the
    largest gap (MCE). With two classes and ``kind="class-wise"``, both columns give the same
    gaps as :func:`expected_calibration_error` on the positive column when ``strategy="uniform"``
    and no probability sits on an inner bin edge (the bins of 1 - p mirror those of p).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_proba : array-like of shape (n_samples, n_classes)
        Columns in the sorted order of ``labels`` (or of the classes of ``y_true``).
    kind : {"top-label", "class-wise"}, default="top-label"
    norm : {"expected", "max"}, default="expected"
    n_bins : int, default=10
    strategy : {"uniform", "quantile"}, default="uniform"
    labels : array-like, default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    float

    Example
    -------
    >>> y = [0, 1, 2, 2]
    >>> p = [[0.8, 0.1, 0.1], [0.2, 0.7, 0.1], [0.1, 0.3, 0.6], [0.5, 0.2, 0.3]]
    >>> round(multiclass_calibration_error(y, p, n_bins=5), 4)
    0.15
    """
    y = as_labels(y_true, "y_true")
    kind = check_choice(kind, "kind", ("top-label", "class-wise"))
    norm = check_choice(norm, "norm", ("expected", "max"))
    n_bins, strategy = _check_bins(n_bins, strategy)
    q, _ = _proba_2d(y_proba)
    n = _check_lengths(y_true=y, y_proba=q)
    onehot = _one_hot(y, labels, q.shape[1], "calibration error")
    w = _weights(sample_weight, n)

    def one(o, p):
        return _gaps_norm(*_bin_gaps(o, p, w, n_bins, strategy), norm)

    if kind == "top-label":
        top = q.argmax(axis=1)
        return one(onehot[np.arange(n), top], q[np.arange(n), top])
    return float(np.mean([one(onehot[:, k], q[:, k]) for k in range(q.shape[1])]))


def reliability_intervals(y_true, y_prob, *, n_bins=10, strategy="uniform", pos_label=None, confidence=0.95):
    """The reliability diagram's points with a Wilson interval for each bin's fraction of positives.

    Returns ``(prob_true, prob_pred, low, high, counts)`` over the non-empty bins (as
    :func:`calibration_curve`, whose first two it equals): a bin of k positives among n_k
    examples has the interval of :func:`learnmetrics.proportion_ci` (k, n_k). A perfectly
    calibrated model's bin lies within it about ``confidence`` of the time when the bin's
    probabilities are close to each other; a gap inside its interval is no evidence of
    miscalibration.

    Example
    -------
    >>> pt, pp, lo, hi, n = reliability_intervals([0, 1, 1, 1, 0, 0], [0.1, 0.9, 0.8, 0.7, 0.2, 0.3], n_bins=2)
    >>> pt.tolist(), n.tolist()
    ([0.0, 1.0], [3, 3])
    """
    from .uncertainty import proportion_ci

    y = as_labels(y_true, "y_true")
    p = _check_prob_1d(y_prob)
    _check_lengths(y_true=y, y_prob=p)
    n_bins, strategy = _check_bins(n_bins, strategy)
    confidence = check_real(confidence, "confidence", low=0.0, high=1.0, low_open=True, high_open=True)
    if np.unique(y).size > 2:
        raise ValueError(f"y_true must be binary, got {np.unique(y).size} classes")
    pos = _positive_mask(y, pos_label)
    ids = _bin_ids(p, n_bins, strategy)
    counts = np.bincount(ids, minlength=n_bins)
    k = np.bincount(ids, weights=pos.astype(float), minlength=n_bins)
    s = np.bincount(ids, weights=p, minlength=n_bins)
    ok = counts > 0
    cis = [proportion_ci(int(round(kk)), int(nn), confidence=confidence) for kk, nn in zip(k[ok], counts[ok])]
    return (k[ok] / counts[ok], s[ok] / counts[ok], np.array([c.low for c in cis]), np.array([c.high for c in cis]),
            counts[ok])
