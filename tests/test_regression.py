"""learnmetrics.regression: formulas by hand, adjusted R^2, AIC/BIC/Cp on known fits, bad input."""
import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import regression as reg

Y = [3.0, -0.5, 2.0, 7.0]
P = [2.5, 0.0, 2.0, 8.0]


# --- losses and R^2 by hand ---------------------------------------------------------------
def test_mse_mae_rmse_by_hand():
    # errors 0.5, -0.5, 0, 1
    assert lm.mean_squared_error(Y, P) == pytest.approx((0.25 + 0.25 + 0 + 1) / 4)
    assert lm.mean_absolute_error(Y, P) == pytest.approx((0.5 + 0.5 + 0 + 1) / 4)
    assert lm.root_mean_squared_error(Y, P) == pytest.approx(np.sqrt(0.375))
    w = [1, 0, 0, 3]
    assert lm.mean_squared_error(Y, P, sample_weight=w) == pytest.approx((0.25 + 3) / 4)


def test_raw_values_is_an_array_even_for_1d():
    out = lm.mean_squared_error(Y, P, multioutput="raw_values")
    assert isinstance(out, np.ndarray) and out.shape == (1,)
    assert isinstance(lm.mean_squared_error(Y, P), float)


def test_multioutput_by_hand():
    yt = [[0.5, 1], [-1, 1], [7, -6]]
    yp = [[0, 2], [-1, 2], [8, -5]]
    raw = lm.mean_squared_error(yt, yp, multioutput="raw_values")
    np.testing.assert_allclose(raw, [(0.25 + 0 + 1) / 3, 1.0])
    assert lm.mean_squared_error(yt, yp, multioutput=[0.3, 0.7]) == pytest.approx(0.3 * raw[0] + 0.7 * raw[1])
    # rmse averages the per-output roots
    assert lm.root_mean_squared_error(yt, yp) == pytest.approx(np.sqrt(raw).mean())


def test_r2_by_hand_and_special_cases():
    sse = 1.5
    sst = np.sum((np.array(Y) - np.mean(Y)) ** 2)
    assert lm.r2_score(Y, P) == pytest.approx(1 - sse / sst)
    assert lm.r2_score([1, 2, 3], [2, 2, 2]) == 0.0  # predicting the mean
    assert lm.r2_score([1, 2, 3], [3, 2, 1]) == pytest.approx(-3.0)  # worse than the mean
    assert lm.r2_score([-2, -2, -2], [-2, -2, -2]) == 1.0
    assert np.isnan(lm.r2_score([-2, -2, -2], [-2, -2, -2], force_finite=False))
    assert lm.r2_score([-2, -2, -2], [-2, -2, -1]) == 0.0
    assert lm.r2_score([-2, -2, -2], [-2, -2, -1], force_finite=False) == -np.inf


def test_r2_variance_weighted_by_hand():
    yt = np.array([[0.5, 1], [-1, 1], [7, -6]])
    yp = np.array([[0, 2], [-1, 2], [8, -5]])
    raw = lm.r2_score(yt, yp, multioutput="raw_values")
    var = ((yt - yt.mean(0)) ** 2).sum(0)
    assert lm.r2_score(yt, yp, multioutput="variance_weighted") == pytest.approx(np.average(raw, weights=var))


def test_r2_single_sample_is_nan_with_warning():
    with pytest.warns(lm.UndefinedMetricWarning):
        assert np.isnan(lm.r2_score([1.0], [1.0]))


# --- adjusted R^2 ----------------------------------------------------------------------------
def test_adjusted_r2_formula():
    y = [1, 2, 3, 4, 5]
    p = [1.1, 1.9, 3.2, 3.9, 4.9]
    r2 = lm.r2_score(y, p)
    assert lm.adjusted_r2_score(y, p, n_features=1) == pytest.approx(1 - (1 - r2) * 4 / 3)
    assert lm.adjusted_r2_score(y, p, n_features=0) == pytest.approx(r2)
    # note 004's wrong formula gives a different number
    assert lm.adjusted_r2_score(y, p, n_features=1) != pytest.approx(1 - (1 - r2) / 3)


