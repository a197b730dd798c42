"""The running examples: published values pinned, the example learner deterministic."""
import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import datasets


def test_watermelon_3a_matches_the_book():
    d = datasets.watermelon_3a()
    assert d.X.shape == (17, 2) and len(d) == 17
    assert d.feature_names == ("density", "sugar_content")
    assert d.ids.tolist() == list(range(1, 18))
    assert d.y.tolist() == [1] * 8 + [0] * 9
    # a few rows of table 4.5, and the column sums of all 17
    assert d.X[0].tolist() == [0.697, 0.460]
    assert d.X[7].tolist() == [0.437, 0.211]
    assert d.X[16].tolist() == [0.719, 0.103]
    assert d.X[:, 0].sum() == pytest.approx(9.055)
    assert d.X[:, 1].sum() == pytest.approx(3.618)


def test_watermelon_text_table():
    lines = datasets.watermelon_3a().to_text().splitlines()
    assert len(lines) == 18 and "good melon" in lines[1] and "bad melon" in lines[-1]


def test_watermelon_scores_are_deterministic_and_rank_the_melons():
    a, b = datasets.watermelon_scores(), datasets.watermelon_scores()
    assert np.array_equal(a.y_score, b.y_score)
    assert len(np.unique(a.y_score)) == 17  # no ties: one cut point per melon
    assert ((a.y_score >= 0) & (a.y_score <= 1)).all()
    assert lm.roc_auc_score(a.y_true, a.y_score) > 0.75
    ids, y, s = a.ranked()
    assert (np.diff(s) <= 0).all() and ids[0] == 1


def test_ten_samples_and_tied_eight():
    t = datasets.ten_samples()
    assert t.y_true.sum() == 5 and len(t) == 10
    assert t.ranked()[1].tolist() == [1, 1, 0, 1, 1, 0, 0, 1, 0, 0]
    e = datasets.tied_eight()
    assert e.y_true.sum() == 4 and len(e) == 8
    s, y = e.y_score, e.y_true
    tied_across = [v for v in np.unique(s) if len(set(y[s == v])) == 2]
    assert len(tied_across) >= 2


def test_breast_cancer_loader():
    d = datasets.load_breast_cancer()
    assert d.X.shape == (569, 30) and int(d.y.sum()) == 212


def test_logistic_regression_is_deterministic_and_sane():
    d = datasets.watermelon_3a()
    m1 = lm.learners.LogisticRegression().fit(d.X, d.y)
    m2 = lm.learners.LogisticRegression().fit(d.X, d.y)
    assert np.array_equal(m1.coef_, m2.coef_) and m1.intercept_ == m2.intercept_
    p = m1.predict_proba(d.X)
    assert p.shape == (17,) and np.allclose(m1.decision_function(d.X), np.log(p / (1 - p)))
    assert set(m1.predict(d.X).tolist()) <= {0, 1}


@pytest.mark.parametrize(
    "X, y, match",
    [
        ([[1.0], [2.0], [3.0]], [0, 0, 0], "exactly two classes"),
        ([[1.0], [np.nan]], [0, 1], "NaN"),
        ([[1.0], [2.0]], [0, 1, 1], "different numbers of samples"),
        (np.zeros((0, 2)), [], "empty"),
    ],
)
def test_logistic_regression_bad_input(X, y, match):
    with pytest.raises(ValueError, match=match):
        lm.learners.LogisticRegression().fit(X, y)


def test_logistic_regression_bad_l2_and_feature_count():
    with pytest.raises(ValueError, match="l2"):
        lm.learners.LogisticRegression(l2=-1)
    d = datasets.watermelon_3a()
    m = lm.learners.LogisticRegression().fit(d.X, d.y)
    with pytest.raises(ValueError, match="features"):
        m.predict_proba(d.X[:, :1])


def test_watermelon_scores_are_the_rounded_probabilities():
    """The course cuts the 3-decimal scores; melon 5's probability is just under 0.5."""
    d = datasets.watermelon_3a()
    proba = lm.learners.LogisticRegression().fit(d.X, d.y).predict_proba(d.X)
    s = datasets.watermelon_scores()
    assert np.array_equal(s.y_score, np.round(proba, 3))
    assert proba[4] == pytest.approx(0.49972, abs=5e-6) and s.y_score[4] == 0.5


@pytest.mark.parametrize("ranked", ["False", 0, 1, None])
def test_to_text_ranked_must_be_a_bool(ranked):
    with pytest.raises(TypeError, match="ranked must be True or False"):
        datasets.watermelon_scores().to_text(ranked=ranked)


def test_to_text_unranked_keeps_id_order():
    lines = datasets.watermelon_scores().to_text(ranked=False).splitlines()
    assert [int(l.split()[1]) for l in lines[1:]] == list(range(1, 18))


def test_rare_class_example():
    ex = datasets.rare_class_example()
    y, finds, ignores = ex.y_true, ex.finds_rare, ex.ignores_rare
    assert np.bincount(y).tolist() == [480, 480, 40]
    assert ex.class_names == ("A", "B", "C (rare)")
    assert not (ignores == 2).any()                      # never predicts the rare class
    common = y != 2
    assert np.array_equal(finds[common], ignores[common])  # the same on the common classes
    assert set(finds[common].tolist()) <= {0, 1}         # common classes only confused with each other
    assert np.array_equal(datasets.rare_class_example().finds_rare, finds)  # seeded
    assert not np.array_equal(datasets.rare_class_example(rng=1).finds_rare, finds)


@pytest.mark.parametrize("kwargs, exc, match", [
    (dict(n_common=0), ValueError, "n_common must be"),
    (dict(n_common=2.5), TypeError, "n_common must be an integer"),
    (dict(n_rare=-1), ValueError, "n_rare must be"),
    (dict(n_rare=True), TypeError, "n_rare must be an integer"),
    (dict(n_rare=10**12), ValueError, "n_rare must be"),
    (dict(correct=1.5), ValueError, r"correct must be in \[0, 1\]"),
    (dict(correct=np.nan), ValueError, "correct must be in"),
    (dict(correct="0.9"), TypeError, "correct must be a real number"),
    (dict(rng=None), TypeError, "rng must be an integer seed"),
    (dict(rng=1.5), TypeError, "rng must be an integer seed"),
])
def test_rare_class_example_bad_arguments(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        datasets.rare_class_example(**kwargs)
