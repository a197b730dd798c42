"""Drive the explorers in a real browser and check what a learner sees.

For one page (a notebook in JupyterLab, or a chapter in Voilà) the explorers
are the output areas that hold a slider (ARIA role ``slider``). Each slider
is moved with the keyboard, one step at a time; after each step we wait for

1. the slider's own read-out to show the new value (front end only),
2. the explorer's text read-out (its ``ipywidgets.HTML``) to change and,
   where :func:`expected_checks` has an entry, to contain the text computed by
   ``learnmetrics`` for that value (the figure may lag the text by one
   kernel round trip, so each is waited for),
3. the figure to change: the image *shown* (an explorer's view keeps every
   frame's layer in the DOM over one background and shows one: the layer shown,
   else the first rendered ``<img>``) gets a new ``src`` whose bytes differ from
   the previous frame's.

Then one step back: the read-out must be the one shown for that value
before and the frame the same bytes (the explorer's frame cache).
A failed wait raises ``AssertionError`` naming the explorer, the slider, the
value and what was shown.
"""
from __future__ import annotations

import functools
import inspect
import math
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import numpy as np

from learnmetrics import datasets
from learnmetrics.bias_variance import bias_variance_experiment, bias_variance_state
from learnmetrics.classification import threshold_state
from learnmetrics.compare import paired_test_state, simulate_paired_t_power
from learnmetrics.cost import cost_state
from learnmetrics.curves import cut_point_state, fbeta_curve, stepping_table
from learnmetrics.ranking import ranked_list_state
from learnmetrics.regression import polynomial_fit_state, polynomial_selection

STEPS = 3  # keyboard steps forward per slider (then one back)
#: what an explorer shows in place of a frame the kernel has not drawn yet (never a final state)
PLACEHOLDER = "drawing this frame"
EXPLORER_MARK = "# NBVAL_IGNORE_OUTPUT"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


# -- what learnmetrics says the read-out must show ---------------------------------------
# A check gets the values of all the explorer's sliders ({description: SliderValue}) and
# returns strings the text read-out must contain (runs of white space compared as one space).
def _r3(x) -> str:
    return "undefined" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.3f}"


def threshold_checks(y_true, y_score):
    """Chapter 02, ThresholdExplorer: the threshold, the four counts, P, R, accuracy."""
    def check(v):
        t = float(v["threshold"].text)
        s = threshold_state(y_true, y_score, t)
        c = s.counts
        undefined = "undefined (0/0)"
        return [f"threshold = {t:.2f}", f"TP = {c.tp:g}, FN = {c.fn:g}", f"FP = {c.fp:g}, TN = {c.tn:g}",
                f"precision P = TP/(TP+FP) {_r3(s.precision).replace('undefined', undefined)}",
                f"recall = TPR = TP/(TP+FN) {_r3(s.recall).replace('undefined', undefined)}",
                f"accuracy = (TP+TN)/m {_r3(s.accuracy)}"]
    return check


def cut_point_checks(y_true, y_score):
    """Chapters 03/04, CutPointExplorer: the cut, the counts, P, R, FPR as fractions."""
    table = stepping_table(y_true, y_score)

    def check(v):
        k = int(v["cut k"].text)
        s = cut_point_state(table, k)
        tp, fn, fp, tn = (float(x) for x in (s.tp, s.fn, s.fp, s.tn))
        return [f"cut k = {k} of {len(table) - 1}", f"TP = {tp:g} FN = {fn:g}", f"FP = {fp:g} TN = {tn:g}",
                f"P = TP/(TP+FP) = {tp:g}/{tp + fp:g} = {_r3(s.precision)}",
                f"R = TP/(TP+FN) = {tp:g}/{tp + fn:g} = {_r3(s.recall)}",
                f"FPR = FP/(FP+TN) = {fp:g}/{fp + tn:g} = {_r3(s.fpr)}"]
    return check


def slider_number(v: "SliderValue", *, log: bool = False) -> float:
    """The number a slider shows. A ``FloatLogSlider``'s read-out is rounded, its position is the
    exact exponent; a slider over a grid of values (a ``SelectionSlider``) has the index as its
    position and the value, exactly, as its read-out."""
    shown = float(v.text)
    if log:
        exact = 10.0 ** v.position
        if math.isclose(exact, shown, rel_tol=0.05, abs_tol=0.006):
            return exact
    return shown


