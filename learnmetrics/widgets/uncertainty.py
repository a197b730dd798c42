"""The explorer of chapter 10: the AUC's sampling distribution and its interval as n grows.

A thin view over :func:`learnmetrics.uncertainty.auc_sampling_state`: a
sample-size slider (n test examples drawn from a binormal population whose true
AUC is known) and a data-set slider (which of the simulated test sets the
bootstrap resamples).
"""
from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib.artist import Artist
from matplotlib.collections import PolyCollection
from matplotlib.transforms import Bbox
from matplotlib.ticker import MaxNLocator

from .. import uncertainty as _u
from .._validation import as_1d, check_positive_int, check_real, check_size
from ..plotting import style
from ._base import Explorer
from ._i18n import is_chinese, term

__all__ = ["AucSamplingExplorer"]

_FS = 9


def _grid_bins(n: int) -> np.ndarray:
    """Histogram edges for the AUCs of test sets of ``n`` examples (n // 2 positives, untied
    scores): every AUC is a multiple of 1/K, K = m⁺m⁻, so each bar covers the same number of
    possible values (w of them, about 0.02 wide), centred on them. Bins of a width that is not a
    multiple of 1/K hold alternately fewer and more possible values, and the bars' heights
    alternate with them (at n = 17, bins of 0.025 on a grid of 1/72)."""
    k = (n // 2) * (n - n // 2)
    w = max(1, round(0.02 * k))
    top = k + 0.5
    count = int(np.ceil((top - 0.2 * k) / w))
    return np.sort(top - w * np.arange(count + 1)) / k


class _StandIn(Artist):
    """Stands in ``dynamic_artists()`` for ``artist`` (its axes and zorder, so the blit keeps a whole
    draw's order; hiding it hides the artist, so the background is drawn without it)."""

    def __init__(self, artist):
        super().__init__()
        self.artist = artist
        self.axes = artist.axes
        self.set_zorder(artist.get_zorder())

    def set_visible(self, b):
        self.artist.set_visible(b)

    def get_visible(self):
        return self.artist.get_visible()


class _YAxisPasted(_StandIn):
    """Stands for ``ax.yaxis`` in ``dynamic_artists()``: the y axis changes only with the y limits (one
    per n), so the strip left of its tick marks (the tick labels, the axis label) is drawn once per
    limits and then pasted; the tick marks, beside the bars, are drawn each time. Nothing that moves
    is drawn before the axis in that strip (the bars are clipped to the axes), so the pasted pixels
    are those a draw would give."""

    def __init__(self, ax):
        super().__init__(ax.yaxis)
        self.axis = ax.yaxis
        self._strips: dict = {}

    def draw(self, renderer):
        axis = self.axis
        if not axis.get_visible():
            return
        key = tuple(self.axes.get_ylim())
        strip = self._strips.get(key)
        ticks = getattr(axis, "_update_ticks", None)
        if strip is None or ticks is None:
            axis.draw(renderer)
            # left of the tick marks (their length, 2 pixels of anti-aliasing to spare)
            size = max((t.tick1line.get_markersize() for t in axis.get_major_ticks()), default=0.0)
            right = int(np.floor(self.axes.bbox.x0 - size * self.axes.figure.dpi / 72)) - 2
            if right > 0:
                self._strips[key] = renderer.copy_from_bbox(Bbox([[0, 0], [right, int(self.axes.figure.bbox.height)]]))
            return
        renderer.restore_region(strip)
        for tick in ticks():
            for line in (tick.gridline, tick.tick1line, tick.tick2line):
                line.draw(renderer)


class _TextPasted(_StandIn):
    """Stands for a text in ``dynamic_artists()`` that takes few values (a title that changes with n
    only): drawn once per string, then its box's pixels pasted. Only for a text over which nothing
    that moves is drawn before it (the pixels under it are the background's)."""

    def __init__(self, text):
        super().__init__(text)
        self.text = text
        self._boxes: dict = {}

    def draw(self, renderer):
        if not self.text.get_visible():
            return
        key = (self.text.get_text(), tuple(self.text.get_position()))
        region = self._boxes.get(key)
        if region is not None:
            renderer.restore_region(region)
            return
        self.text.draw(renderer)
        x0, y0, x1, y1 = self.text.get_window_extent(renderer).extents
        box = Bbox([[int(np.floor(x0)) - 2, int(np.floor(y0)) - 2], [int(np.ceil(x1)) + 2, int(np.ceil(y1)) + 2]])
        self._boxes[key] = renderer.copy_from_bbox(box)


class AucSamplingExplorer(Explorer):
    """Drag n: the simulated AUCs of many test sets of n examples narrow around the true
    AUC like 1/√n, and so do one test set's bootstrap and DeLong intervals.

    Parameters
    ----------
    sizes : sequence of int, default=(17, 30, 60, 120, 250, 500, 1000)
        The sample sizes the slider offers (each >= 4).
    n : int, default=17
        The starting size (one of ``sizes``).
    sample : int, default=0
        The starting data set the bootstrap resamples.
    distance : float, default=1.2
        Binormal separation d (true AUC = Φ(d/√2)).
    n_datasets : int, default=200
    n_resamples : int, default=1000
    rng : int, default=0

    Attributes
    ----------
    size : ipywidgets.SelectionSlider (n)
    dataset : ipywidgets.IntSlider (which data set)
    state : AucSamplingState
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = "The AUCs of many simulated test sets of n examples and one set's bootstrap and DeLong intervals, beside the intervals' width against n; the sliders set n and the data set."

    figsize = (10.0, 3.9)
    readout_width = "250px"

    def __init__(self, *, sizes=(17, 30, 60, 120, 250, 500, 1000), n=17, sample=0, distance=1.2, n_datasets=200,
                 n_resamples=1000, rng=0):
        arr = as_1d(sizes, "sizes")
        if arr.dtype.kind not in "iu":
            raise TypeError(f"sizes must hold integers, got values of type {arr.dtype}")
        self.sizes = tuple(check_positive_int(int(v), "sizes", minimum=4, maximum=10**5) for v in arr)
        if list(self.sizes) != sorted(set(self.sizes)):
            raise ValueError(f"sizes must be strictly increasing, got {list(self.sizes)}")
        n = check_positive_int(n, "n", minimum=4)
        if n not in self.sizes:
            raise ValueError(f"n must be one of sizes {list(self.sizes)}, got {n}")
        self.n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=2, maximum=2000)
        sample = check_positive_int(sample, "sample", minimum=0, maximum=self.n_datasets - 1)
        self.distance = check_real(distance, "distance", low=0.1, high=4.0)
        self.n_resamples = check_positive_int(n_resamples, "n_resamples", minimum=10, maximum=20_000)
        self.seed = check_positive_int(rng, "rng", minimum=0)
        self._states: dict = {}
        self._pops: dict = {}
        self._hists: dict = {}
        self.size = widgets.SelectionSlider(options=list(self.sizes), value=n, description="n",
                                            layout=widgets.Layout(width="380px"))
        self.dataset = widgets.IntSlider(value=sample, min=0, max=self.n_datasets - 1, description="data set",
                                         layout=widgets.Layout(width="330px"))
        super().__init__([self.size, self.dataset])

    def _population(self, n):
        """The simulated test sets of size ``n`` (AUCs, DeLong intervals), computed once per n: a
        new data set at the same n only resamples that set (as ``auc_sampling_state`` does)."""
        pop = self._pops.get(n)
        if pop is None:
            check_size(n * self.n_datasets, f"n_datasets={self.n_datasets} data sets of n={n}", limit=10**7)
            pop = self._pops[n] = _u._auc_population(n, self.distance, self.n_datasets, 0.95, self.seed)
        return pop

    def compute_state(self, n, sample):
        key = (n, sample)
        if key not in self._states:
            # = _u.auc_sampling_state(n, sample=sample, distance=self.distance, n_datasets=self.n_datasets,
            #                         n_resamples=self.n_resamples, rng=self.seed), the population shared per n
            self._states[key] = _u._auc_sampling_at(self._population(n), sample, self.n_resamples)
        return self._states[key]

    def _widths(self):
        return np.array([float(np.mean(self._population(n).highs - self._population(n).lows)) for n in self.sizes])

    def _hist_of(self, n):
        """The histogram's bars at size ``n`` as polygons, and the top of the y axis that ``ax.hist``
        autoscaled to (the highest bar plus the 5% margin), computed once per n."""
        out = self._hists.get(n)
        if out is None:
            bins = _grid_bins(n)
            counts, _ = np.histogram(np.clip(self._population(n).aucs, 0.2, 1.0), bins=bins)
            counts = counts.astype(float)
            width = np.diff(bins)
            left = (bins[:-1] + 0.5 * width) - width / 2   # as ax.hist places its bars (centred, one bin wide)
            right = left + width
            zero = np.zeros_like(left)
            verts = np.stack([np.column_stack(c) for c in ((left, zero), (right, zero), (right, counts),
                                                         (left, counts))], axis=1)
            peak = float(counts.max())
            out = self._hists[n] = (verts, peak + (peak - 0.0) * 0.05)
        return out

    def setup_figure(self, fig):
        self.ax_hist, self.ax_width = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.35, 1]})
        widths = self._widths()
        ns = np.array(self.sizes, dtype=float)
        ax = self.ax_width
        ax.plot(ns, widths, "o-", color=style.ESTIMATE, lw=4, ms=7, alpha=0.6, label="mean DeLong width")
        ref = widths[0] * np.sqrt(ns[0] / ns)
        # on top of the widths it follows (under them it was hidden)
        # a thin dark dash over a broad pale line: both visible where they coincide
        ax.plot(ns, ref, color="#444444", ls="--", lw=1.4, label="∝ 1/√n", zorder=4)
        self._cur, = ax.plot([ns[0]], [widths[0]], **style.CUT_POINT)
        ax.set_xscale("log")
        ax.set_xticks(ns)
        ax.set_xticklabels([str(int(v)) for v in ns], fontsize=_FS)
        ax.minorticks_off()
        ax.set_xlabel("n test examples (log scale)", fontsize=_FS + 1)
        ax.set_ylabel("width of the 95% interval", fontsize=_FS + 1)
        ax.tick_params(labelsize=_FS)
        ax.legend(fontsize=_FS, loc="upper right")
        self._widths_cache = dict(zip(self.sizes, widths))
        # the histogram's panel: its artists made once and moved by ``draw`` (the bars one collection, not
        # one patch per bar); the x axis is fixed, the y axis follows the highest bar at each n
        ax = self.ax_hist
        self._bars = PolyCollection([], facecolor=style.ESTIMATE, edgecolor="white", alpha=0.7,
                                    linewidth=1.0, joinstyle="miter", capstyle="butt")
        ax.add_collection(self._bars, autolim=False)
        true_auc = self._population(self.sizes[0]).true_auc
        self._true_line = ax.axvline(true_auc, **{**style.REFERENCE_STYLE, "lw": 2})
        self._pair = []
        for i, name in enumerate(("bootstrap", "DeLong")):
            line, = ax.plot([], [], lw=3, solid_capstyle="butt", **style.pair_style(i))
            self._pair.append(line)
        self._est, = ax.plot([], [], "o", color=style.CURVE, ms=6)
        self._names = [ax.text(0, 0, name, ha="right", va="center", fontsize=_FS) for name in ("bootstrap", "DeLong")]
        self._true_text = ax.text(true_auc, 0, "", ha="left", va="top", fontsize=_FS, color="#555555")
        self._bars_text = ax.text(0.21, 0, "", ha="left", va="top", fontsize=_FS)
        ax.set_xlim(0.2, 1.01)  # the bar of AUC 1 whole
        ax.set_xlabel("AUC", fontsize=_FS + 1)
        ax.set_ylabel("test sets", fontsize=_FS + 1)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))   # counts: whole numbers only
        ax.tick_params(labelsize=_FS)
        fig.subplots_adjust(left=0.07, right=0.98, bottom=0.15, top=0.88, wspace=0.28)

    def dynamic_artists(self):
        """What moves from frame to frame: the histogram's panel but its x axis (the y axis follows the
        highest bar; the spines are painted over the bars as a whole draw paints them) and, in the
        widths' panel, the current n and the title."""
        ax = self.ax_hist
        if getattr(self, "_yaxis_paste", None) is None:
            self._yaxis_paste = _YAxisPasted(ax)
            self._width_title = _TextPasted(self.ax_width.title)   # one per n (the coverage)
        # the two texts at the top ("true AUC", "bars: ...") keep their place in the axes: in the background
        return [self._bars, self._yaxis_paste, self._true_line, *self._pair, self._est, *ax.spines.values(),
                *self._names, ax.title, self._cur, self._width_title]

    def draw(self, s):
        ax = self.ax_hist
        verts, top = self._hist_of(s.n)
        self._bars.set_verts(verts)
        ax.set_ylim(0, top * 1.55)
        self._true_line.set_xdata([s.true_auc, s.true_auc])
        b, d = s.interval, s.delong
        # this test set's two intervals: a pair shown together, near-black solid / dotted, named on the line
        for line, label, (lo, hi), y in zip(self._pair, self._names, ((b.low, b.high), (d.low, d.high)),
                                            (top * 1.08, top * 1.18)):
            line.set_data([lo, hi], [y, y])
            label.set_position((lo - 0.01, y))
        self._est.set_data([b.estimate], [top * 1.08])
        self._true_text.set_position((s.true_auc, top * 1.5))
        self._true_text.set_text(f" true AUC {s.true_auc:.3f}")
        self._bars_text.set_position((0.21, top * 1.5))
        self._bars_text.set_text(f"bars: AUC of {s.aucs.size} test sets")
        # y = 1.0 (where the automatic place puts it: no decoration above the axes) fixed: the automatic
        # place moves a title hidden for the background draw out of the figure, and the start frame lost it
        ax.set_title(f"n = {s.n}: AUC of data set {s.sample} = {b.estimate:.3f}", fontsize=_FS + 1, y=1.0)
        self._cur.set_data([s.n], [self._widths_cache[s.n]])
        self.ax_width.set_title(f"{s.coverage:.1%} of the {s.aucs.size} DeLong intervals hold the truth",
                                fontsize=_FS + 1, y=1.0)

    def describe(self, s):
        if is_chinese():
            return self._describe_zh(s)
        b, d = s.interval, s.delong
        return (f"<b>n = {s.n}</b>, data set {s.sample}<br>AUC = {b.estimate:.3f} (true {s.true_auc:.3f})<br>"
                f"bootstrap 95%: [{b.low:.3f}, {b.high:.3f}]<br>DeLong 95%: [{d.low:.3f}, {d.high:.3f}]<br>"
                f"sd of the {s.aucs.size} AUCs: {s.aucs.std(ddof=1):.3f}<br>"
                f"coverage of DeLong: {s.coverage:.1%}")

    def _describe_zh(self, s):
        """The read-out in Chinese (``set_language("zh")``): the same numbers."""
        b, d = s.interval, s.delong
        ci = term("confidence interval")
        return (f"<b>测试集大小 n = {s.n}</b>，{term('data set')} {s.sample}<br>"
                f"AUC = {b.estimate:.3f}（真实值 {s.true_auc:.3f}）<br>"
                f"{term('bootstrap')} 95% {ci}：[{b.low:.3f}, {b.high:.3f}]<br>"
                f"DeLong 95% {ci}：[{d.low:.3f}, {d.high:.3f}]<br>"
                f"{s.aucs.size} 个 AUC 的{term('sd')}：{s.aucs.std(ddof=1):.3f}<br>"
                f"DeLong 区间的{term('coverage')}（含真实 AUC 的比例）：{s.coverage:.1%}")
