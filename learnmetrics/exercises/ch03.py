"""Exercises of chapter 03 (P-R curves, the break-even point, F1 and F-beta, average precision).

Every answer and every known mistake is computed here with learnmetrics from
the exercise's data: a mistake is the mistaken formula applied to the same data
(P and R swapped, recall over all examples, the cut one step off, beta = 0.5
where beta = 2 was asked, trapezoids where AP is meant, ...).
"""
from __future__ import annotations

import numpy as np

from ..classification import fbeta_score
from ..curves import (auc, average_precision_score, roc_auc_score, break_even_point, fbeta_curve, precision_recall_curve,
                      stepping_table)
from ..datasets import watermelon_scores
from ._core import Mistake, register


def _list_text(y, s) -> str:
    """'0.95 (+), 0.85 (−), ...': a ranked list as the prompts show it."""
    return ", ".join(f"{v:.2f} ({'+' if t == 1 else '−'})" for t, v in zip(y, s))


# -- 03.1 (inside section 2): predict-then-check with the cut-point explorer ----------------------
# "another one": the same melons, the slider at another cut followed by a good melon
_melons = watermelon_scores()
_mt = stepping_table(_melons.y_true, _melons.y_score)
_ids, _labels, _ = _melons.ranked()
_K1 = int(np.argmax(_labels == 0)) + 1          # the cut that takes in the first bad melon (cut 4)
_a, _b = _mt.at(_K1), _mt.at(_K1 + 1)
assert _labels[_K1] == 1, "03.1 expects a good melon right after the first bad one"
#: the variants' cuts: each followed by a good melon (cut k takes in the top k)
_K1S = tuple(int(k) for k in np.flatnonzero(_labels == 1) if 1 <= k != _K1)


def _solve_03_1(k=_K1):
    a, b = _mt.at(k), _mt.at(k + 1)
    return "\n".join([
        f"At cut {k}: TP = {a.tp:g}, FP = {a.fp:g}, m+ = {_mt.n_pos:g}: "
        f"R = {a.recall:.4f}, P = {a.precision:.4f}.",
        f"Cut {k + 1} takes in melon #{_ids[k]}, a good one: TP grows by one, FP stays.",
        f"R = {b.tp:g}/{_mt.n_pos:g} = {b.recall:.4f} (up by 1/m+ = {1 / _mt.n_pos:.4f})",
        f"P = {b.tp:g}/({b.tp:g} + {b.fp:g}) = {b.precision:.4f} (a positive never lowers P)",
        "The point moves up and to the right." if b.precision > a.precision else
        "The point moves only to the right: P is already 1 (no bad melon picked yet) and stays 1.",
    ])


def _make_03_1(seed: int) -> dict:
    k = _K1 if seed == 0 else int(np.random.default_rng([3, 1, seed]).choice(_K1S))
    a, b = _mt.at(k), _mt.at(k + 1)
    where = f"At cut {k} (printed above)" if seed == 0 else f"Move the slider to cut {k}:"
    return dict(
        prompt=f"{where} the explorer shows TP = {a.tp:g}, FP = {a.fp:g}, so R = {a.recall:.3f} and "
               f"P = {a.precision:.3f}. The next melon down the list, #{_ids[k]}, is a good one. Before you move the "
               f"slider to cut {k + 1} (the explorer draws only the path walked so far): where will the P-R point be? "
               "Give (R, P).",
        answer=(b.recall, b.precision),
        data={"y_true": _melons.y_true, "y_score": _melons.y_score, "from_cut": k},
        mistakes=[
            Mistake((b.precision, b.recall), "that is (P, R).",
                    "The P-R plane puts recall on the horizontal axis: a point is (R, P)."),
            Mistake((a.recall, a.tp / (a.tp + a.fp + 1)), "that is the step of a bad melon (straight down).",
                    f"Melon #{_ids[k]} is good: TP grows, so recall rises too and precision cannot fall."),
            Mistake((b.fpr, b.tpr), "that is the ROC point (FPR, TPR) of the same cut.",
                    "You read the ROC panel; on the P-R panel the point is (recall, precision)."),
        ],
        solve=lambda: _solve_03_1(k),
    )


register(
    "03.1",
    kind="tuple",
    parts=('R', 'P'),
    quantity="share",
    hint="A good melon adds one to TP (and so to TP + FP); recompute R = TP/m+ and P = TP/(TP + FP).",
    variants=_make_03_1,
    **_make_03_1(0),
)


# -- the short list of 03.2 - 03.5 ----------------------------------------------------------------
_Y = np.array([1, 0, 1, 1, 0, 1, 0, 0])
_S = np.array([0.95, 0.85, 0.80, 0.70, 0.60, 0.45, 0.30, 0.20])
_T = stepping_table(_Y, _S)
_M, _MPOS = len(_Y), int(_T.n_pos)
_LIST = _list_text(_Y, _S)


