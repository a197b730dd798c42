#!/usr/bin/env python3
"""Speed of learnmetrics' ndcg_score / dcg_score against scikit-learn's, as ratios in one run.

    .venv/bin/python benchmarks/bench_ranking.py

Both are timed on the same matrices (queries x items), ties averaged (the
default of both), best of several repeats; "speed-up" is scikit-learn's time
over ours. Scores "with ties" are integers 0..9 (about ten items per tied
group in a row of 100); "no ties" are Gaussian. Prints a Markdown table.

Then NDCG@10 against ranx (Numba-based, the fastest Python ranking-metrics
library; an optional benchmark dependency, never a test one: ``pip install -e '.[bench]'``), on
10,000 queries x 100 documents with distinct scores, timed on prebuilt inputs:
ranx's ``Qrels``/``Run`` built (and its Numba functions compiled) before the
clock starts, learnmetrics' two matrices likewise. Skipped, with a note, when
ranx is not installed.
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


def run_ranx(n_queries: int = 10_000, n_docs: int = 100, k: int = 10, repeats: int = 5):
    """(learnmetrics ms, ranx ms, |difference|) for NDCG@k, or None when ranx is not installed."""
    try:
        import warnings

        from ranx import Qrels, Run, evaluate
    except ImportError:
        return None
    rng = np.random.default_rng(1)
    y_true = rng.integers(0, 5, (n_queries, n_docs))
    y_score = rng.normal(size=(n_queries, n_docs))  # distinct: both libraries rank alike
    qrels = Qrels({f"q{i}": {f"d{j}": int(y_true[i, j]) for j in range(n_docs) if y_true[i, j] > 0}
                   for i in range(n_queries)})
    run_ = Run({f"q{i}": {f"d{j}": float(y_score[i, j]) for j in range(n_docs)} for i in range(n_queries)})
    metric = f"ndcg@{k}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a Numba type-safety note on ranx's side
        theirs = evaluate(qrels, run_, metric)  # compiles ranx's Numba code once
        t_theirs = _best_ms(lambda: evaluate(qrels, run_, metric), repeats)
    ours = lm.ndcg_score(y_true, y_score, k=k)
    t_ours = _best_ms(lambda: lm.ndcg_score(y_true, y_score, k=k), repeats)
    return t_ours, t_theirs, abs(ours - theirs)


def main() -> int:
    print(markdown(run()))
    r = run_ranx()
    if r is None:
        print("\nranx is not installed: the NDCG@10 comparison with ranx is skipped (pip install -e '.[bench]')")
    else:
        t_ours, t_theirs, diff = r
        print("\n| NDCG@10, 10,000 x 100, distinct scores | learnmetrics (ms) | ranx (ms) | ranx / learnmetrics | abs. difference |")
        print("| --- | ---: | ---: | ---: | ---: |")
        print(f"| prebuilt inputs | {t_ours:.1f} | {t_theirs:.1f} | {t_theirs / t_ours:.1f}x | {diff:.1e} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
