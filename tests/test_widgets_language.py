"""The explorers' read-outs in Chinese: ``learnmetrics.widgets.set_language("zh")``.

Each explorer is driven as a learner drives it (``.slider.value``) in English
and in Chinese: the Chinese read-out carries the book's terms and exactly the
same numbers, in the same order; English stays the default and comes back
unchanged after a switch.
"""
import re

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from learnmetrics import widgets  # noqa: E402
from learnmetrics.datasets import ten_samples, tied_eight, watermelon_scores  # noqa: E402
from learnmetrics.widgets._i18n import TERMS  # noqa: E402
from learnmetrics.widgets.curves import CutPointExplorer, FBetaExplorer  # noqa: E402
from learnmetrics.widgets.threshold import ThresholdExplorer  # noqa: E402

CJK = re.compile(r"[\u4e00-\u9fff]")
NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


@pytest.fixture(autouse=True)
def english_after_each_test():
    yield
    widgets.set_language("en")


def _threshold(d):
    return ThresholdExplorer(d.y_true, d.y_score, ids=d.ids), [0.0, 0.3, 0.5, 0.51, 0.75, 1.0]


def _cut(d):
    ex = CutPointExplorer(d.y_true, d.y_score, ids=d.ids)
    return ex, list(range(ex.slider.max + 1))


def _fbeta(d):
    return FBetaExplorer(d.y_true, d.y_score), [0.1, 0.5, 1.0, 2.0, 10.0]


# the Chinese terms each explorer's read-out must show
MUST = {
    _threshold: ["阈值", "真正例 TP", "假正例 FP", "假反例 FN", "真反例 TN", "查准率 P", "查全率 R", "真正例率 TPR",
                 "假正例率 FPR", "精度"],
    _cut: ["截断点", "真正例 TP", "假正例 FP", "假反例 FN", "真反例 TN", "查准率 P", "查全率 R", "假正例率 FPR", "精度"],
    _fbeta: ["截断点", "查准率 P", "查全率 R", "查全率的权重"],
}


def _readouts(make, data, language):
    widgets.set_language(language)
    ex, positions = make(data())
    out = []
    for v in positions:
        ex.slider.value = v
        out.append(ex.readout.value)
    return out


@pytest.mark.parametrize("data", [watermelon_scores, ten_samples, tied_eight])
@pytest.mark.parametrize("make", [_threshold, _cut, _fbeta])
def test_chinese_readout_same_numbers_book_terms(make, data):
    en = _readouts(make, data, "en")
    zh = _readouts(make, data, "zh")
    from test_chinese_everywhere import punctuation_faults

    for e, z in zip(en, zh, strict=True):
        assert not CJK.search(e), e
        assert NUMBER.findall(z) == NUMBER.findall(e), (e, z)
        assert not punctuation_faults(z), punctuation_faults(z)      # issue 29: full-width around Chinese
        for t in MUST[make]:
            assert t in z, (t, z)
        for english in ("precision", "recall", "accuracy", "threshold", "undefined"):
            assert english not in z, (english, z)


def test_undefined_precision_in_chinese():
    widgets.set_language("zh")
    ex, _ = _cut(ten_samples())
    ex.slider.value = 0                                  # nothing predicted +: P = 0/0
    assert "查准率 P = TP/(TP+FP) = 0/0 = 无定义" in ex.readout.value
    assert "分数 &ge; ∞ 时预测为正例 +（即不预测任何正例）" in ex.readout.value   # ∞, as the cost explorer (issue 29)


@pytest.mark.parametrize("bad", ["fr", "ZH", "", None, 1, "chinese"])
def test_set_language_refuses_other_values(bad):
    widgets.set_language("zh")
    with pytest.raises(ValueError, match=r"language must be one of \['en', 'zh'\], got"):
        widgets.set_language(bad)
    assert widgets.get_language() == "zh"                # nothing changed


def test_default_is_english_and_switching_back_restores_it():
    assert widgets.get_language() == "en"
    before = _readouts(_threshold, watermelon_scores, "en") + _readouts(_cut, tied_eight, "en")
    _readouts(_threshold, watermelon_scores, "zh")
    after = _readouts(_threshold, watermelon_scores, "en") + _readouts(_cut, tied_eight, "en")
    assert after == before


