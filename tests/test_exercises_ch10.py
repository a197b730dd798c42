"""Chapter 10's exercises: the notebook states each registered prompt, and the answers are computed."""
import json
from pathlib import Path

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.exercises import EXERCISES, check, exercises_of_chapter

NB = Path(__file__).resolve().parents[1] / "notebooks" / "10_uncertainty.ipynb"


def test_chapter_10_has_four_to_eight_exercises_and_the_notebook_states_them():
    exercises = exercises_of_chapter("10")
    assert 4 <= len(exercises) <= 8
    text = "\n".join("".join(c["source"]) for c in json.loads(NB.read_text())["cells"] if c["cell_type"] == "markdown")
    for ex in exercises:
        assert f"**Exercise {ex.id}** · {ex.prompt}" in text


def test_answers_agree_with_the_package():
    e1 = EXERCISES["10.1"]
    assert e1.answer == pytest.approx(lm.roc_auc_ci(e1.data["y_true"], e1.data["y_score"]).standard_error)
    e4 = EXERCISES["10.4"]
    r = lm.delong_test(e4.data["y_true"], e4.data["y_score_a"], e4.data["y_score_b"])
    assert e4.answer == pytest.approx(r.z)
    e3 = EXERCISES["10.3"]
    assert e3.answer == pytest.approx(tuple(np.quantile(e3.data["values"], [0.05, 0.95])))
    assert check("10.5", "about 95%").status == "mistake"
    assert EXERCISES["10.5"].answer == "below 95%" and EXERCISES["10.5"].data["coverage"] < EXERCISES["10.5"].data["band"][0]
