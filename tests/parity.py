"""Shared by the scikit-learn parity tests: call a function, keep what it returned
(or raised) and which kinds of warning it gave, so both libraries compare alike."""
import warnings

import numpy as np

from sklearn.exceptions import UndefinedMetricWarning as SkUndefinedMetricWarning

from learnmetrics import UndefinedMetricWarning


def call(f, *args, **kwargs):
    """(result or exception, sorted warning category names)."""
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        try:
            out = f(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - compared by the caller
            out = exc
    cats = []
    for w in rec:
        if issubclass(w.category, (SkUndefinedMetricWarning, UndefinedMetricWarning)):
            cats.append("undefined")
        elif w.category is UserWarning:
            cats.append("user")
    return out, sorted(cats)


def random_weights(rng, n):
    """None, small integer, float, or float weights with zeros (never all zero), at random."""
    wmode = rng.choice(["none", "none", "int", "float", "float_zeros"])
    if wmode == "none":
        return None
    if wmode == "int":
        return rng.integers(1, 4, size=n)
    if wmode == "float":
        return rng.random(n) * 3
    w = rng.random(n) * (rng.random(n) < 0.6)
    if not w.any():
        w[0] = 0.5
    return w


def random_labels(rng, classes, kind):
    """None, or a random subset / permutation of ``classes``, perhaps with a label never seen."""
    lmode = rng.choice(["none", "none", "subset", "with_unseen", "permuted"])
    if lmode == "none":
        return None
    pool = list(classes)
    if lmode == "with_unseen":
        pool.append("zzz" if kind == "strings" else 99)
    pool = np.array(pool)
    m = len(pool) if lmode == "permuted" else int(rng.integers(1, len(pool) + 1))
    return rng.permutation(pool)[:m]


def same(ours, theirs, what, atol=1e-14):
    if theirs is None:
        assert ours is None, what
        return
    if isinstance(theirs, (float, int)) and not isinstance(theirs, np.ndarray):
        assert type(ours) is float, (what, type(ours))
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=atol, equal_nan=True, err_msg=what)
        return
    theirs = np.asarray(theirs)
    assert isinstance(ours, np.ndarray), (what, type(ours))
    assert ours.shape == theirs.shape, (what, ours.shape, theirs.shape)
    assert ours.dtype.kind == theirs.dtype.kind, (what, ours.dtype, theirs.dtype)
    if theirs.dtype.kind in "iu":
        np.testing.assert_array_equal(ours, theirs, err_msg=what)
    else:
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=atol, equal_nan=True, err_msg=what)


def compare(name, ours_f, sk_f, kwargs, desc="", *, check_warnings=True, extra_ours=(), atol=1e-14,
            warning_kinds_only=False):
    """Call ``ours_f`` and ``sk_f`` with ``kwargs``: both raise ('raise'), or both return the same
    value of the same kind with the same warnings ('value'). ``extra_ours``: warning categories learnmetrics adds on purpose;
    ``warning_kinds_only``: compare the kinds of warning, not how many (one summary warning
    where scikit-learn warns once per row)."""
    ours, w_ours = call(ours_f, **kwargs)
    theirs, w_sk = call(sk_f, **kwargs)
    what = f"{name} {desc} {kwargs}"
    if isinstance(theirs, Exception):
        assert isinstance(ours, (ValueError, TypeError)), f"sklearn raised {theirs!r}, ours gave {ours!r}: {what}"
        return "raise"
    assert not isinstance(ours, Exception), f"ours raised {ours!r}, sklearn gave {theirs!r}: {what}"
    if isinstance(theirs, tuple):
        assert isinstance(ours, tuple) and len(ours) == len(theirs), what
        for a, b in zip(ours, theirs):
            same(a, b, what, atol)
    else:
        same(ours, theirs, what, atol)
    if check_warnings:
        expected = sorted(w_sk + list(extra_ours))
        if warning_kinds_only:
            assert set(w_ours) == set(expected), (what, w_ours, w_sk)
        else:
            assert w_ours == expected, (what, w_ours, w_sk)
    return "value"
