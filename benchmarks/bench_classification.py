"""Timing of learnmetrics.classification against sklearn.metrics.

Run:  .venv/bin/python benchmarks/bench_classification.py            (n = 1e3, 1e5, 1e6)
      .venv/bin/python benchmarks/bench_classification.py 1000000    (chosen sizes)
Prints the best-of-k wall time of each and the ratio sklearn / learnmetrics
(> 1 means learnmetrics is faster). Multi-label cases use 5 label columns.
The ``average='samples'`` ROC AUC / AP cases run scikit-learn's one call per
row (about 3 s at n = 1e3), so they are timed at n = 1e3 only, once;
learnmetrics computes every row's AUC / AP at once.
"""
import sys
import time
import warnings

import numpy as np
from sklearn import metrics as skm

import learnmetrics as lm
from learnmetrics import _indicator
from learnmetrics import classification as C


def best_time(f, repeat):
    best = np.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t0)
    return best


def cases_for(rng, n):
    yb_t = rng.integers(0, 2, n)
    yb_p = np.where(rng.random(n) < 0.8, yb_t, 1 - yb_t)
    ym_t = rng.integers(0, 5, n)
    ym_p = np.where(rng.random(n) < 0.7, ym_t, rng.integers(0, 5, n))
    words = np.array(["ant", "bee", "cat", "dog", "emu"])
    ys_t, ys_p = words[ym_t], words[ym_p]
    w = rng.random(n)
    proba5 = rng.dirichlet(np.ones(5), size=n)
    ml_t = (rng.random((n, 5)) < 0.3).astype(int)
    ml_p = np.where(rng.random((n, 5)) < 0.2, 1 - ml_t, ml_t)
    ml_s = ml_t + rng.normal(size=(n, 5))
    # (name, call with the module m = learnmetrics or sklearn.metrics) or (name, ours, theirs)
    return [
        ("confusion_matrix binary", lambda m: m.confusion_matrix(yb_t, yb_p)),
        ("confusion_matrix 5 classes", lambda m: m.confusion_matrix(ym_t, ym_p)),
        ("confusion_matrix 5 classes, weights", lambda m: m.confusion_matrix(ym_t, ym_p, sample_weight=w)),
        ("confusion_matrix 5 string classes", lambda m: m.confusion_matrix(ys_t, ys_p)),
        ("f1_score binary", lambda m: m.f1_score(yb_t, yb_p)),
        ("f1_score macro, 5 classes", lambda m: m.f1_score(ym_t, ym_p, average="macro")),
        ("f1_score macro, 5 string classes", lambda m: m.f1_score(ys_t, ys_p, average="macro")),
        ("accuracy_score 5 classes", lambda m: m.accuracy_score(ym_t, ym_p)),
        # issue 15: measures for imbalance
        ("balanced_accuracy_score 5 classes", lambda m: m.balanced_accuracy_score(ym_t, ym_p)),
        ("balanced_accuracy_score adjusted, weights", lambda m: m.balanced_accuracy_score(
            ym_t, ym_p, sample_weight=w, adjusted=True)),
        ("matthews_corrcoef binary", lambda m: m.matthews_corrcoef(yb_t, yb_p)),
        ("matthews_corrcoef 5 classes", lambda m: m.matthews_corrcoef(ym_t, ym_p)),
        ("cohen_kappa_score 5 classes", lambda m: m.cohen_kappa_score(ym_t, ym_p)),
        ("cohen_kappa_score quadratic, weights", lambda m: m.cohen_kappa_score(
            ym_t, ym_p, weights="quadratic", sample_weight=w)),
        ("class_likelihood_ratios binary", lambda m: m.class_likelihood_ratios(yb_t, yb_p)),
        ("jaccard_score binary", lambda m: m.jaccard_score(yb_t, yb_p)),
        ("jaccard_score macro, 5 classes", lambda m: m.jaccard_score(ym_t, ym_p, average="macro")),
        ("hamming_loss 5 classes", lambda m: m.hamming_loss(ym_t, ym_p)),
        ("zero_one_loss 5 classes, weights", lambda m: m.zero_one_loss(ym_t, ym_p, sample_weight=w)),
        ("top_k_accuracy_score k=2, 5 classes", lambda m: m.top_k_accuracy_score(ym_t, proba5, k=2)),
        ("top_k_accuracy_score k=1 binary", lambda m: m.top_k_accuracy_score(yb_t, proba5[:, 0], k=1)),
        ("multilabel_confusion_matrix 5 classes", lambda m: m.multilabel_confusion_matrix(ym_t, ym_p)),
        # issue 15: multi-label (n x 5 indicator matrices)
        ("ML multilabel_confusion_matrix", lambda m: m.multilabel_confusion_matrix(ml_t, ml_p)),
        ("ML multilabel_confusion_matrix samplewise", lambda m: m.multilabel_confusion_matrix(
            ml_t, ml_p, samplewise=True)),
        ("ML accuracy_score (subset)", lambda m: m.accuracy_score(ml_t, ml_p)),
        ("ML zero_one_loss, weights", lambda m: m.zero_one_loss(ml_t, ml_p, sample_weight=w)),
        ("ML hamming_loss", lambda m: m.hamming_loss(ml_t, ml_p)),
        ("ML precision_score micro", lambda m: m.precision_score(ml_t, ml_p, average="micro")),
        ("ML recall_score macro", lambda m: m.recall_score(ml_t, ml_p, average="macro")),
        ("ML f1_score samples", lambda m: m.f1_score(ml_t, ml_p, average="samples")),
        ("ML fbeta_score weighted, beta=2", lambda m: m.fbeta_score(ml_t, ml_p, beta=2, average="weighted")),
        ("ML precision_recall_fscore_support None", lambda m: m.precision_recall_fscore_support(ml_t, ml_p)),
        ("ML jaccard_score samples", lambda m: m.jaccard_score(ml_t, ml_p, average="samples")),
        ("ML roc_auc macro", lambda: _indicator.roc_auc_indicator(ml_t, ml_s),
         lambda: skm.roc_auc_score(ml_t, ml_s)),
        ("ML roc_auc micro", lambda: _indicator.roc_auc_indicator(ml_t, ml_s, average="micro"),
         lambda: skm.roc_auc_score(ml_t, ml_s, average="micro")),
        ("ML roc_auc weighted, weights", lambda: _indicator.roc_auc_indicator(
            ml_t, ml_s, average="weighted", sample_weight=w),
         lambda: skm.roc_auc_score(ml_t, ml_s, average="weighted", sample_weight=w)),
        ("ML roc_auc samples", lambda: _indicator.roc_auc_indicator(ml_t, ml_s, average="samples"),
         lambda: skm.roc_auc_score(ml_t, ml_s, average="samples")),
        ("ML average_precision macro", lambda: _indicator.average_precision_indicator(ml_t, ml_s),
         lambda: skm.average_precision_score(ml_t, ml_s)),
        ("ML average_precision micro", lambda: _indicator.average_precision_indicator(ml_t, ml_s, average="micro"),
         lambda: skm.average_precision_score(ml_t, ml_s, average="micro")),
        ("ML average_precision samples", lambda: _indicator.average_precision_indicator(
            ml_t, ml_s, average="samples"),
         lambda: skm.average_precision_score(ml_t, ml_s, average="samples")),
    ]


