"""The exercises: the checking machinery, and every registered exercise walked.

For every exercise: its right answer is correct, each listed mistake produces its
own hint, a clearly wrong answer is not accepted, bad answers get a message (not a
traceback), and its solution renders folded.
"""
import math

import numpy as np
import pytest

import learnmetrics.exercises as exr
from learnmetrics.exercises import EXERCISES, Mistake, check, register, solution


@pytest.fixture
def scratch():
    """Register throw-away exercises under chapter 99 and remove them afterwards."""
    yield
    for k in [k for k in EXERCISES if k.startswith("99.")]:
        del EXERCISES[k]


def test_number_exercise_verdicts(scratch):
    register("99.1", "accuracy?", kind="number", answer=12 / 17,
             mistakes=[Mistake(9 / 17, "that is (TP+FN)/m.", "Count TP and TN.")], hint="Recount.")
    assert check("99.1", 12 / 17).correct
    assert check("99.1", "0.70588").correct          # text that is a number is read
    fb = check("99.1", 9 / 17)
    assert fb.status == "mistake" and fb.mistake.mistake == "that is (TP+FN)/m." and "Count TP and TN." in str(fb)
    assert check("99.1", 0.71).status == "close"
    assert check("99.1", 0.2).status == "wrong" and "Recount." in fb.message + check("99.1", 0.2).message
    for bad in ("abc", float("nan"), True, None, ..., [1, 2], {"a": 1}):
        fb = check("99.1", bad)
        assert fb.status == "invalid" and not fb.correct and fb.message


def test_tuple_sequence_choice(scratch):
    register("99.2", "ROC point", kind="tuple", answer=(0.2, 0.6),
             mistakes=[Mistake((0.6, 0.2), "the axes are swapped:", "a ROC point is (FPR, TPR).")])
    assert check("99.2", (0.2, 0.6)).correct and check("99.2", np.array([0.2, 0.6])).correct
    assert check("99.2", [0.6, 0.2]).status == "mistake"
    assert "2 entries" in check("99.2", (0.2, 0.6, 1)).message
    register("99.3", "points", kind="sequence", answer=[(0, 0), (0, 0.5), (1, 1)])
    assert check("99.3", [(0, 0), (0, 0.5), (1, 1)]).correct
    assert check("99.3", [(0, 0), (0, 0.5)]).status == "invalid"
    assert check("99.3", [(0, 0), (0, 0.5), (1,)]).status == "invalid"
    register("99.4", "which?", kind="choice", answer="macro", choices=("macro", "micro"),
             mistakes=[Mistake("micro", "micro pools the counts,", "so the rare class hardly counts.")])
    assert check("99.4", " Macro ").correct and check("99.4", "micro").status == "mistake"
    assert check("99.4", "weighted").status == "invalid" and check("99.4", 3).status == "invalid"


def test_register_refuses_bad_definitions(scratch):
    register("99.5", "x", kind="number", answer=1.0)
    with pytest.raises(ValueError, match="already registered"):
        register("99.5", "x", kind="number", answer=1.0)
    with pytest.raises(ValueError, match="could never be reported"):
        register("99.6", "x", kind="number", answer=1.0, mistakes=[Mistake(1.0, "same", "h")])
    with pytest.raises(ValueError, match="give the same"):
        register("99.7", "x", kind="number", answer=1.0, mistakes=[Mistake(2.0, "a", "h"), Mistake(2.0, "b", "h")])
    with pytest.raises(ValueError, match="kind"):
        register("99.8", "x", kind="matrix", answer=1.0)
    with pytest.raises(ValueError, match="id"):
        register("99", "x", kind="number", answer=1.0)


def test_open_exercise(scratch):
    register("99.10", "why?", kind="open", answer="Because the negatives outnumber the positives.")
    assert check("99.10", "because of imbalance").status == "open"
    assert check("99.10", "").status == "invalid"
    assert "Model answer: Because" in str(solution("99.10"))
    with pytest.raises(ValueError, match="open"):
        register("99.11", "why?", kind="open", answer=3.0)


def test_unknown_id_is_a_clear_error():
    with pytest.raises(KeyError, match="no exercise"):
        check("98.1", 1.0)
    with pytest.raises(TypeError, match="exercise_id"):
        check(4.2, 1.0)


def test_feedback_renders_as_text_and_html(scratch):
    register("99.9", "x", kind="number", answer=0.5)
    fb = check("99.9", 0.5)
    assert str(fb).startswith("[99.9] Correct") and "<div" in fb._repr_html_()


def _far_from(ex):
    """An answer of the right form that is neither right, close, nor a listed mistake."""
    if ex.kind == "choice":
        return None
    if ex.kind == "number":
        return ex.answer + 1000.0
    arr = np.asarray(ex.answer, dtype=float) + 1000.0
    return [tuple(r) for r in arr] if arr.ndim == 2 else tuple(arr)


ALL = sorted(EXERCISES)


@pytest.mark.parametrize("eid", ALL)
def test_every_exercise(eid):
    ex = EXERCISES[eid]
    assert ex.prompt and ex.kind in exr.KINDS
    if ex.kind == "open":
        assert check(eid, "because the test set decides").status == "open" and check(eid, 3).status == "invalid"
        assert "Model answer:" in str(solution(eid))
        return
    assert check(eid, ex.answer).correct
    hints = set()
    for m in ex.mistakes:
        fb = check(eid, m.answer)
        assert fb.status == "mistake" and fb.mistake is m, (eid, m.mistake)
        hints.add(m.hint)
    assert len(hints) == len(ex.mistakes), f"{eid}: two mistakes share a hint"
    far = _far_from(ex)
    if far is not None:
        assert check(eid, far).status == "wrong"
    assert check(eid, "not an answer" if ex.kind != "choice" else 42).status == "invalid"
    sol = solution(eid)
    html = sol._repr_html_()
    assert html.startswith("<details") and "open" not in html.split(">")[0]
    assert "Answer:" in str(sol)


def test_every_chapter_has_exercises():
    for c in ("01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"):
        assert len(exr.exercises_of_chapter(c)) >= 4, f"chapter {c} needs at least 4 exercises"
