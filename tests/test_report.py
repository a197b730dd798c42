"""lm.evaluation_report: its numbers equal scikit-learn's (weights, ties), its intervals are the
course's, bad input is refused before any work."""
import warnings

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics._validation import UndefinedMetricWarning

skm = pytest.importorskip("sklearn.metrics")


def _case(rng, n, weighted, ties):
    y = rng.random(n) < rng.uniform(0.1, 0.5)
    y[:2] = [True, False]
    s = rng.random(n)
    if ties:
        s = np.round(s, 1)
    w = rng.integers(1, 4, n).astype(float) if weighted else None
    return y.astype(int), s, w


@pytest.mark.parametrize("seed", range(40))
def test_parity_with_sklearn(seed):
    rng = np.random.default_rng(seed)
    y, s, w = _case(rng, int(rng.integers(20, 120)), weighted=seed % 2 == 1, ties=seed % 3 == 0)
    t = float(rng.choice(s))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        r = lm.evaluation_report(y, s, threshold=t, sample_weight=w, n_resamples=100)
    pred = (s >= t).astype(int)
    assert r.auc.estimate == pytest.approx(skm.roc_auc_score(y, s, sample_weight=w), abs=1e-12)
    assert r.ap.estimate == pytest.approx(skm.average_precision_score(y, s, sample_weight=w), abs=1e-12)
    np.testing.assert_allclose(r.confusion, skm.confusion_matrix(y, pred, sample_weight=w), atol=1e-9)
    p, rec, f, sup = skm.precision_recall_fscore_support(y, pred, sample_weight=w, zero_division=np.nan)
    for i in range(2):
        c = r.classes[i]
        for mine, theirs in ((c.precision.estimate, p[i]), (c.recall.estimate, rec[i]), (c.f1.estimate, f[i])):
            assert (np.isnan(mine) and np.isnan(theirs)) or mine == pytest.approx(theirs, abs=1e-12)
    assert r.accuracy.estimate == pytest.approx(skm.accuracy_score(y, pred, sample_weight=w), abs=1e-12)
    assert r.brier == pytest.approx(skm.brier_score_loss(y, s, sample_weight=w), abs=1e-12)
    assert r.specificity.estimate == r.classes[0].recall.estimate


def test_intervals_are_the_course_ones():
    rng = np.random.default_rng(3)
    y, s, _ = _case(rng, 200, False, True)
    r = lm.evaluation_report(y, s, n_resamples=200)
    tp, fn = r.confusion[1, 1], r.confusion[1, 0]
    ci = lm.proportion_ci(int(tp), int(tp + fn))
    assert (r.recall.low, r.recall.high) == pytest.approx((ci.low, ci.high), abs=1e-12)
    d = lm.roc_auc_ci(y, s)
    assert (r.auc.low, r.auc.high) == pytest.approx((d.low, d.high), abs=1e-12)
    for ri in (r.ap, r.f1, r.precision, r.specificity, r.accuracy):
        assert ri.low <= ri.estimate <= ri.high


def test_string_labels_pos_label_and_groups():
    y = np.array(["spam", "ham", "spam", "ham", "ham", "spam", "ham", "ham"])
    s = np.array([0.9, 0.2, 0.4, 0.6, 0.1, 0.8, 0.3, 0.5])
    with pytest.raises(ValueError, match="pos_label"):
        lm.evaluation_report(y, s)
    r = lm.evaluation_report(y, s, pos_label="spam", groups=[0, 0, 0, 0, 1, 1, 1, 1], n_resamples=100)
    assert r.pos_label == "spam" and r.n_positive == 3
    assert r.auc.estimate == pytest.approx(skm.roc_auc_score(y == "spam", s))
    assert [g.group for g in r.groups] == [0, 1]
    assert r.groups[0].auc == pytest.approx(skm.roc_auc_score([1, 0, 1, 0], s[:4]))
    text, page = str(r), r._repr_html_()
    assert "ROC AUC" in text and "<table" in page and "'spam' (positive)" in text


