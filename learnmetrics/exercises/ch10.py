"""Exercises of chapter 10: how sure is the number (bootstrap intervals, DeLong, 1/√n).

Every answer and every known mistake is computed here from the exercise's data
with learnmetrics (a mistake by applying the mistaken formula).
"""
from __future__ import annotations

import numpy as np

import learnmetrics as lm
from learnmetrics import datasets
from learnmetrics import uncertainty as U

from ._core import Mistake, register

# -- 10.1: DeLong's standard error by hand --------------------------------------------------------
_Y1 = np.array([1, 1, 1, 1, 0, 0, 0, 0])
_S1 = np.array([0.9, 0.7, 0.6, 0.3, 0.8, 0.4, 0.2, 0.1])
_V10, _V01 = U._placements(_Y1 == 1, _S1)
_R1 = U.roc_auc_ci(_Y1, _S1)
_M1, _N1 = _V10.size, _V01.size
_SE_NODDOF = float(np.sqrt(_V10.var() / _M1 + _V01.var() / _N1))
_SE_V10_ONLY = float(np.sqrt(_V10.var(ddof=1) / _M1))


def _solve_101() -> str:
    return (f"positives' scores {_S1[_Y1 == 1].tolist()}, negatives' {_S1[_Y1 == 0].tolist()}\n"
            f"V10 (share of the {_N1} negatives each positive outranks) = {np.round(_V10, 4).tolist()}\n"
            f"V01 (share of the {_M1} positives that outrank each negative) = {np.round(_V01, 4).tolist()}\n"
            f"AUC = mean(V10) = mean(V01) = {_R1.auc[0]:.4f}\n"
            f"s²(V10) = {_V10.var(ddof=1):.5f}, s²(V01) = {_V01.var(ddof=1):.5f} (divide by m - 1 and n - 1)\n"
            f"Var(AUC) = s²(V10)/{_M1} + s²(V01)/{_N1} = {_R1.covariance[0, 0]:.5f}; "
            f"standard error = √Var = {_R1.standard_error:.4f}\n"
            f"(lm.roc_auc_ci gives the same: 95% interval [{_R1.low:.3f}, {_R1.high:.3f}])")


register(
    "10.1",
    f"Labels {_Y1.tolist()} (1 = positive), scores {_S1.tolist()}. Compute DeLong's standard error of the AUC: "
    "the placement values V10 (for each positive, the share of negatives scored below it) and V01 (for each "
    "negative, the share of positives scored above it), then √(s²(V10)/m + s²(V01)/n) with the sample "
    "variances s².",
    kind="number",
    quantity="value", answer=_R1.standard_error, tolerance=5e-4, data={"y_true": _Y1, "y_score": _S1},
    mistakes=[
        Mistake(_SE_NODDOF, "you divided the variances by m and n instead of m - 1 and n - 1,",
                "DeLong uses the sample variances s² of the placement values."),
        Mistake(_SE_V10_ONLY, "only the positives' term s²(V10)/m is there,",
                "the AUC moves with the negatives drawn too: add s²(V01)/n."),
        Mistake(_R1.covariance[0, 0], "that is the variance,", "the standard error is its square root."),
    ],
    hint="V10 for the 4 positives, V01 for the 4 negatives; their sample variances; the square root at the end.",
    solve=_solve_101,
)

# -- 10.2: the 1/√n law -----------------------------------------------------------------------------
_W0, _N0, _NN = 0.20, 100, 400
_W_SQRT = _W0 * np.sqrt(_N0 / _NN)


def _solve_102() -> str:
    st = [U.auc_sampling_state(n, n_datasets=200, n_resamples=10) for n in (_N0, _NN)]
    w = [float(np.mean(s.highs - s.lows)) for s in st]
    return (f"the standard error of a mean of n terms shrinks like 1/√n, and an interval is ± z times it:\n"
            f"width({_NN}) ≈ width({_N0}) x √({_N0}/{_NN}) = {_W0} x {np.sqrt(_N0 / _NN):.2f} = {_W_SQRT:.3f}\n"
            f"simulated (binormal, 200 test sets each): mean DeLong width {w[0]:.3f} at n = {_N0}, {w[1]:.3f} at "
            f"n = {_NN}, ratio {w[1] / w[0]:.3f}\n"
            "four times the examples buy only half the width")


register(
    "10.2",
    f"A 95% interval for an AUC is {_W0} wide with {_N0} test examples. About how wide will it be with "
    f"{_NN} test examples from the same population?",
    kind="number",
    quantity="value", answer=_W_SQRT, tolerance=0.005, data={"width": _W0, "n0": _N0, "n1": _NN},
    mistakes=[
        Mistake(_W0 * _N0 / _NN, "that is width ∝ 1/n,",
                "a standard error shrinks like 1/√n: four times the data halves the width, it does not quarter it."),
        Mistake(_W0, "the width does not stay the same:", "more test examples pin the AUC down more tightly."),
    ],
    hint="How does the standard error of an average depend on n?",
    solve=_solve_102,
)

