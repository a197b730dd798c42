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
# "another one": the same documents in another order, one of the top 3 moved one rank up
_DOCS = ("d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8")
_GRADES = dict(zip(_DOCS, (3, 2, 3, 0, 1, 2, 0, 1)))
_BEFORE = ("d2", "d4", "d1", "d7", "d6", "d8", "d3", "d5")
_AFTER = ("d2", "d1", "d4", "d7", "d6", "d8", "d3", "d5")     # d1 one rank up
_K1 = 3


def _state(order, k, **kw):
    return _rk.ranked_list_state([_GRADES[d] for d in order], k=k, items=order, gain="exponential", **kw)


_s1_before, _s1_after = _state(_BEFORE, _K1), _state(_AFTER, _K1)
_s1_whole = _state(_AFTER, len(_AFTER))


def _moved_up(before, r):
    """The order ``before`` with the document at rank ``r`` (1-based) moved one rank up."""
    after = list(before)
    after[r - 2], after[r - 1] = after[r - 1], after[r - 2]
    return tuple(after)


def _solve_06_1(before=_BEFORE, r=3):
    after = _moved_up(before, r)
    s, sb = _state(after, _K1), _state(before, _K1)
    terms = " + ".join(f"{g:g}*{d:.4f}" for g, d in zip(s.gains_exponential[:_K1], s.discounts[:_K1]))
    return (f"new top {_K1}: " + ", ".join(f"{it}({r:g})" for it, r in zip(s.items[:_K1], s.relevance[:_K1]))
            + "\n"
            f"DCG@{_K1} = sum of (2^rel - 1) / log2(rank + 1) = {terms} = {s.dcg_exponential:.4f}\n"
            f"IDCG@{_K1} (the best {_K1} of all eight documents, grades 3, 3, 2) = {s.idcg_exponential:.4f}\n"
            f"NDCG@{_K1} = {s.dcg_exponential:.4f} / {s.idcg_exponential:.4f} = {s.ndcg_exponential:.4f} "
            f"(was {sb.ndcg_exponential:.4f}: the grade-{_GRADES[before[r - 1]]} document now sits at rank {r - 1})")


def _moved_hint(before, r) -> str:
    """Mistake 1's hint: which gains change their discount (a gain of 0 has nothing to change)."""
    doc, above = before[r - 1], before[r - 2]
    g, ga = 2 ** _GRADES[doc] - 1, 2 ** _GRADES[above] - 1
    if ga == 0:
        return (f"{doc} moves from rank {r} to rank {r - 1}: its gain {g} is now divided by log2({r}) instead of "
                f"log2({r + 1}).")
    if g == 0:
        return (f"{above} moves down from rank {r - 1} to rank {r}: its gain {ga} is now divided by log2({r + 1}) "
                f"instead of log2({r}).")
    return (f"{doc} moves from rank {r} to rank {r - 1} and {above} down to rank {r}: gain {g} is now divided by "
            f"log2({r}), gain {ga} by log2({r + 1}).")


