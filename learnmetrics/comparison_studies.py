"""The course's studies of the tests of the book's 2.4 (比较检验): what the tests do under H0 and how
often they detect a real difference, computed for the chapters and the paired-test explorer.

The tests themselves are in :mod:`learnmetrics.compare`; this module only runs them many times:

* :func:`friedman_null_rejection_rates`: the exact type I error of both forms of the Friedman
  test (χ² and F) over all :math:`(k!)^N` equally likely rankings, for small k and N (chapters
  08 and 12);
* :func:`simulate_paired_t_power` and :func:`paired_test_state`: a seeded simulation of the
  k-fold paired t-test for every (folds, true difference) pair, and the pure state the
  paired-test explorer shows (chapter 08).

The package keeps their old paths (``learnmetrics.compare.simulate_paired_t_power`` ...) working.
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field

import numpy as np

from . import _distributions as _dist
from ._validation import as_1d, as_scores, check_positive_int, check_probability, check_real, check_rng
from .compare import _check_alpha

#: the most simulated values (experiments x examples) :func:`simulate_paired_t_power` draws at once
_MAX_SIMULATED = 50_000_000

__all__ = ["FriedmanNullRates", "friedman_null_rejection_rates", "PowerGrid", "PairedTestState",
           "simulate_paired_t_power", "paired_test_state"]


@dataclass(frozen=True)
class FriedmanNullRates:
    """How often each form of the Friedman test rejects a true H0, computed exactly.

    ``chi2_rate`` and ``f_rate`` are the shares of all :math:`(k!)^N` equally
    likely rankings (no ties) that the χ² and F forms reject at ``alpha``;
    ``n_rankings`` is :math:`(k!)^N`.
    """

    k: int
    n_datasets: int
    alpha: float
    chi2_rate: float
    f_rate: float
    n_rankings: int

    def __str__(self) -> str:
        return (f"k = {self.k}, N = {self.n_datasets}: of all {self.n_rankings:,} rankings, equally likely under H₀, "
                f"the χ² form rejects {100 * self.chi2_rate:.1f}% and the F form {100 * self.f_rate:.1f}% "
                f"(α = {self.alpha:g})")


#: the most distinct rank-sum vectors times k! that :func:`friedman_null_rejection_rates` visits
_MAX_FRIEDMAN_STATES = 5_000_000


def friedman_null_rejection_rates(k, n_datasets, alpha=0.05) -> FriedmanNullRates:
    r"""The exact type I error of both forms of the Friedman test, for small k and N.

    Under H0 (and without ties) each data set ranks the k algorithms in one of
    :math:`k!` orders, all equally likely and independent across the N data
    sets. Counting the :math:`(k!)^N` rankings by their vector of rank sums
    (one convolution per data set, exact integer counts) gives the exact
    probability that :math:`	au_{\chi^2}` exceeds its :math:`\chi^2(k-1)`
    critical value, and that :math:`\tau_F` exceeds its F critical value: the
    real false-alarm rate of each form, to compare with ``alpha``.

    Parameters
    ----------
    k : int, 2 <= k <= 10, algorithms
    n_datasets : int, 2 <= N <= 10**6, data sets
    alpha : float in (0, 1), default=0.05

    Returns
    -------
    FriedmanNullRates

    Raises
    ------
    ValueError
        When the count would visit more than 5,000,000 states (k! times the
        number of distinct rank-sum vectors), checked before any work.

    Example
    -------
    >>> r = friedman_null_rejection_rates(3, 4)
    >>> r.n_rankings, round(r.chi2_rate, 4), round(r.f_rate, 4)
    (1296, 0.0694, 0.0694)
    """
    import itertools

    k = check_positive_int(k, "k", minimum=2, maximum=10)
    n = check_positive_int(n_datasets, "n_datasets", minimum=2, maximum=10**6)
    alpha = _check_alpha(alpha)
    n_perm = math.factorial(k)
    # rank sums of k - 1 algorithms each lie in [N, N k]: at most (N (k - 1) + 1)^(k - 1) vectors
    # (exact integers: no overflow, and no work before the check)
    states = n_perm * min((n * (k - 1) + 1) ** (k - 1), n_perm ** min(n, 64))
    if states > _MAX_FRIEDMAN_STATES:
        raise ValueError(f"k = {k} algorithms on n_datasets = {n} data sets is too many to enumerate "
                         f"(about {float(states):.3g} states, limit {_MAX_FRIEDMAN_STATES:,}); use smaller k or N")
    perms = list(itertools.permutations(range(1, k + 1)))
    dist = {tuple([0] * k): 1}
    for _ in range(n):
        nxt: dict = {}
        for sums, count in dist.items():
            for p in perms:
                key = tuple(a + b for a, b in zip(sums, p))
                nxt[key] = nxt.get(key, 0) + count
        dist = nxt
    sums = np.array(list(dist.keys()), dtype=np.float64)
    counts = list(dist.values())
    r = sums / n
    chi2 = 12.0 * n / (k * (k + 1)) * np.sum((r - (k + 1) / 2.0) ** 2, axis=1)
    denom = n * (k - 1) - chi2
    with np.errstate(divide="ignore"):
        tau_f = np.where(denom > 1e-12 * n * (k - 1), (n - 1) * chi2 / np.where(denom > 0, denom, 1.0), np.inf)
    # the decision rule of friedman_test (p-value <= alpha), state by state
    d1, d2 = k - 1.0, (k - 1.0) * (n - 1.0)
    total = len(perms) ** n
    rej_chi2 = sum(c for c, x in zip(counts, chi2) if _dist.chi2_sf(float(x), d1) <= alpha)
    rej_f = sum(c for c, x in zip(counts, tau_f) if _dist.f_sf(float(x), d1, d2) <= alpha)
    return FriedmanNullRates(k=k, n_datasets=n, alpha=alpha, chi2_rate=rej_chi2 / total, f_rate=rej_f / total,
                             n_rankings=total)


# ----------------------------------------------------------------------------- simulation (explorer)
@dataclass(frozen=True)
class PowerGrid:
    """Seeded simulation of the k-fold paired t-test, for every (k, difference) pair.

    ``statistics[i, j]`` holds the t statistics of ``n_repeats`` simulated
    experiments with ``folds[i]`` folds and true error difference
    ``differences[j]``; ``power[i, j]`` is the share that rejected H0.
    """

    folds: tuple
    differences: tuple
    statistics: np.ndarray = field(repr=False)
    power: np.ndarray = field(repr=False)
    alpha: float
    n_samples: int
    base_error: float
    agreement: float
    n_repeats: int


def simulate_paired_t_power(folds=(2, 3, 5, 10, 20), differences=tuple(np.round(np.arange(0, 0.105, 0.01), 2)), *,
                            n_samples=200, base_error=0.25, agreement=0.5, n_repeats=1000, alpha=0.05,
                            rng=0) -> PowerGrid:
    r"""How often does the k-fold paired t-test detect a true difference? (simulation)

    A model of the *test-set* randomness only: on each of ``n_samples``
    examples learner B errs with probability ``base_error`` and learner A with
    ``base_error - difference``. With probability ``agreement`` an example is
    "shared" (both learners' mistakes come from the same uniform draw, so they
    tend to err together); otherwise they err independently. The examples are
    cut into k folds, each fold's difference :math:`\Delta_i = \epsilon^A_i - \epsilon^B_i`
    is taken (the book's sign, as :func:`paired_t_test` of A's and B's errors: negative when A is
    better), and :func:`paired_t_test`
    (two-sided, level ``alpha``) is applied. At
    ``difference = 0`` the rejection rate estimates the type I error (should
    be near alpha); above it, the test's power. (Real cross-validation adds
    the overlap of the training sets, which this model leaves out.)

    Parameters
    ----------
    folds : sequence of distinct ints >= 2 (each at most ``n_samples``)
    differences : sequence of distinct finite floats, ``base_error - d`` in [0, 1]
    n_samples : int >= 2
    base_error, agreement : float in [0, 1]
    n_repeats : int >= 2; ``n_repeats * n_samples`` at most 50,000,000
    alpha : float in (0, 1)
    rng : None, int or numpy.random.Generator

    Returns
    -------
    PowerGrid
    """
    folds = tuple(check_positive_int(k.item() if isinstance(k, np.generic) else k, "folds", minimum=2)
                  for k in as_1d(folds, "folds").tolist())
    if len(set(folds)) != len(folds):
        raise ValueError(f"folds must not repeat a value, got {list(folds)}")
    diffs = tuple(float(d) for d in as_scores(differences, "differences"))
    if len(set(diffs)) != len(diffs):
        raise ValueError(f"differences must not repeat a value, got {list(diffs)}")
    n = check_positive_int(n_samples, "n_samples", minimum=2)
    if max(folds) > n:
        raise ValueError(f"folds must not exceed n_samples ({n}), got {max(folds)}")
    base = check_probability(base_error, "base_error")
    agree = check_probability(agreement, "agreement")
    for d in diffs:
        if not 0 <= base - d <= 1:
            raise ValueError(f"base_error - difference must be in [0, 1] for every difference, got {base} - {d}")
    reps = check_positive_int(n_repeats, "n_repeats", minimum=2)
    # the sizes, before anything is allocated
    if reps * n > _MAX_SIMULATED or reps * len(folds) * len(diffs) > _MAX_SIMULATED:
        raise ValueError(f"n_repeats x n_samples = {reps} x {n} (or n_repeats x folds x differences = "
                         f"{reps} x {len(folds)} x {len(diffs)}) exceeds {_MAX_SIMULATED:,} simulated values: "
                         "use fewer repeats or examples")
    alpha = _check_alpha(alpha)
    gen = check_rng(rng)
    stats = np.empty((len(folds), len(diffs), reps))
    power = np.empty((len(folds), len(diffs)))
    for j, d in enumerate(diffs):
        u = gen.random((reps, n))
        v = gen.random((reps, n))
        shared = gen.random((reps, n)) < agree
        wrong_a = u < base - d
        wrong_b = np.where(shared, u, v) < base
        diff = wrong_a.astype(np.int8) - wrong_b.astype(np.int8)  # error of A minus error of B (the book's Δ_i)
        for i, k in enumerate(folds):
            sizes = np.full(k, n // k)
            sizes[: n % k] += 1
            starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
            fold_d = np.add.reduceat(diff, starts, axis=1) / sizes  # (reps, k)
            mean = fold_d.mean(axis=1)
            sd = fold_d.std(axis=1, ddof=1)
            with np.errstate(divide="ignore", invalid="ignore"):
                t = np.sqrt(k) * mean / sd
                t = np.where(sd > 0, t, np.where(mean == 0, 0.0, np.copysign(np.inf, mean)))
            crit = _dist.t_isf(alpha / 2.0, k - 1)
            stats[i, j] = t
            power[i, j] = np.mean(np.abs(t) > crit)
    return PowerGrid(folds=folds, differences=diffs, statistics=stats, power=power, alpha=alpha, n_samples=n,
                     base_error=base, agreement=agree, n_repeats=reps)


@dataclass(frozen=True)
class PairedTestState:
    """What the two-learner comparison explorer shows for one (k, difference)."""

    k: int
    difference: float
    df: int
    critical_value: float
    power: float
    mean_statistic: float
    bin_edges: np.ndarray = field(repr=False)
    histogram: np.ndarray = field(repr=False)  # density of the simulated statistics inside the bins
    share_below: float = field(repr=False)  # share of the statistics below bin_edges[0] (or -inf)
    share_above: float = field(repr=False)  # share above bin_edges[-1] (or +inf)
    null_x: np.ndarray = field(repr=False)
    null_density: np.ndarray = field(repr=False)  # t(k-1) density
    power_curve: np.ndarray = field(repr=False)  # power at every difference, this k

    def __str__(self) -> str:
        what = "type I error (false alarms)" if self.difference == 0 else "power (detections)"
        return (f"k = {self.k} folds, true difference = {self.difference:.2f}: df = {self.df}, "
                f"reject when |τ_t| > {self.critical_value:.3f}; {what} = {self.power:.3f}")


def paired_test_state(grid: PowerGrid, k, difference, *, bins=np.linspace(-8, 8, 65)) -> PairedTestState:
    """The explorer's state at ``k`` folds and true ``difference`` (read from ``grid``).

    Example
    -------
    >>> g = simulate_paired_t_power(folds=(2, 10), differences=(0.0, 0.05), n_repeats=200, rng=0)
    >>> paired_test_state(g, 10, 0.0).df
    9
    """
    if not isinstance(grid, PowerGrid):
        raise TypeError(f"grid must be a PowerGrid from simulate_paired_t_power, got {type(grid).__name__}")
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, numbers.Integral) or int(k) not in grid.folds:
        raise ValueError(f"k must be one of the simulated folds {list(grid.folds)}, got {k!r}")
    difference = check_real(difference, "difference")
    j = [i for i, d in enumerate(grid.differences) if abs(d - difference) < 1e-9]
    if not j:
        raise ValueError(f"difference must be one of the simulated differences {list(grid.differences)}, got {difference!r}")
    k = int(k)
    i, j = grid.folds.index(k), j[0]
    t = grid.statistics[i, j]
    bins = as_scores(bins, "bins")
    if len(bins) < 2 or not np.all(np.diff(bins) > 0):
        raise ValueError(f"bins must hold at least 2 strictly increasing edges, got {len(bins)} edges")
    counts, _ = np.histogram(t, bins=bins)
    hist = counts / (t.size * np.diff(bins))  # a density over all experiments: the bins hold 1 - shares beyond
    x = np.linspace(bins[0], bins[-1], 401)
    finite = t[np.isfinite(t)]
    return PairedTestState(
        k=int(k), difference=float(grid.differences[j]), df=int(k) - 1,
        critical_value=_dist.t_isf(grid.alpha / 2.0, k - 1), power=float(grid.power[i, j]),
        mean_statistic=float(finite.mean()) if finite.size else math.nan,
        bin_edges=bins, histogram=hist, share_below=float(np.mean(t < bins[0])),
        share_above=float(np.mean(t > bins[-1])), null_x=x, null_density=_dist.t_pdf(x, k - 1),
        power_curve=grid.power[i].copy(),
    )
