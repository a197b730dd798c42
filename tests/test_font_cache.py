"""A font list written by another matplotlib must not make the course's figures warn.

matplotlib keeps one font list per user that every matplotlib on the machine shares. CI failed once
on a list naming only the system's fonts (written while another install's files were being
removed): every figure with a math label wrote ``findfont: Font family ['STIXGeneral'] not found``
on stderr, and nbval failed 8 notebooks on the unexpected stderr."""
from __future__ import annotations

import json
import os
import subprocess
import sys


def test_a_font_list_without_matplotlibs_own_fonts_draws_without_warnings(tmp_path):
    build = subprocess.run(
        [sys.executable, "-c",
         "import json, matplotlib; from matplotlib import font_manager as fm; "
         "m = fm.fontManager; "
         "print(json.dumps({'version': m._version, 'file': fm._get_font_cache_path() if hasattr(fm, '_get_font_cache_path') else ''}))"],
        capture_output=True, text=True, check=True, env={**os.environ, "MPLCONFIGDIR": str(tmp_path)})
    info = json.loads(build.stdout)
    # keep only fonts outside matplotlib's own folder, as the broken list did
    cache = next(tmp_path.glob("fontlist-*.json"))
    data = json.loads(cache.read_text())
    # (matplotlib stores its own files relative to its data folder, other fonts with absolute paths)
    data["ttflist"] = [f for f in data["ttflist"] if os.path.isabs(f["fname"]) and "mpl-data" not in f["fname"]]
    cache.write_text(json.dumps(data))
    assert info["version"]
    code = (
        "import matplotlib; matplotlib.use('Agg'); import learnmetrics.plotting; "
        "import matplotlib.pyplot as plt; fig, ax = plt.subplots(); "
        "ax.set_title(r'$\\hat{p}\\,\\pm\\,z_{\\alpha/2}\\sqrt{p(1-p)/n}$'); ax.set_xlabel(r'$\\mathcal{L}$'); "
        "fig.canvas.draw()"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "MPLCONFIGDIR": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    assert "findfont" not in run.stderr, run.stderr
    # and the shared list is left as it was found: the course never rewrites it
    assert json.loads(cache.read_text())["ttflist"] == data["ttflist"]
