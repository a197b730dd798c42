r"""Estimating a learner's generalisation error, and how good each estimate is.

The generalisation error (泛化误差) of a model is its error rate on the whole
distribution its examples come from,

.. math:: E(f; \mathcal{D}) = \int \mathbb{I}(f(x) \ne y)\, p(x, y)\, dx\, dy,

which is never known for real data; each evaluation method of the book
(:mod:`learnmetrics.splits`) estimates it from the m examples at hand. This
module runs those methods on a data set (:func:`estimate_error`,
:func:`compare_methods`) and, on a synthetic population whose generalisation
error *is* known (:class:`GaussianPopulation`), measures how far off each
method is: its bias and its spread over many data sets
(:func:`simulate_estimators`). The pure state functions behind the
explorers (:func:`holdout_study`, :func:`cv_study`, :func:`bootstrap_state`)
live here too.

Speed: the course's learner (:class:`~learnmetrics.learners.LogisticRegression`)
is fitted to hundreds of training sets at once by a batched Newton method that
solves the same problem as the class (tested to agree); any other learner
with ``fit``/``predict`` works too, one training set at a time.
"""
from __future__ import annotations

import copy
import math
import numbers
from dataclasses import dataclass, field

import numpy as np

from ._validation import (
    as_features,
    as_labels,
    check_bool,
    check_choice,
    check_positive_int,
    check_probability,
    check_real,
    check_rng,
)
from .learners import _MAX_L2, LogisticRegression
from .splits import MAX_EXAMPLES, _fold_ids, _n_test, bootstrap_split, holdout_split, oob_probability

__all__ = [
    "METHODS",
    "ErrorEstimate",
    "estimate_error",
    "compare_methods",
    "estimate_error_many",
    "GaussianPopulation",
    "two_gaussians_population",
    "EstimatorStudy",
    "simulate_estimators",
    "learning_curve_true_error",
    "L2Tuning",
    "tune_l2",
    "HoldoutStudy",
    "HoldoutState",
    "holdout_study",
    "holdout_state",
    "CVStudy",
    "CVState",
    "cv_study",
    "cv_state",
    "BootstrapState",
    "bootstrap_state",
    "PermutationTest",
    "permutation_test",
]

#: The evaluation methods :func:`estimate_error` knows, in the book's order;
#: "resubstitution" (the training error, 训练误差) is the naive one, for contrast.
METHODS = ("resubstitution", "holdout", "kfold", "repeated_kfold", "loo", "bootstrap")

#: the most (training set x example) cells one call may allocate for its weight matrices
#: (two float64 matrices of this many cells are 320 MB); larger requests are refused
#: before anything is built, with the sizes that made them too large
MAX_CELLS = 2 * 10**7


def _check_work(cells: int, what: str) -> None:
    if cells > MAX_CELLS:
        raise ValueError(
            f"{what} would need {cells:,} (training set x example) weights, more than the limit of "
            f"{MAX_CELLS:,}: use fewer repeats, a smaller k or fewer data sets"
        )


# ---------------------------------------------------------------------------------------
# Batched fitting of the course's logistic regression
# ---------------------------------------------------------------------------------------


