"""Pictures of ranking metrics: discounts, gains, DCG against the ideal.

Each function takes a matplotlib ``ax``, draws one picture and returns the
artists it made, so that :class:`learnmetrics.widgets.ranking.RankedListExplorer`
can move them in place. The numbers come from :mod:`learnmetrics.ranking`.

* :func:`plot_discount`: the position discount 1/log2(i+1).
* :func:`plot_gains`: one bar per rank in the colour of its relevance grade:
  the item's gain (pale) and the part of it that survives the discount
  (solid), the ranks beyond k faded.
* :func:`plot_dcg_vs_idcg`: DCG@i of the list against IDCG@i of the ideal
  order, for every cut-off i; NDCG@i is their ratio.
* :func:`plot_precision_recall_at_k`: precision@k and recall@k against k.
* :func:`plot_precision_at_hits`: AP as an area: one column of width 1/|R|
  and height precision@rank per relevant item, under the list's P-R points.
* :func:`plot_map_mrr`: several users' lists, one row each: the relevant
  items, precision@rank at each of them, each user's AP and reciprocal rank,
  and their means MAP and MRR.

Colours follow :mod:`learnmetrics.plotting.style`; the smallest text is 9 pt.
"""
from __future__ import annotations

import math

import matplotlib as mpl
import numpy as np

from ..ranking import ranked_list_state
from . import style

__all__ = [
    "GAIN_COLOR",
    "DISCOUNTED_COLOR",
    "IDEAL_COLOR",
    "grade_color",
    "plot_discount",
    "GainBars",
    "plot_gains",
    "DcgCurves",
    "plot_dcg_vs_idcg",
    "plot_precision_at_hits",
    "plot_precision_recall_at_k",
    "plot_map_mrr",
    "tie_orders",
    "plot_tie_orders",
]

# The visual grammar (learnmetrics.plotting.style): a relevance grade is an ordered quantity, so
# a bar takes the colour of its grade on the sequential map; the ideal list is a reference
# (grey, dashed); this list's DCG is the one curve (near-black); the cut at k is the course's
# cut line (orange); relevant / irrelevant items are positives / negatives (blue o, vermillion s).
GAIN_COLOR = "#D9D9D9"          # a neutral bar (plot_discount beyond k)
DISCOUNTED_COLOR = style.CURVE  # a neutral bar (plot_discount inside k)
IDEAL_COLOR = style.REFERENCE   # the ideal order
OUTSIDE_ALPHA = 0.3             # ranks beyond k
FULL_ALPHA = 0.35               # the full gain, behind its discounted part
FONT = 9                        # the smallest text (points)


def grade_color(grade, max_grade):
    """The colour of a relevance grade on the course's sequential map (cividis), 0 darkest.
    The top of the map is left out: its pale yellow would vanish on white."""
    cmap = mpl.colormaps[style.SEQUENTIAL]
    return cmap(0.85 * float(grade) / max(float(max_grade), 1.0))


def _gain_label(gain: str) -> str:
    return "gain $2^{rel}-1$" if gain == "exponential" else "gain = rel"


def plot_discount(ax, n=10, *, log_base=2, k=None, title="position discount $1/\\log_2(i+1)$"):
    """Bars of the discount 1/log_b(i+1) for ranks i = 1..n (rank 1 keeps all its gain).

    Ranks beyond ``k`` (if given) are pale; the cut is the course's orange cut line.
    Returns a dict with ``bars`` and ``labels`` (the values printed on the bars).
    """
    n = int(n)
    i = np.arange(1, n + 1)
    d = 1 / (np.log(i + 1) / np.log(log_base))
    colors = [DISCOUNTED_COLOR if (k is None or r <= k) else GAIN_COLOR for r in i]
    bars = ax.bar(i, d, color=colors, width=0.7)
    labels = [ax.text(r, v + 0.02, f"{v:.2f}", ha="center", va="bottom", fontsize=FONT) for r, v in zip(i, d)]
    if k is not None:
        ax.axvline(k + 0.5, **style.CUT_LINE)
        ax.text(k + 0.6, 1.02, f"k = {k}", fontsize=FONT, va="bottom")
    ax.set_xticks(i)
    ax.set_xlim(0.4, n + 0.6)
    ax.set_ylim(0, 1.18)
    ax.set_xlabel("rank i")
    ax.set_ylabel("discount")
    ax.tick_params(labelsize=FONT)
    if title:
        ax.set_title(title, fontsize=10)
    return {"bars": bars, "labels": labels}


