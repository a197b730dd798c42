"""Properties of the splitting functions in learnmetrics.splits."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import learnmetrics as lm
from learnmetrics.splits import bootstrap_split, holdout_split, kfold_split, leave_one_out, oob_probability, repeated_kfold


def labels(draw_counts):
    return np.repeat(np.arange(len(draw_counts)), draw_counts)


class_counts = st.lists(st.integers(2, 40), min_size=1, max_size=4)


# -- hold-out ---------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(counts=class_counts, test_size=st.floats(0.05, 0.95), seed=st.integers(0, 2**32 - 1), stratify=st.booleans())
def test_holdout_disjoint_covering_and_stratified(counts, test_size, seed, stratify):
    y = np.random.default_rng(seed).permutation(labels(counts))
    m = len(y)
    try:
        train, test = holdout_split(y, test_size=test_size, stratify=stratify, rng=seed)
    except ValueError as exc:  # only the documented reasons
        assert "test_size" in str(exc)
        return
    assert len(np.intersect1d(train, test)) == 0
    assert np.array_equal(np.sort(np.concatenate([train, test])), np.arange(m))
    assert np.all(np.diff(train) > 0) and np.all(np.diff(test) > 0)
    assert len(test) == int(np.ceil(test_size * m))  # as scikit-learn: the float product, then ceil
    if stratify:
        quotas = np.array(counts) * len(test) / m
        room = quotas.min() >= 1 and (np.array(counts) - quotas).min() >= 1
        for c, n_c in enumerate(counts):
            got = np.sum(y[test] == c)
            assert 1 <= got <= n_c - 1  # one of each class on both sides
            if room:  # no class needed lifting to one: within one sample of the quota
                assert abs(got - quotas[c]) < 1


def test_holdout_reproducible_with_seed_and_generator():
    y = labels([30, 10])
    a = holdout_split(y, test_size=0.3, rng=7)
    b = holdout_split(y, test_size=0.3, rng=np.random.default_rng(7))
    c = holdout_split(y, test_size=0.3, rng=8)
    assert all(np.array_equal(u, v) for u, v in zip(a, b))
    assert not np.array_equal(a[1], c[1])


def test_holdout_stratified_keeps_proportion_exactly_when_possible():
    y = labels([80, 20])
    _, test = holdout_split(y, test_size=0.25, rng=0)
    assert np.sum(y[test] == 1) == 5 and len(test) == 25


def test_holdout_unstratified_can_lose_a_class_stratified_cannot():
    y = labels([95, 5])
    lost = sum(np.sum(y[holdout_split(y, test_size=0.2, stratify=False, rng=s)[1]]) == 0 for s in range(200))
    assert lost > 50  # P(no positive among 20 of 100) is about 0.32
    kept = [np.sum(y[holdout_split(y, test_size=0.2, rng=s)[1]]) for s in range(50)]
    assert set(kept) == {1}


@pytest.mark.parametrize("test_size", [0, 1, -0.1, 1.5, float("nan")])
def test_holdout_rejects_test_size_outside_open_unit_interval(test_size):
    with pytest.raises(ValueError, match="test_size"):
        holdout_split([0, 1, 0, 1], test_size=test_size)


def test_holdout_bad_input():
    with pytest.raises(TypeError, match="test_size"):
        holdout_split([0, 1, 0, 1], test_size="0.5")
    with pytest.raises(ValueError, match="test_size"):  # 0.01 of 10 samples -> 1 test sample, 2 classes
        holdout_split(labels([5, 5]), test_size=0.01)
    with pytest.raises(ValueError, match="test_size"):
        holdout_split(labels([5, 5]), test_size=0.99)
    with pytest.raises(ValueError, match="only 1 member"):
        holdout_split([0, 0, 0, 1], test_size=0.5)
    with pytest.raises(TypeError, match="stratify"):
        holdout_split([0, 1, 0, 1], test_size=0.5, stratify="yes")
    with pytest.raises(TypeError, match="rng"):
        holdout_split([0, 1, 0, 1], test_size=0.5, rng="seed")
    with pytest.raises(ValueError, match="y"):
        holdout_split([], test_size=0.5)
    # unstratified, a single test sample is fine
    train, test = holdout_split([0, 0, 0, 1], test_size=0.25, stratify=False, rng=0)
    assert len(test) == 1 and len(train) == 3


# -- k-fold -----------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(counts=class_counts, k=st.integers(2, 12), seed=st.integers(0, 2**32 - 1),
       stratify=st.booleans(), shuffle=st.booleans())
def test_kfold_partitions_with_balanced_sizes(counts, k, seed, stratify, shuffle):
    y = np.random.default_rng(seed).permutation(labels(counts))
    m = len(y)
    if k > m:
        with pytest.raises(ValueError, match="k"):
            kfold_split(y, k=k)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        pairs = list(kfold_split(y, k=k, stratify=stratify, shuffle=shuffle, rng=seed))
    assert len(pairs) == k
    tests = [t for _, t in pairs]
    assert np.array_equal(np.sort(np.concatenate(tests)), np.arange(m))  # test folds partition D
    sizes = [len(t) for t in tests]
    assert max(sizes) - min(sizes) <= 1
    for train, test in pairs:
        assert len(np.intersect1d(train, test)) == 0 and len(train) + len(test) == m
    if stratify:
        for c, n_c in enumerate(counts):
            per_fold = [np.sum(y[t] == c) for t in tests]
            assert max(per_fold) - min(per_fold) <= 1
            assert sum(per_fold) == n_c


def test_kfold_reproducible_and_shuffle_false_deterministic():
    y = labels([13, 7])
    a = [t for _, t in kfold_split(y, k=4, rng=3)]
    b = [t for _, t in kfold_split(y, k=4, rng=3)]
    assert all(np.array_equal(u, v) for u, v in zip(a, b))
    c = [t.tolist() for _, t in kfold_split(np.zeros(7), k=3, stratify=False, shuffle=False)]
    assert c == [[0, 1, 2], [3, 4], [5, 6]]


def test_kfold_small_class_warns_and_falls_back():
    y = labels([10, 2])
    with pytest.warns(UserWarning, match="fewer than k=3"):
        tests = [t for _, t in kfold_split(y, k=3, rng=0)]
    assert sorted(np.sum(y[t] == 1) for t in tests) == [0, 1, 1]


@pytest.mark.parametrize("k", [1, 0, -2, 11])
def test_kfold_rejects_bad_k(k):
    with pytest.raises(ValueError, match="k must be"):
        kfold_split(labels([5, 5]), k=k)


def test_kfold_bad_types():
    with pytest.raises(TypeError, match="k"):
        kfold_split(labels([5, 5]), k=2.5)
    with pytest.raises(ValueError, match="at least 2"):
        kfold_split([1], k=2)
    with pytest.raises(TypeError, match="shuffle"):
        kfold_split(labels([5, 5]), k=2, shuffle=None)


def test_repeated_kfold():
    y = labels([12, 8])
    pairs = list(repeated_kfold(y, k=5, repeats=3, rng=0))
    assert len(pairs) == 15
    for r in range(3):
        tests = [t for _, t in pairs[5 * r : 5 * r + 5]]
        assert np.array_equal(np.sort(np.concatenate(tests)), np.arange(20))
    assert not all(np.array_equal(pairs[i][1], pairs[i + 5][1]) for i in range(5))  # fresh folds
    with pytest.raises(ValueError, match="repeats"):
        repeated_kfold(y, k=5, repeats=0)
    with pytest.raises(ValueError, match="k must be"):
        repeated_kfold(y, k=21, repeats=2)


# -- leave-one-out ----------------------------------------------------------------------
def test_leave_one_out():
    pairs = list(leave_one_out(5))
    assert [t.tolist() for _, t in pairs] == [[0], [1], [2], [3], [4]]
    assert pairs[2][0].tolist() == [0, 1, 3, 4]
    for bad, err in [(1, ValueError), (0, ValueError), (2.0, TypeError), ("5", TypeError)]:
        with pytest.raises(err, match="n"):
            leave_one_out(bad)


# -- bootstrap --------------------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(m=st.integers(1, 300), seed=st.integers(0, 2**32 - 1))
def test_bootstrap_split_properties(m, seed):
    train, oob = bootstrap_split(m, rng=seed)
    assert len(train) == m and np.all((train >= 0) & (train < m))
    assert np.all(np.diff(train) >= 0)
    assert len(np.intersect1d(train, oob)) == 0
    assert np.array_equal(np.union1d(train, oob), np.arange(m))
    if m == 1:
        assert len(oob) == 0


def test_bootstrap_oob_share_converges_to_one_over_e():
    rng = np.random.default_rng(0)
    m = 2000
    shares = [len(bootstrap_split(m, rng=rng)[1]) / m for _ in range(200)]
    assert abs(np.mean(shares) - oob_probability(m)) < 0.003
    assert abs(oob_probability(10**7) - np.exp(-1)) < 1e-7
    p = oob_probability(np.arange(1, 200))
    assert p[0] == 0 and np.all(np.diff(p) > 0) and np.all(p < np.exp(-1))
    assert oob_probability(2) == 0.25


def test_bootstrap_bad_input():
    with pytest.raises(ValueError, match="m"):
        bootstrap_split(0)
    with pytest.raises(TypeError, match="m"):
        bootstrap_split(3.5)
    with pytest.raises(ValueError, match="m"):
        oob_probability(0)
    with pytest.raises(TypeError, match="m"):
        oob_probability(2.5)


def test_reexported():
    for name in ["holdout_split", "kfold_split", "repeated_kfold", "leave_one_out", "bootstrap_split", "oob_probability"]:
        assert getattr(lm, name) is getattr(lm.splits, name)


# -- scikit-learn's hold-out sizes --------------------------------------------------------
def test_holdout_sizes_match_scikit_learn_on_many_values():
    sk_ms = pytest.importorskip("sklearn.model_selection")
    assert len(holdout_split(np.arange(100) % 2, test_size=0.07, rng=0)[1]) == 8  # 0.07 * 100 = 7.000000000000001
    rng = np.random.default_rng(0)
    shares = np.concatenate([np.round(np.arange(0.01, 1.0, 0.01), 2), rng.uniform(0.01, 0.99, 200)])
    checked = 0
    for m in (4, 7, 10, 33, 40, 100, 101, 377, 569, 1000):
        for share in shares:
            try:
                sk_train, sk_test = sk_ms.train_test_split(np.arange(m), test_size=float(share), random_state=0)
            except ValueError:  # scikit-learn refuses an empty side: so do we
                with pytest.raises(ValueError, match="test_size"):
                    holdout_split(np.arange(m) % 2, test_size=float(share), stratify=False, rng=0)
                continue
            train, test = holdout_split(np.arange(m) % 2, test_size=float(share), stratify=False, rng=0)
            assert (len(train), len(test)) == (len(sk_train), len(sk_test)), (m, share)
            checked += 1
    assert checked > 2500


def test_repeated_kfold_is_lazy_and_checked_at_once():
    gen = repeated_kfold([0, 1] * 5, k=5, repeats=10**20, rng=0)  # returns at once
    first = [next(gen) for _ in range(7)]
    assert len(first) == 7
    with pytest.raises(TypeError, match="stratify"):
        repeated_kfold([0, 1] * 5, k=5, repeats=10**20, stratify="yes")  # raised at the call, not at iteration


# -- every public function: a table of bad arguments (wrong type, out of range, empty, NaN) --
Y = [0, 1, 0, 1, 0, 1]

BAD_ARGUMENTS = [
    # holdout_split
    (lambda: holdout_split(Y, test_size="0.5"), TypeError, "test_size must be a real number"),
    (lambda: holdout_split(Y, test_size=1.5), ValueError, "test_size must be in"),
    (lambda: holdout_split(Y, test_size=float("nan")), ValueError, "test_size must be in"),
    (lambda: holdout_split([], test_size=0.5), ValueError, "y is empty"),
    (lambda: holdout_split([0, float("nan"), 1, 1], test_size=0.5), ValueError, "y must not contain NaN"),
    (lambda: holdout_split(["a", 1, "a", 1], test_size=0.5), TypeError, "y mixes strings and numbers"),
    (lambda: holdout_split(Y, test_size=0.5, stratify="False"), TypeError, "stratify must be True or False"),
    (lambda: holdout_split(Y, test_size=0.5, rng="seed"), TypeError, "rng must be"),
    (lambda: holdout_split(5, test_size=0.5), TypeError, "y must be array-like"),
    # kfold_split
    (lambda: kfold_split(Y, k="3"), TypeError, "k must be an integer"),
    (lambda: kfold_split(Y, k=float("nan")), TypeError, "k must be an integer"),
    (lambda: kfold_split(Y, k=7), ValueError, "k must be between 2 and 6"),
    (lambda: kfold_split([], k=2), ValueError, "y is empty"),
    (lambda: kfold_split([0.5, 1.0], k=2), ValueError, "continuous values"),
    (lambda: kfold_split(Y, k=2, stratify=1), TypeError, "stratify must be True or False"),
    (lambda: kfold_split(Y, k=2, shuffle="no"), TypeError, "shuffle must be True or False"),
    # repeated_kfold
    (lambda: repeated_kfold(Y, k=2, repeats=0), ValueError, "repeats must be >= 1"),
    (lambda: repeated_kfold(Y, k=2, repeats=2.0), TypeError, "repeats must be an integer"),
    (lambda: repeated_kfold(Y, k=2, repeats=float("nan")), TypeError, "repeats must be an integer"),
    (lambda: repeated_kfold([], k=2, repeats=2), ValueError, "y is empty"),
    (lambda: repeated_kfold(Y, k=1, repeats=2), ValueError, "k must be between 2 and 6"),
    # leave_one_out
    (lambda: leave_one_out(1), ValueError, "n must be between 2"),
    (lambda: leave_one_out(10**20), ValueError, "n must be between 2 and 100000000"),
    (lambda: leave_one_out(float("nan")), TypeError, "n must be an integer"),
    (lambda: leave_one_out([3]), TypeError, "n must be an integer"),
    # bootstrap_split
    (lambda: bootstrap_split(0), ValueError, "m must be between 1"),
    (lambda: bootstrap_split(10**12), ValueError, "m must be between 1 and 100000000"),
    (lambda: bootstrap_split(True), TypeError, "m must be an integer"),
    (lambda: bootstrap_split(float("nan")), TypeError, "m must be an integer"),
    (lambda: bootstrap_split(5, rng=1.5), TypeError, "rng must be"),
    # oob_probability
    (lambda: oob_probability(np.inf), ValueError, "m must hold finite integers"),
    (lambda: oob_probability(-np.inf), ValueError, "m must hold finite integers"),
    (lambda: oob_probability(float("nan")), ValueError, "m must hold finite integers"),
    (lambda: oob_probability([2, np.nan]), ValueError, "m must hold finite integers"),
    (lambda: oob_probability(0), ValueError, "m must be >= 1"),
    (lambda: oob_probability(2.5), TypeError, "m must hold integers"),
    (lambda: oob_probability(True), TypeError, "m must be an integer"),
    (lambda: oob_probability("10"), TypeError, "m must be an integer"),
    (lambda: oob_probability([]), ValueError, "m is empty"),
    (lambda: oob_probability([1, "a"]), TypeError, "m must be an integer"),
]


@pytest.mark.parametrize("call, exc, match", BAD_ARGUMENTS)
def test_bad_arguments_are_refused_with_a_clear_message(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_oob_probability_legal_extremes():
    assert oob_probability(10**18) == pytest.approx(np.exp(-1))
    assert oob_probability(1e6) == oob_probability(10**6)  # whole-valued floats are fine
    assert np.isfinite(oob_probability(np.array([1, 2, 10**15]))).all()
