"""The claims chapter 01 makes in words, pinned by computation (each on more than the running example)."""
import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.learners import MajorityClassifier


# -- exercise 2.2: the majority-class learner on 50 + 50 examples ---------------------------
def book_data(m_pos=50, m_neg=50):
    return np.zeros((m_pos + m_neg, 1)), np.repeat([0, 1], [m_neg, m_pos])


def test_exercise_2_2_leave_one_out_says_100_percent():
    X, y = book_data()
    for tie_break in ("random", "first"):
        loo = lm.estimate_error(X, y, method="loo", learner=MajorityClassifier(tie_break=tie_break, rng=0))
        assert loo.estimate == 1.0


def test_exercise_2_2_ten_fold_says_50_percent():
    X, y = book_data()
    first = lm.estimate_error(X, y, method="kfold", k=10, repeats=5, learner=MajorityClassifier(tie_break="first"),
                              rng=0)
    assert first.estimate == 0.5 and first.std == 0.0  # 45/45 in every training set: class 0, half wrong
    rand = lm.estimate_error(X, y, method="kfold", k=10, repeats=200, learner=MajorityClassifier(rng=0), rng=0)
    assert rand.estimate == pytest.approx(0.5, abs=0.01) and rand.std > 0  # random guesses, not one fixed sequence


def test_exercise_2_2_matches_scikit_learn():
    sk_dummy = pytest.importorskip("sklearn.dummy")
    sk_ms = pytest.importorskip("sklearn.model_selection")
    X, y = book_data()
    dummy = sk_dummy.DummyClassifier(strategy="most_frequent")
    first = MajorityClassifier(tie_break="first")
    loo_sk = 1 - sk_ms.cross_val_score(dummy, X, y, cv=sk_ms.LeaveOneOut()).mean()
    ten_sk = 1 - sk_ms.cross_val_score(dummy, X, y, cv=sk_ms.StratifiedKFold(10, shuffle=True, random_state=0)).mean()
    assert loo_sk == lm.estimate_error(X, y, method="loo", learner=first).estimate == 1.0
    assert ten_sk == lm.estimate_error(X, y, method="kfold", k=10, repeats=1, learner=first, rng=0).estimate == 0.5


@pytest.mark.parametrize("m", [10, 31, 100, 257])
def test_loo_of_the_majority_learner_is_min_share_or_one(m):
    """The notebook: one class ahead by two or more -> min(m+, m-)/m; tied -> 1.0."""
    for m_pos in range(1, m):
        m_neg = m - m_pos
        X, y = book_data(m_pos, m_neg)
        loo = lm.estimate_error(X, y, method="loo", learner=MajorityClassifier(rng=0)).estimate
        if m_pos == m_neg:
            assert loo == 1.0
        elif abs(m_pos - m_neg) >= 2:
            assert loo == pytest.approx(min(m_pos, m_neg) / m)


def test_loo_is_about_four_times_less_stable_than_ten_fold_for_the_majority_learner():
    rng = np.random.default_rng(0)
    ys = (rng.random((200, 100)) < 0.5).astype(int)
    Xs = np.zeros((200, 100, 1))
    maj = MajorityClassifier(rng=0)
    loo = lm.evaluation.estimate_error_many(Xs, ys, method="loo", learner=maj)
    ten = lm.evaluation.estimate_error_many(Xs, ys, method="kfold", k=10, learner=maj, rng=0)
    assert 3.5 < loo.std() / ten.std() < 5.5
    assert np.all(loo[ys.sum(axis=1) == 50] == 1.0)
    # with another seed too: not a property of one draw
    ys2 = (np.random.default_rng(1).random((200, 100)) < 0.5).astype(int)
    loo2 = lm.evaluation.estimate_error_many(Xs, ys2, method="loo", learner=maj)
    ten2 = lm.evaluation.estimate_error_many(Xs, ys2, method="kfold", k=10, learner=maj, rng=1)
    assert loo2.std() > 3 * ten2.std()


# -- the stable learner of the chapter -------------------------------------------------
@pytest.fixture(scope="module")
def pop():
    return lm.evaluation.two_gaussians_population(distance=2.0, n_features=5, n_informative=2, positive_rate=0.3)


