r"""Comparing learners: is a difference in performance real? (比较检验, book section 2.4)

Two learners evaluated on a test set give two error rates; they almost never
agree, even when the learners are equally good, because a test set is a
sample. The tests below ask how surprising the observed difference would be
if there were no real difference (the null hypothesis H0), in the book's
order:

* :func:`binomial_test`: one learner, one test set: is its generalisation
  error at most :math:`\epsilon_0`? (二项检验, 2.4.1, one-sided)
* :func:`t_test`: one learner, k error estimates (e.g. repeated hold-out):
  is the mean error :math:`\epsilon_0`? (t 检验, 2.4.1)
* :func:`paired_t_test` / :func:`cv_paired_t_test`: two learners on the same
  k folds: paired t-test on the per-fold differences (交叉验证 t 检验, 2.4.2);
  :func:`cross_val_scores` gives the per-fold scores of any measure (error
  rate, F1 ...) on shared folds
* :func:`five_by_two_cv_t_test`: Dietterich's 5x2 cross-validated paired
  t-test, which eases the dependence between folds (5×2 交叉验证, 2.4.2)
* :func:`mcnemar_test`: two learners, one hold-out set, the 2x2 table of who
  is right where (McNemar 检验, 2.4.3)
* :func:`friedman_test` and :func:`nemenyi_test`: several learners on several
  data sets, by their ranks (Friedman 检验与 Nemenyi 后续检验, 2.4.4)

Each test returns a :class:`TestResult` (or a richer result holding some):
the statistic, the p-value, the critical value and decision at the chosen
``alpha``, and a sentence saying what was tested; ``print(result)`` reads as
a small report.

Distributions without SciPy
---------------------------
The package depends on NumPy, matplotlib and ipywidgets only (a test in
``tests/test_packaging.py`` pins that), and SciPy is a large dependency for
four tail functions. The t, chi-square, F and binomial tails are therefore
computed in :mod:`learnmetrics._distributions` from two special functions,
the regularized incomplete beta and gamma functions, by their classical
continued fractions (about 80 lines, pure ``math``). Each tail is taken from
the side that returns it directly, so small p-values keep their relative
accuracy. The tests compare every statistic, p-value and critical value with
``scipy.stats`` (a test-only dependency) on random cases to 1e-9 relative
(observed: ~1e-12).

The one table that is not computed is the Nemenyi :math:`q_\alpha` (the
studentized range quantile divided by :math:`\sqrt{2}`): it is the book's
table 2.7 (from Demšar, 2006), published constants to three decimals; the
tests check them against SciPy's studentized range distribution.
"""
from __future__ import annotations

import copy
import math
import numbers
import warnings
from dataclasses import dataclass, field, replace

import numpy as np

from . import _distributions as _dist
from ._validation import (
    UndefinedMetricWarning,
    as_features,
    object_to_float,
    as_scores,
    check_bool,
    check_choice,
    check_positive_int,
    check_probability,
    check_real,
    check_rng,
    check_same_length,
)

__all__ = [
    "TestResult",
    "FriedmanResult",
    "NemenyiResult",
    "binomial_test",
    "t_test",
    "paired_t_test",
    "cross_val_scores",
    "cross_val_errors",
    "cv_paired_t_test",
    "five_by_two_cv_errors",
    "five_by_two_cv_t_test",
    "mcnemar_table",
    "mcnemar_test",
    "mcnemar_test_table",
    "rank_table",
    "friedman_test",
    "nemenyi_q",
    "critical_difference",
    "nemenyi_test",
]

_ALTERNATIVES = ("two-sided", "greater", "less")

# Book table 2.7 (Demšar 2006, table 5a): q_alpha of the Nemenyi test for k = 2..10 algorithms.
_NEMENYI_Q = {
    0.05: (1.960, 2.344, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164),
    0.10: (1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920),
}


# ----------------------------------------------------------------------------- results
#: how each statistic is written: in printed reports (Unicode) and in figures (mathtext)
_SYMBOLS = {
    "tau_t": ("τ_t", r"$\tau_t$"),
    "tau_chi2": ("τ_χ²", r"$\tau_{\chi^2}$"),
    "tau_F": ("τ_F", r"$\tau_F$"),
    "test error": ("test error ε̂", r"test error $\hat\epsilon$"),
}

#: the most cross-validation repeats :func:`cross_val_scores` runs
_MAX_REPEATS = 10_000


def _fmt_p(p: float) -> str:
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "undefined"
    return f"{p:.4f}" if p >= 1e-4 else f"{p:.2e}"


def _fmt_df(df) -> str:
    if df is None:
        return ""
    if isinstance(df, tuple):
        return "(" + ", ".join(f"{d:g}" for d in df) + ")"
    return f"{df:g}"


@dataclass(frozen=True)
class TestResult:
    """The outcome of one hypothesis test.

    Attributes
    ----------
    test : str
        Which test (e.g. ``"paired t-test"``).
    null_hypothesis : str
        What H0 says, in words.
    statistic_name : str
        Which statistic, as an identifier (``"tau_t"``, ``"tau_chi2"``, ``"tau_F"``,
        ``"test error"``); :attr:`symbol` and :attr:`math_symbol` say how it is written.
    statistic : float
    df : float, tuple of float or None
        Degrees of freedom of the null distribution.
    p_value : float
        Probability under H0 of a statistic at least as extreme as observed.
    alpha : float
        Significance level (显著度) of the decision.
    critical_value : float or None
        Reject H0 when the statistic is beyond it (for two-sided t-tests: when
        ``abs(statistic) > critical_value``); None where a count is compared.
    reject : bool
        ``p_value <= alpha``.
    alternative : str
        ``"two-sided"``, ``"greater"`` or ``"less"``.
    details : dict
        Intermediate numbers (means, variances, counts ...).
    reject_rule : str
        The decision rule in words (default: from ``alternative`` and ``critical_value``).
    """

    __test__ = False  # not a pytest test class, despite the name

    test: str
    null_hypothesis: str
    statistic_name: str
    statistic: float
    df: object
    p_value: float
    alpha: float
    critical_value: float | None
    reject: bool
    alternative: str = "two-sided"
    details: dict = field(default_factory=dict, repr=False, compare=False)
    reject_rule: str = field(default="", repr=False, compare=False)

    @property
    def symbol(self) -> str:
        """The statistic's symbol in plain text (Unicode), e.g. ``"τ_t"``."""
        return _SYMBOLS.get(self.statistic_name, (self.statistic_name, self.statistic_name))[0]

    @property
    def math_symbol(self) -> str:
        """The statistic's symbol for a figure (matplotlib mathtext), e.g. ``r"$\\tau_t$"``."""
        return _SYMBOLS.get(self.statistic_name, (self.statistic_name, self.statistic_name))[1]

    @property
    def decision(self) -> str:
        word = "reject H₀" if self.reject else "do not reject H₀"
        return f"{word} at α = {self.alpha:g}"

    def __str__(self) -> str:
        lines = [self.test, f"  H₀: {self.null_hypothesis}"]
        stat = f"  {self.symbol} = {self.statistic:.4f}"
        if self.df is not None:
            stat += f"   df = {_fmt_df(self.df)}"
        stat += f"   p-value = {_fmt_p(self.p_value)}   ({self.alternative})"
        lines.append(stat)
        if self.reject_rule:
            lines.append(f"  {self.reject_rule}  (α = {self.alpha:g})")
        elif self.critical_value is not None:
            bound = "|" + self.symbol + "|" if self.alternative == "two-sided" else self.symbol
            side = "<" if self.alternative == "less" else ">"
            lines.append(f"  reject when {bound} {side} {self.critical_value:.4f}  (α = {self.alpha:g})")
        lines.append(f"  decision: {self.decision}")
        return "\n".join(lines)


