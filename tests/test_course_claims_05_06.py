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



def test_05_cut_4_is_the_first_to_accept_a_bad_melon_and_is_never_best(melons):
    """Issue 23: "cut 5 is the first to accept a bad melon" was false: cut 4 takes in melon #15."""
    d, table, fpr, tpr, _ = melons
    order = np.argsort(-d.y_score, kind="stable")
    first_bad = int(np.argmax(d.y_true[order] == 0)) + 1
    assert first_bad == 4 and d.ids[order[3]] == 15
    # its segment keeps cut 3's right end and lifts its left end: above cut 3's for every x < 1
    assert fpr[4] > fpr[3] == 0 and tpr[4] == tpr[3]
    x = np.linspace(0, 1, 1001)[:-1]
    seg = lambda k: fpr[k] * (1 - x) + (1 - tpr[k]) * x   # noqa: E731
    assert np.all(seg(4) > seg(3))
    # in general: a cut whose last example is negative is never strictly the cheapest (random rankings)
    rng = np.random.default_rng(0)
    for _ in range(300):
        y = rng.integers(0, 2, 12)
        if y.min() == y.max():
            continue
        f, t, _ = lm.roc_curve(y, rng.random(12), drop_intermediate=False)
        for k in range(1, len(f)):
            if t[k] == t[k - 1]:                       # cut k added a negative
                assert np.all(f[k] * (1 - x) + (1 - t[k]) * x >= f[k - 1] * (1 - x) + (1 - t[k - 1]) * x)


def test_05_hull_vertices_versus_pieces(melons):
    """Issue 23: 5 hull vertices, 3 pieces (cuts 3, 8, 13): (0, 0) and (1, 1) own none."""
    d, table, fpr, tpr, _ = melons
    hf, ht = lm.roc_convex_hull(fpr, tpr)
    assert list(zip(hf.round(3), ht.round(3))) == [(0, 0), (0, 0.375), (0.222, 0.75), (0.556, 1), (1, 1)]
    env = lm.cost_curve_envelope(fpr, tpr)
    assert len(hf) == 5 and len(env.owners) == 3
    owners = {(fpr[k], tpr[k]) for k in env.owners}
    assert (0.0, 0.0) not in owners and (1.0, 1.0) not in owners


def test_05_hull_title_does_not_claim_one_piece_per_vertex(melons):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting.cost import plot_hull_and_envelope
    d, table, fpr, tpr, thr = melons
    fig, (a, b) = plt.subplots(1, 2)
    plot_hull_and_envelope(a, b, fpr, tpr, thresholds=thr, cut_sizes=table.tp + table.fp)
    assert "per hull vertex" not in b.get_title()
    plt.close(fig)


def test_05_a_rare_class_sits_in_the_middle_only_when_price_offsets_rarity():
    """Issue 23: x = 1/2 exactly when p*cost01 = (1-p)*cost10; p = 0.01 at 10:1 gives 0.0917."""
    assert lm.probability_cost(0.01, 99, 1) == pytest.approx(0.5)
    assert round(lm.probability_cost(0.01, 10, 1), 4) == 0.0917
    rng = np.random.default_rng(1)
    p, c01, c10 = rng.uniform(0.001, 0.999, 500), rng.uniform(0.1, 100, 500), rng.uniform(0.1, 100, 500)
    x = np.array([lm.probability_cost(a, b, c) for a, b, c in zip(p, c01, c10)])
    assert np.all((x > 0.5) == (p * c01 > (1 - p) * c10))


def test_05_the_theoretical_threshold_pays_one_more_false_alarm_for_melon_9(melons):
    """Issue 23: the cause shown, not 'calibration': one bad melon (#9, 0.251) scores in [1/5, 0.277)."""
    d, table, fpr, tpr, thr = melons
    s = lm.cost.cost_state(fpr, tpr, thr, table.n_pos / len(d.y_true), 4, 1, n_pos=table.n_pos, n_neg=table.n_neg)
    assert s.cut_name == "cut 13" and round(s.threshold, 3) == 0.277
    extra = np.flatnonzero((d.y_score >= 0.2) & (d.y_score < s.threshold))
    assert [d.ids[i] for i in extra] == [9] and d.y_true[extra[0]] == 0 and d.y_score[extra[0]] == 0.251


