"""Issue 38's shortcuts give the same floats as the paths they skip: the weighted order by one
np.sort of (score bits | index) keys is exactly argsort(-s, kind="stable"); roc_curve and
precision_recall_curve finished from the sorted packed keys equal the rows built, dropped and
divided the general way, byte for byte."""
import numpy as np

from learnmetrics import _counting as K


def _scores(rng, n):
    base = rng.normal(size=n)
    yield base
    yield np.where(rng.random(n) < 0.3, np.round(base, 1), base)
    yield rng.choice([-0.0, 0.0, 1.0, -1.0, 5e-324, -5e-324, 1e308, -1e308], n)
    yield 1 + rng.integers(0, 1000, n) * 2.0**-52  # runs of keys equal above the index bits
    yield np.where(rng.random(n) < 0.5, 0.5, 0.5 + rng.integers(0, 3, n) * 2.0**-53)
    yield -rng.random(n) * 10
    yield rng.random(n)


def test_packed_order_is_the_stable_descending_argsort():
    rng = np.random.default_rng(38)
    for n in (5000, 70_000):
        for s in _scores(rng, n):
            order, s_sorted = K._desc_order_packed(s)
            want = np.argsort(-s, kind="stable")
            assert np.array_equal(order, want)
            assert s_sorted.tobytes() == s[want].tobytes()


def test_curves_from_packed_keys_equal_the_rows():
    rng = np.random.default_rng(39)
    for n in (2, 3, 5, 50, 70_000):
        for s in _scores(rng, n):
            for frac in (0.01, 0.3, 0.99):
                pos = rng.random(n) < frac
                m = int(pos.sum())
                packed = K._packed_sorted(pos, s)
                if packed is None or not 0 < m < n or K._packed_has_ties(packed[0]):
                    continue
                thr, tp, fp = K._rows_from_packed(*packed, m)
                t2, p2, f2 = K._drop_collinear(thr.copy(), tp.copy(), fp.copy())
                want_roc = (f2 / f2[-1], p2 / p2[-1], t2)
                for a, b in zip(K._roc_from_packed(*packed, m), want_roc):
                    assert a.tobytes() == b.tobytes(), n
                prec = np.append((tp / (tp + fp))[:0:-1], 1.0)
                rec = np.append((tp / tp[-1])[:0:-1], 0.0)
                want_pr = (prec, rec, thr[:0:-1])
                got = K._pr_from_packed(packed[0].copy(), packed[1], m)
                for a, b in zip(got, want_pr):
                    assert a.tobytes() == b.tobytes(), n


def test_packed_order_without_the_sorted_scores():
    """need_sorted=False: the same permutation, and None for the sorted scores only when every
    score is distinct (runs of keys equal above the index bits are checked on the scores)."""
    rng = np.random.default_rng(40)
    for s in _scores(rng, 20_000):
        order, s_sorted = K._desc_order_packed(s, need_sorted=False)
        want = np.argsort(-s, kind="stable")
        assert np.array_equal(order, want)
        distinct = np.unique(s).size == s.size  # -0.0 == 0.0: one value
        assert (s_sorted is None) == distinct
        if s_sorted is not None:
            assert s_sorted.tobytes() == s[want].tobytes()


def _weight_sets(rng, n, pos):
    yield rng.uniform(0, 2, n)
    yield rng.uniform(0, 2, n) * 1e300
    yield rng.uniform(0, 2, n) * 1e-300
    yield np.where(pos, 1e-200, 1e200) * rng.uniform(0.5, 1, n)  # a span beyond float64 (issue 37)
    yield np.where(pos, 5e-324, 1.0)  # a class of subnormal weights: np.ldexp
    yield np.where(pos, 3.0, 5e-324)
    yield np.full(n, 0.75)
    yield np.where(pos, 1.7e308, 1.0)


def test_signed_weights_are_the_scaled_weights():
    """Label in the sign bit, weight as the scaling functions make it, byte for byte (a power of
    two by multiplication where it is a float, else np.ldexp)."""
    rng = np.random.default_rng(41)
    for n in (1, 7, 40_000):
        for frac in (0.0, 0.3, 1.0):
            pos = rng.random(n) < frac
            for w in _weight_sets(rng, n, pos):
                for per_class in (False, True):
                    ws = K._signed_weights(pos, w, per_class, True)
                    want = K._class_scale(pos, w) if per_class else K._unit_scale(w)
                    assert np.array_equal(np.signbit(ws), pos)
                    assert np.abs(ws).tobytes() == np.asarray(want, dtype=float).tobytes()
                signed, shift, may_lose = K._signed_sum_scale(pos, w)
                want, want_shift = K._class_sum_scale(pos, w)
                assert np.array_equal(np.signbit(signed), pos) and shift == want_shift
                assert np.abs(signed).tobytes() == want.tobytes()
                assert may_lose or not ((want == 0) & (w > 0)).any()


def test_weighted_counts_without_thresholds():
    """The areas' counts (thresholds=False) are the curves' counts."""
    rng = np.random.default_rng(42)
    for s in _scores(rng, 20_000):
        pos = rng.random(s.size) < 0.3
        w = rng.uniform(0, 2, s.size)
        w[::11] = 0.0
        thr, tp, fp = K._counts_weighted(pos, s, w, per_class=True)
        thr2, tp2, fp2 = K._counts_weighted(pos, s, w, per_class=True, thresholds=False)
        assert tp.tobytes() == tp2.tobytes() and fp.tobytes() == fp2.tobytes()
        assert thr2 is None or thr2.tobytes() == thr.tobytes()