def test_adjusted_r2_multioutput_commutes():
    rng = np.random.default_rng(0)
    yt, yp = rng.normal(size=(20, 3)), rng.normal(size=(20, 3))
    raw = lm.adjusted_r2_score(yt, yp, n_features=4, multioutput="raw_values")
    assert raw.shape == (3,)
    assert lm.adjusted_r2_score(yt, yp, n_features=4) == pytest.approx(raw.mean())


def test_noise_features_raise_r2_but_not_adjusted_r2():
    rng = np.random.default_rng(0)
    n = 30
    x = rng.normal(size=n)
    y = 1 + 2 * x + rng.normal(size=n)
    noise = rng.normal(size=(n, 10))
    designs = [np.column_stack([x, noise[:, :j]]) for j in range(11)]
    t = lm.regression.model_selection_table(designs, y)
    assert np.all(np.diff(t.r2) >= -1e-12)  # R^2 never falls
    r2, adj = lm.regression.noise_feature_r2(x, y, 10, n_repeats=300, rng=1)
    assert np.all(np.diff(r2, axis=1) >= -1e-12)
    np.testing.assert_allclose(adj, 1 - (1 - r2) * 29 / (28 - np.arange(11)))
    mean_r2, mean_adj = r2.mean(0), adj.mean(0)
    assert mean_r2[-1] - mean_r2[0] > 0.1  # ten noise features buy R^2 ...
    assert abs(mean_adj[-1] - mean_adj[0]) < 0.02  # ... but not adjusted R^2, on average
    with pytest.raises(ValueError, match="max_noise_features=28 is too large"):
        lm.regression.noise_feature_r2(x, y, 28)


@pytest.mark.parametrize("p", [4, 5, 10])
def test_adjusted_r2_too_many_features(p):
    with pytest.raises(ValueError, match="n_features"):
        lm.adjusted_r2_score([1, 2, 3, 4, 5], [1, 2, 3, 4, 4], n_features=p)


def test_adjusted_r2_bad_n_features():
    with pytest.raises(ValueError, match="n_features"):
        lm.adjusted_r2_score([1, 2, 3], [1, 2, 2], n_features=-1)
    with pytest.raises(TypeError, match="n_features"):
        lm.adjusted_r2_score([1, 2, 3], [1, 2, 2], n_features=1.5)
    with pytest.raises(TypeError):
        lm.adjusted_r2_score([1, 2, 3], [1, 2, 2])  # keyword required


# --- AIC, BIC, Cp on a known fit ------------------------------------------------------------------
def test_aic_bic_loglik_by_hand():
    y = [0.0, 1.0, 2.0, 3.0]
    p = [0.5, 0.5, 2.5, 2.5]  # RSS = 1, n = 4
    assert lm.residual_sum_of_squares(y, p) == 1.0
    assert lm.aic(y, p, n_params=2) == pytest.approx(4 * np.log(1 / 4) + 4)
    assert lm.bic(y, p, n_params=2) == pytest.approx(4 * np.log(1 / 4) + 2 * np.log(4))
    ll = lm.gaussian_log_likelihood(y, p)
    assert ll == pytest.approx(-2 * (np.log(2 * np.pi) + np.log(0.25) + 1))
    # full Gaussian AIC (-2 ln L + 2k) differs by a constant that depends on n only
    assert -2 * ll + 2 * 2 - lm.aic(y, p, n_params=2) == pytest.approx(4 * (np.log(2 * np.pi) + 1))


def test_gaussian_loglik_matches_scipy_normal():
    from scipy import stats

    rng = np.random.default_rng(3)
    y = rng.normal(size=25)
    f = y + rng.normal(scale=0.7, size=25)
    s = np.sqrt(np.mean((y - f) ** 2))
    assert lm.gaussian_log_likelihood(y, f) == pytest.approx(stats.norm.logpdf(y, loc=f, scale=s).sum())


