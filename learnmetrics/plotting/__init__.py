"""Plotting helpers: each takes a matplotlib ``ax`` and draws one picture of the course.

One module per subject (``learnmetrics.plotting.confusion``, ``.curves`` ...).
Only this package and ``learnmetrics.widgets`` import matplotlib.
"""
