"""Chapter 08's claims about the tests, checked in general (not only on the running example),
and the numbers the chapter corrected, pinned."""
import itertools
import math

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import _distributions as D

st = pytest.importorskip("scipy.stats")


# ------------------------------------------------------------------ binomial test (section 1)
def test_book_critical_rate_is_c_minus_one_over_m_in_general():
    """eps_bar, the smallest eps on the grid i/m with P(X > eps m) < alpha (book eq. 2.27 as corrected),
    is (c - 1)/m, and a test error above it is exactly a rejection."""
    rng = np.random.default_rng(0)
    for _ in range(300):
        m = int(rng.integers(1, 200))
        eps0 = float(rng.uniform(0.01, 0.6))
        alpha = float(rng.choice([0.01, 0.05, 0.1]))
        r = lm.binomial_test(0, m, epsilon0=eps0, alpha=alpha)
        grid = [i for i in range(m + 1) if st.binom.sf(i, m, eps0) < alpha]
        book = grid[0] / m
        assert r.details["epsilon_bar"] == pytest.approx(book)
        c = r.details["critical_count"]
        for k in {0, c - 1, c, m} & set(range(m + 1)):  # the decision is monotone in k: its edge suffices
            assert lm.binomial_test(k, m, epsilon0=eps0, alpha=alpha).reject == (k / m > book)


def test_false_alarms_happen_with_probability_at_most_alpha():
    """The size of the binomial test is at most alpha, at eps0 and inside H0 (eps < eps0)."""
    rng = np.random.default_rng(1)
    for _ in range(300):
        m = int(rng.integers(1, 300))
        eps0 = float(rng.uniform(0.01, 0.6))
        alpha = float(rng.choice([0.01, 0.05, 0.1]))
        c = lm.binomial_test(0, m, epsilon0=eps0, alpha=alpha).details["critical_count"]
        for eps in (eps0, eps0 / 2):
            assert st.binom.sf(c - 1, m, eps) <= alpha + 1e-12


def test_chapter_binomial_numbers():
    # B: 12 errors of 171 against eps0 = 0.05
    r = lm.binomial_test(12, 171, epsilon0=0.05)
    assert r.details["critical_count"] == 14 and r.details["epsilon_bar"] == pytest.approx(13 / 171)
    assert not r.reject and round(r.p_value, 4) == 0.1501
    assert round(lm.binomial_test(14, 171, epsilon0=0.05).p_value, 4) == 0.0488   # the real size, < alpha
    # a small test set needs a much larger test error
    assert lm.binomial_test(0, 20, epsilon0=0.05).details["rejection_error_rate"] == 0.2
    assert lm.binomial_test(0, 1000, epsilon0=0.05).details["rejection_error_rate"] == 0.063


# ------------------------------------------------------------------ t-tests (sections 2-4)
def test_two_kfold_training_sets_share_all_but_two_folds():
    y = np.array([0, 1] * 50 + [1] * 7)
    for k in (3, 5, 10):
        folds = list(lm.kfold_split(y, k=k, rng=0))
        for (tr1, te1), (tr2, te2) in itertools.combinations(folds, 2):
            assert len(np.intersect1d(tr1, tr2)) == len(y) - len(te1) - len(te2)


def test_five_by_two_critical_value_is_larger_than_ten_fold():
    assert D.t_isf(0.025, 5) > D.t_isf(0.025, 9)
    for a in (0.01, 0.05, 0.1):
        assert D.t_isf(a / 2, 5) > D.t_isf(a / 2, 9)


# ------------------------------------------------------------------ McNemar (section 5)
def test_continuity_correction_never_increases_the_statistic():
    for e01 in range(0, 40):
        for e10 in range(0, 40):
            if e01 + e10 == 0:
                continue
            t = [[3, e01], [e10, 2]]
            corr, raw = lm.mcnemar_test_table(t), lm.mcnemar_test_table(t, correction=False)
            assert corr.statistic <= raw.statistic and corr.p_value >= raw.p_value


def test_even_split_of_disagreements_is_no_evidence():
    for n in range(1, 30):
        r = lm.mcnemar_test_table([[0, n], [n, 0]])
        assert r.statistic == 0.0 and r.p_value == 1.0
        # the book's formula taken literally would give 1 / (2n) > 0
        assert (abs(n - n) - 1) ** 2 / (2 * n) > 0


