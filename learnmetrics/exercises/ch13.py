"""Exercises of chapter 13: evaluation in practice (leakage, the operating point, intervals, permutation tests).

Every answer and every known mistake is computed here from the exercise's data
with learnmetrics (a mistake by applying the mistaken formula).
"""
from __future__ import annotations

import math

import numpy as np

from learnmetrics import curves as C
from learnmetrics import operating_point as OP
from learnmetrics import uncertainty as U

from ._core import Mistake, register

# -- 13.1: the KS statistic (Youden's J) of a short list ---------------------------------------------
_Y1 = np.array([1, 0, 1, 1, 0, 1, 1, 0, 0, 0])
_S1 = np.array([0.95, 0.85, 0.8, 0.7, 0.6, 0.55, 0.4, 0.3, 0.2, 0.1])
_KS1 = OP.ks_statistic(_Y1, _S1)
_F1, _T1, _TH1 = C.roc_curve(_Y1, _S1, drop_intermediate=False)
_AT05 = float(_T1[_TH1 >= 0.5][-1] - _F1[_TH1 >= 0.5][-1])      # TPR - FPR at the threshold 0.5
_ACC1 = float(max(np.mean((_S1 >= t) == (_Y1 == 1)) for t in _S1))


def _ks_data(seed: int):
    """(labels, scores) of variant ``seed``: four to six positives and negatives, ten distinct two-decimal
    scores in falling order, five above 0.5, a ranking better than chance (AUC > 0.6); the KS gap, the gap
    at 0.5 and the best accuracy all differ."""
    if seed == 0:
        return _Y1, _S1
    rng = np.random.default_rng([13, 1, seed])
    while True:
        s = np.concatenate([rng.choice(np.arange(55, 100, 5), 5, replace=False),
                            rng.choice(np.arange(5, 50, 5), 5, replace=False)])
        s = np.sort(s)[::-1] / 100
        n_pos = int(rng.integers(4, 7))
        y = (np.argsort(np.argsort(rng.random(10) + 0.08 * np.arange(10))) < n_pos).astype(int)   # lean to the top
        tp, fp = np.cumsum(y), np.cumsum(1 - y)             # a quick screen (the scores fall and are distinct)
        tpr, fpr = tp / n_pos, fp / (10 - n_pos)
        auc = np.sum(y * (10 - n_pos - fp)) / (n_pos * (10 - n_pos))
        quick = (np.max(np.abs(tpr - fpr)), tpr[4] - fpr[4], np.max(tp + (10 - n_pos - fp)) / 10)
        if auc > 0.6 and len({round(float(v), 6) for v in quick}) == 3:
            return y, s


def _ks_parts(y, s):
    """(KS, TPR - FPR at the threshold 0.5, the best accuracy over the thresholds)."""
    f, t, th = C.roc_curve(y, s, drop_intermediate=False)
    return (OP.ks_statistic(y, s).statistic, float(t[th >= 0.5][-1] - f[th >= 0.5][-1]),
            float(max(np.mean((s >= c) == (y == 1)) for c in s)))


def _tenths(v: float, sign: str = "") -> str:
    """``v`` with one decimal where that is exact (five positives and five negatives), else with four."""
    return f"{v:{sign}.1f}" if abs(v * 10 - round(v * 10)) < 1e-9 else f"{v:{sign}.4f}"


def _solve_131(y=_Y1, s=_S1) -> str:
    f, t, th = C.roc_curve(y, s, drop_intermediate=False)
    ks = OP.ks_statistic(y, s)
    rows = [f"t = {c:.2f}: TPR = {_tenths(tp)}, FPR = {_tenths(fp)}, TPR - FPR = {_tenths(tp - fp, '+')}"
            for c, tp, fp in zip(th[1:], t[1:], f[1:])]
    return ("\n".join(rows) + f"\nKS = the largest |TPR - FPR| = {ks.statistic:.3f}, at t = {ks.threshold:g}\n"
            f"(lm.ks_statistic gives {ks})")


