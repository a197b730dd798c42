"""Exercises of chapter 01 (evaluation methods: hold-out, cross-validation, bootstrap).

Every answer and every known mistake is computed here with learnmetrics from
the exercise's data: a mistake is the mistaken rule applied to the same data
(each class's share of the test set rounded on its own, the training set
counted instead of the test set, the limit 1/e used for a small m, the test
folds taken for the training sets, ...).
"""
from __future__ import annotations

import math

import numpy as np

from .. import splits as _splits
from ..evaluation import METHODS, bootstrap_state, simulate_estimators, two_gaussians_population
from ..realdata import load_breast_cancer
from ._core import Mistake, register

_cancer_y = load_breast_cancer().y


# -- 01.1 (end of section 2): the counts of a stratified 70/30 hold-out split -----------------------
_SHARE = 0.3
_train, _test = _splits.holdout_split(_cancer_y, test_size=_SHARE, rng=0)
_m, _m_pos = len(_cancer_y), int(_cancer_y.sum())
_m_neg = _m - _m_pos
_n_test = len(_test)
_test_pos = int(_cancer_y[_test].sum())
_test_neg = _n_test - _test_pos
_quota_pos, _quota_neg = _m_pos * _n_test / _m, _m_neg * _n_test / _m
# the one example left over by rounding both shares down, given to the class that lost less
_down = np.floor([_quota_pos, _quota_neg]).astype(int)
_other_class = tuple(_down + (np.array([_quota_pos % 1, _quota_neg % 1]) == min(_quota_pos % 1, _quota_neg % 1)))


def _solve_01_1():
    return "\n".join([
        f"T holds ceil({_SHARE} x {_m}) = {_n_test} examples.",
        f"Each class's share of T: malignant {_m_pos} x {_n_test}/{_m} = {_quota_pos:.2f}, "
        f"benign {_m_neg} x {_n_test}/{_m} = {_quota_neg:.2f}.",
        f"Rounded down: {math.floor(_quota_pos)} + {math.floor(_quota_neg)} = "
        f"{math.floor(_quota_pos) + math.floor(_quota_neg)}, one short of {_n_test}; the missing example goes "
        f"to the class whose share was cut most (malignant lost {_quota_pos % 1:.2f}, benign "
        f"{_quota_neg % 1:.2f}).",
        f"lm.holdout_split(y, test_size={_SHARE}, rng=0) puts {_test_pos} malignant and {_test_neg} benign "
        f"examples in T (and {_m_pos - _test_pos} + {_m_neg - _test_neg} in S), whatever the seed.",
    ])


register(
    "01.1",
    f"The breast-cancer data hold m = {_m} examples, {_m_pos} malignant (positive) and {_m_neg} benign. A "
    f"stratified hold-out split with test share {_SHARE} puts ceil({_SHARE} * {_m}) examples in the test set T, "
    "and each class sends its share of T, rounded so that the total is exactly that (an example left over goes "
    "to the class whose share was rounded down most). How many malignant and how many benign examples are in "
    "T? Answer as a tuple (malignant, benign).",
    kind="tuple",
    quantity="count",
    answer=(_test_pos, _test_neg),
    tolerance=0.05,   # counts: whole numbers; the exact shares (a known mistake) are recognised to 0.05
    decimals=0,
    data={"m": _m, "positives": _m_pos, "test_size": _SHARE},
    mistakes=[
        Mistake((_test_neg, _test_pos), "the two classes are swapped.",
                f"Malignant is the smaller class ({_m_pos} of {_m}), so it sends the smaller share."),
        Mistake((_m_pos - _test_pos, _m_neg - _test_neg), "those are the counts of the training set S.",
                f"T is the {_SHARE:.0%} that is held out; S keeps the other {1 - _SHARE:.0%}."),
        Mistake((math.ceil(_SHARE * _m_pos), math.ceil(_SHARE * _m_neg)),
                "each class was rounded up on its own, so T would hold one example too many.",
                f"The size of T is fixed first, ceil({_SHARE} * {_m}) = {_n_test}; the classes then share it, "
                "and their counts must add up to it."),
        Mistake((math.floor(_quota_pos), math.floor(_quota_neg)),
                "each class was rounded down, so T would hold one example too few.",
                f"The counts must add up to {_n_test}: give the missing example to the class whose share lost "
                "the most in rounding."),
        Mistake(_other_class, "the left-over example went to the other class.",
                f"It goes to the class whose share lost the most in rounding: malignant lost "
                f"{_quota_pos % 1:.2f}, benign {_quota_neg % 1:.2f}."),
        Mistake((_quota_pos, _quota_neg), "those are the exact shares, and a test set holds whole examples.",
                f"Round the shares to whole numbers that still add up to {_n_test}."),
    ],
    hint="Find the size of T first, then split it between the classes in proportion to their sizes.",
    solve=_solve_01_1,
)


# -- 01.2 (inside section 6): predict-then-check with the bootstrap explorer ----------------------
_M_BOOT = 8
_p_oob = float(_splits.oob_probability(_M_BOOT))
_shown = bootstrap_state(_M_BOOT)   # what the chapter's explorer (BootstrapExplorer's defaults) prints at m = 8


