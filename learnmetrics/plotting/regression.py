"""Pictures of regression performance: residuals, predicted vs true, a fitted
polynomial, and the model-selection criteria against model size.

Each function takes an optional matplotlib ``ax`` (a new figure is made when
it is None) and returns the ``ax``.
"""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from . import style
from .._validation import check_bool
from ..regression import SelectionTable, _check_1d_pair

__all__ = ["plot_residuals", "plot_predicted_vs_true", "plot_polynomial_fit", "plot_criteria", "plot_r2_vs_adjusted",
           "plot_per_column", "plot_r2_as_areas", "mark_overflow", "plot_cp_spread", "plot_squared_errors", "CRITERION_STYLE", "STAR_FILL", "DATA_STYLE"]

#: the criteria are one-off lines, not learners: near-black (the learners' green and purple are
#: reserved), told apart by line style and marker and named in the legend or on the line;
#: R^2 and adjusted R^2 are a pair (style.pair_style)
CRITERION_STYLE = {
    "aic": dict(color=style.CURVE, ls="-", marker="o"),
    "bic": dict(color=style.CURVE, ls="--", marker="D"),
    "cp": dict(color=style.CURVE, ls=(0, (1, 1.5)), marker="^"),
    "r2": dict(**style.pair_style(0), marker="o"),
    "adjusted_r2": dict(**style.pair_style(1), marker="D"),
}
_COLORS = {k: v["color"] for k, v in CRITERION_STYLE.items()}
#: fill of each criterion's pick star (stars of one model nest: white, grey, black from the outside in)
STAR_FILL = {"aic": "white", "bic": "0.6", "cp": style.CURVE, "r2": "white", "adjusted_r2": "0.6"}
_LABELS = {"aic": "AIC", "bic": "BIC", "cp": "Mallows' $C_p$", "r2": "$R^2$", "adjusted_r2": "adjusted $R^2$"}
#: data points of a regression (no class, so none of the reserved colours): hollow grey circles
DATA_STYLE = dict(facecolors="none", edgecolors="#555555", linewidths=1.0)


def _ax(ax):
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 4))
    return ax


def plot_residuals(y_true, y_pred, ax=None, *, x=None, xlabel=None, highlight=None):
    """Residuals ``y - ŷ`` against the prediction (or against ``x`` when given), with the zero line.

    A good fit leaves a structureless band around 0; a curve in the residuals
    means the model misses a pattern, a funnel means the noise is not constant.
    ``highlight``: indices of points to mark (e.g. an outlier).
    """
    yt, yp, _ = _check_1d_pair(y_true, y_pred)
    ax = _ax(ax)
    h = yp if x is None else np.asarray(x, dtype=float)
    r = yt - yp
    ax.axhline(0.0, color=style.REFERENCE, lw=1.2, ls="--", zorder=1)
    ax.scatter(h, r, s=24, zorder=2, **DATA_STYLE)
    if highlight is not None:
        idx = np.atleast_1d(highlight)
        ax.scatter(h[idx], r[idx], s=110, facecolors="none", edgecolors=style.CURVE, lw=2.0, zorder=3,
                   label="outlier")
        ax.legend(loc="best", fontsize=9)
    lim = 1.1 * max(np.abs(r).max(), 1e-12)
    ax.set_ylim(-lim, lim)
    ax.set_xlabel(xlabel or ("prediction $\\hat y$" if x is None else "x"))
    ax.set_ylabel("residual $y - \\hat y$")
    ax.grid(alpha=0.3)
    return ax


