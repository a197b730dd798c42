"""Exercises of chapter 05 (cost-sensitive error and cost curves).

Every answer and every known mistake is computed here with learnmetrics from
the exercise's data: a mistake is the mistaken formula applied to the same data
(the costs swapped, P(+)cost taken for p, TPR where FNR belongs, ...).
"""
from __future__ import annotations

import numpy as np

from .. import cost as _cost
from ..curves import stepping_table
from ..datasets import watermelon_scores
from ._core import Mistake, register


def _labels_from_counts(tp, fn, fp, tn):
    """y_true, y_pred (1 = positive) holding exactly these confusion counts."""
    y_true = np.array([1] * (tp + fn) + [0] * (fp + tn))
    y_pred = np.array([1] * tp + [0] * fn + [1] * fp + [0] * tn)
    return y_true, y_pred


# -- 05.1 (inside section 6): predict-then-check with the cost-curve explorer --------------------
# No variants: on the 17 melons only three cuts are ever the cheapest (the top 3, 8 or 13 melons, the
# corners of the lower envelope), whatever p and the explorer's cost ratio, so another p or ratio could
# give at most two answers other than this one (13), and "another one" needs five.
_melons = watermelon_scores()
_table = stepping_table(_melons.y_true, _melons.y_score)


def _cut_size(p, cost01, cost10):
    """Size of the best cut ("cut k": k melons predicted good) for a prior and costs, as the explorer computes it."""
    s = _cost.cost_state(_table.fpr, _table.recall, _table.thresholds, p, cost01, cost10,
                         n_pos=_table.n_pos, n_neg=_table.n_neg)
    return s


_P1, _OLD, _NEW = 0.2, (4, 1), (10, 1)
_s_old, _s_new, _s_swapped = _cut_size(_P1, *_OLD), _cut_size(_P1, *_NEW), _cut_size(_P1, *_NEW[::-1])
_n_all = int(_table.n_pos + _table.n_neg)


def _solve_05_1():
    lines = []
    for name, (c01, c10) in (("before", _OLD), ("after", _NEW)):
        x = _cost.probability_cost(_P1, c01, c10)
        lines.append(f"{name}: cost01:cost10 = {c01}:{c10}, x = P(+)cost = {_P1}*{c01} / ({_P1}*{c01} + "
                     f"{1 - _P1:.1f}*{c10}) = {x:.4f}")
    lines.append("normalized cost of each cut at the new x (FNR*x + FPR*(1-x)):")
    x = _s_new.x
    sizes = _table.tp + _table.fp
    ncost = _cost.normalized_cost(_table.fpr, 1 - _table.recall, _P1, *_NEW)
    for k, (size, c) in enumerate(zip(sizes, ncost)):
        mark = "   <- lowest" if k == _s_new.index else ""
        lines.append(f"  cut {size:>2g}: FPR = {_table.fpr[k]:.4f}, FNR = {1 - _table.recall[k]:.4f}, "
                     f"cost = {c:.4f}{mark}")
    lines.append(f"x moved right (from {_s_old.x:.4f} to {x:.4f}): misses weigh more, so the cut moves down the "
                 f"ranking from {_s_old.cut_name} to {_s_new.cut_name}.")
    return "\n".join(lines)


