"""What a fresh reader (r1) found in chapters 00 and 01, pinned in its corrected form: each test
computes the counter-example and the corrected statement (on small random cases where the
sentence is general)."""
import io
import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_rgb  # noqa: E402
from PIL import Image  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics import datasets  # noqa: E402
from learnmetrics.plotting import style  # noqa: E402

RNG = np.random.default_rng(2026)


# ---------------------------------------------------------------- 00: the example learner


def test_the_course_learner_is_a_ridge_penalised_logistic_regression():
    """00 fa3a702e / ec6b3692 / zh-00-3: not a plain logistic regression but one with a ridge penalty
    l2 = 0.01 on standardised features, at most 50 Newton steps; without the penalty melon 5's
    probability is above 0.5 (0.50481, scikit-learn's C=inf), with it 0.49972 (below 0.5)."""
    from sklearn.linear_model import LogisticRegression as SkLogistic

    model = lm.learners.LogisticRegression()
    assert (model.l2, model.max_iter) == (1e-2, 50)
    d = datasets.watermelon_3a()
    with_penalty = model.fit(d.X, d.y).predict_proba(d.X)[4]
    without = lm.learners.LogisticRegression(l2=0).fit(d.X, d.y).predict_proba(d.X)[4]
    assert round(with_penalty, 5) == 0.49972 and round(without, 5) == 0.50481
    sk_plain = SkLogistic(C=np.inf, tol=1e-12, max_iter=10_000).fit(d.X, d.y).predict_proba(d.X)[4, 1]
    assert abs(sk_plain - without) < 1e-6


def test_scikit_learns_c_is_one_over_lambda_m_on_standardised_features():
    """00 ec6b3692: scikit-learn's LogisticRegression(C=1/(l2*m)) on StandardScaler features gives
    the course's model (mean log-loss + l2/2 |w|^2 = (C * summed log-loss + |w|^2/2) / (C m)),
    on random data of several sizes, scales and penalties."""
    from sklearn.linear_model import LogisticRegression as SkLogistic
    from sklearn.preprocessing import StandardScaler

    checked = 0
    for _ in range(12):
        m, p = int(RNG.integers(12, 60)), int(RNG.integers(1, 5))
        X = RNG.normal(size=(m, p)) * RNG.uniform(0.1, 10, p) + RNG.normal(size=p)
        y = (X @ RNG.normal(size=p) + 2 * RNG.normal(size=m) > 0).astype(int)
        if y.min() == y.max():
            continue
        Z = StandardScaler().fit_transform(X)
        for l2 in (1e-3, 1e-2, 1.0):
            ours = lm.learners.LogisticRegression(l2=l2).fit(X, y).predict_proba(X)
            theirs = SkLogistic(C=1 / (l2 * m), tol=1e-12, max_iter=100_000).fit(Z, y).predict_proba(Z)[:, 1]
            assert np.abs(ours - theirs).max() < 1e-5
            checked += 1
    assert checked >= 20


# ---------------------------------------------------------------- 00: the tied eight


def _ties(y, s):
    ties = [v for v in np.unique(s) if np.sum(s == v) > 1]
    mixed = [v for v in ties if np.ptp(y[s == v]) == 1]
    return mixed, [v for v in ties if v not in mixed]


def test_the_tied_eight_has_two_ties_across_the_classes_and_one_within():
    """00 3c4f5b53 / zh-00-3: the tie at 0.5 is two negatives, a flat ROC step; 0.8 and 0.3 mix the
    classes, diagonal steps."""
    t = datasets.tied_eight()
    mixed, within = _ties(t.y_true, t.y_score)
    assert mixed == [0.3, 0.8] and within == [0.5]
    fpr, tpr, thr = lm.roc_curve(t.y_true, t.y_score, drop_intermediate=False)
    i = int(np.flatnonzero(thr == 0.5)[0])
    assert (fpr[i - 1], tpr[i - 1], fpr[i], tpr[i]) == (0.25, 0.75, 0.75, 0.75)


def test_only_a_tie_across_the_classes_makes_a_diagonal_roc_step():
    """00 fce838bd / zh-00-3: at a tied score the ROC curve moves both ways (a diagonal step) exactly
    when the tie holds a positive and a negative; a tie within one class is a longer straight step."""
    for _ in range(200):
        m = int(RNG.integers(4, 14))
        y = RNG.integers(0, 2, m)
        if y.min() == y.max():
            continue
        s = RNG.integers(0, 4, m) / 4.0                      # few distinct scores: many ties
        fpr, tpr, thr = lm.roc_curve(y, s, drop_intermediate=False)
        for i in range(1, len(thr)):
            group = y[s == thr[i]]
            diagonal = fpr[i] > fpr[i - 1] and tpr[i] > tpr[i - 1]
            assert diagonal == (np.ptp(group) == 1)
            assert fpr[i] - fpr[i - 1] == pytest.approx(np.sum(group == 0) / np.sum(y == 0))


# ---------------------------------------------------------------- figures


def _fig_text_sizes(ax):
    sizes = [t.get_fontsize() for t in ax.texts] + [ax.title.get_fontsize()]
    sizes += [lab.get_fontsize() for lab in ax.get_xticklabels() + ax.get_yticklabels() if lab.get_text()]
    return sizes