def plot_predicted_vs_true(y_true, y_pred, ax=None, *, label=None, color="#555555"):
    """Predicted against true values, with the line ``ŷ = y`` of perfect predictions."""
    yt, yp, _ = _check_1d_pair(y_true, y_pred)
    ax = _ax(ax)
    lo = min(yt.min(), yp.min())
    hi = max(yt.max(), yp.max())
    pad = 0.05 * (hi - lo or 1.0)
    ax.plot([lo - pad, hi + pad], [lo - pad, hi + pad], color=style.REFERENCE, lw=1.4, ls="--",
            label="$\\hat y = y$")
    ax.scatter(yt, yp, s=24, facecolors="none", edgecolors=color, linewidths=1.0, label=label)
    ax.set_xlim(lo - pad, hi + pad)
    ax.set_ylim(lo - pad, hi + pad)
    ax.set_aspect("equal", adjustable="box")
    ax.set_xlabel("true $y$")
    ax.set_ylabel("predicted $\\hat y$")
    ax.legend(loc="upper left", fontsize=9)
    ax.grid(alpha=0.3)
    return ax


def plot_polynomial_fit(state, ax=None, *, xlabel="x", ylabel="y"):
    """Data and the fitted curve of a :class:`~learnmetrics.regression.PolynomialFitState`."""
    ax = _ax(ax)
    ax.scatter(state.x, state.y, s=24, label="data", **DATA_STYLE)
    ax.plot(state.grid, state.curve, color=style.CURVE, lw=2.2, label=f"degree {state.degree} fit")
    span = np.ptp(state.y) or 1.0
    ax.set_ylim(state.y.min() - 0.25 * span, state.y.max() + 0.25 * span)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(loc="best", fontsize=9)
    ax.grid(alpha=0.3)
    return ax


def plot_criteria(table: SelectionTable, ax=None, *, criteria=("aic", "bic", "cp"), x=None, xlabel=None,
                  ylim=None, current=None):
    """Each criterion minus its minimum (Δ, only differences matter) against model size.

    The model each criterion picks is marked with a star; ``current`` draws a
    vertical line at one model (the explorer's degree). ``x`` defaults to the
    number of features ``p`` of each row.
    """
    if not isinstance(table, SelectionTable):
        raise TypeError(f"table must be a SelectionTable, got {type(table).__name__}")
    ax = _ax(ax)
    xs = table.n_features if x is None else np.asarray(x)
    top = 0.0
    for j, c in enumerate(criteria):
        d = table.delta(c)
        b = table.best(c)
        ax.plot(xs, d, ms=4, lw=1.6, label=f"Δ {_LABELS[c]}", **CRITERION_STYLE[c])
        # stars shrink so that criteria picking the same model all stay visible
        ax.plot([xs[b]], [0.0], marker="*", ms=19 - 4 * j, color=STAR_FILL[c], mec="black", mew=0.6, zorder=4 + j)
        top = max(top, np.sort(d)[min(len(d) - 1, 3)])
    ax.axhline(2.0, color=style.REFERENCE, lw=0.8, ls=":")
    # the dotted line named at its left end (the low degrees' values are far above it there)
    ax.annotate("Δ = 2", (0.0, 2.0), xycoords=("axes fraction", "data"), xytext=(3, 1), textcoords="offset points",
                ha="left", va="bottom", fontsize=9, color=style.REFERENCE)
    if current is not None:
        ax.axvline(xs[current], **style.CUT_LINE)
    lo, hi = ylim or (-0.05 * max(top, 10) * 2.5, max(top, 10) * 2.5)
    ax.set_ylim(lo, hi)
    if mark_overflow(ax, xs, [table.delta(c) for c in criteria], criteria, hi, mark=OVERFLOW_MARK):
        ax.plot([], [], ls="none", color=style.CURVE, label="above the axis (\u2191 at top)", **OVERFLOW_MARK)
    ax.set_xticks(xs)
    ax.set_xlabel(xlabel or "number of features $p$")
    ax.set_ylabel("criterion − its minimum")
    ax.legend(loc="upper right", fontsize=9)
    ax.grid(alpha=0.3)
    return ax


#: the mark of a value above the axis in plot_criteria: an arrow, a shape no criterion's line uses
#: (C_p's points are triangles)
OVERFLOW_MARK = dict(marker="$\u2191$", ms=9, mew=0.3)