class GainBars:
    """The artists of :func:`plot_gains`; :meth:`update` moves them to a new state.

    One bar per rank in the colour of the item's relevance grade (sequential map): pale,
    the item's full gain; solid, the part left after the position discount (what DCG adds,
    value printed). Ranks beyond k are faded; the cut is the orange cut line."""

    def __init__(self, ax, state, *, ymax=None, show_values=True, max_grade=None):
        self.ax = ax
        n = len(state.items)
        x = np.arange(1, n + 1)
        self.max_grade = float(np.max(state.relevance)) if max_grade is None else float(max_grade)
        self.full = ax.bar(x, state.gains, color="white", edgecolor=style.CURVE, lw=0.6, width=0.75)
        self.kept = ax.bar(x, state.discounted_gains, color=style.CURVE, edgecolor=style.CURVE, lw=0.6, width=0.75)
        self.values = [ax.text(r, 0, "", ha="center", va="bottom", fontsize=FONT) for r in x] if show_values else []
        self.cut = ax.axvline(state.k + 0.5, **style.CUT_LINE)
        top = ymax if ymax is not None else max(float(np.max(state.gains)), 1.0) * 1.25
        self.ymax = top
        self.cut_label = ax.text(state.k + 0.6, top * 0.97, "", fontsize=FONT, va="top")
        ax.set_xlim(0.4, n + 0.6)
        ax.set_ylim(0, top)
        ax.set_xticks(x)
        ax.tick_params(labelsize=FONT)
        # beyond k the solid part is faded and adds nothing: DCG@k sums the ranks inside the cut only
        ax.set_xlabel("rank: item, grade   (pale bar: gain; solid: gain × discount, added to DCG inside k)",
                      fontsize=FONT)
        self._labels = None   # the tick labels shown (item, grade), set again only when they change
        self.update(state)

    def update(self, state):
        gains, kept = state.gains, state.discounted_gains
        for i, (bf, bk) in enumerate(zip(self.full, self.kept)):
            inside = i < state.k
            color = grade_color(state.relevance[i], self.max_grade)
            bf.set_height(gains[i])
            bk.set_height(kept[i])
            bf.set_facecolor((*color[:3], FULL_ALPHA if inside else 0.12))
            bf.set_edgecolor((*color[:3], 1.0 if inside else 0.4))
            bk.set_facecolor((*color[:3], 1.0 if inside else OUTSIDE_ALPHA))
            bk.set_edgecolor((*color[:3], 1.0 if inside else OUTSIDE_ALPHA))
            if self.values:
                self.values[i].set_position((i + 1, gains[i] + 0.01 * self.ymax))
                self.values[i].set_text(f"{kept[i]:.2f}" if inside and gains[i] > 0 else "")
        labels = [f"{it}\n{r:g}" for it, r in zip(state.items, state.relevance)]
        if labels != self._labels:   # new tick labels only for a new order (a step of k keeps them)
            self.ax.set_xticklabels(labels, fontsize=FONT)
            self._labels = labels
        self.cut.set_xdata([state.k + 0.5, state.k + 0.5])
        at_end = state.k >= len(state.items)
        self.cut_label.set_position((state.k + (0.4 if at_end else 0.6), self.ymax * 0.97))
        self.cut_label.set_horizontalalignment("right" if at_end else "left")
        self.cut_label.set_text(f"k = {state.k}")
        self.ax.set_ylabel(_gain_label(state.gain), fontsize=FONT)


def plot_gains(ax, relevance, *, k=None, gain="exponential", items=None, ymax=None, title=None,
               max_grade=None) -> GainBars:
    """One bar per rank for the list ``relevance`` (in the order shown), in the colour of
    its grade (sequential map, the top grade ``max_grade``, default the list's largest):
    its gain (pale) and the discounted share of it that DCG adds (solid, value printed).
    Ranks beyond ``k`` are faded. Returns a :class:`GainBars`."""
    k = len(relevance) if k is None and hasattr(relevance, "__len__") else k
    state = ranked_list_state(relevance, k, items=items, gain=gain)
    bars = GainBars(ax, state, ymax=ymax, max_grade=max_grade)
    if title:
        ax.set_title(title, fontsize=10)
    return bars


