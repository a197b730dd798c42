"""The static course (``make site``) in Chromium with the network blocked.

The site is built once per session (``tools/build_site.py``, from the session's copy of the
notebooks: stored outputs and widget state, nothing re-executed) and served by a plain file
server behind a sub-path (``http://127.0.0.1:<port>/course/``). Every request that is not to
that server is aborted and recorded, and each test asserts that none was attempted, that no
local file was missing and that no script failed.

For every chapter: MathJax typeset the narrative (no raw ``$...$`` left, no TeX error), and
every explorer works with no kernel: every control (sliders, checkboxes, toggle buttons) is
linked to the frames drawn ahead in the explorer's view (none needs a kernel); each slider is
stepped with the keyboard, each checkbox and toggle clicked there and back; after each step
the page shows the frame and read-out the notebook's saved widget state holds for that
position (image bytes and text), the figure differs from the one before, the numbers
``learnmetrics`` computes for that value (``browser_checks.expected_checks``: 02's threshold,
03's cut point and F-beta, ...) are in the read-out, and a step back brings back the same
image bytes. A press on the ranked list or the score axis (02, 03, 04, 06) moves the cut to
the position under the pointer. At 800 and 1280 px the figure keeps a legible size. Then: the
index and the links between pages, and the site copied to another folder and opened from
``file://``. A page whose read-outs were swapped between two frames must fail.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from browser_checks import expected_checks, explorer_cells
from browser_servers import NOTEBOOKS, ROOT
from site_checks import (WIDGET_STATE, StoredExplorer, block_network, explorer_views, own_checks, page_links,
                         press_on_figure, serve_folder, wait_for_mathjax, walk_explorer, watch_page, widget_state)

SUBPATH = "course"
CHAPTERS = [p.name for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))]
REQUIRE = os.environ.get("LEARNMETRICS_REQUIRE_BROWSER", "") not in ("", "0")
EXPLORERS = ".jp-OutputArea-output:has([role=slider])"
TIMINGS: dict[str, dict] = {}


def _build_module():
    """tools/build_site.py, imported by name (its page workers import it by name too)."""
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    import build_site

    return build_site


def _build(out: Path, notebooks: Path, **kw):
    build = _build_module()
    try:
        return build.build_site(out, notebooks=notebooks, log=lambda *a, **k: None, **kw)
    except build.SiteError as e:  # the npm packages could not be fetched (no network, no cache)
        if REQUIRE:
            pytest.fail(f"LEARNMETRICS_REQUIRE_BROWSER is set but the site cannot be built: {e}", pytrace=False)
        pytest.skip(f"the static site cannot be built here: {e}")


@pytest.fixture(scope="session")
def site_notebooks(served_notebooks):
    """The notebooks the site is built from: the session's copy of notebooks/, or the folder
    named by $LEARNMETRICS_SITE_NOTEBOOKS (e.g. refreshed copies being worked on)."""
    chosen = os.environ.get("LEARNMETRICS_SITE_NOTEBOOKS")
    return Path(chosen).resolve() if chosen else served_notebooks


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, site_notebooks, chromium):
    """``<tmp>/course``: the site built from the stored notebooks."""
    out = tmp_path_factory.mktemp("static-site") / SUBPATH
    t0 = time.perf_counter()
    report = _build(out, site_notebooks)
    TIMINGS["build_s"] = round(time.perf_counter() - t0, 1)
    TIMINGS["site_mb"] = round(report.bytes / 1e6, 1)
    return out


@pytest.fixture(scope="session")
def site_url(built_site):
    with serve_folder(built_site.parent) as base:
        yield f"{base}{SUBPATH}/"


@pytest.fixture(scope="session")
def site_context(chromium, site_url):
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    context.set_default_timeout(30_000)
    log = block_network(context, site_url)
    yield context, log
    context.close()


def _assert_offline(log, what: str) -> None:
    assert not log.blocked, f"{what}: requests to the network were attempted (and blocked): {log.blocked[:5]}"
    assert not log.missing, f"{what}: local files missing or failed: {log.missing[:5]}"
    assert not log.errors, f"{what}: script errors in the page: {log.errors[:3]}"


def check_explorers(page, notebook: Path, *, steps: int = 3, only_first: bool = False) -> list:
    """Walk every explorer of the chapter page (see the module docstring); returns the steps."""
    cells = explorer_cells(notebook)
    if not cells:
        assert page.locator(EXPLORERS).count() == 0, f"{notebook.name}: a slider in a page with no explorer cell"
        return []
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length >= n",
                           arg=[EXPLORERS, len(cells)], timeout=60_000)
    roots = page.locator(EXPLORERS)
    assert roots.count() == len(cells), (
        f"{notebook.name}: {len(cells)} explorer cells but {roots.count()} outputs with a slider in the page")
    state, views = widget_state(notebook), explorer_views(notebook, cells)
    checks = expected_checks().get(notebook.name, [])
    ours = own_checks().get(notebook.name, {})
    records = []
    for i, (cell, view) in enumerate(zip(cells, views)):
        name = f"{notebook.name} explorer {i + 1} (cell {cell})"
        assert view, f"{name}: the cell has no stored widget view"
        explorer = StoredExplorer(state, view)
        # every control of every explorer works without a kernel: linked to the frames drawn ahead
        unlinked = [explorer.label(m) for m in explorer.sliders + explorer.checkboxes + explorer.toggles
                    if m not in explorer.links]
        assert not unlinked, f"{name}: controls that need a kernel (dead in the static site): {unlinked}"
        records += walk_explorer(page, roots.nth(i), explorer, name, checks[i] if i < len(checks) else None,
                                 steps=steps, patterns=ours.get(i))
        PRESSES[name] = press_on_figure(page, roots.nth(i), explorer, name)
        if only_first:
            break
    return records


#: explorer -> presses on its figure checked (a ranked list or a score axis moves the cut)
PRESSES: dict[str, int] = {}
#: explorers whose figure must answer a press (the cut on a score axis or a ranked list)
PRESS_EXPLORERS = {"02_confusion_matrix.ipynb": [0], "03_pr_bep_fbeta.ipynb": [0], "04_roc_auc.ipynb": [0],
                   "06_ranking_metrics.ipynb": [0]}


@pytest.mark.parametrize("notebook", CHAPTERS)
def test_chapter_page(notebook, site_context, site_url, site_notebooks, artifacts):
    """The chapter's page: MathJax typeset, every explorer live, nothing from the network."""
    context, log = site_context
    log.clear()
    page = watch_page(context.new_page(), log)
    try:
        t0 = time.perf_counter()
        page.goto(f"{site_url}{Path(notebook).stem}.html")
        tex = wait_for_mathjax(page)
        t_load = time.perf_counter() - t0
        assert not tex["raw"], f"{notebook}: TeX left raw in the page: {tex['raw'][:5]}"
        assert not tex["errors"], f"{notebook}: {tex['errors']} MathJax errors in the page"
        records = check_explorers(page, site_notebooks / notebook)
        for i in PRESS_EXPLORERS.get(notebook, []):
            pressed = [n for name, n in PRESSES.items() if name.startswith(f"{notebook} explorer {i + 1} ")]
            assert pressed and pressed[0] >= 2, f"{notebook} explorer {i + 1}: a press on its figure moved nothing"
        if records:
            page.locator(EXPLORERS).first.screenshot(path=str(artifacts / f"site_{Path(notebook).stem}.png"))
        _assert_offline(log, notebook)
        TIMINGS[notebook] = {"load_and_typeset_s": round(t_load, 1), "formulas": tex["typeset"],
                             "steps": len(records), "max_step_ms": round(max((r.ms for r in records), default=0))}
        (artifacts / "site_timings.json").write_text(json.dumps(TIMINGS, indent=1))
    finally:
        page.close()