def _row(k):
    c = _T.at(k)
    return f"cut {k}: TP = {c.tp:g}, FP = {c.fp:g}, P = {c.precision:.4f}, R = {c.recall:.4f}"


# -- 03.2: P and R at a cut -------------------------------------------------------------------------
_K2 = 3
_c = _T.at(_K2)


def _eight(seed: int):
    """Eight examples of variant ``seed``: 3-5 positives, scores in hundredths ranked from the top,
    better than chance (AUC > 0.5) as a learner's model ranks them."""
    if seed == 0:
        return _Y, _S
    return _draw_eight(np.random.default_rng([3, seed]), 3, 6)


def _draw_eight(rng, low: int, high: int):
    """Eight examples with ``low`` to ``high - 1`` positives, scores in hundredths ranked from the top,
    0.5 < AUC < 1."""
    while True:
        n_pos = int(rng.integers(low, high))
        y = rng.permutation(np.r_[np.ones(n_pos, int), np.zeros(8 - n_pos, int)])
        s = np.sort(rng.choice(np.arange(10, 100, 5), 8, replace=False))[::-1] / 100
        if 0.5 < roc_auc_score(y, s) < 1:
            return y, s


_WORD = {2: "two", 3: "three", 4: "four", 5: "five"}
_ORD = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}


def _solve_03_2(y, s, k):
    t = stepping_table(y, s)
    c = t.at(k)
    return "\n".join([
        f"The top {k} are predicted positive: {_list_text(y[:k], s[:k])}.",
        f"TP = {c.tp:g} (positives above the cut), FP = {c.fp:g} (negatives above it), "
        f"FN = {c.fn:g} (positives below it).",
        f"P = TP/(TP + FP) = {c.tp:g}/{c.tp + c.fp:g} = {c.precision:.4f}",
        f"R = TP/(TP + FN) = {c.tp:g}/{c.tp + c.fn:g} = {c.recall:.4f}",
    ])


def _make_03_2(seed: int) -> dict:
    y, s = _eight(seed)
    k = _K2 if seed == 0 else int(np.random.default_rng([3, 2, seed]).integers(2, 6))    # the cut: the top k
    t = stepping_table(y, s)
    c, m, mpos = t.at(k), len(y), int(t.n_pos)
    return dict(
        prompt=f"Eight examples ranked by score (label in brackets): {_list_text(y, s)}. Cut the list after the "
               f"{_ORD[k]} example (the top {k} are predicted positive). Give (P, R): precision and recall at this cut.",
        answer=(c.precision, c.recall),
        data={"y_true": y, "y_score": s, "k": k},
        mistakes=[
            Mistake((c.recall, c.precision), "P and R are the other way round.",
                    "Precision divides by the examples predicted positive (TP + FP), recall by the positives "
                    "(TP + FN). Swapping FP and FN (note 002's definitions of them) gives exactly this swap."),
            Mistake((c.precision, c.tp / m), "your recall divides by all m examples.",
                    f"Recall is the share of the positives found: TP/m+ with m+ = TP + FN = {mpos}, not TP/m."),
            Mistake((t.precision[k + 1], t.recall[k + 1]), f"that is the cut after the {_ORD[k + 1]} example.",
                    f"The top {k} are above the cut: the {_ORD[k + 1]} example is predicted negative."),
            Mistake((t.precision[k - 1], t.recall[k - 1]), f"that is the cut after the {_ORD[k - 1]} example.",
                    f"The cut after the {_ORD[k]} example puts {_WORD[k]} examples above it, the {_ORD[k]} included."),
        ],
        solve=lambda: _solve_03_2(y, s, k),
    )


register(
    "03.2",
    kind="tuple",
    parts=('P', 'R'),
    quantity="share",
    hint="Count TP, FP (above the cut) and FN (positives below it); P = TP/(TP + FP), R = TP/(TP + FN).",
    variants=_make_03_2,
    **_make_03_2(0),
)


# -- 03.3: the break-even point ---------------------------------------------------------------------
# "another one" (03.3 - 03.5): eight other examples, as 03.2's variants draw them
_bep = break_even_point(_Y, _S)
_f1 = fbeta_curve(_T, beta=1.0)
_k_f1 = int(np.nanargmax(_f1))


def _same_or_new(seed, y, s) -> str:
    """How a prompt of 03.3 - 03.5 introduces its list: the chapter's is 03.2's."""
    return f"Same eight examples: {_list_text(y, s)}." if seed == 0 else \
        f"Eight examples ranked by score (label in brackets): {_list_text(y, s)}."


