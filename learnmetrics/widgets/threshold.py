"""Chapter 02's threshold explorer: one threshold, one confusion matrix.

Slide the threshold along the scores: every example whose score is at least
the threshold is predicted positive. The counts and every rate come from
:func:`learnmetrics.classification.threshold_state`.
"""
from __future__ import annotations

import html
import math
import re

import ipywidgets as widgets
import numpy as np
from matplotlib.transforms import offset_copy

from .._validation import as_1d, as_labels, as_scores, check_real, check_same_length
from ..classification import threshold_state
from ..plotting import style
from ..plotting.confusion import book_layout, draw_confusion_matrix
from ._base import Explorer
from ._i18n import TERMS, is_chinese, term

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

#: most slider positions an explorer offers (a smaller step is refused)
MAX_POSITIONS = 100_000
_MAX_DECIMALS = 10


def _fmt(x) -> str:
    return "undefined (0/0)" if x is None or (isinstance(x, float) and np.isnan(x)) else f"{x:.3f}"


def _decimals(x: float) -> int:
    """The fewest decimals that write ``x`` exactly (at most 10)."""
    for d in range(_MAX_DECIMALS + 1):
        if abs(round(x, d) - x) <= 1e-12 * max(1.0, abs(x)):
            return d
    return _MAX_DECIMALS


class _Default(float):
    """The default threshold, 0.5, told apart from a 0.5 the caller passes (``is``)."""

    def __repr__(self):
        return "0.5"


_DEFAULT_THRESHOLD = _Default(0.5)


