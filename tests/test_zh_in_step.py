"""Issue 29: the Chinese exercise texts never drift from their English.

Each ``learnmetrics/exercises/zh_chNN.py`` records, in ``FOLLOWS``, a fingerprint (the first 10
hex digits of SHA-256) of every English text it translates: the prompt, the hint, each known
mistake (its words and its hint), the worked solution as printed (its words; its numbers are
computed in both languages and compared by test_chinese_everywhere, and a last digit may differ
between platforms) and an open exercise's model answer. When an English text changes, its fingerprint no longer matches and
this test names the exercise and the field. The fix: update the Chinese text, then record the
new fingerprint, which the failure message gives (or print a chapter's whole table with
``.venv/bin/python tests/test_zh_in_step.py 07``).

(Last session a reworded English hint, 07.5, left its Chinese copy stale with no test noticing.)
"""
from __future__ import annotations

import hashlib
import importlib
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import learnmetrics as lm  # noqa: E402
from learnmetrics.exercises import EXERCISES, solution  # noqa: E402
from learnmetrics.exercises._core import Exercise, exercises_of_chapter  # noqa: E402

CHAPTERS = sorted(p.stem[5:] for p in (Path(lm.__path__[0]) / "exercises").glob("zh_ch*.py"))


def fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def english_fields(ex: Exercise) -> dict[str, str]:
    """The English texts of one exercise that its Chinese translates, by field name."""
    previous = lm.get_language()
    lm.set_language("en")
    try:
        out = {"prompt": ex.prompt}
        if ex.hint != Exercise.hint:           # the default hint is the MESSAGES table's, translated there
            out["hint"] = ex.hint
        for i, m in enumerate(ex.mistakes, 1):
            out[f"mistake {i}"] = f"{m.mistake}\n{m.hint}"
        if ex.solve is not None:       # its words: the numbers are computed in both languages and compared by
            out["solve"] = re.sub(r"\d+(?:\.\d+)?(?:e[-+]?\d+)?", "#", solution(ex.id).text)  # test_numbers_identical_...
        if ex.kind == "open":
            out["answer"] = str(ex.answer)
            out["key_points"] = "\n".join(ex.key_points)
        return out
    finally:
        lm.set_language(previous)


def table(chapter: str) -> dict[str, dict[str, str]]:
    """The fingerprints of a chapter's English texts, as ``FOLLOWS`` records them."""
    return {ex.id: {f: fingerprint(t) for f, t in english_fields(ex).items()}
            for ex in exercises_of_chapter(chapter)}


def format_entry(eid: str, fields: dict[str, str], width: int = 116) -> str:
    """One exercise's line(s) of a FOLLOWS table, wrapped at ``width``."""
    head = f"    {eid!r}: {{"
    items = [f"{f!r}: {v!r}" for f, v in fields.items()]
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "},")
        if len(line) + len(piece) + 1 > width and line != head:
            lines.append(line.rstrip())
            line = " " * len(head)
        line += piece + " "
    lines.append(line.rstrip())
    return "\n".join(lines)


def _recorded(chapter: str) -> dict:
    module = importlib.import_module(f"learnmetrics.exercises.zh_ch{chapter}")
    follows = getattr(module, "FOLLOWS", None)
    assert isinstance(follows, dict), f"zh_ch{chapter}.py records no FOLLOWS table"
    return follows


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chinese_text_follows_the_current_english(chapter):
    recorded = _recorded(chapter)
    stale = []
    for ex in exercises_of_chapter(chapter):
        now = {f: fingerprint(t) for f, t in english_fields(ex).items()}
        was = recorded.get(ex.id, {})
        for field, fp in now.items():
            if was.get(field) != fp:
                stale.append(f"{ex.id} {field}: the English changed (now {fp!r}, the Chinese follows "
                             f"{was.get(field)!r}): update the Chinese {field} in zh_ch{chapter}.py, "
                             f"then record {fp!r} in FOLLOWS[{ex.id!r}][{field!r}]")
        for field in set(was) - set(now):
            stale.append(f"{ex.id} {field}: FOLLOWS records a field the English no longer has; remove it")
    for eid in set(recorded) - {ex.id for ex in exercises_of_chapter(chapter)}:
        stale.append(f"{eid}: FOLLOWS records an exercise that no longer exists; remove it")
    assert not stale, "\n".join(stale)


def test_every_field_recorded_has_its_chinese():
    """A fingerprint says "reviewed": the field it covers must have a Chinese text."""
    missing = []
    for chapter in CHAPTERS:
        for eid, fields in _recorded(chapter).items():
            ex = EXERCISES[eid]
            for field in fields:
                if field.startswith("mistake "):
                    ok = bool(ex.mistakes[int(field.split()[1]) - 1].zh)
                else:
                    ok = field in ex.zh
                if not ok:
                    missing.append(f"{eid} {field}")
    assert not missing, missing


def test_a_changed_english_text_is_caught(monkeypatch):
    """The guard works: reword one English hint (as 07.5's was) and the test names it."""
    import dataclasses

    ex = EXERCISES["07.5"]
    reworded = dataclasses.replace(ex, hint=ex.hint + " (reworded)")
    monkeypatch.setitem(EXERCISES._d, "07.5", reworded)
    with pytest.raises(AssertionError, match=r"07\.5 hint: the English changed"):
        test_every_chinese_text_follows_the_current_english("07")


if __name__ == "__main__":      # print a chapter's FOLLOWS table, to paste into zh_chNN.py
    for ch in sys.argv[1:] or CHAPTERS:
        print(f"# zh_ch{ch}.py")
        print("FOLLOWS = {")
        for eid, fields in table(ch).items():
            print(format_entry(eid, fields))
        print("}")