def fbeta_checks(y_true, y_score):
    """Chapter 03, FBetaExplorer (a log slider, or a grid of betas): beta and the best cut."""
    table = stepping_table(y_true, y_score)

    def check(v):
        beta = slider_number(v["β"], log=True)
        f = np.asarray(fbeta_curve(table, beta=beta), dtype=float)[1:]
        k = int(np.nanargmax(f)) + 1
        return [f"beta = {beta:.3f}", f"w = {beta ** 2 / (1 + beta ** 2):.3f}", f"best cut k = {k}:",
                f"F_beta = {f[k - 1]:.4f}"]
    return check


def cost_checks(y_true, y_score):
    """Chapter 05, CostCurveExplorer: the ratio slider shows "1:3" (cost01:cost10), the prior p."""
    table = stepping_table(y_true, y_score)

    def check(v):
        c01, c10 = (float(x) for x in v["cost01:cost10"].text.split(":"))
        p = float(v["p = P(+)"].text)
        s = cost_state(table.fpr, table.recall, table.thresholds, p, c01, c10, n_pos=table.n_pos,
                       n_neg=table.n_neg)
        return [f"cost01 : cost10 = {c01:g} : {c10:g}, p = {p:.2f}", f"P(+)cost x = {s.x:.3f}",
                f"best cut: {s.cut_name}", f"normalized cost = {s.normalized_cost:.3f}",
                f"TP = {s.tp:g}, FN = {s.fn:g}, FP = {s.fp:g}, TN = {s.tn:g}"]
    return check


def polynomial_checks(x, y, max_degree):
    """Chapter 07, PolynomialDegreeExplorer: the degree, MSE, R², adjusted R²."""
    table = polynomial_selection(x, y, max_degree=max_degree)

    def check(v):
        d = int(v["degree"].text)
        s = polynomial_fit_state(x, y, d, max_degree, table=table)
        return [f"degree {d} ({d + 1} parameters)", f"MSE = {s.mse:.4g}", f"R2 = {s.r2:.4f}",
                f"adjusted R2 = {s.adjusted_r2:.4f}"]
    return check


def paired_test_checks(grid):
    """Chapter 08, PairedTestExplorer: k, the true difference, the critical value, the rejection rate."""
    def check(v):
        k, diff = int(v["folds k"].text), float(v["true diff."].text)
        s = paired_test_state(grid, k, diff)
        return [f"k = {k} folds, true difference = {diff:.2f}", f"t({s.df})",
                f"critical value: |t| > {s.critical_value:.3f}", f"= {s.power:.3f}"]
    return check


def bias_variance_checks(result):
    """Chapter 09, BiasVarianceExplorer: the degree and the decomposition."""
    def check(v):
        d = int(v["degree"].text)
        s = bias_variance_state(result, d)
        return [f"degree {d}", f"bias² = {s.bias2:.4f}", f"variance = {s.variance:.4f}", f"sum = {s.total:.4f}",
                f"training error = {s.train_error:.4f}"]
    return check


def ranked_list_checks(items, relevance):
    """Chapter 06, RankedListExplorer: for the order it shows (read from its "order:" line)
    and the k slider, DCG@k, IDCG@k and NDCG@k under both gains, and precision@k."""
    grade = dict(zip(items, relevance))

    def check(v, before):
        k = int(v["k"].text)
        order = re.search(r"order: (.*?) 2\^rel-1", before).group(1).split()
        s = ranked_list_state([grade[i] for i in order], k, items=order)
        return [f"order: {' '.join(order)}",
                f"DCG@{k} {s.dcg_exponential:.3f} {s.dcg_linear:.3f}",
                f"IDCG@{k} {s.idcg_exponential:.3f} {s.idcg_linear:.3f}",
                f"NDCG@{k} {s.ndcg_exponential:.3f} {s.ndcg_linear:.3f}",
                f"precision@{k} = {s.precision_at_k:.3f}"]
    return check