# ----------------------------------------------------------------------------- checks
def _check_alpha(alpha) -> float:
    return check_probability(alpha, "alpha", open_left=True, open_right=True)


def _check_alternative(alternative) -> str:
    return check_choice(alternative, "alternative", _ALTERNATIVES)


def _as_estimates(x, name: str, *, minimum: int = 2, what: str = "error estimates") -> np.ndarray:
    arr = as_scores(x, name)
    if len(arr) < minimum:
        raise ValueError(f"{name} needs at least {minimum} {what} (e.g. folds), got {len(arr)}")
    return arr


def _t_pvalue_and_critical(t: float, df: float, alpha: float, alternative: str) -> tuple[float, float]:
    if alternative == "two-sided":
        p = 2.0 * _dist.t_sf(abs(t), df) if not math.isnan(t) else math.nan
        crit = _dist.t_isf(alpha / 2.0, df)
    elif alternative == "greater":
        p = _dist.t_sf(t, df)
        crit = _dist.t_isf(alpha, df)
    else:
        p = _dist.t_cdf(t, df)
        crit = -_dist.t_isf(alpha, df)
    return (min(p, 1.0) if not math.isnan(p) else p), crit


def _scaled(*arrays_or_numbers):
    """The inputs divided by a power of two 2**e just above their largest magnitude (exactly), and e.

    Every statistic here is a ratio that does not change when all its inputs are scaled,
    so working on values of magnitude <= 1 avoids overflow (1e308 - (-1e308)) and the
    underflow of squared tiny differences (1e-200 ** 2 == 0) without changing the answer.
    """
    big = max(float(np.max(np.abs(a))) if np.size(a) else 0.0 for a in arrays_or_numbers)
    if big == 0.0:
        return arrays_or_numbers, 0
    e = math.frexp(big)[1]  # big < 2**e: scale by 2**-e with ldexp (2.0**1024 itself would overflow)
    return tuple(np.ldexp(np.asarray(a, dtype=np.float64), -e) for a in arrays_or_numbers), e


def _std(x: np.ndarray) -> float:
    """Sample standard deviation (ddof=1) without overflow or underflow of the squares."""
    (xs,), e = _scaled(x)
    with np.errstate(over="ignore"):
        return float(np.ldexp(np.asarray(xs, dtype=np.float64).std(ddof=1), e))


def _t_statistic(d: np.ndarray, mu0: float = 0.0) -> float:
    """sqrt(k) (mean - mu0) / s with s the sample standard deviation (ddof=1)."""
    k = len(d)
    (d, mu0), _ = _scaled(d, mu0)
    d, mu0 = np.asarray(d, dtype=np.float64), float(mu0)
    if float(np.ptp(d)) == 0.0:
        # exactly equal values: no spread at all (any real spread, even of one ulp, is measured below)
        if float(d[0]) == mu0:
            warnings.warn(
                "all estimates are identical and equal to the hypothesised mean: the t statistic is 0/0; "
                "statistic and p-value are NaN and H0 is not rejected",
                UndefinedMetricWarning,
                stacklevel=3,
            )
            return math.nan
        warnings.warn(
            "all estimates are identical: the standard deviation is 0, so the t statistic is infinite",
            UndefinedMetricWarning,
            stacklevel=3,
        )
        return math.copysign(math.inf, float(d[0]) - mu0)
    # the mean carried as m + c (c: the mean of the residuals, exact to a rounding) so that a spread
    # of a few ulps is measured around the true mean, not around a rounded one (d = [1, 1 + 2**-52,
    # 1 + 2**-51] against mu0 = 1 + 3 * 2**-52: t = -3.46, p = 0.074; the former rule "sd <= 1e-14
    # of the largest value is no spread" gave t = -inf, p = 0)
    m = float(d.mean())
    c = float(np.mean(d - m))
    dev = (d - m) - c
    sd = math.sqrt(float(np.dot(dev, dev)) / (k - 1))
    return math.sqrt(k) * ((m - mu0) + c) / sd


