"""Issue 34: every choice exercise in both languages, as a Chinese or an English learner types it.

Each choice has its Chinese name (the glossary's term), shown in the Chinese prompt; the names, the
usual synonyms (一半/约一半, 不变/保持不变, 交叉验证, up/unchanged ...) and short forms a learner types
are accepted in either language, the same by Python's check and by the page's checker (the spec's
``aliases``); what means no choice, or two, is refused. No message names a Python type.
"""
from __future__ import annotations

import re

import pytest

import learnmetrics as lm
from learnmetrics._language import using
from learnmetrics.exercises import EXERCISES, check
from learnmetrics.exercises._core import _norm_choice

# what a learner types -> the choice it means (None: it must be refused as no answer of the form)
PHRASES = {
 "01.4": {"bootstrap sampling":"bootstrap","leave one out":"loo","10-fold cross-validation":"kfold","training error":"resubstitution","自助法":"bootstrap","自助采样":"bootstrap","一次自助采样":"bootstrap","自助":"bootstrap","bootstrap":"bootstrap","Bootstrap法":"bootstrap","自助采样法":"bootstrap",
          "留一法":"loo","留一":"loo","LOO":"loo","留出法":"holdout","留出":"holdout","留出法划分":"holdout","hold-out":"holdout",
          "交叉验证":"kfold","交叉验证法":"kfold","10折交叉验证":"kfold","十折交叉验证":"kfold","k折交叉验证":"kfold","K 折交叉验证":"kfold","10 折交叉验证":"kfold",
          "训练误差":"resubstitution","在训练集上评估":"resubstitution","重代入":"resubstitution","再代入":"resubstitution","训练集误差":"resubstitution",
          "自助法和留出法":None,"不知道":None},
 "08.6": {"选择A-D":"A-D","我选 A-D":"A-D","答案：A-D":"A-D","A-D":"A-D","A–D":"A-D","A—D":"A-D","AD":"A-D","A和D":"A-D","A与D":"A-D","A-D 一对":None,"只有A-D":"A-D","只有 A-D":"A-D","A-D。":"A-D",
          "A-C 和 A-D":"A-C and A-D","A-C、A-D":"A-C and A-D","A-C,A-D":"A-C and A-D","A-C与A-D":"A-C and A-D","A-C，A-D":"A-C and A-D","A-C and A-D":"A-C and A-D","A-C & A-D":"A-C and A-D",
          "A-D 和 B-D":"A-D and B-D","A-D、B-D":"A-D and B-D","A-D与B-D":"A-D and B-D",
          "都不显著":"none","没有":"none","无":"none","均不显著":"none","都没有":"none","没有显著差别":"none","none":"none","没有一对":"none",
          "A-B":None,"B-D":None},
 "08.7": {"接近α":"close to α","接近 α":"close to α","接近alpha":"close to α","接近 0.05":"close to α","约等于α":"close to α","接近α。":"close to α","和α差不多":"close to α","close to alpha":"close to α",
          "远高于α":"well above α","远高于 α":"well above α","远大于α":"well above α","明显高于α":"well above α","远高于alpha":"well above α",
          "接近0":"close to 0","接近 0":"close to 0","接近零":"close to 0","几乎为0":"close to 0",
          "高于α":None,"α":"close to α"},
 "09.2": {"方差":"variance","方差。":"variance","variance":"variance","噪声":"noise","噪音":"noise","偏差²":"bias²","偏差2":"bias²","偏差^2":"bias²","偏差平方":"bias²","偏差的平方":"bias²","偏差":"bias²","bias":"bias²","bias^2":"bias²","bias squared":"bias²",
          "方差增大":"variance","方差变大":"variance","偏差和方差":None},
 "09.3": {"噪声":"noise","噪音":"noise","噪声项":"noise","noise":"noise","方差":"variance","偏差":"bias²","偏差²":"bias²"},
 "09.4": {"低于噪声 ε²":"below the noise ε²","低于噪声":"below the noise ε²","低于":"below the noise ε²","低于ε²":"below the noise ε²","低于 ε^2":"below the noise ε²","小于噪声":"below the noise ε²","比噪声低":"below the noise ε²","below":"below the noise ε²","below the noise":"below the noise ε²",
          "约等于噪声":"about the noise ε²","约等于":"about the noise ε²","约等于ε²":"about the noise ε²","差不多":"about the noise ε²","接近噪声":"about the noise ε²","about the noise":"about the noise ε²",
          "高于噪声":"above the noise ε²","高于":"above the noise ε²","大于噪声":"above the noise ε²","高于ε²":"above the noise ε²","above":"above the noise ε²"},
 "10.5": {"低于 95%":"below 95%","低于95%":"below 95%","低于":"below 95%","不到95%":"below 95%","below 95%":"below 95%","below":"below 95%","less than 95%":"below 95%",
          "约 95%":"about 95%","约95%":"about 95%","95%左右":"about 95%","95%":"about 95%","about 95%":"about 95%","差不多95%":"about 95%",
          "高于 95%":"above 95%","高于":"above 95%","超过95%":"above 95%","above 95%":"above 95%","more than 95%":"above 95%",
          "90%":None,"约一半":None},
 "11.4": {"不变":"stays the same","保持不变":"stays the same","没变":"stays the same","不会变":"stays the same","没有变化":"stays the same","一样":"stays the same","不变。":"stays the same","unchanged":"stays the same","the same":"stays the same","same":"stays the same","stays the same":"stays the same",
          "变大":"goes up","上升":"goes up","升高":"goes up","增大":"goes up","提高":"goes up","变高":"goes up","增加":"goes up","up":"goes up","increases":"goes up","goes up":"goes up",
          "变小":"goes down","下降":"goes down","降低":"goes down","减小":"goes down","变低":"goes down","减少":"goes down","down":"goes down","decreases":"goes down"},
 "12.3": {"不是":"no","否":"no","不一定":"no","不":"no","不会":"no","no":"no","No.":"no","未必":"no","不是。":"no",
          "是":"yes","是的":"yes","一定":"yes","对":"yes","yes":"yes","会":"yes","一定是":"yes"},
 "13.4": {"约0.5":"about 0.5","约 0.5":"about 0.5","0.5":"about 0.5","大约0.5":"about 0.5","0.5左右":"about 0.5","约一半":"about 0.5","一半":"about 0.5","50%":"about 0.5","约50%":"about 0.5","about 0.5":"about 0.5","about half":"about 0.5","约 0.50":"about 0.5","0.50":"about 0.5","½":"about 0.5",
          "约0.86":"about 0.86","0.86":"about 0.86","86%":"about 0.86","约0.68":"about 0.68","0.68":"about 0.68","0.6":None,"0.7":None},
 "14.4": {"不变":"unchanged","保持不变":"unchanged","没变":"unchanged","不会变":"unchanged","一样":"unchanged","变高":"higher","升高":"higher","提高":"higher","变大":"higher","上升":"higher","变低":"lower","降低":"lower","下降":"lower","变小":"lower","the same":"unchanged","stays the same":"unchanged","up":"higher","down":"lower"},
 "14.5": {"嵌套交叉验证":"nested CV","嵌套CV":"nested CV","嵌套 cv":"nested CV","nested cross-validation":"nested CV","嵌套":"nested CV","nested":"nested CV","nested CV":"nested CV",
          "网格搜索最好的分数":"grid best","网格搜索":"grid best","grid best":"grid best","训练集 AP":"training AP","训练集AP":"training AP","training AP":"training AP","训练AP":"training AP"},
}