def _make_06_1(seed: int) -> dict:
    if seed == 0:
        before, r = _BEFORE, 3
    else:      # another order; the document at rank 2 or 3 moves up past one of another grade
        rng = np.random.default_rng([6, 1, seed])
        before, r = tuple(str(d) for d in rng.permutation(_DOCS)), int(rng.integers(2, 4))
        if _GRADES[before[r - 1]] == _GRADES[before[r - 2]]:
            raise ValueError("06.1: swapping two documents of one grade changes nothing")
    doc, after = before[r - 1], _moved_up(before, r)
    sb, sa, whole = _state(before, _K1), _state(after, _K1), _state(after, len(after))
    if seed == 0:
        ask = (f"Before you run the next cell, which moves {doc} (grade {_GRADES[doc]}) one more rank up, predict: "
               f"what will NDCG@{_K1} be?")
    else:
        ask = (f"Move {doc} (grade {_GRADES[doc]}) one rank up, past {before[r - 2]} (grade {_GRADES[before[r - 2]]}): "
               f"what will NDCG@{_K1} be?")
    return dict(
        prompt=f"The explorer shows the order {' '.join(before)} at k = {_K1} with the exponential gain 2^rel - 1 "
               f"(NDCG@{_K1} = {sb.ndcg_exponential:.4f}). {ask}",
        answer=sa.ndcg_exponential,
        data={"grades": _GRADES, "before": before, "after": after, "k": _K1},
        mistakes=[
            Mistake(sb.ndcg_exponential, "that is the value before the move.", _moved_hint(before, r)),
            Mistake(sa.ndcg_linear, "that is NDCG@3 with the linear gain (rel).",
                    "The explorer uses the exponential gain 2^rel - 1 here: a grade-3 document gains 7, not 3."),
            Mistake(sa.dcg_exponential, "that is DCG@3, not NDCG@3.",
                    "Divide by IDCG@3, the DCG of the best possible top 3, so that NDCG lies in [0, 1]."),
            Mistake(sa.dcg_exponential / whole.idcg_exponential,
                    "IDCG was computed over the whole list, not the top 3.",
                    "NDCG@k divides by IDCG@k: the ideal list cut at the same k (note 003's IDCG_u, without the @k, "
                    "misleads here)."),
        ],
        solve=lambda: _solve_06_1(before, r),
    )


register(
    "06.1",
    kind="number",
    quantity="share",      # NDCG lies in [0, 1] and is often reported as a percentage: 57.4% is read
    hint="Recompute DCG@3 of the new order, then divide by IDCG@3 (the best three grades, best first).",
    variants=_make_06_1,
    **_make_06_1(0),
)


# -- 06.2: precision@k and recall@k -------------------------------------------------------------
# "another one": another order and other relevant documents (d9 still relevant and never shown; k = 4,
# which the parts' names say)
_RANKED2 = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]
_REL2 = {"d1", "d3", "d4", "d7", "d9"}
_K2 = 4
_p2, _r2 = _rk.precision_at_k(_RANKED2, _REL2, _K2), _rk.recall_at_k(_RANKED2, _REL2, _K2)
_shown2 = _REL2 & set(_RANKED2)


def _solve_06_2(ranked=_RANKED2, rel=_REL2):
    hits = [d for d in ranked[:_K2] if d in rel]
    p, r = _rk.precision_at_k(ranked, rel, _K2), _rk.recall_at_k(ranked, rel, _K2)
    return (f"top {_K2}: {', '.join(ranked[:_K2])}; relevant among them: {', '.join(hits)} ({len(hits)})\n"
            f"P@{_K2} = {len(hits)} / k = {len(hits)} / {_K2} = {p:.4f}\n"
            f"R@{_K2} = {len(hits)} / |relevant| = {len(hits)} / {len(rel)} = {r:.4f} "
            f"(d9 is relevant even though the list never shows it)")


def _make_06_2(seed: int) -> dict:
    if seed == 0:
        ranked, rel = _RANKED2, _REL2
    else:
        rng = np.random.default_rng([6, 2, seed])
        ranked = [str(d) for d in rng.permutation(_RANKED2)]
        rel = {str(d) for d in rng.choice(_RANKED2, int(rng.integers(2, 6)), replace=False)} | {"d9"}
        if not rel & set(ranked[:_K2]):
            raise ValueError("06.2: no hit in the top k")
    shown = rel & set(ranked)
    p, r = _rk.precision_at_k(ranked, rel, _K2), _rk.recall_at_k(ranked, rel, _K2)
    return dict(
        prompt=f"A search returns {' '.join(ranked)} (best first). The relevant documents are "
               f"{', '.join(sorted(rel))} (d9 is not in the list). Give (precision@{_K2}, recall@{_K2}).",
        answer=(p, r),
        data={"ranked": ranked, "relevant": sorted(rel), "k": _K2},
        mistakes=[
            Mistake((r, p), "the two are swapped.",
                    "Precision divides the hits by k (how much of the top k is relevant); recall divides them by "
                    "the number of relevant documents."),
            Mistake((p, _rk.recall_at_k(ranked, shown, _K2)), "recall left out the relevant document d9.",
                    "A relevant document the search never returned still counts in recall's denominator: that is "
                    "exactly what recall is there to notice."),
            Mistake((p * _K2 / len(ranked), r), "precision was divided by the length of the list.",
                    f"P@k divides the hits in the top k by k = {_K2}, not by the {len(ranked)} results."),
        ],
        solve=lambda: _solve_06_2(ranked, rel),
    )


