"""Drawing cost space: cost lines, the cost curve (their lower envelope), the
expected total cost under it, and the ROC with its iso-cost line.

Each function takes a matplotlib ``ax``. The two views (:class:`CostSpaceView`,
:class:`RocCostView`) draw once and then move their artists in place with
``update(state)`` (a :class:`learnmetrics.cost.CostState`), which is what the
cost-curve explorer uses.
"""
from __future__ import annotations

import matplotlib as mpl
import numpy as np
from matplotlib.collections import LineCollection

from ..cost import cost_curve_envelope, cost_lines
from . import style

__all__ = [
    "LINE_COLOR",
    "ENVELOPE_COLOR",
    "CHOSEN_COLOR",
    "SHADE_COLOR",
    "FONT",
    "ordered_colors",
    "setup_cost_axes",
    "setup_roc_axes",
    "plot_cost_lines",
    "plot_cost_envelope",
    "plot_cost_curve",
    "plot_roc_points",
    "iso_cost_line",
    "CostSpaceView",
    "RocCostView",
    "plot_cost_curve_steps",
    "plot_hull_and_envelope",
    "plot_cost_scenarios",
    "plot_cost_heatmaps",
    "plot_probability_cost",
    "SCENARIO_MARKERS",
]

# The visual grammar (learnmetrics.plotting.style): the chosen cut is the course's cut point
# (orange dot with a black edge, its segment orange); the cost curve is the one curve
# (near-black); the segments and the shaded area are neutral greys; conditions and hull pieces,
# ordered along x, take their colours from the sequential map with a marker as second cue.
LINE_COLOR = "0.72"
ENVELOPE_COLOR = style.CURVE
CHOSEN_COLOR = style.CUT
SHADE_COLOR = "0.86"
HULL_COLOR = "0.45"
ISO_STYLE = dict(color=style.CURVE, lw=1.4, ls="-.")
FONT = 9  # the smallest text (points)
SCENARIO_MARKERS = ("D", "^", "v", "P", "X", "*")
# the step figure: the current cut's segment narrower than the envelope it may lie on
_STEP_ENVELOPE_LW = 3.4
_STEP_SEGMENT_LW = 1.5
# line styles of the conditions: none is the convex hull's plain dash
#: the iso-cost lines of plot_cost_scenarios: this far (in ROC units) each side of the cut
_ISO_HALF_LENGTH = 0.2
_SCENARIO_LINES = ("-", (0, (1, 1.2)), "-.", (0, (7, 1.5, 1.5, 1.5, 1.5, 1.5)), (0, (1, 3)), (0, (10, 3)))


def ordered_colors(n: int, *, low: float = 0.0, high: float = 0.85) -> list:
    """``n`` colours along the course's sequential map (cividis), for things in an order
    (cost ratios, conditions by x, pieces of a cost curve). The pale top is left out."""
    cmap = mpl.colormaps[style.SEQUENTIAL]
    return [cmap(v) for v in (np.linspace(low, high, n) if n > 1 else [low])]


def _cut_name(k: int, cut_sizes) -> str:
    return f"ROC point {k}" if cut_sizes is None else f"cut {float(cut_sizes[k]):g}"


def setup_cost_axes(ax, *, title=None, fontsize=FONT):
    """Cost-space axes: x = P(+)cost (正例概率代价), y = normalized cost (归一化代价), both in [0, 1]."""
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_xlabel("probability cost  P(+)cost", fontsize=fontsize)
    ax.set_ylabel("normalized cost", fontsize=fontsize)
    ax.tick_params(labelsize=fontsize)
    if title:
        ax.set_title(title, fontsize=fontsize + 1)
    return ax


def setup_roc_axes(ax, *, title=None, fontsize=FONT):
    """ROC axes: x = FPR, y = TPR, the diagonal of random guessing (the reference)."""
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    (diag,) = ax.plot([0, 1], [0, 1], **{**style.DIAGONAL, "lw": 1})   # the random classifier, as in every chapter
    ax.text(0.78, 0.74, "random guess", rotation=45, rotation_mode="anchor", ha="center", va="top",
            fontsize=fontsize, color=diag.get_color())   # labelled on the line (45° on equal axes)
    ax.set_xlabel("FPR (false positive rate)", fontsize=fontsize)
    ax.set_ylabel("TPR (true positive rate)", fontsize=fontsize)
    ax.tick_params(labelsize=fontsize)
    if title:
        ax.set_title(title, fontsize=fontsize + 1)
    return ax


