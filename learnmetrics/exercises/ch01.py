"""Exercises of chapter 01 (evaluation methods: hold-out, cross-validation, bootstrap).

Every answer and every known mistake is computed here with learnmetrics from
the exercise's data: a mistake is the mistaken rule applied to the same data
(each class's share of the test set rounded on its own, the training set
counted instead of the test set, the limit 1/e used for a small m, the test
folds taken for the training sets, ...).
"""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np

from .. import splits as _splits
from ..evaluation import METHODS, bootstrap_state, simulate_estimators, two_gaussians_population
from ..realdata import load_breast_cancer
from ._core import Mistake, register

_cancer_y = load_breast_cancer().y


# -- 01.1 (end of section 2): the counts of a stratified 70/30 hold-out split -----------------------
# "another one": the same data with another test share
_SHARE = 0.3
_SHARES = (0.1, 0.18, 0.2, 0.23, 0.26, 0.34, 0.36, 0.44)   # the variants' test shares (each fits the story)
_m, _m_pos = len(_cancer_y), int(_cancer_y.sum())
_m_neg = _m - _m_pos


def _holdout(share) -> SimpleNamespace:
    """The counts of a stratified hold-out split of the breast-cancer data with test share ``share``."""
    _, test = _splits.holdout_split(_cancer_y, test_size=share, rng=0)
    n_test = len(test)
    test_pos = int(_cancer_y[test].sum())
    quota_pos, quota_neg = _m_pos * n_test / _m, _m_neg * n_test / _m
    # the one example left over by rounding both shares down, given to the class that lost less
    down = np.floor([quota_pos, quota_neg]).astype(int)
    other = tuple(int(v) for v in down + (np.array([quota_pos % 1, quota_neg % 1])
                                          == min(quota_pos % 1, quota_neg % 1)))
    return SimpleNamespace(share=share, n_test=n_test, test_pos=test_pos, test_neg=n_test - test_pos,
                           quota_pos=quota_pos, quota_neg=quota_neg, other_class=other)


_h1 = _holdout(_SHARE)
_n_test, _test_pos, _test_neg = _h1.n_test, _h1.test_pos, _h1.test_neg


def _solve_01_1(h=_h1):
    return "\n".join([
        f"T holds ceil({h.share} x {_m}) = {h.n_test} examples.",
        f"Each class's share of T: malignant {_m_pos} x {h.n_test}/{_m} = {h.quota_pos:.2f}, "
        f"benign {_m_neg} x {h.n_test}/{_m} = {h.quota_neg:.2f}.",
        f"Rounded down: {math.floor(h.quota_pos)} + {math.floor(h.quota_neg)} = "
        f"{math.floor(h.quota_pos) + math.floor(h.quota_neg)}, one short of {h.n_test}; the missing example goes "
        f"to the class whose share was cut most (malignant lost {h.quota_pos % 1:.2f}, benign "
        f"{h.quota_neg % 1:.2f}).",
        f"lm.holdout_split(y, test_size={h.share}, rng=0) puts {h.test_pos} malignant and {h.test_neg} benign "
        f"examples in T (and {_m_pos - h.test_pos} + {_m_neg - h.test_neg} in S), whatever the seed.",
    ])