# ----------------------------------------------------------------------------- 2.4.1
def binomial_test(n_errors, n_samples, *, epsilon0, alpha=0.05) -> TestResult:
    r"""Binomial test of one learner's error rate (二项检验, book 2.4.1).

    A learner misclassifies ``n_errors`` = :math:`m'` of :math:`m` test
    examples (test error :math:`\hat\epsilon = m'/m`). If its generalisation
    error is :math:`\epsilon`, :math:`m'` is binomial,
    :math:`P(m') = \binom{m}{m'} \epsilon^{m'} (1-\epsilon)^{m-m'}`.
    H0: :math:`\epsilon \le \epsilon_0`, against :math:`\epsilon > \epsilon_0`
    (one-sided). The p-value is the largest probability, under H0, of at least
    :math:`m'` errors, reached at :math:`\epsilon = \epsilon_0`:

    .. math:: p = P(X \ge m'),\quad X \sim \mathrm{Binomial}(m, \epsilon_0).

    The critical count :math:`c` is the smallest with :math:`P(X \ge c) \le \alpha`;
    H0 is rejected when :math:`m' \ge c`, i.e. when the test error reaches
    :math:`c/m` (``critical_value``). The book's critical error rate
    :math:`\bar\epsilon` (临界值, eq. 2.27 as corrected in later printings:
    the smallest :math:`\epsilon` with
    :math:`P(X > \epsilon m) < \alpha`) is :math:`(c-1)/m`, the largest test
    error that is *not* significant: at or below it, "the generalisation
    error is at most :math:`\epsilon_0`" cannot be ruled out; above it, H0 is
    rejected.

    Parameters
    ----------
    n_errors : int
        Misclassified test examples :math:`m'`.
    n_samples : int
        Test examples :math:`m` (>= 1).
    epsilon0 : float in [0, 1]
        The error rate of H0.
    alpha : float in (0, 1), default=0.05

    Returns
    -------
    TestResult
        ``statistic`` is the test error rate :math:`\hat\epsilon`; ``details``
        holds ``n_errors``, ``critical_count`` :math:`c`, ``rejection_error_rate``
        :math:`c/m` (``critical_value``: the smallest rejected test error) and
        ``epsilon_bar``, the book's critical error rate :math:`\bar\epsilon = (c-1)/m`.
        The critical count is found by bisection: about :math:`\log_2 m` tail
        evaluations, so ``n_samples`` may be as large as you like.
        Matches ``scipy.stats.binomtest(n_errors, n_samples, epsilon0,
        alternative="greater").pvalue``.

    Example
    -------
    >>> r = binomial_test(9, 50, epsilon0=0.1)
    >>> round(r.p_value, 4), r.reject
    (0.0579, False)
    """
    m = check_positive_int(n_samples, "n_samples", minimum=1)
    k = check_positive_int(n_errors, "n_errors", minimum=0)
    if k > m:
        raise ValueError(f"n_errors ({k}) cannot exceed n_samples ({m})")
    eps0 = check_probability(epsilon0, "epsilon0")
    alpha = _check_alpha(alpha)
    p = _dist.binom_sf_ge(k, m, eps0)
    # smallest c with P(X >= c) <= alpha (m + 1 when even m errors are not enough): the tail
    # falls as c grows, so bisect (about log2(m) tail evaluations, however large m is)
    lo, hi = 0, m + 1  # P(X >= 0) = 1 > alpha, P(X >= m + 1) = 0 <= alpha
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _dist.binom_sf_ge(mid, m, eps0) <= alpha:
            hi = mid
        else:
            lo = mid
    crit = hi
    eps_bar = (crit - 1) / m
    return TestResult(
        test=f"Binomial test of one error rate ({m} test examples)",
        null_hypothesis=f"the generalisation error is at most ε₀ = {eps0:g}",
        statistic_name="test error",
        statistic=k / m,
        df=None,
        p_value=p,
        alpha=alpha,
        critical_value=crit / m,
        reject=bool(p <= alpha),
        alternative="greater",
        details={"n_errors": k, "n_samples": m, "critical_count": crit, "rejection_error_rate": crit / m,
                 "epsilon_bar": eps_bar, "epsilon0": eps0},
        reject_rule=(f"reject when the test error reaches {crit}/{m} = {crit / m:.4f}, i.e. exceeds "
                     f"the critical rate ε̄ = {crit - 1}/{m} = {eps_bar:.4f}" if crit <= m
                     else f"no test error on {m} examples is enough to reject"),
    )


def t_test(errors, *, epsilon0, alpha=0.05, alternative="two-sided") -> TestResult:
    r"""t-test of a mean error rate from k estimates (t 检验, book 2.4.1).

    From k test error rates :math:`\hat\epsilon_1, \dots, \hat\epsilon_k`
    (repeated hold-out, say) with mean :math:`\mu` and sample variance
    :math:`\sigma^2 = \frac{1}{k-1}\sum_i (\hat\epsilon_i - \mu)^2`,

    .. math:: \tau_t = \frac{\sqrt{k}\,(\mu - \epsilon_0)}{\sigma} \sim t(k-1)

    under H0: :math:`\mu = \epsilon_0` (the book's two-sided test).

    Parameters
    ----------
    errors : array-like of shape (k,), k >= 2
    epsilon0 : float
    alpha : float in (0, 1), default=0.05
    alternative : {"two-sided", "greater", "less"}, default="two-sided"

    Returns
    -------
    TestResult
        Same statistic and p-value as ``scipy.stats.ttest_1samp(errors, epsilon0)``.

    Example
    -------
    >>> r = t_test([0.12, 0.15, 0.11, 0.14, 0.13], epsilon0=0.10)
    >>> round(r.statistic, 3), r.reject
    (4.243, True)
    """
    e = _as_estimates(errors, "errors")
    eps0 = check_real(epsilon0, "epsilon0")
    alpha = _check_alpha(alpha)
    alternative = _check_alternative(alternative)
    k = len(e)
    t = _t_statistic(e, eps0)
    p, crit = _t_pvalue_and_critical(t, k - 1, alpha, alternative)
    return TestResult(
        test=f"t-test of the mean of {k} error estimates",
        null_hypothesis=f"the mean error rate equals ε₀ = {eps0:g}",
        statistic_name="tau_t",
        statistic=t,
        df=float(k - 1),
        p_value=p,
        alpha=alpha,
        critical_value=crit,
        reject=bool(p <= alpha) if not math.isnan(p) else False,
        alternative=alternative,
        details={"mean": float(np.mean(e / 2) * 2), "std": _std(e), "k": k},
    )


# ----------------------------------------------------------------------------- 2.4.2
def paired_t_test(errors_a, errors_b, *, alpha=0.05, alternative="two-sided") -> TestResult:
    r"""Paired t-test over k folds (成对 t 检验, book 2.4.2).

    Learners A and B are tested on the same k folds; the differences
    :math:`\Delta_i = \epsilon_i^A - \epsilon_i^B` have mean :math:`\mu` and
    sample variance :math:`\sigma^2`. Under H0 (the learners perform the same,
    :math:`E[\Delta] = 0`)

    .. math:: \tau_t = \frac{\sqrt{k}\,\mu}{\sigma} \sim t(k-1).

    (The book writes :math:`|\sqrt{k}\mu/\sigma|` and compares it with
    :math:`t_{\alpha/2, k-1}`; the sign here says which learner erred more.)
    The folds' training sets overlap, so the :math:`\Delta_i` are not
    independent and the test is somewhat too eager to reject; see
    :func:`five_by_two_cv_t_test`.

    Parameters
    ----------
    errors_a, errors_b : array-like of shape (k,), k >= 2
        The two learners' error rates (or any measure) on the same folds.
    alpha : float in (0, 1), default=0.05
    alternative : {"two-sided", "greater", "less"}, default="two-sided"

    Returns
    -------
    TestResult
        Same statistic and p-value as ``scipy.stats.ttest_rel(errors_a, errors_b)``.

    Example
    -------
    >>> r = paired_t_test([0.10, 0.12, 0.08, 0.11], [0.13, 0.14, 0.12, 0.12])
    >>> round(r.statistic, 3), round(r.p_value, 4)
    (-3.873, 0.0305)
    """
    a = _as_estimates(errors_a, "errors_a")
    b = _as_estimates(errors_b, "errors_b")
    check_same_length(errors_a=a, errors_b=b)
    alpha = _check_alpha(alpha)
    alternative = _check_alternative(alternative)
    (sa, sb), e = _scaled(a, b)
    with np.errstate(over="ignore"):
        d = np.ldexp(sa - sb, e)  # the differences, for the details (inf only if they truly overflow)
    k = len(d)
    t = _t_statistic(sa - sb)
    p, crit = _t_pvalue_and_critical(t, k - 1, alpha, alternative)
    return TestResult(
        test=f"Paired t-test over {k} folds",
        null_hypothesis="the two learners have the same expected error (mean difference 0)",
        statistic_name="tau_t",
        statistic=t,
        df=float(k - 1),
        p_value=p,
        alpha=alpha,
        critical_value=crit,
        reject=bool(p <= alpha) if not math.isnan(p) else False,
        alternative=alternative,
        details={"differences": d, "mean_difference": float(d.mean()), "std_difference": _std(d),
                 "mean_a": float(a.mean()), "mean_b": float(b.mean()), "k": k},
    )


