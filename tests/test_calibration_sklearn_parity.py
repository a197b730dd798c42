"""learnmetrics.calibration against scikit-learn 1.9 on hundreds of random inputs."""
import warnings

import numpy as np
import pytest

sklearn = pytest.importorskip("sklearn")
from sklearn.calibration import calibration_curve as sk_curve  # noqa: E402
from sklearn.isotonic import IsotonicRegression  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import brier_score_loss as sk_brier, log_loss as sk_log_loss  # noqa: E402

from learnmetrics import calibration as cal  # noqa: E402


def _case(rng, *, ties=False, edges=False):
    n = int(rng.integers(2, 60))
    y = rng.integers(0, 2, n)
    if ties:
        p = rng.integers(0, 6, n) / 5.0
    else:
        p = rng.random(n)
    if edges:
        p[rng.random(n) < 0.2] = 0.0
        p[rng.random(n) < 0.2] = 1.0
    return y, p


@pytest.mark.parametrize("seed", range(300))
def test_calibration_curve(seed):
    rng = np.random.default_rng(seed)
    y, p = _case(rng, ties=seed % 3 == 0, edges=seed % 5 == 0)
    n_bins = int(rng.integers(1, 15))
    for strategy in ("uniform", "quantile"):
        a = cal.calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
        b = sk_curve(y, p, n_bins=n_bins, strategy=strategy)
        np.testing.assert_allclose(a[0], b[0], rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(a[1], b[1], rtol=1e-12, atol=1e-15)


def test_calibration_curve_pos_label_and_single_class():
    y = np.array(["a", "b", "b", "a", "b"])
    p = np.array([0.1, 0.7, 0.9, 0.4, 0.3])
    for a, b in zip(cal.calibration_curve(y, p, pos_label="b", n_bins=3),
                    sk_curve(y, p, pos_label="b", n_bins=3)):
        np.testing.assert_allclose(a, b)
    for a, b in zip(cal.calibration_curve([1, 1, 1], [0.2, 0.5, 0.9], n_bins=2),
                    sk_curve([1, 1, 1], [0.2, 0.5, 0.9], n_bins=2)):
        np.testing.assert_allclose(a, b)


@pytest.mark.parametrize("seed", range(300))
def test_brier_binary(seed):
    rng = np.random.default_rng(seed)
    y, p = _case(rng, edges=seed % 4 == 0)
    w = rng.random(y.size) * (rng.random(y.size) > 0.1) + 1e-3 if seed % 2 else None
    for half in ("auto", True, False):
        assert cal.brier_score_loss(y, p, sample_weight=w, scale_by_half=half) == pytest.approx(
            sk_brier(y, p, sample_weight=w, scale_by_half=half), rel=1e-12, abs=1e-15)
    y2 = np.where(y == 1, 7, 3)  # numeric labels, pos_label=None: the greater one
    assert cal.brier_score_loss(y2, p) == pytest.approx(sk_brier(y2, p), rel=1e-12, abs=1e-15)
    assert cal.brier_score_loss(y2, p, pos_label=3) == pytest.approx(sk_brier(y2, p, pos_label=3), rel=1e-12,
                                                                      abs=1e-15)


@pytest.mark.parametrize("seed", range(200))
def test_brier_and_log_loss_multiclass(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(5, 40)), int(rng.integers(2, 5))
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)
    q = rng.random((n, k)) ** 3
    q /= q.sum(axis=1, keepdims=True)
    if seed % 3 == 0:
        q[0] = 0.0
        q[0, (y[0] + 1) % k] = 1.0  # a confident mistake: log loss clips at eps
    w = rng.random(n) if seed % 2 else None
    for half in ("auto", True, False):
        assert cal.brier_score_loss(y, q, sample_weight=w, scale_by_half=half) == pytest.approx(
            sk_brier(y, q, sample_weight=w, scale_by_half=half), rel=1e-12, abs=1e-15)
    for normalize in (True, False):
        assert cal.log_loss(y, q, sample_weight=w, normalize=normalize) == pytest.approx(
            sk_log_loss(y, q, sample_weight=w, normalize=normalize), rel=1e-12)
    # a class absent from y_true, declared through labels
    yy = np.where(y == k - 1, 0, y)
    assert cal.log_loss(yy, q, labels=list(range(k))) == pytest.approx(
        sk_log_loss(yy, q, labels=list(range(k))), rel=1e-12)


@pytest.mark.parametrize("seed", range(200))
def test_log_loss_binary_1d(seed):
    rng = np.random.default_rng(seed)
    y, p = _case(rng, edges=seed % 2 == 0)
    y[:2] = [0, 1]
    assert cal.log_loss(y, p) == pytest.approx(sk_log_loss(y, p), rel=1e-12)
    ys = np.where(y == 1, "spam", "ham")
    assert cal.log_loss(ys, p) == pytest.approx(sk_log_loss(ys, p), rel=1e-12)


def test_log_loss_single_class_needs_labels():
    with pytest.raises(ValueError, match="only one label"):
        cal.log_loss([1, 1], [0.9, 0.8])
    assert cal.log_loss([1, 1], [0.9, 0.8], labels=[0, 1]) == pytest.approx(
        sk_log_loss([1, 1], [0.9, 0.8], labels=[0, 1]))


@pytest.mark.parametrize("seed", range(150))
def test_isotonic_vs_sklearn(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 80))
    s = rng.integers(0, 30, n) / 29.0 if seed % 2 else rng.random(n)
    y = (rng.random(n) < s).astype(int)
    y[:2] = [0, 1]
    w = rng.random(n) + 0.05 if seed % 3 == 0 else None
    ours = cal.IsotonicCalibrator().fit(s, y, sample_weight=w)
    ref = IsotonicRegression(out_of_bounds="clip").fit(s, y, sample_weight=w)
    grid = np.concatenate([np.linspace(-0.2, 1.2, 57), s])
    np.testing.assert_allclose(ours.predict(grid), ref.predict(grid), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("input_", ["logit", "score"])
def test_platt_vs_unpenalised_logistic_regression(seed, input_):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 300))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    z = rng.normal(size=n) + 1.2 * y * rng.random()
    s = 1 / (1 + np.exp(-3 * z)) if input_ == "logit" else 5 * z
    ours = cal.PlattCalibrator(input=input_).fit(s, y)
    x = cal._logit(s) if input_ == "logit" else s
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = LogisticRegression(C=1e12, tol=1e-12, max_iter=10_000).fit(x[:, None], y)
    assert ours.a_ == pytest.approx(ref.coef_[0, 0], rel=1e-5, abs=1e-6)
    assert ours.b_ == pytest.approx(ref.intercept_[0], rel=1e-5, abs=1e-6)
    np.testing.assert_allclose(ours.predict(s), ref.predict_proba(x[:, None])[:, 1], rtol=1e-5, atol=1e-7)
