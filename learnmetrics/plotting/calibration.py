"""Pictures of calibration (chapter 11): reliability diagrams and recalibration maps.

Visual grammar (:mod:`learnmetrics.plotting.style`): the diagonal of perfect
calibration is the grey dashed reference (``style.REFERENCE``), and so is a true
probability (open grey markers); one model's reliability curve is near-black
(``style.CURVE``); learners compared keep ``style.learner_style(i)``, a pair shown
once (before / after, Platt / isotonic) ``style.pair_style(i)`` labelled on its
line. Under the curve, light grey bars on their own axis (at the right) count the
examples in each bin (a point made of 3 examples means little). No text smaller
than 9 pt.
"""
from __future__ import annotations

import numpy as np

from .. import calibration as _cal
from . import style

__all__ = ["plot_reliability_diagram", "plot_calibration_map", "plot_proper_losses", "plot_brier_terms",
           "plot_cost_by_threshold"]

_FS = 9
_MARKERS = ("o", "s", "^", "D")
_COUNT_BARS = "#DDDDDD"   # counts of examples: a plain light grey (sky blue means an estimate only)


def plot_reliability_diagram(ax, y_true, probs, *, n_bins=10, strategy="uniform", pos_label=None, counts=True,
                             legend_loc="upper left", reference=None, pair=False, intervals=False, confidence=0.95,
                             pair_labels=None, count_label_at=(1.0, 0.27, "right", "bottom")):
    """The reliability diagram: fraction of positives against mean probability, bin by bin.

    Parameters
    ----------
    ax : matplotlib Axes
    y_true : array-like of shape (n_samples,)
    probs : array-like, or dict name -> array-like
        One model's probabilities, or several (drawn with ``style.learner_style(i)``;
        a single model in ``style.CURVE``).
    n_bins, strategy, pos_label : as in :func:`learnmetrics.calibration_curve`
    counts : bool, default=True
        Bars along the bottom: the number of examples in each bin (of the first
        model), on their own axis at the right (the y axis on the left is the
        fraction of positives, which the bars are not).
    legend_loc : str, default="upper left"
    reference : str or None, default=None
        The name (a key of ``probs``) of a true / reference probability, such as
        the true P(+|x) of a simulation: drawn as the course's reference (grey,
        open markers), not in a learner's colour.
    pair : bool, default=False
        Two models that are one pair shown once (a model before and after
        recalibration): near-black solid and dotted (``style.pair_style``), not the
        learners' green and purple.
    intervals : bool, default=False
        Each bin's Wilson interval for its fraction of positives
        (:func:`learnmetrics.reliability_intervals`), a sky-blue bar (the course's look for
        an estimate's spread) behind each point of the first model: a gap from the diagonal
        inside its bar is no evidence of miscalibration.
    confidence : float, default=0.95
    pair_labels : sequence of two (x, above) or None, default=None
        Where the two names of a ``pair`` sit on their lines: at data ``x``, above or below
        the line (default ``((0.8, False), (0.3, False))``).
    count_label_at : (x, y, ha, va), default=(1.0, 0.27, "right", "bottom")
        Where the bars' caption sits, in axes coordinates (move it off a curve).

    When several models are drawn, the bars and the intervals are the first model's only;
    their caption and legend entry then name it.

    Returns
    -------
    dict name -> (prob_true, prob_pred)
    """
    models = probs if isinstance(probs, dict) else {"model": probs}
    if reference is not None and reference not in models:
        raise ValueError(f"reference must be one of the names in probs {list(models)}, got {reference!r}")
    out = {}
    ax.plot([0, 1], [0, 1], color=style.REFERENCE, ls="--", lw=1.5, label="perfectly calibrated (diagonal)")
    learners = [n for n in models if n != reference]
    pair_lines = []
    for name, p in models.items():
        pt, pp = _cal.calibration_curve(y_true, p, pos_label=pos_label, n_bins=n_bins, strategy=strategy)
        out[name] = (pt, pp)
        if name == reference:
            # open circles without a joining line: a grey line would lie on the grey dashed diagonal
            ax.plot(pp, pt, marker="o", ms=7, mfc="white", mec=style.REFERENCE, mew=1.6, color=style.REFERENCE,
                    ls="none", label=name, zorder=3)
            continue
        i = learners.index(name)
        st = (dict(color=style.CURVE, ls="-") if len(learners) == 1 else
              style.pair_style(i) if pair and len(learners) == 2 else style.learner_style(i))
        paired = pair and len(learners) == 2
        if intervals and i == 0:
            _, pp_i, lo, hi, _ = _cal.reliability_intervals(y_true, p, n_bins=n_bins, strategy=strategy,
                                                            pos_label=pos_label, confidence=confidence)
            whose = f", {name}" if len(learners) > 1 else ""   # the first model's bars only: say whose
            ax.vlines(pp_i, lo, hi, color=style.ESTIMATE, lw=6, alpha=0.6, zorder=2, clip_on=False,
                      label=f"{confidence:.0%} Wilson interval per bin{whose}")
        (line,) = ax.plot(pp, pt, marker=_MARKERS[i % len(_MARKERS)], ms=6, lw=1.8,
                          label="_" + name if paired else name, zorder=4, **st)
        if paired:   # a pair shown once: each labelled on its line (CONTRIBUTING), not in the legend
            pair_lines.append((line, name))
    if counts:
        name, p = next(iter(models.items())) if not learners else (learners[0], models[learners[0]])
        p_arr = np.asarray(p, dtype=float)
        if strategy == "uniform":
            edges = np.linspace(0, 1, n_bins + 1)
        else:
            edges = np.percentile(p_arr, np.linspace(0, 100, n_bins + 1))
        ids = np.searchsorted(edges[1:-1], p_arr)
        n_in = np.bincount(ids, minlength=n_bins)
        axc = ax.twinx()
        axc.bar(edges[:-1], n_in, width=np.diff(edges), align="edge", color=_COUNT_BARS, edgecolor="white",
                zorder=0)
        top = max(int(n_in.max()), 1)
        axc.set_ylim(0, 4.0 * top)   # the bars fill the bottom quarter; the count axis spans them only
        from matplotlib.ticker import MaxNLocator
        ticks = [t for t in MaxNLocator(3, integer=True).tick_values(0, top) if 0 <= t <= top]
        axc.set_yticks(ticks)
        axc.spines["right"].set_bounds(0, top)
        axc.spines["top"].set_visible(False)
        cx, cy, cha, cva = count_label_at
        whose = f" of\n{name}" if len(learners) > 1 else ""   # the bars count the first model's bins only
        axc.text(cx, cy, f"examples per bin{whose}\n(bars, right axis)", transform=ax.transAxes, ha=cha, va=cva,
                 fontsize=_FS, color="#333333", multialignment=cha if cha != "center" else "center")
        axc.tick_params(labelsize=_FS)
        axc.set_zorder(ax.get_zorder() - 1)
        ax.patch.set_visible(False)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("mean predicted probability in the bin", fontsize=_FS + 1)
    ax.set_ylabel("fraction of positives in the bin", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.legend(fontsize=_FS, loc=legend_loc)
    # the first of the pair (the model before) below its line where it sags under the diagonal, the second
    # (after) below its line near the low end, clear of the diagonal and of the first
    for (line, name), (x, above) in zip(pair_lines, pair_labels or [(0.8, False), (0.3, False)]):
        style.label_line(ax, line, name, x=x, above=above, fontsize=_FS)
    return out


def plot_calibration_map(ax, calibrators, *, grid=None, xlabel="score (probability before)"):
    """Fitted recalibration maps: new probability against old score.

    Parameters
    ----------
    ax : matplotlib Axes
    calibrators : dict name -> fitted PlattCalibrator | IsotonicCalibrator
    grid : array-like, default=np.linspace(0, 1, 201)
    """
    g = np.linspace(0, 1, 201) if grid is None else np.asarray(grid, dtype=float)
    (diag,) = ax.plot([g.min(), g.max()], [g.min(), g.max()], **style.REFERENCE_STYLE)
    style.label_line(ax, diag, "no change", frac=0.85)
    items = list(calibrators.items())
    for i, (name, c) in enumerate(items):
        st = style.pair_style(i) if len(items) == 2 else style.learner_style(i)
        (line,) = ax.plot(g, c.predict(g), lw=2, **st)
        style.label_line(ax, line, name, frac=0.25 + 0.45 * i, above=(i == 0))
    ax.set_xlabel(xlabel, fontsize=_FS + 1)
    ax.set_ylabel("recalibrated probability", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    return ax


def plot_proper_losses(ax, *, p_min=0.001):
    """The Brier score and the log loss of ONE example as curves against the probability
    it was given for its true class: (1 - p)² and -ln p (a pair shown once: near-black
    solid and dotted, each labelled on its line). Both are 0 at p = 1; the Brier score
    never exceeds 1, the log loss grows without bound as p -> 0."""
    p = np.linspace(float(p_min), 1.0, 400)
    brier = np.array([_cal.brier_score_loss([1], [v]) for v in p])
    ll = -np.log(p)
    (lb,) = ax.plot(p, brier, lw=2, **style.pair_style(0))
    (ll_line,) = ax.plot(p, ll, lw=2, **style.pair_style(1))
    top = 5.0
    ax.set_ylim(0, top)
    ax.set_xlim(0, 1)
    # the labels clear of the other curve and of the x axis: Brier's under its own line (the log loss runs above
    # it) on its high left part, so the label's right end stays well above the axis; the log loss's to the right
    # of its steep part, above the falling curve
    style.label_line(ax, lb, "Brier $(1-p)^2$ (at most 1)", x=0.17, above=False)
    ax.text(0.24, 1.75, "log loss $-\\ln p$ (no bound)", color=style.CURVE, fontsize=9, ha="left", va="bottom")
    ax.annotate(f"p = {p_min:g}: log loss {-np.log(p_min):.1f} (off the axis)", (p_min, top), xytext=(18, -14),
                textcoords="offset points", fontsize=_FS, ha="left", va="top",
                arrowprops=dict(arrowstyle="->", color=style.CURVE, lw=1))
    ax.set_xlabel("probability given to the example's TRUE class", fontsize=_FS + 1)
    ax.set_ylabel("loss of this one example", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


#: a value written upwards from the top of its bar: turned about its own start (``rotation_mode``
#: "anchor"), so the whole text stays above the bar's top edge (the Brier score's, when its open bar
#: is tall enough, inside the bar from its top down, so it never crosses the dashed uncertainty line)
_UP_LABEL = dict(rotation=90, rotation_mode="anchor", ha="left", va="center", zorder=4,
                 bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none"))


def plot_brier_terms(ax, decompositions):
    """Murphy's decomposition as a walk per model: start at the uncertainty (the data's
    own term), go DOWN by the resolution, UP by the reliability (and the within-bin
    terms, if any), and land on the Brier score. ``decompositions``: dict name ->
    :class:`learnmetrics.calibration.BrierDecomposition`. Each step is labelled with
    its value; the grey dashed line is the uncertainty, the same for every model."""
    items = list(decompositions.items())
    if not items or not all(isinstance(d, _cal.BrierDecomposition) for _, d in items):
        raise TypeError("decompositions must be a non-empty dict name -> BrierDecomposition")
    unc = items[0][1].uncertainty
    w = 0.22
    for j, (name, d) in enumerate(items):
        x0 = j * 1.0
        within = d.within_variance - 2 * d.within_covariance
        steps = [("uncertainty", 0.0, d.uncertainty, "#BBBBBB", ""),
                 ("− resolution", d.uncertainty - d.resolution, d.uncertainty, "white", "///"),
                 ("+ reliability", d.uncertainty - d.resolution, d.uncertainty - d.resolution + d.reliability,
                  style.CURVE, "")]
        for k, (label, lo, hi, colour, hatch) in enumerate(steps):
            xs = x0 + (k - 1.5) * w
            ax.bar(xs, hi - lo, w * 0.9, bottom=lo, color=colour, hatch=hatch, edgecolor=style.CURVE, lw=0.8)
            value = {0: d.uncertainty, 1: d.resolution, 2: d.reliability}[k]
            ax.text(xs, hi + 0.004, f"{value:.4f}", fontsize=_FS, **_UP_LABEL)
        xs = x0 + 1.5 * w
        ax.bar(xs, d.brier, w * 0.9, color="white", edgecolor=style.CURVE, lw=1.6)
        if d.brier >= 0.5 * unc:   # inside its open bar, downwards from the top: clear of the dashed line
            ax.text(xs, d.brier - 0.006, f"Brier {d.brier:.4f}", fontsize=_FS, **{**_UP_LABEL, "ha": "right"})
        else:
            ax.text(xs, d.brier + 0.004, f"Brier {d.brier:.4f}", fontsize=_FS, **_UP_LABEL)
        if abs(within) >= 5e-5:
            ax.text(x0, -0.035, f"within-bin {within:+.4f}", ha="center", va="top", fontsize=_FS)
    ax.axhline(unc, **style.REFERENCE_STYLE)
    ax.set_xticks([j * 1.0 for j in range(len(items))], [n for n, _ in items], fontsize=_FS + 1)
    ax.tick_params(axis="x", length=0, pad=16)
    ax.set_ylim(0, unc * 1.45)
    ax.set_xlim(-0.55, len(items) - 0.45)
    ax.set_ylabel("Brier score and its terms", fontsize=_FS + 1)
    ax.tick_params(axis="y", labelsize=_FS)
    ax.spines[["top", "right"]].set_visible(False)
    ax.text(-0.5, unc * 1.42, "bars, left to right: uncertainty, − resolution (hatched, down), + reliability "
            "(black, up), Brier (open)", fontsize=_FS, va="top")
    return ax


def plot_cost_by_threshold(ax, y_true, probs, *, cost01, cost10, thresholds=None):
    """Mean cost of "predict + when p > t" against the threshold t, for a pair of
    probability sets (e.g. a model's raw and its recalibrated probabilities), each
    labelled on its line (near-black solid / dotted). The cut the costs prescribe,
    t = cost10 / (cost01 + cost10), is the orange cut line; each curve's own best t
    is marked with an open circle. ``cost01``: a missed positive; ``cost10``: a false alarm."""
    from ..cost import cost_sensitive_error

    y = np.asarray(y_true)
    t_grid = np.linspace(0.0, 0.6, 121) if thresholds is None else np.asarray(thresholds, dtype=float)
    costs = [[0, cost10], [cost01, 0]]
    cut = _cal.cost_threshold(cost01=cost01, cost10=cost10)
    items = list(probs.items())
    curves = {}
    for i, (name, p) in enumerate(items):
        p = np.asarray(p, dtype=float)
        c = np.array([cost_sensitive_error(y, (p > t).astype(int), costs) for t in t_grid])
        curves[name] = c
        (line,) = ax.plot(t_grid, c, lw=2, **style.pair_style(i))
        b = int(np.argmin(c))
        ax.plot([t_grid[b]], [c[b]], "o", ms=8, mfc="white", mec=style.CURVE, mew=1.5, zorder=5)
        at = float(np.interp(cut, t_grid, c))
        ax.plot([cut], [at], "o", ms=5, color=style.CURVE, zorder=6)
        style.label_line(ax, line, name, x=0.45, above=(i == 0))
    ax.axvline(cut, **style.CUT_LINE)
    ax.text(cut, 0.99, f" t = {cut:.3f} from the costs", transform=ax.get_xaxis_transform(), ha="left",
            va="top", fontsize=_FS)
    ax.set_xlabel("threshold t: predict + when the probability exceeds t", fontsize=_FS + 1)
    ax.set_ylabel("mean cost per example", fontsize=_FS + 1)
    ax.tick_params(labelsize=_FS)
    ax.spines[["top", "right"]].set_visible(False)
    return curves


def plot_ece_gaps(ax, y_true, y_prob, *, n_bins=10, strategy="uniform", pos_label=None):
    """The ECE as an area: one bar per non-empty bin, its width the bin's share of the examples
    n_k/m and its height the bin's gap |fraction of positives - mean probability|, side by side;
    the bars' total area is :func:`learnmetrics.expected_calibration_error`. The bin's mean
    probability is written above each bar wide enough to hold it. Returns the ECE."""
    from .. import calibration as _cal

    pt, pp, _, _, counts = _cal.reliability_intervals(y_true, y_prob, n_bins=n_bins, strategy=strategy,
                                                      pos_label=pos_label)
    share = counts / counts.sum()
    gap = np.abs(pt - pp)
    left = np.r_[0.0, np.cumsum(share)[:-1]]
    ax.bar(left, gap, width=share, align="edge", color="#C8C8C8", edgecolor=style.CURVE, lw=1.0)
    top = float(gap.max()) if gap.size else 1.0
    for x0, w, g, p in zip(left, share, gap, pp):
        if w >= 0.06:
            ax.text(x0 + w / 2, g + 0.02 * top, f"p̄ {p:.2f}", ha="center", va="bottom", fontsize=_FS)
    ece = float((share * gap).sum())
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.18 * top)
    ax.set_xlabel("share of the examples (one bar per bin, width n_k / m)", fontsize=_FS + 1)
    ax.set_ylabel("gap |positives - mean p| in the bin", fontsize=_FS + 1)
    ax.set_title(f"ECE = total area of the bars = {ece:.4f}", fontsize=_FS + 1, loc="left")
    ax.tick_params(labelsize=_FS)
    return ece
