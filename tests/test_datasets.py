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
    m1 = lm.LogisticRegression().fit(d.X, d.y)
    m2 = lm.LogisticRegression().fit(d.X, d.y)
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
        lm.LogisticRegression().fit(X, y)


def test_logistic_regression_bad_l2_and_feature_count():
    with pytest.raises(ValueError, match="l2"):
        lm.LogisticRegression(l2=-1)
    d = datasets.watermelon_3a()
    m = lm.LogisticRegression().fit(d.X, d.y)
    with pytest.raises(ValueError, match="features"):
        m.predict_proba(d.X[:, :1])