def _error_rate(y_true, y_pred) -> float:
    return float(np.mean(np.asarray(y_pred) != np.asarray(y_true)))


def _labels(x, name: str) -> np.ndarray:
    """Class labels as the classification metrics read them (object arrays of strings -> str)."""
    from ._labels import _labels_array

    return _labels_array(x, name)


def _check_Xy(X, y):
    X = as_features(X, "X")
    y = _labels(y, "y")
    check_same_length(X=X, y=y)
    return X, y


def _check_learners(learners) -> list:
    if isinstance(learners, dict):
        learners = list(learners.values())
    learners = list(learners)
    if not learners:
        raise ValueError("learners is empty: give at least one learner")
    for i, lr in enumerate(learners):
        if not (hasattr(lr, "fit") and hasattr(lr, "predict")):
            raise TypeError(f"learners[{i}] must have fit(X, y) and predict(X) methods, got {type(lr).__name__}")
    return learners


def _check_pair(learner_a, learner_b) -> None:
    for name, lr in (("learner_a", learner_a), ("learner_b", learner_b)):
        if not (hasattr(lr, "fit") and hasattr(lr, "predict")):
            raise TypeError(f"{name} must have fit(X, y) and predict(X) methods, got {type(lr).__name__}")


def cross_val_scores(learners, X, y, *, scoring, k=10, repeats=None, stratify=True, rng=None) -> np.ndarray:
    r"""Any measure of several learners on the *same* k-fold splits.

    Each fold's split comes from :func:`learnmetrics.splits.kfold_split`;
    every learner is fitted on the fold's training set (a fresh copy each time)
    and ``scoring(y_test, y_pred)`` is computed on the fold's test set, so the
    scores are paired fold by fold, as the paired tests need. With
    ``scoring=learnmetrics.f1_score`` this gives two learners' F1 per fold.

    Parameters
    ----------
    learners : list (or dict) of objects with ``fit(X, y)`` and ``predict(X)``
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    scoring : callable ``(y_true, y_pred) -> float``
        E.g. :func:`learnmetrics.error_rate`, :func:`learnmetrics.f1_score`.
    k : int, 2 <= k <= n_samples, default=10
    repeats : int or None, default=None
        None: one k-fold run; an int p (1 <= p <= 10000): p runs with fresh random folds.
    stratify : bool, default=True
    rng : None, int or numpy.random.Generator

    Returns
    -------
    scores : ndarray of shape (n_learners, k), or (n_learners, repeats, k)

    Example
    -------
    >>> from learnmetrics.datasets import watermelon_3a
    >>> from learnmetrics.learners import LogisticRegression
    >>> from learnmetrics.classification import accuracy_score
    >>> d = watermelon_3a()
    >>> cross_val_scores([LogisticRegression()], d.X, d.y, scoring=accuracy_score, k=3, rng=0).shape
    (1, 3)
    """
    from .splits import kfold_split

    learners = _check_learners(learners)
    if not callable(scoring):
        raise TypeError(f"scoring must be a callable (y_true, y_pred) -> float, got {type(scoring).__name__}")
    X, y = _check_Xy(X, y)
    k = check_positive_int(k, "k", minimum=2, maximum=len(y))
    stratify = check_bool(stratify, "stratify")
    n_rep = 1 if repeats is None else check_positive_int(repeats, "repeats", minimum=1, maximum=_MAX_REPEATS)
    gen = check_rng(rng)
    out = np.empty((len(learners), n_rep, k))
    for r in range(n_rep):
        for f, (tr, te) in enumerate(kfold_split(y, k=k, stratify=stratify, shuffle=True, rng=gen)):
            for j, lr in enumerate(learners):
                pred = copy.deepcopy(lr).fit(X[tr], y[tr]).predict(X[te])
                value = scoring(y[te], pred)
                if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real) \
                        or not math.isfinite(float(value)):
                    raise ValueError(f"scoring must return a finite number, got {value!r} "
                                     f"(learners[{j}], fold {f + 1})")
                out[j, r, f] = float(value)
    return out[:, 0, :] if repeats is None else out


def cross_val_errors(learners, X, y, *, k=10, repeats=None, stratify=True, rng=None) -> np.ndarray:
    r"""Error rates of several learners on the *same* k-fold splits.

    :func:`cross_val_scores` with the error rate as the measure.

    Parameters
    ----------
    learners : list (or dict) of objects with ``fit(X, y)`` and ``predict(X)``
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    k : int >= 2, default=10
    repeats : int or None, default=None
        None: one k-fold run; an int p: p runs with fresh random folds.
    stratify : bool, default=True
    rng : None, int or numpy.random.Generator

    Returns
    -------
    errors : ndarray of shape (n_learners, k), or (n_learners, repeats, k)

    Example
    -------
    >>> from learnmetrics.datasets import watermelon_3a
    >>> from learnmetrics.learners import LogisticRegression
    >>> d = watermelon_3a()
    >>> cross_val_errors([LogisticRegression()], d.X, d.y, k=3, rng=0).shape
    (1, 3)
    """
    return cross_val_scores(learners, X, y, scoring=_error_rate, k=k, repeats=repeats, stratify=stratify, rng=rng)


