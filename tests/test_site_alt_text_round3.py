"""The site's figure descriptions after the third fresh reading of 04-06: section names without
HTML anchors, filmstrips that say which steps they show (not "each step"), and figure comments that
describe the picture."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import build_site  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PNG = {"image/png": "iVBORw0KGgo="}


def _alts(nb):
    build_site.figure_alt_texts(nb)
    return {cell.get("id"): out.metadata["image/png"]["alt"] for cell in nb.cells
            for out in cell.get("outputs", []) if "image/png" in out.get("data", {})}


def _figure_cell(source, cid):
    cell = nbformat.v4.new_code_cell(source, outputs=[nbformat.v4.new_output("display_data", data=PNG)])
    cell.id = cid
    return cell


def test_section_names_lose_their_anchor_tags_and_links():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell('## 5. Reading the *cost* curve · 读懂 <a id="c05-reading"></a>\n\ntext'),
                _figure_cell("# the cost curve\n_ = ax.plot()", "a"),
                nbformat.v4.new_markdown_cell("### See [chapter 04](04_roc_auc.ipynb) &amp; <b>more</b>"),
                _figure_cell("_ = ax.plot()", "b")]
    alts = _alts(nb)
    assert alts["a"] == "Figure: the cost curve (section: 5. Reading the cost curve · 读懂)"
    assert alts["b"] == "Figure (section: See chapter 04 & more)"


@pytest.mark.parametrize("source, expected", [
    ('fig = ex.filmstrip([(1,), (2,), (5,)], titles=[("cut 1", "截断点 1"), "cut 2", ("cut 5", "截断点 5")])',
     "3 chosen steps (not every step): 1) cut 1; 2) cut 2; 3) cut 5"),
    ('ks = [1, 3, 8]\nfig = ex.filmstrip([(o, k) for k in ks], titles=[(f"k = {k}", f"k = {k}") for k in ks])',
     "3 chosen steps (not every step): 1) k = 1; 2) k = 3; 3) k = 8"),
    ("fig = ex.filmstrip([(17, 0), (250, 0)], width=9.6)",
     "2 chosen steps (not every step): 1) at 17, 0; 2) at 250, 0"),
    ('fig = ex.filmstrip([(0,), (first,)], titles=["cut 0", f"cut {first}: the first bad one"])',
     "2 chosen steps (not every step): 1) cut 0; 2) cut …: the first bad one"),
    ("fig = ex.filmstrip(keys_from_the_kernel)", "a few chosen steps (not every step)"),
    ('r = {"1:4": 0.25, "4:1": 4}\n_ = ex.filmstrip([(v, p) for v in r.values()], titles=[f"{n}, p = {p:.2f}" for n in r])',
     "2 chosen steps (not every step): 1) 1:4, p = …; 2) 4:1, p = …"),
])
def test_a_filmstrip_says_which_steps_it_shows(source, expected):
    assert build_site.filmstrip_alt(source) == f"Filmstrip: the explorer above at {expected}"


def test_a_filmstrip_never_runs_the_cell():
    """Calls and attributes are only what the kernel knows: never evaluated, "…" instead."""
    source = 'fig = ex.filmstrip([(__import__("os").getpid(),), (2,)], titles=[str(open("x")), "two"])'
    assert build_site.filmstrip_alt(source).endswith("1) …; 2) two")


def test_the_course_filmstrips_and_sections():
    """Every filmstrip of the course says how many chosen steps it shows; no alt holds an HTML tag;
    04's, 05's and 06's filmstrips name their frames."""
    alts = {}
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        found = _alts(nb)
        assert not [a for a in found.values() if "<" in a and ">" in a], path.name
        for cell in nb.cells:
            if cell.cell_type == "code" and "filmstrip(" in cell.source and cell.get("outputs"):
                alt = found[cell.id]
                assert alt.startswith("Filmstrip: the explorer above at ") and "chosen steps (not every step)" in alt
                assert "each step" not in alt
        alts.update({(path.name[:2], cid): a for cid, a in found.items()})
    assert "1) cut k = 1" in alts["04", "6682504d"] and "3) cut k = 5" in alts["04", "6682504d"]
    assert all(f"cost01 : cost10 = {r}" in alts["05", "be1a4ccb"] for r in ("1:4", "1:1", "4:1"))
    assert all(f"{i}) model's order, k = {k}" in alts["06", "56654483"] for i, k in ((1, 1), (2, 3), (3, 8)))
    assert "ideal order" in alts["06", "52fbeb4f"] and "worst order" in alts["06", "52fbeb4f"]


def test_04_and_05_figure_comments_describe_the_picture():
    alts = {}
    for name in ("04_roc_auc.ipynb", "05_cost_curves.ipynb"):
        alts.update(_alts(nbformat.read(NOTEBOOKS / name, as_version=4)))
    assert "owns one piece" not in alts["3a665151"] and "the two end vertices own none" in alts["3a665151"]
    assert "solid" in alts["c3e6a0b9"] and "dotted" in alts["c3e6a0b9"] and "beside itself" not in alts["c3e6a0b9"]


def test_explorer_alt_texts_name_every_view_and_control():
    pytest.importorskip("ipywidgets")
    from learnmetrics.widgets.cost import CostCurveExplorer
    from learnmetrics.widgets.ranking import RankedListExplorer

    cost = CostCurveExplorer.alt_text
    assert all(w in cost for w in ("ROC", "iso-cost", "envelope", "confusion matrix", "cost ratio", "prior"))
    assert "gain" in RankedListExplorer.alt_text and "set k" in RankedListExplorer.alt_text
