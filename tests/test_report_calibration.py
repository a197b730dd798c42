"""Chapter 11's new calibration forms: MCE, multi-class ECE (top-label, class-wise), per-bin Wilson intervals."""
import numpy as np
import pytest

import learnmetrics as lm


def _case(rng, n=200, k=3):
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)
    z = rng.normal(size=(n, k)) + 1.5 * np.eye(k)[y]
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    return y, p


@pytest.mark.parametrize("seed", range(20))
def test_binary_forms_agree(seed):
    rng = np.random.default_rng(seed)
    y = (rng.random(150) < rng.uniform(0.1, 0.6)).astype(int)
    y[:2] = [0, 1]
    p = rng.random(150)
    ece = lm.expected_calibration_error(y, p)
    assert lm.multiclass_calibration_error(y, np.c_[1 - p, p], kind="class-wise") == pytest.approx(ece)
    assert lm.maximum_calibration_error(y, p) >= ece - 1e-12


@pytest.mark.parametrize("seed", range(20))
def test_top_label_by_hand_and_mce_bounds(seed):
    rng = np.random.default_rng(seed)
    y, p = _case(rng)
    top = p.argmax(axis=1)
    correct = (top == y).astype(int)
    conf = p.max(axis=1)
    assert lm.multiclass_calibration_error(y, p) == pytest.approx(lm.expected_calibration_error(correct, conf))
    assert lm.multiclass_calibration_error(y, p, norm="max") == pytest.approx(
        lm.maximum_calibration_error(correct, conf))
    cw = np.mean([lm.expected_calibration_error((y == k).astype(int), p[:, k]) for k in range(3)])
    assert lm.multiclass_calibration_error(y, p, kind="class-wise") == pytest.approx(cw)


def test_reliability_intervals_are_the_curve_with_wilson():
    rng = np.random.default_rng(0)
    y = (rng.random(300) < 0.3).astype(int)
    p = np.clip(0.3 + 0.2 * rng.normal(size=300), 0, 1)
    pt, pp, lo, hi, n = lm.reliability_intervals(y, p, n_bins=8)
    ct, cp = lm.calibration_curve(y, p, n_bins=8)
    np.testing.assert_allclose(pt, ct)
    np.testing.assert_allclose(pp, cp)
    assert np.all(lo <= pt) and np.all(pt <= hi) and n.sum() == 300


def test_bad_arguments_named():
    y, p = _case(np.random.default_rng(1))
    with pytest.raises(ValueError, match="kind"):
        lm.multiclass_calibration_error(y, p, kind="topk")
    with pytest.raises(ValueError, match="norm"):
        lm.multiclass_calibration_error(y, p, norm="l2")
    with pytest.raises(ValueError, match="columns"):
        lm.multiclass_calibration_error(y, p[:, :2])
    with pytest.raises(ValueError, match="binary"):
        lm.maximum_calibration_error(y, p[:, 0])
    with pytest.raises(ValueError, match="y_prob"):
        lm.reliability_intervals([0, 1], [0.2, 1.5])
