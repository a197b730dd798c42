"""`make app`: a fresh token that APP_ARGS cannot replace, and no answer to a foreign Host header.

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
    # the token comes from the generated value only; APP_ARGS follow as ordinary Voilà arguments
    assert re.search(r"--Voila\.token=\$token\s+notebooks/02_confusion_matrix\.ipynb --theme=dark", text), text
    assert "--token " not in text
    assert "--Voila.ip=127.0.0.1" in text and "--strip_sources=True" in text
    assert "tools/voila_app.py" in text
    assert re.search(r"http://127\.0\.0\.1:8866/\?token=\$token", text), "the address is printed with its token"


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
