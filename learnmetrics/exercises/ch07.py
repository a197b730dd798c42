"""Exercises of chapter 07: regression metrics, adjusted R², AIC/BIC and C_p.

Every answer and every known mistake is computed here from the exercise's data
with learnmetrics (a mistake by applying the mistaken formula).
"""
from __future__ import annotations

import numpy as np

import learnmetrics as lm

from ._core import Mistake, register

# -- 07.1 and 07.2: four predictions ------------------------------------------------------------
# "another one": four other examples, whole-number values, errors of both signs (seed 0: these)
_Y = np.array([2.0, 4.0, 5.0, 9.0])
_F = np.array([3.0, 4.0, 7.0, 6.0])
_E = _F - _Y
_M = len(_Y)
_SSE = lm.residual_sum_of_squares(_Y, _F)
_MSE = lm.mean_squared_error(_Y, _F)
_SST = lm.residual_sum_of_squares(_Y, np.full(_M, _Y.mean()))


def _four(seed: int):
    """(y, f) of variant ``seed``: four whole-number values 1-12 and predictions off by -3..3, errors of
    both signs whose mean is not 0, and a fit better than the mean (R² > 0)."""
    if seed == 0:
        return _Y, _F
    rng = np.random.default_rng([7, seed])
    while True:
        y = np.sort(rng.choice(np.arange(1, 13), 4, replace=False)).astype(float)
        e = rng.integers(-3, 4, 4).astype(float)
        if e.min() < 0 < e.max() and e.sum() != 0 and lm.r2_score(y, y + e) > 0:
            return y, y + e


def _signed(errors) -> str:
    """'+1, 0, +2 and -3': the signed errors as the texts list them."""
    t = ["0" if v == 0 else f"{v:+g}" for v in errors]
    return ", ".join(t[:-1]) + " and " + t[-1] if len(t) > 1 else t[0]


def _solve_071(y, f) -> str:
    e, m = f - y, len(y)
    sse = lm.residual_sum_of_squares(y, f)
    big = float(np.max(np.abs(e)))
    return (f"errors f(x_i) - y_i = {e.tolist()}\n"
            f"squared errors = {(e ** 2).tolist()}, their sum SSE = {sse:g}\n"
            f"MSE = SSE / m = {sse:g} / {m} = {lm.mean_squared_error(y, f):.4f}\n"
            f"(MAE = {lm.mean_absolute_error(y, f):.4f}: the error of {big:g} weighs {big ** 2:g} in MSE, {big:g} in MAE;"
            f" the signed errors {_signed(e)} sum to {e.sum():g}: that is why errors are squared or taken absolute)")


def _make_07_1(seed: int) -> dict:
    y, f = _four(seed)
    e = f - y
    return dict(
        prompt=f"Four examples have true values y = {y.tolist()} and predictions f(x) = {f.tolist()}. "
               "What is the mean squared error (MSE)?",
        answer=lm.mean_squared_error(y, f),
        data={"y_true": y, "y_pred": f},
        mistakes=[
            Mistake(lm.residual_sum_of_squares(y, f), "that is the sum of squared errors (SSE),",
                    "MSE divides it by the number of examples m."),
            Mistake(lm.mean_absolute_error(y, f), "that is the mean absolute error (MAE),",
                    "MSE squares each error before averaging."),
            Mistake(lm.root_mean_squared_error(y, f), "that is the root of the MSE (RMSE),",
                    "leave out the square root: MSE is in the units of y squared."),
            Mistake(float(np.mean(e)), f"that is the mean of the signed errors: {_signed(e[e != 0])} "
                    f"{'cancel' if e.sum() == 0 else 'partly cancel'},",
                    "square each error first, so that errors in both directions count."),
        ],
        solve=lambda: _solve_071(y, f),
    )


register(
    "07.1",
    kind="number",
    quantity="value",
    hint=f"Square each error f(x_i) - y_i, add them up, divide by m = {_M}.",
    variants=_make_07_1,
    **_make_07_1(0),
)

_R2 = lm.r2_score(_Y, _F)


def _solve_072(y, f) -> str:
    sse, sst = lm.residual_sum_of_squares(y, f), lm.residual_sum_of_squares(y, np.full(len(y), y.mean()))
    return (f"mean of y = {y.mean():g}; SST = sum of (y_i - mean)^2 = {sst:g}\n"
            f"SSE = sum of (y_i - f(x_i))^2 = {sse:g}\n"
            f"R^2 = 1 - SSE/SST = 1 - {sse:g}/{sst:g} = {lm.r2_score(y, f):.4f}\n"
            f"(the squared correlation of y and f is {np.corrcoef(y, f)[0, 1] ** 2:.4f}: equal to R^2 only for a "
            "least-squares fit with an intercept, on its own training data; these predictions are not one)")


