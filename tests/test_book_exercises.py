"""The book's exercises 2.1-2.10 (notebook 12): the helpers of learnmetrics.book, the
registered exercises 12.1-12.10 against independent computations, and the notebook's
exercise cells against the registry."""
import itertools
import json
import math
from pathlib import Path

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import book
from learnmetrics.exercises import EXERCISES, check

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "12_book_exercises.ipynb"


# -- holdout_split_count ---------------------------------------------------------------------------
@pytest.mark.parametrize("n_pos,n_neg,train", [(3, 3, 2 / 3), (4, 2, 0.5), (5, 5, 0.6), (2, 4, 0.5)])
def test_split_count_matches_enumeration(n_pos, n_neg, train):
    y = [1] * n_pos + [0] * n_neg
    m = len(y)
    s = round(train * m)
    strat = plain = 0
    for train_set in itertools.combinations(range(m), s):
        plain += 1
        pos = sum(y[i] for i in train_set)
        strat += pos == round(train * n_pos) and s - pos == round(train * n_neg)
    assert book.holdout_split_count(n_pos, n_neg, train) == strat
    assert book.holdout_split_count(n_pos, n_neg, train, stratify=False) == plain


def test_split_count_of_the_book_is_exact():
    c = book.holdout_split_count(500, 500, 0.7)
    assert isinstance(c, int) and c == math.comb(500, 350) ** 2 and len(str(c)) == 263
    assert book.holdout_split_count(500, 500, 0.3) == c          # choosing the test set instead: same count


def test_split_count_bad_arguments():
    with pytest.raises(ValueError, match="whole number"):
        book.holdout_split_count(5, 5, 0.33)
    with pytest.raises(ValueError, match="train_size"):
        book.holdout_split_count(5, 5, 1.5)
    with pytest.raises(TypeError, match="n_pos"):
        book.holdout_split_count(5.0, 5, 0.5)
    with pytest.raises(TypeError, match="stratify"):
        book.holdout_split_count(5, 5, 0.4, stratify="yes")
    with pytest.raises(ValueError, match="n_neg"):
        book.holdout_split_count(5, 10**7, 0.5)


# -- f1_bep_counterexample ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2, 7])
def test_counterexample_is_one(seed):
    ce = book.f1_bep_counterexample(rng=seed)
    for s, f1, bep in ((ce.score_a, ce.f1_a, ce.bep_a), (ce.score_b, ce.f1_b, ce.bep_b)):
        pred = (s >= ce.threshold).astype(int)
        assert lm.f1_score(ce.y_true, pred) == pytest.approx(f1)
        assert lm.break_even_point(ce.y_true, s).value == pytest.approx(bep)
        assert len(np.unique(s)) == len(s)                     # a strict ranking, no ties
    assert ce.f1_a - ce.f1_b >= 0.1 and ce.bep_b - ce.bep_a >= 0.1 and ce.f1_b > 0
    again = book.f1_bep_counterexample(rng=seed)
    assert np.array_equal(again.score_a, ce.score_a) and again.tries == ce.tries


def test_counterexample_search_is_bounded_and_checked():
    with pytest.raises(RuntimeError, match="no pair"):
        book.f1_bep_counterexample(1, 1, min_gap=0.9, max_tries=50)
    with pytest.raises(ValueError, match="max_tries"):
        book.f1_bep_counterexample(max_tries=10**7)
    with pytest.raises(ValueError, match="min_gap"):
        book.f1_bep_counterexample(min_gap=1.0)
    with pytest.raises(ValueError, match="n_pos"):
        book.f1_bep_counterexample(0, 5)
    with pytest.raises(ValueError, match="1000"):
        book.f1_bep_counterexample(600, 600)


# -- the two normalisations ---------------------------------------------------------------------------
def test_normalisations_match_scikit_learn():
    from sklearn.preprocessing import MinMaxScaler, StandardScaler

    x = np.random.default_rng(0).normal(3, 2, 40)
    assert np.allclose(book.min_max_scale(x), MinMaxScaler().fit_transform(x[:, None]).ravel())
    assert np.allclose(book.min_max_scale(x, new_min=-1, new_max=2),
                       MinMaxScaler(feature_range=(-1, 2)).fit_transform(x[:, None]).ravel())
    assert np.allclose(book.z_score(x), StandardScaler().fit_transform(x[:, None]).ravel())
    assert np.allclose(book.z_score(x, ddof=1), (x - x.mean()) / x.std(ddof=1))


def test_normalisations_refuse_bad_input():
    with pytest.raises(ValueError, match="distinct"):
        book.min_max_scale([3, 3, 3])
    with pytest.raises(ValueError, match="distinct"):
        book.z_score([1.0, 1.0])
    with pytest.raises(ValueError, match="new_min"):
        book.min_max_scale([1, 2], new_min=1, new_max=0)
    with pytest.raises(ValueError, match="x"):
        book.min_max_scale([1, np.nan])
    with pytest.raises(ValueError, match="ddof"):
        book.z_score([1, 2], ddof=2)


