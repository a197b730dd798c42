"""Chapter 05's cost-curve explorer: choose the costs and the prior, see the best cut.

Two sliders, the cost ratio ``cost01 : cost10`` (log-spaced, from 1:100 to
100:1) and the prior ``p`` = P(positive), give ``x = P(+)cost``. Three linked
views follow: the ROC with the iso-cost line touching the chosen point, cost
space with ``x`` marked and the segment lowest there, and the confusion
matrix at that cut with its total cost. The state is
:func:`learnmetrics.cost.cost_state`.
"""
from __future__ import annotations

import html
import numbers
import warnings
from fractions import Fraction

import ipywidgets as widgets
import numpy as np

from .._validation import UndefinedMetricWarning, check_probability
from ..cost import cost_state
from ..curves import stepping_table
from ..plotting.confusion import draw_confusion_matrix
from ..plotting.cost import FONT, CostSpaceView, RocCostView
from ._base import Explorer
from ._i18n import is_chinese, term

__all__ = ["CostCurveExplorer", "RATIOS"]

#: cost01 / cost10 values offered by the ratio slider (log-spaced, symmetric around 1:1).
RATIOS = (1 / 100, 1 / 50, 1 / 20, 1 / 10, 1 / 5, 1 / 4, 1 / 3, 1 / 2, 1.0, 2.0, 3.0, 4.0, 5.0, 10.0, 20.0, 50.0, 100.0)


def _ratio_label(r: float) -> str:
    f = Fraction(r).limit_denominator(1000)
    return f"{f.numerator}:{f.denominator}"


def _ratio_costs(r: float) -> tuple[float, float]:
    """cost01, cost10 as small whole numbers with cost01 / cost10 = r (4 -> 4, 1; 0.25 -> 1, 4)."""
    f = Fraction(r).limit_denominator(1000)
    return float(f.numerator), float(f.denominator)


