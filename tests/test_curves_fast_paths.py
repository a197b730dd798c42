"""The exact paths behind the curves (issue 18) agree with each other to the last bit.

Unweighted counts come from one of three paths: one argsort (small inputs), the
counting pass (decimal scores over a bounded range, no comparison sort) and the
merge of the two classes' sorted scores.  Weighted counts need the stable
decreasing order, made by a radix sort of 16-bit codes, a plain argsort (no
ties) or the stable sort.  Each path is forced here on the same random inputs
(ties, weights, one class, n = 1) and every public result must be the same
floats, byte for byte.
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest

import learnmetrics._counting as K  # the counting engine behind the curves
import learnmetrics.curves as C

FUNCS = ["roc_curve", "precision_recall_curve", "roc_auc_score", "average_precision_score",
         "stepping_table", "rank_loss", "auc_mann_whitney", "break_even_point"]
WEIGHTED = ["roc_curve", "precision_recall_curve", "roc_auc_score", "average_precision_score",
            "stepping_table", "rank_loss", "auc_mann_whitney"]


def _scores(kind: str, n: int, rng) -> np.ndarray:
    if kind == "distinct":
        return rng.normal(size=n)
    if kind == "3 decimals":
        return np.round(rng.random(n), 3)
    if kind == "ratings":
        return rng.integers(1, 6, n).astype(float)
    if kind == "1 decimal, wide":
        return np.round(rng.normal(size=n) * 100, 1)
    if kind == "2 decimals but one":  # the sample says "decimal", one score is not: fall back
        s = np.round(rng.random(n), 2)
        s[rng.integers(0, n)] = 0.12345
        return s
    if kind == "thirds":  # ties, but not decimal: merge path with ties
        return rng.integers(-3, 4, n) / 3.0
    if kind == "signed zeros":
        s = rng.integers(-2, 3, n) * 0.5
        s[s == 0] = np.where(rng.random(int((s == 0).sum())) < 0.5, -0.0, 0.0)
        return s
    raise AssertionError(kind)


KINDS = ["distinct", "3 decimals", "ratings", "1 decimal, wide", "2 decimals but one", "thirds", "signed zeros"]


def _same(a, b) -> bool:
    if isinstance(a, tuple) and not hasattr(a, "_fields"):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, C.SteppingTable):
        return all(_same(getattr(a, f), getattr(b, f)) for f in
                   ("thresholds", "tp", "fp", "fn", "tn", "precision", "recall", "fpr", "n_pos", "n_neg"))
    if isinstance(a, C.BreakEvenPoint):
        return a == b
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


def _call(name, y, s, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return getattr(C, name)(y, s, **kw)
        except ValueError as exc:
            return repr(exc)


@pytest.fixture
def force(monkeypatch):
    """force('sort') / force('count') / force('small'): make one path the only one."""

    def _force(path: str):
        monkeypatch.setattr(K, "_SMALL_N", 10**12 if path == "small" else 0)
        if path == "sort":
            monkeypatch.setattr(K, "_decimal_scale", lambda s: None)
        else:
            monkeypatch.setattr(K, "_TALLY_MIN_N", 1)
            monkeypatch.setattr(K, "_TALLY_N_PER_CODE", 0)

    return _force


def _inputs(seed: int, sizes=(1, 2, 7, 60, 3000, 40000)):
    rng = np.random.default_rng(seed)
    for n in sizes:
        for kind in KINDS:
            for p in (0.0, 0.3, 1.0) if n < 100 else (0.02, 0.4):
                y = (rng.random(n) < p).astype(np.int64)
                yield n, kind, y, _scores(kind, n, rng)


@pytest.mark.parametrize("seed", [0, 1])
def test_unweighted_paths_agree_bit_for_bit(seed, force, monkeypatch):
    cases = list(_inputs(seed))
    results = {}
    tallied = []
    real_tally = K._tally
    for path in ("sort", "count", "small"):
        force(path)
        if path == "count":
            monkeypatch.setattr(K, "_tally", lambda *a: tallied.append(real_tally(*a)) or tallied[-1])
        results[path] = [[_call(f, y, s) for f in FUNCS] for _, _, y, s in cases]
        monkeypatch.undo()
    assert sum(t is not None for t in tallied) > 100 and any(t is None for t in tallied)  # both outcomes seen
    results["auto"] = [[_call(f, y, s) for f in FUNCS] for _, _, y, s in cases]
    for i, (n, kind, y, _) in enumerate(cases):
        for j, f in enumerate(FUNCS):
            ref = results["sort"][i][j]
            for path in ("count", "small", "auto"):
                got = results[path][i][j]
                assert type(got) is type(ref) and (got == ref if isinstance(ref, str) else _same(got, ref)), (
                    f"{f}: {path} path differs from the sorting path (n={n}, {kind}, m+={int(y.sum())})")


@pytest.mark.parametrize("seed", [0, 1])
def test_weighted_orders_agree_bit_for_bit(seed, force, monkeypatch):
    rng = np.random.default_rng(100 + seed)
    cases = []
    for n, kind, y, s in _inputs(seed, sizes=(1, 5, 60, 40000)):
        w = rng.uniform(0, 2, n) if rng.random() < 0.5 else rng.integers(0, 4, n)
        if n > 1:
            w[rng.random(n) < 0.2] = 0
        if not np.any(w):
            w[0] = 1
        cases.append((n, kind, y, s, w))
    results = {}
    coded = []
    real_codes = K._codes_desc16
    for path in ("sort", "count"):
        force(path)
        if path == "count":
            monkeypatch.setattr(K, "_codes_desc16", lambda *a: coded.append(real_codes(*a)) or coded[-1])
        results[path] = [[_call(f, y, s, sample_weight=w) for f in WEIGHTED] for _, _, y, s, w in cases]
        monkeypatch.undo()
    assert sum(c is not None for c in coded) > 20
    for i, (n, kind, y, _, _) in enumerate(cases):
        for j, f in enumerate(WEIGHTED):
            ref, got = results["sort"][i][j], results["count"][i][j]
            assert type(got) is type(ref) and (got == ref if isinstance(ref, str) else _same(got, ref)), (
                f"{f} weighted: counting order differs from sorting (n={n}, {kind})")


@pytest.mark.parametrize("kind", KINDS)
def test_desc_order_is_the_stable_descending_order(kind, monkeypatch):
    monkeypatch.setattr(K, "_TALLY_MIN_N", 1)
    monkeypatch.setattr(K, "_TALLY_N_PER_CODE", 0)
    rng = np.random.default_rng(7)
    for n in (1, 2, 50, 20000):
        s = _scores(kind, n, rng)
        order, s_sorted = K._desc_order(s)
        expected = np.argsort(-s, kind="stable")
        assert np.array_equal(order, expected)
        assert s_sorted.tobytes() == s[expected].tobytes()


def test_group_paths_give_the_same_counts():
    rng = np.random.default_rng(3)
    for n in (1, 2, 3, 17, 500, 20000):
        for kind in KINDS:
            s = _scores(kind, n, rng)
            pos = rng.random(n) < 0.35
            m = int(pos.sum())
            small = K._rows_from_groups(K._groups_small(pos, s, m))
            merged = K._rows_from_merge(*K._merge(pos, s, m), m)
            for a, b in zip(small, merged):
                assert a.tobytes() == b.tobytes(), (n, kind)
            plan = K._decimal_scale(s) if n >= K._TALLY_MIN_N else None
            if plan is not None:
                tallied = K._tally(pos, s, *plan)
                if tallied is not None:
                    g = K._groups_counting(pos, s, m)
                    for a, b in zip(K._rows_from_groups(g), merged):
                        assert a.tobytes() == b.tobytes(), (n, kind)


def test_counting_pass_decides_from_the_data():
    rng = np.random.default_rng(5)
    n = 50_000
    assert K._decimal_scale(rng.normal(size=n)) is None  # distinct: refused on the sample
    assert K._decimal_scale(np.round(rng.random(n), 3))[0] == 1000.0
    assert K._decimal_scale(rng.integers(0, 10, n).astype(float))[0] == 1.0
    assert K._decimal_scale(np.round(rng.random(n), 3)[:1000]) is None  # small: one sort is cheaper
    assert K._decimal_scale(rng.integers(0, 10**9, n).astype(float)) is None  # range too wide to tally
    big = np.full(n, 2.0**60)
    big[::2] = 0.0
    assert K._decimal_scale(big) is None  # codes beyond 2**52 are not exact
    s = np.round(rng.random(n), 2)
    s[12345] = 0.123456789  # off the sample: the full check refuses it
    plan = K._decimal_scale(s)
    assert plan is not None and K._tally(s > 0.5, s, *plan) is None


def test_zero_threshold_is_positive_zero():
    y = np.array([1, 0, 1, 0, 1])
    s = np.array([-0.0, 0.0, 1.0, -0.0, 2.0])
    thr = C.stepping_table(y, s).thresholds
    assert thr[-1] == 0 and not np.signbit(thr[-1])
    thr = C.roc_curve(np.tile(y, 8000), np.tile(s, 8000), drop_intermediate=False)[2]
    assert thr[-1] == 0 and not np.signbit(thr[-1])


def test_distinct_scores_use_no_n_long_int_temporary_beyond_the_merge():
    # the AP of distinct scores, computed in blocks, equals the plain per-positive formula
    rng = np.random.default_rng(11)
    n = 30_000
    y = rng.random(n) < 0.3
    s = rng.normal(size=n)
    order = np.argsort(-s)
    hits = y[order]
    precision_at_hit = np.cumsum(hits)[hits] / (np.flatnonzero(hits) + 1)
    assert C.average_precision_score(y, s) == pytest.approx(precision_at_hit.mean(), rel=1e-12)


@pytest.mark.parametrize("seed", [0, 1])
def test_one_vs_rest_in_one_pass_is_each_binary_auc(seed):
    """Multi-class ``roc_auc_score(multi_class='ovr')`` scores every column in one pass
    (``_counting._ovr_aucs``); each class's AUC is the same float as the binary AUC of its
    column, ties, absent classes and tiny classes included."""
    rng = np.random.default_rng(50 + seed)
    for n, k in ((3, 3), (12, 4), (700, 3), (5000, 10), (40000, 6)):
        y = rng.integers(0, k, n)
        y[:3] = [0, 1, 2]
        p = rng.dirichlet(np.ones(k), n)
        if n > 100:
            p[: n // 3] = rng.multinomial(20, np.ones(k) / k, n // 3) / 20  # ties within and across the classes
        if n == 40000:  # every score a multiple of 0.05: the counting pass, column by column
            p = rng.multinomial(20, np.ones(k) / k, n) / 20
            assert K._decimal_scale(p[:, 0]) is not None
        if n == 5000:  # signed scores (rows still sum to 1), zeros of both signs
            p[:, 0] -= 0.5
            p[:, 1] += 0.5
            p[::7, 3] += p[::7, 2]
            p[::7, 2] = -0.0
        labels = np.arange(k + 1) if n == 700 else None  # a class with no sample
        if labels is not None:
            p = np.column_stack([p, np.zeros(n)])
        classes = np.arange(p.shape[1])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = C.roc_auc_score(y, p, multi_class="ovr", average=None, labels=labels)
            one = np.array([C.roc_auc_score((y == c).astype(np.int64), p[:, c]) if (y == c).any() else np.nan
                            for c in classes])
            assert got.tobytes() == one.tobytes(), (n, k)
            code = np.searchsorted(classes, y)
            assert K._ovr_aucs(code, p, classes.size).tobytes() == one.tobytes()


def test_order_keys_sort_as_the_scores():
    """The uint64 keys of the one-vs-rest pass order as the scores do, ties included (one key
    for -0.0 and +0.0), from the most negative float to the largest."""
    rng = np.random.default_rng(9)
    tiny = np.finfo(float).tiny
    special = np.array([-0.0, 0.0, -1.0, 1.0, -tiny, tiny, 5e-324, -5e-324, -1.7e308, 1.7e308, 0.5, -0.0])
    for x in (special, rng.normal(size=5000), rng.random(300), np.round(rng.normal(size=3000), 1)):
        keys = K._order_keys(x.copy())
        assert keys.dtype == np.uint64
        assert np.array_equal(np.argsort(keys, kind="stable"), np.argsort(x, kind="stable"))
        xs, ks = np.sort(x), np.sort(keys)
        assert np.array_equal(xs[1:] == xs[:-1], ks[1:] == ks[:-1])
