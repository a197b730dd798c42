"""``Explorer.filmstrip(..., panels=...)``: frames cropped to some of the explorer's axes, pixel for
pixel (03's cut-point filmstrip: four P-R panels two by two, 714 px tall where four whole frames were
2,472 px), the same box for every frame, every text and the current point inside it."""
from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from PIL import Image  # noqa: E402

pytest.importorskip("ipywidgets")
from learnmetrics.datasets import watermelon_scores  # noqa: E402
from learnmetrics.widgets.curves import CutPointExplorer  # noqa: E402

KEYS = [(0,), (4,), (9,), (17,)]


@pytest.fixture(scope="module")
def ex():
    d = watermelon_scores()
    return CutPointExplorer(d.y_true, d.y_score, ids=d.ids, whole_curve=False)


def _rgb(fig):
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[..., :3]


def test_panels_crop_every_frame_to_the_same_box_pixel_for_pixel(ex):
    x0, y0, x1, y1 = ex._filmstrip_box([ex.axes["pr"]], KEYS, (580, 960))
    # the P-R axes with its title and labels, not the ranked list, the matrix or the ROC
    renderer = ex.fig.canvas.get_renderer()
    ax = ex.axes["pr"].get_window_extent(renderer)
    roc = ex.axes["roc"].get_window_extent(renderer)
    assert x0 <= ax.x0 and x1 >= ax.x1 and x0 > roc.x1 and 250 < x1 - x0 < 360 and 280 < y1 - y0 < 360
    fig = ex.filmstrip(KEYS, panels=["pr"])
    img = _rgb(fig)
    plt.close(fig)
    h = y1 - y0
    assert img.shape[:2] == (4 * (h + 6), x1 - x0)  # one column, no titles: 0.06 in each
    for i, k in enumerate(KEYS):
        frame = np.asarray(Image.open(io.BytesIO(ex.frame(k))).convert("RGB"))[y0:y1, x0:x1]
        top = i * (h + 6) + 6
        assert np.array_equal(img[top:top + h], frame), k


def test_the_notebook_layout_fits_a_page(ex):
    titles = ["cut 0: nothing predicted +", "cut 4: the first bad melon enters", "cut 9", "cut 17: everything"]
    fig = ex.filmstrip(KEYS, panels=["pr"], ncols=2, titles=titles)
    w, h = (fig.get_size_inches() * fig.dpi).round()
    plt.close(fig)
    assert w <= 700 and h <= 1000, (w, h)
    whole = ex.filmstrip(KEYS, panels=["strip", "cm", "roc", "pr"])   # all axes: the whole frame
    assert whole.get_size_inches()[0] * whole.dpi <= 960
    plt.close(whole)


@pytest.mark.parametrize("panels, words", [([], "at least one"), (["nope"], "'cm', 'pr', 'roc', 'strip'"),
                                           ([9], "indices 0..3"), ([True], "got True")])
def test_bad_panels_are_named(ex, panels, words):
    with pytest.raises(ValueError, match=words):
        ex.filmstrip(KEYS[:1], panels=panels)
