"""No silent wrong answer, third round (issue 37): each defect as a test with a variation of its own."""
from __future__ import annotations

import numpy as np
import pytest

import learnmetrics as lm


def test_permutation_test_p_values_are_uniform_under_the_null_with_stratified_folds():
    """X carries no information: P(p <= 1/4) is 1/4 for a valid test (p takes values j/20 with
    19 permutations). Before the fix the stratified folds of the real labels were reused for the
    permuted labels and the test rejected too often (P(p <= 0.5) = 0.65 at k = 3)."""
    from learnmetrics.evaluation import permutation_test
    for stratify in (True, False):
        ps = []
        for i in range(160):
            rng = np.random.default_rng(1000 + i)
            X = rng.normal(size=(24, 2))
            y = rng.permutation(np.arange(24) % 2)
            ps.append(permutation_test(X, y, k=3, n_permutations=19, stratify=stratify, rng=i).pvalue)
        ps = np.array(ps)
        assert ps.min() >= 1 / 20                       # never 0
        assert abs(np.mean(ps <= 0.25) - 0.25) < 0.11, (stratify, np.mean(ps <= 0.25))
        assert abs(np.mean(ps <= 0.5) - 0.5) < 0.13, (stratify, np.mean(ps <= 0.5))


@pytest.mark.parametrize("seed", range(40))
def test_every_bounded_measure_stays_within_its_bounds_on_weighted_data(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(4, 40))
    y = rng.permutation(np.arange(n) % 2)
    s = np.where(y == 1, rng.uniform(0.6, 1, n), rng.uniform(0, 0.4, n))   # perfectly separated
    if seed % 2:
        s = np.round(rng.uniform(size=n), 1)                               # with ties
    w = rng.uniform(0, 1, n) * 10.0 ** rng.uniform(-150, 150)
    for f in (lm.roc_auc_score, lm.average_precision_score, lm.auc_mann_whitney):
        v = f(y, s, sample_weight=w)
        assert 0.0 <= v <= 1.0, (f.__name__, v)
        if seed % 2 == 0 and f is not lm.average_precision_score:
            assert v == pytest.approx(1.0, abs=1e-12)
    assert 0.0 <= lm.roc_auc_score(y, s, sample_weight=w, max_fpr=0.3) <= 1.0


def test_weights_whose_sum_overflows_give_the_weighted_mean():
    y, p = np.array([0.0, 1, 2, 3, 4]), np.array([0.5, 0.5, 2, 3, 4.0])
    for big in (1e308, 1.7e308):
        w = [big, big, 1, 1, 1]
        assert lm.mean_squared_error(y, p, sample_weight=w) == pytest.approx(0.25)
        assert lm.mean_absolute_error(y, p, sample_weight=w) == pytest.approx(0.5)
    w = np.array([3e307, 6e307, 9e307, 1e307])            # variation: no tiny ones, sum still overflows
    assert np.isinf(w.sum() * 2) or True
    from sklearn.metrics import mean_squared_error, r2_score
    y4, p4 = np.array([1.0, 2, 4, 8]), np.array([1.5, 2, 3, 9])
    assert lm.mean_squared_error(y4, p4, sample_weight=w * 1.9) == pytest.approx(
        mean_squared_error(y4, p4, sample_weight=w / 1e307))
    assert lm.r2_score(y4, p4, sample_weight=w * 1.9) == pytest.approx(r2_score(y4, p4, sample_weight=w / 1e307))


@pytest.mark.parametrize("f", [lm.log_loss, lm.brier_score_loss])
def test_ragged_probabilities_are_refused_by_name(f):
    for bad in ([[0.2, 0.8], [0.5]], [[0.1, 0.2, 0.7], [0.5, 0.5]]):
        with pytest.raises(ValueError, match="y_proba must be a rectangular array"):
            f([0, 1], bad)


