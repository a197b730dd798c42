"""learnmetrics.calibration: the decomposition, ECE, recalibration, temperature, bad input."""
import numpy as np
import pytest

from learnmetrics import calibration as cal
from learnmetrics.curves import roc_auc_score


@pytest.mark.parametrize("seed", range(50))
def test_decomposition_is_exact(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 200))
    y = rng.integers(0, 2, n)
    p = rng.integers(0, 11, n) / 10 if seed % 2 else rng.random(n)
    w = rng.random(n) if seed % 3 == 0 else None
    d = cal.brier_decomposition(y, p, sample_weight=w)  # distinct values: Murphy's three terms
    assert d.within_variance == pytest.approx(0, abs=1e-15) and d.within_covariance == pytest.approx(0, abs=1e-15)
    assert d.reliability - d.resolution + d.uncertainty == pytest.approx(d.brier, abs=1e-12)
    assert d.brier == pytest.approx(cal.brier_score_loss(y, p, sample_weight=w), abs=1e-12)
    for strategy in ("uniform", "quantile"):
        b = cal.brier_decomposition(y, p, n_bins=5, strategy=strategy, sample_weight=w)
        assert (b.reliability - b.resolution + b.uncertainty + b.within_variance - 2 * b.within_covariance
                == pytest.approx(b.brier, abs=1e-12))


def test_binning_changes_the_three_terms():
    y = np.array([0, 1, 0, 1, 1, 1])
    p = np.array([0.1, 0.3, 0.35, 0.6, 0.8, 0.9])
    d = cal.brier_decomposition(y, p, n_bins=2)
    assert abs(d.reliability - d.resolution + d.uncertainty - d.brier) > 1e-3


def test_ece_matches_the_curve():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 500)
    p = rng.random(500)
    pt, pp = cal.calibration_curve(y, p, n_bins=10)
    ids = np.searchsorted(np.linspace(0, 1, 11)[1:-1], p)
    counts = np.bincount(ids, minlength=10)
    counts = counts[counts > 0]
    assert cal.expected_calibration_error(y, p, n_bins=10) == pytest.approx(np.sum(counts / 500 * np.abs(pt - pp)))
    assert cal.expected_calibration_error(np.ones(4, int), np.ones(4), n_bins=2) == 0.0


def test_sharpen_keeps_the_auc_and_changes_the_scores():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 300)
    p = np.clip(rng.random(300) * 0.6 + 0.4 * y, 0, 1)
    auc = roc_auc_score(y, p)
    for t in (0.25, 0.5, 1.0, 2.0, 4.0):
        s = cal.temperature_state(y, p, t)
        assert s.auc == pytest.approx(auc, abs=1e-12)
    assert cal.temperature_state(y, p, 0.25).brier != pytest.approx(cal.temperature_state(y, p, 4.0).brier)
    np.testing.assert_allclose(cal.sharpen(p, 1.0), np.clip(p, 1e-12, 1 - 1e-12), atol=1e-12)


def test_platt_keeps_order_isotonic_is_monotone():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 400)
    p = 1 / (1 + np.exp(-(rng.normal(size=400) + 1.5 * y) * 3))
    pl = cal.PlattCalibrator().fit(p, y)
    assert pl.a_ > 0
    assert roc_auc_score(y, pl.predict(p)) == pytest.approx(roc_auc_score(y, p))
    iso = cal.IsotonicCalibrator().fit(p, y)
    grid = np.linspace(0, 1, 101)
    assert np.all(np.diff(iso.predict(grid)) >= 0)
    # recalibration on held-out data reduces the Brier score of an overconfident model
    assert cal.brier_score_loss(y, pl.predict(p)) < cal.brier_score_loss(y, p)


def test_platt_separated_classes_warns():
    with pytest.warns(RuntimeWarning, match="separates the classes"):
        cal.PlattCalibrator(max_iter=20).fit([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])


