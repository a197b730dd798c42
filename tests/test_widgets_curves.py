"""The P-R / ROC explorers and plotting helpers of chapters 03 and 04.

The explorers are driven as a learner drives them, by setting ``.slider.value``;
their ``.state`` must be exactly the pure state function's output.
"""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics.datasets import ten_samples, tied_eight, watermelon_scores  # noqa: E402
from learnmetrics.plotting import curves as pc  # noqa: E402
from learnmetrics.widgets.curves import CutPointExplorer, FBetaExplorer  # noqa: E402

sk = pytest.importorskip("sklearn.metrics")


def _same_cut(a, b):
    for name in ("k", "n_cuts", "threshold", "tp", "fp", "fn", "tn", "precision", "recall", "tpr", "fpr", "tnr",
                 "fnr", "f1", "accuracy"):
        x, y = getattr(a, name), getattr(b, name)
        assert (x == y) or (x != x and y != y), (name, x, y)
    np.testing.assert_array_equal(a.roc_path, b.roc_path)
    np.testing.assert_array_equal(a.pr_path, b.pr_path)


@pytest.mark.parametrize("data", [watermelon_scores, ten_samples, tied_eight])
def test_cut_point_explorer_state_follows_slider(data):
    d = data()
    ex = CutPointExplorer(d.y_true, d.y_score, ids=d.ids)
    table = lm.stepping_table(d.y_true, d.y_score)
    assert ex.slider.min == 0 and ex.slider.max == len(table) - 1
    for k in list(range(len(table))) + [2, 0]:
        ex.slider.value = k
        _same_cut(ex.state, table.at(k))
        assert ex.image.value[:8] == b"\x89PNG\r\n\x1a\n"
        assert "cut k = " in ex.readout.value


def test_cut_point_explorer_strip_counts_examples_not_groups():
    d = tied_eight()
    ex = CutPointExplorer(d.y_true, d.y_score)
    table = lm.stepping_table(d.y_true, d.y_score)
    assert ex._n_pred.tolist() == (table.tp + table.fp).astype(int).tolist()


def test_cut_point_explorer_images_change_and_are_cached():
    d = watermelon_scores()
    ex = CutPointExplorer(d.y_true, d.y_score, ids=d.ids)
    pngs = []
    for k in range(len(ex.table)):
        ex.slider.value = k
        pngs.append(ex.image.value)
    assert len(set(pngs)) == len(pngs)  # every cut looks different
    ex.slider.value = 3
    assert ex.image.value == pngs[3]  # a revisit shows the cached frame
    ex.slider.value = 4
    assert ex.image.value != pngs[3]


def test_cut_point_explorer_with_weights_and_string_labels():
    y = np.array(["good", "bad", "good", "bad", "good"])
    s = np.array([0.9, 0.8, 0.7, 0.3, 0.1])
    w = np.array([1.0, 2.0, 0.5, 1.0, 3.0])
    ex = CutPointExplorer(y, s, pos_label="good", sample_weight=w, k=2)
    table = lm.stepping_table(y, s, pos_label="good", sample_weight=w)
    _same_cut(ex.state, table.at(2))
    ex.slider.value = 5
    assert ex.state.tp == pytest.approx(4.5) and ex.state.fp == pytest.approx(3.0)


def test_filmstrips_return_figures():
    d = watermelon_scores()
    ex = CutPointExplorer(d.y_true, d.y_score, ids=d.ids)
    fig = ex.filmstrip([(0,), (3,), (9,), (17,)], ncols=2, titles=["a", "b", "c", "d"])
    assert isinstance(fig, Figure)
    plt.close(fig)
    fb = FBetaExplorer(d.y_true, d.y_score)
    fig = fb.filmstrip([(0.5,), (1.0,), (2.0,)], ncols=3)
    assert isinstance(fig, Figure)
    plt.close(fig)


@pytest.mark.parametrize("bad, exc, words", [
    (dict(ids=[1, 2]), ValueError, "ids"),
    (dict(k=99), ValueError, "k must be"),
    (dict(k=1.5), ValueError, "k must be"),
])
def test_cut_point_explorer_bad_arguments(bad, exc, words):
    d = ten_samples()
    with pytest.raises(exc, match=words):
        CutPointExplorer(d.y_true, d.y_score, **bad)


def test_cut_point_explorer_bad_inputs():
    with pytest.raises(ValueError, match="y_score"):
        CutPointExplorer([1, 0, 1], [0.5, np.nan, 0.2])
    with pytest.raises(ValueError, match="different numbers of samples"):
        CutPointExplorer([1, 0, 1], [0.5, 0.2])


@pytest.mark.parametrize("beta", [0.1, 0.5, 1.0, 2.0, 10.0])
def test_fbeta_explorer_state_matches_sklearn(beta):
    d = watermelon_scores()
    fb = FBetaExplorer(d.y_true, d.y_score, beta=1.0 if beta != 1.0 else 2.0)
    fb.slider.value = beta
    st = fb.state
    assert st.beta == pytest.approx(beta)
    table = lm.stepping_table(d.y_true, d.y_score)
    np.testing.assert_allclose(st.fbeta, lm.fbeta_curve(table, beta=st.beta)[1:])
    for i, thr in enumerate(table.thresholds[1:]):
        expected = sk.fbeta_score(d.y_true, (d.y_score >= thr).astype(int), beta=st.beta)
        assert st.fbeta[i] == pytest.approx(expected)
    assert st.best_fbeta == pytest.approx(st.fbeta.max())
    assert st.best_k == 1 + int(np.argmax(st.fbeta))
    w = st.beta ** 2 / (1 + st.beta ** 2)
    np.testing.assert_allclose(1 / st.fbeta, (1 - w) / st.precision + w / st.recall)  # weighted harmonic
    # harmonic <= geometric <= arithmetic, equality only where P = R
    assert np.all(st.fbeta <= st.geometric + 1e-12) and np.all(st.geometric <= st.arithmetic + 1e-12)
    assert "best cut k" in str(st)


