"""Figures of chapter 13 (evaluation in practice), in the course's visual grammar.

* :func:`plot_estimate_strips`: simulated estimates (sky blue: an estimate's spread)
  against the true value (grey dashed), one row per way of evaluating.
* :func:`plot_selection_gap`: best-of-m and nested CV against m, the truth dashed.
* :func:`plot_metrics_by_threshold`: P, R, F1 and accuracy against the threshold, each
  with a band over resampled validation sets, beside the P-R curve with the same
  thresholds marked (the two pictures reconciled).
"""
from __future__ import annotations

import numpy as np

from .. import curves as _curves
from . import style
from .curves import plot_pr_steps

__all__ = ["plot_estimate_strips", "plot_selection_gap", "plot_metrics_by_threshold", "metric_bands", "plot_gains_and_lift"]

_FS = 9


def plot_estimate_strips(ax, rows, truth, *, xlabel="accuracy", title=None):
    """``rows``: {label: values over simulated data sets}; ``truth``: one number (a dashed line)
    or {label: values} (each row's own true values, a dashed tick at their mean).
    Each value is a sky-blue dot, the mean of a row a near-black bar."""
    labels = list(rows)
    for i, label in enumerate(labels):
        v = np.asarray(rows[label], dtype=float)
        jitter = np.linspace(-0.18, 0.18, v.size) if v.size > 1 else np.zeros(1)
        ax.plot(v, i + jitter, "o", color=style.ESTIMATE, ms=5, alpha=0.8, mec="white", mew=0.5)
        ax.plot([v.mean()] * 2, [i - 0.3, i + 0.3], color=style.CURVE, lw=2.5)
        ax.annotate(f"mean {v.mean():.2f}", (1.01, i), xycoords=("axes fraction", "data"), fontsize=_FS,
                    va="center", annotation_clip=False)
        if isinstance(truth, dict) and label in truth:
            t = float(np.mean(truth[label]))
            ax.plot([t, t], [i - 0.4, i + 0.4], **style.REFERENCE_STYLE)
    if not isinstance(truth, dict):
        ax.axvline(float(truth), **style.REFERENCE_STYLE)
        ax.annotate(f"true value {float(truth):g}", (float(truth), 1.0), xycoords=("data", "axes fraction"),
                    xytext=(0, 3), textcoords="offset points", fontsize=_FS, ha="center", color=style.REFERENCE)
    ax.set_yticks(range(len(labels)))
    ax.set_yticklabels(labels, fontsize=_FS)
    ax.set_ylim(-0.6, len(labels) - 0.2)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel, fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    if title:
        ax.set_title(title, fontsize=_FS + 1)
    return ax


