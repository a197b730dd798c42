"""The one mechanism behind every explorer in the course.

An explorer is a thin view over a *pure* state function:

* ``compute_state(*values)`` turns the controls' values (a cut point, a beta,
  a cost ratio ...) into a plain state object: counts, rates, curve points.
  It imports no widget and is unit-tested on its own.
* ``draw(state)`` moves the artists of one matplotlib figure in place (no
  re-plotting), ``describe(state)`` writes the text read-out as HTML. An
  explorer that lists those artists in ``dynamic_artists()`` has its static
  background rendered once and only the moving artists redrawn per frame.

Every step is instant: the frames are drawn ahead into one front-end view
---------------------------------------------------------------------------
The explorer's frames and read-outs live in one custom widget, ``ExplorerView``
(an anywidget; its front end is ``static/explorer.js``), the same in JupyterLab,
Voilà and the static site (``tools/build_site.py`` ships anywidget's AMD module):
a background PNG (the figure at its start) and, for every combination of the
linked controls' positions, a *layer* (the pixels that differ from the
background, cropped, transparent elsewhere: a palette PNG) and its read-out.
Every layer is an ``<img>`` kept in the DOM, decoded once; a step only hides one
layer and its read-out and shows another, in the same task, so a frame is never
shown with another value's read-out. The controls are ``jslink``-ed to the
view's traits ``c0`` .. ``c3``, so a step needs no kernel round trip, and a press
or a drag on a hit region of the figure (``hit_regions``: a score axis, a ranked
list) sets the control under the pointer, the slider following through its link.

* Discrete controls (``SelectionSlider``, ``ToggleButtons``, ``Dropdown``,
  ``Checkbox``, an ``IntSlider`` with step 1 and at most ``INT_POSITIONS``
  positions ...) link as they are. A continuous control (``FloatSlider``,
  ``FloatLogSlider``) or a longer ``IntSlider`` is replaced by a
  :class:`GridSlider` over a fixed grid (at most ``FLOAT_POSITIONS`` steps,
  ``LOG_POSITIONS`` on a log scale, about 16 per decade for integers; always the
  starting value). From code, ``slider.value = x`` still accepts any value in
  range: a value off the grid is drawn by the kernel and shown as the view's
  ``spare`` (the handle at the nearest grid position).
* Every further control is linked too while all linked controls together need
  at most ``max_frames`` frames (a continuous one, or a long integer one, gets a
  coarser grid to fit: 21, 11 or 6 positions). What cannot be linked (state that
  is no control, such as a ranked list's order) takes the *kernel path*: when it
  changes, the kernel draws every slot for its new value, into the same view.
  In the course (``max_frames`` = 120): 01's hold-out share x stratified, CV's k x
  repeats, 05's ratio x prior (17 x 7), 06's k x gain, 08's folds x true
  difference (5 x 11), 10's n x data set (7 x 11).
* Drawing ahead never delays the first view: the frame shown is drawn first.
  In a live kernel the others are drawn once no cell has run for
  ``IDLE_SECONDS``, in short chunks on the kernel's event loop, nearest the
  slot shown first (one control's steps, each control in turn; re-centred when
  the learner moves; the explorer moved last before the others), and each
  leaves for the front end as soon as it is drawn, alone, as a custom message
  (the traits are updated in place to match). A value whose frame is not drawn
  yet is drawn first, at the next turn of the event loop (a drag's queued steps
  are read before, so only where the learner is gets drawn); the view says
  "drawing ..." meanwhile, never another frame, and asks the kernel for a frame
  it lacks. When notebooks are executed to be saved
  (``tools/refresh_notebooks.py``, nbval: ``LEARNMETRICS_DRAW_AHEAD=sync``) and in
  plain Python with no running event loop, all frames are drawn before the cell
  (or, in plain Python, the constructor) returns, so the saved widget state
  holds them all; the refresh then moves every explorer back to where it was
  built (``reset_all_to_start``), so a stored view shows the start position.

The kernel still follows every control: ``explorer.state`` is the state
shown, ``.slider.value = v`` in code moves the explorer, ``image.value`` /
``readout.value`` are the PNG and read-out shown, ``frame(key)`` and
``filmstrip(keys)`` draw any frame, ``last_update_ms`` times the last update.
Tests and notebooks drive an explorer exactly as a learner does, by setting a
control's ``value``.
"""
from __future__ import annotations

import asyncio
import base64
import io
import math
import numbers
import os
import time
import weakref
from dataclasses import dataclass, field

import ipywidgets as widgets
import numpy as np
from PIL import Image
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from traitlets import Any, Bunch, TraitError, observe, validate

from .._validation import check_choice
from ..plotting._cjk import font_for
from . import _i18n

__all__ = ["Explorer", "GridSlider", "DRAW_AHEAD_ENV", "DRAW_AHEAD_MODES", "reset_all_to_start"]

#: environment variable choosing how frames are drawn ahead (see ``draw_ahead_mode``)
DRAW_AHEAD_ENV = "LEARNMETRICS_DRAW_AHEAD"
#: "sync": all frames before the constructor returns; "background": after the cell
#: returns, on the running event loop; "lazy": only when the control reaches them
DRAW_AHEAD_MODES = ("sync", "background", "lazy")
#: most grid steps given to a continuous (float) control
FLOAT_POSITIONS = 51
#: most grid steps given to a log-scale control
LOG_POSITIONS = 41
#: an IntSlider with at most this many positions keeps every position
INT_POSITIONS = 101
#: an IntSlider starting at 1 .. PAD_LIMIT links as it is (the Stack gets that many unused children first)
PAD_LIMIT = 10
#: time one background chunk may take before the kernel gets the loop back (seconds)
CHUNK_SECONDS = 0.04
#: zlib level of the layers a live kernel draws ("background" mode): they only cross a local
#: connection, so a faster level beats the smallest (08's frame: 85 ms at level 3, 118 ms at 9,
#: 24 KB instead of 17 KB); notebooks saved with their frames ("sync") keep ``png_compress_level``
LIVE_COMPRESS_LEVEL = 3
#: a frame a live view shows but the kernel has not drawn is drawn this long after the step that
#: reached it (seconds): the steps queued behind it (a drag) are taken first, and only the last is drawn
URGENT_SECONDS = 0.01


#: the mode for every explorer built in this process, whatever the environment says
#: (the unit tests' conftest.py sets "lazy": their explorers draw only the frames they show)
MODE: str | None = None


def draw_ahead_mode() -> str:
    """How an explorer built now draws its frames ahead: ``MODE`` if set, else
    ``$LEARNMETRICS_DRAW_AHEAD`` if set, else "background" when an asyncio event loop is
    running (a live kernel), else "sync" (plain Python)."""
    mode = (MODE or os.environ.get(DRAW_AHEAD_ENV, "")).strip().lower()
    if mode:
        if mode not in DRAW_AHEAD_MODES:
            raise ValueError(f"{DRAW_AHEAD_ENV} must be one of {DRAW_AHEAD_MODES}, got {mode!r}")
        return mode
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return "sync"
    return "background"


# -- grids ------------------------------------------------------------------------------------
def _clean(x: float) -> float:
    return float(f"{x:.12g}")


