"""Chapter 12's corrected statements (issue 23), each pinned by a computation."""
import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import book


def test_12_2_3_a_pair_that_works_under_both_readings_of_f1():
    ce = book.f1_bep_counterexample(rng=0, at_best_cut=True)
    best = {}
    for name, s, f1 in (("A", ce.score_a, ce.f1_a), ("B", ce.score_b, ce.f1_b)):
        best[name] = float(np.nanmax(lm.fbeta_curve(ce.y_true, s, beta=1.0)))
        assert f1 == pytest.approx(best[name])                         # own threshold = best cut
        assert lm.f1_score(ce.y_true, (s >= 0.5).astype(int)) == pytest.approx(f1)
    assert ce.f1_a > ce.f1_b and best["A"] > best["B"] and ce.bep_a < ce.bep_b
    assert (round(ce.f1_a, 4), round(ce.f1_b, 4), ce.bep_a, ce.bep_b) == (0.7692, 0.6667, 0.4, 0.6)
    # the old search (own threshold only) can fail the best-F1 reading
    old = book.f1_bep_counterexample(rng=0)
    assert float(np.nanmax(lm.fbeta_curve(old.y_true, old.score_b, beta=1.0))) > old.f1_a


def test_12_2_3_the_two_fixed_rankings_of_the_issue():
    def curve(pattern):
        y = np.array([c == "+" for c in pattern], dtype=int)
        s = np.arange(len(y), 0, -1.0)
        return float(np.nanmax(lm.fbeta_curve(y, s, beta=1.0))), lm.break_even_point(y, s).value
    assert curve("-+-+--+++-") == (pytest.approx(5 / 7), pytest.approx(0.4))
    assert curve("+-++---+-+") == (pytest.approx(2 / 3), pytest.approx(0.6))


def test_12_2_10_which_form_is_closer_to_alpha_depends_on_n():
    rates = {n: lm.compare.friedman_null_rejection_rates(4, n, alpha=0.05) for n in (4, 6, 8)}
    closer_f = {n: abs(r.f_rate - 0.05) < abs(r.chi2_rate - 0.05) for n, r in rates.items()}
    assert closer_f == {4: False, 6: True, 8: False}        # not "from N = 6 on": N = 8 goes back to chi2
    assert [(round(100 * r.chi2_rate, 1), round(100 * r.f_rate, 1)) for r in rates.values()] == [
        (3.3, 6.8), (3.7, 6.0), (4.2, 5.8)]
    assert all(r.chi2_rate < 0.05 < r.f_rate for r in rates.values())


def test_12_2_2_an_unstratified_fold_of_10_holds_5_plus_5_about_a_quarter_of_the_time():
    import math
    p = math.comb(50, 5) ** 2 / math.comb(100, 10)
    assert round(p, 3) == 0.259
    # any other split a + (10 - a) of a test fold: the training majority is the fold's minority, error >= 0.6
    for a in range(11):
        if a != 5:
            train_pos, train_neg = 50 - a, 50 - (10 - a)
            predicted = 1 if train_pos > train_neg else 0
            errors = (10 - a) if predicted == 1 else a
            assert errors / 10 >= 0.6


def _trapezoids_by_group(y, s):
    """Steps 1-3 of 12's proof of eq. 2.22: one trapezoid b(n_> + a/2)/(m+ m-) per group of equal scores."""
    m_pos, m_neg = int(y.sum()), int((1 - y).sum())
    area, n_higher = 0.0, 0
    for v in np.unique(s)[::-1]:
        a, b = int(y[s == v].sum()), int((1 - y[s == v]).sum())
        area += b * (n_higher + a / 2) / (m_pos * m_neg)
        n_higher += a
    return area


