"""Every step instant (issues 14 and 25): each explorer's frames are drawn ahead into one
front-end view (``ExplorerView``, an anywidget).

For every explorer class the notebooks use (built as the notebooks build them, on small
data): one slot per combination of the linked controls' positions, each holding its frame
(a layer over the background: the pixels that differ, cropped) and its read-out; the
controls jslink-ed to the view's traits ``c0`` ..; slot s showing exactly ``frame(key_s)``
and ``readout_html(state_s)``; the kernel following a control the front end moves; a
bounded number of frames; read-outs rewritten at once in the other language. Then the
mechanism's own cases: values off the grid, second controls drawn ahead, the kernel path,
drawing in the background on a running event loop, degenerate data, hit regions, the
reset to the start position.
"""
import asyncio
import base64
import io
import re

import matplotlib

matplotlib.use("Agg")

import ipywidgets as widgets  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from PIL import Image  # noqa: E402
from ipywidgets.widgets.widget_link import Link  # noqa: E402
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
    """One explorer per class for the tests below (drawing every frame takes seconds)."""
    if make not in _BUILT:
        _BUILT[make] = make(small)
    return _BUILT[make]


def _compose(ex, s):
    """Slot ``s`` as the front end paints it: the background with the slot's layer on top (RGB)."""
    bg = Image.open(io.BytesIO(base64.b64decode(ex.screen.background))).convert("RGBA")
    x, y, w, h, b64 = ex.screen.layers[s]
    if w:
        layer = Image.open(io.BytesIO(base64.b64decode(b64))).convert("RGBA")
        assert layer.size == (w, h)
        bg.alpha_composite(layer, (x, y))
    return np.asarray(bg.convert("RGB")).astype(int)


def _pixels(png):
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