def test_for_the_logistic_regression_a_large_k_hardly_changes_the_spread(pop):
    st = lm.evaluation.cv_study(pop, 40, ks=(2, 5, 10, 40), max_repeats=1, n_datasets=200, rng=0)
    sd = dict(zip(st.ks, lm.evaluation.cv_state(st, 10, 1).curve_sd))
    assert sd[40] < 1.2 * sd[10]  # "grows only a little from k = 10 to k = 40"
    assert sd[5] < sd[2]  # "shrinks a little from k = 2 to k = 5"


def test_not_stratifying_raises_the_error_at_most_test_shares(pop):
    st = lm.evaluation.holdout_study(pop, 40, n_datasets=300, rng=0)
    strat = lm.evaluation.holdout_state(st, 0.3, True).curve_rmse
    plain = lm.evaluation.holdout_state(st, 0.3, False).curve_rmse
    assert np.sum(plain > strat) > len(strat) / 2


def test_hold_out_test_sizes_agree_with_scikit_learn_in_the_notebook():
    sk_ms = pytest.importorskip("sklearn.model_selection")
    for m, share in [(100, 0.07), (569, 0.3), (377, 0.2), (40, 0.15), (569, 0.25)]:
        sk = len(sk_ms.train_test_split(np.arange(m), test_size=share, random_state=0)[1])
        assert len(lm.holdout_split(np.arange(m) % 2, test_size=share, rng=0)[1]) == sk


# -- issue 23: training on fewer examples is pessimistic only where the learning curve falls -----
def test_a_learning_curve_that_rises_min_norm_least_squares():
    """01, section 3: minimum-norm least squares on 20 features (2 informative) is worse, on average,
    trained on 21 examples than on 18 or 19, so 10-fold CV at m = 21 is optimistic. Same draws as the notebook."""
    pop20 = lm.evaluation.two_gaussians_population(distance=2.0, n_features=20, n_informative=2, positive_rate=0.5)
    rng = np.random.default_rng(0)
    sizes = [10, 14, 18, 19, 21, 24, 30, 40, 60]
    mean = {n: np.mean([pop20.linear_error(f.coef, f.intercept - 0.5)
                        for f in (lm.regression.fit_least_squares(*pop20.sample(n, rng=rng, exact_proportion=True))
                                  for _ in range(400))]) for n in sizes}
    assert (round(mean[18], 4), round(mean[21], 4)) == (0.3921, 0.4485)
    assert mean[10] < mean[14] < mean[18] < mean[19] < mean[21] > mean[24] > mean[30] > mean[40] > mean[60]
    # an independent check of the exact error: Monte Carlo on one fit
    X, y = pop20.sample(21, rng=np.random.default_rng(5), exact_proportion=True)
    fit = lm.regression.fit_least_squares(X, y)
    Xt, yt = pop20.sample(200_000, rng=np.random.default_rng(6))
    mc = np.mean((fit.predict(Xt) >= 0.5) != yt)
    assert abs(mc - pop20.linear_error(fit.coef, fit.intercept - 0.5)) < 0.005


def test_k_fold_training_sets_share_all_but_two_folds():
    """01 §5: with 5 folds of 8 on m = 40, any two training sets share 24 of their 32 examples."""
    pop = lm.evaluation.two_gaussians_population(distance=2.0, n_features=5, n_informative=2, positive_rate=0.3)
    _, y40 = pop.sample(40, rng=1, exact_proportion=True)
    splits = list(lm.kfold_split(y40, k=5, rng=0))
    shared = {len(np.intersect1d(a[0], b[0])) for i, a in enumerate(splits) for b in splits[i + 1:]}
    assert shared == {24} and {len(tr) for tr, _ in splits} == {32}
    # in general: m - |T_i| - |T_j|, on random m and k
    rng = np.random.default_rng(0)
    for _ in range(30):
        m, k = int(rng.integers(10, 60)), int(rng.integers(2, 10))
        y = (rng.random(m) < 0.4).astype(int)
        if y.sum() < k or (1 - y).sum() < k:
            continue
        sp = list(lm.kfold_split(y, k=k, rng=int(rng.integers(1000))))
        for i, a in enumerate(sp):
            for b in sp[i + 1:]:
                assert len(np.intersect1d(a[0], b[0])) == m - len(a[1]) - len(b[1])


