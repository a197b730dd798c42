"""Exercises of chapter 09: bias, variance and noise.

Every answer and every known mistake is computed here from the exercise's data
with learnmetrics (a mistake by applying the mistaken formula).
"""
from __future__ import annotations

import numpy as np

import learnmetrics as lm

from ._core import Mistake, register

# -- 09.1: the three terms at one x ---------------------------------------------------------------
_PRED = np.array([2.0, 2.6, 1.8, 2.4, 2.2])    # f(x; D) of five training sets at one x
_TRUTH = 2.5                                    # the true y at x
_LABELS = np.array([2.3, 2.8, 2.5, 2.4, 2.5])  # y_D: five test labels at x, drawn independently of the training sets
_B2, _VAR = (float(v[0]) for v in lm.bias_variance.decompose(_PRED[:, None], [_TRUTH]))
_NOISE = lm.mean_squared_error(_LABELS, np.full(len(_LABELS), _TRUTH))
_FBAR = float(_PRED.mean())
_DIRECT = float(np.mean((_PRED - _LABELS) ** 2))                   # the direct mean over the five (f, y_D) pairs
_CROSS1 = float(2 * np.mean((_PRED - _FBAR) * (_FBAR - _LABELS)))   # step 2's cross term, on five draws
_CROSS2 = float(2 * (_FBAR - _TRUTH) * np.mean(_TRUTH - _LABELS)) + 0.0   # step 4's cross term, on five draws




def _bv_data(seed: int):
    """(predictions, truth, labels) of variant ``seed``: one-decimal values, the five predictions scattered
    below the truth (bias < 0, |bias| not 1: bias, |bias| and bias² all differ), five labels around it."""
    if seed == 0:
        return _PRED, _TRUTH, _LABELS
    rng = np.random.default_rng([9, 1, seed])
    while True:
        truth = float(rng.integers(15, 36)) / 10
        pred = np.round(truth - rng.uniform(0.1, 0.6) + rng.normal(0, 0.3, 5), 1)
        labels = np.round(truth + rng.normal(0, 0.2, 5), 1)
        fbar = pred.mean()
        if fbar < truth - 0.05 and np.ptp(pred) > 0 and np.ptp(labels) > 0 and np.all(pred > 0):
            return pred, truth, labels


def _bv_terms(pred, truth, labels) -> dict:
    """The numbers of 09.1's answer, mistakes and worked solution, from learnmetrics."""
    b2, var = (float(v[0]) for v in lm.bias_variance.decompose(pred[:, None], [truth]))
    fbar = float(pred.mean())
    return dict(b2=b2, var=var, noise=lm.mean_squared_error(labels, np.full(len(labels), truth)), fbar=fbar,
                direct=float(np.mean((pred - labels) ** 2)),
                cross1=float(2 * np.mean((pred - fbar) * (fbar - labels))),
                cross2=float(2 * (fbar - truth) * np.mean(truth - labels)) + 0.0)


def _solve_091(pred, truth, labels, full: bool = True) -> str:
    """The worked solution; a variant's (``full=False``) says the cross terms in one line (the five
    variants are stored in every answer box: notebooks/ has a size budget)."""
    t = _bv_terms(pred, truth, labels)
    b2, var, noise, fbar = t["b2"], t["var"], t["noise"], t["fbar"]
    return (f"mean prediction f̄(x) = mean of {pred.tolist()} = {fbar:.2f}\n"
            f"bias² = (f̄(x) - y)² = ({fbar:.2f} - {truth})² = {b2:.4f}\n"
            f"variance = E_D[(f(x; D) - f̄(x))²] = mean of {np.round((pred - fbar) ** 2, 4).tolist()} = "
            f"{var:.4f} (divide by the number of training sets, as E_D does)\n"
            f"noise ε² = E_D[(y_D - y)²] = mean of {np.round((labels - truth) ** 2, 4).tolist()} = {noise:.4f}\n"
            f"bias² + variance + noise = {b2:.4f} + {var:.4f} + {noise:.4f} = {b2 + var + noise:.4f}: eq. 2.42's "
            "estimate of the expected error at x\n"
            + (f"(the direct mean of (f(x; D) - y_D)² over the five pairs is {t['direct']:.4f}: the two cross terms "
               "vanish in expectation, not on five draws)" if not full else
            f"the direct mean of (f(x; D) - y_D)² over the five pairs is {t['direct']:.4f}, not {b2 + var + noise:.4f}: "
            f"the difference {t['direct'] - (b2 + var + noise):+.4f} is the two cross terms on these five draws, "
            f"2·mean((f - f̄)(f̄ - y_D)) = {t['cross1']:+.4f} and 2(f̄ - y)·mean(y - y_D) = {t['cross2']:+.4f}. "
            "They vanish in expectation (y_D independent of the training set, noise of mean zero), not on five draws."))


