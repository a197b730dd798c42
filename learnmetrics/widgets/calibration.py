"""The explorer of chapter 11: a temperature on the scores' log-odds.

A thin view over :func:`learnmetrics.calibration.temperature_state`: the slider
sets T in p -> σ(logit(p) / T). T < 1 sharpens the probabilities (towards 0 and
1), T > 1 softens them (towards 0.5). The map is increasing, so the order of the
examples is kept (up to ties where floating point rounds near 0 or 1) and the AUC
stays put while the Brier score, the log loss and the ECE move and
the reliability curve bends.
"""
from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .. import calibration as _cal
from .._validation import as_1d, check_positive_int, check_real
from ..plotting import style
from ._base import Explorer
from ._i18n import is_chinese, term
from .uncertainty import _StandIn  # the blit's stand-in for an artist (explorer 10 uses it too)

__all__ = ["TemperatureExplorer"]

_FS = 9
# four measures in one panel: near-black / dark grey, told apart by line style and marker (no sky blue:
# that means an estimate's spread), named in a legend outside the axes (it covers no data)
_METRICS = (("brier", "Brier score", "-", "^", "#666666"), ("log_loss", "log loss", "--", "D", "#222222"),
            ("ece", "ECE", ":", "v", "#222222"))


class _Pasted(_StandIn):
    """Stands in ``dynamic_artists()`` for an artist that does not move (a legend) but that a whole
    draw paints over a moving one: drawn once, then its box's pixels pasted while ``clear(box,
    renderer)`` says no moving artist reaches the box (the pixels are then those of every such frame),
    drawn again where one does. Its axes and zorder are the artist's, so the blit keeps the order of a
    whole draw; hiding it hides the artist (the background is drawn without it)."""

    def __init__(self, artist, clear, pad: int = 3):
        super().__init__(artist)
        self._clear, self._pad = clear, pad
        self._box = self._region = None

    def draw(self, renderer):
        if not self.get_visible():
            return
        if self._box is None:
            self._box = self.artist.get_window_extent(renderer).padded(self._pad)
        clear = self._clear(self._box, renderer)
        if clear and self._region is not None:
            renderer.restore_region(self._region)
            return
        self.artist.draw(renderer)
        if clear:
            self._region = renderer.copy_from_bbox(self._box)