def test_exercise_01_2_answer_is_not_printed_before_its_folded_solution():
    """Issue 26: the cell after the learner's check cell is the (folded) solution, not the explorer's read-out."""
    import json
    from pathlib import Path
    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "01_evaluation_methods.ipynb").read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    i = next(i for i, c in enumerate(code) if 'check("01.2"' in "".join(c["source"]))
    assert "".join(code[i + 1]["source"]).startswith('solution("01.2")')


# -- reader 0002: general sentences of 01 pinned as corrected -------------------------------
def test_a_flat_learning_curve_still_lets_cv_and_loo_miss():
    """01, sections 3 and 5: training on fewer examples is not the only source of bias. The
    majority-class learner's true error is 0.5 at every training size (half positives), yet
    leave-one-out says 1.0 on the balanced data, and stratified 10-fold CV is optimistic on
    average over random data sets (each test fold carries the data set's majority)."""
    majority = MajorityClassifier(rng=0)
    X, y = book_data()
    assert lm.estimate_error(X, y, method="loo", learner=majority).estimate == 1.0
    rng = np.random.default_rng(0)
    ys = (rng.random((200, 100)) < 0.5).astype(int)
    tenfold = lm.evaluation.estimate_error_many(np.zeros((200, 100, 1)), ys, method="kfold", k=10,
                                                learner=MajorityClassifier(rng=0), rng=0)
    assert tenfold.mean() < 0.47
    minority = np.minimum(ys.sum(axis=1), 100 - ys.sum(axis=1)) / 100
    assert abs(tenfold.mean() - minority.mean()) < 0.01


def test_cv_has_the_smallest_rmse_but_the_training_error_the_smallest_sd(pop):
    """01, section 7: cross-validation is the most accurate (smallest RMSE), but its spread is not
    the smallest: the training error's sd is lower (0.0553 against 0.0581-0.0614)."""
    study = lm.evaluation.simulate_estimators(pop, 40, methods=lm.evaluation.METHODS, n_datasets=300, k=10, p=10,
                                              test_size=0.3, rng=0)
    err = study.estimates - study.true_error[None, :]          # (n_methods, n_datasets)
    sd = dict(zip(lm.evaluation.METHODS, err.std(axis=1)))
    rmse = dict(zip(lm.evaluation.METHODS, np.sqrt((err ** 2).mean(axis=1))))
    assert round(sd["resubstitution"], 4) == 0.0553
    assert sd["resubstitution"] < min(sd["kfold"], sd["repeated_kfold"], sd["loo"])
    assert min(rmse, key=rmse.get) in ("kfold", "repeated_kfold", "loo")
    assert rmse["repeated_kfold"] < rmse["resubstitution"]


def test_the_cv_bias_falls_from_k_2_to_10_but_not_beyond(pop):
    """01, summary table: the k-fold bias falls from k = 2 to k = 10, and k = 40 is above k = 10."""
    st = lm.evaluation.cv_study(pop, 40, ks=(2, 3, 4, 5, 10, 20, 40), max_repeats=5, n_datasets=200, rng=0)
    bias = {k: lm.evaluation.cv_state(st, k, 1).bias for k in (2, 5, 10, 40)}
    assert (round(bias[10], 4), round(bias[40], 4)) == (0.0100, 0.0134)
    assert bias[2] > bias[5] > bias[10] < bias[40]


def test_ten_fold_cv_is_optimistic_for_min_norm_least_squares_at_m_21():
    """01, section 3: measured directly, not only through the learning curve: on 300 data sets of
    m = 21 (20 features), 10-fold CV's mean estimate is below the final models' mean true error."""
    pop20 = lm.evaluation.two_gaussians_population(distance=2.0, n_features=20, n_informative=2, positive_rate=0.5)

    class LeastSquares:
        def fit(self, X, y):
            self.fit_ = lm.regression.fit_least_squares(X, y)
            return self

        def predict(self, X):
            return (self.fit_.predict(X) >= 0.5).astype(int)

    rng = np.random.default_rng(0)
    diff = []
    for i in range(300):
        X, y = pop20.sample(21, rng=rng, exact_proportion=True)
        final = lm.regression.fit_least_squares(X, y)
        cv = lm.estimate_error(X, y, method="kfold", k=10, repeats=1, learner=LeastSquares(), rng=i).estimate
        diff.append(cv - pop20.linear_error(final.coef, final.intercept - 0.5))
    diff = np.array(diff)
    assert diff.mean() < -3 * diff.std() / np.sqrt(diff.size)        # optimistic, beyond 3 standard errors


