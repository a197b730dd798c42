"""Chapter 02's threshold explorer, driven by setting its slider in code."""
import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.datasets import watermelon_scores
from learnmetrics.widgets.threshold import ThresholdExplorer


@pytest.fixture(scope="module")
def explorer():
    m = watermelon_scores()
    return ThresholdExplorer(m.y_true, m.y_score, ids=m.ids, threshold=0.5)


@pytest.mark.parametrize("t", [0.05, 0.3, 0.5, 0.51, 0.77, 0.97])
def test_state_follows_the_slider(explorer, t):
    m = watermelon_scores()
    explorer.slider.value = t
    y_pred = (m.y_score >= explorer.slider.value).astype(int)
    counts = lm.binary_counts(m.y_true, y_pred)
    assert explorer.state.counts == counts
    assert explorer.state.threshold == pytest.approx(explorer.slider.value)
    assert explorer.state.accuracy == pytest.approx(lm.accuracy_score(m.y_true, y_pred))
    assert "<b>threshold" in explorer.readout.value


def test_image_changes_with_the_cut_and_is_cached(explorer):
    explorer.slider.value = 0.3
    first = explorer.image.value
    explorer.slider.value = 0.8
    assert explorer.image.value != first
    explorer.slider.value = 0.3
    assert explorer.image.value == first
    assert explorer.last_update_ms < 20


def test_filmstrip_is_a_figure(explorer):
    import matplotlib.pyplot as plt

    fig = explorer.filmstrip([(0.2,), (0.6,)], ncols=2)
    assert len(fig.axes) == 2
    plt.close(fig)


def test_extreme_thresholds_give_the_book_end_points(explorer):
    explorer.slider.value = explorer.slider.max  # nothing predicted positive
    assert explorer.state.counts.tp == 0 and explorer.state.counts.fp == 0
    assert np.isnan(explorer.state.precision)
    explorer.slider.value = explorer.slider.min  # everything predicted positive
    assert explorer.state.recall == 1.0


# -- read-outs that never round the cut away (issue 12) -------------------------------------
def test_fine_step_reads_out_the_exact_threshold():
    m = watermelon_scores()
    ex = ThresholdExplorer(m.y_true, m.y_score, ids=m.ids, threshold=0.5, step=0.001)
    assert ex.slider.readout_format == ".3f"
    ex.slider.value = 0.504
    html = ex.readout.value
    assert "threshold = 0.504" in html and "threshold = 0.50<" not in html
    # melon 5 (score 0.500) is predicted negative at 0.504, and the read-out says so with its exact score
    assert not ex.state.predicted_positive[4]
    assert "highest score predicted −: #5 (0.500)" in html
    assert "lowest score predicted +: #14 (0.523)" in html


def test_default_step_reads_out_two_decimals_and_three_for_the_scores():
    m = watermelon_scores()
    ex = ThresholdExplorer(m.y_true, m.y_score, ids=m.ids, threshold=0.5)
    assert "threshold = 0.50</b>" in ex.readout.value
    assert "lowest score predicted +: #5 (0.500)" in ex.readout.value
    assert ex.score_decimals == 3


def test_off_grid_threshold_set_in_code_is_printed_exactly():
    m = watermelon_scores()
    ex = ThresholdExplorer(m.y_true, m.y_score, threshold=0.5)
    ex.slider.value = 0.5003
    assert "threshold = 0.5003" in ex.readout.value


def test_score_decimals_never_put_a_score_on_the_wrong_side():
    # 0.49972 printed with 3 decimals would read 0.500 = the slider position 0.500, where it is negative
    ex = ThresholdExplorer([1, 0, 1], [0.49972, 0.2, 0.9], threshold=0.5, step=0.001)
    assert ex.score_decimals == 4
    assert "#1 (0.4997)" in ex.readout.value


def test_pos_label_selects_the_positive_class():
    ex = ThresholdExplorer([0, 2, 2, 0], [0.1, 0.8, 0.6, 0.4], threshold=0.5, pos_label=2)
    assert ex.state.counts.tp == 2 and ex.state.counts.fp == 0
    ex = ThresholdExplorer(["bad", "good", "good"], [0.2, 0.9, 0.3], threshold=0.5, pos_label="good")
    assert ex.state.counts.tp == 1 and ex.state.counts.fn == 1


# -- bad data refused with the explorer's own argument names, before anything is drawn ----
@pytest.fixture
def no_drawing(monkeypatch):
    """Fail the test if the explorer gets as far as building its figure."""
    def boom(self, fig):
        raise AssertionError("the figure was built before the arguments were checked")
    monkeypatch.setattr(ThresholdExplorer, "setup_figure", boom)


