"""Drawing the confusion matrix: the book's layout and scikit-learn's.

The book (table 2.1) puts the *positive* class first: rows are the truth
(真实情况), columns the prediction (预测结果)::

                 predicted +   predicted -
    actual +        TP            FN
    actual -        FP            TN

scikit-learn's ``confusion_matrix`` orders rows and columns by the sorted
labels, so with labels 0/1 the negative class comes first::

                 predicted 0   predicted 1
    actual 0        TN            FP
    actual 1        FN            TP

Same four numbers, different places: always read the axis labels.

Counts are drawn as a heat map in the course's ordered-quantity map
(``style.SEQUENTIAL``, cividis) with the number printed in every cell, so the
colour is never the only cue.
"""
from __future__ import annotations

import numbers

import numpy as np

from .._validation import as_scores, check_bool, check_real
from ..classification import BinaryCounts, macro_micro, rates
from . import style

__all__ = [
    "book_layout", "sklearn_layout", "ConfusionMatrixArtist", "draw_confusion_matrix", "plot_macro_micro",
    "plot_measures_vs_threshold", "plot_threshold_views", "plot_no_skill_measures", "POS_COLOR", "NEG_COLOR",
]

#: the course's colours for a positive and a negative example (kept under these names
#: for the modules that import them; they are ``style.POSITIVE`` and ``style.NEGATIVE``)
POS_COLOR = style.POSITIVE
NEG_COLOR = style.NEGATIVE


def _counts(counts, name: str = "counts") -> BinaryCounts:
    if isinstance(counts, BinaryCounts):
        return counts
    if all(hasattr(counts, a) for a in ("tp", "fp", "fn", "tn")):
        return BinaryCounts(counts.tp, counts.fp, counts.fn, counts.tn)
    raise TypeError(f"{name} must be a BinaryCounts (or have tp, fp, fn, tn attributes), "
                    f"got {type(counts).__name__}")


def book_layout(counts) -> np.ndarray:
    """[[TP, FN], [FP, TN]] from anything with ``tp, fp, fn, tn`` attributes."""
    c = _counts(counts)
    return np.array([[c.tp, c.fn], [c.fp, c.tn]])


def sklearn_layout(counts) -> np.ndarray:
    """[[TN, FP], [FN, TP]]: scikit-learn's order for labels (0, 1)."""
    c = _counts(counts)
    return np.array([[c.tn, c.fp], [c.fn, c.tp]])


def _check_matrix(matrix, name: str = "matrix") -> np.ndarray:
    try:
        arr = np.asarray(matrix)
    except Exception as exc:  # ragged lists
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold numbers (counts or rates), got values of type {arr.dtype}")
    if arr.ndim != 2 or 0 in arr.shape:
        raise ValueError(f"{name} must be a non-empty 2-D table (rows = actual, columns = predicted), "
                         f"got shape {arr.shape}")
    arr = arr.astype(float)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must not contain NaN or infinity")
    if (arr < 0).any():
        raise ValueError(f"{name} holds counts or rates, which cannot be negative (found {arr[arr < 0][0]!r})")
    return arr


def _check_names(names, n: int, name: str, what: str) -> list:
    if isinstance(names, (str, bytes)) or not hasattr(names, "__len__"):
        raise TypeError(f"{name} must be a list of {n} {what}, got {type(names).__name__} {names!r}")
    names = list(names)
    if len(names) != n:
        raise ValueError(f"{name} must have one entry per {what} ({n}), got {len(names)}")
    return [str(v) for v in names]


def _text_color(rgba) -> str:
    r, g, b = rgba[:3]
    return "black" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "white"


