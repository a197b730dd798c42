"""The counting pass over a window of codes guessed from the sample (issue 38, fourth round):
the same counts as over the full range measured first, whatever the sample misses, and the
labels {0, 1} found in two passes give the same classes and mask as their min and max."""
import numpy as np
import pytest

from learnmetrics import _counting as K
from learnmetrics import curves as C


def _cases(rng, n):
    yield "3 decimals", np.round(1 / (1 + np.exp(-rng.normal(size=n))), 3)
    yield "1 decimal, both signs", np.round(rng.normal(size=n) * 3, 1)
    yield "negative integers", -rng.integers(0, 200, n).astype(float)
    yield "6 decimals", np.round(rng.random(n) * 0.002, 6)
    s = np.round(0.5 + rng.random(n) * 0.01, 3)  # the sample sees a narrow band ...
    s[rng.integers(0, n, 3)] = [0.0, 1.0, 2.5]  # ... and misses these: beyond the window
    yield "rare extremes", s
    s = np.round(rng.random(n), 2)
    s[rng.integers(0, n)] = 1e6  # beyond the window and beyond the codes allowed: refused
    yield "far outlier", s
    s = np.round(rng.random(n), 2)
    s[rng.integers(0, n)] = 0.1 + 0.2  # not a code, inside the window
    yield "non-code", s
    s = np.round(0.5 + rng.random(n) * 0.01, 3)
    s[rng.integers(0, n)] = 3.0000001  # not a code, beyond the window
    yield "non-code beyond", s
    s = np.where(rng.random(n) < 0.3, -0.0, np.round(rng.random(n), 2))
    yield "negative zeros", s
    yield "huge codes", rng.integers(0, 50, n) + 2.0**47


def _exact(s):
    """The plan over the full range measured first (the counting pass before this round)."""
    plan = K._decimal_scale(s)
    return None if plan is None else K._decimal_range(s, plan[0])


@pytest.mark.parametrize("n", [16_384, 65_537, 131_071])
def test_window_tally_equals_full_range_tally(n):
    rng = np.random.default_rng(n)
    outcomes = set()
    for name, s in _cases(rng, n):
        pos = rng.random(n) < 0.3
        m = int(pos.sum())
        plan, exact = K._decimal_scale(s), _exact(s)
        got = None if plan is None else K._tally(pos, s, *plan)
        want = None if exact is None else K._tally(pos, s, *exact)
        assert (got is None) == (want is None), name
        outcomes.add(got is None)
        if got is None:
            assert K._groups_counting(pos, s, m) is None, name
            continue
        # the codes present, counted from each plan's lo, are the same codes
        assert np.array_equal(got[0] + plan[1], want[0] + exact[1]), name
        for a, b in zip(got[1:], want[1:]):
            assert a.tobytes() == b.tobytes(), name
        division = K._tally_by_division(pos, s, *plan)
        for a, b in zip(got, division):
            assert a.tobytes() == b.tobytes(), name
        # and the groups equal those of one argsort
        small = K._groups_small(pos, s, m)
        g = K._groups_counting(pos, s, m)
        for f in ("values", "pos_below", "neg_below"):
            assert getattr(g, f).tobytes() == getattr(small, f).tobytes(), (name, f)
    assert outcomes == {True, False}


@pytest.mark.parametrize("where", [(1,), (-1,), (70_000,), (65_535, 65_536), (3, 140_000), (140_000, 5)])
def test_tally_goes_on_over_the_full_range_from_the_block_where_it_stopped(where):
    rng = np.random.default_rng(len(where) + where[0])
    n = 150_000
    s = np.round(0.5 + rng.random(n) * 0.01, 3)
    for i, v in zip(where, (0.0, 2.5)):
        s[i] = v
    pos = rng.random(n) < 0.4
    plan, exact = K._decimal_scale(s), _exact(s)
    assert plan[1] > 0 and exact[1] == 0  # the window misses 0.0 (index 0 is in the sample)
    for tally in (K._tally, K._tally_by_division):
        got, want = tally(pos, s, *plan), tally(pos, s, *exact)
        assert np.array_equal(got[0] + plan[1], want[0] + exact[1])
        for a, b in zip(got[1:], want[1:]):
            assert a.tobytes() == b.tobytes()
    s[n // 3] = 0.1 + 0.2  # and a score that is not a code: refused
    assert K._tally(pos, s, *plan) is None and K._tally_by_division(pos, s, *plan) is None


def test_window_holds_the_sample_within_the_bounds():
    rng = np.random.default_rng(1)
    for n in (16_384, 100_000, 1_000_000):
        s = np.round(rng.random(n) * rng.choice([1, 30, 500]), 2)
        plan = K._decimal_scale(s)
        if plan is None:
            continue
        scale, lo, n_codes = plan
        sample = s[:: max(1, n // K._TALLY_SAMPLE)]
        assert lo <= np.rint(sample.min() * scale) and np.rint(sample.max() * scale) <= lo + n_codes - 1
        assert n_codes <= K._TALLY_MAX_CODES and n_codes * K._TALLY_N_PER_CODE <= n


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.int8, np.uint8, np.uint64])
def test_labels01_equals_min_max_and_mask(dtype):
    rng = np.random.default_rng(2)
    for values in ([0, 1], [0], [1], [-1, 1], [0, 1, 2], [2, 3], [-1, 0]):
        if np.dtype(dtype).kind == "u" and min(values) < 0:
            continue
        y = np.asarray(rng.choice(values, 5000), dtype=dtype)
        for arr in (y, y[::3]):
            found = C._labels01(arr)
            if set(np.unique(arr).tolist()) <= {0, 1}:
                classes, mask = found
                assert classes.dtype == arr.dtype
                assert classes.tobytes() == C._unique_small(arr).tobytes()
                assert mask.dtype == bool and np.array_equal(mask, arr == 1)
            else:
                assert found is None
    assert C._labels01(np.array([2**56, 0], dtype=">i8")) is None  # (read as unsigned, 2**56 would be 1)
    assert C._labels01(np.array([True, False])) is None
    assert C._labels01(np.array([0.0, 1.0])) is None


def test_areas_with_the_mask_made_once_equal_those_with_bool_labels():
    rng = np.random.default_rng(3)
    for n in (50, 20_000):
        s = np.round(rng.random(n), 2)
        for p in (0.0, 0.3, 1.0):
            yb = rng.random(n) < p
            for y in (yb.astype(np.int64), yb.astype(np.uint8)):
                with np.errstate(all="ignore"), pytest.warns() if p in (0.0, 1.0) else _nothing():
                    got = (C.roc_auc_score(y, s), C.average_precision_score(y, s))
                with np.errstate(all="ignore"), pytest.warns() if p in (0.0, 1.0) else _nothing():
                    want = (C.roc_auc_score(yb, s), C.average_precision_score(yb, s))
                assert np.array(got).tobytes() == np.array(want).tobytes()
            if 0 < p < 1:  # pos_label other than 1 still compares the labels
                y = yb.astype(np.int64)
                assert C.average_precision_score(y, s, pos_label=0) == C.average_precision_score(~yb, s)


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
