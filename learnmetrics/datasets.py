"""The course's running examples.

* :func:`watermelon_3a`: the 17 melons of watermelon data set 3.0α (西瓜数据集
  3.0α) from Zhou Zhihua, *Machine Learning*, table 4.5: density, sugar
  content, and whether the melon is good (好瓜).
* :func:`watermelon_scores`: the scores the course's example learner (a
  logistic regression, :class:`learnmetrics.learners.LogisticRegression`)
  gives the 17 melons, so they can be ranked and cut.
* :func:`ten_samples`: 10 scored examples, 5 positive and 5 negative, for the
  start and end points of a P-R curve and the "oscillation" of precision.
* :func:`tied_eight`: 8 examples with tied scores (two ties across the classes), to show
  the diagonal step of an ROC curve.
* :func:`tagged_melons`: the 17 melons with two tags each, 甜 (sweet) and 脆
  (crisp), and a model's scores for both: multi-label data ("two target
  columns").
* :func:`load_breast_cancer`: the Wisconsin diagnostic breast-cancer data, a
  real data set of 569 tumours (see :mod:`learnmetrics.realdata`).
"""
from __future__ import annotations

import csv
from dataclasses import dataclass, field
from importlib import resources

import numpy as np

from ._validation import check_bool, check_positive_int, check_probability

__all__ = [
    "Dataset", "ScoredExamples", "watermelon_3a", "watermelon_scores", "ten_samples", "tied_eight",
    "RareClassExample", "rare_class_example", "TaggedExamples", "tagged_melons", "load_breast_cancer",
]


@dataclass(frozen=True)
class Dataset:
    """Features ``X`` (n_samples, n_features), labels ``y`` and their names."""

    X: np.ndarray
    y: np.ndarray
    feature_names: tuple[str, ...]
    target_names: tuple[str, ...]
    ids: np.ndarray
    description: str = ""

    def __len__(self) -> int:
        return len(self.y)

    def to_text(self) -> str:
        """The data as a fixed-width text table (id, features, label)."""
        head = "  id  " + "  ".join(f"{n:>13}" for n in self.feature_names) + "  label"
        rows = [
            f"{i:4d}  " + "  ".join(f"{v:13.3f}" for v in x) + f"  {self.target_names[int(t)]}"
            for i, x, t in zip(self.ids, self.X, self.y)
        ]
        return "\n".join([head, *rows])


@dataclass(frozen=True)
class ScoredExamples:
    """Examples with a true label (1 = positive) and a score (higher = more likely positive)."""

    y_true: np.ndarray
    y_score: np.ndarray
    ids: np.ndarray
    description: str = ""
    names: tuple[str, ...] = field(default=())

    def __len__(self) -> int:
        return len(self.y_true)

    def to_text(self, *, ranked: bool = True) -> str:
        """The examples as a text table, highest score first (rank, id, score, label);
        ``ranked=False`` keeps the id order."""
        ranked = check_bool(ranked, "ranked")
        ids, y, s = self.ranked() if ranked else (self.ids, self.y_true, self.y_score)
        rows = [f"{r:4d}  {i:3d}  {v:6.3f}  {'+' if t == 1 else '-'}" for r, (i, v, t) in enumerate(zip(ids, s, y), 1)]
        return "\n".join(["rank   id   score  label", *rows])

    def ranked(self):
        """(ids, y_true, y_score) sorted by decreasing score (ties keep id order)."""
        order = np.argsort(-self.y_score, kind="stable")
        return self.ids[order], self.y_true[order], self.y_score[order]


# Table 4.5 of the book (watermelon data set 3.0α): id, density (密度), sugar content (含糖率), good melon (好瓜).
_WATERMELON_3A = np.array(
    [
        [1, 0.697, 0.460, 1],
        [2, 0.774, 0.376, 1],
        [3, 0.634, 0.264, 1],
        [4, 0.608, 0.318, 1],
        [5, 0.556, 0.215, 1],
        [6, 0.403, 0.237, 1],
        [7, 0.481, 0.149, 1],
        [8, 0.437, 0.211, 1],
        [9, 0.666, 0.091, 0],
        [10, 0.243, 0.267, 0],
        [11, 0.245, 0.057, 0],
        [12, 0.343, 0.099, 0],
        [13, 0.639, 0.161, 0],
        [14, 0.657, 0.198, 0],
        [15, 0.360, 0.370, 0],
        [16, 0.593, 0.042, 0],
        [17, 0.719, 0.103, 0],
    ]
)


