"""Exercises of chapter 08: comparison tests (binomial, paired t, McNemar, Friedman, Nemenyi).

Every answer and every known mistake is computed here from the exercise's data
with learnmetrics (a mistake by applying the mistaken formula).
"""
from __future__ import annotations

import numpy as np

import learnmetrics as lm

from ._core import Mistake, register

# -- 08.1: the binomial test's critical count ---------------------------------------------------
# "another one": another m, ε₀ and α (seed 0: these), with ε₀ m a whole number of errors
_M, _EPS0, _ALPHA = 40, 0.05, 0.05
_BT = lm.binomial_test(0, _M, epsilon0=_EPS0, alpha=_ALPHA)
_C = _BT.details["critical_count"]


def _binomial_setting(seed: int):
    """(m, ε₀, α) of variant ``seed``: α = 0.05, ε₀ m whole, and the critical count at least 2 above it."""
    if seed == 0:
        return _M, _EPS0, _ALPHA
    rng = np.random.default_rng([8, 2, seed])
    while True:
        m, eps0 = int(rng.choice([20, 25, 30, 50, 60, 80, 100])), float(rng.choice([0.05, 0.1, 0.2]))
        alpha = _ALPHA          # the hint names it (the page shows the exercise's hint for every variant)
        c = lm.binomial_test(0, m, epsilon0=eps0, alpha=alpha).details["critical_count"]
        if abs(eps0 * m - round(eps0 * m)) < 1e-9 and c >= eps0 * m + 2 and c <= m:
            return m, eps0, alpha


def _solve_081(m, eps0, alpha) -> str:
    bt = lm.binomial_test(0, m, epsilon0=eps0, alpha=alpha)
    c = bt.details["critical_count"]
    rows = "\n".join(f"  P(X >= {j}) = {lm.binomial_test(j, m, epsilon0=eps0).p_value:.4f}"
                     f"{'  <= α: reject' if j >= c else ''}" for j in range(max(c - 3, 1), c + 2))
    return (f"X = the number of test errors ~ Binomial(m = {m}, ε₀ = {eps0}) if H₀ holds at its edge\n{rows}\n"
            f"the smallest count with P(X >= c) <= {alpha} is c = {c}; the book's critical rate is "
            f"ε̄ = (c - 1)/m = {bt.details['epsilon_bar']:.4f}: reject when the test error rate EXCEEDS it\n"
            f"(ε₀ m = {eps0 * m:g} errors is what H₀ expects on average, far from enough to reject)")


def _make_08_2(seed: int) -> dict:
    m, eps0, alpha = _binomial_setting(seed)
    bt = lm.binomial_test(0, m, epsilon0=eps0, alpha=alpha)
    return dict(
        prompt=f"A classifier is tested on m = {m} independent examples. H₀: its generalisation error is at most "
               f"ε₀ = {eps0}; α = {alpha}. What is the critical count c: the smallest number of test errors at which "
               f"H₀ is rejected, i.e. the smallest c with P(X ≥ c) ≤ α for X ~ Binomial({m}, {eps0})?",
        answer=bt.details["critical_count"],
        data={"m": m, "epsilon0": eps0, "alpha": alpha},
        mistakes=[
            Mistake(bt.details["epsilon_bar"] * m, "that is ε̄·m, the largest count that is NOT rejected,",
                    "the book rejects when the error rate exceeds ε̄ = (c - 1)/m, so the first rejected count is one more."),
            Mistake(eps0 * m, "that is ε₀·m, the number of errors H₀ expects on average,",
                    "rejecting needs a count so large that it happens with probability at most α if H₀ holds."),
        ],
        solve=lambda: _solve_081(m, eps0, alpha),
    )


