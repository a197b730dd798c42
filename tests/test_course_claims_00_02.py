"""Every number and every general claim that chapters 00 and 02 state in words, pinned.

If one of these fails, the sentence in the notebook that relies on it is no longer true.
"""
import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import datasets


@pytest.fixture(scope="module")
def melons():
    d = datasets.watermelon_3a()
    model = lm.learners.LogisticRegression().fit(d.X, d.y)
    return d, model, model.predict_proba(d.X), datasets.watermelon_scores()


# -- 00/02: rounding the score before cutting it -------------------------------------------
def test_melon_5_rounds_across_the_threshold(melons):
    d, model, proba, scored = melons
    assert f"{proba[4]:.5f}" == "0.49972" and proba[4] < 0.5
    assert scored.y_score[4] == 0.5
    assert model.predict(d.X)[4] == 0                       # predict: bad
    assert lm.error_rate(d.y, model.predict(d.X)) == pytest.approx(6 / 17)           # 0.353
    assert lm.error_rate(scored.y_true, (scored.y_score >= 0.5).astype(int)) == pytest.approx(5 / 17)  # 0.294


def test_the_two_conventions_disagree_only_at_two_thresholds_of_the_grid(melons):
    d, _, proba, scored = melons
    differ = {}
    for t in np.round(np.arange(0, 1.001, 0.01), 2):
        changed = np.flatnonzero((proba >= t) != (scored.y_score >= t))
        if changed.size:
            differ[f"{t:.2f}"] = d.ids[changed].tolist()
    assert differ == {"0.50": [5], "0.96": [1]}


def test_explorer_and_chapter_02_use_the_rounded_scores(melons):
    from learnmetrics.widgets.threshold import ThresholdExplorer

    _, _, _, scored = melons
    ex = ThresholdExplorer(scored.y_true, scored.y_score, ids=scored.ids, threshold=0.5)
    assert ex.state.predicted_positive[4] and ex.state.error_rate == pytest.approx(5 / 17)


# -- 00 glossary: 准确率 and the notes' names of the four rates ------------------------------
def test_zhunquelv_two_meanings_on_the_melons(melons):
    _, _, _, scored = melons
    y_pred = (scored.y_score >= 0.5).astype(int)
    assert round(lm.precision_score(scored.y_true, y_pred), 3) == 0.714
    assert round(lm.accuracy_score(scored.y_true, y_pred), 3) == 0.706
    s = lm.classification.threshold_state(scored.y_true, scored.y_score, 0.5)
    assert (round(s.tpr, 3), round(s.fnr, 3), round(s.fpr, 3), round(s.tnr, 3)) == (0.625, 0.375, 0.222, 0.778)
    assert s.tpr + s.fnr == pytest.approx(1) and s.fpr + s.tnr == pytest.approx(1)


def test_the_notes_use_the_terms_the_glossary_says():
    from pathlib import Path

    seeds = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("the learner's notes are not next to this checkout")
    text = {p.name[:3]: p.read_text(encoding="utf-8") for p in seeds.glob("00*.txt")}
    assert "查准率 ( 准确率 ，precision )" in text["000"]           # 000: 准确率 = precision
    assert "准确率(Accuracy)" in text["002"] and "准确率 Accuracy" in text["003"]
    assert "准确率、误分率" in text["004"]                             # 004: accuracy, misclassification rate
    # ... and note 002 also slips into 准确率 for precision (recommender example, micro-F1)
    assert "这样准确率就很低了" in text["002"] and "计算评价准确率和召回率" in text["002"]
    for term in ("精确率", "精准率", "灵敏度", "假正率", "真负率"):
        assert term in text["002"]
    assert "误分率" in text["004"]


# -- what the break-even point is and is not: 02 section 4 prints the two BEPs and links 03 section 5,
# whose (-, +, +) figure is the counter-example (02 no longer re-explains it; the facts stay pinned) --
def test_bep_counter_example():
    y, s = [0, 1, 1], [0.9, 0.8, 0.7]
    assert lm.break_even_point(y, s).value == 0.5
    st = lm.classification.threshold_state(y, s, 0.7)
    assert (round(st.precision, 3), st.recall, round(st.f1, 3)) == (0.667, 1.0, 0.8)
    assert min(st.precision, st.recall) > 0.5


