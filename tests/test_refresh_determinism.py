"""`make refresh` twice in a row leaves no diff: the same notebook, refreshed twice, byte for byte.

The README promises that a refresh without a change leaves no diff. nbval
skips images, so a figure that changes pixels from run to run would pass every
other test and still show a reviewer a spurious diff; this test catches it.
It refreshes a copy of chapter 09 (the notebook whose pictures were reported
to change: a simulation of 200 training sets x 13 polynomial degrees, three
figures and an explorer filmstrip), about 15 s per refresh on 2 cores.

The quick tests below pin how pictures are stored (issue 38, History): losslessly in one
canonical form, an unchanged picture keeping its stored bytes whatever encoder drew it this
time, widget ids that change only with their widget's content.
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


# -- issue 38 (History): an unchanged picture is stored byte for byte as before -------------------
def _tool():
    return _load(TOOL, "refresh_notebooks_png")


def _pixels(data: bytes):
    import io

    from PIL import Image
    with Image.open(io.BytesIO(data)) as im:
        rgba = im.convert("RGBA")
    return rgba.size, rgba.tobytes()


def _figure_png(seed: int = 0, text: str = "Matplotlib version3.x", compress_level: int = 6) -> bytes:
    """An RGBA PNG as matplotlib's inline backend writes it (anti-aliased curves, a Software
    text chunk), from Pillow so that the version and level can be varied."""
    import io

    import numpy as np
    from PIL import Image, ImageDraw, PngImagePlugin
    im = Image.new("RGBA", (160, 90), (255, 255, 255, 255))
    draw = ImageDraw.Draw(im)
    rng = np.random.default_rng(seed)
    draw.line([tuple(map(int, p)) for p in rng.integers(0, 90, size=(12, 2))], fill=(0, 114, 178, 255), width=2)
    draw.text((5, 5), "AUC 0.86", fill=(30, 30, 30, 255))
    info = PngImagePlugin.PngInfo()
    info.add_text("Software", text)
    buf = io.BytesIO()
    im.save(buf, format="png", pnginfo=info, compress_level=compress_level, dpi=(100, 100))
    return buf.getvalue()


def _layer_png() -> bytes:
    """An explorer layer as learnmetrics.widgets._base writes it (its own encoder): a palette
    with a transparent index where the frame equals the background."""
    from types import SimpleNamespace

    import numpy as np
    from learnmetrics.widgets._base import Explorer
    rgb = np.full((40, 70, 3), 250, np.uint8)
    rgb[10:30, 20:50] = (213, 94, 0)
    rgb[15:25, 30:40] = (0, 0, 0)
    mask = np.zeros((40, 70), bool)
    mask[10:30, 20:50] = True
    return Explorer._palette_png(SimpleNamespace(png_compress_level=9), rgb, mask)


def test_canonical_png_keeps_every_pixel_drops_the_version_text_and_is_smaller():
    R = _tool()
    for data in (_figure_png(), _layer_png()):
        new = R.canonical_png(data)
        assert _pixels(new) == _pixels(data), "the stored picture must look exactly the same"
        assert R.canonical_png(data) == new, "the same picture must be written with the same bytes"
        assert len(new) < len(data)
        assert not [k for k, _ in R.png_chunks(new) if k in R.PNG_TEXT_CHUNKS]
    # the same picture from another encoder (another level, another version string): same bytes
    assert R.canonical_png(_figure_png(compress_level=1, text="Matplotlib version9.9")) == R.canonical_png(_figure_png())
    # a picture of more than 256 colours stays RGB, losslessly
    import io

    import numpy as np
    from PIL import Image
    buf = io.BytesIO()
    Image.fromarray(np.random.default_rng(1).integers(0, 256, (30, 30, 4), dtype=np.uint8)).save(buf, format="png")
    noisy = buf.getvalue()
    assert _pixels(R.canonical_png(noisy)) == _pixels(noisy)


def _nb_with(png_output: bytes, png_layer: bytes):
    import base64

    import nbformat
    b64 = lambda b: base64.b64encode(b).decode("ascii")  # noqa: E731
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("plot()", id="c1")
    cell.outputs = [nbformat.v4.new_output("display_data", data={"image/png": b64(png_output)})]
    nb.cells.append(cell)
    state = {"a" * 32: {"model_name": "AnyModel", "model_module": "anywidget", "model_module_version": "1",
                        "state": {"background": b64(png_layer), "layers": [[1, 2, 30, 20, b64(png_layer)]]}}}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": state}}
    return nb


def test_a_refresh_keeps_the_stored_bytes_of_an_unchanged_picture_and_stores_a_changed_one():
    R = _tool()
    stored = _nb_with(R.canonical_png(_figure_png()), R.canonical_png(_layer_png()))
    R.settle_pngs(stored, {})  # as the first refresh stored them
    before = [o[k] for o, k in R._png_strings(stored)]
    assert len(before) == 3
    # the next refresh draws the same pictures, but its encoder writes other bytes
    again = _nb_with(_figure_png(compress_level=3, text="Matplotlib version9.9"), _layer_png())
    R.settle_pngs(again, R.stored_pngs(stored))
    assert [o[k] for o, k in R._png_strings(again)] == before
    # a picture that changed is stored anew, the unchanged one kept
    changed = _nb_with(_figure_png(seed=1), _layer_png())
    R.settle_pngs(changed, R.stored_pngs(stored))
    after = [o[k] for o, k in R._png_strings(changed)]
    assert after[0] != before[0] and after[1:] == before[1:]


def test_a_changed_widget_changes_only_its_own_id_and_its_containers():
    """Ids numbered in a sorted order shifted every id after a changed widget: a text fix
    rewrote every reference in the widget state (2,565 lines of 03, 09 and 11 in one commit)."""
    R = _tool()
    import nbformat

    def notebook(value):
        ref = lambda k: "IPY_MODEL_" + k * 32  # noqa: E731
        widgets = {"1": ("LayoutModel", {"width": "300px"}), "2": ("LayoutModel", {"width": "200px"}),
                   "3": ("IntSliderModel", {"value": value, "layout": ref("1")}),
                   "4": ("IntSliderModel", {"value": 9, "layout": ref("2")}),
                   "5": ("HBoxModel", {"children": [ref("3")]}), "6": ("HBoxModel", {"children": [ref("4")]}),
                   "7": ("AnyModel", {"background": "iVBORw0KGgo="})}
        nb = nbformat.v4.new_notebook()
        nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {
            k * 32: {"model_name": m, "state": s} for k, (m, s) in widgets.items()}}}
        out = R.stable_widget_ids(nb, "03_pr_bep_fbeta")
        state = out.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
        return {(m["model_name"], json.dumps(m["state"].get("width", m["state"].get("value")))): k
                for k, m in state.items() if m["model_name"] != "HBoxModel"} | \
               {("box", str(m["state"]["children"])): k for k, m in state.items() if m["model_name"] == "HBoxModel"}

    a, b = notebook(3), notebook(4)
    kept = set(a.values()) & set(b.values())
    assert len(a) == len(b) == 7 and len(kept) == 5, "only the slider moved and its box may change id"


def test_stored_pictures_carry_no_version_text():
    """Every PNG stored in notebooks/ went through canonical_png (a matplotlib upgrade would
    otherwise rewrite every figure for its "Software" chunk alone)."""
    R = _tool()
    import nbformat
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        for obj, key in R._png_strings(nb):
            kinds = {k for k, _ in R.png_chunks(R._decode(obj[key]))}
            assert not kinds & set(R.PNG_TEXT_CHUNKS), f"{path.name}: a stored PNG carries {kinds & set(R.PNG_TEXT_CHUNKS)} (refresh it)"
