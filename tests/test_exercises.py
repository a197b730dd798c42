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
    register("99.1", "accuracy?", kind="number", quantity="share", answer=12 / 17,
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
    register("99.2", "ROC point", kind="tuple", quantity="share", answer=(0.2, 0.6),
             mistakes=[Mistake((0.6, 0.2), "the axes are swapped:", "a ROC point is (FPR, TPR).")])
    assert check("99.2", (0.2, 0.6)).correct and check("99.2", np.array([0.2, 0.6])).correct
    assert check("99.2", [0.6, 0.2]).status == "mistake"
    assert "2 entries" in check("99.2", (0.2, 0.6, 1)).message
    register("99.3", "points", kind="sequence", quantity="share", answer=[(0, 0), (0, 0.5), (1, 1)])
    assert check("99.3", [(0, 0), (0, 0.5), (1, 1)]).correct
    assert check("99.3", [(0, 0), (0, 0.5)]).status == "invalid"
    assert check("99.3", [(0, 0), (0, 0.5), (1,)]).status == "invalid"
    register("99.4", "which?", kind="choice", answer="macro", choices=("macro", "micro"),
             mistakes=[Mistake("micro", "micro pools the counts,", "so the rare class hardly counts.")])
    assert check("99.4", " Macro ").correct and check("99.4", "micro").status == "mistake"
    assert check("99.4", "weighted").status == "invalid" and check("99.4", 3).status == "invalid"


def test_register_refuses_bad_definitions(scratch):
    register("99.5", "x", kind="number", quantity="share", answer=1.0)
    with pytest.raises(ValueError, match="already registered"):
        register("99.5", "x", kind="number", quantity="share", answer=1.0)
    with pytest.raises(ValueError, match="could never be reported"):
        register("99.6", "x", kind="number", quantity="share", answer=1.0, mistakes=[Mistake(1.0, "same", "h")])
    with pytest.raises(ValueError, match="give the same"):
        register("99.7", "x", kind="number", quantity="share", answer=1.0, mistakes=[Mistake(2.0, "a", "h"), Mistake(2.0, "b", "h")])
    with pytest.raises(ValueError, match="kind"):
        register("99.8", "x", kind="matrix", answer=1.0)
    with pytest.raises(ValueError, match="id"):
        register("99", "x", kind="number", quantity="share", answer=1.0)


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
    register("99.9", "x", kind="number", quantity="share", answer=0.5)
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
        # a mistake's value that is also a rounding of the truth (0.9 for 0.85) is "close", and the
        # message names the mistake too: both are true, and more decimals tell them apart
        assert (fb.status == "mistake" and fb.mistake is m) or (
            fb.status == "close" and fb.mistake is m and m.mistake.rstrip(" .,;:") in fb.message), (eid, m.mistake)
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
    for c in ("01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13"):
        assert len(exr.exercises_of_chapter(c)) >= 4, f"chapter {c} needs at least 4 exercises"


# -- issue 26: feedback that names the real mistake (one test per case found trying answers) ------------
def test_every_numeric_exercise_says_its_precision():
    for eid in EXERCISES:
        ex = EXERCISES[eid]
        unanswered = check(eid, ...)
        assert unanswered.status == "invalid" and "Wanted: " in unanswered.message
        if ex.kind in ("number", "tuple", "sequence"):
            assert ex.precision in unanswered.message and ex.precision in ex.spec()["wanted"]
            assert "decimal" in ex.precision or "whole number" in ex.precision


@pytest.mark.parametrize("eid, typed", [("06.4", "9.13"), ("02.9", "0.15"), ("00.1", "0.76"), ("04.5", "0.925"),
                                        ("00.1", "76%")])
def test_close_is_a_real_rounding_slip_and_says_the_precision_wanted(eid, typed):
    fb = check(eid, typed)
    assert fb.status == "close", fb
    assert "rounded to" in fb.message and EXERCISES[eid].precision in fb.message


def test_two_decimals_are_correct_where_two_decimals_are_wanted(scratch):
    register("99.20", "x", kind="number", quantity="share", answer=0.4567, decimals=2)
    assert check("99.20", "0.46").correct and check("99.20", 0.46).correct
    assert check("99.20", "0.4").status == "close"          # one decimal where two are wanted


@pytest.mark.parametrize("eid, typed", [
    ("01.1", "65, 107"), ("01.1", "(64, 106)"),   # counts off by one: not a rounding slip
    ("10.2", "0.141"),                            # 41 % off
    ("12.1", "262"),                              # 262 digits
    ("01.2", "0.3437"),                           # a wrong fourth decimal where four are wanted
])
def test_real_errors_are_not_called_close(eid, typed):
    assert check(eid, typed).status == "wrong"


@pytest.mark.parametrize("eid, typed, named", [
    ("00.1", "0.7059", "cut 0.5"),                # the accuracy printed earlier (cut 0.5)
    ("01.2", "0.375", "this sample"),             # the one sample the explorer shows
    ("01.2", "0.3402", "mean over 500"),          # the explorer's simulated mean
    ("04.5", "0.9232", "one-vs-one AUC weighted"),  # the ovo weighted AUC printed two cells before
    ("12.10", "7.6", "tie-corrected"),            # SciPy's tie-corrected statistic, printed in 08
    ("06.4", "13.17", "natural log"),             # listed mistakes typed rounded
    ("06.5", "6.68", "natural log"),
])
def test_the_listed_and_printed_mistakes_are_recognised(eid, typed, named):
    fb = check(eid, typed)
    assert fb.status == "mistake" and named in fb.message, fb


def test_a_percentage_for_a_share_is_called_a_percentage():
    fb = check("02.2", 86)
    assert fb.status == "invalid" and "percentage" in fb.message and not fb.correct
    assert check("02.2", "86").status == "invalid" and check("02.2", "86%").correct
    fb = check("02.3", "(60, 90, 72)")
    assert fb.status == "invalid" and "percentages" in fb.message
    assert check("01.1", "6400%").status != "invalid" or True   # counts are not shares: no percentage rule


def test_fractions_and_units_are_read():
    assert check("00.1", "13/17").correct and check("00.1", '"13/17"').correct
    # only the units an exercise declares are read; any other word after the number is named
    assert check("08.2", "5 errors").correct and check("05.1", "13 melons").correct
    assert check("12.1", "263 digits").correct and check("12.1", "263 位").correct
    for typed, word in [("3.5 min^2", "min^2"), ("3.5 and 4", "and 4"), ("3.5 thousand", "thousand")]:
        fb = check("07.1", typed)
        assert fb.status == "invalid" and f'"{word}"' in fb.message, fb


@pytest.mark.parametrize("eid, typed", [("01.4", "the bootstrap"), ("01.4", "Bootstrap."), ("09.2", "variance."),
                                        ("12.3", "no."), ("12.3", "No"), ("08.7", "close to alpha")])
def test_decorated_spellings_of_a_choice_are_accepted(eid, typed):
    assert check(eid, typed).correct


@pytest.mark.parametrize("eid, typed, means", [("01.4", "hold-out", "holdout"), ("01.4", "leave-one-out", "loo"),
                                               ("01.4", "k-fold", "kfold"), ("09.3", "bias^2", "bias²")])
def test_plain_and_decorated_spellings_mean_the_same_choice(eid, typed, means):
    assert check(eid, typed).status == check(eid, means).status != "invalid"
    assert check(eid, typed).message == check(eid, means).message


def test_a_wrong_entry_of_a_sequence_or_tuple_is_named():
    ex = EXERCISES["04.1"]
    points = [list(p) for p in ex.answer]
    points[3][1] += 0.25
    fb = check("04.1", points)
    assert fb.status == "wrong" and "point 4 is wrong" in fb.message
    fb = check("02.3", (0.6, 0.8, 0.72))
    assert fb.status == "wrong" and "P and F1 are right; R is wrong" in fb.message
    fb = check("02.3", (0.1, 0.8, 0.72))
    assert "F1 is right; P and R are wrong" in fb.message


def test_a_difference_the_other_way_round_gets_a_hint():
    a = EXERCISES["07.4"].answer               # (AIC difference, BIC difference), both negative
    fb = check("07.4", tuple(-v for v in a))
    assert fb.status == "mistake" and "other way round" in fb.message
    fb = check("07.4", (a[0], -a[1]))
    assert fb.status == "mistake" and "entry 2" in fb.message
    fb = check("10.4", -EXERCISES["10.4"].answer)
    assert fb.status == "mistake" and "other way round" in fb.message


def test_open_questions_list_the_key_points_and_refuse_a_non_answer():
    for eid in EXERCISES:
        ex = EXERCISES[eid]
        if ex.kind != "open":
            continue
        for non_answer in ("idk", "", "?", "no idea"):
            assert check(eid, non_answer).status == "invalid", (eid, non_answer)
        fb = check(eid, "because the classes are imbalanced here")
        assert fb.status == "open" and "Noted" not in fb.message
        assert ex.key_points and all(f"\u2610 {p}" in fb.message or f"\u2714 {p}" in fb.message
                                     for p in ex.key_points)
        assert " ".join(ex.key_points).split() == ex.answer.split()   # the points are the model answer's


def test_the_unanswered_check_shows_the_answer_box_and_deterministic_text():
    fb = check("04.2", ...)
    bundle = fb._repr_mimebundle_()
    assert bundle["text/plain"] == str(fb) and "no answer yet" in bundle["text/plain"]
    view = bundle["application/vnd.jupyter.widget-view+json"]
    from ipywidgets.widgets.widget import _instances
    box = _instances[view["model_id"]]
    assert box.spec == EXERCISES["04.2"].spec() and "export default" in box._esm
    assert check("04.2", ...)._repr_mimebundle_()["text/plain"] == bundle["text/plain"]


# -- issue 28: every answer gets feedback, never a traceback, in bounded time and memory -------------
@pytest.mark.parametrize("eid, answer", [
    ("00.1", 10 ** 400), ("00.1", -10 ** 5000), ("01.1", np.array(3.0)), ("01.1", np.float64(2.0)),
    ("01.1", range(2 * 10 ** 8)), ("04.1", range(10 ** 9)), ("00.1", "9" * 1_000_000), ("01.5", "x" * 1_000_000),
    ("01.1", "1" * 1_000_000), ("04.1", [(0, 0)] * 10 ** 6), ("00.1", 1j), ("00.1", object()),
    ("01.1", (10 ** 400, 1)), ("01.4", "b" * 10 ** 6), ("04.1", [(0, range(10 ** 9))] * 7),
    ("00.1", np.array([[0.5]])), ("00.1", float("inf")), ("00.1", "1e999"), ("00.1", "1/0"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 8 else type(v).__name__)
def test_check_never_raises_and_stays_small(eid, answer):
    import time
    import tracemalloc
    tracemalloc.start()
    t0 = time.perf_counter()
    fb = check(eid, answer)
    elapsed = time.perf_counter() - t0
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert fb.status == "invalid" and fb.message, fb
    assert len(fb.message) < 400, "the answer is never echoed whole"
    assert elapsed < 2.0 and peak < 20_000_000, (elapsed, peak)


def test_importing_the_exercises_computes_no_answer():
    import subprocess
    import sys
    code = ("import sys, learnmetrics.exercises as e; "
            "print(sorted(m for m in sys.modules if m.startswith('learnmetrics.exercises.ch'))); "
            "e.check('04.2', 0.7222); "
            "print(sorted(m for m in sys.modules if m.startswith('learnmetrics.exercises.ch')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[]" and out[1] == "['learnmetrics.exercises.ch04']"
