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


def _scores_10_1(seed: int):
    """(labels, scores) of variant ``seed``: four positives and four negatives, eight distinct one-decimal
    scores, the AUC strictly between 0.5 and 1 (both placement values vary: no zero variance)."""
    if seed == 0:
        return _Y1, _S1
    rng = np.random.default_rng([10, 1, seed])
    while True:
        s = rng.choice(np.arange(1, 10), 8, replace=False) / 10
        v10, v01 = U._placements(_Y1 == 1, s)
        if 0.5 < v10.mean() < 1 and np.ptp(v10) > 0 and np.ptp(v01) > 0:
            return _Y1, s


def _solve_101(y, s) -> str:
    v10, v01 = U._placements(y == 1, s)
    r, m, n = U.roc_auc_ci(y, s), v10.size, v01.size
    return (f"positives' scores {s[y == 1].tolist()}, negatives' {s[y == 0].tolist()}\n"
            f"V10 (share of the {n} negatives each positive outranks) = {np.round(v10, 4).tolist()}\n"
            f"V01 (share of the {m} positives that outrank each negative) = {np.round(v01, 4).tolist()}\n"
            f"AUC = mean(V10) = mean(V01) = {r.auc[0]:.4f}\n"
            f"s²(V10) = {v10.var(ddof=1):.5f}, s²(V01) = {v01.var(ddof=1):.5f} (divide by m - 1 and n - 1)\n"
            f"Var(AUC) = s²(V10)/{m} + s²(V01)/{n} = {r.covariance[0, 0]:.5f}; "
            f"standard error = √Var = {r.standard_error:.4f}\n"
            f"(lm.roc_auc_ci gives the same: 95% interval [{r.low:.3f}, {r.high:.3f}])")


def _make_10_1(seed: int) -> dict:
    y, s = _scores_10_1(seed)
    v10, v01 = U._placements(y == 1, s)
    r, m, n = U.roc_auc_ci(y, s), v10.size, v01.size
    return dict(
        prompt=f"Labels {y.tolist()} (1 = positive), scores {s.tolist()}. Compute DeLong's standard error of the AUC: "
               "the placement values V10 (for each positive, the share of negatives scored below it) and V01 (for each "
               "negative, the share of positives scored above it), then √(s²(V10)/m + s²(V01)/n) with the sample "
               "variances s².",
        answer=r.standard_error,
        data={"y_true": y, "y_score": s},
        mistakes=[
            Mistake(float(np.sqrt(v10.var() / m + v01.var() / n)),
                    "you divided the variances by m and n instead of m - 1 and n - 1,",
                    "DeLong uses the sample variances s² of the placement values."),
            Mistake(float(np.sqrt(v10.var(ddof=1) / m)), "only the positives' term s²(V10)/m is there,",
                    "the AUC moves with the negatives drawn too: add s²(V01)/n."),
            Mistake(r.covariance[0, 0], "that is the variance,", "the standard error is its square root."),
        ],
        solve=lambda: _solve_101(y, s),
    )


register(
    "10.1",
    kind="number",
    quantity="value", tolerance=5e-4,
    hint="V10 for the 4 positives, V01 for the 4 negatives; their sample variances; the square root at the end.",
    variants=_make_10_1,
    **_make_10_1(0),
)

# -- 10.2: the 1/√n law -----------------------------------------------------------------------------
_W0, _N0, _NN = 0.20, 100, 400
_W_SQRT = _W0 * np.sqrt(_N0 / _NN)
#: the factor m by which the width shrinks (m² times the examples): how the text says it
_SHRINK_102 = {2: ("four times the data halves the width, it does not quarter it.",
                   "four times the examples buy only half the width"),
               3: ("nine times the data divides the width by three, not by nine.",
                   "nine times the examples buy only a third of the width"),
               4: ("sixteen times the data divides the width by four, not by sixteen.",
                   "sixteen times the examples buy only a quarter of the width")}


def _setting_10_2(seed: int):
    """(width, n, n') of variant ``seed``: a two-decimal width 0.12-0.30 at n = 50, 100 or 200 test examples,
    n' = m² n with m = 2, 3 or 4 (n' at most 900), so the answer is the width over m."""
    if seed == 0:
        return _W0, _N0, _NN
    rng = np.random.default_rng([10, 2, seed])
    while True:
        n, m = int(rng.choice([50, 100, 200])), int(rng.integers(2, 5))
        if n * m * m <= 900:
            return float(rng.integers(6, 16)) / 50, n, n * m * m


def _n_datasets_10_2(w0, n0, nn) -> int:
    """Test sets simulated per size: 200 for the exercise itself, 50 for a variant (a few ms)."""
    return 200 if (w0, n0, nn) == (_W0, _N0, _NN) else 50


