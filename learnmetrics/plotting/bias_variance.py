"""Pictures of the bias-variance decomposition (book 2.5)."""
from __future__ import annotations

import numpy as np

from ..bias_variance import BiasVarianceResult, BiasVarianceState

__all__ = ["plot_fits", "plot_decomposition", "BIAS_COLOR", "VARIANCE_COLOR", "NOISE_COLOR", "TOTAL_COLOR"]

BIAS_COLOR = "#1b9e77"
VARIANCE_COLOR = "#d95f02"
NOISE_COLOR = "#7570b3"
TOTAL_COLOR = "0.15"


def plot_fits(ax, state: BiasVarianceState, *, ylim=(-2.0, 2.0), title=None):
    """The fits of several training sets (thin), their mean :math:`\\bar f` (thick) and the truth (dashed)."""
    for c in state.curves:
        ax.plot(state.x, c, color=VARIANCE_COLOR, lw=0.7, alpha=0.35)
    ax.plot([], [], color=VARIANCE_COLOR, lw=0.7, alpha=0.6, label=f"f(x; D) for {len(state.curves)} training sets")
    _ = ax.plot(state.x, state.mean_curve, color=BIAS_COLOR, lw=2.6, label="mean prediction  f̄(x)")
    _ = ax.plot(state.x, state.f, color="black", lw=1.5, ls="--", label="true function y")
    ax.set_ylim(*ylim)
    ax.set_xlim(state.x[0], state.x[-1])
    ax.set_xlabel("x")
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=7, frameon=False, loc="lower left")
    ax.set_title(title if title is not None else f"polynomial degree {state.degree}", fontsize=10, loc="left")
    return ax


def plot_decomposition(ax, result: BiasVarianceResult, *, log=True, title=None):
    """bias², variance, noise and their sum against the degree, with the simulated expected error."""
    d = result.degrees
    _ = ax.plot(d, result.bias2, "o-", color=BIAS_COLOR, label="bias²")
    _ = ax.plot(d, result.variance, "o-", color=VARIANCE_COLOR, label="variance")
    _ = ax.plot(d, np.full(len(d), result.noise), "--", color=NOISE_COLOR, label="noise ε²")
    _ = ax.plot(d, result.total, "-", color=TOTAL_COLOR, lw=2.4, label="bias² + variance + noise")
    _ = ax.plot(d, result.expected_error, "x", color="red", ms=8, mew=2, label="simulated E(f; D)")
    _ = ax.plot(d, result.train_error, ":", color="0.45", lw=1.6, label="training error")
    if log:
        ax.set_yscale("log")
    ax.set_xlabel("polynomial degree (model complexity)")
    ax.set_ylabel("squared error")
    ax.set_xticks(d)
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=7, frameon=False)
    ax.set_title(title if title is not None else
                 f"{result.n_sets} training sets of {result.n_train} points, noise sd {result.noise_sd:g}",
                 fontsize=9, loc="left")
    return ax
