"""How fast the chapter 03/04 explorers answer a slider move (a script, not a test).

    .venv/bin/python benchmarks/bench_explorers.py

For the watermelon scores (17 examples) and a seeded list of 200 examples,
the cut-point explorer is moved once through every cut point (first views:
compute the state, move the artists, render the PNG) and then through every
cut point again (revisits: the cached frame). Targets: first view <= 120 ms
median, revisit <= 20 ms median. The F-beta explorer is timed the same way
over 21 values of beta.
"""
from __future__ import annotations

import time

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402

from learnmetrics.datasets import watermelon_scores  # noqa: E402
from learnmetrics.widgets.curves import CutPointExplorer, FBetaExplorer  # noqa: E402

FIRST_VIEW_TARGET_MS = 120.0
REVISIT_TARGET_MS = 20.0


def sweep(explorer, values):
    """Median / max of ``last_update_ms`` over ``values`` set one after the other."""
    times = []
    for v in values:
        explorer.slider.value = v
        times.append(explorer.last_update_ms)
    return float(np.median(times)), float(np.max(times))


def bench_cut_points(name, y, s, ids=None):
    t0 = time.perf_counter()
    ex = CutPointExplorer(y, s, ids=ids)
    build = (time.perf_counter() - t0) * 1e3
    ks = list(range(1, len(ex.table))) + [0]  # k = 0 was drawn when the explorer was built
    first = sweep(ex, ks)
    again = sweep(ex, ks[::-1][1:])  # the first of them is already shown: no change event
    ok = first[0] <= FIRST_VIEW_TARGET_MS and again[0] <= REVISIT_TARGET_MS
    print(f"CutPointExplorer {name:<22} cuts={len(ex.table):4d}  build {build:7.1f} ms  "
          f"first view median {first[0]:6.1f} ms (max {first[1]:6.1f})  "
          f"revisit median {again[0]:6.3f} ms (max {again[1]:6.3f})  {'OK' if ok else 'SLOW'}")
    return ok


def bench_fbeta(name, y, s):
    ex = FBetaExplorer(y, s)
    betas = [float(b) for b in np.round(10 ** np.linspace(-1, 1, 21), 2) if b != 1.0]
    first = sweep(ex, betas)
    again = sweep(ex, betas[::-1][1:])
    ok = first[0] <= FIRST_VIEW_TARGET_MS and again[0] <= REVISIT_TARGET_MS
    print(f"FBetaExplorer    {name:<22} betas={len(betas):3d}                   "
          f"first view median {first[0]:6.1f} ms (max {first[1]:6.1f})  "
          f"revisit median {again[0]:6.3f} ms (max {again[1]:6.3f})  {'OK' if ok else 'SLOW'}")
    return ok


def main() -> int:
    d = watermelon_scores()
    rng = np.random.default_rng(0)
    y200 = (rng.random(200) < 0.4).astype(int)
    s200 = np.round(1 / (1 + np.exp(-(1.2 * (2 * y200 - 1) + rng.normal(size=200)))), 3)  # some ties
    ok = bench_cut_points("watermelon (17)", d.y_true, d.y_score, d.ids)
    ok &= bench_cut_points("200 examples", y200, s200)
    ok &= bench_fbeta("watermelon (17)", d.y_true, d.y_score)
    ok &= bench_fbeta("200 examples", y200, s200)
    print(f"targets: first view <= {FIRST_VIEW_TARGET_MS:.0f} ms, revisit <= {REVISIT_TARGET_MS:.0f} ms (medians)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
