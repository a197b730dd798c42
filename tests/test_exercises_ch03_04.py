"""Exercises of chapters 03 and 04, beyond the generic walk of tests/test_exercises.py.

* the notebooks show each exercise with exactly its registered prompt;
* the answers agree with scikit-learn computed independently (the exercises' answers
  come from learnmetrics; here the reference is another library);
* note 004's np.interp number (the 04.5 mistake) is the number its method gives with
  scikit-learn's curves, and 04.5's data is the data section 9 of notebook 04 builds;
* answers typed the way a learner types them (rounded to 3 decimals) are accepted.
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import numpy as np
import pytest

from learnmetrics.exercises import EXERCISES, check, exercises_of_chapter

sk = pytest.importorskip("sklearn.metrics")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PATHS = {"03": NOTEBOOKS / "03_pr_bep_fbeta.ipynb", "04": NOTEBOOKS / "04_roc_auc.ipynb"}


@pytest.mark.parametrize("chapter", ["03", "04"])
def test_notebook_prompts_are_the_registered_prompts(chapter):
    nb = nbformat.read(PATHS[chapter], as_version=4)
    shown = {}
    for cell in nb.cells:
        m = re.match(r"\*\*Exercise (\d{2}\.\d+)\*\* · (.*)\Z", cell.source, re.S)
        if cell.cell_type == "markdown" and m:
            shown[m.group(1)] = m.group(2)
    registered = exercises_of_chapter(chapter)
    assert 4 <= len(registered) <= 8
    for ex in registered:
        assert shown.get(ex.id) == ex.prompt, ex.id


def test_chapter_03_answers_match_scikit_learn():
    d = EXERCISES["03.2"].data
    y, s, k = d["y_true"], d["y_score"], d["k"]
    y_pred = (s >= np.sort(s)[::-1][k - 1]).astype(int)
    assert y_pred.sum() == k
    assert EXERCISES["03.2"].answer == pytest.approx((sk.precision_score(y, y_pred), sk.recall_score(y, y_pred)))
    assert EXERCISES["03.4"].answer == pytest.approx(sk.fbeta_score(y, y_pred, beta=2))
    assert EXERCISES["03.5"].answer == pytest.approx(sk.average_precision_score(y, s))
    # the BEP: the precision of the top m+ examples (R-precision)
    m_pos = int(y.sum())
    assert EXERCISES["03.3"].answer == pytest.approx(y[np.argsort(-s)][:m_pos].mean())
    # the trapezoid mistake is scikit-learn's auc over scikit-learn's P-R curve
    prec, rec, _ = sk.precision_recall_curve(y, s)
    assert EXERCISES["03.5"].mistakes[0].answer == pytest.approx(sk.auc(rec, prec))
    # 03.1: the next P-R point of the melons' explorer, from scikit-learn's curve
    d1 = EXERCISES["03.1"].data
    order = np.argsort(-d1["y_score"], kind="stable")
    tp = np.cumsum(d1["y_true"][order] == 1)
    k1 = d1["from_cut"] + 1
    assert EXERCISES["03.1"].answer == pytest.approx((tp[k1 - 1] / tp[-1], tp[k1 - 1] / k1))


def test_chapter_04_answers_match_scikit_learn():
    d = EXERCISES["04.1"].data
    fpr, tpr, _ = sk.roc_curve(d["y_true"], d["y_score"], drop_intermediate=False)
    assert np.allclose(np.asarray(EXERCISES["04.1"].answer), np.column_stack((fpr, tpr)))
    assert EXERCISES["04.3"].answer == pytest.approx(1 - sk.roc_auc_score(d["y_true"], d["y_score"]))
    d = EXERCISES["04.2"].data
    assert EXERCISES["04.2"].answer == pytest.approx(sk.roc_auc_score(d["y_true"], d["y_score"]))
    fpr, tpr, _ = sk.roc_curve(d["y_true"], d["y_score"])
    k = EXERCISES["04.4"].data["from_cut"] + 1      # scikit-learn's curve has the same cuts here (no collinear drop)
    assert EXERCISES["04.4"].answer == pytest.approx((fpr[k], tpr[k]))


def test_04_5_is_section_9_data_and_note_004s_number():
    nb = nbformat.read(PATHS["04"], as_version=4)
    source = next(c.source for c in nb.cells if c.cell_type == "code" and "y3 = np.repeat" in c.source)
    from learnmetrics.learners import LogisticRegression
    ns = {"np": np, "LogisticRegression": LogisticRegression}
    exec(source, ns)
    ex = EXERCISES["04.5"]
    assert np.array_equal(ns["y3"], ex.data["y_true"]) and np.array_equal(ns["P3"], ex.data["y_score"])
    y3, P3 = ns["y3"], ns["P3"]
    assert ex.answer == pytest.approx(sk.roc_auc_score(y3, P3, multi_class="ovr", average="macro"))
    curves = [sk.roc_curve(y3 == c, P3[:, c]) for c in range(3)]          # note 004's method, literally
    grid = np.unique(np.concatenate([f for f, _, _ in curves]))
    naive = sk.auc(grid, np.mean([np.interp(grid, f, t) for f, t, _ in curves], axis=0))
    interp = next(m for m in ex.mistakes if "np.interp" in m.mistake)
    assert interp.answer == pytest.approx(naive) and round(naive, 4) == 0.9300
    # the micro AUC falls within the tolerance of that mistake: the hint says so
    micro = sk.roc_auc_score(y3, P3, multi_class="ovr", average="micro")
    assert abs(micro - naive) <= ex.tolerance and "micro" in interp.hint


@pytest.mark.parametrize("eid, typed", [
    ("03.1", (0.5, 0.8)), ("03.2", (0.667, 0.5)), ("03.3", 0.75), ("03.4", 0.526), ("03.5", 0.771),
    ("04.1", [(0, 0), (0, 0.25), (0, 0.5), (0.5, 0.5), (0.5, 0.75), (1, 0.75), (1, 1)]),
    ("04.2", 0.722), ("04.3", 0.375), ("04.4", (0.667, 1)), ("04.5", 0.9248),
])
def test_answers_typed_to_three_decimals_are_correct(eid, typed):
    assert check(eid, typed).correct


def test_beta_swapped_and_axes_reversed_are_named():
    assert "F0.5" in check("03.4", 0.625).message
    fb = check("04.1", [(0, 0), (0.25, 0), (0.5, 0), (0.5, 0.5), (0.75, 0.5), (0.75, 1), (1, 1)])
    assert fb.status == "mistake" and "(TPR, FPR)" in fb.message
    assert "1 − AUC" in check("04.2", 0.278).message
