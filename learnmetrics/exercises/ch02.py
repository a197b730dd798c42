"""Exercises of chapter 02 (the confusion matrix, precision, recall, macro and micro averages).

Every answer and every known mistake is computed here with learnmetrics from
the exercise's data: a mistake is the mistaken formula of the notes applied to
the same counts (FP and FN swapped, note 002; accuracy as (TP+FN)/m, note 003;
specificity called FPR or precision, note 002; the other macro-F1; ...).
"""
from __future__ import annotations

import numpy as np

from ..classification import (BinaryCounts, accuracy_score, balanced_accuracy_score, class_likelihood_ratios,
                              cohen_kappa_score, error_rate, f1_score, hamming_loss, macro_micro, matthews_corrcoef,
                              one_vs_rest_counts, precision_recall_fscore_support, rates, threshold_state)
from ..datasets import watermelon_scores
from ._core import Mistake, register


def _f1(p, r):
    """The harmonic mean of p and r (0 when both are 0)."""
    return 2 * p * r / (p + r) if p + r else 0.0


# -- 02.1 (inside section 4): predict-then-check with the threshold explorer -----------------------
_melons = watermelon_scores()
_T_OLD, _T_NEW = 0.50, 0.40
_old = threshold_state(_melons.y_true, _melons.y_score, _T_OLD)
_new = threshold_state(_melons.y_true, _melons.y_score, _T_NEW)
_between = [(int(i), int(t), float(s)) for i, t, s in zip(_melons.ids, _melons.y_true, _melons.y_score)
            if _T_NEW <= s < _T_OLD]
_between.sort(key=lambda e: -e[2])
_names = {1: "good", 0: "bad"}
_listed = ", ".join(f"melon {i} ({_names[t]}, {s:.3f})" for i, t, s in _between)
# forgetting the bad melons that cross the cut: only the good ones become predicted positive
_only_good = rates(BinaryCounts(tp=_new.counts.tp, fp=_old.counts.fp, fn=_new.counts.fn, tn=_old.counts.tn))


def _solve_02_1():
    c0, c1 = _old.counts, _new.counts
    n_good = sum(t for _, t, _ in _between)
    n_bad = len(_between) - n_good
    return "\n".join([
        f"At {_T_OLD:.2f}: tp={c0.tp} fp={c0.fp} fn={c0.fn} tn={c0.tn}.",
        f"Lowering the threshold to {_T_NEW:.2f} also predicts good every melon scored in [{_T_NEW:.2f}, "
        f"{_T_OLD:.2f}): {_listed}.",
        f"{n_good} good melons move from FN to TP, {n_bad} bad melons from TN to FP: "
        f"tp={c1.tp} fp={c1.fp} fn={c1.fn} tn={c1.tn}.",
        f"P = TP/(TP+FP) = {c1.tp}/{c1.tp + c1.fp} = {_new.precision:.4f} (it fell from {_old.precision:.4f}); "
        f"R = TP/(TP+FN) = {c1.tp}/{c1.tp + c1.fn} = {_new.recall:.4f} (it rose from {_old.recall:.4f}).",
    ])


register(
    "02.1",
    f"At threshold {_T_OLD:.2f}, where the explorer starts: tp={_old.counts.tp} fp={_old.counts.fp} fn={_old.counts.fn} "
    f"tn={_old.counts.tn}, P = {_old.precision:.3f}, R = {_old.recall:.3f}. The melons scored from "
    f"{_T_NEW:.2f} up to (not including) {_T_OLD:.2f} are {_listed}. Before you move the slider to "
    f"{_T_NEW:.2f}, predict the precision and the recall there. Answer as a tuple (P, R).",
    kind="tuple",
    parts=('P', 'R'),
    quantity="share",
    answer=(_new.precision, _new.recall),
    tolerance=5e-4,
    data={"y_true": _melons.y_true, "y_score": _melons.y_score, "old_threshold": _T_OLD,
          "new_threshold": _T_NEW},
    mistakes=[
        Mistake((_new.recall, _new.precision), "P and R are swapped.",
                "Precision divides TP by the melons *predicted* good (TP + FP); recall by the melons that *are* "
                "good (TP + FN)."),
        Mistake((_only_good.precision, _only_good.recall), "the bad melons that cross the cut were left out.",
                "Every melon scored at least the threshold is predicted good, bad ones too: they become false "
                "positives and pull P down."),
        Mistake((_old.precision, _old.recall), "those are P and R at the old threshold.",
                f"Melons cross the cut between {_T_NEW:.2f} and {_T_OLD:.2f}: recount TP, FP and FN."),
    ],
    hint="Move each listed melon to its new cell of the confusion matrix, then recompute P and R.",
    solve=_solve_02_1,
)


