r"""Bias and variance (偏差与方差, book section 2.5), measured by simulation.

Train the same learning algorithm on many training sets D drawn from one
distribution; at a test point x it gives a different prediction
:math:`f(x; D)` each time. With the book's notation (eqs. 2.37-2.42), where
:math:`y_D` is the label of x as recorded in the data (noisy) and :math:`y`
its true label,

.. math::

    \bar f(x) &= E_D[f(x; D)]                       && \text{expected prediction (2.37)}\\
    \mathrm{var}(x) &= E_D[(f(x; D) - \bar f(x))^2]  && \text{variance (2.38)}\\
    \varepsilon^2 &= E_D[(y_D - y)^2]               && \text{noise (2.39)}\\
    \mathrm{bias}^2(x) &= (\bar f(x) - y)^2          && \text{bias (2.40)}

and, if the noise has mean zero (:math:`E_D[y_D - y] = 0`) and is independent
of the training set,

.. math:: E(f; D) = E_D[(f(x; D) - y_D)^2] = \mathrm{bias}^2(x) + \mathrm{var}(x) + \varepsilon^2 .

:func:`bias_variance_experiment` makes this concrete: a known function plus
Gaussian noise, ``n_sets`` training sets, polynomials of rising degree (the
"complexity" of the model family) fitted by least squares to every set at
once (batched pseudo-inverse, no loop over training sets), and the three
terms per degree, next to a Monte-Carlo estimate of the expected error on
fresh noisy labels that they must add up to.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ._validation import as_1d, check_choice, check_positive_int, check_rng

__all__ = [
    "sine_function",
    "fit_polynomials",
    "decompose",
    "BiasVarianceResult",
    "bias_variance_experiment",
    "BiasVarianceState",
    "bias_variance_state",
]


def sine_function(x):
    r"""The default true function :math:`f(x) = \sin(2\pi x)` on [0, 1]."""
    return np.sin(2.0 * np.pi * np.asarray(x, dtype=float))


def _legendre_design(x: np.ndarray, degree: int, lo: float, hi: float) -> np.ndarray:
    """Legendre polynomials P_0..P_degree of x mapped from [lo, hi] to [-1, 1] (well conditioned)."""
    return np.polynomial.legendre.legvander(2.0 * (x - lo) / (hi - lo) - 1.0, degree)


def _batched_lstsq(V: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Minimum-norm least-squares coefficients for a stack of problems V[s] @ c[s] ~ y[s]."""
    return np.einsum("sdn,sn->sd", np.linalg.pinv(V), y)


def fit_polynomials(x_train, y_train, degree, x_eval, *, x_range=(0.0, 1.0)) -> np.ndarray:
    r"""Least-squares polynomials of one degree, fitted to many training sets at once.

    For each training set s, finds the polynomial :math:`p_s` of degree
    ``degree`` minimising :math:`\sum_i (p_s(x_{si}) - y_{si})^2` (minimum-norm
    solution when underdetermined) and evaluates it at ``x_eval``. All sets
    are solved together by a batched pseudo-inverse of their design matrices
    (in the Legendre basis on ``x_range``, which keeps high degrees well
    conditioned).

    Parameters
    ----------
    x_train, y_train : array-like of shape (n_sets, n_train)
    degree : int >= 0
    x_eval : array-like of shape (n_eval,)
    x_range : (float, float), default=(0, 1)

    Returns
    -------
    predictions : ndarray of shape (n_sets, n_eval)

    Example
    -------
    >>> x = np.array([[0.0, 0.5, 1.0]])
    >>> fit_polynomials(x, 2 * x + 1, 1, [0.25]).round(6).tolist()
    [[1.5]]
    """
    xt = np.asarray(x_train, dtype=float)
    yt = np.asarray(y_train, dtype=float)
    if xt.ndim == 1:
        xt, yt = xt[None, :], yt[None, :]
    if xt.ndim != 2 or xt.shape != yt.shape:
        raise ValueError(f"x_train and y_train must have the same shape (n_sets, n_train), got {xt.shape} and {yt.shape}")
    if not (np.isfinite(xt).all() and np.isfinite(yt).all()):
        raise ValueError("x_train and y_train must not contain NaN or infinity")
    degree = check_positive_int(degree, "degree", minimum=0)
    xe = as_1d(x_eval, "x_eval").astype(float)
    lo, hi = float(x_range[0]), float(x_range[1])
    if not hi > lo:
        raise ValueError(f"x_range must be (low, high) with high > low, got {x_range!r}")
    coef = _batched_lstsq(_legendre_design(xt, degree, lo, hi), yt)  # (S, d + 1)
    return coef @ _legendre_design(xe, degree, lo, hi).T