def cv_paired_t_test(learner_a, learner_b, X, y, *, k=10, alpha=0.05, stratify=True, rng=None) -> TestResult:
    """k-fold cross-validated paired t-test of two learners (book 2.4.2).

    Runs :func:`cross_val_errors` on the same k folds for both learners, then
    :func:`paired_t_test` on the fold errors; ``details["errors_a"]`` and
    ``details["errors_b"]`` hold them.

    Example
    -------
    >>> from learnmetrics.datasets import watermelon_3a
    >>> from learnmetrics.learners import LogisticRegression
    >>> d = watermelon_3a()
    >>> r = cv_paired_t_test(LogisticRegression(), LogisticRegression(l2=10.0), d.X, d.y, k=4, rng=0)
    >>> r.df
    3.0
    """
    _check_pair(learner_a, learner_b)
    alpha = _check_alpha(alpha)  # before the cross-validation, which is the expensive part
    errs = cross_val_errors([learner_a, learner_b], X, y, k=k, stratify=stratify, rng=rng)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        res = paired_t_test(errs[0], errs[1], alpha=alpha)
    if math.isnan(res.statistic) or math.isinf(res.statistic):
        warnings.warn("the fold differences are all equal: the t statistic is undefined or infinite",
                      UndefinedMetricWarning, stacklevel=2)
    details = dict(res.details, errors_a=errs[0], errors_b=errs[1])
    return replace(res, test=f"{k}-fold cross-validated paired t-test", details=details)


def five_by_two_cv_errors(learner_a, learner_b, X, y, *, stratify=True, rng=None) -> np.ndarray:
    """Error rates for the 5x2 cross-validation: shape (2 learners, 5 replications, 2 folds).

    Each replication is a fresh random 2-fold split
    (:func:`learnmetrics.splits.kfold_split` with k = 2); both learners use it.
    """
    _check_pair(learner_a, learner_b)
    return cross_val_errors([learner_a, learner_b], X, y, k=2, repeats=5, stratify=stratify, rng=rng)


def five_by_two_cv_t_test(errors_a, errors_b, *, alpha=0.05, numerator="book") -> TestResult:
    r"""The 5x2 cross-validated paired t-test (5×2 交叉验证 t 检验; Dietterich, 1998).

    Five replications of 2-fold cross-validation give, in replication i,
    differences :math:`\Delta_i^1, \Delta_i^2` on its two folds. Each
    replication's variance is
    :math:`\sigma_i^2 = (\Delta_i^1 - \bar\Delta_i)^2 + (\Delta_i^2 - \bar\Delta_i)^2`
    with :math:`\bar\Delta_i = (\Delta_i^1 + \Delta_i^2)/2`, and

    .. math:: \tau_t = \frac{\mu}{\sqrt{0.2 \sum_{i=1}^5 \sigma_i^2}} \sim t(5).

    The numerator uses the first replication only, to ease the dependence
    between the replications:

    * ``numerator="book"`` (Zhou, eq. 2.32): :math:`\mu = 0.5(\Delta_1^1 + \Delta_1^2)`,
      the mean of the first replication's two differences;
    * ``numerator="dietterich"`` (Dietterich's original): :math:`\mu = \Delta_1^1`,
      the first fold's difference of the first replication.

    Parameters
    ----------
    errors_a, errors_b : array-like of shape (5, 2)
        Error rates per replication (rows) and fold (columns), e.g. from
        :func:`five_by_two_cv_errors`.
    alpha : float in (0, 1), default=0.05
    numerator : {"book", "dietterich"}, default="book"

    Returns
    -------
    TestResult (two-sided, df = 5)

    Example
    -------
    >>> a = [[0.10, 0.12], [0.11, 0.10], [0.09, 0.12], [0.10, 0.11], [0.12, 0.10]]
    >>> b = [[0.14, 0.15], [0.13, 0.15], [0.12, 0.14], [0.15, 0.13], [0.14, 0.15]]
    >>> round(five_by_two_cv_t_test(a, b).statistic, 3)
    -2.055
    """
    a = _as_table(errors_a, "errors_a")
    b = _as_table(errors_b, "errors_b")
    for name, t in (("errors_a", a), ("errors_b", b)):
        if t.shape != (5, 2):
            raise ValueError(f"{name} must have shape (5, 2) (5 replications x 2 folds), got {t.shape}")
    alpha = _check_alpha(alpha)
    numerator = check_choice(numerator, "numerator", ("book", "dietterich"))
    (sa, sb), e = _scaled(a, b)  # the ratio does not change with the scale: no overflow, no underflow
    ds = sa - sb
    dbar = ds.mean(axis=1)
    var_s = ((ds - dbar[:, None]) ** 2).sum(axis=1)
    mu_s = float(dbar[0]) if numerator == "book" else float(ds[0, 0])
    den = math.sqrt(0.2 * float(var_s.sum()))
    with np.errstate(over="ignore"):
        d, var_i, mu = np.ldexp(ds, e), np.ldexp(var_s, 2 * e), float(np.ldexp(mu_s, e))
    if den == 0.0:
        warnings.warn("every replication's two differences are equal: the 5x2cv statistic is undefined",
                      UndefinedMetricWarning, stacklevel=2)
        t = math.nan if mu_s == 0 else math.copysign(math.inf, mu_s)
    else:
        t = mu_s / den
    p, crit = _t_pvalue_and_critical(t, 5.0, alpha, "two-sided")
    return TestResult(
        test=f"5x2 cross-validated paired t-test ({'book' if numerator == 'book' else 'Dietterich'} numerator)",
        null_hypothesis="the two learners have the same expected error",
        statistic_name="tau_t",
        statistic=t,
        df=5.0,
        p_value=p,
        alpha=alpha,
        critical_value=crit,
        reject=bool(p <= alpha) if not math.isnan(p) else False,
        details={"differences": d, "variances": var_i, "mu": mu},
    )


# ----------------------------------------------------------------------------- 2.4.3
def mcnemar_table(y_true, y_pred_a, y_pred_b) -> np.ndarray:
    r"""The book's 2x2 contingency table of two classifiers (列联表, table 2.4).

    Rows: learner B correct / wrong; columns: learner A correct / wrong::

                      A correct   A wrong
        B correct       e00         e01
        B wrong         e10         e11

    The labels are read as the classification metrics read them: strings and
    numbers are never mixed, neither inside one argument nor between
    ``y_true`` and a prediction (``'1'`` is not ``1``: counting every
    prediction wrong would be a silent wrong table).

    Parameters
    ----------
    y_true, y_pred_a, y_pred_b : array-like of shape (n_samples,), class labels

    Returns
    -------
    ndarray of shape (2, 2), int (exact counts)

    Example
    -------
    >>> mcnemar_table([1, 1, 0, 0], [1, 0, 0, 1], [1, 1, 1, 1]).tolist()
    [[1, 1], [1, 1]]
    """
    from ._labels import _check_compatible

    y = _labels(y_true, "y_true")
    pa = _labels(y_pred_a, "y_pred_a")
    pb = _labels(y_pred_b, "y_pred_b")
    check_same_length(y_true=y, y_pred_a=pa, y_pred_b=pb)
    _check_compatible(y, "y_true", pa, "y_pred_a")
    _check_compatible(y, "y_true", pb, "y_pred_b")
    a_wrong = (pa != y).astype(np.int64)
    b_wrong = (pb != y).astype(np.int64)
    table = np.zeros((2, 2), dtype=np.int64)
    np.add.at(table, (b_wrong, a_wrong), 1)
    return table


