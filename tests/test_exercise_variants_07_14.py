"""'Another one' for the computed exercises of chapters 07-14 (issue 34, item 6): each variant's data
makes sense for its question.

test_exercise_variants.py holds every variant to the common rules (seed 0 is the exercise itself, the
answer correct, each mistake named, the Chinese says the same numbers) and test_exercise_checker_js.py
proves the page agrees. Here, per variant 1..N_VARIANTS of the exercises listed: the truth and every
listed mistake stay apart *at the asked precision* (typed as the exercise wants them, each gets its own
verdict: the truth "correct", each mistake its own name), every number is finite, and the worked
solution exists in both languages.
"""
from __future__ import annotations

import math

import pytest

import learnmetrics as lm
from learnmetrics.exercises import EXERCISES, N_VARIANTS, check, solution
from learnmetrics.exercises._core import _flat
from test_exercise_answers import _typed

#: the exercises of chapters 07-14 given variants by this change (the others of 07-14 had them before,
#: or say in their chapter module why they have none)
IDS = ["07.3", "07.4", "08.2", "08.3", "08.1", "08.4", "08.5", "09.1", "10.1", "10.3", "10.4", "11.2", "12.1", "12.5", "12.7", "12.8", "13.1", "13.3", "13.5", "14.1", "10.2", "12.9", "12.10"]


@pytest.fixture(autouse=True)
def _english():
    lm.set_language("en")
    yield
    lm.set_language("en")


def _at(ex, values):
    return [f"{v:.{ex.decimals}f}" for v in values]


@pytest.mark.parametrize("eid", IDS)
def test_the_exercise_offers_variants(eid):
    assert EXERCISES[eid].has_variants


@pytest.mark.parametrize("eid", IDS)
def test_truth_and_mistakes_stay_apart_at_the_asked_precision(eid):
    ex = EXERCISES[eid]
    for k in range(1, N_VARIANTS + 1):
        v = ex.variant(k)
        truth = _flat(v.answer)
        assert all(math.isfinite(t) for t in truth), (eid, k)
        typed_truth = _at(v, truth)
        assert check(eid, _typed(v, typed_truth), variant=k).status == "correct", (eid, k, typed_truth)
        seen = [typed_truth]
        for m in v.mistakes:
            typed = _at(v, _flat(m.answer))
            assert typed not in seen, (eid, k, m.mistake, typed)
            seen.append(typed)
            fb = check(eid, _typed(v, typed), variant=k)
            assert fb.status == "mistake" and fb.mistake == m, (eid, k, m.mistake, typed, fb)
            fb = check(eid, m.answer, variant=k)      # a short float (0.5) may also be the truth rounded: close
            assert fb.status in ("mistake", "close") and fb.mistake == m, (eid, k, m.mistake, fb)


@pytest.mark.parametrize("eid", IDS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_variant_has_its_worked_solution(eid, lang):
    lm.set_language(lang)
    for k in range(1, N_VARIANTS + 1):
        text = solution(eid, variant=k).text
        assert text.count("\n") >= 2, (eid, k, text)
