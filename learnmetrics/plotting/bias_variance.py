"""Pictures of the bias-variance decomposition (book 2.5).

Colours and hatches follow the course's visual grammar
(:mod:`learnmetrics.plotting.style`): bias² green ``///``, variance reddish
purple (plain), noise grey ``...``, their sum black; a true value is grey and
dashed. Every quantity that is a sum of parts is drawn on a linear axis as a
stack, so the parts can be seen to add up (the book's figure 2.9 is linear too).
"""
from __future__ import annotations

import numpy as np

from . import style
from .._validation import check_bool, check_positive_int, check_real
from ..bias_variance import BiasVarianceResult, BiasVarianceState, PointDecomposition

__all__ = ["plot_fits", "plot_decomposition", "plot_point_decomposition", "plot_point_terms", "default_ymax",
           "TERMS", "BIAS_COLOR", "VARIANCE_COLOR", "NOISE_COLOR", "TOTAL_COLOR"]

# kept for older code: the colours now come from the course's style module
BIAS_COLOR = style.BIAS
VARIANCE_COLOR = style.VARIANCE
NOISE_COLOR = style.NOISE
TOTAL_COLOR = style.TOTAL

#: (label, colour, hatch) of the three terms, bottom of a stack first
TERMS = (
    ("noise $\\varepsilon^2$", style.NOISE, "..."),
    ("bias$^2$", style.BIAS, "///"),
    ("variance", style.VARIANCE, ""),
)
_FONT = 9  # the smallest text of every figure here, in points


def _check_result(result):
    if not isinstance(result, BiasVarianceResult):
        raise TypeError(f"result must be a BiasVarianceResult, got {type(result).__name__}")


def default_ymax(result: BiasVarianceResult) -> float:
    """The top of the linear error axis: 10% above the largest total on the simple side
    of the U (degrees up to the best one), so the bottom of the U is not flattened by
    the huge variance of the most flexible models (which are then marked off scale)."""
    _check_result(result)
    left = result.degrees <= result.best_degree
    return float(1.1 * max(result.total[left].max(), 1.5 * result.total.min()))


def plot_fits(ax, state: BiasVarianceState, *, ylim=(-2.0, 2.0), title=None, legend=True):
    """The fits of several training sets (thin), their mean :math:`\\bar f` (thick) and the truth (dashed)."""
    if not isinstance(state, BiasVarianceState):
        raise TypeError(f"state must be a BiasVarianceState, got {type(state).__name__}")
    legend = check_bool(legend, "legend")
    for c in state.curves:
        ax.plot(state.x, c, color=style.VARIANCE, lw=0.8, alpha=0.45)
    ax.plot([], [], color=style.VARIANCE, lw=0.8, label=f"$f(x; D)$, {len(state.curves)} training sets")
    _ = ax.plot(state.x, state.mean_curve, color=style.BIAS, lw=2.8, label="mean prediction $\\bar f(x)$")
    _ = ax.plot(state.x, state.f, color=style.REFERENCE, lw=2.2, ls="--", label="truth $y$", zorder=5)
    ax.set_ylim(*ylim)
    ax.set_xlim(state.x[0], state.x[-1])
    ax.set_xlabel("x")
    ax.spines[["top", "right"]].set_visible(False)
    if legend:
        ax.legend(fontsize=_FONT, frameon=False, loc="lower left")
    ax.set_title(title if title is not None else f"polynomial degree {state.degree}", fontsize=10, loc="left")
    return ax


def _legend(ax, **kwargs):
    """A legend listing the stack top-down (variance, bias², noise), then the other entries."""
    handles, labels = ax.get_legend_handles_labels()
    terms = [t[0] for t in TERMS][::-1]
    order = sorted(range(len(labels)), key=lambda i: (terms.index(labels[i]) if labels[i] in terms else 3 + i))
    return ax.legend([handles[i] for i in order], [labels[i] for i in order], fontsize=_FONT, frameon=False,
                     **kwargs)


def _stack(ax, xs, parts, width, *, labels=True):
    """Stacked bars of (noise, bias², variance) at positions ``xs``; returns the bar containers."""
    bottom = np.zeros(len(xs))
    bars = []
    for (label, color, hatch), h in zip(TERMS, parts):
        bars.append(ax.bar(xs, h, width, bottom=bottom, color=color, hatch=hatch, edgecolor="white", lw=0.5,
                           label=label if labels else None))
        bottom = bottom + h
    return bars