def _batch_logistic_fit(Xs, t, W, group, *, l2=1e-2, max_iter=50, tol=1e-10, chunk=3_000_000):
    """Fit many logistic regressions at once; returns (coef (B, d), intercept (B,)) in original units.

    ``Xs``: (G, n, d) data sets; ``t``: (G, n) 0/1 targets; ``W``: (B, n) training
    weights (0/1 for a split, counts for a bootstrap sample); ``group``: (B,)
    which data set each model uses. Model b minimises the same objective as
    ``LogisticRegression(l2).fit(X[train], y[train])``: the mean log-loss over its
    training set plus l2/2 times the squared weights in units of the *training
    set's* standard deviations. It is solved in units of the whole data set's
    standard deviations (better conditioned, the same optimum) with a per-model
    diagonal penalty, by Newton steps until every model's step is below ``tol``.
    A training set holding one class gets coef 0 and intercept +inf (only
    positives) or -inf (only negatives): the constant prediction of that class.
    """
    G, n, d = Xs.shape
    B = W.shape[0]
    mu = Xs.mean(axis=1)  # (G, d)
    sd = Xs.std(axis=1)
    sd = np.where(sd > 0, sd, 1.0)
    Z = np.concatenate([np.ones((G, n, 1)), (Xs - mu[:, None, :]) / sd[:, None, :]], axis=2)  # (G, n, D)
    D = d + 1
    shared = G == 1
    if shared:
        Z0 = Z[0]
        ZZ = (Z0[:, :, None] * Z0[:, None, :]).reshape(n, D * D)
    coef = np.empty((B, d))
    intercept = np.empty(B)
    eyeD = np.eye(D)
    rows = max(1, int(chunk // max(1, n * D * (1 if shared else D))))
    for lo in range(0, B, rows):
        sl = slice(lo, min(B, lo + rows))
        w = W[sl]
        g = group[sl]
        tt = t[g]  # (b, n)
        sw = w.sum(axis=1)
        Zb = Z0[None] if shared else Z[g]
        # the class standardises by the training set's own standard deviations
        mz = np.einsum("bn,bnd->bd", w, np.broadcast_to(Zb[..., 1:], (len(sw), n, d))) / sw[:, None]
        vz = np.einsum("bn,bnd->bd", w, (Zb[..., 1:] - mz[:, None, :]) ** 2) / sw[:, None]
        pen = l2 * np.where(vz > 1e-24, vz, 1.0 / sd[g] ** 2)  # (b, d)
        pen = np.concatenate([np.zeros((len(sw), 1)), pen], axis=1)
        theta = np.zeros((len(sw), D))
        active = np.ones(len(sw), dtype=bool)
        for _ in range(max_iter):
            eta = theta @ Z0.T if shared else np.einsum("bnd,bd->bn", Zb, theta)
            p = 1.0 / (1.0 + np.exp(-eta))
            r = w * (p - tt) / sw[:, None]
            s = w * (p * (1 - p)) / sw[:, None]
            if shared:
                grad = r @ Z0
                H = (s @ ZZ).reshape(-1, D, D)
            else:
                grad = np.einsum("bn,bnd->bd", r, Zb)
                H = np.matmul(Zb.transpose(0, 2, 1) * s[:, None, :], Zb)
            grad += pen * theta
            H += pen[:, :, None] * eyeD + 1e-12 * eyeD
            step = np.linalg.solve(H, grad[..., None])[..., 0]
            step[~active] = 0.0
            theta -= step
            active &= np.max(np.abs(step), axis=1) >= tol
            if not active.any():
                break
        c = theta[:, 1:] / sd[g]
        b0 = theta[:, 0] - np.sum(c * mu[g], axis=1)
        n_pos = (w * tt).sum(axis=1)
        one_class = (n_pos == 0) | (n_pos == sw)
        c[one_class] = 0.0
        b0[one_class] = np.where(n_pos[one_class] > 0, np.inf, -np.inf)
        coef[sl] = c
        intercept[sl] = b0
    return coef, intercept


def _linear_test_errors(Xs, t, coef, intercept, T, group):
    """Error rates on the test weights T of the rules ``coef @ x + intercept >= 0``."""
    G, n, d = Xs.shape
    if G == 1:
        with np.errstate(invalid="ignore"):
            dec = coef @ Xs[0].T + intercept[:, None]
    else:
        dec = np.einsum("bnd,bd->bn", Xs[group], coef) + intercept[:, None]
    wrong = (dec >= 0) != t[group].astype(bool)
    return (T * wrong).sum(axis=1) / T.sum(axis=1)


def _generic_errors(learner, X, y, W, T):
    """Test error rates of a learner fitted once per row of the weight matrices (a loop)."""
    n = len(y)
    errors = np.empty(W.shape[0])
    for b in range(W.shape[0]):
        train = np.repeat(np.arange(n), W[b].astype(np.int64))
        test = np.flatnonzero(T[b] > 0)
        ytr = y[train]
        if np.unique(ytr).size == 1:
            pred = np.full(len(test), ytr[0])
        else:
            model = copy.deepcopy(learner) if hasattr(learner, "fit") else learner()
            model.fit(X[train], ytr)
            pred = np.asarray(model.predict(X[test]))
        errors[b] = float(np.mean(pred != y[test]))
    return errors


def _check_learner(learner):
    """None -> the course's LogisticRegression; a class -> an instance of it (made once, here,
    so a class that needs arguments is refused before any work); a model -> itself; a
    function -> kept, called (and its result checked) before the first fit."""
    if learner is None:
        return LogisticRegression()
    if isinstance(learner, type):
        try:
            made = learner()
        except TypeError as exc:
            raise TypeError(
                f"learner: the class {learner.__name__} cannot be built without arguments ({exc}); "
                f"pass an instance instead, e.g. learner={learner.__name__}(...)"
            ) from None
        learner = made
    elif not (hasattr(learner, "fit") and hasattr(learner, "predict")) and callable(learner):
        made = learner()
        if not (hasattr(made, "fit") and hasattr(made, "predict")):
            raise TypeError(
                f"learner: the function returned a {type(made).__name__}, which has no fit and predict methods"
            )
        return learner
    if hasattr(learner, "fit") and hasattr(learner, "predict"):
        return learner
    raise TypeError(
        "learner must be None (the course's LogisticRegression), an unfitted model with fit and predict, "
        f"its class, or a function returning one; got {type(learner).__name__}"
    )


_BATCH_MAX_FEATURES = 8


def _errors(learner, X, y, W, T):
    """Dispatch: the batched path for the course's LogisticRegression on few features
    (where batching wins; with many features each fit is dominated by its own d x d
    Hessian and the plain loop is as fast), else a loop."""
    if type(learner) is LogisticRegression and X.shape[1] <= _BATCH_MAX_FEATURES:
        classes = np.unique(y)
        t = (y == classes[-1]).astype(np.float64)[None]
        group = np.zeros(W.shape[0], dtype=np.int64)
        coef, intercept = _batch_logistic_fit(X[None], t, W, group, l2=learner.l2, max_iter=learner.max_iter,
                                              tol=learner.tol)
        return _linear_test_errors(X[None], t, coef, intercept, T, group)
    return _generic_errors(learner, X, y, W, T)


# ---------------------------------------------------------------------------------------
# Weight matrices for each method: row b = one training set / test set
# ---------------------------------------------------------------------------------------
def _holdout_weights(y, runs, test_size, stratify, rng):
    n = len(y)
    W = np.ones((runs, n))
    for r in range(runs):
        _, test = holdout_split(y, test_size=test_size, stratify=stratify, rng=rng)
        W[r, test] = 0.0
    return W, 1.0 - W


def _kfold_weights(y, runs, k, stratify, rng):
    """runs x k rows (the k folds of each run, run after run)."""
    n = len(y)
    folds = np.stack([_fold_ids(y, k, stratify, True, rng) for _ in range(runs)])  # (runs, n)
    T = (folds[:, None, :] == np.arange(k)[None, :, None]).reshape(runs * k, n).astype(np.float64)
    return 1.0 - T, T


def _bootstrap_weights(n, runs, rng):
    W = np.empty((runs, n))
    for r in range(runs):
        while True:
            train, oob = bootstrap_split(n, rng=rng)
            if len(oob):  # an empty out-of-bag set (probability n!/n^n) is drawn again
                break
        W[r] = np.bincount(train, minlength=n)
    return W, (W == 0).astype(np.float64)


@dataclass(frozen=True)
class ErrorEstimate:
    """The result of :func:`estimate_error`.

    Attributes
    ----------
    method : str
    estimate : float
        The mean of ``estimates``: the method's estimate of the error rate.
    estimates : ndarray
        One estimate per run of the method with fresh randomness (one hold-out
        split, one k-fold CV, one p x k-fold CV, one bootstrap sample); their
        spread is the method's instability. LOO and resubstitution, which have
        no randomness, have a single value.
    std : float
        The standard deviation of ``estimates`` (0 for a single value).
    n_fits : int
        How many models were trained.
    params : dict
        The method's settings (test_size, k, p, stratify).
    """

    method: str
    estimate: float
    estimates: np.ndarray
    std: float
    n_fits: int
    params: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return (
            f"{self.method}: error {self.estimate:.4f} (sd {self.std:.4f} over {len(self.estimates)} run(s), "
            f"{self.n_fits} fits)"
        )


def _check_common(X, y):
    X = as_features(X)
    y = as_labels(y, "y")
    if len(y) != X.shape[0]:
        raise ValueError(f"inputs have different numbers of samples: X has {X.shape[0]}, y has {len(y)}")
    if np.unique(y).size != 2:
        raise ValueError(f"y must hold exactly two classes, got {np.unique(y).size}")
    return X, y


def estimate_error(
    X,
    y,
    *,
    method="holdout",
    learner=None,
    repeats=10,
    test_size=0.3,
    k=10,
    p=10,
    stratify=True,
    rng=None,
):
    r"""Estimate a learner's generalisation error (error rate) by one evaluation method.

    * ``"resubstitution"``: train and test on all of D: the training error,
      optimistic (it rewards overfitting); shown for contrast.
    * ``"holdout"`` (留出法): train on S, test on T, with ``|T| = ceil(test_size * m)``.
    * ``"kfold"``: k-fold cross-validation, the mean of the k fold error rates.
    * ``"repeated_kfold"``: the mean of p k-fold cross-validations ("p 次 k 折").
    * ``"loo"``: leave-one-out, the mean of the m single-example errors.
    * ``"bootstrap"`` (自助法): train on a bootstrap sample D', test on the
      out-of-bag examples :math:`D \setminus D'` (包外样本；在它们上的估计是包外估计).

    Each random method is run ``repeats`` times with fresh randomness;
    ``estimates`` holds the ``repeats`` results and ``estimate`` their mean
    (for "holdout" this is the book's "repeat the random split and average").

    Parameters
    ----------
    X : array-like of shape (m, n_features)
    y : array-like of shape (m,), two classes
    method : str, one of :data:`METHODS`
    learner : None, a model with ``fit``/``predict``, its class, or a function returning one
        None means ``LogisticRegression()`` (fitted in a fast batch). A model
        is copied before each fit; a class is called without arguments (so
        ``learner=LogisticRegression`` means ``LogisticRegression()``). A
        training set holding one class only gets the constant prediction of
        that class.
    repeats : int >= 1, default=10
        Runs of the method (ignored by "loo" and "resubstitution").
    test_size : float in (0, 1), default=0.3
        For "holdout".
    k : int, default=10
        Folds for "kfold" and "repeated_kfold".
    p : int, default=10
        Repetitions inside one "repeated_kfold" run.
    stratify : bool, default=True
        Stratified hold-out / folds.
    rng : None, int or numpy.random.Generator

    Returns
    -------
    ErrorEstimate

    Example
    -------
    >>> from learnmetrics.realdata import load_breast_cancer
    >>> d = load_breast_cancer()
    >>> est = estimate_error(d.X, d.y, method="kfold", k=10, repeats=3, rng=0)
    >>> len(est.estimates), est.n_fits, 0 < est.estimate < 0.1
    (3, 30, True)
    """
    X, y = _check_common(X, y)
    method = check_choice(method, "method", METHODS)
    learner = _check_learner(learner)
    repeats = check_positive_int(repeats, "repeats", minimum=1)
    stratify = check_bool(stratify, "stratify")
    test_size = check_probability(test_size, "test_size", open_left=True, open_right=True)
    k = check_positive_int(k, "k", minimum=2)
    p = check_positive_int(p, "p", minimum=1)
    rng = check_rng(rng)
    m = len(y)
    rows = {"resubstitution": 1, "holdout": repeats, "kfold": repeats * k, "repeated_kfold": repeats * p * k,
            "loo": m, "bootstrap": repeats}[method]
    _check_work(rows * m, f"method={method!r} on {m} examples")
    params: dict = {}
    if method == "resubstitution":
        W = np.ones((1, m))
        errs = _errors(learner, X, y, W, W)
        per_run = errs
    elif method == "holdout":
        params = {"test_size": test_size, "stratify": stratify}
        W, T = _holdout_weights(y, repeats, test_size, stratify, rng)
        per_run = errs = _errors(learner, X, y, W, T)
    elif method in ("kfold", "repeated_kfold"):
        k = check_positive_int(k, "k", minimum=2, maximum=m)
        inner = p if method == "repeated_kfold" else 1
        params = {"k": k, "stratify": stratify} | ({"p": inner} if method == "repeated_kfold" else {})
        W, T = _kfold_weights(y, repeats * inner, k, stratify, rng)
        errs = _errors(learner, X, y, W, T)
        per_run = errs.reshape(repeats, inner * k).mean(axis=1)
    elif method == "loo":
        T = np.eye(m)
        W = 1.0 - T
        errs = _errors(learner, X, y, W, T)
        per_run = np.array([errs.mean()])
    else:  # bootstrap
        W, T = _bootstrap_weights(m, repeats, rng)
        per_run = errs = _errors(learner, X, y, W, T)
    per_run = np.asarray(per_run, dtype=np.float64)
    return ErrorEstimate(
        method=method,
        estimate=float(per_run.mean()),
        estimates=per_run,
        std=float(per_run.std()) if len(per_run) > 1 else 0.0,
        n_fits=int(W.shape[0]),
        params=params,
    )


def compare_methods(X, y, *, methods=METHODS, learner=None, repeats=10, test_size=0.3, k=10, p=10,
                    stratify=True, rng=None):
    """:func:`estimate_error` by each of ``methods`` on the same data: a dict method -> ErrorEstimate.

    All methods draw from the one generator ``rng``, in the order given.

    Example
    -------
    >>> from learnmetrics.realdata import load_breast_cancer
    >>> d = load_breast_cancer()
    >>> res = compare_methods(d.X, d.y, methods=("resubstitution", "holdout"), rng=0)
    >>> res["resubstitution"].estimate < res["holdout"].estimate
    True
    """
    if isinstance(methods, str):
        methods = (methods,)
    try:
        methods = tuple(methods)
    except TypeError:
        raise TypeError(f"methods must be a method name or a sequence of them, got {type(methods).__name__}") from None
    if not methods:
        raise ValueError(f"methods is empty: name at least one of {list(METHODS)}")
    methods = tuple(check_choice(mth, "methods", METHODS) for mth in methods)
    # every argument is checked (by a cheap call on the first method's settings) before any fit
    X, y = _check_common(X, y)
    _check_learner(learner)
    check_positive_int(repeats, "repeats", minimum=1)
    check_bool(stratify, "stratify")
    check_probability(test_size, "test_size", open_left=True, open_right=True)
    uses_k = bool({"kfold", "repeated_kfold"} & set(methods))
    check_positive_int(k, "k", minimum=2, maximum=len(y) if uses_k else None)
    check_positive_int(p, "p", minimum=1)
    rng = check_rng(rng)
    return {
        mth: estimate_error(X, y, method=mth, learner=learner, repeats=repeats, test_size=test_size, k=k, p=p,
                            stratify=stratify, rng=rng)
        for mth in methods
    }


def estimate_error_many(Xs, ys, *, method="kfold", learner=None, k=10, p=10, test_size=0.3, stratify=True,
                        rng=None):
    """One run of :func:`estimate_error` on each of several data sets: how much the estimate
    varies from one data set to the next (its instability over D, not over its own randomness).

    Parameters
    ----------
    Xs : array-like of shape (n_datasets, m, n_features)
    ys : array-like of shape (n_datasets, m), two classes in each row
    method, learner, k, p, test_size, stratify : as in :func:`estimate_error`
        (``repeats`` is 1: one run per data set).
    rng : None, int or numpy.random.Generator
        One generator for all data sets, used in order.

    Returns
    -------
    ndarray of shape (n_datasets,)
        The estimate on each data set.

    Example
    -------
    >>> from learnmetrics.learners import MajorityClassifier
    >>> ys = np.array([[0] * 5 + [1] * 5, [0] * 7 + [1] * 3])
    >>> estimate_error_many(np.zeros((2, 10, 1)), ys, method="loo", learner=MajorityClassifier()).tolist()
    [1.0, 0.3]
    """
    try:
        Xs = np.asarray(Xs, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError("Xs must be an array of numbers of shape (n_datasets, m, n_features)") from None
    if Xs.ndim != 3 or 0 in Xs.shape:
        raise ValueError(f"Xs must have shape (n_datasets, m, n_features) with none of them 0, got {Xs.shape}")
    if isinstance(ys, (str, bytes)) or np.ndim(ys) != 2:
        raise ValueError(f"ys must have shape (n_datasets, m), got {np.shape(ys)}")
    ys = np.asarray(ys)
    if ys.shape != Xs.shape[:2]:
        raise ValueError(f"ys has shape {ys.shape} but Xs holds {Xs.shape[0]} data sets of {Xs.shape[1]} examples")
    method = check_choice(method, "method", METHODS)
    learner = _check_learner(learner)
    rows = {"resubstitution": 1, "holdout": 1, "kfold": k, "repeated_kfold": p * k, "loo": Xs.shape[1],
            "bootstrap": 1}[method] if isinstance(k, numbers.Integral) and isinstance(p, numbers.Integral) else 1
    _check_work(Xs.shape[0] * int(rows) * Xs.shape[1], f"{Xs.shape[0]} data sets of m={Xs.shape[1]}")
    for g in range(Xs.shape[0]):  # every data set is checked before the first fit
        try:
            _check_common(Xs[g], ys[g])
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"data set {g} (Xs[{g}], ys[{g}]): {exc}") from None
    rng = check_rng(rng)
    return np.array([
        estimate_error(Xs[g], ys[g], method=method, learner=learner, repeats=1, test_size=test_size, k=k, p=p,
                       stratify=stratify, rng=rng).estimate
        for g in range(Xs.shape[0])
    ])


# ---------------------------------------------------------------------------------------
# A population with a known generalisation error
# ---------------------------------------------------------------------------------------
_erfc = np.frompyfunc(math.erfc, 1, 1)


def _norm_cdf(z):
    """Standard normal CDF, Phi(z) = erfc(-z / sqrt 2) / 2, accurate in both tails."""
    z = np.asarray(z, dtype=np.float64)
    return (0.5 * _erfc(-z / math.sqrt(2.0))).astype(np.float64)


@dataclass(frozen=True)
class GaussianPopulation:
    r"""Two classes, each a Gaussian with the same covariance: a distribution whose
    generalisation errors can be computed exactly.

    :math:`P(y=1) = \pi`, :math:`x \mid y \sim \mathcal{N}(\mu_y, \Sigma)`. For a linear
    rule "positive iff :math:`w^T x + b \ge 0`" the error is, exactly,

    .. math:: E = \pi\, \Phi\!\left(-\frac{w^T\mu_1 + b}{\sqrt{w^T\Sigma w}}\right)
              + (1-\pi)\, \Phi\!\left(\frac{w^T\mu_0 + b}{\sqrt{w^T\Sigma w}}\right),

    the integral :math:`\int \mathbb{I}(f(x) \ne y)\, p(x, y)` of the book's
    "more general" definition, with the density p known.

    Attributes
    ----------
    mean_neg, mean_pos : ndarray of shape (d,)
    cov : ndarray of shape (d, d)
        Symmetric and positive definite.
    positive_rate : float in (0, 1)
        Checked at construction, like the other three: a rate outside (0, 1)
        (which would draw one class only) is refused with a ValueError.
    """

    mean_neg: np.ndarray
    mean_pos: np.ndarray
    cov: np.ndarray
    positive_rate: float = 0.5

    def __post_init__(self):
        mean_neg = as_features(np.asarray(self.mean_neg)[None, :] if np.ndim(self.mean_neg) == 1 else self.mean_neg,
                               "mean_neg", allow_no_columns=False)
        mean_pos = as_features(np.asarray(self.mean_pos)[None, :] if np.ndim(self.mean_pos) == 1 else self.mean_pos,
                               "mean_pos", allow_no_columns=False)
        if mean_neg.shape[0] != 1 or mean_pos.shape[0] != 1:
            raise ValueError("mean_neg and mean_pos must be 1-D (one mean per feature)")
        d = mean_pos.shape[1]
        if mean_neg.shape[1] != d:
            raise ValueError(f"mean_neg has {mean_neg.shape[1]} features, mean_pos has {d}: they must agree")
        cov = as_features(self.cov, "cov")
        if cov.shape != (d, d):
            raise ValueError(f"cov must be a {d} x {d} matrix (one row and column per feature), got shape {cov.shape}")
        if not np.allclose(cov, cov.T):
            raise ValueError("cov must be symmetric")
        try:
            np.linalg.cholesky(cov)
        except np.linalg.LinAlgError:
            raise ValueError("cov must be positive definite (a covariance matrix of full rank)") from None
        rate = check_probability(self.positive_rate, "positive_rate", open_left=True, open_right=True)
        object.__setattr__(self, "mean_neg", mean_neg[0])
        object.__setattr__(self, "mean_pos", mean_pos[0])
        object.__setattr__(self, "cov", cov)
        object.__setattr__(self, "positive_rate", rate)

    @property
    def n_features(self) -> int:
        return len(self.mean_pos)

    def sample(self, n, rng=None, *, exact_proportion=False):
        """Draw n labelled examples: returns ``(X, y)``.

        By default iid: each label is 1 with probability ``positive_rate``. With
        ``exact_proportion=True`` exactly ``round(n * positive_rate)`` labels are 1
        (in random order), so the sample has the population's class proportion.
        """
        X, y = self.sample_many(1, n, rng, exact_proportion=exact_proportion)
        return X[0], y[0]

    def sample_many(self, n_datasets, n, rng=None, *, exact_proportion=False):
        """``n_datasets`` independent samples of n examples: X (n_datasets, n, d), y (n_datasets, n)."""
        n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1)
        n = check_positive_int(n, "n", minimum=1)
        exact_proportion = check_bool(exact_proportion, "exact_proportion")
        rng = check_rng(rng)
        cells = n_datasets * n * self.n_features
        if cells > MAX_CELLS:
            raise ValueError(f"n_datasets={n_datasets} data sets of n={n} examples with {self.n_features} features "
                             f"would hold {cells:,} numbers, more than the limit of {MAX_CELLS:,}")
        if exact_proportion:
            n_pos = int(round(n * self.positive_rate))
            base = (np.arange(n) < n_pos).astype(np.int64)
            y = rng.permuted(np.broadcast_to(base, (n_datasets, n)), axis=1)
        else:
            y = (rng.random((n_datasets, n)) < self.positive_rate).astype(np.int64)
        L = np.linalg.cholesky(self.cov)
        X = rng.standard_normal((n_datasets, n, self.n_features)) @ L.T
        X += np.where(y[..., None] == 1, self.mean_pos, self.mean_neg)
        return X, y

    def linear_error(self, coef, intercept):
        """The exact error rate of the rule ``coef @ x + intercept >= 0`` (vectorised over rows of coef).

        ``coef``: (n_features,) or (n_rules, n_features), finite; ``intercept``: one per rule, a
        number or +/-inf (inf: a rule that always says positive, -inf: always negative), never NaN.
        """
        try:
            coef = np.atleast_2d(np.asarray(coef, dtype=np.float64))
            intercept = np.asarray(intercept, dtype=np.float64).reshape(-1)
        except (TypeError, ValueError):
            raise TypeError("coef and intercept must hold numbers") from None
        if coef.ndim != 2 or coef.shape[1] != self.n_features or coef.shape[0] == 0:
            raise ValueError(f"coef must have shape (n_rules, {self.n_features}), got {coef.shape}")
        if len(intercept) != coef.shape[0]:
            raise ValueError(f"intercept has {len(intercept)} values for {coef.shape[0]} rule(s)")
        if not np.isfinite(coef).all():
            raise ValueError("coef must not contain NaN or infinity")
        if np.isnan(intercept).any():
            raise ValueError("intercept must not contain NaN")
        scale = np.sqrt(np.einsum("bi,ij,bj->b", coef, self.cov, coef))
        pi = self.positive_rate
        with np.errstate(divide="ignore", invalid="ignore"):
            z1 = (coef @ self.mean_pos + intercept) / scale
            z0 = (coef @ self.mean_neg + intercept) / scale
        err = pi * _norm_cdf(-z1) + (1 - pi) * _norm_cdf(z0)
        const = scale == 0  # a constant rule: its sign decides
        err[const] = np.where(intercept[const] >= 0, 1 - pi, pi)
        return err if err.size > 1 else float(err[0])

    def true_error(self, model):
        """The generalisation error of a fitted linear model (``coef_``, ``intercept_``), e.g. the
        course's LogisticRegression."""
        if not (hasattr(model, "coef_") and hasattr(model, "intercept_")):
            raise TypeError("model must be a fitted linear model with coef_ and intercept_")
        return float(self.linear_error(np.ravel(model.coef_), float(model.intercept_)))

    @property
    def bayes_error(self) -> float:
        r"""The smallest error any rule can reach (the Bayes rule is linear here:
        :math:`w = \Sigma^{-1}(\mu_1 - \mu_0)`)."""
        w = np.linalg.solve(self.cov, self.mean_pos - self.mean_neg)
        b = -w @ (self.mean_pos + self.mean_neg) / 2 + math.log(self.positive_rate / (1 - self.positive_rate))
        return float(self.linear_error(w, b))


def two_gaussians_population(*, distance=2.0, positive_rate=0.5, n_features=2, n_informative=None):
    r"""A :class:`GaussianPopulation` with identity covariance and class means
    ``distance`` apart, along the first ``n_informative`` features (all by default);
    the other features are pure noise, which a learner must learn to ignore
    (so small training sets hurt it more).

    With equal priors the Bayes error is :math:`\Phi(-\text{distance}/2)`.

    Example
    -------
    >>> pop = two_gaussians_population(distance=2.0)
    >>> round(pop.bayes_error, 4)
    0.1587
    """
    distance = check_real(distance, "distance", low=0, low_open=True)
    positive_rate = check_probability(positive_rate, "positive_rate", open_left=True, open_right=True)
    n_features = check_positive_int(n_features, "n_features", minimum=1)
    n_inf = n_features if n_informative is None else check_positive_int(
        n_informative, "n_informative", minimum=1, maximum=n_features)
    direction = np.zeros(n_features)
    direction[:n_inf] = 1.0 / math.sqrt(n_inf)
    return GaussianPopulation(
        mean_neg=-distance / 2 * direction,
        mean_pos=distance / 2 * direction,
        cov=np.eye(n_features),
        positive_rate=positive_rate,
    )




# ---------------------------------------------------------------------------------------
# How good is each estimator? Simulations on the known population
# ---------------------------------------------------------------------------------------
def _check_population(population):
    if not isinstance(population, GaussianPopulation):
        raise TypeError(f"population must be a GaussianPopulation, got {type(population).__name__}")
    return population


def _fit_true_errors(population, Xs, ys, W, group, l2):
    coef, intercept = _batch_logistic_fit(Xs, ys.astype(np.float64), W, group, l2=l2)
    return np.atleast_1d(population.linear_error(coef, intercept)), coef, intercept


def _method_weights(method, y, *, test_size, k, p, stratify, rng):
    """(W, T, runs_per_estimate) for one run of ``method`` on one data set's labels y."""
    n = len(y)
    if method == "resubstitution":
        return np.ones((1, n)), np.ones((1, n)), 1
    if method == "holdout":
        W, T = _holdout_weights(y, 1, test_size, stratify, rng)
        return W, T, 1
    if method == "kfold":
        W, T = _kfold_weights(y, 1, k, stratify, rng)
        return W, T, k
    if method == "repeated_kfold":
        W, T = _kfold_weights(y, p, k, stratify, rng)
        return W, T, p * k
    if method == "loo":
        T = np.eye(n)
        return 1.0 - T, T, n
    W, T = _bootstrap_weights(n, 1, rng)
    return W, T, 1


@dataclass(frozen=True)
class EstimatorStudy:
    """The result of :func:`simulate_estimators`.

    Attributes
    ----------
    methods : tuple of str
    estimates : ndarray of shape (n_methods, n_datasets)
        Each method's estimate (one run) on each simulated data set D.
    true_error : ndarray of shape (n_datasets,)
        The exact generalisation error of the final model, trained on all of D:
        the number every method tries to estimate.
    n : int
        Examples per data set.
    bayes_error : float
    n_fits : dict method -> int
    """

    methods: tuple
    estimates: np.ndarray
    true_error: np.ndarray
    n: int
    bayes_error: float
    n_fits: dict

    @property
    def bias(self) -> np.ndarray:
        """Mean of (estimate - true error) per method: > 0 is pessimistic, < 0 optimistic."""
        return (self.estimates - self.true_error).mean(axis=1)

    @property
    def sd(self) -> np.ndarray:
        """Standard deviation of (estimate - true error) per method."""
        return (self.estimates - self.true_error).std(axis=1)

    @property
    def rmse(self) -> np.ndarray:
        """Root mean squared error of the estimate, sqrt(bias^2 + sd^2)."""
        return np.sqrt(((self.estimates - self.true_error) ** 2).mean(axis=1))

    def table(self) -> str:
        """A fixed-format text table: method, mean estimate, bias, sd, RMSE, fits per data set."""
        lines = [f"{'method':<16}{'mean est.':>10}{'bias':>9}{'sd':>8}{'RMSE':>8}{'fits':>7}"]
        for i, mth in enumerate(self.methods):
            lines.append(
                f"{mth:<16}{self.estimates[i].mean():>10.4f}{self.bias[i]:>+9.4f}{self.sd[i]:>8.4f}"
                f"{self.rmse[i]:>8.4f}{self.n_fits[mth]:>7d}"
            )
        lines.append(f"{'true error':<16}{self.true_error.mean():>10.4f}   (of the final model, mean over "
                     f"{self.estimates.shape[1]} data sets of n={self.n}; Bayes error {self.bayes_error:.4f})")
        return "\n".join(lines)


def simulate_estimators(population, n, *, methods=("resubstitution", "holdout", "kfold", "loo", "bootstrap"),
                        n_datasets=200, test_size=0.3, k=10, p=10, stratify=True, l2=1e-2, exact_proportion=True,
                        rng=None):
    """Bias and spread of each evaluation method, measured against the exact truth.

    Draws ``n_datasets`` data sets D of n examples from ``population``; on each,
    trains the final model on all of D (its exact generalisation error is
    ``true_error``) and runs each method once with the course's
    LogisticRegression(l2). All fits are batched.

    Parameters
    ----------
    population : GaussianPopulation
    n : int >= 4
    methods : tuple of str from :data:`METHODS`
    n_datasets : int, default=200
    test_size, k, p, stratify : as in :func:`estimate_error`
    l2 : float, default=1e-2
    exact_proportion : bool, default=True
        Each data set holds exactly ``round(n * positive_rate)`` positives. With
        iid labels (False) a data set's class proportion is itself random, and a
        stratified test set, which copies it, shares the same deviation as the
        training set: the estimate then comes out slightly optimistic
        (about -0.006 for n = 40 with a 0.3 test share), a real but distracting
        effect; fixing the proportion removes it.
    rng : None, int or numpy.random.Generator

    Returns
    -------
    EstimatorStudy

    Example
    -------
    >>> pop = two_gaussians_population(distance=2.0)
    >>> st = simulate_estimators(pop, 40, methods=("resubstitution", "kfold"), n_datasets=50, rng=0)
    >>> st.bias.round(3).tolist()   # the training error is far more optimistic than 10-fold CV
    [-0.032, -0.006]
    """
    population = _check_population(population)
    n = check_positive_int(n, "n", minimum=4)
    if isinstance(methods, str):
        methods = (methods,)
    methods = tuple(check_choice(mth, "methods", METHODS) for mth in methods)
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1)
    if not methods:
        raise ValueError(f"methods is empty: name at least one of {list(METHODS)}")
    test_size = check_probability(test_size, "test_size", open_left=True, open_right=True)
    k = check_positive_int(k, "k", minimum=2, maximum=n)
    p = check_positive_int(p, "p", minimum=1)
    stratify = check_bool(stratify, "stratify")
    l2 = check_real(l2, "l2", low=0, high=_MAX_L2)
    exact_proportion = check_bool(exact_proportion, "exact_proportion")
    rng = check_rng(rng)
    fits = {"resubstitution": 1, "holdout": 1, "kfold": k, "repeated_kfold": p * k, "loo": n, "bootstrap": 1}
    _check_work(n_datasets * n * max(fits[mth] for mth in methods), f"n_datasets={n_datasets} data sets of n={n}")
    Xs, ys = population.sample_many(n_datasets, n, rng, exact_proportion=exact_proportion)
    counts = ys.sum(axis=1)
    if np.any((counts < 2) | (counts > n - 2)):
        raise ValueError("a simulated data set holds fewer than 2 examples of a class: use a larger n")
    G = np.arange(n_datasets)
    true_error, _, _ = _fit_true_errors(population, Xs, ys, np.ones((n_datasets, n)), G, l2)
    estimates = np.empty((len(methods), n_datasets))
    n_fits = {}
    t = ys.astype(np.float64)
    for i, mth in enumerate(methods):
        parts = [_method_weights(mth, ys[g], test_size=test_size, k=k, p=p, stratify=stratify, rng=rng)
                 for g in G]
        per = parts[0][2]
        W = np.concatenate([q[0] for q in parts])
        T = np.concatenate([q[1] for q in parts])
        group = np.repeat(G, per)
        coef, intercept = _batch_logistic_fit(Xs, t, W, group, l2=l2)
        errs = _linear_test_errors(Xs, t, coef, intercept, T, group)
        estimates[i] = errs.reshape(n_datasets, per).mean(axis=1)
        n_fits[mth] = per
    return EstimatorStudy(methods, estimates, true_error, n, population.bayes_error, n_fits)


