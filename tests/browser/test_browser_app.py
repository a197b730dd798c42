"""`make app`: the chapters in Voilà (no code shown), driven in Chromium like the JupyterLab tests.

Then the same explorers with the page's kernel stopped (SIGSTOP): the frames were drawn
ahead and the slider is linked to them in the page, so a step must still change the figure
and the read-out (and match what learnmetrics computes) with no kernel round trip at all.
"""
from __future__ import annotations

import pytest

from browser_checks import drag_explorer, expected_checks, explorer_cells, explorer_roots, step_explorer
from browser_servers import NOTEBOOKS, paused, voila_argv, wait_quiet

# 02: a continuous control (the threshold, on a grid); 03: one frame per cut point, and F-beta
CHAPTERS = ["02_confusion_matrix.ipynb", "03_pr_bep_fbeta.ipynb"]


def test_make_app_serves_on_localhost_without_sources():
    argv = voila_argv("notebooks", 8866)
    assert "--Voila.ip=127.0.0.1" in argv and "--strip_sources=True" in argv


def test_the_test_server_gets_its_token_from_the_environment(voila):
    """As `make app`: the token is in LEARNMETRICS_APP_TOKEN, not on the command line (readable by
    every user of the machine in the process list), and the server accepts it."""
    assert not any(voila.token in a or "token" in a.lower() for a in voila.argv), voila.argv
    assert voila.env["LEARNMETRICS_APP_TOKEN"] == voila.token


@pytest.fixture
def voila_page(voila, browser_context):
    page = browser_context.new_page()
    yield page
    page.close()  # Voilà shuts the page's kernel down when the page goes


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_explorer_in_voila(chapter, voila, voila_page, artifacts):
    page = voila_page
    before = set(voila.kernel_pids())
    # Voilà executes the whole notebook before the page "loads": wait for the explorer instead
    page.goto(voila.url(f"/voila/render/{chapter}"), wait_until="commit", timeout=120_000)
    roots = explorer_roots(page)
    n = len(explorer_cells(NOTEBOOKS / chapter))
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length >= n",
                           arg=[".jp-OutputArea-output:has([role=slider])", n], timeout=120_000)
    assert page.locator(".jp-CodeCell .jp-InputArea, .cm-editor").count() == 0, "Voilà shows code cells"
    assert "Explorer(" not in page.inner_text("body"), "Voilà shows an explorer cell's code"
    checks = expected_checks()[chapter]
    step_explorer(page, roots.first, f"voila {chapter}", checks[0], artifacts, steps=2)

    kernels = [pid for pid in voila.kernel_pids() if pid not in before]
    assert kernels, f"{chapter}: no kernel found for the Voilà page"
    wait_quiet(kernels)  # the frames drawn ahead have been sent
    with paused(kernels):
        for i in range(n):
            name = f"voila {chapter} explorer {i + 1}, kernel stopped"
            check = checks[i] if i < len(checks) else None
            step_explorer(page, roots.nth(i), name, check, None, steps=3, timeout=5.0)
            drag_explorer(page, roots.nth(i), name, check, presses=8, timeout=10.0)
    assert roots.count() == n
