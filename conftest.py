"""Shared pytest set-up for the unit tests and for nbval.

The test process draws off-screen. (Not MPLBACKEND=Agg in the environment:
that would leak into the notebook kernels and break their inline backend.)

nbval's kernels inherit this process's environment: they get the one
tools/refresh_notebooks.py gives the kernels that stored the outputs
(KERNEL_ENV: a fixed PYTHONHASHSEED, numerical libraries on one thread), so
the comparison runs under the conditions the outputs were made in. Set before
NumPy is imported, so this process uses one BLAS thread too. The explorers the
unit tests build draw only the frames they show ("lazy"); the kernels draw all
of them ahead ("sync"), like the kernels that stored the outputs.
"""
import importlib.util
import os
from pathlib import Path

# the one definition lives in tools/refresh_notebooks.py (nbformat and nbclient only, no NumPy)
_spec = importlib.util.spec_from_file_location(
    "_refresh_notebooks", Path(__file__).resolve().parent / "tools" / "refresh_notebooks.py")
_refresh = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_refresh)
KERNEL_ENV = _refresh.KERNEL_ENV
os.environ.update(KERNEL_ENV)

import matplotlib  # noqa: E402

matplotlib.use("Agg")

# The unit tests' explorers draw only the frames they show (the kernels nbval starts draw
# every frame ahead: KERNEL_ENV). tests/test_widgets_instant.py tests drawing ahead itself.
from learnmetrics.widgets import _base as _explorer_base  # noqa: E402

_explorer_base.MODE = "lazy"


import pytest  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def _close_widgets_after_each_module():
    """After each test module: close every widget and figure it left open. ipywidgets keeps
    every widget it made in a registry until it is closed, and each live explorer answers
    every ``set_language``: left open, hundreds of explorers from earlier modules were
    rewriting their read-outs at each language switch of a later test (15 minutes in CI)."""
    yield
    import gc

    import ipywidgets
    import matplotlib.pyplot as plt

    ipywidgets.Widget.close_all()
    plt.close("all")
    gc.collect()


def _is_browser(item) -> bool:
    return Path(str(item.fspath)).resolve().parent.name == "browser"


def pytest_collection_modifyitems(config, items):
    """The browser tests (tests/browser) run last, on one process or on several (pytest-xdist,
    ``-n``: ``make test`` does; see ``pytest_xdist_make_scheduler``). Playwright's sync API marks
    an asyncio loop as running in the test thread from the first browser test until the session
    ends: a unit test after them would see a "live kernel" and its explorer would defer its
    drawing to a loop that never turns (this failed CI twice)."""
    browser = [i for i in items if _is_browser(i)]
    # the notebooks (the largest units of work after the browser tests) before the unit tests, so
    # that several processes finish together
    notebooks = [i for i in items if str(i.fspath).endswith(".ipynb")]
    rest = [i for i in items if not _is_browser(i) and not str(i.fspath).endswith(".ipynb")]
    items[:] = notebooks + rest + browser
    _fewer_seeds(config, items)


#: ``LEARNMETRICS_SEEDS=N``: a test parametrized over ``seed`` runs its first N seeds only
#: (``.ci/run``'s second Python: every seed runs under the first, in ``make test``)
SEEDS_ENV = "LEARNMETRICS_SEEDS"


def _fewer_seeds(config, items):
    cap = os.environ.get(SEEDS_ENV, "").strip()
    if not cap:
        return
    if not cap.isdigit():
        raise pytest.UsageError(f"{SEEDS_ENV} must be a whole number of seeds, got {cap!r}")
    cap = int(cap)

    def dropped(item) -> bool:
        seed = getattr(getattr(item, "callspec", None), "params", {}).get("seed")
        return isinstance(seed, int) and not isinstance(seed, bool) and seed >= cap

    drop = [i for i in items if dropped(i)]
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = [i for i in items if not dropped(i)]


#: the browser test files that need JupyterLab: the second browser unit of work (see below)
BROWSER_LAB_FILES = {"test_browser_explorers.py", "test_browser_lab_layout.py", "test_browser_exercises.py"}


@pytest.hookimpl(optionalhook=True)  # `-p no:xdist` (or no xdist installed) would reject an unknown hook
def pytest_xdist_make_scheduler(config, log):
    """The units of work on several processes: each test file is one unit, run on one process in
    order (a notebook's cells share one kernel; a module's fixtures are built once), and the
    browser tests are two units: the files that open JupyterLab (``BROWSER_LAB_FILES``) and the
    others (the static site and Voila), each with its own Chromium and servers. Units are handed
    out in the order collected, so the browser units come last and no other test runs after them
    on their processes; two processes share the browser tests at the end (as one unit they ran
    alone for ~9 of CI's 22 minutes). (pytest-xdist's own ``--dist loadgroup`` cannot do this under pytest 9.2: it
    renames ``item._nodeid``, which pytest no longer reads.)"""
    from xdist.scheduler import LoadScopeScheduling

    class FileScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if path.startswith("tests/browser/"):
                return "tests/browser:lab" if Path(path).name in BROWSER_LAB_FILES else "tests/browser"
            return path

    config.option.loadscopereorder = False
    return FileScheduling(config, log)
