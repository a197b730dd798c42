"""Explorers for chapter 01 (evaluation methods).

* :class:`HoldoutExplorer`: a test-share slider (offering exactly the study's
  test shares) and a "stratified" checkbox.
  The spread of hold-out estimates over many simulated data sets against the
  true error of the final model, and the bias² / variance / MSE curves over
  all test shares (note 001, point 3). State: :func:`learnmetrics.evaluation.holdout_state`.
* :class:`CVExplorer`: k (exactly the study's ks) and repeats. The folds of one data set as coloured
  bands, the spread of the p x k-fold estimate, bias and sd against k.
  State: :func:`learnmetrics.evaluation.cv_state`.
* :class:`BootstrapExplorer`: m. One bootstrap sample (how often each example
  was drawn; the out-of-bag ones marked), and the out-of-bag share against m
  with :math:`(1 - 1/m)^m` and 1/e. State: :func:`learnmetrics.evaluation.bootstrap_state`.

The two studies are computed once (a second or two) and passed in, so that
moving a control only picks precomputed numbers and moves artists. A study
with missing or non-finite numbers is refused with a clear message before
anything is drawn.
"""
from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .. import evaluation as _ev
from .._validation import check_bool, check_positive_int
from ..plotting import style
from ..plotting.evaluation import (
    FONT,
    bootstrap_bar_width,
    bootstrap_count_segments,
    bootstrap_oob_segments,
    fold_colormap,
    hist_shares,
    plot_bootstrap_counts,
    plot_estimates_hist,
    plot_oob_curve,
    plot_tradeoff,
)
from ._base import Explorer
from ._i18n import is_chinese, term

__all__ = ["HoldoutExplorer", "CVExplorer", "BootstrapExplorer"]

#: 41 bins of width 1/40 centred on the multiples of 1/40 (error rates on 40 examples), so that no estimate
#: sits on an edge: edges at k/40 put 0.175 into the bin below by rounding and left an empty bar at the truth
_BINS = np.linspace(-0.0125, 1.0125, 42)


def _hist_heights(values, bins=_BINS):
    return hist_shares(values, bins)


class _Blitted(Explorer):
    """Explorers whose ``draw`` moves the artists listed in ``self.dynamic``:
    the base renders the rest once and redraws only these (see ``Explorer.dynamic_artists``)."""

    dynamic: list

    def dynamic_artists(self) -> list:
        return self.dynamic


def _label(ax, y=1.02, **kw):
    return ax.text(0.5, y, "", transform=ax.transAxes, ha="center", va="bottom", fontsize=FONT, **kw)


def _finite(name, arr, shape=None):
    arr = np.asarray(arr, dtype=float)
    if shape is not None and arr.shape != shape:
        raise ValueError(f"study.{name} has shape {arr.shape}, expected {shape}")
    if arr.size == 0 or not np.isfinite(arr).all():
        raise ValueError(f"study.{name} must be a non-empty array of finite numbers")


def _check_holdout_study(study):
    if not isinstance(study, _ev.HoldoutStudy):
        raise TypeError(f"study must be a HoldoutStudy (from learnmetrics.evaluation.holdout_study), got {type(study).__name__}")
    ts = np.asarray(study.test_sizes, dtype=float)
    if ts.ndim != 1 or ts.size == 0 or np.any(np.diff(ts) <= 0):
        raise ValueError("study.test_sizes must be a non-empty, increasing 1-D array")
    R = len(np.asarray(study.true_error))
    _finite("true_error", study.true_error)
    _finite("estimates", study.estimates, (2, len(ts), R))
    _finite("train_error", study.train_error, (2, len(ts), R))


def _check_cv_study(study):
    if not isinstance(study, _ev.CVStudy):
        raise TypeError(f"study must be a CVStudy (from learnmetrics.evaluation.cv_study), got {type(study).__name__}")
    if not study.ks or set(study.runs) != set(study.ks) or set(study.folds) != set(study.ks):
        raise ValueError(f"study.runs and study.folds must hold one entry for each k in study.ks={list(study.ks)}")
    R = len(np.asarray(study.true_error))
    _finite("true_error", study.true_error)
    for k in study.ks:
        _finite(f"runs[{k}]", study.runs[k], (study.max_repeats, R))


