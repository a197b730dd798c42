"""Every slider step instant (issue 14): each explorer's frames are drawn ahead.

For every explorer class the notebooks use (built as the notebooks build them, on
small data): one Stack child per value of the main control (frame and read-out
together), the control jsdlinked to the Stack's selected_index, child i showing
``frame(key_i)`` and ``readout_html(state_i)``, the kernel following the control
when the front end moves it, a bounded number of frames, and read-outs rewritten
in the other language. Then the mechanism's own cases: values off the grid, the
kernel path of a second control, drawing in the background on a running event
loop, degenerate data.
"""
import asyncio
import io
import re

import matplotlib

matplotlib.use("Agg")

import ipywidgets as widgets  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from PIL import Image  # noqa: E402
from ipywidgets.widgets.widget_link import DirectionalLink  # noqa: E402
from traitlets import TraitError  # noqa: E402

from learnmetrics import widgets as lmw  # noqa: E402
from learnmetrics.datasets import tied_eight, watermelon_scores  # noqa: E402
from learnmetrics.widgets import _base  # noqa: E402
from learnmetrics.widgets._base import GridSlider, float_grid, int_grid, log_grid  # noqa: E402

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def draw_ahead(monkeypatch):
    """Frames drawn ahead before the constructor returns, as in a refreshed notebook."""
    monkeypatch.setattr(_base, "MODE", "sync")
    yield
    lmw.set_language("en")


@pytest.fixture(scope="module")
def small():
    from learnmetrics.bias_variance import bias_variance_experiment
    from learnmetrics.calibration import simulate_scores
    from learnmetrics.compare import simulate_paired_t_power
    from learnmetrics.evaluation import cv_study, holdout_study, two_gaussians_population

    pop = two_gaussians_population(distance=2.0, n_features=3, n_informative=2, positive_rate=0.3)
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-1, 1, 30))
    yc, _, pc = simulate_scores(600, rng=3)
    return {
        "melons": watermelon_scores(),
        "holdout": holdout_study(pop, 40, test_sizes=[0.1, 0.2, 0.5], n_datasets=20, rng=0),
        "cv": cv_study(pop, 30, ks=(2, 5, 10), max_repeats=2, n_datasets=15, rng=0),
        "grid": simulate_paired_t_power(folds=(2, 5, 10), differences=(0.0, 0.05, 0.1), n_repeats=300, rng=0),
        "bv": bias_variance_experiment(range(0, 6), n_sets=30, rng=0),
        "poly": (x, x**3 - x + 0.1 * rng.normal(size=30)),
        "calibration": (yc, pc),
    }


# -- one builder per explorer class of the notebooks (as the notebook builds it, small data) ----
def _threshold(s):
    from learnmetrics.widgets.threshold import ThresholdExplorer
    m = s["melons"]
    return ThresholdExplorer(m.y_true, m.y_score, ids=m.ids, threshold=0.5, names=("good", "bad"))


def _prevalence(s):
    from learnmetrics.widgets.prevalence import PrevalenceExplorer
    m = s["melons"]
    return PrevalenceExplorer(m.y_true, m.y_score, threshold=0.5)


def _cut(s):
    from learnmetrics.widgets.curves import CutPointExplorer
    m = s["melons"]
    return CutPointExplorer(m.y_true, m.y_score, ids=m.ids)


def _fbeta(s):
    from learnmetrics.widgets.curves import FBetaExplorer
    m = s["melons"]
    return FBetaExplorer(m.y_true, m.y_score, beta=1.0)


def _cost(s):
    from learnmetrics.widgets.cost import CostCurveExplorer
    m = s["melons"]
    return CostCurveExplorer(m.y_true, m.y_score, names=("good", "bad"))


def _holdout(s):
    from learnmetrics.widgets.evaluation import HoldoutExplorer
    return HoldoutExplorer(s["holdout"], test_size=0.2)


def _cv(s):
    from learnmetrics.widgets.evaluation import CVExplorer
    return CVExplorer(s["cv"], k=5, repeats=1)


def _bootstrap(s):
    from learnmetrics.widgets.evaluation import BootstrapExplorer
    return BootstrapExplorer(m=20, max_m=200, n_samples=50)


def _ranking(s):
    from learnmetrics.widgets.ranking import RankedListExplorer
    docs = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]
    return RankedListExplorer(docs, [3, 2, 3, 0, 1, 2, 0, 1], scores=[0.62, 0.91, 0.35, 0.8, 0.18, 0.55, 0.7, 0.4],
                              k=5, gain="exponential", seed=0)


