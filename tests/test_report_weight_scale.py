"""evaluation_report does not depend on the weights' scale (a fresh reader, issue 36): weights of
1e300 raised OverflowError and weights of 1e-170 gave recall's interval as [0, 1] (Kish's size 0)."""
import numpy as np
import pytest

import learnmetrics as lm


@pytest.mark.parametrize("scale", [1e-300, 1e-170, 1e-100, 1e100, 1e300])
def test_report_intervals_ignore_the_weights_scale(scale):
    rng = np.random.default_rng(11)
    y = np.r_[np.zeros(25, int), np.ones(15, int)]
    s = np.clip(0.35 * y + rng.random(40) * 0.65, 0, 1)
    w = rng.integers(1, 4, 40).astype(float)
    ref = lm.evaluation_report(y, s, sample_weight=w)
    got = lm.evaluation_report(y, s, sample_weight=w * scale)
    for name in ("precision", "recall", "specificity", "npv", "accuracy"):
        a, b = getattr(ref, name), getattr(got, name)
        assert (b.estimate, b.low, b.high) == pytest.approx((a.estimate, a.low, a.high), rel=1e-9), name
    assert got.auc.estimate == pytest.approx(ref.auc.estimate, rel=1e-12)


def test_one_example_of_a_class_gets_a_bootstrap_auc_interval_and_says_why():
    """A fresh reader: one positive raised "DeLong's variance needs at least 2 positives" (a method the
    user never chose) while the weighted path gave a report."""
    rng = np.random.default_rng(0)
    r = lm.evaluation_report([0] * 30 + [1], rng.random(31))
    assert r.auc.method == "bootstrap" and r.auc.low <= r.auc.estimate <= r.auc.high
    assert any("DeLong" in note for note in r.notes)


def test_a_zero_width_interval_is_flagged():
    rng = np.random.default_rng(1)
    s = np.r_[rng.random(30) * 0.4, 0.6 + rng.random(20) * 0.4]
    r = lm.evaluation_report([0] * 30 + [1] * 20, s)
    assert r.auc.low == r.auc.high == 1.0
    assert any("zero width" in note and "not certainty" in note for note in r.notes)
    assert "zero width" in str(r)
