"""Chapter 07's corrected general statements (issue 23), pinned with their numbers."""
from __future__ import annotations

import numpy as np
import pytest

import learnmetrics as lm


def _simulate_r2(n_samples=20000, n=30, seed=0):
    rng = np.random.default_rng(seed)
    xs = rng.normal(size=(n, n_samples))
    ys = 0.8 * xs + 0.6 * rng.normal(size=(n, n_samples))      # population R^2 = 0.64
    xc, yc = xs - xs.mean(axis=0), ys - ys.mean(axis=0)
    fitted = ys.mean(axis=0) + xc * (xc * yc).sum(axis=0) / (xc ** 2).sum(axis=0)
    return (lm.r2_score(ys, fitted, multioutput="raw_values"),
            lm.adjusted_r2_score(ys, fitted, n_features=1, multioutput="raw_values"))


def test_07_adjusted_r2_is_not_unbiased():
    """'Adjusted R^2 fixes the bias of R^2' was false: rho^2 = 0.64, n = 30 -> 0.638 and 0.625 (notebook's seed)."""
    r2, adj = _simulate_r2()
    assert round(r2.mean(), 3) == 0.638 and round(adj.mean(), 3) == 0.625
    # with another seed and more samples the adjusted mean stays clearly below 0.64 (standard error ~ 0.0002)
    r2, adj = _simulate_r2(n_samples=100000, seed=1)
    assert adj.mean() < 0.64 - 0.01 and abs(r2.mean() - 0.637) < 0.002


def test_07_small_test_sets_flatter_only_for_right_skewed_squared_errors():
    """Errors 0 w.p. 0.1 and +-1 w.p. 0.9: a 5-example test MSE is below the true 0.9 only 1 - 0.9^5 = 41% of the time."""
    assert round(1 - 0.9 ** 5, 4) == 0.4095
    rng = np.random.default_rng(0)
    errors = rng.choice([0.0, 1.0, -1.0], p=[0.1, 0.45, 0.45], size=(20000, 5))
    mse = lm.mean_squared_error(errors.T, np.zeros((5, 20000)), multioutput="raw_values")
    assert round(np.mean(mse < 0.9), 3) == 0.415
    assert mse.mean() == pytest.approx(0.9, abs=0.01)        # unbiased all the same


def test_07_r2_as_areas_numbers():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting.regression import plot_r2_as_areas
    x = np.arange(1.0, 9.0)
    y = np.array([3, 1, 4, 6, 3, 7, 5, 8.0])
    line = lm.regression.fit_least_squares(x, y)
    fig, axes = plt.subplots(1, 2)
    sst, sse = plot_r2_as_areas(x, y, line.fitted, axes)
    plt.close(fig)
    assert sst == pytest.approx(37.875) and round(1 - sse / sst, 4) == round(lm.r2_score(y, line.fitted), 4) == 0.5848


def test_07_5_solution_counts_parameters_with_the_intercept():
    """07.5's solution wrote '+2p' while its numbers use k = p + 1 (C_p = 9.00 = k at degree 8)."""
    from learnmetrics.exercises import solution
    text = str(solution("07.5"))
    assert "+ 2p" not in text and "2k (k = p + 1" in text
    assert "degree 8:" in text and "Cp = 9.00" in text


def test_07_criteria_overflow_is_marked_and_the_current_degree_always_visible():
    """Issue 24: the criteria axis is cut at its top; values above it get a triangle on the edge, and the
    explorer's current degree always has a point (clipped to the top, never invisible)."""
    pytest.importorskip("ipywidgets")
    from learnmetrics.exercises import EXERCISES
    from learnmetrics.widgets.regression import PolynomialDegreeExplorer

    data = EXERCISES["07.5"].data
    ex = PolynomialDegreeExplorer(data["x"], data["y"], max_degree=8, degree=0)
    ex.slider.value = 0
    ex.draw(ex.state)
    ax = ex.axes[2]
    top = ax.get_ylim()[1]
    xs, ys = ex._current.get_data()
    assert len(ys) == 3 and np.all(np.asarray(xs) == 0) and np.all(np.asarray(ys) <= top)
    assert ex._current.get_clip_on() is False
    deltas = [ex.table.delta(c) for c in ("aic", "bic", "cp")]
    assert max(d[0] for d in deltas) > top                       # degree 0 is off the scale ...
    tri = [ln for ln in ax.get_lines() if ln.get_marker() == "^" and ln.get_linestyle() == "None"
           and len(ln.get_xdata()) and not ln.get_clip_on()]
    assert tri and all(np.all(np.asarray(ln.get_ydata()) == top) for ln in tri)   # ... and marked at the top
    assert any(0 in np.asarray(ln.get_xdata()) for ln in tri)


def test_07_figures_and_explorer_have_no_faults():
    """Issue 24's checks (style.figure_faults): no clipped current point, no legend over data."""
    pytest.importorskip("ipywidgets")
    import matplotlib
    matplotlib.use("Agg")
    from learnmetrics.exercises import EXERCISES
    from learnmetrics.plotting import style
    from learnmetrics.widgets.regression import PolynomialDegreeExplorer

    data = EXERCISES["07.5"].data
    ex = PolynomialDegreeExplorer(data["x"], data["y"], max_degree=8, degree=0)
    for degree in (0, 2, 8):
        ex.slider.value = degree
        ex.draw(ex.state)
        assert not style.figure_faults(ex.fig), (degree, style.figure_faults(ex.fig))
