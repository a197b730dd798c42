"""Bias-variance decomposition (book 2.5): the terms add up to the simulated expected error."""
import numpy as np
import pytest

import learnmetrics as lm


@pytest.mark.parametrize("design", ["jittered", "uniform", "fixed"])
def test_terms_sum_to_expected_error_within_sampling_precision(design):
    r = lm.bias_variance.bias_variance_experiment(degrees=range(0, 10), n_sets=300, n_train=25, design=design, rng=1)
    z = (r.expected_error - r.total) / r.expected_error_se
    assert np.all(np.abs(z) < 4.5), z
    # and in relative terms the agreement is tight
    assert np.all(np.abs(r.expected_error - r.total) <= 0.05 * r.total)


def test_bias2_plus_variance_is_exactly_the_mean_squared_distance_to_the_truth():
    r = lm.bias_variance.bias_variance_experiment(degrees=[0, 3, 8], n_sets=50, rng=2)
    direct = np.mean((r.predictions - r.f) ** 2, axis=(1, 2))
    np.testing.assert_allclose(r.bias2 + r.variance, direct, rtol=1e-12)


def test_decomposition_shape_bias_falls_variance_rises():
    r = lm.bias_variance.bias_variance_experiment(rng=0)
    assert r.bias2[0] > 10 * r.bias2[3]  # a constant cannot follow a sine
    assert np.all(np.diff(r.variance) > 0)  # every extra degree of freedom adds variance here
    assert np.all(np.diff(r.train_error) <= 1e-12)  # training error never rises with the degree
    assert 3 <= r.best_degree <= 6
    assert r.noise == pytest.approx(0.09)


def test_noise_free_data_have_no_noise_term():
    r = lm.bias_variance.bias_variance_experiment(degrees=[1, 2], noise_sd=0.0, n_sets=20, rng=0)
    assert r.noise == 0 and np.allclose(r.expected_error, r.total)


def test_fit_polynomials_matches_numpy_polyfit():
    rng = np.random.default_rng(3)
    x = rng.uniform(0, 1, size=(40, 15))
    y = np.sin(3 * x) + rng.normal(0, 0.1, size=x.shape)
    xe = np.linspace(0, 1, 7)
    for d in (0, 1, 4, 7):
        got = lm.bias_variance.fit_polynomials(x, y, d, xe)
        ref = np.stack([np.polyval(np.polyfit(x[s], y[s], d), xe) for s in range(len(x))])
        np.testing.assert_allclose(got, ref, rtol=1e-7, atol=1e-8)


def test_decompose_against_definitions():
    rng = np.random.default_rng(4)
    P = rng.normal(size=(30, 5))
    f = rng.normal(size=5)
    b, v = lm.bias_variance.decompose(P, f)
    np.testing.assert_allclose(b, (P.mean(0) - f) ** 2)
    np.testing.assert_allclose(v, P.var(0))


def test_experiment_is_seeded():
    a = lm.bias_variance.bias_variance_experiment(degrees=[2], n_sets=10, rng=5)
    b = lm.bias_variance.bias_variance_experiment(degrees=[2], n_sets=10, rng=5)
    assert np.array_equal(a.predictions, b.predictions)


def test_state_function():
    r = lm.bias_variance.bias_variance_experiment(degrees=[1, 3], n_sets=40, rng=0)
    s = lm.bias_variance.bias_variance_state(r, 3, n_curves=10)
    assert s.curves.shape == (10, len(r.x))
    assert s.bias2 == r.bias2[1] and s.total == pytest.approx(r.total[1])
    assert str(s).startswith("degree 3: bias^2 = ")
    with pytest.raises(ValueError, match="degree must be one of"):
        lm.bias_variance.bias_variance_state(r, 2)
    with pytest.raises(TypeError, match="BiasVarianceResult"):
        lm.bias_variance.bias_variance_state(None, 1)


