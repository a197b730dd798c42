"""Plotting helpers: each takes a matplotlib ``ax`` and draws one picture of the course.

One module per subject (``learnmetrics.plotting.confusion``, ``.curves`` ...).
Only this package and ``learnmetrics.widgets`` import matplotlib.
"""


def _ensure_matplotlib_fonts() -> None:
    """Make sure matplotlib knows the fonts it ships (STIX and Computer Modern for math,
    DejaVu Sans Display ...).

    matplotlib keeps one font list per user (``~/.cache/matplotlib/fontlist-*.json``) that every
    matplotlib installed on the machine reads and writes. A list written by another install, or by a
    process whose matplotlib was being removed, can name only the system's fonts; then every math
    label warns ``findfont: Font family ['STIXGeneral'] not found`` on stderr (and a notebook under
    nbval fails on the unexpected stderr). Adding this install's own font files when they are
    missing from the list costs a few milliseconds, once, and never writes the shared file."""
    from pathlib import Path

    import matplotlib
    from matplotlib import font_manager

    manager = font_manager.fontManager
    known = {str(Path(f.fname).resolve()) for f in manager.ttflist}
    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    for path in sorted(folder.glob("*.ttf")):
        if str(path.resolve()) not in known:
            try:
                manager.addfont(str(path))
            except Exception:  # an unreadable file: matplotlib would skip it when building its list too
                pass


_ensure_matplotlib_fonts()
