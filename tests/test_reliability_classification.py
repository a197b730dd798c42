"""Issue 28, classification: extreme weights, kappa's memory, scikit-learn's dtypes.

MCC, Cohen's kappa and the likelihood ratios do not depend on the scale of the weights; before,
products of weighted sums under- or overflowed (MCC 0 instead of 0.8 at weights x 1e-150, nan at
x 1e154; scikit-learn shares this). Kappa allocated several k x k temporaries past the size
guard, which covers only the confusion matrix. multilabel_confusion_matrix and
precision_recall_fscore_support's support take scikit-learn's dtypes.
"""
from __future__ import annotations

import tracemalloc
import warnings
from fractions import Fraction

import numpy as np
import pytest

import learnmetrics as lm

skm = pytest.importorskip("sklearn.metrics")


def _data(seed, k=2, n=60):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.8, y, rng.integers(0, k, n))
    w = rng.random(n) + 0.05
    return y, p, w


SCALES = [2.0 ** -1000, 1e-300, 1e-170, 1e-150, 1e-12, 3.0, 1e150, 1e154, 1e200, 2.0 ** 900]


@pytest.mark.parametrize("c", SCALES)
@pytest.mark.parametrize("seed", range(5))
def test_mcc_kappa_and_likelihood_ratios_ignore_the_scale_of_the_weights(c, seed):
    y, p, w = _data(seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lm.UndefinedMetricWarning)
        for f in (lm.matthews_corrcoef, lm.cohen_kappa_score,
                  lambda a, b, **kw: lm.cohen_kappa_score(a, b, weights="quadratic", **kw),
                  lm.class_likelihood_ratios):
            ref = np.asarray(f(y, p, sample_weight=w), dtype=float)
            got = np.asarray(f(y, p, sample_weight=w * c), dtype=float)
            if np.log2(c) == round(np.log2(c)):
                np.testing.assert_array_equal(got, ref)  # a power of two: bit for bit
            else:
                np.testing.assert_allclose(got, ref, rtol=1e-13)


def test_mcc_at_weights_times_1e150_is_not_zero():
    y, p, w = _data(0)
    ref = skm.matthews_corrcoef(y, p, sample_weight=w)
    assert lm.matthews_corrcoef(y, p, sample_weight=w * 1e-150) == pytest.approx(ref, rel=1e-13)
    assert lm.matthews_corrcoef(y, p, sample_weight=w * 1e154) == pytest.approx(ref, rel=1e-13)


@pytest.mark.parametrize("seed", range(30))
def test_mcc_of_counts_is_exact(seed):
    y, p, _ = _data(seed, k=int(np.random.default_rng(seed).integers(2, 6)), n=200)
    cm = lm.confusion_matrix(y, p).astype(object)
    s, c = int(cm.sum()), int(np.trace(cm))
    t, q = cm.sum(axis=1), cm.sum(axis=0)
    num = Fraction(c * s - int(np.dot(t, q)))
    den = Fraction((s * s - int(np.dot(q, q))) * (s * s - int(np.dot(t, t))))
    exact = float(num) / float(den) ** 0.5
    assert lm.matthews_corrcoef(y, p) == pytest.approx(exact, rel=1e-15, abs=1e-300)


def test_mcc_near_zero_with_large_counts_is_exact():
    # c s - sum p t cancels in float64 for a near-independent prediction of 10**8 weighted samples
    y = np.array([0, 0, 1, 1])
    p = np.array([0, 1, 0, 1])
    w = np.array([25_000_001, 24_999_999, 25_000_000, 25_000_000])
    # exactly: TP TN - FP FN = 25e6 * 25000001 - 24999999 * 25e6 = 5e7
    tp, tn, fp, fn = 25_000_000, 25_000_001, 24_999_999, 25_000_000
    num = tp * tn - fp * fn
    den = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
    assert lm.matthews_corrcoef(y, p, sample_weight=w) == pytest.approx(num / den ** 0.5, rel=1e-15)


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
@pytest.mark.parametrize("seed", range(20))
def test_kappa_matches_scikit_learn(weights, seed):
    y, p, w = _data(seed, k=int(np.random.default_rng(seed).integers(2, 7)))
    for sw in (None, w):
        assert lm.cohen_kappa_score(y, p, weights=weights, sample_weight=sw) == pytest.approx(
            skm.cohen_kappa_score(y, p, weights=weights, sample_weight=sw), rel=1e-12, abs=1e-14)


def test_kappa_allocates_no_k_by_k_temporaries():
    # before: the expected matrix, the weight matrix and their product, each k x k float64
    k = 1500
    rng = np.random.default_rng(0)
    y = rng.integers(0, k, 4000)
    p = np.where(rng.random(4000) < 0.5, y, rng.integers(0, k, 4000))
    cm_bytes = k * k * 8
    for weights in (None, "linear", "quadratic"):
        tracemalloc.start()
        try:
            lm.cohen_kappa_score(y, p, weights=weights)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert peak < 1.6 * cm_bytes, (weights, peak / cm_bytes)


# -- dtypes as scikit-learn's -----------------------------------------------------------------
def _ml_case(rng):
    n, k = int(rng.integers(1, 6)), int(rng.integers(2, 4))
    a = rng.integers(0, 2, (n, k)) * (rng.random((n, k)) < 0.5)
    b = rng.integers(0, 2, (n, k)) * (rng.random((n, k)) < 0.5)
    w = [None, rng.random(n), rng.integers(0, 3, n), rng.integers(0, 3, n).astype(float)][int(rng.integers(0, 4))]
    labels = list(rng.permutation(k)[: int(rng.integers(1, k + 1))]) if rng.random() < 0.5 else None
    return a, b, w, labels


@pytest.mark.parametrize("seed", range(300))
def test_multilabel_dtypes_match_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    a, b, w, labels = _ml_case(rng)
    if w is not None and not np.any(w):
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = lm.multilabel_confusion_matrix(a, b, sample_weight=w, labels=labels)
        theirs = skm.multilabel_confusion_matrix(a, b, sample_weight=w, labels=labels)
        assert ours.dtype == theirs.dtype, (a.tolist(), b.tolist(), w, labels)
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12)  # TN clipped at 0, not -1e-16
        ours = lm.precision_recall_fscore_support(a, b, sample_weight=w, labels=labels, average=None)[3]
        theirs = skm.precision_recall_fscore_support(a, b, sample_weight=w, labels=labels, average=None)[3]
        assert ours.dtype == theirs.dtype, (a.tolist(), b.tolist(), w, labels)


def test_multilabel_dtype_issue_cases():
    # a 1 in a row of weight 0: scikit-learn's counts are float64
    a, b = [[0, 1], [0, 0]], [[0, 0], [0, 0]]
    assert lm.multilabel_confusion_matrix(a, b, sample_weight=[0, 1], labels=[0, 1]).dtype == np.float64
    # no 1 at all: int64, and the support too
    assert lm.precision_recall_fscore_support([[0, 0, 0]], [[0, 0, 0]], sample_weight=[2],
                                              average=None, zero_division=0)[3].dtype == np.int64
