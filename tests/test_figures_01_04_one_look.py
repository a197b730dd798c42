"""Issue 35, figure faults of 01 and 04: one look per meaning.

* 01's CV explorer: no legend box on the bias/sd panel (the curves are named on themselves, between
  k = 5 and k = 10, where the orange current-k line never stands), at every k including 40; the
  negatives | positives divider spans only the runs made, so it never cuts the "runs not made" note.
* 01's bootstrap explorer: the simulated mean ± sd stands at m, behind the orange dot (issue 35).
* 01's tuning figure: the chosen l2 is the orange current point (style.CUT_POINT), not a black star.
* The random guess (and the perfect ranking) are named on their lines by plot_reference, never in a
  legend, in ROC and in P-R.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics.plotting import curves as pc  # noqa: E402
from learnmetrics.plotting import evaluation as pe  # noqa: E402
from learnmetrics.plotting import style  # noqa: E402


@pytest.fixture(scope="module")
def cv_explorer():
    from learnmetrics.widgets.evaluation import CVExplorer
    pop = lm.evaluation.two_gaussians_population(distance=2.0, n_features=5, n_informative=2, positive_rate=0.3)
    study = lm.evaluation.cv_study(pop, 40, ks=(2, 5, 10, 40), max_repeats=3, n_datasets=20, rng=0)
    return CVExplorer(study, k=10, repeats=1)


@pytest.mark.parametrize("k, repeats", [(2, 1), (10, 3), (40, 1), (40, 2)])
def test_cv_explorer_has_no_legend_over_the_current_k_and_a_whole_note(cv_explorer, k, repeats):
    cx = cv_explorer
    cx.slider.value, cx.repeats.value = k, repeats
    cx.fig.canvas.draw()
    assert cx.ax_curve.get_legend() is None
    assert not style.figure_faults(cx.fig)
    labels = {t.get_text(): t for t in cx.ax_curve.texts}
    for name, line in (("bias", cx._lb), ("sd", cx._ls)):
        x, _ = labels[name].get_position()
        assert 5 < x < 10                                   # between two ks: the orange line never stands there
        assert labels[name].get_color() == line.get_color()
    # the divider covers the rows of the runs made (axes fraction from 1 - p/R to 1), not the note's rows
    R = cx.study.max_repeats
    np.testing.assert_allclose(cx._sep.get_ydata(), [1 - repeats / R, 1])
    if repeats < R:
        note = cx._unused.get_window_extent()
        sep = cx._sep.get_window_extent()
        assert sep.y0 >= note.y1 - 1 or not sep.overlaps(note)


def test_bootstrap_simulated_mean_stands_at_m_behind_the_current_dot():
    """Issue 35: beside the dot (at 1.45 m) the simulated mean read as another m; it stands at m,
    behind the orange dot (a lower zorder) and wider than it, so it shows on both sides."""
    from learnmetrics.widgets.evaluation import BootstrapExplorer
    bx = BootstrapExplorer(m=10, max_m=50, n_samples=50)
    for m in (1, 50):
        bx.slider.value = m
        bx.fig.canvas.draw()
        assert bx._sim.get_xdata()[0] == bx._point.get_xdata()[0] == m
        assert list(bx._sim_err.get_xdata()) == [m, m]
        assert not style.figure_faults(bx.fig)
    assert max(bx._sim.get_zorder(), bx._sim_err.get_zorder()) < bx._point.get_zorder()
    assert bx._sim.get_markersize() > bx._point.get_markersize()


def test_the_chosen_l2_is_the_current_point_look():
    from types import SimpleNamespace
    fig, ax = plt.subplots()
    tuning = SimpleNamespace(best_l2=0.01, l2_values=np.logspace(-4, 2, 7),
                             errors=np.array([0.02, 0.02, 0.01, 0.03, 0.07, 0.26, 0.37]))
    pe.plot_l2_tuning(ax, tuning)
    chosen = [ln for ln in ax.lines if ln.get_marker() == "o" and to_hex(ln.get_markerfacecolor()) == style.CUT.lower()]
    assert len(chosen) == 1 and not [ln for ln in ax.lines if ln.get_marker() == "*"]
    plt.close(fig)


@pytest.mark.parametrize("kind", ["roc", "pr"])
def test_references_are_named_on_their_lines_not_in_a_legend(kind):
    fig, ax = plt.subplots(figsize=(5, 5))
    (pc.style_roc_axes if kind == "roc" else pc.style_pr_axes)(ax)
    refs = pc.plot_reference(ax, kind, prevalence=0.4)
    assert all(line.get_label().startswith("_") for line in refs.values())
    texts = [t.get_text() for t in ax.texts]
    assert any(t.startswith("random guess") for t in texts) and "perfect ranking" in texts
    assert refs["random"].get_linestyle() == refs["perfect"].get_linestyle() == "--"   # both the reference look
    bare = pc.plot_reference(plt.subplots()[1], kind, prevalence=0.4, legend_labels=False)
    assert len(bare["random"].axes.texts) == 0
    plt.close("all")
