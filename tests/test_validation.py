"""learnmetrics._validation: the shared checks every public function relies on (issue 12)."""
import numpy as np
import pytest

from learnmetrics import _validation as V


# ---- labels: one rule for every module ---------------------------------------------------
@pytest.mark.parametrize(
    "labels, expected, kind",
    [
        ([0, 1, 1], [0, 1, 1], "i"),
        (np.array([0, 1, 0], dtype=object), [0, 1, 0], "i"),  # object 0/1 are numbers
        (np.array(["a", "b"], dtype=object), ["a", "b"], "U"),
        ([True, False], [True, False], "b"),
        ([True, 0, 2], [1, 0, 2], "i"),  # booleans are numbers: True == 1
        (np.array([True, 2], dtype=object), [1, 2], "i"),
        ([1.0, 2.0], [1.0, 2.0], "f"),  # whole floats are labels
        (np.array([np.int8(1), 2], dtype=object), [1, 2], "i"),
        (("a", "b"), ["a", "b"], "U"),
    ],
)
def test_as_labels_accepts(labels, expected, kind):
    out = V.as_labels(labels, "y")
    assert out.dtype.kind == kind
    assert out.tolist() == expected


@pytest.mark.parametrize(
    "labels, exc, match",
    [
        (["a", 1], TypeError, "y mixes strings and numbers"),  # NumPy would make it ['a', '1']
        (("a", 2.0), TypeError, "y mixes strings and numbers"),
        (np.array(["a", 1], dtype=object), TypeError, "y mixes strings and numbers"),
        (np.array(["a", True], dtype=object), TypeError, "y mixes strings and numbers"),
        (np.array(["a", b"b"], dtype=object), TypeError, "y mixes str and bytes"),
        ([1 + 2j, 1], TypeError, "y must hold class labels, got complex"),
        (np.array([1 + 2j, 1], dtype=object), TypeError, "complex"),
        (np.array([np.complex64(1), 1], dtype=object), TypeError, "complex"),
        (np.array([None, 1], dtype=object), ValueError, "y must not contain None or NaN"),
        (np.array([float("nan"), 1], dtype=object), ValueError, "y must not contain None or NaN"),
        ([np.nan, 1.0], ValueError, "y must not contain NaN"),
        ([0.5, 1.0], ValueError, "y holds continuous values"),
        (np.array([object(), 1], dtype=object), TypeError, "y must hold class labels"),
        (np.array([2**70, 1], dtype=object), TypeError, "too large for 64 bits"),
        ([[0, 1], [1]], ValueError, "y"),
        ([[0, 1], [1, 0]], ValueError, "y must be 1-D"),
        ([], ValueError, "y is empty"),
        (None, TypeError, "y must be array-like"),
        ("0101", TypeError, "y must be array-like"),
        (5, TypeError, "y must be array-like"),
        ((i for i in range(3)), TypeError, "y must be array-like"),
        ({0, 1}, TypeError, "y must be array-like"),
    ],
)
def test_as_labels_refuses(labels, exc, match):
    with pytest.raises(exc, match=match):
        V.as_labels(labels, "y")


def test_object_01_labels_no_longer_give_a_self_contradicting_message():
    """Object-dtype 0/1 labels were refused 'unless the labels are {0, 1}'."""
    import learnmetrics as lm

    y = np.array([0, 1, 0, 1], dtype=object)
    fpr, tpr, _ = lm.roc_curve(y, [0.1, 0.2, 0.3, 0.4])
    np.testing.assert_allclose(fpr[-1], 1.0)
    assert lm.roc_auc_score(y, [0.1, 0.2, 0.3, 0.4]) == 0.75


def test_label_kind_and_same_kind_check():
    a = V.as_labels(["0", "1"], "y_true")
    b = V.as_labels([0, 1], "y_pred")
    assert V.label_kind(a) == "string" and V.label_kind(b) == "number"
    with pytest.raises(TypeError, match="y_true holds string labels but y_pred holds number labels"):
        V.check_same_label_kind(a, "y_true", b, "y_pred")
    V.check_same_label_kind(b, "y_true", V.as_labels([True, False], "y_pred"), "y_pred")  # bool = number
    V.check_same_label_kind(a, "y_true", np.array([], dtype=float), "labels")  # empty fits anything