def _expected(eid, phrase, want, fb):
    ex = EXERCISES[eid]
    if want is None:
        return fb.status == "invalid"
    if want == ex.answer:
        return fb.status == "correct"
    return fb.status == "mistake" and fb.mistake is not None and fb.mistake.answer == want


def _cases():
    return [(eid, phrase, want) for eid, table in PHRASES.items() for phrase, want in table.items()]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_phrasing_means_what_the_learner_meant(lang):
    wrong = []
    with using(lang):
        for eid, phrase, want in _cases():
            fb = check(eid, phrase)
            if not _expected(eid, phrase, want, fb):
                wrong.append(f"{eid} {phrase!r} -> {fb.status}: {fb.message[:70]}")
    assert not wrong, f"{len(wrong)} of {len(_cases())}:\n" + "\n".join(wrong)


def test_the_page_reads_every_phrasing_as_python_does(tmp_path):
    from test_exercise_checker_js import run_js
    cases, want = [], []
    for lang in ("en", "zh"):
        with using(lang):
            for eid, phrase, _ in _cases():
                cases.append((EXERCISES[eid].spec(), phrase))
                fb = check(eid, phrase)
                want.append((fb.status, fb.message))
    got = run_js(cases, tmp_path)
    differ = [(c[0]["id"], c[1], w, (g["status"], g["message"])) for c, w, g in zip(cases, want, got)
              if (g["status"], g["message"]) != w]
    assert not differ, differ[:10]


def test_every_choice_exercise_is_covered_and_names_its_choices_in_chinese():
    choice = {eid for eid in EXERCISES if EXERCISES[eid].kind == "choice"}
    assert choice <= set(PHRASES), choice - set(PHRASES)
    with using("zh"):
        for eid in choice:
            ex = EXERCISES[eid]
            prompt = ex.text("prompt")
            assert all(f"'{z}'" in prompt for z in ex.choices_zh), (eid, prompt)
            assert not re.search(r"\['", prompt), (eid, "a Python list in the Chinese prompt")


def test_no_spelling_means_two_choices():
    for eid in EXERCISES:
        ex = EXERCISES[eid]
        if ex.kind != "choice":
            continue
        means = {_norm_choice(c): c for c in ex.choices}
        for k, c in ex.aliases:
            assert means.setdefault(k, c) == c, (eid, k)
    with pytest.raises(ValueError, match="would mean both"):
        from learnmetrics.exercises._core import _checked_aliases
        _checked_aliases("x.1", ("goes up", "higher"), (("up", "goes up"), ("up", "higher")))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_choice_answered_with_a_python_value_names_no_type(lang):
    named = re.compile(r"(got|收到的是)\s*(float|int|str|list|dict|tuple|bytes|NoneType|ndarray|bool)\b|<class|"
                       r"Error\b")
    with using(lang):
        for eid in ("09.2", "12.3", "13.4"):
            for x in (3.0, 0.5, 1, [1, 2], {"a": 1}, True, b"no", ("no",)):
                fb = check(eid, x)
                assert fb.status == "invalid" and not named.search(fb.message), (eid, x, fb.message)
