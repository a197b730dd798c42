"""Chapters 10 and 11: the corrected statements (issues 23 and 24), with their numbers pinned."""
import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import calibration as cal


def test_10_coverage_uncertainty_is_one_standard_error_not_a_95_band():
    """'±1.5 points' is one standard error of a coverage from 200 test sets; the 95% band is ±3.0 points,
    and only n = 17 and 30 fall below it."""
    se = np.sqrt(0.95 * 0.05 / 200)
    low, high = 0.95 - 1.96 * se, 0.95 + 1.96 * se
    assert (f"{se:.1%}", f"{low:.1%}", f"{high:.1%}") == ("1.5%", "92.0%", "98.0%")
    outside = [n for n in (17, 30, 60, 120, 250, 500, 1000)
               if not low <= lm.uncertainty.auc_sampling_state(n, n_resamples=10).coverage <= high]
    assert outside == [17, 30]
    # the standard error is what it says: the spread of a coverage estimated from 200 Bernoulli(0.95) draws
    rng = np.random.default_rng(0)
    sims = rng.binomial(200, 0.95, size=20_000) / 200
    assert sims.std() == pytest.approx(se, rel=0.03)
    assert np.mean((sims >= low) & (sims <= high)) == pytest.approx(0.95, abs=0.02)


def test_11_reliability_counts_on_their_own_axis_and_truth_not_in_a_learners_colour():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting import style
    from learnmetrics.plotting.calibration import plot_reliability_diagram

    y, p_true, p_model = cal.simulate_scores(4000, rng=11)
    fig, ax = plt.subplots()
    plot_reliability_diagram(ax, y, {"model": p_model, "true P(+|x)": p_true}, reference="true P(+|x)")
    twins = [a for a in fig.axes if a is not ax]
    assert len(twins) == 1                                           # the counts' own axis
    heights = sorted(int(round(r.get_height())) for r in twins[0].patches)
    ids = np.minimum((p_model * 10).astype(int), 9)
    edges_ids = np.searchsorted(np.linspace(0, 1, 11)[1:-1], p_model)
    assert heights == sorted(np.bincount(edges_ids, minlength=10).tolist())   # counts, not fractions
    assert ax.get_ylim() == (0.0, 1.0)                              # the fraction axis stays a fraction
    truth = [ln for ln in ax.get_lines() if ln.get_label() == "true P(+|x)"][0]
    assert matplotlib.colors.to_hex(truth.get_color()) == style.REFERENCE.lower()
    learner_colours = {matplotlib.colors.to_hex(c) for c in style.LEARNERS}
    assert matplotlib.colors.to_hex(truth.get_color()) not in learner_colours
    plt.close(fig)
    del ids


def test_11_stores_one_temperature_explorer():
    """The exercise's move uses cal.temperature_state, not a second explorer stored in the notebook."""
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).parents[1] / "notebooks" / "11_calibration.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert sum("TemperatureExplorer(" in c for c in code) == 1


def test_09_stores_one_bias_variance_explorer():
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).parents[1] / "notebooks" / "09_bias_variance.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert sum("BiasVarianceExplorer(" in c for c in code) == 1