def _rows(t, k) -> str:
    c = t.at(k)
    return f"cut {k}: TP = {c.tp:g}, FP = {c.fp:g}, P = {c.precision:.4f}, R = {c.recall:.4f}"


def _solve_03_3(y=_Y, s=_S):
    t, bep = stepping_table(y, s), break_even_point(y, s)
    mpos = int(t.n_pos)
    lines = [_rows(t, k) for k in range(1, len(t))]
    lines += [f"For TP > 0, P = R exactly where TP + FP = m+ = {mpos}, i.e. at cut {bep.k}: the precision of the "
              f"top {mpos} examples.", f"BEP = {t.tp[bep.k]:g}/{mpos} = {bep.value:.4f}"]
    return "\n".join(lines)


def _eight_any(seed: int, key: int):
    """Eight examples as :func:`_eight` draws them, with 2 to 6 positives (the BEP's m+ varies more)."""
    if seed == 0:
        return _Y, _S
    return _draw_eight(np.random.default_rng([3, key, seed]), 2, 7)


def _make_03_3(seed: int) -> dict:
    y, s = _eight_any(seed, 3)
    t, bep = stepping_table(y, s), break_even_point(y, s)
    if bep.value == 0:
        raise ValueError("03.3: the top m+ hold no positive, so P = R = 0 there")
    f1 = fbeta_curve(t, beta=1.0)
    k_f1 = int(np.nanargmax(f1))
    return dict(
        prompt=f"{_same_or_new(seed, y, s)} What is the break-even point (BEP) of their P-R curve?",
        answer=bep.value,
        data={"y_true": y, "y_score": s},
        mistakes=[
            Mistake(t.n_pos / len(y), "that is the end of the curve (R = 1, P = m+/m).",
                    "The BEP is where the curve meets the line P = R, at the cut that predicts m+ examples "
                    "positive."),
            Mistake(f1[k_f1], f"that is the best F1 (at cut {k_f1}).",
                    "F1 and the BEP are different summaries: the BEP is read where P = R, not where F1 peaks."),
        ],
        solve=lambda: _solve_03_3(y, s),
    )


register(
    "03.3",
    kind="number",
    quantity="share",
    hint="Walk the list cut by cut and find where P = R; it happens where TP + FP = m+.",
    variants=_make_03_3,
    **_make_03_3(0),
)


# -- 03.4: F2 (and beta swapped) --------------------------------------------------------------------
_yp = (_S >= _S[_K2 - 1]).astype(int)       # the cut of 03.2 as hard predictions


def _f(beta, y=_Y, yp=_yp):
    return fbeta_score(y, yp, beta=beta)


def _solve_03_4(y=_Y, s=_S, k=_K2):
    c = stepping_table(y, s).at(k)
    yp = (s >= s[k - 1]).astype(int)
    P, R = c.precision, c.recall
    where = "At the cut of 03.2" if k == _K2 and y is _Y else f"At the cut after the top {k}"
    moves = "lowers" if R < P else "raises"
    return "\n".join([
        f"{where}: P = {P:.4f}, R = {R:.4f}.",
        "F_beta = (1 + beta²) P R / (beta² P + R); beta = 2 gives beta² = 4 (recall weighs more):",
        f"F2 = 5 × {P:.4f} × {R:.4f} / (4 × {P:.4f} + {R:.4f}) = {5 * P * R:.4f} / {4 * P + R:.4f} = "
        f"{_f(2.0, y, yp):.4f}",
        f"(F1 = {_f(1.0, y, yp):.4f}, F0.5 = {_f(0.5, y, yp):.4f}: with R {'<' if R < P else '>'} P, weighing recall "
        f"more {moves} the score.)",
    ])


def _make_03_4(seed: int) -> dict:
    y, s = _eight(seed)
    k = _K2 if seed == 0 else int(np.random.default_rng([3, 4, seed]).integers(2, 6))    # the top k
    c = stepping_table(y, s).at(k)
    if c.tp == 0 or c.precision == c.recall:
        raise ValueError("03.4: a cut with P = R (or none found) makes every F_beta equal")
    yp = (s >= s[k - 1]).astype(int)
    lead = ("At the cut of exercise 03.2 (the top 3 of the eight examples predicted positive)" if seed == 0 else
            f"Eight examples ranked by score (label in brackets): {_list_text(y, s)}. The top {k} are predicted "
            "positive. At this cut")
    return dict(
        prompt=f"{lead}, a screening task cares more about recall than about precision and uses F2 (beta = 2). "
               "What is F2?",
        answer=_f(2.0, y, yp),
        data={"y_true": y, "y_pred": yp, "beta": 2.0, "y_score": s, "k": k},
        mistakes=[
            Mistake(_f(0.5, y, yp), "that is F0.5: beta is swapped.",
                    "1/F_beta weighs 1/R by beta² and 1/P by 1: with beta = 2 the weight on 1/R is beta² = 4 "
                    "times the weight on 1/P (beta itself is the ratio R/P at which a gain in P and the same "
                    "gain in R raise F equally); beta = 0.5 turns both round."),
            Mistake(_f(1.0, y, yp), "that is F1: beta is ignored.",
                    "F1 weighs P and R equally; put beta² = 4 into (1 + beta²) P R / (beta² P + R)."),
            Mistake(_f(np.sqrt(2.0), y, yp), "you used beta where beta² belongs.",
                    "The weights are 1 + beta² = 5 and beta² = 4, not 3 and 2."),
        ],
        solve=lambda: _solve_03_4(y, s, k),
    )


