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
import matplotlib.transforms as mtransforms
import numpy as np

from ..bias_variance import BiasVarianceResult, _degree_index, bias_variance_experiment, bias_variance_state
from ..plotting import style
from ..plotting.bias_variance import TERMS, default_ymax, plot_decomposition
from .._validation import check_positive_int
from ._base import Explorer
from ._i18n import is_chinese, term

__all__ = ["BiasVarianceExplorer"]

_FONT = 9


class BiasVarianceExplorer(Explorer):
    """Slider ``.slider`` over the simulated degrees (exactly those, nothing in between);
    ``.state`` is the :class:`~learnmetrics.bias_variance.BiasVarianceState` shown.

    Parameters
    ----------
    result : BiasVarianceResult, optional (default: ``bias_variance_experiment(rng=0)``)
    degree : int, the starting degree; one of ``result.degrees``.
    n_curves : int >= 1, how many training sets' fits to draw (at most ``result.n_sets``).

    Bad arguments are refused with a ValueError/TypeError naming them, before anything is drawn.
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = (
        'Polynomial fits of one degree to many simulated training sets beside their bias², variance and '
        'noise against the degree; the slider picks the degree.')

    figsize = (9.6, 4.1)   # 980 px stored: legible on an 800 px page (issue 35)

    def __init__(self, result=None, *, degree=1, n_curves=20):
        result = bias_variance_experiment(rng=0) if result is None else result
        if not isinstance(result, BiasVarianceResult):
            raise TypeError(f"result must be a BiasVarianceResult from bias_variance_experiment, got "
                            f"{type(result).__name__}")
        _degree_index(result, degree)  # a degree that was not simulated: a clear error, not a TraitError
        self.result = result
        self.n_curves = min(check_positive_int(n_curves, "n_curves", minimum=1), result.n_sets)
        degrees = [int(d) for d in result.degrees]
        self.slider = widgets.SelectionSlider(options=degrees, value=int(degree), description="degree",
                                              continuous_update=True, layout=widgets.Layout(width="420px"))
        super().__init__([self.slider])

    def compute_state(self, degree):
        return bias_variance_state(self.result, degree, n_curves=self.n_curves)

    def setup_figure(self, fig):
        gs = fig.add_gridspec(1, 3, width_ratios=[1.5, 0.75, 1.45], wspace=0.3, left=0.05, right=0.99,
                              bottom=0.25, top=0.88)
        ax, axb, axu = (fig.add_subplot(g) for g in gs)
        r = self.result
        self._curves = [ax.plot(r.x, np.zeros_like(r.x), color=style.VARIANCE, lw=0.8, alpha=0.45)[0]
                        for _ in range(self.n_curves)]
        (self._mean,) = ax.plot(r.x, np.zeros_like(r.x), color=style.BIAS, lw=2.8, label="mean $\\bar f(x)$")
        (self._truth,) = ax.plot(r.x, r.f, color=style.REFERENCE, lw=2.2, ls="--", label="truth $y$")
        ax.plot([], [], color=style.VARIANCE, lw=1, label=f"{len(self._curves)} fits $f(x; D)$")
        lim = 1.6 * float(np.max(np.abs(r.f))) + 2 * r.noise_sd
        ax.set_ylim(-lim, lim)
        ax.set_xlim(r.x[0], r.x[-1])
        ax.set_xlabel("x", fontsize=_FONT)
        ax.tick_params(labelsize=_FONT)
        # under the axes, not over the fits (at high degree they sweep through every corner of the panel)
        ax.legend(fontsize=_FONT, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3,
                  handlelength=1.6, columnspacing=0.6, handletextpad=0.4, borderaxespad=0.0)
        ax.spines[["top", "right"]].set_visible(False)
        self._title = ax.text(0, 1.03, "", transform=ax.transAxes, fontsize=10, va="bottom")
        # bars: bias^2, variance, noise and their sum; the simulated error as a marker on the sum
        self._ymax = default_ymax(r)
        look = {label: (color, hatch) for label, color, hatch in TERMS}
        colors = [look["bias$^2$"], look["variance"], look["noise $\\varepsilon^2$"], (style.TOTAL, "")]
        self._bars = axb.bar(range(4), np.zeros(4), 0.7, color=[c for c, _ in colors], edgecolor="white", lw=0.5)
        for bar, (_, hatch) in zip(self._bars, colors):
            bar.set_hatch(hatch)
        (self._sim,) = axb.plot([3], [0], ls="none", marker="o", ms=7, mfc="white", mec=style.TOTAL, mew=1.4,
                                zorder=4)
        # a simulated E above the axis: an open ▲ on the top edge, whole (never clipped), as 07 marks its overflow
        (self._sim_off,) = axb.plot([3], [self._ymax], ls="none", marker="^", ms=8, mfc="white", mec=style.TOTAL,
                                    mew=1.4, zorder=5, clip_on=False, visible=False)
        self._bar_text = [axb.text(i, 0, "", ha="center", va="bottom", fontsize=_FONT) for i in range(4)]
        axb.set_xticks(range(4), ["bias$^2$", "var.", "noise", "sum"], fontsize=_FONT)
        axb.set_ylim(0, self._ymax)
        axb.tick_params(labelsize=_FONT)
        axb.spines[["top", "right"]].set_visible(False)
        over = bool((r.expected_error > self._ymax).any())
        axb.set_title("this degree\n(○ simulated $E$" + ("; △ off scale)" if over else ")"), fontsize=_FONT,
                      loc="left")
        # every degree: the stacked terms on a linear axis, the current degree marked
        plot_decomposition(axu, r, ymax=self._ymax, title="", train=False, legend=False)
        axu.set_xlabel("degree", fontsize=_FONT)
        axu.set_ylabel("")
        axu.set_xticks(r.degrees[:: max(1, len(r.degrees) // 13)])
        off = int((r.total > self._ymax).sum())
        axu.set_title("every degree: noise + bias$^2$ + variance" + (f"\n(▲ {off} cut off)" if off else ""),
                      fontsize=_FONT, loc="left")
        # the current degree: the course's cut point (a large orange dot, black edge) on top of its stack,
        # never clipped (a stack taller than the axis puts it on the top edge)
        self._marker_dot = axu.plot([float(r.degrees[0])], [0.0], **{**style.CUT_POINT, "clip_on": False})[0]
        # a stack cut off at the top: the dot sits just under its ▲ (11 pt down), above the written total
        below_top = mtransforms.offset_copy(axu.transData, fig=fig, x=0, y=-11, units="points")
        self._marker_off = axu.plot([float(r.degrees[0])], [self._ymax], transform=below_top,
                                    **{**style.CUT_POINT, "clip_on": False})[0]
        self._marker_off.set_visible(False)

    def dynamic_artists(self):
        # every axis limit is fixed in setup_figure, so the rest is drawn once (blitted background);
        # the true function is redrawn last to stay on top of the fits
        return [*self._curves, self._mean, self._truth, self._title, *self._bars, self._sim, self._sim_off,
                *self._bar_text,
                self._marker_dot, self._marker_off]

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
                text.set(text=f"{v:.3f} ↑", color="white", rotation=90, va="center", fontweight="bold")
            elif v > 0.5 * self._ymax:  # a tall bar: the value written up inside it, clear of the marker and title
                text.set_position((i, min(v, self._ymax) * 0.5))
                text.set(text=f"{v:.3f}", color="white", rotation=90, va="center", fontweight="bold")
            else:
                text.set_position((i, v + self._ymax * 0.01))
                text.set(text=f"{v:.3f}", color="black", rotation=0, va="bottom", fontweight="normal")
        sim_off = state.expected_error > self._ymax
        self._sim.set_ydata([min(state.expected_error, self._ymax)])
        self._sim.set_visible(not sim_off)
        self._sim_off.set_visible(sim_off)
        cut_off = state.total > self._ymax
        self._marker_dot.set_data([state.degree], [min(state.total, self._ymax)])
        self._marker_dot.set_visible(not cut_off)
        self._marker_off.set_data([state.degree], [self._ymax])
        self._marker_off.set_visible(cut_off)

    def describe(self, state):
        if is_chinese():
            return self._describe_zh(state)
        return (f"<b>degree {state.degree}</b><br>bias² = {state.bias2:.4f}<br>variance = {state.variance:.4f}<br>"
                f"noise ε² = {state.noise:.4f}<br>sum = {state.total:.4f}<br>"
                f"simulated E(f; D) = {state.expected_error:.4f}<br>training error = {state.train_error:.4f}")

    def _describe_zh(self, state):
        """The read-out in Chinese (``set_language("zh")``): the book's decomposition
        E(f; D) = bias² + var + ε² (2.5), with the same numbers."""
        return (f"<b>{term('degree')} {state.degree}</b><br>{term('bias')}的平方 bias² = {state.bias2:.4f}<br>"
                f"{term('variance')} var = {state.variance:.4f}<br>"
                f"{term('noise')} ε² = {state.noise:.4f}<br>三项之和 = {state.total:.4f}<br>"
                f"模拟的{term('generalization error')} E(f; D) = {state.expected_error:.4f}<br>"
                f"{term('training error')} = {state.train_error:.4f}")
