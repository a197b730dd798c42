"""Voilà for ``make app``, refusing requests whose Host header does not name this machine.

    python tools/voila_app.py notebooks --strip_sources=True --Voila.ip=127.0.0.1 \\
        --Voila.token=TOKEN --port=8866 [more Voilà options]

The arguments are Voilà's own. The one difference from ``voila``: Voilà's
stand-alone server sets ``allow_remote_access=True`` in its Tornado settings,
so it answers any ``Host`` header, which lets a web page the learner visits
reach the server through DNS rebinding (a name that resolves to 127.0.0.1).
JupyterLab refuses such requests (``ServerApp.allow_remote_access=False``,
its default); this server does the same: a request is served only when its
Host is a loopback address or one of ``local_hostnames`` (``localhost``),
and gets 403 otherwise. The browser tests start Voilà through this file too
(``tests/browser/browser_servers.py``), and ``tests/test_make_app.py``
checks the refusal.
"""
from __future__ import annotations

import sys

from voila.app import Voila

#: the Tornado settings that make jupyter_server's handlers check the Host header
LOCAL_ONLY = {"allow_remote_access": False, "local_hostnames": ["localhost"]}


class LocalVoila(Voila):
    """Voilà whose handlers refuse a Host header that is not this machine."""

    def init_settings(self):
        settings = super().init_settings()
        settings.update(LOCAL_ONLY)
        return settings

    def start(self):
        # Voilà applies its configurable ``tornado_settings`` after init_settings: keep ours last
        self.tornado_settings = {**self.tornado_settings, **LOCAL_ONLY}
        super().start()


def main(argv=None) -> None:
    LocalVoila.launch_instance(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
