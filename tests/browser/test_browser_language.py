"""One chapter with its explorers' read-outs in Chinese, in Voilà in Chromium (issue 17).

A copy of chapter 03 whose first cell is ``set_language("zh")`` is served by the session's
Voilà. Its cut-point explorer is stepped with the keyboard as a learner does: after every step
the read-out must show the book's Chinese terms (截断点, 真正例 TP, 查准率 P, 查全率 R, 精度 ...)
with the numbers ``learnmetrics`` computes for the slider's value, and no English term. The
F-beta explorer below it must read out in Chinese too. Then, with the page's kernel stopped,
the frames drawn ahead (each with its read-out) must still step in Chinese with the right numbers.
"""
from __future__ import annotations

import nbformat
import pytest

from browser_checks import _r3, explorer_cells, explorer_roots, step_explorer
from browser_servers import NOTEBOOKS, paused, wait_quiet

from learnmetrics.curves import cut_point_state, stepping_table
from learnmetrics.datasets import watermelon_scores

CHAPTER = "03_pr_bep_fbeta.ipynb"
COPY = "zh_03_pr_bep_fbeta.ipynb"
ENGLISH = ("precision", "recall", "accuracy", "undefined", "cut k =", "predict +")


def chinese_cut_point_checks(y_true, y_score):
    """What the Chinese read-out of chapter 03's CutPointExplorer must show at the slider's cut k."""
    table = stepping_table(y_true, y_score)

    def check(v):
        k = int(v["截断点 k"].text)  # the slider's own label is Chinese too (issue 29)
        s = cut_point_state(table, k)
        tp, fn, fp, tn = (float(x) for x in (s.tp, s.fn, s.fp, s.tn))
        r3 = lambda x: _r3(x).replace("undefined", "无定义")  # noqa: E731
        return [f"截断点 k = {k} / {len(table) - 1}", "时预测为正例 +",
                f"真正例 TP = {tp:g} 假反例 FN = {fn:g}", f"假正例 FP = {fp:g} 真反例 TN = {tn:g}",
                f"查准率 P = TP/(TP+FP) = {tp:g}/{tp + fp:g} = {r3(s.precision)}",
                f"查全率 R = TP/(TP+FN) = {tp:g}/{tp + fn:g} = {r3(s.recall)}",
                f"假正例率 FPR = FP/(FP+TN) = {fp:g}/{fp + tn:g} = {r3(s.fpr)}",
                f"精度 = {r3(s.accuracy)}"]
    return check


def fbeta_terms(v):
    return ["β =", "查全率的权重 w =", "最佳截断点 k =", "查准率 P =", "查全率 R =", "F_β ="]


@pytest.fixture(scope="module")
def chinese_chapter(served_notebooks):
    nb = nbformat.read(NOTEBOOKS / CHAPTER, as_version=4)
    first = nbformat.v4.new_code_cell('from learnmetrics.widgets import set_language\nset_language("zh")')
    nb.cells.insert(0, first)
    nbformat.write(nb, served_notebooks / COPY)
    return COPY


def test_chapter_03_reads_out_in_chinese_in_voila(voila, browser_context, chinese_chapter, artifacts):
    page = browser_context.new_page()
    before = set(voila.kernel_pids())
    try:
        page.goto(voila.url(f"/voila/render/{chinese_chapter}"), wait_until="commit", timeout=120_000)
        n = len(explorer_cells(NOTEBOOKS / CHAPTER))
        assert n >= 2
        page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length >= n",
                               arg=[".jp-OutputArea-output:has([role=slider])", n], timeout=120_000)
        roots = explorer_roots(page)
        melons = watermelon_scores()
        report = step_explorer(page, roots.first, "voila 03 in Chinese, cut-point explorer",
                               chinese_cut_point_checks(melons.y_true, melons.y_score), artifacts, steps=3)
        assert len(report.steps) >= 2
        assert len({s.readout for s in report.steps}) >= 2, "the Chinese read-out did not change"
        for s in report.steps:
            assert not [w for w in ENGLISH if w in s.readout], s.readout
        fb = step_explorer(page, roots.nth(1), "voila 03 in Chinese, F-beta explorer", fbeta_terms, artifacts,
                           steps=2)
        for s in fb.steps:
            assert "precision" not in s.readout and "recall" not in s.readout, s.readout
        # the frames drawn ahead carry their Chinese read-outs: no kernel needed to step them
        kernels = [pid for pid in voila.kernel_pids() if pid not in before]
        assert kernels, "no kernel found for the Voilà page"
        wait_quiet(kernels)
        with paused(kernels):
            report = step_explorer(page, roots.first, "voila 03 in Chinese, kernel stopped",
                                   chinese_cut_point_checks(melons.y_true, melons.y_score), None, steps=3,
                                   timeout=5.0)
        assert report.steps and not [w for s in report.steps for w in ENGLISH if w in s.readout]
    finally:
        page.close()