@pytest.mark.parametrize(
    "value, like, exc, match",
    [
        (None, None, ValueError, "pos_label must be a class label, got None"),
        ([1], None, TypeError, "pos_label must be a single class label"),
        (1 + 0j, None, TypeError, "pos_label must be a single class label"),
        (np.nan, None, ValueError, "pos_label must be a class label"),
        (0.5, None, ValueError, "pos_label must be a class label"),
        ("1", np.array([0, 1]), TypeError, "pos_label='1' is a string but the labels are numbers"),
        (1, np.array(["a"]), TypeError, "pos_label=1 is a number but the labels are strings"),
    ],
)
def test_check_label_refuses(value, like, exc, match):
    with pytest.raises(exc, match=match):
        V.check_label(value, "pos_label", like)


def test_check_label_accepts():
    assert V.check_label(np.int64(3), "pos_label", np.array([0, 3])) == 3
    assert V.check_label(True, "pos_label", np.array([0, 1])) is True
    assert V.check_label(2.0, "pos_label") == 2.0
    assert V.check_label(None, "pos_label", allow_none=True) is None


# ---- scores: real numbers only, in every path -------------------------------------------
@pytest.mark.parametrize(
    "scores, exc, match",
    [
        ([0.1 + 5j, 0.2], TypeError, "s must hold real numbers, got complex"),
        (np.array([0.1, 0.2], dtype=np.complex64), TypeError, "complex"),
        (np.array([0.1, 1j], dtype=object), TypeError, "complex"),
        (np.array([0.1, np.complex64(1)], dtype=object), TypeError, "complex"),
        (["0.5", "0.2"], TypeError, "s must hold numbers, got strings"),
        (np.array(["0.5", 0.2], dtype=object), TypeError, "s must hold numbers, got strings"),
        (np.array([0.5, None], dtype=object), ValueError, "s must not contain None"),
        (np.array([0.5, object()], dtype=object), TypeError, "s must hold numbers"),
        ([0.5, np.nan], ValueError, "s must not contain NaN"),
        ([0.5, -np.inf], ValueError, "s must not contain NaN or infinity"),
        ([], ValueError, "s is empty"),
    ],
)
def test_as_scores_refuses(scores, exc, match):
    with pytest.raises(exc, match=match):
        V.as_scores(scores, "s")


def test_as_scores_accepts_and_does_not_copy_floats():
    x = np.array([0.1, 0.2])
    assert V.as_scores(x, "s") is x
    assert V.as_scores([True, False], "s").tolist() == [1.0, 0.0]
    assert V.as_scores(np.array([1, 0.5], dtype=object), "s").tolist() == [1.0, 0.5]
    assert V.as_scores([], "s", allow_empty=True).size == 0


# ---- weights -----------------------------------------------------------------------------
def test_sample_weight_exact_integers():
    w = V.check_sample_weight([2**53 + 1, 2], 2, exact_int=True)
    assert w.dtype == np.int64 and int(w[0]) == 2**53 + 1
    assert V.check_sample_weight([True, False], 2, exact_int=True).dtype == np.int64
    assert V.check_sample_weight([1, 2], 2).dtype == np.float64  # default: float64
    assert V.check_sample_weight(np.array([1, 2], dtype=object), 2).tolist() == [1.0, 2.0]
    assert V.check_sample_weight([0.5, 2], 2, exact_int=True).dtype == np.float64


@pytest.mark.parametrize(
    "w, exc, match",
    [
        ([1, 1j], TypeError, "sample_weight must hold real numbers, got complex"),
        (np.array([1, 1j], dtype=object), TypeError, "complex"),
        (["1", "2"], TypeError, "sample_weight must hold numbers"),
        ([1, np.nan], ValueError, "sample_weight must not contain NaN"),
        ([1, -1], ValueError, "sample_weight must be non-negative"),
        ([1, 2, 3], ValueError, "sample_weight has 3 weights but there are 2 samples"),
        (np.array([2**63, 1], dtype=np.uint64), ValueError, "2\\*\\*63"),
    ],
)
def test_sample_weight_refuses(w, exc, match):
    with pytest.raises(exc, match=match):
        V.check_sample_weight(w, 2, exact_int=True)


# ---- scalars -----------------------------------------------------------------------------
@pytest.mark.parametrize("flag", ["False", "no", 0, 1, 1.5, None, np.array([True])])
def test_check_bool_refuses_non_booleans(flag):
    with pytest.raises(TypeError, match="flag must be True or False"):
        V.check_bool(flag, "flag")


