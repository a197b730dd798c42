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


def _solve_04_1(y, s):
    t = stepping_table(y, s)
    p, n = int(t.n_pos), int(t.n_neg)
    lines = [f"m+ = {p} (a positive moves up 1/{p}), m− = {n} (a negative moves right 1/{n}); "
             "start at (0, 0)."]
    for k in range(1, len(t)):
        move = "up   " if y[k - 1] == 1 else "right"
        lines.append(f"{s[k - 1]:.2f} ({'+' if y[k - 1] == 1 else '−'}) -> {move}: TP = {t.tp[k]:g}, "
                     f"FP = {t.fp[k]:g} -> (FPR, TPR) = ({t.fpr[k]:.3f}, {t.tpr[k]:.3f})")
    return "\n".join(lines)


def _make_04_1(seed: int) -> dict:
    y, s = (_Y6, _S6) if seed == 0 else _ranked(seed, tie=False)
    t = stepping_table(y, s)
    roc, m, p, n = _points(t.fpr, t.tpr), len(y), int(t.n_pos), int(t.n_neg)
    return dict(
        prompt=f"Six examples ranked by score (label in brackets): {_list_text(y, s)}. List the ROC points (FPR, TPR) "
               f"of every cut: seven points, from (0, 0), where nothing is predicted positive, to (1, 1).",
        answer=roc,
        data={"y_true": y, "y_score": s},
        mistakes=[
            Mistake([(b, a) for a, b in roc], "the axes are reversed: those are (TPR, FPR) points.",
                    "An ROC point is (FPR, TPR): FPR is the horizontal axis (notes 000 and 001 have it reversed)."),
            Mistake(_points(t.fp / m, t.tp / m), "your rates divide by all m examples.",
                    f"TPR divides TP by the positives (m+ = {p}), FPR divides FP by the negatives (m− = {n}); "
                    "then the last point is (1, 1)."),
            Mistake(_points(t.fp / p, t.tp / n), "your denominators are swapped (TP/m−, FP/m+).",
                    "TPR is a share of the positives, TP/m+; FPR a share of the negatives, FP/m−."),
        ],
        solve=lambda: _solve_04_1(y, s),
    )


register(
    "04.1",
    kind="sequence",
    quantity="share",
    hint="At each cut count TP and FP above it; TPR = TP/m+, FPR = FP/m−; a point is (FPR, TPR).",
    variants=_make_04_1,
    **_make_04_1(0),
)


# -- the list with a tie of 04.2 and 04.4 ----------------------------------------------------------
_YT = np.array([1, 0, 1, 1, 0, 0])
_ST = np.array([0.9, 0.8, 0.7, 0.4, 0.4, 0.2])
_TT = stepping_table(_YT, _ST)


def _ranked(seed: int, tie: bool):
    """Six examples of variant ``seed``: 2-4 positives, scores in hundredths ranked from the top, a
    ranking better than chance but not perfect (0.5 < AUC < 1), as a learner's model gives; with
    ``tie``, one positive and one negative share a score."""
    rng = np.random.default_rng([4, seed])
    while True:
        n_pos = int(rng.integers(2, 5))
        y = rng.permutation(np.r_[np.ones(n_pos, int), np.zeros(6 - n_pos, int)])
        s = np.sort(rng.choice(np.arange(10, 96, 5), 6, replace=False))[::-1] / 100
        if tie:
            i = int(rng.choice(np.flatnonzero(y[:-1] != y[1:])))
            s[i + 1] = s[i]
        if 0.5 < roc_auc_score(y, s) < 1:
            return y, s


def _pair_counts(y, s):
    """(positives' scores, negatives' scores, pairs in the right order, tied, in the wrong order, all pairs)."""
    pos, neg = s[y == 1], s[y == 0]
    return (pos, neg, int(np.sum(pos[:, None] > neg[None, :])), int(np.sum(pos[:, None] == neg[None, :])),
            int(np.sum(pos[:, None] < neg[None, :])), pos.size * neg.size)


_pos, _neg, _right, _tied, _wrong, _pairs = _pair_counts(_YT, _ST)
_auc_t = roc_auc_score(_YT, _ST)


# -- 04.2: AUC by counting pairs --------------------------------------------------------------------
def _solve_04_2(y, s):
    pos, neg, right, tied, wrong, pairs = _pair_counts(y, s)
    lines = [f"{pos.size} positives × {neg.size} negatives = {pairs} (positive, negative) pairs."]
    for p in pos:
        above, tie = int(np.sum(p > neg)), int(np.sum(p == neg))
        lines.append(f"positive {p:.2f}: scored above {above} of the negatives" + (f", tied with {tie}" if tie else ""))
    lines.append(f"right order {right}, tied {tied} (count 1/2 each), wrong order {wrong}")
    lines.append(f"AUC = ({right} + {tied}/2) / {pairs} = {roc_auc_score(y, s):.4f} (= roc_auc_score)")
    return "\n".join(lines)


