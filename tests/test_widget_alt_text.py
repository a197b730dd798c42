"""Every explorer tells a screen reader what its figure shows (issue 35: all 19 explorers had an
empty ``alt``): a sentence of its own in ``alt_text``, sent to the page as the view's ``alt``."""
import importlib
import inspect
import pkgutil

import learnmetrics.widgets as W
from learnmetrics.widgets._base import Explorer


def _explorers():
    out = {}
    for m in pkgutil.iter_modules(W.__path__):
        mod = importlib.import_module(f"learnmetrics.widgets.{m.name}")
        for name, cls in vars(mod).items():
            if (inspect.isclass(cls) and issubclass(cls, Explorer) and cls is not Explorer
                    and cls.__module__ == mod.__name__
                    and not name.startswith("_")):
                out[name] = cls
    return out


def test_every_explorer_says_what_its_figure_shows():
    found = _explorers()
    assert len(found) >= 16, sorted(found)
    for name, cls in found.items():
        text = cls.alt_text
        assert 40 <= len(text) <= 300 and text.endswith("."), (name, text)
        assert "slider" in text or "control" in text, (name, "say what moves it", text)
    assert len({cls.alt_text for cls in found.values()}) == len(found), "each explorer its own sentence"


def test_the_view_carries_it():
    from learnmetrics.widgets.threshold import ThresholdExplorer

    ex = ThresholdExplorer([0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.4, 0.7])
    assert ex.screen.alt == f"Interactive figure: {ThresholdExplorer.alt_text}"
