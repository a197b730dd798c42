"""The machinery of the exercises: an exercise, its known mistakes, checking an answer.

An :class:`Exercise` holds a prompt, the data it uses, the correct answer
*computed by learnmetrics* when the exercise is built (never typed in), a
tolerance, and the known wrong answers (:class:`Mistake`), each with the
mistake it reveals and a hint. :func:`check` compares a learner's answer with
the right one and then with every known mistake, and returns a
:class:`Feedback` that shows well in a notebook and is testable as data.

Answers come in four kinds:

``"number"``    a real number;
``"tuple"``     a fixed-length tuple of numbers (an ROC point (FPR, TPR), a pair of counts);
``"sequence"``  a sequence of numbers or of tuples (the ROC points of a short list, the ranks);
``"choice"``    one of named options (compared case-insensitively, spaces ignored);
``"open"``      an explain-in-words question: ``answer`` is the model answer (text), and
                :func:`check` points the learner to it instead of grading.

A bad answer (a string where a number belongs, a wrong length, NaN) gets a
:class:`Feedback` whose message says what was expected; :func:`check` raises
only for a programming mistake (an unknown exercise id).
"""
from __future__ import annotations

import html
import math
import numbers
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

__all__ = ["Mistake", "Exercise", "Feedback", "EXERCISES", "register", "check", "solution",
           "exercises_of_chapter", "KINDS"]

KINDS = ("number", "tuple", "sequence", "choice", "open")


@dataclass(frozen=True)
class Mistake:
    """A known wrong answer: ``answer`` (computed), the ``mistake`` it reveals, a ``hint``."""

    answer: Any
    mistake: str
    hint: str


@dataclass(frozen=True)
class Exercise:
    """One exercise. Build it with :func:`register` so that it is checked and listed.

    ``answer`` and every ``Mistake.answer`` are computed from ``data`` by
    learnmetrics where the exercise is defined. ``tolerance`` is absolute, per
    number. ``solve`` returns the worked solution as text (it recomputes, so a
    stored solution is checked by nbval on every run).
    """

    id: str
    prompt: str
    kind: str
    answer: Any
    mistakes: tuple[Mistake, ...] = ()
    tolerance: float = 5e-4
    data: dict = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    hint: str = "Go back to the definition and recompute step by step."
    solve: Callable[[], str] | None = None

    @property
    def chapter(self) -> str:
        return self.id.split(".")[0]


EXERCISES: dict[str, Exercise] = {}


# -- answers as data ----------------------------------------------------------------------------
class _BadAnswer(Exception):
    """The learner's answer has the wrong form; the message says what was expected."""


def _as_number(x, what="the answer") -> float:
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        if isinstance(x, str):
            try:
                x = float(x.strip().rstrip("%")) / (100 if x.strip().endswith("%") else 1)
            except ValueError:
                raise _BadAnswer(f"{what} must be a number, got the text {x!r}") from None
        elif isinstance(x, np.ndarray) and x.ndim == 0 and x.dtype.kind in "iuf":
            x = float(x)
        else:
            raise _BadAnswer(f"{what} must be a number, got {type(x).__name__} {x!r}")
    x = float(x)
    if not math.isfinite(x):
        raise _BadAnswer(f"{what} must be a finite number, got {x!r}")
    return x


def _normalise(kind: str, value, *, length=None, item_length=None, choices=()):
    """The answer in a comparable form, or _BadAnswer with a message."""
    if value is None or value is Ellipsis:
        raise _BadAnswer("no answer yet: replace the ... with your answer and run the cell again")
    if kind == "number":
        return _as_number(value)
    if kind == "open":
        if not isinstance(value, str) or not value.strip():
            raise _BadAnswer("write your answer in words, as a text between quotes")
        return value.strip()
    if kind == "choice":
        if not isinstance(value, str):
            raise _BadAnswer(f"the answer must be one of {list(choices)} (as text), got {value!r}")
        key = "".join(value.split()).lower()
        for c in choices:
            if "".join(c.split()).lower() == key:
                return c
        raise _BadAnswer(f"the answer must be one of {list(choices)}, got {value!r}")
    if isinstance(value, (str, bytes, dict, set)) or not hasattr(value, "__len__"):
        raise _BadAnswer(f"the answer must be a {'tuple' if kind == 'tuple' else 'sequence'} of numbers, "
                         f"got {type(value).__name__} {value!r}")
    items = list(value)
    if length is not None and len(items) != length:
        raise _BadAnswer(f"the answer must have {length} entries, got {len(items)}")
    if kind == "tuple" or item_length is None:
        return tuple(_as_number(v, f"entry {i + 1}") for i, v in enumerate(items))
    out = []
    for i, v in enumerate(items):
        if isinstance(v, (str, bytes)) or not hasattr(v, "__len__") or len(v) != item_length:
            raise _BadAnswer(f"entry {i + 1} must be a tuple of {item_length} numbers, got {v!r}")
        out.append(tuple(_as_number(u, f"entry {i + 1}") for u in v))
    return tuple(out)