def test_cp_conventions_and_full_model():
    rng = np.random.default_rng(1)
    n = 40
    x = rng.uniform(-1, 1, n)
    y = 1 - x + 2 * x**2 + 0.3 * rng.normal(size=n)
    t = lm.regression.polynomial_selection(x, y, 5)
    # full model: Cp = p exactly
    assert t.cp[-1] == pytest.approx(t.n_params[-1])
    # sigma2 is the full model's RSS/(n - k)
    assert t.sigma2 == pytest.approx(t.rss[-1] / (n - 6))
    # by hand, and note 004's second form (n - m - 1) SSE_p / SSE_m - n + 2p
    for d in range(6):
        expected = t.rss[d] / t.sigma2 - n + 2 * (d + 1)
        assert t.cp[d] == pytest.approx(expected)
        assert t.cp[d] == pytest.approx((n - 5 - 1) * t.rss[d] / t.rss[-1] - n + 2 * (d + 1))
    # ISLR's (RSS + 2 d sigma^2)/n ranks the models the same way
    fits = [lm.regression.fit_least_squares(lm.regression.polynomial_features(x, d), y) for d in range(6)]
    islr = [lm.mallows_cp(y, f.fitted, n_params=f.n_params, sigma2=t.sigma2, convention="islr") for f in fits]
    np.testing.assert_allclose(islr, t.sigma2 / n * (t.cp + n))
    assert np.argsort(islr).tolist() == np.argsort(t.cp).tolist()



def test_criteria_recover_the_true_degree_usually():
    picks = {"aic": 0, "bic": 0, "cp": 0}
    for seed in range(20):
        rng = np.random.default_rng(seed)
        x = rng.uniform(-1, 1, 100)
        y = 1 - x + 2 * x**2 + 0.3 * rng.normal(size=100)
        t = lm.regression.polynomial_selection(x, y, 6)
        for c in picks:
            picks[c] += t.best(c) == 2
    assert picks["bic"] >= 16 and picks["aic"] >= 10 and picks["cp"] >= 10
    assert picks["bic"] >= picks["aic"]  # BIC charges ln(100) > 2 per parameter


def test_table_matches_single_functions():
    rng = np.random.default_rng(4)
    x = rng.uniform(0, 3, 25)
    y = np.sin(x) + 0.2 * rng.normal(size=25)
    t = lm.regression.polynomial_selection(x, y, 4)
    for d in range(5):
        f = lm.regression.fit_least_squares(lm.regression.polynomial_features(x, d), y)
        assert t.rss[d] == pytest.approx(lm.residual_sum_of_squares(y, f.fitted))
        assert t.aic[d] == pytest.approx(lm.aic(y, f.fitted, n_params=d + 1))
        assert t.bic[d] == pytest.approx(lm.bic(y, f.fitted, n_params=d + 1))
        assert t.r2[d] == pytest.approx(lm.r2_score(y, f.fitted))
        assert t.adjusted_r2[d] == pytest.approx(lm.adjusted_r2_score(y, f.fitted, n_features=d))
    assert "*" in str(t) and "deg 4" in str(t)
    assert t.delta("aic").min() == 0.0


def test_fit_least_squares_against_polyfit():
    rng = np.random.default_rng(5)
    x = rng.uniform(0.2, 0.8, 30)
    y = rng.normal(size=30)
    for d in range(0, 8):
        f = lm.regression.fit_least_squares(lm.regression.polynomial_features(x, d), y)
        ref = np.polyval(np.polyfit(x, y, d), x)
        np.testing.assert_allclose(f.fitted, ref, atol=1e-7)
        np.testing.assert_allclose(f.predict(lm.regression.polynomial_features(x, d)), f.fitted, atol=1e-9)
        np.testing.assert_allclose(f.intercept + lm.regression.polynomial_features(x, d) @ f.coef, f.fitted, atol=1e-6)
        assert f.n_params == d + 1


def test_perfect_fit_gives_minus_inf_with_warning():
    with pytest.warns(lm.UndefinedMetricWarning, match="RSS = 0"):
        assert lm.aic([1, 2, 3], [1, 2, 3], n_params=1) == -np.inf


# --- explorer state ---------------------------------------------------------------------------
def test_polynomial_fit_state():
    rng = np.random.default_rng(6)
    x = np.sort(rng.uniform(-1, 1, 20))
    y = x**3 + 0.1 * rng.normal(size=20)
    t = lm.regression.polynomial_selection(x, y, 6)
    s = lm.regression.polynomial_fit_state(x, y, 3, 6, table=t)
    assert s.degree == 3 and s.aic == t.aic[3] and s.cp == t.cp[3]
    np.testing.assert_allclose(s.residuals, y - s.fitted)
    assert s.grid.shape == s.curve.shape == (200,)
    assert "degree 3" in str(s)
    s0 = lm.regression.polynomial_fit_state(x, y, 0, 6)
    np.testing.assert_allclose(s0.curve, y.mean())
    with pytest.raises(ValueError, match="degree"):
        lm.regression.polynomial_fit_state(x, y, 7, 6)


