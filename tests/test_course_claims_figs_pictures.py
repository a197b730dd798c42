"""Claims and checks of the third pass over the pictures (03, 05, 14 at narrow widths): 05's
scenario figure names the iso-cost lines that are almost one line and says why ("the slope of the
iso-cost line is (1 - x)/x"), 05's hull labels and 14's report keep their names off the lines, 03's
cut-point filmstrip is cropped to the P-R panel."""
from __future__ import annotations

import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics import datasets  # noqa: E402
from learnmetrics.plotting import cost as pcost  # noqa: E402
from learnmetrics.plotting import style  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _cell(name, cell_id):
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return "".join(next(c for c in nb["cells"] if c.get("id") == cell_id)["source"])


def _melons():
    m = datasets.watermelon_scores()
    table = lm.stepping_table(m.y_true, m.y_score)
    fpr, tpr, thr = lm.roc_curve(m.y_true, m.y_score, drop_intermediate=False)
    return table, fpr, tpr, thr


def _crosses(fig, text, xs, ys, ax):
    """Whether the drawn ``text`` covers any point of the polyline (xs, ys) of ``ax`` (display space);
    a turned text (``rotation_mode="anchor"``, as ``style.label_line`` writes) by its own turned box."""
    renderer = fig.canvas.get_renderer()
    angle = text.get_rotation()
    text.set_rotation(0)
    box = text.get_window_extent(renderer)
    text.set_rotation(angle)
    ax_ = {"left": box.x0, "center": (box.x0 + box.x1) / 2, "right": box.x1}[text.get_ha()]
    ay_ = {"bottom": box.y0, "baseline": box.y0, "center": (box.y0 + box.y1) / 2, "top": box.y1}[text.get_va()]
    t = np.linspace(0, 1, 400)
    pts = np.concatenate([np.column_stack([x0 + t * (x1 - x0), y0 + t * (y1 - y0)])
                          for x0, x1, y0, y1 in zip(xs[:-1], xs[1:], ys[:-1], ys[1:])])
    d = ax.transData.transform(pts) - (ax_, ay_)
    c, s = np.cos(np.radians(-angle)), np.sin(np.radians(-angle))
    u, v = c * d[:, 0] - s * d[:, 1], s * d[:, 0] + c * d[:, 1]     # in the text's own frame
    u0, u1, v0, v1 = box.x0 - ax_, box.x1 - ax_, box.y0 - ay_, box.y1 - ay_
    return bool(((u >= u0) & (u <= u1) & (v >= v0) & (v <= v1)).any())


# -- 05 section 6: "the slope of the iso-cost line is (1 - x)/x, so close x give almost the same line" ----
def test_iso_cost_slope_is_one_minus_x_over_x():
    _, fpr, tpr, thr = _melons()
    rng = np.random.default_rng(5)
    for _ in range(300):
        p = float(rng.uniform(0.01, 0.99))
        c01, c10 = (float(v) for v in rng.uniform(0.05, 20, size=2))
        s = lm.cost.cost_state(fpr, tpr, thr, p, c01, c10)
        assert np.isclose(s.iso_slope, (1 - s.x) / s.x, rtol=1e-12), (p, c01, c10)