def watermelon_3a() -> Dataset:
    """Watermelon data set 3.0α (西瓜数据集 3.0α): 17 melons, 8 good and 9 bad.

    Returns
    -------
    Dataset
        ``X`` of shape (17, 2): density (密度) and sugar content (含糖率);
        ``y``: 1 for a good melon (好瓜 = 是), 0 for a bad one; ``ids`` 1..17
        as numbered in the book.

    Example
    -------
    >>> d = watermelon_3a()
    >>> d.X.shape, int(d.y.sum())
    ((17, 2), 8)
    """
    t = _WATERMELON_3A
    return Dataset(
        X=t[:, 1:3].copy(),
        y=t[:, 3].astype(np.int64),
        feature_names=("density", "sugar_content"),
        target_names=("bad melon", "good melon"),
        ids=t[:, 0].astype(np.int64),
        description="Watermelon data set 3.0α, Zhou Zhihua, Machine Learning (2016), table 4.5.",
    )


def watermelon_scores() -> ScoredExamples:
    """The course's example learner's scores for the 17 melons.

    A :class:`~learnmetrics.learners.LogisticRegression` (deterministic) is
    fitted on all 17 melons' density and sugar content; each melon's score is
    its predicted probability of being a good melon, **rounded to 3 decimals**
    so that a table of the ranked list stays readable.

    The course cuts these rounded scores everywhere. Rounding can move an
    example across a threshold: melon 5's probability is 0.49972, its score
    0.500, so at threshold 0.5 the score calls it good while the model's own
    ``predict`` (which cuts the unrounded probability) calls it bad.

    Example
    -------
    >>> s = watermelon_scores()
    >>> float(s.y_score[4])   # melon 5
    0.5
    """
    from .learners import LogisticRegression

    d = watermelon_3a()
    proba = LogisticRegression().fit(d.X, d.y).predict_proba(d.X)
    return ScoredExamples(
        y_true=d.y.copy(),
        y_score=np.round(proba, 3),
        ids=d.ids.copy(),
        description="Watermelon 3.0α scored by the course's logistic regression (P(good melon)).",
    )


def ten_samples() -> ScoredExamples:
    """Ten scored examples, 5 positive and 5 negative (note 001's P-R analysis).

    In rank order the labels are ``+ + - + + - - + - -``: the first cut
    gives P = 1, R = 0.2; precision then rises and falls ("oscillates") while
    recall never falls; cutting after the last example gives R = 1 and
    P = 5/10, the share of positives, not 0.
    """
    y = np.array([1, 1, 0, 1, 1, 0, 0, 1, 0, 0])
    s = np.array([0.95, 0.90, 0.80, 0.70, 0.65, 0.55, 0.45, 0.40, 0.30, 0.10])
    return ScoredExamples(
        y_true=y,
        y_score=s,
        ids=np.arange(1, 11),
        description="Ten examples, 5 positive and 5 negative, distinct scores.",
    )


def tied_eight() -> ScoredExamples:
    """Eight examples with tied scores: 4 positive, 4 negative.

    Scores (ranked): 0.9 (+), 0.8 (+, -), 0.6 (+), 0.5 (-, -), 0.3 (+, -).
    Two ties are across the classes (0.8 and 0.3): a cut through one moves a
    positive and a negative across together, so the ROC curve takes a
    *diagonal* step there (such a tie counts 1/2 in the rank loss). The tie at
    0.5 is within the negatives: a longer flat step.
    """
    y = np.array([1, 1, 0, 1, 0, 0, 1, 0])
    s = np.array([0.9, 0.8, 0.8, 0.6, 0.5, 0.5, 0.3, 0.3])
    return ScoredExamples(
        y_true=y,
        y_score=s,
        ids=np.arange(1, 9),
        description="Eight examples with tied scores: two ties across the classes, one within.",
    )


