"""Fixtures for the end-to-end tests: Chromium (through Playwright), JupyterLab, Voilà.

The tests run when Playwright and Chromium are present and are skipped with a
visible reason otherwise. With ``LEARNMETRICS_REQUIRE_BROWSER=1`` (set by
``.ci/run``) a missing browser is a failure instead. Chromium is Debian's
(``apt-get install chromium``), found at ``$LEARNMETRICS_CHROMIUM``,
``/usr/bin/chromium`` or on ``PATH``; Playwright never downloads a browser.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from browser_servers import CHROMIUM_FLAGS, ROOT, chromium_path, copy_notebooks, start_lab, start_voila

HERE = Path(__file__).resolve().parent
ARTIFACTS = ROOT / "test-artifacts" / "browser"
_STARTED = time.time() - 1.0   # when this process imported the browser tests
REQUIRE = os.environ.get("LEARNMETRICS_REQUIRE_BROWSER", "") not in ("", "0")
HOW_TO_GET = ("install Chromium with `sudo apt-get install chromium` (or set LEARNMETRICS_CHROMIUM "
              "to a Chromium binary) and Playwright with `pip install -e '.[test]'`")


def unavailable_reason() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return f"browser tests need Playwright: {HOW_TO_GET}"
    for module in ("jupyterlab", "voila", "psutil"):
        try:
            __import__(module)
        except ImportError:
            return f"browser tests need {module}: pip install -e '.[lab,test]'"
    if chromium_path() is None:
        return f"browser tests need Chromium, not found: {HOW_TO_GET}"
    return None


_REASON = unavailable_reason()


def pytest_collection_modifyitems(config, items):
    for item in items:
        if Path(str(item.fspath)).resolve().parent == HERE:
            item.add_marker(pytest.mark.browser)
            if _REASON and not REQUIRE and "chromium" in item.fixturenames:
                item.add_marker(pytest.mark.skip(reason=_REASON))


def pytest_terminal_summary(terminalreporter):
    # counted from the reports: with several processes (pytest-xdist) the items are collected
    # in the workers and this summary is written by the controller
    if not _REASON:
        return
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if _REASON in str(getattr(r, "longrepr", ""))]
    if skipped:
        terminalreporter.write_sep("-", "browser tests skipped", yellow=True)
        terminalreporter.write_line(f"{len(skipped)} browser tests skipped: {_REASON}")


@pytest.fixture(scope="session")
def chromium():
    if _REASON:
        pytest.fail(f"LEARNMETRICS_REQUIRE_BROWSER is set but {_REASON}", pytrace=False)
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()
    finally:
        pw.stop()


@pytest.fixture(scope="session")
def browser_context(chromium):
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture(scope="session")
def served_notebooks(tmp_path_factory):
    """A copy of notebooks/ taken when the session starts, as ``<site>/notebooks``: JupyterLab
    serves ``<site>`` (tests may add ``<site>/fixtures``), Voilà serves ``<site>/notebooks``."""
    return copy_notebooks(tmp_path_factory.mktemp("browser-site") / "notebooks")


#: The kernels JupyterLab starts draw ahead as a learner's do under ``make lab``: no
#: LEARNMETRICS_DRAW_AHEAD (the test process sets "sync" for nbval), so a live kernel
#: ("background", learnmetrics/widgets/_base.py) draws the frame shown first, returns, and
#: draws the others on its event loop, sending each as it is drawn; a step to a frame not yet
#: drawn shows "drawing ..." until the kernel sends it. Voilà's kernels keep "sync" (every
#: frame drawn before the page loads: test_browser_app.py steps them with the kernel stopped),
#: and the static site steps the frames the refresh stored.
LAB_KERNEL_ENV = {"LEARNMETRICS_DRAW_AHEAD": None}


@pytest.fixture(scope="session")
def lab(tmp_path_factory, served_notebooks, chromium):
    server = start_lab(tmp_path_factory.mktemp("jupyter-home"), served_notebooks.parent,
                       kernel_env=LAB_KERNEL_ENV)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila(tmp_path_factory, served_notebooks, chromium):
    server = start_voila(tmp_path_factory.mktemp("voila-home"), served_notebooks)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def artifacts():
    """test-artifacts/browser/ (git-ignored), emptied of the previous run's screenshots."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # only files older than this process: the browser tests may run on two processes at once
    # (conftest.py's units of work), each emptying the folder when it starts
    for old in ARTIFACTS.glob("*.png"):
        try:
            if old.stat().st_mtime < _STARTED:
                old.unlink()
        except FileNotFoundError:
            pass
    return ARTIFACTS