# -- 02.2 - 02.4 (exercises section): one confusion matrix, the notes' mistakes --------------------
# "another one": the same questions on a spam filter's matrix with other counts (seed 0: this one)
_C = BinaryCounts(tp=36, fp=24, fn=4, tn=136)   # a spam filter on 200 e-mails (spam = positive)
_R = rates(_C)


def _matrix_text(c) -> str:
    return f"A spam filter is tested on {c.m} e-mails (spam = positive): TP = {c.tp}, FN = {c.fn}, FP = {c.fp}, TN = {c.tn}."


_MATRIX = _matrix_text(_C)


def _spam(seed: int) -> BinaryCounts:
    """The spam filter's counts of variant ``seed`` (0: the chapter's)."""
    if seed == 0:
        return _C
    rng = np.random.default_rng([2, seed])
    return BinaryCounts(tp=int(rng.integers(20, 61)), fp=int(rng.integers(5, 41)), fn=int(rng.integers(2, 16)),
                        tn=int(rng.integers(80, 201)))


def _swap(c) -> BinaryCounts:
    """FP and FN exchanged (note 002)."""
    return BinaryCounts(tp=c.tp, fp=c.fn, fn=c.fp, tn=c.tn)


_swapped = rates(_swap(_C))


def _solve_02_2(c):
    r = rates(c)
    return "\n".join([
        f"m = TP + FN + FP + TN = {c.tp} + {c.fn} + {c.fp} + {c.tn} = {c.m}.",
        f"Correct predictions are on the diagonal: TP + TN = {c.tp} + {c.tn} = {c.tp + c.tn}.",
        f"accuracy = (TP + TN)/m = {c.tp + c.tn}/{c.m} = {r.accuracy:.4f}; error rate = 1 - accuracy = "
        f"{r.error_rate:.4f}.",
        f"Note 003's (TP + FN)/m = {(c.tp + c.fn) / c.m:.4f} is the share of e-mails that are spam, whatever the "
        "filter does.",
    ])


def _make_02_2(seed: int) -> dict:
    c = _spam(seed)
    r = rates(c)
    return dict(
        prompt=f"{_matrix_text(c)} What is the filter's accuracy?",
        answer=r.accuracy,
        data={"counts": tuple(c)},
        mistakes=[
            Mistake((c.tp + c.fn) / c.m, "that is note 003's formula, (TP + FN)/m:",
                    "it counts the actual positives. Accuracy counts the correct predictions: TP and TN."),
            Mistake(r.error_rate, "that is the error rate,",
                    "the share of wrong predictions (FP + FN)/m; accuracy is one minus it."),
            Mistake(c.tp / (c.tp + c.fp + c.fn), "TN was left out of both the count and the total:",
                    "a correctly passed genuine e-mail is a correct prediction too."),
        ],
        solve=lambda: _solve_02_2(c),
    )


register(
    "02.2",
    kind="number",
    quantity="share",
    hint="Accuracy is the share of all e-mails the filter classifies correctly.",
    variants=_make_02_2,
    **_make_02_2(0),
)


