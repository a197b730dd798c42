"""Explorers for chapters 03 and 04: the P-R and ROC curves one cut at a time, and F-beta.

* :class:`CutPointExplorer`: a slider over the cut points of a ranked list
  (k = 0: nothing predicted positive, k = K: everything). Linked views: the
  ranked list with the cut line, the confusion matrix in the book's layout,
  the ROC point with the path walked so far, the P-R point with its path
  (drawn as chapter 03 teaches: the achievable interpolation between cuts). The current cut
  is ``style.CUT_LINE`` on the list and ``style.CUT_POINT`` on the curves.
  Its state is ``learnmetrics.curves.cut_point_state(table, k)``.
* :class:`FBetaExplorer`: a (log-scale) beta slider. Iso-F-beta contours over
  the (R, P) square with the list's curve points and the best cut for that
  beta (``style.CUT_POINT``); and, along the list, the weighted harmonic mean (F-beta) against the
  weighted arithmetic and geometric means with the same weights.
"""
from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

import ipywidgets as widgets
import numpy as np

from .. import curves as _curves
from .._validation import UndefinedMetricWarning, as_labels, as_scores, check_real, check_same_length, check_sample_weight
from ..plotting import style
from ..plotting.confusion import ConfusionMatrixArtist, book_layout
from ..plotting.curves import (
    CURVE_COLOR,
    RankedStrip,
    move_cut_point,
    plot_bep_line,
    plot_cut_point,
    plot_iso_f,
    plot_pr_steps,
    plot_reference,
    plot_roc_steps,
    style_pr_axes,
    style_roc_axes,
    update_iso_f,
)
from ._base import Explorer, GridSlider, log_grid
from ._i18n import is_chinese, term

__all__ = ["CutPointExplorer", "FBetaExplorer", "FBetaState"]


def _title(ax, y=1.02, fontsize=10):
    """A title that can be redrawn alone (an axes title moves when the axes is laid out)."""
    return ax.text(0.5, y, "", transform=ax.transAxes, ha="center", va="bottom", fontsize=fontsize)


def _checked_binary(y_true, y_score, pos_label, sample_weight, ids=None, one_class_ok=False):
    """The explorers' data, checked before anything is drawn: labels, finite scores of the same
    length, weights, both classes present (with positive weight; one is enough when
    ``one_class_ok``: the rates of the missing class are then 0/0), one id per example."""
    y_true = as_labels(y_true, "y_true")
    y_score = as_scores(y_score, "y_score")
    check_same_length(y_true=y_true, y_score=y_score)
    w = check_sample_weight(sample_weight, y_true.size)
    pos = _curves._positive_mask(y_true, pos_label)  # names y_true and pos_label if the labels are not binary
    n_pos = pos.sum() if w is None else w[pos].sum()
    n_neg = (~pos).sum() if w is None else w[~pos].sum()
    if (n_pos <= 0 and n_neg <= 0) or (not one_class_ok and (n_pos <= 0 or n_neg <= 0)):
        which = "positive" if n_pos <= 0 else "negative"
        raise ValueError(f"y_true must hold both classes (with positive weight) to draw P-R and ROC curves; it has "
                         f"no {which} example ({y_true.size} labels: {np.unique(y_true).tolist()[:5]}"
                         f"{', pos_label=' + repr(pos_label) if pos_label is not None else ''})")
    if ids is not None:
        ids = np.asarray(ids)
        if ids.ndim != 1 or ids.size != y_true.size:
            raise ValueError(f"ids must be 1-D with one id per example ({y_true.size}), got shape {ids.shape}")
    return y_true, y_score, ids


def _positive_label(y_true, pos_label):
    """The label the strip colours as positive (view logic; the table decides the numbers):
    the one the table counts as positive, also when y_true holds one class only."""
    if pos_label is not None:
        return pos_label
    mask = _curves._positive_mask(y_true, None)
    if mask.any():
        return np.asarray(y_true)[mask][0]
    return True if np.asarray(y_true).dtype.kind == "b" else 1


