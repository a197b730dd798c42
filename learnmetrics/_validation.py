"""Argument checks shared by every public function.

Each check names the argument it looked at and says what was wrong, so a
learner sees ``y_score must not contain NaN or infinity`` instead of a stack
trace from deep inside NumPy.

The rules every public function follows (issue 12)
---------------------------------------------------
* Every argument is checked for type and range *before* any work, and the
  error names the caller's argument, what it got and what it needs.
* Flags are real booleans (:func:`check_bool`: ``'False'``, ``0`` or ``1.5``
  are refused), counts are integers (:func:`check_positive_int`), real
  parameters are finite unless infinity is meaningful (:func:`check_real`),
  probabilities lie in [0, 1] (:func:`check_probability`).
* Sizes are checked before anything is allocated (:func:`check_size`).
* Class labels (:func:`as_labels`) are integers, booleans, strings or
  integral floats. One array holds one *kind* of label: strings, or numbers.
  Booleans are numbers (``True == 1``, ``False == 0``, as in Python, NumPy and
  scikit-learn), so ``[True, 0]`` holds the labels 0 and 1. An object array is
  turned into a string array or a numeric array; an object array mixing
  strings with numbers, holding ``None``/NaN, complex numbers or other objects
  is refused. Two arrays compared label by label must hold the same kind
  (:func:`check_same_label_kind`): ``['0', '1']`` never silently differs from
  ``[0, 1]``.
* Scores (:func:`as_scores`) and weights (:func:`check_sample_weight`) are real
  numbers: strings and complex numbers are refused in every path (NumPy
  arrays, lists, object arrays).
* Integer weights can be kept as ``int64`` (``exact_int=True``) so counts are
  summed exactly instead of being rounded through float64.
"""
from __future__ import annotations

import math
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
    "check_size",
    "check_label",
    "check_same_label_kind",
    "label_kind",
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
    if isinstance(x, (str, bytes, dict, set, frozenset)) or (
        not hasattr(x, "__len__") and not hasattr(x, "__array__") and hasattr(x, "__next__")
    ):
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
    """``x`` as a 1-D float array of finite real numbers (no copy when it already is one).

    Booleans count as 0/1. Strings (even ``'0.5'``), complex numbers, ``None``
    and NaN/infinity are refused with an error naming ``name``.
    """
    if type(x) is np.ndarray and x.ndim == 1 and x.dtype == np.float64 and (x.size or allow_empty):
        arr = x
    else:
        arr = as_1d(x, name, allow_empty=allow_empty)
        kind = arr.dtype.kind
        if kind == "O":
            _check_real_objects(arr.tolist(), name)
        elif kind == "c":
            raise TypeError(f"{name} must hold real numbers, got complex values")
        elif kind in "USa":
            raise TypeError(f"{name} must hold numbers, got strings (e.g. {arr[0]!r})")
        elif kind not in "iufb":
            raise TypeError(f"{name} must hold numbers, got values of type {arr.dtype}")
        try:
            arr = np.asarray(arr, dtype=np.float64)
        except (TypeError, ValueError, OverflowError):
            raise TypeError(f"{name} must hold real numbers, got values of type {arr.dtype}") from None
    # one reduction instead of an n-long boolean temporary: the sum of a finite array is
    # finite unless it overflows, which only the slow check below resolves
    if not np.isfinite(np.add.reduce(arr)) and not np.isfinite(arr).all():
        bad = int((~np.isfinite(arr)).sum())
        raise ValueError(f"{name} must not contain NaN or infinity ({bad} such value(s) found)")
    return arr


def _check_real_objects(values: list, name: str) -> None:
    """Every element of an object array is a real number (bool, int, float...)."""
    for v in values:
        if isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_)) and abs(int(v)) > 2**1023:
            raise ValueError(f"{name} must hold finite numbers, got an integer of {len(str(abs(int(v))))} "
                             "digits, beyond the range of a float")
        if isinstance(v, (bool, np.bool_, numbers.Real)):
            continue
        if v is None:
            raise ValueError(f"{name} must not contain None (missing values)")
        if isinstance(v, numbers.Complex):
            raise TypeError(f"{name} must hold real numbers, got complex values (e.g. {v!r})")
        if isinstance(v, (str, bytes, np.str_, np.bytes_)):
            raise TypeError(f"{name} must hold numbers, got strings (e.g. {v!r})")
        raise TypeError(f"{name} must hold numbers, got a value of type {_describe(v)}: {v!r}")