def test_a_shown_explorer_switches_at_refresh():
    d = watermelon_scores()
    ex = ThresholdExplorer(d.y_true, d.y_score, ids=d.ids)
    english = ex.readout.value
    widgets.set_language("zh")
    ex.refresh()
    assert "查准率 P" in ex.readout.value
    widgets.set_language("en")
    ex.refresh()
    assert ex.readout.value == english


def test_term_table_uses_the_books_words():
    assert TERMS["accuracy"] == "精度" and TERMS["precision"] == "查准率 P" and TERMS["recall"] == "查全率 R"
    assert all("准确率" not in v for v in TERMS.values())   # ambiguous: never used


def test_one_explorer_in_chinese_the_others_unchanged():
    from learnmetrics.datasets import watermelon_scores
    from learnmetrics.widgets.curves import CutPointExplorer

    widgets.set_language("en")
    w = watermelon_scores()
    zh, en = CutPointExplorer(w.y_true, w.y_score), CutPointExplorer(w.y_true, w.y_score)
    zh.set_language("zh")
    assert "查准率" in zh.readout.value and "查准率" not in en.readout.value
    zh.slider.value = 5
    assert "查准率" in zh.readout.value
    assert widgets.get_language() == "en"
    zh.set_language(None)
    assert "查准率" not in zh.readout.value
    with pytest.raises(ValueError, match="language must be one of"):
        zh.set_language("fr")


# -- the explorers of chapters 01 and 05-11 ------------------------------------------------------
# Each is built small (as its widget tests do), driven through its controls as a learner drives it, and
# its read-out (``ex.readout_html(ex.state)``: what the page shows for the state) compared in both languages.

@pytest.fixture(scope="module")
def small():
    import numpy as np

    from learnmetrics.bias_variance import bias_variance_experiment
    from learnmetrics.calibration import simulate_scores
    from learnmetrics.compare import simulate_paired_t_power
    from learnmetrics.evaluation import cv_study, holdout_study, two_gaussians_population

    pop = two_gaussians_population(distance=2.0, n_features=3, n_informative=2, positive_rate=0.3)
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-1, 1, 30))
    yc, _, pc = simulate_scores(600, rng=3)
    return {
        "holdout": holdout_study(pop, 40, test_sizes=[0.1, 0.2, 0.5], n_datasets=20, rng=0),
        "cv": cv_study(pop, 30, ks=(2, 5, 10), max_repeats=2, n_datasets=15, rng=0),
        "grid": simulate_paired_t_power(folds=(2, 5, 10), differences=(0.0, 0.05, 0.1), n_repeats=300, rng=0),
        "bv": bias_variance_experiment(range(0, 6), n_sets=30, rng=0),
        "poly": (x, x**3 - x + 0.1 * rng.normal(size=30)),
        "calibration": (yc, pc),
    }


def _holdout(s):
    from learnmetrics.widgets.evaluation import HoldoutExplorer
    ex = HoldoutExplorer(s["holdout"], test_size=0.2)
    return ex, [[(ex.slider, 0.1)], [(ex.checkbox, False)], [(ex.slider, 0.5)], [(ex.checkbox, True)]]


def _cv(s):
    from learnmetrics.widgets.evaluation import CVExplorer
    ex = CVExplorer(s["cv"], k=5)
    return ex, [[(ex.slider, 2)], [(ex.repeats, 2)], [(ex.slider, 10)]]


def _bootstrap(s):
    from learnmetrics.widgets.evaluation import BootstrapExplorer
    ex = BootstrapExplorer(m=10, max_m=50, n_samples=50)
    return ex, [[(ex.slider, 1)], [(ex.slider, 2)], [(ex.slider, 37)]]


def _cost(s):
    from learnmetrics.widgets.cost import CostCurveExplorer
    w = watermelon_scores()
    ex = CostCurveExplorer(w.y_true, w.y_score, names=("good", "bad"))
    # p = 0 (nothing positive is ever worth it: threshold ∞) and both extreme ratios
    return ex, [[(ex.ratio_slider, 0.01)], [(ex.prior_slider, 0.0)], [(ex.ratio_slider, 100.0)],
                [(ex.prior_slider, 1.0)], [(ex.ratio_slider, 1 / 3), (ex.prior_slider, 0.4)]]