def _solve_102(w0=_W0, n0=_N0, nn=_NN, n_datasets=200) -> str:
    m = round(np.sqrt(nn / n0))
    st = [U.auc_sampling_state(n, n_datasets=n_datasets, n_resamples=10) for n in (n0, nn)]
    w = [float(np.mean(s.highs - s.lows)) for s in st]
    return (f"the standard error of a mean of n terms shrinks like 1/√n, and an interval is ± z times it:\n"
            f"width({nn}) ≈ width({n0}) x √({n0}/{nn}) = {w0} x {np.sqrt(n0 / nn):.2f} = {w0 * np.sqrt(n0 / nn):.3f}\n"
            f"simulated (binormal, {n_datasets} test sets each): mean DeLong width {w[0]:.3f} at n = {n0}, {w[1]:.3f} at "
            f"n = {nn}, ratio {w[1] / w[0]:.3f}\n"
            f"{_SHRINK_102[m][1]}")


def _make_10_2(seed: int) -> dict:
    w0, n0, nn = _setting_10_2(seed)
    m = round(np.sqrt(nn / n0))
    return dict(
        prompt=f"A 95% interval for an AUC is {w0} wide with {n0} test examples. About how wide will it be with "
               f"{nn} test examples from the same population?",
        answer=w0 * np.sqrt(n0 / nn),
        data={"width": w0, "n0": n0, "n1": nn},
        mistakes=[
            Mistake(w0 * n0 / nn, "that is width ∝ 1/n,", f"a standard error shrinks like 1/√n: {_SHRINK_102[m][0]}"),
            Mistake(w0, "the width does not stay the same:", "more test examples pin the AUC down more tightly."),
        ],
        solve=lambda: _solve_102(w0, n0, nn, _n_datasets_10_2(w0, n0, nn)),
    )


