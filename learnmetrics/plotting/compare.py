"""Pictures of the comparison tests (book 2.4): a statistic against its null
distribution, and the Friedman test diagram with the Nemenyi critical difference."""
from __future__ import annotations

import math

import numpy as np

from .. import _distributions as _dist
from ..compare import NemenyiResult, TestResult

__all__ = ["plot_null_distribution", "plot_binomial_test", "plot_paired_errors", "critical_difference_diagram",
           "REJECT_COLOR", "STAT_COLOR"]

REJECT_COLOR = "#d95f02"
STAT_COLOR = "#1f3a93"


def _null_of(result: TestResult):
    """(density function, support lo, hi, kind) of the result's null distribution."""
    name = result.statistic_name
    if name == "tau_t":
        df = float(result.df)
        span = max(4.0, abs(result.critical_value) * 1.6)
        return (lambda x: _dist.t_pdf(x, df)), -span, span
    if name in ("tau_chi2",):
        df = float(result.df)
        hi = max(_dist.chi2_isf(0.001, df), result.critical_value * 1.5)
        return (lambda x: _dist.chi2_pdf(x, df)), 0.0, hi
    if name == "tau_F":
        d1, d2 = result.df
        hi = max(_dist.f_isf(0.005, d1, d2), result.critical_value * 1.5)
        return (lambda x: _dist.f_pdf(x, d1, d2)), 0.0, hi
    raise ValueError(f"no null density to draw for a {name!r} statistic (t, chi-square and F are drawn)")


def plot_null_distribution(ax, result: TestResult, *, title=None):
    """Draw the null distribution of ``result``'s statistic, its rejection region, and the observed value.

    For t statistics the two-sided (or one-sided) rejection region at
    ``result.alpha`` is shaded; chi-square and F statistics reject in the upper
    tail. An observed value beyond the axis is drawn at the edge with an arrow.
    """
    pdf, lo, hi = _null_of(result)
    s = result.statistic
    if math.isfinite(s) and hi < abs(s) <= 4 * hi:  # widen to show the observed value when it is not absurdly far
        hi = abs(s) * 1.12
        lo = -hi if lo < 0 else lo
    x = np.linspace(lo, hi, 600)
    y = pdf(x)
    # the chi-square density with 1 df is infinite at 0: scale the axis to the curve away from its left end
    body = np.isfinite(y) & (x >= lo + 0.03 * (hi - lo))
    ymax = float(np.max(y[body])) if body.any() else 1.0
    y = np.minimum(np.where(np.isfinite(y), y, ymax * 1.5), ymax * 1.5)
    _ = ax.plot(x, y, color="0.25", lw=1.8, label=f"null distribution, df = {_df_text(result.df)}")
    c = result.critical_value
    if result.statistic_name == "tau_t" and result.alternative == "two-sided":
        regions = [(lo, -abs(c)), (abs(c), hi)]
    elif result.alternative == "less":
        regions = [(lo, c)]
    else:
        regions = [(c, hi)]
    for k, (a, b) in enumerate(regions):
        m = (x >= a) & (x <= b)
        # the tail's area is alpha, often too thin to see: shade the whole region too
        ax.axvspan(a, b, color=REJECT_COLOR, alpha=0.12, lw=0, zorder=0)
        ax.fill_between(x[m], 0, y[m], color=REJECT_COLOR, alpha=0.6, lw=0,
                        label=f"rejection region (alpha = {result.alpha:g})" if k == 0 else None)
        edge = a if b >= hi else b
        ax.axvline(edge, color=REJECT_COLOR, lw=1.2, ls="--")
    shown = min(max(s, lo), hi) if math.isfinite(s) else (hi if s > 0 else lo)
    ax.axvline(shown, color=STAT_COLOR, lw=2.2, label=f"observed {result.statistic_name} = {s:.3f}")
    if shown != s:
        ax.annotate("beyond the axis", xy=(shown, ymax * 0.8), xytext=(-70 if shown == hi else 10, 0),
                    textcoords="offset points", color=STAT_COLOR, fontsize=8,
                    arrowprops=dict(arrowstyle="->", color=STAT_COLOR))
    ax.set_xlim(lo, hi)
    ax.set_ylim(0, ymax * 1.25)
    ax.set_xlabel(result.statistic_name)
    ax.set_ylabel("density under H0")
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=7.5, frameon=True, framealpha=0.9, edgecolor="none", loc="best")
    ax.set_title(title if title is not None else f"{result.test}\np-value = {_p_text(result.p_value)}",
                 fontsize=9, loc="left")
    return ax


def _df_text(df) -> str:
    if isinstance(df, tuple):
        return "(" + ", ".join(f"{d:g}" for d in df) + ")"
    return f"{df:g}"


def _p_text(p) -> str:
    return f"{p:.4f}" if p >= 1e-4 else f"{p:.2e}"


