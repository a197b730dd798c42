"""A real data set shipped with the course: the Wisconsin diagnostic breast-cancer data.

569 breast masses, each described by 30 measurements of the cell nuclei in a
digitised image of a fine-needle aspirate, and the diagnosis: malignant (212)
or benign (357). Large enough for every evaluation method of chapter 2 (a test
set of a few hundred), small enough to fit a model in a millisecond.

The CSV in ``learnmetrics/data/`` is scikit-learn's bundled copy with a header
row added; its source and licence are in ``learnmetrics/data/README.md``.
"""
from __future__ import annotations

import csv
from importlib import resources

import numpy as np

from .datasets import Dataset

__all__ = ["load_breast_cancer"]

_FILE = "breast_cancer_wisconsin.csv"


def load_breast_cancer() -> Dataset:
    """The Wisconsin diagnostic breast-cancer data (UCI; Wolberg, Street, Mangasarian 1995).

    Returns
    -------
    Dataset
        ``X`` of shape (569, 30): for each of ten nucleus features (radius,
        texture, perimeter, area, smoothness, compactness, concavity, concave
        points, symmetry, fractal dimension) its mean, standard error and
        "worst" (mean of the three largest values) over the nuclei in the image;
        ``y``: **1 for malignant** (the class to detect, the positive class),
        0 for benign; ``target_names`` ``("benign", "malignant")``;
        ``ids`` 1..569 in file order.

    Notes
    -----
    scikit-learn's ``load_breast_cancer`` codes the classes the other way round
    (0 = malignant, 1 = benign); here the positive class is the disease, as in
    the chapters on precision and recall. ``X`` is identical.

    Example
    -------
    >>> d = load_breast_cancer()
    >>> d.X.shape, int(d.y.sum()), d.target_names
    ((569, 30), 212, ('benign', 'malignant'))
    """
    text = resources.files("learnmetrics").joinpath("data", _FILE).read_text(encoding="utf-8")
    rows = list(csv.reader(text.splitlines()))
    header, body = rows[0], rows[1:]
    ids = np.array([int(r[0]) for r in body], dtype=np.int64)
    X = np.array([[float(v) for v in r[1:-1]] for r in body], dtype=np.float64)
    y = np.array([1 if r[-1] == "M" else 0 for r in body], dtype=np.int64)
    names = tuple(h.replace("_", " ") for h in header[1:-1])
    return Dataset(
        X=X,
        y=y,
        feature_names=names,
        target_names=("benign", "malignant"),
        ids=ids,
        description=(
            "Breast Cancer Wisconsin (Diagnostic), W. H. Wolberg, W. N. Street, O. L. Mangasarian (1995), "
            "UCI Machine Learning Repository, CC BY 4.0; 569 samples, 30 features, 212 malignant (y=1)."
        ),
    )
