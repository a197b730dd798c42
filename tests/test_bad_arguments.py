"""Issue 12's rule, checked on every public function of learnmetrics: the top-level
``learnmetrics.__all__`` and the ``__all__`` of every subject module (the course's
machinery, e.g. ``learnmetrics.curves.cut_point_state``, is public too).

For each function: one valid call (``VALID``), then, argument by argument, bad
values of the argument's kind (``KIND``, ``BAD``): wrong type, out of range,
empty, NaN, complex, strings where numbers belong, ``'False'`` for a flag, a
huge count for a size. Every bad call must raise a ``TypeError`` or
``ValueError`` whose message names the argument, quickly (``BUDGET`` seconds,
and under a memory ceiling: no huge allocation before the check).

Cases that fail today in a module whose owner is fixing it are listed in
``KNOWN_FAILURES`` and run as strict xfails: when the owner fixes one, it turns
into an XPASS failure and its entry must be removed.

A new public function needs a ``VALID`` entry (``test_every_public_function_has_a_valid_call``
says so); an argument whose name is not in ``KIND`` gets a ``KIND_OVERRIDES`` entry.
"""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import inspect
import re
import signal
import time
import warnings

import numpy as np
import pytest

import learnmetrics as lm

try:  # POSIX only: elsewhere the budget is time-measured, without the memory ceiling
    import resource
except ImportError:  # pragma: no cover
    resource = None

BUDGET = 3.0  # seconds per bad call (the checks come first, so each takes milliseconds)
MEMORY_HEADROOM = 1 << 30  # bytes of address space a bad call may add before MemoryError


# ---------------------------------------------------------------------------------------
# valid data
# ---------------------------------------------------------------------------------------
Y = [0, 1, 1, 0, 1, 0]
P = [0, 1, 0, 0, 1, 1]
S = [0.1, 0.8, 0.4, 0.3, 0.9, 0.6]
S2 = [0.2, 0.7, 0.5, 0.1, 0.6, 0.4]
PR = [0.9, 0.2, 0.7, 0.4, 0.6, 0.1]
R_TRUE = [3.0, -0.5, 2.0, 7.0, 1.0]
R_PRED = [2.5, 0.0, 2.0, 8.0, 1.5]
ERR_A = [0.10, 0.12, 0.08, 0.11, 0.09]
ERR_B = [0.13, 0.14, 0.12, 0.12, 0.10]
RANKS = [[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]]


@functools.cache
def fx(name):
    """Fixtures built once, on first use (collection stays instantaneous)."""
    rng = np.random.default_rng(0)
    if name == "roc":
        return lm.roc_curve(Y, S)
    if name == "table":
        return lm.stepping_table(Y, S)
    if name == "X":
        return rng.normal(size=(24, 2)) + np.repeat([[0.0, 0.0], [1.5, 1.5]], 12, axis=0)
    if name == "y":
        return np.repeat([0, 1], 12)
    if name == "pop":
        return lm.evaluation.two_gaussians_population(distance=2.0)
    if name == "holdout_study":
        return lm.evaluation.holdout_study(fx("pop"), 20, test_sizes=[0.2, 0.5], n_datasets=3)
    if name == "cv_study":
        return lm.evaluation.cv_study(fx("pop"), 20, ks=(2, 5), max_repeats=2, n_datasets=3)
    if name == "bv":
        return lm.bias_variance.bias_variance_experiment(degrees=[1, 3], n_sets=5, n_train=10, n_test=11, rng=0)
    if name == "grid":
        return lm.compare.simulate_paired_t_power(folds=(2, 5), differences=(0.0, 0.05), n_samples=40, n_repeats=20, rng=0)
    if name == "x12":
        return np.linspace(0, 1, 12)
    raise KeyError(name)


def _X():
    return fx("X")


def _y():
    return fx("y")


