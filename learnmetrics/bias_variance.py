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
import numbers
from dataclasses import dataclass, field

import numpy as np

from ._validation import as_features, as_scores, check_choice, check_positive_int, check_real, check_rng

__all__ = [
    "sine_function",
    "fit_polynomials",
    "decompose",
    "BiasVarianceResult",
    "bias_variance_experiment",
    "BiasVarianceState",
    "bias_variance_state",
    "PointDecomposition",
    "point_decomposition",
]

#: the largest number of float64 cells (8 bytes each) a simulation or a batched fit may
#: allocate; sizes are checked against it before any work
MAX_CELLS = 20_000_000


def _check_x_range(x_range) -> tuple[float, float]:
    if isinstance(x_range, (str, bytes)) or not hasattr(x_range, "__len__") or len(x_range) != 2:
        raise TypeError(f"x_range must be a pair (low, high), got {x_range!r}")
    low, high = list(x_range)   # by position: a pandas Series indexed 7, 8 has no x_range[0]
    lo = check_real(low, "x_range[0] (low)")
    hi = check_real(high, "x_range[1] (high)")
    if not hi > lo:
        raise ValueError(f"x_range must be (low, high) with high > low, got {tuple(x_range)!r}")
    return lo, hi


def _check_degrees(degrees) -> np.ndarray:
    """A non-empty list of distinct non-negative integers (polynomial degrees)."""
    if isinstance(degrees, (str, bytes, dict, set)) or not hasattr(degrees, "__iter__"):
        raise TypeError(f"degrees must be a list of non-negative integers, got {type(degrees).__name__} {degrees!r}")
    values = list(degrees)
    if not values:
        raise ValueError("degrees is empty: at least one degree is needed")
    for v in values:
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Integral):
            raise TypeError(f"degrees must hold integers, got {type(v).__name__} {v!r}")
        if v > MAX_CELLS:
            raise ValueError(f"degrees must be at most {MAX_CELLS:,}, got {v}")
    arr = np.array([int(v) for v in values], dtype=np.int64)
    if (arr < 0).any():
        raise ValueError(f"degrees must be non-negative integers, got {arr.tolist()}")
    if len(np.unique(arr)) != len(arr):
        raise ValueError(f"degrees must be distinct, got {arr.tolist()}")
    return arr


def _as_sets(a, name: str) -> np.ndarray:
    """``a`` as a finite float matrix (n_sets, n_points); a 1-D array is one set."""
    arr = np.asarray(a) if not isinstance(a, (str, bytes, dict, set)) else None
    if arr is not None and arr.ndim == 1:
        return as_scores(a, name)[None, :]
    if arr is not None and arr.ndim != 2:
        raise ValueError(f"{name} must be 2-D (n_sets, n_points), got shape {arr.shape}")
    return as_features(a, name, allow_no_columns=False)


