"""Tail probabilities of the t, chi-square, F and binomial distributions, in NumPy + math.

Private helpers for :mod:`learnmetrics.compare` (the package does not depend on
SciPy). Everything rests on two special functions, each evaluated by the
classical continued fractions (modified Lentz algorithm, as in Numerical
Recipes ch. 6) to about 1e-15 relative accuracy:

* the regularized incomplete beta function
  :math:`I_x(a, b) = B(x; a, b) / B(a, b)`, which gives the Student t, F and
  binomial tails;
* the regularized upper incomplete gamma function
  :math:`Q(a, x) = \\Gamma(a, x) / \\Gamma(a)`, which gives the chi-square tail.

Each tail is computed from the side of the continued fraction that returns
it *directly* (never as ``1 - something`` when it is small), so tiny p-values
keep their relative accuracy. Quantiles (critical values) are found by
bisection on the tail, to ~1e-13 relative.
"""
from __future__ import annotations

import functools
import math

import numpy as np

_EPS = 1e-16
_TINY = 1e-300
_MAXIT = 100_000


def _betacf(a: float, b: float, x: float, xc: float | None = None) -> float:
    """Continued fraction for the incomplete beta function (Lentz); ``xc`` = 1 - x, used for the
    first term where x is near 1 (1 - (a+b) x/(a+1) would cancel to nothing when a is huge)."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = (1.0 - b + qab * xc) / qap if xc is not None and x > 0.5 else 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, _MAXIT):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            return h
    raise RuntimeError("incomplete beta continued fraction did not converge")  # pragma: no cover


_HALF_LOG_2PI = 0.5 * math.log(2.0 * math.pi)


def _stirlerr(z: float) -> float:
    """lgamma(z) - ((z - 1/2) log z - z + log(2 pi)/2): Stirling's error, by its series for z >= 10
    (error < 1e-17) and directly below (where nothing cancels)."""
    if z < 10.0:
        return math.lgamma(z) - ((z - 0.5) * math.log(z) - z + _HALF_LOG_2PI)
    z2 = 1.0 / (z * z)
    return (1.0 / 12 - z2 * (1.0 / 360 - z2 * (1.0 / 1260 - z2 * (1.0 / 1680)))) / z


def _bd0(x: float, m: float) -> float:
    """x log(x/m) + m - x, without the cancellation of its terms when x is near m (Loader 2000)."""
    if abs(x - m) < 0.1 * (x + m):
        v = (x - m) / (x + m)
        total = (x - m) * v
        ej = 2.0 * x * v
        v2 = v * v
        for j in range(1, 1000):
            ej *= v2
            term = total + ej / (2 * j + 1)
            if term == total:
                return term
            total = term
        return total  # pragma: no cover
    return x * math.log(x / m) + m - x


def _log_beta_front(a: float, b: float, x: float, xc: float) -> float:
    """log(x^a (1-x)^b / B(a, b)), with no cancellation between huge terms (a, b up to 1e18):
    -bd0(a, s x) - bd0(b, s (1-x)) + log(a b / (2 pi s))/2 - stirlerr(a) - stirlerr(b) + stirlerr(s)."""
    s = a + b
    return (-_bd0(a, s * x) - _bd0(b, s * xc) + 0.5 * math.log(a / s * b) - _HALF_LOG_2PI
            - _stirlerr(a) - _stirlerr(b) + _stirlerr(s))


#: beyond this smaller parameter the continued fraction needs too many terms; the beta
#: distribution is then normal to within its skewness, corrected by one Edgeworth term
_EDGEWORTH = 1e7


def _betainc_edgeworth(a: float, b: float, x: float) -> float:
    """I_x(a, b) for min(a, b) > 1e7: the normal law with the first Edgeworth (skewness) term;
    error of order 1/min(a, b) < 1e-7 of the probability."""
    s = a + b
    mean = a / s
    sd = math.sqrt(a * b / (s * s * (s + 1.0)))
    skew = 2.0 * (b - a) * math.sqrt(s + 1.0) / ((s + 2.0) * math.sqrt(a * b))
    z = (x - mean) / sd
    phi = math.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
    lower = 0.5 * math.erfc(-z / math.sqrt(2.0))
    return min(1.0, max(0.0, lower - skew / 6.0 * (z * z - 1.0) * phi))


def betainc(a: float, b: float, x: float, xc: float | None = None) -> float:
    """Regularized incomplete beta :math:`I_x(a, b)`; ``xc`` = 1 - x if known more exactly."""
    if xc is None:
        xc = 1.0 - x
    if x <= 0.0:
        return 0.0
    if xc <= 0.0:
        return 1.0
    if min(a, b) > _EDGEWORTH:
        return _betainc_edgeworth(a, b, x)
    log_front = _log_beta_front(a, b, x, xc)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _betacf(a, b, x, xc) / a
    return 1.0 - math.exp(log_front) * _betacf(b, a, xc, x) / b


def betainc_upper(a: float, b: float, x: float, xc: float | None = None) -> float:
    """:math:`1 - I_x(a, b) = I_{1-x}(b, a)`, computed directly.

    With x below 1e-12 and a < b (a binomial of huge n and tiny p, the upper end of an exact
    interval at n = 1e15), the continued fraction in b near 1 - x cancels; the binomial is
    then Poisson to within x (Le Cam), so the tail is the gamma's Q(a, (a + b - 1) x)."""
    if xc is None:
        xc = 1.0 - x
    if 0.0 < x < 1e-12 and a < b:
        return gammaincc(a, (a + b - 1.0) * x)
    return betainc(b, a, xc, x)


