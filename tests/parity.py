"""Shared by the scikit-learn parity tests: call a function, keep what it returned
(or raised) and which kinds of warning it gave, so both libraries compare alike."""
import warnings

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
