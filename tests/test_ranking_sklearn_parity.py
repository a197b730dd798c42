"""dcg_score / ndcg_score against scikit-learn on random matrices (values to 1e-12)."""
from __future__ import annotations

import numpy as np
import pytest

sk = pytest.importorskip("sklearn.metrics")

from learnmetrics.ranking import dcg_score, ndcg_score  # noqa: E402

N_CASES = 250
ATOL = 1e-12


def _case(seed: int):
    """A random (y_true, y_score, k, sample_weight) with or without ties."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 30))
    m = int(rng.integers(2, 25))
    kind = seed % 4
    if kind == 0:  # graded relevance, continuous scores (no ties)
        y_true = rng.integers(0, 5, (n, m))
        y_score = rng.normal(size=(n, m))
    elif kind == 1:  # graded relevance, heavily tied scores
        y_true = rng.integers(0, 5, (n, m))
        y_score = rng.integers(0, 3, (n, m)).astype(float)
    elif kind == 2:  # binary relevance (multilabel indicator), some ties
        y_true = rng.integers(0, 2, (n, m))
        y_score = np.round(rng.random((n, m)), 1)
    else:  # continuous relevance, rows with all-zero relevance, ties
        y_true = rng.random((n, m)) * (rng.random((n, 1)) > 0.2)
        y_score = rng.integers(0, 6, (n, m)).astype(float)
    k = None if seed % 3 == 0 else int(rng.integers(1, m + 3))
    w = None if seed % 5 < 2 else rng.random(n) + 0.05
    return y_true, y_score, k, w


@pytest.mark.parametrize("ignore_ties", [False, True])
@pytest.mark.parametrize("seed", range(N_CASES))
def test_ndcg_matches_sklearn(seed, ignore_ties):
    y_true, y_score, k, w = _case(seed)
    ours = ndcg_score(y_true, y_score, k=k, sample_weight=w, ignore_ties=ignore_ties)
    theirs = sk.ndcg_score(y_true, y_score, k=k, sample_weight=w, ignore_ties=ignore_ties)
    assert isinstance(ours, float)
    assert ours == pytest.approx(theirs, rel=0, abs=ATOL)


@pytest.mark.parametrize("ignore_ties", [False, True])
@pytest.mark.parametrize("seed", range(N_CASES))
def test_dcg_matches_sklearn(seed, ignore_ties):
    y_true, y_score, k, w = _case(seed)
    log_base = [2, 10, np.e, 1.5, 3.7][seed % 5]
    ours = dcg_score(y_true, y_score, k=k, log_base=log_base, sample_weight=w, ignore_ties=ignore_ties)
    theirs = sk.dcg_score(y_true, y_score, k=k, log_base=log_base, sample_weight=w, ignore_ties=ignore_ties)
    assert ours == pytest.approx(theirs, rel=1e-12, abs=ATOL)


@pytest.mark.parametrize("seed", range(40))
def test_exponential_gain_matches_sklearn_on_transformed_grades(seed):
    y_true, y_score, k, w = _case(seed)
    y_true = np.round(y_true * (4 if seed % 4 == 3 else 1))  # integer grades
    ours = ndcg_score(y_true, y_score, k=k, sample_weight=w, gain="exponential")
    theirs = sk.ndcg_score(2.0 ** y_true - 1, y_score, k=k, sample_weight=w)
    assert ours == pytest.approx(theirs, rel=0, abs=ATOL)


def test_larger_matrices_with_ties():
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 5, (500, 100))
    y_score = rng.integers(0, 10, (500, 100)).astype(float)
    for k in (None, 1, 5, 10, 99):
        assert ndcg_score(y_true, y_score, k=k) == pytest.approx(sk.ndcg_score(y_true, y_score, k=k), abs=ATOL)
        assert dcg_score(y_true, y_score, k=k) == pytest.approx(sk.dcg_score(y_true, y_score, k=k), rel=1e-12)


@pytest.mark.parametrize(
    "y_true, y_score",
    [
        ([1, 0, 2], [0.3, 0.2, 0.1]),          # 1-D input
        ([[1], [0]], [[0.3], [0.2]]),          # a single item per query
    ],
)
def test_same_inputs_refused(y_true, y_score):
    with pytest.raises(ValueError):
        sk.ndcg_score(y_true, y_score)
    with pytest.raises(ValueError):
        ndcg_score(y_true, y_score)
    with pytest.raises(ValueError):
        sk.dcg_score(y_true, y_score)
    with pytest.raises(ValueError):
        dcg_score(y_true, y_score)


def test_negative_relevance_refused_by_ndcg_accepted_by_dcg_like_sklearn():
    y_true, y_score = [[1, -1, 2]], [[0.3, 0.2, 0.1]]
    with pytest.raises(ValueError):
        sk.ndcg_score(y_true, y_score)
    with pytest.raises(ValueError, match="non-negative"):
        ndcg_score(y_true, y_score)
    assert dcg_score(y_true, y_score) == pytest.approx(sk.dcg_score(y_true, y_score), abs=ATOL)
