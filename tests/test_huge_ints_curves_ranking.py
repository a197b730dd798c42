"""Issue 37, item 6 (the last places): a Python integer beyond float range inside a score or
relevance array is a ValueError naming the argument, in the curves and the ranking measures too."""
import pytest

import learnmetrics as lm

BIG = 10 ** 400


@pytest.mark.parametrize("call, name", [
    (lambda v: lm.roc_auc_score([0, 1, 1], [v, 0.2, 0.3]), "y_score"),
    (lambda v: lm.average_precision_score([0, 1, 1], [0.1, v, 0.3]), "y_score"),
    (lambda v: lm.roc_curve([0, 1, 1], [0.1, 0.2, v]), "y_score"),
    (lambda v: lm.roc_auc_score([0, 1, 2], [[0.2, 0.3, v], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]], multi_class="ovr"), "y_score"),
    (lambda v: lm.ndcg_score([[1, 2, 0]], [[v, 0.5, 0.2]]), "y_score"),
    (lambda v: lm.dcg_score([[v, 2, 0]], [[0.1, 0.5, 0.2]]), "y_true"),
])
@pytest.mark.parametrize("value", [BIG, -BIG, 3 * 10 ** 309])
def test_an_integer_beyond_float_range_is_named(call, name, value):
    with pytest.raises(ValueError, match=name):
        call(value)


def test_ordinary_python_integers_still_read():
    assert lm.roc_auc_score([0, 1, 1], [10 ** 20, 2 * 10 ** 20, 3 * 10 ** 20]) == 1.0
    assert lm.ndcg_score([[1, 2, 0]], [[10 ** 30, 2 * 10 ** 30, 1]]) == pytest.approx(
        lm.ndcg_score([[1, 2, 0]], [[1.0, 2.0, 1e-30]]))