def mark_overflow(ax, xs, deltas, criteria, top, *, mark=None) -> bool:
    """Values above the axis's top drawn as a triangle (or ``mark``: marker keywords) on the top
    edge, in their criterion's colour (never clipped), so that every model keeps a visible point.
    True if any was drawn."""
    any_above = False
    look = mark or dict(marker="^", ms=6, mew=0.5)
    for d, c in zip(deltas, criteria):
        above = np.asarray(d) > top
        if above.any():
            any_above = True
            (tri,) = ax.plot(np.asarray(xs)[above], np.full(above.sum(), top), ls="none", color=_COLORS[c],
                             mec="black", clip_on=False, zorder=5, **look)
            tri.set_in_layout(False)   # on the axes' edge: nothing for tight_layout to make room for
    return any_above


def plot_r2_vs_adjusted(table: SelectionTable, ax=None, *, x=None, xlabel=None):
    """R^2 and adjusted R^2 against model size: R^2 only climbs, adjusted R^2 turns down."""
    ax = _ax(ax)
    xs = table.n_features if x is None else np.asarray(x)
    lines = [ax.plot(xs, getattr(table, c), ms=4, lw=1.6, label=_LABELS[c], **CRITERION_STYLE[c])[0]
             for c in ("r2", "adjusted_r2")]
    b = table.best("adjusted_r2")
    ax.plot([xs[b]], [table.adjusted_r2[b]], marker="*", ms=15, color=STAR_FILL["adjusted_r2"], mec="black", mew=0.6)
    ax.set_xticks(xs)
    ax.set_xlabel(xlabel or "number of features $p$")
    ax.set_ylabel("score")
    ax.grid(alpha=0.3)
    # a pair shown once (style.pair_style): each named on its line, R^2 above, adjusted R^2 below,
    # early on (where the two are still apart), between two points and clear of every marker under it
    k = min(len(xs) // 4, max(len(xs) - 2, 0))
    xm = float(np.mean(xs[k: k + 2]))
    for line, key, above in ((lines[0], "r2", True), (lines[1], "adjusted_r2", False)):
        _label_clear_of_markers(ax, line, _LABELS[key], xm, above)
    return ax


def _label_clear_of_markers(ax, line, text, x, above):
    """``style.label_line`` at ``x``, then moved (up or down) off every point of ``line`` under
    the label's width: its edge a marker's radius + 2 pt past the highest (lowest) one there."""
    t = style.label_line(ax, line, text, x=x, above=above, rotate=False)
    xs, ys = (np.asarray(v, dtype=float) for v in line.get_data())
    ok = np.isfinite(xs) & np.isfinite(ys)
    xs, ys = xs[ok], ys[ok]
    order = np.argsort(xs, kind="stable")
    xs, ys = xs[order], ys[order]
    box = t.get_window_extent(ax.figure.canvas.get_renderer())
    (xa, _), (xb, _) = ax.transData.inverted().transform([(box.x0, box.y0), (box.x1, box.y0)])
    xa, xb = min(xa, xb), max(xa, xb)
    ux = np.r_[xs[(xs >= xa) & (xs <= xb)], xa, xb]
    under = np.r_[ys[(xs >= xa) & (xs <= xb)], np.interp([xa, xb], xs, ys)]
    gap = line.get_markersize() / 2 + 2
    # anchored on a point there, ``gap`` pt above (below) it: the lowest (highest) such place whose box stands
    # ``gap`` pt over (under) every point there, i.e. the highest (lowest) point's (0.01 px spared for rounding)
    g = gap * ax.figure.dpi / 72 - 0.01
    style.place_clear(ax, t, [dict(xy=(x, float(u)), xyann=(0, gap if above else -gap))
                              for u in np.sort(under)[:: 1 if above else -1]],
                      avoid=[style.clear_of_points(ax, np.column_stack([ux, under]),
                                                   (0.5, 0.5, g, np.inf) if above else (0.5, 0.5, np.inf, g))])
    return t


def plot_per_column(values, columns, ax=None, *, averages=None, ylabel=None, fmt="{:.4f}", log=False):
    """One bar per target column (``multioutput='raw_values'``), each labelled with its value,
    and optional averages (a dict name -> value) as horizontal lines with their names.

    The bars are grey (a column is not a class); the averages are a pair shown once
    (``style.pair_style``: near-black solid, near-black dotted), each named on its line at the
    right end: the learners' colours are not borrowed.
    """
    log = check_bool(log, "log")
    values = np.asarray(values, dtype=float)
    columns = [str(c) for c in columns]
    if values.ndim != 1 or len(values) != len(columns) or not len(values):
        raise ValueError(f"values must be 1-D with one entry per column ({len(columns)}), got shape {values.shape}")
    if not np.isfinite(values).all():
        raise ValueError("values must be finite")
    ax = _ax(ax)
    xs = np.arange(len(values))
    ax.bar(xs, values, 0.55, color="#BBBBBB", edgecolor="#555555")
    for x, v in zip(xs, values):
        ax.annotate(fmt.format(v), (x, v), xytext=(0, 3), textcoords="offset points", ha="center", va="bottom",
                    fontsize=9)
    averages = dict(averages or {})
    if len(averages) > 2:
        raise ValueError(f"averages holds at most two lines (a labelled pair), got {len(averages)}")
    for j, (name, v) in enumerate(averages.items()):
        ax.axhline(v, lw=1.6, **style.pair_style(j))
        ax.annotate(f"{name} {fmt.format(v)}", (1.0, v), xycoords=("axes fraction", "data"), xytext=(-2, 3),
                    textcoords="offset points", ha="right", va="bottom", fontsize=9, color=style.CURVE)
    if log:
        ax.set_yscale("log")
    ax.set_xticks(xs, columns)
    ax.set_xlim(-0.6, len(values) - 0.4)
    if ylabel:
        ax.set_ylabel(ylabel)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def _square_sides(x, y0, side_y, ratio, gap_x, gap_y):
    """+1 (right of its point) or -1 (left) for each square (lower edge ``y0``, height ``side_y``, width
    ``side_y * ratio``): the choice where the squares, each grown by ``gap_x``, ``gap_y``, overlap least
    (by area; a square wholly inside another reads as nested and counts a quarter), the fewest turned left
    on a tie. Every choice is tried up to 10 squares; beyond, the largest first, each on its emptier side."""
    n = len(x)
    w = side_y * ratio
    y1 = y0 + side_y
    dy = np.clip(np.minimum(y1[:, None], y1[None, :]) + gap_y - np.maximum(y0[:, None], y0[None, :]), 0, None)
    in_y = (y0[:, None] <= y0[None, :]) & (y1[None, :] <= y1[:, None])      # j's height within i's

    def cost(si, sj, i, j):        # the overlap of squares i, j on sides si, sj (arrays of +1 / -1)
        xi0 = np.where(si > 0, x[i], x[i] - w[i])
        xj0 = np.where(sj > 0, x[j], x[j] - w[j])
        xi1, xj1 = xi0 + w[i], xj0 + w[j]
        area = np.clip(np.minimum(xi1, xj1) + gap_x - np.maximum(xi0, xj0), 0, None) * dy[i, j]
        nested = ((xi0 <= xj0) & (xj1 <= xi1) & in_y[i, j]) | ((xj0 <= xi0) & (xi1 <= xj1) & in_y[j, i])
        return np.where(nested, 0.25, 1.0) * area

    if n <= 10:
        combos = 1 - 2 * ((np.arange(2 ** n)[:, None] >> np.arange(n)) & 1)      # rows of +1 / -1
        total = np.zeros(len(combos))
        for i in range(n):
            for j in range(i + 1, n):
                total += cost(combos[:, i], combos[:, j], i, j)
        lefts = (combos < 0).sum(axis=1)
        return combos[np.lexsort((lefts, np.round(total, 9)))[0]]
    sides = np.ones(n, dtype=int)
    done = []
    for i in np.argsort(-side_y, kind="stable"):
        costs = [sum(float(cost(np.array(si), np.array(sides[j]), i, j)) for j in done) for si in (1, -1)]
        sides[i] = 1 if costs[0] <= costs[1] else -1
        done.append(i)
    return sides


def plot_r2_as_areas(x, y_true, y_pred, axes, *, xlabel="x", ylabel="y"):
    """R^2 as two sums of squares, each square drawn: on the first Axes every example's square
    (y - ȳ)^2 against the mean's flat line (SST), on the second its square (y - ŷ)^2 against
    the model's line (SSE). Each square stands right or left of its point, whichever leaves
    the squares overlapping least (one wholly inside another, nested, is the lesser evil);
    each is outlined, and the larger are drawn first, so that a square inside another shows whole. R^2 = 1 - SSE/SST is how much of the first area the
    model removes. ``axes`` holds two Axes; the squares are square on screen. Returns (SST, SSE)."""
    from matplotlib.patches import Rectangle

    from ..regression import r2_score

    x = np.asarray(x, dtype=float).ravel()
    y_true, y_pred, _ = _check_1d_pair(y_true, y_pred)
    if len(axes) != 2:
        raise ValueError(f"axes must hold 2 Axes (SST, SSE), got {len(axes)}")
    if len(x) != len(y_true):
        raise ValueError(f"x has {len(x)} values but y_true has {len(y_true)}")
    mean = float(y_true.mean())
    order = np.argsort(x)
    sst, sse = float(np.sum((y_true - mean) ** 2)), float(np.sum((y_true - y_pred) ** 2))
    pad_x, pad_y = 0.08 * np.ptp(x), 0.08 * np.ptp(y_true)
    ylim = (min(y_true.min(), y_pred.min()) - pad_y, max(y_true.max(), y_pred.max()) + pad_y)
    refs = (np.full_like(y_true, mean), y_pred)
    # data units of x per data unit of y that draw a side r in y as a square on screen, for x limits lo..hi
    axes[0].figure.canvas.draw_idle()
    boxes = [ax.get_window_extent() for ax in axes]

    def ratio(ax_i, lo, hi):
        return ((hi - lo) / boxes[ax_i].width) / (np.ptp(ylim) / boxes[ax_i].height)

    # the x limits: room for every square on the side it takes (found again with the limits it asks for)
    side = max(np.abs(y_true - mean).max(), np.abs(y_true - y_pred).max()) * np.ptp(x) / max(np.ptp(y_true), 1e-12)
    xlim = (x.min() - pad_x, x.max() + max(pad_x, 1.05 * side))
    for _ in range(4):
        sides = [_square_sides(x, np.minimum(y_true, ref), np.abs(y_true - ref), ratio(i, *xlim),
                               0.015 * np.ptp(xlim), 0.015 * np.ptp(ylim)) for i, ref in enumerate(refs)]
        lo = min(float(np.min(np.where(sd < 0, x - np.abs(y_true - ref) * ratio(i, *xlim), x)))
                 for i, (sd, ref) in enumerate(zip(sides, refs)))
        hi = max(float(np.max(np.where(sd > 0, x + np.abs(y_true - ref) * ratio(i, *xlim), x)))
                 for i, (sd, ref) in enumerate(zip(sides, refs)))
        new = (min(x.min() - pad_x, lo - 0.02 * (hi - lo)), max(x.max() + pad_x, hi + 0.02 * (hi - lo)))
        if np.allclose(new, xlim, rtol=0, atol=1e-3 * np.ptp(new)):
            break
        xlim = new
    for i, (ax, ref, name, total) in enumerate(((axes[0], refs[0], "SST", sst), (axes[1], refs[1], "SSE", sse))):
        ax.set_xlim(*xlim)
        ax.set_ylim(*ylim)
        q = ratio(i, *xlim)
        for k in np.argsort(-np.abs(y_true - ref), kind="stable"):     # the larger first: a smaller one on top
            xi, yi, ri = x[k], y_true[k], ref[k]
            r = abs(yi - ri)
            x0 = xi if sides[i][k] > 0 else xi - r * q
            ax.add_patch(Rectangle((x0, min(yi, ri)), r * q, r, fc="0.55", alpha=0.16, ec="none", zorder=1))
            # an opaque outline of its own: where squares overlap, each one's edges still show
            ax.add_patch(Rectangle((x0, min(yi, ri)), r * q, r, fill=False, ec="0.3", lw=0.9, zorder=1.5))
            ax.plot([xi, xi], [ri, yi], color="0.4", lw=0.8, zorder=2)
        if name == "SST":
            ax.axhline(mean, color=style.REFERENCE, lw=1.6, ls="--", zorder=3)
            ax.text(xlim[0] + 0.02 * np.ptp(xlim), mean, "  the mean ȳ", va="bottom", fontsize=9, color="0.3")
            ax.set_title(f"SST = Σ(y − ȳ)² = {total:.2f}: the squares against the mean", fontsize=10)
        else:
            ax.plot(x[order], y_pred[order], color=style.CURVE, lw=2, zorder=3)
            ax.set_title(f"SSE = Σ(y − ŷ)² = {total:.2f}: the squares against the model", fontsize=10)
        ax.scatter(x, y_true, s=16, zorder=4, **DATA_STYLE)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.tick_params(labelsize=9)
    axes[1].text(0.98, 0.03, f"$R^2$ = 1 − SSE/SST = {r2_score(y_true, y_pred):.4f}", transform=axes[1].transAxes,
                 ha="right", va="bottom", fontsize=10, bbox=dict(fc="white", ec="0.7", boxstyle="round,pad=0.3"))
    return sst, sse


def plot_cp_spread(cps, k, ax=None, *, bins=60):
    """The spread of Mallows' $C_p$ of one model over many simulated samples: a histogram (sky blue,
    ``style.ESTIMATE``), the model's size $k$ (grey dashed, ``style.REFERENCE``, named over the axes), the simulated
    mean (near-black solid) and median (near-black dotted), each labelled on its line, and the share
    of samples below 0 and within 1 of $k$ written in the corner. The axis ends at the 99.5th
    percentile: the samples beyond it are counted at the right edge, with the largest."""
    c = np.asarray(cps, dtype=float).ravel()
    if c.size < 2 or not np.all(np.isfinite(c)):
        raise ValueError(f"cps must be at least 2 finite values, got {c.size} values")
    ax = _ax(ax)
    lo, hi = np.quantile(c, [0.0, 0.995])
    ax.hist(c, bins=np.linspace(lo, hi, int(bins) + 1), color=style.ESTIMATE, edgecolor="white", lw=0.4)
    top = ax.get_ylim()[1] * 1.25
    ax.set_ylim(0, top)
    ax.set_xlim(lo, hi)
    lines = []
    for x, text, st in ((float(k), f"$k$ = {k:g}", dict(style.REFERENCE_STYLE, lw=1.6)),
                        (float(np.mean(c)), f"mean {np.mean(c):.2f}", dict(**style.pair_style(0), lw=1.6)),
                        (float(np.median(c)), f"median {np.median(c):.2f}", dict(**style.pair_style(1), lw=1.8))):
        line, = ax.plot([x, x], [0, top], **st)
        lines.append(line)
    # k's name over the top of the axes, centred on its line (inside, right of the line, the mean's
    # line ran through it); the mean's and the median's inside, on the sides away from each other
    ax.annotate(f"$k$ = {k:g}", (float(k), top), xytext=(0, 2), textcoords="offset points", ha="center",
                va="bottom", fontsize=9, color=lines[0].get_color(), annotation_clip=False)
    for line, text, y, right in zip(lines[1:], (f"mean {np.mean(c):.2f}", f"median {np.median(c):.2f}"),
                                    (0.80, 0.93), (True, False)):
        ax.annotate(text, (line.get_xdata()[0], y * top), xytext=(4 if right else -4, 0), textcoords="offset points",
                    ha="left" if right else "right", va="center", fontsize=9, color=line.get_color(),
                    bbox=dict(boxstyle="round,pad=0.12", fc="white", ec="none", alpha=0.85))
    ax.text(0.99, 0.95, f"below 0: {np.mean(c < 0):.0%}\nwithin 1 of $k$: {np.mean(np.abs(c - k) < 1):.0%}\n"
            f"{c.size:,} samples", transform=ax.transAxes, ha="right", va="top", fontsize=9)
    beyond = c > hi                       # the top 0.5% is off the axis: counted, not dropped in silence
    if beyond.any():
        ax.annotate(f"{int(beyond.sum()):,} more beyond the right edge, up to {c.max():.1f} \u2192", (1.0, 0.22),
                    xycoords="axes fraction", xytext=(-3, 0), textcoords="offset points", ha="right",
                    va="bottom", fontsize=9, color=style.CURVE,
                    bbox=dict(boxstyle="round,pad=0.12", fc="white", ec="none", alpha=0.85))
    ax.set_xlabel("Mallows' $C_p$ of the same model in a fresh sample")
    ax.set_ylabel("samples")
    return ax


def plot_squared_errors(y_true, predictions, axes, *, reference=None):
    """Each example's squared error $(\\hat y_i - y_i)^2$ as a bar, one panel (of ``axes``) per
    prediction in ``predictions`` (a dict name -> predicted values), the mean (the MSE) a near-black
    line labelled with its value; ``reference`` (name, value) adds a grey dashed line in the last
    panel. On 0/1 predictions each bar is 0 or 1, so the mean is the share of mistakes, the error rate."""
    yt = np.asarray(y_true, dtype=float).ravel()
    if not isinstance(predictions, dict) or len(predictions) != len(axes):
        raise ValueError(f"predictions must be a dict with one entry per axis ({len(axes)}), got {predictions!r:.80}")
    idx = np.arange(1, yt.size + 1)
    means = {}
    for ax, (name, pred) in zip(axes, predictions.items()):
        yp = np.asarray(pred, dtype=float).ravel()
        _check_1d_pair(yt, yp)
        sq = (yp - yt) ** 2
        ax.bar(idx, sq, width=0.7, color="#BBBBBB", edgecolor="#555555", lw=0.6)
        m = float(np.mean(sq))
        means[name] = m
        ax.axhline(m, color=style.CURVE, lw=1.6)
        ax.set_title(f"{name}: mean {m:.4f}", fontsize=10, loc="left")
        ax.annotate("mean", (0.4, m), xytext=(0, -3), textcoords="offset points",
                    ha="left", va="top", fontsize=9, color=style.CURVE,
                    bbox=dict(boxstyle="round,pad=0.12", fc="white", ec="none", alpha=0.85))
        ax.set_ylim(0, 1.08)
        ax.set_xlim(0.3, idx[-1] + 0.7)
        ax.set_ylabel("$(\\hat y_i - y_i)^2$")
        ax.set_xticks(idx)
        ax.tick_params(axis="x", labelsize=9)
    if reference is not None:
        name, value = reference
        axes[-1].axhline(value, **style.REFERENCE_STYLE)
        axes[-1].annotate(f"{name}: {value:.4f}", (0.4, value), xytext=(0, 3), textcoords="offset points",
                          ha="left", va="bottom", fontsize=9, color="0.35",
                          bbox=dict(boxstyle="round,pad=0.12", fc="white", ec="none", alpha=0.85))
    axes[-1].set_xlabel("example $i$")
    return means