def learning_curve_true_error(population, sizes, *, n_datasets=200, l2=1e-2, exact_proportion=True, rng=None):
    """The exact generalisation error of the learner trained on n examples, for each n in ``sizes``.

    For each size, ``n_datasets`` training sets are drawn and each model's exact
    error computed. Returns ``(sizes, mean, sd)`` arrays: the learning curve
    that makes every method trained on fewer than all m examples pessimistic.

    Example
    -------
    >>> pop = two_gaussians_population(distance=2.0)
    >>> sizes, mean, sd = learning_curve_true_error(pop, [10, 100], n_datasets=100, rng=0)
    >>> bool(mean[0] > mean[1] > pop.bayes_error)
    True
    """
    population = _check_population(population)
    if isinstance(sizes, (str, bytes)) or np.ndim(sizes) != 1:
        raise ValueError(f"sizes must be a non-empty 1-D sequence of integers >= 4, got {sizes!r}")
    sizes = np.asarray(sizes)
    if sizes.size == 0 or sizes.dtype.kind not in "iu" or np.any(sizes < 4):
        raise ValueError(f"sizes must be a non-empty 1-D sequence of integers >= 4, got {sizes.tolist()!r}")
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1)
    l2 = check_real(l2, "l2", low=0, high=_MAX_L2)
    exact_proportion = check_bool(exact_proportion, "exact_proportion")
    _check_work(n_datasets * int(sizes.max()) * population.n_features, f"n_datasets={n_datasets} at size "
                f"{int(sizes.max())}")
    rng = check_rng(rng)
    mean = np.empty(len(sizes))
    sd = np.empty(len(sizes))
    for i, size in enumerate(sizes):
        Xs, ys = population.sample_many(n_datasets, int(size), rng, exact_proportion=exact_proportion)
        errs, _, _ = _fit_true_errors(population, Xs, ys, np.ones((n_datasets, int(size))), np.arange(n_datasets), l2)
        mean[i], sd[i] = errs.mean(), errs.std()
    return sizes.copy(), mean, sd