def _make_01_1(seed: int) -> dict:
    share = _SHARE if seed == 0 else float(np.random.default_rng([1, 1, seed]).choice(_SHARES))
    h = _holdout(share)
    up = (math.ceil(share * _m_pos), math.ceil(share * _m_neg))
    # the question's story holds: rounding each class down loses one example, rounding each up adds one,
    # the left-over goes to the class that lost the most (holdout_split's rule)
    lost = (h.quota_pos % 1, h.quota_neg % 1)
    if (math.floor(h.quota_pos) + math.floor(h.quota_neg) != h.n_test - 1 or sum(up) != h.n_test + 1
            or (h.test_pos > math.floor(h.quota_pos)) != (lost[0] > lost[1])):
        raise ValueError(f"01.1: test share {share} does not fit the question")
    return dict(
        prompt=f"The breast-cancer data hold m = {_m} examples, {_m_pos} malignant (positive) and {_m_neg} benign. A "
               f"stratified hold-out split with test share {share} puts ceil({share} * {_m}) examples in the test set "
               "T, and each class sends its share of T, rounded so that the total is exactly that (an example left "
               "over goes to the class whose share was rounded down most). How many malignant and how many benign "
               "examples are in T? Answer as a tuple (malignant, benign).",
        answer=(h.test_pos, h.test_neg),
        data={"m": _m, "positives": _m_pos, "test_size": share},
        mistakes=[
            Mistake((h.test_neg, h.test_pos), "the two classes are swapped.",
                    f"Malignant is the smaller class ({_m_pos} of {_m}), so it sends the smaller share."),
            Mistake((_m_pos - h.test_pos, _m_neg - h.test_neg), "those are the counts of the training set S.",
                    f"T is the {share:.0%} that is held out; S keeps the other {1 - share:.0%}."),
            Mistake(up, "each class was rounded up on its own, so T would hold one example too many.",
                    f"The size of T is fixed first, ceil({share} * {_m}) = {h.n_test}; the classes then share it, "
                    "and their counts must add up to it."),
            Mistake((math.floor(h.quota_pos), math.floor(h.quota_neg)),
                    "each class was rounded down, so T would hold one example too few.",
                    f"The counts must add up to {h.n_test}: give the missing example to the class whose share lost "
                    "the most in rounding."),
            Mistake(h.other_class, "the left-over example went to the other class.",
                    f"It goes to the class whose share lost the most in rounding: malignant lost "
                    f"{h.quota_pos % 1:.2f}, benign {h.quota_neg % 1:.2f}."),
            Mistake((h.quota_pos, h.quota_neg), "those are the exact shares, and a test set holds whole examples.",
                    f"Round the shares to whole numbers that still add up to {h.n_test}."),
        ],
        solve=lambda: _solve_01_1(h),
    )


register(
    "01.1",
    kind="tuple",
    quantity="count",
    tolerance=0.05,   # counts: whole numbers; the exact shares (a known mistake) are recognised to 0.05
    decimals=0,
    hint="Find the size of T first, then split it between the classes in proportion to their sizes.",
    variants=_make_01_1,
    **_make_01_1(0),
)


# -- 01.2 (inside section 6): predict-then-check with the bootstrap explorer ----------------------
# "another one": another m on the same explorer's slider
_M_BOOT = 8
_M_BOOTS = (3, 4, 5, 6, 7, 9, 10, 12, 15)      # the variants' m (the explorer's slider reaches them)
_p_oob = float(_splits.oob_probability(_M_BOOT))
_shown = bootstrap_state(_M_BOOT)   # what the chapter's explorer (BootstrapExplorer's defaults) prints at m = 8


def _solve_01_2(m=_M_BOOT):
    p = float(_splits.oob_probability(m))
    return "\n".join([
        f"One draw misses a given example with probability 1 - 1/{m} = {1 - 1 / m:.4f}.",
        f"The {m} draws are independent, so all of them miss it with probability "
        f"(1 - 1/{m})^{m} = {p:.4f}.",
        f"Every example has that probability, so on average a share {p:.4f} of D is out-of-bag "
        f"({m * p:.2f} of {m} examples).",
        f"It is below the limit 1/e = {math.exp(-1):.4f}: (1 - 1/m)^m rises towards 1/e as m grows. One "
        "sample leaves a whole number out (the explorer's 'this sample'); the mean over many samples "
        "approaches the probability.",
    ])


def _make_01_2(seed: int) -> dict:
    m = _M_BOOT if seed == 0 else int(np.random.default_rng([1, 2, seed]).choice(_M_BOOTS))
    p = float(_splits.oob_probability(m))
    shown = bootstrap_state(m)      # what the explorer prints at this m
    return dict(
        prompt=f"Before you move the explorer's slider to m = {m}: a bootstrap sample draws {m} times, with "
               f"replacement, from {m} examples. On average, what share of the {m} examples will be "
               "out-of-bag (never drawn)? Answer as a number between 0 and 1, with 4 decimals.",
        answer=p,
        data={"m": m},
        mistakes=[
            Mistake(math.exp(-1), "1/e is the limit for a large m.",
                    f"For m = {m} compute (1 - 1/m)^m itself: it is smaller than its limit."),
            Mistake(1 - p, "that is the share drawn at least once (the in-bag share).",
                    "Out-of-bag means missed by every draw: (1 - 1/m)^m, not 1 minus it."),
            Mistake(1 - 1 / m, "that is the chance of being missed by one draw.",
                    f"All {m} draws must miss the example: multiply the {m} chances."),
            Mistake(m * p, "that is the expected number of out-of-bag examples.",
                    f"The question asks for a share: divide by m = {m}."),
            Mistake(shown.oob_share, "that is the share one bootstrap sample left out, the explorer's 'this "
                    "sample'.",
                    "One sample leaves a whole number of examples out; the question asks for the average over all "
                    f"samples, the probability (1 - 1/m)^m for m = {m}."),
            Mistake(shown.mean_share, f"that is the explorer's mean over {len(shown.shares)} simulated samples, "
                    "an estimate that carries simulation noise.",
                    f"Compute the probability itself: (1 - 1/m)^m for m = {m}."),
        ],
        solve=lambda: _solve_01_2(m),
    )


