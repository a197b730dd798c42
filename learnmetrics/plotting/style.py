"""The course's visual grammar: one colour (and one marker) per meaning, in every chapter.

Every figure and explorer of the course takes its colours from here, never from
matplotlib's default cycle, so that a colour means the same thing in chapter 02
and in chapter 09. The palette is Okabe and Ito's (2008), which stays distinct
for the common forms of colour-blindness; where two things must be told apart
in one figure, a second cue (marker or line style) carries the difference too,
so no reader depends on colour alone. CONTRIBUTING.md lists the same table.

Reserved meanings (these colours are used for nothing else):

=====================  ===========  ======================================
meaning                colour        second cue
=====================  ===========  ======================================
positive example (+)   blue          marker ``o``
negative example (-)   vermillion    marker ``s``
the current position   orange        on a curve a large dot with a black
(cut, threshold,                     edge (``CUT_POINT``); a cut *line* is
chosen value)                        orange, solid (``CUT_LINE``); never
                                     clipped (``clip_on=False``), so a cut
                                     on an axis edge shows whole
learners A, B, C       green,        solid, dashed, dash-dot
                       reddish       (``learner_style(i)``); C is never
                       purple,       dotted (dotted looked like a tie)
                       black
bias², variance        green,        only in the error decomposition (01,
                       reddish       09), never in a figure with learners;
                       purple        noise grey dashed, total black
an estimate and its    sky blue      resampled or simulated values, their
spread                               histogram, interval or band; sky blue
                                     means nothing else
=====================  ===========  ======================================

Other meanings, each with one look:

* a single learner's curve: ``CURVE`` (near-black, solid);
* a true or reference value (true error, population value): ``REFERENCE``
  grey, dashed, thin (``REFERENCE_STYLE``); the random classifier's diagonal
  (ROC) or its level line (P-R) is the same look, labelled directly on the
  line ("random guess", :func:`label_line`) -- in every chapter;
* the ROC convex hull: ``HULL`` (a thick translucent grey band under the
  curve, like a rubber band stretched round it);
* a null distribution: ``NULL`` (light grey filled, dark grey outline); its
  rejection region ``REJECT`` (grey, hatched); the observed statistic
  ``CURVE`` (a solid near-black line);
* training / test examples in a split: ``TRAIN`` light grey, ``TEST`` dark
  grey (an example's class, if shown, keeps blue / vermillion);
* two things shown together once (two CV methods, two means, MSE/MAE ...):
  ``pair_style(0)`` near-black solid and ``pair_style(1)`` near-black dotted,
  each *labelled on the line* (:func:`label_line`), never a reserved pair;
* an ordered quantity (a cost ratio, a degree, a count in a heat map, a fold's
  index, classes of a multi-class problem): the ``SEQUENTIAL`` colour map
  (cividis), never a list of unrelated hues.

A P-R curve is drawn by :func:`learnmetrics.plotting.curves.plot_pr_steps`
(one dot per cut, the achievable interpolation between cuts); see
CONTRIBUTING.md. :func:`figure_faults` checks a finished figure for the faults
a look at it would catch (a clipped current point, a legend over data).
"""
from __future__ import annotations

import numpy as np

__all__ = [
    "POSITIVE", "NEGATIVE", "POSITIVE_MARKER", "NEGATIVE_MARKER", "CUT", "CUT_POINT", "CUT_LINE",
    "CURVE", "LEARNERS", "LEARNER_STYLES", "learner_style", "BIAS", "VARIANCE", "NOISE", "TOTAL",
    "REFERENCE", "REFERENCE_STYLE", "DIAGONAL", "HULL", "NULL", "ESTIMATE", "TRAIN", "TEST", "REJECT",
    "SEQUENTIAL", "class_style", "pair_style", "label_line", "figure_faults", "legend_overlaps",
    "clipped_current_points", "count_cut_pixels", "place_clear", "clear_of_verticals", "clear_of_points",
    "clear_of_boxes", "inside_axes",
]

# Okabe-Ito
_BLACK = "#000000"
_ORANGE = "#E69F00"
_SKY = "#56B4E9"
_GREEN = "#009E73"
_YELLOW = "#F0E442"
_BLUE = "#0072B2"
_VERMILLION = "#D55E00"
_PURPLE = "#CC79A7"

