"""Chapter 06's explorer: bad data refused before drawing, any kind of item id found, state = the functions."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

import learnmetrics as lm  # noqa: E402
from learnmetrics.widgets.ranking import RankedListExplorer  # noqa: E402


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        (dict(items=["a", 1, 2], relevance=[1, 0, 2]), TypeError, "items mixes number and string item ids"),
        (dict(items="abc", relevance=[1, 0, 2]), TypeError, "items must be array-like"),
        (dict(items=[], relevance=[]), ValueError, "items is empty"),
        (dict(items=["a"], relevance=[1]), ValueError, "at least 2 items"),
        (dict(items=[f"d{i}" for i in range(51)], relevance=[1] * 51), ValueError, "at most 50"),
        (dict(items=["a", "a"], relevance=[1, 0]), ValueError, "distinct"),
        (dict(items=["a", None], relevance=[1, 0]), ValueError, "items must not contain None"),
        (dict(items=["a", "b"], relevance=[1]), ValueError, "relevance has 1 grades"),
        (dict(items=["a", "b"], relevance=[1, np.nan]), ValueError, "relevance must not contain NaN"),
        (dict(items=["a", "b"], relevance=[1, -2]), ValueError, "relevance must be non-negative"),
        (dict(items=["a", "b"], relevance=["x", "y"]), TypeError, "relevance must hold numbers"),
        (dict(items=["a", "b"], relevance=[1, 0], k=3), ValueError, "k must be between 1 and 2"),
        (dict(items=["a", "b"], relevance=[1, 0], k=1.5), TypeError, "k must be an integer"),
        (dict(items=["a", "b"], relevance=[1, 0], k=0), ValueError, "k must be between 1 and 2"),
        (dict(items=["a", "b"], relevance=[1, 0], gain="exp"), ValueError, "gain must be one of"),
        (dict(items=["a", "b"], relevance=[1, 0], relevant_threshold="1"), TypeError, "relevant_threshold"),
        (dict(items=["a", "b"], relevance=[1, 0], relevant_threshold=0), ValueError, "relevant_threshold must be > 0"),
        (dict(items=["a", "b"], relevance=[1, 0], scores=[1, np.nan]), ValueError, "scores must not contain NaN"),
        (dict(items=["a", "b"], relevance=[1, 0], scores=[1]), ValueError, "scores has 1 values"),
        (dict(items=["a", "b"], relevance=[1, 0], scores=["x", "y"]), TypeError, "scores must hold"),
        (dict(items=["a", "b"], relevance=[1, 0], seed="zero"), TypeError, "seed must be"),
    ],
)
def test_explorer_refuses_bad_data_before_drawing(kwargs, exc, match, monkeypatch):
    drawn = []
    monkeypatch.setattr(RankedListExplorer, "setup_figure", lambda self, fig: drawn.append(1))
    with pytest.raises(exc, match=match):
        RankedListExplorer(**kwargs)
    assert not drawn


@pytest.mark.parametrize("items", [[3, 1, 2], ["c", "a", "b"], [3.5, 1.5, 2.5], np.array([30, 10, 20])])
def test_explorer_finds_every_kind_of_item(items):
    ex = RankedListExplorer(items, [1, 2, 0])
    first = items[1] if not isinstance(items, np.ndarray) else int(items[1])
    ex.move(first, -1)                       # the item with grade 2 to the top
    assert ex.order[0] == first and ex.state.relevance[0] == 2
    ex.set_order(list(reversed(ex.order)))
    assert ex.order[-1] == first
    with pytest.raises(ValueError, match="not in the list"):
        ex.move("zzz" if not isinstance(first, str) else 99, 1)


def test_explorer_state_matches_the_metric_functions():
    items = ["d1", "d2", "d3", "d4", "d5", "d6"]
    rel = [3, 2, 3, 0, 1, 2]
    ex = RankedListExplorer(items, rel, scores=[0.6, 0.9, 0.3, 0.8, 0.2, 0.5], k=3)
    for step in range(4):
        ex.shuffle()
        order = list(ex.order)
        grade = dict(zip(items, rel))
        y_true = [[grade[i] for i in items]]
        scores = [[len(items) - order.index(i) for i in items]]          # rank 1 gets the top score
        s = ex.state
        assert s.ndcg_linear == pytest.approx(lm.ndcg_score(y_true, scores, k=3))
        assert s.ndcg_exponential == pytest.approx(lm.ndcg_score(y_true, scores, k=3, gain="exponential"))
        relevant = {i for i in items if grade[i] >= 1}
        assert s.precision_at_k == pytest.approx(lm.precision_at_k(order, relevant, 3))
        assert s.average_precision == pytest.approx(lm.average_precision(order, relevant))


def test_explorer_text_is_at_least_9_points():
    ex = RankedListExplorer(["a", "b", "c"], [2, 0, 1])
    sizes = [t.get_fontsize() for t in ex.fig.findobj(lambda a: hasattr(a, "get_fontsize") and a.get_visible())]
    sizes += [lab.get_fontsize() for ax in ex.fig.axes for lab in ax.get_xticklabels() + ax.get_yticklabels()]
    assert min(sizes) >= 9


@pytest.mark.parametrize("language", ["en", "zh"])
def test_dcg_table_keeps_its_columns_apart_when_ndcg_is_undefined(language):
    """With nothing relevant, NDCG is undefined in both gain columns: the table read
    'undefinedundefined' (9 letters in 9 columns); now every column is right-aligned by the
    width shown (无定义 is 6 columns wide) with at least one space between columns."""
    import html
    import re
    import unicodedata

    from learnmetrics import widgets
    widgets.set_language(language)
    try:
        ex = RankedListExplorer(["a", "b", "c"], [0, 0, 0], k=2)
        text = html.unescape(re.sub("<[^>]+>", "", ex.readout.value))
    finally:
        widgets.set_language("en")
    word = "undefined" if language == "en" else "无定义"
    rows = [r for r in text.splitlines() if r.startswith(("DCG@", "IDCG@", "NDCG@"))]
    ndcg = next(r for r in rows if r.startswith("NDCG@"))
    assert ndcg.split() == ["NDCG@2", word, word], ndcg
    shown = {sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in r) for r in rows}
    assert len(shown) == 1, rows   # the columns line up


def test_state_at_an_order_moves_nothing_shown():
    docs = ["d1", "d2", "d3", "d4"]
    ex = RankedListExplorer(docs, [3, 2, 0, 1], scores=[0.2, 0.9, 0.8, 0.1], k=2)
    shown = ex.order
    at = ex.state_at(order=ex.moved(ex.order, "d1", -1), k_slider=3)
    assert ex.order == shown and ex.k_slider.value == 2
    ex.k_slider.value = 3
    ex.move("d1", -1)
    assert str(at) == str(ex.state)
    with pytest.raises(ValueError, match="exactly once"):
        ex.state_at(order=["d1", "d2"])