# ---------------------------------------------------------------------------------------
# Tuning (调参) with a validation set
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class L2Tuning:
    """The result of :func:`tune_l2`: validation error per l2 and the chosen l2."""

    l2_values: np.ndarray
    errors: np.ndarray
    best_l2: float
    method: str

    def table(self) -> str:
        rows = [f"{'l2':>10}{'validation error':>18}"]
        for lam, e in zip(self.l2_values, self.errors):
            mark = "  <- chosen" if lam == self.best_l2 else ""
            rows.append(f"{lam:>10.0e}{e:>18.4f}{mark}")
        return "\n".join(rows)


def tune_l2(X, y, l2_values, *, method="holdout", test_size=0.25, k=5, repeats=5, rng=None):
    """Choose the LogisticRegression penalty l2 by its error on validation data.

    The training data (never the test set) is split again into a training and a
    validation set (验证集; ``method="holdout"``) or into k folds
    (``"kfold"``); every candidate l2 sees the *same* splits, so they are
    compared fairly. The smallest mean validation error wins (ties: the larger
    l2, the simpler model).

    Returns
    -------
    L2Tuning

    Example
    -------
    >>> from learnmetrics.realdata import load_breast_cancer
    >>> d = load_breast_cancer()
    >>> res = tune_l2(d.X, d.y, [1e-3, 1e-1, 10.0], rng=0)
    >>> res.best_l2 in (1e-3, 1e-1, 10.0)
    True
    """
    X, y = _check_common(X, y)
    if isinstance(l2_values, (str, bytes)) or np.ndim(l2_values) != 1:
        raise ValueError(f"l2_values must be a non-empty 1-D sequence of non-negative numbers, got {l2_values!r}")
    if any(isinstance(v, (str, bytes, bool, np.bool_, complex)) for v in np.asarray(l2_values, dtype=object).tolist()):
        raise TypeError(f"l2_values must hold real numbers (no text, booleans or complex), got {l2_values!r}")
    try:
        lams = np.asarray(l2_values, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"l2_values must hold numbers, got {l2_values!r}") from None
    if lams.size == 0 or not np.all(np.isfinite(lams)) or np.any(lams < 0) or np.any(lams > _MAX_L2):
        raise ValueError(f"l2_values must be a non-empty sequence of numbers in [0, {_MAX_L2:g}], "
                         f"got {lams.tolist()!r}")
    method = check_choice(method, "method", ("holdout", "kfold"))
    # the settings are checked once, before the first fit (estimate_error checks them again)
    check_probability(test_size, "test_size", open_left=True, open_right=True)
    check_positive_int(k, "k", minimum=2, maximum=len(y))
    check_positive_int(repeats, "repeats", minimum=1)
    seed = int(check_rng(rng).integers(2**63))
    errors = np.array([
        estimate_error(X, y, method=method, learner=LogisticRegression(l2=float(lam)), repeats=repeats,
                       test_size=test_size, k=k, rng=seed).estimate
        for lam in lams
    ])
    best = np.flatnonzero(errors == errors.min())
    best_l2 = float(lams[best[np.argmax(lams[best])]])
    return L2Tuning(lams, errors, best_l2, method)