def test_group_ids_may_be_floats_as_in_group_kfold():
    from sklearn.model_selection import GroupKFold
    for g in ([1.5, 1.5, 2.5, 2.5, 3.5, 3.5, 2.5], [0.25, 7.0, 7.0, 0.25, 1e9, 3.0, 3.0, 3.0]):
        ours = [t.tolist() for _, t in lm.group_kfold_split(g, k=3)]
        theirs = [t.tolist() for _, t in GroupKFold(3).split(np.zeros(len(g)), groups=g)]
        assert sorted(map(sorted, ours)) == sorted(map(sorted, theirs))
    with pytest.raises(ValueError, match="groups must not contain NaN"):
        lm.group_kfold_split([1.0, np.nan, 2.0, 2.0], k=2)


def test_a_band_grid_is_capped_before_any_work():
    with pytest.raises(ValueError, match="fpr_grid has 1000000 points"):
        lm.roc_bootstrap_band([0, 1, 0, 1], [0.1, 0.9, 0.3, 0.6], fpr_grid=np.linspace(0, 1, 10**6))
    with pytest.raises(ValueError, match="recall_grid has 20002 points"):
        lm.pr_bootstrap_band([0, 1, 0, 1], [0.1, 0.9, 0.3, 0.6], recall_grid=list(np.linspace(0.01, 1, 20002)))


def test_threshold_explorer_starts_inside_the_scores_range_by_default():
    from learnmetrics.widgets.threshold import ThresholdExplorer
    assert ThresholdExplorer([1], [0.3]).state.threshold <= 0.31
    assert ThresholdExplorer([1, 0], [0.8, 0.9]).state.threshold >= 0.8
    assert ThresholdExplorer([1, 0, 1, 0], [0.9, 0.6, 0.4, 0.2]).state.threshold == 0.5


@pytest.mark.parametrize("k, n", [(7, 10**15), (100, 10**16), (3, 10**18), (0, 10**15), (10**18, 10**18),
                                  (5 * 10**13, 10**14), (123456, 10**9), (45, 50), (1, 2), (999, 1000)])
def test_exact_intervals_agree_with_the_beta_quantiles_up_to_n_1e18(k, n):
    from scipy.stats import beta
    r = lm.proportion_ci(k, n, method="exact")
    low = 0.0 if k == 0 else beta.ppf(0.025, k, n - k + 1)
    high = 1.0 if k == n else beta.isf(0.025, k + 1, n - k)
    assert r.low <= r.estimate <= r.high
    assert r.low == pytest.approx(low, rel=1e-9, abs=1e-300)
    assert r.high == pytest.approx(high, rel=1e-9)


def test_the_exact_upper_bound_keeps_its_digits_at_confidence_one_minus_1e_minus_12():
    from scipy.stats import beta
    for k, n in [(45, 50), (3, 40)]:
        confidence = 1 - 1e-12
        alpha = 1 - confidence                           # what the float confidence means
        r = lm.proportion_ci(k, n, method="exact", confidence=confidence)
        assert r.high == pytest.approx(beta.isf(alpha / 2, k + 1, n - k), rel=1e-12)
        assert r.low == pytest.approx(beta.ppf(alpha / 2, k, n - k + 1), rel=1e-12)


def test_binomial_test_p_values_agree_with_the_binomial_tail_at_large_n():
    from scipy.stats import binom
    rng = np.random.default_rng(37)
    cases = [(10**11, 10**12, 0.1), (10**14, 10**15, 0.1), (7, 10**15, 1e-15), (10**9 + 10**5, 10**10, 0.1)]
    for _ in range(60):
        n = int(10 ** rng.uniform(1, 15))
        e = float(rng.uniform(0.01, 0.99))
        k = int(min(n, max(0, n * e + rng.normal() * 2 * np.sqrt(n * e * (1 - e)))))
        cases.append((k, n, e))
    for k, n, e in cases:
        p = lm.binomial_test(k, n, epsilon0=e).p_value
        assert abs(p - binom.sf(k - 1, n, e)) < 1e-7, (k, n, e, p)


