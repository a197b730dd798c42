"""Pictures of ranking metrics: discounts, gains, DCG against the ideal.

Each function takes a matplotlib ``ax``, draws one picture and returns the
artists it made, so that :class:`learnmetrics.widgets.ranking.RankedListExplorer`
can move them in place. The numbers come from :mod:`learnmetrics.ranking`.

* :func:`plot_discount`: the position discount 1/log2(i+1).
* :func:`plot_gains`: one bar per rank: the item's gain (light) and the part
  of it that survives the discount (dark), the ranks beyond k greyed out.
* :func:`plot_dcg_vs_idcg`: DCG@i of the list against IDCG@i of the ideal
  order, for every cut-off i; NDCG@i is their ratio.
* :func:`plot_precision_recall_at_k`: precision@k and recall@k against k.
* :func:`plot_precision_at_hits`: AP as an area: one column of width 1/|R|
  and height precision@rank per relevant item, under the ranked list's P-R steps.
"""
from __future__ import annotations

import numpy as np

from ..ranking import ranked_list_state

__all__ = [
    "GAIN_COLOR",
    "DISCOUNTED_COLOR",
    "IDEAL_COLOR",
    "plot_discount",
    "GainBars",
    "plot_gains",
    "DcgCurves",
    "plot_dcg_vs_idcg",
    "plot_precision_at_hits",
    "plot_precision_recall_at_k",
]

GAIN_COLOR = "#c6dbef"        # the full gain of an item
DISCOUNTED_COLOR = "#2171b5"  # the part left after the position discount
IDEAL_COLOR = "#d95f02"       # the ideal order
OUTSIDE_ALPHA = 0.25          # ranks beyond k


def _gain_label(gain: str) -> str:
    return "gain 2^rel - 1" if gain == "exponential" else "gain = rel"


def plot_discount(ax, n=10, *, log_base=2, k=None, title="position discount 1 / log2(i + 1)"):
    """Bars of the discount 1/log_b(i+1) for ranks i = 1..n (rank 1 keeps all its gain).

    Returns a dict with ``bars`` and ``labels`` (the values printed on the bars).
    """
    n = int(n)
    i = np.arange(1, n + 1)
    d = 1 / (np.log(i + 1) / np.log(log_base))
    colors = [DISCOUNTED_COLOR if (k is None or r <= k) else "0.75" for r in i]
    bars = ax.bar(i, d, color=colors, width=0.7)
    labels = [ax.text(r, v + 0.02, f"{v:.2f}", ha="center", va="bottom", fontsize=8) for r, v in zip(i, d)]
    if k is not None:
        ax.axvline(k + 0.5, color="black", lw=1, ls="--")
        ax.text(k + 0.6, 1.02, f"k = {k}", fontsize=8, va="bottom")
    ax.set_xticks(i)
    ax.set_xlim(0.4, n + 0.6)
    ax.set_ylim(0, 1.15)
    ax.set_xlabel("rank i")
    ax.set_ylabel("discount")
    if title:
        ax.set_title(title, fontsize=10)
    return {"bars": bars, "labels": labels}


class GainBars:
    """The artists of :func:`plot_gains`; :meth:`update` moves them to a new state."""

    def __init__(self, ax, state, *, ymax=None, show_values=True):
        self.ax = ax
        n = len(state.items)
        x = np.arange(1, n + 1)
        self.full = ax.bar(x, state.gains, color=GAIN_COLOR, edgecolor="0.45", lw=0.6, width=0.75)
        self.kept = ax.bar(x, state.discounted_gains, color=DISCOUNTED_COLOR, width=0.75)
        self.values = [ax.text(r, 0, "", ha="center", va="bottom", fontsize=7) for r in x] if show_values else []
        self.cut = ax.axvline(state.k + 0.5, color="black", lw=1.2, ls="--")
        top = ymax if ymax is not None else max(float(np.max(state.gains)), 1.0) * 1.22
        self.ymax = top
        self.cut_label = ax.text(state.k + 0.6, top * 0.97, "", fontsize=8, va="top")
        ax.set_xlim(0.4, n + 0.6)
        ax.set_ylim(0, top)
        ax.set_xticks(x)
        ax.set_xlabel("rank: item / relevance     (light bar: gain, dark: gain x discount, added to DCG)", fontsize=8)
        self.update(state)

    def update(self, state):
        gains, kept = state.gains, state.discounted_gains
        for i, (bf, bk) in enumerate(zip(self.full, self.kept)):
            inside = i < state.k
            bf.set_height(gains[i])
            bk.set_height(kept[i])
            bk.set_alpha(1.0 if inside else OUTSIDE_ALPHA)
            bf.set_alpha(1.0 if inside else 0.5)
            if self.values:
                self.values[i].set_position((i + 1, gains[i] + 0.01 * self.ymax))
                self.values[i].set_text(f"{kept[i]:.2f}" if inside and gains[i] > 0 else "")
        self.ax.set_xticklabels([f"{it}\n{r:g}" for it, r in zip(state.items, state.relevance)], fontsize=7)
        self.cut.set_xdata([state.k + 0.5, state.k + 0.5])
        at_end = state.k >= len(state.items)
        self.cut_label.set_position((state.k + (0.4 if at_end else 0.6), self.ymax * 0.97))
        self.cut_label.set_horizontalalignment("right" if at_end else "left")
        self.cut_label.set_text(f"k = {state.k}")
        self.ax.set_ylabel(_gain_label(state.gain), fontsize=8)


