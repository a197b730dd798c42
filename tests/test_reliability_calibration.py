"""Issue 28, calibration: log loss in the input's precision, the sum-to-one check, one column,
Platt scaling's bad weights and separated classes; issue 30: the vectorised isotonic fit gives
the pool-adjacent-violators answer (checked against a plain stack PAV, scikit-learn and exact
rational arithmetic)."""
from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import pytest

from learnmetrics import calibration as cal

sklearn_metrics = pytest.importorskip("sklearn.metrics")
from sklearn.isotonic import IsotonicRegression  # noqa: E402


# -- log_loss -------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype, expected", [(np.float64, 36.04365338911715), (np.float32, 15.942384719848633),
                                             (np.float16, 6.9296875)])
def test_log_loss_clips_with_the_inputs_own_eps(dtype, expected):
    # a confident mistake: scikit-learn clips to [eps, 1 - eps] of the input's type
    p = np.array([[1.0, 0.0], [0.5, 0.5]], dtype=dtype)
    ours = cal.log_loss([1, 0], p, normalize=False)
    ref = sklearn_metrics.log_loss([1, 0], p, normalize=False)
    rel = {np.float64: 1e-12, np.float32: 1e-6, np.float16: 1e-3}[dtype]
    assert ours == pytest.approx(ref, rel=rel)
    assert ours - np.log(2) == pytest.approx(expected, rel=rel)
    # 1-D probabilities of the same type: the same clipping
    assert cal.log_loss([0, 1], np.array([1.0, 0.0], dtype=dtype)) == pytest.approx(
        sklearn_metrics.log_loss([0, 1], np.array([1.0, 0.0], dtype=dtype)), rel=rel)


def _softmax32(rng, n, k):
    z = rng.normal(size=(n, k)).astype(np.float32) * 3
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("seed", range(20))
def test_float32_softmax_rows_do_not_warn(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 12))
    p = _softmax32(rng, 200, k)
    y = rng.integers(0, k, 200)
    y[:k] = np.arange(k)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sklearn_metrics.log_loss(y, p)  # scikit-learn is silent on these rows
        cal.log_loss(y, p)
        cal.brier_score_loss(y, p)


