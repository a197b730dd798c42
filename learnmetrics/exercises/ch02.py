"""Exercises of chapter 02 (the confusion matrix, precision, recall, macro and micro averages).

Every answer and every known mistake is computed here with learnmetrics from
the exercise's data: a mistake is the mistaken formula of the notes applied to
the same counts (FP and FN swapped, note 002; accuracy as (TP+FN)/m, note 003;
specificity called FPR or precision, note 002; the other macro-F1; ...).
"""
from __future__ import annotations

import math

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
# "another one": the same melons, the slider moved between two other thresholds
_melons = watermelon_scores()
_T_OLD, _T_NEW = 0.50, 0.40
_names = {1: "good", 0: "bad"}


def _moved(t_old, t_new) -> dict:
    """The states at both thresholds, the melons scored in [t_new, t_old) (best first) and the
    precision and recall of forgetting the bad ones among them."""
    old = threshold_state(_melons.y_true, _melons.y_score, t_old)
    new = threshold_state(_melons.y_true, _melons.y_score, t_new)
    between = sorted(((int(i), int(t), float(s)) for i, t, s in zip(_melons.ids, _melons.y_true, _melons.y_score)
                      if t_new <= s < t_old), key=lambda e: -e[2])
    # forgetting the bad melons that cross the cut: only the good ones become predicted positive
    only_good = rates(BinaryCounts(tp=new.counts.tp, fp=old.counts.fp, fn=new.counts.fn, tn=old.counts.tn))
    listed = ", ".join(f"melon {i} ({_names[t]}, {s:.3f})" for i, t, s in between)
    return dict(old=old, new=new, between=between, only_good=only_good, listed=listed, t_old=t_old, t_new=t_new)


def _slider_positions(step: float = 0.01, most: int = 51) -> tuple:
    """The positions of the threshold explorer's slider on the melons (``ThresholdExplorer(..., step=0.01)``):
    the scores' range widened to the step grid, [0.06, 0.97], thinned as every explorer thins a continuous
    slider to at most ``most`` positions: every 0.02, and both ends. A variant's thresholds are drawn from
    these, so the learner can set them and the explorer shows the answer there (the tests compare them with
    the explorer's own slider)."""
    lo = math.floor(_melons.y_score.min() / step + 1e-9) * step
    hi = (math.ceil(_melons.y_score.max() / step - 1e-9) + 1) * step
    k = 1
    while (hi - lo) / step / k > most - 1:
        k = k * 5 // 2 if str(k)[0] == "2" else k * 2
    s = step * k
    grid = {round(i * s, 6) for i in range(math.ceil(lo / s - 1e-9), math.floor(hi / s + 1e-9) + 1)}
    return tuple(sorted(grid | {round(lo, 6), round(hi, 6)}))


SLIDER_POSITIONS = _slider_positions()
_mv = _moved(_T_OLD, _T_NEW)
_old, _new, _between, _listed, _only_good = _mv["old"], _mv["new"], _mv["between"], _mv["listed"], _mv["only_good"]


def _moves(a, b, words=("fell from", "rose from", "stayed at")) -> str:
    """How a share moved from ``a`` to ``b`` (as printed to 4 decimals)."""
    a, b = round(a, 4), round(b, 4)
    return words[0] if b < a else words[1] if b > a else words[2]


def _solve_02_1(mv=_mv):
    old, new, between, t_old, t_new = mv["old"], mv["new"], mv["between"], mv["t_old"], mv["t_new"]
    c0, c1 = old.counts, new.counts
    n_good = sum(t for _, t, _ in between)
    n_bad = len(between) - n_good
    return "\n".join([
        f"At {t_old:.2f}: tp={c0.tp} fp={c0.fp} fn={c0.fn} tn={c0.tn}.",
        f"Lowering the threshold to {t_new:.2f} also predicts good every melon scored in [{t_new:.2f}, "
        f"{t_old:.2f}): {mv['listed']}.",
        f"{n_good} good melon{'s' * (n_good != 1)} move{'s' * (n_good == 1)} from FN to TP, {n_bad} bad "
        f"melon{'s' * (n_bad != 1)} from TN to FP: "
        f"tp={c1.tp} fp={c1.fp} fn={c1.fn} tn={c1.tn}.",
        f"P = TP/(TP+FP) = {c1.tp}/{c1.tp + c1.fp} = {new.precision:.4f} (it {_moves(old.precision, new.precision)} {old.precision:.4f}); "
        f"R = TP/(TP+FN) = {c1.tp}/{c1.tp + c1.fn} = {new.recall:.4f} (it rose from {old.recall:.4f}).",
    ])


