"""The one mechanism behind every explorer in the course.

An explorer is a thin view over a *pure* state function:

* ``compute_state(*values)`` turns the controls' values (a cut point, a beta,
  a cost ratio ...) into a plain state object: counts, rates, curve points.
  It imports no widget and is unit-tested on its own.
* ``draw(state)`` moves the artists of one matplotlib figure in place (no
  re-plotting), ``describe(state)`` writes the text read-out as HTML. An
  explorer that lists those artists in ``dynamic_artists()`` has its static
  background rendered once and only the moving artists redrawn per frame.

Every slider step is instant: the frames are drawn ahead
---------------------------------------------------------
Each value of the explorer's main control (its first one) has its frame
drawn ahead: a palette PNG (at most 256 colours, the course's colours kept
exact) and its read-out, together in one child of an ``ipywidgets.Stack``.
The control is linked to the Stack's ``selected_index`` on the front end
(``widgets.jsdlink``), so moving the slider flips to the next child in the
browser with no round trip to the kernel, and a frame is never shown with
another frame's read-out. The same works in a static page with no kernel.

* Discrete controls (``SelectionSlider``, ``ToggleButtons``, ``Dropdown``,
  an ``IntSlider`` with step 1 starting at 0 ... ``PAD_LIMIT``) link as they
  are. A continuous control (``FloatSlider``, ``FloatLogSlider``) or an
  ``IntSlider`` with more than ``INT_POSITIONS`` positions is replaced by a
  :class:`GridSlider` over a fixed grid (at most ``FLOAT_POSITIONS``
  steps, ``LOG_POSITIONS`` on a log scale, about 16 per decade for integers;
  always the starting value). From code, ``slider.value = x`` still accepts
  any value in range: a value off the grid is drawn by the kernel and shown
  in a spare child (the handle at the nearest grid position).
* A second control is *nested* when it links as it is and the frames of both
  together stay within ``max_frames``: one Stack per value of the second
  control, inside an outer Stack linked to it. Otherwise (a checkbox, a
  second slider with many positions, state that is not a control such as a
  ranked list's order) it takes the *kernel path*: when it changes, the
  kernel builds the frames for its new value (the one shown first).
  In the course (``max_frames`` = 32, frames about 15-35 kB each, each
  notebook under 3 MB): ranking (06) nests the gain toggle around k
  (2 x 8 frames). Kernel path, because nesting would multiply the frames
  past the budget or the control cannot be linked: CV's repeats (01: 7 k x 5
  repeats = 35 frames, about 0.6 MB more in 01), the hold-out's
  "stratified" checkbox (a Checkbox has no index to link), cost's prior (05: 17
  ratios x 101 priors), the paired test's true difference (08: 5 x 11), the
  AUC explorer's data set (10: 7 x 200), the ranked list's order (buttons).
* Drawing ahead never delays the first view: the frame shown is drawn first,
  as before. In a live kernel the others are drawn after the cell returns,
  in short chunks on the kernel's event loop; a value whose frame is not
  drawn yet is drawn at once by the kernel (the child says "drawing ..."
  meanwhile, never another frame). When notebooks are executed to be saved
  (``tools/refresh_notebooks.py``, nbval: ``LEARNMETRICS_DRAW_AHEAD=sync``)
  and in plain Python with no running event loop, all frames are drawn
  before the cell (or, in plain Python, the constructor) returns, so the
  saved widget state holds them all.

The kernel still follows every control: ``explorer.state`` is the state
shown, ``.slider.value = v`` in code moves the explorer, ``frame(key)`` and
``filmstrip(keys)`` draw any frame, ``last_update_ms`` times the last update.
Tests and notebooks drive an explorer exactly as a learner does, by setting a
control's ``value``.
"""
from __future__ import annotations

import asyncio
import io
import math
import numbers
import os
import time
from dataclasses import dataclass, field

import ipywidgets as widgets
import numpy as np
from PIL import Image
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from traitlets import Any, TraitError, observe, validate

from . import _i18n

__all__ = ["Explorer", "GridSlider", "DRAW_AHEAD_ENV", "DRAW_AHEAD_MODES"]

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


