r"""Chapter 13's simulations: how an evaluation goes wrong, on data whose true answer is known.

Course machinery (not re-exported by ``import learnmetrics as lm``).  Each study
draws seeded data sets from a population whose true accuracy (or precision,
recall) is known exactly, runs an evaluation the wrong way and the right way, and
returns both estimates beside the truth:

* :func:`leakage_study`: a step fitted on all the data before cross-validation
  (choosing features by their link to the labels, standardising) against the
  same step inside each training fold; labels are random, exactly half of each class, so the truth is 0.5.
* :func:`duplicate_study`: copies of the same example on both sides of a split.
* :func:`group_study`: several examples per patient; random vs grouped k-fold.
* :func:`drift_study`: a drifting process; shuffled k-fold vs forward chaining
  against the error on the next month.
* :func:`selection_study`: the best of m configurations scored on the same
  cross-validation against nested cross-validation.
* :func:`constraint_study` / :func:`constraint_state`: a threshold chosen on
  validation data under "precision >= target", checked against the population.

The learners are the two simplest there are, vectorised: the nearest centroid
(a linear rule) and the 1-nearest neighbour (which remembers every example).
Every accuracy is ``learnmetrics.accuracy_score``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import classification as _cls
from ._validation import as_1d, check_positive_int, check_probability, check_real, check_rng
from .evaluation import _norm_cdf
from .operating_point import recall_at_precision
from .splits import group_kfold_split, kfold_split, time_series_split

__all__ = [
    "nearest_centroid_predict",
    "nearest_neighbour_predict",
    "LeakageStudy",
    "leakage_study",
    "duplicate_study",
    "group_study",
    "drift_study",
    "SelectionStudy",
    "selection_study",
    "ConstraintState",
    "constraint_state",
    "gaussian_rates",
    "LeakageCurve",
    "LeakageState",
    "leakage_curve",
    "leakage_state",
]


# -- two learners ---------------------------------------------------------------------------------
def nearest_centroid_predict(X_train, y_train, X_test):
    """Predict 1 where a test example is nearer (Euclidean) the class-1 mean than the class-0 mean."""
    c1 = X_train[y_train == 1].mean(axis=0)
    c0 = X_train[y_train == 0].mean(axis=0)
    return (((X_test - c1) ** 2).sum(axis=1) < ((X_test - c0) ** 2).sum(axis=1)).astype(int)


def nearest_neighbour_predict(X_train, y_train, X_test):
    """The label of the nearest training example (1-NN, Euclidean)."""
    d = (X_test ** 2).sum(1)[:, None] - 2 * X_test @ X_train.T + (X_train ** 2).sum(1)[None, :]
    return y_train[np.argmin(d, axis=1)]


def _cv_accuracy(X, y, splits, fit_predict, prepare=None):
    """Pooled accuracy over the test folds; ``prepare(X_train, y_train, X_test)`` runs inside each fold."""
    pred = np.empty_like(y)
    for train, test in splits:
        Xtr, Xte = X[train], X[test]
        if prepare is not None:
            Xtr, Xte = prepare(Xtr, y[train], Xte)
        pred[test] = fit_predict(Xtr, y[train], Xte)
    return _cls.accuracy_score(y, pred)


def _top_features(X, y, keep):
    """The ``keep`` columns whose class means differ most (a univariate filter, as SelectKBest does)."""
    diff = np.abs(X[y == 1].mean(axis=0) - X[y == 0].mean(axis=0)) / (X.std(axis=0) + 1e-12)
    return np.argsort(diff)[-keep:]


# -- leakage ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class LeakageStudy:
    """Cross-validated accuracies per data set: ``outside`` (step fitted on all data) and
    ``inside`` (step fitted in each training fold); ``truth`` is the true accuracy."""

    outside: np.ndarray
    inside: np.ndarray
    truth: float
    step: str


def leakage_study(*, step="select", n=100, n_features=2000, keep=20, k=5, n_datasets=10, rng=0) -> LeakageStudy:
    """Random labels (exactly half of each class, shuffled), pure-noise features: the true accuracy of any
    learner is 0.5.

    ``step="select"``: keep the ``keep`` features most linked to the labels;
    ``step="scale"``: standardise every feature (mean 0, sd 1); then the nearest
    centroid, scored by k-fold CV.  Outside = the step sees all n examples once,
    before the split; inside = it sees the training fold only.
    """
    step = {"select": "select", "scale": "scale"}.get(step) if isinstance(step, str) else None
    if step is None:
        raise ValueError("step must be 'select' or 'scale'")
    n = check_positive_int(n, "n", minimum=10, maximum=10_000)
    n_features = check_positive_int(n_features, "n_features", minimum=1, maximum=20_000)
    keep = check_positive_int(keep, "keep", minimum=1, maximum=n_features)
    k = check_positive_int(k, "k", minimum=2, maximum=n)
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1, maximum=1000)
    rng = check_rng(rng)
    outside, inside = [], []
    for _ in range(n_datasets):
        y = rng.permutation(np.arange(n) % 2)
        if step == "select":
            X = rng.normal(size=(n, n_features))
            cols = _top_features(X, y, keep)
            prep_in = lambda Xtr, ytr, Xte: (lambda c: (Xtr[:, c], Xte[:, c]))(_top_features(Xtr, ytr, keep))
            X_out = X[:, cols]
        else:
            X = rng.normal(loc=3.0, scale=2.0, size=(n, keep))
            X_out = (X - X.mean(axis=0)) / X.std(axis=0)
            prep_in = lambda Xtr, ytr, Xte: ((Xtr - Xtr.mean(0)) / Xtr.std(0), (Xte - Xtr.mean(0)) / Xtr.std(0))
        splits = list(kfold_split(y, k=k, rng=rng))
        outside.append(_cv_accuracy(X_out, y, splits, nearest_centroid_predict))
        inside.append(_cv_accuracy(X, y, splits, nearest_centroid_predict, prep_in))
    return LeakageStudy(np.array(outside), np.array(inside), 0.5, step)


def duplicate_study(*, n=60, n_copies=2, n_features=5, k=5, n_datasets=10, rng=0):
    """Each of n examples (random labels, half of each class; noise features) stored ``n_copies`` times, as
    when the same record is collected twice.  Returns (random k-fold, grouped k-fold)
    accuracies of the 1-nearest neighbour per data set; the truth is 0.5."""
    n = check_positive_int(n, "n", minimum=10, maximum=10_000)
    n_copies = check_positive_int(n_copies, "n_copies", minimum=1, maximum=100)
    n_features = check_positive_int(n_features, "n_features", minimum=1, maximum=1000)
    k = check_positive_int(k, "k", minimum=2, maximum=n)
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1, maximum=1000)
    rng = check_rng(rng)
    rand, grouped = [], []
    for _ in range(n_datasets):
        y0 = rng.permutation(np.arange(n) % 2)
        X0 = rng.normal(size=(n, n_features))
        X = np.repeat(X0, n_copies, axis=0) + 1e-3 * rng.normal(size=(n * n_copies, n_features))
        y = np.repeat(y0, n_copies)
        g = np.repeat(np.arange(n), n_copies)
        rand.append(_cv_accuracy(X, y, kfold_split(y, k=k, rng=rng), nearest_neighbour_predict))
        grouped.append(_cv_accuracy(X, y, group_kfold_split(g, k=k, shuffle=True, rng=rng),
                                    nearest_neighbour_predict))
    return np.array(rand), np.array(grouped)


# -- groups -----------------------------------------------------------------------------------------
def _patients(n_patients, per_patient, rng, signal=0.5, spread=1.5, n_features=4):
    """Each patient has a label (ill or not) and a personal offset shared by all their examples."""
    y_p = rng.permutation(np.arange(n_patients) % 2)
    offset = spread * rng.normal(size=(n_patients, n_features))
    g = np.repeat(np.arange(n_patients), per_patient)
    X = offset[g] + signal * y_p[g][:, None] + 0.3 * rng.normal(size=(g.size, n_features))
    return X, y_p[g], g


def group_study(*, n_patients=30, per_patient=6, k=5, n_datasets=10, n_new=400, rng=0):
    """Several examples per patient, one label per patient; the 1-nearest neighbour.
    Returns (random k-fold, grouped k-fold, true accuracy on new patients) per data set."""
    n_patients = check_positive_int(n_patients, "n_patients", minimum=4, maximum=10_000)
    per_patient = check_positive_int(per_patient, "per_patient", minimum=1, maximum=1000)
    k = check_positive_int(k, "k", minimum=2, maximum=n_patients)
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1, maximum=1000)
    n_new = check_positive_int(n_new, "n_new", minimum=1, maximum=100_000)
    rng = check_rng(rng)
    out = []
    for _ in range(n_datasets):
        X, y, g = _patients(n_patients, per_patient, rng)
        rand = _cv_accuracy(X, y, kfold_split(y, k=k, rng=rng), nearest_neighbour_predict)
        grouped = _cv_accuracy(X, y, group_kfold_split(g, k=k, shuffle=True, rng=rng), nearest_neighbour_predict)
        Xn, yn, _ = _patients(n_new, 1, rng)
        truth = _cls.accuracy_score(yn, nearest_neighbour_predict(X, y, Xn))
        out.append((rand, grouped, truth))
    return np.array(out).T


# -- time -------------------------------------------------------------------------------------------
def _month(t, size, rng, speed=0.1):
    """Examples of month t: the boundary between the classes turns by ``speed`` radians a month."""
    X = rng.normal(size=(size, 2))
    w = np.array([np.cos(speed * t), np.sin(speed * t)])
    y = ((X @ w + 0.3 * rng.normal(size=size)) > 0).astype(int)
    return X, y


def drift_study(*, n_months=12, per_month=40, n_splits=5, n_datasets=10, n_next=2000, rng=0):
    """A drifting process observed for ``n_months``; the model (nearest centroid on all of it)
    is used next month.  Returns (shuffled k-fold error, forward-chaining error, true error
    next month) per data set."""
    n_months = check_positive_int(n_months, "n_months", minimum=3, maximum=1000)
    per_month = check_positive_int(per_month, "per_month", minimum=2, maximum=100_000)
    n_splits = check_positive_int(n_splits, "n_splits", minimum=2, maximum=n_months - 1)
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1, maximum=1000)
    n_next = check_positive_int(n_next, "n_next", minimum=1, maximum=1_000_000)
    rng = check_rng(rng)
    out = []
    for _ in range(n_datasets):
        parts = [_month(t, per_month, rng) for t in range(n_months)]
        X = np.vstack([p[0] for p in parts])
        y = np.concatenate([p[1] for p in parts])
        shuffled = 1 - _cv_accuracy(X, y, kfold_split(y, k=n_splits, rng=rng), nearest_centroid_predict)
        errs = []
        for train, test in time_series_split(len(y), n_splits=n_splits, test_size=per_month):
            errs.append(1 - _cls.accuracy_score(y[test], nearest_centroid_predict(X[train], y[train], X[test])))
        Xn, yn = _month(n_months, n_next, rng)
        truth = 1 - _cls.accuracy_score(yn, nearest_centroid_predict(X, y, Xn))
        out.append((shuffled, float(np.mean(errs)), truth))
    return np.array(out).T


# -- tuning and selection -----------------------------------------------------------------------------
@dataclass(frozen=True)
class SelectionStudy:
    """``best_of`` (n_datasets, len(ms)): the best CV accuracy among m configurations;
    ``nested`` (n_datasets, len(ms)): nested CV of the procedure "pick the best of m";
    ``ms``; ``truth`` = 0.5 (random labels, half of each class)."""

    ms: tuple
    best_of: np.ndarray
    nested: np.ndarray
    truth: float


def _subset_cv_scores(X, y, splits, subsets):
    """CV accuracy of the nearest centroid on each column subset (rows of a 0/1 matrix), at once."""
    correct = np.zeros(subsets.shape[0])
    total = 0
    for train, test in splits:
        Xtr, ytr, Xte = X[train], y[train], X[test]
        c1, c0 = Xtr[ytr == 1].mean(0), Xtr[ytr == 0].mean(0)
        margin = ((Xte - c0) ** 2 - (Xte - c1) ** 2) @ subsets.T      # (n_test, n_configs) > 0 -> predict 1
        pred = (margin > 0).astype(int)
        correct += (pred == y[test][:, None]).sum(axis=0)
        total += len(test)
    return correct / total


def selection_study(*, ms=(1, 10, 100), n=60, n_features=30, subset_size=3, k=5, n_datasets=20, rng=0):
    """Configurations = the nearest centroid on different random subsets of noise features.
    "Best of m" reports the highest k-fold accuracy among m of them; nested CV runs
    "pick the best of m on the training folds" inside an outer k-fold."""
    n = check_positive_int(n, "n", minimum=10, maximum=10_000)
    n_features = check_positive_int(n_features, "n_features", minimum=1, maximum=10_000)
    subset_size = check_positive_int(subset_size, "subset_size", minimum=1, maximum=n_features)
    k = check_positive_int(k, "k", minimum=2, maximum=n // 2)
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1, maximum=1000)
    arr = as_1d(ms, "ms")
    if arr.dtype.kind not in "iu" or (arr < 1).any() or arr.max() > 10_000:
        raise ValueError(f"ms must hold whole numbers of configurations from 1 to 10000, got {arr.tolist()}")
    rng = check_rng(rng)
    ms = tuple(int(m) for m in ms)
    best, nested = np.empty((n_datasets, len(ms))), np.empty((n_datasets, len(ms)))
    for i in range(n_datasets):
        y = rng.permutation(np.arange(n) % 2)
        X = rng.normal(size=(n, n_features))
        subsets = np.zeros((max(ms), n_features))
        for r in range(max(ms)):
            subsets[r, rng.choice(n_features, subset_size, replace=False)] = 1
        splits = list(kfold_split(y, k=k, rng=rng))
        scores = _subset_cv_scores(X, y, splits, subsets)
        for j, m in enumerate(ms):
            best[i, j] = scores[:m].max()
            correct = 0
            for train, test in splits:
                inner = list(kfold_split(y[train], k=k, rng=rng))
                pick = int(np.argmax(_subset_cv_scores(X[train], y[train], inner, subsets[:m])))
                cols = subsets[pick] > 0
                pred = nearest_centroid_predict(X[train][:, cols], y[train], X[test][:, cols])
                correct += int((pred == y[test]).sum())
            nested[i, j] = correct / n
    return SelectionStudy(ms, best, nested, 0.5)


# -- choosing the operating point ----------------------------------------------------------------------
def gaussian_rates(threshold, *, distance=1.5, prevalence=0.3):
    """Exact (precision, recall, FPR) of "score >= threshold" when negatives' scores are N(0, 1),
    positives' N(distance, 1) and a share ``prevalence`` is positive."""
    t = np.atleast_1d(np.asarray(threshold, dtype=np.float64))
    tpr = _norm_cdf(distance - t)
    fpr = _norm_cdf(-t)
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr)
    if np.ndim(threshold) == 0:
        return float(precision[0]), float(tpr[0]), float(fpr[0])
    return precision, tpr, fpr


