"""Chapters 00/02 pictures: confusion-matrix heat maps, the macro/micro picture, the
feature scatter and the ranked strip follow the visual grammar and check their arguments."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics import datasets  # noqa: E402
from learnmetrics.plotting import style  # noqa: E402
from learnmetrics.plotting.confusion import (  # noqa: E402
    NEG_COLOR, POS_COLOR, book_layout, draw_confusion_matrix, plot_macro_micro, sklearn_layout,
)
from learnmetrics.plotting.datasets import plot_ranked_strip, plot_two_features, score_decimals  # noqa: E402


@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


def test_old_colour_names_are_the_style_colours():
    assert POS_COLOR == style.POSITIVE and NEG_COLOR == style.NEGATIVE


def test_layouts():
    c = lm.classification.BinaryCounts(tp=5, fp=2, fn=3, tn=7)
    assert book_layout(c).tolist() == [[5, 3], [2, 7]]
    assert sklearn_layout(c).tolist() == [[7, 2], [3, 5]]
    with pytest.raises(TypeError, match="counts must be a BinaryCounts"):
        book_layout([5, 2, 3, 7])


def test_heat_map_uses_the_sequential_map_and_prints_every_count(ax):
    art = draw_confusion_matrix(ax, [[5, 3], [2, 7]], labels=["+", "−"], cell_names=[["TP", "FN"], ["FP", "TN"]])
    assert art.image.get_cmap().name == style.SEQUENTIAL
    texts = [t.get_text() for row in art.texts for t in row]
    assert texts == ["TP\n5", "FN\n3", "FP\n2", "TN\n7"]
    # dark cells get white text, bright ones black (cividis: low = dark blue, high = yellow)
    assert art.texts[0][1].get_color() == "white" or art.texts[1][0].get_color() == "white"
    assert art.texts[1][1].get_color() == "black"
    art.update([[0, 0], [0, 10]])
    assert art.texts[0][0].get_text() == "TP\n0"


def test_log_colours_and_format(ax):
    art = draw_confusion_matrix(ax, [[0, 100], [0, 99900]], log_colors=True, fmt="{:,.0f}",
                                normalize_colors_to=100000)
    assert art.texts[1][1].get_text() == "99,900"
    assert art.image.norm(100) > 0.3  # 100 of 100,000 is visibly coloured on the log scale


@pytest.mark.parametrize("kwargs, exc, match", [
    (dict(matrix=[1, 2, 3]), ValueError, "matrix must be a non-empty 2-D table"),
    (dict(matrix=[[]]), ValueError, "matrix must be a non-empty 2-D table"),
    (dict(matrix=[["a", "b"], ["c", "d"]]), TypeError, "matrix must hold numbers"),
    (dict(matrix=[[1, np.nan], [0, 1]]), ValueError, "matrix must not contain NaN"),
    (dict(matrix=[[1, -1], [0, 1]]), ValueError, "cannot be negative"),
    (dict(labels=["a"]), ValueError, r"labels must have one entry per class \(2\)"),
    (dict(labels="ab"), TypeError, "labels must be a list"),
    (dict(labels=["a", "b"], row_labels=["a", "b"]), ValueError, "either labels or row_labels"),
    (dict(matrix=[[1, 2, 3], [4, 5, 6]], labels=["a", "b"]), ValueError, "must be square"),
    (dict(row_labels=["a", "b", "c"]), ValueError, "row_labels must have one entry per row"),
    (dict(col_labels=["a"]), ValueError, "col_labels must have one entry per column"),
    (dict(cell_names=[["TP", "FN"]]), ValueError, "cell_names must be a list of 2 rows"),
    (dict(cell_names=[["TP"], ["FP", "TN"]]), ValueError, r"cell_names\[0\] must have one entry"),
    (dict(title=3), TypeError, "title must be a string"),
    (dict(normalize_colors_to=0), ValueError, "normalize_colors_to must be > 0"),
    (dict(normalize_colors_to=np.inf), ValueError, "normalize_colors_to must be a finite number"),
    (dict(fmt=3), TypeError, "fmt must be a format string"),
    (dict(fmt="{:d"), ValueError, "fmt must format one number"),
    (dict(log_colors="yes"), TypeError, "log_colors must be True or False"),
])
def test_draw_confusion_matrix_bad_arguments(ax, kwargs, exc, match):
    kwargs = {"matrix": [[5, 3], [2, 7]], **kwargs}
    matrix = kwargs.pop("matrix")
    with pytest.raises(exc, match=match):
        draw_confusion_matrix(ax, matrix, **kwargs)


def test_macro_micro_picture_draws_the_computed_averages():
    ex = datasets.rare_class_example()
    counts = lm.one_vs_rest_counts(ex.y_true, ex.ignores_rare)
    fig, (a1, a2) = plt.subplots(1, 2)
    avg = plot_macro_micro(a1, a2, counts, class_names=ex.class_names, title="ignores C")
    assert avg.macro_f1_mean_of_f1 == pytest.approx(
        lm.f1_score(ex.y_true, ex.ignores_rare, average="macro", zero_division=0.0))
    assert avg.micro_f1 == pytest.approx(lm.f1_score(ex.y_true, ex.ignores_rare, average="micro"))
    texts = [t.get_text() for t in a1.texts + a2.texts]
    assert f"macro-F1 = mean = {avg.macro_f1_mean_of_f1:.3f}" in texts and "0.000" in texts
    assert f"{avg.micro_f1:.3f}" in a2.get_title(loc="left")
    assert min(t.get_fontsize() for t in a1.texts + a2.texts) >= 9
    # no reserved colour (positive, negative, cut) among the bars
    reserved = {style.POSITIVE.lower(), style.NEGATIVE.lower(), style.CUT.lower()}
    assert not {to_hex(p.get_facecolor()) for p in a1.patches + a2.patches} & reserved
    plt.close(fig)


@pytest.mark.parametrize("counts, kwargs, exc, match", [
    ([], {}, ValueError, "counts_list is empty"),
    (lm.classification.BinaryCounts(1, 2, 3, 4), {}, TypeError, "counts_list must be a list"),
    ([(1, 2, 3, 4)], {}, TypeError, r"counts_list\[0\] must be a BinaryCounts"),
    ([lm.classification.BinaryCounts(1, 2, 3, 4)], dict(class_names=["a", "b"]), ValueError, "class_names must have one entry"),
    ([lm.classification.BinaryCounts(1, 2, 3, 4)], dict(title=1), TypeError, "title must be a string"),
])
def test_macro_micro_picture_bad_arguments(counts, kwargs, exc, match):
    fig, (a1, a2) = plt.subplots(1, 2)
    with pytest.raises(exc, match=match):
        plot_macro_micro(a1, a2, counts, **kwargs)
    plt.close(fig)


def test_two_features_follows_the_grammar(ax):
    d = datasets.watermelon_3a()
    model = lm.learners.LogisticRegression().fit(d.X, d.y)
    plot_two_features(ax, d, model=model, highlight=5)
    pos, neg = ax.collections[:2]
    assert to_hex(pos.get_facecolor()[0]) == style.POSITIVE.lower()
    assert to_hex(neg.get_facecolor()[0]) == style.NEGATIVE.lower()
    assert to_hex(ax.lines[0].get_color()) == style.CUT.lower()
    assert any("#5: P(good) = 0.49972" == t.get_text() for t in ax.texts)
    assert min(t.get_fontsize() for t in ax.texts) >= 9


@pytest.mark.parametrize("kwargs, exc, match", [
    (dict(annotate="no"), TypeError, "annotate must be True or False"),
    (dict(threshold=1.0), ValueError, r"threshold must be in \(0, 1\)"),
    (dict(highlight=5), ValueError, "highlight needs a model"),
])
def test_two_features_bad_arguments(ax, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        plot_two_features(ax, datasets.watermelon_3a(), **kwargs)


def test_two_features_highlight_must_be_an_id(ax):
    d = datasets.watermelon_3a()
    with pytest.raises(ValueError, match="highlight must be one of the dataset's ids"):
        plot_two_features(ax, d, model=lm.learners.LogisticRegression().fit(d.X, d.y), highlight=99)


def test_ranked_strip(ax):
    plot_ranked_strip(ax, datasets.ten_samples(), cut=4)
    texts = [t.get_text() for t in ax.texts]
    assert texts[:3] == ["#1", "+", "0.95"] and "−" in texts
    assert to_hex(ax.lines[0].get_color()) == style.CUT.lower()
    assert min(t.get_fontsize() for t in ax.texts) >= 9


@pytest.mark.parametrize("cut, exc", [(-1, ValueError), (11, ValueError), (2.5, TypeError), (True, TypeError)])
def test_ranked_strip_bad_cut(ax, cut, exc):
    with pytest.raises(exc, match="cut must"):
        plot_ranked_strip(ax, datasets.ten_samples(), cut=cut)


def test_score_decimals():
    assert score_decimals([0.9, 0.85]) == 2
    assert score_decimals([0.5, 1.0], at_least=1) == 1
    assert score_decimals(datasets.watermelon_scores().y_score) == 3
    assert score_decimals([1 / 3], at_most=4) == 4


def test_update_keeps_the_shape(ax):
    art = draw_confusion_matrix(ax, [[5, 3], [2, 7]])
    with pytest.raises(ValueError, match=r"keep the shape \(2, 2\)"):
        art.update([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(ValueError, match="must not contain NaN"):
        art.update([[1, np.nan], [0, 1]])


def test_measures_against_the_threshold_are_the_threshold_states():
    """02's picture of P, R, F1 and accuracy against the threshold: each step is threshold_state's value;
    the legend sits outside the axes and the orange cut line is never clipped."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import learnmetrics as lm
    from learnmetrics import datasets
    from learnmetrics.plotting import style
    from learnmetrics.plotting.confusion import plot_measures_vs_threshold

    m = datasets.watermelon_scores()
    fig, ax = plt.subplots(figsize=(8, 3.4))
    lines = plot_measures_vs_threshold(ax, m.y_true, m.y_score, threshold=0.5)
    assert set(lines) == {"precision P", "recall R", "F1", "accuracy"}
    for t in (0.065, 0.3, 0.5, 0.7, 0.96):
        st = lm.classification.threshold_state(m.y_true, m.y_score, t)
        x, y = lines["recall R"].get_data()          # steps "pre": on (x[i-1], x[i]] the value y[i]
        i = np.flatnonzero(np.asarray(x) >= t)[0]
        assert y[i] == pytest.approx(st.recall)
        x, y = lines["accuracy"].get_data()
        assert y[np.flatnonzero(np.asarray(x) >= t)[0]] == pytest.approx(st.accuracy)
    assert not style.figure_faults(fig), style.figure_faults(fig)
    with pytest.raises(ValueError, match="same length"):
        plot_measures_vs_threshold(ax, [0, 1], [0.5])
    plt.close(fig)


