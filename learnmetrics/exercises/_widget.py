"""The answer box of an exercise: an anywidget whose verdicts are computed in the page.

``check("04.2", ...)`` (no answer yet) shows it under the exercise in JupyterLab, Voilà and
the static site: the box holds the exercise's spec (:meth:`Exercise.spec`: the answer, the
tolerance, the known mistakes with their hints, the accepted spellings), saved with the
notebook's widget state when it is refreshed, and ``checker.mjs`` gives the verdict in the
browser, with no kernel (the same verdict as :func:`check`, tested on a corpus), in the
language the spec names (``learnmetrics.set_language`` when the box was made). The box is
``<div class="lm-answer" data-exercise="04.2">`` with the learner's input inside it; the
verdict's element carries ``data-verdict`` (correct, close, mistake, wrong, invalid, open).

**Another one.** When the spec has ``variants`` (a list of ``{"prompt", "answer", "answer_text",
"mistakes", "solution", ...}``; any other field of the spec may be overridden too), the box shows a
button "another one" (换一题): variant k's prompt replaces the original's (with "back to the original"),
the input and the verdict are cleared, the answer is checked by ``verdict({...spec, ...variants[k]})``
and its worked solution is under "show the worked solution" (看解答), folded.

**Progress.** A right answer (for an open exercise: every key point ticked) is kept in the browser's
``localStorage`` under ``_box_words.STORE_KEY`` as ``{exercise id: ["o", "v1", ...]}`` ("o" the
original, "vK" variant K); nothing leaves the machine, and with no storage (blocked, private mode)
the box works as before. A box drawn again says "solved before"; the static site shows the tally
of each chapter and of the course, and exports or clears the record (``tools/build_site.py``).
The box's own words are in ``_box_words.py``, merged here into the page's table.

The box's code (the checker, the messages, the box: ~28 KB) is stored once per notebook, not once
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

from ._box_words import BOX_WORDS, STORE_KEY
from ._messages import _STOP, MESSAGES

_HERE = Path(__file__).resolve().parent


def _compact(js: str) -> str:
    """The module without comment lines and indentation (every box stores its own copy)."""
    return "\n".join(s for s in (line.strip() for line in js.splitlines()) if s and not s.startswith("//"))


# the words check() says of a Python value only (never of a typed text): the page does not need them
_PYTHON_ONLY = ("not_number", "array", "too_large", "not_finite", "choice_not_text", "not_sequence", "single_number",
                "len_fails", "tuple", "list", "at_most", "no_answer", "unanswered", "unreadable", "label_answer",
                "label_model", "solution", "click", "d_number", "d_text", "d_bool", "d_array", "d_list", "d_dict",
                "d_other")
# the words of the verdicts in each language (the same table check() fills), with the box's own words
_WORDS = {lang: {**{k: v for k, v in MESSAGES[lang].items() if k not in _PYTHON_ONLY}, **BOX_WORDS.get(lang, {})}
          for lang in MESSAGES}
BOX_MODULE = _compact("const MESSAGES = " + json.dumps(_WORDS, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
                + ";\n" + "const STORE_KEY = " + json.dumps(STORE_KEY) + ";\n"
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
.lm-answer [hidden] { display: none !important; }
.lm-answer-variant, .lm-answer-before { color: var(--jp-ui-font-color1, #444); margin-bottom: 4px; }
.lm-answer-another, .lm-answer-original { font-size: 14px; padding: 3px 10px; cursor: pointer; }
.lm-answer-solution > summary { cursor: pointer; margin-top: 4px; }
.lm-answer-solution > pre { white-space: pre-wrap; margin: 4px 0; }
.lm-answer-progress { color: var(--jp-ui-font-color2, #666); font-size: 12px; margin-top: 4px; }
.lm-answer-export, .lm-answer-clear { font-size: 12px; padding: 1px 6px; cursor: pointer; }
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
