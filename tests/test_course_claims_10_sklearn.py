"""Chapter 10, "In scikit-learn" (issue 36 item 3): each general statement of the section, pinned."""
import inspect

import numpy as np
import pytest

import learnmetrics as lm

sklearn = pytest.importorskip("sklearn")
scipy_stats = pytest.importorskip("scipy.stats")

from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import roc_auc_score  # noqa: E402
from sklearn.model_selection import KFold, StratifiedKFold, cross_validate  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402


def _train_sets(splitter, X, y):
    return [set(tr.tolist()) for tr, _ in splitter.split(X, y)]


@pytest.mark.parametrize("seed", range(20))
def test_10_sk_two_kfold_training_sets_share_k_minus_2_over_k_minus_1_when_folds_are_equal(seed):
    """'Any two of the k training sets share (k - 2)/(k - 1) of each when the folds are equal, and every
    example is in k - 1 of them.'"""
    rng = np.random.default_rng(seed)
    k, r = int(rng.integers(2, 9)), int(rng.integers(1, 12))
    m = k * r
    X = np.zeros((m, 1))
    sets = _train_sets(KFold(k, shuffle=True, random_state=seed), X, None)
    for i in range(k):
        for j in range(i + 1, k):
            assert len(sets[i] & sets[j]) * (k - 1) == (k - 2) * len(sets[i])
    counts = np.bincount([e for s in sets for e in s], minlength=m)
    assert np.all(counts == k - 1)


def _chapter():
    """The chapter's cells c10-15, c10-sk2, c10-sk4 and c10-sk6, recomputed."""
    from learnmetrics.realdata import load_breast_cancer
    data = load_breast_cancer()
    X, y = data.X, data.y
    train, test = lm.holdout_split(y, test_size=0.3, rng=0)
    model = make_pipeline(StandardScaler(), LogisticRegression())
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    folds = cross_validate(model, X[train], y[train], cv=cv, scoring="roc_auc")["test_score"]
    half = 1.96 * folds.std(ddof=1) / np.sqrt(5)
    s_test = model.fit(X[train], y[train]).decision_function(X[test])
    pred = model.predict(X[test])
    return X, y, train, test, cv, folds, half, s_test, pred


def test_10_sk_the_chapters_folds_share_about_three_quarters_and_their_interval_misses_the_test_auc():
    X, y, train, test, cv, folds, half, s_test, pred = _chapter()
    sets = _train_sets(cv, X[train], y[train])
    shares = [len(a & b) / len(a) for i, a in enumerate(sets) for b in sets[i + 1:]]
    assert min(shares) > 0.74 and max(shares) < 0.76                         # "about 3/4"
    yt = y[test]
    auc = lm.roc_auc_score(yt, s_test)
    assert auc == pytest.approx(roc_auc_score(yt, s_test), abs=1e-12)
    assert not folds.mean() - half <= auc <= folds.mean() + half            # "an AUC outside it"
    boot = lm.bootstrap_ci(lm.roc_auc_score, yt, s_test, rng=0)
    ratio = (boot.high - boot.low) / (2 * half)
    assert ratio > 5 and round(ratio) == 11                                   # "many times as wide", box: 11 倍
    tp, n_pos = int(np.sum((pred == 1) & (yt == 1))), int(np.sum(yt == 1))
    assert (tp, n_pos) == (60, 64)                                            # box: 60/64
    # scipy's BCa and lm's BCa: "close but not equal"
    res = scipy_stats.bootstrap((yt, s_test), lm.roc_auc_score, paired=True, vectorized=False, n_resamples=2000,
                                method="BCa", rng=np.random.default_rng(0))
    bca = lm.bootstrap_ci(lm.roc_auc_score, yt, s_test, method="bca", rng=0)
    gaps = [abs(res.confidence_interval.low - bca.low), abs(res.confidence_interval.high - bca.high)]
    assert max(gaps) < 0.01 and max(gaps) > 0


def test_10_sk_neither_sklearn_nor_scipy_has_delong_and_scipy_bootstrap_has_no_strata():
    import sklearn.metrics
    for module in (sklearn.metrics, scipy_stats):
        assert not [n for n in dir(module) if "delong" in n.lower()]
    assert not [n for n in dir(sklearn.metrics) if "wilson" in n.lower() or n.endswith("_ci")]
    params = inspect.signature(scipy_stats.bootstrap).parameters
    assert not [p for p in params if "strat" in p or "group" in p]


@pytest.mark.parametrize("seed", range(30))
def test_10_sk_scipy_wilson_equals_lm_proportion_ci(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 400))
    k = int(rng.integers(0, n + 1))
    w = scipy_stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    r = lm.proportion_ci(k, n)
    assert (r.low, r.high) == pytest.approx((w.low, w.high), abs=1e-12)
