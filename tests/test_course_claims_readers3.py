"""Claims a fresh reader broke this session (issues 35 and 36), pinned in their corrected form."""
import numpy as np
import pytest

import learnmetrics as lm

RNG = np.random.default_rng(2026)


def _cases(n_cases=300):
    for _ in range(n_cases):
        m = int(RNG.integers(2, 12))
        y = RNG.integers(0, 2, m)
        p = RNG.integers(0, 2, m)
        yield y, p


def test_prior_odds_times_lr_plus_is_the_precision_when_there_is_a_false_alarm():
    """02 hold-03: odds m+:m- times LR+ gives the precision as o/(1+o) when FP > 0; with FP = 0 LR+ is
    undefined (nan) and the precision 1."""
    seen = {True: 0, False: 0}
    for y, p in _cases(600):
        c = lm.binary_counts(y, p)
        if c.tp + c.fn == 0 or c.tn + c.fp == 0 or c.tp + c.fp == 0:
            continue
        with np.errstate(all="ignore"):
            import warnings
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                lr_plus, _ = lm.class_likelihood_ratios(y, p)
        if c.fp > 0:
            odds = (c.tp + c.fn) / (c.tn + c.fp) * lr_plus
            assert odds / (1 + odds) == pytest.approx(lm.precision_score(y, p), rel=1e-12)
        else:
            assert np.isnan(lr_plus) and lm.precision_score(y, p) == 1.0
        seen[c.fp > 0] += 1
    assert min(seen.values()) > 10


def test_accuracy_minus_the_majority_class_is_tp_minus_fp_over_m():
    """14 c14-26: with the negatives the majority, accuracy - the majority class's accuracy = (TP - FP)/m,
    so accuracy is below it exactly when precision < 1/2."""
    for y, p in _cases(600):
        if (y == 1).sum() * 2 >= len(y):
            continue
        c = lm.binary_counts(y, p)
        diff = lm.accuracy_score(y, p) - lm.accuracy_score(y, np.zeros_like(y))
        assert diff == pytest.approx((c.tp - c.fp) / len(y), abs=1e-12)
        if c.tp + c.fp:
            assert (diff < 0) == (c.tp / (c.tp + c.fp) < 0.5)


def test_kappa_of_a_constant_prediction_is_0_when_both_classes_are_present():
    """02 zh-02-5b: a model that predicts one class for all gets kappa 0 when y_true holds both classes."""
    for y, _ in _cases(300):
        if len(np.unique(y)) < 2:
            continue
        for c in (0, 1):
            assert lm.cohen_kappa_score(y, np.full_like(y, c)) == pytest.approx(0.0, abs=1e-12)


def test_platt_keeps_the_auc_away_from_the_clipped_ends_and_may_tie_inside_them():
    """11 c11-11b: an increasing Platt map keeps the AUC, except for probabilities within 1e-12 of 0
    or 1, which the fit clips (two of them come out tied)."""
    for _ in range(30):
        y = np.r_[np.ones(20, int), np.zeros(20, int)]
        p = np.clip(RNG.beta(2, 2, 40) * 0.9 + 0.1 * y * RNG.random(40), 1e-6, 1 - 1e-6)
        cal = lm.PlattCalibrator().fit(p, y)
        if cal.a_ > 0:
            assert lm.roc_auc_score(y, cal.predict(p)) == pytest.approx(lm.roc_auc_score(y, p), abs=1e-12)
    q = lm.PlattCalibrator().fit(np.r_[0.2, 0.9, 0.4, 0.7], [0, 1, 0, 1])
    tiny = q.predict(np.array([1e-14, 1e-13]))
    assert tiny[0] == tiny[1]


@pytest.mark.parametrize("alpha", [0.001, 0.01, 0.025, 0.05, 0.075, 0.10])
def test_friedman_at_k4_n4_chi2_below_alpha_and_f_above_for_alpha_up_to_010(alpha):
    """08 c08-32c, 12 a2fd3276 / c12-null-rates: the scope is k = N = 4 and alpha <= 0.10 (a reader found
    alpha = 0.15 gives both forms 15.85% > alpha)."""
    r = lm.comparison_studies.friedman_null_rejection_rates(4, 4, alpha=alpha)
    assert r.chi2_rate < alpha < r.f_rate


def test_friedman_scope_fails_beyond_it():
    r = lm.comparison_studies.friedman_null_rejection_rates(4, 4, alpha=0.15)
    assert r.chi2_rate > 0.15 and r.f_rate > 0.15


def test_ap_falls_only_to_the_share_of_positives_above_every_negative():
    """02 prev-06: as the negatives' weight grows (pi -> 0), AP tends to the share of positives ranked
    above every negative (ties with a negative count as not above)."""
    for _ in range(200):
        m = int(RNG.integers(3, 12))
        y = RNG.integers(0, 2, m)
        if y.min() == y.max():
            continue
        s = np.round(RNG.random(m), 1)
        top_neg = s[y == 0].max()
        floor = np.mean(s[y == 1] > top_neg)
        w = np.where(y == 0, 1e9, 1.0)
        assert lm.average_precision_score(y, s, sample_weight=w) == pytest.approx(floor, abs=1e-6)


def test_a_random_rankings_expected_ap_is_above_pi_with_a_negative():
    """02 prev-08: H_m/m + (m+ - 1)/(m - 1)(1 - H_m/m) > m+/m whenever 0 < m+ < m."""
    for m in range(2, 60):
        h = sum(1 / i for i in range(1, m + 1))
        for mp in range(1, m):
            assert h / m + (mp - 1) / (m - 1) * (1 - h / m) > mp / m
