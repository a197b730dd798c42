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
                             legend_loc="upper left", reference=None):
    """The reliability diagram: fraction of positives against mean probability, bin by bin.

    Parameters
    ----------
    ax : matplotlib Axes
    y_true : array-like of shape (n_samples,)
    probs : array-like, or dict name -> array-like
        One model's probabilities, or several (drawn with ``style.learner_style(i)``;
        a single model in ``style.CURVE``).
    n_bins, strategy, pos_label : as in :func:`learnmetrics.calibration_curve`
    counts : bool, default=True
        Bars along the bottom: the number of examples in each bin (of the first
        model), on their own axis at the right (the y axis on the left is the
        fraction of positives, which the bars are not).
    legend_loc : str, default="upper left"
    reference : str or None, default=None
        The name (a key of ``probs``) of a true / reference probability, such as
        the true P(+|x) of a simulation: drawn as the course's reference (grey,
        open markers), not in a learner's colour.

    Returns
    -------
    dict name -> (prob_true, prob_pred)
    """
    models = probs if isinstance(probs, dict) else {"model": probs}
    if reference is not None and reference not in models:
        raise ValueError(f"reference must be one of the names in probs {list(models)}, got {reference!r}")
    out = {}
    ax.plot([0, 1], [0, 1], color=style.REFERENCE, ls="--", lw=1.5, label="perfectly calibrated (diagonal)")
    learners = [n for n in models if n != reference]
    for name, p in models.items():
        pt, pp = _cal.calibration_curve(y_true, p, pos_label=pos_label, n_bins=n_bins, strategy=strategy)
        out[name] = (pt, pp)
        if name == reference:
            ax.plot(pp, pt, marker="o", ms=6, mfc="white", mec=style.REFERENCE, color=style.REFERENCE, ls="-",
                    lw=1.2, label=name, zorder=3)
            continue
        i = learners.index(name)
        st = dict(color=style.CURVE, ls="-") if len(learners) == 1 else style.learner_style(i)
        ax.plot(pp, pt, marker=_MARKERS[i % len(_MARKERS)], ms=6, lw=1.8, label=name, zorder=4, **st)
    if counts:
        name, p = next(iter(models.items())) if not learners else (learners[0], models[learners[0]])
        p_arr = np.asarray(p, dtype=float)
        if strategy == "uniform":
            edges = np.linspace(0, 1, n_bins + 1)
        else:
            edges = np.percentile(p_arr, np.linspace(0, 100, n_bins + 1))
        ids = np.searchsorted(edges[1:-1], p_arr)
        n_in = np.bincount(ids, minlength=n_bins)
        axc = ax.twinx()
        axc.bar(edges[:-1], n_in, width=np.diff(edges), align="edge", color=style.ESTIMATE, alpha=0.35,
                edgecolor="white", zorder=0)
        top = max(int(n_in.max()), 1)
        axc.set_ylim(0, 4.0 * top)   # the bars fill the bottom quarter; the count axis spans them only
        from matplotlib.ticker import MaxNLocator
        ticks = [t for t in MaxNLocator(3, integer=True).tick_values(0, top) if 0 <= t <= top]
        axc.set_yticks(ticks)
        axc.spines["right"].set_bounds(0, top)
        axc.spines["top"].set_visible(False)
        axc.text(1.0, 0.27, "examples per bin\n(bars, right axis)", transform=ax.transAxes, ha="right", va="bottom",
                 fontsize=_FS, color="#333333")
        axc.tick_params(labelsize=_FS)
        axc.set_zorder(ax.get_zorder() - 1)
        ax.patch.set_visible(False)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
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
