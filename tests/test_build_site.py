"""tools/build_site.py (``make site``) without a browser and without the network: fake npm
tarballs stand in for the pinned packages. The site itself, in Chromium, is checked by
tests/browser/test_browser_site.py."""
from __future__ import annotations

import io
import json
import re
import sys
import tarfile
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_site  # noqa: E402


def _tarball(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


FAKE_FILES = {
    "html-manager": {"package/dist/embed-amd.js": b"// embed", "package/dist/x.woff2": b"font",
                     "package/dist/embed.js.LICENSE.txt": b"notices", "package/src/big.ts": b"no"},
    "anywidget": {"package/dist/index.js": b"define([], {});", "package/LICENSE": b"MIT", "package/src/x.ts": b"no"},
    "requirejs": {"package/require.js": b"/** @license RequireJS 9 Copyright Someone.\n */\nvar r;",
                  "package/bin/r.js": b"no"},
    "mathjax": {"package/MathJax.js": b"// mj", "package/LICENSE": b"Apache", "package/config/Safe.js": b"s",
                "package/config/TeX-AMS_CHTML-full.js": b"c", "package/jax/output/SVG/a.js": b"no",
                "package/unpacked/MathJax.js": b"no"},
}


@pytest.fixture
def fake_vendors(tmp_path, monkeypatch):
    """The four pinned packages replaced by small tarballs in a cache folder, with their
    integrity; no npm, no network (a fetch attempt fails the test)."""
    cache = tmp_path / "cache"
    cache.mkdir()
    vendors = []
    for real in build_site.VENDORS:
        key = {"@jupyter-widgets/html-manager": "html-manager"}.get(real.name, real.name)
        data = _tarball(FAKE_FILES[key])
        v = build_site.Vendor(real.name, real.version, build_site._sri(data), real.dest, real.include, real.exclude,
                              real.licence, real.spdx)
        (cache / v.tarball_name).write_bytes(data)
        vendors.append(v)
    monkeypatch.setattr(build_site, "VENDORS", tuple(vendors))
    monkeypatch.setattr(build_site.shutil, "which", lambda name: None)

    def no_network(*a, **k):
        raise AssertionError("the build tried the network")

    monkeypatch.setattr(build_site.urllib.request, "urlopen", no_network)
    return cache


def _notebooks(folder: Path) -> Path:
    folder.mkdir()
    slider = {"model_name": "IntSliderModel", "model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
              "state": {"description": "k", "value": 0, "min": 0, "max": 2, "disabled": False}}
    other = {"model_name": "CheckboxModel", "model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
             "state": {"description": "kernel", "value": False, "disabled": False}}
    stack = {"model_name": "StackModel", "model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
             "state": {"children": [], "selected_index": 0}}
    link = {"model_name": "DirectionalLinkModel", "model_module": "@jupyter-widgets/controls",
            "model_module_version": "2.0.0",
            "state": {"source": ["IPY_MODEL_s1", "value"], "target": ["IPY_MODEL_st", "selected_index"]}}
    for i, title in enumerate(["Start here", "01 · Cut points, $R^2$ and `code`"]):
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_markdown_cell(f"# {title}\n\nSee [the next](01_b.ipynb) and $x^2$."),
                    nbformat.v4.new_code_cell("# NBVAL_IGNORE_OUTPUT\nprint('hi')", outputs=[
                        nbformat.v4.new_output("stream", name="stdout", text="hi\n")]),
                    nbformat.v4.new_code_cell("")]
        if i == 1:
            nb.cells[1].outputs.append(nbformat.v4.new_output(
                "display_data", data={"application/vnd.jupyter.widget-view+json":
                                      {"model_id": "st", "version_major": 2, "version_minor": 0},
                                      "text/plain": "Stack()"}))
            nb.metadata["widgets"] = {build_site.WIDGET_STATE: {
                "version_major": 2, "version_minor": 0,
                "state": {"s1": slider, "cb": other, "st": stack, "ln": link}}}
        nbformat.write(nb, folder / ("00_a.ipynb" if i == 0 else "01_b.ipynb"))
    return folder


