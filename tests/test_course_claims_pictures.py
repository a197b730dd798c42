"""Claims made by the pictures added for issue 35 (02 section 6, 06 section 7, 07 sections 2 and 5,
12 exercise 2.10), each checked on many small random cases, and the figures' own checks."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics import _distributions as dist  # noqa: E402
from learnmetrics.plotting import compare as pcompare  # noqa: E402
from learnmetrics.plotting import confusion as pconf  # noqa: E402
from learnmetrics.plotting import ranking as prank  # noqa: E402
from learnmetrics.plotting import regression as rplot  # noqa: E402
from learnmetrics.plotting import style  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _cell_ids(name):
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return {c.get("id"): c for c in nb["cells"]}


# -- 06 section 7: "the tie-averaged DCG@k is the mean over every order of the ties" -----------------
def test_tie_averaged_dcg_is_the_mean_over_every_order_of_the_ties():
    rng = np.random.default_rng(0)
    for _ in range(300):
        n = int(rng.integers(2, 8))
        rel = rng.integers(0, 4, size=n)
        scores = rng.integers(0, 3, size=n)
        k = int(rng.integers(1, n + 1))
        gain = ("linear", "exponential")[int(rng.integers(2))]
        orders = prank.tie_orders(rel, scores, k=k)
        every = lm.dcg_per_query(np.tile(rel, (len(orders), 1)), orders, k=k, gain=gain)
        averaged = lm.dcg_score([rel], [scores], k=k, gain=gain)
        assert every.mean() == pytest.approx(averaged, abs=1e-10)
        assert every.min() - 1e-12 <= averaged <= every.max() + 1e-12


def test_06_tie_picture_numbers():
    grades = np.array([3, 2, 3, 0, 1, 2, 0, 1])
    coarse = np.array([2, 2, 1, 0, 2, 1, 0, 1])
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    r = prank.plot_tie_orders(ax, grades, coarse, k=3, gain="exponential")
    assert len(r["dcg"]) == 6 and r["dcg"].mean() == pytest.approx(r["averaged"])
    assert (round(r["averaged"], 4), round(r["dcg"].max(), 4), round(r["dcg"].min(), 4)) == (7.8134, 9.3928, 6.3928)
    assert not style.figure_faults(fig)
    plt.close(fig)
    with pytest.raises(ValueError, match="max_orders"):
        prank.tie_orders(np.arange(9), np.zeros(9), k=9)


# -- 07 section 2: "on 0/1 predictions the MSE is the error rate" ------------------------------------
def test_mse_of_0_1_predictions_is_the_error_rate():
    rng = np.random.default_rng(1)
    for _ in range(300):
        n = int(rng.integers(1, 40))
        y, y_hat = rng.integers(0, 2, size=n), rng.integers(0, 2, size=n)
        assert lm.mean_squared_error(y, y_hat) == pytest.approx(lm.error_rate(y, y_hat))


def test_07_pictures_draw_what_they_say():
    from learnmetrics import datasets
    melons = datasets.watermelon_scores()
    y, p = melons.y_true, melons.y_score
    y_hat = (p >= 0.5).astype(int)
    fig, axes = plt.subplots(2, 1, figsize=(6.4, 4.4), sharex=True)
    means = rplot.plot_squared_errors(y, {"0/1": y_hat, "P": p}, axes, reference=("always 0.5", 0.25))
    assert means["0/1"] == pytest.approx(lm.error_rate(y, y_hat))
    assert means["P"] == pytest.approx(lm.brier_score_loss(y, p))
    assert not style.figure_faults(fig)
    plt.close(fig)
    cps = np.random.default_rng(2).normal(2, 3, size=500)
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    rplot.plot_cp_spread(cps, 2, ax)
    text = " ".join(t.get_text() for t in ax.texts)
    assert f"below 0: {np.mean(cps < 0):.0%}" in text and f"median {np.median(cps):.2f}" in text
    plt.close(fig)


# -- 12 exercise 2.10: tau_F grows with tau_chi2; the F threshold on the tau_chi2 scale -----------
def test_tau_f_increases_with_tau_chi2_and_the_two_thresholds_map():
    rng = np.random.default_rng(3)
    for _ in range(200):
        k, n = int(rng.integers(2, 9)), int(rng.integers(2, 30))
        top = n * (k - 1)
        x = np.sort(rng.uniform(0, top, size=50))
        tau_f = (n - 1) * x / (top - x)
        assert np.all(np.diff(tau_f) >= 0)
        f_crit = dist.f_isf(0.05, k - 1, (k - 1) * (n - 1))
        on_chi = top * f_crit / (n - 1 + f_crit)
        assert np.array_equal(tau_f > f_crit, x > on_chi + 1e-9 * top) or np.all(np.abs(x - on_chi) < 1e-6)
    # at k = 4, N = 4 the F threshold is the lower one: the hatched band is where only the F form rejects
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    r = pcompare.plot_friedman_forms(ax, 4, 4, alpha=0.05)
    assert (round(r["chi2_critical"], 3), round(r["f_critical"], 3), round(r["f_critical_on_chi2"], 3)) == (7.815, 3.863, 6.754)
    assert any("only the F form rejects" in t.get_text() for t in ax.texts)
    assert not style.figure_faults(fig)
    plt.close(fig)


# -- 02 section 6: the lazy model on every tick; LR+ times the prior odds is the precision ----------
def test_constant_prediction_sits_on_the_no_skill_values_when_both_classes_are_present():
    rng = np.random.default_rng(4)
    for _ in range(200):
        n = int(rng.integers(2, 30))
        y = rng.integers(0, 2, size=n)
        if y.min() == y.max():
            continue
        for const in (0, 1):
            pred = np.full(n, const)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                assert lm.balanced_accuracy_score(y, pred) == 0.5
                assert lm.matthews_corrcoef(y, pred) == 0.0
                assert lm.cohen_kappa_score(y, pred) == 0.0


def test_prior_odds_times_lr_plus_is_the_precision():
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(400):
        n = int(rng.integers(3, 40))
        y, pred = rng.integers(0, 2, size=n), rng.integers(0, 2, size=n)
        if y.sum() in (0, n):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            lr_pos, _ = lm.class_likelihood_ratios(y, pred)
        if not np.isfinite(lr_pos) or y.sum() in (0, n):
            continue
        odds = y.sum() / (n - y.sum()) * lr_pos
        assert odds / (1 + odds) == pytest.approx(lm.precision_score(y, pred))
        checked += 1
    assert checked > 100


def test_02_picture_values_and_looks():
    y = np.r_[np.ones(10, dtype=int), np.zeros(90, dtype=int)]
    detector = y.copy()
    detector[:2] = 0
    detector[10:15] = 1
    fig, (a, b) = plt.subplots(2, 1, figsize=(7.6, 6.2), height_ratios=[1, 1.25])
    v = pconf.plot_no_skill_measures(a, b, y, {"detector": detector, "always negative": np.zeros_like(y)})
    lazy = v["always negative"]
    assert (lazy["balanced_accuracy"], lazy["mcc"], lazy["kappa"], lazy["lr_neg"]) == (0.5, 0.0, 0.0, 1.0)
    assert np.isnan(lazy["lr_pos"])
    assert any("never says positive" in t.get_text() for t in b.texts)
    assert not style.figure_faults(fig)
    plt.close(fig)


# -- the figures are in the notebooks, each after a sentence that says what to see ------------------
@pytest.mark.parametrize("name, md, fig", [
    ("02_confusion_matrix.ipynb", "c02-noskill-md", "c02-noskill-fig"),
    ("06_ranking_metrics.ipynb", "c06-ties-md", "c06-ties-fig"),
    ("07_regression_metrics.ipynb", "c07-sq01-md", "c07-sq01-fig"),
    ("07_regression_metrics.ipynb", "c07-cphist-md", "c07-cphist-fig"),
    ("12_book_exercises.ipynb", "c12-forms-md", "c12-forms-fig"),
])
def test_new_figures_are_stored_after_their_sentence(name, md, fig):
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    ids = [c.get("id") for c in nb["cells"]]
    assert ids.index(fig) == ids.index(md) + 1
    outs = nb["cells"][ids.index(fig)].get("outputs", [])
    assert any("image/png" in o.get("data", {}) for o in outs), f"{name} {fig}: no stored figure"


def test_12_links_to_08_instead_of_repeating_it():
    cells = _cell_ids("12_book_exercises.ipynb")
    assert "a571c701" not in cells and "f748dcf8" not in cells          # the Friedman false-alarm counts live in 08
    assert "08_comparing_learners.ipynb#c08-friedman" in "".join(cells["c12-null-rates"]["source"])
    assert "08_comparing_learners.ipynb#c08-mcnemar" in "".join(cells["c352485d"]["source"])
    assert "math.comb" not in "".join(cells["4a4c009b"]["source"])       # the exact-vs-approximate check lives in 08
    assert "label_line" in "".join(cells["947cb814"]["source"])          # P = R labelled on its line
