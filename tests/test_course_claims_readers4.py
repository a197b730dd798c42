"""General sentences fresh readers broke in chapters 03, 05, 09 and 11, pinned in their corrected form:
each test checks the counter-example and the corrected statement on small random cases."""
import warnings

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics import datasets

RNG = np.random.default_rng(404)


def _cuts(ordered):
    """TP and FP at cuts 0..m of a ranking (labels in rank order)."""
    ordered = np.asarray(ordered)
    return np.r_[0, np.cumsum(ordered)], np.r_[0, np.cumsum(1 - ordered)]


# ---------------------------------------------------------------- ch03


def test_a_positive_entering_is_flat_at_p1_while_fp_is_0_and_a_rising_concave_curve_once_fp_is_above_0():
    """03 b2e8c4d5 / zh-03-1: ranking (+, +) gives P = 1 all along the segment (a horizontal straight
    line); with FP > 0 the coin-flip segment P = (TP + t)/(TP + t + FP) rises and lies above its chord."""
    t = np.linspace(0, 1, 11)
    tp, fp = _cuts([1, 1])
    assert np.all((tp[1] + t) / (tp[1] + t + fp[1]) == 1.0)
    seen = 0
    for _ in range(300):
        ordered = RNG.integers(0, 2, int(RNG.integers(2, 12)))
        tp, fp = _cuts(ordered)
        for k in np.flatnonzero(ordered == 1):
            if tp[k] + fp[k] == 0:
                continue                            # P is 0/0 at cut 0: no point to start from
            p = (tp[k] + t) / (tp[k] + t + fp[k])
            chord = p[0] + t * (p[-1] - p[0])
            if fp[k] == 0:
                assert np.all(p == 1.0)
            else:
                assert np.all(np.diff(p) > 0) and np.all(p[1:-1] > chord[1:-1])
                seen += 1
    assert seen > 50


def test_a_point_on_a_pr_chord_is_reached_by_mixing_other_cuts_though_not_by_the_adjacent_coin_flip():
    """03 8d0299dd: ranking + - + - - -, chord from cut 2 (R 0.5, P 0.5) to cut 3 (R 1, P 2/3): its
    midpoint R = 0.75, P = 7/12 is a mix of cuts 0, 3, 5; the coin flip between cuts 2 and 3 gives
    P = 0.6 there, above the chord."""
    tp, fp = _cuts([1, 0, 1, 0, 0, 0])
    assert (tp[2] / 2, tp[2] / (tp[2] + fp[2]), tp[3] / 2, tp[3] / (tp[3] + fp[3])) == pytest.approx((0.5, 0.5, 1, 2 / 3))
    w = np.array([0.25, 0.75 - (18 / 7 - 1.5 - 0.75) / 2, (18 / 7 - 1.5 - 0.75) / 2])   # cuts 0, 3, 5
    assert w == pytest.approx([0.25, 0.589, 0.161], abs=1e-3) and w.min() > 0 and w.sum() == pytest.approx(1)
    TP, FP = w @ tp[[0, 3, 5]], w @ fp[[0, 3, 5]]
    assert (TP, FP) == pytest.approx((1.5, 1.0714), abs=1e-4)
    assert (TP / 2, TP / (TP + FP)) == pytest.approx((0.75, 7 / 12))
    assert f"{7 / 12:.4f}" == "0.5833" and (1 + 0.5) / (2 + 0.5) == pytest.approx(0.6)


def _area_under_the_coin_flip_curve(ordered):
    tp = fp = 0
    area, m_pos = 0.0, ordered.sum()
    for v in ordered:
        if v:
            area += (1 - (fp * np.log((tp + 1 + fp) / (tp + fp)) if fp else 0)) / m_pos
            tp += 1
        else:
            fp += 1
    return area