def mcnemar_test_table(table, *, alpha=0.05, correction=True) -> TestResult:
    r"""McNemar's test from the 2x2 table of :func:`mcnemar_table` (book 2.4.3).

    Only the examples on which the learners disagree count: :math:`e_{01}`
    (B right, A wrong) and :math:`e_{10}` (B wrong, A right). If the learners
    perform the same, :math:`e_{01} \approx e_{10}`, and

    .. math:: \tau_{\chi^2} = \frac{(|e_{01} - e_{10}| - 1)^2}{e_{01} + e_{10}}
              \sim \chi^2(1)

    (approximately, for :math:`e_{01} + e_{10}` not too small; the :math:`-1`
    is the continuity correction). ``correction=False`` drops it:
    :math:`(e_{01} - e_{10})^2 / (e_{01} + e_{10})`.

    The correction moves :math:`|e_{01} - e_{10}|` one step towards 0 but
    never past it: :math:`\max(|e_{01} - e_{10}| - 1, 0)`, as Yates's
    correction in ``scipy.stats.chi2_contingency`` does. Taken literally, the
    book's formula gives :math:`1/(e_{01}+e_{10}) > 0` for a perfect tie
    :math:`e_{01} = e_{10}`, more evidence against H0 than for
    :math:`|e_{01} - e_{10}| = 1` (statistic 0), which cannot be right. With
    the clamp the corrected statistic is never larger than the uncorrected
    one (its p-value never smaller).

    If the learners never disagree (:math:`e_{01} + e_{10} = 0`) there is no
    evidence of a difference: statistic 0, p-value 1, with a warning.

    Parameters
    ----------
    table : array-like of shape (2, 2), non-negative counts
    alpha : float in (0, 1), default=0.05
    correction : bool, default=True

    Example
    -------
    >>> r = mcnemar_test_table([[50, 4], [14, 32]])
    >>> round(r.statistic, 4), round(r.p_value, 4)
    (4.5, 0.0339)
    """
    raw = np.asarray(table) if table is not None and not isinstance(table, (str, bytes)) else None
    t = _as_table(table, "table")
    if t.shape != (2, 2):
        raise ValueError(f"table must have shape (2, 2), got {t.shape}")
    if (t < 0).any() or not np.all(t == np.round(t)):
        raise ValueError(f"table must hold non-negative whole counts, got {t.tolist()}")
    correction = check_bool(correction, "correction")
    alpha = _check_alpha(alpha)
    # integer counts stay exact (no rounding through float64 above 2**53)
    src = raw if raw is not None and raw.dtype.kind in "iu" else t
    e01, e10 = int(src[0, 1]), int(src[1, 0])
    n = e01 + e10
    if n == 0:
        warnings.warn("the two learners never disagree (e01 + e10 = 0): McNemar's statistic is set to 0, "
                      "p-value 1", UndefinedMetricWarning, stacklevel=2)
        stat = 0.0
    else:
        gap = max(abs(e01 - e10) - (1 if correction else 0), 0)
        stat = (gap / n) * gap  # gap / n <= 1: no overflow, however large the counts
    p = _dist.chi2_sf(stat, 1.0) if n > 0 else 1.0
    crit = _dist.chi2_isf(alpha, 1.0)
    return TestResult(
        test="McNemar's test" + (" (continuity-corrected)" if correction else ""),
        null_hypothesis="the two learners have the same error rate (e₀₁ = e₁₀ in expectation)",
        statistic_name="tau_chi2",
        statistic=stat,
        df=1.0,
        p_value=p,
        alpha=alpha,
        critical_value=crit,
        reject=bool(p <= alpha),
        alternative="two-sided",
        details={"table": src.astype(np.int64) if np.all(t < 2.0**63) else t, "e01": e01, "e10": e10},
        reject_rule=f"reject when τ_χ² > {crit:.4f}",
    )


def mcnemar_test(y_true, y_pred_a, y_pred_b, *, alpha=0.05, correction=True) -> TestResult:
    """McNemar's test of two classifiers' predictions on one test set.

    Builds :func:`mcnemar_table` and applies :func:`mcnemar_test_table`.

    Example
    -------
    >>> y = [1, 0] * 20
    >>> r = mcnemar_test(y, y[:30] + [1 - v for v in y[30:]], [1 - v for v in y[:10]] + y[10:])
    >>> r.details["e01"], r.details["e10"]
    (10, 10)
    """
    return mcnemar_test_table(mcnemar_table(y_true, y_pred_a, y_pred_b), alpha=alpha, correction=correction)


# ----------------------------------------------------------------------------- 2.4.4
def _as_table(table, name: str) -> np.ndarray:
    if table is None:
        raise TypeError(f"{name} must be a 2-D array-like, got None")
    if isinstance(table, (str, bytes, dict, set)):
        raise TypeError(f"{name} must be a 2-D table of numbers, got {type(table).__name__}")
    try:
        raw = np.asarray(table)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a 2-D table of numbers (rows of equal length)") from None
    if raw.dtype.kind in "USO" and any(isinstance(v, (str, bytes)) for v in raw.ravel().tolist()):
        raise TypeError(f"{name} must hold numbers, not text (found {next(v for v in raw.ravel().tolist() if isinstance(v, (str, bytes)))!r})")
    if raw.dtype.kind == "c":
        raise TypeError(f"{name} must hold real numbers, got complex values")
    if raw.dtype == object:    # Python numbers: an integer beyond float range (10**400) named clearly
        try:
            t = object_to_float(raw, name, what="a 2-D table of numbers (rows of equal length)")
        except ValueError as exc:
            if "ragged" in str(exc):
                raise TypeError(f"{name} must be a 2-D table of numbers (rows of equal length)") from None
            raise
    else:
        try:
            t = raw.astype(np.float64)
        except (TypeError, ValueError):
            raise TypeError(f"{name} must be a 2-D table of numbers (rows of equal length)") from None
    if t.ndim != 2:
        raise ValueError(f"{name} must be 2-D, got an array of shape {t.shape}")
    if not np.isfinite(t).all():
        raise ValueError(f"{name} must not contain NaN or infinity ({int((~np.isfinite(t)).sum())} such value(s))")
    return t


