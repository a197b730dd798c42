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

Pictures are stored so that history grows only by what changed (issue 38):

* every PNG (figure outputs and explorer frames in the widget state) is stored in
  a lossless canonical form (:func:`canonical_png`: a palette when it has at most
  256 colours, RGB when it is opaque, zlib level 9, no text chunks such as
  matplotlib's version string): the same pixels in fewer bytes (figures -26%,
  explorer frames -12%; notebooks/ 19.8 -> 16.4 MB);
* a PNG whose pixels equal those of a PNG the notebook already stored keeps the
  stored bytes (:func:`settle_pngs`), whatever the encoder did this time (a new
  matplotlib, Pillow or zlib writes other bytes for the same picture);
* widget ids are derived from the widgets' content (:func:`stable_widget_ids`),
  so a changed widget changes its own id and its containers' ids, not every id
  after it.
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
    stored = stored_pngs(nb)
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
    settle_pngs(nb, stored)
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


# -- pictures: one canonical encoding, and the stored bytes kept for an unchanged picture ---------
_PNG = "iVBORw0KGgo"  # base64 of the PNG signature: how a stored picture's text starts
#: a stored PNG is kept for an unchanged picture unless the new encoding is this much smaller:
#: an encoder that saves a few bytes is no reason to rewrite every picture in the history
KEEP_STORED_WITHIN = 1.05


def _decode(b64: str) -> bytes:
    import base64
    return base64.b64decode("".join(b64.split()))


def png_pixels_key(data: bytes) -> str:
    """What a picture looks like, independent of its encoding: a hash of its size and RGBA pixels."""
    import io
    from PIL import Image
    with Image.open(io.BytesIO(data)) as im:
        rgba = im.convert("RGBA")
    return hashlib.sha1(b"%dx%d:" % rgba.size + rgba.tobytes()).hexdigest()


def canonical_png(data: bytes) -> bytes:
    """``data`` (a PNG) re-encoded losslessly, the same way every time: a palette PNG with only
    the colours used (transparent ones first, so the tRNS chunk is short; 1, 2 or 4 bits a pixel
    when the colours fit) when it has at most 256 colours, else RGB when it is opaque, else RGBA;
    zlib level 9; the dpi kept, text chunks (matplotlib's "Software: Matplotlib version...")
    dropped. The pixels decode to exactly the same RGBA values. Returns ``data`` without its
    text chunks (:func:`strip_png_text`) when the re-encoding is not smaller."""
    import io
    import numpy as np
    from PIL import Image
    with Image.open(io.BytesIO(data)) as im:
        dpi = im.info.get("dpi")
        rgba = im.convert("RGBA")
    options = {"format": "png", "compress_level": 9}
    if dpi:
        options["dpi"] = dpi
    colors = rgba.getcolors(256)
    a = np.asarray(rgba)
    if colors is None:
        out = rgba.convert("RGB") if bool((a[..., 3] == 255).all()) else rgba
    else:
        values = np.array([np.frombuffer(bytes(c), dtype=np.uint8) for _, c in colors]).reshape(-1, 4)
        keys = np.ascontiguousarray(values).view(np.uint32).ravel()
        order = np.lexsort((keys, values[:, 3] == 255))  # transparent colours first, then by value
        values, keys = values[order], keys[order]
        sorter = np.argsort(keys)
        flat = np.ascontiguousarray(a).view(np.uint32).ravel()
        index = sorter[np.searchsorted(keys, flat, sorter=sorter)].astype(np.uint8)
        out = Image.fromarray(index.reshape(a.shape[:2]), mode="P")
        out.putpalette(values[:, :3].tobytes(), rawmode="RGB")
        n_transparent = int((values[:, 3] < 255).sum())
        if n_transparent:
            options["transparency"] = values[:n_transparent, 3].tobytes()
    buf = io.BytesIO()
    out.save(buf, **options)
    new = buf.getvalue()
    data = strip_png_text(data)
    return new if len(new) < len(data) else data


#: chunks that say who wrote a PNG and when, not what it shows
PNG_TEXT_CHUNKS = (b"tEXt", b"zTXt", b"iTXt", b"tIME")


def png_chunks(data: bytes) -> list:
    """[(type, whole chunk bytes)] of a PNG, in order (after the 8-byte signature)."""
    import struct
    out, i = [], 8
    while i + 8 <= len(data):
        (n,) = struct.unpack(">I", data[i:i + 4])
        out.append((data[i + 4:i + 8], data[i:i + 12 + n]))
        i += 12 + n
    return out


