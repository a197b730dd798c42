"""Exercises of chapter 06 (ranking metrics).

Every answer and every known mistake is computed here with learnmetrics from
the exercise's data: a mistake is the mistaken formula applied to the same data
(the other gain convention, IDCG over the whole list, AP divided by the list
length, ...).
"""
from __future__ import annotations

import numpy as np

from .. import ranking as _rk
from ._core import Mistake, register


def _hit_ranks(ranked, relevant):
    """1-based ranks of the relevant items in the list."""
    return [i + 1 for i, item in enumerate(ranked) if item in relevant]


# -- 06.1 (inside section 8): predict-then-check with the ranked-list explorer ------------------
# The notebook's eight documents and grades (section 5); the explorer stands at the order below, k = 3.
_DOCS = ("d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8")
_GRADES = dict(zip(_DOCS, (3, 2, 3, 0, 1, 2, 0, 1)))
_BEFORE = ("d2", "d4", "d1", "d7", "d6", "d8", "d3", "d5")
_AFTER = ("d2", "d1", "d4", "d7", "d6", "d8", "d3", "d5")     # d1 one rank up
_K1 = 3


def _state(order, k, **kw):
    return _rk.ranked_list_state([_GRADES[d] for d in order], k=k, items=order, gain="exponential", **kw)


_s1_before, _s1_after = _state(_BEFORE, _K1), _state(_AFTER, _K1)
_s1_whole = _state(_AFTER, len(_AFTER))


def _solve_06_1():
    s = _s1_after
    terms = " + ".join(f"{g:g}*{d:.4f}" for g, d in zip(s.gains_exponential[:_K1], s.discounts[:_K1]))
    return (f"new top {_K1}: " + ", ".join(f"{it}({r:g})" for it, r in zip(s.items[:_K1], s.relevance[:_K1]))
            + "\n"
            f"DCG@{_K1} = sum of (2^rel - 1) / log2(rank + 1) = {terms} = {s.dcg_exponential:.4f}\n"
            f"IDCG@{_K1} (the best {_K1} of all eight documents, grades 3, 3, 2) = {s.idcg_exponential:.4f}\n"
            f"NDCG@{_K1} = {s.dcg_exponential:.4f} / {s.idcg_exponential:.4f} = {s.ndcg_exponential:.4f} "
            f"(was {_s1_before.ndcg_exponential:.4f}: the grade-3 document now sits at rank 2)")


register(
    "06.1",
    f"The explorer shows the order {' '.join(_BEFORE)} at k = {_K1} with the exponential gain 2^rel - 1 "
    f"(NDCG@{_K1} = {_s1_before.ndcg_exponential:.4f}). Before you run the next cell, which moves d1 (grade 3) one "
    f"more rank up, predict: what will NDCG@{_K1} be?",
    kind="number",
    quantity="value",
    answer=_s1_after.ndcg_exponential,
    data={"grades": _GRADES, "before": _BEFORE, "after": _AFTER, "k": _K1},
    mistakes=[
        Mistake(_s1_before.ndcg_exponential, "that is the value before the move.",
                "d1 moves from rank 3 to rank 2: its gain 7 is now divided by log2(3) instead of log2(4)."),
        Mistake(_s1_after.ndcg_linear, "that is NDCG@3 with the linear gain (rel).",
                "The explorer uses the exponential gain 2^rel - 1 here: a grade-3 document gains 7, not 3."),
        Mistake(_s1_after.dcg_exponential, "that is DCG@3, not NDCG@3.",
                "Divide by IDCG@3, the DCG of the best possible top 3, so that NDCG lies in [0, 1]."),
        Mistake(_s1_after.dcg_exponential / _s1_whole.idcg_exponential,
                "IDCG was computed over the whole list, not the top 3.",
                "NDCG@k divides by IDCG@k: the ideal list cut at the same k (note 003's IDCG_u, without the @k, "
                "misleads here)."),
    ],
    hint="Recompute DCG@3 of the new order, then divide by IDCG@3 (the best three grades, best first).",
    solve=_solve_06_1,
)


# -- 06.2: precision@k and recall@k -------------------------------------------------------------
_RANKED2 = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]
_REL2 = {"d1", "d3", "d4", "d7", "d9"}
_K2 = 4
_p2, _r2 = _rk.precision_at_k(_RANKED2, _REL2, _K2), _rk.recall_at_k(_RANKED2, _REL2, _K2)
_shown2 = _REL2 & set(_RANKED2)


