"""Exercises of chapter 04 (ROC curves, AUC, the rank loss, multi-class AUC).

Every answer and every known mistake is computed here with learnmetrics from
the exercise's data: a mistake is the mistaken formula applied to the same data
(the ROC axes reversed, the rates over the wrong denominators, the pairs
counted the wrong way, a tie counted as 0 or 1, note 004's ``np.interp``
average, ...).
"""
from __future__ import annotations

import numpy as np

from ..curves import auc, rank_loss, roc_auc_score, roc_curve, stepping_table
from ..learners import LogisticRegression
from ._core import Mistake, register


def _list_text(y, s) -> str:
    """'0.90 (+), 0.80 (−), ...': a ranked list as the prompts show it."""
    return ", ".join(f"{v:.2f} ({'+' if t == 1 else '−'})" for t, v in zip(y, s))


def _points(xs, ys):
    return [(float(x), float(y)) for x, y in zip(xs, ys)]


def _pts_text(points):
    return ", ".join(f"({x:.3f}, {y:.3f})" for x, y in points)


# -- 04.1 (inside section 2): the ROC points of six examples ---------------------------------------
_Y6 = np.array([1, 1, 0, 1, 0, 1])
_S6 = np.array([0.9, 0.8, 0.7, 0.6, 0.4, 0.3])
_T6 = stepping_table(_Y6, _S6)
_roc6 = _points(_T6.fpr, _T6.tpr)
_M6, _P6, _N6 = len(_Y6), int(_T6.n_pos), int(_T6.n_neg)


def _solve_04_1():
    lines = [f"m+ = {_P6} (a positive moves up 1/{_P6}), m− = {_N6} (a negative moves right 1/{_N6}); "
             "start at (0, 0)."]
    for k in range(1, len(_T6)):
        move = "up   " if _Y6[k - 1] == 1 else "right"
        lines.append(f"{_S6[k - 1]:.2f} ({'+' if _Y6[k - 1] == 1 else '−'}) -> {move}: TP = {_T6.tp[k]:g}, "
                     f"FP = {_T6.fp[k]:g} -> (FPR, TPR) = ({_T6.fpr[k]:.3f}, {_T6.tpr[k]:.3f})")
    return "\n".join(lines)


register(
    "04.1",
    f"Six examples ranked by score (label in brackets): {_list_text(_Y6, _S6)}. List the ROC points (FPR, TPR) "
    f"of every cut: seven points, from (0, 0), where nothing is predicted positive, to (1, 1).",
    kind="sequence",
    quantity="share",
    answer=_roc6,
    data={"y_true": _Y6, "y_score": _S6},
    hint="At each cut count TP and FP above it; TPR = TP/m+, FPR = FP/m−; a point is (FPR, TPR).",
    mistakes=[
        Mistake([(y, x) for x, y in _roc6], "the axes are reversed: those are (TPR, FPR) points.",
                "An ROC point is (FPR, TPR): FPR is the horizontal axis (notes 000 and 001 have it reversed)."),
        Mistake(_points(_T6.fp / _M6, _T6.tp / _M6), "your rates divide by all m examples.",
                f"TPR divides TP by the positives (m+ = {_P6}), FPR divides FP by the negatives (m− = {_N6}); "
                "then the last point is (1, 1)."),
        Mistake(_points(_T6.fp / _P6, _T6.tp / _N6), "your denominators are swapped (TP/m−, FP/m+).",
                "TPR is a share of the positives, TP/m+; FPR a share of the negatives, FP/m−."),
    ],
    solve=_solve_04_1,
)


# -- the list with a tie of 04.2 and 04.4 ----------------------------------------------------------
_YT = np.array([1, 0, 1, 1, 0, 0])
_ST = np.array([0.9, 0.8, 0.7, 0.4, 0.4, 0.2])
_TT = stepping_table(_YT, _ST)
_pos, _neg = _ST[_YT == 1], _ST[_YT == 0]
_right = int(np.sum(_pos[:, None] > _neg[None, :]))      # pairs in the right order
_tied = int(np.sum(_pos[:, None] == _neg[None, :]))
_wrong = int(np.sum(_pos[:, None] < _neg[None, :]))
_pairs = _pos.size * _neg.size
_auc_t = roc_auc_score(_YT, _ST)


# -- 04.2: AUC by counting pairs --------------------------------------------------------------------
def _solve_04_2():
    lines = [f"{_pos.size} positives × {_neg.size} negatives = {_pairs} (positive, negative) pairs."]
    for p in _pos:
        above, tie = int(np.sum(p > _neg)), int(np.sum(p == _neg))
        lines.append(f"positive {p:.2f}: scored above {above} of the negatives" + (f", tied with {tie}" if tie else ""))
    lines.append(f"right order {_right}, tied {_tied} (count 1/2 each), wrong order {_wrong}")
    lines.append(f"AUC = ({_right} + {_tied}/2) / {_pairs} = {_auc_t:.4f} (= roc_auc_score)")
    return "\n".join(lines)


