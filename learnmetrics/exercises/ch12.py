"""Notebook 12: the checkable parts of the book's exercises 2.1-2.10 (ids "12.1" ... "12.10").

Exercise 12.n is the book's exercise 2.n. Every answer and every mistake is computed
here with learnmetrics from the exercise's data; the solutions recompute on every run.
"""
from __future__ import annotations

import math

import numpy as np

import learnmetrics as lm
from learnmetrics import book
from learnmetrics.learners import MajorityClassifier

from ._core import Mistake, register

# -- 12.1 (book 2.1): counting stratified hold-out splits -----------------------------------------
_N_POS, _N_NEG, _TRAIN = 500, 500, 0.7
_count = book.holdout_split_count(_N_POS, _N_NEG, _TRAIN)
_count_plain = book.holdout_split_count(_N_POS, _N_NEG, _TRAIN, stratify=False)
_count_one = book.holdout_split_count(_N_POS, 0, _TRAIN)


def _digits(n: int) -> int:
    return len(str(n))


def _split_setting(seed: int):
    """(positives, negatives, training share) of variant ``seed``: whole training counts of each class."""
    if seed == 0:
        return _N_POS, _N_NEG, _TRAIN
    rng = np.random.default_rng([12, 1, seed])
    return (int(rng.choice([200, 300, 400, 500, 600, 800])), int(rng.choice([200, 300, 400, 500, 600, 800])),
            float(rng.choice([0.6, 0.7, 0.8])))


def _split_counts(n_pos, n_neg, train):
    """(stratified count, unstratified count, positives alone, ordered selections) of a hold-out split."""
    s_pos, s_neg = round(train * n_pos), round(train * n_neg)
    return (book.holdout_split_count(n_pos, n_neg, train), book.holdout_split_count(n_pos, n_neg, train, stratify=False),
            book.holdout_split_count(n_pos, 0, train), math.perm(n_pos, s_pos) * math.perm(n_neg, s_neg))


def _solve_1(n_pos=_N_POS, n_neg=_N_NEG, train=_TRAIN) -> str:
    s_pos, s_neg = round(train * n_pos), round(train * n_neg)
    count, plain, one, _ = _split_counts(n_pos, n_neg, train)
    n = n_pos + n_neg
    return (f"Stratified: the training set takes {s_pos} of the {n_pos} positives and {s_neg} of the {n_neg} "
            f"negatives, independently.\n"
            f"C({n_pos}, {s_pos}) has {_digits(one)} digits; the count is C({n_pos}, {s_pos}) x "
            f"C({n_neg}, {s_neg}), about {count / 10 ** (_digits(count) - 1):.2f}e{_digits(count) - 1} "
            f"(log10 = {math.log10(count):.3f}), {_digits(count)} digits.\n"
            f"Not stratified it would be C({n}, {round(train * n)}) with {_digits(plain)} digits.")


def _make_12_1(seed: int) -> dict:
    n_pos, n_neg, train = _split_setting(seed)
    s_pos, s_neg, n = round(train * n_pos), round(train * n_neg), n_pos + n_neg
    count, plain, one, ordered = _split_counts(n_pos, n_neg, train)
    which = "Book exercise 2.1" if seed == 0 else "Book exercise 2.1, with new numbers"
    return dict(
        prompt=f"{which}: {n} examples, {n_pos} positive and {n_neg} negative, are split by stratified hold-out into a "
               f"{round(100 * train)}% training set and a {round(100 * (1 - train))}% test set. How many decimal digits "
               "does the number of possible splits have?",
        answer=_digits(count),
        data={"n_pos": n_pos, "n_neg": n_neg, "train_size": train},
        mistakes=[
            Mistake(_digits(plain), f"that is C({n}, {round(train * n)}), the count without stratification.",
                    f"Stratified means {s_pos} of the positives AND {s_neg} of the negatives: a product of two binomials."),
            Mistake(_digits(one), f"that is C({n_pos}, {s_pos}), the positives alone.",
                    f"The negatives are chosen independently of the positives: multiply by C({n_neg}, {s_neg})"
                    f"{' again' if (n_neg, s_neg) == (n_pos, s_pos) else ''}."),
            Mistake(_digits(ordered), "that counts ordered selections (permutations).",
                    "A training set is a set: the order in which its examples are drawn does not matter."),
        ],
        solve=lambda: _solve_1(n_pos, n_neg, train),
    )


