"""Stored figures stay legible on an 800 px page: a static figure is at most {MAX_WIDTH} px wide
(issue 35). Figures wider today are listed in ``TOO_WIDE`` by notebook and cell id with their width
now: they may narrow (the chapter owners are narrowing them; the integrator shrinks the list) but
never widen, and no new figure joins them. Reads the notebooks' stored PNG headers only (fast)."""
from __future__ import annotations

import base64
import json
import struct
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MAX_WIDTH = 1000

#: (notebook, cell id): the widest stored PNG of that cell when this test was written (2026-11-29)
TOO_WIDE = {
    ("03_pr_bep_fbeta.ipynb", "0c6bfc2b"): 1060,
    ("05_cost_curves.ipynb", "be1a4ccb"): 1160,
    ("09_bias_variance.ipynb", "e6f7baf5"): 1120,
}


def _widths(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            png = out.get("data", {}).get("image/png")
            if png:
                head = base64.b64decode(png[:64])
                yield cell.get("id"), struct.unpack(">II", head[16:24])[0]


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name[:2])
def test_stored_figures_are_at_most_1000_px_wide_or_listed_and_not_wider(path):
    faults = []
    for cell_id, width in _widths(path):
        allowed = TOO_WIDE.get((path.name, cell_id), MAX_WIDTH)
        if width > allowed:
            faults.append(f"cell {cell_id}: {width} px (at most {allowed})")
    assert not faults, f"{path.name}: figures too wide for an 800 px page: " + "; ".join(faults)
