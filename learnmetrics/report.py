"""One call that reports a binary classifier's scores on a test set, with an interval on every number.

``lm.evaluation_report(y_true, y_score, threshold=0.5)`` gathers what chapters
02-13 compute one by one: the class balance, the ranking (AUC with DeLong's
interval, AP with a bootstrap interval), the chosen operating point (the
confusion matrix; precision, recall and F1 of each class, so specificity and
the negative predictive value too, each with its interval and support), the
probabilities (Brier score and ECE) and what a naive model would score on the
same examples.  The object it returns shows itself as a table in a notebook
(``_repr_html_``) and as text in a terminal (``str``/``repr``); ``.plot()``
draws ROC, P-R, the reliability diagram and the measures against the threshold
in the course's visual grammar (``learnmetrics.plotting.report``).

Every point estimate equals scikit-learn's (``roc_auc_score``,
``average_precision_score``, ``precision_recall_fscore_support``,
``confusion_matrix``, ``brier_score_loss``, with ``sample_weight`` too; tested).
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass, field

import numpy as np

from ._validation import (as_labels, as_scores, check_label, check_positive_int, check_real, check_rng,
                          check_same_length, check_sample_weight, check_size, warn_undefined)

__all__ = ["evaluation_report", "EvaluationReport", "RateInterval", "metric_at_thresholds"]

#: at most this many segments in ``groups=`` (a report row each)
MAX_GROUPS = 200


@dataclass(frozen=True)
class RateInterval:
    """An estimate and its interval; ``method`` says how the interval was found."""

    estimate: float
    low: float
    high: float
    method: str

    def __str__(self) -> str:
        if math.isnan(self.estimate):
            return "undefined (0/0)"
        if math.isnan(self.low):
            return f"{self.estimate:.4f}"
        return f"{self.estimate:.4f} [{self.low:.4f}, {self.high:.4f}]"

    def __iter__(self):
        return iter((self.estimate, self.low, self.high))


def _wilson(k: float, n: float, z: float, n_eff: float | None = None) -> RateInterval:
    """Wilson's score interval for the proportion k / n; with weights the proportion is the weighted one
    and the interval is read at Kish's effective size ``n_eff`` (= n for unit weights)."""
    if n <= 0:
        return RateInterval(float("nan"), float("nan"), float("nan"), "Wilson")
    p = k / n
    m = n if n_eff is None else n_eff
    denom = 2 * (m + z * z)
    center = (2 * m * p + z * z) / denom
    half = z * math.sqrt(max(z * z + 4 * m * p * (1 - p), 0.0)) / denom
    return RateInterval(float(p), max(0.0, center - half), min(1.0, center + half), "Wilson")


def _kish(w: np.ndarray | None, mask: np.ndarray) -> float | None:
    """Kish's effective sample size (Σw)² / Σw² of the rows in ``mask`` (None without weights)."""
    if w is None:
        return None
    wm = np.asarray(w[mask], dtype=float)
    top = float(wm.max()) if wm.size else 0.0
    if not top > 0:
        return 0.0
    wm = wm / top      # the size does not depend on the weights' scale: (Σw)² and Σw² of 1e300 overflow,
    s2 = float(np.dot(wm, wm))     # of 1e-170 underflow to 0 (an interval of [0, 1] before)
    return float(wm.sum()) ** 2 / s2 if s2 > 0 else 0.0


def _f1(tp, fp, fn):
    tp, fp, fn = (np.asarray(a, dtype=float) for a in (tp, fp, fn))
    d = 2 * tp + fp + fn
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(d > 0, 2 * tp / np.where(d > 0, d, 1), np.nan)


@dataclass(frozen=True)
class ClassRow:
    """One class's row: ``precision`` (for the negative class: the negative predictive value),
    ``recall`` (for the negative class: specificity), ``f1`` and ``support`` (its examples)."""

    label: object
    precision: RateInterval
    recall: RateInterval
    f1: RateInterval
    support: float


