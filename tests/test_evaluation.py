"""learnmetrics.evaluation (estimating the error), learnmetrics.realdata, and the chapter-01 explorers."""
import math

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.evaluation import _batch_logistic_fit
from learnmetrics.learners import LogisticRegression
from learnmetrics.realdata import load_breast_cancer


@pytest.fixture(scope="module")
def cancer():
    return load_breast_cancer()


@pytest.fixture(scope="module")
def pop():
    return lm.evaluation.two_gaussians_population(distance=2.0, n_features=3, n_informative=2, positive_rate=0.3)


# -- the shipped data --------------------------------------------------------------------
def test_breast_cancer_matches_scikit_learn(cancer):
    from sklearn.datasets import load_breast_cancer as sk_load

    sk = sk_load()
    assert cancer.X.shape == (569, 30) and len(cancer) == 569
    np.testing.assert_array_equal(cancer.X, sk.data)
    np.testing.assert_array_equal(cancer.y, 1 - sk.target)  # malignant = 1 here
    assert int(cancer.y.sum()) == 212
    assert cancer.feature_names == tuple(sk.feature_names)
    assert cancer.target_names == ("benign", "malignant")
    assert cancer.ids.tolist() == list(range(1, 570))
    assert "CC BY 4.0" in cancer.description


# -- the batched learner agrees with the class -------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_batched_fit_matches_logistic_regression(seed):
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(15, 80)), int(rng.integers(1, 6))
    X = rng.normal(size=(n, d)) * rng.uniform(0.1, 100, d) + rng.normal(0, 50, d)
    y = (X @ rng.normal(size=d) + rng.normal(size=n) * X.std() > 0).astype(int)
    if y.min() == y.max():
        y[0] = 1 - y[0]
    W = np.stack([np.bincount(rng.integers(0, n, n), minlength=n) for _ in range(4)]
                 + [(rng.random(n) < 0.7).astype(int) for _ in range(4)]).astype(float)
    l2 = float(rng.choice([1e-3, 1e-2, 1.0]))
    coef, intercept = _batch_logistic_fit(X[None], y[None].astype(float), W, np.zeros(len(W), int), l2=l2)
    for b in range(len(W)):
        train = np.repeat(np.arange(n), W[b].astype(int))
        if np.unique(y[train]).size < 2:
            assert coef[b].tolist() == [0.0] * d and math.isinf(intercept[b])
            continue
        m = LogisticRegression(l2=l2).fit(X[train], y[train])
        np.testing.assert_allclose(coef[b], m.coef_, rtol=1e-6, atol=1e-8)
        np.testing.assert_allclose(X @ coef[b] + intercept[b], m.decision_function(X), rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("method", lm.evaluation.METHODS)
def test_batched_and_generic_paths_agree(method, cancer):
    X, y = cancer.X[::3, :6], cancer.y[::3]
    fast = lm.estimate_error(X, y, method=method, repeats=3, k=5, p=2, rng=1)
    slow = lm.estimate_error(X, y, method=method, learner=lambda: LogisticRegression(), repeats=3, k=5, p=2, rng=1)
    np.testing.assert_allclose(fast.estimates, slow.estimates, atol=1e-12)
    assert fast.n_fits == slow.n_fits


# -- estimate_error ----------------------------------------------------------------------
def test_estimate_error_methods_by_hand(cancer):
    X, y = cancer.X[:120, :5], cancer.y[:120]
    resub = lm.estimate_error(X, y, method="resubstitution")
    model = LogisticRegression().fit(X, y)
    assert resub.estimate == pytest.approx(np.mean(model.predict(X) != y))
    loo = lm.estimate_error(X, y, method="loo")
    by_hand = np.mean([LogisticRegression().fit(X[tr], y[tr]).predict(X[te])[0] != y[te][0]
                       for tr, te in lm.leave_one_out(len(y))])
    assert loo.estimate == pytest.approx(by_hand) and len(loo.estimates) == 1 and loo.n_fits == 120
    ho = lm.estimate_error(X, y, method="holdout", test_size=0.25, repeats=4, rng=3)
    rng = np.random.default_rng(3)
    expect = []
    for _ in range(4):
        tr, te = lm.holdout_split(y, test_size=0.25, rng=rng)
        expect.append(np.mean(LogisticRegression().fit(X[tr], y[tr]).predict(X[te]) != y[te]))
    np.testing.assert_allclose(ho.estimates, expect)
    kf = lm.estimate_error(X, y, method="kfold", k=4, repeats=2, rng=5)
    rng = np.random.default_rng(5)
    runs = []
    for _ in range(2):
        folds = list(lm.kfold_split(y, k=4, rng=rng))
        runs.append(np.mean([np.mean(LogisticRegression().fit(X[tr], y[tr]).predict(X[te]) != y[te])
                             for tr, te in folds]))
    np.testing.assert_allclose(kf.estimates, runs)
    assert kf.n_fits == 8 and kf.params == {"k": 4, "stratify": True}


def test_estimate_error_shapes_and_reproducibility(cancer):
    X, y = cancer.X, cancer.y
    a = lm.estimate_error(X, y, method="repeated_kfold", k=5, p=3, repeats=4, rng=0)
    b = lm.estimate_error(X, y, method="repeated_kfold", k=5, p=3, repeats=4, rng=0)
    assert a.n_fits == 60 and len(a.estimates) == 4
    np.testing.assert_array_equal(a.estimates, b.estimates)
    boot = lm.estimate_error(X, y, method="bootstrap", repeats=7, rng=0)
    assert len(boot.estimates) == 7 and 0 < boot.estimate < 0.2
    assert "bootstrap: error" in str(boot)


def test_compare_methods(cancer):
    res = lm.evaluation.compare_methods(cancer.X, cancer.y, repeats=3, k=5, p=2, rng=0)
    assert list(res) == list(lm.evaluation.METHODS)
    assert res["resubstitution"].estimate <= min(r.estimate for m, r in res.items() if m != "resubstitution")


def test_estimate_error_bad_input(cancer):
    X, y = cancer.X[:50], cancer.y[:50]
    with pytest.raises(ValueError, match="method"):
        lm.estimate_error(X, y, method="crossval")
    with pytest.raises(ValueError, match="X must not contain NaN"):
        lm.estimate_error(np.where(np.eye(50, 30) == 1, np.nan, X), y)
    with pytest.raises(ValueError, match="different numbers of samples"):
        lm.estimate_error(X, y[:-1])
    with pytest.raises(ValueError, match="two classes"):
        lm.estimate_error(X, np.arange(50) % 3)
    with pytest.raises(ValueError, match="repeats"):
        lm.estimate_error(X, y, repeats=0)
    with pytest.raises(ValueError, match="test_size"):
        lm.estimate_error(X, y, test_size=1.0)
    with pytest.raises(ValueError, match="k must be"):
        lm.estimate_error(X, y, method="kfold", k=51)
    with pytest.raises(TypeError, match="learner"):
        lm.estimate_error(X, y, learner="logistic")
    with pytest.raises(TypeError, match="stratify"):
        lm.estimate_error(X, y, stratify=1)
    with pytest.raises(TypeError, match="X must hold numbers"):
        lm.estimate_error(np.array([["a"]] * 50), y)


def test_single_class_training_set_predicts_that_class():
    X = np.arange(8.0)[:, None]
    y = np.array([0, 0, 0, 0, 0, 0, 1, 1])
    # with 4 folds, unstratified and unshuffled, fold 0 trains on samples 2..7 (both classes),
    # fold 3 (samples 6, 7) trains on negatives only -> predicts 0 -> both wrong
    est = lm.estimate_error(X, y, method="kfold", k=4, stratify=False, repeats=1, rng=0)
    slow = lm.estimate_error(X, y, method="kfold", k=4, stratify=False, repeats=1, rng=0,
                             learner=LogisticRegression())
    assert est.estimate == pytest.approx(slow.estimate)


# -- the population ----------------------------------------------------------------------
def test_population_true_error_matches_monte_carlo(pop):
    X, y = pop.sample(60, rng=1)
    model = LogisticRegression().fit(X, y)
    Xb, yb = pop.sample(400_000, rng=2)
    assert pop.true_error(model) == pytest.approx(np.mean(model.predict(Xb) != yb), abs=0.003)
    assert lm.evaluation.two_gaussians_population(distance=2.0).bayes_error == pytest.approx(0.158655254, abs=1e-8)
    assert pop.bayes_error < pop.true_error(model)
    # a constant rule errs on the other class
    assert pop.linear_error(np.zeros(3), 1.0) == pytest.approx(0.7)
    assert pop.linear_error(np.zeros(3), -1.0) == pytest.approx(0.3)


def test_population_sampling(pop):
    X, y = pop.sample(1000, rng=0, exact_proportion=True)
    assert X.shape == (1000, 3) and y.sum() == 300
    Xs, ys = pop.sample_many(5, 20, rng=0)
    assert Xs.shape == (5, 20, 3) and ys.shape == (5, 20)
    X2, _ = pop.sample(1000, rng=0, exact_proportion=True)
    np.testing.assert_array_equal(X, X2)
    with pytest.raises(TypeError, match="coef_"):
        pop.true_error(object())
    with pytest.raises(ValueError, match="distance"):
        lm.evaluation.two_gaussians_population(distance=-1)
    with pytest.raises(ValueError, match="positive_rate"):
        lm.evaluation.two_gaussians_population(positive_rate=1.0)
    with pytest.raises(ValueError, match="n_informative"):
        lm.evaluation.two_gaussians_population(n_features=2, n_informative=3)


def test_simulate_estimators(pop):
    st = lm.evaluation.simulate_estimators(pop, 40, methods=lm.evaluation.METHODS, n_datasets=120, k=5, p=2, rng=0)
    assert st.estimates.shape == (6, 120) and st.true_error.shape == (120,)
    bias = dict(zip(st.methods, st.bias))
    assert bias["resubstitution"] < -0.01  # the training error is optimistic
    assert bias["bootstrap"] > 0  # trained on ~63% distinct examples: pessimistic
    sd = dict(zip(st.methods, st.sd))
    assert sd["holdout"] > sd["kfold"]  # one split wobbles more than a 5-fold CV
    np.testing.assert_allclose(st.rmse**2, st.bias**2 + st.sd**2)
    assert st.n_fits == {"resubstitution": 1, "holdout": 1, "kfold": 5, "repeated_kfold": 10, "loo": 40,
                         "bootstrap": 1}
    assert "true error" in st.table()
    with pytest.raises(TypeError, match="population"):
        lm.evaluation.simulate_estimators("pop", 40)
    with pytest.raises(ValueError, match="methods"):
        lm.evaluation.simulate_estimators(pop, 40, methods=("cv",))


def test_learning_curve(pop):
    sizes, mean, sd = lm.evaluation.learning_curve_true_error(pop, [10, 40, 400], n_datasets=100, rng=0)
    assert mean[0] > mean[1] > mean[2] > pop.bayes_error
    with pytest.raises(ValueError, match="sizes"):
        lm.evaluation.learning_curve_true_error(pop, [2, 10])


def test_tune_l2(cancer):
    res = lm.evaluation.tune_l2(cancer.X, cancer.y, [1e-4, 1e-2, 1.0, 100.0], rng=0)
    assert res.best_l2 in res.l2_values and res.errors.shape == (4,)
    assert res.errors[-1] > res.errors.min()  # a huge penalty underfits
    assert "chosen" in res.table()
    again = lm.evaluation.tune_l2(cancer.X, cancer.y, [1e-4, 1e-2, 1.0, 100.0], rng=0)
    np.testing.assert_array_equal(res.errors, again.errors)
    with pytest.raises(ValueError, match="l2_values"):
        lm.evaluation.tune_l2(cancer.X, cancer.y, [-1.0])
    with pytest.raises(ValueError, match="method"):
        lm.evaluation.tune_l2(cancer.X, cancer.y, [1.0], method="loo")


# -- state functions ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def hstudy(pop):
    return lm.evaluation.holdout_study(pop, 40, test_sizes=[0.1, 0.3, 0.5, 0.9], n_datasets=150, rng=0)


@pytest.fixture(scope="module")
def cstudy(pop):
    return lm.evaluation.cv_study(pop, 30, ks=(2, 5, 10), max_repeats=3, n_datasets=60, rng=0)


def test_holdout_state(hstudy):
    small, big = lm.evaluation.holdout_state(hstudy, 0.1), lm.evaluation.holdout_state(hstudy, 0.9)
    assert small.sd > big.sd  # small test set: high variance
    assert big.bias > small.bias and big.bias > 0.05  # large test set: pessimistic
    assert big.mean_train_error > big.mean_true_error  # because the model on S is worse
    assert small.n_test == 4 and big.n_test == 36
    assert lm.evaluation.holdout_state(hstudy, 0.30000000000000004).test_size == 0.3
    np.testing.assert_allclose(small.rmse**2, small.bias**2 + small.sd**2)
    assert "test share 0.10" in str(small)
    with pytest.raises(ValueError, match="not precomputed"):
        lm.evaluation.holdout_state(hstudy, 0.2)
    with pytest.raises(TypeError, match="study"):
        lm.evaluation.holdout_state("study", 0.1)


def test_cv_state(cstudy):
    s = lm.evaluation.cv_state(cstudy, 5, 2)
    assert s.folds.shape == (2, 30) and s.fold_sizes.tolist() == [6] * 5
    assert len(s.estimates) == 60 and s.curve_ks.tolist() == [2, 5, 10]
    np.testing.assert_allclose(s.estimates, cstudy.runs[5][:2].mean(axis=0))
    assert lm.evaluation.cv_state(cstudy, 2, 1).bias > lm.evaluation.cv_state(cstudy, 10, 1).bias  # fewer training examples
    assert "2 x 5-fold" in str(s)
    with pytest.raises(ValueError, match="not precomputed"):
        lm.evaluation.cv_state(cstudy, 4)
    with pytest.raises(ValueError, match="repeats"):
        lm.evaluation.cv_state(cstudy, 5, 4)


def test_bootstrap_state():
    s = lm.evaluation.bootstrap_state(50, n_samples=2000)
    assert s.counts.sum() == 50 and s.expected_share == pytest.approx((1 - 1 / 50) ** 50)
    assert s.mean_share == pytest.approx(s.expected_share, abs=0.01)
    assert s.oob_share == np.mean(s.counts == 0)
    assert s.curve_share[-1] < s.limit == pytest.approx(math.exp(-1))
    assert lm.evaluation.bootstrap_state(1).expected_share == 0.0
    with pytest.raises(ValueError, match="m"):
        lm.evaluation.bootstrap_state(0)


# -- explorers, driven like a learner ----------------------------------------------------
def test_holdout_explorer(hstudy):
    from learnmetrics.widgets.evaluation import HoldoutExplorer

    ex = HoldoutExplorer(hstudy, test_size=0.3)
    assert ex.state.test_size == 0.3 and ex.state.stratify
    ex.slider.value = 0.9
    assert ex.state.test_size == 0.9 and ex.state.n_test == 36
    ex.checkbox.value = False
    assert ex.state.stratify is False
    np.testing.assert_array_equal(ex.state.estimates, lm.evaluation.holdout_state(hstudy, 0.9, False).estimates)
    assert ex.image.value[:4] == b"\x89PNG" and ex.last_update_ms < 2000
    # the histogram's y range holds the tallest bar of every test share (no clipped bars)
    from learnmetrics.plotting.evaluation import hist_shares
    from learnmetrics.widgets.evaluation import _BINS

    runs = hstudy.estimates.reshape(-1, hstudy.estimates.shape[-1])  # (stratified or not x test share, data set)
    tallest = max(hist_shares(e, _BINS).max() for e in runs)
    assert ex.ax_hist.get_ylim()[1] >= tallest
    with pytest.raises(TypeError, match="study"):
        HoldoutExplorer(None)


def test_cv_explorer(cstudy):
    from learnmetrics.widgets.evaluation import CVExplorer

    ex = CVExplorer(cstudy, k=5)
    ex.slider.value = 10
    ex.repeats.value = 3
    assert (ex.state.k, ex.state.repeats) == (10, 3)
    np.testing.assert_array_equal(ex.state.estimates, lm.evaluation.cv_state(cstudy, 10, 3).estimates)
    assert "3 x 10-fold" in ex.readout.value
    from learnmetrics.plotting.evaluation import hist_shares
    from learnmetrics.widgets.evaluation import _BINS

    tallest = max(hist_shares(cstudy.runs[k][:r].mean(axis=0), _BINS).max()
                  for k in cstudy.ks for r in range(1, cstudy.max_repeats + 1))
    assert ex.ax_hist.get_ylim()[1] >= tallest


def test_bootstrap_explorer():
    from learnmetrics.widgets.evaluation import BootstrapExplorer

    ex = BootstrapExplorer(m=10, max_m=100)
    ex.slider.value = 100
    assert ex.state.m == 100 and ex.state.expected_share == pytest.approx(0.99**100)
    fig = ex.filmstrip([(1,), (10,), (100,)], ncols=3)
    assert len(fig.axes) == 3


def test_learning_curve_mark_labels_do_not_overlap():
    # chapter 01 marks 28, 36 and 40 training examples: close on a log axis, their labels must stay apart
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from learnmetrics.plotting.evaluation import plot_learning_curve

    fig, ax = plt.subplots(figsize=(7, 3.4))
    sizes = np.array([8, 12, 20, 28, 36, 40, 80, 200, 1000])
    plot_learning_curve(ax, sizes, 0.3 / np.sqrt(sizes), bayes_error=0.1,
                        mark=[(28, "30 % hold-out"), (36, "10-fold CV"), (40, "final model")])
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    labels = [t for t in ax.texts if t.get_text() in ("30 % hold-out", "10-fold CV", "final model")]
    assert len(labels) == 3
    boxes = [t.get_window_extent(renderer) for t in labels]
    for i in range(3):
        for j in range(i + 1, 3):
            assert not boxes[i].overlaps(boxes[j]), (labels[i].get_text(), labels[j].get_text())
    plt.close(fig)


# -- issue 12: the cases found, and a table of bad arguments per public function -----------
def test_learner_given_as_a_class_works_like_an_instance(cancer):
    X, y = cancer.X[:120, :4], cancer.y[:120]
    by_class = lm.estimate_error(X, y, method="kfold", k=5, repeats=2, learner=LogisticRegression, rng=0)
    by_instance = lm.estimate_error(X, y, method="kfold", k=5, repeats=2, learner=LogisticRegression(), rng=0)
    np.testing.assert_array_equal(by_class.estimates, by_instance.estimates)
    from learnmetrics.learners import MajorityClassifier

    assert lm.estimate_error(X, y, method="loo", learner=MajorityClassifier).estimate == pytest.approx(min(y.mean(), 1 - y.mean()))

    class NeedsArgs:
        def __init__(self, depth):
            self.depth = depth

        def fit(self, X, y):
            return self

        def predict(self, X):
            return np.zeros(len(X))

    with pytest.raises(TypeError, match="cannot be built without arguments"):
        lm.estimate_error(X, y, learner=NeedsArgs)
    with pytest.raises(TypeError, match="no fit and predict"):
        lm.estimate_error(X, y, learner=lambda: 42)


def test_population_positive_rate_and_shapes_are_checked():
    for rate in (1.5, 0.0, 1.0, -0.1, np.nan):
        with pytest.raises(ValueError, match="positive_rate must be in"):
            lm.evaluation.GaussianPopulation(np.zeros(2), np.ones(2), np.eye(2), positive_rate=rate)
    with pytest.raises(TypeError, match="positive_rate must be a real number"):
        lm.evaluation.GaussianPopulation(np.zeros(2), np.ones(2), np.eye(2), positive_rate="0.5")
    with pytest.raises(ValueError, match="cov must be a 2 x 2"):
        lm.evaluation.GaussianPopulation(np.zeros(2), np.ones(2), np.eye(3))
    with pytest.raises(ValueError, match="positive definite"):
        lm.evaluation.GaussianPopulation(np.zeros(2), np.ones(2), np.zeros((2, 2)))
    with pytest.raises(ValueError, match="symmetric"):
        lm.evaluation.GaussianPopulation(np.zeros(2), np.ones(2), np.array([[1.0, 0.5], [0.0, 1.0]]))
    with pytest.raises(ValueError, match="mean_neg has 3 features"):
        lm.evaluation.GaussianPopulation(np.zeros(3), np.ones(2), np.eye(2))
    with pytest.raises(ValueError, match="mean_pos must not contain NaN"):
        lm.evaluation.GaussianPopulation(np.zeros(2), [np.nan, 1.0], np.eye(2))


def test_bounded_work_is_refused_before_allocating(cancer, pop):
    import time

    t0 = time.perf_counter()
    with pytest.raises(ValueError, match="limit"):
        lm.estimate_error(cancer.X, cancer.y, method="repeated_kfold", repeats=10**6, k=10, p=10)
    with pytest.raises(ValueError, match="limit"):
        lm.evaluation.simulate_estimators(pop, 40, n_datasets=10**9)
    with pytest.raises(ValueError, match="limit"):
        lm.evaluation.bootstrap_state(10**7, n_samples=10**6)
    with pytest.raises(ValueError, match="limit"):
        pop.sample_many(10**8, 100)
    assert time.perf_counter() - t0 < 2.0


@pytest.fixture(scope="module")
def small_studies(pop):
    return (lm.evaluation.holdout_study(pop, 20, test_sizes=[0.2, 0.5], n_datasets=5, rng=0),
            lm.evaluation.cv_study(pop, 20, ks=(2, 5), max_repeats=2, n_datasets=5, rng=0))


def _bad_argument_table(cancer, pop, studies):
    X, y = cancer.X[:60, :3], cancer.y[:60]
    hst, cst = studies
    ee = lm.estimate_error
    return [
        # estimate_error
        (lambda: ee(X, y, method=3), ValueError, "method must be one of"),
        (lambda: ee(X, y, repeats=0), ValueError, "repeats must be >= 1"),
        (lambda: ee(X, y, repeats=2.0), TypeError, "repeats must be an integer"),
        (lambda: ee(X, y, test_size=np.nan), ValueError, "test_size must be in"),
        (lambda: ee(X, y, test_size="0.3"), TypeError, "test_size must be a real number"),
        (lambda: ee(X, y, method="kfold", k=61), ValueError, "k must be between 2 and 60"),
        (lambda: ee(X, y, k=np.nan), TypeError, "k must be an integer"),
        (lambda: ee(X, y, p=0), ValueError, "p must be >= 1"),
        (lambda: ee(X, y, stratify="True"), TypeError, "stratify must be True or False"),
        (lambda: ee(X, y, rng="seed"), TypeError, "rng must be"),
        (lambda: ee(np.zeros((0, 3)), [], method="loo"), ValueError, "X is empty"),
        (lambda: ee(X, np.where(np.arange(60) == 0, np.nan, y)), ValueError, "y must not contain NaN"),
        # compare_methods
        (lambda: lm.evaluation.compare_methods(X, y, methods=()), ValueError, "methods is empty"),
        (lambda: lm.evaluation.compare_methods(X, y, methods=("holdout", "cv")), ValueError, "methods must be one of"),
        (lambda: lm.evaluation.compare_methods(X, y, methods=5), TypeError, "methods must be"),
        (lambda: lm.evaluation.compare_methods(X, y, methods=("kfold",), k=100), ValueError, "k must be between 2 and 60"),
        (lambda: lm.evaluation.compare_methods(X, y, stratify=None), TypeError, "stratify must be True or False"),
        (lambda: lm.evaluation.compare_methods(X, y, test_size=1.0), ValueError, "test_size must be in"),
        # estimate_error_many
        (lambda: lm.evaluation.estimate_error_many(np.zeros((2, 4)), [[0, 1]] * 2), ValueError, "Xs must have shape"),
        (lambda: lm.evaluation.estimate_error_many(np.zeros((2, 4, 1)), [[0, 1, 0, 1]]), ValueError, "ys has shape"),
        (lambda: lm.evaluation.estimate_error_many(np.zeros((0, 4, 1)), np.zeros((0, 4))), ValueError, "Xs must have shape"),
        (lambda: lm.evaluation.estimate_error_many(np.full((1, 4, 1), np.nan), [[0, 1, 0, 1]], method="loo"), ValueError,
         "X must not contain NaN"),
        (lambda: lm.evaluation.estimate_error_many([[["a"]]], [[0]]), TypeError, "Xs must be an array of numbers"),
        # GaussianPopulation.sample / sample_many / true_error
        (lambda: pop.sample(0), ValueError, "n must be >= 1"),
        (lambda: pop.sample(10, exact_proportion="yes"), TypeError, "exact_proportion must be True or False"),
        (lambda: pop.sample_many(2.5, 10), TypeError, "n_datasets must be an integer"),
        (lambda: pop.true_error("model"), TypeError, "coef_"),
        (lambda: pop.true_error(LogisticRegression()), TypeError, "coef_"),
        (lambda: pop.linear_error([np.nan, 1.0, 0.0], 0.0), ValueError, "coef must not contain NaN"),
        (lambda: pop.linear_error([1.0, 1.0], 0.0), ValueError, "coef must have shape"),
        (lambda: pop.linear_error([1.0, 1.0, 0.0], np.nan), ValueError, "intercept must not contain NaN"),
        (lambda: pop.linear_error([[1.0, 1.0, 0.0]] * 2, [0.0]), ValueError, "intercept has 1 values for 2"),
        (lambda: pop.linear_error(["a", "b", "c"], 0.0), TypeError, "coef and intercept must hold numbers"),
        # two_gaussians_population
        (lambda: lm.evaluation.two_gaussians_population(distance=np.inf), ValueError, "distance must be a finite number"),
        (lambda: lm.evaluation.two_gaussians_population(distance=np.nan), ValueError, "distance must be a finite number"),
        (lambda: lm.evaluation.two_gaussians_population(distance=0), ValueError, "distance must be > 0"),
        (lambda: lm.evaluation.two_gaussians_population(distance="2"), TypeError, "distance must be a real number"),
        (lambda: lm.evaluation.two_gaussians_population(positive_rate=1.5), ValueError, "positive_rate must be in"),
        (lambda: lm.evaluation.two_gaussians_population(n_features=0), ValueError, "n_features must be >= 1"),
        # simulate_estimators
        (lambda: lm.evaluation.simulate_estimators("pop", 40), TypeError, "population must be a GaussianPopulation"),
        (lambda: lm.evaluation.simulate_estimators(pop, 3), ValueError, "n must be >= 4"),
        (lambda: lm.evaluation.simulate_estimators(pop, 40, methods=()), ValueError, "methods is empty"),
        (lambda: lm.evaluation.simulate_estimators(pop, 40, l2=np.inf), ValueError, "l2 must be a finite number"),
        (lambda: lm.evaluation.simulate_estimators(pop, 40, stratify="no"), TypeError, "stratify must be True or False"),
        (lambda: lm.evaluation.simulate_estimators(pop, 40, test_size=np.nan), ValueError, "test_size must be in"),
        (lambda: lm.evaluation.simulate_estimators(pop, 40, exact_proportion=1), TypeError, "exact_proportion must be True"),
        # learning_curve_true_error
        (lambda: lm.evaluation.learning_curve_true_error(pop, []), ValueError, "sizes must be a non-empty"),
        (lambda: lm.evaluation.learning_curve_true_error(pop, [10.5]), ValueError, "sizes must be a non-empty"),
        (lambda: lm.evaluation.learning_curve_true_error(pop, 10), ValueError, "sizes must be a non-empty"),
        (lambda: lm.evaluation.learning_curve_true_error(pop, [10], l2=-1), ValueError, "l2 must be >= 0"),
        # tune_l2
        (lambda: lm.evaluation.tune_l2(X, y, []), ValueError, "l2_values must be a non-empty"),
        (lambda: lm.evaluation.tune_l2(X, y, [np.nan, 1.0]), ValueError, "l2_values must be a non-empty"),
        (lambda: lm.evaluation.tune_l2(X, y, [np.inf]), ValueError, "l2_values must be a non-empty"),
        (lambda: lm.evaluation.tune_l2(X, y, "0.1"), ValueError, "l2_values must be a non-empty"),
        (lambda: lm.evaluation.tune_l2(X, y, [0.1], k=100, method="kfold"), ValueError, "k must be between 2 and 60"),
        (lambda: lm.evaluation.tune_l2(X, y, [0.1], repeats=0), ValueError, "repeats must be >= 1"),
        # holdout_study / holdout_state
        (lambda: lm.evaluation.holdout_study(pop, 20, test_sizes=[], n_datasets=3), ValueError, "test_sizes is empty"),
        (lambda: lm.evaluation.holdout_study(pop, 20, test_sizes=[0.5, 0.2], n_datasets=3), ValueError, "strictly increasing"),
        (lambda: lm.evaluation.holdout_study(pop, 20, test_sizes=[np.nan], n_datasets=3), ValueError, "test_sizes must be in"),
        (lambda: lm.evaluation.holdout_study(pop, 20, test_sizes=["a"], n_datasets=3), TypeError, "test_sizes must be a real"),
        (lambda: lm.evaluation.holdout_study(pop, 20, n_datasets=1), ValueError, "n_datasets must be >= 2"),
        (lambda: lm.evaluation.holdout_study(pop, 20, l2=np.inf, n_datasets=3), ValueError, "l2 must be a finite number"),
        (lambda: lm.evaluation.holdout_state(hst, np.nan), ValueError, "test_size must be a finite number"),
        (lambda: lm.evaluation.holdout_state(hst, 0.3), ValueError, "not precomputed"),
        (lambda: lm.evaluation.holdout_state(hst, "0.2"), TypeError, "test_size must be a real number"),
        (lambda: lm.evaluation.holdout_state(hst, 0.2, stratify="yes"), TypeError, "stratify must be True or False"),
        (lambda: lm.evaluation.holdout_state(cst, 0.2), TypeError, "study must be a HoldoutStudy"),
        # cv_study / cv_state
        (lambda: lm.evaluation.cv_study(pop, 20, ks=(), n_datasets=3), ValueError, "ks is empty"),
        (lambda: lm.evaluation.cv_study(pop, 20, ks=(5, 2), n_datasets=3), ValueError, "strictly increasing"),
        (lambda: lm.evaluation.cv_study(pop, 20, ks=(2, 21), n_datasets=3), ValueError, "ks must be between 2 and 20"),
        (lambda: lm.evaluation.cv_study(pop, 20, ks=(2.5,), n_datasets=3), TypeError, "ks must be an integer"),
        (lambda: lm.evaluation.cv_study(pop, 20, max_repeats=0, n_datasets=3), ValueError, "max_repeats must be >= 1"),
        (lambda: lm.evaluation.cv_state(cst, 3), ValueError, "not precomputed"),
        (lambda: lm.evaluation.cv_state(cst, np.nan), ValueError, "not precomputed"),
        (lambda: lm.evaluation.cv_state(cst, 5, repeats=3), ValueError, "repeats must be between 1 and 2"),
        (lambda: lm.evaluation.cv_state(hst, 5), TypeError, "study must be a CVStudy"),
        # bootstrap_state
        (lambda: lm.evaluation.bootstrap_state(0), ValueError, "m must be between 1"),
        (lambda: lm.evaluation.bootstrap_state(np.nan), TypeError, "m must be an integer"),
        (lambda: lm.evaluation.bootstrap_state(10, n_samples=0), ValueError, "n_samples must be >= 1"),
        (lambda: lm.evaluation.bootstrap_state(10, max_m=2.5), TypeError, "max_m must be an integer"),
    ]


def test_bad_arguments_are_refused_with_a_clear_message(cancer, pop, small_studies):
    for call, exc, match in _bad_argument_table(cancer, pop, small_studies):
        with pytest.raises(exc, match=match):
            call()


def test_holdout_state_reports_the_real_number_of_examples(pop):
    st = lm.evaluation.holdout_study(pop, 41, test_sizes=[0.3], n_datasets=3, rng=0)
    s = lm.evaluation.holdout_state(st, 0.3)
    assert s.n_test == 13 and s.m == 41 and "(13 of 41 examples)" in str(s)  # ceil(0.3 * 41) = 13


def test_static_figures_follow_the_visual_grammar(pop):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    from learnmetrics.plotting import evaluation as pe
    from learnmetrics.plotting import style

    study = lm.evaluation.simulate_estimators(pop, 30, methods=("resubstitution", "kfold"), k=5, n_datasets=20, rng=0)
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.5))
    pe.plot_estimator_comparison(axes[0], study)
    lb, lv, lm_, marker = pe.plot_tradeoff(axes[1], [0.1, 0.2], [0.01, 0.02], [0.1, 0.05], current=0.2)
    pe.plot_estimate_spreads(axes[2], {"a": [0.1, 0.2], "b": [0.3, 0.3]}, true_error=0.25)
    assert to_hex(lb.get_color()) == style.BIAS.lower() and to_hex(lv.get_color()) == style.VARIANCE.lower()
    assert to_hex(marker.get_color()) == style.CUT.lower()
    fig.canvas.draw()
    texts = [t for t in fig.findobj(lambda a: hasattr(a, "get_fontsize") and hasattr(a, "get_text"))
             if t.get_text().strip()]
    assert texts and min(t.get_fontsize() for t in texts) >= 9
    used = {to_hex(c) for a in axes for ln in a.get_lines() for c in [ln.get_color()]}
    assert not used & {"#d1495b", "#2a9d8f", "#264653", "#e76f51", "#457b9d"}  # the old ad-hoc palette
    plt.close(fig)
    with pytest.raises(ValueError, match="estimates must be a non-empty dict"):
        pe.plot_estimate_spreads(axes[0], {})
    with pytest.raises(ValueError, match="k must be a positive integer"):
        pe.fold_colormap(0)
