"""The set-up files agree with each other, and the package imports lean."""
import glob
import os
import re
import shutil
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
    """Every requirement of pyproject.toml, one entry per package: a package listed in several
    groups (numpy at run time and, pinned tighter, for the tests) gets every group's clauses,
    in order, without repeats -- the one line environment.yml must give it."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = list(data["dependencies"])
    for name, extra in data["optional-dependencies"].items():
        if name != "bench":  # benchmark-only (ranx): not in environment.yml, not installed by make
            reqs += extra
    clauses: dict[str, list[str]] = {}
    for r in reqs:
        name, spec = _requirement(r)
        merged = clauses.setdefault(name, [])
        merged += [c for c in spec.split(",") if c and c not in merged]
    return {name: ",".join(c) for name, c in clauses.items()}


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
    extras = [e for e in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
              if e != "bench"]
    assert pip == [f"-e .[{','.join(extras)}]"]


def test_runtime_dependencies_are_only_numpy_matplotlib_ipywidgets():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert sorted(_requirement(r)[0] for r in data["dependencies"]) == ["anywidget", "ipywidgets", "matplotlib", "numpy"]


def test_import_is_lean():
    """``import learnmetrics`` loads NumPy and nothing heavy (no SciPy, scikit-learn, matplotlib or
    ipywidgets). How long it takes is measured by ``benchmarks/bench_exercises_import.py`` (NumPy's
    own import and learnmetrics' part apart), not here: a timed test fails on a busy machine (CI
    failed once at 0.221 s against a 0.2 s limit, 0.1 s of it NumPy's)."""
    code = "import sys, learnmetrics; print(','.join(m for m in ('scipy', 'sklearn', 'matplotlib', 'ipywidgets') if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "", f"import learnmetrics pulled in {loaded}"


# -- the supported Pythons ------------------------------------------------------------------------

def _requires_python() -> tuple[int, int]:
    spec = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    m = re.fullmatch(r">=(\d+)\.(\d+)", spec)
    assert m, f"requires-python should read '>=X.Y', got {spec!r}"
    return int(m.group(1)), int(m.group(2))


def test_python_minimum_is_311_everywhere():
    """pyproject.toml, the Makefile's check and the README name the same minimum (3.11:
    Python 3.10 reached its end of life in October 2026; scikit-learn 1.9 needs 3.11)."""
    assert _requires_python() == (3, 11)
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import check_python
    finally:
        sys.path.pop(0)
    assert check_python.required_version() == (3, 11)
    readme = (ROOT / "README.md").read_text()
    assert re.search(r"Python ≥ 3\.11", readme) and re.search(r"(≥|>=) ?3\.10", readme) is None


FAKE_PYTHON = """#!/bin/sh
# A stand-in for an old interpreter: the real one, told it is Python {version}.
exec {real} -c 'import runpy, sys; sys.version_info = ({major}, {minor}, {micro}, "final", 0); \\
sys.executable = "{path}"; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name="__main__")' "$@"
"""


def _fake_python(folder: Path, version: tuple[int, int, int]) -> Path:
    path = folder / f"python{version[0]}.{version[1]}"
    path.write_text(FAKE_PYTHON.format(real=sys.executable, version=".".join(map(str, version)),
                                       major=version[0], minor=version[1], micro=version[2], path=path))
    path.chmod(0o755)
    return path


@pytest.fixture
def project_copy(tmp_path):
    """The Makefile with just what its set-up step reads (no package: nothing may get installed)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    (tmp_path / "tools").mkdir()
    for rel in ("Makefile", "pyproject.toml", "tools/check_python.py"):
        shutil.copy2(ROOT / rel, tmp_path / rel)
    return tmp_path


def clean_make_env() -> dict[str, str]:
    """This environment without what a calling make hands its children (under `make unit
    VENV=.venv-py3.13 PYTHON=...`, MAKEFLAGS would pass those variables on to our make)."""
    return {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}


def _make(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["make", "--no-print-directory", *args], cwd=folder, capture_output=True, text=True,
                          timeout=60, env=clean_make_env())


@pytest.mark.parametrize("target", ["test", "lab", "unit", "refresh", "app"])
def test_make_refuses_an_old_python_before_creating_a_venv(project_copy, target):
    fake = _fake_python(project_copy, (3, 10, 13))
    out = _make(project_copy, target, f"PYTHON={fake}")
    assert out.returncode != 0
    assert not (project_copy / ".venv").exists(), "a virtual environment was created for an unsupported Python"
    assert f"{fake} is Python 3.10.13" in out.stderr, out.stderr
    assert "needs Python >= 3.11" in out.stderr and "make test PYTHON=python3.11" in out.stderr
    assert "pip" not in out.stdout, "make went on to install"


def test_make_refuses_an_existing_venv_made_by_an_old_python(project_copy):
    bin_ = project_copy / ".venv" / "bin"
    bin_.mkdir(parents=True)
    fake = _fake_python(bin_, (3, 10, 13))
    fake.rename(bin_ / "python")
    out = _make(project_copy, "unit")
    assert out.returncode != 0
    assert "is Python 3.10.13" in out.stderr and "make clean-venv && make test PYTHON=python3.11" in out.stderr
    assert not (project_copy / ".venv" / ".installed").exists()


def test_make_names_a_missing_python(project_copy):
    out = _make(project_copy, "unit", "PYTHON=/nonexistent/python3.99")
    assert out.returncode != 0 and "No Python found at PYTHON=/nonexistent/python3.99" in out.stderr
    assert not (project_copy / ".venv").exists()


def test_python_check_accepts_this_python():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "check_python.py")], capture_output=True, text=True)
    assert out.returncode == 0 and out.stderr == ""


def _real_old_python() -> str | None:
    for candidate in ["python3.10", *sorted(glob.glob("/root/.pyenv/versions/3.10*/bin/python3.10"))]:
        found = shutil.which(candidate) if "/" not in candidate else candidate
        if found:
            probe = subprocess.run([found, "-c", "import sys; print(sys.version_info[:2] == (3, 10))"],
                                   capture_output=True, text=True)
            if probe.stdout.strip() == "True":  # a pyenv shim without the version installed says otherwise
                return found
    return None


def test_make_refuses_a_real_python_310(project_copy):
    python = _real_old_python()
    if python is None:
        pytest.skip("no Python 3.10 on this machine")
    out = _make(project_copy, "test", f"PYTHON={python}")
    assert out.returncode != 0 and not (project_copy / ".venv").exists()
    assert re.search(r"is Python 3\.10\.\d+\.", out.stderr), out.stderr


# -- CI's second Python ---------------------------------------------------------------------------

def _other_python():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import other_python
    finally:
        sys.path.pop(0)
    return other_python


def test_ci_picks_the_other_end_of_the_supported_range():
    choose = _other_python().choose
    found = {"/a/3.11.7": (3, 11, 7), "/usr/3.11.2": (3, 11, 2), "/a/3.12.1": (3, 12, 1), "/a/3.13.0": (3, 13, 0)}
    assert choose(found, (3, 11)) == "/a/3.13.0"  # make test ran the oldest: check the newest
    assert choose(found, (3, 13)) == "/a/3.11.7"  # ... otherwise the oldest (its newest micro release)
    assert choose(found, (3, 12)) == "/a/3.11.7"
    assert choose({"/a/3.11.7": (3, 11, 7)}, (3, 11)) is None  # nothing else on the machine
    assert choose({}, (3, 12)) is None


def test_ci_probe_reads_a_real_interpreter():
    other = _other_python()
    version, path = other.probe(sys.executable)
    assert version == tuple(sys.version_info[:3]) and os.path.realpath(sys.executable) == path
    assert other.probe("/nonexistent/python3.99") is None


def test_the_top_level_shows_what_a_practitioner_calls():
    """Issue 15: ``lm.`` shows measures, curves, tests and splits; the explorers' state functions,
    studies, result classes and the toy learner live in their subject modules only."""
    import learnmetrics as lm

    for name in lm.__all__:
        assert not name.endswith(("_state", "_study")), name
        obj = getattr(lm, name)
        if isinstance(obj, type):
            assert name in {"UndefinedMetricWarning", "PlattCalibrator", "IsotonicCalibrator"}, name
    for name in lm.COURSE_ONLY:
        assert not hasattr(lm, name), name
        assert any(name in m.__all__ for m in lm.SUBJECTS), f"{name} is in COURSE_ONLY but in no module"
    # the machinery stays importable from its module
    from learnmetrics.curves import cut_point_state  # noqa: F401
    from learnmetrics.evaluation import holdout_study  # noqa: F401
    from learnmetrics.learners import LogisticRegression  # noqa: F401
    assert not hasattr(lm, "LogisticRegression")
    # every measure docs/api.md's function list names is at the top level
    assert len(lm.__all__) < 139
    assert "cut_point_state" not in dir(lm) and "roc_auc_score" in dir(lm) and "curves" in dir(lm)


def test_the_api_page_lists_every_top_level_name():
    """docs/api.md's "What `lm.` offers" list (linked from the README) names every public
    top-level function, and only those."""
    import re
    from pathlib import Path

    import learnmetrics as lm

    readme = (Path(__file__).resolve().parent.parent / "docs" / "api.md").read_text(encoding="utf-8")
    start = readme.index("What `lm.` offers")
    block = readme[start:readme.index("\nLayout:", start)]
    listed = set(re.findall(r"`([A-Za-z_]\w*)`", block)) - {"lm", "classification", "curves", "cost", "ranking",
                                                          "regression", "uncertainty", "calibration", "splits",
                                                          "evaluation", "compare"}
    public = {n for n in lm.__all__ if not n.startswith("__") and n != "UndefinedMetricWarning"}
    assert public - listed == set(), f"add to the list in docs/api.md: {sorted(public - listed)}"
    assert listed - public == set(), f"not at the top level any more: {sorted(listed - public)}"


def test_the_readme_is_a_first_visit_and_links_the_rest():
    """README.md is for a learner's first visit (issue 30): the two commands, the chapters,
    中文说明, the static site, and links to the pages for everyone else, each of which exists
    and says who it is for."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) < 10_000, "the README grew past a few screens: move the detail to docs/"
    for needed in ("make lab", "make test", "## 中文说明", "## The chapters", "static"):
        assert needed in readme, needed
    commands = re.findall(r"^make \w+", readme, flags=re.M)
    assert set(commands) == {"make lab", "make test"}, f"a fresh machine needs only the two commands: {commands}"
    links = set(re.findall(r"\]\((docs/[\w.-]+\.md|CONTRIBUTING\.md)\)", readme))
    assert {"docs/api.md", "docs/setup.md", "docs/site.md", "docs/testing.md", "docs/performance.md",
            "CONTRIBUTING.md"} <= links
    for link in links:
        page = (ROOT / link).read_text(encoding="utf-8")
        if link.startswith("docs/"):
            assert re.search(r"^\*For [^*]+\*$", page, flags=re.M | re.S), f"{link} does not say who it is for"
    for page in (ROOT / "docs").glob("*.md"):  # relative links inside docs/ resolve
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), f"{page.name} links to {target}, which does not exist"