def _make_13_1(seed: int) -> dict:
    y, s = _ks_data(seed)
    ks, at05, acc = _ks_parts(y, s)
    return dict(
        prompt=f"Labels {y.tolist()} (1 = positive), scores {s.tolist()}. Compute the KS statistic of the scorer, "
               "the largest |TPR - FPR| over all thresholds (3 decimals).",
        answer=ks,
        data={"y_true": y, "y_score": s},
        mistakes=[
            Mistake(at05, "that is TPR - FPR at the threshold 0.5 only,",
                    "the KS statistic is the largest gap over every threshold: try each score as the threshold."),
            Mistake(acc, "that is the best accuracy over the thresholds,",
                    "KS compares the two rates, TPR - FPR, not the share of correct predictions."),
        ],
        solve=lambda: _solve_131(y, s),
    )


register(
    "13.1",
    kind="number",
    quantity="share", decimals=3,      # KS = max |TPR - FPR| lies in [0, 1], often reported as a percentage
    hint="Walk down the ranking: after each example, TPR = positives above / all positives, FPR = negatives "
         "above / all negatives.",      # no counts: the page shows the exercise's hint for every variant
    variants=_make_13_1,
    **_make_13_1(0),
)

# -- 13.2: the Wilson interval of an accuracy -------------------------------------------------------------
_K2, _N2 = 45, 50
_W2 = U.proportion_ci(_K2, _N2, method="wilson")
_CP2 = U.proportion_ci(_K2, _N2, method="exact")
_P2 = _K2 / _N2
_WALD2 = _P2 - 1.959963984540054 * math.sqrt(_P2 * (1 - _P2) / _N2)


def _wilson_parts(k, n):
    """(p, Wilson, Clopper-Pearson, the Wald interval's lower end) of k successes in n trials."""
    p = k / n
    return (p, U.proportion_ci(k, n, method="wilson"), U.proportion_ci(k, n, method="exact"),
            p - 1.959963984540054 * math.sqrt(p * (1 - p) / n))


def _solve_132(k, n) -> str:
    z = 1.959963984540054
    p, w, cp, wald = _wilson_parts(k, n)
    return (f"p = {k}/{n} = {p:.2f}, z = {z:.4f}\n"
            f"centre = (k + z²/2) / (n + z²) = {(k + z * z / 2) / (n + z * z):.4f}\n"
            f"half-width = z / (n + z²) · sqrt(k(n-k)/n + z²/4) = "
            f"{z / (n + z * z) * math.sqrt(k * (n - k) / n + z * z / 4):.4f}\n"
            f"Wilson: [{w.low:.4f}, {w.high:.4f}]; Clopper-Pearson: [{cp.low:.4f}, {cp.high:.4f}]; "
            f"Wald p ± z·sqrt(p(1-p)/n): [{wald:.4f}, {p + (p - wald):.4f}]")


def _make_13_2(seed: int) -> dict:
    if seed == 0:
        k, n = _K2, _N2
    else:          # n whose shares k/n have at most 2 decimals, as the solution prints p
        rng = np.random.default_rng([13, 2, seed])
        n = int(rng.choice([20, 25, 50, 100]))
        k = int(rng.integers(int(0.6 * n), n))
    _, w, cp, wald = _wilson_parts(k, n)
    return dict(
        prompt=f"A classifier is right on {k} of {n} test examples. Compute the lower end of the 95% Wilson interval "
               "for its accuracy (3 decimals).",
        answer=w.low, data={"k": k, "n": n},
        mistakes=[
            Mistake(wald, "that is the Wald interval p - z·sqrt(p(1-p)/n),",
                    "Wilson's interval is centred at (k + z²/2)/(n + z²), pulled from p towards 1/2, so here its lower "
                    f"end reaches {'further down than' if w.low < wald else 'less far down than'} Wald's."),
            Mistake(cp.low, "that is the Clopper-Pearson (exact) interval's lower end,",
                    "it is wider (conservative); the exercise asks for Wilson's score interval."),
        ],
        solve=lambda: _solve_132(k, n),
    )


register(
    "13.2",
    kind="number",
    quantity="share", decimals=3,
    hint="z = 1.96; centre (k + z²/2)/(n + z²); half-width z/(n + z²)·sqrt(k(n-k)/n + z²/4).",
    variants=_make_13_2,
    **_make_13_2(0),
)