class DcgCurves:
    """The artists of :func:`plot_dcg_vs_idcg`; :meth:`update` moves them to a new state.

    The ideal list's IDCG@i is the reference (grey, dashed), this list's DCG@i the curve
    (near-black, solid); the cut at k is the orange cut line, the grey bar at k the gap."""

    def __init__(self, ax, state, *, ymax=None):
        self.ax = ax
        n = len(state.items)
        x = np.arange(1, n + 1)
        (self.ideal,) = ax.plot(x, state.idcg_curve, ls="--", marker="s", color=IDEAL_COLOR, ms=4, lw=1.6,
                                label="IDCG@i")   # the title says "ideal": a narrow legend, clear of the read-out
        (self.dcg,) = ax.plot(x, state.dcg_curve, ls="-", marker="o", color=style.CURVE, ms=4, lw=1.6,
                              label="DCG@i")
        # NDCG@k is read at i = k; the line stops below the legend (the top third holds no data)
        # under the gap bar and the curves (zorder 1): drawn over them it hid the bar and the DCG@k point
        self.cut = ax.axvline(state.k, ymax=0.7, **{**style.CUT_LINE, "zorder": 1})
        # wide enough to show on both sides of the cut line drawn through it at k
        (self.gap,) = ax.plot([state.k, state.k], [0, 0], color="0.3", lw=11, alpha=0.35, solid_capstyle="butt")
        # over the cut line, on a white box, so that the line never crosses the numbers
        self.text = ax.text(0.03, 0.97, "", transform=ax.transAxes, va="top", fontsize=FONT, family="monospace",
                            zorder=7, bbox=dict(boxstyle="square,pad=0.2", fc="white", ec="none", alpha=0.9))
        top = ymax if ymax is not None else max(float(state.idcg_curve[-1]), 1e-9) * 1.5
        ax.set_xlim(0.5, n + 0.5)
        ax.set_ylim(0, top)
        ax.set_xticks(x)
        ax.tick_params(labelsize=FONT)
        ax.set_xlabel("cut-off i", fontsize=FONT)
        # a narrow legend at the upper right, clear of the read-out at the top left and of the curves
        # (the y axis reaches 1.5 x the ideal list's full DCG, so its top third holds no data; at the
        # lower right it hid a low list's DCG@k, the point NDCG@k is read from)
        ax.legend(loc="upper right", fontsize=FONT, frameon=True, framealpha=0.9, handlelength=1.8,
                  handletextpad=0.4, borderaxespad=0.3)
        self.update(state)

    def update(self, state):
        self.ideal.set_ydata(state.idcg_curve)
        self.dcg.set_ydata(state.dcg_curve)
        self.cut.set_xdata([state.k, state.k])
        self.gap.set_data([state.k, state.k], [state.dcg, state.idcg])
        ndcg = "  undefined" if np.isnan(state.ndcg) else f"{state.ndcg:7.3f}"   # IDCG = 0: no relevant item
        self.text.set_text(f"DCG@{state.k}  = {state.dcg:7.3f}\nIDCG@{state.k} = {state.idcg:7.3f}\nNDCG@{state.k} = {ndcg}")
        self.ax.set_ylabel(f"DCG ({_gain_label(state.gain)})", fontsize=FONT)


def plot_dcg_vs_idcg(ax, relevance, *, k=None, gain="exponential", items=None, ymax=None, title=None) -> DcgCurves:
    """DCG@i of the list ``relevance`` (in the order shown) and IDCG@i of the
    ideal order, for i = 1..n; the bar at ``k`` is the gap NDCG@k measures.
    Returns a :class:`DcgCurves`."""
    k = len(relevance) if k is None and hasattr(relevance, "__len__") else k
    state = ranked_list_state(relevance, k, items=items, gain=gain)
    curves = DcgCurves(ax, state, ymax=ymax)
    if title:
        ax.set_title(title, fontsize=10)
    return curves