def _make_09_1(seed: int) -> dict:
    pred, truth, labels = _bv_data(seed)
    t = _bv_terms(pred, truth, labels)
    b2, var, noise, fbar = t["b2"], t["var"], t["noise"], t["fbar"]
    return dict(
        prompt=f"At one test point x the true value is y = {truth}. Five training sets give the predictions "
               f"f(x; D) = {pred.tolist()}, and five test labels recorded at x, drawn independently of the training sets "
               f"(one per set), are y_D = {labels.tolist()}. "
               "Give (bias², variance, noise ε²) at x, every average taken over the five sets.",
        answer=(b2, var, noise),
        data={"predictions": pred, "truth": truth, "labels": labels},
        mistakes=[
            Mistake((b2, float(pred.var(ddof=1)), noise), "your variance divides by 4 (the sample variance),",
                    "the book's variance is the average over the training sets, E_D: divide by their number, 5."),
            Mistake((fbar - truth, var, noise), "your first entry is the bias f̄(x) - y itself, not its square,",
                    "bias² squares it (and so is never negative)."),
            Mistake((abs(fbar - truth), var, noise), "your first entry is the distance |f̄(x) - y|, not its square,",
                    "square the distance of the mean prediction from the truth."),
            Mistake((float(np.mean((pred - truth) ** 2)), var, noise),
                    "your first entry is the mean of (f(x; D) - y)², which is bias² + variance,",
                    "bias² uses the MEAN prediction: (f̄(x) - y)²."),
            Mistake((b2, var, float(np.mean((labels - fbar) ** 2))),
                    "your noise measures the labels around the mean prediction,",
                    "noise is the spread of the recorded labels around the TRUE y: it has nothing to do with the learner."),
        ],
        solve=lambda: _solve_091(pred, truth, labels, full=seed == 0),
    )


register(
    "09.1",
    kind="tuple",
    quantity="value",
    hint="First the mean prediction f̄(x); then bias² = (f̄(x) - y)², variance = the mean of (f(x; D) - f̄(x))², "
         "noise = the mean of (y_D - y)².",
    variants=_make_09_1,
    **_make_09_1(0),
)

# -- 09.2 to 09.4: the chapter's simulation --------------------------------------------------------
_RES = lm.bias_variance.bias_variance_experiment(degrees=range(0, 13), n_sets=3000, n_train=20, noise_sd=0.3, rng=0)
_TERMS = ("bias²", "variance", "noise")
_LO, _HI = 1, 9
_I_LO, _I_HI = list(_RES.degrees).index(_LO), list(_RES.degrees).index(_HI)
_VALUES = {"bias²": _RES.bias2, "variance": _RES.variance, "noise": np.full(len(_RES.degrees), _RES.noise)}
_CHANGE = {t: float(v[_I_HI] - v[_I_LO]) for t, v in _VALUES.items()}
_GROWS = max(_CHANGE, key=_CHANGE.get)


def _solve_092() -> str:
    rows = "\n".join(f"{t:>8}: degree {_LO} {_VALUES[t][_I_LO]:.4f} -> degree {_HI} {_VALUES[t][_I_HI]:.4f} "
                     f"(change {_CHANGE[t]:+.4f})" for t in _TERMS)
    return (f"{rows}\n"
            f"{_GROWS} grows: a more flexible family follows each training set's noise, so its fits differ more "
            "from one training set to another; bias² falls because the family can now follow the sine; "
            "the noise belongs to the data, not to the learner")


_MISTAKE_092 = {
    "bias²": ("bias² shrinks as the degree rises here,",
              "a more flexible family can follow the truth better; look at what happens to the spread of the fits."),
    "noise": ("the noise term does not change with the degree at all,",
              "it is the spread of the labels around the truth, a property of the data."),
    "variance": ("variance is the term that grows here,", "look again at the table."),
}

register(
    "09.2",
    f"In the chapter's simulation (the sine, 20 training points, σ = 0.3), as the degree goes from {_LO} to "
    f"{_HI}, which of the three terms grows? One of {list(_TERMS)}.",
    kind="choice", answer=_GROWS, choices=_TERMS,
    data={"degrees": (_LO, _HI), "change": _CHANGE},
    mistakes=[Mistake(t, *_MISTAKE_092[t]) for t in _TERMS if t != _GROWS],
    hint="Compare each column of the section-2 table between the two degrees.",
    solve=_solve_092,
)

_SPREAD = {t: float(np.ptp(v)) for t, v in _VALUES.items()}
_CONST = min(_SPREAD, key=_SPREAD.get)