def _gaussian_sample(n, rng, distance, prevalence):
    y = (rng.random(n) < prevalence).astype(int)
    y[:2] = (0, 1)
    return y, rng.normal(size=n) + distance * y


@dataclass(frozen=True)
class ConstraintState:
    """A threshold chosen on validation data so that precision >= ``target``, on ``n_val`` examples,
    repeated over ``n_repeats`` validation sets, checked against the population.

    ``threshold``/``val_precision``/``val_recall``: the first validation set's choice;
    ``true_precision``/``true_recall``: its values on the population (exact);
    ``thresholds``, ``true_precisions``, ``true_recalls``: every repeat's choice and its true rates
    (a repeat where no threshold qualifies predicts nothing: threshold inf, precision NaN, recall 0);
    ``held``: the share of repeats that picked a threshold whose true precision reaches the target;
    ``none``: the share of repeats where no threshold qualified;
    ``safe_*``: the same with the 95% Wilson lower bound of the validation precision >= target
    (a margin: when it finds a threshold the target holds far more often, at a lower recall; but it
    needs more data to find one at all, and a repeat that finds none counts as not held, so on small
    validation sets ``safe_held`` can be below ``held``: 0.31 against 0.43 at target 0.8, ``n_val=300``)."""

    target: float
    n_val: int
    threshold: float
    val_precision: float
    val_recall: float
    true_precision: float
    true_recall: float
    thresholds: np.ndarray
    true_precisions: np.ndarray
    true_recalls: np.ndarray
    held: float
    none: float
    safe_true_precisions: np.ndarray
    safe_true_recalls: np.ndarray
    safe_held: float
    safe_none: float

    def __str__(self) -> str:
        return (f"target P >= {self.target:.2f}: first validation set -> threshold {self.threshold:.3f}, "
                f"validation P = {self.val_precision:.3f}, R = {self.val_recall:.3f}; population P = "
                f"{self.true_precision:.3f}, R = {self.true_recall:.3f}; the target holds in "
                f"{self.held:.0%} of {self.thresholds.size} validation sets ({self.safe_held:.0%} with the "
                f"Wilson lower bound, which finds no threshold in {self.safe_none:.0%})")