class HoldoutExplorer(_Blitted):
    """How the test share of a hold-out split trades bias against variance.

    Parameters
    ----------
    study : HoldoutStudy
        From :func:`learnmetrics.evaluation.holdout_study`.
    test_size : float, default=0.3
    stratify : bool, default=True

    Attributes
    ----------
    slider : ipywidgets.SelectionSlider (the test share: exactly the study's ``test_sizes``)
    checkbox : ipywidgets.Checkbox
    state : HoldoutState
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = ("Hold-out on many simulated data sets, one split each: the spread of their estimates, and the"
                " estimate's bias², variance and MSE against the test share; the slider sets the test share, the"
                " checkbox switches stratified sampling on and off.")

    figsize = (9.6, 4.3)   # 980 px stored (the inline bbox adds 20): legible on an 800 px page; the legends under the axes
    readout_width = "250px"

    def __init__(self, study, *, test_size=0.3, stratify=True):
        _check_holdout_study(study)
        self.study = study
        stratify = check_bool(stratify, "stratify")
        first = _ev.holdout_state(study, test_size, stratify)  # validates test_size
        options = [(f"{t:.2f}", float(t)) for t in study.test_sizes]
        self.slider = widgets.SelectionSlider(options=options, value=first.test_size, description="test share",
                                              layout=widgets.Layout(width="380px"))
        self.checkbox = widgets.Checkbox(value=bool(stratify), description="stratified (分层采样)")
        super().__init__([self.slider, self.checkbox])

    def setup_figure(self, fig):
        ax1, ax2 = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.1, 1]})
        self.ax_hist, self.ax_curve = ax1, ax2
        s = _ev.holdout_state(self.study, float(self.study.test_sizes[0]), True)
        self._bars, self._mean_line, self._true_line = plot_estimates_hist(
            ax1, s.estimates, true_error=s.mean_true_error, bins=_BINS, label="hold-out estimates")
        top = max(_hist_heights(e).max() for e in self.study.estimates.reshape(-1, self.study.estimates.shape[-1]))
        ax1.set_ylim(0, max(0.45, 1.05 * top))  # room for the tallest bar of any test share
        # the legends sit under the axes (issue 35: in the axes they covered bars, markers and the current share)
        ax1.legend(fontsize=FONT, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, borderaxespad=0,
                   frameon=False, columnspacing=1.2)
        self._title1 = _label(ax1)
        self._lines = plot_tradeoff(ax2, s.curve_test_sizes, s.curve_bias, s.curve_sd, current=s.test_size)
        top = max(np.max(s.curve_bias**2 + s.curve_sd**2) for s in
                  (_ev.holdout_state(self.study, float(self.study.test_sizes[0]), b) for b in (False, True)))
        ax2.set_ylim(0, 1.1 * top)   # the highest curve of either setting fits
        self._title2 = _label(ax2)
        fig.tight_layout(rect=(0, 0, 1, 0.96))
        # the current share's line first: the curves and their markers are drawn over it
        lb, lv, lm, marker = self._lines
        self.dynamic = [self._bars, self._mean_line, self._true_line, self._title1, marker, lb, lv, lm, self._title2]

    def compute_state(self, test_size, stratify):
        return _ev.holdout_state(self.study, test_size, stratify)

    def draw(self, s):
        self._bars.set_data(values=_hist_heights(s.estimates))
        self._mean_line.set_xdata([s.mean_estimate] * 2)
        self._true_line.set_xdata([s.mean_true_error] * 2)
        self._title1.set_text(f"{len(s.estimates)} data sets of m={self.study.n}, |T| = {s.n_test}: "
                              f"bias {s.bias:+.3f}, sd {s.sd:.3f}")
        lb, lv, lm, marker = self._lines
        lb.set_ydata(s.curve_bias**2)
        lv.set_ydata(s.curve_sd**2)
        lm.set_ydata(s.curve_bias**2 + s.curve_sd**2)
        marker.set_xdata([s.test_size] * 2)
        self._title2.set_text(("stratified" if s.stratify else "not stratified") + ": small T = high variance, "
                              "large T = biased")

    def describe(self, s):
        if is_chinese():
            return self._describe_zh(s)
        return (
            f"<b>test share {s.test_size:.2f}</b> ({s.n_test} of {self.study.n} examples)<br>"
            f"stratified: {s.stratify}<br>"
            f"mean estimate: {s.mean_estimate:.4f}<br>"
            f"true error (final model): {s.mean_true_error:.4f}<br>"
            f"true error (model on S): {s.mean_train_error:.4f}<br>"
            f"bias: {s.bias:+.4f}<br>sd: {s.sd:.4f}<br>RMSE: {s.rmse:.4f}"
        )

    def _describe_zh(self, s):
        """The read-out in Chinese (``set_language("zh")``): 留出法, 分层采样 ... the same numbers."""
        return (
            f"<b>{term('hold-out')}：{term('test share')} {s.test_size:.2f}</b>"
            f"（测试集 T 含 {s.n_test} {term('examples')}，共 {self.study.n} 个）<br>"
            f"{term('stratified')}：{term('yes') if s.stratify else term('no')}<br>"
            f"{term('mean estimate')}：{s.mean_estimate:.4f}<br>"
            f"{term('true error')}（用全部 D 训练的最终模型）：{s.mean_true_error:.4f}<br>"
            f"{term('true error')}（在训练集 S 上训练的模型）：{s.mean_train_error:.4f}<br>"
            f"{term('estimate bias')}（相对最终模型）：{s.bias:+.4f}<br>{term('sd')}：{s.sd:.4f}<br>"
            f"{term('RMSE')}：{s.rmse:.4f}"
        )


class CVExplorer(_Blitted):
    """k-fold cross-validation: the folds, and how k and the repeats change the estimate.

    Parameters
    ----------
    study : CVStudy
        From :func:`learnmetrics.evaluation.cv_study`.
    k : int, default=10
    repeats : int, default=1

    Attributes
    ----------
    slider : ipywidgets.SelectionSlider (k), repeats : ipywidgets.IntSlider
    state : CVState
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = "The folds of k-fold cross-validation and the estimate's bias and spread against k; the sliders set k and the number of repeats."

    figsize = (9.6, 5.0)
    readout_width = "250px"

    def __init__(self, study, *, k=10, repeats=1):
        _check_cv_study(study)
        self.study = study
        _ev.cv_state(study, k, repeats)  # validates
        self.slider = widgets.SelectionSlider(options=list(study.ks), value=int(k), description="k",
                                              layout=widgets.Layout(width="300px"))
        self.repeats = widgets.IntSlider(value=int(repeats), min=1, max=study.max_repeats, description="repeats p",
                                         layout=widgets.Layout(width="300px"))
        super().__init__([self.slider, self.repeats])

    def setup_figure(self, fig):
        gs = fig.add_gridspec(2, 2, height_ratios=[1, 1.5], width_ratios=[1.1, 1])
        self.ax_folds = fig.add_subplot(gs[0, :])
        self.ax_hist = fig.add_subplot(gs[1, 0])
        self.ax_curve = fig.add_subplot(gs[1, 1])
        st = self.study
        R = st.max_repeats
        order = np.argsort(st.y_demo, kind="stable")
        self._order = order
        self._kmax = max(st.ks)
        self._im = self.ax_folds.imshow(np.zeros((R, st.n)), aspect="auto", interpolation="nearest",
                                        cmap=fold_colormap(2), vmin=-0.5, vmax=1.5)
        n_neg = int(np.sum(st.y_demo == np.unique(st.y_demo)[0]))
        self._sep = self.ax_folds.axvline(n_neg - 0.5, color="black", lw=2.5)
        self.ax_folds.text(n_neg / 2 - 0.5, 1.02, f"{n_neg} negatives", transform=self.ax_folds.get_xaxis_transform(),
                           ha="center", va="bottom", fontsize=FONT)
        self.ax_folds.text(n_neg + (st.n - n_neg) / 2 - 0.5, 1.02, f"{st.n - n_neg} positives",
                           transform=self.ax_folds.get_xaxis_transform(), ha="center", va="bottom", fontsize=FONT)
        self.ax_folds.set_yticks(np.arange(R), [f"run {i + 1}" for i in range(R)], fontsize=FONT)
        self.ax_folds.set_xticks([])
        self._title0 = _label(self.ax_folds, y=1.16)
        # rows of runs not made at this p say so, instead of standing empty under "run 2" ... "run 5"
        self._unused = self.ax_folds.text(st.n / 2, R - 1, "", ha="center", va="center", fontsize=FONT,
                                          color="#333333", bbox=dict(fc="white", ec="none", pad=2), zorder=5)
        s = _ev.cv_state(st, st.ks[0], 1)
        self._bars, self._mean_line, self._true_line = plot_estimates_hist(
            self.ax_hist, s.estimates, true_error=s.mean_true_error, bins=_BINS, label="CV estimates")
        top = max(_hist_heights(st.runs[k][:r].mean(axis=0)).max() for k in st.ks for r in range(1, R + 1))
        self.ax_hist.set_ylim(0, max(0.45, 1.05 * top))  # room for the tallest bar of any k and p
        self.ax_hist.legend(fontsize=FONT, loc="upper right")
        self._title_h = _label(self.ax_hist)
        ax = self.ax_curve
        self._lb, = ax.plot(s.curve_ks, s.curve_bias, "-o", ms=4, color=style.BIAS, label="bias")
        self._ls, = ax.plot(s.curve_ks, s.curve_sd, "--s", ms=4, color=style.VARIANCE, label="sd")
        # the current k's line under the curves: their markers at k show over it (issue 35)
        self._mk = ax.axvline(s.k, **{**style.CUT_LINE, "zorder": 1.5})
        ax.axhline(0, color="black", lw=0.8)
        ax.set_xscale("log")
        ax.set_xticks(s.curve_ks, [str(k) for k in s.curve_ks])
        ax.minorticks_off()
        ax.set_xlabel("k (number of folds, log scale)")
        ax.set_ylabel("estimate − true error:\nits mean (bias) and sd")
        lo = min(min(_ev.cv_state(st, k, r).curve_bias.min() for r in (1, R) for k in st.ks[:1]), 0)
        hi = max(_ev.cv_state(st, st.ks[0], r).curve_sd.max() for r in (1, R))
        ax.set_ylim(min(lo, 0) - 0.005, hi * 1.15)
        # bias and sd labelled on their lines, between k = 5 and k = 10 where no k (and so no orange
        # current-k line) ever stands: no legend box to cover the current k
        self._xlab = float(np.sqrt(5 * 10)) if {5, 10} <= set(int(k) for k in s.curve_ks) else None
        self._lab_b = ax.text(0, 0, "bias", color=style.BIAS, ha="center", va="bottom", fontsize=FONT,
                              bbox=dict(fc="white", ec="none", pad=0.5), zorder=4)
        self._lab_s = ax.text(0, 0, "sd", color=style.VARIANCE, ha="center", va="bottom", fontsize=FONT,
                              bbox=dict(fc="white", ec="none", pad=0.5), zorder=4)
        self._place_curve_labels(s)
        self._title_c = _label(ax)
        fig.tight_layout(rect=(0, 0, 1, 0.9), h_pad=3.0)
        self.dynamic = [self._im, self._sep, self._title0, self._unused, self._bars, self._mean_line, self._true_line, self._title_h,
                        self._mk, self._lb, self._ls, self._title_c, self._lab_b, self._lab_s]

    def _place_curve_labels(self, s):
        ks = np.log(np.asarray(s.curve_ks, dtype=float))
        x = self._xlab if self._xlab is not None else float(np.sqrt(s.curve_ks[0] * s.curve_ks[1]))
        for text, ys in ((self._lab_b, s.curve_bias), (self._lab_s, s.curve_sd)):
            text.set_position((x, float(np.interp(np.log(x), ks, np.asarray(ys, dtype=float)))))

    def compute_state(self, k, repeats):
        return _ev.cv_state(self.study, k, repeats)

    def draw(self, s):
        R, n = self.study.max_repeats, self.study.n
        img = np.full((R, n), np.nan)
        # within each class, the examples in the order of their fold in run 1: run 1's folds are blocks side
        # by side, told apart by interleaved colours (neighbouring folds far apart on the map) even at k >= 10
        order = np.lexsort((s.folds[0], self.study.y_demo))
        img[: s.repeats] = s.folds[:, order]
        self._im.set_data(np.ma.masked_invalid(img))
        self._im.set_cmap(fold_colormap(s.k, interleave=True))
        self._im.set_clim(-0.5, s.k - 0.5)
        # the negatives | positives divider spans only the runs made: the note on the empty rows stays whole
        self._sep.set_ydata([1 - s.repeats / R, 1])
        self._unused.set_position((n / 2, (s.repeats - 0.5 + R - 0.5) / 2))
        self._unused.set_text("" if s.repeats == R else
                              f"runs {s.repeats + 1}-{R}: not made at p = {s.repeats} (raise 'repeats p' to add them)")
        sizes = np.unique(s.fold_sizes)
        self._title0.set_text(
            f"{s.repeats} x {s.k}-fold CV, m={n}, folds of {'/'.join(map(str, sizes))}; colour = test fold")
        self._bars.set_data(values=_hist_heights(s.estimates))
        self._mean_line.set_xdata([s.mean_estimate] * 2)
        self._true_line.set_xdata([s.mean_true_error] * 2)
        self._title_h.set_text(f"{s.repeats} x {s.k}-fold: bias {s.bias:+.3f}, sd {s.sd:.3f}")
        self._lb.set_ydata(s.curve_bias)
        self._ls.set_ydata(s.curve_sd)
        self._mk.set_xdata([s.k] * 2)
        self._place_curve_labels(s)
        self._title_c.set_text(f"over k, with {s.repeats} run(s) averaged")

    def describe(self, s):
        if is_chinese():
            return self._describe_zh(s)
        return (
            f"<b>{s.repeats} x {s.k}-fold CV</b><br>trainings: {s.repeats * s.k}<br>"
            f"each model sees {_size_range(self.study.n, s.fold_sizes)} of {self.study.n} examples<br>"
            f"mean estimate: {s.mean_estimate:.4f}<br>true error: {s.mean_true_error:.4f}<br>"
            f"bias: {s.bias:+.4f}<br>sd: {s.sd:.4f}<br>RMSE: {s.rmse:.4f}"
        )

    def _describe_zh(self, s):
        """The read-out in Chinese (``set_language("zh")``): p 次 k 折交叉验证 ... the same numbers."""
        n = self.study.n
        return (
            f"<b>{s.repeats} 次 {s.k} {term('fold')}{term('cross-validation')}</b><br>训练次数：{s.repeats * s.k}<br>"
            f"每个模型用 {_size_range(n, s.fold_sizes)} {term('examples')}训练"
            f"（共 {n} 个）<br>"
            f"{term('mean estimate')}：{s.mean_estimate:.4f}<br>{term('true error')}：{s.mean_true_error:.4f}<br>"
            f"{term('estimate bias')}：{s.bias:+.4f}<br>{term('sd')}：{s.sd:.4f}<br>{term('RMSE')}：{s.rmse:.4f}"
        )


