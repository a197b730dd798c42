"""The exercises of chapters 05 and 06, beyond the generic walk in test_exercises.py.

* each notebook shows the registered prompt word for word;
* each answer agrees with an independent hand computation (plain arithmetic) and, where
  scikit-learn has the measure, with scikit-learn;
* each mistake is the mistaken formula it names, recomputed by hand;
* the predict-then-check exercises agree with the explorers driven in code, and with the
  stored output of the notebook cell that drives them.
"""
from __future__ import annotations

import math
from pathlib import Path

import nbformat
import numpy as np
import pytest

from learnmetrics.exercises import EXERCISES, check, exercises_of_chapter

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
NB = {"05": NOTEBOOKS / "05_cost_curves.ipynb", "06": NOTEBOOKS / "06_ranking_metrics.ipynb"}


def _cells(chapter):
    return nbformat.read(NB[chapter], as_version=4).cells


def _mistake(ex_id, words):
    """The answer of the mistake of ``ex_id`` whose description contains ``words``."""
    found = [m for m in EXERCISES[ex_id].mistakes if words in m.mistake]
    assert len(found) == 1, f"{ex_id}: {len(found)} mistakes mention {words!r}"
    return found[0].answer


def _close(a, b, tol=1e-12):
    return np.allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), atol=tol, rtol=0)


# -- the notebooks show the registered prompts ----------------------------------------------------
@pytest.mark.parametrize("chapter", ["05", "06"])
def test_notebook_prompts_are_the_registered_prompts(chapter):
    sources = [c.source for c in _cells(chapter) if c.cell_type == "markdown"]
    registered = exercises_of_chapter(chapter)
    assert 4 <= len(registered) <= 9
    for ex in registered:
        cell = [s for s in sources if s.startswith(f"**Exercise {ex.id}**")]
        assert cell == [f"**Exercise {ex.id}** · {ex.prompt}"], ex.id


@pytest.mark.parametrize("chapter", ["05", "06"])
def test_each_chapter_has_the_kinds_the_issue_asks_for(chapter):
    kinds = {ex.kind for ex in exercises_of_chapter(chapter)}
    assert "open" in kinds and len(kinds) >= 2
    # the learner's cells are stored unanswered: the deterministic "no answer yet" message
    for c in _cells(chapter):
        if c.cell_type == "code" and c.source.startswith("answer = ..."):
            text = "".join(o.get("data", {}).get("text/plain", "") for o in c.outputs)
            assert "no answer yet" in text, c.source


# -- chapter 05 by hand -----------------------------------------------------------------------------
def test_05_2_cost_sensitive_error_by_hand():
    d = EXERCISES["05.2"].data
    fn, fp, m = d["fn"], d["fp"], d["tp"] + d["fn"] + d["fp"] + d["tn"]
    (_, c01), (c10, _) = d["cost_matrix"]
    assert _close(EXERCISES["05.2"].answer, (fn * c01 + fp * c10) / m)
    assert _close(_mistake("05.2", "swapped"), (fn * c10 + fp * c01) / m)
    assert _close(_mistake("05.2", "total cost"), fn * c01 + fp * c10)
    assert _close(_mistake("05.2", "plain error rate"), (fn + fp) / m)


def test_05_3_probability_cost_by_hand():
    d = EXERCISES["05.3"].data
    p, c01, c10 = d["p"], d["cost01"], d["cost10"]
    x = p * c01 / (p * c01 + (1 - p) * c10)
    assert _close(EXERCISES["05.3"].answer, x)
    assert _close(_mistake("05.3", "swapped"), p * c10 / (p * c10 + (1 - p) * c01))
    assert _close(_mistake("05.3", "p itself"), p)
    assert _close(_mistake("05.3", "negatives' share"), 1 - x)


