"""Chapter 02's prevalence explorer: one classifier, test sets with more or fewer positives.

One slider, the share of positives π in the test set. The classifier and each
class's scores stay the same; only the weight of the classes changes (exactly,
by reweighting: :func:`learnmetrics.imbalance.prevalence_state`). The ROC
curve, AUC, TPR and the balanced accuracy do not move; precision, the P-R
curve (whose baseline is π), F1, accuracy and MCC do.
"""
from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np

from .._validation import as_1d, as_labels, as_scores, check_real, check_same_length
from ..imbalance import PER, prevalence_state
from ..plotting.imbalance import PREVALENCE_BARS, PrevalenceView
from ._base import Explorer
from ._i18n import TERMS, is_chinese

__all__ = ["PrevalenceExplorer", "DEFAULT_PREVALENCES"]

#: the slider's default stops (the test set's own share of positives is added to them)
DEFAULT_PREVALENCES = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9)
#: most stops the slider may have (each is a frame drawn ahead)
MAX_STOPS = 60


def _percent(p: float) -> str:
    """0.001 -> '0.1%', 0.4706 -> '47.06%': enough digits to tell the stops apart."""
    for d in range(0, 6):
        if abs(round(100 * p, d) - 100 * p) < 1e-9:
            return f"{100 * p:.{d}f}%"
    return f"{100 * p:.2f}%"


def _check_prevalences(prevalences, sample_prevalence):
    if prevalences is None:
        grid = list(DEFAULT_PREVALENCES)
    else:
        arr = as_scores(as_1d(prevalences, "prevalences"), "prevalences")
        if arr.size > MAX_STOPS:
            raise ValueError(f"prevalences may hold at most {MAX_STOPS} values (each is a frame), got {arr.size}")
        bad = arr[(arr <= 0) | (arr >= 1)]
        if bad.size:
            raise ValueError(f"prevalences must lie strictly between 0 and 1, got {bad[0]!r}")
        grid = arr.tolist()
    grid = sorted(set(round(float(p), 12) for p in grid) | {round(sample_prevalence, 12)})
    return grid