#: one valid call per public function: keyword arguments (positional ones by name too)
VALID = {
    # ---- the course's language (learnmetrics._language) ------------------------------------
    "set_language": lambda: dict(language="en"),
    "get_language": lambda: dict(),
    "evaluation_report": lambda: dict(y_true=Y, y_score=PR, threshold=0.5, pos_label=1, sample_weight=[1, 2, 1, 1, 1, 1],
                                      groups=["a", "a", "a", "b", "b", "b"], confidence=0.9, n_bins=2,
                                      n_resamples=100, rng=0),
    "metric_at_thresholds": lambda: dict(y_true=Y, y_score=PR, metric_func=lambda a, b, **k: float(np.mean(a == b)),
                                         sample_weight=[1, 2, 1, 1, 1, 1], metric_params={}),
    "maximum_calibration_error": lambda: dict(y_true=Y, y_prob=PR, n_bins=2, strategy="uniform", pos_label=1,
                                              sample_weight=[1, 2, 1, 1, 1, 1]),
    "multiclass_calibration_error": lambda: dict(y_true=[0, 1, 2, 0, 1, 2],
                                                 y_proba=[[0.6, 0.3, 0.1], [0.2, 0.7, 0.1], [0.1, 0.2, 0.7],
                                                          [0.5, 0.4, 0.1], [0.3, 0.4, 0.3], [0.2, 0.2, 0.6]],
                                                 kind="class-wise", norm="max", n_bins=2, strategy="uniform",
                                                 labels=[0, 1, 2], sample_weight=[1, 2, 1, 1, 1, 1]),
    "reliability_intervals": lambda: dict(y_true=Y, y_prob=PR, n_bins=2, strategy="quantile", pos_label=1,
                                          confidence=0.9),
    # ---- calibration -----------------------------------------------------------------------
    "calibration_curve": lambda: dict(y_true=Y, y_prob=PR, pos_label=1, n_bins=3, strategy="quantile"),
    "brier_score_loss": lambda: dict(y_true=Y, y_proba=PR, sample_weight=[1.0] * 6, pos_label=1, labels=None,
                                     scale_by_half=True),
    "log_loss": lambda: dict(y_true=Y, y_proba=PR, normalize=True, sample_weight=[1.0] * 6, labels=[0, 1]),
    "brier_decomposition": lambda: dict(y_true=Y, y_prob=PR, n_bins=3, strategy="uniform", pos_label=1,
                                        sample_weight=[1.0] * 6),
    "expected_calibration_error": lambda: dict(y_true=Y, y_prob=PR, n_bins=3, strategy="uniform", pos_label=1,
                                               sample_weight=[1.0] * 6),
    "PlattCalibrator": lambda: dict(input="logit", max_iter=50),
    "IsotonicCalibrator": lambda: dict(),
    "sharpen": lambda: dict(y_prob=PR, temperature=0.5),
    "temperature_state": lambda: dict(y_true=Y, y_prob=PR, temperature=0.5, n_bins=3),
    "cost_threshold": lambda: dict(cost01=5, cost10=1),
    "simulate_scores": lambda: dict(n=50, prevalence=0.3, distance=1.5, temperature=0.5, rng=0),
    # ---- uncertainty -----------------------------------------------------------------------
    "bootstrap_ci": lambda: dict(metric=lm.roc_auc_score, y_true=Y, y_pred_or_score=S, n_resamples=50, confidence=0.9,
                                 method="bca", stratify=True, sample_weight=[1.0] * 6, rng=0),
    "paired_bootstrap_ci": lambda: dict(metric=lm.roc_auc_score, y_true=Y, y_score_a=S, y_score_b=S2, n_resamples=50,
                                        confidence=0.9, method="percentile", stratify=True, rng=0),
    "roc_auc_ci": lambda: dict(y_true=Y, y_score=S, confidence=0.9),
    "delong_test": lambda: dict(y_true=Y, y_score_a=S, y_score_b=S2),
    "roc_bootstrap_band": lambda: dict(y_true=Y, y_score=S, fpr_grid=[0.0, 0.5, 1.0], n_resamples=50, confidence=0.9,
                                       stratify=True, rng=0),
    "pr_bootstrap_band": lambda: dict(y_true=Y, y_score=S, recall_grid=[0.5, 1.0], n_resamples=50, confidence=0.9,
                                      stratify=True, rng=0),
    "auc_sampling_state": lambda: dict(n=20, sample=1, distance=1.2, n_datasets=5, n_resamples=20, confidence=0.9,
                                       rng=0),
    # classification
    "confusion_matrix": lambda: dict(y_true=Y, y_pred=P, labels=[0, 1], sample_weight=[1] * 6, normalize="true"),
    "accuracy_score": lambda: dict(y_true=Y, y_pred=P, normalize=True, sample_weight=[1] * 6),
    "error_rate": lambda: dict(y_true=Y, y_pred=P, sample_weight=[1] * 6),
    "precision_score": lambda: dict(y_true=Y, y_pred=P, labels=[0, 1], pos_label=1, average="binary",
                                    sample_weight=[1] * 6, zero_division=0.0),
    "recall_score": lambda: dict(y_true=Y, y_pred=P, labels=[0, 1], pos_label=1, average="binary",
                                 sample_weight=[1] * 6, zero_division=0.0),
    "f1_score": lambda: dict(y_true=Y, y_pred=P, labels=[0, 1], pos_label=1, average="binary",
                             sample_weight=[1] * 6, zero_division=0.0),
    "fbeta_score": lambda: dict(y_true=Y, y_pred=P, beta=2.0, labels=[0, 1], pos_label=1, average="binary",
                                sample_weight=[1] * 6, zero_division=0.0),
    "precision_recall_fscore_support": lambda: dict(y_true=Y, y_pred=P, beta=2.0, labels=[0, 1], pos_label=1,
                                                    average="macro", warn_for=("precision",),
                                                    sample_weight=[1] * 6, zero_division=0.0),
    "multilabel_confusion_matrix": lambda: dict(y_true=Y, y_pred=P, sample_weight=[1] * 6, labels=[0, 1],
                                                samplewise=False),
    "zero_one_loss": lambda: dict(y_true=Y, y_pred=P, normalize=True, sample_weight=[1] * 6),
    "hamming_loss": lambda: dict(y_true=Y, y_pred=P, sample_weight=[1] * 6),
    "jaccard_score": lambda: dict(y_true=Y, y_pred=P, labels=[0, 1], pos_label=1, average="binary",
                                  sample_weight=[1] * 6, zero_division=0.0),
    "top_k_accuracy_score": lambda: dict(y_true=Y, y_score=S, k=1, normalize=True, sample_weight=[1] * 6,
                                         labels=[0, 1]),
    "balanced_accuracy_score": lambda: dict(y_true=Y, y_pred=P, sample_weight=[1] * 6, adjusted=True),
    "matthews_corrcoef": lambda: dict(y_true=Y, y_pred=P, sample_weight=[1] * 6),
    "cohen_kappa_score": lambda: dict(y1=Y, y2=P, labels=[0, 1], weights="linear", sample_weight=[1] * 6,
                                      replace_undefined_by=0.0),
    "class_likelihood_ratios": lambda: dict(y_true=Y, y_pred=P, labels=[0, 1], sample_weight=[1] * 6,
                                            replace_undefined_by={"LR+": 1.0, "LR-": 1.0}),
    "BinaryCounts": lambda: dict(tp=5, fp=2, fn=3, tn=7),
    "binary_counts": lambda: dict(y_true=Y, y_pred=P, pos_label=1, sample_weight=[1] * 6),
    "rates": lambda: dict(counts=(5, 2, 3, 7), zero_division=0.0),
    "one_vs_rest_counts": lambda: dict(y_true=Y, y_pred=P, labels=[0, 1], sample_weight=[1] * 6),
    "macro_micro": lambda: dict(counts_list=[(5, 2, 3, 7), (1, 1, 1, 1)], zero_division=0.0),
    "threshold_state": lambda: dict(y_true=Y, y_score=S, threshold=0.5, pos_label=1, neg_label=0),
    # ---- imbalance (chapter 02's prevalence explorer) ------------------------------------------
    "prevalence_weights": lambda: dict(y_true=Y, prevalence=0.1, pos_label=1),
    "prevalence_state": lambda: dict(y_true=Y, y_score=S, prevalence=0.1, threshold=0.5, pos_label=1),
    # curves
    "stepping_table": lambda: dict(y_true=Y, y_score=S, pos_label=1, sample_weight=[1.0] * 6),
    "cut_point_state": lambda: dict(table=fx("table"), k=2),
    "roc_curve": lambda: dict(y_true=Y, y_score=S, pos_label=1, sample_weight=[1.0] * 6, drop_intermediate=True),
    "precision_recall_curve": lambda: dict(y_true=Y, y_score=S, pos_label=1, sample_weight=[1.0] * 6,
                                           drop_intermediate=False),
    "auc": lambda: dict(x=[0.0, 0.5, 1.0], y=[0.0, 0.8, 1.0]),
    "roc_auc_score": lambda: dict(y_true=Y, y_score=S, average="macro", sample_weight=[1.0] * 6, max_fpr=0.5),
    "average_precision_score": lambda: dict(y_true=Y, y_score=S, average="macro", pos_label=1,
                                            sample_weight=[1.0] * 6),
    "rank_loss": lambda: dict(y_true=Y, y_score=S, sample_weight=[1.0] * 6),
    "auc_mann_whitney": lambda: dict(y_true=Y, y_score=S, sample_weight=[1.0] * 6),
    "break_even_point": lambda: dict(y_true=Y, y_score=S, pos_label=1),
    "fbeta_curve": lambda: dict(table_or_y_true=Y, y_score=S, beta=2.0, pos_label=1, sample_weight=[1.0] * 6),
    "roc_curve_multiclass": lambda: dict(
        y_true=[0, 1, 2, 2], y_score=[[.6, .3, .1], [.2, .5, .3], [.1, .2, .7], [.3, .4, .3]],
        labels=[0, 1, 2], sample_weight=[1.0] * 4),
    "roc_convex_hull": lambda: dict(fpr=[0, 0.1, 0.3, 0.5, 1], tpr=[0, 0.5, 0.6, 0.9, 1]),
    "roc_tpr_on_grid": lambda: dict(fpr=[0, 0, 0.5, 0.5, 1], tpr=[0, 0.5, 0.5, 1, 1], grid=[0, 0.5, 1]),
    "threshold_text": lambda: dict(thresholds=[np.inf, 0.9, 0.50051, 0.5], k=2),
    # cost
    "cost_sensitive_error": lambda: dict(y_true=Y, y_pred=P, cost_matrix=[[0, 1], [5, 0]], labels=[0, 1],
                                         sample_weight=[1.0] * 6),
    "probability_cost": lambda: dict(p=0.2, cost01=4, cost10=1),
    "normalized_cost": lambda: dict(fpr=0.25, fnr=0.5, p=0.2, cost01=4, cost10=1),
    "cost_lines": lambda: dict(fpr=[0.0, 0.5], tpr=[0.5, 1.0]),
    "cost_curve_envelope": lambda: dict(fpr=[0, 0, 0.5, 1], tpr=[0, 0.5, 1, 1], x=[0.0, 0.5, 1.0]),
    "expected_total_cost": lambda: dict(fpr=[0, 0.5, 1], tpr=[0, 0.8, 1]),
    "best_cut": lambda: dict(fpr=[0, 0, 0.5, 1], tpr=[0, 0.5, 1, 1], thresholds=[2.0, 0.9, 0.5, 0.1],
                             p=0.2, cost01=4, cost10=1),
    "cost_state": lambda: dict(fpr=[0, 0, 0.5, 1], tpr=[0, 0.5, 1, 1], thresholds=[2.0, 0.9, 0.5, 0.1],
                               p=0.2, cost01=4, cost10=1, n_pos=2, n_neg=2),
    # ranking
    "precision_at_k": lambda: dict(ranked=["a", "b", "c", "d"], relevant={"a", "c"}, k=2),
    "recall_at_k": lambda: dict(ranked=["a", "b", "c", "d"], relevant={"a", "c"}, k=2),
    "average_precision": lambda: dict(ranked=["a", "b", "c", "d"], relevant={"a", "c"}),
    "reciprocal_rank": lambda: dict(ranked=["a", "b", "c"], relevant={"c"}),
    "mean_average_precision": lambda: dict(ranked_lists=[["a", "b"], ["c", "d"]], relevant_sets=[{"a"}, {"d"}]),
    "mean_reciprocal_rank": lambda: dict(ranked_lists=[["a", "b"], ["c", "d"]], relevant_sets=[{"a"}, {"d"}]),
    "cumulative_gain": lambda: dict(y_true=[[3, 2, 0, 1]], y_score=[[0.9, 0.1, 0.8, 0.7]], k=2,
                                    sample_weight=[1.0], ignore_ties=False, gain="linear"),
    "dcg_score": lambda: dict(y_true=[[3, 2, 0, 1]], y_score=[[0.9, 0.1, 0.8, 0.7]], k=2, log_base=2,
                              sample_weight=[1.0], ignore_ties=False, gain="linear"),
    "ndcg_score": lambda: dict(y_true=[[3, 2, 0, 1]], y_score=[[0.9, 0.1, 0.8, 0.7]], k=2,
                               sample_weight=[1.0], ignore_ties=False, gain="linear"),
    "dcg_per_query": lambda: dict(y_true=[[3, 2, 0], [0, 1, 1]], y_score=[[0.9, 0.5, 0.1], [0.9, 0.5, 0.1]],
                                  k=2, log_base=2, ignore_ties=False, gain="linear"),
    "ndcg_per_query": lambda: dict(y_true=[[3, 2, 0], [0, 1, 1]], y_score=[[0.9, 0.5, 0.1], [0.9, 0.5, 0.1]],
                                   k=2, ignore_ties=False, gain="linear"),
    "scores_from_ranking": lambda: dict(ranking=[2, 0, 1]),
    "ranked_list_state": lambda: dict(relevance_in_shown_order=[3, 2, 3, 0, 1, 2], k=3, relevant_threshold=1,
                                      items=["a", "b", "c", "d", "e", "f"], gain="exponential", log_base=2),
    # splits
    "holdout_split": lambda: dict(y=[0, 0, 0, 0, 1, 1, 1, 1], test_size=0.5, stratify=True, rng=0),
    "kfold_split": lambda: dict(y=[0, 0, 0, 1, 1, 1], k=3, stratify=True, shuffle=True, rng=0),
    "repeated_kfold": lambda: dict(y=[0, 1] * 5, k=5, repeats=3, stratify=True, rng=0),
    "leave_one_out": lambda: dict(n=3),
    "bootstrap_split": lambda: dict(m=20, rng=0),
    "oob_probability": lambda: dict(m=10),
    "group_kfold_split": lambda: dict(groups=[1, 1, 2, 3, 3, 4], k=2, shuffle=True, rng=0),
    "time_series_split": lambda: dict(n=12, n_splits=3, test_size=2, gap=1, max_train_size=5),
    # operating point (chapter 13)
    "confusion_matrix_at_thresholds": lambda: dict(y_true=Y, y_score=S, pos_label=1, sample_weight=[1.0] * 6),
    "det_curve": lambda: dict(y_true=Y, y_score=S, pos_label=1, sample_weight=[1.0] * 6, drop_intermediate=True),
    "equal_error_rate": lambda: dict(y_true=Y, y_score=S, pos_label=1, sample_weight=[1.0] * 6),
    "precision_at_recall": lambda: dict(y_true=Y, y_score=S, min_recall=0.5, pos_label=1, sample_weight=[1.0] * 6),
    "recall_at_precision": lambda: dict(y_true=Y, y_score=S, min_precision=0.5, pos_label=1,
                                        sample_weight=[1.0] * 6),
    "cumulative_gains_curve": lambda: dict(y_true=Y, y_score=S, pos_label=1, sample_weight=[1.0] * 6),
    "lift_curve": lambda: dict(y_true=Y, y_score=S, pos_label=1, sample_weight=[1.0] * 6),
    "ks_statistic": lambda: dict(y_true=Y, y_score=S, pos_label=1, sample_weight=[1.0] * 6),
    "proportion_ci": lambda: dict(k=7, n=10, confidence=0.9, method="exact"),
    "permutation_test": lambda: dict(X=_X(), y=_y(), learner=lm.learners.LogisticRegression(), k=3,
                                     n_permutations=3, stratify=True, rng=0),
    # evaluation
    "estimate_error": lambda: dict(X=_X(), y=_y(), method="kfold", learner=lm.learners.LogisticRegression(), repeats=2,
                                   test_size=0.3, k=3, p=2, stratify=True, rng=0),
    "compare_methods": lambda: dict(X=_X(), y=_y(), methods=("resubstitution", "holdout"), repeats=2,
                                    test_size=0.3, k=3, p=2, stratify=True, rng=0),
    "estimate_error_many": lambda: dict(Xs=np.zeros((2, 10, 1)), ys=np.array([[0] * 5 + [1] * 5] * 2),
                                        method="kfold", k=2, p=2, test_size=0.3, stratify=True, rng=0),
    "two_gaussians_population": lambda: dict(distance=2.0, positive_rate=0.5, n_features=2, n_informative=1),
    "simulate_estimators": lambda: dict(population=fx("pop"), n=20, methods=("resubstitution", "kfold"),
                                        n_datasets=3, test_size=0.3, k=2, p=2, stratify=True, l2=0.01,
                                        exact_proportion=True, rng=0),
    "learning_curve_true_error": lambda: dict(population=fx("pop"), sizes=[10, 20], n_datasets=3, l2=0.01,
                                              exact_proportion=True, rng=0),
    "tune_l2": lambda: dict(X=_X(), y=_y(), l2_values=[1e-3, 1.0], method="holdout", test_size=0.25, k=3,
                            repeats=2, rng=0),
    "holdout_study": lambda: dict(population=fx("pop"), n=20, test_sizes=[0.2, 0.5], n_datasets=3, l2=0.01,
                                  exact_proportion=True, rng=0),
    "holdout_state": lambda: dict(study=fx("holdout_study"), test_size=0.5, stratify=True),
    "cv_study": lambda: dict(population=fx("pop"), n=20, ks=(2, 5), max_repeats=2, n_datasets=3, l2=0.01,
                             exact_proportion=True, rng=0),
    "cv_state": lambda: dict(study=fx("cv_study"), k=5, repeats=2),
    "bootstrap_state": lambda: dict(m=10, n_samples=20, max_m=20, rng=0),
    "LogisticRegression": lambda: dict(l2=0.01, max_iter=50, tol=1e-10),
    "MajorityClassifier": lambda: dict(tie_break="first", rng=0),
    "NearestCentroid": lambda: dict(),
    # regression
    "mean_squared_error": lambda: dict(y_true=R_TRUE, y_pred=R_PRED, sample_weight=[1.0] * 5,
                                       multioutput="uniform_average"),
    "root_mean_squared_error": lambda: dict(y_true=R_TRUE, y_pred=R_PRED, sample_weight=[1.0] * 5,
                                            multioutput="uniform_average"),
    "mean_absolute_error": lambda: dict(y_true=R_TRUE, y_pred=R_PRED, sample_weight=[1.0] * 5,
                                        multioutput="uniform_average"),
    "r2_score": lambda: dict(y_true=R_TRUE, y_pred=R_PRED, sample_weight=[1.0] * 5, multioutput="uniform_average",
                             force_finite=True),
    "adjusted_r2_score": lambda: dict(y_true=R_TRUE, y_pred=R_PRED, n_features=1, multioutput="uniform_average"),
    "residual_sum_of_squares": lambda: dict(y_true=R_TRUE, y_pred=R_PRED),
    "residual_variance": lambda: dict(y_true=R_TRUE, y_pred=R_PRED, n_params=2),
    "gaussian_log_likelihood": lambda: dict(y_true=R_TRUE, y_pred=R_PRED),
    "aic": lambda: dict(y_true=R_TRUE, y_pred=R_PRED, n_params=2),
    "bic": lambda: dict(y_true=R_TRUE, y_pred=R_PRED, n_params=2),
    "mallows_cp": lambda: dict(y_true=R_TRUE, y_pred=R_PRED, n_params=2, sigma2=0.5, convention="mallows"),
    "polynomial_features": lambda: dict(x=[1.0, 2.0, 3.0], degree=2),
    "fit_least_squares": lambda: dict(X=[[0.0], [1.0], [2.0]], y=[1.0, 3.0, 5.0]),
    "model_selection_table": lambda: dict(
        designs=[lm.regression.polynomial_features(fx("x12"), d) for d in range(3)], y=np.cos(3 * fx("x12")),
        names=["d0", "d1", "d2"], sigma2=0.1),
    "polynomial_selection": lambda: dict(x=fx("x12"), y=np.cos(3 * fx("x12")), max_degree=3, sigma2=0.1),
    "noise_feature_r2": lambda: dict(X=fx("x12"), y=np.cos(3 * fx("x12")), max_noise_features=2, n_repeats=3,
                                     rng=0),
    "polynomial_fit_state": lambda: dict(x=fx("x12"), y=np.cos(3 * fx("x12")), degree=1, max_degree=3,
                                         n_grid=20),
    # compare
    "binomial_test": lambda: dict(n_errors=9, n_samples=50, epsilon0=0.1, alpha=0.05),
    "t_test": lambda: dict(errors=ERR_A, epsilon0=0.1, alpha=0.05, alternative="two-sided"),
    "paired_t_test": lambda: dict(errors_a=ERR_A, errors_b=ERR_B, alpha=0.05, alternative="two-sided"),
    "cross_val_scores": lambda: dict(learners=[lm.learners.LogisticRegression()], X=_X(), y=_y(), scoring=lm.accuracy_score,
                                     k=3, repeats=None, stratify=True, rng=0),
    "cross_val_errors": lambda: dict(learners=[lm.learners.LogisticRegression()], X=_X(), y=_y(), k=3, repeats=None,
                                     stratify=True, rng=0),
    "cv_paired_t_test": lambda: dict(learner_a=lm.learners.LogisticRegression(), learner_b=lm.learners.LogisticRegression(l2=10.0),
                                     X=_X(), y=_y(), k=3, alpha=0.05, stratify=True, rng=0),
    "five_by_two_cv_errors": lambda: dict(learner_a=lm.learners.LogisticRegression(), learner_b=lm.learners.LogisticRegression(l2=10.0),
                                          X=_X(), y=_y(), stratify=True, rng=0),
    "five_by_two_cv_t_test": lambda: dict(
        errors_a=[[0.10, 0.12], [0.11, 0.10], [0.09, 0.12], [0.10, 0.11], [0.12, 0.10]],
        errors_b=[[0.14, 0.15], [0.13, 0.15], [0.12, 0.14], [0.15, 0.13], [0.14, 0.15]],
        alpha=0.05, numerator="book"),
    "mcnemar_table": lambda: dict(y_true=Y, y_pred_a=P, y_pred_b=[0, 1, 1, 1, 1, 0]),
    "mcnemar_test": lambda: dict(y_true=Y, y_pred_a=P, y_pred_b=[0, 1, 1, 1, 1, 0], alpha=0.05, correction=True),
    "mcnemar_test_table": lambda: dict(table=[[50, 4], [14, 32]], alpha=0.05, correction=True),
    "rank_table": lambda: dict(table=[[0.1, 0.2, 0.3], [0.2, 0.1, 0.3]], greater_is_better=False),
    "friedman_test": lambda: dict(table=RANKS, alpha=0.05, greater_is_better=False, tie_correction=False,
                                  names=["A", "B", "C"]),
    "friedman_null_rejection_rates": lambda: dict(k=3, n_datasets=4, alpha=0.05),
    "nemenyi_q": lambda: dict(k=3, alpha=0.05),
    "critical_difference": lambda: dict(k=3, n_datasets=4, alpha=0.05),
    "nemenyi_test": lambda: dict(table=RANKS, alpha=0.05, greater_is_better=False, names=["A", "B", "C"]),
    "simulate_paired_t_power": lambda: dict(folds=(2, 5), differences=(0.0, 0.05), n_samples=40, base_error=0.25,
                                            agreement=0.5, n_repeats=20, alpha=0.05, rng=0),
    "paired_test_state": lambda: dict(grid=fx("grid"), k=5, difference=0.05),
    # bias-variance
    "sine_function": lambda: dict(x=[0.0, 0.25, 0.5]),
    "fit_polynomials": lambda: dict(x_train=np.array([[0.0, 0.5, 1.0]]), y_train=np.array([[1.0, 2.0, 3.0]]),
                                    degree=1, x_eval=[0.25], x_range=(0.0, 1.0)),
    "decompose": lambda: dict(predictions=[[1.0, 2.0], [3.0, 2.0]], f_true=[1.0, 2.0]),
    "bias_variance_experiment": lambda: dict(degrees=[1, 3], n_sets=5, n_train=10, noise_sd=0.3,
                                             x_range=(0.0, 1.0), n_test=11, design="jittered", rng=0),
    "bias_variance_state": lambda: dict(result=fx("bv"), degree=3, n_curves=3),
    "point_decomposition": lambda: dict(result=fx("bv"), degree=1, x=0.1),
}

