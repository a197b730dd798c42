"""Interactive explorers (ipywidgets + matplotlib).

Imported only by notebooks and tests: ``import learnmetrics`` alone does not
load matplotlib or ipywidgets. Each explorer is a view over a pure state
function from the subject's own module.
"""
from ._base import Explorer

__all__ = ["Explorer"]