def _solve_02_3(c):
    r = rates(c)
    return "\n".join([
        f"P = TP/(TP + FP) = {c.tp}/{c.tp + c.fp} = {r.precision:.4f} (of the e-mails flagged as spam, the "
        "share that is spam).",
        f"R = TP/(TP + FN) = {c.tp}/{c.tp + c.fn} = {r.recall:.4f} (of the spam, the share flagged).",
        f"F1 = 2PR/(P + R) = 2 x {r.precision:.4f} x {r.recall:.4f} / {r.precision + r.recall:.4f} = "
        f"{r.f1:.4f}, also 2TP/(2TP + FP + FN) = {2 * c.tp}/{2 * c.tp + c.fp + c.fn}.",
        f"The arithmetic mean (P + R)/2 = {(r.precision + r.recall) / 2:.4f} would be higher: the harmonic "
        "mean is pulled towards the smaller of the two.",
    ])


def _make_02_3(seed: int) -> dict:
    c = _spam(seed)
    r, sw = rates(c), rates(_swap(c))
    return dict(
        prompt=f"{_matrix_text(c)} Compute the precision, the recall and F1. Answer as a tuple (P, R, F1).",
        answer=(r.precision, r.recall, r.f1),
        data={"counts": tuple(c)},
        mistakes=[
            Mistake((sw.precision, sw.recall, sw.f1), "FP and FN are swapped (note 002's mistake):",
                    "a false positive is a genuine e-mail flagged as spam (an actual negative predicted positive); a "
                    "false negative is spam let through."),
            Mistake((r.tnr, r.recall, _f1(r.tnr, r.recall)),
                    "that 'precision' is the specificity TN/(TN + FP), which note 002 calls precision.",
                    "Precision looks at the predicted positives: TP/(TP + FP)."),
            Mistake((r.precision, r.recall, (r.precision + r.recall) / 2),
                    "F1 is not the arithmetic mean of P and R:", "it is their harmonic mean, 2PR/(P + R)."),
        ],
        solve=lambda: _solve_02_3(c),
    )


register(
    "02.3",
    kind="tuple",
    parts=('P', 'R', 'F1'),
    quantity="share",
    hint="P divides TP by the predicted positives, R by the actual positives; F1 is their harmonic mean.",
    variants=_make_02_3,
    **_make_02_3(0),
)


def _solve_02_4(c):
    r = rates(c)
    return "\n".join([
        f"Specificity is the true negative rate: of the {c.negatives} genuine e-mails (FP + TN), the share "
        "passed as genuine.",
        f"TNR = TN/(TN + FP) = {c.tn}/{c.tn + c.fp} = {r.tnr:.4f} = 1 - FPR = 1 - {r.fpr:.4f}.",
        f"It is neither the FPR ({r.fpr:.4f}) nor the precision ({r.precision:.4f}).",
    ])


def _make_02_4(seed: int) -> dict:
    c = _spam(seed)
    r, sw = rates(c), rates(_swap(c))
    return dict(
        prompt=f"{_matrix_text(c)} What is the filter's specificity?",
        answer=r.tnr,
        data={"counts": tuple(c)},
        mistakes=[
            Mistake(r.fpr, "that is the FPR, FP/(FP + TN), which note 002 calls specificity:",
                    "specificity is the other rate of the same row, TNR = TN/(TN + FP) = 1 - FPR."),
            Mistake(r.precision, "that is the precision, and note 002 calls specificity 'precision':",
                    "specificity divides by the actual negatives, precision by the predicted positives."),
            Mistake(sw.tnr, "FP and FN are swapped (note 002's mistake):",
                    "the actual negatives (genuine e-mails) are TN + FP, not TN + FN."),
            Mistake(r.recall, "that is the sensitivity (recall, TPR),",
                    "the rate of the actual positives; specificity is its counterpart for the actual negatives."),
        ],
        solve=lambda: _solve_02_4(c),
    )


register(
    "02.4",
    kind="number",
    quantity="share",
    hint="Specificity is a rate of the actual negatives.",
    variants=_make_02_4,
    **_make_02_4(0),
)


