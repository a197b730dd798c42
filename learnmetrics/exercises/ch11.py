"""Exercises of chapter 11: are the probabilities right (Brier score, ECE, log loss, temperature).

Every answer and every known mistake is computed here from the exercise's data
with learnmetrics (a mistake by applying the mistaken formula).
"""
from __future__ import annotations

import math

import numpy as np

from learnmetrics import calibration as C

from ._core import Mistake, register

# -- 11.1: the Brier score by hand ------------------------------------------------------------------
_Y1 = np.array([1, 0, 1, 1, 0])
_P1 = np.array([0.9, 0.4, 0.6, 0.7, 0.2])
_B1 = C.brier_score_loss(_Y1, _P1)
_SQ1 = (_P1 - _Y1) ** 2


def _five(seed: int):
    """(labels, probabilities) of variant ``seed``: five examples, both classes, probabilities in tenths,
    mostly higher for the positives (0.4-0.9) than for the negatives (0.1-0.6), as a fair model gives."""
    if seed == 0:
        return _Y1, _P1
    rng = np.random.default_rng([11, seed])
    while True:
        y = rng.integers(0, 2, 5)
        if 0 < y.sum() < 5:
            return y, np.where(y == 1, rng.integers(4, 10, 5), rng.integers(1, 7, 5)) / 10


def _solve_111(y, p) -> str:
    sq = (p - y) ** 2
    return (f"squared gaps (p - y)²: {np.round(sq, 4).tolist()}\n"
            f"Brier = their mean = {sq.sum():.4f} / {y.size} = {C.brier_score_loss(y, p):.4f}\n"
            f"(lm.brier_score_loss gives {C.brier_score_loss(y, p):.4f})")


def _make_11_1(seed: int) -> dict:
    y, p = _five(seed)
    b = C.brier_score_loss(y, p)
    return dict(
        prompt=f"Labels {y.tolist()} (1 = positive), predicted probabilities of the positive class {p.tolist()}. "
               "Compute the Brier score: the mean of (p - y)².",
        answer=b,
        data={"y_true": y, "y_prob": p},
        mistakes=[
            Mistake(math.sqrt(b), "that is the square root of the Brier score (a root mean squared error),",
                    "the Brier score is the mean of the squares, with no root."),
            Mistake(float(((p - y) ** 2).sum()), "that is the sum of the squared gaps,", f"divide by the {y.size} examples."),
            Mistake(2 * b, "you summed the squared gaps over both classes' columns,",
                    "for two classes scikit-learn halves that sum (scale_by_half='auto'): it is the mean of (p - y)²."),
        ],
        solve=lambda: _solve_111(y, p),
    )


register(
    "11.1",
    kind="number",
    quantity="value", tolerance=5e-4,
    hint="For each example, (p - y)² with y = 1 or 0; then the mean.",
    variants=_make_11_1,
    **_make_11_1(0),
)

# -- 11.2: ECE with two bins ------------------------------------------------------------------------
_Y2 = np.array([0, 1, 0, 1, 1, 1])
_P2 = np.array([0.1, 0.3, 0.6, 0.7, 0.9, 0.9])
_E2 = C.expected_calibration_error(_Y2, _P2, n_bins=2)
_PT2, _PP2 = C.calibration_curve(_Y2, _P2, n_bins=2)
_N2 = np.array([int((_P2 <= 0.5).sum()), int((_P2 > 0.5).sum())])
_UNW2 = float(np.mean(np.abs(_PT2 - _PP2)))
_SIGNED2 = float(abs(np.sum(_N2 / _N2.sum() * (_PT2 - _PP2))))


def _ece_data(seed: int):
    """(labels, probabilities) of variant ``seed``: six examples, one-decimal probabilities, bins of
    unequal size (weighting matters) whose gaps have opposite signs (adding them signed cancels)."""
    if seed == 0:
        return _Y2, _P2
    rng = np.random.default_rng([11, 2, seed])
    while True:
        p = np.sort(rng.integers(1, 10, 6)) / 10
        y = (rng.random(6) < p).astype(int)
        low = p <= 0.5
        if not 0 < low.sum() < 6 or low.sum() == 3:
            continue
        gaps = [y[m].mean() - p[m].mean() for m in (low, ~low)]
        if gaps[0] * gaps[1] < 0 and min(abs(g) for g in gaps) > 0.05:
            return y, p


def _solve_112(y, p) -> str:
    pt, pp = C.calibration_curve(y, p, n_bins=2)
    n = np.array([int((p <= 0.5).sum()), int((p > 0.5).sum())])
    lines = []
    for k, (lo, hi) in enumerate([(0, 0.5), (0.5, 1)]):
        lines.append(f"bin {'[0, 0.5]' if k == 0 else '(0.5, 1]'}: {n[k]} examples, mean p = {pp[k]:.4f}, "
                     f"fraction positive = {pt[k]:.4f}, gap |{pt[k]:.4f} - {pp[k]:.4f}| = "
                     f"{abs(pt[k] - pp[k]):.4f}")
    lines.append(f"ECE = {n[0]}/6 · {abs(pt[0] - pp[0]):.4f} + {n[1]}/6 · {abs(pt[1] - pp[1]):.4f} "
                 f"= {C.expected_calibration_error(y, p, n_bins=2):.4f}")
    return "\n".join(lines)