def float_grid(lo: float, hi: float, step: float, value: float, positions: int = FLOAT_POSITIONS) -> list[float]:
    """The multiples of ``s`` in ``[lo, hi]``, with ``lo``, ``hi`` and ``value``: ``s`` is
    ``step`` times the first of 1, 2, 5, 10, 20, 50 ... that leaves at most about
    ``positions`` values (``step=0.01`` over [0.06, 0.97]: every 0.02)."""
    n = (hi - lo) / step
    k = 1
    while n / k > positions - 1:
        k = k * 5 // 2 if str(k)[0] == "2" else k * 2
    s = step * k
    first, last = math.ceil(lo / s - 1e-9), math.floor(hi / s + 1e-9)
    grid = {_clean(i * s) for i in range(first, last + 1)}
    grid |= {_clean(lo), _clean(hi), _clean(value)}
    return sorted(v for v in grid if lo - 1e-12 <= v <= hi + 1e-12)


def log_grid(lo_exp: float, hi_exp: float, value: float, base: float = 10.0,
             positions: int = LOG_POSITIONS, digits: int = 2) -> list[float]:
    """``positions`` values evenly spaced on a log scale from ``base**lo_exp`` to
    ``base**hi_exp``, each rounded to ``digits`` significant digits (0.5, 1, 2 land on
    the grid when the spacing allows), plus ``value``."""
    vals = {float(f"{base ** e:.{digits}g}") for e in np.linspace(lo_exp, hi_exp, positions)}
    vals.add(_clean(value))
    return sorted(vals)


#: the mantissas of the integer grid above 10 (about 10 values per decade)
_INT_MANTISSAS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0)


def int_grid(lo: int, hi: int, value: int) -> list[int]:
    """Every integer of ``[lo, hi]`` if there are at most ``INT_POSITIONS``; otherwise every
    integer up to 10, then 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120 ... (about 10 per
    decade), with ``lo``, ``hi`` and ``value`` (``[1, 200]``: 23 values)."""
    if hi - lo + 1 <= INT_POSITIONS:
        return list(range(lo, hi + 1))
    vals = {v for v in range(lo, min(hi, 10) + 1)}
    decade = 10
    while decade <= hi:
        vals |= {int(round(m * decade)) for m in _INT_MANTISSAS}
        decade *= 10
    vals |= {lo, hi, int(value)}
    return sorted(v for v in vals if lo <= v <= hi)


def _label_all(values, fmt) -> list[str]:
    labels = [fmt(v) for v in values]
    if len(set(labels)) < len(labels):
        labels = [f"{v:.10g}" for v in values]
    return labels


class GridSlider(widgets.SelectionSlider):
    """A slider over a fixed grid of numbers, linkable on the front end by its ``index``.

    Set from code, ``value`` behaves like the ``FloatSlider``/``IntSlider`` it replaces:
    any number is clipped to ``[min, max]``; on the grid (within 1e-9) it becomes that
    grid value, off the grid it is kept as it is (the handle then sits at the nearest
    grid position; the explorer draws that value through the kernel). ``grid``,
    ``min``, ``max``, ``step`` and ``readout_format`` are plain attributes.

    >>> s = GridSlider([0.0, 0.5, 1.0], value=0.5, description="t")
    >>> s.value = 0.25; s.value, s.index
    (0.25, 0)
    >>> s.value = 2; s.value
    1.0
    """

    #: never None (a SelectionSlider's value may be): refused with the message below
    value = Any(help="Selected value")
    value.allow_none = False  # (``Any(allow_none=False)`` keeps traitlets' default, True)

    def __init__(self, grid, *, value, fmt=None, integer: bool = False, step=None, readout_format=None, **kwargs):
        grid = [int(v) if integer else float(v) for v in grid]
        if not grid or any(b <= a for a, b in zip(grid, grid[1:])):
            raise ValueError(f"grid must be a non-empty increasing list of numbers, got {grid!r}")
        self.grid = tuple(grid)
        self.integer = bool(integer)
        self.min, self.max = grid[0], grid[-1]
        self.step = step
        self.readout_format = readout_format
        self._quiet = False
        if fmt is None:
            fmt = (lambda v: f"{v:{readout_format}}") if readout_format else (lambda v: f"{v:g}")
        self._fmt = fmt
        options = list(zip(_label_all(grid, fmt), grid))
        super().__init__(options=options, value=value, **kwargs)

    def find(self, value) -> int | None:
        """The grid index of ``value`` (within 1e-9 relative), or None."""
        g = self.grid
        i = int(np.searchsorted(g, value))
        for j in (i - 1, i):
            if 0 <= j < len(g) and abs(g[j] - value) <= 1e-9 * max(1.0, abs(value)):
                return j
        return None

    def nearest(self, value) -> int:
        return int(np.argmin(np.abs(np.asarray(self.grid, dtype=float) - float(value))))

    @validate("value")
    def _validate_value(self, proposal):
        v = proposal.value
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real) or not math.isfinite(float(v)):
            raise TraitError(f"{self.description or 'value'} must be a finite number, got {v!r}")
        v = min(max(v, self.min), self.max)
        i = self.find(v)
        if i is not None:
            return self.grid[i]
        return int(v) if self.integer else float(v)

    @observe("value")
    def _propagate_value(self, change):
        i = self.find(change.new)
        if i is None:
            i = self.nearest(change.new)
        if self.index != i:
            self._quiet = True
            try:
                self.index = i
            finally:
                self._quiet = False

    @observe("index")
    def _propagate_index(self, change):
        if change.new is None:
            return
        label = self._options_labels[change.new]
        if self.label != label:
            self.label = label
        if self._quiet:
            return
        value = self._options_values[change.new]
        if self.value != value:
            self.value = value


def _as_grid_slider(control, positions: int = FLOAT_POSITIONS):
    """A GridSlider standing in for a continuous or long control (None if it links as it is
    or cannot be linked); ``positions`` bounds the grid of a continuous one."""
    common = dict(description=control.description, continuous_update=getattr(control, "continuous_update", True),
                  disabled=control.disabled, layout=control.layout, style=control.style,
                  readout=getattr(control, "readout", True))
    if isinstance(control, widgets.FloatLogSlider):
        grid = log_grid(control.min, control.max, control.value, base=control.base,
                        positions=min(LOG_POSITIONS, positions))
        return GridSlider(grid, value=control.value, readout_format=control.readout_format, **common)
    if isinstance(control, widgets.FloatSlider):
        grid = float_grid(control.min, control.max, control.step, control.value, positions)
        return GridSlider(grid, value=control.value, readout_format=control.readout_format, step=control.step,
                          **common)
    if isinstance(control, widgets.IntSlider):
        if positions < FLOAT_POSITIONS and control.max - control.min + 1 > positions:
            # a second control with many positions (which data set ...): evenly spread values
            grid = sorted({int(round(v)) for v in np.linspace(control.min, control.max, positions)} | {control.value})
            return GridSlider(grid, value=control.value, integer=True, step=control.step, **common)
        if control.step != 1:
            grid = list(range(control.min, control.max + 1, control.step))
            grid = sorted(set(grid) | {control.max, control.value})
            grid = grid if len(grid) <= INT_POSITIONS else int_grid(control.min, control.max, control.value)
        else:
            grid = int_grid(control.min, control.max, control.value)
        return GridSlider(grid, value=control.value, integer=True, step=control.step, **common)
    return None