def _make_07_2(seed: int) -> dict:
    y, f = _four(seed)
    sse, sst = lm.residual_sum_of_squares(y, f), lm.residual_sum_of_squares(y, np.full(len(y), y.mean()))
    return dict(
        prompt=f"Same four examples: y = {y.tolist()}, f(x) = {f.tolist()}. What is R² = 1 - SSE/SST?"
        if seed == 0 else f"Four examples: y = {y.tolist()}, f(x) = {f.tolist()}. What is R² = 1 - SSE/SST?",
        answer=lm.r2_score(y, f),
        data={"y_true": y, "y_pred": f},
        mistakes=[
            Mistake(sse / sst, "that is SSE/SST, the share of the variation the model leaves unexplained,",
                    "R² is 1 minus it."),
            Mistake(1 - lm.mean_squared_error(y, f) / sst, "you divided the MSE (a mean) by SST (a sum),",
                    "use the two sums, SSE and SST (or the two means), not one of each."),
            Mistake(1 - sse / float(np.sum(y ** 2)), "you measured the total variation around 0,",
                    "SST measures it around the mean of y: the baseline model predicts the mean."),
            Mistake(float(np.corrcoef(y, f)[0, 1] ** 2), "that is the squared correlation of y and f,",
                    "it equals R² only for a least-squares fit with an intercept on its training data; "
                    "compute 1 - SSE/SST."),
        ],
        solve=lambda: _solve_072(y, f),
    )


register(
    "07.2",
    kind="number",
    quantity="value",
    hint="SST = sum of (y_i - mean of y)^2, SSE = sum of (y_i - f(x_i))^2, R² = 1 - SSE/SST.",
    variants=_make_07_2,
    **_make_07_2(0),
)

# -- 07.3: adjusted R² of a straight line on eight points --------------------------------------
# "another one": eight other whole-number y on the same x (seed 0: these), a line that explains some of them
_X8 = np.arange(1.0, 9.0)
_Y8 = np.array([3.0, 1.0, 4.0, 6.0, 3.0, 7.0, 5.0, 8.0])
_FIT8 = lm.regression.fit_least_squares(lm.regression.polynomial_features(_X8, 1), _Y8)
_R2_8 = lm.r2_score(_Y8, _FIT8.fitted)
_N8, _P8 = len(_Y8), 1
_ADJ8 = lm.adjusted_r2_score(_Y8, _FIT8.fitted, n_features=_P8)


def _eight(seed: int):
    """y of variant ``seed``: eight whole numbers 1-9 on x = 1..8 whose least-squares line has
    0.3 < R² < 0.95 (a trend with scatter: the adjustment shows)."""
    if seed == 0:
        return _Y8
    rng = np.random.default_rng([7, 3, seed])
    while True:
        y = np.clip(np.round(rng.uniform(-1, 1) * 0.8 * _X8 + rng.normal(5, 1.8, 8)), 1, 9)
        r2 = lm.r2_score(y, lm.regression.fit_least_squares(lm.regression.polynomial_features(_X8, 1), y).fitted)
        if 0.3 < r2 < 0.95:
            return y


def _r2_line(y) -> float:
    return lm.r2_score(y, lm.regression.fit_least_squares(lm.regression.polynomial_features(_X8, 1), y).fitted)


def _solve_073(y) -> str:
    r2, n, p = _r2_line(y), len(y), _P8
    adj = lm.adjusted_r2_score(y, lm.regression.fit_least_squares(lm.regression.polynomial_features(_X8, 1), y).fitted,
                               n_features=p)
    return (f"n = {n}, p = {p} feature (the intercept is not counted in p), R^2 = {r2:.4f}\n"
            f"adjusted R^2 = 1 - (1 - R^2)(n - 1)/(n - p - 1) = 1 - {1 - r2:.4f} x {n - 1}/{n - p - 1}"
            f" = {adj:.4f}\n"
            f"note 004's version without (n - 1) would give {1 - (1 - r2) / (n - p - 1):.4f}, "
            "larger than R^2 itself (as it is whenever n - p - 1 > 1 and R^2 < 1): it rewards the model instead of penalising it")


def _make_07_3(seed: int) -> dict:
    y = _eight(seed)
    fitted = lm.regression.fit_least_squares(lm.regression.polynomial_features(_X8, 1), y).fitted
    r2, n, p = lm.r2_score(y, fitted), len(y), _P8
    return dict(
        prompt=f"A straight line (p = 1 feature, plus an intercept) fitted by least squares to the n = {n} points "
               f"x = {_X8.astype(int).tolist()}, y = {y.astype(int).tolist()} has R² = {r2:.4f}. "
               "What is its adjusted R²?",
        answer=lm.adjusted_r2_score(y, fitted, n_features=p),
        data={"x": _X8, "y": y, "r2": r2, "n_features": p},
        mistakes=[
            Mistake(1 - (1 - r2) / (n - p - 1), "that is note 004's formula 1 - (1 - R²)/(n - p - 1),",
                    "the factor (n - 1) is missing: 1 - (1 - R²)(n - 1)/(n - p - 1)."),
            Mistake(1 - (1 - r2) * (n - 1) / (n - 2 - 1), "you counted the intercept in p (p = 2),",
                    "p counts the features only; the -1 in n - p - 1 is the intercept."),
        ],
        solve=lambda: _solve_073(y),
    )