def main(sizes=(1_000, 100_000, 1_000_000)):
    rng = np.random.default_rng(0)
    warnings.simplefilter("ignore")
    print(f"| {'case':44s} | {'n':>9s} | {'learnmetrics':>13s} | {'sklearn':>10s} | {'ratio':>7s} |")
    print(f"|{'-' * 46}|{'-' * 11}|{'-' * 15}|{'-' * 12}|{'-' * 9}|")
    slowest = {}
    for n in sizes:
        repeat = 20 if n <= 1_000 else (5 if n <= 100_000 else 3)
        for case in cases_for(rng, n):
            if len(case) == 2:
                name, call = case
                ours_f, theirs_f = (lambda: call(lm)), (lambda: call(skm))
            else:
                name, ours_f, theirs_f = case
            per_row = "samples" in name and ("roc_auc" in name or "average_precision" in name)
            if per_row and n > 1_000:
                continue  # scikit-learn: one call per row
            r = 1 if per_row or (("string" in name or name.startswith("ML")) and n > 100_000) else repeat
            ours = best_time(ours_f, r)
            theirs = best_time(theirs_f, r)
            ratio = theirs / ours
            slowest[name] = min(slowest.get(name, np.inf), ratio) if n == max(sizes) else slowest.get(name, np.inf)
            print(f"| {name:44s} | {n:9d} | {ours * 1e3:11.2f}ms | {theirs * 1e3:8.2f}ms | {ratio:6.1f}x |",
                  flush=True)
    data = lm.datasets.watermelon_scores()
    per = best_time(lambda: C.threshold_state(data.y_true, data.y_score, 0.5), 200)
    print(f"\nthreshold_state on the 17 watermelons: {per * 1e6:.0f} us per call")
    at_max = {k: v for k, v in slowest.items() if np.isfinite(v)}
    if at_max:
        worst = min(at_max, key=at_max.get)
        print(f"slowest ratio at n = {max(sizes):,}: {at_max[worst]:.1f}x ({worst})")


if __name__ == "__main__":
    main(tuple(int(a) for a in sys.argv[1:]) or (1_000, 100_000, 1_000_000))