# -- 10.3: a percentile interval from 21 resampled values -----------------------------------------
_WM = datasets.watermelon_scores()
_B3 = U.bootstrap_ci(lm.roc_auc_score, _WM.y_true, _WM.y_score, n_resamples=21, rng=3)
_VALS = np.round(_B3.resampled, 3)
_SORTED = np.sort(_VALS)
_P90 = tuple(np.quantile(_VALS, [0.05, 0.95]))
_P95 = tuple(np.quantile(_VALS, [0.025, 0.975]))
_RANGE = (float(_SORTED[0]), float(_SORTED[-1]))
_NORMAL90 = (float(_VALS.mean() - 1.6449 * _VALS.std(ddof=1)), float(_VALS.mean() + 1.6449 * _VALS.std(ddof=1)))


def _solve_103() -> str:
    return (f"sorted: {_SORTED.tolist()}\n"
            f"a 90% percentile interval cuts 5% off each end: the 0.05 and 0.95 quantiles; with 21 values "
            f"(positions 0 .. 20) they sit at positions 0.05 x 20 = 1 and 0.95 x 20 = 19: the 2nd smallest and the "
            f"2nd largest value: ({_P90[0]:.3f}, {_P90[1]:.3f})\n"
            "(np.quantile(values, [0.05, 0.95]) does the same; lm.bootstrap_ci uses it with 2,000 resamples)")


register(
    "10.3",
    f"21 bootstrap resamples of the 17 watermelons gave these AUCs: {_VALS.tolist()}. What is the 90% "
    "percentile interval (low, high)? Use the quantiles of np.quantile (positions 0 .. 20).",
    kind="tuple",
    quantity="share", answer=_P90, tolerance=5e-4, data={"values": _VALS},
    mistakes=[
        Mistake(_RANGE, "that is the full range (min, max),", "a 90% interval drops 5% of the values at each end."),
        Mistake(_P95, "that is the 95% interval (the 0.025 and 0.975 quantiles),",
                "90% leaves 5% at each end: the 0.05 and 0.95 quantiles."),
        Mistake(_NORMAL90, "that is the normal interval mean ± 1.645 sd,",
                "the percentile interval reads the ends off the sorted resampled values themselves."),
    ],
    hint="Sort the 21 values; a 90% interval keeps the middle 90%.",
    solve=_solve_103,
)

