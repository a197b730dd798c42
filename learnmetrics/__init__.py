"""learnmetrics: how machine-learning models are evaluated, step by step.

The package behind the course's notebooks. One module per subject holds the
pure computations (NumPy only); plotting lives in ``learnmetrics.plotting``
and the interactive explorers in ``learnmetrics.widgets``, which are imported
only when asked for, so ``import learnmetrics`` stays fast.

Functions that share a name with one in ``sklearn.metrics`` take the same
arguments and return the same values; where the book (Zhou Zhihua, *Machine
Learning*, chapter 2) defines a measure differently, that form has its own
name (``macro_micro``, ``rank_loss`` ...).

Every public function checks its arguments before doing any work and names
the argument it refuses (``TypeError`` for a wrong type, ``ValueError`` for a
wrong value): flags must be real booleans, counts integers, probabilities in
[0, 1], scores real and finite; labels are one kind (strings, or numbers,
booleans counting as numbers) and never mixed; integer labels and weights are
counted exactly; sizes are checked before anything is allocated. The shared
checks live in ``learnmetrics._validation``.
"""
from . import (bias_variance, calibration, classification, compare, cost, curves, datasets, evaluation, learners, ranking,
               regression, splits, uncertainty)
from ._validation import UndefinedMetricWarning
from .learners import LogisticRegression
from .classification import *  # noqa: F401,F403
from .curves import *  # noqa: F401,F403
from .cost import *  # noqa: F401,F403
from .ranking import *  # noqa: F401,F403
from .splits import *  # noqa: F401,F403
from .evaluation import *  # noqa: F401,F403
from .regression import *  # noqa: F401,F403
from .compare import *  # noqa: F401,F403
from .bias_variance import *  # noqa: F401,F403
from .uncertainty import *  # noqa: F401,F403
from .calibration import *  # noqa: F401,F403

__version__ = "0.1.0"

__all__ = ["UndefinedMetricWarning", "LogisticRegression", "__version__"]
for _m in (classification, curves, cost, ranking, splits, evaluation, regression, compare, bias_variance, uncertainty,
           calibration):
    __all__ += list(_m.__all__)
del _m
