"""Exercises of chapter 14: a real model evaluated from start to finish.

Every answer and every known mistake is computed here from the exercise's data
with learnmetrics (a mistake by applying the mistaken formula). The numbers are
the chapter's (the Caravan test set: 1,747 customers, 104 buyers).
"""
from __future__ import annotations

import numpy as np

import math

from learnmetrics import uncertainty as U

from ._core import Mistake, register

_Z = 1.959963984540054

# -- 14.1: the Wilson interval of a recall ------------------------------------------------------------
_K1, _N1 = 62, 104
_W1 = U.proportion_ci(_K1, _N1, method="wilson")
_CP1 = U.proportion_ci(_K1, _N1, method="exact")
_P1 = _K1 / _N1
_WALD1 = _P1 + _Z * math.sqrt(_P1 * (1 - _P1) / _N1)
_WRONG_N1 = U.proportion_ci(_K1, 1747, method="wilson").high   # all test customers as the trials


def _solve_141(k=_K1, n=_N1) -> str:
    w, cp = U.proportion_ci(k, n, method="wilson"), U.proportion_ci(k, n, method="exact")
    return (f"recall = {k}/{n} = {k / n:.4f}; the trials are the {n} buyers, not all customers\n"
            f"centre = (k + z²/2) / (n + z²) = {(k + _Z * _Z / 2) / (n + _Z * _Z):.4f}\n"
            f"half-width = z / (n + z²) · sqrt(k(n-k)/n + z²/4) = "
            f"{_Z / (n + _Z * _Z) * math.sqrt(k * (n - k) / n + _Z * _Z / 4):.4f}\n"
            f"Wilson: [{w.low:.4f}, {w.high:.4f}] (Clopper-Pearson: [{cp.low:.4f}, {cp.high:.4f}])")


def _make_14_1(seed: int) -> dict:
    """Variant ``seed``: another model on the chapter's test set (the same 104 buyers among 1,747 customers)
    reaching 20-95 of the buyers (seed 0: the chapter's model, 62)."""
    k, n = (_K1, _N1) if seed == 0 else (int(np.random.default_rng([14, 1, seed]).integers(20, 96)), _N1)
    p = k / n
    return dict(
        prompt=f"The test set has {n} buyers; {'the' if seed == 0 else 'another'} model reaches {k} of them. Compute "
               "the upper end of the 95% Wilson interval of the recall (4 decimals).",
        answer=U.proportion_ci(k, n, method="wilson").high,
        data={"k": k, "n": n},
        mistakes=[
            Mistake(p + _Z * math.sqrt(p * (1 - p) / n), "that is the Wald interval p + z·sqrt(p(1-p)/n),",
                    "Wilson's interval is centred at (k + z²/2)/(n + z²), not at p."),
            Mistake(U.proportion_ci(k, n, method="exact").high, "that is the Clopper-Pearson (exact) interval's upper end,",
                    "the exercise asks for Wilson's score interval."),
            Mistake(U.proportion_ci(k, 1747, method="wilson").high, "that counts all 1,747 test customers as trials,",
                    "a recall is a share of the buyers: n is the number of buyers."),
        ],
        solve=lambda: _solve_141(k, n),
    )


register(
    "14.1",
    kind="number", quantity="share", decimals=4,
    hint="n = the buyers (the recall's denominator); z = 1.96; centre (k + z²/2)/(n + z²); "
         "half-width z/(n + z²)·sqrt(k(n-k)/n + z²/4).",
    variants=_make_14_1,
    **_make_14_1(0),
)

# -- 14.2: precision at another prevalence ------------------------------------------------------------------
_TPR2, _FPR2, _PI2 = 0.6, 0.25, 0.03
_PREC2 = _TPR2 * _PI2 / (_TPR2 * _PI2 + _FPR2 * (1 - _PI2))


def _make_14_2(seed: int) -> dict:
    if seed == 0:
        tpr, fpr, pi = _TPR2, _FPR2, _PI2
    else:
        rng = np.random.default_rng([14, seed])
        tpr, fpr = float(rng.choice([0.5, 0.6, 0.7, 0.8, 0.9])), float(rng.choice([0.05, 0.1, 0.15, 0.2, 0.25]))
        pi = float(rng.choice([0.01, 0.02, 0.05, 0.08, 0.1, 0.2]))
    prec = tpr * pi / (tpr * pi + fpr * (1 - pi))
    return dict(
        prompt=f"A model has recall (TPR) {tpr} and false positive rate {fpr}. Compute its precision when the share "
               f"of positives is {pi} (4 decimals).",
        answer=prec, data={"tpr": tpr, "fpr": fpr, "prevalence": pi},
        mistakes=[
            Mistake(tpr / (tpr + fpr), "that ignores the share of positives,",
                    "TP and FP are rates times the number of positives and of negatives: weight TPR by π, FPR by 1 - π."),
            Mistake(tpr * pi / (tpr * pi + fpr), "the false positive rate was not weighted by 1 - π,",
                    "FP = FPR times the negatives, a share 1 - π of the customers."),
        ],
        solve=lambda: (f"P = TPR·π / (TPR·π + FPR·(1 - π)) = {tpr}·{pi} / ({tpr}·{pi} + {fpr}·{1 - pi:.2f}) "
                       f"= {prec:.4f}"),
    )