def _make_02_1(seed: int) -> dict:
    if seed == 0:
        t_old, t_new = _T_OLD, _T_NEW
    else:      # two positions of the explorer's slider with a good and a bad melon, at most four, between them
        rng = np.random.default_rng([2, 1, seed])
        pos = np.array(SLIDER_POSITIONS)
        i_old = int(rng.choice(np.flatnonzero((pos >= 0.3 - 1e-9) & (pos <= 0.8 + 1e-9))))
        t_old, t_new = float(pos[i_old]), float(pos[i_old - int(rng.integers(2, 14))])
    mv = _moved(t_old, t_new)
    old, new, between = mv["old"], mv["new"], mv["between"]
    kinds = {t for _, t, _ in between}
    if seed != 0 and (kinds != {0, 1} or len(between) > 4):
        raise ValueError("02.1: the melons between the thresholds must be good and bad, at most four")
    where = "where the explorer starts" if seed == 0 else "where you have set the slider"
    return dict(
        prompt=f"At threshold {t_old:.2f}, {where}: tp={old.counts.tp} fp={old.counts.fp} fn={old.counts.fn} "
               f"tn={old.counts.tn}, P = {old.precision:.3f}, R = {old.recall:.3f}. The melons scored from "
               f"{t_new:.2f} up to (not including) {t_old:.2f} are {mv['listed']}. Before you move the slider to "
               f"{t_new:.2f}, predict the precision and the recall there. Answer as a tuple (P, R).",
        answer=(new.precision, new.recall),
        data={"y_true": _melons.y_true, "y_score": _melons.y_score, "old_threshold": t_old, "new_threshold": t_new},
        mistakes=[
            Mistake((new.recall, new.precision), "P and R are swapped.",
                    "Precision divides TP by the melons *predicted* good (TP + FP); recall by the melons that *are* "
                    "good (TP + FN)."),
            Mistake((mv["only_good"].precision, mv["only_good"].recall),
                    "the bad melons that cross the cut were left out.",
                    "Every melon scored at least the threshold is predicted good, bad ones too: they become false "
                    "positives and pull P down."),
            Mistake((old.precision, old.recall), "those are P and R at the old threshold.",
                    f"Melons cross the cut between {t_new:.2f} and {t_old:.2f}: recount TP, FP and FN."),
        ],
        solve=lambda: _solve_02_1(mv),
    )


