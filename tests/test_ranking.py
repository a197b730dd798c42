"""Ranking metrics: hand-computed examples, the state function, the explorer, bad input."""
from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pytest

from learnmetrics._validation import UndefinedMetricWarning
from learnmetrics.ranking import (
    average_precision,
    cumulative_gain,
    dcg_per_query,
    dcg_score,
    mean_average_precision,
    mean_reciprocal_rank,
    ndcg_per_query,
    ndcg_score,
    precision_at_k,
    ranked_list_state,
    recall_at_k,
    reciprocal_rank,
    scores_from_ranking,
)

LOG2_3 = math.log2(3)


# ---------------------------------------------------------------- binary relevance, by hand
RANKED = ["d1", "d2", "d3", "d4", "d5", "d6"]
RELEVANT = {"d1", "d3", "d6", "d9"}  # d9 is relevant but was not retrieved


def test_precision_and_recall_at_k_by_hand():
    assert precision_at_k(RANKED, RELEVANT, 1) == 1.0
    assert precision_at_k(RANKED, RELEVANT, 3) == pytest.approx(2 / 3)
    assert precision_at_k(RANKED, RELEVANT, 6) == pytest.approx(3 / 6)
    # beyond the end of the list the missing ranks count as non-relevant (denominator k)
    assert precision_at_k(RANKED, RELEVANT, 10) == pytest.approx(3 / 10)
    assert recall_at_k(RANKED, RELEVANT, 3) == pytest.approx(2 / 4)
    assert recall_at_k(RANKED, RELEVANT, 6) == pytest.approx(3 / 4)


def test_average_precision_by_hand():
    # hits at ranks 1, 3, 6: precisions 1/1, 2/3, 3/6; |R| = 4 (d9 never retrieved)
    assert average_precision(RANKED, RELEVANT) == pytest.approx((1 + 2 / 3 + 3 / 6) / 4)
    # all relevant retrieved first: AP = 1
    assert average_precision(["a", "b", "c"], ["a", "b"]) == 1.0
    # relevant items at the bottom of 10 results (note 003's "from the 6th result on")
    top = average_precision(list(range(10)), set(range(5)))
    bottom = average_precision(list(range(10)), set(range(5, 10)))
    assert top == 1.0
    assert bottom == pytest.approx(np.mean([1 / 6, 2 / 7, 3 / 8, 4 / 9, 5 / 10]))
    assert precision_at_k(list(range(10)), set(range(5)), 10) == precision_at_k(list(range(10)), set(range(5, 10)), 10)


def _note003_ap(ranked_list, ground_truth):
    """The AP code of note 003, as written there."""
    hits = 0
    sum_precs = 0
    for n in range(len(ranked_list)):
        if ranked_list[n] in ground_truth:
            hits += 1
            sum_precs += hits / (n + 1.0)
    if hits > 0:
        return sum_precs / len(ground_truth)
    return 0


def _note003_formula(ranked_list, ground_truth):
    """Note 003's formula: mean over relevant i of (#relevant ranked above i + 1) / p_ui, 0 if not ranked."""
    pos = {item: p for p, item in enumerate(ranked_list, start=1)}
    total = 0.0
    for i in ground_truth:
        if i in pos:
            above = sum(1 for j in ground_truth if j in pos and pos[j] < pos[i])
            total += (above + 1) / pos[i]
    return total / len(ground_truth)


def test_average_precision_matches_note_003_code_and_formula():
    rng = np.random.default_rng(3)
    for _ in range(200):
        n = int(rng.integers(1, 15))
        ranked = list(rng.permutation(20)[:n])
        relevant = set(rng.choice(20, size=int(rng.integers(1, 8)), replace=False).tolist())
        ours = average_precision(ranked, relevant)
        assert ours == pytest.approx(_note003_ap(ranked, relevant))
        assert ours == pytest.approx(_note003_formula(ranked, relevant))


def test_reciprocal_rank_by_hand():
    assert reciprocal_rank(RANKED, RELEVANT) == 1.0
    assert reciprocal_rank(RANKED, {"d3"}) == pytest.approx(1 / 3)
    assert reciprocal_rank(RANKED, {"zzz"}) == 0.0


def test_map_and_mrr_lists_and_dicts():
    lists = [["a", "b", "c"], ["x", "y", "z"], ["p", "q"]]
    rels = [{"a", "c"}, {"z"}, {"q", "r"}]
    aps = [(1 + 2 / 3) / 2, 1 / 3, (1 / 2) / 2]
    assert mean_average_precision(lists, rels) == pytest.approx(np.mean(aps))
    assert mean_reciprocal_rank(lists, rels) == pytest.approx(np.mean([1, 1 / 3, 1 / 2]))
    users = {"u1": lists[0], "u2": lists[1], "u3": lists[2]}
    truth = {"u3": rels[2], "u1": rels[0], "u2": rels[1]}  # key order does not matter
    assert mean_average_precision(users, truth) == pytest.approx(np.mean(aps))


