"""Chapter 13's exercises: the notebook states each registered prompt, and the answers are computed."""
import json
from pathlib import Path

import pytest

import learnmetrics as lm
from learnmetrics.exercises import EXERCISES, check, exercises_of_chapter

NB = Path(__file__).resolve().parents[1] / "notebooks" / "13_evaluation_in_practice.ipynb"


def test_chapter_13_has_four_to_eight_exercises_and_the_notebook_states_them():
    exercises = exercises_of_chapter("13")
    assert 4 <= len(exercises) <= 8
    text = "\n".join("".join(c["source"]) for c in json.loads(NB.read_text())["cells"] if c["cell_type"] == "markdown")
    for ex in exercises:
        assert f"**Exercise {ex.id}** · {ex.prompt}" in text


def test_answers_agree_with_the_package():
    e1 = EXERCISES["13.1"]
    assert e1.answer == pytest.approx(lm.ks_statistic(e1.data["y_true"], e1.data["y_score"]).statistic)
    e2 = EXERCISES["13.2"]
    assert e2.answer == pytest.approx(lm.proportion_ci(e2.data["k"], e2.data["n"]).low)
    e3 = EXERCISES["13.3"]
    assert e3.answer == pytest.approx(lm.precision_at_recall(e3.data["y_true"], e3.data["y_score"],
                                                              min_recall=2 / 3).precision)


@pytest.mark.parametrize("eid, answer, status", [
    ("13.1", "0.4", "mistake"), ("13.1", "0.6", "correct"),
    ("13.2", "0.817", "mistake"), ("13.2", "0.786", "correct"), ("13.2", "0.79", "close"),
    ("13.3", "1.0000", "mistake"), ("13.4", "about 0.86", "mistake"), ("13.4", "about 0.5", "correct"),
    ("13.5", "0.015", "mistake"), ("13.5", "0.0199", "correct"),
])
def test_known_answers(eid, answer, status):
    assert check(eid, answer).status == status


def test_a_whole_number_is_no_rounding_of_a_share_but_the_mistake_it_equals():
    """13.3: "1" is the value of a listed mistake (precision 1), and no rounding of 0.5714 a careful learner
    would mean (round 3 of the readers: a whole number is a rounding only of a value of 10 or more)."""
    fb = check("13.3", "1")
    assert fb.status == "mistake" and fb.mistake is not None and fb.mistake.answer == 1.0