register(
    "02.1",
    kind="tuple",
    parts=('P', 'R'),
    quantity="share",
    tolerance=5e-4,
    hint="Move each listed melon to its new cell of the confusion matrix, then recompute P and R.",
    variants=_make_02_1,
    **_make_02_1(0),
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
# "another one": eight other examples of three classes, each class present and predicted
_Y5_TRUE = [1, 1, 1, 2, 2, 2, 3, 3]
_Y5_PRED = [3, 3, 1, 2, 2, 2, 3, 3]
_mm5 = macro_micro(one_vs_rest_counts(_Y5_TRUE, _Y5_PRED))
_sk5 = f1_score(_Y5_TRUE, _Y5_PRED, average="macro")


def _three_classes(seed: int):
    """y_true, y_pred of 02.5's variant ``seed``: eight examples, each class twice or more, two to four of
    them mislabelled, every class predicted at least once."""
    if seed == 0:
        return _Y5_TRUE, _Y5_PRED
    rng = np.random.default_rng([2, 5, seed])
    while True:
        sizes = rng.multinomial(2, [1 / 3] * 3) + 2
        y_true = [int(c) for c in np.repeat([1, 2, 3], sizes)]
        y_pred = list(y_true)
        for i in rng.choice(8, int(rng.integers(2, 5)), replace=False):
            y_pred[i] = int(rng.choice([c for c in (1, 2, 3) if c != y_true[i]]))
        if set(y_pred) == {1, 2, 3}:
            return y_true, y_pred


def _solve_02_5(y_true=_Y5_TRUE, y_pred=_Y5_PRED):
    mm = macro_micro(one_vs_rest_counts(y_true, y_pred))
    sk = f1_score(y_true, y_pred, average="macro")
    p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, average=None)
    lines = [f"class {k}: P = {pk:.4f}, R = {rk:.4f}, F1 = {fk:.4f}" for k, pk, rk, fk in zip((1, 2, 3), p, r, f)]
    lines += [
        f"macro-P = mean of the P column = {mm.macro_p:.4f}; macro-R = mean of the R column = {mm.macro_r:.4f}.",
        f"the book's macro-F1 = 2 x macro-P x macro-R / (macro-P + macro-R) = {mm.macro_f1:.4f} "
        "(lm.macro_micro(...).macro_f1).",
        f"scikit-learn's f1_score(average='macro') = mean of the F1 column = {sk:.4f}: a different number.",
        f"micro-F1 = accuracy = {mm.micro_f1:.4f}.",
    ]
    return "\n".join(lines)


def _make_02_5(seed: int) -> dict:
    y_true, y_pred = _three_classes(seed)
    mm = macro_micro(one_vs_rest_counts(y_true, y_pred))
    return dict(
        prompt=f"Three classes: y_true = {y_true}, y_pred = {y_pred}. Compute the book's macro-F1: the F1 (harmonic "
               "mean) of macro-P and macro-R, each the mean over the three one-vs-rest tables.",
        answer=mm.macro_f1,
        data={"y_true": y_true, "y_pred": y_pred},
        mistakes=[
            Mistake(f1_score(y_true, y_pred, average="macro"),
                    "that is the mean of the per-class F1, scikit-learn's f1_score(average='macro') and note 002's.",
                    "Both are in use; the book first averages P and R over the classes, then takes one harmonic "
                    "mean."),
            Mistake(mm.micro_f1, "that is micro-F1 (here equal to the accuracy),",
                    "which pools the counts of the three tables; macro averages the per-class P and R."),
        ],
        solve=lambda: _solve_02_5(y_true, y_pred),
    )


register(
    "02.5",
    kind="number",
    quantity="share",
    hint="Build the three one-vs-rest tables, compute P and R of each, average them, then take the F1.",
    variants=_make_02_5,
    **_make_02_5(0),
)


# -- 02.6 (exercises section): micro vs macro when a rare class is never predicted -----------------
# "another one": other sizes and other mistakes, C still rare and never predicted
_Y6_TRUE = ["A"] * 6 + ["B"] * 4 + ["C"] * 2
_Y6_PRED = ["A"] * 5 + ["B"] + ["B"] * 3 + ["A"] + ["A"] * 2


def _rare_c(seed: int):
    """y_true, y_pred of 02.6's variant ``seed``: 5-7 A, 3-5 B, 2-3 C; C never predicted, a few A and B
    mixed up, A and B each found at least once."""
    if seed == 0:
        return _Y6_TRUE, _Y6_PRED
    rng = np.random.default_rng([2, 6, seed])
    a, b, c = int(rng.integers(5, 8)), int(rng.integers(3, 6)), int(rng.integers(2, 4))
    y_true = ["A"] * a + ["B"] * b + ["C"] * c
    y_pred = list(y_true[:a + b]) + [str(rng.choice(["A", "B"])) for _ in range(c)]
    for i in rng.choice(a + b, int(rng.integers(1, 4)), replace=False):
        y_pred[i] = "B" if y_true[i] == "A" else "A"
    return y_true, y_pred