register(
    "12.1",
    kind="number",
    quantity="count",
    units=("digits", "digit", "位", "位数"),
    tolerance=0.5,
    hint="Count the ways to choose the positives of the training set, then the negatives, and multiply.",
    variants=_make_12_1,
    **_make_12_1(0),
)

# -- 12.2 (book 2.2): the majority-class learner under leave-one-out -----------------------------
# No "another one": the book's balanced classes are the point (each left-out example's class becomes the
# minority, so every test is wrong); any other balanced size gives the same 1.0, an unbalanced one another question.
_y22 = np.repeat([0, 1], 50)
_X22 = np.zeros((100, 1))
_loo = lm.estimate_error(_X22, _y22, method="loo", learner=MajorityClassifier(rng=0)).estimate
_tenfold = lm.estimate_error(_X22, _y22, method="kfold", k=10, repeats=100, learner=MajorityClassifier(rng=0),
                             rng=0)


def _solve_2() -> str:
    lines = []
    for i in (0, 99):
        train = np.delete(np.arange(100), i)
        model = MajorityClassifier().fit(_X22[train], _y22[train])
        pred = model.predict(_X22[[i]])[0]
        lines.append(f"leave out example {i} (class {_y22[i]}): training set {model.counts_[0]} of class 0, "
                     f"{model.counts_[1]} of class 1 -> predicts {pred}")
    return ("Leaving one example out leaves its class in the minority (49 against 50), so the learner predicts "
            "the other class: every one of the 100 tests is wrong.\n" + "\n".join(lines) + "\n"
            f"estimate_error(method='loo'): {_loo:.4f}\n"
            f"(stratified 10-fold, mean of 100 runs: {_tenfold.estimate:.4f}: each training set is 45/45, a tie, "
            "so the learner guesses)")


register(
    "12.2",
    "Book exercise 2.2: 100 examples, 50 positive and 50 negative; the learner predicts the class most frequent "
    "in its training set (a random guess on a tie). What error rate does leave-one-out report?",
    kind="number",
    quantity="share",
    answer=_loo,
    data={"y": _y22},
    mistakes=[
        Mistake(_tenfold.estimate, "that is what 10-fold CV reports (about 0.5), where each training set is tied.",
                "In leave-one-out the training set is 49 of the left-out class against 50 of the other: "
                "which class does the learner predict?"),
        Mistake(0.0, "the learner never predicts the left-out example's class.",
                "After removing it, its class is the minority of the training set."),
    ],
    tolerance=0.005,      # leave-one-out's error rate is k/100: within 0.005 of 1.0 lies no other count's rate
    hint="Take one example out and count the classes of the 99 that remain.",
    solve=_solve_2,
)

# -- 12.3 (book 2.3): does a higher F1 imply a higher BEP? ---------------------------------------
_ce = book.f1_bep_counterexample(rng=0, at_best_cut=True)


def _solve_3() -> str:
    return ("No. F1 is computed at one cut (the learner's threshold, or the best cut of its ranking); the BEP only "
            "from the ranking, at the cut that predicts m+ examples positive. A seeded search finds two learners "
            "on the same 10 examples, each with its threshold at its best-F1 cut (so either reading of F1 gives "
            "the same number), where they disagree:\n" + str(_ce))


register(
    "12.3",
    "Book exercise 2.3: learner A has a higher F1 than learner B. Must A's BEP also be higher? "
    "Answer 'yes' or 'no'.",
    kind="choice",
    answer="no",
    choices=("yes", "no"),
    aliases={"not necessarily": "no", "necessarily": "yes"},
    mistakes=[Mistake("yes", "F1 and the BEP are measured at different cuts.",
                      "F1 uses the learner's own threshold; the BEP the cut with as many predictions as positives. "
                      "Look at the counter-example in the notebook.")],
    solve=_solve_3,
)

# -- 12.4 (book 2.4): FPR from P, R and the class sizes ------------------------------------------
_P4, _R4, _MPOS4, _MNEG4 = 0.75, 0.6, 50, 150
_tp4 = round(_R4 * _MPOS4)
_fp4 = round(_tp4 * (1 - _P4) / _P4)
_c4 = lm.classification.BinaryCounts(tp=_tp4, fp=_fp4, fn=_MPOS4 - _tp4, tn=_MNEG4 - _fp4)