def test_doubled_binomial_tail_is_scipys_exact_two_sided_test():
    for n in range(1, 60):
        for k in range(n + 1):
            doubled = min(1.0, 2 * lm.binomial_test(max(k, n - k), n, epsilon0=0.5).p_value)
            assert doubled == pytest.approx(st.binomtest(k, n, 0.5).pvalue, rel=1e-9)


# ------------------------------------------------------------------ Friedman / Nemenyi (section 6)
def test_friedman_exact_false_alarm_rates():
    r34 = lm.compare.friedman_null_rejection_rates(3, 4)
    assert r34.chi2_rate == r34.f_rate == 90 / 1296  # both forms reject the same rankings, above alpha
    r44 = lm.compare.friedman_null_rejection_rates(4, 4)
    assert r44.chi2_rate < 0.05 < r44.f_rate        # chi2 too conservative, F a little liberal
    r310 = lm.compare.friedman_null_rejection_rates(3, 10)
    assert abs(r310.chi2_rate - 0.05) < 0.005 and abs(r310.f_rate - 0.05) < 0.005


def test_false_alarms_at_most_alpha_only_for_exact_tests():
    """Issue 23: "false alarms at most alpha" holds for exact tests (the binomial test above), not for the
    chi2 / F approximations of Friedman's test: counted exactly over every ranking, both exceed alpha."""
    r34 = lm.compare.friedman_null_rejection_rates(3, 4)
    r44 = lm.compare.friedman_null_rejection_rates(4, 4)
    assert f"{r34.chi2_rate:.2%}" == f"{r34.f_rate:.2%}" == "6.94%"
    assert (f"{r44.chi2_rate:.2%}", f"{r44.f_rate:.2%}") == ("3.29%", "6.78%")
    assert r34.chi2_rate > 0.05 and r44.f_rate > 0.05
    # the count, checked by brute force over all (3!)^4 rankings for k = 3, N = 4
    perms = list(itertools.permutations([1, 2, 3]))
    crit = st.chi2.ppf(0.95, 2)
    rejected = 0
    for rows in itertools.product(perms, repeat=4):
        r = np.mean(rows, axis=0)
        chi2 = 12 * 4 / (3 * 4) * np.sum((r - 2) ** 2)
        rejected += chi2 > crit
    assert rejected == 90


def test_exercise_08_8_quotes_the_chapters_p_value():
    from learnmetrics.exercises import EXERCISES
    from learnmetrics.learners import LogisticRegression
    from learnmetrics.realdata import load_breast_cancer

    d = load_breast_cancer()
    f1 = lm.cross_val_scores([LogisticRegression(), LogisticRegression(l2=1e-4)], d.X, d.y, scoring=lm.f1_score,
                             k=10, rng=0)
    p = lm.paired_t_test(f1[0], f1[1]).p_value
    assert round(p, 4) == 0.4195
    assert "p = 0.4195" in EXERCISES["08.8"].prompt


def test_tau_f_grows_with_tau_chi2():
    for k, n in [(3, 4), (4, 6), (10, 3)]:
        chi2 = np.linspace(0, n * (k - 1) * 0.999, 200)
        f = (n - 1) * chi2 / (n * (k - 1) - chi2)
        assert np.all(np.diff(f) > 0)


def test_nemenyi_q_grows_with_k_and_starts_at_the_pairwise_value():
    for a in (0.05, 0.10):
        q = [lm.nemenyi_q(k, a) for k in range(2, 11)]
        assert all(np.diff(q) > 0)
    assert lm.nemenyi_q(2, 0.05) == pytest.approx(st.norm.isf(0.025), abs=1e-3)


def test_books_table_2_5_with_and_without_ties():
    t = [[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]]
    assert lm.friedman_test(t).chi2.statistic == pytest.approx(7.125)
    r = lm.friedman_test(t, tie_correction=True).chi2
    assert r.statistic == pytest.approx(7.6)
    assert r.p_value == pytest.approx(st.friedmanchisquare(*np.array(t).T).pvalue, rel=1e-9)


