"""Another try with new numbers in chapters 00-06 (issue 34, item 6): each variant's data are sensible.

tests/test_exercise_variants.py holds every variant to the checker's rules (seed 0 is the exercise,
the answer is correct, each mistake is named, non-roundings are never close). Here, for the computed
exercises of chapters 00-06, the variants 1..N_VARIANTS are also held to what their questions assume:
the truth and every listed mistake differ at the asked precision (so the learner who makes that
mistake is told so, and the one who rounds the truth is not), the mistakes differ from each other,
the truth typed at the asked precision is correct and each mistake typed at it gets its own verdict,
in both languages.
"""
from __future__ import annotations

import math

import pytest

import learnmetrics as lm
from learnmetrics.exercises import EXERCISES, N_VARIANTS, check
from learnmetrics.exercises._core import _flat
from test_exercise_answers import _typed  # a value typed in the exercise's shape

#: the computed exercises of chapters 00-06 that offer variants (the others: see the chapter modules)
WITH_VARIANTS = ["00.1", "01.1", "01.2", "01.3", "02.1", "02.2", "02.3", "02.4", "02.5", "02.6", "02.8",
                 "02.9", "02.10", "03.1", "03.2", "03.3", "03.4", "03.5", "04.1", "04.2", "04.3", "04.4",
                 "05.2", "05.3", "05.4", "05.5", "06.1", "06.2", "06.3", "06.4", "06.5", "06.6",
                 "06.7"]
DONE = [e for e in WITH_VARIANTS if e in EXERCISES and EXERCISES[e].has_variants]


@pytest.fixture(autouse=True)
def _english():
    lm.set_language("en")
    yield
    lm.set_language("en")


def _places(v) -> int:
    """The decimals a learner is asked for (finer where the tolerance recognises more, as 01.1's
    exact shares at 0.05)."""
    if v.tolerance == 0 or v.tolerance >= 0.5 / 10 ** v.decimals * (1 - 1e-9):
        return v.decimals
    return max(v.decimals, math.ceil(-math.log10(2 * v.tolerance) - 1e-9))


def _rounded(values, d):
    return tuple(round(x, d) + 0.0 for x in values)


def test_the_exercises_listed_have_variants():
    missing = [e for e in WITH_VARIANTS if not EXERCISES[e].has_variants]
    assert not missing, missing


@pytest.mark.parametrize("eid", DONE)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_truth_and_mistakes_differ_at_the_asked_precision(eid, lang):
    lm.set_language(lang)
    ex = EXERCISES[eid]
    for k in range(1, N_VARIANTS + 1):
        v = ex.variant(k)
        d = _places(v)
        truth = _flat(v.answer)
        assert all(math.isfinite(x) for x in truth), (eid, k)
        typed = _typed(v, [f"{x:.{v.decimals}f}" for x in truth])
        assert check(eid, typed, variant=k).correct, (eid, k, typed)
        seen = [_rounded(truth, d)]
        for m in v.mistakes:
            r = _rounded(_flat(m.answer), d)
            assert r not in seen, (eid, k, m.mistake, r, seen)
            seen.append(r)
            # a mistake that is no whole number in a question of counts (01.3's (k - 1)/k x m = 455.2) typed
            # as it is: rounded to whole numbers it is no longer that mistake
            if v.decimals == 0 and any(round(x) != x for x in _flat(m.answer)):
                typed = _typed(v, [f"{x:g}" for x in _flat(m.answer)])
            else:
                typed = _typed(v, [f"{x:.{d}f}" for x in _flat(m.answer)])
            fb = check(eid, typed, variant=k)
            assert fb.status == "mistake" and fb.mistake.answer == m.answer, (eid, k, typed, fb)


def _distinct(scores) -> bool:
    return len(set(map(float, scores))) == len(scores)


#: what each question assumes of its data, checked on every variant
ASSUMED = {
    "00.1": lambda d: _distinct(d["y_score"]) and any(d["threshold"] <= s < 0.5 for s in d["y_score"]),
    "01.1": lambda d: 0 < d["test_size"] < 1,
    "02.1": lambda d: d["new_threshold"] < d["old_threshold"],
    "02.5": lambda d: set(d["y_pred"]) == set(d["y_true"]) == {1, 2, 3},
    # C never predicted, A and B each found at least once (only C has F1 = 0)
    "02.6": lambda d: "C" not in d["y_pred"]
    and all(any(t == p == c for t, p in zip(d["y_true"], d["y_pred"])) for c in "AB"),
    "02.10": lambda d: all(any(row) for row in d["Y_true"]),
    "03.3": lambda d: _distinct(d["y_score"]),
    "03.4": lambda d: _distinct(d["y_score"]) and 0 < sum(d["y_pred"]) < len(d["y_pred"]),
    "03.5": lambda d: _distinct(d["y_score"]),
    # one tie, of a positive and a negative
    "04.4": lambda d: len(d["y_score"]) - len(set(map(float, d["y_score"]))) == 1,
    "06.2": lambda d: "d9" in d["relevant"] and "d9" not in d["ranked"],
    "06.3": lambda d: "z" in d["relevant"] and "z" not in d["ranked"],
}


@pytest.mark.parametrize("eid", sorted(ASSUMED))
def test_variant_data_fit_their_questions(eid):
    ex = EXERCISES[eid]
    for k in range(0, N_VARIANTS + 1):
        assert ASSUMED[eid](ex.variant(k).data), (eid, k, ex.variant(k).data)