def test_bep_bounds_recall_below_m_plus_but_not_above():
    """At every cut predicting fewer than m+ positives R <= BEP; above m+ both may beat it."""
    rng = np.random.default_rng(0)
    beaten_above = 0
    for _ in range(500):
        n = int(rng.integers(2, 15))
        y = rng.integers(0, 2, n)
        if y.sum() in (0, n):
            continue
        s = rng.integers(0, 6, n) / 5.0  # ties allowed
        bep = lm.break_even_point(y, s).value
        for t in np.unique(s):
            st = lm.classification.threshold_state(y, s, t)
            if st.counts.predicted_positives < y.sum():
                assert st.recall <= bep + 1e-12
            elif min(st.precision, st.recall) > bep + 1e-12:
                beaten_above += 1
    assert beaten_above > 0


def test_bep_is_the_best_min_p_r_on_the_chapters_two_data_sets(melons):
    _, _, _, scored = melons
    cancer = datasets.load_breast_cancer()
    train, test = lm.holdout_split(cancer.y, test_size=0.3, rng=0)
    model = lm.learners.LogisticRegression().fit(cancer.X[train], cancer.y[train])
    for y, score, value, thr in [(scored.y_true, scored.y_score, 0.75, 0.454),
                                 (cancer.y[test], model.predict_proba(cancer.X[test]), 0.9531, 0.307)]:
        bep = lm.break_even_point(y, score)
        p, r, _ = lm.precision_recall_curve(y, score)
        assert round(bep.value, 4) == value and round(bep.threshold, 3) == thr
        assert np.minimum(p, r).max() == pytest.approx(bep.value)


# -- 02: the imbalance trap -----------------------------------------------------------------
def test_imbalance_trap_numbers():
    rng = np.random.default_rng(0)
    y = np.zeros(100_000, dtype=int)
    y[rng.choice(100_000, size=100, replace=False)] = 1
    lazy = np.zeros_like(y)
    det = y.copy()
    det[rng.choice(np.flatnonzero(y == 1), size=20, replace=False)] = 0
    det[rng.choice(np.flatnonzero(y == 0), size=500, replace=False)] = 1
    assert lm.accuracy_score(y, lazy) == 0.999 and lm.accuracy_score(y, det) == pytest.approx(0.9948)
    assert lm.accuracy_score(y, lazy) > lm.accuracy_score(y, det)
    c = lm.binary_counts(y, det)
    assert (c.tp, c.fn, c.fp, c.tn) == (80, 20, 500, 99_400)
    assert round(c.precision, 4) == 0.1379 and c.recall == 0.8


# -- 02: note 002's micro-F1 advice ---------------------------------------------------------
def test_ignoring_the_rare_class_collapses_macro_not_micro():
    ex = datasets.rare_class_example()
    f = {name: {a: lm.f1_score(ex.y_true, pred, average=a, zero_division=0.0) for a in ("micro", "macro", "weighted")}
         for name, pred in (("finds", ex.finds_rare), ("ignores", ex.ignores_rare))}
    assert {a: round(v, 3) for a, v in f["finds"].items()} == {"micro": 0.904, "macro": 0.921, "weighted": 0.904}
    assert {a: round(v, 3) for a, v in f["ignores"].items()} == {"micro": 0.867, "macro": 0.590, "weighted": 0.849}
    # "a few hundredths" for micro and weighted, "about a third" for macro
    assert f["finds"]["micro"] - f["ignores"]["micro"] < 0.06
    assert f["finds"]["weighted"] - f["ignores"]["weighted"] < 0.06
    assert 0.3 < f["finds"]["macro"] - f["ignores"]["macro"] < 0.37
    assert lm.f1_score(ex.y_true, ex.ignores_rare, average=None, zero_division=0.0)[2] == 0.0


def test_the_section_6_example_averages_nearly_agree():
    rng = np.random.default_rng(1)
    y = rng.choice([0, 1, 2], size=100, p=[0.5, 0.3, 0.2])
    pred = np.where(rng.random(100) < 0.75, y, rng.choice([0, 1, 2], size=100))
    micro = lm.f1_score(y, pred, average="micro")
    macro = lm.f1_score(y, pred, average="macro")
    assert (round(micro, 4), round(macro, 4)) == (0.89, 0.8789) and abs(micro - macro) < 0.02
    assert micro == pytest.approx(lm.accuracy_score(y, pred))   # single-label: micro = accuracy


def test_book_and_sklearn_macro_f1_on_note_002():
    book = lm.macro_micro(lm.one_vs_rest_counts([1, 2, 3], [1, 1, 3]), zero_division=0.0)
    assert round(book.macro_f1, 4) == 0.5714
    assert round(lm.f1_score([1, 2, 3], [1, 1, 3], average="macro", zero_division=0.0), 4) == 0.5556


