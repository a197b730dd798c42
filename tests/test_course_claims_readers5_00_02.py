"""General sentences a fresh reader broke in chapters 01 and 02, pinned in their corrected form:
each test computes the counter-example and the corrected statement on small random cases."""
import warnings

import numpy as np

import learnmetrics as lm
from learnmetrics import datasets
from learnmetrics.imbalance import prevalence_state

RNG = np.random.default_rng(2005)
PIS = np.r_[0.99, 0.9, 0.5, 0.1, 0.001]      # falling prevalence


# ---------------------------------------------------------------- ch01


def test_repeating_the_folds_removes_more_spread_at_small_k():
    """01 overlap-after / b124c373 / zh-01-5: repeating k-fold CV is not 'only a small part' at every k:
    five repetitions remove a large share of the one-run variance at k = 2 and a small one at k = 10
    (the wobble of the fold assignment, the within-data-set variance across repetitions, is larger
    with few big folds)."""
    pop = lm.evaluation.two_gaussians_population(distance=2.0, n_features=5, n_informative=2, positive_rate=0.3)
    study = lm.evaluation.cv_study(pop, 40, ks=(2, 10), max_repeats=5, n_datasets=60, rng=0)
    removed, wobble = {}, {}
    for k in (2, 10):
        runs = study.runs[k]                                   # (repeats, data sets)
        one, five = runs[0].var(ddof=1), runs.mean(axis=0).var(ddof=1)
        removed[k] = 1 - five / one
        wobble[k] = runs.var(axis=0, ddof=1).mean()
    assert removed[2] > 0.25 and removed[2] > removed[10] + 0.15
    assert wobble[2] > 2 * wobble[10]


# ---------------------------------------------------------------- ch02


def test_prior_odds_times_lr_plus_is_the_precision_only_with_a_false_alarm():
    """02 hold-03 / zh-02-5b: with FP > 0, m+/m- x LR+ turned into a probability is the precision;
    with FP = 0, LR+ is undefined and the precision is 1 if the model raises an alarm, 0/0 if it
    raises none (lm, like scikit-learn, reports 0): the lazy model is the second case, not 'precision 1'."""
    seen = {"fp": 0, "alarm": 0, "none": 0}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(400):
            m = int(RNG.integers(3, 15))
            y = RNG.integers(0, 2, m)
            if y.min() == y.max():
                continue
            p = (RNG.random(m) < RNG.random()).astype(int)
            p[y == 0] &= RNG.random((y == 0).sum()) < 0.6
            fp, tp = int(((p == 1) & (y == 0)).sum()), int(((p == 1) & (y == 1)).sum())
            lr_plus, _ = lm.class_likelihood_ratios(y, p)
            precision = lm.precision_score(y, p)
            if fp > 0:
                odds = y.sum() / (m - y.sum()) * lr_plus
                assert np.isclose(odds / (1 + odds), precision)
                seen["fp"] += 1
            else:
                assert np.isnan(lr_plus)
                if tp > 0:
                    assert precision == 1.0
                    seen["alarm"] += 1
                else:
                    assert precision == 0.0                 # 0/0, reported as 0
                    seen["none"] += 1
        y, lazy = np.r_[1, 1, 0, 0, 0], np.zeros(5, dtype=int)
        assert lm.precision_score(y, lazy) == 0.0 and np.isnan(lm.class_likelihood_ratios(y, lazy)[0])
    assert min(seen.values()) > 10


def _scored(tp, fn, fp, tn):
    """Labels and scores whose confusion matrix at threshold 0.5 is (tp, fn, fp, tn)."""
    y = np.r_[np.ones(tp + fn, dtype=int), np.zeros(fp + tn, dtype=int)]
    s = np.r_[np.full(tp, 0.8), np.full(fn, 0.2), np.full(fp, 0.7), np.full(tn, 0.3)]
    return y, s


def test_precision_and_f1_fall_with_prevalence_only_when_tpr_and_fpr_are_both_above_0():
    """02 03e33f8b / zh-02-remember: 'precision falls whenever FPR > 0' fails at TPR = 0 (P = F1 = 0 at
    every pi); with TPR > 0 and FPR > 0 both fall strictly as pi falls; with FPR = 0 and TPR > 0, P = 1."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        y, s = _scored(0, 3, 2, 4)
        states = [prevalence_state(y, s, pi) for pi in PIS]
        assert all(st.precision == 0 and st.f1 == 0 for st in states)
        for _ in range(12):
            tp, fn, fp, tn = (int(v) for v in RNG.integers(1, 8, 4))
            states = [prevalence_state(*_scored(tp, fn, fp, tn), pi) for pi in PIS]
            assert np.all(np.diff([st.precision for st in states]) < 0)
            assert np.all(np.diff([st.f1 for st in states]) < 0)
            states = [prevalence_state(*_scored(tp, fn, 0, tn), pi) for pi in PIS]
            assert all(st.precision == 1 for st in states)


def test_mcc_against_prevalence_moves_not_always_in_one_direction():
    """02 03e33f8b / zh-02-remember / zh-02-5c: 'MCC moves, not monotonically' fails for FPR = 0 (the
    breast-cancer model): MCC = sqrt(TPR (1-pi) / ((1-pi) + pi FNR)) rises steadily as pi falls. On the
    melons it rises, then falls."""
    for _ in range(10):
        tp, fn, tn = (int(v) for v in RNG.integers(1, 9, 3))
        y, s = _scored(tp, fn, 0, tn)
        mcc = np.array([prevalence_state(y, s, pi).mcc for pi in PIS])
        tpr = tp / (tp + fn)
        assert np.allclose(mcc, np.sqrt(tpr * (1 - PIS) / ((1 - PIS) + PIS * (1 - tpr))))
        assert np.all(np.diff(mcc) > 0)
    melons = datasets.watermelon_scores()
    mcc = np.array([prevalence_state(melons.y_true, melons.y_score, pi).mcc for pi in np.linspace(0.999, 0.001, 60)])
    top = int(np.argmax(mcc))
    assert 0 < top < len(mcc) - 1
    assert np.all(np.diff(mcc[: top + 1]) >= 0) and np.all(np.diff(mcc[top:]) <= 0)
