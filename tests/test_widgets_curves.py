"""The P-R / ROC explorers and plotting helpers of chapters 03 and 04.

The explorers are driven as a learner drives them, by setting ``.slider.value``;
their ``.state`` must be exactly the pure state function's output.
"""
import io
import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from PIL import Image  # noqa: E402

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


# -- issue 11/12: bad data refused before drawing, read-outs, drawing order, visual grammar ------
BAD_DATA = [
    (dict(y_true=[0, 1, 1], y_score=[0.2, 0.4]), ValueError, "y_true has 3, y_score has 2"),
    (dict(y_true=[0, 1, 1], y_score=[0.2, np.nan, 0.5]), ValueError, "y_score must not contain NaN"),
    (dict(y_true=[1, 1, 1], y_score=[0.2, 0.3, 0.5]), ValueError, "both classes"),
    (dict(y_true=[0, 0, 0], y_score=[0.2, 0.3, 0.5]), ValueError, "both classes"),
    (dict(y_true=[0, 2, 2], y_score=[0.2, 0.3, 0.5]), ValueError, "pos_label"),
    (dict(y_true=[0, 1, 1], y_score=[0.2, 0.3 + 1j, 0.5]), TypeError, "complex"),
    (dict(y_true=[0.5, 1, 1], y_score=[0.2, 0.3, 0.5]), ValueError, "y_true"),
    (dict(y_true=[0, 1, 1], y_score=[0.2, 0.3, 0.5], sample_weight=[1, -1, 1]), ValueError, "sample_weight"),
    (dict(y_true=[0, 1, 1], y_score=[0.2, 0.3, 0.5], sample_weight=[1, 0, 0]), ValueError, "both classes"),
]


@pytest.mark.parametrize("cls", [CutPointExplorer, FBetaExplorer])
@pytest.mark.parametrize("kwargs, exc, words", BAD_DATA)
def test_explorers_refuse_bad_data_before_drawing(cls, kwargs, exc, words, monkeypatch):
    if cls is CutPointExplorer and words == "both classes":
        pytest.skip("the cut-point explorer shows one class (test_cut_point_explorer_shows_one_class)")
    drawn = []
    monkeypatch.setattr(cls, "setup_figure", lambda self, fig: drawn.append(1))
    with pytest.raises(exc, match=re.escape(words) if "(" not in words else None):
        cls(**kwargs)
    assert not drawn


def test_explorer_arguments_are_checked():
    d = ten_samples()
    with pytest.raises(ValueError, match="ids"):
        CutPointExplorer(d.y_true, d.y_score, ids=[1, 2])
    with pytest.raises(TypeError, match="title"):
        CutPointExplorer(d.y_true, d.y_score, title=3)
    with pytest.raises(ValueError, match="beta"):
        FBetaExplorer(d.y_true, d.y_score, beta=20)
    with pytest.raises(TypeError, match="beta"):
        FBetaExplorer(d.y_true, d.y_score, beta="1")


def test_cut_read_out_keeps_the_cut():
    ex = CutPointExplorer([1, 0, 1, 0], [0.9, 0.50051, 0.5, 0.1])
    ex.slider.value = 2
    assert "score ≥ 0.5005:" in ex.strip.label.get_text()
    assert "&ge; 0.5005" in ex.readout.value
    assert "threshold >= 0.5005" in str(ex.state)
    # the read-out value selects exactly the examples of the cut
    assert 0.5 < 0.5005 <= 0.50051


def test_band_is_drawn_before_the_boxes_and_labels_after_the_curve():
    d = watermelon_scores()
    ex = CutPointExplorer(d.y_true, d.y_score, ids=d.ids)
    dyn = ex.dynamic_artists()
    st = ex.strip
    assert dyn.index(st.span) < min(dyn.index(b) for b in st.boxes)
    assert max(dyn.index(b) for b in st.boxes) < dyn.index(st.line)
    # the boxes keep their class colours under the band: a negative inside the band stays vermillion
    ex.slider.value = 9
    img = np.asarray(Image.open(io.BytesIO(ex.image.value)).convert("RGB")).astype(int)
    neg = [b for b, lab in zip(st.boxes, st.y) if lab == 0][0]  # #15, inside the band at cut 9
    x0, y0, x1, y1 = neg.get_window_extent(ex.fig.canvas.get_renderer()).extents
    h = img.shape[0]
    px = img[int(h - (y0 + y1) / 2), int(x0 + 0.2 * (x1 - x0))]
    assert np.abs(px - np.array([0xD5, 0x5E, 0x00])).max() <= 3
    fb = FBetaExplorer(d.y_true, d.y_score)
    dyn = fb.dynamic_artists()
    assert dyn.index(fb.curve_line) < min(dyn.index(t) for t in fb.iso_texts)
    assert dyn.index(fb.field) < dyn.index(fb.curve_line)


