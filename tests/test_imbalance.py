"""learnmetrics.imbalance (the prevalence state) and datasets.tagged_melons."""
from __future__ import annotations

import numpy as np
import pytest
import sklearn.metrics as skm

import learnmetrics as lm
from learnmetrics import datasets
from learnmetrics.imbalance import PER, prevalence_state, prevalence_weights

MELONS = datasets.watermelon_scores()
GRID = (0.001, 0.01, 0.05, 0.2, 8 / 17, 0.5, 0.9, 0.999)


def _random_case(seed, n=60):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    s = np.round(rng.normal(y * rng.uniform(0, 2), 1.0), int(rng.integers(1, 3)))  # ties at 1 decimal
    return y, s, float(rng.uniform(0.01, 0.99)), float(rng.choice(s))


# -- the weights --------------------------------------------------------------------------------
@pytest.mark.parametrize("pi", GRID)
def test_weights_give_the_prevalence_and_keep_each_class_flat(pi):
    w = prevalence_weights(MELONS.y_true, pi)
    pos = MELONS.y_true == 1
    assert w.sum() == pytest.approx(PER, rel=1e-12)
    assert w[pos].sum() / w.sum() == pytest.approx(pi, rel=1e-12)
    assert np.ptp(w[pos]) == 0 and np.ptp(w[~pos]) == 0


def test_weights_pos_label_and_strings():
    w = prevalence_weights(["a", "b", "b", "b"], 0.25, pos_label="a")
    assert w.tolist() == [250.0, 250.0, 250.0, 250.0]


# -- invariances, exact -------------------------------------------------------------------------
def test_roc_auc_tpr_balanced_accuracy_do_not_move():
    states = [prevalence_state(MELONS.y_true, MELONS.y_score, pi) for pi in GRID]
    first = states[0]
    for st in states[1:]:
        assert np.array_equal(st.roc_fpr, first.roc_fpr) and np.array_equal(st.roc_tpr, first.roc_tpr)
        assert st.roc_auc == first.roc_auc
        assert (st.tpr, st.fpr) == (first.tpr, first.fpr)
        assert st.balanced_accuracy == pytest.approx(first.balanced_accuracy, abs=1e-12)
        assert st.lazy_balanced_accuracy == pytest.approx(0.5, abs=1e-12)
        assert st.lazy_mcc == 0.0
    # ... while precision, accuracy, F1 and MCC move
    for name in ("precision", "accuracy", "f1", "mcc", "average_precision"):
        assert len({round(getattr(s, name), 9) for s in states}) == len(states), name


@pytest.mark.parametrize("seed", range(40))
def test_values_equal_the_measures_called_with_the_weights(seed):
    y, s, pi, t = _random_case(seed)
    st = prevalence_state(y, s, pi, threshold=t)
    w = prevalence_weights(y, pi)
    pred = (s >= t).astype(int)
    # learnmetrics with the same weights, and scikit-learn
    for ours, fn in ((st.precision, "precision_score"), (st.recall, "recall_score"), (st.f1, "f1_score")):
        assert ours == pytest.approx(getattr(lm, fn)(y, pred, sample_weight=w, zero_division=0.0), abs=1e-12)
        assert ours == pytest.approx(getattr(skm, fn)(y, pred, sample_weight=w, zero_division=0.0), abs=1e-12)
    for ours, fn in ((st.accuracy, "accuracy_score"), (st.balanced_accuracy, "balanced_accuracy_score"),
                     (st.mcc, "matthews_corrcoef")):
        assert ours == pytest.approx(getattr(lm, fn)(y, pred, sample_weight=w), abs=1e-12)
        assert ours == pytest.approx(getattr(skm, fn)(y, pred, sample_weight=w), abs=1e-12)
    # the weighted ROC is the unweighted one (each class's weights are constant)
    fpr_w, tpr_w, _ = skm.roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    assert np.allclose(fpr_w, st.roc_fpr, atol=1e-12) and np.allclose(tpr_w, st.roc_tpr, atol=1e-12)
    assert st.roc_auc == pytest.approx(skm.roc_auc_score(y, s, sample_weight=w), abs=1e-12)
    assert st.average_precision == pytest.approx(skm.average_precision_score(y, s, sample_weight=w), abs=1e-12)
    # the P-R curve at pi, its baseline, and the closed forms
    p_sk, r_sk, _ = skm.precision_recall_curve(y, s, sample_weight=w, drop_intermediate=False)
    assert np.allclose(st.pr_precision[1:], p_sk[:-1][::-1], atol=1e-12)
    assert np.allclose(st.pr_recall[1:], r_sk[:-1][::-1], atol=1e-12)
    assert st.baseline == pytest.approx(pi, abs=1e-12) and st.pr_precision[-1] == st.baseline
    tpr, fpr = st.tpr, st.fpr
    if tpr + fpr > 0:
        assert st.precision == pytest.approx(pi * tpr / (pi * tpr + (1 - pi) * fpr), abs=1e-12)
    assert st.accuracy == pytest.approx(pi * tpr + (1 - pi) * (1 - fpr), abs=1e-12)
    assert st.lazy_accuracy == pytest.approx(1 - pi, abs=1e-12)
    c = st.counts
    assert c.tp + c.fn == pytest.approx(PER * pi, rel=1e-12)
    assert st.roc_point == (fpr, tpr)


