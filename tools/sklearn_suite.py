"""Run scikit-learn's own metric tests with learnmetrics' functions substituted for the same names.

    .venv/bin/python tools/sklearn_suite.py [test_classification.py test_ranking.py ...] [-- pytest args]

Copies ``sklearn/metrics/tests/test_{classification,ranking,regression,common}.py`` (and
``sklearn/tests/test_calibration.py``) from the installed wheel into a temporary folder whose
``conftest.py`` replaces, in ``sklearn.metrics`` and ``sklearn.calibration``, every public
function that learnmetrics also exports under the same name (``accuracy_score`` ...) before the
test modules import them; then runs pytest there and prints the failures one per line.
Slow (minutes) and not part of ``make test``; issue 28 asks which failures remain: only message
wording, sparse input and documented deliberate differences should. What failed in one run
(learnmetrics as of issue 28, scikit-learn 1.9.1) is summarised at the end of this file.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DEFAULT = ["test_classification.py", "test_ranking.py", "test_regression.py", "test_common.py",
           "test_calibration.py"]

CONFTEST = '''
import pytest
import sklearn.exceptions as _ske
import sklearn.metrics as _skm
import sklearn.calibration as _skc
import learnmetrics as _lm

# the tests check warnings by class. learnmetrics warns with its own UndefinedMetricWarning: give
# it, inside learnmetrics only, a subclass of both, so that scikit-learn's class (the one the tests
# import; scikit-learn's own d2_* scores still raise it) matches the warnings of both libraries
import inspect as _inspect
import sys as _sys

_ORIGINAL = _lm.UndefinedMetricWarning


class UndefinedMetricWarning(_ORIGINAL, _ske.UndefinedMetricWarning):
    pass


for _modname, _module in list(_sys.modules.items()):
    if not (_modname == "learnmetrics" or _modname.startswith("learnmetrics.")) or _module is None:
        continue
    if getattr(_module, "UndefinedMetricWarning", None) is _ORIGINAL:
        _module.UndefinedMetricWarning = UndefinedMetricWarning
    for _obj in list(vars(_module).values()):
        if _inspect.isfunction(_obj) and _obj.__defaults__ and any(d is _ORIGINAL for d in _obj.__defaults__):
            _obj.__defaults__ = tuple(UndefinedMetricWarning if d is _ORIGINAL else d
                                      for d in _obj.__defaults__)


@pytest.fixture
def global_random_seed():
    """scikit-learn's fixture (its default seed, 42), from its own conftest."""
    return 42


@pytest.fixture(params=["float64", "float32"])
def global_dtype(request):
    """scikit-learn's fixture (both float types)."""
    import numpy as np

    return np.dtype(request.param)

SUBSTITUTED = []
for _name in sorted(set(_skm.__all__) | {"calibration_curve"}):
    if hasattr(_lm, _name) and callable(getattr(_lm, _name)):
        for _mod in (_skm, _skc):
            if hasattr(_mod, _name):
                setattr(_mod, _name, getattr(_lm, _name))
        SUBSTITUTED.append(_name)


def pytest_report_header(config):
    return "learnmetrics substituted for: " + ", ".join(SUBSTITUTED)
'''


def main(argv: list[str]) -> int:
    import sklearn

    files, extra = argv, []
    if "--" in argv:
        i = argv.index("--")
        files, extra = argv[:i], argv[i + 1:]
    files = files or DEFAULT
    root = Path(sklearn.__file__).parent
    with tempfile.TemporaryDirectory(prefix="lm_sklearn_suite_") as tmp:
        tmp = Path(tmp)
        (tmp / "conftest.py").write_text(CONFTEST)
        for name in files:
            src = root / "metrics" / "tests" / name
            if not src.exists():
                src = root / "tests" / name
            shutil.copy2(src, tmp / name)
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rf", "--tb=line",
               "-W", "ignore::DeprecationWarning", "--rootdir", str(tmp), "-c", "/dev/null", *files, *extra]
        return subprocess.run(cmd, cwd=tmp).returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


# What failed in one run (learnmetrics at issue 28's commits, scikit-learn 1.9.1, 2026-11-25):
#
# Latest (2026-11-29, issue 37's adversarial pass): test_classification.py 30 failed, 223 passed;
#   the d2_* warning-class artefact is gone (learnmetrics' warning class is made a subclass of
#   scikit-learn's instead of replacing it). docs/testing.md lists the four that are not wording.
# Before (2026-11-29, issue 37): test_classification.py 32 failed, 221 passed; SciPy sparse
#   label-indicator targets are accepted now.
#
# test_classification.py: 36 failed, 214 passed. All but eight are message or warning wording
#   (learnmetrics words its own: likelihood ratios, kappa, confusion_matrix labels, jaccard,
#   prf average='binary', log_loss / brier labels order and "do not sum to one"). The eight:
#   4 sparse y (refused: "pass y.toarray()"); documented deliberate differences in
#   learnmetrics.classification's docstring: a (20, 1) column vector y_pred (refused: "use
#   .ravel()"), string labels with numeric `labels` in cohen_kappa_score (TypeError), integer
#   weights whose total exceeds int64 (refused: counts stay exact); log_loss's deprecated
#   `y_pred=` alias (documented in log_loss). test_d2_log_loss_score_raises and
#   test_d2_brier_score_warning_on_less_than_two_samples fail only because this script swaps
#   the UndefinedMetricWarning class the tests check for scikit-learn's own d2 functions.
#   Fixed on the way: log_loss / brier_score_loss with a label-indicator y_true, log_loss on a
#   data-frame-like column (MockDataFrame).
# test_ranking.py: 26 failed, 222 passed: message wording (curves, top_k_accuracy_score, ndcg).
# test_regression.py: 2 failed, 25 passed: the same warning-class artefact (d2_* functions).
# test_calibration.py (sklearn/tests): calibration_curve's pos_label message wording only.
# test_common.py: 887 failed, 742 passed, 1986 skipped. 788 are message wording (NaN/inf,
#   empty input, sample_weight length, continuous input where labels belong, pos_label, ndcg's
#   1-D y_true). The rest: 129 string labels mixed with numbers (a TypeError "must be of the same
#   kind" where scikit-learn raises ValueError "Mix of label input types"), 42 column vectors
#   (n, 1) (refused), 2 sparse inputs: all documented deliberate differences.
