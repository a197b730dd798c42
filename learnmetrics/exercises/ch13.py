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


def _solve_131() -> str:
    rows = [f"t = {t:.2f}: TPR = {tp:.1f}, FPR = {fp:.1f}, TPR - FPR = {tp - fp:+.1f}"
            for t, tp, fp in zip(_TH1[1:], _T1[1:], _F1[1:])]
    return ("\n".join(rows) + f"\nKS = the largest |TPR - FPR| = {_KS1.statistic:.3f}, at t = {_KS1.threshold:g}\n"
            f"(lm.ks_statistic gives {_KS1})")


register(
    "13.1",
    f"Labels {_Y1.tolist()} (1 = positive), scores {_S1.tolist()}. Compute the KS statistic of the scorer, "
    "the largest |TPR - FPR| over all thresholds (3 decimals).",
    kind="number",
    quantity="statistic", answer=_KS1.statistic, decimals=3, data={"y_true": _Y1, "y_score": _S1},
    mistakes=[
        Mistake(_AT05, "that is TPR - FPR at the threshold 0.5 only,",
                "the KS statistic is the largest gap over every threshold: try each score as the threshold."),
        Mistake(_ACC1, "that is the best accuracy over the thresholds,",
                "KS compares the two rates, TPR - FPR, not the share of correct predictions."),
    ],
    hint="Walk down the ranking: after each example, TPR = positives above / 5, FPR = negatives above / 5.",
    solve=_solve_131,
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
                    "Wilson's interval is centred at (k + z²/2)/(n + z²), not at p, and is narrower towards 1."),
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


def _solve_133() -> str:
    rows = [f"t = {t:.3f}: P = {p:.4f}, R = {r:.4f}" + ("  (R >= 2/3)" if r >= 2 / 3 else "")
            for p, r, t in zip(_P3[:-1][::-1], _R3[:-1][::-1], _T3[::-1])]
    return "\n".join(rows) + f"\nthe largest P among the rows with R >= 2/3: {_OP3}"


register(
    "13.3",
    f"Labels {_Y3.tolist()} (1 = positive) with scores falling from 1 to 1/12 in that order. Among the thresholds "
    "whose recall is at least 2/3, what is the highest precision (4 decimals)?",
    kind="number",
    quantity="share", answer=_OP3.precision, decimals=4, data={"y_true": _Y3, "y_score": _S3},
    mistakes=[m for m in [
        Mistake(_BELOW3, "that precision is reached only with a recall below 2/3,",
                "keep only the thresholds whose recall reaches the floor, then take the best precision."),
        Mistake(_FIRST3, "that is the precision where the recall first reaches 2/3,",
                "a lower threshold can have a higher precision (P is not monotone): check every row with R >= 2/3."),
    ] if abs(m.answer - _OP3.precision) > 1e-9],
    hint="List P and R for each cut down the ranking; keep the rows with R >= 2/3.",
    solve=_solve_133,
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
def _solve_135() -> str:
    return "\n".join([
        f"The real labelling counts as one more arrangement of the labels: under H₀ (the features say nothing "
        f"about the labels) it is as likely as any of the {_B5} permutations to score highest.",
        f"Scores at least as high as the real one: the real labelling itself and {_C5} permutations, 1 + {_C5} "
        f"of 1 + {_B5} arrangements.",
        f"p = (1 + C) / (1 + B) = (1 + {_C5}) / (1 + {_B5}) = {1 + _C5}/{1 + _B5} = {_PV5:.4f}",
        f"Without the +1, C / B = {_C5 / _B5:.4f} could reach 0, a p-value no test with {_B5} permutations can "
        f"support; the smallest p it can report is 1/(1 + B) = {1 / (1 + _B5):.4f}.",
    ])


register(
    "13.5",
    f"A cross-validated accuracy is compared with the same cross-validation on {_B5} label permutations; "
    f"{_C5} of them score at least as high. What p-value does the permutation test report (4 decimals)?",
    kind="number",
    quantity="share", answer=_PV5, decimals=4, data={"n_permutations": _B5, "as_high": _C5},
    mistakes=[
        Mistake(_C5 / _B5, "that leaves out the observed labelling itself,",
                "count the real labels as one more permutation: (1 + C) / (1 + B)."),
        Mistake((1 + _C5) / _B5, "only the numerator got the +1,",
                "the real labelling is one more permutation in the denominator too: (1 + C) / (1 + B)."),
    ],
    hint="p = (1 + C) / (1 + B) with C the permutations scoring at least as high and B their number.",
    solve=lambda: _solve_135(),
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
