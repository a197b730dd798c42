"""Chapter 02's prevalence explorer, driven by setting its slider in code."""
import re

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import widgets
from learnmetrics.datasets import watermelon_scores
from learnmetrics.imbalance import prevalence_state, prevalence_weights
from learnmetrics.widgets.prevalence import DEFAULT_PREVALENCES, PrevalenceExplorer

CJK = re.compile(r"[\u4e00-\u9fff]")
NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
M = watermelon_scores()


@pytest.fixture(scope="module")
def explorer():
    return PrevalenceExplorer(M.y_true, M.y_score, threshold=0.5)


def test_starts_at_the_collected_prevalence_and_offers_the_grid(explorer):
    assert explorer.slider.value == pytest.approx(8 / 17, abs=1e-12)
    values = [v for _, v in explorer.slider.options]
    assert values == sorted(values) and set(DEFAULT_PREVALENCES) <= set(values) and len(values) == 13
    assert any("as collected" in label for label, _ in explorer.slider.options)


@pytest.mark.parametrize("pi", [0.001, 0.01, 0.1, 0.5, 0.9])
def test_state_follows_the_slider(explorer, pi):
    explorer.slider.value = pi
    st = explorer.state
    expected = prevalence_state(M.y_true, M.y_score, pi, threshold=0.5)
    assert st.prevalence == pi and st.precision == expected.precision and st.mcc == expected.mcc
    pred = (M.y_score >= 0.5).astype(int)
    w = prevalence_weights(M.y_true, pi)
    assert st.f1 == pytest.approx(lm.f1_score(M.y_true, pred, sample_weight=w), abs=1e-12)
    assert st.roc_auc == pytest.approx(lm.roc_auc_score(M.y_true, M.y_score), abs=1e-15)
    assert "<b>positives π" in explorer.readout.value


def test_roc_and_auc_never_move_while_precision_does(explorer):
    seen = {}
    for _, pi in explorer.slider.options:
        explorer.slider.value = pi
        seen[pi] = explorer.state
    aucs = {s.roc_auc for s in seen.values()}
    assert len(aucs) == 1
    ps = [seen[pi].precision for pi in sorted(seen)]
    assert all(a < b for a, b in zip(ps, ps[1:]))


def test_image_changes_with_the_prevalence_and_is_cached(explorer):
    explorer.slider.value = 0.01
    first = explorer.image.value
    explorer.slider.value = 0.5
    assert explorer.image.value != first
    explorer.slider.value = 0.01
    assert explorer.image.value == first
    assert explorer.last_update_ms < 50


def test_filmstrip_at_the_explorers_width(explorer):
    import matplotlib.pyplot as plt

    fig = explorer.filmstrip([(0.5,), (0.01,)])
    assert len(fig.axes) == 2
    assert fig.get_size_inches()[0] == pytest.approx(explorer.figsize[0])
    plt.close(fig)


def test_smallest_text_is_at_least_9_points(explorer):
    sizes = [t.get_fontsize() for t in explorer.fig.findobj(lambda a: hasattr(a, "get_fontsize"))
             if getattr(t, "get_text", lambda: "")()]
    assert min(sizes) >= 9


def test_reserved_colours_only_for_the_cut_point(explorer):
    from matplotlib.colors import to_hex

    from learnmetrics.plotting import style

    orange = []
    for line in explorer.fig.findobj(lambda a: hasattr(a, "get_markerfacecolor")):
        if to_hex(line.get_markerfacecolor()) == style.CUT.lower() or to_hex(line.get_color()) == style.CUT.lower():
            orange.append(line)
    assert len(orange) == 2  # the cut point on the ROC curve and on the P-R curve
    for bar in explorer.prevalence_view._bars:
        assert to_hex(bar.get_facecolor()) not in {style.CUT.lower(), style.POSITIVE.lower(), style.NEGATIVE.lower()}


def test_readout_in_chinese_same_numbers():
    widgets.set_language("en")
    ex = PrevalenceExplorer(M.y_true, M.y_score)
    for pi in (0.001, 0.05, 0.9):
        ex.slider.value = pi
        en = ex.readout.value
        ex.set_language("zh")
        zh = ex.readout.value
        ex.set_language(None)
        assert not CJK.search(en)
        assert NUMBER.findall(zh) == NUMBER.findall(en), (en, zh)
        for term in ("查准率 P", "查全率 R", "真正例率 TPR", "精度", "平衡精度", "真正例 TP", "假正例 FP"):
            assert term in zh
        assert ex.readout.value == en


@pytest.mark.parametrize("kwargs, exc, word", [
    (dict(prevalences=[0.0, 0.5]), ValueError, "prevalences"),
    (dict(prevalences=[0.5, 1.0]), ValueError, "prevalences"),
    (dict(prevalences=np.linspace(0.01, 0.99, 61)), ValueError, "prevalences"),
    (dict(prevalences=[0.1, 0.2], prevalence=0.3), ValueError, "prevalence"),
    (dict(prevalence=1.0), ValueError, "prevalence"),
    (dict(threshold="0.5"), TypeError, "threshold"),
    (dict(pos_label=3), ValueError, "pos_label"),
])
def test_bad_arguments_are_named_before_drawing(kwargs, exc, word):
    with pytest.raises(exc, match=word):
        PrevalenceExplorer(M.y_true, M.y_score, **kwargs)


def test_one_class_only_is_refused():
    with pytest.raises(ValueError, match="y_true"):
        PrevalenceExplorer([1, 1, 1], [0.2, 0.5, 0.7])


def test_plot_multilabel_averages_draws_the_three_averages():
    import matplotlib.pyplot as plt

    from learnmetrics.datasets import tagged_melons
    from learnmetrics.plotting.imbalance import plot_multilabel_averages

    t = tagged_melons()
    Y, P = t.Y, (t.Y_score >= 0.5).astype(int)
    per_label = lm.f1_score(Y, P, average=None)
    per_melon = lm.f1_score(Y.T, P.T, average=None, zero_division=1.0)
    samples = lm.f1_score(Y, P, average="samples", zero_division=1.0)
    assert per_melon.mean() == pytest.approx(samples, abs=1e-12)  # the samples average, row by row
    fig, ax = plt.subplots(figsize=(7, 3.3))
    out = plot_multilabel_averages(ax, per_label, lm.f1_score(Y, P, average="micro"), per_melon, samples,
                                   label_names=["sweet", "crisp"])
    assert out["macro"].get_ydata()[0] == pytest.approx(lm.f1_score(Y, P, average="macro"))
    assert out["samples"].get_ydata()[0] == pytest.approx(samples)
    assert len(out["per_sample"].get_offsets()) == len(Y)
    assert min(x.get_fontsize() for x in ax.texts) >= 9
    with pytest.raises(ValueError, match="label_names"):
        plot_multilabel_averages(ax, per_label, 0.5, per_melon, samples, label_names=["only one"])
    with pytest.raises(ValueError, match="per_sample"):
        plot_multilabel_averages(ax, per_label, 0.5, [np.nan], samples)
    plt.close(fig)


def test_prevalence_view_refuses_a_wrong_state():
    import matplotlib.pyplot as plt

    from learnmetrics.plotting.imbalance import PrevalenceView

    fig, axes = plt.subplots(1, 3)
    with pytest.raises(TypeError, match="state"):
        PrevalenceView(*axes, state={"prevalence": 0.1})
    plt.close(fig)
