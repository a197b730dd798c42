"""The exercises as the notebooks show them: every notebook against the registry.

For each chapter NN (a notebook ``notebooks/NN_*.ipynb`` and/or exercises registered
under ``"NN.k"`` in ``learnmetrics/exercises/chNN.py``):

* every ``check("NN.k", ...)`` and ``solution("NN.k")`` in the notebook names an exercise
  that is registered, and of this chapter;
* every registered exercise of the chapter appears in its notebook: a markdown cell
  ``**Exercise NN.k**``, then a code cell calling ``check("NN.k", ...)``, then a code cell
  calling ``solution("NN.k")``, in that order;
* every solution cell's stored output is the folded solution: an HTML ``<details>`` that is
  not ``open`` (hidden until the learner clicks), plus its text for nbval;
* no learner's check cell is stored with the verdict "Correct" (it would give the answer away).

A chapter whose exercises are not written yet (nothing registered) is skipped, with the reason.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

import nbformat
import pytest

from learnmetrics.exercises import EXERCISES, exercises_of_chapter

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ID = r"""["'](\d{2}\.\d+)["']"""
CHECK_CALL = re.compile(r"\bcheck\(\s*" + ID)
SOLUTION_CALL = re.compile(r"\bsolution\(\s*" + ID)
DETAILS_TAG = re.compile(r"<details\b[^>]*>", re.IGNORECASE)


def notebook_of(chapter: str) -> Path | None:
    found = sorted(NOTEBOOKS.glob(f"{chapter}_*.ipynb"))
    return found[0] if found else None


def _code(cell) -> str:
    """A code cell's source without its comments (an example in a comment is not a call)."""
    return "\n".join(line.split("#", 1)[0] for line in cell.source.splitlines())


@functools.lru_cache(maxsize=None)
def exercise_cells(path: Path):
    """(cells, check ids -> cell indices, solution ids -> cell indices, markdown ids -> indices)."""
    nb = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4, capture_validation_error={})
    checks, solutions, prompts = {}, {}, {}
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            for found, calls in ((CHECK_CALL, checks), (SOLUTION_CALL, solutions)):
                for ex_id in found.findall(_code(cell)):
                    calls.setdefault(ex_id, []).append(i)
        elif cell.cell_type == "markdown":
            for ex_id in re.findall(r"\*\*Exercise (\d{2}\.\d+)\*\*", cell.source):
                prompts.setdefault(ex_id, []).append(i)
    return nb.cells, checks, solutions, prompts


