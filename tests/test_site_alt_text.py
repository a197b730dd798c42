"""Every stored figure of the static site gets a short description (issue 35), never nbconvert's
"No description has been provided for this image"."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import build_site  # noqa: E402


def test_figures_get_a_description_from_their_cell_and_section():
    nb = nbformat.v4.new_notebook()
    png = {"image/png": "iVBORw0KGgo="}
    nb.cells = [nbformat.v4.new_markdown_cell("## 2. The ROC curve"),
                nbformat.v4.new_code_cell("# NBVAL_IGNORE_OUTPUT\n# the ROC curve of the melons\n_ = ax.plot()",
                                          outputs=[nbformat.v4.new_output("display_data", data=png)]),
                nbformat.v4.new_code_cell("fig = ex.filmstrip([0, 1])",
                                          outputs=[nbformat.v4.new_output("display_data", data=png)])]
    assert build_site.figure_alt_texts(nb) == 2
    alts = [c.outputs[0].metadata["image/png"]["alt"] for c in nb.cells[1:]]
    assert alts[0] == "Figure: the ROC curve of the melons (section: 2. The ROC curve)"
    assert alts[1].startswith("Filmstrip")
    body = build_site._exporter().from_notebook_node(nb)[0]
    assert "No description has been provided" not in body and 'alt="Figure: the ROC curve' in body
