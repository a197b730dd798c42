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

__all__ = ["plot_intervals", "plot_sampling_distribution", "plot_coverage", "plot_curve_band", "plot_two_intervals",
           "paired_auc_resamples", "plot_paired_auc_scatter"]

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


def plot_intervals(ax, intervals, *, truth=None, xlabel="AUC", annotate=True, not_intervals=()):
    """A forest plot: one row per named interval (dot = estimate, bar = interval).

    Parameters
    ----------
    ax : matplotlib Axes
    intervals : dict name -> BootstrapResult | DelongResult | (estimate, low, high)
    truth : float, optional
        The population value, a grey dashed line.
    annotate : bool or "margin"
        Write "[low, high]" right of each bar (True), or in the right margin, outside the axes
        ("margin": for an axis clipped at a bound such as AUC = 1, where a bar may end on the edge).
    not_intervals : collection of names, default=()
        Rows that are no confidence interval (e.g. mean ± 1.96 sd of folds): mid grey, not the sky blue
        of an estimate's spread, with end ticks and a small open estimate so a short bar shows.
    """
    if annotate not in (True, False, "margin"):
        raise ValueError(f"annotate must be True, False or 'margin', got {annotate!r}")
    names = list(intervals)
    for i, name in enumerate(names):
        est, lo, hi = _ends(intervals[name])
        y = len(names) - 1 - i
        if name in not_intervals:
            ax.plot([lo, hi], [y, y], color="#777777", lw=2.5, solid_capstyle="butt", zorder=3)
            ax.plot([lo, hi], [y, y], "|", color="#777777", ms=12, mew=2, zorder=3)
            ax.plot([est], [y], "o", mfc="white", mec=style.CURVE, ms=4, mew=1.2, zorder=4)
        else:
            ax.plot([lo, hi], [y, y], color=style.ESTIMATE, lw=4, solid_capstyle="butt", zorder=3)
            ax.plot([est], [y], "o", color=style.CURVE, ms=6, zorder=4)
        if annotate == "margin":
            ax.annotate(f"[{lo:.3f}, {hi:.3f}]", (1.01, y), xycoords=("axes fraction", "data"), va="center",
                        fontsize=_FS, annotation_clip=False)
        elif annotate:
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
    """A histogram of resampled (or simulated) metric values (sky blue), the interval's ends
    as dotted near-black lines, the estimate a solid one, the true value the grey dashed
    reference; each line is labelled beside it (no legend box over the data)."""
    values = np.asarray(values, dtype=float)
    counts, _, _ = ax.hist(values, bins=bins, color=style.ESTIMATE, alpha=0.75, edgecolor="white")
    top = float(counts.max()) if counts.size else 1.0
    ax.set_ylim(0, top * 1.3)
    if interval is not None:
        est, lo, hi = _ends(interval)
        for v, ha, text in ((lo, "right", f"{lo:.3f} "), (hi, "left", f" {hi:.3f}")):
            ax.axvline(v, color=style.CURVE, lw=1.5, ls=":")
            ax.text(v, top * 1.1, text, ha=ha, va="center", fontsize=_FS)
        # the estimate's line stops just under its label (it would run through it)
        ax.plot([est, est], [0, top * 1.15], color=style.CURVE, lw=2)
        ax.text(est, top * 1.22, f"estimate {est:.3f}; interval (dotted) [{lo:.3f}, {hi:.3f}]", ha="center",
                va="center", fontsize=_FS, bbox=dict(facecolor="white", edgecolor="none", pad=1.0))
    if truth is not None:
        ax.axvline(truth, **{**style.REFERENCE_STYLE, "lw": 2})
        ax.text(truth, top * 0.98, f" true AUC {truth:.3f}", ha="left", va="top", fontsize=_FS,
                color=style.REFERENCE)
    ax.set_xlabel(xlabel, fontsize=_FS + 1)
    ax.set_ylabel(f"count of {label}", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def plot_coverage(ax, lows, highs, truth, *, max_shown=100):
    """Intervals of many simulated data sets, stacked; those missing the truth black,
    thick and marked ``x``. Returns the share that covers the truth."""
    lows = np.asarray(lows, dtype=float)[:max_shown]
    highs = np.asarray(highs, dtype=float)[:max_shown]
    hit = (lows <= truth) & (truth <= highs)
    k = np.arange(lows.size)
    ax.hlines(k[hit], lows[hit], highs[hit], color=style.ESTIMATE, lw=1.6)
    ax.hlines(k[~hit], lows[~hit], highs[~hit], color=style.CURVE, lw=2.6)
    ax.plot((lows[~hit] + highs[~hit]) / 2, k[~hit], "x", color=style.CURVE, ms=6)
    ax.axvline(truth, color=style.REFERENCE, ls="--", lw=1.5)
    # the key written above the intervals (a legend box would cover some of them)
    ax.set_ylim(-1.5, lows.size * 1.16)
    ax.text(0.01, 0.995, f"sky blue: covers the true AUC ({hit.sum()});  black, x: misses it ({(~hit).sum()})\n"
            f"dashed: true AUC {truth:.3f}", transform=ax.transAxes, ha="left", va="top", fontsize=_FS,
            bbox=dict(facecolor="white", edgecolor="none", pad=1.0), zorder=5)
    ax.set_xlabel("AUC", fontsize=_FS + 1)
    ax.set_ylabel("simulated data set", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    return float(hit.mean())


def plot_curve_band(ax, band: CurveBand, *, label="the data's curve", i=None, pr_curve=None, roc_curve=None):
    """A bootstrap band (shaded) with the data's curve on the same grid (a step line
    for ROC, the grid points for P-R). ``i`` picks ``style.learner_style(i)`` when
    several learners share the axes; otherwise the curve is near-black and the band
    sky blue. ``pr_curve``: the data's (recall, precision) per cut, e.g. from
    ``precision_recall_curve``; a P-R band then draws the curve with the course's one
    P-R drawing (:func:`learnmetrics.plotting.curves.plot_pr_steps`: a dot per cut,
    the achievable interpolation between cuts). ``roc_curve``: the data's (fpr, tpr) per cut,
    e.g. from ``roc_curve``; a ROC band then draws the curve through them with a dot per cut
    (:func:`learnmetrics.plotting.curves.plot_roc_steps`), as every other ROC curve of the course."""
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
    if band.kind == "pr" and pr_curve is not None:
        from .curves import plot_pr_steps

        plot_pr_steps(ax, np.asarray(pr_curve[0], dtype=float), np.asarray(pr_curve[1], dtype=float), label=label,
                      color=colour, ls=ls, lw=1.8)
    elif band.kind == "roc" and roc_curve is not None:
        from .curves import plot_roc_steps

        plot_roc_steps(ax, np.asarray(roc_curve[0], dtype=float), np.asarray(roc_curve[1], dtype=float), label=label,
                       color=colour, ls=ls, lw=1.8)
    else:
        ax.step(x, y, where=step, color=colour, ls=ls, lw=1.8, label=label)
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.04)
    ax.set_aspect("equal")
    if band.kind == "roc":
        # the random classifier: the grammar's DIAGONAL look, named on the line (not in the legend), below it at
        # the upper right, where a ROC curve and its band rarely reach
        (diag,) = ax.plot([0, 1], [0, 1], **style.DIAGONAL, zorder=1.5)
        style.label_line(ax, diag, "random guess", x=0.88, above=False)
        ax.set_xlabel("FPR (false positive rate)", fontsize=_FS + 1)
        ax.set_ylabel("TPR (true positive rate)", fontsize=_FS + 1)
    else:
        ax.set_xlabel("R (recall)", fontsize=_FS + 1)
        ax.set_ylabel("P (precision)", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.legend(fontsize=_FS, loc="lower right" if band.kind == "roc" else "lower left")
    return ax


def plot_two_intervals(ax, values, intervals, *, bins=30, xlabel="AUC"):
    """Two intervals of the same resampled values (e.g. percentile and BCa) over their histogram.

    ``intervals``: dict name -> BootstrapResult (two of them). The histogram is the
    estimate's spread (sky blue); each interval is a bracket above it in the
    course's look for a pair shown once (near-black solid / dotted, ``style.pair_style``),
    labelled on the bracket, its ends dropped to the axis as thin lines of the same look;
    the estimate is a solid near-black line.
    """
    if not isinstance(intervals, dict) or len(intervals) != 2:
        raise ValueError(f"intervals must be a dict of two named intervals, got {intervals!r}")
    values = np.asarray(values, dtype=float)
    counts, _, _ = ax.hist(values, bins=bins, color=style.ESTIMATE, alpha=0.75, edgecolor="white")
    top = float(counts.max())
    est = None
    for i, (name, r) in enumerate(intervals.items()):
        est, lo, hi = _ends(r)
        st = style.pair_style(i)
        y = top * (1.12 + 0.16 * i)
        ax.plot([lo, hi], [y, y], lw=2.2, marker="|", ms=12, mew=2, **st)
        for v in (lo, hi):
            ax.plot([v, v], [0, y], lw=1.0, **st)
        ax.text(hi + 0.01, y, f"{name} [{lo:.3f}, {hi:.3f}]", va="center", ha="left", fontsize=_FS,
                color=st["color"])
    ax.axvline(est, color=style.CURVE, lw=2)
    ax.text(est, top * 1.5, f"estimate {est:.3f} ", ha="right", va="center", fontsize=_FS)
    ax.set_ylim(0, top * 1.62)
    ax.set_xlabel(xlabel, fontsize=_FS + 1)
    ax.set_ylabel("count of resamples", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def paired_auc_resamples(y_true, score_a, score_b, *, n_resamples=2000, rng=0):
    """(AUC_A, AUC_B) on the same bootstrap resamples (drawn within each class, as
    :func:`learnmetrics.bootstrap_ci` does): two arrays of shape (n_resamples,)."""
    from ..curves import roc_auc_score
    from .._validation import as_labels, as_scores, check_positive_int, check_same_length

    y = as_labels(y_true, "y_true")
    a, b = as_scores(score_a, "score_a"), as_scores(score_b, "score_b")
    check_same_length(y_true=y, score_a=a, score_b=b)
    n_resamples = check_positive_int(n_resamples, "n_resamples", minimum=1)
    gen = np.random.default_rng(rng)
    groups = [np.flatnonzero(y == c) for c in np.unique(y)]
    out = np.empty((2, n_resamples))
    for r in range(n_resamples):
        idx = np.concatenate([g[gen.integers(0, len(g), len(g))] for g in groups])
        out[0, r] = roc_auc_score(y[idx], a[idx])
        out[1, r] = roc_auc_score(y[idx], b[idx])
    return out[0], out[1]


def plot_paired_auc_scatter(ax, auc_a, auc_b, *, names=("A", "B"), estimate=None):
    """Paired resampled AUCs as a scatter: one dot per resample at (AUC_A, AUC_B).

    The dots lie along the diagonal when the two AUCs move together (a positive
    covariance, DeLong's Cov); the diagonal AUC_A = AUC_B is the grey dashed
    reference, labelled on the line, and the share of dots below it (A ahead) is
    written in the corner. ``estimate``: (AUC_A, AUC_B) on the test set itself, a
    solid near-black cross."""
    a, b = np.asarray(auc_a, dtype=float), np.asarray(auc_b, dtype=float)
    if a.shape != b.shape or a.ndim != 1 or a.size == 0:
        raise ValueError(f"auc_a and auc_b must be 1-D of the same length, got {a.shape} and {b.shape}")
    ax.plot(a, b, "o", ms=2.5, color=style.ESTIMATE, alpha=0.45, mec="none")
    lo = float(min(a.min(), b.min()))
    hi = float(max(a.max(), b.max()))
    pad = 0.03 * (hi - lo or 1.0)
    lo, hi = lo - pad, min(1.0, hi) + pad
    (diag,) = ax.plot([lo, hi], [lo, hi], **style.REFERENCE_STYLE)
    style.label_line(ax, diag, f"AUC$_{{{names[0]}}}$ = AUC$_{{{names[1]}}}$", frac=0.2)
    if estimate is not None:
        ax.plot([estimate[0]], [estimate[1]], "P", ms=11, color=style.CURVE, mec="white", mew=1.0, zorder=5)
        ax.annotate("the test set itself", (estimate[0], estimate[1]), xytext=(-8, 10), textcoords="offset points",
                    ha="right", fontsize=_FS)
    ahead = float(np.mean(a > b))
    corr = float(np.corrcoef(a, b)[0, 1])
    ax.text(0.98, 0.03, f"{names[0]} ahead in {ahead:.1%} of resamples\ncorrelation {corr:.2f}",
            transform=ax.transAxes, ha="right", va="bottom", fontsize=_FS)
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_aspect("equal")
    ax.set_xlabel(f"AUC of {names[0]} on the resample", fontsize=_FS + 1)
    ax.set_ylabel(f"AUC of {names[1]} on the resample", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.spines[["top", "right"]].set_visible(False)
    return ax
