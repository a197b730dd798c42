"""The in-page checker (JavaScript, learnmetrics/exercises/checker.mjs) equals Python's check.

Every exercise's spec (what the answer box carries in the page) and a corpus of typed
answers (tests/exercise_corpus.py: the answer, each mistake, rounded, cut, perturbed,
percentages, fractions, units, text) are handed to Node.js running the checker; every
verdict and every message must equal ``learnmetrics.exercises.check``'s on the same text.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from exercise_corpus import corpus
from learnmetrics._language import using
from learnmetrics.exercises import EXERCISES, check

CHECKER = Path(__file__).resolve().parents[1] / "learnmetrics" / "exercises" / "checker.mjs"
NODE = shutil.which("node") or shutil.which("nodejs")

RUNNER = """
import { verdict } from %s;
let raw = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => { raw += d; });
process.stdin.on("end", () => {
  const { specs, cases } = JSON.parse(raw);
  const out = cases.map(([i, text]) => verdict(specs[i], text));
  process.stdout.write(JSON.stringify(out));
});
"""


def run_js(cases: list[tuple[dict, str]], tmp_path: Path) -> list[dict]:
    """The JavaScript checker's verdicts on (spec, text) cases, run by Node.js on the module the
    answer box carries in the page (checker.mjs and answer_box.js, compacted)."""
    if NODE is None:
        # `make test` needs only Python and make: without Node.js these tests are skipped with the
        # reason, except where LEARNMETRICS_REQUIRE_NODE=1 (.ci/run installs Node.js and sets it)
        reason = "Node.js is needed to run the in-page checker: install it (sudo apt-get install nodejs)"
        if os.environ.get("LEARNMETRICS_REQUIRE_NODE") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    from learnmetrics.exercises._widget import BOX_MODULE
    module = tmp_path / "answer_box.mjs"
    module.write_text(BOX_MODULE, encoding="utf-8")
    script = RUNNER % json.dumps(module.as_uri())
    # each distinct spec is sent once (tens of thousands of cases share a few hundred specs)
    specs, index, pairs = [], {}, []
    for spec, text in cases:
        key = id(spec)
        if key not in index:
            index[key] = len(specs)
            specs.append(spec)
        pairs.append([index[key], text])
    done = subprocess.run([NODE, "--input-type=module", "-e", script], input=json.dumps({"specs": specs, "cases": pairs}),
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def all_cases():
    """Every exercise's corpus, with the spec in English and in Chinese (the page's messages and
    choices follow the language the box was made in)."""
    cases = []
    for lang in ("en", "zh"):
        with using(lang):
            for eid in EXERCISES:
                spec = EXERCISES[eid].spec()
                cases += [(spec, text) for text in corpus(spec)]
    return cases


def _check_in(spec, text):
    with using(spec.get("lang", "en")):
        return check(spec["id"], text)


def test_checker_in_the_page_equals_python_check_on_the_corpus(tmp_path):
    cases = all_cases()
    assert len(cases) > 3000
    js = run_js(cases, tmp_path)
    differ, statuses = [], set()
    for (spec, text), got in zip(cases, js):
        want = _check_in(spec, text)
        statuses.add(want.status)
        if (got["status"], got["message"]) != (want.status, want.message):
            differ.append(f"{spec['id']} {text[:50]!r}: python {want.status}: {want.message[:90]!r} / "
                          f"js {got['status']}: {got['message'][:90]!r}")
    assert not differ, f"{len(differ)} of {len(cases)} differ:\n" + "\n".join(differ[:30])
    assert statuses == {"correct", "close", "mistake", "wrong", "invalid", "open"}


def test_spec_is_json_and_carries_what_the_page_needs():
    for eid in EXERCISES:
        spec = EXERCISES[eid].spec()
        assert json.loads(json.dumps(spec)) == spec
        assert spec["wanted"] and spec["id"] == eid
        if spec["kind"] in ("number", "tuple", "sequence"):
            assert spec["precision"], eid
        if spec["kind"] == "open":
            assert len(spec["key_points"]) >= 1, eid


def test_the_box_draws_each_verdict_in_feedbacks_colour_and_icon():
    """The page and check's HTML mark a verdict alike (orange, blue and vermillion stay reserved)."""
    import re

    from learnmetrics.exercises import Feedback

    box = (CHECKER.parent / "answer_box.js").read_text(encoding="utf-8")
    colours = dict(re.findall(r'(\w+): "(#[0-9A-Fa-f]{6})"', box.split("const COLOURS = ", 1)[1].split("};")[0]))
    assert colours == Feedback._COLOURS
    assert not {"#E69F00", "#0072B2", "#D55E00"} & {c.upper() for c in colours.values()}


def test_checker_in_the_page_equals_python_check_on_random_text(tmp_path):
    """Random short texts of digits, signs, brackets, units and letters (seeded) on one exercise
    of every kind and precision: the two checkers read every one of them alike."""
    import random

    rng = random.Random(26)
    alphabet = list("0123456789") * 4 + list(".,;/%()[] -+eE'\"=^²") * 2 + list("abxyz 人") + ["1/2", "0.", "min"]
    kinds = {}
    for eid in EXERCISES:
        ex = EXERCISES[eid]
        kinds.setdefault((ex.kind, ex.decimals, _shape(ex)), eid)
    cases = []
    for eid in kinds.values():
        spec = EXERCISES[eid].spec()
        for _ in range(150):
            cases.append((spec, "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))))
    js = run_js(cases, tmp_path)
    differ = [(spec["id"], text, got, check(spec["id"], text).status) for (spec, text), got in zip(cases, js)
              if (got["status"], got["message"]) != ((w := check(spec["id"], text)).status, w.message)]
    assert not differ, f"{len(differ)} of {len(cases)} differ: {differ[:5]}"


def _shape(ex):
    return len(ex.answer) if isinstance(ex.answer, tuple) else None


def test_checker_in_the_page_equals_python_check_on_the_variants(tmp_path):
    """'Another one': the page checks variant k with verdict({...spec, ...spec.variants[k-1]}, text);
    on every variant's corpus (its answer, its mistakes, rounded, cut, off by one entry ...) in both
    languages that verdict equals check(id, text, variant=k)."""
    cases, keys = [], []
    for lang in ("en", "zh"):
        with using(lang):
            for eid in EXERCISES:
                spec = EXERCISES[eid].spec()
                for k, var in enumerate(spec.get("variants", ()), 1):
                    merged = {**spec, **var}
                    for text in corpus(merged):
                        cases.append((merged, text))
                        keys.append((lang, eid, k))
    assert len(cases) > 500
    js = run_js(cases, tmp_path)
    differ, statuses = [], set()
    for (spec, text), (lang, eid, k), got in zip(cases, keys, js):
        with using(lang):
            want = check(eid, text, variant=k)
        statuses.add(want.status)
        if (got["status"], got["message"]) != (want.status, want.message):
            differ.append(f"{eid} v{k} {lang} {text[:50]!r}: python {want.status}: {want.message[:90]!r} / "
                          f"js {got['status']}: {got['message'][:90]!r}")
    assert not differ, f"{len(differ)} of {len(cases)} differ:\n" + "\n".join(differ[:30])
    assert {"correct", "close", "mistake", "wrong", "invalid"} <= statuses
