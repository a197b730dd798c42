"""Start and stop the servers the browser tests talk to: JupyterLab and Voilà.

Each server listens on 127.0.0.1, on a free port, behind a random token, with
its Jupyter config/data/runtime directories (and JupyterLab's settings and
workspaces) inside a temporary folder, serving a *copy* of the notebooks.
It runs in its own process group; :meth:`Server.stop` ends that group and
every process the server started (kernels run in process groups of their
own), by PID, even when a test failed.
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

# JupyterLab user settings: no news pop-up or update check, no extension manager
# (it would query PyPI), start the kernel without asking, keep every cell in the DOM.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "autoStartDefaultKernel": True, "windowingMode": "none"},
    "@jupyterlab/extensionmanager-extension/plugin.jupyterlab-settings": {"enabled": False},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
}


CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]


def chromium_path() -> str | None:
    """$LEARNMETRICS_CHROMIUM if set (and only it), else /usr/bin/chromium, else chromium on PATH."""
    chosen = os.environ.get("LEARNMETRICS_CHROMIUM")
    if chosen:
        return chosen if os.access(chosen, os.X_OK) else None
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    return shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def copy_notebooks(dest: Path, source: Path = NOTEBOOKS) -> Path:
    """Copy ``source/*.ipynb`` into ``dest`` (the servers never see the repository's files)."""
    dest.mkdir(parents=True, exist_ok=True)
    for nb in sorted(source.glob("*.ipynb")):
        shutil.copy2(nb, dest / nb.name)
    return dest


def _isolated_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    for key in ("MPLBACKEND", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "JUPYTER_TOKEN"):
        env.pop(key, None)
    dirs = {
        "JUPYTER_CONFIG_DIR": home / "config",
        "JUPYTER_DATA_DIR": home / "data",
        "JUPYTER_RUNTIME_DIR": home / "runtime",
        "IPYTHONDIR": home / "ipython",
        "JUPYTERLAB_SETTINGS_DIR": home / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": home / "lab-workspaces",
    }
    for key, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        env[key] = str(path)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYTHONUNBUFFERED"] = "1"
    return env


class Server:
    """One server process (and its process group) on 127.0.0.1:``port``."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], cwd: Path, log: Path,
                 port: int, token: str, ready_path: str):
        self.name, self.argv, self.env, self.cwd, self.log = name, argv, env, cwd, log
        self.port, self.token, self.ready_path = port, token, ready_path
        self.base_url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen | None = None
        self._log_file = None

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base_url}{path}{sep}token={self.token}"

    def start(self, timeout: float = 90.0) -> "Server":
        self._log_file = open(self.log, "wb")
        self.proc = subprocess.Popen(self.argv, env=self.env, cwd=self.cwd, stdout=self._log_file,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited with code {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url(self.ready_path), timeout=5) as r:
                    if r.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"{self.name} did not answer within {timeout:.0f} s:\n{self.log_tail()}")

    def api(self, method: str, path: str):
        req = urllib.request.Request(self.url(path), method=method)
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    def _descendants(self) -> list[int]:
        import psutil

        try:
            return [p.pid for p in psutil.Process(self.proc.pid).children(recursive=True)]
        except psutil.Error:
            return []

    def kernel_pids(self) -> list[int]:
        """The PIDs of the kernels this server started that are still running (ipykernel processes)."""
        import psutil

        pids = []
        for pid in self._descendants():
            try:
                if "ipykernel" in " ".join(psutil.Process(pid).cmdline()) and _alive(pid):
                    pids.append(pid)
            except psutil.Error:
                pass
        return pids

    def stop(self, grace: float = 10.0) -> None:
        """End the server's process group, then any process it started that is still alive."""
        if self.proc is None:
            return
        pids = self._descendants()  # kernels live in process groups of their own
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)  # start_new_session: pgid == pid
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(grace)
            except subprocess.TimeoutExpired:
                pass
        _kill_all(pids, grace=3.0)
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(5)
        if self._log_file:
            self._log_file.close()
        self.proc = None


def wait_quiet(pids: list[int], *, cpu: float = 0.05, window: float = 1.0, timeout: float = 120.0) -> float:
    """Wait until the processes ``pids`` together use less than ``cpu`` of one core over ``window``
    seconds (e.g. a kernel that finished drawing an explorer's frames ahead); returns the seconds
    waited. Raises ``TimeoutError`` after ``timeout`` seconds."""
    import psutil

    procs = [psutil.Process(p) for p in pids]
    t0 = time.monotonic()

    def used() -> float:
        total = 0.0
        for pr in procs:
            try:
                t = pr.cpu_times()
                total += t.user + t.system
            except psutil.Error:
                pass
        return total

    while True:
        before = used()
        time.sleep(window)
        if used() - before < cpu * window:
            return time.monotonic() - t0
        if time.monotonic() - t0 > timeout:
            raise TimeoutError(f"processes {pids} still busy after {timeout:.0f} s")


class paused:
    """``with paused(pids):`` the processes are stopped (SIGSTOP) inside the block and continued
    (SIGCONT) when it ends, even on failure: a kernel that cannot answer anything."""

    def __init__(self, pids: list[int]):
        self.pids = list(pids)

    def __enter__(self):
        for pid in self.pids:
            os.kill(pid, signal.SIGSTOP)
        return self

    def __exit__(self, *exc):
        for pid in self.pids:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        return False


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _kill_all(pids: list[int], grace: float) -> None:
    """SIGTERM, then SIGKILL, each of ``pids`` (and the process group it leads, if any)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        alive = [p for p in pids if _alive(p)]
        if not alive:
            return
        for pid in alive:
            try:
                if os.getpgid(pid) == pid:
                    os.killpg(pid, sig)
                else:
                    os.kill(pid, sig)
            except (ProcessLookupError, PermissionError):
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(_alive(p) for p in alive):
            time.sleep(0.1)


def _root_flags(app: str) -> list[str]:
    return [f"--{app}.allow_root=True"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


def start_lab(home: Path, notebook_dir: Path, *, settings_extra: dict | None = None,
              kernel_env: dict[str, str | None] | None = None) -> Server:
    """JupyterLab serving ``notebook_dir``; ``window.jupyterapp`` is exposed to the page.
    ``settings_extra`` ({settings file: {key: value}}) is merged into :data:`LAB_SETTINGS`
    (e.g. the benchmark turns on the notebook's ``recordTiming``). ``kernel_env`` changes the
    environment the server and its kernels get (a value ``None`` removes the variable; e.g.
    ``{"LEARNMETRICS_DRAW_AHEAD": None}``: the kernels draw ahead as in ``make lab``)."""
    env = _isolated_env(home)
    for key, value in (kernel_env or {}).items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    settings = Path(env["JUPYTERLAB_SETTINGS_DIR"])
    merged = {rel: dict(value) for rel, value in LAB_SETTINGS.items()}
    for rel, value in (settings_extra or {}).items():
        merged.setdefault(rel, {}).update(value)
    for rel, value in merged.items():
        path = settings / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    port, token = free_port(), secrets.token_hex(24)
    argv = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={notebook_dir}",
        "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=",
        f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={env['JUPYTERLAB_WORKSPACES_DIR']}",
        "--ServerApp.shutdown_no_activity_timeout=1800",  # a safety net if a test run is killed
        "--MappingKernelManager.cull_idle_timeout=0",
        *_root_flags("ServerApp"),
    ]
    return Server("JupyterLab", argv, env, notebook_dir, home / "lab.log", port, token, "/api/status").start()


VOILA_APP = ROOT / "tools" / "voila_app.py"


def voila_argv(notebook_dir: Path, port: int, extra: list[str] = ()) -> list[str]:
    """The Voilà command: the same as ``make app`` (``tools/voila_app.py``: sources stripped,
    127.0.0.1 only, a request whose Host header is not this machine refused with 403)."""
    return [
        sys.executable, str(VOILA_APP), str(notebook_dir), "--no-browser", "--strip_sources=True",
        "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0", *extra,
    ]


def start_voila(home: Path, notebook_dir: Path) -> Server:
    env = _isolated_env(home)
    port, token = free_port(), secrets.token_hex(24)
    # as ``make app`` does: the token in the environment (tools/voila_app.py takes it from there
    # and removes it before any kernel starts), never on a command line other users can read
    env["LEARNMETRICS_APP_TOKEN"] = token
    argv = voila_argv(notebook_dir, port, ["--show_tracebacks=True"])
    return Server("Voila", argv, env, notebook_dir, home / "voila.log", port, token, "/").start()