register(
    "05.1",
    f"Set the explorer to p = {_P1} and cost01:cost10 = {_OLD[0]}:{_OLD[1]} (the worked example): the best cut is "
    f"{_s_old.cut_name} (the top {_s_old.n_predicted_positive} melons predicted good). Before you move the ratio "
    f"slider to {_NEW[0]}:{_NEW[1]} (a missed good melon ten times dearer than a bad melon sold as good), predict: "
    f"how many melons will the best cut predict good?",
    kind="number",
    quantity="count",
    units=("melons", "melon", "个", "个瓜", "个西瓜", "个好瓜", "good melons", "西瓜", "好瓜"),
    answer=_s_new.n_predicted_positive,
    tolerance=0,
    data={"p": _P1, "old_costs": _OLD, "new_costs": _NEW},
    mistakes=[
        Mistake(_s_old.n_predicted_positive, "the cut did not move.",
                f"P(+)cost moves from {_s_old.x:.2f} to {_s_new.x:.2f} when misses get dearer, and a different "
                "segment is lowest there: look at the cost-space panel at the new x."),
        Mistake(_s_swapped.n_predicted_positive, "that is the cut for the costs swapped (1:10).",
                "cost01 is the price of a missed positive: when it grows the learner accepts more melons as "
                "good to miss fewer, so the cut moves down the ranking, not up."),
        Mistake(_n_all, "predicting every melon good is not free:",
                "it avoids every miss but pays every false alarm; its segment runs from (0, 1) to (1, 0), and at "
                "this x a cut higher up the ranking is cheaper."),
    ],
    hint="Compute x = P(+)cost for the new ratio, then find the cut whose segment (0, FPR) -> (1, FNR) is "
         "lowest at that x.",
    solve=_solve_05_1,
)


# -- 05.2: cost-sensitive error of a confusion matrix -------------------------------------------
_TP, _FN, _FP, _TN = 5, 2, 3, 10
_C01, _C10 = 5, 1
_book = np.array([[0, _C01], [_C10, 0]])
_yt, _yp = _labels_from_counts(_TP, _FN, _FP, _TN)
_m = len(_yt)
_e = _cost.cost_sensitive_error(_yt, _yp, _book, labels=[1, 0])
_e_swapped = _cost.cost_sensitive_error(_yt, _yp, _book, labels=[0, 1])   # row 0 read as the negative class
_total = _e * _m
_plain = float(np.mean(_yt != _yp))


def _counts_05_2(seed: int):
    """(TP, FN, FP, TN, cost01, cost10) of variant ``seed`` (0: the chapter's)."""
    if seed == 0:
        return _TP, _FN, _FP, _TN, _C01, _C10
    rng = np.random.default_rng([5, 2, seed])
    return (int(rng.integers(3, 13)), int(rng.integers(1, 7)), int(rng.integers(1, 9)), int(rng.integers(5, 21)),
            int(rng.choice([2, 3, 5, 10])), 1)


def _solve_05_2(tp, fn, fp, tn, c01, c10):
    m = tp + fn + fp + tn
    total = fn * c01 + fp * c10
    return (f"counts: TP = {tp}, FN = {fn}, FP = {fp}, TN = {tn}, m = {m}\n"
            f"cost01 = {c01} is paid by each FN (a missed positive), cost10 = {c10} by each FP (a false alarm)\n"
            f"E = (FN*cost01 + FP*cost10) / m = ({fn}*{c01} + {fp}*{c10}) / {m} = {total:g} / {m} = {total / m:.4f}\n"
            f"(lm.cost_sensitive_error(y_true, y_pred, [[0, {c01}], [{c10}, 0]], labels=[1, 0]) = {total / m:.4f})")


def _make_05_2(seed: int) -> dict:
    tp, fn, fp, tn, c01, c10 = _counts_05_2(seed)
    book = np.array([[0, c01], [c10, 0]])
    yt, yp = _labels_from_counts(tp, fn, fp, tn)
    m = len(yt)
    e = _cost.cost_sensitive_error(yt, yp, book, labels=[1, 0])
    return dict(
        prompt=f"A classifier's confusion matrix on m = {m} examples: TP = {tp}, FN = {fn}, FP = {fp}, TN = {tn}. In "
               f"the book's cost matrix (row 0 = the positive class) cost01 = {c01} and cost10 = {c10}. What is its "
               "cost-sensitive error rate E(f; D; cost)?",
        answer=e,
        data={"tp": tp, "fn": fn, "fp": fp, "tn": tn, "cost_matrix": book.tolist()},
        mistakes=[
            Mistake(_cost.cost_sensitive_error(yt, yp, book, labels=[0, 1]),
                    "the two costs are swapped: each FN was charged cost10 and each FP cost01.",
                    "cost01 is the price of predicting class 0 (the positive) as class 1: a missed positive, FN. "
                    "Reading row 0 as the negative class (as a sorted 0/1 confusion matrix does) swaps them."),
            Mistake(e * m, "that is the total cost, not the rate.",
                    f"Divide by the number of examples m = {m}: E is the mean cost per example."),
            Mistake(float(np.mean(yt != yp)), "that is the plain error rate (every mistake costs 1).",
                    "Weigh each mistake by its price: FN*cost01 + FP*cost10, then divide by m."),
        ],
        solve=lambda: _solve_05_2(tp, fn, fp, tn, c01, c10),
    )


