"""Argument checks shared by every public function.

Each check names the argument it looked at and says what was wrong, so a
learner sees ``y_score must not contain NaN or infinity`` instead of a stack
trace from deep inside NumPy.
"""
from __future__ import annotations

import numbers
import warnings

import numpy as np

__all__ = [
    "UndefinedMetricWarning",
    "as_1d",
    "as_scores",
    "as_labels",
    "as_features",
    "check_same_length",
    "check_sample_weight",
    "check_probability",
    "check_positive_int",
    "check_bool",
    "check_real",
    "check_choice",
    "check_rng",
]


class UndefinedMetricWarning(UserWarning):
    """A metric is undefined for the input (0/0) and a fallback value was used."""


def _describe(x) -> str:
    return type(x).__name__


def as_1d(x, name: str, *, allow_empty: bool = False) -> np.ndarray:
    """``x`` as a 1-D array, or a clear error naming ``name``."""
    if x is None:
        raise TypeError(f"{name} must be array-like, got None")
    if isinstance(x, (str, bytes, dict, set)):
        raise TypeError(f"{name} must be array-like (a list or 1-D array), got {_describe(x)}")
    try:
        arr = np.asarray(x)
    except Exception as exc:  # ragged lists and the like
        raise ValueError(f"{name} could not be read as a 1-D array: {exc}") from None
    if arr.dtype == object:
        # ragged nested lists become object arrays of lists
        if arr.ndim == 1 and any(isinstance(v, (list, tuple, np.ndarray)) for v in arr):
            raise ValueError(f"{name} must be 1-D, got nested sequences")
    if arr.ndim == 0:
        raise TypeError(f"{name} must be array-like (a list or 1-D array), got the scalar {x!r}")
    if arr.ndim != 1:
        raise ValueError(
            f"{name} must be 1-D, got an array of shape {arr.shape}"
            + (" (use .ravel() if it is a single column)" if arr.ndim == 2 and 1 in arr.shape else "")
        )
    if not allow_empty and arr.size == 0:
        raise ValueError(f"{name} is empty: at least one sample is needed")
    return arr


def as_scores(x, name: str = "y_score", *, allow_empty: bool = False) -> np.ndarray:
    """``x`` as a 1-D float array of finite numbers (no copy when it already is one)."""
    if type(x) is np.ndarray and x.ndim == 1 and x.dtype == np.float64 and (x.size or allow_empty):
        arr = x
    else:
        arr = as_1d(x, name, allow_empty=allow_empty)
        if arr.dtype.kind == "c" or (arr.dtype == object and any(isinstance(v, complex) for v in arr.tolist())):
            raise TypeError(f"{name} must hold real numbers, got complex values")
        if arr.dtype.kind not in "iufb":
            try:
                arr = arr.astype(np.float64)
            except (TypeError, ValueError):
                raise TypeError(f"{name} must hold numbers, got values of type {arr.dtype}") from None
        arr = np.asarray(arr, dtype=np.float64)
    # one reduction instead of an n-long boolean temporary: the sum of a finite array is
    # finite unless it overflows, which only the slow check below resolves
    if not np.isfinite(np.add.reduce(arr)) and not np.isfinite(arr).all():
        bad = int((~np.isfinite(arr)).sum())
        raise ValueError(f"{name} must not contain NaN or infinity ({bad} such value(s) found)")
    return arr


def as_labels(x, name: str = "y_true", *, allow_empty: bool = False) -> np.ndarray:
    """``x`` as a 1-D array of class labels (ints, bools or strings; no NaN)."""
    arr = as_1d(x, name, allow_empty=allow_empty)
    if arr.dtype.kind == "f":
        if not np.isfinite(arr).all():
            raise ValueError(f"{name} must not contain NaN or infinity")
        if arr.size and not np.all(arr == np.round(arr)):
            raise ValueError(
                f"{name} holds continuous values (e.g. {arr[arr != np.round(arr)][0]!r}); "
                "class labels are expected. Did you pass scores where labels belong?"
            )
    elif arr.dtype.kind == "O":
        kinds = {type(v) for v in arr.tolist()}
        if any(v is None or (isinstance(v, float) and v != v) for v in arr.tolist()):
            raise ValueError(f"{name} must not contain None or NaN labels")
        if any(issubclass(k, str) for k in kinds) and not all(issubclass(k, str) for k in kinds):
            raise TypeError(f"{name} mixes strings and numbers as labels: {sorted(k.__name__ for k in kinds)}")
    elif arr.dtype.kind not in "iubUS":
        raise TypeError(f"{name} must hold class labels, got dtype {arr.dtype}")
    return arr


