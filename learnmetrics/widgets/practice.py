"""Chapter 13's explorer: a threshold chosen on validation data under "precision >= target".

A thin view over :func:`learnmetrics.practice.constraint_state`.  The slider sets
the target precision.  Left: the precision of "score >= t" on one validation set
(near-black) and in the population (grey dashed, exact), the target (orange: the
explorer's value) and the threshold the validation set picks (dotted).  Right: over
many validation sets, the population precision each picked threshold really has
(sky blue: an estimate's spread), against the target: the share to the left of the
orange line is how often the promise "precision >= target" is broken.
"""
from __future__ import annotations

import warnings

import ipywidgets as widgets
import numpy as np

from .. import curves as _curves
from .. import practice as _practice
from .._validation import as_1d, check_positive_int, check_real
from ..plotting import style
from ._base import Explorer
from ._i18n import is_chinese

__all__ = ["ConstraintExplorer", "LeakageExplorer"]

_FS = 9


class ConstraintExplorer(Explorer):
    """Slide the target precision; ``.state`` is the :class:`~learnmetrics.practice.ConstraintState` shown.

    Parameters
    ----------
    targets : sequence of float in (0, 1), default=(0.6, 0.65, ..., 0.95)
        The slider's stops (strictly increasing).
    target : float, default=0.9
        Where the slider starts (one of ``targets``).
    n_val : int, default=300
        Examples in each validation set.
    n_repeats : int, default=200
        Validation sets drawn to see how often the target holds.
    rng : int, default=0
        The seed; the left panel shows the first validation set.

    Example
    -------
    >>> ex = ConstraintExplorer(targets=(0.8, 0.9), target=0.9, n_repeats=50)
    >>> ex.target.value = 0.8
    >>> ex.state.target, 0 <= ex.state.held <= 1
    (0.8, True)
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = (
        'Left: precision against the threshold on one validation set and in the population, with the '
        'target and the threshold picked; right: the cumulative curve of the picked thresholds\' population '
        'precision over many validation sets; the slider sets the target.')

    figsize = (9.6, 4.0)   # 980 px stored: legible on an 800 px page (issue 35)
    readout_width = "260px"

    def __init__(self, *, targets=(0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95), target=0.9, n_val=300,
                 n_repeats=200, rng=0):
        ts = as_1d(targets, "targets")
        if ts.dtype.kind not in "iuf":
            raise TypeError(f"targets must hold numbers, got values of type {ts.dtype}")
        self.targets = tuple(check_real(float(t), "targets", low=0, high=1, low_open=True, high_open=True)
                             for t in ts)
        if list(self.targets) != sorted(set(self.targets)) or len(self.targets) > 40:
            raise ValueError(f"targets must be strictly increasing (at most 40 stops), got {list(self.targets)}")
        target = check_real(target, "target", low=0, high=1, low_open=True, high_open=True)
        if float(target) not in self.targets:
            raise ValueError(f"target must be one of targets {list(self.targets)}, got {target}")
        self.n_val = check_positive_int(n_val, "n_val", minimum=10, maximum=100_000)
        self.n_repeats = check_positive_int(n_repeats, "n_repeats", minimum=1, maximum=10_000)
        self.seed = check_positive_int(rng, "rng", minimum=0)
        self._states = {t: _practice.constraint_state(t, n_val=self.n_val, n_repeats=self.n_repeats, rng=self.seed)
                        for t in self.targets}
        # the first validation set, drawn as constraint_state draws it
        self.y_val, self.s_val = _practice._gaussian_sample(self.n_val, np.random.default_rng(self.seed), 1.5, 0.3)
        self.target = widgets.SelectionSlider(options=list(self.targets), value=float(target),
                                              description="target precision", style={"description_width": "initial"},
                                              layout=widgets.Layout(width="420px"))
        super().__init__([self.target])

    def compute_state(self, target):
        return self._states[target]

    def setup_figure(self, fig):
        self.ax_t, self.ax_d = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.2, 1]})
        ax = self.ax_t
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            p, r, t = _curves.precision_recall_curve(self.y_val, self.s_val)
        ax.step(t, p[:-1], where="post", color=style.CURVE, lw=1.6)
        self._val_name = ax.annotate("validation set", (t[int(0.55 * t.size)], p[int(0.55 * t.size)]), xytext=(-80, 8),
                    textcoords="offset points", fontsize=_FS)
        grid = np.linspace(-1.5, 3.5, 201)
        ax.plot(grid, _practice.gaussian_rates(grid)[0], **style.REFERENCE_STYLE)
        self._pop_name = ax.annotate("population", (grid[150], _practice.gaussian_rates(grid[150])[0]), xytext=(4, -14),
                    textcoords="offset points", fontsize=_FS, color=style.REFERENCE)
        self._target_line = ax.axhline(self.targets[0], **style.CUT_LINE)
        self._thr_line = ax.axvline(0.0, color=style.CURVE, lw=1.2, ls=":")
        ax.set_xlim(grid[0], grid[-1])
        ax.set_ylim(0.2, 1.03)
        ax.set_xlabel("threshold t (predict + when score ≥ t)", fontsize=_FS + 1)
        ax.set_ylabel("precision P", fontsize=_FS + 1)
        ax.tick_params(labelsize=_FS)
        ax = self.ax_d
        q = (np.arange(self.n_repeats) + 0.5) / self.n_repeats
        self._q = q
        self._ecdf, = ax.plot([], [], color=style.ESTIMATE, lw=2.4, drawstyle="steps-post")
        self._target_v = ax.axvline(self.targets[0], **style.CUT_LINE)
        ax.set_xlim(0.4, 1.0)
        ax.set_ylim(0, 1)
        ax.set_xlabel("population precision of the threshold picked", fontsize=_FS + 1)
        ax.set_ylabel(f"share of {self.n_repeats} validation sets", fontsize=_FS + 1)
        ax.tick_params(labelsize=_FS)
        fig.subplots_adjust(left=0.07, right=0.98, bottom=0.14, top=0.88, wspace=0.28)

    def dynamic_artists(self) -> list:
        """What moves with the target: the two lines of each panel, the picked thresholds' curve and
        the titles; every axis is fixed, so the rest is rendered once as the background. The curves'
        names (text) and the frames' spines, which a whole draw paints over the dotted threshold line
        and the curve, are redrawn over them."""
        return [self._target_line, self._thr_line, self._val_name, self._pop_name, self.ax_t.title,
                *self.ax_t.spines.values(), self._ecdf, self._target_v, self.ax_d.title, *self.ax_d.spines.values()]

    def draw(self, s):
        self._target_line.set_ydata([s.target, s.target])
        x = s.threshold if np.isfinite(s.threshold) else 3.5
        self._thr_line.set_xdata([x, x])
        v = np.sort(s.true_precisions[np.isfinite(s.true_precisions)])
        self._ecdf.set_data(v, self._q[:v.size] * self.n_repeats / max(v.size, 1))
        self._target_v.set_xdata([s.target, s.target])
        self.ax_t.set_title(f"validation picks t = {s.threshold:.2f}: P = {s.val_precision:.2f} there, "
                            f"{s.true_precision:.2f} in the population", fontsize=_FS + 1)
        self.ax_d.set_title(f"P ≥ {s.target:.2f} holds in {s.held:.0%} of validation sets", fontsize=_FS + 1)

    def describe(self, s):
        if is_chinese():
            return (f"<b>目标查准率 ≥ {s.target:.2f}</b><br>验证集选出的截断点 t = {s.threshold:.3f}<br>"
                    f"验证集上：P = {s.val_precision:.3f}，R = {s.val_recall:.3f}<br>"
                    f"总体上：P = {s.true_precision:.3f}，R = {s.true_recall:.3f}<br>"
                    f"{s.thresholds.size} 个验证集中，目标在总体上成立的比例：{s.held:.0%}<br>"
                    f"改用 Wilson 下界选择：{s.safe_held:.0%}（{s.safe_none:.0%} 的验证集上找不到满足目标的截断点）")
        return (f"<b>target P ≥ {s.target:.2f}</b><br>threshold picked on validation: t = {s.threshold:.3f}<br>"
                f"on validation: P = {s.val_precision:.3f}, R = {s.val_recall:.3f}<br>"
                f"in the population: P = {s.true_precision:.3f}, R = {s.true_recall:.3f}<br>"
                f"the target holds in {s.held:.0%} of {s.thresholds.size} validation sets<br>"
                f"picking by the Wilson lower bound instead: {s.safe_held:.0%} "
                f"(no threshold qualifies in {s.safe_none:.0%})")


class LeakageExplorer(Explorer):
    """Slide the number of features kept; ``.state`` is the :class:`~learnmetrics.practice.LeakageState` shown.

    Left: the mean cross-validated accuracy against the number of features kept, with the
    selection outside the folds (near-black solid) and inside each training fold (dotted),
    and the true accuracy 0.5 (grey dashed); the orange line is the slider's position.
    Right: the accuracy of every simulated data set at that position (sky blue).

    Parameters
    ----------
    keeps : sequence of int, default=(1, 2, 5, 10, 20, 50, 100, 200)
    keep : int, default=20 (one of ``keeps``)
    n_datasets : int, default=10
    rng : int, default=13

    Example
    -------
    >>> ex = LeakageExplorer(keeps=(5, 20), keep=20, n_datasets=3)
    >>> ex.keep.value = 5
    >>> ex.state.keep
    5
    """
    #: what the figure shows, for a screen reader (the read-out beside it is announced as it changes)
    alt_text = (
        'Left: cross-validated accuracy with features selected on all the data and inside each fold, '
        'against the number of features kept, with the true accuracy 0.5 dashed; right: one dot per '
        'simulated data set at that number, beside the 0.5 line; the slider sets the number.')

    figsize = (10.0, 3.8)
    readout_width = "240px"

    def __init__(self, *, keeps=(1, 2, 5, 10, 20, 50, 100, 200), keep=20, n_datasets=10, rng=13):
        self.n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1, maximum=200)
        seed = check_positive_int(rng, "rng", minimum=0)
        self.curve = _practice.leakage_curve(keeps=keeps, n_datasets=self.n_datasets, rng=seed)
        keep = check_positive_int(keep, "keep", minimum=1)
        if keep not in self.curve.keeps:
            raise ValueError(f"keep must be one of keeps {list(self.curve.keeps)}, got {keep}")
        self.keep = widgets.SelectionSlider(options=list(self.curve.keeps), value=keep,
                                            description="features kept", style={"description_width": "initial"},
                                            layout=widgets.Layout(width="420px"))
        super().__init__([self.keep])

    def compute_state(self, keep):
        return _practice.leakage_state(self.curve, keep)

    def setup_figure(self, fig):
        self.ax_c, self.ax_s = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.3, 1]})
        ax = self.ax_c
        ks = np.array(self.curve.keeps)
        self._names = []
        for i, (values, text) in enumerate(((self.curve.outside, "selected on all data"),
                                            (self.curve.inside, "selected inside each fold"))):
            line, = ax.plot(ks, values.mean(axis=1), marker="o", ms=4, **style.pair_style(i))
            j = 0 if i == 0 else min(1, ks.size - 1)
            # the solid curve's name well above its start (the curve climbs under it), both names clear of the
            # first position's orange line and on white where a later position's line crosses them
            self._names.append(ax.annotate(text, (ks[j], values[j].mean()), xytext=(6, 34) if i == 0 else (6, -16),
                        textcoords="offset points", fontsize=_FS, color=line.get_color(), zorder=6,
                        bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.85)))
        ax.axhline(self.curve.truth, **style.REFERENCE_STYLE)
        ax.annotate("true accuracy", (ks[-1], self.curve.truth), xytext=(0, -12), textcoords="offset points",
                    ha="right", fontsize=_FS, color=style.REFERENCE)
        self._vline = ax.axvline(ks[0], **style.CUT_LINE)
        ax.set_xscale("log")
        ax.set_xticks(ks)
        ax.set_xticklabels([str(v) for v in ks], fontsize=_FS)
        ax.minorticks_off()
        ax.set_ylim(0.3, 1.02)
        ax.set_xlabel("features kept (of 2,000 noise features; log scale)", fontsize=_FS + 1)
        ax.set_ylabel("5-fold CV accuracy (mean)", fontsize=_FS + 1)
        ax.tick_params(labelsize=_FS)
        ax = self.ax_s
        jitter = np.linspace(-0.15, 0.15, self.n_datasets)
        self._dots_out, = ax.plot([], [], "o", color=style.ESTIMATE, ms=6, mec="white", mew=0.5)
        self._dots_in, = ax.plot([], [], "s", color=style.ESTIMATE, ms=6, mec="white", mew=0.5)
        self._jitter = jitter
        self._truth_s = ax.axvline(self.curve.truth, **style.REFERENCE_STYLE)
        self._truth_s_name = ax.annotate("true accuracy", (self.curve.truth, 0.5), xytext=(-4, 0), textcoords="offset points",
                    rotation=90, ha="right", va="center", fontsize=_FS, color=style.REFERENCE)
        ax.set_yticks([0, 1])
        ax.set_yticklabels(["selected on\nall data", "selected inside\neach fold"], fontsize=_FS)
        ax.set_ylim(-0.5, 1.5)
        ax.invert_yaxis()
        ax.set_xlim(0.3, 1.02)
        ax.set_xlabel("accuracy of each simulated data set", fontsize=_FS + 1)
        ax.tick_params(labelsize=_FS)
        fig.subplots_adjust(left=0.07, right=0.98, bottom=0.16, top=0.88, wspace=0.35)

    def dynamic_artists(self) -> list:
        """What moves with the slider: the orange line, the dots and the title; every axis is fixed,
        so the rest is rendered once as the background. Redrawn over them, as a whole draw paints
        them: the curves' names (on white, over the orange line) and the right panel's true-accuracy
        line, its name (added after the dots, so painted over them) and the frame it ends on."""
        return [self._vline, *self._names, self.ax_c.title, self._dots_out, self._dots_in, self._truth_s,
                self._truth_s_name, *self.ax_s.spines.values()]

    def draw(self, s):
        self._vline.set_xdata([s.keep, s.keep])
        self._dots_out.set_data(s.outside, 0 + self._jitter)
        self._dots_in.set_data(s.inside, 1 + self._jitter)
        kept = f"{s.keep} feature{'' if s.keep == 1 else 's'}"
        self.ax_c.set_title(f"{kept}: {s.outside_mean:.3f} outside, {s.inside_mean:.3f} inside", fontsize=_FS + 1)

    def describe(self, s):
        if is_chinese():
            return (f"<b>保留 {s.keep} 个特征</b><br>在全部数据上选特征后交叉验证：{s.outside_mean:.3f}<br>"
                    f"在每个训练折内部选特征：{s.inside_mean:.3f}<br>真实精度：{s.truth}")
        kept = f"{s.keep} feature{'' if s.keep == 1 else 's'}"
        return (f"<b>{kept} kept</b><br>selected on all data, then CV: {s.outside_mean:.3f}<br>"
                f"selected inside each training fold: {s.inside_mean:.3f}<br>true accuracy: {s.truth}")
