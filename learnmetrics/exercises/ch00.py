"""Exercise of chapter 00 (start here): one tiny exercise that shows how checking works.

The answer and every known mistake are computed here with learnmetrics from the
ranked melons the chapter prints (``datasets.watermelon_scores()``), cut at 0.45.
"""
from __future__ import annotations

from .. import classification as _clf
from ..datasets import watermelon_scores
from ._core import Mistake, register

_melons = watermelon_scores()
_T = 0.45
_y_pred = (_melons.y_score >= _T).astype(int)
_c = _clf.binary_counts(_melons.y_true, _y_pred)


def _solve_00_1():
    c = _c
    return "\n".join([
        f"predicted good (score >= {_T}): the top {c.tp + c.fp:g} melons of the ranked list",
        f"among them {c.tp:g} are good (TP) and {c.fp:g} bad (FP); below the cut {c.fn:g} are good (FN) "
        f"and {c.tn:g} bad (TN)",
        f"accuracy = (TP + TN) / m = ({c.tp:g} + {c.tn:g}) / {c.m:g} = {_clf.accuracy_score(_melons.y_true, _y_pred):.4f}",
        f"(the error rate is the rest: (FP + FN) / m = {_clf.error_rate(_melons.y_true, _y_pred):.4f})",
    ])


register(
    "00.1",
    f"Cut the ranked melons printed above at {_T}: every melon whose score is at least {_T} is predicted good. "
    "What is the accuracy (精度)? Count TP, FP, FN and TN in the list, then answer with a number "
    "(a fraction such as 9/17 is fine).",
    kind="number",
    quantity="share",
    answer=_clf.accuracy_score(_melons.y_true, _y_pred),
    data={"y_true": _melons.y_true, "y_score": _melons.y_score, "threshold": _T},
    mistakes=[
        Mistake(_c.positives / _c.m, "that is (TP + FN) / m, note 003's formula: TP + FN is the number of good "
                "melons, whatever the cut.",
                "Accuracy counts the correct predictions: the good melons predicted good (TP) and the bad ones "
                "predicted bad (TN)."),
        Mistake(_clf.precision_score(_melons.y_true, _y_pred), "that is the precision TP / (TP + FP), what note "
                "000 calls 准确率.",
                "The book's 精度 is accuracy: (TP + TN) / m, over all 17 melons, not only the ones predicted good."),
        Mistake(_clf.error_rate(_melons.y_true, _y_pred), "that is the error rate (FP + FN) / m, the share of "
                "wrong predictions.",
                "Accuracy is the other part: 1 minus the error rate, the share of right predictions."),
        Mistake(_clf.accuracy_score(_melons.y_true, (_melons.y_score >= 0.5).astype(int)),
                "that is the accuracy at the cut 0.5, the one printed above.",
                f"This exercise cuts at {_T}: the melons scored from {_T} to 0.5 are predicted good too."),
    ],
    hint="Count the melons on each side of the cut: the good ones above it (TP), the bad ones below it (TN); "
         "accuracy is (TP + TN) / 17.",
    solve=_solve_00_1,
)