def _counts_12_4(p, r, m_pos, m_neg):
    tp = round(r * m_pos)
    fp = round(tp * (1 - p) / p)
    return lm.classification.BinaryCounts(tp=tp, fp=fp, fn=m_pos - tp, tn=m_neg - fp)


def _solve_4(p, r, m_pos, m_neg) -> str:
    c = _counts_12_4(p, r, m_pos, m_neg)
    return (f"TP = R m+ = {r} x {m_pos} = {c.tp}\n"
            f"FP = TP (1 - P) / P = {c.tp} x {1 - p:g} / {p} = {c.fp}\n"
            f"FPR = FP / m- = {c.fp} / {m_neg} = {c.fpr:.4f}\n"
            f"check: P = {c.precision:.4f}, R = TPR = {c.recall:.4f}\n"
            "In general FPR = R (1 - P) / P x m+ / m-: P and R fix TPR and FPR only when the class ratio m+/m- is known.")


def _book_12_4(seed: int):
    """(P, R, m+, m-, the prompt's opening) of variant ``seed``: whole counts TP = R m+ and FP = TP (1 - P)/P."""
    if seed == 0:
        return _P4, _R4, _MPOS4, _MNEG4, "Book exercise 2.4"
    rng = np.random.default_rng([12, 4, seed])
    while True:
        p, r = float(rng.choice([0.5, 0.6, 0.75, 0.8])), float(rng.choice([0.4, 0.5, 0.6, 0.8]))
        m_pos, m_neg = int(rng.choice([40, 50, 100])), int(rng.choice([100, 150, 200, 300]))
        tp = r * m_pos
        fp = tp * (1 - p) / p
        if abs(tp - round(tp)) < 1e-9 and abs(fp - round(fp)) < 1e-9 and round(fp) < m_neg:
            return p, r, m_pos, m_neg, "Book exercise 2.4, with new numbers"


def _make_12_4(seed: int) -> dict:
    p, r, m_pos, m_neg, which = _book_12_4(seed)
    c = _counts_12_4(p, r, m_pos, m_neg)
    return dict(
        prompt=f"{which}: a classifier has precision P = {p} and recall R = {r} on a test set with "
               f"m+ = {m_pos} positives and m- = {m_neg} negatives. What is its FPR?",
        answer=c.fpr,
        data={"P": p, "R": r, "m_pos": m_pos, "m_neg": m_neg},
        mistakes=[
            Mistake(1 - p, "1 - P = FP/(TP+FP) is the share of false alarms among the predicted positives.",
                    "FPR divides FP by the number of actual negatives, m-."),
            Mistake(1 - r, "1 - R = FN/m+ is the false negative rate (FNR).",
                    "FPR counts false alarms among the negatives: find TP from R, then FP from P."),
            Mistake(c.fp / m_pos, "you divided FP by m+.",
                    "The false positive rate is per actual negative: divide by m- (FP + TN)."),
        ],
        solve=lambda: _solve_4(p, r, m_pos, m_neg),
    )


register(
    "12.4",
    kind="number",
    quantity="share",
    tolerance=5e-4,
    hint="TP = R m+; FP = TP (1 - P) / P; FPR = FP / m-.",
    variants=_make_12_4,
    **_make_12_4(0),
)

# -- 12.5 (book 2.5): the rank loss of a list with a tie -----------------------------------------
_y5 = np.array([1, 0, 1, 0, 1, 0])
_s5 = np.array([0.9, 0.8, 0.7, 0.7, 0.5, 0.3])
_l5 = lm.rank_loss(_y5, _s5)
_pos5, _neg5 = _s5[_y5 == 1], _s5[_y5 == 0]
_wrong5 = int(np.sum(_pos5[:, None] < _neg5[None, :]))
_ties5 = int(np.sum(_pos5[:, None] == _neg5[None, :]))
_pairs5 = _pos5.size * _neg5.size


