"""The comparison and bias-variance explorers, driven through their sliders."""
import numpy as np
import pytest

pytest.importorskip("ipywidgets")

import learnmetrics as lm
from learnmetrics.widgets.bias_variance import BiasVarianceExplorer
from learnmetrics.widgets.compare import PairedTestExplorer


@pytest.fixture(scope="module")
def grid():
    return lm.compare.simulate_paired_t_power(folds=(2, 5, 10), differences=(0.0, 0.05, 0.1), n_repeats=300, rng=0)


def test_paired_test_explorer_follows_its_sliders(grid):
    ex = PairedTestExplorer(grid, k=5, difference=0.0)
    assert ex.state.k == 5 and ex.state.difference == 0.0
    ex.folds.value = 10
    ex.difference.value = 0.1
    expected = lm.compare.paired_test_state(grid, 10, 0.1)
    assert ex.state.k == 10 and ex.state.power == expected.power
    assert ex.state.critical_value == pytest.approx(expected.critical_value)
    assert "power" in ex.readout.value
    png = ex.image.value
    assert png[:4] == b"\x89PNG"
    ex.folds.value = 2
    ex.folds.value = 10  # a revisit is served from the cache
    assert ex.image.value == png


def test_bias_variance_explorer_follows_its_slider():
    r = lm.bias_variance.bias_variance_experiment(degrees=range(0, 6), n_sets=40, rng=0)
    ex = BiasVarianceExplorer(r, degree=1)
    ex.slider.value = 4
    s = ex.state
    assert s.degree == 4 and s.variance == pytest.approx(r.variance[4])
    np.testing.assert_allclose(s.mean_curve, r.mean_prediction[4])
    assert "degree 4" in ex.readout.value
    fig = ex.filmstrip([(0,), (2,), (4,)], ncols=3)
    assert len(fig.axes) == 3


def _fresh_frame(ex, key):
    ex._frames.clear()
    return ex.frame(key)


def test_blitted_frames_leave_nothing_behind(grid):
    """Only the moving artists are redrawn over a cached background: a frame drawn after
    visiting others must be pixel-identical to the same frame drawn first."""
    r = lm.bias_variance.bias_variance_experiment(degrees=range(0, 8), n_sets=40, rng=0)
    for ex, keys in [(PairedTestExplorer(grid, k=5, difference=0.0), [(5, 0.0), (2, 0.1), (10, 0.05)]),
                     (BiasVarianceExplorer(r, degree=1), [(1,), (7,), (0,)])]:
        assert ex.dynamic_artists()
        first = _fresh_frame(ex, keys[0])
        for key in keys[1:]:
            _fresh_frame(ex, key)
        assert _fresh_frame(ex, keys[0]) == first


def test_paired_test_explorer_refuses_bad_data_before_drawing(grid):
    with pytest.raises(TypeError, match="grid must be a PowerGrid"):
        PairedTestExplorer(grid={"folds": (2, 5)})
    with pytest.raises(ValueError, match="k must be one of the simulated folds"):
        PairedTestExplorer(grid, k=3)
    with pytest.raises(ValueError, match="difference must be one of the simulated differences"):
        PairedTestExplorer(grid, k=5, difference=0.03)
    with pytest.raises(TypeError, match="difference must be a real number"):
        PairedTestExplorer(grid, k=5, difference="0.05")


def test_paired_test_explorer_offers_only_simulated_values(grid):
    ex = PairedTestExplorer(grid, k=5, difference=0.05)
    assert list(ex.folds.options) == list(grid.folds)
    assert [v for _, v in ex.difference.options] == list(grid.differences)
    for k in grid.folds:
        for d in grid.differences:
            ex.folds.value, ex.difference.value = k, d
            assert ex.state.k == k and ex.state.difference == d
