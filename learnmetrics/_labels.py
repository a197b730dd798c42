"""Labels for the classification measures: reading, checking and encoding ``y_true``/``y_pred``.

The plumbing behind :mod:`learnmetrics.classification`, kept apart so that the lesson (error rate,
accuracy, precision, recall, F1) is what a reader meets first there: the label arrays are read
and checked (one kind, strings or numbers; exact integers beyond 2**53), both arrays encoded into
codes 0..k-1 of their sorted union, weights counted exactly (:class:`_Targets`), and the positive
label found.
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from ._validation import as_labels, check_same_label_kind, check_same_length, check_sample_weight

def _is_text(arr: np.ndarray) -> bool:
    return arr.dtype.kind in "US"


def _labels_array(x, name: str, *, allow_empty: bool = False) -> np.ndarray:
    """Validated 1-D label array (see ``as_labels``); bytes read as text."""
    arr = as_labels(x, name, allow_empty=allow_empty)
    if arr.dtype.kind == "S":
        arr = arr.astype(str)
    return arr


def _kind(arr: np.ndarray) -> str:
    return "string" if _is_text(arr) else "number"


def _check_compatible(a: np.ndarray, name_a: str, b: np.ndarray, name_b: str) -> None:
    check_same_label_kind(a, name_a, b, name_b)


_INT64_MAX = np.iinfo(np.int64).max


def _check_weights(sample_weight, n: int):
    """(weights or None, whether they are integers). Integer weights stay int64
    (exact sums); their total must fit in int64."""
    if sample_weight is None:
        return None, True
    w = check_sample_weight(sample_weight, n, exact_int=True)
    integral = w.dtype.kind == "i"
    if not np.any(w):
        raise ValueError("sample_weight must contain at least one non-zero weight (all are 0)")
    if integral and int(w.max()) * n > _INT64_MAX:
        total = sum(w.tolist())  # exact, only for huge weights
        if total > _INT64_MAX:
            raise ValueError(
                f"sample_weight sums to {total}, more than int64 can count exactly (2**63 - 1); "
                "pass float weights if approximate sums are acceptable"
            )
    return w, integral


def _exact_pair(yt: np.ndarray, yp: np.ndarray):
    """y_true and y_pred converted so that concatenating them loses nothing:
    int64 with uint64, or big integers with whole floats, would otherwise meet
    in float64 (exact only up to 2**53)."""
    kt, kp = yt.dtype.kind, yp.dtype.kind
    if kt in "US" or kp in "US" or np.result_type(yt, yp).kind != "f" or (kt == kp == "f"):
        return yt, yp
    if "f" in (kt, kp):
        ints, fl = (yt, yp) if kp == "f" else (yp, yt)
        if ints.size == 0 or max(abs(int(ints.min())), abs(int(ints.max()))) < 2**53:
            return yt, yp
        if fl.size and (fl.min() < -(2.0**63) or fl.max() >= 2.0**63):
            conv = np.asarray([int(v) for v in fl.tolist()], dtype=object)
        else:
            conv = fl.astype(np.int64)
        yt, yp = (ints, conv) if kp == "f" else (conv, ints)
        if conv.dtype == object:
            return yt.astype(object), yp.astype(object)
        if np.result_type(yt, yp).kind != "f":
            return yt, yp
    # one array uint64, the other signed
    u, sgn = (yt, yp) if yt.dtype.kind == "u" else (yp, yt)
    if u.size == 0 or int(u.max()) <= _INT64_MAX:
        u = u.astype(np.int64)
    elif sgn.size == 0 or int(sgn.min()) >= 0:
        sgn = sgn.astype(np.uint64)
    else:
        u, sgn = u.astype(object), sgn.astype(object)
    return (u, sgn) if yt.dtype.kind == "u" else (sgn, u)


def _encode(yt: np.ndarray, yp: np.ndarray):
    """Sorted labels present in y_true or y_pred, and both arrays as indices into them."""
    n = len(yt)
    yt, yp = _exact_pair(yt, yp)
    both = np.concatenate([yt, yp])
    if both.dtype.kind in "iub" and both.dtype != np.uint64:
        ints = both.astype(np.int64, copy=False)
        lo, hi = int(ints.min()), int(ints.max())
        span = hi - lo + 1
        if span <= max(1024, 2 * len(ints)):
            off = ints - lo if lo else ints
            present_mask = np.bincount(off, minlength=span) > 0
            present = (np.flatnonzero(present_mask) + lo).astype(both.dtype)
            lut = np.cumsum(present_mask) - 1
            codes = lut[off]
            return present, codes[:n], codes[n:]
    present, codes = np.unique(both, return_inverse=True)
    codes = codes.reshape(-1)
    return present, codes[:n], codes[n:]


def _wcount(codes: np.ndarray, w, k: int) -> np.ndarray:
    """Per-code sums of the weights ``w`` (None: counts): int64 and exact for
    integer weights, float64 for float weights."""
    if w is None:
        return np.bincount(codes, minlength=k)
    if w.dtype.kind == "i":
        out = np.zeros(k, dtype=np.int64)
        np.add.at(out, codes, w)
        return out
    return np.bincount(codes, weights=w, minlength=k)


def _lookup(present: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Index of each value in the sorted ``present`` array, or -1."""
    if present.size == 0:
        return np.full(len(values), -1, dtype=np.intp)
    idx = np.searchsorted(present, values)
    idx_c = np.minimum(idx, len(present) - 1)
    found = present[idx_c] == values
    return np.where(found, idx_c, -1)