def test_bad_input():
    with pytest.raises(ValueError, match="degrees"):
        lm.bias_variance.bias_variance_experiment(degrees=[-1, 2])
    with pytest.raises(ValueError, match="n_sets"):
        lm.bias_variance.bias_variance_experiment(n_sets=1)
    with pytest.raises(ValueError, match="noise_sd"):
        lm.bias_variance.bias_variance_experiment(noise_sd=-0.1)
    with pytest.raises(ValueError, match="x_range"):
        lm.bias_variance.bias_variance_experiment(x_range=(1, 0))
    with pytest.raises(ValueError, match="design"):
        lm.bias_variance.bias_variance_experiment(design="grid")
    with pytest.raises(TypeError, match="function"):
        lm.bias_variance.bias_variance_experiment(function=3)
    with pytest.raises(ValueError, match="same shape"):
        lm.bias_variance.fit_polynomials(np.zeros((3, 4)), np.zeros((3, 5)), 1, [0.5])
    with pytest.raises(ValueError, match="NaN"):
        lm.bias_variance.fit_polynomials([[0.0, np.nan]], [[1.0, 2.0]], 1, [0.5])
    with pytest.raises(ValueError, match="at least 2"):
        lm.bias_variance.decompose([[1.0, 2.0]], [1.0, 2.0])
    with pytest.raises(ValueError, match="shape"):
        lm.bias_variance.decompose([[1.0, 2.0], [1.0, 2.0]], [1.0, 2.0, 3.0])


# ---------------------------------------------------------------------------------------
# issue 12: every argument checked before any work, errors naming the caller's argument
# ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def small():
    return lm.bias_variance.bias_variance_experiment(degrees=[1, 3, 5], n_sets=20, n_train=10, n_test=21, rng=0)


_GOOD_SETS = np.linspace(0.05, 0.95, 10)[None, :] * np.ones((3, 1))

_BAD_CALLS = [
    # (function, kwargs, error type, the words the message must contain)
    (lm.bias_variance.sine_function, dict(x="abc"), TypeError, "x must be a number"),
    (lm.bias_variance.sine_function, dict(x=[1j]), TypeError, "x must hold real numbers"),
    (lm.bias_variance.sine_function, dict(x=[np.nan]), ValueError, "x must not contain NaN"),
    (lm.bias_variance.fit_polynomials, dict(x_train="a", y_train=_GOOD_SETS, degree=1, x_eval=[0.5]), TypeError, "x_train"),
    (lm.bias_variance.fit_polynomials, dict(x_train=_GOOD_SETS, y_train=_GOOD_SETS + 1j, degree=1, x_eval=[0.5]), TypeError, "y_train"),
    (lm.bias_variance.fit_polynomials, dict(x_train=_GOOD_SETS, y_train=_GOOD_SETS * np.nan, degree=1, x_eval=[0.5]), ValueError, "y_train must not contain NaN"),
    (lm.bias_variance.fit_polynomials, dict(x_train=np.zeros((0, 3)), y_train=np.zeros((0, 3)), degree=1, x_eval=[0.5]), ValueError, "x_train is empty"),
    (lm.bias_variance.fit_polynomials, dict(x_train=np.zeros((2, 3, 4)), y_train=np.zeros((2, 3, 4)), degree=1, x_eval=[0.5]), ValueError, "x_train must be 2-D"),
    (lm.bias_variance.fit_polynomials, dict(x_train=_GOOD_SETS, y_train=_GOOD_SETS, degree=1.5, x_eval=[0.5]), TypeError, "degree must be an integer"),
    (lm.bias_variance.fit_polynomials, dict(x_train=_GOOD_SETS, y_train=_GOOD_SETS, degree=-1, x_eval=[0.5]), ValueError, "degree must be >= 0"),
    (lm.bias_variance.fit_polynomials, dict(x_train=_GOOD_SETS, y_train=_GOOD_SETS, degree=10**7, x_eval=[0.5]), ValueError, "degree=10000000"),
    (lm.bias_variance.fit_polynomials, dict(x_train=_GOOD_SETS, y_train=_GOOD_SETS, degree=1, x_eval=[]), ValueError, "x_eval is empty"),
    (lm.bias_variance.fit_polynomials, dict(x_train=_GOOD_SETS, y_train=_GOOD_SETS, degree=1, x_eval=[np.inf]), ValueError, "x_eval must not contain NaN"),
    (lm.bias_variance.fit_polynomials, dict(x_train=_GOOD_SETS, y_train=_GOOD_SETS, degree=1, x_eval=[0.5], x_range=(0, np.nan)), ValueError, "x_range[1]"),
    (lm.bias_variance.fit_polynomials, dict(x_train=_GOOD_SETS, y_train=_GOOD_SETS, degree=1, x_eval=[0.5], x_range=0.5), TypeError, "x_range must be a pair"),
    (lm.bias_variance.decompose, dict(predictions="ab", f_true=[1.0]), TypeError, "predictions"),
    (lm.bias_variance.decompose, dict(predictions=[1.0, 2.0], f_true=[1.0, 2.0]), ValueError, "predictions must be 2-D"),
    (lm.bias_variance.decompose, dict(predictions=[[1.0, np.nan], [1.0, 2.0]], f_true=[1.0, 2.0]), ValueError, "predictions must not contain NaN"),
    (lm.bias_variance.decompose, dict(predictions=[[1.0, 2.0], [1.0, 2.0]], f_true=[]), ValueError, "f_true is empty"),
    (lm.bias_variance.decompose, dict(predictions=[[1.0, 2.0], [1.0, 2.0]], f_true=[1.0, 2j]), TypeError, "f_true must hold real"),
    (lm.bias_variance.bias_variance_experiment, dict(degrees=3), TypeError, "degrees must be a list"),
    (lm.bias_variance.bias_variance_experiment, dict(degrees=[]), ValueError, "degrees is empty"),
    (lm.bias_variance.bias_variance_experiment, dict(degrees=[1, 2.0]), TypeError, "degrees must hold integers"),
    (lm.bias_variance.bias_variance_experiment, dict(degrees=[1, True]), TypeError, "degrees must hold integers"),
    (lm.bias_variance.bias_variance_experiment, dict(degrees=[1, 1]), ValueError, "degrees must be distinct"),
    (lm.bias_variance.bias_variance_experiment, dict(degrees=[10**20]), ValueError, "degrees must be at most"),
    (lm.bias_variance.bias_variance_experiment, dict(degrees=[10**6]), ValueError, "working memory"),
    (lm.bias_variance.bias_variance_experiment, dict(n_sets=10**9), ValueError, "working memory"),
    (lm.bias_variance.bias_variance_experiment, dict(n_sets=2.0), TypeError, "n_sets must be an integer"),
    (lm.bias_variance.bias_variance_experiment, dict(n_train=0), ValueError, "n_train must be >= 1"),
    (lm.bias_variance.bias_variance_experiment, dict(n_test="5"), TypeError, "n_test must be an integer"),
    (lm.bias_variance.bias_variance_experiment, dict(noise_sd="0.3"), TypeError, "noise_sd must be a real number"),
    (lm.bias_variance.bias_variance_experiment, dict(noise_sd=True), TypeError, "noise_sd must be a real number"),
    (lm.bias_variance.bias_variance_experiment, dict(noise_sd=np.nan), ValueError, "noise_sd must be a finite number"),
    (lm.bias_variance.bias_variance_experiment, dict(noise_sd=1e300), ValueError, "noise_sd must be"),
    (lm.bias_variance.bias_variance_experiment, dict(x_range=(0, np.inf)), ValueError, "x_range[1]"),
    (lm.bias_variance.bias_variance_experiment, dict(x_range=("0", 1)), TypeError, "x_range[0]"),
    (lm.bias_variance.bias_variance_experiment, dict(function=lambda x: np.full(np.shape(x), 1e200)), ValueError, "function must map"),
    (lm.bias_variance.bias_variance_experiment, dict(rng="seed"), TypeError, "rng"),
]