def _takes_readout(check) -> bool:
    return len(inspect.signature(check).parameters) == 2


def _exercise_data(exercise_id: str) -> dict | None:
    """The data of a registered exercise (a predict-then-check explorer is built on them), or None."""
    from learnmetrics.exercises import EXERCISES

    return EXERCISES[exercise_id].data if exercise_id in EXERCISES else None


@functools.cache
def expected_checks() -> dict[str, list]:
    """notebook -> one check per explorer, in the order the explorers appear (``None``: only
    the generic checks). The data are the notebooks' own running examples, and for the
    explorers of predict-then-check exercises the exercise's data."""
    melons = datasets.watermelon_scores()
    tied = datasets.tied_eight()
    rng = np.random.default_rng(9)  # 07's polynomial data
    x = np.sort(rng.uniform(-1, 1, 30))
    y = x ** 3 - x + 0.12 * rng.normal(size=30)
    paired = paired_test_checks(simulate_paired_t_power(rng=0))
    bias_variance = bias_variance_checks(bias_variance_experiment(
        degrees=range(0, 13), n_sets=3000, n_train=20, noise_sd=0.3, rng=0))
    six = _exercise_data("04.4")  # 04's exercise explorer: the six scores of exercise 04.2
    parabola = _exercise_data("07.5")  # 07's exercise explorer: the 25 points of exercise 07.5
    return {
        "02_confusion_matrix.ipynb": [threshold_checks(melons.y_true, melons.y_score)],
        "03_pr_bep_fbeta.ipynb": [cut_point_checks(melons.y_true, melons.y_score),
                                  fbeta_checks(melons.y_true, melons.y_score)],
        "04_roc_auc.ipynb": [cut_point_checks(tied.y_true, tied.y_score),
                             six and cut_point_checks(six["y_true"], six["y_score"])],
        "05_cost_curves.ipynb": [cost_checks(melons.y_true, melons.y_score)],
        # the documents and grades of 06's explorer cell
        "06_ranking_metrics.ipynb": [ranked_list_checks(["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"],
                                                        [3, 2, 3, 0, 1, 2, 0, 1])],
        "07_regression_metrics.ipynb": [polynomial_checks(x, y, 8),
                                        parabola and polynomial_checks(parabola["x"], parabola["y"],
                                                                       parabola.get("max_degree", 8))],
        # the second explorer of 08 (exercise 08's false alarms) and of 09 (training error) are
        # built like the first, on the same simulation
        "08_comparing_learners.ipynb": [paired, paired],
        "09_bias_variance.ipynb": [bias_variance, bias_variance],
    }


# -- finding the explorers -----------------------------------------------------------------
def explorer_cells(path: Path) -> list[int]:
    """Indices of the cells that display an explorer: marked ``# NBVAL_IGNORE_OUTPUT`` and
    either building an ``...Explorer(`` or holding a stored widget view."""
    nb = nbformat.read(path, as_version=4)
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not cell.source.lstrip().startswith(EXPLORER_MARK):
            continue
        widget_output = any(WIDGET_MIME in out.get("data", {}) for out in cell.get("outputs", []))
        if widget_output or re.search(r"Explorer\(", cell.source):
            found.append(i)
    return found


# -- JupyterLab -----------------------------------------------------------------------------
_RUN_STATE_JS = """(path) => {
  const app = window.jupyterapp;
  const panel = app && Array.from(app.shell.widgets('main')).find(w => w.context && w.context.path === path);
  if (!panel || !panel.content || !panel.sessionContext.session) return null;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  const errors = [];
  for (const c of cells) for (const o of c.model.outputs.toJSON())
    if (o.output_type === 'error') errors.push(o.ename + ': ' + o.evalue);
  const kernel = panel.sessionContext.session.kernel;
  return {pending: cells.filter(c => c.model.executionCount === null).length, errors,
          status: kernel ? kernel.status : 'none'};
}"""


