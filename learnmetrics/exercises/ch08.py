"""Exercises of chapter 08: comparison tests (binomial, paired t, McNemar, Friedman, Nemenyi).

Every answer and every known mistake is computed here from the exercise's data
with learnmetrics (a mistake by applying the mistaken formula).
"""
from __future__ import annotations

import numpy as np

import learnmetrics as lm

from ._core import Mistake, register

# -- 08.1: the binomial test's critical count ---------------------------------------------------
_M, _EPS0, _ALPHA = 40, 0.05, 0.05
_BT = lm.binomial_test(0, _M, epsilon0=_EPS0, alpha=_ALPHA)
_C = _BT.details["critical_count"]


def _solve_081() -> str:
    rows = "\n".join(f"  P(X >= {c}) = {lm.binomial_test(c, _M, epsilon0=_EPS0).p_value:.4f}"
                     f"{'  <= α: reject' if c >= _C else ''}" for c in range(max(_C - 3, 1), _C + 2))
    return (f"X = the number of test errors ~ Binomial(m = {_M}, ε₀ = {_EPS0}) if H₀ holds at its edge\n{rows}\n"
            f"the smallest count with P(X >= c) <= {_ALPHA} is c = {_C}; the book's critical rate is "
            f"ε̄ = (c - 1)/m = {_BT.details['epsilon_bar']:.4f}: reject when the test error rate EXCEEDS it\n"
            f"(ε₀ m = {_EPS0 * _M:g} errors is what H₀ expects on average, far from enough to reject)")


register(
    "08.2",
    f"A classifier is tested on m = {_M} independent examples. H₀: its generalisation error is at most "
    f"ε₀ = {_EPS0}; α = {_ALPHA}. What is the critical count c: the smallest number of test errors at which "
    f"H₀ is rejected, i.e. the smallest c with P(X ≥ c) ≤ α for X ~ Binomial({_M}, {_EPS0})?",
    kind="number",
    quantity="count",
    units=("errors", "error", "个错误", "个"), answer=_C, tolerance=0.01, decimals=0, data={"m": _M, "epsilon0": _EPS0, "alpha": _ALPHA},
    mistakes=[
        Mistake(_BT.details["epsilon_bar"] * _M, "that is ε̄·m, the largest count that is NOT rejected,",
                "the book rejects when the error rate exceeds ε̄ = (c - 1)/m, so the first rejected count is one more."),
        Mistake(_EPS0 * _M, "that is ε₀·m, the number of errors H₀ expects on average,",
                "rejecting needs a count so large that it happens with probability at most α if H₀ holds."),
    ],
    hint=f"Compute the binomial tail P(X ≥ c) for c = 1, 2, 3, ... and stop at the first c where it is ≤ {_ALPHA}.",
    solve=_solve_081,
)

# -- 08.2: a paired t statistic from six folds --------------------------------------------------
_EA = np.array([0.10, 0.12, 0.15, 0.11, 0.09, 0.13])
_EB = np.array([0.08, 0.13, 0.12, 0.07, 0.09, 0.11])
_PT = lm.paired_t_test(_EA, _EB)
_D = _PT.details["differences"]
_K = len(_D)
_MU, _SD = _PT.details["mean_difference"], _PT.details["std_difference"]


def _solve_082() -> str:
    return (f"differences Δ_i = ε_i^A - ε_i^B = {np.round(_D, 4).tolist()}\n"
            f"mean μ = {_MU:.5f}; sample standard deviation σ (divide by k - 1 = {_K - 1}) = {_SD:.5f}\n"
            f"τ_t = |√k μ / σ| = √{_K} x {_MU:.5f} / {_SD:.5f} = {abs(_PT.statistic):.4f}\n"
            f"compare with the t critical value for df = {_K - 1}: {_PT.critical_value:.4f} -> "
            f"{_PT.decision}")