def plot_decomposition(ax, result: BiasVarianceResult, *, ymax=None, title=None, current=None, train=True,
                       legend=True):
    """bias² + variance + noise per degree as stacked bars on a linear axis, the simulated
    expected error as a marker on each bar, the training error as a dotted line.

    ``ymax`` clips the axis (default :func:`default_ymax`); a bar taller than that is
    cut at the top and its total written above it. ``current`` marks one degree with the
    course's cut line (the explorer's position).
    """
    _check_result(result)
    train, legend = check_bool(train, "train"), check_bool(legend, "legend")
    d = result.degrees.astype(float)
    ymax = default_ymax(result) if ymax is None else check_real(ymax, "ymax", low=0, low_open=True)
    n = len(d)
    noise = np.full(n, result.noise)
    _stack(ax, d, (noise, result.bias2, result.variance), 0.72)
    _ = ax.plot(d, result.expected_error, ls="none", marker="o", ms=6, mfc="white", mec=style.TOTAL, mew=1.4,
                label="simulated $E(f; D)$", zorder=4)
    if train:   # the line under the circles, its markers over them (at degree 0 the two errors nearly meet)
        # a white edge keeps the dotted line and its markers apart from the noise bars' dotted hatching
        from matplotlib import patheffects
        edge = [patheffects.withStroke(linewidth=4.2, foreground="white")]
        ax.plot(d, result.train_error, ls=":", color="#333333", lw=1.8, zorder=3, path_effects=edge)
        ax.plot(d, result.train_error, ls="none", marker="v", ms=5, color="#333333", mec="white", mew=0.8, zorder=5)
        _ = ax.plot([], [], ls=":", marker="v", ms=5, color="#333333", lw=1.8, label="training error")
    off = result.total > ymax
    for di, v in zip(d[off], result.total[off]):
        # the label starts 22 pt below the top: room for the ▲ and for the explorer's current-degree dot
        ax.annotate(f"{v:.2f}", (di, ymax), xytext=(0, -22), textcoords="offset points", ha="center", va="top",
                    rotation=90, fontsize=_FONT, color="white", fontweight="bold", zorder=6)
    if off.any():
        ax.plot(d[off], np.full(off.sum(), ymax), ls="none", marker="^", ms=7, color=style.TOTAL, clip_on=False,
                zorder=6)
    if current is not None:
        ax.axvline(float(current), **style.CUT_LINE)
    ax.set_ylim(0, ymax)
    ax.set_xlim(d.min() - 0.6, d.max() + 0.6)
    ax.set_xlabel("polynomial degree (model complexity)")
    ax.set_ylabel("squared error")
    ax.set_xticks(d)
    ax.tick_params(labelsize=_FONT)
    ax.spines[["top", "right"]].set_visible(False)
    if legend:
        _legend(ax, loc="upper center", ncol=2)
    clip = f"; axis cut at {ymax:.2f} (▲: total written on the bar)" if off.any() else ""
    ax.set_title(title if title is not None else
                 f"{result.n_sets} training sets of {result.n_train} points, noise sd {result.noise_sd:g}{clip}",
                 fontsize=_FONT + 1, loc="left")
    return ax


