"""The Python that CI runs the unit tests under, besides the one `make test` used.

    python tools/other_python.py [--main PATH] [--list]

Prints the path of one interpreter (or nothing, when none fits): the oldest
supported Python found on this machine (requires-python in pyproject.toml,
today 3.11), unless the main run already used that version; then the newest
one found instead (e.g. 3.13), so the two runs check both ends of the range.
``--main`` is the interpreter `make test` used (default: this one);
``--list`` prints every usable interpreter found, one per line.

Candidates: ``python3.X`` on PATH, pyenv's ``~/.pyenv/versions/3.*`` (and
$PYENV_ROOT), /usr/bin, /usr/local/bin. Each is asked for its version and
must be able to build a virtual environment with pip (``venv`` and
``ensurepip``); a pyenv shim for a version that is not installed, or a Debian
Python without python3-venv, is skipped.
"""
from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_python import required_version  # noqa: E402

PROBE = "import sys, venv, ensurepip; print(sys.version_info[0], sys.version_info[1], sys.version_info[2]); print(sys.executable)"


def candidates() -> list[str]:
    found = []
    for minor in range(6, 30):
        path = shutil.which(f"python3.{minor}")
        if path:
            found.append(path)
    roots = {os.path.expanduser("~/.pyenv"), os.environ.get("PYENV_ROOT", "")} - {""}
    for root in sorted(roots):
        found += sorted(glob.glob(os.path.join(root, "versions", "3.*", "bin", "python3.*[0-9]")))
    for folder in ("/usr/bin", "/usr/local/bin"):
        found += sorted(glob.glob(os.path.join(folder, "python3.*[0-9]")))
    return found


def probe(path: str) -> tuple[tuple[int, int, int], str] | None:
    """((major, minor, micro), real path) of a working interpreter that can make a venv, else None."""
    try:
        out = subprocess.run([path, "-c", PROBE], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = out.stdout.split("\n")
    if out.returncode != 0 or len(lines) < 2:
        return None
    version = tuple(int(v) for v in lines[0].split())
    return version, os.path.realpath(lines[1])


def usable() -> dict[str, tuple[int, int, int]]:
    """Real path -> version of every supported interpreter found (one per real path)."""
    need = required_version()
    seen: dict[str, tuple[int, int, int]] = {}
    for path in candidates():
        got = probe(path)
        if got and got[0][:2] >= need and got[1] not in seen:
            seen[got[1]] = got[0]
    return seen


def choose(found: dict[str, tuple[int, int, int]], main_version: tuple[int, int]) -> str | None:
    """The oldest supported version unless ``main_version`` is it, then the newest; one path per
    version (the newest micro release)."""
    by_minor: dict[tuple[int, int], tuple[tuple[int, int, int], str]] = {}
    for path, version in found.items():
        if version[:2] not in by_minor or version > by_minor[version[:2]][0]:
            by_minor[version[:2]] = (version, path)
    others = sorted(v for v in by_minor if v != tuple(main_version))
    if not others:
        return None
    oldest = min(by_minor)
    pick = oldest if oldest != tuple(main_version) else others[-1]
    return by_minor[pick][1]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--main", default=sys.executable, help="the interpreter `make test` used")
    parser.add_argument("--list", action="store_true", help="list every usable interpreter")
    args = parser.parse_args(argv)
    found = usable()
    if args.list:
        for path, version in sorted(found.items(), key=lambda kv: kv[1]):
            print(".".join(map(str, version)), path)
        return 0
    got = probe(args.main)
    if got is None:
        print(f"tools/other_python.py: cannot run --main {args.main}", file=sys.stderr)
        return 2
    pick = choose(found, got[0][:2])
    if pick:
        print(pick)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
