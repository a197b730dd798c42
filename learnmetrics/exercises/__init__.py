"""Exercises with checked answers and mistake-aware hints.

Each chapter's exercises live in ``learnmetrics/exercises/chNN.py``; the registry
:data:`EXERCISES` maps an id (``"04.2"``: chapter 04, exercise 2) to an
:class:`Exercise` whose ``.answer`` is computed by learnmetrics and whose
``.mistakes`` are the known wrong answers, each with the mistake it reveals
and a hint. A chapter's answers are computed the first time one of its
exercises is looked up (importing this package computes none). In a notebook::

    from learnmetrics.exercises import check, solution
    check("04.2", ...)       # no answer yet: the answer box, checked in the page
    check("04.2", 0.7222)    # correct / close / a known mistake with its hint / wrong
    solution("04.2")         # the worked solution, folded until opened

This package is course machinery: ``import learnmetrics`` does not import it.
"""
from __future__ import annotations

from ._core import (EXERCISES, KINDS, QUANTITIES, Exercise, Feedback, Mistake, check, exercises_of_chapter, register,
                    rounding_slack, solution)

__all__ = ["EXERCISES", "KINDS", "QUANTITIES", "rounding_slack", "Exercise", "Feedback", "Mistake", "check", "solution", "register",
           "exercises_of_chapter"]
