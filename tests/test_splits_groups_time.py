"""Grouped k-fold and forward-chaining splits (chapter 13): properties and scikit-learn parity."""
import numpy as np
import pytest

import learnmetrics as lm


def _random_groups(rng):
    n = int(rng.integers(4, 80))
    n_groups = int(rng.integers(2, min(n, 15) + 1))
    g = rng.integers(0, n_groups, n)
    g[:2] = [0, 1]
    return g


def test_no_group_on_both_sides_and_folds_partition():
    rng = np.random.default_rng(0)
    for i in range(300):
        g = _random_groups(rng)
        if i % 3 == 0:
            g = np.array([f"field{v}" for v in g])
        k = int(rng.integers(2, np.unique(g).size + 1))
        pairs = list(lm.group_kfold_split(g, k=k, shuffle=bool(i % 2), rng=i))
        assert len(pairs) == k
        seen = np.concatenate([te for _, te in pairs])
        assert np.array_equal(np.sort(seen), np.arange(len(g)))
        for tr, te in pairs:
            assert not set(g[tr].tolist()) & set(g[te].tolist())
            assert np.array_equal(np.union1d(tr, te), np.arange(len(g)))


def test_unshuffled_folds_equal_sklearn_group_kfold():
    model_selection = pytest.importorskip("sklearn.model_selection")
    rng = np.random.default_rng(1)
    for _ in range(200):
        g = _random_groups(rng)
        k = int(rng.integers(2, np.unique(g).size + 1))
        ours = [te.tolist() for _, te in lm.group_kfold_split(g, k=k)]
        ref = [te.tolist() for _, te in model_selection.GroupKFold(n_splits=k).split(np.zeros(len(g)), groups=g)]
        assert ours == ref


def test_time_series_split_equals_sklearn():
    model_selection = pytest.importorskip("sklearn.model_selection")
    rng = np.random.default_rng(2)
    checked = 0
    for _ in range(400):
        n = int(rng.integers(3, 60))
        kw = dict(n_splits=int(rng.integers(2, 7)))
        if rng.random() < 0.5:
            kw["test_size"] = int(rng.integers(1, 10))
        if rng.random() < 0.5:
            kw["gap"] = int(rng.integers(0, 4))
        if rng.random() < 0.5:
            kw["max_train_size"] = int(rng.integers(1, 20))
        try:
            ref = [(a.tolist(), b.tolist()) for a, b in model_selection.TimeSeriesSplit(**kw).split(np.zeros(n))]
        except ValueError:
            with pytest.raises(ValueError):
                list(lm.time_series_split(n, **kw))
            continue
        ours = [(a.tolist(), b.tolist()) for a, b in lm.time_series_split(n, **kw)]
        assert ours == ref
        for tr, te in ours:  # the past only
            assert not tr or max(tr) < min(te)
        checked += 1
    assert checked > 200


def test_errors_name_the_argument():
    with pytest.raises(ValueError, match="k"):
        list(lm.group_kfold_split([1, 1, 2, 2], k=3))
    with pytest.raises(ValueError, match="n_splits"):
        list(lm.time_series_split(4, n_splits=5))
    with pytest.raises(ValueError, match="gap"):
        list(lm.time_series_split(10, n_splits=3, test_size=3, gap=2))