register(
    "08.3",
    f"Two learners are cross-validated on the same k = {len(_EA)} folds. Fold error rates of A: "
    f"{_EA.tolist()}; of B: {_EB.tolist()}. What is the paired t statistic τ_t = |√k μ / σ| of the "
    "differences A - B (σ the sample standard deviation)?",
    kind="number",
    quantity="statistic", answer=abs(_PT.statistic), tolerance=0.005, data={"errors_a": _EA, "errors_b": _EB},
    mistakes=[
        Mistake(np.sqrt(_K) * abs(_MU) / np.std(_D), "you divided by k instead of k - 1 in the standard deviation,",
                "the sample standard deviation of the k differences divides by k - 1."),
        Mistake(abs(_MU) / _SD, "the factor √k is missing,",
                "the mean of k differences varies √k times less than one difference: τ_t = √k μ / σ."),
        Mistake(abs(_EA.mean() - _EB.mean()) / np.sqrt(_EA.var(ddof=1) / _K + _EB.var(ddof=1) / _K),
                "that is an unpaired two-sample t statistic,",
                "the folds are shared, so work on the fold-by-fold differences: the fold-to-fold swings cancel."),
    ],
    hint=f"Take the {_K} differences, their mean μ and sample standard deviation σ, then √{_K} μ / σ.",
    solve=_solve_082,
)

# -- 08.3: McNemar from a 2x2 table ---------------------------------------------------------------
_TABLE = np.array([[70, 12], [3, 15]])
_MC = lm.mcnemar_test_table(_TABLE)
_MC0 = lm.mcnemar_test_table(_TABLE, correction=False)
_E01, _E10 = _MC.details["e01"], _MC.details["e10"]
_E00, _E11 = int(_TABLE[0, 0]), int(_TABLE[1, 1])


def _solve_083() -> str:
    return (f"only the disagreements count: e01 = {_E01} (B right, A wrong), e10 = {_E10} (B wrong, A right)\n"
            f"τ_χ² = (|e01 - e10| - 1)^2 / (e01 + e10) = ({abs(_E01 - _E10)} - 1)^2 / {_E01 + _E10} = "
            f"{_MC.statistic:.4f}\n"
            f"without the continuity correction: {abs(_E01 - _E10)}^2 / {_E01 + _E10} = {_MC0.statistic:.4f}\n"
            f"χ²(1) critical value at α = 0.05: {_MC.critical_value:.4f} -> {_MC.decision}")


register(
    "08.1",
    f"Two classifiers on the same 100 test examples. The book's table (rows: B correct / B wrong; columns: "
    f"A correct / A wrong) is [[e00, e01], [e10, e11]] = {_TABLE.tolist()}. What is McNemar's statistic "
    "τ_χ² = (|e01 - e10| - 1)² / (e01 + e10)?",
    kind="number",
    quantity="statistic", answer=_MC.statistic, tolerance=0.005, data={"table": _TABLE},
    mistakes=[
        Mistake(_MC0.statistic, "you left out the continuity correction (the -1),",
                "the book's statistic subtracts 1 from |e01 - e10| before squaring."),
        Mistake((abs(_E01 + _E10) - 1) ** 2 / (_E01 + _E10), "you put e01 + e10 in the numerator,",
                "the numerator measures how unevenly the disagreements split: |e01 - e10|."),
        Mistake((abs(_E00 - _E11) - 1) ** 2 / (_E00 + _E11), "you used e00 and e11, the examples both get right or "
                "both get wrong,", "those say nothing about which learner is better: use the off-diagonal e01, e10."),
    ],
    hint="Read e01 and e10 off the table (the two cells where exactly one learner is wrong).",
    solve=_solve_083,
)

# -- 08.4 to 08.6: Friedman and Nemenyi on a rank table -----------------------------------------
_RANKS = np.array([[1, 2, 3, 4], [2, 1, 3, 4], [1, 3, 2, 4], [1, 2, 4, 3], [2, 1, 3, 4]], dtype=float)
_NAMES = ["A", "B", "C", "D"]
_FR = lm.friedman_test(_RANKS, names=_NAMES)
_NF, _KF = _FR.n_datasets, _FR.k
_R = _FR.average_ranks
_S = float(np.sum((_R - (_KF + 1) / 2) ** 2))
_CHI, _TF = _FR.chi2.statistic, _FR.f.statistic


