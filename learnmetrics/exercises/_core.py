"""The machinery of the exercises: an exercise, its known mistakes, checking an answer.

An :class:`Exercise` holds a prompt, the data it uses, the correct answer
*computed by learnmetrics* when the exercise is built (never typed in), a
tolerance, the precision it wants, and the known wrong answers
(:class:`Mistake`), each with the mistake it reveals and a hint. :func:`check`
compares a learner's answer with the right one and then with every known
mistake, and returns a :class:`Feedback` that shows well in a notebook and is
testable as data.

Answers come in five kinds:

``"number"``    a real number;
``"tuple"``     a fixed-length tuple of numbers (an ROC point (FPR, TPR), a pair of counts);
``"sequence"``  a sequence of numbers or of tuples (the ROC points of a short list, the ranks);
``"choice"``    one of named options, in either language: its English name, its Chinese name
                (``translate(..., choices=...)``, shown in the Chinese prompt) or a usual synonym
                (``_ALIASES``: 保持不变 and "unchanged" for "stays the same", 交叉验证 for "kfold"; an
                exercise adds its own with ``aliases=``); case, spaces, dashes, punctuation, a leading
                "the" or "答案是"/"选", and 和/与/&/"and" between names are ignored ("leave-one-out" is
                "loo", "bias^2" is "bias²"); no spelling may mean two choices;
``"open"``      an explain-in-words question: ``answer`` is the model answer (text); :func:`check`
                does not grade it but lists the model answer's key points for the learner to tick,
                marking those whose key terms (``_key_terms.py``, both languages) the words name.

An answer may be a Python value or the text a learner types in the answer box
(``"13/17"``, ``"86%"``, ``"3.5 min^2"``, ``"(0.6, 0.9, 0.72)"``): the page's
JavaScript checker (``checker.mjs``) reads the same text the same way and
gives the same verdict, from :meth:`Exercise.spec` (tested on a corpus).

The verdict, in order: *correct* (every number within the tolerance);
*close* (only a rounding slip: a number typed with fewer decimals than the
exercise wants, which is the right value rounded or cut there, keeping a
significant digit of it and, for a value under 10, a decimal: 1 is no rounding
of an accuracy of 0.76; where a listed mistake's value is as near, it is named
too); *mistake* (a
listed mistake, also when typed rounded; or the right value with the wrong
sign, a difference taken the other way round); *invalid* (not an answer of
the wanted form, or a share typed as a percentage, 86 for 0.86); *wrong*
(anything else, naming the wrong entries of a tuple or a list). A bad answer
never raises: :func:`check` raises only for a programming mistake (an unknown
exercise id).
"""
from __future__ import annotations

import dataclasses
import html
import importlib
import importlib.util
import math
import numbers
import pkgutil
import re
import unicodedata
from collections.abc import MutableMapping
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

__all__ = ["Mistake", "Exercise", "Feedback", "EXERCISES", "register", "translate", "check", "solution", "another",
           "exercises_of_chapter", "rounding_slack", "KINDS", "QUANTITIES", "MESSAGES", "N_VARIANTS"]

KINDS = ("number", "tuple", "sequence", "choice", "open")
DEFAULT_TOLERANCE = 5e-4
MAX_TEXT = 1000          # characters of a typed answer that is not an open one
MAX_ENTRIES = 1000       # entries of a tuple or a list answer
N_VARIANTS = 5           # "another one": variants 1..5 of an exercise that declares a variant maker (0: itself)

from ._messages import _STOP, MESSAGES  # noqa: E402  (the words of check and of the page, per language)


def _lang() -> str:
    from .._language import get_language
    return get_language()


def _m(key: str, **kw) -> str:
    """The message ``key`` in the current language, its {fields} filled in (one pass: a filled-in
    text is never read again; checker.mjs fills the same way)."""
    return re.sub(r"\{(\w+)\}", lambda g: str(kw[g.group(1)]) if g.group(1) in kw else g.group(0),
                  MESSAGES[_lang()][key])


@dataclass(frozen=True)
class Mistake:
    """A known wrong answer: ``answer`` (computed), the ``mistake`` it reveals, a ``hint``."""

    answer: Any
    mistake: str
    hint: str
    zh: tuple = ()          # (mistake, hint) in Chinese, given by the chapter's translation

    def said(self) -> tuple[str, str]:
        """(mistake, hint) in the current language (English where no translation is given)."""
        return tuple(self.zh) if self.zh and _lang() == "zh" else (self.mistake, self.hint)


@dataclass(frozen=True)
class Exercise:
    """One exercise. Build it with :func:`register` so that it is checked and listed.

    ``answer`` and every ``Mistake.answer`` are computed from ``data`` by
    learnmetrics where the exercise is defined. ``tolerance`` is absolute, per
    number; ``decimals`` is the precision the exercise asks for (0: whole
    numbers), said in the answer box and in :func:`check`'s messages. ``solve``
    returns the worked solution as text (it recomputes, so a stored solution is
    checked by nbval on every run). ``key_points`` (open exercises) are the
    model answer's points the learner ticks against their own words.
    """

    id: str
    prompt: str
    kind: str
    answer: Any
    mistakes: tuple[Mistake, ...] = ()
    tolerance: float = DEFAULT_TOLERANCE
    data: dict = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    hint: str = "Go back to the definition and recompute step by step."
    solve: Callable[[], str] | None = None
    decimals: int = 3
    aliases: tuple[tuple[str, str], ...] = ()
    key_points: tuple[str, ...] = ()
    zh: dict = field(default_factory=dict)
    quantity: Any = "value"
    units: tuple[str, ...] = ()
    signed: bool = False
    slack: float = 0.0
    variants: Callable[[int], dict] | None = None
    parts: tuple[str, ...] = ()
    variant_index: int = 0

    @property
    def has_variants(self) -> bool:
        """Whether the exercise offers "another one" (variants 1..N_VARIANTS with new numbers)."""
        return self.variants is not None and self.variant_index == 0

    def variant(self, k: int) -> "Exercise":
        """Variant ``k`` of the exercise (0: the exercise itself; 1..N_VARIANTS: new numbers, with
        the prompt, answer, mistakes and worked solution recomputed by the exercise's variant maker)."""
        return _variant(self, k)

    def quantities_of(self, n: int) -> list[str]:
        """The kind of quantity of each of ``n`` numbers ("share", "count", "statistic", "value")."""
        q = self.quantity if isinstance(self.quantity, tuple) else (self.quantity,)
        return [q[i % len(q)] for i in range(n)]

    @property
    def reading(self) -> dict:
        """What the reader needs: the quantity of each number, the units accepted after it, and the
        labels accepted before it ("e10 = 17", "FPR=0.25, TPR=0.6": see :func:`_labels_of`)."""
        q = self.quantity if isinstance(self.quantity, tuple) else (self.quantity,)
        names, each = _labels_of(self)
        words, cjk, given = _prompt_words(self)
        return {"quantities": list(q), "units": [_unit_key(u) for u in self.units],
                "labels": [k for k in names if k not in given], "labels_at": each, "words": words, "cjk": cjk,
                "given": given}

    @property
    def choices_zh(self) -> tuple[str, ...]:
        return tuple(self.zh.get("choices", ()))

    def choice_text(self, choice: str) -> str:
        """A choice as the current language names it ('方差' for 'variance' in Chinese)."""
        if _lang() == "zh" and self.choices_zh:
            return repr(self.choices_zh[self.choices.index(choice)])
        return repr(choice)

    @property
    def point_terms(self) -> list[list[list[str]]]:
        """The key terms of each key point of an open exercise: per point, its terms; per term, its
        spellings in both languages (``_key_terms.KEY_TERMS``), normalised as the matcher reads them."""
        from ._key_terms import KEY_TERMS
        return [[[_key_norm(a) for a in term.split("|")] for term in point] for point in KEY_TERMS.get(self.id, ())]

    @property
    def chapter(self) -> str:
        return self.id.split(".")[0]

    def text(self, what: str):
        """The exercise's ``what`` ("prompt", "hint", "answer" of an open exercise, "key_points",
        "solve") in the current language: the Chinese one where the chapter gives it."""
        if _lang() == "zh" and what in self.zh:
            return self.zh[what]
        if what == "hint" and self.hint == Exercise.hint and _lang() == "zh":
            return MESSAGES["zh"]["hint"]
        return getattr(self, what)

    @property
    def precision(self) -> str:
        """The precision wanted, in words: "3 decimals (within 0.0005)", "a whole number"."""
        if self.kind in ("choice", "open"):
            return ""
        many = self.kind != "number"
        zh = _lang() == "zh"
        if self.decimals == 0:
            if zh:
                return "整数" if many else "一个整数"
            return "whole numbers" if many else "a whole number"
        tol = f"{self.tolerance:.12f}".rstrip("0").rstrip(".")
        if zh:
            return f"保留 {self.decimals} 位小数（误差不超过 {tol}）"
        return f"{self.decimals} decimal{'s' if self.decimals > 1 else ''} (within {tol})"

    @property
    def wanted(self) -> str:
        """What the answer box wants, in words (shown in the box and in check's "no answer yet")."""
        whole = self.decimals == 0
        if _lang() == "zh":
            if self.kind == "number":
                return "一个整数" if whole else f"一个数，{self.precision}"
            if self.kind == "tuple":
                n = len(self.answer)
                return f"{n} 个整数组成的元组" if whole else f"{n} 个数组成的元组，每个数{self.precision}"
            if self.kind == "sequence":
                item = _shape_of(self.kind, self.answer)[1]
                each = (f"含 {item} 个整数的元组" if whole else f"含 {item} 个数的元组") if item else \
                    ("整数" if whole else "数")
                return f"{len(self.answer)} 个{each}组成的列表" + ("" if whole else f"，每个数{self.precision}")
            if self.kind == "choice":
                return "以下之一：" + self.choices_text
            return "用你自己的话写几句"
        if self.kind == "number":
            return "a whole number" if whole else f"a number to {self.precision}"
        if self.kind == "tuple":
            n = len(self.answer)
            return f"a tuple of {n} whole numbers" if whole else f"a tuple of {n} numbers, each to {self.precision}"
        if self.kind == "sequence":
            item = _shape_of(self.kind, self.answer)[1]
            what = f"tuples of {item}" if item else ""
            nums = "whole numbers" if whole else f"numbers, each to {self.precision}"
            return f"a list of {len(self.answer)} {what + ' ' if what else ''}{nums}"
        if self.kind == "choice":
            return "one of " + ", ".join(f"'{c}'" for c in self.choices)
        return "a few sentences in your own words"

    def spec(self) -> dict:
        """Everything the in-page checker needs, as JSON-ready data (the answers included)."""
        length, item_length = _shape_of(self.kind, self.answer)

        def plain(a):
            if isinstance(a, tuple):
                return [plain(v) for v in a]
            return a

        out = {"id": self.id, "kind": self.kind, "answer": plain(self.answer), "tolerance": self.tolerance,
               "decimals": self.decimals, "precision": self.precision, "wanted": self.wanted,
               "answer_text": _fmt(self.kind, self.text("answer")), "hint": self.text("hint"),
               "length": length, "item_length": item_length,
               "mistakes": [{"answer": plain(m.answer), "mistake": m.said()[0], "hint": m.said()[1]}
                            for m in self.mistakes]}
        if _lang() != "en":       # the page's messages in this language (an English spec says nothing),
            out["lang"] = _lang()    # and the prompt, which the notebook's cell gives in English only
            out["prompt"] = self.text("prompt")
        if self.kind in ("number", "tuple", "sequence"):
            out.update(self.reading, signed=self.signed, slack=self.slack)
        if self.kind == "choice":
            out["choices"] = list(self.choices)
            out["choices_text"] = self.choices_text
            out["choice_names"] = list(self.choices_zh if _lang() == "zh" and self.choices_zh else self.choices)
            out["aliases"] = dict(self.aliases)
            out["answer_text"] = self.choice_text(self.answer)
        if self.kind == "open":
            out["key_points"] = list(self.text("key_points"))
            out["key_terms"] = self.point_terms
        if self.parts:
            out["parts"] = list(self.parts)
        if self.has_variants:
            out["variants"] = [self._variant_spec(k) for k in range(1, N_VARIANTS + 1)]
        return out

    _VARYING = ("tolerance", "decimals", "precision", "wanted", "length", "item_length", "slack", "hint")

    def _variant_spec(self, k: int) -> dict:
        """What the page needs of variant ``k``: its prompt, answer, mistakes and worked solution (in
        the current language), and each other field whose value differs from the exercise's."""
        v = self.variant(k)
        base, spec = self.spec_core(), v.spec_core()
        out = {"prompt": v.text("prompt"), "answer": spec["answer"], "answer_text": spec["answer_text"],
               "mistakes": spec["mistakes"], "solution": Solution(v).text}
        out.update({f: spec[f] for f in self._VARYING if f in spec and spec[f] != base.get(f)})
        return out

    def spec_core(self) -> dict:
        """The spec without its variants."""
        return dataclasses.replace(self, variants=None).spec()

    @property
    def choices_text(self) -> str:
        """The choices as the current language names them, for prompts and messages."""
        if _lang() == "zh" and self.choices_zh:
            return "、".join(f"'{c}'" for c in self.choices_zh)
        return _choices_text(self.choices)


