"""`make app`: a fresh token that APP_ARGS cannot replace and no other user can read, and no answer
to a foreign Host header.

Voilà's stand-alone server answers any Host header (it sets Tornado's
``allow_remote_access=True``); ``make app`` starts it through
``tools/voila_app.py``, which refuses, as JupyterLab does, a request whose
Host is not this machine (a DNS-rebinding page would send its own name).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))


def _make_dry_run(*args: str) -> str:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    # -o: treat the venv's install stamp as up to date, so nothing is installed or created
    # without the MAKEFLAGS of a calling make (`make unit VENV=...` would hand its variables on)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
    out = subprocess.run(["make", "-n", "-o", ".venv/.installed", "app", *args], cwd=ROOT,
                         capture_output=True, text=True, check=True, env=env)
    return out.stdout


def test_make_app_generates_its_own_token_and_passes_app_args_apart():
    text = _make_dry_run("APP_ARGS=notebooks/02_confusion_matrix.ipynb --theme=dark")
    assert "secrets.token_urlsafe" in text
    # the token travels in the environment (readable by its owner only), never on Voilà's command line
    assert "export LEARNMETRICS_APP_TOKEN" in text
    voila_line = text[text.index("tools/voila_app.py"):]
    assert "token" not in voila_line.lower(), voila_line
    assert re.search(r"--port=8866\s+notebooks/02_confusion_matrix\.ipynb --theme=dark", text), text
    assert "--Voila.ip=127.0.0.1" in text and "--strip_sources=True" in text
    assert re.search(r"http://127\.0\.0\.1:8866/\?token=\$LEARNMETRICS_APP_TOKEN", text), \
        "the address is printed with its token"


def test_voila_app_takes_the_token_from_the_environment_and_refuses_one_on_the_command_line(monkeypatch):
    pytest.importorskip("voila")
    sys.path.insert(0, str(ROOT / "tools"))
    import voila_app

    monkeypatch.setenv(voila_app.TOKEN_ENV, "s3cret")
    assert voila_app.token_from_environment(["notebooks", "--port=1"]) == {"token": "s3cret"}
    assert voila_app.TOKEN_ENV not in os.environ, "removed before any kernel inherits it"
    for arg in ("--Voila.token=x", "--token=x"):
        monkeypatch.setenv(voila_app.TOKEN_ENV, "s3cret")
        with pytest.raises(SystemExit, match="process list"):
            voila_app.token_from_environment(["notebooks", arg])
    monkeypatch.setenv(voila_app.TOKEN_ENV, " ")
    with pytest.raises(SystemExit, match="empty"):
        voila_app.token_from_environment([])
    monkeypatch.delenv(voila_app.TOKEN_ENV, raising=False)
    assert voila_app.token_from_environment(["--Voila.token=x"]) == {}


def test_make_app_keeps_the_token_out_of_every_command_line(tmp_path):
    """`make app` itself: the token it prints opens the app, and no process shows it in its argv."""
    pytest.importorskip("voila")
    psutil = pytest.importorskip("psutil")
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    from browser_servers import _isolated_env, _kill_all, free_port

    env = _isolated_env(tmp_path / "home")
    for key in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"):
        env.pop(key, None)
    port = free_port()
    out = tmp_path / "make.out"
    with open(out, "wb") as log:
        proc = subprocess.Popen(["make", "-o", ".venv/.installed", "app", f"APP_PORT={port}",
                                 "APP_ARGS=--no-browser --Voila.port_retries=0"], cwd=ROOT, env=env,
                                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    try:
        import time

        deadline, token, status = time.monotonic() + 90, None, None
        while time.monotonic() < deadline and status != 200:
            assert proc.poll() is None, out.read_text()
            m = re.search(r"\?token=(\S+)", out.read_text())
            if m:
                token = m.group(1)
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/?token={token}", timeout=5) as r:
                        status = r.status
                except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                    pass
            time.sleep(0.25)
        assert status == 200, out.read_text()
        assert len(token) >= 24
        seen = []
        for p in psutil.process_iter(["pid", "cmdline"]):
            if token in " ".join(p.info["cmdline"] or []):
                seen.append(p.info)
        assert not seen, f"the token is readable in the process list: {seen}"
        assert _status_plain(f"http://127.0.0.1:{port}/") in (302, 403), "no token, no app"
    finally:
        pids = [proc.pid] + [c.pid for c in psutil.Process(proc.pid).children(recursive=True)]
        _kill_all(pids, grace=5.0)
        proc.wait(10)


def _status_plain(url: str) -> int:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(url, timeout=20) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def _status(server, path: str, host: str) -> int:
    req = urllib.request.Request(server.url(path), headers={"Host": host})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_voila_app_refuses_foreign_host_headers(tmp_path):
    pytest.importorskip("voila")
    pytest.importorskip("psutil")
    from browser_servers import start_voila

    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    shutil.copy2(ROOT / "notebooks" / "00_start_here.ipynb", notebooks)
    server = start_voila(tmp_path / "home", notebooks)
    try:
        port = server.port
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"):
            assert _status(server, "/", host) == 200, host
        for host in ("evil.example", f"evil.example:{port}", f"localhost.evil.example:{port}", f"10.1.2.3:{port}"):
            assert _status(server, "/", host) == 403, host
            assert _status(server, "/voila/render/00_start_here.ipynb", host) == 403, host
    finally:
        server.stop()


def test_voila_app_renders_progressively_unless_told_otherwise():
    """A chapter's text comes at once and each output as its cell runs (no blank page with an
    'Executing N of 79' spinner); an explicit setting, or a preheated kernel, is left as given."""
    pytest.importorskip("voila")
    sys.path.insert(0, str(ROOT / "tools"))
    import voila_app

    assert voila_app.with_defaults(["notebooks", "--port=1"])[-1] == voila_app.PROGRESSIVE
    for given in ("--VoilaConfiguration.progressive_rendering=False", "--progressive_rendering=False",
                  "--VoilaConfiguration.preheat_kernel=True"):
        assert voila_app.with_defaults(["notebooks", given]) == ["notebooks", given]
    from voila.app import Voila
    assert "progressive_rendering" in Voila.flags or "progressive_rendering" in Voila.aliases
