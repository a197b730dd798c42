"""Drawing rare positives and many labels (chapter 02).

* :class:`PrevalenceView`: the prevalence explorer's figure: the ROC curve
  (which does not move with the share of positives π), the P-R curve at π with
  its baseline P = π, and the measures as bars with the lazy "all negative"
  classifier marked on the bars where it can be compared. Drawn once from a
  :class:`~learnmetrics.imbalance.PrevalenceState`, then moved in place with
  ``update(state)``.
* :func:`plot_multilabel_averages`: where micro, macro and samples averages
  come from, for a multi-label indicator matrix.

Nothing here computes a measure: the numbers come from
:mod:`learnmetrics.imbalance` and :mod:`learnmetrics.classification`.
Colours follow :mod:`learnmetrics.plotting.style`: the classifier's cut point
orange (``style.CUT_POINT``, never clipped), the P-R curve drawn as chapter 03 teaches
(:func:`~learnmetrics.plotting.curves.plot_pr_steps`), the random classifier grey dashed
(``style.DIAGONAL``) and labelled on its line; bars neutral grey.
"""
from __future__ import annotations

import numpy as np

from .._validation import as_scores
from ..imbalance import PrevalenceState
from . import style
from .curves import plot_pr_steps, plot_reference, plot_roc_steps, style_pr_axes, style_roc_axes, update_pr_curve

__all__ = ["PrevalenceView", "PREVALENCE_BARS", "plot_multilabel_averages"]

#: the bars of :class:`PrevalenceView`: (attribute of the state, label, moves with π?, lazy model's attribute)
PREVALENCE_BARS = (
    ("tpr", "recall = TPR", False, None),
    ("balanced_accuracy", "balanced acc.", False, "lazy_balanced_accuracy"),
    ("precision", "precision P", True, None),
    ("f1", "F1", True, None),
    ("accuracy", "accuracy", True, "lazy_accuracy"),
    ("mcc", "MCC", True, "lazy_mcc"),
)
_BAR_STILL = "0.55"   # a measure that does not move with the prevalence
_BAR_MOVES = "0.80"   # one that does (also hatched: not colour alone)
FONT = 9


def _check_state(state):
    if not isinstance(state, PrevalenceState):
        raise TypeError(f"state must be a PrevalenceState (learnmetrics.imbalance.prevalence_state), "
                        f"got {type(state).__name__}")
    return state