def test_l2_tuning_inset_text_is_at_least_9_points():
    """01 4e3c1ade: the inset's tick labels, value labels and title were 7-8 pt at the stored 590 px."""
    from learnmetrics.plotting.evaluation import plot_l2_tuning

    tuning = lm.evaluation.L2Tuning(l2_values=np.logspace(-4, 2, 7), best_l2=1e-2, method="kfold",
                                    errors=np.array([0.0219, 0.0203, 0.0195, 0.0336, 0.0673, 0.2621, 0.3732]))
    fig, ax = plt.subplots(figsize=(6, 3.2))
    plot_l2_tuning(ax, tuning)
    fig.canvas.draw()
    insets = [a for a in fig.axes if a is not ax] + list(ax.child_axes)
    for a in [ax, *insets]:
        assert min(_fig_text_sizes(a)) >= 9
    plt.close(fig)


def test_estimator_boxes_show_the_estimates_beyond_the_whiskers():
    """01 11019511: the title says 'whiskers: 1.5 IQR', so the estimates beyond are drawn."""
    from learnmetrics.plotting.evaluation import plot_estimator_comparison

    pop = lm.evaluation.two_gaussians_population(distance=2.0, n_features=5, n_informative=2, positive_rate=0.3)
    study = lm.evaluation.simulate_estimators(pop, 40, methods=("resubstitution", "holdout", "bootstrap"),
                                              n_datasets=80, test_size=0.3, rng=0)
    fig, ax = plt.subplots()
    bp = plot_estimator_comparison(ax, study)
    diffs = study.estimates - study.true_error
    for row, fl in zip(diffs, bp["fliers"]):
        q1, q3 = np.percentile(row, [25, 75])
        beyond = (row < q1 - 1.5 * (q3 - q1)) | (row > q3 + 1.5 * (q3 - q1))
        assert len(fl.get_ydata()) == int(beyond.sum())
    plt.close(fig)


def test_bootstrap_dot_is_drawn_over_the_sd_cross_and_the_legend_clears_the_bars():
    """01 5912262e and the bootstrap explorer: the blitted frame drew the sky-blue cross after the
    orange dot (list order, not zorder), hiding it; the counts legend touched a bar of 5 at m = 200."""
    from learnmetrics.widgets.evaluation import BootstrapExplorer

    bx = BootstrapExplorer(m=20)
    dyn = bx.dynamic_artists()
    assert dyn.index(bx._point) > max(dyn.index(bx._sim), dyn.index(bx._sim_err))
    orange = np.array(to_rgb(style.CUT_POINT["mfc"])) * 255
    for m in (10, 200):
        png = bx.frame((m,))
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)
        x, y = bx.ax_curve.transData.transform((bx._point.get_xdata()[0], bx._point.get_ydata()[0]))
        h = img.shape[0]
        centre = img[int(round(h - y)) - 1: int(round(h - y)) + 2, int(round(x)) - 1: int(round(x)) + 2]
        assert np.abs(centre - orange).max() < 30, centre
        counts = lm.evaluation.bootstrap_state(m, n_samples=bx.n_samples, max_m=bx.max_m, rng=bx.seed).counts
        legend = bx.ax_counts.get_legend().get_window_extent()
        bottom = bx.ax_counts.transData.inverted().transform((legend.x0, legend.y0))[1]
        assert bottom > counts.max() + 0.5
    plt.close(bx.fig)


def test_the_threshold_is_named_on_its_line_and_the_axes_read_as_words():
    """00 be0a4333: the threshold was named in a legend, the y label read 'sugar_content'."""
    from learnmetrics.plotting.datasets import plot_two_features

    d = datasets.watermelon_3a()
    fig, ax = plt.subplots(figsize=(5.5, 4.2))
    plot_two_features(ax, d, model=lm.learners.LogisticRegression().fit(d.X, d.y), highlight=5)
    assert "P(good) = 0.5" in [t.get_text() for t in ax.texts]
    assert not any("P(good)" in t.get_text() for t in ax.get_legend().get_texts())
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("density", "sugar content")
    plt.close(fig)


def test_the_holdout_explorer_alt_text_says_one_split_per_data_set_and_the_checkbox():
    """01: the alt text said 'spread over many splits' (it is many data sets, one split each) and
    left out the stratified checkbox."""
    from learnmetrics.widgets.evaluation import HoldoutExplorer

    text = HoldoutExplorer.alt_text
    assert "one split each" in text and "checkbox" in text and "stratified" in text
    assert "many splits" not in text


def test_no_warnings_from_the_sklearn_spelling_the_text_uses():
    """00 ec6b3692 names LogisticRegression(C=np.inf), not the deprecated penalty=None."""
    from sklearn.linear_model import LogisticRegression as SkLogistic

    d = datasets.watermelon_3a()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        SkLogistic(C=np.inf, max_iter=10_000).fit(d.X, d.y)


def test_a_larger_l2_pulls_the_standardised_weights_towards_zero():
    """00 gloss-01more / gloss-01reg: the penalty l2 pulls the weights towards zero: the norm of the
    weights on standardised features never grows as l2 grows (random data; the intercept is free)."""
    grid = [0, 1e-3, 1e-2, 1e-1, 1, 10, 100]
    rng = np.random.default_rng(7)
    for _ in range(15):
        m, p = int(rng.integers(10, 50)), int(rng.integers(1, 5))
        X = rng.normal(size=(m, p)) * rng.uniform(0.1, 10, p)
        y = (X @ rng.normal(size=p) + rng.normal(size=m) > 0).astype(int)
        if min(y.sum(), m - y.sum()) < 2:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")         # l2 = 0 on separable data: huge weights, still finite
            norms = [np.linalg.norm(lm.learners.LogisticRegression(l2=l2).fit(X, y).coef_ * X.std(axis=0))
                     for l2 in grid]
        assert np.all(np.isfinite(norms)) and all(b <= a * (1 + 1e-6) + 1e-9 for a, b in zip(norms, norms[1:])), norms
