"""Issue 14's budget: the explorers' frames live in the notebooks' saved widget state, so the
notebooks grow; each stays under 3 MB and all of notebooks/ under 21 MB (20 MB for chapters
00-13; chapter 14 added 0.5 MB, and every exercise's answer box stores its own copy of the
checker, which is the next thing to share)."""
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
MB = 1_000_000


def test_each_notebook_under_3_mb_and_all_under_21_mb():
    sizes = {p.name: p.stat().st_size for p in sorted(NOTEBOOKS.glob("*.ipynb"))}
    assert sizes, "no notebooks found"
    big = {name: round(size / MB, 2) for name, size in sizes.items() if size >= 3 * MB}
    assert not big, f"notebooks over 3 MB: {big}"
    assert sum(sizes.values()) < 21 * MB, f"notebooks/ holds {sum(sizes.values()) / MB:.2f} MB (budget 21 MB)"


# -- issue 24/25: what the notebooks store for their explorers ------------------------------------
import ast  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402

import pytest  # noqa: E402

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CHAPTERS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
#: explorer class -> {constructor keyword: the description of the control it starts}
START_ARGS = {
    "ThresholdExplorer": {"threshold": "threshold"},
    "CostCurveExplorer": {"prior": "p = P(+)"},
    "FBetaExplorer": {"beta": "β"},
    "HoldoutExplorer": {"test_size": "test share"},
    "CVExplorer": {"k": "k", "repeats": "repeats p"},
    "BootstrapExplorer": {"m": "m"},
    "RankedListExplorer": {"k": "k"},
    "PolynomialDegreeExplorer": {"degree": "degree"},
    "PairedTestExplorer": {"k": "folds k", "difference": "true difference"},
    "BiasVarianceExplorer": {"degree": "degree"},
    "AucSamplingExplorer": {"n": "n"},
    "TemperatureExplorer": {"temperature": "T"},
}


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def _state(nb):
    return nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})


def _ref(x):
    return x[len("IPY_MODEL_"):] if isinstance(x, str) and x.startswith("IPY_MODEL_") else None


def _refs(obj):
    if isinstance(obj, dict):
        for v in obj.values():
            yield from _refs(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _refs(v)
    elif _ref(obj):
        yield _ref(obj)


def _tree(state, root):
    seen, todo = [], [root]
    while todo:
        mid = todo.pop(0)
        if mid in seen or mid not in state:
            continue
        seen.append(mid)
        todo.extend(_refs(state[mid]["state"]))
    return seen


def _explorer_cells(nb):
    """(source, root model id) of every explorer cell (``# NBVAL_IGNORE_OUTPUT`` and a view)."""
    out = []
    for cell in nb["cells"]:
        src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] != "code" or not src.startswith("# NBVAL_IGNORE_OUTPUT"):
            continue
        ids = [o["data"][WIDGET_VIEW]["model_id"] for o in cell.get("outputs", []) if WIDGET_VIEW in o.get("data", {})]
        if ids:
            out.append((src, ids[0]))
    return out


def _views(state):
    return {mid: m["state"] for mid, m in state.items() if m["model_name"] == "AnyModel" and "layers" in m["state"]}


def _control_number(m):
    s = m["state"]
    if "_options_labels" in s and s.get("index") is not None:
        text = s["_options_labels"][s["index"]]
    else:
        text = str(s.get("value"))
    try:
        return float(text)
    except ValueError:
        return None


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem[:2])
def test_stored_explorers_start_where_they_are_built(path):
    """A newcomer's first view: each explorer is stored at the values its constructor was given
    (the refresh moves every explorer back there after the cells that move them in code), and
    its view shows the frame of those values (every slot stored, the one shown among them)."""
    nb = _load(path)
    state = _state(nb)
    for src, root in _explorer_cells(nb):
        tree = _tree(state, root)
        views = [mid for mid in tree if mid in _views(state)]
        if not any(re.search(rf"\b{name}\(", src) for name in START_ARGS):
            continue
        assert views, f"{path.name}: the explorer cell stores no ExplorerView (refresh it: make refresh NB=...)"
        view = state[views[0]]["state"]
        assert all(layer is not None for layer in view["layers"]), f"{path.name}: a frame was not drawn ahead"
        assert all(view["readouts"]), f"{path.name}: a read-out was not drawn ahead"
        controls = {state[m]["state"].get("description"): state[m] for m in tree
                    if state[m]["model_name"].endswith(("SliderModel", "CheckboxModel"))}
        call = next(node for node in ast.walk(ast.parse(src.replace("# NBVAL_IGNORE_OUTPUT", "")))
                    if isinstance(node, ast.Call) and getattr(node.func, "id", "") in START_ARGS)
        for kw in call.keywords:
            label = START_ARGS[call.func.id].get(kw.arg)
            if label is None or not isinstance(kw.value, ast.Constant) or label not in controls:
                continue
            got = _control_number(controls[label])
            assert got == pytest.approx(float(kw.value.value)), (
                f"{path.name}: {call.func.id} built with {kw.arg}={kw.value.value} is stored at {label} = {got}")


def test_no_two_stored_explorers_hold_the_same_frames_and_no_model_is_orphaned():
    seen = {}
    for path in CHAPTERS:
        nb = _load(path)
        state = _state(nb)
        for mid, view in _views(state).items():
            key = (view["background"], json.dumps(view["layers"]))
            assert key not in seen, f"{path.name}: explorer view {mid} holds the same frames as {seen[key]}"
            seen[key] = f"{path.name} {mid}"
        shown = {o["data"][WIDGET_VIEW]["model_id"] for c in nb["cells"] for o in c.get("outputs", [])
                 if WIDGET_VIEW in o.get("data", {})}
        reached = set()
        for root in shown:
            reached |= set(_tree(state, root))
        for m in state.values():  # links name the models they join
            if m["model_name"] in ("LinkModel", "DirectionalLinkModel"):
                reached |= set(_refs(m["state"]))
        heavy = [mid for mid, m in state.items() if mid not in reached
                 and (m["model_name"] == "ImageModel" or mid in _views(state))]
        assert not heavy, f"{path.name}: images or explorer views stored but shown nowhere: {heavy[:5]}"