def _gamma_series(a: float, x: float) -> float:
    """Lower regularized gamma P(a, x) by its series (x < a + 1)."""
    ap, total = a, 1.0 / a
    delta = total
    for _ in range(_MAXIT):
        ap += 1.0
        delta *= x / ap
        total += delta
        if abs(delta) < abs(total) * _EPS:
            return total * math.exp(-x + a * math.log(x) - math.lgamma(a))
    raise RuntimeError("incomplete gamma series did not converge")  # pragma: no cover


def _gamma_cf(a: float, x: float) -> float:
    """Upper regularized gamma Q(a, x) by its continued fraction (x >= a + 1)."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAXIT):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h
    raise RuntimeError("incomplete gamma continued fraction did not converge")  # pragma: no cover


def gammaincc(a: float, x: float) -> float:
    """Regularized upper incomplete gamma :math:`Q(a, x)`."""
    if x <= 0.0:
        return 1.0
    if math.isinf(x):
        return 0.0
    if x < a + 1.0:
        return 1.0 - _gamma_series(a, x)
    return _gamma_cf(a, x)


# ---------------------------------------------------------------------------- tails
def t_sf(t: float, df: float) -> float:
    """P(T > t) for Student's t with ``df`` degrees of freedom."""
    if math.isnan(t):
        return math.nan
    if math.isinf(t):
        return 0.0 if t > 0 else 1.0
    t2 = t * t
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + t2), t2 / (df + t2))  # P(T > |t|)
    return tail if t >= 0 else 1.0 - tail


def t_cdf(t: float, df: float) -> float:
    return t_sf(-t, df)


def t_pdf(t, df: float) -> np.ndarray:
    """Density of Student's t (vectorised over ``t``)."""
    t = np.asarray(t, dtype=float)
    logc = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    return np.exp(logc - (df + 1) / 2 * np.log1p(t * t / df))


def chi2_sf(x: float, df: float) -> float:
    """P(X > x) for the chi-square distribution with ``df`` degrees of freedom."""
    if math.isnan(x):
        return math.nan
    return gammaincc(df / 2.0, max(x, 0.0) / 2.0)


def f_sf(x: float, d1: float, d2: float) -> float:
    """P(F > x) for Fisher's F with (``d1``, ``d2``) degrees of freedom."""
    if math.isnan(x):
        return math.nan
    if x <= 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    den = d2 + d1 * x
    return betainc(d2 / 2.0, d1 / 2.0, d2 / den, d1 * x / den)


_HUGE_N = 2**53


def binom_sf_ge(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    if n > _HUGE_N:
        # beyond 2**53 trials the counts are not even exact floats and the lgamma differences in
        # betainc lose every digit; the binomial is then normal to far better than 1e-6
        # (Berry-Esseen: error <= 0.5 / sqrt(n p (1-p))), so use it with continuity correction
        z = (k - 0.5 - n * p) / math.sqrt(n * p * (1.0 - p))
        return 0.5 * math.erfc(z / math.sqrt(2.0))
    return betainc(float(k), float(n - k + 1), p, 1.0 - p)


def binom_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return betainc_upper(float(k + 1), float(n - k), p, 1.0 - p)


def _isf(sf, q: float, lo: float = 0.0, hi: float = 1.0) -> float:
    """The x with sf(x) = q for a decreasing tail ``sf`` on [lo, inf) (bisection)."""
    while sf(hi) > q:
        lo, hi = hi, hi * 2.0
        if hi > 1e300:  # pragma: no cover
            return math.inf
    for _ in range(400):
        mid = 0.5 * (lo + hi)
        if sf(mid) > q:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-14 * max(1.0, abs(hi)):
            break
    return 0.5 * (lo + hi)


@functools.lru_cache(maxsize=4096)  # pure, and the same few critical values are asked for again and again
def t_isf(q: float, df: float) -> float:
    """Upper critical value: P(T > t) = q (q <= 0.5 gives t >= 0)."""
    if q > 0.5:
        return -t_isf(1.0 - q, df)
    return _isf(lambda v: t_sf(v, df), q)


@functools.lru_cache(maxsize=4096)  # pure, and the same few critical values are asked for again and again
def chi2_isf(q: float, df: float) -> float:
    return _isf(lambda v: chi2_sf(v, df), q, hi=max(1.0, float(df)))


@functools.lru_cache(maxsize=4096)  # pure, and the same few critical values are asked for again and again
def f_isf(q: float, d1: float, d2: float) -> float:
    return _isf(lambda v: f_sf(v, d1, d2), q)


def chi2_pdf(x, df: float) -> np.ndarray:
    """Density of the chi-square distribution (vectorised over ``x``; 0 for x <= 0)."""
    x = np.asarray(x, dtype=float)
    k = df / 2.0
    out = np.zeros_like(x)
    pos = x > 0
    out[pos] = np.exp((k - 1) * np.log(x[pos]) - x[pos] / 2 - k * math.log(2.0) - math.lgamma(k))
    return out


def f_pdf(x, d1: float, d2: float) -> np.ndarray:
    """Density of Fisher's F (vectorised over ``x``; 0 for x <= 0)."""
    x = np.asarray(x, dtype=float)
    out = np.zeros_like(x)
    pos = x > 0
    xp = x[pos]
    logb = math.lgamma(d1 / 2) + math.lgamma(d2 / 2) - math.lgamma((d1 + d2) / 2)
    out[pos] = np.exp(
        (d1 / 2) * math.log(d1 / d2) + (d1 / 2 - 1) * np.log(xp) - ((d1 + d2) / 2) * np.log1p(d1 * xp / d2) - logb
    )
    return out