def _safe_threshold(y, s, target):
    """The lowest threshold whose validation precision has a 95% Wilson lower bound >= target."""
    order = np.argsort(-s, kind="stable")
    tp = np.cumsum(y[order])
    m = np.arange(1, y.size + 1)
    distinct = np.r_[s[order][1:] != s[order][:-1], True]
    z = 1.959963984540054
    p = tp / m
    low = (p + z * z / (2 * m) - z * np.sqrt(p * (1 - p) / m + z * z / (4 * m * m))) / (1 + z * z / m)
    ok = np.flatnonzero(distinct & (low >= target))
    if ok.size == 0:
        return np.inf
    return float(s[order][ok[-1]])


def constraint_state(target, *, n_val=300, n_repeats=200, distance=1.5, prevalence=0.3, rng=0) -> ConstraintState:
    """The threshold with the highest validation recall among those with validation precision >=
    ``target`` (:func:`learnmetrics.recall_at_precision`), on ``n_repeats`` fresh validation sets
    of ``n_val`` examples, each checked on the population (:func:`gaussian_rates`)."""
    target = check_probability(target, "target", open_left=True, open_right=True)
    n_val = check_positive_int(n_val, "n_val", minimum=10, maximum=100_000)
    n_repeats = check_positive_int(n_repeats, "n_repeats", minimum=1, maximum=10_000)
    distance = check_real(distance, "distance", low=0, low_open=True)
    prevalence = check_probability(prevalence, "prevalence", open_left=True, open_right=True)
    rng = check_rng(rng)
    thr, safe = np.empty(n_repeats), np.empty(n_repeats)
    first = None
    for r in range(n_repeats):
        y, s = _gaussian_sample(n_val, rng, distance, prevalence)
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            op = recall_at_precision(y, s, min_precision=target)
        thr[r] = op.threshold
        safe[r] = _safe_threshold(y, s, target)
        if first is None:
            first = op
    tp_, tr_, _ = gaussian_rates(thr, distance=distance, prevalence=prevalence)
    sp_, sr_, _ = gaussian_rates(safe, distance=distance, prevalence=prevalence)
    found, safe_found = np.isfinite(thr), np.isfinite(safe)
    tp_, tr_ = np.where(found, tp_, np.nan), np.where(found, tr_, 0.0)
    sp_, sr_ = np.where(safe_found, sp_, np.nan), np.where(safe_found, sr_, 0.0)
    return ConstraintState(
        target=target, n_val=n_val, threshold=float(thr[0]), val_precision=first.precision,
        val_recall=first.recall, true_precision=float(tp_[0]), true_recall=float(tr_[0]),
        thresholds=thr, true_precisions=tp_, true_recalls=tr_,
        held=float(np.mean(found & (np.nan_to_num(tp_) >= target))), none=float(np.mean(~found)),
        safe_true_precisions=sp_, safe_true_recalls=sr_,
        safe_held=float(np.mean(safe_found & (np.nan_to_num(sp_) >= target))), safe_none=float(np.mean(~safe_found)),
    )