class CostCurveExplorer(Explorer):
    """Sliders ``.ratio_slider`` (cost01 : cost10) and ``.prior_slider`` (p); ``.state`` is a
    :class:`~learnmetrics.cost.CostState`.

    Parameters
    ----------
    y_true, y_score : array-like
        The examples and their scores (higher = more likely positive).
    pos_label : label, default=None
        The positive class (as in :func:`learnmetrics.stepping_table`).
    sample_weight : array-like, default=None
    ratio : float, default=1.0
        Starting cost01 / cost10; one of :data:`RATIOS`.
    prior : float, default=None
        Starting p; default the share of positives in ``y_true`` (2 decimals).
    names : (str, str)
        How to call the classes, positive first.

    Raises
    ------
    TypeError, ValueError
        Every argument is checked before anything is drawn; the message names
        the argument (``y_true``, ``y_score``, ``pos_label``, ``sample_weight``,
        ``ratio``, ``prior``, ``names``).

    The read-out names the chosen cut by its size, "cut k" (k examples
    predicted positive); ``#8`` is kept for melon 8.
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = ("Three views of the cheapest cut at the chosen cost ratio and prior: the ROC with the iso-cost line "
                "touching that cut, the cost lines and their lower envelope against the probability cost P(+)cost, "
                "and the cut's confusion matrix; the sliders set the cost ratio and the prior.")

    figsize = (9.6, 4.3)   # 980 px stored: legible on an 800 px page (issue 35)
    readout_width = "300px"

    def __init__(self, y_true, y_score, *, pos_label=None, sample_weight=None, ratio=1.0, prior=None,
                 names=("positive", "negative")):
        # every argument is checked here, before anything is drawn
        with warnings.catch_warnings():  # a one-class y_true is refused below, not warned about
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            table = stepping_table(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
        if not (table.n_pos > 0 and table.n_neg > 0):
            raise ValueError("y_true must hold both classes: a cost curve needs positives and negatives")
        allowed = [_ratio_label(r) for r in RATIOS]
        if isinstance(ratio, (bool, np.bool_)) or not isinstance(ratio, numbers.Real) or float(ratio) not in RATIOS:
            raise ValueError(f"ratio must be one of {allowed} (as numbers, cost01 / cost10), got {ratio!r}")
        ratio = float(ratio)
        if prior is None:
            prior = round(table.n_pos / (table.n_pos + table.n_neg), 2)
        prior = check_probability(prior, "prior")
        if isinstance(names, (str, bytes)) or not hasattr(names, "__len__") or len(names) != 2 \
                or not all(isinstance(n, str) for n in names):
            raise TypeError(f"names must be two strings (the positive class's name first), got {names!r}")
        self.table = table
        self.fpr, self.tpr, self.thresholds = table.fpr, table.recall, table.thresholds
        self.names = tuple(names)
        self.ratio_slider = widgets.SelectionSlider(
            options=[(_ratio_label(r), r) for r in RATIOS], value=ratio, description="cost01:cost10",
            continuous_update=True, layout=widgets.Layout(width="460px"),
            style={"description_width": "initial"},   # the whole 'cost01:cost10' (90px cut it short)
        )
        self.prior_slider = widgets.FloatSlider(
            value=prior, min=0.0, max=1.0, step=0.01, readout_format=".2f", description="p = P(+)",
            continuous_update=True, layout=widgets.Layout(width="360px"),
        )
        super().__init__([self.ratio_slider, self.prior_slider])

    def compute_state(self, ratio, prior):
        cost01, cost10 = _ratio_costs(ratio)
        return cost_state(self.fpr, self.tpr, self.thresholds, round(float(prior), 10), cost01, cost10,
                          n_pos=self.table.n_pos, n_neg=self.table.n_neg)

    def setup_figure(self, fig):
        gs = fig.add_gridspec(1, 3, width_ratios=[1, 1, 0.72], wspace=0.3, left=0.065, right=0.985,
                              bottom=0.24, top=0.86)
        ax_roc, ax_cost, ax_cm = (fig.add_subplot(g) for g in gs)
        self.roc_view = RocCostView(ax_roc, self.fpr, self.tpr, title="ROC: iso-cost line", ticks=[0, 0.5, 1])
        self.cost_view = CostSpaceView(ax_cost, self.fpr, self.tpr, title="cost space", ticks=[0, 0.5, 1])
        pos, neg = self.names
        self._cm = draw_confusion_matrix(
            ax_cm, np.zeros((2, 2)), row_labels=["+", "−"], col_labels=["+", "−"],
            cell_names=[["TP", "FN"], ["FP", "TN"]], normalize_colors_to=(self.table.n_pos + self.table.n_neg) * 0.6,
        )
        ax_cm.set_title("confusion matrix\nat the cut", fontsize=FONT + 1, pad=20)
        ax_cm.set_ylabel(f"actual  (+ {pos}, − {neg})", fontsize=FONT)
        ax_cm.tick_params(labelsize=FONT)
        self._cm_cost = ax_cm.text(0.5, -0.12, "", ha="center", va="top", fontsize=FONT, transform=ax_cm.transAxes)

    def dynamic_artists(self):
        """What ``draw`` moves (the base renders the rest once as a background). The two
        legends come last: drawn over the moving lines, not crossed by them."""
        cm_texts = [t for row in self._cm.texts for t in row]
        legends = [leg for leg in (self.roc_view.ax.get_legend(), self.cost_view.ax.get_legend()) if leg is not None]
        return [self.cost_view.vline, self.cost_view.segment, self.cost_view.point, self.cost_view.text,
                self.roc_view.iso, self.roc_view.point, self.roc_view.text,
                self._cm.image, *cm_texts, self._cm_cost, *legends]

    def draw(self, state):
        self.roc_view.update(state)
        self.cost_view.update(state)
        self._cm.update(np.array([[state.tp, state.fn], [state.fp, state.tn]], dtype=float))
        self._cm_cost.set_text(
            f"cost = FN·{state.cost01:g} + FP·{state.cost10:g} = {state.total_cost:g}\n"
            f"per example: {state.error_rate:.3f}"
        )

    def describe(self, state):
        if is_chinese():
            return self._describe_zh(state)
        thr = "∞ (nothing positive)" if state.threshold is None or np.isinf(state.threshold) else f"{state.threshold:.3f}"
        return (
            f"<b>cost01 : cost10 = {state.cost01:g} : {state.cost10:g}, p = {state.p:.2f}</b><br>"
            f"P(+)cost x = {state.x:.3f}<br>"
            f"iso-cost slope = {state.iso_slope:.3g}<br>"
            f"best cut: {state.cut_name} (top {state.n_predicted_positive:g} predicted +), "
            f"threshold {html.escape(thr)}<br>"
            f"FPR = {state.fpr:.3f}, TPR = {state.tpr:.3f}<br>"
            f"normalized cost = {state.normalized_cost:.3f}<br>"
            f"&nbsp;&nbsp;(all negative: {state.always_negative_cost:.3f}, all positive: {state.always_positive_cost:.3f})<br>"
            f"expected cost per example at p: {state.expected_cost:.3f}<br>"
            f"TP = {state.tp:g}, FN = {state.fn:g}, FP = {state.fp:g}, TN = {state.tn:g}<br>"
            f"total cost FN·cost01 + FP·cost10 = {state.total_cost:g}<br>"
            f"cost-sensitive error on these examples: {state.error_rate:.3f}"
        )

    def _describe_zh(self, state):
        """The read-out in Chinese (``set_language("zh")``): the same numbers, the book's terms
        (正例概率代价, 归一化代价, cost01/cost10 as in the book's 2.3.4)."""
        thr = "∞（没有预测为正例的样例）" if state.threshold is None or np.isinf(state.threshold) \
            else f"{state.threshold:.3f}"
        return (
            f"<b>cost01 : cost10 = {state.cost01:g} : {state.cost10:g}，{term('prior')} = {state.p:.2f}</b><br>"
            f"{term('P(+)cost')} x = {state.x:.3f}<br>"
            f"{term('iso-cost slope')}（ROC 图中）= {'∞' if np.isinf(state.iso_slope) else f'{state.iso_slope:.3g}'}<br>"
            f"{term('best')}{term('cut')} k = {state.n_predicted_positive:g}（前 {state.n_predicted_positive:g} 个预测为正例 +），"
            f"{term('threshold')} {html.escape(thr)}<br>"
            f"{term('FPR')} = {state.fpr:.3f}，{term('TPR')} = {state.tpr:.3f}<br>"
            f"{term('normalized cost')} = {state.normalized_cost:.3f}<br>"
            f"（全部预测为反例：{state.always_negative_cost:.3f}，"   # no space before a full-width bracket
            f"全部预测为正例：{state.always_positive_cost:.3f}）<br>"
            f"按先验 p 每个样例的期望代价：{state.expected_cost:.3f}<br>"
            f"{term('TP')} = {state.tp:g}，{term('FN')} = {state.fn:g}<br>"
            f"{term('FP')} = {state.fp:g}，{term('TN')} = {state.tn:g}<br>"
            f"{term('total cost')} FN·cost01 + FP·cost10 = {state.total_cost:g}<br>"
            f"在这些样例上的代价敏感错误率：{state.error_rate:.3f}"
        )