class ConfusionMatrixArtist:
    """A confusion matrix drawn once and updated in place (for explorers).

    Use :func:`draw_confusion_matrix`, which checks its arguments."""

    def __init__(self, ax, matrix, *, row_labels, col_labels, cell_names=None, title=None,
                 cmap=style.SEQUENTIAL, vmax=None, fmt="{:g}", log_colors=False, fontsize=11):
        from matplotlib.colors import Normalize, SymLogNorm

        matrix = np.asarray(matrix, dtype=float)
        self.ax, self.fmt, self.cell_names = ax, fmt, cell_names
        n_rows, n_cols = matrix.shape
        top = vmax if vmax is not None else max(matrix.max(), 1)
        norm = SymLogNorm(linthresh=1, vmin=0, vmax=top, base=10) if log_colors else Normalize(0, top)
        self.image = ax.imshow(matrix, cmap=cmap, norm=norm)
        ax.set_xticks(range(n_cols), col_labels)
        ax.set_yticks(range(n_rows), row_labels)
        ax.tick_params(length=0)
        ax.set_xlabel("predicted")
        ax.set_ylabel("actual")
        ax.xaxis.set_label_position("top")
        ax.xaxis.tick_top()
        for spine in ax.spines.values():
            spine.set_visible(False)
        self.texts = [
            [ax.text(j, i, "", ha="center", va="center", fontsize=fontsize) for j in range(n_cols)]
            for i in range(n_rows)
        ]
        if title:
            ax.set_title(title, fontsize=10, pad=22 if n_rows <= 2 else 24)
        self.update(matrix)

    def update(self, matrix) -> None:
        """Show new counts (same shape) in place."""
        matrix = _check_matrix(matrix)
        shape = (len(self.texts), len(self.texts[0]))
        if matrix.shape != shape:
            raise ValueError(f"matrix must keep the shape {shape} it was drawn with, got {matrix.shape}")
        self.image.set_data(matrix)
        cmap, norm = self.image.get_cmap(), self.image.norm
        for i, row in enumerate(self.texts):
            for j, text in enumerate(row):
                label = self.fmt.format(matrix[i, j])
                if self.cell_names is not None:
                    label = f"{self.cell_names[i][j]}\n{label}"
                text.set_text(label)
                text.set_color(_text_color(cmap(norm(min(matrix[i, j], norm.vmax)))))


def draw_confusion_matrix(ax, matrix, *, labels=None, row_labels=None, col_labels=None, cell_names=None,
                          title=None, normalize_colors_to=None, fmt="{:g}",
                          log_colors=False) -> ConfusionMatrixArtist:
    """Draw a confusion matrix (rows = actual, columns = predicted) on ``ax``
    as a heat map of the counts (``style.SEQUENTIAL``) with each count printed.

    Parameters
    ----------
    ax : matplotlib Axes
    matrix : array-like of shape (n_rows, n_cols)
        Non-negative counts (or rates).
    labels : list of str, optional
        Names of both axes' classes (a square matrix); or give ``row_labels``
        and ``col_labels`` separately. Default: 0, 1, ...
    cell_names : list of lists of str, optional
        A name printed above each count, e.g. ``[["TP", "FN"], ["FP", "TN"]]``.
    title : str, optional
    normalize_colors_to : positive number, optional
        The count drawn in the brightest colour (default: the largest count).
    fmt : str, default="{:g}"
        How a count is printed.
    log_colors : bool, default=False
        Colour on a logarithmic scale (zero still darkest): for counts that
        span orders of magnitude; say so in the figure.

    Returns
    -------
    ConfusionMatrixArtist
        ``.update(matrix)`` redraws the counts in place.

    Example
    -------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> art = draw_confusion_matrix(ax, [[5, 3], [2, 7]], labels=["+", "-"],
    ...                             cell_names=[["TP", "FN"], ["FP", "TN"]])
    """
    matrix = _check_matrix(matrix)
    n_rows, n_cols = matrix.shape
    if labels is not None:
        if row_labels is not None or col_labels is not None:
            raise ValueError("give either labels or row_labels/col_labels, not both")
        if n_rows != n_cols:
            raise ValueError(f"labels names both axes, so matrix must be square, got shape {matrix.shape}; "
                             "pass row_labels and col_labels")
        row_labels = col_labels = _check_names(labels, n_rows, "labels", "class")
    row_labels = ([str(i) for i in range(n_rows)] if row_labels is None
                  else _check_names(row_labels, n_rows, "row_labels", "row"))
    col_labels = ([str(j) for j in range(n_cols)] if col_labels is None
                  else _check_names(col_labels, n_cols, "col_labels", "column"))
    if cell_names is not None:
        if isinstance(cell_names, (str, bytes)) or not hasattr(cell_names, "__len__") or len(cell_names) != n_rows:
            raise ValueError(f"cell_names must be a list of {n_rows} rows of {n_cols} names, got {cell_names!r}")
        cell_names = [_check_names(r, n_cols, f"cell_names[{i}]", "column") for i, r in enumerate(cell_names)]
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string or None, got {type(title).__name__}")
    if normalize_colors_to is not None:
        normalize_colors_to = check_real(normalize_colors_to, "normalize_colors_to", low=0, low_open=True)
    if not isinstance(fmt, str):
        raise TypeError(f"fmt must be a format string such as '{{:g}}', got {type(fmt).__name__}")
    try:
        fmt.format(1.0)
    except (IndexError, KeyError, ValueError) as exc:
        raise ValueError(f"fmt must format one number, such as '{{:g}}' or '{{:.2f}}', got {fmt!r} ({exc})") from None
    log_colors = check_bool(log_colors, "log_colors")
    return ConfusionMatrixArtist(ax, matrix, row_labels=row_labels, col_labels=col_labels, cell_names=cell_names,
                                 title=title, vmax=normalize_colors_to, fmt=fmt, log_colors=log_colors)


