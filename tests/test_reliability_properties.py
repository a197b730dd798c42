"""Issue 28's property tests, for every weighted measure of classification, calibration, ranking,
regression, cost and uncertainty (the curves' own are tests/test_curves*.py):

* weight scaling: multiplying all weights by c changes no measure (and scales a weighted
  count by exactly c), from c = 2**-1000 to 1e200;
* float32 / float16 inputs give the answer of the same values given as float64, within the
  input type's precision;
* bootstrap resamples that lose a class, and strata of one example: every resampled value
  equals the metric on that resample computed alone (the generator's draws replayed).
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import uncertainty as U

SCALES = [2.0 ** -1000, 1e-300, 1e-170, 1e-12, 3.0, 7e150, 1e200, 2.0 ** 900, 1e306]


def _cls(seed, k=3, n=40):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)
    p = np.where(rng.random(n) < 0.7, y, rng.integers(0, k, n))
    return rng, y, p, rng.random(n) + 0.05


def _bin(seed, n=40):
    rng, y, p, w = _cls(seed, 2, n)
    s = np.clip(0.5 * y + 0.6 * rng.random(n) - 0.05, 0.001, 0.999)
    return rng, y, p, s, w


def _ml(seed, n=30, k=3):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 2, (n, k))
    b = np.where(rng.random((n, k)) < 0.7, a, 1 - a)
    return a, b, rng.random(n) + 0.05


def _proba(seed, n=40, k=3):
    rng, y, _, w = _cls(seed, k, n)
    z = rng.normal(size=(n, k)) + 2 * np.eye(k)[y]
    q = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    return y, q, w


def _rank(seed, n=8, m=6):
    rng = np.random.default_rng(seed)
    rel = rng.integers(0, 4, (n, m)).astype(float)
    return rel, rel + rng.normal(size=(n, m)), rng.random(n) + 0.05


# name -> (call(w) -> value, scales: True if the value is a weighted count (scales by c))
def _measures(seed):
    _, y, p, w = _cls(seed)
    _, yb, pb, sb, wb = _bin(seed)
    a, b, wm = _ml(seed)
    yq, q, wq = _proba(seed)
    rel, score, wr = _rank(seed)
    cost = np.array([[0, 1, 4], [2, 0, 1], [5, 3, 0]], dtype=float)
    reg_t, reg_p = sb * 10, sb * 10 + np.random.default_rng(seed).normal(size=sb.size)
    return {
        "confusion_matrix": (lambda c: lm.confusion_matrix(y, p, sample_weight=w * c), True),
        "multilabel_confusion_matrix": (lambda c: lm.multilabel_confusion_matrix(a, b, sample_weight=wm * c), True),
        "multilabel_confusion_matrix 1-D": (lambda c: lm.multilabel_confusion_matrix(y, p, sample_weight=w * c), True),
        "accuracy_score": (lambda c: lm.accuracy_score(y, p, sample_weight=w * c), False),
        "accuracy_score normalize=False": (lambda c: lm.accuracy_score(y, p, normalize=False, sample_weight=w * c),
                                           True),
        "zero_one_loss": (lambda c: lm.zero_one_loss(y, p, sample_weight=w * c), False),
        "hamming_loss": (lambda c: lm.hamming_loss(a, b, sample_weight=wm * c), False),
        "error_rate": (lambda c: lm.error_rate(y, p, sample_weight=w * c), False),
        "precision_score macro": (lambda c: lm.precision_score(y, p, average="macro", sample_weight=w * c), False),
        "recall_score weighted": (lambda c: lm.recall_score(y, p, average="weighted", sample_weight=w * c), False),
        "f1_score micro": (lambda c: lm.f1_score(y, p, average="micro", sample_weight=w * c), False),
        "f1_score samples": (lambda c: lm.f1_score(a, b, average="samples", sample_weight=wm * c), False),
        "fbeta_score binary": (lambda c: lm.fbeta_score(yb, pb, beta=2, sample_weight=wb * c), False),
        "prfs None (p, r, f)": (lambda c: np.array(lm.precision_recall_fscore_support(
            y, p, average=None, sample_weight=w * c)[:3]), False),
        "prfs support": (lambda c: lm.precision_recall_fscore_support(y, p, average=None, sample_weight=w * c)[3],
                         True),
        "jaccard_score macro": (lambda c: lm.jaccard_score(y, p, average="macro", sample_weight=w * c), False),
        "top_k_accuracy_score": (lambda c: lm.top_k_accuracy_score(yq, q, k=2, sample_weight=wq * c), False),
        "balanced_accuracy_score": (lambda c: lm.balanced_accuracy_score(y, p, sample_weight=w * c), False),
        "balanced_accuracy_score adjusted": (lambda c: lm.balanced_accuracy_score(
            y, p, adjusted=True, sample_weight=w * c), False),
        "matthews_corrcoef": (lambda c: lm.matthews_corrcoef(y, p, sample_weight=w * c), False),
        "cohen_kappa_score": (lambda c: lm.cohen_kappa_score(y, p, sample_weight=w * c), False),
        "cohen_kappa_score linear": (lambda c: lm.cohen_kappa_score(y, p, weights="linear", sample_weight=w * c),
                                     False),
        "class_likelihood_ratios": (lambda c: np.array(lm.class_likelihood_ratios(yb, pb, sample_weight=wb * c)),
                                    False),
        "binary_counts": (lambda c: np.array(lm.binary_counts(yb, pb, sample_weight=wb * c).as_array(), float)
                          if hasattr(lm.binary_counts(yb, pb), "as_array") else
                          np.array([getattr(lm.binary_counts(yb, pb, sample_weight=wb * c), f)
                                    for f in ("tp", "fp", "fn", "tn")], float), True),
        "brier_score_loss": (lambda c: lm.brier_score_loss(yb, sb, sample_weight=wb * c), False),
        "brier_score_loss 2-D": (lambda c: lm.brier_score_loss(yq, q, sample_weight=wq * c), False),
        "log_loss": (lambda c: lm.log_loss(yq, q, sample_weight=wq * c), False),
        "log_loss normalize=False": (lambda c: lm.log_loss(yq, q, normalize=False, sample_weight=wq * c), True),
        "brier_decomposition": (lambda c: np.array(lm.brier_decomposition(yb, sb, n_bins=5, sample_weight=wb * c)
                                                   .__dict__ and [v for v in lm.brier_decomposition(
                                                       yb, sb, n_bins=5, sample_weight=wb * c).__dict__.values()
                                                       if isinstance(v, float)]), False),
        "expected_calibration_error": (lambda c: lm.expected_calibration_error(yb, sb, sample_weight=wb * c),
                                       False),
        "dcg_score": (lambda c: lm.dcg_score(rel, score, sample_weight=wr * c), False),
        "ndcg_score": (lambda c: lm.ndcg_score(rel, score, sample_weight=wr * c), False),
        "cumulative_gain": (lambda c: lm.cumulative_gain(rel, score, k=3, sample_weight=wr * c), False),
        "cost_sensitive_error": (lambda c: lm.cost_sensitive_error(y, p, cost, sample_weight=w * c), False),
        "mean_squared_error": (lambda c: lm.mean_squared_error(reg_t, reg_p, sample_weight=wb * c), False),
        "root_mean_squared_error": (lambda c: lm.root_mean_squared_error(reg_t, reg_p, sample_weight=wb * c),
                                    False),
        "mean_absolute_error": (lambda c: lm.mean_absolute_error(reg_t, reg_p, sample_weight=wb * c), False),
        "r2_score": (lambda c: lm.r2_score(reg_t, reg_p, sample_weight=wb * c), False),
        "bootstrap_ci accuracy": (lambda c: np.array(
            [getattr(lm.bootstrap_ci(lm.accuracy_score, y, p, sample_weight=w * c, n_resamples=30, rng=0), f)
             for f in ("estimate", "low", "high")]), False),
        "PlattCalibrator": (lambda c: np.array([getattr(lm.PlattCalibrator().fit(sb, yb, sample_weight=wb * c), f)
                                                for f in ("a_", "b_")]), False),
        "IsotonicCalibrator": (lambda c: lm.IsotonicCalibrator().fit(sb, yb, sample_weight=wb * c).y_, False),
    }


MEASURES = list(_measures(0))


@pytest.mark.parametrize("name", MEASURES)
@pytest.mark.parametrize("seed", range(3))
def test_multiplying_every_weight_by_c_changes_nothing(name, seed):
    call, is_count = _measures(seed)[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lm.UndefinedMetricWarning)
        ref = np.asarray(call(1.0), dtype=float)
        for c in SCALES:
            got = np.asarray(call(c), dtype=float)
            if is_count:
                with np.errstate(over="ignore", under="ignore"):
                    expected = ref * c
                if not np.isfinite(expected).all() or np.any((expected == 0) & (ref != 0)):
                    continue  # the count itself is beyond float64
                np.testing.assert_allclose(got, expected, rtol=1e-12, err_msg=f"{name} x {c}")
            else:
                np.testing.assert_allclose(got, ref, rtol=1e-11, atol=1e-14, err_msg=f"{name} x {c}")


# -- float32 / float16 inputs -----------------------------------------------------------------------
def _low_precision_cases(seed, dtype):
    rng, yb, _, sb, wb = _bin(seed)
    yq, q, _ = _proba(seed)
    rel, score, _ = _rank(seed)
    s = sb.astype(dtype)
    qq = q.astype(dtype)
    reg = (sb * 10).astype(dtype)
    reg_p = (sb * 10 + rng.normal(size=sb.size)).astype(dtype)
    sc = score.astype(dtype)
    return {
        "brier_score_loss": lambda d: lm.brier_score_loss(yb, s.astype(d)),
        "brier_score_loss 2-D": lambda d: lm.brier_score_loss(yq, qq.astype(d)),
        "log_loss": lambda d: lm.log_loss(yq, qq.astype(d)),
        "log_loss 1-D": lambda d: lm.log_loss(yb, s.astype(d)),
        "calibration_curve": lambda d: np.concatenate(lm.calibration_curve(yb, s.astype(d), n_bins=4)),
        "expected_calibration_error": lambda d: lm.expected_calibration_error(yb, s.astype(d), n_bins=4),
        "brier_decomposition": lambda d: lm.brier_decomposition(yb, s.astype(d), n_bins=4).brier,
        "Platt": lambda d: lm.PlattCalibrator().fit(s.astype(d), yb).predict(np.float64([0.2, 0.5, 0.8])),
        "Isotonic": lambda d: lm.IsotonicCalibrator().fit(s.astype(d), yb).y_,
        "dcg_score": lambda d: lm.dcg_score(rel, sc.astype(d)),
        "ndcg_score": lambda d: lm.ndcg_score(rel.astype(d), sc.astype(d)),
        "mean_squared_error": lambda d: lm.mean_squared_error(reg.astype(d), reg_p.astype(d)),
        "r2_score": lambda d: lm.r2_score(reg.astype(d), reg_p.astype(d)),
        "roc_auc_ci": lambda d: lm.roc_auc_ci(yb, s.astype(d)).standard_error,
        "delong_test": lambda d: lm.delong_test(yb, s.astype(d), (s * dtype(0.5) + dtype(0.1)).astype(d)).z,
        "bootstrap_ci auc": lambda d: lm.bootstrap_ci(lm.roc_auc_score, yb, s.astype(d), n_resamples=50,
                                                      rng=0).resampled,
        "roc_bootstrap_band": lambda d: lm.roc_bootstrap_band(yb, s.astype(d), n_resamples=20, rng=0).resampled,
        "pr_bootstrap_band": lambda d: lm.pr_bootstrap_band(yb, s.astype(d), n_resamples=20, rng=0).resampled,
    }


LOW = list(_low_precision_cases(0, np.float32))


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("name", LOW)
@pytest.mark.parametrize("seed", range(3))
def test_low_precision_inputs_give_the_float64_answer(name, dtype, seed):
    f = _low_precision_cases(seed, dtype)[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lm.UndefinedMetricWarning)
        low = np.asarray(f(dtype), dtype=float)
        high = np.asarray(f(np.float64), dtype=float)
    # the same values: any difference is the computation's, never the input's type (log_loss's
    # clipping eps differs, but no probability here comes near it)
    np.testing.assert_allclose(low, high, rtol=10 * np.finfo(dtype).eps, atol=10 * np.finfo(dtype).eps,
                               err_msg=name)


# -- resamples losing a class, strata of one ----------------------------------------------------------
def _replay(y, stratify, s, n_resamples, rng):
    groups = U._groups(np.asarray(y), stratify, s if stratify and s is not None and s.dtype.kind == "f" else None)
    return np.vstack(list(U._index_chunks(np.random.default_rng(rng), groups, n_resamples)))


def _alone(metric, y, s, idx):
    out = []
    for row in idx:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                v = float(metric(y[row], s[row]))
            except ValueError:
                v = np.nan
        out.append(v)
    return np.array(out)


@pytest.mark.parametrize("seed", range(40))
def test_bootstrap_resamples_equal_each_resample_scored_alone(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 12))
    y = rng.integers(0, 3 if seed % 3 == 0 else 2, n)
    y[0], y[1] = 0, 1
    y[2] = 5 if seed % 4 == 0 else y[2]  # a class of one example (a stratum of one)
    s = rng.random(n)
    p = np.where(rng.random(n) < 0.6, y, 0)
    cases = [(lm.accuracy_score, p), (lm.balanced_accuracy_score, p)]
    if set(np.unique(y)) == {0, 1}:
        cases.append((lm.roc_auc_score, s))
    for metric, x in cases:
        for stratify in (True, False):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                r = lm.bootstrap_ci(metric, y, x, n_resamples=60, stratify=stratify, rng=seed)
            idx = _replay(y, r.stratified, np.asarray(x, dtype=float), 60, seed)
            alone = _alone(metric, y, x, idx)
            kept = alone[np.isfinite(alone)]
            np.testing.assert_allclose(r.resampled, kept, rtol=1e-12, atol=1e-15)
            assert r.n_dropped == alone.size - kept.size
            if r.n_dropped:
                assert any(f"{r.n_dropped} of 60 resamples" in str(w.message) for w in caught)
            if r.stratified:
                # every stratified resample keeps every class count, the one-example class included
                for row in idx:
                    np.testing.assert_array_equal(np.bincount(y[row], minlength=6), np.bincount(y, minlength=6))


@pytest.mark.parametrize("seed", range(20))
def test_paired_bootstrap_resamples_equal_each_resample_scored_alone(seed):
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(3, 10))
    y = rng.integers(0, 2, n)
    y[0], y[1] = 0, 1
    a, b = rng.random(n), rng.random(n)
    for stratify in (True, False):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            r = lm.paired_bootstrap_ci(lm.roc_auc_score, y, a, b, n_resamples=60, stratify=stratify, rng=seed)
        idx = _replay(y, stratify, a, 60, seed)
        diff = _alone(lm.roc_auc_score, y, a, idx) - _alone(lm.roc_auc_score, y, b, idx)
        kept = diff[np.isfinite(diff)]
        np.testing.assert_allclose(r.resampled, kept, rtol=1e-12, atol=1e-15)
        assert r.n_dropped == diff.size - kept.size
