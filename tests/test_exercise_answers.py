"""Exercise verdicts a learner can trust (issue 34): the answer reader and the honest "close".

Property tests over every computed exercise: a value that is neither within the tolerance nor the
truth rounded or cut is never "correct" or "close"; every rounding at the asked precision or finer
is correct; a coarser rounding is "close" and says so; each input form a learner types (a Chinese
keyboard, words after a number, percentages, lists without brackets, choices in Chinese) is read
as the issue lists, in both languages; check() never raises and never names a Python type.
"""
from __future__ import annotations

import math
import random

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.exercises import EXERCISES, QUANTITIES, check, solution
from learnmetrics.exercises._core import _flat

NUMERIC = [e for e in EXERCISES if EXERCISES[e].kind in ("number", "tuple", "sequence")]


def _typed(ex, values) -> str:
    """``values`` (flat) typed in the exercise's shape."""
    text = [repr(v) if isinstance(v, float) else v for v in values]
    if ex.kind == "number":
        return text[0]
    if ex.kind == "tuple":
        return "(" + ", ".join(text) + ")"
    k = len(ex.answer[0]) if isinstance(ex.answer[0], tuple) else 1
    if k == 1:
        return "[" + ", ".join(text) + "]"
    return "[" + ", ".join("(" + ", ".join(text[i:i + k]) + ")" for i in range(0, len(text), k)) + "]"


@pytest.mark.parametrize("eid", NUMERIC)
def test_every_computed_exercise_says_what_its_numbers_are(eid):
    ex = EXERCISES[eid]
    assert all(q in QUANTITIES for q in ex.quantities_of(len(_flat(ex.answer))))
    # "every rounding at the asked precision or finer is correct"
    assert ex.tolerance >= 0.5 / 10 ** ex.decimals * (1 - 1e-9) or ex.decimals == 0, eid


def may_round(d: int, t: float) -> bool:
    """Whether a rounding of t to d decimals is one a careful learner could have meant: it keeps a
    significant digit of t, and a decimal where |t| < 10 (the rule of _core._entry)."""
    return 10.0 ** -d <= abs(t) * (1 + 1e-9) and (d >= 1 or abs(t) >= 10)


@pytest.mark.parametrize("eid", NUMERIC)
def test_roundings_are_correct_or_close_and_say_so(eid):
    ex = EXERCISES[eid]
    a = _flat(ex.answer)
    for d in range(ex.decimals, ex.decimals + 4):
        fb = check(eid, _typed(ex, [f"{v:.{d}f}" for v in a]))
        assert fb.correct, (eid, d, fb)
    for d in range(0, ex.decimals):
        typed = [f"{v:.{d}f}" for v in a]
        if any(float(t) == 0 for t, v in zip(typed, a) if abs(v) > ex.tolerance):
            continue              # a 0 says nothing: never called a rounding
        fb = check(eid, _typed(ex, typed))
        if all(abs(float(t) - v) <= ex.tolerance for t, v in zip(typed, a)):
            continue
        if not all(may_round(d, v) for v in a if abs(v) > ex.tolerance):
            assert fb.status != "close", (eid, d, fb)    # 1 for 0.76, 5 for 4.6: no rounding slip
            continue
        assert fb.status == "close", (eid, d, fb)
        # Python's format rounds a binary tie (0.85 is 0.8499...) down: the message then says "cut"
        tie = any(abs(abs(float(t) - v) - 0.5 * 10.0 ** -d) < 1e-9 for t, v in zip(typed, a))
        assert f"rounded to {d} decimal" in fb.message or (tie and f"not rounded, to {d} decimal" in fb.message), \
            (eid, d, fb)