# ---------------------------------------------------------------------------------------
# the kind of each argument, and the bad values of each kind
# ---------------------------------------------------------------------------------------
KIND = {
    "metric": "object", "y_pred_or_score": "scores", "y_score_a": "scores", "y_score_b": "scores",
    "n_resamples": "size", "confidence": "prob", "fpr_grid": "numbers", "recall_grid": "numbers", "sample": "count",
    "y_true": "labels", "y_pred": "labels", "y": "labels", "y_pred_a": "labels", "y_pred_b": "labels",
    "y_score": "scores", "sample_weight": "weights", "labels": "label_list", "pos_label": "label",
    "neg_label": "label", "threshold": "real_inf", "zero_division": "zero_division",
    "average": "choice", "multioutput": "choice", "method": "choice", "gain": "choice",
    "alternative": "choice", "convention": "choice", "numerator": "choice", "design": "choice",
    "normalize": "choice", "multi_class": "choice",
    "beta": "nonneg_real_inf", "alpha": "prob", "test_size": "prob", "p": "prob", "epsilon0": "prob",
    "positive_rate": "prob", "max_fpr": "prob", "base_error": "prob", "agreement": "prob", "fnr": "prob",
    "k": "count", "degree": "count", "n_params": "count", "n_features": "count", "n_errors": "count",
    "n_pos": "count", "n_neg": "count", "n_informative": "count", "max_iter": "count",
    "repeats": "size", "n_datasets": "size", "m": "size", "max_degree": "size", "n_repeats": "size",
    "n_samples": "size", "n_sets": "size", "n_train": "size", "n_test": "size", "max_m": "size",
    "max_repeats": "size", "n_grid": "size", "n": "size", "n_curves": "size", "max_noise_features": "size",
    "rng": "rng",
    "fpr": "numbers", "tpr": "numbers", "x": "numbers", "errors": "numbers", "errors_a": "numbers",
    "errors_b": "numbers", "thresholds": "numbers", "grid": "numbers", "sizes": "numbers",
    "l2_values": "numbers", "test_sizes": "numbers", "x_eval": "numbers", "f_true": "numbers",
    "ranking": "numbers", "relevance_in_shown_order": "numbers", "ks": "numbers", "degrees": "numbers",
    "folds": "numbers", "differences": "numbers",
    "l2": "nonneg_real", "tol": "pos_real", "sigma2": "pos_real", "cost01": "pos_real", "cost10": "pos_real",
    "noise_sd": "nonneg_real", "distance": "real", "log_base": "pos_real", "relevant_threshold": "real",
    "difference": "real",
    "X": "matrix", "Xs": "matrix", "ys": "matrix", "designs": "object", "predictions": "matrix",
    "x_train": "matrix", "y_train": "matrix", "table": "matrix", "cost_matrix": "matrix",
    "ranked": "ids", "relevant": "id_set", "ranked_lists": "object", "relevant_sets": "object",
    "items": "names", "names": "names", "methods": "object", "x_range": "numbers",
    "learner": "object", "learner_a": "object", "learner_b": "object", "learners": "object",
    "scoring": "object", "population": "object", "study": "object", "result": "object",
    "counts": "object", "counts_list": "object", "table_or_y_true": "labels", "warn_for": "object",
    "tp": "count_or_real", "fp": "count_or_real", "fn": "count_or_real", "tn": "count_or_real",
    "stratify": "bool", "shuffle": "bool", "drop_intermediate": "bool", "ignore_ties": "bool",
    "force_finite": "bool", "correction": "bool", "greater_is_better": "bool", "tie_correction": "bool",
    "exact_proportion": "bool",
}
#: per-function exceptions to KIND
_CALIBRATION = ("calibration_curve", "brier_score_loss", "log_loss", "brier_decomposition",
                "expected_calibration_error", "temperature_state", "maximum_calibration_error",
                "multiclass_calibration_error", "reliability_intervals")