register(
    "01.2",
    kind="number",
    quantity="share",
    decimals=4,
    hint="Compute the chance that one given example is missed by every draw.",
    variants=_make_01_2,
    **_make_01_2(0),
)


# -- 01.3 (exercises section): the sizes in 10 x 10-fold cross-validation --------------------------
# "another one": other k and p on the same data
_K, _P = 10, 10
_KS, _PS = (2, 4, 5, 8, 20), (2, 3, 5, 10)   # the variants' k and p ((k - 1)/k x m can be typed)


def _kfold_sizes(k, p):
    """(models, train sizes, test sizes) of p x k-fold CV on the breast-cancer data."""
    pairs = list(_splits.repeated_kfold(_cancer_y, k=k, repeats=p, rng=0))
    return len(pairs), np.array([len(tr) for tr, _ in pairs]), np.array([len(te) for _, te in pairs])


_n_fits, _train_sizes, _test_sizes = _kfold_sizes(_K, _P)


def _solve_01_3(k=_K, p=_P):
    n_fits, train_sizes, test_sizes = _kfold_sizes(k, p)
    q, r = divmod(_m, k)
    return "\n".join([
        f"p x k-fold trains one model per fold per repetition: {p} x {k} = {n_fits} models.",
        f"{_m} = {k} x {q} + {r}: the {k} folds hold {q} or {q + 1} examples ({r} folds of {q + 1}, "
        f"{k - r} of {q}); lm.repeated_kfold's folds hold {test_sizes.min()} to {test_sizes.max()}.",
        f"Each model trains on the other k - 1 folds: {_m} - {test_sizes.max()} = {train_sizes.min()} to "
        f"{_m} - {test_sizes.min()} = {train_sizes.max()} examples.",
    ])


def _make_01_3(seed: int) -> dict:
    if seed == 0:
        k, p = _K, _P
    else:
        rng = np.random.default_rng([1, 3, seed])
        k, p = int(rng.choice(_KS)), int(rng.choice(_PS))
    n_fits, train_sizes, test_sizes = _kfold_sizes(k, p)
    return dict(
        prompt=f"{p} x {k}-fold cross-validation (k = {k} folds, repeated p = {p} times with new random folds) on the "
               f"{_m} breast-cancer examples. How many models are trained, and how many examples do the smallest and "
               "the largest training sets hold? Answer as a tuple (models, smallest training set, largest training "
               "set).",
        answer=(n_fits, train_sizes.min(), train_sizes.max()),
        data={"m": _m, "k": k, "p": p},
        mistakes=[
            Mistake((k, train_sizes.min(), train_sizes.max()), "that counts one repetition only.",
                    f"Each of the {p} repetitions cuts new folds and trains {k} new models."),
            Mistake((n_fits, test_sizes.min(), test_sizes.max()), "those are the sizes of the test folds.",
                    "Each model trains on the other k - 1 folds, not on the one it is tested on."),
            Mistake((n_fits, (k - 1) * _m / k, (k - 1) * _m / k),    # one rounding: 455.2 as typed
                    f"(k - 1)/k x m = {(k - 1) / k * _m:g} is not a whole number of examples.",
                    f"Folds hold whole examples: write {_m} as {k} folds of nearly equal size first."),
        ],
        solve=lambda: _solve_01_3(k, p),
    )


register(
    "01.3",
    kind="tuple",
    quantity="count",
    tolerance=0,
    hint="Count the folds per repetition, then the examples outside one fold.",
    variants=_make_01_3,
    **_make_01_3(0),
)


