"""Build the whole course as a static site: ``make site`` (``python tools/build_site.py``).

Every notebook in ``notebooks/`` becomes one HTML page, built from its STORED outputs and
saved widget state (nothing is re-executed): the narrative, the figures, the code (folded
under "code", one click opens it), chapter navigation (contents, previous, next), and every
explorer live. The explorers' frames and read-outs are in the saved widget state, each
control ``jslink``-ed to the explorer's view (an anywidget holding every frame), so the
widget manager running in the page shows each frame with no kernel and no server beyond a
plain file server.

Each chapter page with exercises shows, at the right of its navigation, how many of its exercises
the learner has solved in this browser (the answer boxes keep the record in ``localStorage``; nothing
leaves the machine), with buttons to export the record as a JSON file and to clear it; the index shows
the tally of each chapter and of the course. The answer boxes of a page share one copy of their
code: the notebook's hidden ``BoxCode`` widget, which every box imports.

No network at view time. The four pieces of JavaScript the pages need are fetched at build
time from the npm registry, pinned to one version and checked against the registry's
``sha512`` integrity string, and cached in ``build/site-vendor/`` (git-ignored), so a second
build needs no network:

* ``@jupyter-widgets/html-manager`` (``dist/embed-amd.js``): renders the saved widget state;
* ``anywidget`` (``dist/index.js``, AMD): the front end of the explorers' view (a custom
  widget); the page maps the module name to it, so nothing is fetched from a CDN;
* ``requirejs`` (``require.js``): the module loader the widget manager needs;
* ``mathjax`` 2.7 (TeX input, CommonHTML output, TeX fonts): the chapters' LaTeX.

Their licences are copied to ``site/static/licenses/``. The tarballs come from ``npm pack``
when the npm client is installed, otherwise straight from the registry over HTTPS; either
way the bytes are checked against the pinned integrity before anything is unpacked. Every
URL in the site is relative, so it works from any folder, from ``file://``, and behind a
sub-path (``https://host/course/``).

Usage::

    python tools/build_site.py                    # -> site/
    python tools/build_site.py --out /tmp/course  # elsewhere
    python tools/build_site.py --notebooks DIR    # from copies of the notebooks
    python tools/build_site.py --only 02 03       # some chapters (navigation still lists all)

From Python: ``build_site(out, notebooks=..., cache=...)`` returns a :class:`SiteReport`.
"""
from __future__ import annotations

import argparse
import ast
import base64
import concurrent.futures
import fnmatch
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUT = ROOT / "site"
DEFAULT_CACHE = ROOT / "build" / "site-vendor"
REGISTRY = "https://registry.npmjs.org"
MARKER = ".learnmetrics-site"  # a folder holding it was made by this script and may be replaced
SITE_TITLE = "learnmetrics: how machine-learning models are evaluated"


# -- the JavaScript the pages need, pinned -----------------------------------------------------
@dataclass(frozen=True)
class Vendor:
    """One npm package: which files of it go where in ``site/static``."""

    name: str
    version: str
    integrity: str  # the registry's dist.integrity (sha512, base64) of the tarball
    dest: str  # folder under site/static
    include: tuple[str, ...]  # globs relative to the package root ("package/" stripped)
    exclude: tuple[str, ...] = ()
    licence: str | None = None  # the licence file inside the package, if it ships one
    spdx: str = ""

    @property
    def tarball_name(self) -> str:
        return f"{self.name.lstrip('@').replace('/', '-')}-{self.version}.tgz"

    @property
    def tarball_url(self) -> str:
        return f"{REGISTRY}/{self.name}/-/{self.name.rsplit('/', 1)[-1]}-{self.version}.tgz"


VENDORS = (
    Vendor("@jupyter-widgets/html-manager", "1.0.15",
           "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
           "html-manager", include=("dist/embed-amd.js", "dist/*.woff", "dist/*.woff2", "dist/embed.js.LICENSE.txt"),
           spdx="BSD-3-Clause"),
    Vendor("anywidget", "0.11.0",
           "sha512-LHZgW2j5UjyerZSZcO+BtZPXGMSORQV2bUT480hOR5x/BXS8sOradi/71amJfMueSEnKX0dqPwTfsOGHTsyZpQ==",
           # an AMD module (define(["@jupyter-widgets/base"], ...)); the page maps the name "anywidget"
           # to it, so the widget manager loads it from the site (it tries require() before its CDN);
           # it must match the Python package's version (pyproject: anywidget~=0.11.0)
           "anywidget", include=("dist/index.js",), licence="LICENSE", spdx="MIT"),
    Vendor("requirejs", "2.3.8",
           "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
           "", include=("require.js",), spdx="MIT"),
    Vendor("mathjax", "2.7.9",
           "sha512-NOGEDTIM9+MrsqnjPEjVGNx4q0GQxqm61yQwSK+/5S59i26wId5IC5gNu9/bu8+CCVl5p9G2IHcAl/wJa+5+BQ==",
           "mathjax",
           # TeX in, CommonHTML out (what nbconvert's "TeX-AMS_CHTML-full,Safe" configuration uses),
           # with its TeX web fonts; not the SVG and HTML-CSS outputs, other fonts, unpacked sources
           include=("MathJax.js", "LICENSE", "config/TeX-AMS_CHTML-full.js", "config/Safe.js", "extensions/*",
                    "jax/input/TeX/*", "jax/element/*", "jax/output/CommonHTML/*", "jax/output/PreviewHTML/*",
                    "jax/output/NativeMML/*", "fonts/HTML-CSS/TeX/woff/*", "localization/en/*"),
           exclude=("extensions/a11y/mathmaps/*",), licence="LICENSE", spdx="Apache-2.0"),
)
MATHJAX_CONFIG = "TeX-AMS_CHTML-full,Safe"