class BootstrapExplorer(_Blitted):
    """The bootstrap: which examples one sample D' misses, and the out-of-bag share
    approaching 1/e as m grows.

    Parameters
    ----------
    m : int, default=20
    max_m : int, default=200
    n_samples : int, default=500
        Bootstrap samples drawn per m for the simulated share.
    rng : int, default=0

    Attributes
    ----------
    slider : ipywidgets.IntSlider (m)
    state : BootstrapState
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = (
        'One bootstrap sample of m examples, the examples it misses, and the out-of-bag share approaching'
        ' 1/e as m grows; the slider sets m.')

    figsize = (9.6, 3.6)
    readout_width = "250px"

    def __init__(self, *, m=20, max_m=200, n_samples=500, rng=0):
        self.max_m = check_positive_int(max_m, "max_m", minimum=1, maximum=10_000)
        self.n_samples = check_positive_int(n_samples, "n_samples", minimum=1)
        self.seed = check_positive_int(rng, "rng", minimum=0)  # a seed: every frame redraws from it
        m = check_positive_int(m, "m", minimum=1, maximum=self.max_m)
        _ev.bootstrap_state(self.max_m, n_samples=self.n_samples, max_m=self.max_m, rng=self.seed)  # validates
        self.slider = widgets.IntSlider(value=int(m), min=1, max=self.max_m, description="m",
                                        layout=widgets.Layout(width="420px"))
        super().__init__([self.slider])

    def setup_figure(self, fig):
        ax1, ax2 = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.3, 1]})
        self.ax_counts, self.ax_curve = ax1, ax2
        s = _ev.bootstrap_state(1, n_samples=self.n_samples, max_m=self.max_m, rng=self.seed)
        self._bars, self._marks = plot_bootstrap_counts(ax1, np.zeros(1, dtype=int))
        # a band at the top holds the legend in one row, above the tallest bar (5 at m = 200)
        ax1.set_ylim(-0.4, 7.6)
        from matplotlib.patches import Patch   # square handles: the collections' own are as wide as a bar
        ax1.legend(handles=[Patch(color=style.TRAIN, label="drawn into D' (training)"),
                            Patch(color=style.TEST, label="out-of-bag: test set")],
                   fontsize=FONT, loc="upper center", ncol=2, borderaxespad=0.3, columnspacing=1.2)
        ax1.set_yticks(range(7))
        self._title1 = _label(ax1)
        self._curve, self._point, _ = plot_oob_curve(ax2, s.curve_m, s.curve_share, current=1)
        # the simulated share at m itself (issue 35: beside the dot it read as another m): its mean a
        # wide sky-blue dash and its sd a bar, both *behind* the orange dot, so they show on both sides
        # of it and the current m keeps the one look of a current position
        self._sim, = ax2.plot([1], [0], marker="_", ms=30, mew=3, ls="none", color=style.ESTIMATE,
                              label="simulated mean (dash) ± sd (bar)", zorder=5, clip_on=False)
        self._sim_err, = ax2.plot([1, 1], [0, 0], color=style.ESTIMATE, lw=2.5, zorder=5, clip_on=False)
        ax2.set_xlim(0.8, self.max_m * 1.6)
        ax2.legend(fontsize=FONT, loc="lower right")
        self._title2 = _label(ax2)
        fig.tight_layout(rect=(0, 0, 1, 0.95))
        # blitting draws these in list order, whatever their zorder: the orange dot last, on top of the cross
        self.dynamic = [self._bars, self._marks, self._title1, self._sim, self._sim_err, self._point, self._title2]

    def compute_state(self, m):
        return _ev.bootstrap_state(m, n_samples=self.n_samples, max_m=self.max_m, rng=self.seed)

    def draw(self, s):
        segs, x = bootstrap_count_segments(s.counts)
        self._bars.set_segments(segs)
        self._bars.set_linewidth(bootstrap_bar_width(self.ax_counts, s.m))
        oob = s.counts == 0
        self._marks.set_segments(bootstrap_oob_segments(s.counts))
        self._marks.set_linewidth(bootstrap_bar_width(self.ax_counts, s.m))
        # short enough to stay over its axes (issue 35: the longer title ran to the figure's edge)
        self._title1.set_text(f"one sample D' of m = {s.m}: {int(oob.sum())} never drawn, "
                              f"out-of-bag share {s.oob_share:.3f}")
        self._point.set_data([s.m], [s.curve_share[s.m - 1]])
        sd = float(s.shares.std())
        xs = s.m
        self._sim.set_data([xs], [s.mean_share])
        self._sim_err.set_data([xs, xs], [s.mean_share - sd, s.mean_share + sd])
        self._title2.set_text(f"$(1-1/m)^m$ = {s.expected_share:.4f} → $1/e$ = {s.limit:.4f}")

    def describe(self, s):
        if is_chinese():
            return self._describe_zh(s)
        return (
            f"<b>m = {s.m}</b><br>this sample: {int(np.sum(s.counts == 0))} out-of-bag ({s.oob_share:.3f})<br>"
            f"mean over {len(s.shares)} samples: {s.mean_share:.4f}<br>"
            f"(1 − 1/m)<sup>m</sup> = {s.expected_share:.4f}<br>1/e = {s.limit:.4f}<br>"
            f"training on m = {s.m} draws, testing on ≈ {s.expected_share * s.m:.1f} unseen"
        )

    def _describe_zh(self, s):
        """The read-out in Chinese (``set_language("zh")``): 自助法, 包外 ... the same numbers."""
        return (
            f"<b>{term('bootstrap')}：m = {s.m}</b><br>"
            f"这次采样：{int(np.sum(s.counts == 0))} 个{term('out-of-bag')}样例（{s.oob_share:.3f}）<br>"
            f"{len(s.shares)} 次采样的平均{term('out-of-bag')}比例：{s.mean_share:.4f}<br>"
            f"(1 − 1/m)<sup>m</sup> = {s.expected_share:.4f}<br>1/e = {s.limit:.4f}<br>"
            f"训练集 D' 由 m = {s.m} 次有放回采样得到，约 {s.expected_share * s.m:.1f} 个"
            f"未被采到的样例用作测试"
        )


def _size_range(n: int, fold_sizes) -> str:
    """The training sets' sizes: "36" when all folds are equal, else "35-36" (smallest-largest)."""
    lo, hi = n - int(max(fold_sizes)), n - int(min(fold_sizes))
    return f"{lo}" if lo == hi else f"{lo}-{hi}"
