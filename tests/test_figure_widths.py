"""Stored figures stay legible on an 800 px page: a static figure is at most {MAX_WIDTH} px wide
(issue 35), with no exception: ``TOO_WIDE`` (notebook, cell id -> width) is empty since the last
three (03's F-beta, 05's cost and 09's bias-variance filmstrips, 1060/1160/1120 px) were laid out
at 980 px. Reads the notebooks' stored PNG headers only (fast)."""
from __future__ import annotations

import base64
import json
import struct
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MAX_WIDTH = 1000

#: (notebook, cell id) -> the widest stored PNG allowed for that cell: none wider than MAX_WIDTH left
TOO_WIDE: dict[tuple[str, str], int] = {}


def _widths(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            png = out.get("data", {}).get("image/png")
            if png:
                head = base64.b64decode(png[:64])
                yield cell.get("id"), struct.unpack(">II", head[16:24])[0]


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name[:2])
def test_stored_figures_are_at_most_1000_px_wide(path):
    faults = []
    for cell_id, width in _widths(path):
        allowed = TOO_WIDE.get((path.name, cell_id), MAX_WIDTH)
        if width > allowed:
            faults.append(f"cell {cell_id}: {width} px (at most {allowed})")
    assert not faults, f"{path.name}: figures too wide for an 800 px page: " + "; ".join(faults)


def test_no_figure_is_allowed_wider():
    assert not TOO_WIDE, f"figures allowed wider than {MAX_WIDTH} px: {TOO_WIDE}"