def plot_selection_gap(ax, study):
    """Mean best-of-m and nested-CV accuracy against m (log scale), the truth dashed."""
    ms = np.array(study.ms)
    lines = []
    for i, (values, text) in enumerate(((study.best_of, "best of m, same CV"), (study.nested, "nested CV"))):
        line, = ax.plot(ms, values.mean(axis=0), marker="o", ms=5, **style.pair_style(i))
        style.label_line(ax, line, text, frac=0.55, fontsize=_FS)
        lines.append(line)
    ax.axhline(study.truth, **style.REFERENCE_STYLE)
    ax.annotate("true accuracy", (ms[-1], study.truth), xytext=(0, 3), textcoords="offset points",
                fontsize=_FS, color=style.REFERENCE, ha="right")
    ax.set_xscale("log")
    ax.set_xticks(ms)
    ax.set_xticklabels([str(m) for m in ms], fontsize=_FS)
    ax.minorticks_off()
    ax.set_xlabel("m, configurations compared (log scale)", fontsize=_FS + 1)
    ax.set_ylabel("accuracy (mean over data sets)", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    return lines


#: (measure, line style, where along the grid its name is written)
#: and the label's offset in points (recall's name goes under its line: above it, it crossed the frame)
_METRICS = (("precision", "-", 0.75, (3, 4)), ("recall", "--", 0.12, (3, -13)), ("F1", "-.", 0.3, (3, 4)),
            ("accuracy", (0, (1, 1.5)), 0.9, (3, 4)))


def metric_bands(y, s, grid, *, n_resamples=100, rng=0):
    """P, R, F1, accuracy at each threshold of ``grid`` (predict 1 when s >= t), on the data
    and on ``n_resamples`` bootstrap resamples of it: {name: (values, low 5%, high 95%)}.
    Counting is vectorised: the resample weights times the (example x threshold) predictions."""
    y = np.asarray(y)
    s = np.asarray(s, dtype=float)
    grid = np.asarray(grid, dtype=float)
    pred = s[:, None] >= grid[None, :]
    rng = np.random.default_rng(rng)
    W = np.vstack([np.ones(y.size)] + [np.bincount(rng.integers(0, y.size, y.size), minlength=y.size)
                                      for _ in range(n_resamples)])
    pos = (y == 1).astype(float)
    tp = (W * pos) @ pred
    fp = (W * (1 - pos)) @ pred
    P, N = (W * pos).sum(1)[:, None], (W * (1 - pos)).sum(1)[:, None]
    with np.errstate(invalid="ignore", divide="ignore"):
        m = {"precision": tp / (tp + fp), "recall": tp / P, "F1": 2 * tp / (tp + fp + P),
             "accuracy": (tp + N - fp) / (P + N)}
    out = {}
    for name, v in m.items():
        with np.errstate(invalid="ignore"):
            out[name] = (v[0], np.nanpercentile(v[1:], 5, axis=0), np.nanpercentile(v[1:], 95, axis=0))
    return out


def plot_metrics_by_threshold(ax_t, ax_pr, y, s, grid, *, marks=(), n_resamples=100, rng=0):
    """Left: the four measures against the threshold with 90% bootstrap bands (sky blue);
    right: the P-R curve of the same data, with the thresholds ``marks`` shown on both."""
    bands = metric_bands(y, s, grid, n_resamples=n_resamples, rng=rng)
    for name, ls, at, offset in _METRICS:
        v, lo, hi = bands[name]
        ax_t.fill_between(grid, lo, hi, color=style.ESTIMATE, alpha=0.25, lw=0)
        line, = ax_t.plot(grid, v, color=style.CURVE, ls=ls, lw=1.8)
        k = int(round(at * (grid.size - 1)))
        ax_t.annotate(name, (grid[k], v[k]), xytext=offset, textcoords="offset points", fontsize=_FS,
                      bbox=dict(facecolor="white", edgecolor="none", pad=0.5, alpha=0.8))
    ax_t.set_xlabel("threshold t (predict + when score ≥ t)", fontsize=_FS + 1)
    ax_t.set_ylabel("value (band: 90% of resamples)", fontsize=_FS + 1)
    ax_t.set_ylim(0, 1.02)
    ax_t.tick_params(labelsize=_FS)
    p, r, t = _curves.precision_recall_curve(y, s)
    plot_pr_steps(ax_pr, r, p)
    for i, tm in enumerate(marks):
        k = int(np.searchsorted(t, tm))           # the first threshold >= tm
        k = min(k, t.size - 1)
        if i == 0:
            ax_pr.plot(r[k], p[k], **style.CUT_POINT)
        else:
            ax_pr.plot(r[k], p[k], "D", ms=7, mfc="white", mec=style.CURVE, mew=1.5, zorder=6, clip_on=False)
        ax_pr.annotate(f"t = {tm:g}", (r[k], p[k]), xytext=(6, 6), textcoords="offset points", fontsize=_FS)
        if i == 0:
            ax_t.axvline(tm, **style.CUT_LINE)
        else:
            ax_t.axvline(tm, color=style.CURVE, lw=1, ls=":")
    ax_pr.set_xlim(0, 1.02)
    ax_pr.set_ylim(0, 1.02)
    ax_pr.set_xlabel("recall R", fontsize=_FS + 1)
    ax_pr.set_ylabel("precision P", fontsize=_FS + 1)
    ax_pr.tick_params(labelsize=_FS)
    return bands


def plot_gains_and_lift(ax_g, ax_l, y, s):
    """Cumulative gains (left) and lift (right) of one scorer, with the random-targeting reference
    (grey dashed, labelled on the line) and, on the gains chart, the perfect ranking (grey dashed, as in 04)."""
    from .. import operating_point as _op

    x, g, _ = _op.cumulative_gains_curve(y, s)
    ax_g.plot(x, g, color=style.CURVE, lw=2)
    diag, = ax_g.plot([0, 1], [0, 1], **style.DIAGONAL)
    style.label_line(ax_g, diag, "random targeting", frac=0.7, fontsize=_FS)
    base = float(np.mean(np.asarray(y) == 1))
    ax_g.plot([0, base, 1], [0, 1, 1], **style.REFERENCE_STYLE)   # 04's look for the perfect ranking
    ax_g.annotate("perfect ranking", (base, 1), xytext=(6, -14), textcoords="offset points", fontsize=_FS,
                  color=style.REFERENCE)
    ax_g.set_xlabel("share of examples targeted (top of the ranking)", fontsize=_FS + 1)
    ax_g.set_ylabel("share of positives found (gain)", fontsize=_FS + 1)
    ax_g.set_xlim(0, 1)
    ax_g.set_ylim(0, 1.02)
    xl, lift, _ = _op.lift_curve(y, s)
    ax_l.plot(xl, lift, color=style.CURVE, lw=2)
    one = ax_l.axhline(1.0, **style.REFERENCE_STYLE)
    style.label_line(ax_l, one, "random targeting (lift 1)", frac=0.6, fontsize=_FS)
    ax_l.set_xlabel("share of examples targeted", fontsize=_FS + 1)
    ax_l.set_ylabel("lift = precision / share of positives", fontsize=_FS + 1)
    ax_l.set_xlim(0, 1)
    ax_l.set_ylim(0, max(1.2, float(np.max(lift)) * 1.05))     # every point shown, the noisy smallest tops too
    for ax in (ax_g, ax_l):
        ax.tick_params(labelsize=_FS)