def test_index_and_links(built_site, site_context, site_url):
    """Every page is there; every link and script of every page resolves inside the site
    (relative URLs only), previous/next chain the chapters in order; clicking works."""
    pages = sorted(p.name for p in built_site.glob("*.html"))
    assert pages == sorted(["index.html"] + [Path(c).stem + ".html" for c in CHAPTERS])
    parsed = {p: page_links(built_site / p) for p in pages}
    for name in pages:
        for tag, attr, url in parsed[name][0]:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https"):
                assert tag == "a", f"{name}: <{tag} {attr}={url!r}> would load from the network"
                continue
            if parts.scheme in ("data", "mailto"):
                continue
            assert not parts.scheme and not parts.netloc and not url.startswith("/"), (
                f"{name}: <{tag} {attr}={url!r}> is not relative to the page")
            target = (built_site / unquote(parts.path)).resolve() if parts.path else built_site / name
            assert target.is_file() and built_site.resolve() in target.parents, (
                f"{name}: <{tag} {attr}={url!r}> points at nothing in the site")
            if parts.fragment and target.suffix == ".html":
                # nbconvert writes the headings' ids percent-encoded, as the links are
                assert {parts.fragment, unquote(parts.fragment)} & parsed[target.name][1], (
                    f"{name}: {url!r}: no such anchor")
    for i, chapter in enumerate(CHAPTERS):
        rel = parsed[f"{Path(chapter).stem}.html"][2]
        want_prev = [f"{Path(CHAPTERS[i - 1]).stem}.html"] * 2 if i > 0 else []
        want_next = [f"{Path(CHAPTERS[i + 1]).stem}.html"] * 2 if i + 1 < len(CHAPTERS) else []
        assert rel.get("prev", []) == want_prev, f"{chapter}: links to the previous chapter {rel.get('prev')}"
        assert rel.get("next", []) == want_next, f"{chapter}: links to the next chapter {rel.get('next')}"
    assert (built_site / "static" / "licenses" / "README.txt").is_file()

    context, log = site_context
    log.clear()
    page = watch_page(context.new_page(), log)
    try:
        page.goto(site_url)  # the folder: the server answers with index.html
        assert page.locator("ol.lm-chapters a").count() == len(CHAPTERS)
        page.locator("ol.lm-chapters a").nth(2).click()
        page.wait_for_url(f"{site_url}{Path(CHAPTERS[2]).stem}.html")
        page.locator("a.lm-next").first.click()
        page.wait_for_url(f"{site_url}{Path(CHAPTERS[3]).stem}.html")
        code = page.locator("details.lm-code").first
        assert code.get_attribute("open") is None, "code should be folded at first"
        page.locator("button.lm-code-toggle").click()
        assert code.get_attribute("open") is not None, "'show all code' did not open the code"
        page.locator("a.lm-home").first.click()
        page.wait_for_url(f"{site_url}index.html")
        wait_for_mathjax(page)
        _assert_offline(log, "index and navigation")
    finally:
        page.close()


