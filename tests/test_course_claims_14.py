"""Chapter 14's stated numbers and general sentences, recomputed (the boosted trees' nested scores, 6 s, are
checked by nbval on the stored outputs only)."""
import warnings

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.realdata import load_caravan

sk = pytest.importorskip("sklearn")
from sklearn.calibration import CalibratedClassifierCV  # noqa: E402
from sklearn.feature_selection import SelectKBest, f_classif  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import (GridSearchCV, StratifiedKFold, cross_val_predict, cross_val_score,  # noqa: E402
                                     cross_validate, learning_curve, train_test_split)
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402


@pytest.fixture(scope="module")
def story():
    d = load_caravan()
    X, y = d.X, d.y
    X_dev, X_test, y_dev, y_test = train_test_split(X, y, test_size=0.3, stratify=y, random_state=0)
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    inner = StratifiedKFold(3, shuffle=True, random_state=0)
    outer = StratifiedKFold(5, shuffle=True, random_state=1)
    search = GridSearchCV(make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
                          {"logisticregression__C": [0.001, 0.01, 0.1, 1]}, scoring="average_precision", cv=inner)
    search.fit(X_dev, y_dev)
    model = search.best_estimator_
    oof = cross_val_predict(model, X_dev, y_dev, cv=cv, method="predict_proba")[:, 1]
    point = lm.precision_at_recall(y_dev, oof, min_recall=0.6)
    s_test = model.predict_proba(X_test)[:, 1]
    return dict(X=X, y=y, X_dev=X_dev, y_dev=y_dev, y_test=y_test, cv=cv, outer=outer, search=search,
                model=model, oof=oof, point=point, s_test=s_test)


def test_the_data_and_the_split(story):
    y = story["y"]
    assert (len(y), int(y.sum()), round(float(y.mean()), 4)) == (5822, 348, 0.0598)
    assert round(1 - float(y.mean()), 4) == 0.9402
    assert (len(story["y_test"]), int(story["y_test"].sum())) == (1747, 104)
    buyers = [train_test_split(story["X"], y, test_size=0.3, random_state=s)[3].sum() for s in range(200)]
    assert (min(buyers), max(buyers)) == (86, 124)


def test_accuracy_below_the_majority_and_ap_three_times_the_share(story):
    from sklearn.dummy import DummyClassifier
    logit = make_pipeline(StandardScaler(), LogisticRegression(C=0.01, max_iter=2000))
    r = cross_validate(logit, story["X_dev"], story["y_dev"], cv=story["cv"], scoring=["accuracy", "average_precision"])
    major = cross_val_score(DummyClassifier(), story["X_dev"], story["y_dev"], cv=story["cv"]).mean()
    assert round(r["test_accuracy"].mean(), 3) == 0.938 and round(major, 3) == 0.940
    ap = r["test_average_precision"].mean()
    assert round(ap, 3) == 0.170 and 2.7 < ap / story["y"].mean() < 3     # "almost three times"


def test_the_leak_adds_about_a_third(story):
    X_dev, y_dev, cv = story["X_dev"], story["y_dev"], story["cv"]
    X_sel = SelectKBest(f_classif, k=5).fit_transform(X_dev, y_dev)
    small = make_pipeline(StandardScaler(), LogisticRegression(C=0.01, max_iter=2000))
    out = cross_val_score(small, X_sel, y_dev, cv=cv, scoring="average_precision").mean()
    inside = make_pipeline(SelectKBest(f_classif, k=5), StandardScaler(), LogisticRegression(C=0.01, max_iter=2000))
    ins = cross_val_score(inside, X_dev, y_dev, cv=cv, scoring="average_precision").mean()
    assert (round(out, 4), round(ins, 4)) == (0.1733, 0.1306)
    assert 0.28 < out / ins - 1 < 0.38


def test_learning_curve(story):
    logit = make_pipeline(StandardScaler(), LogisticRegression(C=0.01, max_iter=2000))
    sizes, tr, va = learning_curve(logit, story["X_dev"], story["y_dev"], train_sizes=[0.1, 0.25, 0.5, 1.0],
                                   cv=StratifiedKFold(3, shuffle=True, random_state=0), scoring="average_precision")
    va, tr = va.mean(axis=1), tr.mean(axis=1)
    assert (round(va[0], 3), round(va[-1], 3), round(tr[-1], 2)) == (0.145, 0.162, 0.23)
    assert va[-1] > va[-2] and np.all(tr > va)       # still rising; far from memorising


def test_nested_logistic_and_its_own_score(story):
    search = story["search"]
    nested = cross_val_score(search, story["X_dev"], story["y_dev"], cv=story["outer"], scoring="average_precision")
    assert (round(search.best_score_, 3), round(nested.mean(), 3)) == (0.165, 0.168)
    assert search.best_score_ < nested.mean()     # "not above the nested one" here


