"""`make app`: the chapters in Voilà (no code shown), driven in Chromium like the JupyterLab tests."""
from __future__ import annotations

import pytest

from browser_checks import expected_checks, explorer_roots, step_explorer
from browser_servers import voila_argv

CHAPTER = "02_confusion_matrix.ipynb"


def test_make_app_serves_on_localhost_without_sources():
    argv = voila_argv("notebooks", 8866)
    assert "--Voila.ip=127.0.0.1" in argv and "--strip_sources=True" in argv


@pytest.fixture
def voila_page(voila, browser_context):
    page = browser_context.new_page()
    yield page
    page.close()  # Voilà shuts the page's kernel down when the page goes


def test_explorer_in_voila(voila, voila_page, artifacts):
    page = voila_page
    # Voilà executes the whole notebook before the page "loads": wait for the explorer instead
    page.goto(voila.url(f"/voila/render/{CHAPTER}"), wait_until="commit", timeout=120_000)
    roots = explorer_roots(page)
    roots.first.wait_for(timeout=120_000)
    assert page.locator(".jp-CodeCell .jp-InputArea, .cm-editor").count() == 0, "Voilà shows code cells"
    assert "ThresholdExplorer(" not in page.inner_text("body"), "Voilà shows the explorer cell's code"
    step_explorer(page, roots.first, f"voila {CHAPTER}", expected_checks()[CHAPTER][0], artifacts, steps=2)
