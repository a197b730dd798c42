"""Exercises in a real browser: the solutions start hidden and a click shows them.

One chapter with exercises (02 if its notebook has them, else the first chapter that
does, else 00's exercise 00.1) is opened in JupyterLab (run from the top, as a learner
does), in Voilà (``make app``) and as a static HTML page (nbconvert, stored outputs).
In each: every ``solution(...)`` output is a closed ``<details>`` whose text is not
visible; clicking its summary opens it and shows the worked solution; clicking again
folds it. In JupyterLab the learner's loop is played too: the check cell as stored says
"no answer yet"; typing a known mistake gives that mistake's hint, the right answer
(both computed by learnmetrics) gives "Correct".
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from browser_checks import open_in_lab, shutdown_kernels
from browser_servers import NOTEBOOKS

from learnmetrics.exercises import EXERCISES

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


def test_solutions_hidden_in_jupyterlab(exercise_page, served_notebooks, artifacts):
    name, ids = chapter_with_exercises(served_notebooks)
    path = f"notebooks/{name}"
    page = exercise_page(path)
    where = f"JupyterLab {name}"
    # the learner's cell as it starts: no answer yet
    first = EXERCISES[ids[0]]
    stored = page.locator(".jp-OutputArea-output", has_text=f"[{first.id}] no answer yet")
    assert stored.count() >= 1, f"{where}: the check cell of {first.id} does not say 'no answer yet'"
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


def test_solutions_hidden_in_voila(voila, voila_page, served_notebooks, artifacts):
    name, ids = chapter_with_exercises(served_notebooks)
    # Voilà executes the whole notebook before the page "loads": wait for the solutions instead
    voila_page.goto(voila.url(f"/voila/render/{name}"), wait_until="commit", timeout=120_000)
    check_folded(voila_page, f"Voilà {name}", len(ids), timeout_ms=300_000)


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
