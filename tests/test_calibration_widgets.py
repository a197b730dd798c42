"""The chapter 11 explorer: a thin view over temperature_state."""
import matplotlib

matplotlib.use("Agg")
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from learnmetrics import calibration as cal  # noqa: E402
from learnmetrics.widgets.calibration import TemperatureExplorer  # noqa: E402


@pytest.fixture(scope="module")
def data():
    y, _, p = cal.simulate_scores(600, rng=3)
    return y, p


def test_slider_moves_the_state_not_the_auc(data):
    y, p = data
    ex = TemperatureExplorer(y, p)
    aucs, briers = set(), set()
    for t in ex.temperatures:
        ex.temperature.value = t
        s = ex.state
        assert s.brier == cal.temperature_state(y, p, t).brier
        aucs.add(round(s.auc, 12))
        briers.add(round(s.brier, 12))
        assert f"T = {t:g}" in ex.readout.value
    assert len(aucs) == 1 and len(briers) == len(ex.temperatures)
    png = ex.frame((0.5,))
    assert png[:4] == b"\x89PNG"
    fig = ex.filmstrip([(0.5,), (2.0,)])
    assert len(fig.axes) >= 1


@pytest.mark.parametrize("kwargs, exc, match", [
    (dict(temperature=3.0), ValueError, "one of temperatures"),
    (dict(temperatures=(1.0, 0.5)), ValueError, "strictly increasing"),
    (dict(temperatures=(0.0, 1.0)), ValueError, "temperatures"),
    (dict(n_bins=0), ValueError, "n_bins"),
    (dict(temperatures=("a", "b")), TypeError, "temperatures"),
])
def test_bad_arguments(data, kwargs, exc, match):
    y, p = data
    with pytest.raises(exc, match=match):
        TemperatureExplorer(y, p, **kwargs)


def test_bad_data():
    with pytest.raises(ValueError, match="y_prob"):
        TemperatureExplorer([0, 1], [0.2, 1.2])
    with pytest.raises(ValueError, match="different numbers"):
        TemperatureExplorer([0, 1, 1], [0.2, 0.3])
