"""Pictures of the running examples."""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Rectangle

from .._validation import check_bool, check_positive_int, check_probability
from . import style

__all__ = ["plot_two_features", "plot_ranked_strip", "score_decimals"]


def score_decimals(scores, *, at_least: int = 0, at_most: int = 6) -> int:
    """The fewest decimals (between ``at_least`` and ``at_most``) that print every score
    exactly, so a printed score never hides which side of a threshold it lies on;
    ``at_most`` when no such number exists.

    Example
    -------
    >>> score_decimals([0.9, 0.85, 0.5])
    2
    """
    s = np.asarray(scores, dtype=float)
    for d in range(at_least, at_most + 1):
        if np.allclose(np.round(s, d), s, rtol=0, atol=1e-12):
            return d
    return at_most


def plot_two_features(ax, dataset, *, model=None, annotate=True, highlight=None, label_at=None, threshold=0.5):
    """Scatter of a two-feature data set (e.g. watermelon 3.0α): positives blue circles,
    negatives vermillion squares (``style``), each labelled with its id.

    With a fitted linear ``model`` (``coef_``, ``intercept_``, ``predict_proba``) the
    line where its probability equals ``threshold`` is drawn as the cut
    (``style.CUT_LINE``). ``highlight`` (an id) points at one example and prints
    its probability with 5 decimals, for an example that sits on the line.

    Parameters
    ----------
    ax : matplotlib Axes
    dataset : Dataset
        ``X`` with two columns, ``y`` (1 = positive), ``ids``, names.
    model : fitted linear model, optional
    annotate : bool, default=True
        Write each example's id beside it.
    highlight : id, optional
        Needs ``model``.
    label_at : (x, y), optional
        Where the highlight's label goes, in data coordinates (default: just
        below and to the right of the example).
    threshold : float in (0, 1), default=0.5
    """
    X, y = np.asarray(dataset.X), np.asarray(dataset.y)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"dataset must have exactly two features to be drawn in a plane, got X of shape {X.shape}")
    annotate = check_bool(annotate, "annotate")
    threshold = check_probability(threshold, "threshold", open_left=True, open_right=True)
    if highlight is not None:
        if model is None:
            raise ValueError("highlight needs a model: the probability printed is the model's")
        if highlight not in set(np.asarray(dataset.ids).tolist()):
            raise ValueError(f"highlight must be one of the dataset's ids, got {highlight!r}")
    for label, positive in ((1, True), (0, False)):
        m = y == label
        st = style.class_style(positive)
        ax.scatter(X[m, 0], X[m, 1], s=60, c=st["color"], marker=st["marker"], edgecolors="black",
                   linewidths=0.8, label=f"{dataset.target_names[label]} ({'+' if positive else '−'})", zorder=3)
    if annotate:
        for i, (a, b) in zip(dataset.ids, X):
            ax.annotate(str(i), (a, b), xytext=(4, 3), textcoords="offset points", fontsize=9, color="0.25")
    if model is not None:
        w, b = np.asarray(model.coef_, dtype=float).ravel(), float(model.intercept_)
        if w.shape != (2,) or w[1] == 0:
            raise ValueError("model must be a fitted linear model on the two features with a non-zero "
                             f"second coefficient, got coef_={w!r}")
        logit = np.log(threshold / (1 - threshold))
        xs = np.linspace(X[:, 0].min() - 0.05, X[:, 0].max() + 0.05, 2)
        cut, = ax.plot(xs, (logit - b - w[0] * xs) / w[1], **style.CUT_LINE)
        ax.set_xlim(xs[0], xs[1])
        ax.set_ylim(X[:, 1].min() - 0.05, X[:, 1].max() + 0.05)
        # the threshold named on the line itself, near its left end (clear of the melons)
        style.label_line(ax, cut, f"P(good) = {threshold:g}", frac=0.2)
        if highlight is not None:
            k = int(np.flatnonzero(np.asarray(dataset.ids) == highlight)[0])
            p = float(model.predict_proba(X[k:k + 1])[0])
            where = dict(xytext=(25, -38), textcoords="offset points") if label_at is None else \
                dict(xytext=tuple(float(v) for v in label_at), textcoords="data")
            ax.annotate(f"#{highlight}: P(good) = {p:.5f}", X[k], **where,
                        fontsize=9, arrowprops=dict(arrowstyle="->", color="black", lw=1),
                        bbox=dict(fc="white", ec="0.5", pad=2))
    ax.set_xlabel(dataset.feature_names[0].replace("_", " "))   # "sugar content", not "sugar_content"
    ax.set_ylabel(dataset.feature_names[1].replace("_", " "))
    ax.legend(fontsize=9, loc="upper left")
    return ax


def plot_ranked_strip(ax, examples, *, cut=None):
    """The examples ranked by score as a strip of boxes (positives blue with a "+",
    negatives vermillion with a "−"), each showing its id and score; with ``cut``
    a solid orange line after the first ``cut`` examples (those are predicted positive).

    Scores are printed with the fewest decimals that show every one exactly (at most 3).
    """
    ids, y, s = examples.ranked()
    n = len(ids)
    if cut is not None:
        cut = check_positive_int(cut, "cut", minimum=0, maximum=n)
    d = score_decimals(s, at_least=1, at_most=3)
    for r, (i, t, v) in enumerate(zip(ids, y, s)):
        ax.add_patch(Rectangle((r, 0), 0.92, 1, color=style.POSITIVE if t == 1 else style.NEGATIVE))
        ax.text(r + 0.46, 0.76, f"#{i}", ha="center", va="center", fontsize=9, color="white", weight="bold")
        ax.text(r + 0.46, 0.48, "+" if t == 1 else "−", ha="center", va="center", fontsize=11, color="white",
                weight="bold")
        ax.text(r + 0.46, 0.2, f"{v:.{d}f}", ha="center", va="center", fontsize=9, color="white")
    if cut is not None:
        ax.axvline(cut - 0.04, **style.CUT_LINE)
    ax.set_xlim(-0.1, n)
    ax.set_ylim(0, 1)
    ax.set_axis_off()
    return ax