def test_map_skips_queries_without_relevant_items_with_a_warning():
    with pytest.warns(UndefinedMetricWarning, match="1 of 3 queries"):
        value = mean_average_precision([["a"], ["b", "a"], ["c"]], [{"a"}, {"a"}, set()])
    assert value == pytest.approx((1 + 0.5) / 2)
    with pytest.warns(UndefinedMetricWarning, match="no query"):
        assert math.isnan(mean_reciprocal_rank([["a"]], [[]]))


@pytest.mark.parametrize("fn", [average_precision, reciprocal_rank])
def test_empty_relevant_set_is_nan_with_warning(fn):
    with pytest.warns(UndefinedMetricWarning, match="relevant is empty"):
        assert math.isnan(fn(["a", "b"], set()))
    with pytest.warns(UndefinedMetricWarning):
        assert math.isnan(recall_at_k(["a", "b"], [], 1))


# ---------------------------------------------------------------- graded relevance, by hand
def test_dcg_linear_and_exponential_pinned_by_hand():
    y_true = [[3, 2, 0, 1]]
    y_score = [[0.9, 0.5, 0.1, 0.7]]  # ranked: 3, 1, 2, 0
    disc = [1, 1 / LOG2_3, 1 / 2, 1 / math.log2(5)]
    lin = 3 * disc[0] + 1 * disc[1] + 2 * disc[2] + 0
    exp = 7 * disc[0] + 1 * disc[1] + 3 * disc[2] + 0
    assert dcg_score(y_true, y_score) == pytest.approx(lin, abs=1e-12)
    assert dcg_score(y_true, y_score, gain="exponential") == pytest.approx(exp, abs=1e-12)
    assert exp == pytest.approx(7 + 1 / LOG2_3 + 1.5)
    # ideal: 3, 2, 1, 0
    ideal_lin = 3 + 2 / LOG2_3 + 1 / 2
    ideal_exp = 7 + 3 / LOG2_3 + 1 / 2
    assert ndcg_score(y_true, y_score) == pytest.approx(lin / ideal_lin, abs=1e-12)
    assert ndcg_score(y_true, y_score, gain="exponential") == pytest.approx(exp / ideal_exp, abs=1e-12)
    # @k=2: DCG@2 / IDCG@2 (the ideal list cut at the same k)
    assert ndcg_score(y_true, y_score, k=2, gain="exponential") == pytest.approx(
        (7 + 1 / LOG2_3) / (7 + 3 / LOG2_3), abs=1e-12)
    assert cumulative_gain(y_true, y_score, k=2) == 4.0
    assert cumulative_gain(y_true, y_score, k=2, gain="exponential") == 8.0
    assert cumulative_gain(y_true, y_score) == 6.0


def test_exponential_gain_is_linear_gain_of_2_pow_rel_minus_1():
    rng = np.random.default_rng(5)
    for _ in range(50):
        y = rng.integers(0, 5, (4, 7)).astype(float)
        s = rng.integers(0, 3, (4, 7)).astype(float)
        k = int(rng.integers(1, 8))
        assert ndcg_score(y, s, k=k, gain="exponential") == pytest.approx(ndcg_score(2 ** y - 1, s, k=k), abs=1e-12)
        assert dcg_score(y, s, gain="exponential") == pytest.approx(dcg_score(2 ** y - 1, s), abs=1e-12)


def test_ties_are_averaged_like_scikit_learn_docs():
    y_true = [[10, 0, 0, 1, 5]]
    assert dcg_score(y_true, [[1, 0, 0, 0, 1]], k=1) == 7.5
    assert dcg_score(y_true, [[1, 0, 0, 0, 1]], k=1, ignore_ties=True) == 5.0
    assert ndcg_score(y_true, [[1, 0, 0, 0, 1]], k=1) == 0.75


def _brute_force_tie_average(gains, scores, discount):
    """Mean DCG over every order that sorts the scores decreasingly (ties in any order)."""
    order = np.argsort(-scores, kind="stable")
    groups = [list(g) for _, g in itertools.groupby(order, key=lambda i: scores[i])]
    values = []
    for perms in itertools.product(*(itertools.permutations(g) for g in groups)):
        ranked = [i for p in perms for i in p]
        values.append(float(np.dot(gains[ranked], discount)))
    return np.mean(values)