def _shell():
    """The running IPython shell, if any (without importing IPython)."""
    import sys

    ip = sys.modules.get("IPython")
    get = getattr(ip, "get_ipython", None)
    return get() if get else None


_WAITING: list = []   # explorers whose frames are drawn when the running cell ends ("sync" mode)


def _draw_waiting(*_):
    while _WAITING:
        _WAITING.pop(0).draw_all()


def _after_cell(shell, explorer) -> None:
    if explorer not in _WAITING:
        _WAITING.append(explorer)
    if not getattr(shell, "_learnmetrics_hook", False):
        shell.events.register("post_run_cell", _draw_waiting)
        shell._learnmetrics_hook = True


#: background drawing waits until no cell has run for this long (seconds): a notebook run top to
#: bottom (Voilà, "Run All") is not slowed by the frames of the explorers it has passed
IDLE_SECONDS = 0.25
_ACTIVITY = {"last": 0.0, "hooked": False}


def _note_activity(*_):
    _ACTIVITY["last"] = time.perf_counter()


def _watch_cells(shell) -> None:
    if shell is not None and not _ACTIVITY["hooked"]:
        shell.events.register("pre_run_cell", _note_activity)
        shell.events.register("post_run_cell", _note_activity)
        _ACTIVITY["hooked"] = True


#: the explorer a learner moved last (weakly): its frames are drawn before any other explorer's
_FOCUS: dict = {"ex": None}


def _focused():
    ref = _FOCUS["ex"]
    return ref() if ref is not None else None


def _busy() -> float:
    """Seconds to wait before drawing ahead in the background (0: the kernel is idle)."""
    if not _ACTIVITY["hooked"]:
        return 0.0
    return max(0.0, IDLE_SECONDS - (time.perf_counter() - _ACTIVITY["last"]))


@dataclass
class _Link:
    """How one control selects its position among the frames drawn ahead."""

    grid: list          # the control's values, in the order of the positions
    trait: str          # "index" (the control's index is the position) or "value" (looked up in grid)
    find: object = None  # value -> grid index or None

    def index_of(self, value):
        if self.find is not None:
            return self.find(value)
        for i, v in enumerate(self.grid):
            if (v is value or v == value) and type(v) is type(value):
                return i
        for i, v in enumerate(self.grid):
            if v is value or v == value:
                return i
        return None

    def front_map(self) -> dict:
        """How the front end turns the linked trait into a position (JSON)."""
        return {"trait": self.trait} if self.trait == "index" else {"trait": "value", "values": list(self.grid)}


def _link_of(control) -> _Link | None:
    if isinstance(control, GridSlider):
        return _Link(list(control.grid), "index", control.find)
    if isinstance(control, (widgets.SelectionSlider, widgets.ToggleButtons, widgets.Dropdown,
                            widgets.RadioButtons, widgets.Select)):
        return _Link(list(control._options_values), "index")
    if isinstance(control, widgets.IntSlider) and control.step == 1 and control.max - control.min + 1 <= INT_POSITIONS:
        return _Link(list(range(control.min, control.max + 1)), "value")
    if isinstance(control, (widgets.Checkbox, widgets.ToggleButton)):
        return _Link([False, True], "value")
    return None


#: most linked controls (the front end's traits c0 .. c3)
MAX_LINKED = 4
_STATIC = os.path.join(os.path.dirname(__file__), "static")


def _read_static(name: str) -> str:
    with open(os.path.join(_STATIC, name), encoding="utf-8") as f:
        return f.read()


def _view_class():
    """ExplorerView, defined on first use (anywidget is imported only with the widgets)."""
    global ExplorerView
    if ExplorerView is not None:
        return ExplorerView
    import anywidget
    from traitlets import Dict, Int, List, Unicode

    class _ExplorerView(anywidget.AnyWidget):
        """The frames drawn ahead and their read-outs, shown by ``static/explorer.js``.

        ``background`` is the figure at its start (base64 PNG), ``size`` its [width, height]
        in pixels; ``layers[s]`` is slot ``s``'s frame as [x, y, w, h, base64 PNG] (the pixels
        that differ from the background, transparent elsewhere; w = 0: the background itself;
        None: not drawn yet) and ``readouts[s]`` its read-out; slot = the positions of the
        linked controls (``c0`` .. ``c3``, jslink-ed to the controls) in row-major order over
        ``shape``, each turned into a position as ``maps`` says. ``spare`` = [slot, layer,
        read-out] shows a value off the grid; ``hits`` are the regions where a press or a drag
        sets a control (``box`` in pixels, ``pos`` the pixel of each position along ``axis``)."""

        _esm = _read_static("explorer.js")
        _css = _read_static("explorer.css")
        background = Unicode("").tag(sync=True)
        alt = Unicode("").tag(sync=True)
        size = List([1, 1]).tag(sync=True)
        readout_width = Unicode("260px").tag(sync=True)
        waiting = Unicode(_i18n.WAITING["en"]).tag(sync=True)   # shown while a frame is drawn
        layers = List([]).tag(sync=True)
        readouts = List([]).tag(sync=True)
        shape = List([]).tag(sync=True)
        maps = List([]).tag(sync=True)
        spare = List([]).tag(sync=True)
        hits = List([]).tag(sync=True)
        c0 = Any(0).tag(sync=True)
        c1 = Any(0).tag(sync=True)
        c2 = Any(0).tag(sync=True)
        c3 = Any(0).tag(sync=True)

    _ExplorerView.__name__ = _ExplorerView.__qualname__ = "ExplorerView"
    ExplorerView = _ExplorerView
    return ExplorerView


ExplorerView = None

#: every explorer built in this process (weakly), for ``reset_all_to_start`` and language changes
_LIVE: "weakref.WeakSet" = weakref.WeakSet()


def reset_all_to_start() -> int:
    """Move every live explorer back to the position it was built at (its constructor's
    start values), so that a saved notebook shows each explorer as the text introduces it,
    whatever a later cell did with it (``tools/refresh_notebooks.py`` runs this last).
    Returns how many explorers moved."""
    moved = 0
    for ex in list(_LIVE):
        try:
            moved += bool(ex.reset_to_start())
        except Exception:  # pragma: no cover - a closed explorer
            pass
    return moved


def _language_changed() -> None:
    for ex in list(_LIVE):
        if ex.language is None:
            try:
                ex._rewrite_readouts()
            except Exception:  # pragma: no cover
                pass


_i18n.on_change(_language_changed)


class _Shown:
    """What ``Explorer.image`` / ``.readout`` return: the current frame's PNG or read-out
    HTML as ``.value`` (read-only; the front end shows them from the view's layers)."""

    __slots__ = ("_get",)

    def __init__(self, get):
        self._get = get

    @property
    def value(self):
        return self._get()

    def __repr__(self):
        return f"<shown {self.value!r:.60}>"