def test_note_003_accuracy_formula_is_the_share_of_positives(melons):
    _, _, _, scored = melons
    c = lm.binary_counts(scored.y_true, (scored.y_score >= 0.5).astype(int))
    assert round((c.tp + c.fn) / c.m, 4) == 0.4706 and round((c.tp + c.tn) / c.m, 4) == 0.7059


# -- 02, "In scikit-learn": the same numbers ------------------------------------------------
def test_sklearn_gives_the_same_numbers(melons):
    skm = pytest.importorskip("sklearn.metrics")
    _, _, _, scored = melons
    y, pred = scored.y_true, (scored.y_score >= 0.5).astype(int)
    assert lm.confusion_matrix(y, pred).tolist() == skm.confusion_matrix(y, pred).tolist()
    for fn in ("accuracy_score", "precision_score", "recall_score", "f1_score"):
        assert getattr(lm, fn)(y, pred) == pytest.approx(getattr(skm, fn)(y, pred))
    ex = datasets.rare_class_example()
    for a in ("micro", "macro", "weighted"):
        assert lm.f1_score(ex.y_true, ex.ignores_rare, average=a, zero_division=0.0) == pytest.approx(
            skm.f1_score(ex.y_true, ex.ignores_rare, average=a, zero_division=0.0))


# -- 00's map: AUC cannot choose a threshold (issue 23) ----------------------------------------
def test_auc_cannot_choose_a_threshold(melons):
    """Squaring the scores keeps the ranking, hence the AUC, but moves every cut (00's map)."""
    _, _, _, scored = melons
    y, s = scored.y_true, scored.y_score
    assert round(lm.roc_auc_score(y, s), 4) == round(lm.roc_auc_score(y, s ** 2), 4) == 0.8056
    assert round(lm.accuracy_score(y, (s >= 0.5).astype(int)), 3) == 0.706
    assert round(lm.accuracy_score(y, (s ** 2 >= 0.5).astype(int)), 3) == 0.647
    p, r, t = lm.precision_recall_curve(y, s)
    cut = np.flatnonzero(r >= 0.75).max()
    assert (t[cut], round(p[cut], 3), r[cut]) == (0.454, 0.75, 0.75)


# -- issue 23, chapter 02 ----------------------------------------------------------------------
def _prevalence_table(melons):
    from learnmetrics.imbalance import prevalence_state
    _, _, _, scored = melons
    return {pi: prevalence_state(scored.y_true, scored.y_score, pi, threshold=0.5)
            for pi in (0.9, 0.5, 0.1, 0.01, 0.001)}


def test_mcc_is_not_monotone_in_the_share_of_positives(melons):
    """02: 'fewer positives -> MCC shrinks towards 0' is false; it tends to 0 only at the extremes."""
    t = _prevalence_table(melons)
    mcc = {pi: round(s.mcc, 3) for pi, s in t.items()}
    assert mcc == {0.9: 0.245, 0.5: 0.408, 0.1: 0.275, 0.01: 0.096, 0.001: 0.031}
    assert mcc[0.9] < mcc[0.5] > mcc[0.1]          # rises, then falls as pi falls
    # and not for this classifier only: closed form sqrt(pi(1-pi)/(q(1-q))) (TPR - FPR), q = pi TPR + (1-pi) FPR
    rng = np.random.default_rng(0)
    for _ in range(200):
        tpr, fpr = np.sort(rng.random(2))[::-1]
        pis = np.linspace(0.001, 0.999, 999)
        q = pis * tpr + (1 - pis) * fpr
        m = np.sqrt(pis * (1 - pis) / (q * (1 - q))) * (tpr - fpr)
        assert m[0] < m.max() and m[-1] < m.max()   # with 0 < FPR < TPR < 1, never monotone on (0, 1): 0 at both ends (FPR = 0 is monotone)


def _expected_random_ap(n, n_pos):
    """A random ranking's expected AP, exactly: (H_n + (n+ - 1)/(n - 1) (n - H_n)) / n."""
    h = sum(1 / r for r in range(1, n + 1))
    return (h + (n_pos - 1) / (n - 1) * (n - h)) / n if n > 1 else 1.0