def test_05_4_segment_by_hand():
    d = EXERCISES["05.4"].data
    fpr, fnr = d["fpr"], 1 - d["tpr"]
    assert _close(EXERCISES["05.4"].answer, [(0, fpr), (1, fnr)])
    assert _close(_mistake("05.4", "ends are swapped"), [(0, fnr), (1, fpr)])
    assert _close(_mistake("05.4", "TPR was used"), [(0, fpr), (1, d["tpr"])])
    assert _close(_mistake("05.4", "(TPR, FPR)"), [(0, d["tpr"]), (1, 1 - fpr)])
    # its height at any x is the normalized cost of 05.5's formula
    for x in (0.0, 0.3, 1.0):
        assert _close(fpr + (fnr - fpr) * x, fnr * x + fpr * (1 - x))


def test_05_5_normalized_cost_by_hand():
    d = EXERCISES["05.5"].data
    fpr, fnr = d["fpr"], 1 - d["tpr"]
    x = d["p"] * d["cost01"] / (d["p"] * d["cost01"] + (1 - d["p"]) * d["cost10"])
    assert _close(EXERCISES["05.5"].answer, fnr * x + fpr * (1 - x))
    assert _close(_mistake("05.5", "TPR was used"), d["tpr"] * x + fpr * (1 - x))
    assert _close(_mistake("05.5", "FPR and FNR are swapped"), fpr * x + fnr * (1 - x))
    assert _close(_mistake("05.5", "p was used"), fnr * d["p"] + fpr * (1 - d["p"]))
    assert _close(_mistake("05.5", "(TPR, FPR)"), (1 - fpr) * x + d["tpr"] * (1 - x))


def test_05_6_both_conditions_sit_at_the_same_x():
    d = EXERCISES["05.6"].data
    assert _close(d["x_rare"], 0.5) and _close(d["x_even"], 0.5)


def test_05_1_agrees_with_the_explorer_and_the_notebook():
    pytest.importorskip("ipywidgets")
    from learnmetrics.datasets import watermelon_scores
    from learnmetrics.widgets.cost import CostCurveExplorer

    melons = watermelon_scores()
    ex = CostCurveExplorer(melons.y_true, melons.y_score, names=("good", "bad"))
    d = EXERCISES["05.1"].data
    ex.prior_slider.value = d["p"]
    ex.ratio_slider.value = d["old_costs"][0] / d["old_costs"][1]
    assert ex.state.n_predicted_positive == _mistake("05.1", "did not move")
    ex.ratio_slider.value = d["new_costs"][0] / d["new_costs"][1]
    answer = EXERCISES["05.1"].answer
    assert ex.state.n_predicted_positive == answer
    assert check("05.1", int(answer)).correct
    # the notebook's stored (folded) solution names the same cut
    cell = next(c for c in _cells("05") if c.cell_type == "code" and 'solution("05.1")' in c.source)
    stored = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cell.outputs)
    assert f"to cut {answer:g}." in stored and f"Answer: {answer:g}" in stored


# -- chapter 06 by hand -----------------------------------------------------------------------------
def test_06_2_precision_recall_at_k_by_hand():
    d = EXERCISES["06.2"].data
    hits = sum(item in d["relevant"] for item in d["ranked"][:d["k"]])
    assert _close(EXERCISES["06.2"].answer, (hits / d["k"], hits / len(d["relevant"])))
    assert _close(_mistake("06.2", "swapped"), (hits / len(d["relevant"]), hits / d["k"]))
    shown = [r for r in d["relevant"] if r in d["ranked"]]
    assert _close(_mistake("06.2", "left out"), (hits / d["k"], hits / len(shown)))
    assert _close(_mistake("06.2", "length of the list"), (hits / len(d["ranked"]), hits / len(d["relevant"])))


def test_06_3_average_precision_by_hand():
    d = EXERCISES["06.3"].data
    ranks = [i + 1 for i, item in enumerate(d["ranked"]) if item in d["relevant"]]
    precisions = [(j + 1) / r for j, r in enumerate(ranks)]
    assert _close(EXERCISES["06.3"].answer, sum(precisions) / len(d["relevant"]))
    assert _close(EXERCISES["06.3"].answer, (1 + 2 / 3 + 3 / 6) / 4)
    assert _close(_mistake("06.3", "relevant items found"), sum(precisions) / len(ranks))
    assert _close(_mistake("06.3", "length of the list"), sum(precisions) / len(d["ranked"]))


