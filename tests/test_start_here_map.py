"""00's one-page map, "which measure answers which question": every link and every function it names exists.

Chapters 10 and 11 (and their functions, issue 16) and 12 are being written; while one of
them is missing the test checks everything else, then skips naming what is still missing.
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

import learnmetrics as lm
from learnmetrics import exercises

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
START = NOTEBOOKS / "00_start_here.ipynb"
MAP_HEADING = "## Which measure answers which question"
QUESTIONS = ["better than a coin", "positives are rare", "mistakes have prices", "I rank, I don't classify",
             "Is A really better than B", "How sure is this number", "read the scores as probabilities",
             "book's own exercises"]


def map_rows() -> list[str]:
    """The table rows of the markdown cells from the map's heading to the end of the notebook."""
    nb = nbformat.read(START, as_version=4)
    starts = [i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and MAP_HEADING in c.source]
    assert len(starts) == 1, f"00_start_here has {len(starts)} cells with {MAP_HEADING!r}"
    # the map is the page's last section before the glossary of chapters 06-12 (issue 23: that glossary
    # is looked up, not read first, so it sits at the end)
    later = [i for i, c in enumerate(nb.cells) if i > starts[0] and c.cell_type == "markdown"
             and c.source.startswith("## ")]
    end = later[0] if later else len(nb.cells)
    assert all("术语表" in nb.cells[i].source.splitlines()[0] for i in later), \
        "only the glossary of the later chapters may follow the map in 00_start_here"
    text = "\n".join(c.source for c in nb.cells[starts[0]:end] if c.cell_type == "markdown")
    return [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| your question")]


def test_the_map_asks_the_questions():
    rows = "\n".join(map_rows())
    missing = [q for q in QUESTIONS if q.lower() not in rows.lower()]
    assert not missing, f"the map lacks the questions {missing}"
    for row in map_rows():
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 4 and all(cells), f"a map row needs a question, a measure, a chapter, a function: {row}"
        assert re.search(r"\]\(\d\d_\w+\.ipynb\)", cells[2]), f"no chapter link in: {row}"
        assert "`" in cells[3], f"no function named in: {row}"


def test_every_function_and_chapter_named_exists():
    problems = []
    for row in map_rows():
        for name in re.findall(r"`lm\.(\w+)`", row):
            if callable(getattr(lm, name, None)):
                continue
            problems.append(f"lm.{name}")
        for link in re.findall(r"\]\((\d\d_\w+\.ipynb)\)", row):
            if not (NOTEBOOKS / link).exists():
                problems.append(link)
        for name in re.findall(r"`(check|solution)`", row):
            if not callable(getattr(exercises, name, None)):
                problems.append(f"learnmetrics.exercises.{name}")
    assert not problems, f"00's map names what does not exist (or is not a function): {problems}"


def test_the_chapter_table_links_every_chapter():
    nb = nbformat.read(START, as_version=4)
    table = next(c.source for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("## The chapters"))
    linked = set(re.findall(r"\]\((\d\d_\w+\.ipynb)\)", table))
    missing = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if p.name not in linked)
    assert not missing, f"00's chapter table does not list {missing}"


def test_the_first_page_keeps_the_later_chapters_glossary_for_the_end():
    """Issue 23: the terms of chapters 06-12 are not on the first page; they follow the map."""
    nb = nbformat.read(START, as_version=4)
    heads = [(i, c.source.splitlines()[0]) for i, c in enumerate(nb.cells)
             if c.cell_type == "markdown" and c.source.startswith("## ")]
    map_at = next(i for i, h in heads if h.startswith(MAP_HEADING))
    for i, c in enumerate(nb.cells):
        if c.cell_type == "markdown" and "](06_ranking_metrics.ipynb) |" in c.source and "| English |" in c.source:
            assert i > map_at, "a glossary table of chapters 06-12 sits before the map"


def test_the_map_does_not_let_auc_choose_a_threshold():
    row = next(r for r in map_rows() if "which threshold" in r)
    assert "cannot pick one" in row and "`lm.best_cut`" in row
