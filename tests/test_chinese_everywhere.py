"""Issue 29: ``learnmetrics.set_language("zh")`` leaves no English sentence a learner reads.

One switch for the whole course (``learnmetrics.set_language``, the same state as
``learnmetrics.widgets.set_language``). After it, everything a learner reads while
interacting is Chinese: every exercise's prompt (shown in the answer box), hint, known
mistakes, worked solution, ``check``/``solution`` messages and the in-page checker's verdicts
(the same words as ``check``: Node runs ``checker.mjs`` on the answer corpus), and every
explorer's read-out, control labels and "drawing" placeholder. The numbers are the English
ones: a worked solution shows the same decimals in both languages.

An *English sentence* is three or more English words in a row (code such as
``lm.roc_auc_score(...)``, quoted choices such as ``'kfold'`` and the names of measures and
tests, AUC, ROC, McNemar ..., do not count): a learner reading only Chinese must not meet one.
"""
from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

import learnmetrics as lm  # noqa: E402
from exercise_corpus import corpus  # noqa: E402
from learnmetrics.exercises import EXERCISES, check, solution  # noqa: E402

CJK = re.compile(r"[\u4e00-\u9fff]")
DECIMAL = re.compile(r"-?\d+\.\d+")

#: names a Chinese text keeps in Latin letters (measures, tests, people, libraries)
NAMES = {
    "auc", "roc", "mcnemar", "friedman", "nemenyi", "delong", "brier", "cohen", "kappa", "pascal", "voc", "hand",
    "till", "platt", "mallows", "scikit", "learn", "scipy", "numpy", "sklearn", "metrics", "bep", "ece", "mcc",
    "ndcg", "dcg", "idcg", "mrr", "map", "rmse", "mse", "mae", "sse", "sst", "rss", "aic", "bic", "tpr", "fpr",
    "tnr", "fnr", "tp", "fp", "fn", "tn", "lr", "cv", "loo", "cost", "norm", "log", "ln", "sqrt", "mean", "var",
    "cov", "max", "min", "exp", "tau", "chi", "alpha", "beta", "df", "cut", "rel", "sd", "sin", "std", "nan",
    "inf", "id", "f1", "f2", "h0", "h₀", "p", "r", "k", "m", "n", "e", "x", "y", "f", "d",
}
WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def english_sentences(text: str) -> list[str]:
    """Runs of three or more English words that are not code, quoted choices or names."""
    s = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"|“[^”\n]*”", " ", text)       # quoted choices, the learner's own text
    s = re.sub(r"\b[\w.]+\([^()\n]*\)", " ", s)                          # calls: lm.f(...)
    s = re.sub(r"\b\w*[_.=]\w*\b|\b\w*\d\w*\b", " ", s)                  # identifiers, tokens with digits
    s = re.sub(r"<[^>]+>", " ", s)                                        # HTML tags
    found = []
    for m in re.finditer(r"[A-Za-z][A-Za-z' -]*[A-Za-z]", s):
        words = [w for w in WORD.findall(m.group(0)) if w.lower() not in NAMES]
        run = re.findall(r"(?:\b[A-Za-z']{2,}\b[ -]+){2,}\b[A-Za-z']{2,}\b", m.group(0))
        if len(words) >= 3 and any(all(w.lower() not in NAMES for w in WORD.findall(r)) for r in run):
            found.append(m.group(0))
    return found


@pytest.fixture(autouse=True)
def english_after_each_test():
    yield
    lm.set_language("en")


def test_one_switch_for_the_course():
    from learnmetrics import widgets

    lm.set_language("zh")
    assert widgets.get_language() == "zh" and lm.get_language() == "zh"
    widgets.set_language("en")
    assert lm.get_language() == "en"
    with pytest.raises(ValueError, match="language"):
        lm.set_language("fr")
    assert lm.get_language() == "en"


def test_the_detector_finds_english_and_spares_names_and_code():
    assert english_sentences("Not right. Go back to the definition and recompute.")
    assert english_sentences("正确：the answer is wrong")
    assert not english_sentences("不对。AUC = lm.roc_auc_score(y, s) = 0.75，McNemar 检验，选 'close to α'")
    assert not english_sentences("P = TP/(TP + FP)，ROC 点 (FPR, TPR)")


def _texts_of(ex) -> list[str]:
    sol = solution(ex.id)
    out = [ex.text("prompt"), ex.text("hint"), sol.text, sol.title, sol.click, ex.wanted]
    out += [t for m in ex.mistakes for t in m.said()]
    if ex.kind == "open":
        out += list(ex.text("key_points"))
    return out