KIND_OVERRIDES = {
    ("prevalence_weights", "prevalence"): "prob",
    ("prevalence_state", "prevalence"): "prob",
    # ---- calibration: probabilities are scores (sharpen has no y_true to match), bins are sizes
    **{(f, a): kind for f in _CALIBRATION for a, kind in (("y_prob", "scores"), ("y_proba", "scores"),
                                                            ("n_bins", "size"), ("strategy", "choice"))},
    ("sharpen", "y_prob"): "numbers",
    ("brier_score_loss", "scale_by_half"): "bool", ("log_loss", "normalize"): "bool",
    ("PlattCalibrator", "input"): "choice",
    **{(f, "temperature"): "pos_real" for f in ("sharpen", "temperature_state", "simulate_scores")},
    ("simulate_scores", "prevalence"): "prob",
    # a number of test examples allocates nothing: 10**20 is answered (the normal limit), not refused
    ("binomial_test", "n_samples"): "count", ("binomial_test", "n_errors"): "count",
    ("oob_probability", "m"): "count",  # (1 - 1/m)**m for m = 10**20 is 1/e, not an allocation
    ("proportion_ci", "n"): "count", ("proportion_ci", "k"): "count",  # counts of trials: nothing allocated
    ("time_series_split", "test_size"): "count", ("time_series_split", "n_splits"): "count",
    ("time_series_split", "gap"): "count", ("time_series_split", "max_train_size"): "count",
    ("group_kfold_split", "groups"): "group_ids",   # ids may be floats (1.5), as in GroupKFold
    ("permutation_test", "learner"): "learner", ("permutation_test", "n_permutations"): "size",
    ("precision_at_recall", "min_recall"): "prob", ("recall_at_precision", "min_precision"): "prob",
    **{(f, a): "numbers" for f in ("mean_squared_error", "root_mean_squared_error", "mean_absolute_error",
                                   "r2_score", "adjusted_r2_score", "residual_sum_of_squares",
                                   "residual_variance", "gaussian_log_likelihood", "aic", "bic", "mallows_cp")
       for a in ("y_true", "y_pred")},
    **{(f, a): "matrix" for f in ("cumulative_gain", "dcg_score", "ndcg_score", "dcg_per_query", "ndcg_per_query")
       for a in ("y_true", "y_score")},
    ("roc_curve_multiclass", "y_score"): "matrix",
    ("auc", "y"): "numbers",
    ("fit_least_squares", "y"): "numbers",
    ("model_selection_table", "y"): "numbers",
    ("polynomial_selection", "y"): "numbers",
    ("noise_feature_r2", "y"): "numbers",
    ("noise_feature_r2", "X"): "numbers",
    ("polynomial_fit_state", "y"): "numbers",
    ("confusion_matrix", "normalize"): "choice",
    ("accuracy_score", "normalize"): "bool",
    ("zero_one_loss", "normalize"): "bool", ("top_k_accuracy_score", "normalize"): "bool",
    ("cohen_kappa_score", "y1"): "labels", ("cohen_kappa_score", "y2"): "labels",
    ("cohen_kappa_score", "weights"): "choice",
    ("cohen_kappa_score", "replace_undefined_by"): "object",
    ("class_likelihood_ratios", "replace_undefined_by"): "object",
    ("holdout_state", "stratify"): "bool",
    ("estimate_error", "learner"): "learner",
    ("compare_methods", "learner"): "learner",
    ("five_by_two_cv_errors", "learner_a"): "learner",
    ("five_by_two_cv_errors", "learner_b"): "learner",
    ("cv_paired_t_test", "learner_a"): "learner",
    ("cv_paired_t_test", "learner_b"): "learner",
    ("cut_point_state", "table"): "object",
    ("polynomial_fit_state", "table"): "object",
    ("paired_test_state", "grid"): "object",
    ("paired_test_state", "k"): "count",
    ("cv_state", "k"): "count",
    ("holdout_state", "test_size"): "prob",
    ("threshold_text", "thresholds"): "numbers_inf",
    ("point_decomposition", "x"): "real",
    ("best_cut", "thresholds"): "numbers_opt",
    ("cost_state", "thresholds"): "numbers_opt",
    ("cost_state", "n_pos"): "count_or_real",
    ("cost_state", "n_neg"): "count_or_real",
    ("bias_variance_state", "n_curves"): "count",
    ("critical_difference", "n_datasets"): "count",  # a huge N is legal: CD -> 0
    ("friedman_null_rejection_rates", "n_datasets"): "size",
    ("sine_function", "x"): "elementwise",
    ("t_test", "epsilon0"): "real",  # the mean of any errors, not only a rate
    ("repeated_kfold", "repeats"): "count",  # a lazy generator: a huge count is legal
    ("bias_variance_experiment", "function"): "object",
    ("paired_test_state", "bins"): "numbers",
    ("normalized_cost", "fpr"): "prob",
    ("bootstrap_state", "n_samples"): "size",
    ("simulate_estimators", "n"): "size",
}