POSITIVE = _BLUE
NEGATIVE = _VERMILLION
POSITIVE_MARKER = "o"
NEGATIVE_MARKER = "s"

CUT = _ORANGE
#: keyword arguments for ``ax.plot`` that draw the current cut point on a curve
#: (never clipped: a cut on an axis edge, ROC (0, 0) or P-R recall 1, shows whole)
CUT_POINT = dict(marker="o", ms=11, mfc=_ORANGE, mec=_BLACK, mew=1.5, ls="none", zorder=6, clip_on=False)
#: keyword arguments for ``ax.axvline`` / ``ax.axhline`` that draw the current cut as a line
CUT_LINE = dict(color=_ORANGE, lw=2.2, ls="-", zorder=5, clip_on=False)

CURVE = "#222222"
#: learners A, B, C (D, rarely needed: mid grey, dash-dot-dot). C is black dash-dot, not sky-blue
#: dotted: dotted read as a chain of ties, and sky blue means an estimate.
LEARNERS = (_GREEN, _PURPLE, _BLACK, "#6E6E6E")
LEARNER_STYLES = ("-", "--", "-.", (0, (5, 1.5, 1, 1.5, 1, 1.5)))

BIAS = _GREEN
VARIANCE = _PURPLE
NOISE = "#777777"
TOTAL = _BLACK

REFERENCE = "#888888"
#: keyword arguments for ``ax.plot`` of a reference line (and the random classifier)
REFERENCE_STYLE = dict(color=REFERENCE, ls="--", lw=1.2)
#: the random classifier: ROC's diagonal, P-R's level line P = share of positives; one look everywhere
DIAGONAL = REFERENCE_STYLE
#: the ROC convex hull: a thick translucent band (``ax.plot(..., **HULL)``)
HULL = dict(color="#555555", lw=6, alpha=0.28, ls="-", solid_capstyle="round", solid_joinstyle="round", zorder=1)
#: a null distribution (``ax.hist(..., **NULL)``, ``ax.fill_between(..., **NULL)``)
NULL = dict(facecolor="#E3E3E3", edgecolor="#555555", linewidth=1.0)
ESTIMATE = _SKY
TRAIN = "#D9D9D9"
TEST = "#555555"
REJECT = "#999999"
_PAIR_STYLES = (dict(color=CURVE, ls="-"), dict(color=CURVE, ls=":"))
SEQUENTIAL = "cividis"


def learner_style(i: int) -> dict:
    """``color`` and ``ls`` of the i-th learner in a comparison (A = 0, B = 1, ...)."""
    if not isinstance(i, int) or i < 0:
        raise ValueError(f"i must be a non-negative integer, got {i!r}")
    return dict(color=LEARNERS[i % len(LEARNERS)], ls=LEARNER_STYLES[i % len(LEARNER_STYLES)])


def class_style(positive: bool) -> dict:
    """``color`` and ``marker`` of a positive (True) or negative (False) example."""
    return dict(color=POSITIVE if positive else NEGATIVE,
                marker=POSITIVE_MARKER if positive else NEGATIVE_MARKER)


def pair_style(i: int) -> dict:
    """``color`` and ``ls`` of the i-th (0 or 1) member of a pair shown once (two CV methods, two
    means, MSE and MAE ...): near-black solid, near-black dotted. Label each on its line
    (:func:`label_line`); the reserved pairs (learners, bias²/variance) are not borrowed."""
    if isinstance(i, bool) or not isinstance(i, int) or i not in (0, 1):
        raise ValueError(f"i must be 0 or 1 (a pair), got {i!r}")
    return dict(_PAIR_STYLES[i])