def _ranking_12_5(seed: int):
    """(labels, scores) of variant ``seed``: three or four positives and three or four negatives, one-decimal
    scores in falling order with exactly one tie, between a positive and a negative; l_rank below 0.5 (a
    ranking better than chance, and l_rank never equal to the AUC)."""
    if seed == 0:
        return _y5, _s5
    rng = np.random.default_rng([12, 5, seed])
    while True:
        n_pos, n_neg = (int(v) for v in rng.integers(3, 5, 2))
        n = n_pos + n_neg
        s = rng.choice(np.arange(1, 10), n - 1, replace=False)
        s = np.sort(np.append(s, s[int(rng.integers(0, n - 1))]))[::-1] / 10
        y = rng.permutation([1] * n_pos + [0] * n_neg)
        pos, neg = s[y == 1], s[y == 0]
        if int(np.sum(pos[:, None] == neg[None, :])) == 1 and lm.rank_loss(y, s) < 0.5:
            return y, s


def _solve_5(y=_y5, s=_s5) -> str:
    pos, neg = s[y == 1], s[y == 0]
    wrong, ties, pairs = int(np.sum(pos[:, None] < neg[None, :])), int(np.sum(pos[:, None] == neg[None, :])), pos.size * neg.size
    return (f"{pairs} positive-negative pairs; the negative scores higher in {wrong}, ties in {ties}.\n"
            f"l_rank = ({wrong} + {ties}/2) / {pairs} = {lm.rank_loss(y, s):.4f}\n"
            f"AUC = {lm.roc_auc_score(y, s):.4f} = 1 - l_rank (eq. 2.22)")


def _make_12_5(seed: int) -> dict:
    y, s = _ranking_12_5(seed)
    pos, neg = s[y == 1], s[y == 0]
    wrong, ties, pairs = int(np.sum(pos[:, None] < neg[None, :])), int(np.sum(pos[:, None] == neg[None, :])), pos.size * neg.size
    loss = lm.rank_loss(y, s)
    which = "Book exercise 2.5" if seed == 0 else "Book exercise 2.5, with new numbers"
    return dict(
        prompt=f"{which} (eq. 2.22, AUC = 1 - l_rank): for y_true = {y.tolist()} and scores "
               f"{s.tolist()}, compute the rank loss l_rank (a tie counts one half).",
        answer=loss,
        data={"y_true": y, "y_score": s},
        mistakes=[
            Mistake(1 - loss, "that is the AUC, 1 - l_rank.",
                    "The rank loss counts the pairs ranked the WRONG way (the negative above the positive)."),
            Mistake((wrong + ties) / pairs, "you counted the tie as a whole wrong pair.",
                    "A tie is neither right nor wrong: eq. (2.21) counts it one half, not one."),
            Mistake(wrong / pairs, "you left the tie out.",
                    "A tied pair still counts in eq. (2.21): one half, not zero."),
        ],
        solve=lambda: _solve_5(y, s),
    )


register(
    "12.5",
    kind="number",
    quantity="share",
    tolerance=5e-4,
    hint="Count, over all positive-negative pairs, those where the negative scores higher; a tie counts 1/2.",
    variants=_make_12_5,
    **_make_12_5(0),
)

# -- 12.6 (book 2.6): the error rate of a ROC point ----------------------------------------------
_FPR6, _TPR6, _P6 = 0.2, 0.7, 0.3
_err6 = float(lm.normalized_cost(_FPR6, 1 - _TPR6, _P6, 1, 1))


def _solve_6(fpr, tpr, p) -> str:
    err = float(lm.normalized_cost(fpr, 1 - tpr, p, 1, 1))
    return (f"E = p (1 - TPR) + (1 - p) FPR = {p} x {1 - tpr:.1f} + {1 - p:.1f} x {fpr} = {err:.4f}\n"
            f"(= normalized_cost with equal costs: {err:.4f}; book.roc_point_error_rate: "
            f"{book.roc_point_error_rate(fpr, tpr, p):.4f})")


