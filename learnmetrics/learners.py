"""The course's example learners.

* :class:`LogisticRegression`: a small, deterministic logistic regression. The
  chapters need *some* model that turns examples into scores, so that a ranked
  list, a cut point and curves exist. Plain NumPy, no randomness (zero start,
  full-batch Newton steps with a small L2 penalty), good enough to be
  interesting without hiding how it works.
* :class:`MajorityClassifier`: the learner of the book's exercise 2.2, which
  ignores the features and predicts the most frequent class of its training
  set. It is the simplest *unstable* learner: removing one training example can
  flip every prediction, which is what makes leave-one-out fail on it.
"""
from __future__ import annotations

import copy

import numpy as np

from ._labels import _labels_array
from ._validation import (as_features, as_labels, check_choice, check_positive_int, check_real, check_rng,
                          check_same_length)

__all__ = ["LogisticRegression", "MajorityClassifier", "NearestCentroid"]

#: the largest penalty accepted: beyond it every weight is zero to machine precision anyway
_MAX_L2 = 1e12


class LogisticRegression:
    r"""Binary logistic regression fitted by Newton's method (IRLS).

    Minimises the mean log-loss plus :math:`\frac{\lambda}{2}\lVert w\rVert^2`
    (the intercept is not penalised). Features are standardised internally, so
    the penalty treats them alike. Deterministic: the same data give the same
    model on every machine.

    Parameters
    ----------
    l2 : float in [0, 1e12], default=1e-2
        Penalty strength :math:`\lambda` (> 0 keeps separable data finite).
    max_iter : int >= 1, default=50
        Newton steps at most.
    tol : float > 0, default=1e-10
        Stop when the largest change of a coefficient is below ``tol``.

    Raises
    ------
    TypeError, ValueError
        An argument of the wrong type or out of its range (checked at
        construction, before any fit).

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)  (in the original feature units)
    intercept_ : float
    classes_ : ndarray of shape (2,)  ``[negative, positive]``

    Example
    -------
    >>> from learnmetrics.datasets import watermelon_3a
    >>> d = watermelon_3a()
    >>> model = LogisticRegression().fit(d.X, d.y)
    >>> model.predict_proba(d.X).shape
    (17,)
    """

    def __init__(self, l2: float = 1e-2, max_iter: int = 50, tol: float = 1e-10):
        self.l2 = check_real(l2, "l2", low=0, high=_MAX_L2)
        self.max_iter = check_positive_int(max_iter, "max_iter", minimum=1)
        self.tol = check_real(tol, "tol", low=0, low_open=True)

    def __repr__(self) -> str:
        return f"LogisticRegression(l2={self.l2!r}, max_iter={self.max_iter!r}, tol={self.tol!r})"

    def fit(self, X, y):
        """Fit to ``X`` (n_samples, n_features) and ``y`` (two classes); returns self."""
        X = as_features(X)
        y = as_labels(y, "y")
        if len(y) != X.shape[0]:
            raise ValueError(f"X and y have different numbers of samples: X has {X.shape[0]}, y has {len(y)}")
        classes = np.unique(y)
        if len(classes) != 2:
            raise ValueError(f"y must hold exactly two classes, got {len(classes)}: {classes.tolist()}")
        self.classes_ = classes
        t = (y == classes[1]).astype(np.float64)
        self._mean = X.mean(axis=0)
        scale = X.std(axis=0)
        self._scale = np.where(scale > 0, scale, 1.0)
        Z = np.hstack([np.ones((X.shape[0], 1)), (X - self._mean) / self._scale])
        n, d = Z.shape
        penalty = np.full(d, self.l2)
        penalty[0] = 0.0
        w = np.zeros(d)
        for _ in range(self.max_iter):
            p = 1.0 / (1.0 + np.exp(-(Z @ w)))
            grad = Z.T @ (p - t) / n + penalty * w
            H = (Z * (p * (1 - p))[:, None]).T @ Z / n + np.diag(penalty) + 1e-12 * np.eye(d)
            step = np.linalg.solve(H, grad)
            w -= step
            if np.max(np.abs(step)) < self.tol:
                break
        self._w = w
        self.coef_ = w[1:] / self._scale
        self.intercept_ = float(w[0] - np.sum(w[1:] * self._mean / self._scale))
        return self

    def _check_fitted(self):
        if not hasattr(self, "coef_"):
            raise RuntimeError("this LogisticRegression is not fitted yet: call fit(X, y) first")

    def decision_function(self, X) -> np.ndarray:
        """The linear score :math:`w^T x + b` (the log-odds of the positive class)."""
        self._check_fitted()
        X = as_features(X)
        if X.shape[1] != len(self.coef_):
            raise ValueError(f"X has {X.shape[1]} features, the model was fitted on {len(self.coef_)}")
        return X @ self.coef_ + self.intercept_

    def predict_proba(self, X) -> np.ndarray:
        """P(positive | x), a 1-D array."""
        return 1.0 / (1.0 + np.exp(-self.decision_function(X)))

    def predict(self, X, threshold: float = 0.5) -> np.ndarray:
        """Class labels: positive where P(positive | x) >= ``threshold``."""
        threshold = check_real(threshold, "threshold", low=0, high=1)
        return np.where(self.predict_proba(X) >= threshold, self.classes_[1], self.classes_[0])