def sine_function(x):
    r"""The default true function :math:`f(x) = \sin(2\pi x)` on [0, 1].

    ``x``: a number or an array of numbers of any shape (finite, real); the result has its shape.

    Example
    -------
    >>> sine_function([0.0, 0.25]).round(6).tolist()
    [0.0, 1.0]
    """
    if isinstance(x, (str, bytes)):
        raise TypeError(f"x must be a number or an array of numbers, got {type(x).__name__}")
    arr = np.asarray(x)
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"x must hold real numbers, got values of type {arr.dtype}")
    arr = arr.astype(float)
    if not np.isfinite(arr).all():
        raise ValueError("x must not contain NaN or infinity")
    return np.sin(2.0 * np.pi * arr)


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
    xt = _as_sets(x_train, "x_train")
    yt = _as_sets(y_train, "y_train")
    if xt.shape != yt.shape:
        raise ValueError(f"x_train and y_train must have the same shape (n_sets, n_train), got {xt.shape} and {yt.shape}")
    degree = check_positive_int(degree, "degree", minimum=0)
    xe = as_scores(x_eval, "x_eval")
    lo, hi = _check_x_range(x_range)
    cells = xt.size * (degree + 1) * 3 + len(xe) * (degree + 1)
    if cells > MAX_CELLS:
        raise ValueError(
            f"degree={degree} with x_train of shape {xt.shape} would need {cells:,} numbers of working memory "
            f"(the limit is {MAX_CELLS:,}): use a smaller degree or fewer sets"
        )
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
    P = as_features(predictions, "predictions", allow_no_columns=False)
    if np.ndim(predictions) != 2:
        raise ValueError(f"predictions must be 2-D (n_sets, n_x), got shape {np.shape(predictions)}")
    f = as_scores(f_true, "f_true")
    if P.shape[1] != f.shape[0]:
        raise ValueError(f"predictions must have shape (n_sets, {len(f)}) to match f_true, got {P.shape}")
    if P.shape[0] < 2:
        raise ValueError(f"predictions need at least 2 training sets (rows), got {P.shape[0]}")
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
    expected_error_x : ndarray (n_deg, n_x)    the same Monte-Carlo error at each test point
    test_noise : ndarray (n_sets, n_x)         the noise of those fresh labels, :math:`y_D - y`
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
    expected_error_x: np.ndarray = field(default=None, repr=False)
    test_noise: np.ndarray = field(default=None, repr=False)

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
    degrees = _check_degrees(degrees)
    n_sets = check_positive_int(n_sets, "n_sets", minimum=2)
    n_train = check_positive_int(n_train, "n_train", minimum=1)
    n_test = check_positive_int(n_test, "n_test", minimum=2)
    noise_sd = check_real(noise_sd, "noise_sd", low=0, high=1e100)
    if not callable(function):
        raise TypeError(f"function must be callable, got {type(function).__name__}")
    lo, hi = _check_x_range(x_range)
    design = check_choice(design, "design", ("jittered", "uniform", "fixed"))
    gen = check_rng(rng)
    dmax = int(degrees.max())
    cells = 3 * n_sets * n_train * (dmax + 1) + 4 * len(degrees) * n_sets * n_test
    if cells > MAX_CELLS:
        raise ValueError(
            f"degrees up to {dmax} ({len(degrees)} of them) with n_sets={n_sets}, n_train={n_train} and "
            f"n_test={n_test} would need {cells:,} numbers of working memory (the limit is {MAX_CELLS:,}): "
            "use fewer or smaller degrees, sets or test points"
        )

    if design == "uniform":
        x_train = gen.uniform(lo, hi, size=(n_sets, n_train))
    else:
        offset = gen.uniform(size=(n_sets, n_train)) if design == "jittered" else np.full((n_sets, n_train), 0.5)
        x_train = lo + (hi - lo) * (np.arange(n_train) + offset) / n_train
    f_train = np.asarray(function(x_train), dtype=float)
    if f_train.shape != x_train.shape or not np.isfinite(f_train).all() or np.abs(f_train).max() > 1e100:
        raise ValueError("function must map an array to finite values (at most 1e100 in size) of the same shape")
    y_train = f_train + gen.normal(0.0, noise_sd, size=x_train.shape)
    x = np.linspace(lo, hi, n_test)
    f = np.asarray(function(x), dtype=float)
    if f.shape != x.shape or not np.isfinite(f).all() or np.abs(f).max() > 1e100:
        raise ValueError("function must map an array to finite values (at most 1e100 in size) of the same shape")
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
    err_x = np.mean((preds - y_test) ** 2, axis=1)  # (n_deg, n_test)
    err = err_x.mean(axis=1)
    gap = -2.0 * (preds - f) * eps + eps**2 - noise  # the terms that vanish in expectation
    se = gap.reshape(n_deg, -1).std(axis=1) / math.sqrt(n_sets * n_test)
    return BiasVarianceResult(
        degrees=degrees, x=x, f=f, predictions=preds, mean_prediction=mean_pred, bias2_x=bias2_x,
        variance_x=var_x, bias2=bias2_x.mean(axis=1), variance=var_x.mean(axis=1), noise=noise,
        expected_error=err, expected_error_se=se, expected_error_x=err_x, test_noise=eps, train_error=train_err, x_train=x_train, y_train=y_train,
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
    i = _degree_index(result, degree)
    n_curves = check_positive_int(n_curves, "n_curves", minimum=1)
    return BiasVarianceState(
        degree=int(degree), x=result.x, f=result.f, curves=result.predictions[i, :n_curves],
        mean_curve=result.mean_prediction[i], bias2=float(result.bias2[i]), variance=float(result.variance[i]),
        noise=result.noise, expected_error=float(result.expected_error[i]), train_error=float(result.train_error[i]),
    )


def _degree_index(result, degree) -> int:
    """Row of ``degree`` in ``result`` (which must be a BiasVarianceResult that simulated it)."""
    if not isinstance(result, BiasVarianceResult):
        raise TypeError(f"result must be a BiasVarianceResult, got {type(result).__name__}")
    if isinstance(degree, (bool, np.bool_)) or not isinstance(degree, numbers.Integral):
        raise TypeError(f"degree must be an integer, one of the simulated degrees "
                        f"{result.degrees.tolist()}, got {type(degree).__name__} {degree!r}")
    hits = np.flatnonzero(result.degrees == int(degree))
    if not hits.size:
        raise ValueError(f"degree must be one of the simulated degrees {result.degrees.tolist()}, got {degree!r}")
    return int(hits[0])


@dataclass(frozen=True)
class PointDecomposition:
    """The decomposition at one test point x, for one degree (see :func:`point_decomposition`)."""

    degree: int
    x: float
    predictions: np.ndarray = field(repr=False)  # f(x; D_s) for every training set s
    mean_prediction: float   # f̄(x)
    truth: float             # y, the noise-free value
    noise_sd: float
    bias2: float
    variance: float
    noise: float
    expected_error: float    # Monte-Carlo E_D[(f(x; D) - y_D)^2] at this x
    expected_error_se: float = 0.0  # its standard error (one fresh label per training set)

    @property
    def total(self) -> float:
        return self.bias2 + self.variance + self.noise

    def __str__(self) -> str:
        return (f"degree {self.degree} at x = {self.x:.2f}: y = {self.truth:.4f}, mean prediction = "
                f"{self.mean_prediction:.4f}; bias^2 = {self.bias2:.4f}, variance = {self.variance:.4f}, "
                f"noise = {self.noise:.4f}, sum = {self.total:.4f}, simulated E = {self.expected_error:.4f} "
                f"(s.e. {self.expected_error_se:.4f})")


def point_decomposition(result: BiasVarianceResult, degree, x) -> PointDecomposition:
    r"""Bias², variance and noise at the single test point nearest to ``x``.

    At one point the book's terms are read off directly: the ``n_sets``
    predictions :math:`f(x; D_s)` scatter around their mean :math:`\bar f(x)`
    (variance (2.38): their mean squared distance from it), :math:`\bar f(x)`
    misses the true :math:`y` (bias² (2.40)), and the recorded labels scatter
    around :math:`y` (noise :math:`\varepsilon^2` (2.39)). The Monte-Carlo
    error at that point uses one fresh label per training set, so it agrees
    with the sum only up to a sampling error about :math:`\sqrt{S}` times
    larger than that of the averaged curve.

    Parameters
    ----------
    result : BiasVarianceResult
    degree : int, one of ``result.degrees``
    x : float in the simulated ``x_range``; the nearest test point is used.

    Returns
    -------
    PointDecomposition

    Example
    -------
    >>> r = bias_variance_experiment(degrees=[1, 3], n_sets=50, rng=0)
    >>> p = point_decomposition(r, 1, 0.1)
    >>> round(p.bias2 + p.variance, 12) == round(float(np.mean((p.predictions - p.truth) ** 2)), 12)
    True
    """
    i = _degree_index(result, degree)
    x = check_real(x, "x", low=float(result.x[0]), high=float(result.x[-1]))
    j = int(np.argmin(np.abs(result.x - x)))
    dev = result.predictions[i, :, j] - result.f[j]
    eps = result.test_noise[:, j]
    sq = (dev - eps) ** 2  # squared errors against the fresh labels y_D = y + eps
    gap = -2.0 * dev * eps + eps**2 - result.noise  # what separates their mean from the sum; mean 0
    return PointDecomposition(
        degree=int(degree), x=float(result.x[j]), predictions=result.predictions[i, :, j],
        mean_prediction=float(result.mean_prediction[i, j]), truth=float(result.f[j]), noise_sd=result.noise_sd,
        bias2=float(result.bias2_x[i, j]), variance=float(result.variance_x[i, j]), noise=result.noise,
        expected_error=float(np.mean(sq)), expected_error_se=float(gap.std() / math.sqrt(len(gap))),
    )