# ---------------------------------------------------------------------------------------
# State functions behind the explorers
# ---------------------------------------------------------------------------------------
def _check_grid(values, name, check_one):
    """A non-empty, strictly increasing 1-D grid of numbers, each passing ``check_one``."""
    if isinstance(values, (str, bytes)) or np.ndim(values) != 1:
        raise ValueError(f"{name} must be a non-empty, increasing 1-D sequence, got {values!r}")
    vals = list(np.asarray(values).tolist())
    if not vals:
        raise ValueError(f"{name} is empty: give at least one value")
    out = [check_one(v) for v in vals]
    if any(b <= a for a, b in zip(out, out[1:])):
        raise ValueError(f"{name} must be strictly increasing (no repeats), got {vals!r}")
    return np.asarray(out)


@dataclass(frozen=True)
class HoldoutStudy:
    """Precomputed hold-out experiments for every test share (see :func:`holdout_study`).

    ``estimates[s, j, r]``: the hold-out estimate with ``stratify=bool(s)`` and test
    share ``test_sizes[j]`` on data set r; ``train_error[s, j, r]``: the exact error
    of the model trained on that split's training part; ``true_error[r]``: the
    exact error of the final model trained on all of data set r.
    """

    test_sizes: np.ndarray
    estimates: np.ndarray
    train_error: np.ndarray
    true_error: np.ndarray
    n: int
    bayes_error: float