def label_line(ax, line, text, *, x=None, frac=0.5, above=True, fontsize=9, rotate=True, **kwargs):
    """Write ``text`` on ``line`` itself (a direct label instead of a legend entry).

    The label sits at data ``x`` (interpolated on the line; the line's x must be sorted there), or
    else at the fraction ``frac`` of the way along its points; it takes the line's colour, is
    turned along the line's slope as drawn (``rotate``), sits just ``above`` (or below) it on a
    white background, and never hides the line's data points for long: keep ``x`` clear of them.
    Returns the ``Text``. Call it after the axes limits and aspect are set.
    """
    xs = np.asarray(line.get_xdata(), dtype=float)
    ys = np.asarray(line.get_ydata(), dtype=float)
    ok = np.isfinite(xs) & np.isfinite(ys)
    xs, ys = xs[ok], ys[ok]
    if xs.size == 0:
        raise ValueError("line has no finite points to label")
    if x is None:
        if not 0 <= float(frac) <= 1:
            raise ValueError(f"frac must be in [0, 1], got {frac!r}")
        # by arc length in display space, so the label lands mid-way as seen
        d = ax.transData.transform(np.column_stack([xs, ys]))
        seg = np.r_[0.0, np.cumsum(np.hypot(*np.diff(d, axis=0).T))]
        target = float(frac) * seg[-1]
        i = int(np.clip(np.searchsorted(seg, target), 1, max(xs.size - 1, 1)))
        if xs.size == 1:
            x0, y0 = xs[0], ys[0]
        else:
            t = 0.0 if seg[i] == seg[i - 1] else (target - seg[i - 1]) / (seg[i] - seg[i - 1])
            x0, y0 = xs[i - 1] + t * (xs[i] - xs[i - 1]), ys[i - 1] + t * (ys[i] - ys[i - 1])
    else:
        x0 = float(x)
        order = np.argsort(xs, kind="stable")
        y0 = float(np.interp(x0, xs[order], ys[order]))
        i = int(np.clip(np.searchsorted(xs[order], x0), 1, max(xs.size - 1, 1)))
        xs, ys = xs[order], ys[order]
    angle = 0.0
    if rotate and xs.size > 1:
        (ax0, ay0), (ax1, ay1) = ax.transData.transform([(xs[i - 1], ys[i - 1]), (xs[i], ys[i])])
        angle = float(np.degrees(np.arctan2(ay1 - ay0, ax1 - ax0)))
        if angle > 90:
            angle -= 180
        elif angle < -90:
            angle += 180
    kwargs.setdefault("color", line.get_color())
    kwargs.setdefault("bbox", dict(boxstyle="round,pad=0.12", fc="white", ec="none", alpha=0.8))
    kwargs.setdefault("zorder", 7)
    off = 3 if above else -3
    return ax.annotate(text, (x0, y0), xytext=(0, off), textcoords="offset points", rotation=angle,
                       rotation_mode="anchor", ha="center", va="bottom" if above else "top",
                       fontsize=fontsize, **kwargs)


# -- putting a label where it is clear ------------------------------------------------------------

def place_clear(ax, text, candidates, *, avoid=(), score=None):
    """Move ``text`` to the first of ``candidates`` where its box is clear of every obstacle in
    ``avoid`` (or, given ``score``, to the clear candidate that scores highest; the first on a tie).

    ``candidates``: dicts of the settings to try on ``text``, in order of preference; the keys
    ``xy`` (an annotation's anchor), ``xyann`` (its offset), ``position``, ``ha``, ``va`` and
    ``text`` are set (a setting left out is the one ``text`` came with), the others are carried
    along for ``score``. A candidate may bring obstacles of its own (``avoid``: checked for it only)
    and its own ``box`` (a display ``Bbox``) where the box is estimated rather than measured; else
    the box is ``text``'s window extent once the candidate is set. ``avoid``: obstacles, each a callable
    ``box -> bool`` (True where the box collides), made by :func:`clear_of_verticals`,
    :func:`clear_of_points`, :func:`clear_of_boxes` and :func:`inside_axes`. ``score``: a callable
    ``(candidate, box) -> float``. Returns ``(candidate, box)`` of the place taken, or None when no
    candidate is clear (``text`` is then left as it was). Call it after the axes limits are set.
    """
    renderer = ax.figure.canvas.get_renderer()
    note = hasattr(text, "xyann")        # an annotation: its position is its offset, xyann
    get = dict(xy=lambda: text.xy, xyann=lambda: text.xyann, position=text.get_position, ha=text.get_ha,
               va=text.get_va, text=text.get_text)
    put = dict(xy=lambda v: setattr(text, "xy", v), xyann=lambda v: setattr(text, "xyann", v),
               position=text.set_position, ha=text.set_ha, va=text.set_va, text=text.set_text)
    keep = {k: get[k]() for k in (("xy", "xyann") if note else ("position",)) + ("ha", "va", "text")}

    def apply(cand):                     # a setting the candidate leaves out is the one ``text`` came with
        for k, v in {**keep, **cand}.items():
            if k in put and (k != "position" or not note):
                put[k](v)

    best = None
    for cand in candidates:
        if "box" in cand:
            box = cand["box"]
        else:
            apply(cand)
            box = text.get_window_extent(renderer)
        if any(hit(box) for hit in (*avoid, *cand.get("avoid", ()))):
            continue
        if score is None:
            apply(cand)
            return cand, box
        s = float(score(cand, box))
        if best is None or s > best[0]:
            best = (s, cand, box)
    if best is None:
        apply(keep)
        return None
    apply(best[1])
    return best[1], best[2]