def _ranking(s):
    from learnmetrics.widgets.ranking import RankedListExplorer
    ex = RankedListExplorer(["a", "b", "c", "d", "e", "f"], [3, 0, 2, 0, 1, 0],
                            scores=[0.6, 0.9, 0.3, 0.8, 0.2, 0.5], k=3)
    return ex, [[(ex.k_slider, 1)], lambda: ex.move("c", -1), [(ex.gain_toggle, "linear")], ex.reset_worst,
                [(ex.k_slider, 6)]]


def _ranking_nothing_relevant(s):
    from learnmetrics.widgets.ranking import RankedListExplorer
    ex = RankedListExplorer(["a", "b", "c"], [0, 0, 0], k=2)   # recall@k, AP and RR undefined
    return ex, [[(ex.k_slider, 1)]]


def _polynomial(s):
    from learnmetrics.widgets.regression import PolynomialDegreeExplorer
    ex = PolynomialDegreeExplorer(*s["poly"], max_degree=6, degree=1)
    return ex, [[(ex.slider, 0)], [(ex.slider, 3)], [(ex.slider, 6)]]


def _paired(s):
    from learnmetrics.widgets.compare import PairedTestExplorer
    ex = PairedTestExplorer(s["grid"], k=5, difference=0.0)
    return ex, [[(ex.folds, 2)], [(ex.difference, 0.05)], [(ex.folds, 10)]]


def _bias_variance(s):
    from learnmetrics.widgets.bias_variance import BiasVarianceExplorer
    ex = BiasVarianceExplorer(s["bv"], degree=1)
    return ex, [[(ex.slider, 0)], [(ex.slider, 3)], [(ex.slider, 5)]]


def _auc_sampling(s):
    from learnmetrics.widgets.uncertainty import AucSamplingExplorer
    ex = AucSamplingExplorer(sizes=(17, 60), n=17, n_datasets=20, n_resamples=50)
    return ex, [[(ex.dataset, 3)], [(ex.size, 60)]]


def _temperature(s):
    from learnmetrics.widgets.calibration import TemperatureExplorer
    ex = TemperatureExplorer(*s["calibration"])
    return ex, [[(ex.temperature, 0.25)], [(ex.temperature, 4.0)]]


# explorer -> (the book's Chinese terms its read-out must show, English words it must not show in Chinese)
BOOK_TERMS = {
    _holdout: (["留出法", "测试集比例", "分层采样", "估计的均值", "真实误差", "估计的偏差", "标准差", "均方根误差 RMSE"],
               ["test share", "stratified", "estimate", "true error", "bias", "sd:", "examples", "True", "False"]),
    _cv: (["折交叉验证", "训练次数", "估计的均值", "真实误差", "估计的偏差", "标准差"],
          ["-fold", "CV", "trainings", "estimate", "true error", "bias", "examples"]),
    _bootstrap: (["自助法", "包外", "有放回采样", "D'"],
                 ["out-of-bag", "sample", "mean over", "training", "unseen"]),
    _cost: (["正例概率 p", "正例概率代价 P(+)cost", "等代价线", "最佳截断点", "阈值", "归一化代价", "总代价",
             "真正例 TP", "假反例 FN", "假正例 FP", "真反例 TN", "假正例率 FPR", "真正例率 TPR"],
            ["normalized", "best cut", "threshold", "all negative", "all positive", "total cost", "slope",
             "nothing positive"]),
    _ranking: (["排序", "相关", "查准率 P@", "查全率 R@", "平均查准率 AP", "倒数排名 RR", "累计增益 CG", "折损累计增益"],
               ["order:", "relevant:", "precision", "recall", "recip.", "items"]),
    _ranking_nothing_relevant: (["无定义"], ["undefined"]),
    _polynomial: (["多项式次数", "个参数", "均方误差 MSE", "决定系数", "调整 R", "选出的次数"],
                  ["degree", "parameters", "adjusted", "value", "pick"]),
    _paired: (["折", "两个学习器错误率的真实差", "原假设", "临界值", ("第一类错误率", "检验功效"), "次模拟实验"],
              ["folds", "true difference", "null", "critical", "type I", "power", "simulated", "examples"]),
    _bias_variance: (["多项式次数", "偏差", "方差", "噪声", "泛化误差 E(f; D)", "训练误差"],
                     ["degree", "variance", "noise", "sum", "training", "simulated"]),
    _auc_sampling: (["测试集大小", "数据集", "真实值", "自助法", "置信区间", "标准差", "覆盖率"],
                    ["data set", "true", "bootstrap", "sd of", "coverage"]),
    _temperature: (["温度 T", "Brier 分数", "对数损失", "期望校准误差 ECE", "个分箱"],
                   ["Brier score", "log loss", "bins"]),
}


