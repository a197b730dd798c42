"""The course's example learners: LogisticRegression's argument checks, MajorityClassifier."""
import copy

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.learners import LogisticRegression, MajorityClassifier


# -- LogisticRegression: every constructor argument checked, before any fit ----------------
@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        ({"l2": np.inf}, ValueError, "l2 must be a finite number"),
        ({"l2": np.nan}, ValueError, "l2 must be a finite number"),
        ({"l2": -1}, ValueError, "l2 must be >= 0"),
        ({"l2": 1e13}, ValueError, "l2 must be"),
        ({"l2": "1"}, TypeError, "l2 must be a real number"),
        ({"l2": True}, TypeError, "l2 must be a real number"),
        ({"l2": None}, TypeError, "l2 must be a real number"),
        ({"max_iter": -5}, ValueError, "max_iter must be >= 1"),
        ({"max_iter": 0}, ValueError, "max_iter must be >= 1"),
        ({"max_iter": 2.5}, TypeError, "max_iter must be an integer"),
        ({"max_iter": "10"}, TypeError, "max_iter must be an integer"),
        ({"max_iter": True}, TypeError, "max_iter must be an integer"),
        ({"tol": 0}, ValueError, "tol must be > 0"),
        ({"tol": -1e-3}, ValueError, "tol must be > 0"),
        ({"tol": np.nan}, ValueError, "tol must be a finite number"),
        ({"tol": np.inf}, ValueError, "tol must be a finite number"),
        ({"tol": "small"}, TypeError, "tol must be a real number"),
    ],
)
def test_logistic_regression_bad_arguments(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        LogisticRegression(**kwargs)


def test_logistic_regression_legal_extremes_give_finite_models():
    d = lm.datasets.watermelon_3a()
    for l2 in (0, 1e-12, 1e12):
        model = LogisticRegression(l2=l2).fit(d.X, d.y)
        assert np.all(np.isfinite(model.coef_)) and np.isfinite(model.intercept_)
    assert np.allclose(LogisticRegression(l2=1e12).fit(d.X, d.y).coef_, 0, atol=1e-9)
    one_step = LogisticRegression(max_iter=1).fit(d.X, d.y)
    assert np.any(one_step.coef_ != 0)  # one Newton step was taken: the model is trained


@pytest.mark.parametrize(
    "X, y, exc, match",
    [
        ([[1.0], [2.0]], [0, 1, 1], ValueError, "different numbers of samples"),
        ([[1.0], [np.nan]], [0, 1], ValueError, "NaN"),
        ([["a"], ["b"]], [0, 1], TypeError, "X must hold numbers"),
        (np.zeros((0, 2)), [], ValueError, "empty"),
        ([[1.0], [2.0]], [0, 0], ValueError, "exactly two classes"),
        ([[1.0], [2.0]], [0.5, 1], ValueError, "continuous values"),
        ([[1.0], [2.0]], ["a", 1], TypeError, "mixes strings and numbers"),
    ],
)
def test_logistic_regression_bad_fit_inputs(X, y, exc, match):
    with pytest.raises(exc, match=match):
        LogisticRegression().fit(X, y)


def test_logistic_regression_not_fitted_and_bad_threshold():
    with pytest.raises(RuntimeError, match="not fitted"):
        LogisticRegression().predict([[1.0]])
    d = lm.datasets.watermelon_3a()
    model = LogisticRegression().fit(d.X, d.y)
    for bad, exc in ((1.5, ValueError), (np.nan, ValueError), ("0.5", TypeError)):
        with pytest.raises(exc, match="threshold"):
            model.predict(d.X, threshold=bad)
    with pytest.raises(ValueError, match="features"):
        model.predict(np.zeros((2, 5)))


# -- MajorityClassifier ----------------------------------------------------------------
def test_majority_predicts_the_most_frequent_training_class():
    clf = MajorityClassifier().fit(np.zeros((5, 2)), ["b", "a", "b", "c", "b"])
    assert clf.predict(np.ones((3, 2))).tolist() == ["b", "b", "b"]
    assert clf.classes_.tolist() == ["a", "b", "c"] and clf.counts_.tolist() == [1, 3, 1]


def test_majority_tie_break():
    X, y = np.zeros((4, 1)), [0, 1, 1, 0]
    assert set(MajorityClassifier(tie_break="first").fit(X, y).predict(np.zeros((50, 1))).tolist()) == {0}
    guesses = MajorityClassifier(rng=0).fit(X, y).predict(np.zeros((200, 1)))
    assert set(guesses.tolist()) == {0, 1} and 0.35 < guesses.mean() < 0.65
    a = MajorityClassifier(rng=3).fit(X, y).predict(np.zeros((20, 1)))
    b = MajorityClassifier(rng=3).fit(X, y).predict(np.zeros((20, 1)))
    assert np.array_equal(a, b)  # seeded: reproducible


def test_majority_copies_share_one_random_stream():
    clf = MajorityClassifier(rng=0).fit(np.zeros((2, 1)), [0, 1])
    c1, c2 = copy.deepcopy(clf), copy.deepcopy(clf)
    assert c1.rng is clf.rng is c2.rng
    assert not np.array_equal(c1.predict(np.zeros((30, 1))), c2.predict(np.zeros((30, 1))))


def test_majority_matches_scikit_learn_dummy_classifier():
    sk = pytest.importorskip("sklearn.dummy")
    rng = np.random.default_rng(0)
    for _ in range(200):
        y = rng.integers(0, 3, size=int(rng.integers(1, 12)))
        X = rng.normal(size=(len(y), 2))
        ours = MajorityClassifier(tie_break="first").fit(X, y).predict(X)
        theirs = sk.DummyClassifier(strategy="most_frequent").fit(X, y).predict(X)
        assert np.array_equal(ours, theirs)


@pytest.mark.parametrize(
    "make, exc, match",
    [
        (lambda: MajorityClassifier(tie_break="last"), ValueError, "tie_break must be one of"),
        (lambda: MajorityClassifier(tie_break=None), ValueError, "tie_break must be one of"),
        (lambda: MajorityClassifier(rng="seed"), TypeError, "rng must be"),
        (lambda: MajorityClassifier().fit(np.zeros((2, 1)), [0, 1, 1]), ValueError, "different numbers of samples"),
        (lambda: MajorityClassifier().fit(np.zeros((0, 1)), []), ValueError, "empty"),
        (lambda: MajorityClassifier().fit(np.zeros((2, 1)), [np.nan, 1.0]), ValueError, "NaN"),
        (lambda: MajorityClassifier().fit([[np.nan], [0.0]], [0, 1]), ValueError, "NaN"),
        (lambda: MajorityClassifier().predict([[0.0]]), RuntimeError, "not fitted"),
        (lambda: MajorityClassifier().fit([[0.0]], [1]).predict("x"), TypeError, "X must hold numbers"),
    ],
)
def test_majority_bad_arguments(make, exc, match):
    with pytest.raises(exc, match=match):
        make()
