"""No answer of curves or of the multi-label AUC/AP depends on the scale of the weights, or on
the float type of the input (issue 28, item 4).

An AUC, an AP, a point of a curve and ℓ_rank are ratios of weighted sums: multiplying every
weight by c > 0 changes none of them.  Before the fix, weights times 1e-160 gave an AUC off in
the 7th digit, times 1e-170 a ZeroDivisionError and times 1e154 NaN (the product TP x FP under-
or overflowed), and ``auc_mann_whitney``'s constant 1/2 inside weighted ranks swamped weights of
1e-12.  Now weights are scaled by a power of two (the largest in [1, 2)) before any sum, which
keeps every bit for weights of ordinary size.  float32 and float16 inputs give the float64
answer for the same numbers, hence the float64 answer within the input's precision.
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest

import learnmetrics._indicator as I
import learnmetrics.curves as C

SCALES = [1e-170, 1e-160, 1e-20, 1e-12, 3.0, 1e154]


def _data(seed: int, n: int = 40):
    rng = np.random.default_rng(seed)
    d = dict(
        y=rng.integers(0, 2, n),
        s=np.round(rng.random(n), 1),  # ties across the classes
        w=rng.uniform(0.05, 2, n),
        Y=rng.integers(0, 2, (n, 3)),
        S=np.round(rng.random((n, 3)), 2),
        yc=rng.integers(0, 3, n),
        P=rng.dirichlet(np.ones(3), n),
    )
    d["w"][rng.random(n) < 0.1] = 0.0  # zero weights are dropped: still so after scaling
    d["Y"][0] = [1, 1, 1]
    d["Y"][1] = [0, 0, 0]
    d["yc"][:3] = [0, 1, 2]
    return d


def _rates(t):
    return np.concatenate([t.precision, t.recall, t.fpr])


# every weighted function of learnmetrics.curves and the indicator AUC/AP, as f(data, weights)
WEIGHTED = {
    "roc_auc_score": lambda d, w: C.roc_auc_score(d["y"], d["s"], sample_weight=w),
    "roc_auc_score max_fpr": lambda d, w: C.roc_auc_score(d["y"], d["s"], sample_weight=w, max_fpr=0.3),
    "average_precision_score": lambda d, w: C.average_precision_score(d["y"], d["s"], sample_weight=w),
    "rank_loss": lambda d, w: C.rank_loss(d["y"], d["s"], sample_weight=w),
    "auc_mann_whitney": lambda d, w: C.auc_mann_whitney(d["y"], d["s"], sample_weight=w),
    "roc_curve": lambda d, w: np.concatenate(C.roc_curve(d["y"], d["s"], sample_weight=w)[:2]),
    "roc_curve all points": lambda d, w: np.concatenate(
        C.roc_curve(d["y"], d["s"], sample_weight=w, drop_intermediate=False)[:2]),
    "precision_recall_curve": lambda d, w: np.concatenate(
        C.precision_recall_curve(d["y"], d["s"], sample_weight=w)[:2]),
    "stepping_table rates": lambda d, w: _rates(C.stepping_table(d["y"], d["s"], sample_weight=w)),
    "fbeta_curve": lambda d, w: C.fbeta_curve(d["y"], d["s"], sample_weight=w, beta=2.0),
    "roc_auc_score ovr weighted": lambda d, w: C.roc_auc_score(d["yc"], d["P"], sample_weight=w,
                                                               multi_class="ovr", average="weighted"),
    "roc_auc_score ovr micro": lambda d, w: C.roc_auc_score(d["yc"], d["P"], sample_weight=w,
                                                            multi_class="ovr", average="micro"),
    "roc_curve_multiclass": lambda d, w: (lambda r: np.array([r.macro_auc, r.micro_auc]))(
        C.roc_curve_multiclass(d["yc"], d["P"], sample_weight=w)),
}
for _avg in (None, "micro", "macro", "weighted", "samples"):
    WEIGHTED[f"multi-label roc_auc_score {_avg}"] = (
        lambda d, w, a=_avg: C.roc_auc_score(d["Y"], d["S"], sample_weight=w, average=a))
    WEIGHTED[f"multi-label average_precision_score {_avg}"] = (
        lambda d, w, a=_avg: C.average_precision_score(d["Y"], d["S"], sample_weight=w, average=a))
    WEIGHTED[f"roc_auc_indicator {_avg} max_fpr"] = (
        lambda d, w, a=_avg: I.roc_auc_indicator(d["Y"], d["S"], sample_weight=w, average=a, max_fpr=0.5))
    WEIGHTED[f"average_precision_indicator {_avg}"] = (
        lambda d, w, a=_avg: I.average_precision_indicator(d["Y"], d["S"], sample_weight=w, average=a))


def _value(f, d, w):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.asarray(f(d, w), dtype=np.float64)


@pytest.mark.parametrize("name", sorted(WEIGHTED))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_multiplying_all_weights_by_c_changes_nothing(name, seed):
    d = _data(seed)
    f = WEIGHTED[name]
    ref = _value(f, d, d["w"])
    for c in SCALES:
        got = _value(f, d, d["w"] * c)
        np.testing.assert_allclose(got, ref, rtol=1e-12, atol=0, equal_nan=True,
                                   err_msg=f"{name}: weights x {c:g} change the answer")


@pytest.mark.parametrize("name", sorted(WEIGHTED))
def test_a_power_of_two_changes_no_bit(name):
    d = _data(3)
    f = WEIGHTED[name]
    ref = _value(f, d, d["w"])
    for c in (2.0**-600, 2.0**-40, 2.0**30, 2.0**500):
        assert _value(f, d, d["w"] * c).tobytes() == ref.tobytes(), (name, c)


def test_the_stepping_table_shows_the_weighted_counts_themselves():
    """Its TP and FP are the sums of the weights as given (scaled by c with them), not rescaled."""
    d = _data(4)
    ref = C.stepping_table(d["y"], d["s"], sample_weight=d["w"])
    for c in (1e-160, 3.0, 1e154):
        t = C.stepping_table(d["y"], d["s"], sample_weight=d["w"] * c)
        np.testing.assert_allclose(t.tp, ref.tp * c, rtol=1e-12)
        np.testing.assert_allclose(t.fp, ref.fp * c, rtol=1e-12)


def test_the_issue_cases():
    """Weighted AUC, ℓ_rank and Mann-Whitney at the scales where they broke, against the
    unscaled answer (and AUC = 1 - ℓ_rank = Mann-Whitney)."""
    rng = np.random.default_rng(28)
    y = rng.integers(0, 2, 300)
    s = y + rng.normal(size=300)
    w = rng.uniform(0.5, 1.5, 300)
    auc = C.roc_auc_score(y, s, sample_weight=w)
    assert C.auc_mann_whitney(y, s, sample_weight=w) == pytest.approx(auc, rel=1e-12)
    assert 1 - C.rank_loss(y, s, sample_weight=w) == pytest.approx(auc, rel=1e-12)
    for c in (1e-160, 1e-170, 1e154):  # were: off in the 7th digit, ZeroDivisionError, NaN
        assert C.roc_auc_score(y, s, sample_weight=w * c) == pytest.approx(auc, rel=1e-12)
        assert C.rank_loss(y, s, sample_weight=w * c) == pytest.approx(1 - auc, rel=1e-12)
        assert C.auc_mann_whitney(y, s, sample_weight=w * c) == pytest.approx(auc, rel=1e-12)
    for c in (1e-12, 1e-20):  # were: off by 1e-5, and 0.0
        assert C.auc_mann_whitney(y, s, sample_weight=w * c) == pytest.approx(auc, rel=1e-12)
    Y = np.column_stack([y, 1 - y])
    S = np.column_stack([s, -s])
    for avg in ("micro", "macro", "weighted", "samples"):
        ref = C.roc_auc_score(Y, S, sample_weight=w, average=avg)
        for c in (1e-170, 1e-12, 1e154):  # 'weighted' returned 0.0 below ~1e-10 (an absolute isclose)
            assert C.roc_auc_score(Y, S, sample_weight=w * c, average=avg) == pytest.approx(ref, rel=1e-12)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("name", sorted(WEIGHTED))
def test_float32_and_float16_weights_give_the_float64_answer(name, dtype):
    d = _data(5)
    f = WEIGHTED[name]
    low = d["w"].astype(dtype)
    same = _value(f, d, low.astype(np.float64))
    got = _value(f, d, low)
    np.testing.assert_allclose(got, same, rtol=1e-12, atol=0, equal_nan=True)  # the same numbers
    eps = float(np.finfo(dtype).eps)
    np.testing.assert_allclose(got, _value(f, d, d["w"]), rtol=20 * eps, atol=20 * eps, equal_nan=True)


SCORED = {
    "roc_auc_score": lambda y, s: C.roc_auc_score(y, s),
    "average_precision_score": lambda y, s: C.average_precision_score(y, s),
    "rank_loss": lambda y, s: C.rank_loss(y, s),
    "auc_mann_whitney": lambda y, s: C.auc_mann_whitney(y, s),
    "roc_curve": lambda y, s: np.concatenate(C.roc_curve(y, s)),
    "precision_recall_curve": lambda y, s: np.concatenate(C.precision_recall_curve(y, s)),
    "stepping_table": lambda y, s: _rates(C.stepping_table(y, s)),
}


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("name", sorted(SCORED))
def test_float32_and_float16_scores_give_the_float64_answer(name, dtype):
    """Scores stored in a smaller float are the same numbers in float64: the same answer (the
    rounding to float16 may tie scores that float64 told apart; that is the input's precision)."""
    rng = np.random.default_rng(6)
    for n in (30, 5000, 40000):
        y = rng.integers(0, 2, n)
        s = (y + rng.normal(size=n)).astype(dtype)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = np.asarray(SCORED[name](y, s), dtype=np.float64)
            ref = np.asarray(SCORED[name](y, s.astype(np.float64)), dtype=np.float64)
        assert got.tobytes() == ref.tobytes(), (name, dtype, n)


def test_indicator_sums_scale_with_the_weights():
    """The weighted counts of a label-indicator target (``_indicator.indicator_sums``, behind the
    multi-label measures of ``classification``) are sums of weights: times c with them, with no
    under- or overflow at the issue's scales."""
    d = _data(7)
    yt, yp = d["Y"].astype(bool), (d["S"] > 0.5)
    for samplewise in (False, True):
        ref = I.indicator_sums(yt, yp, d["w"], samplewise=samplewise)
        for c in SCALES:
            got = I.indicator_sums(yt, yp, d["w"] * c, samplewise=samplewise)
            for g, r in zip(got, ref):
                np.testing.assert_allclose(np.asarray(g) / c, r, rtol=1e-12, atol=1e-12 * float(np.max(r)))