GOOD = dict(y_true=[1, 0, 1, 0], y_score=[0.9, 0.6, 0.4, 0.2])


@pytest.mark.parametrize("kwargs, exc, match", [
    (dict(y_true=[1, 0, 1], y_score=[0.9, 0.2]), ValueError, "y_true has 3, y_score has 2"),
    (dict(y_score=[0.9, np.nan, 0.4, 0.2]), ValueError, "y_score must not contain NaN"),
    (dict(y_score=[0.9, np.inf, 0.4, 0.2]), ValueError, "y_score must not contain NaN"),
    (dict(y_score=["a", "b", "c", "d"]), TypeError, "y_score must hold numbers"),
    (dict(y_score=[0.9 + 1j, 0.6, 0.4, 0.2]), TypeError, "y_score must hold real numbers"),
    (dict(y_true=[0, 2, 0, 2]), ValueError, r"pos_label=1 is not one of y_true's labels \[0, 2\]"),
    (dict(y_true=[0, 1, 2, 1]), ValueError, "at most two classes"),
    (dict(y_true=[0.5, 1, 0, 1]), ValueError, "y_true holds continuous values"),
    (dict(y_true=[], y_score=[]), ValueError, "y_true is empty"),
    (dict(pos_label=1.5), TypeError, "pos_label must be"),
    (dict(ids=[1, 2, 3]), ValueError, "y_true has 4, ids has 3"),
    (dict(names="good"), TypeError, "names must be two strings"),
    (dict(names=("a", "b", "c")), TypeError, "names must be two strings"),
    (dict(step=0), ValueError, "step must be > 0"),
    (dict(step=-0.01), ValueError, "step must be > 0"),
    (dict(step=np.nan), ValueError, "step must be a finite number"),
    (dict(step="0.01"), TypeError, "step must be a real number"),
    (dict(step=True), TypeError, "step must be a real number"),
    (dict(step=1e-9), ValueError, "slider positions"),
    (dict(threshold=np.nan), ValueError, "threshold must be a finite number"),
    (dict(threshold=np.inf), ValueError, "threshold must be a finite number"),
    (dict(threshold="0.5"), TypeError, "threshold must be a real number"),
    (dict(threshold=None), TypeError, "threshold must be a real number"),
    (dict(threshold=5.0), ValueError, r"threshold must lie in the slider's range \[0.20, 0.91\]"),
    (dict(threshold=-1), ValueError, "threshold must lie in the slider's range"),
])
def test_bad_arguments_are_refused_before_drawing(no_drawing, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        ThresholdExplorer(**{**GOOD, **kwargs})


def test_one_class_data_is_accepted():
    ex = ThresholdExplorer([1, 1, 1], [0.9, 0.6, 0.2], threshold=0.5)
    assert ex.state.counts.fp == 0 and ex.state.counts.tp == 2


def test_frame_follows_the_visual_grammar(explorer):
    from matplotlib.colors import to_hex
    from matplotlib.text import Text

    from learnmetrics.plotting import style

    texts = [t for t in explorer.fig.findobj(Text) if t.get_text()]
    assert min(t.get_fontsize() for t in texts) >= 9
    ax_line = explorer.fig.axes[0]
    assert to_hex(explorer._cut.get_color()) == style.CUT.lower()
    pos, neg = (sc for _, sc in explorer._dots)
    assert to_hex(pos.get_facecolor()[0]) == style.POSITIVE.lower()
    assert to_hex(neg.get_facecolor()[0]) == style.NEGATIVE.lower()
    assert len(pos.get_paths()[0].vertices) != len(neg.get_paths()[0].vertices)  # circle vs square
    assert ax_line.get_xlabel().startswith("score")


def test_chapter_02_says_a_key_step_is_0_02():
    """02 tells the learner 'one step is 0.02' (issue 25: it said 0.01): the explorer's grid steps by 0.02."""
    import json
    from pathlib import Path

    from learnmetrics import datasets
    from learnmetrics.widgets.threshold import ThresholdExplorer

    m = datasets.watermelon_scores()
    ex = ThresholdExplorer(m.y_true, m.y_score, ids=m.ids, threshold=0.5, names=("good", "bad"))
    values = np.array([v for _, v in ex.slider.options])
    assert np.allclose(np.diff(values)[:-1], 0.02)          # the last position is the range's end
    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "02_confusion_matrix.ipynb").read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "one step is 0.02" in text and "steps of 0.01" not in text