@pytest.mark.parametrize("eid", sorted(EXERCISES, key=lambda i: tuple(map(int, i.split(".")))))
def test_every_exercise_reads_in_chinese(eid):
    ex = EXERCISES[eid]
    from learnmetrics.exercises import Exercise

    assert "prompt" in ex.zh, f"{eid}: no Chinese prompt"
    assert "hint" in ex.zh or ex.hint == Exercise.hint, f"{eid}: no Chinese hint (the default one has)"
    assert all(m.zh for m in ex.mistakes), f"{eid}: a mistake without its Chinese words"
    if ex.solve is not None:
        assert "solve" in ex.zh, f"{eid}: no Chinese worked solution"
    if ex.kind == "open":
        assert "answer" in ex.zh, f"{eid}: no Chinese model answer"
    lm.set_language("zh")
    texts = _texts_of(ex)
    spec = ex.spec()
    texts += [spec["wanted"], spec["hint"], spec.get("prompt", "")] + [m["mistake"] + m["hint"] for m in spec["mistakes"]]
    for text in corpus(spec)[:60]:
        texts.append(check(eid, text).message)
    for t in texts:
        assert not english_sentences(t), (eid, english_sentences(t), t[:200])
    assert CJK.search(ex.text("prompt")) and CJK.search(solution(eid).text)


@pytest.mark.parametrize("eid", sorted(EXERCISES, key=lambda i: tuple(map(int, i.split(".")))))
def test_numbers_identical_in_both_languages(eid):
    """The worked solution shows the same decimals, as often, in English and in Chinese."""
    lm.set_language("en")
    en = solution(eid).text
    lm.set_language("zh")
    zh = solution(eid).text
    assert sorted(DECIMAL.findall(en)) == sorted(DECIMAL.findall(zh)), eid
    # and the verdict never depends on the language
    spec_en = EXERCISES[eid]
    for text in corpus(spec_en.spec())[:40]:
        lm.set_language("en")
        a = check(eid, text)
        lm.set_language("zh")
        b = check(eid, text)
        assert a.status == b.status, (eid, text)


def test_english_is_unchanged_by_the_chinese_texts():
    """An English spec carries no language and no prompt (exactly as before the switch existed),
    and the English messages of check are the English MESSAGES."""
    from learnmetrics.exercises._core import MESSAGES

    lm.set_language("en")
    for eid in EXERCISES:
        spec = EXERCISES[eid].spec()
        assert "lang" not in spec and "prompt" not in spec
    assert not any(CJK.search(t) for t in MESSAGES["en"].values())


def test_in_page_checker_speaks_chinese_like_check(tmp_path):
    """checker.mjs fills the same MESSAGES as check: the same words on the corpus, in Chinese."""
    from test_exercise_checker_js import run_js

    lm.set_language("zh")
    cases = []
    for eid in EXERCISES:
        spec = EXERCISES[eid].spec()
        cases += [(spec, text) for text in corpus(spec)[::3]]
    js = run_js(cases, tmp_path)
    differ = []
    for (spec, text), got in zip(cases, js):
        want = check(spec["id"], text)
        if (got["status"], got["message"]) != (want.status, want.message):
            differ.append((spec["id"], text, got["message"][:80], want.message[:80]))
    assert not differ, f"{len(differ)} of {len(cases)} differ: {differ[:5]}"
    assert sum(bool(CJK.search(g["message"])) for g in js) == len(js)


def test_the_answer_box_words_follow_the_language():
    from learnmetrics.exercises._core import MESSAGES

    assert set(MESSAGES["en"]) == set(MESSAGES["zh"])
    for key, text in MESSAGES["zh"].items():
        assert set(re.findall(r"\{(\w+)\}", text)) <= set(re.findall(r"\{(\w+)\}", MESSAGES["en"][key])), key
        assert not english_sentences(text), (key, text)
    box = (lm.__path__[0] + "/exercises/answer_box.js")
    js = open(box, encoding="utf-8").read()
    # every word the box shows comes from MESSAGES (no English literal left in textContent)
    assert not re.search(r"textContent = [`\"][A-Z][a-z]+ ", js)


# -- the explorers ---------------------------------------------------------------------------------
def _explorer_makers():
    import test_widgets_language as W

    return W, list(W.BOOK_TERMS)


