"""Every bounded measure of learnmetrics.curves and learnmetrics.ranking stays within its
bounds exactly (issue 37, item 3: a weighted AUC of 1.0000000000000002, a weighted
Mann-Whitney AUC of 1.0000000000000013), on random weighted cases: perfectly separated
(where the bound is reached and rounding pushed past it), reversed, tied and mixed scores,
weights over six orders of magnitude."""
import warnings

import numpy as np
import pytest

from learnmetrics import average_precision_score, precision_recall_curve, roc_auc_score, roc_curve
from learnmetrics.curves import auc_mann_whitney, fbeta_curve, rank_loss
from learnmetrics.ranking import dcg_score, ndcg_score


def _cases(seed, n_cases=300):
    rng = np.random.default_rng(seed)
    for i in range(n_cases):
        n = int(rng.integers(4, 40))
        k = int(rng.integers(1, n))
        y = np.r_[np.ones(k, int), np.zeros(n - k, int)]
        kind = i % 4
        if kind == 0:  # perfectly separated: the bound 1 is reached
            s = np.r_[rng.random(k) + 1, rng.random(n - k)]
        elif kind == 1:  # reversed: the bound 0 is reached
            s = np.r_[rng.random(k), rng.random(n - k) + 1]
        elif kind == 2:  # few distinct scores: ties across classes
            s = rng.integers(0, 3, n).astype(float)
        else:
            s = rng.random(n)
        w = rng.random(n) * 10.0 ** rng.uniform(-3, 3, n) + 1e-3
        perm = rng.permutation(n)
        yield y[perm], s[perm], w[perm]


def _in01(x, what):
    x = np.asarray(x, dtype=float)
    assert np.all((x >= 0.0) & (x <= 1.0)), f"{what} outside [0, 1]: {x[(x < 0) | (x > 1)]!r}"


@pytest.mark.parametrize("seed", [0, 1])
def test_binary_measures_within_their_bounds_on_weighted_cases(seed):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for y, s, w in _cases(seed):
            for weights in (w, None):
                _in01(roc_auc_score(y, s, sample_weight=weights), "roc_auc_score")
                _in01(roc_auc_score(y, s, sample_weight=weights, max_fpr=0.3), "partial roc_auc_score")
                _in01(average_precision_score(y, s, sample_weight=weights), "average_precision_score")
                _in01(auc_mann_whitney(y, s, sample_weight=weights), "auc_mann_whitney")
                _in01(rank_loss(y, s, sample_weight=weights), "rank_loss")
                fpr, tpr, _ = roc_curve(y, s, sample_weight=weights)
                _in01(fpr, "roc_curve fpr")
                _in01(tpr, "roc_curve tpr")
                p, r, _ = precision_recall_curve(y, s, sample_weight=weights)
                _in01(p, "precision")
                _in01(r, "recall")
            _in01(fbeta_curve(y, s, sample_weight=w)[0], "fbeta_curve")


def test_separated_weighted_auc_is_exactly_one_and_reversed_exactly_zero():
    # the cases and a hidden variation: separated classes, unequal weights
    rng = np.random.default_rng(37)
    for _ in range(200):
        n = int(rng.integers(6, 30))
        y = np.r_[np.ones(n // 2, int), np.zeros(n - n // 2, int)]
        s = np.r_[rng.random(n // 2) + 2, rng.random(n - n // 2)]
        w = rng.random(n) * 10.0 ** rng.uniform(-4, 4, n) + 1e-4
        for value in (roc_auc_score(y, s, sample_weight=w), auc_mann_whitney(y, s, sample_weight=w),
                      average_precision_score(y, s, sample_weight=w)):
            assert 1.0 - 1e-9 <= value <= 1.0  # never above (it was 1 + 2e-16, 1 + 1.3e-15)
        assert rank_loss(y, s, sample_weight=w) == 0.0
        assert roc_auc_score(y, -s, sample_weight=w) == 0.0
        assert auc_mann_whitney(y, -s, sample_weight=w) == 0.0
        assert 1.0 - 1e-9 <= rank_loss(y, -s, sample_weight=w) <= 1.0


def test_ndcg_within_bounds_on_weighted_queries():
    rng = np.random.default_rng(5)
    for _ in range(200):
        q, m = int(rng.integers(1, 5)), int(rng.integers(2, 12))
        y = rng.integers(0, 4, (q, m)).astype(float)
        s = rng.random((q, m)) if rng.random() < 0.5 else rng.integers(0, 3, (q, m)).astype(float)
        w = rng.random(q) * 10.0 ** rng.uniform(-3, 3, q) + 1e-3
        for k in (None, int(rng.integers(1, m + 1))):
            _in01(ndcg_score(y, s, k=k, sample_weight=w), "ndcg_score")
            assert dcg_score(y, s, k=k, sample_weight=w) >= 0.0
