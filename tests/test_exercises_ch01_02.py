"""The exercises of chapters 01 and 02: their answers checked against scikit-learn and the
explorers, and their notebook cells (prompt text, check and solution cells) kept in step with the
registry. tests/test_exercises.py walks the verdicts of every exercise; this file checks what is
particular to these two chapters."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import numpy as np
import pytest
import sklearn.metrics as skm
from sklearn.model_selection import RepeatedStratifiedKFold

import learnmetrics as lm
from learnmetrics.exercises import EXERCISES, check, exercises_of_chapter
from learnmetrics.realdata import load_breast_cancer

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHAPTERS = {"01": "01_evaluation_methods.ipynb", "02": "02_confusion_matrix.ipynb"}


def _labels(tp, fp, fn, tn):
    """y_true, y_pred (1 = positive) with exactly these four counts."""
    y_true = np.array([1] * (tp + fn) + [0] * (fp + tn))
    y_pred = np.array([1] * tp + [0] * fn + [1] * fp + [0] * tn)
    return y_true, y_pred


# -- the notebooks and the registry agree ------------------------------------------------------------
@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_notebook_shows_every_exercise_with_its_registered_prompt(chapter):
    nb = nbformat.read(NOTEBOOKS / CHAPTERS[chapter], as_version=4)
    cells = nb.cells
    assert any("from learnmetrics.exercises import check, solution" in c.source for c in cells
               if c.cell_type == "code")
    shown = []
    for i, c in enumerate(cells):
        found = re.match(r"\*\*Exercise (\d\d\.\d+)\*\* · (.*)", c.source, re.S) if c.cell_type == "markdown" else None
        if not found:
            continue
        eid, prompt = found.groups()
        shown.append(eid)
        assert prompt == EXERCISES[eid].prompt, f"{eid}: the notebook's prompt differs from the registered one"
        learner = cells[i + 1]
        assert learner.cell_type == "code" and learner.source.startswith("answer = ...")
        assert f'check("{eid}", answer)' in learner.source
        # the learner's cell shows the deterministic "no answer yet" message
        text = "".join(o.get("data", {}).get("text/plain", "") for o in learner.get("outputs", []))
        assert "no answer yet" in text, eid
        # the solution follows (after at most one cell that moves an explorer in code)
        rest = [c2.source for c2 in cells[i + 2:i + 4]]
        assert f'solution("{eid}")' in rest, eid
    ids = [e.id for e in exercises_of_chapter(chapter)]
    assert shown == ids, f"chapter {chapter}: the notebook shows {shown}, the registry holds {ids}"
    assert 4 <= len(ids) <= 10
    assert {EXERCISES[i].kind for i in ids} >= {"open"}, "one explain-in-words question per chapter"


def test_the_solutions_are_stored_folded():
    for chapter, name in CHAPTERS.items():
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        for c in nb.cells:
            if c.cell_type == "code" and c.source.startswith("solution("):
                html = "".join(o.get("data", {}).get("text/html", "") for o in c.outputs)
                assert html.startswith("<details") and "open" not in html.split(">")[0], c.source


# -- chapter 01 ----------------------------------------------------------------------------------------
def test_01_1_the_stratified_counts_do_not_depend_on_the_seed():
    y = load_breast_cancer().y
    for seed in range(5):
        _, test = lm.holdout_split(y, test_size=0.3, rng=seed)
        assert (int(y[test].sum()), int(len(test) - y[test].sum())) == EXERCISES["01.1"].answer


def test_01_2_the_explorer_shows_the_predicted_share():
    from learnmetrics.widgets.evaluation import BootstrapExplorer
    bx = BootstrapExplorer(m=20)
    bx.slider.value = EXERCISES["01.2"].data["m"]
    assert f"(1-1/m)^m = {EXERCISES['01.2'].answer:.4f}" in str(bx.state)


def test_01_3_sizes_agree_with_scikit_learn():
    y = load_breast_cancer().y
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=0)
    sizes = [len(train) for train, _ in cv.split(np.zeros(len(y)), y)]
    assert (len(sizes), min(sizes), max(sizes)) == EXERCISES["01.3"].answer


def test_01_4_the_simulation_agrees_with_the_reasoning():
    """The answer is the method training on the fewest distinct examples; the measured biases agree."""
    ex = EXERCISES["01.4"]
    pop = lm.evaluation.two_gaussians_population(distance=2.0, n_features=5, n_informative=2, positive_rate=0.3)
    study = lm.evaluation.simulate_estimators(pop, ex.data["m"], methods=lm.evaluation.METHODS, n_datasets=300, k=10, p=10,
                                   test_size=0.3, rng=0)
    bias = dict(zip(study.methods, study.bias))
    assert max(ex.choices, key=bias.get) == ex.answer
    assert bias["resubstitution"] < 0 < min(bias[k] for k in ex.choices if k != "resubstitution")


# -- chapter 02 ----------------------------------------------------------------------------------------
def test_02_1_the_explorer_lands_on_the_answer():
    from learnmetrics.widgets.threshold import ThresholdExplorer
    d = EXERCISES["02.1"].data
    ex = ThresholdExplorer(d["y_true"], d["y_score"], threshold=d["old_threshold"])
    ex.slider.value = d["new_threshold"]
    assert (ex.state.precision, ex.state.recall) == pytest.approx(EXERCISES["02.1"].answer)
    y_pred = (np.asarray(d["y_score"]) >= d["new_threshold"]).astype(int)
    assert (skm.precision_score(d["y_true"], y_pred), skm.recall_score(d["y_true"], y_pred)) == \
        pytest.approx(EXERCISES["02.1"].answer)


def test_02_2_to_02_4_agree_with_scikit_learn():
    tp, fp, fn, tn = EXERCISES["02.2"].data["counts"]
    y_true, y_pred = _labels(tp, fp, fn, tn)
    assert EXERCISES["02.2"].answer == pytest.approx(skm.accuracy_score(y_true, y_pred))
    p, r, f, _ = skm.precision_recall_fscore_support(y_true, y_pred, average="binary")
    assert EXERCISES["02.3"].answer == pytest.approx((p, r, f))
    assert EXERCISES["02.4"].answer == pytest.approx(skm.recall_score(y_true, y_pred, pos_label=0))
    # note 003's accuracy is reported as its mistake, not as close
    fb = check("02.2", (tp + fn) / (tp + fp + fn + tn))
    assert fb.status == "mistake" and "note 003" in fb.message


def test_02_5_both_macro_f1s_are_named():
    d = EXERCISES["02.5"].data
    sk = skm.f1_score(d["y_true"], d["y_pred"], average="macro")
    fb = check("02.5", sk)
    assert fb.status == "mistake" and "scikit-learn" in fb.message
    p = skm.precision_score(d["y_true"], d["y_pred"], average="macro")
    r = skm.recall_score(d["y_true"], d["y_pred"], average="macro")
    assert EXERCISES["02.5"].answer == pytest.approx(2 * p * r / (p + r))
    assert abs(EXERCISES["02.5"].answer - sk) > 0.05      # the two definitions visibly differ here


def test_02_6_agrees_with_scikit_learn():
    d = EXERCISES["02.6"].data
    micro = skm.f1_score(d["y_true"], d["y_pred"], average="micro")
    macro = skm.f1_score(d["y_true"], d["y_pred"], average="macro", zero_division=0.0)
    assert EXERCISES["02.6"].answer == pytest.approx((micro, macro))
    assert "C" not in d["y_pred"]