def as_features(X, name: str = "X", *, allow_no_columns: bool = True) -> np.ndarray:
    """``X`` as a float64 matrix (n_samples, n_features) of finite numbers; a 1-D
    ``X`` is one feature (a column)."""
    if X is None:
        raise TypeError(f"{name} must be array-like, got None")
    try:
        arr = np.asarray(X)
    except Exception as exc:  # ragged lists
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold numbers, got values of type {arr.dtype}")
    if arr.ndim == 1:
        arr = arr[:, None]
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-D (n_samples, n_features), got shape {arr.shape}")
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty: at least one sample is needed")
    if arr.shape[1] == 0 and not allow_no_columns:
        raise ValueError(f"{name} has no columns")
    arr = arr.astype(np.float64)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must not contain NaN or infinity")
    return arr


def check_same_length(**arrays) -> int:
    """All arrays have the same length; returns it. Names them if not."""
    lengths = {name: len(a) for name, a in arrays.items() if a is not None}
    if len(set(lengths.values())) > 1:
        desc = ", ".join(f"{k} has {v}" for k, v in lengths.items())
        raise ValueError(f"inputs have different numbers of samples: {desc}")
    return next(iter(lengths.values()))


def check_sample_weight(sample_weight, n: int, name: str = "sample_weight"):
    """None, or a 1-D float array of n finite, non-negative weights."""
    if sample_weight is None:
        return None
    w = as_1d(sample_weight, name, allow_empty=(n == 0))
    if w.dtype.kind not in "iufb":
        raise TypeError(f"{name} must hold numbers, got dtype {w.dtype}")
    if len(w) != n:
        raise ValueError(f"{name} has {len(w)} weights but there are {n} samples")
    w = w.astype(np.float64)
    if not np.isfinite(w).all():
        raise ValueError(f"{name} must not contain NaN or infinity")
    if (w < 0).any():
        raise ValueError(f"{name} must be non-negative (found {w[w < 0][0]!r})")
    return w


def check_probability(p, name: str, *, open_left=False, open_right=False) -> float:
    """A real number in [0, 1] (or an open end where asked)."""
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {_describe(p)}")
    p = float(p)
    lo_ok = p > 0 if open_left else p >= 0
    hi_ok = p < 1 if open_right else p <= 1
    if not (np.isfinite(p) and lo_ok and hi_ok):
        lo = "(" if open_left else "["
        hi = ")" if open_right else "]"
        raise ValueError(f"{name} must be in {lo}0, 1{hi}, got {p!r}")
    return p


def check_positive_int(k, name: str, *, minimum: int = 1, maximum: int | None = None) -> int:
    """An integer in [minimum, maximum]."""
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {_describe(k)} {k!r}")
    k = int(k)
    if k < minimum or (maximum is not None and k > maximum):
        rng = f">= {minimum}" if maximum is None else f"between {minimum} and {maximum}"
        raise ValueError(f"{name} must be {rng}, got {k}")
    return k


def check_bool(flag, name: str) -> bool:
    """A real boolean (``True``/``False`` or a NumPy bool), never a string like ``'False'``."""
    if isinstance(flag, (bool, np.bool_)):
        return bool(flag)
    raise TypeError(f"{name} must be True or False, got {_describe(flag)} {flag!r}")


def check_real(x, name: str, *, low=None, high=None, low_open=False, high_open=False,
               allow_inf: bool = False) -> float:
    """A finite real number (not a bool) in the range given by ``low``/``high``
    (closed ends unless ``low_open``/``high_open``); infinity only with ``allow_inf``."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {_describe(x)} {x!r}")
    x = float(x)
    if x != x or (not allow_inf and not np.isfinite(x)):
        raise ValueError(f"{name} must be a finite number, got {x!r}")
    too_low = low is not None and (x <= low if low_open else x < low)
    too_high = high is not None and (x >= high if high_open else x > high)
    if too_low or too_high:
        parts = []
        if low is not None:
            parts.append(f"{'>' if low_open else '>='} {low}")
        if high is not None:
            parts.append(f"{'<' if high_open else '<='} {high}")
        raise ValueError(f"{name} must be {' and '.join(parts)}, got {x!r}")
    return x


def check_choice(value, name: str, choices) -> object:
    """``value`` is one of ``choices`` (compared with ==)."""
    for c in choices:
        if value is c or (type(value) is type(c) and value == c):
            return value
    raise ValueError(f"{name} must be one of {list(choices)!r}, got {value!r}")


def check_rng(rng, name: str = "rng") -> np.random.Generator:
    """None, an int seed or a Generator -> a Generator."""
    if rng is None or isinstance(rng, (numbers.Integral, np.random.SeedSequence)):
        return np.random.default_rng(rng)
    if isinstance(rng, np.random.Generator):
        return rng
    raise TypeError(f"{name} must be None, an int seed or a numpy.random.Generator, got {_describe(rng)}")


def warn_undefined(message: str, stacklevel: int = 3) -> None:
    warnings.warn(message, UndefinedMetricWarning, stacklevel=stacklevel)