class ThresholdExplorer(Explorer):
    """Slider ``.slider`` over thresholds; ``.state`` is the :func:`threshold_state` shown.

    The slider is a :class:`~learnmetrics.widgets.GridSlider` (see
    :class:`~learnmetrics.widgets.Explorer`): its positions are the multiples of
    ``step`` (or of 2, 5, 10 ... times ``step``, at most about 51 positions, each
    frame drawn ahead) in the range below, plus the range's ends and the starting
    threshold. From code, ``slider.value`` accepts any threshold in the range: one
    off those positions is drawn by the kernel (``step=0.01`` on the watermelons:
    0.06, 0.08, ..., 0.96, 0.97, 47 frames).

    An example is predicted positive when its score is at least the threshold.
    The read-out writes the threshold with as many decimals as the slider's
    ``step`` needs (``step=0.001`` shows 0.504, never 0.50), and the scores of
    the two examples on either side of the cut with enough decimals that no
    rounding puts a score on the wrong side of any slider position.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        At most two classes; ``pos_label`` is the positive one.
    y_score : array-like of shape (n_samples,)
        Finite real scores, larger meaning "more positive".
    ids : array-like of shape (n_samples,), optional
        Labels printed in the examples' dots (default 1..n).
    threshold : float, default=0.5
        The starting threshold; it must lie in the slider's range, the scores'
        range widened to the step grid: ``[floor(min/step) step,
        (ceil(max/step) + 1) step]``. The default 0.5 moves to the nearer end
        of that range when it lies outside it (scores all above or below 0.5);
        a threshold you pass is refused there.
    step : float, default=0.01
        The slider's step (positive; at most 100,000 positions).
    names : (str, str), default=("positive", "negative")
        How to call the two classes, positive first.
    pos_label : int, bool or str, default=1
        The positive class of ``y_true``.

    Example
    -------
    >>> ex = ThresholdExplorer([1, 0, 1, 0], [0.9, 0.6, 0.4, 0.2], threshold=0.5)
    >>> ex.slider.value = 0.3
    >>> ex.state.counts.tp, ex.state.counts.fp
    (2, 1)
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = (
        'Scores on an axis with a threshold, the confusion matrix and the measures at that threshold; the'
        ' slider moves the threshold.')

    figsize = (9.6, 3.8)   # 980 px stored: legible on an 800 px page (issue 35)
    readout_width = "300px"

    def __init__(self, y_true, y_score, *, ids=None, threshold=_DEFAULT_THRESHOLD, step=0.01,
                 names=("positive", "negative"), pos_label=1):
        # -- every argument checked before anything is drawn ------------------------------
        yt = as_labels(y_true, "y_true")
        score = as_scores(y_score, "y_score")
        check_same_length(y_true=yt, y_score=score)
        classes = np.unique(yt).tolist()
        if len(classes) > 2:
            raise ValueError(f"y_true must hold at most two classes (positive and negative), "
                             f"got {len(classes)}: {classes!r}")
        if isinstance(pos_label, (bool, np.bool_)) and yt.dtype.kind != "b":
            raise TypeError(f"pos_label must be one of y_true's labels {classes!r}, got the boolean {pos_label!r}")
        if not isinstance(pos_label, (int, np.integer, str, np.str_, bool, np.bool_)):
            raise TypeError(f"pos_label must be an int, bool or str label, got {type(pos_label).__name__} "
                            f"{pos_label!r}")
        if len(classes) == 2 and pos_label not in classes:
            raise ValueError(f"pos_label={pos_label!r} is not one of y_true's labels {classes!r}: "
                             "pass pos_label=<the positive class>")
        if ids is None:
            ids = np.arange(1, len(yt) + 1)
        else:
            ids = as_1d(ids, "ids")
            check_same_length(y_true=yt, ids=ids)
        if isinstance(names, (str, bytes)) or not hasattr(names, "__len__") or len(names) != 2 \
                or not all(isinstance(n, str) for n in names):
            raise TypeError(f"names must be two strings (positive class first), got {names!r}")
        step = check_real(step, "step", low=0, low_open=True)
        lo = math.floor(score.min() / step + 1e-9) * step
        hi = (math.ceil(score.max() / step - 1e-9) + 1) * step
        positions = (hi - lo) / step
        if positions > MAX_POSITIONS:
            raise ValueError(f"step={step!r} gives {positions:.0f} slider positions over the scores' range "
                             f"[{score.min():g}, {score.max():g}]; at most {MAX_POSITIONS} are allowed: "
                             "use a larger step")
        self.step_decimals = _decimals(step)
        lo, hi = round(lo, self.step_decimals + 2), round(hi, self.step_decimals + 2)
        given = threshold is not _DEFAULT_THRESHOLD
        threshold = check_real(threshold, "threshold") if given else min(max(0.5, lo), hi)
        if not lo - 1e-12 <= threshold <= hi + 1e-12:
            raise ValueError(f"threshold must lie in the slider's range [{lo:.{self.step_decimals}f}, "
                             f"{hi:.{self.step_decimals}f}] (the scores' range on the step grid), "
                             f"got {threshold!r}")
        # the pure state function accepts the data (same checks, same messages)
        threshold_state(yt, score, threshold, pos_label=pos_label)

        self.y_true, self.y_score, self.ids = yt, score, ids
        self.names, self.pos_label, self.step = tuple(names), pos_label, step
        self.is_positive = yt == pos_label
        self.score_decimals = self._score_decimals(lo)
        self.slider = widgets.FloatSlider(
            value=threshold, min=lo, max=hi, step=step, readout_format=f".{self.step_decimals}f",
            description="threshold", continuous_update=True, layout=widgets.Layout(width="520px"),
        )
        super().__init__([self.slider])

    def _score_decimals(self, lo: float) -> int:
        """Fewest decimals (at least the step's) with which no printed score falls on the
        other side of a slider position than the score itself."""
        s = self.y_score
        below = np.floor((s - lo) / self.step + 1e-9)  # slider positions at or below each score
        for d in range(self.step_decimals, _MAX_DECIMALS + 1):
            r = np.round(s, d)
            if np.array_equal(np.floor((r - lo) / self.step + 1e-9), below) and (
                    np.allclose(r, s, rtol=0, atol=1e-12) or d >= 3):
                return d
        return _MAX_DECIMALS

    def threshold_text(self, t: float) -> str:
        """The threshold written exactly (as many decimals as the step, more if it is off the grid)."""
        return f"{t:.{max(self.step_decimals, _decimals(t))}f}"

    def compute_state(self, threshold):
        return threshold_state(self.y_true, self.y_score, round(float(threshold), _MAX_DECIMALS),
                               pos_label=self.pos_label)

    def setup_figure(self, fig):
        gs = fig.add_gridspec(1, 3, width_ratios=[2.3, 1.1, 1.5], wspace=0.55, left=0.075, right=0.97,
                              bottom=0.16, top=0.8)
        ax_line, ax_cm, ax_rates = (fig.add_subplot(g) for g in gs)
        # 1. the examples on the score axis, positives (blue circles) above, negatives (vermillion squares) below
        pos = self.is_positive
        jitter = np.zeros(len(self.y_true))
        for mask in (pos, ~pos):  # stagger close scores so labels don't collide
            idx = np.flatnonzero(mask)[np.argsort(self.y_score[mask], kind="stable")]
            jitter[idx] = np.resize([0.0, 0.3, -0.3], len(idx))
        ypos = np.where(pos, 1.0, 0.0) + jitter
        lo, hi = self.slider.min, self.slider.max
        pad = 0.045 * (hi - lo) + 1e-9
        self._hi = hi + pad
        self._region = ax_line.axvspan(0.5, self._hi, color="0.88", lw=0, zorder=0)
        self._cut = ax_line.axvline(0.5, **dict(style.CUT_LINE, zorder=2))  # under the dots
        self._side_pos = ax_line.text(0.5, 1.02, " pred. + →", transform=ax_line.get_xaxis_transform(),
                                      ha="left", va="bottom", fontsize=9)
        self._side_neg = ax_line.text(0.5, 1.02, "← pred. − ", transform=ax_line.get_xaxis_transform(),
                                      ha="right", va="bottom", fontsize=9)
        self._dots = []
        for mask, positive in ((pos, True), (~pos, False)):
            st = style.class_style(positive)
            sc = ax_line.scatter(self.y_score[mask], ypos[mask], s=260, c=st["color"], marker=st["marker"],
                                 edgecolors="black", linewidths=1.2, zorder=3)
            self._dots.append((mask, sc))
        self._id_texts = []
        if len(self.ids) <= 30:
            for x, y, i in zip(self.y_score, ypos, self.ids):
                self._id_texts.append(ax_line.text(x, y, str(i), ha="center", va="center", fontsize=10,
                                                   color="white", weight="bold", zorder=4))
        ax_line.set_xlim(lo - pad, hi + pad)
        ax_line.set_ylim(-0.6, 1.6)
        ax_line.set_yticks([1, 0], [f"{self.names[0]}\n(+)", f"{self.names[1]}\n(−)"])
        ax_line.set_xlabel("score (numbers = example ids)")
        ax_line.spines[["top", "right", "left"]].set_visible(False)
        ax_line.tick_params(axis="y", length=0)
        # a plain text where the axes title would be (16 pt above the axes): redrawn alone per frame
        self._title = ax_line.text(0, 1, "", transform=offset_copy(ax_line.transAxes, fig=fig, y=16, units="points"),
                                   ha="left", va="baseline", fontsize=10)
        # 2. the confusion matrix in the book's layout
        self._cm = draw_confusion_matrix(
            ax_cm, np.zeros((2, 2)), row_labels=["+", "−"], col_labels=["+", "−"],
            cell_names=[["TP", "FN"], ["FP", "TN"]], normalize_colors_to=max(len(self.y_true) * 0.6, 1),
            title="confusion matrix (book)",
        )
        # 3. the rates as bars
        self._bars = ax_rates.barh(range(len(_RATES)), np.zeros(len(_RATES)), color="0.6")
        self._bar_text = [ax_rates.text(0.02, i, "", va="center", fontsize=9) for i in range(len(_RATES))]
        ax_rates.set_yticks(range(len(_RATES)), [label for _, label, _ in _RATES], fontsize=9)
        ax_rates.invert_yaxis()
        ax_rates.set_xlim(0, 1.38)
        ax_rates.set_xticks([0, 0.5, 1])
        ax_rates.tick_params(axis="x", labelsize=9)
        ax_rates.spines[["top", "right"]].set_visible(False)
        ax_rates.set_title("rates", fontsize=10)

    def hit_regions(self):
        # a press or a drag on the score axis puts the threshold under the pointer
        return [self.axis_hits(self._region.axes, self.slider, lambda t: t,
                               tip="press or drag on the score axis to move the threshold")]

    def dynamic_artists(self):
        """What ``draw`` moves, in the order of their z-order in a full render (the base
        renders the rest once as a background): the shaded side, the score axis over it,
        the cut line, the dots and their ids, the texts, the matrix, the bars."""
        ax_line = self._cut.axes
        cm_texts = [t for row in self._cm.texts for t in row]
        return [self._region, ax_line.spines["bottom"], self._cut, *(sc for _, sc in self._dots), *self._id_texts,
                self._side_pos, self._side_neg, self._title, self._cm.image, *cm_texts, *self._bars,
                self._bars[0].axes.spines["left"], *self._bar_text]

    def draw(self, state):
        t = state.threshold
        self._cut.set_xdata([t, t])
        self._region.set_x(t)
        self._region.set_width(self._hi - t)
        self._side_pos.set_x(t)
        self._side_neg.set_x(t)
        x0, x1 = self._side_pos.axes.get_xlim()
        where = (t - x0) / (x1 - x0)  # hide a side's label where it would leave the axes
        self._side_neg.set_visible(where > 0.2)
        self._side_pos.set_visible(where < 0.8)
        pred = np.asarray(state.predicted_positive, dtype=bool)
        for mask, sc in self._dots:
            p = pred[mask]
            sc.set_sizes(np.where(p, 400, 290))
            sc.set_edgecolors(np.where(p[:, None], [[0, 0, 0, 1.0]], [[1.0, 1.0, 1.0, 1.0]]))
            sc.set_linewidths(np.where(p, 2.2, 0.5))
        self._title.set_text(f"threshold {self.threshold_text(t)}: {int(pred.sum())} predicted positive "
                             "(large, outlined)")
        self._cm.update(book_layout(state.counts))
        for i, (name, _, _) in enumerate(_RATES):
            v = getattr(state, name)
            ok = not (isinstance(v, float) and np.isnan(v))
            self._bars[i].set_width(v if ok else 0.0)
            self._bar_text[i].set_x((v if ok else 0.0) + 0.02)
            self._bar_text[i].set_text(f"{v:.3f}" if ok else "0/0")

    def _neighbours(self, state, low: str = "lowest score predicted +",
                    high: str = "highest score predicted −") -> str:
        pred = np.asarray(state.predicted_positive, dtype=bool)
        d = self.score_decimals
        parts = []
        if pred.any():
            k = np.flatnonzero(pred)[np.argmin(self.y_score[pred])]
            parts.append(f"{low}: #{html.escape(str(self.ids[k]))} ({self.y_score[k]:.{d}f})")
        if (~pred).any():
            k = np.flatnonzero(~pred)[np.argmax(self.y_score[~pred])]
            parts.append(f"{high}: #{html.escape(str(self.ids[k]))} ({self.y_score[k]:.{d}f})")
        return "<br>".join(parts)

    def describe(self, state):
        if is_chinese():
            return self._describe_zh(state)
        c = state.counts
        rows = "".join(
            f"<tr><td>{html.escape(label)}</td><td style='text-align:right'>{_fmt(getattr(state, name))}</td></tr>"
            for name, _, label in _RATES
        )
        return (
            f"<b>threshold = {self.threshold_text(state.threshold)}</b> (predicted + where score ≥ threshold)<br>"
            f"{self._neighbours(state)}<br>"
            f"TP = {c.tp:g}, FN = {c.fn:g}<br>FP = {c.fp:g}, TN = {c.tn:g}<br>"
            f"<table style='font-size:90%'>{rows}</table>"
        )

    def _describe_zh(self, state):
        """The read-out in Chinese (``set_language("zh")``): the same numbers, the book's terms."""
        c = state.counts

        def fmt(x):
            return f"{term('undefined')}（0/0）" if x is None or (isinstance(x, float) and np.isnan(x)) else f"{x:.3f}"

        rows = "".join(
            f"<tr><td>{html.escape(_RATES_ZH[name])}</td><td style='text-align:right'>{fmt(getattr(state, name))}</td></tr>"
            for name, _, _ in _RATES
        )
        return (
            f"<b>{term('threshold')} = {self.threshold_text(state.threshold)}</b>"
            f"（{term('score')} ≥ {term('threshold')}时预测为正例 +）<br>"
            f"{_full_width(self._neighbours(state, '预测为正例（+）的最低分数', '预测为反例（−）的最高分数'))}<br>"
            f"{term('TP')} = {c.tp:g}，{term('FN')} = {c.fn:g}<br>{term('FP')} = {c.fp:g}，{term('TN')} = {c.tn:g}<br>"
            f"<table style='font-size:90%'>{rows}</table>"
        )


#: the read-out labels of ``_RATES`` in Chinese (the book's terms, same formulas)
_RATES_ZH = {
    "precision": f"{TERMS['precision']} = TP/(TP+FP)",
    "recall": f"{TERMS['recall']} = {TERMS['TPR']} = TP/(TP+FN)",
    "fpr": f"{TERMS['FPR']} = FP/(FP+TN)",
    "tnr": f"{TERMS['TNR']}（{TERMS['specificity']}）= TN/(TN+FP)",
    "fnr": f"{TERMS['FNR']} = FN/(TP+FN)",
    "accuracy": f"{TERMS['accuracy']} = (TP+TN)/m",
    "f1": "F1 = 2PR/(P+R)",
}
assert set(_RATES_ZH) == {name for name, _, _ in _RATES}


def _full_width(text: str) -> str:
    """Chinese punctuation in a Chinese read-out: "最低分数: #5 (0.500)" -> "最低分数：#5（0.500）"."""
    return re.sub(r" \(([-+−]?[\d.]+)\)", r"（\1）", text.replace(": #", "：#"))