def _tau_f(chi2, n, k):
    return (n - 1) * chi2 / (n * (k - 1) - chi2)


_CHI_NO = 12 * _NF / (_KF ** 2 - 1) * _S   # without the factor (k - 1)/k


def _solve_084() -> str:
    return (f"average ranks r_i: " + ", ".join(f"{n} {r:.1f}" for n, r in zip(_NAMES, _R)) + "\n"
            f"(k + 1)/2 = {(_KF + 1) / 2:g}; sum of (r_i - (k+1)/2)^2 = {_S:.2f}\n"
            f"τ_χ² = (k-1)/k x 12N/(k²-1) x {_S:.2f} = {(_KF - 1)}/{_KF} x {12 * _NF}/{_KF ** 2 - 1} x {_S:.2f} = "
            f"{_CHI:.4f}\n"
            f"τ_F = (N-1) τ_χ² / (N(k-1) - τ_χ²) = {_NF - 1} x {_CHI:.4f} / ({_NF * (_KF - 1)} - {_CHI:.4f}) = "
            f"{_TF:.4f}\n"
            f"F({_KF - 1}, {(_KF - 1) * (_NF - 1)}) critical value at α = 0.05: {_FR.f.critical_value:.4f} -> "
            f"{_FR.f.decision}")


register(
    "08.4",
    f"Four algorithms A, B, C, D ranked on N = {_NF} data sets (rank 1 = best; one row per data set): "
    f"{_RANKS.astype(int).tolist()}. Give (τ_χ², τ_F) of the Friedman test, with "
    "τ_χ² = (k-1)/k · 12N/(k²-1) · Σ(r_i - (k+1)/2)² and τ_F = (N-1)τ_χ² / (N(k-1) - τ_χ²).",
    kind="tuple",
    quantity="statistic", answer=(_CHI, _TF), tolerance=0.005, data={"ranks": _RANKS, "names": _NAMES},
    mistakes=[
        Mistake((_CHI_NO, _tau_f(_CHI_NO, _NF, _KF)), "the factor (k-1)/k is missing from τ_χ²,",
                "the book's τ_χ² starts with (k-1)/k (equivalently 12N/(k(k+1)) times the sum)."),
        Mistake((_CHI, _tau_f(_CHI, _KF, _NF)), "τ_χ² is right, but in τ_F you swapped N and k,",
                f"τ_F = (N-1)τ_χ² / (N(k-1) - τ_χ²) with N = {_NF} data sets and k = {_KF} algorithms."),
    ],
    hint=f"Average each column's ranks first; then the sum of squared distances from (k+1)/2 = {(_KF + 1) / 2:g}.",
    solve=_solve_084,
)

_NEM = lm.nemenyi_test(_RANKS, names=_NAMES)
_Q = _NEM.q_alpha
_CD_SWAP = _Q * np.sqrt(_NF * (_NF + 1) / (6 * _KF))
_CD_NOSQRT = _Q * _KF * (_KF + 1) / (6 * _NF)


def _solve_085() -> str:
    return (f"q_0.05 for k = {_KF} (book's table 2.7): {_Q:.3f}\n"
            f"CD = q √(k(k+1)/(6N)) = {_Q:.3f} x √({_KF * (_KF + 1)}/{6 * _NF}) = {_NEM.cd:.4f}\n"
            f"(lm.critical_difference({_KF}, {_NF}) = {lm.critical_difference(_KF, _NF):.4f})")