def decompose(predictions, f_true):
    r"""Bias² and variance at each test point from the predictions of many training sets.

    .. math:: \mathrm{bias}^2(x) = (\bar f(x) - y)^2,\qquad
              \mathrm{var}(x) = \frac{1}{S}\sum_s (f(x; D_s) - \bar f(x))^2

    with :math:`\bar f(x)` the mean over the S sets (the variance divides by S,
    as :math:`E_D` does). Exactly,
    :math:`\frac{1}{S}\sum_s (f(x; D_s) - y)^2 = \mathrm{bias}^2(x) + \mathrm{var}(x)`.

    Parameters
    ----------
    predictions : array-like of shape (n_sets, n_x)
    f_true : array-like of shape (n_x,)
        The true (noise-free) value y at each test point.

    Returns
    -------
    bias2, variance : ndarrays of shape (n_x,)

    Example
    -------
    >>> b, v = decompose([[1.0, 2.0], [3.0, 2.0]], [1.0, 2.0])
    >>> b.tolist(), v.tolist()
    ([1.0, 0.0], [1.0, 0.0])
    """
    P = np.asarray(predictions, dtype=float)
    f = as_1d(f_true, "f_true").astype(float)
    if P.ndim != 2 or P.shape[1] != f.shape[0]:
        raise ValueError(f"predictions must have shape (n_sets, {len(f)}) to match f_true, got {P.shape}")
    if P.shape[0] < 2:
        raise ValueError(f"predictions need at least 2 training sets (rows), got {P.shape[0]}")
    if not (np.isfinite(P).all() and np.isfinite(f).all()):
        raise ValueError("predictions and f_true must not contain NaN or infinity")
    mean = P.mean(axis=0)
    return (mean - f) ** 2, P.var(axis=0)


@dataclass(frozen=True)
class BiasVarianceResult:
    """The outcome of :func:`bias_variance_experiment` (arrays indexed by degree first).

    Attributes
    ----------
    degrees : ndarray (n_deg,)
    x, f : ndarrays (n_x,)            test points and the true function there
    predictions : ndarray (n_deg, n_sets, n_x)
    mean_prediction : ndarray (n_deg, n_x)    :math:`\\bar f(x)`
    bias2_x, variance_x : ndarrays (n_deg, n_x)
    bias2, variance : ndarrays (n_deg,)       averaged over the test points
    noise : float                              :math:`\\varepsilon^2` = noise_sd²
    expected_error : ndarray (n_deg,)          Monte-Carlo :math:`E_D[(f(x;D) - y_D)^2]` on fresh labels
    expected_error_se : ndarray (n_deg,)       its standard error around bias² + variance + noise
    train_error : ndarray (n_deg,)             mean squared error on the training sets
    x_train, y_train : ndarrays (n_sets, n_train)
    """

    degrees: np.ndarray
    x: np.ndarray = field(repr=False)
    f: np.ndarray = field(repr=False)
    predictions: np.ndarray = field(repr=False)
    mean_prediction: np.ndarray = field(repr=False)
    bias2_x: np.ndarray = field(repr=False)
    variance_x: np.ndarray = field(repr=False)
    bias2: np.ndarray
    variance: np.ndarray
    noise: float
    expected_error: np.ndarray
    expected_error_se: np.ndarray = field(repr=False)
    train_error: np.ndarray
    x_train: np.ndarray = field(repr=False)
    y_train: np.ndarray = field(repr=False)
    noise_sd: float = 0.0
    n_sets: int = 0
    n_train: int = 0

    @property
    def total(self) -> np.ndarray:
        """bias² + variance + noise, per degree."""
        return self.bias2 + self.variance + self.noise

    @property
    def best_degree(self) -> int:
        """The degree with the smallest bias² + variance + noise."""
        return int(self.degrees[int(np.argmin(self.total))])

    def table(self) -> str:
        """A fixed-format text table of the decomposition per degree."""
        lines = [f"{'degree':>6} {'bias^2':>9} {'variance':>9} {'noise':>7} {'sum':>9} {'E(f;D)':>9} {'train MSE':>9}"]
        for i, d in enumerate(self.degrees):
            lines.append(
                f"{int(d):>6d} {self.bias2[i]:>9.4f} {self.variance[i]:>9.4f} {self.noise:>7.4f} "
                f"{self.total[i]:>9.4f} {self.expected_error[i]:>9.4f} {self.train_error[i]:>9.4f}"
            )
        return "\n".join(lines)