register(
    "07.3",
    kind="number",
    quantity="value",
    hint=f"adjusted R² = 1 - (1 - R²)(n - 1)/(n - p - 1) with n = {_N8}, p = {_P8}.",
    variants=_make_07_3,
    **_make_07_3(0),
)

# -- 07.4: AIC and BIC of two polynomials (the data of the chapter's section 5) ----------------
# "another one": 30 new points from the same curve, new noise (seed 0: section 5's points)
_rng = np.random.default_rng(9)
_XC = np.sort(_rng.uniform(-1, 1, 30))
_YC = _XC ** 3 - _XC + 0.12 * _rng.normal(size=30)
_FITS = {d: lm.regression.fit_least_squares(lm.regression.polynomial_features(_XC, d), _YC) for d in (1, 3)}
_NC = len(_YC)
_AIC = {d: lm.aic(_YC, f.fitted, n_params=f.n_params) for d, f in _FITS.items()}
_BIC = {d: lm.bic(_YC, f.fitted, n_params=f.n_params) for d, f in _FITS.items()}
_DAIC, _DBIC = _AIC[3] - _AIC[1], _BIC[3] - _BIC[1]
_RSS = {d: f.rss for d, f in _FITS.items()}
_DFIT = _NC * np.log(_RSS[3] / _RSS[1])


def _aic_bic(seed: int):
    """(n, RSS by degree, ΔAIC, ΔBIC, fit part) of variant ``seed``: 30 points x³ - x + noise of sd
    0.12, fitted by a line and a cubic (seed 0: section 5's points)."""
    if seed == 0:
        return _NC, _RSS, _DAIC, _DBIC, _DFIT
    rng = np.random.default_rng([7, 4, seed])
    x = np.sort(rng.uniform(-1, 1, 30))
    y = x ** 3 - x + 0.12 * rng.normal(size=30)
    fits = {d: lm.regression.fit_least_squares(lm.regression.polynomial_features(x, d), y) for d in (1, 3)}
    aic = {d: lm.aic(y, f.fitted, n_params=f.n_params) for d, f in fits.items()}
    bic = {d: lm.bic(y, f.fitted, n_params=f.n_params) for d, f in fits.items()}
    rss = {d: f.rss for d, f in fits.items()}
    return len(y), rss, aic[3] - aic[1], bic[3] - bic[1], len(y) * np.log(rss[3] / rss[1])


def _solve_074(n, rss, daic, dbic, dfit) -> str:
    return (f"AIC = n ln(RSS/n) + 2k, BIC = n ln(RSS/n) + k ln n; the line has k = 2, the cubic k = 4\n"
            f"fit part: n ln(RSS_3/n) - n ln(RSS_1/n) = {n} ln({rss[3]:.6g}/{rss[1]:.6g}) = {dfit:.2f} "
            "(the n inside the log cancels)\n"
            f"ΔAIC = {dfit:.2f} + 2 x (4 - 2) = {daic:.2f}\n"
            f"ΔBIC = {dfit:.2f} + ln({n}) x (4 - 2) = {dfit:.2f} + {2 * np.log(n):.2f} = {dbic:.2f}\n"
            "both negative: both criteria prefer the cubic. Counting k without the intercept, or with σ², "
            "shifts both models' k alike and changes no difference")


def _make_07_4(seed: int) -> dict:
    n, rss, daic, dbic, dfit = _aic_bic(seed)
    if not (daic < 0 and dbic < 0):          # the worked solution says both prefer the cubic
        raise ValueError("a variant where a criterion prefers the line")
    where = "the n = 30 points of section 5" if seed == 0 else \
        f"n = {n} new points from section 5's curve (y = x³ - x + noise)"
    return dict(
        prompt=f"On {where} the least-squares line (degree 1, k = 2 parameters) leaves "
               f"RSS = {rss[1]:.6g} and the cubic (degree 3, k = 4) leaves RSS = {rss[3]:.6g}. With "
               "AIC = n ln(RSS/n) + 2k and BIC = n ln(RSS/n) + k ln n, give (AIC of the cubic - AIC of the line, "
               "BIC of the cubic - BIC of the line).",
        answer=(daic, dbic),
        data={"n": n, "rss": rss, "n_params": {1: 2, 3: 4}},
        mistakes=[
            Mistake((dbic, daic), "the two are swapped:",
                    f"AIC charges 2 per parameter, BIC ln n (ln {n} = {np.log(n):.2f}), so BIC's difference is the larger "
                    "one here."),
            Mistake((dfit, dfit), "that is only the fit part n ln(RSS_3/RSS_1),",
                    "add the penalty for the two extra parameters: 2 x 2 for AIC, 2 ln n for BIC."),
            Mistake((n * np.log10(rss[3] / rss[1]) + 4, n * np.log10(rss[3] / rss[1]) + 2 * np.log(n)),
                    "you used log10 in the fit part,", "the criteria use the natural logarithm ln."),
        ],
        solve=lambda: _solve_074(n, rss, daic, dbic, dfit),
    )


