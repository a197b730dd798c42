"""Pictures of the comparison tests (book 2.4): a statistic against its null
distribution, the binomial test, two learners fold by fold, McNemar's
contingency table, and the Friedman test diagram with the Nemenyi critical
difference.

Visual grammar (:mod:`learnmetrics.plotting.style`): a rejection region is
grey and hatched (``style.REJECT``), the critical value a dark dash-dot line,
the observed statistic a solid near-black line (``style.CURVE``), the null
distribution light grey with a dark grey outline (``style.NULL``); learners A, B,
C ... keep ``style.learner_style(i)``; counts in a heat map use the ordered
``style.SEQUENTIAL`` map. Symbols are typeset ($\\tau_t$, $\\epsilon_0$,
$\\bar\\epsilon$), and no text is smaller than 9 pt.
"""
from __future__ import annotations

import math

import numpy as np
from matplotlib.patches import Rectangle

from .. import _distributions as _dist
from ..compare import NemenyiResult, TestResult, mcnemar_test_table
from . import style

__all__ = ["plot_null_distribution", "plot_binomial_test", "plot_paired_errors", "plot_mcnemar_table",
           "plot_five_by_two_design", "plot_friedman_forms",
           "critical_difference_diagram", "REJECT_COLOR", "STAT_COLOR", "CRITICAL_LINE"]

#: the rejection region (grey, hatched) and the observed statistic (near-black), from the course's style
REJECT_COLOR = style.REJECT
STAT_COLOR = style.CURVE
#: ``axvline`` keywords of a critical value
CRITICAL_LINE = dict(color="#444444", lw=1.4, ls="-.", zorder=4)
_HATCH = "///"
_FS = 9  # the smallest text, in points


def _reject_patch_kw(label=None):
    # the hatch takes the edge colour: a darker grey than the band, so the lines stay visible
    return dict(facecolor="white", edgecolor="#6E6E6E", hatch=_HATCH, lw=0, label=label)


def _null_of(result: TestResult):
    """(density function, support lo, hi) of the result's null distribution."""
    name = result.statistic_name
    if name == "tau_t":
        df = float(result.df)
        span = max(4.0, abs(result.critical_value) * 1.6)
        return (lambda x: _dist.t_pdf(x, df)), -span, span
    if name in ("tau_chi2",):
        df = float(result.df)
        hi = max(_dist.chi2_isf(0.001, df), result.critical_value * 1.5)
        return (lambda x: _dist.chi2_pdf(x, df)), 0.0, hi
    if name == "tau_F":
        d1, d2 = result.df
        hi = max(_dist.f_isf(0.005, d1, d2), result.critical_value * 1.5)
        return (lambda x: _dist.f_pdf(x, d1, d2)), 0.0, hi
    raise ValueError(f"no null density to draw for a {name!r} statistic (t, chi-square and F are drawn)")


def _check_result(result, what="result"):
    if not isinstance(result, TestResult):
        raise TypeError(f"{what} must be a TestResult from learnmetrics.compare, got {type(result).__name__}")