# ------------------------------------------------------------------ the chapter's running example
def test_chapter_mcnemar_example():
    from learnmetrics.compare import NearestCentroid
    from learnmetrics.learners import LogisticRegression
    from learnmetrics.realdata import load_breast_cancer

    d = load_breast_cancer()
    train, test = lm.holdout_split(d.y, test_size=0.3, rng=0)
    pa = LogisticRegression().fit(d.X[train], d.y[train]).predict(d.X[test])
    pb = NearestCentroid().fit(d.X[train], d.y[train]).predict(d.X[test])
    table = lm.mcnemar_table(d.y[test], pa, pb)
    assert table.tolist() == [[159, 0], [9, 3]]
    r = lm.mcnemar_test_table(table)
    assert r.statistic == pytest.approx(64 / 9) and r.reject
    assert lm.mcnemar_test_table(table, correction=False).p_value == pytest.approx(st.chi2.sf(9.0, 1))
    assert min(1.0, 2 * lm.binomial_test(9, 9, epsilon0=0.5).p_value) == pytest.approx(2 / 2**9)


def test_08_figures_label_their_lines_directly_no_legend_over_them():
    """Issue 24 §3: the binomial, t, chi2 and F figures carry direct labels, no legend box."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting.compare import plot_binomial_test, plot_five_by_two_design, plot_null_distribution

    results = [lm.t_test([0.02, 0.04, 0.01, 0.03, 0.01], epsilon0=0.05),
               lm.mcnemar_test_table([[150, 0], [9, 3]]),
               lm.friedman_test([[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]]).f]
    for r in results:
        fig, ax = plt.subplots()
        plot_null_distribution(ax, r)
        assert ax.get_legend() is None
        texts = " ".join(t.get_text() for t in ax.texts)
        assert "observed" in texts and "critical value" in texts and "null distribution" in texts
        plt.close(fig)
    fig, ax = plt.subplots()
    plot_binomial_test(ax, lm.binomial_test(12, 171, epsilon0=0.05))
    assert ax.get_legend() is None and "observed" in " ".join(t.get_text() for t in ax.texts)
    plt.close(fig)
    # the 5x2cv design figure writes the statistic the test computes
    rng = np.random.default_rng(0)
    ea, eb = rng.uniform(0, 0.2, (5, 2)), rng.uniform(0, 0.2, (5, 2))
    fig, ax = plt.subplots()
    plot_five_by_two_design(ax, ea, eb)
    tau = lm.five_by_two_cv_t_test(ea, eb).statistic
    assert f"{tau:.4f}" in " ".join(t.get_text() for t in ax.texts)
    plt.close(fig)


def test_08_paired_test_explorer_legend_outside_the_histogram():
    """Reader 0811 (issue 24): the explorer's legend sat inside the axes over the hatched rejection region.
    It now sits above the axes, and figure_faults finds nothing at k = 10 and k = 2."""
    import matplotlib
    matplotlib.use("Agg")
    from learnmetrics.plotting import style
    from learnmetrics.widgets.compare import PairedTestExplorer

    ex = PairedTestExplorer(k=10, difference=0.0)
    for k, d in [(10, 0.0), (2, 0.05)]:
        ex.folds.value, ex.difference.value = k, d
        ex.fig.canvas.draw()
        ax = ex.fig.axes[0]
        legend_box = ax.get_legend().get_window_extent(ex.fig.canvas.get_renderer())
        assert legend_box.y0 >= ax.get_window_extent().y1 - 1      # above the axes, not over the data
        assert not style.figure_faults(ex.fig)


def test_08_binomial_figure_labels_inside_their_axes():
    """Reader 0811 (issue 24): B's bold 'observed' label ran past the y axis and the critical-value label past
    the right edge; shorter lines keep both inside the axes in both panels."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting.compare import plot_binomial_test

    fig, axes = plt.subplots(1, 2, figsize=(11, 3.6), sharey=True)
    plot_binomial_test(axes[0], lm.binomial_test(12, 171, epsilon0=0.05))
    plot_binomial_test(axes[1], lm.binomial_test(3, 171, epsilon0=0.05))
    fig.tight_layout()
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    for ax in axes:
        frame = ax.get_window_extent(r)
        for t in ax.texts:
            box = t.get_window_extent(r)
            assert frame.x0 - 1 <= box.x0 and box.x1 <= frame.x1 + 1, t.get_text()
    plt.close(fig)