@pytest.mark.parametrize("fn, kwargs, exc, words", _BAD_CALLS,
                         ids=[f"{c[0].__name__}-{i}" for i, c in enumerate(_BAD_CALLS)])
def test_bad_arguments_are_named(fn, kwargs, exc, words):
    with pytest.raises(exc) as info:
        fn(**kwargs)
    assert words in str(info.value)


@pytest.mark.parametrize("kwargs, exc, words", [
    (dict(result=None, degree=1), TypeError, "result must be a BiasVarianceResult"),
    (dict(degree=2), ValueError, "one of the simulated degrees [1, 3, 5]"),
    (dict(degree=3.0), TypeError, "degree must be an integer"),
    (dict(degree=True), TypeError, "degree must be an integer"),
    (dict(degree=3, n_curves=0), ValueError, "n_curves"),
])
def test_state_bad_arguments(small, kwargs, exc, words):
    kwargs = {"result": small, **kwargs}
    with pytest.raises(exc) as info:
        lm.bias_variance.bias_variance_state(**kwargs)
    assert words in str(info.value)


def test_numpy_integer_degree_is_accepted(small):
    assert lm.bias_variance.bias_variance_state(small, np.int64(3)).degree == 3
    assert lm.bias_variance.point_decomposition(small, small.degrees[1], 0.5).degree == 3


