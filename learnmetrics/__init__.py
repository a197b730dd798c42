"""learnmetrics: how machine-learning models are evaluated, step by step.

The package behind the course's notebooks. ``import learnmetrics as lm`` and
``lm.<name>`` gives what a practitioner calls, as ``sklearn.metrics`` does:

* measures for labels: ``accuracy_score``, ``precision_score``, ``f1_score``,
  ``fbeta_score``, ``confusion_matrix``, ``matthews_corrcoef`` ... (from
  ``learnmetrics.classification``), cost-sensitive error and cost curves
  (``learnmetrics.cost``);
* curves and areas for scores: ``roc_curve``, ``roc_auc_score``,
  ``precision_recall_curve``, ``average_precision_score``,
  ``break_even_point``, ``stepping_table``, ``rank_loss``
  (``learnmetrics.curves``); ranking measures (``ndcg_score``, MAP, MRR:
  ``learnmetrics.ranking``); regression measures and AIC/BIC/C_p
  (``learnmetrics.regression``);
* uncertainty and calibration: ``bootstrap_ci``, ``roc_auc_ci``,
  ``delong_test`` (``learnmetrics.uncertainty``), ``calibration_curve``,
  ``brier_score_loss``, ``log_loss``, the Platt and isotonic calibrators
  (``learnmetrics.calibration``);
* splits and tests: ``holdout_split``, ``kfold_split``, ``bootstrap_split``
  (``learnmetrics.splits``), ``estimate_error`` (``learnmetrics.evaluation``),
  ``binomial_test``, ``paired_t_test``, ``mcnemar_test``, ``friedman_test``,
  ``nemenyi_test`` (``learnmetrics.compare``);
* evaluation in practice (chapter 13): grouped and time-ordered splits
  (``group_kfold_split``, ``time_series_split``), ``permutation_test``, an
  interval for one rate (``proportion_ci``), and choosing the operating point
  (``learnmetrics.operating_point``): ``det_curve``,
  ``confusion_matrix_at_thresholds``, ``equal_error_rate``,
  ``precision_at_recall``, ``recall_at_precision``, ``cumulative_gains_curve``,
  ``lift_curve``, ``ks_statistic``.

The course's own machinery stays in its subject module and out of the top
level: the explorers' pure state functions (``learnmetrics.curves.cut_point_state``,
``learnmetrics.evaluation.holdout_state`` ...), the simulation studies
(``learnmetrics.evaluation.holdout_study``, ``learnmetrics.bias_variance``),
the prevalence study (``learnmetrics.imbalance``), the result classes, and the toy
learner ``learnmetrics.learners.LogisticRegression``.
Plotting lives in ``learnmetrics.plotting``, the interactive explorers in
``learnmetrics.widgets`` and the exercises in ``learnmetrics.exercises``; they
are imported only when asked for, so ``import learnmetrics`` stays fast.
The data sets of the course are in ``learnmetrics.datasets``.
``learnmetrics.set_language("zh")`` is the course's one language switch: the
explorers' read-outs and controls and the exercises' messages follow it.

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
from . import (bias_variance, calibration, classification, compare, comparison_studies, cost, curves, datasets,
               evaluation, imbalance, learners, operating_point, ranking, regression, report, splits, uncertainty)
from ._language import get_language, set_language
from ._validation import UndefinedMetricWarning

__version__ = "0.1.0"

#: the subject modules whose public names (their ``__all__``) are re-exported at the top level,
#: less the course's machinery in ``COURSE_ONLY``
SUBJECTS = (classification, curves, cost, ranking, regression, uncertainty, calibration, splits, evaluation, compare,
            comparison_studies, operating_point, report)

#: names each subject module exports for the course (explorer states, studies, result classes,
#: simulation helpers): importable from the module, never shown as ``lm.<name>``
COURSE_ONLY = frozenset("""
    BinaryCounts Rates MacroMicro ThresholdState threshold_state
    SteppingTable CutPoint cut_point_state BreakEvenPoint MulticlassRoc roc_tpr_on_grid threshold_text
    CostEnvelope BestCut CostState cost_state
    scores_from_ranking RankedListState ranked_list_state
    METHODS ErrorEstimate compare_methods estimate_error_many GaussianPopulation two_gaussians_population
    EstimatorStudy simulate_estimators learning_curve_true_error L2Tuning tune_l2 HoldoutStudy HoldoutState
    holdout_study holdout_state CVStudy CVState cv_study cv_state BootstrapState bootstrap_state
    polynomial_features LeastSquaresFit fit_least_squares SelectionTable model_selection_table
    polynomial_selection noise_feature_r2 PolynomialFitState polynomial_fit_state
    TestResult FriedmanResult NemenyiResult FriedmanNullRates friedman_null_rejection_rates PowerGrid
    PairedTestState simulate_paired_t_power paired_test_state
    BootstrapResult DelongResult CurveBand auc_sampling_state AucSamplingState
    BrierDecomposition sharpen TemperatureState temperature_state cost_threshold simulate_scores
    EqualErrorRate OperatingPoint KSStatistic ProportionInterval PermutationTest
    EvaluationReport RateInterval
""".split())

# the course's studies of the 2.4 tests and its second learner moved out of compare (the tests
# stand alone there); their old paths, learnmetrics.compare.simulate_paired_t_power and
# learnmetrics.compare.NearestCentroid, keep working for code written before the move
for _name in comparison_studies.__all__:
    setattr(compare, _name, getattr(comparison_studies, _name))
compare.NearestCentroid = learners.NearestCentroid

__all__ = ["UndefinedMetricWarning", "__version__", "set_language", "get_language"]
for _module in SUBJECTS:
    for _name in _module.__all__:
        if _name not in COURSE_ONLY:
            globals()[_name] = getattr(_module, _name)
            __all__.append(_name)
del _module, _name


def __dir__():
    return sorted(set(__all__) | {m.__name__.rsplit(".", 1)[1] for m in SUBJECTS}
                  | {"bias_variance", "datasets", "imbalance", "learners"})
