"""Chapter 02's prevalence explorer in Voilà in Chromium, moved with the keyboard as a learner does.

After every step the read-out must show what ``learnmetrics.imbalance.prevalence_state``
computes for the slider's share of positives: the counts per 1,000, AUC (the same at every
step), AP and the P-R baseline π, and each measure with the lazy model's value. Then the same
with the page's kernel stopped: the frames were drawn ahead, so the slider still flips the
figure and the read-out with no kernel at all.
"""
from __future__ import annotations

import pytest

from browser_checks import drag_explorer, explorer_cells, explorer_roots, step_explorer
from browser_servers import NOTEBOOKS, paused, wait_quiet

from learnmetrics.datasets import watermelon_scores
from learnmetrics.imbalance import prevalence_state
from learnmetrics.widgets.prevalence import DEFAULT_PREVALENCES

CHAPTER = "02_confusion_matrix.ipynb"
SLIDER = "positives π"


def prevalence_checks():
    """What the read-out of 02's PrevalenceExplorer (the melons, threshold 0.5) must show."""
    melons = watermelon_scores()
    collected = float(melons.y_true.mean())
    grid = sorted(set(DEFAULT_PREVALENCES) | {round(collected, 12)})

    def check(v):
        text = v[SLIDER].text.replace("(as collected)", "").strip()
        shown = float(text.rstrip("%")) / 100
        pi = min(grid, key=lambda g: abs(g - shown))
        s = prevalence_state(melons.y_true, melons.y_score, pi, threshold=0.5)
        c = s.counts
        return [f"positives π = {text} of the test set", f"per 1,000 test examples: TP = {c.tp:.1f}, FN = {c.fn:.1f}",
                f"FP = {c.fp:.1f}, TN = {c.tn:.1f}",
                f"AUC = {s.roc_auc:.3f} (same at every π); AP = {s.average_precision:.3f}, "
                f"P-R baseline = π = {s.baseline:.3f}",
                f"recall = TPR {s.tpr:.3f} same",
                f"balanced acc. {s.balanced_accuracy:.3f} {s.lazy_balanced_accuracy:.3f} same",
                f"precision P {s.precision:.3f} moves", f"F1 {s.f1:.3f} moves",
                f"accuracy {s.accuracy:.3f} {s.lazy_accuracy:.3f} moves", f"MCC {s.mcc:.3f} {s.lazy_mcc:.3f} moves"]
    return check


def _prevalence_root(roots, n):
    for i in range(n):
        if SLIDER in roots.nth(i).inner_text():
            return roots.nth(i)
    raise AssertionError(f"{CHAPTER}: no explorer with a slider {SLIDER!r}")


@pytest.fixture
def voila_page(voila, browser_context):
    page = browser_context.new_page()
    yield page
    page.close()  # Voilà shuts the page's kernel down when the page goes


def test_prevalence_explorer_in_voila(voila, voila_page, artifacts):
    page = voila_page
    before = set(voila.kernel_pids())
    page.goto(voila.url(f"/voila/render/{CHAPTER}"), wait_until="commit", timeout=180_000)
    n = len(explorer_cells(NOTEBOOKS / CHAPTER))
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length >= n",
                           arg=[".jp-OutputArea-output:has([role=slider])", n], timeout=180_000)
    root = _prevalence_root(explorer_roots(page), n)
    check = prevalence_checks()
    report = step_explorer(page, root, "voila 02 prevalence explorer", check, artifacts, steps=3)
    assert len(report.steps) >= 2
    # the ROC's AUC is the same at every step, the precision is not
    auc = {s.readout.split("AUC = ")[1][:5] for s in report.steps}
    assert len(auc) == 1, auc

    kernels = [pid for pid in voila.kernel_pids() if pid not in before]
    assert kernels, "no kernel found for the Voilà page"
    wait_quiet(kernels)  # the frames drawn ahead have been sent
    with paused(kernels):
        name = "voila 02 prevalence explorer, kernel stopped"
        step_explorer(page, root, name, check, None, steps=3, timeout=5.0)
        drag_explorer(page, root, name, check, presses=8, timeout=10.0)
