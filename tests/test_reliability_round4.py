"""Issue 37, round four: what the last adversarial pass found still open, each with a variation."""
import math
from fractions import Fraction as F

import numpy as np
import pytest

import learnmetrics as lm


def _exact_mean(y, p, w, power):
    w = [F(1)] * len(y) if w is None else [F(v) for v in w]
    return sum(wi * abs(F(a) - F(b)) ** power for wi, a, b in zip(w, y, p)) / sum(w)


def _float(fr: F) -> float:
    try:
        return float(fr)
    except OverflowError:
        return math.inf


def _sqrt(fr: F) -> float:
    """The square root of an exact fraction, to float precision, at any scale."""
    if fr == 0:
        return 0.0
    k = (fr.denominator.bit_length() - fr.numerator.bit_length()) // 2
    sc = fr * F(4) ** k
    return math.ldexp(math.isqrt(sc.numerator * 4 ** 100 // sc.denominator) / 2 ** 100, -k)


def _exact_r2(y, p, w):
    y, p, w = [F(v) for v in y], [F(v) for v in p], [F(v) for v in w]
    mean = sum(wi * yi for wi, yi in zip(w, y)) / sum(w)
    sst = sum(wi * (yi - mean) ** 2 for wi, yi in zip(w, y))
    return 1 - sum(wi * (yi - pi) ** 2 for wi, yi, pi in zip(w, y, p)) / sst


# -- 1. MSE, MAE, RMSE: no under- or overflow on the way to a representable answer ---------------
def test_losses_of_tiny_and_huge_errors():
    assert lm.root_mean_squared_error([1e-200], [3e-200]) == pytest.approx(2e-200, rel=1e-15)   # was 0.0
    assert lm.root_mean_squared_error([1e200], [3e200]) == pytest.approx(2e200, rel=1e-15)      # was inf
    assert lm.root_mean_squared_error([1e300, 1e-300], [1e300, 3e-300]) == pytest.approx(math.sqrt(2) * 1e-300)
    assert lm.mean_absolute_error([-1.7e308, 1], [1.7e308, 2]) == pytest.approx(1.7e308)         # was inf
    assert lm.mean_absolute_error([[-1.7e308, 1], [1, 1]], [[1.7e308, 2], [1, 1]]) == pytest.approx(8.5e307)
    assert lm.mean_squared_error([1e-200], [3e-200]) == 0.0                                        # 4e-400 rounds to 0
    assert lm.mean_squared_error([1e200], [3e200]) == math.inf                                     # 4e400 is inf


def test_a_zero_weight_next_to_an_overflowing_square_counts_nothing():
    # 0 * inf was NaN: the example with weight 0 does not count
    assert lm.mean_squared_error([0, 1], [1e200, 3], sample_weight=[0, 1e300]) == 4.0
    assert lm.root_mean_squared_error([0, 1], [1.7e308, 3], sample_weight=[0.0, 2.0]) == 2.0


@pytest.mark.parametrize("seed", range(3))
def test_losses_agree_with_exact_fractions_at_any_scale(seed):
    rng = np.random.default_rng(4100 + seed)
    for _ in range(60):
        n = int(rng.integers(1, 6))
        y = rng.normal(size=n) * 10.0 ** rng.integers(-300, 300, n)
        p = y + rng.normal(size=n) * 10.0 ** rng.integers(-300, 300, n)
        w = None if rng.random() < 0.3 else 10.0 ** rng.uniform(-300, 300, n)
        for f, power in ((lm.mean_squared_error, 2), (lm.mean_absolute_error, 1)):
            truth = _exact_mean(y, p, w, power)
            got = f(y, p, sample_weight=w)
            assert got == pytest.approx(_float(truth), rel=1e-13, abs=1e-323), (y, p, w)
        truth = _sqrt(_exact_mean(y, p, w, 2))
        assert lm.root_mean_squared_error(y, p, sample_weight=w) == pytest.approx(truth, rel=1e-13, abs=1e-323)


# -- 2. R^2 around the mean kept to twice float precision -----------------------------------------
def test_r2_of_targets_a_few_ulps_apart():
    assert lm.r2_score([1, 1 + 2 ** -52], [1, 1]) == -1.0                # scikit-learn: 0.0
    assert lm.r2_score([1, 1 + 2 ** -52, 1 + 2 ** -51], [1, 1, 1]) == pytest.approx(float(
        _exact_r2([1, 1 + 2 ** -52, 1 + 2 ** -51], [1, 1, 1], [1, 1, 1])), rel=1e-12)
    w = [2.056625953442084, 1.951377828803449, 2.0653401917128202, 1.1667642719373115]
    assert lm.r2_score([0.37] * 4, [0.3, 0.4, 0.5, 0.37], sample_weight=w) == 0.0   # constant: SST is 0


def test_r2_with_huge_targets_next_to_tiny_ones_in_the_other_argument():
    # y_true ~1e-253 and y_pred up to 6.7e157 in one column: scaling both by one power of two
    # lost y_true's spread (R^2 0.0 for -inf)
    y = [-2.1879166393254573e-253, -1.2459109472530652e-252, -7.322673547034516e-253]
    p = [1.0425133694426775e-121, 1.366463470549686e+69, -6.651946734866135e+157]
    assert lm.r2_score(y, p, sample_weight=[4.6e238, 6.3e230, 1.7e72]) == -math.inf
    assert lm.r2_score(y, [v * 1e-300 for v in p]) == pytest.approx(float(_exact_r2(y, [v * 1e-300 for v in p], [1] * 3)))


@pytest.mark.parametrize("seed", range(3))
def test_r2_with_weights_spanning_1e240_agrees_with_exact_fractions(seed):
    rng = np.random.default_rng(4200 + seed)
    checked = 0
    for it in range(80):
        n = int(rng.integers(2, 6))
        if it % 2:
            base = float(rng.normal())
            y = base + rng.integers(0, 3, n) * 2.0 ** -52 * abs(base)
            p = y + rng.normal(size=n) * 1e-17
        else:
            y = rng.normal(size=n) * 10.0 ** rng.integers(-250, 250)
            p = y + rng.normal(size=n) * 10.0 ** rng.integers(-250, 250, n)
        w = 10.0 ** rng.uniform(-240, 240, n)
        if np.ptp(y) == 0:
            continue
        truth = _exact_r2(y, p, w)
        got = lm.r2_score(y, p, sample_weight=w)
        if truth < -1.7e308:
            assert got == -math.inf
        else:
            assert got == pytest.approx(float(truth), rel=1e-9, abs=1e-12), (y, p, w)
        checked += 1
    assert checked > 50


def test_information_criteria_of_residuals_whose_difference_overflows():
    rss = (2 * F(1.7e308)) ** 2 + 1
    assert lm.aic([1.7e308, 0, 1], [-1.7e308, 0, 2], n_params=1) == pytest.approx(
        3 * (math.log(rss.numerator) - math.log(3)) + 2, rel=1e-14)                   # was inf


# -- 5. MCC exact at any weight scale, never outside [-1, 1] --------------------------------------
def _exact_mcc(y, p, w):
    labels = sorted(set(y) | set(p))
    ix = {v: i for i, v in enumerate(labels)}
    C = [[F(0)] * len(labels) for _ in labels]
    for a, b, wi in zip(y, p, w):
        C[ix[a]][ix[b]] += F(wi)
    t, q = [sum(r) for r in C], [sum(c) for c in zip(*C)]
    c, s = sum(C[i][i] for i in range(len(C))), sum(t)
    num = c * s - sum(a * b for a, b in zip(t, q))
    den = (s * s - sum(b * b for b in q)) * (s * s - sum(a * a for a in t))
    r = 0.0 if den == 0 else math.sqrt(num * num / den)
    return r if num >= 0 else -r


def test_mcc_at_weight_spans_of_1e300():
    assert lm.matthews_corrcoef([0, 1, 0], [0, 1, 0], sample_weight=[1e150, 1e-150, 1e150]) == 1.0   # was 0.0
    assert lm.matthews_corrcoef([0, 1, 0], [0, 1, 0], sample_weight=[1e300, 1e-300, 1e300]) == 1.0
    assert lm.matthews_corrcoef([0, 1], [0, 1], sample_weight=[1e-300, 1e300]) == 1.0              # was an error
    assert lm.matthews_corrcoef([0, 1, 0, 1], [1, 0, 1, 0], sample_weight=[1e150, 1e-150, 3, 7]) == -1.0


def test_mcc_agrees_with_exact_fractions_and_stays_within_its_bounds():
    rng = np.random.default_rng(4500)
    for it in range(300):
        n, k = int(rng.integers(2, 12)), int(rng.integers(2, 5))
        y = rng.integers(0, k, n)
        p = np.where(rng.random(n) < 0.7, y, rng.integers(0, k, n))
        w = [10.0 ** rng.uniform(-300, 300, n), 10.0 ** rng.choice([-150, 0, 150], n),
             1 + rng.uniform(0, 1e-5, n)][it % 3]
        got = lm.matthews_corrcoef(y, p, sample_weight=w)
        assert -1.0 <= got <= 1.0
        assert got == pytest.approx(_exact_mcc(y.tolist(), p.tolist(), w.tolist()), rel=1e-12, abs=1e-15)


# -- 5. AP: each class's weights on their own scale ----------------------------------------------
def _exact_ap(y, s, w):
    total = sum(F(wi) for yi, wi in zip(y, w) if yi)
    ap = tp = fp = prev = F(0)
    for th in sorted(set(s), reverse=True):
        for yi, si, wi in zip(y, s, w):
            if si == th:
                tp, fp = (tp + F(wi), fp) if yi else (tp, fp + F(wi))
        if tp + fp > 0:
            ap += (tp / total - prev) * tp / (tp + fp)
        prev = tp / total
    return _float(ap)


def test_ap_counts_a_positive_lighter_than_the_negatives_by_1e600():
    assert lm.average_precision_score([0, 1, 0], [0.5, 0.9, 0.1], sample_weight=[1e300, 1e-300, 1e300]) == 1.0  # was 0.0
    assert lm.average_precision_score([0, 1, 0], [0.5, 0.9, 0.1], sample_weight=[1.7e308, 5e-324, 1.7e308]) == 1.0
    assert lm.average_precision_score([1, 1, 0], [0.2, 0.9, 0.1], sample_weight=[5e-324, 5e-324, 1.7e308]) == 1.0
    with pytest.raises(ValueError, match="sample_weight spans more than a float"):   # within one class: refused
        lm.average_precision_score([1, 0, 0, 1], [0.9, 0.95, 0.1, 0.3], sample_weight=[1, 5e-324, 1.7e308, 1])


def test_ap_agrees_with_exact_fractions_at_any_weight_scale():
    rng = np.random.default_rng(4600)
    for it in range(300):
        n = int(rng.integers(2, 10))
        y = rng.integers(0, 2, n)
        y[0] = 1
        s = np.round(rng.uniform(size=n), 1)
        w = [10.0 ** rng.uniform(-300, 300, n), 10.0 ** rng.choice([-300, 0, 300], n),
             np.where(y == 1, 5e-324, 1.7e308), rng.uniform(0, 1, n)][it % 4]
        got = lm.average_precision_score(y, s, sample_weight=w)
        assert 0.0 <= got <= 1.0
        assert got == pytest.approx(_exact_ap(y.tolist(), s.tolist(), w.tolist()), abs=1e-12)


# -- 6. weights given as Fractions or Python integers beyond 64 bits ------------------------------
def test_fraction_weights_are_read_as_numbers():
    w = [F(1, 3), F(2, 3)]                                   # was "holds integers too large for 64 bits"
    assert lm.accuracy_score([0, 1], [1, 1], sample_weight=w) == pytest.approx(2 / 3)
    assert lm.mean_squared_error([0, 1], [1, 1], sample_weight=w) == pytest.approx(1 / 3)
    assert lm.accuracy_score([0, 1, 1], [1, 1, 0], sample_weight=[10 ** 30, 1, 3 * 10 ** 30]) == pytest.approx(1 / 4 / 10 ** 30)
    with pytest.raises(ValueError, match="sample_weight holds a number beyond the range of a float"):
        lm.accuracy_score([0, 1], [1, 1], sample_weight=[F(10 ** 400), 1])
    with pytest.raises(ValueError, match="sample_weight holds a weight too small for a float"):
        lm.roc_auc_score([0, 1], [0.2, 0.7], sample_weight=[F(1, 10 ** 400), 1])


# -- 3. binomial tails with both counts beyond 1e7 -------------------------------------------------
@pytest.mark.parametrize("n, eps, z, old", [(3 * 10 ** 8, 0.1, 20, 1.015), (3 * 10 ** 8, 0.1, 37, 22.6),
                                             (10 ** 9, 0.01, 37, 1608), (10 ** 12, 0.02, 30, None),
                                             (10 ** 10, 0.3, -5, None), (10 ** 9, 0.9, 12, None)])
def test_binomial_test_far_tail_with_both_counts_huge(n, eps, z, old):
    """The Edgeworth correction was used at every distance from the mean: at 37 sd with
    epsilon0 = 0.01 the p-value was 1608 times SciPy's binom.sf (right there)."""
    from scipy.stats import binom
    k = int(n * eps + z * math.sqrt(n * eps * (1 - eps)))
    assert lm.binomial_test(k, n, epsilon0=eps).p_value == pytest.approx(binom.sf(k - 1, n, eps), rel=1e-8)


# -- 7. chi-square tail at df around 5e13 ----------------------------------------------------------
@pytest.mark.parametrize("df", [1e7, 3e7, 1e10, 5e13, 1e15, 1e18])
def test_chi2_tail_at_huge_degrees_of_freedom(df):
    """chi2_sf(df + z sqrt(2 df), df) at df = 5e13 was 0.6 % off (6 times at 1e15) in the upper tail
    and a RuntimeError for z <= 0. Upper tail: SciPy's chi2.sf; lower tail: the normal limit with
    the skewness term (SciPy's own chi2.sf gives 1 - 6e-10 at z = -5 and df = 5e13, not 1 - 2.87e-7)."""
    from scipy.stats import chi2, norm

    from learnmetrics._distributions import chi2_sf
    for z in (0.0, 1.0, 3.1, 10.0, 30.0):
        x = df + z * math.sqrt(2 * df)
        assert chi2_sf(x, df) == pytest.approx(chi2.sf(x, df), rel=1e-8), z
    for z in (-1.0, -5.0):
        g1, g2 = math.sqrt(8 / df), 12 / df
        lower = norm.cdf(z) - norm.pdf(z) * (g1 / 6 * (z * z - 1) + g2 / 24 * z * (z * z - 3)
                                             + g1 * g1 / 72 * z * (z ** 4 - 10 * z * z + 15))
        assert 1 - chi2_sf(df + z * math.sqrt(2 * df), df) == pytest.approx(lower, rel=1e-6, abs=1e-300), z


# -- 4. t tests: a spread of a few ulps is a real spread -----------------------------------------
def test_t_test_measures_a_spread_of_a_few_ulps():
    from scipy import stats
    d, mu = [0.1, 0.1 + 2 ** -55, 0.1 + 2 ** -54], 0.1 + 3 * 2 ** -55
    r = lm.t_test(d, epsilon0=mu)                         # was t = -inf, p = 0.0 (the rule sd <= 1e-14 max)
    truth = stats.ttest_1samp(d, mu)
    assert r.statistic == pytest.approx(truth.statistic, rel=1e-12)
    assert r.p_value == pytest.approx(truth.pvalue, rel=1e-9)
    a, b = [0.3, 0.3, 0.3], [0.2, 0.2 - 2 ** -55, 0.2 + 2 ** -55]
    assert lm.paired_t_test(a, b).statistic == pytest.approx(stats.ttest_rel(a, b).statistic, rel=1e-12)   # was inf


def test_t_test_on_exactly_equal_values_keeps_its_documented_answer():
    with pytest.warns(lm.UndefinedMetricWarning, match="all estimates are identical"):
        r = lm.t_test([0.1, 0.1, 0.1], epsilon0=0.2)
    assert r.statistic == -math.inf
    with pytest.warns(lm.UndefinedMetricWarning, match="equal to the hypothesised mean"):
        assert math.isnan(lm.t_test([0.1] * 4, epsilon0=0.1).statistic)


def test_multilabel_average_precision_keeps_a_very_light_weight():
    """The indicator path hands average precision its weights unscaled, as the binary path does:
    column 0's only positive is the light top example, so its AP is 1 (was 0.0 with a warning
    that no positive was found: scaling first had turned 1e-300 into 0)."""
    y = np.array([[0, 1], [1, 0], [0, 1]])
    s = np.array([[0.2, 0.9], [0.9, 0.1], [0.1, 0.2]])
    w = np.array([1e300, 1e-300, 1e300])
    cols = [lm.average_precision_score(y[:, j], s[:, j], sample_weight=w) for j in range(2)]
    assert cols == [1.0, 1.0]
    np.testing.assert_array_equal(lm.average_precision_score(y, s, sample_weight=w, average=None), cols)
    assert lm.average_precision_score(y, s, sample_weight=w) == 1.0
    # micro pools the 6 (sample, label) pairs: P 1 at R 1/2, then P 2/3 at R 1
    assert abs(lm.average_precision_score(y, s, sample_weight=w, average="micro") - (0.5 + 0.5 * 2 / 3)) < 1e-15
