"""Chinese text in figures.

matplotlib draws with DejaVu Sans, which has no Chinese characters, and most machines have no
Chinese font matplotlib finds by itself: a Chinese title would come out as empty boxes. Text that
holds Chinese is drawn with a list of families instead (matplotlib falls back along the list glyph
by glyph): DejaVu Sans first, so Latin letters, digits and symbols look as in every other figure,
then a Chinese font this machine has (the usual ones on Linux, Windows and macOS), then the
course's own subset of Noto Sans CJK SC (``learnmetrics/data/fonts``, SIL Open Font License 1.1;
``tools/make_cjk_font.py`` cuts it to the characters the course uses).
"""
from __future__ import annotations

import re
from pathlib import Path

FONT = Path(__file__).resolve().parents[1] / "data" / "fonts" / "NotoSansSC-learnmetrics-subset.otf"
FAMILY = "Noto Sans SC learnmetrics subset"
#: Chinese fonts a learner's machine may have, tried before the course's subset (which only
#: covers the course's own characters)
SYSTEM_FAMILIES = ("Noto Sans CJK SC", "Source Han Sans SC", "Noto Sans SC", "WenQuanYi Micro Hei",
                   "WenQuanYi Zen Hei", "Microsoft YaHei", "PingFang SC", "Heiti SC", "SimHei")
CJK = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]")
_families: list[str] = []


def has_cjk(text: str) -> bool:
    return bool(CJK.search(text))


def cjk_families() -> list[str]:
    """The font families for text that may hold Chinese, in fallback order (registers the
    course's subset with matplotlib on first use)."""
    if not _families:
        from matplotlib import font_manager

        known = {f.name for f in font_manager.fontManager.ttflist}
        if FAMILY not in known:
            font_manager.fontManager.addfont(str(FONT))
        _families.extend(["DejaVu Sans", *(f for f in SYSTEM_FAMILIES if f in known), FAMILY])
    return list(_families)


def font_for(text: str) -> dict:
    """``fontfamily=`` keyword for a text artist: the fallback list when ``text`` holds Chinese,
    nothing otherwise (English text is drawn exactly as before)."""
    return {"fontfamily": cjk_families()} if has_cjk(text) else {}