@dataclass(frozen=True)
class LeakageCurve:
    """:func:`leakage_curve`'s result: for each number of features kept (``keeps``), the
    cross-validated accuracies of every data set with the selection ``outside`` the folds and
    ``inside`` each training fold, arrays of shape (len(keeps), n_datasets); ``truth`` = 0.5."""

    keeps: tuple
    outside: np.ndarray
    inside: np.ndarray
    truth: float


@dataclass(frozen=True)
class LeakageState:
    """One position of the leakage explorer: ``keep`` features, their accuracies and means."""

    keep: int
    outside: np.ndarray
    inside: np.ndarray
    outside_mean: float
    inside_mean: float
    truth: float


def leakage_curve(*, keeps=(1, 2, 5, 10, 20, 50, 100, 200), n=100, n_features=2000, k=5, n_datasets=10,
                  rng=0) -> LeakageCurve:
    """:func:`leakage_study` with ``step="select"`` for several numbers of features kept, on the same
    data sets and folds (so the curves differ only by ``keep``)."""
    n_features = check_positive_int(n_features, "n_features", minimum=1, maximum=20_000)
    arr = as_1d(keeps, "keeps")
    if arr.dtype.kind not in "iu":
        raise TypeError(f"keeps must hold whole numbers of features, got values of type {arr.dtype}")
    keeps = tuple(check_positive_int(int(v), "keeps", minimum=1, maximum=n_features) for v in arr.tolist())
    if not keeps or list(keeps) != sorted(set(keeps)):
        raise ValueError(f"keeps must be increasing and not empty, got {list(keeps)}")
    n = check_positive_int(n, "n", minimum=10, maximum=10_000)
    k = check_positive_int(k, "k", minimum=2, maximum=n)
    n_datasets = check_positive_int(n_datasets, "n_datasets", minimum=1, maximum=1000)
    rng = check_rng(rng)
    out = np.empty((len(keeps), n_datasets))
    ins = np.empty((len(keeps), n_datasets))
    for d in range(n_datasets):
        y = rng.permutation(np.arange(n) % 2)
        X = rng.normal(size=(n, n_features))
        splits = list(kfold_split(y, k=k, rng=rng))
        order_all = _top_features(X, y, n_features)[::-1]            # best first, on all the data
        order_fold = [_top_features(X[tr], y[tr], n_features)[::-1] for tr, _ in splits]
        for j, keep in enumerate(keeps):
            out[j, d] = _cv_accuracy(X[:, order_all[:keep]], y, splits, nearest_centroid_predict)
            pred = np.empty_like(y)
            for (tr, te), order in zip(splits, order_fold):
                cols = order[:keep]
                pred[te] = nearest_centroid_predict(X[tr][:, cols], y[tr], X[te][:, cols])
            ins[j, d] = _cls.accuracy_score(y, pred)
    return LeakageCurve(keeps, out, ins, 0.5)


def leakage_state(curve: LeakageCurve, keep) -> LeakageState:
    """The explorer's state at ``keep`` (one of ``curve.keeps``)."""
    if keep not in curve.keeps:
        raise ValueError(f"keep must be one of {list(curve.keeps)}, got {keep!r}")
    j = curve.keeps.index(keep)
    return LeakageState(int(keep), curve.outside[j], curve.inside[j], float(curve.outside[j].mean()),
                        float(curve.inside[j].mean()), curve.truth)