@dataclass(frozen=True)
class TaggedExamples:
    """Multi-label examples: features, a 0/1 indicator matrix of tags and a model's scores.

    ``Y[i, j] = 1`` when example ``i`` carries tag ``j`` (a row may hold
    several 1s, or none); ``Y_score[i, j]`` is the model's score for that tag.
    """

    X: np.ndarray
    Y: np.ndarray
    Y_score: np.ndarray
    ids: np.ndarray
    feature_names: tuple[str, ...]
    label_names: tuple[str, ...]
    description: str = ""

    def __len__(self) -> int:
        return len(self.Y)

    def to_text(self, *, threshold: float = 0.5) -> str:
        """The examples as a fixed-width table: id, tags (1/0), scores, and the tags
        predicted (score >= ``threshold``)."""
        from ._validation import check_real

        threshold = check_real(threshold, "threshold")
        names = [n.split()[0] for n in self.label_names]  # the ASCII part: CJK glyphs are double width
        head = ("  id  " + "  ".join(names) + "   " + "  ".join(f"score {n}" for n in names)
                + "   predicted " + " ".join(names))
        pred = (self.Y_score >= threshold).astype(int)
        rows = [f"{i:4d}  " + "  ".join(f"{t:>{len(n)}d}" for t, n in zip(y, names)) + "   "
                + "  ".join(f"{v:>{len(n) + 6}.3f}" for v, n in zip(s, names)) + "   " + " " * len("predicted ")
                + " ".join(f"{v:>{len(n)}d}" for v, n in zip(p, names))
                for i, y, s, p in zip(self.ids, self.Y, self.Y_score, pred)]
        return "\n".join([head, *rows])


#: how :func:`tagged_melons` draws the tags: P(tag) = sigmoid(slope (feature - centre)), one seed
_TAGS = (("sweet 甜", 1, 30.0, 0.20), ("crisp 脆", 0, 25.0, 0.62))
_TAG_SEED = 7


def tagged_melons() -> TaggedExamples:
    r"""The 17 melons of watermelon 3.0α with two tags each: 甜 (sweet) and 脆 (crisp).

    A multi-label data set (多标记, "two target columns"): a melon can be
    sweet, crisp, both or neither. The tags are **the course's invention**,
    not the book's: drawn once with a fixed seed (``default_rng(7)``) so that
    sweeter melons are more often tagged 甜 and denser ones more often 脆:

    .. math::

        P(\text{甜}) = \sigma\big(30\,(\text{sugar} - 0.20)\big), \qquad
        P(\text{脆}) = \sigma\big(25\,(\text{density} - 0.62)\big)

    The scores come from the course's logistic regression
    (:class:`~learnmetrics.learners.LogisticRegression`, on density and sugar
    content), one model per tag, each melon scored by the model fitted on the
    other 16 (leave-one-out, chapter 01: no melon is scored by a model that
    saw its tags), rounded to 3 decimals.

    Returns
    -------
    TaggedExamples
        ``X`` (17, 2): density, sugar content; ``Y`` (17, 2) int 0/1 tags
        (column 0 甜, column 1 脆); ``Y_score`` (17, 2); ``ids`` 1..17.

    Example
    -------
    >>> t = tagged_melons()
    >>> t.Y.shape, t.Y.sum(axis=0).tolist(), int((t.Y.sum(axis=1) == 2).sum())
    ((17, 2), [11, 4], 3)
    """
    from .learners import LogisticRegression

    d = watermelon_3a()
    gen = np.random.default_rng(_TAG_SEED)
    u = gen.random((len(d.y), len(_TAGS)))
    p = np.column_stack([1.0 / (1.0 + np.exp(-slope * (d.X[:, col] - centre))) for _, col, slope, centre in _TAGS])
    Y = (u < p).astype(np.int64)
    n = len(d.y)
    scores = np.empty(Y.shape)
    for j in range(Y.shape[1]):
        for i in range(n):
            train = np.arange(n) != i
            scores[i, j] = LogisticRegression().fit(d.X[train], Y[train, j]).predict_proba(d.X[i:i + 1])[0]
    return TaggedExamples(
        X=d.X.copy(),
        Y=Y,
        Y_score=np.round(scores, 3),
        ids=d.ids.copy(),
        feature_names=d.feature_names,
        label_names=tuple(name for name, *_ in _TAGS),
        description="Watermelon 3.0α with two tags drawn by the course (seed 7), 甜 from the sugar content and "
                    "脆 from the density; scores: leave-one-out logistic regression, one per tag.",
    )


