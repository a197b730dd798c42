r"""Small computations for the book's chapter-2 exercises (习题 2.1-2.10).

Zhou Zhihua, *Machine Learning*, exercises 2.1-2.10: the counting of
hold-out splits (2.1), a search for two learners whose F1 and BEP disagree
(2.3), the two normalisations of exercise 2.8 (the book's eq. 2.43 and 2.44)
and the error rate of a ROC point (2.6). Everything else the exercises need
is already in the package (:func:`~learnmetrics.estimate_error`,
:func:`~learnmetrics.break_even_point`, :func:`~learnmetrics.rank_loss`,
:func:`~learnmetrics.cost.cost_curve_envelope`, :func:`~learnmetrics.compare.friedman_test` ...).
Pure Python/NumPy; the counts are exact Python integers.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._validation import as_scores, check_bool, check_positive_int, check_probability, check_real, check_rng

__all__ = ["holdout_split_count", "F1BepCounterExample", "f1_bep_counterexample", "min_max_scale", "z_score",
           "roc_point_error_rate", "roc_from_cost_curve"]

#: the most random pairs of learners :func:`f1_bep_counterexample` tries
_MAX_TRIES = 1_000_000


def holdout_split_count(n_pos, n_neg, train_size, *, stratify=True) -> int:
    r"""How many ways a data set of ``n_pos`` positives and ``n_neg`` negatives splits into
    a training set holding the share ``train_size`` of it and a test set (hold-out, 留出法).

    Stratified (分层采样): the training set takes ``round(train_size * n_pos)`` of the
    positives and ``round(train_size * n_neg)`` of the negatives, so

    .. math:: \binom{m^+}{s^+}\binom{m^-}{s^-};

    not stratified: any ``round(train_size * m)`` of the ``m = n_pos + n_neg`` examples,
    :math:`\binom{m}{s}`. A split is the training set (its complement is the test set),
    so choosing the test set instead gives the same count.

    Parameters
    ----------
    n_pos, n_neg : int >= 0 (at most 10**6 each)
    train_size : float in [0, 1]
    stratify : bool, default=True

    Returns
    -------
    int (exact; it can have hundreds of digits)

    Raises
    ------
    ValueError
        If a stratified share is not a whole number of examples
        (``train_size * n_pos`` not an integer): the split is then not unique.

    Example
    -------
    >>> holdout_split_count(5, 5, 0.6)     # C(5, 3) * C(5, 3)
    100
    >>> holdout_split_count(5, 5, 0.6, stratify=False)   # C(10, 6)
    210
    """
    n_pos = check_positive_int(n_pos, "n_pos", minimum=0, maximum=10**6)
    n_neg = check_positive_int(n_neg, "n_neg", minimum=0, maximum=10**6)
    train_size = check_probability(train_size, "train_size")
    stratify = check_bool(stratify, "stratify")
    groups = (n_pos, n_neg) if stratify else (n_pos + n_neg,)
    count = 1
    for n in groups:
        s = train_size * n
        if abs(s - round(s)) > 1e-9 * max(n, 1):
            raise ValueError(f"train_size={train_size!r} of {n} examples is {s:g}, not a whole number of examples")
        count *= math.comb(n, round(s))
    return count


@dataclass(frozen=True)
class F1BepCounterExample:
    """Two learners on the same examples: A has the higher F1 but the lower BEP.

    ``score_a`` and ``score_b`` are the learners' scores; each predicts positive when its
    score is >= ``threshold``. ``tries`` is how many random pairs the search drew.
    """

    y_true: np.ndarray
    score_a: np.ndarray
    score_b: np.ndarray
    threshold: float
    f1_a: float
    f1_b: float
    bep_a: float
    bep_b: float
    tries: int

    def __str__(self) -> str:
        return (f"learner A: F1 = {self.f1_a:.4f}, BEP = {self.bep_a:.4f}\n"
                f"learner B: F1 = {self.f1_b:.4f}, BEP = {self.bep_b:.4f}\n"
                f"(found after {self.tries} random pairs)")


def _ranked_scores(order_rank: np.ndarray, n_pred: int, m: int) -> np.ndarray:
    """Scores that rank the examples by ``order_rank`` (0 = top) with exactly ``n_pred``
    of them at or above 0.5: rank j gets 0.5 + (n_pred - j - 0.5) * 0.5 / m."""
    return np.round(0.5 + (n_pred - order_rank - 0.5) * 0.5 / m, 6)


def f1_bep_counterexample(n_pos=5, n_neg=5, *, min_gap=0.1, rng=0, max_tries=100_000,
                          at_best_cut=False) -> F1BepCounterExample:
    r"""Search, at random, two learners where A's F1 is higher but A's BEP is lower.

    Each random learner ranks the ``n_pos + n_neg`` examples in a random order and
    predicts positive its top ``n_pred`` examples (``n_pred`` random in 1..m-1): its
    scores put exactly those at or above the threshold 0.5. F1 is computed from those
    predictions (:func:`~learnmetrics.f1_score`), the BEP from the ranking alone
    (:func:`~learnmetrics.break_even_point`). The first pair with
    :math:`F1_A - F1_B \ge` ``min_gap`` and :math:`BEP_B - BEP_A \ge` ``min_gap`` (and
    :math:`F1_B > 0`: B gets some positive right) is returned.

    Parameters
    ----------
    n_pos, n_neg : int >= 1 (n_pos + n_neg <= 1000)
    min_gap : float in [0, 1), default=0.1
    rng : None, int or numpy.random.Generator, default=0
    max_tries : int >= 1 (at most 1,000,000), default=100_000
        Pairs of learners drawn at most (each pair is tried both ways round).
    at_best_cut : bool, default=False
        Put each learner's threshold at the cut of its ranking with the best F1 (the
        first, on a tie), instead of a random cut. Its F1 is then both "F1 at the
        learner's own threshold" and "the best F1 on its P-R curve", so the pair answers
        the exercise under either reading of "A's F1".

    Returns
    -------
    F1BepCounterExample

    Raises
    ------
    RuntimeError
        If no pair is found in ``max_tries`` draws.

    Example
    -------
    >>> ce = f1_bep_counterexample()
    >>> ce.f1_a > ce.f1_b and ce.bep_a < ce.bep_b
    True
    """
    from .classification import f1_score
    from .curves import break_even_point

    n_pos = check_positive_int(n_pos, "n_pos", minimum=1)
    n_neg = check_positive_int(n_neg, "n_neg", minimum=1)
    if n_pos + n_neg > 1000:
        raise ValueError(f"n_pos + n_neg must be at most 1000, got {n_pos + n_neg}")
    min_gap = check_real(min_gap, "min_gap", low=0, high=1, high_open=True)
    max_tries = check_positive_int(max_tries, "max_tries", minimum=1, maximum=_MAX_TRIES)
    gen = check_rng(rng)
    m = n_pos + n_neg
    y = np.r_[np.ones(n_pos, dtype=int), np.zeros(n_neg, dtype=int)]

    at_best_cut = check_bool(at_best_cut, "at_best_cut")

    def draw():
        order = gen.permutation(m)
        if at_best_cut:
            tp = np.cumsum(y[np.argsort(order)])  # TP of the top k, k = 1..m
            k = np.arange(1, m + 1)
            n_pred = int(np.argmax(2 * tp / (k + n_pos))) + 1
            if n_pred == m:  # "everything positive" leaves no score below 0.5: not a learner we can draw
                return None
        else:
            n_pred = int(gen.integers(1, m))
        s = _ranked_scores(order, n_pred, m)
        return s, float(f1_score(y, (s >= 0.5).astype(int), zero_division=0.0)), break_even_point(y, s).value

    for t in range(1, max_tries + 1):
        a, b = draw(), draw()
        if a is None or b is None:
            continue
        (sa, fa, ba), (sb, fb, bb) = a, b
        for (s1, f1, b1), (s2, f2, b2) in (((sa, fa, ba), (sb, fb, bb)), ((sb, fb, bb), (sa, fa, ba))):
            if f2 > 0 and f1 - f2 >= min_gap and b2 - b1 >= min_gap:
                return F1BepCounterExample(y, s1, s2, 0.5, f1, f2, b1, b2, t)
    raise RuntimeError(f"no pair with F1 and BEP apart by min_gap={min_gap} in {max_tries} tries")


def min_max_scale(x, *, new_min=0.0, new_max=1.0) -> np.ndarray:
    r"""Min-max normalisation, the book's eq. (2.43):

    .. math:: x' = x'_{min} + \frac{x - x_{min}}{x_{max} - x_{min}}\,(x'_{max} - x'_{min})

    Parameters
    ----------
    x : array-like of shape (n,), finite, at least two distinct values
    new_min, new_max : float, new_min < new_max

    Example
    -------
    >>> min_max_scale([2, 4, 10]).tolist()
    [0.0, 0.25, 1.0]
    """
    x = as_scores(x, "x")
    new_min = check_real(new_min, "new_min")
    new_max = check_real(new_max, "new_max")
    if not new_min < new_max:
        raise ValueError(f"new_min must be smaller than new_max, got {new_min!r} and {new_max!r}")
    lo, hi = float(x.min()), float(x.max())
    if hi == lo:
        raise ValueError("x must hold at least two distinct values (x_max = x_min divides by 0)")
    return new_min + (x - lo) / (hi - lo) * (new_max - new_min)


def z_score(x, *, ddof=0) -> np.ndarray:
    r"""z-score normalisation, the book's eq. (2.44): :math:`x' = (x - \bar x)/\sigma_x`.

    ``ddof=0`` divides the sum of squares by n (the population standard deviation, as
    NumPy and scikit-learn's ``StandardScaler`` do); ``ddof=1`` by n - 1.

    Example
    -------
    >>> z_score([1, 2, 3]).round(4).tolist()
    [-1.2247, 0.0, 1.2247]
    """
    x = as_scores(x, "x")
    ddof = check_positive_int(ddof, "ddof", minimum=0, maximum=1)
    if x.size <= ddof:
        raise ValueError(f"x needs more than ddof={ddof} values, got {x.size}")
    sd = float(x.std(ddof=ddof))
    if sd == 0:
        raise ValueError("x must hold at least two distinct values (standard deviation 0 divides by 0)")
    return (x - x.mean()) / sd


def roc_point_error_rate(fpr, tpr, p):
    r"""The error rate of the classifier at ROC point (FPR, TPR) when a share ``p`` of the
    examples is positive (exercise 2.6):

    .. math:: E = p\,(1 - TPR) + (1 - p)\,FPR

    (the missed positives, FN = m^+ (1 - TPR), plus the false alarms, FP = m^- FPR,
    over m). It equals :func:`~learnmetrics.cost.normalized_cost` with equal costs.

    Example
    -------
    >>> round(roc_point_error_rate(0.2, 0.7, 0.3), 4)
    0.23
    """
    fpr = check_probability(fpr, "fpr")
    tpr = check_probability(tpr, "tpr")
    p = check_probability(p, "p")
    return p * (1.0 - tpr) + (1.0 - p) * fpr


def roc_from_cost_curve(x_breaks, cost_breaks):
    r"""The ROC points a cost curve is made of (exercise 2.7, from cost space back to ROC space).

    A cost curve (the lower envelope of the cost lines, see
    :func:`~learnmetrics.cost.cost_curve_envelope`) is piecewise linear; each piece lies on
    the line of one ROC point, which runs from :math:`(0, FPR)` to :math:`(1, 1 - TPR)`.
    Extending piece j, between breaks :math:`x_j` and :math:`x_{j+1}`, to x = 0 and x = 1
    gives that point back:

    .. math:: FPR = c_j - s_j x_j, \qquad TPR = 1 - (FPR + s_j), \qquad
              s_j = \frac{c_{j+1} - c_j}{x_{j+1} - x_j}

    Only the points whose line forms a piece of the envelope come back: the vertices of
    the ROC convex hull, except a corner (0, 0) the hull leaves straight up or a corner
    (1, 1) it reaches flat (their lines meet the envelope at x = 0 or 1 only). Points on a
    hull edge or below the hull leave no piece in the cost curve.

    Parameters
    ----------
    x_breaks, cost_breaks : array-like of shape (n + 1,)
        Where the envelope bends, from 0 to 1 increasing, and its height there.

    Returns
    -------
    fpr, tpr : ndarray of shape (n,), one point per piece, in order of x (FPR decreasing)

    Example
    -------
    >>> fpr, tpr = roc_from_cost_curve([0, 0.5, 1], [0, 0.25, 0])   # pieces of (0, 0.5) and (0.5, 1)
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.5], [0.5, 1.0])
    """
    x = as_scores(x_breaks, "x_breaks")
    c = as_scores(cost_breaks, "cost_breaks")
    if x.size != c.size or x.size < 2:
        raise ValueError(f"x_breaks and cost_breaks must have the same length >= 2, got {x.size} and {c.size}")
    if not np.all(np.diff(x) > 0):
        raise ValueError("x_breaks must be strictly increasing")
    s = np.diff(c) / np.diff(x)
    fpr = c[:-1] - s * x[:-1]
    tpr = 1.0 - (fpr + s)
    return fpr, tpr