def test_05_scenarios_name_the_two_lines_that_are_almost_one():
    table, fpr, tpr, thr = _melons()
    p = table.n_pos / (table.n_pos + table.n_neg)
    conditions = [("equal costs, melons' prior", p, 1, 1), ("medical: misses cost 4", p, 4, 1),
                  ("door: false alarms cost 4", p, 1, 4), ("worked example: p = 0.2, 4:1", 0.2, 4, 1)]
    states = [lm.cost.cost_state(fpr, tpr, thr, pp, c1, c2, n_pos=table.n_pos, n_neg=table.n_neg)
              for _, pp, c1, c2 in conditions]
    fig, (ax_roc, ax_cost) = plt.subplots(1, 2, figsize=(10, 5.9), dpi=100)   # as in the notebook
    pcost.plot_cost_scenarios(ax_roc, ax_cost, fpr, tpr, states, [c[0] for c in conditions])
    fig.tight_layout()
    fig.canvas.draw()
    rows = [t for t in ax_roc.texts if t.get_text() not in ("random guess", "")]
    # only equal costs and the worked example share a cut with close slopes: one note, row by row
    assert [t.get_text().strip() for t in rows] == ["almost one line:", "equal costs", "slope 1.125",
                                                    "worked example", "slope 1.000"]
    axbox = ax_roc.get_window_extent()
    for t in rows:   # inside the axes, off the diagonal and off the ROC
        box = t.get_window_extent()
        assert axbox.x0 < box.x0 and box.x1 < axbox.x1 and axbox.y0 < box.y0 and box.y1 < axbox.y1
        assert not _crosses(fig, t, np.array([0, 1.0]), np.array([0, 1.0]), ax_roc), t.get_text()
        assert not _crosses(fig, t, fpr, tpr, ax_roc), t.get_text()
    # each iso-cost line is a stretch around its cut, not a line across the square
    for s in states:
        lines = [ln for ln in ax_roc.lines if ln.get_label().endswith(s.cut_name) and len(ln.get_xdata()) == 2]
        assert lines
        xs, ys = (np.asarray(v, dtype=float) for v in lines[0].get_data())
        assert np.isclose(np.hypot(xs[1] - xs[0], ys[1] - ys[0]), 0.4)
    width = fig.get_window_extent().width
    assert not style.figure_faults(fig), style.figure_faults(fig)
    plt.close(fig)
    assert width <= 1000
    assert "(1 - x)/x" in _cell("05_cost_curves.ipynb", "75edf8da")
    assert "figsize=(10, 5.9)" in _cell("05_cost_curves.ipynb", "2cca1501")


def test_05_hull_vertex_names_stay_off_the_diagonal():
    table, fpr, tpr, thr = _melons()
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.9), dpi=100)
    pcost.plot_hull_and_envelope(a, b, fpr, tpr, thresholds=thr, cut_sizes=table.tp + table.fp)
    fig.tight_layout()
    fig.canvas.draw()
    names = [t for t in a.texts if t.get_text().startswith("cut ")]
    assert len(names) == 3
    for t in names:
        assert not _crosses(fig, t, np.array([0, 1.0]), np.array([0, 1.0]), a), t.get_text()
    plt.close(fig)


def test_report_names_the_diagonal_clear_of_the_reliability_curve():
    """14's report: the curve crossed "perfectly calibrated" at 0.3 of the zoomed axis; the name goes
    where the curve is furthest (rare positives, probabilities below 0.4, as on the Caravan data)."""
    from learnmetrics import calibration as cal
    rng = np.random.default_rng(14)
    for seed in range(3):
        rng = np.random.default_rng(seed)
        s = np.clip(rng.beta(1.2, 18, size=1500), 1e-4, 0.38)
        y = (rng.uniform(size=s.size) < np.clip(s * rng.uniform(0.6, 1.6), 0, 1)).astype(int)
        report = lm.evaluation_report(y, s, threshold=float(np.quantile(s, 0.8)))
        fig = report.plot(n_resamples=20)
        fig.canvas.draw()
        ax_cal = fig.axes[2]
        name = [t for t in ax_cal.texts if t.get_text() == "perfectly calibrated"]
        assert len(name) == 1
        pt, pp = cal.calibration_curve(y, s, n_bins=report.n_bins)
        assert not _crosses(fig, name[0], pp, pt, ax_cal), seed
        plt.close(fig)


def test_03_cut_point_filmstrip_is_the_pr_panel_two_by_two():
    src = _cell("03_pr_bep_fbeta.ipynb", "5f3f94e3")
    assert 'panels=["pr"]' in src and "ncols=2" in src and src.startswith("# ")
    assert "P-R panel" in _cell("03_pr_bep_fbeta.ipynb", "9decbcb7")