def open_in_lab(page, lab, path: str, *, timeout: float = 120.0) -> None:
    """Open ``path`` (relative to the server root) in its own workspace, wait for an idle
    kernel, clear the stored outputs, run all cells and wait until every cell ran."""
    workspace = re.sub(r"[^A-Za-z0-9]", "", Path(path).stem) or "nb"
    page.goto(lab.url(f"/lab/workspaces/{workspace}/tree/{path}?reset"))
    # the toolbar shows "idle" before a kernel exists: the status bar names the kernel
    page.get_by_text(re.compile(r"\(ipykernel\) \| Idle")).first.wait_for(timeout=timeout * 1e3)
    page.wait_for_function(_RUN_STATE_JS, arg=path, timeout=timeout * 1e3)
    page.evaluate("window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    deadline = time.monotonic() + timeout
    while True:
        state = page.evaluate(_RUN_STATE_JS, path)
        if state["errors"]:
            raise AssertionError(f"{path}: a cell raised {state['errors'][0]}")
        if state["pending"] == 0 and state["status"] == "idle":
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"{path}: cells still running after {timeout:.0f} s ({state})")
        page.wait_for_timeout(250)


def shutdown_kernels(lab, path: str) -> None:
    for session in lab.api("GET", "/api/sessions") or []:
        if session.get("path") == path:
            lab.api("DELETE", f"/api/sessions/{session['id']}")


# -- stepping an explorer ---------------------------------------------------------------------
@dataclass
class SliderValue:
    text: str  # what the slider's own read-out shows, e.g. "0.51", "3", "1:3"
    position: float  # the slider's position (noUiSlider's own value): for a log slider the exponent,
    # for a selection slider the index (aria-valuenow is rounded to one decimal)


@dataclass
class StepRecord:
    slider: str
    value: str
    readout: str
    text_ms: float
    figure_ms: float


@dataclass
class ExplorerReport:
    name: str
    steps: list[StepRecord] = field(default_factory=list)
    before: Path | None = None
    after: Path | None = None
    layout: list[str] = field(default_factory=list)


# What is *shown*: an explorer may hold several images and read-outs (one per frame, in a
# ``widgets.Stack`` whose selected child alone is rendered): only rendered elements count.
# An explorer's view (``ExplorerView``) keeps every frame's layer in the DOM over one background:
# its figure is the layer shown (the background itself at a frame equal to it).
_SHOWN_JS = """const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const shownImg = root => Array.from(root.querySelectorAll('img.lm-xv-layer')).find(i => shown(i) && i.src)
    || Array.from(root.querySelectorAll('img')).find(i => shown(i) && i.src) || null;
  const shownHtml = root => Array.from(root.querySelectorAll('.widget-html-content, .lm-xv-text, .lm-xv-waiting'))
    .filter(shown);"""
_READOUT_JS = """(root) => { %s
  return shownHtml(root).map(e => e.innerText).join('\\n'); }""" % _SHOWN_JS
_NORM = re.compile(r"\s+")


def _norm(text: str) -> str:
    return _NORM.sub(" ", text).strip()


# the first image in the explorer: its src and a hash of its bytes (read before the blob is revoked)
_FIGURE_JS = """async (root) => { %s
  const img = shownImg(root);
  if (!img || !img.src) return {src: '', hash: ''};
  const src = img.src;
  try {
    const bytes = new Uint8Array(await (await fetch(src)).arrayBuffer());
    let h = 0x811c9dc5;
    for (let i = 0; i < bytes.length; i++) { h ^= bytes[i]; h = Math.imul(h, 0x01000193) >>> 0; }
    return {src, hash: bytes.length + ':' + h.toString(16)};
  } catch (e) { return {src, hash: 'unreadable:' + src}; }
}""" % _SHOWN_JS


def explorer_roots(page):
    """Every output holding a slider, in document order (one per explorer)."""
    return page.locator(".jp-OutputArea-output:has([role=slider])")