@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_tie_average_equals_mean_over_all_tie_breakings(gain):
    rng = np.random.default_rng(11)
    for _ in range(40):
        m = int(rng.integers(2, 7))
        y = rng.integers(0, 4, (3, m)).astype(float)
        s = rng.integers(0, 3, (3, m)).astype(float)
        k = int(rng.integers(1, m + 1))
        got = dcg_per_query(y, s, k=k, gain=gain)
        disc = 1 / np.log2(np.arange(m) + 2)
        disc[k:] = 0
        g = 2 ** y - 1 if gain == "exponential" else y
        want = [_brute_force_tie_average(g[i], s[i], disc) for i in range(3)]
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


def test_all_zero_relevance_row_scores_zero_and_per_query_values():
    # ndcg_score keeps scikit-learn's 0 for a query with no relevant item; the course's own
    # per-query function follows the chapter's rule: NaN (0/0) with a warning (issue 23)
    y = [[0, 0, 0], [3, 2, 0]]
    s = [[0.1, 0.2, 0.3], [0.9, 0.5, 0.1]]
    with pytest.warns(UndefinedMetricWarning, match="1 of 2 queries"):
        np.testing.assert_allclose(ndcg_per_query(y, s), [np.nan, 1.0])
    assert ndcg_score(y, s) == 0.5
    assert ndcg_score(y, s, sample_weight=[1, 3]) == 0.75
    np.testing.assert_allclose(dcg_per_query(y, s), [0.0, 3 + 2 / LOG2_3])


def test_ndcg_at_k_uses_ideal_cut_at_k_not_the_whole_list():
    # note 003 writes NDCG@k = DCG@k / IDCG: with IDCG of the whole list a perfect top-k would score < 1
    y = [[3, 2, 1, 1, 1]]
    assert ndcg_score(y, y, k=2) == pytest.approx(1.0)


# ---------------------------------------------------------------- the state function
def test_ranked_list_state_by_hand():
    s = ranked_list_state([3, 2, 3, 0, 1, 2], k=3, items=list("ABCDEF"))
    np.testing.assert_allclose(s.gains_exponential, [7, 3, 7, 0, 1, 3])
    np.testing.assert_allclose(s.gains_linear, [3, 2, 3, 0, 1, 2])
    np.testing.assert_allclose(s.discounts, 1 / np.log2(np.arange(2, 8)))
    assert s.dcg_exponential == pytest.approx(7 + 3 / LOG2_3 + 7 / 2)
    assert s.idcg_exponential == pytest.approx(7 + 7 / LOG2_3 + 3 / 2)
    assert s.ndcg_exponential == pytest.approx(s.dcg_exponential / s.idcg_exponential)
    assert s.dcg_linear == pytest.approx(3 + 2 / LOG2_3 + 3 / 2)
    assert s.idcg_linear == pytest.approx(3 + 3 / LOG2_3 + 2 / 2)
    assert s.cumulative_gain == 8
    assert s.n_relevant == 5
    assert s.precision_at_k == 1.0
    assert s.recall_at_k == pytest.approx(3 / 5)
    assert s.average_precision == pytest.approx((1 + 1 + 1 + 4 / 5 + 5 / 6) / 5)
    assert s.reciprocal_rank == 1.0
    assert s.dcg == s.dcg_exponential and s.gain == "exponential"
    assert s.dcg_curve[2] == pytest.approx(s.dcg)
    assert s.idcg_curve[2] == pytest.approx(s.idcg)
    text = str(s)
    assert "NDCG@3" in text and "AP (whole list)" in text and "*   1  A" in text


def test_ranked_list_state_agrees_with_matrix_functions():
    rng = np.random.default_rng(2)
    for _ in range(30):
        rel = rng.integers(0, 4, 8).astype(float)
        k = int(rng.integers(1, 9))
        s = ranked_list_state(rel, k)
        scores = -np.arange(8.0)[None, :]  # shown order = rank order, no ties
        for g in ("linear", "exponential"):
            assert getattr(s, f"ndcg_{g}") == pytest.approx(ndcg_score([rel], scores, k=k, gain=g), abs=1e-12)
            assert getattr(s, f"dcg_{g}") == pytest.approx(dcg_score([rel], scores, k=k, gain=g), abs=1e-12)
        hits = [i for i in range(8) if rel[i] >= 1]
        if hits:
            assert s.average_precision == pytest.approx(average_precision(list(range(8)), hits))
            assert s.precision_at_k == pytest.approx(precision_at_k(list(range(8)), hits, k))


def test_ranked_list_state_without_relevant_items():
    s = ranked_list_state([0, 0, 0], k=2)
    assert math.isnan(s.average_precision) and math.isnan(s.recall_at_k)
    assert math.isnan(s.ndcg_linear) and math.isnan(s.ndcg_exponential) and s.precision_at_k == 0.0   # 0/0
    assert "NDCG@2 = undefined" in str(s)
    assert "undefined" in str(s)