# -- the registry: a chapter's answers are computed when one of its exercises is first needed --------
class _Registry(MutableMapping):
    """The exercises by id. A chapter's module (``chNN.py``) is imported, and so its answers
    computed, the first time one of its exercises is looked up; iterating loads every chapter."""

    def __init__(self):
        self._d: dict[str, Exercise] = {}
        self._loaded: set[str] = set()

    @staticmethod
    def _chapters() -> list[str]:
        from . import __path__ as path
        return sorted(m.name[2:] for m in pkgutil.iter_modules(path) if re.fullmatch(r"ch\d\d", m.name))

    def _load(self, chapter: str) -> None:
        if chapter not in self._loaded and re.fullmatch(r"\d\d", chapter) and chapter in self._chapters():
            self._loaded.add(chapter)
            importlib.import_module(f"{__package__}.ch{chapter}")
            if importlib.util.find_spec(f"{__package__}.zh_ch{chapter}") is not None:
                importlib.import_module(f"{__package__}.zh_ch{chapter}")   # its Chinese texts

    def _load_all(self) -> None:
        for c in self._chapters():
            self._load(c)

    def __getitem__(self, key):
        if key not in self._d and isinstance(key, str):
            self._load(key.split(".")[0])
        return self._d[key]

    def __contains__(self, key):
        if isinstance(key, str) and key not in self._d:
            self._load(key.split(".")[0])
        return key in self._d

    def __setitem__(self, key, value):
        self._d[key] = value

    def __delitem__(self, key):
        del self._d[key]

    def __iter__(self):
        self._load_all()
        return iter(dict(self._d))

    def __len__(self):
        self._load_all()
        return len(self._d)

    def __repr__(self):
        return f"<{len(self)} exercises: {', '.join(self)}>"


EXERCISES = _Registry()


# -- reading an answer -------------------------------------------------------------------------------
# One grammar, the same in checker.mjs: the typed text is NFKC-normalised first (a Chinese keyboard's
# full-width digits, commas, brackets and colons become ASCII), then read as a number (a decimal, a
# fraction, a percentage where a share is asked, followed only by a unit the exercise declares), a
# tuple, a list of tuples with or without the outer brackets, or a named choice in either language.
class _BadAnswer(Exception):
    """The learner's answer has the wrong form; the message says what was expected."""


QUANTITIES = ("share", "count", "statistic", "value")
_NUM = r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
_NUMBER_TEXT = re.compile(r"^(?:=\s*)?(百分之\s*)?(" + _NUM + r")\s*(?:(/)\s*(" + _NUM + r")|(%|percent\b|pct\b|per\s*cent\b))?"
                          r"\s*(.*?)\s*[.,]?$", re.I)
_QUOTES = "\"'\u201c\u201d\u2018\u2019`"
_FOLD = {"\u3001": ",", "\u3002": ".", "\u2212": "-", "\u2013": "-", "\u00d7": "x", "\u2044": "/"}
# words a learner writes before an answer ("答：", "约", "≈", "about"): read past, as is a label that names
# the quantity asked (its symbol in the prompt, "e10 = 17"; a tuple's entry named as the prompt names it)
_LEAD = re.compile(r"^(?:答案是|答案为|答案|答|约为|约|大约|大概|approximately|approx\.?|about|around|roughly|≈|~)"
                   r"\s*[:=]?\s*", re.I)
_LABEL = re.compile(r"^([^\s=:≈,;()\[\]0-9.+\-][^\s=:≈,;()\[\]]*(?:\s+[^\s=:≈,;()\[\]0-9.+\-][^\s=:≈,;()\[\]]*){0,2})"
                    r"\s*(?:=|:|≈)\s*")
# what a count may carry after it in any exercise (a count exercise adds its own nouns as units)
_COUNTERS = ("个", "次", "项")
_TYPED = [""]          # the text the learner typed, being read: messages quote it as typed


def _fold(text: str) -> str:
    """The typed text as the checker reads it: NFKC (full-width forms to ASCII), the ideographic
    comma and full stop and the minus sign to ASCII, surrounding space and quotes removed."""
    s = unicodedata.normalize("NFKC", text)
    s = "".join(_FOLD.get(ch, ch) for ch in s)
    return s.strip().strip(_QUOTES).strip()


def _as_typed(sub: str) -> str:
    """The part of the typed text that reads as ``sub`` (a piece of the folded text), as the learner
    typed it ("bias²=" for "bias2=", "１３／１７" for "13/17"); ``sub`` itself if it cannot be found."""
    typed = _TYPED[0]
    if not sub or not typed:
        return sub
    pieces = ["".join(_FOLD.get(c, c) for c in unicodedata.normalize("NFKC", ch)) for ch in typed]
    at = "".join(pieces).find(sub)
    if at < 0:
        return sub
    pos, first, last = 0, None, None
    for i, p in enumerate(pieces):
        if first is None and pos + len(p) > at:
            first = i
        if pos < at + len(sub):
            last = i
        pos += len(p)
    return typed[first:last + 1].strip()


