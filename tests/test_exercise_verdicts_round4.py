"""Round 4 of the fresh readers: the verdicts they found false, pinned with what they typed, in English and in
Chinese, and the page's checker on the same texts (it must say exactly what check() says).

The reader reads past the prompt's own words before a number ("degree 2", "the FPR is 0.0667", "次数为2",
"p值为 0.0199"), never a word that changes the number's meaning ("below 0.07"), and refuses the name of a value
the prompt GIVES ("P = 0.0667" where the prompt says P = 0.75; "R² = 0.516" where it says R² = 0.5848).
"""
from __future__ import annotations

import pytest

from learnmetrics._language import using
from learnmetrics.exercises import EXERCISES, check

LANGS = ("en", "zh")

# (exercise, typed, status, a piece of the English message or None)
CASES = [
    # 2. 13.3: 4/7 = 0.571428...; 0.6 is it rounded to 1 decimal (0.0286 off, under half a unit), near no mistake
    ("13.3", "0.6", "close", "rounded to 1 decimal"), ("13.3", "0.6000", "wrong", None),
    ("13.3", "0.571", "close", "rounded to 3 decimals"), ("13.3", "4/7", "correct", None),
    # 3. 08.5: CD = 2.569 √(2/3) = 2.0976; 2.11 is 0.0124 off, beyond the slack (0.0018) and no rounding of it
    ("08.5", "2.11", "wrong", None), ("08.5", "2.10", "close", "rounded to 2 decimals"), ("08.5", "2.098", "correct", None),
    # 4. the prompt's words before the number
    ("07.5", "degree 2", "correct", None), ("07.5", "degree: 2", "correct", None),
    ("07.5", "the degree is 2", "correct", None), ("07.5", "次数 2", "correct", None), ("07.5", "次数为2", "correct", None),
    ("07.5", "次数：２", "correct", None), ("07.5", "C_p 选 2 次", "correct", None), ("07.5", "2次多项式", "correct", None),
    ("07.5", "degree 8", "mistake", "largest R²"), ("07.5", "选 2", "invalid", '"选" before the number 2'),
    ("12.4", "FPR 0.0667", "correct", None), ("12.4", "the FPR is 0.0667", "correct", None),
    ("12.4", "below 0.07", "invalid", '"below" before the number 0.07'),
    ("12.6", "error rate 0.23", "correct", None), ("12.6", "错误率为 0.23", "correct", None),
    ("12.2", "错误率：１００％", "correct", None), ("13.5", "p值为 0.0199", "correct", None),
    ("13.5", "p 值：0.0199", "correct", None), ("13.5", "p = 0.0199", "correct", None), ("08.2", "c = 5", "correct", None),
    ("07.3", "adjusted R² = 0.516", "correct", None), ("07.3", "调整 R²：0.516", "correct", None),
    ("07.2", "R² = 0.462", "correct", None),          # "R² = 1 - SSE/SST" in the prompt is a formula, not a given value
    ("12.9", "e10 17", "correct", None), ("12.7", "FPR 0.25, TPR 0.6", "correct", None),
    ("03.4", "x 0.5263", "invalid", '"x" before the number 0.5263'),
    # 5. a value the prompt gives is no label of the answer
    ("12.4", "P = 0.0667", "invalid", '"P" names a value the prompt gives'),
    ("12.4", "precision P = 0.0667", "invalid", '"precision P" names a value the prompt gives'),
    ("12.4", "查准率 P = 0.0667", "invalid", '"查准率 P" names a value the prompt gives'),
    ("12.4", "R 0.0667", "invalid", '"R" names a value the prompt gives'),
    ("07.3", "R² = 0.516", "invalid", '"R²" names a value the prompt gives'),
    # 6. MRR, a mean of reciprocal ranks in [0, 1], reads a percentage as NDCG and KS do
    ("06.7", "61.1%", "correct", None), ("06.7", "MRR = 0.611", "correct", None), ("06.1", "57.4%", "correct", None),
    ("13.1", "60%", "correct", None),
    # 8. chapters 07, 08, 12, 13 as a learner types them
    ("07.1", "MSE：3.5", "correct", None), ("07.1", "３．５", "correct", None), ("07.1", "1.87", "mistake", "RMSE"),
    ("07.4", "(−39.18，−36.37)", "correct", None), ("07.4", "(39.18, 36.37)", "mistake", "wrong sign"),
    ("08.1", "τ_χ² = 4.27", "correct", None), ("08.2", "5 个错误", "correct", None), ("08.3", "-2.19", "wrong", None),
    ("08.4", "τ_χ² = 10.92, τ_F = 10.71", "correct", None), ("08.4", "（10.92，10.71）", "correct", None),
    ("12.1", "263位", "correct", None), ("12.4", "６．６７％", "correct", None), ("12.5", "l_rank = 0.389", "correct", None),
    ("12.7", "（０．２５，０．６）", "correct", None), ("12.10", "tau_F = 24.43", "correct", None),
    ("13.2", "78.6%", "correct", None), ("13.5", "1.99%", "correct", None),
]


@pytest.mark.parametrize("lang", LANGS)
def test_what_the_readers_typed_gets_a_true_verdict(lang):
    failed = []
    with using(lang):
        for eid, typed, status, piece in CASES:
            fb = check(eid, typed)
            if fb.status != status or (lang == "en" and piece is not None and piece not in fb.message):
                failed.append(f"{eid} {typed!r}: {fb.status}: {fb.message[:160]}")
    assert not failed, "\n".join(failed)


def test_the_numbers_behind_the_verdicts():
    assert abs(EXERCISES["13.3"].answer - 4 / 7) < 1e-12 and round(4 / 7, 1) == 0.6
    assert all(abs(m.answer - 0.6) > 0.09 for m in EXERCISES["13.3"].mistakes)
    ex = EXERCISES["08.5"]
    assert abs(ex.answer - 2.569 * (2 / 3) ** 0.5) < 1e-3 and abs(2.11 - ex.answer) > 5 * ex.slack


def test_the_chinese_texts_say_tied_as_the_course_does():
    """持平 ("level, holding even") is no word for tied scores or equal class counts: 并列 / 一样多."""
    with using("zh"):
        assert "持平" not in " ".join(EXERCISES["11.5"].text("key_points")) + EXERCISES["11.5"].text("answer")
        assert "并列" in EXERCISES["11.5"].text("answer")
        said = check("12.2", "0.5").message
        assert "持平" not in said and "一样多" in said
        assert "持平" not in check("12.5", "0.444").message
        assert "p 值" in EXERCISES["13.5"].text("prompt") or "p值" in EXERCISES["13.5"].text("prompt")


def test_the_page_says_exactly_what_check_says_on_these_texts(tmp_path):
    from test_exercise_checker_js import run_js
    cases, want = [], []
    for lang in LANGS:
        with using(lang):
            specs = {}
            for eid, typed, _, _ in CASES:
                spec = specs.setdefault(eid, EXERCISES[eid].spec())
                cases.append((spec, typed))
                fb = check(eid, typed)
                want.append((fb.status, fb.message))
    got = run_js(cases, tmp_path)
    differ = [(c[0]["id"], c[1], w, (g["status"], g["message"])) for c, w, g in zip(cases, want, got)
              if (g["status"], g["message"]) != w]
    assert not differ, differ[:5]
