"""Timing of learnmetrics.classification against sklearn.metrics.

Run:  .venv/bin/python benchmarks/bench_classification.py
Prints the best-of-k wall time of each and the ratio sklearn / learnmetrics
(> 1 means learnmetrics is faster).
"""
import time
import warnings

import numpy as np
from sklearn import metrics as skm

import learnmetrics as lm


def best_time(f, repeat):
    best = np.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t0)
    return best


def main():
    rng = np.random.default_rng(0)
    warnings.simplefilter("ignore")
    print(f"{'case':42s} {'n':>9s} {'learnmetrics':>13s} {'sklearn':>10s} {'ratio':>7s}")
    for n in (1_000, 100_000, 1_000_000):
        repeat = 20 if n <= 1_000 else (5 if n <= 100_000 else 3)
        yb_t = rng.integers(0, 2, n)
        yb_p = np.where(rng.random(n) < 0.8, yb_t, 1 - yb_t)
        ym_t = rng.integers(0, 5, n)
        ym_p = np.where(rng.random(n) < 0.7, ym_t, rng.integers(0, 5, n))
        words = np.array(["ant", "bee", "cat", "dog", "emu"])
        ys_t, ys_p = words[ym_t], words[ym_p]
        w = rng.random(n)
        cases = [
            ("confusion_matrix binary", lambda m: m.confusion_matrix(yb_t, yb_p)),
            ("confusion_matrix 5 classes", lambda m: m.confusion_matrix(ym_t, ym_p)),
            ("confusion_matrix 5 classes, weights", lambda m: m.confusion_matrix(ym_t, ym_p, sample_weight=w)),
            ("confusion_matrix 5 string classes", lambda m: m.confusion_matrix(ys_t, ys_p)),
            ("f1_score binary", lambda m: m.f1_score(yb_t, yb_p)),
            ("f1_score macro, 5 classes", lambda m: m.f1_score(ym_t, ym_p, average="macro")),
            ("f1_score macro, 5 string classes", lambda m: m.f1_score(ys_t, ys_p, average="macro")),
            ("accuracy_score 5 classes", lambda m: m.accuracy_score(ym_t, ym_p)),
        ]
        for name, call in cases:
            if "string" in name and n > 100_000:
                repeat_s = 1
            else:
                repeat_s = repeat
            ours = best_time(lambda: call(lm), repeat_s)
            theirs = best_time(lambda: call(skm), repeat_s)
            print(f"{name:42s} {n:9d} {ours * 1e3:11.2f}ms {theirs * 1e3:8.2f}ms {theirs / ours:7.1f}x")
    data = lm.datasets.watermelon_scores()
    per = best_time(lambda: lm.classification.threshold_state(data.y_true, data.y_score, 0.5), 200)
    print(f"threshold_state on the 17 watermelons: {per * 1e6:.0f} us per call")


if __name__ == "__main__":
    main()