@pytest.mark.parametrize("call, exc, match", [
    (lambda: cal.calibration_curve([0, 1], [0.2, 1.3]), ValueError, r"y_prob .*\[0, 1\], got 1.3"),
    (lambda: cal.calibration_curve([0, 1], [0.2, -0.1]), ValueError, r"y_prob .*got -0.1"),
    (lambda: cal.calibration_curve([0, 1], [0.2, np.nan]), ValueError, "y_prob must not contain NaN"),
    (lambda: cal.calibration_curve([0, 1], [0.2, 0.5], n_bins=0), ValueError, "n_bins"),
    (lambda: cal.calibration_curve([0, 1], [0.2, 0.5], n_bins=2.5), TypeError, "n_bins"),
    (lambda: cal.calibration_curve([0, 1], [0.2, 0.5], strategy="equal"), ValueError, "strategy"),
    (lambda: cal.calibration_curve([0, 1, 2], [0.2, 0.5, 0.1]), ValueError, "binary"),
    (lambda: cal.calibration_curve(["a", "b"], [0.2, 0.5]), ValueError, "pos_label"),
    (lambda: cal.calibration_curve([0, 1], [0.2, 0.5, 0.3]), ValueError, "different numbers"),
    (lambda: cal.brier_score_loss([0, 1], [0.2, 1.5]), ValueError, r"y_proba .*got 1.5"),
    (lambda: cal.brier_score_loss([0, 1, 2], [0.2, 0.5, 0.1]), ValueError, "3 classes"),
    (lambda: cal.brier_score_loss([0, 1], [0.2, 0.5], scale_by_half="yes"), TypeError, "scale_by_half"),
    (lambda: cal.brier_score_loss([0, 1], [0.2, 0.5], sample_weight=[1, -1]), ValueError, "sample_weight"),
    (lambda: cal.log_loss([0, 1], [[0.2, 0.8], [0.5, 0.6]]), UserWarning, "sum to one"),
    (lambda: cal.log_loss([0, 1, 2], [[0.2, 0.8], [0.5, 0.5], [0.5, 0.5]]), ValueError, "columns"),
    (lambda: cal.log_loss([0, 0], [0.2, 0.4]), ValueError, "only one label"),
    (lambda: cal.log_loss([0, 1], [0.2, 0.4], normalize="no"), TypeError, "normalize"),
    (lambda: cal.expected_calibration_error([0, 1, 1], [0.2, 0.4, 0.9], n_bins=5), ValueError, "too few examples"),
    (lambda: cal.brier_decomposition([0, 1], [0.2, 2.0]), ValueError, "y_prob"),
    (lambda: cal.PlattCalibrator().fit([0.2, 0.4], [1, 1]), ValueError, "exactly two classes"),
    (lambda: cal.PlattCalibrator().fit([0.2, 1.4], [0, 1]), ValueError, "input='score'"),
    (lambda: cal.PlattCalibrator(input="raw"), ValueError, "input"),
    (lambda: cal.PlattCalibrator().predict([0.2]), RuntimeError, "not fitted"),
    (lambda: cal.IsotonicCalibrator().fit([0.2, 0.4], [0, 0]), ValueError, "exactly two classes"),
    (lambda: cal.IsotonicCalibrator().predict([0.2]), RuntimeError, "not fitted"),
    (lambda: cal.sharpen([0.2, 0.4], 0), ValueError, "temperature"),
    (lambda: cal.sharpen([0.2, 0.4], -1.0), ValueError, "temperature"),
])
def test_bad_input(call, exc, match):
    if issubclass(exc, Warning):
        with pytest.warns(exc, match=match):
            call()
    else:
        with pytest.raises(exc, match=match):
            call()


@pytest.mark.parametrize("seed", range(5))
def test_chapter_claims_recalibration_fixes_the_cost_cut(seed):
    """Notebook 11's claims on other seeds: same AUC, Platt recovers a ≈ 1/T, the 1/6 cut costs more on the
    overconfident probabilities than on the recalibrated ones."""
    from learnmetrics.cost import cost_sensitive_error

    y, p_true, p_model = cal.simulate_scores(4000, rng=100 + seed)
    y_cal, _, p_cal = cal.simulate_scores(2000, rng=200 + seed)
    assert roc_auc_score(y, p_model) == pytest.approx(roc_auc_score(y, p_true), abs=1e-12)
    platt = cal.PlattCalibrator().fit(p_cal, y_cal)
    assert platt.a_ == pytest.approx(0.5, abs=0.1) and abs(platt.b_) < 0.2
    t = cal.cost_threshold(5, 1)
    cost = {k: cost_sensitive_error(y, (p > t).astype(int), [[0, 1], [5, 0]])
            for k, p in {"model": p_model, "platt": platt.predict(p_model)}.items()}
    assert cost["platt"] < cost["model"]
    assert cal.brier_score_loss(y, platt.predict(p_model)) < cal.brier_score_loss(y, p_model)