class CutPointExplorer(Explorer):
    """Walk down a ranked list one cut point at a time.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n_samples,)
        True labels and scores (higher = more likely positive). One class
        only is shown too: the missing class's rates (FPR or TPR = R) are 0/0,
        which the read-out and the figure say (no ROC point is drawn).
    ids : array-like of shape (n_samples,), optional
        Names of the examples shown on the ranked strip (default 1..n).
    pos_label, sample_weight :
        Passed to :func:`learnmetrics.stepping_table`.
    k : int, optional
        The cut shown first (default 0: nothing predicted positive).
    whole_curve : bool, default=True
        Draw the whole ROC and P-R curves faintly behind the walked path. False when
        the reader is to predict the next point (the faint curve would give it away).

    Attributes
    ----------
    slider : ipywidgets.IntSlider
        The cut point k = 0 .. K (K = number of distinct scores); every cut's
        frame is drawn ahead (up to 101 cuts; a longer list gets a GridSlider
        over about 10 cuts per decade, any cut still reachable from code).
    table : SteppingTable
    state : CutPoint
        ``table.at(slider.value)``: counts, P, R, TPR, FPR ... and the paths.

    Example
    -------
    >>> ex = CutPointExplorer(y, s)       # doctest: +SKIP
    >>> ex.slider.value = 3; print(ex.state)  # doctest: +SKIP
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = "A ranked list with a cut moving down it, the confusion matrix at the cut and the cut's point on the ROC and P-R curves; the slider moves the cut."

    figsize = (9.6, 5.8)   # 980 px stored: legible on an 800 px page (issue 35)
    readout_width = "250px"
    #: the most examples walked: the course's lists (6-17 examples) build in ~1 s, 5,000 in 1.3 s, 20,000 in 2 s
    max_examples = 20_000

    def __init__(self, y_true, y_score, ids=None, *, pos_label=None, sample_weight=None, k=0,
                 title=None, whole_curve=True):
        y_true, y_score, ids = _checked_binary(y_true, y_score, pos_label, sample_weight, ids, one_class_ok=True)
        if len(y_true) > self.max_examples:
            raise ValueError(
                f"y_true has {len(y_true)} examples; the explorer walks at most {self.max_examples:,} (it builds "
                f"within 1.3 s at 5,000 and 2 s at 20,000). Pass a random sample of {self.max_examples:,} "
                f"examples, or draw the whole curve with learnmetrics.roc_curve / precision_recall_curve")
        if title is not None and not isinstance(title, str):
            raise TypeError(f"title must be a string or None, got {type(title).__name__}")
        with warnings.catch_warnings():  # one class only: the figure and the read-out say what is 0/0
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            self.table = _curves.stepping_table(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
        self.y_true, self.y_score, self.ids = y_true, y_score, ids
        self.pos_label = _positive_label(y_true, pos_label)
        self.title = title
        if not isinstance(whole_curve, (bool, np.bool_)):
            raise TypeError(f"whole_curve must be True or False, got {whole_curve!r}")
        self.whole_curve = bool(whole_curve)
        n_cuts = len(self.table)
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k < n_cuts:
            raise ValueError(f"k must be an integer between 0 and {n_cuts - 1}, got {k!r}")
        # how many examples lie above each cut (the strip counts examples, not weights)
        s_desc = np.sort(y_score)[::-1]
        thr = np.asarray(self.table.thresholds, dtype=float)
        self._n_pred = np.searchsorted(-s_desc, -thr, side="right")
        self.slider = widgets.IntSlider(value=int(k), min=0, max=n_cuts - 1, step=1, description="cut k",
                                        continuous_update=True, layout=widgets.Layout(width="420px"))
        super().__init__([self.slider])

    # -- figure -----------------------------------------------------------------------
    def setup_figure(self, fig) -> None:
        t = self.table
        gs = fig.add_gridspec(2, 3, height_ratios=[0.85, 2.5], width_ratios=[0.9, 1, 1],
                              left=0.075, right=0.985, top=0.94, bottom=0.1, hspace=0.2, wspace=0.38)
        ax_strip = fig.add_subplot(gs[0, :])
        ax_cm = fig.add_subplot(gs[1, 0])
        ax_roc = fig.add_subplot(gs[1, 1])
        ax_pr = fig.add_subplot(gs[1, 2])
        self.axes = {"strip": ax_strip, "cm": ax_cm, "roc": ax_roc, "pr": ax_pr}
        self.strip = RankedStrip(ax_strip, self.y_true, self.y_score, self.ids, pos_label=self.pos_label,
                                 title=self.title or "ranked list (highest score first): everything left of the cut "
                                                     "is predicted positive")
        n_all = float(t.n_pos + t.n_neg)
        self.cm = ConfusionMatrixArtist(ax_cm, np.zeros((2, 2)), row_labels=["actual +", "actual −"],
                                        col_labels=["pred. +", "pred. −"], cell_names=[["TP", "FN"], ["FP", "TN"]],
                                        vmax=n_all, fmt="{:g}", cmap=style.SEQUENTIAL)
        ax_cm.set_xlabel("")
        ax_cm.set_ylabel("")
        # the panels' titles at 12 pt: a filmstrip of the frames (980 px) still reads on an 800 px page (issue 35)
        ax_strip.set_title(ax_strip.get_title(loc="left"), loc="left", fontsize=12)
        self.cm_title = _title(ax_cm, y=1.13, fontsize=12)
        # ROC: the whole curve faintly, the walked path strongly
        style_roc_axes(ax_roc)
        # a margin of 0.05: the cut's dot on the square's edge ((0, 0), (1, 1)) lies inside the axes, not half out
        ax_roc.set_xlim(-0.05, 1.05)
        ax_roc.set_ylim(-0.05, 1.05)
        diagonal = plot_reference(ax_roc, "roc", which="random", legend_labels=False)["random"]
        ax_roc.apply_aspect()   # the labels are turned along their lines as drawn (equal aspect)
        # the reference lines are named on the lines (grammar), in the background: no drawing cost per frame
        style.label_line(ax_roc, diagonal, "random guess", x=0.62, above=False)
        if self.whole_curve:
            plot_roc_steps(ax_roc, t.fpr, t.tpr, color=CURVE_COLOR, alpha=0.22, lw=1.5, ms=2.5)
        self.roc_point, self.roc_trail = plot_cut_point(ax_roc, kind="roc")
        self.roc_title = _title(ax_roc, fontsize=12)
        # P-R
        style_pr_axes(ax_pr)
        ax_pr.set_xlim(-0.05, 1.05)   # the same margin: a dot at recall 1 lies inside the axes
        ax_pr.set_ylim(-0.05, 1.05)
        prevalence = float(t.n_pos / n_all) if n_all > 0 else 0.0
        level = plot_reference(ax_pr, "pr", prevalence=prevalence, which="random", legend_labels=False)["random"]
        bep = plot_bep_line(ax_pr, label=None, alpha=0.6)
        ax_pr.apply_aspect()
        # under the level line at the right, clear of R = 1 (a P-R curve ends on it there, from above: the cut
        # point of the last cut sits there), over it when it is
        # low; two short lines, clear of the line P = R, which crosses the level at R = m+/m
        style.label_line(ax_pr, level, "random guess\n$P = m^+/m$", x=0.76, above=prevalence < 0.2,
                         multialignment="center", linespacing=1.1)
        # "P = R" low on its line, clear of the level line (high on it when the level is low)
        style.label_line(ax_pr, bep, "P = R", x=0.2 if prevalence >= 0.35 else 0.85, above=False, color="0.35")
        if self.whole_curve:
            plot_pr_steps(ax_pr, t.recall, t.precision, color=CURVE_COLOR, alpha=0.22, lw=1.5, ms=2.5)
        self.pr_point, self.pr_trail = plot_cut_point(ax_pr, kind="pr")
        self.pr_title = _title(ax_pr, fontsize=12)
        # a note on 0/0, under the level line's label and right of the P = R label (the explorer is 9.6 in wide)
        self.pr_note = ax_pr.text(0.68, 0.2, "", ha="center", va="center", fontsize=9, color="0.1",
                                  bbox=dict(boxstyle="round", fc="white", ec="0.3", alpha=0.9))
        self.roc_note = ax_roc.text(0.5, 0.5, "", ha="center", va="center", fontsize=10, color="0.1",
                                    bbox=dict(boxstyle="round", fc="white", ec="0.3", alpha=0.9), visible=False)

    def dynamic_artists(self) -> list:
        st = self.strip
        # the band first, then the boxes over it (it never tints them), then the cut line
        return [st.span, *st.artists_over_band, st.line, st.label, self.cm.image,
                *[t for row in self.cm.texts for t in row], self.cm_title, self.roc_trail, self.roc_point,
                self.roc_title, self.roc_note, self.pr_trail, self.pr_point, self.pr_title,
                self.pr_note]

    def hit_regions(self):
        # a press or a drag on the ranked list puts the cut at the gap under the pointer
        return [self.axis_hits(self.axes["strip"], self.slider, lambda k: self._n_pred[int(k)] - 0.5,
                               tip="press or drag on the ranked list to move the cut")]

    def compute_state(self, k):
        return _curves.cut_point_state(self.table, int(k))

    def draw(self, state) -> None:
        k = int(state.k)
        n_pred = int(self._n_pred[k])
        text = "nothing predicted +" if k == 0 else f"score ≥ {state.threshold_text}: top {n_pred} predicted +"
        self.strip.set_cut(n_pred, text)
        self.cm.update(book_layout(state))
        self.cm_title.set_text(f"cut {k} of {len(self.table) - 1}")
        move_cut_point(self.roc_point, self.roc_trail, state.roc_path)
        # one class only: the missing class's rate is 0/0, and there is no point to draw
        missing = "negative" if np.isnan(state.fpr) else "positive" if np.isnan(state.tpr) else None
        rate = "FPR = FP/(FP+TN)" if missing == "negative" else "TPR = TP/(TP+FN)"
        self.roc_note.set_visible(missing is not None)
        if missing is None:
            self.roc_title.set_text(f"ROC point (FPR, TPR) = ({state.fpr:.2f}, {state.tpr:.2f})")
        else:
            self.roc_title.set_text(f"ROC point: {rate.split(' =')[0]} = 0/0")
            self.roc_note.set_text(f"no {missing} example:\n{rate} = 0/0\nis undefined")
        move_cut_point(self.pr_point, self.pr_trail, state.pr_path)
        if np.isnan(state.recall):
            self.pr_title.set_text("P-R point: R = 0/0")
            self.pr_note.set_text("no positive example:\nR = TP/(TP+FN) = 0/0\nis undefined")
            self.pr_note.set_visible(True)
        elif np.isnan(state.precision):
            self.pr_title.set_text(f"P-R point: R = {state.recall:.2f}, P = 0/0")
            self.pr_note.set_text("nothing predicted +:\nP = TP/(TP+FP) = 0/0\nis undefined")
            self.pr_note.set_visible(True)
        else:
            self.pr_title.set_text(f"P-R point (R, P) = ({state.recall:.2f}, {state.precision:.2f})")
            self.pr_note.set_visible(False)

    def describe(self, state) -> str:
        if is_chinese():
            return self._describe_zh(state)

        def c(x):
            return f"{x:g}"

        def r(x):
            return "undefined" if x != x else f"{x:.3f}"

        thr = "+inf (nothing above it)" if np.isinf(state.threshold) else state.threshold_text
        lines = [
            f"<b>cut k = {state.k} of {len(self.table) - 1}</b>",
            f"predict + when score &ge; {thr}",
            "",
            f"TP = {c(state.tp):>4}   FN = {c(state.fn):>4}",
            f"FP = {c(state.fp):>4}   TN = {c(state.tn):>4}",
            "",
            f"P   = TP/(TP+FP) = {c(state.tp)}/{c(state.tp + state.fp)} = {r(state.precision)}",
            f"R   = TP/(TP+FN) = {c(state.tp)}/{c(state.tp + state.fn)} = {r(state.recall)}",
            f"FPR = FP/(FP+TN) = {c(state.fp)}/{c(state.fp + state.tn)} = {r(state.fpr)}",
            f"F1  = {r(state.f1)}    accuracy = {r(state.accuracy)}",
        ]
        return "<pre style='font-size:11px; line-height:1.35'>" + "\n".join(lines) + "</pre>"

    def _describe_zh(self, state) -> str:
        """The read-out in Chinese (``set_language("zh")``): the same numbers, the book's terms."""
        def c(x):
            return f"{x:g}"

        def r(x):
            return term("undefined") if x != x else f"{x:.3f}"

        inf = np.isinf(state.threshold)
        lines = [
            f"<b>{term('cut')} k = {state.k} / {len(self.table) - 1}</b>",
            f"{term('score')} &ge; {'∞' if inf else state.threshold_text} 时预测为正例 +{'（即不预测任何正例）' if inf else ''}",
            "",
            f"{term('TP')} = {c(state.tp):>4}   {term('FN')} = {c(state.fn):>4}",
            f"{term('FP')} = {c(state.fp):>4}   {term('TN')} = {c(state.tn):>4}",
            "",
            f"{term('precision')} = TP/(TP+FP) = {c(state.tp)}/{c(state.tp + state.fp)} = {r(state.precision)}",
            f"{term('recall')} = TP/(TP+FN) = {c(state.tp)}/{c(state.tp + state.fn)} = {r(state.recall)}",
            f"{term('FPR')} = FP/(FP+TN) = {c(state.fp)}/{c(state.fp + state.tn)} = {r(state.fpr)}",
            f"F1 = {r(state.f1)}    {term('accuracy')} = {r(state.accuracy)}",
        ]
        return "<pre style='font-size:11px; line-height:1.35'>" + "\n".join(lines) + "</pre>"