def _make_12_6(seed: int) -> dict:
    if seed == 0:
        fpr, tpr, p, which = _FPR6, _TPR6, _P6, "Book exercise 2.6"
    else:       # rates and shares in tenths, as the solution prints them
        rng = np.random.default_rng([12, 6, seed])
        fpr, tpr = float(rng.choice([0.1, 0.2, 0.3, 0.4])), float(rng.choice([0.6, 0.7, 0.8, 0.9]))
        p, which = float(rng.choice([0.1, 0.2, 0.3, 0.4, 0.6])), "Book exercise 2.6, with new numbers"
    return dict(
        prompt=f"{which}: a classifier sits at the ROC point (FPR, TPR) = ({fpr}, {tpr}) on a test set "
               f"where a share p = {p} of the examples is positive. What is its error rate?",
        answer=float(lm.normalized_cost(fpr, 1 - tpr, p, 1, 1)),
        data={"fpr": fpr, "tpr": tpr, "p": p},
        mistakes=[
            Mistake(((1 - tpr) + fpr) / 2, "you averaged FNR and FPR, as if the classes were equally many.",
                    "Weigh the missed positives by p and the false alarms by 1 - p."),
            Mistake(p * fpr + (1 - p) * (1 - tpr), "you weighed FPR by p and FNR by 1 - p: swapped.",
                    "FNR is a share of the positives (weight p), FPR of the negatives (weight 1 - p)."),
            Mistake(1 - tpr + fpr, "you added FNR and FPR without weights.",
                    "Each rate is a share of its own class: weigh it by that class's share p or 1 - p."),
            Mistake(fpr, "that is FPR alone, the error rate on the negatives only.",
                    "The missed positives are errors too: add p (1 - TPR) to (1 - p) FPR."),
        ],
        solve=lambda: _solve_6(fpr, tpr, p),
    )


register(
    "12.6",
    kind="number",
    quantity="share",
    tolerance=5e-4,
    hint="Error = missed positives + false alarms, over all examples: p (1 - TPR) + (1 - p) FPR.",
    variants=_make_12_6,
    **_make_12_6(0),
)

# -- 12.7 (book 2.7): from a cost line back to its ROC point -------------------------------------
_FPR7, _TPR7 = 0.25, 0.6
_seg7 = lm.cost_lines([_FPR7], [_TPR7])[0]
_a7, _b7 = float(_seg7[0, 1]), float(_seg7[1, 1])


def _roc_point_12_7(seed: int):
    """(FPR, TPR) of variant ``seed``: rates in twentieths, TPR above FPR and not 0.5."""
    if seed == 0:
        return _FPR7, _TPR7
    rng = np.random.default_rng([12, 7, seed])
    return float(rng.choice([0.05, 0.1, 0.15, 0.2, 0.3, 0.35, 0.4])), float(rng.choice([0.55, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9]))


def _solve_7(fpr=_FPR7, tpr=_TPR7) -> str:
    seg = lm.cost_lines([fpr], [tpr])[0]
    a, b = float(seg[0, 1]), float(seg[1, 1])
    return (f"A cost line runs from (0, FPR) to (1, FNR) = (1, 1 - TPR).\n"
            f"So FPR = {a:g} and TPR = 1 - {b:g} = {1 - b:g}.\n"
            f"check: cost_lines([{fpr}], [{tpr}]) = {seg.tolist()}")


def _make_12_7(seed: int) -> dict:
    fpr, tpr = _roc_point_12_7(seed)
    seg = lm.cost_lines([fpr], [tpr])[0]
    a, b = float(seg[0, 1]), float(seg[1, 1])
    which = "Book exercise 2.7" if seed == 0 else "Book exercise 2.7, with new numbers"
    return dict(
        prompt=f"{which}: in cost space, one classifier's line runs from (0, {a:g}) to (1, {b:g}). "
               "Which ROC point (FPR, TPR) is it?",
        answer=(a, 1 - b),
        data={"segment": seg, "roc_point": (fpr, tpr)},
        mistakes=[
            Mistake((a, b), "the right end of the line is FNR = 1 - TPR, not TPR.",
                    "Read the right end as the cost when every example is positive: the missed positives, FNR."),
            Mistake((1 - b, a), "the axes are swapped: a ROC point is (FPR, TPR), x first.",
                    "x is FPR, y is TPR."),
            Mistake((b, 1 - a), "you read the two ends the other way round.",
                    "At P(+)cost = 0 only the negatives cost: the left end is FPR."),
        ],
        solve=lambda: _solve_7(fpr, tpr),
    )


register(
    "12.7",
    kind="tuple",
    parts=('FPR', 'TPR'),
    quantity="share",
    tolerance=5e-4,
    hint="Left end: cost when all examples are negative (FPR); right end: when all are positive (FNR).",
    variants=_make_12_7,
    **_make_12_7(0),
)