def _solve_06_2():
    hits = [d for d in _RANKED2[:_K2] if d in _REL2]
    return (f"top {_K2}: {', '.join(_RANKED2[:_K2])}; relevant among them: {', '.join(hits)} ({len(hits)})\n"
            f"P@{_K2} = {len(hits)} / k = {len(hits)} / {_K2} = {_p2:.4f}\n"
            f"R@{_K2} = {len(hits)} / |relevant| = {len(hits)} / {len(_REL2)} = {_r2:.4f} "
            f"(d9 is relevant even though the list never shows it)")


register(
    "06.2",
    f"A search returns {' '.join(_RANKED2)} (best first). The relevant documents are "
    f"{', '.join(sorted(_REL2))} (d9 is not in the list). Give (precision@{_K2}, recall@{_K2}).",
    kind="tuple",
    parts=('precision@4', 'recall@4'),
    quantity="share",
    answer=(_p2, _r2),
    data={"ranked": _RANKED2, "relevant": sorted(_REL2), "k": _K2},
    mistakes=[
        Mistake((_r2, _p2), "the two are swapped.",
                "Precision divides the hits by k (how much of the top k is relevant); recall divides them by "
                "the number of relevant documents."),
        Mistake((_p2, _rk.recall_at_k(_RANKED2, _shown2, _K2)), "recall left out the relevant document d9.",
                "A relevant document the search never returned still counts in recall's denominator: that is "
                "exactly what recall is there to notice."),
        Mistake((_rk.precision_at_k(_RANKED2, _REL2, _K2) * _K2 / len(_RANKED2), _r2),
                "precision was divided by the length of the list.",
                f"P@k divides the hits in the top k by k = {_K2}, not by the {len(_RANKED2)} results."),
    ],
    hint="Count the relevant documents in the top k; divide by k for precision, by the number of relevant "
         "documents for recall.",
    solve=_solve_06_2,
)


# -- 06.3: average precision of a short list ----------------------------------------------------
_RANKED3 = ["a", "b", "c", "d", "e", "f"]
_REL3 = {"a", "c", "f", "z"}
_ap3 = _rk.average_precision(_RANKED3, _REL3)
_ranks3 = _hit_ranks(_RANKED3, _REL3)
_prec_at_hits3 = [_rk.precision_at_k(_RANKED3, _REL3, r) for r in _ranks3]
_prec_all3 = [_rk.precision_at_k(_RANKED3, _REL3, k) for k in range(1, len(_RANKED3) + 1)]


def _solve_06_3():
    steps = ", ".join(f"P@{r} = {p:.4f}" for r, p in zip(_ranks3, _prec_at_hits3))
    return (f"relevant items in the list at ranks {_ranks3}: {steps}\n"
            f"AP = (sum of these) / |relevant| = {sum(_prec_at_hits3):.4f} / {len(_REL3)} = {_ap3:.4f}\n"
            f"(z is relevant but never shown: it adds 0 to the sum and 1 to the denominator)")


register(
    "06.3",
    f"A list {' '.join(_RANKED3)} (best first); the relevant items are {', '.join(sorted(_REL3))} (z is not in the "
    "list). What is its average precision AP?",
    kind="number",
    quantity="share",
    answer=_ap3,
    data={"ranked": _RANKED3, "relevant": sorted(_REL3)},
    mistakes=[
        Mistake(_rk.average_precision(_RANKED3, _REL3 & set(_RANKED3)),
                f"the sum was divided by the {len(_ranks3)} relevant items found, not by all {len(_REL3)}.",
                "AP divides by the number of relevant items, found or not; otherwise a list that shows one "
                "relevant item first and hides the rest would score 1."),
        Mistake(sum(_prec_at_hits3) / len(_RANKED3), "the sum was divided by the length of the list.",
                f"Only the ranks of the relevant items contribute, and the sum is divided by |relevant| = "
                f"{len(_REL3)}."),
        Mistake(float(np.mean(_prec_all3)), "that is the mean of the precision at every rank.",
                "AP averages the precision only at the ranks where a relevant item appears."),
    ],
    hint="Write down P@r at each rank r holding a relevant item, add them, and divide by the number of relevant "
         "items.",
    solve=_solve_06_3,
)


# -- 06.4 and 06.5: DCG@3 with both gain conventions --------------------------------------------
_REL4 = [3, 1, 2, 0, 2]
_K4 = 3
_s4 = _rk.ranked_list_state(_REL4, k=_K4)
_s4_ln = _rk.ranked_list_state(_REL4, k=_K4, log_base=np.e)
_jk_discount = 1 / np.maximum(1.0, np.log2(np.arange(1, len(_REL4) + 1)))[:_K4]   # log2(i), rank 1 undiscounted