def _make_04_2(seed: int) -> dict:
    y, s = (_YT, _ST) if seed == 0 else _ranked(seed, tie=True)
    _, _, right, tied, _, pairs = _pair_counts(y, s)
    auc_t = roc_auc_score(y, s)
    return dict(
        prompt=f"Six examples ranked by score: {_list_text(y, s)}. Compute the AUC by counting (positive, negative) "
               f"pairs: a pair in the right order counts 1, a tie counts 1/2.",
        answer=auc_t,
        data={"y_true": y, "y_score": s},
        mistakes=[
            Mistake(1 - auc_t, "you counted the pairs ranked the wrong way (the negative above the positive).",
                    "That share is the rank loss ℓ_rank = 1 − AUC; AUC counts the pairs where the positive is above."),
            Mistake(right / pairs, "you counted the tie as 0.",
                    "A tied pair cannot be ordered by any threshold: it counts 1/2 (the diagonal step of the curve)."),
            Mistake((right + tied) / pairs, "you counted the tie as 1.",
                    "A tie is not a pair in the right order: it counts 1/2, half of its little square under the "
                    "curve."),
        ],
        solve=lambda: _solve_04_2(y, s),
    )


register(
    "04.2",
    kind="number",
    quantity="share",
    hint="For each positive count the negatives scored below it (a tie counts 1/2); divide by m+ × m−.",
    variants=_make_04_2,
    **_make_04_2(0),
)


# -- 04.3: the rank loss of 04.1's list --------------------------------------------------------------
def _loss_parts(y, s):
    """(stepping table, m+, m−, m, wrong pairs, rank loss, the cuts that take in a positive)."""
    t = stepping_table(y, s)
    pos, neg = s[y == 1], s[y == 0]
    up = np.flatnonzero(np.diff(t.tp) > 0) + 1
    return (t, int(t.n_pos), int(t.n_neg), len(y), int(np.sum(pos[:, None] < neg[None, :])), rank_loss(y, s), up)


_p6, _n6 = _S6[_Y6 == 1], _S6[_Y6 == 0]
_, _, _, _, _wrong6, _loss6, _up = _loss_parts(_Y6, _S6)


def _solve_04_3(y, s):
    t, p, n, _, wrong, loss, up = _loss_parts(y, s)
    lines = [f"For each positive, the negatives ranked above it (the x of its up-step, times m− = {n}):"]
    for k in up:
        lines.append(f"positive {s[k - 1]:.2f}: {t.fp[k]:g} of the negatives ranked above it")
    lines.append(f"{wrong} wrong pairs of m+ × m− = {p} × {n} = {p * n}: ℓ_rank = {loss:.4f} "
                 f"(and AUC = 1 − ℓ_rank = {1 - loss:.4f})")
    return "\n".join(lines)


def _make_04_3(seed: int) -> dict:
    y, s = (_Y6, _S6) if seed == 0 else _ranked(seed, tie=False)
    t, p, n, m, wrong, loss, up = _loss_parts(y, s)
    which = "The six examples of exercise 04.1" if seed == 0 else "Six examples ranked by score (label in brackets)"
    return dict(
        prompt=f"{which}: {_list_text(y, s)}. What is their rank loss ℓ_rank (the book's eq. 2.21)?",
        answer=loss,
        data={"y_true": y, "y_score": s},
        mistakes=[
            Mistake(1 - loss, "that is the AUC, the share of pairs in the right order.",
                    "ℓ_rank counts the pairs in the wrong order: ℓ_rank = 1 − AUC."),
            Mistake(wrong / (m * (m - 1) / 2), f"you divided by all {m * (m - 1) // 2} pairs of examples.",
                    f"Only (positive, negative) pairs count: there are m+ × m− = {p * n} of them."),
            Mistake(float(np.sum(t.fpr[up])), "you added the x-coordinates of the up-steps without dividing.",
                    f"Each positive's row of squares is 1/m+ high: divide that sum by m+ = {p}."),
        ],
        solve=lambda: _solve_04_3(y, s),
    )


register(
    "04.3",
    kind="number",
    quantity="share",
    hint="Count the (positive, negative) pairs where the negative is scored higher; divide by m+ × m−.",
    variants=_make_04_3,
    **_make_04_3(0),
)


