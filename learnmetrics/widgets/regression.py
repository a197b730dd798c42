"""Chapter 07's explorer: drag the degree of a polynomial and watch the fit,
its residuals and the model-selection criteria.

Every number comes from :func:`learnmetrics.regression.polynomial_fit_state`;
the table of all degrees is computed once, so a new degree only refits one
polynomial and moves artists in place.
"""
from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from ..plotting import style
from ..plotting.regression import CRITERION_STYLE, DATA_STYLE, OVERFLOW_MARK, STAR_FILL, mark_overflow
from ..regression import polynomial_fit_state, polynomial_selection
from ._base import Explorer
from ._i18n import is_chinese, term

__all__ = ["PolynomialDegreeExplorer"]

_CRITERIA = ("aic", "bic", "cp")
_LABELS = {"aic": "Δ AIC", "bic": "Δ BIC", "cp": "Δ $C_p$"}


class PolynomialDegreeExplorer(Explorer):
    """Polynomial least-squares fits of degree 0..``max_degree``; ``.state`` is the
    :class:`~learnmetrics.regression.PolynomialFitState` shown.

    Parameters
    ----------
    x, y : array-like of shape (n_samples,)
    max_degree : int
        The largest degree (the "full model" that sets sigma^2 for Cp).
    degree : int, default=1
        The starting degree.
    xlabel, ylabel : axis labels of the data panel.

    Control: ``.slider`` (IntSlider for the degree).
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = (
        'A polynomial least-squares fit of a chosen degree with its residuals, beside the selection '
        'criteria (each minus its minimum) against the degree; the slider sets the degree.')

    figsize = (9.6, 3.6)   # 980 px stored: legible on an 800 px page (issue 35)
    readout_width = "250px"

    def __init__(self, x, y, *, max_degree: int = 8, degree: int = 1, xlabel: str = "x", ylabel: str = "y"):
        # every argument is checked (by the state functions, naming x, y, max_degree, degree)
        # before the figure is built; the slider then offers exactly the degrees of the table
        self.table = polynomial_selection(x, y, max_degree)
        self.x = np.asarray(x, dtype=float)
        self.y = np.asarray(y, dtype=float)
        self.max_degree = int(max_degree)
        for name, label in (("xlabel", xlabel), ("ylabel", ylabel)):
            if not isinstance(label, str):
                raise TypeError(f"{name} must be a string, got {type(label).__name__}")
        self.xlabel, self.ylabel = xlabel, ylabel
        polynomial_fit_state(self.x, self.y, degree, self.max_degree, table=self.table)  # validates degree
        self.slider = widgets.IntSlider(value=int(degree), min=0, max=self.max_degree, step=1,
                                        description="degree", continuous_update=True,
                                        layout=widgets.Layout(width="420px"))
        super().__init__([self.slider])

    def compute_state(self, degree):
        return polynomial_fit_state(self.x, self.y, degree, self.max_degree, table=self.table)

    def setup_figure(self, fig) -> None:
        ax_fit, ax_res, ax_crit = fig.subplots(1, 3)
        self.axes = (ax_fit, ax_res, ax_crit)
        x, y = self.x, self.y
        span = np.ptp(y) or 1.0
        ax_fit.scatter(x, y, s=18, **DATA_STYLE)
        (self._curve,) = ax_fit.plot([], [], color=style.CURVE, lw=2.2)
        ax_fit.set_ylim(y.min() - 0.3 * span, y.max() + 0.3 * span)
        ax_fit.set_xlabel(self.xlabel)
        ax_fit.set_ylabel(self.ylabel)
        # a plain text rather than the axes title, so that it can be redrawn on its own
        self._title = ax_fit.text(0.5, 1.02, "", transform=ax_fit.transAxes, ha="center", va="bottom", fontsize=10)
        ax_res.axhline(0.0, color=style.REFERENCE, lw=1.2, ls="--")
        self._res = ax_res.scatter(x, np.zeros_like(x), s=18, **DATA_STYLE)
        # a fixed scale over all degrees, so shrinking residuals are visible
        lim = 1.1 * np.abs(y - y.mean()).max()
        ax_res.set_ylim(-lim, lim)
        ax_res.set_xlabel(self.xlabel)
        ax_res.set_ylabel("residual $y - \\hat y$")
        ax_res.set_title("residuals", fontsize=10)
        t = self.table
        degrees = np.arange(len(t))
        top = 0.0
        for j, c in enumerate(_CRITERIA):
            d = t.delta(c)
            ax_crit.plot(degrees, d, ms=3.5, lw=1.5, label=_LABELS[c], **CRITERION_STYLE[c])
            ax_crit.plot([t.best(c)], [0.0], marker="*", ms=16 - 4 * j, color=STAR_FILL[c], mec="black",
                         mew=0.5, zorder=4 + j)
            top = max(top, np.sort(d)[min(len(d) - 1, 3)])
        top = max(top, 10.0) * 2.5
        ax_crit.set_ylim(-0.05 * top, top)
        self._crit_top = top
        # values above the axis: an arrow on the top edge, so every degree keeps a visible point (not a
        # triangle: that is Mallows' C_p's marker), as in plot_criteria
        if mark_overflow(ax_crit, degrees, [t.delta(c) for c in _CRITERIA], _CRITERIA, top, mark=OVERFLOW_MARK):
            ax_crit.plot([], [], ls="none", color=style.CURVE, label="above (\u2191 at top)", **OVERFLOW_MARK)
        # the current degree's value of each criterion: the cut point, clipped to the top edge
        (self._current,) = ax_crit.plot([], [], **{**style.CUT_POINT, "ms": 8})
        self._current.set_in_layout(False)
        # a pick the current degree sits on: a star's outline, larger than every star, drawn over the
        # cut point, which hid the stars (the orange point stays visible inside the outline)
        (self._star_on_top,) = ax_crit.plot([], [], ls="none", marker="*", ms=20, mfc="none", mec="black",
                                            mew=1.0, zorder=7, clip_on=False)
        self._star_on_top.set_in_layout(False)  # as the cut point: not part of tight_layout's sums
        ax_crit.set_xticks(degrees)
        ax_crit.set_xlim(-0.5, len(t) - 0.5)
        ax_crit.set_xlabel("degree")
        ax_crit.set_ylabel("criterion − its minimum")
        # the key under the axes: inside, it covered the steep lines of the low degrees and the
        # current degree's line (issue 24: a legend never covers data)
        self._legend = ax_crit.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize=9,
                                      frameon=False, columnspacing=1.0, handlelength=1.8)
        ax_crit.set_title("model selection (★ = pick)", fontsize=10)
        self._vline = ax_crit.axvline(0, **style.CUT_LINE)
        for ax in self.axes:
            ax.grid(alpha=0.3)
        fig.tight_layout()

    def dynamic_artists(self) -> list:
        """The fitted curve, its title, the residuals and the degree marker: the axes
        limits are fixed in ``setup_figure``, so the rest is drawn once as a background."""
        return [self._curve, self._title, self._res, self._vline, self._current, self._star_on_top]

    def draw(self, state) -> None:
        self._curve.set_data(state.grid, state.curve)
        self._title.set_text(f"degree {state.degree}: MSE = {state.mse:.4g}, $R^2$ = {state.r2:.3f}")
        self._res.set_offsets(np.column_stack([state.x, state.residuals]))
        self._vline.set_xdata([state.degree, state.degree])
        d = np.minimum([self.table.delta(c)[state.degree] for c in _CRITERIA], self._crit_top)
        self._current.set_data(np.full(len(d), state.degree), d)
        picked = any(self.table.best(c) == state.degree for c in _CRITERIA)
        self._star_on_top.set_data([state.degree] if picked else [], [0.0] if picked else [])

    def describe(self, state) -> str:
        if is_chinese():
            return self._describe_zh(state)
        rows = _criteria_rows(state, pick_style="")
        return (
            f"<b>degree {state.degree}</b> ({state.degree + 1} parameters)<br>"
            f"MSE = {state.mse:.4g}<br>R<sup>2</sup> = {state.r2:.4f}<br>"
            f"adjusted R<sup>2</sup> = {state.adjusted_r2:.4f}<br>"
            f"<table><tr><th></th><th>value</th><th>Δ</th><th>pick</th></tr>{rows}</table>"
        )

    def _describe_zh(self, state) -> str:
        """The read-out in Chinese (``set_language("zh")``): the same numbers, the same table."""
        rows = _criteria_rows(state, pick_style=" style='text-align:center'")
        return (
            f"<b>{term('degree')} {state.degree}</b>（{state.degree + 1} {term('parameters')}）<br>"
            f"{term('MSE')} = {state.mse:.4g}<br>{term('R2')} = {state.r2:.4f}<br>"
            f"{term('adjusted R2')} = {state.adjusted_r2:.4f}<br>"
            f"<table><tr><th>准则</th><th>值</th><th>Δ</th><th>选出的次数</th></tr>{rows}</table>"
        )


def _criteria_rows(state, *, pick_style: str) -> str:
    """The read-out's AIC / BIC / C_p rows: value, distance to the best degree, the degree picked."""
    t = state.table
    return "".join(
        f"<tr><td>{name}</td><td style='text-align:right'>{v:.2f}</td>"
        f"<td style='text-align:right'>{dv:.2f}</td><td{pick_style}>{t.best(c)}</td></tr>"
        for name, c, v, dv in (
            ("AIC", "aic", state.aic, t.delta("aic")[state.degree]),
            ("BIC", "bic", state.bic, t.delta("bic")[state.degree]),
            ("C<sub>p</sub>", "cp", state.cp, t.delta("cp")[state.degree]),
        )
    )
