"""General sentences and figures a fresh reader (r2) broke in chapters 02 and 03, pinned in their
corrected form: each test computes the reader's counter-example and the corrected statement."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import learnmetrics as lm  # noqa: E402
from learnmetrics import datasets  # noqa: E402
from learnmetrics.exercises import EXERCISES, N_VARIANTS, check  # noqa: E402
from learnmetrics.imbalance import prevalence_state  # noqa: E402

RNG = np.random.default_rng(2026)
PIS = np.r_[0.9, 0.5, 0.1, 0.001, 1e-5]


@pytest.fixture(autouse=True)
def _english_and_closed():
    lm.set_language("en")
    yield
    lm.set_language("en")
    plt.close("all")


# ---------------------------------------------------------------- 02


def test_the_lazy_model_passes_the_classifier_only_with_a_false_positive():
    """02 prev-06 / zh-02-5c (B1): 'the lazy model's 1 - pi climbs past [the accuracy]' fails with
    FPR = 0: then the accuracy 1 - pi (1 - TPR) stays above 1 - pi at every pi (the reader's breast-
    cancer model: 0.999953 vs 0.999). With FPR > 0 the lazy model is at least as good exactly when
    pi <= FPR / (TPR + FPR)."""
    seen = {"fpr0": 0, "passed": 0}
    for _ in range(40):
        m = int(RNG.integers(4, 20))
        y = RNG.integers(0, 2, m)
        if y.min() == y.max():
            continue
        score = RNG.random(m)
        if RNG.random() < 0.4:              # no false positive: every negative below the threshold
            score[y == 0] *= 0.5
        for pi in PIS:
            s = prevalence_state(y, score, pi, threshold=0.5)
            gap = s.accuracy - s.lazy_accuracy
            assert np.isclose(gap, pi * s.tpr - (1 - pi) * s.fpr)
            if s.fpr == 0 and s.tpr > 0:
                assert gap > 0
                seen["fpr0"] += 1
            elif s.fpr > 0:
                assert (gap <= 1e-12) == (pi <= s.fpr / (s.tpr + s.fpr) + 1e-12)
                seen["passed"] += gap < 0
    assert seen["fpr0"] > 10 and seen["passed"] > 10


def test_02_1_variants_use_thresholds_the_slider_can_set():
    """Exercise 02.1 (B2): variant 2 asked to set the slider at 0.35 and 0.25, which the explorer's
    slider (every 0.02 from 0.06) cannot; at the nearest, 0.26, it shows P = 0.615, not the answer
    0.571. Every variant's two thresholds are now positions of the slider, and the answer is what
    the explorer shows at the new one."""
    from learnmetrics.exercises.ch02 import SLIDER_POSITIONS
    from learnmetrics.widgets.threshold import ThresholdExplorer
    melons = datasets.watermelon_scores()
    ex = ThresholdExplorer(melons.y_true, melons.y_score, ids=melons.ids, threshold=0.5, names=("good", "bad"))
    grid = ex.slider.grid
    assert np.allclose(grid, SLIDER_POSITIONS)
    assert ex.slider.find(0.35) is None and ex.slider.find(0.25) is None      # the reader's case
    assert ex.state_at(slider=0.26).precision == pytest.approx(8 / 13)
    exercise = EXERCISES["02.1"]
    for k in range(0, N_VARIANTS + 1):
        v = exercise.variant(k)
        t_old, t_new = v.data["old_threshold"], v.data["new_threshold"]
        assert ex.slider.find(t_old) is not None and ex.slider.find(t_new) is not None, (k, t_old, t_new)
        shown = ex.state_at(slider=t_new)
        assert (shown.precision, shown.recall) == pytest.approx(v.answer), k
        solution = v.solve()
        assert "1 good melons" not in solution and "1 bad melons" not in solution


def test_02_8_names_no_mistake_for_an_mcc_typed_as_zero():
    """Exercise 02.8 (V3): 'the square root in MCC's denominator is missing' was said of (0.875, 0):
    MCC without its root is about 1e-4 on these matrices, within the tolerance of 0. No listed
    mistake of any variant lies within the tolerance of an MCC of 0 any more."""
    ex = EXERCISES["02.8"]
    for k in range(0, N_VARIANTS + 1):
        v = ex.variant(k)
        ba, mcc = v.answer
        tp, fp, fn, tn = v.data["counts"]
        no_root = (tp * tn - fp * fn) / ((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
        assert abs(no_root) < v.tolerance               # the reader's point: it cannot be told from 0
        assert not any(abs(m.answer[1]) <= v.tolerance for m in v.mistakes), k
        assert check("02.8", (round(ba, 3), 0), variant=k).status != "mistake", k


# ---------------------------------------------------------------- 03


def _random_tables(n, smallest):
    """The stepping tables of up to ``n`` random lists of ``smallest`` to 11 examples, both classes in each."""
    for _ in range(n):
        m = int(RNG.integers(smallest, 12))
        y = RNG.integers(0, 2, m)
        if y.min() < y.max():
            yield lm.stepping_table(y, RNG.random(m))


def test_03_1_says_up_only_when_precision_rises():
    """Solution 03.1 (B3): a good melon moves the P-R point right, and up only if a bad melon is
    already above the cut (P < 1); variants 4 and 5 (cuts 1 and 2) keep P = 1."""
    ex = EXERCISES["03.1"]
    t = lm.stepping_table(ex.data["y_true"], ex.data["y_score"])
    kept = 0
    for k in range(0, N_VARIANTS + 1):
        v = ex.variant(k)
        cut = v.data["from_cut"]
        a, b = t.at(cut), t.at(cut + 1)
        last = v.solve().splitlines()[-1]
        assert b.recall > a.recall and b.precision >= a.precision
        if b.precision > a.precision:
            assert "up and to the right" in last
        else:
            assert a.fp == 0 and "only to the right" in last
            kept += 1
    assert kept >= 1


def test_p_equals_r_where_tp_plus_fp_is_m_plus_once_tp_is_positive():
    """Solution 03.3 (B4): 'P = R exactly where TP + FP = m+' fails at a cut with TP = 0 (cut 1 of
    variant 5: P = R = 0). With TP > 0 it holds at every cut of any list."""
    zero_cuts = 0
    for t in _random_tables(300, 2):
        for k in range(1, len(t)):
            c = t.at(k)
            if c.tp > 0:
                assert np.isclose(c.precision, c.recall) == (c.tp + c.fp == t.n_pos)
            else:
                assert c.precision == c.recall == 0
                zero_cuts += 1
    assert zero_cuts > 20
    for k in range(0, N_VARIANTS + 1):
        assert "For TP > 0, P = R exactly where" in EXERCISES["03.3"].variant(k).solve()


def test_a_coin_flip_between_two_cuts_is_no_straight_line():
    """03.5's trapezoid hint (B5): 'sloped straight lines between P-R points are not achievable' is
    false (section 6: a chord point is reached by mixing other cuts: 03.5's chord midpoint between
    cuts 3 and 4). What holds: a coin flip between two cuts whose P and R both differ lands off the
    straight line between them."""
    ex = EXERCISES["03.5"]
    t = lm.stepping_table(ex.data["y_true"], ex.data["y_score"])
    # the reader's mix: cut 3 w.p. 0.5, cut 4 w.p. 0.4706, cut 5 w.p. 0.0294 gives the chord's midpoint
    w = np.array([0.5, 8 / 17, 1 / 34])
    tp, fp = w @ t.tp[[3, 4, 5]], w @ t.fp[[3, 4, 5]]
    mid = ((t.recall[3] + t.recall[4]) / 2, (t.precision[3] + t.precision[4]) / 2)
    assert (tp / t.n_pos, tp / (tp + fp)) == pytest.approx(mid, abs=1e-9)
    hint = ex.mistakes[0].hint
    assert "not achievable" not in hint and "coin flip" in hint
    checked = 0
    for t in _random_tables(200, 3):
        for a in range(1, len(t)):
            for b in range(a + 1, len(t)):
                ra, rb, pa, pb = t.recall[a], t.recall[b], t.precision[a], t.precision[b]
                if ra == rb or pa == pb:
                    continue
                tp, n = (t.tp[a] + t.tp[b]) / 2, (t.tp[a] + t.fp[a] + t.tp[b] + t.fp[b]) / 2
                r_mix, p_mix = tp / t.n_pos, tp / n
                on_chord = pa + (pb - pa) * (r_mix - ra) / (rb - ra)
                assert not np.isclose(p_mix, on_chord), (t.tp, t.fp, a, b)
                checked += 1
    assert checked > 100


def test_iso_f_curves_start_where_p_is_one():
    """03's F-beta explorer: an iso-F-beta curve was started where it meets R = 1 instead of P = 1
    (the same only at beta = 1), so at beta = 0.2 the Fbeta=0.6 curve began at R = 0.59, not 0.055."""
    from learnmetrics.plotting.curves import _iso_f_xy
    for _ in range(100):
        beta, f = float(np.exp(RNG.uniform(np.log(0.1), np.log(10)))), float(RNG.uniform(0.05, 0.95))
        r, p = _iso_f_xy(f, beta)
        b2 = beta ** 2
        assert p[0] == pytest.approx(1.0) and r[0] == pytest.approx(b2 * f / (1 + b2 - f))
        assert np.allclose((1 + b2) * p * r / (b2 * p + r), f)
    r, _ = _iso_f_xy(0.6, 0.2)
    assert r[0] == pytest.approx(0.0545, abs=1e-4)


def test_fbeta_explorer_labels_stay_clear_of_the_pr_path():
    """03 0c6bfc2b (the F-beta filmstrip) and the explorer: 'F1=0.6', 'F1=0.7' (beta = 1) and
    'Fbeta=0.6'/'Fbeta=0.7' (beta = 0.2, 5) sat on the melons' P-R path. Every label's box keeps
    6 px clear of the drawn path and its cut dots at the filmstrip's betas (tests/test_figure_labels_clear_35.py
    checks 0.5 and 2 at 3 px);
    the alt text names one slider (beta) and the marked best cut."""
    from learnmetrics.plotting.curves import _dense_points
    from learnmetrics.widgets.curves import FBetaExplorer
    s = datasets.watermelon_scores()
    fb = FBetaExplorer(s.y_true, s.y_score, beta=1.0)
    assert "the slider sets beta" in fb.alt_text and "sliders" not in fb.alt_text
    ax = fb.axes["square"]
    for beta in (0.2, 1.0, 5.0):
        fb.slider.value = beta
        fb.draw(fb.state)
        fb.fig.canvas.draw()
        renderer = fb.fig.canvas.get_renderer()
        pts = ax.transData.transform(_dense_points(fb.curve_line.get_xydata()))
        labels = [t for t in fb.iso_texts if t.get_text()]
        assert len(labels) == len(fb.levels)
        for t in labels:
            b = t.get_window_extent(renderer)
            near = ((pts[:, 0] > b.x0 - 6) & (pts[:, 0] < b.x1 + 6)
                    & (pts[:, 1] > b.y0 - 6) & (pts[:, 1] < b.y1 + 6))
            assert not near.any(), (beta, t.get_text())
