"""Bias-variance decomposition (book 2.5): the terms add up to the simulated expected error."""
import numpy as np
import pytest

import learnmetrics as lm


@pytest.mark.parametrize("design", ["jittered", "uniform", "fixed"])
def test_terms_sum_to_expected_error_within_sampling_precision(design):
    r = lm.bias_variance_experiment(degrees=range(0, 10), n_sets=300, n_train=25, design=design, rng=1)
    z = (r.expected_error - r.total) / r.expected_error_se
    assert np.all(np.abs(z) < 4.5), z
    # and in relative terms the agreement is tight
    assert np.all(np.abs(r.expected_error - r.total) <= 0.05 * r.total)


def test_bias2_plus_variance_is_exactly_the_mean_squared_distance_to_the_truth():
    r = lm.bias_variance_experiment(degrees=[0, 3, 8], n_sets=50, rng=2)
    direct = np.mean((r.predictions - r.f) ** 2, axis=(1, 2))
    np.testing.assert_allclose(r.bias2 + r.variance, direct, rtol=1e-12)


def test_decomposition_shape_bias_falls_variance_rises():
    r = lm.bias_variance_experiment(rng=0)
    assert r.bias2[0] > 10 * r.bias2[3]  # a constant cannot follow a sine
    assert np.all(np.diff(r.variance) > 0)  # every extra degree of freedom adds variance here
    assert np.all(np.diff(r.train_error) <= 1e-12)  # training error never rises with the degree
    assert 3 <= r.best_degree <= 6
    assert r.noise == pytest.approx(0.09)


def test_noise_free_data_have_no_noise_term():
    r = lm.bias_variance_experiment(degrees=[1, 2], noise_sd=0.0, n_sets=20, rng=0)
    assert r.noise == 0 and np.allclose(r.expected_error, r.total)


def test_fit_polynomials_matches_numpy_polyfit():
    rng = np.random.default_rng(3)
    x = rng.uniform(0, 1, size=(40, 15))
    y = np.sin(3 * x) + rng.normal(0, 0.1, size=x.shape)
    xe = np.linspace(0, 1, 7)
    for d in (0, 1, 4, 7):
        got = lm.fit_polynomials(x, y, d, xe)
        ref = np.stack([np.polyval(np.polyfit(x[s], y[s], d), xe) for s in range(len(x))])
        np.testing.assert_allclose(got, ref, rtol=1e-7, atol=1e-8)


def test_decompose_against_definitions():
    rng = np.random.default_rng(4)
    P = rng.normal(size=(30, 5))
    f = rng.normal(size=5)
    b, v = lm.decompose(P, f)
    np.testing.assert_allclose(b, (P.mean(0) - f) ** 2)
    np.testing.assert_allclose(v, P.var(0))


def test_experiment_is_seeded():
    a = lm.bias_variance_experiment(degrees=[2], n_sets=10, rng=5)
    b = lm.bias_variance_experiment(degrees=[2], n_sets=10, rng=5)
    assert np.array_equal(a.predictions, b.predictions)


def test_state_function():
    r = lm.bias_variance_experiment(degrees=[1, 3], n_sets=40, rng=0)
    s = lm.bias_variance_state(r, 3, n_curves=10)
    assert s.curves.shape == (10, len(r.x))
    assert s.bias2 == r.bias2[1] and s.total == pytest.approx(r.total[1])
    assert str(s).startswith("degree 3: bias^2 = ")
    with pytest.raises(ValueError, match="degree must be one of"):
        lm.bias_variance_state(r, 2)
    with pytest.raises(TypeError, match="BiasVarianceResult"):
        lm.bias_variance_state(None, 1)


def test_bad_input():
    with pytest.raises(ValueError, match="degrees"):
        lm.bias_variance_experiment(degrees=[-1, 2])
    with pytest.raises(ValueError, match="n_sets"):
        lm.bias_variance_experiment(n_sets=1)
    with pytest.raises(ValueError, match="noise_sd"):
        lm.bias_variance_experiment(noise_sd=-0.1)
    with pytest.raises(ValueError, match="x_range"):
        lm.bias_variance_experiment(x_range=(1, 0))
    with pytest.raises(ValueError, match="design"):
        lm.bias_variance_experiment(design="grid")
    with pytest.raises(TypeError, match="function"):
        lm.bias_variance_experiment(function=3)
    with pytest.raises(ValueError, match="same shape"):
        lm.fit_polynomials(np.zeros((3, 4)), np.zeros((3, 5)), 1, [0.5])
    with pytest.raises(ValueError, match="NaN"):
        lm.fit_polynomials([[0.0, np.nan]], [[1.0, 2.0]], 1, [0.5])
    with pytest.raises(ValueError, match="at least 2"):
        lm.decompose([[1.0, 2.0]], [1.0, 2.0])
    with pytest.raises(ValueError, match="shape"):
        lm.decompose([[1.0, 2.0], [1.0, 2.0]], [1.0, 2.0, 3.0])