# -- 02.5 (exercises section): the book's macro-F1, and scikit-learn's -----------------------------
_Y5_TRUE = [1, 1, 1, 2, 2, 2, 3, 3]
_Y5_PRED = [3, 3, 1, 2, 2, 2, 3, 3]
_mm5 = macro_micro(one_vs_rest_counts(_Y5_TRUE, _Y5_PRED))
_sk5 = f1_score(_Y5_TRUE, _Y5_PRED, average="macro")


def _solve_02_5():
    p, r, f, _ = precision_recall_fscore_support(_Y5_TRUE, _Y5_PRED, average=None)
    lines = [f"class {k}: P = {pk:.4f}, R = {rk:.4f}, F1 = {fk:.4f}" for k, pk, rk, fk in zip((1, 2, 3), p, r, f)]
    lines += [
        f"macro-P = mean of the P column = {_mm5.macro_p:.4f}; macro-R = mean of the R column = {_mm5.macro_r:.4f}.",
        f"the book's macro-F1 = 2 x macro-P x macro-R / (macro-P + macro-R) = {_mm5.macro_f1:.4f} "
        "(lm.macro_micro(...).macro_f1).",
        f"scikit-learn's f1_score(average='macro') = mean of the F1 column = {_sk5:.4f}: a different number.",
        f"micro-F1 = accuracy = {_mm5.micro_f1:.4f}.",
    ]
    return "\n".join(lines)


register(
    "02.5",
    f"Three classes: y_true = {_Y5_TRUE}, y_pred = {_Y5_PRED}. Compute the book's macro-F1: the F1 (harmonic "
    "mean) of macro-P and macro-R, each the mean over the three one-vs-rest tables.",
    kind="number",
    quantity="share",
    answer=_mm5.macro_f1,
    data={"y_true": _Y5_TRUE, "y_pred": _Y5_PRED},
    mistakes=[
        Mistake(_sk5, "that is the mean of the per-class F1, scikit-learn's f1_score(average='macro') and note 002's.",
                "Both are in use; the book first averages P and R over the classes, then takes one harmonic mean."),
        Mistake(_mm5.micro_f1, "that is micro-F1 (here equal to the accuracy),",
                "which pools the counts of the three tables; macro averages the per-class P and R."),
    ],
    hint="Build the three one-vs-rest tables, compute P and R of each, average them, then take the F1.",
    solve=_solve_02_5,
)


# -- 02.6 (exercises section): micro vs macro when a rare class is never predicted -----------------
_Y6_TRUE = ["A"] * 6 + ["B"] * 4 + ["C"] * 2
_Y6_PRED = ["A"] * 5 + ["B"] + ["B"] * 3 + ["A"] + ["A"] * 2
_micro6 = f1_score(_Y6_TRUE, _Y6_PRED, average="micro")
_macro6 = f1_score(_Y6_TRUE, _Y6_PRED, average="macro", zero_division=0.0)
_per6 = f1_score(_Y6_TRUE, _Y6_PRED, average=None, zero_division=0.0)
_book6 = macro_micro(one_vs_rest_counts(_Y6_TRUE, _Y6_PRED), zero_division=0.0).macro_f1
_found6 = float(np.mean(_per6[_per6 > 0]))   # the never-predicted class left out of the mean


def _solve_02_6():
    lines = []
    for k, c, fk in zip("ABC", one_vs_rest_counts(_Y6_TRUE, _Y6_PRED), _per6):
        lines.append(f"class {k}: TP={c.tp} FP={c.fp} FN={c.fn}, F1 = 2TP/(2TP+FP+FN) = {2 * c.tp}/"
                     f"{2 * c.tp + c.fp + c.fn} = {fk:.4f}")
    pooled = [sum(getattr(c, a) for c in one_vs_rest_counts(_Y6_TRUE, _Y6_PRED)) for a in ("tp", "fp", "fn")]
    lines += [
        f"micro: pool the counts, TP={pooled[0]} FP={pooled[1]} FN={pooled[2]}: micro-F1 = {_micro6:.4f} (the "
        "accuracy).",
        f"macro (scikit-learn's): mean of the three F1 = {_macro6:.4f}. Class C, never predicted, has F1 = 0: "
        f"one vote of 3 in macro, while in micro its {_Y6_TRUE.count('C')} examples are "
        f"{_Y6_TRUE.count('C')} votes of {len(_Y6_TRUE)}.",
    ]
    return "\n".join(lines)


