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
"""
from __future__ import annotations

import json
from pathlib import Path

import anywidget
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
_ESM = _compact("const MESSAGES = " + json.dumps(_WORDS, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
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
"""


class AnswerBox(anywidget.AnyWidget):
    """The in-page answer box of one exercise (its spec is all the page needs)."""

    _esm = _ESM
    _css = _CSS
    spec = traitlets.Dict().tag(sync=True)

    def __init__(self, exercise, **kwargs):
        super().__init__(spec=exercise.spec(), **kwargs)
