"""What ``import learnmetrics.exercises`` adds to ``import learnmetrics`` (issue 30's goal: < 0.15 s).

Each run is a fresh Python process that imports ``learnmetrics``, then
``learnmetrics.exercises``, and reports the second import's time (and, for
comparison, the time of the first ``check`` of chapter 12, whose answers rerun 10-fold
cross-validation 100 times: a chapter's answers are computed when first needed).
"Best of 3" uses the compiled ``.pyc`` files; the "first run" compiles learnmetrics' own
modules again (a ``PYTHONPYCACHEPREFIX`` holding every other module's ``.pyc``), as the first
import after an install or an edit does.

    .venv/bin/python benchmarks/bench_exercises_import.py
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile

CODE = """
import json, time
tn = time.perf_counter(); import numpy
t0 = time.perf_counter(); import learnmetrics
t1 = time.perf_counter(); import learnmetrics.exercises as ex
t2 = time.perf_counter(); ex.check("12.1", 263)
t3 = time.perf_counter()
print(json.dumps({"numpy": t0 - tn, "learnmetrics": t1 - t0, "exercises": t2 - t1, "first_check_12": t3 - t2}))
"""


def run(env=None) -> dict:
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}   # .pyc files written
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True,
                         env={**base, **(env or {})})
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    run()  # warm the .pyc files and the OS file cache
    warm = [run() for _ in range(3)]
    with tempfile.TemporaryDirectory() as prefix:
        run({"PYTHONPYCACHEPREFIX": prefix})   # every module compiled into the prefix ...
        import learnmetrics
        own = os.path.dirname(os.path.abspath(learnmetrics.__file__))
        shutil.rmtree(prefix + own)             # ... then learnmetrics' own .pyc files dropped
        first = run({"PYTHONPYCACHEPREFIX": prefix})
    best = min(warm, key=lambda r: r["exercises"])
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"import learnmetrics.exercises after import learnmetrics: best of 3 {best['exercises']:.3f} s "
          f"(import learnmetrics {best['learnmetrics']:.3f} s after NumPy's {best['numpy']:.3f} s); first run (no .pyc) {first['exercises']:.3f} s "
          f"(import learnmetrics {first['learnmetrics']:.3f} s)")
    print(f"first check of chapter 12 (computes its answers): {min(r['first_check_12'] for r in warm):.3f} s")


if __name__ == "__main__":
    main()