def test_baselines():
    y = np.array([0] * 8 + [1] * 2)
    s = np.linspace(0.05, 0.95, 10)
    r = lm.evaluation_report(y, s, n_resamples=100)
    b = {x.measure: x for x in r.baselines}
    assert b["accuracy"].baseline == 0.8
    assert b["average precision"].baseline == pytest.approx(skm.average_precision_score(y, np.ones(10)))
    assert b["Brier score"].baseline == pytest.approx(skm.brier_score_loss(y, np.full(10, 0.2)))
    assert b["F1"].baseline == pytest.approx(skm.f1_score(y, np.ones(10, int)))


def test_one_class_and_bad_arguments_refused_clearly():
    with pytest.raises(ValueError, match="one class only"):
        lm.evaluation_report([1, 1, 1], [0.2, 0.5, 0.9])
    with pytest.raises(ValueError, match="two classes"):
        lm.evaluation_report([0, 1, 2], [0.2, 0.5, 0.9])
    with pytest.raises(ValueError, match="threshold is needed"):
        lm.evaluation_report([0, 1, 1], [-2.0, 0.5, 3.0])
    with pytest.raises(ValueError, match="y_score"):
        lm.evaluation_report([0, 1], [0.1, np.nan])
    with pytest.raises(ValueError, match="numbers of samples"):
        lm.evaluation_report([0, 1, 1], [0.1, 0.2])
    with pytest.raises(TypeError, match="threshold"):
        lm.evaluation_report([0, 1], [0.1, 0.9], threshold="0.5")
    with pytest.raises(ValueError, match="n_resamples"):
        lm.evaluation_report([0, 1], [0.1, 0.9], n_resamples=10)
    with pytest.raises(ValueError, match="sample_weight"):
        lm.evaluation_report([0, 1], [0.1, 0.9], sample_weight=[1.0, 0.0])
    with pytest.raises(ValueError, match="pos_label"):
        lm.evaluation_report([0, 1], [0.1, 0.9], pos_label=3)


def test_undefined_precision_warns_and_is_nan():
    with pytest.warns(UndefinedMetricWarning, match="precision is undefined"):
        r = lm.evaluation_report([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], n_resamples=100)
    assert np.isnan(r.precision.estimate) and "undefined (0/0)" in str(r)


def test_plot_draws_the_grammar(tmp_path):
    import matplotlib
    matplotlib.use("Agg")
    from learnmetrics.plotting import style
    rng = np.random.default_rng(1)
    y, s, _ = _case(rng, 150, False, False)
    fig = lm.evaluation_report(y, s, n_resamples=100).plot(n_resamples=50)
    assert style.figure_faults(fig) == []
    assert len(fig.axes) >= 4


@pytest.mark.parametrize("seed", range(12))
def test_metric_at_thresholds_parity(seed):
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(5, 60))
    y = (rng.random(n) < 0.4).astype(int)
    s = np.round(rng.random(n), 1 if seed % 2 else 3)
    w = None
    if seed % 3 == 0:
        w = rng.integers(0, 3, n).astype(float)
        w[0] = 1.0
    for func, params in ((skm.accuracy_score, None), (skm.f1_score, {"zero_division": 0.0}),
                         (skm.precision_recall_fscore_support, {"zero_division": 0.0, "average": "binary"})):
        mine, t_mine = lm.metric_at_thresholds(y, s, func, sample_weight=w, metric_params=params)
        theirs, t_theirs = skm.metric_at_thresholds(y, s, func, sample_weight=w, metric_params=params)
        np.testing.assert_array_equal(t_mine, t_theirs)
        np.testing.assert_allclose(np.asarray(mine, dtype=float), np.asarray(theirs, dtype=float), atol=1e-12)


def test_metric_at_thresholds_refuses_bad_input():
    with pytest.raises(TypeError, match="metric_func"):
        lm.metric_at_thresholds([0, 1], [0.1, 0.2], "accuracy")
    with pytest.raises(TypeError, match="metric_params"):
        lm.metric_at_thresholds([0, 1], [0.1, 0.2], skm.accuracy_score, metric_params=[1])
