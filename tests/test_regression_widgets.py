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
        ref = lm.regression.polynomial_fit_state(x, y, d, 6)
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
    t = lm.regression.polynomial_selection(x, y, 5)
    s = lm.regression.polynomial_fit_state(x, y, 3, 5, table=t)
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


@pytest.mark.parametrize("kwargs, exc, words", [
    (dict(max_degree=4, degree=5), ValueError, "degree must be between 0 and max_degree=4"),
    (dict(max_degree=4, degree=2.0), TypeError, "degree must be an integer"),
    (dict(max_degree=40), ValueError, "max_degree=40 is too large for 30 samples"),
    (dict(max_degree="4"), TypeError, "max_degree must be an integer"),
    (dict(xlabel=3), TypeError, "xlabel must be a string"),
])
def test_explorer_refuses_bad_arguments_before_drawing(kwargs, exc, words):
    x, y = _data()
    with pytest.raises(exc) as info:
        PolynomialDegreeExplorer(x, y, **kwargs)
    assert words in str(info.value)


@pytest.mark.parametrize("x_bad, y_bad, words", [
    (lambda x: x[:-1], lambda y: y, "x has 29, y has 30"),
    (lambda x: np.r_[x[:-1], np.nan], lambda y: y, "x must not contain NaN"),
    (lambda x: x, lambda y: y.astype(str), "y must hold numbers"),
])
def test_explorer_refuses_bad_data_with_the_callers_names(x_bad, y_bad, words):
    x, y = _data()
    with pytest.raises((ValueError, TypeError)) as info:
        PolynomialDegreeExplorer(x_bad(x), y_bad(y), max_degree=4)
    assert words in str(info.value)


def test_slider_offers_exactly_the_computed_degrees():
    x, y = _data()
    ex = PolynomialDegreeExplorer(x, y, max_degree=5, degree=2)
    assert (ex.slider.min, ex.slider.max, ex.slider.step) == (0, 5, 1) and len(ex.table) == 6


def test_per_column_bars_and_the_reserved_colours():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    from learnmetrics.plotting import regression as rplot
    from learnmetrics.plotting import style

    fig, ax = plt.subplots()
    assert rplot.plot_per_column([216.3, 0.0002], ["area", "smoothness"], ax, averages={"mean": 108.2}) is ax
    assert len(ax.patches) == 2 and "108.2" in " ".join(t.get_text() for t in ax.texts)
    with pytest.raises(ValueError, match="one entry per column"):
        rplot.plot_per_column([1.0], ["a", "b"], ax)
    with pytest.raises(TypeError, match="log must be True or False"):
        rplot.plot_per_column([1.0], ["a"], ax, log="yes")
    plt.close(fig)
    reserved = {style.POSITIVE.lower(), style.NEGATIVE.lower(), style.CUT.lower()}
    assert not reserved & {v["color"].lower() for v in rplot.CRITERION_STYLE.values()}
    x, y = _data()
    ex = PolynomialDegreeExplorer(x, y, max_degree=4)
    used = {to_hex(line.get_color()) for ax in ex.fig.axes for line in ax.lines}
    assert to_hex(style.CUT) in used  # the degree line, in the cut colour
    assert not {to_hex(c) for c in (style.POSITIVE, style.NEGATIVE)} & used
