"""Weights whose span exceeds float64 (issue 37): 1e-200 next to 1e200.  Scaling all the
weights by one power of two underflows the small ones to zero; the ROC family scales each
class apart (TPR and FPR never mix them), and every curve keeps the thresholds of the
small weights, as scikit-learn (which does not rescale) does."""
import warnings

import numpy as np
import pytest

import learnmetrics as lm

skm = pytest.importorskip("sklearn.metrics")


def test_the_reported_case():
    w = [1e-200, 1e200]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert lm.roc_auc_score([0, 1], [0, 1], sample_weight=w) == 1.0
        assert lm.average_precision_score([0, 1], [0, 1], sample_weight=w) == 1.0
        fpr, tpr, thr = lm.roc_curve([0, 1], [0, 1], sample_weight=w)
        assert fpr.tolist() == [0, 0, 1] and tpr.tolist() == [0, 1, 1] and thr.tolist() == [np.inf, 1, 0]
        p, r, t = lm.precision_recall_curve([0, 1], [0, 1], sample_weight=w)
        assert p.tolist() == [1, 1, 1] and r.tolist() == [1, 1, 0] and t.tolist() == [0, 1]


@pytest.mark.parametrize("seed", range(4))
def test_spans_beyond_float64_agree_with_sklearn(seed):
    rng = np.random.default_rng(370 + seed)
    for n in (3, 8, 40):
        y = rng.integers(0, 2, n)
        y[:2] = [0, 1]
        s = np.round(rng.random(n), 1)  # ties too
        # each class on its own scale, or every weight anywhere in 1e-250 .. 1e250
        if seed % 2:
            w = np.where(y == 1, 1e200, 1e-200) * rng.uniform(0.5, 2, n)
        else:
            w = 10.0 ** rng.uniform(-250, 250, n)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert lm.roc_auc_score(y, s, sample_weight=w) == pytest.approx(
                skm.roc_auc_score(y, s, sample_weight=w), rel=1e-12, abs=1e-15)
            assert lm.roc_auc_score(y, s, sample_weight=w, max_fpr=0.5) == pytest.approx(
                skm.roc_auc_score(y, s, sample_weight=w, max_fpr=0.5), rel=1e-12, abs=1e-15)
            assert lm.average_precision_score(y, s, sample_weight=w) == pytest.approx(
                skm.average_precision_score(y, s, sample_weight=w), rel=1e-12, abs=1e-15)
            for ours, theirs in ((lm.roc_curve(y, s, sample_weight=w), skm.roc_curve(y, s, sample_weight=w)),
                                 (lm.precision_recall_curve(y, s, sample_weight=w),
                                  skm.precision_recall_curve(y, s, sample_weight=w))):
                for a, b in zip(ours, theirs):
                    assert a.shape == b.shape
                    np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)