def _shape_of(kind, answer):
    if kind == "tuple":
        return len(answer), None
    if kind == "sequence":
        first = answer[0] if len(answer) else None
        return len(answer), (len(first) if isinstance(first, tuple) else None)
    return None, None


def _distance(a, b) -> float:
    """Largest absolute difference between two normalised answers (inf if the shapes differ)."""
    if isinstance(a, str) or isinstance(b, str):
        return 0.0 if a == b else math.inf
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b)
    fa, fb = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if fa.shape != fb.shape:
        return math.inf
    return float(np.max(np.abs(fa - fb))) if fa.size else 0.0


# -- feedback -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer. ``status`` is ``"correct"``, ``"close"``, ``"mistake"``,
    ``"wrong"``, ``"invalid"`` or ``"open"`` (an explain-in-words answer, not graded); ``mistake`` is the matched :class:`Mistake` or None."""

    exercise_id: str
    status: str
    message: str
    mistake: Mistake | None = None

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def __str__(self) -> str:
        return f"[{self.exercise_id}] {self.message}"

    def __repr__(self) -> str:
        return str(self)

    _ICONS = {"open": "✎", "correct": "✔", "close": "≈", "mistake": "✘", "wrong": "✘", "invalid": "?"}
    _COLOURS = {"open": "#56B4E9", "correct": "#009E73", "close": "#F0E442", "mistake": "#CC79A7", "wrong": "#CC79A7",
                "invalid": "#777777"}

    def _repr_html_(self) -> str:
        colour = self._COLOURS[self.status]
        return (f'<div style="border-left:4px solid {colour};padding:2px 8px">'
                f'<b>{self._ICONS[self.status]} [{html.escape(self.exercise_id)}]</b> '
                f'{html.escape(self.message)}</div>')


def _fmt(kind, value) -> str:
    if kind == "open":
        return value
    if kind == "number":
        return f"{value:.4g}"
    if kind == "choice":
        return repr(value)
    if kind == "tuple":
        return "(" + ", ".join(f"{v:.4g}" for v in value) + ")"
    return "[" + ", ".join(_fmt("tuple" if isinstance(v, tuple) else "number", v) for v in value) + "]"


def _get(exercise_id) -> Exercise:
    if not isinstance(exercise_id, str):
        raise TypeError(f"exercise_id must be a string such as '04.2', got {type(exercise_id).__name__}")
    try:
        return EXERCISES[exercise_id]
    except KeyError:
        chapter = exercise_id.split(".")[0]
        same = sorted(k for k in EXERCISES if k.split(".")[0] == chapter)
        hint = f" (chapter {chapter} has {same})" if same else ""
        raise KeyError(f"no exercise with id {exercise_id!r}{hint}") from None


def check(exercise_id: str, answer) -> Feedback:
    """Check ``answer`` against exercise ``exercise_id``.

    The answer is compared with the correct one (within the exercise's
    tolerance), then with each known mistake (the first match gives its hint),
    then "close" (within ten times the tolerance, or 1 % of the answer: a
    rounding slip). Anything else is "wrong", with the exercise's generic hint.

    >>> from learnmetrics.exercises import EXERCISES, check
    >>> all(check(i, e.answer).correct for i, e in EXERCISES.items())
    True
    """
    ex = _get(exercise_id)
    length, item_length = _shape_of(ex.kind, ex.answer)
    try:
        given = _normalise(ex.kind, answer, length=length, item_length=item_length, choices=ex.choices)
    except _BadAnswer as bad:
        return Feedback(ex.id, "invalid", str(bad))
    if ex.kind == "open":
        return Feedback(ex.id, "open", f"Noted. Now open solution({ex.id!r}) and compare your words with the "
                                       "model answer: does yours name the same reason?")
    d = _distance(given, ex.answer)
    if d <= ex.tolerance:
        return Feedback(ex.id, "correct", f"Correct: {_fmt(ex.kind, ex.answer)}.")
    for m in ex.mistakes:
        if _distance(given, m.answer) <= ex.tolerance:
            return Feedback(ex.id, "mistake", f"Not quite: {m.mistake} {m.hint}", m)
    if ex.kind != "choice" and ex.tolerance > 0:  # an exact count is right or wrong, never "close"
        scale = max(np.max(np.abs(np.asarray(ex.answer, dtype=float))), 1e-12) if ex.kind != "number" \
            else max(abs(ex.answer), 1e-12)
        if d <= max(10 * ex.tolerance, 0.01 * scale):
            return Feedback(ex.id, "close", f"Close, but not within {ex.tolerance:g}: did you round too early? "
                                            "Keep all digits until the end.")
    return Feedback(ex.id, "wrong", f"Not right. {ex.hint}")


# -- the registry -------------------------------------------------------------------------------
def register(id: str, prompt: str, *, kind: str, answer, mistakes=(), tolerance: float = 5e-4, data=None,
             choices=(), hint: str | None = None, solve=None) -> Exercise:
    """Build an exercise, normalise its answers and add it to :data:`EXERCISES`.

    Refuses an id already used, a kind not in :data:`KINDS`, an answer of the
    wrong form, a mistake that equals the right answer (it could never be
    reported) and two mistakes with the same answer (the second would never be).
    """
    if not isinstance(id, str) or len(id.split(".")) != 2:
        raise ValueError(f"id must look like '04.2' (chapter.number), got {id!r}")
    if id in EXERCISES:
        raise ValueError(f"id {id!r} is already registered")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    if kind == "open" and (not isinstance(answer, str) or mistakes):
        raise ValueError(f"exercise {id}: an open exercise has a model answer (text) and no mistakes")
    if kind == "choice" and not choices:
        raise ValueError(f"exercise {id}: a choice exercise needs its choices")
    tolerance = float(tolerance)
    if not (tolerance >= 0 and math.isfinite(tolerance)):
        raise ValueError(f"exercise {id}: tolerance must be a finite number >= 0, got {tolerance!r}")
    item_length = None
    if kind == "sequence":
        first = next(iter(answer), None)
        item_length = len(first) if first is not None and hasattr(first, "__len__") else None
    try:
        answer = _normalise(kind, answer, item_length=item_length, choices=tuple(choices))
    except _BadAnswer as bad:
        raise ValueError(f"exercise {id}: its answer is malformed: {bad}") from None
    length, item_length = _shape_of(kind, answer)
    norm = []
    for m in mistakes:
        try:
            a = _normalise(kind, m.answer, length=length, item_length=item_length, choices=tuple(choices))
        except _BadAnswer as bad:
            raise ValueError(f"exercise {id}: mistake {m.mistake!r} has a malformed answer: {bad}") from None
        if _distance(a, answer) <= tolerance:
            raise ValueError(f"exercise {id}: mistake {m.mistake!r} gives the correct answer "
                             f"{_fmt(kind, answer)}; it could never be reported")
        for other in norm:
            if _distance(a, other.answer) <= tolerance:
                raise ValueError(f"exercise {id}: mistakes {other.mistake!r} and {m.mistake!r} give the same "
                                 f"answer {_fmt(kind, a)}")
        norm.append(Mistake(a, m.mistake, m.hint))
    ex = Exercise(id=id, prompt=prompt, kind=kind, answer=answer, mistakes=tuple(norm), tolerance=tolerance,
                  data=dict(data or {}), choices=tuple(choices), solve=solve,
                  **({} if hint is None else {"hint": hint}))
    EXERCISES[id] = ex
    return ex


def exercises_of_chapter(chapter: str) -> list[Exercise]:
    """The exercises of one chapter ("04"), in id order."""
    return sorted((e for e in EXERCISES.values() if e.chapter == chapter),
                  key=lambda e: int(e.id.split(".")[1]))


class Solution:
    """A worked solution, shown folded (an HTML ``<details>``) so it starts hidden in
    JupyterLab, Voilà and a static HTML page; its text is recomputed on every run."""

    def __init__(self, exercise: Exercise):
        self.exercise = exercise
        self.text = exercise.solve() if exercise.solve is not None else ""
        label = "Model answer" if exercise.kind == "open" else "Answer"
        self.text += ("\n" if self.text else "") + f"{label}: {_fmt(exercise.kind, exercise.answer)}"

    def __str__(self) -> str:
        return f"Solution {self.exercise.id}\n{self.text}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return (f'<details class="lm-solution"><summary>Solution {html.escape(self.exercise.id)} '
                f'(click to show)</summary><pre style="white-space:pre-wrap;font-family:var(--jp-code-font-family, monospace)">{html.escape(self.text)}</pre>'
                f'</details>')


def solution(exercise_id: str) -> Solution:
    """The worked solution of an exercise, folded until the learner opens it."""
    return Solution(_get(exercise_id))