def plot_cost_lines(ax, fpr, tpr, *, color=LINE_COLOR, lw=1.0, alpha=1.0, label="one segment per ROC point"):
    """Each ROC point as its segment from (0, FPR) to (1, FNR). Returns the LineCollection."""
    lc = LineCollection(cost_lines(fpr, tpr), colors=color, linewidths=lw, alpha=alpha, label=label, zorder=1)
    ax.add_collection(lc)
    return lc


def plot_cost_envelope(ax, fpr, tpr, *, shade=True, color=ENVELOPE_COLOR, lw=2.4, label="cost curve (lower envelope)",
                       shade_label="expected total cost = {area:.4f}"):
    """The lower envelope of the cost lines, with the area under it shaded.

    Returns ``(envelope, line, fill)`` (the :class:`~learnmetrics.cost.CostEnvelope`
    and the two artists; ``fill`` is None without ``shade``).
    """
    env = cost_curve_envelope(fpr, tpr)
    (line,) = ax.plot(env.x_breaks, env.cost_breaks, color=color, lw=lw, label=label, zorder=3)
    fill = None
    if shade:
        fill = ax.fill_between(env.x_breaks, 0, env.cost_breaks, color=SHADE_COLOR, alpha=0.6, lw=0,
                               label=shade_label.format(area=env.area) if shade_label else None, zorder=0)
    return env, line, fill


def plot_cost_curve(ax, fpr, tpr, *, shade=True, title="cost curve", legend=True, fontsize=FONT):
    """The whole picture of the book's figure 2.5: all segments, their envelope, the shaded area.

    Returns the :class:`~learnmetrics.cost.CostEnvelope`.
    """
    setup_cost_axes(ax, title=title, fontsize=fontsize)
    plot_cost_lines(ax, fpr, tpr)
    env, _, _ = plot_cost_envelope(ax, fpr, tpr, shade=shade)
    if legend:
        # below the axes: the segments fill the whole square, so a legend inside it hides data
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=fontsize, frameon=False)
    return env


def plot_roc_points(ax, fpr, tpr, *, hull=True, color=style.CURVE, label="ROC"):
    """The ROC through the given points, and (dashed, grey) its convex hull.

    The hull is drawn through (0, 0), the points that own a piece of the cost
    curve, and (1, 1): the same points (see
    :func:`learnmetrics.cost.cost_curve_envelope`).
    """
    fpr = np.asarray(fpr, dtype=float)
    tpr = np.asarray(tpr, dtype=float)
    artists = {}
    (artists["roc"],) = ax.plot(fpr, tpr, "-o", color=color, ms=3, lw=1.2, label=label, zorder=2)
    if hull:
        owners = cost_curve_envelope(fpr, tpr).owners
        hx = np.r_[0.0, fpr[owners], 1.0]
        hy = np.r_[0.0, tpr[owners], 1.0]
        # the hull as a translucent band round the curve (grey dashed is the random diagonal's look)
        (artists["hull"],) = ax.plot(hx, hy, label="convex hull", **style.HULL)
    return artists


def iso_cost_line(fpr0, tpr0, slope, half_length=3.0):
    """Two end points of the iso-cost line through (fpr0, tpr0) with ``slope`` (inf allowed)."""
    d = np.array([0.0, 1.0]) if np.isinf(slope) else np.array([1.0, slope]) / np.hypot(1.0, slope)
    p0 = np.array([fpr0, tpr0])
    a, b = p0 - half_length * d, p0 + half_length * d
    return [a[0], b[0]], [a[1], b[1]]