def test_precision_is_one_at_every_prevalence_when_fpr_is_zero():
    # the counter-example to "precision always falls with the prevalence"
    y, s = [1, 1, 0, 0, 1, 0], [0.9, 0.8, 0.3, 0.2, 0.1, 0.05]
    for pi in (0.001, 0.5, 0.9):
        st = prevalence_state(y, s, pi, threshold=0.5)
        assert st.fpr == 0 and st.precision == 1.0


def test_precision_rises_with_the_prevalence_when_tpr_and_fpr_are_positive():
    ps = [prevalence_state(MELONS.y_true, MELONS.y_score, pi).precision for pi in GRID]
    assert all(a < b for a, b in zip(ps, ps[1:]))


def test_collected_prevalence_reproduces_the_unweighted_measures():
    st = prevalence_state(MELONS.y_true, MELONS.y_score, 8 / 17)
    pred = (MELONS.y_score >= 0.5).astype(int)
    assert st.precision == pytest.approx(lm.precision_score(MELONS.y_true, pred), abs=1e-12)
    assert st.mcc == pytest.approx(lm.matthews_corrcoef(MELONS.y_true, pred), abs=1e-12)
    assert st.accuracy == pytest.approx(lm.accuracy_score(MELONS.y_true, pred), abs=1e-12)
    assert st.cut == int((np.unique(MELONS.y_score) >= 0.5).sum())


def test_nothing_predicted_positive():
    st = prevalence_state([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], 0.3, threshold=0.9)
    assert st.cut == 0 and st.precision == 0.0 and st.mcc == 0.0
    assert np.isnan(st.pr_point[1])


def test_str_is_fixed_format():
    text = str(prevalence_state(MELONS.y_true, MELONS.y_score, 0.01))
    assert "prevalence=0.010" in text and "AUC=0.8056" in text and "baseline 0.010" in text


# -- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, exc, words", [
    (dict(y_true=[1, 1, 1], y_score=[0.1, 0.2, 0.3], prevalence=0.5), ValueError, "y_true"),
    (dict(y_true=[0, 1, 2], y_score=[0.1, 0.2, 0.3], prevalence=0.5), ValueError, "y_true"),
    (dict(y_true=[0, 1], y_score=[0.1, 0.2, 0.3], prevalence=0.5), ValueError, "y_score"),
    (dict(y_true=[0, 1], y_score=[0.1, 0.2], prevalence=0.0), ValueError, "prevalence"),
    (dict(y_true=[0, 1], y_score=[0.1, 0.2], prevalence=1.0), ValueError, "prevalence"),
    (dict(y_true=[0, 1], y_score=[0.1, 0.2], prevalence="0.5"), TypeError, "prevalence"),
    (dict(y_true=[0, 1], y_score=[0.1, 0.2], prevalence=True), TypeError, "prevalence"),
    (dict(y_true=[0, 1], y_score=[0.1, np.nan], prevalence=0.5), ValueError, "y_score"),
    (dict(y_true=[0, 1], y_score=[0.1, 0.2], prevalence=0.5, threshold=np.nan), ValueError, "threshold"),
    (dict(y_true=[0, 1], y_score=[0.1, 0.2], prevalence=0.5, pos_label=2), ValueError, "pos_label"),
    (dict(y_true=["a", "b"], y_score=[0.1, 0.2], prevalence=0.5), TypeError, "pos_label"),
    (dict(y_true=[0, 0.5], y_score=[0.1, 0.2], prevalence=0.5), ValueError, "y_true"),
])
def test_bad_arguments_are_named(kwargs, exc, words):
    with pytest.raises(exc, match=words):
        prevalence_state(**kwargs)


def test_weights_bad_arguments():
    with pytest.raises(ValueError, match="prevalence"):
        prevalence_weights([0, 1], 1.5)
    with pytest.raises(ValueError, match="y_true"):
        prevalence_weights([1, 1], 0.5)


# -- the tagged melons --------------------------------------------------------------------------
def test_tagged_melons_is_multilabel_and_seeded():
    t = datasets.tagged_melons()
    assert t.Y.shape == t.Y_score.shape == (17, 2) and set(np.unique(t.Y)) == {0, 1}
    assert t.label_names == ("sweet 甜", "crisp 脆")
    both, none = (t.Y.sum(axis=1) == 2).sum(), (t.Y.sum(axis=1) == 0).sum()
    assert both > 0 and none > 0  # a melon can carry both tags, or none
    again = datasets.tagged_melons()
    assert np.array_equal(t.Y, again.Y) and np.array_equal(t.Y_score, again.Y_score)
    assert np.array_equal(t.Y_score, np.round(t.Y_score, 3))
    assert np.array_equal(t.X, datasets.watermelon_3a().X)


def test_tagged_melons_scores_are_leave_one_out():
    from learnmetrics.learners import LogisticRegression

    t = datasets.tagged_melons()
    keep = np.arange(17) != 4
    model = LogisticRegression().fit(t.X[keep], t.Y[keep, 1])
    assert t.Y_score[4, 1] == round(float(model.predict_proba(t.X[4:5])[0]), 3)


