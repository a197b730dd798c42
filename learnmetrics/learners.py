"""The course's example learner: a small, deterministic logistic regression.

The chapters need *some* model that turns examples into scores, so that a
ranked list, a cut point and curves exist. This one is plain NumPy, has no
randomness (zero start, full-batch Newton steps with a small L2 penalty), and
is good enough to be interesting without hiding how it works.
"""
from __future__ import annotations

import numpy as np

from ._validation import as_features, as_labels, check_same_length

__all__ = ["LogisticRegression"]


class LogisticRegression:
    r"""Binary logistic regression fitted by Newton's method (IRLS).

    Minimises the mean log-loss plus :math:`\frac{\lambda}{2}\lVert w\rVert^2`
    (the intercept is not penalised). Features are standardised internally, so
    the penalty treats them alike. Deterministic: the same data give the same
    model on every machine.

    Parameters
    ----------
    l2 : float, default=1e-2
        Penalty strength :math:`\lambda` (> 0 keeps separable data finite).
    max_iter : int, default=50
    tol : float, default=1e-10
        Stop when the largest change of a coefficient is below ``tol``.

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
        if not (isinstance(l2, (int, float)) and l2 >= 0):
            raise ValueError(f"l2 must be a non-negative number, got {l2!r}")
        self.l2 = float(l2)
        self.max_iter = int(max_iter)
        self.tol = float(tol)

    def fit(self, X, y):
        X = as_features(X)
        y = as_labels(y, "y")
        check_same_length(X=X, y=y)
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

    def decision_function(self, X) -> np.ndarray:
        """The linear score :math:`w^T x + b` (the log-odds of the positive class)."""
        X = as_features(X)
        if X.shape[1] != len(self.coef_):
            raise ValueError(f"X has {X.shape[1]} features, the model was fitted on {len(self.coef_)}")
        return X @ self.coef_ + self.intercept_

    def predict_proba(self, X) -> np.ndarray:
        """P(positive | x), a 1-D array."""
        return 1.0 / (1.0 + np.exp(-self.decision_function(X)))

    def predict(self, X, threshold: float = 0.5) -> np.ndarray:
        """Class labels: positive where P(positive | x) >= ``threshold``."""
        return np.where(self.predict_proba(X) >= threshold, self.classes_[1], self.classes_[0])

