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
"""
from __future__ import annotations

import numpy as np

__all__ = ["book_layout", "sklearn_layout", "ConfusionMatrixArtist", "draw_confusion_matrix", "POS_COLOR", "NEG_COLOR"]

POS_COLOR = "#d95f02"  # positive / good melon
NEG_COLOR = "#1b9e77"  # negative / bad melon


def book_layout(counts) -> np.ndarray:
    """[[TP, FN], [FP, TN]] from anything with ``tp, fp, fn, tn`` attributes."""
    return np.array([[counts.tp, counts.fn], [counts.fp, counts.tn]])


def sklearn_layout(counts) -> np.ndarray:
    """[[TN, FP], [FN, TP]]: scikit-learn's order for labels (0, 1)."""
    return np.array([[counts.tn, counts.fp], [counts.fn, counts.tp]])


class ConfusionMatrixArtist:
    """A confusion matrix drawn once and updated in place (for explorers)."""

    def __init__(self, ax, matrix, *, row_labels, col_labels, cell_names=None, title=None,
                 cmap="Blues", vmax=None, fmt="{:g}"):
        matrix = np.asarray(matrix, dtype=float)
        self.ax, self.fmt, self.cell_names = ax, fmt, cell_names
        n_rows, n_cols = matrix.shape
        self.image = ax.imshow(matrix, cmap=cmap, vmin=0, vmax=vmax if vmax is not None else max(matrix.max(), 1))
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
            [ax.text(j, i, "", ha="center", va="center", fontsize=11) for j in range(n_cols)]
            for i in range(n_rows)
        ]
        if title:
            ax.set_title(title, fontsize=10, pad=22)
        self.update(matrix)

    def update(self, matrix) -> None:
        matrix = np.asarray(matrix, dtype=float)
        self.image.set_data(matrix)
        vmax = self.image.norm.vmax
        for i, row in enumerate(self.texts):
            for j, text in enumerate(row):
                label = self.fmt.format(matrix[i, j])
                if self.cell_names is not None:
                    label = f"{self.cell_names[i][j]}\n{label}"
                text.set_text(label)
                text.set_color("white" if matrix[i, j] > 0.6 * vmax else "black")


def draw_confusion_matrix(ax, matrix, *, labels=None, row_labels=None, col_labels=None, cell_names=None,
                          title=None, normalize_colors_to=None, fmt="{:g}") -> ConfusionMatrixArtist:
    """Draw a confusion matrix (rows = actual, columns = predicted) on ``ax``.

    ``labels`` names both axes; ``cell_names`` (e.g. ``[["TP", "FN"], ["FP", "TN"]]``)
    prints a name above each count.
    """
    matrix = np.asarray(matrix)
    if matrix.ndim != 2:
        raise ValueError(f"matrix must be 2-D, got shape {matrix.shape}")
    if labels is not None:
        row_labels = col_labels = list(labels)
    if row_labels is None:
        row_labels = [str(i) for i in range(matrix.shape[0])]
    if col_labels is None:
        col_labels = [str(j) for j in range(matrix.shape[1])]
    return ConfusionMatrixArtist(ax, matrix, row_labels=row_labels, col_labels=col_labels, cell_names=cell_names,
                                 title=title, vmax=normalize_colors_to, fmt=fmt)
