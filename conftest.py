"""Shared pytest set-up for the unit tests and for nbval.

The test process draws off-screen. (Not MPLBACKEND=Agg in the environment:
that would leak into the notebook kernels and break their inline backend.)

nbval's kernels inherit this process's environment: they get the one
tools/refresh_notebooks.py gives the kernels that stored the outputs
(KERNEL_ENV: a fixed PYTHONHASHSEED, numerical libraries on one thread), so
the comparison runs under the conditions the outputs were made in. Set before
NumPy is imported, so this process uses one BLAS thread too.
"""
import os

KERNEL_ENV = {
    "PYTHONHASHSEED": "0",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "VECLIB_MAXIMUM_THREADS": "1",
    "NUMEXPR_NUM_THREADS": "1",
}
os.environ.update(KERNEL_ENV)

import matplotlib  # noqa: E402

matplotlib.use("Agg")
