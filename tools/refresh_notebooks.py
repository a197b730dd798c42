#!/usr/bin/env python3
"""Re-execute notebooks top to bottom in a fresh kernel and store their outputs.

    python tools/refresh_notebooks.py                      # every notebook
    python tools/refresh_notebooks.py notebooks/02_*.ipynb # some of them

What nbval later compares is exactly what this stores, so it keeps the
outputs deterministic: no timing metadata (record_timing=False), execution
counts 1..N, the kernel started in notebooks/ with the environment of
KERNEL_ENV (PYTHONHASHSEED fixed; BLAS and OpenMP on one thread, so a sum
split across threads is always added in the same order, whatever the number
of cores), and the widget state saved in the notebook's metadata so that a
notebook opened without a kernel still shows each explorer, every explorer moved
back to the position it was built at first (``reset_all_to_start``).
A refresh of an unchanged notebook leaves it byte-identical, images included
(tests/test_refresh_determinism.py). conftest.py gives nbval's kernels the
same environment.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

#: set for every kernel this script starts (and by conftest.py for nbval's kernels)
KERNEL_ENV = {
    "PYTHONHASHSEED": "0",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "VECLIB_MAXIMUM_THREADS": "1",
    "NUMEXPR_NUM_THREADS": "1",
    # every explorer draws all its frames before its cell returns, so that the saved widget
    # state holds them all (learnmetrics/widgets/_base.py)
    "LEARNMETRICS_DRAW_AHEAD": "sync",
}


#: run after the notebook's own cells (and not stored): explorers back at their start positions
RESET_SOURCE = ("import sys\n"
                "_lm_base = sys.modules.get('learnmetrics.widgets._base')\n"
                "_lm_base is not None and _lm_base.reset_all_to_start()")


def refresh(path: Path, timeout: int = 600) -> None:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        cell.metadata.pop("execution", None)
    # a last cell, dropped again below: every explorer back at the position it was built at, so
    # the saved widget state shows each one as the text introduces it (not where the last cell
    # that moved a control left it); its widget messages are recorded like any cell's
    reset = nbformat.v4.new_code_cell(RESET_SOURCE)
    nb.cells.append(reset)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        store_widget_state=True,
    )
    try:
        client.execute()
    finally:
        nb.cells.remove(reset)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = coalesce_streams(cell.outputs)
    nb.metadata.pop("papermill", None)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    # the kernel's own language_info (nbclient stores it), in a fixed key order: JupyterLab writes
    # it into the notebook when its kernel starts, so a notebook stored with less would be marked
    # modified as soon as it is opened
    info = dict(nb.metadata.get("language_info") or {})
    keys = ("codemirror_mode", "file_extension", "mimetype", "name", "nbconvert_exporter", "pygments_lexer", "version")
    nb.metadata["language_info"] = ({k: info[k] for k in keys if k in info} if info.get("name") == "python"
                                    else {"name": "python", "pygments_lexer": "ipython3"})
    nb = stable_widget_ids(nb, path.stem)
    nbformat.write(nb, path)


def coalesce_streams(outputs):
    """Join consecutive stdout (or stderr) chunks: how the kernel happens to
    flush them is timing, not content."""
    merged = []
    for out in outputs:
        if (out.get("output_type") == "stream" and merged and merged[-1].get("output_type") == "stream"
                and merged[-1].get("name") == out.get("name")):
            merged[-1]["text"] = merged[-1]["text"] + out["text"]
        else:
            merged.append(out)
    return merged


def stable_widget_ids(nb, name: str):
    """Replace the widgets' random model ids by ids derived from the notebook's
    name and a canonical order of the widgets (:func:`canonical_widget_order`: by
    content, not by the order their comms happened to open, which varies from run
    to run), so a refresh that changes nothing leaves no diff, byte for byte. One pass over the text (a notebook holds hundreds of
    widgets: an explorer's frames are drawn ahead)."""
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    if not state:
        return nb
    order = canonical_widget_order(state)
    nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"] = {k: state[k] for k in order}
    new = {old: hashlib.sha1(f"{name}:{i}".encode()).hexdigest()[:32] for i, old in enumerate(order)}
    text = json.dumps(nb)
    pattern = re.compile("|".join(sorted(map(re.escape, new), key=len, reverse=True)))
    text = pattern.sub(lambda m: new[m.group(0)], text)
    return nbformat.from_dict(json.loads(text))


_REF = re.compile(r"IPY_MODEL_([0-9a-f]{32})")


def canonical_widget_order(state: dict) -> list:
    """The widgets' ids sorted by what they hold: a hash of each widget's model name and
    state, its references to other widgets replaced by those widgets' own hashes (so the
    random ids do not count), ties broken by the hashes of the widgets that refer to it.
    Widgets still tied are interchangeable (same content, same referrers), so either order
    writes the same bytes.  (Issue 38: comms open in a different order from run to run,
    and ids numbered in that order rewrote every stored frame at each refresh.)"""
    texts = {k: json.dumps([v.get("model_name"), v.get("state")], sort_keys=True) for k, v in state.items()}
    memo: dict = {}

    def digest(k, stack=()):
        if k in memo:
            return memo[k]
        if k in stack or k not in texts:  # a cycle, or a widget not stored: stands for itself
            return "?"
        body = _REF.sub(lambda m: "IPY_MODEL_" + digest(m.group(1), stack + (k,)), texts[k])
        memo[k] = hashlib.sha1(body.encode()).hexdigest()
        return memo[k]

    referrers: dict = {k: [] for k in state}
    for k, text in texts.items():
        for ref in _REF.findall(text):
            if ref in referrers:
                referrers[ref].append(digest(k))
    return sorted(state, key=lambda k: (digest(k), sorted(referrers[k])))


def main(argv: list[str]) -> int:
    os.environ.update(KERNEL_ENV)
    os.environ.pop("MPLBACKEND", None)
    paths = [Path(a).resolve() for a in argv] or sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    for path in paths:
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"refreshing {shown} ...", flush=True)
        refresh(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