class _Targets:
    """y_true / y_pred checked together, encoded as indices into ``present``."""

    __slots__ = ("yt", "yp", "n", "w", "int_weights", "present", "it", "ip", "names")

    def __init__(self, y_true, y_pred, sample_weight=None, names=("y_true", "y_pred")):
        yt = _labels_array(y_true, names[0])
        yp = _labels_array(y_pred, names[1])
        n = check_same_length(**{names[0]: yt, names[1]: yp})
        _check_compatible(yt, names[0], yp, names[1])
        self.w, self.int_weights = _check_weights(sample_weight, n)
        self.yt, self.yp, self.n = yt, yp, n
        self.names = names
        self.present, self.it, self.ip = _encode(yt, yp)

    @property
    def is_binary(self) -> bool:
        return len(self.present) <= 2

    def check_labels(self, labels, name: str = "labels") -> np.ndarray:
        lab = _labels_array(labels, name, allow_empty=True)
        if lab.size == 0:
            raise ValueError(f"{name} must contain at least one label, got an empty list")
        _check_compatible(self.yt, self.names[0], lab, name)
        uniq = np.unique(lab)
        if len(uniq) != len(lab):
            raise ValueError(f"{name} must not contain duplicates, got {lab.tolist()!r}")
        return lab

    def total(self):
        if self.w is None:
            return self.n
        return int(self.w.sum()) if self.int_weights else float(self.w.sum())

    def per_class(self, sel: np.ndarray | None = None):
        """(tp, true_sum, pred_sum) per present label, or per label of ``sel``
        (indices into ``present``, -1 for a label absent from the data)."""
        k = len(self.present)
        w = self.w
        eq = self.it == self.ip
        if w is None:
            tp = np.bincount(self.it[eq], minlength=k)
            true_sum = np.bincount(self.it, minlength=k)
            pred_sum = np.bincount(self.ip, minlength=k)
            if not eq.any():
                # scikit-learn's counts turn float when no sample at all is
                # classified correctly; mirror it so `support` has the same dtype
                tp, true_sum, pred_sum = (a.astype(np.float64) for a in (tp, true_sum, pred_sum))
        else:
            tp = _wcount(self.it[eq], w[eq], k)
            true_sum = _wcount(self.it, w, k)
            pred_sum = _wcount(self.ip, w, k)
        if sel is not None:
            ok = sel >= 0
            safe = np.where(ok, sel, 0)
            tp = np.where(ok, tp[safe], 0).astype(tp.dtype)
            true_sum = np.where(ok, true_sum[safe], 0).astype(true_sum.dtype)
            pred_sum = np.where(ok, pred_sum[safe], 0).astype(pred_sum.dtype)
        return tp, true_sum, pred_sum


def _check_pos_label(pos_label, *, allow_none: bool = True):
    if pos_label is None:
        if allow_none:
            return None
        raise ValueError("pos_label must be a class label, got None")
    if isinstance(pos_label, (str, np.str_, bool, np.bool_, numbers.Real)):
        if isinstance(pos_label, numbers.Real) and not isinstance(pos_label, (bool, np.bool_)):
            if not math.isfinite(float(pos_label)):
                raise ValueError(f"pos_label must be a class label, got {pos_label!r}")
        return pos_label
    raise TypeError(
        f"pos_label must be a single class label (int, bool or str), got {type(pos_label).__name__} {pos_label!r}"
    )


def _pos_index(t: _Targets, pos_label, *, what: str = "the labels") -> int:
    """Index of pos_label in t.present (or -1 if absent but compatible)."""
    if pos_label is None:
        raise ValueError(f"pos_label=None is not a valid label; it should be one of {t.present.tolist()!r}")
    is_text = isinstance(pos_label, (str, np.str_))
    if is_text != _is_text(t.present):
        raise ValueError(
            f"pos_label={pos_label!r} does not fit {what}, which are {_kind(t.present)}s "
            f"{t.present.tolist()!r}; pass pos_label=<one of them>"
        )
    idx = int(_lookup(t.present, np.asarray([pos_label]))[0])
    if idx < 0 and len(t.present) >= 2:
        raise ValueError(
            f"pos_label={pos_label!r} is not a valid label. It should be one of {t.present.tolist()!r}"
        )
    return idx
