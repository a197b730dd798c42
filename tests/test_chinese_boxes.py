"""The 中文要点 / 要点回顾 boxes (issue 17): every section has one, every chapter its 要点回顾,
and a number a box states is a number the notebook computes.

A box is a markdown cell that opens with ``> **中文要点**`` or ``> **要点回顾**`` (as in
tests/test_glossary.py). A section is what follows a ``## `` heading at the start of a
markdown cell, up to the next one.
"""
import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHAPTERS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if not p.name.startswith("00"))
BOX = re.compile(r"^>\s*\*\*(中文要点|要点回顾)\*\*")
#: sections whose Chinese twin is elsewhere: the exercises (their prompts and checks) and the
#: English "What to remember", whose twin is the 要点回顾 box
EXEMPT = re.compile(r"^## (Exercises|What to remember)")
#: a decimal number; one that names a section, an equation, a figure or an exercise of the book is not a result
DECIMAL = re.compile(r"(?<![\w.])[-−+]?\d+\.\d+(?![\w.])")
#: sections known to lack their box, in notebooks this test's author could not edit: each must
#: still lack it (remove the entry in the change that adds the box)
KNOWN_GAPS: set[tuple[str, str]] = set()
#: numbers a box derives in one visible step from a shown one (notebook, cell id) -> numbers
DERIVED = {("02_confusion_matrix.ipynb", "zh-02-5b"): {"1.1600"}}  # 0.1600/1.1600: 1 + the odds printed above
REFERENCE = re.compile(r"(习题|式|图|表|section|第)\s*[(（]?\s*$")


def _cells(name):
    return nbformat.read(NOTEBOOKS / name, as_version=4).cells


def _is_box(cell) -> bool:
    return cell.cell_type == "markdown" and bool(BOX.match(cell.source))


def sections(name):
    """(heading, has a box) for each section of a notebook."""
    out = []
    for cell in _cells(name):
        if cell.cell_type == "markdown" and cell.source.startswith("## "):
            out.append([cell.source.splitlines()[0], False])
        if out and _is_box(cell):
            out[-1][1] = True
    return out


@pytest.mark.parametrize("name", CHAPTERS)
def test_every_section_has_a_chinese_box(name):
    missing = [h for h, has in sections(name) if not has and not EXEMPT.match(h)]
    known = {h for n, h in KNOWN_GAPS if n == name}
    assert not set(missing) - known, f"{name}: sections without a 中文要点 box: {sorted(set(missing) - known)}"
    assert known <= set(missing), f"{name}: {sorted(known - set(missing))} now have a box: remove them from KNOWN_GAPS"


@pytest.mark.parametrize("name", CHAPTERS)
def test_every_chapter_has_one_yaodian_huigu(name):
    recaps = [c for c in _cells(name) if _is_box(c) and "**要点回顾**" in c.source.splitlines()[0]]
    assert len(recaps) == 1, f"{name}: {len(recaps)} 要点回顾 boxes"


def _computed_text(cells) -> str:
    """Everything a box may quote: code, outputs, and the English markdown."""
    parts = []
    for c in cells:
        if c.cell_type == "code":
            parts.append(c.source)
            for o in c.get("outputs", []):
                parts.append(o.get("text", ""))
                data = o.get("data", {})
                parts += [data.get(k, "") for k in ("text/plain", "text/html", "text/markdown")]
        elif not _is_box(c):
            parts.append(c.source)
    return "\n".join(p if isinstance(p, str) else "".join(p) for p in parts).replace("−", "-")


NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.(\d+))?")


def _numbers(text: str) -> list[tuple[float, int]]:
    """Every number of ``text``, with its count of decimals."""
    return [(float(m.group()), len(m.group(1) or "")) for m in NUMBER.finditer(text)]


def _shown(value: str, numbers) -> bool:
    """Whether a number the box writes as ``value`` is one of ``numbers`` rounded to the box's
    decimals (never fewer: 0.9137 is not "shown" by a 0.9), also as a percentage or a share."""
    x, d = float(value), len(value.split(".")[1])
    tol = 0.5 * 10.0 ** -d + 1e-12
    return any(n >= d and any(abs(t * s - x) <= tol for s in (1, 100, 0.01)) for t, n in numbers)


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")))
def test_the_numbers_of_a_box_are_the_notebooks(name):
    """Each decimal number of a box appears in the notebook's outputs, code or English text,
    so a box never states a number the notebook does not compute (or a stale one)."""
    cells = _cells(name)
    numbers = _numbers(_computed_text(cells))
    stale = {}
    for c in cells:
        if not _is_box(c):
            continue
        for m in DECIMAL.finditer(c.source):
            if REFERENCE.search(c.source[max(0, m.start() - 6):m.start()]) or \
                    re.match(r"\s*节", c.source[m.end():m.end() + 3]):
                continue  # 第 2.4 节, 式 (2.10), 习题 2.2 ...
            value = m.group().replace("−", "-").lstrip("+")
            if not _shown(value, numbers) and m.group() not in DERIVED.get((name, c.get("id")), ()):
                stale.setdefault(c.get("id"), []).append(m.group())
    assert not stale, f"{name}: numbers in 中文要点 boxes that the notebook does not show (cell id: numbers): {stale}"