def _first(v, x):
    """``v`` with its first element replaced by ``x`` (1-D or nested)."""
    arr = np.array(v, dtype=object)
    arr.flat[0] = x
    return arr.tolist()


def _shorter(v):
    v = list(v)
    return v[:-1]


#: bad values of each kind: (id, function of the valid value -> bad value)
BAD = {
    "group_ids": [("None", lambda v: None), ("str", lambda v: "0101"), ("empty", lambda v: []),
                  ("nan", lambda v: _first(v, np.nan)), ("complex", lambda v: _first(v, 1j)),
                  ("mixed", lambda v: _first(v, "a")), ("nested", lambda v: [list(v)] * 2),
                  ("dict", lambda v: {"a": 1})],
    "labels": [("None", lambda v: None), ("str", lambda v: "0101"), ("empty", lambda v: []),
               ("nan", lambda v: _first(v, np.nan)), ("complex", lambda v: _first(v, 1j)),
               ("mixed", lambda v: _first(v, "a")), ("nested", lambda v: [list(v)] * 2),
               ("continuous", lambda v: _first(v, 0.5)), ("dict", lambda v: {"a": 1})],
    "scores": [("None", lambda v: None), ("empty", lambda v: []), ("nan", lambda v: _first(v, np.nan)),
               ("inf", lambda v: _first(v, np.inf)),
               ("complex", lambda v: _first(v, 0.5 + 1j)), ("str", lambda v: [str(s) for s in v]),
               ("shorter", _shorter)],
    "numbers": [("None", lambda v: None), ("empty", lambda v: []), ("nan", lambda v: _first(v, np.nan)),
                ("inf", lambda v: _first(v, np.inf)), ("dict", lambda v: {"a": 1}),
                ("complex", lambda v: _first(v, 0.5 + 1j)), ("str", lambda v: _first(v, "0.5"))],
    "numbers_inf": [("None", lambda v: None), ("empty", lambda v: []), ("nan", lambda v: _first(v, np.nan)),
                    ("complex", lambda v: _first(v, 0.5 + 1j)), ("str", lambda v: _first(v, "0.5"))],
    "numbers_opt": [("empty", lambda v: []), ("nan", lambda v: _first(v, np.nan)),
                    ("complex", lambda v: _first(v, 0.5 + 1j)), ("str", lambda v: _first(v, "0.5"))],
    "elementwise": [("None", lambda v: None), ("nan", lambda v: _first(v, np.nan)),
                    ("complex", lambda v: _first(v, 0.5 + 1j)), ("str", lambda v: _first(v, "0.5"))],
    "names": [("str", lambda v: "ABCDEF"), ("shorter", _shorter)],
    "matrix": [("None", lambda v: None), ("nan", lambda v: _first(v, np.nan)),
               ("complex", lambda v: _first(v, 0.5 + 1j)), ("str", lambda v: _first(v, "a"))],
    "weights": [("negative", lambda v: _first(v, -1.0)), ("nan", lambda v: _first(v, np.nan)),
                ("inf", lambda v: _first(v, np.inf)), ("dict", lambda v: {"a": 1}),
                ("complex", lambda v: _first(v, 1j)), ("str", lambda v: [str(w) for w in v]),
                ("shorter", _shorter), ("scalar", lambda v: 1.0)],
    "label_list": [("empty", lambda v: []), ("mixed", lambda v: _first(v, "a")),
                   ("nan", lambda v: _first(v, np.nan)), ("complex", lambda v: _first(v, 1j))],
    "label": [("list", lambda v: [v]), ("complex", lambda v: 1j), ("nan", lambda v: np.nan),
              ("str", lambda v: str(v))],
    "bool": [("str_False", lambda v: "False"), ("str_no", lambda v: "no"), ("float", lambda v: 1.5)],
    "choice": [("unknown", lambda v: "nonsense"), ("int", lambda v: 3)],
    "zero_division": [("half", lambda v: 0.5), ("str_nan", lambda v: "nan"), ("list", lambda v: [0])],
    "prob": [("negative", lambda v: -0.1), ("above_one", lambda v: 1.5), ("nan", lambda v: np.nan),
             ("str", lambda v: "0.5"), ("complex", lambda v: 0.5j), ("bool", lambda v: True)],
    "count": [("str", lambda v: "3"), ("float", lambda v: 2.5), ("negative", lambda v: -5),
              ("nan", lambda v: np.nan), ("bool", lambda v: True)],
    "size": [("str", lambda v: "3"), ("float", lambda v: 2.5), ("negative", lambda v: -5),
             ("nan", lambda v: np.nan), ("bool", lambda v: True), ("huge", lambda v: 10**20)],
    "count_or_real": [("str", lambda v: "3"), ("negative", lambda v: -5), ("nan", lambda v: np.nan),
                      ("bool", lambda v: True), ("complex", lambda v: 1j)],
    "real": [("nan", lambda v: np.nan), ("str", lambda v: "1"), ("complex", lambda v: 1j),
             ("bool", lambda v: True), ("inf", lambda v: np.inf)],
    "real_inf": [("nan", lambda v: np.nan), ("str", lambda v: "1"), ("complex", lambda v: 1j),
                 ("bool", lambda v: True)],
    "nonneg_real": [("negative", lambda v: -1.0), ("nan", lambda v: np.nan), ("str", lambda v: "1"),
                    ("complex", lambda v: 1j), ("inf", lambda v: np.inf), ("bool", lambda v: True)],
    "nonneg_real_inf": [("negative", lambda v: -1.0), ("nan", lambda v: np.nan), ("str", lambda v: "1"),
                        ("complex", lambda v: 1j), ("bool", lambda v: True)],
    "pos_real": [("zero_or_negative", lambda v: -1.0), ("nan", lambda v: np.nan), ("str", lambda v: "1"),
                 ("complex", lambda v: 1j), ("inf", lambda v: np.inf), ("bool", lambda v: True)],
    "rng": [("str", lambda v: "0"), ("negative", lambda v: -1), ("float", lambda v: 1.5),
            ("bool", lambda v: True)],
    "ids": [("None", lambda v: None), ("str", lambda v: "abcd"), ("mixed", lambda v: _first(v, 1))],
    "id_set": [("None", lambda v: None), ("str", lambda v: "ac"), ("int", lambda v: 5)],
    "learner": [("str", lambda v: "logistic"), ("int", lambda v: 3)],
    "object": [("str", lambda v: "x")],
    "text": [("int", lambda v: 3), ("list", lambda v: ["a"])],
}