def test_without_ties_trapezoids_le_coin_flip_curve_area_le_ap():
    """03 8d0299dd / zh-03-6: without ties, trapezoids <= area under the coin-flip curve <= AP
    (melons 0.8019 <= 0.8025 <= 0.8145): the trapezoids miss area, they do not add any."""
    from sklearn.metrics import auc
    s = datasets.watermelon_scores()
    ordered = s.y_true[np.argsort(-s.y_score, kind="stable")]
    p, r, _ = lm.precision_recall_curve(s.y_true, s.y_score)
    got = auc(r, p), _area_under_the_coin_flip_curve(ordered), lm.average_precision_score(s.y_true, s.y_score)
    assert [f"{v:.4f}" for v in got] == ["0.8019", "0.8025", "0.8145"]
    y, sc = np.r_[1, 1, 0, 0, 0], np.arange(5.0)[::-1]          # a perfect ranking: 1 for all three
    p, r, _ = lm.precision_recall_curve(y, sc)
    assert auc(r, p) == _area_under_the_coin_flip_curve(y) == lm.average_precision_score(y, sc) == 1.0
    for _ in range(120):
        y = np.r_[0, 1, RNG.integers(0, 2, int(RNG.integers(0, 12)))]
        sc = RNG.permutation(len(y)).astype(float)
        p, r, _ = lm.precision_recall_curve(y, sc)
        trap, curve = auc(r, p), _area_under_the_coin_flip_curve(y[np.argsort(-sc)])
        assert trap <= curve + 1e-12 <= lm.average_precision_score(y, sc) + 2e-12


def test_f1_of_counts_is_0_over_0_when_tp_fp_fn_are_all_0():
    """03 zh-03-cm (as f0a5d7b4): 2TP/(m + TP - TN) is 0 with positives but nothing predicted (TP = FP = 0,
    FN > 0) and where P = R = 0 (TP = 0, FP > 0); 0/0 when TP = FP = FN = 0."""
    for _ in range(300):
        tp, fp, fn, tn = RNG.integers(0, 4, 4)
        num, den = 2 * tp, (tp + fp + fn + tn) + tp - tn
        assert den == 2 * tp + fp + fn
        assert (den == 0) == (tp == fp == fn == 0)
        if tp == 0 and den:
            assert num / den == 0


# ---------------------------------------------------------------- ch05


def _lr_scores(X, y, weights=None):
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    model = make_pipeline(StandardScaler(), LogisticRegression(C=1 / (0.01 * len(y)), class_weight=weights,
                                                               tol=1e-12, max_iter=1000))
    return model.fit(X, y).predict_proba(X)[:, 1]


def test_reweighting_moves_the_scores_and_with_two_features_the_ranking_with_one_feature_not():
    """05 c05sk5md / zh-05-7: class_weight {0: 1, 1: 4} moves the scores; with sugar content alone the
    ranking is identical, with both features it moves (Kendall tau 0.853). One feature: an increasing
    or decreasing map of the feature either way, so the order stays or reverses."""
    from scipy.stats import kendalltau
    X, y = datasets.watermelon_3a().X, datasets.watermelon_scores().y_true
    q, r = _lr_scores(X, y), _lr_scores(X, y, {0: 1, 1: 4})
    assert f"{kendalltau(q, r).statistic:.3f}" == "0.853"
    q1, r1 = _lr_scores(X[:, [1]], y), _lr_scores(X[:, [1]], y, {0: 1, 1: 4})
    assert np.abs(q1 - r1).max() > 0.1
    assert np.array_equal(np.argsort(q1, kind="stable"), np.argsort(r1, kind="stable"))
    for _ in range(10):
        x = RNG.normal(size=(12, 1))
        yy = (x[:, 0] + RNG.normal(size=12) > 0).astype(int)
        if len(np.unique(yy)) < 2:
            continue
        a, b = _lr_scores(x, yy), _lr_scores(x, yy, {0: 1, 1: 4})
        assert abs(kendalltau(a, b).statistic) == pytest.approx(1.0)