# --- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize("fn", [lm.mean_squared_error, lm.mean_absolute_error, lm.root_mean_squared_error, lm.r2_score])
class TestBadInput:
    def test_length_mismatch(self, fn):
        with pytest.raises(ValueError, match="y_true has 3, y_pred has 2"):
            fn([1, 2, 3], [1, 2])

    def test_output_mismatch(self, fn):
        with pytest.raises(ValueError, match="outputs"):
            fn([[1, 2], [3, 4]], [[1, 2, 3], [3, 4, 5]])
        with pytest.raises(ValueError, match="outputs"):
            fn([1, 2], [[1, 2], [3, 4]])

    @pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
    def test_nan_inf(self, fn, bad):
        with pytest.raises(ValueError, match="y_pred must not contain NaN"):
            fn([1, 2, 3], [1, bad, 3])
        with pytest.raises(ValueError, match="y_true must not contain NaN"):
            fn([1, bad, 3], [1, 2, 3])

    def test_empty(self, fn):
        with pytest.raises(ValueError, match="y_true is empty"):
            fn([], [])

    def test_shapes_and_types(self, fn):
        with pytest.raises(ValueError, match="y_true must be 1-D"):
            fn(np.zeros((2, 2, 2)), np.zeros((2, 2, 2)))
        with pytest.raises(TypeError, match="y_true"):
            fn(3.0, 3.0)
        with pytest.raises(TypeError, match="y_true"):
            fn(None, [1])
        with pytest.raises(TypeError, match="y_pred must hold numbers"):
            fn([1, 2], ["a", "b"])
        with pytest.raises(ValueError, match="y_true"):
            fn([[1, 2], [3]], [1, 2])

    def test_weights(self, fn):
        with pytest.raises(ValueError, match="sample_weight must be non-negative"):
            fn([1, 2, 3], [1, 2, 2], sample_weight=[1, -1, 1])
        with pytest.raises(ValueError, match="sample_weight has 2 weights"):
            fn([1, 2, 3], [1, 2, 2], sample_weight=[1, 1])
        with pytest.raises(ValueError, match="sample_weight sums to zero"):
            fn([1, 2, 3], [1, 2, 2], sample_weight=[0, 0, 0])
        with pytest.raises(ValueError, match="sample_weight must not contain NaN"):
            fn([1, 2, 3], [1, 2, 2], sample_weight=[1, np.nan, 1])

    def test_multioutput(self, fn):
        with pytest.raises(ValueError, match="multioutput"):
            fn([1, 2, 3], [1, 2, 2], multioutput="mean")
        with pytest.raises(ValueError, match="multioutput weights are useful only"):
            fn([1, 2, 3], [1, 2, 2], multioutput=[1.0])
        with pytest.raises(ValueError, match="multioutput has 3 weights"):
            fn([[1, 2], [3, 4]], [[1, 2], [3, 3]], multioutput=[1, 1, 1])
        with pytest.raises(ValueError, match="multioutput weights must be non-negative"):
            fn([[1, 2], [3, 4]], [[1, 2], [3, 3]], multioutput=[1, -1])
        with pytest.raises(TypeError, match="multioutput"):
            fn([1, 2, 3], [1, 2, 2], multioutput=None)


def test_variance_weighted_only_for_r2():
    with pytest.raises(ValueError, match="multioutput"):
        lm.mean_squared_error([1, 2, 3], [1, 2, 2], multioutput="variance_weighted")
    lm.r2_score([1, 2, 3], [1, 2, 2], multioutput="variance_weighted")


def test_force_finite_must_be_bool():
    with pytest.raises(TypeError, match="force_finite"):
        lm.r2_score([1, 2, 3], [1, 2, 2], force_finite="yes")