def test_05_exercise_1_answer_not_printed_before_the_question():
    """Issue 26: no stored output between 05.1's prompt and its solution shows the answer (cut 13)."""
    import json
    from pathlib import Path
    nb = json.loads((Path(__file__).parents[1] / "notebooks" / "05_cost_curves.ipynb").read_text())
    ids = [c.get("id") for c in nb["cells"]]
    start, end = ids.index("ex05x1q"), ids.index("ex05x1s")
    for c in nb["cells"][start:end]:
        for o in c.get("outputs", []):
            text = "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
            assert "cut 13" not in text and "10 : 1" not in text


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
            if c == mc.to_hex(style.CUT):   # the cut line: between ranks k and k + 1 in the list, at k on DCG@i
                assert line.get_xdata()[0] == line.get_xdata()[1] == (5.5 if ax is a else 5)
        for patch in ax.patches:
            assert mc.to_hex(patch.get_facecolor()) not in reserved | {mc.to_hex(style.CUT)}
    plt.close(fig)


def test_06_ndcg_of_a_query_with_no_relevant_item():
    """Issue 23: ndcg_score keeps scikit-learn's silent 0 (parity); the course's per-query function
    gives NaN with a warning. [[0,0,0],[1,0,2]] ranked as written: mean 0.3801, the judgeable query 0.7602."""
    import warnings

    y, s = [[0, 0, 0], [1, 0, 2]], [[3, 2, 1], [3, 2, 1]]
    assert round(lm.ndcg_score(y, s), 4) == 0.3801
    with pytest.warns(UserWarning, match="undefined for 1 of 2 queries"):
        v = lm.ndcg_per_query(y, s)
    assert np.isnan(v[0]) and round(v[1], 4) == 0.7602 == round(np.nanmean(v), 4)
    sk = pytest.importorskip("sklearn.metrics")
    assert lm.ndcg_score(y, s) == pytest.approx(sk.ndcg_score(y, s), abs=1e-12)
    # without such a query, no warning and every value in [0, 1]
    rng = np.random.default_rng(0)
    g = rng.integers(0, 4, (200, 6))
    g[g.sum(axis=1) == 0, 0] = 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        v = lm.ndcg_per_query(g, rng.random((200, 6)))
    assert np.all((v >= 0) & (v <= 1 + 1e-12))


def test_06_map_mrr_picture_numbers():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting.ranking import plot_map_mrr
    recommended = {"ann": ["m3", "m1", "m7", "m2"], "bob": ["m5", "m2", "m9", "m4"], "cai": ["m8", "m6", "m1", "m3"]}
    liked = {"ann": {"m1", "m2"}, "bob": {"m5"}, "cai": {"m3", "m4"}}
    fig, ax = plt.subplots()
    m_ap, m_rr = plot_map_mrr(ax, recommended, liked)
    plt.close(fig)
    assert round(m_ap, 4) == 0.5417 and round(m_rr, 4) == 0.5833          # (1/2 + 1 + 1/8) / 3, (1/2 + 1 + 1/4) / 3