register(
    "05.2",
    kind="number",
    quantity="value",
    hint="E = (FN*cost01 + FP*cost10) / m: only the mistakes pay, each at its own price.",
    variants=_make_05_2,
    **_make_05_2(0),
)


# -- 05.3: P(+)cost -----------------------------------------------------------------------------
_P3, _C01_3, _C10_3 = 0.25, 6, 1
_x3 = _cost.probability_cost(_P3, _C01_3, _C10_3)


def _solve_05_3(p, c01, c10):
    x = _cost.probability_cost(p, c01, c10)
    num, neg = p * c01, (1 - p) * c10
    return (f"P(+)cost = p*cost01 / (p*cost01 + (1-p)*cost10)\n"
            f"         = {p}*{c01} / ({p}*{c01} + {1 - p}*{c10}) = {num:g} / ({num:g} + {neg:g}) "
            f"= {x:.4f}\n"
            f"(lm.probability_cost({p}, {c01}, {c10}) = {x:.4f}; with equal costs it would be p = {p})")


_TIMES = {2: "twice", 3: "three times", 4: "four times", 5: "five times", 6: "six times", 8: "eight times",
          10: "ten times"}


def _make_05_3(seed: int) -> dict:
    if seed == 0:
        p, c01, c10 = _P3, _C01_3, _C10_3
        share = f"A quarter of the examples are positive (p = {p})"
    else:
        rng = np.random.default_rng([5, 3, seed])
        p, c01, c10 = float(rng.choice([0.1, 0.2, 0.4, 0.5])), int(rng.choice([2, 3, 4, 5, 8, 10])), 1
        share = f"A share p = {p} of the examples is positive"
    x = _cost.probability_cost(p, c01, c10)
    return dict(
        prompt=f"{share} and a missed positive costs {c01} times a false alarm (cost01 = {c01}, cost10 = {c10}). "
               "What is the probability cost P(+)cost, the x-axis of the cost curve?",
        answer=x,
        data={"p": p, "cost01": c01, "cost10": c10},
        mistakes=[
            Mistake(_cost.probability_cost(p, c10, c01), "the costs are swapped: p was weighed by cost10.",
                    "The positives' share is weighed by the price of missing one, cost01 (FN); the negatives' by "
                    "cost10 (FP)."),
            Mistake(p, "that is p itself: the prices are left out.",
                    f"P(+)cost equals p only when the two costs are equal; here a positive weighs {_TIMES[c01]} as "
                    "much."),
            Mistake(1 - x, "that is the negatives' share 1 - P(+)cost.",
                    "P(+)cost puts p*cost01, the positive side, on top of the fraction."),
        ],
        solve=lambda: _solve_05_3(p, c01, c10),
    )


register(
    "05.3",
    kind="number",
    quantity="share",
    hint="P(+)cost = p*cost01 / (p*cost01 + (1-p)*cost10).",
    variants=_make_05_3,
    **_make_05_3(0),
)


# -- 05.4: one ROC point is one segment in cost space ------------------------------------------
# "another one": another ROC point above the diagonal
_FPR_S, _TPR_S = 0.25, 0.625
_seg = _cost.cost_lines([_FPR_S], [_TPR_S])[0].tolist()