def _polynomial(s):
    from learnmetrics.widgets.regression import PolynomialDegreeExplorer
    return PolynomialDegreeExplorer(*s["poly"], max_degree=6, degree=1)


def _paired(s):
    from learnmetrics.widgets.compare import PairedTestExplorer
    return PairedTestExplorer(s["grid"], k=10, difference=0.0)


def _bias_variance(s):
    from learnmetrics.widgets.bias_variance import BiasVarianceExplorer
    return BiasVarianceExplorer(s["bv"], degree=1)


def _auc_sampling(s):
    from learnmetrics.widgets.uncertainty import AucSamplingExplorer
    return AucSamplingExplorer(sizes=(17, 30, 60), n=17, n_datasets=20, n_resamples=50)


def _temperature(s):
    from learnmetrics.widgets.calibration import TemperatureExplorer
    return TemperatureExplorer(*s["calibration"])


BUILDERS = [_threshold, _prevalence, _cut, _fbeta, _cost, _holdout, _cv, _bootstrap, _ranking, _polynomial, _paired,
            _bias_variance, _auc_sampling, _temperature]


_BUILT = {}


def _built(make, small):
    """One explorer per class for the two tests below (drawing every frame takes seconds)."""
    if make not in _BUILT:
        _BUILT[make] = make(small)
    return _BUILT[make]


def _pages(ex):
    """The inner Stacks shown (one per value of a nested control) and the outer Stack (or None)."""
    page = ex._page
    return page.stacks, (page.top if page.top is not page.stacks[0] or len(page.stacks) > 1 else None)


def _slot_key(ex, o, g):
    return ex._key_at(ex.key(), o, g)


@pytest.mark.parametrize("make", BUILDERS, ids=lambda f: f.__name__.strip("_"))
def test_frames_drawn_ahead_linked_and_matching_their_readouts(make, small):
    ex = _built(make, small)
    assert ex.frames_pending == 0
    inner = ex._links[ex._inner]
    control = ex.controls[ex._inner]
    stacks, outer = _pages(ex)
    assert ex.screen.children == (ex._page.top,)
    # one child per value of the main control (after `pad` unused ones), plus a spare one for values off the grid
    for st in stacks:
        assert isinstance(st, widgets.Stack)
        assert len(st.children) == inner.pad + len(inner.grid) + 1
    # the control drives each inner Stack on the front end (and a nested control the outer one)
    links = ex._page.links
    for st in stacks:
        assert any(isinstance(link, DirectionalLink) and link.source == (control, inner.trait)
                   and link.target == (st, "selected_index") for link in links)
    if outer is not None:
        second = ex.controls[ex._outer]
        assert any(link.source == (second, ex._links[ex._outer].trait) and link.target == (outer, "selected_index")
                   for link in links)
        assert len(outer.children) == ex._links[ex._outer].pad + len(stacks)
    # frames bounded
    assert len(stacks) * len(inner.grid) <= max(ex.max_frames, len(inner.grid))
    # child i shows frame(key_i) with the read-out of state_i
    for o, row in enumerate(ex._page.slots):
        for g, slot in enumerate(row[:-1]):
            key = _slot_key(ex, o, g)
            image, html = slot.children
            assert bytes(image.value) == ex.frame(key)
            assert html.value == ex.readout_html(ex.compute_state(*key))
    # the front end moves the main control to its last position: the kernel's state and Stack follow
    last = len(inner.grid) - 1
    control.set_state({inner.trait: last + inner.pad if inner.trait == "value" else last})
    o = ex._locate(ex.key())[0]
    assert ex.key() == _slot_key(ex, o, last)
    assert ex.readout.value == ex.readout_html(ex.state)
    assert stacks[o].selected_index == inner.pad + last
    assert ex.image is ex._page.slots[o][last].children[0]


@pytest.mark.parametrize("make", BUILDERS, ids=lambda f: f.__name__.strip("_"))
def test_language_switch_rewrites_every_readout_drawn_ahead(make, small):
    ex = _built(make, small)
    english = {og: slot_html(ex, og) for og in ex._page.filled}
    ex.set_language("zh")
    for (o, g) in ex._page.filled:
        html = slot_html(ex, (o, g))
        assert html == ex.readout_html(ex.compute_state(*_slot_key(ex, o, g)))
        assert CJK.search(html), html
    ex.set_language(None)
    assert {og: slot_html(ex, og) for og in ex._page.filled} == english
    lmw.set_language("zh")
    ex.refresh()
    assert all(CJK.search(slot_html(ex, og)) for og in ex._page.filled)


