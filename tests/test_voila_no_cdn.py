"""Voilà's pages ask no CDN for Font Awesome's CSS (tools/voila_app.py drops the links, issue 38)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("voila")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import voila_app  # noqa: E402

PAGE = (b'<head>\n  <link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/'
        b'all.min.css" type="text/css" />\n  <link rel="stylesheet" href="static/voila.css" />\n</head>')


def test_the_cdn_links_are_dropped_and_the_rest_kept():
    t = voila_app.NoCdnCss.__new__(voila_app.NoCdnCss)
    out = t.transform_chunk(PAGE, False)
    assert b"cdn.jsdelivr" not in out and b"static/voila.css" in out
    status, headers, first = t.transform_first_chunk(200, {"Content-Length": str(len(PAGE))}, PAGE, True)
    assert b"cdn.jsdelivr" not in first and headers["Content-Length"] == str(len(first))
