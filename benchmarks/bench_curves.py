"""Curves and areas against the sort floor and against scikit-learn, in one run.

The floor: an exact AUC, AP or curve needs the scores in order, so one
``np.sort`` of the same scores is the least it can cost (issue 18).  For every
function, size and kind of scores this prints a Markdown row with the best time
of a few repeats, the **floor ratio** (learnmetrics time / one ``np.sort`` of
the scores, timed in the same run) and the **scikit-learn ratio**
(scikit-learn time / learnmetrics time: > 1 means learnmetrics is faster),
and, at n >= 1e6, learnmetrics' peak memory above its inputs (tracemalloc, which
sees NumPy's allocations) in units of one array of n floats.

Kinds of scores: ``distinct`` (Gaussian), ``3 decimals`` (rounded to 3
decimals: about 1,000 to 10,000 distinct values), ``weighted`` (distinct,
random sample weights).  Then multi-class ``roc_auc_score`` (ovr, ovo; 10
classes), and the time per call at n = 100.

    .venv/bin/python benchmarks/bench_curves.py              # n = 1e6 and 1e7 (several minutes)
    .venv/bin/python benchmarks/bench_curves.py --sizes 1e6  # quicker
    .venv/bin/python benchmarks/bench_curves.py --no-sklearn # floor ratios only
    .venv/bin/python benchmarks/bench_curves.py --only multiclass  # the multi-class AUC alone
    .venv/bin/python benchmarks/bench_curves.py --only binary --funcs roc_auc_score,roc_curve --kinds distinct
    .venv/bin/python benchmarks/bench_curves.py --only binary --no-sklearn --before /tmp/old  # before/after

``--before DIR`` loads the learnmetrics package of another tree (e.g. ``git archive main
learnmetrics | tar -x -C /tmp/old``) under another name and times it interleaved with this one
and the floor, in the same run (so a change of load hits both alike); each row then shows its
floor ratio too and whether both return the same bytes.

Goals (issue 18, tightened by issue 38): floor ratio <= 2.0 for ``roc_auc_score``
and ``average_precision_score`` and <= 3.0 for the curves on distinct scores,
<= 1.0 for scores with a few thousand values, <= 3.0 with weights; multi-class >= 5x
scikit-learn; peak memory <= 3 arrays of n floats above the inputs; <= 20 µs a
call at n = 100.  The machine may be shared: the header prints the load, and
every time is the minimum of several repeats.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import os
import platform
import sys
import time
import tracemalloc
import warnings

import numpy as np

import learnmetrics as lm
from learnmetrics import curves as C

FUNCS = ["roc_auc_score", "roc_curve", "precision_recall_curve", "average_precision_score",
         "rank_loss", "break_even_point", "stepping_table", "det_curve", "confusion_matrix_at_thresholds"]
SKLEARN_NAME = {"roc_auc_score": "roc_auc_score", "roc_curve": "roc_curve",
                "precision_recall_curve": "precision_recall_curve",
                "average_precision_score": "average_precision_score",
                "det_curve": "det_curve", "confusion_matrix_at_thresholds": "confusion_matrix_at_thresholds"}
WEIGHTED_FUNCS = ["roc_auc_score", "roc_curve", "precision_recall_curve", "average_precision_score",
                  "rank_loss", "stepping_table", "det_curve", "confusion_matrix_at_thresholds"]


GOAL_DISTINCT = {"roc_curve": 3.0, "precision_recall_curve": 3.0, "stepping_table": 3.0, "det_curve": 3.0,
                 "confusion_matrix_at_thresholds": 3.0}  # curves; the areas: 2.0


def _fn(name, pkg=None):
    """The function benchmarked under ``name``: from learnmetrics.curves, or (chapter 13's
    det_curve and confusion_matrix_at_thresholds) from learnmetrics.operating_point (of the
    package ``pkg``, the --before tree, when given)."""
    if pkg is not None:
        curves = importlib.import_module(pkg.__name__ + ".curves")
        return getattr(curves, name) if hasattr(curves, name) else getattr(
            importlib.import_module(pkg.__name__ + ".operating_point"), name)
    return getattr(C, name) if hasattr(C, name) else getattr(lm.operating_point, name)


def load_before(path: str):
    """The learnmetrics package under ``path`` (a tree holding ``learnmetrics/``), imported as
    ``learnmetrics_before`` (its modules import each other relatively)."""
    root = os.path.join(path, "learnmetrics")
    spec = importlib.util.spec_from_file_location("learnmetrics_before", os.path.join(root, "__init__.py"),
                                                  submodule_search_locations=[root])
    mod = importlib.util.module_from_spec(spec)
    sys.modules["learnmetrics_before"] = mod
    spec.loader.exec_module(mod)
    return mod


def same_bytes(a, b) -> bool:
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same_bytes(x, y) for x, y in zip(a, b))
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def load() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "n/a"


CLOCK = time.thread_time  # --clock: CPU time of this thread (default) or wall time


def best_time(f, rep: int) -> float:
    best = np.inf
    for _ in range(rep):
        gc.collect()
        t0 = CLOCK()
        f()
        best = min(best, CLOCK() - t0)
    return best


def simd() -> str:
    """The CPU features NumPy's sort dispatches on (NumPy 2.4 groups: X86_V3 = AVX2, X86_V4 =
    AVX-512); disable one with NPY_DISABLE_CPU_FEATURES="X86_V4" (or "X86_V3") to time the
    floor without it."""
    try:
        from numpy._core._multiarray_umath import __cpu_features__ as feats
    except ImportError:  # pragma: no cover
        return "unknown"
    on = [k for k in ("X86_V4", "AVX512F", "AVX512_SKX", "X86_V3", "AVX2") if feats.get(k)]
    off = os.environ.get("NPY_DISABLE_CPU_FEATURES", "")
    return (", ".join(on) or "none of X86_V3/V4") + (f" (disabled: {off})" if off else "")


def per_call(f, calls: int = 200, rep: int = 15) -> float:
    best = np.inf
    for _ in range(rep):
        t0 = time.perf_counter()
        for _ in range(calls):
            f()
        best = min(best, (time.perf_counter() - t0) / calls)
    return best


def peak_bytes(f) -> int:
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    out = f()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del out
    return peak


def data(n: int, kind: str, rng: np.random.Generator):
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = rng.normal(size=n) + y
    w = None
    if kind == "3 decimals":
        s = np.round(1 / (1 + np.exp(-s)), 3)  # probabilities written with 3 decimals
    if kind == "weighted":
        w = rng.uniform(0, 2, n)
    return y, s, w


def fmt_t(t: float) -> str:
    if t < 1e-3:
        return f"{t * 1e6:.0f} µs"
    if t < 1:
        return f"{t * 1e3:.0f} ms"
    return f"{t:.2f} s"


def agree(a, b) -> bool:
    if isinstance(a, tuple):
        return all(np.allclose(x, y, equal_nan=True) for x, y in zip(a, b))
    return bool(np.isclose(a, b, rtol=1e-9, atol=1e-12))


def binary_rows(sizes, kinds, rep, skm, mem: bool, only_funcs=None, before=None):
    rng = np.random.default_rng(0)
    for n in sizes:
        for kind in kinds:
            y, s, w = data(n, kind, rng)
            kw = {} if w is None else {"sample_weight": w}
            names = FUNCS if w is None else WEIGHTED_FUNCS
            if only_funcs:
                names = [f for f in names if f in only_funcs]
            times = {name: [] for name in names}
            old_times = {name: [] for name in names}
            floors = []
            # interleave the floor and the functions so that load changes hit both alike
            for r in range(rep):
                floors.append(best_time(lambda: np.sort(s), 1))
                for name in names:
                    runs = [(_fn(name), times[name])]
                    if before is not None:  # which tree runs first alternates between repeats
                        runs.insert(r % 2, (_fn(name, before), old_times[name]))
                    for f, out in runs:
                        out.append(best_time(lambda: f(y, s, **kw), 1))
            floor = min(floors)
            for name in names:
                f = _fn(name)
                t_lm = min(times[name])
                sk = f"| |"
                if skm is not None and name in SKLEARN_NAME:
                    g = getattr(skm, SKLEARN_NAME[name])
                    if not agree(f(y, s, **kw), g(y, s, **kw)):
                        raise SystemExit(f"{name} disagrees with scikit-learn at n={n} ({kind})")
                    t_sk = best_time(lambda: g(y, s, **kw), max(1, rep - 1))
                    sk = f"{fmt_t(t_sk)} | {t_sk / t_lm:.1f}x |"
                m = ""
                if mem:
                    extra = peak_bytes(lambda: f(y, s, **kw))
                    m = f"{extra / (8 * n):.1f}"
                goal = 3.0 if kind == "weighted" else (1.0 if kind == "3 decimals" else GOAL_DISTINCT.get(name, 2.0))
                ratio = t_lm / floor
                mark = "" if ratio <= goal else f" (goal {goal:.1f})"
                old = ""
                if before is not None:
                    t_old = min(old_times[name])
                    same = same_bytes(f(y, s, **kw), _fn(name, before)(y, s, **kw))
                    old = f" {fmt_t(t_old)} | {t_old / floor:.2f} | {'yes' if same else '**NO**'} |"
                print(f"| {n:.0e} | {kind} | `{name}` | {fmt_t(floor)} | {fmt_t(t_lm)} | "
                      f"**{ratio:.2f}**{mark} | {sk} {m} |{old}", flush=True)


def multiclass_rows(n: int, rep: int, skm):
    """Multi-class AUC on n x 10 softmax probabilities (distinct), and the same rounded to
    3 decimals for one-vs-rest; goal: 5x scikit-learn (issue 30)."""
    rng = np.random.default_rng(1)
    k = 10
    y = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k))
    logits[np.arange(n), y] += 1.0
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    p3 = np.round(p, 3)
    p3[:, -1] = 1.0 - p3[:, :-1].sum(axis=1)  # rows still sum to 1 (within rounding)
    for scores, p_, modes in (("distinct", p, ("ovr", "ovo")), ("3 decimals", p3, ("ovr",))):
        cols = [np.ascontiguousarray(p_[:, j]) for j in range(k)]
        floor = best_time(lambda: [np.sort(c) for c in cols], rep)
        for mc in modes:
            t_lm = best_time(lambda: C.roc_auc_score(y, p_, multi_class=mc), rep)
            sk = "| |"
            if skm is not None:
                a, b = C.roc_auc_score(y, p_, multi_class=mc), skm.roc_auc_score(y, p_, multi_class=mc)
                if not np.isclose(a, b, rtol=1e-12):
                    raise SystemExit(f"multi-class {mc} disagrees with scikit-learn")
                t_sk = best_time(lambda: skm.roc_auc_score(y, p_, multi_class=mc), max(1, rep - 1))
                sk = f"{fmt_t(t_sk)} | **{t_sk / t_lm:.1f}x** |"
            print(f"| {n:.0e} x {k}, {scores} | `roc_auc_score(multi_class='{mc}')` | {fmt_t(floor)} (10 sorts) | "
                  f"{fmt_t(t_lm)} | {t_lm / floor:.2f} | {sk} {load()} |", flush=True)


def small_rows(skm):
    rng = np.random.default_rng(2)
    y = (rng.random(100) < 0.3).astype(np.int64)
    s = rng.normal(size=100)
    print("\n| n = 100 | learnmetrics per call | scikit-learn per call |")
    print("|---|---:|---:|")
    for name in FUNCS:
        f = _fn(name)
        t = per_call(lambda: f(y, s))
        sk = ""
        if skm is not None and name in SKLEARN_NAME:
            g = getattr(skm, SKLEARN_NAME[name])
            sk = fmt_t(per_call(lambda: g(y, s), calls=50, rep=5))
        mark = "" if t <= 20e-6 else " (goal 20 µs)"
        print(f"| `{name}` | {t * 1e6:.1f} µs{mark} | {sk} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1e6,1e7", help="comma-separated n (default 1e6,1e7)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--no-sklearn", action="store_true")
    ap.add_argument("--no-memory", action="store_true")
    ap.add_argument("--multiclass-n", type=float, default=1e6)
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="cpu: this thread's CPU time (steadier on a shared machine; NumPy here is "
                         "single-threaded), wall: perf_counter")
    ap.add_argument("--only", choices=("binary", "multiclass", "small"), action="append",
                    help="run only these tables (repeatable; default: all three)")
    ap.add_argument("--funcs", default="", help="comma-separated functions of the binary table (default: all)")
    ap.add_argument("--kinds", default="distinct,3 decimals,weighted",
                    help="comma-separated kinds of scores of the binary table")
    ap.add_argument("--before", default="",
                    help="a tree holding another learnmetrics/ (e.g. main's): timed interleaved in the binary table")
    opts = ap.parse_args()
    warnings.simplefilter("ignore")
    global CLOCK
    CLOCK = time.thread_time if opts.clock == "cpu" else time.perf_counter
    skm = None
    if not opts.no_sklearn:
        try:
            import sklearn
            import sklearn.metrics as skm
        except ImportError:  # pragma: no cover
            print("scikit-learn not installed: floor ratios only")
    sizes = [int(float(v)) for v in opts.sizes.split(",")]
    print(f"numpy {np.__version__}" + (f", scikit-learn {sklearn.__version__}" if skm else "")
          + f", learnmetrics {lm.__version__}")
    print(f"machine: {os.cpu_count()} cores ({cpu_model()}), {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"load average before: {load()}")
    print(f"SIMD features NumPy's sort can use: {simd()}; times: {'CPU time of the thread' if opts.clock == 'cpu' else 'wall time'}, "
          "best of the repeats; floor ratio = time / one np.sort of the same scores, timed in the same run\n")
    parts = set(opts.only or ("binary", "multiclass", "small"))
    if "binary" in parts:
        before = load_before(opts.before) if opts.before else None
        extra = " before | before's floor ratio | same bytes |" if before else ""
        print("| n | scores | function | one np.sort | learnmetrics | floor ratio | scikit-learn | "
              "sklearn / lm | peak memory above inputs (arrays of n floats) |" + extra)
        print("|---:|---|---|---:|---:|---:|---:|---:|---:|" + ("---:|---:|---|" if before else ""))
        binary_rows(sizes, [k.strip() for k in opts.kinds.split(",")], opts.repeats, skm,
                    mem=not opts.no_memory, only_funcs=[f.strip() for f in opts.funcs.split(",") if f.strip()],
                    before=before)
    if "multiclass" in parts:
        print("\n| n, scores | function | floor | learnmetrics | floor ratio | scikit-learn | sklearn / lm | load average |")
        print("|---|---|---:|---:|---:|---:|---:|---|")
        multiclass_rows(int(opts.multiclass_n), opts.repeats, skm)
    if "small" in parts:
        small_rows(skm)
    print(f"\nload average after: {load()}")


if __name__ == "__main__":
    main()
