"""`make test` on a machine with only Python and make (what the README promises, issue 38):
collecting every test module and notebook needs no other tool, and the tests that do need
one (Node.js for the in-page exercise checker, Chromium for the browser tests) skip with a
reason naming it instead of failing.  Both run pytest in a subprocess whose PATH holds only
this Python and make."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
#: words in a test module that mean it reaches for a tool outside Python and make
TOOL_WORDS = re.compile(r"""["'](node|nodejs|npx|npm|chromium|chromium-browser|google-chrome)["']|playwright""")


def _python_and_make_only(tmp_path) -> dict:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    os.symlink(sys.executable, bin_dir / "python")
    os.symlink(sys.executable, bin_dir / "python3")
    make = shutil.which("make")
    if make:
        os.symlink(make, bin_dir / "make")
    env = {k: v for k, v in os.environ.items() if k not in ("PATH", "NODE", "CHROMIUM", "PLAYWRIGHT_BROWSERS_PATH")}
    env["PATH"] = str(bin_dir)
    env["PLAYWRIGHT_BROWSERS_PATH"] = str(tmp_path / "no-browsers")
    return env


def _pytest(args, env, timeout=240):
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def tool_modules():
    """Test modules that mention a tool, and every test module of a folder whose helpers
    (conftest.py, servers) do."""
    found = set()
    for p in TESTS.rglob("*.py"):
        if p.name == Path(__file__).name or not TOOL_WORDS.search(p.read_text(encoding="utf-8")):
            continue
        found.update([p] if p.name.startswith("test_") else p.parent.glob("test_*.py"))
    return sorted(found)


def test_collection_needs_only_python_and_make(tmp_path):
    """The modules that reach for a tool (found by the audit below; the others name none) are
    collected with only Python and make on PATH (collecting all of tests/ says the same, in minutes)."""
    mods = [str(p.relative_to(ROOT)) for p in tool_modules()]
    out = _pytest(["--collect-only", "-q", *mods], _python_and_make_only(tmp_path))
    assert out.returncode == 0, f"collecting tests/ with only Python and make on PATH failed:\n{out.stdout[-3000:]}\n{out.stderr[-2000:]}"
    assert re.search(r"\d+ tests? collected", out.stdout), out.stdout[-1000:]


def test_the_tool_audit_finds_the_modules_that_need_node_or_chromium():
    names = {p.name for p in tool_modules()}
    assert "test_exercise_checker_js.py" in names  # the audit sees the Node.js checker ...
    assert any(n.startswith("test_browser_") for n in names)  # ... and the Chromium tests


def test_tests_needing_node_or_chromium_skip_with_a_reason():
    """Static audit (running the browser tests here would take minutes): every module that
    reaches for Node.js or Chromium, or its folder's conftest.py, skips with a reason when the
    tool is missing, and none calls pytest.fail for a missing tool."""
    for p in tool_modules():
        text = p.read_text(encoding="utf-8")
        conftest = p.parent / "conftest.py"
        guard = text + (conftest.read_text(encoding="utf-8") if conftest.exists() else "")
        assert re.search(r"pytest\.skip\(|skipif\(|importorskip\(|mark\.skip\(reason=", guard), f"{p.name} needs a tool but never skips"
        for call in re.findall(r"pytest\.fail\(([^)]*)\)", text):
            assert not re.search(r"node|chrom|needed|install", call, re.I), (
                f"{p.name} fails where a tool is missing ({call.strip()[:80]}): skip with the reason instead")
