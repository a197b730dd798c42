"""Check the static course (``make site``, ``tools/build_site.py``) the way a learner uses it.

* :func:`serve_folder`: a plain file server (the standard library's) on 127.0.0.1, in a
  thread of the test process, so the site can be served behind a sub-path.
* :func:`block_network`: every request that is not to that server (or ``file:``, ``data:``,
  ``blob:``) is aborted and recorded; a test asserts none was attempted.
* :class:`StoredExplorer`: what an explorer must show for given control positions, read from
  the notebook's saved widget state (the models the page renders with no kernel): the
  explorer's view (``ExplorerView``) holds a background and one layer and read-out per slot;
  the ``jslink``-ed controls' positions name the slot. The images' bytes (background, layer)
  and the read-out's text of that slot are what the page must show.
* :func:`walk_explorer`: step each linked slider with the keyboard, wait for the page to show
  the stored frame of the new position (image bytes and read-out text), check the figure
  changed, and that one step back shows the same bytes again; a learnmetrics check (from
  ``browser_checks.expected_checks``) must also find its numbers in the read-out.
"""
from __future__ import annotations

import base64
import contextlib
import functools
import html.parser
import http.server
import inspect
import json
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from browser_checks import slider_values

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
LINK_MODELS = ("LinkModel", "DirectionalLinkModel")


# -- serving and the network ------------------------------------------------------------------
class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # no access log on the test's stderr
        pass


