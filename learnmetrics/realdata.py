"""Real data sets shipped with the course: the Wisconsin diagnostic breast-cancer data and Caravan.

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

import csv
from importlib import resources

import numpy as np

from .datasets import Dataset, load_breast_cancer

__all__ = ["load_breast_cancer", "load_caravan"]


_CARAVAN_FILE = "caravan.csv.gz"


def load_caravan() -> Dataset:
    """The Caravan insurance data (CoIL Challenge 2000; Peter van der Putten, Sentient Machine Research).

    5,822 customers of a Dutch insurer, 85 integer features (43 socio-demographic
    features of the customer's postcode area, ``M*``, and 42 about the policies the
    customer holds, ``P*`` contributions and ``A*`` numbers), and whether the
    customer bought a caravan (mobile home) insurance policy: **348 did (5.98%)**,
    the rare positive class. The copy shipped with the ISLP package (the training
    part of the CoIL data); its source and licence are in ``learnmetrics/data/README.md``.

    Returns
    -------
    Dataset
        ``X`` of shape (5822, 85), float64 (the codes as numbers); ``y``: **1 for a
        purchase**, 0 otherwise; ``target_names`` ``("no purchase", "purchase")``;
        ``ids`` 1..5822 in file order.

    Example
    -------
    >>> d = load_caravan()
    >>> d.X.shape, int(d.y.sum()), round(float(d.y.mean()), 4)
    ((5822, 85), 348, 0.0598)
    """
    import gzip

    raw = resources.files("learnmetrics").joinpath("data", _CARAVAN_FILE).read_bytes()
    rows = list(csv.reader(gzip.decompress(raw).decode("utf-8").splitlines()))
    header, body = rows[0], rows[1:]
    X = np.array([[float(v) for v in r[:-1]] for r in body], dtype=np.float64)
    y = np.array([1 if r[-1] == "Yes" else 0 for r in body], dtype=np.int64)
    return Dataset(X=X, y=y, feature_names=tuple(header[:-1]), target_names=("no purchase", "purchase"),
                   ids=np.arange(1, len(y) + 1, dtype=np.int64),
                   description="Caravan insurance (CoIL 2000): 5822 customers, 348 bought (5.98%)")