class CostSpaceView:
    """Cost space for one ROC, with the current x, its lowest segment and the best cost marked.

    The chosen cut is the course's cut point: its segment orange, its cost an orange dot
    with a black edge; the condition x a grey dotted line. ``update(state)`` moves the marks
    (no re-plotting).
    """

    def __init__(self, ax, fpr, tpr, *, title="cost space", fontsize=FONT, legend=True, ticks=None):
        self.ax = ax
        setup_cost_axes(ax, title=title, fontsize=fontsize)
        if ticks is not None:
            ax.set_xticks(ticks)
            ax.set_yticks(ticks)
        self.lines = plot_cost_lines(ax, fpr, tpr, label=None)
        # the envelope wide, the cut's segment narrower over it: where the segment is the lowest
        # the black cost curve still shows on both sides of it (as in the step figure)
        self.envelope, self.envelope_line, self.fill = plot_cost_envelope(
            ax, fpr, tpr, shade_label="area {area:.3f}", label="cost curve", lw=_STEP_ENVELOPE_LW)
        self.vline = ax.axvline(0.5, color="0.35", lw=1, ls=":", zorder=2)
        (self.segment,) = ax.plot([0, 1], [0, 0], color=CHOSEN_COLOR, lw=_STEP_SEGMENT_LW, label="the cut's segment", zorder=4,
                                  clip_on=False)   # the current cut, whole even along an edge
        (self.point,) = ax.plot([0.5], [0.5], **style.CUT_POINT)
        self.text = ax.text(0.5, 0.97, "", ha="center", va="top", fontsize=fontsize,
                            transform=ax.transAxes, zorder=6,
                            bbox=dict(boxstyle="square,pad=0.15", fc="white", ec="none", alpha=0.85))
        if legend:   # below the axes: the segments fill the square, a legend inside it hides them
            ax.legend(loc="upper center", fontsize=fontsize, frameon=False, bbox_to_anchor=(0.5, -0.2),
                      ncol=2, handlelength=1.5, borderpad=0.2, labelspacing=0.25, columnspacing=1.0)

    def update(self, state):
        x = state.x
        self.vline.set_xdata([x, x])
        self.segment.set_data([0, 1], [state.segment[0][1], state.segment[1][1]])
        self.point.set_data([x], [state.normalized_cost])
        self.text.set_text(f"x = {x:.3f},  cost = {state.normalized_cost:.3f}")


class RocCostView:
    """The ROC with the chosen cut point and the iso-cost line that touches it.

    Every point on the iso-cost line has the same expected cost; its slope is
    ``(1 - p) * cost10 / (p * cost01)``. The best cut is where the line,
    pushed up and to the left as far as it goes, last touches the ROC.
    """

    def __init__(self, ax, fpr, tpr, *, title="ROC and iso-cost line", fontsize=FONT, legend=True, ticks=None):
        self.ax = ax
        setup_roc_axes(ax, title=title, fontsize=fontsize)
        if ticks is not None:
            ax.set_xticks(ticks)
            ax.set_yticks(ticks)
        self.artists = plot_roc_points(ax, fpr, tpr)
        (self.iso,) = ax.plot([0, 1], [0, 1], label="iso-cost line", zorder=3, **ISO_STYLE)
        (self.point,) = ax.plot([0], [0], **style.CUT_POINT)
        self.text = ax.text(0.97, 0.04, "", ha="right", va="bottom", fontsize=fontsize,
                            transform=ax.transAxes, zorder=6)
        if legend:   # below the axes, clear of the random diagonal and the iso-cost line
            ax.legend(loc="upper center", fontsize=fontsize, frameon=False, bbox_to_anchor=(0.5, -0.2),
                      ncol=2, handlelength=1.5, borderpad=0.2, labelspacing=0.25, columnspacing=1.0)

    def update(self, state):
        xs, ys = iso_cost_line(state.fpr, state.tpr, state.iso_slope)
        self.iso.set_data(xs, ys)
        self.point.set_data([state.fpr], [state.tpr])
        self.text.set_text(f"slope = {state.iso_slope:.3g}")