class MajorityClassifier:
    r"""Predicts the most frequent class of its training set, whatever the input.

    .. math:: f(x) = \arg\max_c \; |\{ i : y_i = c \}|

    The learner of the book's exercise 2.2. When several classes are equally
    frequent, ``tie_break="random"`` (the book's "随机猜测") guesses one of
    them at random for each prediction; ``"first"`` takes the smallest label,
    as scikit-learn's ``DummyClassifier(strategy="most_frequent")`` does.

    Parameters
    ----------
    tie_break : {"random", "first"}, default="random"
    rng : None, int or numpy.random.Generator
        The random guesses on a tie (only with ``tie_break="random"``). Copies
        (``copy.deepcopy``, as :func:`~learnmetrics.estimate_error` makes one per
        fit) share this generator, so their guesses are not the same sequence.

    Attributes
    ----------
    classes_ : ndarray
        The labels seen in training, sorted.
    counts_ : ndarray of int
        How many training examples each class had.
    majority_ : ndarray
        The most frequent class(es): one label, or several on a tie.

    Example
    -------
    >>> clf = MajorityClassifier().fit([[0], [0], [0]], [1, 1, 0])
    >>> clf.predict([[5], [7]]).tolist()
    [1, 1]
    """

    def __init__(self, tie_break: str = "random", rng=None):
        self.tie_break = check_choice(tie_break, "tie_break", ("random", "first"))
        self.rng = check_rng(rng)

    def __repr__(self) -> str:
        return f"MajorityClassifier(tie_break={self.tie_break!r})"

    def __deepcopy__(self, memo):
        """A copy shares the random generator, so the copies that an evaluation method fits
        (one per fold) continue one random stream instead of repeating the same guesses."""
        clone = MajorityClassifier.__new__(MajorityClassifier)
        clone.__dict__.update({k: (v if k == "rng" else copy.deepcopy(v, memo)) for k, v in self.__dict__.items()})
        return clone

    def fit(self, X, y):
        """Count the classes of ``y`` (``X`` is checked but otherwise ignored); returns self."""
        X = as_features(X)
        y = as_labels(y, "y")
        if len(y) != X.shape[0]:
            raise ValueError(f"X and y have different numbers of samples: X has {X.shape[0]}, y has {len(y)}")
        self.classes_, self.counts_ = np.unique(y, return_counts=True)
        self.majority_ = self.classes_[self.counts_ == self.counts_.max()]
        return self

    def predict(self, X) -> np.ndarray:
        """The majority class for every row of ``X`` (a random one of the tied classes on a tie)."""
        if not hasattr(self, "majority_"):
            raise RuntimeError("this MajorityClassifier is not fitted yet: call fit(X, y) first")
        n = as_features(X).shape[0]
        if len(self.majority_) == 1 or self.tie_break == "first":
            return np.full(n, self.majority_[0])
        return self.majority_[self.rng.integers(0, len(self.majority_), size=n)]


class NearestCentroid:
    """A tiny second learner for the comparisons: predict the class whose mean is nearest.

    Features are standardised with the training set's mean and standard
    deviation; distances are Euclidean. Deterministic.

    Example
    -------
    >>> from learnmetrics.datasets import watermelon_3a
    >>> d = watermelon_3a()
    >>> NearestCentroid().fit(d.X, d.y).predict(d.X[:3]).tolist()
    [1, 1, 1]
    """

    def fit(self, X, y):
        X = as_features(X, "X")
        y = _labels_array(y, "y")
        check_same_length(X=X, y=y)
        self.classes_ = np.unique(y)
        self._mean = X.mean(axis=0)
        sd = X.std(axis=0)
        self._scale = np.where(sd > 0, sd, 1.0)
        Z = (X - self._mean) / self._scale
        self.centroids_ = np.stack([Z[y == c].mean(axis=0) for c in self.classes_])
        return self

    def predict(self, X):
        if not hasattr(self, "centroids_"):
            raise RuntimeError("NearestCentroid is not fitted yet: call fit(X, y) first")
        X = as_features(X, "X")
        if X.shape[1] != len(self._mean):
            raise ValueError(f"X has {X.shape[1]} features but the model was fitted on {len(self._mean)}")
        Z = (X - self._mean) / self._scale
        d2 = ((Z[:, None, :] - self.centroids_[None, :, :]) ** 2).sum(axis=2)
        return self.classes_[np.argmin(d2, axis=1)]