def _check_names(names, k: int) -> tuple[str, ...]:
    if names is None:
        return tuple(chr(ord("A") + i) if k <= 26 else f"L{i + 1}" for i in range(k))
    if isinstance(names, (str, bytes, dict, set)) or not hasattr(names, "__iter__"):
        raise TypeError(f"names must be a list of {k} strings, got {type(names).__name__} {names!r}")
    names = tuple(str(n) for n in names)
    if len(names) != k:
        raise ValueError(f"names has {len(names)} entries but the table has {k} algorithms (columns)")
    if len(set(names)) != k:
        raise ValueError(f"names must be distinct, got {list(names)}")
    return names


def rank_table(table, *, greater_is_better=False) -> np.ndarray:
    r"""Rank the algorithms (columns) on each data set (row): 1 = best, ties share the mean rank.

    The book's table 2.5: on each data set the best algorithm gets rank 1, the
    next 2, ...; algorithms that tie share the average of their ranks (e.g.
    2.5, 2.5).

    Parameters
    ----------
    table : array-like of shape (N data sets, k algorithms)
        Error rates (lower is better) or, with ``greater_is_better=True``,
        accuracies, F1 ... A table of ranks ranks to itself.
    greater_is_better : bool, default=False

    Returns
    -------
    ranks : ndarray of shape (N, k)

    Example
    -------
    >>> rank_table([[0.1, 0.2, 0.2]]).tolist()
    [[1.0, 2.5, 2.5]]
    """
    t = _as_table(table, "table")
    if t.size == 0:
        raise ValueError(f"table is empty: it needs at least one data set and one algorithm, got shape {t.shape}")
    greater_is_better = check_bool(greater_is_better, "greater_is_better")
    if greater_is_better:
        t = -t
    # per row: the number of strictly better values, plus half of the other equal ones
    # (the mean of the tied ranks); O(k log k) per data set, no (N, k, k) temporaries
    ranks = np.empty_like(t)
    for i, row in enumerate(t):
        srt = np.sort(row)
        below = np.searchsorted(srt, row, side="left")
        upto = np.searchsorted(srt, row, side="right")
        ranks[i] = (below + upto + 1) / 2.0
    return ranks


def _friedman_core(ranks: np.ndarray, tie_correction: bool) -> float:
    n, k = ranks.shape
    r = ranks.mean(axis=0)
    chi2 = 12.0 * n / (k * (k + 1)) * float(np.sum((r - (k + 1) / 2.0) ** 2))
    if tie_correction:
        # sum over rows and tie groups of (t^3 - t), t the size of a group of equal ranks
        ties = 0.0
        for row in ranks:
            sizes = np.unique(row, return_counts=True)[1].astype(float)
            ties += float(np.sum(sizes**3 - sizes))
        c = 1.0 - ties / (n * k * (k * k - 1))
        if c <= 0:
            warnings.warn("every data set ties all algorithms: the tie-corrected statistic is 0/0",
                          UndefinedMetricWarning, stacklevel=3)
            return math.nan
        chi2 /= c
    return chi2


@dataclass(frozen=True)
class FriedmanResult:
    """The Friedman test in both of the book's forms.

    Attributes
    ----------
    names : tuple of str
    ranks : ndarray (N, k)
    average_ranks : ndarray (k,)
    n_datasets, k : int
    chi2 : TestResult   (:math:`\\tau_{\\chi^2}`, df = k - 1)
    f : TestResult      (:math:`\\tau_F`, df = (k - 1, (k - 1)(N - 1)); the book's recommended form)
    reject : bool       the F form's decision
    """

    names: tuple
    ranks: np.ndarray = field(repr=False)
    average_ranks: np.ndarray
    n_datasets: int
    k: int
    chi2: TestResult = field(repr=False)
    f: TestResult = field(repr=False)

    @property
    def reject(self) -> bool:
        return self.f.reject

    def __str__(self) -> str:
        ranks = ", ".join(f"{n}: {r:.3f}" for n, r in zip(self.names, self.average_ranks))
        return (
            f"Friedman test: {self.k} algorithms on {self.n_datasets} data sets\n"
            f"  average ranks: {ranks}\n"
            f"  τ_χ² = {self.chi2.statistic:.4f}   df = {_fmt_df(self.chi2.df)}   p-value = {_fmt_p(self.chi2.p_value)}"
            f"   (critical value {self.chi2.critical_value:.4f})\n"
            f"  τ_F  = {self.f.statistic:.4f}   df = {_fmt_df(self.f.df)}   p-value = {_fmt_p(self.f.p_value)}"
            f"   (critical value {self.f.critical_value:.4f})\n"
            f"  decision (F form): {self.f.decision}"
        )


