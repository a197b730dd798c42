"""Voilà for ``make app``, refusing requests whose Host header does not name this machine.

    LEARNMETRICS_APP_TOKEN=TOKEN python tools/voila_app.py notebooks --strip_sources=True \\
        --Voila.ip=127.0.0.1 --port=8866 [more Voilà options]

The arguments are Voilà's own. The token comes from the environment variable
``LEARNMETRICS_APP_TOKEN`` (removed from the environment before any kernel
starts), never from the command line: a command line is readable by every
user of the machine (``ps``, ``/proc/PID/cmdline``), a process's environment
only by its owner. With the variable set, a ``--token``/``--Voila.token``
argument is refused rather than silently replacing it (``--Voila.token=...``
still works without the variable). The other difference from ``voila``: Voilà's
stand-alone server sets ``allow_remote_access=True`` in its Tornado settings,
so it answers any ``Host`` header, which lets a web page the learner visits
reach the server through DNS rebinding (a name that resolves to 127.0.0.1).
JupyterLab refuses such requests (``ServerApp.allow_remote_access=False``,
its default); this server does the same: a request is served only when its
Host is a loopback address or one of ``local_hostnames`` (``localhost``),
and gets 403 otherwise. The browser tests start Voilà through this file too
(``tests/browser/browser_servers.py``), and ``tests/test_make_app.py``
checks the refusal.

A chapter renders progressively (``VoilaConfiguration.progressive_rendering``,
unless the command line sets it): the page, with every markdown cell, comes at
once and each output appears as its cell runs, instead of a blank page with an
"Executing N of 79" spinner until the whole notebook has run (chapter 02 at a
load average of 6-7: its heading after 4.7 s instead of 21 s, its first explorer
after 8.8 s instead of 22 s). Voilà allows it only without ``preheat_kernel``.
"""
from __future__ import annotations

import os
import re
import sys

import tornado.web
from voila.app import Voila

#: the environment variable ``make app`` passes its fresh token in
TOKEN_ENV = "LEARNMETRICS_APP_TOKEN"

#: the Tornado settings that make jupyter_server's handlers check the Host header
LOCAL_ONLY = {"allow_remote_access": False, "local_hostnames": ["localhost"]}


#: Voilà's lab template links Font Awesome's CSS from a CDN: the page would ask the internet for it
_CDN_CSS = re.compile(rb'<link[^>]*href="https://cdn\.jsdelivr\.net/npm/@fortawesome/[^"]*"[^>]*>\s*')


class NoCdnCss(tornado.web.OutputTransform):
    """Drops the links to Font Awesome's CSS on a CDN from Voilà's pages, so that nothing leaves the
    machine (the explorers' buttons say what they do in words; their icons are not drawn)."""

    def transform_first_chunk(self, status_code, headers, chunk, finishing):
        if b"@fortawesome" in chunk and ("Content-Length" not in headers or finishing):
            chunk = _CDN_CSS.sub(b"", chunk)
            if "Content-Length" in headers:
                headers["Content-Length"] = str(len(chunk))
        return status_code, headers, chunk

    def transform_chunk(self, chunk, finishing):
        return _CDN_CSS.sub(b"", chunk) if b"@fortawesome" in chunk else chunk


class LocalVoila(Voila):
    """Voilà whose handlers refuse a Host header that is not this machine, and whose pages ask no
    CDN for anything (:class:`NoCdnCss`)."""

    def init_handlers(self):
        self.app.add_transform(NoCdnCss)
        return super().init_handlers()

    def init_settings(self):
        settings = super().init_settings()
        settings.update(LOCAL_ONLY)
        return settings

    def start(self):
        # Voilà applies its configurable ``tornado_settings`` after init_settings: keep ours last
        self.tornado_settings = {**self.tornado_settings, **LOCAL_ONLY}
        super().start()


def token_from_environment(argv: list[str]) -> dict:
    """``{"token": ...}`` taken (and removed) from ``$LEARNMETRICS_APP_TOKEN``, or ``{}`` when it is unset.

    With the variable set, a token on the command line is refused: it would replace the
    fresh one and be readable by every user in the process list."""
    token = os.environ.pop(TOKEN_ENV, None)
    if token is None:
        return {}
    if not token.strip():
        raise SystemExit(f"{TOKEN_ENV} is set but empty; the app needs a token (unset it to pass --Voila.token)")
    clash = [a for a in argv if a.split("=", 1)[0] in ("--token", "--Voila.token")]
    if clash:
        raise SystemExit(f"{TOKEN_ENV} gives the token; remove {clash[0].split('=', 1)[0]} from the arguments "
                         "(a token on the command line is visible to every user in the process list)")
    return {"token": token.strip()}


#: shown while it runs: a chapter's text first, each output as its cell runs (see the module docstring)
PROGRESSIVE = "--VoilaConfiguration.progressive_rendering=True"


def with_defaults(argv: list[str]) -> list[str]:
    """``argv`` with progressive rendering on, unless it already says (or asks for a preheated kernel,
    which Voilà does not allow with it)."""
    said = any(a.split("=", 1)[0].lstrip("-") in ("progressive_rendering", "VoilaConfiguration.progressive_rendering",
                                                   "preheat_kernel", "VoilaConfiguration.preheat_kernel")
               for a in argv)
    return argv if said else [*argv, PROGRESSIVE]


def main(argv=None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    token = token_from_environment(argv)
    LocalVoila.launch_instance(with_defaults(argv), **token)


if __name__ == "__main__":
    main(sys.argv[1:])
