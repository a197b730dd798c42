"""An IPython extension for the course's kernels: a NameError says which cells to run.

A learner who opens a chapter and runs only an explorer's cell gets ``NameError: name 'y_true'
is not defined`` and nothing saying why: the names come from the cells above. ``make lab``
loads this extension in the course's kernels (``.venv/etc/ipython/ipython_kernel_config.py``);
it adds one line after the usual traceback, in English and Chinese, and changes nothing else.
Load it by hand with ``%load_ext learnmetrics._notebook_hints``.
"""
from __future__ import annotations

import sys

HINT = ("This cell uses a name made by a cell above it: run the cells above first "
        "(Run > Run All Above Selected Cell, or Run > Run All Cells).\n"
        "这个单元格用到了上面单元格定义的名字：请先运行上面的单元格"
        "（Run > Run All Above Selected Cell，或 Run > Run All Cells）。")


def _name_error(shell, etype, evalue, tb, tb_offset=None):
    shell.showtraceback((etype, evalue, tb), tb_offset=tb_offset)
    print(HINT, file=sys.stderr)


def load_ipython_extension(ip) -> None:
    ip.set_custom_exc((NameError,), _name_error)


def unload_ipython_extension(ip) -> None:
    ip.set_custom_exc((), None)