def test_expected_cost_and_cost_sensitive_error_differ_off_the_sample_prior_unless_weighted_rates_balance():
    """05 8d5f6664 / zh-05-6: equal at p = m+/m; at any other p they differ unless
    FNR*cost01 = FPR*cost10; the expected cost is linear in p with that difference as its slope."""
    seen = 0
    for _ in range(300):
        m_pos, m_neg = (int(v) for v in RNG.integers(1, 8, 2))
        fn, fp = int(RNG.integers(0, m_pos + 1)), int(RNG.integers(0, m_neg + 1))
        c01, c10 = (float(v) for v in RNG.integers(1, 5, 2))
        fnr, fpr = fn / m_pos, fp / m_neg
        cse = (fn * c01 + fp * c10) / (m_pos + m_neg)
        expected = lambda p: p * fnr * c01 + (1 - p) * fpr * c10   # noqa: E731
        assert expected(m_pos / (m_pos + m_neg)) == pytest.approx(cse)
        assert expected(0.7) - expected(0.3) == pytest.approx(0.4 * (fnr * c01 - fpr * c10))
        balanced = np.isclose(fnr * c01, fpr * c10)
        for p in (0.1, 0.37, 0.9):
            if not np.isclose(p, m_pos / (m_pos + m_neg)):
                assert np.isclose(expected(p), cse) == balanced
                seen += 1
    assert seen > 300


# ---------------------------------------------------------------- ch09


def test_even_power_adds_only_variance_at_20_points_but_moves_the_bias_with_very_few():
    """09 41861894 / zh-09-2 / zh-09-4: degree 2's bias² equals degree 1's to 4 decimals with 20 points;
    with 4 points it is 0.237 against 0.210 (and 0.257 against 0.342 with 2)."""
    from learnmetrics.bias_variance import bias_variance_experiment
    r20 = bias_variance_experiment(degrees=[1, 2], n_sets=3000, n_train=20, rng=0)
    assert f"{r20.bias2[0]:.4f}" == f"{r20.bias2[1]:.4f}" == "0.2034"
    assert r20.variance[1] > r20.variance[0]
    r4 = bias_variance_experiment(degrees=[1, 2], n_sets=8000, n_train=4, noise_sd=0.3, rng=0)
    assert [f"{v:.3f}" for v in r4.bias2] == ["0.210", "0.237"]
    r2 = bias_variance_experiment(degrees=[1, 2], n_sets=2000, n_train=2, noise_sd=0.3, rng=0)
    assert r2.bias2[1] < r2.bias2[0] - 0.05                   # 0.257 < 0.342: an even power can lower it too


def test_the_average_line_is_near_the_best_line_from_8_points_not_with_2_to_4():
    """09 c09-seeds-md / zh-09-4: degree-1 bias² is 0.342, 0.229, 0.210 with 2, 3, 4 points, 0.2037 with 8,
    0.2034 with 20 and 80."""
    from learnmetrics.bias_variance import bias_variance_experiment
    b = {n: bias_variance_experiment(degrees=[1], n_sets=4000, n_train=n, rng=0).bias2[0] for n in (2, 3, 4, 8, 80)}
    assert b[80] == pytest.approx(0.2034, abs=5e-4) and abs(b[8] - b[80]) < 1e-3
    assert all(b[n] - b[80] > 5e-3 for n in (2, 3, 4))
    assert b[2] > b[3] > b[4] > b[8]


# ---------------------------------------------------------------- ch11


def test_platt_outputs_that_round_to_1_come_out_tied_and_change_the_auc():
    """11 c11-11b / c11-99 / zh-11-5 / zh-11-recap: Platt fitted on sigma(N(+-0.5, 0.4)), 500 a class,
    maps 1 - 1e-9 (neg) and 1 - 1e-10 (pos) both to exactly 1.0: AUC 0.75 -> 0.625. Away from the
    saturated ends an increasing Platt map keeps the AUC."""
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(500, int), np.zeros(500, int)]
    p = 1 / (1 + np.exp(-np.r_[rng.normal(0.5, 0.4, 500), rng.normal(-0.5, 0.4, 500)]))
    cal = lm.PlattCalibrator().fit(p, y)
    assert cal.a_ > 5
    test_p, test_y = np.array([1 - 1e-9, 1 - 1e-10, 0.3, 0.6]), np.array([0, 1, 0, 1])
    out = cal.predict(test_p)
    assert out[0] == out[1] == 1.0
    assert lm.roc_auc_score(test_y, test_p) == 0.75 and lm.roc_auc_score(test_y, out) == 0.625
    for _ in range(20):
        q = RNG.uniform(0.05, 0.95, 30)
        yy = (RNG.random(30) < q).astype(int)
        if len(np.unique(yy)) < 2:
            continue
        c = lm.PlattCalibrator().fit(q, yy)
        if c.a_ > 0:
            assert lm.roc_auc_score(yy, c.predict(q)) == pytest.approx(lm.roc_auc_score(yy, q), abs=1e-12)