def test_08_a_fold_the_other_way_does_not_make_a_real_gap_luck():
    """Reader 0811: 'if the sign flips from split to split, the first test set's gap was luck'. A vs B: A's F1 is
    lower on 1 fold of 10 and the gap is real (p = 0.0028); A vs C: 4 folds each way, p = 0.4195."""
    from learnmetrics.compare import NearestCentroid
    from learnmetrics.learners import LogisticRegression
    from learnmetrics.realdata import load_breast_cancer

    d = load_breast_cancer()
    f1 = lm.cross_val_scores([LogisticRegression(), NearestCentroid(), LogisticRegression(l2=1e-4)], d.X, d.y,
                             scoring=lm.f1_score, k=10, rng=0)
    a, b, c = f1
    assert (int(np.sum(a > b)), int(np.sum(a < b))) == (8, 1)
    assert round(lm.paired_t_test(a, b).p_value, 4) == 0.0028
    assert (int(np.sum(a > c)), int(np.sum(a < c))) == (4, 4)


def test_p_value_at_most_alpha_exactly_when_the_count_reaches_the_critical_count():
    """Section 1's vocabulary (issue 23, one idea one place): 'reject H0 when p <= alpha; equivalently, when the
    statistic reaches the critical value', tried on every count of random binomial tests; and the two lines
    the chapter prints, one error below B's critical count and at it (p 0.0885, then 0.0488)."""
    rng = np.random.default_rng(8)
    for _ in range(200):
        m = int(rng.integers(1, 150))
        eps0 = float(rng.uniform(0.01, 0.6))
        alpha = float(rng.choice([0.01, 0.05, 0.1]))
        c = lm.binomial_test(0, m, epsilon0=eps0, alpha=alpha).details["critical_count"]
        for count in range(m + 1):
            assert (lm.binomial_test(count, m, epsilon0=eps0, alpha=alpha).p_value <= alpha) == (count >= c)
    assert lm.binomial_test(0, 171, epsilon0=0.05).details["critical_count"] == 14
    assert [round(lm.binomial_test(n, 171, epsilon0=0.05).p_value, 4) for n in (13, 14)] == [0.0885, 0.0488]


# ------------------------------------------------------------------ reader 0813 (issue 23, second reading)
def test_08_sizes_not_wins_decide_a_paired_comparison():
    """The short answer once said 'if the sign flips about as often one way as the other, the gap is within what
    luck produces'. Five large wins and five tiny losses flip the sign 5 : 5 and are significant (p = 0.0165);
    the chapter now says 'if the mean is small next to its spread' and 'weigh sizes, not wins'."""
    a = np.array([0.2] * 5 + [0.099] * 5)
    b = np.full(10, 0.1)
    assert (int(np.sum(a > b)), int(np.sum(a < b))) == (5, 5)
    r = lm.paired_t_test(a, b)
    assert r.reject and round(r.p_value, 4) == 0.0165


