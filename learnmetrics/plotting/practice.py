"""Figures of chapter 13 (evaluation in practice), in the course's visual grammar.

* :func:`plot_estimate_strips`: simulated estimates (sky blue: an estimate's spread)
  against the true value (grey dashed), one row per way of evaluating.
* :func:`plot_selection_gap`: best-of-m and nested CV against m, the truth dashed.
* :func:`plot_metrics_by_threshold`: P, R, F1 and accuracy against the threshold, each
  with a band over resampled validation sets, beside the P-R curve with the same
  thresholds marked (the two pictures reconciled).
* :func:`plot_folds`: which examples each split trains on (light grey) and tests on (dark
  grey), one row per split; :func:`plot_test_fold_map`: the fold each example is tested in
  (cividis), one row per way of splitting, groups marked.
* :func:`plot_det_and_eer`: the ROC curve and the DET curve (normal-deviate axes) with the
  equal error rate marked on both.
* :func:`interval_coverage` / :func:`plot_interval_coverage`: the exact coverage of the
  Wald, Wilson and Clopper-Pearson intervals against the true proportion.
* :func:`plot_permutation_null`: a permutation test's shuffled-label scores (the null)
  beside the real score.
"""
from __future__ import annotations

import functools

import numpy as np

from .. import curves as _curves
from . import style
from .curves import plot_pr_steps

__all__ = ["plot_estimate_strips", "plot_selection_gap", "plot_metrics_by_threshold", "metric_bands", "plot_gains_and_lift",
           "plot_folds", "plot_test_fold_map", "plot_det_and_eer", "interval_coverage", "plot_interval_coverage",
           "plot_permutation_null"]

_FS = 9


def plot_estimate_strips(ax, rows, truth, *, xlabel="accuracy", title=None, truth_label="true value"):
    """``rows``: {label: values over simulated data sets}; ``truth``: one number, or {label: values}
    (each row's own true values, at their mean). Each value is a sky-blue dot, the mean of a row a
    near-black bar, named in the right margin ("mean 0.14"). The truth is the grey dashed reference,
    named on itself (``truth_label`` and its value) so it never reads as a mean: one line across
    the rows when it is one number (or every row's truth has the same mean), else a tick per row."""
    labels = list(rows)
    for i, label in enumerate(labels):
        v = np.asarray(rows[label], dtype=float)
        jitter = np.linspace(-0.18, 0.18, v.size) if v.size > 1 else np.zeros(1)
        # the mean's bar behind the dots (it would cover the dots near the mean)
        ax.plot(v, i + jitter, "o", color=style.ESTIMATE, ms=5, alpha=0.8, mec="white", mew=0.5, zorder=3)
        ax.plot([v.mean()] * 2, [i - 0.3, i + 0.3], color=style.CURVE, lw=2.5, zorder=2)
        ax.annotate(f"mean {v.mean():.2f}", (1.01, i), xycoords=("axes fraction", "data"), fontsize=_FS,
                    va="center", annotation_clip=False)
    if isinstance(truth, dict):
        means = {label: float(np.mean(truth[label])) for label in labels if label in truth}
        if means and len(means) == len(labels) and np.ptp(list(means.values())) == 0:
            truth = next(iter(means.values()))      # one truth for every row: one line across
        else:
            for i, label in enumerate(labels):
                if label in means:
                    t = means[label]
                    ax.plot([t, t], [i - 0.4, i + 0.4], **style.REFERENCE_STYLE)
                    ax.annotate(f"{truth_label} {t:.2f}", (t, i - 0.4), xytext=(3, 0), textcoords="offset points",
                                fontsize=_FS, ha="left", va="bottom", color=style.REFERENCE)
    if not isinstance(truth, dict):
        ax.axvline(float(truth), **style.REFERENCE_STYLE)
        lo, hi = ax.get_xlim()
        at = (float(truth) - lo) / (hi - lo) if hi > lo else 0.5     # near an edge: the name inward
        ax.annotate(f"{truth_label} {float(truth):.3g}", (float(truth), 1.0), xycoords=("data", "axes fraction"),
                    xytext=(0, 3), textcoords="offset points", fontsize=_FS, color=style.REFERENCE,
                    ha="right" if at > 0.75 else "left" if at < 0.25 else "center")
    ax.set_yticks(range(len(labels)))
    ax.set_yticklabels(labels, fontsize=_FS)
    ax.set_ylim(-0.6, len(labels) - 0.2)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel, fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    if title:
        ax.set_title(title, fontsize=_FS + 1)
    return ax


