"""The answer box keeps, exports and clears the learner's progress where no static site is around it
(JupyterLab, Voila): issue 34. The box's module (the one the notebooks store) is rendered on a bare page
served on 127.0.0.1 (network blocked): a solved box shows "1 exercise solved in this browser", its export
downloads the site's file, its clear asks, empties the record and hides the line in every box."""
from __future__ import annotations

import json

import pytest

from site_checks import block_network, serve_folder, watch_page

from learnmetrics._language import using
from learnmetrics.exercises import EXERCISES
from learnmetrics.exercises._box_words import BOX_WORDS, STORE_KEY
from learnmetrics.exercises._widget import BOX_MODULE

PAGE = """<!doctype html><meta charset="utf-8"><body><div id="a"></div><div id="b"></div>
<script type="module">
import box from "./box.mjs";
const specs = %s;
for (const [where, spec] of [["a", specs[0]], ["b", specs[1]]]) {
  box.render({ model: { get: (k) => (k === "spec" ? spec : undefined) }, el: document.getElementById(where) });
}
window.ready = true;
</script>"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_box_exports_and_clears_the_progress_without_the_site(chromium, tmp_path, lang):
    with using(lang):
        specs = [EXERCISES["03.4"].spec(), EXERCISES["09.2"].spec()]
    (tmp_path / "box.mjs").write_text(BOX_MODULE, encoding="utf-8")
    (tmp_path / "index.html").write_text(PAGE % json.dumps(specs, ensure_ascii=False), encoding="utf-8")
    W = BOX_WORDS[lang]
    with serve_folder(tmp_path) as base:
        context = chromium.new_context(accept_downloads=True)
        log = block_network(context, base)
        page = watch_page(context.new_page(), log)
        page.goto(base + "index.html")
        page.wait_for_function("() => window.ready === true")
        a, b = page.locator("#a .lm-answer"), page.locator("#b .lm-answer")
        assert not a.locator(".lm-answer-progress").is_visible()          # nothing solved: no line
        a.locator(".lm-answer-input").fill("０.５２６３")
        a.locator(".lm-answer-check").click()
        line = a.locator(".lm-answer-progress")
        line.wait_for(state="visible")
        assert W["box_progress"].format(k=1, s="") in line.inner_text()
        assert not b.locator(".lm-answer-progress").is_visible()          # shown under the solved box only
        with page.expect_download() as got:
            line.locator(".lm-answer-export").click()
        saved = json.loads(open(got.value.path(), encoding="utf-8").read())
        assert saved["learnmetrics_progress"] == 1 and saved["solved"] == {"03.4": ["o"]}
        page.on("dialog", lambda d: d.accept() if d.message == W["site_confirm"] else d.dismiss())
        line.locator(".lm-answer-clear").click()
        line.wait_for(state="hidden")
        assert page.evaluate(f"() => localStorage.getItem({json.dumps(STORE_KEY)})") is None
        context.close()
    assert not (log.blocked or log.missing or log.errors), log