def test_every_explorer_reads_in_chinese(request):
    W, makers = _explorer_makers()
    small = request.getfixturevalue("small")
    for make in makers:
        zh = W._drive(make, small, "zh")
        for html in zh:
            assert not english_sentences(html), (make.__name__, english_sentences(html))
            assert not punctuation_faults(html), (make.__name__, punctuation_faults(html))
        ex, _ = make(small)
        lm.set_language("zh")
        for control in ex._labelled():
            label = control.description
            assert not english_sentences(label) and (label in {"k", "m", "n", "β", "cost01:cost10", "p = P(+)"}
                                                     or CJK.search(label)), (make.__name__, label)
        assert ex.screen.waiting == "正在绘制这一帧……"
        lm.set_language("en")
        assert "drawing" in ex.screen.waiting


def _more_explorers():
    """The explorers test_widgets_language drives with other data: threshold, cut, F-beta (03),
    prevalence (02) and chapter 13's two, each with the positions a learner moves to."""
    import test_widgets_language as W
    from learnmetrics.datasets import watermelon_scores
    from learnmetrics.widgets.practice import ConstraintExplorer, LeakageExplorer
    from learnmetrics.widgets.prevalence import PrevalenceExplorer

    w = watermelon_scores()
    out = []
    for make in (W._threshold, W._cut, W._fbeta):
        out.append((make.__name__, lambda make=make: make(w)))
    out.append(("prevalence", lambda: (lambda ex: (ex, [ex.controls[0].options[0][1] if isinstance(
        ex.controls[0].options[0], tuple) else ex.controls[0].options[0]]))(PrevalenceExplorer(w.y_true, w.y_score))))
    out.append(("constraint", lambda: (lambda ex: (ex, [0.8, 0.95]))(ConstraintExplorer(n_val=60, n_repeats=20))))
    out.append(("leakage", lambda: (lambda ex: (ex, [1, 200]))(LeakageExplorer(n_datasets=2))))
    return out


@pytest.mark.parametrize("name,make", _more_explorers(), ids=[n for n, _ in _more_explorers()])
def test_the_other_explorers_read_in_chinese(name, make):
    lm.set_language("zh")
    ex, positions = make()
    for v in positions:
        ex.controls[0].value = v
        html = ex.readout.value
        assert CJK.search(html) and not english_sentences(html), (name, english_sentences(html))
        assert not punctuation_faults(html), (name, punctuation_faults(html))
    for control in ex._labelled():
        label = control.description
        assert not english_sentences(label) and not punctuation_faults(label), (name, label)
    assert ex.screen.waiting == "正在绘制这一帧……"


@pytest.fixture(scope="module")
def small():
    import test_widgets_language as W

    return W.small.__wrapped__() if hasattr(W.small, "__wrapped__") else W.small()


# -- punctuation of the Chinese read-outs ------------------------------------------------------------
HALF_AFTER_CJK = re.compile(r"[\u4e00-\u9fff][,:;()]")           # 分数: / 最低分数 (0.5) / 是,
HALF_BEFORE_CJK = re.compile(r"[,:;(]\s*[\u4e00-\u9fff]")         # : 是 / (不预测
SPACE_BEFORE_FULL = re.compile(r"[^\s>] +[（，：；）]")            # 阈值 = 0.50 （分数 / 5 折 ，
SPACE_AFTER_FULL_PAREN = re.compile(r"） +[=≥≤<>\u4e00-\u9fff]")   # （误报的比例） = 0.053 / （…） 时
EQUAL_RANGE = re.compile(r"\b(\d+)-\1\b")                          # 用 20-20 个样例
INFINITY_WORD = re.compile(r"[+-]?\binf\b", re.IGNORECASE)         # 分数 ≥ +inf: the read-outs write ∞


def punctuation_faults(html_text: str) -> list[str]:
    """What a Chinese read-out must not contain: half-width , : ; ( ) next to a CJK character,
    a space before full-width punctuation, "inf" for ∞, a range whose two ends are equal."""
    import html as _html

    text = _html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<br\s*/?>", "\n", html_text)))
    faults = []
    for name, pattern in (("half-width after CJK", HALF_AFTER_CJK), ("half-width before CJK", HALF_BEFORE_CJK),
                          ("space before full-width", SPACE_BEFORE_FULL), ("space after ）", SPACE_AFTER_FULL_PAREN),
                          ("equal range", EQUAL_RANGE), ("inf", INFINITY_WORD)):
        faults += [f"{name}: …{text[max(0, m.start() - 12):m.end() + 12]}…" for m in pattern.finditer(text)]
    if "收集到的测试集" in text:
        faults.append("literal 'as collected'")
    return faults


