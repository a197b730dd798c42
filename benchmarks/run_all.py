#!/usr/bin/env python3
"""Run every benchmark script in this folder, one after the other.

    python benchmarks/run_all.py            # all of them
    python benchmarks/run_all.py curves     # only bench_curves.py
Each script prints its own Markdown table (learnmetrics vs scikit-learn as ratios).
The machine may be shared: before and after each script this prints the time and the
load average (``/proc/loadavg``), which every table in docs/performance.md quotes.
"""
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "n/a"


def main(argv):
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if any(a in s.stem for a in argv)]
    status = 0
    for script in scripts:
        print(f"\n## {script.stem}\n", flush=True)
        print(f"started {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}, load average {load()}", flush=True)
        t0 = time.perf_counter()
        status |= subprocess.run([sys.executable, str(script)]).returncode
        print(f"\n{script.stem}: {time.perf_counter() - t0:.0f} s, load average after {load()}", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
