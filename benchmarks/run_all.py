#!/usr/bin/env python3
"""Run every benchmark script in this folder, one after the other.

    python benchmarks/run_all.py            # all of them
    python benchmarks/run_all.py curves     # only bench_curves.py
Each script prints its own Markdown table (learnmetrics vs scikit-learn as ratios).
"""
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv):
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if any(a in s.stem for a in argv)]
    status = 0
    for script in scripts:
        print(f"\n## {script.stem}\n", flush=True)
        status |= subprocess.run([sys.executable, str(script)]).returncode
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