def plot_precision_at_hits(ax, ranked, relevant, *, title=None, color="0.82"):
    """Average precision as an area.

    Walk down the ranked list: recall rises by 1/|R| at each relevant item.
    The column drawn there has width 1/|R| and height precision@rank, so the
    columns' total area is AP. The dots are the list's P-R points, one per cut
    (after rank 1, 2, ..., n), drawn as chapter 03 draws a P-R curve: no point
    at recall 0 and no straight segment between cuts (a line between two cuts
    is not a cut any list achieves). A cut that ends on a relevant item is a
    blue ``o``, one that ends on an irrelevant item a vermillion ``s``.
    Relevant items missing from the list leave the right end of [0, 1] empty.

    Returns a dict with ``columns`` (Rectangles), ``points`` (the two Line2D of
    dots) and ``ap`` (float).
    """
    from matplotlib.patches import Rectangle

    from ..ranking import _hits

    hits, n_rel = _hits(ranked, relevant)
    if n_rel == 0:
        raise ValueError("relevant is empty: AP is undefined, there is nothing to draw")
    tp = np.cumsum(hits)
    ranks = np.arange(1, len(hits) + 1)
    precision = tp / ranks
    recall = tp / n_rel
    columns = []
    for r in np.flatnonzero(hits):
        x0 = (tp[r] - 1) / n_rel
        rect = Rectangle((x0, 0), 1 / n_rel, precision[r], facecolor=color, edgecolor=style.CURVE, lw=0.8,
                         zorder=1)
        ax.add_patch(rect)
        columns.append(rect)
        ax.text(x0 + 0.5 / n_rel, precision[r] + 0.035, f"{int(tp[r])}/{r + 1}", ha="center", va="bottom",
                fontsize=FONT)
    pos = dict(color=style.POSITIVE, marker=style.POSITIVE_MARKER)
    neg = dict(color=style.NEGATIVE, marker=style.NEGATIVE_MARKER)
    (hit_pts,) = ax.plot(recall[hits], precision[hits], ls="none", ms=6, mec="black", mew=0.6, zorder=4,
                         label="cut after a relevant item", **pos)
    (miss_pts,) = ax.plot(recall[~hits], precision[~hits], ls="none", ms=5.5, mec="black", mew=0.6, zorder=4,
                          label="cut after an irrelevant item", **neg)
    ap = float(np.sum(precision[hits]) / n_rel)
    ax.set_xlim(0, 1.02)
    ax.set_ylim(0, 1.22)
    ax.set_yticks(np.linspace(0, 1, 6))
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    ax.tick_params(labelsize=FONT)
    # the key under the axes: inside, it would cover the columns whose area is AP
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, fontsize=FONT, frameon=False)
    ax.text(0.98, 1.19, f"AP = area = {ap:.3f}", ha="right", va="top", fontsize=FONT)
    if title:
        ax.set_title(title, fontsize=10)
    return {"columns": columns, "points": (hit_pts, miss_pts), "ap": ap}


_LIST_MARKERS = ("D", "^", "v", "P")


def plot_precision_recall_at_k(axes, rankings: dict, relevant, *, max_k=None):
    """precision@k (left axis of ``axes``) and recall@k (right) against k, one line
    per ranked list in ``rankings`` ({name: ranked list}), in the course's styles for
    things compared (colour, line style and marker). Returns the two axes."""
    from ..ranking import precision_at_k, recall_at_k

    ax_p, ax_r = axes
    for i, (name, ranked) in enumerate(rankings.items()):
        look = dict(**style.learner_style(i), marker=_LIST_MARKERS[i % len(_LIST_MARKERS)], ms=5, lw=1.6)
        ks = np.arange(1, (len(ranked) if max_k is None else max_k) + 1)
        ax_p.plot(ks, [precision_at_k(ranked, relevant, int(k)) for k in ks], label=name, **look)
        ax_r.plot(ks, [recall_at_k(ranked, relevant, int(k)) for k in ks], label=name, **look)
    for ax, what in ((ax_p, "precision@k"), (ax_r, "recall@k")):
        ax.set_xlabel("k (length of the list read)")
        ax.set_ylabel(what)
        ax.set_ylim(-0.03, 1.08)
        ax.set_xticks(ks)
        ax.tick_params(labelsize=FONT)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=FONT, frameon=False)
    return axes