def test_a_random_rankings_ap_is_above_pi_on_small_test_sets(melons):
    """02: judge an AP against a random ranking's with the same numbers of positives and negatives, not against pi."""
    _, _, _, scored = melons
    assert round(_expected_random_ap(17, 8), 3) == 0.551 and round(8 / 17, 3) == 0.471
    assert round(_expected_random_ap(10, 1), 3) == 0.293
    rng = np.random.default_rng(0)                 # the notebook's simulation, same seed and order
    for y, shown in ((scored.y_true, 0.551), (np.r_[1, np.zeros(9, dtype=int)], 0.295)):
        Y = np.repeat(np.asarray(y)[:, None], 20_000, axis=1)
        sim = lm.average_precision_score(Y, rng.random(Y.shape))
        assert round(sim, 3) == shown
        assert abs(sim - _expected_random_ap(len(y), int(np.sum(y)))) < 0.005
    # and it tends to pi as the test set grows (same share of positives)
    assert abs(_expected_random_ap(17_000, 8_000) - 8 / 17) < 0.001


def test_precision_falls_when_a_negative_enters_unless_tp_is_zero():
    """02 §4: a negative entering lowers P when TP > 0; with TP = 0, P stays 0."""
    rng = np.random.default_rng(1)
    for _ in range(300):
        tp, fp = rng.integers(0, 20, size=2)
        if tp + fp == 0:
            continue
        before, after = tp / (tp + fp), tp / (tp + fp + 1)
        assert (after < before) if tp > 0 else (after == before == 0)


def test_two_rulers_two_verdicts_and_a_clustering_without_names(melons):
    """02's answers to the notes' questions: the ruler decides who wins; cluster ids are not class names."""
    _, _, _, scored = melons
    y = scored.y_true
    clf, all_good = (scored.y_score >= 0.5).astype(int), np.ones_like(y)
    assert (round(lm.accuracy_score(y, clf), 3), round(lm.accuracy_score(y, all_good), 3)) == (0.706, 0.471)
    assert (round(lm.recall_score(y, clf), 3), lm.recall_score(y, all_good)) == (0.625, 1.0)
    assert lm.confusion_matrix(y, 1 - y).tolist() == [[0, 9], [8, 0]] and lm.accuracy_score(y, 1 - y) == 0


def test_the_largest_confusion_of_the_three_class_example():
    rng = np.random.default_rng(1)
    y3 = rng.choice([0, 1, 2], size=100, p=[0.5, 0.3, 0.2])
    p3 = np.where(rng.random(100) < 0.75, y3, rng.choice([0, 1, 2], size=100))
    cm = lm.confusion_matrix(y3, p3)
    off = cm - np.diag(np.diag(cm))
    assert np.unravel_index(off.argmax(), off.shape) == (1, 2) and off.max() == 4
    assert cm[2, 1] == 0


def _next_code_after_check(notebook, ex_id):
    import json
    from pathlib import Path
    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / notebook).read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    i = next(i for i, c in enumerate(code) if f'check("{ex_id}"' in "".join(c["source"]))
    return "".join(code[i + 1]["source"])


def test_exercise_02_1_answer_is_not_printed_before_its_folded_solution():
    """Issue 26: the cell after the learner's check cell is the (folded) solution, not the explorer's read-out."""
    assert _next_code_after_check("02_confusion_matrix.ipynb", "02.1").startswith('solution("02.1")')


# -- reader 0002: the general sentences of 02 that a counter-example broke, pinned as corrected --
def test_two_examples_ranked_minus_plus_already_beat_the_bep():
    """02: the -, +, + example is a small counter-example, not the smallest: -, + has BEP 0 and
    predicting both positive gives P = 0.5, R = 1."""
    assert lm.break_even_point([0, 1], [0.9, 0.8]).value == 0.0
    both = lm.classification.threshold_state([0, 1], [0.9, 0.8], 0.8)
    assert (both.precision, both.recall) == (0.5, 1.0)


def test_a_random_guess_can_score_well_on_a_small_test_set():
    """02, section 6: the measures give a model that ignores the examples a fixed value exactly
    when it is constant, only on average when it guesses: 10 examples (5 + 5), random guesses
    reach balanced accuracy >= 0.8 in about 5 % of the draws, MCC > 0.5 as often."""
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(5, int), np.zeros(5, int)]
    guesses = rng.integers(0, 2, (10_000, 10))
    bal = np.array([lm.balanced_accuracy_score(y, g) for g in guesses])
    mcc = np.array([lm.matthews_corrcoef(y, g) for g in guesses])
    assert 0.04 < np.mean(bal >= 0.8) < 0.07
    assert np.mean(mcc > 0.5) > 0.04
    assert abs(bal.mean() - 0.5) < 0.005 and abs(mcc.mean()) < 0.01       # on average: no skill
    for constant in (np.zeros(10, int), np.ones(10, int)):                  # exactly, when constant
        assert lm.balanced_accuracy_score(y, constant) == 0.5
        assert lm.matthews_corrcoef(y, constant) == 0.0 and lm.cohen_kappa_score(y, constant) == 0.0


