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
