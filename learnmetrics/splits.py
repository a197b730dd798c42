"""Ways to split a data set D into training and test sets (评估方法, book section 2.2).

A model's *generalisation error* (泛化误差) is its error on new examples from
the same distribution. It cannot be measured on the training set (that is the
training or empirical error, 经验误差, which overfitting makes optimistic), so
every method below keeps some examples away from training and tests on them:

* :func:`holdout_split`: hold-out (留出法): one split of D into disjoint S and T,
  stratified (分层采样) so both keep the class proportions of D.
* :func:`kfold_split`: k-fold cross-validation (k 折交叉验证): D cut into k
  disjoint folds of nearly equal size; each fold is the test set once.
* :func:`repeated_kfold`: p times k-fold with fresh random folds ("p 次 k 折").
* :func:`leave_one_out`: leave-one-out (留一法), k-fold with k = m.
* :func:`group_kfold_split`: k-fold over *groups* (one patient's examples, one
  field's melons): every group is wholly on one side of every split.
* :func:`time_series_split`: forward chaining for time-ordered data: train on
  the past, test on the block that follows (scikit-learn's ``TimeSeriesSplit``).
* :func:`bootstrap_split`: the bootstrap (自助法): m draws with replacement
  for training; the examples never drawn (out-of-bag, 包外) are the test set.
  A given example is missed by all m draws with probability
  :math:`(1 - 1/m)^m \\to 1/e \\approx 0.368` (:func:`oob_probability`).

Every function returns (or yields) integer index arrays, sorted increasingly,
so ``X[train_idx], y[train_idx]`` is the training set. Randomness comes from a
:class:`numpy.random.Generator` (``rng``: None, an int seed or a Generator).
"""
from __future__ import annotations

import math
import warnings

import numbers

import numpy as np

from ._validation import as_labels, check_bool, check_positive_int, check_probability, check_rng

__all__ = [
    "holdout_split",
    "kfold_split",
    "repeated_kfold",
    "leave_one_out",
    "bootstrap_split",
    "oob_probability",
    "group_kfold_split",
    "time_series_split",
]


#: the largest number of examples a split will index: bigger sizes are refused before
#: anything is allocated (an index array of this many int64 is 800 MB)
MAX_EXAMPLES = 10**8


def _n_test(test_size: float, m: int) -> int:
    """The test-set size of a hold-out split: :math:`\\lceil \\text{test\\_size} \\cdot m \\rceil`,
    computed exactly as scikit-learn's ``train_test_split`` does (a float product, then ceil)."""
    return math.ceil(test_size * m)


def _class_index_lists(y: np.ndarray):
    """(classes, inverse, list of index arrays, one per class in sorted class order)."""
    classes, inverse = np.unique(y, return_inverse=True)
    order = np.argsort(inverse, kind="stable")
    counts = np.bincount(inverse, minlength=len(classes))
    return classes, inverse, np.split(order, np.cumsum(counts)[:-1]), counts


def _stratified_test_counts(counts: np.ndarray, n_test: int) -> np.ndarray:
    """How many of each class go to the test set: each class between 1 and its size - 1,
    each within one sample of its quota ``count * n_test / n``, summing to ``n_test``."""
    n = counts.sum()
    quota = counts * n_test / n
    alloc = np.clip(np.floor(quota).astype(np.int64), 1, counts - 1)
    while alloc.sum() < n_test:  # give one more to the class furthest below its quota
        room = alloc < counts - 1
        gap = np.where(room, quota - alloc, -np.inf)
        alloc[int(np.argmax(gap))] += 1
    while alloc.sum() > n_test:  # take one from the class furthest above its quota
        room = alloc > 1
        gap = np.where(room, alloc - quota, -np.inf)
        alloc[int(np.argmax(gap))] -= 1
    return alloc


