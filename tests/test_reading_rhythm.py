"""A picture or a computation at least every ~250 words (issue 23, "one idea, one place").

A learner should not read a long stretch of prose with nothing to look at or run: in every
chapter, the English markdown between two code cells that show something (a figure, a printed
number, a table, an explorer, an answer box) is at most ``LIMIT`` words. The 中文要点 and 要点回顾
boxes are not counted (they restate the section in Chinese; a Chinese reader reads them instead
of the English, not after it). A word is a run of Latin letters or digits, so formulas count by
their symbols' names (``$\\beta^2$`` is one word).
"""
import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHAPTERS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
BOX = re.compile(r"^>\s*\*\*(中文要点|要点回顾)\*\*")
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-.]*")
LIMIT = 250


def shows_something(cell) -> bool:
    return cell.cell_type == "code" and bool(cell.get("outputs"))


def word_runs(name):
    """(words, id of the cell that opens the run) for each stretch of English prose."""
    runs, words, first = [], 0, None
    for cell in nbformat.read(NOTEBOOKS / name, as_version=4).cells:
        if cell.cell_type == "markdown" and not BOX.match(cell.source):
            n = len(WORD.findall(cell.source))
            if n and first is None:
                first = cell.get("id")
            words += n
        elif shows_something(cell):
            runs.append((words, first))
            words, first = 0, None
    runs.append((words, first))
    return runs


@pytest.mark.parametrize("name", CHAPTERS)
def test_a_picture_or_computation_every_250_words(name):
    long = [(n, cid) for n, cid in word_runs(name) if n > LIMIT]
    assert not long, (f"{name}: prose runs over {LIMIT} words with nothing shown between them "
                      f"(words, first cell id): {long}")


def test_the_count_sees_prose_and_breaks():
    # every chapter has prose, and at least one run per section heading
    for name in CHAPTERS:
        runs = word_runs(name)
        assert sum(n for n, _ in runs) > 1000, name
        assert len(runs) > 10, name