MIT_TEXT = """Permission is hereby granted, free of charge, to any person obtaining a copy of this
software and associated documentation files (the "Software"), to deal in the Software
without restriction, including without limitation the rights to use, copy, modify, merge,
publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons
to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE
FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
DEALINGS IN THE SOFTWARE.
"""


class SiteError(RuntimeError):
    """A build that cannot go on (missing package, integrity mismatch, bad argument)."""


def _sri(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def fetch_tarball(vendor: Vendor, cache: Path, *, log=print) -> Path:
    """The package's tarball in ``cache``, fetched once (``npm pack``, else HTTPS from the
    registry) and checked against the pinned integrity every time it is used."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / vendor.tarball_name
    if path.exists():
        if _sri(path.read_bytes()) == vendor.integrity:
            return path
        log(f"  {path.name}: cached copy does not match the pinned integrity; fetching it again")
        path.unlink()
    spec = f"{vendor.name}@{vendor.version}"
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        npm = shutil.which("npm")
        got: Path | None = None
        errors = []
        if npm:
            log(f"  npm pack {spec}")
            proc = subprocess.run([npm, "pack", spec, "--pack-destination", tmp, "--silent"],
                                  capture_output=True, text=True, timeout=300, cwd=tmp)
            found = list(Path(tmp).glob("*.tgz"))
            if proc.returncode == 0 and found:
                got = found[0]
            else:
                errors.append(f"npm pack {spec} failed ({proc.returncode}): {proc.stderr.strip()[-300:]}")
        if got is None:
            log(f"  GET {vendor.tarball_url}")
            try:
                with urllib.request.urlopen(vendor.tarball_url, timeout=120) as r:
                    got = Path(tmp) / vendor.tarball_name
                    got.write_bytes(r.read())
            except OSError as e:
                errors.append(f"GET {vendor.tarball_url}: {e}")
                got = None
        if got is None:
            raise SiteError(
                f"cannot fetch {spec}, needed once to build the site ({'; '.join(errors)}). Connect to the "
                f"network once (later builds use the cache), or put {vendor.tarball_name} (from `npm pack {spec}`) "
                f"in {cache}")
        data = got.read_bytes()
        if _sri(data) != vendor.integrity:
            raise SiteError(f"{spec}: the fetched tarball's integrity is {_sri(data)}, expected the pinned "
                            f"{vendor.integrity}; not using it")
        os.replace(got, path)
    return path


def unpack(vendor: Vendor, cache: Path, *, log=print) -> Path:
    """The files of ``vendor`` the site needs, unpacked once into ``cache/<name>-<version>/``."""
    target = cache / vendor.tarball_name.removesuffix(".tgz")
    stamp = target / ".integrity"
    if stamp.exists() and stamp.read_text() == vendor.integrity:
        return target
    tarball = fetch_tarball(vendor, cache, log=log)
    if target.exists():
        shutil.rmtree(target)
    tmp = Path(tempfile.mkdtemp(dir=cache, prefix=target.name + "."))
    wanted = vendor.include + ((vendor.licence,) if vendor.licence else ())
    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            rel = member.name.split("/", 1)[1] if "/" in member.name else member.name
            parts = Path(rel).parts
            if ".." in parts or Path(rel).is_absolute():
                raise SiteError(f"{vendor.tarball_name}: unsafe path {member.name!r} in the tarball")
            if not any(fnmatch.fnmatch(rel, g) for g in wanted) or any(fnmatch.fnmatch(rel, g) for g in vendor.exclude):
                continue
            out = tmp / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            with tar.extractfile(member) as src, open(out, "wb") as dst:
                shutil.copyfileobj(src, dst)
    (tmp / ".integrity").write_text(vendor.integrity)
    os.replace(tmp, target)
    return target


def _licence_texts(vendor: Vendor, unpacked: Path) -> dict[str, str]:
    """file name -> text of the licence notices shipped with the site for ``vendor``."""
    stem = vendor.tarball_name.removesuffix(".tgz")
    head = f"{vendor.name} {vendor.version} ({vendor.spdx}), from {vendor.tarball_url}\n\n"
    out = {}
    if vendor.licence:
        out[f"{stem}-LICENSE.txt"] = head + (unpacked / vendor.licence).read_text(encoding="utf-8")
    elif vendor.name == "requirejs":
        first = (unpacked / "require.js").read_text(encoding="utf-8").split("*/", 1)[0]
        notice = re.search(r"@license (.*?Copyright .*?)\.\n", first)
        holder = notice.group(1) if notice else "RequireJS, Copyright jQuery Foundation and other contributors"
        out[f"{stem}-LICENSE.txt"] = head + f"MIT License\n\n{holder}.\n\n" + MIT_TEXT
    elif vendor.name == "@jupyter-widgets/html-manager":
        # the package ships no licence file: it is part of ipywidgets (BSD-3-Clause), whose
        # licence the installed ipywidgets carries
        text = _ipywidgets_licence()
        out[f"{stem}-LICENSE.txt"] = head + (text or "BSD-3-Clause, Copyright (c) Project Jupyter Contributors. "
                                             "See https://github.com/jupyter-widgets/ipywidgets/blob/main/LICENSE\n")
        notices = unpacked / "dist" / "embed.js.LICENSE.txt"
        if notices.exists():
            out[f"{stem}-THIRD-PARTY-NOTICES.txt"] = head + notices.read_text(encoding="utf-8")
    return out


def _ipywidgets_licence() -> str | None:
    from importlib import metadata

    try:
        dist = metadata.distribution("ipywidgets")
    except metadata.PackageNotFoundError:
        return None
    for f in dist.files or ():
        if f.name.upper().startswith("LICENSE"):
            try:
                return Path(dist.locate_file(f)).read_text(encoding="utf-8")
            except OSError:
                pass
    return None


def install_vendors(static: Path, cache: Path, *, log=print) -> list[dict]:
    """Copy every pinned package's files and licences into ``static``; returns what was used."""
    used = []
    licences = static / "licenses"
    licences.mkdir(parents=True, exist_ok=True)
    for vendor in VENDORS:
        unpacked = unpack(vendor, cache, log=log)
        dest = static / vendor.dest if vendor.dest else static
        for src in sorted(unpacked.rglob("*")):
            rel = src.relative_to(unpacked)
            if src.is_dir() or rel.name == ".integrity" or (vendor.licence and str(rel) == vendor.licence):
                continue
            if rel.name.endswith("LICENSE.txt"):  # third-party notices go with the licences
                continue
            out = dest / (rel.name if vendor.dest == "html-manager" else rel)
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, out)
        for name, text in _licence_texts(vendor, unpacked).items():
            (licences / name).write_text(text, encoding="utf-8")
        used.append({"package": vendor.name, "version": vendor.version, "licence": vendor.spdx,
                     "integrity": vendor.integrity, "tarball": vendor.tarball_url})
    lines = ["Third-party code shipped with this site (fetched from the npm registry at build time,",
             "checked against the pinned integrity). Licence texts are in this folder.", ""]
    lines += [f"{u['package']} {u['version']} ({u['licence']})\n  {u['tarball']}\n  {u['integrity']}" for u in used]
    (licences / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return used


# -- the pages --------------------------------------------------------------------------------
@dataclass
class Chapter:
    path: Path
    slug: str  # page name without .html, the notebook's stem
    title: str  # markdown of the notebook's first '# ' heading (may hold $...$)
    title_html: str = ""
    exercises: list[str] = field(default_factory=list)  # the ids of its answer boxes, in order
    lang: str = "en"  # the language its answer boxes speak (their specs' "lang")

    @property
    def href(self) -> str:
        return f"{self.slug}.html"


def _title(nb) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"^#\s+(.+)$", cell.source, flags=re.M)
            if m:
                return m.group(1).strip()
    return ""


