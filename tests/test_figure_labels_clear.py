"""Labels and marks a look at the stored figures found hidden or cut: each pinned here
(the figure drawn as the notebook draws it, then its artists' extents compared)."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics import datasets  # noqa: E402
from learnmetrics.plotting import style  # noqa: E402


def _points_inside(bbox, line, n=400):
    """How many of ``n`` points along ``line`` (display coordinates) fall inside ``bbox``."""
    xy = line.get_xydata()
    t = np.linspace(0, 1, n)
    pts = []
    for (x0, y0), (x1, y1) in zip(xy[:-1], xy[1:]):
        pts.append(np.c_[x0 + t * (x1 - x0), y0 + t * (y1 - y0)])
    disp = line.axes.transData.transform(np.vstack(pts))
    return int(((disp[:, 0] > bbox.x0) & (disp[:, 0] < bbox.x1)
                & (disp[:, 1] > bbox.y0) & (disp[:, 1] < bbox.y1)).sum())


def test_12_cost_pieces_named_cut_k_and_no_piece_crosses_its_name():
    from learnmetrics.plotting import cost as pcost
    melons = datasets.watermelon_scores()
    fpr, tpr, thr = lm.roc_curve(melons.y_true, melons.y_score, drop_intermediate=False)
    cut_sizes = (melons.y_score[:, None] >= thr).sum(axis=0)
    fig, (ax_roc, ax_cost) = plt.subplots(1, 2, figsize=(10, 4.8))
    pcost.plot_hull_and_envelope(ax_roc, ax_cost, fpr, tpr, cut_sizes=cut_sizes)
    fig.tight_layout()
    assert not style.figure_faults(fig), style.figure_faults(fig)
    renderer = fig.canvas.get_renderer()
    names = [t for t in ax_cost.texts if t.get_text().startswith("cut ")]
    assert sorted(t.get_text() for t in names) == ["cut 13", "cut 3", "cut 8"]
    assert not any("ROC point" in t.get_text() for t in ax_cost.texts + ax_roc.texts)
    lines = [ln for ln in ax_cost.lines if len(ln.get_xydata()) >= 2]   # the pieces and the envelope
    for t in names:
        box = t.get_window_extent(renderer)
        for ln in lines:
            assert _points_inside(box, ln) == 0, (t.get_text(), ln.get_color())
    plt.close(fig)


def test_04_perfect_ranking_is_a_reference_labelled_on_its_line():
    """04's perfect ranking was dotted near-black (the look of a pair of curves): it is a reference,
    grey dashed thin (style.REFERENCE_STYLE) with its name on the line, in ROC and in P-R."""
    from matplotlib.colors import to_hex

    from learnmetrics.plotting import curves as pc
    for kind, setup in (("roc", pc.style_roc_axes), ("pr", pc.style_pr_axes)):
        fig, ax = plt.subplots(figsize=(6.4, 6.2))
        setup(ax)
        line = pc.plot_reference(ax, kind, prevalence=0.4)["perfect"]
        assert to_hex(line.get_color()) == to_hex(style.REFERENCE_STYLE["color"])
        assert line.get_linestyle() == "--" and line.get_linewidth() == style.REFERENCE_STYLE["lw"]
        assert line.get_label().startswith("_"), "named on the line, not in a legend"
        named = [t for t in ax.texts if t.get_text() == "perfect ranking"]
        assert len(named) == 1 and named[0].get_fontsize() >= 9
        assert not style.figure_faults(fig)
        plt.close(fig)


def test_08_critical_difference_bars_carry_the_learner_line_styles():
    """08's diagram drew C as a solid black bar: each bar has its learner's colour and line style
    (style.learner_style), so C is black dash-dot and B purple dashed."""
    from matplotlib.colors import to_hex

    from learnmetrics.plotting.compare import critical_difference_diagram
    nemenyi = lm.nemenyi_test([[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]], alpha=0.05)
    fig, ax = plt.subplots(figsize=(8.5, 3.2))
    critical_difference_diagram(ax, nemenyi)
    bars = [ln for ln in ax.lines if ln.get_linewidth() == 5]
    assert len(bars) == 3
    expected = {to_hex(style.learner_style(i)["color"]): style.learner_style(i)["ls"] for i in range(3)}
    seen = {}
    for ln in bars:
        dashed = ln.get_linestyle() != "-"
        seen[to_hex(ln.get_color())] = dashed
        assert dashed == (expected[to_hex(ln.get_color())] != "-"), to_hex(ln.get_color())
    assert seen == {c: ls != "-" for c, ls in expected.items()}
    pattern = {to_hex(ln.get_color()): len(ln._dash_pattern[1] or ()) for ln in bars}
    assert pattern == {"#009e73": 0, "#cc79a7": 2, "#000000": 4}   # solid, dashed, dash-dot
    assert not style.figure_faults(fig)
    plt.close(fig)


def test_11_brier_walk_values_stand_above_their_bars():
    """11's rotated 'Brier 0.1460' crossed its bar's top edge and the dashed uncertainty line: every
    value written on the walk lies wholly above its bar's top or wholly inside the bar, and none
    straddles the dashed line."""
    from learnmetrics import calibration as cal
    from learnmetrics.plotting.calibration import plot_brier_terms
    y, p_true, p_model = cal.simulate_scores(4000, rng=11)
    walk = {"model": cal.brier_decomposition(y, np.round(p_model, 2)),
            "true P(+|x)": cal.brier_decomposition(y, np.round(p_true, 2))}
    fig, ax = plt.subplots(figsize=(7, 3.8))
    plot_brier_terms(ax, walk)
    fig.tight_layout()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    values = [t for t in ax.texts if t.get_rotation() == 90]
    assert len(values) == 8 and sum(t.get_text().startswith("Brier ") for t in values) == 2
    for t in values:
        box = t.get_window_extent(renderer)
        x = t.get_position()[0]
        bar = next(p for p in ax.patches if abs(p.get_x() + p.get_width() / 2 - x) < 1e-9)
        top = ax.transData.transform((x, bar.get_y() + bar.get_height()))[1]
        bottom = ax.transData.transform((x, bar.get_y()))[1]
        assert box.y0 >= top - 0.5 or bottom <= box.y0 <= box.y1 <= top, (t.get_text(), box, top)
        line_y = ax.transData.transform((0, walk["model"].uncertainty))[1]
        assert not box.y0 < line_y < box.y1, (t.get_text(), box, line_y)
    assert not style.figure_faults(fig)
    plt.close(fig)


def _chapter_09_result():
    return lm.bias_variance.bias_variance_experiment(degrees=range(0, 13), n_sets=3000, n_train=20,
                                                     noise_sd=0.3, rng=0)


def test_09_explorer_marks_a_simulated_error_above_its_axis_with_a_whole_triangle():
    """09's middle panel drew the simulated-error circle at the top edge, half cut, at degrees 11
    and 12: there an open ▲ sits whole on the edge (as 07 marks overflow) and the circle is hidden."""
    from learnmetrics.widgets.bias_variance import BiasVarianceExplorer
    r = _chapter_09_result()
    ex = BiasVarianceExplorer(r, degree=1)
    over = {int(d) for d, e in zip(r.degrees, r.expected_error) if e > ex._ymax}
    assert over == {11, 12}
    for degree in (0, 1, 10, 11, 12):
        ex.slider.value = degree
        ex.draw(ex.state)   # the artists as that frame draws them (frames are drawn ahead, in any order)
        assert ex._sim_off.get_visible() == (degree in over) != ex._sim.get_visible()
        if degree in over:
            assert not ex._sim_off.get_clip_on() and ex._sim_off.get_ydata()[0] == ex._ymax
        else:
            assert ex._sim.get_ydata()[0] == r.expected_error[list(r.degrees).index(degree)]
        assert not style.figure_faults(ex.fig)
    assert "△" in ex.fig.axes[1].get_title(loc="left")


def test_09_training_error_markers_drawn_over_the_simulated_error_circles():
    """At degree 0 the training error (0.585) sits inside the simulated-error circle (0.590): its
    marker is drawn over the circle, not hidden under it; the dotted line stays under."""
    from learnmetrics.plotting.bias_variance import plot_decomposition
    fig, ax = plt.subplots(figsize=(9, 4.2))
    plot_decomposition(ax, _chapter_09_result())
    circles = next(ln for ln in ax.lines if ln.get_marker() == "o")
    train_marks = [ln for ln in ax.lines if ln.get_marker() == "v" and len(ln.get_xdata())]
    assert len(train_marks) == 1 and train_marks[0].get_zorder() > circles.get_zorder()
    lines = [ln for ln in ax.lines if ln.get_linestyle() == ":" and len(ln.get_xdata())]
    assert lines and all(ln.get_zorder() < circles.get_zorder() for ln in lines)
    assert "training error" in [t.get_text() for t in ax.get_legend().get_texts()]
    assert not style.figure_faults(fig)
    plt.close(fig)


def test_03_04_cut_point_explorer_names_its_reference_lines_on_the_lines():
    """The explorer's P-R panel drew the share-of-positives level (grey dashed) and the line
    P = R (dash-dot) with no name, and the ROC diagonal too: each is named on its line
    (style.label_line), at >= 9 pt, inside its axes, clear of the other names and of the
    0/0 note, and in the background (not redrawn per frame)."""
    from learnmetrics.widgets.curves import CutPointExplorer
    for data, k in ((datasets.watermelon_scores(), 0), (datasets.tied_eight(), 0)):
        ex = CutPointExplorer(data.y_true, data.y_score, k=k)
        ex.frame(ex.key())                       # draws the frame at k = 0: the 0/0 note shows
        fig = ex.fig
        renderer = fig.canvas.get_renderer()
        dynamic = {id(a) for a in ex.dynamic_artists()}
        names = {"pr": ("random guess\n$P = m^+/m$", "P = R"), "roc": ("random guess",)}
        boxes = []
        for panel, wanted in names.items():
            ax = ex.axes[panel]
            inside = ax.get_window_extent(renderer)
            for text in wanted:
                found = [t for t in ax.texts if t.get_text() == text]
                assert len(found) == 1, (panel, text, [t.get_text() for t in ax.texts])
                t = found[0]
                assert t.get_fontsize() >= 9 and id(t) not in dynamic
                box = t.get_window_extent(renderer)
                assert inside.x0 <= box.x0 and box.x1 <= inside.x1 and inside.y0 <= box.y0 and box.y1 <= inside.y1, \
                    (panel, text)
                boxes.append(box)
        assert ex.pr_note.get_visible()
        note = ex.pr_note.get_window_extent(renderer)
        for i, a in enumerate(boxes):
            assert not a.overlaps(note), "the 0/0 note covers a line's name"
            for b in boxes[i + 1:]:
                assert not a.overlaps(b)


def test_08_unbounded_null_density_leaves_through_the_top_never_capped():
    """08's McNemar figure drew the chi2(1) density with a flat cap near tau = 0 (it is infinite at 0), which read
    as part of the curve: the curve now runs on above the axes (clipped there, no flat run at any height) and a
    note at its exit says it rises without bound; a bounded density (F(2, 6)) gets no note."""
    from learnmetrics.plotting.compare import plot_null_distribution
    cases = ((lm.mcnemar_test_table([[159, 0], [9, 3]]), True), (lm.mcnemar_test_table([[150, 3], [8, 3]]), True),
             (lm.friedman_test([[1, 2], [1, 2], [2, 1], [1, 2], [1, 2]]).f, True),
             (lm.friedman_test([[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]]).f, False))
    for result, unbounded in cases:
        fig, ax = plt.subplots(figsize=(6.7, 3.8))
        plot_null_distribution(ax, result)
        fig.tight_layout()
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        top = ax.get_ylim()[1]
        curve = max((ln for ln in ax.lines if len(ln.get_xdata()) > 100), key=lambda ln: len(ln.get_xdata()))
        y = np.asarray(curve.get_ydata(), dtype=float)
        assert np.isfinite(y).all()
        inside = y[(y > 0.05 * top) & (y <= top)]
        assert not (np.diff(inside) == 0).any(), "a flat run in the drawn density (a cap)"
        notes = [t for t in ax.texts if "infty" in t.get_text()]
        assert (y.max() > 3 * top) == unbounded and len(notes) == int(unbounded), result.test
        box = ax.get_window_extent(renderer)
        for note in notes:
            nb = note.get_window_extent(renderer)
            assert note.get_fontsize() >= 9 and box.x0 <= nb.x0 and nb.x1 <= box.x1 and nb.y1 <= box.y1 + 1
            exit_x = ax.transData.transform((note.xy[0], top))[0]
            assert 0 <= nb.x0 - exit_x <= 12, "the note starts beside the curve's exit"
            for other in ax.texts:
                if other is not note:
                    assert not nb.overlaps(other.get_window_extent(renderer)), other.get_text()
        # the density's name is written on a white ground over any line it crosses (F(2, 6): the critical line)
        from learnmetrics.plotting.compare import CRITICAL_LINE
        name = next(t for t in ax.texts if t.get_text().startswith("null distribution"))
        assert name.get_bbox_patch() is not None and name.get_zorder() > CRITICAL_LINE["zorder"]
        assert not style.figure_faults(fig)
        plt.close(fig)


def test_10_roc_band_names_the_random_diagonal_on_the_line():
    """10's ROC band figure explained the random diagonal in a legend ('random classifier'): it is the grammar's
    DIAGONAL look named on the line ('random guess', style.label_line), >= 9 pt, inside the axes, over no part of
    the band or the curve, and the legend no longer lists it."""
    from matplotlib.colors import to_hex

    from learnmetrics.plotting.uncertainty import plot_curve_band
    wm = datasets.watermelon_scores()
    fig, ax = plt.subplots(figsize=(5, 4.6))
    plot_curve_band(ax, lm.roc_bootstrap_band(wm.y_true, wm.y_score, rng=0), label="17 melons")
    fig.tight_layout()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert not any("random" in t for t in legend), legend
    diag = [ln for ln in ax.lines if list(ln.get_xdata()) == [0, 1] and list(ln.get_ydata()) == [0, 1]]
    assert len(diag) == 1
    d = diag[0]
    assert to_hex(d.get_color()) == to_hex(style.DIAGONAL["color"]) and d.get_linestyle() == "--"
    named = [t for t in ax.texts if t.get_text() == "random guess"]
    assert len(named) == 1 and named[0].get_fontsize() >= 9
    box = named[0].get_window_extent(renderer)
    assert box.fully_overlaps(box) and ax.get_window_extent(renderer).contains(box.x0, box.y0) \
        and ax.get_window_extent(renderer).contains(box.x1, box.y1)
    # the name's own (rotated) rectangle, as drawn: anchored at its top centre, turned about it
    t = named[0]
    angle = np.radians(t.get_rotation())
    t.set_rotation(0)
    flat = t.get_window_extent(renderer)
    t.set_rotation(np.degrees(angle))
    ax_, ay_ = t.get_transform().transform(t.xy) + np.asarray(t.xyann) * fig.dpi / 72
    u, v = np.array([np.cos(angle), np.sin(angle)]), np.array([np.sin(angle), -np.cos(angle)])
    s, r = np.meshgrid(np.linspace(-flat.width / 2, flat.width / 2, 25), np.linspace(0, flat.height, 5))
    inner = np.c_[ax_ + s.ravel() * u[0] + r.ravel() * v[0], ay_ + s.ravel() * u[1] + r.ravel() * v[1]]
    path = ax.collections[0].get_transform().transform_path(ax.collections[0].get_paths()[0])
    assert not path.contains_points(inner).any(), "the name sits on the band"
    curve = next(ln for ln in ax.lines if ln is not d)
    assert _points_inside(box, curve) == 0
    assert not style.figure_faults(fig)
    plt.close(fig)


def test_11_brier_curve_label_clear_of_the_axis_and_the_log_loss():
    """11's 'Brier (1-p)² (at most 1)' sat under its line and touched the x axis: it stands clear of the axis
    (>= 6 px above it), of the log-loss curve, and inside the axes."""
    from learnmetrics.plotting.calibration import plot_proper_losses
    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    plot_proper_losses(ax, p_min=0.001)
    fig.tight_layout()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    brier = [t for t in ax.texts if t.get_text().startswith("Brier")]
    assert len(brier) == 1 and brier[0].get_fontsize() >= 9
    box = brier[0].get_window_extent(renderer)
    axes_box = ax.get_window_extent(renderer)
    assert box.y0 >= axes_box.y0 + 6, (box.y0, axes_box.y0)
    assert axes_box.x0 <= box.x0 and box.x1 <= axes_box.x1
    log_loss = ax.lines[1]
    assert _points_inside(box, log_loss, n=2) == 0
    assert not style.figure_faults(fig)
    plt.close(fig)


def test_08_paired_test_explorer_null_density_is_filled_grey():
    """08's paired-test explorer drew the null t density as an outline only: it has the grammar's NULL look, a
    light grey fill (under the simulated bars, the hatch over it) with the dark grey outline over the bars, the
    legend showing the filled patch; every frame shows the fill (its grey pixels) and follows the current df."""
    import io

    from matplotlib.colors import to_hex
    from PIL import Image

    from learnmetrics.widgets.compare import PairedTestExplorer
    ex = PairedTestExplorer(k=10, difference=0.0)
    fill = ex._null_fill
    assert to_hex(fill.get_facecolor()) == to_hex(style.NULL["facecolor"])
    assert to_hex(fill.get_edgecolor()) == to_hex(style.NULL["edgecolor"])
    assert fill.get_zorder() < ex._hist.get_zorder() < ex._pdf.get_zorder()
    assert fill.get_zorder() < ex._left.get_zorder() < ex._hist.get_zorder()
    dynamic = ex.dynamic_artists()
    assert dynamic.index(fill) < dynamic.index(ex._left) < dynamic.index(ex._hist)   # blitted in this order
    legend = dict(zip((t.get_text() for t in ex._legend.get_texts()), ex._legend.legend_handles))
    handle = legend["null distribution $t(k-1)$"]
    assert to_hex(handle.get_facecolor()) == to_hex(style.NULL["facecolor"])
    target = np.array([int(style.NULL["facecolor"][i:i + 2], 16) for i in (1, 3, 5)])
    for key in [(10, 0.0), (2, 0.05), (5, 0.1)]:
        png = ex.frame(key)
        state = ex.compute_state(*key)
        xy = fill.get_xy()
        assert np.allclose(xy[:len(state.null_x), 1], state.null_density)   # this frame's t(k - 1)
        rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=int)
        grey = int((np.abs(rgb - target).max(axis=-1) <= 6).sum())
        assert grey > 4000, (key, grey)   # the outline-only frames had about 1300 such pixels
        assert not style.figure_faults(ex.fig)