def object_to_float(arr: np.ndarray, name: str, *, what: str = "an array of numbers") -> np.ndarray:
    """An object array (nested lists of Python numbers) as float64, or a clear error naming
    ``name``: an integer beyond float range (10**400) is a ValueError saying so, never NumPy's bare
    OverflowError; ragged or non-numeric values a ValueError asking for ``what``. The one path
    every module that reads numbers from object arrays should take."""
    values = arr.ravel().tolist()
    if all(not isinstance(v, (list, tuple, np.ndarray)) for v in values):
        _check_real_objects(values, name)
    try:
        return arr.astype(np.float64)
    except OverflowError:  # pragma: no cover - _check_real_objects has named it
        raise ValueError(f"{name} holds a number beyond the range of a float") from None
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be {what} (got ragged or non-numeric values)") from None


def label_kind(arr: np.ndarray) -> str:
    """``'string'`` for text labels, ``'number'`` for integers, booleans and floats."""
    return "string" if np.asarray(arr).dtype.kind in "US" else "number"


def _object_labels(arr: np.ndarray, name: str) -> np.ndarray:
    """An object array of labels as a string array or a numeric array, or a clear error."""
    values = arr.tolist()
    kinds = set()
    for v in values:
        if isinstance(v, (str, np.str_)):
            kinds.add("str")
        elif isinstance(v, (bytes, np.bytes_)):
            kinds.add("bytes")
        elif isinstance(v, (bool, np.bool_, numbers.Integral)):
            kinds.add("number")
        elif isinstance(v, numbers.Real):
            if v != v:
                raise ValueError(f"{name} must not contain None or NaN labels")
            kinds.add("number")
        elif v is None:
            raise ValueError(f"{name} must not contain None or NaN labels")
        elif isinstance(v, numbers.Complex):
            raise TypeError(f"{name} must hold class labels, got complex values (e.g. {v!r})")
        else:
            raise TypeError(
                f"{name} must hold class labels (integers, booleans or strings), "
                f"got a value of type {_describe(v)}: {v!r}"
            )
    if len(kinds) > 1:
        types = sorted({_describe(v) for v in values})
        raise TypeError(
            f"{name} mixes strings and numbers as labels ({', '.join(types)}); "
            "use one kind of label, e.g. all strings or all integers"
            if "number" in kinds else
            f"{name} mixes str and bytes labels; use one kind of label"
        )
    if not values or kinds == {"str"}:
        return np.asarray(values, dtype=str) if values else np.asarray(values, dtype=np.int64)
    if kinds == {"bytes"}:
        return np.asarray(values, dtype=bytes)
    try:
        out = np.asarray(values)
    except OverflowError:  # pragma: no cover - NumPy versions differ here
        out = arr
    if out.dtype.kind not in "iubf":
        raise TypeError(
            f"{name} holds integers too large for 64 bits (e.g. {max(values, key=abs)!r}); "
            "labels must fit in int64 or uint64"
        )
    return out


def as_labels(x, name: str = "y_true", *, allow_empty: bool = False) -> np.ndarray:
    """``x`` as a 1-D array of class labels.

    Accepted: integers, booleans (numbers: ``True == 1``), strings, and floats
    holding whole numbers. Object arrays come back as a string array or a
    numeric array. Refused, with an error naming ``name``: NaN/infinity/None,
    non-integral floats (scores passed where labels belong), complex numbers,
    strings mixed with numbers, and any other object.
    """
    arr = as_1d(x, name, allow_empty=allow_empty)
    if arr.dtype.kind == "O":
        arr = _object_labels(arr, name)
    elif arr.dtype.kind in "US" and isinstance(x, (list, tuple)):
        # NumPy turns ['a', 1] into the strings ['a', '1']: look at what was passed (a list or
        # tuple; other containers, e.g. a data frame column, convert through their own dtype)
        if any(not isinstance(v, (str, bytes)) for v in x):
            _object_labels(np.asarray(list(x), dtype=object), name)  # raises the mixed-type error
    kind = arr.dtype.kind
    if kind == "f":
        if not np.isfinite(arr).all():
            raise ValueError(f"{name} must not contain NaN or infinity")
        if arr.size and not np.all(arr == np.round(arr)):
            raise ValueError(
                f"{name} holds continuous values (e.g. {arr[arr != np.round(arr)][0]!r}); "
                "class labels are expected. Did you pass scores where labels belong?"
            )
    elif kind == "c":
        raise TypeError(f"{name} must hold class labels, got complex values")
    elif kind not in "iubUS":
        raise TypeError(f"{name} must hold class labels, got dtype {arr.dtype}")
    return arr