def bias_variance_experiment(degrees=range(0, 13), *, n_sets=200, n_train=20, noise_sd=0.3,
                             function=sine_function, x_range=(0.0, 1.0), n_test=101, design="jittered",
                             rng=0) -> BiasVarianceResult:
    r"""Bias², variance and noise of polynomial regression, per degree, by simulation.

    1. Draw ``n_sets`` training sets of ``n_train`` points (x as set by
       ``design``), :math:`y_D = f(x) + \epsilon` with
       :math:`\epsilon \sim N(0, \sigma^2)`, :math:`\sigma` = ``noise_sd``.
    2. For each degree, fit a least-squares polynomial to every set
       (:func:`fit_polynomials`) and predict on ``n_test`` evenly spaced test
       points.
    3. :func:`decompose` the predictions into bias² and variance at each test
       point, and average over the test points; the noise is :math:`\sigma^2`.
    4. Independently, draw a fresh noisy label for every (set, test point) and
       average the squared error: the expected error :math:`E(f; D)` the three
       terms must add up to (within a few ``expected_error_se``). The same
       fresh labels serve every degree.

    Parameters
    ----------
    degrees : iterable of int >= 0, default=range(0, 13)
    n_sets : int >= 2, default=200
    n_train : int >= 1, default=20
    noise_sd : float >= 0, default=0.3
    function : callable, default=:func:`sine_function`
        The true function, vectorised over a NumPy array.
    x_range : (float, float), default=(0, 1)
    n_test : int >= 2, default=101
    design : {"jittered", "uniform", "fixed"}, default="jittered"
        Where the training inputs lie. "uniform": independent uniform draws
        (a set can leave a gap at an edge, where a high-degree polynomial then
        swings wildly, so the variance of high degrees is dominated by a few
        sets); "jittered": one uniform draw in each of ``n_train`` equal
        cells (random sets that still cover the range); "fixed": the cell
        centres, only the noise changes between sets.
    rng : None, int or numpy.random.Generator, default=0

    Returns
    -------
    BiasVarianceResult

    Example
    -------
    >>> r = bias_variance_experiment(degrees=[1, 3], n_sets=50, rng=0)
    >>> bool(r.bias2[0] > r.bias2[1])
    True
    """
    degrees = as_1d(list(degrees), "degrees")
    if degrees.dtype.kind not in "iu" or (degrees < 0).any():
        raise ValueError(f"degrees must be non-negative integers, got {degrees.tolist()}")
    degrees = degrees.astype(np.int64)
    n_sets = check_positive_int(n_sets, "n_sets", minimum=2)
    n_train = check_positive_int(n_train, "n_train", minimum=1)
    n_test = check_positive_int(n_test, "n_test", minimum=2)
    if isinstance(noise_sd, bool) or not isinstance(noise_sd, (int, float)) or not (math.isfinite(noise_sd) and noise_sd >= 0):
        raise ValueError(f"noise_sd must be a non-negative number, got {noise_sd!r}")
    if not callable(function):
        raise TypeError(f"function must be callable, got {type(function).__name__}")
    lo, hi = float(x_range[0]), float(x_range[1])
    if not hi > lo:
        raise ValueError(f"x_range must be (low, high) with high > low, got {x_range!r}")
    design = check_choice(design, "design", ("jittered", "uniform", "fixed"))
    gen = check_rng(rng)

    if design == "uniform":
        x_train = gen.uniform(lo, hi, size=(n_sets, n_train))
    else:
        offset = gen.uniform(size=(n_sets, n_train)) if design == "jittered" else np.full((n_sets, n_train), 0.5)
        x_train = lo + (hi - lo) * (np.arange(n_train) + offset) / n_train
    f_train = np.asarray(function(x_train), dtype=float)
    if f_train.shape != x_train.shape or not np.isfinite(f_train).all():
        raise ValueError("function must map an array to finite values of the same shape")
    y_train = f_train + gen.normal(0.0, noise_sd, size=x_train.shape)
    x = np.linspace(lo, hi, n_test)
    f = np.asarray(function(x), dtype=float)
    eps = gen.normal(0.0, noise_sd, size=(n_sets, n_test))  # fresh labels y_D = f(x) + eps
    y_test = f + eps
    noise = float(noise_sd) ** 2

    n_deg = len(degrees)
    preds = np.empty((n_deg, n_sets, n_test))
    train_err = np.empty(n_deg)
    for i, d in enumerate(degrees):  # one batched solve over all training sets per degree
        V = _legendre_design(x_train, int(d), lo, hi)  # (S, n, d + 1)
        coef = _batched_lstsq(V, y_train)
        preds[i] = coef @ _legendre_design(x, int(d), lo, hi).T
        train_err[i] = float(np.mean((np.einsum("snd,sd->sn", V, coef) - y_train) ** 2))
    mean_pred = preds.mean(axis=1)
    bias2_x = (mean_pred - f) ** 2
    var_x = preds.var(axis=1)
    err = np.mean((preds - y_test) ** 2, axis=(1, 2))
    gap = -2.0 * (preds - f) * eps + eps**2 - noise  # the terms that vanish in expectation
    se = gap.reshape(n_deg, -1).std(axis=1) / math.sqrt(n_sets * n_test)
    return BiasVarianceResult(
        degrees=degrees, x=x, f=f, predictions=preds, mean_prediction=mean_pred, bias2_x=bias2_x,
        variance_x=var_x, bias2=bias2_x.mean(axis=1), variance=var_x.mean(axis=1), noise=noise,
        expected_error=err, expected_error_se=se, train_error=train_err, x_train=x_train, y_train=y_train,
        noise_sd=float(noise_sd), n_sets=n_sets, n_train=n_train,
    )