def clear_of_verticals(ax, xs, margin=6.0):
    """An obstacle for :func:`place_clear`: vertical lines at data ``xs``; a box collides when a
    line passes through it or within ``margin`` pixels of its sides."""
    px = [float(ax.transData.transform((float(v), 0))[0]) for v in xs]
    return lambda b: any(b.x0 - margin < p < b.x1 + margin for p in px)


def clear_of_points(ax, xy, margin=0.0):
    """An obstacle for :func:`place_clear`: points ``xy`` ((n, 2), data coordinates; rows holding
    NaN are dropped); a box collides when a point lies in it grown by ``margin`` pixels, edges
    included: one number, (x, y), or (left, right, bottom, top) (``np.inf`` on one side: the box may
    stand on no side of the points but the other, e.g. only above them all)."""
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    pts = ax.transData.transform(xy[np.isfinite(xy).all(axis=1)])
    m = np.atleast_1d(np.asarray(margin, dtype=float))
    if m.size not in (1, 2, 4):
        raise ValueError(f"margin must be one number, (x, y) or (left, right, bottom, top), got {margin!r}")
    ml, mr, mb, mt = np.resize(m, 4) if m.size < 4 else m
    if m.size == 2:
        ml, mr, mb, mt = m[0], m[0], m[1], m[1]
    return lambda b: bool(((pts[:, 0] >= b.x0 - ml) & (pts[:, 0] <= b.x1 + mr)
                           & (pts[:, 1] >= b.y0 - mb) & (pts[:, 1] <= b.y1 + mt)).any())


def clear_of_boxes(boxes, margin=0.0):
    """An obstacle for :func:`place_clear`: other labels (``Text``, measured when checked) or display
    ``Bbox``es; a box collides when it, grown by ``margin`` pixels, overlaps one of them."""
    def hit(b):
        renderer = None
        for q in boxes:
            if not hasattr(q, "x0"):     # a Text: measured now
                renderer = renderer or q.figure.canvas.get_renderer()
                q = q.get_window_extent(renderer)
            if b.x0 - margin < q.x1 and q.x0 < b.x1 + margin and b.y0 - margin < q.y1 and q.y0 < b.y1 + margin:
                return True
        return False
    return hit


def inside_axes(ax, margin=0.0, sides="lrbt"):
    """An obstacle for :func:`place_clear`: a box collides when, grown by ``margin`` pixels (a
    negative margin lets it out by that much), it crosses the axes' frame on one of ``sides``
    (l, r, b, t)."""
    f = ax.get_window_extent(ax.figure.canvas.get_renderer())
    return lambda b: (("l" in sides and b.x0 - margin < f.x0) or ("r" in sides and b.x1 + margin > f.x1)
                      or ("b" in sides and b.y0 - margin < f.y0) or ("t" in sides and b.y1 + margin > f.y1))


# -- checks of a finished figure (used by the tests; call them on any figure) -------------------

def _is_cut_artist(artist) -> bool:
    from matplotlib.colors import to_hex
    from matplotlib.lines import Line2D
    if not isinstance(artist, Line2D):
        return False
    try:
        mfc = to_hex(artist.get_markerfacecolor()).upper()
    except (ValueError, TypeError):
        mfc = None
    col = to_hex(artist.get_color()).upper()
    has_marker = artist.get_marker() not in (None, "", "None", " ", "none")
    return (has_marker and mfc == CUT.upper()) or (col == CUT.upper() and artist.get_linestyle() not in ("None", ""))