@dataclass(frozen=True)
class FBetaState:
    """What the F-beta explorer shows for one beta (cuts 1..K of a stepping table).

    ``w = beta**2 / (1 + beta**2)`` is the weight F-beta gives recall in
    ``1/F = (1 - w)/P + w/R``; ``arithmetic`` and ``geometric`` are the weighted
    means with the same weights, for comparison.
    """

    beta: float
    w: float
    k: np.ndarray
    recall: np.ndarray
    precision: np.ndarray
    fbeta: np.ndarray
    arithmetic: np.ndarray
    geometric: np.ndarray
    best_k: int
    best_fbeta: float

    @property
    def tied_k(self) -> np.ndarray:
        """Every cut whose F-beta equals the best (to 1e-12): ``best_k`` is the first of them."""
        return self.k[np.isclose(self.fbeta, self.best_fbeta, rtol=0, atol=1e-12)]

    def __str__(self) -> str:
        i = int(np.flatnonzero(self.k == self.best_k)[0])
        others = [int(k) for k in self.tied_k if k != self.best_k]
        tie = f"  (tied with cut {', '.join(map(str, others))})" if others else ""
        return (f"beta = {self.beta:.3f}  (weight on recall w = {self.w:.3f})\n"
                f"best cut k = {self.best_k}: P = {self.precision[i]:.4f}, R = {self.recall[i]:.4f}, "
                f"F_beta = {self.best_fbeta:.4f}{tie}")