class Explorer:
    """Base class: subclasses set ``figsize``, build ``controls`` and implement
    ``setup_figure``, ``compute_state``, ``draw`` and ``describe``.

    The first control is the *main* one: every value of it is drawn ahead and
    linked on the front end (continuous controls on a grid, see the module
    docstring). Further controls are linked too (drawn ahead for every
    combination) while all of them together need at most ``max_frames`` frames
    (a continuous one gets a coarser grid to fit); otherwise they, and any part
    of ``key()`` that is not a control, take the kernel path. A subclass whose
    ``key()`` holds more than the controls' values puts the extra parts first:
    ``key() = (*extra, *control values)``. ``hit_regions()`` may name the
    places of the figure where a press or a drag moves a control.

    Attributes
    ----------
    controls : list of ipywidgets
        As given (a continuous control replaced by its :class:`GridSlider`; an
        attribute of the subclass that held it now holds the GridSlider).
    screen : ExplorerView
        The frames with their read-outs (an anywidget); ``widget`` = controls + screen.
    state : the state shown. ``image.value`` / ``readout.value``: its PNG and read-out.
    last_update_ms : float
        Time the last update took in the kernel.
    """

    figsize: tuple[float, float] = (9.0, 4.0)
    #: frames are rendered at the dpi of the notebook's inline figures, so a filmstrip at
    #: the explorer's own width shows them pixel for pixel (no resampling, sharp text)
    dpi: int = 100
    readout_width: str = "260px"
    #: the read-out's language for this explorer only (``set_language``); ``None`` follows
    #: ``learnmetrics.widgets.set_language``
    language: str | None = None
    #: further controls are linked (their frames drawn ahead too) only while all linked
    #: controls together need at most this many frames; otherwise they take the kernel path
    max_frames: int = 120
    #: zlib level of the palette PNGs (9: smallest)
    png_compress_level: int = 9

    def __init__(self, controls: list[widgets.ValueWidget]):
        self.controls = list(controls)
        self._frames: dict[tuple, bytes] = {}
        self._layers: dict[tuple, list] = {}
        self._readouts: dict[tuple, str] = {}
        self._bg_rgb = None
        self.last_update_ms: float = 0.0
        self.state = None
        self._plan_links()
        self.fig = Figure(figsize=self.figsize, dpi=self.dpi)
        FigureCanvasAgg(self.fig)
        self.setup_figure(self.fig)
        self._start = tuple(control.value for control in self.controls)
        self._page_id = None
        self._page_language = None
        self._slot_keys: list = []
        self._layer_list: list = []
        self._readout_list: list = []
        self._sent = 0
        self._sent_slots: set = set()
        self._todo: list = []
        self._generation = 0
        self._mode = draw_ahead_mode()
        View = _view_class()
        w, h = (int(round(v * self.dpi)) for v in self.figsize)
        self.screen = View(size=[w, h], readout_width=self.readout_width, alt=self._alt_text(),
                           shape=[len(self._links[i].grid) for i in self._linked],
                           maps=[self._links[i].front_map() for i in self._linked],
                           layout=widgets.Layout(width="100%"))
        self.screen.on_msg(self._on_view_msg)
        self._view_links = []
        for j, i in enumerate(self._linked):
            control = self.controls[i]
            setattr(self.screen, f"c{j}", getattr(control, self._links[i].trait))
            self._view_links.append(widgets.jslink((control, self._links[i].trait), (self.screen, f"c{j}")))
        for i, control in enumerate(self.controls):
            control.observe(self._on_change, names="value")
            # a static page (no kernel) can tell the controls it cannot follow
            control.add_class("lm-linked" if i in self._links else "lm-kernel-path")
        self._widget = widgets.VBox([widgets.HBox(self.controls, layout=widgets.Layout(flex_flow="row wrap")),
                                     self.screen])
        _LIVE.add(self)
        self.refresh()
        try:
            self.screen.hits = self._front_hits()
        except Exception:  # pragma: no cover - a hit region must never break an explorer
            self.screen.hits = []

    # -- to be provided by subclasses -------------------------------------------------
    def setup_figure(self, fig: Figure) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def compute_state(self, *values):  # pragma: no cover - abstract
        raise NotImplementedError

    def draw(self, state) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def describe(self, state) -> str:
        return f"<pre>{state}</pre>"

    def hit_regions(self) -> list:
        """Where a press or a drag on the figure moves a control: a list of
        ``self.axis_hits(ax, control, positions)`` (default: none)."""
        return []

    # -- the mechanism ------------------------------------------------------------------
    def key(self) -> tuple:
        return tuple(control.value for control in self.controls)

    def dynamic_artists(self) -> list | None:
        """The artists ``draw`` moves, if the subclass lists them: the rest of the
        figure (axes, tick labels, static text) is then rendered once as a
        background and only these are drawn on top of it for each new frame.
        ``None`` (the default) renders the whole figure every time."""
        return None

    @property
    def widget(self) -> widgets.Widget:
        """The explorer's widget: the controls above the frames."""
        return self._widget

    @widget.setter
    def widget(self, value: widgets.Widget) -> None:
        # a subclass laying out its own widget places ``self.screen`` in it (the frames with
        # their read-outs); ``self.image`` / ``self.readout`` are no widgets any more
        self._widget = value

    def axis_hits(self, ax, control, where, *, axis: str = "x", tip: str = "") -> dict:
        """A hit region over ``ax``: pressing or dragging at data coordinate ``where(v)``
        (along ``axis``) moves ``control`` (a control or its index) to its value ``v``, the
        nearest of its drawn-ahead values (``where`` may also be the list of coordinates,
        one per value). The pixels come from the figure's own transforms, so the press lands
        on the value drawn under the pointer."""
        i = control if isinstance(control, int) else self.controls.index(control)
        if i not in self._linked:
            return {}
        h = self.fig.bbox.height
        x0, y0, x1, y1 = ax.bbox.extents
        grid = self._links[i].grid
        data = np.asarray([where(v) for v in grid] if callable(where) else where, dtype=float)
        if axis == "x":
            pts = ax.transData.transform(np.column_stack([data, np.zeros_like(data)]))[:, 0]
        else:
            pts = h - ax.transData.transform(np.column_stack([np.zeros_like(data), data]))[:, 1]
        return {"control": self._linked.index(i), "axis": axis, "tip": tip,
                "box": [round(float(x0), 1), round(float(h - y1), 1), round(float(x1), 1), round(float(h - y0), 1)],
                "pos": [round(float(p), 1) for p in pts]}

    def _front_hits(self) -> list:
        hits = [h for h in (self.hit_regions() or []) if h]
        n = [len(self._links[i].grid) for i in self._linked]
        language = self._language()
        return [dict(h, tip=_i18n.tip(h.get("tip", ""), language)) for h in hits if len(h["pos"]) == n[h["control"]]]

    def _draw_order(self, artist) -> tuple:
        """Where ``artist`` falls in the order a whole draw would paint it: by its axes (their
        zorder, then their place in the figure), then by its own zorder, as ``Figure.draw`` and
        ``Axes.draw`` sort them; a figure-level artist by its zorder among the axes. (The moving
        artists used to be painted in list order: 01's sky-blue mean cross covered the orange
        current-position dot that a whole draw paints on top.)"""
        ax = artist.axes
        if ax is None:
            return (artist.get_zorder(), len(self.fig.axes), 0.0)
        try:
            where = self.fig.axes.index(ax)
        except ValueError:
            where = len(self.fig.axes)
        return (ax.get_zorder(), where, artist.get_zorder())

    def _render_rgb(self) -> np.ndarray:
        dynamic = self.dynamic_artists()
        canvas = self.fig.canvas
        if dynamic is None:
            canvas.draw()
        else:
            if getattr(self, "_background", None) is None:
                visible = [a.get_visible() for a in dynamic]
                for a in dynamic:
                    a.set_visible(False)
                canvas.draw()
                self._background = canvas.copy_from_bbox(self.fig.bbox)
                for a, v in zip(dynamic, visible):
                    a.set_visible(v)
            canvas.restore_region(self._background)
            for a in sorted(dynamic, key=self._draw_order):
                if a.get_visible():
                    self.fig.draw_artist(a)
        return np.array(canvas.buffer_rgba())[..., :3]

    def _palette_png(self, rgb: np.ndarray, mask: np.ndarray | None = None) -> bytes:
        level = self.png_compress_level
        if getattr(self, "_mode", None) == "background":
            level = min(level, LIVE_COMPRESS_LEVEL)
        img = Image.fromarray(rgb)
        if mask is None:
            pal = img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
            buf = io.BytesIO()
            pal.save(buf, format="png", compress_level=level)
            return buf.getvalue()
        pal = img.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        idx = np.array(pal)
        idx[~mask] = 255
        out = Image.fromarray(idx, mode="P")
        palette = (pal.getpalette() or [])[:765]
        out.putpalette(palette + [0] * (765 - len(palette)) + [255, 255, 255])
        buf = io.BytesIO()
        out.save(buf, format="png", compress_level=level, transparency=255, optimize=False)
        return buf.getvalue()

    def render_png(self) -> bytes:
        """The figure as it is now, as a palette PNG (at most 256 colours: large areas keep
        their exact colour, anti-aliased edges move by at most about 15/255)."""
        return self._palette_png(self._render_rgb())

    def frame(self, key: tuple) -> bytes:
        """The PNG shown for controls' values ``key`` (drawn once, then cached)."""
        key = tuple(key)
        png = self._frames.get(key)
        if png is None:
            self.draw(self.compute_state(*key))
            png = self._frames[key] = self.render_png()
        return png

    #: what the figure shows, for a screen reader and for a page whose images do not load (each
    #: explorer says it in a sentence); the read-out beside the figure says, in words, what each
    #: position shows, and is announced when it changes
    alt_text = ""

    def _alt_text(self) -> str:
        return f"Interactive figure: {self.alt_text}" if self.alt_text else "Interactive figure"

    def _layer(self, key: tuple, state=None) -> list:
        """Frame ``key`` as the front end gets it: [x, y, w, h, base64 PNG] of the pixels
        that differ from the background (w = 0: none)."""
        key = tuple(key)
        layer = self._layers.get(key)
        if layer is None:
            self.draw(self.compute_state(*key) if state is None else state)
            rgb = self._render_rgb()
            if self._bg_rgb is None:
                self._bg_rgb = rgb
                png = self._frames.setdefault(key, self._palette_png(rgb))
                self.screen.background = base64.b64encode(png).decode("ascii")
            diff = _differs(rgb, self._bg_rgb)
            rows, cols = np.flatnonzero(diff.any(axis=1)), np.flatnonzero(diff.any(axis=0))
            if rows.size == 0:
                layer = [0, 0, 0, 0, ""]
            else:
                y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
                png = self._palette_png(np.ascontiguousarray(rgb[y0:y1, x0:x1]), diff[y0:y1, x0:x1])
                layer = [x0, y0, x1 - x0, y1 - y0, base64.b64encode(png).decode("ascii")]
            self._layers[key] = layer
        return layer

    def readout_html(self, state) -> str:
        """``describe(state)`` in this explorer's language."""
        with _i18n.using(self.language):
            return self.describe(state)

    def _language(self) -> str:
        return self.language or _i18n.get_language()

    def _readout_for(self, key: tuple, state=None) -> str:
        ck = (self._language(), key)
        html = self._readouts.get(ck)
        if html is None:
            html = self._readouts[ck] = self.readout_html(self.compute_state(*key) if state is None else state)
        return html

    # -- which control is linked how ---------------------------------------------------------
    def _plan_links(self) -> None:
        self._links: dict[int, _Link] = {}
        self._linked: list[int] = []
        total = 1
        for i, control in enumerate(self.controls):
            if len(self._linked) >= MAX_LINKED:
                break
            link = _link_of(control)
            grid_slider = None
            if link is not None and i and total * len(link.grid) > self.max_frames \
                    and isinstance(control, widgets.IntSlider):
                link = None  # too many positions to draw ahead: a coarser grid below
            if link is None:
                for positions in ((FLOAT_POSITIONS, 21, 11, 6) if i else (FLOAT_POSITIONS,)):
                    grid_slider = _as_grid_slider(control, positions)
                    if grid_slider is None or i == 0 or total * len(grid_slider.grid) <= self.max_frames:
                        break
                if grid_slider is not None:
                    link = _link_of(grid_slider)
            if link is None:
                if i == 0:
                    break
                continue
            if i and total * len(link.grid) > self.max_frames:
                if grid_slider is not None:
                    grid_slider.close()
                continue
            if grid_slider is not None:
                self._replace_control(i, grid_slider)
            self._links[i] = link
            self._linked.append(i)
            total *= len(link.grid)
        # the main control is linked first; so are the others, in the controls' order
        self._inner = self._linked[0] if self._linked else None

    def _replace_control(self, i: int, new) -> None:
        old = self.controls[i]
        self.controls[i] = new
        for name, value in list(vars(self).items()):
            if value is old:
                setattr(self, name, new)
        old.close()

    def _split(self, key: tuple):
        """(prefix length, the page id: key without the linked controls' values)."""
        n = len(key) - len(self.controls)
        linked = {n + i for i in self._links}
        return n, tuple(None if j in linked else v for j, v in enumerate(key))

    def _positions(self, key: tuple) -> list:
        """The linked controls' positions of ``key`` (None: off the grid)."""
        n = len(key) - len(self.controls)
        return [self._links[i].index_of(key[n + i]) for i in self._linked]

    def _slot_of(self, positions) -> int | None:
        s = 0
        for p, i in zip(positions, self._linked):
            if p is None:
                return None
            s = s * len(self._links[i].grid) + p
        return s

    def _key_at_slot(self, key: tuple, s: int) -> tuple:
        n = len(key) - len(self.controls)
        k = list(key)
        for i in reversed(self._linked):
            s, p = divmod(s, len(self._links[i].grid))
            k[n + i] = self._links[i].grid[p]
        return tuple(k)

    def _n_slots(self) -> int:
        return int(np.prod([len(self._links[i].grid) for i in self._linked])) if self._linked else 1

    # -- pages ------------------------------------------------------------------------------
    def _new_page(self, page_id: tuple, key: tuple) -> None:
        """Every slot of the linked controls for the kernel-path values in ``page_id``."""
        self._generation += 1
        self._page_id = page_id
        self._page_language = self._language()
        self._relabel()
        n = self._n_slots()
        self._slot_keys = [self._key_at_slot(key, s) for s in range(n)] if self._linked else [key]
        self._layer_list = [None] * n
        self._readout_list = [""] * n
        self._sent = 0
        self._sent_slots = set()
        pos = self._positions(key)
        here = self._slot_of([p if p is not None else self._nearest(i, key) for p, i in zip(pos, self._linked)])
        here = 0 if here is None else here
        # draw ahead from the frame shown outwards: one control's steps first, nearest first
        self._todo = [s for s in range(n) if s != here]
        self._prioritise(here)

    def _nearest(self, i: int, key: tuple) -> int:
        n = len(key) - len(self.controls)
        control = self.controls[i]
        if isinstance(control, GridSlider):
            return control.nearest(key[n + i])
        return 0

    def _fill(self, s: int, state=None) -> bool:
        if self._layer_list[s] is not None:
            return False
        key = self._slot_keys[s]
        self._layer_list[s] = self._layer(key, state)
        self._readout_list[s] = self._readout_for(key, state)
        return True

    def _send(self, force: bool = False) -> None:
        """Hand the slots drawn so far to the front end.

        A new page (``_sent`` = 0) goes as the view's ``layers``/``readouts`` traits. In a live
        kernel ("background" mode) every slot drawn after that goes at once, alone, as a custom
        message (``_post``): a batch never waits, and a step never re-sends the frames the front
        end has. Otherwise (saving a notebook, plain Python, the unit tests' "lazy") the traits are
        sent whole: every time when asked (the frame to show), else when the drawn slots have
        doubled since the last time, and at the end, so that the saved widget state holds them all."""
        if self._mode == "background" and self._sent:
            new = [s for s, layer in enumerate(self._layer_list) if layer is not None and s not in self._sent_slots]
            if new:
                self._post(new)
            return
        drawn = sum(layer is not None for layer in self._layer_list)
        if force or not self._todo or drawn >= 2 * max(self._sent, 1):
            with self.screen.hold_sync():
                self.screen.readouts = list(self._readout_list)
                self.screen.layers = list(self._layer_list)
            self._sent = drawn
            self._sent_slots = {i for i, layer in enumerate(self._layer_list) if layer is not None}

    def _post(self, slots) -> None:
        """Send the frames of ``slots`` (drawn) as one custom message; the view's traits are updated
        in place to match (no second send), so a front end that connects later (a reload, Voilà
        asking for the state) gets them with the state."""
        frames = [[s, self._layer_list[s], self._readout_list[s]] for s in slots if self._layer_list[s] is not None]
        if not frames:
            return
        self.screen.send({"frames": frames})
        layers, readouts = self.screen.layers, self.screen.readouts
        for s, layer, html in frames:
            if s < len(layers):
                layers[s] = layer
            if s < len(readouts):
                readouts[s] = html
        self._sent_slots.update(s for s, _, _ in frames)
        self._sent = len(self._sent_slots)

    def _on_view_msg(self, _widget, content, _buffers) -> None:
        """A view asks for frames: ``{"need": s}`` (the slot it shows has no frame: drawn now if
        it is not drawn yet) or ``{"missing": [s, ...]}`` (a view just rendered: every one of
        those the kernel has drawn, in case a message was lost before the view listened)."""
        if not isinstance(content, dict):
            return
        n = len(self._layer_list)
        try:
            if "need" in content:
                s = int(content["need"])
                if 0 <= s < n:
                    if self._layer_list[s] is None and self._mode == "background":
                        _FOCUS["ex"] = weakref.ref(self)
                        self._urgent(s)
                        return
                    if self._layer_list[s] is None:
                        if s in self._todo:
                            self._todo.remove(s)
                        self._fill(s)
                    self._post([s])
            elif "missing" in content:
                want = {int(s) for s in content["missing"] if 0 <= int(s) < n}
                self._post(sorted(s for s in want if self._layer_list[s] is not None))
        except (TypeError, ValueError):  # a malformed message from a front end: ignored
            return

    def _prioritise(self, here: int) -> None:
        """Order the frames still to draw around slot ``here``: first the steps of one control at
        a time from it, nearest first, both directions and each control in turn (the main
        control's step 1, the second control's step 1, the main control's step 2 ...), then the
        rest by the number of steps from it. A learner stepping from where the view is never
        meets a frame drawn after one that is further away."""
        if not self._todo:
            return
        shape = [len(self._links[i].grid) for i in self._linked]
        if not shape:
            return
        at = np.unravel_index(here, shape)

        def rank(s):
            c = np.unravel_index(s, shape)
            moved = [(abs(int(a) - int(b)), j) for j, (a, b) in enumerate(zip(c, at)) if a != b]
            if len(moved) == 1:
                d, j = moved[0]
                return (0, d, j, s)
            return (1, sum(d for d, _ in moved), 0, s)

        self._todo.sort(key=rank)
        self._prioritised = here

    # -- updates ---------------------------------------------------------------------------
    def refresh(self, _from_front: bool = False) -> None:
        """Show the frame and read-out of the controls' current values (drawn now if it
        was not drawn ahead) and go on drawing the others ahead."""
        t0 = time.perf_counter()
        key = self.key()
        self.state = self.compute_state(*key)
        _, page_id = self._split(key)
        if self._page_id != page_id:
            self._new_page(page_id, key)
        elif self._page_language != self._language():
            self._rewrite_readouts()
        pos = self._positions(key)
        s = self._slot_of(pos)
        changed = False
        if s is not None and self._todo and self._mode == "background" and s != getattr(self, "_prioritised", None):
            self._prioritise(s)     # the learner moved: draw around where the view is now
        if s is not None:
            if _from_front and self._mode == "background":
                _FOCUS["ex"] = weakref.ref(self)
            if _from_front and self._mode == "background" and self._layer_list[s] is None:
                # drawn at the next turn of the event loop, first of all: the steps of a drag still
                # queued behind this one are taken first (each only moves its slot to the front), so
                # the kernel draws where the learner is, not every position the drag passed
                self._urgent(s)
            else:
                if s in self._todo:
                    self._todo.remove(s)
                changed = self._fill(s, self.state)
            spare = []
        else:
            near = [p if p is not None else self._nearest(i, key) for p, i in zip(pos, self._linked)]
            spare = [self._slot_of(near), self._layer(key, self.state), self._readout_for(key, self.state)]
        with self.screen.hold_sync():
            for j, i in enumerate(self._linked):
                value = getattr(self.controls[i], self._links[i].trait)
                name = f"c{j}"
                if _from_front:
                    with self.screen._lock_property(**{name: value}):
                        setattr(self.screen, name, value)
                elif getattr(self.screen, name) != value:
                    setattr(self.screen, name, value)
            if changed or self._sent == 0 or (s is not None and s not in self._sent_slots):
                self._send(force=True)
            if self.screen.spare != spare:
                self.screen.spare = spare
        self.last_update_ms = (time.perf_counter() - t0) * 1e3
        if self._todo:
            self._draw_ahead()

    def _labelled(self) -> list:
        """The controls and buttons whose labels follow the language."""
        out = list(self.controls)
        for v in vars(self).values():
            for w in (v.values() if isinstance(v, dict) else (v,)):
                if isinstance(w, widgets.Button) and w not in out:
                    out.append(w)
        return out

    def _relabel(self) -> None:
        """Control labels and the "drawing this frame" text in the language now chosen."""
        language = self._language()
        _i18n.relabel(self._labelled(), language)
        waiting = _i18n.WAITING[language]
        if getattr(self.screen, "waiting", waiting) != waiting:
            self.screen.waiting = waiting
        if getattr(self.screen, "hits", None):   # the line saying where to press, in that language
            hits = self._front_hits()
            if hits != self.screen.hits:
                self.screen.hits = hits

    def _rewrite_readouts(self, send: bool = True) -> None:
        """Every read-out drawn so far, in the language now chosen, sent at once."""
        self._page_language = self._language()
        self._relabel()
        for s, layer in enumerate(self._layer_list):
            if layer is not None:
                self._readout_list[s] = self._readout_for(self._slot_keys[s])
        if self.screen.spare:
            key = self.key()
            self.screen.spare = [self.screen.spare[0], self.screen.spare[1], self._readout_for(key)]
        if send:
            self.screen.readouts = list(self._readout_list)

    def _draw_ahead(self) -> None:
        if self._mode == "lazy":
            return
        if self._mode == "sync":
            shell = _shell()
            if shell is None:
                self.draw_all()
            else:  # at the end of the cell: a page the cell leaves behind is never drawn
                _after_cell(shell, self)
        elif self._mode == "background":
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                try:
                    loop = asyncio.get_event_loop()
                except RuntimeError:
                    loop = None
            if loop is None or loop.is_closed():
                self.draw_all()
            elif not getattr(self, "_scheduled", False):
                _watch_cells(_shell())
                _note_activity()
                self._scheduled = True
                loop.call_later(IDLE_SECONDS, self._chunk, self._generation, loop)

    def _urgent(self, s: int) -> None:
        """Slot ``s`` (shown, not drawn) goes first: drawn at the next turn of the event loop
        (after the messages already queued, which may move it again), whatever else is running."""
        if s in self._todo:
            self._todo.remove(s)
        self._todo.insert(0, s)
        if getattr(self, "_hurry", False):
            return  # a chunk is on its way: it draws the front of the list, this slot
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            self._fill_next()
            self._send()
            return
        self._hurry = True
        loop.call_later(URGENT_SECONDS, self._urgent_chunk)

    def _urgent_chunk(self) -> None:
        self._hurry = False
        try:
            if self._todo:
                self._fill_next()
                self._send()
        except Exception:  # pragma: no cover - drawing must never break the kernel
            self._todo.clear()
            raise

    def _chunk(self, generation: int, loop) -> None:
        self._scheduled = False
        if generation != self._generation:
            if self._todo:
                self._draw_ahead()
            return
        wait = _busy()
        if wait > 0 and self._todo and not loop.is_closed():  # cells are running: draw when they stop
            self._scheduled = True
            loop.call_later(wait, self._chunk, generation, loop)
            return
        focus = _focused()
        if focus is not None and focus is not self and focus._todo and not loop.is_closed():
            # the explorer the learner moved last draws first; this one waits its turn
            self._scheduled = True
            loop.call_later(0.05, self._chunk, generation, loop)
            return
        t0 = time.perf_counter()
        try:
            while self._todo and time.perf_counter() - t0 < CHUNK_SECONDS:
                self._fill_next()
                self._send()    # each frame leaves as soon as it is drawn
        except Exception:  # pragma: no cover - drawing ahead must never break the kernel
            self._todo.clear()
            raise
        if self._todo and not loop.is_closed():
            self._scheduled = True
            loop.call_later(0.005, self._chunk, generation, loop)

    def _fill_next(self) -> None:
        self._fill(self._todo.pop(0))

    def draw_all(self) -> None:
        """Draw every frame of the values shown now ("sync" mode: in the constructor in plain
        Python, at the end of the cell in IPython, so that a page a cell moves past is not drawn)."""
        while self._todo:
            self._fill_next()
        self._send()
        # the figure is left as the frame shown (``frame``/``filmstrip`` redraw what they need)
        self.draw(self.state)

    @property
    def frames_pending(self) -> int:
        """Frames of the values shown that are not drawn yet."""
        return len(self._todo)

    @property
    def image(self) -> _Shown:
        """The current frame: ``.value`` is its PNG."""
        return _Shown(lambda: self.frame(self.key()))

    @property
    def readout(self) -> _Shown:
        """The current read-out: ``.value`` is its HTML."""
        return _Shown(lambda: self._readout_for(self.key(), self.state))

    def state_at(self, **values):
        """The state the explorer would show with the named controls at ``values`` (the others
        where they are), computed by the pure state function: **the explorer shown does not
        move**. A notebook's checked cell prints ``ex.state_at(slider=0.4)`` rather than moving
        ``ex.slider``, so in Voila (where it runs after the explorer is on the page) it never
        takes the slider from the learner. Names are the explorer's attributes that hold its
        controls (``slider``, ``k_slider`` ...); a value is read as the control reads it (a
        slider clamps to its range)."""
        key = list(self.key())
        extra = len(key) - len(self.controls)
        for name, value in values.items():
            control = getattr(self, name, None)
            index = next((i for i, c in enumerate(self.controls) if c is control), None)
            if index is None:
                names = sorted(n for n, v in vars(self).items() if any(v is c for c in self.controls))
                raise ValueError(f"{name!r} is not a control of this explorer (its controls: {names})")
            validate = getattr(control, "_validate_value", None)
            if validate is not None:
                value = validate(Bunch(value=value, owner=control, trait=control.traits()["value"]))
            key[extra + index] = value
        return self.compute_state(*key)

    def reset_to_start(self) -> bool:
        """Move the controls back to the values the explorer was built with; True if any moved."""
        moved = False
        for control, value in zip(self.controls, self._start):
            if control.value != value:
                control.value = value
                moved = True
        return moved

    def set_language(self, language: str | None) -> None:
        """Write this explorer's read-out in ``language`` (``"en"`` or ``"zh"``), whatever
        ``learnmetrics.widgets.set_language`` says; ``None`` follows it again. Every
        read-out drawn ahead is rewritten at once.

        >>> from learnmetrics.widgets.curves import CutPointExplorer   # doctest: +SKIP
        >>> ex = CutPointExplorer(y_true, y_score); ex.set_language("zh")  # doctest: +SKIP
        """
        if language is not None:
            language = check_choice(language, "language", _i18n.LANGUAGES)
        self.language = language
        self.refresh()

    def _on_change(self, change) -> None:
        owner = change.get("owner") if isinstance(change, dict) else getattr(change, "owner", None)
        self.refresh(_from_front=bool(getattr(owner, "_property_lock", None)))

    def _ipython_display_(self):
        from IPython.display import display

        bundle = self.widget._repr_mimebundle_() if hasattr(self.widget, "_repr_mimebundle_") else None
        if not bundle:
            display(self.widget)
            return
        # what a front end that cannot show widgets (an untrusted notebook, a plain text viewer)
        # shows instead of the widgets' repr
        bundle["text/plain"] = (f"{type(self).__name__}: an interactive explorer. Run this cell (or trust the "
                                f"notebook) to see it; the filmstrip below shows its frames.")
        display(bundle, raw=True)

    def filmstrip(self, keys, *, ncols: int = 1, titles=None, width: float | None = None,
                  panels=None) -> Figure:
        """Small multiples of the frames at ``keys``: the static view of the explorer,
        for a reader without a kernel. Returns a matplotlib Figure.

        ``titles`` has one entry per key: a string, or an ``(english, chinese)`` pair that
        shows in the course's language (``learnmetrics.set_language``).

        ``width`` is the width of one panel in inches; the default, the explorer's own
        width, shows each frame pixel for pixel in a notebook (smaller panels shrink
        the frame's text with it).

        ``panels`` keeps only part of each frame, pixel for pixel: the explorer's axes it
        names (names of ``self.axes`` when that is a dict, else indices of the figure's
        axes), cropped to the box that holds them with their titles and labels at every
        key, the same box for every frame. A few cropped frames in ``ncols`` columns fit
        a page where whole frames would not, with no text made smaller.

        >>> ex.filmstrip([(0,), (4,), (9,), (17,)], ncols=2, panels=["pr"])  # doctest: +SKIP
        """
        import matplotlib.pyplot as plt

        keys = list(keys)
        if not keys:
            raise ValueError("keys must name at least one frame, got an empty list")
        if not isinstance(ncols, int) or isinstance(ncols, bool) or ncols < 1:
            raise ValueError(f"ncols must be a positive integer, got {ncols!r}")
        if titles is not None:
            titles = list(titles)
            if len(titles) != len(keys):
                raise ValueError(f"titles must have one entry per key ({len(keys)}), got {len(titles)}")
            titles = [_filmstrip_title(t, i) for i, t in enumerate(titles)]
        if width is not None:
            width = float(width)
            if not (width > 0 and np.isfinite(width)):
                raise ValueError(f"width must be a positive number of inches, got {width!r}")
        chosen = None if panels is None else self._filmstrip_axes(panels)
        images = [np.asarray(Image.open(io.BytesIO(self.frame(tuple(k)))).convert("RGB")) for k in keys]
        if chosen is not None:
            x0, y0, x1, y1 = self._filmstrip_box(chosen, keys, images[0].shape[:2])
            images = [np.ascontiguousarray(img[y0:y1, x0:x1]) for img in images]
        h_px, w_px = images[0].shape[:2]
        # one panel = one frame at its own pixel size (or scaled to ``width``), placed with no
        # margins so that the notebook shows the frame pixel for pixel
        panel_w = w_px / self.dpi if width is None else width
        panel_h = panel_w * h_px / w_px
        title_h = 0.38 if titles is not None else 0.06
        nrows = -(-len(keys) // ncols)
        fig_w, fig_h = panel_w * ncols, (panel_h + title_h) * nrows
        fig = plt.figure(figsize=(fig_w, fig_h), dpi=self.dpi)
        exact = width is None
        for i, img in enumerate(images):
            row, col = divmod(i, ncols)
            bottom = fig_h - (row + 1) * (panel_h + title_h)
            ax = fig.add_axes((col * panel_w / fig_w, bottom / fig_h, panel_w / fig_w, panel_h / fig_h))
            ax.set_axis_off()
            ax.imshow(img, interpolation="none" if exact else "antialiased", aspect="auto")
            if titles is not None:
                # 12 pt: a filmstrip of ~1,000 px still reads when a page shows it at 800 px (issue 35)
                ax.set_title(titles[i], fontsize=12, pad=4, **font_for(titles[i]))
        return fig

    def _filmstrip_axes(self, panels) -> list:
        """The axes ``panels`` names (see :meth:`filmstrip`), checked."""
        if isinstance(panels, (str, int)) or not hasattr(panels, "__iter__"):
            panels = [panels]
        panels = list(panels)
        if not panels:
            raise ValueError("panels must name at least one of the explorer's axes, got an empty list")
        named = self.axes if isinstance(getattr(self, "axes", None), dict) else {}
        chosen = []
        for p in panels:
            if isinstance(p, str) and p in named:
                chosen.append(named[p])
            elif isinstance(p, (int, np.integer)) and not isinstance(p, bool) and 0 <= p < len(self.fig.axes):
                chosen.append(self.fig.axes[int(p)])
            else:
                raise ValueError(f"panels must hold names of the explorer's axes ({sorted(named) or 'none'}) or "
                                 f"indices 0..{len(self.fig.axes) - 1} of its figure's axes, got {p!r}")
        return chosen

    def _filmstrip_box(self, chosen, keys, shape, pad: int = 6) -> tuple:
        """(x0, y0, x1, y1) in a frame's pixels (rows from the top): the box that holds the
        ``chosen`` axes with their titles, labels and texts at every key (the texts change
        from key to key), padded by ``pad`` pixels, inside the frame."""
        from matplotlib.lines import Line2D

        def shown(a):   # an empty line's marker reports a box at the figure's corner: not drawn, not kept
            return a.get_visible() and not (isinstance(a, Line2D) and not np.isfinite(
                np.asarray(a.get_xydata(), dtype=float)).all(axis=-1).any())

        renderer = self.fig.canvas.get_renderer()
        boxes = []
        for k in keys:
            self.draw(self.compute_state(*tuple(k)))
            for ax in chosen:
                extra = [a for a in ax.get_default_bbox_extra_artists() if shown(a)]
                boxes.append(ax.get_tightbbox(renderer, bbox_extra_artists=extra))
        h, w = shape
        x0 = max(0, int(np.floor(min(b.x0 for b in boxes))) - pad)
        x1 = min(w, int(np.ceil(max(b.x1 for b in boxes))) + pad)
        y0 = max(0, h - int(np.ceil(max(b.y1 for b in boxes))) - pad)
        y1 = min(h, h - int(np.floor(min(b.y0 for b in boxes))) + pad)
        return x0, y0, x1, y1


def _differs(rgb: np.ndarray, bg: np.ndarray) -> np.ndarray:
    """The (H, W) mask of the pixels where ``rgb`` and ``bg`` (H, W, 3) differ. Both are usually
    the RGB view of an RGBA copy of the canvas (``_render_rgb``): then one comparison of the
    RGBA words with alpha masked off (0.2 ms at 1140 x 600) instead of three byte planes
    (``np.any(..., axis=2)``: 13-17 ms a frame); any other layout takes the planes."""
    a, b = rgb.base, bg.base
    if (isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.dtype == np.uint8 and b.dtype == np.uint8
            and a.ndim == 3 and a.shape[2] == 4 and a.shape == b.shape and a.flags.c_contiguous
            and b.flags.c_contiguous and rgb.shape == a.shape[:2] + (3,) and bg.shape == rgb.shape
            and rgb.ctypes.data == a.ctypes.data and bg.ctypes.data == b.ctypes.data
            and rgb.strides == a.strides and bg.strides == b.strides):
        words = np.bitwise_xor(a.view(np.uint32)[..., 0], b.view(np.uint32)[..., 0])
        rgb_bytes = np.array([255, 255, 255, 0], dtype=np.uint8).view(np.uint32)[0]
        return np.bitwise_and(words, rgb_bytes, out=words) != 0
    d = rgb != bg
    return d[..., 0] | d[..., 1] | d[..., 2]


def _filmstrip_title(title, i: int) -> str:
    """One filmstrip title: a string, or an ``(english, chinese)`` pair in the current language."""
    if isinstance(title, str):
        return title
    if (isinstance(title, tuple) and len(title) == 2 and all(isinstance(t, str) for t in title)):
        return title[1] if _i18n.is_chinese() else title[0]
    raise ValueError(f"titles[{i}] must be a string or an (english, chinese) pair of strings, "
                     f"got {title!r}")