@contextlib.contextmanager
def serve_folder(folder: Path):
    """Serve ``folder`` on http://127.0.0.1:<free port>/ from a thread; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@dataclass
class NetworkLog:
    origin: str  # the one http origin allowed ("" for none: file:// only)
    blocked: list[str] = field(default_factory=list)  # requests aborted: anything not local
    missing: list[str] = field(default_factory=list)  # local requests answered 4xx/5xx or failed
    errors: list[str] = field(default_factory=list)  # uncaught exceptions in a page

    def clear(self):
        self.blocked.clear(), self.missing.clear(), self.errors.clear()


def block_network(context, origin: str = "") -> NetworkLog:
    """Abort (and record) every request of ``context`` that is not to ``origin``, a ``file:``,
    ``data:`` or ``blob:`` URL. Returns the log; pages opened later in the context also record
    local failures and page errors in it (see :func:`watch_page`)."""
    parts = urlsplit(origin)
    log = NetworkLog(f"{parts.scheme}://{parts.netloc}" if origin else "")

    def route(r):
        url = r.request.url
        parts = urlsplit(url)
        local = parts.scheme in ("file", "data", "blob") or (
            bool(log.origin) and f"{parts.scheme}://{parts.netloc}" == log.origin)
        if local:
            r.continue_()
        else:
            log.blocked.append(url)
            r.abort("blockedbyclient")

    context.route("**/*", route)
    return log


def watch_page(page, log: NetworkLog):
    """Record in ``log`` the page's local requests answered with an error or failed (a request
    the page itself cancelled, ERR_ABORTED, e.g. a font when a link is followed, is not a
    failure; a missing file answers 404) and its uncaught script errors."""
    page.on("response", lambda r: log.missing.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("requestfailed", lambda r: None if r.url in log.blocked or "ERR_ABORTED" in (r.failure or "")
            else log.missing.append(f"failed {r.url}: {r.failure}"))
    page.on("pageerror", lambda e: log.errors.append(str(e)))
    return page


# -- MathJax -----------------------------------------------------------------------------------
_MATHJAX_DONE_JS = """() => new Promise((resolve, reject) => {
  if (!window.MathJax || !MathJax.Hub) return reject('MathJax did not load');
  MathJax.Hub.Queue(() => resolve(true));
})"""
# text of the narrative (markdown cells) outside typeset math: what is left of $...$ is raw TeX
_RAW_TEX_JS = """() => {
  const out = [];
  for (const cell of document.querySelectorAll('.jp-RenderedMarkdown')) {
    const copy = cell.cloneNode(true);
    copy.querySelectorAll('script, .MathJax_Preview, .mjx-chtml, .MJX_Assistive_MathML, code, pre').forEach(e => e.remove());
    const text = copy.textContent;
    const m = text.match(/\\$\\$[\\s\\S]+?\\$\\$|\\$[^$\\n]+\\$|\\\\\\(|\\\\\\[|\\\\begin\\{/);
    if (m) out.push(m[0].slice(0, 80));
  }
  return {raw: out, errors: document.querySelectorAll('.MathJax_Error, .mjx-merror, merror').length,
          typeset: document.querySelectorAll('.MathJax_CHTML, .mjx-chtml').length};
}"""


def wait_for_mathjax(page, timeout: float = 60.0) -> dict:
    """Wait until MathJax has typeset the page; returns ``{raw, errors, typeset}``: TeX left
    raw in the narrative, MathJax errors, and how many formulas were typeset."""
    page.wait_for_function("() => window.MathJax && MathJax.Hub && MathJax.isReady", timeout=timeout * 1e3)
    page.evaluate(_MATHJAX_DONE_JS)
    return page.evaluate(_RAW_TEX_JS)


# -- what an explorer must show, from the saved widget state ------------------------------------
def _fnv(data: bytes) -> str:
    """The hash the page computes of an image's bytes (FNV-1a, 32 bits) with the length."""
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return f"{len(data)}:{h:x}"


class _Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []

    def handle_data(self, data):
        self.parts.append(data)


def html_text(value: str) -> str:
    """The ``textContent`` a browser gives ``value`` set as ``innerHTML``, runs of white space as one."""
    p = _Text()
    p.feed(value)
    p.close()
    return norm("".join(p.parts))


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def widget_state(path: Path) -> dict:
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    return nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})


def explorer_views(path: Path, cells: list[int]) -> list[str]:
    """The model id of the widget each of ``cells`` (explorer cells) displays."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    out = []
    for i in cells:
        ids = [o["data"][WIDGET_VIEW]["model_id"] for o in nb["cells"][i].get("outputs", [])
               if WIDGET_VIEW in o.get("data", {})]
        out.append(ids[0] if ids else None)
    return out


def _ref(x) -> str | None:
    return x[len("IPY_MODEL_"):] if isinstance(x, str) and x.startswith("IPY_MODEL_") else None


@dataclass
class Shown:
    images: list[str]  # hashes of the shown images' bytes, in page order
    texts: list[str]  # the shown read-outs' text (white space normalised), in page order

    def describe(self) -> str:
        return f"images {self.images}, read-outs {[t[:70] for t in self.texts]}"


def _view_of(state: dict, root: str) -> str | None:
    """The explorer's front-end view (an ``ExplorerView``: an anywidget holding the frames)."""
    stack = [root]
    while stack:
        mid = stack.pop(0)
        m = state.get(mid)
        if m is None:
            continue
        if m["model_name"] == "AnyModel" and "layers" in m["state"]:
            return mid
        stack.extend(_ref(c) for c in m["state"].get("children", []) or [])
    return None


class StoredExplorer:
    """One explorer's widget tree in the saved state, rooted at ``root`` (a model id): its
    controls (sliders, checkboxes), the ``ExplorerView`` holding every frame drawn ahead, and
    which control is ``jslink``-ed to which of the view's traits ``c0`` ..."""

    def __init__(self, state: dict, root: str):
        self.state, self.root = state, root
        if root not in state:
            raise AssertionError(f"the explorer's widget {root} is not in the notebook's saved widget state")
        self.view = _view_of(state, root)
        self.links = {}  # control id -> index j of the view's trait c<j>
        for m in state.values():
            if m["model_name"] in LINK_MODELS:
                (src, s_attr), (dst, d_attr) = m["state"]["source"], m["state"]["target"]
                if _ref(dst) == self.view and re.fullmatch(r"c\d", d_attr or ""):
                    self.links[_ref(src)] = int(d_attr[1:])
        models = list(self._walk_models(root))
        self.sliders = [mid for mid in models if "Slider" in self.state[mid]["model_name"]]
        self.checkboxes = [mid for mid in models if self.state[mid]["model_name"] == "CheckboxModel"]
        self.toggles = [mid for mid in models if self.state[mid]["model_name"] == "ToggleButtonsModel"]
        self.linked = [mid for mid in self.sliders if mid in self.links]
        self.linked_boxes = [mid for mid in self.checkboxes if mid in self.links]
        self.linked_toggles = [mid for mid in self.toggles if mid in self.links]

    def _walk_models(self, mid):
        """Every model id under ``mid``, depth first, children in order."""
        yield mid
        for child in self.state[mid]["state"].get("children", []) or []:
            yield from self._walk_models(_ref(child))

    def label(self, control: str) -> str:
        return self.state[control]["state"].get("description", "")

    def position(self, control: str, readout: str) -> int:
        """The position (among the frames drawn ahead) of the control whose page read-out is
        ``readout`` (a checkbox: "checked" or "unchecked")."""
        v = self.state[self.view]["state"]
        m = v["maps"][self.links[control]]
        s = self.state[control]["state"]
        if m["trait"] == "index":
            labels = s.get("_options_labels") or []
            if readout not in labels:
                raise AssertionError(f"slider {s.get('description')!r} shows {readout!r}, not one of its labels")
            return labels.index(readout)
        value = (readout == "checked") if control in self.checkboxes else int(readout)
        if value not in m["values"]:
            raise AssertionError(f"control {s.get('description')!r} at {value!r}: no frame drawn ahead for it")
        return m["values"].index(value)

    def slot(self, readouts: dict[str, str]) -> int:
        v = self.state[self.view]["state"]
        at = [None] * len(v["shape"])
        for control, j in self.links.items():
            if control in readouts:
                at[j] = self.position(control, readouts[control])
        s = 0
        for p, n in zip(at, v["shape"]):
            if p is None:
                raise AssertionError("a linked control of the view is not in the page")
            s = s * n + p
        return s

    def expected(self, readouts: dict[str, str]) -> Shown:
        """What the page must show when the controls (``{model id: read-out text}``) are where
        they are: the background with the layer of their slot, and that slot's read-out."""
        v = self.state[self.view]["state"]
        s = self.slot(readouts)
        images = [_fnv(base64.b64decode(v["background"]))]
        spare = v.get("spare") or []
        layer, text = (spare[1], spare[2]) if spare and spare[0] == s else (v["layers"][s], v["readouts"][s])
        if layer is None:
            raise AssertionError(f"slot {s} of the view has no frame stored")
        if layer[2]:
            images.append(_fnv(base64.b64decode(layer[4])))
        return Shown(images, [html_text(text)])


# -- learnmetrics' own numbers, recomputed here for 02 and 03 ------------------------------------
def count_patterns(tp, fn, fp, tn) -> list[re.Pattern]:
    return [re.compile(rf"\b{name} = {float(x):g}(?![\d.])") for name, x in
            (("TP", tp), ("FN", fn), ("FP", fp), ("TN", tn))]


def threshold_counts_check(y_true, y_score):
    """02's threshold explorer: the slider's threshold and the confusion counts learnmetrics
    computes for it (``classification.threshold_state``) must be in the read-out."""
    from learnmetrics.classification import threshold_state

    def check(values):
        t = float(values["threshold"].text)
        c = threshold_state(y_true, y_score, t).counts
        return [re.compile(rf"threshold = {t:.2f}\b"), *count_patterns(c.tp, c.fn, c.fp, c.tn)]
    return check


def cut_counts_check(y_true, y_score):
    """03's cut-point explorer: the cut k and the counts ``curves.cut_point_state`` gives."""
    from learnmetrics.curves import cut_point_state, stepping_table

    table = stepping_table(y_true, y_score)

    def check(values):
        k = int(values["cut k"].text)
        s = cut_point_state(table, k)
        return [re.compile(rf"cut k = {k}\b"), *count_patterns(s.tp, s.fn, s.fp, s.tn)]
    return check


def own_checks() -> dict[str, dict[int, object]]:
    """notebook -> {explorer index: check}: this module's own recomputation, beside
    ``browser_checks.expected_checks`` (so 02 and 03 are checked against learnmetrics whatever
    that list holds)."""
    from learnmetrics import datasets

    melons = datasets.watermelon_scores()
    return {"02_confusion_matrix.ipynb": {0: threshold_counts_check(melons.y_true, melons.y_score)},
            "03_pr_bep_fbeta.ipynb": {0: cut_counts_check(melons.y_true, melons.y_score)}}


# -- the page ------------------------------------------------------------------------------------
_SHOWN_JS = """async (root) => {
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const hash = async (src) => {
    try {
      const bytes = new Uint8Array(await (await fetch(src)).arrayBuffer());
      let h = 0x811c9dc5;
      for (let i = 0; i < bytes.length; i++) { h ^= bytes[i]; h = Math.imul(h, 0x01000193) >>> 0; }
      return bytes.length + ':' + h.toString(16);
    } catch (e) { return 'unreadable:' + src; }
  };
  const images = [];
  for (const img of root.querySelectorAll('img')) if (shown(img)) images.push(img.src ? await hash(img.src) : '0:811c9dc5');
  const texts = Array.from(root.querySelectorAll('.widget-html-content, .lm-xv-text, .lm-xv-waiting')).filter(shown)
    .map(e => e.textContent.replace(/\\s+/g, ' ').trim());
  const toggles = Array.from(root.querySelectorAll('.widget-toggle-buttons')).map(b => ({
    label: (b.querySelector('.widget-label') || {innerText: ''}).innerText.trim(),
    value: (b.querySelector('button.mod-active') || {innerText: ''}).innerText.trim()}));
  const checkboxes = Array.from(root.querySelectorAll('.widget-checkbox')).map(b => ({
    label: (b.querySelector('label') || {innerText: ''}).innerText.trim(),
    checked: !!(b.querySelector('input[type=checkbox]') || {}).checked,
    disabled: !!(b.querySelector('input[type=checkbox]') || {}).disabled}));
  const sliders = Array.from(root.querySelectorAll('.widget-slider')).filter(b => b.querySelector('[role=slider]'))
    .map(b => ({label: (b.querySelector('.widget-label') || {innerText: ''}).innerText.trim(),
                text: (b.querySelector('.widget-readout') || {innerText: ''}).innerText.trim(),
                disabled: !!b.querySelector('[disabled]') || b.classList.contains('mod-disabled')
                          || !!b.querySelector('.noUi-target[disabled]')}));
  const readout = Array.from(root.querySelectorAll('.widget-html-content, .lm-xv-text, .lm-xv-waiting')).filter(shown)
    .map(e => e.innerText).join('\\n').replace(/\\s+/g, ' ').trim();
  return {images, texts, sliders, checkboxes, toggles, readout};
}"""


def shown(root) -> dict:
    """What the explorer ``root`` (a Locator) shows now: image hashes, read-outs, sliders."""
    return root.evaluate(_SHOWN_JS)


@dataclass
class Step:
    slider: str
    key: str
    value: str
    images: list[str]
    ms: float


def _readouts(explorer: StoredExplorer, view: dict) -> dict[str, str]:
    """{slider model id: its read-out in the page}, matched in page order (labels checked)."""
    if len(view["sliders"]) != len(explorer.sliders):
        raise AssertionError(f"the page shows {len(view['sliders'])} sliders, the saved state has "
                             f"{len(explorer.sliders)}")
    out = {}
    for mid, s in zip(explorer.sliders, view["sliders"]):
        if norm(s["label"]) != norm(explorer.label(mid)):
            raise AssertionError(f"slider {s['label']!r} in the page where the saved state has {explorer.label(mid)!r}")
        out[mid] = s["text"]
    if len(view["checkboxes"]) != len(explorer.checkboxes):
        raise AssertionError(f"the page shows {len(view['checkboxes'])} checkboxes, the saved state has "
                             f"{len(explorer.checkboxes)}")
    for mid, b in zip(explorer.checkboxes, view["checkboxes"]):
        out[mid] = "checked" if b["checked"] else "unchecked"
    if len(view["toggles"]) != len(explorer.toggles):
        raise AssertionError(f"the page shows {len(view['toggles'])} toggle buttons, the saved state has "
                             f"{len(explorer.toggles)}")
    for mid, t in zip(explorer.toggles, view["toggles"]):
        out[mid] = t["value"]
    return out


def _takes_readout(check) -> bool:
    return len(inspect.signature(check).parameters) == 2


def walk_explorer(page, root, explorer: StoredExplorer, name: str, check=None, *, steps: int = 3,
                  timeout: float = 10.0, patterns=None) -> list[Step]:
    """Step every linked slider of ``root`` ``steps`` times with the keyboard (towards its farther
    end) and once back; after each step the page must show the stored frame of the new
    position, a figure different from the one before, and ``check``'s strings (learnmetrics'
    numbers) in its read-out, and ``patterns(values)``'s regular expressions found in it; back at a
    position shown before, the same image bytes."""
    root.scroll_into_view_if_needed()
    if explorer.view is None or not explorer.linked:
        raise AssertionError(f"{name}: no slider is linked to the explorer's view of frames in the saved widget "
                             f"state, so nothing moves without a kernel (a notebook stored before the explorers "
                             f"drew their frames ahead into one view? `make refresh NB=...`)")
    records: list[Step] = []
    boxes = root.locator(".widget-slider:has([role=slider])")
    for mid in explorer.linked:
        i = explorer.sliders.index(mid)
        label = explorer.label(mid)
        handle = boxes.nth(i).locator("[role=slider]").first
        view = shown(root)
        _match(explorer, view, name, f"slider {label!r} before any step")
        seen = {view["sliders"][i]["text"]: view["images"]}
        s = explorer.state[mid]["state"]
        n = len(s.get("_options_labels") or []) or (int(s.get("max", 0)) - int(s.get("min", 0)) + 1)
        if n <= 1:  # a single position (e.g. all scores tied): nothing to step
            continue
        at = list(seen)[0]
        pos = (s["_options_labels"].index(at) if s.get("_options_labels") else int(at) - int(s.get("min", 0)))
        forward = "ArrowRight" if n - 1 - pos >= pos else "ArrowLeft"
        back = "ArrowLeft" if forward == "ArrowRight" else "ArrowRight"
        keys = [forward] * min(steps, max(n - 1 - pos, pos)) + [back]
        for key in keys:
            before = view
            t0 = time.perf_counter()
            handle.press(key)
            view = _wait_new(page, root, explorer, name, label, i, before, timeout)
            ms = (time.perf_counter() - t0) * 1e3
            value = view["sliders"][i]["text"]
            if view["images"] == before["images"]:
                raise AssertionError(f"{name}: slider {label!r} moved to {value} but the figure is the same bytes")
            if value in seen and seen[value] != view["images"]:
                raise AssertionError(f"{name}: slider {label!r} back at {value}, the figure differs from the one "
                                     f"shown there before")
            seen.setdefault(value, view["images"])
            if check is not None:
                values = slider_values(root)
                want = [norm(w) for w in (check(values, before["readout"]) if _takes_readout(check)
                                          else check(values))]
                missing = [w for w in want if w not in view["readout"]]
                if missing:
                    raise AssertionError(f"{name}: slider {label!r} at {value}: the read-out lacks {missing} "
                                         f"(computed by learnmetrics); it shows:\n{view['readout']}")
            if patterns is not None:
                missing = [p.pattern for p in patterns(slider_values(root)) if not p.search(view["readout"])]
                if missing:
                    raise AssertionError(f"{name}: slider {label!r} at {value}: the read-out does not match {missing} "
                                         f"(recomputed with learnmetrics); it shows:\n{view['readout']}")
            records.append(Step(label, key, value, view["images"], ms))
    for mid in explorer.linked_boxes:  # a checkbox: ticked and unticked, the frame follows each time
        i = explorer.checkboxes.index(mid)
        label = explorer.label(mid)
        box = root.locator(".widget-checkbox input[type=checkbox]").nth(i)
        view = shown(root)
        first = view["images"]
        for _ in range(2):
            before = view
            t0 = time.perf_counter()
            box.click()
            deadline = time.monotonic() + timeout
            while True:
                view = shown(root)
                if view["checkboxes"][i]["checked"] != before["checkboxes"][i]["checked"]:
                    try:
                        _match(explorer, view, name, f"checkbox {label!r} {'on' if view['checkboxes'][i]['checked'] else 'off'}")
                        break
                    except AssertionError:
                        if time.monotonic() > deadline:
                            raise
                elif time.monotonic() > deadline:
                    raise AssertionError(f"{name}: a click did not tick checkbox {label!r}")
                page.wait_for_timeout(20)
            if view["images"] == before["images"] or view["texts"] == before["texts"]:
                raise AssertionError(f"{name}: checkbox {label!r} changed but the figure or the read-out did not")
            records.append(Step(label, "click", str(view["checkboxes"][i]["checked"]), view["images"],
                                (time.perf_counter() - t0) * 1e3))
        if view["images"] != first:
            raise AssertionError(f"{name}: checkbox {label!r} back where it was, the figure differs")
    for mid in explorer.linked_toggles:  # toggle buttons: another option, then back
        i = explorer.toggles.index(mid)
        label = explorer.label(mid)
        labels = explorer.state[mid]["state"].get("_options_labels") or []
        view = shown(root)
        start, first = view["toggles"][i]["value"], view["images"]
        other = next((x for x in labels if x != start), None)
        if other is None:
            continue
        for target in (other, start):
            before = view
            t0 = time.perf_counter()
            root.locator(".widget-toggle-buttons").nth(i).locator(
                "button", has_text=re.compile(rf"^\s*{re.escape(target)}\s*$")).first.click()
            deadline = time.monotonic() + timeout
            while True:
                view = shown(root)
                if view["toggles"][i]["value"] == target:
                    try:
                        _match(explorer, view, name, f"toggle {label!r} at {target}")
                        break
                    except AssertionError:
                        if time.monotonic() > deadline:
                            raise
                elif time.monotonic() > deadline:
                    raise AssertionError(f"{name}: a click did not select {target!r} of {label!r}")
                page.wait_for_timeout(20)
            if view["images"] == before["images"]:
                raise AssertionError(f"{name}: toggle {label!r} moved to {target!r} but the figure did not change")
            records.append(Step(label, "click", target, view["images"], (time.perf_counter() - t0) * 1e3))
        if view["images"] != first:
            raise AssertionError(f"{name}: toggle {label!r} back at {start!r}, the figure differs")
    return records


def press_on_figure(page, root, explorer: StoredExplorer, name: str, *, positions=(2, -3), timeout: float = 10.0):
    """Press on the figure's hit region (a ranked list, a score axis) at the pixel of some
    positions of its control: the control and the page must then show that position's stored
    frame. Returns the number of presses checked (0: the explorer has no hit region)."""
    hits = root.locator(".lm-xv").first.evaluate("v => v.lmView.hits()")
    done = 0
    for hit in hits:
        view_state = explorer.state[explorer.view]["state"]
        control = next(c for c, j in explorer.links.items() if j == hit["control"])
        i = explorer.sliders.index(control)
        img = root.locator("img.lm-xv-bg").first
        box = img.bounding_box()
        scale = box["width"] / view_state["size"][0]
        y = box["y"] + scale * (hit["box"][1] + hit["box"][3]) / 2
        for p in positions:
            p = p % len(hit["pos"])
            x = box["x"] + scale * hit["pos"][p]
            page.mouse.click(x, y)
            deadline = time.monotonic() + timeout
            while True:
                view = shown(root)
                at = explorer.position(control, _readouts(explorer, view)[control])
                if at == p:
                    _match(explorer, view, name, f"after a press at position {p} of {explorer.label(control)!r}")
                    break
                if time.monotonic() > deadline:
                    raise AssertionError(f"{name}: a press on the figure at position {p} left "
                                         f"{explorer.label(control)!r} at position {at}")
                page.wait_for_timeout(20)
            done += 1
    return done


def _match(explorer: StoredExplorer, view: dict, name: str, where: str) -> None:
    want = explorer.expected(_readouts(explorer, view))
    got = Shown(view["images"], view["texts"])
    if got != want:
        raise AssertionError(f"{name}, {where}: the page shows {got.describe()}\nthe saved state has "
                             f"{want.describe()}")


def _wait_new(page, root, explorer, name, label, i, before, timeout):
    """Poll until the slider's read-out moved and the page shows the stored frame for it."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        view = shown(root)
        if view["sliders"][i]["text"] != before["sliders"][i]["text"]:
            try:
                _match(explorer, view, name, f"slider {label!r} at {view['sliders'][i]['text']}")
                return view
            except AssertionError as e:
                last_error = e
        if time.monotonic() > deadline:
            if last_error is None:
                raise AssertionError(f"{name}: a key press did not move slider {label!r} "
                                     f"(still {before['sliders'][i]['text']})")
            raise last_error
        page.wait_for_timeout(20)


# -- links ------------------------------------------------------------------------------------------
class _Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.refs: list[tuple[str, str, str]] = []  # (tag, attribute, url)
        self.ids: set[str] = set()
        self.rel: dict[str, list[str]] = {}  # rel ("prev", "next") -> hrefs

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and a.get("rel") and a.get("href"):
            self.rel.setdefault(a["rel"], []).append(a["href"])
        for k, v in attrs:
            if k == "id" and v:
                self.ids.add(v)
            if v and ((k == "href" and tag in ("a", "link")) or (k == "src" and tag in ("script", "img", "iframe"))):
                self.refs.append((tag, k, v))


def page_links(path: Path) -> tuple[list[tuple[str, str, str]], set[str], dict[str, list[str]]]:
    """(every (tag, attribute, URL) a page links or loads, its element ids, {rel: [hrefs]})."""
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p.refs, p.ids, p.rel