def test_float64_rows_off_by_2e8_do_not_warn_but_rows_off_by_1e6_do():
    p = np.array([[0.3, 0.7 + 2e-8], [0.5, 0.5]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cal.log_loss([0, 1], p)
        cal.brier_score_loss([0, 1], p)
    with pytest.warns(UserWarning, match="do not sum to one"):
        cal.log_loss([0, 1], np.array([[0.3, 0.7 + 1e-6], [0.5, 0.5]]))
    with pytest.warns(UserWarning, match="do not sum to one"):
        cal.log_loss([0, 1], np.array([[0.3, 0.8], [0.5, 0.5]], dtype=np.float32))


def test_log_loss_accepts_one_column():
    p = np.array([[0.2], [0.8]])
    assert cal.log_loss([0, 1], p) == pytest.approx(sklearn_metrics.log_loss([0, 1], p), rel=1e-15)
    assert cal.log_loss([0, 1], p) == cal.log_loss([0, 1], p[:, 0])
    assert cal.brier_score_loss([0, 1], p) == cal.brier_score_loss([0, 1], p[:, 0])


# -- Platt scaling ---------------------------------------------------------------------------------
@pytest.mark.parametrize("w, which", [([1, 0, 1, 0], "positive"), ([0, 1, 0, 1], "negative")])
def test_platt_refuses_weights_that_leave_one_class(w, which):
    # before: "math domain error" or ZeroDivisionError
    with pytest.raises(ValueError, match=f"sample_weight gives the {which} class a total weight of 0"):
        cal.PlattCalibrator().fit([0.2, 0.4, 0.6, 0.8], [0, 1, 0, 1], sample_weight=w)


@pytest.mark.parametrize("scores, labels", [([0.2, 0.4, 0.6, 0.8], [0, 0, 1, 1]),
                                            ([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1]),
                                            ([0.5, 0.6, 0.6, 0.9], [0, 0, 1, 1]),   # a tie at the boundary
                                            ([0.9, 0.8, 0.3, 0.1], [0, 0, 1, 1])])  # reversed
def test_platt_warns_on_separated_classes(scores, labels):
    # before: it stopped at about 50 steps without the warning its docstring promised
    with pytest.warns(RuntimeWarning, match="separates the classes"):
        cal.PlattCalibrator().fit(scores, labels)


def test_platt_is_silent_when_the_classes_overlap():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cal.PlattCalibrator().fit([0.2, 0.4, 0.6, 0.8, 0.5], [0, 1, 0, 1, 1])


@pytest.mark.parametrize("c", [1e-170, 1e-12, 3.0, 1e150])
def test_platt_does_not_depend_on_the_scale_of_the_weights(c):
    rng = np.random.default_rng(3)
    s = rng.random(200)
    y = (rng.random(200) < s).astype(int)
    w = rng.random(200) + 0.1
    a = cal.PlattCalibrator().fit(s, y, sample_weight=w)
    b = cal.PlattCalibrator().fit(s, y, sample_weight=w * c)
    assert (b.a_, b.b_) == pytest.approx((a.a_, a.b_), rel=1e-9)


# -- isotonic: the vectorised PAV -------------------------------------------------------------------
def _stack_pav(y, w):
    """The plain stack implementation (learnmetrics before issue 30)."""
    vals, wts, cnt = [], [], []
    for v, ww in zip(y.tolist(), w.tolist()):
        vals.append(v)
        wts.append(ww)
        cnt.append(1)
        while len(vals) > 1 and vals[-2] > vals[-1]:
            v2, w2, c2 = vals.pop(), wts.pop(), cnt.pop()
            tot = wts[-1] + w2
            vals[-1] = (vals[-1] * wts[-1] + v2 * w2) / tot
            wts[-1] = tot
            cnt[-1] += c2
    return np.repeat(np.array(vals), cnt)


def _exact_pav(num, den):
    """PAV in exact rationals on (sum of weighted targets, weight) per point."""
    blocks = []  # [num, den, count]
    for a, b in zip(num, den):
        blocks.append([Fraction(a), Fraction(b), 1])
        while len(blocks) > 1 and blocks[-2][0] * blocks[-1][1] > blocks[-1][0] * blocks[-2][1]:
            a2, b2, c2 = blocks.pop()
            blocks[-1][0] += a2
            blocks[-1][1] += b2
            blocks[-1][2] += c2
    return np.repeat([float(a / b) for a, b, _ in blocks], [c for *_, c in blocks])


def _case(rng, kind):
    n = int(rng.integers(1, 400))
    if kind == "ties":
        s = rng.integers(0, 12, n) / 11
    elif kind == "steps":
        s = np.sort(rng.random(n))
    else:
        s = rng.random(n)
    y = (rng.random(n) < s).astype(int) if kind != "adversarial" else np.r_[np.ones(n - 1, int), 0][:n]
    if kind == "adversarial":
        s = np.arange(n) / max(n, 1)
    y[: min(2, n)] = [0, 1][: min(2, n)]
    return s, y


@pytest.mark.parametrize("seed", range(120))
@pytest.mark.parametrize("kind", ["random", "ties", "steps", "adversarial"])
def test_isotonic_unweighted_is_the_exact_pav_correctly_rounded(seed, kind):
    rng = np.random.default_rng(seed)
    s, y = _case(rng, kind)
    fit = cal.IsotonicCalibrator().fit(s, y)
    xs, inv = np.unique(s, return_inverse=True)
    num, den = np.bincount(inv, weights=y).astype(int), np.bincount(inv).astype(int)
    np.testing.assert_array_equal(fit.x_, xs)
    np.testing.assert_array_equal(fit.y_, _exact_pav(num.tolist(), den.tolist()))  # bit for bit
    np.testing.assert_allclose(fit.y_, _stack_pav(num / den, den.astype(float)), rtol=1e-15, atol=0)
    ref = IsotonicRegression(out_of_bounds="clip").fit(s, y)
    np.testing.assert_allclose(fit.predict(xs), ref.predict(xs), rtol=1e-15, atol=1e-300)


@pytest.mark.parametrize("seed", range(120))
@pytest.mark.parametrize("kind", ["random", "ties"])
def test_isotonic_weighted_matches_the_stack_pav_and_sklearn(seed, kind):
    rng = np.random.default_rng(1000 + seed)
    s, y = _case(rng, kind)
    w = rng.exponential(size=s.size) * (rng.random(s.size) < 0.9)
    w[: min(2, s.size)] = 1.0
    fit = cal.IsotonicCalibrator().fit(s, y, sample_weight=w)
    keep = w > 0
    xs, inv = np.unique(s[keep], return_inverse=True)
    wg = np.bincount(inv, weights=w[keep])
    yg = np.bincount(inv, weights=w[keep] * y[keep]) / wg
    np.testing.assert_allclose(fit.y_, _stack_pav(yg, wg), rtol=1e-13, atol=1e-15)
    ref = IsotonicRegression(out_of_bounds="clip").fit(s, y, sample_weight=w)
    np.testing.assert_allclose(fit.predict(xs), ref.predict(xs), rtol=1e-13, atol=1e-15)


def test_isotonic_long_cascades_take_few_passes():
    # an increasing run ending in a violator, and alternating labels: without the left extension
    # these need one pass per block; beyond max_passes the stack finishes the job (same answer)
    for y in (np.r_[np.ones(5000, int), 0], np.tile([1, 0], 3000), np.r_[0, np.ones(4000, int), np.zeros(4000, int)]):
        s = np.arange(y.size, dtype=float)
        fit = cal.IsotonicCalibrator().fit(s, y)
        den = np.ones(y.size, dtype=int)
        np.testing.assert_array_equal(fit.y_, _exact_pav(y.tolist(), den.tolist()))
    rng = np.random.default_rng(0)
    num, den = rng.random(3000), rng.random(3000) + 0.5
    m, c = cal._pool_adjacent_violators(num * den, den, max_passes=1)
    np.testing.assert_allclose(np.repeat(m, c), _stack_pav(num, den), rtol=1e-13)


@pytest.mark.parametrize("c", [2.0 ** -600, 2.0 ** 600, 1e-170, 1e154, 3.0])
def test_isotonic_does_not_depend_on_the_scale_of_the_weights(c):
    rng = np.random.default_rng(7)
    s, y = rng.random(300), rng.integers(0, 2, 300)
    w = rng.exponential(size=300)
    a = cal.IsotonicCalibrator().fit(s, y, sample_weight=w)
    b = cal.IsotonicCalibrator().fit(s, y, sample_weight=w * c)
    if np.log2(c) == round(np.log2(c)):
        np.testing.assert_array_equal(a.y_, b.y_)  # a power of two: bit for bit
    else:
        np.testing.assert_allclose(a.y_, b.y_, rtol=1e-13)


@pytest.mark.parametrize("seed", range(30))
def test_isotonic_predict_on_block_ends_equals_interpolating_every_point(seed):
    rng = np.random.default_rng(seed)
    s, y = _case(rng, "ties" if seed % 2 else "random")
    fit = cal.IsotonicCalibrator().fit(s, y)
    grid = np.r_[np.linspace(-0.5, 1.5, 301), s, fit.x_]
    np.testing.assert_array_equal(fit.predict(grid), np.interp(grid, fit.x_, fit.y_))


@pytest.mark.parametrize("seed", range(20))
def test_log_loss_and_brier_take_a_label_indicator_y_true_as_scikit_learn(seed):
    # scikit-learn's own tests pass one-hot and multi-label y_true (test_common, test_brier_score_loss_binary)
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(2, 30)), int(rng.integers(2, 5))
    Y = rng.integers(0, 2, (n, k)) if seed % 2 else np.eye(k, dtype=int)[rng.integers(0, k, n)]
    P = rng.random((n, k))
    P /= P.sum(axis=1, keepdims=True)
    w = rng.random(n) + 0.1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for kw in ({}, {"sample_weight": w}):
            assert cal.log_loss(Y, P, **kw) == pytest.approx(sklearn_metrics.log_loss(Y, P, **kw), rel=1e-12)
            assert cal.brier_score_loss(Y, P, **kw) == pytest.approx(sklearn_metrics.brier_score_loss(Y, P, **kw),
                                                                     rel=1e-12)
    if seed % 2 == 0:  # one-hot: the same as the labels
        y = Y.argmax(axis=1)
        assert cal.log_loss(Y, P) == pytest.approx(cal.log_loss(y, P, labels=list(range(k))), rel=1e-14)


def test_label_indicator_y_true_errors_name_the_argument():
    with pytest.raises(ValueError, match="y_true is a matrix of shape .* must hold only 0 and 1"):
        cal.log_loss([[0, 2], [1, 0]], [[0.5, 0.5], [0.5, 0.5]])
    with pytest.raises(ValueError, match="labels is for 1-D y_true"):
        cal.brier_score_loss([[0, 1], [1, 0]], [[0.5, 0.5], [0.5, 0.5]], labels=[0, 1])
    with pytest.raises(ValueError, match="label-indicator matrix of shape"):
        cal.log_loss([[0, 1, 0], [1, 0, 0]], [[0.5, 0.5], [0.5, 0.5]])
