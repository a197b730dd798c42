"""Chapter 02's threshold explorer: one threshold, one confusion matrix.

Slide the threshold along the scores: every example whose score is at least
the threshold is predicted positive. The counts and every rate come from
:func:`learnmetrics.classification.threshold_state`.
"""
from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np

from ..classification import threshold_state
from ..plotting.confusion import NEG_COLOR, POS_COLOR, book_layout, draw_confusion_matrix
from ._base import Explorer

__all__ = ["ThresholdExplorer"]

_RATES = [  # (attribute of the state, label on the bars, label in the read-out)
    ("precision", "precision P", "precision P = TP/(TP+FP)"),
    ("recall", "recall = TPR", "recall = TPR = TP/(TP+FN)"),
    ("fpr", "FPR", "FPR = FP/(FP+TN)"),
    ("tnr", "TNR (spec.)", "TNR (specificity) = TN/(TN+FP)"),
    ("fnr", "FNR", "FNR = FN/(TP+FN)"),
    ("accuracy", "accuracy", "accuracy = (TP+TN)/m"),
    ("f1", "F1", "F1 = 2PR/(P+R)"),
]


def _fmt(x) -> str:
    return "undefined (0/0)" if x is None or (isinstance(x, float) and np.isnan(x)) else f"{x:.3f}"


class ThresholdExplorer(Explorer):
    """Slider ``.slider`` over thresholds; ``.state`` is the :func:`threshold_state` shown.

    Parameters
    ----------
    y_true, y_score : the examples (1 = positive) and their scores.
    ids : labels printed next to the examples (default 1..n).
    threshold : the starting threshold.
    step : the slider's step.
    names : how to call the two classes, positive first.
    """

    figsize = (10.5, 3.6)

    def __init__(self, y_true, y_score, *, ids=None, threshold=0.5, step=0.01,
                 names=("positive", "negative")):
        self.y_true = np.asarray(y_true)
        self.y_score = np.asarray(y_score, dtype=float)
        self.ids = np.arange(1, len(self.y_true) + 1) if ids is None else np.asarray(ids)
        self.names = names
        lo = float(np.floor(self.y_score.min() / step) * step)
        hi = float(np.ceil(self.y_score.max() / step) * step) + step
        self.slider = widgets.FloatSlider(
            value=threshold, min=round(lo, 6), max=round(hi, 6), step=step, readout_format=".2f",
            description="threshold", continuous_update=True, layout=widgets.Layout(width="520px"),
        )
        super().__init__([self.slider])

    def compute_state(self, threshold):
        return threshold_state(self.y_true, self.y_score, round(float(threshold), 10))

    def setup_figure(self, fig):
        gs = fig.add_gridspec(1, 3, width_ratios=[2.3, 1.1, 1.5], wspace=0.5, left=0.075, right=0.97,
                              bottom=0.17, top=0.8)
        ax_line, ax_cm, ax_rates = (fig.add_subplot(g) for g in gs)
        # 1. the examples on the score axis, positives above, negatives below
        pos = self.y_true == 1
        jitter = np.zeros(len(self.y_true))
        for mask in (pos, ~pos):  # stagger close scores so labels don't collide
            idx = np.flatnonzero(mask)[np.argsort(self.y_score[mask])]
            jitter[idx] = np.resize([0.0, 0.27, -0.27], len(idx))
        ypos = np.where(pos, 1.0, 0.0) + jitter
        lo, hi = self.slider.min, self.slider.max
        self._region = ax_line.axvspan(0.5, hi, color=POS_COLOR, alpha=0.12, lw=0)
        self._cut = ax_line.axvline(0.5, color="black", lw=2)
        self._dots = ax_line.scatter(self.y_score, ypos, s=90, c=np.where(pos, POS_COLOR, NEG_COLOR),
                                     edgecolors="black", linewidths=1.2, zorder=3)
        if len(self.ids) <= 30:
            for x, y, i in zip(self.y_score, ypos, self.ids):
                ax_line.text(x, y, str(i), ha="center", va="center", fontsize=6.5, color="white",
                             weight="bold", zorder=4)
        ax_line.set_xlim(lo - 0.02, hi + 0.02)
        ax_line.set_ylim(-0.55, 1.55)
        ax_line.set_yticks([1, 0], [f"{self.names[0]}\n(+)", f"{self.names[1]}\n(−)"])
        ax_line.set_xlabel("score (predicted positive where score ≥ threshold)")
        ax_line.set_ylabel("actual class")
        ax_line.spines[["top", "right", "left"]].set_visible(False)
        ax_line.tick_params(axis="y", length=0)
        self._title = ax_line.set_title("", fontsize=10, loc="left")
        # 2. the confusion matrix in the book's layout
        self._cm = draw_confusion_matrix(
            ax_cm, np.zeros((2, 2)), row_labels=["+", "−"], col_labels=["+", "−"],
            cell_names=[["TP", "FN"], ["FP", "TN"]], normalize_colors_to=len(self.y_true) * 0.6,
            title="confusion matrix (book)",
        )
        # 3. the rates as bars
        self._bars = ax_rates.barh(range(len(_RATES)), np.zeros(len(_RATES)), color="0.55")
        self._bar_text = [ax_rates.text(0.02, i, "", va="center", fontsize=8) for i in range(len(_RATES))]
        ax_rates.set_yticks(range(len(_RATES)), [label for _, label, _ in _RATES], fontsize=8)
        ax_rates.invert_yaxis()
        ax_rates.set_xlim(0, 1.35)
        ax_rates.set_xticks([0, 0.5, 1])
        ax_rates.spines[["top", "right"]].set_visible(False)
        ax_rates.set_title("rates", fontsize=10)

    def draw(self, state):
        t = state.threshold
        self._cut.set_xdata([t, t])
        self._region.set_x(t)
        self._region.set_width(self.slider.max + 0.02 - t)
        pred = np.asarray(state.predicted_positive, dtype=bool)
        self._dots.set_sizes(np.where(pred, 240, 150))
        self._dots.set_edgecolors(np.where(pred[:, None], [[0, 0, 0, 1.0]], [[1.0, 1.0, 1.0, 1.0]]))
        self._dots.set_linewidths(np.where(pred, 2.0, 0.5))
        c = state.counts
        self._title.set_text(f"threshold {t:.2f}: {int(pred.sum())} predicted positive (large, outlined)")
        self._cm.update(book_layout(c))
        for i, (name, _, _) in enumerate(_RATES):
            v = getattr(state, name)
            ok = not (isinstance(v, float) and np.isnan(v))
            self._bars[i].set_width(v if ok else 0.0)
            self._bar_text[i].set_x((v if ok else 0.0) + 0.02)
            self._bar_text[i].set_text(f"{v:.3f}" if ok else "0/0")

    def describe(self, state):
        c = state.counts
        rows = "".join(
            f"<tr><td>{html.escape(label)}</td><td style='text-align:right'>{_fmt(getattr(state, name))}</td></tr>"
            for name, _, label in _RATES
        )
        return (
            f"<b>threshold = {state.threshold:.2f}</b><br>"
            f"TP = {c.tp:g}, FN = {c.fn:g}<br>FP = {c.fp:g}, TN = {c.tn:g}<br>"
            f"<table style='font-size:90%'>{rows}</table>"
        )