register(
    "08.2",
    kind="number",
    quantity="count",
    units=("errors", "error", "mistakes", "mistake", "个错误", "个", "次", "次错误"), tolerance=0.01, decimals=0,
    hint=f"Compute the binomial tail P(X ≥ c) for c = 1, 2, 3, ... and stop at the first c where it is ≤ {_ALPHA}.",
    variants=_make_08_2,
    **_make_08_2(0),
)

# -- 08.2: a paired t statistic from six folds --------------------------------------------------
# "another one": six other pairs of fold error rates (seed 0: these), the differences not all equal
_EA = np.array([0.10, 0.12, 0.15, 0.11, 0.09, 0.13])
_EB = np.array([0.08, 0.13, 0.12, 0.07, 0.09, 0.11])
_PT = lm.paired_t_test(_EA, _EB)
_D = _PT.details["differences"]
_K = len(_D)
_MU, _SD = _PT.details["mean_difference"], _PT.details["std_difference"]


def _folds(seed: int):
    """(errors of A, errors of B) of variant ``seed``: six error rates 0.06-0.20 in hundredths, B
    differing from A by -0.05..0.05 per fold, the differences not all equal and their mean not 0."""
    if seed == 0:
        return _EA, _EB
    rng = np.random.default_rng([8, 3, seed])
    while True:
        a = rng.integers(6, 21, 6)
        b = np.clip(a - rng.integers(-2, 5, 6), 5, 25)
        d = a - b
        if np.ptp(d) > 0 and d.sum() != 0:
            return a / 100, b / 100


def _solve_082(ea, eb) -> str:
    pt = lm.paired_t_test(ea, eb)
    d, k = pt.details["differences"], len(ea)
    mu, sd = pt.details["mean_difference"], pt.details["std_difference"]
    return (f"differences Δ_i = ε_i^A - ε_i^B = {np.round(d, 4).tolist()}\n"
            f"mean μ = {mu:.5f}; sample standard deviation σ (divide by k - 1 = {k - 1}) = {sd:.5f}\n"
            f"τ_t = |√k μ / σ| = √{k} x {mu:.5f} / {sd:.5f} = {abs(pt.statistic):.4f}\n"
            f"compare with the t critical value for df = {k - 1}: {pt.critical_value:.4f} -> "
            f"{pt.decision}")


def _sig3_decimals(*values) -> int:
    """The decimals that keep 3 significant digits of each of ``values`` (0.0167: 4; 0.816: 3; 1.55: 2)."""
    return max(0, 2 - int(np.floor(np.log10(min(abs(v) for v in values)))))


def _make_08_3(seed: int) -> dict:
    ea, eb = _folds(seed)
    pt = lm.paired_t_test(ea, eb)
    d, k = pt.details["differences"], len(ea)
    mu, sd = pt.details["mean_difference"], pt.details["std_difference"]
    from ._core import rounding_slack
    return dict(
        # μ and σ rounded to 3 significant digits first, then τ_t to the 2 decimals asked (0.0167, 0.0186
        # -> 2.1993 -> 2.20) is close, not wrong
        slack=rounding_slack(lambda m, s: np.sqrt(k) * abs(m) / s, (mu, sd), _sig3_decimals(mu, sd)) + 0.005,
        prompt=f"Two learners are cross-validated on the same k = {k} folds. Fold error rates of A: "
               f"{ea.tolist()}; of B: {eb.tolist()}. What is the paired t statistic τ_t = |√k μ / σ| of the "
               "differences A - B (σ the sample standard deviation)?",
        answer=abs(pt.statistic),
        data={"errors_a": ea, "errors_b": eb},
        mistakes=[
            Mistake(np.sqrt(k) * abs(mu) / np.std(d), "you divided by k instead of k - 1 in the standard deviation,",
                    "the sample standard deviation of the k differences divides by k - 1."),
            Mistake(abs(mu) / sd, "the factor √k is missing,",
                    "the mean of k differences varies √k times less than one difference: τ_t = √k μ / σ."),
            Mistake(abs(ea.mean() - eb.mean()) / np.sqrt(ea.var(ddof=1) / k + eb.var(ddof=1) / k),
                    "that is an unpaired two-sample t statistic,",
                    "the folds are shared, so work on the fold-by-fold differences: the fold-to-fold swings cancel."),
        ],
        solve=lambda: _solve_082(ea, eb),
    )