def _make_11_2(seed: int) -> dict:
    y, p = _ece_data(seed)
    pt, pp = C.calibration_curve(y, p, n_bins=2)
    n = np.array([int((p <= 0.5).sum()), int((p > 0.5).sum())])
    return dict(
        prompt=f"Labels {y.tolist()} (1 = positive), probabilities {p.tolist()}. With two bins [0, 0.5] and (0.5, 1], "
               "compute the expected calibration error: the gaps |fraction of positives - mean probability| of the bins, "
               "weighted by each bin's share of the examples.",
        answer=C.expected_calibration_error(y, p, n_bins=2),
        data={"y_true": y, "y_prob": p},
        mistakes=[
            Mistake(float(np.mean(np.abs(pt - pp))), "that is the plain mean of the two gaps,",
                    "weight each gap by its bin's share of the examples."),
            Mistake(float(abs(np.sum(n / n.sum() * (pt - pp)))), "the gaps were added with their signs, so they cancel,",
                    "take the absolute value of each bin's gap before adding."),
        ],
        solve=lambda: _solve_112(y, p),
    )


register(
    "11.2",
    kind="number",
    quantity="value", tolerance=5e-4,
    hint="Bin 1 holds the probabilities ≤ 0.5; for each bin the mean p and the share of 1s.",
    variants=_make_11_2,
    **_make_11_2(0),
)

# -- 11.3: log loss of a confident mistake ----------------------------------------------------------
_P3 = 0.99
_L3 = C.log_loss([0, 1], [_P3, 1 - _P3])  # both examples get 1 - 0.99 on their true class
_L3_10 = -math.log10(1 - _P3)
_L3_WRONG = -math.log(_P3)


def _solve_113(p) -> str:
    loss = C.log_loss([0, 1], [p, 1 - p])
    return (f"the true class gets probability 1 - {p} = {1 - p:.2f}\n"
            f"log loss = -ln({1 - p:.2f}) = {loss:.4f} (natural log)\n"
            f"the Brier score of the same mistake is ({p} - 0)² = {C.brier_score_loss([0], [p]):.4f}: "
            "bounded by 1, while the log loss grows without bound as p -> 1")


def _make_11_3(seed: int) -> dict:
    p = _P3 if seed == 0 else float(np.random.default_rng([11, 3, seed]).choice([0.8, 0.85, 0.9, 0.95, 0.97, 0.98]))
    return dict(
        prompt=f"A negative example gets P(+) = {p}. What is its log loss (natural logarithm)?",
        answer=C.log_loss([0, 1], [p, 1 - p]),
        data={"y_true": [0], "y_prob": [p]},
        mistakes=[
            Mistake(-math.log10(1 - p), "that is the base-10 logarithm,", "log loss uses the natural logarithm ln."),
            Mistake(-math.log(p), "that is -ln of the probability of the wrong class (+)"
                    # 1 - p, typed to 2 decimals, reads as this value rounded or cut where the two are this near
                    + (f", and also, to 2 decimals, 1 - {p} = {1 - p:.2f} itself (the probability of the true "
                       "class, without the -ln)," if -math.log(p) - (1 - p) < 0.01 else ","),
                    f"the log loss takes the probability given to the TRUE class, here 1 - {p}."),
        ],
        solve=lambda: _solve_113(p),
    )


register(
    "11.3",
    kind="number",
    quantity="value", tolerance=5e-3,
    hint="-ln(probability given to the true class).",
    variants=_make_11_3,
    **_make_11_3(0),
)

# -- 11.4: predict, then check with the explorer ----------------------------------------------------
_Y4, _, _PM4 = C.simulate_scores(3000, rng=11)
_S4 = {t: C.temperature_state(_Y4, _PM4, t) for t in (1.0, 2.0)}
_OPTS4 = ("goes up", "stays the same", "goes down")


def _which(a, b):
    return "stays the same" if abs(a - b) < 1e-12 else ("goes up" if b > a else "goes down")


_CAT4 = _which(_S4[1.0].auc, _S4[2.0].auc)


def _solve_114() -> str:
    a, b = _S4[1.0], _S4[2.0]
    return (f"T = 1: AUC {a.auc:.4f}, Brier {a.brier:.4f};  T = 2: AUC {b.auc:.4f}, Brier {b.brier:.4f}\n"
            "σ(logit(p)/T) is increasing in p for every T > 0: the order of the examples does not change, so "
            f"the AUC {_CAT4}; only the probabilities (and Brier, log loss, ECE) move. (In floating point, a "
            "very small T such as 0.01 rounds the top scores to exactly 1.0 and ties them, which can lower the AUC.)")


register(
    "11.4",
    "Predict, then check with the explorer: move the temperature from T = 1 to T = 2 (softer probabilities). "
    f"The AUC... One of {list(_OPTS4)}.",
    kind="choice", answer=_CAT4, choices=_OPTS4, data={"temperatures": (1.0, 2.0)},
    mistakes=[Mistake(o, m, h) for o, m, h in [
        ("goes up", "softening looks like it should help,",
         "the AUC only sees the order of the scores, and dividing the log-odds by T keeps it."),
        ("goes down", "less confident scores look worse,",
         "less confident is not worse ranked: the AUC counts pairs in order, and none changes order."),
    ] if o != _CAT4],
    hint="Does dividing every log-odds by 2 change which of two examples scores higher?",
    solve=_solve_114,
)

# -- 11.5: explain in words -------------------------------------------------------------------------
register(
    "11.5",
    "Explain in words: a model gives every example the same probability, the share of positives in the data. "
    "What are its ECE and its AUC, and why is a low ECE not enough?",
    kind="open",
    answer="All examples fall in one bin whose mean probability equals its fraction of positives, so the ECE "
           "is 0: the model is perfectly calibrated. But it ranks nothing: every pair is tied, the AUC is 0.5, "
           "and in the Brier decomposition its resolution is 0 (Brier = uncertainty). Calibration says the "
           "probabilities can be trusted as probabilities; it says nothing about whether they separate the "
           "classes. A good model needs both: low reliability term and high resolution.",
)
