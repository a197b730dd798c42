"""Timing of learnmetrics.calibration against scikit-learn at n = 1e6 (ratios in one run).

Run:  .venv/bin/python benchmarks/bench_calibration.py [isotonic]
Prints the best-of-3 wall time of each and the ratio sklearn / learnmetrics
(> 1 means learnmetrics is faster).
"""
import time
import warnings

import numpy as np
from sklearn.calibration import calibration_curve as sk_curve
from sklearn.isotonic import IsotonicRegression
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import brier_score_loss as sk_brier, log_loss as sk_log_loss

from learnmetrics import calibration as cal


def best_time(f, repeat=3):
    best = np.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t0)
    return best


def main(n=1_000_000, only=None):
    warnings.simplefilter("ignore")
    y, _, p = cal.simulate_scores(n, rng=0)
    q = np.column_stack([1 - p, p])
    w = np.random.default_rng(1).exponential(size=n)
    x = cal._logit(p)
    cases = [
        ("calibration_curve uniform, 10 bins", lambda: cal.calibration_curve(y, p, n_bins=10),
         lambda: sk_curve(y, p, n_bins=10)),
        ("calibration_curve quantile, 10 bins", lambda: cal.calibration_curve(y, p, n_bins=10, strategy="quantile"),
         lambda: sk_curve(y, p, n_bins=10, strategy="quantile")),
        ("brier_score_loss binary", lambda: cal.brier_score_loss(y, p), lambda: sk_brier(y, p)),
        ("log_loss binary (1-D)", lambda: cal.log_loss(y, p), lambda: sk_log_loss(y, p)),
        ("log_loss 2 columns", lambda: cal.log_loss(y, q), lambda: sk_log_loss(y, q)),
        ("Platt fit (vs LogisticRegression C=1e12)", lambda: cal.PlattCalibrator().fit(p, y),
         lambda: LogisticRegression(C=1e12).fit(x[:, None], y)),
        ("isotonic fit", lambda: cal.IsotonicCalibrator().fit(p, y),
         lambda: IsotonicRegression(out_of_bounds="clip").fit(p, y)),
        ("isotonic fit, weighted", lambda: cal.IsotonicCalibrator().fit(p, y, sample_weight=w),
         lambda: IsotonicRegression(out_of_bounds="clip").fit(p, y, sample_weight=w)),
        ("isotonic fit + predict", lambda: cal.IsotonicCalibrator().fit(p, y).predict(p),
         lambda: IsotonicRegression(out_of_bounds="clip").fit(p, y).predict(p)),
    ]
    print(f"n = {n:,}")
    print(f"{'case':42s} {'learnmetrics':>13s} {'sklearn':>10s} {'ratio':>7s}")
    for name, ours, theirs in cases:
        if only and only not in name:
            continue
        a, b = best_time(ours), best_time(theirs)
        print(f"{name:42s} {a * 1e3:11.1f}ms {b * 1e3:8.1f}ms {b / a:7.2f}")


if __name__ == "__main__":
    import os
    import sys

    print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores)")
    main(only=sys.argv[1] if len(sys.argv) > 1 else None)  # e.g. "isotonic"
    print(f"load average after: {os.getloadavg()[0]:.2f}")