def plot_macro_micro(ax_classes, ax_pooled, counts_list, *, class_names=None, title=None):
    """Macro vs micro averaging in one picture: the per-class F1 as bars (their mean,
    the macro-F1, as a dashed line) beside the pooled counts that give the micro-F1.

    .. math::
        \\text{macro-}F1 = \\frac1n \\sum_i F1_i, \\qquad
        \\text{micro-}F1 = \\frac{2\\sum_i TP_i}{2\\sum_i TP_i + \\sum_i FP_i + \\sum_i FN_i}

    (macro-F1 here is the mean of the per-class F1, as in scikit-learn and note
    002; the book's F1 of macro-P and macro-R is ``lm.macro_micro(...).macro_f1``).
    A class with no true and no predicted example (F1 = 0/0) counts as 0.

    Parameters
    ----------
    ax_classes, ax_pooled : matplotlib Axes
        Where the per-class bars and the pooled counts are drawn.
    counts_list : list of BinaryCounts
        One-vs-rest counts, one per class (``lm.one_vs_rest_counts``).
    class_names : list of str, optional
        Default: "class 0", "class 1", ...
    title : str, optional
        Written above the per-class panel.

    Returns
    -------
    MacroMicro
        The averages drawn (``lm.macro_micro(counts_list, zero_division=0.0)``).
    """
    if isinstance(counts_list, BinaryCounts) or not hasattr(counts_list, "__len__"):
        raise TypeError(f"counts_list must be a list of BinaryCounts, got {type(counts_list).__name__}")
    counts_list = [_counts(c, f"counts_list[{i}]") for i, c in enumerate(counts_list)]
    if not counts_list:
        raise ValueError("counts_list is empty: at least one class is needed")
    n = len(counts_list)
    class_names = ([f"class {i}" for i in range(n)] if class_names is None
                   else _check_names(class_names, n, "class_names", "class"))
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string or None, got {type(title).__name__}")
    avg = macro_micro(counts_list, zero_division=0.0)
    f1 = np.array([rates(c, zero_division=0.0).f1 for c in counts_list])
    # per-class F1: one bar per class, its F1 written beside it
    y = np.arange(n)
    ax_classes.barh(y, f1, color="0.75", edgecolor="black", height=0.6)
    for i, v in enumerate(f1):  # the value inside a long bar, beside a short one
        inside = v > 0.25
        ax_classes.text(v - 0.02 if inside else v + 0.02, i, f"{v:.3f}", va="center",
                        ha="right" if inside else "left", fontsize=9, zorder=4,
                        bbox=dict(fc="0.75" if inside else "white", ec="none", pad=0.5))
    ax_classes.set_yticks(y, [f"{name}\n({c.positives:g} ex.)" for name, c in zip(class_names, counts_list)],
                          fontsize=9)
    ax_classes.invert_yaxis()
    ax_classes.axvline(avg.macro_f1_mean_of_f1, color="black", ls="--", lw=1.5, zorder=3)
    ax_classes.text(avg.macro_f1_mean_of_f1, n - 0.35, f"macro-F1 = mean = {avg.macro_f1_mean_of_f1:.3f}",
                    ha="center", va="bottom", fontsize=9, bbox=dict(fc="white", ec="none", pad=1))
    ax_classes.set_xlim(0, 1.18)
    ax_classes.set_ylim(n - 0.1, -0.6)
    ax_classes.set_xticks([0, 0.5, 1])
    ax_classes.set_xlabel("F1 of each class (one vote per class)", fontsize=9)
    ax_classes.spines[["top", "right"]].set_visible(False)
    if title:
        ax_classes.set_title(title, fontsize=10, loc="left")
    # pooled counts: sum TP, FP, FN over the classes, then one F1
    tp = sum(c.tp for c in counts_list)
    fp = sum(c.fp for c in counts_list)
    fn = sum(c.fn for c in counts_list)
    vals = [tp, fp, fn]
    # each pooled bar stacked by class (shade and hatch tell the classes apart), so the
    # share of a small class in the pool is seen
    shades, hatches = ("0.45", "0.7", "0.92"), ("", "//", "xx")
    left = np.zeros(3)
    for k, (name, c) in enumerate(zip(class_names, counts_list)):
        part = np.array([c.tp, c.fp, c.fn], dtype=float)
        ax_pooled.barh(range(3), part, left=left, color=shades[k % 3], hatch=hatches[(k // 3 + k) % 3],
                       edgecolor="black", lw=0.8, height=0.6, label=name)
        left += part
    top = max(vals) if max(vals) > 0 else 1
    for i, v in enumerate(vals):
        ax_pooled.text(v + 0.02 * top, i, f"{v:g}", va="center", fontsize=9)
    if n <= 6:
        ax_pooled.legend(fontsize=9, loc="lower right", title="class", title_fontsize=9, frameon=False)
    ax_pooled.set_yticks(range(3), ["ΣTP", "ΣFP", "ΣFN"], fontsize=9)
    ax_pooled.invert_yaxis()
    ax_pooled.set_xlim(0, 1.25 * top)
    ax_pooled.set_xlabel("counts pooled over the classes (one vote per example)", fontsize=9)
    ax_pooled.spines[["top", "right"]].set_visible(False)
    ax_pooled.set_title(f"micro-F1 = 2ΣTP / (2ΣTP + ΣFP + ΣFN) = {avg.micro_f1:.3f}", fontsize=10, loc="left")
    return avg


#: the four measures of :func:`plot_measures_vs_threshold`: name, line style, where its label sits
_MEASURES = (("precision P", "-"), ("recall R", "--"), ("F1", ":"), ("accuracy", "-."))


def plot_measures_vs_threshold(ax, y_true, y_score, *, threshold=None, pos_label=1):
    """Precision, recall, F1 and accuracy as functions of the threshold ("predict positive when
    the score is at least t"), as steps: each changes only where t passes a score.

    The four are one-off lines, so they share the single-learner colour (``style.CURVE``) and
    tell themselves apart by line style and by their names written on them (each name beside its
    line where no other line or name passes, clear of the current cut: read in grey as in
    colour, with no legend to look up); the scores sit under the curves in two rows, in the class colours and markers (positives above); ``threshold`` (optional) is the
    current cut, an orange line (``style.CUT_LINE``). Precision where nothing is predicted
    positive (0/0) is not drawn. Returns ``{name: Line2D}``.
    """
    from ..classification import threshold_state
    from .._validation import as_labels

    y_true = as_labels(y_true, "y_true")
    y_score = as_scores(y_score, "y_score")
    if y_true.shape != y_score.shape:
        raise ValueError(f"y_true and y_score must have the same length, got {y_true.size} and {y_score.size}")
    s = np.unique(y_score)
    # one t per step: each score (predicted positive from there down) and just above the largest
    ts = np.r_[s, s[-1] + 0.04 * max(s[-1] - s[0], 1e-9)]
    states = [threshold_state(y_true, y_score, float(t), pos_label=pos_label) for t in ts]
    values = {
        "precision P": [st.precision if st.counts.predicted_positives else np.nan for st in states],
        "recall R": [st.recall for st in states],
        "F1": [st.f1 for st in states],
        "accuracy": [st.accuracy for st in states],
    }
    lo = min(0.0, s[0] - 0.04)
    x = np.r_[lo, ts]
    lines = {}
    for (name, ls) in _MEASURES:
        v = np.asarray(values[name], dtype=float)
        y = np.r_[v[0], v]        # on (x[i-1], x[i]] the value at x[i]: a score >= t is predicted positive
        lines[name], = ax.step(x, y, where="pre", color=style.CURVE, ls=ls, lw=1.8, label=name)
    pos = y_true == pos_label
    # the scores in two rows under the curves, each in its class's colour *and* marker (colour is
    # never the only cue; close scores of the two classes, 0.406 and 0.407, stay apart)
    for mask, y_row, positive in ((pos, -0.05, True), (~pos, -0.12, False)):
        cs = style.class_style(positive)
        ax.plot(y_score[mask], np.full(mask.sum(), y_row), ls="none", marker=cs["marker"], color=cs["color"],
                mec="black", mew=0.5, ms=5, clip_on=False, zorder=6)   # over the cut line: a score at t shows
    if threshold is not None:
        threshold = check_real(threshold, "threshold")
        ax.axvline(threshold, **style.CUT_LINE)
    ax.set_xlim(lo, ts[-1])
    ax.set_ylim(-0.16, 1.05)
    ax.set_yticks(np.linspace(0, 1, 6))
    _label_steps(ax, x, {name: np.r_[np.asarray(v, float)[0], np.asarray(v, float)] for name, v in values.items()},
                 avoid_x=threshold)
    ax.set_xlabel("threshold t (predict positive when score ≥ t)")
    ax.set_ylabel("value at threshold t")
    return lines


def _label_steps(ax, x, ys, *, avoid_x=None, fontsize=9, ylim=(0.0, 1.04)):
    """Write each step line's name beside it (issue 35: four near-black lines told apart only by a
    legend): for each line in turn, the place along it (just above or just below) whose box no line
    and no name already written crosses, farthest from them, clear of the vertical line at ``avoid_x``.
    ``ys[name][i]`` holds on (x[i-1], x[i]] (steps "pre")."""
    from matplotlib.transforms import Bbox

    grid = np.linspace(x[0], x[-1], 481)
    idx = np.clip(np.searchsorted(x, grid, side="left"), 0, len(x) - 1)
    at = {name: np.asarray(v, dtype=float)[idx] for name, v in ys.items()}
    fig_w, _ = ax.figure.get_size_inches()
    ax_px = ax.get_position().width * fig_w * 72          # the axes' width in points
    span_x = (x[-1] - x[0])
    y0_lim, y1_lim = ax.get_ylim()
    ax_h = ax.get_position().height * ax.figure.get_size_inches()[1] * 72
    h = 1.25 * fontsize / ax_h * (y1_lim - y0_lim)        # a name's height in data units
    gap = 0.3 * h
    boxes = []                                            # the names written so far (display boxes)
    to_px = ax.transData.transform
    avoid = [] if avoid_x is None else [style.clear_of_verticals(ax, [avoid_x], 0.01 * (to_px((span_x, 0))[0]
                                                                                       - to_px((0, 0))[0]))]
    for name in ys:
        w = (0.62 * fontsize * len(name) + 6) / ax_px * span_x
        candidates = []
        for c in grid[::4]:
            x0, x1 = c - w / 2, c + w / 2
            if x0 < grid[0] or x1 > grid[-1]:
                continue
            win = (grid >= x0) & (grid <= x1)
            own = at[name][win]
            if np.isnan(own).any():
                continue
            others = np.concatenate([v[win] for n, v in at.items() if n != name])
            others = others[~np.isnan(others)]
            for above in (True, False):
                b0 = own.max() + gap if above else own.min() - gap - h
                b1 = b0 + h
                if b0 < ylim[0] or b1 > ylim[1]:
                    continue
                # the box is estimated from the name's length (the text is written once its place is chosen)
                (px0, py0), (px1, py1) = to_px([(x0, b0), (x1, b1)])
                candidates.append(dict(position=(c, (b0 + b1) / 2), box=Bbox.from_extents(px0, py0, px1, py1),
                                       b=(b0, b1), others=others, own=own))
        # no other line within 0.3 gap of the box (a vertical margin in pixels), no name written, not the cut
        (_, p0), (_, p1) = to_px([(0, 0), (0, 0.3 * gap)])
        lines = [style.clear_of_points(ax, np.column_stack([grid, v]), (0.0, abs(p1 - p0)))
                 for n, v in at.items() if n != name]

        def score(cand, box):
            # clearance: the nearest other line in the window, above or below the box; a flat stretch of its own
            # line reads best
            (b0, b1), others, own = cand["b"], cand["others"], cand["own"]
            clear = np.min(np.minimum(np.abs(others - b0), np.abs(others - b1))) if others.size else 1.0
            return min(clear, 0.3) - 0.5 * (own.max() - own.min())

        text = ax.text(grid[0], 0.0, name, ha="center", va="center", fontsize=fontsize, color=style.CURVE, zorder=4)
        got = style.place_clear(ax, text, candidates, avoid=[*avoid, *lines, style.clear_of_boxes(boxes)], score=score)
        if got is None:
            text.remove()
        else:
            boxes.append(got[1])


def plot_threshold_views(ax_scores, ax_roc, ax_pr, y_true, y_score, threshold, *, bin_width=0.05, pos_label=1,
                         names=("positive", "negative")):
    """One threshold seen three ways (MLU-Explain's central picture): both classes' scores on one
    axis (a dot plot: positives above the line, negatives below, one dot per example at its score,
    stacked when scores share a bin of ``bin_width``) with the threshold as the orange cut line; the ROC curve with the
    threshold's point (FPR, TPR); the P-R curve (drawn as chapter 03 teaches,
    :func:`~learnmetrics.plotting.curves.plot_pr_steps`) with its point (R, P). The points are
    ``style.CUT_POINT`` (orange, never clipped). Returns the ``ThresholdState``."""
    from ..classification import threshold_state
    from ..curves import precision_recall_curve, roc_curve
    from .._validation import as_labels
    from .curves import plot_pr_steps, plot_roc_steps, style_pr_axes, style_roc_axes

    y_true = as_labels(y_true, "y_true")
    y_score = as_scores(y_score, "y_score")
    if y_true.shape != y_score.shape:
        raise ValueError(f"y_true and y_score must have the same length, got {y_true.size} and {y_score.size}")
    threshold = check_real(threshold, "threshold")
    bin_width = check_real(bin_width, "bin_width", low=0, low_open=True)
    st = threshold_state(y_true, y_score, threshold, pos_label=pos_label)
    pos = y_true == pos_label
    # 1. the dot plot
    bins = np.floor(y_score / bin_width + 1e-9)
    height = 0
    for mask, sign, positive in ((pos, 1, True), (~pos, -1, False)):
        cs = style.class_style(positive)
        b = bins[mask]
        order = np.argsort(b, kind="stable")
        level = np.zeros(b.size)
        for value in np.unique(b):
            idx = order[b[order] == value]
            level[idx] = np.arange(idx.size)
        height = max(height, int(level.max()) + 1 if level.size else 0)
        # each dot at its own score (so it sits on its true side of any threshold), stacked within its bin
        ax_scores.scatter(y_score[mask], sign * (level + 0.6), s=46, c=cs["color"], marker=cs["marker"],
                          edgecolors="black", linewidths=0.6, zorder=6)   # over the cut line: a score at t shows
    ax_scores.axhline(0, color="0.3", lw=0.8)
    ax_scores.axvline(threshold, **style.CUT_LINE)
    lim = height + 0.8
    ax_scores.set_ylim(-lim, lim)
    ax_scores.set_yticks([lim / 2, -lim / 2], [f"{names[0]}\n(+)", f"{names[1]}\n(−)"], fontsize=9)
    ax_scores.tick_params(axis="y", length=0)
    ax_scores.set_xlim(min(0.0, y_score.min()), max(1.0, y_score.max() + bin_width))
    ax_scores.set_xlabel("score (predicted + right of the orange cut)")
    ax_scores.spines[["top", "right", "left"]].set_visible(False)
    # 2. ROC with the point
    fpr, tpr, _ = roc_curve(y_true, y_score, pos_label=pos_label)
    style_roc_axes(ax_roc, book_terms=False)
    (diagonal,) = ax_roc.plot([0, 1], [0, 1], **style.DIAGONAL)
    plot_roc_steps(ax_roc, fpr, tpr, ms=3)
    ax_roc.plot([st.fpr], [st.tpr], **style.CUT_POINT)
    style.label_line(ax_roc, diagonal, "random guess", x=0.72, above=False, fontsize=9)
    # 3. P-R with the point (no point while nothing is predicted positive: P is 0/0)
    p, r, _ = precision_recall_curve(y_true, y_score, pos_label=pos_label)
    style_pr_axes(ax_pr, book_terms=False)
    (baseline,) = ax_pr.plot([0, 1], [pos.mean(), pos.mean()], **style.DIAGONAL)
    plot_pr_steps(ax_pr, r, p, ms=3)
    style.label_line(ax_pr, baseline, "random guess", x=0.3, above=False, fontsize=9)
    if st.counts.predicted_positives:
        ax_pr.plot([st.recall], [st.precision], **style.CUT_POINT)
    for ax in (ax_roc, ax_pr):
        ax.tick_params(labelsize=9)
    return st


def plot_no_skill_measures(ax_measures, ax_odds, y_true, predictions, *, pos_label=1):
    """Balanced accuracy, MCC, Cohen's kappa and the likelihood ratios of a few classifiers, each
    against its "no skill" value (02, section 6).

    Top (``ax_measures``): one row per measure on the scale [-1, 1]; the grey dashed tick in each
    row is the value a model that ignores the examples gets (0.5 for balanced accuracy, 0 for MCC and
    kappa); each classifier is a marker with its value written beside it. Bottom (``ax_odds``): the
    likelihood ratios at work on a log axis of the odds that an example is positive: the odds
    before any prediction, m+ : m-, a grey dashed line; an arrow per (classifier, prediction) from
    there to the odds after it, the prior odds times LR+ (after "positive") or LR- (after
    "negative"); the probability o / (1 + o) written over the arrow, on its side of the dashed line
    (the line runs through no text). An undefined ratio (a model that
    never predicts a class) gets no arrow and a note instead.

    Parameters
    ----------
    ax_measures, ax_odds : matplotlib Axes
    y_true : array-like of 0/1 (or ``pos_label``) labels
    predictions : dict name -> predicted labels, at most 4 classifiers (``style.learner_style``)
    pos_label : the positive label, default 1

    Returns
    -------
    dict name -> dict of the values drawn (``balanced_accuracy``, ``mcc``, ``kappa``, ``lr_pos``,
    ``lr_neg``, ``odds_before``)
    """
    import warnings

    from ..classification import (balanced_accuracy_score, binary_counts, class_likelihood_ratios,
                                  cohen_kappa_score, matthews_corrcoef)

    if not isinstance(predictions, dict) or not 1 <= len(predictions) <= 4:
        raise ValueError(f"predictions must be a dict of 1 to 4 named predictions, got {predictions!r:.80}")
    y = np.asarray(y_true)
    yb = (y == pos_label).astype(int)
    markers = ("D", "v", "^", "P")
    values = {}
    for name, pred in predictions.items():
        pb = (np.asarray(pred) == pos_label).astype(int)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")        # MCC / LR+ of a one-class prediction are 0/0 (documented)
            lr_pos, lr_neg = class_likelihood_ratios(yb, pb)
            values[name] = dict(balanced_accuracy=balanced_accuracy_score(yb, pb), mcc=matthews_corrcoef(yb, pb),
                                kappa=cohen_kappa_score(yb, pb), lr_pos=float(lr_pos), lr_neg=float(lr_neg))
    c = binary_counts(yb, yb)
    odds_before = c.positives / c.negatives

    # top: each measure against its no-skill value
    rows = (("balanced_accuracy", "balanced\naccuracy", 0.5), ("mcc", "MCC", 0.0), ("kappa", "Cohen's $\\kappa$", 0.0))
    n = len(predictions)
    for r, (key, _, ref) in enumerate(rows):
        _ = ax_measures.plot([ref, ref], [r - 0.38, r + 0.38], **style.REFERENCE_STYLE)
        for i, name in enumerate(predictions):
            v = values[name][key]
            dy = (i - (n - 1) / 2) * 0.26
            st = style.learner_style(i)
            ax_measures.plot(v, r + dy, marker=markers[i], ms=8, color=st["color"], mec="black", mew=0.8,
                             ls="none", zorder=4, clip_on=False)
            ax_measures.annotate(f"{v:.4f}", (v, r + dy), xytext=(8, 0), textcoords="offset points",
                                 va="center", fontsize=9, color="black")
    ax_measures.annotate("no skill", (rows[0][2], -0.38), xytext=(0, 2), textcoords="offset points",
                         ha="center", va="bottom", fontsize=9, color="0.35")
    ax_measures.set_yticks(range(len(rows)), [lab for _, lab, _ in rows], fontsize=10)
    ax_measures.set_ylim(len(rows) - 0.5, -0.75)
    ax_measures.set_xlim(-1, 1.12)
    ax_measures.set_xticks([-1, -0.5, 0, 0.5, 1])
    ax_measures.grid(axis="x", color="0.92", lw=0.8)
    ax_measures.set_xlabel("value (MCC and $\\kappa$ run from −1 to 1, balanced accuracy from 0 to 1)", fontsize=9)
    handles = [ax_measures.plot([], [], marker=markers[i], ms=8, color=style.learner_style(i)["color"], mec="black",
                                ls="none", label=name)[0] for i, name in enumerate(predictions)]
    ax_measures.legend(handles=handles, loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=n, frameon=False,
                       fontsize=9, borderaxespad=0.2)

    # bottom: the odds before, and after each kind of prediction
    ax_odds.axvline(odds_before, **style.REFERENCE_STYLE)
    ax_odds.set_xscale("log")
    arrows = []
    for i, name in enumerate(predictions):
        for key, said in (("lr_pos", "says positive"), ("lr_neg", "says negative")):
            arrows.append((i, name, key, said, values[name][key]))
    after_all = [odds_before * lr for *_, lr in arrows if np.isfinite(lr) and lr > 0]
    # room for the texts on both sides of the odds-before line (each text stays on its arrow's side)
    # (the odds-before line in the middle: half the width on each side)
    reach = max([abs(np.log10(a / odds_before)) for a in after_all] + [0.0]) + 1.6
    lo, hi = odds_before / 10 ** reach, odds_before * 10 ** reach
    for row, (i, name, key, said, lr) in enumerate(arrows):
        st = style.learner_style(i)
        sym = "$LR_+$" if key == "lr_pos" else "$LR_-$"
        if not np.isfinite(lr):
            ax_odds.annotate(f"{name} never says {said.split()[-1]}: no {sym}", (odds_before, row), xytext=(6, 5),
                             textcoords="offset points", ha="left", va="bottom", fontsize=9, color="0.3")
            continue
        after = odds_before * lr
        if np.isclose(lr, 1.0):
            ax_odds.plot(after, row, marker=markers[i], ms=8, color=st["color"], mec="black", mew=0.8, ls="none")
        else:
            ax_odds.annotate("", (after, row), xytext=(odds_before, row),
                             arrowprops=dict(arrowstyle="-|>", color=st["color"], lw=2.2, ls=st["ls"],
                                             shrinkA=0, shrinkB=0, mutation_scale=14))
        p = after / (1 + after)
        shown = f"{lr:.2f}" if lr >= 10 else f"{lr:.4f}"
        # the text on the arrow's side of the dashed odds-before line, never across it
        left = after < odds_before and not np.isclose(lr, 1.0)
        ax_odds.annotate(f"{name} says {said.split()[-1]}:\nodds × {sym} = × {shown}\n→ {after:.4g}, a probability of {p:.4f}",
                         (odds_before, row), xytext=(-6 if left else 6, 5), textcoords="offset points",
                         ha="right" if left else "left", va="bottom", fontsize=9)
    ax_odds.set_xlim(lo, hi)
    ax_odds.set_ylim(len(arrows) - 0.6, -1.6)
    ax_odds.set_yticks([])
    ax_odds.annotate(f"odds before any prediction, {c.positives:,} : {c.negatives:,}", (odds_before, -1.6),
                     xytext=(4, -3), textcoords="offset points", ha="left", va="top", fontsize=9, color="0.35")
    ax_odds.set_xlabel("odds that the example is positive (log scale)", fontsize=9)
    for v in values.values():
        v["odds_before"] = odds_before
    return values
