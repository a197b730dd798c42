"""Chapter 08 (issue 35): "not significant is not equal" is said once, in section 7 (anchor c08-power), and
linked elsewhere; the anchors other chapters link to (McNemar, exact vs approximate tests, the Friedman
false-alarm rates) stay in place. Reads the notebook's markdown only (fast)."""
from __future__ import annotations

import json
import re
from pathlib import Path

NB = Path(__file__).resolve().parents[1] / "notebooks" / "08_comparing_learners.ipynb"

#: anchors chapter 12 and others link to; renaming one breaks their links
STABLE = ("c08-mcnemar", "c08-exact", "c08-friedman-false-alarms", "c08-friedman", "c08-power", "c08-mistakes")


def _markdown():
    nb = json.loads(NB.read_text(encoding="utf-8"))
    return {c["id"]: "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"}


def test_08_keeps_its_stable_anchors_where_they_belong():
    md = _markdown()
    where = {a: [cid for cid, s in md.items() if f'<a id="{a}"></a>' in s] for a in STABLE}
    assert all(len(v) == 1 for v in where.values()), where
    assert "McNemar" in md[where["c08-mcnemar"][0]]
    exact = md[where["c08-exact"][0]]
    assert "**exact**" in exact and "approximation" in exact
    fa = md[where["c08-friedman-false-alarms"][0]]
    assert "false-alarm rate" in fa and fa.index('id="c08-friedman-false-alarms"') < fa.index("How good are")


def test_not_significant_is_not_equal_is_said_once_in_each_language():
    md = _markdown()
    english = {cid: s for cid, s in md.items() if not cid.startswith("zh-") and "-ex" not in cid}
    pattern = re.compile(r'"not significant(ly different)?" is not "equal"|not prove|proof that they are equal'
                         r'|"proof of none"', re.I)
    hits = [cid for cid, s in english.items() if pattern.search(s)]
    assert hits == ["c08-40b"], hits
    assert 'id="c08-power"' in md["c08-40b"]
    chinese = {cid: s for cid, s in md.items() if cid.startswith("zh-")}
    zh = re.compile(r"不等于“相等”|不等于证明|不能证明两者相等|证明了没有差别")
    assert [cid for cid, s in chinese.items() if zh.search(s)] == [], "said again in a 中文要点 box"
    assert "一样好" in md["zh-08-7"]
    # every other place links to section 7 instead
    for cid in ("c08-06", "c08-12", "c08-37", "c08-42", "c08-43"):
        assert "(#c08-power)" in md[cid], cid
    for cid in ("zh-08-0", "zh-08-1", "zh-08-6", "zh-08-cm", "zh-08-summary"):
        assert "第 7 节" in md[cid], cid