@pytest.mark.parametrize("fn", [lm.aic, lm.bic])
def test_criteria_bad_input(fn):
    with pytest.raises(ValueError, match="n_params=4 is too large for 3 samples"):
        fn([1, 2, 3], [1, 2, 2], n_params=4)
    with pytest.raises(ValueError, match="n_params"):
        fn([1, 2, 3], [1, 2, 2], n_params=-1)
    with pytest.raises(TypeError, match="n_params"):
        fn([1, 2, 3], [1, 2, 2], n_params=2.0)
    with pytest.raises(ValueError, match="y_true has 3, y_pred has 2"):
        fn([1, 2, 3], [1, 2], n_params=1)
    with pytest.raises(ValueError, match="y_pred must be 1-D"):
        fn([1, 2], [[1, 2], [3, 4]], n_params=1)


def test_cp_and_variance_bad_input():
    with pytest.raises(ValueError, match="sigma2 must be a positive"):
        lm.mallows_cp([1, 2, 3], [1, 2, 2], n_params=1, sigma2=0.0)
    with pytest.raises(TypeError, match="sigma2"):
        lm.mallows_cp([1, 2, 3], [1, 2, 2], n_params=1, sigma2="1")
    with pytest.raises(ValueError, match="convention"):
        lm.mallows_cp([1, 2, 3], [1, 2, 2], n_params=1, sigma2=1.0, convention="esl")
    with pytest.raises(ValueError, match="n_params=3 is too large"):
        lm.residual_variance([1, 2, 3], [1, 2, 2], n_params=3)


def test_least_squares_helpers_bad_input():
    with pytest.raises(ValueError, match="X has 3 rows|inputs have different numbers of samples"):
        lm.regression.fit_least_squares(np.zeros((3, 1)), [1, 2])
    with pytest.raises(ValueError, match="X must not contain NaN"):
        lm.regression.fit_least_squares([[1.0], [np.nan]], [1, 2])
    with pytest.raises(ValueError, match="degree"):
        lm.regression.polynomial_features([1, 2], -1)
    with pytest.raises(ValueError, match="max_degree=3 is too large for 4 samples"):
        lm.regression.polynomial_selection([1, 2, 3, 4], [1, 2, 3, 5], 3)
    with pytest.raises(ValueError, match=r"designs\[1\] has 2 rows"):
        lm.regression.model_selection_table([np.zeros((3, 0)), np.zeros((2, 1))], [1, 2, 3])
    with pytest.raises(ValueError, match="designs is empty"):
        lm.regression.model_selection_table([], [1, 2, 3])
    fit = lm.regression.fit_least_squares(np.ones((4, 2)) * np.arange(4)[:, None], [1, 2, 3, 4])
    with pytest.raises(ValueError, match="X has 1 columns"):
        fit.predict(np.ones((2, 1)))
    t = lm.regression.polynomial_selection(np.arange(6.0), np.arange(6.0) ** 2 + [0, 1, 0, 1, 0, 1], 2)
    with pytest.raises(ValueError, match="criterion"):
        t.best("mallows")


def test_all_names_exported():
    """The measures are ``lm.<name>``; the course's machinery stays in the module only."""
    for name in reg.__all__:
        if name in lm.COURSE_ONLY:
            assert name not in lm.__all__ and not hasattr(lm, name)
        else:
            assert getattr(lm, name) is getattr(reg, name)


# ---------------------------------------------------------------------------------------
# issue 12: every argument checked before any work, errors naming the caller's argument
# ---------------------------------------------------------------------------------------
_Y = [1.0, 2.0, 3.0, 5.0, 4.0, 6.0]
_P = [1.1, 2.2, 2.9, 4.6, 4.4, 5.8]
_X6 = np.linspace(0.0, 1.0, 6)

