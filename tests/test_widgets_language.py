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
    for e, z in zip(en, zh, strict=True):
        assert not CJK.search(e), e
        assert NUMBER.findall(z) == NUMBER.findall(e), (e, z)
        for t in MUST[make]:
            assert t in z, (t, z)
        for english in ("precision", "recall", "accuracy", "threshold", "undefined"):
            assert english not in z, (english, z)


def test_undefined_precision_in_chinese():
    widgets.set_language("zh")
    ex, _ = _cut(ten_samples())
    ex.slider.value = 0                                  # nothing predicted +: P = 0/0
    assert "查准率 P = TP/(TP+FP) = 0/0 = 无定义" in ex.readout.value
    assert "+inf（没有分数高于它）" in ex.readout.value


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