register(
    "02.6",
    f"Three classes, C rare: y_true = {''.join(_Y6_TRUE)}, y_pred = {''.join(_Y6_PRED)} (one letter per "
    "example). The classifier never predicts C. Compute micro-F1 and scikit-learn's macro-F1 (the mean of the "
    "per-class F1; a class never predicted has F1 = 0). Answer as a tuple (micro-F1, macro-F1).",
    kind="tuple",
    parts=('micro-F1', 'macro-F1'),
    quantity="share",
    answer=(_micro6, _macro6),
    data={"y_true": _Y6_TRUE, "y_pred": _Y6_PRED},
    mistakes=[
        Mistake((_macro6, _micro6), "micro and macro are swapped.",
                "Micro pools the counts (one vote per example); macro averages the per-class F1 (one vote per "
                "class), so it is the one that sees C."),
        Mistake((_micro6, _found6), "class C was left out of the macro average.",
                "A class that is never predicted still counts: its recall is 0, so its F1 is 0, and macro "
                "averages over all three classes."),
        Mistake((_micro6, _book6), "that macro-F1 is the book's (the F1 of macro-P and macro-R).",
                "The question asks for scikit-learn's: the mean of the per-class F1."),
    ],
    hint="Build one one-vs-rest table per class; micro pools their counts, macro averages their F1.",
    solve=_solve_02_6,
)


# -- 02.7 (exercises section): explain in words ----------------------------------------------------
register(
    "02.7",
    "A colleague reports that a fraud detector has an accuracy of 99.9 %, on payments of which 0.1 % are fraud. "
    "Why does that number say almost nothing about the detector, and what would you ask to see instead?",
    kind="open",
    answer=("With 0.1 % fraud, a model that calls every payment honest already has an accuracy of 99.9 %: accuracy "
            "is dominated by the honest payments and hardly moves whether frauds are found or not. Ask for the "
            "confusion matrix, or for the measures of the positive class: recall (the share of frauds caught), "
            "precision (the share of alarms that are frauds) and F1, and compare them with those of the trivial "
            "'always honest' model."),
)


# -- 02.8 (section 5): the measures that do not reward the lazy model, on 02.2's matrix -----------
# the four cells as four weighted examples: (actual, predicted) = (+,+), (+,-), (-,+), (-,-)
_Y8, _P8, _W8 = [1, 1, 0, 0], [1, 0, 1, 0], [_C.tp, _C.fn, _C.fp, _C.tn]
_ba8 = balanced_accuracy_score(_Y8, _P8, sample_weight=_W8)
_mcc8 = matthews_corrcoef(_Y8, _P8, sample_weight=_W8)
_kappa8 = cohen_kappa_score(_Y8, _P8, sample_weight=_W8)
_no_root8 = (_C.tp * _C.tn - _C.fp * _C.fn) / (
    (_C.tp + _C.fp) * (_C.tp + _C.fn) * (_C.tn + _C.fp) * (_C.tn + _C.fn))


def _solve_02_8():
    c = _C
    return "\n".join([
        f"TPR = TP/(TP + FN) = {c.tp}/{c.tp + c.fn} = {_R.recall:.4f}; TNR = TN/(TN + FP) = {c.tn}/{c.tn + c.fp} = "
        f"{_R.tnr:.4f}.",
        f"balanced accuracy = (TPR + TNR)/2 = {_ba8:.4f} (the accuracy {_R.accuracy:.4f} weighs the classes by "
        "their sizes; the balanced accuracy gives each class half).",
        f"MCC = (TP TN - FP FN) / sqrt((TP + FP)(TP + FN)(TN + FP)(TN + FN)) = ({c.tp} x {c.tn} - {c.fp} x {c.fn}) / "
        f"sqrt({c.tp + c.fp} x {c.tp + c.fn} x {c.tn + c.fp} x {c.tn + c.fn}) = {_mcc8:.4f}.",
        f"(Cohen's kappa, a different measure, gives {_kappa8:.4f} here.)",
    ])