def test_build_offline_from_the_cache(tmp_path, fake_vendors):
    notebooks = _notebooks(tmp_path / "nb")
    out = tmp_path / "site"
    report = build_site.build_site(out, notebooks=notebooks, cache=fake_vendors, jobs=1, log=lambda *a: None)
    assert report.pages == ["index.html", "00_a.html", "01_b.html"]
    static = out / "static"
    assert (static / "require.js").exists() and (static / "html-manager" / "embed-amd.js").exists()
    assert (static / "html-manager" / "x.woff2").exists() and not (static / "html-manager" / "big.ts").exists()
    assert (static / "mathjax" / "MathJax.js").exists() and not (static / "mathjax" / "unpacked").exists()
    assert not (static / "mathjax" / "jax" / "output" / "SVG").exists()
    licences = static / "licenses"
    assert "Apache" in (licences / "mathjax-2.7.9-LICENSE.txt").read_text()
    assert "MIT" in (licences / "requirejs-2.3.8-LICENSE.txt").read_text()
    # the explorers' front end: the AMD module in the site, its name mapped for require()
    assert (static / "anywidget" / "dist" / "index.js").exists() and not (static / "anywidget" / "src").exists()
    assert "MIT" in (licences / "anywidget-0.11.0-LICENSE.txt").read_text()
    assert (licences / "jupyter-widgets-html-manager-1.0.15-THIRD-PARTY-NOTICES.txt").exists()
    assert (static.stat().st_mode & 0o777) == 0o755, "a web server must be able to read static/"

    page = (out / "01_b.html").read_text()
    for cdn in ("cdnjs", "unpkg.com", "jsdelivr", "mermaid"):
        assert cdn not in page, cdn
    assert 'src="static/require.js"' in page and "static/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe" in page
    assert "static/html-manager/embed-amd.js" in page
    assert '"anywidget": "static/anywidget/dist/index"' in page
    assert 'href="01_b.html"' in page and ".ipynb" not in page.split("<main>")[1].split("<script type=")[0]
    assert re.search(r'<a (?=[^>]*rel="prev")[^>]*href="00_a.html"', page), "no link to the previous chapter"
    assert "NBVAL_IGNORE_OUTPUT" not in page and page.count('<details class="lm-code">') == 1  # the empty cell has none
    saved = json.loads(page.split(f'<script type="{build_site.WIDGET_STATE}">')[1].split("</script>")[0])
    assert saved["state"]["s1"]["state"]["disabled"] is False  # linked: it moves the frames
    assert saved["state"]["cb"]["state"]["disabled"] is True  # needs a kernel: greyed out
    assert saved["state"]["cb"]["state"]["tooltip"] == build_site.NEEDS_KERNEL
    assert 'id="lm-widget-1"' in page  # reproducible ids instead of nbconvert's uuid4
    index = (out / "index.html").read_text()
    assert 'href="00_a.html"' in index and 'href="01_b.html"' in index and "<code>code</code>" in index

    # a second build replaces the site and gives the same pages
    again = build_site.build_site(out, notebooks=notebooks, cache=fake_vendors, jobs=1, log=lambda *a: None)
    assert (out / "01_b.html").read_text() == page and again.pages == report.pages


def test_refuses_to_replace_a_folder_it_did_not_make(tmp_path, fake_vendors):
    notebooks = _notebooks(tmp_path / "nb")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("precious")
    with pytest.raises(build_site.SiteError, match="not built by this script"):
        build_site.build_site(mine, notebooks=notebooks, cache=fake_vendors, jobs=1, log=lambda *a: None)
    assert (mine / "thesis.tex").read_text() == "precious"


def test_bad_arguments(tmp_path, fake_vendors):
    with pytest.raises(build_site.SiteError, match="--notebooks .*not a folder"):
        build_site.build_site(tmp_path / "out", notebooks=tmp_path / "nowhere", cache=fake_vendors)
    notebooks = _notebooks(tmp_path / "nb")
    with pytest.raises(build_site.SiteError, match="--only 07: no such chapter"):
        build_site.build_site(tmp_path / "out", notebooks=notebooks, cache=fake_vendors, only=["07"])
    assert build_site.main(["--jobs", "1", "--notebooks", str(tmp_path / "nowhere")]) == 1
    with pytest.raises(SystemExit):
        build_site.main(["--jobs", "0"])


def test_a_tarball_that_does_not_match_its_integrity_is_never_used(tmp_path, monkeypatch):
    good = _tarball({"package/require.js": b"good"})
    vendor = build_site.Vendor("requirejs", "2.3.8", build_site._sri(good), "", ("require.js",))
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / vendor.tarball_name).write_bytes(_tarball({"package/require.js": b"tampered"}))
    monkeypatch.setattr(build_site.shutil, "which", lambda name: None)

    class Answer(io.BytesIO):
        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

    served = [_tarball({"package/require.js": b"evil"})]
    monkeypatch.setattr(build_site.urllib.request, "urlopen", lambda url, timeout: Answer(served[0]))
    with pytest.raises(build_site.SiteError, match="integrity"):
        build_site.unpack(vendor, cache, log=lambda *a: None)
    assert not (cache / vendor.tarball_name).exists(), "the tampered copy must be dropped"
    served[0] = good  # the registry now serves the right bytes
    out = build_site.unpack(vendor, cache, log=lambda *a: None)
    assert (out / "require.js").read_bytes() == b"good"


def test_a_tarball_with_an_unsafe_path_is_refused(tmp_path):
    data = _tarball({"package/../../escape.js": b"x"})
    vendor = build_site.Vendor("requirejs", "2.3.8", build_site._sri(data), "", ("*",))
    (tmp_path / vendor.tarball_name).write_bytes(data)
    with pytest.raises(build_site.SiteError, match="unsafe path"):
        build_site.unpack(vendor, tmp_path, log=lambda *a: None)
    assert not (tmp_path.parent / "escape.js").exists()


def test_links_between_chapters_point_at_pages():
    body = '<a href="03_pr.ipynb">03</a> <a href="./04_roc.ipynb#x">04</a> <a href="99_none.ipynb">?</a>'
    assert build_site._rewrite_links(body, {"03_pr", "04_roc"}) == (
        '<a href="03_pr.html">03</a> <a href="04_roc.html#x">04</a> <a href="99_none.ipynb">?</a>')
