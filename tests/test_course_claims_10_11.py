"""Chapters 10 and 11: the corrected statements (issues 23 and 24), with their numbers pinned."""
import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import calibration as cal


def test_10_coverage_uncertainty_is_one_standard_error_not_a_95_band():
    """'±1.5 points' is one standard error of a coverage from 200 test sets; the 95% band is ±3.0 points,
    and only n = 17 and 30 fall below it."""
    se = np.sqrt(0.95 * 0.05 / 200)
    low, high = 0.95 - 1.96 * se, 0.95 + 1.96 * se
    assert (f"{se:.1%}", f"{low:.1%}", f"{high:.1%}") == ("1.5%", "92.0%", "98.0%")
    outside = [n for n in (17, 30, 60, 120, 250, 500, 1000)
               if not low <= lm.uncertainty.auc_sampling_state(n, n_resamples=10).coverage <= high]
    assert outside == [17, 30]
    # the standard error is what it says: the spread of a coverage estimated from 200 Bernoulli(0.95) draws
    rng = np.random.default_rng(0)
    sims = rng.binomial(200, 0.95, size=20_000) / 200
    assert sims.std() == pytest.approx(se, rel=0.03)
    assert np.mean((sims >= low) & (sims <= high)) == pytest.approx(0.95, abs=0.02)


def test_11_reliability_counts_on_their_own_axis_and_truth_not_in_a_learners_colour():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting import style
    from learnmetrics.plotting.calibration import plot_reliability_diagram

    y, p_true, p_model = cal.simulate_scores(4000, rng=11)
    fig, ax = plt.subplots()
    plot_reliability_diagram(ax, y, {"model": p_model, "true P(+|x)": p_true}, reference="true P(+|x)")
    twins = [a for a in fig.axes if a is not ax]
    assert len(twins) == 1                                           # the counts' own axis
    heights = sorted(int(round(r.get_height())) for r in twins[0].patches)
    ids = np.minimum((p_model * 10).astype(int), 9)
    edges_ids = np.searchsorted(np.linspace(0, 1, 11)[1:-1], p_model)
    assert heights == sorted(np.bincount(edges_ids, minlength=10).tolist())   # counts, not fractions
    assert ax.get_ylim() == (0.0, 1.0)                              # the fraction axis stays a fraction
    truth = [ln for ln in ax.get_lines() if ln.get_label() == "true P(+|x)"][0]
    assert matplotlib.colors.to_hex(truth.get_color()) == style.REFERENCE.lower()
    learner_colours = {matplotlib.colors.to_hex(c) for c in style.LEARNERS}
    assert matplotlib.colors.to_hex(truth.get_color()) not in learner_colours
    plt.close(fig)
    del ids