def _as_grid_slider(control):
    """A GridSlider standing in for a continuous or long control (None if it links as it is
    or cannot be linked)."""
    common = dict(description=control.description, continuous_update=getattr(control, "continuous_update", True),
                  disabled=control.disabled, layout=control.layout, style=control.style,
                  readout=getattr(control, "readout", True))
    if isinstance(control, widgets.FloatLogSlider):
        grid = log_grid(control.min, control.max, control.value, base=control.base)
        return GridSlider(grid, value=control.value, readout_format=control.readout_format, **common)
    if isinstance(control, widgets.FloatSlider):
        grid = float_grid(control.min, control.max, control.step, control.value)
        return GridSlider(grid, value=control.value, readout_format=control.readout_format, step=control.step,
                          **common)
    if isinstance(control, widgets.IntSlider):
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


@dataclass
class _Link:
    """How one control selects a child of a Stack on the front end."""

    grid: list          # the control's values, in the order of the Stack's children
    trait: str          # "index" or "value"
    pad: int = 0        # unused children before the first value (an IntSlider starting at pad)
    find: object = None  # value -> grid index or None

    def index_of(self, value):
        if self.find is not None:
            return self.find(value)
        for i, v in enumerate(self.grid):
            if v is value or v == value:
                return i
        return None


def _link_of(control) -> _Link | None:
    if isinstance(control, GridSlider):
        return _Link(list(control.grid), "index", 0, control.find)
    if isinstance(control, (widgets.SelectionSlider, widgets.ToggleButtons, widgets.Dropdown,
                            widgets.RadioButtons, widgets.Select)):
        return _Link(list(control._options_values), "index")
    if isinstance(control, widgets.IntSlider) and control.step == 1 and 0 <= control.min <= PAD_LIMIT \
            and control.max - control.min + 1 <= INT_POSITIONS:
        return _Link(list(range(control.min, control.max + 1)), "value", control.min)
    return None


@dataclass
class _Page:
    """The frames for one value of the kernel-path controls (and of a ranked list's order ...)."""

    id: tuple
    language: str
    top: widgets.Widget
    stacks: list                                # one inner Stack per value of the nested control
    slots: list                                 # slots[o][g]: the HBox of inner value g (last: off the grid)
    links: list = field(default_factory=list)
    filled: dict = field(default_factory=dict)  # (o, g) -> key shown there
    todo: list = field(default_factory=list)    # (o, g) still to draw ahead