register(
    "02.8",
    f"{_MATRIX} Compute the balanced accuracy and the MCC (Matthews correlation coefficient). Answer as a tuple "
    "(balanced accuracy, MCC).",
    kind="tuple",
    quantity=("share", "value"),
    answer=(_ba8, _mcc8),
    data={"counts": tuple(_C)},
    mistakes=[
        Mistake((_R.accuracy, _mcc8), "that 'balanced accuracy' is the plain accuracy (TP + TN)/m,",
                "which weighs each class by its size. The balanced accuracy is the mean of the two classes' "
                "recalls: (TPR + TNR)/2."),
        Mistake(((_R.precision + _R.recall) / 2, _mcc8), "that is the mean of precision and recall,",
                "but the balanced accuracy averages the recall of each class: TPR (of the spam) and TNR (of the "
                "genuine e-mails)."),
        Mistake((_ba8, _kappa8), "that MCC is Cohen's kappa,",
                "which corrects the accuracy for chance agreement. MCC is the correlation of the two 0/1 columns: "
                "(TP TN - FP FN) / sqrt((TP + FP)(TP + FN)(TN + FP)(TN + FN))."),
        Mistake((_ba8, _no_root8), "the square root in MCC's denominator is missing:",
                "MCC divides by the square root of the product of the four margins."),
    ],
    hint="Balanced accuracy: the mean of TPR and TNR. MCC: (TP TN - FP FN) over the square root of the product "
         "of the four margins.",
    solve=_solve_02_8,
)


# -- 02.9 (section 5): the same test, a rarer condition -----------------------------------------
_TPR9, _FPR9, _PI9, _PI9_CLINIC, _N9 = 0.90, 0.05, 0.01, 0.5, 10_000


def _counts_at(pi):
    """The test's expected counts in _N9 people of whom a share pi is sick."""
    sick = _N9 * pi
    return BinaryCounts(tp=_TPR9 * sick, fn=(1 - _TPR9) * sick, fp=_FPR9 * (_N9 - sick), tn=(1 - _FPR9) * (_N9 - sick))


_c9, _c9_clinic = _counts_at(_PI9), _counts_at(_PI9_CLINIC)
_p9, _p9_clinic = rates(_c9).precision, rates(_c9_clinic).precision
_lr9 = class_likelihood_ratios([1, 1, 0, 0], [1, 0, 1, 0], sample_weight=[_c9.tp, _c9.fn, _c9.fp, _c9.tn])[0]
_odds9 = _PI9 / (1 - _PI9) * _lr9


def _solve_02_9():
    c = _c9
    return "\n".join([
        f"In {_N9:,} people with {_PI9:.0%} sick: {c.tp + c.fn:,.0f} sick, {c.fp + c.tn:,.0f} healthy.",
        f"TP = TPR x {c.tp + c.fn:,.0f} = {c.tp:,.0f}; FP = FPR x {c.fp + c.tn:,.0f} = {c.fp:,.1f}.",
        f"P = TP/(TP + FP) = {c.tp:,.0f}/{c.tp + c.fp:,.1f} = {_p9:.4f}: most alarms are false, although TPR and "
        f"FPR are those of the clinic, where P = {_p9_clinic:.4f}.",
        f"The same with odds: LR+ = TPR/FPR = {_lr9:.1f}; the odds of being sick go from 1:{(1 - _PI9) / _PI9:.0f} "
        f"to {_odds9:.4f}, a probability of {_odds9:.4f}/(1 + {_odds9:.4f}) = {_odds9 / (1 + _odds9):.4f}.",
    ])