def _segment(fpr, tpr):
    return _cost.cost_lines([fpr], [tpr])[0].tolist()


def _solve_05_4(fpr=_FPR_S, tpr=_TPR_S):
    (x0, y0), (x1, y1) = _segment(fpr, tpr)
    return (f"at x = 0 only the negatives matter: the cost is FPR = {y0:.4f}\n"
            f"at x = 1 only the positives matter: the cost is FNR = 1 - TPR = 1 - {tpr} = {y1:.4f}\n"
            f"segment: ({x0:g}, {y0:.4f}) -> ({x1:g}, {y1:.4f})   (lm.cost_lines([{fpr}], [{tpr}]))")


def _make_05_4(seed: int) -> dict:
    if seed == 0:
        fpr, tpr = _FPR_S, _TPR_S
    else:
        rng = np.random.default_rng([5, 4, seed])
        fpr, tpr = float(rng.choice([0.1, 0.15, 0.2, 0.3, 0.4])), float(rng.choice([0.55, 0.6, 0.7, 0.75, 0.8, 0.9]))
    return dict(
        prompt=f"A cut point has the ROC point (FPR, TPR) = ({fpr}, {tpr}). In cost space it is a straight segment "
               "from x = 0 to x = 1. Give its two endpoints as [(0, y0), (1, y1)].",
        answer=_segment(fpr, tpr),
        data={"fpr": fpr, "tpr": tpr},
        mistakes=[
            Mistake(_segment(1 - tpr, 1 - fpr), "the two ends are swapped: FNR at x = 0, FPR at x = 1.",
                    "At x = P(+)cost = 0 nothing rides on the positives, so only the false alarms cost: the segment "
                    "starts at (0, FPR) and ends at (1, FNR)."),
            Mistake(_segment(fpr, 1 - tpr), "TPR was used where FNR belongs.",
                    "The cost counts the positives that are missed: the right end is FNR = 1 - TPR."),
            Mistake(_segment(tpr, fpr), "the ROC point was read as (TPR, FPR).",
                    "A ROC point is (FPR, TPR): x-axis FPR, y-axis TPR (note 000 writes it the other way)."),
        ],
        solve=lambda: _solve_05_4(fpr, tpr),
    )


register(
    "05.4",
    kind="sequence",
    quantity="value",
    hint="The segment of a ROC point runs from (0, FPR) to (1, FNR), FNR = 1 - TPR (note 000 draws it so).",
    variants=_make_05_4,
    **_make_05_4(0),
)


# -- 05.5: the normalised cost of one ROC point at one x ----------------------------------------
_FPR4, _TPR4 = 0.2, 0.7
_P4, _C01_4, _C10_4 = 0.1, 3, 1
_x4 = _cost.probability_cost(_P4, _C01_4, _C10_4)
_n4 = _cost.normalized_cost(_FPR4, 1 - _TPR4, _P4, _C01_4, _C10_4)


def _solve_05_5(fpr, tpr, p, c01, c10):
    fnr = 1 - tpr
    x = _cost.probability_cost(p, c01, c10)
    n = _cost.normalized_cost(fpr, fnr, p, c01, c10)
    return (f"step 1: x = P(+)cost = {p}*{c01} / ({p}*{c01} + {1 - p:.1f}*{c10}) = {x:.4f}\n"
            f"step 2: FNR = 1 - TPR = 1 - {tpr} = {fnr:.4f}\n"
            f"step 3: cost_norm = FNR*x + FPR*(1-x) = {fnr:.4f}*{x:.4f} + {fpr}*{1 - x:.4f} = {n:.4f}\n"
            f"(the segment from (0, FPR) = (0, {fpr}) to (1, FNR) = (1, {fnr:.4f}), read at x = {x:.4f};\n"
            f" lm.normalized_cost(fpr={fpr}, fnr={fnr:.4f}, p={p}, cost01={c01}, cost10={c10}) = {n:.4f})")