# -- 12.8 (book 2.8): min-max normalisation with an outlier --------------------------------------
_x8 = np.array([2.0, 4.0, 6.0, 8.0, 10.0, 50.0])
_mm8 = book.min_max_scale(_x8)
_I8 = 4  # the value 10


def _values_12_8(seed: int):
    """(x, index asked) of variant ``seed``: five even values 2-20 and an outlier 40-90; the value asked is
    one of the ordinary ones above the minimum (at the minimum min-max and x - x_min over x_max agree)."""
    if seed == 0:
        return _x8, _I8
    rng = np.random.default_rng([12, 8, seed])
    x = np.append(np.sort(rng.choice(np.arange(2, 21, 2), 5, replace=False)), 10 * rng.integers(4, 10)).astype(float)
    return x, int(rng.integers(1, 5))


def _solve_8(x=_x8, i=_I8) -> str:
    mm, z = book.min_max_scale(x), book.z_score(x)
    return (f"x' = (x - x_min) / (x_max - x_min) = ({x[i]:g} - {x.min():g}) / ({x.max():g} - "
            f"{x.min():g}) = {mm[i]:.4f}\n"
            f"min-max of all: {np.round(mm, 4).tolist()}\n"
            f"z-score of all: {np.round(z, 4).tolist()}\n"
            f"The outlier {x.max():g} alone sets the min-max scale: the five ordinary values share [0, {mm[4]:.2f}].")


def _make_12_8(seed: int) -> dict:
    x, i = _values_12_8(seed)
    which = "Book exercise 2.8" if seed == 0 else "Book exercise 2.8, with new numbers"
    return dict(
        prompt=f"{which}: normalise x = {x.astype(int).tolist()} by min-max to [0, 1] (eq. 2.43). "
               f"What does the value {x[i]:g} become?",
        answer=book.min_max_scale(x)[i],
        data={"x": x, "index": i},
        mistakes=[
            Mistake(x[i] / x.max(), "that is x / x_max.", "Subtract x_min first, and divide by the range."),
            Mistake((x[i] - x.min()) / x.max(), "you divided by x_max, not by the range x_max - x_min.",
                    "The denominator is x_max - x_min."),
            Mistake(book.z_score(x)[i], "that is the z-score (eq. 2.44).", "Min-max uses x_min and x_max."),
        ],
        solve=lambda: _solve_8(x, i),
    )


register(
    "12.8",
    kind="number",
    quantity="value",
    tolerance=5e-4,
    hint="x' = (x - x_min) / (x_max - x_min).",
    variants=_make_12_8,
    **_make_12_8(0),
)

# -- 12.9 (book 2.9): the decision step of the chi-square test (McNemar's) ---------------------------
# Book 2.9 asks for the procedure of the chi-square test; the statistic itself is practised by chapter 08's
# exercise 08.1, so this one asks for the step that decides: how lopsided must the disagreements be.
_N9, _ALPHA9 = 22, 0.05


def _tau_9(e01: int, e10: int, correction: bool = True) -> float:
    return lm.mcnemar_test_table([[0, e01], [e10, 0]], alpha=_ALPHA9, correction=correction).statistic