class TemperatureExplorer(Explorer):
    """Drag the temperature: AUC never moves; Brier, log loss and ECE do.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Labels in {0, 1} (or {-1, 1}, booleans).
    y_prob : array-like of shape (n_samples,)
        The model's probabilities at T = 1.
    temperatures : sequence of float, default=(0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 2.8, 4.0)
        The slider's values (strictly increasing, each in (0, 100]).
    temperature : float, default=1.0
        The starting value (one of ``temperatures``).
    n_bins : int, default=10
        Bins of the reliability curve and the ECE.

    Attributes
    ----------
    temperature : ipywidgets.SelectionSlider
    state : TemperatureState
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = (
        'Left: the reliability diagram of the probabilities sharpened or softened by a temperature, beside '
        'the model at T = 1 and the diagonal; right: AUC, Brier score, log loss and ECE against the '
        'temperature; the slider sets the temperature.')

    figsize = (10.0, 4.2)
    readout_width = "230px"

    def __init__(self, y_true, y_prob, *, temperatures=(0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 2.8, 4.0),
                 temperature=1.0, n_bins=10):
        self.y_true = np.asarray(as_1d(y_true, "y_true"))
        self.y_prob = _cal._check_prob_1d(y_prob)
        _cal._check_lengths(y_true=self.y_true, y_prob=self.y_prob)
        self.n_bins = check_positive_int(n_bins, "n_bins", minimum=1, maximum=100)
        temps = as_1d(temperatures, "temperatures")
        if temps.dtype.kind not in "iuf":
            raise TypeError(f"temperatures must hold numbers, got values of type {temps.dtype}")
        self.temperatures = tuple(check_real(float(t), "temperatures", low=0, low_open=True, high=100) for t in temps)
        if list(self.temperatures) != sorted(set(self.temperatures)):
            raise ValueError(f"temperatures must be strictly increasing, got {list(self.temperatures)}")
        temperature = check_real(temperature, "temperature", low=0, low_open=True, high=100)
        if float(temperature) not in self.temperatures:
            raise ValueError(f"temperature must be one of temperatures {list(self.temperatures)}, got {temperature}")
        self._states = {t: _cal.temperature_state(self.y_true, self.y_prob, t, n_bins=self.n_bins)
                        for t in self.temperatures}
        self.temperature = widgets.SelectionSlider(options=list(self.temperatures), value=float(temperature),
                                                   description="temperature T",
                                                   style={"description_width": "initial"},
                                                   layout=widgets.Layout(width="420px"))
        super().__init__([self.temperature])

    def compute_state(self, temperature):
        return self._states[temperature]

    def setup_figure(self, fig):
        self.ax_rel, self.ax_m = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.25]})
        ax = self.ax_rel
        ax.plot([0, 1], [0, 1], color=style.REFERENCE, ls="--", lw=1.5, label="perfectly calibrated")
        base, = ax.plot([], [], color=style.REFERENCE, ls="-", lw=1.2, marker="^", ms=4, alpha=0.7,
                        label="T = 1 (the model)")
        s1 = self._states.get(1.0) or _cal.temperature_state(self.y_true, self.y_prob, 1.0, n_bins=self.n_bins)
        base.set_data(s1.prob_pred, s1.prob_true)
        self._curve, = ax.plot([], [], color=style.CURVE, marker="o", ms=6, lw=2, label="T as set")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_aspect("equal")
        ax.set_xlabel("mean predicted probability", fontsize=_FS + 1)
        ax.set_ylabel("fraction of positives", fontsize=_FS + 1)
        ax.tick_params(labelsize=_FS)
        self._legend = ax.legend(fontsize=_FS, loc="upper left")
        ax = self.ax_m
        ts = np.array(self.temperatures)
        st = [self._states[t] for t in self.temperatures]
        ax.plot(ts, [s.auc for s in st], color=style.CURVE, lw=2.2, marker="o", ms=5, label="AUC (flat)")
        for attr, name, ls, mk, colour in _METRICS:
            ax.plot(ts, [getattr(s, attr) for s in st], color=colour, ls=ls, marker=mk, ms=5, lw=1.8, label=name)
        self._vline = ax.axvline(ts[0], **style.CUT_LINE)   # the current temperature: the course's cut line
        ax.set_xscale("log")
        ax.set_xticks(ts)
        ax.set_xticklabels([f"{t:g}" for t in ts], fontsize=_FS)
        ax.minorticks_off()
        ax.set_xlabel("temperature T (log scale; < 1 sharper, > 1 softer)", fontsize=_FS + 1)
        # a log scale: on a linear one the log loss (up to ~1.5) pressed Brier and ECE together along the bottom
        ax.set_yscale("log")
        ax.set_ylabel("value (log scale; lower is better, except AUC)", fontsize=_FS + 1)
        ax.tick_params(labelsize=_FS)
        vals = [getattr(s, a) for s in st for a in ("auc", "brier", "log_loss", "ece")]
        pos = [v for v in vals if v > 0]
        ax.set_ylim(min(pos) / 1.6, max(vals) * 1.6)
        from matplotlib.ticker import FixedLocator, NullLocator
        ticks = [t for t in (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5) if min(pos) / 1.6 <= t <= max(vals) * 1.6]
        ax.yaxis.set_major_locator(FixedLocator(ticks))
        ax.yaxis.set_minor_locator(NullLocator())
        ax.set_yticklabels([f"{t:g}" for t in ticks], fontsize=_FS)
        ax.legend(fontsize=_FS, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
        fig.subplots_adjust(left=0.07, right=0.855, bottom=0.14, top=0.9, wspace=0.25)

    def dynamic_artists(self):
        """What moves from frame to frame: the reliability curve, the temperature's line and the two
        titles, over a background drawn once; with the reliability panel's spines and legend, which a
        whole draw paints over the curve (a point at 0 or 1 on the frame, the curve under the legend):
        the legend's pixels pasted, drawn again only where the curve reaches its box."""
        if getattr(self, "_legend_paste", None) is None:
            self._legend_paste = _Pasted(self._legend, self._curve_clear_of)
        return [self._curve, *self.ax_rel.spines.values(), self._legend_paste, self.ax_rel.title, self._vline,
                self.ax_m.title]

    def _curve_clear_of(self, box, renderer) -> bool:
        """Whether no pixel of the reliability curve (its line, its markers) falls in ``box``."""
        line = self._curve
        reach = (line.get_markersize() / 2 + line.get_markeredgewidth() + line.get_linewidth()) * self.fig.dpi / 72 + 2
        path = line.get_transform().transform_path(line.get_path())
        return not path.intersects_bbox(box.padded(reach), filled=False)

    def draw(self, s):
        self._curve.set_data(s.prob_pred, s.prob_true)
        self._vline.set_xdata([s.temperature, s.temperature])
        # y = 1.0 (where the automatic place puts it: no decoration above the axes) fixed: the automatic
        # place moves a title hidden for the background draw out of the figure, and the start frame lost it
        self.ax_rel.set_title(f"T = {s.temperature:g}: ECE = {s.ece:.3f}", fontsize=_FS + 1, y=1.0)
        self.ax_m.set_title(f"AUC {s.auc:.3f}   Brier {s.brier:.3f}   log loss {s.log_loss:.3f}", fontsize=_FS + 1,
                           y=1.0)

    def describe(self, s):
        if is_chinese():
            return self._describe_zh(s)
        return (f"<b>T = {s.temperature:g}</b><br>AUC = {s.auc:.3f}<br>Brier = {s.brier:.4f}<br>"
                f"log loss = {s.log_loss:.4f}<br>ECE ({self.n_bins} bins) = {s.ece:.4f}")

    def _describe_zh(self, s):
        """The read-out in Chinese (``set_language("zh")``): the same numbers."""
        return (f"<b>{term('temperature')} T = {s.temperature:g}</b><br>AUC = {s.auc:.3f}<br>"
                f"{term('Brier score')} = {s.brier:.4f}<br>"
                f"{term('log loss')} = {s.log_loss:.4f}<br>"
                f"{term('ECE')}（{self.n_bins} {term('bins')}）= {s.ece:.4f}")