register(
    "02.9",
    f"A screening test finds {_TPR9:.0%} of the sick (TPR = {_TPR9:.2f}) and raises a false alarm for {_FPR9:.0%} of "
    f"the healthy (FPR = {_FPR9:.2f}). In a clinic where half the patients are sick, its precision is "
    f"{_p9_clinic:.3f}. What is its precision in a population where {_PI9:.0%} are sick (same TPR, same FPR)?",
    kind="number",
    quantity="share",
    answer=_p9,
    data={"tpr": _TPR9, "fpr": _FPR9, "prevalence": _PI9},
    mistakes=[
        Mistake(_p9_clinic, "that is the precision in the clinic: precision does not carry over to another "
                            "population.", "Count TP and FP in, say, 10,000 people of whom 1 % are sick."),
        Mistake(_TPR9, "that is the recall (TPR),", "the share of the sick that the test finds; precision is the "
                                                    "share of the alarms that are sick people."),
        Mistake(1 - _FPR9, "that is the specificity (TNR = 1 - FPR),", "a rate of the healthy; precision divides by "
                                                                        "the alarms, TP + FP."),
        Mistake(_odds9, "that is the odds of being sick after an alarm, not the probability:",
                "odds o correspond to the probability o/(1 + o)."),
        Mistake(_lr9, "that is the positive likelihood ratio LR+ = TPR/FPR,",
                "which multiplies the odds; it is not a probability."),
    ],
    hint="P = TP/(TP + FP): count the true and the false alarms in a population with 1 % sick.",
    solve=_solve_02_9,
)


# -- 02.10 (section 8): subset accuracy and Hamming loss ------------------------------------------
_Y10 = [[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]]
_P10 = [[1, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 1]]
_subset10 = accuracy_score(_Y10, _P10)      # on indicator matrices: the subset accuracy
_hamming10 = hamming_loss(_Y10, _P10)


def _solve_02_10():
    lines = []
    for i, (y, p) in enumerate(zip(_Y10, _P10), 1):
        wrong = sum(a != b for a, b in zip(y, p))
        lines.append(f"example {i}: true {y}, predicted {p}: {wrong} wrong label(s)"
                     + (" -> the whole set is right" if wrong == 0 else ""))
    n, L = len(_Y10), len(_Y10[0])
    lines += [
        f"subset accuracy = share of examples whose whole label set is right = {_subset10:.4f}.",
        f"Hamming loss = share of the {n} x {L} = {n * L} (example, label) cells that are wrong = {_hamming10:.4f}.",
        "One wrong label makes a whole example wrong for the subset accuracy, but only one cell of "
        f"{L} for the Hamming loss.",
    ]
    return "\n".join(lines)


register(
    "02.10",
    f"Four examples, three labels each (an indicator matrix, one row per example): Y_true = {_Y10}, "
    f"Y_pred = {_P10}. Compute the subset accuracy (accuracy_score on the matrices) and the Hamming loss. Answer "
    "as a tuple (subset accuracy, Hamming loss).",
    kind="tuple",
    quantity="share",
    answer=(_subset10, _hamming10),
    data={"Y_true": _Y10, "Y_pred": _P10},
    mistakes=[
        Mistake((1 - _hamming10, _hamming10), "that 'subset accuracy' is 1 - Hamming loss, the share of labels right.",
                "The subset accuracy counts an example as right only when all its labels are right."),
        Mistake((_subset10, 1 - _subset10), "that Hamming loss is the share of examples with at least one wrong "
                                            "label (1 - subset accuracy).",
                "The Hamming loss counts the wrong (example, label) cells and divides by their number."),
        Mistake((_hamming10, _subset10), "the two are swapped.",
                "Subset accuracy is a share of examples that are completely right; Hamming loss a share of cells "
                "that are wrong."),
    ],
    hint="Subset accuracy: whole rows right. Hamming loss: wrong cells over all cells.",
    solve=_solve_02_10,
)
