"""learnmetrics.operating_point against scikit-learn 1.9.1 and SciPy on many random inputs."""
import numpy as np
import pytest
from scipy import stats
from sklearn import metrics as skm

import learnmetrics as lm


def _cases(n_cases=150, seed=0):
    rng = np.random.default_rng(seed)
    for i in range(n_cases):
        n = int(rng.integers(2, 60))
        y = rng.integers(0, 2, n)
        if y.min() == y.max():
            y[0] = 1 - y[0]
        kind = i % 3
        s = rng.normal(size=n) + y if kind == 0 else rng.integers(0, 5, n) / 4 if kind == 1 else rng.random(n).round(1)
        w = None if i % 2 == 0 else rng.random(n) * rng.integers(0, 3, n)
        if w is not None and not (w[y == 1].sum() > 0 and w[y == 0].sum() > 0):
            w = None
        yield y, s, w


@pytest.mark.parametrize("case", list(_cases()), ids=lambda c: f"n{len(c[0])}")
def test_confusion_matrix_at_thresholds(case):
    y, s, w = case
    ours = lm.confusion_matrix_at_thresholds(y, s, sample_weight=w)
    ref = skm.confusion_matrix_at_thresholds(y, s, sample_weight=w)
    for a, b in zip(ours, ref):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("drop", [False, True])
@pytest.mark.parametrize("case", list(_cases(80, 1)), ids=lambda c: f"n{len(c[0])}")
def test_det_curve(case, drop):
    y, s, w = case
    ours = lm.det_curve(y, s, sample_weight=w, drop_intermediate=drop)
    ref = skm.det_curve(y, s, sample_weight=w, drop_intermediate=drop)
    for a, b in zip(ours, ref):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


def test_string_labels_and_pos_label():
    rng = np.random.default_rng(3)
    for _ in range(40):
        n = int(rng.integers(3, 40))
        y = rng.choice(np.array(["bad", "good"]), n)
        y[0], y[1] = "bad", "good"
        s = rng.integers(0, 6, n).astype(float)
        for a, b in zip(lm.confusion_matrix_at_thresholds(y, s, pos_label="bad"),
                        skm.confusion_matrix_at_thresholds(y, s, pos_label="bad")):
            np.testing.assert_allclose(a, b)
        for a, b in zip(lm.det_curve(y, s, pos_label="good"), skm.det_curve(y, s, pos_label="good")):
            np.testing.assert_allclose(a, b)


def test_ks_matches_scipy():
    rng = np.random.default_rng(4)
    for _ in range(200):
        n = int(rng.integers(2, 50))
        y = rng.integers(0, 2, n)
        y[0], y[1] = 0, 1
        s = rng.integers(0, 8, n) / 7 if rng.random() < 0.5 else rng.normal(size=n) + 0.7 * y
        ks = lm.ks_statistic(y, s)
        ref = stats.ks_2samp(s[y == 1], s[y == 0]).statistic
        assert ks.statistic == pytest.approx(ref, abs=1e-12)


def test_gains_and_lift_against_sorting_by_hand():
    rng = np.random.default_rng(5)
    for _ in range(100):
        n = int(rng.integers(2, 40))
        y = rng.integers(0, 2, n)
        y[0] = 1
        s = rng.normal(size=n)  # distinct scores: every row is one example
        x, g, t = lm.cumulative_gains_curve(y, s)
        order = np.argsort(-s)
        np.testing.assert_allclose(g[1:], np.cumsum(y[order]) / y.sum())
        np.testing.assert_allclose(x[1:], np.arange(1, n + 1) / n)
        xl, lift, _ = lm.lift_curve(y, s)
        np.testing.assert_allclose(lift, (np.cumsum(y[order]) / np.arange(1, n + 1)) / y.mean())


def test_precision_at_recall_against_sklearn_pr_curve():
    rng = np.random.default_rng(6)
    for i in range(200):
        n = int(rng.integers(2, 50))
        y = rng.integers(0, 2, n)
        y[0] = 1
        s = rng.integers(0, 6, n).astype(float) if i % 2 else rng.normal(size=n) + y
        w = None if i % 3 else rng.random(n) + 0.1
        p, r, t = skm.precision_recall_curve(y, s, sample_weight=w)
        p, r = p[:-1], r[:-1]
        for floor in (0.0, 0.3, 0.5, 0.9, 1.0):
            op = lm.precision_at_recall(y, s, min_recall=floor, sample_weight=w)
            assert op.precision == pytest.approx(p[r >= floor].max(), abs=1e-12)
            assert op.recall >= floor - 1e-12
            i_t = int(np.flatnonzero(t == op.threshold)[0])
            assert p[i_t] == pytest.approx(op.precision) and r[i_t] == pytest.approx(op.recall)
            ok = p >= floor
            if ok.any():
                rp = lm.recall_at_precision(y, s, min_precision=floor, sample_weight=w)
                assert rp.recall == pytest.approx(r[ok].max(), abs=1e-12)
                assert rp.precision >= floor - 1e-12


def test_equal_error_rate_is_between_the_rates_of_its_segment():
    rng = np.random.default_rng(7)
    for _ in range(200):
        n = int(rng.integers(2, 50))
        y = rng.integers(0, 2, n)
        y[0], y[1] = 0, 1
        s = rng.normal(size=n) + y
        r = lm.equal_error_rate(y, s)
        fpr, tpr, _ = skm.roc_curve(y, s, drop_intermediate=False)
        fnr = 1 - tpr
        k = np.flatnonzero(fpr - fnr <= 0)[-1]
        lo, hi = sorted((fpr[k], fpr[min(k + 1, len(fpr) - 1)]))
        assert lo - 1e-12 <= r.eer <= hi + 1e-12
        lo, hi = sorted((fnr[k], fnr[min(k + 1, len(fnr) - 1)]))
        assert lo - 1e-12 <= r.eer <= hi + 1e-12
