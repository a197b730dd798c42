"""The figure of :meth:`learnmetrics.report.EvaluationReport.plot`: one model's test-set scores in four panels.

ROC and P-R with the operating point (the course's orange dot), the reliability
diagram (probabilities only; otherwise the scores of each class) and
precision, recall and F1 against the threshold, each with a bootstrap band in
the estimate's sky blue and the threshold as the orange line. About 940 x 760
px at 100 dpi, legible on an 800 px page.
"""
from __future__ import annotations

import numpy as np

from .._validation import check_positive_int, check_rng, check_size
from . import style
from .curves import plot_pr_steps, plot_roc_steps, style_pr_axes, style_roc_axes

__all__ = ["plot_report", "threshold_bands"]

_FS = 9


def threshold_bands(y, s, w, thresholds, *, n_resamples=200, confidence=0.95, rng=0):
    """Precision, recall and F1 at each threshold (predict positive when ``s >= t``) and their
    bootstrap percentile bands (the rows resampled with replacement, ``n_resamples`` times).

    Returns ``{name: (value, low, high)}`` for "precision", "recall", "F1", arrays of
    ``len(thresholds)``; precision is NaN where nothing is predicted positive."""
    n_resamples = check_positive_int(n_resamples, "n_resamples", minimum=20)
    gen = check_rng(rng)
    y = np.asarray(y, dtype=bool)
    s = np.asarray(s, dtype=float)
    n = s.size
    check_size(n_resamples * n, "the threshold bands (n_resamples x n_samples)", hint="use fewer n_resamples")
    w = np.ones(n) if w is None else np.asarray(w, dtype=float)
    order = np.argsort(-s, kind="stable")
    ss = s[order]
    k = np.searchsorted(-ss, -np.asarray(thresholds, dtype=float), side="right")  # rows with s >= t
    counts = np.vstack([np.ones(n), gen.multinomial(n, np.full(n, 1.0 / n), size=n_resamples)])
    ws = counts[:, order] * w[order]
    pos = y[order]
    tp = np.concatenate([np.zeros((ws.shape[0], 1)), np.cumsum(ws * pos, axis=1)], axis=1)[:, k]
    pp = np.concatenate([np.zeros((ws.shape[0], 1)), np.cumsum(ws, axis=1)], axis=1)[:, k]
    P = (ws * pos).sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        prec = np.where(pp > 0, tp / pp, np.nan)
        rec = np.where(P > 0, tp / P, np.nan)
        f1 = np.where(pp + P > 0, 2 * tp / (pp + P), np.nan)
    a = (1 - confidence) / 2
    out = {}
    for name, v in (("precision", prec), ("recall", rec), ("F1", f1)):
        lo = np.full(v.shape[1], np.nan)
        hi = np.full(v.shape[1], np.nan)
        for j in range(v.shape[1]):
            col = v[1:, j][~np.isnan(v[1:, j])]
            if col.size >= 10:
                lo[j], hi[j] = np.quantile(col, [a, 1 - a])
        out[name] = (v[0], lo, hi)
    return out