def test_11_stores_one_temperature_explorer():
    """The exercise's move uses cal.temperature_state, not a second explorer stored in the notebook."""
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).parents[1] / "notebooks" / "11_calibration.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert sum("TemperatureExplorer(" in c for c in code) == 1


def test_09_stores_one_bias_variance_explorer():
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).parents[1] / "notebooks" / "09_bias_variance.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert sum("BiasVarianceExplorer(" in c for c in code) == 1


def test_10_bca_and_percentile_read_the_same_resamples_and_bca_slides_left():
    from learnmetrics import datasets

    wm = datasets.watermelon_scores()
    pc = lm.bootstrap_ci(lm.roc_auc_score, wm.y_true, wm.y_score, method="percentile", rng=0)
    bca = lm.bootstrap_ci(lm.roc_auc_score, wm.y_true, wm.y_score, method="bca", rng=0)
    assert np.array_equal(pc.resampled, bca.resampled)
    v, est = pc.resampled, pc.estimate
    below = np.mean(v < est) + 0.5 * np.mean(v == est)
    assert below < 0.5 and np.median(v) > est          # "below their median": z0 < 0
    assert (round(pc.low, 3), round(pc.high, 3)) == (0.569, 0.972)
    assert (round(bca.low, 3), round(bca.high, 3)) == (0.5, 0.944)
    assert bca.low < pc.low and bca.high < pc.high        # both ends slide left


def test_10_paired_resamples_move_together_and_a_is_ahead_almost_always():
    from learnmetrics.learners import LogisticRegression
    from learnmetrics.plotting.uncertainty import paired_auc_resamples
    from learnmetrics.realdata import load_breast_cancer

    d = load_breast_cancer()
    train, test = lm.holdout_split(d.y, test_size=0.3, rng=0)
    sa = LogisticRegression().fit(d.X[train], d.y[train]).decision_function(d.X[test])
    sb = LogisticRegression().fit(d.X[train][:, [20, 21]], d.y[train]).decision_function(d.X[test][:, [20, 21]])
    a, b = paired_auc_resamples(d.y[test], sa, sb, rng=0)
    corr = np.corrcoef(a, b)[0, 1]
    cov = lm.delong_test(d.y[test], sa, sb).covariance
    assert round(corr, 2) == 0.74 == round(cov[0, 1] / np.sqrt(cov[0, 0] * cov[1, 1]), 2)   # DeLong agrees
    assert f"{np.mean(a > b):.1%}" == "99.9%"
    # the separate intervals overlap although A is ahead on nearly every resample
    assert np.quantile(a, 0.025) < np.quantile(b, 0.975)


def test_11_brier_walk_is_exact_on_rounded_probabilities_and_losses_are_ordered():
    y, p_true, p_model = cal.simulate_scores(4000, rng=11)
    for q in (p_model, p_true):
        d = cal.brier_decomposition(y, np.round(q, 2))
        assert d.brier == pytest.approx(d.reliability - d.resolution + d.uncertainty, abs=1e-12)
    m, t = (cal.brier_decomposition(y, np.round(q, 2)) for q in (p_model, p_true))
    assert m.uncertainty == t.uncertainty and abs(m.resolution - t.resolution) < 0.002 < m.reliability - t.reliability
    # one example's losses: log loss >= Brier everywhere, Brier <= 1
    p = np.linspace(1e-3, 1, 1000)
    assert np.all(-np.log(p) >= (1 - p) ** 2 - 1e-15) and np.all((1 - p) ** 2 <= 1)


def test_11_cost_cut_best_threshold_near_one_sixth_only_after_calibration():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting.calibration import plot_cost_by_threshold

    y, _, p_model = cal.simulate_scores(4000, rng=11)
    y_cal, _, p_cal = cal.simulate_scores(2000, rng=12)
    platt = cal.PlattCalibrator().fit(p_cal, y_cal)
    fig, ax = plt.subplots()
    curves = plot_cost_by_threshold(ax, y, {"raw model": p_model, "after Platt": platt.predict(p_model)},
                                    cost01=5, cost10=1)
    grid = np.linspace(0.0, 0.6, 121)
    best = {k: grid[np.argmin(c)] for k, c in curves.items()}
    assert best["raw model"] == pytest.approx(0.035) and best["after Platt"] == pytest.approx(0.16)
    assert abs(best["after Platt"] - 1 / 6) < 0.01 < abs(best["raw model"] - 1 / 6)
    from learnmetrics.plotting import style
    assert style.figure_faults(fig) == []
    plt.close(fig)


def test_11_temperature_explorer_marks_its_position_in_orange():
    pytest.importorskip("ipywidgets")
    import matplotlib
    matplotlib.use("Agg")
    from learnmetrics.plotting import style
    from learnmetrics.widgets.calibration import TemperatureExplorer

    y, _, p_model = cal.simulate_scores(1000, rng=11)
    ex = TemperatureExplorer(y, p_model)
    assert matplotlib.colors.to_hex(ex._vline.get_color()) == style.CUT.lower() and not ex._vline.get_clip_on()


def test_10_an_intervals_width_depends_on_the_examples_not_only_their_number():
    """Reader 0811: '17 examples give an AUC to within about ±0.2' said in general. 17 melons ranked perfectly
    give a resampled AUC of 1 every time (width 0); the chapter's 17 melons give a 95% interval 0.40 wide."""
    y = [1] * 8 + [0] * 9
    perfect = lm.bootstrap_ci(lm.roc_auc_score, y, np.arange(17, 0, -1), rng=0)
    assert perfect.low == perfect.high == 1.0
    from learnmetrics import datasets
    wm = datasets.watermelon_scores()
    boot = lm.bootstrap_ci(lm.roc_auc_score, wm.y_true, wm.y_score, rng=0)
    assert round(boot.high - boot.low, 2) == 0.40


def test_11_auc_blind_only_to_strictly_increasing_changes():
    """Reader 0811: 'blind to any increasing change': rounding (non-decreasing) creates ties and moves the AUC."""
    y, p_true, p_model = cal.simulate_scores(4000, rng=11)
    assert lm.roc_auc_score(y, p_model) == pytest.approx(lm.roc_auc_score(y, p_true), abs=1e-12)
    assert abs(lm.roc_auc_score(y, np.round(p_model, 1)) - lm.roc_auc_score(y, p_model)) > 1e-3


def test_11_log_loss_lies_above_brier_everywhere():
    """Reader 0811: 'the log loss is close to the Brier curve for reasonable probabilities': it lies above
    it at every q < 1 (-ln q >= 1 - q >= (1 - q)^2); at 0.5: 0.6931 against 0.2500."""
    q = np.linspace(1e-6, 1 - 1e-9, 100_001)
    assert np.all(-np.log(q) >= (1 - q) ** 2)
    assert (round(-np.log(0.5), 4), lm.brier_score_loss([1], [0.5])) == (0.6931, 0.25)


def test_11_the_cost_cut_needs_probabilities_right_at_the_cut_not_calibration_everywhere():
    """Reader 0811: 'the cut cost10/(cost01 + cost10) is only right on calibrated probabilities'. A model with
    doubled log-odds around 1/6 instead of 1/2 is badly calibrated (ECE 0.1289, worse than the chapter's
    model's 0.0866) yet makes exactly the truth's decisions at 1/6: mean cost 0.4390 both."""
    y, p_true, p_model = cal.simulate_scores(4000, rng=11)
    t = cal.cost_threshold(cost01=5, cost10=1)
    logit = lambda p: np.log(p / (1 - p))
    pivot = 1 / (1 + np.exp(-(2 * (logit(p_true) - logit(t)) + logit(t))))
    costs = [[0, 1], [5, 0]]
    cost = {name: lm.cost_sensitive_error(y, (p > t).astype(int), costs)
            for name, p in [("true", p_true), ("model", p_model), ("pivot", pivot)]}
    assert (round(cost["true"], 4), round(cost["model"], 4), round(cost["pivot"], 4)) == (0.4390, 0.5070, 0.4390)
    assert round(lm.expected_calibration_error(y, pivot), 4) == 0.1289
    assert lm.expected_calibration_error(y, pivot) > lm.expected_calibration_error(y, p_model)


def test_10_bca_does_not_rule_out_a_coin_on_the_melons():
    """Reader 0811: 'both intervals lie above 0.5' is true of the percentile and DeLong intervals only;
    BCa's lower end is 0.500 exactly."""
    from learnmetrics import datasets
    wm = datasets.watermelon_scores()
    pct = lm.bootstrap_ci(lm.roc_auc_score, wm.y_true, wm.y_score, rng=0)
    bca = lm.bootstrap_ci(lm.roc_auc_score, wm.y_true, wm.y_score, method="bca", rng=0)
    assert pct.low > 0.5 and lm.roc_auc_ci(wm.y_true, wm.y_score).low > 0.5
    assert bca.low == pytest.approx(0.5, abs=1e-12)


def test_11_raw_cost_climbs_from_its_minimum_with_small_wiggles():
    """Reader 0811: 'the cost keeps rising past its minimum' is not monotone: it dips 12 times on the grid,
    each dip at most a few thousandths."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting.calibration import plot_cost_by_threshold

    y, _, p_model = cal.simulate_scores(4000, rng=11)
    fig, ax = plt.subplots()
    c = plot_cost_by_threshold(ax, y, {"raw model": p_model}, cost01=5, cost10=1)["raw model"]
    plt.close(fig)
    d = np.diff(c[np.argmin(c):])
    assert (d < 0).sum() == 12 and d.min() > -0.005
    assert c[-1] - c.min() > 0.05                               # but it climbs overall


def test_11_pair_labelled_on_its_lines_and_loss_labels_clear_of_the_other_curve():
    """Reader 0811 (issue 24): 'model' / 'after Platt' were a legend entry pair (the grammar labels a pair on
    its lines); the Brier label sat on the log-loss curve and the log-loss label crossed its own curve."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting import style
    from learnmetrics.plotting.calibration import plot_proper_losses, plot_reliability_diagram

    y, _, p_model = cal.simulate_scores(4000, rng=11)
    fig, ax = plt.subplots(figsize=(5, 4.6))
    plot_reliability_diagram(ax, y, {"model": p_model, "after Platt": np.clip(p_model * 0.9 + 0.05, 0, 1)},
                             n_bins=10, counts=False, pair=True)
    legend_texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend_texts == ["perfectly calibrated (diagonal)"]
    assert {"model", "after Platt"} <= {t.get_text() for t in ax.texts}
    assert not style.figure_faults(fig)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    plot_proper_losses(ax, p_min=0.001)
    fig.tight_layout()
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    brier_line, ll_line = ax.lines[:2]
    for text in ax.texts:
        if text.get_text().startswith(("Brier", "log loss")):
            box = text.get_window_extent(r)
            xy = ax.transData.transform(np.column_stack(ll_line.get_data()))
            inside = ((xy[:, 0] > box.x0) & (xy[:, 0] < box.x1) & (xy[:, 1] > box.y0) & (xy[:, 1] < box.y1))
            assert not inside.any(), text.get_text()                 # the log-loss curve never runs through
    plt.close(fig)


def test_11_the_cost_rule_is_the_best_rule_when_the_probabilities_are_right():
    """11 (now one sentence linking to 05's 'cut from theory'): with P(+|x) right, 'predict + when P(+|x) >
    cost10 / (cost01 + cost10)' has the lowest expected cost of every threshold rule on P(+|x), tried on 300
    random sets of true probabilities and costs (expected cost computed from the probabilities, no labels)."""
    rng = np.random.default_rng(11)
    for _ in range(300):
        p = rng.beta(rng.uniform(0.3, 3), rng.uniform(0.3, 3), size=int(rng.integers(1, 60)))
        c01, c10 = rng.uniform(0.1, 10, size=2)
        t = cal.cost_threshold(cost01=c01, cost10=c10)
        assert t == pytest.approx(c10 / (c01 + c10))
        expected = lambda positive: float(np.sum(np.where(positive, (1 - p) * c10, p * c01)))
        best = expected(p > t)
        for cut in np.concatenate([[-1.0], p, [2.0]]):        # every distinct threshold rule on p
            assert best <= expected(p > cut) + 1e-9
            assert best <= expected(p >= cut) + 1e-9


def test_11_overconfident_model_lowest_and_highest_bins():
    """Reader 0813: the reliability text said 'where it says 0.05, more are', a number no cell prints; the lowest
    bin (model's probability below 0.1) has mean 0.019 and 0.099 positives, the highest mean 0.968 and 0.865."""
    y, _, p_model = cal.simulate_scores(4000, rng=11)
    frac, mean_p = lm.calibration_curve(y, p_model, n_bins=10)
    assert mean_p[0] < 0.1 and (round(mean_p[0], 3), round(frac[0], 3)) == (0.019, 0.099)
    assert mean_p[-1] > 0.9 and (round(mean_p[-1], 3), round(frac[-1], 3)) == (0.968, 0.865)


def test_a_perfect_ranking_of_17_gives_width_0_and_undercovers():
    """10 (issue 35): 17 melons ranked perfectly give [1, 1]; at true AUC 0.95 a quarter of 8 + 9 test sets are
    ranked perfectly and DeLong covers 0.750 (0.782 at 0.9), on the chapter's 2,000 seeded sets."""
    from statistics import NormalDist

    y17 = np.r_[np.ones(8, dtype=int), np.zeros(9, dtype=int)]
    r = lm.roc_auc_ci(y17, np.r_[np.arange(8) + 10.0, np.arange(9)])
    b = lm.bootstrap_ci(lm.roc_auc_score, y17, np.r_[np.arange(8) + 10.0, np.arange(9)], n_resamples=200, rng=0)
    assert (r.low, r.high, b.low, b.high) == (1.0, 1.0, 1.0, 1.0)
    rng = np.random.default_rng(0)
    got = []
    for true_auc in (0.95, 0.9):
        d = np.sqrt(2) * NormalDist().inv_cdf(true_auc)
        res = [lm.roc_auc_ci(y17, s) for s in rng.normal(size=(2000, 17)) + d * y17]
        got.append((round(float(np.mean([x.auc[0] == 1.0 for x in res])), 3),
                    round(float(np.mean([x.low <= true_auc <= x.high for x in res])), 3)))
    assert got == [(0.25, 0.75), (0.096, 0.782)]


def test_11_sklearn_section_general_sentences():
    """11, In scikit-learn: MCE is never below ECE (any bins); one temperature T > 0 never changes which
    class is largest; the ECE is the total area of the gap bars (plot_ece_gaps)."""
    rng = np.random.default_rng(5)
    for _ in range(30):
        y = (rng.random(80) < 0.4).astype(int)
        y[:2] = [0, 1]
        p = rng.random(80) ** rng.uniform(0.3, 3)
        for strategy in ("uniform", "quantile"):
            assert lm.maximum_calibration_error(y, p, n_bins=7, strategy=strategy) >= \
                lm.expected_calibration_error(y, p, n_bins=7, strategy=strategy) - 1e-12
        z = rng.normal(size=(50, 4)) * 3
        T = rng.uniform(0.05, 20)
        q = np.exp(z / T)
        assert np.array_equal((q / q.sum(axis=1, keepdims=True)).argmax(axis=1), z.argmax(axis=1))
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting.calibration import plot_ece_gaps
    fig, ax = plt.subplots()
    assert plot_ece_gaps(ax, y, p) == pytest.approx(lm.expected_calibration_error(y, p))
    area = sum(b.get_width() * b.get_height() for b in ax.patches)
    assert area == pytest.approx(lm.expected_calibration_error(y, p))
    plt.close(fig)
