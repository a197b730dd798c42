"""Explorers 10 and 11 draw a frame by moving artists over a stored background (issue 38).

What a frame shows must not change: every frame blitted over the background equals the whole
figure drawn at that state, pixel for pixel (also where the reliability curve runs under the legend,
where the legend is drawn again rather than pasted), and the explorer's states equal the public
state functions'. Quick (small sizes), no timing.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from learnmetrics import calibration as cal  # noqa: E402
from learnmetrics import curves  # noqa: E402
from learnmetrics import uncertainty as u  # noqa: E402
from learnmetrics.widgets import _base  # noqa: E402


@pytest.fixture(autouse=True)
def _lazy(monkeypatch):
    monkeypatch.setattr(_base, "MODE", "lazy")


def _whole(ex):
    ex.fig.canvas.draw()
    return np.array(ex.fig.canvas.buffer_rgba())[..., :3]


def _blit_equals_whole(ex, keys):
    # the start frame (the background the front end shows first; its titles were once lost) ...
    start = ex._bg_rgb.copy()
    diff = np.any(start != _whole(ex), axis=2)
    assert not diff.any(), f"the start frame: {int(diff.sum())} pixels differ from a whole draw"
    for key in keys:  # ... and frames drawn over it
        ex.draw(ex.compute_state(*key))
        blit = ex._render_rgb().copy()
        whole = _whole(ex)
        diff = np.any(blit != whole, axis=2)
        assert not diff.any(), f"frame {key}: {int(diff.sum())} pixels differ from a whole draw"


def test_auc_sampling_frames_equal_whole_draws():
    from learnmetrics.widgets.uncertainty import AucSamplingExplorer
    ex = AucSamplingExplorer(sizes=(8, 17, 60), n=17, n_datasets=40, n_resamples=50)
    # back to a size drawn before (the y axis's labels pasted), and data sets whose interval reaches the y axis
    keys = [(8, 3), (60, 39), (8, 0), (60, 1), (8, 21)]
    _blit_equals_whole(ex, keys)


def test_auc_sampling_states_equal_the_state_function():
    from learnmetrics.widgets.uncertainty import AucSamplingExplorer
    ex = AucSamplingExplorer(sizes=(8, 30), n=8, n_datasets=20, n_resamples=40, rng=3, distance=0.8)
    for n, sample in [(8, 0), (30, 7), (8, 19)]:
        got = ex.compute_state(n, sample)
        want = u.auc_sampling_state(n, sample=sample, distance=0.8, n_datasets=20, n_resamples=40, rng=3)
        for name in ("n", "distance", "true_auc", "sample", "coverage"):
            assert getattr(got, name) == getattr(want, name)
        for name in ("aucs", "lows", "highs"):
            np.testing.assert_array_equal(getattr(got, name), getattr(want, name))
        assert got.interval.low == want.interval.low and got.interval.high == want.interval.high
        np.testing.assert_array_equal(got.interval.resampled, want.interval.resampled)
        assert (got.delong.low, got.delong.high) == (want.delong.low, want.delong.high)


def test_auc_sampling_bars_are_the_histogram():
    from learnmetrics.widgets.uncertainty import AucSamplingExplorer, _grid_bins
    ex = AucSamplingExplorer(sizes=(8, 17, 60), n=8, n_datasets=40, n_resamples=20)
    for n in ex.sizes:
        verts, top = ex._hist_of(n)
        counts, _ = np.histogram(np.clip(ex._population(n).aucs, 0.2, 1.0), bins=_grid_bins(n))
        np.testing.assert_array_equal(verts[:, 2, 1], counts)
        # the y axis ax.hist autoscaled to: the highest bar and a 5% margin
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots()
        ax.hist(np.clip(ex._population(n).aucs, 0.2, 1.0), bins=_grid_bins(n))
        assert ax.get_ylim()[1] == top
        plt.close(fig)


def test_bootstrap_auc_without_ties_unchanged():
    # a stratified AUC bootstrap of untied scores counts each positive's place once (lo = hi):
    # the resampled AUCs equal those of the general count (ties) on the same draws
    rng = np.random.default_rng(5)
    for n in (6, 31, 200):
        y = rng.integers(0, 2, n)
        y[:2] = [0, 1]
        for s in (rng.normal(size=n), np.round(rng.normal(size=n), 1)):
            pos = y.astype(bool)
            groups = u._groups(y, True, s)
            scorer = u._AucRanks(pos, s, groups)
            neg_rank, lo, hi = scorer.stratified
            raw = [rng.integers(0, g.size, size=(7, g.size), dtype=np.int32) for g in groups]
            got = scorer.from_raw(raw)
            scorer.stratified = (neg_rank, lo, lo if hi is None else hi)
            np.testing.assert_array_equal(got, scorer.from_raw(raw))
            for row in range(7):
                idx = np.concatenate([g[d[row]] for g, d in zip(groups, raw)])
                assert got[row] == pytest.approx(curves.roc_auc_score(y[idx], s[idx]), abs=1e-12)


def test_temperature_frames_equal_whole_draws():
    from learnmetrics.widgets.calibration import TemperatureExplorer
    y, _, p = cal.simulate_scores(600, rng=11)
    ex = TemperatureExplorer(y, p)
    _blit_equals_whole(ex, [(t,) for t in ex.temperatures[::-2]])


def test_temperature_curve_under_the_legend_is_drawn_under_it():
    # low probabilities, mostly positive: the reliability curve runs through the legend's corner
    from learnmetrics.widgets.calibration import TemperatureExplorer
    rng = np.random.default_rng(2)
    p = rng.uniform(0.02, 0.98, 400)
    y = (rng.uniform(size=400) < np.where(p < 0.5, 0.97, 0.5)).astype(int)
    ex = TemperatureExplorer(y, p, temperatures=(0.5, 1.0, 2.0))
    r = ex.fig.canvas.get_renderer()
    _blit_equals_whole(ex, [(0.5,), (2.0,), (1.0,)])
    box = ex._legend.get_window_extent(r)
    assert not ex._curve_clear_of(box, r)   # the case tested: the curve reaches the legend