register(
    "04.2",
    f"Six examples ranked by score: {_list_text(_YT, _ST)}. Compute the AUC by counting (positive, negative) "
    f"pairs: a pair in the right order counts 1, a tie counts 1/2.",
    kind="number",
    quantity="share",
    answer=_auc_t,
    data={"y_true": _YT, "y_score": _ST},
    hint="For each positive count the negatives scored below it (a tie counts 1/2); divide by m+ × m−.",
    mistakes=[
        Mistake(1 - _auc_t, "you counted the pairs ranked the wrong way (the negative above the positive).",
                "That share is the rank loss ℓ_rank = 1 − AUC; AUC counts the pairs where the positive is above."),
        Mistake(_right / _pairs, "you counted the tie as 0.",
                "A tied pair cannot be ordered by any threshold: it counts 1/2 (the diagonal step of the curve)."),
        Mistake((_right + _tied) / _pairs, "you counted the tie as 1.",
                "A tie is not a pair in the right order: it counts 1/2, half of its little square under the curve."),
    ],
    solve=_solve_04_2,
)


# -- 04.3: the rank loss of 04.1's list --------------------------------------------------------------
_p6, _n6 = _S6[_Y6 == 1], _S6[_Y6 == 0]
_wrong6 = int(np.sum(_p6[:, None] < _n6[None, :]))
_loss6 = rank_loss(_Y6, _S6)
_up = np.flatnonzero(np.diff(_T6.tp) > 0) + 1       # the cuts that take in a positive


def _solve_04_3():
    lines = [f"For each positive, the negatives ranked above it (the x of its up-step, times m− = {_N6}):"]
    for k in _up:
        lines.append(f"positive {_S6[k - 1]:.2f}: {_T6.fp[k]:g} of the negatives ranked above it")
    lines.append(f"{_wrong6} wrong pairs of m+ × m− = {_P6} × {_N6} = {_P6 * _N6}: ℓ_rank = {_loss6:.4f} "
                 f"(and AUC = 1 − ℓ_rank = {1 - _loss6:.4f})")
    return "\n".join(lines)


register(
    "04.3",
    f"The six examples of exercise 04.1: {_list_text(_Y6, _S6)}. What is their rank loss ℓ_rank (the book's "
    f"eq. 2.21)?",
    kind="number",
    quantity="share",
    answer=_loss6,
    data={"y_true": _Y6, "y_score": _S6},
    hint="Count the (positive, negative) pairs where the negative is scored higher; divide by m+ × m−.",
    mistakes=[
        Mistake(1 - _loss6, "that is the AUC, the share of pairs in the right order.",
                "ℓ_rank counts the pairs in the wrong order: ℓ_rank = 1 − AUC."),
        Mistake(_wrong6 / (_M6 * (_M6 - 1) / 2), f"you divided by all {_M6 * (_M6 - 1) // 2} pairs of examples.",
                f"Only (positive, negative) pairs count: there are m+ × m− = {_P6 * _N6} of them."),
        Mistake(float(np.sum(_T6.fpr[_up])), "you added the x-coordinates of the up-steps without dividing.",
                f"Each positive's row of squares is 1/m+ high: divide that sum by m+ = {_P6}."),
    ],
    solve=_solve_04_3,
)


# -- 04.4: predict-then-check with the explorer on 04.2's list (a tie across the classes) -----------
_K4 = int(np.flatnonzero((_TT.tp[1:] - _TT.tp[:-1] > 0) & (_TT.fp[1:] - _TT.fp[:-1] > 0))[0]) + 1  # the tie's cut
_before, _after = _TT.at(_K4 - 1), _TT.at(_K4)


def _solve_04_4():
    return "\n".join([
        f"At cut {_K4 - 1}: TP = {_before.tp:g}, FP = {_before.fp:g} -> "
        f"(FPR, TPR) = ({_before.fpr:.3f}, {_before.tpr:.3f}).",
        f"Cut {_K4} takes in both examples scored {_TT.thresholds[_K4]:.2f}, one positive and one negative, "
        "together (no threshold separates them):",
        f"TP = {_after.tp:g}, FP = {_after.fp:g} -> ({_after.fp:g}/{_TT.n_neg:g}, {_after.tp:g}/{_TT.n_pos:g}) = "
        f"({_after.fpr:.3f}, {_after.tpr:.3f}): one diagonal step, up and right at once.",
    ])


register(
    "04.4",
    f"The explorer below walks the list of exercise 04.2 ({_list_text(_YT, _ST)}) and stands at cut {_K4 - 1}, "
    f"at (FPR, TPR) = ({_before.fpr:.3f}, {_before.tpr:.3f}). Before you move the slider to cut {_K4} (it "
    f"draws only the path walked so far): where will the ROC point be? Give (FPR, TPR).",
    kind="tuple",
    parts=('FPR', 'TPR'),
    quantity="share",
    answer=(_after.fpr, _after.tpr),
    data={"y_true": _YT, "y_score": _ST, "from_cut": _K4 - 1},
    hint="Which examples cross the cut together? Add them to TP and FP, then TPR = TP/m+, FPR = FP/m−.",
    mistakes=[
        Mistake((_after.tpr, _after.fpr), "that is (TPR, FPR): the axes are reversed.",
                "An ROC point is (FPR, TPR), FPR on the horizontal axis."),
        Mistake((_before.fpr, _after.tpr), "you moved straight up, as if only the positive crossed the cut.",
                f"The positive and the negative scored {_TT.thresholds[_K4]:.2f} are tied: they cross together, so FP "
                "grows too."),
        Mistake((_after.fpr, _before.tpr), "you moved straight right, as if only the negative crossed the cut.",
                "The tie takes in the positive as well: TP grows in the same step (a diagonal move)."),
    ],
    solve=_solve_04_4,
)