def holdout_study(population, n, *, test_sizes=None, n_datasets=300, l2=1e-2, exact_proportion=True, rng=0):
    """Run one hold-out split, stratified and not, for each test share on each of
    ``n_datasets`` data sets of n examples drawn from ``population``.

    Each data set gets its own stratified and unstratified split per test share;
    both are fitted in one batch. Default test shares 0.10, 0.15, ..., 0.90. (Below
    that, a stratified test set of one or two examples must hold one of each
    class, which over-represents the rarer class.)
    """
    population = _check_population(population)
    n = check_positive_int(n, "n", minimum=10)
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=2)
    sizes = np.round(np.arange(0.10, 0.901, 0.05), 2) if test_sizes is None else _check_grid(
        test_sizes, "test_sizes", lambda v: check_probability(v, "test_sizes", open_left=True, open_right=True))
    l2 = check_real(l2, "l2", low=0, high=_MAX_L2)
    exact_proportion = check_bool(exact_proportion, "exact_proportion")
    _check_work(2 * len(sizes) * n_datasets * n, f"{len(sizes)} test shares x n_datasets={n_datasets} data sets of n={n}")
    rng = check_rng(rng)
    Xs, ys = population.sample_many(n_datasets, n, rng, exact_proportion=exact_proportion)
    counts = ys.sum(axis=1)
    if np.any((counts < 2) | (counts > n - 2)):
        raise ValueError("a simulated data set holds fewer than 2 examples of a class: use a larger n")
    t = ys.astype(np.float64)
    G = np.arange(n_datasets)
    true_error, _, _ = _fit_true_errors(population, Xs, ys, np.ones((n_datasets, n)), G, l2)
    S, R = len(sizes), n_datasets
    W = np.ones((2, S, R, n))
    for s, strat in enumerate((False, True)):
        for j, ts in enumerate(sizes):
            for r in range(R):
                _, test = holdout_split(ys[r], test_size=float(ts), stratify=strat, rng=rng)
                W[s, j, r, test] = 0.0
    W = W.reshape(-1, n)
    group = np.tile(G, 2 * S)
    coef, intercept = _batch_logistic_fit(Xs, t, W, group, l2=l2)
    est = _linear_test_errors(Xs, t, coef, intercept, 1.0 - W, group).reshape(2, S, R)
    train_err = np.asarray(population.linear_error(coef, intercept)).reshape(2, S, R)
    return HoldoutStudy(sizes, est, train_err, true_error, n, population.bayes_error)


