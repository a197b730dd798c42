"""What a fresh reader (r4) found in chapters 07 and 08, pinned in its corrected form: the sentence on
large wins (08), the adjusted-R^2 figure's label (07), and the exercise items E2-E5 with the typed inputs."""
import json
from pathlib import Path

import numpy as np
import pytest

import learnmetrics as lm
from learnmetrics.exercises import EXERCISES, N_VARIANTS, check

NB = Path(__file__).parent.parent / "notebooks"


def _cell(name, cell_id):
    nb = json.loads((NB / name).read_text(encoding="utf-8"))
    return next("".join(c["source"]) for c in nb["cells"] if c.get("id") == cell_id)


# ---------------------------------------------------------------- 08: five wins beside five tiny losses
def test_08_the_p_of_five_wins_depends_on_all_five_so_the_sentence_names_them():
    """08 c08-03 said "five wins of 0.02 to 0.30 beside five losses of -0.001 give p = 0.13": wins of 0.02,
    0.29, 0.29, 0.29, 0.30 (the same range) give p = 0.034, significant. The sentence now names the five
    wins the zh box names (0.02, 0.03, 0.05, 0.10, 0.30): p = 0.13, not significant."""
    base = np.full(10, 0.5)
    wide = np.r_[[0.02, 0.29, 0.29, 0.29, 0.30], [-0.001] * 5]
    named = np.r_[[0.02, 0.03, 0.05, 0.10, 0.30], [-0.001] * 5]
    r_wide, r_named = lm.paired_t_test(base + wide, base), lm.paired_t_test(base + named, base)
    assert r_wide.reject and round(r_wide.p_value, 3) == 0.034
    assert not r_named.reject and round(r_named.p_value, 2) == 0.13
    en, zh = _cell("08_comparing_learners.ipynb", "c08-03"), _cell("08_comparing_learners.ipynb", "zh-08-0")
    assert "0.02 to 0.30" not in en
    assert "wins of 0.02, 0.03, 0.05, 0.10, 0.30 beside five losses of −0.001 give p = 0.13" in en
    assert "0.02、0.03、0.05、0.10、0.30" in zh and "p 值为 0.13" in zh