@dataclass(frozen=True)
class RareClassExample:
    """Three classes, one rare, and two classifiers (see :func:`rare_class_example`)."""

    y_true: np.ndarray
    finds_rare: np.ndarray
    ignores_rare: np.ndarray
    class_names: tuple[str, ...]
    description: str = ""


def rare_class_example(*, n_common: int = 480, n_rare: int = 40, correct: float = 0.9,
                       rng: int = 0) -> RareClassExample:
    """Two common classes and a rare one, and two classifiers that differ only on the rare class.

    ``y_true`` holds ``n_common`` examples of class 0 (A), ``n_common`` of
    class 1 (B) and ``n_rare`` of class 2 (C, rare), in that order. Both
    classifiers keep each example's class with probability ``correct`` and
    otherwise confuse the two common classes (A for B, B for A), so they make
    the same mistakes on A and B. On the rare class they differ:

    * ``finds_rare`` keeps a C example as C with probability ``correct`` and
      otherwise calls it A or B (at random);
    * ``ignores_rare`` never predicts C: every C example is called A or B.

    Parameters
    ----------
    n_common, n_rare : int, default=480, 40
        Sizes of each common class and of the rare class (positive).
    correct : float in [0, 1], default=0.9
        Probability that an example's class is kept.
    rng : int, default=0
        Seed.

    Returns
    -------
    RareClassExample
        ``y_true, finds_rare, ignores_rare`` (int arrays of length
        ``2 n_common + n_rare``) and ``class_names``.

    Example
    -------
    >>> ex = rare_class_example()
    >>> len(ex.y_true), int((ex.y_true == 2).sum()), int((ex.ignores_rare == 2).sum())
    (1000, 40, 0)
    """
    n_common = check_positive_int(n_common, "n_common", maximum=10_000_000)
    n_rare = check_positive_int(n_rare, "n_rare", maximum=10_000_000)
    correct = check_probability(correct, "correct")
    if isinstance(rng, (bool, np.bool_)) or not isinstance(rng, (int, np.integer)):
        raise TypeError(f"rng must be an integer seed, got {type(rng).__name__} {rng!r}")
    gen = np.random.default_rng(int(rng))
    y = np.repeat([0, 1, 2], [n_common, n_common, n_rare])
    kept = gen.random(len(y)) < correct
    common_or_random = gen.integers(0, 2, size=len(y))  # A or B, at random
    wrong = np.where(y == 2, common_or_random, 1 - np.minimum(y, 1))  # A <-> B; C -> A or B
    finds = np.where(kept, y, wrong)
    ignores = np.where(y == 2, common_or_random, finds)  # the same on A and B, never C
    return RareClassExample(
        y_true=y, finds_rare=finds, ignores_rare=ignores, class_names=("A", "B", "C (rare)"),
        description=f"{n_common} + {n_common} common examples and {n_rare} rare ones; "
                    f"each class kept with probability {correct}.",
    )


# --------------------------------------------------------------------------------------
# a real data set (also importable as learnmetrics.realdata.load_breast_cancer)
# --------------------------------------------------------------------------------------
_BREAST_CANCER_FILE = "breast_cancer_wisconsin.csv"


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
    text = resources.files("learnmetrics").joinpath("data", _BREAST_CANCER_FILE).read_text(encoding="utf-8")
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