_SLIDERS_JS = """(root) => Array.from(root.querySelectorAll('.widget-slider')).filter(b => b.querySelector('[role=slider]'))
  .map(box => {
    const h = box.querySelector('[role=slider]'), t = box.querySelector('.noUi-target');
    let min = parseFloat(h.getAttribute('aria-valuemin')), max = parseFloat(h.getAttribute('aria-valuemax'));
    if (t && t.noUiSlider) { const r = t.noUiSlider.options.range; min = [].concat(r.min)[0]; max = [].concat(r.max)[0]; }
    const label = box.querySelector('.widget-label'), readout = box.querySelector('.widget-readout');
    return {label: label ? label.innerText.trim() : '', text: readout ? readout.innerText.trim() : '',
            // the position from the slider itself: the explorers set aria-valuetext to the shown value
            // (what a screen reader announces), and aria-valuenow is rounded to one decimal
            position: (t && t.noUiSlider) ? parseFloat([].concat(t.noUiSlider.get(true))[0])
                                          : parseFloat(h.getAttribute('aria-valuenow')), min, max};
  })"""


def slider_values(root) -> dict[str, SliderValue]:
    return {s["label"]: SliderValue(s["text"], s["position"]) for s in root.evaluate(_SLIDERS_JS)}


_LAYOUT_JS = """(root) => { %s
  const out = [], img = root.querySelector('img.lm-xv-bg') || shownImg(root);
  const html = Array.from(root.querySelectorAll('.widget-html, .lm-xv-readout')).find(shown) || null;
  if (img && img.classList.contains('lm-xv-bg') && img.naturalWidth) {
    // the figure keeps a legible size: 85 percent of its pixels' width, or the whole width of the output
    // (within the explorer's view: a subclass may lay other controls beside it, e.g. 06's list)
    const room = img.closest('.lm-xv').getBoundingClientRect().width;
    const want = Math.min(0.85 * img.naturalWidth, room - 2);
    if (img.clientWidth < want - 1)
      out.push(`figure shrunk to ${Math.round(100 * img.clientWidth / img.naturalWidth)}%% of its size (${img.clientWidth}px of ${img.naturalWidth}px) in a ${Math.round(room)}px view`);
  }
  if (img && img.naturalWidth && img.clientWidth) {
    const natural = img.naturalWidth / img.naturalHeight, aspect = img.clientWidth / img.clientHeight;
    if (Math.abs(aspect / natural - 1) > 0.02)
      out.push(`figure distorted: ${img.naturalWidth}x${img.naturalHeight} PNG shown as ${img.clientWidth}x${img.clientHeight}`);
  }
  if (html) {
    const want = html.classList.contains('lm-xv-readout') ? 0 : parseFloat(html.style.width), got = html.getBoundingClientRect().width;
    if (want && got < want - 1) out.push(`text read-out squeezed to ${Math.round(got)}px (its width is ${want}px)`);
    if (html.scrollWidth > html.clientWidth + 1) out.push(`text read-out overflows (${html.scrollWidth}px in ${html.clientWidth}px)`);
  }
  const r = root.getBoundingClientRect();
  for (const e of [img, html]) if (e && e.getBoundingClientRect().right > r.right + 1)
    out.push(`${e === img ? 'figure' : 'text read-out'} runs past the output's right edge`);
  return out;
}""" % _SHOWN_JS


def layout_problems(root) -> list[str]:
    """What a learner would see wrong in the explorer's layout (distorted figure, squeezed or
    overflowing read-out); each one fails the explorer's test."""
    return root.evaluate(_LAYOUT_JS)


