"""Two-learner comparison explorer: the k-fold paired t-test under a true difference.

Two sliders: the number of folds k and the true difference between the
learners' error rates. The left panel shows where the test statistic lands in
many simulated experiments (bars) against its null distribution t(k-1)
(grey filled curve) and the rejection region; the right panel shows how often the test
detects the difference (its power) for every difference at this k. Every
number comes from :func:`learnmetrics.comparison_studies.paired_test_state` over one
seeded :func:`learnmetrics.comparison_studies.simulate_paired_t_power` grid computed up
front, so moving a slider only reads from it.
"""
from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from ..comparison_studies import PowerGrid, paired_test_state, simulate_paired_t_power
from ..plotting import style
from ..plotting.compare import CRITICAL_LINE, REJECT_COLOR
from ._base import Explorer
from ._i18n import is_chinese, term

__all__ = ["PairedTestExplorer"]


class PairedTestExplorer(Explorer):
    """Sliders ``.folds`` and ``.difference``; ``.state`` is the :class:`~learnmetrics.comparison_studies.PairedTestState` shown.

    Parameters
    ----------
    grid : PowerGrid, optional
        Default: ``simulate_paired_t_power(rng=0)`` (k in 2, 3, 5, 10, 20;
        differences 0 to 0.10; 1000 experiments each).
    k, difference : the starting values, among the grid's simulated ones.

    The sliders offer only the grid's simulated folds and differences; a
    ``grid`` that is not a :class:`~learnmetrics.comparison_studies.PowerGrid`, or a
    starting value that was not simulated, is refused with a clear message
    before anything is drawn.
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = "The paired t statistics of many simulated k-fold comparisons against the critical values, beside the share rejecting H0 against the true difference of error rates; the sliders set k and the true difference."

    figsize = (9.6, 4.2)   # 980 px stored: legible on an 800 px page (issue 35)

    def __init__(self, grid=None, *, k=10, difference=0.0):
        grid = simulate_paired_t_power(rng=0) if grid is None else grid
        if not isinstance(grid, PowerGrid):
            raise TypeError(f"grid must be a PowerGrid from simulate_paired_t_power, got {type(grid).__name__}")
        start = paired_test_state(grid, k, difference)  # refuses a k or difference that was not simulated
        k, difference = start.k, start.difference
        self.grid = grid
        self.folds = widgets.SelectionSlider(options=list(self.grid.folds), value=k, description="folds k",
                                             continuous_update=True, layout=widgets.Layout(width="300px"))
        self.difference = widgets.SelectionSlider(
            options=[(f"{d:.2f}", d) for d in self.grid.differences], value=difference,
            description="true diff.", continuous_update=True, layout=widgets.Layout(width="360px"))
        self.bins = np.linspace(-8, 8, 65)
        super().__init__([self.folds, self.difference])

    def compute_state(self, k, difference):
        return paired_test_state(self.grid, k, difference, bins=self.bins)

    def setup_figure(self, fig):
        # top=0.76: the legend sits above the histogram's axes (two rows), never over the hatched region
        gs = fig.add_gridspec(1, 2, width_ratios=[1.6, 1.0], wspace=0.25, left=0.065, right=0.985, bottom=0.14,
                              top=0.76)
        ax, axp = fig.add_subplot(gs[0]), fig.add_subplot(gs[1])
        lo, hi = self.bins[0], self.bins[-1]
        # every axis limit is fixed here: the axes, ticks and legends are drawn once (blitted background)
        # the rejection region: grey and hatched (the course's grammar), bounded by the critical values
        # (hatch over the null's grey fill, as in the static figures, under the simulated bars)
        self._left = ax.axvspan(lo, -2, facecolor="none", edgecolor=REJECT_COLOR, hatch="///", lw=0, zorder=1.5,
                                label="rejection region")
        self._right = ax.axvspan(2, hi, facecolor="none", edgecolor=REJECT_COLOR, hatch="///", lw=0, zorder=1.5)
        self._cl = ax.axvline(-2, **CRITICAL_LINE, label=r"critical values $\pm t_{\alpha/2,\,k-1}$")
        self._cr = ax.axvline(2, **CRITICAL_LINE)
        self._hist = ax.stairs(np.zeros(len(self.bins) - 1), self.bins, fill=True, color=style.ESTIMATE,
                               alpha=0.85, label=r"simulated $\tau_t$", zorder=2)
        # the null distribution in the grammar's NULL look: light grey fill (under the bars), dark grey outline
        # (over them, so it stays visible where the simulated bars cover the fill)
        (self._null_fill,) = ax.fill([lo, hi], [0, 0], **style.NULL, zorder=1, label="null distribution $t(k-1)$")
        (self._pdf,) = ax.plot([], [], color=style.NULL["edgecolor"], ls="-", lw=2, zorder=3)
        self._crit_text = ax.text(hi - 0.15, 0.40, "", ha="right", va="top", fontsize=9, color="0.2")
        self._below = ax.text(lo + 0.15, 0.40, "", ha="left", va="top", fontsize=9, color="0.2")
        self._above = ax.text(hi - 0.15, 0.45, "", ha="right", va="top", fontsize=9, color="0.2")
        ax.set_xlim(lo, hi)
        ax.set_ylim(0, 0.62)
        ax.set_xlabel(r"paired $t$ statistic $\tau_t = \sqrt{k}\,\mu/\sigma$ of the fold differences")
        ax.set_ylabel("density")
        ax.spines[["top", "right"]].set_visible(False)
        # outside the axes, above them (CONTRIBUTING: a legend never covers data, here the hatched region)
        self._legend = ax.legend(fontsize=9, frameon=False, loc="lower left", bbox_to_anchor=(0, 1.0), ncol=2,
                                 borderaxespad=0.2, columnspacing=1.5)
        self._title = ax.text(0, 1.20, "", transform=ax.transAxes, fontsize=10, va="bottom")
        d = np.asarray(self.grid.differences)
        (self._power,) = axp.plot(d, np.zeros(len(d)), "o-", color=style.CURVE, ms=4, lw=1.5)
        (self._here,) = axp.plot([0], [0], **style.CUT_POINT)  # the explorer's position
        self._alpha_line = axp.axhline(self.grid.alpha, color=style.REFERENCE, ls="--", lw=1.2)
        axp.text(d[-1], self.grid.alpha + 0.025, rf"$\alpha$ = {self.grid.alpha:g}", ha="right", fontsize=9,
                 color="0.3")
        axp.set_xlim(d[0] - 0.005, d[-1] + 0.005)
        axp.set_ylim(0, 1.02)
        axp.set_xlabel("true difference of error rates")
        axp.set_ylabel("share rejecting $H_0$")
        axp.spines[["top", "right"]].set_visible(False)
        self._ptitle = axp.text(0, 1.20, "", transform=axp.transAxes, fontsize=10, va="bottom")

    def dynamic_artists(self):
        """What moves with the sliders; the rest (axes, ticks, labels, the legend above the axes, the
        alpha line) is rendered once as the background. The legend overlaps nothing that moves, so it
        stays there (redrawn every frame it cost half of a frame, issue 38); the left axes' spines are
        redrawn over the hatched region and the bars, and the alpha line over the power curve (and the
        right axes' spines over its end), as a whole draw paints them."""
        ax, axp = self._hist.axes, self._power.axes
        return [self._null_fill, self._left, self._right, self._cl, self._cr, self._hist, self._pdf, self._crit_text,
                self._below, self._above, self._title, *(sp for sp in ax.spines.values() if sp.get_visible()),
                self._power, self._alpha_line, *(sp for sp in axp.spines.values() if sp.get_visible()), self._here,
                self._ptitle]

    def draw(self, state):
        self._hist.set_data(values=state.histogram)
        self._pdf.set_data(state.null_x, state.null_density)
        nx, ny = np.asarray(state.null_x, dtype=float), np.asarray(state.null_density, dtype=float)
        self._null_fill.set_xy(np.r_[np.c_[nx, ny], [[nx[-1], 0.0], [nx[0], 0.0]]])
        c = state.critical_value
        lo, hi = self.bins[0], self.bins[-1]
        self._left.set_x(lo)
        self._left.set_width(max(0.0, -c - lo))
        self._right.set_x(min(c, hi))
        self._right.set_width(max(0.0, hi - c))
        self._cl.set_xdata([-c, -c])
        self._cr.set_xdata([c, c])
        self._cl.set_visible(c < hi)
        self._cr.set_visible(c < hi)
        self._crit_text.set_text(f"critical values ±{c:.1f}:\nbeyond the axis" if c > hi else "")
        self._below.set_text(f"← {100 * state.share_below:.1f}% below {lo:g}" if state.share_below > 0 else "")
        self._above.set_text(f"{100 * state.share_above:.1f}% above {hi:g} →" if state.share_above > 0 else "")
        self._title.set_text(f"k = {state.k} folds, true difference {state.difference:.2f}: "
                             rf"reject when $|\tau_t|$ > {c:.2f}  (df = {state.df})")
        self._power.set_ydata(state.power_curve)
        self._here.set_data([state.difference], [state.power])
        word = "false alarms" if state.difference == 0 else "detected"
        self._ptitle.set_text(f"k = {state.k}: {word} in {100 * state.power:.1f}% of experiments")

    def describe(self, state):
        if is_chinese():
            return self._describe_zh(state)
        what = "type I error (false alarms)" if state.difference == 0 else "power (share detected)"
        return (f"<b>k = {state.k} folds</b>, true difference = {state.difference:.2f}<br>"
                f"null distribution: t({state.df})<br>critical value: |t| &gt; {state.critical_value:.3f}<br>"
                f"mean simulated t: {state.mean_statistic:.2f}<br><b>{what} = {state.power:.3f}</b><br>"
                f"<small>{self.grid.n_repeats} simulated experiments, {self.grid.n_samples} examples each</small>")

    def _describe_zh(self, state):
        """The read-out in Chinese (``set_language("zh")``): the same numbers, the book's terms
        (k 折交叉验证成对 t 检验, 临界值, book 2.4.2)."""
        what = term("type I error") if state.difference == 0 else term("power")
        return (f"<b>k = {state.k} {term('fold')}</b>，{term('true difference')} = {state.difference:.2f}<br>"
                f"{term('null distribution')}：t({state.df})<br>"
                f"{term('critical value')}：|t| &gt; {state.critical_value:.3f}<br>"
                f"模拟所得 t 的均值：{state.mean_statistic:.2f}<br><b>{what}{'' if what.endswith('）') else ' '}= {state.power:.3f}</b><br>"
                f"<small>{self.grid.n_repeats} 次模拟实验，每次 {self.grid.n_samples} {term('examples')}</small>")
