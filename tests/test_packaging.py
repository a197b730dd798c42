"""The set-up files agree with each other, and the package imports lean."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
tomllib = pytest.importorskip("tomllib")


def _requirement(spec: str) -> tuple[str, str]:
    m = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", spec)
    return m.group(1).lower().replace("_", "-"), m.group(2).replace(" ", "")


def _pyproject_requirements() -> dict[str, str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = list(data["dependencies"])
    for extra in data["optional-dependencies"].values():
        reqs += extra
    return dict(_requirement(r) for r in reqs)


def _environment_requirements() -> tuple[dict[str, str], list[str]]:
    conda, pip = {}, []
    in_pip = in_deps = False
    for raw in (ROOT / "environment.yml").read_text().splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if not line.startswith(" "):
            in_deps = line.startswith("dependencies:")
            continue
        if not in_deps:
            continue
        item = line.strip()
        if item.startswith("- pip:"):
            in_pip = True
            continue
        if item.startswith("- ") and in_pip and raw.startswith("      "):
            pip.append(item[2:].strip())
        elif item.startswith("- ") and raw.startswith("  - "):
            in_pip = False
            name, spec = _requirement(item[2:])
            conda[name] = spec
    return conda, pip


def test_environment_yml_matches_pyproject():
    conda, pip = _environment_requirements()
    expected = _pyproject_requirements()
    python = conda.pop("python")
    conda.pop("pip")
    requires_python = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert python == requires_python
    assert conda == expected, "environment.yml and pyproject.toml list different dependencies or versions"
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert pip == [f"-e .[{','.join(extras)}]"]


def test_runtime_dependencies_are_only_numpy_matplotlib_ipywidgets():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert sorted(_requirement(r)[0] for r in data["dependencies"]) == ["ipywidgets", "matplotlib", "numpy"]


def test_import_is_fast_and_lean():
    """``import learnmetrics`` loads NumPy and nothing heavy, in under 0.2 s.

    Measured with bytecode caching on (a first run compiles): where
    PYTHONDONTWRITEBYTECODE is set, every import recompiles every module and the
    time says more about the compiler than about the package."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    code = (
        "import sys, time; t = time.perf_counter(); import learnmetrics; dt = time.perf_counter() - t; "
        "print(dt); print(','.join(m for m in ('scipy', 'sklearn', 'matplotlib', 'ipywidgets') if m in sys.modules))"
    )

    def run():
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env=env).stdout.split("\n")

    loaded = run()[1]  # also writes the bytecode caches
    assert loaded == "", f"import learnmetrics pulled in {loaded}"
    best = min(float(run()[0]) for _ in range(5))
    assert best < 0.2, f"import learnmetrics took {best:.3f} s"
