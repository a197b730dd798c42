"""`make refresh` twice in a row leaves no diff: the same notebook, refreshed twice, byte for byte.

The README promises that a refresh without a change leaves no diff. nbval
skips images, so a figure that changes pixels from run to run would pass every
other test and still show a reviewer a spurious diff; this test catches it.
It refreshes a copy of chapter 09 (the notebook whose pictures were reported
to change: a simulation of 200 training sets x 13 polynomial degrees, three
figures and an explorer filmstrip), about 15 s per refresh on 2 cores.
"""
from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "refresh_notebooks.py"
NOTEBOOK = ROOT / "notebooks" / "09_bias_variance.ipynb"


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _outputs(path: Path) -> dict[int, list[str]]:
    """Per code cell: a short digest of each output (images decoded), to say what differs."""
    nb = json.loads(path.read_text())
    digests = {}
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        out = []
        for o in cell.get("outputs", []):
            for mime, data in sorted(o.get("data", {}).items()):
                raw = base64.b64decode(data) if mime == "image/png" else json.dumps(data).encode()
                out.append(f"{mime}:{hashlib.sha1(raw).hexdigest()[:10]}")
            if "text" in o:
                out.append(f"{o['name']}:{hashlib.sha1(''.join(o['text']).encode()).hexdigest()[:10]}")
        digests[i] = out
    return digests


def test_conftest_gives_nbval_the_refresh_environment():
    refresh = _load(TOOL, "refresh_notebooks")
    conftest = _load(ROOT / "conftest.py", "root_conftest")
    assert conftest.KERNEL_ENV == refresh.KERNEL_ENV
    assert refresh.KERNEL_ENV["PYTHONHASHSEED"] == "0" and refresh.KERNEL_ENV["OPENBLAS_NUM_THREADS"] == "1"


def test_refreshing_twice_gives_the_same_bytes(tmp_path):
    pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    copies = []
    for run in (1, 2):
        path = tmp_path / f"run{run}" / NOTEBOOK.name
        path.parent.mkdir()
        shutil.copy2(NOTEBOOK, path)
        done = subprocess.run([sys.executable, str(TOOL), str(path)], capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"refresh {run} failed:\n{done.stdout}\n{done.stderr[-3000:]}"
        copies.append(path)
    first, second = (p.read_bytes() for p in copies)
    n_png = first.count(b'"image/png"')
    assert n_png >= 2, "the refreshed notebook should hold its figures"
    if first != second:
        a, b = _outputs(copies[0]), _outputs(copies[1])
        changed = {i: (a[i], b.get(i)) for i in a if a[i] != b.get(i)}
        pytest.fail(f"two refreshes of {NOTEBOOK.name} differ; cells whose outputs changed: {changed}"
                    if changed else f"two refreshes of {NOTEBOOK.name} differ outside the outputs (metadata)")
