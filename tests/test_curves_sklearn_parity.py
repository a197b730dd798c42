"""learnmetrics.curves against sklearn.metrics on hundreds of random inputs.

Same values, same warning categories, and whatever makes scikit-learn raise
makes learnmetrics raise. Inputs have heavy ties, zero weights, {-1, 1} and
string labels, single-class samples.
"""
import warnings

import numpy as np
import pytest

skm = pytest.importorskip("sklearn.metrics")

from learnmetrics import curves as C  # noqa: E402
from parity import call as _call  # noqa: E402

N_BINARY = 400
N_MULTI = 80
RTOL, ATOL = 1e-10, 1e-12


def _same(ours, theirs, what):
    (a, wa), (b, wb) = ours, theirs
    if isinstance(b, ValueError) and "At least 2 points" in str(b):
        # scikit-learn crashes on a partial AUC whose class has zero total weight;
        # learnmetrics returns NaN with the UndefinedMetricWarning roc_curve gives
        assert np.isnan(a) and "undefined" in wa, what
        return
    if isinstance(b, Exception):
        assert isinstance(a, (ValueError, TypeError, NotImplementedError)), f"{what}: sklearn raised {b!r}, we gave {a!r}"
        return
    assert not isinstance(a, Exception), f"{what}: we raised {a!r}, sklearn gave {b!r}"
    assert wa == wb, f"{what}: warnings {wa} vs sklearn {wb}"
    if isinstance(b, tuple):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            np.testing.assert_allclose(np.asarray(x, float), np.asarray(y, float), rtol=RTOL, atol=ATOL,
                                       equal_nan=True, err_msg=what)
    else:
        np.testing.assert_allclose(np.asarray(a, float), np.asarray(b, float), rtol=RTOL, atol=ATOL,
                                   equal_nan=True, err_msg=what)


def _binary_case(rng):
    n = int(rng.integers(1, 60))
    kind = rng.integers(4)
    y01 = (rng.random(n) < rng.uniform(0.05, 0.95)).astype(int)
    if rng.random() < 0.08:
        y01[:] = y01[0]  # a single class
    pos_label = None
    if kind == 0:
        y = y01
    elif kind == 1:
        y = 2 * y01 - 1
    elif kind == 2:
        y = np.where(y01 == 1, "good", "bad")
        pos_label = "good"
    else:
        y = y01 + 3
        pos_label = 4
    levels = int(rng.integers(1, 8))
    s = rng.normal(size=n) + y01 * rng.uniform(0, 2)
    if rng.random() < 0.6:
        s = np.round(s * levels / 3) / levels  # heavy ties
    w = None
    if rng.random() < 0.4:
        w = rng.uniform(0, 3, n)
        if rng.random() < 0.5:
            w[rng.random(n) < 0.3] = 0.0
        if rng.random() < 0.3:
            w = np.round(w)
    return y, s, w, pos_label


