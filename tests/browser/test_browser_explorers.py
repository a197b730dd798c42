"""Every explorer, in JupyterLab in Chromium, moved with the keyboard as a learner does.

One JupyterLab server for the session, one page per notebook (see conftest.py).
Screenshots before and after land in test-artifacts/browser/.
"""
from __future__ import annotations

import json
import os
import time

import nbformat
import pytest

from browser_checks import (drag_explorer, expected_checks, explorer_cells, explorer_roots, layout_problems,
                            open_in_lab, shutdown_kernels, step_explorer)
from browser_servers import NOTEBOOKS

NOTEBOOKS_WITH_EXPLORERS = [p.name for p in sorted(NOTEBOOKS.glob("*.ipynb")) if explorer_cells(p)]

#: the chapters stepped in JupyterLab by default: one of every kind of explorer layout (kernel-path
#: second controls in 10, as in 01, 05 and 08; cut point and F-beta in 03; nested frames in 06).
#: Every chapter's linked sliders are also stepped, with no kernel, in the static site
#: (test_browser_site.py), and 02 and 03 in Voila; LEARNMETRICS_BROWSER_ALL=1 steps every chapter
#: here too (about 5 more minutes on 2 cores), kept out of `make test` so that CI stays near 25 minutes.
IN_LAB = (NOTEBOOKS_WITH_EXPLORERS if os.environ.get("LEARNMETRICS_BROWSER_ALL") == "1" else
          [n for n in NOTEBOOKS_WITH_EXPLORERS if n[:2] in {"03", "06", "10"}])
TIMINGS: dict[str, dict] = {}


@pytest.fixture
def lab_page(lab, browser_context):
    pages = []

    def open_page(path: str):
        page = browser_context.new_page()
        pages.append((page, path))
        open_in_lab(page, lab, path)
        return page

    yield open_page
    for page, path in pages:
        page.close()
        shutdown_kernels(lab, path)


def check_notebook(lab_page, site, path, expected, artifacts, *, timeout=20.0, drag=True):
    """Open ``site/path`` in JupyterLab, run it, and step each of its explorers (then, with
    ``drag``, a fast drag of each one's first slider: see ``drag_explorer``)."""
    name = path.rsplit("/", 1)[-1]
    t0 = time.perf_counter()
    page = lab_page(path)
    t_run = time.perf_counter() - t0
    cells = explorer_cells(site / path)
    roots = explorer_roots(page)
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length >= n",
                           arg=[".jp-OutputArea-output:has([role=slider])", len(cells)], timeout=timeout * 1e3)
    assert roots.count() == len(cells), (
        f"{name}: {len(cells)} explorer cells (marked # NBVAL_IGNORE_OUTPUT) but {roots.count()} outputs with a slider")
    reports = []
    for i in range(len(cells)):
        checks = expected[i] if i < len(expected) else None
        label = f"{name} explorer {i + 1} (cell {cells[i]})"
        reports.append(step_explorer(page, roots.nth(i), label, checks, artifacts, timeout=timeout))
        reports[-1].layout = layout_problems(roots.nth(i))
        assert not reports[-1].layout, f"{label}: " + "; ".join(reports[-1].layout)
        if drag:  # faster than frames can be drawn: the frame that stays must match its read-out
            drag_explorer(page, roots.nth(i), label, checks, presses=6, timeout=timeout)
    return page, reports, t_run