def test_operating_point_and_the_test_check(story):
    p, y_test, s = story["point"], story["y_test"], story["s_test"]
    assert round(p.threshold, 3) == 0.068 and p.recall >= 0.6
    pred = s >= p.threshold
    assert int(pred.sum()) == 469 and 0.25 < pred.mean() < 0.3            # "about a quarter"
    tp = int((pred & (y_test == 1)).sum())
    ci = lm.proportion_ci(tp, int(y_test.sum()))
    assert (round(ci.estimate, 3), round(ci.low, 3), round(ci.high, 3)) == (0.596, 0.500, 0.685) and ci.low < 0.6
    assert (s >= 0.5).sum() == 0                                            # predict() mails nobody


def test_calibration_numbers_and_the_sigmoid(story):
    X_dev, y_dev, cv, oof = story["X_dev"], story["y_dev"], story["cv"], story["oof"]
    C_best = story["model"].get_params()["logisticregression__C"]
    balanced = make_pipeline(StandardScaler(), LogisticRegression(C=C_best, class_weight="balanced", max_iter=2000))
    pb = cross_val_predict(balanced, X_dev, y_dev, cv=cv, method="predict_proba")[:, 1]
    pc = cross_val_predict(CalibratedClassifierCV(balanced, method="sigmoid", cv=3), X_dev, y_dev, cv=cv,
                           method="predict_proba")[:, 1]
    assert round(lm.expected_calibration_error(y_dev, oof, n_bins=10), 3) == 0.014
    assert abs(oof.mean() - y_dev.mean()) < 5e-4                           # "average the share of buyers"
    assert (round(pb.mean(), 2), round(lm.brier_score_loss(y_dev, pb), 3)) == (0.43, 0.199)
    assert 6.5 < pb.mean() / y_dev.mean() < 7.5                            # "seven times the buyers"
    assert round(lm.roc_auc_score(y_dev, pb), 3) == 0.737 and round(lm.roc_auc_score(y_dev, oof), 3) == 0.730
    assert (round(pc.mean(), 4), round(lm.brier_score_loss(y_dev, pc), 3)) == (0.0599, 0.054)


def test_the_report_numbers(story):
    r = lm.evaluation_report(story["y_test"], story["s_test"], threshold=story["point"].threshold)
    assert (round(r.precision.estimate, 3), round(r.precision.low, 3), round(r.precision.high, 3)) == \
        (0.132, 0.105, 0.166)
    assert round(r.ap.estimate, 3) == 0.150 and 2.4 < r.ap.estimate / r.prevalence < 2.6   # "two and a half times"
    assert round(r.accuracy.estimate, 3) == 0.743 and round(max(r.prevalence, 1 - r.prevalence), 4) == 0.9405
    assert (round(r.brier, 4), round(r.prevalence * (1 - r.prevalence), 4)) == (0.0540, 0.0560)
    tpr, fpr = r.recall.estimate, 1 - r.specificity.estimate
    assert round(tpr * 0.03 / (tpr * 0.03 + fpr * 0.97), 4) == 0.0693
    assert round(r.recall.high - r.recall.low, 3) == 0.185


def test_buyers_needed_for_a_width():
    need = {w: next(n for n in range(10, 100000)
                    if (lambda c: c.high - c.low)(lm.proportion_ci(round(0.6 * n), n)) <= w) for w in (0.2, 0.1, 0.05)}
    assert need == {0.2: 89, 0.1: 366, 0.05: 1472}


def test_precision_at_another_prevalence_is_the_formula():
    """Recall and FPR do not move with the share of positives, precision does, as the formula says:
    repeating every negative r times (a rarer positive class) leaves TPR and FPR and gives exactly
    TPR pi' / (TPR pi' + FPR (1 - pi'))."""
    rng = np.random.default_rng(0)
    for _ in range(50):
        y = (rng.random(200) < rng.uniform(0.05, 0.5)).astype(int)
        y[:2] = [0, 1]
        pred = rng.random(200) < 0.4
        pred[0] = True
        r = int(rng.integers(2, 6))
        w = np.where(y == 0, r, 1)
        tpr = (pred & (y == 1)).sum() / (y == 1).sum()
        fpr = (pred & (y == 0)).sum() / (y == 0).sum()
        pi2 = (y == 1).sum() / w.sum()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            p_w = lm.precision_score(y, pred.astype(int), sample_weight=w, zero_division=0)
        if tpr + fpr:
            assert p_w == pytest.approx(tpr * pi2 / (tpr * pi2 + fpr * (1 - pi2)))


def test_an_increasing_map_keeps_auc_and_a_constant_score_has_ap_pi():
    rng = np.random.default_rng(1)
    for _ in range(50):
        y = (rng.random(60) < 0.3).astype(int)
        y[:2] = [0, 1]
        s = np.round(rng.normal(size=60), 1)
        a, b = rng.uniform(0.1, 5), rng.normal()
        assert lm.roc_auc_score(y, 1 / (1 + np.exp(-(a * s + b)))) == pytest.approx(lm.roc_auc_score(y, s))
        assert lm.average_precision_score(y, np.full(60, 0.3)) == pytest.approx(y.mean())