def friedman_test(table, *, alpha=0.05, greater_is_better=False, tie_correction=False, names=None) -> FriedmanResult:
    r"""Friedman test: do k algorithms perform the same on N data sets? (book 2.4.4)

    Rank the algorithms on each data set (:func:`rank_table`); let
    :math:`r_i` be algorithm i's average rank. If all perform the same, each
    :math:`r_i` has mean :math:`(k+1)/2`, and

    .. math::

        \tau_{\chi^2} = \frac{k-1}{k}\cdot\frac{12N}{k^2-1}\sum_{i=1}^k \left(r_i - \frac{k+1}{2}\right)^2
        \sim \chi^2(k-1)

    for large k and N. The book recommends the less conservative

    .. math:: \tau_F = \frac{(N-1)\,\tau_{\chi^2}}{N(k-1) - \tau_{\chi^2}} \sim F\big(k-1, (k-1)(N-1)\big).

    When every data set ranks the algorithms identically, :math:`\tau_{\chi^2}`
    reaches :math:`N(k-1)` and :math:`\tau_F` is infinite (p-value 0).

    Parameters
    ----------
    table : array-like of shape (N >= 2 data sets, k >= 2 algorithms)
        Error rates (or ranks); see ``greater_is_better``.
    alpha : float in (0, 1), default=0.05
    greater_is_better : bool, default=False
    tie_correction : bool, default=False
        The book's formula has none. True divides :math:`\tau_{\chi^2}` by
        :math:`1 - \sum (t^3 - t) / (N k (k^2 - 1))` (t: sizes of tied
        groups), as ``scipy.stats.friedmanchisquare`` does; without ties the
        two agree.
    names : sequence of k str, optional (default "A", "B", ...)

    Returns
    -------
    FriedmanResult

    Example
    -------
    >>> ranks = [[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]]   # book table 2.5
    >>> r = friedman_test(ranks)
    >>> round(r.chi2.statistic, 3), round(r.f.statistic, 3)
    (7.125, 24.429)
    """
    t = _as_table(table, "table")
    n, k = t.shape
    if n < 2:
        raise ValueError(f"table needs at least 2 data sets (rows), got {n}")
    if k < 2:
        raise ValueError(f"table needs at least 2 algorithms (columns), got {k}")
    alpha = _check_alpha(alpha)
    greater_is_better = check_bool(greater_is_better, "greater_is_better")
    tie_correction = check_bool(tie_correction, "tie_correction")
    names = _check_names(names, k)
    ranks = rank_table(t, greater_is_better=greater_is_better)
    chi2 = _friedman_core(ranks, tie_correction)
    d1, d2 = float(k - 1), float((k - 1) * (n - 1))
    denom = n * (k - 1) - chi2
    if math.isnan(chi2):
        tau_f = math.nan
    elif denom <= 1e-12 * n * (k - 1):
        tau_f = math.inf
    else:
        tau_f = (n - 1) * chi2 / denom
    p_chi2 = _dist.chi2_sf(chi2, d1)
    p_f = _dist.f_sf(tau_f, d1, d2)
    h0 = "all algorithms perform the same (equal expected ranks)"
    res_chi2 = TestResult(
        test="Friedman test (chi-square form)" + (", tie-corrected" if tie_correction else ""),
        null_hypothesis=h0, statistic_name="tau_chi2", statistic=chi2, df=d1, p_value=p_chi2, alpha=alpha,
        critical_value=_dist.chi2_isf(alpha, d1), reject=bool(p_chi2 <= alpha), alternative="greater",
    )
    res_f = TestResult(
        test="Friedman test (F form)" + (", tie-corrected" if tie_correction else ""),
        null_hypothesis=h0, statistic_name="tau_F", statistic=tau_f, df=(d1, d2), p_value=p_f, alpha=alpha,
        critical_value=_dist.f_isf(alpha, d1, d2), reject=bool(p_f <= alpha), alternative="greater",
    )
    return FriedmanResult(names=names, ranks=ranks, average_ranks=ranks.mean(axis=0), n_datasets=n, k=k,
                          chi2=res_chi2, f=res_f)


def nemenyi_q(k, alpha=0.05) -> float:
    r"""The Nemenyi test's :math:`q_\alpha` for k algorithms (book table 2.7).

    Published constants (3 decimals) for k = 2..10 and alpha = 0.05 or 0.10:
    the studentized range quantile :math:`q_{\alpha}(k, \infty) / \sqrt{2}`.

    Example
    -------
    >>> nemenyi_q(3, 0.05)
    2.344
    """
    k = check_positive_int(k, "k", minimum=2, maximum=10)
    alpha = _check_alpha(alpha)
    for a, row in _NEMENYI_Q.items():
        if abs(alpha - a) < 1e-12:
            return row[k - 2]
    raise ValueError(f"alpha must be 0.05 or 0.10 for the Nemenyi table (book table 2.7), got {alpha!r}")


def critical_difference(k, n_datasets, alpha=0.05) -> float:
    r"""Nemenyi critical difference (临界值域) of average ranks (book eq. 2.36).

    .. math:: CD = q_\alpha \sqrt{\frac{k(k+1)}{6N}}

    Two algorithms whose average ranks differ by more than CD perform
    significantly differently.

    Example
    -------
    >>> round(critical_difference(3, 4, 0.05), 3)
    1.657
    """
    q = nemenyi_q(k, alpha)
    n = check_positive_int(n_datasets, "n_datasets", minimum=2)
    return q * math.sqrt(k * (k + 1) / (6.0 * n))


@dataclass(frozen=True)
class NemenyiResult:
    """Nemenyi post-hoc test: pairwise differences of average ranks against CD."""

    names: tuple
    average_ranks: np.ndarray
    n_datasets: int
    alpha: float
    q_alpha: float
    cd: float
    differences: np.ndarray = field(repr=False)
    significant: np.ndarray = field(repr=False)

    def pairs(self) -> list[tuple[str, str, float, bool]]:
        """(name i, name j, |r_i - r_j|, significant?) for every pair i < j."""
        k = len(self.names)
        return [(self.names[i], self.names[j], float(self.differences[i, j]), bool(self.significant[i, j]))
                for i in range(k) for j in range(i + 1, k)]

    def __str__(self) -> str:
        lines = [
            f"Nemenyi test: k = {len(self.names)}, N = {self.n_datasets}, α = {self.alpha:g}",
            f"  q_α = {self.q_alpha:.3f}   CD = {self.cd:.4f}",
        ]
        for a, b, d, s in self.pairs():
            verdict = "significantly different" if s else "no significant difference"
            lines.append(f"  {a} vs {b}: |rank difference| = {d:.4f}  {'>' if s else '<='} CD  -> {verdict}")
        return "\n".join(lines)


def nemenyi_test(table, *, alpha=0.05, greater_is_better=False, names=None) -> NemenyiResult:
    r"""Nemenyi post-hoc test after a Friedman test (Nemenyi 后续检验, book 2.4.4).

    Algorithms i and j differ significantly when
    :math:`|r_i - r_j| > CD` (:func:`critical_difference`).

    Parameters
    ----------
    table : array-like of shape (N >= 2, 2 <= k <= 10)
        Error rates or ranks, as for :func:`friedman_test`.
    alpha : 0.05 or 0.10
    greater_is_better : bool, default=False
    names : sequence of k str, optional

    Example
    -------
    >>> r = nemenyi_test([[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]])
    >>> [(a, b, s) for a, b, _, s in r.pairs()]
    [('A', 'B', False), ('A', 'C', True), ('B', 'C', False)]
    """
    t = _as_table(table, "table")
    n, k = t.shape
    if n < 2:
        raise ValueError(f"table needs at least 2 data sets (rows), got {n}")
    if k < 2:
        raise ValueError(f"table needs at least 2 algorithms (columns), got {k}")
    names = _check_names(names, k)
    alpha = _check_alpha(alpha)
    greater_is_better = check_bool(greater_is_better, "greater_is_better")
    if k > 10:
        raise ValueError(f"the Nemenyi table (book table 2.7) covers 2 to 10 algorithms; table has {k} columns")
    q = nemenyi_q(k, alpha)
    avg = rank_table(t, greater_is_better=greater_is_better).mean(axis=0)
    cd = critical_difference(k, n, alpha)
    diff = np.abs(avg[:, None] - avg[None, :])
    return NemenyiResult(names=names, average_ranks=avg, n_datasets=n, alpha=alpha, q_alpha=q, cd=cd,
                         differences=diff, significant=diff > cd)
