#!/usr/bin/env python3
"""Speed of learnmetrics' ndcg_score / dcg_score against scikit-learn's, as ratios in one run.

    .venv/bin/python benchmarks/bench_ranking.py

Both are timed on the same matrices (queries x items), ties averaged (the
default of both), best of several repeats; "speed-up" is scikit-learn's time
over ours. Scores "with ties" are integers 0..9 (about ten items per tied
group in a row of 100); "no ties" are Gaussian. Prints a Markdown table.
"""
from __future__ import annotations

import time

import numpy as np

import learnmetrics as lm


def _best_ms(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1e3


def run(repeats: int = 5) -> list[dict]:
    from sklearn import metrics as sk

    rng = np.random.default_rng(0)
    rows = []
    for n_queries in (1_000, 10_000):
        y_true = rng.integers(0, 5, (n_queries, 100))
        scores = {
            "with ties": rng.integers(0, 10, (n_queries, 100)).astype(float),
            "no ties": rng.normal(size=(n_queries, 100)),
        }
        for ties, y_score in scores.items():
            for name in ("ndcg_score", "dcg_score"):
                ours_fn, theirs_fn = getattr(lm, name), getattr(sk, name)
                ours, theirs = ours_fn(y_true, y_score), theirs_fn(y_true, y_score)
                assert abs(ours - theirs) <= 1e-12 * max(1.0, abs(theirs)), (name, ours, theirs)
                t_ours = _best_ms(lambda: ours_fn(y_true, y_score), repeats)
                t_theirs = _best_ms(lambda: theirs_fn(y_true, y_score), max(2, repeats // 2))
                rows.append(
                    {"function": name, "shape": f"{n_queries:,} x 100", "scores": ties,
                     "learnmetrics_ms": t_ours, "sklearn_ms": t_theirs, "speedup": t_theirs / t_ours,
                     "abs_diff": abs(ours - theirs)}
                )
    return rows


def markdown(rows: list[dict]) -> str:
    lines = [
        "| function | shape | scores | learnmetrics (ms) | scikit-learn (ms) | speed-up | abs. difference |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        lines.append(
            f"| `{r['function']}` | {r['shape']} | {r['scores']} | {r['learnmetrics_ms']:.1f} | "
            f"{r['sklearn_ms']:.1f} | {r['speedup']:.1f}x | {r['abs_diff']:.1e} |"
        )
    return "\n".join(lines)


def main() -> int:
    print(markdown(run()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
