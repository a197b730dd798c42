"""learnmetrics.regression against sklearn.metrics (1.9) on hundreds of random inputs."""
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm

import learnmetrics as lm

N_CASES = 300


def _case(seed: int):
    """A random regression problem: shape, weights, multioutput, constant columns, ties, ints."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 40))
    kind = rng.integers(0, 3)  # 0: 1-D, 1: (n, 1), 2: (n, q)
    q = 1 if kind < 2 else int(rng.integers(2, 5))
    shape = (n,) if kind == 0 else (n, q)
    if rng.random() < 0.25:  # small integers: ties and exact zeros
        y_true = rng.integers(-3, 4, size=shape).astype(float)
        y_pred = rng.integers(-3, 4, size=shape).astype(float)
    else:
        y_true = rng.normal(scale=rng.uniform(0.1, 10), size=shape)
        y_pred = y_true + rng.normal(scale=rng.uniform(0.01, 3), size=shape)
    yt2 = y_true.reshape(n, -1)
    yp2 = y_pred.reshape(n, -1)
    for j in range(yt2.shape[1]):
        r = rng.random()
        if r < 0.15:  # constant target column
            yt2[:, j] = rng.normal()
        if r < 0.07:  # ... predicted perfectly
            yp2[:, j] = yt2[:, j]
        elif 0.9 < r:  # perfect prediction of a varying column
            yp2[:, j] = yt2[:, j]
    y_true, y_pred = yt2.reshape(shape), yp2.reshape(shape)
    w = None
    u = rng.random()
    if u < 0.35:
        w = rng.uniform(0, 3, size=n)
    elif u < 0.5:
        w = rng.integers(0, 4, size=n).astype(float)
        if w.sum() == 0:
            w[0] = 1.0
    if rng.random() < 0.1:  # lists instead of arrays
        y_true, y_pred = y_true.tolist(), y_pred.tolist()
    out_w = rng.uniform(0.1, 2, size=q) if q > 1 else None
    return y_true, y_pred, w, q, out_w


def _multioutputs(q, out_w, r2=False):
    mos = ["uniform_average", "raw_values"]
    if r2:
        mos.append("variance_weighted")
    if q > 1:
        mos.append(out_w)
    return mos


def _same(a, b):
    if isinstance(b, np.ndarray):
        assert isinstance(a, np.ndarray) and a.shape == b.shape
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)
    else:
        assert isinstance(a, float)
        if np.isnan(b):
            assert np.isnan(a)
        else:
            np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("name", ["mean_squared_error", "root_mean_squared_error", "mean_absolute_error"])
def test_losses_match_sklearn(name):
    ours, theirs = getattr(lm, name), getattr(skm, name)
    checked = 0
    for seed in range(N_CASES):
        y_true, y_pred, w, q, out_w = _case(seed)
        for mo in _multioutputs(q, out_w):
            _same(ours(y_true, y_pred, sample_weight=w, multioutput=mo),
                  theirs(y_true, y_pred, sample_weight=w, multioutput=mo))
            checked += 1
    assert checked > 2 * N_CASES


def _constant_columns_at_zero(y_true, y_pred):
    """Both targets shifted by a constant column's value, which changes no R^2: scikit-learn takes
    SST around a rounded weighted mean, so a constant column of 0.37 with uneven weights has SST
    1e-33 for 0 there (R^2 -1.5e33 for the true 0.0, or 1 - 1/0); at 0 its mean is exact."""
    yt = np.array(y_true, dtype=float)
    yp = np.array(y_pred, dtype=float)
    yt2, yp2 = yt.reshape(len(yt), -1), yp.reshape(len(yp), -1)
    for j in range(yt2.shape[1]):
        if np.ptp(yt2[:, j]) == 0:
            c = yt2[0, j]
            yt2[:, j] -= c
            yp2[:, j] -= c
    return yt2.reshape(yt.shape), yp2.reshape(yp.shape)


@pytest.mark.parametrize("force_finite", [True, False])
def test_r2_matches_sklearn(force_finite):
    checked = constant = 0
    for seed in range(N_CASES):
        y_true, y_pred, w, q, out_w = _case(seed)
        constant += bool(np.any(np.ptp(np.asarray(y_true).reshape(len(y_true), -1), axis=0) == 0))
        for mo in _multioutputs(q, out_w, r2=True):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # n < 2 warnings on both sides; -inf/nan arithmetic
                a = lm.r2_score(y_true, y_pred, sample_weight=w, multioutput=mo, force_finite=force_finite)
                b = skm.r2_score(*_constant_columns_at_zero(y_true, y_pred), sample_weight=w, multioutput=mo,
                                 force_finite=force_finite)
            if isinstance(b, np.ndarray):
                np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)  # nan == nan, inf == inf
            else:
                assert isinstance(a, float)
                assert (np.isnan(a) and np.isnan(b)) or a == pytest.approx(b, rel=1e-10, abs=1e-12)
            checked += 1
    assert checked > 3 * N_CASES
    assert constant > 30  # constant targets were really exercised


def test_brier_score_is_mse_on_probabilities():
    """Answer to note 000: MSE *is* used for classification, as the Brier score."""
    rng = np.random.default_rng(1)
    for _ in range(200):
        n = int(rng.integers(1, 50))
        y = rng.integers(0, 2, size=n)
        p = rng.random(n)
        w = rng.uniform(0.1, 2, size=n) if rng.random() < 0.5 else None
        assert lm.mean_squared_error(y, p, sample_weight=w) == pytest.approx(
            skm.brier_score_loss(y, p, sample_weight=w, labels=[0, 1]), rel=1e-12, abs=1e-15
        )


def test_r2_single_sample_warns_like_sklearn():
    with pytest.warns(lm.UndefinedMetricWarning):
        assert np.isnan(lm.r2_score([1.0], [2.0]))
    with pytest.warns(Warning):
        assert np.isnan(skm.r2_score([1.0], [2.0]))


def test_adjusted_r2_matches_textbook_via_sklearn_fit():
    """Adjusted R^2 of an sklearn LinearRegression, against the formula on sklearn's r2."""
    from sklearn.linear_model import LinearRegression

    rng = np.random.default_rng(2)
    for _ in range(100):
        n = int(rng.integers(5, 40))
        p = int(rng.integers(0, n - 2))
        X = rng.normal(size=(n, p))
        y = X @ rng.normal(size=p) + rng.normal(size=n)
        pred = LinearRegression().fit(X, y).predict(X) if p else np.full(n, y.mean())
        expected = 1 - (1 - skm.r2_score(y, pred)) * (n - 1) / (n - p - 1)
        assert lm.adjusted_r2_score(y, pred, n_features=p) == pytest.approx(expected, rel=1e-10, abs=1e-12)
        fit = lm.regression.fit_least_squares(X, y)
        np.testing.assert_allclose(fit.fitted, pred, rtol=1e-8, atol=1e-8)