def _inline_markdown(text: str) -> str:
    """One line of markdown as HTML (no enclosing paragraph); $...$ is left for MathJax."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    out = markdown2html_mistune(text).strip()
    return re.sub(r"^<p>(.*)</p>$", r"\1", out, flags=re.S)


def _read(path: Path):
    """The notebook as stored (no schema validation: the tests validate; this is 5x faster)."""
    from nbformat import v4

    return v4.reads(path.read_text(encoding="utf-8"))


def answer_boxes(nb) -> tuple[list[str], str]:
    """(exercise ids, language) of the notebook's answer boxes, from its saved widget state: the
    ids in order, each once; the language their specs name (English when they name none)."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    ids, langs = [], []
    for m in state.values():
        spec = m.get("state", {}).get("spec") if m.get("model_name") == "AnyModel" else None
        if isinstance(spec, dict) and isinstance(spec.get("id"), str):
            if spec["id"] not in ids:
                ids.append(spec["id"])
            langs.append(spec.get("lang") or "en")
    return ids, max(set(langs), key=langs.count) if langs else "en"


def find_chapters(notebooks: Path) -> list[Chapter]:
    chapters = []
    for path in sorted(notebooks.glob("[0-9][0-9]_*.ipynb")):
        nb = _read(path)
        ch = Chapter(path, path.stem, _title(nb) or path.stem.replace("_", " "))
        ch.title_html = _inline_markdown(ch.title)
        ch.exercises, ch.lang = answer_boxes(nb)
        chapters.append(ch)
    if not chapters:
        raise SiteError(f"no notebooks named NN_*.ipynb in {notebooks}")
    return chapters


TEMPLATE = r"""{%- extends 'index.html.j2' -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{% block extra_css %}<link rel="stylesheet" href="static/site.css">
<script>
// The widget manager finds its icon fonts next to the AMD modules it defines: map those to static/.
require.config({paths: {"@jupyter-widgets/html-manager": "static/html-manager/html-manager",
                        "@jupyter-widgets/html-manager/dist": "static/html-manager",
                        "anywidget": "static/anywidget/dist/index"}});
window.__jupyter_widgets_assets_path__ = "static/html-manager/";
</script>
{% endblock extra_css %}
{%- block body_header -%}
{{ super() }}
{{ resources.site_nav_top }}
{%- endblock body_header -%}
{% block body_footer %}
{{ resources.site_nav_bottom }}
</main>
<script src="static/site.js"></script>
</body>
{% endblock body_footer %}
{% block input %}
<div class="jp-CodeMirrorEditor jp-Editor jp-InputArea-editor" data-type="inline">
     <div class="cm-editor cm-s-jupyter">
{{ cell.source | highlight_code(metadata=cell.metadata) }}
     </div>
</div>
{%- endblock input %}
{% block input_group -%}
{%- if cell.source.strip() -%}
<details class="lm-code"><summary>code</summary>
{{ super() }}
</details>
{%- endif -%}
{% endblock input_group %}
{% block data_png scoped %}
<div class="jp-RenderedImage jp-OutputArea-output {{ extra_class }}">
<img src="data:image/png;base64,{{ output.data['image/png'] | escape_html }}"
alt="{{ ((output | get_metadata('alt', 'image/png')) or 'A figure of the lesson') | escape_html }}"
{%- set width=output | get_metadata('width', 'image/png') -%}
{%- if width is not none %}
width={{ width | escape_html }}
{%- endif %}
>
</div>
{%- endblock data_png %}
"""

