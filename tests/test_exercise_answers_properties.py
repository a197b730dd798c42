"""Issue 34's "Checks", as properties over every computed exercise (its variants too), in Python and in the page.

* every rounding of the answer at the asked precision or finer is correct;
* a coarser rounding is "close" (or a listed mistake whose value it is) and the message's "x is the right
  value rounded (cut) to k decimals" is true of x (rounding half away from zero, as a learner rounds);
* random values that are no rounding or cut of the truth, and beyond the tolerance and the rounding slack,
  are never "close" or "correct";
* each input form, in both languages: full-width digits, a Chinese full stop, Chinese commas and brackets,
  、 between numbers, a list of points without its outer brackets, a percentage where a share is asked
  (refused, saying so, where none is), trailing words refused naming them;
* the page's checker gives the same verdict and message on every one of these texts.
(A seeded sample; /tmp scripts ran the same with 150 random values per exercise and variant.)
"""
from __future__ import annotations

import math
import random
import re
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

import pytest

from learnmetrics._language import using
from learnmetrics.exercises import EXERCISES, check
from learnmetrics.exercises._core import _flat, _shape_of

N_RANDOM = 3


def _q(t: float, k: int, how) -> float:
    return float(Decimal(repr(t)).quantize(Decimal(1).scaleb(-k), rounding=how))


def _is_rounding(x: float, t: float, k: int) -> bool:
    return _q(t, k, ROUND_HALF_UP) == x or _q(t, k, ROUND_DOWN) == x


def _text(ex, vals: list[str]) -> str:
    item = _shape_of(ex.kind, ex.answer)[1]
    if ex.kind == "number":
        return vals[0]
    if ex.kind == "tuple":
        return "(" + ", ".join(vals) + ")"
    if item:
        return "[" + ", ".join("(" + ", ".join(vals[i:i + item]) + ")" for i in range(0, len(vals), item)) + "]"
    return "[" + ", ".join(vals) + "]"


def _wide(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _cases():
    rng = random.Random(34)
    out = []   # (exercise id, variant, text, what is wanted)
    for eid in EXERCISES:
        ex0 = EXERCISES[eid]
        if ex0.kind not in ("number", "tuple", "sequence"):
            continue
        for k in ((0, 1, 3) if ex0.has_variants else (0,)):
            ex = ex0.variant(k)
            a, d, tol, slack = _flat(ex.answer), ex.decimals, ex.tolerance, ex.slack
            out += [(eid, k, _text(ex, [f"{t:.{dd}f}" for t in a]), "correct") for dd in range(d, d + 3)]
            for dd in range(d):
                vals = [f"{t:.{dd}f}" for t in a]
                if not any(float(v) == 0 for v in vals) and not all(abs(float(v) - t) <= tol for v, t in zip(vals, a)):
                    meant = all(10.0 ** -dd <= abs(t) * (1 + 1e-9) and (dd >= 1 or abs(t) >= 10)
                                for v, t in zip(vals, a) if abs(float(v) - t) > tol)
                    out.append((eid, k, _text(ex, vals), "close" if meant else "no rounding"))
            for _ in range(N_RANDOM):
                i = rng.randrange(len(a))
                t, vals = a[i], [repr(v) for v in a]
                for _try in range(100):
                    kd = rng.choice([0, 1, 2, d, d + 1, 6])
                    x = round(t + rng.choice([-1, 1]) * 10 ** rng.uniform(-d - 1, 1.5) * max(1, abs(t)), kd)
                    if abs(x - t) > max(tol, slack) * (1 + 1e-9) and x != 0 and \
                            not any(_is_rounding(x, t, j) for j in range(d + 1)):
                        vals[i] = f"{x:.{kd}f}"
                        out.append((eid, k, _text(ex, vals), "no rounding"))
                        break
            if k:
                continue
            full = [f"{t:.{d + 1}f}" for t in a]
            right = _text(ex, full)
            out += [(eid, 0, _wide(right), "correct"), (eid, 0, right + "。", "correct")]
            if ex.kind != "number":
                out.append((eid, 0, right.replace(", ", "，").replace("(", "（").replace(")", "）"), "correct"))
                item = _shape_of(ex.kind, ex.answer)[1]
                out.append((eid, 0, right[1:-1] if item else "、".join(full), "correct"))
            qs = ex.quantities_of(len(a))
            pct = _text(ex, [f"{t * 100:.{max(0, d - 1)}f}%" for t in a])
            if all(q == "share" for q in qs):
                out.append((eid, 0, pct, "correct"))
            elif all(q != "share" for q in qs):
                out.append((eid, 0, pct, "percent refused"))
            if ex.kind == "number":
                out += [(eid, 0, f"{full[0]} bananas", "bananas refused"), (eid, 0, f"{full[0]} 香蕉", "香蕉 refused")]
    return out


CASES = _cases()


def _true_close_message(ex, message: str) -> bool:
    a, item = _flat(ex.answer), _shape_of(ex.kind, ex.answer)[1]
    parts = [(0, message)] if ex.kind == "number" else \
        [(int(m.group(2)) - 1, m.group(3)) for m in re.finditer(r"(entry|point) (\d+): ([^;]*)", message)]
    for idx, part in parts:
        m = re.search(r"([-\d.]+) is the right value (rounded|cut, not rounded,) to (\d+) decimal", part)
        if m:
            x, how = float(m.group(1)), ROUND_HALF_UP if m.group(2) == "rounded" else ROUND_DOWN
            near = a[idx * item:(idx + 1) * item] if item else [a[idx]]
            if not any(_q(t, int(m.group(3)), how) == x for t in near):
                return False
    return True


def _holds(ex, want: str, fb) -> bool:
    if want == "correct":
        return fb.status == "correct"
    if want == "close":
        return fb.status == "mistake" or (fb.status == "close" and _true_close_message(ex, fb.message))
    if want == "no rounding":
        return fb.status not in ("close", "correct")
    if want == "percent refused":
        return fb.status == "invalid" and ("not a share" in fb.message or "不是比例" in fb.message)
    return fb.status == "invalid" and want.split()[0] in fb.message


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_properties_hold_for_every_computed_exercise(lang):
    assert len(CASES) > 900
    failed = []
    with using(lang):
        for eid, k, text, want in CASES:
            fb = check(eid, text, variant=k)
            if not _holds(EXERCISES[eid].variant(k), want, fb):
                failed.append(f"{eid} v{k} {text!r} wants {want}: {fb.status}: {fb.message[:100]}")
    assert not failed, f"{len(failed)} of {len(CASES)}:\n" + "\n".join(failed[:20])


def test_the_page_agrees_on_every_property_case(tmp_path):
    from test_exercise_checker_js import run_js
    js, want = [], []
    for lang in ("en", "zh"):
        with using(lang):
            specs = {}
            for eid, k, text, _ in CASES:
                if (eid, k) not in specs:
                    base = EXERCISES[eid].spec()
                    specs[(eid, k)] = base if k == 0 else {**base, **base["variants"][k - 1]}
                js.append((specs[(eid, k)], text))
                fb = check(eid, text, variant=k)
                want.append((fb.status, fb.message))
    got = run_js(js, tmp_path)
    differ = [(c[0]["id"], c[1], w, (g["status"], g["message"])) for c, w, g in zip(js, want, got)
              if (g["status"], g["message"]) != w]
    assert not differ, differ[:10]