# -- 13.3: precision at a fixed recall ---------------------------------------------------------------------
_Y3 = np.array([1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1])
_S3 = np.array([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]) / 12
_OP3 = OP.precision_at_recall(_Y3, _S3, min_recall=2 / 3)
_P3, _R3, _T3 = C.precision_recall_curve(_Y3, _S3)
_BELOW3 = float(_P3[:-1][_R3[:-1] < 2 / 3].max())                  # best precision, floor ignored
_FIRST3 = float(_P3[:-1][_R3[:-1] >= 2 / 3][-1])                   # the highest threshold reaching the floor


def _labels_13_3(seed: int):
    """The labels of variant ``seed``: six positives among twelve, ranked so that the best precision with
    recall >= 2/3 differs from the best one below the floor (the exercise's one listed mistake)."""
    if seed == 0:
        return _Y3
    rng = np.random.default_rng([13, 3, seed])
    while True:
        y = rng.permutation([1] * 6 + [0] * 6)
        best, below, _ = _p_at_r_parts(y)
        if abs(best - below) > 2e-4:
            return y


def _p_at_r_parts(y):
    """(the best precision with recall >= 2/3, the best below it, the precision where recall first reaches it)."""
    p, r, _ = C.precision_recall_curve(y, _S3)
    return (OP.precision_at_recall(y, _S3, min_recall=2 / 3).precision, float(p[:-1][r[:-1] < 2 / 3].max()),
            float(p[:-1][r[:-1] >= 2 / 3][-1]))


def _solve_133(y=_Y3) -> str:
    p, r, t = C.precision_recall_curve(y, _S3)
    rows = [f"t = {c:.3f}: P = {pp:.4f}, R = {rr:.4f}" + ("  (R >= 2/3)" if rr >= 2 / 3 else "")
            for pp, rr, c in zip(p[:-1][::-1], r[:-1][::-1], t[::-1])]
    return "\n".join(rows) + f"\nthe largest P among the rows with R >= 2/3: {OP.precision_at_recall(y, _S3, min_recall=2 / 3)}"


def _make_13_3(seed: int) -> dict:
    y = _labels_13_3(seed)
    best, below, _ = _p_at_r_parts(y)
    return dict(
        prompt=f"Labels {y.tolist()} (1 = positive) with scores falling from 1 to 1/12 in that order. Among the thresholds "
               "whose recall is at least 2/3, what is the highest precision (4 decimals)?",
        answer=best,
        data={"y_true": y, "y_score": _S3},
        mistakes=[       # on the book's labels the precision where recall first reaches 2/3 is the answer: not a mistake
            Mistake(below, "that precision is reached only with a recall below 2/3,",
                    "keep only the thresholds whose recall reaches the floor, then take the best precision."),
            Mistake(float(np.mean(y)), "that is the precision with every example predicted positive (recall 1),",
                    "the floor asks for a recall of at least 2/3, not 1: the best precision among all the cuts "
                    "that reach it."),
        ],
        solve=lambda: _solve_133(y),
    )


register(
    "13.3",
    kind="number",
    quantity="share", decimals=4,
    hint="List P and R for each cut down the ranking; keep the rows with R >= 2/3.",
    variants=_make_13_3,
    **_make_13_3(0),
)

# -- 13.4: leakage, predict the truth ---------------------------------------------------------------------
_OPTS4 = ("about 0.86", "about 0.68", "about 0.5")
def _leak():
    from ..practice import leakage_study
    return leakage_study(step="select", n=100, n_features=2000, keep=20, k=5, n_datasets=5, rng=0)


def _solve_134() -> str:
    st = _leak()
    out = ", ".join(f"{v:.2f}" for v in st.outside)
    ins = ", ".join(f"{v:.2f}" for v in st.inside)
    return "\n".join([
        "The labels carry no information about the features, so on new examples any learner is right about half "
        f"the time: the true accuracy is {st.truth:g}.",
        "Choosing the 20 features on all 100 examples lets the test folds vote on which features look useful: by "
        "chance, the 20 best of 2,000 noise features line up with these labels on these examples, and cross-validation then "
        "tests on examples that helped choose them.",
        f"The course's simulation (learnmetrics.practice.leakage_study, 5 data sets like this one): selection on "
        f"all the data gives cross-validated accuracies {out} (mean {st.outside.mean():.2f});",
        f"selection inside each training fold gives {ins} (mean {st.inside.mean():.2f}), around the truth.",
        "So 0.86 is the leak, not the model: on new examples it will be right about half the time.",
    ])


