"""The answer box's "another one" and the learner's progress, in the static site (network blocked).

A copy of chapter 00 is given three more answer boxes in its saved widget state (the notebooks in
notebooks/ are not touched): 03.4's spec (answered with full-width digits, as a Chinese keyboard
types them), 09.2's spec in Chinese (a choice answered by its Chinese name) and a hand-made spec of
03.3 with two variants (``spec["variants"]``, checked as ``{...spec, ...variant}``). Every box gets
the package's current module, so the test does not wait for a refresh of the notebooks. The site
(``tools/build_site.py --only 00``) is served on 127.0.0.1 in a context whose other requests are
aborted; the test answers in the boxes, reads the tally of the chapter page and of the index,
reloads, exports and clears; then storage is made to throw, and the boxes still check.
"""
from __future__ import annotations

import copy
import json
import re
import sys
import uuid
from pathlib import Path

import nbformat
import pytest

from browser_servers import NOTEBOOKS, ROOT
from site_checks import WIDGET_STATE, block_network, serve_folder, watch_page

import learnmetrics
from learnmetrics.exercises import EXERCISES, check
from learnmetrics.exercises._box_words import BOX_WORDS
from learnmetrics.exercises._widget import BOX_MODULE, AnswerBox

CHAPTER = "00_start_here.ipynb"
VIEW = "application/vnd.jupyter.widget-view+json"
VARIANTS = [
    {"prompt": "A model finds 3 of the 5 good melons. What is its recall?", "answer": 0.6, "answer_text": "0.6000",
     "mistakes": [{"answer": 0.4, "mistake": "that is the share of good melons missed, FN / (TP + FN).",
                   "hint": "Recall counts the good melons found."}],
     "solution": "Recall = TP / (TP + FN)\n= 3 / 5\n= 0.6000"},
    {"prompt": "A model finds 7 of the 8 good melons. What is its recall?", "answer": 0.875, "answer_text": "0.8750",
     "mistakes": [], "solution": "Recall = TP / (TP + FN) = 7 / 8 = 0.8750"},
]


def zh_spec(ex_id: str) -> dict:
    learnmetrics.set_language("zh")
    try:
        return EXERCISES[ex_id].spec()
    finally:
        learnmetrics.set_language("en")


def zh_check(ex_id: str, text: str):
    learnmetrics.set_language("zh")
    try:
        return check(ex_id, text)
    finally:
        learnmetrics.set_language("en")


def variant_spec() -> dict:
    return {**EXERCISES["03.3"].spec(), "variants": copy.deepcopy(VARIANTS)}


def notebook_with_boxes(folder: Path) -> list[str]:
    """Chapter 00 with the three boxes added, written to ``folder``; returns the page's exercise ids."""
    nb = nbformat.read(NOTEBOOKS / CHAPTER, as_version=4)
    state = nb.metadata["widgets"][WIDGET_STATE]["state"]
    base_id, base = next((k, m) for k, m in state.items() if m.get("model_name") == "AnyModel" and "spec" in m["state"])
    for m in state.values():   # the module and style of this tree, not the stored ones
        if m.get("model_name") == "AnyModel" and "spec" in m["state"]:
            m["state"].update(_esm=AnswerBox._esm, _css=AnswerBox._css)
        if m.get("model_name") == "AnyModel" and "source" in m["state"]:   # the boxes' shared code
            m["state"].update(source=BOX_MODULE)
    ids = [base["state"]["spec"]["id"]]
    for spec in (EXERCISES["03.4"].spec(), zh_spec("09.2"), variant_spec()):
        mid = uuid.uuid4().hex
        state[mid] = copy.deepcopy(base)
        state[mid]["state"]["spec"] = spec
        cell = nbformat.v4.new_code_cell(f'check("{spec["id"]}", ...)')
        cell.outputs = [nbformat.v4.new_output("display_data", data={
            VIEW: {"model_id": mid, "version_major": 2, "version_minor": 1}, "text/plain": f"[{spec['id']}]"})]
        nb.cells.append(cell)
        ids.append(spec["id"])
    assert base_id in state
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / CHAPTER)
    return ids