def test_check_bool_accepts_numpy_bools():
    assert V.check_bool(np.True_, "flag") is True and V.check_bool(False, "flag") is False


@pytest.mark.parametrize(
    "x, kw, exc, match",
    [
        (True, {}, TypeError, "x must be a real number, got bool"),
        ("1", {}, TypeError, "x must be a real number"),
        (1j, {}, TypeError, "x must be a real number"),
        (np.nan, {}, ValueError, "x must be a finite number"),
        (np.inf, {}, ValueError, "x must be a finite number"),
        (np.nan, {"allow_inf": True}, ValueError, "x must be a real number or \\+-inf, got nan"),
        (-1.0, {"low": 0}, ValueError, "x must be >= 0, got -1.0"),
        (0.0, {"low": 0, "low_open": True}, ValueError, "x must be > 0"),
        (2.0, {"low": 0, "high": 1}, ValueError, "x must be >= 0 and <= 1"),
    ],
)
def test_check_real_refuses(x, kw, exc, match):
    with pytest.raises(exc, match=match):
        V.check_real(x, "x", **kw)


def test_check_real_accepts():
    assert V.check_real(np.inf, "x", low=0, allow_inf=True) == np.inf
    assert V.check_real(np.float32(0.5), "x", low=0, high=1) == 0.5
    assert V.check_real(3, "x") == 3.0


@pytest.mark.parametrize(
    "k, exc", [(True, TypeError), (2.0, TypeError), ("3", TypeError), (0, ValueError), (11, ValueError)]
)
def test_check_positive_int(k, exc):
    with pytest.raises(exc, match="k must be"):
        V.check_positive_int(k, "k", maximum=10)
    assert V.check_positive_int(np.int64(3), "k") == 3


@pytest.mark.parametrize("p", [-0.1, 1.1, np.nan, np.inf])
def test_check_probability_range(p):
    with pytest.raises(ValueError, match=r"p must be in \[0, 1\]"):
        V.check_probability(p, "p")
    with pytest.raises(TypeError, match="p must be a real number"):
        V.check_probability(True, "p")


def test_check_choice():
    assert V.check_choice(np.str_("macro"), "average", ("macro", "micro")) == "macro"
    assert V.check_choice(None, "average", (None, "macro")) is None
    with pytest.raises(ValueError, match="average must be one of"):
        V.check_choice("mean", "average", ("macro", "micro"))
    with pytest.raises(ValueError, match="average must be one of"):
        V.check_choice(1, "average", (True, False))  # 1 is not True


def test_check_rng():
    assert isinstance(V.check_rng(0), np.random.Generator)
    g = np.random.default_rng(1)
    assert V.check_rng(g) is g
    with pytest.raises(TypeError, match="rng must be None, an int seed"):
        V.check_rng(True)
    with pytest.raises(ValueError, match="rng must be a non-negative int seed"):
        V.check_rng(-1)
    with pytest.raises(TypeError, match="rng"):
        V.check_rng("0")


def test_check_size_refuses_before_allocation():
    assert V.check_size(10, "the table") == 10
    with pytest.raises(ValueError, match="the table would need 100,000,000,000,000,000,000 elements"):
        V.check_size(10**20, "the table")
    with pytest.raises(ValueError, match="limit of 5"):
        V.check_size(6, "x", limit=5, hint="use fewer")


# ---- feature matrices ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "X, exc, match",
    [
        (np.array([[1, 2j]]), TypeError, "X must hold real numbers, got complex"),
        (np.array([[1, "a"]], dtype=object), TypeError, "X must hold numbers"),
        ([[1.0, np.nan]], ValueError, "X must not contain NaN"),
        (np.zeros((0, 2)), ValueError, "X is empty"),
        (np.zeros((2, 2, 2)), ValueError, "X must be 2-D"),
    ],
)
def test_as_features_refuses(X, exc, match):
    with pytest.raises(exc, match=match):
        V.as_features(X)


def test_as_features_object_numbers():
    assert V.as_features(np.array([[1, 2]], dtype=object)).dtype == np.float64


def test_docstring_examples():
    import doctest

    failures, tried = doctest.testmod(V)
    assert tried >= 1 and failures == 0
