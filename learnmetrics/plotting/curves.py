"""Drawing P-R and ROC curves the way the book builds them: one cut point at a time.

Every function takes a matplotlib ``ax`` and returns the artists it made, so
that an explorer can move them in place (``set_data``, ``set_text``) instead
of drawing again. None of them computes a metric: the numbers come from
:mod:`learnmetrics.curves` (``stepping_table``, ``roc_curve`` ...); these
functions only turn them into pictures.

* :func:`plot_roc_steps`, :func:`plot_pr_steps`: the curves themselves.
* :func:`plot_cut_point`: the current cut point and the path walked so far.
* :func:`style_roc_axes`, :func:`style_pr_axes`: unit square, labels in the
  book's words (真正例率 TPR against 假正例率 FPR; 查准率 P against 查全率 R).
* :func:`plot_reference`: the random guess and the perfect ranker.
* :func:`plot_bep_line`, :func:`plot_iso_f`: the break-even line P = R and the
  iso-F1 (iso-F-beta) contours.
* :func:`shade_auc`: the area under an ROC curve.
* :func:`plot_rank_squares`: the unit squares of the rank-loss picture: one
  square of area 1/(m+ m-) per (positive, negative) pair, below the curve when
  the pair is ranked correctly, above it when not, split in half on a tie.
* :func:`plot_ranked_strip`: the ranked list as a strip of examples with the
  cut line.

Colours and markers come from :mod:`learnmetrics.plotting.style`: positive
blue ``o``, negative vermillion ``s``, the current cut point orange
(``style.CUT_POINT`` on a curve, ``style.CUT_LINE`` in a ranked list), one
learner's curve ``style.CURVE``, learners compared ``style.learner_style(i)``.

P-R curves are drawn as chapter 03 teaches, by one function,
:func:`plot_pr_steps` (moved in place by :func:`update_pr_curve`): one dot per
cut, no point at recall 0 with precision 1 (scikit-learn's appended (0, 1) is
not a cut), and between consecutive cuts the *achievable* interpolation of
Davis & Goadrich (2006): TP = TP_a + t dTP, FP = FP_a + t dFP for t in [0, 1].
It is a vertical drop when only negatives enter, a rising curve (not a straight
line) when only positives enter, and the true curve across a tie group. AP's
step (precision held over each recall step) is ``style="steps"``, used only
where AP is explained.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Polygon, Rectangle

from .._validation import as_labels, as_scores, check_bool, check_positive_int, check_real
from . import style

__all__ = [
    "POS_COLOR",
    "NEG_COLOR",
    "CURVE_COLOR",
    "style_roc_axes",
    "style_pr_axes",
    "plot_roc_steps",
    "plot_pr_steps",
    "update_pr_curve",
    "pr_points",
    "pr_interpolated",
    "plot_cut_point",
    "move_cut_point",
    "plot_reference",
    "plot_bep_line",
    "iso_f_precision",
    "plot_iso_f",
    "update_iso_f",
    "shade_auc",
    "plot_rank_squares",
    "RankedStrip",
    "plot_ranked_strip",
]

POS_COLOR = style.POSITIVE
NEG_COLOR = style.NEGATIVE
CURVE_COLOR = style.CURVE
CORRECT_COLOR = "#A9DCCB"  # pair ranked correctly (under the ROC curve): a light tint of the green
WRONG_COLOR = "#EDC4DC"  # pair ranked wrongly (above it, the rank loss): a light reddish purple, hatched too
WRONG_HATCH = "////"


def _xy(x, y, name_x="x", name_y="y"):
    for v, name in ((x, name_x), (y, name_y)):
        if np.iscomplexobj(np.asarray(v)):
            raise TypeError(f"{name} must hold real numbers, got complex values")
    x = np.asarray(x, dtype=float).ravel()
    y = np.asarray(y, dtype=float).ravel()
    if x.shape != y.shape:
        raise ValueError(f"{name_x} and {name_y} must have the same length, got {x.size} and {y.size}")
    return x, y


def style_roc_axes(ax, *, title=None, book_terms=True):
    """Unit square, equal aspect, FPR on x and TPR on y (an ROC point is (FPR, TPR))."""
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.set_xlabel("FPR = FP / (FP + TN)" if book_terms else "FPR")
    ax.set_ylabel("TPR = TP / (TP + FN)" if book_terms else "TPR")
    ax.grid(alpha=0.25)
    if title:
        ax.set_title(title, fontsize=10)
    return ax


def style_pr_axes(ax, *, title=None, book_terms=True):
    """Unit square, equal aspect, recall on x and precision on y."""
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.05)
    ax.set_aspect("equal")
    ax.set_xlabel("recall R" if book_terms else "recall")
    ax.set_ylabel("precision P" if book_terms else "precision")
    ax.grid(alpha=0.25)
    if title:
        ax.set_title(title, fontsize=10)
    return ax


def plot_roc_steps(ax, fpr, tpr, *, label=None, color=CURVE_COLOR, markers=True, **kwargs):
    """The ROC curve of a finite list: its points joined by straight segments.

    Between two distinct scores the curve moves up (a positive, +1/m+) or
    right (a negative, +1/m-); a tie across the classes gives a diagonal
    segment. Pass the points of ``learnmetrics.roc_curve`` (or of a stepping
    table). Returns the ``Line2D``.

    Example
    -------
    >>> fpr, tpr, _ = lm.roc_curve(y, s)               # doctest: +SKIP
    >>> plot_roc_steps(style_roc_axes(ax), fpr, tpr)   # doctest: +SKIP
    """
    fpr, tpr = _xy(fpr, tpr, "fpr", "tpr")
    kwargs.setdefault("lw", 2)
    if check_bool(markers, "markers"):
        kwargs.setdefault("marker", "o")
        kwargs.setdefault("ms", 3.5)
    (line,) = ax.plot(fpr, tpr, color=color, label=label, **kwargs)
    return line


def _pr_tie_steps(recall, precision):
    """Which steps between consecutive P-R points take in positives *and* negatives at once.

    From (R, P) alone, in units of m+: TP = R and FP = R (1/P - 1). A step that adds
    only positives has dFP = 0, one that adds only negatives dR = 0; both growing
    means a group of tied scores (or a thinned curve) of both classes. Returns a
    boolean array, entry i for the step from point i-1 to point i (entry 0 False).
    """
    r, p = recall, precision
    with np.errstate(divide="ignore", invalid="ignore"):
        fp = np.where(p > 0, r * (1.0 / p - 1.0), np.nan)
    tie = np.zeros(r.size, dtype=bool)
    if r.size > 1:
        dr, dfp = np.diff(r), np.diff(fp)
        tol = 1e-9 * np.maximum(1.0, np.abs(fp[1:]))
        tie[1:] = (dr > 1e-12) & (dfp > tol)  # NaN (unknown FP at P = 0) compares False: solid
    return tie


def pr_points(recall, precision):
    """The cuts of a P-R curve, in increasing-recall order, as chapter 03 draws them.

    Accepts the book's order (a stepping table's ``recall``/``precision``, NaN at
    row 0) or scikit-learn's (``precision_recall_curve``: recall decreasing, with
    the appended point (R, P) = (0, 1)). Drops undefined points (P = 0/0) and
    points at recall 0 with precision 1 (no cut has them: P = 1 needs TP > 0).

    Returns
    -------
    recall, precision : ndarray
    tie : ndarray of bool
        ``tie[i]``: the step from point i-1 to point i takes in positives and
        negatives at once (a tie): no cut lies between its ends.
    """
    recall, precision = _xy(recall, precision, "recall", "precision")
    if recall.size > 1 and recall[0] > recall[-1]:  # scikit-learn's order: recall decreasing
        recall, precision = recall[::-1], precision[::-1]
    ok = ~np.isnan(precision) & ~np.isnan(recall) & ~((recall == 0) & (precision == 1))
    r, p = recall[ok], precision[ok]
    return r, p, _pr_tie_steps(r, p)


def _split_ties(r, p, tie):
    """Deprecated (the dotted tie look is gone: :func:`pr_interpolated` draws the true curve
    across a tie). Kept for callers not yet moved to :func:`update_pr_curve`: the polyline,
    no tie segments."""
    return np.asarray(r, float), np.asarray(p, float), np.array([]), np.array([])


def pr_interpolated(recall, precision, *, per_step=None):
    """The achievable P-R curve through the cuts (Davis & Goadrich 2006), as drawn.

    Between consecutive cuts a and b every classifier that predicts the top of the list plus
    a share t of the examples between the two cuts (in expectation: flip a coin for each)
    has TP = TP_a + t dTP and FP = FP_a + t dFP, so R = TP / m+ and P = TP / (TP + FP). Only
    negatives entering (dTP = 0): a vertical drop. Only positives (dFP = 0): P rises along a
    curve, not a straight line. A tie of both classes: the curve between its ends.

    TP and FP are recovered from (R, P) in units of m+ (TP = R, FP = R (1/P - 1)); at a cut
    with TP = 0 (P = 0, R = 0) FP is not recoverable, and the next cut's FP is used (the step
    out of (0, 0) takes in positives only, which is exact unless it is a tie).

    Returns
    -------
    xs, ys : ndarray
        The points to draw, the cuts among them.
    cuts : ndarray of int
        Indices of the cuts in ``xs`` (``per_step`` apart).
    """
    r, p, _ = pr_points(recall, precision)
    n = r.size
    if n == 0:
        return np.array([]), np.array([]), np.array([], dtype=int)
    tp = r.copy()
    with np.errstate(divide="ignore", invalid="ignore"):
        fp = np.where(p > 0, r * (1.0 / np.where(p > 0, p, 1.0) - 1.0), np.nan)
    if np.isnan(fp).any():  # TP = 0: take the next known FP (backward fill)
        idx = np.where(np.isnan(fp), n, np.arange(n))
        nxt = np.minimum.accumulate(idx[::-1])[::-1]
        known = nxt < n
        fp = np.where(np.isnan(fp) & known, fp[np.minimum(nxt, n - 1)], fp)
        fp = np.where(np.isnan(fp), 1.0, fp)  # no positive anywhere after: all at (0, 0)
    if n == 1:
        return r.copy(), p.copy(), np.array([0])
    k = int(per_step) if per_step is not None else int(np.clip(6000 // (n - 1), 2, 24))
    if k < 1:
        raise ValueError(f"per_step must be a positive integer, got {per_step!r}")
    t = np.arange(1, k + 1) / k
    tps = tp[:-1, None] + t[None, :] * np.diff(tp)[:, None]
    fps = fp[:-1, None] + t[None, :] * np.diff(fp)[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        ps = np.where(tps + fps > 0, tps / (tps + fps), 0.0)
    ps[:, -1] = p[1:]  # the cuts themselves, exactly
    tps[:, -1] = r[1:]
    xs = np.concatenate([r[:1], tps.ravel()])
    ys = np.concatenate([p[:1], ps.ravel()])
    return xs, ys, np.arange(n) * k


def plot_pr_steps(ax, recall, precision, *, style="points", label=None, color=CURVE_COLOR, **kwargs):
    """A P-R curve of a finite list, drawn the way chapter 03 teaches: every P-R picture uses it.

    ``style="points"`` (the course's P-R curve): one dot per cut (no dot at recall 0 with
    precision 1: scikit-learn's appended (0, 1) and the undefined start are dropped, see
    :func:`pr_points`), and between consecutive cuts the achievable interpolation
    (:func:`pr_interpolated`): a vertical drop when a negative enters, a rising *curve* when a
    positive enters, the true curve across a tie. Never a straight sloped segment: a sloped
    straight line between two P-R points is no curve a classifier achieves. One ``Line2D`` (dots by
    ``markevery``); move it with :func:`update_pr_curve`.

    ``style="steps"`` draws the step function whose area is the average precision
    (AP = sum of (R_k - R_{k-1}) P_k), precision held constant to the left of each point;
    use it only where AP is explained.

    Returns the ``Line2D``.

    Example
    -------
    >>> t = lm.stepping_table(y, s)                                   # doctest: +SKIP
    >>> plot_pr_steps(style_pr_axes(ax), t.recall, t.precision)       # doctest: +SKIP
    """
    if style not in ("points", "steps"):
        raise ValueError(f"style must be 'points' or 'steps', got {style!r}")
    kwargs.setdefault("lw", 2)
    if style == "steps":
        r, p, _ = pr_points(recall, precision)
        # precision P_k held over the recall interval (R_{k-1}, R_k]: the sum AP adds up. Only the
        # cuts where recall rises carry area; the others (a negative added) would draw
        # zero-width hooks, so they are left out.
        rises = np.r_[r[:1] > 0, np.diff(r) > 0]
        r, p = r[rises], p[rises]
        xs = np.concatenate([[0.0], np.repeat(r, 2)])[:-1]
        ys = np.repeat(p, 2)
        (line,) = ax.plot(xs, ys, color=color, label=label, **kwargs)
        return line
    kwargs.setdefault("marker", "o")
    kwargs.setdefault("ms", 3.5)
    # a cut at recall 1 or precision 1 sits on the axes' edge: its dot is drawn whole, not halved
    # (P and R never leave [0, 1], so nothing else can spill out)
    kwargs.setdefault("clip_on", False)
    (line,) = ax.plot([], [], color=color, label=label, **kwargs)
    update_pr_curve(line, recall, precision)
    # kept for callers of the former dotted tie look: always empty now
    (line.tie_line,) = ax.plot([], [], color=color, lw=0)
    return line


def update_pr_curve(line, recall, precision) -> None:
    """Move a P-R curve drawn by :func:`plot_pr_steps` (``style="points"``) to other points."""
    xs, ys, cuts = pr_interpolated(recall, precision)
    line.set_data(xs, ys)
    line.set_markevery(cuts.tolist() if cuts.size else None)


def plot_cut_point(ax, path=None, *, kind="roc", path_color=CURVE_COLOR):
    """The current cut point (``style.CUT_POINT``: a large orange dot with a black
    edge) and the path walked so far (a line in ``path_color``).

    ``path`` is an (n, 2) array of points, the last of which is the current
    one (``CutPoint.roc_path`` or ``CutPoint.pr_path``); empty or None draws
    nothing yet. ``kind="pr"`` draws the path as :func:`plot_pr_steps` does
    (the achievable interpolation between cuts). The point is never clipped
    (a cut on an axis edge shows whole). Returns ``(point, path_line)``; move
    them with :func:`move_cut_point`.
    """
    if kind not in ("roc", "pr"):
        raise ValueError(f"kind must be 'roc' or 'pr', got {kind!r}")
    (trail,) = ax.plot([], [], color=path_color, lw=2.6, zorder=4, solid_capstyle="round", marker="o", ms=4)
    trail.pr_kind = kind == "pr"
    if kind == "pr":  # kept for callers of the former dotted tie look: always empty now
        (trail.tie_line,) = ax.plot([], [], color=path_color, lw=0, zorder=4)
    (point,) = ax.plot([], [], **style.CUT_POINT)
    move_cut_point(point, trail, path)
    return point, trail


def move_cut_point(point, trail, path) -> None:
    """Move the artists of :func:`plot_cut_point` to a new path (in place)."""
    path = np.empty((0, 2)) if path is None else np.asarray(path, dtype=float).reshape(-1, 2)
    ok = ~np.isnan(path).any(axis=1)
    path = path[ok]
    if getattr(trail, "pr_kind", False):
        xs, ys, cuts = pr_interpolated(path[:, 0], path[:, 1]) if len(path) else (np.array([]),) * 3
        trail.set_data(xs, ys)
        trail.set_markevery(cuts.tolist() if len(cuts) else None)  # a dot per cut walked
    else:
        trail.set_data(path[:, 0], path[:, 1])
    if len(path):
        point.set_data([path[-1, 0]], [path[-1, 1]])
    else:
        point.set_data([], [])



def plot_reference(ax, kind="roc", *, prevalence=None, which=("random", "perfect"), legend_labels=True,
                   random_label_x=None):
    """The random-guess and perfect-ranker references.

    ROC (``kind="roc"``): random guessing is the diagonal TPR = FPR (a random
    ranking puts a positive in front of a negative half of the time); the
    perfect ranker goes (0,0) -> (0,1) -> (1,1): every positive before every
    negative. P-R (``kind="pr"``): random guessing has precision equal to the
    share of positives (``prevalence``, required) at every recall; the perfect
    ranker keeps P = 1 up to R = 1, then drops to the share of positives. Both are references in
    the grammar's look (``style.REFERENCE_STYLE``: grey, dashed, thin); with ``legend_labels`` each
    has its name written on the line (``style.label_line``: "random guess" under the diagonal or
    the level line, where a learner's curve seldom runs; "perfect ranking" under its top edge),
    never a legend entry, in every chapter (call this after the axes' limits are set).
    ``random_label_x``: where along the random-guess line its name sits (default 0.7 in ROC, 0.62 in
    P-R); move it where the curve drawn with it does not run (a tie group on the diagonal). Returns a
    dict of ``Line2D`` (the labels are texts of ``ax``).
    """
    if kind not in ("roc", "pr"):
        raise ValueError(f"kind must be 'roc' or 'pr', got {kind!r}")
    legend_labels = check_bool(legend_labels, "legend_labels")
    if random_label_x is not None:
        random_label_x = check_real(random_label_x, "random_label_x", low=0, high=1)
    which = (which,) if isinstance(which, str) else tuple(which)
    for w in which:
        if w not in ("random", "perfect"):
            raise ValueError(f"which must hold 'random' and/or 'perfect', got {w!r}")
    out = {}
    if kind == "roc":
        if "random" in which:
            (out["random"],) = ax.plot([0, 1], [0, 1], **style.DIAGONAL)
            if legend_labels:   # under the diagonal, right of centre: a useful ROC curve runs above it
                style.label_line(ax, out["random"], "random guess", above=False,
                                 x=0.7 if random_label_x is None else random_label_x)
        if "perfect" in which:
            (out["perfect"],) = ax.plot([0, 0, 1], [0, 1, 1], **style.REFERENCE_STYLE)
            if legend_labels:   # on its top edge, under it (a curve reaching TPR = 1 runs along it further right)
                style.label_line(ax, out["perfect"], "perfect ranking", x=0.22, above=False)
    else:
        if "random" in which:
            if prevalence is None:
                raise ValueError("prevalence (the share of positives) is needed for the random P-R reference")
            prevalence = float(prevalence)
            if not 0 <= prevalence <= 1:
                raise ValueError(f"prevalence must be in [0, 1], got {prevalence!r}")
            (out["random"],) = ax.plot([0, 1], [prevalence, prevalence], **style.DIAGONAL)
            if legend_labels:   # under the level line (a P-R curve ends on it at R = 1, from above)
                style.label_line(ax, out["random"], f"random guess (P = {prevalence:.2f})", above=False,
                                 x=0.62 if random_label_x is None else random_label_x)
        if "perfect" in which:
            xs, ys = ([0, 1, 1], [1, 1, prevalence]) if prevalence is not None else ([0, 1], [1, 1])
            (out["perfect"],) = ax.plot(xs, ys, **style.REFERENCE_STYLE)
            if legend_labels:   # a P-R curve starts at P = 1 on the left: the label further right, under the line
                style.label_line(ax, out["perfect"], "perfect ranking", x=0.6, above=False)
    return out


def plot_bep_line(ax, *, label="P = R (break-even line)", **kwargs):
    """The line P = R: a P-R curve's break-even point (BEP, 平衡点) is where it crosses it."""
    kwargs.setdefault("color", "0.35")
    kwargs.setdefault("lw", 1)
    kwargs.setdefault("ls", "-.")
    (line,) = ax.plot([0, 1], [0, 1], label=label, **kwargs)
    return line


def iso_f_precision(recall, f, beta=1.0):
    r"""Precision on the iso-F-beta curve through recall ``recall``.

    From :math:`F_\beta = (1+\beta^2) P R / (\beta^2 P + R)`:
    :math:`P = F R / ((1+\beta^2) R - \beta^2 F)`, defined for
    :math:`R > \beta^2 F / (1+\beta^2)`; NaN elsewhere (and where P > 1).
    """
    recall = np.asarray(recall, dtype=float)
    b2 = float(beta) ** 2
    den = (1 + b2) * recall - b2 * f
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(den > 0, f * recall / den, np.nan)
    p[(p > 1.0 + 1e-12) | (p < 0)] = np.nan
    return p


def _iso_f_xy(f, beta, n=200):
    b2 = float(beta) ** 2
    r_min = b2 * f / (1 + b2)  # where P would be infinite
    r_at_p1 = b2 * f / (1 + b2 - f)  # where P = 1 (f / (1 + b2 - b2 f) is where R = 1: the same only at beta = 1)
    lo = max(r_min, r_at_p1)
    if lo >= 1:
        return np.array([]), np.array([])
    r = lo + (1 - lo) * np.linspace(0, 1, n) ** 1.5
    p = iso_f_precision(r, f, beta)
    p[0] = min(p[0], 1.0) if np.isfinite(p[0]) else 1.0
    return r, p


def plot_iso_f(ax, levels=(0.2, 0.4, 0.6, 0.8), *, beta=1.0, labels=True, **kwargs):
    """Iso-F1 (or iso-F-beta) curves: every (R, P) with the same F.

    Returns the list of ``Line2D`` (one per level) and, if ``labels``, their
    text labels; update them for another beta with :func:`update_iso_f`.
    """
    kwargs.setdefault("color", "0.55")
    kwargs.setdefault("lw", 0.9)
    kwargs.setdefault("ls", "-")
    kwargs.setdefault("alpha", 0.8)
    lines, texts = [], []
    for f in levels:
        (line,) = ax.plot([], [], **kwargs)
        lines.append(line)
        if labels:
            texts.append(ax.text(0, 0, "", fontsize=9, color="0.15", ha="right", va="bottom", zorder=7,
                                 bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.75)))
    update_iso_f(lines, texts, levels, beta)
    return lines, texts


def update_iso_f(lines, texts, levels, beta, *, avoid=None) -> None:
    """Move the iso-F curves of :func:`plot_iso_f` to another ``beta`` (in place).

    Each label sits where its curve crosses P = R (every iso-F curve does, at (f, f)), unless
    ``avoid`` is given: an (n, 2) array of (R, P) points of a line the labels must leave whole
    (a P-R curve, in data coordinates). Then each label moves along its own curve to the place
    nearest the diagonal where its white box covers no part of that line, stays inside the axes
    and overlaps no other label (where no such place exists it keeps the diagonal)."""
    name = "F1" if beta == 1 else "Fβ"
    placed = []
    guard = _dense_points(avoid) if avoid is not None and texts else None
    for i, f in enumerate(levels):
        r, p = _iso_f_xy(f, beta)
        lines[i].set_data(r, p)
        if texts:
            texts[i].set_text(f"{name}={f:.1f}" if r.size else "")
            # every iso-F curve crosses the line P = R at (f, f), whatever beta
            texts[i].set_position((f - 0.012, f + 0.012))
            if guard is not None and r.size:
                box = _clear_label_position(texts[i], r, p, f, guard, placed)
                if box is not None:
                    placed.append(box)


def _dense_points(xy, per_segment=24):
    """The points of the polyline ``xy`` with ``per_segment`` points on each segment."""
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    xy = xy[np.isfinite(xy).all(axis=1)]
    if len(xy) < 2:
        return xy
    t = np.linspace(0, 1, per_segment, endpoint=False)[:, None]
    seg = [a + t * (b - a) for a, b in zip(xy[:-1], xy[1:])]
    return np.vstack(seg + [xy[-1:]])


def _clear_label_position(text, r, p, f, guard, placed, margin=4.0, clearance=(16.0, 10.0, 6.0)):
    """Put ``text`` (anchored right/bottom just above-left of a point of its curve (r, p)) at the
    point nearest (f, f) whose box stays ``clearance`` pixels clear of every ``guard`` point (data
    points: the line the label must leave whole, with its cut dots and a visible gap), stays inside
    the axes and overlaps none of ``placed`` (display boxes), ``margin`` pixels around the box. The
    clearances are tried in turn (the widest first). Returns its display box, or None (kept at (f, f))."""
    ax = text.axes
    ok = np.isfinite(r) & np.isfinite(p)
    order = np.argsort(np.abs(r - f) + np.abs(p - f) + np.where(ok, 0, np.inf))
    order = order[ok[order]][:: max(1, len(order) // 60)]
    text.set_position((f - 0.012, f + 0.012))
    off_line = {gap: style.clear_of_points(ax, guard, gap) for gap in clearance}
    got = style.place_clear(ax, text, [dict(position=(r[j] - 0.012, p[j] + 0.012), avoid=[off_line[gap]])
                                       for gap in clearance for j in order],
                            avoid=[style.inside_axes(ax, margin), style.clear_of_boxes(placed, margin)])
    return None if got is None else got[1]


def shade_auc(ax, fpr, tpr, *, color=CORRECT_COLOR, alpha=0.6, label=None, **kwargs):
    """Shade the area under an ROC polyline (the trapezoids the book sums)."""
    fpr, tpr = _xy(fpr, tpr, "fpr", "tpr")
    return ax.fill_between(fpr, 0, tpr, color=color, alpha=alpha, lw=0, label=label, **kwargs)


def plot_rank_squares(ax, y_true, y_score, *, pos_label=1, max_pairs=900, show_curve=True, annotate=True,
                      sample_weight=None):
    """The rank-loss picture: one square per (positive, negative) pair.

    The unit square is cut into m- columns (the negatives, highest score on
    the left) and m+ rows (the positives, highest score at the bottom), so a
    pair is a square of area 1/(m+ m-). The square of (positive i, negative j)
    lies *under* the ROC curve when the positive scores higher (light green), *above*
    it when it scores lower (reddish purple and hatched: it counts 1 in the
    rank loss ℓ_rank), and a tie is cut in half by the curve's diagonal step
    (half plain, half hatched: it counts 1/2). Hence AUC = plain green area =
    1 - ℓ_rank.

    With ``sample_weight`` (weighted AUC) a negative's column is as wide as its share of
    the negatives' weight and a positive's row as high as its share of the positives'
    weight, so a pair's square has area w+ w- / (W+ W-) and the plain area is the weighted
    AUC. Drawn only for short lists (``m+ m- <= max_pairs``). Returns a dict with the
    counts of correct, wrong and tied pairs (and, weighted, their areas).
    """
    y_true = as_labels(y_true, "y_true")
    s = as_scores(y_score, "y_score")
    if y_true.shape != s.shape:
        raise ValueError(f"y_true and y_score must have the same length, got {y_true.size} and {s.size}")
    max_pairs = check_positive_int(max_pairs, "max_pairs")
    show_curve = check_bool(show_curve, "show_curve")
    annotate = check_bool(annotate, "annotate")
    if sample_weight is None:
        wt = np.ones(s.size)
    else:
        wt = np.asarray(sample_weight, dtype=float).ravel()
        if wt.shape != s.shape or not np.all(np.isfinite(wt)) or np.any(wt <= 0):
            raise ValueError(f"sample_weight must hold {s.size} finite positive weights, got shape {wt.shape}")
    is_pos = y_true == pos_label
    op = np.argsort(-s[is_pos], kind="stable")
    on = np.argsort(-s[~is_pos], kind="stable")
    pos, wpos = s[is_pos][op], wt[is_pos][op]
    neg, wneg = s[~is_pos][on], wt[~is_pos][on]
    mp, mn = pos.size, neg.size
    if mp == 0 or mn == 0:
        raise ValueError("the rank-loss picture needs at least one positive and one negative")
    if mp * mn > max_pairs:
        raise ValueError(f"{mp}x{mn} = {mp * mn} pairs is too many squares to draw (max_pairs={max_pairs})")
    xe = np.r_[0.0, np.cumsum(wneg)] / wneg.sum()  # column edges (negatives), row edges (positives)
    ye = np.r_[0.0, np.cumsum(wpos)] / wpos.sum()
    cmp = np.sign(pos[:, None] - neg[None, :])  # +1 correct, -1 wrong, 0 tie; rows = positives
    for i in range(mp):
        for j in range(mn):
            if cmp[i, j] != 0:
                wrong = cmp[i, j] < 0
                ax.add_patch(Rectangle((xe[j], ye[i]), xe[j + 1] - xe[j], ye[i + 1] - ye[i],
                                       facecolor=WRONG_COLOR if wrong else CORRECT_COLOR,
                                       hatch=WRONG_HATCH if wrong else None, edgecolor="white", lw=1.0, zorder=1))
    # tie blocks: the curve crosses each block of tied scores by its diagonal
    for t in np.intersect1d(pos, neg):
        rows = np.flatnonzero(pos == t)
        cols = np.flatnonzero(neg == t)
        x0, x1 = xe[cols[0]], xe[cols[-1] + 1]
        y0, y1 = ye[rows[0]], ye[rows[-1] + 1]
        ax.add_patch(Polygon([(x0, y0), (x1, y0), (x1, y1)], closed=True, facecolor=CORRECT_COLOR, edgecolor="none",
                             zorder=1))
        ax.add_patch(Polygon([(x0, y0), (x0, y1), (x1, y1)], closed=True, facecolor=WRONG_COLOR, edgecolor="white",
                             hatch=WRONG_HATCH, lw=0, zorder=1))
        for i in rows:
            for j in cols:
                ax.add_patch(Rectangle((xe[j], ye[i]), xe[j + 1] - xe[j], ye[i + 1] - ye[i], facecolor="none",
                                       edgecolor="white", lw=1.0, zorder=2))
    if sample_weight is None:
        ax.set_xticks(xe, [f"{k}/{mn}" if k in (0, mn) else "" for k in range(mn + 1)])
        ax.set_yticks(ye, [f"{k}/{mp}" if k in (0, mp) else "" for k in range(mp + 1)])
    else:
        ax.set_xticks(xe, ["0" if k == 0 else "1" if k == mn else "" for k in range(mn + 1)])
        ax.set_yticks(ye, ["0" if k == 0 else "1" if k == mp else "" for k in range(mp + 1)])
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    counts = {"correct": int((cmp > 0).sum()), "wrong": int((cmp < 0).sum()), "tied": int((cmp == 0).sum()),
              "pairs": int(mp * mn)}
    area = np.outer(np.diff(ye), np.diff(xe))  # each pair's square
    counts["correct_area"] = float(area[cmp > 0].sum())
    counts["wrong_area"] = float(area[cmp < 0].sum())
    counts["tied_area"] = float(area[cmp == 0].sum())
    if show_curve:
        # the ROC polyline through the squares (view logic: the order of the pairs)
        allv = np.unique(s)[::-1]
        tp = np.r_[0.0, [wpos[pos >= v].sum() for v in allv]] / wpos.sum()
        fp = np.r_[0.0, [wneg[neg >= v].sum() for v in allv]] / wneg.sum()
        ax.plot(fp, tp, color=CURVE_COLOR, lw=2.2, marker="o", ms=3.5, zorder=3)
    if annotate and sample_weight is None:
        ax.set_xlabel(f"negatives, best-scored first  ({mn} columns of width 1/{mn})", fontsize=9)
        ax.set_ylabel(f"positives, best-scored first ({mp} rows of height 1/{mp})", fontsize=9)
    elif annotate:
        ax.set_xlabel(f"negatives, best-scored first ({mn} columns, width = weight share)", fontsize=9)
        ax.set_ylabel(f"positives, best-scored first ({mp} rows, height = weight share)", fontsize=9)
    return counts


def _score_labels(scores) -> list[str]:
    """Scores with one number of decimals for the whole list (the fewest, up to 3, that
    show every score exactly), without the leading zero of scores in (0, 1): ".500", ".454"."""
    scores = np.asarray(scores, dtype=float)
    decimals = next((d for d in (1, 2) if np.allclose(np.round(scores, d), scores, rtol=0, atol=1e-12)), 3)
    return [f"{v:.{decimals}f}"[1:] if 0 < v < 1 else f"{v:.{decimals}f}" for v in scores]


_STRIP_BARS_MAX = 200  # longer lists are drawn as one image (5,000 bar patches took 17 s to add and 6 s to draw)


class RankedStrip:
    """The ranked list drawn as a strip of boxes with a movable cut line.

    Boxes are sorted by decreasing score (ties keep the given order), coloured
    by class (positive ``style.POSITIVE`` with a "+", negative ``style.NEGATIVE``
    with a "−"; the sign is the second cue), labelled with the id above and the score below when the list is
    short. :meth:`set_cut` moves the cut line (``style.CUT_LINE``) to "the
    first ``n_pred`` examples are predicted positive" and the grey band behind
    the predicted-positive boxes.
    """

    def __init__(self, ax, y_true, y_score, ids=None, *, pos_label=1, n_pred=0, show_text=None,
                 title="ranked list (highest score first)"):
        y_true = np.asarray(y_true).ravel()
        s = np.asarray(y_score, dtype=float).ravel()
        if y_true.shape != s.shape:
            raise ValueError(f"y_true and y_score must have the same length, got {y_true.size} and {s.size}")
        n = s.size
        ids = np.arange(1, n + 1) if ids is None else np.asarray(ids).ravel()
        if ids.size != n:
            raise ValueError(f"ids has {ids.size} entries but there are {n} examples")
        order = np.argsort(-s, kind="stable")
        self.y = y_true[order]
        self.scores = s[order]
        self.ids = ids[order]
        self.n = n
        self.ax = ax
        is_pos = self.y == pos_label
        colors = np.where(is_pos, POS_COLOR, NEG_COLOR)
        if n <= _STRIP_BARS_MAX:
            bars = ax.bar(np.arange(n), np.ones(n), width=0.86 if n <= 60 else 1.0, bottom=0, color=colors, lw=0,
                          zorder=2)
            self.boxes = list(bars.patches)
        else:  # one image of n touching boxes: the same picture as n bars of width 1, drawn in milliseconds
            from matplotlib.colors import to_rgb
            rgb = np.where(is_pos[:, None], np.array(to_rgb(POS_COLOR)), np.array(to_rgb(NEG_COLOR)))
            self.boxes = [ax.imshow(rgb[None, :, :], extent=(-0.5, n - 0.5, 0, 1), aspect="auto",
                                    interpolation="nearest", zorder=2)]
        self.texts = []
        show_text = (n <= 30) if show_text is None else check_bool(show_text, "show_text")
        if show_text:
            fs = 10 if n <= 20 else 9
            labels = _score_labels(self.scores)
            for i in range(n):
                self.texts.append(ax.text(i, 0.5, "+" if is_pos[i] else "−", ha="center", va="center",
                                          color="white", fontsize=fs + 3, fontweight="bold", zorder=3))
                self.texts.append(ax.text(i, 1.06, f"#{self.ids[i]}", ha="center", va="bottom", fontsize=9,
                                          zorder=3))
                self.texts.append(ax.text(i, -0.06, labels[i], ha="center", va="top", fontsize=9, zorder=3))
        # the "predicted +" band lies *behind* the boxes (an explorer that moves it must redraw
        # the boxes after it: ``artists_over_band``), light grey so that no box changes colour
        self.span = Rectangle((-0.5, -0.3), 0.0, 1.62, facecolor="0.55", alpha=0.18, lw=0, zorder=1)
        ax.add_patch(self.span)
        self.line = ax.axvline(-0.5, **style.CUT_LINE)
        # the cut's label sits under the strip, next to the cut line, clear of the title above
        self.label = ax.text(-0.5, -0.36, "", ha="center", va="top", fontsize=9, zorder=4)
        ax.set_xlim(-0.7, n - 0.3)
        ax.set_ylim(-0.75, 1.4)
        ax.set_yticks([])
        ax.set_xticks([])
        for side in ("left", "right", "top"):
            ax.spines[side].set_visible(False)
        if title:
            ax.set_title(title, fontsize=10, loc="left")
        self.set_cut(n_pred)

    @property
    def artists_over_band(self) -> list:
        """The boxes and their texts, to be drawn after the band when the band moves."""
        return [*self.boxes, *self.texts]

    def set_cut(self, n_pred: int, text: str | None = None) -> None:
        """Put the cut line after the first ``n_pred`` examples (in place)."""
        x = n_pred - 0.5
        self.line.set_xdata([x, x])
        self.span.set_width(n_pred)
        left = n_pred < self.n / 2
        self.label.set_x(x + (0.12 if left else -0.12))
        self.label.set_text(text if text is not None else f"cut: top {n_pred} predicted +")
        self.label.set_ha("left" if left else "right")


def plot_ranked_strip(ax, y_true, y_score, ids=None, *, cut=0, pos_label=1, show_text=None, title=None):
    """Draw the ranked list as a strip with the cut after the first ``cut`` examples.

    Returns a :class:`RankedStrip` (call ``.set_cut(n)`` to move the cut line).
    """
    kw = {} if title is None else {"title": title}
    return RankedStrip(ax, y_true, y_score, ids, pos_label=pos_label, n_pred=cut, show_text=show_text, **kw)