CHAPTERS = sorted({p.name[:2] for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")} | {e.chapter for e in EXERCISES.values()})


def _registered_or_skip(chapter: str):
    registered = exercises_of_chapter(chapter)
    if not registered:
        pytest.skip(f"chapter {chapter}: no exercise registered yet (learnmetrics/exercises/ch{chapter}.py)")
    return registered


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_calls_name_registered_exercises_of_the_chapter(chapter):
    path = notebook_of(chapter)
    if path is None:
        pytest.skip(f"chapter {chapter}: no notebook yet")
    _, checks, solutions, prompts = exercise_cells(path)
    if not (checks or solutions or prompts):
        _registered_or_skip(chapter)
    problems = []
    for what, calls in (("check", checks), ("solution", solutions), ("**Exercise**", prompts)):
        for ex_id, cells in sorted(calls.items()):
            if ex_id not in EXERCISES:
                problems.append(f"{what}({ex_id!r}) in cell {cells[0]}: no exercise {ex_id} is registered")
            elif ex_id.split(".")[0] != chapter:
                problems.append(f"{what}({ex_id!r}) in cell {cells[0]}: an exercise of chapter "
                                f"{ex_id.split('.')[0]}, not of chapter {chapter}")
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_registered_exercise_is_in_its_notebook(chapter):
    registered = _registered_or_skip(chapter)
    path = notebook_of(chapter)
    assert path is not None, (f"chapter {chapter} has exercises {[e.id for e in registered]} "
                              f"but no notebook notebooks/{chapter}_*.ipynb")
    _, checks, solutions, prompts = exercise_cells(path)
    problems = []
    for ex in registered:
        where = {"markdown **Exercise %s**" % ex.id: prompts.get(ex.id), f"check({ex.id!r}, ...)": checks.get(ex.id),
                 f"solution({ex.id!r})": solutions.get(ex.id)}
        missing = [what for what, cells in where.items() if not cells]
        if missing:
            problems.append(f"{ex.id}: no " + ", no ".join(missing))
            continue
        prompt, check_cell, solution_cell = prompts[ex.id][0], checks[ex.id][0], solutions[ex.id][0]
        if not prompt < check_cell < solution_cell:
            problems.append(f"{ex.id}: expected the prompt, the check cell and the solution cell in that order, "
                            f"found them in cells {prompt}, {check_cell}, {solution_cell}")
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


def _html(output) -> str:
    return "".join(output.get("data", {}).get("text/html", "")) if output.get("output_type") in (
        "execute_result", "display_data") else ""


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_stored_solutions_are_folded(chapter):
    _registered_or_skip(chapter)
    path = notebook_of(chapter)
    if path is None:
        pytest.skip(f"chapter {chapter}: no notebook yet")
    cells, _, solutions, _ = exercise_cells(path)
    problems = []
    for ex_id, indices in sorted(solutions.items()):
        for i in indices:
            htmls = [h for h in map(_html, cells[i].get("outputs", [])) if "<details" in h]
            if not htmls:
                problems.append(f"{ex_id} (cell {i}): no stored <details> output: refresh the notebook "
                                f"(make refresh NB={path.relative_to(NOTEBOOKS.parent)})")
                continue
            for h in htmls:
                tag = DETAILS_TAG.search(h).group(0)
                if re.search(r"\bopen\b", tag):
                    problems.append(f"{ex_id} (cell {i}): the solution is stored open ({tag})")
                if f"Solution {ex_id}" not in h:
                    problems.append(f"{ex_id} (cell {i}): the stored solution is not the one of {ex_id}")
                if not re.search(r"<summary\b", h):
                    problems.append(f"{ex_id} (cell {i}): the <details> has no <summary> to click")
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_check_cells_do_not_give_the_answer_away(chapter):
    _registered_or_skip(chapter)
    path = notebook_of(chapter)
    if path is None:
        pytest.skip(f"chapter {chapter}: no notebook yet")
    cells, checks, _, _ = exercise_cells(path)
    problems = []
    for ex_id, indices in sorted(checks.items()):
        for i in indices:
            for out in cells[i].get("outputs", []):
                shown = _html(out) + "".join(out.get("data", {}).get("text/plain", "")) + "".join(out.get("text", ""))
                if f"[{ex_id}] Correct" in shown or re.search(r"✔\s*\[" + re.escape(ex_id) + r"\]", shown):
                    problems.append(f"{ex_id} (cell {i}): the learner's check cell is stored with the verdict "
                                    "'Correct', which shows the answer before the learner tries")
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


def test_the_parsing_itself(tmp_path):
    """The regular expressions find calls with either quote, ignore comments, and see the markdown."""
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("**Exercise 98.1** · how many?"),
        nbformat.v4.new_code_cell("answer = ...  # e.g. check('98.7', 1)\ncheck( \"98.1\", answer)"),
        nbformat.v4.new_code_cell("solution('98.1')"),
    ])
    path = tmp_path / "98_x.ipynb"
    nbformat.write(nb, path)
    _, checks, solutions, prompts = exercise_cells(path)
    assert checks == {"98.1": [1]} and solutions == {"98.1": [2]} and prompts == {"98.1": [0]}


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_exercise_has_its_answer_box_stored(chapter):
    """Each learner's cell ``answer = ...`` / ``check("NN.k", answer)`` stores the exercise's answer
    box (an anywidget view whose model, saved in the notebook's widget state, holds the exercise's
    current spec and the checker's module), so a page with no kernel checks answers; its text
    output says "no answer yet" and what is wanted, for nbval."""
    from learnmetrics.exercises._widget import BOX_MODULE, AnswerBox

    registered = _registered_or_skip(chapter)
    path = notebook_of(chapter)
    if path is None:
        pytest.skip(f"chapter {chapter}: no notebook yet")
    cells, checks, _, _ = exercise_cells(path)
    nb = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4, capture_validation_error={})
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    refresh = f"refresh the notebook (make refresh NB={path.relative_to(NOTEBOOKS.parent)})"
    problems = []
    for ex in registered:
        unanswered = [i for i in checks.get(ex.id, []) if re.search(r"^answer\s*=\s*\.\.\.", cells[i].source, re.M)]
        if not unanswered:
            problems.append(f"{ex.id}: no learner's cell 'answer = ...' before check({ex.id!r}, answer)")
            continue
        i = unanswered[0]
        views = [o["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] for o in cells[i].get("outputs", [])
                 if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
        texts = ["".join(o.get("data", {}).get("text/plain", "")) for o in cells[i].get("outputs", [])]
        model = state.get(views[0], {}).get("state", {}) if views else {}
        if not model:
            problems.append(f"{ex.id} (cell {i}): no answer box stored: {refresh}")
        elif (model.get("spec") != ex.spec() or model.get("_esm") != AnswerBox._esm
              or state.get(model.get("code", "").removeprefix("IPY_MODEL_"), {}).get("state", {}).get("source") != BOX_MODULE):
            problems.append(f"{ex.id} (cell {i}): the stored answer box is not the package's current one: {refresh}")
        if not any(f"[{ex.id}] no answer yet" in t and ex.wanted in t for t in texts):
            problems.append(f"{ex.id} (cell {i}): the stored text does not say 'no answer yet' and what is wanted")
    assert not problems, f"{path.name}:\n" + "\n".join(problems)
