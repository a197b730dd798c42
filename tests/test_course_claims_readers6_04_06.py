"""Claims of chapters 04-06 corrected after the third fresh reading (the figures' descriptions)."""
from __future__ import annotations

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.datasets import watermelon_scores


def test_05_every_piece_of_the_cost_curve_belongs_to_a_hull_vertex():
    """05's figure comment: 'each piece of the envelope belongs to a hull vertex' (random small cases)."""
    rng = np.random.default_rng(6)
    checked = 0
    for _ in range(300):
        n = int(rng.integers(2, 12))
        y = rng.integers(0, 2, n)
        if y.min() == y.max():
            continue
        fpr, tpr, _ = lm.roc_curve(y, rng.integers(0, 5, n), drop_intermediate=False)
        vertices = set(zip(*lm.roc_convex_hull(fpr, tpr)))
        assert all((fpr[k], tpr[k]) in vertices for k in lm.cost_curve_envelope(fpr, tpr).owners)
        checked += 1
    assert checked > 200


def test_05_the_end_vertices_own_no_piece_on_the_melons_only():
    """'here the two end vertices own none': true of the melons; in general (0, 0) owns the piece
    near x = 0 when no cut has FPR 0 and TPR > 0 (the top score is a negative's)."""
    d = watermelon_scores()
    fpr, tpr, _ = lm.roc_curve(d.y_true, d.y_score, drop_intermediate=False)
    owners = {(fpr[k], tpr[k]) for k in lm.cost_curve_envelope(fpr, tpr).owners}
    assert (0.0, 0.0) not in owners and (1.0, 1.0) not in owners
    fpr, tpr, _ = lm.roc_curve([0, 1, 1, 0, 1], [0.9, 0.8, 0.7, 0.6, 0.5], drop_intermediate=False)
    owners = {(fpr[k], tpr[k]) for k in lm.cost_curve_envelope(fpr, tpr).owners}
    assert (0.0, 0.0) in owners and (1.0, 1.0) in owners


def test_06_items_beyond_k_add_nothing_to_dcg_at_k():
    """06's gain bars: the solid part is added to DCG@k only inside the cut (faded beyond it)."""
    grades = np.array([3, 2, 3, 0, 1, 2, 0, 1])
    for k in range(1, len(grades) + 1):
        s = lm.ranking.ranked_list_state(grades, k)
        assert s.dcg == pytest.approx(np.sum(s.discounted_gains[:k]))
        assert s.dcg < np.sum(s.discounted_gains) or np.all(s.discounted_gains[k:] == 0)
