"""Pictures of calibration (chapter 11): reliability diagrams and recalibration maps.

Visual grammar (:mod:`learnmetrics.plotting.style`): the diagonal of perfect
calibration is the grey dashed reference (``style.REFERENCE``); one model's
reliability curve is near-black (``style.CURVE``); models compared keep
``style.learner_style(i)`` and a different marker each, so colour is never the
only cue. Under the curve, a bar chart (``style.ESTIMATE``) shows how many
examples each bin holds (a point made of 3 examples means little). No text
smaller than 9 pt.
"""
from __future__ import annotations

import numpy as np

from .. import calibration as _cal
from . import style

__all__ = ["plot_reliability_diagram", "plot_calibration_map"]

_FS = 9
_MARKERS = ("o", "s", "^", "D")


def plot_reliability_diagram(ax, y_true, probs, *, n_bins=10, strategy="uniform", pos_label=None, counts=True,
                             legend_loc="upper left"):
    """The reliability diagram: fraction of positives against mean probability, bin by bin.

    Parameters
    ----------
    ax : matplotlib Axes
    y_true : array-like of shape (n_samples,)
    probs : array-like, or dict name -> array-like
        One model's probabilities, or several (drawn with ``style.learner_style(i)``).
    n_bins, strategy, pos_label : as in :func:`learnmetrics.calibration_curve`
    counts : bool, default=True
        Bars along the bottom: the share of the examples in each bin (of the first model).
    legend_loc : str, default="upper left"

    Returns
    -------
    dict name -> (prob_true, prob_pred)
    """
    models = probs if isinstance(probs, dict) else {"model": probs}
    out = {}
    ax.plot([0, 1], [0, 1], color=style.REFERENCE, ls="--", lw=1.5, label="perfectly calibrated")
    for i, (name, p) in enumerate(models.items()):
        pt, pp = _cal.calibration_curve(y_true, p, pos_label=pos_label, n_bins=n_bins, strategy=strategy)
        out[name] = (pt, pp)
        st = dict(color=style.CURVE, ls="-") if len(models) == 1 else style.learner_style(i)
        ax.plot(pp, pt, marker=_MARKERS[i % len(_MARKERS)], ms=6, lw=1.8, label=name, **st)
        if counts and i == 0:
            p_arr = np.asarray(p, dtype=float)
            if strategy == "uniform":
                edges = np.linspace(0, 1, n_bins + 1)
            else:
                edges = np.percentile(p_arr, np.linspace(0, 100, n_bins + 1))
            ids = np.searchsorted(edges[1:-1], p_arr)
            share = np.bincount(ids, minlength=n_bins) / p_arr.size
            ax.bar(edges[:-1], 0.25 * share / max(share.max(), 1e-12), width=np.diff(edges), align="edge",
                   color=style.ESTIMATE, alpha=0.35, edgecolor="white", zorder=0,
                   label=f"examples per bin ({name})" if len(models) > 1 else "examples per bin")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_xlabel("mean predicted probability in the bin", fontsize=_FS + 1)
    ax.set_ylabel("fraction of positives in the bin", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.legend(fontsize=_FS, loc=legend_loc)
    return out


def plot_calibration_map(ax, calibrators, *, grid=None, xlabel="score (probability before)"):
    """Fitted recalibration maps: new probability against old score.

    Parameters
    ----------
    ax : matplotlib Axes
    calibrators : dict name -> fitted PlattCalibrator | IsotonicCalibrator
    grid : array-like, default=np.linspace(0, 1, 201)
    """
    g = np.linspace(0, 1, 201) if grid is None else np.asarray(grid, dtype=float)
    ax.plot([g.min(), g.max()], [g.min(), g.max()], color=style.REFERENCE, ls="--", lw=1.5, label="no change")
    for i, (name, c) in enumerate(calibrators.items()):
        ax.plot(g, c.predict(g), lw=2, label=name, **style.learner_style(i))
    ax.set_xlabel(xlabel, fontsize=_FS + 1)
    ax.set_ylabel("recalibrated probability", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.legend(fontsize=_FS, loc="upper left")