_BAD = [
    # (function, args, kwargs, error type, the words the message must contain)
    (lm.adjusted_r2_score, (_Y, _P), dict(n_features="1"), TypeError, "n_features must be an integer"),
    (lm.adjusted_r2_score, (_Y, _P), dict(n_features=-1), ValueError, "n_features must be >= 0"),
    (lm.adjusted_r2_score, (_Y, [np.nan] * 6), dict(n_features=1), ValueError, "y_pred must not contain NaN"),
    (lm.adjusted_r2_score, ([], []), dict(n_features=1), ValueError, "y_true is empty"),
    (lm.r2_score, (_Y, _P), dict(force_finite="False"), TypeError, "force_finite must be True or False"),
    (lm.residual_sum_of_squares, (_Y, [1j] * 6), {}, TypeError, "y_pred must hold real numbers"),
    (lm.residual_sum_of_squares, ("abc", _P), {}, TypeError, "y_true"),
    (lm.residual_variance, (_Y, _P), dict(n_params=6), ValueError, "n_params=6 is too large for 6 samples"),
    (lm.residual_variance, (_Y, _P), dict(n_params=2.0), TypeError, "n_params must be an integer"),
    (lm.gaussian_log_likelihood, (_Y, _P[:5]), {}, ValueError, "y_true has 6, y_pred has 5"),
    (lm.aic, (_Y, _P), dict(n_params=True), TypeError, "n_params must be an integer"),
    (lm.bic, (_Y, _P), dict(n_params=-2), ValueError, "n_params must be >= 0"),
    (lm.mallows_cp, (_Y, _P), dict(n_params=2, sigma2=np.inf), ValueError, "sigma2 must be a positive finite number"),
    (lm.mallows_cp, (_Y, _P), dict(n_params=2, sigma2=np.nan), ValueError, "sigma2 must be a positive finite number"),
    (lm.mallows_cp, (_Y, _P), dict(n_params=2, sigma2=0.0), ValueError, "sigma2 must be a positive finite number"),
    (lm.mallows_cp, (_Y, _P), dict(n_params=2, sigma2="1"), TypeError, "sigma2 must be a positive number"),
    (lm.mallows_cp, (_Y, _P), dict(n_params=2, sigma2=1.0, convention="ISLR"), ValueError, "convention"),
    (lm.regression.polynomial_features, (_X6, 2.0), {}, TypeError, "degree must be an integer"),
    (lm.regression.polynomial_features, (_X6, 10**9), {}, ValueError, "degree=1000000000 with 6 values of x"),
    (lm.regression.polynomial_features, ([1e200, 1.0], 2), {}, ValueError, "x ** 2 overflows"),
    (lm.regression.polynomial_features, ([], 2), {}, ValueError, "x is empty"),
    (lm.regression.fit_least_squares, ([[1.0], [2.0]], [1.0, np.nan]), {}, ValueError, "y must not contain NaN"),
    (lm.regression.fit_least_squares, ([["a"], ["b"]], [1.0, 2.0]), {}, TypeError, "X must hold numbers"),
    (lm.regression.model_selection_table, (np.zeros((3, 6, 1)), _Y), {}, TypeError, "designs must be a list"),
    (lm.regression.model_selection_table, ([_X6], _Y), dict(sigma2=np.inf), ValueError, "sigma2 must be a positive finite number"),
    (lm.regression.model_selection_table, ([_X6], _Y), dict(names="ab"), TypeError, "names must be a list"),
    (lm.regression.model_selection_table, ([_X6], _Y), dict(names=["a", "b"]), ValueError, "names has 2 entries"),
    (lm.regression.polynomial_selection, (_X6, _Y[:4], 2), {}, ValueError, "x has 6, y has 4"),
    (lm.regression.polynomial_selection, (_X6, _Y, 1000), {}, ValueError, "max_degree=1000 is too large for 6 samples"),
    (lm.regression.polynomial_selection, (_X6, _Y, 10**20), {}, ValueError, "max_degree=100000000000000000000 is too large"),
    (lm.regression.polynomial_selection, (_X6, _Y, -1), {}, ValueError, "max_degree must be >= 0"),
    (lm.regression.polynomial_selection, (_X6, _Y, 2.5), {}, TypeError, "max_degree must be an integer"),
    (lm.regression.polynomial_selection, (_X6, _Y, 2), dict(sigma2=-1.0), ValueError, "sigma2 must be a positive finite number"),
    (lm.regression.polynomial_selection, (np.arange(5000.0), np.arange(5000.0), 4000), {}, ValueError, "design matrices of"),
    (lm.regression.noise_feature_r2, (_X6, _Y, 1), dict(n_repeats=0), ValueError, "n_repeats must be >= 1"),
    (lm.regression.noise_feature_r2, (_X6, _Y, 1), dict(n_repeats=10**12), ValueError, "use fewer repeats"),
    (lm.regression.noise_feature_r2, (_X6, _Y, 1), dict(rng="x"), TypeError, "rng"),
    (lm.regression.noise_feature_r2, (_X6, _Y, 1.0), {}, TypeError, "max_noise_features must be an integer"),
    (lm.regression.polynomial_fit_state, (_X6, _Y, 3, 2), {}, ValueError, "degree must be between 0 and max_degree=2"),
    (lm.regression.polynomial_fit_state, (_X6, _Y, 1, 2), dict(n_grid=1), ValueError, "n_grid must be >= 2"),
    (lm.regression.polynomial_fit_state, (_X6, _Y, 1, 2), dict(n_grid=10**9), ValueError, "n_grid=1000000000 is too large"),
    (lm.regression.polynomial_fit_state, (_X6, _Y, 1, 2), dict(table={"aic": 1}), TypeError, "table must be a SelectionTable"),
    (lm.regression.polynomial_fit_state, (_X6, _Y[:5], 1, 2), {}, ValueError, "x has 6, y has 5"),
]