class PrevalenceExplorer(Explorer):
    """Slider ``.slider`` over shares of positives π; ``.state`` is the
    :func:`~learnmetrics.imbalance.prevalence_state` shown.

    The classifier predicts positive where ``y_score >= threshold``. The
    slider's stops are ``prevalences`` plus the test set's own share of
    positives (where it starts, marked "as collected").

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two classes, both present; ``pos_label`` is the positive one.
    y_score : array-like of shape (n_samples,)
        Finite real scores, larger meaning "more positive".
    threshold : float, default=0.5
        The classifier's threshold.
    prevalences : array-like of floats in (0, 1), optional
        The slider's stops (default :data:`DEFAULT_PREVALENCES`; at most 60).
    prevalence : float, optional
        Where the slider starts: one of the stops (default: the test set's own
        share of positives).
    pos_label : int, bool or str, default=1
        The positive class of ``y_true``.

    Example
    -------
    >>> ex = PrevalenceExplorer([1, 1, 0, 1, 0, 0], [0.9, 0.7, 0.6, 0.4, 0.3, 0.1])
    >>> ex.slider.value = 0.01
    >>> round(ex.state.precision, 4), ex.state.roc_auc
    (0.0198, 0.8888888888888888)
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = (
        'ROC and P-R curves and the measures of one model as the share of positives changes; the slider '
        'sets the share.')

    figsize = (9.6, 3.6)   # 980 px stored: legible on an 800 px page (issue 35)
    readout_width = "320px"

    def __init__(self, y_true, y_score, *, threshold=0.5, prevalences=None, prevalence=None, pos_label=1):
        # -- every argument checked before anything is drawn ------------------------------
        yt = as_labels(y_true, "y_true")
        score = as_scores(y_score, "y_score")
        check_same_length(y_true=yt, y_score=score)
        threshold = check_real(threshold, "threshold")
        # the pure state function checks the classes, pos_label and the prevalence's range
        first = prevalence_state(yt, score, 0.5, threshold=threshold, pos_label=pos_label)
        sample_prevalence = first.sample_prevalence
        grid = _check_prevalences(prevalences, sample_prevalence)
        if prevalence is None:
            prevalence = sample_prevalence
        else:
            prevalence = check_real(prevalence, "prevalence", low=0, high=1, low_open=True, high_open=True)
            if not any(abs(prevalence - g) < 1e-12 for g in grid):
                raise ValueError(f"prevalence must be one of the slider's stops {grid!r}, got {prevalence!r}")
        start = min(grid, key=lambda g: abs(g - prevalence))
        self.y_true, self.y_score, self.threshold, self.pos_label = yt, score, threshold, pos_label
        self.sample_prevalence = sample_prevalence
        self.prevalences = tuple(grid)
        options = [(_percent(g) + (" (as collected)" if g == round(sample_prevalence, 12) else ""), g)
                   for g in grid]
        self.slider = widgets.SelectionSlider(
            options=options, value=start, description="positives π", continuous_update=True,
            layout=widgets.Layout(width="620px"), style={"description_width": "initial"},
        )
        super().__init__([self.slider])

    def compute_state(self, prevalence):
        return prevalence_state(self.y_true, self.y_score, float(prevalence), threshold=self.threshold,
                                pos_label=self.pos_label)

    def setup_figure(self, fig):
        # placed by hand: two unit squares, then the bars with room for their labels
        axes = [fig.add_axes(rect) for rect in ((0.055, 0.17, 0.25, 0.65), (0.37, 0.17, 0.25, 0.65),
                                                (0.76, 0.17, 0.17, 0.65))]
        self.prevalence_view = PrevalenceView(*axes, self.compute_state(self.sample_prevalence))

    def dynamic_artists(self):
        return self.prevalence_view.dynamic

    def draw(self, state):
        self.prevalence_view.update(state)

    # -- the read-out ------------------------------------------------------------------------
    def describe(self, state):
        if is_chinese():
            return self._describe_zh(state)
        c = state.counts
        rows = "".join(
            f"<tr><td>{html.escape(label)}</td><td style='text-align:right'>{getattr(state, name):.3f}</td>"
            f"<td style='text-align:right'>{'' if lazy is None else f'{getattr(state, lazy):.3f}'}</td>"
            f"<td>{'moves' if moves else 'same'}</td></tr>"
            for name, label, moves, lazy in PREVALENCE_BARS
        )
        return (
            f"<b>positives π = {_percent(state.prevalence)}</b> of the test set "
            f"(as collected: {_percent(round(state.sample_prevalence, 4))}); classifier: score ≥ "
            f"{state.threshold:g}<br>"
            f"per {PER:,.0f} test examples: TP = {c.tp:.1f}, FN = {c.fn:.1f}<br>FP = {c.fp:.1f}, TN = {c.tn:.1f}<br>"
            f"AUC = {state.roc_auc:.3f} (same at every π); AP = {state.average_precision:.3f}, "
            f"P-R baseline = π = {state.baseline:.3f}<br>"
            f"<table style='font-size:90%;border-spacing:8px 0'><tr><th></th><th>classifier</th><th>lazy</th><th>with π</th></tr>"
            f"{rows}</table>"
        )

    def _describe_zh(self, state):
        """The read-out in Chinese (``set_language("zh")``): the same numbers, the book's terms."""
        c = state.counts
        rows = "".join(
            f"<tr><td>{html.escape(_LABELS_ZH[name])}</td><td style='text-align:right'>{getattr(state, name):.3f}</td>"
            f"<td style='text-align:right'>{'' if lazy is None else f'{getattr(state, lazy):.3f}'}</td>"
            f"<td>{'变化' if moves else '不变'}</td></tr>"
            for name, _, moves, lazy in PREVALENCE_BARS
        )
        return (
            f"<b>正例比例 π = {_percent(state.prevalence)}</b>"
            f"（实际收集的测试集中为 {_percent(round(state.sample_prevalence, 4))}）；分类器：分数 ≥ {state.threshold:g}"
            f" 时预测为正例<br>"
            f"每 {PER:,.0f} 个测试样本：{TERMS['TP']} = {c.tp:.1f}，{TERMS['FN']} = {c.fn:.1f}<br>"
            f"{TERMS['FP']} = {c.fp:.1f}，{TERMS['TN']} = {c.tn:.1f}<br>"
            f"AUC = {state.roc_auc:.3f}（不随 π 变化）；AP = {state.average_precision:.3f}，"
            f"P-R 基线 = π = {state.baseline:.3f}<br>"
            f"<table style='font-size:90%;border-spacing:8px 0'><tr><th></th><th>分类器</th><th>全判反例</th><th>随 π</th></tr>"
            f"{rows}</table>"
        )


#: the bars' labels in Chinese (the book's terms)
_LABELS_ZH = {
    "tpr": f"{TERMS['recall']} = {TERMS['TPR']}",
    "balanced_accuracy": "平衡精度",
    "precision": TERMS["precision"],
    "f1": "F1",
    "accuracy": TERMS["accuracy"],
    "mcc": "马修斯相关系数 MCC",
}
assert set(_LABELS_ZH) == {name for name, *_ in PREVALENCE_BARS}
