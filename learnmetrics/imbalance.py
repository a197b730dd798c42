"""Rare positives: the same classifier on test sets with more or fewer positives.

A classifier's scores are a distribution per class: how the positives score,
how the negatives score. The share of positives in the test set (the
**prevalence** π, 正例所占比例) is a property of the *population* the
classifier meets, not of the classifier. Changing it while keeping each
class's scores is done here *exactly*, by reweighting the classes, never by
resampling (which would add noise):

.. math::

    w_i = \\frac{\\pi}{m^+}\\,N \\ \\text{for a positive}, \\qquad
    w_i = \\frac{1-\\pi}{m^-}\\,N \\ \\text{for a negative},

so the weighted test set has total weight N (1,000 by default: counts read as
"per 1,000 test examples"), a share π of it positive, and within each class
every example counts the same as before.

Consequences, all exact (and checked by the unit tests):

* TPR, FPR, the ROC curve, AUC, the balanced accuracy and the likelihood
  ratios use one class at a time, so they do **not** move with π;
* precision P = π TPR / (π TPR + (1-π) FPR), the P-R curve, AP, F1 and the MCC
  mix the classes, so they **do** move (when FPR > 0; with FPR = 0, P = 1 at
  every π);
* the accuracy π TPR + (1-π) TNR moves towards the TNR as π falls, and the lazy
  classifier that predicts every example negative scores 1 - π;
* the last point of every P-R curve (everything predicted positive) has
  P = π: the P-R curve's baseline is the prevalence.

:func:`prevalence_state` is the pure state function behind the prevalence
explorer (``learnmetrics.widgets.prevalence.PrevalenceExplorer``); every
number in it comes from the measures of :mod:`learnmetrics.classification`
and :mod:`learnmetrics.curves` called with the weights above.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validation import as_labels, as_scores, check_label, check_probability, check_real, check_same_length
from .classification import (BinaryCounts, accuracy_score, balanced_accuracy_score, binary_counts,
                             matthews_corrcoef, precision_recall_fscore_support)
from .curves import average_precision_score, roc_auc_score, stepping_table

__all__ = ["prevalence_weights", "PrevalenceState", "prevalence_state"]

#: the total weight of a reweighted test set: counts read "per 1,000 test examples"
PER = 1000.0


def _positive_mask(y_true, pos_label, name: str = "y_true") -> np.ndarray:
    """``y_true == pos_label`` after checking that both classes are present (and only two)."""
    classes = np.unique(y_true)
    if len(classes) > 2:
        raise ValueError(f"{name} must hold two classes (positive and negative), got {len(classes)}: "
                         f"{classes.tolist()!r}")
    pos_label = check_label(pos_label, "pos_label", like=y_true)
    if pos_label not in classes.tolist():
        raise ValueError(f"pos_label={pos_label!r} is not one of {name}'s labels {classes.tolist()!r}")
    pos = y_true == pos_label
    if pos.all() or not pos.any():
        raise ValueError(f"{name} must hold both classes to reweight them: it has "
                         f"{int(pos.sum())} positive and {int((~pos).sum())} negative example(s)")
    return pos


def prevalence_weights(y_true, prevalence, *, pos_label=1) -> np.ndarray:
    """Sample weights that give a test set the share ``prevalence`` of positives.

    .. math::

        w_i = 1000\\,\\frac{\\pi}{m^+} \\ (y_i = +), \\qquad
        w_i = 1000\\,\\frac{1-\\pi}{m^-} \\ (y_i = -)

    Within each class every example keeps the same weight, so each class's
    distribution of scores is unchanged; the weights add up to 1,000, of which
    ``1000 π`` on the positives. Passed as ``sample_weight`` to any measure,
    they give its value on a test set of the same classifier with prevalence π.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two classes, both present.
    prevalence : float in (0, 1)
        The share of positives π wanted.
    pos_label : int, bool or str, default=1
        The positive class.

    Returns
    -------
    ndarray of shape (n_samples,)

    Example
    -------
    >>> w = prevalence_weights([1, 0, 0, 0], 0.5)
    >>> w.tolist()
    [500.0, 166.66666666666666, 166.66666666666666, 166.66666666666666]
    """
    y = as_labels(y_true, "y_true")
    prevalence = check_probability(prevalence, "prevalence", open_left=True, open_right=True)
    pos = _positive_mask(y, pos_label)
    n_pos = int(pos.sum())
    return np.where(pos, PER * prevalence / n_pos, PER * (1.0 - prevalence) / (len(y) - n_pos))


@dataclass(frozen=True)
class PrevalenceState:
    """What the prevalence explorer shows at one share of positives π.

    Attributes
    ----------
    prevalence : float
        π, the share of positives of the reweighted test set.
    sample_prevalence : float
        m+/m of the test set as it was collected.
    threshold : float
        The classifier: predicted positive where score >= threshold.
    counts : BinaryCounts
        TP, FP, FN, TN per 1,000 test examples (weighted counts).
    tpr, fpr : float
        TPR and FPR of the classifier (the same at every π).
    precision, recall, f1, accuracy, balanced_accuracy, mcc : float
        The measures on the reweighted test set (``zero_division=0``).
    lazy_accuracy, lazy_balanced_accuracy, lazy_mcc : float
        The same measures for the lazy classifier that predicts every example
        negative, on the same reweighted test set.
    roc_fpr, roc_tpr : ndarray
        The ROC curve, one point per cut (identical at every π).
    roc_auc : float
        AUC (identical at every π).
    pr_recall, pr_precision : ndarray
        The P-R curve at π, one point per cut (``stepping_table`` order: row 0
        predicts nothing and has P = NaN; the last row has P = π).
    average_precision : float
        AP at π (``average_precision_score`` with the weights).
    baseline : float
        The precision of predicting everything positive: the weighted share of
        positives, π (the P-R curve of a ranking that ignores the features
        lies around it).
    cut : int
        The row of the curves at ``threshold``: the number of distinct scores
        >= threshold.
    """

    prevalence: float
    sample_prevalence: float
    threshold: float
    counts: BinaryCounts
    tpr: float
    fpr: float
    precision: float
    recall: float
    f1: float
    accuracy: float
    balanced_accuracy: float
    mcc: float
    lazy_accuracy: float
    lazy_balanced_accuracy: float
    lazy_mcc: float
    roc_fpr: np.ndarray
    roc_tpr: np.ndarray
    roc_auc: float
    pr_recall: np.ndarray
    pr_precision: np.ndarray
    average_precision: float
    baseline: float
    cut: int

    @property
    def roc_point(self) -> tuple[float, float]:
        """(FPR, TPR) of the classifier: the cut point on the ROC curve."""
        return float(self.roc_fpr[self.cut]), float(self.roc_tpr[self.cut])

    @property
    def pr_point(self) -> tuple[float, float]:
        """(R, P) of the classifier: the cut point on the P-R curve (P NaN if nothing is predicted positive)."""
        return float(self.pr_recall[self.cut]), float(self.pr_precision[self.cut])

    def __str__(self) -> str:
        c = self.counts
        return (
            f"prevalence={self.prevalence:.3f} (collected: {self.sample_prevalence:.3f}) | threshold={self.threshold:.3f}"
            f" | per 1000: tp={c.tp:.1f} fp={c.fp:.1f} fn={c.fn:.1f} tn={c.tn:.1f}\n"
            f"unchanged: TPR={self.tpr:.3f} FPR={self.fpr:.3f} AUC={self.roc_auc:.4f} "
            f"balanced accuracy={self.balanced_accuracy:.3f}\n"
            f"moving:    P={self.precision:.3f} F1={self.f1:.3f} accuracy={self.accuracy:.3f} "
            f"MCC={self.mcc:.3f} AP={self.average_precision:.3f} (baseline {self.baseline:.3f})\n"
            f"lazy 'all negative': accuracy={self.lazy_accuracy:.3f} balanced accuracy="
            f"{self.lazy_balanced_accuracy:.3f} MCC={self.lazy_mcc:.3f}"
        )


def prevalence_state(y_true, y_score, prevalence, *, threshold=0.5, pos_label=1) -> PrevalenceState:
    """The classifier ``score >= threshold`` on a test set reweighted to prevalence π.

    The weights are :func:`prevalence_weights`: each class keeps its scores,
    only the share of positives changes (exactly, no resampling). Every
    measure is the learnmetrics function called with these weights
    (``sample_weight``); the ROC curve and AUC are those of the unweighted data,
    which the weighted ones equal (each class's weights are constant), so they
    are *identical* at every π.

    .. math::

        P(\\pi) = \\frac{\\pi\\,TPR}{\\pi\\,TPR + (1-\\pi)\\,FPR}, \\qquad
        \\operatorname{acc}(\\pi) = \\pi\\,TPR + (1-\\pi)\\,TNR, \\qquad
        \\text{balanced accuracy} = \\tfrac12 (TPR + TNR)

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two classes, both present.
    y_score : array-like of shape (n_samples,)
        Finite real scores, larger meaning "more positive".
    prevalence : float in (0, 1)
        The share of positives π of the reweighted test set.
    threshold : float, default=0.5
        The classifier predicts positive where ``y_score >= threshold``.
    pos_label : int, bool or str, default=1
        The positive class.

    Returns
    -------
    PrevalenceState

    Example
    -------
    >>> y, s = [1, 1, 0, 1, 0, 0], [0.9, 0.7, 0.6, 0.4, 0.3, 0.1]
    >>> a, b = prevalence_state(y, s, 0.5), prevalence_state(y, s, 0.01)
    >>> a.roc_auc == b.roc_auc, round(a.precision, 4), round(b.precision, 4)
    (True, 0.6667, 0.0198)
    """
    y = as_labels(y_true, "y_true")
    s = as_scores(y_score, "y_score")
    check_same_length(y_true=y, y_score=s)
    prevalence = check_probability(prevalence, "prevalence", open_left=True, open_right=True)
    threshold = check_real(threshold, "threshold")
    pos = _positive_mask(y, pos_label)
    w = prevalence_weights(y, prevalence, pos_label=pos_label)

    y01 = pos.astype(np.int64)  # the positive class as 1 from here on (pos_label checked above)
    pred = (s >= threshold).astype(np.int64)
    lazy = np.zeros_like(pred)
    counts = binary_counts(y01, pred, sample_weight=w)
    p, r, f, _ = precision_recall_fscore_support(y01, pred, average="binary", sample_weight=w, zero_division=0.0)
    unweighted = stepping_table(y01, s)           # the ROC curve: the same at every prevalence
    weighted = stepping_table(y01, s, sample_weight=w)
    cut = int(np.count_nonzero(unweighted.thresholds[1:] >= threshold))
    return PrevalenceState(
        prevalence=prevalence,
        sample_prevalence=float(pos.mean()),
        threshold=threshold,
        counts=counts,
        tpr=float(unweighted.recall[cut]),
        fpr=float(unweighted.fpr[cut]),
        precision=float(p),
        recall=float(r),
        f1=float(f),
        accuracy=float(accuracy_score(y01, pred, sample_weight=w)),
        balanced_accuracy=float(balanced_accuracy_score(y01, pred, sample_weight=w)),
        mcc=float(matthews_corrcoef(y01, pred, sample_weight=w)),
        lazy_accuracy=float(accuracy_score(y01, lazy, sample_weight=w)),
        lazy_balanced_accuracy=float(balanced_accuracy_score(y01, lazy, sample_weight=w)),
        lazy_mcc=float(matthews_corrcoef(y01, lazy, sample_weight=w)),
        roc_fpr=unweighted.fpr,
        roc_tpr=unweighted.recall,
        roc_auc=float(roc_auc_score(y01, s)),
        pr_recall=weighted.recall,
        pr_precision=weighted.precision,
        average_precision=float(average_precision_score(y01, s, sample_weight=w)),
        baseline=float(weighted.precision[-1]),
        cut=cut,
    )