def test_integers_beyond_float_range_are_refused_by_name_everywhere():
    """Every public function, every argument whose valid value is a number: 10**400 there gives a
    ValueError or TypeError naming the argument (never an OverflowError naming nothing)."""
    import inspect
    import numbers
    import re
    import warnings

    from test_bad_arguments import PUBLIC, VALID
    tried, bad = 0, []
    for fname, make in sorted(VALID.items()):
        if fname not in PUBLIC:
            continue
        for arg, value in make().items():
            if isinstance(value, bool) or not isinstance(value, numbers.Real) or arg in ("rng", "pos_label"):
                continue       # a seed may be any integer; a label any value (not a quantity)
            for huge in (10**400, -(10**400)):
                kwargs = dict(make(), **{arg: huge})
                tried += 1
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        out = PUBLIC[fname](**kwargs)
                        if inspect.isgenerator(out):
                            next(out, None)
                except (ValueError, TypeError) as err:
                    if not re.search(rf"(?<![A-Za-z0-9_]){re.escape(arg)}(?![A-Za-z0-9_])", str(err)):
                        bad.append(f"{fname}({arg}=10**400): {type(err).__name__} without the name: {err}")
                except Exception as err:  # noqa: BLE001
                    bad.append(f"{fname}({arg}=10**400): {type(err).__name__}: {err}")
                else:
                    if (fname, arg, huge > 0) != ("oob_probability", "m", True):   # 1/e: the right answer
                        bad.append(f"{fname}({arg}={'-' if huge < 0 else ''}10**400) accepted")
    assert tried > 50
    assert not bad, f"{len(bad)} of {tried}:\n" + "\n".join(bad[:40])


class _LabelIndexed:
    """What a pandas Series with index 7, 8, ... does: iterates by position, indexes by label."""

    def __init__(self, values, start=7):
        self.values, self.start = list(values), start

    def __len__(self):
        return len(self.values)

    def __iter__(self):
        return iter(self.values)

    def __getitem__(self, label):
        return self.values[label - self.start]

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self.values, dtype=dtype)


def test_pairs_and_arrays_indexed_by_label_are_read_by_position():
    from learnmetrics import bias_variance as bv
    r = bv.bias_variance_experiment(degrees=_LabelIndexed([1, 3]), n_sets=10, x_range=_LabelIndexed([0.0, 1.0]))
    assert r.degrees.tolist() == [1, 3]
    p = bv.fit_polynomials([[0.0, 0.5, 1.0]], [[1.0, 2.0, 3.0]], 1, _LabelIndexed([0.25]), x_range=_LabelIndexed([0.0, 1.0]))
    assert p.round(6).tolist() == [[1.5]]
    pd = pytest.importorskip("pandas")
    s = pd.Series([0.0, 1.0], index=[7, 8])
    assert bv.fit_polynomials([[0.0, 0.5, 1.0]], [[1.0, 2.0, 3.0]], 1, pd.Series([0.25], index=[3]),
                              x_range=s).round(6).tolist() == [[1.5]]


def test_sparse_label_indicator_targets_are_read_as_scikit_learn_reads_them():
    sp = pytest.importorskip("scipy.sparse")
    from sklearn import metrics as skm
    rng = np.random.default_rng(9)
    for _ in range(10):
        a = rng.integers(0, 2, size=(12, 4))
        b = rng.integers(0, 2, size=(12, 4))
        for make_a, make_b in ((sp.csr_matrix, sp.csc_matrix), (sp.csr_array, sp.csc_array)):
            A, B = make_a(a), make_b(b)
            assert lm.multilabel_confusion_matrix(A, B).tolist() == skm.multilabel_confusion_matrix(a, b).tolist()
            assert lm.f1_score(A, B, average="micro", zero_division=0) == pytest.approx(
                skm.f1_score(a, b, average="micro", zero_division=0))
            assert lm.hamming_loss(A, B) == pytest.approx(skm.hamming_loss(a, b))
