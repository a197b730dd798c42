"""Chapter 01's explorers: controls offer exactly the computed values, bad studies are refused
before drawing, and every frame follows the visual grammar (colours, text >= 9 pt)."""
import dataclasses

import numpy as np
import pytest
from matplotlib.colors import to_hex
from traitlets import TraitError

import learnmetrics as lm
from learnmetrics.plotting import style
from learnmetrics.widgets.evaluation import BootstrapExplorer, CVExplorer, HoldoutExplorer


@pytest.fixture(scope="module")
def pop():
    return lm.evaluation.two_gaussians_population(distance=2.0, n_features=3, n_informative=2, positive_rate=0.3)


@pytest.fixture(scope="module")
def hstudy(pop):
    return lm.evaluation.holdout_study(pop, 40, test_sizes=[0.1, 0.2, 0.5], n_datasets=20, rng=0)


@pytest.fixture(scope="module")
def cstudy(pop):
    return lm.evaluation.cv_study(pop, 30, ks=(2, 5, 10), max_repeats=2, n_datasets=15, rng=0)


def _texts(fig):
    return [t for t in fig.findobj(lambda a: hasattr(a, "get_fontsize") and hasattr(a, "get_text"))
            if t.get_text().strip()]


def _check_text_sizes(ex):
    ex.fig.canvas.draw()
    small = [(t.get_text(), t.get_fontsize()) for t in _texts(ex.fig) if t.get_fontsize() < 9]
    assert not small, small