def test_precision_is_one_at_every_prevalence_only_with_fpr_zero_and_tpr_positive():
    """02, section 7: FPR = 0 keeps P at 1 for every pi only if TPR > 0 (else it is 0/0)."""
    from learnmetrics.imbalance import prevalence_state
    y, s = np.array([1, 1, 0, 0]), np.array([0.9, 0.8, 0.2, 0.1])
    for pi in (0.5, 0.01, 0.001):
        assert prevalence_state(y, s, pi, threshold=0.5).precision == 1.0
    st = prevalence_state(y, s, 0.01, threshold=0.95)          # nothing predicted positive: TPR = FPR = 0
    assert st.tpr == 0.0 and st.fpr == 0.0 and st.precision != 1.0


def test_macro_and_micro_drift_apart_on_matrices_of_the_same_size():
    """02, section 9: equal sizes do not make macro and micro agree (tp=1 fp=0 beside tp=1 fp=99,
    100 examples each: macro-P 0.505, micro-P 0.020); micro-P is the mean of the precisions
    weighted by TP + FP. On the breast-cancer folds both weights and precisions are nearly equal."""
    one = np.r_[1, np.zeros(99, dtype=int)]
    mm = lm.macro_micro([lm.binary_counts(one, one), lm.binary_counts(one, np.ones(100, dtype=int))])
    assert (round(mm.macro_p, 3), round(mm.micro_p, 3)) == (0.505, 0.020)
    rng = np.random.default_rng(0)
    for _ in range(200):
        counts = [lm.binary_counts(rng.integers(0, 2, 30), rng.integers(0, 2, 30)) for _ in range(4)]
        counts = [c for c in counts if c.tp + c.fp > 0]
        if not counts:
            continue
        w = np.array([c.tp + c.fp for c in counts], float)
        p = np.array([c.tp / (c.tp + c.fp) for c in counts])
        assert abs(lm.macro_micro(counts).micro_p - np.sum(w * p) / w.sum()) < 1e-12
    cancer = datasets.load_breast_cancer()
    folds = []
    for train, test in lm.kfold_split(cancer.y, k=5, rng=0):
        model = lm.learners.LogisticRegression().fit(cancer.X[train], cancer.y[train])
        folds.append(lm.binary_counts(cancer.y[test], model.predict(cancer.X[test])))
    assert [c.tp + c.fp for c in folds] == [43, 42, 40, 39, 38]
    assert abs(lm.macro_micro(folds).macro_p - lm.macro_micro(folds).micro_p) < 0.001


def test_a_clustering_with_swapped_group_numbers_calls_the_good_melons_0(melons):
    """02: the perfect grouping of the question cell calls the good melons "0" (labels say 1)."""
    *_, scored = melons
    groups = 1 - scored.y_true
    assert set(groups[scored.y_true == 1]) == {0} and lm.accuracy_score(scored.y_true, groups) == 0.0


def test_the_cheapest_cut_is_a_hull_corner_but_not_every_corner_is_ever_the_only_cheapest(melons):
    """00, glossary (ROC convex hull): for every cost point x = p·cost01 / (p·cost01 + (1-p)·cost10)
    the cheapest cut is (or ties with) a corner of the hull, never a point strictly below it; on
    the melons the corners (0, 0) and (1, 1) are never the only cheapest for x in (0, 1)."""
    rng = np.random.default_rng(0)
    xs = np.linspace(0, 1, 401)
    for _ in range(200):
        n = int(rng.integers(3, 15))
        y = rng.integers(0, 2, n)
        if y.sum() in (0, n):
            continue
        fpr, tpr, _ = lm.roc_curve(y, rng.integers(0, 5, n) / 4.0)
        hf, ht = lm.roc_convex_hull(fpr, tpr)
        for x in xs:
            all_costs = x * (1 - tpr) + (1 - x) * fpr
            hull_costs = x * (1 - ht) + (1 - x) * hf
            assert hull_costs.min() <= all_costs.min() + 1e-12
    *_, scored = melons
    fpr, tpr, _ = lm.roc_curve(scored.y_true, scored.y_score)
    hf, ht = lm.roc_convex_hull(fpr, tpr)
    only = set()
    for x in np.linspace(0, 1, 2001)[1:-1]:
        c = x * (1 - ht) + (1 - x) * hf
        best = np.flatnonzero(c <= c.min() + 1e-12)
        if best.size == 1:
            only.add((round(hf[best[0]], 3), round(ht[best[0]], 3)))
    assert len(hf) == 5 and (0.0, 0.0) not in only and (1.0, 1.0) not in only and len(only) == 3