SITE_CSS = """/* learnmetrics static course: navigation and folded code (the rest is nbconvert's lab style) */
body.jp-Notebook { max-width: 1180px; margin: 0 auto; padding: 0 16px 48px; }
nav.lm-nav { font: 14px/1.4 system-ui, sans-serif; padding: 10px 0; border-bottom: 1px solid #ccc; margin-bottom: 12px; }
nav.lm-nav > div { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 18px; margin: 2px 0; }
nav.lm-nav .lm-pager { justify-content: space-between; }
nav.lm-nav.lm-bottom { border-bottom: 0; border-top: 1px solid #ccc; margin: 24px 0 0; }
nav.lm-nav a { color: #0b5394; text-decoration: none; }
nav.lm-nav a:hover, nav.lm-nav a:focus { text-decoration: underline; }
nav.lm-nav .lm-home { font-weight: 600; }
nav.lm-nav .lm-next { margin-left: auto; text-align: right; }
.lm-progress { font: 14px/1.4 system-ui, sans-serif; color: #333; display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; }
.lm-progress button { font: 13px system-ui, sans-serif; padding: 2px 8px; cursor: pointer; }
.lm-progress [hidden] { display: none; }
.lm-progress-note { color: #666; font-size: 12px; }
nav.lm-nav .lm-progress { margin-left: auto; }
ol.lm-chapters .lm-progress { display: inline; font-size: 13px; color: #555; margin-left: 8px; }
.jupyter-widgets { font-family: var(--jp-ui-font-family); }  /* the read-outs, as in JupyterLab */
.jupyter-widgets .widget-html-content pre { word-break: normal; overflow-wrap: break-word; }  /* wrap a read-out between words */
nav.lm-nav details { position: relative; }
nav.lm-nav details > summary { cursor: pointer; color: #0b5394; }
nav.lm-nav details > ol { position: absolute; z-index: 10; background: #fff; border: 1px solid #bbb; margin: 4px 0 0;
  padding: 8px 14px; list-style: none; width: 34em; max-width: 80vw; box-shadow: 0 2px 8px rgba(0,0,0,.2); }
nav.lm-nav li { margin: 3px 0; }
nav.lm-nav li[aria-current] { font-weight: 600; }
button.lm-code-toggle { font: 13px system-ui, sans-serif; padding: 2px 10px; cursor: pointer; }
details.lm-code > summary { cursor: pointer; font: 13px/1.6 system-ui, sans-serif; color: #555; width: max-content;
  padding: 0 6px; border-left: 3px solid #bbb; margin: 2px 0; }
details.lm-code[open] > summary { color: #222; }
.jp-CodeCell { margin-top: 4px; }
main > p.lm-note { font: 14px/1.5 system-ui, sans-serif; color: #444; }
ol.lm-chapters { font: 17px/1.5 system-ui, sans-serif; padding-left: 0; list-style: none; }
ol.lm-chapters li { margin: 8px 0; }
ol.lm-chapters a { color: #0b5394; }
footer.lm-footer { font: 13px/1.5 system-ui, sans-serif; color: #555; margin-top: 28px; }
"""

SITE_JS_CODE = """// learnmetrics static course: one button opens or folds every code cell of the page.
(function () {
  var button = document.querySelector('button.lm-code-toggle');
  if (!button) return;
  var cells = function () { return Array.prototype.slice.call(document.querySelectorAll('details.lm-code')); };
  var sync = function () {
    var all = cells(), open = all.length > 0 && all.every(function (d) { return d.open; });
    button.textContent = open ? 'fold all code' : 'show all code';
    button.setAttribute('aria-pressed', open ? 'true' : 'false');
  };
  button.addEventListener('click', function () {
    var all = cells(), open = !all.every(function (d) { return d.open; });
    all.forEach(function (d) { d.open = open; });
    sync();
  });
  document.addEventListener('toggle', sync, true);
  sync();
}());
"""

