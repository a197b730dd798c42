"""Chapter 13's pictures (issue 35): what each figure's sentence tells the reader to see holds in general,
not only on the drawn example. Quick (a few seconds)."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from math import comb  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics.plotting import practice as pp  # noqa: E402
from learnmetrics.plotting.style import figure_faults  # noqa: E402


def _stored_width(fig):
    return int(round(fig.get_size_inches()[0] * fig.dpi))


# ---------------------------------------------------------------- the coverage picture
@pytest.mark.parametrize("n", [5, 20, 50, 200])
def test_clopper_pearson_never_covers_less_than_promised(n):
    ps = np.linspace(0.001, 0.999, 400)
    assert pp.interval_coverage(n, ps, "exact").min() >= 0.95 - 1e-9


def test_coverage_is_the_chapter_s_binomial_sum():
    n = 50
    for p in (0.7, 0.9, 0.97):
        prob = np.array([comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(n + 1)])
        for method in ("wilson", "exact"):
            slow = sum(prob[j] for j in range(n + 1)
                       if lm.proportion_ci(j, n, method=method).low <= p <= lm.proportion_ci(j, n, method=method).high)
            assert pp.interval_coverage(n, [p], method)[0] == pytest.approx(slow, abs=1e-12)
    # the chapter's printed values at n = 50
    assert round(float(pp.interval_coverage(50, [0.97], "wald")[0]), 3) == 0.781
    assert round(float(pp.interval_coverage(50, [0.9], "wilson")[0]), 3) == 0.970


def test_wald_falls_short_over_a_wider_stretch_than_wilson_near_one():
    """c13-39: 'the Wald interval falls short over a wider stretch near 0 or 1' (n = 20, 50, 200)."""
    for n in (20, 50, 200):
        ps = np.linspace(0.9, 0.999, 300)
        wald, wilson = pp.interval_coverage(n, ps, "wald"), pp.interval_coverage(n, ps, "wilson")
        assert np.mean(wald < 0.93) > np.mean(wilson < 0.93)


# ---------------------------------------------------------------- the DET picture
def test_the_eer_point_lies_on_the_roc_curve_and_on_fpr_equals_fnr():
    rng = np.random.default_rng(0)
    for _ in range(200):
        m = int(rng.integers(4, 40))
        y = rng.integers(0, 2, m)
        if y.min() == y.max():
            continue
        s = np.round(rng.normal(size=m) + rng.normal() * y, int(rng.integers(0, 3)))
        e = lm.equal_error_rate(y, s)
        fpr, tpr, _ = lm.roc_curve(y, s)
        # the ROC polyline meets TPR = 1 - FPR at FPR = EER
        d = fpr - (1 - tpr)
        k = int(np.flatnonzero(d <= 0)[-1])
        if k + 1 < d.size and d[k] < 0:
            lam = -d[k] / (d[k + 1] - d[k])
            f, t = fpr[k] + lam * (fpr[k + 1] - fpr[k]), tpr[k] + lam * (tpr[k + 1] - tpr[k])
        else:
            f, t = fpr[k], tpr[k]
        assert f == pytest.approx(e.eer, abs=1e-12) and 1 - t == pytest.approx(e.eer, abs=1e-12)


def test_the_det_curve_falls_from_top_left_to_bottom_right():
    rng = np.random.default_rng(1)
    for _ in range(200):
        m = int(rng.integers(4, 40))
        y = rng.integers(0, 2, m)
        if y.min() == y.max():
            continue
        s = np.round(rng.normal(size=m) + y, int(rng.integers(0, 3)))
        fpr, fnr, _ = lm.det_curve(y, s)
        df, dn = np.diff(fpr), np.diff(fnr)      # along the thresholds: one error rises as the other falls
        assert (np.all(df <= 0) and np.all(dn >= 0)) or (np.all(df >= 0) and np.all(dn <= 0))


# ---------------------------------------------------------------- splits pictures
def test_grouped_folds_never_split_a_group_and_random_folds_here_do():
    rng = np.random.default_rng(2)
    for _ in range(100):
        groups = np.repeat(np.arange(int(rng.integers(3, 12))), rng.integers(1, 5))
        k = int(rng.integers(2, len(np.unique(groups)) + 1))
        fold = np.full(groups.size, -1)
        for f, (_, te) in enumerate(lm.group_kfold_split(groups, k=k)):
            fold[te] = f
        assert all(len(set(fold[groups == g].tolist())) == 1 for g in np.unique(groups))
    g = np.repeat(list("ABCDEFGHIJ"), 3)
    fig, ax = plt.subplots(figsize=(8, 1.8))
    out = pp.plot_test_fold_map(ax, {"random": list(lm.kfold_split(np.zeros(30), k=5, stratify=False, rng=0)),
                                     "grouped": list(lm.group_kfold_split(g, k=5))}, g)
    assert sum(len(set(out["random"][g == p].tolist())) > 1 for p in "ABCDEFGHIJ") == 10
    assert not figure_faults(fig) and _stored_width(fig) <= 1000
    plt.close(fig)


def test_forward_chaining_never_tests_on_the_past_of_its_training_data():
    for n, s, t in [(480, 5, 40), (12, 3, 2), (100, 4, None), (37, 6, 3)]:
        for tr, te in lm.time_series_split(n, n_splits=s, test_size=t):
            assert tr.max() < te.min()


def test_nested_inner_splits_never_touch_the_outer_test_fold():
    y = np.arange(60) % 2
    for seed in range(5):
        for tr, te in lm.kfold_split(y, k=5, rng=seed):
            for a, b in lm.kfold_split(y[tr], k=5, rng=seed + 1):
                assert np.intersect1d(np.r_[tr[a], tr[b]], te).size == 0


def test_plot_folds_codes():
    fig, ax = plt.subplots()
    codes = pp.plot_folds(ax, [([0, 1], [2]), ([0], [1, 2])], 4)
    assert codes.tolist() == [[1, 1, 2, 0], [1, 2, 2, 0]]
    plt.close(fig)


# ---------------------------------------------------------------- the permutation picture
def test_hatched_shuffles_plus_one_make_the_p_value():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(30, 2))
    for y in ((X[:, 0] > 0).astype(int), rng.permutation(np.arange(30) % 2)):
        r = lm.permutation_test(X, y, k=3, n_permutations=19, rng=0)
        fig, ax = plt.subplots(figsize=(4, 3))
        counts = pp.plot_permutation_null(ax, r, n=30)
        assert counts.sum() == 19
        assert (1 + np.count_nonzero(r.permutation_scores >= r.score)) / 20 == pytest.approx(r.pvalue)
        assert not figure_faults(fig)
        plt.close(fig)


def test_det_and_coverage_figures_draw_without_faults():
    rng = np.random.default_rng(2026)
    y = (rng.random(300) < 0.3).astype(int)
    s = rng.normal(size=300) + 1.5 * y
    fig, (a, b) = plt.subplots(1, 2, figsize=(8, 3.8))
    e = pp.plot_det_and_eer(a, b, y, s)
    assert round(e.eer, 4) == 0.2593
    assert not figure_faults(fig) and _stored_width(fig) <= 1000
    plt.close(fig)
    fig, axes = plt.subplots(3, 1, figsize=(8, 5.6), sharex=True)
    cov = pp.plot_interval_coverage(axes, 50, np.linspace(0.5, 0.999, 500))
    assert set(cov) == {"wald", "wilson", "exact"} and cov["exact"].min() >= 0.95
    assert not figure_faults(fig)
    plt.close(fig)


def test_coverage_mirrors_at_one_half_so_half_the_p_axis_is_enough():
    """c13-38b: 'the other half mirrors it': coverage(p) = coverage(1 - p) for all three intervals."""
    ps = np.linspace(0.01, 0.49, 97)
    for n in (7, 50):
        for method in ("wald", "wilson", "exact"):
            np.testing.assert_allclose(pp.interval_coverage(n, ps, method), pp.interval_coverage(n, 1 - ps, method),
                                       atol=1e-9)