def slot_html(ex, og):
    o, g = og
    return ex._page.slots[o][g].children[1].value


def test_notebook_values_set_in_code_stay_valid(small):
    """The values the checked cells of the notebooks set are accepted (on the grid, or off
    it through the kernel) and give the state of exactly that value."""
    ex = _threshold(small)
    for t in (0.40, 0.30, 0.50, 0.70):
        ex.slider.value = t
        assert ex.state.threshold == pytest.approx(t) and ex._locate(ex.key())[1] < len(ex.slider.grid)
    fb = _fbeta(small)
    for beta in (0.5, 1.0, 2.0, 0.1, 10.0):
        fb.slider.value = beta
        assert fb.state.beta == beta and fb.slider.index == fb.slider.grid.index(beta)
    bx = _bootstrap(small)
    for m in (8, 1, 5, 40, 200, 50, 100):
        bx.slider.value = m
        assert bx.state.m == m and m in bx.slider.grid


def test_threshold_grid_and_off_grid_value(small):
    ex = _threshold(small)
    s = ex.slider
    assert isinstance(s, GridSlider) and s.grid[0] == s.min == 0.06 and s.grid[-1] == s.max == 0.97
    assert len(s.grid) == 47 and s.readout_format == ".2f"
    ex.slider.value = 0.5003                      # off the grid: drawn by the kernel into the spare child
    o, g = ex._locate(ex.key())
    assert g == len(s.grid) and s.index == s.grid.index(0.5)
    assert ex._page.stacks[0].selected_index == g
    assert "threshold = 0.5003" in ex.readout.value
    assert bytes(ex.image.value) == ex.frame((0.5003,))
    ex.slider.value = 0.5                         # back on the grid, at the handle's position
    assert ex._page.stacks[0].selected_index == s.grid.index(0.5)
    assert "threshold = 0.50</b>" in ex.readout.value


def test_grid_slider_behaves_like_the_slider_it_replaces():
    s = GridSlider([0.0, 0.1, 0.2, 0.3], value=0.1, readout_format=".1f", description="t")
    assert s._options_labels == ("0.0", "0.1", "0.2", "0.3")
    s.value = 0.1 + 0.2                 # 0.30000000000000004: on the grid
    assert s.value == 0.3 and s.index == 3
    s.value = 7                         # clipped, like a FloatSlider
    assert s.value == 0.3
    s.value = -1
    assert s.value == 0.0
    s.value = 0.26                      # off the grid: kept, the handle at the nearest position
    assert s.value == 0.26 and s.index == 3 and s.label == "0.3"
    s.index = 1                         # the front end moves the handle
    assert s.value == 0.1
    for bad in ("0.2", None, float("nan"), True):
        with pytest.raises(TraitError, match="t must be a finite number"):
            s.value = bad
    with pytest.raises(ValueError, match="grid must be"):
        GridSlider([0.2, 0.1], value=0.1)


def test_grids():
    assert float_grid(0.06, 0.97, 0.01, 0.5)[:3] == [0.06, 0.08, 0.1] and len(float_grid(0.06, 0.97, 0.01, 0.5)) == 47
    assert len(float_grid(0, 1, 0.001, 0.5)) <= 51
    assert float_grid(0, 1, 0.01, 0.47).count(0.47) == 1
    g = log_grid(-1, 1, 1.0)
    assert len(g) == 41 and {0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0} <= set(g)
    g = int_grid(1, 200, 20)
    assert g[:10] == list(range(1, 11)) and g[-1] == 200 and len(g) == 23 and {8, 40, 50, 100} <= set(g)
    assert int_grid(0, 100, 3) == list(range(101))
    assert len(int_grid(0, 10**6, 0)) < 120


def test_second_control_on_the_kernel_path(small):
    """Cost: the ratio (17 values) is drawn ahead; the prior (a continuous slider) would need
    17 x 101 frames, so a new prior makes the kernel draw the 17 frames of that prior; the
    frames of the prior no longer shown are emptied and closed."""
    ex = _cost(small)
    assert ex._inner == 0 and ex._outer is None
    assert isinstance(ex.prior_slider, widgets.FloatSlider)      # left as it is: any prior works
    assert "lm-kernel-path" in ex.prior_slider._dom_classes and "lm-linked" in ex.ratio_slider._dom_classes
    old = ex._page
    images = [slot.children[0] for slot in old.slots[0][:-1]]
    ex.prior_slider.value = 0.2
    assert ex._page is not old and ex.frames_pending == 0
    assert all(bytes(im.value) == b"" and im.comm is None for im in images)
    for g, slot in enumerate(ex._page.slots[0][:-1]):
        key = _slot_key(ex, 0, g)
        assert key[1] == 0.2 and bytes(slot.children[0].value) == ex.frame(key)
    assert "p = 0.20" in ex.readout.value