def test_a_negative_tied_with_positives_can_enter_while_precision_rises():
    """02, section 4: P falls when a bad example enters *on its own* (TP > 0); one tied in score
    with good ones enters with them and P can rise: ranked +, -, then {+, +, -} tied."""
    y, s = [1, 0, 1, 1, 0], [0.9, 0.8, 0.5, 0.5, 0.5]
    before = lm.classification.threshold_state(y, s, 0.8)
    after = lm.classification.threshold_state(y, s, 0.5)
    assert after.counts.fp > before.counts.fp and after.precision > before.precision
    assert (before.precision, after.precision) == (0.5, 0.6)


def test_the_books_macro_f1_is_never_below_scikit_learns_and_sometimes_equal():
    """02, section 9: the two macro-F1s usually differ; the book's (F1 of macro-P and macro-R) is
    never the smaller (the harmonic mean is concave), and they agree when every class has the same
    P : R ratio (all predictions right, or P_i = R_i for every class)."""
    import warnings
    rng = np.random.default_rng(0)
    equal = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(1000):
            k, m = int(rng.integers(2, 5)), int(rng.integers(2, 25))
            yt = rng.integers(0, k, m)
            yp = np.where(rng.random(m) < 0.5, yt, rng.integers(0, k, m))
            book = lm.macro_micro(lm.one_vs_rest_counts(yt, yp), zero_division=0.0).macro_f1
            skl = lm.f1_score(yt, yp, average="macro", zero_division=0.0)
            assert book >= skl - 1e-12
            equal += abs(book - skl) < 1e-12
    assert 0 < equal < 1000
    yt = [0, 0, 1, 1, 2]
    assert abs(lm.macro_micro(lm.one_vs_rest_counts(yt, yt)).macro_f1 - lm.f1_score(yt, yt, average="macro")) < 1e-12


def test_tpr_above_fpr_keeps_balanced_accuracy_and_mcc_above_the_lazy_model_at_every_prevalence():
    """02, section 7: 'Balanced accuracy and MCC keep every classifier with TPR > FPR above the lazy
    model's 0.5 and 0 at every pi' (and one with TPR < FPR below both). Random small cases, rounded
    scores (ties), random thresholds, prevalences from 0.1 % to 99 %."""
    import warnings
    from learnmetrics.imbalance import prevalence_state
    rng = np.random.default_rng(0)
    tried = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(250):
            y = rng.integers(0, 2, rng.integers(4, 15))
            if y.min() == y.max():
                continue
            s = np.round(rng.random(len(y)), 1)
            t = rng.choice(s)
            for pi in (0.001, 0.01, 0.1, 0.5, 0.9, 0.99):
                st = prevalence_state(y, s, pi, threshold=t)
                if st.tpr > st.fpr:
                    assert st.balanced_accuracy > 0.5 and st.mcc > 0, (y, s, t, pi)
                    tried += 1
                elif st.tpr < st.fpr:
                    assert st.balanced_accuracy < 0.5 and st.mcc < 0, (y, s, t, pi)
    assert tried > 200


# -- reader 0002 (second pass, issue 23): general sentences of 00 and 02 broken by a counter-example --
def _exact_random_guess(y, q, fn):
    """The expectation of fn(y, guess) over every guess that calls each example positive with
    probability q, and the probability that fn is defined (finite)."""
    from itertools import product
    y = np.asarray(y)
    guesses = np.array(list(product([0, 1], repeat=len(y))))
    chance = q ** guesses.sum(axis=1) * (1 - q) ** (len(y) - guesses.sum(axis=1))
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        v = np.array([fn(y, g) for g in guesses], dtype=float)
    ok = np.isfinite(v)
    return chance[ok] @ v[ok] / chance[ok].sum(), chance[ok].sum()


