"""General sentences a fresh reader broke in chapters 08 and 10 (and exercise 08.7), pinned in their
corrected form: each test computes the counter-example and the corrected statement."""
from pathlib import Path

import nbformat
import numpy as np

import learnmetrics as lm
from learnmetrics import datasets
from learnmetrics.plotting.curves import pr_interpolated

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _text(name, cell_id):
    return next(c.source for c in nbformat.read(NOTEBOOKS / name, as_version=4).cells if c.get("id") == cell_id)


# ---------------------------------------------------------------- ch10


def test_10_melon_pr_curve_is_flat_at_p1_before_the_first_bad_melon_then_rises_above_the_chords():
    """c10-21 / zh-10-5 said 'a rising curve, never a straight line': the top three melons are good, so
    while FP = 0 the achievable curve is the flat line P = 1; after each drop it rises above the chord."""
    wm = datasets.watermelon_scores()
    assert list(wm.y_true[np.argsort(-wm.y_score, kind="stable")][:4]) == [1, 1, 1, 0]
    precision, recall, _ = lm.precision_recall_curve(wm.y_true, wm.y_score)
    xs, ys, cuts = pr_interpolated(recall, precision, per_step=8)
    tp = np.cumsum(wm.y_true[np.argsort(-wm.y_score, kind="stable")])
    fp = np.arange(1, tp.size + 1) - tp
    flat = rising = 0
    for a, b in zip(cuts[:-1], cuts[1:]):
        r, p = xs[a:b + 1], ys[a:b + 1]
        if r[-1] == r[0]:
            continue                                              # a bad melon enters: a vertical drop
        chord = p[0] + (r - r[0]) / (r[-1] - r[0]) * (p[-1] - p[0])
        if p[0] == 1.0 and p[-1] == 1.0:
            flat += 1
            assert np.all(p == 1.0)
        else:
            rising += 1
            assert np.all(np.diff(p) > 0) and np.all(p[1:-1] > chord[1:-1])
    assert flat == 2 and rising == int(np.sum((np.diff(tp) == 1) & (fp[:-1] > 0)))
    en, zh = _text("10_uncertainty.ipynb", "c10-21"), _text("10_uncertainty.ipynb", "zh-10-5")
    assert "never a straight line" not in en and "flat at P = 1" in en
    assert "不是直线" not in zh and "水平线" in zh


def test_10_delong_misses_at_n17_are_one_sided_and_come_from_test_sets_ranked_near_1():
    """c10-10c / zh-10-2 blamed 'the AUC near 1': the true AUC is 0.80. The misses lie above the truth,
    from test sets whose own AUC is near 1 (short intervals); all test sets with own AUC >= 0.95 miss."""
    st = lm.uncertainty.auc_sampling_state(17, n_datasets=4000, n_resamples=10)
    assert abs(st.true_auc - 0.8019) < 1e-4
    above, below = st.lows > st.true_auc, st.highs < st.true_auc
    assert st.coverage < 0.92 and above.mean() > 5 * below.mean()
    lucky = st.aucs >= 0.95
    assert lucky.mean() > 0.03 and np.all(above[lucky])
    middle = (st.aucs >= 0.7) & (st.aucs < 0.9)
    assert not np.any((above | below)[middle])
    widths = st.highs - st.lows
    assert widths[lucky].mean() < 0.25 * widths[middle].mean()
    # with 4,000 test sets the coverage at n = 60 is still below the band around 95%
    se = np.sqrt(0.95 * 0.05 / 4000)
    assert lm.uncertainty.auc_sampling_state(60, n_datasets=4000, n_resamples=10).coverage < 0.95 - 1.96 * se
    text = _text("10_uncertainty.ipynb", "c10-10c") + _text("10_uncertainty.ipynb", "c10-10e")
    assert "AUC near 1)" not in text and "does not become exact at 60" in text


def test_10_delong_standard_error_is_at_most_sqrt_a_1_minus_a_times_1_over_m_1_plus_1_over_n_1():
    """c10-10e / zh-10-2: DeLong's se <= sqrt(A(1 - A)(1/(m - 1) + 1/(n - 1))), so 0 at A = 1, on random
    small test sets with and without ties."""
    rng = np.random.default_rng(510)
    for _ in range(400):
        m, n = (int(v) for v in rng.integers(2, 12, 2))
        y = np.r_[np.ones(m, dtype=int), np.zeros(n, dtype=int)]
        s = rng.integers(0, int(rng.integers(2, 8)), m + n) + rng.normal(size=m + n) * rng.integers(0, 2)
        r = lm.roc_auc_ci(y, s)
        a = lm.roc_auc_score(y, s)
        assert r.standard_error <= np.sqrt(a * (1 - a) * (1 / (m - 1) + 1 / (n - 1))) + 1e-12
    assert lm.roc_auc_ci([1, 1, 0, 0], [0.9, 0.8, 0.2, 0.1]).standard_error == 0.0