def critical_difference_diagram(ax, nemenyi: NemenyiResult, *, title=None):
    """The book's Friedman test diagram (figure 2.8) for a :class:`~learnmetrics.compare.NemenyiResult`.

    One row per algorithm (best average rank on top); a dot at its average
    rank and a horizontal bar of length CD centred on it. Two algorithms
    whose bars do not overlap differ significantly (their average ranks are
    more than CD apart).
    """
    r = np.asarray(nemenyi.average_ranks, dtype=float)
    names = list(nemenyi.names)
    k = len(r)
    order = np.argsort(r, kind="stable")
    cd = float(nemenyi.cd)
    half = cd / 2.0
    best = r[order[0]]
    lo = min(1.0, float(r.min() - half)) - 0.15
    hi = max(float(k), float(r.max() + half)) + 0.15
    # the ranks can only lie in [1, k]: grey out the rest
    ax.axvspan(lo, 1.0, color="0.93", lw=0, zorder=0)
    ax.axvspan(float(k), hi, color="0.93", lw=0, zorder=0)
    # where the best algorithm's bar ends: any bar starting right of it does not overlap
    ax.axvline(best + half, color="0.45", ls=":", lw=1.2, zorder=1)
    for row, i in enumerate(order):
        separate = r[i] - best > cd
        color = REJECT_COLOR if separate else STAT_COLOR
        ax.plot([r[i] - half, r[i] + half], [row, row], color=color, lw=4, solid_capstyle="butt", alpha=0.85)
        ax.plot([r[i]], [row], "o", color="black", ms=7, zorder=3)
        ax.text(r[i], row - 0.18, f"{names[i]}: {r[i]:.3f}", ha="center", va="bottom", fontsize=9)
    # a ruler of length CD above the rows
    top = -0.95
    ax.annotate("", xy=(best - half, top), xytext=(best + half, top),
                arrowprops=dict(arrowstyle="|-|", color="0.2", lw=1.2, shrinkA=0, shrinkB=0))
    ax.text(best, top - 0.12, f"CD = {cd:.3f}", ha="center", va="bottom", fontsize=9)
    ax.set_yticks(range(k), [names[i] for i in order], fontsize=10)
    ax.set_ylim(k - 0.45, top - 0.55)
    ax.set_xlim(lo, hi)
    ax.set_xlabel("average rank (1 = best)")
    ax.grid(axis="x", color="0.85", lw=0.6)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)
    ax.plot([], [], color=STAT_COLOR, lw=4, label="bar overlaps the best one's: not significantly different")
    ax.plot([], [], color=REJECT_COLOR, lw=4, label="no overlap: significantly worse than the best")
    ax.legend(fontsize=8, frameon=False, loc="upper right")  # the CD ruler sits at the best (leftmost) rank
    ax.set_title(title if title is not None else
                 f"Friedman test diagram: average rank ± CD/2 (N = {nemenyi.n_datasets} data sets, "
                 f"alpha = {nemenyi.alpha:g})", fontsize=9.5, loc="left")
    return ax


def plot_binomial_test(ax, result: TestResult, *, title=None):
    """The binomial test (book 2.4.1): the distribution of the error count under
    :math:`\\epsilon = \\epsilon_0`, the rejection region (counts >= the critical
    count) and the observed count."""
    d = result.details
    m, eps0, k, crit = d["n_samples"], d["epsilon0"], d["n_errors"], d["critical_count"]
    hi = int(min(m, max(k, crit, m * eps0 + 4 * math.sqrt(m * eps0 * (1 - eps0)) + 2) * 1.15 + 1))
    c = np.arange(hi + 1)
    logc = np.array([math.lgamma(m + 1) - math.lgamma(i + 1) - math.lgamma(m - i + 1) for i in c])
    with np.errstate(divide="ignore"):
        pmf = np.exp(logc + c * np.log(eps0) + (m - c) * np.log1p(-eps0)) if 0 < eps0 < 1 else (c == round(m * eps0)) * 1.0
    keep = c < crit
    ax.bar(c[keep], pmf[keep], width=0.85, color="0.7", label=f"P(m') if epsilon = epsilon0")
    ax.bar(c[~keep], pmf[~keep], width=0.85, color=REJECT_COLOR,
           label=f"rejection region: at least {crit} errors (alpha = {result.alpha:g})")
    ax.axvline(k, color=STAT_COLOR, lw=2.2, label=f"observed: {k} errors of {m}")
    ax.set_ylim(0, float(pmf.max()) * 1.4)
    ax.set_xlabel(f"number of test errors m'  (if the error rate were epsilon0 = {eps0:g})")
    ax.set_ylabel("probability")
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=8, frameon=False, loc="upper right")
    ax.set_title(title if title is not None else f"{result.test}\np-value = P(at least {k} errors) = {_p_text(result.p_value)}",
                 fontsize=9, loc="left")
    return ax


def plot_paired_errors(ax, errors_a, errors_b, *, names=("A", "B"), title=None, ylabel="test error rate"):
    """Two learners' error rates (or any per-fold measure: set ``ylabel``) fold by fold, each fold's pair joined."""
    a = np.asarray(errors_a, dtype=float)
    b = np.asarray(errors_b, dtype=float)
    folds = np.arange(1, len(a) + 1)
    for i in range(len(a)):
        ax.plot([folds[i], folds[i]], [a[i], b[i]], color="0.75", lw=1.5, zorder=1)
    # B as open squares under A's dots, so that a fold where both err the same shows both
    ax.plot(folds, b, "s", color=REJECT_COLOR, mfc="white", mew=2, ms=10, label=f"{names[1]} (mean {b.mean():.4f})",
            zorder=2)
    ax.plot(folds, a, "o", color=STAT_COLOR, ms=6, label=f"{names[0]} (mean {a.mean():.4f})", zorder=3)
    ax.set_xticks(folds)
    ax.set_xlabel("fold")
    ax.set_ylabel(ylabel)
    ax.spines[["top", "right"]].set_visible(False)
    handles, labels = ax.get_legend_handles_labels()
    ax.legend(handles[::-1], labels[::-1], fontsize=8, frameon=True, framealpha=0.85, edgecolor="none", loc="best")  # A first
    if title:
        ax.set_title(title, fontsize=9, loc="left")
    return ax