def _drive(make, small, language):
    widgets.set_language(language)
    ex, steps = make(small)
    out = [ex.readout_html(ex.state)]
    for step in steps:
        if callable(step):
            step()
        else:
            for control, value in step:
                control.value = value
        out.append(ex.readout_html(ex.state))
    # what the learner sees is the read-out of the state shown
    assert ex.readout.value == out[-1]
    return out


@pytest.mark.parametrize("make", list(BOOK_TERMS), ids=lambda f: f.__name__.strip("_"))
def test_every_explorer_reads_out_in_chinese_with_the_same_numbers(make, small):
    en = _drive(make, small, "en")
    zh = _drive(make, small, "zh")
    must, english_words = BOOK_TERMS[make]
    if make is _paired:   # both: false alarms at difference 0, power elsewhere
        assert any("第一类错误率" in z for z in zh) and any("检验功效" in z for z in zh)
    assert len(set(en)) > 1 or make is _ranking_nothing_relevant   # the controls did move the read-out
    for e, z in zip(en, zh, strict=True):
        assert not CJK.search(e), e
        assert NUMBER.findall(z) == NUMBER.findall(e), (e, z)
        for t in must:   # a tuple: one of them (which one depends on the state)
            assert any(a in z for a in ((t,) if isinstance(t, str) else t)), (t, z)
        for word in english_words:
            assert word not in z, (word, z)
    widgets.set_language("en")
    assert _drive(make, small, "en") == en             # English comes back unchanged


@pytest.mark.parametrize("make", [_holdout, _cost, _temperature], ids=lambda f: f.__name__.strip("_"))
def test_one_explorer_of_each_kind_switches_on_its_own(make, small):
    widgets.set_language("en")
    ex, steps = make(small)
    english = ex.readout.value
    ex.set_language("zh")
    assert CJK.search(ex.readout.value) and NUMBER.findall(ex.readout.value) == NUMBER.findall(english)
    for control, value in steps[0]:
        control.value = value
    assert CJK.search(ex.readout.value)
    assert widgets.get_language() == "en"
    ex.set_language(None)
    assert not CJK.search(ex.readout.value)


def test_every_explorer_class_has_a_chinese_readout():
    """Every explorer in ``learnmetrics.widgets`` (also one added later) writes its read-out in
    Chinese when asked: its ``describe`` consults the language (calls ``is_chinese``)."""
    import importlib
    import inspect
    import pkgutil

    import learnmetrics.widgets as pkg
    from learnmetrics.widgets._base import Explorer

    classes = set()
    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"learnmetrics.widgets.{info.name}")
        classes |= {c for _, c in inspect.getmembers(module, inspect.isclass)
                    if issubclass(c, Explorer) and c.__module__ == module.__name__ and not c.__name__.startswith("_")}
    assert len(classes) >= 13
    # the compiled code, not the source file (which may have changed since it was imported)
    missing = [c.__name__ for c in classes if "is_chinese" not in c.describe.__code__.co_names]
    assert not missing, f"explorers whose read-out has no Chinese: {missing}"


def test_new_terms_are_the_books():
    assert TERMS["hold-out"] == "留出法" and TERMS["bootstrap"] == "自助法" and TERMS["fold"] == "折"
    assert TERMS["P(+)cost"].startswith("正例概率代价") and TERMS["normalized cost"].startswith("归一化代价")
    assert (TERMS["bias"], TERMS["variance"], TERMS["noise"]) == ("偏差", "方差", "噪声")
    assert TERMS["generalization error"] == "泛化误差" and TERMS["stratified"] == "分层采样"


@pytest.mark.parametrize("make", list(BOOK_TERMS), ids=lambda f: f.__name__.strip("_"))
def test_chinese_stays_out_of_the_figures(make, small):
    """Chinese goes into the read-outs and labels only: the figures' font has no CJK glyphs, so a
    term drawn on a figure would show as empty boxes (06's 'undefined' in its title did)."""
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _drive(make, small, "zh")
    missing = [str(w.message) for w in caught if "missing from font" in str(w.message)]
    assert not missing, missing