def test_one_isotonic_map_can_change_the_auc_one_sigmoid_or_temperature_map_cannot():
    """11 c11-sk3 / zh-11-sk: ensemble=False on the chapter's breast-cancer split: isotonic moves the
    AUC (0.98619 -> 0.98419, it ties scores); sigmoid and temperature keep it."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import GaussianNB
    from learnmetrics.realdata import load_breast_cancer
    bc = load_breast_cancer()
    X_tr, X_te, y_tr, y_te = train_test_split(bc.X, bc.y, test_size=0.5, stratify=bc.y, random_state=0)
    base = lm.roc_auc_score(y_te, GaussianNB().fit(X_tr, y_tr).predict_proba(X_te)[:, 1])
    auc = {}
    for method in ("sigmoid", "isotonic", "temperature"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            m = CalibratedClassifierCV(GaussianNB(), method=method, cv=5, ensemble=False).fit(X_tr, y_tr)
        auc[method] = lm.roc_auc_score(y_te, m.predict_proba(X_te)[:, 1])
    assert f"{base:.5f}" == "0.98619" and f"{auc['isotonic']:.5f}" == "0.98419"
    assert auc["sigmoid"] == pytest.approx(base, abs=1e-12) and auc["temperature"] == pytest.approx(base, abs=1e-12)


def test_log_loss_worst_case_is_minus_ln_eps_of_the_dtype():
    """11 c11-07b / zh-11-3: a confident mistake costs -ln eps: about 36 for float64, 15.9 for float32."""
    from sklearn.metrics import log_loss
    for dtype, want in ((np.float64, "36.04"), (np.float32, "15.94")):
        got = log_loss([0, 1], np.array([[0, 1], [0, 1]], dtype=dtype), labels=[0, 1]) * 2
        assert f"{got:.2f}" == want
        assert got == pytest.approx(-np.log(np.finfo(dtype).eps), rel=1e-5)


def test_temperature_came_in_scikit_learn_1_8():
    """11 c11-sk1 / zh-11-sk: CalibratedClassifierCV's docstring dates method="temperature" to 1.8."""
    from sklearn.calibration import CalibratedClassifierCV
    doc = CalibratedClassifierCV.__doc__
    i = doc.index("Added option 'temperature'")
    assert doc[:i].rstrip().splitlines()[-1].strip() == ".. versionchanged:: 1.8"


def test_temperature_keeps_the_auc_on_the_slider_range_but_not_when_float64_saturates():
    """11 zh-11-7 (and exercise 11.4's solution text, left alone): sigma(logit(p)/T) is increasing for every
    T > 0, yet at T = 0.01 the top scores round to exactly 1.0 in float64 and tie: AUC 0.85596 -> 0.84832.
    On the explorer's slider, T from 0.25 to 4, the AUC stays."""
    from learnmetrics import calibration as C
    from learnmetrics.widgets.calibration import TemperatureExplorer
    import inspect
    temps = inspect.signature(TemperatureExplorer).parameters["temperatures"].default
    assert (min(temps), max(temps)) == (0.25, 4.0)
    y, _, p = C.simulate_scores(4000, rng=11)
    base = lm.roc_auc_score(y, p)
    for t in temps:
        assert lm.roc_auc_score(y, C.sharpen(p, t)) == pytest.approx(base, abs=1e-12)
    assert f"{base:.5f}" == "0.85596" and f"{lm.roc_auc_score(y, C.sharpen(p, 0.01)):.5f}" == "0.84832"
    assert (C.sharpen(p, 0.01) == 1.0).sum() > 1
