"""Exercise of chapter 00 (start here): one tiny exercise that shows how checking works.

The answer and every known mistake are computed here with learnmetrics from the
ranked melons the chapter prints (``datasets.watermelon_scores()``), cut at 0.45.
"Another one" lists the same 17 melons scored by another model in its prompt: on the printed
scores a cut gives one of six accuracies, 8/17 to 13/17, and only 10/17 and 11/17 make a new valid
exercise (12/17 is the cut 0.5's, a listed mistake; at 8/17 and 9/17 a mistake equals the answer or
another mistake, or precision is 0/0), too few for five new answers.
"""
from __future__ import annotations

import numpy as np

from .. import classification as _clf
from ..datasets import watermelon_scores
from ._core import Mistake, register

_melons = watermelon_scores()
_T = 0.45
_T_SHOWN = 0.5            # the cut the chapter prints above the exercise
_y_pred = (_melons.y_score >= _T).astype(int)
_c = _clf.binary_counts(_melons.y_true, _y_pred)
_names = {1: "good", 0: "bad"}


def _solve_00_1(y=_melons.y_true, s=_melons.y_score, t=_T):
    y_pred = (s >= t).astype(int)
    c = _clf.binary_counts(y, y_pred)
    return "\n".join([
        f"predicted good (score >= {t}): the top {c.tp + c.fp:g} melons of the ranked list",
        f"among them {c.tp:g} are good (TP) and {c.fp:g} bad (FP); below the cut {c.fn:g} are good (FN) "
        f"and {c.tn:g} bad (TN)",
        f"accuracy = (TP + TN) / m = ({c.tp:g} + {c.tn:g}) / {c.m:g} = {_clf.accuracy_score(y, y_pred):.4f}",
        f"(the error rate is the rest: (FP + FN) / m = {_clf.error_rate(y, y_pred):.4f})",
    ])


def _rescored(seed: int):
    """The 17 melons (ids, labels) scored by another model of variant ``seed``: better than chance, not
    perfect, scores in thousandths, with a melon scored from the cut up to 0.5."""
    rng = np.random.default_rng([0, 1, seed])
    t = float(rng.choice([0.35, 0.40, 0.45]))
    while True:
        order = np.argsort(-(_melons.y_true + rng.normal(0, 0.7, _melons.y_true.size)))
        scores = np.sort(rng.choice(np.arange(40, 990), _melons.y_true.size, replace=False))[::-1] / 1000
        y, s, ids = _melons.y_true[order], scores, _melons.ids[order]
        if np.any((s >= t) & (s < _T_SHOWN)) and 0 < np.sum(s >= t) < len(s):
            return ids, y, s, t


def _listing(ids, y, s) -> str:
    return ", ".join(f"#{i} {_names[int(t)]} {v:.3f}" for i, t, v in zip(ids, y, s))


def _make_00_1(seed: int) -> dict:
    if seed == 0:
        ids, y, s, t = _melons.ids, _melons.y_true, _melons.y_score, _T
        cut = f"Cut the ranked melons printed above at {t}"
    else:
        ids, y, s, t = _rescored(seed)
        cut = (f"Another model scores the 17 melons (best first): {_listing(ids, y, s)}. Cut this ranking at {t}")
    y_pred = (s >= t).astype(int)
    c = _clf.binary_counts(y, y_pred)
    return dict(
        prompt=f"{cut}: every melon whose score is at least {t} is predicted good. What is the accuracy (精度)? "
               "Count TP, FP, FN and TN in the list, then answer with a number (a fraction such as 9/17 is fine).",
        answer=_clf.accuracy_score(y, y_pred),
        data={"y_true": y, "y_score": s, "threshold": t, **({} if seed == 0 else {"ids": ids})},
        mistakes=[
            Mistake(c.positives / c.m, "that is (TP + FN) / m, note 003's formula: TP + FN is the number of good "
                    "melons, whatever the cut.",
                    "Accuracy counts the correct predictions: the good melons predicted good (TP) and the bad ones "
                    "predicted bad (TN)."),
            Mistake(_clf.precision_score(y, y_pred), "that is the precision TP / (TP + FP), what note "
                    "000 calls 准确率.",
                    "The book's 精度 is accuracy: (TP + TN) / m, over all 17 melons, not only the ones predicted "
                    "good."),
            Mistake(_clf.error_rate(y, y_pred), "that is the error rate (FP + FN) / m, the share of "
                    "wrong predictions.",
                    "Accuracy is the other part: 1 minus the error rate, the share of right predictions."),
            Mistake(_clf.accuracy_score(y, (s >= _T_SHOWN).astype(int)),
                    "that is the accuracy at the cut 0.5, the one printed above." if seed == 0 else
                    "that is the accuracy at the cut 0.5.",
                    f"This exercise cuts at {t}: the melons scored from {t} to 0.5 are predicted good too."),
        ],
        solve=lambda: _solve_00_1(y, s, t),
    )


register(
    "00.1",
    kind="number",
    quantity="share",
    hint="Count the melons on each side of the cut: the good ones above it (TP), the bad ones below it (TN); "
         "accuracy is (TP + TN) / 17.",
    variants=_make_00_1,
    **_make_00_1(0),
)