register(
    "06.2",
    kind="tuple",
    parts=('precision@4', 'recall@4'),
    quantity="share",
    hint="Count the relevant documents in the top k; divide by k for precision, by the number of relevant "
         "documents for recall.",
    variants=_make_06_2,
    **_make_06_2(0),
)


# -- 06.3: average precision of a short list ----------------------------------------------------
# "another one": other relevant items of the list (z still relevant and never shown)
_RANKED3 = ["a", "b", "c", "d", "e", "f"]
_REL3 = {"a", "c", "f", "z"}


def _ap_parts(ranked, rel) -> dict:
    ranks = _hit_ranks(ranked, rel)
    return dict(ap=_rk.average_precision(ranked, rel), ranks=ranks,
                at_hits=[_rk.precision_at_k(ranked, rel, r) for r in ranks],
                at_all=[_rk.precision_at_k(ranked, rel, k) for k in range(1, len(ranked) + 1)])


_apd3 = _ap_parts(_RANKED3, _REL3)
_ap3, _ranks3, _prec_at_hits3, _prec_all3 = _apd3["ap"], _apd3["ranks"], _apd3["at_hits"], _apd3["at_all"]


def _solve_06_3(ranked=_RANKED3, rel=_REL3):
    d = _ap_parts(ranked, rel)
    steps = ", ".join(f"P@{r} = {p:.4f}" for r, p in zip(d["ranks"], d["at_hits"]))
    return (f"relevant items in the list at ranks {d['ranks']}: {steps}\n"
            f"AP = (sum of these) / |relevant| = {sum(d['at_hits']):.4f} / {len(rel)} = {d['ap']:.4f}\n"
            f"(z is relevant but never shown: it adds 0 to the sum and 1 to the denominator)")


def _make_06_3(seed: int) -> dict:
    if seed == 0:
        rel = _REL3
    else:
        rng = np.random.default_rng([6, 3, seed])
        rel = {str(x) for x in rng.choice(_RANKED3, int(rng.integers(2, 5)), replace=False)} | {"z"}
    ranked = _RANKED3
    d = _ap_parts(ranked, rel)
    return dict(
        prompt=f"A list {' '.join(ranked)} (best first); the relevant items are {', '.join(sorted(rel))} (z is not in "
               "the list). What is its average precision AP?",
        answer=d["ap"],
        data={"ranked": ranked, "relevant": sorted(rel)},
        mistakes=[
            Mistake(_rk.average_precision(ranked, rel & set(ranked)),
                    f"the sum was divided by the {len(d['ranks'])} relevant items found, not by all {len(rel)}.",
                    "AP divides by the number of relevant items, found or not; otherwise a list that shows one "
                    "relevant item first and hides the rest would score 1."),
            Mistake(sum(d["at_hits"]) / len(ranked), "the sum was divided by the length of the list.",
                    f"Only the ranks of the relevant items contribute, and the sum is divided by |relevant| = "
                    f"{len(rel)}."),
            Mistake(float(np.mean(d["at_all"])), "that is the mean of the precision at every rank.",
                    "AP averages the precision only at the ranks where a relevant item appears."),
        ],
        solve=lambda: _solve_06_3(ranked, rel),
    )


register(
    "06.3",
    kind="number",
    quantity="share",
    hint="Write down P@r at each rank r holding a relevant item, add them, and divide by the number of relevant "
         "items.",
    variants=_make_06_3,
    **_make_06_3(0),
)


# -- 06.4 and 06.5: DCG@3 with both gain conventions --------------------------------------------
# "another one": other grades of five items (a grade 2 or 3 in the top 3, so the two gains differ)
_REL4 = [3, 1, 2, 0, 2]
_K4 = 3