def holdout_split(y, *, test_size, stratify=True, rng=None):
    r"""Hold-out (留出法): split D into a training set S and a disjoint test set T.

    The test set has :math:`\lceil \text{test\_size} \cdot m \rceil` examples, computed
    as scikit-learn's ``train_test_split`` computes it (the float product, then the
    ceiling: ``test_size=0.07`` of 100 gives 8, since 0.07 * 100 = 7.000000000000001
    in floating point), so both libraries put the same number of examples in T. With ``stratify=True`` (分层采样) each
    class c of size :math:`m_c` sends :math:`\approx m_c \cdot |T| / m` examples
    to T (within one of that quota), so S and T keep the class proportions of D;
    which examples go is random. Every class keeps at least one example on each
    side: when a rare class's quota is below one it is lifted to one, and a
    larger class gives up the sample.

    Parameters
    ----------
    y : array-like of shape (m,)
        Class labels (used for stratification; only the length matters otherwise).
    test_size : float in (0, 1)
        The share of D that goes to the test set.
    stratify : bool, default=True
        Keep the class proportions in both parts.
    rng : None, int or numpy.random.Generator

    Returns
    -------
    train_idx, test_idx : ndarray of int
        Sorted, disjoint indices whose union is ``0 .. m-1``.

    Raises
    ------
    ValueError
        ``test_size`` outside (0, 1); a test or training set that would be
        empty; with ``stratify=True``, a class with a single member or a test
        (or training) set smaller than the number of classes, which cannot
        hold one example of each class.

    Example
    -------
    >>> train, test = holdout_split([0, 0, 0, 0, 1, 1, 1, 1], test_size=0.5, rng=0)
    >>> len(train), len(test)
    (4, 4)
    """
    y = as_labels(y, "y")
    test_size = check_probability(test_size, "test_size", open_left=True, open_right=True)
    stratify = check_bool(stratify, "stratify")
    rng = check_rng(rng)
    m = len(y)
    n_test = _n_test(test_size, m)
    if n_test < 1 or n_test > m - 1:
        raise ValueError(
            f"test_size={test_size} on {m} samples gives a test set of {n_test} and a training set of "
            f"{m - n_test}: both must hold at least one sample"
        )
    if not stratify:
        perm = rng.permutation(m)
        return np.sort(perm[n_test:]), np.sort(perm[:n_test])
    classes, _, members, counts = _class_index_lists(y)
    if counts.min() < 2:
        c = classes[int(np.argmin(counts))].item()  # a plain Python value in the message
        raise ValueError(
            f"y: class {c!r} has only 1 member; a stratified split needs at least 2 of each class "
            "(one for training, one for testing). Use stratify=False."
        )
    if n_test < len(classes) or m - n_test < len(classes):
        raise ValueError(
            f"test_size={test_size} gives a test set of {n_test} and a training set of {m - n_test} samples: "
            f"too small to hold one sample of each of the {len(classes)} classes when stratifying. "
            "Use a test_size further from 0 and 1, or stratify=False."
        )
    alloc = _stratified_test_counts(counts, n_test)
    test = np.concatenate([rng.permutation(idx)[:a] for idx, a in zip(members, alloc)])
    mask = np.zeros(m, dtype=bool)
    mask[test] = True
    return np.flatnonzero(~mask), np.flatnonzero(mask)