PROGRESS_JS = """// The learner's progress (which exercises the answer boxes found solved, kept by the boxes in this
// browser's localStorage; nothing leaves the machine): the tally of each chapter, export as a JSON file, clear.
(function () {
  var KEY = __KEY__, WORDS = __WORDS__;
  var places = Array.prototype.slice.call(document.querySelectorAll('[data-lm-exercises]'));
  if (!places.length) return;
  var load = function () {
    try {
      var p = JSON.parse(window.localStorage.getItem(KEY) || '{}');
      return p && typeof p === 'object' && !Array.isArray(p) ? p : {};
    } catch (e) { return null; }   // no storage (blocked, private mode, some file:// pages)
  };
  var fill = function (t, v) { return t.replace(/\\{(\\w+)\\}/g, function (g, k) { return k in v ? String(v[k]) : g; }); };
  var words = function (el) { return WORDS[el.getAttribute('data-lang')] || WORDS.en; };
  var update = function () {
    var p = load();
    places.forEach(function (el) {
      var ids = JSON.parse(el.getAttribute('data-lm-exercises')), W = words(el), text = el.querySelector('.lm-progress-text');
      Array.prototype.forEach.call(el.querySelectorAll('button, .lm-progress-note'), function (b) { b.hidden = p === null; });
      if (p === null) { text.textContent = W.site_none; el.removeAttribute('data-solved'); return; }
      var k = ids.filter(function (id) { return Array.isArray(p[id]) && p[id].length > 0; }).length;
      el.setAttribute('data-solved', String(k));
      text.textContent = fill(el.hasAttribute('data-whole') ? W.site_tally_all : W.site_tally, {k: k, n: ids.length});
    });
  };
  document.addEventListener('click', function (e) {
    var b = e.target.closest && e.target.closest('.lm-progress button');
    if (!b) return;
    var p = load();
    if (p === null) return;
    if (b.classList.contains('lm-progress-export')) {
      var file = {learnmetrics_progress: 1, exported: new Date().toISOString(), page: location.pathname.split('/').pop(),
                  solved: p, note: 'exercise id -> the forms solved: "o" the original, "v1".."v5" its variants'};
      var url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], {type: 'application/json'}));
      var a = document.createElement('a');
      a.href = url;
      a.download = 'learnmetrics-progress.json';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
    } else if (b.classList.contains('lm-progress-clear')) {
      if (!window.confirm(words(b.closest('.lm-progress')).site_confirm)) return;
      try { window.localStorage.removeItem(KEY); } catch (err) { /* nothing kept */ }
      Array.prototype.forEach.call(document.querySelectorAll('.lm-answer-before'), function (x) { x.hidden = true; });
      update();
    }
  });
  window.addEventListener('lm-progress', update);   // an answer box just found an exercise solved
  window.addEventListener('storage', update);       // another tab of the course did
  update();
}());
"""


def site_js() -> str:
    """static/site.js: the code button, then the progress tally (words and storage key from the answer box's)."""
    from learnmetrics.exercises._box_words import BOX_WORDS, STORE_KEY

    words = {lang: {k: v for k, v in w.items() if k.startswith("site_")} for lang, w in BOX_WORDS.items()}
    return SITE_JS_CODE + PROGRESS_JS.replace("__KEY__", json.dumps(STORE_KEY)).replace(
        "__WORDS__", json.dumps(words, ensure_ascii=False))


def progress_html(ids: list[str], lang: str, *, buttons: bool = False, whole: bool = False) -> str:
    """The place of a tally of solved exercises (filled by site.js from the browser's storage), with
    the buttons that export and clear the record."""
    from learnmetrics.exercises._box_words import BOX_WORDS

    words = BOX_WORDS.get(lang, BOX_WORDS["en"])
    attrs = (f'class="lm-progress" data-lm-exercises="{html.escape(json.dumps(ids))}" data-lang="{html.escape(lang)}"'
             + (' data-whole="1"' if whole else ""))
    inner = '<span class="lm-progress-text" aria-live="polite"></span>'
    if buttons:
        inner += (f' <button type="button" class="lm-progress-export" hidden>{html.escape(words["site_export"])}</button>'
                  f' <button type="button" class="lm-progress-clear" hidden>{html.escape(words["site_clear"])}</button>'
                  f' <span class="lm-progress-note" hidden>({html.escape(words["site_note"])})</span>')
    return f'<span {attrs}>{inner}</span>'


def _nav(chapters: list[Chapter], i: int | None, *, bottom: bool = False) -> str:
    """Contents, the chapter list, the code button, then previous and next: relative links."""
    bar = ['<a class="lm-home" href="index.html">Contents</a>']
    if not bottom:
        current = ' aria-current="page"'
        items = "".join(f'<li{current if j == i else ""}><a href="{c.href}">{c.title_html}</a></li>'
                        for j, c in enumerate(chapters))
        bar.append(f'<details class="lm-toc"><summary>Chapters</summary><ol start="0">{items}</ol></details>')
        if i is not None:
            bar.append('<button type="button" class="lm-code-toggle" aria-pressed="false">show all code</button>')
        if i is not None and chapters[i].exercises:   # the tally of this page's exercises, at the right
            bar.append(progress_html(chapters[i].exercises, chapters[i].lang, buttons=True))
    pager = []
    if i is not None and i > 0:
        prev = chapters[i - 1]
        pager.append(f'<a class="lm-prev" rel="prev" href="{prev.href}">&larr; {prev.title_html}</a>')
    if i is not None and i + 1 < len(chapters):
        nxt = chapters[i + 1]
        pager.append(f'<a class="lm-next" rel="next" href="{nxt.href}">{nxt.title_html} &rarr;</a>')
    rows = [f'<div class="lm-bar">{" ".join(bar)}</div>']
    if pager:
        rows.insert(bottom, f'<div class="lm-pager">{" ".join(pager)}</div>')
    return (f'<nav class="lm-nav{" lm-bottom" if bottom else ""}" aria-label="chapters">\n'
            + "\n".join(rows) + "\n</nav>")


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
LINK_MODELS = ("LinkModel", "DirectionalLinkModel")
NEEDS_KERNEL = "This control needs Python: open the notebook in JupyterLab (make lab) to move it."