def test_05_06_figures_have_no_clipped_current_point_and_no_legend_over_data(melons):
    """Issue 24's checks (style.figure_faults) on every drawing helper of chapters 05 and 06."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting import cost as lmc
    from learnmetrics.plotting import ranking as rp
    from learnmetrics.plotting import style
    d, table, fpr, tpr, thr = melons
    sizes = table.tp + table.fp
    figs = []
    fig, ax = plt.subplots(figsize=(5.6, 5.2))
    lmc.plot_cost_curve(ax, fpr, tpr)
    figs.append(fig)
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.9))
    lmc.plot_hull_and_envelope(a, b, fpr, tpr, thresholds=thr, cut_sizes=sizes)
    figs.append(fig)
    p = table.n_pos / len(d.y_true)
    states = [lm.cost.cost_state(fpr, tpr, thr, pp, c1, c2, n_pos=table.n_pos, n_neg=table.n_neg)
              for pp, c1, c2 in [(p, 1, 1), (p, 4, 1), (p, 1, 4), (0.2, 4, 1)]]
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 5.6))
    lmc.plot_cost_scenarios(a, b, fpr, tpr, states, list("abcd"))
    figs.append(fig)
    fig, axes = plt.subplots(4, 3, figsize=(10, 13.6))
    lmc.plot_cost_curve_steps(axes, fpr, tpr, steps=[0, 1, 3, 4, 8, 17], cut_sizes=sizes)
    figs.append(fig)
    for order in (GRADES, np.sort(GRADES), np.sort(GRADES)[::-1]):      # the model's, the worst, the ideal
        fig, ax = plt.subplots(figsize=(5.5, 3.4))
        rp.plot_dcg_vs_idcg(ax, order, k=5)
        figs.append(fig)
    for fig in figs:
        assert not style.figure_faults(fig), style.figure_faults(fig)
        plt.close(fig)


def test_05_cost_explorer_frames_have_no_faults_at_the_ends(melons):
    pytest.importorskip("ipywidgets")
    from learnmetrics.plotting import style
    from learnmetrics.widgets.cost import CostCurveExplorer
    d, *_ = melons
    ex = CostCurveExplorer(d.y_true, d.y_score)
    for r in (1 / 100, 1.0, 100.0):                                    # x near 0, the middle, x near 1
        ex.ratio_slider.value = r
        ex.draw(ex.state)
        assert not style.figure_faults(ex.fig), style.figure_faults(ex.fig)


def test_06_ranking_explorer_frames_have_no_faults():
    """Issue 24: the 'worst order' legend hid DCG@5; the cut line (at k) stays clear of the legend."""
    pytest.importorskip("ipywidgets")
    from learnmetrics.plotting import style
    from learnmetrics.widgets.ranking import RankedListExplorer
    docs = [f"d{i}" for i in range(1, 9)]
    ex = RankedListExplorer(docs, GRADES, scores=np.array([0.62, 0.91, 0.35, 0.80, 0.18, 0.55, 0.70, 0.40]), k=3)
    for order in ("model", "worst", "ideal"):
        if order == "worst":
            ex.reset_worst()
        elif order == "ideal":
            ex.reset_ideal()
        for k in (1, 5, 8):
            ex.k_slider.value = k
            ex.draw(ex.state)
            assert not style.figure_faults(ex.fig), (order, k, style.figure_faults(ex.fig))


# ------------------------------------------------------------------ the fresh reader's pass (issues 23, 24)
def test_05_dearer_misses_move_the_best_cut_down_or_leave_it_never_up():
    """Section 6: 'expensive misses move the cut down the ranking' is monotone but weak: down or unchanged."""
    rng = np.random.default_rng(5)
    stayed = 0
    for _ in range(200):
        y = rng.integers(0, 2, 15)
        if y.min() == y.max():
            continue
        fpr, tpr, thr = lm.roc_curve(y, rng.random(15), drop_intermediate=False)
        cuts = [lm.best_cut(fpr, tpr, thr, p=0.5, cost01=r, cost10=1.0).index
                for r in np.exp(np.sort(rng.uniform(-4, 4, 40)))]        # x = r / (r + 1) rises with r
        assert np.all(np.diff(cuts) >= 0)                                 # more examples predicted positive, never fewer
        stayed += int(np.sum(np.diff(cuts) == 0))
    assert stayed > 0                                                     # "or leave it where it is" does happen


def test_05_a_good_newest_melon_can_but_need_not_own_a_piece(melons):
    """Cut 5 takes in a good melon (#3) and owns no piece; the owners are cuts 3, 8 and 13 only."""
    d, table, fpr, tpr, _ = melons
    order = np.argsort(-d.y_score, kind="stable")
    assert d.y_true[order[4]] == 1 and d.ids[order[4]] == 3
    owners = lm.cost_curve_envelope(fpr, tpr).owners
    assert sorted((table.tp + table.fp)[owners].tolist()) == [3, 8, 13]
    for k in owners:                                                      # each owner's newest melon is good
        assert d.y_true[order[int(k) - 1]] == 1


def test_05_probability_cost_equals_p_at_the_ends_whatever_the_costs():
    """Common mistakes: 'P(+)cost equals p only when the costs are equal' needs 0 < p < 1."""
    for c01, c10 in [(4, 1), (1, 9), (20, 3)]:
        assert lm.probability_cost(0.0, c01, c10) == 0.0 and lm.probability_cost(1.0, c01, c10) == 1.0
        p = np.linspace(0.01, 0.99, 99)
        assert np.all(np.abs(lm.probability_cost(p, c01, c10) - p) > 0)


def test_05_probability_cost_figure_has_no_legend_over_its_curves():
    """The p -> P(+)cost figure's legend covered the 1:4 curve and its note the 1:1 line (reader's pass)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting import cost as lmc
    from learnmetrics.plotting import style
    fig, ax = plt.subplots(figsize=(7.2, 4.2))
    worked = lmc.plot_probability_cost(ax, [(1, 4), (1, 1), (4, 1), (20, 1)], worked=(0.2, 4, 1))
    assert worked == pytest.approx(0.5) and not style.figure_faults(fig)
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    note = [t for t in ax.texts if "0.50" in t.get_text()][0].get_bbox_patch().get_window_extent(r)   # the box, not the arrow
    p = np.linspace(0, 1, 401)
    for c01, c10 in [(1, 4), (1, 1), (4, 1), (20, 1)]:                     # the note's box crosses no curve
        pts = ax.transData.transform(np.column_stack([p, lm.probability_cost(p, c01, c10)]))
        inside = (pts[:, 0] > note.x0) & (pts[:, 0] < note.x1) & (pts[:, 1] > note.y0) & (pts[:, 1] < note.y1)
        assert not inside.any(), (c01, c10)
    plt.close(fig)


def test_06_ap_columns_key_sits_outside_the_axes():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting.ranking import plot_precision_at_hits
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    plot_precision_at_hits(ax, list("abcdefghij"), {"a", "b", "d", "e", "h"})
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    assert ax.get_legend().get_window_extent(r).y1 <= ax.get_window_extent(r).y0
    plt.close(fig)


def test_06_a_missing_liked_film_counts_in_R():
    """The MAP figure's text: a liked film missing from the list adds 0 to the sum but still counts in |R| (cai)."""
    assert lm.average_precision(["m8", "m6", "m1", "m3"], {"m3", "m4"}) == pytest.approx((1 / 4) / 2)


def test_06_ap_is_the_area_under_the_steps_not_under_chapter_03s_curve():
    """Section 3's title said 'the area under the list's P-R curve'; chapter 03's curve rises along
    P = TP / (TP + FP) (FP fixed) where a relevant item enters, below AP's column: its area is smaller
    whenever a relevant item follows an irrelevant one (ten samples: 0.8177 against AP 0.8350)."""
    def curve_area(labels):
        n_pos, tp, fp, area = sum(labels), 0, 0, 0.0
        for y in labels:
            if y:          # integral of t / (t + fp) over t in [tp, tp + 1], in recall units
                area += (1.0 - (fp * np.log((tp + 1 + fp) / (tp + fp)) if fp else 0.0)) / n_pos
                tp += 1
            else:
                fp += 1
        return area

    ten = [1, 1, 0, 1, 1, 0, 0, 1, 0, 0]
    ap = lm.average_precision(list(range(10)), {i for i, y in enumerate(ten) if y})
    assert round(ap, 4) == 0.835 and round(curve_area(ten), 4) == 0.8177
    rng = np.random.default_rng(2)
    for _ in range(300):
        y = rng.integers(0, 2, 9).tolist()
        if sum(y) == 0:
            continue
        a = lm.average_precision(list(range(9)), {i for i, v in enumerate(y) if v})
        first_neg = y.index(0) if 0 in y else 9
        rise_after_negative = any(y[first_neg:])
        assert curve_area(y) < a - 1e-12 if rise_after_negative else curve_area(y) == pytest.approx(a)


def test_05_only_owners_are_best_on_a_range_others_tie_at_single_points(melons):
    """'Only the owners are ever best' was too strong: at x = 0 cuts 0-3 all cost FPR = 0 (and at x = 1 cuts 13-17)."""
    d, table, fpr, tpr, _ = melons
    sizes = table.tp + table.fp
    cost = lambda x: fpr * (1 - x) + (1 - tpr) * x           # noqa: E731
    assert sorted(sizes[np.flatnonzero(cost(0.0) == cost(0.0).min())].tolist()) == [0, 1, 2, 3]
    assert sorted(sizes[np.flatnonzero(np.isclose(cost(1.0), cost(1.0).min()))].tolist()) == [13, 14, 15, 16, 17]
    best_inside = {int(sizes[np.argmin(cost(x))]) for x in np.linspace(0.001, 0.999, 999)}
    assert best_inside == {3, 8, 13}


# -- second adversarial reading of 05 (issue 23) ------------------------------------------


def test_05_only_a_constant_score_gets_one_quarter_random_rankings_of_17_melons_get_less(melons):
    """05 section 5: '1/4 for a learner that cannot rank' was misleading: a constant score (only the
    two trivial cuts) gets 1/4, but 2,000 random rankings of the 17 melons average 0.2120 and
    93.6% of them come out below 1/4 by luck; none above (the trivial cuts are always there)."""
    d, *_ = melons
    y = d.y_true
    assert lm.expected_total_cost(*lm.roc_curve(y, np.zeros(len(y)))[:2]) == pytest.approx(0.25)
    rng = np.random.default_rng(0)
    shuffled = np.array([lm.expected_total_cost(*lm.roc_curve(y, rng.permutation(len(y)))[:2]) for _ in range(2000)])
    assert f"{shuffled.mean():.4f}" == "0.2120" and f"{np.mean(shuffled < 0.25):.1%}" == "93.6%"
    assert shuffled.max() <= 0.25 + 1e-12


def test_06_explorer_try_swaps_that_can_cost_something():
    """Reader 0607: the explorer's 'how much NDCG@3 do you lose by swapping the first two documents of the
    ideal list? And the 7th and 8th?' has the answer 0 for both (equal grades 3, 3 and 0, 0), so the intended
    contrast (a swap at the top costs, one below k does not) never showed. The swaps asked now: the 2nd and
    3rd (grades 3 and 2) cost NDCG@3 1 -> 0.9595; the 6th and 7th (grades 1 and 0), below k = 3, cost nothing."""
    ideal = np.array([3, 3, 2, 2, 1, 1, 0, 0])

    def swapped(i, j):
        g = ideal.copy()
        g[[i, j]] = g[[j, i]]
        return lm.ranking.ranked_list_state(g, k=3).ndcg_exponential

    assert swapped(0, 1) == swapped(6, 7) == 1.0                   # the old question: nothing to lose
    assert round(swapped(1, 2), 4) == 0.9595 and swapped(5, 6) == 1.0


def test_05_no_ranking_has_a_cost_curve_area_above_one_quarter():
    """05 §4 and box: the two trivial cuts are always among a ranking's lines, so the area is at most
    1/4; of the notebook's 2000 random rankings of the melons 93.6 % are below, the rest exactly at it."""
    rng = np.random.default_rng(1)
    for _ in range(300):
        y = np.r_[0, 1, rng.integers(0, 2, rng.integers(0, 15))]
        s = np.round(rng.random(len(y)), 1)                       # ties too
        assert lm.expected_total_cost(*lm.roc_curve(y, s)[:2]) <= 0.25 + 1e-12
    y = watermelon_scores().y_true
    rng = np.random.default_rng(0)                                 # the notebook's seed and order
    shuffled = np.array([lm.expected_total_cost(*lm.roc_curve(y, rng.permutation(len(y)))[:2]) for _ in range(2000)])
    assert f"{np.mean(shuffled < 0.25):.1%}" == "93.6%"
    assert shuffled.max() == 0.25 and np.all((shuffled < 0.25) | (shuffled == 0.25))
