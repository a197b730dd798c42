"""Shared pytest set-up for the unit tests and for nbval.

The test process draws off-screen. (Not MPLBACKEND=Agg in the environment:
that would leak into the notebook kernels and break their inline backend.)
"""
import matplotlib

matplotlib.use("Agg")