def test_tagged_melons_text_table():
    text = datasets.tagged_melons().to_text()
    lines = text.splitlines()
    assert len(lines) == 18 and lines[0].split()[:3] == ["id", "sweet", "crisp"]
    assert len({len(line) for line in lines}) == 1  # fixed width (ASCII only)
    with pytest.raises(ValueError, match="threshold"):
        datasets.tagged_melons().to_text(threshold=np.nan)


# -- the claims of chapter 02's prevalence section, in general ----------------------------------
def test_a_ranking_that_ignores_the_examples_has_expected_precision_pi_at_every_cut():
    """Over every placement of the positives in a ranking (all equally likely), the mean
    precision of the top k is m+/m for every k: the P-R baseline."""
    from itertools import combinations

    m, m_pos = 7, 3
    sums = np.zeros(m)
    placements = list(combinations(range(m), m_pos))
    for where in placements:
        y = np.zeros(m)
        y[list(where)] = 1
        sums += np.cumsum(y) / np.arange(1, m + 1)
    assert np.allclose(sums / len(placements), m_pos / m, atol=1e-12)


@pytest.mark.parametrize("seed", range(20))
def test_balanced_accuracy_and_mcc_never_let_the_lazy_model_win(seed):
    y, s, pi, t = _random_case(seed)
    st = prevalence_state(y, s, pi, threshold=t)
    if st.tpr > st.fpr:
        assert st.balanced_accuracy > st.lazy_balanced_accuracy == pytest.approx(0.5)
        assert st.mcc > st.lazy_mcc == 0.0
    # while the lazy model's accuracy 1 - pi beats any classifier with TNR < 1 once pi is small enough
    tiny = prevalence_state(y, s, 1e-6, threshold=t)
    if tiny.fpr > 0:
        assert tiny.lazy_accuracy > tiny.accuracy


def test_mcc_shrinks_towards_zero_as_positives_become_rare():
    mccs = [prevalence_state(MELONS.y_true, MELONS.y_score, pi).mcc for pi in (0.1, 0.01, 0.001, 1e-5)]
    assert all(a > b for a, b in zip(mccs, mccs[1:])) and mccs[-1] < 0.01


def test_likelihood_ratio_turns_the_odds_into_the_precision():
    """Chapter 02: odds before x LR+ = odds after an alarm, whose probability is the precision."""
    for pi in (0.001, 0.3, 0.8):
        st = prevalence_state(MELONS.y_true, MELONS.y_score, pi)
        w = prevalence_weights(MELONS.y_true, pi)
        pred = (MELONS.y_score >= 0.5).astype(int)
        lr_pos, _ = lm.class_likelihood_ratios(MELONS.y_true, pred, sample_weight=w)
        odds = pi / (1 - pi) * lr_pos
        assert odds / (1 + odds) == pytest.approx(st.precision, abs=1e-12)


def test_exercise_02_10_answers_follow_the_definitions():
    """Subset accuracy = accuracy on whole label sets; Hamming loss = mean per-label error rate."""
    from learnmetrics.exercises import EXERCISES

    d = EXERCISES["02.10"].data
    Y, P = np.array(d["Y_true"]), np.array(d["Y_pred"])
    rows = [["".join(map(str, r)) for r in m] for m in (Y, P)]
    subset, hamming = EXERCISES["02.10"].answer
    assert subset == pytest.approx(lm.accuracy_score(*rows)) == pytest.approx(skm.accuracy_score(Y, P))
    assert hamming == pytest.approx(np.mean([lm.error_rate(Y[:, j], P[:, j]) for j in range(Y.shape[1])]))
    assert hamming == pytest.approx(skm.hamming_loss(Y, P))


def test_exercises_02_8_and_02_9_match_sklearn():
    from learnmetrics.exercises import EXERCISES

    tp, fp, fn, tn = EXERCISES["02.8"].data["counts"]
    y = np.array([1] * (tp + fn) + [0] * (fp + tn))
    p = np.array([1] * tp + [0] * fn + [1] * fp + [0] * tn)
    ba, mcc = EXERCISES["02.8"].answer
    assert ba == pytest.approx(skm.balanced_accuracy_score(y, p)) and mcc == pytest.approx(skm.matthews_corrcoef(y, p))
    d = EXERCISES["02.9"].data
    pi, tpr, fpr = d["prevalence"], d["tpr"], d["fpr"]
    assert EXERCISES["02.9"].answer == pytest.approx(pi * tpr / (pi * tpr + (1 - pi) * fpr))


@pytest.mark.parametrize("constant", [0, 1])
def test_a_constant_prediction_scores_like_a_coin(constant):
    """02, 'measures that do not reward the lazy model': all negative or all positive."""
    y = MELONS.y_true
    pred = np.full_like(y, constant)
    assert lm.balanced_accuracy_score(y, pred) == 0.5
    assert lm.matthews_corrcoef(y, pred) == 0.0
    assert lm.cohen_kappa_score(y, pred) == 0.0