def _f1s_6(y_true, y_pred) -> dict:
    per = f1_score(y_true, y_pred, average=None, zero_division=0.0)
    return dict(micro=f1_score(y_true, y_pred, average="micro"),
                macro=f1_score(y_true, y_pred, average="macro", zero_division=0.0), per=per,
                book=macro_micro(one_vs_rest_counts(y_true, y_pred), zero_division=0.0).macro_f1,
                found=float(np.mean(per[per > 0])))   # the never-predicted class left out of the mean


_f6 = _f1s_6(_Y6_TRUE, _Y6_PRED)
_micro6, _macro6, _per6, _book6, _found6 = _f6["micro"], _f6["macro"], _f6["per"], _f6["book"], _f6["found"]


def _solve_02_6(y_true=_Y6_TRUE, y_pred=_Y6_PRED):
    f = _f1s_6(y_true, y_pred)
    lines = []
    for k, c, fk in zip("ABC", one_vs_rest_counts(y_true, y_pred), f["per"]):
        lines.append(f"class {k}: TP={c.tp} FP={c.fp} FN={c.fn}, F1 = 2TP/(2TP+FP+FN) = {2 * c.tp}/"
                     f"{2 * c.tp + c.fp + c.fn} = {fk:.4f}")
    pooled = [sum(getattr(c, a) for c in one_vs_rest_counts(y_true, y_pred)) for a in ("tp", "fp", "fn")]
    lines += [
        f"micro: pool the counts, TP={pooled[0]} FP={pooled[1]} FN={pooled[2]}: micro-F1 = {f['micro']:.4f} (the "
        "accuracy).",
        f"macro (scikit-learn's): mean of the three F1 = {f['macro']:.4f}. Class C, never predicted, has F1 = 0: "
        f"one vote of 3 in macro, while in micro its {y_true.count('C')} examples are "
        f"{y_true.count('C')} votes of {len(y_true)}.",
    ]
    return "\n".join(lines)


def _make_02_6(seed: int) -> dict:
    y_true, y_pred = _rare_c(seed)
    f = _f1s_6(y_true, y_pred)
    if not (f["per"][0] > 0 and f["per"][1] > 0):
        raise ValueError("02.6: A and B must each be found at least once (only C has F1 = 0)")
    return dict(
        prompt=f"Three classes, C rare: y_true = {''.join(y_true)}, y_pred = {''.join(y_pred)} (one letter per "
               "example). The classifier never predicts C. Compute micro-F1 and scikit-learn's macro-F1 (the mean of "
               "the per-class F1; a class never predicted has F1 = 0). Answer as a tuple (micro-F1, macro-F1).",
        answer=(f["micro"], f["macro"]),
        data={"y_true": y_true, "y_pred": y_pred},
        mistakes=[
            Mistake((f["macro"], f["micro"]), "micro and macro are swapped.",
                    "Micro pools the counts (one vote per example); macro averages the per-class F1 (one vote per "
                    "class), so it is the one that sees C."),
            Mistake((f["micro"], f["found"]), "class C was left out of the macro average.",
                    "A class that is never predicted still counts: its recall is 0, so its F1 is 0, and macro "
                    "averages over all three classes."),
            Mistake((f["micro"], f["book"]), "that macro-F1 is the book's (the F1 of macro-P and macro-R).",
                    "The question asks for scikit-learn's: the mean of the per-class F1."),
        ],
        solve=lambda: _solve_02_6(y_true, y_pred),
    )


