"""Claims of chapters 09-14 corrected after fresh readers r5/r6 (reports/r56_09_14.md): each test computes
the reader's counter-example and the corrected statement."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import book
from learnmetrics import calibration as cal
from learnmetrics import datasets


# ---------------------------------------------------------------- ch09


def test_09_four_training_points_in_the_chapters_setting():
    """09 41861894 / ac39a5f9 / zh-09-2: with 4 training points (3,000 sets, rng=0, the chapter's setting)
    degree 1's bias² is 0.209 and degree 2's 0.236 (the cell prints them; zh-09-2 quotes them)."""
    r4 = lm.bias_variance.bias_variance_experiment(degrees=[1, 2], n_sets=3000, n_train=4, noise_sd=0.3, rng=0)
    assert [f"{v:.3f}" for v in r4.bias2] == ["0.209", "0.236"]
    assert r4.bias2[1] > r4.bias2[0]


# ---------------------------------------------------------------- ch10


def test_10_bootstrap_and_delong_both_fall_short_at_17():
    """10 c10-13c / c10-99 / zh-10-3 / zh-10-rem / zh-10-5: on 1,000 binormal test sets of 8 + 9 examples (d = 1.2)
    the percentile bootstrap (1,000 resamples) and DeLong both cover the true AUC less often than the lower end
    of the 95% band around 95% (93.6%): 92.0% and 88.7%."""
    y17 = np.r_[np.ones(8, dtype=int), np.zeros(9, dtype=int)]
    truth = lm.uncertainty.auc_sampling_state(17, n_datasets=1, n_resamples=10).true_auc
    sets = np.random.default_rng(17).normal(size=(1000, 17)) + 1.2 * y17
    boot = dl = 0
    for i, s in enumerate(sets):
        b, d = lm.bootstrap_ci(lm.roc_auc_score, y17, s, n_resamples=1000, rng=i), lm.roc_auc_ci(y17, s)
        boot += b.low <= truth <= b.high
        dl += d.low <= truth <= d.high
    low = 0.95 - 1.96 * np.sqrt(0.95 * 0.05 / 1000)
    assert boot / 1000 < low and dl / 1000 < low
    assert (f"{boot / 1000:.1%}", f"{dl / 1000:.1%}") == ("92.0%", "88.7%")


# ---------------------------------------------------------------- ch11


def test_11_platt_ties_probabilities_a_few_last_digits_apart():
    """11 c11-11b / c11-99 / zh-11-5 / zh-11-recap: the chapter's Platt map (a = 0.517) sends 0.3 and the next
    float to the same number: AUC 1.0 -> 0.5, though neither is clipped nor rounded to 0 or 1."""
    y_cal, _, p_cal = cal.simulate_scores(2000, rng=12)
    platt = cal.PlattCalibrator().fit(p_cal, y_cal)
    assert f"{platt.a_:.3f}" == "0.517"
    a = 0.30000000000000004
    b = np.nextafter(a, 1)
    out = platt.predict(np.array([b, a]))
    assert out[0] == out[1] and 0.01 < out[0] < 0.99
    assert lm.roc_auc_score([1, 0], [b, a]) == 1.0 and lm.roc_auc_score([1, 0], out) == 0.5


def test_11_temperature_ties_at_quarter_are_all_positives():
    """11 zh-11-7: at T = 0.25 some of the model's largest probabilities become exactly 1.0 and tie; all of
    them are positives, so the AUC is 0.8560 at every slider value."""
    y, _, p_model = cal.simulate_scores(4000, rng=11)
    temps = (0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 2.8, 4.0)
    aucs = [cal.temperature_state(y, p_model, t).auc for t in temps]
    assert all(abs(v - aucs[4]) < 1e-12 for v in aucs) and f"{aucs[0]:.4f}" == "0.8560"
    logit = np.log(p_model / (1 - p_model))
    q = 1 / (1 + np.exp(-logit / 0.25))
    ones = q == 1.0
    assert ones.sum() >= 2 and np.unique(p_model[ones]).size >= 2   # different inputs, one output: a tie
    assert np.all(y[ones] == 1)


def test_11_reliability_diagram_names_the_model_its_bars_belong_to():
    """11 c11-sk4: with two models the Wilson bars and the counts are the first model's; the legend entry
    and the count caption name it."""
    from learnmetrics.plotting.calibration import plot_reliability_diagram

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    p1, p2 = rng.random(200), rng.random(200)
    fig, ax = plt.subplots()
    plot_reliability_diagram(ax, y, {"naive Bayes": p1, "temperature-scaled": p2}, n_bins=5, pair=True,
                             intervals=True)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("Wilson" in t and "naive Bayes" in t for t in labels)
    texts = [t.get_text() for a in fig.axes for t in a.texts]
    assert any(t.startswith("examples per bin") and "naive Bayes" in t for t in texts)
    plt.close(fig)


# ---------------------------------------------------------------- ch12


def test_12_both_readings_of_f1_can_sit_at_the_break_even_cut():
    """12 2ed3bc1f / zh-12-3: 'neither reading of F1 does' was false: y = [1, 1, 0, 0], scores .9 .8 .3 .2,
    threshold 0.5 predicts m+ = 2 positive, so F1 = BEP = 1 under both readings. Neither reading guarantees it:
    the chapter's A predicts 8 examples positive, not m+ = 5."""
    y, s = np.array([1, 1, 0, 0]), np.array([0.9, 0.8, 0.3, 0.2])
    pred = (s >= 0.5).astype(int)
    assert pred.sum() == y.sum()
    assert lm.f1_score(y, pred) == 1.0 == np.nanmax(lm.fbeta_curve(y, s, beta=1.0))
    assert lm.break_even_point(y, s).value == 1.0
    ce = book.f1_bep_counterexample(n_pos=5, n_neg=5, min_gap=0.1, rng=0, at_best_cut=True)
    assert int((ce.score_a >= 0.5).sum()) == 8 and int(ce.y_true.sum()) == 5


def _read_back(fpr, tpr):
    env = lm.cost_curve_envelope(np.asarray(fpr, float), np.asarray(tpr, float))
    f, t = book.roc_from_cost_curve(env.x_breaks, env.cost_breaks)
    return [(round(float(a), 6), round(float(b), 6)) for a, b in zip(f, t)]


def test_12_only_points_forming_a_piece_of_the_envelope_come_back():
    """12 803b3831 / zh-12-7: 'points whose line touches the envelope come back: the hull vertices' was false.
    The melons' corners (0, 0), (1, 1) and a point on a hull edge touch it without coming back; a corner the
    hull leaves at a slant does form a piece and comes back."""
    melons = datasets.watermelon_scores()
    fpr, tpr, _ = lm.roc_curve(melons.y_true, melons.y_score, drop_intermediate=False)
    hull = list(zip(*lm.roc_convex_hull(fpr, tpr)))
    back = _read_back(fpr, tpr)
    inner = [(round(float(a), 6), round(float(b), 6)) for a, b in hull[1:-1]]
    assert back == inner and len(hull) == 5 and len(back) == 3     # corners left out
    # a point on a hull edge touches the envelope (at x = 0.5) but does not come back
    f, t = [0, 0, 0.25, 0.5, 1], [0, 0.5, 0.75, 1, 1]
    env = lm.cost_curve_envelope(np.array(f, float), np.array(t, float))
    assert env(np.array([0.5]))[0] == pytest.approx(0.5 * 0.25 + 0.5 * 0.25)
    assert _read_back(f, t) == [(0.0, 0.5), (0.5, 1.0)]
    # the hull leaves (0, 0) at a slant and reaches (1, 1) at a slant: both corners come back
    assert _read_back([0, 0.5, 1], [0, 0.8, 1]) == [(0.0, 0.0), (0.5, 0.8), (1.0, 1.0)]


# ---------------------------------------------------------------- ch13


def test_13_ks_and_youden_agree_when_the_largest_gap_is_positive_and_reached_once():
    """13 c13-23 / zh-13-5: the largest |TPR - FPR| of y = 1 1 1 0, s = 0 .5 .25 .25 is reached twice, once with
    TPR above FPR (t = 0.5) and once below (t = 0.25): KS and Youden pick different thresholds. Reached at one
    threshold only with TPR above FPR (the chapter's case), they agree on random small cases."""
    from fractions import Fraction

    y, s = np.array([1, 1, 1, 0]), np.array([0.0, 0.5, 0.25, 0.25])
    fpr, tpr, thr = lm.roc_curve(y, s)
    assert lm.ks_statistic(y, s).threshold == 0.25 and thr[np.argmax(tpr - fpr)] == 0.5
    rng = np.random.default_rng(1)
    checked = 0
    for _ in range(1500):
        n = int(rng.integers(2, 10))
        y = rng.integers(0, 2, n)
        if y.min() == y.max():
            continue
        s = rng.integers(0, 5, n) / 4
        pos, neg = int(y.sum()), int(n - y.sum())
        gaps = [Fraction(int(((s >= t) & (y == 1)).sum()), pos) - Fraction(int(((s >= t) & (y == 0)).sum()), neg)
                for t in np.unique(s)]
        top = max(abs(g) for g in gaps)
        at = [g for g in gaps if abs(g) == top]
        if len(at) == 1 and at[0] > 0:
            fpr, tpr, thr = lm.roc_curve(y, s)
            assert lm.ks_statistic(y, s).threshold == thr[np.argmax(tpr - fpr)]
            checked += 1
    assert checked > 300
    rng = np.random.default_rng(2026)                     # the chapter's validation set (c13-22)
    y_val = (rng.random(300) < 0.3).astype(int)
    s_val = rng.normal(size=300) + 1.5 * y_val
    fpr, tpr, thr = lm.roc_curve(y_val, s_val, drop_intermediate=False)
    gap = np.abs(tpr - fpr)
    assert np.sum(np.isclose(gap, gap.max(), rtol=0, atol=1e-12)) == 1 and (tpr - fpr)[np.argmax(gap)] > 0
    assert lm.ks_statistic(y_val, s_val).threshold == thr[np.argmax(tpr - fpr)]


def test_13_leakage_explorer_names_the_right_panels_reference():
    """13 c13-06f: the right panel's dashed 0.5 line is named; the solid curve's name sits above the curve."""
    from learnmetrics.widgets.practice import LeakageExplorer

    ex = LeakageExplorer(keeps=(1, 20, 200), keep=20, n_datasets=3)
    assert any(t.get_text() == "true accuracy" for t in ex.ax_s.texts)
    fig = ex.ax_c.figure
    fig.canvas.draw()
    label = next(t for t in ex.ax_c.texts if t.get_text() == "selected on all data")
    box = label.get_window_extent()
    line = ex.ax_c.lines[0]
    xy = ex.ax_c.transData.transform(np.column_stack(line.get_data()))
    xs = np.linspace(box.x0, box.x1, 50)
    curve_y = np.interp(xs, xy[:, 0], xy[:, 1])
    assert np.all(curve_y < box.y0)                      # the curve runs below the whole label
    ex.close() if hasattr(ex, "close") else plt.close(fig)