register(
    "08.3",
    kind="number",
    quantity="statistic", tolerance=0.005,
    hint=f"Take the {_K} differences, their mean μ and sample standard deviation σ, then √{_K} μ / σ.",
    variants=_make_08_3,
    **_make_08_3(0),
)

# -- 08.3: McNemar from a 2x2 table ---------------------------------------------------------------
# "another one": another table of 100 examples (seed 0: this one), the disagreements split unevenly
_TABLE = np.array([[70, 12], [3, 15]])
_MC = lm.mcnemar_test_table(_TABLE)
_MC0 = lm.mcnemar_test_table(_TABLE, correction=False)
_E01, _E10 = _MC.details["e01"], _MC.details["e10"]
_E00, _E11 = int(_TABLE[0, 0]), int(_TABLE[1, 1])


def _mcnemar_table(seed: int):
    """The 2x2 table of variant ``seed``: 100 examples, 6-30 disagreements split at least 2 apart."""
    if seed == 0:
        return _TABLE
    rng = np.random.default_rng([8, 1, seed])
    while True:
        e01, e10, e11 = (int(v) for v in rng.integers([2, 1, 5], [21, 13, 21]))
        if abs(e01 - e10) >= 2 and 6 <= e01 + e10:
            return np.array([[100 - e01 - e10 - e11, e01], [e10, e11]])


def _solve_083(table) -> str:
    mc, mc0 = lm.mcnemar_test_table(table), lm.mcnemar_test_table(table, correction=False)
    e01, e10 = mc.details["e01"], mc.details["e10"]
    return (f"only the disagreements count: e01 = {e01} (B right, A wrong), e10 = {e10} (B wrong, A right)\n"
            f"τ_χ² = (|e01 - e10| - 1)^2 / (e01 + e10) = ({abs(e01 - e10)} - 1)^2 / {e01 + e10} = "
            f"{mc.statistic:.4f}\n"
            f"without the continuity correction: {abs(e01 - e10)}^2 / {e01 + e10} = {mc0.statistic:.4f}\n"
            f"χ²(1) critical value at α = 0.05: {mc.critical_value:.4f} -> {mc.decision}")


def _make_08_1(seed: int) -> dict:
    table = _mcnemar_table(seed)
    mc = lm.mcnemar_test_table(table)
    e01, e10 = mc.details["e01"], mc.details["e10"]
    e00, e11 = int(table[0, 0]), int(table[1, 1])
    return dict(
        prompt=f"Two classifiers on the same 100 test examples. The book's table (rows: B correct / B wrong; columns: "
               f"A correct / A wrong) is [[e00, e01], [e10, e11]] = {table.tolist()}. What is McNemar's statistic "
               "τ_χ² = (|e01 - e10| - 1)² / (e01 + e10)?",
        answer=mc.statistic,
        data={"table": table},
        mistakes=[
            Mistake(lm.mcnemar_test_table(table, correction=False).statistic,
                    "you left out the continuity correction (the -1),",
                    "the book's statistic subtracts 1 from |e01 - e10| before squaring."),
            Mistake((abs(e01 + e10) - 1) ** 2 / (e01 + e10), "you put e01 + e10 in the numerator,",
                    "the numerator measures how unevenly the disagreements split: |e01 - e10|."),
            Mistake((abs(e00 - e11) - 1) ** 2 / (e00 + e11), "you used e00 and e11, the examples both get right or "
                    "both get wrong,", "those say nothing about which learner is better: use the off-diagonal e01, e10."),
        ],
        solve=lambda: _solve_083(table),
    )