def _smallest_9(n: int, reject) -> int:
    """The smallest e10 above a tie (e10 > n/2, e01 = n - e10) for which ``reject(e01, e10)`` holds."""
    return next(e10 for e10 in range(n // 2 + 1, n + 1) if reject(n - e10, e10))


def _answers_12_9(n: int):
    """(answer, compared with 1.96, without the continuity correction, exact two-sided binomial) for n
    disagreements at alpha = 0.05: each the smallest e10 above a tie at which that rule rejects."""
    crit = lm.mcnemar_test_table([[0, 1], [1, 0]], alpha=_ALPHA9).critical_value
    return (_smallest_9(n, lambda a, b: lm.mcnemar_test_table([[0, a], [b, 0]], alpha=_ALPHA9).reject),
            _smallest_9(n, lambda a, b: _tau_9(a, b) > 1.96),
            _smallest_9(n, lambda a, b: _tau_9(a, b, correction=False) > crit),
            _smallest_9(n, lambda a, b: 2 * lm.binomial_test(b, n, epsilon0=0.5).p_value <= _ALPHA9))


def _n_12_9(seed: int) -> int:
    """The number of disagreements of variant ``seed``: 12-40, where the answer and both mistakes differ."""
    if seed == 0:
        return _N9
    rng = np.random.default_rng([12, 9, seed])
    while True:
        n = int(rng.integers(12, 41))
        if len(set(_answers_12_9(n)[:3])) == 3:
            return n


def _solve_9(n=_N9) -> str:
    answer, *_, exact = _answers_12_9(n)
    crit = lm.mcnemar_test_table([[0, 1], [1, 0]], alpha=_ALPHA9).critical_value
    rows = "\n".join(f"   e10 = {b}, e01 = {n - b}: tau_chi2 = ({abs(n - 2 * b)} - 1)^2 / {n} = {_tau_9(n - b, b):.4f} -> "
                     f"{'reject' if _tau_9(n - b, b) > crit else 'do not reject'}"
                     for b in range(max(n // 2 + 1, answer - 2), answer + 1))
    return (f"1. H0: A and B perform the same; only the {n} disagreements carry evidence, e01 + e10 = {n}.\n"
            f"2. tau_chi2 = (|e01 - e10| - 1)^2 / (e01 + e10)  (eq. 2.33)\n"
            f"3. under H0 approximately chi2 with 1 degree of freedom\n"
            f"4. critical value at alpha = {_ALPHA9}: {crit:.4f} (= 1.96^2: the normal quantile squared)\n"
            f"5. reject when tau_chi2 > {crit:.4f}; counting up from the middle:\n{rows}\n"
            f"The smallest is e10 = {answer}. (The exact two-sided binomial test, e10 ~ Binomial({n}, 1/2) under "
            f"H0, first rejects at e10 = {exact}.)")


def _make_12_9(seed: int) -> dict:
    n = _n_12_9(seed)
    answer, at_196, plain, exact = _answers_12_9(n)
    which = "Book exercise 2.9" if seed == 0 else "Book exercise 2.9, with new numbers"
    crit = lm.mcnemar_test_table([[0, 1], [1, 0]], alpha=_ALPHA9).critical_value
    return dict(
        prompt=f"{which} (the procedure of the chi-square test, book section 2.4.3), its deciding step: on one test "
               f"set learners A and B disagree on {n} examples: A is right and B wrong on e10 of them, the reverse on "
               f"e01 = {n} - e10. With A ahead (e10 > {n / 2:g}), what is the smallest e10 at which "
               f"McNemar's test (eq. 2.33, with the continuity correction) rejects, at alpha = {_ALPHA9}, the "
               "hypothesis that A and B perform the same?",
        answer=answer,
        data={"n_disagree": n, "alpha": _ALPHA9},
        mistakes=[
            Mistake(at_196, "you compared tau_chi2 with 1.96, the normal distribution's two-sided 5% point.",
                    f"tau_chi2 is a square: its critical value is chi2(1)'s, {crit:.4f} = 1.96^2."),
            Mistake(plain, "that is where the statistic without the continuity correction (the '- 1') first "
                           "exceeds the critical value.",
                    "Eq. (2.33) subtracts 1 from |e01 - e10| before squaring."),
        ],
        solve=lambda: _solve_9(n),
    )


register(
    "12.9",
    kind="number",
    quantity="count",
    tolerance=0.5,
    hint="Try the first e10 above half the disagreements, then the next: tau_chi2 = (|e01 - e10| - 1)^2 / (e01 + e10) against chi2(1)'s "
         "critical value at alpha = 0.05.",
    variants=_make_12_9,
    **_make_12_9(0),
)

# -- 12.10 (book 2.10): Friedman's tau_F on the book's table 2.5 ---------------------------------
_RANKS10 = np.array([[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]])
_fr10 = lm.friedman_test(_RANKS10)
_N10, _K10 = _RANKS10.shape


def _swapped_10(chi: float, n: int, k: int) -> float:
    """tau_F with N (data sets) and k (algorithms) swapped."""
    return (k - 1) * chi / (k * (n - 1) - chi)


def _ranks_12_10(seed: int):
    """The rank table of variant ``seed``: k = 3 or 4 algorithms on N = 4-8 data sets (N ≠ k), ranked from
    whole-point error scores that lean towards A, B, C, D, so some rows tie (average ranks); tau_chi2 at
    least 1 below N(k-1) (tau_F finite and not huge); tau_F, tau_chi2 and tau_F with N and k swapped at
    least 0.02 apart (distinct at the asked 2 decimals)."""
    if seed == 0:
        return _RANKS10
    rng = np.random.default_rng([12, 10, seed])
    while True:
        k, n = int(rng.integers(3, 5)), int(rng.integers(4, 9))
        ranks = lm.compare.rank_table(np.round(np.arange(k) + rng.normal(0, 1.2, (n, k))))
        fr = lm.friedman_test(ranks)
        chi = fr.chi2.statistic
        if n == k or not 0 < chi <= n * (k - 1) - 1:
            continue
        vals = np.array([fr.f.statistic, chi, _swapped_10(chi, n, k)])
        if np.min(np.abs(vals[:, None] - vals[None, :]) + np.eye(3)) >= 0.02:
            return ranks


def _table_text(ranks) -> str:
    """``ranks`` as the prompt prints them: [[1, 2, 3], [1, 2.5, 2.5]]."""
    return "[" + ", ".join("[" + ", ".join(f"{v:g}" for v in row) + "]" for row in ranks) + "]"


def _solve_10(ranks=_RANKS10) -> str:
    fr = lm.friedman_test(ranks)
    (n, k), t = ranks.shape, fr.chi2.statistic
    return (f"average ranks r = {np.round(fr.average_ranks, 4).tolist()}, N = {n}, k = {k}\n"
            f"tau_chi2 = 12N/(k(k+1)) (sum r_i^2 - k(k+1)^2/4) = {t:.4f}\n"
            f"tau_F = (N-1) tau_chi2 / (N(k-1) - tau_chi2) = {n - 1} x {t:.4f} / ({n * (k - 1)} - "
            f"{t:.4f}) = {fr.f.statistic:.4f}\n"
            f"critical value F({k - 1}, {(k - 1) * (n - 1)}) at 0.05: {fr.f.critical_value:.4f}; "
            f"chi2({k - 1}): {fr.chi2.critical_value:.4f}")


def _make_12_10(seed: int) -> dict:
    ranks = _ranks_12_10(seed)
    fr = lm.friedman_test(ranks)
    (n, k), chi = ranks.shape, fr.chi2.statistic
    names = ", ".join("ABCD"[:k])
    if seed == 0:
        prompt = ("Book exercise 2.10: the book's table 2.5 ranks algorithms A, B, C on four data sets: "
                  f"{_table_text(ranks)}. Compute tau_F (eq. 2.35).")
        swap = Mistake(
            _swapped_10(chi, n, k),
            f"that is the tie-corrected tau_chi2 = {lm.friedman_test(ranks, tie_correction=True).chi2.statistic:.4g} "
            "(SciPy's friedmanchisquare, printed in chapter 08), not tau_F; swapping N (data sets) and k "
            "(algorithms) in tau_F happens to give the same number.",
            "tau_F = (N-1) tau_chi2 / (N(k-1) - tau_chi2), with the book's tau_chi2 (no tie correction), N = 4 data sets "
            "(rows) and k = 3 algorithms (columns).")
    else:
        prompt = (f"Book exercise 2.10, with new numbers: algorithms {names} ranked on N = {n} data sets (rank 1 = "
                  f"best, ties share the average rank; one row per data set): {_table_text(ranks)}. "
                  "Compute tau_F (eq. 2.35).")
        swap = Mistake(_swapped_10(chi, n, k), "tau_chi2 is right, but in tau_F you swapped N and k,",
                       f"tau_F = (N-1) tau_chi2 / (N(k-1) - tau_chi2) with N = {n} data sets (rows) and k = {k} "
                       "algorithms (columns).")
    return dict(
        prompt=prompt,
        answer=fr.f.statistic,
        data={"ranks": ranks},
        mistakes=[
            Mistake(chi, "that is tau_chi2 (eq. 2.34), the step before.",
                    "tau_F = (N-1) tau_chi2 / (N(k-1) - tau_chi2)."),
            swap,
        ],
        solve=lambda: _solve_10(ranks),
    )


register(
    "12.10",
    kind="number",
    quantity="statistic",
    tolerance=5e-3,
    hint="First tau_chi2 from the average ranks, then tau_F = (N-1) tau_chi2 / (N(k-1) - tau_chi2).",
    variants=_make_12_10,
    **_make_12_10(0),
)