def plot_null_distribution(ax, result: TestResult, *, title=None):
    """Draw the null distribution of ``result``'s statistic, its rejection region, and the observed value.

    For t statistics the two-sided (or one-sided) rejection region at
    ``result.alpha`` is hatched; chi-square and F statistics reject in the upper
    tail. The critical value is a dash-dot line; the observed statistic a solid
    near-black line (an observed value beyond the axis is drawn at the edge and
    says so). Every element is labelled on the figure itself, beside its line:
    no legend box covers the lines. A density that grows without bound at 0
    (chi-square with 1 df, F(1, d)) is never capped: it leaves through the top
    of the axes, and a note where it leaves says it rises to infinity.
    """
    _check_result(result)
    pdf, lo, hi = _null_of(result)
    s = result.statistic
    if math.isfinite(s) and hi < abs(s) <= 4 * hi:  # widen to show the observed value when it is not absurdly far
        hi = abs(s) * 1.12
        lo = -hi if lo < 0 else lo
    # chi-square with 1 df and F(1, d) have a density that grows without bound as the statistic -> 0
    unbounded = _unbounded_at_zero(result)
    x = np.linspace(lo, hi, 600)
    if unbounded:  # sample densely near 0 (not at 0 itself) so the curve leaves through the top smoothly
        x = np.union1d(np.geomspace(1e-5 * (hi - lo), 0.05 * (hi - lo), 120), x[1:])
    y = pdf(x)
    # scale the axis to the curve away from its left end, where an unbounded density would flatten the rest
    body = np.isfinite(y) & (x >= lo + 0.03 * (hi - lo))
    ymax = float(np.max(y[body])) if body.any() else 1.0
    finite_max = float(np.max(y[np.isfinite(y)])) if np.isfinite(y).any() else ymax
    if not unbounded and finite_max <= 3 * ymax:  # a finite peak at the left end (F(2, d)): show it whole
        ymax = finite_max
    top = ymax * (2.1 if unbounded else 1.9)   # unbounded: headroom for the note at the top
    # never capped (a flat cap would read as part of the curve): an unbounded density runs on above the axes'
    # top and is clipped there, the curve leaving through the top edge, with a note that it rises without bound
    y = np.where(np.isfinite(y), y, 1e3 * top)
    sym = result.math_symbol
    # the null distribution: light grey fill, dark grey outline (the course's NULL look)
    ax.fill_between(x, 0, y, facecolor=style.NULL["facecolor"], edgecolor="none", zorder=1)
    _ = ax.plot(x, y, color=style.NULL["edgecolor"], ls="-", lw=1.4, zorder=3)
    c = result.critical_value
    if result.statistic_name == "tau_t" and result.alternative == "two-sided":
        regions = [(lo, -abs(c)), (abs(c), hi)]
    elif result.alternative == "less":
        regions = [(lo, c)]
    else:
        regions = [(c, hi)]
    edges = []
    for a, b in regions:
        m = (x >= a) & (x <= b)
        # the tail's area is alpha, often too thin to see: a light band marks the whole region too
        ax.axvspan(a, b, color=REJECT_COLOR, alpha=0.10, lw=0, zorder=0)
        ax.fill_between(x[m], 0, y[m], **_reject_patch_kw())
        edge = a if b >= hi else b
        ax.axvline(edge, **CRITICAL_LINE)
        edges.append(edge)
    shown = min(max(s, lo), hi) if math.isfinite(s) else (hi if s > 0 else lo)
    ax.axvline(shown, color=STAT_COLOR, lw=2.4, zorder=5)
    ax.set_xlim(lo, hi)
    ax.set_ylim(0, top)
    # direct labels (no legend box over the lines): the observed value at the top, the critical value below it,
    # each written on the side of its line that faces away from the other line
    crit_text = f"$\\pm${abs(c):.3f}" if len(regions) == 2 else f"{c:.3f}"
    edge = min(edges, key=lambda e: abs(e - shown))
    obs_right = shown >= edge if shown != edge else shown < (lo + hi) / 2
    beyond = " (beyond the axis)" if shown != s else ""
    # with an unbounded density the top line is the note's (at the curve's exit): each label a line lower
    y_obs, y_crit = (0.89, 0.77) if unbounded else (0.97, 0.85)
    observed = _direct_label(ax, shown, y_obs * top, f"observed {sym} = {s:.3f}{beyond}", right=obs_right, lo=lo,
                             hi=hi, color=STAT_COLOR, weight="bold")
    critical = _direct_label(ax, edge, y_crit * top,
                             f"critical value {crit_text}\nhatched: reject ($\\alpha$ = {result.alpha:g})",
                             right=not obs_right, lo=lo, hi=hi, color="#444444")
    # no label's white ground may hide part of a vertical line (the other critical line of a two-sided t test):
    # the critical value's label moves to another critical line or side when it would cross one
    verticals = [*edges, shown]
    obs_two = f"observed\n{sym} = {s:.3f}{beyond}"               # narrower, on two lines
    _place_clear(ax, observed, [(shown, y_obs * top, r, t) for t in (observed.get_text(), obs_two)
                                for r in (obs_right, not obs_right)], verticals, [])
    order = sorted(edges, key=lambda e: e != edge)          # its line first, then the other (two-sided)
    sides = [(e, not obs_right) for e in order] + [(e, obs_right) for e in order]   # away from the observed first
    _place_clear(ax, critical, [(e, y_crit * top, r) for e, r in sides], verticals, [observed])
    # the null density, named on the curve: at its peak, or else along it where no line crosses the name
    body_x, body_y = x[body], y[body]
    peak = int(np.argmax(body_y))
    one = f"null distribution {_null_name(result)}"
    name = ax.annotate(one, (body_x[peak], body_y[peak]), xytext=(6, 3), textcoords="offset points", fontsize=_FS,
                       color=style.NULL["edgecolor"], ha="left", va="bottom", zorder=7,
                       bbox=dict(facecolor="white", edgecolor="none", alpha=0.8, pad=0.5))
    two = f"null distribution\n{_null_name(result)}"         # narrower, on two lines
    at_peak = [(body_x[peak], body_y[peak], side, text) for text in (one, two) for side in ("left", "center", "right")]
    along = [(body_x[i], body_y[i], "left", one) for i in sorted(range(0, len(body_x), max(1, len(body_x) // 40)),
                                                                  key=lambda i: abs(i - peak))]
    _place_clear_on_curve(ax, name, at_peak + along, verticals, [observed, critical])
    if unbounded:  # beside the curve where it leaves through the top edge, on the top line (kept for it)
        exit_x = float(x[np.nonzero(y <= top)[0][0]])
        ax.annotate(f"\u2191 density $\\to \\infty$ as {sym} $\\to$ 0", (exit_x, top), xytext=(4, -1),
                    textcoords="offset points", ha="left", va="top", fontsize=_FS, color=style.NULL["edgecolor"],
                    zorder=7, bbox=dict(facecolor="white", edgecolor="none", alpha=0.8, pad=0.5))
    ax.set_xlabel(sym, fontsize=12)
    ax.set_ylabel("density under $H_0$")
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_title(title if title is not None else f"{result.test}\np-value = {_p_text(result.p_value)}",
                 fontsize=10, loc="left")
    return ax


def _unbounded_at_zero(result) -> bool:
    """Whether the null density of ``result`` grows without bound as the statistic -> 0 (chi-square with
    df < 2, F with d1 < 2): it is then drawn leaving through the top of the axes, never capped."""
    if result.statistic_name == "tau_chi2":
        return float(result.df) < 2
    if result.statistic_name == "tau_F":
        return float(result.df[0]) < 2
    return False


def _direct_label(ax, xv, yv, text, *, right, lo, hi, color, weight="normal"):
    """Write ``text`` beside the vertical line at ``xv``: to its right (``right``) or left, flipped when the
    side is too narrow for it (so it stays inside the axes). Returns the annotation."""
    room_right = (hi - xv) / (hi - lo)
    if right and room_right < 0.3:
        right = False
    elif not right and (xv - lo) / (hi - lo) < 0.3:
        right = True
    return ax.annotate(text, (xv, yv), xytext=(4 if right else -4, 0), textcoords="offset points", fontsize=_FS,
                       ha="left" if right else "right", va="top", color=color, fontweight=weight, zorder=7,
                       bbox=dict(facecolor="white", edgecolor="none", alpha=0.8, pad=0.5))


def _clear_of(ax, others):
    """What every label here keeps clear of: the axes' frame but at the bottom (its white ground may reach
    0.5 pt past an edge), and the ``others`` labels. (And vertical lines, 6 pixels off: each caller's own.)"""
    return [style.inside_axes(ax, -0.5, sides="lrt"), style.clear_of_boxes(others)]


def _place_clear(ax, label, candidates, verticals, others) -> None:
    """Move a line's label (``_direct_label``) to the first of ``candidates`` (x, y, right[, text]) where it is clear
    of the other lines and labels (``_clear_of``; the line it names is 4 pt away); unchanged when none is."""
    style.place_clear(ax, label, [dict(xy=(xv, yv), xyann=(4 if right else -4, 0), ha="left" if right else "right",
                                       **(dict(text=text[0]) if text else {}),
                                       avoid=[style.clear_of_verticals(ax, [v for v in verticals if v != xv])])
                                  for xv, yv, right, *text in candidates], avoid=_clear_of(ax, others))


def _place_clear_on_curve(ax, label, candidates, verticals, others) -> None:
    """Move the density's name to the first of ``candidates`` (x, y on the curve, ha, text) where it is
    clear of every vertical line and label; unchanged when none is."""
    style.place_clear(ax, label, [dict(xy=(xv, yv), xyann=({"left": 6, "center": 0, "right": -6}[ha], 3), ha=ha,
                                       text=text) for xv, yv, ha, text in candidates],
                      avoid=[*_clear_of(ax, others), style.clear_of_verticals(ax, verticals)])


def _null_name(result) -> str:
    name, df = result.statistic_name, result.df
    if name == "tau_t":
        return f"t({_df_text(df)})"
    if name == "tau_chi2":
        return f"$\\chi^2$({_df_text(df)})"
    if name == "tau_F":
        return f"F{_df_text(df)}"
    return f"df = {_df_text(df)}"


def _df_text(df) -> str:
    if isinstance(df, tuple):
        return "(" + ", ".join(f"{d:g}" for d in df) + ")"
    return f"{df:g}"


def _p_text(p) -> str:
    return f"{p:.4f}" if p >= 1e-4 else f"{p:.2e}"


#: a thick bar's dash pattern (in units of its width) per learner line style: the same pattern, short
_BAR_DASHES = {"-": (None, None), "--": (2.2, 0.8), "-.": (2.2, 0.7, 0.5, 0.7)}


def _bar_dashes(ls):
    return _BAR_DASHES.get(ls, (1.6, 0.5, 0.4, 0.5, 0.4, 0.5))   # the fourth learner's dash-dot-dot


def critical_difference_diagram(ax, nemenyi: NemenyiResult, *, title=None):
    """The book's Friedman test diagram (figure 2.8) for a :class:`~learnmetrics.compare.NemenyiResult`.

    One row per algorithm (best average rank on top), in its learner style
    (``style.learner_style(i)``, i its column in the table: colour and line
    style, A green solid, B purple dashed, C black dash-dot); a dot at its
    average rank and a horizontal bar of length CD centred on it. Two
    algorithms whose bars do not overlap differ significantly (their average
    ranks are more than CD apart); the verdict against the best one is also
    written at the end of each bar, so colour is never the only cue.
    """
    if not isinstance(nemenyi, NemenyiResult):
        raise TypeError(f"nemenyi must be a NemenyiResult from nemenyi_test, got {type(nemenyi).__name__}")
    r = np.asarray(nemenyi.average_ranks, dtype=float)
    names = list(nemenyi.names)
    k = len(r)
    order = np.argsort(r, kind="stable")
    cd = float(nemenyi.cd)
    half = cd / 2.0
    best = r[order[0]]
    lo = min(1.0, float(r.min() - half)) - 0.15
    hi = max(float(k), float(r.max() + half)) + 0.15
    # the ranks can only lie in [1, k]: grey out the rest
    ax.axvspan(lo, 1.0, color="0.94", lw=0, zorder=0)
    ax.axvspan(float(k), hi + 1.3, color="0.94", lw=0, zorder=0)
    # where the best algorithm's bar ends: any bar starting right of it does not overlap
    ax.axvline(best + half, color="0.35", ls=":", lw=1.3, zorder=1)
    for row, i in enumerate(order):
        st = style.learner_style(int(i))
        # the learner's colour *and* line style (C: black dash-dot), so colour is never the only cue;
        # short dashes (they scale with the width) so every bar shows its pattern
        ax.plot([r[i] - half, r[i] + half], [row, row], color=st["color"], ls=st["ls"], lw=5,
                solid_capstyle="butt", dash_capstyle="butt", dashes=_bar_dashes(st["ls"]), zorder=2)
        ax.plot([r[i]], [row], "o", color="black", mec="white", mew=1.5, ms=8, zorder=3)
        ax.text(r[i], row - 0.2, f"{names[i]}: {r[i]:.3f}", ha="center", va="bottom", fontsize=10)
        if row > 0:
            separate = r[i] - best > cd
            verdict = (f"no overlap with {names[order[0]]}:\nsignificantly worse" if separate
                       else f"overlaps {names[order[0]]}:\nnot significantly different")
            ax.text(r[i] + half + 0.05, row, verdict, ha="left", va="center", fontsize=_FS,
                    fontweight="bold" if separate else "normal")
    # a ruler of length CD above the rows
    top = -0.95
    ax.annotate("", xy=(best - half, top), xytext=(best + half, top),
                arrowprops=dict(arrowstyle="|-|", color="0.2", lw=1.2, shrinkA=0, shrinkB=0))
    ax.text(best, top - 0.12, f"CD = {cd:.3f}", ha="center", va="bottom", fontsize=10)
    ax.set_yticks(range(k), [names[i] for i in order], fontsize=10)
    ax.set_ylim(k - 0.45, top - 0.6)
    ax.set_xlim(lo, hi + 1.3)  # room for the verdicts right of the last bar
    ax.set_xticks(np.arange(1, k + 1, 0.5) if k <= 6 else np.arange(1, k + 1))
    ax.set_xlabel("average rank (1 = best)")
    ax.grid(axis="x", color="0.85", lw=0.6)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_title(title if title is not None else
                 f"Friedman test diagram: average rank ± CD/2 (N = {nemenyi.n_datasets} data sets, "
                 f"$\\alpha$ = {nemenyi.alpha:g})", fontsize=10, loc="left")
    return ax


def plot_binomial_test(ax, result: TestResult, *, title=None):
    """The binomial test (book 2.4.1): the distribution of the error count under
    :math:`\\epsilon = \\epsilon_0`, the rejection region (counts >= the critical
    count :math:`c`, hatched), the critical value (between :math:`c - 1` and
    :math:`c`: the book's :math:`\\bar\\epsilon m = c - 1` is the last count kept)
    and the observed count."""
    _check_result(result)
    d = result.details
    if "critical_count" not in d:
        raise ValueError(f"result must come from binomial_test, got a {result.test!r}")
    m, eps0, k, crit = d["n_samples"], d["epsilon0"], d["n_errors"], d["critical_count"]
    hi = int(min(m, max(k, crit, m * eps0 + 4 * math.sqrt(m * eps0 * (1 - eps0)) + 2) * 1.15 + 1))
    c = np.arange(hi + 1)
    logc = np.array([math.lgamma(m + 1) - math.lgamma(i + 1) - math.lgamma(m - i + 1) for i in c])
    with np.errstate(divide="ignore", invalid="ignore"):
        pmf = np.exp(logc + c * np.log(eps0) + (m - c) * np.log1p(-eps0)) if 0 < eps0 < 1 else (c == round(m * eps0)) * 1.0
    keep = c < crit
    ax.bar(c[keep], pmf[keep], width=0.85, facecolor=style.NULL["facecolor"], edgecolor=style.NULL["edgecolor"],
           lw=0.8)
    ax.bar(c[~keep], pmf[~keep], width=0.85, **_reject_patch_kw())
    ax.bar(c[~keep], pmf[~keep], width=0.85, fill=False, edgecolor="0.35", lw=0.8)
    top = float(pmf.max()) * 2.1
    ax.set_ylim(0, top)
    ax.set_xlim(-0.7, hi + 0.7)
    if crit <= hi:
        ax.axvline(crit - 0.5, **CRITICAL_LINE)
    ax.axvline(k, color=STAT_COLOR, lw=2.4)
    # direct labels, no legend over the lines
    obs_right = k >= crit - 0.5
    # short lines, so that each label fits on its side inside the axes (the test set's size is in the title
    # of the chapter's cell and in the p-value's printout)
    _direct_label(ax, k, 0.97 * top, f"observed: $m'$ = {k}", right=obs_right, lo=-0.7, hi=hi + 0.7,
                  color=STAT_COLOR, weight="bold")
    if crit <= hi:
        _direct_label(ax, crit - 0.5, 0.85 * top,
                      f"critical value:\n$\\bar\\epsilon m$ = {crit - 1} kept\nhatched: $m' \\geq$ {crit} rejected\n"
                      f"($\\alpha$ = {result.alpha:g})", right=not obs_right, lo=-0.7, hi=hi + 0.7, color="#444444")
    mode = int(np.argmax(pmf))
    ax.annotate("$P(m')$ if $\\epsilon = \\epsilon_0$", (mode, pmf[mode]), xytext=(0, 4), textcoords="offset points",
                fontsize=_FS, color="#555555", ha="center", va="bottom")
    ax.set_xlabel(f"number of test errors $m'$  (if the error rate were $\\epsilon_0$ = {eps0:g})")
    ax.set_ylabel("probability")
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_title(title if title is not None else f"{result.test}\np-value = P(at least {k} errors) = {_p_text(result.p_value)}",
                 fontsize=10, loc="left")
    return ax


def plot_paired_errors(ax, errors_a, errors_b, *, names=("A", "B"), learners=(0, 1), title=None,
                       ylabel="test error rate"):
    """Two learners' error rates (or any per-fold measure: set ``ylabel``) fold by fold, each fold's pair joined.

    ``learners`` are the two learners' indices in the course's comparison
    styles (``style.learner_style``: 0 = A green dots, 1 = B reddish-purple
    squares, 2 = C sky-blue diamonds ...), so learner C keeps its look when it
    is compared with A.
    """
    a = np.asarray(errors_a, dtype=float)
    b = np.asarray(errors_b, dtype=float)
    if a.ndim != 1 or a.shape != b.shape or a.size == 0:
        raise ValueError(f"errors_a and errors_b must be 1-D of the same non-zero length, got {a.shape} and {b.shape}")
    markers = ("o", "s", "D", "^")
    ia, ib = (int(i) for i in learners)
    folds = np.arange(1, len(a) + 1)
    for i in range(len(a)):
        ax.plot([folds[i], folds[i]], [a[i], b[i]], color="0.75", lw=1.5, zorder=1)
    # B as open markers under A's filled ones, so that a fold where both score the same shows both
    sb = style.learner_style(ib)
    ax.plot(folds, b, markers[ib % 4], color=sb["color"], mfc="white", mew=2, ms=10, ls="none",
            label=f"{names[1]} (mean {b.mean():.4f})", zorder=2)
    sa = style.learner_style(ia)
    ax.plot(folds, a, markers[ia % 4], color=sa["color"], mec="black", mew=0.6, ms=7, ls="none",
            label=f"{names[0]} (mean {a.mean():.4f})", zorder=3)
    ax.set_xticks(folds)
    ax.set_xlabel("fold")
    ax.set_ylabel(ylabel)
    ax.spines[["top", "right"]].set_visible(False)
    handles, labels = ax.get_legend_handles_labels()
    ax.legend(handles[::-1], labels[::-1], fontsize=_FS, frameon=True, framealpha=0.85, edgecolor="none",
              loc="best")  # A first
    if title:
        ax.set_title(title, fontsize=10, loc="left")
    return ax


def plot_mcnemar_table(ax, table, *, names=("A", "B"), correction=True):
    """McNemar's contingency table (book table 2.4) as a 2x2 heat map, the disagreements outlined.

    Rows: learner B correct / wrong; columns: learner A correct / wrong (as
    :func:`learnmetrics.compare.mcnemar_table` returns it). Each cell shows its
    symbol and count; the colour (``style.SEQUENTIAL``, on a square-root scale
    so that small counts stay visible beside a large diagonal) repeats the count.
    The two cells McNemar's test uses, :math:`e_{01}` and :math:`e_{10}`, are
    outlined, and the title computes :math:`\\tau_{\\chi^2}` from them (with
    :func:`learnmetrics.compare.mcnemar_test_table`).

    Returns
    -------
    TestResult of :func:`~learnmetrics.compare.mcnemar_test_table` on ``table``
    """
    res = mcnemar_test_table(table, correction=correction)
    t = np.asarray(res.details["table"], dtype=float)
    a, b = (str(n) for n in names)
    im = ax.imshow(np.sqrt(t), cmap=style.SEQUENTIAL, vmin=0, vmax=max(1.0, float(np.sqrt(t.max()))))
    cmap = im.get_cmap()
    sym = [["e_{00}", "e_{01}"], ["e_{10}", "e_{11}"]]
    for i in range(2):
        for j in range(2):
            shade = cmap(im.norm(np.sqrt(t[i, j])))
            light = 0.299 * shade[0] + 0.587 * shade[1] + 0.114 * shade[2] > 0.55
            ax.text(j, i, f"${sym[i][j]}$ = {int(t[i, j])}", ha="center", va="center", fontsize=12,
                    color="black" if light else "white", fontweight="bold" if i != j else "normal")
            if i != j:
                ax.add_patch(Rectangle((j - 0.47, i - 0.47), 0.94, 0.94, fill=False, ec="black" if light else "white", lw=3, ls="--"))
                ax.text(j, i + 0.3, "disagreement", ha="center", va="center", fontsize=_FS,
                        color="black" if light else "white")
    ax.set_xticks([0, 1], [f"{a} correct", f"{a} wrong"], fontsize=10)
    ax.set_yticks([0, 1], [f"{b} correct", f"{b} wrong"], fontsize=10)
    ax.tick_params(length=0)
    ax.xaxis.set_ticks_position("top")
    e01, e10 = res.details["e01"], res.details["e10"]
    if e01 + e10 == 0:
        formula = "no disagreements: $\\tau_{\\chi^2}$ = 0"
    else:
        if not correction:
            gap = f"|{e01} − {e10}|"
        elif e01 != e10:
            gap = f"(|{e01} − {e10}| − 1)"
        else:  # the correction stops at 0
            gap = f"max(|{e01} − {e10}| − 1, 0)"
        formula = f"$\\tau_{{\\chi^2}}$ = {gap}² / ({e01} + {e10}) = {res.statistic:.3f}"
    ax.set_title(f"only the outlined cells count\n{formula},  p = {_p_text(res.p_value)}", fontsize=10, pad=28)
    return res


def plot_five_by_two_design(ax, errors_a, errors_b, *, names=("A", "B"), numerator="book"):
    """Dietterich's 5x2cv design (book 2.4.2) as a table of the ten differences it uses.

    Rows: the 5 replications of 2-fold cross-validation; columns: fold 1 and
    fold 2 (in each replication the two training sets do not overlap: fold 1
    trains on one half and tests on the other, fold 2 swaps them). Each cell
    holds :math:`\\Delta_i^j` = error of ``names[0]`` minus error of
    ``names[1]``. The cells that enter the numerator :math:`\\mu` (replication 1
    only: both folds for the book, fold 1 for Dietterich) are outlined in black;
    every replication gives a variance :math:`\\sigma_i^2`, written at the right,
    and all five enter the denominator.
    """
    a = np.asarray(errors_a, dtype=float)
    b = np.asarray(errors_b, dtype=float)
    if a.shape != (5, 2) or b.shape != (5, 2):
        raise ValueError(f"errors_a and errors_b must have shape (5, 2), got {a.shape} and {b.shape}")
    if numerator not in ("book", "dietterich"):
        raise ValueError(f"numerator must be 'book' or 'dietterich', got {numerator!r}")
    d = a - b
    var = ((d - d.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    lim = max(float(np.abs(d).max()), 1e-12)
    for i in range(5):
        for j in range(2):
            ax.add_patch(Rectangle((j, 4 - i), 0.94, 0.9, facecolor="#F2F2F2", edgecolor="none"))
            used = i == 0 and (numerator == "book" or j == 0)
            if used:
                ax.add_patch(Rectangle((j, 4 - i), 0.94, 0.9, fill=False, edgecolor="black", lw=2.2))
            ax.text(j + 0.47, 4 - i + 0.45, f"$\\Delta_{i + 1}^{j + 1}$ = {d[i, j]:+.4f}", ha="center", va="center",
                    fontsize=_FS + 1, fontweight="bold" if used else "normal")
        ax.text(2.05, 4 - i + 0.45, f"$\\sigma_{i + 1}^2$ = {var[i]:.2e}", ha="left", va="center", fontsize=_FS + 1)
    ax.text(0.47, 5.0, "fold 1: train half 1, test half 2", ha="center", va="bottom", fontsize=_FS)
    ax.text(1.47, 5.0, "fold 2: train half 2, test half 1", ha="center", va="bottom", fontsize=_FS)
    mu = 0.5 * (d[0, 0] + d[0, 1]) if numerator == "book" else d[0, 0]
    tau = mu / math.sqrt(0.2 * var.sum()) if var.sum() > 0 else float("nan")
    which = "both folds of replication 1" if numerator == "book" else "fold 1 of replication 1"
    ax.text(0.0, -0.35, f"outlined: $\\mu$ = {mu:+.4f} ({which});  all five $\\sigma_i^2$: "
                        f"$\\tau_t = \\mu / \\sqrt{{0.2 \\sum \\sigma_i^2}}$ = {tau:.4f}",
            ha="left", va="top", fontsize=_FS + 1)
    ax.set_yticks([4 - i + 0.45 for i in range(5)], [f"replication {i + 1}" for i in range(5)], fontsize=_FS + 1)
    ax.set_xticks([])
    ax.tick_params(length=0)
    ax.set_xlim(-0.05, 3.0)
    ax.set_ylim(-0.9, 5.7)
    for side in ("top", "right", "bottom", "left"):
        ax.spines[side].set_visible(False)
    ax.set_title(f"5×2cv: $\\Delta_i^j$ = error of {names[0]} − error of {names[1]}", fontsize=10, loc="left")
    return ax


def plot_friedman_forms(ax, k, n_datasets, *, alpha=0.05, ymax=None):
    r"""How :math:`\tau_F` (eq. 2.35) grows with :math:`\tau_{\chi^2}` (eq. 2.34) for k algorithms on
    N data sets, with both forms' thresholds at ``alpha`` on the :math:`\tau_{\chi^2}` axis.

    The curve :math:`\tau_F = (N-1)\tau_{\chi^2}/(N(k-1) - \tau_{\chi^2})` is near-black; the F
    form's critical value :math:`F_\alpha` is a dash-dot line across, carried down the curve to the
    :math:`\tau_{\chi^2}` it corresponds to, :math:`N(k-1)F_\alpha/(N-1+F_\alpha)`; the χ² form's
    critical value (the :math:`1-\alpha` quantile of :math:`\chi^2(k-1)`) a dash-dot line up. Between
    the two thresholds (grey, hatched) one form rejects and the other does not. Returns a dict with
    ``chi2_critical``, ``f_critical`` and ``f_critical_on_chi2`` (the F threshold on the τ_χ² scale).
    """
    k = int(k)
    n = int(n_datasets)
    if k < 2 or n < 2:
        raise ValueError(f"k and n_datasets must be at least 2, got k={k!r}, n_datasets={n!r}")
    alpha = float(alpha)
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha!r}")
    d1, d2 = float(k - 1), float((k - 1) * (n - 1))
    top = n * (k - 1)
    chi_crit = _dist.chi2_isf(alpha, d1)
    f_crit = _dist.f_isf(alpha, d1, d2)
    f_on_chi = top * f_crit / (n - 1 + f_crit)
    ymax = float(ymax) if ymax is not None else 3 * f_crit
    x = np.linspace(0, top, 2001)[:-1]
    y = (n - 1) * x / (top - x)
    _ = ax.plot(x, y, color=style.CURVE, lw=2)
    lo, hi = sorted((chi_crit, f_on_chi))
    ax.axvspan(lo, hi, **_reject_patch_kw())
    _ = ax.plot([0, f_on_chi, f_on_chi], [f_crit, f_crit, 0], **CRITICAL_LINE)
    _ = ax.plot([chi_crit, chi_crit], [0, ymax], **CRITICAL_LINE)
    y_chi = (n - 1) * chi_crit / (top - chi_crit)
    ax.annotate(f"F form: reject when $\\tau_F$ > {f_crit:.3f},\nthat is $\\tau_{{\\chi^2}}$ > {f_on_chi:.3f}",
                (0.3, f_crit), xytext=(0, 4), textcoords="offset points", ha="left", va="bottom", fontsize=_FS,
                bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.85))
    ax.annotate(f"$\\chi^2$ form: reject when\n$\\tau_{{\\chi^2}}$ > {chi_crit:.3f}", (chi_crit, 0.93 * ymax),
                xytext=(5, 0), textcoords="offset points", ha="left", va="top", fontsize=_FS,
                bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.85))
    # the dot's value well clear of the dot, the curve and the dash-dot line it sits on (a white box)
    ax.annotate(f"$\\tau_F$ = {y_chi:.3f} at the\n$\\chi^2$ threshold", (chi_crit, y_chi), xytext=(12, -8),
                textcoords="offset points", ha="left", va="top", fontsize=_FS,
                bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.9))
    ax.plot([chi_crit], [y_chi], marker="o", ms=5, color=style.CURVE, ls="none")
    who = "F" if f_on_chi < chi_crit else "$\\chi^2$"
    ax.annotate(f"hatched: only the {who} form rejects", ((lo + hi) / 2, 0.12 * ymax), xytext=(hi + 0.08 * top, 0.12 * ymax),
                textcoords="data", ha="left", va="center", fontsize=_FS,
                arrowprops=dict(arrowstyle="-|>", color="0.3", lw=1, shrinkA=2, shrinkB=0))
    ax.set_xlim(0, top)
    ax.set_ylim(0, ymax)
    ax.set_xlabel(f"$\\tau_{{\\chi^2}}$ (eq. 2.34); at most $N(k-1)$ = {top}", fontsize=10)
    ax.set_ylabel("$\\tau_F$ (eq. 2.35)", fontsize=10)
    ax.set_title(f"k = {k} algorithms, N = {n} data sets, $\\alpha$ = {alpha:g}", fontsize=10)
    return dict(chi2_critical=chi_crit, f_critical=f_crit, f_critical_on_chi2=f_on_chi)