# -- 04.5: the macro AUC of section 9's three classes, and note 004's np.interp average -------------
def three_classes():
    """Section 9's data: 3 classes of 50, 30, 20 points and normalised one-vs-rest probabilities."""
    rng = np.random.default_rng(0)
    centers = np.array([[0.0, 0.0], [2.0, 0.5], [1.0, 2.0]])
    y3 = np.repeat([0, 1, 2], [50, 30, 20])
    X3 = centers[y3] + rng.normal(scale=0.9, size=(len(y3), 2))
    P3 = np.column_stack([LogisticRegression().fit(X3, (y3 == c).astype(int)).predict_proba(X3) for c in range(3)])
    return y3, P3 / P3.sum(axis=1, keepdims=True)


_y3, _P3 = three_classes()
_curves3 = [roc_curve(_y3 == c, _P3[:, c]) for c in range(3)]
_aucs3 = [auc(f, t) for f, t, _ in _curves3]
_macro = roc_auc_score(_y3, _P3, multi_class="ovr", average="macro")
_grid = np.unique(np.concatenate([f for f, _, _ in _curves3]))
_interp = auc(_grid, np.mean([np.interp(_grid, f, t) for f, t, _ in _curves3], axis=0))
_micro = roc_auc_score(_y3, _P3, multi_class="ovr", average="micro")
_weighted = roc_auc_score(_y3, _P3, multi_class="ovr", average="weighted")
_ovo = roc_auc_score(_y3, _P3, multi_class="ovo", average="macro")
_sizes = np.bincount(_y3)


def _solve_04_5():
    return "\n".join([
        *[f"class {c} vs rest: AUC = auc(fpr, tpr) = {a:.4f}" for c, a in enumerate(_aucs3)],
        f"macro AUC = the plain mean = ({' + '.join(f'{a:.4f}' for a in _aucs3)}) / 3 = {np.mean(_aucs3):.4f}",
        f"roc_auc_score(y3, P3, multi_class='ovr', average='macro') = {_macro:.4f}",
        f"(note 004's np.interp-averaged curve has area {_interp:.4f}: it cuts the corners of the steps.)",
    ])


register(
    "04.5",
    "Take the three classes of section 9 (y3, P3). Compute the macro one-vs-rest AUC yourself: each class's "
    "curve lm.roc_curve(y3 == c, P3[:, c]) and its area lm.auc, then average (no roc_auc_score). Give 4 decimals.",
    kind="number",
    quantity="share",
    answer=_macro,
    data={"y_true": _y3, "y_score": _P3},
    decimals=4,
    hint="One AUC per class (that class positive, the two others negative), then the plain mean of the three.",
    mistakes=[
        Mistake(_interp, "that is the area of the np.interp-averaged curve (note 004's method).",
                "np.interp keeps one height per FPR, so it cuts the corners of the curves' vertical steps and "
                "adds area (section 9); "
                "average the three AUCs instead. (Here it also matches the micro AUC to 4 decimals, by "
                "coincidence.)"),
        Mistake(_weighted, f"that is the mean weighted by the class sizes ({', '.join(map(str, _sizes))}).",
                "Macro gives each class the same weight: the plain mean of the three AUCs."),
        Mistake(_ovo, "that is the one-vs-one macro AUC (Hand & Till).",
                "One-vs-rest: each class against the two others together, with column c of P3 as its score."),
        Mistake(roc_auc_score(_y3, _P3, multi_class="ovo", average="weighted"),
                "that is the one-vs-one AUC weighted by the class sizes, printed with the other averages above.",
                "This exercise asks for one-vs-rest and the plain (macro) mean: each class against the two "
                "others, then the mean of the three AUCs."),
    ],
    solve=_solve_04_5,
)


# -- 04.6: explain in words -------------------------------------------------------------------------
register(
    "04.6",
    "In section 6, counting every bad melon ten times left the ROC curve and the AUC unchanged, while the "
    "precision and AP fell. Explain why, in terms of what each rate divides by.",
    kind="open",
    answer=("TPR = TP/m+ and FPR = FP/m− are each computed within one class. Counting every negative ten times "
            "multiplies FP and m− by ten at every cut, so FPR does not change, and TP and m+ do not change at "
            "all: every ROC point, and so the AUC, stays where it was. Precision TP/(TP + FP) mixes the two "
            "classes: with FP ten times larger at every cut that lets a negative in, it falls, and AP, built "
            "from these precisions, falls with it. ROC ignores the class ratio; P-R shows what it does to the "
            "predictions a user sees."),
)
