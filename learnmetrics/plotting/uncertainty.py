"""Pictures of how sure a metric is (chapter 10): intervals, sampling distributions,
coverage, and bootstrap bands on ROC and P-R curves.

Visual grammar (:mod:`learnmetrics.plotting.style`): an estimate and its spread are
sky blue (``style.ESTIMATE``); the true (population) value is the grey dashed
reference (``style.REFERENCE``); a curve is near-black (``style.CURVE``), learners
compared keep ``style.learner_style(i)``. An interval that misses the truth is
drawn black and thick with an ``x`` (a second cue besides colour). No text
smaller than 9 pt.
"""
from __future__ import annotations

import numpy as np

from ..uncertainty import BootstrapResult, CurveBand, DelongResult
from . import style

__all__ = ["plot_intervals", "plot_sampling_distribution", "plot_coverage", "plot_curve_band"]

_FS = 9


def _ends(r):
    if isinstance(r, BootstrapResult):
        return r.estimate, r.low, r.high
    if isinstance(r, DelongResult) and r.low is not None:
        return float(r.auc[0]), r.low, r.high
    if isinstance(r, (tuple, list)) and len(r) == 3:
        return tuple(float(v) for v in r)
    raise TypeError("each interval must be a BootstrapResult, a DelongResult from roc_auc_ci or an "
                    f"(estimate, low, high) tuple, got {type(r).__name__}")


def plot_intervals(ax, intervals, *, truth=None, xlabel="AUC", annotate=True):
    """A forest plot: one row per named interval (dot = estimate, bar = interval).

    Parameters
    ----------
    ax : matplotlib Axes
    intervals : dict name -> BootstrapResult | DelongResult | (estimate, low, high)
    truth : float, optional
        The population value, a grey dashed line.
    annotate : bool
        Write "[low, high]" right of each bar.
    """
    names = list(intervals)
    for i, name in enumerate(names):
        est, lo, hi = _ends(intervals[name])
        y = len(names) - 1 - i
        ax.plot([lo, hi], [y, y], color=style.ESTIMATE, lw=4, solid_capstyle="butt", zorder=3)
        ax.plot([est], [y], "o", color=style.CURVE, ms=6, zorder=4)
        if annotate:
            ax.text(hi + 0.01, y, f"[{lo:.3f}, {hi:.3f}]", va="center", fontsize=_FS)
    if truth is not None:
        ax.axvline(truth, color=style.REFERENCE, ls="--", lw=1.5, label=f"true value {truth:.3f}", zorder=2)
        ax.legend(fontsize=_FS, loc="lower left")
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names[::-1], fontsize=_FS + 1)
    ax.set_ylim(-0.7, len(names) - 0.3)
    ax.set_xlabel(xlabel, fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    return ax


def plot_sampling_distribution(ax, values, *, truth=None, interval=None, bins=30, label="resampled AUCs",
                               xlabel="AUC"):
    """A histogram of resampled (or simulated) metric values, the interval's ends as
    sky-blue lines and the true value as the grey dashed reference."""
    values = np.asarray(values, dtype=float)
    ax.hist(values, bins=bins, color=style.ESTIMATE, alpha=0.75, edgecolor="white", label=label)
    if interval is not None:
        est, lo, hi = _ends(interval)
        for v in (lo, hi):
            ax.axvline(v, color=style.CURVE, lw=1.5, ls=":")
        ax.axvline(est, color=style.CURVE, lw=2, label=f"estimate {est:.3f}, interval [{lo:.3f}, {hi:.3f}] (dotted)")
    if truth is not None:
        ax.axvline(truth, color=style.REFERENCE, ls="--", lw=2, label=f"true AUC {truth:.3f}")
    ax.set_xlabel(xlabel, fontsize=_FS + 1)
    ax.set_ylabel("count", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.legend(fontsize=_FS, loc="upper left")
    return ax


def plot_coverage(ax, lows, highs, truth, *, max_shown=100):
    """Intervals of many simulated data sets, stacked; those missing the truth black,
    thick and marked ``x``. Returns the share that covers the truth."""
    lows = np.asarray(lows, dtype=float)[:max_shown]
    highs = np.asarray(highs, dtype=float)[:max_shown]
    hit = (lows <= truth) & (truth <= highs)
    k = np.arange(lows.size)
    ax.hlines(k[hit], lows[hit], highs[hit], color=style.ESTIMATE, lw=1.6, label=f"covers the truth ({hit.sum()})")
    ax.hlines(k[~hit], lows[~hit], highs[~hit], color=style.CURVE, lw=2.6,
              label=f"misses it ({(~hit).sum()}), marked x")
    ax.plot((lows[~hit] + highs[~hit]) / 2, k[~hit], "x", color=style.CURVE, ms=6)
    ax.axvline(truth, color=style.REFERENCE, ls="--", lw=1.5, label=f"true AUC {truth:.3f}")
    ax.set_xlabel("AUC", fontsize=_FS + 1)
    ax.set_ylabel("simulated data set", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.legend(fontsize=_FS, loc="lower left")
    return float(hit.mean())


def plot_curve_band(ax, band: CurveBand, *, label="the data's curve", i=None):
    """A bootstrap band (shaded) with the data's curve on the same grid (a step line
    for ROC, the grid points for P-R). ``i`` picks ``style.learner_style(i)`` when
    several learners share the axes; otherwise the curve is near-black and the band
    sky blue."""
    if not isinstance(band, CurveBand):
        raise TypeError(f"band must be a CurveBand from roc_bootstrap_band / pr_bootstrap_band, got "
                        f"{type(band).__name__}")
    if i is None:
        colour, ls, fill = style.CURVE, "-", style.ESTIMATE
    else:
        st = style.learner_style(i)
        colour, ls, fill = st["color"], st["ls"], st["color"]
    pct = f"{band.confidence:.0%}"
    step = "post" if band.kind == "roc" else "pre"
    ax.fill_between(band.x, band.low, band.high, step=step, color=fill, alpha=0.3, lw=0,
                    label=f"{pct} bootstrap band")
    x, y = band.x, band.y
    if band.kind == "roc" and x[0] == 0:  # the curve starts at (0, 0) and rises along FPR = 0
        x, y = np.r_[0.0, x], np.r_[0.0, y]
    ax.step(x, y, where=step, color=colour, ls=ls, lw=1.8, label=label)
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.04)
    ax.set_aspect("equal")
    if band.kind == "roc":
        ax.plot([0, 1], [0, 1], color=style.REFERENCE, ls="--", lw=1, label="random classifier")
        ax.set_xlabel("FPR (false positive rate)", fontsize=_FS + 1)
        ax.set_ylabel("TPR (true positive rate)", fontsize=_FS + 1)
    else:
        ax.set_xlabel("R (recall)", fontsize=_FS + 1)
        ax.set_ylabel("P (precision)", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.legend(fontsize=_FS, loc="lower right" if band.kind == "roc" else "lower left")
    return ax
