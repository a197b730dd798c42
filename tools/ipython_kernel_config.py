# Installed by `make lab` into .venv/etc/ipython/: the course's kernels load one extension, which
# adds a line to a NameError saying to run the cells above (learnmetrics/_notebook_hints.py).
c.InteractiveShellApp.extensions = ["learnmetrics._notebook_hints"]  # noqa: F821