register(
    "08.1",
    kind="number",
    quantity="statistic", tolerance=0.005,
    hint="Read e01 and e10 off the table (the two cells where exactly one learner is wrong).",
    variants=_make_08_1,
    **_make_08_1(0),
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


def _rank_table(seed: int):
    """The rank table of variant ``seed``: four algorithms on 5-8 data sets, each row a ranking that
    leans towards A, B, C, D (rows not all alike: τ_F's denominator N(k-1) - τ_χ² stays above 0)."""
    if seed == 0:
        return _RANKS
    rng = np.random.default_rng([8, 4, seed])
    n = int(rng.integers(5, 9))
    while True:
        ranks = np.array([np.argsort(np.argsort(np.arange(4) + rng.normal(0, 1.5, 4))) + 1 for _ in range(n)], float)
        chi = lm.friedman_test(ranks).chi2.statistic
        if len({tuple(r) for r in ranks}) > 1 and 0 < chi < n * 3 - 1:
            return ranks


def _dec(v: float, d: int) -> str:
    """``v`` with ``d`` decimals where that is exact (the table of N = 5 data sets), else with 4."""
    return f"{v:.{d}f}" if abs(v * 10 ** d - round(v * 10 ** d)) < 1e-9 else f"{v:.4f}"


def _solve_084(ranks) -> str:
    fr = lm.friedman_test(ranks, names=_NAMES)
    n, k, r = fr.n_datasets, fr.k, fr.average_ranks
    s_ = float(np.sum((r - (k + 1) / 2) ** 2))
    chi, tf = fr.chi2.statistic, fr.f.statistic
    return (f"average ranks r_i: " + ", ".join(f"{a} {_dec(v, 1)}" for a, v in zip(_NAMES, r)) + "\n"
            f"(k + 1)/2 = {(k + 1) / 2:g}; sum of (r_i - (k+1)/2)^2 = {_dec(s_, 2)}\n"
            f"τ_χ² = (k-1)/k x 12N/(k²-1) x {_dec(s_, 2)} = {(k - 1)}/{k} x {12 * n}/{k ** 2 - 1} x {_dec(s_, 2)} = "
            f"{chi:.4f}\n"
            f"τ_F = (N-1) τ_χ² / (N(k-1) - τ_χ²) = {n - 1} x {chi:.4f} / ({n * (k - 1)} - {chi:.4f}) = "
            f"{tf:.4f}\n"
            f"F({k - 1}, {(k - 1) * (n - 1)}) critical value at α = 0.05: {fr.f.critical_value:.4f} -> "
            f"{fr.f.decision}")


def _make_08_4(seed: int) -> dict:
    ranks = _rank_table(seed)
    fr = lm.friedman_test(ranks, names=_NAMES)
    n, k, r = fr.n_datasets, fr.k, fr.average_ranks
    chi_no = 12 * n / (k ** 2 - 1) * float(np.sum((r - (k + 1) / 2) ** 2))
    return dict(
        prompt=f"Four algorithms A, B, C, D ranked on N = {n} data sets (rank 1 = best; one row per data set): "
               f"{ranks.astype(int).tolist()}. Give (τ_χ², τ_F) of the Friedman test, with "
               "τ_χ² = (k-1)/k · 12N/(k²-1) · Σ(r_i - (k+1)/2)² and τ_F = (N-1)τ_χ² / (N(k-1) - τ_χ²).",
        answer=(fr.chi2.statistic, fr.f.statistic),
        data={"ranks": ranks, "names": _NAMES},
        mistakes=[
            Mistake((chi_no, _tau_f(chi_no, n, k)), "the factor (k-1)/k is missing from τ_χ²,",
                    "the book's τ_χ² starts with (k-1)/k (equivalently 12N/(k(k+1)) times the sum)."),
            Mistake((fr.chi2.statistic, _tau_f(fr.chi2.statistic, k, n)), "τ_χ² is right, but in τ_F you swapped N and k,",
                    f"τ_F = (N-1)τ_χ² / (N(k-1) - τ_χ²) with N = {n} data sets and k = {k} algorithms."),
        ],
        solve=lambda: _solve_084(ranks),
    )


register(
    "08.4",
    kind="tuple",
    quantity="statistic", tolerance=0.005,
    hint=f"Average each column's ranks first; then the sum of squared distances from (k+1)/2 = {(_KF + 1) / 2:g}.",
    variants=_make_08_4,
    **_make_08_4(0),
)

_NEM = lm.nemenyi_test(_RANKS, names=_NAMES)
_Q = _NEM.q_alpha
_CD_SWAP = _Q * np.sqrt(_NF * (_NF + 1) / (6 * _KF))
_CD_NOSQRT = _Q * _KF * (_KF + 1) / (6 * _NF)


def _k_and_n(seed: int):
    """(k, N) of variant ``seed``: 3-8 algorithms on 5-20 data sets, k ≠ N (seed 0: the table's)."""
    if seed == 0:
        return _KF, _NF
    rng = np.random.default_rng([8, 5, seed])
    while True:
        k, n = int(rng.integers(3, 9)), int(rng.integers(5, 21))
        if k != n:
            return k, n


def _solve_085(k, n) -> str:
    q, cd = lm.compare.nemenyi_q(k), lm.critical_difference(k, n)
    return (f"q_0.05 for k = {k} (book's table 2.7): {q:.3f}\n"
            f"CD = q √(k(k+1)/(6N)) = {q:.3f} x √({k * (k + 1)}/{6 * n}) = {cd:.4f}\n"
            f"(lm.critical_difference({k}, {n}) = {lm.critical_difference(k, n):.4f})")


def _make_08_5(seed: int) -> dict:
    k, n = _k_and_n(seed)
    q = lm.compare.nemenyi_q(k)
    opening = "Same table (" if seed == 0 else "A new rank table ("
    from ._core import rounding_slack
    root = np.sqrt(k * (k + 1) / (6 * n))
    return dict(
        # q is the table's exact value; the square root rounded to 3 significant digits first, then CD to
        # the 3 decimals asked (√(2/3) = 0.816 -> 2.0963 -> 2.096) is close, not wrong
        slack=rounding_slack(lambda r: q * r, (root,), _sig3_decimals(root)) + 0.0005,
        prompt=f"{opening}k = {k} algorithms, N = {n} data sets, α = 0.05, q_0.05 = {q:.3f}). What is the Nemenyi "
               "critical difference CD = q_α √(k(k+1)/(6N))?",
        answer=lm.critical_difference(k, n),
        data={"k": k, "n_datasets": n, "q_alpha": q},
        mistakes=[
            Mistake(q * np.sqrt(n * (n + 1) / (6 * k)), "you swapped k and N,",
                    f"k counts the algorithms ({k}), N the data sets ({n})."),
            Mistake(q * k * (k + 1) / (6 * n), "the square root is missing,",
                    "CD = q_α times the square root of k(k+1)/(6N)."),
        ],
        solve=lambda: _solve_085(k, n),
    )


register(
    "08.5",
    kind="number",
    quantity="value", decimals=3,     # slack: the square root's rounding (q is exact)
    hint="Compute k(k+1)/(6N) with k the number of algorithms and N of data sets; take its square root and "
         "multiply by q_α.",      # no numbers: the page shows the exercise's hint for every variant
    variants=_make_08_5,
    **_make_08_5(0),
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
            f"are equal and not 0: σ = 0, τ_t is infinite and the test rejects (when both are 0, τ_t is 0/0, "
            f"counted as no rejection). So the simulated false-alarm rate at k = 2 "
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
        (_OPTS[1], "two folds do add some false alarms (two equal differences other than 0 give σ = 0 and an "
         "infinite τ_t), but not many:",
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