def _dcg_parts(rel) -> dict:
    return dict(s=_rk.ranked_list_state(rel, k=_K4), ln=_rk.ranked_list_state(rel, k=_K4, log_base=np.e),
                jk=1 / np.maximum(1.0, np.log2(np.arange(1, len(rel) + 1)))[:_K4])   # log2(i), rank 1 undiscounted


_d4 = _dcg_parts(_REL4)
_s4, _s4_ln, _jk_discount = _d4["s"], _d4["ln"], _d4["jk"]


def _solve_dcg(gain, rel=_REL4):
    s = _rk.ranked_list_state(rel, k=_K4)
    g = s.gains_exponential if gain == "exponential" else s.gains_linear
    form = "2^rel - 1" if gain == "exponential" else "rel"
    dcg = s.dcg_exponential if gain == "exponential" else s.dcg_linear
    terms = " + ".join(f"{gi:g}/log2({i + 2})" for i, gi in enumerate(g[:_K4]))
    values = " + ".join(f"{gi * d:.4f}" for gi, d in zip(g[:_K4], s.discounts[:_K4]))
    return (f"gains ({form}) of the top {_K4}: {', '.join(f'{x:g}' for x in g[:_K4])}\n"
            f"DCG@{_K4} = {terms} = {values} = {dcg:.4f}")


def _dcg_prompt(gain_text, rel=_REL4):
    return (f"The relevance grades of a list, in the order shown: {', '.join(map(str, rel))}. Compute DCG@{_K4} "
            f"with the {gain_text} and the discount log2(rank + 1).")


def _grades5(seed: int, key: int) -> list:
    if seed == 0:
        return _REL4
    rng = np.random.default_rng([6, key, seed])
    rel = [int(g) for g in rng.integers(0, 4, 5)]
    if max(rel[:_K4]) < 2:
        raise ValueError("06.4/06.5: with grades 0 and 1 only in the top 3 both gains agree")
    return rel


def _make_06_4(seed: int) -> dict:
    rel = _grades5(seed, 4)
    d = _dcg_parts(rel)
    return dict(
        prompt=_dcg_prompt("exponential gain 2^rel - 1 (note 003's convention)", rel),
        answer=d["s"].dcg_exponential,
        data={"relevance": rel, "k": _K4, "gain": "exponential"},
        mistakes=[
            Mistake(d["s"].dcg_linear, "that is the linear gain rel (scikit-learn's convention).",
                    "This exercise asks for note 003's gain 2^rel - 1: a grade-3 item gains 7."),
            Mistake(d["ln"].dcg_exponential, "the discount used the natural log.",
                    "The discount is log base 2 of (rank + 1): rank 1 is divided by log2(2) = 1."),
            Mistake(float(d["s"].gains_exponential[:_K4] @ d["jk"]),
                    "the discount was log2(rank), rank 1 undiscounted.",
                    "With log2(rank + 1) rank 2 is already discounted (by log2(3) = 1.585); with log2(rank) ranks 1 "
                    "and 2 would weigh the same."),
        ],
        solve=lambda: _solve_dcg("exponential", rel),
    )


register(
    "06.4",
    kind="number",
    quantity="value",
    hint="DCG@3 = sum over ranks i = 1..3 of (2^rel_i - 1) / log2(i + 1).",
    variants=_make_06_4,
    **_make_06_4(0),
)


def _make_06_5(seed: int) -> dict:
    rel = _grades5(seed, 5)
    d = _dcg_parts(rel)
    return dict(
        prompt=_dcg_prompt("linear gain rel (scikit-learn's convention)", rel),
        answer=d["s"].dcg_linear,
        data={"relevance": rel, "k": _K4, "gain": "linear"},
        mistakes=[
            Mistake(d["s"].dcg_exponential, "that is the exponential gain 2^rel - 1 (note 003's convention).",
                    "This exercise asks for scikit-learn's gain, the grade itself: a grade-3 item gains 3."),
            Mistake(d["ln"].dcg_linear, "the discount used the natural log.",
                    "The discount is log base 2 of (rank + 1) (sklearn's dcg_score: log_base=2)."),
            Mistake(float(d["s"].gains_linear[:_K4].sum()), "that is CG@3: the discount is missing.",
                    "Divide each gain by log2(rank + 1) before adding."),
        ],
        solve=lambda: _solve_dcg("linear", rel),
    )