def strip_png_text(data: bytes) -> bytes:
    """``data`` without its text and time chunks (matplotlib writes "Software: Matplotlib
    version3.x"): the image data is left as it is."""
    return data[:8] + b"".join(raw for kind, raw in png_chunks(data) if kind not in PNG_TEXT_CHUNKS)


def _png_strings(nb):
    """(container, key) of every base64 PNG the notebook stores: figure outputs and any string
    of the widget state (an explorer's background and layers)."""
    found = []

    def walk(obj):
        items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
        for k, v in items:
            if isinstance(v, str):
                if v.startswith(_PNG):
                    found.append((obj, k))
            elif isinstance(v, (dict, list)):
                walk(v)

    for cell in nb.cells:
        if cell.cell_type == "code":
            walk(cell.get("outputs", []))
    walk(nb.metadata.get("widgets", {}))
    return found


def stored_pngs(nb) -> dict:
    """{pixels key: base64 text} of every PNG ``nb`` stores now (read before it is refreshed)."""
    out = {}
    for obj, k in _png_strings(nb):
        try:
            out.setdefault(png_pixels_key(_decode(obj[k])), obj[k])
        except Exception:  # not a readable PNG: nothing to keep
            continue
    return out


def settle_pngs(nb, stored: dict) -> None:
    """Store every PNG of the refreshed ``nb`` as :func:`canonical_png`, or as the bytes in
    ``stored`` (:func:`stored_pngs` of the notebook before the refresh) when those show the same
    pixels and are at most ``KEEP_STORED_WITHIN`` times as large: an unchanged picture is
    stored byte for byte as before, whatever encoder drew it this time."""
    import base64
    done: dict = {}
    for obj, k in _png_strings(nb):
        text = obj[k]
        if text not in done:
            data = _decode(text)
            new = base64.b64encode(canonical_png(data)).decode("ascii")
            old = stored.get(png_pixels_key(data))
            done[text] = old if old is not None and len(old) <= KEEP_STORED_WITHIN * len(new) else new
        obj[k] = done[text]


def stable_widget_ids(nb, name: str):
    """Replace the widgets' random model ids by ids derived from the notebook's name and each
    widget's content (:func:`widget_content_keys`), and store the widgets in a canonical order
    (:func:`canonical_widget_order`), not in the order their comms happened to open, which
    varies from run to run: a refresh that changes nothing leaves no diff, byte for byte, and
    one that changes a widget changes its id and those of the widgets that hold it (and may swap
    the ids of widgets of equal content, such as default layouts), no other (ids numbered in
    order shifted every id after a changed widget). One pass over the text (a
    notebook holds hundreds of widgets: an explorer's frames are drawn ahead)."""
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    if not state:
        return nb
    keys = widget_content_keys(state)
    order = sorted(state, key=lambda k: keys[k])
    nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"] = {k: state[k] for k in order}
    new, same = {}, {}
    for old in order:  # widgets of equal content (default layouts ...) numbered in their group
        digest = keys[old][0]
        j = same[digest] = same.get(digest, -1) + 1
        new[old] = hashlib.sha1(f"{name}:{digest}:{j}".encode()).hexdigest()[:32]
    text = json.dumps(nb)
    pattern = re.compile("|".join(sorted(map(re.escape, new), key=len, reverse=True)))
    text = pattern.sub(lambda m: new[m.group(0)], text)
    return nbformat.from_dict(json.loads(text))


_REF = re.compile(r"IPY_MODEL_([0-9a-f]{32})")


def widget_content_keys(state: dict) -> dict:
    """{id: (digest, referrers)}: a hash of each widget's model name and state, its references
    to other widgets replaced by those widgets' own hashes (so the random ids do not count),
    and the sorted hashes of the widgets that refer to it. Widgets with equal keys are
    interchangeable (same content, same referrers)."""
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
    return {k: (digest(k), tuple(sorted(referrers[k]))) for k in state}


def canonical_widget_order(state: dict) -> list:
    """The widgets' ids sorted by what they hold (:func:`widget_content_keys`). Widgets still
    tied are interchangeable, so either order writes the same bytes. (Issue 38: comms open in
    a different order from run to run, and ids numbered in that order rewrote every stored
    frame at each refresh.)"""
    keys = widget_content_keys(state)
    return sorted(state, key=lambda k: keys[k])


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
