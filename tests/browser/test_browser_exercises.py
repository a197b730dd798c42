"""Exercises in a real browser: answers checked in the page, solutions hidden until asked.

One chapter with exercises (02 if its notebook has them, else the first chapter that
does, else 00's exercise 00.1) is opened in JupyterLab (run from the top, as a learner
does), in Voilà (``make app``), in the static site (``tools/build_site.py``, network
blocked, no kernel) and as a static HTML page (nbconvert, stored outputs).

* The answer box (``check("NN.k", ...)``): in every place, a few exercises are answered
  in the box right, wrong and with a listed mistake; the verdict (``data-verdict``) and its
  message equal Python's ``check`` on the same text. In the static site the box's stored
  module and spec must be the package's own (a stale notebook fails), and the page's
  checker is run on the whole answer corpus of the chapter (tests/exercise_corpus.py).
* Every ``solution(...)`` output is a closed ``<details>`` whose text is not visible;
  clicking its summary opens it and shows the worked solution; clicking again folds it.
* In JupyterLab the learner's code loop is played too: typing a known mistake in the
  check cell gives that mistake's hint, the right answer gives "Correct".
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # tests/: the answer corpus

from browser_checks import open_in_lab, shutdown_kernels
from browser_servers import NOTEBOOKS, ROOT
from exercise_corpus import corpus
from site_checks import WIDGET_STATE, block_network, serve_folder, watch_page

from learnmetrics.exercises import EXERCISES, check

PREFERRED = "02_confusion_matrix.ipynb"
FALLBACK = "00_start_here.ipynb"
SOLUTION_CALL = re.compile(r"""\bsolution\(\s*["'](\d{2}\.\d+)["']\s*\)""")


def solution_ids(path: Path) -> list[str]:
    """The exercise ids of the notebook's solution cells, in order (registered ones only)."""
    nb = nbformat.read(path, as_version=4)
    found = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            code = "\n".join(line.split("#", 1)[0] for line in cell.source.splitlines())
            found += [i for i in SOLUTION_CALL.findall(code) if i in EXERCISES]
    return found


def chapter_with_exercises(folder: Path) -> tuple[str, list[str]]:
    """02 if it has exercises, else the first chapter that has, else 00 (the fallback)."""
    names = [PREFERRED] + [p.name for p in sorted(folder.glob("[0-9][0-9]_*.ipynb"))
                           if p.name not in (PREFERRED, FALLBACK)] + [FALLBACK]
    for name in names:
        if (folder / name).exists() and (ids := solution_ids(folder / name)):
            return name, ids
    pytest.fail(f"no notebook in {folder} has a solution cell of a registered exercise")


def check_folded(page, where: str, n: int, *, timeout_ms: float = 120_000, shot: Path | None = None) -> None:
    """Every solution on ``page`` is closed with its text hidden; the first opens on a click, then folds."""
    details = page.locator("details.lm-solution")
    page.wait_for_function("n => document.querySelectorAll('details.lm-solution').length >= n", arg=n,
                           timeout=timeout_ms)
    assert details.count() == n, f"{where}: {n} solution cells but {details.count()} folded solutions shown"
    for i in range(n):
        d = details.nth(i)
        assert d.evaluate("d => d.open") is False, f"{where}: solution {i + 1} starts open"
        assert d.locator("summary").is_visible(), f"{where}: solution {i + 1}'s summary is not visible"
        assert not d.locator("pre").is_visible(), f"{where}: solution {i + 1}'s text is visible before a click"
    first = details.first
    summary = first.locator("summary")
    summary.scroll_into_view_if_needed()
    assert "click to show" in summary.inner_text()
    summary.click()
    page.wait_for_function("d => d.open", arg=first.element_handle(), timeout=10_000)
    text = first.locator("pre")
    text.wait_for(state="visible", timeout=10_000)
    assert re.search(r"(Model answer|Answer): ", text.inner_text()), f"{where}: the opened solution shows " \
                                                                    f"{text.inner_text()!r}"
    if shot is not None:
        first.screenshot(path=str(shot))
    summary.click()
    text.wait_for(state="hidden", timeout=10_000)


def _literal(ex, value) -> str:
    """``value`` written as the learner would type it."""
    if ex.kind in ("choice", "open"):
        return repr(value)
    return repr(value) if ex.kind == "number" else repr(tuple(value) if ex.kind == "tuple" else list(value))


_RUN_CHECK_JS = """async ([path, exId, source]) => {
  const app = window.jupyterapp;
  const panel = Array.from(app.shell.widgets('main')).find(w => w.context && w.context.path === path);
  const nb = panel.content;
  const call = 'check("' + exId + '", answer)';
  const index = nb.widgets.findIndex(c => c.model.type === 'code' && c.model.sharedModel.getSource().includes(call));
  if (index < 0) return null;
  const before = nb.widgets[index].model.executionCount;
  nb.activeCellIndex = index;
  nb.widgets[index].model.sharedModel.setSource(source);
  await app.commands.execute('notebook:run-cell');
  return {index, before};
}"""
_CELL_DONE_JS = """([path, index, before, exId]) => {
  const panel = Array.from(window.jupyterapp.shell.widgets('main')).find(w => w.context && w.context.path === path);
  const cell = panel.content.widgets[index];
  const count = cell.model.executionCount;
  if (count === null || count === before) return null;
  const out = cell.node.querySelector('.jp-OutputArea-output');
  return out && out.innerText.includes('[' + exId + ']') ? out.innerText : null;
}"""


def run_check(page, path: str, ex, answer_literal: str) -> str:
    """Put ``answer = <literal>`` in the learner's check cell of ``ex`` (the one calling
    ``check("NN.k", answer)``), run it, and return what its output shows."""
    source = f'answer = {answer_literal}\ncheck("{ex.id}", answer)'
    state = page.evaluate(_RUN_CHECK_JS, [path, ex.id, source])
    assert state is not None, f"{path}: no learner's cell with check({ex.id!r}, answer)"
    done = page.wait_for_function(_CELL_DONE_JS, arg=[path, state["index"], state["before"], ex.id], timeout=30_000)
    return _norm(done.json_value())


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture
def exercise_page(lab, browser_context):
    pages = []

    def open_page(path: str):
        page = browser_context.new_page()
        pages.append((page, path))
        open_in_lab(page, lab, path, timeout=300.0)
        return page

    yield open_page
    for page, path in pages:
        page.close()
        shutdown_kernels(lab, path)


def test_answer_boxes_and_solutions_in_jupyterlab(exercise_page, served_notebooks, artifacts):
    name, ids = chapter_with_exercises(served_notebooks)
    path = f"notebooks/{name}"
    page = exercise_page(path)
    where = f"JupyterLab {name}"
    # the learner's cell as it starts: no answer yet, so the answer box
    first = EXERCISES[ids[0]]
    page.locator(f'[data-exercise="{first.id}"]').first.wait_for(timeout=60_000)
    answer_in_boxes(page, where, ids)
    # the right answer typed in the first graded box is kept in the browser's storage (the "solved before" record)
    from learnmetrics.exercises._box_words import STORE_KEY

    solved = json.loads(page.evaluate("k => localStorage.getItem(k) || '{}'", STORE_KEY))
    graded = next(i for i in ids if EXERCISES[i].kind != "open")
    assert "o" in solved.get(graded, []), f"{where}: {graded} answered right but the progress record is {solved}"
    page.locator("details.lm-solution").first.wait_for(timeout=60_000)
    page.locator("details.lm-solution").first.screenshot(path=str(artifacts / "exercise_solution_folded.png"))
    check_folded(page, where, len(ids), shot=artifacts / "exercise_solution_opened.png")
    # the learner's loop on the first exercise that has a known mistake (else the first)
    ex = next((EXERCISES[i] for i in ids if EXERCISES[i].mistakes and EXERCISES[i].kind != "open"), first)
    if ex.kind != "open":
        if ex.mistakes:
            shown = run_check(page, path, ex, _literal(ex, ex.mistakes[0].answer))
            assert _norm(ex.mistakes[0].hint) in shown, f"{where}: {ex.id}'s known mistake gave {shown!r}"
        shown = run_check(page, path, ex, _literal(ex, ex.answer))
        assert f"[{ex.id}]" in shown and "Correct" in shown, f"{where}: {ex.id}'s right answer gave {shown!r}"
        print(f"{where}: {ex.id} checked in the browser: a known mistake, then the right answer")


@pytest.fixture
def voila_page(voila, browser_context):
    page = browser_context.new_page()
    yield page
    page.close()  # Voilà shuts the page's kernel down when the page goes


def test_answer_boxes_and_solutions_in_voila(voila, voila_page, served_notebooks, artifacts):
    name, ids = chapter_with_exercises(served_notebooks)
    # Voilà executes the whole notebook before the page "loads": wait for the solutions instead
    voila_page.goto(voila.url(f"/voila/render/{name}"), wait_until="commit", timeout=120_000)
    check_folded(voila_page, f"Voilà {name}", len(ids), timeout_ms=300_000)
    answer_in_boxes(voila_page, f"Voilà {name}", ids)   # the same page: one render of the notebook


def _static_page(browser_context, tmp_path, name: str, edit=lambda html: html):
    from nbconvert import HTMLExporter

    html, _ = HTMLExporter().from_notebook_node(nbformat.read(NOTEBOOKS / name, as_version=4))
    page_path = tmp_path / name.replace(".ipynb", ".html")
    page_path.write_text(edit(html), encoding="utf-8")
    page = browser_context.new_page()
    page.goto(page_path.as_uri(), wait_until="domcontentloaded")
    return page


def test_solutions_hidden_in_static_html(browser_context, tmp_path):
    """The stored outputs, exported by nbconvert as a static page (what a viewer shows)."""
    name, ids = chapter_with_exercises(NOTEBOOKS)
    page = _static_page(browser_context, tmp_path, name)
    try:
        check_folded(page, f"static HTML {name}", len(ids), timeout_ms=30_000)
    finally:
        page.close()


def test_an_open_solution_fails_the_check(browser_context, tmp_path):
    """The check itself: a solution stored open (its text shown at once) must fail it."""
    name, ids = chapter_with_exercises(NOTEBOOKS)
    page = _static_page(browser_context, tmp_path, name,
                        lambda html: html.replace('<details class="lm-solution">', '<details class="lm-solution" open>', 1))
    try:
        with pytest.raises(AssertionError, match="starts open"):
            check_folded(page, f"static HTML {name}, one solution open", len(ids), timeout_ms=30_000)
    finally:
        page.close()


# -- the answer box -------------------------------------------------------------------------------
def typed(ex, value) -> str:
    """``value`` as a learner types it in the box."""
    if ex.kind in ("choice", "open"):
        return str(value)
    if ex.kind == "number":
        return repr(float(value))
    if ex.kind == "tuple":
        return "(" + ", ".join(repr(float(v)) for v in value) + ")"
    if value and isinstance(value[0], tuple):
        return "[" + ", ".join("(" + ", ".join(repr(float(u)) for u in v) + ")" for v in value) + "]"
    return "[" + ", ".join(repr(float(v)) for v in value) + "]"


def box_cases(ids: list[str], n: int = 3) -> list[tuple[str, str]]:
    """(id, text): for a few exercises, the right answer, a wrong one and a listed mistake; an open one."""
    cases = []
    graded = [i for i in ids if EXERCISES[i].kind != "open"]
    for i in graded[:n]:
        ex = EXERCISES[i]
        cases.append((i, typed(ex, ex.answer)))
        if ex.mistakes:
            cases.append((i, typed(ex, ex.mistakes[0].answer)))
        if ex.kind == "choice":
            cases.append((i, "none of these"))
        else:
            far = [[u + 1000 for u in v] if isinstance(v, (list, tuple)) else v + 1000 for v in
                   (ex.answer if isinstance(ex.answer, tuple) else [ex.answer])]
            cases.append((i, typed(ex, far[0] if ex.kind == "number" else
                                   [tuple(v) if isinstance(v, list) else v for v in far])))
    opens = [i for i in ids if EXERCISES[i].kind == "open"]
    if opens:
        cases.append((opens[0], "because the numbers depend on the data and the cut"))
    return cases


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def answer_in_boxes(page, where: str, ids: list[str], *, shot: Path | None = None) -> int:
    """Type each case of :func:`box_cases` in its answer box, press Check and compare the
    page's verdict and message with Python's ``check`` on the same text. Returns the count."""
    cases = box_cases(ids)
    for ex_id, text in cases:
        box = page.locator(f'[data-exercise="{ex_id}"]').first
        box.wait_for(timeout=60_000)
        box.scroll_into_view_if_needed()
        box.locator(".lm-answer-input").fill(text)
        box.locator(".lm-answer-check").click()
        verdict = box.locator("[data-verdict]")
        verdict.wait_for(timeout=10_000)
        want = check(ex_id, text)
        got = verdict.get_attribute("data-verdict")
        shown = _flat(verdict.inner_text())
        assert got == want.status, f"{where}: {ex_id} {text!r}: the page says {got}, check says {want.status}"
        if want.status == "open":
            points = box.locator(".lm-answer-points input[type=checkbox]")
            assert points.count() == len(EXERCISES[ex_id].key_points), f"{where}: {ex_id}'s key points"
            points.first.check()
            assert "1 of" in box.locator(".lm-answer-tally").inner_text() or points.count() == 1
        else:
            assert shown == _flat(f"{want._ICONS[want.status]} [{ex_id}] {want.message}"), \
                f"{where}: {ex_id} {text!r}: the page shows {shown!r}, check says {want.message!r}"
        if shot is not None and want.status == "mistake":
            box.screenshot(path=str(shot))
            shot = None
    print(f"{where}: {len(cases)} answers typed in the answer boxes, verdicts equal to check's")
    return len(cases)


@pytest.fixture(scope="module")
def exercise_site(tmp_path_factory, served_notebooks, chromium):
    """The static site of the chapter with exercises only (tools/build_site.py), served on
    127.0.0.1, in a browser context whose every other request is aborted and recorded.
    ``$LEARNMETRICS_SITE_NOTEBOOKS`` names another folder of notebooks (refreshed copies)."""
    import os
    import sys

    folder = Path(os.environ.get("LEARNMETRICS_SITE_NOTEBOOKS") or served_notebooks).resolve()
    name, ids = chapter_with_exercises(folder)
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    import build_site

    out = tmp_path_factory.mktemp("exercise-site") / "course"
    try:
        build_site.build_site(out, notebooks=folder, only=[name[:2]], log=lambda *a, **k: None)
    except build_site.SiteError as e:
        pytest.fail(f"the static site cannot be built: {e}")
    with serve_folder(out) as base:
        context = chromium.new_context(viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(30_000)
        log = block_network(context, base)
        page = watch_page(context.new_page(), log)
        page.goto(base + name.replace(".ipynb", ".html"), wait_until="domcontentloaded")
        yield page, log, folder / name, ids
        context.close()


_CORPUS_JS = """async ([esm, cases]) => {
  const url = URL.createObjectURL(new Blob([esm], {type: "text/javascript"}));
  const mod = await import(url);
  return cases.map(([spec, text]) => mod.verdict(spec, text));
}"""


def test_answer_boxes_in_the_static_site(exercise_site, artifacts):
    page, log, path, ids = exercise_site
    where = f"static site {path.name}"
    nb = nbformat.read(path, as_version=4)
    boxes = {m["state"]["spec"]["id"]: m["state"] for m in
             nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {}).values()
             if m.get("model_name") == "AnyModel" and "spec" in m.get("state", {})}
    from learnmetrics.exercises._widget import BOX_MODULE, AnswerBox

    models = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    stored = {i: models.get(boxes[i].get("code", "").removeprefix("IPY_MODEL_"), {}).get("state", {}).get("source")
              for i in ids if i in boxes}
    stale = [i for i in ids if i not in boxes or boxes[i]["spec"] != EXERCISES[i].spec()
             or boxes[i]["_esm"] != AnswerBox._esm or stored[i] != BOX_MODULE]
    assert not stale, (f"{where}: the stored answer boxes of {stale} are missing or differ from the package's: "
                       f"refresh the notebook (make refresh NB=notebooks/{path.name})")
    answer_in_boxes(page, where, ids, shot=artifacts / "exercise_answer_box_mistake.png")
    # the page's own checker (the stored module) on the whole corpus of the chapter
    cases = [(boxes[i]["spec"], text) for i in ids for text in corpus(boxes[i]["spec"])]
    got = page.evaluate(_CORPUS_JS, [stored[ids[0]], cases])
    differ = [(spec["id"], text, g["status"], check(spec["id"], text).status) for (spec, text), g in zip(cases, got)
              if (g["status"], g["message"]) != ((w := check(spec["id"], text)).status, w.message)]
    assert not differ, f"{where}: {len(differ)} of {len(cases)} corpus answers differ, e.g. {differ[:5]}"
    # and, in the same browser engine, every exercise with the package's specs (a third of each corpus:
    # Node runs all of it in tests/test_exercise_checker_js.py)
    every = [(EXERCISES[i].spec(), text) for i in EXERCISES for text in corpus(EXERCISES[i].spec())[::3]]
    got = page.evaluate(_CORPUS_JS, [BOX_MODULE, every])
    differ = [(spec["id"], text) for (spec, text), g in zip(every, got)
              if (g["status"], g["message"]) != ((w := check(spec["id"], text)).status, w.message)]
    assert not differ, f"Chromium: {len(differ)} of {len(every)} corpus answers differ, e.g. {differ[:5]}"
    assert not log.blocked and not log.missing and not log.errors, \
        f"{where}: blocked {log.blocked[:3]}, missing {log.missing[:3]}, errors {log.errors[:3]}"
    print(f"{where}: {len(cases)} corpus answers checked by the page's module, {len(every)} of every exercise "
          "by the package's, all equal to check's")