def freeze_unlinked_controls(nb) -> list[str]:
    """Grey out (``disabled``, with a tooltip saying why) every control of the saved widget
    state that no ``jslink``/``jsdlink`` connects: with no kernel it could move but change
    nothing. Returns their descriptions. A control that drives a Stack of frames is untouched."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    linked = set()
    for m in state.values():
        if m.get("model_name") in LINK_MODELS:
            for end in ("source", "target"):
                ref = (m["state"].get(end) or [""])[0]
                linked.add(ref.removeprefix("IPY_MODEL_"))
    frozen = []
    for mid, m in state.items():
        s = m.get("state", {})
        if "disabled" in s and not s["disabled"] and mid not in linked:
            s["disabled"] = True
            s["tooltip"] = NEEDS_KERNEL
            frozen.append(f'{m.get("model_name")} {s.get("description", "")!r}'.strip())
    return frozen


_NBVAL_LINE = re.compile(r"^# NBVAL_[A-Z_]+[^\n]*\n?", flags=re.M)


def _prepare(nb):
    """The notebook as the page shows it: test markers (``# NBVAL_...``) dropped from the code,
    the controls that need a kernel greyed out (:func:`freeze_unlinked_controls`)."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = _NBVAL_LINE.sub("", cell.source)
    freeze_unlinked_controls(nb)
    figure_alt_texts(nb)
    return nb


_HEADING = re.compile(r"^#{1,6}\s+(.+)$", re.M)
_COMMENT = re.compile(r"^[ \t]*#[ \t]*(?![ \t]|NBVAL)(.+)$", re.M)


def _heading_text(heading: str) -> str:
    """A markdown heading as plain words: no HTML tags (the chapters' ``<a id="...">`` anchors),
    no markdown emphasis or TeX marks, links reduced to their text, entities decoded."""
    text = re.sub(r"<[^>]*>", "", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = html.unescape(re.sub(r"[*_`$\\]", "", text))
    return re.sub(r"\s+", " ", text).strip()


#: the expressions of a filmstrip call the site reads without a kernel: literals, names bound to
#: literals earlier in the cell, comprehensions and f-strings over them (no calls, no attributes)
_SAFE_NODES = (ast.Expression, ast.Constant, ast.List, ast.Tuple, ast.Set, ast.Dict, ast.Name, ast.Load,
               ast.Store, ast.ListComp, ast.GeneratorExp, ast.comprehension, ast.JoinedStr,
               ast.FormattedValue, ast.BinOp, ast.UnaryOp, ast.Subscript, ast.Slice, ast.Add, ast.Sub,
               ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.USub, ast.UAdd)
_UNKNOWN = object()


def _static_value(node, env: dict):
    """The value of ``node`` computed from ``env`` alone, or ``_UNKNOWN`` (a name the cell does
    not bind to a literal, a call, an attribute: what only the kernel knows)."""
    if not all(isinstance(n, _SAFE_NODES) for n in ast.walk(node)):
        return _UNKNOWN
    try:
        code = compile(ast.fix_missing_locations(ast.Expression(node)), "<filmstrip>", "eval")
        return eval(code, {"__builtins__": {}}, dict(env))
    except Exception:  # noqa: BLE001 - anything the cell's literals do not settle
        return _UNKNOWN


def _static_text(node, env: dict) -> str:
    """``node`` as words: its value when known, an f-string with "…" for each part only the kernel
    knows, "…" otherwise."""
    value = _static_value(node, env)
    if value is not _UNKNOWN:
        if isinstance(value, tuple):
            return ", ".join(_plain(v) for v in value)
        return _plain(value)
    if isinstance(node, ast.JoinedStr):
        parts = [str(p.value) if isinstance(p, ast.Constant) else _static_value(ast.JoinedStr([p]), env)
                 for p in node.values]
        return "".join("…" if p is _UNKNOWN else p for p in parts)
    if isinstance(node, ast.Tuple):
        return ", ".join(_static_text(e, env) for e in node.elts)
    return "…"


def _plain(value) -> str:
    return value if isinstance(value, str) else repr(value) if isinstance(value, (int, float)) else "…"


def _frames(node, env: dict):
    """One ``(expression, names)`` per frame of a filmstrip argument (a list literal, or a
    comprehension over something the cell spells out), or None when only the kernel knows."""
    if isinstance(node, (ast.List, ast.Tuple)) and not any(isinstance(e, ast.Starred) for e in node.elts):
        return [(e, env) for e in node.elts]
    if isinstance(node, (ast.ListComp, ast.GeneratorExp)) and len(node.generators) == 1:
        gen = node.generators[0]
        values = _static_value(gen.iter, env)
        if values is _UNKNOWN or gen.ifs or gen.is_async or not isinstance(gen.target, ast.Name):
            return None
        try:
            values = list(values)
        except TypeError:
            return None
        return [(node.elt, {**env, gen.target.id: v}) for v in values]
    value = _static_value(node, env)
    if isinstance(value, (list, tuple)):
        return [(ast.Name("frame_", ast.Load()), {**env, "frame_": v}) for v in value]
    return None


def filmstrip_alt(source: str, comment: str = "") -> str:
    """What a filmstrip shows, read from its cell without a kernel: how many frames, and each
    frame's title (or, with no titles, its settings: "at 0.25"), as far as the cell spells them
    out; a part only the kernel knows reads "…". A filmstrip shows chosen steps, never all. The
    cell's first comment (``comment``) follows when the frames have no titles."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        tree = None
    env, call = {}, None
    for stmt in (tree.body if tree is not None else []):
        found = [n for n in ast.walk(stmt) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                 and n.func.attr == "filmstrip"]
        if found:
            call = found[0]
            break
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            value = _static_value(stmt.value, env)
            if value is not _UNKNOWN:
                env[stmt.targets[0].id] = value
    tail = f": {comment}" if comment else ""
    lead = "Filmstrip: the explorer above at a few chosen steps (not every step)"
    if call is None or not call.args:
        return lead + tail
    keys = _frames(call.args[0], env)
    titles = next((_frames(k.value, env) for k in call.keywords if k.arg == "titles"), None)
    if titles is not None:
        # a title is a string or an (english, chinese) pair: the site is in English
        words = [_static_text(t.elts[0] if isinstance(t, ast.Tuple) and len(t.elts) == 2 else t, e)
                 for t, e in titles]
    elif keys is not None:
        words = [f"at {_static_text(k, e)}" for k, e in keys]
    else:
        return lead + tail
    lead = f"Filmstrip: the explorer above at {len(words)} chosen steps (not every step)"
    if all(w.removeprefix("at ").strip(" ,…") == "" for w in words):
        return lead + tail
    listed = "; ".join(f"{i}) {w}" for i, w in enumerate(words, 1))
    return f"{lead}: {listed}" + (tail if titles is None else "")


def figure_alt_texts(nb) -> int:
    """Give every stored figure a short description (``alt``) for screen readers and for a
    page whose images do not load, instead of nbconvert's "No description has been provided for
    this image": a filmstrip says which of the explorer's steps it shows (:func:`filmstrip_alt`);
    any other figure says what the cell's first comment says, under its section's heading (as
    plain words: :func:`_heading_text`). A description already in the output's metadata is
    kept. Returns how many were written."""
    heading, written = "", 0
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            found = _HEADING.findall(cell.source)
            if found:
                heading = _heading_text(found[-1])
            continue
        if cell.cell_type != "code":
            continue
        comment = _COMMENT.search(cell.source)
        for out in cell.get("outputs", []):
            if "image/png" not in out.get("data", {}):
                continue
            meta = out.setdefault("metadata", {}).setdefault("image/png", {})
            if meta.get("alt"):
                continue
            if "filmstrip(" in cell.source:
                text = filmstrip_alt(cell.source, comment.group(1).strip() if comment else "")
            elif comment:
                text = f"Figure: {comment.group(1).strip()}"
            else:
                text = "Figure"
            meta["alt"] = f"{text} (section: {heading})" if heading else text
            written += 1
    return written


def _exporter():
    import jinja2
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(
        template_name="lab",
        extra_loaders=[jinja2.DictLoader({"learnmetrics_site.html.j2": TEMPLATE})],
        template_file="learnmetrics_site.html.j2",
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        require_js_url="static/require.js",
        mathjax_url=f"static/mathjax/MathJax.js?config={MATHJAX_CONFIG}",
        widget_renderer_url="static/html-manager/embed-amd.js",
        jupyter_widgets_base_url="static/",  # never used: the built-in controls and anywidget are mapped by require.config
    )
    return exporter


def _rewrite_links(body: str, slugs: set[str]) -> str:
    """Links between chapters (``03_pr_bep_fbeta.ipynb``) point at their pages."""
    def sub(m):
        stem = m.group(2)
        return f'{m.group(1)}{stem}.html{m.group(3) or ""}"' if stem in slugs else m.group(0)

    return re.sub(r'(href=")(?:\./)?([0-9]{2}_[A-Za-z0-9_]+)\.ipynb(#[^"]*)?"', sub, body)


_UUID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\b")


def render_chapter(chapters: list[Chapter], i: int) -> tuple[str, str]:
    """(file name, HTML) of chapter ``i``."""
    ch = chapters[i]
    nb = _prepare(_read(ch.path))
    # The saved widget state (megabytes of frames) goes into the page as it is: nbconvert gets a
    # stand-in with the same model ids (it only looks them up), which is swapped for the real
    # state afterwards, so the template and nbconvert's HTML clean-up never parse the frames.
    saved = nb.metadata.get("widgets", {}).get(WIDGET_STATE)
    stand_in = None
    if saved:
        stand_in = {**saved, "state": {mid: {} for mid in saved.get("state", {})}}
        nb.metadata["widgets"][WIDGET_STATE] = stand_in
    resources = {
        "metadata": {"name": html.unescape(re.sub(r"<[^>]+>", "", ch.title_html)), "path": str(ch.path.parent)},
        "site_nav_top": _nav(chapters, i),
        "site_nav_bottom": _nav(chapters, i, bottom=True),
    }
    body, _ = _exporter().from_notebook_node(nb, resources=resources)
    body = _rewrite_links(body, {c.slug for c in chapters})
    # nbconvert names each widget output with a random uuid4: number them, so a build is reproducible
    names: dict[str, str] = {}
    body = _UUID.sub(lambda m: names.setdefault(m.group(0), f"lm-widget-{len(names) + 1}"), body)
    if stand_in is not None:
        escape = lambda obj: json.dumps(obj).replace("/", "\\/")  # nbconvert's json_dumps | escape_html_script
        placeholder = escape(stand_in)
        if body.count(placeholder) != 1:
            raise SiteError(f"{ch.path.name}: the widget state was not written once into the page")
        body = body.replace(placeholder, escape(saved))
    return ch.href, body


def render_index(chapters: list[Chapter], vendors: list[dict]) -> str:
    items = "\n".join(f'<li><a href="{c.href}">{c.title_html}</a>'
                      f'{progress_html(c.exercises, c.lang) if c.exercises else ""}</li>' for c in chapters)
    every = [e for c in chapters for e in c.exercises]
    langs = [c.lang for c in chapters if c.exercises]
    whole = (f'<p>{progress_html(every, max(set(langs), key=langs.count), buttons=True, whole=True)}</p>'
             if every else "")
    credits = ", ".join(f'{html.escape(v["package"])} {v["version"]} ({v["licence"]})' for v in vendors)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>{html.escape(SITE_TITLE)}</title>
<link rel="stylesheet" href="static/site.css">
<script src="static/mathjax/MathJax.js?config={MATHJAX_CONFIG}"></script>
<script type="text/x-mathjax-config">
MathJax.Hub.Config({{tex2jax: {{inlineMath: [['$','$'], ['\\\\(','\\\\)']], processEscapes: true}}, messageStyle: 'none'}});
</script>
</head>
<body class="jp-Notebook">
<main>
{_nav(chapters, None)}
<h1>How machine-learning models are evaluated, step by step</h1>
<p class="lm-note">A course that follows chapter 2 of Zhou Zhihua's <i>Machine Learning</i>
(周志华《机器学习》, the "watermelon book", 西瓜书), <b>model evaluation and selection</b>, and goes past it.
Each chapter is a page: the explanation, the figures, the code that made them (folded: click
<b>code</b> to open a cell, or <b>show all code</b> at the top) and the <b>explorers</b>: drag a slider, or
click it and use the arrow keys (or press and drag on a ranked list or a score axis to move the cut), and
the figure and the numbers beside it follow, in this page, with no Python running. To run or change the
code, open the notebooks in JupyterLab (<code>make lab</code> in the repository).</p>
{whole}
<ol class="lm-chapters" start="0">
{items}
</ol>
<footer class="lm-footer">Built from the notebooks' stored outputs by <code>tools/build_site.py</code>.
Third-party code in this site: {credits}; licences in <a href="static/licenses/README.txt">static/licenses</a>.</footer>
</main>
<script src="static/site.js"></script>
</body>
</html>
"""


# -- the build -----------------------------------------------------------------------------------
@dataclass
class SiteReport:
    out: Path
    pages: list[str] = field(default_factory=list)
    vendors: list[dict] = field(default_factory=list)
    seconds: float = 0.0
    bytes: int = 0


def _prepare_out(out: Path) -> None:
    """Empty ``out`` if this script made it; refuse to touch a folder it did not make."""
    if out.exists():
        if not out.is_dir():
            raise SiteError(f"--out {out}: exists and is not a folder")
        if any(out.iterdir()) and not (out / MARKER).exists():
            raise SiteError(f"--out {out}: a folder that is not empty and was not built by this script "
                            f"(no {MARKER} in it); choose an empty or new folder")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / MARKER).write_text("built by tools/build_site.py; the whole folder is replaced at each build\n")


def _render_one(args):
    chapters, i = args
    return render_chapter(chapters, i)


def build_site(out: Path = DEFAULT_OUT, *, notebooks: Path = NOTEBOOKS, cache: Path = DEFAULT_CACHE,
               only: list[str] | None = None, jobs: int | None = None, log=print) -> SiteReport:
    """Build the site into ``out`` (replaced); see the module docstring."""
    t0 = time.perf_counter()
    out, notebooks, cache = Path(out).resolve(), Path(notebooks).resolve(), Path(cache).resolve()
    if not notebooks.is_dir():
        raise SiteError(f"--notebooks {notebooks}: not a folder")
    chapters = find_chapters(notebooks)
    wanted = range(len(chapters))
    if only:
        wanted = [i for i, c in enumerate(chapters) if any(c.slug.startswith(o) for o in only)]
        missing = [o for o in only if not any(c.slug.startswith(o) for c in chapters)]
        if missing:
            raise SiteError(f"--only {' '.join(missing)}: no such chapter (have {', '.join(c.slug for c in chapters)})")
    # fetch first: a missing package fails before the old site is removed
    static_tmp = Path(tempfile.mkdtemp(prefix="static.", dir=cache.parent if cache.parent.exists() else None))
    static_tmp.chmod(0o755)  # mkdtemp makes it private; a web server must read it
    try:
        cache.mkdir(parents=True, exist_ok=True)
        vendors = install_vendors(static_tmp, cache, log=log)
        (static_tmp / "site.css").write_text(SITE_CSS, encoding="utf-8")
        (static_tmp / "site.js").write_text(site_js(), encoding="utf-8")
        _prepare_out(out)
        shutil.move(str(static_tmp), out / "static")
    finally:
        if static_tmp.exists():
            shutil.rmtree(static_tmp)
    report = SiteReport(out, vendors=vendors)
    jobs = jobs or min(2, os.cpu_count() or 1, len(wanted))
    tasks = [(chapters, i) for i in wanted]
    if jobs > 1:
        with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
            pages = list(pool.map(_render_one, tasks))
    else:
        pages = [_render_one(t) for t in tasks]
    for name, body in pages:
        (out / name).write_text(body, encoding="utf-8")
        report.pages.append(name)
    (out / "index.html").write_text(render_index(chapters, vendors), encoding="utf-8")
    report.pages.insert(0, "index.html")
    report.bytes = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    report.seconds = time.perf_counter() - t0
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the site's folder (default: site/)")
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="where the notebooks are (default: notebooks/)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                        help="where the fetched npm tarballs are kept (default: build/site-vendor/)")
    parser.add_argument("--only", nargs="+", metavar="NN", help="build only these chapters (by number or name prefix)")
    parser.add_argument("--jobs", type=int, default=None, help="pages rendered in parallel (default: 2)")
    args = parser.parse_args(argv)
    if args.jobs is not None and args.jobs < 1:
        parser.error(f"--jobs must be a positive integer, got {args.jobs}")
    try:
        report = build_site(args.out, notebooks=args.notebooks, cache=args.cache, only=args.only, jobs=args.jobs)
    except SiteError as e:
        print(f"build_site: {e}", file=sys.stderr)
        return 1
    print(f"site: {len(report.pages)} pages, {report.bytes / 1e6:.1f} MB in {report.out} "
          f"({report.seconds:.1f} s). Open {report.out / 'index.html'} or serve the folder with any static server, "
          f"e.g. python -m http.server -d {report.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
