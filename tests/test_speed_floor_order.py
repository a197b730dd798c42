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