@dataclass(frozen=True)
class HoldoutState:
    """What the hold-out explorer shows for one test share (see :func:`holdout_state`)."""

    test_size: float
    stratify: bool
    n_test: int
    estimates: np.ndarray
    mean_estimate: float
    mean_true_error: float
    mean_train_error: float
    bias: float
    sd: float
    rmse: float
    curve_test_sizes: np.ndarray
    curve_bias: np.ndarray
    curve_sd: np.ndarray
    curve_rmse: np.ndarray
    m: int = 0  #: examples per data set

    def __str__(self) -> str:
        return (
            f"test share {self.test_size:.2f} ({self.n_test} of {self.m} "
            f"examples), stratified={self.stratify}: mean estimate {self.mean_estimate:.4f}, "
            f"true error of the final model {self.mean_true_error:.4f}, bias {self.bias:+.4f}, "
            f"sd {self.sd:.4f}, RMSE {self.rmse:.4f}"
        )


def _pick(values, value, name):
    values = np.asarray(values, dtype=np.float64)
    value = check_real(value, name)
    j = int(np.argmin(np.abs(values - value)))
    if abs(values[j] - value) > 1e-6:
        raise ValueError(f"{name}={value!r} was not precomputed; choose one of {values.tolist()}")
    return j


def holdout_state(study, test_size, stratify=True):
    """The hold-out explorer's state: the estimates at one test share against the truth.

    ``bias`` = mean(estimate - true error of the final model); ``sd`` = their
    standard deviation; the curves give the same for every test share (note
    001's point 3: small test sets give a high variance, large ones a biased
    estimate, since the model is trained on less).

    Example
    -------
    >>> st = holdout_study(two_gaussians_population(), 40, test_sizes=[0.2, 0.8], n_datasets=50)
    >>> s = holdout_state(st, 0.8)
    >>> bool(s.bias > 0)
    True
    """
    if not isinstance(study, HoldoutStudy):
        raise TypeError(f"study must be a HoldoutStudy, got {type(study).__name__}")
    j = _pick(study.test_sizes, test_size, "test_size")
    stratify = check_bool(stratify, "stratify")
    s = int(stratify)
    diff = study.estimates[s] - study.true_error  # (S, R)
    bias_c = diff.mean(axis=1)
    sd_c = diff.std(axis=1)
    rmse_c = np.sqrt((diff**2).mean(axis=1))
    ts = float(study.test_sizes[j])
    return HoldoutState(
        test_size=ts,
        stratify=bool(stratify),
        n_test=_n_test(ts, study.n),
        estimates=study.estimates[s, j],
        mean_estimate=float(study.estimates[s, j].mean()),
        mean_true_error=float(study.true_error.mean()),
        mean_train_error=float(study.train_error[s, j].mean()),
        bias=float(bias_c[j]),
        sd=float(sd_c[j]),
        rmse=float(rmse_c[j]),
        curve_test_sizes=study.test_sizes,
        curve_bias=bias_c,
        curve_sd=sd_c,
        curve_rmse=rmse_c,
        m=int(study.n),
    )


@dataclass(frozen=True)
class CVStudy:
    """Precomputed k-fold runs for several k (see :func:`cv_study`).

    ``runs[k]``: array (max_repeats, n_datasets), the single k-fold estimates;
    ``folds[k]``: array (max_repeats, n), the fold of each example of the first
    data set in each repetition (for drawing); ``true_error``: (n_datasets,).
    """

    ks: tuple
    max_repeats: int
    runs: dict
    folds: dict
    y_demo: np.ndarray
    true_error: np.ndarray
    n: int
    bayes_error: float


def cv_study(population, n, *, ks=(2, 3, 5, 10, 20), max_repeats=5, n_datasets=200, l2=1e-2,
             exact_proportion=True, rng=0):
    """Run ``max_repeats`` stratified k-fold cross-validations for each k in ``ks`` on each
    of ``n_datasets`` data sets of n examples from ``population`` (batched fits)."""
    population = _check_population(population)
    n = check_positive_int(n, "n", minimum=4)
    ks = tuple(int(k) for k in _check_grid(ks, "ks", lambda k: check_positive_int(k, "ks", minimum=2, maximum=n)))
    max_repeats = check_positive_int(max_repeats, "max_repeats", minimum=1)
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=2)
    l2 = check_real(l2, "l2", low=0, high=_MAX_L2)
    exact_proportion = check_bool(exact_proportion, "exact_proportion")
    _check_work(max_repeats * max(ks) * n_datasets * n, f"max_repeats={max_repeats} x k={max(ks)} x "
                f"n_datasets={n_datasets} data sets of n={n}")
    rng = check_rng(rng)
    Xs, ys = population.sample_many(n_datasets, n, rng, exact_proportion=exact_proportion)
    t = ys.astype(np.float64)
    G = np.arange(n_datasets)
    true_error, _, _ = _fit_true_errors(population, Xs, ys, np.ones((n_datasets, n)), G, l2)
    runs, folds = {}, {}
    import warnings

    for k in ks:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # a class smaller than k: folds as even as possible
            f = np.stack([np.stack([_fold_ids(ys[g], k, True, True, rng) for _ in range(max_repeats)]) for g in G])
        # f: (R, reps, n) -> test masks (R, reps, k, n)
        T = (f[:, :, None, :] == np.arange(k)[None, None, :, None]).astype(np.float64).reshape(-1, n)
        group = np.repeat(G, max_repeats * k)
        coef, intercept = _batch_logistic_fit(Xs, t, 1.0 - T, group, l2=l2)
        errs = _linear_test_errors(Xs, t, coef, intercept, T, group).reshape(n_datasets, max_repeats, k)
        runs[k] = errs.mean(axis=2).T  # (reps, R)
        folds[k] = f[0]
    return CVStudy(ks, max_repeats, runs, folds, ys[0].copy(), true_error, n, population.bayes_error)


@dataclass(frozen=True)
class CVState:
    """What the cross-validation explorer shows for one k and number of repeats."""

    k: int
    repeats: int
    folds: np.ndarray
    fold_sizes: np.ndarray
    estimates: np.ndarray
    mean_estimate: float
    mean_true_error: float
    bias: float
    sd: float
    rmse: float
    curve_ks: np.ndarray
    curve_bias: np.ndarray
    curve_sd: np.ndarray

    def __str__(self) -> str:
        sizes = "/".join(str(int(s)) for s in np.unique(self.fold_sizes))
        return (
            f"{self.repeats} x {self.k}-fold CV (fold sizes {sizes}, {self.repeats * self.k} fits): mean estimate "
            f"{self.mean_estimate:.4f}, true error {self.mean_true_error:.4f}, bias {self.bias:+.4f}, "
            f"sd {self.sd:.4f}, RMSE {self.rmse:.4f}"
        )