register(
    "03.4",
    kind="number",
    quantity="share",
    # one hint for every variant (the page's variants carry no hint of their own)
    hint="F_beta = (1 + beta²) P R / (beta² P + R) with the P and R at the cut.",
    variants=_make_03_4,
    **_make_03_4(0),
)


# -- 03.5: average precision vs the trapezoids ------------------------------------------------------
def _ap_parts(y, s) -> dict:
    t = stepping_table(y, s)
    prec, rec, _ = precision_recall_curve(y, s)
    pos_rows = np.flatnonzero(np.diff(t.tp) > 0) + 1          # the cuts that take in a positive
    return dict(t=t, ap=average_precision_score(y, s), trap=auc(rec, prec), pos_rows=pos_rows,
                interp=np.mean([np.max(t.precision[k:]) for k in pos_rows]), mean_all=float(np.mean(t.precision[1:])))


_apd = _ap_parts(_Y, _S)
_ap, _trap, _pos_rows, _interp, _mean_all = _apd["ap"], _apd["trap"], _apd["pos_rows"], _apd["interp"], _apd["mean_all"]


def _solve_03_5(y=_Y, s=_S):
    d = _ap_parts(y, s)
    t = d["t"]
    terms = " + ".join(f"{t.precision[k]:.4f}" for k in d["pos_rows"])
    return "\n".join([
        "AP = Σ (R_k − R_{k−1}) P_k: recall steps only at the cuts that take in a positive, by 1/m+ each.",
        *[_rows(t, k) + "   <- a positive" for k in d["pos_rows"]],
        f"AP = ({terms}) / {int(t.n_pos)} = {d['ap']:.4f}",
        f"(Trapezoids through the same points, auc(recall, precision): {d['trap']:.4f}; not AP.)",
    ])


def _make_03_5(seed: int) -> dict:
    y, s = _eight(seed)
    d = _ap_parts(y, s)
    return dict(
        prompt=f"{_same_or_new(seed, y, s)} Compute their average precision (AP), as "
               f"sklearn.metrics.average_precision_score does.",
        answer=d["ap"],
        data={"y_true": y, "y_score": s},
        mistakes=[
            Mistake(d["trap"], "that is the trapezoid area auc(recall, precision).",
                    "AP holds the precision over each recall step; a sloped straight line between two P-R points "
                    "is not what a coin flip between the two cuts gives (section 6)."),
            Mistake(d["mean_all"], "you averaged the precision over every cut.",
                    "AP only takes the precision at the cuts where recall grows (each positive), weighted by the "
                    "recall step 1/m+."),
            Mistake(d["interp"], "that is the interpolated AP (each precision replaced by the best one further down).",
                    "That is the convention of the PASCAL VOC object-detection benchmark; scikit-learn's AP, and "
                    "the course's, use the precision at the cut itself."),
        ],
        solve=lambda: _solve_03_5(y, s),
    )


register(
    "03.5",
    kind="number",
    quantity="share",
    hint="AP = Σ (R_k − R_{k−1}) P_k: the precision at each cut that takes in a positive, times 1/m+.",
    variants=_make_03_5,
    **_make_03_5(0),
)


# -- 03.6: explain in words -------------------------------------------------------------------------
register(
    "03.6",
    "In your own words, answer the question of note 000: for a fixed model, shouldn't precision and recall be "
    "fixed numbers? How can they form a curve?",
    kind="open",
    answer=("They are fixed numbers only once a threshold is fixed. A scoring model outputs a score, not a "
            "label; comparing the score with a threshold (cutting the ranked list) makes a classifier, with its "
            "own confusion matrix and its own (R, P). Each cut of the list is a different classifier, so one "
            "model gives one (R, P) point per cut, from the first cut down to the last one (everything predicted "
            "positive: R = 1, P = m+/m). The P-R curve draws all of them; choosing the "
            "threshold chooses the point."),
)
