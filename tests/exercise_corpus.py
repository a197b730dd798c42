"""A corpus of typed answers for every exercise: what a learner might type in the answer box.

For each exercise: the answer written several ways (full precision, rounded and cut to
0-6 decimals, with units, as a fraction, as a percentage with and without %), values just
inside and outside the tolerance, far off, the other sign, each listed mistake (exact and
rounded), tuples swapped, one entry off, the wrong length, choices in other spellings, and
text that is no answer. Used by the equality test of the JavaScript checker and Python's
check (tests/test_exercise_checker_js.py) and by the browser suite.
"""
from __future__ import annotations

import math
from fractions import Fraction


def _num(x: float, how: str = "r") -> list[str]:
    out = [repr(float(x)), f"{x:.4g}"]
    for d in range(0, 7):
        out.append(f"{x:.{d}f}")
        cut = math.trunc(x * 10 ** d) / 10 ** d
        out.append(f"{cut:.{d}f}")
    return out


def _frac(x: float) -> list[str]:
    f = Fraction(x).limit_denominator(400)
    if f.denominator > 1 and abs(float(f) - x) < 1e-9:
        return [f"{f.numerator}/{f.denominator}", f'"{f.numerator}/{f.denominator}"']
    return []


def _join(vals, fmt=repr, brackets="()") -> str:
    return brackets[0] + ", ".join(fmt(v) for v in vals) + brackets[1]


def _seq(points, fmt=repr) -> str:
    if points and isinstance(points[0], (list, tuple)):
        return "[" + ", ".join(_join(p, fmt) for p in points) + "]"
    return _join(points, fmt, "[]")


TEXT = ["", "   ", "abc", "idk", "I don't know", "1e400", "x" * 1500, "0.5 and 0.6", "1/0", "NaN", "inf",
        "0,5", "(1, 2", "[[1, 2]]", "3.5 min^2", "5 errors", "=0.25", "'0.25'", "\u201c0.25\u201d", "25 %",
        "因为测试集被用来做了选择, 所以它已经不独立了", "\u2212 0.5",
        # a Chinese keyboard, words after a number, percentages in words (issue 34)
        "０.５２６３", "0.526 thousand", "0.526 k", "0.5263 pct", "0.526 %", "52.6 percent", "百分之52.6", "\u22120.5",
        "0.5 。", "１３/１７", "13 melons", "263 位", "5 errors", "(0.6，0.9，0.72)", "（0.6, 0.9, 0.72）",
        "0.6，0.9，0.72", "0.6、0.9、0.72", "350%", "200.00%",
        # words before a number (named), an answer written as a sentence
        "约0.5263", "≈ 0.5", "答：0.25", "F2 = 0.5263", "about 13", "P=0.6, R=0.9, F1=0.72", "x 0.5 y", "，0.5"]


def _wide(text: str) -> str:
    """``text`` as a full-width (Chinese) keyboard types it."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def corpus(spec: dict) -> list[str]:
    kind, tol = spec["kind"], spec["tolerance"]
    out = list(TEXT)
    if kind == "number":
        a = spec["answer"]
        out += _num(a) + _frac(a)
        out += [repr(a + s * tol * f) for s in (1, -1) for f in (0.9, 1.1, 3, 20)]
        out += [repr(a * 1.41), repr(a * 0.59), repr(-a), f"{-a:.2f}", repr(a + 1), repr(a - 1)]
        out += [f"{a * 100:.0f}", f"{a * 100:.2f}", f"{a * 100:.1f}%", f"{a * 100:.4f} %", f"{a:.4f} min^2",
                f"{a:g} errors", f"{a:.3f}."]
        out += [_wide(f"{a:.4f}"), f"{a * 100:.2f} percent", f"{a:.4f} pct", f"{a:.3f} thousand", f"{a:.4f}。"]
        for m in spec["mistakes"]:
            out += [repr(m["answer"]), f"{m['answer']:.1f}", f"{m['answer']:.2f}", f"{m['answer']:.3f}",
                    f"{m['answer'] * 100:.0f}"] + _frac(m["answer"])
    elif kind in ("tuple", "sequence"):
        a = spec["answer"]
        items = [a] + [m["answer"] for m in spec["mistakes"]]
        for it in items:
            for fmt in (repr, lambda v: f"{v:.2f}", lambda v: f"{v:.1f}", lambda v: f"{v:.3f}", lambda v: f"{v:.4f}"):
                out.append(_seq(it, fmt) if kind == "sequence" else _join(it, fmt))
        flat = _flatten(a)
        if kind == "tuple":
            out += [_join(a, brackets="[]"), "; ".join(repr(v) for v in a), ", ".join(repr(v) for v in a),
                    _join(a[::-1]), _join(a[:-1]), _join(list(a) + [0.5]), _join([-v for v in a]),
                    _join([v * 100 for v in a], lambda v: f"{v:.1f}"),
                    _join([v * 100 for v in a], lambda v: f"{v:.1f}%"),
                    ", ".join(f"{v:g} errors" for v in a)]
            for i in range(len(a)):
                for delta in (tol * 0.5 + 0.3, -1, tol * 3):
                    b = list(a)
                    b[i] = b[i] + delta
                    out.append(_join(b))
                b = list(a)
                b[i] = -b[i]
                out.append(_join(b))
                out.append(_join([f"{v:.2f}" if j == i else repr(v) for j, v in enumerate(a)], str))
        else:
            out += [_seq(a)[1:-1], _wide(_seq(a)), _seq(a)[1:-1].replace(",", "，"),
                    _seq(a[:-1]), _seq(list(a) + [a[-1]]), _seq(a[::-1]),
                    ", ".join(_join(p) if isinstance(p, list) else repr(p) for p in a)]
            for i in range(len(a)):
                b = [list(p) if isinstance(p, list) else p for p in a]
                if isinstance(b[i], list):
                    b[i][-1] += 0.3
                    out.append(_seq(b))
                    c = [list(p) for p in a]
                    c[i] = c[i][:-1]
                    out.append(_seq(c))
                else:
                    b[i] += 0.3
                    out.append(_seq(b))
            out.append(_seq(a, lambda v: f"{v * 100:.0f}"))
        out += [", ".join(f"{v:.2f}" for v in flat), _wide(_join(a) if kind == "tuple" else _seq(a)),
                "，".join(f"{v:.4f}" for v in flat), "（" + "，".join(f"{v:.4f}" for v in flat) + "）"]
    elif kind == "choice":
        for c in spec["choices"]:
            out += [c, c.upper(), f"the {c}.", c.replace(" ", "-"), f"  {c}  ", c.replace("²", "^2"),
                    c.replace("α", "alpha"), f"'{c}'"]
        out += [_wide(c) for c in spec["choices"]] + ["方差", "噪声", "约一半", "不变", "不是", "都不显著"]
        out += list(spec["aliases"]) + ["hold-out", "leave-one-out", "The Bootstrap", "bias^2", "No.", "yes!",
                                        "k-fold", "10-fold CV", "none of them"]
    else:  # open
        out += [spec["answer"], spec["answer"][:30], "because of the test set", "the test set was used to choose",
                "no idea", "它 不 知道", "p is large", " ".join(spec["answer"].split()[::2])]
        out += [p for p in spec["key_points"]]
    seen, unique = set(), []
    for s in out:
        if s not in seen:
            seen.add(s)
            unique.append(s)
    return unique


def _flatten(a):
    return [u for v in a for u in (_flatten(v) if isinstance(v, (list, tuple)) else [v])]
