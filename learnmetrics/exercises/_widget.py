"""The answer box of an exercise: an anywidget whose verdicts are computed in the page.

``check("04.2", ...)`` (no answer yet) shows it under the exercise in JupyterLab, Voilà and
the static site: the box holds the exercise's spec (:meth:`Exercise.spec`: the answer, the
tolerance, the known mistakes with their hints, the accepted spellings), saved with the
notebook's widget state when it is refreshed, and ``checker.mjs`` gives the verdict in the
browser, with no kernel (the same verdict as :func:`check`, tested on a corpus), in the
language the spec names (``learnmetrics.set_language`` when the box was made). The box is
``<div class="lm-answer" data-exercise="04.2">`` with the learner's input inside it; the
verdict's element carries ``data-verdict`` (correct, close, mistake, wrong, invalid, open).

The box's code (the checker, the messages, the box: ~27 KB) is stored once per notebook, not once
per box: it lives in one hidden :class:`BoxCode` widget per kernel that every box refers to, and
each box's own module is a loader of a few hundred bytes that imports that code (as anywidget
imports any module: from a ``blob:`` URL) and renders with it. A chapter with 9 boxes stored
9 copies before (3.1 MB over the course's 113 boxes).
"""
from __future__ import annotations

import json
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets

from ._messages import _STOP, MESSAGES

_HERE = Path(__file__).resolve().parent


def _compact(js: str) -> str:
    """The module without comment lines and indentation (every box stores its own copy)."""
    return "\n".join(s for s in (line.strip() for line in js.splitlines()) if s and not s.startswith("//"))


# the words of the verdicts and of the box in each language: the same table check() fills
BOX_MODULE = _compact("const MESSAGES = " + json.dumps(MESSAGES, ensure_ascii=False, sort_keys=True) + ";\n"
                + "const STOP = new Set(" + json.dumps(sorted(_STOP)) + ");\n"
                + (_HERE / "checker.mjs").read_text(encoding="utf-8") + "\n"
                + (_HERE / "answer_box.js").read_text(encoding="utf-8"))
_CSS = """
.lm-answer { border: 1px solid var(--jp-border-color1, #ccc); color: var(--jp-ui-font-color0, #111); border-radius: 4px; padding: 6px 8px; margin: 4px 0; max-width: 760px;
  font-family: var(--jp-ui-font-family, sans-serif); font-size: 14px; }
.lm-answer-want { color: var(--jp-ui-font-color1, #444); margin-bottom: 4px; }
.lm-answer-row { display: flex; gap: 6px; align-items: flex-start; }
.lm-answer-input { flex: 1; font-family: var(--jp-code-font-family, monospace); font-size: 14px; padding: 3px 5px; }
.lm-answer-check, .lm-answer-choice { font-size: 14px; padding: 3px 10px; cursor: pointer; }
.lm-answer-choices { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
.lm-answer-verdict { border-left: 4px solid transparent; padding: 2px 8px; margin-top: 6px; white-space: pre-wrap; }
.lm-answer-verdict:empty { display: none; }
.lm-answer-points { margin: 4px 0; padding-left: 4px; list-style: none; }
.lm-answer-points li { margin: 3px 0; }
.lm-answer-tally { color: var(--jp-ui-font-color1, #444); }
"""


#: each box's own module: it imports the shared code once per page (cached on ``globalThis`` by
#: the code widget's id) and renders the box with it
_LOADER = _compact("""
const CACHE = (globalThis.__learnmetricsBoxCode ??= new Map());
function code(model, host) {
  const ref = model.get("code");
  if (!CACHE.has(ref)) {
    const id = ref.slice("IPY_MODEL_".length);
    CACHE.set(ref, (model.widget_manager ? model.widget_manager.get_model(id) : host.getModel("anywidget:" + id)).then(async (m) => {
      const url = URL.createObjectURL(new Blob([m.get("source")], { type: "text/javascript" }));
      try { return (await import(url)).default; } finally { URL.revokeObjectURL(url); }
    }));
  }
  return CACHE.get(ref);
}
export default { async render(ctx) { return (await code(ctx.model, ctx.host)).render(ctx); } };
""")


class BoxCode(anywidget.AnyWidget):
    """The answer boxes' code, held once (never shown): every :class:`AnswerBox` refers to it."""

    _esm = "export default {};"
    source = traitlets.Unicode(BOX_MODULE).tag(sync=True)


_shared: list[BoxCode] = []


def _box_code() -> BoxCode:
    """This kernel's one BoxCode (made again if it was closed, e.g. by ``Widget.close_all()``)."""
    if not _shared or _shared[0].comm is None:
        _shared[:] = [BoxCode()]
    return _shared[0]


class AnswerBox(anywidget.AnyWidget):
    """The in-page answer box of one exercise (its spec is all the page needs; its code is shared)."""

    _esm = _LOADER
    _css = _CSS
    spec = traitlets.Dict().tag(sync=True)
    code = traitlets.Instance(BoxCode).tag(sync=True, **widgets.widget_serialization)

    def __init__(self, exercise, **kwargs):
        super().__init__(spec=exercise.spec(), code=_box_code(), **kwargs)
