"""Stop at once when this Python is older than the one pyproject.toml requires.

    python3 tools/check_python.py        # exit 0, or exit 1 with a message saying what to do

The Makefile runs it with $(PYTHON) before it creates .venv (and with the
venv's own Python before it reinstalls), so an unsupported interpreter is
refused before anything is installed. Written for any Python 2.7 or 3.x: it
must be able to say "too old" on an old Python, so no f-strings, no tomllib.
The minimum is read from ``requires-python = ">=X.Y"`` in pyproject.toml, the
one place it is written down.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def required_version(pyproject=os.path.join(ROOT, "pyproject.toml")):
    """(major, minor) from ``requires-python = ">=X.Y"`` in pyproject.toml."""
    with open(pyproject) as f:
        text = f.read()
    m = re.search(r'^\s*requires-python\s*=\s*"\s*>=\s*(\d+)\.(\d+)\s*"', text, re.M)
    if m is None:
        raise SystemExit("tools/check_python.py: no 'requires-python = \">=X.Y\"' line in %s" % pyproject)
    return int(m.group(1)), int(m.group(2))


def main(argv):
    need = required_version()
    found = tuple(sys.version_info[:3])
    if found[:2] >= need:
        return 0
    where = os.path.realpath(sys.executable) if sys.executable else "this Python"
    shown = ".".join(str(v) for v in found)
    wanted = "%d.%d" % need
    venv = len(argv) > 1 and argv[1] == "--venv"
    lines = [
        "",
        "learnmetrics needs Python >= %s, but %s is Python %s." % (wanted, where, shown),
    ]
    if venv:
        lines += [
            "It is the Python of the existing virtual environment %s." % os.path.dirname(os.path.dirname(sys.executable)),
            "Remove it and pick a newer Python, for example:",
            "    make clean-venv && make test PYTHON=python%s" % wanted,
        ]
    else:
        lines += [
            "Nothing was installed. Pick a newer Python with PYTHON=..., for example:",
            "    make test PYTHON=python%s      (or make lab PYTHON=/path/to/python3.12)" % wanted,
        ]
    lines.append("")
    sys.stderr.write("\n".join(lines) + "\n")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