@dataclass(frozen=True)
class BiasVarianceState:
    """What the bias-variance explorer shows at one degree."""

    degree: int
    x: np.ndarray = field(repr=False)
    f: np.ndarray = field(repr=False)
    curves: np.ndarray = field(repr=False)  # (n_curves, n_x): fits of the first training sets
    mean_curve: np.ndarray = field(repr=False)
    bias2: float
    variance: float
    noise: float
    expected_error: float
    train_error: float

    @property
    def total(self) -> float:
        return self.bias2 + self.variance + self.noise

    def __str__(self) -> str:
        return (f"degree {self.degree}: bias^2 = {self.bias2:.4f}, variance = {self.variance:.4f}, "
                f"noise = {self.noise:.4f}, sum = {self.total:.4f}, "
                f"simulated E(f;D) = {self.expected_error:.4f}, training MSE = {self.train_error:.4f}")


def bias_variance_state(result: BiasVarianceResult, degree, *, n_curves=20) -> BiasVarianceState:
    """The explorer's state at polynomial ``degree`` (read from ``result``).

    Example
    -------
    >>> r = bias_variance_experiment(degrees=[1, 3], n_sets=50, rng=0)
    >>> bias_variance_state(r, 3).degree
    3
    """
    if not isinstance(result, BiasVarianceResult):
        raise TypeError(f"result must be a BiasVarianceResult, got {type(result).__name__}")
    hits = np.flatnonzero(result.degrees == degree)
    if isinstance(degree, bool) or not hits.size:
        raise ValueError(f"degree must be one of the simulated degrees {result.degrees.tolist()}, got {degree!r}")
    n_curves = check_positive_int(n_curves, "n_curves", minimum=1)
    i = int(hits[0])
    return BiasVarianceState(
        degree=int(degree), x=result.x, f=result.f, curves=result.predictions[i, :n_curves],
        mean_curve=result.mean_prediction[i], bias2=float(result.bias2[i]), variance=float(result.variance[i]),
        noise=result.noise, expected_error=float(result.expected_error[i]), train_error=float(result.train_error[i]),
    )