def test_make_lab_opens_without_the_news_pop_up():
    """Issue 38: JupyterLab's "receive official Jupyter news?" pop-up covered the first notebook.
    `make lab` installs settings overrides that answer it (never fetch news, never check for
    updates: nothing asked of the network), valid for the installed JupyterLab's schema."""
    import json

    makefile = (ROOT / "Makefile").read_text()
    lab = makefile[makefile.index("\nlab:"):makefile.index("\napp:")]
    assert "cp tools/lab_overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json" in lab
    overrides = json.loads((ROOT / "tools" / "lab_overrides.json").read_text())
    notification = overrides["@jupyterlab/apputils-extension:notification"]
    assert notification == {"fetchNews": "false", "checkForUpdates": False}
    schema = Path(sys.prefix) / "share/jupyter/lab/schemas/@jupyterlab/apputils-extension/notification.json"
    if schema.exists():
        props = json.loads(schema.read_text())["properties"]
        assert {"const": "false", "title": "Never"} in props["fetchNews"]["oneOf"]
        assert props["checkForUpdates"]["type"] == "boolean"


def test_a_name_error_in_a_chapter_says_to_run_the_cells_above():
    """Issue 38: running only an explorer's cell in JupyterLab gave `NameError: y_true` and nothing
    else. `make lab` loads learnmetrics._notebook_hints in the course's kernels; the NameError's
    traceback is kept and one line (English and Chinese) says what to do. Other errors unchanged."""
    makefile = (ROOT / "Makefile").read_text()
    lab = makefile[makefile.index("\nlab:"):makefile.index("\napp:")]
    assert "cp tools/ipython_kernel_config.py $(VENV)/etc/ipython/ipython_kernel_config.py" in lab
    assert '"learnmetrics._notebook_hints"' in (ROOT / "tools" / "ipython_kernel_config.py").read_text()
    code = (
        "from IPython.testing.globalipapp import start_ipython\n"
        "ip = start_ipython()\n"
        "ip.run_line_magic('load_ext', 'learnmetrics._notebook_hints')\n"
        "ip.run_cell('print(y_true)')\n"
        "ip.run_cell('1/0')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    out = run.stdout + run.stderr
    assert "NameError" in out and "y_true" in out
    assert out.count("run the cells above first") == 1 and "请先运行上面的单元格" in out
    assert "ZeroDivisionError" in out
