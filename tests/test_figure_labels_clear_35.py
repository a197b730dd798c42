"""Issue 35's figure faults (a fresh reader's look at the stored figures), each pinned: the figure
drawn as the notebook draws it, then its texts' display extents compared with the lines they
must leave whole."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics import datasets  # noqa: E402
from learnmetrics.plotting import style  # noqa: E402


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _points_inside(bbox, line, n=400):
    """How many of ``n`` points per segment of ``line`` (in display coordinates) fall inside ``bbox``."""
    xy = line.get_xydata()
    t = np.linspace(0, 1, n)
    pts = [np.c_[x0 + t * (x1 - x0), y0 + t * (y1 - y0)] for (x0, y0), (x1, y1) in zip(xy[:-1], xy[1:])]
    disp = line.axes.transData.transform(np.vstack(pts))
    return int(((disp[:, 0] > bbox.x0) & (disp[:, 0] < bbox.x1)
                & (disp[:, 1] > bbox.y0) & (disp[:, 1] < bbox.y1)).sum())


def test_04_random_guess_label_leaves_the_tied_eights_diagonal_step_whole():
    """04 (cell fd3f6db2): the label's white box sat on the tie step (0.75, 0.75) -> (1, 1), which
    runs on the diagonal itself; the label moves to x = 0.45 (``random_label_x``)."""
    from learnmetrics.plotting import curves as pc
    tied = datasets.tied_eight()
    t8 = lm.stepping_table(tied.y_true, tied.y_score)
    fig, axes = plt.subplots(1, 2, figsize=(9.6, 4.2), gridspec_kw={"width_ratios": [1.5, 1]})
    pc.style_roc_axes(axes[1])
    pc.plot_reference(axes[1], "roc", which="random", random_label_x=0.45)
    pc.plot_roc_steps(axes[1], t8.fpr, t8.tpr)
    fig.tight_layout()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    (label,) = [t for t in axes[1].texts if t.get_text() == "random guess"]
    curve = max(axes[1].lines, key=lambda ln: len(ln.get_xydata()))
    assert _points_inside(label.get_window_extent(renderer), curve) == 0
    with pytest.raises(ValueError, match="random_label_x"):
        pc.plot_reference(axes[1], "roc", which="random", random_label_x=1.5)


def test_02_no_skill_odds_texts_stay_off_the_dashed_line_and_inside_the_axes():
    """02 (cell c02-noskill-fig): each text sat centred on its arrow, across the dashed odds-before
    line; now each stays on its arrow's side of it, and inside the axes' frame."""
    from learnmetrics.plotting import confusion as pconf
    rng = np.random.default_rng(0)
    y = (rng.random(5000) < 0.01).astype(int)
    detector = np.where(y == 1, rng.random(y.size) < 0.8, rng.random(y.size) < 0.05).astype(int)
    fig, (ax_m, ax_o) = plt.subplots(2, 1, figsize=(7.6, 6.2), height_ratios=[1, 1.25])
    pconf.plot_no_skill_measures(ax_m, ax_o, y, {"detector": detector, "always negative": np.zeros_like(y)})
    fig.tight_layout()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    line_x = ax_o.transData.transform((ax_o.lines[0].get_xdata()[0], 1))[0]
    frame = ax_o.get_window_extent(renderer)
    texts = [t for t in ax_o.texts if t.get_text()]
    assert len(texts) >= 4
    for t in texts:
        box = t.get_window_extent(renderer)
        assert not box.x0 < line_x < box.x1, t.get_text()
        assert frame.x0 <= box.x0 and box.x1 <= frame.x1, t.get_text()



def test_13_estimate_strips_name_the_truth_on_its_line_not_as_a_mean():
    """13 (cell c13-13c): the dashed truth tick stood beside the margin's "mean 0.14" and read as a
    mean; a truth shared by the rows is one dashed line across, named "true ... 0.224" on itself."""
    from learnmetrics.plotting.practice import plot_estimate_strips
    fig, ax = plt.subplots(figsize=(8, 1.8))
    truth = np.array([0.22, 0.23])
    plot_estimate_strips(ax, {"a": [0.1, 0.12, 0.15], "b": [0.17, 0.2]}, truth={"a": truth, "b": truth},
                         truth_label="true error next month")
    dashed = [ln for ln in ax.lines if ln.get_linestyle() == "--"]
    assert len(dashed) == 1 and np.allclose(dashed[0].get_xdata(), 0.225)
    names = [t.get_text() for t in ax.texts]
    assert "true error next month 0.225" in names
    assert sorted(n for n in names if n.startswith("mean")) == ["mean 0.12", "mean 0.18"]
    fig, ax = plt.subplots(figsize=(8, 1.8))     # different truths: a named tick per row
    plot_estimate_strips(ax, {"a": [0.1], "b": [0.2]}, truth={"a": [0.3], "b": [0.4]}, truth_label="true")
    assert sorted(t.get_text() for t in ax.texts if t.get_text().startswith("true")) == ["true 0.30", "true 0.40"]


def test_10_interval_numbers_in_the_margin_leave_the_auc_axis_at_1():
    """10 (cell c10-sk6): the axis ran to 1.02 to make room for "[low, high]"; an AUC cannot
    exceed 1, so the axis stops there and the numbers go to the right margin (annotate="margin")."""
    from learnmetrics.plotting.uncertainty import plot_intervals
    fig, ax = plt.subplots(figsize=(8, 3))
    plot_intervals(ax, {"a": (0.99, 0.97, 1.0), "b": (0.98, 0.95, 0.998)}, annotate="margin")
    ax.set_xlim(0.94, 1.0)
    fig.tight_layout()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    frame = ax.get_window_extent(renderer)
    texts = [t for t in ax.texts if t.get_text().startswith("[")]
    assert len(texts) == 2 and all(t.get_window_extent(renderer).x0 >= frame.x1 for t in texts)
    with pytest.raises(ValueError, match="annotate"):
        plot_intervals(ax, {"a": (0.99, 0.97, 1.0)}, annotate="right")


def _texts_crossed_by_vertical(fig, ax, x_data, y_range=None):
    """The texts of ``ax`` whose drawn box the vertical line at data ``x_data`` runs through (over the
    data ``y_range``, default the axes' whole height)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    lo, hi = ax.get_ylim() if y_range is None else y_range
    (x, y0), (_, y1) = ax.transData.transform([(x_data, lo), (x_data, hi)])
    y0, y1 = sorted((y0, y1))
    out = []
    for t in ax.texts:
        box = t.get_window_extent(renderer)
        if t.get_text() and box.x0 < x < box.x1 and box.y0 < y1 and box.y1 > y0:
            out.append(t.get_text())
    return out


def test_06_tie_orders_no_value_is_crossed_by_the_tie_averaged_line():
    """06 (cell c06-ties-fig): "6.9165  ← ignore_ties=True" ran through the dashed tie-averaged
    line; each value now sits on its dot's side away from the line, the ignore_ties order is named
    in its row label."""
    from learnmetrics.plotting.ranking import plot_tie_orders
    grades = np.array([3, 2, 1, 0, 0])
    coarse = np.array([0.8, 0.8, 0.8, 0.2, 0.1])
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    ties = plot_tie_orders(ax, grades, coarse, k=3, gain="exponential")
    fig.tight_layout()
    assert not _texts_crossed_by_vertical(fig, ax, ties["averaged"])
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert sum("(ignore_ties=True)" in lab for lab in labels) == 1


def test_07_cp_spread_k_named_where_no_line_crosses_it():
    """07 (cell c07-cphist): the mean's line ran through the "k = 2" text; no line crosses a name now."""
    from learnmetrics.plotting.regression import plot_cp_spread
    rng = np.random.default_rng(0)
    cps = rng.chisquare(3, 5000) - 1.0          # mean 2, right skewed: the mean lies right of k = 1.5
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    plot_cp_spread(cps, 1.5, ax)
    fig.tight_layout()
    crossing = {t for line in ax.lines[1:] for t in _texts_crossed_by_vertical(fig, ax, line.get_xdata()[0])}
    assert "$k$ = 1.5" not in crossing


def test_12_friedman_forms_dot_label_clear_of_the_curve_and_the_threshold_line():
    """12 (cell c12-forms-fig): the dot's value sat against the χ² form's dash-dot line."""
    from learnmetrics.plotting.compare import plot_friedman_forms
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    out = plot_friedman_forms(ax, 4, 4, alpha=0.05)
    fig.tight_layout()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    (label,) = [t for t in ax.texts if t.get_text().startswith("$\\tau_F$ =")]
    box = label.get_window_extent(renderer)
    assert label.get_text() not in _texts_crossed_by_vertical(fig, ax, out["chi2_critical"])
    curve = max(ax.lines, key=lambda ln: len(ln.get_xydata()))
    assert _points_inside(box, curve, n=5) == 0
    assert box.x0 - ax.transData.transform((out["chi2_critical"], 0))[0] >= 8    # pixels right of the line


def test_03_fbeta_iso_labels_leave_the_pr_curve_whole():
    """03 (the F-beta explorer and its filmstrip, cell 0c6bfc2b): the iso-F labels' white boxes hid
    the P-R curve near a cut dot (F1=0.6 / F1=0.7 on the melons' curve at beta = 1); each label now
    moves along its own curve to a place clear of the P-R curve, inside the axes, off the others."""
    from learnmetrics.widgets.curves import FBetaExplorer
    s = datasets.watermelon_scores()
    fb = FBetaExplorer(s.y_true, s.y_score, beta=1.0)
    ax = fb.axes["square"]
    curve = fb.curve_line.get_xydata()
    for beta in (0.2, 0.5, 1.0, 2.0, 5.0):
        fb.slider.value = beta
        fb.draw(fb.state)
        fb.fig.canvas.draw()
        renderer = fb.fig.canvas.get_renderer()
        frame = ax.get_window_extent(renderer)
        pts = ax.transData.transform(curve)
        boxes = [t.get_window_extent(renderer) for t in fb.iso_texts if t.get_text()]
        assert len(boxes) == len(fb.levels)
        for b in boxes:
            assert frame.x0 <= b.x0 and b.x1 <= frame.x1 and frame.y0 <= b.y0 and b.y1 <= frame.y1, beta
            assert _points_inside(b, fb.curve_line) == 0, (beta, b)
            assert not ((pts[:, 0] > b.x0 - 3) & (pts[:, 0] < b.x1 + 3)
                        & (pts[:, 1] > b.y0 - 3) & (pts[:, 1] < b.y1 + 3)).any(), (beta, b)   # the cut dots
        assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), beta
    # without a line to avoid, a label stays where its curve crosses P = R
    from learnmetrics.plotting.curves import plot_iso_f
    fig, ax2 = plt.subplots()
    _, texts = plot_iso_f(ax2, (0.5,))
    assert np.allclose(texts[0].get_position(), (0.488, 0.512))