def _label_diagonal_clear_of_curve(ax, diag, text, pp, pt, fontsize):
    """Name the diagonal ``diag`` of a reliability diagram on the line (``style.label_line``) where the
    label lies furthest from the curve through (``pp``, ``pt``): the label's box (its length along the
    diagonal, its height beside it, above or below) is tried at 25 places between 0.12 and 0.6 of
    the axis on each side, and the place whose box is furthest from the curve wins (the curve
    crossed the label at 0.3 of the axis on 14's report)."""
    top = ax.get_xlim()[1]
    label = style.label_line(ax, diag, text, x=0.3 * top, fontsize=fontsize)
    renderer = ax.figure.canvas.get_renderer()
    box, axbox = label.get_window_extent(renderer), ax.get_window_extent(renderer)
    label.remove()
    # the stretch of the axis (in fractions of it) the label spans along the diagonal, and the label's
    # height across the line (its text and its 3 pt offset)
    length = max(box.width / axbox.width, box.height / axbox.height) * 1.05
    height = (1.2 * fontsize + 3) * ax.figure.dpi / 72 / min(axbox.width, axbox.height)
    pts = np.column_stack([np.asarray(pp, dtype=float), np.asarray(pt, dtype=float)]) / top
    pts = pts[np.isfinite(pts).all(axis=1)]
    best = (0.3, True)
    if len(pts) >= 2:
        a, b = pts[:-1], pts[1:]
        ab = b - a

        def clearance(q):   # the smallest distance from the points q (n, 2) to the curve
            t = np.clip(((q[:, None, :] - a) * ab).sum(-1) / np.maximum((ab * ab).sum(-1), 1e-12), 0, 1)
            d = q[:, None, :] - (a + t[..., None] * ab)
            return np.hypot(d[..., 0], d[..., 1]).min()

        along = np.linspace(-0.5, 0.5, 9)[:, None] * length * np.array([1.0, 1.0])
        scores = {}
        for c in np.linspace(0.12, 0.6, 25):
            for above in (True, False):
                side = (1 if above else -1) * np.array([-1.0, 1.0]) / np.sqrt(2)
                q = np.concatenate([c + along + h * height * side for h in (0.0, 0.5, 1.0)])
                scores[(float(c), above)] = clearance(q)
        best = max(scores, key=scores.get)
    return style.label_line(ax, diag, text, x=best[0] * top, above=best[1], fontsize=fontsize)


