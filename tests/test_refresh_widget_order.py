"""A refresh of an unchanged notebook writes the same bytes (issue 38, History): the
widget state is stored in an order derived from the widgets' content, not from the order
their comms happened to open, and the ids are numbered in that order."""
import importlib.util
import json
import random
import uuid
from pathlib import Path

import nbformat

_spec = importlib.util.spec_from_file_location(
    "refresh_notebooks", Path(__file__).resolve().parent.parent / "tools" / "refresh_notebooks.py")
R = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(R)


def _notebook(seed: int):
    """Two sliders with identical layouts, a box holding them, a link, a frame store; random
    ids, widgets listed in a random order (as comms open in a run)."""
    rng = random.Random(seed)
    ids = {name: uuid.UUID(int=rng.getrandbits(128)).hex for name in
           ("lay1", "lay2", "s1", "s2", "box", "link", "img")}
    ref = {k: "IPY_MODEL_" + v for k, v in ids.items()}
    widgets = {
        "lay1": ("LayoutModel", {"width": "300px"}),
        "lay2": ("LayoutModel", {"width": "300px"}),
        "s1": ("IntSliderModel", {"value": 3, "layout": ref["lay1"]}),
        "s2": ("IntSliderModel", {"value": 5, "layout": ref["lay2"]}),
        "box": ("HBoxModel", {"children": [ref["s1"], ref["s2"]]}),
        "link": ("LinkModel", {"source": [ref["s1"], "value"], "target": [ref["s2"], "value"]}),
        "img": ("AnyModel", {"background": "iVBORw0KGgo=", "layers": [[0, 0, 1, 1, "AAAA"]]}),
    }
    names = list(widgets)
    rng.shuffle(names)
    state = {ids[n]: {"model_name": widgets[n][0], "model_module": "m", "model_module_version": "1",
                      "state": widgets[n][1]} for n in names}
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("box", id="c1")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        "application/vnd.jupyter.widget-view+json": {"model_id": ids["box"], "version_major": 2, "version_minor": 0}})]
    nb.cells.append(cell)
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": state, "version_major": 2,
                                                                            "version_minor": 0}}
    return nb


def test_refreshes_that_differ_only_in_comm_order_write_the_same_bytes():
    texts = {nbformat.writes(R.stable_widget_ids(_notebook(seed), "04_roc_auc")) for seed in range(8)}
    assert len(texts) == 1
    nb = json.loads(texts.pop())
    state = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    box = [v for v in state.values() if v["model_name"] == "HBoxModel"][0]
    assert nb["cells"][0]["outputs"][0]["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] == \
        [k for k, v in state.items() if v is box][0]  # the view still shows the box
    sliders = {v["state"]["value"]: v["state"]["layout"][len("IPY_MODEL_"):] for v in state.values()
               if v["model_name"] == "IntSliderModel"}
    assert sliders[3] != sliders[5] and {sliders[3], sliders[5]} <= set(state)
