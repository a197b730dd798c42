"""Pictures of the running examples."""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Rectangle

from .confusion import NEG_COLOR, POS_COLOR

__all__ = ["plot_two_features", "plot_ranked_strip"]


def plot_two_features(ax, dataset, *, model=None, annotate=True):
    """Scatter of a two-feature data set (e.g. watermelon 3.0α), coloured by class.

    With a fitted linear ``model`` (``coef_``, ``intercept_``) the line where
    its score is 0.5 (log-odds 0) is drawn too.
    """
    X, y = dataset.X, dataset.y
    for label, color, marker in ((1, POS_COLOR, "o"), (0, NEG_COLOR, "s")):
        m = y == label
        ax.scatter(X[m, 0], X[m, 1], s=60, c=color, marker=marker, edgecolors="black", linewidths=0.8,
                   label=dataset.target_names[label], zorder=3)
    if annotate:
        for i, (a, b) in zip(dataset.ids, X):
            ax.annotate(str(i), (a, b), xytext=(4, 4), textcoords="offset points", fontsize=7, color="0.3")
    if model is not None:
        w, b = np.asarray(model.coef_, dtype=float), float(model.intercept_)
        xs = np.linspace(X[:, 0].min() - 0.05, X[:, 0].max() + 0.05, 2)
        ax.plot(xs, -(b + w[0] * xs) / w[1], color="0.3", ls="--", lw=1.2, label="score = 0.5")
        ax.set_ylim(X[:, 1].min() - 0.05, X[:, 1].max() + 0.05)
    ax.set_xlabel(dataset.feature_names[0])
    ax.set_ylabel(dataset.feature_names[1])
    ax.legend(fontsize=8, loc="upper left")
    return ax


def plot_ranked_strip(ax, examples, *, cut=None):
    """The examples ranked by score as a strip of coloured boxes, with an optional cut line
    after the first ``cut`` examples (those are predicted positive)."""
    ids, y, s = examples.ranked()
    n = len(ids)
    for r, (i, t, v) in enumerate(zip(ids, y, s)):
        ax.add_patch(Rectangle(
            (r, 0), 0.92, 1, color=POS_COLOR if t == 1 else NEG_COLOR, alpha=0.9))
        ax.text(r + 0.46, 0.62, f"#{i}", ha="center", va="center", fontsize=8, color="white", weight="bold")
        ax.text(r + 0.46, 0.3, f"{v:.2f}", ha="center", va="center", fontsize=7, color="white")
    if cut is not None:
        ax.axvline(cut - 0.04, color="black", lw=2.5)
    ax.set_xlim(-0.1, n)
    ax.set_ylim(0, 1)
    ax.set_axis_off()
    return ax