def _fbeta_state(table, beta: float) -> FBetaState:
    """F-beta at every cut 1..K of ``table`` (from :func:`learnmetrics.fbeta_curve`) and the
    best cut (first of the maxima), with the weighted arithmetic and geometric means of
    P and R for comparison (view logic)."""
    f = np.asarray(_curves.fbeta_curve(table, beta=float(beta)), dtype=float)[1:]
    beta = float(beta)
    b2 = beta * beta
    p = np.asarray(table.precision, dtype=float)[1:]
    r = np.asarray(table.recall, dtype=float)[1:]
    w = b2 / (1 + b2)
    arith = (1 - w) * p + w * r
    with np.errstate(divide="ignore", invalid="ignore"):
        geo = np.where((p > 0) & (r > 0), p ** (1 - w) * r ** w, 0.0)
    ks = np.arange(1, len(table))
    i = int(np.nanargmax(f)) if np.isfinite(f).any() else 0
    return FBetaState(beta=beta, w=w, k=ks, recall=r, precision=p, fbeta=f, arithmetic=arith, geometric=geo,
                      best_k=int(ks[i]) if ks.size else 0, best_fbeta=float(f[i]) if f.size else float("nan"))


class FBetaExplorer(Explorer):
    """How F-beta weighs precision against recall, for the cuts of one ranked list.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n_samples,)
    beta : float, default=1.0
        Initial beta, in [0.1, 10] (beta < 1: precision matters more; beta > 1:
        recall matters more). The slider offers 21 values evenly spaced on a log
        scale (0.1, 0.13, 0.16, 0.2, 0.25, ..., 5, 6.3, 7.9, 10) and ``beta``;
        from code ``slider.value`` takes any beta in [0.1, 10].
    pos_label, sample_weight : passed to :func:`learnmetrics.stepping_table`.

    Attributes
    ----------
    slider : GridSlider
    state : FBetaState
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = (
        'Precision and recall at each cut of a ranked list with the curves of equal F-beta, and F-beta '
        'along the list; the slider sets beta; the best cut is marked.')

    figsize = (9.6, 5.0)   # 980 px stored: legible on an 800 px page (issue 35)
    readout_width = "250px"
    levels = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)

    def __init__(self, y_true, y_score, *, beta=1.0, pos_label=None, sample_weight=None):
        y_true, y_score, _ = _checked_binary(y_true, y_score, pos_label, sample_weight)
        beta = check_real(beta, "beta", low=0.1, high=10)  # the slider's range
        self.table = _curves.stepping_table(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
        if len(self.table) < 2:
            raise ValueError("y_score needs at least one cut point")
        # 21 values, 10**(i/10) to two significant digits (0.2, 0.5, 1, 2, 5 among them), each frame
        # drawn ahead (see Explorer); from code any beta in [0.1, 10] is accepted
        self.slider = GridSlider(log_grid(-1, 1, beta, positions=21), value=beta, description="β",
                                 readout_format=".2f", continuous_update=True, layout=widgets.Layout(width="420px"))
        super().__init__([self.slider])

    def setup_figure(self, fig) -> None:
        gs = fig.add_gridspec(1, 2, width_ratios=[1, 1.35], left=0.065, right=0.98, top=0.91, bottom=0.25, wspace=0.2)
        ax_sq = fig.add_subplot(gs[0, 0])
        ax_k = fig.add_subplot(gs[0, 1])
        self.axes = {"square": ax_sq, "list": ax_k}
        t = self.table
        # background: F-beta over the (R, P) square, updated with set_data
        g = np.linspace(0.0025, 0.9975, 200)
        self._R, self._P = np.meshgrid(g, g)
        # F-beta over the square: an ordered quantity, in the course's sequential map, faint
        self.field = ax_sq.imshow(np.zeros_like(self._R), origin="lower", extent=(0, 1, 0, 1),
                                  cmap=style.SEQUENTIAL, vmin=0, vmax=1, alpha=0.3, interpolation="bilinear",
                                  zorder=0)
        style_pr_axes(ax_sq)
        self.iso_lines, self.iso_texts = plot_iso_f(ax_sq, self.levels, beta=1.0, color="0.3")
        self.curve_line = plot_pr_steps(ax_sq, t.recall, t.precision, color=CURVE_COLOR, lw=1.4, ms=4.5)
        (self.best_pt,) = ax_sq.plot([], [], **style.CUT_POINT)
        self.sq_title = _title(ax_sq)
        # along the list: the three weighted means (the harmonic one, F-beta, in the curve's colour)
        ks = np.arange(1, len(t))
        # P and R thin grey, labelled on their lines; the two other means one-off looks (not the
        # learners' reserved green and purple, not the reference's grey dashed)
        (l_p,) = ax_k.plot(ks, np.asarray(t.precision)[1:], color="0.55", lw=1.1, ls="-", marker="v", ms=3)
        (l_r,) = ax_k.plot(ks, np.asarray(t.recall)[1:], color="0.55", lw=1.1, ls="-", marker="^", ms=3)
        for line, name in ((l_p, "P"), (l_r, "R")):
            ax_k.annotate(name, (ks[-1], line.get_ydata()[-1]), xytext=(-3, 5), textcoords="offset points",
                          va="bottom", ha="right", fontsize=10, color="0.3", annotation_clip=False)
        (self.l_arith,) = ax_k.plot([], [], lw=1.6, label="weighted arithmetic", **style.pair_style(0),
                                    alpha=0.75)
        (self.l_geo,) = ax_k.plot([], [], lw=1.8, label="weighted geometric", **style.pair_style(1))
        (self.l_harm,) = ax_k.plot([], [], color=CURVE_COLOR, lw=2.6, marker="o", ms=3.5,
                                   label="weighted harmonic = Fβ")
        self.best_line = ax_k.axvline(1, **style.CUT_LINE)
        ax_k.set_xlim(0.5, len(t) - 0.5)
        ax_k.set_ylim(0, 1.05)
        ax_k.set_xlabel("cut k (the top k examples predicted positive)")
        ax_k.grid(alpha=0.25)
        ax_k.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.4, -0.16), ncol=3, frameon=False,
                    columnspacing=0.8, handlelength=1.8)
        self.k_title = _title(ax_k)

    def dynamic_artists(self) -> list:
        # the field first (it covers the square), then the iso-lines, the curve, the best cut,
        # and the iso-F labels last so that the curve never hides them
        return [self.field, *self.iso_lines, self.curve_line, self.best_pt,
                *self.iso_texts, self.sq_title, self.l_arith, self.l_geo, self.l_harm, self.best_line, self.k_title]

    def compute_state(self, beta):
        return _fbeta_state(self.table, beta)

    def draw(self, state) -> None:
        b2 = state.beta ** 2
        self.field.set_data((1 + b2) * self._P * self._R / (b2 * self._P + self._R))
        # the labels' white boxes leave the P-R curve whole (issue 35: they hid it near a cut dot)
        update_iso_f(self.iso_lines, self.iso_texts, self.levels, state.beta, avoid=self.curve_line.get_xydata())
        i = int(np.flatnonzero(state.k == state.best_k)[0])
        self.best_pt.set_data([state.recall[i]], [state.precision[i]])
        self.sq_title.set_text(f"iso-Fβ curves, β = {state.beta:.2f}; orange: best cut {state.best_k}")
        self.l_arith.set_data(state.k, state.arithmetic)
        self.l_geo.set_data(state.k, state.geometric)
        self.l_harm.set_data(state.k, state.fbeta)
        self.best_line.set_xdata([state.best_k, state.best_k])
        self.k_title.set_text(f"weights: P {1 - state.w:.2f}, R {state.w:.2f};  best Fβ = {state.best_fbeta:.3f} "
                              f"at cut {state.best_k}")

    def describe(self, state) -> str:
        if is_chinese():
            i = int(np.flatnonzero(state.k == state.best_k)[0])
            text = (f"β = {state.beta:.3f}（{term('weight on recall')} w = {state.w:.3f}）\n"
                    f"{term('best')}{term('cut')} k = {state.best_k}：{term('precision')} = {state.precision[i]:.4f}，"
                    f"{term('recall')} = {state.recall[i]:.4f}，F_β = {state.best_fbeta:.4f}")
            others = [int(k) for k in state.tied_k if k != state.best_k]
            if others:   # the same ties as the English read-out, with the same numbers
                text += f"（与截断点 k = {'、'.join(map(str, others))} 持平）"
            return f"<pre style='font-size:11px; line-height:1.3'>{text}</pre>"
        return f"<pre style='font-size:11px; line-height:1.3'>{state}</pre>"