def _fold_ids(y, k: int, stratify: bool, shuffle: bool, rng) -> np.ndarray:
    """The fold (0 .. k-1) of every sample; see :func:`kfold_split`."""
    m = len(y)
    fold = np.empty(m, dtype=np.int64)
    if not stratify:
        order = rng.permutation(m) if shuffle else np.arange(m)
        sizes = np.full(k, m // k)
        sizes[: m % k] += 1
        fold[order] = np.repeat(np.arange(k), sizes)
        return fold
    classes, _, members, counts = _class_index_lists(y)
    if counts.min() < k:
        c = classes[int(np.argmin(counts))].item()  # a plain Python value in the message
        warnings.warn(
            f"y: class {c!r} has only {counts.min()} members, fewer than k={k}; some test folds will "
            "hold no member of it (the folds are still as stratified as possible).",
            UserWarning,
            stacklevel=3,
        )
    if shuffle:
        members = [rng.permutation(idx) for idx in members]
    sequence = np.concatenate(members)
    labels = np.arange(m) % k
    if shuffle:  # which fold gets the extra members is random too
        labels = rng.permutation(k)[labels]
    fold[sequence] = labels
    return fold


def kfold_split(y, *, k, stratify=True, shuffle=True, rng=None):
    r"""k-fold cross-validation (k 折交叉验证): yields k (train_idx, test_idx) pairs.

    D is cut into k disjoint folds :math:`D_1, \dots, D_k` whose sizes differ by at
    most one; the i-th pair tests on :math:`D_i` and trains on the other k-1 folds.
    With ``stratify=True`` each class's members are (shuffled and) dealt to the
    folds round-robin, so each fold holds :math:`\lfloor m_c/k \rfloor` or
    :math:`\lceil m_c/k \rceil` members of class c: every fold keeps the class
    proportions of D as closely as whole samples allow. Without stratification
    the (shuffled) samples are cut into k consecutive blocks.

    Parameters
    ----------
    y : array-like of shape (m,)
        Class labels.
    k : int, 2 <= k <= m
    stratify : bool, default=True
    shuffle : bool, default=True
        Shuffle before dealing; with ``False`` the split is deterministic
        (stratified: round-robin in data order; otherwise consecutive blocks).
    rng : None, int or numpy.random.Generator

    Yields
    ------
    train_idx, test_idx : ndarray of int
        Sorted and disjoint; the k test sets partition ``0 .. m-1``.

    Raises
    ------
    ValueError
        ``k < 2`` or ``k > m``.

    Warns
    -----
    UserWarning
        With ``stratify=True``, when a class has fewer than k members: the
        split goes ahead (documented fallback) and some test folds hold no
        member of that class.

    Example
    -------
    >>> [test.tolist() for _, test in kfold_split([0, 0, 0, 1, 1, 1], k=3, shuffle=False)]
    [[0, 3], [1, 4], [2, 5]]
    """
    y = as_labels(y, "y")
    if len(y) < 2:
        _too_few(len(y))
    k = check_positive_int(k, "k", minimum=2, maximum=len(y))
    stratify = check_bool(stratify, "stratify")
    shuffle = check_bool(shuffle, "shuffle")
    rng = check_rng(rng)
    fold = _fold_ids(y, k, stratify, shuffle, rng)
    return _pairs_from_folds(fold, k)


def _too_few(m):
    raise ValueError(f"y has {m} sample(s); cross-validation needs at least 2")


def _pairs_from_folds(fold, k):
    for i in range(k):
        is_test = fold == i
        yield np.flatnonzero(~is_test), np.flatnonzero(is_test)


def repeated_kfold(y, *, k, repeats, stratify=True, rng=None):
    """p-times k-fold cross-validation (p 次 k 折交叉验证): ``repeats`` x k pairs.

    Runs :func:`kfold_split` ``repeats`` times with fresh random folds (drawn from
    the one ``rng``) and yields the ``repeats * k`` (train_idx, test_idx) pairs in
    order: the k pairs of the first repetition, then those of the second, ...
    The book's "10 times 10-fold CV" is ``repeated_kfold(y, k=10, repeats=10)``.
    The pairs are produced lazily, one repetition at a time (the arguments are
    checked at once), so a huge ``repeats`` costs nothing until it is iterated.

    Parameters
    ----------
    y : array-like of shape (m,)
    k : int, 2 <= k <= m
    repeats : int >= 1
        The book's p.
    stratify : bool, default=True
    rng : None, int or numpy.random.Generator

    Yields
    ------
    train_idx, test_idx : ndarray of int

    Example
    -------
    >>> len(list(repeated_kfold([0, 1] * 5, k=5, repeats=3, rng=0)))
    15
    """
    y = as_labels(y, "y")
    if len(y) < 2:
        _too_few(len(y))
    k = check_positive_int(k, "k", minimum=2, maximum=len(y))
    repeats = check_positive_int(repeats, "repeats", minimum=1)
    stratify = check_bool(stratify, "stratify")
    rng = check_rng(rng)
    return _repeated_pairs(y, k, repeats, stratify, rng)


def _repeated_pairs(y, k, repeats, stratify, rng):
    """Lazily: the folds of one repetition are drawn only when its first pair is asked for."""
    for _ in range(repeats):
        yield from _pairs_from_folds(_fold_ids(y, k, stratify, True, rng), k)


def leave_one_out(n):
    """Leave-one-out (留一法, LOO): yields n pairs, the i-th testing on example i alone.

    k-fold with k = n: no randomness, and every model is trained on n - 1
    examples, almost as many as the final model, so the estimate has little
    bias; it costs n trainings, and each test set of one example makes each
    single error 0 or 1.

    Parameters
    ----------
    n : int, 2 <= n <= MAX_EXAMPLES (10**8)
        The number of examples.

    Yields
    ------
    train_idx, test_idx : ndarray of int

    Example
    -------
    >>> [t.tolist() for _, t in leave_one_out(3)]
    [[0], [1], [2]]
    """
    n = check_positive_int(n, "n", minimum=2, maximum=MAX_EXAMPLES)
    all_idx = np.arange(n)
    return ((np.delete(all_idx, i), all_idx[i : i + 1]) for i in range(n))


def bootstrap_split(m, *, rng=None):
    r"""The bootstrap (自助法): m draws with replacement; the undrawn are out-of-bag.

    D' is made by drawing m times, uniformly and with replacement, from the m
    examples of D; the examples never drawn, :math:`D \setminus D'`, are the test
    set (the out-of-bag, 包外 examples). One example is missed by all m draws with
    probability :math:`(1 - 1/m)^m`, which tends to :math:`1/e \approx 0.368`.

    Parameters
    ----------
    m : int, 1 <= m <= MAX_EXAMPLES (10**8)
        The number of examples in D (larger sizes are refused before allocating).
    rng : None, int or numpy.random.Generator

    Returns
    -------
    train_idx : ndarray of int, shape (m,)
        The drawn indices, sorted, *with repeats* (an example drawn twice is
        in the training set twice).
    oob_idx : ndarray of int
        The sorted indices never drawn (possibly empty, e.g. always for m = 1).

    Example
    -------
    >>> train, oob = bootstrap_split(1000, rng=0)
    >>> len(train), round(len(oob) / 1000, 1)
    (1000, 0.4)
    """
    m = check_positive_int(m, "m", minimum=1, maximum=MAX_EXAMPLES)
    rng = check_rng(rng)
    draws = np.sort(rng.integers(0, m, size=m))
    drawn = np.zeros(m, dtype=bool)
    drawn[draws] = True
    return draws, np.flatnonzero(~drawn)


def oob_probability(m):
    r"""The probability :math:`(1 - 1/m)^m` that a given example is out-of-bag.

    Also the expected out-of-bag share of D in :func:`bootstrap_split`. It
    rises towards :math:`\lim_{m\to\infty}(1 - 1/m)^m = 1/e \approx 0.3679`.

    Parameters
    ----------
    m : int or array-like of int, each >= 1
        Finite; whole-valued floats are accepted, NaN, infinity, fractions and
        booleans are refused. (Large m is fine: the result tends to 1/e.)

    Returns
    -------
    float or ndarray of float

    Example
    -------
    >>> round(oob_probability(10), 4), round(oob_probability(10**6), 4)
    (0.3487, 0.3679)
    """
    if isinstance(m, (bool, np.bool_)):
        raise TypeError(f"m must be an integer or an array of integers, got bool {m!r}")
    if isinstance(m, (str, bytes)):
        raise TypeError(f"m must be an integer or an array of integers, got {type(m).__name__} {m!r}")
    try:
        arr = np.asarray(m)
    except Exception as exc:  # ragged lists
        raise ValueError(f"m could not be read as an array: {exc}") from None
    if arr.size == 0:
        raise ValueError("m is empty: give at least one size")
    if arr.dtype == object:  # Python integers beyond int64 (10**20): exact enough as floats here
        values = arr.ravel().tolist()
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            bad = next(v for v in values if not (isinstance(v, int) and not isinstance(v, bool)))
            raise TypeError(f"m must be an integer or an array of integers, got {type(bad).__name__} {bad!r}")
        small = [v for v in values if v < 1]
        if small:
            raise ValueError(f"m must hold integers >= 1, got {small[0] if abs(small[0]) < 10**20 else 'a negative integer of ' + str(len(str(-small[0]))) + ' digits'}")
        # beyond 1e300 the probability (1 - 1/m)^m equals its limit 1/e to every float digit
        arr = np.array([float(min(v, 10**300)) for v in values]).reshape(arr.shape)
    if arr.dtype.kind == "f":
        if not np.isfinite(arr).all():
            raise ValueError(f"m must hold finite integers, got {float(arr[~np.isfinite(arr)].ravel()[0])!r}")
        if not np.all(arr == np.round(arr)):
            raise TypeError(f"m must hold integers, got {float(arr[arr != np.round(arr)].ravel()[0])!r}")
    elif arr.dtype.kind not in "iu":
        raise TypeError(f"m must be an integer or an array of integers, got {arr.dtype}")
    if np.any(arr < 1):
        raise ValueError(f"m must be >= 1, got {arr.min()!r}")
    mf = np.maximum(arr.astype(np.float64), 2.0)  # m = 1 is handled apart (probability 0)
    out = np.where(arr == 1, 0.0, np.exp(mf * np.log1p(-1.0 / mf)))
    return float(out) if out.ndim == 0 else out


def _as_group_ids(groups) -> np.ndarray:
    """Group ids: any 1-D array of hashable values (strings, integers, floats such as 1.5, as
    scikit-learn's GroupKFold accepts); NaN is refused (it is no id: NaN != NaN)."""
    if isinstance(groups, (list, tuple)):       # NumPy would turn ['a', 1] into strings silently
        numeric = [isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_)) for v in groups]
        text = [isinstance(v, str) for v in groups]
        if not (all(numeric) or all(text)) and all(a or b for a, b in zip(numeric, text)):
            raise TypeError(f"groups mixes strings and numbers (e.g. {groups[numeric.index(True)]!r} and "
                            f"{groups[text.index(True)]!r}): group ids must be all numbers or all strings")
    try:
        g = np.asarray(groups)
    except ValueError:
        raise ValueError("groups must be a 1-D array of group ids, one per example") from None
    if g.ndim != 1:
        raise ValueError(f"groups must be a 1-D array of group ids, one per example, got shape {g.shape}")
    if g.dtype.kind == "f" and not np.isfinite(g).all():
        raise ValueError("groups must not contain NaN or infinity: every example needs a group id")
    if g.dtype.kind not in "biufUSO":
        raise TypeError(f"groups must hold group ids (numbers or strings), got values of type {g.dtype}")
    if g.dtype.kind == "O":
        values = g.tolist()
        if not (all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in values)
                or all(isinstance(v, str) for v in values)):
            raise TypeError("groups mixes strings and numbers or holds values that are neither: group ids must be "
                            "all numbers or all strings")
        g = np.array(values)
    return g


