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
    another("04.2")          # another one: the same exercise with new numbers (variant 1, then 2, ...)
    check("04.2", 0.6111, variant=1)   # its answer checked; solution("04.2", variant=1) its working

"Another one": an exercise that declares a variant maker (``register(..., variants=make)``, ``make(seed)``
recomputing the prompt, the answer, the known mistakes and the worked solution from new data, seed 0
giving the exercise itself) offers :data:`N_VARIANTS` variants with new numbers. The page stores them
in the answer box's spec (``spec["variants"]``, with their worked solutions, so a static page needs no
Python) and checks them with the same rules; ``EXERCISES[id].has_variants`` says which exercises have
them. A tuple's verdict gives credit per part ("P and F1 are right; R is wrong").

This package is course machinery: ``import learnmetrics`` does not import it.

Why each chapter has two files (``chNN.py`` in English, ``zh_chNN.py`` in Chinese) rather than one
registration per exercise with both languages side by side: a Chinese worked solution is its own
function (its own order of steps, 10-40 lines, not a template filled in), and so are many prompts
and hints; side by side they would double each registration and interleave two texts reviewed by
different readers. What a side-by-side layout would buy, no drift, is had another way: the Chinese
texts take every number from the chapter module's computed values (they import it), so the two
languages cannot disagree on a number, and ``tests/test_zh_in_step.py`` fingerprints each English
text a Chinese one follows, so a changed prompt, hint, mistake or solution fails the tests until its
Chinese is updated and the new fingerprint recorded (it caught 08.7, 13.4 and 13.5 when they
changed). One file per language per chapter also keeps a chapter's Chinese reviewable on its own.
"""
from __future__ import annotations

from ._core import (EXERCISES, KINDS, N_VARIANTS, QUANTITIES, Exercise, Feedback, Mistake, another, check,
                    exercises_of_chapter, register, rounding_slack, solution)

__all__ = ["EXERCISES", "KINDS", "QUANTITIES", "N_VARIANTS", "rounding_slack", "Exercise", "Feedback", "Mistake", "check",
           "solution", "another", "register", "exercises_of_chapter"]