def test_explorers_follow_the_visual_grammar():
    from matplotlib.colors import to_hex

    from learnmetrics.plotting import style

    d = watermelon_scores()
    ex = CutPointExplorer(d.y_true, d.y_score, ids=d.ids)
    assert to_hex(ex.roc_point.get_markerfacecolor()) == style.CUT.lower()
    assert to_hex(ex.pr_point.get_markerfacecolor()) == style.CUT.lower()
    assert to_hex(ex.strip.line.get_color()) == style.CUT.lower()
    colours = {to_hex(b.get_facecolor()) for b in ex.strip.boxes}
    assert colours == {style.POSITIVE.lower(), style.NEGATIVE.lower()}
    fb = FBetaExplorer(d.y_true, d.y_score)
    assert to_hex(fb.best_pt.get_markerfacecolor()) == style.CUT.lower()
    for e in (ex, fb):
        e.render_png()
        sizes = [t.get_fontsize() for t in e.fig.findobj(matplotlib.text.Text) if t.get_text()]
        assert min(sizes) >= 9, min(sizes)


def test_pr_trail_is_the_achievable_curve_not_straight_lines():
    d = tied_eight()
    ex = CutPointExplorer(d.y_true, d.y_score)
    ex.slider.value = 5
    x, y = ex.pr_trail.get_xdata(), ex.pr_trail.get_ydata()
    t = ex.table
    # every cut walked so far lies on the trail, and between cuts the trail is the achievable
    # interpolation: FP is linear in TP within each step (FP = TP (1/P - 1))
    for k in range(1, 6):
        assert np.any(np.isclose(x, t.recall[k]) & np.isclose(y, t.precision[k]))
    fp = x * (1 / y - 1)
    inside = (x > t.recall[1]) & (x < t.recall[2])      # the tie at 0.8: TP 1 -> 2, FP 0 -> 1 (per 4 positives)
    assert inside.sum() > 3
    np.testing.assert_allclose(fp[inside], x[inside] - 0.25, atol=1e-12)


@pytest.mark.parametrize("call, words", [
    (lambda ax: pc.plot_roc_steps(ax, [0, 1], [0, 1], markers="no"), "markers"),
    (lambda ax: pc.plot_reference(ax, "roc", legend_labels="x"), "legend_labels"),
    (lambda ax: pc.plot_ranked_strip(ax, [0, 1], [0.1, 0.2], show_text="False"), "show_text"),
    (lambda ax: pc.plot_pr_steps(ax, [0, 1j], [1, 1]), "complex"),
    (lambda ax: pc.plot_rank_squares(ax, [0, 1], [0.1, np.nan]), "NaN"),
    (lambda ax: pc.plot_rank_squares(ax, [0, 1], [0.1, 0.2], max_pairs=0), "max_pairs"),
    (lambda ax: pc.plot_rank_squares(ax, [0, 1], [0.1, 0.2], annotate="yes"), "annotate"),
    (lambda ax: pc.plot_cut_point(ax, None, kind="cost"), "kind"),
])
def test_plotting_flags_and_data_are_checked(call, words):
    fig, ax = plt.subplots()
    with pytest.raises((TypeError, ValueError), match=words):
        call(ax)
    plt.close(fig)


@pytest.mark.parametrize("y_true, missing, said", [([1, 1, 1], "negative", "FPR = FP/(FP+TN) = 0/0 = undefined"),
                                                    ([0, 0, 0], "positive", "R   = TP/(TP+FN) = 0/0 = undefined")])
def test_cut_point_explorer_shows_one_class(y_true, missing, said):
    """One class only (issue 14): the explorer still shows; the rates of the missing class
    are 0/0, said in the read-out and on the figure, and no ROC point is drawn."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")          # no warning: the figure and the read-out say it
        ex = CutPointExplorer(y_true, [0.2, 0.5, 0.9])
    assert len(ex.table) == 4
    for k in range(4):
        ex.slider.value = k
        assert said in ex.readout.value
        assert ex.roc_note.get_visible() and f"no {missing} example" in ex.roc_note.get_text()
        assert "0/0" in ex.roc_title.get_text()
    if missing == "positive":
        assert "R = 0/0" in ex.pr_title.get_text()
    with pytest.raises(ValueError, match="both classes"):
        FBetaExplorer(y_true, [0.2, 0.5, 0.9])


def test_cut_point_explorer_refuses_more_examples_than_it_walks_before_drawing():
    n = CutPointExplorer.max_examples + 1
    with pytest.raises(ValueError, match="at most 20,000.*random sample"):
        CutPointExplorer(np.arange(n) % 2, np.linspace(0, 1, n))


def test_long_ranked_strip_is_one_image_with_the_classes_in_rank_order():
    fig = Figure()
    ax = fig.add_subplot()
    y = np.array([1, 0] * 150)
    s = np.linspace(1, 0, 300)
    strip = pc.RankedStrip(ax, y, s)
    assert len(strip.boxes) == 1
    rgb = strip.boxes[0].get_array()
    assert rgb.shape == (1, 300, 3)
    assert np.allclose(rgb[0, 0], matplotlib.colors.to_rgb(pc.POS_COLOR))
    assert np.allclose(rgb[0, 1], matplotlib.colors.to_rgb(pc.NEG_COLOR))


def test_state_at_is_the_state_of_a_move_and_leaves_the_shown_explorer_where_it_is():
    w = watermelon_scores()
    ex = CutPointExplorer(w.y_true, w.y_score, ids=w.ids, k=2)
    at = {k: str(ex.state_at(slider=k)) for k in (0, 4, 17, 99)}
    assert ex.slider.value == 2
    for k, text in at.items():
        ex.slider.value = k
        assert str(ex.state) == text   # 99: clamped to the last cut, as the slider clamps
    with pytest.raises(ValueError, match="'k_slider' is not a control"):
        ex.state_at(k_slider=1)
