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


def _betacf(a: float, b: float, x: float, xc: float | None = None, maxit: int = _MAXIT) -> float:
    """Continued fraction for the incomplete beta function (Lentz); ``xc`` = 1 - x, used for the
    first term where x is near 1 (1 - (a+b) x/(a+1) would cancel to nothing when a is huge)."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = (1.0 - b + qab * xc) / qap if xc is not None and x > 0.5 else 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, maxit):
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


def _bd0(x: float, m: float, diff: float | None = None) -> float:
    """x log(x/m) + m - x, without the cancellation of its terms when x is near m (Loader 2000);
    ``diff`` = x - m when known more exactly than the difference of the two floats (x = 8e17
    and m = x + 27 are the same float to within 128)."""
    if diff is None:
        diff = x - m
    if abs(diff) < 0.1 * (x + m):
        v = diff / (x + m)
        total = diff * v
        ej = 2.0 * x * v
        v2 = v * v
        for j in range(1, 1000):
            ej *= v2
            term = total + ej / (2 * j + 1)
            if term == total:
                return term
            total = term
        return total  # pragma: no cover
    return x * math.log(x / m) - diff


def _log_beta_front(a: float, b: float, x: float, xc: float) -> float:
    """log(x^a (1-x)^b / B(a, b)), with no cancellation between huge terms (a, b up to 1e18):
    -bd0(a, s x) - bd0(b, s (1-x)) + log(a b / (2 pi s))/2 - stirlerr(a) - stirlerr(b) + stirlerr(s).

    The two differences a - s x and b - s (1-x) are each other's negatives; the one of the
    smaller parameter is computed (it keeps its digits) and the other is its negative: computed
    from b = 8e17 and s = a + b, the float s would be off from b + a by up to 128."""
    s = a + b
    d = a - s * x if a <= b else s * xc - b
    return (-_bd0(a, s * x, d) - _bd0(b, s * xc, -d) + 0.5 * math.log(a / s * b) - _HALF_LOG_2PI
            - _stirlerr(a) - _stirlerr(b) + _stirlerr(s))


#: a parameter at most this large and a whole number, the other more than _LOPSIDED times
#: larger: the tail is summed term by term (see _binom_lower_sum)
_SUM_MAX = 1e7
_LOPSIDED = 64.0


def _summable(small: float, large: float) -> bool:
    return small <= _SUM_MAX and small == math.floor(small) and large > _LOPSIDED * small


def _binom_lower_sum(a: float, b: float, x: float, xc: float) -> float:
    """1 - I_x(a, b) for a whole number a: P(X <= a - 1) for X ~ Binomial(a + b - 1, x), summed
    from the term at a - 1 down, while the terms matter (at most a few times 10 sqrt(a) of them).

    Why: with b much larger than a, the continued fraction in b near 1 - x cancels (1 + aa d with
    aa near -1): its relative error is about 1e-16 b / a (4e-5 at a = 1000, b = 1e15). The sum
    of positive binomial terms has no cancellation. The top term P(X = a - 1) is
    x^a (1-x)^b / (B(a, b) x b); each next one down is the previous times
    j (1 - x) / ((a + b - j) x)."""
    top = math.exp(_log_beta_front(a, b, x, xc) - math.log(x) - math.log(b))
    if top == 0.0:
        return 0.0
    total, term, j0 = 0.0, top, a - 1.0          # term = P(X = j0)
    chunk = 256
    while True:
        total += term
        if j0 <= 0.0:
            return min(1.0, total)
        size = int(min(chunk, j0))
        j = j0 - np.arange(size, dtype=float)      # j0, j0 - 1, ...: the ratio P(j-1)/P(j)
        ratios = j * xc / ((a - j + b) * x)
        terms = term * np.cumprod(ratios)          # P(j0 - 1), P(j0 - 2), ...
        total += float(terms[:-1].sum())
        term = float(terms[-1])
        j0 -= size
        if ratios[-1] < 1.0 and term < 1e-18 * total:
            return min(1.0, total + term)
        chunk = min(4 * chunk, 1 << 16)
#: beyond this smaller parameter the continued fraction needs too many terms; the beta
#: distribution is then normal to within its skewness, corrected by one Edgeworth term
_EDGEWORTH = 1e7
#: ... but only within this many standard deviations of the mean; beyond, the continued fraction
_EDGEWORTH_Z = 3.0
#: terms of the continued fraction allowed in the tails of huge parameters (it needs a few dozen)
_TAIL_MAXIT = 20_000


def _betainc_edgeworth(a: float, b: float, x: float, xc: float) -> float:
    """I_x(a, b) for min(a, b) > 1e7: the normal law with the Edgeworth terms of order
    1/sqrt(m) (skewness) and 1/m (kurtosis, skewness squared), m = min(a, b): error of order
    m^(-3/2) < 1e-10 of the probability. The distance to the mean is taken on the side of the
    smaller of x and 1 - x (x - a/s = b/s - (1 - x)): near 1, x - a/s would lose every digit."""
    s = a + b
    diff = x - a / s if x <= xc else b / s - xc
    sd = math.sqrt(a / s * (b / s) / (s + 1.0))
    g1 = 2.0 * (b - a) * math.sqrt(s + 1.0) / ((s + 2.0) * math.sqrt(a) * math.sqrt(b))
    g2 = 6.0 * ((a - b) / a * ((a - b) / b) * (s + 1.0) - (s + 2.0)) / ((s + 2.0) * (s + 3.0))
    z = diff / sd
    phi = math.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
    lower = 0.5 * math.erfc(-z / math.sqrt(2.0))
    z2 = z * z
    corr = (g1 / 6.0 * (z2 - 1.0) + g2 / 24.0 * z * (z2 - 3.0)
            + g1 * g1 / 72.0 * z * (z2 * z2 - 10.0 * z2 + 15.0))
    return min(1.0, max(0.0, lower - corr * phi))


def betainc(a: float, b: float, x: float, xc: float | None = None) -> float:
    """Regularized incomplete beta :math:`I_x(a, b)`; ``xc`` = 1 - x if known more exactly."""
    if xc is None:
        xc = 1.0 - x
    if x <= 0.0:
        return 0.0
    if xc <= 0.0:
        return 1.0
    if min(a, b) > _EDGEWORTH:
        # near the mean the normal law with its Edgeworth terms (error ~ m**-1.5); in the tails
        # those terms are a poor guess at a relative error that grows like z**3 / sqrt(m)
        # (binomial_test at 20 sd gave 1.5 % too much, further out 15 to 34 times), while the
        # continued fraction converges in a few dozen terms there (1e-11 of SciPy's binom.sf)
        s = a + b
        diff = x - a / s if x <= xc else b / s - xc
        if abs(diff) <= _EDGEWORTH_Z * math.sqrt(a / s * (b / s) / (s + 1.0)):
            return _betainc_edgeworth(a, b, x, xc)
        try:
            if x < a / s if x <= xc else xc > b / s:
                return math.exp(_log_beta_front(a, b, x, xc)) * _betacf(a, b, x, xc, maxit=_TAIL_MAXIT) / a
            return 1.0 - math.exp(_log_beta_front(a, b, x, xc)) * _betacf(b, a, xc, x, maxit=_TAIL_MAXIT) / b
        except RuntimeError:  # pragma: no cover - not met in tests: the fraction converges beyond 3 sd
            return _betainc_edgeworth(a, b, x, xc)
    # x < (a + 1) / (a + b + 2), asked on the side of the smaller of x and 1 - x (at b = 1e18,
    # x = 1 - 3e-17 and (a + 1) / (a + b + 2) are the same float 1.0)
    if x < (a + 1.0) / (a + b + 2.0) if x <= xc else xc > (b + 1.0) / (a + b + 2.0):
        if _summable(b, a):                        # the fraction in a huge a would cancel
            return _binom_lower_sum(b, a, xc, x)   # I_x(a, b) = 1 - I_{1-x}(b, a)
        return math.exp(_log_beta_front(a, b, x, xc)) * _betacf(a, b, x, xc) / a
    if _summable(a, b):                            # the fraction in a huge b would cancel
        return 1.0 - _binom_lower_sum(a, b, x, xc)
    return 1.0 - math.exp(_log_beta_front(a, b, x, xc)) * _betacf(b, a, xc, x) / b


def betainc_upper(a: float, b: float, x: float, xc: float | None = None) -> float:
    """:math:`1 - I_x(a, b) = I_{1-x}(b, a)`, computed directly.

    With x below 1e-12, a < b and a not a whole number (whole numbers are summed, see
    _binom_lower_sum), the binomial is Poisson to within x (Le Cam), so the tail is the gamma's
    Q(a, (a + b - 1) x)."""
    if xc is None:
        xc = 1.0 - x
    if 0.0 < x < 1e-12 and a < b and not _summable(a, b):
        return gammaincc(a, (a + b - 1.0) * x)
    return betainc(b, a, xc, x)


def _gamma_front(a: float, x: float) -> float:
    """x^a e^-x / Gamma(a); for a >= 1e4 in Loader's form exp(-bd0(a, x) - stirlerr(a)) sqrt(a / 2 pi),
    since a log x - x - lgamma(a) loses its digits to a term of 1e15 (chi2_sf at df = 5e13 was
    0.6 % off, at 1e15 6 times)."""
    if a >= 1e4:
        return math.exp(-_bd0(a, x) - _stirlerr(a)) * math.sqrt(a / (2.0 * math.pi))
    return math.exp(-x + a * math.log(x) - math.lgamma(a))


#: beyond this shape the gamma law within _EDGEWORTH_Z sd of its mean is its Edgeworth expansion
_GAMMA_EDGEWORTH = 1e7


def _gammaincc_edgeworth(a: float, x: float) -> float:
    """Q(a, x) for a > 1e7 near the mean: the normal law with the Edgeworth terms of the gamma
    (skewness 2/sqrt(a), excess kurtosis 6/a): error of order a^(-3/2) < 1e-10."""
    z = (x - a) / math.sqrt(a)
    g1, g2 = 2.0 / math.sqrt(a), 6.0 / a
    z2 = z * z
    phi = math.exp(-0.5 * z2) / math.sqrt(2.0 * math.pi)
    corr = g1 / 6.0 * (z2 - 1.0) + g2 / 24.0 * z * (z2 - 3.0) + g1 * g1 / 72.0 * z * (z2 * z2 - 10.0 * z2 + 15.0)
    return min(1.0, max(0.0, 0.5 * math.erfc(z / math.sqrt(2.0)) + corr * phi))


def _gamma_series(a: float, x: float) -> float:
    """Lower regularized gamma P(a, x) by its series (x < a + 1)."""
    ap, total = a, 1.0 / a
    delta = total
    for _ in range(_MAXIT):
        ap += 1.0
        delta *= x / ap
        total += delta
        if abs(delta) < abs(total) * _EPS:
            return total * _gamma_front(a, x)
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
            return _gamma_front(a, x) * h
    raise RuntimeError("incomplete gamma continued fraction did not converge")  # pragma: no cover


def gammaincc(a: float, x: float) -> float:
    """Regularized upper incomplete gamma :math:`Q(a, x)`."""
    if x <= 0.0:
        return 1.0
    if math.isinf(x):
        return 0.0
    if a > _GAMMA_EDGEWORTH and x < a + _EDGEWORTH_Z * math.sqrt(a):
        return _gammaincc_edgeworth(a, x)      # the series would need ~ sqrt(a) terms per sd
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
    if df > 1e6 and t2 * t2 < 1e-4 * df:
        # the continued fraction in df/2 near x = 1 cancels (1e-5 relative at df = 1e12, 3% at
        # 1e15, 1e12-fold at 1e18); the expansion in 1/df (Abramowitz & Stegun 26.7.5, three
        # terms) is within 4e-9 relative of SciPy on a grid to df = 1e18, t to 40
        a = abs(t)
        g1 = (a * t2 + a) / 4.0
        g2 = (5.0 * a * t2 * t2 + 16.0 * a * t2 + 3.0 * a) / 96.0
        phi = math.exp(-0.5 * t2) / math.sqrt(2.0 * math.pi)
        g3 = (3.0 * a ** 7 + 19.0 * a ** 5 + 17.0 * a ** 3 - 15.0 * a) / 384.0
        tail = 0.5 * math.erfc(a / math.sqrt(2.0)) + phi * (g1 / df + g2 / (df * df) + g3 / df ** 3)
    else:
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
