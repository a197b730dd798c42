"""Cut the course's Chinese figure font: learnmetrics/data/fonts/NotoSansSC-learnmetrics-subset.otf.

Figures are drawn with matplotlib's DejaVu Sans, which has no Chinese characters, and most
machines (this project's included) have no Chinese font matplotlib can find. So that a title in
Chinese (``Explorer.filmstrip(titles=[(english, chinese), ...])`` after
``learnmetrics.set_language("zh")``) never draws as empty boxes, the package carries a subset of
Noto Sans CJK SC Regular (SIL Open Font License 1.1, beside the font as OFL.txt) with every
Chinese character and full-width punctuation mark that appears in the package's sources and the
notebooks (about 900 characters, ~175 KB). tests/test_cjk_font.py fails when a notebook's code
uses a character the subset lacks: run this script again, then.

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb noto
    .venv/bin/python tools/make_cjk_font.py noto/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from learnmetrics.plotting._cjk import CJK, FAMILY, FONT as OUT

ROOT = Path(__file__).resolve().parents[1]


def course_characters() -> str:
    chars: set[str] = set()
    pkg = ROOT / "learnmetrics"
    for path in [*pkg.rglob("*.py"), *pkg.rglob("*.mjs"), *pkg.rglob("*.js")]:
        chars |= set(CJK.findall(path.read_text(encoding="utf-8")))
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            chars |= set(CJK.findall("".join(cell["source"])))
    return "".join(sorted(chars))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("collection", help="NotoSansCJK-Regular.ttc (Debian's fonts-noto-cjk)")
    ap.add_argument("--font-number", type=int, default=2, help="the SC face in the collection (2)")
    args = ap.parse_args(argv)
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    font = TTCollection(args.collection).fonts[args.font_number]
    if "SC" not in font["name"].getDebugName(1):
        raise SystemExit(f"face {args.font_number} is {font['name'].getDebugName(1)!r}, not the SC one")
    text = course_characters()
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.name_IDs = [0, 7, 13, 14]          # copyright, trademark, licence, its address
    sub = subset.Subsetter(options)
    sub.populate(text=text)
    sub.subset(font)
    name = font["name"]
    for nid, value in ((1, FAMILY), (2, "Regular"), (3, FAMILY.replace(" ", "") + "-Regular"),
                       (4, FAMILY), (6, FAMILY.replace(" ", "") + "-Regular")):
        name.setName(value, nid, 3, 1, 0x409)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    font.save(OUT)
    print(f"{OUT.relative_to(ROOT)}: {len(text)} characters, {OUT.stat().st_size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
