"""Chinese in figures draws as Chinese, never as empty boxes (issue 29: filmstrip titles).

The course carries a subset of Noto Sans CJK SC (learnmetrics/data/fonts, cut by
tools/make_cjk_font.py); ``learnmetrics.plotting._cjk.font_for`` puts it at the end of the
fallback list of any text holding Chinese.
"""
import io
import json
import warnings
from pathlib import Path

import numpy as np
import pytest
from fontTools.ttLib import TTFont

from learnmetrics.plotting import _cjk

ROOT = Path(__file__).resolve().parents[1]


def _render(text, **kw):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(3, 0.6), dpi=100)
    fig.text(0.02, 0.3, text, fontsize=12, **kw)
    buf = io.BytesIO()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fig.savefig(buf, format="png")
    from PIL import Image

    buf.seek(0)
    return np.asarray(Image.open(buf).convert("L")), [str(w.message) for w in caught]


def test_the_font_and_its_licence_ship_with_the_package():
    assert _cjk.FONT.is_file() and _cjk.FONT.stat().st_size < 400_000
    licence = (_cjk.FONT.parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto Sans CJK SC" in licence
    assert "data/fonts/*" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_every_chinese_character_in_the_notebooks_code_is_in_the_font():
    cmap = TTFont(_cjk.FONT).getBestCmap()
    missing = set()
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                missing |= {(path.name, ch) for ch in _cjk.CJK.findall("".join(cell["source"]))
                            if ord(ch) not in cmap}
    assert not missing, f"run tools/make_cjk_font.py again (see its docstring); missing: {sorted(missing)}"


@pytest.mark.parametrize("title", ["截断点 k = 3：第一个坏瓜进入", "β = 2：查全率优先", "测试集比例 0.30"])
def test_a_chinese_title_draws_every_glyph(title):
    img, caught = _render(title, **_cjk.font_for(title))
    assert not [m for m in caught if "missing from" in m], caught
    # without the fallback the same title draws boxes and says so: the check can fail
    _, plain = _render(title, fontfamily="DejaVu Sans")
    assert any("missing from" in m for m in plain)
    assert (img < 128).sum() > 50


def test_two_different_characters_draw_differently():
    # empty boxes ("tofu") look alike; real glyphs do not
    a, _ = _render("查", **_cjk.font_for("查"))
    b, _ = _render("全", **_cjk.font_for("全"))
    assert (a != b).any()


def test_english_text_keeps_the_default_font():
    assert _cjk.font_for("cut 3: the first bad melon enters") == {}
    fam = _cjk.cjk_families()
    assert fam[0] == "DejaVu Sans" and fam[-1] == _cjk.FAMILY


def test_a_filmstrip_title_in_chinese_draws_every_glyph():
    import learnmetrics as lm
    from learnmetrics.datasets import watermelon_scores
    from learnmetrics.widgets.curves import CutPointExplorer

    w = watermelon_scores()
    ex = CutPointExplorer(w.y_true, w.y_score)
    lm.set_language("zh")
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fig = ex.filmstrip([(0,), (3,)], titles=[("cut 0", "截断点 0"), ("cut 3", "截断点 3：第一个坏瓜")])
            fig.canvas.draw()
        assert fig.axes[1].get_title() == "截断点 3：第一个坏瓜"
        assert not [str(m.message) for m in caught if "missing from" in str(m.message)]
    finally:
        lm.set_language("en")