@pytest.mark.parametrize("eid", NUMERIC)
def test_a_value_that_is_no_rounding_is_never_close_or_correct(eid):
    """Random values at 1 to decimals+1 decimals near the truth: "correct" only within the
    tolerance, "close" only for the truth rounded or cut (or within the exercise's slack)."""
    ex = EXERCISES[eid]
    a = _flat(ex.answer)
    rng = random.Random(eid)
    for _ in range(60):
        i = rng.randrange(len(a))
        d = rng.randint(1, ex.decimals + 1)
        unit = 10.0 ** -d
        v = round(a[i] + rng.uniform(-4, 4) * max(unit, ex.tolerance), d)
        typed = [f"{u:.{ex.decimals + 2}f}" for u in a]
        typed[i] = f"{v:.{d}f}"
        fb = check(eid, _typed(ex, typed))
        x, t = float(typed[i]), a[i]
        within = abs(x - t) <= ex.tolerance * (1 + 1e-9)
        rounded = d < ex.decimals and abs(x - t) <= 0.5 * unit * (1 + 1e-9) and x != 0
        cut = d <= ex.decimals and x != 0 and (x >= 0) == (t >= 0) and 0 <= abs(t) - abs(x) < unit * (1 - 1e-9)
        slack = abs(x - t) <= ex.slack * (1 + 1e-9)
        if fb.status == "correct":
            assert within, (eid, typed, fb)
        if fb.status == "close":
            assert not within and (rounded or cut or slack), (eid, typed, fb)
            assert ("rounded to" in fb.message) == rounded or cut, (eid, typed, fb)


@pytest.mark.parametrize("eid, typed, status, says", [
    ("11.1", "0.0", "wrong", ""),                      # a 0 is no rounding of 0.092
    ("11.1", "0.09", "close", "0.09 is the right value rounded to 2 decimals"),
    ("11.1", "0.1", "wrong", "Not right"),         # 0.1 keeps no significant digit of 0.092: no rounding slip
    ("12.4", "0.06", "close", "0.06 is the right value cut, not rounded, to 2 decimals"),
    ("12.4", "0.07", "close", "0.07 is the right value rounded to 2 decimals"),
    ("13.5", "0.02", "close", "rounded to 2 decimals"),  # and the mistake named beside it
    ("03.4", "0.526 thousand", "invalid", '"thousand"'),
    ("03.4", "0.526 k", "invalid", '"k"'),
    ("03.4", "52.6 percent", "correct", ""),
    ("03.4", "百分之52.63", "correct", ""),
    ("03.4", "0.526 %", "wrong", ""),
    ("07.1", "350%", "invalid", "not a share"),
    ("07.5", "200.00%", "invalid", "not a share"),
    ("12.1", "26300.00%", "invalid", "not a share"),
    ("08.3", "219.26%", "invalid", "not a share"),
    ("03.4", "０.５２６３", "correct", ""),
    ("02.3", "(0.6，0.9，0.72)", "correct", ""),
    ("02.3", "（0.6, 0.9, 0.72）", "correct", ""),
    ("02.3", "0.6，0.9，0.72", "correct", ""),
    ("02.3", "0.6、0.9、0.72", "correct", ""),
    ("04.1", "(0, 0), (0, 0.25), (0, 0.5), (0.5, 0.5), (0.5, 0.75), (1, 0.75), (1, 1)", "correct", ""),
    ("03.4", "-0.5263", "wrong", "cannot be a share"),   # nothing is subtracted: no "wrong sign"
    ("06.1", "-0.574", "wrong", ""),
    ("07.4", "(39.18, 36.37)", "mistake", "wrong sign"),  # a difference: the sign message is true
    ("09.2", "方差", "correct", ""), ("08.7", "接近 α", "correct", ""), ("10.5", "低于 95%", "correct", ""), ("13.4", "约一半", "correct", ""),
    ("11.4", "不变", "correct", ""), ("12.3", "不是", "correct", ""), ("13.4", "约0.5", "correct", ""),
    ("05.1", "13 melons", "correct", ""), ("05.1", "13 apples", "invalid", '"apples"'),
    # "about", an answer's label and the quantity's own name before it are read (round 3 of the readers)
    ("03.4", "约0.5263", "correct", "0.5263"), ("03.4", "F2 = 0.5263", "correct", "0.5263"),
    ("03.4", "答：0.5263", "correct", "0.5263"), ("02.3", "P=0.6, R=0.9, F1=0.72", "correct", "0.72"),
    ("03.4", "x 0.5263", "invalid", '"x" before'), ("03.4", "G2 = 0.5263", "invalid", '"G2 =" before'),
])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_what_learners_type_is_read_as_the_issue_lists(eid, typed, status, says, lang):
    lm.set_language(lang)
    try:
        fb = check(eid, typed)
    finally:
        lm.set_language("en")
    assert fb.status == status, (lang, fb)
    if lang == "en" and says:
        assert says in fb.message, fb
    if "wrong sign" not in says:
        assert "wrong sign" not in fb.message and "符号反了" not in fb.message


