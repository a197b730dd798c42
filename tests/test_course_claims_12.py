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


def test_12_2_10_the_f_form_is_not_closer_to_alpha_at_k4_n4_but_is_from_n6():
    r44 = lm.compare.friedman_null_rejection_rates(4, 4, alpha=0.05)
    r46 = lm.compare.friedman_null_rejection_rates(4, 6, alpha=0.05)
    f44, c44 = r44.f_rate, r44.chi2_rate
    f46, c46 = r46.f_rate, r46.chi2_rate
    assert abs(f44 - 0.05) > abs(c44 - 0.05)
    assert abs(f46 - 0.05) < abs(c46 - 0.05)
    assert (round(100 * c44, 1), round(100 * f44, 1)) == (3.3, 6.8)