def plot_map_mrr(ax, ranked_lists, relevant_sets, *, fontsize=FONT):
    """MAP and MRR over several users' lists, one row per user.

    ``ranked_lists`` and ``relevant_sets`` are dicts keyed by user (or two lists).
    Each rank is a square: a relevant item a blue circle (a positive), the others
    vermillion squares (negatives); under each relevant item its precision@rank,
    the numbers whose mean over the user's relevant set is the AP. The first
    relevant rank is boxed: 1/rank is the user's reciprocal rank. The right
    margin prints AP and RR per user, the bottom line MAP and MRR (the
    package's :func:`~learnmetrics.ranking.mean_average_precision` and
    :func:`~learnmetrics.ranking.mean_reciprocal_rank`). Returns ``(MAP, MRR)``.
    """
    from ..ranking import average_precision, mean_average_precision, mean_reciprocal_rank, reciprocal_rank

    if isinstance(ranked_lists, dict):
        users = list(ranked_lists)
        lists = [list(ranked_lists[u]) for u in users]
        rels = [set(relevant_sets[u]) for u in users]
    else:
        lists, rels = [list(x) for x in ranked_lists], [set(r) for r in relevant_sets]
        users = [f"user {i + 1}" for i in range(len(lists))]
    n = max(len(x) for x in lists)
    for row, (user, items, rel) in enumerate(zip(users, lists, rels)):
        y = -1.5 * row
        hits = 0
        first = None
        for i, item in enumerate(items):
            is_rel = item in rel
            if is_rel:
                hits += 1
                first = i if first is None else first
                ax.plot(i + 1, y, style.POSITIVE_MARKER, color=style.POSITIVE, ms=15, zorder=3)
                ax.text(i + 1, y - 0.36, f"P@{i + 1} = {hits}/{i + 1}", ha="center", va="top", fontsize=fontsize)
            else:
                ax.plot(i + 1, y, style.NEGATIVE_MARKER, color=style.NEGATIVE, ms=11, zorder=3)
            ax.text(i + 1, y + 0.3, str(item), ha="center", va="bottom", fontsize=fontsize)
        if first is not None:
            ax.add_patch(mpl.patches.Rectangle((first + 0.7, y - 0.25), 0.6, 0.5, fill=False, ec=style.CURVE,
                                               lw=1.4, ls="--", zorder=4))
        missing = len(rel - set(items))
        ap, rr = average_precision(items, rel), reciprocal_rank(items, rel)
        ax.text(n + 0.7, y, f"AP = {ap:.4f}  (|R| = {len(rel)}" + (f", {missing} not in the list)" if missing else ")")
                + f"\nRR = {rr:.4f}", ha="left", va="center", fontsize=fontsize)
        ax.text(0.3, y, user, ha="right", va="center", fontsize=fontsize + 1, fontweight="bold")
    m_ap = mean_average_precision(lists, [set(r) for r in rels])
    m_rr = mean_reciprocal_rank(lists, [set(r) for r in rels])
    ax.text(0.5, -1.5 * len(lists) + 0.55, f"MAP = mean of the APs = {m_ap:.4f}     MRR = mean of the RRs = {m_rr:.4f}",
            ha="left", va="center", fontsize=fontsize + 1)
    ax.plot([], [], style.POSITIVE_MARKER, color=style.POSITIVE, ms=9, label="relevant (liked)")
    ax.plot([], [], style.NEGATIVE_MARKER, color=style.NEGATIVE, ms=7, alpha=0.75, label="not relevant")
    ax.add_patch(mpl.patches.Rectangle((0, 0), 0, 0, fill=False, ec=style.CURVE, ls="--", label="first relevant: RR = 1/rank"))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=3, fontsize=fontsize, frameon=False)
    ax.set_xlim(-0.6, n + 4.4)
    ax.set_ylim(-1.5 * len(lists) + 0.3, 0.75)
    ax.set_xticks(range(1, n + 1), [f"rank {i}" for i in range(1, n + 1)])
    ax.xaxis.set_ticks_position("top")
    ax.tick_params(labelsize=fontsize, length=0)
    ax.set_yticks([])
    for side in ("left", "right", "bottom", "top"):
        ax.spines[side].set_visible(False)
    return m_ap, m_rr