register(
    "06.5",
    kind="number",
    quantity="value",
    hint="DCG@3 = sum over ranks i = 1..3 of rel_i / log2(i + 1).",
    variants=_make_06_5,
    **_make_06_5(0),
)


# -- 06.6: NDCG@k: IDCG over the top k -----------------------------------------------------------
# "another one": other grades of six items, a better one below the top 3
_REL6 = [1, 0, 3, 2, 0, 3]
_K6 = 3


def _ndcg_parts(rel) -> dict:
    below = max(range(_K6, len(rel)), key=lambda i: (rel[i], -i))      # the best item below the top k
    return dict(s=_rk.ranked_list_state(rel, k=_K6, gain="linear"),
                whole=_rk.ranked_list_state(rel, k=len(rel), gain="linear"),
                shown=_rk.ranked_list_state(sorted(rel[:_K6], reverse=True), k=_K6, gain="linear"),
                below_grade=rel[below], below_rank=below + 1)


_d6 = _ndcg_parts(_REL6)
_s6, _s6_whole, _s6_shown = _d6["s"], _d6["whole"], _d6["shown"]


def _solve_06_6(rel=_REL6):
    s = _ndcg_parts(rel)["s"]
    ideal = sorted(rel, reverse=True)
    return (f"DCG@{_K6} of the list ({', '.join(map(str, rel[:_K6]))} on top) = {s.dcg_linear:.4f}\n"
            f"ideal order of all items: {', '.join(map(str, ideal))}; IDCG@{_K6} from its top {_K6} "
            f"({', '.join(map(str, ideal[:_K6]))}) = {s.idcg_linear:.4f}\n"
            f"NDCG@{_K6} = {s.dcg_linear:.4f} / {s.idcg_linear:.4f} = {s.ndcg_linear:.4f}")


def _make_06_6(seed: int) -> dict:
    if seed == 0:
        rel = _REL6
    else:
        rel = [int(g) for g in np.random.default_rng([6, 6, seed]).integers(0, 4, 6)]
        if max(rel[_K6:]) <= min(rel[:_K6]) or max(rel[:_K6]) == 0:
            raise ValueError("06.6: the ideal top 3 must hold an item the list puts lower")
    d = _ndcg_parts(rel)
    s = d["s"]
    if seed != 0 and abs(s.ndcg_exponential - s.ndcg_linear) < 2e-3:
        raise ValueError("06.6: the two gains' NDCG must differ at the asked 3 decimals, cut or rounded")
    return dict(
        prompt=f"The relevance grades of a list, in the order shown: {', '.join(map(str, rel))}. With the linear "
               f"gain rel and the discount log2(rank + 1), what is NDCG@{_K6}?",
        answer=s.ndcg_linear,
        data={"relevance": rel, "k": _K6, "gain": "linear"},
        mistakes=[
            Mistake(s.dcg_linear / d["whole"].idcg_linear, "IDCG was computed over the whole list.",
                    f"NDCG@{_K6} compares the top {_K6} with the best possible top {_K6}: IDCG@{_K6}, the ideal list "
                    f"cut at the same k. (Note 003 writes IDCG_u without the @k; read literally it gives this "
                    f"answer.)"),
            Mistake(s.dcg_linear / d["shown"].idcg_linear,
                    f"the ideal was built from the {_K6} items shown, re-sorted.",
                    f"The ideal list sorts all items: the best {_K6} grades of the whole list, including the "
                    f"grade-{d['below_grade']} item the list put at rank {d['below_rank']}."),
            Mistake(s.ndcg_exponential, "that is NDCG with the exponential gain 2^rel - 1.",
                    "Here the gain is the grade itself (linear)."),
        ],
        solve=lambda: _solve_06_6(rel),
    )