def check_same_label_kind(a: np.ndarray, name_a: str, b: np.ndarray, name_b: str) -> None:
    """Two label arrays (from :func:`as_labels`) hold the same kind of label.

    Strings never equal numbers, so comparing ``['0', '1']`` with ``[0, 1]``
    label by label would silently count every pair as different: refused.
    Empty arrays fit anything.
    """
    a = np.asarray(a)
    b = np.asarray(b)
    if a.size and b.size and label_kind(a) != label_kind(b):
        raise TypeError(
            f"{name_a} holds {label_kind(a)} labels but {name_b} holds {label_kind(b)} labels; "
            "they must be of the same kind (e.g. both strings, or both integers)"
        )


def check_label(value, name: str, like=None, *, allow_none: bool = False):
    """One class label (int, bool, str, or a whole float); with ``like`` (a label
    array from :func:`as_labels`) it must be of the same kind (string vs number).
    Returns the label unchanged (NumPy scalars as Python scalars)."""
    if value is None:
        if allow_none:
            return None
        raise ValueError(f"{name} must be a class label, got None")
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bytes):
        value = value.decode() if like is None or np.asarray(like).dtype.kind != "S" else value
    if isinstance(value, str):
        is_text = True
    elif isinstance(value, (bool, numbers.Integral)):
        is_text = False
    elif isinstance(value, numbers.Real):
        if not math.isfinite(value) or value != round(value):
            raise ValueError(f"{name} must be a class label (an integer, bool or string), got {value!r}")
        is_text = False
    else:
        raise TypeError(
            f"{name} must be a single class label (int, bool or str), got {_describe(value)} {value!r}"
        )
    if like is not None:
        like = np.asarray(like)
        if like.size and is_text != (like.dtype.kind in "US"):
            raise TypeError(
                f"{name}={value!r} is a {'string' if is_text else 'number'} but the labels are "
                f"{label_kind(like)}s; pass one of them"
            )
    return value


def as_features(X, name: str = "X", *, allow_no_columns: bool = True) -> np.ndarray:
    """``X`` as a float64 matrix (n_samples, n_features) of finite numbers; a 1-D
    ``X`` is one feature (a column)."""
    if X is None:
        raise TypeError(f"{name} must be array-like, got None")
    try:
        arr = np.asarray(X)
    except Exception as exc:  # ragged lists
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
    if arr.dtype.kind == "c":
        raise TypeError(f"{name} must hold real numbers, got complex values")
    if arr.dtype.kind == "O" and arr.ndim in (1, 2):
        arr = object_to_float(arr, name)
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


def check_sample_weight(sample_weight, n: int, name: str = "sample_weight", *, exact_int: bool = False):
    """None, or a 1-D array of ``n`` finite, non-negative real weights.

    Returns float64 weights; with ``exact_int=True`` integer (or boolean)
    weights come back as ``int64`` so that sums of them are exact (float64
    holds integers exactly only up to 2**53). Strings, complex numbers, NaN,
    infinity and negative weights are refused.
    """
    if sample_weight is None:
        return None
    w = as_1d(sample_weight, name, allow_empty=(n == 0))
    kind = w.dtype.kind
    if kind == "O":
        _check_real_objects(w.tolist(), name)
        w = np.asarray(w.tolist())
        kind = w.dtype.kind
        if kind == "O":  # Python ints beyond 64 bits, or other real numbers (Fraction, Decimal)
            # read as float64, as scikit-learn reads them (integers beyond 64 bits lose their last
            # digits, as any float weight does); beyond float range, or so small that a positive
            # weight would become 0, refused by name
            values = w.ravel().tolist()
            try:
                w = np.array([float(v) for v in values], dtype=np.float64)
            except OverflowError:
                big = next(v for v in values if abs(v) > 1e308)
                raise ValueError(f"{name} holds a number beyond the range of a float (about "
                                 f"1e{len(str(int(abs(big)))) - 1})") from None
            lost = [v for v, f in zip(values, w.tolist()) if f == 0 and v != 0]
            if lost:
                shown = str(lost[0]) if len(str(lost[0])) <= 40 else str(lost[0])[:37] + "..."
                raise ValueError(f"{name} holds a weight too small for a float (it would count as 0): {shown}")
            kind = "f"
    if kind == "c":
        raise TypeError(f"{name} must hold real numbers, got complex values")
    if kind not in "iufb":
        raise TypeError(f"{name} must hold numbers, got dtype {w.dtype}")
    if len(w) != n:
        raise ValueError(f"{name} has {len(w)} weights but there are {n} samples")
    if exact_int and kind in "iub":
        if kind == "u" and w.size and int(w.max()) > np.iinfo(np.int64).max:
            raise ValueError(f"{name} holds weights above 2**63 - 1, which int64 cannot hold")
        w = w.astype(np.int64)
        if (w < 0).any():
            raise ValueError(f"{name} must be non-negative (found {int(w[w < 0][0])!r})")
        return w
    w = w.astype(np.float64)
    if not np.isfinite(w).all():
        raise ValueError(f"{name} must not contain NaN or infinity")
    if (w < 0).any():
        raise ValueError(f"{name} must be non-negative (found {w[w < 0][0]!r})")
    return w