# -- 10.4: DeLong's z for two correlated AUCs -------------------------------------------------------
_Y4 = np.array([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
_A4 = np.array([0.95, 0.80, 0.70, 0.55, 0.40, 0.60, 0.35, 0.30, 0.20, 0.15, 0.05])
_B4 = np.array([0.90, 0.60, 0.75, 0.35, 0.30, 0.65, 0.50, 0.25, 0.40, 0.10, 0.20])
_T4 = U.delong_test(_Y4, _A4, _B4)
_C4 = _T4.covariance
_Z_UNPAIRED = _T4.difference / np.sqrt(_C4[0, 0] + _C4[1, 1])
_Z_PLUS = _T4.difference / np.sqrt(_C4[0, 0] + _C4[1, 1] + 2 * _C4[0, 1])


def _solve_104() -> str:
    return (f"difference AUC_A - AUC_B = {_T4.auc[0]:.4f} - {_T4.auc[1]:.4f} = {_T4.difference:.4f}\n"
            f"Var(difference) = Var_A + Var_B - 2 Cov = {_C4[0, 0]:.5f} + {_C4[1, 1]:.5f} - 2 x {_C4[0, 1]:.5f} "
            f"= {_C4[0, 0] + _C4[1, 1] - 2 * _C4[0, 1]:.5f}\n"
            f"z = {_T4.difference:.4f} / √{_C4[0, 0] + _C4[1, 1] - 2 * _C4[0, 1]:.5f} = {_T4.z:.3f}; "
            f"two-sided p = {_T4.p_value:.3f}\n"
            "the covariance is positive (both models find the same examples hard), so the paired variance is "
            "smaller than Var_A + Var_B: ignoring it would understate z")


register(
    "10.4",
    f"Two models score the same {_Y4.size} examples. DeLong gives AUC_A = {_T4.auc[0]:.4f}, AUC_B = "
    f"{_T4.auc[1]:.4f}, Var_A = {_C4[0, 0]:.5f}, Var_B = {_C4[1, 1]:.5f} and Cov(A, B) = {_C4[0, 1]:.5f}. "
    "What is DeLong's z statistic for AUC_A - AUC_B?",
    kind="number",
    quantity="statistic",
    signed=True, answer=_T4.z, tolerance=0.005, data={"y_true": _Y4, "y_score_a": _A4, "y_score_b": _B4},
    mistakes=[
        Mistake(_Z_UNPAIRED, "the covariance is missing (that treats the two AUCs as independent),",
                "both models are scored on the same examples: Var(A - B) = Var_A + Var_B - 2 Cov."),
        Mistake(_Z_PLUS, "you added the covariance,", "the variance of a difference subtracts 2 Cov."),
    ],
    hint="z = difference / √Var(difference); the two AUCs share their examples.",
    solve=_solve_104,
)

# -- 10.5: predict, then check with the explorer: does a 95% interval from 17 examples hold the truth 95% of
# the time? (10.2 practises 1/√n; this one the coverage, which rests on DeLong's normal approximation)
_OPTS5 = ("about 95%", "below 95%", "above 95%")
_ST5 = {n: U.auc_sampling_state(n, n_datasets=200, n_resamples=10) for n in (17, 250)}   # the explorer's sets
_COV5 = _ST5[17].coverage
_SE5 = float(np.sqrt(0.95 * 0.05 / _ST5[17].aucs.size))     # the spread of a share counted on 200 test sets
_BAND5 = (0.95 - 2 * _SE5, 0.95 + 2 * _SE5)
_CAT5 = _OPTS5[0] if _BAND5[0] <= _COV5 <= _BAND5[1] else _OPTS5[1] if _COV5 < _BAND5[0] else _OPTS5[2]


def _solve_105() -> str:
    s17, s250 = _ST5[17], _ST5[250]
    misses = int(round((1 - _COV5) * s17.aucs.size))
    return (f"true AUC {s17.true_auc:.3f}; of the {s17.aucs.size} test sets of n = 17, {s17.aucs.size - misses} "
            f"DeLong intervals hold it and {misses} miss it: coverage {_COV5:.1%}.\n"
            f"200 test sets pin a share down to about ±2 × √(0.95 × 0.05 / 200) = ±{2 * _SE5:.3f}, so a true 95% "
            f"would show between {_BAND5[0]:.1%} and {_BAND5[1]:.1%}; {_COV5:.1%} is {_CAT5.split()[0]} that band: "
            f"{_CAT5}.\n"
            f"Why: DeLong's interval is estimate ± 1.96 standard errors, a normal approximation. With 17 examples "
            f"the AUC's spread is estimated from only 8 positive and 9 negative scores and its sampling distribution "
            f"is skewed (it cannot pass 1), so the intervals miss the truth more often than 5% of the time. At "
            f"n = 250 the coverage is {s250.coverage:.1%}. A nominal 95% is a promise the method keeps only where "
            f"its approximation holds.")


register(
    "10.5",
    "Predict, then check with the explorer: set the sample-size slider to n = 17 (as many test examples as the "
    "watermelons). Of the 200 test sets, what share of the 95% DeLong intervals hold the true AUC (the explorer's "
    f"title counts them)? One of {list(_OPTS5)} (about: within the ±2 standard errors that 200 test sets allow, "
    f"{_BAND5[0]:.0%} to {_BAND5[1]:.0%}).",
    kind="choice", answer=_CAT5, choices=_OPTS5, data={"coverage": _COV5, "band": _BAND5},
    mistakes=[Mistake(o, m, h) for o, m, h in [
        ("about 95%", "a 95% interval holds the truth 95% of the time only where the approximation it rests on holds,",
         "DeLong's interval is estimate ± 1.96 standard errors; is the AUC of 17 examples close to normal?"),
        ("below 95%", "the approximation is rough with few examples, but here it does not cost coverage,",
         "count the intervals that miss the truth in the explorer."),
        ("above 95%", "wide is not the same as covering:",
         "the intervals at n = 17 are wide, but count how many of the 200 miss the true AUC."),
    ] if o != _CAT5],
    aliases={**{w: "about 95%" for w in ("95%", "about 95", "around 95%", "close to 95%")},
             **{w: "below 95%" for w in ("below", "less than 95%", "lower", "under 95%", "below 95")},
             **{w: "above 95%" for w in ("above", "more than 95%", "higher", "over 95%", "above 95")}},
    hint="Check how DeLong's interval is made: which approximation does it rest on, and is it good for 17 examples?",
    solve=_solve_105,
)

# -- 10.6: explain in words -------------------------------------------------------------------------
_R6 = U.roc_auc_ci(_WM.y_true, _WM.y_score)

register(
    "10.6",
    f"Explain in words: the watermelon learner's AUC is {_R6.auc[0]:.3f} on 17 melons, with a 95% DeLong "
    f"interval [{_R6.low:.2f}, {_R6.high:.2f}]. What can these 17 melons tell, and what can they not?",
    kind="open",
    answer="They tell that the learner probably ranks better than a coin: this interval lies above 0.5, so a learner with "
           "AUC 0.5 would rarely rank 17 melons this well (though not by much: the chapter's BCa bootstrap interval "
           "reaches down to 0.500, so another honest method is less sure). They cannot tell how good it is to better than about "
           "±0.2: any AUC from roughly 0.6 to 1 fits these melons, so 0.806 must not be reported with three "
           "digits as if they were all meaningful, and a second learner whose AUC is 0.05 higher on the same 17 "
           "melons is not shown to be better. Narrowing the interval needs more test examples; its width falls "
           "only like 1/√n.",
)