register(
    "08.5",
    f"Same table (k = {_KF} algorithms, N = {_NF} data sets, α = 0.05, q_0.05 = {_Q:.3f}). What is the Nemenyi "
    "critical difference CD = q_α √(k(k+1)/(6N))?",
    kind="number",
    quantity="value", answer=_NEM.cd, tolerance=0.002, data={"k": _KF, "n_datasets": _NF, "q_alpha": _Q},
    mistakes=[
        Mistake(_CD_SWAP, "you swapped k and N,", f"k counts the algorithms ({_KF}), N the data sets ({_NF})."),
        Mistake(_CD_NOSQRT, "the square root is missing,", "CD = q_α times the square root of k(k+1)/(6N)."),
    ],
    hint=f"k(k+1)/(6N) = {_KF * (_KF + 1)}/{6 * _NF}; take its square root and multiply by q_α.",
    solve=_solve_085,
)


def _pairs_option(threshold: float) -> str:
    over = [f"{_NAMES[i]}-{_NAMES[j]}" for i in range(_KF) for j in range(i + 1, _KF)
            if abs(_R[i] - _R[j]) > threshold]
    return " and ".join(over) if over else "none"


_PAIRS = _pairs_option(_NEM.cd)
_PAIRS_NOSQRT = _pairs_option(_CD_NOSQRT)
_PAIRS_SWAP = _pairs_option(_CD_SWAP)
_CHOICES_086 = tuple(dict.fromkeys(sorted([_PAIRS, _PAIRS_NOSQRT, _PAIRS_SWAP, "A-C and A-D"])))


def _solve_086() -> str:
    return "\n".join(f"{a}-{b}: |{a} - {b}| = {d:.1f} {'>' if s else '<='} CD = {_NEM.cd:.4f}"
                     for a, b, d, s in _NEM.pairs()) + f"\nsignificantly different: {_PAIRS}"


register(
    "08.6",
    f"Same table: the average ranks are " + ", ".join(f"{n} {r:.1f}" for n, r in zip(_NAMES, _R))
    + f". Which pairs does the Nemenyi test declare significantly different? One of {list(_CHOICES_086)}.",
    kind="choice", answer=_PAIRS, choices=_CHOICES_086, data={"average_ranks": _R, "cd": _NEM.cd},
    mistakes=[
        Mistake(_PAIRS_NOSQRT, f"B and D differ by {abs(_R[1] - _R[3]):.1f}, which is below CD,",
                f"did you forget the square root in CD? Compare each difference of average ranks with CD = {_NEM.cd:.3f}."),
        Mistake(_PAIRS_SWAP, f"A and D differ by {abs(_R[0] - _R[3]):.1f}, more than CD,",
                f"did you swap k and N in CD? With k = {_KF}, N = {_NF}, CD = {_NEM.cd:.3f}."),
        Mistake("A-C and A-D", f"A and C differ by only {abs(_R[0] - _R[2]):.1f},",
                f"below CD = {_NEM.cd:.3f}: no significant difference."),
    ],
    hint="A pair differs significantly when its average ranks differ by more than CD.",
    solve=_solve_086,
    aliases={k: v for k, v in {"only A-D": "A-D", "A-D only": "A-D", "just A-D": "A-D", "none of them": "none",
                               "no pair": "none", "no pairs": "none", "nothing": "none"}.items() if v in _CHOICES_086},
)

# -- 08.7: predict-then-check with the paired-test explorer -------------------------------------
_GRID = lm.comparison_studies.simulate_paired_t_power(rng=0)
_STATE = lm.comparison_studies.paired_test_state(_GRID, 2, 0.0)
_RATE = _STATE.power
_OPTS = ("close to α", "well above α", "close to 0")


def _category(rate, alpha):
    if rate > 2 * alpha:
        return _OPTS[1]
    if rate < alpha / 2:
        return _OPTS[2]
    return _OPTS[0]


_CAT = _category(_RATE, _GRID.alpha)
_TIED = float(np.mean(~np.isfinite(_GRID.statistics[list(_GRID.folds).index(2), list(_GRID.differences).index(0.0)])))
_OTHER = {k: lm.comparison_studies.paired_test_state(_GRID, k, 0.0).power for k in (3, 5, 10)}