def test_08_the_one_sample_t_test_needs_normal_estimates_to_be_exact():
    """Section 2: tau_t follows t(k-1) 'if the true mean is eps0 and the estimates are independent' dropped
    normality. Ten independent error rates of 20 test examples each (counts / 20, true error 0.05, so H0 holds)
    reject at alpha = 0.05 in 5.7% of 100,000 seeded experiments: independence alone is not enough."""
    rng = np.random.default_rng(0)
    e = rng.binomial(20, 0.05, size=(100_000, 10)) / 20
    sd = e.std(axis=1, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        tau = np.sqrt(10) * (e.mean(axis=1) - 0.05) / sd
    rate = float(np.mean(np.abs(tau) > st.t.ppf(0.975, 9)))
    assert 0.055 < rate < 0.06


def test_08_the_f_form_is_never_more_conservative_than_the_chi2_form():
    """'the book recommends its less conservative F form', tried for k = 3..10 and N = 2..30: tau_F grows with
    tau_chi2, so each form rejects when tau_chi2 passes a cut-off; the F form's is never the higher one, so it
    rejects every ranking the chi2 form rejects (and at k = 3, N = 4 no ranking falls between the two)."""
    for k in range(3, 11):
        for n in range(2, 31):
            c = st.chi2.ppf(0.95, k - 1)
            fc = st.f.ppf(0.95, k - 1, (k - 1) * (n - 1))
            assert fc * n * (k - 1) / (n - 1 + fc) <= c + 1e-12
    r34 = lm.compare.friedman_null_rejection_rates(3, 4)
    assert r34.chi2_rate == r34.f_rate


def test_08_an_approximate_test_may_still_stay_below_alpha():
    """Section 6 once said 'neither form is exact with 4 data sets, so neither keeps its false alarms at or below
    alpha'; the chi2 form at k = 4, N = 4 does (3.29%): not exact means not *guaranteed*."""
    r44 = lm.compare.friedman_null_rejection_rates(4, 4)
    assert round(r44.chi2_rate, 4) == 0.0329 and round(r44.f_rate, 4) == 0.0678


def test_08_every_anchor_link_lands_on_an_anchor_of_its_notebook():
    """'False alarms at most alpha is a property of exact tests' now links to the paragraph that says so
    (#c08-exact), not to the vocabulary list above it; every #anchor of chapter 08 exists."""
    import re
    from pathlib import Path

    import nbformat

    root = Path(__file__).resolve().parents[1] / "notebooks"
    nb = nbformat.read(root / "08_comparing_learners.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for target, anchor in re.findall(r"\]\(([0-9a-z_]*\.ipynb)?#([A-Za-z0-9_-]+)\)", text):
        other = text if not target else "\n".join(
            c.source for c in nbformat.read(root / target, as_version=4).cells if c.cell_type == "markdown")
        assert f'id="{anchor}"' in other, (target, anchor)
    exact = next(c.source for c in nb.cells if 'id="c08-exact"' in c.source)
    assert "**exact** test" in exact and "at most" in exact
    assert "(#c08-exact)" in next(c.source for c in nb.cells if c.get("id") == "c08-32c")


# ------------------------------------------------------------------ issue 35 (third edition)
def _nb_text(name, cell_id):
    import json
    from pathlib import Path
    nb = json.loads((Path(__file__).parent.parent / "notebooks" / name).read_text(encoding="utf-8"))
    return next("".join(c["source"]) for c in nb["cells"] if c.get("id") == cell_id)


def test_08_large_wins_beside_tiny_losses_need_not_be_significant():
    """The short answer once said 'five large wins and five tiny losses are significant'. Unequal wins
    [0.02, 0.03, 0.05, 0.10, 0.30] beside five losses of -0.001: paired t p = 0.1297 (not significant),
    Wilcoxon p = 0.2266. The chapter now quotes this counter-example (p = 0.13) in both languages."""
    d = np.r_[[0.02, 0.03, 0.05, 0.10, 0.30], [-0.001] * 5]
    b = np.full(10, 0.5)
    r = lm.paired_t_test(b + d, b)
    assert not r.reject and round(r.p_value, 2) == 0.13
    scipy_stats = pytest.importorskip("scipy.stats")
    assert scipy_stats.wilcoxon(d).pvalue > 0.05
    en, zh = _nb_text("08_comparing_learners.ipynb", "c08-03"), _nb_text("08_comparing_learners.ipynb", "zh-08-0")
    assert "are significant" not in en and "p = 0.13" in en
    assert "也是显著的" not in zh and "0.13" in zh


def test_08_one_sign_convention_section_3_and_the_explorer_delta_is_a_minus_b():
    """Issue 35: section 3 takes Δ_i = ε_i^A − ε_i^B (the book's sign) and section 7's explorer took
    B − A; both take A − B now, so a real advantage of A pushes τ_t left, below 0, in both."""
    g = lm.comparison_studies.simulate_paired_t_power(folds=(10,), differences=(0.0, 0.05), n_repeats=300, rng=0)
    t = g.statistics[0, 1]
    assert np.median(t[np.isfinite(t)]) < -1
    assert lm.paired_t_test([0.1, 0.1, 0.2], [0.2, 0.3, 0.3]).statistic < 0     # A erred less: negative