def test_nested_second_control(small):
    """CV: k (3 values) inside, repeats (1..2) outside: one inner Stack per number of repeats."""
    ex = _cv(small)
    stacks, outer = _pages(ex)
    assert ex._outer == 1 and len(stacks) == 2 and outer is not None
    assert ex._links[1].pad == 1 and len(outer.children) == 3      # repeats start at 1
    ex.repeats.set_state({"value": 2})                               # the front end moves the outer control
    assert outer.selected_index == 2 and ex.state.repeats == 2
    assert ex.readout.value == ex.readout_html(ex.state)


def test_ranking_layout_gets_the_frames(small):
    ex = _ranking(small)
    boxes = [ex.widget]
    found = False
    while boxes:
        w = boxes.pop()
        found |= w is ex.screen
        boxes.extend(getattr(w, "children", ()) if w is not ex.screen else ())
    assert found
    ex.move("d1", -1)                       # the order is on the kernel path: a new page
    assert list(ex.state.items[:3]) == list(ex.order[:3]) and ex.frames_pending == 0


def test_background_drawing_on_a_running_loop(small, monkeypatch):
    """In a live kernel the constructor draws only the frame shown; the rest follow on the
    event loop, and a value not drawn yet is drawn by the kernel at once."""
    monkeypatch.setattr(_base, "MODE", None)
    monkeypatch.delenv(_base.DRAW_AHEAD_ENV, raising=False)
    from learnmetrics.widgets.curves import CutPointExplorer
    m = small["melons"]

    async def main():
        ex = CutPointExplorer(m.y_true, m.y_score, ids=m.ids)
        assert ex._mode == "background" and ex.frames_pending == len(ex.table) - 1
        assert len(ex._page.filled) == 1
        ex.slider.set_state({"value": 17})        # not drawn yet: the kernel draws it now
        assert ex._page.filled[(0, 17)] == (17,) and ex.readout.value == ex.readout_html(ex.state)
        for _ in range(2000):
            if not ex.frames_pending:
                break
            await asyncio.sleep(0.01)
        return ex

    # a thread of its own: after the browser tests (Playwright's sync API) the main thread may
    # already have a running event loop, and asyncio.run refuses to nest
    import threading
    result = {}
    worker = threading.Thread(target=lambda: result.setdefault("ex", asyncio.run(main())))
    worker.start()
    worker.join(timeout=120)
    ex = result["ex"]
    assert ex.frames_pending == 0 and len(ex._page.filled) == len(ex.table)
    for g, slot in enumerate(ex._page.slots[0][:-1]):
        assert bytes(slot.children[0].value) == ex.frame((g,))


def test_placeholder_never_shows_another_frame(small, monkeypatch):
    monkeypatch.setattr(_base, "MODE", "lazy")
    ex = _cut(small)
    shown = [slot.children for slot in ex._page.slots[0]]
    assert sum(len(c) == 2 for c in shown) == 1                   # only the frame shown is drawn
    assert all(c == (ex._loading,) for c in shown if len(c) == 1)  # the others say "drawing ..."


def test_degenerate_data_still_shows():
    from learnmetrics.widgets.curves import CutPointExplorer
    from learnmetrics.widgets.threshold import ThresholdExplorer
    ex = CutPointExplorer([1, 0, 1, 0], [0.5, 0.5, 0.5, 0.5])    # all scores tied: cuts 0 and 1 only
    assert len(ex._page.stacks[0].children) == 3 and ex.frames_pending == 0
    assert "undefined" in ex.readout.value                        # nothing predicted +: P = 0/0
    th = ThresholdExplorer([1, 1, 1], [0.2, 0.4, 0.9], threshold=0.5)   # one class only
    th.slider.value = th.slider.max
    assert "undefined (0/0)" in th.readout.value                  # precision with nothing predicted +
    ex4 = CutPointExplorer(tied_eight().y_true, tied_eight().y_score)
    assert ex4.frames_pending == 0 and len(ex4._page.filled) == len(ex4.table)


def test_frames_are_palette_pngs_drawn_the_same_every_time(small):
    a, b = _cut(small), _cut(small)
    assert a.frame((5,)) == b.frame((5,))
    im = Image.open(io.BytesIO(a.frame((5,))))
    assert im.mode == "P" and im.size == (int(a.figsize[0] * a.dpi), int(a.figsize[1] * a.dpi))
