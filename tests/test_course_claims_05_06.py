"""The numbers and claims chapters 05 and 06 state, pinned (issue 11): each is computed by
learnmetrics in the notebook, and each corrected claim is checked here in general where it can be."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.datasets import watermelon_3a, watermelon_scores

BOOK = np.array([[0, 4], [1, 0]])


@pytest.fixture(scope="module")
def melons():
    d = watermelon_scores()
    table = lm.stepping_table(d.y_true, d.y_score)
    fpr, tpr, thr = lm.roc_curve(d.y_true, d.y_score, drop_intermediate=False)
    return d, table, fpr, tpr, thr


# ------------------------------------------------------------------ chapter 05
def test_05_cuts_are_named_by_their_size(melons):
    d, table, fpr, *_ = melons
    sizes = table.tp + table.fp
    assert np.array_equal(sizes, np.arange(len(fpr)))          # distinct scores: ROC point k is cut k
    for k in (3, 13):
        pred = (d.y_score >= table.thresholds[k]).astype(int)
        assert pred.sum() == k
        assert lm.accuracy_score(d.y_true, pred) == pytest.approx(1 - 5 / 17)   # the same 5 mistakes
    errors = [lm.cost_sensitive_error(d.y_true, (d.y_score >= table.thresholds[k]).astype(int), BOOK, labels=[1, 0])
              for k in (3, 13)]
    assert errors == pytest.approx([20 / 17, 5 / 17])           # 1.1765 and 0.2941


def test_05_triage_bill():
    classes = ["healthy", "flu", "pneumonia"]
    cost = np.array([[0, 1, 2], [3, 0, 1], [20, 8, 0]])
    y_true = np.array(["healthy"] * 5 + ["flu"] * 4 + ["pneumonia"] * 3)
    y_pred = np.array(["healthy", "healthy", "healthy", "flu", "pneumonia", "flu", "flu", "healthy", "flu",
                       "pneumonia", "flu", "healthy"])
    C = lm.confusion_matrix(y_true, y_pred, labels=classes)
    assert lm.cost_sensitive_error(y_true, y_pred, cost, labels=classes) == pytest.approx(34 / 12)   # 2.8333
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting.cost import plot_cost_heatmaps

    fig, axes = plt.subplots(1, 3)
    bill = plot_cost_heatmaps(axes, C, cost, classes)
    assert bill.sum() == 34 and bill[2, 0] == 20 and np.array_equal(bill, C * cost)
    plt.close(fig)


def test_05_cost_space_numbers(melons):
    d, table, fpr, tpr, thr = melons
    assert lm.probability_cost(0.2, 4, 1) == 0.5 == lm.probability_cost(0.2, 40, 10)
    env = lm.cost_curve_envelope(fpr, tpr)
    sizes = table.tp + table.fp
    assert [int(sizes[k]) for k in env.owners] == [3, 8, 13]
    assert env.x_breaks.round(4).tolist() == [0.0, 0.3721, 0.5714, 1.0]
    assert lm.expected_total_cost(fpr, tpr) == pytest.approx(0.1412, abs=5e-5)
    p = table.n_pos / len(d.y_true)
    cuts = [lm.cost.cost_state(fpr, tpr, thr, pp, c01, c10, n_pos=table.n_pos, n_neg=table.n_neg).cut_name
            for pp, c01, c10 in [(p, 1, 1), (p, 4, 1), (p, 1, 4), (0.2, 4, 1)]]
    assert cuts == ["cut 8", "cut 13", "cut 3", "cut 8"]


def test_05_ordered_quantities_use_the_sequential_map():
    import matplotlib as mpl

    from learnmetrics.plotting import style
    from learnmetrics.plotting.cost import ordered_colors

    cmap = mpl.colormaps[style.SEQUENTIAL]
    assert style.SEQUENTIAL == "cividis"
    colors = ordered_colors(4)
    assert colors == [cmap(v) for v in np.linspace(0, 0.85, 4)]
    lum = [0.2126 * r + 0.7152 * g + 0.0722 * b for r, g, b, _ in colors]
    assert all(a < b for a, b in zip(lum, lum[1:]))          # 1:4 < 1:1 < 4:1 < 20:1, dark to light


def test_05_scikit_learn_side_by_side(melons):
    sk = pytest.importorskip("sklearn")  # noqa: F841
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import confusion_matrix, make_scorer, roc_curve
    from sklearn.model_selection import FixedThresholdClassifier, TunedThresholdClassifierCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    d, table, fpr, tpr, thr = melons
    y = d.y_true
    X = watermelon_3a().X
    model = make_pipeline(StandardScaler(), LogisticRegression(C=1 / (0.01 * len(y)), tol=1e-12, max_iter=1000))
    q = model.fit(X, y).predict_proba(X)[:, 1]
    assert np.array_equal(np.round(q, 3), d.y_score)          # the course's learner, in scikit-learn

    def total_cost(yt, yp):
        tn, fp, fn, tp = confusion_matrix(yt, yp, labels=[0, 1]).ravel()
        return 4 * fn + 1 * fp

    pred13 = (d.y_score >= table.thresholds[13]).astype(int)
    cm = confusion_matrix(y, pred13, labels=[0, 1])
    assert (cm * np.array([[0, 1], [4, 0]])).sum() / len(y) == pytest.approx(
        lm.cost_sensitive_error(y, pred13, BOOK, labels=[1, 0]))
    tuned = TunedThresholdClassifierCV(model, scoring=make_scorer(total_cost, greater_is_better=False),
                                       cv="prefit", refit=False, thresholds=np.unique(q)).fit(X, y)
    s = lm.cost.cost_state(fpr, tpr, thr, table.n_pos / len(y), 4, 1, n_pos=table.n_pos, n_neg=table.n_neg)
    assert s.cut_name == f"cut {tuned.predict(X).sum()}" == "cut 13"
    assert s.total_cost == total_cost(y, tuned.predict(X)) == 5
    fixed = FixedThresholdClassifier(model, threshold=0.2, response_method="predict_proba").fit(X, y)
    assert np.array_equal(fixed.predict(X), (d.y_score >= 0.2).astype(int))
    assert lm.cost_sensitive_error(y, fixed.predict(X), BOOK, labels=[1, 0]) == pytest.approx(6 / 17)   # 0.3529
    weighted = make_pipeline(StandardScaler(), LogisticRegression(C=1 / (0.01 * len(y)), class_weight={0: 1, 1: 4},
                                                                  tol=1e-12, max_iter=1000)).fit(X, y)
    pred = weighted.predict(X)
    assert pred.sum() == 12 and lm.cost_sensitive_error(y, pred, BOOK, labels=[1, 0]) == pytest.approx(4 / 17)
    f2, t2, th2 = roc_curve(y, d.y_score, drop_intermediate=False)
    assert np.array_equal(f2, fpr) and np.array_equal(t2, tpr) and np.array_equal(th2, thr)


# ------------------------------------------------------------------ chapter 06
GRADES = np.array([3, 2, 3, 0, 1, 2, 0, 1])


def test_06_a_non_ideal_list_can_have_ndcg_at_k_equal_to_1():
    """The corrected claim: 'a list that is not ideal keeps NDCG below 1 at every k' is false."""
    order = [0, 2] + [i for i in np.argsort(GRADES, kind="stable") if i not in (0, 2)]
    rel = GRADES[order]
    assert rel.tolist() == [3, 3, 0, 0, 1, 1, 2, 2]
    for gain in ("exponential", "linear"):
        assert lm.ranking.ranked_list_state(rel, k=2, gain=gain).ndcg == pytest.approx(1.0)
        assert lm.ndcg_score([GRADES], [lm.ranking.scores_from_ranking(order)], k=2, gain=gain) == pytest.approx(1.0)
    assert lm.ranking.ranked_list_state(rel, k=8).ndcg_exponential == pytest.approx(0.9434, abs=5e-5)
    assert lm.ranking.ranked_list_state(rel, k=8).ndcg_linear == pytest.approx(0.9248, abs=5e-5)


def test_06_full_length_ndcg_is_1_exactly_for_decreasing_grades():
    """What the chapter now says: at the full length the curves meet only when the grades decrease."""
    grades = np.array([3, 2, 2, 1, 0])
    for perm in itertools.permutations(range(5)):
        rel = grades[list(perm)]
        decreasing = bool(np.all(np.diff(rel) <= 0))
        for gain in ("exponential", "linear"):
            ndcg = lm.ranking.ranked_list_state(rel, k=5, gain=gain).ndcg
            assert (ndcg == pytest.approx(1.0)) == decreasing


def test_06_idcg_must_be_cut_at_k():
    ideal = np.sort(GRADES)[::-1]
    s5 = lm.ranking.ranked_list_state(ideal, k=5)
    assert s5.dcg / s5.idcg == 1.0
    assert s5.dcg / lm.ranking.ranked_list_state(ideal, k=8).idcg == pytest.approx(0.9762, abs=5e-5)
    # and only when a relevant item lies beyond rank k: [3, 0, 0] cut at 1 scores 1 either way
    s1 = lm.ranking.ranked_list_state([3, 0, 0], k=1)
    assert s1.dcg / lm.ranking.ranked_list_state([3, 0, 0], k=3).idcg == 1.0


def test_06_scikit_learn_side_by_side():
    pytest.importorskip("sklearn")
    from sklearn.metrics import dcg_score, ndcg_score

    scores = np.array([0.62, 0.91, 0.35, 0.80, 0.18, 0.55, 0.70, 0.40])
    assert ndcg_score([GRADES], [scores], k=5) == pytest.approx(lm.ndcg_score([GRADES], [scores], k=5))
    assert lm.ndcg_score([GRADES], [scores], k=5) == pytest.approx(0.5694, abs=5e-5)
    assert ndcg_score([2 ** GRADES - 1], [scores], k=5) == pytest.approx(
        lm.ndcg_score([GRADES], [scores], k=5, gain="exponential"))
    assert lm.ndcg_score([GRADES], [scores], k=5, gain="exponential") == pytest.approx(0.4916, abs=5e-5)
    assert dcg_score([GRADES], [scores], k=5) == pytest.approx(lm.dcg_score([GRADES], [scores], k=5))


def test_06_pr_points_as_chapter_03_draws_them():
    """No point at recall 0, one point per cut, no line joining the cuts."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting import style
    from learnmetrics.plotting.ranking import plot_precision_at_hits

    ranked = ["a", "b", "c", "d", "e"]
    fig, ax = plt.subplots()
    out = plot_precision_at_hits(ax, ranked, {"a", "c", "d"})
    hits, misses = out["points"]
    xs = np.r_[hits.get_xdata(), misses.get_xdata()]
    assert len(xs) == len(ranked) and xs.min() > 0
    assert hits.get_linestyle() == misses.get_linestyle() == "None"
    assert hits.get_color() == style.POSITIVE and misses.get_color() == style.NEGATIVE
    assert out["ap"] == pytest.approx(lm.average_precision(ranked, {"a", "c", "d"}))
    plt.close(fig)


def test_06_reserved_colours_only_for_their_meaning():
    """Orange is the cut, blue and vermillion are +/-: the ranking pictures use them for nothing else."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.colors as mc
    import matplotlib.pyplot as plt

    from learnmetrics.plotting import style
    from learnmetrics.plotting.ranking import plot_dcg_vs_idcg, plot_gains

    reserved = {mc.to_hex(style.POSITIVE), mc.to_hex(style.NEGATIVE)}
    fig, (a, b) = plt.subplots(1, 2)
    plot_gains(a, GRADES, k=5)
    plot_dcg_vs_idcg(b, GRADES, k=5)
    for ax in (a, b):
        for line in ax.get_lines():
            c = mc.to_hex(line.get_color())
            assert c not in reserved
            if c == mc.to_hex(style.CUT):
                assert line.get_xdata()[0] == line.get_xdata()[1] == 5.5      # the cut line at k only
        for patch in ax.patches:
            assert mc.to_hex(patch.get_facecolor()) not in reserved | {mc.to_hex(style.CUT)}
    plt.close(fig)
