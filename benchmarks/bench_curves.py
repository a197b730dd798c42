"""Speed and memory of learnmetrics.curves against scikit-learn, in one run.

For roc_curve, roc_auc_score, precision_recall_curve and average_precision_score
at n = 1e2 ... 1e7, on random scores with distinct values and with heavy ties
(scores rounded to one decimal, about 80 distinct values), it prints a Markdown
table: the best time of a few repeats for learnmetrics and scikit-learn, their
ratio (scikit-learn time / learnmetrics time: > 1 means learnmetrics is
faster), learnmetrics against one ``np.argsort`` of the scores, and the peak
memory of one call (tracemalloc, which sees NumPy's allocations) for both.

    .venv/bin/python benchmarks/bench_curves.py            # n up to 1e7 (about 2-4 minutes)
    .venv/bin/python benchmarks/bench_curves.py --max-n 1e6
    .venv/bin/python benchmarks/bench_curves.py --weighted # also with sample weights

Targets (the issue): roc_auc_score >= 3x faster than scikit-learn at 1e6 and
1e7, the curves and AP >= 1.5x, <= 0.1 ms per call at n = 100, peak memory
<= 60% of scikit-learn's.  The machine is shared: repeat runs vary by ~20%.
"""
from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
import warnings

import numpy as np

try:
    import sklearn
    import sklearn.metrics as skm
except ImportError:  # pragma: no cover
    sys.exit("scikit-learn is needed for the comparison (it is a test-only dependency)")

import learnmetrics as lm

FUNCS = ["roc_curve", "roc_auc_score", "precision_recall_curve", "average_precision_score"]
SIZES = [100, 10_000, 100_000, 1_000_000, 10_000_000]


def repeats(n: int) -> int:
    return {100: 300, 10_000: 30, 100_000: 7, 1_000_000: 3}.get(n, 2)


def best_time(f, args, kwargs, rep: int) -> float:
    if rep >= 30:  # small inputs: time batches, report per call
        batch = 20
        best = np.inf
        for _ in range(rep // batch + 1):
            t0 = time.perf_counter()
            for _ in range(batch):
                f(*args, **kwargs)
            best = min(best, (time.perf_counter() - t0) / batch)
        return best
    best = np.inf
    for _ in range(rep):
        gc.collect()
        t0 = time.perf_counter()
        f(*args, **kwargs)
        best = min(best, time.perf_counter() - t0)
    return best


def peak_bytes(f, args, kwargs) -> int:
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    out = f(*args, **kwargs)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del out
    return peak


def data(n: int, ties: bool, rng: np.random.Generator):
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = rng.normal(size=n) + y
    if ties:
        s = np.round(s, 1)
    return y, s


def fmt_t(t: float) -> str:
    if t < 1e-3:
        return f"{t * 1e6:.0f} µs"
    if t < 1:
        return f"{t * 1e3:.1f} ms"
    return f"{t:.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=float, default=1e7)
    ap.add_argument("--mem-max-n", type=float, default=1e7, help="largest n whose peak memory is measured")
    ap.add_argument("--weighted", action="store_true", help="also time with random sample weights")
    opts = ap.parse_args()
    rng = np.random.default_rng(0)
    warnings.simplefilter("ignore")
    print(f"numpy {np.__version__}, scikit-learn {sklearn.__version__}, learnmetrics {lm.__version__}\n")
    print("| n | scores | function | learnmetrics | scikit-learn | speed-up | lm / argsort | peak MB lm | peak MB sk | memory ratio |")
    print("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|")
    scenarios = [("distinct", False, None), ("ties", True, None)]
    if opts.weighted:
        scenarios.append(("distinct, weighted", False, "w"))
    for n in SIZES:
        if n > opts.max_n:
            break
        for label, ties, weighted in scenarios:
            y, s = data(n, ties, rng)
            kwargs = {"sample_weight": rng.uniform(0, 2, n)} if weighted else {}
            rep = repeats(n)
            t_sort = best_time(np.argsort, (s,), {}, rep)
            for name in FUNCS:
                f_lm, f_sk = getattr(lm, name), getattr(skm, name)
                r_lm, r_sk = f_lm(y, s, **kwargs), f_sk(y, s, **kwargs)  # warm up, and check
                if isinstance(r_sk, tuple):
                    ok = all(np.allclose(a, b) for a, b in zip(r_lm, r_sk))
                else:
                    ok = np.isclose(r_lm, r_sk, rtol=1e-9, atol=1e-12)
                if not ok:
                    raise SystemExit(f"{name} disagrees with scikit-learn at n={n} ({label})")
                del r_lm, r_sk
                t_lm = best_time(f_lm, (y, s), kwargs, rep)
                t_sk = best_time(f_sk, (y, s), kwargs, rep)
                if n >= 1_000_000 and n <= opts.mem_max_n:
                    m_lm, m_sk = peak_bytes(f_lm, (y, s), kwargs), peak_bytes(f_sk, (y, s), kwargs)
                    mem = f"{m_lm / 1e6:.0f} | {m_sk / 1e6:.0f} | {m_lm / m_sk:.2f}"
                else:
                    mem = " | | "
                print(
                    f"| {n:.0e} | {label} | {name} | {fmt_t(t_lm)} | {fmt_t(t_sk)} | "
                    f"{t_sk / t_lm:.1f}x | {t_lm / t_sort:.2f} | {mem} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
