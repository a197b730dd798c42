"""An explorer stored in a notebook, as JupyterLab shows it before the kernel runs (issue 38): in a
narrow window (800 px, the file browser open) it fills its output's width, and no red
"disconnected" chain is drawn beside its widgets (the explorer works without a kernel: its frames
are stored and its sliders jslink-ed in the page).

The copy of 02 the test opens (in ``<site>/fixtures``) carries the front end of this checkout
(``static/explorer.js`` and ``explorer.css`` in place of the ones stored at the last refresh).
JupyterLab renders stored widgets only in a trusted notebook: the test signs the copy with
``jupyter trust`` (the server's own data directory), opens it and measures; no cell is run.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys

from browser_checks import _RUN_STATE_JS, explorer_cells  # noqa: E402
from browser_servers import ROOT  # noqa: E402
from site_checks import WIDGET_STATE  # noqa: E402

STATIC = ROOT / "learnmetrics" / "widgets" / "static"

CHAPTER = "02_confusion_matrix.ipynb"

_MEASURE = """() => {
  const outs = [...document.querySelectorAll('.jp-OutputArea-output')].filter(o => o.querySelector('.lm-xv'));
  return outs.map(o => {
    const icons = [...o.querySelectorAll('.jupyter-widgets-disconnected')]
      .filter(e => !['none', ''].includes(getComputedStyle(e, '::before').content.replace(/normal/, '')));
    return {output: o.getBoundingClientRect().width, explorer: o.querySelector('.lm-xv').getBoundingClientRect().width,
            figure: o.querySelector('.lm-xv-figure').getBoundingClientRect().width, icons: icons.length};
  });
}"""


def test_stored_explorer_fills_the_output_in_a_narrow_lab(chromium, lab, served_notebooks, artifacts):
    nb = json.loads((served_notebooks / CHAPTER).read_text(encoding="utf-8"))
    for model in nb["metadata"]["widgets"][WIDGET_STATE]["state"].values():
        if "layers" in model["state"] and "_esm" in model["state"]:
            model["state"]["_esm"] = (STATIC / "explorer.js").read_text(encoding="utf-8")
            model["state"]["_css"] = (STATIC / "explorer.css").read_text(encoding="utf-8")
    path = served_notebooks.parent / "fixtures" / CHAPTER
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(nb), encoding="utf-8")
    signed = subprocess.run([sys.executable, "-m", "jupyter", "trust", str(path)], env=lab.env,
                            capture_output=True, text=True, timeout=60)
    assert signed.returncode == 0, signed.stderr
    context = chromium.new_context(viewport={"width": 800, "height": 900})
    try:
        page = context.new_page()
        rel = f"fixtures/{CHAPTER}"
        page.goto(lab.url(f"/lab/workspaces/narrow/tree/{rel}?reset"))
        page.get_by_text(re.compile(r"\(ipykernel\) \| Idle")).first.wait_for(timeout=120_000)
        page.wait_for_function(_RUN_STATE_JS, arg=rel, timeout=120_000)
        assert page.locator(".jp-FileBrowser:visible").count() == 1, "the file browser should be open"
        want = len(explorer_cells(path))
        page.wait_for_function(f"() => document.querySelectorAll('.jp-OutputArea-output .lm-xv-bg').length >= {want}",
                               timeout=60_000)
        page.locator(".lm-xv").first.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "lab-800-stored-explorer.png"))
        found = page.evaluate(_MEASURE)
        assert len(found) == want, f"{want} explorer cells, {len(found)} stored explorers shown"
        for i, m in enumerate(found):
            assert m["explorer"] >= 0.98 * m["output"], (
                f"explorer {i} is {m['explorer']:.0f} px in a {m['output']:.0f} px output "
                f"({m['explorer'] / m['output']:.0%}): it should fill the output's width")
            assert m["figure"] >= 0.98 * m["output"], f"explorer {i}'s figure is {m['figure']:.0f} px of {m['output']:.0f}"
            assert m["icons"] == 0, f"explorer {i}: {m['icons']} red 'disconnected' marks beside its widgets"
    finally:
        context.close()
