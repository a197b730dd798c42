r"""Performance measures for regression (回归任务的性能度量).

Two families live here.

* **Losses and scores of a prediction**: :func:`mean_squared_error` (均方误差),
  :func:`root_mean_squared_error`, :func:`mean_absolute_error`,
  :func:`r2_score` (决定系数). They share their names, arguments and values
  with ``sklearn.metrics`` (scikit-learn 1.9), including 2-D multi-output
  targets, ``sample_weight`` and ``multioutput``. Unlike scikit-learn they
  always compute in float64 and reject negative weights.
* **Criteria for choosing among least-squares models**: the adjusted
  :math:`R^2` (调整的 :math:`R^2`), :func:`aic` (赤池信息准则),
  :func:`bic` (贝叶斯信息准则) and Mallows' :func:`mallows_cp`. They reward a
  small residual sum of squares (RSS, 残差平方和 SSE in note 004) and charge
  for every fitted parameter, so that a bigger model must *earn* its place.

A small least-squares toolkit (:func:`polynomial_features`,
:func:`fit_least_squares`, :func:`model_selection_table`,
:func:`polynomial_selection`, :func:`polynomial_fit_state`) keeps the
notebook's cells short; it uses ``numpy.linalg.lstsq`` and nothing else.

Conventions used throughout: ``n`` is the number of samples; a linear model
with an intercept and ``p`` features has ``k = p + 1`` fitted coefficients
(``n_params``). The noise variance :math:`\sigma^2` is *not* counted in
``k``; counting it adds 1 to every model's ``k`` and changes no comparison.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np

from ._validation import (_float, object_to_float, rescale_weights, as_features, as_scores, check_bool, check_choice, check_positive_int, check_real, check_rng,
                          check_same_length, check_sample_weight, warn_undefined)

__all__ = [
    "mean_squared_error",
    "root_mean_squared_error",
    "mean_absolute_error",
    "r2_score",
    "adjusted_r2_score",
    "residual_sum_of_squares",
    "residual_variance",
    "gaussian_log_likelihood",
    "aic",
    "bic",
    "mallows_cp",
    "polynomial_features",
    "LeastSquaresFit",
    "fit_least_squares",
    "SelectionTable",
    "model_selection_table",
    "polynomial_selection",
    "noise_feature_r2",
    "PolynomialFitState",
    "polynomial_fit_state",
]

_MULTIOUTPUT_LOSS = ("raw_values", "uniform_average")
_MULTIOUTPUT_R2 = ("raw_values", "uniform_average", "variance_weighted")


# ----------------------------------------------------------------------------------------
# argument checks (private: the shared helpers in _validation are 1-D only)
# ----------------------------------------------------------------------------------------
def _as_targets(x, name: str) -> np.ndarray:
    """``x`` as a float64 array of shape (n_samples, n_outputs): finite, non-empty."""
    if x is None:
        raise TypeError(f"{name} must be array-like, got None")
    if isinstance(x, (str, bytes, dict, set)):
        raise TypeError(f"{name} must be array-like (a list or an array), got {type(x).__name__}")
    try:
        arr = np.asarray(x)
    except Exception as exc:  # ragged lists
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
    if arr.dtype == object:
        arr = object_to_float(arr, name, what="a 1-D or 2-D array of numbers")
    if arr.ndim == 0:
        raise TypeError(f"{name} must be array-like (a list or an array), got the scalar {x!r}")
    if arr.ndim > 2:
        raise ValueError(f"{name} must be 1-D (n_samples,) or 2-D (n_samples, n_outputs), got shape {arr.shape}")
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold numbers, got values of type {arr.dtype}")
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty: at least one sample is needed")
    if arr.ndim == 2 and arr.shape[1] == 0:
        raise ValueError(f"{name} has shape {arr.shape}: at least one output column is needed")
    arr = arr.astype(np.float64)
    if not np.isfinite(arr).all():
        bad = int((~np.isfinite(arr)).sum())
        raise ValueError(f"{name} must not contain NaN or infinity ({bad} such value(s) found)")
    return arr.reshape(len(arr), -1)


def _check_targets(y_true, y_pred, sample_weight, multioutput, allowed):
    """The checks of sklearn's ``_check_reg_targets``, with messages naming the argument."""
    yt = _as_targets(y_true, "y_true")
    yp = _as_targets(y_pred, "y_pred")
    n = check_same_length(y_true=yt, y_pred=yp)
    if yt.shape[1] != yp.shape[1]:
        raise ValueError(
            f"y_true and y_pred have different numbers of outputs ({yt.shape[1]} != {yp.shape[1]})"
        )
    w = check_sample_weight(sample_weight, n)
    if w is not None:
        # every measure here is a weighted mean, unchanged by scaling the weights: dividing by a
        # power of two near the largest weight is exact and keeps their sum finite (1e308 + 1e308)
        w = rescale_weights(w)
        if not w.sum() > 0:
            raise ValueError("sample_weight sums to zero: at least one sample needs a positive weight")
    n_outputs = yt.shape[1]
    if isinstance(multioutput, str):
        check_choice(multioutput, "multioutput", allowed)
    else:
        if multioutput is None:
            raise TypeError(f"multioutput must be one of {list(allowed)!r} or an array of output weights, got None")
        m = as_scores(multioutput, "multioutput")
        if n_outputs == 1:
            raise ValueError("multioutput weights are useful only with several outputs (y_true has one column)")
        if len(m) != n_outputs:
            raise ValueError(f"multioutput has {len(m)} weights but there are {n_outputs} outputs")
        if (m < 0).any():
            raise ValueError(f"multioutput weights must be non-negative (found {m[m < 0][0]!r})")
        if not m.sum() > 0:
            raise ValueError("multioutput weights sum to zero")
        multioutput = m
    return yt, yp, w, multioutput


def _aggregate(output_values: np.ndarray, multioutput):
    """'raw_values' -> the array; otherwise a (weighted) mean over outputs as a float."""
    if isinstance(multioutput, str) and multioutput == "raw_values":
        return output_values
    weights = None if isinstance(multioutput, str) else multioutput
    with np.errstate(over="ignore", invalid="ignore"):
        value = float(np.average(output_values, weights=weights))
    if not np.isfinite(value) and np.isfinite(output_values).all():
        # a mean of finite values is finite: the sum overflowed (1.7e308 and 1.7e308, or output
        # weights of 1e308): the same mean of values and weights divided by powers of two (exact)
        v = output_values / _pow2_scale(output_values)
        if weights is not None:
            weights = weights / _pow2_scale(weights)
        value = float(np.average(v, weights=weights)) * _pow2_scale(output_values)
    return value


def _check_int(k, name: str, *, minimum: int = 0) -> int:
    """A count: the shared :func:`~learnmetrics._validation.check_positive_int`, 0 allowed by default."""
    return check_positive_int(k, name, minimum=minimum)