#: other names a message may use for an argument
ALIASES = {
    ("fbeta_curve", "table_or_y_true"): ("y_true", "table"),
}


# ---------------------------------------------------------------------------------------
# the explorers' constructors (learnmetrics.widgets.<subject>), same machinery
# ---------------------------------------------------------------------------------------
VALID_EXPLORERS = {
    "TemperatureExplorer": ("calibration", lambda: dict(y_true=Y, y_prob=PR, temperatures=[0.5, 1.0, 2.0],
                                                        temperature=1.0, n_bins=3)),
    "AucSamplingExplorer": ("uncertainty", lambda: dict(sizes=[17, 60], n=17, sample=0, distance=1.2, n_datasets=20,
                                                        n_resamples=50, rng=0)),
    "PrevalenceExplorer": ("prevalence", lambda: dict(y_true=Y, y_score=S, threshold=0.5, prevalences=[0.01, 0.1],
                                                      prevalence=0.1, pos_label=1)),
    "ThresholdExplorer": ("threshold", lambda: dict(y_true=Y, y_score=S, ids=list("abcdef"), threshold=0.5,
                                                    step=0.01, names=("positive", "negative"), pos_label=1)),
    "CutPointExplorer": ("curves", lambda: dict(y_true=Y, y_score=S, ids=list("abcdef"), pos_label=1,
                                                sample_weight=[1.0] * 6, k=0)),
    "FBetaExplorer": ("curves", lambda: dict(y_true=Y, y_score=S, beta=1.0, pos_label=1, sample_weight=[1.0] * 6)),
    "CostCurveExplorer": ("cost", lambda: dict(y_true=Y, y_score=S, pos_label=1, sample_weight=[1.0] * 6,
                                               ratio=1.0, prior=0.5, names=("positive", "negative"))),
    "RankedListExplorer": ("ranking", lambda: dict(items=list("abcdef"), relevance=[3, 2, 3, 0, 1, 2],
                                                   scores=[0.9, 0.8, 0.7, 0.6, 0.5, 0.4], k=3,
                                                   gain="exponential", relevant_threshold=1, seed=0)),
    "PolynomialDegreeExplorer": ("regression", lambda: dict(x=fx("x12"), y=np.cos(3 * fx("x12")), max_degree=3,
                                                            degree=1)),
    "HoldoutExplorer": ("evaluation", lambda: dict(study=fx("holdout_study"), test_size=0.5, stratify=True)),
    "CVExplorer": ("evaluation", lambda: dict(study=fx("cv_study"), k=5, repeats=2)),
    "BootstrapExplorer": ("evaluation", lambda: dict(m=10, max_m=20, n_samples=20, rng=0)),
    "PairedTestExplorer": ("compare", lambda: dict(grid=fx("grid"), k=5, difference=0.05)),
    "BiasVarianceExplorer": ("bias_variance", lambda: dict(result=fx("bv"), degree=3, n_curves=3)),
    "ConstraintExplorer": ("practice", lambda: dict(targets=[0.7, 0.9], target=0.9, n_val=50, n_repeats=5, rng=0)),
    "LeakageExplorer": ("practice", lambda: dict(keeps=[2, 5], keep=5, n_datasets=2, rng=0)),
}
EXPLORER_KIND = {
    ("TemperatureExplorer", "y_prob"): "scores", ("TemperatureExplorer", "temperatures"): "numbers",
    ("TemperatureExplorer", "temperature"): "pos_real", ("TemperatureExplorer", "n_bins"): "size",
    ("AucSamplingExplorer", "sizes"): "numbers", ("AucSamplingExplorer", "n"): "count",
    ("AucSamplingExplorer", "sample"): "count", ("AucSamplingExplorer", "distance"): "real",
    ("AucSamplingExplorer", "n_datasets"): "size", ("AucSamplingExplorer", "n_resamples"): "size",
    ("ThresholdExplorer", "ids"): "names", ("CutPointExplorer", "ids"): "names",
    ("ThresholdExplorer", "step"): "pos_real", ("ThresholdExplorer", "threshold"): "real",
    ("CostCurveExplorer", "ratio"): "pos_real", ("CostCurveExplorer", "prior"): "prob",
    ("PrevalenceExplorer", "prevalences"): "numbers", ("PrevalenceExplorer", "prevalence"): "prob",
    ("PrevalenceExplorer", "threshold"): "real",
    ("ConstraintExplorer", "targets"): "numbers", ("ConstraintExplorer", "target"): "prob",
    ("ConstraintExplorer", "n_val"): "size", ("LeakageExplorer", "keeps"): "numbers", ("LeakageExplorer", "keep"): "count",
    ("RankedListExplorer", "items"): "ids", ("RankedListExplorer", "relevance"): "numbers",
    ("RankedListExplorer", "scores"): "scores", ("RankedListExplorer", "seed"): "rng",
    ("PolynomialDegreeExplorer", "y"): "numbers", ("PolynomialDegreeExplorer", "x"): "numbers",
    ("HoldoutExplorer", "test_size"): "prob", ("CVExplorer", "k"): "count", ("CVExplorer", "repeats"): "count",
    ("BootstrapExplorer", "m"): "count", ("BootstrapExplorer", "max_m"): "size",
    ("PairedTestExplorer", "grid"): "object", ("PairedTestExplorer", "k"): "count",
    ("BiasVarianceExplorer", "result"): "object", ("BiasVarianceExplorer", "n_curves"): "count",
    ("CutPointExplorer", "title"): "text", ("PolynomialDegreeExplorer", "xlabel"): "text",
    ("PolynomialDegreeExplorer", "ylabel"): "text",
}


@functools.cache
def _explorer(name):
    import importlib

    module = importlib.import_module(f"learnmetrics.widgets.{VALID_EXPLORERS[name][0]}")
    return getattr(module, name)


def _explorer_cases():
    import learnmetrics.widgets  # noqa: F401 - fails here, not at collection, if widgets break

    for name in sorted(VALID_EXPLORERS):
        try:
            cls = _explorer(name)
        except (ImportError, AttributeError):
            continue
        for arg, p in inspect.signature(cls).parameters.items():
            kind = EXPLORER_KIND.get((name, arg)) or KIND_OVERRIDES.get((name, arg)) or KIND.get(arg)
            if kind is None and isinstance(p.default, bool):
                kind = "bool"
            if kind is None:
                continue
            for bad_id, _ in BAD[kind]:
                if bad_id == "None" and p.default is None:
                    continue
                yield name, arg, kind, bad_id


def _kind(func_name, arg):
    return KIND_OVERRIDES.get((func_name, arg), KIND.get(arg))


def _public_callables():
    out = {}
    names = {name: getattr(lm, name) for name in lm.__all__}
    for module in (*lm.SUBJECTS, lm.bias_variance, lm.imbalance, lm.learners):
        names.update((name, getattr(module, name)) for name in module.__all__)
    for name, obj in sorted(names.items()):
        if not callable(obj) or (isinstance(obj, type) and issubclass(obj, Warning)):
            continue
        # result containers (frozen dataclasses returned by the functions) take no user input,
        # except BinaryCounts, which users build by hand
        if isinstance(obj, type) and dataclasses.is_dataclass(obj) and name != "BinaryCounts":
            continue
        out[name] = obj
    return out


PUBLIC = _public_callables()


def _cases():
    for fname in sorted(VALID):
        if fname not in PUBLIC:
            continue
        params = inspect.signature(PUBLIC[fname]).parameters
        for arg, p in params.items():
            kind = _kind(fname, arg)
            # every flag (a bool default) is tested even if the valid call leaves it out
            if kind is None and isinstance(p.default, bool):
                kind = "bool"
            if kind is None:
                continue
            for bad_id, _ in BAD[kind]:
                if bad_id == "None" and p.default is None:
                    continue  # None is this argument's documented default
                yield fname, arg, kind, bad_id