@pytest.mark.parametrize("ex_id, gain", [("06.4", lambda r: 2.0 ** r - 1), ("06.5", lambda r: float(r))])
def test_06_4_5_dcg_by_hand_and_with_sklearn(ex_id, gain):
    d = EXERCISES[ex_id].data
    rel, k = d["relevance"], d["k"]
    by_hand = sum(gain(r) / math.log2(i + 2) for i, r in enumerate(rel[:k]))
    assert _close(EXERCISES[ex_id].answer, by_hand)
    assert _close(_mistake(ex_id, "natural log"), sum(gain(r) / math.log(i + 2) for i, r in enumerate(rel[:k])))
    sk = pytest.importorskip("sklearn.metrics")
    scores = [list(range(len(rel), 0, -1))]                       # the list in the order shown
    assert _close(EXERCISES[ex_id].answer, sk.dcg_score([[gain(r) for r in rel]], scores, k=k), 1e-9)
    if ex_id == "06.4":
        jk = gain(rel[0]) + sum(gain(r) / math.log2(i) for i, r in enumerate(rel[:k], start=1) if i > 1)
        assert _close(_mistake(ex_id, "log2(rank)"), jk)
        assert _close(_mistake(ex_id, "linear gain"), EXERCISES["06.5"].answer)
    else:
        assert _close(_mistake(ex_id, "CG@3"), sum(rel[:k]))
        assert _close(_mistake(ex_id, "exponential gain"), EXERCISES["06.4"].answer)


def test_06_6_ndcg_by_hand_and_with_sklearn():
    d = EXERCISES["06.6"].data
    rel, k = d["relevance"], d["k"]

    def dcg(grades, upto):
        return sum(g / math.log2(i + 2) for i, g in enumerate(grades[:upto]))

    ideal = sorted(rel, reverse=True)
    assert _close(EXERCISES["06.6"].answer, dcg(rel, k) / dcg(ideal, k))
    assert _close(_mistake("06.6", "whole list"), dcg(rel, k) / dcg(ideal, len(rel)))
    assert _close(_mistake("06.6", "re-sorted"), dcg(rel, k) / dcg(sorted(rel[:k], reverse=True), k))
    sk = pytest.importorskip("sklearn.metrics")
    assert _close(EXERCISES["06.6"].answer, sk.ndcg_score([rel], [list(range(len(rel), 0, -1))], k=k), 1e-9)


def test_06_7_mrr_by_hand():
    d = EXERCISES["06.7"].data
    first = [next(i + 1 for i, item in enumerate(d["lists"][q]) if item in d["relevant"][q]) for q in d["lists"]]
    assert _close(EXERCISES["06.7"].answer, np.mean([1 / r for r in first]))
    assert _close(EXERCISES["06.7"].answer, (1 + 1 / 3 + 1 / 2) / 3)
    assert _close(_mistake("06.7", "1 / (mean rank)"), 1 / np.mean(first))
    assert _close(_mistake("06.7", "the mean rank of"), np.mean(first))


def test_06_1_agrees_with_the_explorer_and_the_notebook():
    pytest.importorskip("ipywidgets")
    from learnmetrics.widgets.ranking import RankedListExplorer

    d = EXERCISES["06.1"].data
    docs = list(d["grades"])
    ex = RankedListExplorer(docs, [d["grades"][x] for x in docs], k=d["k"], gain="exponential", seed=0)
    ex.set_order(list(d["before"]))
    assert _close(ex.state.ndcg, _mistake("06.1", "before the move"))
    ex.move("d1", -1)
    assert tuple(ex.order) == tuple(d["after"])
    assert _close(ex.state.ndcg, EXERCISES["06.1"].answer)
    cell = next(c for c in _cells("06") if c.cell_type == "code" and c.id == "ex06x1c")
    stored = "".join(o.get("text", "") for o in cell.outputs)
    assert f"NDCG@{d['k']} = {EXERCISES['06.1'].answer:.4f}" in stored
