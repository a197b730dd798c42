"""Chapter 05's explorer: bad data refused before drawing, the read-out names cuts by size, text >= 9 pt."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

import learnmetrics as lm  # noqa: E402
from learnmetrics.datasets import watermelon_scores  # noqa: E402
from learnmetrics.widgets.cost import CostCurveExplorer  # noqa: E402

Y, S = [1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1]


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        (dict(y_true=[1, 0, 1], y_score=[0.1, 0.2]), ValueError, "y_true has 3, y_score has 2"),
        (dict(y_true=Y, y_score=[0.1, np.nan, 0.3, 0.2]), ValueError, "y_score must not contain NaN"),
        (dict(y_true=[0, 2, 0, 2], y_score=S), ValueError, "pos_label"),
        (dict(y_true=[1, 1, 1, 1], y_score=S), ValueError, "y_true must hold both classes"),
        (dict(y_true=[], y_score=[]), ValueError, "empty"),
        (dict(y_true=Y, y_score=S, sample_weight=[1, 1, 1, -1]), ValueError, "sample_weight must be non-negative"),
        (dict(y_true=Y, y_score=S, ratio=True), ValueError, "ratio must be one of"),
        (dict(y_true=Y, y_score=S, ratio=7), ValueError, "ratio must be one of"),
        (dict(y_true=Y, y_score=S, ratio="4"), ValueError, "ratio must be one of"),
        (dict(y_true=Y, y_score=S, prior="0.3"), TypeError, "prior must be a real number"),
        (dict(y_true=Y, y_score=S, prior=np.nan), ValueError, r"prior must be in \[0, 1\]"),
        (dict(y_true=Y, y_score=S, prior=1.5), ValueError, r"prior must be in \[0, 1\]"),
        (dict(y_true=Y, y_score=S, names="ab"), TypeError, "names must be two strings"),
        (dict(y_true=Y, y_score=S, names=("good",)), TypeError, "names must be two strings"),
    ],
)
def test_explorer_refuses_bad_data_before_drawing(kwargs, exc, match, monkeypatch):
    drawn = []
    monkeypatch.setattr(CostCurveExplorer, "setup_figure", lambda self, fig: drawn.append(1))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning on the way to the error
        with pytest.raises(exc, match=match):
            CostCurveExplorer(**kwargs)
    assert not drawn


def test_readout_names_the_cut_by_its_size():
    d = watermelon_scores()
    ex = CostCurveExplorer(d.y_true, d.y_score, names=("good", "bad"))
    ex.ratio_slider.value = 4
    ex.prior_slider.value = 0.2
    assert ex.state.cut_name == "cut 8" and ex.state.n_predicted_positive == 8
    assert "best cut: cut 8 (top 8 predicted +)" in ex.readout.value and "#" not in ex.readout.value
    table = lm.stepping_table(d.y_true, d.y_score)
    s = lm.cost.cost_state(table.fpr, table.recall, table.thresholds, 0.2, 4, 1, n_pos=table.n_pos, n_neg=table.n_neg)
    assert (ex.state.tp, ex.state.fp, ex.state.total_cost) == (s.tp, s.fp, s.total_cost)


def test_control_labels_are_not_cut_short():
    """A fixed description width cut 'cost01:cost10' to 'cost01:cost...' in the page: the labels
    size to their text (in both languages)."""
    d = watermelon_scores()
    ex = CostCurveExplorer(d.y_true, d.y_score, names=("good", "bad"))
    for control in (ex.ratio_slider, ex.prior_slider):
        width = control.style.description_width
        assert width in ("", "initial") or len(control.description) * 8 <= int(width.rstrip("px")), \
            (control.description, width)


def test_explorer_text_is_at_least_9_points():
    d = watermelon_scores()
    ex = CostCurveExplorer(d.y_true, d.y_score)
    texts = ex.fig.findobj(lambda a: hasattr(a, "get_fontsize") and a.get_visible())
    sizes = [t.get_fontsize() for t in texts]
    sizes += [lab.get_fontsize() for ax in ex.fig.axes for lab in ax.get_xticklabels() + ax.get_yticklabels()]
    assert min(sizes) >= 9


def test_readout_shows_both_costs_per_example_and_the_chinese_names_the_cut_point():
    """Issue 29: the chapter says the read-out shows two costs per example (it showed neither); the Chinese
    read-out wrote '最佳截断点：cut 8' and 'ROC 上等代价线' (read as 上等)."""
    from learnmetrics.widgets import set_language

    d = watermelon_scores()
    ex = CostCurveExplorer(d.y_true, d.y_score, names=("good", "bad"))
    ex.ratio_slider.value = 4
    ex.prior_slider.value = 0.2
    en = ex.describe(ex.state)
    assert f"expected cost per example at p: {ex.state.expected_cost:.3f}" in en
    assert f"cost-sensitive error on these examples: {ex.state.error_rate:.3f}" in en
    set_language("zh")
    try:
        zh = ex.describe(ex.state)
    finally:
        set_language("en")
    assert "最佳截断点 k = 8" in zh and "cut 8" not in zh and "ROC 上等" not in zh
    assert f"{ex.state.expected_cost:.3f}" in zh and f"{ex.state.error_rate:.3f}" in zh


def test_current_point_and_legends_clear_of_the_data():
    """Issue 24: the current point is never clipped (first and last x), the legends sit outside the axes."""
    d = watermelon_scores()
    ex = CostCurveExplorer(d.y_true, d.y_score)
    assert ex.cost_view.point.get_clip_on() is False and ex.roc_view.point.get_clip_on() is False
    ex.fig.canvas.draw()
    r = ex.fig.canvas.get_renderer()
    for view in (ex.cost_view, ex.roc_view):
        leg, box = view.ax.get_legend().get_window_extent(r), view.ax.get_window_extent(r)
        assert leg.y1 <= box.y0                                  # entirely below the axes