def _solve_093() -> str:
    rows = "\n".join(f"{t:>8}: from {_VALUES[t].min():.4f} to {_VALUES[t].max():.4f} over degrees "
                     f"{int(_RES.degrees[0])}-{int(_RES.degrees[-1])}" for t in _TERMS)
    return (f"{rows}\n"
            f"{_CONST} is the same for every degree: ε² = E[(y_D - y)²] involves only the labels and the truth, "
            "no prediction. Under the chapter's assumptions no learner can bring the expected error below it")


register(
    "09.3",
    f"Which of the three terms does not depend on the learner at all (the same at every degree)? One of "
    f"{list(_TERMS)}.",
    kind="choice", answer=_CONST, choices=_TERMS, data={"spread": _SPREAD},
    mistakes=[Mistake(t, h1, h2) for t, h1, h2 in [
        ("bias²", "bias² depends on the learner's average fit f̄(x),",
         "which moves towards the truth as the family gets more flexible (see its column in the table)."),
        ("variance", "variance depends on how the learner's fits differ between training sets,",
         "and a more flexible family's fits differ more (see its column in the table)."),
        ("noise", "the noise term is the one that stays the same,", "look again at its definition.")] if t != _CONST],
    hint="Which term's definition contains no f(x; D) at all?",
    solve=_solve_093,
)

# 09.4: predict-then-check with the explorer: at degree 12, where is the training error?
_DEG = 12
_I12 = list(_RES.degrees).index(_DEG)
_TRAIN12, _E12 = float(_RES.train_error[_I12]), float(_RES.expected_error[_I12])
_OPTS = ("below the noise ε²", "about the noise ε²", "above the noise ε²")


def _where(value, noise):
    if value < 0.8 * noise:
        return _OPTS[0]
    if value > 1.25 * noise:
        return _OPTS[2]
    return _OPTS[1]


_WHERE = _where(_TRAIN12, _RES.noise)


def _solve_094() -> str:
    return (f"{lm.bias_variance.bias_variance_state(_RES, _DEG)}\n"
            f"noise ε² = σ² = {_RES.noise:.4f}; training MSE at degree {_DEG} = {_TRAIN12:.4f}: {_WHERE} "
            f"(about = within 0.8 to 1.25 times ε²)\n"
            f"a degree-{_DEG} polynomial through 20 points bends to follow their noise, so it fits its own training "
            f"labels better than even the truth would (the truth's MSE on them is ε² on average); on new data its "
            f"expected error is {_E12:.4f}. A training error far below the noise level is a sign of over-fitting (a little below it is not: a least-squares fit adapts to its own sample at any degree, the true one included)")


register(
    "09.4",
    f"Predict, then check with the explorer: at degree {_DEG}, where will the training MSE (the error on the "
    f"training set itself) be, compared with the noise term ε² = σ² = {_RES.noise:.2f}? One of {list(_OPTS)} "
    "(about: between 0.8 and 1.25 times ε²).",
    kind="choice", answer=_WHERE, choices=_OPTS, data={"degree": _DEG, "train_error": _TRAIN12},
    mistakes=[Mistake(o, h1, h2) for o, h1, h2 in [
        (_OPTS[0], "the training error is below the noise here,",
         "a flexible fit follows the training labels' noise too."),
        (_OPTS[1], f"the truth itself would score about ε² on the training labels, but a degree-{_DEG} polynomial "
         "is not the truth:", "it bends to pass near the noisy labels and scores lower than the truth on them."),
        (_OPTS[2], "a large expected error does not mean a large training error:",
         "the degree-12 fits pass close to their own training points; their error shows only on new data."),
    ] if o != _WHERE],
    hint="The training error measures the fit to the very labels the model was fitted to.",
    solve=_solve_094,
    aliases={**{w: _OPTS[0] for w in ("below", "below the noise", "below ε²", "lower than the noise", "lower")},
             **{w: _OPTS[1] for w in ("about", "about the noise", "about ε²", "close to the noise", "near the noise")},
             **{w: _OPTS[2] for w in ("above", "above the noise", "above ε²", "higher than the noise", "higher")}},
)

# -- 09.5: explain in words ---------------------------------------------------------------------
register(
    "09.5",
    "Explain in words: why can no learner, however flexible or well tuned, have an expected squared error "
    "below the noise term ε² (under the chapter's assumptions)?",
    kind="open",
    answer="For the squared error, with zero-mean noise unrelated to the training set, the expected error at "
           "every x is bias² + variance + ε². Bias² is a square and the variance an average of squares, so "
           "neither can be negative; ε² = E[(y_D - y)²] contains no prediction at all, so no learner can change "
           "it. The sum is therefore at least ε²: even the truth itself, predicted perfectly, errs by the "
           "noise on every new label. A learner can only reduce bias² and variance, and usually lowering one "
           "raises the other.",
)