@pytest.mark.parametrize("fn, args, kwargs, exc, words", _BAD, ids=[f"{b[0].__name__}-{i}" for i, b in enumerate(_BAD)])
def test_bad_arguments_are_named(fn, args, kwargs, exc, words):
    with pytest.raises(exc) as info:
        fn(*args, **kwargs)
    assert words in str(info.value)


def test_polynomial_selection_refuses_huge_degrees_without_building_anything():
    import time
    import tracemalloc

    tracemalloc.start()
    t0 = time.perf_counter()
    for dmax in (1000, 2000, 10**20):
        with pytest.raises(ValueError, match=f"max_degree={dmax} is too large for 6 samples"):
            lm.regression.polynomial_selection(_X6, _Y, dmax)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert time.perf_counter() - t0 < 1.0 and peak < 1_000_000  # was 48 MB, then 193 MB, then no answer


def test_table_from_another_data_set_is_refused():
    t = lm.regression.polynomial_selection(np.arange(8.0), np.arange(8.0) ** 2 % 5, 2)
    with pytest.raises(ValueError, match="table has 3 rows for 8 samples"):
        lm.regression.polynomial_fit_state(_X6, _Y, 1, 2, table=t)


def test_sigma2_errors_never_blame_an_argument_that_was_not_passed():
    # a huge y made the estimated sigma2 overflow to inf, then blamed "sigma2"
    big = np.array(_Y) * 1e200
    t = lm.regression.polynomial_selection(_X6, big, 2)
    ref = lm.regression.polynomial_selection(_X6, np.array(_Y), 2)
    for c in ("cp", "r2", "adjusted_r2"):
        np.testing.assert_allclose(getattr(t, c), getattr(ref, c), rtol=1e-9)
    np.testing.assert_allclose(t.aic - ref.aic, 2 * 6 * np.log(1e200), rtol=1e-9)
    np.testing.assert_allclose(t.delta("bic"), ref.delta("bic"), rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("scale", [1e-200, 1e-150, 1e150, 1e200])
def test_extreme_but_legal_targets_give_no_nan(scale):
    y, p = np.array(_Y), np.array(_P)
    assert lm.r2_score(y * scale, p * scale) == pytest.approx(lm.r2_score(y, p), rel=1e-12)
    assert lm.r2_score(np.c_[y, y] * scale, np.c_[p, p] * scale, multioutput="variance_weighted") == pytest.approx(
        lm.r2_score(y, p), rel=1e-12)
    n = len(y)
    assert lm.aic(y * scale, p * scale, n_params=2) == pytest.approx(
        lm.aic(y, p, n_params=2) + 2 * n * np.log(scale), rel=1e-9)
    assert lm.mallows_cp(y * scale, p * scale, n_params=2, sigma2=0.5 * scale) == pytest.approx(
        lm.mallows_cp(y, p, n_params=2, sigma2=0.5 / scale), rel=1e-9)  # RSS scale^2 over sigma2 scale
    assert np.isfinite(lm.gaussian_log_likelihood(y * scale, p * scale))


def test_r2_tiny_targets_are_not_a_perfect_fit():
    # 1e-200 squared underflowed to 0: R^2 came out 1.0 ("perfect") for a poor prediction
    y = np.array([1.0, 2.0, 3.0]) * 1e-200
    assert lm.r2_score(y, np.zeros(3)) == pytest.approx(lm.r2_score([1.0, 2.0, 3.0], [0.0, 0.0, 0.0]))
    assert lm.r2_score(y, np.zeros(3)) < 0
