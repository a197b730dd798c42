"""The course's visual grammar: one colour (and one marker) per meaning, in every chapter.

Every figure and explorer of the course takes its colours from here, never from
matplotlib's default cycle, so that a colour means the same thing in chapter 02
and in chapter 09. The palette is Okabe and Ito's (2008), which stays distinct
for the common forms of colour-blindness; where two things must be told apart
in one figure, a second cue (marker or line style) carries the difference too,
so no reader depends on colour alone. CONTRIBUTING.md lists the same table.

Reserved meanings (these colours are used for nothing else):

=====================  ===========  ======================================
meaning                colour        second cue
=====================  ===========  ======================================
positive example (+)   blue          marker ``o``
negative example (-)   vermillion    marker ``s``
the current cut point  orange        a large dot with a black edge
                                     (``CUT_POINT``); a cut *line* is orange,
                                     solid (``CUT_LINE``)
=====================  ===========  ======================================

Other meanings:

* a single learner's curve: ``CURVE`` (near-black);
* learners compared in one figure: ``LEARNERS[i]`` with ``LEARNER_STYLES[i]``
  (A green solid, B reddish purple dashed, C sky blue dotted, D black dash-dot);
* error terms (chapters 01 and 09): ``BIAS`` green, ``VARIANCE`` reddish purple,
  ``NOISE`` grey dashed, ``TOTAL`` black;
* a true or reference value (true error, population value, the diagonal of a
  random classifier): ``REFERENCE`` grey, dashed;
* an estimate and its spread: ``ESTIMATE`` sky blue;
* training / test examples in a split: ``TRAIN`` light grey, ``TEST`` sky blue;
* a test's rejection region: ``REJECT`` grey, hatched; the observed statistic:
  ``CURVE``;
* an ordered quantity (a cost ratio, a degree, a count in a heat map): the
  ``SEQUENTIAL`` colour map (cividis), never a list of unrelated hues.
"""
from __future__ import annotations

__all__ = [
    "POSITIVE", "NEGATIVE", "POSITIVE_MARKER", "NEGATIVE_MARKER", "CUT", "CUT_POINT", "CUT_LINE",
    "CURVE", "LEARNERS", "LEARNER_STYLES", "learner_style", "BIAS", "VARIANCE", "NOISE", "TOTAL",
    "REFERENCE", "ESTIMATE", "TRAIN", "TEST", "REJECT", "SEQUENTIAL", "class_style",
]

# Okabe-Ito
_BLACK = "#000000"
_ORANGE = "#E69F00"
_SKY = "#56B4E9"
_GREEN = "#009E73"
_YELLOW = "#F0E442"
_BLUE = "#0072B2"
_VERMILLION = "#D55E00"
_PURPLE = "#CC79A7"

POSITIVE = _BLUE
NEGATIVE = _VERMILLION
POSITIVE_MARKER = "o"
NEGATIVE_MARKER = "s"

CUT = _ORANGE
#: keyword arguments for ``ax.plot`` that draw the current cut point on a curve
CUT_POINT = dict(marker="o", ms=11, mfc=_ORANGE, mec=_BLACK, mew=1.5, ls="none", zorder=6)
#: keyword arguments for ``ax.axvline`` / ``ax.axhline`` that draw the current cut as a line
CUT_LINE = dict(color=_ORANGE, lw=2.2, ls="-", zorder=5)

CURVE = "#222222"
LEARNERS = (_GREEN, _PURPLE, _SKY, _BLACK)
LEARNER_STYLES = ("-", "--", ":", "-.")

BIAS = _GREEN
VARIANCE = _PURPLE
NOISE = "#777777"
TOTAL = _BLACK

REFERENCE = "#888888"
ESTIMATE = _SKY
TRAIN = "#D9D9D9"
TEST = _SKY
REJECT = "#999999"
SEQUENTIAL = "cividis"


def learner_style(i: int) -> dict:
    """``color`` and ``ls`` of the i-th learner in a comparison (A = 0, B = 1, ...)."""
    if not isinstance(i, int) or i < 0:
        raise ValueError(f"i must be a non-negative integer, got {i!r}")
    return dict(color=LEARNERS[i % len(LEARNERS)], ls=LEARNER_STYLES[i % len(LEARNER_STYLES)])


def class_style(positive: bool) -> dict:
    """``color`` and ``marker`` of a positive (True) or negative (False) example."""
    return dict(color=POSITIVE if positive else NEGATIVE,
                marker=POSITIVE_MARKER if positive else NEGATIVE_MARKER)