@dataclass(frozen=True)
class GroupRow:
    """One segment of ``groups=``: its size, positives, AUC and AP (NaN with one class) and the operating
    point's precision and recall with Wilson intervals."""

    group: object
    n: float
    positives: float
    auc: float
    ap: float
    precision: RateInterval
    recall: RateInterval


@dataclass(frozen=True)
class Baseline:
    """A measure, the model's value, a naive model's value on the same examples and that naive model."""

    measure: str
    model: float
    baseline: float
    naive: str
    higher_is_better: bool = True

    @property
    def gain(self) -> float:
        return self.model - self.baseline if self.higher_is_better else self.baseline - self.model


@dataclass(frozen=True, repr=False)
class EvaluationReport:
    """The result of :func:`evaluation_report` (see there). ``str(report)`` is the text table,
    ``report._repr_html_()`` the notebook's, ``report.plot()`` the figure."""

    n: float
    n_positive: float
    n_negative: float
    pos_label: object
    neg_label: object
    threshold: float
    confidence: float
    auc: RateInterval
    ap: RateInterval
    accuracy: RateInterval
    confusion: np.ndarray           # sklearn layout [[TN, FP], [FN, TP]], rows = true (negative, positive)
    classes: tuple                  # (negative row, positive row) of ClassRow
    brier: float | None
    ece: float | None
    n_bins: int
    baselines: tuple
    groups: tuple = ()
    weighted: bool = False
    notes: tuple = ()
    _data: tuple = field(default=(), compare=False)

    # -- the numbers a practitioner quotes --------------------------------------------------------
    @property
    def prevalence(self) -> float:
        """The share of positives (weighted)."""
        return self.n_positive / self.n

    @property
    def precision(self) -> RateInterval:
        return self.classes[1].precision

    @property
    def recall(self) -> RateInterval:
        return self.classes[1].recall

    @property
    def f1(self) -> RateInterval:
        return self.classes[1].f1

    @property
    def specificity(self) -> RateInterval:
        return self.classes[0].recall

    @property
    def npv(self) -> RateInterval:
        return self.classes[0].precision

    # -- text ---------------------------------------------------------------------------------------
    def _sections(self):
        """The report as (title, header, rows) tables of strings, shared by text and HTML."""
        pct = f"{self.confidence:.0%}"
        cnt = (lambda v: f"{v:.4g}") if self.weighted else (lambda v: f"{int(round(v))}")
        out = []
        out.append(("Test set", ["", "value"], [
            ["examples", cnt(self.n)],
            [f"positives ({self.pos_label!r})", f"{cnt(self.n_positive)} ({self.prevalence:.2%})"],
            [f"negatives ({self.neg_label!r})", f"{cnt(self.n_negative)} ({1 - self.prevalence:.2%})"],
        ]))
        out.append((f"Ranking (scores), {pct} intervals", ["measure", "value", "interval", "method"], [
            ["ROC AUC", f"{self.auc.estimate:.4f}", f"[{self.auc.low:.4f}, {self.auc.high:.4f}]", self.auc.method],
            ["average precision (AP)", f"{self.ap.estimate:.4f}", f"[{self.ap.low:.4f}, {self.ap.high:.4f}]",
             self.ap.method],
        ]))
        rows = []
        for c, name in zip(self.classes, ("negative", "positive")):
            for what, r in (("precision", c.precision), ("recall", c.recall), ("F1", c.f1)):
                alias = {("negative", "precision"): " (NPV)", ("negative", "recall"): " (specificity)",
                         ("positive", "recall"): " (sensitivity)"}.get((name, what), "")
                iv = "" if math.isnan(r.low) else f"[{r.low:.4f}, {r.high:.4f}]"
                val = "undefined (0/0)" if math.isnan(r.estimate) else f"{r.estimate:.4f}"
                rows.append([f"{c.label!r} ({name})", what + alias, val, iv, r.method, cnt(c.support)])
        a = self.accuracy
        rows.append(["all", "accuracy", f"{a.estimate:.4f}", f"[{a.low:.4f}, {a.high:.4f}]", a.method, cnt(self.n)])
        out.append((f"Operating point: positive when score >= {self.threshold:.4g}, {pct} intervals",
                    ["class", "measure", "value", "interval", "method", "support"], rows))
        (tn, fp), (fn, tp) = self.confusion
        out.append(("Confusion matrix (rows: true class, columns: predicted)",
                    ["", f"predicted {self.neg_label!r}", f"predicted {self.pos_label!r}"], [
                        [f"true {self.neg_label!r}", f"TN {cnt(tn)}", f"FP {cnt(fp)}"],
                        [f"true {self.pos_label!r}", f"FN {cnt(fn)}", f"TP {cnt(tp)}"]]))
        if self.brier is not None:
            ece = "n/a (fewer examples than bins)" if self.ece is None else f"{self.ece:.4f}"
            out.append(("Probabilities", ["measure", "value"], [
                ["Brier score (lower is better)", f"{self.brier:.4f}"],
                [f"ECE, {self.n_bins} equal-width bins (lower is better)", ece]]))
        out.append(("Against naive models on the same examples", ["measure", "model", "naive", "gain", "naive model"],
                    [[b.measure, f"{b.model:.4f}", f"{b.baseline:.4f}", f"{b.gain:+.4f}", b.naive]
                     for b in self.baselines]))
        if self.groups:
            out.append((f"Per group (operating point at {self.threshold:.4g})",
                        ["group", "n", "positives", "AUC", "AP", "precision", "recall"],
                        [[str(g.group), cnt(g.n), cnt(g.positives),
                          "n/a" if math.isnan(g.auc) else f"{g.auc:.4f}",
                          "n/a" if math.isnan(g.ap) else f"{g.ap:.4f}", str(g.precision), str(g.recall)]
                         for g in self.groups]))
        return out

    def to_text(self) -> str:
        lines = ["Evaluation report"]
        for title, header, rows in self._sections():
            widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
            lines += ["", title, "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip(),
                      "  ".join("-" * w for w in widths)]
            lines += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
        if self.notes:
            lines += [""] + [f"Note: {n}" for n in self.notes]
        return "\n".join(lines)

    __str__ = to_text

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        e = html.escape
        parts = ['<div class="lm-report"><strong>Evaluation report</strong>']
        for title, header, rows in self._sections():
            parts.append(f'<table style="margin:0.4em 0"><caption style="text-align:left">{e(title)}</caption>'
                         "<thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in header) + "</tr></thead><tbody>")
            for r in rows:
                parts.append("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in r) + "</tr>")
            parts.append("</tbody></table>")
        for n in self.notes:
            parts.append(f"<p><em>Note:</em> {e(n)}</p>")
        parts.append("</div>")
        return "\n".join(parts)

    def plot(self, fig=None, *, n_resamples=200, rng=0):
        """ROC and P-R with the operating point, the reliability diagram (probabilities only) and
        precision, recall and F1 against the threshold with bootstrap bands; returns the figure.
        See :func:`learnmetrics.plotting.report.plot_report`."""
        from .plotting.report import plot_report

        return plot_report(self, fig=fig, n_resamples=n_resamples, rng=rng)


def _binary_target(y, pos_label):
    classes = np.unique(y)
    if classes.size < 2:
        raise ValueError(
            f"y_true holds one class only ({classes.tolist()!r}); a report needs positives and negatives "
            "(AUC, precision and recall are undefined with one class)")
    if classes.size > 2:
        raise ValueError(f"y_true must hold two classes, got {classes.size}: {classes.tolist()[:6]!r}"
                         "; for a multi-class model report one class against the rest")
    if pos_label is None:
        if y.dtype.kind in "US":
            raise ValueError(f"y_true holds the string labels {classes.tolist()!r}: say which is positive "
                             "with pos_label=")
        pos_label = classes[1].item()
    else:
        pos_label = check_label(pos_label, "pos_label", like=y)
        if pos_label not in classes.tolist():
            raise ValueError(f"pos_label={pos_label!r} is not one of y_true's labels {classes.tolist()!r}")
    neg_label = [c for c in classes.tolist() if c != pos_label][0]
    return (y == pos_label), pos_label, neg_label


def evaluation_report(y_true, y_score, *, threshold=None, pos_label=None, sample_weight=None, groups=None,
                      confidence=0.95, n_bins=10, n_resamples=1000, rng=0) -> EvaluationReport:
    r"""Everything a binary classifier's test-set scores say, each number with its interval.

    The operating point predicts positive when ``y_score >= threshold``. With
    :math:`m^+` positives, :math:`m^-` negatives and the counts TP, FP, FN, TN
    there, the report holds

    * the class balance: :math:`m^+`, :math:`m^-`, the share of positives
      :math:`\pi = m^+ / m`;
    * AUC (``roc_auc_score``) with DeLong's interval (``roc_auc_ci``; with
      ``sample_weight`` a stratified bootstrap percentile interval instead) and AP
      (``average_precision_score``) with a stratified bootstrap percentile
      interval (``bootstrap_ci``, ``n_resamples`` resamples);
    * for each class, as ``classification_report`` shows it: precision
      (TP / (TP + FP); for the negative class the negative predictive value TN / (TN + FN)),
      recall (TP / (TP + FN); for the negative class specificity TN / (TN + FP)) and
      F1, with the support; precision, recall and accuracy with Wilson's score interval
      (``proportion_ci``), F1 with a bootstrap interval (the test rows resampled at the
      fixed threshold, which resamples the four counts multinomially);
    * the confusion matrix in scikit-learn's layout ``[[TN, FP], [FN, TP]]``;
    * for probabilities (scores in [0, 1]): the Brier score and the ECE
      (``expected_calibration_error``, ``n_bins`` equal-width bins);
    * the gain over naive models on the same examples: accuracy against always
      predicting the majority class (:math:`\max(\pi, 1 - \pi)`), AUC against any
      constant score (0.5), AP and precision against scoring everyone the same
      (:math:`\pi`), F1 against predicting everyone positive (:math:`2\pi / (1 + \pi)`),
      Brier against predicting :math:`\pi` for everyone (:math:`\pi(1 - \pi)`);
    * with ``groups``: each segment's size, positives, AUC, AP, precision and recall.

    A rate whose denominator is 0 (precision with nothing predicted positive) is
    NaN, shown as "undefined (0/0)", with an ``UndefinedMetricWarning``
    (scikit-learn reports 0 there).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two classes; both must be present.
    y_score : array-like of shape (n_samples,)
        Scores, higher meaning more likely positive (probabilities, or any real score).
    threshold : float, default=None
        The operating point. None means 0.5 for probabilities (``predict``'s threshold);
        for scores outside [0, 1] it must be given.
    pos_label : label, default=None
        The positive class; None means the larger of two numeric labels (strings need it).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights. The estimates are weighted as scikit-learn's; the Wilson
        intervals use the weighted proportion at Kish's effective size
        :math:`(\sum w)^2 / \sum w^2` (the usual interval for unit weights).
    groups : array-like of shape (n_samples,), default=None
        A segment label per example (at most 200 segments).
    confidence : float in (0, 1), default=0.95
    n_bins : int >= 1, default=10
        Bins of the ECE.
    n_resamples : int >= 100, default=1000
        Bootstrap resamples for AP's and F1's intervals (and AUC's with weights).
    rng : None, int or numpy.random.Generator, default=0
        Seeds the bootstrap, so a report is reproducible by default.

    Returns
    -------
    EvaluationReport
        Attributes ``auc``, ``ap``, ``accuracy``, ``precision``, ``recall``, ``f1``,
        ``specificity``, ``npv`` (each a :class:`RateInterval`: ``estimate, low, high``),
        ``confusion``, ``classes``, ``brier``, ``ece``, ``baselines``, ``groups``.

    Example
    -------
    >>> r = evaluation_report([0, 0, 1, 1, 0, 1, 0, 0], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.6, 0.05])
    >>> round(r.auc.estimate, 4), r.confusion.tolist()
    (0.8667, [[4.0, 1.0], [1.0, 2.0]])
    >>> print(r.recall)
    0.6667 [0.2077, 0.9385]
    """
    from . import calibration as _cal
    from . import curves as _curves
    from . import uncertainty as _unc

    # ---- checks, before any work ---------------------------------------------------------------
    y = as_labels(y_true, "y_true")
    s = as_scores(y_score, "y_score")
    n = check_same_length(y_true=y, y_score=s)
    w = check_sample_weight(sample_weight, n)
    confidence = check_real(confidence, "confidence", low=0.0, high=1.0, low_open=True, high_open=True)
    n_bins = check_positive_int(n_bins, "n_bins", minimum=1)
    n_resamples = check_positive_int(n_resamples, "n_resamples", minimum=100)
    check_size(n_resamples * n, "the bootstrap of evaluation_report (n_resamples x n_samples)",
               hint="use fewer n_resamples")
    gen = check_rng(rng)
    is_prob = bool(s.min() >= 0.0 and s.max() <= 1.0)
    if threshold is None:
        if not is_prob:
            raise ValueError("threshold is needed: y_score holds values outside [0, 1] "
                             f"(from {s.min():.4g} to {s.max():.4g}), so 0.5 is no default")
        threshold = 0.5
    else:
        threshold = check_real(threshold, "threshold", allow_inf=True)
    g = None
    if groups is not None:
        g = as_labels(groups, "groups")
        check_same_length(y_true=y, groups=g)
        n_groups = np.unique(g).size
        if n_groups > MAX_GROUPS:
            raise ValueError(f"groups has {n_groups} distinct values, more than {MAX_GROUPS}; pass a coarser segment")
    pos, pos_label, neg_label = _binary_target(y, pos_label)
    if w is not None and (w[pos].sum() == 0 or w[~pos].sum() == 0):
        raise ValueError("sample_weight gives one class a total weight of 0; a report needs both classes")

    # ---- counts at the operating point ---------------------------------------------------------
    ybin = pos.astype(np.int64)
    ww = np.ones(n) if w is None else w
    pred = s >= threshold
    tp = float(ww[pos & pred].sum())
    fp = float(ww[~pos & pred].sum())
    fn = float(ww[pos & ~pred].sum())
    tn = float(ww[~pos & ~pred].sum())
    m_pos, m_neg = tp + fn, tn + fp
    m = m_pos + m_neg
    z = _unc._z_upper((1 - confidence) / 2)     # from the lower tail: exact for a confidence next to 1
    eff = lambda mask: _kish(w, mask)  # noqa: E731

    # F1 of each class: resample the test rows at the fixed threshold = the four counts multinomially
    cells = np.array([tn, fp, fn, tp]) / m
    n_draw = n if w is None else max(1, int(round(_kish(w, np.ones(n, bool)))))
    draws = gen.multinomial(n_draw, cells, size=n_resamples).astype(float)
    f1_pos_r = _f1(draws[:, 3], draws[:, 1], draws[:, 2])
    f1_neg_r = _f1(draws[:, 0], draws[:, 2], draws[:, 1])
    alpha = 1 - confidence

    def f1_interval(est, resampled):
        if math.isnan(est):
            return RateInterval(float("nan"), float("nan"), float("nan"), "bootstrap")
        v = resampled[~np.isnan(resampled)]
        lo, hi = np.quantile(v, [alpha / 2, 1 - alpha / 2]) if v.size else (np.nan, np.nan)
        return RateInterval(est, float(lo), float(hi), "bootstrap")

    f1_pos = float(_f1(tp, fp, fn))
    f1_neg = float(_f1(tn, fn, fp))
    prec_pos = _wilson(tp, tp + fp, z, eff(pred))
    prec_neg = _wilson(tn, tn + fn, z, eff(~pred))
    if tp + fp == 0:
        warn_undefined(f"precision is undefined (0/0): nothing scores >= threshold={threshold:.4g}")
    if tn + fn == 0:
        warn_undefined(f"the negative predictive value is undefined (0/0): everything scores >= "
                       f"threshold={threshold:.4g}")
    classes = (
        ClassRow(neg_label, prec_neg, _wilson(tn, m_neg, z, eff(~pos)), f1_interval(f1_neg, f1_neg_r), m_neg),
        ClassRow(pos_label, prec_pos, _wilson(tp, m_pos, z, eff(pos)), f1_interval(f1_pos, f1_pos_r), m_pos),
    )
    accuracy = _wilson(tp + tn, m, z, eff(np.ones(n, bool)))

    # ---- ranking ------------------------------------------------------------------------------
    auc_est = float(_curves.roc_auc_score(ybin, s, sample_weight=w))
    notes = []
    delong = w is None and min(np.count_nonzero(pos), np.count_nonzero(~pos)) >= 2
    if w is None and not delong:
        notes.append("one example of a class: DeLong's AUC interval needs two of each, so the AUC's interval "
                     "is a stratified bootstrap's")
    if delong:
        d = _unc.roc_auc_ci(ybin, s, confidence=confidence)
        auc = RateInterval(auc_est, d.low, d.high, "DeLong")
    else:
        b = _unc.bootstrap_ci(_curves.roc_auc_score, ybin, s, n_resamples=n_resamples, confidence=confidence,
                              sample_weight=w, rng=gen)
        auc = RateInterval(auc_est, b.low, b.high, "bootstrap")
    b = _unc.bootstrap_ci(_curves.average_precision_score, ybin, s, n_resamples=n_resamples,
                          confidence=confidence, sample_weight=w, rng=gen)
    ap = RateInterval(float(_curves.average_precision_score(ybin, s, sample_weight=w)), b.low, b.high, "bootstrap")

    # ---- probabilities --------------------------------------------------------------------------
    brier = ece = None
    if is_prob:
        brier = float(_cal.brier_score_loss(ybin, s, sample_weight=w))
        if n >= n_bins:
            ece = float(_cal.expected_calibration_error(ybin, s, n_bins=n_bins, sample_weight=w))
    else:
        notes.append("y_score holds values outside [0, 1]: no Brier score or ECE (they need probabilities)")

    # ---- naive models -----------------------------------------------------------------------------
    pi = m_pos / m
    baselines = [
        Baseline("accuracy", accuracy.estimate, max(pi, 1 - pi), "always the majority class"),
        Baseline("ROC AUC", auc_est, 0.5, "any constant score"),
        Baseline("average precision", ap.estimate, pi, "the same score for everyone"),
        Baseline("precision", prec_pos.estimate, pi, "everyone positive"),
        Baseline("F1", f1_pos, 2 * pi / (1 + pi), "everyone positive"),
    ]
    if brier is not None:
        baselines.append(Baseline("Brier score", brier, pi * (1 - pi), "the share of positives for everyone",
                                  higher_is_better=False))

    # ---- segments ---------------------------------------------------------------------------------
    rows = []
    if g is not None:
        for key in np.unique(g):
            k = g == key
            pk, sk, wk = pos[k], s[k], (None if w is None else w[k])
            wkk = ww[k]
            both = pk.any() and (~pk).any() and (wk is None or (wk[pk].sum() > 0 and wk[~pk].sum() > 0))
            auc_k = float(_curves.roc_auc_score(pk.astype(int), sk, sample_weight=wk)) if both else float("nan")
            ap_k = float(_curves.average_precision_score(pk.astype(int), sk, sample_weight=wk)) if both \
                else float("nan")
            pr = sk >= threshold
            tp_k = float(wkk[pk & pr].sum())
            rows.append(GroupRow(key.item(), float(wkk.sum()), float(wkk[pk].sum()), auc_k, ap_k,
                                 _wilson(tp_k, float(wkk[pr].sum()), z, None if w is None else _kish(wk, pr)),
                                 _wilson(tp_k, float(wkk[pk].sum()), z, None if w is None else _kish(wk, pk))))
    flat = [name for name, r in (("ROC AUC", auc), ("AP", ap), ("F1", classes[1].f1))
            if np.isfinite(r.low) and r.low == r.high]
    if flat:
        notes.append(f"{', '.join(flat)}: an interval of zero width; resampling cannot show the uncertainty "
                     "here (e.g. classes perfectly separated, or nothing predicted positive), which is not certainty")
    small = [c.label for c in classes if c.support < 10]
    if small:
        notes.append(f"fewer than 10 examples of class {small[0]!r}: every interval is wide and the bootstrap's "
                     "is rough")
    return EvaluationReport(
        n=m, n_positive=m_pos, n_negative=m_neg, pos_label=pos_label, neg_label=neg_label, threshold=threshold,
        confidence=confidence, auc=auc, ap=ap, accuracy=accuracy, confusion=np.array([[tn, fp], [fn, tp]]),
        classes=classes, brier=brier, ece=ece, n_bins=n_bins, baselines=tuple(baselines), groups=tuple(rows),
        weighted=w is not None, notes=tuple(notes), _data=(ybin, s, w))


def metric_at_thresholds(y_true, y_score, metric_func, *, sample_weight=None, metric_params=None):
    """Any label metric at every distinct score taken as the threshold.

    Same arguments and values as ``sklearn.metrics.metric_at_thresholds`` (scikit-learn 1.9;
    tested): examples of weight 0 are dropped, the rest sorted by decreasing score (ties
    in their given order), and for each distinct score t, from the highest down,
    ``metric_func(y_true, y_pred, **metric_params)`` is called with ``y_pred = (y_score >= t)``
    as 0/1 integers (and ``sample_weight=`` when weights are given). This costs one call of
    the metric per distinct score, O(n) each; for precision, recall, F1 and the confusion
    counts, :func:`learnmetrics.confusion_matrix_at_thresholds` gives all of them from one sort.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Labels, passed to ``metric_func`` as they are (sorted with the scores).
    y_score : array-like of shape (n_samples,)
    metric_func : callable
        ``metric_func(y_true, y_pred, **metric_params)`` returning a number or a sequence of numbers.
    sample_weight : array-like of shape (n_samples,), default=None
    metric_params : dict, default=None

    Returns
    -------
    metric_values : ndarray of shape (n_thresholds,) or (n_thresholds, n_outputs)
    thresholds : ndarray of shape (n_thresholds,), decreasing

    Example
    -------
    >>> from learnmetrics import accuracy_score
    >>> values, thr = metric_at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], accuracy_score)
    >>> thr.tolist(), values.tolist()
    ([0.8, 0.4, 0.35, 0.1], [0.75, 0.5, 0.75, 0.5])
    """
    y = as_labels(y_true, "y_true")
    s = as_scores(y_score, "y_score")
    n = check_same_length(y_true=y, y_score=s)
    if not callable(metric_func):
        raise TypeError(f"metric_func must be a callable metric(y_true, y_pred, ...), got {type(metric_func).__name__}")
    if metric_params is not None and not isinstance(metric_params, dict):
        raise TypeError(f"metric_params must be a dict or None, got {type(metric_params).__name__}")
    w = check_sample_weight(sample_weight, n)
    if w is not None:
        keep = w != 0
        y, s, w = y[keep], s[keep], w[keep]
    order = np.argsort(-s, kind="stable")
    y, s = y[order], s[order]
    if w is not None:
        w = w[order]
    last = np.r_[np.flatnonzero(np.diff(s)), s.size - 1] if s.size else np.array([], dtype=int)
    thresholds = s[last]
    check_size(int(thresholds.size) * int(s.size), "metric_at_thresholds (thresholds x samples)",
               hint="round the scores to fewer distinct values")
    params = dict(metric_params or {})
    if w is not None:
        params["sample_weight"] = w
    values = [metric_func(y, (s >= t).astype(np.int32), **params) for t in thresholds]
    return np.asarray(values), thresholds