@pytest.mark.parametrize("notebook", IN_LAB)
def test_explorer_in_jupyterlab(notebook, lab_page, served_notebooks, artifacts):
    t0 = time.perf_counter()
    _, reports, t_run = check_notebook(lab_page, served_notebooks.parent, f"notebooks/{notebook}",
                                       expected_checks().get(notebook, []), artifacts)
    steps = [s for r in reports for s in r.steps]
    TIMINGS[notebook] = {
        "open_and_run_s": round(t_run, 1),
        "total_s": round(time.perf_counter() - t0, 1),
        "steps": len(steps),
        "explorers_checked_against_learnmetrics": sum(c is not None for c in expected_checks().get(notebook, [])),
        "median_text_ms": sorted(s.text_ms for s in steps)[len(steps) // 2] if steps else None,
        "max_figure_ms": max((s.figure_ms for s in steps), default=None),
        "layout_problems": [f"{r.name}: {p}" for r in reports for p in r.layout],
    }
    (artifacts / "timings.json").write_text(json.dumps(TIMINGS, indent=1))
    assert steps, f"{notebook}: no slider was moved"


def test_every_explorer_cell_is_found():
    """The discovery itself: chapter 02's threshold explorer is among the explorer cells."""
    assert "02_confusion_matrix.ipynb" in NOTEBOOKS_WITH_EXPLORERS
    for name, checks in expected_checks().items():
        assert (NOTEBOOKS / name).exists(), f"expected_checks() names {name}, which is not in notebooks/"
        assert len(explorer_cells(NOTEBOOKS / name)) >= len(checks), name


# -- the suite must catch a broken explorer --------------------------------------------------
# (the slider is linked to the frames drawn ahead in the page: an explorer whose kernel callback
# does nothing now steps fine in the browser, the link itself is what must not break)
BROKEN = {
    "slider not linked to the frames": (
        "def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n"
        "        for link in self._view_links:\n"
        "            link.unlink()"),
    "figure never moves": "draw = lambda self, state: None",
    "read-out one step off": (
        "def compute_state(self, threshold):\n"
        "        return super().compute_state(threshold + self.slider.step)"),
}


def _broken_notebook(path):
    cells = [nbformat.v4.new_code_cell(
        "from learnmetrics import datasets\nfrom learnmetrics.widgets.threshold import ThresholdExplorer\n"
        "melons = datasets.watermelon_scores()")]
    for i, patch in enumerate(BROKEN.values()):
        cells.append(nbformat.v4.new_code_cell(f"class Broken{i}(ThresholdExplorer):\n    {patch}"))
        cells.append(nbformat.v4.new_code_cell(
            f"# NBVAL_IGNORE_OUTPUT\nex{i} = Broken{i}(melons.y_true, melons.y_score, ids=melons.ids, threshold=0.5)\n"
            f"ex{i}"))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(nb, path)


def test_a_broken_explorer_fails_the_check(lab_page, served_notebooks, artifacts):
    """Three deliberately broken threshold explorers, each must fail the same check chapter 02 passes."""
    fixtures = served_notebooks.parent / "fixtures"
    fixtures.mkdir(exist_ok=True)
    _broken_notebook(fixtures / "broken_explorers.ipynb")
    page = lab_page("fixtures/broken_explorers.ipynb")
    roots = explorer_roots(page)
    page.wait_for_function("n => document.querySelectorAll('.jp-OutputArea-output:has([role=slider])').length >= n",
                           arg=len(BROKEN), timeout=30_000)
    checks = expected_checks()["02_confusion_matrix.ipynb"][0]
    for i, (what, _) in enumerate(BROKEN.items()):
        with pytest.raises(AssertionError) as err:
            step_explorer(page, roots.nth(i), f"broken: {what}", checks, None, steps=2, timeout=4.0)
        print(f"{what}: {str(err.value).splitlines()[0]}")


def test_stored_views_shown_on_open_and_not_modified(lab, browser_context, served_notebooks):
    """A newcomer opening a chapter (trusted, as ``make lab`` should trust the course's own
    notebooks: JupyterLab shows no widget of an untrusted notebook, only its text) sees every
    explorer's stored view before running anything, each at the frame stored for it, and the
    notebook is not marked modified once its kernel has started."""
    import re
    import subprocess
    import sys

    name = "02_confusion_matrix.ipynb"
    path = served_notebooks / name
    subprocess.run([sys.executable, "-m", "jupyter", "trust", str(path)], env=lab.env, check=True,
                   capture_output=True)
    page = browser_context.new_page()
    try:
        page.goto(lab.url(f"/lab/workspaces/storedviews/tree/notebooks/{name}?reset"))
        page.get_by_text(re.compile(r"\(ipykernel\) \| Idle")).first.wait_for(timeout=120_000)
        n = len(explorer_cells(path))
        page.wait_for_function("n => document.querySelectorAll('.lm-xv img.lm-xv-bg').length >= n", arg=n,
                               timeout=60_000)
        page.wait_for_timeout(1500)  # the kernel's language_info and the widget manager settle
        texts = page.locator(".jp-OutputArea-output").filter(has_text=re.compile(r"^\s*VBox\(")).count()
        assert texts == 0, f"{name}: {texts} explorer cells show the widgets' text repr instead of the view"
        slots = page.evaluate("() => [...document.querySelectorAll('.lm-xv')].map(v => v.dataset.slot)")
        assert len(slots) == n and all(s not in (None, "-1") for s in slots), slots
        dirty = page.evaluate("p => { const w = [...window.jupyterapp.shell.widgets('main')]"
                              ".find(w => w.context && w.context.path.endsWith(p)); return w.context.model.dirty; }",
                              name)
        assert dirty is False, f"{name} is marked modified as soon as it is opened"
    finally:
        page.close()
        shutdown_kernels(lab, f"notebooks/{name}")
