"""Issue 35, "each idea once": 04 section 6 (and its box, exercise 04.6) and 03 section 1 now say in a
line what 02 section 7 shows: count every negative (bad melon) w times, w > 1, and the ROC curve and AUC
stay, while precision falls at every cut that has let a negative in (and a positive: with TP = 0 it
stays 0), and AP falls with it unless every positive is ranked above every negative. Pinned on many
small random rankings, ties included (ROC and AUC staying: test_course_claims_03_04)."""
from __future__ import annotations

import numpy as np

import learnmetrics as lm


def _cases(n_cases=150, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n_cases):
        m = int(rng.integers(2, 13))
        y = rng.integers(0, 2, m)
        if y.min() == y.max():
            y[0] = 1 - y[0]
        score = rng.integers(0, 5, m).astype(float)          # few values: ties across classes are common
        yield y, score, float(rng.choice([2.0, 10.0, 100.0]))


def test_precision_falls_at_every_cut_with_a_negative_in_and_ap_unless_the_ranking_is_perfect():
    for y, s, w in _cases():
        weights = np.where(y == 0, w, 1.0)
        t0 = lm.stepping_table(y, s)
        t1 = lm.stepping_table(y, s, sample_weight=weights)
        both = (t0.tp > 0) & (t0.fp > 0)
        assert np.all(t1.precision[both] < t0.precision[both] - 1e-12)
        alone = (t0.tp > 0) & (t0.fp == 0)                    # no negative in yet: P = 1 stays
        np.testing.assert_allclose(t1.precision[alone], t0.precision[alone])
        ap0 = lm.average_precision_score(y, s)
        ap1 = lm.average_precision_score(y, s, sample_weight=weights)
        perfect = s[y == 1].min() > s[y == 0].max()
        if perfect:
            assert ap0 == ap1 == 1.0
        else:
            assert ap1 < ap0 - 1e-12
