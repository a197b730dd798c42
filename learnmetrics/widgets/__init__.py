"""Interactive explorers (ipywidgets + matplotlib).

Imported only by notebooks and tests: ``import learnmetrics`` alone does not
load matplotlib or ipywidgets. Each explorer is a view over a pure state
function from the subject's own module. ``set_language("zh")`` writes the
explorers' text read-outs with the book's Chinese terms (default ``"en"``).
"""
from ._base import Explorer
from ._i18n import get_language, set_language

__all__ = ["Explorer", "get_language", "set_language"]