# -- 04.4: predict-then-check with the explorer on 04.2's list (a tie across the classes) -----------
# "another one": another list of six with a tied positive and negative (04.2's variants draw them)
def _tie_cut(t) -> int:
    """The cut (row of the stepping table) where a tied positive and negative cross together."""
    return int(np.flatnonzero((t.tp[1:] - t.tp[:-1] > 0) & (t.fp[1:] - t.fp[:-1] > 0))[0]) + 1


_K4 = _tie_cut(_TT)
_before, _after = _TT.at(_K4 - 1), _TT.at(_K4)


def _solve_04_4(y=_YT, s=_ST):
    t = stepping_table(y, s)
    k = _tie_cut(t)
    before, after = t.at(k - 1), t.at(k)
    return "\n".join([
        f"At cut {k - 1}: TP = {before.tp:g}, FP = {before.fp:g} -> "
        f"(FPR, TPR) = ({before.fpr:.3f}, {before.tpr:.3f}).",
        f"Cut {k} takes in both examples scored {t.thresholds[k]:.2f}, one positive and one negative, "
        "together (no threshold separates them):",
        f"TP = {after.tp:g}, FP = {after.fp:g} -> ({after.fp:g}/{t.n_neg:g}, {after.tp:g}/{t.n_pos:g}) = "
        f"({after.fpr:.3f}, {after.tpr:.3f}): one diagonal step, up and right at once.",
    ])


def _make_04_4(seed: int) -> dict:
    y, s = (_YT, _ST) if seed == 0 else _ranked(seed, tie=True)
    t = stepping_table(y, s)
    k = _tie_cut(t)
    before, after, tie = t.at(k - 1), t.at(k), t.thresholds[k]
    if k == 1:
        raise ValueError("04.4: a tie at the top starts from (0, 0): nothing walked yet")
    if seed == 0:
        prompt = (f"The explorer below walks the list of exercise 04.2 ({_list_text(y, s)}) and stands at cut {k - 1}, "
                  f"at (FPR, TPR) = ({before.fpr:.3f}, {before.tpr:.3f}). Before you move the slider to cut {k} (it "
                  f"draws only the path walked so far): where will the ROC point be? Give (FPR, TPR).")
    else:
        prompt = (f"Six examples ranked by score (label in brackets): {_list_text(y, s)}. Walking down the list one "
                  f"score at a time, you stand at cut {k - 1}, at (FPR, TPR) = ({before.fpr:.3f}, {before.tpr:.3f}). "
                  f"The next cut, cut {k}, lowers the threshold to {tie:.2f}: where will the ROC point be? "
                  "Give (FPR, TPR).")
    return dict(
        prompt=prompt,
        answer=(after.fpr, after.tpr),
        data={"y_true": y, "y_score": s, "from_cut": k - 1},
        mistakes=[
            Mistake((after.tpr, after.fpr), "that is (TPR, FPR): the axes are reversed.",
                    "An ROC point is (FPR, TPR), FPR on the horizontal axis."),
            Mistake((before.fpr, after.tpr), "you moved straight up, as if only the positive crossed the cut.",
                    f"The positive and the negative scored {tie:.2f} are tied: they cross together, so FP "
                    "grows too."),
            Mistake((after.fpr, before.tpr), "you moved straight right, as if only the negative crossed the cut.",
                    "The tie takes in the positive as well: TP grows in the same step (a diagonal move)."),
        ],
        solve=lambda: _solve_04_4(y, s),
    )


register(
    "04.4",
    kind="tuple",
    parts=('FPR', 'TPR'),
    quantity="share",
    hint="Which examples cross the cut together? Add them to TP and FP, then TPR = TP/m+, FPR = FP/m−.",
    variants=_make_04_4,
    **_make_04_4(0),
)


# -- 04.5 has no variants: its data are the notebook's section-9 variables y3 and P3 (100 examples, three
# columns of probabilities), which a prompt cannot show and the static page cannot recompute.
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
        Mistake(_interp, "that is the area of the np.interp-averaged curve (note 004's method)"
                + (f", and also the micro AUC ({_micro:.4f}): macro means the plain mean of the three class AUCs."
                   if round(_interp, 4) == round(_micro, 4) else "."),
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
            "classes: FP is ten times larger at every cut, so precision falls at every cut that holds both a "
            "positive and a negative, and AP, built from these precisions, falls with it unless every positive "
            "is ranked above every negative (then every precision AP uses is 1, before and after). ROC ignores the class ratio; P-R shows what it does to the "
            "predictions a user sees."),
)
