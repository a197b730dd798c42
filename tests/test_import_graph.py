"""No import circle in learnmetrics/ (issue 30): every module can be read, and tested, after
the modules it imports and never before them.

The imports are read from the source with ``ast`` (nothing is imported): top-level ones and
those inside functions alike, since a deferred import that closes a circle still means that
neither module can be read without the other.  ``from . import x`` counts as an import of the
submodule ``x`` when there is one, else of the package's ``__init__``; importing a submodule
does not count as importing its parent package's ``__init__`` (Python runs it first, but the
submodule does not depend on what it defines).
"""
from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "learnmetrics"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PKG.rglob("*.py")}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The learnmetrics modules that ``name`` (at ``path``) imports, anywhere in its code."""
    is_pkg = path.name == "__init__.py"
    here = name if is_pkg else name.rpartition(".")[0]  # the package relative imports start from
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for a in node.names:  # `from pkg import sub` imports the submodule pkg.sub, else pkg
                found.add(f"{target}.{a.name}" if f"{target}.{a.name}" in known else target)
    out = set()
    for t in found:
        while t and t not in known:  # `learnmetrics.curves.roc_curve` -> the module learnmetrics.curves
            t = t.rpartition(".")[0]
        if t and t != name:
            out.add(t)
    return out


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    known = set(mods)
    graph = {}
    for name, path in mods.items():
        graph[name] = _imports(name, path, known)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _parent_packages(graph):
    """Edges from a module to a package that contains it (``from .. import SUBJECTS``): the
    package's ``__init__`` imports its submodules by design, and Python runs it first; such an
    edge closes no circle a reader has to untangle."""
    return {(a, b) for a, deps in graph.items() for b in deps if a.startswith(b + ".")}


def test_the_graph_is_read_from_every_module():
    graph = _graph()
    assert {"learnmetrics", "learnmetrics.curves", "learnmetrics._counting", "learnmetrics._indicator",
            "learnmetrics.datasets", "learnmetrics.realdata"} <= set(graph)
    assert "learnmetrics._counting" in graph["learnmetrics.curves"]
    assert "learnmetrics._indicator" in graph["learnmetrics.curves"]
    assert "learnmetrics.datasets" in graph["learnmetrics.realdata"]


def test_no_import_circle_in_learnmetrics():
    graph = _graph()
    parents = _parent_packages(graph)
    pruned = {a: {b for b in deps if (a, b) not in parents} for a, deps in graph.items()}
    cycles = _cycles(pruned)
    assert cycles == [], "import circles (each line: modules that import each other, directly or not):\n" + \
        "\n".join(" <-> ".join(c) for c in cycles)


def test_the_circle_check_finds_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_deferred_imports_count(tmp_path):
    """An import inside a function is read too (the old curves <-> _indicator circle was one)."""
    src = "def f():\n    from . import curves\n    return curves\n"
    p = tmp_path / "mod.py"
    p.write_text(src)
    assert _imports("learnmetrics.mod", p, {"learnmetrics.curves", "learnmetrics.mod"}) == {"learnmetrics.curves"}


# the measures and tests a practitioner calls never import the course's studies, views, explorers or
# exercises (issue 39): the whiteboard's "nevers"
MEASURES = ("learnmetrics.classification", "learnmetrics._labels", "learnmetrics._prf", "learnmetrics.curves",
            "learnmetrics._counting", "learnmetrics._indicator", "learnmetrics.cost", "learnmetrics.ranking",
            "learnmetrics.regression", "learnmetrics.calibration", "learnmetrics.compare", "learnmetrics.splits",
            "learnmetrics._validation", "learnmetrics._distributions")
COURSE = ("learnmetrics.comparison_studies", "learnmetrics.practice", "learnmetrics.widgets", "learnmetrics.plotting",
          "learnmetrics.exercises", "learnmetrics.book", "learnmetrics.datasets", "learnmetrics.learners")


def _reach(graph, start):
    seen, todo = set(), [start]
    while todo:
        for m in graph.get(todo.pop(), ()):
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen


def test_the_measures_never_import_the_course():
    graph = _graph()
    bad = {m: sorted(d for d in _reach(graph, m) if d.startswith(COURSE)) for m in MEASURES if m in graph}
    bad = {m: d for m, d in bad.items() if d}
    assert not bad, f"measures that reach the course's machinery: {bad}"


def test_the_lesson_comes_first_and_compare_holds_only_the_tests():
    """classification.py's first public definition within its first 250 lines; compare.py holds the
    book's 2.4 tests, not the studies of them or a learner."""
    import re
    src = (PKG / "classification.py").read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(src, 1) if re.match(r"(def|class) [A-Za-z]", line))
    assert first <= 250, f"classification.py's first public definition is at line {first}"
    compare = (PKG / "compare.py").read_text(encoding="utf-8")
    for name in ("PowerGrid", "simulate_paired_t_power", "PairedTestState", "paired_test_state",
                 "friedman_null_rejection_rates", "NearestCentroid"):
        assert not re.search(rf"^(def|class) {name}\b", compare, re.M), name
    import learnmetrics as lm     # the old paths still work
    assert lm.compare.simulate_paired_t_power is lm.comparison_studies.simulate_paired_t_power
    assert lm.compare.NearestCentroid is lm.learners.NearestCentroid
