"""Chapters 12 and 13: the statements a fresh reader (round 5) found too wide, as corrected, each pinned
by the reader's counter-example and a search of small random cases."""
import math

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import book
from learnmetrics import practice as pr
from learnmetrics.exercises import EXERCISES, ch12


def test_12_8_z_score_leaves_the_ordinary_values_at_least_twice_the_min_max_spread():
    """sigma (dividing by n) <= range/2 (Popoviciu), so on any subset of the values the z-score spread is
    at least twice the min-max spread; equality at n = 2."""
    rng = np.random.default_rng(0)
    for _ in range(3000):
        n = int(rng.integers(2, 9))
        x = rng.choice([rng.normal(size=n), rng.integers(0, 4, n).astype(float), rng.exponential(size=n) ** 3])
        if np.ptp(x) == 0:
            continue
        z, mm = book.z_score(x), book.min_max_scale(x)
        subset = rng.random(n) < 0.7
        if subset.sum() < 2:
            continue
        assert np.ptp(z[subset]) >= 2 * np.ptp(mm[subset]) - 1e-12
    z = book.z_score([0.0, 1.0])
    assert np.ptp(z) == pytest.approx(2 * np.ptp(book.min_max_scale([0.0, 1.0])))


def test_12_8_a_large_outlier_squeezes_z_score_too_however_many_data():
    """The reader's counter-example to 'neither is robust ... with few data': with 1000 values an outlier
    at 1e4 (far beyond sqrt(n) = 32 standard deviations) leaves the ordinary values a tenth of the spread
    an outlier at 1e3 leaves; a median/IQR scaling does not move."""
    rng = np.random.default_rng(0)
    base = rng.normal(0, 1, 1000)
    spans = {}
    for out in (1e3, 1e4):
        z = book.z_score(np.r_[base, out])[:-1]
        spans[out] = np.ptp(z)
        x = np.r_[base, out]
        q1, q3 = np.percentile(x, [25, 75])
        robust = ((x - np.median(x)) / (q3 - q1))[:-1]
        spans[("iqr", out)] = np.ptp(robust)
    assert 0.15 < spans[1e3] < 0.25 and spans[1e4] < 0.025
    assert spans[("iqr", 1e3)] == pytest.approx(spans[("iqr", 1e4)])
    big = np.r_[rng.normal(0, 1, 100_000), 1e6]          # more data does not help: the outlier grows with them
    assert np.ptp(book.z_score(big)[:-1]) < 0.05


def test_12_4_the_class_ratio_fixes_fpr():
    """FPR = R (1 - P) / P * m+/m- on random tables; scaling both classes by the same factor keeps P, R, FPR."""
    rng = np.random.default_rng(1)
    for _ in range(500):
        tp, fn, fp, tn = (int(v) for v in rng.integers(1, 50, 4))
        for k in (1, 3):
            c = lm.classification.BinaryCounts(tp=k * tp, fp=k * fp, fn=k * fn, tn=k * tn)
            m_pos, m_neg = k * (tp + fn), k * (fp + tn)
            assert c.fpr == pytest.approx(c.recall * (1 - c.precision) / c.precision * m_pos / m_neg)
        assert lm.classification.BinaryCounts(tp=3 * tp, fp=3 * fp, fn=3 * fn, tn=3 * tn).fpr == pytest.approx(fp / (fp + tn))


def test_12_9_the_decision_step_and_its_named_mistakes():
    """22 disagreements: McNemar with correction first rejects at e10 = 17 (5.5 > 3.84; 16 gives 3.68);
    compared with 1.96 it would at 15, without the correction at 16; the exact binomial test agrees (17).
    The reader's 18: 14 (4.5; 13 gives 2.72), 13 against 1.96."""
    crit = lm.mcnemar_test_table([[0, 1], [1, 0]]).critical_value
    assert crit == pytest.approx(1.959963984540054 ** 2)
    assert ch12._answers_12_9(22) == (17, 15, 16, 17)
    assert ch12._tau_9(5, 17) == pytest.approx(5.5) and ch12._tau_9(6, 16) == pytest.approx(81 / 22)
    assert ch12._answers_12_9(18)[:2] == (14, 13)
    assert ch12._tau_9(4, 14) == pytest.approx(4.5) and ch12._tau_9(5, 13) == pytest.approx(49 / 18)
    for n in range(12, 41):
        answer, at_196, plain, _ = ch12._answers_12_9(n)
        # the answer is the first rejection above the middle, and every larger e10 rejects too
        assert not lm.mcnemar_test_table([[0, n - answer + 1], [answer - 1, 0]]).reject or answer - 1 <= n / 2
        assert all(lm.mcnemar_test_table([[0, n - b], [b, 0]]).reject for b in range(answer, n + 1))
        assert at_196 <= answer and plain <= answer
    ex = EXERCISES["12.9"]
    assert (ex.answer, [m.answer for m in ex.mistakes]) == (17, [15, 16])


def test_13_wilson_bound_rule_against_the_edge_rule_depends_on_the_target():
    """At 300 validation examples: target 0.8, the Wilson-bound rule holds less often than the edge rule
    (31% against 43%: no threshold in 67% of the sets); at 0.7 more often (80% against 44%)."""
    st8 = pr.constraint_state(0.8, n_val=300, n_repeats=200, rng=0)
    st7 = pr.constraint_state(0.7, n_val=300, n_repeats=200, rng=0)
    assert st8.safe_held < st8.held and st8.safe_none > 0.5
    assert (round(st8.safe_held, 2), round(st8.held, 2), round(st8.safe_none, 2)) == (0.31, 0.43, 0.67)
    assert st7.safe_held > st7.held
    assert (round(st7.safe_held, 3), round(st7.held, 3)) == (0.795, 0.445)


def test_13_2_wilson_is_pulled_towards_one_half():
    """Wilson's centre (k + z²/2)/(n + z²) lies between p and 1/2; at 45 of 50 its lower end (0.786) is
    below Wald's (0.817); near 1/2 it is above (so the exercise's message compares, per variant)."""
    z = 1.959963984540054
    for n in range(5, 120):
        for k in range(1, n):
            p, c = k / n, (k + z * z / 2) / (n + z * z)
            assert min(p, 0.5) - 1e-12 <= c <= max(p, 0.5) + 1e-12
    w = lm.proportion_ci(45, 50, method="wilson")
    wald = 0.9 - z * math.sqrt(0.9 * 0.1 / 50)
    assert round(w.low, 3) == 0.786 and round(wald, 3) == 0.817
    w_mid = lm.proportion_ci(26, 50, method="wilson")
    assert w_mid.low > 0.52 - z * math.sqrt(0.52 * 0.48 / 50)
    ex = EXERCISES["13.2"]
    assert "further down than" in ex.mistakes[0].hint