# ---------------------------------------------------------------- 07: the adjusted R^2 label and its star
def test_07_r2_labels_sit_clear_of_every_marker_and_the_star_is_named():
    """07 1ffabed3: "adjusted R²" sat on the x = 3 point (its white box greyed the marker out). Each label of
    plot_r2_vs_adjusted is now clear of every marker of both lines (a marker's radius as margin), on the
    chapter's data and on random tables; the cell's title names the star."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting import regression as rplot

    for trial in range(6):             # trial 0: the chapter's data set (07 b121b1db)
        r0 = np.random.default_rng(1 if trial == 0 else 700 + trial)
        n = 30
        x1 = r0.normal(size=n)
        y = 1.0 + 2.0 * x1 + 1.5 * r0.normal(size=n)
        noise = r0.normal(size=(n, 10))
        table = lm.regression.model_selection_table([np.column_stack([x1, noise[:, :j]]) for j in range(11)], y)
        fig, ax = plt.subplots(figsize=(6.6, 3.4))
        rplot.plot_r2_vs_adjusted(table, ax, x=np.arange(len(table.r2)))
        fig.tight_layout()
        fig.canvas.draw()
        r = fig.canvas.get_renderer()
        texts = [t for t in ax.texts if t.get_text() in ("$R^2$", "adjusted $R^2$")]
        assert len(texts) == 2
        pts = np.vstack([ax.transData.transform(np.column_stack(ln.get_data())) for ln in ax.lines[:2]])
        margin = 4 * fig.dpi / 72 / 2          # markers of size 4 pt: their radius in pixels
        for t in texts:
            b = t.get_window_extent(r)
            inside = ((pts[:, 0] > b.x0 - margin) & (pts[:, 0] < b.x1 + margin)
                      & (pts[:, 1] > b.y0 - margin) & (pts[:, 1] < b.y1 + margin))
            assert not inside.any(), (trial, t.get_text(), pts[inside])
        plt.close(fig)
    src = _cell("07_regression_metrics.ipynb", "1ffabed3")
    assert "★ = adjusted $R^2$'s pick" in src


# ---------------------------------------------------------------- E2: 07.6's key points can be ticked
RIGHT_EN = "MAE, because the cost is proportional to the error; the median is the best constant."
WRONG_EN = ["MSE, because big errors matter more; the mean delivery time is best.",
            "MSE, because the cost grows with the size of the error and a few late deliveries dominate; among "
            "constant predictions the mean delivery time is smallest."]
RIGHT_ZH = "MAE，因为代价与误差成正比；中位数是最好的常数。"
WRONG_ZH = ["MSE，因为大误差更重要；平均送货时间最好。",
            "MSE：代价随误差的大小增长，平方惩罚大误差；常数预测中平均送货时间的误差最小。"]


def _ticks(message):
    return [line[0] == "\u2714" for line in str(message).splitlines() if line[:1] in ("\u2714", "\u2610")]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_07_6_the_measure_and_the_constant_are_ticked_by_an_answer_that_names_them_only(lang):
    """E2: 07.6's first key point "MAE." had no terms (words under 4 letters are dropped): no answer could
    tick it; "MSE ... the mean delivery time is best" ticked "MAE is smallest at a median". Now every key
    point has terms; the short right answer ticks the measure (MAE, in proportion to the absolute error) and
    the constant (a median); the wrong ones tick neither."""
    lm.set_language(lang)
    try:
        ex = EXERCISES["07.6"]
        assert all(ex.point_terms), ex.point_terms
        right, wrong = (RIGHT_EN, WRONG_EN) if lang == "en" else (RIGHT_ZH, WRONG_ZH)
        t = _ticks(check("07.6", right))
        assert len(t) == 4 and t[0] and t[2], check("07.6", right)
        for w in wrong:
            t = _ticks(check("07.6", w))
            assert not t[0] and not t[2] and not t[3], check("07.6", w)
    finally:
        lm.set_language("en")


# ---------------------------------------------------------------- E3, E5: units of a count
@pytest.mark.parametrize("eid, typed", [("07.5", "2次"), ("07.5", "2 次"), ("07.5", "2 degree"),
                                        ("08.2", "5次"), ("08.2", "5 次"), ("08.2", "5 mistakes"),
                                        ("08.2", "5 errors")])
def test_counts_are_read_with_the_units_the_prompts_ask_in(eid, typed):
    """E3: 07.5's Chinese prompt asks "C_p 会选几次": "2次" was refused ("“次”不是本题的单位"). E5: 08.2 asks for
    a count of mistakes: "5次", "5 mistakes" were refused. Both are read now, in either language."""
    value = int(typed.split()[0].rstrip("次"))
    assert value == EXERCISES[eid].answer
    for lang in ("en", "zh"):
        lm.set_language(lang)
        try:
            assert check(eid, typed).correct, (lang, str(check(eid, typed)))
            assert check(eid, typed.replace(str(value), str(value + 1), 1)).status != "invalid"
        finally:
            lm.set_language("en")


# ---------------------------------------------------------------- E4: rounded intermediates are close
def _rounded_3sig(v):
    return float(f"{v:.3g}")


def test_08_3_and_08_5_a_rounded_intermediate_is_close_and_the_slack_is_what_rounding_can_make():
    """E4: 08.3 with μ, σ rounded to 0.0167, 0.0186 gives 2.1993 ("2.20"); 08.5 with √(2/3) rounded to 0.816
    gives 2.0963 ("2.096"): both were "Not right". Each exercise now declares the slack that rounding its
    intermediates to 3 significant digits (then the result to the decimals asked) can make: on every
    variant, that rounding lands within the slack and is "close"; no mistake lies within it (nor within
    slack + tolerance), so "close" never hides a named mistake. "2.11" (√(2/3) rounded to 0.82, 2 digits)
    stays not right."""
    assert check("08.3", "2.20").status == check("08.3", "2.1993").status == "close"
    assert check("08.5", "2.096").status == "close" and check("08.5", "2.11").status == "wrong"
    for eid in ("08.3", "08.5"):
        base = EXERCISES[eid]
        for k in range(N_VARIANTS + 1):
            ex = base.variant(k)
            assert ex.slack > ex.tolerance
            if eid == "08.3":
                d = ex.data["errors_a"] - ex.data["errors_b"]
                got = np.sqrt(len(d)) * abs(_rounded_3sig(d.mean())) / _rounded_3sig(d.std(ddof=1))
                dec = 2
            else:
                kk, n, q = ex.data["k"], ex.data["n_datasets"], ex.data["q_alpha"]
                got = q * _rounded_3sig(np.sqrt(kk * (kk + 1) / (6 * n)))
                dec = 3
            typed = f"{got:.{dec}f}"
            assert abs(float(typed) - ex.answer) <= ex.slack
            assert ex.slack <= 0.05 * ex.answer        # a rounding's size, not a second tolerance
            for m in ex.mistakes:
                assert abs(m.answer - ex.answer) > ex.slack + ex.tolerance, (eid, k, m)
    fb = check("08.3", "2.20")
    assert "rounding the intermediate values" in str(fb)


# ---------------------------------------------------------------- minor figures
def test_08_null_distribution_labels_hide_no_vertical_line():
    """08 c08-15 and c08-31c: the boxes "critical value ±2.262 / hatched: reject" (t(9), the other critical
    line) and "null distribution F(2, 6)" (the critical line at 5.143) covered part of a dash-dot line.
    Every label's white ground now stays off every vertical line other than its own, in settings like the
    chapter's four test figures (where no place is clear, e.g. an observed line close to the axis's end with
    a critical line near it, a label keeps its first place)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting.compare import plot_null_distribution

    cases = [(lm.t_test([0.02, 0.03, 0.02, 0.01, 0.03, 0.02, 0.03, 0.02, 0.01, 0.02], epsilon0=0.05), (7, 3.4)),
             (lm.friedman_test([[1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3]]).f, (7, 3.4)),
             (lm.paired_t_test([0.08, 0.13, 0.12, 0.07, 0.09, 0.11, 0.07, 0.1, 0.1, 0.08],
                               [0.1, 0.12, 0.15, 0.11, 0.09, 0.13, 0.1, 0.12, 0.14, 0.1]), (8, 3.4)),
             (lm.mcnemar_test_table([[159, 0], [9, 3]]), (7.5, 3.8))]
    for result, size in cases:
        fig, ax = plt.subplots(figsize=size)
        plot_null_distribution(ax, result)
        fig.canvas.draw()
        r = fig.canvas.get_renderer()
        verticals = [ln for ln in ax.lines if len(ln.get_xdata()) == 2 and ln.get_xdata()[0] == ln.get_xdata()[1]]
        assert len(verticals) >= 2, result.test
        for t in ax.texts:
            box = t.get_bbox_patch().get_window_extent(r) if t.get_bbox_patch() is not None else t.get_window_extent(r)
            for ln in verticals:
                px = ax.transData.transform((ln.get_xdata()[0], 0))[0]
                if abs(t.xy[0] - ln.get_xdata()[0]) < 1e-12 and t.get_text().startswith(("critical", "observed")):
                    continue                                  # the line a label names, 4 pt beside it
                assert not box.x0 < px < box.x1, (result.test, t.get_text(), ln.get_xdata()[0])
        plt.close(fig)


