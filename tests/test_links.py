"""Every link between the chapters lands (issue 23: an idea is said once and linked to elsewhere).

In every notebook's markdown, a link to a chapter (``[05](05_cost_curves.ipynb#c05-reading)``)
must find that notebook, and an anchor (``#c05-reading``, or ``(#c08-exact)`` within a chapter)
an ``<a id="...">`` in it. Section headings' own ids (``#2.-The-cost-matrix...``) are not used by
the course: a link names an anchor the course wrote.
"""
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHAPTERS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
LINK = re.compile(r"\]\(((?:\d\d_[A-Za-z0-9_]+\.ipynb)?)(?:#([^)\s]+))?\)")


def _markdown(name):
    return ["".join(c["source"]) for c in json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "markdown"]


def _anchors(name):
    return set(re.findall(r'<a id="([^"]+)"></a>', "\n".join(_markdown(name))))


@pytest.mark.parametrize("name", CHAPTERS)
def test_every_link_finds_its_chapter_and_anchor(name):
    broken = []
    for text in _markdown(name):
        for target, anchor in LINK.findall(text):
            if not target and not anchor:
                continue
            target = target or name
            if not (NOTEBOOKS / target).exists():
                broken.append(target)
            elif anchor and anchor not in _anchors(target):
                broken.append(f"{target}#{anchor}")
    assert not broken, f"{name}: links that land nowhere: {broken}"


def test_the_check_sees_links():
    n = sum(len(LINK.findall(t)) for name in CHAPTERS for t in _markdown(name))
    assert n > 100
