"""Exercises with checked answers and mistake-aware hints.

Each chapter's exercises live in ``learnmetrics/exercises/chNN.py`` and are
registered when this package is imported; the registry
:data:`EXERCISES` maps an id (``"04.2"``: chapter 04, exercise 2) to an
:class:`Exercise` whose ``.answer`` is computed by learnmetrics and whose
``.mistakes`` are the known wrong answers, each with the mistake it reveals
and a hint. In a notebook::

    from learnmetrics.exercises import check, solution
    check("04.2", 0.75)      # correct / close / a known mistake with its hint / wrong
    solution("04.2")         # the worked solution, folded until opened

This package is course machinery: ``import learnmetrics`` does not import it.
"""
from __future__ import annotations

import importlib
import pkgutil

from ._core import EXERCISES, KINDS, Exercise, Feedback, Mistake, check, exercises_of_chapter, register, solution

__all__ = ["EXERCISES", "KINDS", "Exercise", "Feedback", "Mistake", "check", "solution", "register",
           "exercises_of_chapter"]

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _info.name.startswith("ch"):
        importlib.import_module(f"{__name__}.{_info.name}")
del _info