def _solve_dcg(gain):
    g = _s4.gains_exponential if gain == "exponential" else _s4.gains_linear
    form = "2^rel - 1" if gain == "exponential" else "rel"
    dcg = _s4.dcg_exponential if gain == "exponential" else _s4.dcg_linear
    terms = " + ".join(f"{gi:g}/log2({i + 2})" for i, gi in enumerate(g[:_K4]))
    values = " + ".join(f"{gi * d:.4f}" for gi, d in zip(g[:_K4], _s4.discounts[:_K4]))
    return (f"gains ({form}) of the top {_K4}: {', '.join(f'{x:g}' for x in g[:_K4])}\n"
            f"DCG@{_K4} = {terms} = {values} = {dcg:.4f}")


def _dcg_prompt(gain_text):
    return (f"The relevance grades of a list, in the order shown: {', '.join(map(str, _REL4))}. Compute DCG@{_K4} "
            f"with the {gain_text} and the discount log2(rank + 1).")


register(
    "06.4",
    _dcg_prompt("exponential gain 2^rel - 1 (note 003's convention)"),
    kind="number",
    quantity="value",
    answer=_s4.dcg_exponential,
    data={"relevance": _REL4, "k": _K4, "gain": "exponential"},
    mistakes=[
        Mistake(_s4.dcg_linear, "that is the linear gain rel (scikit-learn's convention).",
                "This exercise asks for note 003's gain 2^rel - 1: a grade-3 item gains 7."),
        Mistake(_s4_ln.dcg_exponential, "the discount used the natural log.",
                "The discount is log base 2 of (rank + 1): rank 1 is divided by log2(2) = 1."),
        Mistake(float(_s4.gains_exponential[:_K4] @ _jk_discount), "the discount was log2(rank), rank 1 undiscounted.",
                "With log2(rank + 1) rank 2 is already discounted (by log2(3) = 1.585); with log2(rank) ranks 1 "
                "and 2 would weigh the same."),
    ],
    hint="DCG@3 = sum over ranks i = 1..3 of (2^rel_i - 1) / log2(i + 1).",
    solve=lambda: _solve_dcg("exponential"),
)

register(
    "06.5",
    _dcg_prompt("linear gain rel (scikit-learn's convention)"),
    kind="number",
    quantity="value",
    answer=_s4.dcg_linear,
    data={"relevance": _REL4, "k": _K4, "gain": "linear"},
    mistakes=[
        Mistake(_s4.dcg_exponential, "that is the exponential gain 2^rel - 1 (note 003's convention).",
                "This exercise asks for scikit-learn's gain, the grade itself: a grade-3 item gains 3."),
        Mistake(_s4_ln.dcg_linear, "the discount used the natural log.",
                "The discount is log base 2 of (rank + 1) (sklearn's dcg_score: log_base=2)."),
        Mistake(float(_s4.gains_linear[:_K4].sum()), "that is CG@3: the discount is missing.",
                "Divide each gain by log2(rank + 1) before adding."),
    ],
    hint="DCG@3 = sum over ranks i = 1..3 of rel_i / log2(i + 1).",
    solve=lambda: _solve_dcg("linear"),
)


# -- 06.6: NDCG@k: IDCG over the top k -----------------------------------------------------------
_REL6 = [1, 0, 3, 2, 0, 3]
_K6 = 3
_s6 = _rk.ranked_list_state(_REL6, k=_K6, gain="linear")
_s6_whole = _rk.ranked_list_state(_REL6, k=len(_REL6), gain="linear")
_s6_shown = _rk.ranked_list_state(sorted(_REL6[:_K6], reverse=True), k=_K6, gain="linear")


def _solve_06_6():
    ideal = sorted(_REL6, reverse=True)
    return (f"DCG@{_K6} of the list ({', '.join(map(str, _REL6[:_K6]))} on top) = {_s6.dcg_linear:.4f}\n"
            f"ideal order of all items: {', '.join(map(str, ideal))}; IDCG@{_K6} from its top {_K6} "
            f"({', '.join(map(str, ideal[:_K6]))}) = {_s6.idcg_linear:.4f}\n"
            f"NDCG@{_K6} = {_s6.dcg_linear:.4f} / {_s6.idcg_linear:.4f} = {_s6.ndcg_linear:.4f}")