# -- error rate of a ROC point; cost curve back to ROC -------------------------------------------------
def test_roc_point_error_rate_is_the_error_of_the_cut():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 60)
    s = np.round(rng.random(60), 1)
    fpr, tpr, thr = lm.roc_curve(y, s, drop_intermediate=False)
    p = y.mean()
    for a, b, t in zip(fpr, tpr, thr):
        e = book.roc_point_error_rate(a, b, p)
        assert e == pytest.approx(lm.error_rate(y, (s >= t).astype(int)))
        assert e == pytest.approx(lm.normalized_cost(a, 1 - b, p, 1, 1))
    with pytest.raises(ValueError, match="fpr"):
        book.roc_point_error_rate(1.2, 0.5, 0.5)


@pytest.mark.parametrize("seed", range(6))
def test_cost_curve_gives_back_the_hull(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 40)
    y[:2] = [0, 1]
    s = rng.random(40) + 0.3 * y
    fpr, tpr, _ = lm.roc_curve(y, s)
    env = lm.cost_curve_envelope(fpr, tpr)
    bf, bt = book.roc_from_cost_curve(env.x_breaks, env.cost_breaks)
    hf, ht = lm.roc_convex_hull(fpr, tpr)
    back = {(round(float(a), 9), round(float(b), 9)) for a, b in zip(bf, bt)}
    hull = {(round(float(a), 9), round(float(b), 9)) for a, b in zip(hf, ht)}
    assert back <= hull                                        # every piece is a hull vertex
    assert hull - {(0.0, 0.0), (1.0, 1.0)} <= back             # every vertex but the corners has a piece


def test_roc_from_cost_curve_refuses_bad_breaks():
    with pytest.raises(ValueError, match="increasing"):
        book.roc_from_cost_curve([0, 0.5, 0.5, 1], [0, 0.2, 0.2, 0])
    with pytest.raises(ValueError, match="same length"):
        book.roc_from_cost_curve([0, 1], [0, 0.5, 0])


# -- the registered exercises against independent computations ----------------------------------------
def test_exercise_answers_by_other_routes():
    assert EXERCISES["12.1"].answer == len(str(math.comb(500, 350) ** 2))
    # 12.2: leave-one-out by hand: the left-out example's class is always the training minority
    y = np.repeat([0, 1], 50)
    wrong = [np.bincount(np.delete(y, i)).argmax() != y[i] for i in range(100)]
    assert EXERCISES["12.2"].answer == pytest.approx(np.mean(wrong))
    c = EXERCISES["12.4"].data
    tp = c["R"] * c["m_pos"]
    assert EXERCISES["12.4"].answer == pytest.approx(tp * (1 - c["P"]) / c["P"] / c["m_neg"])
    from sklearn.metrics import roc_auc_score

    d = EXERCISES["12.5"].data
    assert EXERCISES["12.5"].answer == pytest.approx(1 - roc_auc_score(d["y_true"], d["y_score"]))
    r = EXERCISES["12.10"].data["ranks"]
    n, k = r.shape
    chi2 = 12 * n / (k * (k + 1)) * (np.sum(r.mean(axis=0) ** 2) - k * (k + 1) ** 2 / 4)
    assert EXERCISES["12.10"].answer == pytest.approx((n - 1) * chi2 / (n * (k - 1) - chi2))
    assert check("12.3", "no").correct and check("12.3", "yes").status == "mistake"


# -- the notebook ---------------------------------------------------------------------------------------
def _cells():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]


def test_notebook_states_every_exercise_as_registered():
    cells = _cells()
    for n in range(1, 11):
        eid = f"12.{n}"
        i = next(i for i, (t, s) in enumerate(cells) if t == "markdown" and s.startswith(f"**Exercise {eid}** ·"))
        assert cells[i][1] == f"**Exercise {eid}** · {EXERCISES[eid].prompt}"
        learner, sol = cells[i + 1], cells[i + 2]
        assert learner[0] == "code" and learner[1].startswith("answer = ...")
        assert f'check("{eid}", answer)' in learner[1]
        assert sol == ("code", f'solution("{eid}")')
        assert any(t == "markdown" and s.startswith(f"## 2.{n} ·") for t, s in cells)


def test_notebook_example_answers_are_not_known_mistakes():
    """The 'e.g.' in a learner's cell must not be a right answer or a listed mistake
    (a choice exercise names its options instead)."""
    cells = _cells()
    for n in range(1, 11):
        eid = f"12.{n}"
        if EXERCISES[eid].kind == "choice":
            continue
        src = next(s for t, s in cells if t == "code" and f'check("{eid}", answer)' in s)
        example = eval(src.split("e.g.", 1)[1].split("\n")[0].strip())  # noqa: S307 (our own notebook)
        assert check(eid, example).status in ("wrong", "close"), (eid, example)