register(
    "10.2",
    kind="number",
    quantity="value", tolerance=0.005,
    hint="How does the standard error of an average depend on n?",
    variants=_make_10_2,
    **_make_10_2(0),
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


def _resampled_10_3(seed: int):
    """21 bootstrap AUCs of the watermelons (rounded to 3 decimals) for variant ``seed``: another
    resampling seed; the two smallest and the two largest values differ by at least 0.002, so the 90% and
    95% intervals and the range differ at 3 decimals."""
    if seed == 0:
        return _VALS
    vals = np.round(U.bootstrap_ci(lm.roc_auc_score, _WM.y_true, _WM.y_score, n_resamples=21,
                                   rng=np.random.default_rng([10, 3, seed])).resampled, 3)
    v = np.sort(vals)
    if v[1] - v[0] < 0.002 or v[-1] - v[-2] < 0.002:
        raise ValueError("the 90% and 95% ends would agree at 3 decimals")
    return vals


def _solve_103(vals) -> str:
    p90 = tuple(np.quantile(vals, [0.05, 0.95]))
    return (f"sorted: {np.sort(vals).tolist()}\n"
            f"a 90% percentile interval cuts 5% off each end: the 0.05 and 0.95 quantiles; with 21 values "
            f"(positions 0 .. 20) they sit at positions 0.05 x 20 = 1 and 0.95 x 20 = 19: the 2nd smallest and the "
            f"2nd largest value: ({p90[0]:.3f}, {p90[1]:.3f})\n"
            "(np.quantile(values, [0.05, 0.95]) does the same; lm.bootstrap_ci uses it with 2,000 resamples)")


def _make_10_3(seed: int) -> dict:
    vals = _resampled_10_3(seed)
    sd = vals.std(ddof=1)
    return dict(
        prompt=f"21 bootstrap resamples of the 17 watermelons gave these AUCs: {vals.tolist()}. What is the 90% "
               "percentile interval (low, high)? Use the quantiles of np.quantile (positions 0 .. 20).",
        answer=tuple(np.quantile(vals, [0.05, 0.95])),
        data={"values": vals},
        mistakes=[
            Mistake((float(vals.min()), float(vals.max())), "that is the full range (min, max),",
                    "a 90% interval drops 5% of the values at each end."),
            Mistake(tuple(np.quantile(vals, [0.025, 0.975])), "that is the 95% interval (the 0.025 and 0.975 quantiles),",
                    "90% leaves 5% at each end: the 0.05 and 0.95 quantiles."),
            Mistake((float(vals.mean() - 1.6449 * sd), float(vals.mean() + 1.6449 * sd)),
                    "that is the normal interval mean ± 1.645 sd,",
                    "the percentile interval reads the ends off the sorted resampled values themselves."),
        ],
        solve=lambda: _solve_103(vals),
    )


register(
    "10.3",
    kind="tuple",
    quantity="share", tolerance=5e-4,
    hint="Sort the 21 values; a 90% interval keeps the middle 90%.",
    variants=_make_10_3,
    **_make_10_3(0),
)

# -- 10.4: DeLong's z for two correlated AUCs -------------------------------------------------------
_Y4 = np.array([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
_A4 = np.array([0.95, 0.80, 0.70, 0.55, 0.40, 0.60, 0.35, 0.30, 0.20, 0.15, 0.05])
_B4 = np.array([0.90, 0.60, 0.75, 0.35, 0.30, 0.65, 0.50, 0.25, 0.40, 0.10, 0.20])
_T4 = U.delong_test(_Y4, _A4, _B4)
_C4 = _T4.covariance
_Z_UNPAIRED = _T4.difference / np.sqrt(_C4[0, 0] + _C4[1, 1])
_Z_PLUS = _T4.difference / np.sqrt(_C4[0, 0] + _C4[1, 1] + 2 * _C4[0, 1])


def _scores_10_4(seed: int):
    """(labels, scores of A, scores of B) of variant ``seed``: the same 5 positives and 6 negatives, two-decimal
    scores that share a common part (the covariance of the AUCs is positive), A's leaning more to the labels
    (some differences are significant), AUC_A - AUC_B at least 0.03 and
    Var(A - B) at least 0.002 (the rounded numbers of the prompt give z to 2 decimals)."""
    if seed == 0:
        return _Y4, _A4, _B4
    rng = np.random.default_rng([10, 4, seed])
    while True:
        base = 0.2 * _Y4 + rng.normal(0, 0.15, _Y4.size)
        a = np.clip(np.round(0.45 + base + rng.uniform(0, 0.3) * _Y4 + rng.normal(0, 0.1, _Y4.size), 2), 0.01, 0.99)
        b = np.clip(np.round(0.45 + base + rng.normal(0, 0.15, _Y4.size), 2), 0.01, 0.99)
        t = U.delong_test(_Y4, a, b)
        c = t.covariance
        if c[0, 1] > 0 and abs(t.difference) >= 0.03 and c[0, 0] + c[1, 1] - 2 * c[0, 1] >= 0.002:
            return _Y4, a, b


def _solve_104(y, a, b) -> str:
    t = U.delong_test(y, a, b)
    c = t.covariance
    return (f"difference AUC_A - AUC_B = {t.auc[0]:.4f} - {t.auc[1]:.4f} = {t.difference:.4f}\n"
            f"Var(difference) = Var_A + Var_B - 2 Cov = {c[0, 0]:.5f} + {c[1, 1]:.5f} - 2 x {c[0, 1]:.5f} "
            f"= {c[0, 0] + c[1, 1] - 2 * c[0, 1]:.5f}\n"
            f"z = {t.difference:.4f} / √{c[0, 0] + c[1, 1] - 2 * c[0, 1]:.5f} = {t.z:.3f}; "
            f"two-sided p = {t.p_value:.3f}\n"
            "the covariance is positive (both models find the same examples hard), so the paired variance is "
            "smaller than Var_A + Var_B: ignoring it would understate z")


def _make_10_4(seed: int) -> dict:
    y, a, b = _scores_10_4(seed)
    t = U.delong_test(y, a, b)
    c = t.covariance
    return dict(
        prompt=f"Two models score the same {y.size} examples. DeLong gives AUC_A = {t.auc[0]:.4f}, AUC_B = "
               f"{t.auc[1]:.4f}, Var_A = {c[0, 0]:.5f}, Var_B = {c[1, 1]:.5f} and Cov(A, B) = {c[0, 1]:.5f}. "
               "What is DeLong's z statistic for AUC_A - AUC_B?",
        answer=t.z,
        data={"y_true": y, "y_score_a": a, "y_score_b": b},
        mistakes=[
            Mistake(t.difference / np.sqrt(c[0, 0] + c[1, 1]),
                    "the covariance is missing (that treats the two AUCs as independent),",
                    "both models are scored on the same examples: Var(A - B) = Var_A + Var_B - 2 Cov."),
            Mistake(t.difference / np.sqrt(c[0, 0] + c[1, 1] + 2 * c[0, 1]), "you added the covariance,",
                    "the variance of a difference subtracts 2 Cov."),
        ],
        solve=lambda: _solve_104(y, a, b),
    )


register(
    "10.4",
    kind="number",
    quantity="statistic",
    signed=True, tolerance=0.005,
    hint="z = difference / √Var(difference); the two AUCs share their examples.",
    variants=_make_10_4,
    **_make_10_4(0),
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