def plot_cost_curve_steps(axes, fpr, tpr, steps, *, fontsize=FONT, cut_sizes=None):
    """Small multiples: the cost curve built one ROC point at a time.

    ``axes`` has shape (2, len(steps)), or (2 * r, c) to wrap the steps over r
    pairs of rows (step j in pair j // c, column j % c; spare panels are
    hidden). Each step shows the first ``steps[j] + 1`` ROC points: above, the
    ROC with the newest point as the step's current cut (``style.CUT_POINT``); below, their
    segments, the current cut's in orange (the same cut, so the grammar's current-position
    colour), over the lower envelope so far, which is drawn wider so that it shows beside the
    orange segment where that segment is itself the lowest. A legend above the figure says so.
    ``cut_sizes[k]``, if given, is the number of examples ROC point k predicts
    positive: the titles then say "cut n" (else "ROC point k").
    """
    from matplotlib.lines import Line2D
    fpr = np.asarray(fpr, dtype=float)
    tpr = np.asarray(tpr, dtype=float)
    if cut_sizes is not None and len(cut_sizes) != len(fpr):
        raise ValueError(f"cut_sizes must have one entry per ROC point ({len(fpr)}), got {len(cut_sizes)}")
    steps = list(steps)
    axes = np.asarray(axes)
    if axes.ndim == 1 or axes.shape[0] == 2:
        axes = axes.reshape(2, -1)
    if axes.ndim != 2 or axes.shape[0] % 2 or axes.size // 2 < len(steps):
        raise ValueError(f"axes must have shape (2 * r, c) with r * c >= len(steps) = {len(steps)}, "
                         f"got {np.shape(axes)}")
    ncols = axes.shape[1]
    for j in range(len(steps), axes.size // 2):
        axes[2 * (j // ncols), j % ncols].set_axis_off()
        axes[2 * (j // ncols) + 1, j % ncols].set_axis_off()
    for j, k in enumerate(steps):
        k = int(k)
        top, bottom = axes[2 * (j // ncols), j % ncols], axes[2 * (j // ncols) + 1, j % ncols]
        setup_roc_axes(top, fontsize=fontsize)
        top.plot(fpr, tpr, "-", color="0.85", lw=1)
        top.plot(fpr[: k + 1], tpr[: k + 1], "-o", color=style.CURVE, ms=3, lw=1.2)
        top.plot([fpr[k]], [tpr[k]], **{**style.CUT_POINT, "ms": 8})
        top.set_title(f"{_cut_name(k, cut_sizes)}: FPR={fpr[k]:.3f}, TPR={tpr[k]:.3f}", fontsize=fontsize)
        setup_cost_axes(bottom, fontsize=fontsize)
        plot_cost_lines(bottom, fpr[: k + 1], tpr[: k + 1], label=None)
        # the envelope wide, the current cut's segment narrower on top: where the segment is the
        # lowest (the first steps, a piece later) the black envelope shows on both sides of it
        plot_cost_envelope(bottom, fpr[: k + 1], tpr[: k + 1], shade=True, shade_label=None, lw=_STEP_ENVELOPE_LW)
        bottom.plot([0, 1], [fpr[k], 1 - tpr[k]], color=CHOSEN_COLOR, lw=_STEP_SEGMENT_LW, zorder=4,
                    clip_on=False)   # whole on an edge
        bottom.set_title(f"segment (0, {fpr[k]:.3f}) → (1, {1 - tpr[k]:.3f})", fontsize=fontsize)
        if j % ncols:
            top.set_ylabel("")
            bottom.set_ylabel("")
    handles = [Line2D([], [], color=CHOSEN_COLOR, lw=_STEP_SEGMENT_LW, marker="o", ms=8, mfc=CHOSEN_COLOR,
                      mec="black", mew=1.5),
               Line2D([], [], color=ENVELOPE_COLOR, lw=_STEP_ENVELOPE_LW),
               Line2D([], [], color=LINE_COLOR, lw=1.0)]
    labels = ["the step's cut (the current position): its ROC point, its segment",
              "cost curve so far (lower envelope)", "the earlier cuts' segments"]
    fig = axes.flat[0].figure
    # above the panels (outside every axes), so it covers no data
    fig.legend(handles, labels, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, fontsize=fontsize,
               frameon=False, handlelength=2.2, columnspacing=1.5)
    return axes


def plot_cost_scenarios(ax_roc, ax_cost, fpr, tpr, states, labels, *, fontsize=FONT):
    """Several conditions (prior and costs) on one ROC and one cost space.

    For each :class:`~learnmetrics.cost.CostState` in ``states``: on the ROC,
    the iso-cost line touching its best cut; in cost space, its x = P(+)cost
    (dotted), the segment lowest there and the cost reached. A condition's
    colour is its x on the sequential map (conditions are ordered by x) and its
    marker tells it apart when two x are close; a marker that would cover an
    earlier one is set off on a short leader. Two views of the same
    decisions. The cost curve is drawn over the conditions' segments (which are
    thinner): where a segment is the lowest it *is* the cost curve, so the curve
    its legend names stays whole and each segment shows where it leaves it.
    Returns the :class:`~learnmetrics.cost.CostEnvelope`.
    """
    if len(states) != len(labels):
        raise ValueError(f"states and labels must have the same length, got {len(states)} and {len(labels)}")
    setup_roc_axes(ax_roc, title="ROC: each iso-cost line touches its best cut", fontsize=fontsize)
    plot_roc_points(ax_roc, fpr, tpr)
    setup_cost_axes(ax_cost, title="cost space: the lowest segment at each x", fontsize=fontsize)
    plot_cost_lines(ax_cost, fpr, tpr, label=None)
    env, curve, _ = plot_cost_envelope(ax_cost, fpr, tpr, shade=True, shade_label=None, lw=2.0)
    curve.set_zorder(4.5)   # over the segments (zorder 4), under the markers (5)
    cmap = mpl.colormaps[style.SEQUENTIAL]
    drawn_roc, drawn_cost = [], []
    iso_lines = []
    for j, (s, label) in enumerate(zip(states, labels)):
        c = cmap(0.85 * s.x)
        m = SCENARIO_MARKERS[j % len(SCENARIO_MARKERS)]
        ls = _SCENARIO_LINES[j % len(_SCENARIO_LINES)]
        # a stretch of the line around its cut (not across the whole square): the lines of
        # different cuts cross less, and each keeps its own name at its end
        xs, ys = iso_cost_line(s.fpr, s.tpr, s.iso_slope, half_length=_ISO_HALF_LENGTH)
        (line,) = ax_roc.plot(xs, ys, color=c, lw=1.6, ls=ls, zorder=3, label=f"{label}: {s.cut_name}")
        iso_lines.append((s, label, line))
        _scenario_marker(ax_roc, (s.fpr, s.tpr), drawn_roc, m, c)
        ax_cost.axvline(s.x, color=c, ls=":", lw=1.3, zorder=2)
        ax_cost.plot([0, 1], [s.segment[0][1], s.segment[1][1]], color=c, lw=1.4, ls=ls, zorder=4)
        _scenario_marker(ax_cost, (s.x, s.normalized_cost), drawn_cost, m, c, label=f"{label}: x = {s.x:.3f}")
    _label_iso_lines(ax_roc, iso_lines, fontsize)
    # below the axes, clear of the lines and segments
    ax_roc.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=fontsize, frameon=False)
    ax_cost.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=fontsize, frameon=False)
    return env


def _short_name(label: str) -> str:
    """A condition's name as a direct label: its words before the first ":" or "," ("medical: misses
    cost 4" -> "medical")."""
    for sep in (":", ","):
        label = label.split(sep)[0]
    return label.strip()


def _label_iso_lines(ax, iso_lines, fontsize):
    """Name the iso-cost lines that look like one line: lines through one cut whose slopes differ
    by less than 10 degrees (their conditions' x are close). One label at that cut names them,
    steepest first, with their slopes; it sits under the ROC's hull, down and to the right of the
    cut, past a marker set off there (iso-cost lines are lines of support of the hull: none crosses
    there), in short lines, so that it stays above the diagonal. A line alone at its cut is told
    apart by its style, its marker and its legend entry."""
    groups: dict = {}
    for s, label, _ in iso_lines:
        groups.setdefault((s.fpr, s.tpr), []).append((s, label))
    for (x, y), members in groups.items():
        if len(members) < 2:
            continue
        members.sort(key=lambda m: -m[0].iso_slope)
        angles = np.degrees(np.arctan([s.iso_slope for s, _ in members]))
        if angles.max() - angles.min() >= 10:
            continue
        rows = ["almost one line:"] + [r for s, label in members
                                       for r in (_short_name(label), f"  slope {s.iso_slope:.3f}")]
        # one text per row: the rows get shorter downwards, where the diagonal comes nearer
        for i, row in enumerate(rows):
            ax.annotate(row, (x, y), xytext=(25, -8 - 1.15 * fontsize * i), textcoords="offset points",
                        ha="left", va="top", fontsize=fontsize, color="black", zorder=7)


def _scenario_marker(ax, xy, drawn, marker, color, *, label=None):
    """A condition's marker at ``xy``; where an earlier one (``drawn``) already sits within a
    marker's width, this one is set off below and to the right, on a leader from a small dot
    at its true place, so that neither hides the other."""
    from matplotlib.transforms import ScaledTranslation
    near = any(abs(xy[0] - a) < 0.04 and abs(xy[1] - b) < 0.04 for a, b in drawn)
    drawn.append(xy)
    if not near:
        ax.plot([xy[0]], [xy[1]], marker, color=color, mec="black", ms=9, zorder=5, ls="none", label=label)
        return
    dx, dy = 16 / 72, -16 / 72       # inches
    shifted = ax.transData + ScaledTranslation(dx, dy, ax.figure.dpi_scale_trans)
    ax.plot([xy[0]], [xy[1]], "o", color="black", ms=2.5, zorder=6)
    ax.annotate("", xy, xytext=(dx * 72, dy * 72), textcoords="offset points", zorder=5,
                arrowprops=dict(arrowstyle="-", color="black", lw=0.8, shrinkA=5, shrinkB=0))
    ax.plot([xy[0]], [xy[1]], marker, color=color, mec="black", ms=9, zorder=5, ls="none", label=label,
            transform=shifted)


def plot_hull_and_envelope(ax_roc, ax_cost, fpr, tpr, *, thresholds=None, fontsize=FONT, cut_sizes=None):
    """The ROC convex hull and the cost curve side by side, each hull vertex in the colour of its piece.

    Every piece of the lower envelope belongs to one ROC point, a vertex of
    the ROC convex hull that no other point dominates; a dominated vertex
    ((0, 0) below a point with FPR 0, (1, 1) beside a point with TPR 1) owns
    no piece, so the melons' 5 vertices give 3 pieces. The same colour (the
    pieces in their order along x, on the sequential map) and the same name
    mark a vertex on the left and its piece on the right. ``cut_sizes[k]``, if
    given, is the number of examples ROC point k predicts positive (names
    "cut n"; else "ROC point k"). Returns the :class:`~learnmetrics.cost.CostEnvelope`.
    """
    fpr = np.asarray(fpr, dtype=float)
    tpr = np.asarray(tpr, dtype=float)
    if cut_sizes is not None and len(cut_sizes) != len(fpr):
        raise ValueError(f"cut_sizes must have one entry per ROC point ({len(fpr)}), got {len(cut_sizes)}")
    setup_roc_axes(ax_roc, title="ROC and its convex hull", fontsize=fontsize)
    plot_roc_points(ax_roc, fpr, tpr)
    setup_cost_axes(ax_cost, title="cost curve: a piece per undominated hull vertex", fontsize=fontsize)
    plot_cost_lines(ax_cost, fpr, tpr, label=None)
    env, _, _ = plot_cost_envelope(ax_cost, fpr, tpr, shade=True, lw=1.0, color="0.3",
                                   shade_label="expected total cost {area:.3f}")
    colors = ordered_colors(len(env.owners))
    for j, k in enumerate(env.owners):
        c = colors[j]
        m = SCENARIO_MARKERS[j % len(SCENARIO_MARKERS)]
        x0, x1 = env.x_breaks[j], env.x_breaks[j + 1]
        ax_cost.plot([x0, x1], [env.cost_breaks[j], env.cost_breaks[j + 1]], color=c, lw=4, solid_capstyle="butt",
                     zorder=4)
        ax_cost.plot([(x0 + x1) / 2], [(env.cost_breaks[j] + env.cost_breaks[j + 1]) / 2], m, color=c,
                     mec="black", ms=8, zorder=5)
        name = _cut_name(k, cut_sizes)
        # the threshold on a second line: one line ran into the diagonal from a vertex at the top (cut 13)
        label = name if thresholds is None else f"{name}\n(t = {thresholds[k]:.3g})"
        ax_roc.plot([fpr[k]], [tpr[k]], m, color=c, mec="black", ms=9, zorder=5)
        ax_roc.annotate(label, (fpr[k], tpr[k]), xytext=(8, -6), textcoords="offset points", fontsize=fontsize,
                        color="black", va="top", linespacing=1.1)
        # on the side the piece falls away from (up-left of a rising piece, up-right of a falling
        # one), above the grey lines and the pieces, so no segment crosses the name
        rise = env.cost_breaks[j + 1] - env.cost_breaks[j]
        side = -1 if rise > 0.02 else (1 if rise < -0.02 else 0)
        ax_cost.annotate(name, ((x0 + x1) / 2, (env.cost_breaks[j] + env.cost_breaks[j + 1]) / 2),
                         xytext=(8 * side, 9), textcoords="offset points",
                         ha={-1: "right", 0: "center", 1: "left"}[side], va="bottom", fontsize=fontsize,
                         color="black", fontweight="bold", zorder=6,
                         bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.85))
    ax_roc.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=fontsize, frameon=False, ncol=2)
    # the key shows the envelope as it is drawn: its pieces, thick, in their colours
    from matplotlib.legend_handler import HandlerTuple
    from matplotlib.lines import Line2D
    handles, names = ax_cost.get_legend_handles_labels()
    pieces = tuple(Line2D([], [], color=c, lw=4, solid_capstyle="butt") for c in colors)
    handles = [pieces if name == "cost curve (lower envelope)" else h for h, name in zip(handles, names)]
    names = [f"{name}: its {len(colors)} pieces" if name == "cost curve (lower envelope)" else name for name in names]
    ax_cost.legend(handles, names, loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=fontsize,
                   frameon=False, ncol=1, handler_map={tuple: HandlerTuple(ndivide=None, pad=0)}, handlelength=3)
    return env


def plot_cost_heatmaps(axes, confusion, cost, labels, *, fontsize=FONT):
    """Three heat maps side by side: the confusion matrix C (counts), the cost matrix
    (price of each cell) and their entry-by-entry product C × cost (what each cell
    costs in total), whose sum over m is the cost-sensitive error.

    Each map uses the sequential colour map on its own scale, with every value printed
    (colour is never the only cue). ``axes`` is a sequence of three Axes; ``labels``
    names the classes (rows = true, columns = predicted). Returns the product matrix.
    """
    from .confusion import draw_confusion_matrix

    C = np.asarray(confusion, dtype=float)
    K = np.asarray(cost, dtype=float)
    if C.shape != K.shape or C.ndim != 2 or C.shape[0] != C.shape[1]:
        raise ValueError(f"confusion and cost must be square matrices of the same shape, got {C.shape} and {K.shape}")
    if len(axes) != 3:
        raise ValueError(f"axes must hold 3 Axes (confusion, cost, product), got {len(axes)}")
    if len(labels) != C.shape[0]:
        raise ValueError(f"labels must name the {C.shape[0]} classes, got {len(labels)}")
    product = C * K
    titles = ("confusion matrix C (counts)", "cost matrix (price per example)", "C × cost (total per cell)")
    for ax, M, title in zip(axes, (C, K, product), titles):
        draw_confusion_matrix(ax, M, labels=list(labels), title=title)
        ax.title.set_fontsize(fontsize + 1)
        ax.tick_params(labelsize=fontsize)
    return product


def plot_probability_cost(ax, ratios, *, worked=None, fontsize=FONT):
    """P(+)cost against the prior p, one curve per cost ratio ``(cost01, cost10)`` (an ordered
    quantity: the sequential map, plus a line style and marker each). ``worked = (p, cost01,
    cost10)`` marks one condition with a black dot and its value. The key sits outside the axes
    and the worked value's note under the lowest curve, so neither covers a curve.
    Returns the worked example's P(+)cost (or None)."""
    from ..cost import probability_cost

    ratios = [(float(a), float(b)) for a, b in ratios]
    if not ratios:
        raise ValueError("ratios must hold at least one (cost01, cost10) pair")
    p = np.linspace(0, 1, 201)
    styles = zip(ordered_colors(len(ratios)), ["-", "--", "-.", ":", (0, (5, 1, 1, 1, 1, 1))] * 4,
                 ["v", "s", "^", "D", "o"] * 4)
    for (c01, c10), (color, ls, marker) in zip(ratios, styles):
        ax.plot(p, probability_cost(p, c01, c10), color=color, ls=ls, lw=2, marker=marker, markevery=25,
                label=f"cost01 : cost10 = {c01:g}:{c10:g}")
    value = None
    if worked is not None:
        wp, w01, w10 = worked
        value = float(probability_cost(wp, w01, w10))
        ax.plot([wp], [value], "o", color="black", zorder=5)
        ax.annotate(f"p = {wp:g}, {w01:g}:{w10:g}  ->  {value:.2f}", (wp, value), xytext=(0.55, 0.06),
                    arrowprops=dict(arrowstyle="->"), fontsize=fontsize,
                    bbox=dict(boxstyle="round,pad=0.2", fc="white", ec="0.7"))
    ax.set(xlabel="p = P(positive)", ylabel="P(+)cost", xlim=(0, 1), ylim=(0, 1))
    ax.legend(fontsize=fontsize, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False)
    return value