def plot_gains(ax, relevance, *, k=None, gain="exponential", items=None, ymax=None, title=None) -> GainBars:
    """One bar per rank for the list ``relevance`` (in the order shown): its gain
    (light) and the discounted share of it that DCG adds (dark, value printed).
    Ranks beyond ``k`` are faded. Returns a :class:`GainBars`."""
    relevance = np.asarray(relevance, dtype=float)
    k = len(relevance) if k is None else k
    state = ranked_list_state(relevance, k, items=items, gain=gain)
    bars = GainBars(ax, state, ymax=ymax)
    if title:
        ax.set_title(title, fontsize=10)
    return bars


class DcgCurves:
    """The artists of :func:`plot_dcg_vs_idcg`; :meth:`update` moves them to a new state."""

    def __init__(self, ax, state, *, ymax=None):
        self.ax = ax
        n = len(state.items)
        x = np.arange(1, n + 1)
        (self.ideal,) = ax.plot(x, state.idcg_curve, "-o", color=IDEAL_COLOR, ms=3, lw=1.6, label="IDCG@i (ideal)")
        (self.dcg,) = ax.plot(x, state.dcg_curve, "-o", color=DISCOUNTED_COLOR, ms=3, lw=1.6, label="DCG@i (this list)")
        self.cut = ax.axvline(state.k + 0.5, color="black", lw=1.2, ls="--")
        (self.gap,) = ax.plot([state.k, state.k], [0, 0], color="0.3", lw=5, alpha=0.35, solid_capstyle="butt")
        self.text = ax.text(0.03, 0.97, "", transform=ax.transAxes, va="top", fontsize=9, family="monospace")
        top = ymax if ymax is not None else max(float(state.idcg_curve[-1]), 1e-9) * 1.45
        ax.set_xlim(0.5, n + 0.5)
        ax.set_ylim(0, top)
        ax.set_xticks(x)
        ax.set_xlabel("cut-off i")
        # a narrow legend at the top right, clear of the read-out at the top left
        ax.legend(loc="upper right", fontsize=7, frameon=False, handlelength=1.4, handletextpad=0.4,
                  borderaxespad=0.3)
        self.update(state)

    def update(self, state):
        self.ideal.set_ydata(state.idcg_curve)
        self.dcg.set_ydata(state.dcg_curve)
        self.cut.set_xdata([state.k + 0.5, state.k + 0.5])
        self.gap.set_data([state.k, state.k], [state.dcg, state.idcg])
        self.text.set_text(
            f"DCG@{state.k}  = {state.dcg:7.3f}\nIDCG@{state.k} = {state.idcg:7.3f}\nNDCG@{state.k} = {state.ndcg:7.3f}"
        )
        self.ax.set_ylabel(f"DCG ({_gain_label(state.gain)})", fontsize=8)


def plot_dcg_vs_idcg(ax, relevance, *, k=None, gain="exponential", items=None, ymax=None, title=None) -> DcgCurves:
    """DCG@i of the list ``relevance`` (in the order shown) and IDCG@i of the
    ideal order, for i = 1..n; the bar at ``k`` is the gap NDCG@k measures.
    Returns a :class:`DcgCurves`."""
    relevance = np.asarray(relevance, dtype=float)
    k = len(relevance) if k is None else k
    state = ranked_list_state(relevance, k, items=items, gain=gain)
    curves = DcgCurves(ax, state, ymax=ymax)
    if title:
        ax.set_title(title, fontsize=10)
    return curves


def plot_precision_at_hits(ax, ranked, relevant, *, title=None, color=DISCOUNTED_COLOR):
    """Average precision as an area.

    Walk down the ranked list: recall rises by 1/|R| at each relevant item.
    The column drawn there has width 1/|R| and height precision@rank, so the
    columns' total area is AP. The thin line is the list's precision-recall
    path (one point per rank, as in chapter 03's P-R curve). Relevant items
    missing from the list leave the right end of [0, 1] empty.

    Returns a dict with ``columns`` (Rectangles), ``path`` (Line2D) and ``ap`` (float).
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
        rect = Rectangle((x0, 0), 1 / n_rel, precision[r], facecolor=color, alpha=0.35, edgecolor=color, lw=1)
        ax.add_patch(rect)
        columns.append(rect)
        ax.text(x0 + 0.5 / n_rel, precision[r] + 0.02, f"{int(tp[r])}/{r + 1}", ha="center", va="bottom", fontsize=8)
    (path,) = ax.plot(np.r_[0, recall], np.r_[1, precision], "-o", color="0.3", ms=3, lw=1, label="P-R path of the list")
    ap = float(np.sum(precision[hits]) / n_rel)
    ax.set_xlim(0, 1.02)
    ax.set_ylim(0, 1.12)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    ax.text(0.98, 1.08, f"AP = area = {ap:.3f}", ha="right", va="top", fontsize=9)
    if title:
        ax.set_title(title, fontsize=10)
    return {"columns": columns, "path": path, "ap": ap}


def plot_precision_recall_at_k(axes, rankings: dict, relevant, *, max_k=None):
    """precision@k (left axis of ``axes``) and recall@k (right) against k, one line
    per ranked list in ``rankings`` ({name: ranked list}). Returns the two axes."""
    from ..ranking import precision_at_k, recall_at_k

    ax_p, ax_r = axes
    for name, ranked in rankings.items():
        ks = np.arange(1, (len(ranked) if max_k is None else max_k) + 1)
        ax_p.plot(ks, [precision_at_k(ranked, relevant, int(k)) for k in ks], "-o", ms=4, label=name)
        ax_r.plot(ks, [recall_at_k(ranked, relevant, int(k)) for k in ks], "-o", ms=4, label=name)
    for ax, what in ((ax_p, "precision@k"), (ax_r, "recall@k")):
        ax.set_xlabel("k (length of the list read)")
        ax.set_ylabel(what)
        ax.set_ylim(-0.03, 1.08)
        ax.set_xticks(ks)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, frameon=False)
    return axes