def plot_selection_gap(ax, study):
    """Mean best-of-m and nested-CV accuracy against m (log scale), the truth dashed."""
    ms = np.array(study.ms)
    lines = []
    for i, (values, text) in enumerate(((study.best_of, "best of m, same CV"), (study.nested, "nested CV"))):
        line, = ax.plot(ms, values.mean(axis=0), marker="o", ms=5, **style.pair_style(i))
        style.label_line(ax, line, text, frac=0.55, fontsize=_FS)
        lines.append(line)
    ax.axhline(study.truth, **style.REFERENCE_STYLE)
    ax.annotate("true accuracy", (ms[-1], study.truth), xytext=(0, 3), textcoords="offset points",
                fontsize=_FS, color=style.REFERENCE, ha="right")
    ax.set_xscale("log")
    ax.set_xticks(ms)
    ax.set_xticklabels([str(m) for m in ms], fontsize=_FS)
    ax.minorticks_off()
    ax.set_xlabel("m, configurations compared (log scale)", fontsize=_FS + 1)
    ax.set_ylabel("accuracy (mean over data sets)", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    return lines


#: (measure, line style, where along the grid its name is written)
#: and the label's offset in points (recall's name goes under its line: above it, it crossed the frame)
_METRICS = (("precision", "-", 0.75, (3, 4)), ("recall", "--", 0.12, (3, -13)), ("F1", "-.", 0.3, (3, 4)),
            ("accuracy", (0, (1, 1.5)), 0.9, (3, 4)))


def metric_bands(y, s, grid, *, n_resamples=100, rng=0):
    """P, R, F1, accuracy at each threshold of ``grid`` (predict 1 when s >= t), on the data
    and on ``n_resamples`` bootstrap resamples of it: {name: (values, low 5%, high 95%)}.
    Counting is vectorised: the resample weights times the (example x threshold) predictions."""
    y = np.asarray(y)
    s = np.asarray(s, dtype=float)
    grid = np.asarray(grid, dtype=float)
    pred = s[:, None] >= grid[None, :]
    rng = np.random.default_rng(rng)
    W = np.vstack([np.ones(y.size)] + [np.bincount(rng.integers(0, y.size, y.size), minlength=y.size)
                                      for _ in range(n_resamples)])
    pos = (y == 1).astype(float)
    tp = (W * pos) @ pred
    fp = (W * (1 - pos)) @ pred
    P, N = (W * pos).sum(1)[:, None], (W * (1 - pos)).sum(1)[:, None]
    with np.errstate(invalid="ignore", divide="ignore"):
        m = {"precision": tp / (tp + fp), "recall": tp / P, "F1": 2 * tp / (tp + fp + P),
             "accuracy": (tp + N - fp) / (P + N)}
    out = {}
    for name, v in m.items():
        with np.errstate(invalid="ignore"):
            out[name] = (v[0], np.nanpercentile(v[1:], 5, axis=0), np.nanpercentile(v[1:], 95, axis=0))
    return out


def plot_metrics_by_threshold(ax_t, ax_pr, y, s, grid, *, marks=(), n_resamples=100, rng=0):
    """Left: the four measures against the threshold with 90% bootstrap bands (sky blue);
    right: the P-R curve of the same data, with the thresholds ``marks`` shown on both."""
    bands = metric_bands(y, s, grid, n_resamples=n_resamples, rng=rng)
    for name, ls, at, offset in _METRICS:
        v, lo, hi = bands[name]
        ax_t.fill_between(grid, lo, hi, color=style.ESTIMATE, alpha=0.25, lw=0)
        line, = ax_t.plot(grid, v, color=style.CURVE, ls=ls, lw=1.8)
        k = int(round(at * (grid.size - 1)))
        ax_t.annotate(name, (grid[k], v[k]), xytext=offset, textcoords="offset points", fontsize=_FS,
                      bbox=dict(facecolor="white", edgecolor="none", pad=0.5, alpha=0.8))
    ax_t.set_xlabel("threshold t (predict + when score ≥ t)", fontsize=_FS + 1)
    ax_t.set_ylabel("value (band: 90% of resamples)", fontsize=_FS + 1)
    ax_t.set_ylim(0, 1.02)
    ax_t.tick_params(labelsize=_FS)
    p, r, t = _curves.precision_recall_curve(y, s)
    plot_pr_steps(ax_pr, r, p)
    for i, tm in enumerate(marks):
        k = int(np.searchsorted(t, tm))           # the first threshold >= tm
        k = min(k, t.size - 1)
        if i == 0:
            ax_pr.plot(r[k], p[k], **style.CUT_POINT)
        else:
            ax_pr.plot(r[k], p[k], "D", ms=7, mfc="white", mec=style.CURVE, mew=1.5, zorder=6, clip_on=False)
        ax_pr.annotate(f"t = {tm:g}", (r[k], p[k]), xytext=(6, 6), textcoords="offset points", fontsize=_FS)
        if i == 0:
            ax_t.axvline(tm, **style.CUT_LINE)
        else:
            ax_t.axvline(tm, color=style.CURVE, lw=1, ls=":")
    ax_pr.set_xlim(0, 1.02)
    ax_pr.set_ylim(0, 1.02)
    ax_pr.set_xlabel("recall R", fontsize=_FS + 1)
    ax_pr.set_ylabel("precision P", fontsize=_FS + 1)
    ax_pr.tick_params(labelsize=_FS)
    return bands


def plot_gains_and_lift(ax_g, ax_l, y, s):
    """Cumulative gains (left) and lift (right) of one scorer, with the random-targeting reference
    (grey dashed, labelled on the line) and, on the gains chart, the perfect ranking (grey dashed, as in 04)."""
    from .. import operating_point as _op

    x, g, _ = _op.cumulative_gains_curve(y, s)
    ax_g.plot(x, g, color=style.CURVE, lw=2)
    diag, = ax_g.plot([0, 1], [0, 1], **style.DIAGONAL)
    style.label_line(ax_g, diag, "random targeting", frac=0.7, fontsize=_FS)
    base = float(np.mean(np.asarray(y) == 1))
    ax_g.plot([0, base, 1], [0, 1, 1], **style.REFERENCE_STYLE)   # 04's look for the perfect ranking
    ax_g.annotate("perfect ranking", (base, 1), xytext=(6, -14), textcoords="offset points", fontsize=_FS,
                  color=style.REFERENCE)
    ax_g.set_xlabel("share of examples targeted (top of the ranking)", fontsize=_FS + 1)
    ax_g.set_ylabel("share of positives found (gain)", fontsize=_FS + 1)
    ax_g.set_xlim(0, 1)
    ax_g.set_ylim(0, 1.02)
    xl, lift, _ = _op.lift_curve(y, s)
    ax_l.plot(xl, lift, color=style.CURVE, lw=2)
    one = ax_l.axhline(1.0, **style.REFERENCE_STYLE)
    style.label_line(ax_l, one, "random targeting (lift 1)", frac=0.6, fontsize=_FS)
    ax_l.set_xlabel("share of examples targeted", fontsize=_FS + 1)
    ax_l.set_ylabel("lift = precision / share of positives", fontsize=_FS + 1)
    ax_l.set_xlim(0, 1)
    ax_l.set_ylim(0, max(1.2, float(np.max(lift)) * 1.05))     # every point shown, the noisy smallest tops too
    for ax in (ax_g, ax_l):
        ax.tick_params(labelsize=_FS)


# -- splits -----------------------------------------------------------------------------------------------
def plot_folds(ax, splits, n, *, row_labels=None, ticks=None, xlabel="example", title=None):
    """One row per (train, test) pair of ``splits`` over ``n`` examples: training examples light
    grey (``TRAIN``), test examples dark grey (``TEST``), examples the split leaves out white.
    ``ticks``: (positions, labels) for the x axis (e.g. months). Returns the code matrix
    (0 unused, 1 train, 2 test), one row per split."""
    from matplotlib.colors import ListedColormap

    splits = [(np.asarray(tr, dtype=int), np.asarray(te, dtype=int)) for tr, te in splits]
    codes = np.zeros((len(splits), int(n)), dtype=int)
    for r, (tr, te) in enumerate(splits):
        codes[r, tr] = 1
        codes[r, te] = 2
    cmap = ListedColormap(["white", style.TRAIN, style.TEST])
    ax.pcolormesh(np.arange(n + 1) - 0.5, np.arange(len(splits) + 1) - 0.5, codes, cmap=cmap, vmin=0, vmax=2)
    for r in range(1, len(splits)):
        ax.axhline(r - 0.5, color="white", lw=2)
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(len(splits) - 0.5, -0.5)
    labels = row_labels if row_labels is not None else [f"split {r + 1}" for r in range(len(splits))]
    ax.set_yticks(range(len(splits)), labels, fontsize=_FS)
    if ticks is not None:
        ax.set_xticks(ticks[0], ticks[1], fontsize=_FS)
    else:
        ax.tick_params(axis="x", labelsize=_FS)
    ax.tick_params(length=0)
    ax.set_xlabel(xlabel, fontsize=_FS + 1)
    if title:
        ax.set_title(title, fontsize=_FS + 1, loc="left")
    for side in ("top", "right", "left", "bottom"):
        ax.spines[side].set_visible(False)
    return codes


def plot_test_fold_map(ax, rows, groups, *, xlabel="example (a letter: its group)"):
    """``rows``: {label: splits}; each example is a cell coloured by the index of the fold it is
    tested in (cividis, ``SEQUENTIAL``), one row per way of splitting; ``groups``: one label per
    example, the groups' boundaries drawn as white gaps and each group named under the axis.
    Returns {label: the test-fold index of each example (-1: never tested)}."""
    import matplotlib as mpl

    groups = np.asarray(groups)
    n = groups.size
    out = {}
    k = max(len(list(v)) if not isinstance(v, list) else len(v) for v in rows.values())
    cmap = mpl.colormaps[style.SEQUENTIAL].resampled(k)
    for r, (label, splits) in enumerate(rows.items()):
        fold = np.full(n, -1)
        for f, (_, te) in enumerate(splits):
            fold[np.asarray(te, dtype=int)] = f
        out[label] = fold
        for i in range(n):
            if fold[i] >= 0:
                ax.add_patch(mpl.patches.Rectangle((i - 0.45, r - 0.4), 0.9, 0.8, color=cmap(fold[i]), lw=0))
                ax.text(i, r, str(fold[i] + 1), ha="center", va="center", fontsize=_FS - 1,
                        color="white" if fold[i] < k / 2 else "black")
    edges = np.flatnonzero(groups[1:] != groups[:-1]) + 0.5
    for e in edges:
        ax.axvline(e, color=style.CURVE, lw=1.2)
    starts = np.r_[0, np.flatnonzero(groups[1:] != groups[:-1]) + 1]
    ends = np.r_[starts[1:], n]
    ax.set_xticks((starts + ends - 1) / 2, [str(groups[s_]) for s_ in starts], fontsize=_FS)
    ax.set_yticks(range(len(rows)), list(rows), fontsize=_FS)
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.tick_params(length=0)
    ax.set_xlabel(xlabel, fontsize=_FS + 1)
    for side in ("top", "right", "left", "bottom"):
        ax.spines[side].set_visible(False)
    return out


# -- the DET curve ------------------------------------------------------------------------------------------
def _probit(p):
    from statistics import NormalDist

    inv = NormalDist().inv_cdf
    return np.array([inv(float(v)) for v in np.atleast_1d(p)])


def plot_det_and_eer(ax_roc, ax_det, y, s):
    """Left: the ROC curve, the line FPR = FNR (TPR = 1 - FPR) and the equal-error point on both;
    right: the DET curve, FNR against FPR on normal-deviate axes (as scikit-learn's DetCurveDisplay),
    where a binormal scorer's curve is a straight line, with the same point. Returns the
    :class:`~learnmetrics.operating_point.EqualErrorRate`."""
    from .. import operating_point as _op

    eer = _op.equal_error_rate(y, s)
    fpr, tpr, _ = _curves.roc_curve(y, s)
    ax_roc.plot(fpr, tpr, color=style.CURVE, lw=2)
    diag, = ax_roc.plot([0, 1], [0, 1], **style.DIAGONAL)
    style.label_line(ax_roc, diag, "random guess", frac=0.75, fontsize=_FS)
    eq, = ax_roc.plot([0, 1], [1, 0], color=style.REFERENCE, ls="-.", lw=1)
    style.label_line(ax_roc, eq, "FPR = FNR", frac=0.8, fontsize=_FS)
    # the EER point is no cut of the scorer (it lies between two thresholds), so not the orange of the
    # current position: an open diamond
    eer_mark = dict(marker="D", ms=9, mfc="white", mec=style.CURVE, mew=1.8, ls="none", zorder=6, clip_on=False)
    ax_roc.plot(eer.eer, 1 - eer.eer, **eer_mark)     # where the curve crosses FPR = FNR
    ax_roc.annotate(f"EER = {eer.eer:.3f}", (eer.eer, 1 - eer.eer), xytext=(10, -14), textcoords="offset points",
                    fontsize=_FS)
    ax_roc.set_xlim(0, 1)
    ax_roc.set_ylim(0, 1)
    ax_roc.set_aspect("equal")
    ax_roc.set_xlabel("FPR", fontsize=_FS + 1)
    ax_roc.set_ylabel("TPR = 1 − FNR", fontsize=_FS + 1)
    ax_roc.set_title("ROC curve", fontsize=_FS + 1, loc="left")
    f, fn, _ = _op.det_curve(y, s)
    lim = (0.005, 0.995)
    ok = (f > 0) & (f < 1) & (fn > 0) & (fn < 1)
    ax_det.plot(_probit(f[ok]), _probit(fn[ok]), color=style.CURVE, lw=2)
    a, b = _probit(lim)
    eq2, = ax_det.plot([a, b], [a, b], color=style.REFERENCE, ls="-.", lw=1)
    style.label_line(ax_det, eq2, "FPR = FNR", frac=0.85, fontsize=_FS)
    e = _probit(eer.eer)[0]
    ax_det.plot(e, e, **eer_mark)
    ax_det.annotate(f"EER = {eer.eer:.3f}", (e, e), xytext=(10, 4),
                    textcoords="offset points", fontsize=_FS)
    ticks = np.array([0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99])
    for set_lim, set_ticks in ((ax_det.set_xlim, ax_det.set_xticks), (ax_det.set_ylim, ax_det.set_yticks)):
        set_lim(a, b)
        set_ticks(_probit(ticks), [f"{t:g}" for t in ticks], fontsize=_FS)
    ax_det.set_aspect("equal")
    ax_det.set_xlabel("FPR (normal-deviate scale)", fontsize=_FS + 1)
    ax_det.set_ylabel("FNR (normal-deviate scale)", fontsize=_FS + 1)
    ax_det.set_title("DET curve", fontsize=_FS + 1, loc="left")
    for ax in (ax_roc, ax_det):
        ax.tick_params(labelsize=_FS)
    return eer


# -- intervals for one proportion --------------------------------------------------------------------------
_Z95 = 1.959963984540054


@functools.lru_cache(maxsize=32)
def _interval_ends(n, method, confidence):
    """(lows, highs) of ``proportion_ci(k, n)`` for k = 0..n, computed once per (n, method, confidence)."""
    from .. import uncertainty as _unc

    cis = [_unc.proportion_ci(j, n, confidence=confidence, method=method) for j in range(n + 1)]
    return tuple(c.low for c in cis), tuple(c.high for c in cis)


def interval_coverage(n, ps, method, *, confidence=0.95):
    """The exact coverage of a confidence interval for a proportion from k of ``n``, at each true
    proportion of ``ps``: the sum of the binomial probabilities P(K = k) over the k whose interval
    contains p. ``method``: "wald" (p̂ ± z·sqrt(p̂(1 − p̂)/n)) or a method of
    :func:`learnmetrics.proportion_ci` ("wilson", "wilsoncc", "exact")."""
    from math import lgamma

    n = int(n)
    ps = np.atleast_1d(np.asarray(ps, dtype=float))
    k = np.arange(n + 1)
    if method == "wald":
        if confidence != 0.95:
            raise ValueError(f"the Wald interval here uses confidence=0.95 only, got {confidence!r}")
        ph = k / n
        half = _Z95 * np.sqrt(ph * (1 - ph) / n)
        low, high = ph - half, ph + half
    else:
        low, high = (np.array(v) for v in _interval_ends(n, method, float(confidence)))
    logc = np.array([lgamma(n + 1) - lgamma(j + 1) - lgamma(n - j + 1) for j in k])
    with np.errstate(divide="ignore"):
        logp = logc[None, :] + k[None, :] * np.log(ps[:, None]) + (n - k)[None, :] * np.log1p(-ps[:, None])
    prob = np.exp(logp)
    inside = (low[None, :] <= ps[:, None]) & (ps[:, None] <= high[None, :])
    return (prob * inside).sum(axis=1)


_METHOD_NAMES = (("wald", "Wald  p̂ ± 1.96·sqrt(p̂(1 − p̂)/n)"), ("wilson", "Wilson"), ("exact", "Clopper-Pearson"))


def plot_interval_coverage(axes, n, ps, *, confidence=0.95):
    """One panel per interval (Wald, Wilson, Clopper-Pearson, top to bottom): its exact coverage
    against the true proportion p for ``n`` trials (near-black), the nominal level grey dashed.
    Returns {method: coverage at each p}."""
    out = {method: interval_coverage(n, ps, method, confidence=confidence) for method, _ in _METHOD_NAMES}
    common = max(min(0.6, np.floor(c.min() * 10) / 10) for c in out.values())
    for ax, (method, name) in zip(axes, _METHOD_NAMES):
        cov = out[method]
        ax.plot(ps, cov, color=style.CURVE, lw=1.2)
        ax.axhline(confidence, **style.REFERENCE_STYLE)
        # the label on the side of the line the curve leaves free near its left end
        bottom = min(0.6, np.floor(cov.min() * 10) / 10)      # the worst tooth on the plot
        above = bottom >= 0.5 and float(np.mean(cov[: max(1, len(cov) // 5)])) < confidence
        ax.annotate(f"{confidence:.0%} promised", (ps[0], confidence), xytext=(2, 3 if above else (-3 if bottom >= 0.5 else -12)),
                    textcoords="offset points", fontsize=_FS, color=style.REFERENCE, va="bottom" if above else "top",
                    bbox=dict(facecolor="white", edgecolor="none", pad=0.5, alpha=0.8))
        ax.set_ylim(bottom, 1.0)
        ax.set_xlim(ps[0], ps[-1])
        ax.set_ylabel("coverage", fontsize=_FS + 1)
        # a panel whose axis starts lower than the others' says so (its worst tooth is far below)
        note = f"  (y axis from {bottom:g}, the others from {common:g})" if bottom < common else ""
        ax.set_title(f"{name}: lowest {cov.min():.3f}{note}", fontsize=_FS + 1, loc="left")
        ax.tick_params(labelsize=_FS)
    axes[-1].set_xlabel(f"true proportion p (n = {int(n)})", fontsize=_FS + 1)
    return out


# -- the permutation test -----------------------------------------------------------------------------------
def plot_permutation_null(ax, result, *, n=None, title=None):
    """The shuffled-label scores of a :class:`~learnmetrics.evaluation.PermutationTest` as a
    histogram (the null: light grey, dark outline), the shuffles scoring at least as high as the
    real labels hatched, the real score a solid near-black line with the p-value. ``n``: the
    number of examples (bins of width 1/n, as the accuracies are multiples of it)."""
    null = np.asarray(result.permutation_scores, dtype=float)
    lo = min(null.min(), result.score)
    hi = max(null.max(), result.score)
    if n:
        step = 1.0 / n
        edges = np.arange(np.floor(lo / step) - 0.5, np.ceil(hi / step) + 1.0) * step
    else:
        edges = np.linspace(lo, hi, 16)
    counts, edges = np.histogram(null, bins=edges)
    centres = (edges[:-1] + edges[1:]) / 2
    widths = np.diff(edges)
    ax.bar(centres, counts, width=widths, **style.NULL)
    at_least = centres >= result.score - 1e-12
    ax.axvline(result.score, color=style.CURVE, lw=1.2, zorder=2)
    if at_least.any():     # over the line, so a hatched bar at the real score stays visible
        ax.bar(centres[at_least], counts[at_least], width=widths[at_least], facecolor="none",
               edgecolor=style.REJECT, hatch="///", lw=0, zorder=3)
    right = result.score > (edges[0] + edges[-1]) / 2      # the text goes to the side with more room
    high = int(np.sum(null >= result.score - 1e-12))
    ax.annotate(f"real labels: {result.score:.3f}\n{high} shuffle{'s' if high != 1 else ''} as high\n"
                f"p = {result.pvalue:.2f}", (result.score, 1.0),
                xycoords=("data", "axes fraction"), xytext=(-4 if right else 4, -4), textcoords="offset points",
                fontsize=_FS, ha="right" if right else "left", va="top", bbox=dict(facecolor="white", edgecolor="none", pad=1.0, alpha=0.9), zorder=7)
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(0, counts.max() * 1.35)
    ax.set_xlabel("CV accuracy", fontsize=_FS + 1)
    ax.set_ylabel(f"shuffles (of {null.size})", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    if title:
        ax.set_title(title, fontsize=_FS + 1, loc="left")
    return counts