@pytest.mark.parametrize(
    "args, kwargs, exc, match",
    [
        (([1, -1, 0], 2), {}, ValueError, "non-negative"),
        (([1, 2, 0], 0), {}, ValueError, "k must be between 1 and 3"),
        (([1, 2, 0], 4), {}, ValueError, "k must be between 1 and 3"),
        (([1, 2, 0], 2.5), {}, TypeError, "k must be an integer"),
        (([], 1), {}, ValueError, "empty"),
        (([1, 2], 1), {"items": ["a"]}, ValueError, "items has 1"),
        (([1, 2], 1), {"relevant_threshold": 0}, ValueError, "relevant_threshold"),
        (([1, 2], 1), {"gain": "log"}, ValueError, "gain must be one of"),
    ],
)
def test_ranked_list_state_bad_input(args, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        ranked_list_state(*args, **kwargs)


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "call, exc, match",
    [
        (lambda: precision_at_k(["a", "b", "a"], {"a"}, 1), ValueError, "ranked lists item 'a' twice"),
        (lambda: average_precision([], {"a"}), ValueError, "ranked is empty"),
        (lambda: average_precision({"a", "b"}, {"a"}), TypeError, "ranked must be an ordered"),
        (lambda: average_precision(["a"], None), TypeError, "relevant must be"),
        (lambda: average_precision(["a"], "a"), TypeError, "relevant must be"),
        (lambda: precision_at_k(["a"], {"a"}, 0), ValueError, "k must be >= 1"),
        (lambda: recall_at_k(["a"], {"a"}, 1.5), TypeError, "k must be an integer"),
        (lambda: mean_average_precision([["a"]], [{"a"}, {"b"}]), ValueError, "ranked_lists has 1 lists but relevant_sets has 2"),
        (lambda: mean_average_precision([], []), ValueError, "ranked_lists is empty"),
        (lambda: mean_average_precision({"u": ["a"]}, {"v": ["a"]}), ValueError, "no entry for 'u'"),
        (lambda: mean_average_precision({"u": ["a"]}, [["a"]]), TypeError, "both be dicts"),
        (lambda: mean_average_precision([["a", "a"]], [["a"]]), ValueError, "entry 0: ranked lists item"),
        (lambda: ndcg_score([1, 2, 3], [3, 2, 1]), ValueError, "y_true must be 2-D.*single ranked list"),
        (lambda: ndcg_score([[1, 2, 3]], [[3, 2]]), ValueError, r"y_true has shape \(1, 3\) but y_score has shape \(1, 2\)"),
        (lambda: ndcg_score([[1], [2]], [[1], [2]]), ValueError, "at least 2 items"),
        (lambda: ndcg_score([[1, -2, 3]], [[3, 2, 1]]), ValueError, "non-negative relevance"),
        (lambda: dcg_score([[1, -2, 3]], [[3, 2, 1]], gain="exponential"), ValueError, "non-negative relevance"),
        (lambda: ndcg_score([[1, 2, 3]], [[3, np.nan, 1]]), ValueError, "y_score must not contain NaN"),
        (lambda: ndcg_score([[1, 2, 3]], [[3, 2, 1]], k=0), ValueError, "k must be >= 1"),
        (lambda: ndcg_score([[1, 2, 3]], [[3, 2, 1]], gain="exp"), ValueError, "gain must be one of"),
        (lambda: ndcg_score([[1, 2, 3]], [[3, 2, 1]], ignore_ties="no"), TypeError, "ignore_ties must be True or False"),
        (lambda: dcg_score([[1, 2, 3]], [[3, 2, 1]], log_base=1), ValueError, "log_base must be a positive number other than 1"),
        (lambda: dcg_score([[1, 2, 3]], [[3, 2, 1]], log_base=-2), ValueError, "log_base"),
        (lambda: ndcg_score([[1, 2], [2, 1]], [[3, 2], [1, 1]], sample_weight=[1]), ValueError, "sample_weight has 1 weights"),
        (lambda: ndcg_score([[1, 2], [2, 1]], [[3, 2], [1, 1]], sample_weight=[0, 0]), ValueError, "sums to zero"),
        (lambda: ndcg_score(np.zeros((0, 3)), np.zeros((0, 3))), ValueError, "no rows"),
        (lambda: ndcg_score([["a", "b"]], [[1, 2]]), TypeError, "y_true must hold numbers"),
        (lambda: ndcg_score(None, [[1, 2]]), TypeError, "y_true must be array-like"),
        (lambda: ndcg_score([[1, 2], [1]], [[1, 2], [1]]), ValueError, "y_true"),
        (lambda: ndcg_score([[1, 2000]], [[1, 2]], gain="exponential"), ValueError, "too large for gain='exponential'"),
        (lambda: ranked_list_state([1, 5000], 1), ValueError, "too large"),
    ],
)
def test_bad_input_names_the_argument(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_dcg_accepts_negative_linear_gains_like_scikit_learn():
    assert dcg_score([[1, -2, 3]], [[3, 2, 1]]) == pytest.approx(1 - 2 / LOG2_3 + 3 / 2)


# ---------------------------------------------------------------- plotting and the explorer
def test_plotting_functions_draw():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting.ranking import plot_dcg_vs_idcg, plot_discount, plot_gains, plot_precision_at_hits

    fig, axes = plt.subplots(1, 4)
    out = plot_discount(axes[0], 8, k=3)
    assert len(out["bars"]) == 8
    bars = plot_gains(axes[1], [3, 0, 2, 1], k=2, items=list("ABCD"))
    assert bars.full[0].get_height() == 7
    curves = plot_dcg_vs_idcg(axes[2], [3, 0, 2, 1], k=2, gain="linear")
    assert curves.ideal.get_ydata()[0] == 3
    res = plot_precision_at_hits(axes[3], RANKED, RELEVANT)
    assert res["ap"] == pytest.approx(average_precision(RANKED, RELEVANT))
    assert len(res["columns"]) == 3
    plt.close(fig)


ITEMS = ["A", "B", "C", "D", "E", "F"]
REL = [3, 2, 0, 1, 0, 2]
SCORES = [0.2, 0.9, 0.8, 0.5, 0.1, 0.4]  # model order: B C D F A E


@pytest.fixture
def explorer():
    from learnmetrics.widgets.ranking import RankedListExplorer

    return RankedListExplorer(ITEMS, REL, scores=SCORES, k=3, seed=0)


def test_explorer_driven_from_code(explorer):
    ex = explorer
    assert ex.order == ("B", "C", "D", "F", "A", "E")
    assert ex.state.items == ex.order and ex.state.k == 3
    rel = [2, 0, 1, 2, 3, 0]
    assert ex.state.ndcg == pytest.approx(ranked_list_state(rel, 3).ndcg_exponential)
    ex.k_slider.value = 5
    assert ex.state.k == 5
    ex.move("A", -1)
    assert ex.order == ("B", "C", "D", "A", "F", "E")
    ex.move("A", -10)  # stops at rank 1
    assert ex.order[0] == "A"
    ex.move("E", +1)  # already last
    assert ex.order[-1] == "E"
    ex.reset_ideal()
    assert ex.state.ndcg_exponential == pytest.approx(1.0) and ex.state.ndcg_linear == pytest.approx(1.0)
    ex.reset_worst()
    assert ex.order[0] in ("C", "E")
    ex.gain_toggle.value = "linear"
    assert ex.state.gain == "linear" and ex.state.dcg == ex.state.dcg_linear
    ex.set_order(list("FEDCBA"))
    assert ex.state.items == tuple("FEDCBA")
    assert ex.select.value in ITEMS and ex.select.options[0][1] == "F"
    assert ex.last_update_ms < 2000


def test_explorer_cache_is_keyed_by_the_order(explorer):
    ex = explorer
    png_model = ex.image.value
    ex.reset_ideal()
    assert ex.image.value != png_model  # same k and gain, different order: a new frame
    ex.reset_model()
    assert ex.image.value == png_model  # back to a cached frame
    assert len(ex._frames) == 2
    assert ex.key() == (ex.model_order, 3, "exponential")


def test_explorer_shuffle_is_seeded_and_buttons_work(explorer):
    from learnmetrics.widgets.ranking import RankedListExplorer

    other = RankedListExplorer(ITEMS, REL, scores=SCORES, k=3, seed=0)
    explorer.shuffle()
    other.buttons["shuffle"].click()
    assert explorer.order == other.order
    assert sorted(explorer.order) == ITEMS
    other.select.value = "A"
    other.buttons["up"].click()
    assert other.order.index("A") == explorer.order.index("A") - 1 or explorer.order.index("A") == 0
    other.buttons["ideal"].click()
    assert other.order == other.ideal_order


def test_explorer_filmstrip_and_bad_input(explorer):
    fig = explorer.filmstrip([(explorer.ideal_order, 3, "exponential"), (explorer.worst_order, 3, "linear")], ncols=2)
    assert len(fig.axes) == 2
    from learnmetrics.widgets.ranking import RankedListExplorer

    with pytest.raises(ValueError, match="exactly once"):
        explorer.set_order(["A", "B"])
    with pytest.raises(ValueError, match="not in the list"):
        explorer.move("Z", 1)
    with pytest.raises(TypeError, match="step must be an integer"):
        explorer.move("A", 0.5)
    with pytest.raises(ValueError, match="distinct"):
        RankedListExplorer(["A", "A"], [1, 2])
    with pytest.raises(ValueError, match="relevance has 1"):
        RankedListExplorer(["A", "B"], [1])
    with pytest.raises(ValueError, match="non-negative"):
        RankedListExplorer(["A", "B"], [1, -1])


def _pixels(png):
    import io

    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def test_explorer_blitted_frames_match_full_renders(explorer):
    """Only the moving artists are redrawn per frame; after moves, k changes and gain switches
    the frame must still be the one a full render gives (up to a few pixels of z-order)."""
    from learnmetrics.widgets.ranking import RankedListExplorer

    class FullRender(RankedListExplorer):
        def dynamic_artists(self):
            return None

    full = FullRender(ITEMS, REL, scores=SCORES, k=3, seed=0)
    steps = [lambda e: e.move("A", -2), lambda e: setattr(e.k_slider, "value", 5), lambda e: e.shuffle(),
             lambda e: setattr(e.gain_toggle, "value", "linear"), lambda e: e.move("F", 1),
             lambda e: setattr(e.k_slider, "value", 1), lambda e: e.reset_worst(),
             lambda e: setattr(e.gain_toggle, "value", "exponential"), lambda e: e.reset_ideal()]
    for step in steps:
        step(explorer)
        step(full)
        a, b = _pixels(explorer.image.value), _pixels(full.image.value)
        assert a.shape == b.shape
        assert (np.abs(a - b).max(axis=2) > 40).sum() <= 40  # a stale item label alone is ~100 pixels


# ---------------------------------------------------------------- issue 12: item ids and the argument rule
@pytest.mark.parametrize("fn", [
    lambda r, rel: precision_at_k(r, rel, k=2),
    lambda r, rel: recall_at_k(r, rel, k=2),
    lambda r, rel: average_precision(r, rel),
    lambda r, rel: reciprocal_rank(r, rel),
    lambda r, rel: mean_average_precision([r], [rel]),
    lambda r, rel: mean_reciprocal_rank([r], [rel]),
])
def test_mixed_item_ids_are_refused_not_silently_missed(fn):
    """['a', 1] used to become ['a', '1'], so the id 1 never matched and P@2 read 0.0."""
    with pytest.raises(TypeError, match="ranked mixes number and string item ids"):
        fn(["a", 1], {1})
    with pytest.raises(TypeError, match="relevant mixes"):
        fn(["a", "b"], {"a", 2})
    with pytest.raises(TypeError, match="ranked holds string ids but relevant holds number ids"):
        fn(["1", "2"], {1})


def test_ids_are_compared_without_conversion():
    assert precision_at_k([1, 2, 3], {1}, k=2) == 0.5
    assert precision_at_k(np.array([1, 2, 3]), [np.int64(1)], k=2) == 0.5
    assert average_precision(("x", "y"), ["y"]) == 0.5
    assert reciprocal_rank(range(1, 6), {3}) == pytest.approx(1 / 3)
    assert precision_at_k(["a", "b"], set(), k=1) == 0.0          # empty relevant fits any kind


ALWAYS = (TypeError, ValueError)

# one row per (public function, bad argument): the call and the argument the message must name
_BAD_RANKING = [
    # precision_at_k / recall_at_k: wrong type, out of range, empty, NaN
    (lambda: precision_at_k(["a"], {"a"}, k="2"), TypeError, "k must be an integer"),
    (lambda: precision_at_k(["a"], {"a"}, k=0), ValueError, "k must be >= 1"),
    (lambda: precision_at_k(["a"], {"a"}, k=1.0), TypeError, "k must be an integer"),
    (lambda: precision_at_k(["a"], {"a"}, k=True), TypeError, "k must be an integer"),
    (lambda: precision_at_k([], {"a"}, k=1), ValueError, "ranked is empty"),
    (lambda: precision_at_k([1.0, np.nan], {1.0}, k=1), ValueError, "ranked must not contain None or NaN"),
    (lambda: precision_at_k("abc", {"a"}, k=1), TypeError, "ranked must be an ordered sequence"),
    (lambda: recall_at_k(["a"], "a", k=1), TypeError, "relevant must be a set or sequence"),
    (lambda: recall_at_k(["a"], {"a"}, k=-3), ValueError, "k must be >= 1"),
    (lambda: recall_at_k([[1, 2]], {1}, k=1), ValueError, "ranked must be 1-D"),
    (lambda: recall_at_k(["a", None], {"a"}, k=1), ValueError, "ranked must not contain None"),
    # average_precision / reciprocal_rank
    (lambda: average_precision({"a", "b"}, {"a"}), TypeError, "a set has no order"),
    (lambda: average_precision(["a", "a"], {"a"}), ValueError, "ranked lists item 'a' twice"),
    (lambda: average_precision([], {"a"}), ValueError, "ranked is empty"),
    (lambda: average_precision([1, 2], {np.nan}), ValueError, "relevant must not contain None or NaN"),
    (lambda: reciprocal_rank(None, {"a"}), TypeError, "ranked must be an ordered sequence"),
    (lambda: reciprocal_rank(["a"], None), TypeError, "relevant must be"),
    (lambda: reciprocal_rank([], {"a"}), ValueError, "ranked is empty"),
    (lambda: reciprocal_rank([1, 2], [1, np.nan]), ValueError, "relevant must not contain None or NaN"),
    # MAP / MRR
    (lambda: mean_average_precision("ab", ["a"]), TypeError, "ranked_lists must be a list"),
    (lambda: mean_average_precision([], []), ValueError, "ranked_lists is empty"),
    (lambda: mean_average_precision([["a"]], [{"a"}, {"b"}]), ValueError, "ranked_lists has 1 lists"),
    (lambda: mean_average_precision([["a", np.nan]], [{"a"}]), ValueError, "entry 0: ranked must not contain"),
    (lambda: mean_reciprocal_rank({"u": ["a"]}, [{"a"}]), TypeError, "both be dicts"),
    (lambda: mean_reciprocal_rank([], []), ValueError, "ranked_lists is empty"),
    (lambda: mean_reciprocal_rank({"u": ["a"]}, {"v": {"a"}}), ValueError, "relevant_sets has no entry"),
    (lambda: mean_reciprocal_rank([[1, np.nan]], [{1}]), ValueError, "entry 0: ranked must not contain"),
    # graded: dcg_score, ndcg_score, cumulative_gain, the per-query versions
    (lambda: dcg_score([[1, 2]], [[1, 2]], k=1.5), TypeError, "k must be an integer"),
    (lambda: dcg_score([[1, 2]], [[1, 2]], k=0), ValueError, "k must be >= 1"),
    (lambda: dcg_score([[1, 2]], [[1, 2]], log_base="2"), TypeError, "log_base must be a real number"),
    (lambda: dcg_score([[1, 2]], [[1, 2]], log_base=np.nan), ValueError, "log_base must be a finite number"),
    (lambda: dcg_score([[1, 2]], [[1, 2]], log_base=0), ValueError, "log_base must be > 0"),
    (lambda: dcg_score([[1, 2]], [[1, 2]], ignore_ties="False"), TypeError, "ignore_ties must be True or False"),
    (lambda: dcg_score([[1, 2]], [[1, 2]], gain="exp"), ValueError, "gain must be one of"),
    (lambda: dcg_score(np.zeros((0, 2)), np.zeros((0, 2))), ValueError, "y_true has no rows"),
    (lambda: dcg_score([[1, np.nan]], [[1, 2]]), ValueError, "y_true must not contain NaN"),
    (lambda: dcg_score([[1, 2]], [[1, np.inf]]), ValueError, "y_score must not contain NaN"),
    (lambda: dcg_score([[1, 2]], [[1, 2]], sample_weight=[np.nan]), ValueError, "sample_weight must not contain NaN"),
    (lambda: dcg_score([[1, 2]], [[1, 2]], sample_weight=[-1]), ValueError, "sample_weight must be non-negative"),
    (lambda: ndcg_score([["a", "b"]], [[1, 2]]), TypeError, "y_true must hold numbers"),
    (lambda: ndcg_score([[1, -1]], [[1, 2]]), ValueError, "y_true must hold non-negative"),
    (lambda: ndcg_score([[1, 2]], [[1, 2]], k=-1), ValueError, "k must be >= 1"),
    (lambda: ndcg_score([[1, 2]], [[1, 2]], ignore_ties=1), TypeError, "ignore_ties must be True or False"),
    (lambda: ndcg_score([[]], [[]]), ValueError, "at least 2 items"),
    (lambda: ndcg_score([[1, 2]], [[np.nan, 2]]), ValueError, "y_score must not contain NaN"),
    (lambda: ndcg_score([[2000, 1]], [[1, 2]], gain="exponential"), ValueError, "too large for gain='exponential'"),
    (lambda: cumulative_gain([[1, 2]], [[1, 2]], k="1"), TypeError, "k must be an integer"),
    (lambda: cumulative_gain([[1, 2]], [[1, 2, 3]]), ValueError, "they must match"),
    (lambda: cumulative_gain([[1, 2]], [[1, 2]], ignore_ties=np.nan), TypeError, "ignore_ties must be True or False"),
    (lambda: cumulative_gain([[np.nan, 2]], [[1, 2]]), ValueError, "y_true must not contain NaN"),
    (lambda: dcg_per_query([1, 2], [1, 2]), ValueError, "y_true must be 2-D"),
    (lambda: dcg_per_query([[1, 2]], [[1, 2]], log_base=1), ValueError, "log_base must be a positive number other than 1"),
    (lambda: ndcg_per_query([[1, 2]], [[1, 2]], gain=None), ValueError, "gain must be one of"),
    (lambda: ndcg_per_query([[1, np.nan]], [[1, 2]]), ValueError, "y_true must not contain NaN"),
    # scores_from_ranking
    (lambda: scores_from_ranking("012"), TypeError, "ranking must be an array of item indices"),
    (lambda: scores_from_ranking([0, 0, 1]), ValueError, "permutation"),
    (lambda: scores_from_ranking([]), ValueError, "non-empty"),
    (lambda: scores_from_ranking([0.0, np.nan]), TypeError, "integer item indices"),
    # ranked_list_state
    (lambda: ranked_list_state([1, 2], k="1"), TypeError, "k must be an integer"),
    (lambda: ranked_list_state([1, 2], k=3), ValueError, "k must be between 1 and 2"),
    (lambda: ranked_list_state([], k=1), ValueError, "relevance_in_shown_order is empty"),
    (lambda: ranked_list_state([1, np.nan], k=1), ValueError, "relevance_in_shown_order must not contain NaN"),
    (lambda: ranked_list_state([1, 2], k=1, relevant_threshold="1"), TypeError, "relevant_threshold must be a real"),
    (lambda: ranked_list_state([1, 2], k=1, relevant_threshold=np.nan), ValueError, "relevant_threshold must be a finite"),
    (lambda: ranked_list_state([1, 2], k=1, relevant_threshold=0), ValueError, "relevant_threshold must be > 0"),
    (lambda: ranked_list_state([1, 2], k=1, gain="lin"), ValueError, "gain must be one of"),
    (lambda: ranked_list_state([1, 2], k=1, items=["a", 1]), TypeError, "items mixes"),
    (lambda: ranked_list_state([1, 2], k=1, items=["a"]), ValueError, "items has 1 labels"),
    (lambda: ranked_list_state([1, 2], k=1, log_base=True), TypeError, "log_base must be a real number"),
]


@pytest.mark.parametrize("call, exc, match", _BAD_RANKING)
def test_every_public_ranking_function_refuses_bad_arguments(call, exc, match):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # refused before any work: no warning on the way
        with pytest.raises(exc, match=match):
            call()


def test_every_public_ranking_function_has_bad_argument_rows():
    import inspect

    import learnmetrics.ranking as r

    src = inspect.getsource(inspect.getmodule(test_every_public_ranking_function_has_bad_argument_rows))
    table = src[src.index("_BAD_RANKING = ["):src.index("@pytest.mark.parametrize(\"call, exc, match\", _BAD_RANKING)")]
    functions = [n for n in r.__all__ if callable(getattr(r, n)) and not isinstance(getattr(r, n), type)]
    for name in functions:
        assert f"{name}(" in table, f"no bad-argument row for {name}"


def test_extreme_legal_values_give_the_right_limit():
    assert precision_at_k(["a", "b"], {"a"}, k=10 ** 30) == pytest.approx(1e-30)  # the missing ranks count as misses
    assert recall_at_k(["a", "b"], {"a"}, k=10 ** 30) == 1.0
    assert dcg_score([[1, 2]], [[2, 1]], k=10 ** 30) == dcg_score([[1, 2]], [[2, 1]])
    assert ndcg_score([[1e300, 1e300]], [[1, 2]]) == 1.0             # huge linear grades: no inf/inf
    assert ndcg_score([[1000, 0]], [[1, 0]], gain="exponential") == 1.0
    assert np.isfinite(dcg_score([[1, 2]], [[2, 1]], log_base=1e300))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a clear error, not a NumPy overflow warning first
        with pytest.raises(ValueError, match="DCG overflows"):
            dcg_score([[1.7e308, 1.7e308]], [[2, 1]])
        with pytest.raises(ValueError, match="IDCG overflows"):
            ndcg_score([[1.7e308, 1.7e308]], [[2, 1]])
    s = ranked_list_state([3, 0, 0], k=3, relevant_threshold=1e-300)
    assert s.n_relevant == 1 and s.ndcg == 1.0
