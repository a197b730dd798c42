"""Another try with new numbers (issue 34, item 6): an exercise's variants and the per-part verdict.

An exercise that declares a variant maker offers N_VARIANTS variants: prompt, answer, mistakes and
worked solution recomputed by learnmetrics from new data. The maker at seed 0 gives back the exercise
itself (so its texts cannot drift from the registered ones, in either language); each variant is
checked by the same rules as the exercise (its answer correct, each mistake named, roundings close,
non-roundings never close or correct), in Python and in the page (the corpus test in
test_exercise_checker_js.py runs the variants too); the spec carries the variants in the contract
the page's "another one" button reads.
"""
from __future__ import annotations

import json
import random
import re

import pytest

import learnmetrics as lm
from learnmetrics.exercises import EXERCISES, N_VARIANTS, another, check, solution
from learnmetrics.exercises._core import _build_variant, _flat
from test_exercise_answers import _typed  # a value typed in the exercise's shape

WITH = [e for e in EXERCISES if EXERCISES[e].has_variants]
DECIMAL = re.compile(r"\d+\.\d+")
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def _english():
    lm.set_language("en")
    yield
    lm.set_language("en")


def test_the_computed_exercises_of_the_first_chapters_have_variants():
    assert len(WITH) >= 5, WITH
    for eid in WITH:
        assert EXERCISES[eid].kind in ("number", "tuple", "sequence"), eid


def _texts(ex):
    return (ex.text("prompt"), tuple((m.said(), _flat(m.answer)) for m in ex.mistakes), solution(ex.id).text
            if ex.variant_index == 0 else None)


@pytest.mark.parametrize("eid", WITH)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_seed_0_is_the_exercise_itself(eid, lang):
    """The maker recomputes the registered exercise exactly: prompt, answer, mistakes, solution."""
    ex = EXERCISES[eid]
    zero = _build_variant(ex, 0, ex.variants(0))
    lm.set_language(lang)
    assert zero.text("prompt") == ex.text("prompt")
    assert _flat(zero.answer) == _flat(ex.answer)
    assert [(m.said(), _flat(m.answer)) for m in zero.mistakes] == [(m.said(), _flat(m.answer)) for m in ex.mistakes]
    assert zero.text("solve")() == ex.text("solve")()


@pytest.mark.parametrize("eid", WITH)
def test_each_variant_is_checked_by_the_same_rules(eid):
    ex = EXERCISES[eid]
    answers = [_flat(ex.answer)]
    for k in range(1, N_VARIANTS + 1):
        v = ex.variant(k)
        a = _flat(v.answer)
        assert all(max(abs(x - y) for x, y in zip(a, b)) > ex.tolerance for b in answers), (eid, k)
        answers.append(a)
        assert check(eid, v.answer, variant=k).correct
        assert not check(eid, ex.answer, variant=k).correct
        for m in v.mistakes:
            fb = check(eid, m.answer, variant=k)
            assert fb.status in ("mistake", "close") and fb.mistake == m, (eid, k, fb)
        sol = solution(eid, variant=k).text
        assert sol.endswith(check(eid, v.answer, variant=k).message[len("Correct: "):-1]), (eid, k, sol)
        # its prompt names its own numbers, not the exercise's
        assert v.prompt != ex.prompt and v.text("solve")() != ex.text("solve")()


@pytest.mark.parametrize("eid", WITH)
def test_a_variant_value_that_is_no_rounding_is_never_close_or_correct(eid):
    ex = EXERCISES[eid]
    rng = random.Random(eid)
    for k in range(1, N_VARIANTS + 1):
        v = ex.variant(k)
        a = _flat(v.answer)
        for _ in range(30):
            # beyond the answer's tolerance and the slack its intermediate roundings may take (08.5)
            typed = [t + rng.choice([-1, 1]) * (v.slack + rng.uniform(1.01, 40) / 10 ** v.decimals) for t in a]
            typed = [f"{x:.{v.decimals + 2}f}" for x in typed]
            fb = check(eid, _typed(v, typed), variant=k)
            assert fb.status not in ("correct", "close"), (eid, k, typed, fb)
        # a rounding at the asked precision is correct, a coarser one close
        assert check(eid, _typed(v, [f"{t:.{v.decimals}f}" for t in a]), variant=k).correct


