"""Two-learner comparison explorer: the k-fold paired t-test under a true difference.

Two sliders: the number of folds k and the true difference between the
learners' error rates. The left panel shows where the test statistic lands in
many simulated experiments (bars) against its null distribution t(k-1)
(curve) and the rejection region; the right panel shows how often the test
detects the difference (its power) for every difference at this k. Every
number comes from :func:`learnmetrics.compare.paired_test_state` over one
seeded :func:`learnmetrics.compare.simulate_paired_t_power` grid computed up
front, so moving a slider only reads from it.
"""
from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from ..compare import paired_test_state, simulate_paired_t_power
from ..plotting.compare import REJECT_COLOR, STAT_COLOR
from ._base import Explorer

__all__ = ["PairedTestExplorer"]


class PairedTestExplorer(Explorer):
    """Sliders ``.folds`` and ``.difference``; ``.state`` is the :class:`~learnmetrics.compare.PairedTestState` shown.

    Parameters
    ----------
    grid : PowerGrid, optional
        Default: ``simulate_paired_t_power(rng=0)`` (k in 2, 3, 5, 10, 20;
        differences 0 to 0.10; 1000 experiments each).
    k, difference : the starting values.
    """

    figsize = (10.0, 4.0)

    def __init__(self, grid=None, *, k=10, difference=0.0):
        self.grid = simulate_paired_t_power(rng=0) if grid is None else grid
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
        gs = fig.add_gridspec(1, 2, width_ratios=[1.6, 1.0], wspace=0.25, left=0.065, right=0.985, bottom=0.14,
                              top=0.86)
        ax, axp = fig.add_subplot(gs[0]), fig.add_subplot(gs[1])
        lo, hi = self.bins[0], self.bins[-1]
        # every axis limit is fixed here: the axes, ticks and legends are drawn once (blitted background)
        self._left = ax.axvspan(lo, -2, color=REJECT_COLOR, alpha=0.16, lw=0, label="rejection region")
        self._right = ax.axvspan(2, hi, color=REJECT_COLOR, alpha=0.16, lw=0)
        self._hist = ax.stairs(np.zeros(len(self.bins) - 1), self.bins, fill=True, color="0.62",
                               label="simulated statistics")
        (self._pdf,) = ax.plot([], [], color="black", lw=1.8, label="null distribution t(k-1)")
        self._crit_text = ax.text(hi - 0.15, 0.57, "", ha="right", va="top", fontsize=8, color=REJECT_COLOR)
        self._below = ax.text(lo + 0.15, 0.42, "", ha="left", va="top", fontsize=8, color="0.25")
        self._above = ax.text(hi - 0.15, 0.47, "", ha="right", va="top", fontsize=8, color="0.25")
        ax.set_xlim(lo, hi)
        ax.set_ylim(0, 0.6)
        ax.set_xlabel("paired t statistic  sqrt(k)·mean(Δ)/sd(Δ)")
        ax.set_ylabel("density")
        ax.spines[["top", "right"]].set_visible(False)
        ax.legend(fontsize=8, frameon=False, loc="upper left")
        self._title = ax.text(0, 1.04, "", transform=ax.transAxes, fontsize=9.5, va="bottom")
        d = np.asarray(self.grid.differences)
        (self._power,) = axp.plot(d, np.zeros(len(d)), "o-", color=STAT_COLOR, ms=4)
        (self._here,) = axp.plot([0], [0], "o", color=REJECT_COLOR, ms=10, zorder=3)
        axp.axhline(self.grid.alpha, color="0.5", ls=":", lw=1)
        axp.text(d[-1], self.grid.alpha + 0.02, f"alpha = {self.grid.alpha:g}", ha="right", fontsize=8, color="0.4")
        axp.set_xlim(d[0] - 0.005, d[-1] + 0.005)
        axp.set_ylim(0, 1.02)
        axp.set_xlabel("true difference of error rates")
        axp.set_ylabel("share rejecting H0")
        axp.spines[["top", "right"]].set_visible(False)
        self._ptitle = axp.text(0, 1.04, "", transform=axp.transAxes, fontsize=9.5, va="bottom")

    def dynamic_artists(self):
        return [self._left, self._right, self._hist, self._pdf, self._crit_text, self._below, self._above,
                self._title, self._power, self._here, self._ptitle]

    def draw(self, state):
        self._hist.set_data(values=state.histogram)
        self._pdf.set_data(state.null_x, state.null_density)
        c = state.critical_value
        lo, hi = self.bins[0], self.bins[-1]
        self._left.set_x(lo)
        self._left.set_width(max(0.0, -c - lo))
        self._right.set_x(min(c, hi))
        self._right.set_width(max(0.0, hi - c))
        self._crit_text.set_text("rejection region:\nbeyond the axis" if c > hi else "")
        self._below.set_text(f"← {100 * state.share_below:.1f}% below {lo:g}" if state.share_below > 0 else "")
        self._above.set_text(f"{100 * state.share_above:.1f}% above {hi:g} →" if state.share_above > 0 else "")
        self._title.set_text(f"k = {state.k} folds, true difference {state.difference:.2f}: "
                             f"reject when |t| > {c:.2f}  (df = {state.df})")
        self._power.set_ydata(state.power_curve)
        self._here.set_data([state.difference], [state.power])
        word = "false alarms" if state.difference == 0 else "detected"
        self._ptitle.set_text(f"k = {state.k}: {word} in {100 * state.power:.1f}% of experiments")

    def describe(self, state):
        what = "type I error (false alarms)" if state.difference == 0 else "power (share detected)"
        return (f"<b>k = {state.k} folds</b>, true difference = {state.difference:.2f}<br>"
                f"null distribution: t({state.df})<br>critical value: |t| &gt; {state.critical_value:.3f}<br>"
                f"mean simulated t: {state.mean_statistic:.2f}<br><b>{what} = {state.power:.3f}</b><br>"
                f"<small>{self.grid.n_repeats} simulated experiments, {self.grid.n_samples} examples each</small>")