class Explorer:
    """Base class: subclasses set ``figsize``, build ``controls`` and implement
    ``setup_figure``, ``compute_state``, ``draw`` and ``describe``.

    The first control is the *main* one: every value of it is drawn ahead and
    linked on the front end (continuous controls on a grid, see the module
    docstring). A second control is nested (drawn ahead too) when the frames of
    both stay within ``max_frames``; otherwise it, like any further control and
    any part of ``key()`` that is not a control, takes the kernel path. A subclass
    whose ``key()`` holds more than the controls' values puts the extra parts
    first: ``key() = (*extra, *control values)``.

    Attributes
    ----------
    controls : list of ipywidgets
        As given (a continuous control replaced by its :class:`GridSlider`; an
        attribute of the subclass that held it now holds the GridSlider).
    screen : ipywidgets.Box
        The frames (``Stack`` s) with their read-outs; ``widget`` = controls + screen.
    state : the state shown. ``image`` / ``readout``: the widgets showing it.
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
    #: a second control is nested (its frames drawn ahead too) only when both controls
    #: together need at most this many frames; otherwise it takes the kernel path
    max_frames: int = 32
    #: zlib level of the palette PNGs (9: smallest, about 20 ms a frame)
    png_compress_level: int = 9

    def __init__(self, controls: list[widgets.ValueWidget]):
        self.controls = list(controls)
        self._frames: dict[tuple, bytes] = {}
        self._readouts: dict[tuple, str] = {}
        self.last_update_ms: float = 0.0
        self.state = None
        self._plan_links()
        self.fig = Figure(figsize=self.figsize, dpi=self.dpi)
        FigureCanvasAgg(self.fig)
        self.setup_figure(self.fig)
        # shared by every frame (one layout model, not one per frame)
        self._image_layout = widgets.Layout(max_width="100%", height="auto", min_width="0", flex="1 1 auto",
                                            object_fit="contain")
        self._readout_layout = widgets.Layout(width=self.readout_width, flex="0 0 auto")
        self._slot_layout = widgets.Layout(align_items="flex-start")
        self._loading = widgets.HTML("<i>drawing this frame ...</i>",
                                     layout=widgets.Layout(width=self.readout_width))
        self.screen = widgets.Box(layout=widgets.Layout(display="block"))
        self._page: _Page | None = None
        self._generation = 0
        self._mode = draw_ahead_mode()
        for i, control in enumerate(self.controls):
            control.observe(self._on_change, names="value")
            # a static page (no kernel) can tell the controls it cannot follow
            control.add_class("lm-linked" if i in self._links else "lm-kernel-path")
        self._widget = widgets.VBox([widgets.HBox(self.controls), self.screen])
        self.refresh()

    # -- to be provided by subclasses -------------------------------------------------
    def setup_figure(self, fig: Figure) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def compute_state(self, *values):  # pragma: no cover - abstract
        raise NotImplementedError

    def draw(self, state) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def describe(self, state) -> str:
        return f"<pre>{state}</pre>"

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
        # a subclass laying out its own widget may place ``self.image`` and ``self.readout``
        # (or ``self.screen``) in it: the frames with their read-outs go there
        image, readout = self.image, self.readout

        def splice(w):
            if isinstance(w, widgets.Box) and w is not self.screen:
                kids = []
                for c in w.children:
                    if c is image:
                        kids.append(self.screen)
                    elif c is readout:
                        continue
                    else:
                        splice(c)
                        kids.append(c)
                if tuple(kids) != tuple(w.children):
                    w.children = tuple(kids)

        splice(value)
        self._widget = value

    def render_png(self) -> bytes:
        """The figure as it is now, as a palette PNG (at most 256 colours: large areas keep
        their exact colour, anti-aliased edges move by at most about 15/255)."""
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
            for a in dynamic:
                if a.get_visible():
                    self.fig.draw_artist(a)
        rgb = Image.fromarray(np.asarray(canvas.buffer_rgba())).convert("RGB")
        pal = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        buf = io.BytesIO()
        pal.save(buf, format="png", compress_level=self.png_compress_level)
        return buf.getvalue()

    def frame(self, key: tuple) -> bytes:
        """The PNG shown for controls' values ``key`` (drawn once, then cached)."""
        key = tuple(key)
        png = self._frames.get(key)
        if png is None:
            self.draw(self.compute_state(*key))
            png = self._frames[key] = self.render_png()
        return png

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
        self._inner = self._outer = None   # control indices
        self._links: dict[int, _Link] = {}
        if not self.controls:
            return
        first = self.controls[0]
        link = _link_of(first)
        if link is None:
            grid_slider = _as_grid_slider(first)
            if grid_slider is not None:
                self._replace_control(0, grid_slider)
                link = _link_of(grid_slider)
        if link is None:
            return
        self._inner, self._links[0] = 0, link
        if len(self.controls) > 1:
            second = _link_of(self.controls[1])
            if second is not None and len(second.grid) * (len(link.grid) + 1) <= self.max_frames:
                self._outer, self._links[1] = 1, second

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

    def _key_at(self, key: tuple, o: int, g: int) -> tuple:
        n = len(key) - len(self.controls)
        k = list(key)
        k[n + self._inner] = self._links[self._inner].grid[g]
        if self._outer is not None:
            k[n + self._outer] = self._links[self._outer].grid[o]
        return tuple(k)

    def _locate(self, key: tuple) -> tuple[int, int]:
        """(outer position, inner position) of ``key``; the inner position is the spare
        (off-grid) child when the main control's value is not on its grid."""
        if self._inner is None:
            return 0, 0
        n = len(key) - len(self.controls)
        inner = self._links[self._inner]
        g = inner.index_of(key[n + self._inner])
        if g is None:
            g = len(inner.grid)
        o = 0
        if self._outer is not None:
            o = self._links[self._outer].index_of(key[n + self._outer])
        return o, g

    # -- pages ------------------------------------------------------------------------------
    def _new_page(self, page_id: tuple, key: tuple, around: tuple[int, int]) -> None:
        old = self._page
        self._generation += 1
        n_inner = len(self._links[self._inner].grid) if self._inner is not None else 0
        n_outer = len(self._links[self._outer].grid) if self._outer is not None else 1
        slots, stacks, links = [], [], []
        for o in range(n_outer):
            row = [widgets.HBox([self._loading], layout=self._slot_layout) for _ in range(n_inner + 1)]
            slots.append(row)
            pad = [self._loading] * (self._links[self._inner].pad if self._inner is not None else 0)
            stacks.append(widgets.Stack(pad + row, selected_index=len(pad) + self._inner_position(o, around)))
        if self._outer is not None:
            pad = [self._loading] * self._links[self._outer].pad
            top = widgets.Stack(pad + stacks, selected_index=len(pad) + around[0])
            links.append(widgets.jsdlink((self.controls[self._outer], self._links[self._outer].trait),
                                         (top, "selected_index")))
        else:
            top = stacks[0]
        if self._inner is not None:
            for st in stacks:
                links.append(widgets.jsdlink((self.controls[self._inner], self._links[self._inner].trait),
                                             (st, "selected_index")))
        page = _Page(page_id, self._language(), top, stacks, slots, links)
        # draw ahead from the frame shown outwards, its own Stack first
        o0, g0 = around
        order = sorted(((o, g) for o in range(n_outer) for g in range(n_inner) if (o, g) != (o0, g0)),
                       key=lambda og: (og[0] != o0, abs(og[0] - o0), abs(og[1] - g0), og))
        page.todo = order
        self._page = page
        self.screen.children = (top,)
        if old is not None:
            self._discard(old)

    def _discard(self, page: _Page) -> None:
        """Close a page's widgets, emptying its images first (so that a saved widget state
        does not keep the frames of a page no longer shown)."""
        for row in page.slots:
            for slot in row:
                for w in slot.children:
                    if w is not self._loading:
                        if isinstance(w, widgets.Image):
                            w.value = b""
                        w.close()
                slot.close()
        for w in [*page.links, *page.stacks, page.top]:
            w.close()

    def _fill(self, o: int, g: int, key: tuple, state=None) -> None:
        page = self._page
        if page.filled.get((o, g)) == key:
            return
        png = self.frame(key)
        html = self._readout_for(key, state)
        slot = page.slots[o][g]
        old = [w for w in slot.children if w is not self._loading]
        slot.children = (widgets.Image(value=png, format="png", layout=self._image_layout),
                         widgets.HTML(value=html, layout=self._readout_layout))
        for w in old:
            w.close()
        page.filled[(o, g)] = key

    def _inner_position(self, o: int, at: tuple[int, int]) -> int:
        """The child the inner Stack of outer position ``o`` shows when the frame shown is
        ``at``: the same inner position (the spare only in the Stack shown; the others show
        the nearest grid value, where the slider's handle is)."""
        g = at[1]
        if self._inner is None or o == at[0] or g < len(self._links[self._inner].grid):
            return g
        control = self.controls[self._inner]
        return control.index if isinstance(control, GridSlider) else 0

    def _select(self, o: int, g: int, silent: bool) -> None:
        page = self._page
        pad = self._links[self._inner].pad if self._inner is not None else 0
        targets = [(st, pad + self._inner_position(i, (o, g))) for i, st in enumerate(page.stacks)]
        if self._outer is not None:
            targets.append((page.top, o + self._links[self._outer].pad))
        for stack, i in targets:
            if silent:  # the front end has selected it already (jsdlink): keep the kernel's copy in step
                with stack._lock_property(selected_index=i):
                    stack.selected_index = i
            elif stack.selected_index != i:
                stack.selected_index = i
            else:
                stack.send_state("selected_index")

    # -- updates ---------------------------------------------------------------------------
    def refresh(self, _from_front: bool = False) -> None:
        """Show the frame and read-out of the controls' current values (drawn now if it
        was not drawn ahead) and go on drawing the others ahead."""
        t0 = time.perf_counter()
        key = self.key()
        self.state = self.compute_state(*key)
        _, page_id = self._split(key)
        o, g = self._locate(key)
        if self._page is None or self._page.id != page_id:
            self._new_page(page_id, key, (o, g))
            _from_front = False
        elif self._page.language != self._language():
            self._rewrite_readouts()
        self._fill(o, g, key, self.state)
        self._select(o, g, silent=_from_front)
        self.last_update_ms = (time.perf_counter() - t0) * 1e3
        if self._page.todo:
            self._draw_ahead()

    def _rewrite_readouts(self) -> None:
        page = self._page
        page.language = self._language()
        for (o, g), key in page.filled.items():
            slot = page.slots[o][g]
            slot.children[1].value = self._readout_for(key)

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
                self._scheduled = True
                loop.call_soon(self._chunk, self._generation, loop)

    def _chunk(self, generation: int, loop) -> None:
        self._scheduled = False
        if generation != self._generation:
            if self._page.todo:
                self._draw_ahead()
            return
        t0 = time.perf_counter()
        try:
            while self._page.todo and time.perf_counter() - t0 < CHUNK_SECONDS:
                self._fill_next()
        except Exception:  # pragma: no cover - drawing ahead must never break the kernel
            self._page.todo.clear()
            raise
        if self._page.todo and not loop.is_closed():
            self._scheduled = True
            loop.call_later(0.005, self._chunk, generation, loop)

    def _fill_next(self) -> None:
        page = self._page
        o, g = page.todo.pop(0)
        if (o, g) not in page.filled:
            self._fill(o, g, self._key_at(self.key(), o, g))

    def draw_all(self) -> None:
        """Draw every frame of the values shown now ("sync" mode: in the constructor in plain
        Python, at the end of the cell in IPython, so that a page a cell moves past is not drawn)."""
        while self._page.todo:
            self._fill_next()

    @property
    def frames_pending(self) -> int:
        """Frames of the values shown that are not drawn yet."""
        return len(self._page.todo) if self._page else 0

    @property
    def image(self) -> widgets.Image:
        """The Image widget showing the current frame."""
        o, g = self._locate(self.key())
        return self._page.slots[o][g].children[0]

    @property
    def readout(self) -> widgets.HTML:
        """The HTML widget showing the current read-out."""
        o, g = self._locate(self.key())
        return self._page.slots[o][g].children[1]

    def set_language(self, language: str | None) -> None:
        """Write this explorer's read-out in ``language`` (``"en"`` or ``"zh"``), whatever
        ``learnmetrics.widgets.set_language`` says; ``None`` follows it again. Every
        read-out drawn ahead is rewritten at once.

        >>> from learnmetrics.widgets.curves import CutPointExplorer   # doctest: +SKIP
        >>> ex = CutPointExplorer(y_true, y_score); ex.set_language("zh")  # doctest: +SKIP
        """
        if language is not None:
            language = _i18n.check_choice(language, "language", _i18n.LANGUAGES)
        self.language = language
        self.refresh()

    def _on_change(self, change) -> None:
        owner = change.get("owner") if isinstance(change, dict) else getattr(change, "owner", None)
        self.refresh(_from_front=bool(getattr(owner, "_property_lock", None)))

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def filmstrip(self, keys, *, ncols: int = 1, titles=None, width: float | None = None) -> Figure:
        """Small multiples of the frames at ``keys``: the static view of the explorer,
        for a reader without a kernel. Returns a matplotlib Figure.

        ``width`` is the width of one panel in inches; the default, the explorer's own
        width, shows each frame pixel for pixel in a notebook (smaller panels shrink
        the frame's text with it)."""
        import matplotlib.pyplot as plt

        keys = list(keys)
        if not keys:
            raise ValueError("keys must name at least one frame, got an empty list")
        if not isinstance(ncols, int) or isinstance(ncols, bool) or ncols < 1:
            raise ValueError(f"ncols must be a positive integer, got {ncols!r}")
        if titles is not None and len(titles) != len(keys):
            raise ValueError(f"titles must have one entry per key ({len(keys)}), got {len(titles)}")
        if width is not None:
            width = float(width)
            if not (width > 0 and np.isfinite(width)):
                raise ValueError(f"width must be a positive number of inches, got {width!r}")
        images = [np.asarray(Image.open(io.BytesIO(self.frame(tuple(k)))).convert("RGB")) for k in keys]
        h_px, w_px = images[0].shape[:2]
        # one panel = one frame at its own pixel size (or scaled to ``width``), placed with no
        # margins so that the notebook shows the frame pixel for pixel
        panel_w = w_px / self.dpi if width is None else width
        panel_h = panel_w * h_px / w_px
        title_h = 0.32 if titles is not None else 0.06
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
                ax.set_title(titles[i], fontsize=10, pad=4)
        return fig