def cv_state(study, k, repeats=1):
    """The cross-validation explorer's state: the folds of the demo data set and the
    spread of the ``repeats`` x k-fold estimate (mean of the first ``repeats`` runs)
    over the study's data sets, against the true error of the final model.

    Example
    -------
    >>> st = cv_study(two_gaussians_population(), 30, ks=(2, 10), max_repeats=2, n_datasets=20)
    >>> cv_state(st, 10, 2).folds.shape
    (2, 30)
    """
    if not isinstance(study, CVStudy):
        raise TypeError(f"study must be a CVStudy, got {type(study).__name__}")
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or int(k) not in study.ks:
        raise ValueError(f"k={k!r} was not precomputed; choose one of {list(study.ks)}")
    k = int(k)
    repeats = check_positive_int(repeats, "repeats", minimum=1, maximum=study.max_repeats)
    curve_bias, curve_sd = [], []
    for kk in study.ks:
        d = study.runs[kk][:repeats].mean(axis=0) - study.true_error
        curve_bias.append(d.mean())
        curve_sd.append(d.std())
    est = study.runs[k][:repeats].mean(axis=0)
    diff = est - study.true_error
    folds = study.folds[k][:repeats]
    return CVState(
        k=k,
        repeats=repeats,
        folds=folds,
        fold_sizes=np.bincount(folds[0], minlength=k),
        estimates=est,
        mean_estimate=float(est.mean()),
        mean_true_error=float(study.true_error.mean()),
        bias=float(diff.mean()),
        sd=float(diff.std()),
        rmse=float(np.sqrt((diff**2).mean())),
        curve_ks=np.array(study.ks),
        curve_bias=np.array(curve_bias),
        curve_sd=np.array(curve_sd),
    )


@dataclass(frozen=True)
class BootstrapState:
    """What the bootstrap explorer shows for one m (see :func:`bootstrap_state`)."""

    m: int
    counts: np.ndarray
    oob_share: float
    shares: np.ndarray
    mean_share: float
    expected_share: float
    limit: float
    curve_m: np.ndarray
    curve_share: np.ndarray

    def __str__(self) -> str:
        return (
            f"m={self.m}: this sample leaves {int(np.sum(self.counts == 0))} of {self.m} out-of-bag "
            f"({self.oob_share:.3f}); mean over {len(self.shares)} samples {self.mean_share:.4f}; "
            f"(1-1/m)^m = {self.expected_share:.4f}; 1/e = {self.limit:.4f}"
        )


def bootstrap_state(m, *, n_samples=500, max_m=200, rng=0):
    """The bootstrap explorer's state: one bootstrap sample of m (how often each
    example was drawn), the out-of-bag shares of ``n_samples`` samples, and the
    curve :math:`(1-1/m)^m` for m = 1..max_m with its limit 1/e.

    Example
    -------
    >>> s = bootstrap_state(10)
    >>> round(s.expected_share, 4), int(s.counts.sum())
    (0.3487, 10)
    """
    m = check_positive_int(m, "m", minimum=1, maximum=MAX_EXAMPLES)
    n_samples = check_positive_int(n_samples, "n_samples", minimum=1)
    max_m = check_positive_int(max_m, "max_m", minimum=1, maximum=MAX_EXAMPLES)
    _check_work(n_samples * m, f"n_samples={n_samples} bootstrap samples of m={m}")
    rng = check_rng(rng)
    draws = rng.integers(0, m, size=(n_samples, m))
    counts_all = np.zeros((n_samples, m), dtype=np.int64)
    np.add.at(counts_all, (np.repeat(np.arange(n_samples), m), draws.ravel()), 1)
    shares = (counts_all == 0).mean(axis=1)
    ms = np.arange(1, max(max_m, m) + 1)
    return BootstrapState(
        m=m,
        counts=counts_all[0],
        oob_share=float(shares[0]),
        shares=shares,
        mean_share=float(shares.mean()),
        expected_share=float(oob_probability(m)),
        limit=float(np.exp(-1.0)),
        curve_m=ms,
        curve_share=oob_probability(ms),
    )


# ---------------------------------------------------------------------------------------
# Is a cross-validated score better than chance? (chapter 13)
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PermutationTest:
    """The result of :func:`permutation_test`.

    Attributes
    ----------
    score : float
        The cross-validated accuracy on the labels as given.
    permutation_scores : ndarray of shape (n_permutations,)
        The same cross-validation on randomly permuted labels (the null hypothesis:
        X says nothing about y).
    pvalue : float
        ``(1 + #{permutation scores >= score}) / (1 + n_permutations)``.
    """

    score: float
    permutation_scores: np.ndarray
    pvalue: float

    def __str__(self) -> str:
        null = self.permutation_scores
        return (f"CV accuracy {self.score:.4f}; under permuted labels {null.mean():.4f} "
                f"(sd {null.std():.4f}, {null.size} permutations); p = {self.pvalue:.4f}")


def permutation_test(X, y, *, learner=None, k=5, n_permutations=100, stratify=True, rng=None) -> PermutationTest:
    r"""Is a learner's cross-validated accuracy better than chance?  A permutation test.

    The k-fold accuracy :math:`s` on the data is compared with the same k-fold
    accuracy after shuffling the labels, which breaks any link between X and y
    while keeping the class counts.  Over B permutations with scores :math:`s_b`,

    .. math:: p = \frac{1 + \#\{b : s_b \ge s\}}{1 + B},

    a valid p-value for "X carries no information about y" (Ojala & Garriga 2010,
    as ``sklearn.model_selection.permutation_test_score``).  Unstratified folds
    are drawn once and reused for every permutation; stratified folds are drawn
    again for each permuted labelling, stratified by *those* labels, as for the
    real ones (reusing the real labels' strata would make the permuted folds
    unbalanced, lower the null scores and reject too often under H0). The null
    scores are centred near the majority-class rate, not always 0.5.

    Parameters
    ----------
    X : array-like of shape (m, n_features)
    y : array-like of shape (m,), two classes
    learner : as in :func:`estimate_error`, default None (the course's LogisticRegression)
    k : int, 2 <= k <= m, default=5
    n_permutations : int in [1, 100000], default=100
    stratify : bool, default=True
        Stratify the folds by the labels as given.
    rng : None, int or numpy.random.Generator

    Returns
    -------
    PermutationTest

    Example
    -------
    >>> import numpy as np
    >>> X = np.random.default_rng(0).normal(size=(60, 2))
    >>> y = (X[:, 0] > 0).astype(int)
    >>> r = permutation_test(X, y, n_permutations=30, rng=0)
    >>> r.score > 0.9, r.pvalue
    (True, 0.03225806451612903)
    """
    X, y = _check_common(X, y)
    learner = _check_learner(learner)
    m = len(y)
    k = check_positive_int(k, "k", minimum=2, maximum=m)
    n_permutations = check_positive_int(n_permutations, "n_permutations", minimum=1, maximum=100_000)
    stratify = check_bool(stratify, "stratify")
    rng = check_rng(rng)
    _check_work(k * m, f"{k}-fold CV on {m} examples")  # one permutation at a time
    folds = _kfold_weights(y, 1, k, stratify, rng)

    def cv_accuracy(labels, folds):
        W, T = folds
        errs = _errors(learner, X, labels, W, T)
        return 1.0 - float((errs * T.sum(axis=1)).sum() / T.sum())  # pooled over the folds

    def permuted():
        labels = y[rng.permutation(m)]
        return cv_accuracy(labels, _kfold_weights(labels, 1, k, True, rng) if stratify else folds)

    score = cv_accuracy(y, folds)
    null = np.array([permuted() for _ in range(n_permutations)])
    pvalue = (1.0 + float(np.count_nonzero(null >= score))) / (1.0 + n_permutations)
    return PermutationTest(score=score, permutation_scores=null, pvalue=pvalue)