def test_a_random_guess_has_no_skill_on_average_except_for_the_likelihood_ratios():
    """02 §6: balanced accuracy, MCC and kappa are 0.5 / 0 / 0 on average for any random guess
    (given the number of predicted positives, which ones is a random draw); LR+ is not 1 on average:
    6 examples, 1 positive, q = 0.2: defined for 67.2 % of the guesses, mean 0.7894 there."""
    lr_pos = lambda a, b: lm.class_likelihood_ratios(a, b)[0]
    mean, defined = _exact_random_guess(np.r_[1, np.zeros(5, dtype=int)], 0.2, lr_pos)
    assert (f"{defined:.1%}", round(mean, 4)) == ("67.2%", 0.7894)
    rng = np.random.default_rng(0)
    far_from_one = 0
    for _ in range(40):
        m = int(rng.integers(3, 8))
        y = np.r_[1, 0, rng.integers(0, 2, m - 2)]          # both classes present
        q = float(rng.uniform(0.1, 0.9))
        assert _exact_random_guess(y, q, lm.balanced_accuracy_score)[0] == pytest.approx(0.5, abs=1e-12)
        assert _exact_random_guess(y, q, lm.matthews_corrcoef)[0] == pytest.approx(0.0, abs=1e-12)
        assert _exact_random_guess(y, q, lm.cohen_kappa_score)[0] == pytest.approx(0.0, abs=1e-12)
        far_from_one += abs(_exact_random_guess(y, q, lr_pos)[0] - 1) > 0.05
    assert far_from_one > 20                               # the ratio is not 1 on average, in most cases


def test_precision_at_a_cut_is_pi_at_any_size_but_the_random_ap_depends_on_the_positives():
    """02 §7: a random ranking's expected precision at any cut is exactly pi, whatever the size; its
    expected AP is far above pi when the positives are few, however large the test set:
    one positive in 1,000 -> 0.0075 (pi 0.001); 100 in 1,000 -> close to pi."""
    from itertools import combinations
    for m, m_pos in ((5, 2), (7, 3), (8, 1)):
        places = list(combinations(range(m), m_pos))        # every placement of the positives, equally likely
        for k in range(1, m + 1):
            mean_p = np.mean([sum(p < k for p in pl) / k for pl in places])
            assert mean_p == pytest.approx(m_pos / m, abs=1e-12)
    ap_one = lm.average_precision_score(np.eye(1000, dtype=int), np.tile(np.arange(1000, 0, -1)[:, None], (1, 1000)))
    assert round(ap_one, 4) == 0.0075 == round(_expected_random_ap(1000, 1), 4)
    assert _expected_random_ap(10_000, 1) > 9 * 1e-4          # a larger test set does not bring it to pi
    assert abs(_expected_random_ap(1000, 100) - 0.1) < 0.01   # many positives do
    rng = np.random.default_rng(0)                             # the notebook's simulation: same seed, same order
    for y, n in ((datasets.watermelon_scores().y_true, 20_000), (np.r_[1, np.zeros(9, dtype=int)], 20_000),
                 (np.r_[np.ones(100, dtype=int), np.zeros(900, dtype=int)], 2_000)):
        Y = np.repeat(np.asarray(y)[:, None], n, axis=1)
        sim = lm.average_precision_score(Y, rng.random(Y.shape))
    assert round(sim, 3) == 0.106                              # 100 positives in 1,000, as the notebook prints


def test_raising_the_threshold_can_lower_both_precision_and_recall(melons):
    """02 summary: moving the threshold need not trade P against R: from 0.454 to 0.5 both fall on the
    melons; recall never rises as the threshold rises (random cases)."""
    _, _, _, scored = melons
    st = {t: lm.classification.threshold_state(scored.y_true, scored.y_score, t) for t in (0.454, 0.5)}
    assert (round(st[0.454].precision, 3), round(st[0.454].recall, 3)) == (0.75, 0.75)
    assert (round(st[0.5].precision, 3), round(st[0.5].recall, 3)) == (0.714, 0.625)
    bep = lm.break_even_point(scored.y_true, scored.y_score)
    assert round(bep.threshold, 3) == 0.454 and round(bep.value, 4) == 0.75
    rng = np.random.default_rng(0)
    both_fall = 0
    for _ in range(300):
        y = rng.integers(0, 2, 12)
        if y.sum() == 0:
            continue
        s = rng.random(12)
        t1, t2 = np.sort(rng.random(2))
        r1, r2 = (lm.recall_score(y, (s >= t).astype(int)) for t in (t1, t2))
        assert r2 <= r1
        if (s >= t2).any():
            p1, p2 = (lm.precision_score(y, (s >= t).astype(int)) for t in (t1, t2))
            both_fall += (p2 < p1) and (r2 < r1)
    assert both_fall > 0


