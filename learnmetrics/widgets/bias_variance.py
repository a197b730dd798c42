"""Bias-variance explorer: one slider for the model's complexity (the polynomial degree).

Left: the fits of many training sets (their spread is the variance), their
mean (its distance from the truth is the bias) and the true function.
Middle: the three terms as bars, next to the simulated expected error.
Right: all degrees at once, the current one marked. The numbers come from
:func:`learnmetrics.bias_variance.bias_variance_state` over one seeded
:func:`learnmetrics.bias_variance.bias_variance_experiment`.
"""
from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib.ticker import NullLocator

from ..bias_variance import bias_variance_experiment, bias_variance_state
from ..plotting.bias_variance import BIAS_COLOR, NOISE_COLOR, TOTAL_COLOR, VARIANCE_COLOR
from ._base import Explorer

__all__ = ["BiasVarianceExplorer"]


class BiasVarianceExplorer(Explorer):
    """Slider ``.slider`` over the degrees; ``.state`` is the :class:`~learnmetrics.bias_variance.BiasVarianceState` shown.

    Parameters
    ----------
    result : BiasVarianceResult, optional (default: ``bias_variance_experiment(rng=0)``)
    degree : the starting degree.
    n_curves : how many training sets' fits to draw.
    """

    figsize = (11.0, 3.6)

    def __init__(self, result=None, *, degree=1, n_curves=20):
        self.result = bias_variance_experiment(rng=0) if result is None else result
        self.n_curves = n_curves
        degrees = [int(d) for d in self.result.degrees]
        self.slider = widgets.SelectionSlider(options=degrees, value=degree, description="degree",
                                              continuous_update=True, layout=widgets.Layout(width="420px"))
        super().__init__([self.slider])

    def compute_state(self, degree):
        return bias_variance_state(self.result, degree, n_curves=self.n_curves)

    def setup_figure(self, fig):
        gs = fig.add_gridspec(1, 3, width_ratios=[1.5, 0.9, 1.3], wspace=0.38, left=0.05, right=0.98,
                              bottom=0.16, top=0.86)
        ax, axb, axu = (fig.add_subplot(g) for g in gs)
        r = self.result
        self._curves = [ax.plot(r.x, np.zeros_like(r.x), color=VARIANCE_COLOR, lw=0.7, alpha=0.35)[0]
                        for _ in range(min(self.n_curves, r.n_sets))]
        (self._mean,) = ax.plot(r.x, np.zeros_like(r.x), color=BIAS_COLOR, lw=2.6, label="mean prediction f̄(x)")
        (self._truth,) = ax.plot(r.x, r.f, color="black", lw=1.4, ls="--", label="true function")
        ax.plot([], [], color=VARIANCE_COLOR, lw=1, label=f"fits of {len(self._curves)} training sets")
        lim = 1.6 * float(np.max(np.abs(r.f))) + 2 * r.noise_sd
        ax.set_ylim(-lim, lim)
        ax.set_yticks([-1, 0, 1]) if lim > 1 else None
        ax.set_xlim(r.x[0], r.x[-1])
        ax.set_xlabel("x")
        ax.legend(fontsize=7, frameon=False, loc="lower left")
        ax.spines[["top", "right"]].set_visible(False)
        self._title = ax.text(0, 1.04, "", transform=ax.transAxes, fontsize=10, va="bottom")
        # bars: bias^2, variance, noise, sum; the simulated error as a marker
        labels = ["bias²", "variance", "noise", "sum"]
        self._bars = axb.bar(range(4), np.zeros(4), color=[BIAS_COLOR, VARIANCE_COLOR, NOISE_COLOR, TOTAL_COLOR])
        (self._sim,) = axb.plot([3], [0], "_", color="red", ms=34, mew=3, label="simulated E(f; D)")
        self._bar_text = [axb.text(i, 0, "", ha="center", va="bottom", fontsize=7) for i in range(4)]
        axb.set_xticks(range(4), labels, fontsize=8)
        self._ymax = float(np.max(r.total[r.degrees <= np.sort(r.degrees)[min(len(r.degrees) - 1, 8)]])) * 1.15
        axb.set_ylim(0, self._ymax)
        axb.set_yticks(axb.get_yticks()[::2])
        axb.spines[["top", "right"]].set_visible(False)
        axb.set_title("the terms; red line: simulated E(f; D)", fontsize=8, loc="left")
        # all degrees
        d = r.degrees
        axu.plot(d, r.bias2, "-", color=BIAS_COLOR, label="bias²")
        axu.plot(d, r.variance, "-", color=VARIANCE_COLOR, label="variance")
        axu.plot(d, np.full(len(d), r.noise), "--", color=NOISE_COLOR, label="noise")
        axu.plot(d, r.total, "-", color=TOTAL_COLOR, lw=2.2, label="sum")
        axu.plot(d, r.train_error, ":", color="0.45", label="training error")
        self._marker = axu.axvline(d[0], color="red", lw=1.2)
        axu.set_yscale("log")
        lo_y, hi_y = axu.get_ylim()
        lo_y /= 100.0  # free decades at the bottom for the legend
        axu.set_yticks([10.0**e for e in range(int(np.floor(np.log10(lo_y))), int(np.ceil(np.log10(hi_y))) + 1)])
        axu.set_ylim(lo_y, hi_y)
        axu.yaxis.set_minor_locator(NullLocator())  # fewer ticks: faster frames
        axu.set_xticks(d[:: max(1, len(d) // 7)])
        axu.set_xlabel("degree")
        axu.legend(fontsize=7, frameon=False, loc="lower right", ncol=2)
        axu.spines[["top", "right"]].set_visible(False)
        axu.set_title("every degree (log scale)", fontsize=9, loc="left")

    def dynamic_artists(self):
        # every axis limit is fixed in setup_figure, so the rest is drawn once (blitted background);
        # the true function is redrawn last to stay on top of the fits
        return [*self._curves, self._mean, self._truth, self._title, *self._bars, self._sim, *self._bar_text,
                self._marker]

    def draw(self, state):
        for line, c in zip(self._curves, state.curves):
            line.set_ydata(c)
        self._mean.set_ydata(state.mean_curve)
        self._title.set_text(f"degree {state.degree}: {len(self._curves)} of {self.result.n_sets} fits")
        vals = [state.bias2, state.variance, state.noise, state.total]
        for i, (bar, v) in enumerate(zip(self._bars, vals)):
            bar.set_height(min(v, self._ymax))
            text, off = self._bar_text[i], v > self._ymax
            if off:  # off the scale: the value written up the bar, which is too narrow for it sideways
                text.set_position((i, self._ymax * 0.5))
                text.set(text=f"{v:.3f} (off scale) ↑", color="white", rotation=90, va="center")
            else:
                text.set_position((i, v + self._ymax * 0.02))
                text.set(text=f"{v:.3f}", color="black", rotation=0, va="bottom")
        self._sim.set_ydata([min(state.expected_error, self._ymax)])
        self._marker.set_xdata([state.degree, state.degree])

    def describe(self, state):
        return (f"<b>degree {state.degree}</b><br>bias² = {state.bias2:.4f}<br>variance = {state.variance:.4f}<br>"
                f"noise ε² = {state.noise:.4f}<br>sum = {state.total:.4f}<br>"
                f"simulated E(f; D) = {state.expected_error:.4f}<br>training error = {state.train_error:.4f}")