def test_point_decomposition_adds_up(small):
    for d in small.degrees:
        for x in (0.0, 0.33, 1.0):
            p = lm.bias_variance.point_decomposition(small, int(d), x)
            assert p.bias2 + p.variance == pytest.approx(np.mean((p.predictions - p.truth) ** 2), rel=1e-12)
            assert p.bias2 == pytest.approx((p.mean_prediction - p.truth) ** 2)
            assert p.total == pytest.approx(p.bias2 + p.variance + p.noise)
            assert p.expected_error_se > 0
    with pytest.raises(ValueError, match="x must be"):
        lm.bias_variance.point_decomposition(small, 1, 1.5)
    with pytest.raises(TypeError, match="x must be a real number"):
        lm.bias_variance.point_decomposition(small, 1, "0.5")
    with pytest.raises(ValueError, match="simulated degrees"):
        lm.bias_variance.point_decomposition(small, 2, 0.5)


def test_point_expected_error_is_the_per_x_monte_carlo(small):
    p = lm.bias_variance.point_decomposition(small, 3, 0.5)
    j = int(np.argmin(np.abs(small.x - 0.5)))
    assert p.expected_error == pytest.approx(small.expected_error_x[1, j], rel=1e-12)
    np.testing.assert_allclose(small.expected_error_x.mean(axis=1), small.expected_error, rtol=1e-12)


def test_extreme_but_legal_noise_gives_finite_terms():
    r = lm.bias_variance.bias_variance_experiment(degrees=[0, 2], n_sets=10, noise_sd=1e50, rng=0)
    assert np.isfinite(r.total).all() and np.isfinite(r.expected_error).all()
    assert r.noise == pytest.approx(1e100)


def test_explorer_refuses_bad_arguments_before_drawing(small):
    pytest.importorskip("ipywidgets")
    from learnmetrics.widgets.bias_variance import BiasVarianceExplorer

    with pytest.raises(ValueError, match=r"one of the simulated degrees \[1, 3, 5\], got 2"):
        BiasVarianceExplorer(small, degree=2)  # not a TraitError from the slider
    with pytest.raises(TypeError, match="result must be a BiasVarianceResult"):
        BiasVarianceExplorer({"degrees": [1]}, degree=1)
    with pytest.raises(ValueError, match="n_curves"):
        BiasVarianceExplorer(small, degree=1, n_curves=0)
    ex = BiasVarianceExplorer(small, degree=3, n_curves=500)
    assert list(ex.slider.options) == [1, 3, 5]  # exactly the simulated degrees
    assert len(ex._curves) == small.n_sets
    for d in (5, 1):
        ex.slider.value = d
        assert ex.state.degree == d and f"degree {d}" in ex.readout.value


def test_plotting_helpers_check_their_arguments(small):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting import bias_variance as bvp

    fig, axes = plt.subplots(1, 4)
    p = lm.bias_variance.point_decomposition(small, 3, 0.5)
    assert bvp.plot_decomposition(axes[0], small, current=3) is axes[0]
    assert bvp.plot_fits(axes[1], lm.bias_variance.bias_variance_state(small, 1)) is axes[1]
    assert bvp.plot_point_decomposition(axes[2], p) is axes[2]
    assert bvp.plot_point_terms(axes[3], [p], measured=True) is axes[3]
    assert axes[0].get_yscale() == "linear"  # figure 2.9's axes: a sum of parts on a linear axis
    for bad, exc, words in [
        (lambda: bvp.plot_decomposition(axes[0], small, train="no"), TypeError, "train must be True or False"),
        (lambda: bvp.plot_decomposition(axes[0], small, ymax=-1), ValueError, "ymax must be > 0"),
        (lambda: bvp.plot_decomposition(axes[0], None), TypeError, "result must be a BiasVarianceResult"),
        (lambda: bvp.plot_fits(axes[1], small), TypeError, "state must be a BiasVarianceState"),
        (lambda: bvp.plot_point_decomposition(axes[2], p, legend=1), TypeError, "legend must be True or False"),
        (lambda: bvp.plot_point_terms(axes[3], []), TypeError, "points must be a non-empty list"),
    ]:
        with pytest.raises(exc) as info:
            bad()
        assert words in str(info.value)
    plt.close(fig)


def test_colours_come_from_the_course_style():
    from learnmetrics.plotting import bias_variance as bvp
    from learnmetrics.plotting import style

    assert (bvp.BIAS_COLOR, bvp.VARIANCE_COLOR, bvp.NOISE_COLOR, bvp.TOTAL_COLOR) == (
        style.BIAS, style.VARIANCE, style.NOISE, style.TOTAL)
    assert [t[1] for t in bvp.TERMS] == [style.NOISE, style.BIAS, style.VARIANCE]