def test_the_punctuation_detector():
    """Issue 29: full-width ，：；（） around Chinese text, ASCII inside numbers and formulas; ∞, never inf;
    one number when both ends of a range are equal. The explorers' Chinese read-outs are checked with
    it where they are driven: test_every_explorer_reads_in_chinese, test_the_other_explorers_read_in_chinese
    and test_widgets_language (threshold, cut and F-beta on three data sets); the English read-outs stay
    byte-identical to the stored notebooks (nbval)."""
    assert punctuation_faults("最低分数: #5 (0.500)")
    assert punctuation_faults("<b>阈值 = 0.50</b> （分数 ≥ 阈值）")
    assert punctuation_faults("每个模型用 20-20 个样例训练") and not punctuation_faults("每个模型用 35-36 个样例训练")
    assert punctuation_faults("分数 ≥ +inf 时") and punctuation_faults("斜率（ROC 图中）= inf")
    assert punctuation_faults("第一类错误率（误报的比例） = 0.053")
    assert punctuation_faults("分数 ≥ ∞（不预测任何正例） 时预测为正例 +")
    assert not punctuation_faults("<b>阈值 = 0.50</b>（分数 ≥ 阈值时预测为正例 +）<br>查准率 P = TP/(TP+FP) 0.714")
    assert not punctuation_faults("(1 − 1/m)<sup>m</sup> = 0.3487，F1 = 2PR/(P+R)，|t| &gt; 2.776，[0.394, 0.980]")


# -- filmstrip titles in the notebooks ---------------------------------------------------------------
def _filmstrip_titles():
    """(notebook, cell id, title expressions) of every ``.filmstrip(..., titles=...)`` call in notebooks/."""
    import ast
    import json
    from pathlib import Path

    out = []
    for path in sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            src = "".join(cell["source"])
            if cell["cell_type"] != "code" or ".filmstrip(" not in src:
                continue
            code = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in src.split("\n"))
            for node in ast.walk(ast.parse(code)):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "filmstrip"):
                    continue
                titles = {k.arg: k.value for k in node.keywords}.get("titles")
                if titles is None:
                    continue
                if isinstance(titles, ast.ListComp):
                    elements = [titles.elt]
                elif isinstance(titles, (ast.List, ast.Tuple)):
                    elements = list(titles.elts)
                else:
                    elements = [titles]      # a name or a call: cannot be read without running the notebook
                out.append((path.stem, cell.get("id"), [(e, ast.get_source_segment(code, e)) for e in elements]))
    return out


def _static_text(node) -> str | None:
    """The text a string expression shows, its {fields} read as 0; None when it is not a string literal."""
    import ast

    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "0" for v in node.values)
    return None


def title_fault(node, source: str) -> str | None:
    """What is wrong with one filmstrip title expression for a Chinese reader (None: nothing)."""
    import ast

    if not (isinstance(node, ast.Tuple) and len(node.elts) == 2):
        return f"{source!r} is not an (english, chinese) pair"
    zh = _static_text(node.elts[1])
    if zh is None:
        return f"the Chinese title of {source!r} is not a string literal"
    formula = not re.search(r"[A-Za-z]{2,}", zh)
    if not (CJK.search(zh) or formula) or english_sentences(zh) or punctuation_faults(zh):
        return f"Chinese title {zh!r}"
    return None


def test_the_title_checker():
    import ast

    def fault(src):
        return title_fault(ast.parse(src, mode="eval").body, src)

    assert fault('"test share 0.2"') and fault('f"cut {k}: the first bad melon enters"')
    assert fault('("the tie crosses the cut", "the tie crosses the cut")')
    assert fault('("cut 0: nothing predicted", "截断点 0: 没有")')             # half-width colon after CJK
    assert not fault('(f"cut {k}: before the tie", f"截断点 {k}：并列之前")')
    assert not fault('(f"m = {m}", f"m = {m}")')                               # a bare formula


def test_filmstrip_titles_are_given_in_chinese_too():
    """Issue 29: every filmstrip title in a notebook is an (english, chinese) pair, and the Chinese
    one reads as Chinese (CJK text, or a bare formula such as "m = 0"; no English run of 3+ words,
    the read-outs' punctuation). Lists the chapters that still show English titles in Chinese."""
    calls = _filmstrip_titles()
    assert len(calls) >= 10
    faults = {}
    for notebook, cell_id, elements in calls:
        for node, source in elements:
            fault = title_fault(node, source)
            if fault:
                faults.setdefault(notebook, []).append(f"cell {cell_id}: {fault}")
    assert not faults, "chapters whose filmstrip titles stay English in Chinese: " + "; ".join(
        f"{nb}: {', '.join(f)}" for nb, f in sorted(faults.items()))