def _make_05_5(seed: int) -> dict:
    if seed == 0:
        fpr, tpr, p, c01, c10 = _FPR4, _TPR4, _P4, _C01_4, _C10_4
    else:
        rng = np.random.default_rng([5, 5, seed])
        fpr, tpr = float(rng.choice([0.1, 0.2, 0.3])), float(rng.choice([0.6, 0.7, 0.8, 0.9]))
        p, c01, c10 = float(rng.choice([0.1, 0.2, 0.3, 0.4])), int(rng.choice([2, 3, 4, 5])), 1
    x = _cost.probability_cost(p, c01, c10)
    return dict(
        prompt=f"A cut point has the ROC point (FPR, TPR) = ({fpr}, {tpr}). The prior is p = {p} and cost01:cost10 = "
               f"{c01}:{c10}. What is its normalized cost (the height of its segment in cost space at x = P(+)cost)?",
        answer=_cost.normalized_cost(fpr, 1 - tpr, p, c01, c10),
        data={"fpr": fpr, "tpr": tpr, "p": p, "cost01": c01, "cost10": c10},
        mistakes=[
            Mistake(_cost.normalized_cost(fpr, tpr, p, c01, c10), "TPR was used where FNR belongs.",
                    "The cost counts the positives that are missed: FNR = 1 - TPR."),
            Mistake(_cost.normalized_cost(1 - tpr, fpr, p, c01, c10),
                    "FPR and FNR are swapped: the segment was drawn from (0, FNR) to (1, FPR).",
                    "At x = 0 only the negatives matter, so the segment starts at (0, FPR) and ends at (1, FNR)."),
            Mistake(_cost.normalized_cost(fpr, 1 - tpr, p, 1, 1), "p was used as the x-axis.",
                    f"Read the segment at x = P(+)cost = {x:.4f}, which folds in the prices; x = p only with equal "
                    "costs."),
            Mistake(_cost.normalized_cost(tpr, 1 - fpr, p, c01, c10),
                    "the ROC point was read as (TPR, FPR).",
                    "A ROC point is (FPR, TPR): x-axis FPR, y-axis TPR (note 000 writes it the other way)."),
        ],
        solve=lambda: _solve_05_5(fpr, tpr, p, c01, c10),
    )


register(
    "05.5",
    kind="number",
    quantity="value",
    hint="cost_norm = FNR*x + FPR*(1-x) with x = P(+)cost and FNR = 1 - TPR.",
    variants=_make_05_5,
    **_make_05_5(0),
)


# -- 05.6: explain in words ---------------------------------------------------------------------
_x_rare = _cost.probability_cost(0.01, 99, 1)
_x_even = _cost.probability_cost(0.5, 1, 1)


def _solve_05_6():
    return (f"P(+)cost for the rare disease: 0.01*99 / (0.01*99 + 0.99*1) = {_x_rare:.4f}\n"
            f"P(+)cost for the balanced problem: 0.5*1 / (0.5*1 + 0.5*1) = {_x_even:.4f}")


register(
    "05.6",
    "A rare disease (p = 0.01) whose missed cases cost 99 times a false alarm, and a balanced problem "
    "(p = 0.5) with equal costs: explain in words why one classifier has the same normalized cost in both, "
    "and so the same best cut.",
    kind="open",
    answer=("The prior and the prices enter the normalized cost only through one number, x = P(+)cost = "
            "p*cost01 / (p*cost01 + (1-p)*cost10). Here both conditions give x = 0.5: the rarity of the "
            "positives is exactly offset by their price. A cut point's normalized cost is FNR*x + FPR*(1-x), "
            "which depends on nothing else, so every cut costs the same in both conditions and the cheapest "
            "cut is the same one. (The expected cost in money differs: the normalized cost divides it by its "
            "largest possible value p*cost01 + (1-p)*cost10.)"),
    data={"x_rare": _x_rare, "x_even": _x_even},
    solve=_solve_05_6,
)