def tie_orders(relevance, scores, *, k, max_orders=720):
    """Every order of the tied groups of ``scores`` that reach into the top ``k``: an array of shape
    (n_orders, n_items) of strict scores (each row one way to break the ties; items in different
    groups keep the order of ``scores``). Raises ``ValueError`` when there are more than
    ``max_orders`` orders."""
    from itertools import permutations, product

    rel = np.asarray(relevance, dtype=float).ravel()
    s = np.asarray(scores, dtype=float).ravel()
    if rel.shape != s.shape or rel.size == 0:
        raise ValueError(f"relevance and scores must be two 1-d arrays of one length, got {rel.shape} and {s.shape}")
    if not np.all(np.isfinite(s)):
        raise ValueError("scores must be finite")
    k = int(k)
    if not 1 <= k <= s.size:
        raise ValueError(f"k must be in [1, {s.size}], got {k}")
    order = np.argsort(-s, kind="stable")
    starts = np.r_[0, np.flatnonzero(np.diff(s[order]) != 0) + 1]
    groups = [order[a:b] for a, b in zip(starts, np.r_[starts[1:], s.size]) if a < k]
    n_orders = int(np.prod([math.factorial(len(g)) for g in groups]))
    if n_orders > max_orders:
        raise ValueError(f"the tied groups in the top k={k} have {n_orders} orders, more than max_orders={max_orders}")
    rows = []
    for choice in product(*[list(permutations(g)) for g in groups]):
        seq = np.concatenate([np.asarray(c) for c in choice] + [order[sum(len(g) for g in groups):]])
        row = np.empty(s.size)
        row[seq] = np.arange(s.size, 0, -1, dtype=float)
        rows.append(row)
    return np.array(rows)


def plot_tie_orders(ax, relevance, scores, *, k, gain="exponential", max_orders=720):
    """DCG@k of every way to break the ties of ``scores`` (one dot per order, its grades in the top k
    written on the left), with the tie-averaged DCG@k (``ignore_ties=False``, the default of
    :func:`learnmetrics.dcg_score`) as a grey dashed line: the mean of the dots. The value that
    ``ignore_ties=True`` gives is named in its row's label; each value is written on the side of its
    dot away from the dashed line. Returns a dict with
    ``orders`` (the grades in the top k per order), ``dcg`` (per order) and ``averaged``."""
    from ..ranking import dcg_per_query, dcg_score

    rel = np.asarray(relevance, dtype=float).ravel()
    strict = tie_orders(rel, scores, k=k, max_orders=max_orders)
    Y = np.tile(rel, (len(strict), 1))
    dcg = dcg_per_query(Y, strict, k=k, gain=gain)
    averaged = dcg_score([rel], [np.asarray(scores, dtype=float)], k=k, gain=gain)
    arbitrary = dcg_score([rel], [np.asarray(scores, dtype=float)], k=k, gain=gain, ignore_ties=True)
    tops = [tuple(int(g) if float(g).is_integer() else float(g) for g in rel[np.argsort(-row)][:k]) for row in strict]
    by = np.argsort(-dcg, kind="stable")
    ys = np.arange(len(by))
    _ = ax.plot(dcg[by], ys, marker="o", ms=8, color=style.CURVE, ls="none", zorder=4, clip_on=False)
    ref = ax.axvline(averaged, **style.REFERENCE_STYLE)
    # the order ignore_ties=True takes is named in its row's label, not beside its dot (there the
    # note ran through the dashed line)
    ax.set_yticks(ys, [" · ".join(str(g) for g in tops[i]) + ("  (ignore_ties=True)" if np.isclose(dcg[i], arbitrary)
                                                              else "") for i in by], fontsize=FONT)
    ax.set_ylim(len(by) - 0.4, -1.4)
    pad = 0.06 * (dcg.max() - dcg.min() or 1)
    ax.set_xlim(dcg.min() - 5 * pad, dcg.max() + 5 * pad)
    ax.annotate(f"tie-averaged (default): {averaged:.4f},\nthe mean of these {len(by)} orders",
                (averaged, -1.35), xytext=(4, 0), textcoords="offset points", ha="left", va="top",
                fontsize=FONT, color="0.3")
    for y, i in zip(ys, by):    # each value on the side of its dot away from the dashed line
        right = dcg[i] >= averaged
        ax.annotate(f"{dcg[i]:.4f}", (dcg[i], y), xytext=(8 if right else -8, 0), textcoords="offset points",
                    va="center", ha="left" if right else "right", fontsize=FONT)
    ax.set_xlabel(f"DCG@{k}", fontsize=10)
    ax.set_ylabel(f"grades in ranks 1–{k}", fontsize=10)
    ax.grid(axis="x", color="0.92", lw=0.8)
    return dict(orders=[tops[i] for i in by], dcg=dcg[by], averaged=averaged, ignore_ties=arbitrary, line=ref)