@pytest.mark.parametrize("make", BUILDERS, ids=lambda f: f.__name__.strip("_"))
def test_frames_drawn_ahead_linked_and_matching_their_readouts(make, small):
    ex = _built(make, small)
    view = ex.screen
    assert ex.frames_pending == 0
    assert ex._linked and ex._linked[0] == 0, "the main control is always drawn ahead"
    shape = [len(ex._links[i].grid) for i in ex._linked]
    n = int(np.prod(shape))
    assert view.shape == shape and len(view.layers) == len(view.readouts) == n
    assert n <= max(ex.max_frames, shape[0])
    assert all(layer is not None for layer in view.layers) and all(view.readouts)
    # every linked control is jslink-ed to its trait of the view
    for j, i in enumerate(ex._linked):
        assert any(isinstance(link, Link) and link.source == (ex.controls[i], ex._links[i].trait)
                   and link.target == (view, f"c{j}") for link in ex._view_links)
        assert "lm-linked" in ex.controls[i]._dom_classes
    # slot s shows frame(key_s) (up to the palette's rounding) with the read-out of state_s
    for s in sorted({0, n // 3, n // 2, n - 1}):
        key = ex._key_at_slot(ex.key(), s)
        assert view.readouts[s] == ex.readout_html(ex.compute_state(*key))
        assert np.abs(_compose(ex, s) - _pixels(ex.frame(key))).max() <= 48
    # the front end moves the main control to its last position: the kernel's state follows
    control, link = ex.controls[0], ex._links[0]
    last = len(link.grid) - 1
    control.set_state({link.trait: last if link.trait == "index" else link.grid[last]})
    assert ex._positions(ex.key())[0] == last
    assert ex.readout.value == ex.readout_html(ex.state)
    assert view.c0 == getattr(control, link.trait)


@pytest.mark.parametrize("make", BUILDERS, ids=lambda f: f.__name__.strip("_"))
def test_language_switch_rewrites_every_readout_drawn_ahead(make, small):
    ex = _built(make, small)
    english = list(ex.screen.readouts)
    ex.set_language("zh")
    zh = list(ex.screen.readouts)
    for s in (0, len(zh) - 1):
        assert zh[s] == ex.readout_html(ex.compute_state(*ex._key_at_slot(ex.key(), s)))
        assert CJK.search(zh[s]), zh[s]
    ex.set_language(None)
    assert list(ex.screen.readouts) == english
    lmw.set_language("zh")   # the course-wide switch rewrites them at once, no step needed
    assert all(CJK.search(html) for html in ex.screen.readouts)
    lmw.set_language("en")
    assert list(ex.screen.readouts) == english


def test_notebook_values_set_in_code_stay_valid(small):
    """The values the checked cells of the notebooks set are accepted (on the grid, or off
    it through the kernel) and give the state of exactly that value."""
    ex = _threshold(small)
    for t in (0.40, 0.30, 0.50, 0.70):
        ex.slider.value = t
        assert ex.state.threshold == pytest.approx(t) and ex._slot_of(ex._positions(ex.key())) is not None
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
    ex.slider.value = 0.5003                      # off the grid: drawn by the kernel into the spare
    spare = ex.screen.spare
    assert s.index == s.grid.index(0.5) and spare[0] == s.grid.index(0.5)
    assert "threshold = 0.5003" in spare[2] and "threshold = 0.5003" in ex.readout.value
    ex.slider.value = 0.5                         # back on the grid: no spare
    assert ex.screen.spare == [] and "threshold = 0.50</b>" in ex.readout.value


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


def test_second_controls_drawn_ahead(small):
    """Cost: the ratio (17 values) and the prior (a continuous slider on a coarser grid) are
    both drawn ahead, so both work without a kernel; a prior off that grid is drawn by the
    kernel."""
    ex = _cost(small)
    assert ex._linked == [0, 1] and isinstance(ex.prior_slider, GridSlider)
    assert "lm-linked" in ex.prior_slider._dom_classes and "lm-linked" in ex.ratio_slider._dom_classes
    assert len(ex.screen.layers) == 17 * len(ex.prior_slider.grid) <= ex.max_frames
    ex.prior_slider.value = ex.prior_slider.grid[1]
    assert ex.screen.c1 == 1 and "p = " in ex.readout.value
    ex.prior_slider.value = 0.33                   # off the grid: the spare
    assert ex.screen.spare and "p = 0.33" in ex.readout.value


def test_checkbox_and_repeats_drawn_ahead(small):
    """01: the hold-out's stratify checkbox and CV's repeats link too (no kernel needed)."""
    ho = _holdout(small)
    assert ho._linked == [0, 1] and ho._links[1].grid == [False, True]
    n = len(ho._links[0].grid)
    assert ho.screen.shape == [n, 2] and ho.screen.maps[1] == {"trait": "value", "values": [False, True]}
    ho.checkbox.set_state({"value": not ho.checkbox.value})    # the front end ticks the box
    assert ho.screen.c1 == ho.checkbox.value and ho.readout.value == ho.readout_html(ho.state)
    cv = _cv(small)
    assert cv._linked == [0, 1] and cv.screen.maps[1] == {"trait": "value", "values": [1, 2]}
    cv.repeats.set_state({"value": 2})
    assert cv.state.repeats == 2 and cv.screen.c1 == 2


def test_kernel_path_for_what_is_no_control(small):
    """06: the ranked list's order is no control: a new order makes the kernel draw every slot
    of k x gain again, into the same view."""
    ex = _ranking(small)
    boxes, found = [ex.widget], False
    while boxes:
        w = boxes.pop()
        found |= w is ex.screen
        boxes.extend(getattr(w, "children", ()))
    assert found
    before = list(ex.screen.layers)
    ex.move("d1", -1)
    assert list(ex.state.items[:3]) == list(ex.order[:3]) and ex.frames_pending == 0
    assert ex.screen.layers != before and all(layer is not None for layer in ex.screen.layers)


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
        assert sum(layer is not None for layer in ex.screen.layers) == 1
        sent = []
        send = ex.screen.send
        ex.screen.send = lambda content, buffers=None: (sent.append(content), send(content, buffers))
        ex.slider.set_state({"value": 17})        # not drawn yet: the kernel draws it first, at once
        assert ex._todo[0] == 17 and ex.readout.value == ex.readout_html(ex.state)
        await asyncio.sleep(0.2)
        assert ex.screen.layers[17] is not None and 17 in [f[0] for m in sent for f in m["frames"]]
        # a drag: three steps queued before the loop turns; the kernel draws the last one first
        for v in (3, 4, 5):
            ex.slider.set_state({"value": v})
        assert ex._todo[:1] == [5] or ex._layer_list[5] is not None
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
    assert ex.frames_pending == 0 and all(layer is not None for layer in ex.screen.layers)
    assert ex.screen.readouts[5] == ex.readout_html(ex.compute_state(5))


def test_placeholder_never_shows_another_frame(small, monkeypatch):
    monkeypatch.setattr(_base, "MODE", "lazy")
    ex = _cut(small)
    drawn = [s for s, layer in enumerate(ex.screen.layers) if layer is not None]
    assert drawn == [ex._slot_of(ex._positions(ex.key()))]          # only the frame shown is drawn
    assert all(ex.screen.readouts[s] == "" for s in range(len(ex.screen.layers)) if s not in drawn)


def test_reset_to_start_and_hit_regions(small):
    ex = _threshold(small)
    start = ex.slider.value
    ex.slider.value = 0.7
    assert _base.reset_all_to_start() >= 1 and ex.slider.value == start
    hits = ex.screen.hits
    assert isinstance(hits, list)
    for h in hits:
        assert len(h["pos"]) == ex.screen.shape[h["control"]] and h["box"][0] < h["box"][2]


def test_degenerate_data_still_shows():
    from learnmetrics.widgets.curves import CutPointExplorer
    from learnmetrics.widgets.threshold import ThresholdExplorer
    ex = CutPointExplorer([1, 0, 1, 0], [0.5, 0.5, 0.5, 0.5])    # all scores tied: cuts 0 and 1 only
    assert ex.screen.shape == [2] and ex.frames_pending == 0
    assert "undefined" in ex.readout.value                        # nothing predicted +: P = 0/0
    th = ThresholdExplorer([1, 1, 1], [0.2, 0.4, 0.9], threshold=0.5)   # one class only
    th.slider.value = th.slider.max
    assert "undefined (0/0)" in th.readout.value                  # precision with nothing predicted +
    ex4 = CutPointExplorer(tied_eight().y_true, tied_eight().y_score)
    assert ex4.frames_pending == 0 and len(ex4.screen.layers) == len(ex4.table)


def test_frames_are_palette_pngs_drawn_the_same_every_time(small):
    a, b = _cut(small), _cut(small)
    assert a.frame((5,)) == b.frame((5,))
    im = Image.open(io.BytesIO(a.frame((5,))))
    assert im.mode == "P" and im.size == (int(a.figsize[0] * a.dpi), int(a.figsize[1] * a.dpi))


def test_a_frame_drawn_in_the_background_but_not_yet_sent_is_sent_when_shown(small, monkeypatch):
    """Frames drawn in the background reach the front end in batches; a step to one drawn but
    not sent yet sends it at once (never "drawing ..." for a frame the kernel has)."""
    monkeypatch.setattr(_base, "MODE", "lazy")
    ex = _cut(small)
    ex._fill(7)                      # drawn, as a background chunk does, not sent
    assert ex.screen.layers[7] is None
    ex.slider.value = 7
    assert ex.screen.layers[7] is not None and ex.screen.readouts[7] == ex.readout_html(ex.state)


def test_a_live_kernel_sends_each_frame_once_as_it_is_drawn(small, monkeypatch):
    """In a live kernel ("background") a new page goes as the view's traits; after that every
    frame drawn goes at once, alone, as a custom message (never the whole list again), and the
    traits are updated in place to match, so a front end that connects later gets them too."""
    monkeypatch.setattr(_base, "MODE", "lazy")
    # no event loop runs in this test's thread (the browser tests, run earlier in the same process,
    # can leave Playwright's loop running in it): a frame a view asks for is drawn at once
    def no_running_loop():
        raise RuntimeError("no running event loop")

    monkeypatch.setattr(_base.asyncio, "get_running_loop", no_running_loop)
    ex = _cut(small)
    ex._mode = "background"
    sent = []
    monkeypatch.setattr(ex.screen, "send", lambda content, buffers=None: sent.append(content))
    traits = []
    ex.screen.observe(lambda change: traits.append(change.name), names=["layers", "readouts"])
    ex._fill(7)
    ex._send()
    assert [[f[0] for f in m["frames"]] for m in sent] == [[7]] and not traits
    assert ex.screen.layers[7] == ex._layer_list[7] and ex.screen.readouts[7] == ex._readout_list[7]
    ex._send()                                     # nothing new: nothing sent
    assert len(sent) == 1
    ex.slider.value = 9                            # a step to a frame not drawn: drawn and sent at once
    assert sent[-1]["frames"][0][0] == ex._slot_of(ex._positions(ex.key())) and not traits
    assert ex.readout.value == ex.readout_html(ex.state)
    # a view asks: a frame it needs (drawn now) and the ones it missed (only those drawn)
    ex._on_view_msg(ex.screen, {"need": 3}, [])
    assert sent[-1]["frames"][0][0] == 3 and ex._layer_list[3] is not None and 3 not in ex._todo
    ex._on_view_msg(ex.screen, {"missing": [3, 7, 11]}, [])
    assert [f[0] for f in sent[-1]["frames"]] == [3, 7]
    for bad in ({"need": "x"}, {"missing": ["x"]}, "junk", {"need": 10 ** 6}):
        ex._on_view_msg(ex.screen, bad, [])         # ignored, never raised into the kernel
    assert not traits


def test_frames_are_drawn_from_where_the_view_is(small, monkeypatch):
    """The frames still to draw: one control's steps from the slot shown first, nearest first,
    each control in turn, then the rest; a step elsewhere re-orders them around it."""
    monkeypatch.setattr(_base, "MODE", "lazy")
    ex = _cost(small)
    shape = ex.screen.shape
    assert len(shape) == 2
    here = ex._slot_of(ex._positions(ex.key()))
    at = np.unravel_index(here, shape)
    first = [np.unravel_index(s, shape) for s in ex._todo[:4]]
    steps = sorted((abs(int(c[0]) - int(at[0])) + abs(int(c[1]) - int(at[1]))) for c in first)
    assert steps[0] == 1 and all(sum(a != b for a, b in zip(c, at)) == 1 for c in first)
    axis = (shape[0] - 1) + (shape[1] - 1)          # every slot one control away from the start
    assert all(sum(a != b for a, b in zip(np.unravel_index(s, shape), at)) == 1 for s in ex._todo[:axis])
    ex._mode = "background"
    ex._prioritise(0)
    c = [np.unravel_index(s, shape) for s in ex._todo[:2]]
    assert all(sum(x != 0 for x in cc) == 1 and max(cc) == 1 for cc in c)