register(
    "02.6",
    kind="tuple",
    parts=('micro-F1', 'macro-F1'),
    quantity="share",
    hint="Build one one-vs-rest table per class; micro pools their counts, macro averages their F1.",
    variants=_make_02_6,
    **_make_02_6(0),
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
# "another one": the spam filter's matrix of 02.2's variants
def _measures_02_8(c) -> dict:
    """Balanced accuracy, MCC and kappa of the counts ``c``, computed on the four cells as four weighted
    examples: (actual, predicted) = (+,+), (+,-), (-,+), (-,-). (MCC without its root is no listed mistake:
    it is about 1e-4 on these matrices, within the tolerance of 0, so it would name a mistake for any MCC
    typed as 0.)"""
    y, p, w = [1, 1, 0, 0], [1, 0, 1, 0], [c.tp, c.fn, c.fp, c.tn]
    return dict(ba=balanced_accuracy_score(y, p, sample_weight=w), mcc=matthews_corrcoef(y, p, sample_weight=w),
                kappa=cohen_kappa_score(y, p, sample_weight=w))


_q8 = _measures_02_8(_C)
_ba8, _mcc8, _kappa8 = _q8["ba"], _q8["mcc"], _q8["kappa"]


def _solve_02_8(c=_C):
    r, q = rates(c), _measures_02_8(c)
    return "\n".join([
        f"TPR = TP/(TP + FN) = {c.tp}/{c.tp + c.fn} = {r.recall:.4f}; TNR = TN/(TN + FP) = {c.tn}/{c.tn + c.fp} = "
        f"{r.tnr:.4f}.",
        f"balanced accuracy = (TPR + TNR)/2 = {q['ba']:.4f} (the accuracy {r.accuracy:.4f} weighs the classes by "
        "their sizes; the balanced accuracy gives each class half).",
        f"MCC = (TP TN - FP FN) / sqrt((TP + FP)(TP + FN)(TN + FP)(TN + FN)) = ({c.tp} x {c.tn} - {c.fp} x {c.fn}) / "
        f"sqrt({c.tp + c.fp} x {c.tp + c.fn} x {c.tn + c.fp} x {c.tn + c.fn}) = {q['mcc']:.4f}.",
        f"(Cohen's kappa, a different measure, gives {q['kappa']:.4f} here.)",
    ])


def _make_02_8(seed: int) -> dict:
    c = _spam(seed)
    r, q = rates(c), _measures_02_8(c)
    return dict(
        prompt=f"{_matrix_text(c)} Compute the balanced accuracy and the MCC (Matthews correlation coefficient). "
               "Answer as a tuple (balanced accuracy, MCC).",
        answer=(q["ba"], q["mcc"]),
        data={"counts": tuple(c)},
        mistakes=[
            Mistake((r.accuracy, q["mcc"]), "that 'balanced accuracy' is the plain accuracy (TP + TN)/m,",
                    "which weighs each class by its size. The balanced accuracy is the mean of the two classes' "
                    "recalls: (TPR + TNR)/2."),
            Mistake(((r.precision + r.recall) / 2, q["mcc"]), "that is the mean of precision and recall,",
                    "but the balanced accuracy averages the recall of each class: TPR (of the spam) and TNR (of the "
                    "genuine e-mails)."),
            Mistake((q["ba"], q["kappa"]), "that MCC is Cohen's kappa,",
                    "which corrects the accuracy for chance agreement. MCC is the correlation of the two 0/1 "
                    "columns: (TP TN - FP FN) / sqrt((TP + FP)(TP + FN)(TN + FP)(TN + FN))."),
        ],
        solve=lambda: _solve_02_8(c),
    )


register(
    "02.8",
    kind="tuple",
    quantity=("share", "value"),
    hint="Balanced accuracy: the mean of TPR and TNR. MCC: (TP TN - FP FN) over the square root of the product "
         "of the four margins.",
    variants=_make_02_8,
    **_make_02_8(0),
)


# -- 02.9 (section 5): the same test, a rarer condition -----------------------------------------
# "another one": another test (TPR, FPR) and another prevalence; the clinic still has half sick
_TPR9, _FPR9, _PI9, _PI9_CLINIC, _N9 = 0.90, 0.05, 0.01, 0.5, 10_000


def _counts_at(pi, tpr=_TPR9, fpr=_FPR9):
    """The test's expected counts in _N9 people of whom a share pi is sick."""
    sick = _N9 * pi
    return BinaryCounts(tp=tpr * sick, fn=(1 - tpr) * sick, fp=fpr * (_N9 - sick), tn=(1 - fpr) * (_N9 - sick))


def _screen(tpr, fpr, pi) -> dict:
    c, clinic = _counts_at(pi, tpr, fpr), _counts_at(_PI9_CLINIC, tpr, fpr)
    lr = class_likelihood_ratios([1, 1, 0, 0], [1, 0, 1, 0], sample_weight=[c.tp, c.fn, c.fp, c.tn])[0]
    return dict(tpr=tpr, fpr=fpr, pi=pi, c=c, p=rates(c).precision, p_clinic=rates(clinic).precision, lr=lr,
                odds=pi / (1 - pi) * lr)


_sc9 = _screen(_TPR9, _FPR9, _PI9)
_c9, _p9, _p9_clinic, _lr9, _odds9 = _sc9["c"], _sc9["p"], _sc9["p_clinic"], _sc9["lr"], _sc9["odds"]


def _pct(x) -> str:
    """A prevalence as the prompts write it in words: '1 %'."""
    return f"{x * 100:g} %"


def _solve_02_9(sc=_sc9):
    c, pi = sc["c"], sc["pi"]
    return "\n".join([
        f"In {_N9:,} people with {pi:.0%} sick: {c.tp + c.fn:,.0f} sick, {c.fp + c.tn:,.0f} healthy.",
        f"TP = TPR x {c.tp + c.fn:,.0f} = {c.tp:,.0f}; FP = FPR x {c.fp + c.tn:,.0f} = {c.fp:,.1f}.",
        f"P = TP/(TP + FP) = {c.tp:,.0f}/{c.tp + c.fp:,.1f} = {sc['p']:.4f}: most alarms are false, although TPR and "
        f"FPR are those of the clinic, where P = {sc['p_clinic']:.4f}.",
        f"The same with odds: LR+ = TPR/FPR = {sc['lr']:.1f}; the odds of being sick go from 1:{(1 - pi) / pi:.0f} "
        f"to {sc['odds']:.4f}, a probability of {sc['odds']:.4f}/(1 + {sc['odds']:.4f}) = "
        f"{sc['odds'] / (1 + sc['odds']):.4f}.",
    ])


def _make_02_9(seed: int) -> dict:
    if seed == 0:
        tpr, fpr, pi = _TPR9, _FPR9, _PI9
    else:    # most alarms still false: a prevalence well below the false-alarm rate
        rng = np.random.default_rng([2, 9, seed])
        fpr = float(rng.choice([0.05, 0.1]))
        tpr = float(rng.choice([0.8, 0.85, 0.95]))
        pi = float(rng.choice([p for p in (0.01, 0.02) if p < fpr / 2]))
    sc = _screen(tpr, fpr, pi)
    if sc["p"] >= 0.5:
        raise ValueError("02.9: the solution says most alarms are false")
    return dict(
        prompt=f"A screening test finds {tpr:.0%} of the sick (TPR = {tpr:.2f}) and raises a false alarm for {fpr:.0%} "
               f"of the healthy (FPR = {fpr:.2f}). In a clinic where half the patients are sick, its precision is "
               f"{sc['p_clinic']:.3f}. What is its precision in a population where {pi:.0%} are sick (same TPR, same "
               "FPR)?",
        answer=sc["p"],
        data={"tpr": tpr, "fpr": fpr, "prevalence": pi},
        mistakes=[
            Mistake(sc["p_clinic"], "that is the precision in the clinic: precision does not carry over to another "
                                    "population.", f"Count TP and FP in, say, 10,000 people of whom {_pct(pi)} are "
                                                   "sick."),
            Mistake(tpr, "that is the recall (TPR),", "the share of the sick that the test finds; precision is the "
                                                      "share of the alarms that are sick people."),
            Mistake(1 - fpr, "that is the specificity (TNR = 1 - FPR),", "a rate of the healthy; precision divides by "
                                                                         "the alarms, TP + FP."),
            Mistake(sc["odds"], "that is the odds of being sick after an alarm, not the probability:",
                    "odds o correspond to the probability o/(1 + o)."),
            Mistake(sc["lr"], "that is the positive likelihood ratio LR+ = TPR/FPR,",
                    "which multiplies the odds; it is not a probability."),
        ],
        solve=lambda: _solve_02_9(sc),
    )


register(
    "02.9",
    kind="number",
    quantity="share",
    # one hint for every variant (the page's variants carry no hint of their own)
    hint="P = TP/(TP + FP): count the true and the false alarms among, say, 10,000 people of the population "
         "asked about.",
    variants=_make_02_9,
    **_make_02_9(0),
)


# -- 02.10 (section 8): subset accuracy and Hamming loss ------------------------------------------
# "another one": other label sets, a few labels wrong
_Y10 = [[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]]
_P10 = [[1, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 1]]
_subset10 = accuracy_score(_Y10, _P10)      # on indicator matrices: the subset accuracy
_hamming10 = hamming_loss(_Y10, _P10)


def _label_sets(seed: int):
    """Y_true, Y_pred of 02.10's variant ``seed``: four examples, three labels, each example with a label,
    one to five cells wrong, at least one example wholly right."""
    if seed == 0:
        return _Y10, _P10
    rng = np.random.default_rng([2, 10, seed])
    while True:
        y = rng.integers(0, 2, size=(4, 3))
        p = y.copy()
        for i in rng.choice(12, int(rng.integers(1, 6)), replace=False):
            p.flat[i] = 1 - p.flat[i]
        if y.sum(axis=1).all() and (y == p).all(axis=1).any():
            return y.tolist(), p.tolist()


def _solve_02_10(Y=_Y10, P=_P10):
    lines = []
    for i, (y, p) in enumerate(zip(Y, P), 1):
        wrong = sum(a != b for a, b in zip(y, p))
        lines.append(f"example {i}: true {y}, predicted {p}: {wrong} wrong label(s)"
                     + (" -> the whole set is right" if wrong == 0 else ""))
    n, L = len(Y), len(Y[0])
    lines += [
        f"subset accuracy = share of examples whose whole label set is right = {accuracy_score(Y, P):.4f}.",
        f"Hamming loss = share of the {n} x {L} = {n * L} (example, label) cells that are wrong = "
        f"{hamming_loss(Y, P):.4f}.",
        "One wrong label makes a whole example wrong for the subset accuracy, but only one cell of "
        f"{L} for the Hamming loss.",
    ]
    return "\n".join(lines)


def _make_02_10(seed: int) -> dict:
    Y, P = _label_sets(seed)
    subset, hamming = accuracy_score(Y, P), hamming_loss(Y, P)
    return dict(
        prompt=f"Four examples, three labels each (an indicator matrix, one row per example): Y_true = {Y}, "
               f"Y_pred = {P}. Compute the subset accuracy (accuracy_score on the matrices) and the Hamming loss. "
               "Answer as a tuple (subset accuracy, Hamming loss).",
        answer=(subset, hamming),
        data={"Y_true": Y, "Y_pred": P},
        mistakes=[
            Mistake((1 - hamming, hamming), "that 'subset accuracy' is 1 - Hamming loss, the share of labels right.",
                    "The subset accuracy counts an example as right only when all its labels are right."),
            Mistake((subset, 1 - subset), "that Hamming loss is the share of examples with at least one wrong "
                                          "label (1 - subset accuracy).",
                    "The Hamming loss counts the wrong (example, label) cells and divides by their number."),
            Mistake((hamming, subset), "the two are swapped.",
                    "Subset accuracy is a share of examples that are completely right; Hamming loss a share of "
                    "cells that are wrong."),
        ],
        solve=lambda: _solve_02_10(Y, P),
    )


register(
    "02.10",
    kind="tuple",
    quantity="share",
    hint="Subset accuracy: whole rows right. Hamming loss: wrong cells over all cells.",
    variants=_make_02_10,
    **_make_02_10(0),
)