# -- 01.4 (exercises section): which estimate is the most pessimistic? -----------------------------
_METHODS = ("resubstitution", "holdout", "kfold", "loo", "bootstrap")
_M_POP = 40
_POPULATION = {"distance": 2.0, "n_features": 5, "n_informative": 2, "positive_rate": 0.3}  # section 3's
# the share of D's distinct examples each method's models train on (1 for resubstitution)
_distinct = {
    "resubstitution": 1.0,
    "holdout": (_M_POP - math.ceil(_SHARE * _M_POP)) / _M_POP,
    "kfold": (_M_POP - _M_POP // 10) / _M_POP,
    "loo": (_M_POP - 1) / _M_POP,
    "bootstrap": 1 - float(_splits.oob_probability(_M_POP)),
}
_tested_apart = [k for k in _METHODS if k != "resubstitution"]
_most_pessimistic = min(_tested_apart, key=_distinct.get)


def _solve_01_4():
    pop = two_gaussians_population(**_POPULATION)
    # the same call as the notebook's section 7, so the numbers match its table
    study = simulate_estimators(pop, _M_POP, methods=METHODS, n_datasets=300, k=10, p=10, test_size=_SHARE, rng=0)
    bias = {name: b for name, b in zip(study.methods, study.bias) if name in _METHODS}
    lines = [f"Share of the {_M_POP} examples each model trains on (distinct examples):"]
    for name in _METHODS:
        note = "  (and tests on the same examples)" if name == "resubstitution" else ""
        lines.append(f"  {name:15s} {_distinct[name]:.4f}{note}")
    lines.append("On this population a model trained on fewer examples is worse on average (the learning curve "
                 "of section 3), so a method that tests such models overestimates the error of the final model "
                 "(bootstrap: the mean share of distinct examples in a sample).")
    lines.append(f"Measured on the population of section 3 ({len(study.true_error)} data sets of m = {_M_POP}), "
                 "mean estimate - true error:")
    for name, b in bias.items():
        lines.append(f"  {name:15s} {b:+.4f}")
    lines.append(f"Most pessimistic: {max(bias, key=bias.get)}; resubstitution is optimistic "
                 "(negative bias): it tests on the examples it learned.")
    return "\n".join(lines)


register(
    "01.4",
    f"On data sets of m = {_M_POP} examples from the population of section 3, which of these methods gives "
    "the most pessimistic estimate of the final model's error (the largest positive bias)? Choose one of "
    f"{', '.join(repr(c) for c in _METHODS)} (the training error, one {_SHARE:.0%} hold-out split, 10-fold CV, "
    "leave-one-out, one bootstrap sample). Think about how many distinct examples each method's models are trained on.",
    kind="choice",
    answer=_most_pessimistic,
    choices=_METHODS,
    data={"m": _M_POP, "distinct_share": dict(_distinct)},
    mistakes=[
        Mistake("resubstitution", "the training error is optimistic, not pessimistic:",
                "it tests the model on the examples it learned from, so its bias is negative."),
        Mistake("holdout", f"the hold-out models train on {_distinct['holdout']:.0%} of D,",
                f"but a bootstrap sample holds only about {_distinct['bootstrap']:.1%} distinct examples of D "
                f"(1 - (1 - 1/m)^m for m = {_M_POP})."),
        Mistake("loo", "leave-one-out trains on m - 1 examples,",
                "almost the final model's training set: it is among the least pessimistic."),
        Mistake("kfold", f"10-fold CV trains each model on {_distinct['kfold']:.0%} of D,",
                "so its models are close to the final one and its bias is small."),
    ],
    hint="Compare the share of D each method trains on.",
    solve=_solve_01_4,
)


# -- 01.5 (exercises section): explain in words ----------------------------------------------------
register(
    "01.5",
    "A colleague tries seven values of l2, keeps the one with the smallest error on the test set, and reports "
    "that test error as the error of the model. What is wrong with the reported number, and what should the "
    "colleague do instead?",
    kind="open",
    answer=("The test set was used to make a choice, so it is no longer independent of the model: the smallest of "
            "seven noisy test errors tends to be lower than the error of the chosen setting on new data, so "
            "the reported error is optimistic. Choose l2 on validation data instead (a split of the training data, "
            "or cross-validation inside it), retrain with the chosen l2 on the whole training part, measure the "
            "error once on the untouched test set, and finally train the delivered model on all of D."),
)