register(
    "14.2",
    kind="number", quantity="share", decimals=4,
    hint="P = TP / (TP + FP) with TP = TPR·π·m and FP = FPR·(1 - π)·m.",
    variants=_make_14_2,
    **_make_14_2(0),
)

# -- 14.3: the majority class's accuracy ---------------------------------------------------------------------
_M3, _POS3 = 1747, 104
_ACC3 = (_M3 - _POS3) / _M3


def _all_customers() -> tuple[int, int]:
    """(customers, buyers) of the whole Caravan data, as the chapter's 'mailing nobody' cell counts them
    (its last column, read without building the feature matrix)."""
    import gzip
    from importlib import resources

    from learnmetrics import realdata
    raw = resources.files("learnmetrics").joinpath("data", realdata._CARAVAN_FILE).read_bytes()
    rows = gzip.decompress(raw).decode("utf-8").splitlines()[1:]
    return len(rows), sum(r.rsplit(",", 1)[1] == "Yes" for r in rows)     # load_caravan's y = 1


_N_ALL, _POS_ALL = _all_customers()
_ACC_ALL = (_N_ALL - _POS_ALL) / _N_ALL      # 0.9402, printed by the chapter before the split


def _make_14_3(seed: int) -> dict:
    if seed == 0:
        m, pos = _M3, _POS3
    else:
        rng = np.random.default_rng([14, 3, seed])
        m = int(rng.integers(800, 3001))
        pos = int(rng.integers(m // 50, m // 8))
    acc = (m - pos) / m
    return dict(
        prompt=f"On {m:,} test customers with {pos} buyers, what accuracy does the model that predicts 'no purchase' "
               "for everyone get (4 decimals)?",
        answer=acc, data={"m": m, "positives": pos},
        mistakes=[
            Mistake(pos / m, "that is the share of buyers, the customers it gets wrong,",
                    "accuracy is the share it gets right: every non-buyer."),
            Mistake(0.5, "a constant prediction is not a coin flip,",
                    "it is right on every example of the class it predicts."),
            Mistake(_ACC_ALL, f"that is the accuracy of mailing nobody on all {_N_ALL:,} customers, printed before the "
                    "split,", f"this exercise asks about the {m:,} test customers only: ({m} - {pos}) / {m}."),
        ],
        solve=lambda: f"accuracy = ({m} - {pos}) / {m} = {acc:.4f}",
    )


register(
    "14.3",
    kind="number", quantity="share", decimals=4,
    hint="It is right on every customer who did not buy.",
    variants=_make_14_3,
    **_make_14_3(0),
)

# -- 14.4: recalibration and AUC --------------------------------------------------------------------------------
_OPTS4 = ("unchanged", "higher", "lower")
register(
    "14.4",
    "A model trained with class_weight='balanced' on data with 6% positives predicts a mean probability of 0.43. "
    "It is recalibrated by one increasing sigmoid of its score, fitted on held-out data. Its ROC AUC on the same "
    f"test set is then... One of {list(_OPTS4)}.",
    kind="choice", answer="unchanged", choices=_OPTS4,
    mistakes=[
        Mistake("higher", "recalibration changes the probabilities, not their order,",
                "AUC depends only on the order of the scores, and an increasing map keeps it."),
        Mistake("lower", "the probabilities shrink towards 6%, but their order stays,",
                "AUC counts the positive-negative pairs in the right order; an increasing map swaps none of them."),
    ],
    hint="What does AUC depend on, and what does an increasing function do to an order?",
)

# -- 14.5: which estimate is honest -------------------------------------------------------------------------------
_OPTS5 = ("grid best", "nested CV", "training AP")
register(
    "14.5",
    "Before the test set is used, three estimates of the AP that 'tune by grid search, then fit' achieves on new "
    "customers are at hand: the grid search's best cross-validated score (grid best), the nested cross-validation "
    "score (nested CV) and the AP on the training customers (training AP). Which one is not optimistic by "
    f"construction? One of {list(_OPTS5)}.",
    kind="choice", answer="nested CV", choices=_OPTS5,
    aliases={**{w: "nested CV" for w in ("nested", "nested cross-validation", "nested cross validation")},
             **{w: "grid best" for w in ("grid", "grid search", "best grid score", "grid search best")},
             **{w: "training AP" for w in ("training", "training score", "AP on the training data")}},
    mistakes=[
        Mistake("grid best", "the best configuration was chosen on the same folds that score it,",
                "the best of several estimates is biased upwards (chapter 13); nested CV scores the choice on folds "
                "it did not see."),
        Mistake("training AP", "the model has seen those customers,",
                "a score on the training data measures memory, not new customers."),
    ],
    hint="Which estimate keeps the choosing of the configuration away from the examples that score it?",
)

# -- 14.6: explain in words --------------------------------------------------------------------------------------
register(
    "14.6",
    "Explain in words: why is the threshold of this chapter chosen on out-of-fold scores of the development set "
    "and not on the test set?",
    kind="open",
    answer="Choosing the threshold is fitting: it adapts to the examples it is chosen on. Chosen on the test set, "
           "the test set no longer measures new customers and the reported precision and recall are optimistic. "
           "Out-of-fold scores are scores of models that did not see each customer, so they behave like scores "
           "of new customers, and the test set stays untouched for one honest check.",
)