register(
    "13.4",
    "Labels are random, half of each class, and unrelated to the features; from 2,000 noise features the 20 most linked to the labels are chosen on all 100 "
    "examples, then 5-fold cross-validation reports an accuracy of 0.86. The accuracy on new examples is... "
    f"One of {list(_OPTS4)}.",
    kind="choice", answer="about 0.5", choices=_OPTS4,
    mistakes=[
        Mistake("about 0.86", "that is the leaked estimate itself,",
                "the test folds took part in choosing the features: the estimate is not about new examples."),
        Mistake("about 0.68", "splitting the difference does not undo a leak,",
                "on random labels no learner can beat 0.5 on new examples."),
    ],
    hint="What can any learner achieve on labels that are random and unrelated to the features?",
    solve=_solve_134,
    aliases={**{w: "about 0.5" for w in ("0.5", "0.50", "1/2", "half", "about half", "50%", "about 50%", "chance",
                                          "chance level")},
             **{w: "about 0.86" for w in ("0.86", "86%", "about 86%")},
             **{w: "about 0.68" for w in ("0.68", "68%", "about 68%")}},
)

# -- 13.5: a permutation test's p-value ------------------------------------------------------------------
_B5, _C5 = 200, 3
_PV5 = (1 + _C5) / (1 + _B5)
def _permutations_13_5(seed: int):
    """(B, C) of variant ``seed``: 50-500 permutations, a few of them at least as high; (1 + C)/B and C/B at
    least 1.5 units of the 4th decimal from (1 + C)/(1 + B), so the 4 decimals asked tell them apart."""
    if seed == 0:
        return _B5, _C5
    rng = np.random.default_rng([13, 5, seed])
    while True:
        b = int(rng.choice([50, 99, 100, 150, 199, 200, 250]))
        c = int(rng.integers(0, b // 10 + 1))
        if (1 + c) / (b * (b + 1)) >= 1.5e-4:
            return b, c


def _solve_135(b=_B5, c=_C5) -> str:
    return "\n".join([
        f"The real labelling counts as one more arrangement of the labels: under H₀ (the features say nothing "
        f"about the labels) it is as likely as any of the {b} permutations to score highest.",
        f"Scores at least as high as the real one: the real labelling itself and {c} permutations, 1 + {c} "
        f"of 1 + {b} arrangements.",
        f"p = (1 + C) / (1 + B) = (1 + {c}) / (1 + {b}) = {1 + c}/{1 + b} = {(1 + c) / (1 + b):.4f}",
        f"Without the +1, C / B = {c / b:.4f} could reach 0, a p-value no test with {b} permutations can "
        f"support; the smallest p it can report is 1/(1 + B) = {1 / (1 + b):.4f}.",
    ])


def _make_13_5(seed: int) -> dict:
    b, c = _permutations_13_5(seed)
    return dict(
        prompt=f"A cross-validated accuracy is compared with the same cross-validation on {b} label permutations; "
               f"{c} of them score at least as high. What p-value does the permutation test report (4 decimals)?",
        answer=(1 + c) / (1 + b),
        data={"n_permutations": b, "as_high": c},
        mistakes=[
            Mistake(c / b, "that leaves out the observed labelling itself,",
                    "count the real labels as one more permutation: (1 + C) / (1 + B)."),
            Mistake((1 + c) / b, "only the numerator got the +1,",
                    "the real labelling is one more permutation in the denominator too: (1 + C) / (1 + B)."),
        ],
        solve=lambda: _solve_135(b, c),
    )


register(
    "13.5",
    kind="number",
    quantity="share", decimals=4,
    hint="p = (1 + C) / (1 + B) with C the permutations scoring at least as high and B their number.",
    variants=_make_13_5,
    **_make_13_5(0),
)

# -- 13.6: explain in words ---------------------------------------------------------------------------------
register(
    "13.6",
    "Explain in words: a data set holds 6 scans of each of 30 patients. Why does random k-fold "
    "cross-validation overestimate the accuracy on new patients, and what does grouped k-fold change?",
    kind="open",
    answer="Random k-fold puts scans of the same patient in the training and the test folds, so the model is "
           "tested on patients it has already seen and can recognise the patient instead of the disease. "
           "Grouped k-fold keeps all scans of a patient in one fold, so every test patient is new, as in use. "
           "The estimate then answers the question asked: the accuracy on new patients.",
)