#: the largest number of float64 cells (8 bytes each) a helper of this module allocates
#: for design matrices or repeated fits; sizes are checked against it *before* any work
MAX_CELLS = 20_000_000


def _pow2_scale(*arrays) -> float:
    """A power of two close to the largest absolute value (1.0 for all zeros): dividing by it
    is exact, and keeps squares of the scaled values far from overflow and underflow."""
    m = max(float(np.max(np.abs(a))) if np.size(a) else 0.0 for a in arrays)
    if not m > 0 or not np.isfinite(m):
        return 1.0
    return float(2.0 ** np.frexp(m)[1])


def _scaled_ss(yt: np.ndarray, yp: np.ndarray) -> tuple[float, float]:
    """``(s, t)`` with ``sum((yt - yp)**2) == s**2 * t`` computed without overflow or underflow
    (also where ``yt - yp`` itself overflows: 1.7e308 - -1.7e308)."""
    md, ed = _split_differences(yt, yp)
    t, e = _weighted_sums(None, (md * md)[:, None], (2 * ed)[:, None])
    half = min(int(e[0]) // 2, 1000)              # s itself stays finite
    return 2.0 ** half, float(np.ldexp(t[0], int(e[0]) - 2 * half))


#: a result below this (or not finite) may have lost terms to under- or overflow in the plain
#: float64 formula: it is recomputed from mantissas and exponents (``_weighted_power_mean``)
_SAFE_LOW = 2.0 ** -900


def _split_differences(yt: np.ndarray, yp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``yt - yp`` as ``(m, e)`` with ``yt - yp == m * 2**e`` exactly as float64 rounds it, even
    where the difference itself overflows (1.7e308 - -1.7e308): halves of such large numbers are
    exact, so ``yt/2 - yp/2`` is the difference with one more power of two."""
    with np.errstate(over="ignore", invalid="ignore"):
        d = yt - yp
    big = ~np.isfinite(d)
    if big.any():
        d = np.where(big, yt * 0.5 - yp * 0.5, d)
    md, ed = np.frexp(d)
    return md, ed.astype(np.int64) + big


def _weighted_power_mean(yt: np.ndarray, yp: np.ndarray, w, power: int) -> tuple[np.ndarray, np.ndarray]:
    """Per column, ``(r, e)`` with ``sum_i w_i |d_i|**power / sum_i w_i = r * 2**e`` (``d = yt - yp``,
    ``power`` 1 or 2), with no under- or overflow: each term is its mantissas' product times
    2**(its exponents - the column's largest), so a term counts unless it is more than 2**1100
    below the largest; the weights' sum is taken the same way."""
    md, ed = _split_differences(yt, yp)
    md = np.abs(md)
    if power == 2:
        md, ed = md * md, 2 * ed
    if w is None:
        mw, ew = np.ones(len(yt)), np.zeros(len(yt), dtype=np.int64)
    else:
        mw, ew = np.frexp(w)
        ew = ew.astype(np.int64)
    m = mw[:, None] * md
    e = ew[:, None] + ed
    floor = np.iinfo(np.int64).min
    top = np.where(m > 0, e, floor).max(axis=0)
    top = np.where(top == floor, 0, top)
    with np.errstate(under="ignore"):
        total = np.sum(np.ldexp(m, np.maximum(e - top, -1100)), axis=0)
        wtop = int(ew[mw > 0].max())
        wsum = float(np.sum(np.ldexp(mw, np.maximum(ew - wtop, -1100))))
    return total / wsum, top - wtop


def _robust_columns(plain: np.ndarray, yt, yp, w_orig, w_scaled, power: int, root: bool) -> np.ndarray:
    """``plain`` (the float64 formula, as scikit-learn computes it) where it cannot have lost a
    term; recomputed exactly in scale elsewhere: a result not finite or below 2**-900 (squares of
    1e-200 underflow, differences of 1e308 overflow, a weight of 0 times an overflowed square is
    NaN), or weights so spread that the scaled ones lost bits (1e-300 next to 1e300)."""
    redo = ~np.isfinite(plain) | (plain < _SAFE_LOW)
    if root:
        with np.errstate(invalid="ignore"):
            plain = np.sqrt(plain)
    if w_orig is not None and bool(((w_scaled < 2.0 ** -1021) & (w_orig > 0)).any()):
        redo[:] = True
    if not redo.any():
        return plain
    r, e = _weighted_power_mean(yt[:, redo], yp[:, redo], w_orig, power)
    if root:
        odd = e % 2 != 0
        r, e = np.where(odd, 2 * r, r), np.where(odd, e - 1, e)
        r, e = np.sqrt(r), e // 2
    out = plain.copy()
    with np.errstate(over="ignore", under="ignore"):
        out[redo] = np.ldexp(r, e.astype(np.int64).clip(-2**31 + 1, 2**31 - 1))
    return out


def _loss(y_true, y_pred, sample_weight, multioutput, power: int, root: bool):
    yt, yp, w, mo = _check_targets(y_true, y_pred, sample_weight, multioutput, _MULTIOUTPUT_LOSS)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        d = np.abs(yt - yp) if power == 1 else (yt - yp) ** 2
        errors = np.average(d, axis=0, weights=w)
    w_orig = None if w is None else check_sample_weight(sample_weight, len(yt))
    errors = _robust_columns(np.asarray(errors, dtype=np.float64).reshape(-1), yt, yp, w_orig, w, power, root)
    return _aggregate(errors, mo)


def _check_1d_pair(y_true, y_pred):
    yt = as_scores(y_true, "y_true")
    yp = as_scores(y_pred, "y_pred")
    n = check_same_length(y_true=yt, y_pred=yp)
    return yt, yp, n


def _check_n_params(n_params, n: int, *, strict: bool = False) -> int:
    k = _check_int(n_params, "n_params")
    if k > n or (strict and k >= n):
        need = "fewer than" if strict else "at most"
        raise ValueError(
            f"n_params={k} is too large for {n} samples: a least-squares fit here needs {need} n parameters"
        )
    return k


# ----------------------------------------------------------------------------------------
# losses and scores (same names, arguments and values as sklearn.metrics)
# ----------------------------------------------------------------------------------------
def mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    r"""Mean squared error (均方误差), the book's eq. (2.2).

    .. math::

        E(f; D) = \frac{1}{m}\sum_{i=1}^{m} \bigl(f(x_i) - y_i\bigr)^2,
        \qquad\text{weighted: } \frac{\sum_i w_i (f(x_i) - y_i)^2}{\sum_i w_i}.

    This is the *sample* estimate of the population form (eq. 2.3)
    :math:`E(f;\mathcal{D}) = \int (f(x) - y)^2\, p(x)\, dx`: averaging
    over a sample drawn from :math:`\mathcal{D}` approximates the integral.
    With 0/1 labels and predicted probabilities it is the Brier score.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_outputs)
        True target values.
    y_pred : array-like of the same shape
        Predicted values.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights (not all zero).
    multioutput : {'raw_values', 'uniform_average'} or array-like of shape (n_outputs,)
        'raw_values' returns one error per output (an array, even for 1-D
        input); 'uniform_average' their mean; an array gives the weights of
        a weighted mean over outputs.

    Returns
    -------
    loss : float or ndarray of shape (n_outputs,)
        Non-negative; 0 is a perfect prediction.

    Example
    -------
    >>> mean_squared_error([3, -0.5, 2, 7], [2.5, 0.0, 2, 8])
    0.375
    """
    return _loss(y_true, y_pred, sample_weight, multioutput, 2, False)


def root_mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    r"""Root mean squared error: :math:`\sqrt{\mathrm{MSE}}`, in the units of ``y``.

    For several outputs the square root is taken per output, then the
    outputs are averaged (as scikit-learn does), so the result is not
    ``sqrt(mean_squared_error(...))`` in general.

    Parameters
    ----------
    y_true, y_pred, sample_weight, multioutput
        As in :func:`mean_squared_error`.

    Returns
    -------
    loss : float or ndarray of shape (n_outputs,)

    Example
    -------
    >>> round(root_mean_squared_error([3, -0.5, 2, 7], [2.5, 0.0, 2, 8]), 4)
    0.6124
    """
    return _loss(y_true, y_pred, sample_weight, multioutput, 2, True)


def mean_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    r"""Mean absolute error (平均绝对误差).

    .. math::

        \mathrm{MAE} = \frac{1}{m}\sum_{i=1}^{m} \lvert f(x_i) - y_i\rvert .

    An error twice as large costs twice as much (MSE: four times), so MAE is
    less dominated by a few large errors (outliers).

    Parameters
    ----------
    y_true, y_pred, sample_weight, multioutput
        As in :func:`mean_squared_error`.

    Returns
    -------
    loss : float or ndarray of shape (n_outputs,)

    Example
    -------
    >>> mean_absolute_error([3, -0.5, 2, 7], [2.5, 0.0, 2, 8])
    0.5
    """
    return _loss(y_true, y_pred, sample_weight, multioutput, 1, False)


def _weighted_sums(w, md: np.ndarray, ed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per column, ``(t, e)`` with ``sum_i w_i md_i 2**ed_i = t * 2**e`` (``w`` None: all ones):
    each term is its mantissas' product times 2**(its exponents - the column's largest), so no
    term over- or underflows unless it is more than 2**1100 below the largest (then it does not
    count). ``md`` may be signed."""
    if w is None:
        m, e = md, ed
    else:
        mw, ew = np.frexp(w)
        m = mw[:, None] * md
        e = ew[:, None].astype(np.int64) + ed
    floor = np.iinfo(np.int64).min
    top = np.where(m != 0, e, floor).max(axis=0)
    top = np.where(top == floor, 0, top)
    with np.errstate(under="ignore"):
        total = np.sum(np.ldexp(m, np.maximum(e - top, -1100)), axis=0)
    return total, top


def _two_sum(a, b):
    """``(s, err)`` with ``s = fl(a + b)`` and ``a + b = s + err`` exactly (Knuth)."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _deviations_from_mean(yt: np.ndarray, w_scaled, w) -> tuple[np.ndarray, np.ndarray]:
    """``(d, s)``: ``yt - mean`` per column, divided by the power of two ``s`` (per column),
    with the weighted mean carried in two floats: the rounded mean plus its remainder, found
    from the weighted sum of the residuals (the rounded mean alone puts ``W * ulp**2`` into SST:
    y = [1, 1 + 2**-52] had SST 2**-104 for 2**-105). Constant columns get exactly 0."""
    s = np.array([_pow2_scale(yt[:, j]) for j in range(yt.shape[1])])
    ys = yt / s
    wt, we = _weight_total(w, len(ys))

    def mean_of(x):                        # sum_i w_i x_i / sum_i w_i, no under- or overflow
        md, ed = np.frexp(x)
        t, e = _weighted_sums(w, md, ed.astype(np.int64))
        with np.errstate(under="ignore"):
            return np.ldexp(t / wt, e - we)

    m = np.average(ys, axis=0, weights=w_scaled)
    m, c = _two_sum(m, mean_of(ys - m))    # the mean is m + c, c below half an ulp of m
    c = c + mean_of((ys - m) - c)          # one more step for the remainder
    d = (ys - m) - c
    d[:, np.ptp(yt, axis=0) == 0] = 0.0
    return d, s


def _weight_total(w, n: int) -> tuple[float, int]:
    """``(t, e)`` with ``sum(w) == t * 2**e`` (no overflow: 1e308 + 1e308)."""
    if w is None:
        return float(n), 0
    mw, ew = np.frexp(w)
    t, e = _weighted_sums(None, mw[:, None], ew[:, None].astype(np.int64))
    return float(t[0]), int(e[0])


def r2_score(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average", force_finite=True):
    r"""Coefficient of determination :math:`R^2` (决定系数).

    .. math::

        R^2 = 1 - \frac{\mathrm{SSE}}{\mathrm{SST}}
            = 1 - \frac{\sum_i w_i (y_i - \hat y_i)^2}{\sum_i w_i (y_i - \bar y)^2},

    with :math:`\bar y` the (weighted) mean of ``y_true``: the share of the
    spread of ``y`` around its mean that the prediction removes. 1 is
    perfect, 0 is "as good as always predicting the mean", and it is
    negative for a prediction worse than that. (For a least-squares fit with
    an intercept, evaluated on its own training data, it also equals
    SSR/SST; note 004's ``SSR/SST`` form holds only then.)

    The same values as scikit-learn (to the last bit or two), except where
    scikit-learn's float64 arithmetic loses them: SSE and SST are summed as
    mantissas and powers of two, so targets of 1e200 (scikit-learn: inf/inf =
    NaN) or 1e-200 (0/0: a poor prediction scored 1.0) and weights spanning
    more than float64 (1e-300 next to 1e300: a lightly weighted example that
    carries all of SST still counts) give the true ratio; SST is taken around
    the weighted mean kept to twice float precision (scikit-learn's rounded
    mean gives a constant column of 0.37 with uneven weights an SST of about
    1e-33 and an :math:`R^2` of -2.8e30 instead of 0.0, and y = [1, 1 + 2**-52]
    score 0.0 instead of -1.0 against a prediction of 1). An :math:`R^2` below -1.8e308 is -inf.

    Constant ``y_true`` (SST = 0): the formula gives NaN (perfect
    prediction) or -inf. With ``force_finite=True`` (default) these become
    1.0 and 0.0. Fewer than two samples: NaN with an
    :class:`~learnmetrics.UndefinedMetricWarning`.

    Parameters
    ----------
    y_true, y_pred, sample_weight
        As in :func:`mean_squared_error`.
    multioutput : {'raw_values', 'uniform_average', 'variance_weighted'} or array-like
        'variance_weighted' weights each output's score by its SST.
    force_finite : bool, default=True

    Returns
    -------
    score : float or ndarray of shape (n_outputs,)

    Example
    -------
    >>> round(r2_score([3, -0.5, 2, 7], [2.5, 0.0, 2, 8]), 4)
    0.9486
    """
    check_bool(force_finite, "force_finite")
    yt, yp, w, mo = _check_targets(y_true, y_pred, sample_weight, multioutput, _MULTIOUTPUT_R2)
    if len(yt) < 2:
        warn_undefined("R^2 score is not well-defined with less than two samples.")
        return float("nan")
    # SSE from the differences as mantissas and exponents (1e-200 or 1e300 targets neither under-
    # nor overflow); SST from the deviations from a weighted mean kept to twice float precision;
    # each term w d^2 is summed as mantissa * 2**(exponent - the column's largest), so weights
    # spanning more than float64 (1e-300 next to 1e300) still count: a light example may carry
    # all of SST (R^2 = 1 - 1e300, not 0.0)
    w_orig = None if w is None else check_sample_weight(sample_weight, len(yt))
    md, ed = _split_differences(yt, yp)
    numerator, num_exp = _weighted_sums(w_orig, md * md, 2 * ed)
    dev, scale = _deviations_from_mean(yt, w, w_orig)
    md, ed = np.frexp(dev)
    denominator, den_exp = _weighted_sums(w_orig, md * md, 2 * ed.astype(np.int64))
    den_exp = den_exp + 2 * np.frexp(scale)[1].astype(np.int64) - 2
    nonzero_den = denominator != 0
    with np.errstate(over="ignore"):
        ratio = np.ldexp(numerator / np.where(nonzero_den, denominator, 1.0), num_exp - den_exp)
    if not force_finite:
        with np.errstate(divide="ignore", invalid="ignore"):
            scores = np.where(nonzero_den, 1 - ratio, 1 - numerator / denominator)
    else:
        nonzero_num = numerator != 0
        scores = np.ones(yt.shape[1])
        valid = nonzero_den & nonzero_num
        scores[valid] = 1 - ratio[valid]
        scores[nonzero_num & ~nonzero_den] = 0.0
    if isinstance(mo, str) and mo == "variance_weighted":
        if not nonzero_den.any():
            return float(np.mean(scores))
        # the columns' SST in common units (relative to the largest scale: exact, no overflow)
        with np.errstate(invalid="ignore", under="ignore"):
            sst = np.ldexp(denominator, den_exp - den_exp.max())
            return float(np.average(scores, weights=sst))
    return _aggregate(scores, mo)


def adjusted_r2_score(y_true, y_pred, *, n_features, multioutput="uniform_average"):
    r"""Adjusted :math:`R^2` (调整的 :math:`R^2`) of a linear model with an intercept.

    .. math::

        R^2_{adj} = 1 - (1 - R^2)\,\frac{n - 1}{n - p - 1},

    with ``n`` samples and ``p = n_features`` features (not counting the
    intercept). :math:`1 - R^2 = \mathrm{SSE}/\mathrm{SST}`; the adjustment
    replaces both sums by unbiased variance estimates,
    :math:`\frac{\mathrm{SSE}/(n-p-1)}{\mathrm{SST}/(n-1)}`, so a feature that
    removes less than its share of SSE *lowers* :math:`R^2_{adj}`, while
    plain :math:`R^2` never falls when a feature is added.

    Note 004 writes :math:`1 - (1 - R^2)/(n - p - 1)`: the factor
    :math:`n - 1` is missing, which would put almost every model near 1.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_outputs)
    n_features : int
        ``p``, the number of features the model used (>= 0).
        ``n - p - 1`` must be positive.
    multioutput : as in :func:`r2_score`
        The adjustment is linear in :math:`R^2`, so it commutes with the
        averaging over outputs.

    Returns
    -------
    score : float or ndarray of shape (n_outputs,)

    Example
    -------
    >>> round(adjusted_r2_score([1, 2, 3, 4, 5], [1.1, 1.9, 3.2, 3.9, 4.9], n_features=1), 4)
    0.9893
    """
    p = _check_int(n_features, "n_features")
    yt = _as_targets(y_true, "y_true")
    n = len(yt)
    if n - p - 1 <= 0:
        raise ValueError(
            f"n_features={p} is too large for {n} samples: adjusted R^2 needs n - n_features - 1 > 0"
        )
    r2 = r2_score(y_true, y_pred, multioutput=multioutput)
    adj = 1 - (1 - np.asarray(r2)) * (n - 1) / (n - p - 1)
    return adj if isinstance(r2, np.ndarray) else float(adj)


# ----------------------------------------------------------------------------------------
# information criteria for least-squares fits
# ----------------------------------------------------------------------------------------
def residual_sum_of_squares(y_true, y_pred) -> float:
    r"""RSS (残差平方和, SSE in note 004): :math:`\sum_i (y_i - \hat y_i)^2`.

    Example
    -------
    >>> residual_sum_of_squares([1, 2, 3], [1, 2, 5])
    4.0
    """
    yt, yp, _ = _check_1d_pair(y_true, y_pred)
    return float(np.sum((yt - yp) ** 2))


def residual_variance(y_true, y_pred, *, n_params) -> float:
    r"""Unbiased estimate of the noise variance from a least-squares fit.

    .. math:: \hat\sigma^2 = \frac{\mathrm{RSS}}{n - k}

    with ``k = n_params`` fitted coefficients (intercept included). Taken
    from the *full* (largest) model, it is the :math:`\hat\sigma^2` of
    Mallows' :math:`C_p`.

    Example
    -------
    >>> residual_variance([1, 2, 3, 4], [1, 2, 3, 6], n_params=2)
    2.0
    """
    yt, yp, n = _check_1d_pair(y_true, y_pred)
    k = _check_n_params(n_params, n, strict=True)
    s, t = _scaled_ss(yt, yp)
    return float(s * s * (t / (n - k)))


def _log_rss_over_n(yt, yp, n, who: str) -> float:
    s, t = _scaled_ss(yt, yp)  # RSS = s^2 t, so ln(RSS/n) stays finite for huge or tiny residuals
    if t == 0.0:
        warn_undefined(f"{who}: the fit is perfect (RSS = 0), so ln(RSS/n) = -inf", stacklevel=4)
        return -np.inf
    return float(2.0 * np.log(s) + np.log(t / n))


def gaussian_log_likelihood(y_true, y_pred) -> float:
    r"""Maximised log-likelihood of a least-squares fit under Gaussian noise.

    With :math:`y_i = f(x_i) + \varepsilon_i`,
    :math:`\varepsilon_i \sim N(0, \sigma^2)` and the maximum-likelihood
    :math:`\hat\sigma^2 = \mathrm{RSS}/n`,

    .. math::

        \ln L(\hat\theta) = -\frac{n}{2}\Bigl(\ln(2\pi) + \ln\frac{\mathrm{RSS}}{n} + 1\Bigr).

    So :math:`-2\ln L = n\ln(\mathrm{RSS}/n) + n(\ln 2\pi + 1)`: the
    :func:`aic`/:func:`bic` used here drop the constant
    :math:`n(\ln 2\pi + 1)`, which is the same for every model fitted to the
    same ``n`` samples.

    Example
    -------
    >>> round(gaussian_log_likelihood([0.0, 1.0, 2.0, 3.0], [0.5, 0.5, 2.5, 2.5]), 4)
    -2.9032
    """
    yt, yp, n = _check_1d_pair(y_true, y_pred)
    return float(-0.5 * n * (np.log(2 * np.pi) + _log_rss_over_n(yt, yp, n, "gaussian_log_likelihood") + 1))


def aic(y_true, y_pred, *, n_params) -> float:
    r"""Akaike information criterion (赤池信息准则) of a least-squares fit.

    .. math::

        \mathrm{AIC} = -2\ln L(\hat\theta) + 2k
        \;\doteq\; n\ln\frac{\mathrm{RSS}}{n} + 2k ,

    the second form for Gaussian noise with the constant
    :math:`n(\ln 2\pi + 1)` dropped (see :func:`gaussian_log_likelihood`).
    ``k = n_params`` counts the fitted coefficients, intercept included
    (note 004 says "number of features"; with an intercept that is one less
    for every model, which changes no comparison). Some texts also count
    :math:`\sigma^2` (``k + 1``): again the same shift for every model.

    Only **differences** between models fitted to the same data mean
    anything: smaller is better, and a difference of a few units is small
    (Burnham & Anderson: :math:`\Delta < 2` "substantial support").

    A perfect fit (RSS = 0) gives ``-inf`` with an
    :class:`~learnmetrics.UndefinedMetricWarning`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        Targets and the fit's predictions on the *same* (training) samples.
    n_params : int
        ``k``, between 0 and n.

    Returns
    -------
    float

    Example
    -------
    >>> round(aic([0.0, 1.0, 2.0, 3.0], [0.5, 0.5, 2.5, 2.5], n_params=2), 4)
    -1.5452
    """
    yt, yp, n = _check_1d_pair(y_true, y_pred)
    k = _check_n_params(n_params, n)
    return float(n * _log_rss_over_n(yt, yp, n, "aic") + 2 * k)


def bic(y_true, y_pred, *, n_params) -> float:
    r"""Bayesian information criterion (贝叶斯信息准则, Schwarz) of a least-squares fit.

    .. math::

        \mathrm{BIC} = -2\ln L(\hat\theta) + k\ln n
        \;\doteq\; n\ln\frac{\mathrm{RSS}}{n} + k\ln n ,

    the same as :func:`aic` except that each parameter costs
    :math:`\ln n` instead of 2: from :math:`n \ge 8` on (:math:`\ln 8 > 2`)
    BIC charges more and tends to choose smaller models. Constants are
    dropped as in :func:`aic`; only differences between models matter.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    n_params : int
        ``k``, the fitted coefficients, intercept included.

    Returns
    -------
    float

    Example
    -------
    >>> round(bic([0.0, 1.0, 2.0, 3.0], [0.5, 0.5, 2.5, 2.5], n_params=2), 4)
    -2.7726
    """
    yt, yp, n = _check_1d_pair(y_true, y_pred)
    k = _check_n_params(n_params, n)
    return float(n * _log_rss_over_n(yt, yp, n, "bic") + k * np.log(n))


def mallows_cp(y_true, y_pred, *, n_params, sigma2, convention="mallows") -> float:
    r"""Mallows' :math:`C_p` of a least-squares fit.

    ``convention='mallows'`` (default; note 004 and Mallows 1973):

    .. math::

        C_p = \frac{\mathrm{RSS}_p}{\hat\sigma^2} - n + 2p ,

    with ``p = n_params`` fitted coefficients (intercept included) and
    :math:`\hat\sigma^2 = \mathrm{RSS}_{full}/(n - p_{full})` from the
    largest model considered (:func:`residual_variance`); note 004's
    :math:`(n - m - 1)\,\mathrm{SSE}_p/\mathrm{SSE}_m - n + 2p` is the same
    thing with m features plus an intercept. A model without bias has
    :math:`E[C_p] \approx p`; the full model has :math:`C_p = p_{full}`
    exactly. Smaller is better.

    ``convention='islr'`` (James et al., *An Introduction to Statistical
    Learning*, eq. 6.2): :math:`C_p = (\mathrm{RSS} + 2p\hat\sigma^2)/n`, an
    estimate of the test MSE. It equals
    :math:`\frac{\hat\sigma^2}{n}(C_p^{\text{Mallows}} + n)`, an increasing
    function of Mallows' form, so the two **rank models identically**. (ISLR
    counts ``d`` predictors without the intercept; that adds the same
    :math:`2\hat\sigma^2/n` to every model.)

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    n_params : int
        ``p``, between 0 and n.
    sigma2 : float
        :math:`\hat\sigma^2 > 0`, the noise variance of the full model.
    convention : {'mallows', 'islr'}, default='mallows'

    Returns
    -------
    float

    Example
    -------
    >>> round(mallows_cp([0.0, 1.0, 2.0, 3.0], [0.5, 0.5, 2.5, 2.5], n_params=2, sigma2=0.5), 4)
    2.0
    """
    yt, yp, n = _check_1d_pair(y_true, y_pred)
    p = _check_n_params(n_params, n)
    s2 = _check_sigma2(sigma2)
    check_choice(convention, "convention", ("mallows", "islr"))
    s, t = _scaled_ss(yt, yp)  # RSS = s^2 t (exactly, unless RSS itself overflows)
    rss = t * s * s
    if convention == "mallows":
        if t and not np.isfinite(rss):  # RSS beyond float64: its ratio to sigma2 may still be finite
            return float(np.exp(np.log(t) + 2.0 * np.log(s) - np.log(s2)) - n + 2 * p)
        return float(rss / s2 - n + 2 * p)
    return float((rss + 2 * p * s2) / n)


def _check_sigma2(sigma2) -> float:
    """``sigma2`` (the caller's argument) is a positive finite real number."""
    if isinstance(sigma2, (bool, np.bool_)) or not isinstance(sigma2, numbers.Real):
        raise TypeError(f"sigma2 must be a positive number, got {type(sigma2).__name__} {sigma2!r}")
    s2 = _float(sigma2, "sigma2")
    if not (np.isfinite(s2) and s2 > 0):
        raise ValueError(f"sigma2 must be a positive finite number, got {sigma2!r}")
    return s2


# ----------------------------------------------------------------------------------------
# a small least-squares toolkit for the notebook
# ----------------------------------------------------------------------------------------


def polynomial_features(x, degree: int) -> np.ndarray:
    r"""The design matrix :math:`[x, x^2, \dots, x^d]` of a polynomial in one variable.

    No constant column: :func:`fit_least_squares` adds the intercept.
    ``degree=0`` gives an (n, 0) matrix, the intercept-only model.

    Parameters
    ----------
    x : array-like of shape (n_samples,)
    degree : int, >= 0

    Returns
    -------
    ndarray of shape (n_samples, degree)

    Example
    -------
    >>> polynomial_features([1.0, 2.0, 3.0], 2)
    array([[1., 1.],
           [2., 4.],
           [3., 9.]])
    """
    x = as_scores(x, "x")
    d = _check_int(degree, "degree")
    if len(x) * d > MAX_CELLS:
        raise ValueError(
            f"degree={d} with {len(x)} values of x would build a matrix of {len(x) * d:,} numbers "
            f"(the limit is {MAX_CELLS:,}): use a smaller degree"
        )
    with np.errstate(over="ignore"):
        V = x[:, None] ** np.arange(1, d + 1)
    if not np.isfinite(V).all():
        raise ValueError(
            f"x ** {d} overflows float64 (|x| up to {np.abs(x).max():.3g}): rescale x or use a smaller degree"
        )
    return V


@dataclass(frozen=True)
class LeastSquaresFit:
    """A fitted linear model ``y ≈ intercept + X @ coef`` (see :func:`fit_least_squares`)."""

    coef: np.ndarray
    intercept: float
    fitted: np.ndarray
    residuals: np.ndarray
    rss: float
    n_samples: int
    n_features: int
    _mean: np.ndarray
    _scale: np.ndarray
    _beta: np.ndarray

    @property
    def n_params(self) -> int:
        """Fitted coefficients, intercept included: ``n_features + 1``."""
        return self.n_features + 1

    def predict(self, X) -> np.ndarray:
        """Predictions for new rows ``X`` (same columns as in the fit)."""
        X = as_features(X)
        if X.shape[1] != self.n_features:
            raise ValueError(f"X has {X.shape[1]} columns but the model was fitted with {self.n_features}")
        return self._beta[0] + ((X - self._mean) / self._scale) @ self._beta[1:]


def fit_least_squares(X, y) -> LeastSquaresFit:
    r"""Ordinary least squares with an intercept (``numpy.linalg.lstsq``).

    Minimises :math:`\sum_i (y_i - b - x_i^\top w)^2`. Columns are centred
    and scaled internally so that polynomial designs stay well conditioned;
    ``coef`` and ``intercept`` are reported in the original units.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features) (a 1-D array is one feature)
        May have 0 columns (intercept only).
    y : array-like of shape (n_samples,)

    Returns
    -------
    LeastSquaresFit
        ``coef``, ``intercept``, ``fitted``, ``residuals``, ``rss``,
        ``n_features``, ``n_params`` (= n_features + 1) and ``predict(X)``.

    Example
    -------
    >>> fit = fit_least_squares([[0.0], [1.0], [2.0]], [1.0, 3.0, 5.0])
    >>> round(fit.intercept, 6), round(float(fit.coef[0]), 6), round(fit.rss, 6)
    (1.0, 2.0, 0.0)
    """
    X = as_features(X)
    y = as_scores(y, "y")
    n = check_same_length(X=X, y=y)
    p = X.shape[1]
    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    scale = np.where(scale > 0, scale, 1.0)
    Z = np.hstack([np.ones((n, 1)), (X - mean) / scale])
    beta, *_ = np.linalg.lstsq(Z, y, rcond=None)
    fitted = Z @ beta
    coef = beta[1:] / scale
    intercept = float(beta[0] - np.sum(coef * mean))
    residuals = y - fitted
    return LeastSquaresFit(
        coef=coef,
        intercept=intercept,
        fitted=fitted,
        residuals=residuals,
        rss=float(residuals @ residuals),
        n_samples=n,
        n_features=p,
        _mean=mean,
        _scale=scale,
        _beta=beta,
    )


@dataclass(frozen=True)
class SelectionTable:
    """One row per candidate model: size, fit and the selection criteria.

    Arrays of equal length: ``names``, ``n_features`` (p), ``n_params``
    (k = p + 1), ``rss``, ``mse`` (RSS/n), ``r2``, ``adjusted_r2``, ``aic``,
    ``bic``, ``cp`` (Mallows, with ``sigma2`` from the full model).
    The criteria are computed on targets rescaled by a power of two, so they
    stay finite for targets near the limits of float64; ``rss``, ``mse`` and
    ``sigma2`` are in the units of ``y`` (inf if they exceed float64).
    """

    names: tuple[str, ...]
    n_features: np.ndarray
    n_params: np.ndarray
    rss: np.ndarray
    mse: np.ndarray
    r2: np.ndarray
    adjusted_r2: np.ndarray
    aic: np.ndarray
    bic: np.ndarray
    cp: np.ndarray
    sigma2: float
    n_samples: int

    _LOWER_IS_BETTER = ("aic", "bic", "cp", "rss", "mse")
    _HIGHER_IS_BETTER = ("r2", "adjusted_r2")

    def __len__(self) -> int:
        return len(self.names)

    def best(self, criterion: str) -> int:
        """Index of the model the criterion picks (first one on ties)."""
        check_choice(criterion, "criterion", self._LOWER_IS_BETTER + self._HIGHER_IS_BETTER)
        values = getattr(self, criterion)
        return int(np.argmin(values) if criterion in self._LOWER_IS_BETTER else np.argmax(values))

    def delta(self, criterion: str) -> np.ndarray:
        """``criterion`` minus its best value (only differences mean anything)."""
        check_choice(criterion, "criterion", ("aic", "bic", "cp"))
        values = getattr(self, criterion)
        return values - values.min()

    def __str__(self) -> str:
        marks = {c: self.best(c) for c in ("adjusted_r2", "aic", "bic", "cp")}

        def col(values, fmt, crit=None):
            return [f"{v:{fmt}}" + ("" if crit is None else ("*" if marks[crit] == i else " "))
                    for i, v in enumerate(values)]

        cols = [
            ("model", list(self.names)),
            ("p", [str(int(p)) for p in self.n_features]),
            ("RSS", col(self.rss, ".6g")),
            ("R^2", col(np.round(self.r2, 4) + 0.0, ".4f")),
            ("adj R^2", col(np.round(self.adjusted_r2, 4) + 0.0, ".4f", "adjusted_r2")),
            ("AIC", col(self.aic, ".2f", "aic")),
            ("BIC", col(self.bic, ".2f", "bic")),
            ("Cp", col(self.cp, ".2f", "cp")),
        ]
        widths = [max(len(h), *(len(v) for v in vals)) for h, vals in cols]
        lines = ["  ".join(h.ljust(w) if j == 0 else h.rjust(w) for j, ((h, _), w) in enumerate(zip(cols, widths)))]
        for i in range(len(self)):
            lines.append("  ".join(
                vals[i].ljust(w) if j == 0 else vals[i].rjust(w) for j, ((_, vals), w) in enumerate(zip(cols, widths))
            ))
        lines.append("(* = the model each criterion picks)")
        return "\n".join(lines)


def model_selection_table(designs, y, *, names=None, sigma2=None) -> SelectionTable:
    r"""Fit every candidate design by least squares and tabulate the criteria.

    For each design matrix (an intercept is always added) it records
    ``p`` features, ``k = p + 1`` parameters, RSS, :math:`R^2`,
    :math:`R^2_{adj}`, :func:`aic`, :func:`bic` and :func:`mallows_cp`.

    Parameters
    ----------
    designs : sequence of array-like, each of shape (n_samples, p_j)
        The candidate models, usually nested (each adds columns to the last).
    y : array-like of shape (n_samples,)
    names : sequence of str, optional
        Row labels (default ``"p=<p>"``).
    sigma2 : float, optional
        Noise variance for :math:`C_p`; default: :func:`residual_variance` of
        the model with the most features (the "full model").

    Returns
    -------
    SelectionTable

    Example
    -------
    >>> rng = np.random.default_rng(0)
    >>> x = np.linspace(-1, 1, 30); y = 1 + 2 * x + 0.1 * rng.normal(size=30)
    >>> table = model_selection_table([polynomial_features(x, d) for d in range(4)], y)
    >>> table.best("bic")
    1
    """
    y = as_scores(y, "y")
    if isinstance(designs, np.ndarray) or not hasattr(designs, "__len__") or isinstance(designs, (str, bytes, dict)):
        raise TypeError(
            f"designs must be a list of design matrices (one per candidate model), got {type(designs).__name__}"
        )
    if len(designs) == 0:
        raise ValueError("designs is empty: at least one candidate model is needed")
    designs = [as_features(D, f"designs[{i}]") for i, D in enumerate(designs)]
    n = len(y)
    for i, D in enumerate(designs):
        if len(D) != n:
            raise ValueError(f"designs[{i}] has {len(D)} rows but y has {n} samples")
    ps = np.array([D.shape[1] for D in designs])
    if names is None:
        names = tuple(f"p={p}" for p in ps)
    else:
        if isinstance(names, (str, bytes)) or not hasattr(names, "__len__"):
            raise TypeError(f"names must be a list of row labels, got {type(names).__name__}")
        names = tuple(str(s) for s in names)
        if len(names) != len(designs):
            raise ValueError(f"names has {len(names)} entries but there are {len(designs)} designs")
    if sigma2 is not None:
        sigma2 = _check_sigma2(sigma2)
    full = int(np.argmax(ps))
    if ps[full] + 1 >= n:
        raise ValueError(
            f"the largest design has {ps[full]} features: with an intercept that needs more than "
            f"{ps[full] + 1} samples, but y has {n}"
        )
    return _selection_table([(D, None) for D in designs], y, ps, names, sigma2)


def _selection_table(designs, y, ps, names, sigma2) -> SelectionTable:
    """The work of :func:`model_selection_table` on checked arguments. ``designs`` holds
    ``(matrix, None)`` pairs or ``(None, make)`` with ``make()`` building the matrix when it
    is needed (so that :func:`polynomial_selection` never holds every design at once)."""
    n = len(y)
    # least squares is linear in y: fit y / s (s a power of two, an exact division) so that
    # RSS, sigma2 and the criteria stay finite for huge or tiny targets; RSS is scaled back
    s = _pow2_scale(y)
    ys = y / s
    fitted = []
    for D, make in designs:
        fitted.append(fit_least_squares(D if D is not None else make(), ys).fitted)
    full = int(np.argmax(ps))
    k = ps + 1
    rss_s = np.array([float(np.sum((ys - f) ** 2)) for f in fitted])
    if sigma2 is None:
        s2_s = rss_s[full] / (n - k[full])
        if not s2_s > 0:
            raise ValueError(
                "the largest model fits y exactly (RSS = 0), so the noise variance for Cp cannot be "
                "estimated from it: pass sigma2"
            )
        cp = rss_s / s2_s - n + 2 * k
        with np.errstate(over="ignore"):  # beyond float64 it is inf, which is right
            sigma2 = s2_s * s * s
    else:
        cp = np.array([mallows_cp(y, f * s, n_params=int(kj), sigma2=sigma2) for f, kj in zip(fitted, k)])
    r2 = np.array([r2_score(ys, f) for f in fitted])
    adj = 1 - (1 - r2) * (n - 1) / (n - ps - 1)
    with np.errstate(divide="ignore"):
        log_term = n * (2.0 * np.log(s) + np.log(rss_s / n))
    with np.errstate(over="ignore"):  # RSS and MSE beyond float64 are inf (the criteria stay finite)
        rss = rss_s * s * s
    return SelectionTable(
        names=tuple(names),
        n_features=ps,
        n_params=k,
        rss=rss,
        mse=rss / n,
        r2=r2,
        adjusted_r2=adj,
        aic=log_term + 2 * k,
        bic=log_term + k * np.log(n),
        cp=cp,
        sigma2=float(sigma2),
        n_samples=n,
    )


def polynomial_selection(x, y, max_degree: int, *, sigma2=None) -> SelectionTable:
    """:func:`model_selection_table` for the polynomials of degree 0, 1, ..., ``max_degree``.

    Row ``d`` is the degree-``d`` polynomial (``d`` features, ``d + 1``
    parameters); the full model is degree ``max_degree``.

    Parameters
    ----------
    x, y : array-like of shape (n_samples,)
    max_degree : int, 0 <= max_degree <= n_samples - 2
        Checked (with the total size of the design matrices, at most
        ``MAX_CELLS`` numbers) before any matrix is built; the designs are
        built one at a time.
    sigma2 : float, optional
        As in :func:`model_selection_table`.

    Returns
    -------
    SelectionTable

    Example
    -------
    >>> x = np.linspace(0, 1, 20); y = x ** 2 + 0.01 * np.sin(40 * x)
    >>> polynomial_selection(x, y, 4).best("aic") >= 2
    True
    """
    x = as_scores(x, "x")
    y = as_scores(y, "y")
    n = check_same_length(x=x, y=y)
    dmax = _check_int(max_degree, "max_degree")
    if dmax + 2 > n:
        raise ValueError(
            f"max_degree={dmax} is too large for {n} samples: the degree-{dmax} polynomial has "
            f"{dmax + 1} parameters and the noise variance for Cp needs more samples than that "
            f"(max_degree <= n - 2 = {n - 2})"
        )
    cells = n * dmax * (dmax + 1) // 2
    if cells > MAX_CELLS:
        raise ValueError(
            f"max_degree={dmax} with {n} samples would build design matrices of {cells:,} numbers in all "
            f"(the limit is {MAX_CELLS:,}): use a smaller max_degree"
        )
    if sigma2 is not None:
        sigma2 = _check_sigma2(sigma2)
    return _selection_table(
        [(None, (lambda d=d: polynomial_features(x, d))) for d in range(dmax + 1)],
        y,
        np.arange(dmax + 1),
        [f"deg {d}" for d in range(dmax + 1)],
        sigma2,
    )


def noise_feature_r2(X, y, max_noise_features: int, *, n_repeats: int = 200, rng=0):
    r"""R^2 and adjusted R^2 as pure-noise features are appended to a design, repeated.

    For each repeat, draws ``max_noise_features`` columns of standard normal
    noise (unrelated to ``y``), fits ``X`` plus the first ``j`` of them for
    ``j = 0 .. max_noise_features`` and records :math:`R^2` and
    :math:`R^2_{adj}` (``n_features = p + j``). :math:`R^2` never falls as a
    column is added; :math:`R^2_{adj}` stays level *on average* (it undoes the
    drift that useless columns add, though it is not an unbiased estimate of
    the population :math:`R^2`: chapter 07 simulates 0.625 for a true 0.64 at
    n = 30) but goes up or down in any single repeat.

    Parameters
    ----------
    X : array-like of shape (n_samples, p) (or 1-D for one feature)
    y : array-like of shape (n_samples,)
    max_noise_features : int, >= 0; ``p + max_noise_features + 1 < n_samples``.
    n_repeats : int, default=200
    rng : None, int seed or numpy Generator, default=0

    Returns
    -------
    r2, adjusted_r2 : ndarray of shape (n_repeats, max_noise_features + 1)

    Example
    -------
    >>> x = np.arange(20.0); y = x + np.sin(x)
    >>> r2, adj = noise_feature_r2(x, y, 3, n_repeats=5)
    >>> r2.shape, bool(np.all(np.diff(r2, axis=1) >= -1e-12))
    ((5, 4), True)
    """
    X = as_features(X)
    y = as_scores(y, "y")
    n = check_same_length(X=X, y=y)
    m = _check_int(max_noise_features, "max_noise_features")
    reps = _check_int(n_repeats, "n_repeats", minimum=1)
    gen = check_rng(rng, "rng")
    p = X.shape[1]
    if p + m + 1 >= n:
        raise ValueError(
            f"max_noise_features={m} is too large: {p} + {m} features and an intercept need more than "
            f"{p + m + 1} samples, but y has {n}"
        )
    work = reps * (m + 1) * n * (p + m + 1)
    if work > 50 * MAX_CELLS:
        raise ValueError(
            f"n_repeats={reps} with max_noise_features={m} and {n} samples would fit {reps * (m + 1):,} models "
            f"({work:,} design cells in all, the limit is {50 * MAX_CELLS:,}): use fewer repeats"
        )
    r2 = np.empty((reps, m + 1))
    for r in range(reps):
        noise = gen.standard_normal((n, m))
        for j in range(m + 1):
            r2[r, j] = r2_score(y, fit_least_squares(np.hstack([X, noise[:, :j]]), y).fitted)
    js = np.arange(m + 1)
    adjusted = 1 - (1 - r2) * (n - 1) / (n - (p + js) - 1)
    return r2, adjusted


@dataclass(frozen=True)
class PolynomialFitState:
    """What the polynomial-degree explorer shows for one degree."""

    degree: int
    x: np.ndarray
    y: np.ndarray
    fitted: np.ndarray
    residuals: np.ndarray
    grid: np.ndarray
    curve: np.ndarray
    table: SelectionTable
    mse: float
    r2: float
    adjusted_r2: float
    aic: float
    bic: float
    cp: float

    def __str__(self) -> str:
        t = self.table
        labels = {"aic": "AIC", "bic": "BIC", "cp": "Cp", "adjusted_r2": "adj R^2"}
        picks = ", ".join(f"{labels[c]} -> {t.best(c)}" for c in labels)
        return (
            f"degree {self.degree}: MSE = {self.mse:.4f}, R^2 = {self.r2:.4f}, adj R^2 = {self.adjusted_r2:.4f}, "
            f"AIC = {self.aic:.2f}, BIC = {self.bic:.2f}, Cp = {self.cp:.2f}\n"
            f"best degree by {picks}"
        )


def polynomial_fit_state(x, y, degree: int, max_degree: int, *, table=None, n_grid: int = 200) -> PolynomialFitState:
    """State of the polynomial-degree explorer: the fit of one degree and the table of all.

    Parameters
    ----------
    x, y : array-like of shape (n_samples,)
    degree : int, 0 <= degree <= max_degree
    max_degree : int
        The full model (it sets :math:`\\hat\\sigma^2` for :math:`C_p`).
    table : SelectionTable, optional
        Reuse a table computed by :func:`polynomial_selection` (saves refits).
    n_grid : int
        Points of the smooth curve drawn over ``[min x, max x]``.

    Example
    -------
    >>> x = np.linspace(0, 1, 12); y = 2 * x
    >>> s = polynomial_fit_state(x, y + 0.01 * np.cos(9 * x), 1, 3)
    >>> s.degree, int(s.table.n_params[s.degree])
    (1, 2)
    """
    x = as_scores(x, "x")
    y = as_scores(y, "y")
    n = check_same_length(x=x, y=y)
    dmax = _check_int(max_degree, "max_degree")
    d = _check_int(degree, "degree")
    if d > dmax:
        raise ValueError(f"degree must be between 0 and max_degree={dmax}, got {d}")
    n_grid = _check_int(n_grid, "n_grid", minimum=2)
    if n_grid * max(d, 1) > MAX_CELLS:
        raise ValueError(f"n_grid={n_grid} is too large for degree {d} (n_grid * degree must be at most {MAX_CELLS:,})")
    if table is None:
        table = polynomial_selection(x, y, dmax)
    elif not isinstance(table, SelectionTable):
        raise TypeError(f"table must be a SelectionTable from polynomial_selection, got {type(table).__name__}")
    elif len(table) != dmax + 1 or table.n_samples != n:
        raise ValueError(
            f"table has {len(table)} rows for {table.n_samples} samples, but max_degree={dmax} and x of "
            f"{n} samples need {dmax + 1} rows for {n} samples: pass polynomial_selection(x, y, max_degree)"
        )
    fit = fit_least_squares(polynomial_features(x, d), y)
    grid = np.linspace(x.min(), x.max(), n_grid)
    curve = fit.predict(polynomial_features(grid, d))
    return PolynomialFitState(
        degree=d,
        x=x,
        y=y,
        fitted=fit.fitted,
        residuals=fit.residuals,
        grid=grid,
        curve=curve,
        table=table,
        mse=float(table.mse[d]),
        r2=float(table.r2[d]),
        adjusted_r2=float(table.adjusted_r2[d]),
        aic=float(table.aic[d]),
        bic=float(table.bic[d]),
        cp=float(table.cp[d]),
    )
