"""The learner's progress in the static site and the answer box's words (no browser: see
tests/browser/test_browser_progress.py for the page itself)."""
from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402

from learnmetrics.exercises._box_words import BOX_WORDS, STORE_KEY  # noqa: E402
from learnmetrics.exercises._widget import BOX_MODULE, _WORDS  # noqa: E402

BOX_JS = (ROOT / "learnmetrics" / "exercises" / "answer_box.js").read_text(encoding="utf-8")


def test_the_box_words_are_in_both_languages_and_in_the_page():
    assert set(BOX_WORDS["en"]) == set(BOX_WORDS["zh"])
    used = set(re.findall(r"\bW\.(\w+)", BOX_JS)) | set(re.findall(r'fill\("(\w+)"', BOX_JS))
    for lang in ("en", "zh"):
        missing = sorted(k for k in used if k not in _WORDS[lang])
        assert not missing, f"{lang}: the box uses words the page's table lacks: {missing}"
        for k, v in BOX_WORDS[lang].items():
            assert _WORDS[lang][k] == v
    assert json.dumps(STORE_KEY) in BOX_MODULE


def _notebook(specs):
    nb = nbformat.v4.new_notebook()
    state = {f"m{i}": {"model_name": "AnyModel", "state": {"spec": s}} for i, s in enumerate(specs)}
    state["x"] = {"model_name": "FloatSliderModel", "state": {"value": 1}}
    nb.metadata["widgets"] = {build_site.WIDGET_STATE: {"state": state}}
    return nb


def test_answer_boxes_are_read_from_the_saved_widget_state():
    nb = _notebook([{"id": "02.1"}, {"id": "02.3", "lang": "zh"}, {"id": "02.3", "lang": "zh"}, {"id": "02.2", "lang": "zh"}])
    assert build_site.answer_boxes(nb) == (["02.1", "02.3", "02.2"], "zh")
    assert build_site.answer_boxes(nbformat.v4.new_notebook()) == ([], "en")


def test_the_tally_place_names_the_ids_and_the_language():
    text = build_site.progress_html(["03.1", "03.4"], "zh", buttons=True)
    ids = re.search(r'data-lm-exercises="([^"]*)"', text).group(1)
    assert json.loads(html.unescape(ids)) == ["03.1", "03.4"]
    assert 'data-lang="zh"' in text and BOX_WORDS["zh"]["site_export"] in text and BOX_WORDS["zh"]["site_clear"] in text
    assert "button" not in build_site.progress_html(["03.1"], "en")


def test_site_js_has_the_storage_key_and_the_words():
    js = build_site.site_js()
    assert json.dumps(STORE_KEY) in js and "__KEY__" not in js and "__WORDS__" not in js
    for lang in ("en", "zh"):
        assert BOX_WORDS[lang]["site_tally"] in js
    assert "lm-code-toggle" in js   # the code button's script is still there