register(
    "07.4",
    kind="tuple",
    quantity="value",
    signed=True, tolerance=0.01,
    hint="Compute the difference of the fit parts, n ln(RSS_3/RSS_1), then add each criterion's penalty for "
         "k going from 2 to 4.",
    variants=_make_07_4,
    **_make_07_4(0),
)

# -- 07.5: predict-then-check with the degree explorer: which degree does C_p pick? ------------
# No "another one": the question is answered by reading the chapter's degree explorer, which shows
# these 25 points only; new points would ask for nine polynomial fits by hand instead.
_rng = np.random.default_rng(20)
_XQ = np.sort(_rng.uniform(-1, 1, 25))
_YQ = 1 - 2 * _XQ ** 2 + 0.25 * _rng.normal(size=25)
_QTAB = lm.regression.polynomial_selection(_XQ, _YQ, max_degree=8)
_CP_PICK = int(np.argmin(_QTAB.cp))
_R2_PICK = int(np.argmax(_QTAB.r2))
_ADJ_PICK = int(np.argmax(_QTAB.adjusted_r2))


def _solve_075() -> str:
    rows = "\n".join(f"degree {d}: RSS = {_QTAB.rss[d]:.4f}, R^2 = {_QTAB.r2[d]:.4f}, "
                     f"adj R^2 = {_QTAB.adjusted_r2[d]:.4f}, Cp = {_QTAB.cp[d]:.2f}" for d in range(len(_QTAB.cp)))
    return (f"{rows}\n"
            f"Cp = RSS/σ̂² - n + 2k (k = p + 1 coefficients, the intercept included) with σ̂² = {_QTAB.sigma2:.5f} from degree 8: smallest at degree {_CP_PICK}.\n"
            f"R^2 is largest at degree {_R2_PICK} (it never falls when a term is added); adjusted R^2 peaks at "
            f"degree {_ADJ_PICK}: here it charges less per extra parameter than Cp does")


register(
    "07.5",
    "Predict, then check with the explorer: 25 new points come from y = 1 - 2x² + noise (a parabola). "
    "Polynomials of degree 0 to 8 are fitted. Which degree will Mallows' C_p pick (the smallest C_p)?",
    kind="number",
    quantity="count", answer=_CP_PICK, tolerance=0.01, decimals=0, data={"x": _XQ, "y": _YQ, "max_degree": 8},
    units=("次", "degree", "次多项式", "阶"),   # "2 次" ("degree 2", "次数为 2": the prompt's words before it, read past)
    mistakes=[
        Mistake(_R2_PICK, "that is the degree with the largest R² (the smallest RSS),",
                "the training R² never falls when a term is added; C_p adds 2 per parameter and stops where a term no longer pays."),
        Mistake(_ADJ_PICK, "that is the degree adjusted R² picks,",
                "here it charges less per extra term than C_p; find the smallest C_p in the explorer's read-out."),
    ],
    hint="Move the explorer's slider and read C_p at each degree: the smallest one is C_p's choice.",
    solve=_solve_075,
)

# -- 07.6: explain in words --------------------------------------------------------------------
register(
    "07.6",
    "Explain in words: a model predicts delivery times, and every minute of error costs the company the same "
    "amount, early or late, 2 minutes off or 20. Which measure matches this cost, MSE or MAE? And if the model "
    "could only predict one constant time for every delivery, which constant would that measure favour?",
    kind="open",
    # each sentence is a key point, ticked by the learner's words (_core._touched): a point of words a wrong
    # answer also uses ("cost", "error", "mean", "delivery") would be ticked by "MSE ... the mean is best"
    answer="MAE: it is linear, in proportion to the absolute error |f(x) - y|, exactly as this cost is. "
           "MSE squares the errors: a 20-minute error would count 100 times a 2-minute one, not 10 times, so a "
           "few very late deliveries would dominate the choice of model. A median. MSE would favour the mean, "
           "which one extreme delay can drag far; it hardly moves a median.",
)