def plot_point_decomposition(ax, point: PointDecomposition, *, ylim=None, title=None, rng=0, legend=True,
                             n_dots=200):
    """The three terms at one x, for one degree, as distances on the y axis.

    Dots: the prediction :math:`f(x; D)` of every training set (spread sideways at
    random so they do not hide each other); their spread around the mean
    :math:`\\bar f(x)` is the variance. The gap between :math:`\\bar f(x)` and the
    truth :math:`y` is the bias; the grey band :math:`y \\pm \\sigma` is where the
    recorded labels fall (the noise). Dots beyond ``ylim`` are counted in the title.
    ``n_dots``: at most this many training sets' predictions are drawn as dots (the
    first ones; the mean, the bias and the sd use all of them).
    """
    if not isinstance(point, PointDecomposition):
        raise TypeError(f"point must be a PointDecomposition, got {type(point).__name__}")
    legend = check_bool(legend, "legend")
    n_dots = check_positive_int(n_dots, "n_dots", minimum=1)
    n_all = len(point.predictions)
    p, fbar, y, sd = point.predictions[:n_dots], point.mean_prediction, point.truth, point.noise_sd
    if ylim is None:
        lo, hi = min(p.min(), y - 2 * sd), max(p.max(), y + 2 * sd)
        pad = 0.05 * (hi - lo or 1.0)
        ylim = (lo - pad, hi + pad)
    jitter = np.random.default_rng(rng).uniform(-0.28, 0.28, len(p))
    ax.axhspan(y - sd, y + sd, xmin=0.0, xmax=1.0, color=style.NOISE, alpha=0.18, hatch="...", lw=0,
               label="labels: $y \\pm \\sigma$ (noise)")
    _ = ax.plot(jitter, p, ls="none", marker="o", ms=3.2, color=style.VARIANCE, alpha=0.5,
                label=f"$f(x; D)$, {len(p)} sets" if len(p) == n_all else f"$f(x; D)$, {len(p)} of {n_all} sets")
    _ = ax.plot([-0.42, 0.42], [fbar, fbar], color=style.BIAS, lw=3, label="mean $\\bar f(x)$")
    _ = ax.plot([-0.5, 0.5], [y, y], color=style.REFERENCE, lw=2.2, ls="--", label="truth $y$")
    # bias: the gap from y to f-bar; variance: one standard deviation of the dots around f-bar
    sdp = float(np.sqrt(point.variance))
    ax.annotate("", (0.55, fbar), (0.55, y), arrowprops=dict(arrowstyle="<->", color=style.BIAS, lw=1.6,
                                                                shrinkA=0, shrinkB=0))
    ax.annotate("", (-0.55, fbar + sdp), (-0.55, fbar - sdp),
                arrowprops=dict(arrowstyle="|-|", color=style.VARIANCE, lw=1.4, shrinkA=0, shrinkB=0,
                                mutation_scale=4))
    ax.text(0.6, (fbar + y) / 2, f"bias\n{fbar - y:+.2f}", color=style.CURVE, fontsize=_FONT, va="center",
            ha="left")
    ax.text(-0.6, fbar, f"± sd\n{sdp:.2f}", color=style.CURVE, fontsize=_FONT, va="center", ha="right")
    lo, hi = ylim
    n_off = int(((p < lo) | (p > hi)).sum())
    ax.set_ylim(lo, hi)
    ax.set_xlim(-1.15, 1.15)
    ax.set_xticks([])
    ax.tick_params(labelsize=_FONT)
    if legend:
        ax.set_ylabel("$f(x; D)$ and $y$ at this x")
    ax.spines[["top", "right", "bottom"]].set_visible(False)
    if legend:
        ax.legend(fontsize=_FONT, frameon=False, loc="lower left")
    off = f" ({n_off} dots off scale)" if n_off else ""
    ax.set_title(title if title is not None else f"degree {point.degree} at x = {point.x:.2f}{off}",
                 fontsize=_FONT + 1, loc="left")
    return ax


def plot_point_terms(ax, points, *, ymax=None, title=None, legend=True, measured=False):
    """At one x: bias², variance and noise of several degrees as stacked bars (linear axis).
    ``points``: PointDecompositions. ``measured=True`` adds the error measured with fresh
    labels at that x as a marker (only ``n_sets`` labels: a noisy estimate)."""
    points = list(points)
    if not points or not all(isinstance(q, PointDecomposition) for q in points):
        raise TypeError("points must be a non-empty list of PointDecomposition")
    legend, measured = check_bool(legend, "legend"), check_bool(measured, "measured")
    xs = np.arange(len(points), dtype=float)
    total = np.array([q.total for q in points])
    ymax = float(1.15 * total.max()) if ymax is None else float(ymax)
    _stack(ax, xs, (np.array([q.noise for q in points]), np.array([q.bias2 for q in points]),
                    np.array([q.variance for q in points])), 0.6)
    if measured:
        _ = ax.plot(xs, [q.expected_error for q in points], ls="none", marker="o", ms=7, mfc="white",
                    mec=style.TOTAL, mew=1.4, label="simulated $E$ at this x", zorder=4)
    for xi, q in zip(xs, points):
        ax.text(xi, min(q.total, ymax), f"{q.total:.3f}", ha="center", va="bottom", fontsize=_FONT)
    ax.set_ylim(0, ymax)
    ax.set_xticks(xs, [f"degree {q.degree}" for q in points])
    ax.tick_params(labelsize=_FONT)
    ax.set_ylabel("squared error at this x")
    ax.spines[["top", "right"]].set_visible(False)
    if legend:
        _legend(ax, loc="upper left")
    ax.set_title(title if title is not None else f"the terms at x = {points[0].x:.2f}", fontsize=_FONT + 1,
                 loc="left")
    return ax
