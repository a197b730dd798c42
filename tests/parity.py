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