class PrevalenceView:
    """The prevalence explorer's three panels, drawn from one state and moved in place.

    Parameters
    ----------
    ax_roc, ax_pr, ax_bars : matplotlib Axes
    state : PrevalenceState
        The state drawn first (:func:`learnmetrics.imbalance.prevalence_state`).

    Attributes
    ----------
    dynamic : list
        The artists :meth:`update` moves (the rest is static: the ROC panel
        never changes).

    Example
    -------
    >>> from learnmetrics.imbalance import prevalence_state           # doctest: +SKIP
    >>> fig, axes = plt.subplots(1, 3, figsize=(10.5, 3.9))          # doctest: +SKIP
    >>> view = PrevalenceView(*axes, prevalence_state(y, s, 0.5))    # doctest: +SKIP
    >>> view.update(prevalence_state(y, s, 0.01))                    # doctest: +SKIP
    """

    def __init__(self, ax_roc, ax_pr, ax_bars, state):
        state = _check_state(state)
        self.axes = (ax_roc, ax_pr, ax_bars)
        # 1. ROC: the same at every prevalence
        style_roc_axes(ax_roc, book_terms=False)
        diagonal = plot_reference(ax_roc, "roc", which=("random",), legend_labels=False)["random"]
        plot_roc_steps(ax_roc, state.roc_fpr, state.roc_tpr, ms=3)
        fpr, tpr = state.roc_point
        ax_roc.plot([fpr], [tpr], **style.CUT_POINT)
        ax_roc.set_title(f"ROC: AUC = {state.roc_auc:.3f}\nthe same at every π", fontsize=10)
        # the random classifier labelled on its own line (below it: the curve runs above)
        style.label_line(ax_roc, diagonal, "random guess", x=0.72, above=False, fontsize=FONT)
        ax_roc.tick_params(labelsize=FONT)
        # 2. P-R at the current prevalence, with its baseline
        style_pr_axes(ax_pr, book_terms=False)
        self._pr = plot_pr_steps(ax_pr, [0.0], [np.nan], ms=3)
        (self._baseline,) = ax_pr.plot([0, 1], [0, 0], **style.DIAGONAL)
        # the random classifier's line, labelled on the line (it moves with π, so does its label)
        self._baseline_label = ax_pr.text(0.03, 0, "", ha="left", va="bottom", fontsize=FONT, color=style.REFERENCE,
                                          bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.8))
        (self._pr_point,) = ax_pr.plot([], [], **style.CUT_POINT)
        # a text artist of its own (not ax.set_title): it is redrawn alone on the static background
        self._pr_title = ax_pr.text(0.5, 1.04, "", transform=ax_pr.transAxes, ha="center", va="bottom",
                                    fontsize=10)
        ax_pr.tick_params(labelsize=FONT)
        # 3. the measures as bars; the lazy classifier as a grey dashed tick where comparable
        n = len(PREVALENCE_BARS)
        self._bars = ax_bars.barh(range(n), np.zeros(n), height=0.62,
                                  color=[_BAR_MOVES if moves else _BAR_STILL for _, _, moves, _ in PREVALENCE_BARS],
                                  edgecolor="0.25", linewidth=0.6)
        for bar, (_, _, moves, _) in zip(self._bars, PREVALENCE_BARS):
            if moves:
                bar.set_hatch("///")
        # the values in a column of their own, right of the scale: never under a bar's end or a lazy tick
        self._bar_text = [ax_bars.text(1.08, i, "", va="center", ha="left", fontsize=FONT) for i in range(n)]
        self._lazy = {}
        for i, (_, _, _, lazy) in enumerate(PREVALENCE_BARS):
            if lazy is not None:
                (self._lazy[i],) = ax_bars.plot([0, 0], [i - 0.42, i + 0.42], color="black", lw=2.0, ls=(0, (2, 1)))
        ax_bars.set_yticks(range(n), [f"{label}{'' if moves else ' *'}" for _, label, moves, _ in PREVALENCE_BARS],
                           fontsize=FONT)
        ax_bars.invert_yaxis()
        ax_bars.set_xlim(-0.25, 1.38)
        ax_bars.set_xticks([0, 0.5, 1])
        ax_bars.axvline(0, color="0.3", lw=0.8)
        ax_bars.tick_params(axis="x", labelsize=FONT)
        ax_bars.spines[["top", "right"]].set_visible(False)
        ax_bars.set_title("measures (* = same at every π)", fontsize=10)
        ax_bars.text(1.0, -0.12, "┆ lazy model (all negative)", transform=ax_bars.transAxes, ha="right",
                     va="top", fontsize=FONT)
        self.dynamic = [self._pr, self._baseline, self._baseline_label, self._pr_point,
                        self._pr_title, *self._bars, *self._bar_text, *self._lazy.values()]
        self.update(state)

    def update(self, state) -> None:
        """Move the P-R panel and the bars to ``state`` (the ROC panel stays)."""
        state = _check_state(state)
        update_pr_curve(self._pr, state.pr_recall, state.pr_precision)   # the course's P-R drawing (03)
        b = state.baseline
        self._baseline.set_ydata([b, b])
        self._baseline_label.set_text("random guess")     # short: it fits left of the first drop
        self._baseline_label.set_position((0.03, b + (0.015 if b < 0.8 else -0.015)))
        self._baseline_label.set_va("bottom" if b < 0.8 else "top")
        rr, pp = state.pr_point
        self._pr_point.set_data(([rr], [pp]) if np.isfinite(pp) else ([], []))
        self._pr_title.set_text(f"P-R at π = {state.prevalence:.3f}: AP = {state.average_precision:.3f}\n"
                                f"random guess (dashed): P = π = {b:.3f}")
        for i, (name, _, _, lazy) in enumerate(PREVALENCE_BARS):
            v = float(getattr(state, name))
            self._bars[i].set_width(v)
            self._bar_text[i].set_text(f"{v:.3f}")
            if lazy is not None:
                lv = float(getattr(state, lazy))
                self._lazy[i].set_xdata([lv, lv])