# ---------------------------------------------------------------- ch08


def test_08_friedman_chi2_form_stays_below_alpha_at_k4_and_swings_with_n_at_k3():
    """c08-32c / zh-08-6 said the χ² form keeps below α at k = 4, N = 4 'by luck of the counts': it is below
    α at every N from 2 to 6 at k = 4 (the conservativeness the book names); at k = 3 it swings with N."""
    rates = lm.comparison_studies.friedman_null_rejection_rates
    assert all(rates(4, n, alpha=0.05).chi2_rate < 0.05 for n in range(2, 7))
    assert rates(3, 4, alpha=0.05).chi2_rate > 0.05 > rates(3, 5, alpha=0.05).chi2_rate
    assert rates(3, 9, alpha=0.05).chi2_rate > 0.05 > rates(3, 10, alpha=0.05).chi2_rate
    en, zh = _text("08_comparing_learners.ipynb", "c08-32c"), _text("08_comparing_learners.ipynb", "zh-08-6")
    assert "by luck of the counts" not in en and "every $N$ from 2 to 6" in en
    assert "碰巧不超过" not in zh and "并非碰巧" in zh


def test_08_7_equal_k2_differences_reject_only_when_not_0():
    """Exercise 08.7's solution: with k = 2, two equal differences other than 0 give σ = 0 and an infinite
    τ_t (a rejection); two differences of 0 give 0/0, which the simulation counts as no rejection. The
    share it quotes counts the first kind only. Replays the simulation's draws at difference 0."""
    from learnmetrics.exercises import EXERCISES
    from learnmetrics.exercises import ch08

    grid = ch08._GRID
    gen = np.random.default_rng(0)                                   # simulate_paired_t_power(rng=0)
    u, v = gen.random((grid.n_repeats, grid.n_samples)), gen.random((grid.n_repeats, grid.n_samples))
    shared = gen.random((grid.n_repeats, grid.n_samples)) < grid.agreement
    diff = (u < grid.base_error).astype(int) - (np.where(shared, u, v) < grid.base_error).astype(int)
    half = grid.n_samples // 2
    folds = np.c_[diff[:, :half].sum(axis=1) / half, diff[:, half:].sum(axis=1) / (grid.n_samples - half)]
    stat = grid.statistics[list(grid.folds).index(2), list(grid.differences).index(0.0)]
    equal = folds[:, 0] == folds[:, 1]
    both_zero = equal & (folds[:, 0] == 0)
    assert np.all(np.isinf(stat[equal & ~both_zero])) and np.all(stat[both_zero] == 0.0)
    assert both_zero.any() and np.isclose(np.mean(equal & ~both_zero), ch08._TIED)
    assert "equal and not 0" in EXERCISES["08.7"].solve() and "0/0" in EXERCISES["08.7"].solve()


def test_08_explorer_power_at_k10_difference_005_is_a_lucky_draw_of_its_1000_experiments():
    """c08-40b / zh-08-7 quoted 0.346 (k = 10) and 0.371 (k = 20) as the power: the explorer's 1,000
    experiments land more than two standard errors above 4,000 others (about 0.3); the text says so."""
    from learnmetrics.exercises import ch08

    grid = ch08._GRID                                  # simulate_paired_t_power(rng=0): the explorer's grid
    shown = lm.comparison_studies.paired_test_state(grid, 10, 0.05).power
    more = lm.comparison_studies.simulate_paired_t_power(folds=(10, 20), differences=(0.05,), n_repeats=4000, rng=1)
    assert shown - more.power[0, 0] > 2 * np.sqrt(shown * (1 - shown) / grid.n_repeats)
    assert 0.25 < more.power[0, 0] < 0.35 and 0.28 < more.power[1, 0] < 0.38
    assert "more than two standard errors above" in _text("08_comparing_learners.ipynb", "c08-40b")
    zh = _text("08_comparing_learners.ipynb", "zh-08-7")
    assert "功效约为 0.3" in zh and "几乎什么也检测不到" not in zh