# ---------------------------------------------------------------------------------------
# known failures in modules whose owners are fixing them (strict xfail: remove when fixed)
# ---------------------------------------------------------------------------------------
def _known(reason, *ids):
    return {cid: reason for cid in ids}


KNOWN_FAILURES: dict[str, str] = {
}


def _case_id(fname, arg, bad_id):
    return f"{fname}-{arg}-{bad_id}"


def _params():
    out = []
    for fname, arg, kind, bad_id in _cases():
        cid = _case_id(fname, arg, bad_id)
        marks = ()
        if cid in KNOWN_FAILURES:
            marks = (pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[cid]),)
        out.append(pytest.param(fname, arg, kind, bad_id, id=cid, marks=marks))
    return out


def _explorer_params():
    out = []
    try:
        cases = list(_explorer_cases())
    except ImportError:  # ipywidgets/matplotlib missing: the tests below skip
        return []
    for name, arg, kind, bad_id in cases:
        cid = f"explorer-{name}-{arg}-{bad_id}"
        marks = ()
        if cid in KNOWN_FAILURES:
            marks = (pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[cid]),)
        out.append(pytest.param(name, arg, kind, bad_id, id=cid, marks=marks))
    return out


class _OverBudget(Exception):
    pass


@contextlib.contextmanager
def _budget(seconds=BUDGET, headroom=MEMORY_HEADROOM):
    """Abort the call after ``seconds`` (SIGALRM) and cap the address space it may add."""
    if resource is None or not hasattr(signal, "SIGALRM"):  # pragma: no cover - not POSIX
        yield
        return

    def on_alarm(signum, frame):
        raise _OverBudget(f"took more than {seconds} s: work done before the check?")

    old_handler = signal.signal(signal.SIGALRM, on_alarm)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    try:
        with open("/proc/self/statm") as fh:
            used = int(fh.read().split()[0]) * resource.getpagesize()
        cap = used + headroom
        if hard == resource.RLIM_INFINITY or cap < hard:
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (OSError, ValueError):  # pragma: no cover - no /proc
        pass
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _call(f, kwargs):
    """Call (and exhaust a generator) with warnings silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = f(**kwargs)
        if inspect.isgenerator(out):
            next(out, None)  # a generator checks its arguments on the first step
    return out


def _names_arg(msg: str, arg: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9_]){re.escape(arg)}(?![A-Za-z0-9_])", msg) is not None


# ---------------------------------------------------------------------------------------
# the tests
# ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module", autouse=True)
def _warm_up():
    """Start NumPy's BLAS threads outside the memory ceiling (their stacks are address space)."""
    a = np.eye(8) + 0.1
    np.linalg.solve(a @ a.T, np.ones(8))
    np.linalg.lstsq(np.ones((20, 3)), np.ones(20), rcond=None)


def test_every_public_function_has_a_valid_call():
    missing = sorted(set(PUBLIC) - set(VALID))
    assert not missing, f"add a valid call to VALID for: {missing}"


@pytest.mark.parametrize("fname", sorted(VALID))
def test_valid_call_works(fname):
    if fname not in PUBLIC:
        pytest.skip(f"{fname} is not public (any more)")
    _call(PUBLIC[fname], VALID[fname]())


@pytest.mark.parametrize("fname,arg,kind,bad_id", _params())
def test_bad_argument_is_refused_by_name(fname, arg, kind, bad_id):
    _check_refused(fname, PUBLIC[fname], VALID[fname](), arg, kind, bad_id)


@pytest.mark.parametrize("name", sorted(VALID_EXPLORERS))
def test_explorer_valid_call_works(name):
    pytest.importorskip("ipywidgets")
    import matplotlib.pyplot as plt

    try:
        _call(_explorer(name), VALID_EXPLORERS[name][1]())
    finally:
        plt.close("all")


@pytest.mark.parametrize("name,arg,kind,bad_id", _explorer_params())
def test_explorer_bad_argument_is_refused_by_name(name, arg, kind, bad_id):
    import matplotlib.pyplot as plt

    try:
        _check_refused(name, _explorer(name), VALID_EXPLORERS[name][1](), arg, kind, bad_id)
    finally:
        plt.close("all")


def _check_refused(fname, f, kwargs, arg, kind, bad_id):
    make_bad = dict(BAD[kind])[bad_id]
    valid_value = kwargs.get(arg, inspect.signature(f).parameters[arg].default)
    kwargs[arg] = make_bad(valid_value)
    start = time.perf_counter()
    try:
        with _budget():
            _call(f, kwargs)
    except (TypeError, ValueError) as exc:
        elapsed = time.perf_counter() - start
        names = (arg, *ALIASES.get((fname, arg), ()))
        assert any(_names_arg(str(exc), a) for a in names), (
            f"the message does not name {arg!r}: {type(exc).__name__}: {exc}"
        )
        assert elapsed < BUDGET
        return
    except MemoryError:
        pytest.fail(f"{fname}({arg}={kwargs[arg]!r}) allocated too much before refusing")
    except _OverBudget as exc:
        pytest.fail(f"{fname}({arg}=...) {exc}")
    except Exception as exc:  # noqa: BLE001
        pytest.fail(f"{fname}({arg}={kwargs[arg]!r}) raised {type(exc).__name__}: {exc}")
    pytest.fail(f"{fname}({arg}={kwargs[arg]!r}) was accepted")


# ---------------------------------------------------------------------------------------
# one rule for mixed labels: the same TypeError in every module
# ---------------------------------------------------------------------------------------
def _mixed_label_params():
    out = []
    for fname, arg, kind, bad_id in _cases():
        if bad_id == "mixed" and kind in ("labels", "label_list", "group_ids"):
            cid = _case_id(fname, arg, bad_id)
            marks = (pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[cid]),) if cid in KNOWN_FAILURES else ()
            out.append(pytest.param(fname, arg, kind, id=cid, marks=marks))
    return out


@pytest.mark.parametrize("fname,arg,kind", _mixed_label_params())
def test_mixed_labels_are_refused_the_same_way(fname, arg, kind):
    f = PUBLIC[fname]
    kwargs = VALID[fname]()
    valid_value = kwargs.get(arg, inspect.signature(f).parameters[arg].default)
    if valid_value is None:  # an optional label list left out of the valid call: mix a real one
        valid_value = [0, 1]
    kwargs[arg] = dict(BAD[kind])["mixed"](valid_value)
    names = "|".join(re.escape(a) for a in (arg, *ALIASES.get((fname, arg), ())))
    with pytest.raises(TypeError, match=rf"(?<![A-Za-z_])({names}) mixes strings and numbers"):
        _call(f, kwargs)


# ---------------------------------------------------------------------------------------
# the cases reported in issue 12, one by one
# ---------------------------------------------------------------------------------------
def _widget(module, name):
    pytest.importorskip("ipywidgets")
    import importlib

    return getattr(importlib.import_module(f"learnmetrics.widgets.{module}"), name)