def _float(x, name: str) -> float:
    """``float(x)``, or a ValueError naming ``name`` for an integer beyond float range (10**400)."""
    try:
        return float(x)
    except OverflowError:
        digits = len(str(abs(int(x)))) if isinstance(x, numbers.Integral) else "many"
        raise ValueError(f"{name} must be a finite number, got an integer of {digits} digits, "
                         "beyond the range of a float") from None


def check_probability(p, name: str, *, open_left=False, open_right=False) -> float:
    """A real number in [0, 1] (or an open end where asked)."""
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {_describe(p)}")
    p = _float(p, name)
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
    if abs(k) > 2**1023 and (maximum is None or k > maximum):
        raise ValueError(f"{name} must be {'at most ' + str(maximum) if maximum is not None else 'a finite count'}, "
                         f"got an integer of {len(str(abs(k)))} digits, beyond the range of a float")
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
    x = _float(x, name)
    if x != x and allow_inf:
        raise ValueError(f"{name} must be a real number or +-inf, got nan")
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


#: default ceiling for :func:`check_size`: 10**8 elements (800 MB of float64)
MAX_ELEMENTS = 10**8


def check_size(n_elements, what: str, *, limit: int = MAX_ELEMENTS, hint: str = "") -> int:
    """Refuse work whose size (number of array elements, fits, folds...) exceeds
    ``limit`` *before* anything is allocated. ``n_elements`` may be a Python int
    of any size (compute it with Python ints, not NumPy, so it cannot overflow).

    >>> check_size(6 * 1001, "the design matrices of polynomial_selection")
    6006
    """
    n = int(n_elements)
    if n > limit:
        raise ValueError(
            f"{what} would need {n:,} elements, more than the limit of {limit:,}"
            + (f"; {hint}" if hint else "")
        )
    return n


def check_choice(value, name: str, choices) -> object:
    """``value`` is one of ``choices`` (compared with ==, same type; any ``str``
    subclass such as ``np.str_`` counts as a string)."""
    for c in choices:
        if value is c:
            return value
        if isinstance(c, str):
            if isinstance(value, str) and str(value) == c:
                return c
        elif type(value) is type(c) and value == c:
            return value
    raise ValueError(f"{name} must be one of {list(choices)!r}, got {value!r}")


def check_rng(rng, name: str = "rng") -> np.random.Generator:
    """None, an int seed or a Generator -> a Generator."""
    if isinstance(rng, (bool, np.bool_)):
        raise TypeError(f"{name} must be None, an int seed or a numpy.random.Generator, got bool {rng!r}")
    if isinstance(rng, numbers.Integral) and rng < 0:
        raise ValueError(f"{name} must be a non-negative int seed, got {rng!r}")
    if rng is None or isinstance(rng, (numbers.Integral, np.random.SeedSequence)):
        return np.random.default_rng(rng)
    if isinstance(rng, np.random.Generator):
        return rng
    raise TypeError(f"{name} must be None, an int seed or a numpy.random.Generator, got {_describe(rng)}")


def warn_undefined(message: str, stacklevel: int = 3) -> None:
    warnings.warn(message, UndefinedMetricWarning, stacklevel=stacklevel)


def rescale_weights(w: np.ndarray | None, name: str | None = None) -> np.ndarray | None:
    """Float weights divided by the power of two nearest above their maximum (max in [0.5, 1)).

    A measure does not depend on the scale of its weights; products and sums of weights
    such as 1e-160 or 1e160 under- or overflow in float64. Scaling by a power of two is exact
    (every weight keeps its bits of mantissa), so weights already of ordinary size, and
    weights multiplied by a power of two, give bit-identical results. Integer weights, None,
    and all-zero weights are returned as they are."""
    if w is None or w.dtype.kind != "f" or w.size == 0:
        return w
    top = float(w.max())
    if top == 0.0 or not np.isfinite(top):
        return w
    exponent = int(np.frexp(top)[1])
    out = np.ldexp(w, -exponent) if exponent else w
    if name is not None and exponent > 0:
        # a weight over 2**1074 times smaller than the largest becomes 0 once scaled: where that
        # weight alone decides a number (a bin, a class, a cell) the answer would be silently wrong
        lost = (w > 0) & (out == 0)
        if lost.any():
            raise ValueError(f"{name} spans more than a float can hold once scaled: weights such as "
                             f"{float(w[lost][0])!r} are over 2**1074 times smaller than the largest "
                             f"({top!r}) and would count as 0; scale them into a narrower range")
    return out