def _short(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[:n] + "\u2026"


def _decimals_of(token: str) -> int:
    """Decimals written in a number token ("0.720" -> 3, "1.5e-3" -> 4, "86" -> 0)."""
    mant, _, exp = token.lower().partition("e")
    frac = mant.split(".")[1] if "." in mant else ""
    return max(0, len(frac) - (int(exp) if exp else 0))


def _unit_key(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _label_key(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text).lower())


def _labels_of(ex) -> tuple[list[str], list[list[str]]]:
    """The labels a learner may write before a number (keys, see :func:`_label_key`): the symbols the
    prompt names in either language (a word with a capital or a digit: "e10", "FPR", "F1", "bias²"),
    and for a tuple the names of its entries, by position (``parts``, or the prompt's "(FPR, TPR)")."""
    texts = [ex.prompt] + ([ex.zh["prompt"]] if isinstance(ex.zh.get("prompt"), str) else [])
    names = set()
    for t in texts:
        t = unicodedata.normalize("NFKC", t)
        for w in re.findall(r"(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9_]*", t):
            if len(w) <= 12 and re.search(r"[A-Z0-9]", w):
                names.add(_label_key(w))
    each: list[list[str]] = []
    if ex.kind == "tuple":
        n = len(ex.answer)
        groups = [list(ex.parts)] if ex.parts else []
        for t in texts:
            for g in re.findall(r"[(\uff08]([^()\uff08\uff09]*)[)\uff09]", t):
                parts = [p.strip() for p in re.split(r"[,\uff0c\u3001]", g)]
                if len(parts) == n and all(re.search(r"[^\W\d_]", p) and not re.search(r"\d\.\d|=", p)
                                           for p in parts):
                    groups.append(parts)
        each = [[] for _ in range(n)]
        for g in groups:
            for i, p in enumerate(g):
                for k in [_label_key(p)] + [_label_key(w) for w in p.split()]:
                    if k and k not in each[i]:
                        each[i].append(k)
        for i in range(n):        # a name of two entries ("set" of "smallest/largest training set") is no label
            each[i] = [k for k in each[i] if not any(k in each[j] for j in range(n) if j != i)]
    return sorted(names - {k for e in each for k in e}), each


def _prompt_words(ex) -> tuple[list[str], list[str], list[str]]:
    """What a learner may write before the number of a one-number answer, from the prompt in either
    language: its words (keys of :func:`_label_key`: "degree", "fpr", "r2"), the runs of Chinese
    characters of the Chinese prompt (a label of Chinese words must lie in one: "次数"), and the names
    of the values the prompt GIVES (a name right before "= <number>": "P" of "P = 0.75", "precision P",
    "查准率 P"), which are never read as the label of the value asked."""
    if ex.kind != "number":
        return [], [], []
    texts = [ex.prompt] + ([ex.zh["prompt"]] if isinstance(ex.zh.get("prompt"), str) else [])
    words, cjk, given = set(), [], set()
    for t in texts:
        t = unicodedata.normalize("NFKC", t)
        words.update(w.lower() for w in re.findall(_WORD, t))
        cjk += [r for r in re.findall(r"[\u4e00-\u9fff]+", t) if r not in cjk]
        for m in re.finditer(_GIVEN, t):
            toks = [w.strip("(),;:，；：（）") for w in t[:m.start()].split()][-3:]
            for i in range(len(toks)):
                joined = "".join(toks[i:]).lower()
                given.add(joined)
                if i == 0:       # inside a run of Chinese characters: every suffix that starts at one
                    given.update(joined[j:] for j in range(1, len(joined)) if re.match(r"[\u4e00-\u9fff]", joined[j]))
    given.discard("")
    return sorted(words), cjk, sorted(given)


# a name given a value in the prompt: "P = 0.75", "x = [1, 2]" (not a formula: "R² = 1 - SSE/SST", "e01 = 22 - e10")
_GIVEN = r"(?:=|≈)\s*(?:\[|[-+]?[0-9.]+(?![0-9.]*\s*[-+*/×·^(]))"
_WORD = r"[A-Za-z\u0370-\u03ff][A-Za-z0-9_\u0370-\u03ff]*"
# a learner's words before a number, without "=": "degree 2", "the FPR is 0.0667", "次数 2", "次数为2", "次数2"
_PHRASE = re.compile(r"^([^\s\d=:≈,;()\[\]+\-.][^\s=:≈,;()\[\]]*?(?:\s+[^\s\d=:≈,;()\[\]+\-.][^\s=:≈,;()\[\]]*?){0,2}?)"
                     r"(?:\s*(?:是|为)\s*|\s+|(?<=[\u4e00-\u9fff]))(?=[-+]?\.?[0-9])")
# words that change what the number means ("below 0.5", "不到 0.5"): never read past
_LABEL_STOP = ("not", "no", "never", "than", "less", "more", "above", "below", "under", "over", "least", "most", "at",
         "minus", "plus", "times", "nor", "or", "without", "between", "from", "to", "and", "up", "within", "except")
_FILLER = ("the", "is", "its", "was", "will", "be", "it")     # words of a sentence around the label ("the FPR is")
_LABEL_STOP_ZH = re.compile(r"不|没|非|无|大于|小于|至少|至多|最多|最少|超过|低于|高于|以上|以下|多于|少于|不到|接近")


def _prompt_phrase(text: str, q: dict) -> bool:
    """Whether the words ``text`` are all words of the prompt (an English word of either prompt, or
    two or more Chinese characters found in the Chinese prompt), none of them one that changes what the
    number means ("below", "至少")."""
    toks = text.split()
    if not toks or not q.get("words"):
        return False
    pieces = [p for w in toks for p in re.findall(r"[\u4e00-\u9fff]+|[^\u4e00-\u9fff]+", _label_key(w))]
    if len(pieces) == 1 and re.fullmatch(r"[\u4e00-\u9fff]", pieces[0]):   # one Chinese character alone ("选 2")
        return False
    for k in pieces:
        if re.fullmatch(r"[\u4e00-\u9fff]+", k):
            if not any(k in r for r in q.get("cjk", ())) or _LABEL_STOP_ZH.search(k):
                return False
        elif not re.fullmatch(_WORD, k) or (k not in q["words"] and k not in _FILLER) or k in _LABEL_STOP:
            return False
    return True


def _read_label(s: str, what: str, q: dict) -> str:
    """``s`` without the words before its number that a learner writes before an answer ("答：",
    "约", "about") and a label that names the quantity asked ("e10 =", an entry's name as the prompt
    gives it, words of the prompt: "degree 2", "the FPR is", "次数为"); a label of another entry of the
    tuple, or the name of a value the prompt gives ("P = 0.0667" where the prompt says P = 0.75), is
    refused, naming it."""
    for _ in range(3):
        m = _LEAD.match(s)
        if m is not None and m.end() < len(s):
            s = s[m.end():]
            continue
        m = _LABEL.match(s) or _PHRASE.match(s)
        if m is None:
            break
        key = _label_key(m.group(1))
        if key in q.get("mine", ()):
            s = s[m.end():]
            continue
        if key in q.get("others", ()):
            raise _BadAnswer(_m("label_order", what=what, w=_short(_as_typed(m.group(1).strip()), 20)))
        if key in q.get("given", ()):
            raise _BadAnswer(_m("label_given", what=what, w=_short(_as_typed(m.group(1).strip()), 20)))
        if key in q.get("labels", ()) or _prompt_phrase(m.group(1), q):
            s = s[m.end():]
            continue
        break
    return s


def _read_number_text(text: str, what: str, q: dict):
    """(value, decimals or None for an exact fraction, token) from a typed number; ``q`` says the
    quantity ("share" reads a percentage), the units the exercise declares and the labels it knows."""
    s = _read_label(_fold(text), what, q).replace("百分之百", "百分之100")
    m = _NUMBER_TEXT.match(s)
    if m is None:
        _lead_words(s, what, q)
        raise _BadAnswer(_m("not_number_text", what=what, s=_short(_as_typed(s))))
    pre, num, slash, den, pct, rest = m.groups()
    pct = pct or pre
    token = f"{num}/{den}" if slash else num
    units = tuple(q.get("units", ())) + (_COUNTERS if q.get("quantity") == "count" else ())
    same = None
    if rest and _unit_key(rest) not in units:
        eq = re.fullmatch(r"(?:=|≈)\s*(.+)", rest)
        if eq is not None:           # "13/17 = 0.765": one answer written two ways
            same = _same_number(eq.group(1), q)
        if same is None:
            if re.fullmatch(r"[-+0-9.,;/()\[\]\s%eE]*", rest):
                raise _BadAnswer(_m("not_number_text", what=what, s=_short(_as_typed(s))))
            raise _BadAnswer(_m("unit_unknown", what=what, w=_short(_as_typed(rest.strip()), 20), t=_as_typed(token)))
    if pct and q.get("quantity") != "share":
        raise _BadAnswer(_m("percent_not_share", what=what, q=_m("q_" + q.get("quantity", "value"))))
    value = float(num)
    dec = _decimals_of(num)
    if slash:
        d = float(den)
        if d == 0:
            raise _BadAnswer(_m("divides_by_zero", what=what, s=_short(_as_typed(s))))
        value, dec = value / d, None
    elif pct:
        value, dec = value / 100, dec + 2
    if not math.isfinite(value):
        raise _BadAnswer(_m("not_finite_text", what=what, s=_short(_as_typed(s))))
    if same is not None:
        v2, d2, t2 = same
        # two forms of one answer: each is the other rounded at its own decimals; the finer is read
        if not all(d is None or abs(a - b) <= 0.5 * 10.0 ** -d * (1 + 1e-9) for a, b, d in ((value, v2, dec), (v2, value, d2))):
            raise _BadAnswer(_m("two_values", what=what, a=_as_typed(token), b=_as_typed(t2)))
        if dec is not None and (d2 is None or d2 > dec):
            value, dec, token, pct = v2, d2, t2, False
    return value, dec, token + ("%" if pct else "")


def _same_number(text: str, q: dict):
    """(value, decimals, token) of ``text`` if it is a bare number (a fraction, a percentage where a
    share is asked), else None."""
    m = _NUMBER_TEXT.match(text)
    if m is None or m.group(6):
        return None
    pre, num, slash, den, pct, _ = m.groups()
    pct = pct or pre
    if pct and q.get("quantity") != "share":
        return None
    if slash:
        d = float(den)
        return (float(num) / d, None, f"{num}/{den}") if d != 0 else None
    if pct:
        return float(num) / 100, _decimals_of(num) + 2, num + "%"
    return float(num), _decimals_of(num), num


def _lead_words(s: str, what: str, q: dict) -> None:
    """Words before a number that is otherwise a whole answer ("x 0.526", "F2 = 0.526"): refused,
    naming them as typed (checker.mjs's leadWords does the same)."""
    units = tuple(q.get("units", ())) + (_COUNTERS if q.get("quantity") == "count" else ())
    for n in re.finditer(_NUM, s):
        lead = s[:n.start()]
        if not re.search(r"[^\s\-+.,;:/()\[\]%0-9=eE]", lead):
            continue
        m = _NUMBER_TEXT.match(s[n.start():])
        if m is not None and not m.group(1) and (not m.group(6) or _unit_key(m.group(6)) in units):
            raise _BadAnswer(_m("lead_unknown", what=what, w=_short(_as_typed(lead.strip()), 20),
                                t=_as_typed(m.group(2))))


def _describe(x) -> str:
    """A learner's Python value in words, never a type name ("the number 3.0", "a list of 2 entries")."""
    try:
        if isinstance(x, (bool, np.bool_)):
            return _m("d_bool", x=str(bool(x)))
        if isinstance(x, numbers.Integral):
            return _m("d_number", x=_short(str(int(x))))
        if isinstance(x, numbers.Real):
            return _m("d_number", x=_short(repr(float(x))))
        if isinstance(x, str):
            return _m("d_text", x=_short(x))
        if isinstance(x, np.ndarray):
            return _m("d_array", shape=x.shape)
        if isinstance(x, (list, tuple)):
            return _m("d_list", n=len(x))
        if isinstance(x, dict):
            return _m("d_dict")
    except Exception:  # noqa: BLE001 - a learner's object that cannot even be looked at
        pass
    return _m("d_other")


def _read_number(x, what=None, q=None):
    """(value, decimals or None, token) from a Python value or a typed text."""
    what = _m("answer") if what is None else what
    q = {} if q is None else q
    if isinstance(x, str):
        if len(x) > MAX_TEXT:
            raise _BadAnswer(_m("long_number", what=what, n=len(x)))
        return _read_number_text(x, what, q)
    if isinstance(x, (bool, np.bool_)):
        raise _BadAnswer(_m("not_number", what=what, x=_describe(x)))
    if isinstance(x, np.ndarray):
        if x.ndim != 0 or x.dtype.kind not in "iuf":
            raise _BadAnswer(_m("array", what=what, shape=x.shape))
        x = x[()]
    if type(x).__name__ == "Decimal" and type(x).__module__ == "decimal":
        x = float(x) if x.is_finite() else math.nan
    if isinstance(x, numbers.Integral):
        try:
            value = float(x)
        except OverflowError:
            digits = int(int(x).bit_length() * 0.30103) + 1
            raise _BadAnswer(_m("too_large", what=what, d=digits)) from None
        return value, 0, str(int(x)) if abs(value) < 1e16 else repr(value)
    if isinstance(x, numbers.Real):
        try:
            value = float(x)
        except Exception:  # noqa: BLE001 - a number whose float() fails
            raise _BadAnswer(_m("not_finite", what=what, x=_m("d_other"))) from None
        if not math.isfinite(value):
            raise _BadAnswer(_m("not_finite", what=what, x=repr(value)))
        if isinstance(x, (float, np.floating)):
            token = repr(value)
            return value, _decimals_of(token), token
        return value, None, repr(value)     # a Fraction: exact
    raise _BadAnswer(_m("not_number", what=what, x=_describe(x)))


_GROUP = re.compile(r"\s*[(\[]([^()\[\]]*)[)\]]\s*[,;]?")


def _outer(s: str) -> str:
    """``s`` without one pair of brackets around all of it ("(0, 0), (1, 1)" keeps its own)."""
    if len(s) >= 2 and s[0] in "([" and s[-1] in ")]":
        depth = 0
        for i, ch in enumerate(s):
            depth += (ch in "([") - (ch in ")]")
            if depth == 0:
                return s[1:-1] if i == len(s) - 1 else s
    return s


def _split_text(text: str, kind: str, item_length, what=None):
    """A typed tuple or list: a list of entry texts (flat) or of lists of entry texts (tuples)."""
    what = _m("answer") if what is None else what
    if len(text) > MAX_TEXT:
        raise _BadAnswer(_m("long_numbers", what=what, n=len(text)))
    s = _fold(text)
    if len(s) > 1 and s[-1] == "." and s[-2] in ")]":
        s = s[:-1]                    # a sentence's full stop after the list ("(0.6, 0.9)。")
    inner = _outer(s)
    if kind == "sequence" and item_length:
        groups, pos = [], 0
        inner = inner.strip()
        while pos < len(inner):
            m = _GROUP.match(inner, pos)
            if m is None:
                raise _BadAnswer(_m("list_of_tuples", what=what, k=item_length, s=_short(_as_typed(s))))
            groups.append(m.group(1))
            pos = m.end()
        return [_pieces(g) for g in groups]
    if re.search(r"[()\[\]]", inner):
        raise _BadAnswer(_m("commas", what=what, s=_short(_as_typed(s))))
    return _pieces(inner)


# between two numbers, a word or a sign that joins them as a comma would ("0.681 to 0.958", "0.681和0.958",
# "0.681~0.958", "0.681-0.958": a "-" right after a number, or spaced on both sides, is no minus sign)
_JOIN = re.compile(r"(?<=[0-9%])(?:\s+(?:to|and)\s+|\s*(?:和|到|至|与|~|\u2014)\s*|-|\s+-\s+)(?=[-+.0-9])", re.I)


def _pieces(text: str) -> list[str]:
    if not re.search(r"[,;]", text):
        text = _JOIN.sub(",", text)
    if not re.search(r"[,;]", text) and re.fullmatch(r"\s*\S+(\s+\S+)+\s*", text):
        return text.split()           # numbers separated by spaces only: "0.6 0.9 0.72"
    parts = [p.strip() for p in re.split(r"[,;]", text)]
    if parts and parts[-1] == "" and len(parts) > 1:
        parts = parts[:-1]
    return [] if parts == [""] else parts


def zh_choice_list(zh, en) -> str:
    """A Chinese prompt's request for a choice: the Chinese names, then the English ones, which are accepted
    too ("从 '偏差²'、'方差'、'噪声' 中选一个（也可以用英文作答：'bias²'、'variance'、'noise'）")."""
    return ("从 " + "、".join(f"'{c}'" for c in zh) + " 中选一个（也可以用英文作答：" + "、".join(f"'{c}'" for c in en)
            + "）")


def _choices_text(choices) -> str:
    return ", ".join(f"'{c}'" for c in choices)


def _norm_choice(text: str) -> str:
    """A typed choice as it is compared (checker.mjs's normChoice does the same): NFKC, lower case,
    "^2"/"²" as "2", "alpha"/"epsilon" as "α"/"ε", a leading "the"/"a"/"an" or "答案是"/"答："/"选" left out,
    the joining words "and", "&", "和", "与", "及" read as a comma, then spaces, dashes and punctuation left out
    ("A-C 和 A-D", "A-C、A-D" and "A-C and A-D" are one spelling)."""
    s = unicodedata.normalize("NFKC", text).strip().lower()
    s = s.replace("^2", "2").replace("\u00b2", "2").replace("alpha", "\u03b1").replace("epsilon", "\u03b5")
    s = s.replace("\u2044", "/")          # the fraction slash of NFKC's "½"
    s = re.sub(r"^(the|a|an)\s+", "", s)
    s = re.sub(r"^(答案是|答案为|答案|答|我选择|我选|选择|选)\s*:?\s*", "", s)
    s = re.sub(r"\s+(and|&)\s+|&|以及|和|与|及", ",", s)
    return re.sub(_CHOICE_DROP, "", s)


_CHOICE_DROP = "[\\s\\-_.,!?;:'\"`\u201c\u201d\u2018\u2019\u3002\u3001\u2010-\u2015\u2212]+"   # as in checker.mjs


# spellings a learner may use for a choice, by the normalised choice they mean (either language; an
# exercise adds its own with register(aliases=...) and translate(aliases=...))
_ALIASES = {
    "loo": ("leaveoneout", "loocv", "leaveoneoutcv", "leaveoneoutcrossvalidation", "留一法", "留一"),
    "kfold": ("kfoldcv", "kfoldcrossvalidation", "crossvalidation", "cv", "10fold", "10foldcv", "十折", "10折", "k折",
              "10foldcrossvalidation", "交叉验证法", "交叉验证", "10折交叉验证", "十折交叉验证", "k折交叉验证",
              "k折交叉验证法", "10折交叉验证法", "十折交叉验证法"),
    "holdout": ("holdoutsplit", "留出法", "留出", "留出法划分"),
    "bootstrap": ("bootstrapping", "bootstrapsample", "bootstrapsampling", "onebootstrapsample", "一个自助样本", "自助法", "自助采样", "自助采样法", "一次自助采样", "自助",
                  "bootstrap法"),
    "resubstitution": ("trainingerror", "resubstitutionerror", "训练误差", "训练集误差", "重代入", "再代入",
                       "重代入误差"),
    "yes": ("y", "是", "是的", "对"),
    "no": ("n", "否", "不是", "不", "notnecessarily", "nonotnecessarily", "不一定", "未必", "否不一定", "不是不一定"),
    "bias2": ("bias", "biassquared", "squaredbias", "偏差", "偏差平方", "偏差的平方", "biasterm", "偏差项", "偏差2项"),
    "variance": ("var", "方差", "varianceterm", "方差项"),
    "noise": ("噪声", "噪音", "噪声项", "noiseterm", "ε2", "ε", "噪声ε2", "noiseε2"),
    "goesup": ("up", "increases", "rises", "higher", "goeshigher", "变大", "上升", "升高", "增大", "提高", "更高", "更大",
               "变高", "增加", "会变大", "会上升"),
    "staysthesame": ("same", "unchanged", "nochange", "doesnotchange", "doesntchange", "不变", "保持不变", "没变",
                     "不会变", "没有变化", "一样", "相同", "不变化", "remainsthesame", "remainsunchanged", "staysunchanged",
                     "不改变", "不会改变", "没有改变", "保持一样"),
    "goesdown": ("down", "decreases", "falls", "lower", "goeslower", "变小", "下降", "降低", "减小", "变低", "减少", "更低", "更小",
                 "会变小", "会下降"),
    "unchanged": ("same", "thesame", "staysthesame", "nochange", "doesnotchange", "不变", "保持不变", "没变",
                  "不会变", "没有变化", "一样", "相同", "不变化", "remainsthesame", "remainsunchanged", "staysunchanged",
                  "不改变", "不会改变", "没有改变", "保持一样"),
    "higher": ("up", "goesup", "increases", "rises", "变高", "升高", "提高", "变大", "上升", "增大", "增加", "更高",
               "变得更高"),
    "lower": ("down", "goesdown", "decreases", "falls", "变低", "降低", "下降", "变小", "减小", "减少", "更低", "变得更低"),
}


def _aliases_for(choices) -> tuple[tuple[str, str], ...]:
    known = {_norm_choice(c): c for c in choices}
    out = []
    for target, names in _ALIASES.items():
        if target in known:
            out += [(k, known[target]) for k in map(_norm_choice, names) if k not in known]
    return tuple(out)


def _checked_aliases(id, choices, pairs) -> tuple[tuple[str, str], ...]:
    """The (normalised spelling, choice) pairs without repeats; refuses a spelling that would mean two
    choices (or another choice than the one it spells), so no typed text is read two ways."""
    means = {_norm_choice(c): c for c in choices}
    out = []
    for k, c in pairs:
        if c not in choices:
            raise ValueError(f"exercise {id}: alias for {c!r}, which is not a choice")
        if not k:
            raise ValueError(f"exercise {id}: an empty alias for {c!r}")
        if means.setdefault(k, c) != c:
            raise ValueError(f"exercise {id}: {k!r} would mean both {means[k]!r} and {c!r}")
        if (k, c) not in out and _norm_choice(c) != k:
            out.append((k, c))
    return tuple(out)


def _words(text: str) -> int:
    return len(re.findall(r"[A-Za-z0-9]+", text)) + (len(re.findall(r"[\u4e00-\u9fff]", text)) + 1) // 2


# -- open answers: which key points do the learner's words touch (checker.mjs reads them alike) -------



def _key_norm(text: str) -> str:
    """A text as the key terms are matched in it: NFKC, lower case, dashes as spaces, one space."""
    s = unicodedata.normalize("NFKC", text).lower().replace("\u2019", "'")
    s = re.sub(r"[-_\u2010-\u2015]", " ", s)
    return re.sub(r"\s+", " ", s).strip()


_NEG_EN = re.compile(r"(?:(?<![a-z])(?:not|no|never|cannot|without|neither|nor|hardly)|n't) (?:[a-z]+ )?$")
_NEG_ZH = re.compile(r"(?:不|没有|没|未|非|无|无法|不能|不会|不是|并非)$")
_TICK, _BOX = "\u2714", "\u2610"


def _named(alt: str, s: str, ns: str) -> bool:
    """Whether the spelling ``alt`` occurs in the normalised text ``s`` (``ns``: without spaces) other
    than right after a negation: a Chinese spelling anywhere, an English one at a word's start (and, of
    three characters or fewer, at its end)."""
    if re.search(r"[\u4e00-\u9fff]", alt):
        a = alt.replace(" ", "")
        i = ns.find(a)
        while i >= 0:
            if not _NEG_ZH.search(ns[:i]):
                return True
            i = ns.find(a, i + 1)
        return False
    i = s.find(alt)
    while i >= 0:
        j = i + len(alt)
        start = not re.match(r"[a-z0-9]", alt) or i == 0 or not re.match(r"[a-z0-9]", s[i - 1])
        end = len(alt) > 3 or not re.search(r"[a-z0-9]$", alt) or not re.match(r"[a-z0-9]|[.,][0-9]", s[j:])
        if start and end and not _NEG_EN.search(s[:i]):
            return True
        i = s.find(alt, i + 1)
    return False


def _touched(point_terms, text: str) -> list[bool]:
    """For each key point (its terms, each a list of spellings), whether the learner's words name
    every one of its terms (checker.mjs's touched does the same)."""
    s = _key_norm(text)
    ns = s.replace(" ", "")
    return [bool(t) and all(any(_named(a, s, ns) for a in term) for term in t) for t in point_terms]


def _normalise(kind: str, value, *, length=None, item_length=None, choices=(), aliases=(), q=None, shown=None):
    """(the answer in a comparable form, the decimals typed per number, the tokens), or _BadAnswer."""
    if value is None or value is Ellipsis:
        raise _BadAnswer(_m("no_answer"))
    if kind == "open":
        if not isinstance(value, str) or not value.strip():
            raise _BadAnswer(_m("open_empty"))
        if _words(value) < 3:
            raise _BadAnswer(_m("open_short", s=_short(value.strip())))
        return value.strip(), None, None
    if kind == "choice":
        if not isinstance(value, str):
            raise _BadAnswer(_m("choice_not_text", list=shown or _choices_text(choices), x=_describe(value)))
        key = _norm_choice(value[:MAX_TEXT])
        for c in choices:
            if _norm_choice(c) == key:
                return c, None, None
        for alias, c in aliases:
            if alias == key:
                return c, None, None
        raise _BadAnswer(_m("choice_bad", choices=shown or _choices_text(choices), s=_short(value.strip())))
    qs = (q or {}).get("quantities")
    at = (q or {}).get("labels_at") or []

    def qof(i):
        if not qs:
            return q or {}
        mine = at[i] if i < len(at) else []
        return {"quantity": qs[i % len(qs)], "units": q.get("units", ()),
                "labels": q.get("labels", ()) if kind == "number" else (),
                "words": q.get("words", ()), "cjk": q.get("cjk", ()), "given": q.get("given", ()),
                "mine": mine, "others": [k for j, e in enumerate(at) if j != i for k in e]}
    _TYPED[0] = value if isinstance(value, str) else ""
    if kind == "number":
        v, d, t = _read_number(value, None, qof(0))
        return v, [d], [t]
    if isinstance(value, str):
        items = _split_text(value, kind, item_length)
        if length is not None and len(items) != length and kind == "tuple" and any(
                not re.search(r"[0-9]", v) for v in items):
            raise _BadAnswer(_m("commas", what=_m("answer"), s=_short(value.strip())))
    elif isinstance(value, (bytes, dict, set, frozenset)) or not hasattr(value, "__len__"):
        raise _BadAnswer(_m("not_sequence", tl=_m("tuple" if kind == "tuple" else "list"), x=_describe(value)))
    elif isinstance(value, np.ndarray) and value.ndim == 0:
        raise _BadAnswer(_m("single_number", tl=_m("tuple" if kind == "tuple" else "list"),
                            x=_short(repr(float(value[()])) if value.dtype.kind in "iuf" else "?")))
    else:
        n = len(value)
        if n > MAX_ENTRIES or (length is not None and n != length):
            want = length if length is not None else _m("at_most", n=MAX_ENTRIES)
            raise _BadAnswer(_m("length", n=want, m=n))
        items = list(value)
    if length is not None and len(items) != length:
        raise _BadAnswer(_m("length", n=length, m=len(items)))
    if kind == "tuple" or item_length is None:
        read = [_read_number(v, _m("entry", i=i + 1), qof(i)) for i, v in enumerate(items)]
        return tuple(r[0] for r in read), [r[1] for r in read], [r[2] for r in read]
    vals, decs, toks = [], [], []
    for i, v in enumerate(items):
        if isinstance(v, (str, bytes)) or not hasattr(v, "__len__") or (
                isinstance(v, np.ndarray) and v.ndim != 1) or len(v) != item_length:
            shown = f"\"{_short(', '.join(v))}\"" if isinstance(v, list) and all(isinstance(u, str) for u in v) \
                else _describe(v)
            raise _BadAnswer(_m("item_length", i=i + 1, k=item_length, s=shown))
        read = [_read_number(u, _m("entry", i=i + 1), qof(j)) for j, u in enumerate(v)]
        vals.append(tuple(r[0] for r in read))
        decs += [r[1] for r in read]
        toks += [r[2] for r in read]
    return tuple(vals), decs, toks


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


def _flat(a) -> list[float]:
    if isinstance(a, (int, float)):
        return [float(a)]
    out = []
    for v in a:
        out += _flat(v)
    return out


_POW10 = [float(f"1e{k}") for k in range(23)]


def _entry(x: float, dec, t: float, tol: float, want: int, least: int = 0, slack: float = 0.0) -> str:
    """How a typed number ``x`` (with ``dec`` decimals, None for an exact fraction) stands to the value
    ``t``: 'ok' (within tol); 'round' (t rounded to dec < want decimals, at least ``least`` of them);
    'cut' (t cut, not rounded, to dec <= want decimals); 'slack' (within the error that rounding the
    intermediate values can make, given per exercise); 'no'. A typed 0 is never a rounding, nor is a
    rounding that keeps no significant digit of t (a unit of the last decimal larger than |t|: 0.1 for
    0.067), nor a whole number for |t| < 10 (1 for an accuracy of 0.76, 5 for 4.6): a rounding is one a
    careful learner could have meant, keeping at least a decimal of a value under 10."""
    if abs(x - t) <= tol * (1 + 1e-9):
        return "ok"
    if dec is not None and least <= dec <= want and dec < len(_POW10) and x != 0 and \
            1 / _POW10[dec] <= abs(t) * (1 + 1e-9) and (dec >= 1 or abs(t) >= 10):
        unit, off = 1 / _POW10[dec], abs(x - t)
        # rounded: nearer than half a unit, or at exactly half a unit away from zero (0.85 -> 0.9;
        # 0.8 is 0.85 cut, not rounded)
        if dec < want and (off < 0.5 * unit * (1 - 1e-9) or (off <= 0.5 * unit * (1 + 1e-9) and abs(x) > abs(t))):
            return "round"
        if (x >= 0) == (t >= 0) and 0 <= abs(t) - abs(x) < unit * (1 - 1e-9):
            return "cut"
    if slack > tol and abs(x - t) <= slack * (1 + 1e-9):
        return "slack"
    return "no"


def _states(given, decs, target, tol, want, least=0, slack=0.0):
    return [_entry(x, d, t, tol, want, least, slack) for x, d, t in zip(given, decs, target)]


def _entries_text(idx: list[int], word: str, parts=()) -> str:
    """'entry 2', 'entries 1 and 3', 'points 2, 3 and 5'; with the parts' names ("P", "R", "F1")
    where the exercise gives them: 'P and R'."""
    if parts and word == "entry" and all(i < len(parts) for i in idx):
        names, word = [parts[i] for i in idx], "part"
    else:
        names = [str(i + 1) for i in idx]
    if len(names) == 1:
        return _m(f"{word}_one", n=names[0])
    return _m(f"{word}_many", list=_m("list_sep").join(names[:-1]) + _m("list_and") + names[-1])


# -- feedback ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer. ``status`` is ``"correct"``, ``"close"``, ``"mistake"``,
    ``"wrong"``, ``"invalid"`` or ``"open"`` (an explain-in-words answer, not graded); ``mistake`` is
    the matched :class:`Mistake` or None."""

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
        return (f'<div style="border-left:4px solid {colour};padding:2px 8px;white-space:pre-wrap">'
                f'<b>{self._ICONS[self.status]} [{html.escape(self.exercise_id)}]</b> '
                f'{html.escape(self.message)}</div>')


@dataclass(frozen=True, repr=False)
class Unanswered(Feedback):
    """``check(id, ...)``: "no answer yet" as text, and the exercise's answer box where widgets show."""

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = {"text/plain": str(self), "text/html": self._repr_html_()}
        try:
            from ._widget import AnswerBox
        except ImportError:  # anywidget missing: the text says what to do
            return bundle
        view = AnswerBox(EXERCISES[self.exercise_id])._repr_mimebundle_()
        view = view[0] if isinstance(view, tuple) else view
        if "application/vnd.jupyter.widget-view+json" in view:
            bundle["application/vnd.jupyter.widget-view+json"] = view["application/vnd.jupyter.widget-view+json"]
        return bundle


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
        EXERCISES._load(chapter)
        same = sorted((k for k in EXERCISES._d if k.split(".")[0] == chapter), key=lambda k: int(k.split(".")[1])
                      if k.split(".")[1].isdigit() else 0)
        hint = f" (chapter {chapter} has {same})" if same else ""
        raise KeyError(f"no exercise with id {exercise_id!r}{hint}") from None


def check(exercise_id: str, answer, variant: int = 0) -> Feedback:
    """Check ``answer`` against exercise ``exercise_id``; never raises for a bad answer.

    ``answer`` is a Python value or the text typed in the answer box. Verdicts
    (see the module's docstring): correct, close (a rounding slip only),
    mistake (a listed one, with its hint), invalid (not of the wanted form;
    the message says what is wanted), wrong (naming the wrong entries), open
    (an explain-in-words answer: the model answer's key points to tick).
    ``check(id, ...)`` (no answer yet) shows the exercise's answer box where
    widgets are shown. ``variant=k`` checks the answer to variant ``k`` of the
    exercise (:func:`another` shows its prompt; 0, the default, is the exercise itself).

    >>> from learnmetrics.exercises import EXERCISES, check
    >>> all(check(i, e.answer).correct for i, e in EXERCISES.items())
    True
    """
    ex = _get(exercise_id)
    if variant != 0:
        ex = _get_variant(ex, variant)
    if answer is Ellipsis or answer is None:
        if variant != 0:
            return Feedback(ex.id, "invalid", _m("unanswered_variant", wanted=ex.wanted))
        return Unanswered(ex.id, "invalid", _m("unanswered", wanted=ex.wanted))
    try:
        return _verdict(ex, answer)
    except _BadAnswer as bad:
        return Feedback(ex.id, "invalid", str(bad))
    except Exception:  # noqa: BLE001 - whatever a learner's object does, check answers in words
        return Feedback(ex.id, "invalid", _m("unreadable", wanted=ex.wanted))


def _close_text(ex: Exercise, st, decs, toks, also) -> str:
    parts = []
    k = _shape_of(ex.kind, ex.answer)[1] if ex.kind == "sequence" else None
    for i, (state, d, t) in enumerate(zip(st, decs, toks)):
        if state == "ok":
            continue
        part = _m("c_" + state, x=t, k=d, s="s" if d != 1 else "", e=_num_text(ex.slack))
        where = _m("point_at", p=i // k + 1) if k else _m("entry_at", i=i + 1)
        parts.append(part if len(st) == 1 else where + part)
    text = _m("close", parts=_m("part_sep").join(parts), precision=ex.precision)
    if also is not None:
        text += _m("close_also", mistake=also.said()[0].rstrip(" .,;:。，；"))
    return text


def _num_text(x: float) -> str:
    return f"{x:.6f}".rstrip("0").rstrip(".")


def _verdict(ex: Exercise, answer) -> Feedback:
    length, item_length = _shape_of(ex.kind, ex.answer)
    given, decs, toks = _normalise(ex.kind, answer, length=length, item_length=item_length,
                                   choices=ex.choices, aliases=ex.aliases, q=ex.reading,
                                   shown=ex.choices_text if ex.kind == "choice" else None)
    if ex.kind == "open":
        points = ex.text("key_points")
        touched = _touched(ex.point_terms, given)
        lines = "\n".join(f"{_TICK if hit else _BOX} {p}" for p, hit in zip(points, touched))
        return Feedback(ex.id, "open", _m("open", k=sum(touched), n=len(points), points=lines))
    hint = ex.text("hint")
    if ex.kind == "choice":
        if given == ex.answer:
            return Feedback(ex.id, "correct", _m("correct", answer=ex.choice_text(ex.answer)))
        for m in ex.mistakes:
            if m.answer == given:
                return Feedback(ex.id, "mistake", _m("mistake", mistake=m.said()[0], hint=m.said()[1]), m)
        return Feedback(ex.id, "wrong", _m("wrong", hint=hint))
    g, tol, want = _flat(given), ex.tolerance, ex.decimals
    a = _flat(ex.answer)
    st = _states(g, decs, a, tol, want, 0, ex.slack)
    # a listed mistake, typed as is, rounded or cut, and nearer the mistake's value than the truth
    off = max(abs(x - t) for x, t in zip(g, a))
    best = None
    for m in ex.mistakes:
        ma = _flat(m.answer)
        if all(s != "no" for s in _states(g, decs, ma, tol, want, 2)):
            near = max(abs(x - t) for x, t in zip(g, ma))
            if near < off and (best is None or near < best[0]):
                best = (near, m)
    also = best
    if best is None:      # a close answer that is as near a listed mistake (at any precision) says so too
        for m in ex.mistakes:
            ma = _flat(m.answer)
            if all(s != "no" for s in _states(g, decs, ma, tol, want)):
                near = max(abs(x - t) for x, t in zip(g, ma))
                if near <= off and (also is None or near < also[0]):
                    also = (near, m)
    if best is None:      # a count is a whole number (unless a listed mistake's value, 512.1, is typed)
        for x, q, t in zip(g, ex.quantities_of(len(g)), toks):
            if q == "count" and x != math.floor(x):
                return Feedback(ex.id, "invalid", _m("count_whole", t=t))
    if all(s == "ok" for s in st):
        return Feedback(ex.id, "correct", _m("correct", answer=_fmt(ex.kind, ex.answer)))
    if all(s != "no" for s in st):
        return Feedback(ex.id, "close", _close_text(ex, st, decs, toks, also[1] if also else None),
                        also[1] if also else None)
    if best is not None:
        m = best[1]
        return Feedback(ex.id, "mistake", _m("mistake", mistake=m.said()[0], hint=m.said()[1]), m)
    shares = [q == "share" for q in ex.quantities_of(len(g))]
    # a share typed as a percentage without its sign: 86 for 0.86
    if all(shares) and all(0 <= t <= 1 for t in a) and any(abs(x) > 1 for x in g) \
            and all(abs(x) <= 100 for x in g) and not any(t.endswith("%") for t in toks):
        ps = _states([x / 100 for x in g], [None if d is None else d + 2 for d in decs], a, tol, want)
        if all(s != "no" for s in ps):
            msg = _m("percent_one", t=toks[0]) if len(g) == 1 else _m("percent_many")
            return Feedback(ex.id, "invalid", msg[0].upper() + msg[1:])
    # the right size with the wrong sign, where the answer is a difference
    if ex.signed:
        flips = [i for i, (x, d, t) in enumerate(zip(g, decs, a))
                 if st[i] == "no" and abs(t) > tol and _entry(-x, d, t, tol, want) != "no"]
        if flips and all(s != "no" or i in flips for i, s in enumerate(st)):
            where = "" if len(g) == 1 else _m("where", which=_entries_text(flips, "entry"))
            mk = Mistake(tuple(-x for x in g) if len(g) > 1 else -g[0], _m("sign", where=where), _m("sign_hint"))
            return Feedback(ex.id, "mistake", _m("mistake", mistake=mk.mistake, hint=mk.hint), mk)
    if len(g) == 1 and shares[0] and not 0 <= g[0] <= 1:
        return Feedback(ex.id, "wrong", _m("share_range", t=toks[0], hint=hint))
    if len(g) > 1:
        if ex.kind == "sequence" and item_length:
            bad = sorted({i // item_length for i, s in enumerate(st) if s == "no"})
            word, n = "point", length
        else:
            bad, word, n = [i for i, s in enumerate(st) if s == "no"], "entry", len(g)
        if len(bad) < n:
            if any(s not in ("ok", "no") for s in st):
                key = "wrong_one_close" if len(bad) == 1 else "wrong_many_close"
                return Feedback(ex.id, "wrong", _m(key, which=_entries_text(bad, word, ex.parts), hint=hint))
            good = [i for i in range(n) if i not in bad]      # per-part credit: which parts are right
            right = _m("right_one" if len(good) == 1 else "right_many", which=_entries_text(good, word, ex.parts))
            wrong = _m("is_wrong_one" if len(bad) == 1 else "is_wrong_many", which=_entries_text(bad, word, ex.parts))
            return Feedback(ex.id, "wrong", _m("wrong_parts", right=right, wrong=wrong, hint=hint))
    return Feedback(ex.id, "wrong", _m("wrong", hint=hint))


# -- the registry ------------------------------------------------------------------------------------
def _key_points(text: str) -> tuple[str, ...]:
    """The model answer's sentences (a full stop, ! or ? then a capital; never inside brackets)."""
    points, start, depth = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "([") - (ch in ")]")
        if depth == 0 and ch in ".!?" and re.match(r"\s+[A-Z(\"']", text[i + 1:i + 3]):
            points.append(text[start:i + 1].strip())
            start = i + 1
    points.append(text[start:].strip())
    return tuple(p for p in points if p)


def register(id: str, prompt: str, *, kind: str, answer, mistakes=(), tolerance: float | None = None, data=None,
             choices=(), hint: str | None = None, solve=None, decimals: int | None = None, aliases=None,
             key_points=None, zh=None, quantity=None, units=(), signed: bool = False,
             slack: float = 0.0, variants=None, parts=()) -> Exercise:
    """Build an exercise, normalise its answers and add it to :data:`EXERCISES`.

    ``decimals`` is the precision the exercise asks for (0: whole numbers);
    without it, it follows from ``tolerance`` (5e-4: 3 decimals, 0.005: 2);
    without a tolerance, the tolerance is half a unit of the last decimal
    wanted (5e-4 when neither is given). ``aliases`` maps more spellings of a
    choice to it (the usual ones, "leave-one-out" for "loo", are known);
    ``key_points`` (open exercises) default to the model answer's sentences.

    A computed exercise says what its numbers are: ``quantity`` is one of
    :data:`QUANTITIES` (or a tuple of them, one per entry of a tuple): only a
    ``"share"`` (a proportion, a rate, a probability, between 0 and 1) is read
    from a percentage ("52.6%", "52.6 percent", "百分之52.6"). ``units`` are the
    words a learner may type after the number ("melons", "digits"); any other
    word after it is refused with a message naming it. ``signed`` marks an answer
    that is a difference (A - B), the only kind where "the right size with the
    wrong sign" is said. ``slack`` is the largest error that rounding the
    intermediate values at the asked precision can make (:func:`rounding_slack`):
    an answer that far off is *close*, with a message that says so.

    ``variants`` ("another one") is a function ``seed -> dict`` that recomputes the exercise from new
    data: ``prompt``, ``answer``, ``mistakes`` (the same mistakes in the same order, on the new data),
    ``solve`` and ``data`` (optionally ``tolerance``, ``decimals``, ``slack``); seed 0 gives the
    exercise itself (the tests hold it to that), seeds 1..N_VARIANTS the variants the page stores.
    ``parts`` names the entries of a tuple ("P", "R", "F1") for the per-part verdict.

    Refuses an id already used, a kind not in :data:`KINDS`, an answer of the
    wrong form, a mistake that equals the right answer (it could never be
    reported) and two mistakes with the same answer (the second would never be).
    """
    if not isinstance(id, str) or len(id.split(".")) != 2:
        raise ValueError(f"id must look like '04.2' (chapter.number), got {id!r}")
    if id in EXERCISES._d:
        raise ValueError(f"id {id!r} is already registered")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    if kind == "open" and (not isinstance(answer, str) or mistakes):
        raise ValueError(f"exercise {id}: an open exercise has a model answer (text) and no mistakes")
    if kind == "choice" and not choices:
        raise ValueError(f"exercise {id}: a choice exercise needs its choices")
    numeric = kind in ("number", "tuple", "sequence")
    if numeric and quantity is None:
        raise ValueError(f"exercise {id}: say what its numbers are: quantity= one of {QUANTITIES}")
    if quantity is None:
        quantity = "value"
    for q in (quantity if isinstance(quantity, tuple) else (quantity,)):
        if q not in QUANTITIES:
            raise ValueError(f"exercise {id}: quantity must be one of {QUANTITIES} (or a tuple of them), got {q!r}")
    if not (isinstance(slack, (int, float)) and math.isfinite(slack) and slack >= 0):
        raise ValueError(f"exercise {id}: slack must be a finite number >= 0, got {slack!r}")
    if decimals is not None and (isinstance(decimals, bool) or not isinstance(decimals, int)
                                 or not 0 <= decimals <= 12):
        raise ValueError(f"exercise {id}: decimals must be an int from 0 to 12, got {decimals!r}")
    if tolerance is None:
        tolerance = DEFAULT_TOLERANCE if decimals is None else 0.5 / _POW10[decimals]
    tolerance = float(tolerance)
    if not (tolerance >= 0 and math.isfinite(tolerance)):
        raise ValueError(f"exercise {id}: tolerance must be a finite number >= 0, got {tolerance!r}")
    if decimals is None:
        decimals = 0 if tolerance == 0 else max(0, math.ceil(-math.log10(2 * tolerance) - 1e-9))
    choices = tuple(choices)
    # the exercise's own spellings first: a general one that would clash with them is left out
    own = tuple((_norm_choice(k), v) for k, v in dict(aliases or {}).items())
    mine = {k for k, _ in own}
    alias_pairs = _checked_aliases(id, choices, own + tuple(p for p in _aliases_for(choices) if p[0] not in mine))
    item_length = None
    if kind == "sequence":
        first = next(iter(answer), None)
        item_length = len(first) if first is not None and hasattr(first, "__len__") else None
    try:
        answer = _normalise(kind, answer, item_length=item_length, choices=choices)[0]
    except _BadAnswer as bad:
        raise ValueError(f"exercise {id}: its answer is malformed: {bad}") from None
    length, item_length = _shape_of(kind, answer)
    norm = _checked_mistakes(id, kind, answer, mistakes, tolerance, choices)
    if variants is not None and (kind not in ("number", "tuple", "sequence") or not callable(variants)):
        raise ValueError(f"exercise {id}: variants must be a function seed -> dict, for a computed exercise")
    parts = tuple(parts)
    if parts and (kind != "tuple" or len(parts) != length):
        raise ValueError(f"exercise {id}: parts name the {length} entries of a tuple, got {parts!r}")
    from ._key_terms import POINTS_EN
    points = tuple(key_points) if key_points else tuple(POINTS_EN.get(id, ())) or (
        _key_points(answer) if kind == "open" else ())
    zh = _checked_zh(id, kind, dict(zh or {}), norm)
    ex = Exercise(id=id, prompt=prompt, kind=kind, answer=answer, mistakes=tuple(norm), tolerance=tolerance,
                  data=dict(data or {}), choices=choices, solve=solve, decimals=decimals,
                  aliases=alias_pairs, key_points=points, zh=zh, quantity=quantity,
                  units=tuple(units), signed=bool(signed), slack=float(slack), variants=variants, parts=parts,
                  **({} if hint is None else {"hint": hint}))
    EXERCISES[id] = ex
    return ex


def _checked_mistakes(id, kind, answer, mistakes, tolerance, choices) -> list[Mistake]:
    """The mistakes normalised to the answer's form; refuses one that equals the answer or another."""
    length, item_length = _shape_of(kind, answer)
    norm = []
    for m in mistakes:
        try:
            a = _normalise(kind, m.answer, length=length, item_length=item_length, choices=choices)[0]
        except _BadAnswer as bad:
            raise ValueError(f"exercise {id}: mistake {m.mistake!r} has a malformed answer: {bad}") from None
        if _distance(a, answer) <= tolerance:
            raise ValueError(f"exercise {id}: mistake {m.mistake!r} gives the correct answer "
                             f"{_fmt(kind, answer)}; it could never be reported")
        for other in norm:
            if _distance(a, other.answer) <= tolerance:
                raise ValueError(f"exercise {id}: mistakes {other.mistake!r} and {m.mistake!r} give the same "
                                 f"answer {_fmt(kind, a)}")
        norm.append(Mistake(a, m.mistake, m.hint, tuple(m.zh)))
    return norm


_ZH_KEYS = ("prompt", "hint", "solve", "answer", "key_points", "mistakes", "choices", "variants", "aliases")


def _checked_zh(id, kind, zh: dict, mistakes) -> dict:
    """The Chinese texts of an exercise, checked: known keys only, one (mistake, hint) pair per
    mistake (kept on the mistakes, not here), the model answer only for an open exercise."""
    unknown = set(zh) - set(_ZH_KEYS)
    if unknown:
        raise ValueError(f"exercise {id}: unknown Chinese texts {sorted(unknown)}; known: {_ZH_KEYS}")
    if "answer" in zh and kind != "open":
        raise ValueError(f"exercise {id}: only an open exercise has a model answer in words")
    if "choices" in zh:
        zh["choices"] = tuple(zh["choices"])
        if kind != "choice":
            raise ValueError(f"exercise {id}: only a choice exercise has Chinese names of its choices")
    pairs = zh.pop("mistakes", None)
    if pairs is not None:
        pairs = [tuple(p) for p in pairs]
        if len(pairs) != len(mistakes) or any(len(p) != 2 for p in pairs):
            raise ValueError(f"exercise {id}: give one (mistake, hint) pair per mistake: {len(mistakes)} "
                             f"mistakes, got {len(pairs)} pairs")
        for i, p in enumerate(pairs):
            mistakes[i] = Mistake(mistakes[i].answer, mistakes[i].mistake, mistakes[i].hint, p)
    if kind == "open" and "answer" in zh and "key_points" not in zh:
        zh["key_points"] = _key_points_zh(zh["answer"])
    return zh


def _key_points_zh(text: str) -> tuple[str, ...]:
    """A Chinese model answer's sentences (a 。！？ outside brackets ends one)."""
    points, start, depth = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "(（[") - (ch in ")）]")
        if depth == 0 and ch in "。！？":
            points.append(text[start:i + 1].strip())
            start = i + 1
    points.append(text[start:].strip())
    return tuple(p for p in points if p)


def translate(id: str, **zh) -> Exercise:
    """Give exercise ``id`` its Chinese texts (the chapter's ``zh_chNN.py`` calls this):
    ``prompt``, ``hint``, ``solve`` (a function returning the worked solution), ``answer`` (an
    open exercise's model answer), ``key_points``, ``mistakes`` (one (mistake, hint) pair per
    mistake, in the order of the English ones), ``variants`` (a function from the English variant
    maker's dict to the Chinese ``prompt``, ``solve`` and ``mistakes`` of that variant), ``aliases``
    (a choice exercise: more spellings of its choices, {"保持不变": "stays the same"}, accepted in
    either language as the Chinese names are). Numbers come from the same computed values."""
    ex = EXERCISES._d[id]
    mistakes = list(ex.mistakes)
    checked = _checked_zh(id, ex.kind, dict(zh), mistakes)
    aliases = ex.aliases
    if "choices" in checked:
        if len(checked["choices"]) != len(ex.choices):
            raise ValueError(f"exercise {id}: give one Chinese name per choice ({len(ex.choices)}), got "
                             f"{len(checked['choices'])}")
        aliases += tuple((_norm_choice(z), c) for z, c in zip(checked["choices"], ex.choices))
    more = checked.pop("aliases", None)       # Chinese spellings of the choices ({"保持不变": "stays the same"})
    if more is not None:
        if ex.kind != "choice":
            raise ValueError(f"exercise {id}: only a choice exercise has aliases")
        aliases += tuple((_norm_choice(k), v) for k, v in dict(more).items())
    if ex.kind == "choice":
        aliases = _checked_aliases(id, ex.choices, aliases)
    new = dataclasses.replace(ex, zh={**ex.zh, **checked}, mistakes=tuple(mistakes), aliases=aliases)
    EXERCISES[id] = new
    return new


def rounding_slack(f: Callable[..., float], values, decimals: int) -> float:
    """The largest change of ``f(*values)`` when each value is first rounded to ``decimals``
    decimals: ``f`` at every corner of the box values +- half a unit of the last decimal (the
    extremes of a function monotone in each value lie at corners)."""
    import itertools
    half = 0.5 / _POW10[decimals]
    t = f(*values)
    return max(abs(f(*(v + s * half for v, s in zip(values, signs))) - t)
               for signs in itertools.product((-1, 1), repeat=len(values)))


def exercises_of_chapter(chapter: str) -> list[Exercise]:
    """The exercises of one chapter ("04"), in id order."""
    EXERCISES._load(chapter)
    return sorted((e for e in EXERCISES._d.values() if e.chapter == chapter),
                  key=lambda e: int(e.id.split(".")[1]))


class Solution:
    """A worked solution, shown folded (an HTML ``<details>``) so it starts hidden in
    JupyterLab, Voilà and a static HTML page; its text is recomputed on every run, in the
    language set by ``learnmetrics.set_language`` (the Chinese worked solution where the chapter
    gives one)."""

    def __init__(self, exercise: Exercise):
        self.exercise = exercise
        solve = exercise.text("solve")
        self.text = solve() if solve is not None else ""
        label = _m("label_model" if exercise.kind == "open" else "label_answer")
        colon = "：" if _lang() == "zh" else ": "
        shown = exercise.choice_text(exercise.answer) if exercise.kind == "choice" else \
            _fmt(exercise.kind, exercise.text("answer"))
        self.text += ("\n" if self.text else "") + f"{label}{colon}{shown}"
        self.title = _m("solution", id=exercise.id)
        self.click = _m("click")

    def __str__(self) -> str:
        return f"{self.title}\n{self.text}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return (f'<details class="lm-solution"><summary>{html.escape(self.title)} '
                f'{html.escape(self.click)}</summary><pre style="white-space:pre-wrap;font-family:var(--jp-code-font-family, monospace)">{html.escape(self.text)}</pre>'
                f'</details>')


def solution(exercise_id: str, variant: int = 0) -> Solution:
    """The worked solution of an exercise (of its variant ``variant``: see :func:`another`),
    folded until the learner opens it."""
    ex = _get(exercise_id)
    return Solution(ex if variant == 0 else _get_variant(ex, variant))


# -- "another one": variants of an exercise with new numbers ------------------------------------------
_VARIANT_CACHE: dict = {}
_NEXT: dict[str, int] = {}


def _get_variant(ex: Exercise, k) -> Exercise:
    """Variant ``k`` of ``ex`` for a learner's call: a clear error for a bad ``k``."""
    if not ex.has_variants:
        raise ValueError(f"exercise {ex.id} has no variants with new numbers (variant must be 0)")
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 0 <= k <= N_VARIANTS:
        raise ValueError(f"variant must be a whole number from 0 to {N_VARIANTS}, got {k!r}")
    return _variant(ex, int(k))


def _variant(ex: Exercise, k: int) -> Exercise:
    """Variant ``k`` of ``ex``, built from the exercise's variant maker: from the first of the seeds
    k, k + 10, k + 20, ... whose answer and mistakes are all distinct (as :func:`register` requires)
    and whose answer differs from those of the exercise and of variants 1..k-1. Cached."""
    if k == 0:
        return ex
    if not ex.has_variants:
        raise ValueError(f"exercise {ex.id} has no variants")
    key = (ex.id, k)
    hit = _VARIANT_CACHE.get(key)
    if hit is not None and hit[0] is ex:
        return hit[1]
    earlier = [_flat(ex.answer)] + [_flat(_variant(ex, j).answer) for j in range(1, k)]
    for seed in range(k, k + 10 * 50, 10):
        try:
            v = _build_variant(ex, k, ex.variants(seed))
        except ValueError:
            continue
        if all(_distance(tuple(_flat(v.answer)), tuple(e)) > ex.tolerance for e in earlier):
            _VARIANT_CACHE[key] = (ex, v)
            return v
    raise RuntimeError(f"exercise {ex.id}: no valid variant {k} in 50 seeds")


def _build_variant(ex: Exercise, k: int, made: dict) -> Exercise:
    """An exercise from a variant maker's dict: ``prompt``, ``answer``, ``mistakes`` (as many as the
    exercise's, in the same order), ``solve`` and ``data``; optionally ``tolerance``, ``decimals`` and
    ``slack``. The Chinese maker (given by ``translate(..., variants=...)``) turns the same dict into
    the Chinese ``prompt``, ``solve`` and ``mistakes`` (pairs)."""
    unknown = set(made) - {"prompt", "answer", "mistakes", "solve", "data", "tolerance", "decimals", "slack", "hint"}
    if unknown:
        raise TypeError(f"exercise {ex.id}: a variant maker gave unknown fields {sorted(unknown)}")
    tolerance = float(made.get("tolerance", ex.tolerance))
    decimals = int(made.get("decimals", ex.decimals))
    length, item_length = _shape_of(ex.kind, ex.answer)
    if ex.kind == "sequence":
        first = next(iter(made["answer"]), None)
        item_length = len(first) if first is not None and hasattr(first, "__len__") else None
    try:
        answer = _normalise(ex.kind, made["answer"], item_length=item_length, choices=ex.choices)[0]
    except _BadAnswer as bad:
        raise ValueError(f"exercise {ex.id}: its variant's answer is malformed: {bad}") from None
    mistakes = _checked_mistakes(ex.id, ex.kind, answer, made["mistakes"], tolerance, ex.choices)
    if len(mistakes) != len(ex.mistakes):
        raise ValueError(f"exercise {ex.id}: a variant has {len(mistakes)} mistakes, the exercise "
                         f"{len(ex.mistakes)}")
    stale = ("prompt", "solve", "variants") + (("hint",) if "hint" in made else ())   # texts with the old numbers
    zh = {key: val for key, val in ex.zh.items() if key not in stale}
    zmake = ex.zh.get("variants")
    if zmake is not None:
        zmade = dict(zmake(made))
        pairs = zmade.pop("mistakes", None)
        if pairs is not None:
            if len(pairs) != len(mistakes):
                raise ValueError(f"exercise {ex.id}: the Chinese variant gives {len(pairs)} mistakes, "
                                 f"not {len(mistakes)}")
            mistakes = [Mistake(m.answer, m.mistake, m.hint, tuple(p)) for m, p in zip(mistakes, pairs)]
        zh.update({key: zmade[key] for key in ("prompt", "solve", "hint") if key in zmade})
    else:        # no Chinese variant: the Chinese texts of the exercise itself would name other numbers
        mistakes = [Mistake(m.answer, m.mistake, m.hint) for m in mistakes]
    solve = made.get("solve")
    return dataclasses.replace(ex, hint=made.get("hint", ex.hint), prompt=made["prompt"], answer=answer, mistakes=tuple(mistakes), solve=solve,
                               data=dict(made.get("data", {})), tolerance=tolerance, decimals=decimals,
                               slack=float(made.get("slack", ex.slack)), zh=zh, variant_index=k)


class Another:
    """Variant ``k`` of an exercise: its prompt and how to check it (text and HTML)."""

    def __init__(self, exercise: Exercise, k: int):
        self.exercise, self.variant = exercise, k
        v = exercise.variant(k)
        self.prompt = v.text("prompt")
        self.text = _m("another", id=exercise.id, k=k, n=N_VARIANTS, prompt=self.prompt, wanted=v.wanted)

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return f'<div class="lm-another" style="white-space:pre-wrap">{html.escape(self.text)}</div>'


def another(exercise_id: str, variant: int | None = None) -> Another:
    """Another try with new numbers: variant ``variant`` (1..N_VARIANTS) of an exercise, its prompt
    and how to check it (``check(id, answer, variant=k)``, ``solution(id, variant=k)``). Without
    ``variant``, the next one (1, 2, ..., N_VARIANTS, then 1 again) each time it is called."""
    ex = _get(exercise_id)
    if not ex.has_variants:
        raise ValueError(f"exercise {ex.id} has no variants with new numbers; these have: "
                         f"{', '.join(e for e in EXERCISES if EXERCISES[e].has_variants)}")
    if variant is None:
        variant = _NEXT.get(ex.id, 0) % N_VARIANTS + 1
    elif isinstance(variant, bool) or not isinstance(variant, numbers.Integral) or not 1 <= variant <= N_VARIANTS:
        raise ValueError(f"variant must be a whole number from 1 to {N_VARIANTS}, got {variant!r}")
    _NEXT[ex.id] = int(variant)
    return Another(ex, int(variant))
