#!/usr/bin/env python3
"""Speed of learnmetrics.uncertainty: the bootstrap interval of an AUC and DeLong, as ratios in one run.

    .venv/bin/python benchmarks/bench_uncertainty.py

* ``bootstrap_ci(lm.roc_auc_score, ...)`` with 2,000 resamples at n = 10,000
  (rank counts for all resamples at once, in bounded-memory chunks) against a
  plain Python loop over the same number of resamples calling scikit-learn's
  ``roc_auc_score`` (the loop is timed on 200 resamples and scaled, it is slow);
* ``roc_auc_ci`` (DeLong, Sun and Xu's mid-rank algorithm) at n = 10**6 against
  one ``np.sort`` of the scores.

Best of several repeats; prints a Markdown table.
"""
from __future__ import annotations

import time

import numpy as np

import learnmetrics as lm
from learnmetrics.uncertainty import bootstrap_ci, roc_auc_ci


def _best_s(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def run(repeats: int = 3) -> list[dict]:
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(0)
    n, n_resamples = 10_000, 2_000
    y = rng.integers(0, 2, n)
    s = rng.normal(size=n) + y
    ours = _best_s(lambda: bootstrap_ci(lm.roc_auc_score, y, s, n_resamples=n_resamples, rng=0), repeats)

    def loop(k=200):
        g = np.random.default_rng(0)
        pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
        vals = []
        for _ in range(k):
            idx = np.r_[g.choice(pos, pos.size), g.choice(neg, neg.size)]
            vals.append(roc_auc_score(y[idx], s[idx]))
        return np.quantile(vals, [0.025, 0.975])

    theirs = _best_s(loop, 1) * n_resamples / 200
    rows = [dict(task=f"AUC bootstrap CI, n={n:,}, {n_resamples:,} resamples", ours=ours,
                 ref="Python loop + sklearn roc_auc_score", ref_s=theirs)]
    big = 10**6
    yb = rng.integers(0, 2, big)
    sb = rng.normal(size=big) + yb
    d = _best_s(lambda: roc_auc_ci(yb, sb), repeats)
    srt = _best_s(lambda: np.sort(sb), repeats)
    rows.append(dict(task=f"DeLong roc_auc_ci, n={big:,}", ours=d, ref="one np.sort of the scores", ref_s=srt))
    return rows


def main():
    rows = run()
    print("| task | learnmetrics (s) | reference | reference (s) | ratio |")
    print("| --- | ---: | --- | ---: | ---: |")
    for r in rows:
        ratio = r["ref_s"] / r["ours"] if "sort" not in r["ref"] else r["ours"] / r["ref_s"]
        label = f"{ratio:.0f}x faster" if "sort" not in r["ref"] else f"{ratio:.1f} sorts"
        print(f"| {r['task']} | {r['ours']:.3f} | {r['ref']} | {r['ref_s']:.3f} | {label} |")


if __name__ == "__main__":
    main()
