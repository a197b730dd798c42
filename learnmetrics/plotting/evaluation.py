"""Pictures of the evaluation methods: folds, spreads of estimates, the bias-variance
trade-off of the test share, the out-of-bag share. Each function takes an ``ax``
and returns the artists it made (so an explorer can move them later)."""
from __future__ import annotations

import numpy as np
from matplotlib.colors import ListedColormap

from .._validation import as_labels, as_scores, check_positive_int, check_real
from . import style

__all__ = [
    "METHOD_LABELS",
    "fold_colormap",
    "plot_folds",
    "plot_split",
    "plot_training_overlap",
    "plot_estimates_hist",
    "hist_shares",
    "plot_tradeoff",
    "plot_oob_curve",
    "plot_bootstrap_counts",
    "bootstrap_count_segments",
    "bootstrap_oob_segments",
    "bootstrap_bar_width",
    "plot_learning_curve",
    "plot_estimator_comparison",
    "plot_method_estimates",
    "plot_l2_tuning",
    "plot_estimate_spreads",
]

# (matplotlib's default font has no Chinese glyphs: the book's terms stay in the notebooks' text)
METHOD_LABELS = {
    "resubstitution": "training error\n(resubstitution)",
    "holdout": "hold-out",
    "kfold": "k-fold CV",
    "repeated_kfold": "p x k-fold CV",
    "loo": "leave-one-out",
    "bootstrap": "bootstrap\n(out-of-bag)",
}

# the course's visual grammar (learnmetrics.plotting.style): training / test examples,
# true (reference) values and estimates keep one look in every figure of chapter 01
TRAIN_COLOR = style.TRAIN
TEST_COLOR = style.TEST
TRUE_COLOR = style.REFERENCE
EST_COLOR = style.ESTIMATE
#: text size of legends and labels inside the figures (>= 9 pt at the stored size)
FONT = 9


def fold_colormap(k: int, *, interleave: bool = False) -> ListedColormap:
    """k colours for the folds 0 .. k-1, from the course's ordered map (cividis): a fold's
    number is an index, and the reserved colours (orange, blue, vermillion) stay out.

    ``interleave=True`` hands the colours out alternately from the two halves of the map
    (fold 0 the first colour, fold 1 the middle one, fold 2 the second ...), so that
    neighbouring folds, drawn side by side, differ by about half the map even when k >= 10."""
    import matplotlib

    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ValueError(f"k must be a positive integer, got {k!r}")
    colours = matplotlib.colormaps[style.SEQUENTIAL](np.linspace(0.0, 1.0, int(k)))
    if interleave:
        half = (int(k) + 1) // 2
        order = np.empty(int(k), dtype=int)
        order[0::2], order[1::2] = np.arange(half), np.arange(half, int(k))
        colours = colours[order]
    return ListedColormap(colours)


def _class_order(y):
    return np.argsort(np.asarray(y), kind="stable")


