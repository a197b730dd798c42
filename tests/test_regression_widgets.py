"""The polynomial-degree explorer, driven as a learner drives it."""
import numpy as np
import pytest

import learnmetrics as lm

pytest.importorskip("ipywidgets")
from learnmetrics.widgets.regression import PolynomialDegreeExplorer  # noqa: E402


def _data():
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-1, 1, 30))
    return x, x**3 - x + 0.1 * rng.normal(size=30)


def test_slider_moves_the_state():
    x, y = _data()
    ex = PolynomialDegreeExplorer(x, y, max_degree=6, degree=1)
    assert ex.state.degree == 1
    for d in (3, 0, 6, 3):
        ex.slider.value = d
        ref = lm.polynomial_fit_state(x, y, d, 6)
        assert ex.state.degree == d
        assert ex.state.aic == pytest.approx(ref.aic)
        np.testing.assert_allclose(ex.state.fitted, ref.fitted)
        assert f"degree {d}" in ex.readout.value
        assert ex.image.value[:4] == b"\x89PNG"
    assert ex.last_update_ms < 5  # a revisited degree comes from the cache


def test_filmstrip_and_bad_degree():
    x, y = _data()
    ex = PolynomialDegreeExplorer(x, y, max_degree=4)
    fig = ex.filmstrip([(0,), (1,), (3,)], ncols=3)
    assert len(fig.axes) == 3
    with pytest.raises(ValueError, match="degree"):
        PolynomialDegreeExplorer(x, y, max_degree=4, degree=5)


def test_plotting_helpers_draw_on_the_given_ax():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting import regression as rplot

    x, y = _data()
    t = lm.polynomial_selection(x, y, 5)
    s = lm.polynomial_fit_state(x, y, 3, 5, table=t)
    fig, axes = plt.subplots(1, 5)
    assert rplot.plot_residuals(y, s.fitted, axes[0], x=x, highlight=[0]) is axes[0]
    assert rplot.plot_predicted_vs_true(y, s.fitted, axes[1]) is axes[1]
    assert rplot.plot_polynomial_fit(s, axes[2]) is axes[2]
    assert rplot.plot_criteria(t, axes[3], current=3) is axes[3]
    assert rplot.plot_r2_vs_adjusted(t, axes[4]) is axes[4]
    assert len(axes[3].lines) >= 6
    with pytest.raises(TypeError, match="SelectionTable"):
        rplot.plot_criteria({"aic": [1, 2]}, axes[3])
    with pytest.raises(ValueError, match="y_true has"):
        rplot.plot_residuals([1, 2, 3], [1, 2], axes[0])
    plt.close(fig)


def test_blitted_frames_match_full_renders():
    """Only the curve, title, residuals and degree marker are redrawn per frame: the
    frames must still be what a full render gives (up to a few pixels of z-order)."""
    import io

    from PIL import Image

    class FullRender(PolynomialDegreeExplorer):
        def dynamic_artists(self):
            return None

    x, y = _data()
    fast, full = PolynomialDegreeExplorer(x, y, max_degree=6), FullRender(x, y, max_degree=6)
    for d in (0, 6, 3, 5, 2):
        fast.slider.value = full.slider.value = d
        a, b = (np.asarray(Image.open(io.BytesIO(e.image.value)).convert("RGB")).astype(int) for e in (fast, full))
        assert a.shape == b.shape
        assert (np.abs(a - b).max(axis=2) > 40).sum() <= 400  # the (2.2 px) degree line over the stars and curves