def test_12_2_5_the_group_trapezoids_sum_to_the_auc():
    from learnmetrics import datasets
    ex = datasets.tied_eight()
    assert _trapezoids_by_group(ex.y_true, ex.y_score) == pytest.approx(0.6875)
    rng = np.random.default_rng(12)
    for _ in range(500):
        m = int(rng.integers(2, 25))
        y = rng.integers(0, 2, m)
        y[:2] = [0, 1]
        s = rng.integers(0, 4, m) / 3                                  # many ties across the classes
        fpr, tpr, _ = lm.roc_curve(y, s)
        assert _trapezoids_by_group(y, s) == pytest.approx(lm.auc(fpr, tpr), abs=1e-12)
        assert _trapezoids_by_group(y, s) == pytest.approx(1 - lm.rank_loss(y, s), abs=1e-12)


@pytest.mark.parametrize("k", [2, 3, 4, 6, 10])
@pytest.mark.parametrize("n", [2, 4, 6, 8, 20])
def test_12_2_10_tau_f_is_increasing_and_the_f_threshold_on_the_chi2_scale(k, n):
    from scipy import stats
    tau_chi2 = np.linspace(0, n * (k - 1), 2000, endpoint=False)
    tau_f = (n - 1) * tau_chi2 / (n * (k - 1) - tau_chi2)
    assert np.all(np.diff(tau_f) > 0)
    f_crit = stats.f.ppf(0.95, k - 1, (k - 1) * (n - 1))
    t = n * (k - 1) * f_crit / (n - 1 + f_crit)                       # 12's threshold on the tau_chi2 scale
    assert (n - 1) * t / (n * (k - 1) - t) == pytest.approx(f_crit)
    if (k, n) == (4, 4):
        assert (round(stats.chi2.ppf(0.95, 3), 3), round(f_crit, 3), round(t, 3)) == (7.815, 3.863, 6.754)


# ------------------------------------------------------------------ issue 35 (third edition)
def _nb_text(cell_id):
    import json
    from pathlib import Path
    nb = json.loads((Path(__file__).parent.parent / "notebooks" / "12_book_exercises.ipynb").read_text(encoding="utf-8"))
    return next("".join(c["source"]) for c in nb["cells"] if c.get("id") == cell_id)


def test_12_2_8_z_score_is_bounded_by_sqrt_n_minus_1_on_its_own_data():
    """'z-score is unbounded' was false on the fitted data: |z| <= sqrt(n - 1) (sigma dividing by n;
    Samuelson's inequality), reached when all values but one are equal; a new value can land anywhere."""
    rng = np.random.default_rng(0)
    for _ in range(2000):
        n = int(rng.integers(2, 30))
        x = rng.standard_cauchy(n) * rng.choice([1e-3, 1, 1e3])
        if np.ptp(x) == 0:
            continue
        assert np.abs(book.z_score(x)).max() <= np.sqrt(n - 1) + 1e-9
    for n in (2, 6, 1001):
        x = np.r_[np.zeros(n - 1), 1.0]
        assert book.z_score(x)[-1] == pytest.approx(np.sqrt(n - 1))
    x = np.array([2.0, 4, 6, 8, 10, 50])
    assert (round(book.z_score(x)[-1], 4), round(np.sqrt(5), 4)) == (2.2089, 2.2361)
    new = (1e6 - x.mean()) / x.std()                            # a new value, with the fitted mean and sd
    assert new > 1e4 > np.sqrt(x.size - 1)
    for cid in ("2978f880", "zh-12-8", "a2fd3276", "zh-12-recap"):
        text = _nb_text(cid)
        assert "unbounded;" not in text and "z-score 无界" not in text
        assert "√(n − 1)" in text or "\\sqrt{n-1}" in text


def test_12_2_10_summary_says_which_form_stays_below_alpha():
    r = lm.compare.friedman_null_rejection_rates(4, 4, alpha=0.05)
    assert r.chi2_rate < 0.05 < r.f_rate
    assert (round(100 * r.chi2_rate, 1), round(100 * r.f_rate, 1)) == (3.3, 6.8)
    assert "neither keeps α" not in _nb_text("a2fd3276") and "below α" in _nb_text("a2fd3276")
    assert "低于 α" in _nb_text("zh-12-recap") and "都不能准确保持" not in _nb_text("zh-12-recap")