def step_explorer(page, root, name: str, check, artifacts: Path | None, *,
                  steps: int = STEPS, timeout: float = 20.0) -> ExplorerReport:
    """Move every slider of the explorer ``root`` (a Locator) ``steps`` keyboard steps and one
    back, checking text (against ``check``, if given) and figure after each step."""
    report = ExplorerReport(name)
    root.scroll_into_view_if_needed()
    sliders = root.locator(".widget-slider:has([role=slider])")
    n = sliders.count()
    if n == 0:
        raise AssertionError(f"{name}: no slider in the explorer")
    slug = re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_")
    if artifacts is not None:
        report.before = artifacts / f"{slug}_before.png"
        root.screenshot(path=str(report.before))
    image_start = shown_image(root).screenshot()
    start = [s["position"] for s in root.evaluate(_SLIDERS_JS)]
    for i in range(n):
        info = root.evaluate(_SLIDERS_JS)[i]
        if info["max"] <= info["min"]:
            continue
        walk = _SliderWalk(page, root, report, info["label"], sliders.nth(i), check, timeout)
        # towards the farther end, so that the walk can take more than one step before it turns back
        # (an explorer left one step from its end would otherwise step once, turn back and be where it began)
        forward = "ArrowRight" if info["max"] - info["position"] >= info["position"] - info["min"] else "ArrowLeft"
        back = "ArrowLeft" if forward == "ArrowRight" else "ArrowRight"
        for _ in range(steps):
            walk.step(forward)
            if root.evaluate(_SLIDERS_JS)[i]["position"] in (info["min"], info["max"]):
                break  # the end of the slider
        walk.step(back)
    moved = [s["position"] for s in root.evaluate(_SLIDERS_JS)] != start
    image_end = shown_image(root).screenshot()
    if moved and image_end == image_start:
        raise AssertionError(f"{name}: the figure looks the same after moving the sliders")
    if not moved and image_end != image_start:  # a slider of two or three positions walked there and back
        raise AssertionError(f"{name}: the sliders are back where they started but the figure differs")
    if artifacts is not None:
        report.after = artifacts / f"{slug}_after.png"
        root.screenshot(path=str(report.after))
    return report


_TEXT_JS = """([root, old, want, exact, placeholder]) => { %s
    const t = shownHtml(root).map(e => e.innerText)
        .join('\\n').replace(/\\s+/g, ' ').trim();
    if (t === old || t.includes(placeholder)) return false;
    if (exact !== null) return t === exact;
    return want.every(w => t.includes(w));
}""" % _SHOWN_JS
_NEW_IMG_JS = """([root, old]) => { %s const i = shownImg(root); return !!(i && i.src && i.src !== old); }""" % _SHOWN_JS


def shown_image(root):
    """The explorer's figure as shown: its first rendered ``<img>`` (a Locator)."""
    return root.locator("img:visible").first


class _SliderWalk:
    """One slider of one explorer, moved step by step (see the module docstring)."""

    def __init__(self, page, root, report, label, box, check, timeout):
        self.page, self.root, self.report, self.label = page, root, report, label
        self.box, self.handle, self.check, self.ms = box, box.locator("[role=slider]").first, check, timeout * 1e3
        try:  # a frame still being drawn by the kernel is not a state to come back to
            page.wait_for_function("([root, p]) => !root.innerText.includes(p)", arg=[root.element_handle(), PLACEHOLDER],
                                   timeout=self.ms)
        except Exception:
            raise AssertionError(f"{report.name}: still '{PLACEHOLDER} ...' after {timeout:.0f} s") from None
        self.value = self._value_text()
        self.text = _norm(root.evaluate(_READOUT_JS))
        self.fig = root.evaluate(_FIGURE_JS)
        self.seen = {self.value: (self.text, self.fig["hash"])}  # value -> (read-out, frame hash)

    def _value_text(self) -> str:
        return self.box.locator(".widget-readout").first.inner_text().strip()

    def _fail(self, what: str, shown: str):
        raise AssertionError(f"{self.report.name}, slider {self.label!r} at {self.value}: {what}; "
                             f"the read-out shows:\n{shown}")

    def step(self, key: str) -> None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        t0 = time.perf_counter()
        old_value = self.value
        self.handle.press(key)
        try:
            self.page.wait_for_function("([el, old]) => el.innerText.trim() !== old",
                                        arg=[self.box.locator(".widget-readout").first.element_handle(), old_value],
                                        timeout=self.ms)
        except PlaywrightTimeout:
            self._fail(f"{key} did not move the slider", self.text)
        self.value = self._value_text()
        want = []
        if self.check is not None:
            values = slider_values(self.root)
            try:
                # a check may also read what the explorer showed before this step (e.g. the
                # order of a ranked list, which the sliders do not change)
                want = [_norm(s) for s in (self.check(values, self.text) if _takes_readout(self.check)
                                           else self.check(values))]
            except KeyError as e:
                raise AssertionError(f"{self.report.name}: the expected check needs slider {e}, the explorer has "
                                     f"{sorted(values)}: update expected_checks() in {Path(__file__).name}")
        exact, want_hash = self.seen.get(self.value, (None, None))
        try:
            self.page.wait_for_function(_TEXT_JS, arg=[self.root.element_handle(), self.text, want, exact,
                                                  PLACEHOLDER], timeout=self.ms)
        except PlaywrightTimeout:
            shown = _norm(self.root.evaluate(_READOUT_JS))
            if shown == self.text:
                self._fail("the text read-out did not change", shown)
            if exact is not None and shown != exact:
                self._fail(f"back at a value shown before, the read-out differs from {exact!r}", shown)
            self._fail(f"the text read-out lacks {[w for w in want if w not in shown]}", shown)
        t_text = time.perf_counter()
        self.text = _norm(self.root.evaluate(_READOUT_JS))
        try:
            self.page.wait_for_function(_NEW_IMG_JS, arg=[self.root.element_handle(), self.fig["src"]],
                                        timeout=self.ms)
        except PlaywrightTimeout:
            self._fail("the figure did not change", self.text)
        fig = self.root.evaluate(_FIGURE_JS)
        if fig["hash"] == self.fig["hash"]:
            self._fail("the figure was replaced by identical bytes", self.text)
        if want_hash is not None and fig["hash"] != want_hash:
            self._fail("back at a value shown before, the figure differs from the one shown then", self.text)
        self.fig = fig
        self.seen.setdefault(self.value, (self.text, fig["hash"]))
        self.report.steps.append(StepRecord(self.label, self.value, self.text, (t_text - t0) * 1e3,
                                            (time.perf_counter() - t0) * 1e3))