@pytest.fixture(scope="module")
def progress_site(tmp_path_factory, chromium):
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    import build_site

    root = tmp_path_factory.mktemp("progress-site")
    ids = notebook_with_boxes(root / "notebooks")
    out = root / "course"
    build_site.build_site(out, notebooks=root / "notebooks", only=["00"], log=lambda *a, **k: None)
    with serve_folder(out) as base:
        context = chromium.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
        context.set_default_timeout(30_000)
        log = block_network(context, base)
        yield context, log, base, ids
        context.close()


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def answer(box, text: str) -> tuple[str, str]:
    box.locator(".lm-answer-input").fill(text)
    box.locator(".lm-answer-check").click()
    out = box.locator(".lm-answer-verdict[data-verdict]")
    out.wait_for(timeout=10_000)
    return out.get_attribute("data-verdict"), _flat(out.inner_text())


def said(ex_id: str, feedback) -> str:
    return _flat(f"{feedback._ICONS[feedback.status]} [{ex_id}] {feedback.message}")


def tally(page) -> str:
    return page.locator("nav .lm-progress .lm-progress-text").first.inner_text()


def test_another_one_and_progress_in_the_static_site(progress_site, artifacts):
    context, log, base, ids = progress_site
    page = watch_page(context.new_page(), log)
    page.goto(base + CHAPTER.replace(".ipynb", ".html"), wait_until="domcontentloaded")
    n = len(set(ids))
    boxes = {i: page.locator(f'[data-exercise="{i}"]').first for i in ids}
    for box in boxes.values():
        box.wait_for(timeout=60_000)
    assert tally(page) == f"0 of {n} exercises solved"
    # the boxes share one copy of their module: the notebook stores it once, in the BoxCode widget
    assert page.content().count("const STORE_KEY") == 1

    # a full-width answer, as a Chinese keyboard types it: the page says what check says
    text = "\uff10\uff0e\uff15\uff12\uff16\uff13"   # ０.５２６３
    got = answer(boxes["03.4"], text)
    assert got == ("correct", said("03.4", check("03.4", text))), got
    page.wait_for_function("() => document.querySelector('nav .lm-progress').dataset.solved === '1'")
    assert tally(page) == f"1 of {n} exercises solved"

    # a choice in Chinese: its buttons carry the Chinese names; a wrong one, then the right one
    zh = boxes["09.2"]
    assert [_flat(t) for t in zh.locator(".lm-answer-choice").all_inner_texts()] == ["偏差²", "方差", "噪声"]
    got = answer(zh, "噪声")
    assert got == ((w := zh_check("09.2", "噪声")).status, said("09.2", w)), got
    zh.locator(".lm-answer-choice", has_text="方差").click()
    got = (zh.locator("[data-verdict]").get_attribute("data-verdict"), _flat(zh.locator("[data-verdict]").inner_text()))
    assert got == ("correct", said("09.2", zh_check("09.2", "方差"))), got

    # "another one": only on the box whose spec has variants
    for i in ids:
        has = bool(EXERCISES[i].spec().get("variants")) or i == "03.3"
        assert boxes[i].locator(".lm-answer-another").count() == int(has), i   # 09.2, a choice: none
    box = boxes["03.3"]
    another = box.locator(".lm-answer-another")
    assert another.inner_text() == BOX_WORDS["en"]["box_another"]
    answer(box, "0.7")   # a verdict on the original, cleared by "another one"
    another.click()
    assert box.locator(".lm-answer-prompt").inner_text() == VARIANTS[0]["prompt"]
    assert box.locator(".lm-answer-variant").is_visible()
    assert box.locator(".lm-answer-input").input_value() == ""
    assert box.locator("[data-verdict]").count() == 0
    assert box.locator(".lm-answer-input").evaluate("e => e === document.activeElement")
    solution = box.locator("details.lm-answer-solution")
    assert solution.evaluate("d => !d.open") and not solution.locator("pre").is_visible()
    assert answer(box, "0.75")[0] == "wrong"           # the original's answer is not the variant's
    assert answer(box, "0.4")[0] == "mistake"          # the variant's own mistake
    assert VARIANTS[0]["mistakes"][0]["hint"] in answer(box, "0.4")[1]
    assert answer(box, "3/5") == ("correct", _flat(f"\u2714 [03.3] Correct: {VARIANTS[0]['answer_text']}."))
    solution.locator("summary").click()
    assert solution.locator("pre").inner_text() == VARIANTS[0]["solution"]
    box.screenshot(path=str(artifacts / "exercise_another_one.png"))
    another.click()
    assert box.locator(".lm-answer-prompt").inner_text() == VARIANTS[1]["prompt"]
    assert solution.evaluate("d => !d.open")
    assert answer(box, "0.875")[0] == "correct"
    box.locator(".lm-answer-original").click()
    assert not box.locator(".lm-answer-prompt").is_visible() and not box.locator(".lm-answer-variant").is_visible()
    assert answer(box, "0.75") == ("correct", said("03.3", check("03.3", "0.75")))
    assert tally(page) == f"3 of {n} exercises solved"
    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", "learnmetrics-progress-v1"))
    assert stored == {"03.4": ["o"], "09.2": ["o"], "03.3": ["v1", "v2", "o"]}, stored

    # the record survives a reload: the tally, and "solved before" in the boxes solved
    page.reload(wait_until="domcontentloaded")
    boxes["00.1"].wait_for(timeout=60_000)
    page.locator('[data-exercise="03.3"]').wait_for(timeout=60_000)
    assert tally(page) == f"3 of {n} exercises solved"
    assert page.locator('[data-exercise="03.4"] .lm-answer-before').is_visible()
    assert not page.locator('[data-exercise="00.1"] .lm-answer-before').is_visible()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / "exercise_progress_tally.png"), clip={"x": 0, "y": 0, "width": 1400, "height": 160})

    # the index: the course's tally and the chapter's
    page.goto(base + "index.html", wait_until="domcontentloaded")
    assert page.locator("main > p .lm-progress-text").inner_text() == f"3 of {n} exercises solved in the course"
    assert page.locator("ol.lm-chapters .lm-progress-text").first.inner_text() == f"3 of {n} exercises solved"

    # export: a JSON file made in the page
    with page.expect_download() as got:
        page.locator("main > p .lm-progress-export").click()
    data = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert data["solved"] == stored and data["learnmetrics_progress"] == 1

    # clear: asks first; dismissed keeps the record, accepted clears it
    page.once("dialog", lambda d: d.dismiss())
    page.locator("main > p .lm-progress-clear").click()
    assert page.locator("main > p .lm-progress").get_attribute("data-solved") == "3"
    page.once("dialog", lambda d: d.accept())
    page.locator("main > p .lm-progress-clear").click()
    assert page.locator("main > p .lm-progress-text").inner_text() == f"0 of {n} exercises solved in the course"
    page.reload(wait_until="domcontentloaded")
    assert page.locator("main > p .lm-progress").get_attribute("data-solved") == "0"
    page.close()

    # no storage at all (blocked, some private modes): the boxes still check, the page says nothing is kept
    page = watch_page(context.new_page(), log)
    page.add_init_script("Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('no', "
                         "'SecurityError'); }});")
    page.goto(base + CHAPTER.replace(".ipynb", ".html"), wait_until="domcontentloaded")
    box = page.locator('[data-exercise="03.4"]').first
    box.wait_for(timeout=60_000)
    assert answer(box, "0.5263")[0] == "correct"
    assert tally(page) == BOX_WORDS["en"]["site_none"]
    assert not page.locator("nav .lm-progress-export").is_visible()
    page.close()
    assert not log.blocked and not log.missing and not log.errors, \
        f"blocked {log.blocked[:3]}, missing {log.missing[:3]}, errors {log.errors[:3]}"