def test_threshold_views_put_the_cut_on_both_curves():
    """02's MLU-Explain picture: the orange points are the threshold's (FPR, TPR) and (R, P), unclipped."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import learnmetrics as lm
    from learnmetrics import datasets
    from learnmetrics.plotting import style
    from learnmetrics.plotting.confusion import plot_threshold_views

    m = datasets.watermelon_scores()
    for t in (0.3, 0.5, 0.7, 0.99):
        fig, axes = plt.subplots(1, 3, figsize=(10, 2.6))
        st = plot_threshold_views(*axes, m.y_true, m.y_score, t)
        ref = lm.classification.threshold_state(m.y_true, m.y_score, t)
        cut = [ln for ln in axes[1].lines if ln.get_markerfacecolor() == style.CUT]
        assert len(cut) == 1 and tuple(cut[0].get_xydata()[0]) == pytest.approx((ref.fpr, ref.tpr))
        cut = [ln for ln in axes[2].lines if ln.get_markerfacecolor() == style.CUT]
        if ref.counts.predicted_positives:
            assert tuple(cut[0].get_xydata()[0]) == pytest.approx((ref.recall, ref.precision))
        else:
            assert not cut                    # P is 0/0: no point
        assert st.counts == ref.counts
        assert not style.figure_faults(fig), style.figure_faults(fig)
        plt.close(fig)