@pytest.mark.parametrize("scale", [1e-100, 1.0, 1e100])
def test_r2_keeps_sklearn_values_to_the_last_bits_on_ordinary_scales(scale):
    """Within two ulps of 1 (SST is taken around the mean kept to twice float precision, so the
    last bit differs now and then: on these 150 columns 22 times scikit-learn's is farther from the
    exact value, 14 times ours)."""
    rng = np.random.default_rng(11)
    for _ in range(50):
        y = rng.normal(size=(20, 3)) * scale
        p = y + rng.normal(size=(20, 3)) * scale
        for mo in ("raw_values", "uniform_average", "variance_weighted"):
            a, b = lm.r2_score(y, p, multioutput=mo), skm.r2_score(y, p, multioutput=mo)
            np.testing.assert_allclose(a, b, rtol=1e-14, atol=4.5e-16)


def test_r2_documented_difference_at_the_limits_of_float64():
    y = np.array([1.0, 2.0, 3.0, 5.0, 4.0, 6.0])
    p = np.array([1.1, 2.2, 2.9, 4.6, 4.4, 5.8])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert np.isnan(skm.r2_score(y * 1e200, p * 1e200))        # scikit-learn: inf / inf
        assert skm.r2_score(y * 1e-200, p * 1e-200) == 1.0          # scikit-learn: 0 / 0 -> "perfect"
    assert lm.r2_score(y * 1e200, p * 1e200) == pytest.approx(lm.r2_score(y, p), rel=1e-14)
    assert lm.r2_score(y * 1e-200, p * 1e-200) == pytest.approx(lm.r2_score(y, p), rel=1e-14)
