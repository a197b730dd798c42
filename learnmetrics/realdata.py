"""A real data set shipped with the course: the Wisconsin diagnostic breast-cancer data.

569 breast masses, each described by 30 measurements of the cell nuclei in a
digitised image of a fine-needle aspirate, and the diagnosis: malignant (212)
or benign (357). Large enough for every evaluation method of chapter 2 (a test
set of a few hundred), small enough to fit a model in a millisecond.

The CSV in ``learnmetrics/data/`` is scikit-learn's bundled copy with a header
row added; its source and licence are in ``learnmetrics/data/README.md``.
The loader lives in :mod:`learnmetrics.datasets` beside the course's other data
sets (and the :class:`~learnmetrics.datasets.Dataset` it returns); this module
names it for those who look for the real data here.  Only this module imports
the other, never the reverse.
"""
from __future__ import annotations

from .datasets import load_breast_cancer

__all__ = ["load_breast_cancer"]