def test_site_opened_from_another_folder_by_file_url(built_site, chromium, site_notebooks, tmp_path):
    """Copied elsewhere (a path with a space) and opened from file://, no server: the pages,
    MathJax and an explorer still work and nothing is fetched from the network."""
    copy = tmp_path / "another folder" / "course"
    shutil.copytree(built_site, copy)
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    context.set_default_timeout(30_000)
    log = block_network(context)
    try:
        page = watch_page(context.new_page(), log)
        page.goto((copy / "index.html").as_uri())
        page.locator('ol.lm-chapters a[href="02_confusion_matrix.html"]').click()
        page.wait_for_url((copy / "02_confusion_matrix.html").as_uri())
        tex = wait_for_mathjax(page)
        assert not tex["raw"] and not tex["errors"] and tex["typeset"] > 0, tex
        assert check_explorers(page, site_notebooks / "02_confusion_matrix.ipynb", steps=2, only_first=True)
        _assert_offline(log, "file://")
    finally:
        context.close()


def test_swapped_readouts_fail_the_check(tmp_path, site_notebooks, built_site, chromium):
    """A broken page must fail: 02's page with the read-outs of neighbouring frames swapped in
    its widget state (each image then sits beside another frame's numbers)."""
    source = site_notebooks / "02_confusion_matrix.ipynb"
    page_html = (built_site / f"{source.stem}.html").read_text(encoding="utf-8")
    start_tag = f'<script type="{WIDGET_STATE}">'
    head, rest = page_html.split(start_tag, 1)
    blob, tail = rest.split("</script>", 1)
    saved = json.loads(blob)  # JSON reads the escaped slashes nbconvert writes
    state = saved["state"]
    explorer = StoredExplorer(state, explorer_views(source, explorer_cells(source))[0])
    readouts = state[explorer.view]["state"]["readouts"]
    at = state[explorer.view]["state"]["c0"]
    at = at if isinstance(at, int) else 0
    for a, b in ((at, at + 1), (at - 1, at - 2), (at + 2, at + 3)):  # the walk goes one way or the other
        if 0 <= min(a, b) and max(a, b) < len(readouts):
            readouts[a], readouts[b] = readouts[b], readouts[a]
    broken = tmp_path / "course"
    broken.mkdir()
    (broken / "static").symlink_to(built_site / "static", target_is_directory=True)
    (broken / f"{source.stem}.html").write_text(
        head + start_tag + json.dumps(saved).replace("/", "\\/") + "</script>" + tail, encoding="utf-8")
    broken_nb = tmp_path / source.name
    broken_nb.write_text(json.dumps({**json.loads(source.read_text(encoding="utf-8")),
                                     "metadata": {"widgets": {WIDGET_STATE: saved}}}), encoding="utf-8")
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    context.set_default_timeout(30_000)
    try:
        with serve_folder(broken) as base:
            block_network(context, base)
            page = context.new_page()
            page.goto(f"{base}{source.stem}.html")
            with pytest.raises(AssertionError, match="lacks|does not match"):
                check_explorers(page, broken_nb, steps=3, only_first=True)
    finally:
        context.close()