def plot_multilabel_averages(ax, per_label, micro, per_sample, samples, *, label_names=None, measure="F1",
                             title=None):
    """Where the three averages of a multi-label measure come from, on one axis.

    Three columns: *per label* (one bar per label, their mean is **macro**),
    *pooled* (one bar, the measure of the counts pooled over every label,
    **micro**) and *per example* (one dot per example, their mean is
    **samples**). Each average is a black line with its value written on it.

    Parameters
    ----------
    ax : matplotlib Axes
    per_label : array-like of shape (n_labels,)
        The measure of each label (``f1_score(Y, P, average=None)``).
    micro : float
        ``average="micro"``.
    per_sample : array-like of shape (n_samples,)
        The measure of each example's row of labels.
    samples : float
        ``average="samples"`` (the mean of ``per_sample``).
    label_names : list of str, optional
        Names of the labels (default "label 0", "label 1", ...).
    measure : str, default="F1"
        The measure's name, for the axis label.
    title : str, optional

    Returns
    -------
    dict of artists.
    """
    per_label = as_scores(per_label, "per_label")
    per_sample = as_scores(per_sample, "per_sample")
    micro = float(as_scores([micro], "micro")[0])
    samples = float(as_scores([samples], "samples")[0])
    if label_names is None:
        label_names = [f"label {j}" for j in range(per_label.size)]
    label_names = [str(n) for n in label_names]
    if len(label_names) != per_label.size:
        raise ValueError(f"label_names must name the {per_label.size} labels, got {len(label_names)}")
    if not isinstance(measure, str):
        raise TypeError(f"measure must be a string, got {type(measure).__name__}")
    out = {}
    k = per_label.size
    xs = np.arange(k)
    out["labels"] = ax.bar(xs, per_label, width=0.7, color="0.75", edgecolor="0.25", linewidth=0.6)
    for x, v in zip(xs, per_label):
        ax.text(x, v + 0.02, f"{v:.3f}", ha="center", va="bottom", fontsize=FONT)
    macro = float(per_label.mean())
    x_pool = k + 0.6
    out["micro"] = ax.bar([x_pool], [micro], width=0.7, color="0.75", edgecolor="0.25", linewidth=0.6, hatch="///")
    x_s = k + 2.0
    # a dot plot: the examples with the same value side by side, so that every one is seen and counted
    offsets = np.zeros(per_sample.size)
    values = np.round(per_sample, 9)
    for v in np.unique(values):
        idx = np.flatnonzero(values == v)
        offsets[idx] = (np.arange(idx.size) - (idx.size - 1) / 2) * min(0.09, 0.9 / max(idx.size, 1))
    out["per_sample"] = ax.scatter(x_s + offsets, per_sample, s=22, facecolor="white", edgecolor="0.2",
                                   linewidth=1.0, zorder=3, marker="D")
    lines = [(-0.45, k - 0.55, macro, "macro"), (x_pool - 0.45, x_pool + 0.45, micro, "micro"),
             (x_s - 0.45, x_s + 0.45, samples, "samples")]
    for x0, x1, v, name in lines:
        out[name] = ax.plot([x0, x1], [v, v], color="black", lw=2.2, zorder=4)[0]
        ax.text(x1 + 0.05, v, f"{name}\n{v:.3f}", ha="left", va="center", fontsize=FONT)
    ax.set_xticks([*xs, x_pool, x_s], [*label_names, "pooled\ncounts", "per\nexample"], fontsize=FONT)
    ax.set_xlim(-0.6, x_s + 1.2)
    ax.set_ylim(-0.05, 1.15)
    ax.set_ylabel(measure, fontsize=FONT)
    ax.tick_params(axis="y", labelsize=FONT)
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)
    return out