def test_fbeta_explorer_small_beta_prefers_precision_large_beta_recall():
    d = watermelon_scores()
    fb = FBetaExplorer(d.y_true, d.y_score)
    fb.slider.value = 0.1
    st_p = fb.state
    png_p = fb.image.value
    fb.slider.value = 10.0
    st_r = fb.state
    assert fb.image.value != png_p
    i_p = st_p.best_k - 1
    i_r = st_r.best_k - 1
    assert st_p.precision[i_p] >= st_r.precision[i_r]
    assert st_r.recall[i_r] >= st_p.recall[i_p]


def test_fbeta_explorer_bad_beta():
    d = ten_samples()
    with pytest.raises(ValueError, match="beta"):
        FBetaExplorer(d.y_true, d.y_score, beta=50)
    with pytest.raises(TypeError, match="beta"):
        FBetaExplorer(d.y_true, d.y_score, beta="2")


# -- plotting helpers ------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_rank_squares_add_up_to_auc(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(4, 25))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    s = rng.integers(0, 6, n) / 5  # many ties
    fig, ax = plt.subplots()
    counts = pc.plot_rank_squares(ax, y, s)
    plt.close(fig)
    assert counts["correct"] + counts["wrong"] + counts["tied"] == counts["pairs"] == (y == 1).sum() * (y == 0).sum()
    auc_from_squares = (counts["correct"] + 0.5 * counts["tied"]) / counts["pairs"]
    assert auc_from_squares == pytest.approx(sk.roc_auc_score(y, s))
    assert auc_from_squares == pytest.approx(1 - lm.rank_loss(y, s))


def test_rank_squares_refuse_long_lists_and_one_class():
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="too many"):
        pc.plot_rank_squares(ax, np.r_[np.ones(40), np.zeros(40)], np.arange(80.0))
    with pytest.raises(ValueError, match="positive and one negative"):
        pc.plot_rank_squares(ax, [1, 1], [0.2, 0.3])
    plt.close(fig)


@pytest.mark.parametrize("beta", [0.3, 1.0, 3.0])
def test_iso_f_curves_have_constant_f(beta):
    r = np.linspace(0.01, 1, 300)
    for f in (0.2, 0.5, 0.8):
        p = pc.iso_f_precision(r, f, beta)
        ok = ~np.isnan(p)
        assert ok.any()
        b2 = beta ** 2
        np.testing.assert_allclose((1 + b2) * p[ok] * r[ok] / (b2 * p[ok] + r[ok]), f)
        assert np.all(p[ok] <= 1 + 1e-12)


def test_curve_plotters_draw_the_given_points():
    d = watermelon_scores()
    fpr, tpr, _ = lm.roc_curve(d.y_true, d.y_score)
    prec, rec, _ = lm.precision_recall_curve(d.y_true, d.y_score)
    fig, (a1, a2, a3) = plt.subplots(1, 3)
    line = pc.plot_roc_steps(pc.style_roc_axes(a1), fpr, tpr)
    np.testing.assert_array_equal(line.get_xdata(), fpr)
    pc.shade_auc(a1, fpr, tpr)
    refs = pc.plot_reference(a1, "roc")
    assert set(refs) == {"random", "perfect"}
    pts = pc.plot_pr_steps(pc.style_pr_axes(a2), rec, prec)
    assert np.all(np.diff(pts.get_xdata()) >= 0)
    steps = pc.plot_pr_steps(a3, rec, prec, style="steps")
    x, y = steps.get_xdata(), steps.get_ydata()
    # the area under the step line is the average precision
    assert np.sum(np.diff(x) * y[:-1]) == pytest.approx(sk.average_precision_score(d.y_true, d.y_score))
    pc.plot_bep_line(a2)
    lines, texts = pc.plot_iso_f(a2, (0.5, 0.8))
    assert len(lines) == len(texts) == 2
    with pytest.raises(ValueError, match="style"):
        pc.plot_pr_steps(a2, rec, prec, style="smooth")
    with pytest.raises(ValueError, match="prevalence"):
        pc.plot_reference(a2, "pr")
    with pytest.raises(ValueError, match="kind"):
        pc.plot_reference(a2, "cost")
    with pytest.raises(ValueError, match="same length"):
        pc.plot_roc_steps(a1, [0, 1], [0, 0.5, 1])
    plt.close(fig)


def test_ranked_strip_and_cut_point_artists_move_in_place():
    d = ten_samples()
    fig, (a1, a2) = plt.subplots(2, 1)
    strip = pc.plot_ranked_strip(a1, d.y_true, d.y_score, d.ids, cut=3)
    assert strip.line.get_xdata()[0] == pytest.approx(2.5)
    strip.set_cut(7)
    assert strip.line.get_xdata()[0] == pytest.approx(6.5)
    assert strip.span.get_width() == 7
    assert list(strip.ids) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    t = lm.stepping_table(d.y_true, d.y_score)
    point, trail = pc.plot_cut_point(a2, t.at(4).pr_path)
    assert point.get_xdata()[0] == pytest.approx(t.recall[4])
    pc.move_cut_point(point, trail, t.at(0).pr_path)  # empty path: nothing shown
    assert len(point.get_xdata()) == 0
    with pytest.raises(ValueError, match="ids"):
        pc.plot_ranked_strip(a1, d.y_true, d.y_score, ids=[1, 2])
    plt.close(fig)
