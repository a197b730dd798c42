"""Precision, recall and F-beta from counts, and what 0/0 gives: the plumbing of
:mod:`learnmetrics.classification`'s P/R/F family (scikit-learn's ``zero_division``, its warnings,
and the averages over classes).
"""
from __future__ import annotations

import math
import numbers
import warnings

import numpy as np

from ._validation import UndefinedMetricWarning, _float, check_real

_AVERAGES = (None, "binary", "micro", "macro", "weighted", "samples")


def _check_zero_division(zero_division):
    """(value used for 0/0, whether to warn)."""
    if isinstance(zero_division, str):
        if zero_division == "warn":
            return 0.0, True
        raise ValueError(f'zero_division must be "warn", 0.0, 1.0 or np.nan, got {zero_division!r}')
    if isinstance(zero_division, (numbers.Real, np.bool_)):
        z = _float(zero_division, "zero_division")
        if z in (0.0, 1.0):
            return z, False
        if math.isnan(z):
            return math.nan, False
        raise ValueError(f'zero_division must be "warn", 0.0, 1.0 or np.nan, got {zero_division!r}')
    raise TypeError(f'zero_division must be "warn", 0.0, 1.0 or np.nan, got {type(zero_division).__name__}')


def _check_beta(beta) -> float:
    return check_real(beta, "beta", low=0, allow_inf=True)


def _fbeta_parts(tp, true_sum, pred_sum, b: float):
    """Numerator and denominator of F-beta = (1 + b^2) TP / (b^2 (TP + FN) + (TP + FP)),
    and the mask of the true 0/0 cases (no true and no predicted positives).

    For a huge ``beta`` (b^2 overflows) both are divided by b^2, so F-beta tends
    to recall (and to 0 where there are predicted but no true positives) instead
    of inf/inf = NaN; for a tiny one b^2 underflows to 0 and F-beta is precision."""
    tp = np.asarray(tp, dtype=np.float64)
    ts = np.asarray(true_sum, dtype=np.float64)
    ps = np.asarray(pred_sum, dtype=np.float64)
    undefined = (ts == 0) & (ps == 0)
    b2 = b * b
    with np.errstate(over="ignore", invalid="ignore"):
        num = (1 + b2) * tp
        den = b2 * ts + ps
    if not (np.isfinite(num).all() and np.isfinite(den).all()):
        c = 1.0 / b2  # 0.0 when b2 is inf: the limit beta -> inf
        num = (c + 1.0) * tp
        den = ts + c * ps
    # den can be 0 only where tp = 0: a 0/0 when nothing is true or predicted positive,
    # otherwise (c underflowed) the limit 0 / positive = 0
    den = np.where((den == 0) & ~undefined, 1.0, den)
    return num, den, undefined


_WARN_FOR = ("precision", "recall", "f-score")


def _check_warn_for(warn_for):
    if isinstance(warn_for, str) or not isinstance(warn_for, (tuple, list, set, frozenset)):
        raise TypeError(
            f"warn_for must be a tuple of names among {_WARN_FOR!r}, got {type(warn_for).__name__} {warn_for!r}"
        )
    bad = [v for v in warn_for if not (isinstance(v, str) and v in _WARN_FOR)]
    if bad:
        raise ValueError(f"warn_for must only hold names among {_WARN_FOR!r}, got {bad[0]!r}")
    return tuple(warn_for)


def _check_average(average):
    if average is None or (isinstance(average, str) and average in _AVERAGES):
        return average
    raise ValueError(
        f"average must be one of None, 'binary', 'micro', 'macro', 'weighted', 'samples', got {average!r}"
    )


def _warn_prf(average, modifier: str, msg_start: str, result_size: int, stacklevel: int = 4):
    axis0, axis1 = ("label", "sample") if average == "samples" else ("sample", "label")
    msg = (
        f"{msg_start} ill-defined and being set to 0.0 {{0}} no {modifier} {axis0}s. "
        "Use `zero_division` parameter to control this behavior."
    )
    msg = msg.format("due to" if result_size == 1 else f"in {axis1}s with")
    warnings.warn(msg, UndefinedMetricWarning, stacklevel=stacklevel)


def _prf_divide(num, den, metric, modifier, average, warn_for, zd_value, zd_warn):
    num = np.asarray(num, dtype=np.float64)
    den = np.asarray(den, dtype=np.float64)
    mask = den == 0
    out = num / np.where(mask, 1.0, den)
    if mask.any():
        out[mask] = zd_value
        if zd_warn and metric in warn_for:
            _warn_prf(average, modifier, f"{metric.capitalize()} is", out.shape[0], stacklevel=5)
    return out


def _nanaverage(a: np.ndarray, weights=None) -> float:
    if a.shape[0] == 0:
        return math.nan
    mask = np.isnan(a)
    if mask.all():
        return math.nan
    if weights is None:
        return float(np.mean(a[~mask]))
    a2 = a[~mask]
    w2 = np.asarray(weights, dtype=np.float64)[~mask]
    if w2.sum() == 0:
        return float(np.mean(a2))
    return float(np.average(a2, weights=w2))
