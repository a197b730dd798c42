"""The one mechanism behind every explorer in the course.

An explorer is a thin view over a *pure* state function:

* ``compute_state(*values)`` turns the controls' values (a cut point, a beta,
  a cost ratio ...) into a plain state object: counts, rates, curve points.
  It imports no widget and is unit-tested on its own.
* ``draw(state)`` moves the artists of one matplotlib figure in place (no
  re-plotting), ``describe(state)`` writes the text read-out as HTML. An
  explorer that lists those artists in ``dynamic_artists()`` has its static
  background rendered once and only the moving artists redrawn per frame.
* The figure is rendered off-screen to PNG and shown in an ``ipywidgets.Image``.
  Every frame is cached under the controls' values, so going back to a cut
  point that was already shown only swaps bytes (well under a millisecond),
  and a notebook saved with its widget state still shows the last frame when
  it is opened without a kernel.

Tests and notebooks drive an explorer exactly as a learner does, by setting a
control's ``value``; ``explorer.state`` is then the state being shown.
"""
from __future__ import annotations

import io
import time

import ipywidgets as widgets
import numpy as np
from PIL import Image
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from . import _i18n

__all__ = ["Explorer"]


class Explorer:
    """Base class: subclasses set ``figsize``, build ``controls`` and implement
    ``setup_figure``, ``compute_state``, ``draw`` and ``describe``."""

    figsize: tuple[float, float] = (9.0, 4.0)
    #: frames are rendered at the dpi of the notebook's inline figures, so a filmstrip at
    #: the explorer's own width shows them pixel for pixel (no resampling, sharp text)
    dpi: int = 100
    readout_width: str = "260px"
    #: the read-out's language for this explorer only (``set_language``); ``None`` follows
    #: ``learnmetrics.widgets.set_language``
    language: str | None = None

    def __init__(self, controls: list[widgets.ValueWidget]):
        self.controls = list(controls)
        self.fig = Figure(figsize=self.figsize, dpi=self.dpi)
        FigureCanvasAgg(self.fig)
        self.setup_figure(self.fig)
        # the image may shrink (keeping its aspect), the read-out keeps its width
        self.image = widgets.Image(format="png", layout=widgets.Layout(
            max_width="100%", height="auto", min_width="0", flex="1 1 auto", object_fit="contain"))
        self.readout = widgets.HTML(layout=widgets.Layout(width=self.readout_width, flex="0 0 auto"))
        self._frames: dict[tuple, bytes] = {}
        self.last_update_ms: float = 0.0
        self.state = None
        for control in self.controls:
            control.observe(self._on_change, names="value")
        self.widget = widgets.VBox(
            [widgets.HBox(self.controls),
             widgets.HBox([self.image, self.readout], layout=widgets.Layout(align_items="flex-start"))]
        )
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

    def render_png(self) -> bytes:
        dynamic = self.dynamic_artists()
        if dynamic is None:
            buf = io.BytesIO()
            self.fig.savefig(buf, format="png", dpi=self.dpi)
            return buf.getvalue()
        canvas = self.fig.canvas
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
        buf = io.BytesIO()
        Image.fromarray(np.asarray(canvas.buffer_rgba())).save(buf, format="png", compress_level=3)
        return buf.getvalue()

    def frame(self, key: tuple) -> bytes:
        """The PNG shown for controls' values ``key`` (drawn once, then cached)."""
        png = self._frames.get(key)
        if png is None:
            self.draw(self.compute_state(*key))
            png = self._frames[key] = self.render_png()
        return png

    def refresh(self) -> None:
        t0 = time.perf_counter()
        key = self.key()
        self.state = self.compute_state(*key)
        png = self._frames.get(key)
        if png is None:
            self.draw(self.state)
            png = self._frames[key] = self.render_png()
        self.image.value = png
        self.readout.value = self.readout_html(self.state)
        self.last_update_ms = (time.perf_counter() - t0) * 1e3

    def readout_html(self, state) -> str:
        """``describe(state)`` in this explorer's language."""
        with _i18n.using(self.language):
            return self.describe(state)

    def set_language(self, language: str | None) -> None:
        """Write this explorer's read-out in ``language`` (``"en"`` or ``"zh"``), whatever
        ``learnmetrics.widgets.set_language`` says; ``None`` follows it again. The read-out
        on screen is rewritten at once.

        >>> from learnmetrics.widgets.curves import CutPointExplorer   # doctest: +SKIP
        >>> ex = CutPointExplorer(y_true, y_score); ex.set_language("zh")  # doctest: +SKIP
        """
        if language is not None:
            language = _i18n.check_choice(language, "language", _i18n.LANGUAGES)
        self.language = language
        self.refresh()

    def _on_change(self, change) -> None:
        self.refresh()

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def filmstrip(self, keys, *, ncols: int = 1, titles=None, width: float | None = None) -> Figure:
        """Small multiples of the frames at ``keys``: the static view of the explorer,
        for a reader without a kernel. Returns a matplotlib Figure.

        ``width`` is the width of one panel in inches; the default, the explorer's own
        width, shows each frame pixel for pixel in a notebook (smaller panels shrink
        the frame's text with it)."""
        import matplotlib.image as mpimg
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
        images = [mpimg.imread(io.BytesIO(self.frame(tuple(k))), format="png") for k in keys]
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