MC_Y = [0, 1, 2, 2]
MC_S = [[.6, .3, .1], [.2, .5, .3], [.1, .2, .7], [.3, .4, .3]]
ISSUE_CASES = [
    # (id, call, exception, regex the message must match)
    ("precision_at_k-mixed-ids", lambda: lm.precision_at_k(["a", 1], {1}, k=2), TypeError, "ranked"),
    ("recall_at_k-mixed-ids", lambda: lm.recall_at_k(["a", 1], {1}, k=2), TypeError, "ranked"),
    ("average_precision-mixed-ids", lambda: lm.average_precision(["a", 1], {1}), TypeError, "ranked"),
    ("reciprocal_rank-mixed-ids", lambda: lm.reciprocal_rank(["a", 1], {1}), TypeError, "ranked"),
    ("map-mixed-ids", lambda: lm.mean_average_precision([["a", 1]], [{1}]), TypeError, "ranked"),
    ("mrr-mixed-ids", lambda: lm.mean_reciprocal_rank([["a", 1]], [{1}]), TypeError, "ranked"),
    ("relevant-mixed-ids", lambda: lm.precision_at_k(["a", "b"], {"a", 1}, k=2), TypeError, "relevant"),
    ("RankedListExplorer-mixed-items",
     lambda: _widget("ranking", "RankedListExplorer")(items=["a", 1, 2], relevance=[1, 0, 1]), TypeError, "items"),
    ("mcnemar_table-str-vs-int",
     lambda: lm.mcnemar_table(["0", "1", "1", "0"], [0, 1, 1, 0], [0, 1, 0, 0]), TypeError, "y_true.*y_pred_a"),
    ("accuracy_score-str-vs-int", lambda: lm.accuracy_score(["0", "1"], [0, 1]), TypeError, "y_true.*y_pred"),
    ("roc_auc_score-complex", lambda: lm.roc_auc_score([0, 1, 0, 1], [0.1 + 5j, .2, .3, .4]), TypeError, "y_score"),
    ("roc_curve-object-01-labels-work",
     lambda: _must_work(lm.roc_curve, np.array([0, 1, 0, 1], dtype=object), [0.1, 0.2, 0.3, 0.4]), None, None),
    ("roc_curve_multiclass-class-missing-from-labels",
     lambda: lm.roc_curve_multiclass(MC_Y, MC_S, labels=[0, 1, 3]), ValueError, r"labels"),
    ("roc_curve_multiclass-duplicate-labels",
     lambda: lm.roc_curve_multiclass(MC_Y, MC_S, labels=[0, 1, 1]), ValueError, r"labels"),
    ("roc_curve_multiclass-y_true-not-in-labels",
     lambda: lm.roc_curve_multiclass([0, 1, 3, 3], MC_S, labels=[0, 1, 2]), ValueError, r"labels"),
    ("rank_table-flag-str", lambda: lm.rank_table([[1, 2], [2, 1]], greater_is_better="False"), TypeError,
     "greater_is_better"),
    ("friedman_test-flag-str", lambda: lm.friedman_test([[1, 2, 3], [1, 2, 3]], tie_correction="no"), TypeError,
     "tie_correction"),
    ("LogisticRegression-l2-inf", lambda: lm.learners.LogisticRegression(l2=np.inf), ValueError, "l2"),
    ("LogisticRegression-max_iter-negative", lambda: lm.learners.LogisticRegression(max_iter=-5), ValueError, "max_iter"),
    ("oob_probability-inf", lambda: lm.oob_probability(np.inf), (TypeError, ValueError), r"\bm\b"),
    ("population-positive_rate", lambda: lm.evaluation.two_gaussians_population(positive_rate=1.5), ValueError,
     "positive_rate"),
    ("polynomial_selection-max_degree-1000",
     lambda: lm.regression.polynomial_selection(np.arange(6.0), np.arange(6.0), 1000), ValueError, "max_degree"),
    ("polynomial_selection-max_degree-1e20",
     lambda: lm.regression.polynomial_selection(np.arange(6.0), np.arange(6.0), 10**20), ValueError, "max_degree"),
    ("polynomial_selection-lengths-name-x-and-y",
     lambda: lm.regression.polynomial_selection(np.arange(6.0), np.arange(4.0), 2), ValueError, r"\bx\b.*\by\b"),
    ("repeated_kfold-huge-repeats-is-lazy",
     lambda: _must_work(lambda: next(iter(lm.repeated_kfold([0, 1] * 5, k=5, repeats=10**20, rng=0)))),
     None, None),
    ("ThresholdExplorer-lengths",
     lambda: _widget("threshold", "ThresholdExplorer")([0, 1, 1], [0.1, 0.2]), ValueError, "y_score"),
    ("ThresholdExplorer-nan-score",
     lambda: _widget("threshold", "ThresholdExplorer")([0, 1], [0.1, np.nan]), ValueError, "y_score"),
    ("confusion_matrix-int-weights-near-2**53",
     lambda: _must_equal(lm.confusion_matrix([0, 1], [0, 1], sample_weight=[2**53 + 1, 1]).tolist(),
                         [[2**53 + 1, 0], [0, 1]]), None, None),
    ("fbeta_score-huge-beta-is-recall",
     lambda: _must_equal(lm.fbeta_score([0, 1, 1], [1, 1, 0], beta=1e200), 0.5), None, None),
    ("accuracy_score-normalize-str", lambda: lm.accuracy_score([0, 1], [0, 1], normalize="False"), TypeError,
     "normalize"),
    # issue 28
    ("bootstrap_ci-metric-returns-str",
     lambda: lm.bootstrap_ci(lambda t, p: "0.5", Y, P, n_resamples=10, rng=0), TypeError, "metric"),
    ("bootstrap_ci-metric-wrong-signature",
     lambda: lm.bootstrap_ci(lambda t: 0.5, Y, P, n_resamples=10, rng=0), TypeError, "metric"),
    ("PlattCalibrator-weights-leave-one-class",
     lambda: lm.PlattCalibrator().fit(S, Y, sample_weight=[1, 0, 0, 1, 0, 1]), ValueError, "sample_weight"),
    ("log_loss-one-column-works", lambda: _must_work(lm.log_loss, [0, 1], [[0.2], [0.8]]), None, None),
]


def _must_work(f, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args)


def _must_equal(got, expected):
    assert got == expected, (got, expected)


@pytest.mark.parametrize("call,exc,match", [pytest.param(c, e, m, id=i) for i, c, e, m in ISSUE_CASES])
def test_issue_12_cases(call, exc, match):
    try:
        with _budget():
            if exc is None:
                call()
                return
            with pytest.raises(exc, match=match):
                call()
    finally:
        if "matplotlib.pyplot" in __import__("sys").modules:
            __import__("matplotlib.pyplot").pyplot.close("all")


# ---------------------------------------------------------------------------------------
# extreme but legal arguments: the right limit (or a clear error), never NaN or a crash
# ---------------------------------------------------------------------------------------
EXTREME_CASES = [
    # (id, call, check of the result)
    ("fbeta_score-beta-1e300", lambda: lm.fbeta_score(Y, P, beta=1e300), lambda r: r == lm.recall_score(Y, P)),
    ("fbeta_score-beta-1e-300", lambda: lm.fbeta_score(Y, P, beta=1e-300),
     lambda r: r == lm.precision_score(Y, P)),
    ("BinaryCounts.fbeta-beta-1e300", lambda: lm.classification.BinaryCounts(1, 1, 2, 1).fbeta(1e300), lambda r: abs(r - 1 / 3) < 1e-12),
    ("fbeta_curve-beta-1e200", lambda: lm.fbeta_curve(Y, S, beta=1e200, pos_label=1),
     lambda r: np.isfinite(r).all()),
    ("rates-counts-beyond-2**53", lambda: lm.rates((2**80, 1, 1, 1)), lambda r: r.fnr == 1 / (2**80 + 1)),
    ("confusion_matrix-weights-beyond-2**53", lambda: lm.confusion_matrix([0, 1], [0, 1], sample_weight=[2**60 + 1, 1]),
     lambda r: int(r[0, 0]) == 2**60 + 1),
    ("critical_difference-huge-N", lambda: lm.critical_difference(3, 10**20), lambda r: 0 < r < 1e-9),
    ("r2_score-huge-values", lambda: lm.r2_score([1e200, 0, 1], [-1e200, 0, 1]), lambda r: abs(r + 5) < 1e-9),
    ("binomial_test-huge-n", lambda: lm.binomial_test(10**18, 10**19, epsilon0=0.1),
     lambda r: 0 <= r.p_value <= 1),
    ("oob_probability-huge-m", lambda: lm.oob_probability(10**20), lambda r: abs(float(r) - np.exp(-1)) < 1e-9),
    # issue 28: tiny or huge weights change no ratio
    ("matthews_corrcoef-weights-1e-150", lambda: lm.matthews_corrcoef(Y, P, sample_weight=np.full(6, 1e-150)),
     lambda r: abs(r - lm.matthews_corrcoef(Y, P)) < 1e-15),
    ("cohen_kappa_score-weights-1e154", lambda: lm.cohen_kappa_score(Y, P, sample_weight=np.full(6, 1e154)),
     lambda r: abs(r - lm.cohen_kappa_score(Y, P)) < 1e-15),
    ("class_likelihood_ratios-weights-1e-170",
     lambda: lm.class_likelihood_ratios(Y, P, sample_weight=np.full(6, 1e-170)),
     lambda r: np.allclose(r, lm.class_likelihood_ratios(Y, P), rtol=1e-15)),
]
EXTREME_KNOWN: dict[str, str] = {}


@pytest.mark.parametrize(
    "call,check",
    [pytest.param(c, k, id=i, marks=(pytest.mark.xfail(strict=True, reason=EXTREME_KNOWN[i]),)
                  if i in EXTREME_KNOWN else ()) for i, c, k in EXTREME_CASES],
)
def test_extreme_but_legal_arguments(call, check):
    with _budget(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = call()
    assert check(result), result


def test_the_budget_itself_catches_huge_allocations_and_slow_work():
    if resource is None or not hasattr(signal, "SIGALRM"):  # pragma: no cover
        pytest.skip("POSIX only")
    with pytest.raises(MemoryError):
        with _budget():
            np.ones(10**9)  # 8 GB
    with pytest.raises(_OverBudget):
        with _budget(seconds=0.2):
            while True:
                pass
    np.ones(10**7)  # the ceiling is lifted afterwards