def _same_length(**arrays):
    lengths = {k: len(v) for k, v in arrays.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError("inputs have different lengths: " + ", ".join(f"{k} has {v}" for k, v in lengths.items()))


def _bins(bins, default):
    if bins is None:
        return default
    bins = as_scores(bins, "bins")
    if len(bins) < 2 or np.any(np.diff(bins) <= 0):
        raise ValueError("bins must be at least two strictly increasing edges")
    return bins


def plot_folds(ax, folds, y=None, *, k=None, title=None):
    """Coloured bands: one row per repetition of k-fold CV, one cell per example
    (examples sorted by class when ``y`` is given), coloured by the fold that tests it.

    Returns the ``AxesImage``.
    """
    folds = np.atleast_2d(np.asarray(folds))
    if folds.ndim != 2 or folds.size == 0 or folds.dtype.kind not in "iu" or folds.min() < 0:
        raise ValueError("folds must be a non-empty (runs, m) array of fold numbers 0 .. k-1")
    k = int(folds.max()) + 1 if k is None else check_positive_int(k, "k", minimum=int(folds.max()) + 1)
    if y is not None:
        y = as_labels(y, "y")
        _same_length(y=y, folds_row=folds[0])
    order = _class_order(y) if y is not None else np.arange(folds.shape[1])
    im = ax.imshow(folds[:, order], aspect="auto", cmap=fold_colormap(k), vmin=-0.5, vmax=k - 0.5,
                   interpolation="nearest")
    ax.set_yticks(np.arange(folds.shape[0]), [f"run {i + 1}" for i in range(folds.shape[0])], fontsize=FONT)
    ax.set_xlabel("examples" + (" (sorted by class)" if y is not None else ""))
    if y is not None:
        n_neg = int(np.sum(np.asarray(y)[order] == np.unique(y)[0]))
        ax.axvline(n_neg - 0.5, color="black", lw=1.5)
    if title:
        ax.set_title(title)
    return im


def plot_split(ax, n, test_idx, y=None, *, label=None):
    """One hold-out split as a band of n cells: training (``style.TRAIN``, light grey) or
    test (``style.TEST``, dark grey)."""
    n = check_positive_int(n, "n", minimum=1)
    test_idx = np.asarray(test_idx)
    if test_idx.ndim != 1 or (test_idx.size and (test_idx.dtype.kind not in "iu" or test_idx.min() < 0
                                                  or test_idx.max() >= n)):
        raise ValueError(f"test_idx must be a 1-D array of indices in 0 .. {n - 1}")
    if y is not None:
        y = as_labels(y, "y")
        if len(y) != n:
            raise ValueError(f"y has {len(y)} labels but n={n}")
    row = np.zeros(n)
    row[test_idx] = 1
    order = _class_order(y) if y is not None else np.arange(n)
    im = ax.imshow(row[order][None, :], aspect="auto", cmap=ListedColormap([TRAIN_COLOR, TEST_COLOR]),
                   vmin=0, vmax=1, interpolation="nearest")
    ax.set_yticks([0], [label or ""])
    if y is not None:
        # the classes apart by a white gap: a black line would vanish among the dark-grey test cells
        n_neg = int(np.sum(np.asarray(y)[order] == np.unique(y)[0]))
        ax.axvline(n_neg - 0.5, color="white", lw=4)
    return im


def plot_training_overlap(ax, splits):
    """The k training sets of k-fold cross-validation, one row each: a cell per example (sorted by
    the fold that tests it), light grey (``style.TRAIN``) where the example is in that model's
    training set, dark grey (``style.TEST``) where it is tested. Any two rows share every column
    but their two dark blocks: the training sets overlap in all but two folds.

    ``splits`` is a sequence of (train_idx, test_idx) pairs, e.g. ``list(lm.kfold_split(y, k))``.
    Returns the ``AxesImage``."""
    splits = list(splits)
    if not splits:
        raise ValueError("splits must hold at least one (train_idx, test_idx) pair")
    m = max(int(np.max(np.r_[tr, te])) for tr, te in splits) + 1
    tested_by = np.full(m, -1)
    for i, (_, te) in enumerate(splits):
        tested_by[np.asarray(te, dtype=int)] = i
    order = np.argsort(tested_by, kind="stable")
    grid = np.zeros((len(splits), m))
    for i, (tr, te) in enumerate(splits):
        grid[i, np.asarray(te, dtype=int)] = 1
    im = ax.imshow(grid[:, order], aspect="auto", cmap=ListedColormap([TRAIN_COLOR, TEST_COLOR]), vmin=0, vmax=1,
                   interpolation="nearest")
    ax.set_yticks(np.arange(len(splits)), [f"model {i + 1}" for i in range(len(splits))], fontsize=FONT)
    ax.set_xticks([])
    ax.set_xlabel(f"the {m} examples, sorted by the fold that tests them "
                  "(light grey: in the training set; dark grey: in the test fold)", fontsize=FONT)
    return im


def plot_estimates_hist(ax, estimates, *, true_error=None, bins=None, color=EST_COLOR, label="estimates"):
    """Histogram of error estimates (share of runs per bin; values beyond the last bin
    counted in it; ``style.ESTIMATE``), with the mean estimate (solid, black) and the
    true error (``style.REFERENCE``, grey dashed). Returns (StepPatch, mean line, true
    line or None)."""
    estimates = as_scores(estimates, "estimates")
    bins = _bins(bins, np.linspace(0, 0.6, 25))
    if true_error is not None:
        true_error = check_real(true_error, "true_error")
    bars = ax.stairs(hist_shares(estimates, bins), bins, fill=True, color=color, alpha=0.8, label=label)
    mean_line = ax.axvline(estimates.mean(), color=style.CURVE, ls="-", lw=2, label="mean estimate")
    true_line = None
    if true_error is not None:
        true_line = ax.axvline(true_error, color=TRUE_COLOR, ls="--", lw=2.5, label="true error (final model)")
    ax.set_xlabel("estimated error rate")
    ax.set_ylabel("share of runs")
    return bars, mean_line, true_line


def hist_shares(values, bins):
    """The share of ``values`` in each bin (values outside are counted in the end bins)."""
    bins = _bins(bins, None)
    values = np.clip(as_scores(values, "values", allow_empty=True), bins[0], bins[-1] - 1e-12)
    counts, _ = np.histogram(values, bins=bins)
    return counts / max(1, len(values))


def plot_tradeoff(ax, x, bias, sd, *, xlabel="test share |T| / m", current=None):
    """bias², variance and their sum (the mean squared error of the estimate) against x, on
    a linear axis (a sum of parts), in the colours of chapter 09 (``style.BIAS``,
    ``style.VARIANCE``, ``style.TOTAL``; markers and line styles differ too); the current
    x as the explorer's position (``style.CUT_LINE``, the whole height, under the curves so that their
    markers show over it). The legend sits under the axes, outside the data (it never covers a curve,
    a marker or the current x). Returns (bias line, variance line, mse line, marker line or None)."""
    x, bias, sd = as_scores(x, "x"), as_scores(bias, "bias"), as_scores(sd, "sd")
    _same_length(x=x, bias=bias, sd=sd)
    if current is not None:
        current = check_real(current, "current")
    b2 = bias**2
    v = sd**2
    lb, = ax.plot(x, b2, "-o", ms=4, color=style.BIAS, label="bias²", zorder=3)
    lv, = ax.plot(x, v, "--s", ms=4, color=style.VARIANCE, label="variance", zorder=3)
    lm, = ax.plot(x, b2 + v, "-", lw=2.5, color=style.TOTAL, label="MSE = bias² + variance", zorder=3)
    marker = ax.axvline(current, **{**style.CUT_LINE, "zorder": 2}) if current is not None else None
    ax.set_xlabel(xlabel)
    ax.set_ylabel("squared error of the estimate")
    ax.set_ylim(0, 1.1 * float(np.max(b2 + v)) if np.max(b2 + v) > 0 else 1)
    ax.legend(fontsize=FONT, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, handlelength=1.6,
              columnspacing=1.0, borderaxespad=0, frameon=False)
    return lb, lv, lm, marker


def plot_oob_curve(ax, ms, shares, *, limit=np.exp(-1), current=None, simulated=None):
    """The out-of-bag probability :math:`(1 - 1/m)^m` against m (``style.CURVE``), with its
    limit 1/e (``style.REFERENCE``, dashed) and the current m (``style.CUT_POINT``).
    ``simulated``: optional (mean, sd) of simulated shares at ``current`` (``style.ESTIMATE``)."""
    ms, shares = as_scores(ms, "ms"), as_scores(shares, "shares")
    _same_length(ms=ms, shares=shares)
    if current is not None and not (ms[0] <= current <= ms[-1]):
        raise ValueError(f"current must lie within ms ({ms[0]:g} .. {ms[-1]:g}), got {current!r}")
    line, = ax.plot(ms, shares, color=style.CURVE, lw=2, label="$(1 - 1/m)^m$")
    ax.axhline(limit, color=TRUE_COLOR, ls="--", lw=1.5, label=f"$1/e$ = {limit:.4f}")
    point = None
    if current is not None:
        y0 = shares[int(np.searchsorted(ms, current))]
        point, = ax.plot([current], [y0], label="m now", **style.CUT_POINT)
    err = None
    if simulated is not None and current is not None:
        err = ax.errorbar([current], [simulated[0]], yerr=[simulated[1]], fmt="D", color=EST_COLOR, mec="black",
                          ms=6, capsize=4, label="simulated mean ± sd")
    ax.set_xscale("log")
    ax.set_ylim(0, 0.5)
    ax.set_xlabel("m (size of D, log scale)")
    ax.set_ylabel("out-of-bag share")
    ax.legend(fontsize=FONT, loc="lower right")
    return line, point, err


def bootstrap_count_segments(counts):
    """Line segments (one per example, at x = (i + 0.5) / m) of heights ``counts``."""
    counts = as_scores(counts, "counts")
    m = len(counts)
    x = (np.arange(m) + 0.5) / m
    return [((xi, 0.0), (xi, c)) for xi, c in zip(x, counts)], x


def plot_bootstrap_counts(ax, counts):
    """How many times each of the m examples was drawn into D' (one bar each, spread over
    the width of the axes: training draws, ``style.TRAIN``); the never-drawn
    (out-of-bag) examples, the test set, as a band of ``style.TEST`` cells under the axis line,
    one cell per example, so that at large m neighbours merge into a band instead of smearing.
    Returns (LineCollection of bars, LineCollection of out-of-bag cells); move the cells with
    :func:`bootstrap_oob_segments`."""
    counts = as_scores(counts, "counts")
    segs, x = bootstrap_count_segments(counts)
    width = bootstrap_bar_width(ax, len(counts))
    bars = ax.vlines([s[0][0] for s in segs], 0, counts, color=TRAIN_COLOR, lw=width,
                     label="drawn into D' (training)")
    marks = ax.vlines([], -0.38, -0.06, color=TEST_COLOR, lw=width, label="out-of-bag (never drawn): test set")
    marks.set_segments(bootstrap_oob_segments(counts))
    ax.set_xlim(0, 1)
    ax.set_xticks([])
    ax.set_xlabel("the m examples of D")
    ax.set_ylabel("times drawn into D'")
    return bars, marks


def bootstrap_oob_segments(counts):
    """The out-of-bag band's cells: one short segment under the axis line (y from -0.38 to -0.06)
    at the x of each never-drawn example (``counts == 0``)."""
    counts = as_scores(counts, "counts")
    _, x = bootstrap_count_segments(counts)
    return [((xi, -0.38), (xi, -0.06)) for xi in x[counts == 0]]


def bootstrap_bar_width(ax, m):
    """A bar width in points that fills about 80% of the space per example."""
    m = check_positive_int(m, "m", minimum=1)
    width_pt = ax.get_position().width * ax.figure.get_figwidth() * 72
    return max(0.5, min(20.0, 0.8 * width_pt / max(1, m)))


def plot_learning_curve(ax, sizes, mean, sd=None, *, bayes_error=None, mark=None, log=True):
    """The learner's true error against its training-set size (``style.CURVE``, with a grey
    ± sd band); the Bayes error as a reference (``style.REFERENCE``, dashed). The size axis is
    logarithmic (and says so) unless ``log=False``, for sizes that span less than a decade."""
    sizes, mean = as_scores(sizes, "sizes"), as_scores(mean, "mean")
    _same_length(sizes=sizes, mean=mean)
    if sd is not None:
        sd = as_scores(sd, "sd")
        _same_length(sizes=sizes, sd=sd)
    ax.plot(sizes, mean, "-o", color=style.CURVE, ms=4, label="true error of the learned model")
    if sd is not None:
        # a spread over simulated data sets: the estimate colour (sky blue), not the training-set grey
        ax.fill_between(sizes, np.asarray(mean) - sd, np.asarray(mean) + sd, color=style.ESTIMATE, alpha=0.35,
                        lw=0, label="± 1 sd over data sets")
    if bayes_error is not None:
        ax.axhline(bayes_error, color=TRUE_COLOR, ls="--", label=f"Bayes error {bayes_error:.3f}")
    if mark:
        for i, (x, text) in enumerate(mark):
            ax.axvline(x, color="grey", ls=":", lw=1)
            right = len(mark) > 1 and i == len(mark) - 1  # the last label right of its line: close marks stay apart
            ax.annotate(text, (x, 1), xycoords=ax.get_xaxis_transform(), xytext=(2 if right else -2, -3),
                        textcoords="offset points", rotation=90, va="top", ha="left" if right else "right",
                        fontsize=FONT, color="#555555")
    if log:
        ax.set_xscale("log")
        ax.set_xlabel("training-set size (log scale)")
    else:
        ax.set_xlabel("training-set size")
    ax.set_ylabel("generalisation error")
    ax.legend(fontsize=FONT)


def plot_estimator_comparison(ax, study, *, labels=None):
    """All estimators on one plot: for each method, the spread of (estimate - true error)
    over the simulated data sets (box, ``style.ESTIMATE``), its mean (the bias, a diamond in
    ``style.BIAS``) and zero (estimate = truth, ``style.REFERENCE`` dashed)."""
    if not hasattr(study, "estimates") or not hasattr(study, "methods"):
        raise TypeError(f"study must be an EstimatorStudy (from learnmetrics.evaluation.simulate_estimators), "
                        f"got {type(study).__name__}")
    diffs = study.estimates - study.true_error
    labels = [METHOD_LABELS.get(m, m) for m in study.methods] if labels is None else labels
    pos = np.arange(len(study.methods))
    # the whiskers reach the furthest estimate within 1.5 IQR of the box; the estimates beyond, small dots
    bp = ax.boxplot(diffs.T, positions=pos, widths=0.55, showfliers=True, patch_artist=True,
                    medianprops={"color": "black"},
                    flierprops={"marker": "o", "ms": 3, "mfc": EST_COLOR, "mec": "#333333", "mew": 0.4, "alpha": 0.8})
    for patch in bp["boxes"]:
        patch.set_facecolor(EST_COLOR)
        patch.set_alpha(0.6)
    ax.plot(pos, diffs.mean(axis=1), "D", color=style.BIAS, mec="black", ms=8, label="mean = bias", zorder=3)
    ax.axhline(0, color=TRUE_COLOR, ls="--", lw=2, label="estimate = true error")
    ax.set_xticks(pos, labels, fontsize=FONT)
    ax.set_ylabel("estimate − true error of the final model")
    lo, hi = ax.get_ylim()
    ax.set_ylim(lo, hi + 0.18 * (hi - lo))  # headroom: the legend sits above the boxes, not on a whisker
    ax.legend(fontsize=FONT, loc="upper center", ncol=2)
    return bp


def plot_method_estimates(ax, results, *, labels=None):
    """Estimates of several methods on one data set (a dict method -> ErrorEstimate):
    each run as a dot (``style.ESTIMATE``), the mean as a black bar."""
    if not isinstance(results, dict) or not results:
        raise ValueError("results must be a non-empty dict method -> ErrorEstimate (from compare_methods)")
    methods = list(results)
    labels = [METHOD_LABELS.get(m, m) for m in methods] if labels is None else labels
    rng = np.random.default_rng(0)
    for i, mth in enumerate(methods):
        est = results[mth].estimates
        jitter = rng.uniform(-0.15, 0.15, len(est)) if len(est) > 1 else np.zeros(1)
        ax.plot(i + jitter, est, "o", ms=4, alpha=0.7, color=EST_COLOR, mec="#333333", mew=0.4)
        ax.plot([i - 0.3, i + 0.3], [est.mean()] * 2, color=style.CURVE, lw=2.5)
    ax.set_xticks(np.arange(len(methods)), labels, fontsize=FONT)
    ax.set_ylabel("estimated error rate")


def plot_l2_tuning(ax, tuning):
    """Validation error against the penalty l2 (log scale; ``style.ESTIMATE``: each value is an
    estimate), the chosen l2 marked as the current position (``style.CUT_POINT``, the orange dot
    every chapter uses for a chosen value)."""
    if not hasattr(tuning, "best_l2"):
        raise TypeError(f"tuning must be an L2Tuning (from learnmetrics.evaluation.tune_l2), got {type(tuning).__name__}")
    ax.plot(tuning.l2_values, tuning.errors, "-o", color=EST_COLOR, mec="#333333", ms=5)
    j = int(np.flatnonzero(tuning.l2_values == tuning.best_l2)[0])
    ax.plot([tuning.best_l2], [tuning.errors[j]], label=f"chosen l2 = {tuning.best_l2:g}", **style.CUT_POINT)
    ax.set_xscale("log")
    ax.set_xlabel("l2 (penalty; larger = simpler model; log scale)")
    ax.set_ylabel("validation error")
    ax.legend(fontsize=FONT, loc="lower right")
    if j > 0:                                  # the gentle rise towards tiny l2, invisible at full scale: zoom in
        inset = ax.inset_axes([0.12, 0.42, 0.44, 0.46])
        x, e = tuning.l2_values[: j + 1], tuning.errors[: j + 1]
        inset.plot(x, e, "-o", color=EST_COLOR, mec="#333333", ms=4)
        inset.plot([tuning.best_l2], [tuning.errors[j]], **{**style.CUT_POINT, "ms": 8})
        inset.set_xscale("log")
        inset.margins(x=0.25)
        pad = max(float(np.ptp(e)), 1e-3)
        inset.set_ylim(float(e.min()) - 0.4 * pad, float(e.max()) + 0.8 * pad)
        inset.set_yticks([])                   # the values are written on the points
        for xi, ei in zip(x, e):
            inset.annotate(f"{ei:.4f}", (xi, ei), textcoords="offset points", xytext=(0, 7), ha="center",
                           fontsize=FONT)
        inset.tick_params(labelsize=FONT)
        inset.set_title("zoom: l2 up to the chosen one", fontsize=FONT)


def plot_estimate_spreads(ax, estimates, *, true_error=None, bins=None, label_x=None):
    """Histograms of two methods' estimates over many data sets: a pair shown once
    (``style.pair_style``: near-black solid and near-black dotted), each labelled on the figure
    with its mean and sd, no legend; the true error as a reference line, labelled on it.

    Parameters
    ----------
    ax : matplotlib Axes
    estimates : dict label -> array of estimates
        One or two methods (a pair: the reserved learner colours are not borrowed).
    true_error : float, optional
        Drawn as ``style.REFERENCE`` (grey, dashed).
    bins : array of bin edges, optional (default: 21 bins over [0, 1])
    label_x : dict label -> float, optional
        Where each method's label points: the bin holding this x (default: its tallest bin).
        The label sits up and to the left of that bin (to the right when the bin lies in the
        left 30 % of the axis).

    Returns
    -------
    list of the step artists, one per method
    """
    if not isinstance(estimates, dict) or not estimates:
        raise ValueError("estimates must be a non-empty dict label -> array of estimates")
    if len(estimates) > 2:
        raise ValueError(f"estimates must hold one or two methods (a pair), got {len(estimates)}")
    if label_x is not None and not isinstance(label_x, dict):
        raise TypeError(f"label_x must be a dict label -> x or None, got {type(label_x).__name__}")
    bins = _bins(bins, np.linspace(0, 1, 21))
    artists, tops = [], []
    for i, (label, values) in enumerate(estimates.items()):
        values = as_scores(values, f"estimates[{label!r}]")
        st = style.pair_style(i)
        shares = hist_shares(values, bins)
        artists.append(ax.stairs(shares, bins, color=st["color"], ls=st["ls"], lw=2.2))
        x = None if label_x is None else label_x.get(label)
        j = int(np.argmax(shares)) if x is None else int(np.clip(np.searchsorted(bins, x, side="right") - 1,
                                                                   0, len(shares) - 1))
        tops.append((label, values, (bins[j] + bins[j + 1]) / 2, shares[j], st))
    if true_error is not None:
        ref = ax.axvline(true_error, color=TRUE_COLOR, ls="--", lw=2)
        ax.text(true_error, 0.6, f" true error {true_error:.3f}", transform=ax.get_xaxis_transform(),
                ha="left", va="center", fontsize=FONT, color=ref.get_color())
    ymax = max(t[3] for t in tops)
    ax.set_ylim(0, ymax * 1.35)
    for label, values, xc, h, st in tops:
        left = xc > 0.7 * bins[0] + 0.3 * bins[-1]       # room on the left: the label goes there
        ax.annotate(f"{label} ({'solid' if st['ls'] == '-' else 'dotted'}):\nmean {values.mean():.3f}, "
                    f"sd {values.std():.3f}", (xc, h), xytext=(-28 if left else 28, 16), textcoords="offset points",
                    ha="right" if left else "left", va="bottom", fontsize=FONT, color=style.CURVE,
                    arrowprops=dict(arrowstyle="-", color=style.CURVE, lw=0.8))
    ax.set_xlabel("estimated error rate")
    ax.set_ylabel("share of data sets")
    return artists