@pytest.mark.parametrize("eid", WITH)
def test_the_chinese_variant_says_the_same_numbers(eid):
    ex = EXERCISES[eid]
    for k in range(1, N_VARIANTS + 1):
        lm.set_language("en")
        en, en_prompt = solution(eid, variant=k).text, ex.variant(k).text("prompt")
        lm.set_language("zh")
        zh, zh_prompt = solution(eid, variant=k).text, ex.variant(k).text("prompt")
        assert CJK.search(zh) and CJK.search(zh_prompt), (eid, k)
        assert sorted(DECIMAL.findall(en)) == sorted(DECIMAL.findall(zh)), (eid, k)
        en_prompt = re.sub(r"(?<=\d),(?=\d{3})", "", en_prompt)       # 1,747 in English, 1747 in Chinese
        assert sorted(re.findall(r"\d+", en_prompt)) == sorted(re.findall(r"\d+", zh_prompt)), (eid, k)
        assert all(CJK.search(m.said()[0]) for m in ex.variant(k).mistakes), (eid, k)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_spec_carries_the_variants_the_page_reads(lang):
    lm.set_language(lang)
    for eid in EXERCISES:
        spec = EXERCISES[eid].spec()
        if eid not in WITH:
            assert "variants" not in spec, eid
            continue
        assert json.loads(json.dumps(spec)) == spec
        assert len(spec["variants"]) == N_VARIANTS
        for k, var in enumerate(spec["variants"], 1):
            v = EXERCISES[eid].variant(k)
            assert {"prompt", "answer", "answer_text", "mistakes", "solution"} <= set(var), eid
            assert set(var) <= {"prompt", "answer", "answer_text", "mistakes", "solution", "tolerance", "decimals",
                                "precision", "wanted", "length", "item_length", "slack"}, eid
            assert var["prompt"] == v.text("prompt") and var["solution"] == solution(eid, variant=k).text
            assert len(var["mistakes"]) == len(spec["mistakes"])
            assert all(set(m) == set(spec["mistakes"][0]) for m in var["mistakes"])
            assert "variants" not in var


def test_spec_growth_stays_small():
    """The variants stay a few kilobytes per answer box (notebooks/ has a size budget)."""
    for eid in WITH:
        spec = EXERCISES[eid].spec()
        grow = len(json.dumps(spec["variants"]))
        assert grow < 12_000, (eid, grow)


def test_another_shows_the_next_variant_and_how_to_check_it():
    eid = WITH[0]
    first, second = another(eid), another(eid)
    assert first.variant % N_VARIANTS + 1 == second.variant
    assert f'check("{eid}", your_answer, variant={second.variant})' in str(second)
    assert EXERCISES[eid].variant(second.variant).prompt in str(second)
    assert "<div" in second._repr_html_()
    assert another(eid, 3).variant == 3
    lm.set_language("zh")
    assert CJK.search(str(another(eid, 3)))


def test_bad_variant_requests_are_clear_errors():
    eid = WITH[0]
    without = next(e for e in EXERCISES if not EXERCISES[e].has_variants)
    for bad in (N_VARIANTS + 1, -1, 1.5, "2", True):
        with pytest.raises(ValueError, match="variant"):
            check(eid, 0.5, variant=bad)
    with pytest.raises(ValueError, match="no variants"):
        check(without, 0.5, variant=1)
    with pytest.raises(ValueError, match="no variants"):
        another(without)
    with pytest.raises(ValueError, match="variant"):
        solution(eid, variant=0.5)
    assert check(eid, None, variant=1).status == "invalid"
    assert check(eid, object(), variant=1).status == "invalid"


def test_per_part_credit_names_the_right_parts():
    a = EXERCISES["02.3"].answer
    fb = check("02.3", (a[0], a[1] + 0.2, a[2]))
    assert fb.status == "wrong" and "P and F1 are right; R is wrong" in fb.message
    fb = check("04.1", [(x, y + (0.3 if i in (2, 4) else 0)) for i, (x, y) in enumerate(EXERCISES["04.1"].answer)])
    assert "points 1, 2, 4, 6 and 7 are right; points 3 and 5 are wrong" in fb.message
    lm.set_language("zh")
    fb = check("02.3", (a[0] + 0.2, a[1] + 0.2, a[2]))
    assert "F1对了" in fb.message and "P 和 R错了" in fb.message


def test_a_variant_with_its_own_hint_sends_it_to_the_page():
    """A maker may give a variant its own hint (numbers of its own): the variant's spec carries it,
    so the page, which checks with {...spec, ...variant}, says the hint Python says."""
    import dataclasses

    from learnmetrics.exercises import EXERCISES

    ex = EXERCISES["02.2"]
    made = ex.variants
    ex2 = dataclasses.replace(ex, variants=lambda seed: {**made(seed), "hint": f"hint of variant {seed}"})
    spec = ex2.spec()
    for k, var in enumerate(spec["variants"], 1):
        assert var["hint"] == f"hint of variant {k}" == ex2.variant(k).text("hint")
    assert "hint" not in ex.spec()["variants"][0]     # the stored exercises: no variant hint of their own