def plot_report(report, fig=None, *, n_resamples=200, rng=0):
    """Draw a :class:`~learnmetrics.report.EvaluationReport` on ``fig`` (a new 9.4 x 7.6 in figure by default)."""
    import matplotlib.pyplot as plt

    from .. import calibration as _cal
    from .. import curves as _curves
    from .calibration import plot_reliability_diagram

    y, s, w = report._data
    if fig is None:
        fig = plt.figure(figsize=(9.4, 7.6), dpi=100)
    axes = fig.subplots(2, 2)
    ax_roc, ax_pr, ax_cal, ax_thr = axes.ravel()
    t = report.threshold
    pred = s >= t
    (tn, fp), (fn, tp) = report.confusion
    fpr_t, tpr_t = fp / (fp + tn), tp / (tp + fn)

    # ROC with the operating point
    fpr, tpr, _ = _curves.roc_curve(y, s, sample_weight=w)
    style_roc_axes(ax_roc, title=f"ROC, AUC = {report.auc.estimate:.3f}")
    (diag,) = ax_roc.plot([0, 1], [0, 1], **style.DIAGONAL)
    plot_roc_steps(ax_roc, fpr, tpr, markers=len(fpr) <= 80)
    ax_roc.plot([fpr_t], [tpr_t], **style.CUT_POINT)
    ax_roc.set_xlim(0, 1)
    ax_roc.set_ylim(0, 1)
    style.label_line(ax_roc, diag, "random guess", x=0.72, above=False, fontsize=_FS)

    # P-R with the operating point and the random level pi
    prec, rec, _ = _curves.precision_recall_curve(y, s, sample_weight=w)
    style_pr_axes(ax_pr, title=f"P-R, AP = {report.ap.estimate:.3f}")
    pi = report.prevalence
    (lvl,) = ax_pr.plot([0, 1], [pi, pi], **style.DIAGONAL)
    plot_pr_steps(ax_pr, rec, prec)
    if tp + fp > 0:
        ax_pr.plot([tp / (tp + fn)], [tp / (tp + fp)], **style.CUT_POINT)
    ax_pr.set_xlim(0, 1)
    ax_pr.set_ylim(0, 1.02)
    # the level line's name on the line, below it when the curve runs above (most models)
    if pi >= 0.1:
        style.label_line(ax_pr, lvl, f"random guess (P = {pi:.2f})", x=0.5,
                         above=not bool(np.nanmedian(prec) > pi), fontsize=_FS)
    else:   # close to the x axis: the name under the line at its left end, where a P-R curve starts high
        ax_pr.annotate(f"random guess (P = {pi:.2f})", xy=(0.0, pi), xytext=(4, -2), textcoords="offset points",
                       ha="left", va="top", fontsize=_FS, color=style.REFERENCE)

    # calibration, or the scores of each class when they are no probabilities
    if report.brier is not None:
        # the bars' caption at the top left, which a reliability curve leaves free (at the right, a curve
        # falling to an almost empty last bin ran through it)
        plot_reliability_diagram(ax_cal, y, s, n_bins=report.n_bins, legend_loc="upper left",
                                 count_label_at=(0.02, 0.97, "left", "top"))
        ax_cal.get_legend().remove()   # one curve: the diagonal is named on its line instead
        ax_cal.set_title(f"reliability, Brier = {report.brier:.3f}", fontsize=_FS + 1, loc="left")
        pt, pp = _cal.calibration_curve(y, s, n_bins=report.n_bins)
        hi = min(1.0, 1.1 * max(float(s.max()), float(pt.max()), float(pp.max())))
        if hi < 0.9:   # every prediction low (rare positives): zoom on the part the probabilities use
            ax_cal.set_xlim(0, hi)
            ax_cal.set_ylim(0, hi)
            ax_cal.set_title(f"reliability (zoomed to [0, {hi:.2f}]), Brier = {report.brier:.3f}",
                             fontsize=_FS + 1, loc="left")
        diag = ax_cal.get_lines()[0]
        _label_diagonal_clear_of_curve(ax_cal, diag, "perfectly calibrated", pp, pt, _FS)
    else:
        bins = np.linspace(s.min(), s.max(), 31)
        for positive in (True, False):
            cs = style.class_style(positive)
            ax_cal.hist(s[y == positive], bins=bins, histtype="step", color=cs["color"], lw=1.6,
                        ls="-" if positive else "--", label="positives" if positive else "negatives")
        ax_cal.axvline(t, **style.CUT_LINE)
        ax_cal.set_xlabel("score", fontsize=_FS + 1)
        ax_cal.set_ylabel("examples", fontsize=_FS + 1)
        ax_cal.legend(fontsize=_FS, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
        ax_cal.set_title("scores of each class", fontsize=_FS + 1, loc="left")

    # the measures against the threshold, with bootstrap bands
    lo, hi = float(s.min()), float(s.max())
    grid = np.unique(np.r_[np.quantile(s, np.linspace(0, 1, 61)), t])
    grid = grid[(grid >= lo) & (grid <= hi)]
    bands = threshold_bands(y, s, w, grid, n_resamples=n_resamples, confidence=report.confidence, rng=rng)
    for (name, ls) in (("precision", "-"), ("recall", "--"), ("F1", ":")):
        v, b_lo, b_hi = bands[name]
        ax_thr.fill_between(grid, b_lo, b_hi, step="post", color=style.ESTIMATE, alpha=0.25, lw=0)
        ax_thr.step(grid, v, where="post", color=style.CURVE, ls=ls, lw=1.8, label=name)
    ax_thr.fill_between([], [], [], color=style.ESTIMATE, alpha=0.35, label=f"{report.confidence:.0%} bootstrap band")
    ax_thr.axvline(t, **style.CUT_LINE)
    ax_thr.set_xlim(lo, hi)
    ax_thr.set_ylim(0, 1.02)
    ax_thr.set_xlabel("threshold t (positive when score ≥ t)", fontsize=_FS + 1)
    ax_thr.set_ylabel("value at t", fontsize=_FS + 1)
    ax_thr.legend(fontsize=_FS, loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=2, frameon=False,
                  handlelength=2.6, borderaxespad=0.2)
    for ax in (ax_roc, ax_pr, ax_cal, ax_thr):
        ax.tick_params(labelsize=_FS)
    ax_roc.title.set_fontsize(_FS + 1)
    ax_pr.title.set_fontsize(_FS + 1)
    fig.tight_layout(h_pad=1.6, w_pad=1.2)
    return fig