@pytest.mark.parametrize("seed", range(4))
def test_binary_curves_and_scores(seed):
    rng = np.random.default_rng(1000 + seed)
    for case in range(N_BINARY // 4):
        y, s, w, pl = _binary_case(rng)
        what = f"seed={seed} case={case} y={y.tolist()} s={s.tolist()} w={None if w is None else w.tolist()}"
        for drop in (True, False):
            _same(_call(C.roc_curve, y, s, pos_label=pl, sample_weight=w, drop_intermediate=drop),
                  _call(skm.roc_curve, y, s, pos_label=pl, sample_weight=w, drop_intermediate=drop), "roc " + what)
            _same(_call(C.precision_recall_curve, y, s, pos_label=pl, sample_weight=w, drop_intermediate=drop),
                  _call(skm.precision_recall_curve, y, s, pos_label=pl, sample_weight=w, drop_intermediate=drop),
                  "pr " + what)
        apl = 1 if pl is None else pl
        _same(_call(C.average_precision_score, y, s, pos_label=apl, sample_weight=w),
              _call(skm.average_precision_score, y, s, pos_label=apl, sample_weight=w), "ap " + what)
        for max_fpr in (None, 1.0, float(rng.uniform(0.05, 0.95))):
            _same(_call(C.roc_auc_score, y, s, sample_weight=w, max_fpr=max_fpr),
                  _call(skm.roc_auc_score, y, s, sample_weight=w, max_fpr=max_fpr), f"auc max_fpr={max_fpr} " + what)


@pytest.mark.filterwarnings("ignore:No positive:UserWarning")  # single-class draws warn in both libraries
def test_thresholds_identical():
    rng = np.random.default_rng(7)
    for _ in range(100):
        y, s, w, pl = _binary_case(rng)
        if len(np.unique(y)) < 2:
            continue
        a = C.roc_curve(y, s, pos_label=pl, sample_weight=w)[2]
        b = skm.roc_curve(y, s, pos_label=pl, sample_weight=w)[2]
        np.testing.assert_array_equal(a, b)
        a = C.precision_recall_curve(y, s, pos_label=pl, sample_weight=w)[2]
        b = skm.precision_recall_curve(y, s, pos_label=pl, sample_weight=w)[2]
        np.testing.assert_array_equal(a, b)


def test_book_forms_match_auc():
    scipy_stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(11)
    checked = 0
    for _ in range(300):
        y, s, w, pl = _binary_case(rng)
        y01 = (y == (1 if pl is None else pl)).astype(int)
        if pl is not None or 0 < (y01 if w is None else y01 * (w > 0)).sum() < (len(y) if w is None else (w > 0).sum()):
            pass
        m_pos = y01.sum() if w is None else (w * y01).sum()
        m_neg = (1 - y01).sum() if w is None else (w * (1 - y01)).sum()
        if m_pos <= 0 or m_neg <= 0:
            continue
        ref = skm.roc_auc_score(y01, s, sample_weight=w)
        assert C.rank_loss(y01, s, sample_weight=w) == pytest.approx(1 - ref, abs=1e-12)
        assert C.auc_mann_whitney(y01, s, sample_weight=w) == pytest.approx(ref, abs=1e-12)
        if w is None:
            u = scipy_stats.mannwhitneyu(s[y01 == 1], s[y01 == 0]).statistic
            assert C.auc_mann_whitney(y01, s) == pytest.approx(u / (m_pos * m_neg), abs=1e-12)
        checked += 1
    assert checked > 200


def _multi_case(rng, n_classes):
    n = int(rng.integers(n_classes, 80))
    y = rng.integers(0, n_classes, n)
    y[:n_classes] = np.arange(n_classes)  # every class present
    rng.shuffle(y)
    logits = rng.normal(size=(n, n_classes)) + np.eye(n_classes)[y] * rng.uniform(0, 2)
    if rng.random() < 0.5:
        logits = np.round(logits * 2) / 2
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    w = rng.uniform(0, 2, n) if rng.random() < 0.4 else None
    return y, p, w


def test_multiclass_roc_auc():
    rng = np.random.default_rng(21)
    for case in range(N_MULTI):
        k = int(rng.integers(3, 6))
        y, p, w = _multi_case(rng, k)
        words = np.array(["ant", "bee", "cat", "dog", "emu"])[:k]
        for yy in (y, words[y]):
            for mc, averages in (("ovr", [None, "micro", "macro", "weighted"]), ("ovo", ["macro", "weighted"])):
                for avg in averages:
                    _same(_call(C.roc_auc_score, yy, p, multi_class=mc, average=avg, sample_weight=w),
                          _call(skm.roc_auc_score, yy, p, multi_class=mc, average=avg, sample_weight=w),
                          f"case={case} {mc} {avg}")
        # labels= with one class absent from y_true
        keep = y != k - 1
        if len(np.unique(y[keep])) >= 3:
            for mc in ("ovr", "ovo"):
                _same(_call(C.roc_auc_score, y[keep], p[keep], multi_class=mc, labels=np.arange(k)),
                      _call(skm.roc_auc_score, y[keep], p[keep], multi_class=mc, labels=np.arange(k)), f"labels {mc}")
        _same(_call(C.average_precision_score, y, p, sample_weight=w),
              _call(skm.average_precision_score, y, p, sample_weight=w), "ap multiclass")
        for avg in (None, "micro", "macro", "weighted"):
            _same(_call(C.average_precision_score, y, p, average=avg),
                  _call(skm.average_precision_score, y, p, average=avg), f"ap multiclass {avg}")
        r = C.roc_curve_multiclass(y, p, sample_weight=w)
        assert r.micro_auc == pytest.approx(skm.roc_auc_score(y, p, multi_class="ovr", average="micro", sample_weight=w))
        assert r.macro_auc == pytest.approx(skm.roc_auc_score(y, p, multi_class="ovr", average="macro", sample_weight=w))


def test_multilabel():
    rng = np.random.default_rng(31)
    for case in range(100):
        n, k = int(rng.integers(2, 40)), int(rng.integers(2, 5))
        Y = (rng.random((n, k)) < 0.4).astype(int)
        S = np.round(rng.normal(size=(n, k)) + Y, 1)
        w = rng.uniform(0, 2, n) if rng.random() < 0.4 else None
        for avg in (None, "micro", "macro", "weighted", "samples"):
            _same(_call(C.roc_auc_score, Y, S, average=avg, sample_weight=w),
                  _call(skm.roc_auc_score, Y, S, average=avg, sample_weight=w), f"ml auc {case} {avg}")
            _same(_call(C.average_precision_score, Y, S, average=avg, sample_weight=w),
                  _call(skm.average_precision_score, Y, S, average=avg, sample_weight=w), f"ml ap {case} {avg}")
        _same(_call(C.roc_auc_score, Y, S, max_fpr=0.5), _call(skm.roc_auc_score, Y, S, max_fpr=0.5), "ml max_fpr")


def test_auc_trapezoid():
    rng = np.random.default_rng(41)
    for _ in range(200):
        n = int(rng.integers(2, 30))
        x = np.sort(rng.random(n))
        if rng.random() < 0.5:
            x = x[::-1]
        if rng.random() < 0.3:
            x = np.round(x, 1)
        y = rng.random(n)
        _same(_call(C.auc, x, y), _call(skm.auc, x, y), "auc")
    _same(_call(C.auc, [0, 1, 0.5], [1, 2, 3]), _call(skm.auc, [0, 1, 0.5], [1, 2, 3]), "non-monotone")
    with pytest.raises(ValueError):
        skm.auc([0.5], [1])
    with pytest.raises(ValueError, match="At least 2 points"):
        C.auc([0.5], [1])


BAD = [
    dict(y_true=[0, 1, 1], y_score=[0.1, 0.2]),
    dict(y_true=[0, 1, 2], y_score=[0.1, 0.2, 0.3]),
    dict(y_true=["a", "b", "a"], y_score=[0.1, 0.2, 0.3]),
    dict(y_true=[0, 1, 1], y_score=[0.1, np.nan, 0.3]),
    dict(y_true=[0, 1, 1], y_score=[0.1, np.inf, 0.3]),
    dict(y_true=[0, 1, 1], y_score=[0.1, 0.2, 0.3], sample_weight=[1, np.nan, 1]),
    dict(y_true=[0, 1, 1], y_score=[0.1, 0.2, 0.3], sample_weight=[1, 1]),
    dict(y_true=[0, 1, 1], y_score=[[0.1, 0.9], [0.2, 0.8], [0.3, 0.7]]),
    dict(y_true=[0.5, 1, 1], y_score=[0.1, 0.2, 0.3]),
]


@pytest.mark.parametrize("kwargs", BAD)
@pytest.mark.parametrize("name", ["roc_curve", "precision_recall_curve"])
def test_bad_input_raises_like_sklearn(name, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises((ValueError, TypeError)):
            getattr(skm, name)(**kwargs)
        with pytest.raises((ValueError, TypeError)):
            getattr(C, name)(**kwargs)


@pytest.mark.parametrize("name", ["roc_curve", "precision_recall_curve", "roc_auc_score", "average_precision_score"])
def test_negative_weights_stricter_than_sklearn(name):
    # scikit-learn accepts negative sample weights here (and returns curves that
    # are not monotone); learnmetrics refuses them with a message naming the argument
    with pytest.raises(ValueError, match="sample_weight must be non-negative"):
        getattr(C, name)([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[1, -1, 1])


@pytest.mark.parametrize("kwargs", [b for i, b in enumerate(BAD) if i not in (1, 2)])
def test_bad_input_roc_auc_score(kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises((ValueError, TypeError)):
            skm.roc_auc_score(**kwargs)
        with pytest.raises((ValueError, TypeError)):
            C.roc_auc_score(**kwargs)


def test_multiclass_errors_like_sklearn():
    y = [0, 1, 2, 2]
    p = np.array([[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7], [0.3, 0.4, 0.3]])
    cases = [
        dict(),  # multi_class="raise"
        dict(multi_class="ovr", max_fpr=0.5),
        dict(multi_class="ovo", sample_weight=[1, 1, 1, 1]),
        dict(multi_class="ovo", average=None),
        dict(multi_class="ovo", average="micro"),
        dict(multi_class="ovr", labels=[0, 1]),
        dict(multi_class="ovr", labels=[2, 1, 0]),
        dict(multi_class="ovr", labels=[0, 1, 1]),
        dict(multi_class="bogus"),
        dict(multi_class="ovr", average="bogus"),
    ]
    for kw in cases:
        with pytest.raises((ValueError, TypeError, NotImplementedError)):
            skm.roc_auc_score(y, p, **kw)
        with pytest.raises((ValueError, TypeError, NotImplementedError)):
            C.roc_auc_score(y, p, **kw)
    with pytest.raises(ValueError):
        skm.roc_auc_score(y, p * 2, multi_class="ovr")
    with pytest.raises(ValueError, match="sum up to 1"):
        C.roc_auc_score(y, p * 2, multi_class="ovr")
    for kw in (dict(pos_label=2), dict(y_score=p[:, :2])):
        args = dict(y_true=y, y_score=p)
        args.update(kw)
        with pytest.raises(ValueError):
            skm.average_precision_score(**args)
        with pytest.raises(ValueError):
            C.average_precision_score(**args)
    with pytest.raises(ValueError):
        skm.average_precision_score(["a", "b", "a"], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="pos_label"):
        C.average_precision_score(["a", "b", "a"], [0.1, 0.2, 0.3])