def _solve_01_2():
    return "\n".join([
        f"One draw misses a given example with probability 1 - 1/{_M_BOOT} = {1 - 1 / _M_BOOT:.4f}.",
        f"The {_M_BOOT} draws are independent, so all of them miss it with probability "
        f"(1 - 1/{_M_BOOT})^{_M_BOOT} = {_p_oob:.4f}.",
        f"Every example has that probability, so on average a share {_p_oob:.4f} of D is out-of-bag "
        f"({_M_BOOT * _p_oob:.2f} of {_M_BOOT} examples).",
        f"It is below the limit 1/e = {math.exp(-1):.4f}: (1 - 1/m)^m rises towards 1/e as m grows. One "
        "sample leaves a whole number out (the explorer's 'this sample'); the mean over many samples "
        "approaches the probability.",
    ])


register(
    "01.2",
    f"Before you move the explorer's slider to m = {_M_BOOT}: a bootstrap sample draws {_M_BOOT} times, with "
    f"replacement, from {_M_BOOT} examples. On average, what share of the {_M_BOOT} examples will be "
    "out-of-bag (never drawn)? Answer as a number between 0 and 1, with 4 decimals.",
    kind="number",
    quantity="share",
    answer=_p_oob,
    data={"m": _M_BOOT},
    decimals=4,
    mistakes=[
        Mistake(math.exp(-1), "1/e is the limit for a large m.",
                f"For m = {_M_BOOT} compute (1 - 1/m)^m itself: it is smaller than its limit."),
        Mistake(1 - _p_oob, "that is the share drawn at least once (the in-bag share).",
                "Out-of-bag means missed by every draw: (1 - 1/m)^m, not 1 minus it."),
        Mistake(1 - 1 / _M_BOOT, "that is the chance of being missed by one draw.",
                f"All {_M_BOOT} draws must miss the example: multiply the {_M_BOOT} chances."),
        Mistake(_M_BOOT * _p_oob, "that is the expected number of out-of-bag examples.",
                f"The question asks for a share: divide by m = {_M_BOOT}."),
        Mistake(_shown.oob_share, "that is the share one bootstrap sample left out, the explorer's 'this "
                "sample'.",
                "One sample leaves a whole number of examples out; the question asks for the average over all "
                f"samples, the probability (1 - 1/m)^m for m = {_M_BOOT}."),
        Mistake(_shown.mean_share, f"that is the explorer's mean over {len(_shown.shares)} simulated samples, "
                "an estimate that carries simulation noise.",
                f"Compute the probability itself: (1 - 1/m)^m for m = {_M_BOOT}."),
    ],
    hint="Compute the chance that one given example is missed by every draw.",
    solve=_solve_01_2,
)


# -- 01.3 (exercises section): the sizes in 10 x 10-fold cross-validation --------------------------
_K, _P = 10, 10
_pairs = list(_splits.repeated_kfold(_cancer_y, k=_K, repeats=_P, rng=0))
_n_fits = len(_pairs)
_train_sizes = np.array([len(tr) for tr, _ in _pairs])
_test_sizes = np.array([len(te) for _, te in _pairs])


def _solve_01_3():
    q, r = divmod(_m, _K)
    return "\n".join([
        f"p x k-fold trains one model per fold per repetition: {_P} x {_K} = {_n_fits} models.",
        f"{_m} = {_K} x {q} + {r}: the {_K} folds hold {q} or {q + 1} examples ({r} folds of {q + 1}, "
        f"{_K - r} of {q}); lm.repeated_kfold's folds hold {_test_sizes.min()} to {_test_sizes.max()}.",
        f"Each model trains on the other k - 1 folds: {_m} - {_test_sizes.max()} = {_train_sizes.min()} to "
        f"{_m} - {_test_sizes.min()} = {_train_sizes.max()} examples.",
    ])


register(
    "01.3",
    f"10 x 10-fold cross-validation (k = {_K} folds, repeated p = {_P} times with new random folds) on the "
    f"{_m} breast-cancer examples. How many models are trained, and how many examples do the smallest and "
    "the largest training sets hold? Answer as a tuple (models, smallest training set, largest training set).",
    kind="tuple",
    quantity="count",
    answer=(_n_fits, _train_sizes.min(), _train_sizes.max()),
    tolerance=0,
    data={"m": _m, "k": _K, "p": _P},
    mistakes=[
        Mistake((_K, _train_sizes.min(), _train_sizes.max()), "that counts one repetition only.",
                f"Each of the {_P} repetitions cuts new folds and trains {_K} new models."),
        Mistake((_n_fits, _test_sizes.min(), _test_sizes.max()), "those are the sizes of the test folds.",
                "Each model trains on the other k - 1 folds, not on the one it is tested on."),
        Mistake((_n_fits, (_K - 1) / _K * _m, (_K - 1) / _K * _m),
                f"(k - 1)/k x m = {(_K - 1) / _K * _m:g} is not a whole number of examples.",
                f"Folds hold whole examples: write {_m} as {_K} folds of nearly equal size first."),
    ],
    hint="Count the folds per repetition, then the examples outside one fold.",
    solve=_solve_01_3,
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
