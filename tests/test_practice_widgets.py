"""Chapter 13's constraint explorer: driven as a learner drives it, by setting its slider."""
import numpy as np
import pytest

from learnmetrics import practice as pr
from learnmetrics.plotting import style
from learnmetrics.widgets.practice import ConstraintExplorer


@pytest.fixture(scope="module")
def ex():
    return ConstraintExplorer(targets=(0.7, 0.8, 0.9), target=0.9, n_val=300, n_repeats=60, rng=0)


def test_the_slider_moves_the_state_and_the_readout(ex):
    ex.target.value = 0.7
    s = ex.state
    assert s.target == 0.7
    assert s == pr.constraint_state(0.7, n_val=300, n_repeats=60, rng=0).__class__(**s.__dict__)
    assert "0.70" in ex.readout.value and f"{s.held:.0%}" in ex.readout.value
    ex.target.value = 0.9
    assert ex.state.target == 0.9 and "0.90" in ex.readout.value


def test_the_state_is_the_pure_functions(ex):
    ex.target.value = 0.8
    ref = pr.constraint_state(0.8, n_val=300, n_repeats=60, rng=0)
    assert ex.state.threshold == ref.threshold and ex.state.held == ref.held
    np.testing.assert_array_equal(ex.state.thresholds, ref.thresholds)


def test_the_frames_show_the_current_position_unclipped(ex):
    for t in (0.7, 0.9):
        ex.target.value = t
        assert not style.figure_faults(ex.fig)
        png = ex.image.value if isinstance(ex.image.value, bytes) else None
        if png:
            assert style.count_cut_pixels(png) > 0


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(ValueError, match="target"):
        ConstraintExplorer(targets=(0.7, 0.8), target=0.9)
    with pytest.raises(ValueError, match="targets"):
        ConstraintExplorer(targets=(0.8, 0.7), target=0.8)
    with pytest.raises(ValueError, match="targets"):
        ConstraintExplorer(targets=(0.7, 1.5), target=0.7)
    with pytest.raises(TypeError, match="n_val"):
        ConstraintExplorer(n_val="300")


def test_leakage_explorer_follows_its_slider():
    from learnmetrics.widgets.practice import LeakageExplorer

    ex = LeakageExplorer(keeps=(2, 20, 200), keep=20, n_datasets=4, rng=13)
    ex.keep.value = 200
    s = ex.state
    assert s.keep == 200 and f"{s.outside_mean:.3f}" in ex.readout.value
    ref = pr.leakage_state(pr.leakage_curve(keeps=(2, 20, 200), n_datasets=4, rng=13), 200)
    assert s.outside_mean == ref.outside_mean and s.inside_mean == ref.inside_mean
    assert not style.figure_faults(ex.fig)
    with pytest.raises(ValueError, match="keep"):
        LeakageExplorer(keeps=(2, 20), keep=5)
