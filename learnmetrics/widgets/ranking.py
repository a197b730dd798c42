"""Chapter 06's explorer: reorder a ranked list and watch DCG, IDCG and NDCG@k.

The learner selects an item and moves it up or down, shuffles the list
(seeded), or resets it to the ideal, the model's or the worst order; a slider
sets k and a toggle the gain convention. Every number comes from
:func:`learnmetrics.ranking.ranked_list_state`.
"""
from __future__ import annotations

import html
import unicodedata

import ipywidgets as widgets
import numpy as np

from .._validation import as_1d, as_scores, check_choice, check_positive_int, check_real, check_rng
from ..plotting.ranking import DcgCurves, GainBars
from ..ranking import _as_id_list, ranked_list_state
from ._base import Explorer
from ._i18n import is_chinese, term

__all__ = ["RankedListExplorer"]

_GAIN_OPTIONS = [("2^rel - 1", "exponential"), ("rel", "linear")]


def _fmt(x: float) -> str:
    return term("undefined") if np.isnan(x) else f"{x:.3f}"   # 无定义 in Chinese


def _fmt_figure(x: float) -> str:
    # the figure's own text stays English in both languages (its font has no CJK glyphs)
    return "undefined" if np.isnan(x) else f"{x:.3f}"


class RankedListExplorer(Explorer):
    """A ranked list the learner reorders; ``.state`` is the :func:`ranked_list_state` shown.

    Parameters
    ----------
    items : sequence of n distinct labels (strings or numbers).
    relevance : sequence of n non-negative relevance grades, one per item.
    scores : optional model scores, one per item; the model's order sorts them
        (highest first, ties in the given order). Default: the order given.
    k : the starting cut-off (default min(5, n)).
    gain : "exponential" (2^rel - 1, note 003's form) or "linear" (rel, scikit-learn's).
    relevant_threshold : grade from which an item counts as relevant for
        precision@k and AP.
    seed : seed of the shuffle button's random generator.

    Controls and methods usable from code
    -------------------------------------
    ``.k_slider`` (IntSlider), ``.gain_toggle`` (ToggleButtons), ``.order``
    (tuple of item labels, rank 1 first), ``.move(item, step)`` (step -1 moves
    the item one rank up, towards rank 1; +1 one rank down), ``.set_order(order)``,
    ``.shuffle()``, ``.reset_ideal()``, ``.reset_model()``, ``.reset_worst()``.
    The frame cache is keyed by (order, k, gain), so ``ex.filmstrip([(order, k,
    gain), ...])`` draws any list at any cut-off.
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = (
        'A ranked list of items as bars of gain and discounted gain, and its DCG@i against the ideal '
        'IDCG@i, with NDCG@k printed; the controls reorder the list, set k and switch the gain between exponential and linear.')

    figsize = (9.6, 3.7)   # 980 px stored: legible on an 800 px page (issue 35)
    readout_width = "230px"
    #: the longest list shown (every item is a labelled bar and a line of the selector): 50 items build in
    #: about 2 s; 800 took 22 s, so longer lists are refused with a message saying what to do instead
    max_items = 50

    def __init__(self, items, relevance, *, scores=None, k=None, gain="exponential", relevant_threshold=1, seed=0):
        # every argument is checked here, before anything is drawn
        items = tuple(_as_id_list(items, "items")[0])
        if len(set(items)) != len(items):
            dup = next(it for it in items if items.count(it) > 1)
            raise ValueError(f"items must be distinct labels; {dup!r} appears more than once")
        n = len(items)
        if n < 2:
            raise ValueError(f"items must hold at least 2 items to rank, got {n}")
        if n > self.max_items:
            raise ValueError(
                f"items has {n} labels; the explorer shows at most {self.max_items} (a list a learner reads and "
                f"reorders by hand; it builds within 4 s at 50 items, 2 s at the course's 8). Pass the top "
                f"{self.max_items} of the model's ranking, or compute the measures of a longer list with "
                f"learnmetrics.ranking's functions")
        rel = as_1d(relevance, "relevance")
        if len(rel) != n:
            raise ValueError(f"relevance has {len(rel)} grades but items has {n} labels")
        gain = check_choice(gain, "gain", ("exponential", "linear"))
        relevant_threshold = check_real(relevant_threshold, "relevant_threshold", low=0, low_open=True)
        try:  # the grades: numbers, finite, non-negative, not too large for 2**rel - 1
            ranked_list_state(rel, 1, relevant_threshold, gain=gain)
        except (TypeError, ValueError) as exc:
            raise type(exc)(str(exc).replace("relevance_in_shown_order", "relevance")) from None
        k = min(5, n) if k is None else check_positive_int(k, "k", maximum=n)
        if scores is not None:
            scores = as_scores(scores, "scores")
            if len(scores) != n:
                raise ValueError(f"scores has {len(scores)} values but items has {n} labels")
        self._rng = check_rng(seed, "seed")
        rel = rel.astype(float)
        self.items = items
        self.relevance = dict(zip(items, rel.tolist()))
        self.relevant_threshold = relevant_threshold
        model = np.arange(n) if scores is None else np.argsort(-scores, kind="stable")
        self.model_order = tuple(items[i] for i in model)
        self.ideal_order = tuple(items[i] for i in np.argsort(-rel, kind="stable"))
        self.worst_order = tuple(items[i] for i in np.argsort(rel, kind="stable"))
        self.order = self.model_order

        self.k_slider = widgets.IntSlider(value=k, min=1, max=n, step=1,
                                          description="k", continuous_update=True,
                                          layout=widgets.Layout(width="360px"))
        self.gain_toggle = widgets.ToggleButtons(options=_GAIN_OPTIONS, value=gain, description="gain",
                                                 style={"button_width": "80px"})
        self.select = widgets.Select(options=self._select_options(), value=self.order[0], rows=min(n, 12),
                                     layout=widgets.Layout(width="170px"))
        bl = widgets.Layout(width="82px")
        self.buttons = {
            "up": widgets.Button(description="up", icon="arrow-up", layout=bl),
            "down": widgets.Button(description="down", icon="arrow-down", layout=bl),
            "shuffle": widgets.Button(description="shuffle", icon="random", layout=bl),
            "ideal": widgets.Button(description="ideal", layout=bl),
            "model": widgets.Button(description="model", layout=bl),
            "worst": widgets.Button(description="worst", layout=bl),
        }
        self.buttons["up"].on_click(lambda _: self.move(self.select.value, -1))
        self.buttons["down"].on_click(lambda _: self.move(self.select.value, +1))
        self.buttons["shuffle"].on_click(lambda _: self.shuffle())
        self.buttons["ideal"].on_click(lambda _: self.reset_ideal())
        self.buttons["model"].on_click(lambda _: self.reset_model())
        self.buttons["worst"].on_click(lambda _: self.reset_worst())
        super().__init__([self.k_slider, self.gain_toggle])
        b = self.buttons
        side = widgets.VBox(layout=widgets.Layout(flex="0 0 auto"), children=[
            self.select,
            widgets.HBox([b["up"], b["down"]]),
            widgets.HBox([b["shuffle"], b["ideal"]]),
            widgets.HBox([b["model"], b["worst"]]),
        ])
        self.widget = widgets.VBox([
            widgets.HBox(self.controls),
            widgets.HBox([side, self.screen], layout=widgets.Layout(align_items="flex-start")),
        ])

    # -- the order -----------------------------------------------------------------------
    def _select_options(self):
        return [(f"{i + 1}. {it} (rel {self.relevance[it]:g})", it) for i, it in enumerate(self.order)]

    def _sync_select(self, selected=None):
        selected = self.select.value if selected is None else selected
        self.select.options = self._select_options()
        self.select.value = selected if selected in self.order else self.order[0]

    def set_order(self, order) -> None:
        """Show the items in ``order`` (a permutation of the item labels, rank 1 first)."""
        order = tuple(_as_id_list(order, "order")[0])
        if len(order) != len(self.items) or set(order) != set(self.items):
            missing = [it for it in self.items if it not in order]
            unknown = [it for it in order if it not in self.relevance]
            detail = f"missing {missing!r}" if missing else f"unknown {unknown!r}" if unknown else "an item repeated"
            raise ValueError(f"order must list each of the {len(self.items)} items exactly once ({detail})")
        self.order = order
        self._sync_select()
        self.refresh()

    def move(self, item, step: int) -> None:
        """Move ``item`` by ``step`` ranks (-1: one rank up, towards rank 1; +1: one down).
        Moves past either end stop there."""
        try:
            known = item in self.relevance
        except TypeError:  # an unhashable item
            known = False
        if not known:
            raise ValueError(f"item {item!r} is not in the list (the items are {list(self.items)!r})")
        if isinstance(step, bool) or not isinstance(step, (int, np.integer)):
            raise TypeError(f"step must be an integer (-1 up, +1 down), got {step!r}")
        order = list(self.order)
        i = order.index(item)
        j = int(np.clip(i + step, 0, len(order) - 1))
        order.insert(j, order.pop(i))
        self.order = tuple(order)
        self._sync_select(item)
        self.refresh()

    def moved(self, order, item, step: int) -> tuple:
        """``order`` with ``item`` moved by ``step`` ranks, as :meth:`move` would leave it, without
        moving the explorer shown (for ``state_at(order=...)``)."""
        order = self._checked_order(order)
        if item not in order:
            raise ValueError(f"item {item!r} is not in the list (the items are {list(self.items)!r})")
        if isinstance(step, bool) or not isinstance(step, (int, np.integer)):
            raise TypeError(f"step must be an integer (-1 up, +1 down), got {step!r}")
        order = list(order)
        i = order.index(item)
        order.insert(int(np.clip(i + step, 0, len(order) - 1)), order.pop(i))
        return tuple(order)

    def state_at(self, order=None, **values):
        """The state shown for ``order`` (default: the order shown) and the named controls
        (``k_slider``, ``gain_toggle``), computed without moving the explorer shown."""
        if order is None:
            return super().state_at(**values)
        order = self._checked_order(order)
        shown, self.order = self.order, order
        try:   # key() reads the order; nothing is drawn or sent
            return super().state_at(**values)
        finally:
            self.order = shown

    def _checked_order(self, order) -> tuple:
        order = tuple(_as_id_list(order, "order")[0])
        if len(order) != len(self.items) or set(order) != set(self.items):
            missing = [it for it in self.items if it not in order]
            unknown = [it for it in order if it not in self.relevance]
            detail = f"missing {missing!r}" if missing else f"unknown {unknown!r}" if unknown else "an item repeated"
            raise ValueError(f"order must list each of the {len(self.items)} items exactly once ({detail})")
        return order

    def shuffle(self) -> None:
        """A random order (the explorer's seeded generator: the same sequence of shuffles every run)."""
        self.set_order([self.items[i] for i in self._rng.permutation(len(self.items))])

    def reset_ideal(self) -> None:
        self.set_order(self.ideal_order)

    def reset_model(self) -> None:
        self.set_order(self.model_order)

    def reset_worst(self) -> None:
        self.set_order(self.worst_order)

    # -- the explorer mechanism ------------------------------------------------------------
    def key(self) -> tuple:
        return (tuple(self.order), self.k_slider.value, self.gain_toggle.value)

    def compute_state(self, order, k, gain):
        rel = [self.relevance[it] for it in order]
        return ranked_list_state(rel, int(k), self.relevant_threshold, items=list(order), gain=gain)

    def setup_figure(self, fig):
        gs = fig.add_gridspec(1, 2, width_ratios=[1.75, 1.0], wspace=0.28, left=0.07, right=0.98,
                              bottom=0.2, top=0.9)
        ax_bars, ax_dcg = fig.add_subplot(gs[0]), fig.add_subplot(gs[1])
        state = self.compute_state(self.order, self.k_slider.value, self.gain_toggle.value)
        self._ymax = {}
        for g in ("exponential", "linear"):
            s = self.compute_state(self.ideal_order, len(self.items), g)
            self._ymax[g] = (max(float(np.max(s.gains)), 1.0) * 1.22, max(float(s.idcg_curve[-1]), 1e-9) * 1.5)
        self.bars = GainBars(ax_bars, state, ymax=self._ymax[state.gain][0])
        self.curves = DcgCurves(ax_dcg, state, ymax=self._ymax[state.gain][1])
        # a plain text rather than the axes title, so that it can be redrawn on its own
        self._title = ax_bars.text(0.5, 1.02, "", transform=ax_bars.transAxes, ha="center", va="bottom",
                                   fontsize=9)
        ax_dcg.set_title("DCG@i against the ideal IDCG@i", fontsize=9)
        self._drawn_gain = state.gain
        self._backgrounds = {}        # (order, gain) -> its background, rendered once (see ``draw``)
        self._background_of = None    # the (order, gain) of ``self._background``

    def hit_regions(self):
        # a press or a drag on the ranked list's bars puts the cut-off k at the gap under the pointer
        return [self.axis_hits(self.bars.ax, self.k_slider, lambda k: k + 0.5,
                               tip="press or drag on the ranked list to move the cut-off k")]

    def dynamic_artists(self) -> list:
        """What moves when k changes: the bars, their values, the cut lines, the DCG curve and the
        read-outs. The item labels (the x axis), the y axes, the legend and the ideal curve change only
        with the order or the gain convention: they are drawn in the background, one per (order, gain)
        (see ``draw``), so a step of k or a switch back to a gain seen before redraws only these.
        Redrawn over them as a whole draw paints them: the axes' spines (over the bars' and the
        curve's feet) and the ideal curve (over the cut line at k, which lies under the curves)."""
        b, c = self.bars, self.curves
        spines = [sp for ax in (b.ax, c.ax) for sp in ax.spines.values() if sp.get_visible()]
        # in a full render's order (sorted by zorder in ``_render_rgb``): the cut line at k under the
        # curves and the gap bar, which it hid when drawn over them
        return [*b.full, *b.kept, *b.values, b.cut, b.cut_label, self._title, c.cut, c.ideal, c.dcg, c.gap, c.text,
                *spines]

    #: backgrounds kept, one per (order, gain) drawn last (about 1.5 MB each)
    max_backgrounds = 4

    def draw(self, state):
        if state.gain != self._drawn_gain:
            y_bars, y_dcg = self._ymax[state.gain]
            self.bars.ymax = y_bars
            self.bars.ax.set_ylim(0, y_bars)
            self.curves.ax.set_ylim(0, y_dcg)
            self._drawn_gain = state.gain
        # the background shows the item labels, the y scales and labels and the ideal curve: one per
        # (order, gain), rendered once and kept (drawing ahead alternates the gains and the steps of k)
        where = (tuple(state.items), state.gain)
        if where != self._background_of:
            kept = self._backgrounds
            if getattr(self, "_background", None) is not None and self._background_of is not None:
                kept[self._background_of] = self._background
            self._background = kept.pop(where, None)
            while len(kept) >= self.max_backgrounds:
                kept.pop(next(iter(kept)))
            self._background_of = where
        self.bars.update(state)
        self.curves.update(state)
        self._title.set_text(
            f"gain and its discounted share per rank: NDCG@{state.k} = {_fmt_figure(state.ndcg)}, "
            f"P@{state.k} = {state.precision_at_k:.2f}, AP = {_fmt_figure(state.average_precision)}"
        )

    def describe(self, state) -> str:
        if is_chinese():
            return self._describe_zh(state)
        table = _dcg_table(state)
        thr = f"{state.relevant_threshold:g}"
        order = " ".join(str(item) for item in state.items)
        text = (
            f"order: {order}\n\n{table}\n\nrelevant: rel >= {thr} ({state.n_relevant} items)\n"
            f"precision@{state.k} = {state.precision_at_k:.3f}\n"
            f"recall@{state.k}    = {_fmt(state.recall_at_k)}\n"
            f"AP           = {_fmt(state.average_precision)}\n"
            f"recip. rank  = {_fmt(state.reciprocal_rank)}\n"
            f"CG@{state.k} (rel)  = {state.cumulative_gain:g}"
        )
        return f"<pre style='font-size:12px;line-height:1.3'>{html.escape(text)}</pre>"

    def _describe_zh(self, state) -> str:
        """The read-out in Chinese (``set_language("zh")``): the same numbers and table."""
        def fmt(x):
            return term("undefined") if np.isnan(x) else f"{x:.3f}"

        table = _dcg_table(state)
        thr = f"{state.relevant_threshold:g}"
        order = " ".join(str(item) for item in state.items)
        text = (
            f"{term('order')}：{order}\n\n{table}\n"
            f"DCG：{term('DCG')}\nNDCG = DCG/IDCG（I：理想排序）\n\n"
            f"{term('relevant')}：rel ≥ {thr}（共 {state.n_relevant} 项）\n"
            f"{term('precision@k')}@{state.k} = {state.precision_at_k:.3f}\n"
            f"{term('recall@k')}@{state.k} = {fmt(state.recall_at_k)}\n"
            f"{term('AP')} = {fmt(state.average_precision)}\n"
            f"{term('reciprocal rank')} = {fmt(state.reciprocal_rank)}\n"
            f"{term('CG')}@{state.k} (rel) = {state.cumulative_gain:g}"
        )
        return f"<pre style='font-size:12px;line-height:1.3'>{html.escape(text)}</pre>"


def _dcg_table(state) -> str:
    """The read-out's DCG / IDCG / NDCG at k, with the two gains side by side."""
    rows = [
        ("", "2^rel-1", "rel"),
        (f"DCG@{state.k}", f"{state.dcg_exponential:.3f}", f"{state.dcg_linear:.3f}"),
        (f"IDCG@{state.k}", f"{state.idcg_exponential:.3f}", f"{state.idcg_linear:.3f}"),
        (f"NDCG@{state.k}", _fmt(state.ndcg_exponential), _fmt(state.ndcg_linear)),
    ]
    # right-aligned by the width shown (无定义 takes 6 columns in a monospace font), a space between
    # columns at least: "undefined" filled its 9 columns and ran into the next one
    return "\n".join(f"{a:<8}{_right(b, 10)}{_right(c, 10)}" for a, b, c in rows)


def _right(text: str, width: int) -> str:
    shown = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return " " * max(1, width - shown) + text