# -- HoldoutExplorer --------------------------------------------------------------------
def test_holdout_slider_offers_exactly_the_computed_shares(hstudy):
    hx = HoldoutExplorer(hstudy, test_size=0.2)
    assert list(hx.slider.options) == [("0.10", 0.1), ("0.20", 0.2), ("0.50", 0.5)]
    for share in (0.1, 0.2, 0.5):
        hx.slider.value = share
        assert hx.state.test_size == share
    with pytest.raises(TraitError):
        hx.slider.value = 0.3  # never computed: the slider cannot reach it
    assert hx.state.test_size == 0.5


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        ({"test_size": 0.3}, ValueError, "not precomputed"),
        ({"test_size": "0.2"}, TypeError, "test_size"),
        ({"test_size": 0.2, "stratify": "yes"}, TypeError, "stratify must be True or False"),
    ],
)
def test_holdout_explorer_bad_arguments(hstudy, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        HoldoutExplorer(hstudy, **kwargs)


def test_holdout_explorer_refuses_bad_studies(hstudy):
    with pytest.raises(TypeError, match="HoldoutStudy"):
        HoldoutExplorer({"test_sizes": [0.1]})
    est = hstudy.estimates.copy()
    est[0, 0, 0] = np.nan
    with pytest.raises(ValueError, match="estimates must be a non-empty array of finite numbers"):
        HoldoutExplorer(dataclasses.replace(hstudy, estimates=est), test_size=0.2)
    with pytest.raises(ValueError, match="shape"):
        HoldoutExplorer(dataclasses.replace(hstudy, estimates=est[:, :2]), test_size=0.2)
    with pytest.raises(ValueError, match="increasing"):
        HoldoutExplorer(dataclasses.replace(hstudy, test_sizes=np.array([0.5, 0.2, 0.1])), test_size=0.2)


def test_holdout_explorer_visual_grammar(hstudy):
    hx = HoldoutExplorer(hstudy, test_size=0.2)
    lb, lv, lm_, marker = hx._lines
    assert to_hex(lb.get_color()) == style.BIAS.lower() and to_hex(lv.get_color()) == style.VARIANCE.lower()
    assert to_hex(marker.get_color()) == style.CUT.lower()
    assert to_hex(hx._true_line.get_color()) == style.REFERENCE.lower()
    _check_text_sizes(hx)


# -- CVExplorer -------------------------------------------------------------------------
def test_cv_controls_offer_exactly_the_computed_values(cstudy):
    cx = CVExplorer(cstudy, k=5, repeats=1)
    assert list(cx.slider.options) == [2, 5, 10]
    assert (cx.repeats.min, cx.repeats.max) == (1, 2)
    with pytest.raises(TraitError):
        cx.slider.value = 3
    cx.slider.value, cx.repeats.value = 10, 2
    assert (cx.state.k, cx.state.repeats) == (10, 2)
    cx.repeats.value = 7  # an IntSlider clips to its range: still a computed value
    assert cx.state.repeats == 2


def test_cv_explorer_refuses_bad_arguments_and_studies(cstudy):
    with pytest.raises(ValueError, match="not precomputed"):
        CVExplorer(cstudy, k=3)
    with pytest.raises(ValueError, match="repeats"):
        CVExplorer(cstudy, k=5, repeats=3)
    with pytest.raises(TypeError, match="CVStudy"):
        CVExplorer("study")
    runs = dict(cstudy.runs)
    runs[5] = np.full_like(runs[5], np.inf)
    with pytest.raises(ValueError, match=r"runs\[5\]"):
        CVExplorer(dataclasses.replace(cstudy, runs=runs), k=5)
    with pytest.raises(ValueError, match="one entry for each k"):
        CVExplorer(dataclasses.replace(cstudy, ks=(2, 5, 10, 20)), k=5)


def test_cv_explorer_visual_grammar(cstudy):
    cx = CVExplorer(cstudy, k=5)
    assert to_hex(cx._lb.get_color()) == style.BIAS.lower() and to_hex(cx._ls.get_color()) == style.VARIANCE.lower()
    assert to_hex(cx._mk.get_color()) == style.CUT.lower()
    _check_text_sizes(cx)


# -- BootstrapExplorer ------------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        ({"m": 0}, ValueError, "m must be"),
        ({"m": 300}, ValueError, "m must be between 1 and 200"),
        ({"m": 2.5}, TypeError, "m must be an integer"),
        ({"max_m": 10**6}, ValueError, "max_m"),
        ({"n_samples": 0}, ValueError, "n_samples"),
        ({"rng": np.random.default_rng(0)}, TypeError, "rng"),
        ({"rng": -1}, ValueError, "rng"),
    ],
)
def test_bootstrap_explorer_bad_arguments(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        BootstrapExplorer(**kwargs)


def test_bootstrap_explorer_visual_grammar():
    bx = BootstrapExplorer(m=10, max_m=50, n_samples=50)
    bx.slider.value = 50
    assert bx.state.m == 50 and bx.slider.max == 50
    assert to_hex(bx._point.get_markerfacecolor()) == style.CUT.lower()
    assert to_hex(bx._sim.get_color()) == style.ESTIMATE.lower()
    assert "$" in bx._title2.get_text()  # (1 - 1/m)^m typeset, not plain text
    _check_text_sizes(bx)


# -- the drawing helpers of chapter 01: bad arguments refused before drawing -----------------
def test_plotting_helpers_refuse_bad_arguments():
    import matplotlib.pyplot as plt

    from learnmetrics.plotting import evaluation as pe

    fig, ax = plt.subplots()
    table = [
        (lambda: pe.plot_folds(ax, [[0.5, 1.0]]), ValueError, "folds must be"),
        (lambda: pe.plot_folds(ax, [[0, 1, 1]], y=[0, 1]), ValueError, "different lengths"),
        (lambda: pe.plot_folds(ax, [[0, 1, 2]], k=2), ValueError, "k must be"),
        (lambda: pe.plot_split(ax, 3, [0, 5]), ValueError, "test_idx must be"),
        (lambda: pe.plot_split(ax, 0, []), ValueError, "n must be"),
        (lambda: pe.plot_split(ax, 3, [0], y=[0, 1]), ValueError, "y has 2 labels"),
        (lambda: pe.plot_estimates_hist(ax, [0.1, np.nan]), ValueError, "estimates must not contain NaN"),
        (lambda: pe.plot_estimates_hist(ax, []), ValueError, "estimates is empty"),
        (lambda: pe.plot_estimates_hist(ax, [0.1], true_error=np.inf), ValueError, "true_error"),
        (lambda: pe.plot_estimates_hist(ax, [0.1], bins=[0.5, 0.1]), ValueError, "bins must be"),
        (lambda: pe.hist_shares([0.1], [0.0]), ValueError, "bins must be"),
        (lambda: pe.plot_tradeoff(ax, [0.1, 0.2], [0.0], [0.1, 0.1]), ValueError, "different lengths"),
        (lambda: pe.plot_tradeoff(ax, [0.1], [np.nan], [0.1]), ValueError, "bias must not contain NaN"),
        (lambda: pe.plot_tradeoff(ax, [0.1], [0.0], [0.1], current="0.1"), TypeError, "current"),
        (lambda: pe.plot_oob_curve(ax, [1, 2], [0.0, 0.25], current=5), ValueError, "current must lie within"),
        (lambda: pe.plot_oob_curve(ax, [1, 2], [0.0]), ValueError, "different lengths"),
        (lambda: pe.plot_bootstrap_counts(ax, []), ValueError, "counts is empty"),
        (lambda: pe.bootstrap_count_segments([1, np.inf]), ValueError, "counts must not contain NaN"),
        (lambda: pe.bootstrap_bar_width(ax, 0), ValueError, "m must be"),
        (lambda: pe.plot_learning_curve(ax, [10, 20], [0.2]), ValueError, "different lengths"),
        (lambda: pe.plot_learning_curve(ax, [10], [0.2], sd=[np.nan]), ValueError, "sd must not contain NaN"),
        (lambda: pe.plot_estimator_comparison(ax, {"holdout": 1}), TypeError, "EstimatorStudy"),
        (lambda: pe.plot_method_estimates(ax, {}), ValueError, "results must be a non-empty dict"),
        (lambda: pe.plot_l2_tuning(ax, [0.1]), TypeError, "L2Tuning"),
        (lambda: pe.plot_estimate_spreads(ax, {"a": [np.nan]}), ValueError, "must not contain NaN"),
        (lambda: pe.fold_colormap(2.5), ValueError, "k must be a positive integer"),
    ]
    try:
        for call, exc, match in table:
            with pytest.raises(exc, match=match):
                call()
    finally:
        plt.close(fig)


# -- issue 24: 01's explorers, as a look at them would check them ------------------------------
def test_holdout_explorer_legends_cover_no_data_at_any_frame(hstudy):
    hx = HoldoutExplorer(hstudy, test_size=0.2)
    for stratify in (True, False):
        hx.checkbox.value = stratify
        for t in hstudy.test_sizes:
            hx.slider.value = float(t)
            hx.draw(hx.state)
            assert not style.figure_faults(hx.fig), (t, stratify, style.figure_faults(hx.fig))


def test_cv_explorer_says_which_runs_are_not_made_and_that_k_is_on_a_log_axis(cstudy):
    cx = CVExplorer(cstudy, k=5, repeats=1)
    cx.draw(cx.state)
    assert "not made at p = 1" in cx._unused.get_text()
    assert "log scale" in cx.ax_curve.get_xlabel()
    cx.repeats.value = cstudy.max_repeats
    cx.draw(cx.state)
    assert cx._unused.get_text() == ""


def test_fold_colours_interleave_so_neighbouring_folds_differ():
    from learnmetrics.plotting.evaluation import fold_colormap
    for k in (10, 20, 40):
        plain, mixed = fold_colormap(k).colors, fold_colormap(k, interleave=True).colors
        assert sorted(map(tuple, plain)) == sorted(map(tuple, mixed))          # the same colours
        step = np.abs(np.diff(np.asarray(mixed)[:, :3], axis=0)).sum(axis=1)
        assert step.min() > 2 * np.abs(np.diff(np.asarray(plain)[:, :3], axis=0)).sum(axis=1).max()


def test_bootstrap_explorer_draws_training_draws_grey_and_the_out_of_bag_as_test_cells():
    bx = BootstrapExplorer(m=200)
    bx.draw(bx.state)
    assert to_hex(bx._bars.get_colors()[0]) == style.TRAIN.lower()
    assert to_hex(bx._marks.get_colors()[0]) == style.TEST.lower()
    assert len(bx._marks.get_segments()) == int(np.sum(bx.state.counts == 0))
    assert not style.figure_faults(bx.fig), style.figure_faults(bx.fig)