def _solve_087() -> str:
    others = ", ".join(f"{v:.3f}" for v in _OTHER.values())
    se = (_GRID.alpha * (1 - _GRID.alpha) / _GRID.n_repeats) ** 0.5
    return (f"{_STATE}\n"
            f"With no real difference H₀ is true: every rejection is a false alarm. The critical value "
            f"({_STATE.critical_value:.3f} at df = 1) is chosen so that false alarms happen with probability "
            f"α = {_GRID.alpha:g} when the fold differences are normal; here they are differences of error rates "
            f"on a finite test set, which take few values. In {_TIED:.1%} of the k = 2 runs the two differences "
            f"are equal: σ = 0, τ_t is infinite and the test rejects. So the simulated false-alarm rate at k = 2 "
            f"is {_RATE:.3f}, above α = {_GRID.alpha:g}; at k = {', '.join(str(k) for k in _OTHER)} the rates are "
            f"{others} (each from {_GRID.n_repeats:,} simulated experiments, so within about ±{2 * se:.3f} of "
            f"the truth). {_RATE:.3f} lies between α/2 and 2α: {_CAT}. "
            "Few folds cost power, and with so few, discrete differences they add some false alarms too.")


register(
    "08.7",
    "Predict, then check with the explorer: set the true difference to 0 (the learners are equally good) and "
    "the folds to k = 2. In what share of the simulated experiments will the paired t-test reject H₀ "
    f"(α = {_GRID.alpha:g})? One of {list(_OPTS)} (close: between α/2 and 2α).",
    kind="choice", answer=_CAT, choices=_OPTS, data={"k": 2, "difference": 0.0, "rate": _RATE},
    mistakes=[Mistake(o, h1, h2) for o, h1, h2 in [
        (_OPTS[1], "two folds do add some false alarms (σ = 0 when the two differences are equal), but not many:",
         f"the large critical value at k = 2 ({_STATE.critical_value:.3f}, df = 1) keeps the simulated rate at "
         f"{_RATE:.3f}, below 2α = {2 * _GRID.alpha:g}."),
        (_OPTS[2], "fewer folds cost power to detect a REAL difference,",
         "but with no real difference the rejections are false alarms, kept near α by the critical value."),
    ] if o != _CAT],
    hint="With no real difference every rejection is a false alarm: what rate is the critical value built for?",
    solve=_solve_087,
    aliases={f"close to {_GRID.alpha:g}": _OPTS[0], "about α": _OPTS[0], "near α": _OPTS[0], "α": _OPTS[0],
             f"about {_GRID.alpha:g}": _OPTS[0], "far above α": _OPTS[1], "much higher than α": _OPTS[1],
             "well above": _OPTS[1], "near 0": _OPTS[2], "about 0": _OPTS[2], "close to zero": _OPTS[2]},
)

# -- 08.8: explain in words ---------------------------------------------------------------------
def _chapter_p_a_vs_c() -> float:
    """The p-value the chapter's first cell prints: A against C, F1 on the same 10 folds."""
    from ..learners import LogisticRegression
    from ..realdata import load_breast_cancer

    data = load_breast_cancer()
    f1 = lm.cross_val_scores([LogisticRegression(), LogisticRegression(l2=1e-4)], data.X, data.y,
                             scoring=lm.f1_score, k=10, rng=0)
    return float(lm.paired_t_test(f1[0], f1[1]).p_value)


_P_AC = _chapter_p_a_vs_c()

register(
    "08.8",
    f"Explain in words: the paired t-test of A against C gives p = {_P_AC:.4f} (the chapter's first comparison, "
    "F1 on 10 folds). A colleague writes "
    "\"A and C are equally good\". What is wrong with that conclusion, and what may be said instead?",
    kind="open",
    answer="A large p-value only says that data like these would be unsurprising if A and C were equally "
           "good; it is not evidence that they are. The test may lack power: few folds, a small test set, or a "
           "small true difference hidden in the fold-to-fold noise would all give a large p-value even when one "
           "learner is better. Say instead: \"no significant difference was detected at α = 0.05\", and, if it "
           "matters, report the mean difference with its spread (or a confidence interval) so that the reader "
           "sees how large a difference the data cannot rule out.",
)