register(
    "06.6",
    kind="number",
    quantity="share",      # NDCG lies in [0, 1] and is often reported as a percentage: 57.4% is read
    hint="NDCG@k = DCG@k / IDCG@k, where IDCG@k is the DCG@k of all items sorted best first.",
    variants=_make_06_6,
    **_make_06_6(0),
)


# -- 06.7: MRR ----------------------------------------------------------------------------------
# "another one": other relevant answers of the same three lists, one query with two of them
_LISTS7 = {"q1": ["a", "b", "c"], "q2": ["d", "e", "f"], "q3": ["g", "h", "i"]}
_REL7 = {"q1": {"a"}, "q2": {"f"}, "q3": {"h", "i"}}
_qs = list(_LISTS7)


def _mrr_parts(rel) -> dict:
    first = [_hit_ranks(_LISTS7[q], rel[q])[0] for q in _qs]
    return dict(mrr=_rk.mean_reciprocal_rank([_LISTS7[q] for q in _qs], [rel[q] for q in _qs]), first=first,
                all_rr=[float(np.mean([1 / r for r in _hit_ranks(_LISTS7[q], rel[q])])) for q in _qs],
                rr=[_rk.reciprocal_rank(_LISTS7[q], rel[q]) for q in _qs],
                two=next(q for q in _qs if len(rel[q]) > 1))


_d7 = _mrr_parts(_REL7)
_mrr, _first, _all_rr = _d7["mrr"], _d7["first"], _d7["all_rr"]


def _solve_06_7(rel=_REL7):
    d = _mrr_parts(rel)
    parts = "; ".join(f"{q}: first relevant at rank {r}, RR = {v:.4f}" for q, r, v in zip(_qs, d["first"], d["rr"]))
    return (f"{parts}\nMRR = mean of the RRs = ({' + '.join(f'{v:.4f}' for v in d['rr'])}) / {len(d['rr'])} = "
            f"{d['mrr']:.4f}")


def _relevant_7(seed: int) -> dict:
    if seed == 0:
        return _REL7
    rng = np.random.default_rng([6, 7, seed])
    two = _qs[int(rng.integers(0, 3))]
    return {q: {str(x) for x in rng.choice(_LISTS7[q], 2 if q == two else 1, replace=False)} for q in _qs}


def _make_06_7(seed: int) -> dict:
    rel = _relevant_7(seed)
    d = _mrr_parts(rel)
    return dict(
        prompt="Three queries and their answers (best first): "
               + "; ".join(f"{q}: {' '.join(_LISTS7[q])}, relevant {{{', '.join(sorted(rel[q]))}}}" for q in _qs)
               + ". What is the mean reciprocal rank MRR?",
        answer=d["mrr"],
        data={"lists": _LISTS7, "relevant": {q: sorted(v) for q, v in rel.items()}},
        mistakes=[
            Mistake(1 / float(np.mean(d["first"])), "that is 1 / (mean rank): the mean and the reciprocal are in the "
                                                    "wrong order.",
                    "Take 1/rank for each query first, then the mean."),
            Mistake(float(np.mean(d["first"])), "that is the mean rank of the first relevant answer.",
                    "MRR averages the reciprocals 1/rank, so a hit at rank 1 counts 1 and a hit further down less."),
            Mistake(float(np.mean(d["all_rr"])), f"every relevant answer of {d['two']} was counted.",
                    "The reciprocal rank looks only at the first relevant answer of each query."),
        ],
        solve=lambda: _solve_06_7(rel),
    )


register(
    "06.7",
    kind="number",
    quantity="share",      # MRR, a mean of reciprocal ranks, lies in [0, 1] and is reported as a percentage as NDCG is
                           # (MRR@10 = 39.0%): 61.1% is read
    hint="For each query take 1 / (rank of its first relevant answer), then average over the queries.",
    variants=_make_06_7,
    **_make_06_7(0),
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
