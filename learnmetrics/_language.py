"""The course's one language switch: ``learnmetrics.set_language("zh")``.

Everything a learner reads while interacting follows it: the explorers' read-outs and
controls (``learnmetrics.widgets``, which keeps its own ``set_language`` as another name for
this one) and the exercises (``learnmetrics.exercises``: hints, worked solutions, the
messages of ``check``/``solution`` and of the in-page answer box). ``"en"`` is the default;
``"zh"`` writes with the terms of 周志华《机器学习》第 2 章. Numbers are identical in both.

This module imports nothing heavy, so ``import learnmetrics`` stays fast.
"""
from __future__ import annotations

from contextlib import contextmanager

from ._validation import check_choice

#: the languages the course can be read in
LANGUAGES = ("en", "zh")

_current = {"language": "en"}
_listeners: list = []


def set_language(language: str = "en") -> None:
    """Read the course in ``language``: ``"en"`` (default) or ``"zh"``.

    Explorers on screen rewrite their read-outs at once; exercises answer in this language
    from the next ``check``/``solution``, and answer boxes shown from then on too. Anything
    but ``"en"`` or ``"zh"`` is refused with a ``ValueError`` before anything changes.

    >>> import learnmetrics as lm
    >>> lm.set_language("zh"); lm.get_language()
    'zh'
    >>> lm.set_language("en")
    """
    language = check_choice(language, "language", LANGUAGES)
    changed = language != _current["language"]
    _current["language"] = language
    if changed:
        for callback in list(_listeners):
            callback()


def get_language() -> str:
    """The language the course is read in now: ``"en"`` or ``"zh"``."""
    return _current["language"]


def is_chinese() -> bool:
    return _current["language"] == "zh"


@contextmanager
def using(language: str | None):
    """Within the block, text is written in ``language`` (``None``: the current language)."""
    if language is None:
        yield
        return
    language = check_choice(language, "language", LANGUAGES)
    before = _current["language"]
    _current["language"] = language
    try:
        yield
    finally:
        _current["language"] = before
