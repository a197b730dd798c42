"""Key press -> new figure painted, timed in Chromium for every explorer (``make bench-browser``).

For each chapter with explorers, in Voilà, in JupyterLab and in the static site
(``make site`` -> ``site/``; that column is skipped, with a message, while the site
is not built or ``tools/build_site.py`` does not exist), every slider of every
explorer is stepped with the keyboard:

* ``first``: ``--steps`` presses towards the slider's farther end, one at a time
  (values this page has not shown yet);
* ``revisit``: as many presses back (values shown a moment ago);
* ``drag``: 20 presses as fast as the browser takes them, then the time until
  the figure settles (no figure or read-out change for ``--quiet`` ms).

Times are taken IN THE PAGE: from the key event's timestamp (``event.timeStamp``,
the renderer's clock) to the end of the animation frame that shows the new figure
(``requestAnimationFrame`` after the change, then a message-channel task: the main
thread has committed that frame; in Chromium's trace the frame is displayed about
1-3 ms later, after raster and draw). The figure is the visible layer of the
explorer's view (every frame's ``<img>`` stays in the DOM, decoded; a step shows
another one), or the first visible ``<img>`` (the background, at a frame equal to
it); while the view says "drawing this frame ..." (the kernel has not sent that
frame yet) there is no new figure, and the step's time runs on until the frame
arrives and is shown. The read-out time is taken the same way for the visible
read-out. Until 2026-11-26 the step ended at the frame after ``img.decode()``
resolved: Chromium resolves ``decode()`` only after the next frame's commit, even
for an image decoded long ago, so that measure added up to one frame (16.7 ms)
that no learner waits for; it is still recorded (``fig_decode_ms``,
``decode_median_ms``) for comparison with older runs.

JupyterLab also gives the explorer cell's execution time (its ``recordTiming``
metadata: ``shell.execute_reply - iopub.execute_input``); Voilà and the site the
time from navigation to the first explorer shown.

Writes ``benchmarks/results/browser.json`` (``--out``) and prints a markdown table.
``--root DIR`` benchmarks another checkout (its notebooks, and its ``learnmetrics``
first on the kernels' ``PYTHONPATH``), e.g. a ``git archive`` of an older commit,
for a before/after comparison. Not part of ``make test``.

    make bench-browser BENCH_ARGS="--only 02,03 --where voila,lab --steps 5"
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_checks import _SLIDERS_JS, explorer_cells, open_in_lab, shutdown_kernels  # noqa: E402
from browser_servers import (CHROMIUM_FLAGS, chromium_path, copy_notebooks, free_port, start_lab,  # noqa: E402
                             start_voila)

WHERE = ("voila", "lab", "site")
# issue 25: key press to painted frame, first visits included: site median <= 16 ms, max <= 33 ms;
# Voila and JupyterLab median <= 20 ms, max <= 50 ms; a drag settles within 100 ms of the last
# press; an explorer cell shows its first view within 1.5 s
GOALS = {"median_ms": 20.0, "max_ms": 50.0, "site_ms": 16.0, "site_max_ms": 33.0, "drag_ms": 100.0, "cell_s": 1.5}
DRAG_PRESSES = 20
ROOTS_SELECTOR = ".jp-OutputArea-output:has([role=slider])"
LAB_TIMING = {"@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"recordTiming": True}}

# The page-side harness: arm(root) watches one explorer; the key events' timestamps are the
# start; wait(...) resolves with the paint times of every new figure / read-out since arm.
HARNESS_JS = r"""
(() => {
  if (window.__lmBench) return;
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  // an explorer's view keeps every frame's layer over one background and shows one layer; while
  // it waits for the kernel to draw a frame ("drawing this frame ...") it shows no figure yet
  const figure = root => root.querySelector('.lm-xv-figure.lm-xv-pending') ? null
      : (Array.from(root.querySelectorAll('img.lm-xv-layer')).find(i => shown(i) && i.src)
         || Array.from(root.querySelectorAll('img')).find(i => shown(i) && i.src) || null);
  const readout = root => Array.from(root.querySelectorAll('.widget-html-content, .lm-xv-text'))
      .filter(shown)
      .map(e => e.innerText).join('\n').replace(/\s+/g, ' ').trim();
  // resolves just after the next frame is painted
  const afterPaint = () => new Promise(res => requestAnimationFrame(() => {
      const ch = new MessageChannel(); ch.port1.onmessage = () => res(performance.now()); ch.port2.postMessage(0); }));
  let cur = null;
  function arm(root) {
    if (cur) cur.stop();
    const img = figure(root);
    const s = {presses: [], figs: [], texts: [], pending: 0, last: performance.now()};
    let lastImg = img, lastSrc = img ? img.src : '', lastText = readout(root);
    const onKey = e => { if (e.key && e.key.startsWith('Arrow')) { s.presses.push(e.timeStamp); s.last = performance.now(); } };
    const check = () => {
      s.last = performance.now();
      const im = figure(root);
      if (im && (im !== lastImg || im.src !== lastSrc)) {
        lastImg = im; lastSrc = im.src; s.pending += 2;
        const seen = performance.now(), fig = {seen, t: null, t_decode: null};
        s.figs.push(fig);
        // the frame that shows the change: its animation frame, then a task after it (the frame
        // is committed; Chromium's trace shows it displayed ~1-3 ms later, raster and draw)
        afterPaint().then(t => { fig.t = t; s.pending--; s.last = Math.max(s.last, t); });
        // the measure used before (for comparison only): decode() resolves only after the NEXT
        // frame's commit even for an image decoded long ago, so it adds up to one frame
        (im.decode ? im.decode().catch(() => null) : Promise.resolve()).then(afterPaint).then(t => {
          fig.t_decode = t; s.pending--; s.last = Math.max(s.last, t); });
      }
      const tx = readout(root);
      if (tx !== lastText) {
        lastText = tx; s.pending++;
        const seen = performance.now();
        afterPaint().then(t => { s.texts.push({seen, t}); s.pending--; s.last = Math.max(s.last, t); });
      }
    };
    const mo = new MutationObserver(check);
    mo.observe(root, {subtree: true, childList: true, characterData: true, attributes: true,
                      attributeFilter: ['src', 'style', 'class', 'hidden']});
    document.addEventListener('keydown', onKey, true);
    s.stop = () => { mo.disconnect(); document.removeEventListener('keydown', onKey, true); };
    cur = s;
  }
  // one press: resolve when its figure (and read-out) are painted, or after timeout ms
  async function waitStep(timeout) {
    const s = cur, t_end = performance.now() + timeout;
    while (performance.now() < t_end) {
      if (s.presses.length && s.figs.length && s.pending === 0) break;
      await new Promise(r => setTimeout(r, 2));
    }
    await new Promise(r => setTimeout(r, 30));  // a read-out that follows the figure
    s.stop();
    const t0 = s.presses[0];
    return {pressed: s.presses.length, fig_ms: s.figs.length && s.figs[0].t !== null ? s.figs[0].t - t0 : null,
            fig_decode_ms: s.figs.length && s.figs[0].t_decode !== null ? s.figs[0].t_decode - t0 : null,
            fig_inserted_ms: s.figs.length ? s.figs[0].seen - t0 : null,
            text_ms: s.texts.length ? s.texts[0].t - t0 : null, figs: s.figs.length};
  }
  // a drag: resolve when nothing changed for quiet ms (or after timeout ms)
  async function waitSettled(quiet, timeout) {
    const s = cur, t_end = performance.now() + timeout;
    while (performance.now() < t_end) {
      if (s.pending === 0 && performance.now() - s.last > quiet) break;
      await new Promise(r => setTimeout(r, 5));
    }
    s.stop();
    const t0 = s.presses[0], tl = s.presses[s.presses.length - 1];
    const lastFig = s.figs.length ? Math.max(...s.figs.map(f => f.t ?? 0)) : null;
    const lastText = s.texts.length ? Math.max(...s.texts.map(f => f.t)) : null;
    return {pressed: s.presses.length, presses_ms: tl - t0, figs: s.figs.length,
            settled_ms: lastFig === null ? null : Math.max(lastFig, lastText ?? 0) - t0,
            timed_out: performance.now() >= t_end};
  }
  window.__lmBench = {arm, waitStep, waitSettled, figure, readout};
})()
"""

_CELL_TIMING_JS = """([path, indices]) => {
  const panel = Array.from(window.jupyterapp.shell.widgets('main')).find(w => w.context && w.context.path === path);
  return indices.map(i => {
    const c = panel.content.widgets[i];
    const m = c && (c.model.getMetadata ? c.model.getMetadata('execution') : c.model.metadata.get('execution'));
    if (!m || !m['iopub.execute_input'] || !m['shell.execute_reply']) return null;
    return (Date.parse(m['shell.execute_reply']) - Date.parse(m['iopub.execute_input'])) / 1000;
  });
}"""


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# -- stepping ---------------------------------------------------------------------------------
def bench_explorer(page, root, *, steps: int, quiet: float, timeout: float) -> dict:
    """Every slider of one explorer: first visits, revisits, a 20-press drag."""
    page.evaluate(HARNESS_JS)
    root.scroll_into_view_if_needed()
    out = {"sliders": []}
    boxes = root.locator(".widget-slider:has([role=slider])")
    for i in range(boxes.count()):
        info = root.evaluate(_SLIDERS_JS)[i]
        rec = {"label": info["label"], "first": [], "revisit": [], "drag": None, "misses": 0}
        out["sliders"].append(rec)
        if info["max"] <= info["min"]:
            continue
        handle = boxes.nth(i).locator("[role=slider]").first
        forward = "ArrowRight" if info["max"] - info["position"] >= info["position"] - info["min"] else "ArrowLeft"
        back = "ArrowLeft" if forward == "ArrowRight" else "ArrowRight"
        handle.focus()
        taken = 0
        for _ in range(steps):
            pos = root.evaluate(_SLIDERS_JS)[i]["position"]
            if pos in (info["min"], info["max"]) and taken:
                break
            r = _one_press(page, root, forward, timeout)
            if r is None:
                rec["misses"] += 1
                continue
            rec["first"].append(r)
            taken += 1
        for _ in range(taken):
            r = _one_press(page, root, back, timeout)
            if r is None:
                rec["misses"] += 1
                continue
            rec["revisit"].append(r)
        # the drag: towards the farther end from where the walk left the slider
        info = root.evaluate(_SLIDERS_JS)[i]
        drag_key = "ArrowRight" if info["max"] - info["position"] >= info["position"] - info["min"] else "ArrowLeft"
        page.evaluate("root => window.__lmBench.arm(root)", root.element_handle())
        for _ in range(DRAG_PRESSES):
            page.keyboard.press(drag_key)
        rec["drag"] = page.evaluate("([q, t]) => window.__lmBench.waitSettled(q, t)", [quiet, timeout * 1e3])
        rec["drag"]["moved_to"] = root.evaluate(_SLIDERS_JS)[i]["text"]
        page.wait_for_timeout(200)
    return out


def _one_press(page, root, key: str, timeout: float) -> dict | None:
    page.evaluate("root => window.__lmBench.arm(root)", root.element_handle())
    page.keyboard.press(key)
    r = page.evaluate("t => window.__lmBench.waitStep(t)", timeout * 1e3)
    if r["fig_ms"] is None:
        log(f"    {key}: no new figure within {timeout:.0f} s")
        return None
    page.wait_for_timeout(60)  # let late messages (a kernel echo) land before the next press
    return r


def bench_page(page, *, steps: int, quiet: float, timeout: float, expect: int) -> list[dict]:
    roots = page.locator(ROOTS_SELECTOR)
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length >= n", arg=[ROOTS_SELECTOR, expect],
                           timeout=180_000)
    page.wait_for_timeout(500)
    return [bench_explorer(page, roots.nth(i), steps=steps, quiet=quiet, timeout=timeout)
            for i in range(roots.count())]


# -- the three places -----------------------------------------------------------------------
def run_voila(ctx, voila, name, n, args) -> dict:
    page = ctx.new_page()
    try:
        t0 = time.perf_counter()
        page.goto(voila.url(f"/voila/render/{name}"), wait_until="commit", timeout=180_000)
        page.locator("h1").first.wait_for(timeout=180_000)
        text_s = time.perf_counter() - t0
        page.locator(ROOTS_SELECTOR).first.wait_for(timeout=180_000)
        shown_s = time.perf_counter() - t0
        # progressive rendering (tools/voila_app.py): a cell not run yet holds a skeleton; step the
        # explorers once every cell has run, as in JupyterLab (a running cell holds the kernel)
        page.wait_for_function("() => !document.querySelector('.voila-skeleton-container')", timeout=300_000)
        run_s = time.perf_counter() - t0
        explorers = bench_page(page, steps=args.steps, quiet=args.quiet, timeout=args.timeout, expect=n)
        return {"heading_shown_s": round(text_s, 2), "first_explorer_shown_s": round(shown_s, 2),
                "all_cells_run_s": round(run_s, 2), "explorers": explorers}
    finally:
        page.close()


def run_lab(ctx, lab, name, cells, args) -> dict:
    page = ctx.new_page()
    path = f"notebooks/{name}"
    try:
        t0 = time.perf_counter()
        open_in_lab(page, lab, path, timeout=300)
        run_s = time.perf_counter() - t0
        cell_s = page.evaluate(_CELL_TIMING_JS, [path, cells])
        explorers = bench_page(page, steps=args.steps, quiet=args.quiet, timeout=args.timeout, expect=len(cells))
        for e, s in zip(explorers, cell_s):
            e["cell_s"] = s
        return {"open_and_run_s": round(run_s, 2), "explorers": explorers}
    finally:
        page.close()
        shutdown_kernels(lab, path)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass


def serve_folder(folder: Path):
    """A plain static file server on 127.0.0.1 (a thread of this process; shut down by the caller)."""
    handler = functools.partial(_Quiet, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def site_pages(site: Path) -> dict[str, Path]:
    """chapter notebook name -> its HTML page in the built site."""
    pages = {}
    for html in sorted(site.rglob("*.html")):
        if re.match(r"\d\d_", html.name):
            pages.setdefault(html.stem + ".ipynb", html)
    return pages


def run_site(ctx, base_url, rel, n, args) -> dict:
    page = ctx.new_page()
    outside = []

    def guard(route):
        if route.request.url.startswith(base_url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", guard)
    try:
        t0 = time.perf_counter()
        page.goto(f"{base_url}/{rel}", wait_until="commit", timeout=120_000)
        page.locator(ROOTS_SELECTOR).first.wait_for(timeout=120_000)
        shown_s = time.perf_counter() - t0
        explorers = bench_page(page, steps=args.steps, quiet=args.quiet, timeout=args.timeout, expect=n)
        return {"first_explorer_shown_s": round(shown_s, 2), "explorers": explorers,
                "blocked_requests": outside[:10]}
    finally:
        page.close()


# -- summary ---------------------------------------------------------------------------------
def _steps(result: dict, kind: str) -> list[float]:
    return [r["fig_ms"] for e in result.get("explorers", []) for s in e["sliders"] for r in s[kind]]


def summarize(result: dict) -> dict:
    first, revisit = _steps(result, "first"), _steps(result, "revisit")
    both = first + revisit
    drags = [s["drag"]["settled_ms"] for e in result.get("explorers", []) for s in e["sliders"]
             if s["drag"] and s["drag"]["settled_ms"] is not None]
    # the page takes the presses only as fast as it handles them (each keydown waits for the
    # renderer): what the learner waits for is the time from the last press to the settled figure
    after_last = [s["drag"]["settled_ms"] - s["drag"]["presses_ms"] for e in result.get("explorers", [])
                  for s in e["sliders"] if s["drag"] and s["drag"]["settled_ms"] is not None]
    cells = [e.get("cell_s") for e in result.get("explorers", []) if e.get("cell_s") is not None]
    misses = sum(s["misses"] for e in result.get("explorers", []) for s in e["sliders"])

    old = [r["fig_decode_ms"] for e in result.get("explorers", []) for s in e["sliders"]
           for kind in ("first", "revisit") for r in s[kind] if r.get("fig_decode_ms") is not None]

    def r(x):
        return None if x is None else round(x, 1)
    return {
        "steps": len(both), "misses": misses,
        "median_ms": r(statistics.median(both)) if both else None, "max_ms": r(max(both)) if both else None,
        "first_median_ms": r(statistics.median(first)) if first else None,
        "first_max_ms": r(max(first)) if first else None,
        "revisit_median_ms": r(statistics.median(revisit)) if revisit else None,
        "revisit_max_ms": r(max(revisit)) if revisit else None,
        "drag_max_ms": r(max(drags)) if drags else None,
        "drag_after_last_press_max_ms": r(max(0.0, max(after_last))) if after_last else None,
        "cell_max_s": round(max(cells), 2) if cells else None,
        "heading_shown_s": result.get("heading_shown_s"), "first_explorer_shown_s": result.get("first_explorer_shown_s"),
        "all_cells_run_s": result.get("all_cells_run_s", result.get("open_and_run_s")),
        # the measure used before 2026-11-26 (to the frame after img.decode()), for comparison
        "decode_median_ms": r(statistics.median(old)) if old else None, "decode_max_ms": r(max(old)) if old else None,
    }


def _fmt(x, unit="") -> str:
    return "–" if x is None else (f"{x:.0f}{unit}" if unit != " s" else f"{x:.2f}{unit}")


def markdown_table(results: dict) -> str:
    head = ("| chapter | where | steps | first visits median / max (ms) | revisits median / max (ms) "
            "| 20-press drag settled, max (ms) (after the last press) | explorer cell, max (s) | load average |\n"
            "|---|---|---|---|---|---|---|---|")
    rows = [head]
    for name, per in results.items():
        for where in WHERE:
            res = per.get(where)
            if res is None:
                continue
            if "skipped" in res:
                rows.append(f"| {name[:2]} | {where} | – | {res['skipped']} | | | | |")
                continue
            s = res["summary"]
            rows.append(f"| {name[:2]} | {where} | {s['steps']} "
                        f"| {_fmt(s['first_median_ms'])} / {_fmt(s['first_max_ms'])} "
                        f"| {_fmt(s['revisit_median_ms'])} / {_fmt(s['revisit_max_ms'])} "
                        f"| {_fmt(s['drag_max_ms'])} ({_fmt(s['drag_after_last_press_max_ms'])}) "
                        f"| {_fmt(s['cell_max_s'], ' s')} | {_load(res)} |")
    return "\n".join(rows)


def _load(res: dict) -> str:
    load = res.get("loadavg")
    return "–" if not load else f"{load[0]:.1f}-{load[1]:.1f}" if load[0] != load[1] else f"{load[0]:.1f}"


def _cell(s: dict | None, a: str, b: str) -> str:
    if s is None:
        return "–"
    if "skipped" in s:
        return "not run"
    return f"{_fmt(s.get(a))} / {_fmt(s.get(b))}"


def compare_table(before: dict, after: dict) -> str:
    """Markdown: per chapter and place, all steps' median / max (ms) and the slowest 20-press
    drag, before -> after (two JSON documents written by this script)."""
    rows = ["| chapter | Voilà step median / max (ms) | JupyterLab step median / max (ms) "
            "| static site step median / max (ms) | 20-press drag: settled after the last press, max (ms): Voilà, Lab, site "
            "| explorer cell, max (s) |", "|---|---|---|---|---|---|"]
    names = sorted(after.get("summary", {}))  # the chapters of the newer run
    for name in names:
        b, a = before.get("summary", {}).get(name, {}), after.get("summary", {}).get(name, {})
        cells = []
        for where in WHERE:
            pair = [_cell(doc.get(where), "median_ms", "max_ms") for doc in (b, a)]
            cells.append(pair[1] if pair[0] in ("–", "not run") else f"{pair[0]} → {pair[1]}")
        drags = []
        for where in WHERE:
            x, y = (None if "skipped" in doc.get(where, {"skipped": 1}) else doc[where].get("drag_after_last_press_max_ms")
                    for doc in (b, a))
            drags.append(_fmt(y) if x is None else f"{_fmt(x)} → {_fmt(y)}")
        cs = [None if "skipped" in doc.get("lab", {"skipped": 1}) else doc["lab"].get("cell_max_s") for doc in (b, a)]
        cell = _fmt(cs[1], " s") if cs[0] is None else f"{_fmt(cs[0], ' s')} → {_fmt(cs[1], ' s')}"
        rows.append(f"| {name[:2]} | {cells[0]} | {cells[1]} | {cells[2]} | {', '.join(drags)} | {cell} |")
    return "\n".join(rows)


def machine() -> dict:
    cpu = ""
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    try:
        chromium = subprocess.run([chromium_path(), "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError, TypeError):
        chromium = ""
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(), "chromium": chromium,
            "loadavg_start": [round(x, 2) for x in os.getloadavg()]}


def goals_missed(results: dict) -> list[str]:
    out = []
    for name, per in results.items():
        for where, res in per.items():
            if "summary" not in res:
                continue
            s = res["summary"]
            lim_med, lim_max = ((GOALS["site_ms"], GOALS["site_max_ms"]) if where == "site"
                                else (GOALS["median_ms"], GOALS["max_ms"]))
            if s["median_ms"] is not None and s["median_ms"] > lim_med:
                out.append(f"{name[:2]} {where}: median {s['median_ms']:.0f} ms > {lim_med:.0f} ms")
            if s["max_ms"] is not None and s["max_ms"] > lim_max:
                out.append(f"{name[:2]} {where}: max {s['max_ms']:.0f} ms > {lim_max:.0f} ms")
            after = s.get("drag_after_last_press_max_ms")
            if after is not None and after > GOALS["drag_ms"]:
                out.append(f"{name[:2]} {where}: drag settled {after:.0f} ms after the last press > "
                           f"{GOALS['drag_ms']:.0f} ms")
            if s["cell_max_s"] is not None and s["cell_max_s"] > GOALS["cell_s"]:
                out.append(f"{name[:2]} {where}: explorer cell {s['cell_max_s']:.2f} s > {GOALS['cell_s']} s")
            if s["misses"]:
                out.append(f"{name[:2]} {where}: {s['misses']} presses showed no new figure")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="", help="chapters, e.g. 02,03 (default: every chapter with explorers)")
    ap.add_argument("--where", default=",".join(WHERE), help="voila,lab,site")
    ap.add_argument("--steps", type=int, default=6, help="first-visit presses per slider (then as many back)")
    ap.add_argument("--quiet", type=float, default=800.0, help="ms without change that ends a drag")
    ap.add_argument("--timeout", type=float, default=10.0, help="s to wait for a figure")
    ap.add_argument("--root", type=Path, default=ROOT, help="checkout whose notebooks and learnmetrics to time")
    ap.add_argument("--site", type=Path, default=None, help="built site folder (default ROOT/site)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "browser.json")
    ap.add_argument("--label", default="", help="a name for this run, stored in the JSON")
    ap.add_argument("--compare", type=Path, nargs=2, metavar=("BEFORE", "AFTER"),
                    help="print the before -> after table of two JSON results and exit (runs nothing)")
    args = ap.parse_args(argv)
    # a SIGTERM ends the run through the finally blocks below (servers stopped, JSON so far kept)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.compare:
        before, after = (json.loads(p.read_text()) for p in args.compare)
        for doc in (before, after):  # summaries recomputed: older files lack the newer fields
            for name, per in doc.get("results", {}).items():
                for where, res in per.items():
                    if "explorers" in res:
                        doc["summary"][name][where] = summarize(res)
        print(compare_table(before, after))
        return 0
    wanted = [w for w in args.where.split(",") if w]
    bad = [w for w in wanted if w not in WHERE]
    if bad:
        ap.error(f"--where takes {','.join(WHERE)}, got {','.join(bad)}")
    if args.steps < 1:
        ap.error(f"--steps must be a positive integer, got {args.steps}")
    root = args.root.resolve()
    if root != ROOT:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(root)] + [p for p in [os.environ.get("PYTHONPATH")] if p])
    if chromium_path() is None:
        log("bench-browser needs Chromium (sudo apt-get install chromium, or LEARNMETRICS_CHROMIUM)")
        return 2
    from playwright.sync_api import sync_playwright

    only = {c.strip() for c in args.only.split(",") if c.strip()}
    chapters = {p.name: explorer_cells(p) for p in sorted((root / "notebooks").glob("[0-9][0-9]_*.ipynb"))}
    chapters = {k: v for k, v in chapters.items() if v and (not only or k[:2] in only)}
    site = (args.site or root / "site").resolve()
    site_skip = None
    if "site" in wanted:
        if not (root / "tools" / "build_site.py").exists():
            site_skip = "no tools/build_site.py yet"
        elif not site.is_dir() or not site_pages(site):
            site_skip = f"no site built at {site} (run make site)"
        if site_skip:
            log(f"static site skipped: {site_skip}")
    info = machine()
    info["label"], info["root"], info["steps_per_slider"] = args.label, str(root), args.steps
    info["started"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    try:
        info["commit"] = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                                        text=True).stdout.strip()
    except OSError:
        pass
    results: dict[str, dict] = {name: {} for name in chapters}

    def write(partial: bool = False) -> list[str]:
        missed = goals_missed(results)
        doc = {"machine": {**info, "partial": partial}, "goals": GOALS, "goals_missed": missed,
               "summary": {n: {w: r.get("summary", r) for w, r in per.items()} for n, per in results.items()},
               "results": results}
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        return missed
    with tempfile.TemporaryDirectory(prefix="bench-browser-") as tmp:
        tmp = Path(tmp)
        served = copy_notebooks(tmp / "served" / "notebooks", root / "notebooks")
        voila = lab = httpd = None
        pw = sync_playwright().start()
        try:
            browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
            ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
            ctx.set_default_timeout(60_000)
            if "voila" in wanted:
                voila = start_voila(tmp / "voila-home", served)
            if "lab" in wanted:
                lab = start_lab(tmp / "lab-home", served.parent, settings_extra=LAB_TIMING)
            pages = {}
            base_url = ""
            if "site" in wanted and not site_skip:
                httpd = serve_folder(site)
                base_url = f"http://127.0.0.1:{httpd.server_address[1]}"
                pages = site_pages(site)
            for name, cells in chapters.items():
                for where in wanted:
                    log(f"{name} in {where} ...")
                    t0 = time.perf_counter()
                    load0 = os.getloadavg()[0]
                    try:
                        if where == "voila":
                            res = run_voila(ctx, voila, name, len(cells), args)
                        elif where == "lab":
                            res = run_lab(ctx, lab, name, cells, args)
                        elif site_skip:
                            res = {"skipped": site_skip}
                        elif name not in pages:
                            res = {"skipped": "no page for this chapter in the site"}
                        else:
                            res = run_site(ctx, base_url, pages[name].relative_to(site).as_posix(), len(cells), args)
                    except Exception as e:  # one page failing must not lose the others' numbers
                        res = {"skipped": f"failed: {type(e).__name__}: {str(e).splitlines()[0][:160]}"}
                    res["loadavg"] = [round(load0, 2), round(os.getloadavg()[0], 2)]  # 1-minute, before and after
                    if "explorers" in res:
                        res["summary"] = summarize(res)
                        res["summary"]["loadavg"] = res["loadavg"]
                        log(f"  {json.dumps(res['summary'])} ({time.perf_counter() - t0:.0f} s)")
                    else:
                        log(f"  {res['skipped']}")
                    results[name][where] = res
                    write(partial=True)  # what was measured so far survives an interrupted run
        finally:
            for server in (voila, lab):
                if server is not None:
                    server.stop()
            if httpd is not None:
                httpd.shutdown()
            pw.stop()
    info["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    info["finished"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    missed = write()
    print(f"Chromium, {info['cores']} cores ({info['cpu']}), load average {info['loadavg_start'][0]:.2f} at the "
          f"start, {info['loadavg_end'][0]:.2f} at the end; {args.steps} first visits and as many revisits per "
          f"slider, then a {DRAG_PRESSES}-press drag\n")
    print(markdown_table(results))
    if missed:
        print("\nGoals missed:\n" + "\n".join(f"- {m}" for m in missed))
    log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
