"""style.place_clear: the one "put this label where it is clear" helper of the plotting modules
(08's null distribution labels, 03's iso-F labels, 07's R^2 labels, 02's step names use it)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.transforms import Bbox  # noqa: E402

from learnmetrics.plotting import style  # noqa: E402


@pytest.fixture
def ax():
    fig, ax = plt.subplots(figsize=(5, 4), dpi=100)
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    fig.canvas.draw()
    yield ax
    plt.close(fig)


def _box(ax, t):
    return t.get_window_extent(ax.figure.canvas.get_renderer())


def test_first_clear_candidate_wins_and_every_obstacle_is_respected(ax):
    ax.axvline(2)
    other = ax.text(8, 8, "other", ha="center", va="center")
    t = ax.text(2, 5, "label", ha="center", va="center")
    cands = [dict(position=(2, 5)),            # on the vertical line
             dict(position=(8, 8)),            # on the other label
             dict(position=(9.9, 5)),          # half out of the axes
             dict(position=(5, 2)),            # clear: taken
             dict(position=(5, 8))]            # clear too, but later
    got = style.place_clear(ax, t, cands, avoid=[style.clear_of_verticals(ax, [2]), style.clear_of_boxes([other]),
                                                 style.inside_axes(ax)])
    assert got is not None and got[0] is cands[3] and t.get_position() == (5, 2)
    b = _box(ax, t)
    assert got[1].bounds == pytest.approx(b.bounds)
    assert not b.overlaps(_box(ax, other)) and ax.get_window_extent().contains(b.x0, b.y0)


def test_nothing_clear_leaves_the_text_as_it_came(ax):
    t = ax.annotate("name", (5, 5), xytext=(4, 0), textcoords="offset points", ha="left")
    got = style.place_clear(ax, t, [dict(xy=(x, 5), xyann=(-4, 0), ha="right", text="other\nname") for x in (1, 9)],
                            avoid=[style.clear_of_verticals(ax, np.linspace(0, 10, 41))])
    assert got is None
    assert (t.xy, t.xyann, t.get_ha(), t.get_text()) == ((5, 5), (4, 0), "left", "name")


def test_a_setting_a_candidate_leaves_out_is_the_original_one(ax):
    t = ax.annotate("name", (5, 5), xytext=(4, 0), textcoords="offset points", ha="left")
    block = style.clear_of_points(ax, [[3, 5]], 10)
    style.place_clear(ax, t, [dict(xy=(3, 5), ha="right", text="long name"), dict(xy=(7, 5))], avoid=[block])
    assert (t.xy, t.get_ha(), t.get_text()) == ((7, 5), "left", "name")


def test_score_picks_the_best_clear_candidate_first_on_ties(ax):
    t = ax.text(0, 0, "x")
    cands = [dict(position=(p, 5), s=s) for p, s in ((1, 0.2), (2, 0.9), (3, 0.9), (4, 5.0))]
    got = style.place_clear(ax, t, cands, avoid=[style.clear_of_verticals(ax, [4])], score=lambda c, b: c["s"])
    assert got[0] is cands[1] and t.get_position() == (2, 5)


def test_a_candidate_may_bring_its_own_box_and_its_own_obstacles(ax):
    t = ax.text(0, 0, "x")
    far = Bbox.from_extents(0, 0, 1, 1)
    own = style.clear_of_verticals(ax, [3])
    got = style.place_clear(ax, t, [dict(position=(3, 3), avoid=[own]), dict(position=(3, 6), box=far)],
                            avoid=[style.clear_of_boxes([Bbox.from_extents(500, 500, 600, 600)])])
    assert got[1] is far and t.get_position() == (3, 6)


def test_points_margin_per_side_keeps_a_box_above_them_all(ax):
    pts = np.array([[4.0, 2.0], [5.0, 6.0], [6.0, 3.0]])
    t = ax.annotate("above", (5, 0), xytext=(0, 5), textcoords="offset points", ha="center", va="bottom")
    g = 5 * ax.figure.dpi / 72 - 0.01
    got = style.place_clear(ax, t, [dict(xy=(5, y)) for y in np.sort(pts[:, 1])],
                            avoid=[style.clear_of_points(ax, pts, (300, 300, g, np.inf))])
    assert got is not None and t.xy == (5, 6.0)         # the highest point's: 5 pt over every point
    assert _box(ax, t).y0 >= ax.transData.transform(pts).max(axis=0)[1] + 5 * ax.figure.dpi / 72 - 0.02
    with pytest.raises(ValueError, match="margin"):
        style.clear_of_points(ax, pts, (1, 2, 3))


def test_inside_axes_sides_and_negative_margin(ax):
    f = ax.get_window_extent()
    low = Bbox.from_extents(f.x0 + 10, f.y0 - 3, f.x0 + 50, f.y0 + 10)      # 3 px under the bottom edge
    assert style.inside_axes(ax)(low) and not style.inside_axes(ax, sides="lrt")(low)
    assert not style.inside_axes(ax, -3.5)(low) and style.inside_axes(ax, -2.5)(low)


def test_07_r2_squares_never_overlap_in_part_and_sum_to_sst_and_sse():
    """07 (cell c07r2area): point 2's square overlapped point 1's in part; each square now stands on the side
    of its point where the squares overlap least: on 07.3's eight points none overlaps another in part (one
    inside another, nested, is allowed), each is square on screen and their areas sum to SST and SSE."""
    import learnmetrics as lm
    from learnmetrics.plotting.regression import plot_r2_as_areas
    x = np.arange(1.0, 9.0)
    y = np.array([3, 1, 4, 6, 3, 7, 5, 8.0])
    fitted = lm.regression.fit_least_squares(x, y).fitted
    fig, axes = plt.subplots(2, 1, figsize=(6.6, 8.7), sharey=True)
    fig.subplots_adjust(left=0.1, right=0.97, bottom=0.06, top=0.95, hspace=0.28)
    sst, sse = plot_r2_as_areas(x, y, fitted, axes)
    fig.canvas.draw()
    for ax, total in zip(axes, (sst, sse)):
        rects = [p for p in ax.patches if not p.get_fill()]          # the outlines, one a square
        assert len(rects) == len(x)
        assert sum(r.get_height() ** 2 for r in rects) == pytest.approx(total)
        boxes = [ax.transData.transform(r.get_bbox().get_points()) for r in rects]
        frame = ax.get_window_extent()
        for i, a in enumerate(boxes):
            (x0, y0), (x1, y1) = a
            assert x1 - x0 == pytest.approx(y1 - y0, abs=0.5)           # square on screen
            assert frame.x0 <= x0 and x1 <= frame.x1
            for (u0, v0), (u1, v1) in boxes[i + 1:]:
                w, h = min(x1, u1) - max(x0, u0), min(y1, v1) - max(y0, v0)
                if w > 0.5 and h > 0.5:
                    inside = (x0 <= u0 + 0.5 and u1 <= x1 + 0.5 and y0 <= v0 + 0.5 and v1 <= y1 + 0.5) or \
                             (u0 <= x0 + 0.5 and x1 <= u1 + 0.5 and v0 <= y0 + 0.5 and y1 <= v1 + 0.5)
                    assert inside, "two squares overlap in part"
    plt.close(fig)