def group_kfold_split(groups, *, k, shuffle=False, rng=None):
    """k-fold cross-validation over groups: yields k (train_idx, test_idx) pairs.

    When several examples share a source (a patient, a melon field, a user), a
    model tested on one of them after training on its siblings is tested on
    something it has half seen, and plain k-fold is optimistic.  Here every
    group lies wholly in one test fold, so no group is ever on both sides of a
    split.

    Without ``shuffle`` the groups are dealt as ``sklearn.model_selection.GroupKFold``
    (scikit-learn 1.9) deals them, with the same folds: largest group first, each
    to the fold holding the fewest examples so far (the lowest-numbered on a tie),
    which keeps the folds' sizes close.  With ``shuffle`` the distinct groups are
    put in random order and cut into k runs of nearly equal numbers of *groups*.

    Parameters
    ----------
    groups : array-like of shape (m,)
        The group of each example (labels of one kind: numbers or strings).
    k : int, 2 <= k <= number of distinct groups
    shuffle : bool, default=False
    rng : None, int or numpy.random.Generator
        Used only with ``shuffle=True``.

    Yields
    ------
    train_idx, test_idx : ndarray of int, sorted and disjoint

    Example
    -------
    >>> [t.tolist() for _, t in group_kfold_split(["a", "a", "b", "c", "c", "c"], k=2)]
    [[3, 4, 5], [0, 1, 2]]
    """
    g = _as_group_ids(groups)
    if len(g) < 2:
        raise ValueError(f"groups has {len(g)} sample(s); cross-validation needs at least 2")
    shuffle = check_bool(shuffle, "shuffle")
    rng = check_rng(rng)
    uniq, idx = np.unique(g, return_inverse=True)
    if uniq.size < 2:
        raise ValueError(f"groups holds {uniq.size} distinct group; group k-fold needs at least 2")
    k = check_positive_int(k, "k", minimum=2, maximum=int(uniq.size))
    if shuffle:
        order = rng.permutation(uniq.size)
        group_fold = np.empty(uniq.size, dtype=np.int64)
        sizes = np.full(k, uniq.size // k)
        sizes[: uniq.size % k] += 1
        group_fold[order] = np.repeat(np.arange(k), sizes)
    else:
        per_group = np.bincount(idx)
        order = np.argsort(per_group, kind="stable")[::-1]
        load = np.zeros(k)
        group_fold = np.empty(uniq.size, dtype=np.int64)
        for gi, size in zip(order.tolist(), per_group[order].tolist()):  # one pass over the groups
            f = int(np.argmin(load))
            load[f] += size
            group_fold[gi] = f
    return _pairs_from_folds(group_fold[idx], k)


def time_series_split(n, *, n_splits=5, test_size=None, gap=0, max_train_size=None):
    """Forward chaining for time-ordered examples: train on the past, test on what follows.

    The examples ``0 .. n-1`` are in time order.  Split ``i`` (``i = 1 .. n_splits``)
    tests on the block of ``test_size`` examples starting at
    ``n - (n_splits - i + 1) * test_size`` and trains on everything before it
    except the last ``gap`` examples (at most the ``max_train_size`` latest).
    No test example ever precedes a training example, so a drifting process
    cannot leak its future into the training set.  The pairs equal those of
    ``sklearn.model_selection.TimeSeriesSplit`` with the same arguments.

    Parameters
    ----------
    n : int
        The number of examples.
    n_splits : int >= 2, default=5
    test_size : int >= 1 or None, default=None
        None means ``n // (n_splits + 1)``.
    gap : int >= 0, default=0
        Examples left out between each training set and its test block.
    max_train_size : int >= 1 or None, default=None

    Yields
    ------
    train_idx, test_idx : ndarray of int

    Example
    -------
    >>> [(tr.tolist(), te.tolist()) for tr, te in time_series_split(6, n_splits=2)]
    [([0, 1], [2, 3]), ([0, 1, 2, 3], [4, 5])]
    """
    n = check_positive_int(n, "n", minimum=2, maximum=MAX_EXAMPLES)
    n_splits = check_positive_int(n_splits, "n_splits", minimum=2)
    gap = check_positive_int(gap, "gap", minimum=0)
    if test_size is not None:
        test_size = check_positive_int(test_size, "test_size", minimum=1)
    if max_train_size is not None:
        max_train_size = check_positive_int(max_train_size, "max_train_size", minimum=1)
    if n_splits + 1 > n:
        raise ValueError(f"n_splits={n_splits} needs at least n_splits + 1 = {n_splits + 1} examples, n is {n}")
    size = n // (n_splits + 1) if test_size is None else test_size
    if n - gap - size * n_splits <= 0:
        raise ValueError(f"too many splits for n={n}: n_splits={n_splits} test blocks of {size} and gap={gap} "
                         "leave no example to train on")
    idx = np.arange(n)

    def pairs():
        for start in range(n - n_splits * size, n, size):
            end = start - gap
            begin = 0 if max_train_size is None else max(0, end - max_train_size)
            yield idx[begin:end], idx[start:start + size]

    return pairs()