def drag_explorer(page, root, name: str, check, *, presses: int = 10, settle_ms: float = 600,
                  timeout: float = 20.0) -> dict:
    """A fast drag: the explorer's first slider gets ``presses`` arrow keys as fast as the browser
    takes them (towards its farther end), then we wait until the read-out and the figure have not
    changed for ``settle_ms``. The read-out must then contain what ``check`` computes for the
    slider's value, and one slow step away and back must show the same read-out and the same
    frame bytes: a frame that lags its read-out (or the slider) fails. Returns
    ``{"value", "settled_ms"}``."""
    root.scroll_into_view_if_needed()
    box = root.locator(".widget-slider:has([role=slider])").first
    info = root.evaluate(_SLIDERS_JS)[0]
    if info["max"] <= info["min"]:
        raise AssertionError(f"{name}: its first slider has a single position")
    forward = "ArrowRight" if info["max"] - info["position"] >= info["position"] - info["min"] else "ArrowLeft"
    back = "ArrowLeft" if forward == "ArrowRight" else "ArrowRight"
    box.locator("[role=slider]").first.focus()
    t0 = time.perf_counter()
    for _ in range(presses):
        page.keyboard.press(forward)
    last, since = None, time.perf_counter()
    while True:
        now = (_norm(root.evaluate(_READOUT_JS)), root.evaluate(_FIGURE_JS)["hash"],
               root.evaluate(_SLIDERS_JS)[0]["text"])
        if now != last or PLACEHOLDER in now[0] or not now[1]:  # a frame still to be drawn: not settled
            last, since = now, time.perf_counter()
        elif (time.perf_counter() - since) * 1e3 >= settle_ms:
            break
        if time.perf_counter() - t0 > timeout:
            raise AssertionError(f"{name}: still changing {timeout:.0f} s after a {presses}-key drag")
        page.wait_for_timeout(50)
    settled_ms = (since - t0) * 1e3
    report = ExplorerReport(f"{name} (after a {presses}-key drag)")
    walk = _SliderWalk(page, root, report, info["label"], box, check, timeout)
    if check is not None:
        values = slider_values(root)
        want = [_norm(s) for s in (check(values, walk.text) if _takes_readout(check) else check(values))]
        missing = [w for w in want if w not in walk.text]
        if missing:
            walk._fail(f"after the drag the read-out lacks {missing}", walk.text)
    at_end = root.evaluate(_SLIDERS_JS)[0]["position"] in (info["min"], info["max"])
    away = back if at_end else forward
    walk.step(away)
    walk.step(back if away == forward else forward)  # checks: same read-out, same frame bytes
    return {"value": walk.value, "settled_ms": settled_ms}