# -- issue 35 (third edition): statements of 02 a reader broke, corrected and pinned -------------
def test_expected_random_ap_is_the_harmonic_formula_and_its_excess_over_pi_depends_on_m():
    """02 §7 and its box: with m+ positives among m a random ranking's expected AP is exactly
    H_m/m + (m+ - 1)/(m - 1) (1 - H_m/m) (every placement of the positives enumerated); one
    positive in ten: 0.2929 (the simulation prints 0.295); the excess over pi depends on m
    (0.19 at m = 10, 0.0065 at m = 1000), "fewer positives, higher" holds as a ratio."""
    from itertools import combinations
    for m, m_pos in ((2, 1), (5, 2), (6, 3), (7, 1), (7, 6), (8, 3)):
        aps = []
        for pl in combinations(range(m), m_pos):
            y = np.zeros(m, dtype=int)
            y[list(pl)] = 1
            aps.append(lm.average_precision_score(y, np.arange(m, 0, -1)))
        assert np.mean(aps) == pytest.approx(_expected_random_ap(m, m_pos), abs=1e-12)
    assert f"{_expected_random_ap(10, 1):.4f}" == "0.2929"
    assert f"{_expected_random_ap(1000, 1):.4f}" == "0.0075"
    excess10, excess1000 = _expected_random_ap(10, 1) - 0.1, _expected_random_ap(1000, 1) - 0.001
    assert round(excess10, 2) == 0.19 and round(excess1000, 4) == 0.0065
    assert _expected_random_ap(1000, 1) / 0.001 > _expected_random_ap(1000, 100) / 0.1   # as a ratio


def test_balanced_accuracy_is_one_half_for_a_constant_prediction_only_when_both_classes_are_there():
    """02 §6 and box: exactly 0.5 for any constant prediction on a test set with both classes; on a
    one-class test set it is that class's recall (1 or 0) and kappa is 0/0 (nan) when the
    prediction is that class."""
    import warnings
    rng = np.random.default_rng(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(200):
            y = np.r_[0, 1, rng.integers(0, 2, rng.integers(0, 12))]
            for c in (0, 1):
                pred = np.full(len(y), c)
                assert lm.balanced_accuracy_score(y, pred) == 0.5
                assert lm.cohen_kappa_score(y, pred) == 0.0
                assert lm.matthews_corrcoef(y, pred) == 0.0
        assert lm.balanced_accuracy_score([1, 1, 1], [1, 1, 1]) == 1.0
        assert lm.balanced_accuracy_score([1, 1, 1], [0, 0, 0]) == 0.0
        assert np.isnan(lm.cohen_kappa_score([1, 1, 1], [1, 1, 1]))        # 0/0 when the prediction is that class
        assert lm.cohen_kappa_score([1, 1, 1], [0, 0, 0]) == 0.0


def test_mcc_of_a_constant_prediction_is_zero_by_convention_not_by_the_formula():
    """02 §6: for a constant prediction MCC's formula is 0/0 (a factor of the denominator is 0);
    scikit-learn and lm report 0."""
    y, pred = np.array([1, 0, 0, 1, 0]), np.ones(5, dtype=int)
    tp, fp = int(((y == 1) & (pred == 1)).sum()), int(((y == 0) & (pred == 1)).sum())
    tn, fn = int(((y == 0) & (pred == 0)).sum()), int(((y == 1) & (pred == 0)).sum())
    assert tp * tn - fp * fn == 0 and (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn) == 0
    assert lm.matthews_corrcoef(y, pred) == 0.0


def test_mcc_need_not_tend_to_zero_when_positives_are_rare():
    """02 box: with FPR = 0, MCC tends to sqrt(TPR) as pi -> 0, not to 0 (the chapter's breast-cancer
    model, TPR 0.953 at threshold 0.5: about 0.976)."""
    from learnmetrics.imbalance import prevalence_state
    y = np.r_[np.ones(20, dtype=int), np.zeros(30, dtype=int)]
    s = np.r_[np.linspace(0.6, 1, 17), [0.1, 0.2, 0.3], np.linspace(0, 0.4, 30)]   # FPR 0 at 0.5, TPR 0.85
    st = prevalence_state(y, s, 1e-6, threshold=0.5)
    assert st.fpr == 0 and st.tpr == pytest.approx(0.85)
    assert st.mcc == pytest.approx(np.sqrt(0.85), abs=1e-3)
    assert f"{np.sqrt(0.953):.3f}" == "0.976"


def test_the_two_macro_f1s_can_be_equal_without_equal_p_r_ratios():
    """02 box, §9: equal P : R ratios in every class make the two macro-F1s equal, but not the
    other way round: y_true = [1, 1, 2], y_pred = [1, 1, 3] gives 0.3333 twice, with two classes at
    P = R = 0."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mm = lm.macro_micro(lm.one_vs_rest_counts([1, 1, 2], [1, 1, 3]), zero_division=0.0)
        skl = lm.f1_score([1, 1, 2], [1, 1, 3], average="macro", zero_division=0.0)
    assert f"{mm.macro_f1:.4f}" == f"{skl:.4f}" == "0.3333"