register(
    "06.6",
    f"The relevance grades of a list, in the order shown: {', '.join(map(str, _REL6))}. With the linear gain rel "
    f"and the discount log2(rank + 1), what is NDCG@{_K6}?",
    kind="number",
    quantity="value",
    answer=_s6.ndcg_linear,
    data={"relevance": _REL6, "k": _K6, "gain": "linear"},
    mistakes=[
        Mistake(_s6.dcg_linear / _s6_whole.idcg_linear, "IDCG was computed over the whole list.",
                f"NDCG@{_K6} compares the top {_K6} with the best possible top {_K6}: IDCG@{_K6}, the ideal list "
                f"cut at the same k. (Note 003 writes IDCG_u without the @k; read literally it gives this answer.)"),
        Mistake(_s6.dcg_linear / _s6_shown.idcg_linear,
                f"the ideal was built from the {_K6} items shown, re-sorted.",
                f"The ideal list sorts all items: the best {_K6} grades of the whole list, including the grade-3 "
                "item the list put at rank 6."),
        Mistake(_s6.ndcg_exponential, "that is NDCG with the exponential gain 2^rel - 1.",
                "Here the gain is the grade itself (linear)."),
    ],
    hint="NDCG@k = DCG@k / IDCG@k, where IDCG@k is the DCG@k of all items sorted best first.",
    solve=_solve_06_6,
)


# -- 06.7: MRR ----------------------------------------------------------------------------------
_LISTS7 = {"q1": ["a", "b", "c"], "q2": ["d", "e", "f"], "q3": ["g", "h", "i"]}
_REL7 = {"q1": {"a"}, "q2": {"f"}, "q3": {"h", "i"}}
_qs = list(_LISTS7)
_mrr = _rk.mean_reciprocal_rank([_LISTS7[q] for q in _qs], [_REL7[q] for q in _qs])
_first = [_hit_ranks(_LISTS7[q], _REL7[q])[0] for q in _qs]
_all_rr = [float(np.mean([1 / r for r in _hit_ranks(_LISTS7[q], _REL7[q])])) for q in _qs]


def _solve_06_7():
    rr = [_rk.reciprocal_rank(_LISTS7[q], _REL7[q]) for q in _qs]
    parts = "; ".join(f"{q}: first relevant at rank {r}, RR = {v:.4f}" for q, r, v in zip(_qs, _first, rr))
    return f"{parts}\nMRR = mean of the RRs = ({' + '.join(f'{v:.4f}' for v in rr)}) / {len(rr)} = {_mrr:.4f}"


register(
    "06.7",
    "Three queries and their answers (best first): "
    + "; ".join(f"{q}: {' '.join(_LISTS7[q])}, relevant {{{', '.join(sorted(_REL7[q]))}}}" for q in _qs)
    + ". What is the mean reciprocal rank MRR?",
    kind="number",
    quantity="value",
    answer=_mrr,
    data={"lists": _LISTS7, "relevant": {q: sorted(v) for q, v in _REL7.items()}},
    mistakes=[
        Mistake(1 / float(np.mean(_first)), "that is 1 / (mean rank): the mean and the reciprocal are in the "
                                            "wrong order.",
                "Take 1/rank for each query first, then the mean."),
        Mistake(float(np.mean(_first)), "that is the mean rank of the first relevant answer.",
                "MRR averages the reciprocals 1/rank, so a hit at rank 1 counts 1 and a hit further down less."),
        Mistake(float(np.mean(_all_rr)), "every relevant answer of q3 was counted.",
                "The reciprocal rank looks only at the first relevant answer of each query."),
    ],
    hint="For each query take 1 / (rank of its first relevant answer), then average over the queries.",
    solve=_solve_06_7,
)


# -- 06.8: explain in words ---------------------------------------------------------------------
_REL8 = {"d1", "d2", "d3", "d4", "d5"}
_ENGINES8 = {"engine A": ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10"]}
_ENGINES8["engine B"] = _ENGINES8["engine A"][5:] + _ENGINES8["engine A"][:5]   # relevant ones last (section 1)


def _solve_06_8():
    lines = []
    for name, ranked in _ENGINES8.items():
        lines.append(f"{name}: relevant at ranks {_hit_ranks(ranked, _REL8)}; "
                     f"P@10 = {_rk.precision_at_k(ranked, _REL8, 10):.4f}, "
                     f"R@10 = {_rk.recall_at_k(ranked, _REL8, 10):.4f}, "
                     f"AP = {_rk.average_precision(ranked, _REL8):.4f}")
    return "\n".join(lines)


register(
    "06.8",
    "Engines A and B show the same ten documents in different orders, so at k = 10 their precision and recall "
    "are equal. Explain in words why AP can still tell them apart.",
    kind="open",
    answer=("Precision@k and recall@k only ask which documents are in the top k, not where: at k = 10 both "
            "engines hold the same ten, so both measures are equal. AP averages the precision at the rank of "
            "each relevant document, and the precision at a rank depends on how many relevant documents come "
            "before it, so AP depends on where the relevant documents sit: moving a relevant document above a "
            "non-relevant one raises it. Lists whose relevant documents sit at the same ranks have the same AP, "
            "whichever non-relevant documents fill the other ranks."),
    solve=_solve_06_8,
)