def clipped_current_points(fig) -> list[str]:
    """The current-position artists (orange dot or orange line) of ``fig`` that are clipped
    to their axes while holding data (a cut on an axis edge shows half), or, never clipped,
    that lie outside their axes (a cut "hidden" by moving it off the limits shows in the
    margin): each is a fault."""
    out = []
    for ax in fig.axes:
        box = ax.get_window_extent()
        for ln in ax.lines:
            if not _is_cut_artist(ln) or not ln.get_visible() or not len(ln.get_xdata()):
                continue
            name = f"axes {ax.get_title() or ax.get_label()!r}: current-position line {ln.get_label()!r}"
            if ln.get_clip_on():
                out.append(f"{name} is clipped (clip_on=True)")
                continue
            xy = ln.get_transform().transform(ln.get_xydata())
            xy = xy[np.isfinite(xy).all(axis=1)]
            tol = 2.0 + ln.get_markersize() * fig.dpi / 72.0
            outside = ((xy[:, 0] < box.x0 - tol) | (xy[:, 0] > box.x1 + tol)
                       | (xy[:, 1] < box.y0 - tol) | (xy[:, 1] > box.y1 + tol))
            if outside.any():
                out.append(f"{name} lies outside its axes (never clipped, it shows in the margin)")
    return out


def legend_overlaps(ax, renderer=None) -> list[str]:
    """The data of ``ax`` that its legend's box covers, as display-space extents: points of
    lines drawn with markers, any line's path (a curve, an observed or a critical line), the
    points of a scatter. Empty when the legend covers nothing (or there is none)."""
    from matplotlib.collections import PathCollection
    from matplotlib.transforms import Bbox
    leg = ax.get_legend()
    if leg is None or not leg.get_visible():
        return []
    fig = ax.figure
    renderer = renderer or fig.canvas.get_renderer()
    box = leg.get_window_extent(renderer)
    box = Bbox.from_extents(box.x0 + 1, box.y0 + 1, box.x1 - 1, box.y1 - 1)
    out = []
    for ln in ax.lines:
        if not ln.get_visible() or ln.get_label() == "_nolegend_hidden":
            continue
        path = ln.get_transform().transform_path(ln.get_path())
        if path.vertices.size == 0:
            continue
        v = path.vertices[np.isfinite(path.vertices).all(axis=1)]
        has_marker = ln.get_marker() not in (None, "", "None", " ", "none")
        inside = box.contains_points(v) if hasattr(box, "contains_points") else \
            ((v[:, 0] >= box.x0) & (v[:, 0] <= box.x1) & (v[:, 1] >= box.y0) & (v[:, 1] <= box.y1))
        drawn = ln.get_linestyle() not in ("None", "", " ", "none") and ln.get_linewidth() > 0
        if (has_marker and inside.any()) or (drawn and path.intersects_bbox(box, filled=False)):
            out.append(f"legend of axes {ax.get_title()!r} covers line {ln.get_label()!r}")
    for coll in ax.collections:
        if isinstance(coll, PathCollection) and coll.get_visible():
            off = coll.get_offset_transform().transform(coll.get_offsets())
            if off.size and ((off[:, 0] >= box.x0) & (off[:, 0] <= box.x1) & (off[:, 1] >= box.y0)
                             & (off[:, 1] <= box.y1)).any():
                out.append(f"legend of axes {ax.get_title()!r} covers points {coll.get_label()!r}")
    return out


def figure_faults(fig) -> list[str]:
    """Faults a look at ``fig`` would catch, found in code: a current-position artist clipped
    to its axes, a legend whose box covers data points or lines of its axes. Empty = none.

    >>> assert not style.figure_faults(fig), style.figure_faults(fig)   # doctest: +SKIP
    """
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    out = clipped_current_points(fig)
    for ax in fig.axes:
        out += legend_overlaps(ax, renderer)
    return out


def count_cut_pixels(png: bytes, *, tol: int = 30) -> int:
    """How many pixels of a PNG (an explorer frame) are the current-position orange (each RGB
    channel within ``tol`` of ``CUT``). Every explorer frame shows its current position: > 0."""
    import io

    from PIL import Image
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=int)
    target = np.array([int(CUT[i:i + 2], 16) for i in (1, 3, 5)])
    return int((np.abs(rgb - target).max(axis=-1) <= tol).sum())