def test_the_two_cv_methods_figure_is_a_labelled_pair_not_learners_a_and_b():
    """01, section 5's figure (issue 24): two CV methods are a pair shown once, near-black solid and
    dotted, named on the figure; never the learners' green/purple, no legend over the data."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex
    from learnmetrics.plotting import evaluation as pe, style
    fig, ax = plt.subplots(figsize=(8, 3.2))
    rng = np.random.default_rng(0)
    arts = pe.plot_estimate_spreads(ax, {"leave-one-out": rng.random(50), "10-fold CV": rng.random(50)},
                                    true_error=0.5, label_x={"leave-one-out": 0.99})
    colours = {to_hex(a.get_edgecolor()) for a in arts}
    assert colours == {to_hex(style.CURVE)} and not colours & {to_hex(c) for c in style.LEARNERS[:2]}
    assert ax.get_legend() is None
    texts = " ".join(t.get_text() for t in ax.texts)
    assert "leave-one-out (solid)" in texts and "10-fold CV (dotted)" in texts and "true error 0.500" in texts
    assert style.figure_faults(fig) == []
    with pytest.raises(ValueError, match="pair"):
        pe.plot_estimate_spreads(ax, {"a": [0.1], "b": [0.2], "c": [0.3]})
    plt.close(fig)


# -- reader 0002 (second pass, issue 23) ----------------------------------------------------------
def test_the_hold_out_sd_falls_then_climbs_again_with_the_test_share(pop):
    """01 §4 (and its 中文要点): a larger test set does not always lower the variance of the estimate:
    the stratified sd is smallest at an interior share and climbs again at 0.9 (0.1088 > 0.1075 at 0.3)."""
    st = lm.evaluation.holdout_study(pop, 40, n_datasets=300, rng=0)
    s = lm.evaluation.holdout_state(st, 0.3, True)
    sd = dict(zip(np.round(s.curve_test_sizes, 2), s.curve_sd))
    assert (round(sd[0.3], 4), round(sd[0.9], 4)) == (0.1075, 0.1088)
    low = min(sd, key=sd.get)
    assert 0.1 < low < 0.9 and sd[0.9] > sd[low] + 0.02 and sd[0.1] > sd[low]


def test_the_cv_bias_is_not_monotone_at_every_step(pop):
    """01 §5: 'bias falls from k = 2 to k = 10, then no further; not at every step: k = 3 and 4 tie
    within the noise, k = 20 and 40 are above k = 10' (the cell prints each k, one run)."""
    st = lm.evaluation.cv_study(pop, 40, ks=(2, 3, 4, 5, 10, 20, 40), max_repeats=5, n_datasets=200, rng=0)
    bias = {k: round(lm.evaluation.cv_state(st, k, 1).bias, 4) for k in (2, 3, 4, 5, 10, 20, 40)}
    assert bias == {2: 0.0257, 3: 0.0159, 4: 0.0163, 5: 0.0145, 10: 0.0100, 20: 0.0108, 40: 0.0134}
    assert bias[4] > bias[3] and abs(bias[4] - bias[3]) < 0.001        # a tie within the noise
    assert bias[2] > bias[5] > bias[10] < min(bias[20], bias[40])


def test_least_squares_leave_one_out_needs_one_fit():
    """01 §5: 'a large k costs k trainings in general': least squares is the exception, its
    leave-one-out residuals are e_i / (1 - h_ii) from one fit (checked against m refits)."""
    rng = np.random.default_rng(0)
    for m, d in ((30, 1), (12, 3), (40, 5)):
        X = np.c_[np.ones(m), rng.normal(size=(m, d))]
        y = X @ rng.normal(size=d + 1) + rng.normal(size=m)
        refits = []
        for i in range(m):
            keep = np.arange(m) != i
            w = np.linalg.lstsq(X[keep], y[keep], rcond=None)[0]
            refits.append(y[i] - X[i] @ w)
        w = np.linalg.lstsq(X, y, rcond=None)[0]
        h = np.einsum("ij,ji->i", X, np.linalg.pinv(X))           # leverages, diag of X (X'X)^-1 X'
        one_fit = (y - X @ w) / (1 - h)
        assert np.allclose(refits, one_fit)
        assert np.mean(np.square(refits)) == pytest.approx(np.mean(np.square(one_fit)), rel=1e-10)