def test_07_criteria_overflow_mark_is_not_c_p_s_triangle_and_the_cp_tail_is_counted():
    """07 67d9c821, c094eabc: the legend's "above (▲ at top)" used C_p's own triangle and the dotted Δ = 2
    line had no name; c07-cphist-fig dropped the top 0.5% of C_p silently. The overflow is an arrow now,
    the line is named, and the samples beyond the axis are counted with the largest."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from learnmetrics.plotting import regression as rplot

    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-1, 1, 30))
    t = lm.regression.polynomial_selection(x, np.sin(3 * x) + 0.1 * rng.normal(size=30), max_degree=8)
    fig, ax = plt.subplots()
    rplot.plot_criteria(t, ax, x=np.arange(9))
    marks = {ln.get_marker() for ln in ax.lines if ln.get_label().startswith("Δ")}
    above = [ln for ln in ax.lines if ln.get_label().startswith("above")]
    assert above and above[0].get_marker() not in marks and "\u2191" in above[0].get_label()
    assert any(tx.get_text() == "Δ = 2" for tx in ax.texts)
    plt.close(fig)
    cps = np.r_[rng.normal(2, 3, 995), np.linspace(40, 80, 5)]
    fig, ax = plt.subplots()
    rplot.plot_cp_spread(cps, 2, ax)
    hi = np.quantile(cps, 0.995)
    n_beyond = int(np.sum(cps > hi))
    assert any(tx.get_text().startswith(f"{n_beyond} more beyond the right edge, up to 80.0") for tx in ax.texts)
    plt.close(fig)