@pytest.mark.parametrize("width", [800, 1280])
def test_explorers_keep_a_legible_figure(width, built_site, chromium, site_url, site_notebooks, artifacts):
    """At 800 and 1280 px wide, every explorer of the chapters with the widest figures keeps its
    figure at 85% of its size or the whole width of the page (the read-out goes under it), and
    nothing runs past the output's edge."""
    from browser_checks import layout_problems

    context = chromium.new_context(viewport={"width": width, "height": 900}, device_scale_factor=1)
    context.set_default_timeout(30_000)
    log = block_network(context, site_url)
    try:
        for notebook in ("02_confusion_matrix.ipynb", "05_cost_curves.ipynb"):
            if not explorer_cells(site_notebooks / notebook):
                continue
            page = watch_page(context.new_page(), log)
            page.goto(f"{site_url}{Path(notebook).stem}.html")
            page.wait_for_function("n => document.querySelectorAll('.lm-xv img.lm-xv-bg').length >= n && "
                                   "[...document.querySelectorAll('.lm-xv img.lm-xv-bg')].every(i => i.complete)",
                                   arg=len(explorer_cells(site_notebooks / notebook)), timeout=60_000)
            roots = page.locator(EXPLORERS)
            for i in range(roots.count()):
                problems = layout_problems(roots.nth(i))
                assert not problems, f"{notebook} explorer {i + 1} at {width} px: " + "; ".join(problems)
            roots.last.screenshot(path=str(artifacts / f"site_{Path(notebook).stem}_{width}px.png"))
            page.close()
        _assert_offline(log, f"layout at {width} px")
    finally:
        context.close()