def test_a_python_tuple_of_tuples_and_the_chinese_choices_in_both_languages():
    assert check("04.1", ((0, 0), (0, 0.25), (0, 0.5), (0.5, 0.5), (0.5, 0.75), (1, 0.75), (1, 1))).correct
    for eid in EXERCISES:
        ex = EXERCISES[eid]
        if ex.kind != "choice":
            continue
        assert len(ex.choices_zh) == len(ex.choices), f"{eid}: every choice needs its Chinese name"
        lm.set_language("zh")
        try:
            assert all(f"'{z}'" in ex.wanted for z in ex.choices_zh), eid
            assert check(eid, ex.choices_zh[ex.choices.index(ex.answer)]).correct
            assert check(eid, ex.answer).correct
        finally:
            lm.set_language("en")
        assert check(eid, ex.choices_zh[ex.choices.index(ex.answer)]).correct


def test_the_mistake_is_named_only_when_nearer_than_the_truth():
    ex = EXERCISES["13.5"]                         # truth 4/201, mistake 4/200 = 0.02
    fb = check("13.5", "0.02")
    assert fb.status == "close" and "only the numerator got the +1" in fb.message
    assert check("13.5", f"{4 / 200:.4f}").status == "mistake"   # 0.0200 is nearer the mistake
    assert check("13.5", f"{ex.answer:.4f}").correct


def test_open_answers_react_to_what_was_written():
    for eid in EXERCISES:
        ex = EXERCISES[eid]
        if ex.kind != "open":
            continue
        weak, model = check(eid, "p is large and so on"), check(eid, ex.answer)
        assert weak.status == model.status == "open"
        assert weak.message != model.message, eid
        assert model.message.count("\u2714") > weak.message.count("\u2714"), eid


class _BadFloat(float):
    def __float__(self):
        raise RuntimeError("no")


class _BadIter:
    def __iter__(self):
        raise RuntimeError("no")

    def __len__(self):
        return 3

    def __getattr__(self, name):
        raise RuntimeError("no")


class _BadRepr:
    def __repr__(self):
        raise RuntimeError("no")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_check_never_raises_and_never_names_a_python_type(lang):
    odd = [_BadFloat(0.5), _BadIter(), _BadRepr(), 3.0, [1, 2], {"a": 1}, np.array([1.0, 2.0]), b"0.5",
           float("nan"), 10 ** 400, True, object(), (1, "x", None), [[1, 2]] * 3]
    import re
    named = re.compile(r"(got|收到的是)\s*(float|int|str|list|dict|tuple|bytes|object|ndarray|NoneType)\b|_Bad\w+|"
                       r"RuntimeError|TypeError|ValueError|OverflowError")
    lm.set_language(lang)
    try:
        for eid in ("03.4", "02.3", "04.1", "09.2", "08.8"):
            for x in odd:
                fb = check(eid, x)
                assert fb.status in ("invalid", "wrong", "close", "correct", "mistake"), (eid, x, fb)
                assert not named.search(fb.message), (eid, fb.message)
    finally:
        lm.set_language("en")


def test_rounding_slack_is_the_largest_change_from_rounding_the_inputs():
    from learnmetrics.exercises import rounding_slack
    f = lambda p, r: 5 * p * r / (4 * p + r)            # F2
    s = rounding_slack(f, (0.5, 0.5555), 3)
    assert 0 < s < 1e-3
    grid = [f(0.5 + u, 0.5555 + v) for u in np.linspace(-5e-4, 5e-4, 11) for v in np.linspace(-5e-4, 5e-4, 11)]
    assert math.isclose(s, max(abs(g - f(0.5, 0.5555)) for g in grid), rel_tol=1e-9)


def test_chinese_solutions_write_chinese_punctuation_and_signs():
    """Issue 34: a Chinese worked solution uses full-width ：，； next to Chinese words, × for times, ² for a
    square, → for "leads to", and no space in "99.9%" (a formula's own ASCII brackets and a tuple to type stay)."""
    import re
    bad = re.compile(r"[\u4e00-\u9fff][:;,]|[:;,]\s*[\u4e00-\u9fff]|\^2|->|\d %|(?<=[\d)])\s*x\s*(?=[\d(])")
    found = []
    lm.set_language("zh")
    try:
        for eid in EXERCISES:
            text = solution(eid).text
            found += [f"{eid}: ...{text[max(0, m.start() - 20):m.end() + 20]!r}" for m in bad.finditer(text)]
    finally:
        lm.set_language("en")
    assert not found, "\n".join(found)
