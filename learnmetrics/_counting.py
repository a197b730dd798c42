"""The counting engine behind :mod:`learnmetrics.curves` (private): exact counts, fast.

:mod:`learnmetrics.curves` builds the P-R and ROC curves the book's way: sort
by score, move the cut point down one distinct score at a time, count TP and FP
above it.  This module does that counting at the speed of one sort (or less)
on millions of scores, and nothing else; a learner never needs to read it.

Every function returns the same numbers as the plain construction (sort, then
running sums), checked byte for byte in ``tests/test_curves_fast_paths.py``;
they differ only in how much time and memory they take:

* **counting pass** (:func:`_decimal_scale`, :func:`_tally`): scores that are
  whole multiples of 10**-d (integer ratings, rounded probabilities) over a
  bounded range are tallied per class with one ``bincount`` per block, no
  comparison sort;
* **merge** (:func:`_merge`, :func:`_rows_from_merge`): each class's scores are
  sorted apart and the two runs merged by a stable argsort (one linear merge);
  the rows are read off the merge in cache-sized blocks (:func:`_blocks`);
* **pair sums** (:class:`_PairSums`): AUC, ℓ_rank and Mann-Whitney need only
  sums over the positives of "negatives below", so they skip the curve;
* **weighted order** (:func:`_desc_order`, :func:`_codes_desc16`): the stable
  decreasing order scikit-learn uses (bit-identical running sums), by a radix
  sort of 16-bit codes when the scores allow it;
* **one-vs-rest** (:func:`_ovr_aucs`): every class's AUC of a multi-class
  score matrix in one pass over its columns;
* **weight scale** (:func:`_unit_scale`): weights multiplied by a power of two
  so that the largest is in [1, 2) before any sum, so that an AUC, AP or curve
  never depends on the scale of the weights (products of sums neither
  underflow nor overflow; a power of two changes no rounding).
"""
from __future__ import annotations

import math
import sys
import warnings
from dataclasses import dataclass

import numpy as np

from ._validation import UndefinedMetricWarning, check_sample_weight


def _warn(message: str, category=UndefinedMetricWarning, stacklevel: int = 3) -> None:
    warnings.warn(message, category, stacklevel=stacklevel)


def _clip01(x: float) -> float:
    """``x`` brought into [0, 1]: a ratio of weighted sums that is a fraction (AUC, AP,
    ℓ_rank) can round a few ulps past its bound (scikit-learn returns 1.0000000000000002 on
    perfectly separated weighted data); the measure's bound is exact, so it is kept."""
    return min(1.0, max(0.0, float(x)))


def _unit_scale(w):
    """``w`` times the power of two that brings its largest entry into [1, 2) (``w`` itself if
    it is there already, or None, or all zero).

    A ratio of weighted sums (an AUC, AP, TPR, precision, ℓ_rank) does not depend
    on the scale of the weights, but its float computation does when a product
    such as TP x FP under- or overflows (weights of 1e-160 or 1e154).  Scaling by
    a power of two is exact, so every result for weights of ordinary size keeps
    its bits."""
    if w is None or w.size == 0:
        return w
    top = float(w.max())
    if top == 0.0:
        return w
    e = math.frexp(top)[1] - 1
    if e == 0:
        return w
    return np.ldexp(w, -e)


# --------------------------------------------------------------------------------------
# the core: how many positives and negatives score at or above each distinct score
# --------------------------------------------------------------------------------------
# Two exact paths, chosen from the data, give the same integer counts:
#   * counting (no comparison sort): scores that are whole multiples of 10**-d (integer
#     ratings, rounded probabilities, 3-decimal outputs) over a bounded range are tallied
#     per class with one bincount per block;
#   * sorting: each class's scores are sorted (together about one sort of the scores) and
#     the two runs merged by a stable argsort, which on two sorted runs is one linear merge.
# Every unweighted result is computed from exact integer counts, so both paths give the
# same floats.
_CHUNK = 1 << 18  # elements per block where a temporary would otherwise be n long
_SMALL_N = 4096  # up to this size one argsort is cheapest (the explorers' and exercises' sizes)
_TALLY_MIN_N = 1 << 14  # below this, one sort is cheaper than the counting pass's fixed costs
_TALLY_MAX_CODES = 1 << 16  # most codes (value range x 10**d) the counting pass tallies
_TALLY_N_PER_CODE = 8  # ... and at most n / 8 codes (the tally's own cost is O(codes))
_TALLY_MAX_DECIMALS = 6
_TALLY_SAMPLE = 512  # scores looked at before trying the counting pass
_TALLY_BLOCK = 1 << 16  # elements per block of the counting pass (temporaries stay in cache)


@dataclass(frozen=True)
class _Groups:
    """Distinct scores in increasing order and, at each, the counts strictly below it.

    ``pos_below[g]`` (``neg_below[g]``): positives (negatives) scored below
    ``values[g]``, int64 arrays of length K (exact).
    """

    values: np.ndarray
    pos_below: np.ndarray
    neg_below: np.ndarray
    m_pos: int
    m_neg: int

    def n_pos(self) -> np.ndarray:
        """Positives in each group."""
        return self._steps(self.pos_below, self.m_pos)

    def n_neg(self) -> np.ndarray:
        """Negatives in each group."""
        return self._steps(self.neg_below, self.m_neg)

    @staticmethod
    def _steps(below: np.ndarray, total: int) -> np.ndarray:
        out = np.empty_like(below)
        np.subtract(below[1:], below[:-1], out=out[:-1])
        out[-1] = total - below[-1]
        return out

    @classmethod
    def from_rows(cls, thr, tp, fp) -> "_Groups":
        """From stepping-table rows (row 0 = (inf, 0, 0), thresholds decreasing)."""
        m_pos, m_neg = int(tp[-1]), int(fp[-1])
        return cls(thr[:0:-1], (m_pos - tp[:0:-1]).astype(np.int64), (m_neg - fp[:0:-1]).astype(np.int64),
                   m_pos, m_neg)


def _decimal_scale(s: np.ndarray):
    """(scale, lo, n_codes): a window of codes for the counting pass, or None when it may not apply.

    The cheap, bounded test, from a strided sample of ``_TALLY_SAMPLE`` scores
    alone (no pass over the scores): the sample must be whole multiples of
    10**-d for some d <= 6, and its codes must span at most ``_TALLY_MAX_CODES``
    and at most n/8 (the whole range spans at least as many).  Distinct random
    scores fail on the sample.  The window is the sample's codes widened on each
    side by their span (at least 64 codes), within the same bounds; the counting
    pass checks every score and, when one lies outside the window, measures the
    full range (one min, one max: :func:`_decimal_range`) and starts again, so
    that whether it applies is decided on the full range, as if it had been
    measured first.  It gives up (None) when a score is not a code: the test can
    cost a wasted linear pass, never a wrong count.  Codes beyond 2**40 get the
    full range at once.
    """
    n = s.size
    if n < _TALLY_MIN_N:
        return None
    sample = s[:: max(1, n // _TALLY_SAMPLE)]
    for d in range(_TALLY_MAX_DECIMALS + 1):
        scale = 10.0**d
        if (np.rint(sample * scale) / scale == sample).all():
            break
    else:
        return None
    a = float(np.rint(float(sample.min()) * scale))
    b = float(np.rint(float(sample.max()) * scale))
    if not _codes_fit(b - a + 1, n):
        return None
    if max(abs(a), abs(b)) > 2.0**40:
        return _decimal_range(s, scale)
    span = b - a + 1
    cap = _TALLY_MAX_CODES if _TALLY_N_PER_CODE <= 0 else min(_TALLY_MAX_CODES, n // _TALLY_N_PER_CODE)
    margin = max(span, 64.0)
    lo, hi = a - margin, b + margin
    if hi - lo + 1 > cap:  # as wide as allowed, the sample's codes in the middle
        lo = a - (cap - span) // 2
        hi = lo + cap - 1
    return scale, lo, int(hi - lo + 1)


def _codes_fit(n_codes: float, n: int) -> bool:
    """Whether the counting pass may tally ``n_codes`` codes for ``n`` scores."""
    return not (n_codes > _TALLY_MAX_CODES or n_codes * _TALLY_N_PER_CODE > n)


def _decimal_range(s: np.ndarray, scale: float):
    """(scale, lo, n_codes) over the full range of ``s`` (one min, one max), or None when the
    range spans more codes than the counting pass tallies or codes beyond 2**52."""
    lo = float(np.rint(float(s.min()) * scale))
    hi = float(np.rint(float(s.max()) * scale))
    n_codes = hi - lo + 1
    if not _codes_fit(n_codes, s.size) or max(abs(lo), abs(hi)) > 2.0**52:
        return None
    return scale, lo, int(n_codes)


class _Outside:
    """A tally's answer when a score lies outside its window of codes (see :func:`_decimal_scale`):
    the block where it stopped and the counts of the blocks before it."""

    def __init__(self, start: int, counts: np.ndarray):
        self.start, self.counts = start, counts


def _moved_counts(counts, lo, n_codes, lo2, n2, halves: bool):
    """The counts of a window ``lo .. lo + n_codes - 1`` laid out for the window ``lo2 .. lo2 +
    n2 - 1`` (every count is of a code in both: the scores lie within the full range); two
    counts per code, interleaved (negatives, positives) or, with ``halves``, negatives first."""
    moved = np.zeros(2 * n2, dtype=np.int64)
    a, b = max(lo, lo2), min(lo + n_codes, lo2 + n2)  # codes in both windows
    if a < b:
        src, dst, k = int(a - lo), int(a - lo2), int(b - a)
        if halves:
            moved[dst : dst + k] = counts[src : src + k]
            moved[n2 + dst : n2 + dst + k] = counts[n_codes + src : n_codes + src + k]
        else:
            moved[2 * dst : 2 * (dst + k)] = counts[2 * src : 2 * (src + k)]
    return moved


def _tally_full(tally, pos, s, scale, lo, n_codes):
    """``tally`` over the window, or, when a score lies outside it, over the full range from
    the block where it stopped (the counts so far moved to the full range's layout; the code
    indices still counted from ``lo``); None when the full range is refused or a score is not
    a code."""
    got = tally(pos, s, scale, lo, n_codes)
    if not isinstance(got, _Outside):
        return got
    plan = _decimal_range(s, scale)
    if plan is None:
        return None
    _, lo2, n2 = plan
    start, counts = got.start, _moved_counts(got.counts, lo, n_codes, lo2, n2, tally is _tally_by_division_window)
    if tally is _tally_window and max(abs(lo2), abs(lo2 + n2 - 1)) >= 2.0**48:  # (not reached: see _decimal_scale)
        tally, start, counts = _tally_by_division_window, 0, None
    got = tally(pos, s, *plan, start=start, counts=counts)
    if got is None or isinstance(got, _Outside):  # (never outside its own range)
        return None
    present, npos, nneg = got
    return present + int(lo2 - lo), npos, nneg


_MAGIC = 1.5 * 2.0**52  # x + _MAGIC rounds x to an integer (half to even) held in the low bits, |x| < 2**51
_MAGIC_BITS = int(np.float64(_MAGIC).view(np.int64))


def _tally(pos: np.ndarray, s: np.ndarray, scale: float, lo: float, n_codes: int):
    """(codes present (from ``lo``), positives per code, negatives per code), or None if a score
    is not a code (or the full range is refused: :func:`_decimal_scale`).

    One pass in blocks of few NumPy calls: the label joins the code in the float
    domain, ``s * 2 scale + is_positive``, and adding 1.5 * 2**52 rounds that to an
    integer read straight off the float's bits (no ``rint``, no cast), so ``idx =
    2 (code - lo) + is_positive``; every score is then checked to be exactly its
    code's value (one lookup in a table of the codes' values, ``(code + lo) / scale``,
    the float ``rint(s * scale) / scale`` gives for an exact code), so distinct
    scores get distinct codes in the same order and no count can be wrong; one
    ``bincount`` of ``idx`` per block tallies both classes.
    """
    if max(abs(lo), abs(lo + n_codes - 1)) >= 2.0**48:  # 2 |code| + 1 must stay far below 2**51
        return _tally_by_division(pos, s, scale, lo, n_codes)
    return _tally_full(_tally_window, pos, s, scale, lo, n_codes)


def _tally_window(pos: np.ndarray, s: np.ndarray, scale: float, lo: float, n_codes: int, start: int = 0,
                  counts=None):
    """:func:`_tally` over the window ``lo .. lo + n_codes - 1`` from the block at ``start`` (adding
    to ``counts``): an :class:`_Outside` when a block that fails the check holds a score beyond
    the window's values (else None)."""
    n = s.size
    size = min(n, _TALLY_BLOCK)
    buf = np.empty(size)
    idx = buf.view(np.int64)
    chk = np.empty(size)
    bad = np.empty(size, dtype=bool)
    values = np.repeat((np.arange(n_codes) + lo) / scale, 2)  # the value of idx // 2's code
    base = _MAGIC_BITS + 2 * int(lo)
    scale2 = 2.0 * scale
    lab = pos.view(np.uint8) if pos.dtype == np.bool_ else pos  # uint8 -> float casts faster than bool
    if counts is None:
        counts = np.zeros(2 * n_codes, dtype=np.int64)
    for i in range(start, n, _TALLY_BLOCK):
        block = s[i : i + _TALLY_BLOCK]
        m = block.size
        t, ix, c, b = buf[:m], idx[:m], chk[:m], bad[:m]
        np.multiply(block, scale2, out=t)
        np.add(t, lab[i : i + _TALLY_BLOCK], out=t)
        np.add(t, _MAGIC, out=t)
        np.subtract(ix, base, out=ix)
        np.take(values, ix, mode="clip", out=c)
        if np.not_equal(c, block, out=b).any():
            return _Outside(i, counts) if block.min() < values[0] or block.max() > values[-1] else None
        got = np.bincount(ix)  # every idx is in the window (checked): at most 2 n_codes counts
        counts[: got.size] += got
    nneg, npos = counts[0::2], counts[1::2]
    present = np.flatnonzero(nneg + npos)
    return present, npos[present], nneg[present]


def _tally_by_division(pos: np.ndarray, s: np.ndarray, scale: float, lo: float, n_codes: int):
    """As :func:`_tally` for codes too large for its float trick: code = rint(s * scale) - lo,
    checked exact (code / scale == s) and within the window, then one ``bincount`` of
    code + n_codes * is_positive."""
    return _tally_full(_tally_by_division_window, pos, s, scale, lo, n_codes)


def _tally_by_division_window(pos: np.ndarray, s: np.ndarray, scale: float, lo: float, n_codes: int,
                              start: int = 0, counts=None):
    n = s.size
    size = min(n, _TALLY_BLOCK)
    buf = np.empty(size)
    chk = np.empty(size)
    bad = np.empty(size, dtype=bool)
    idx = np.empty(size, dtype=np.intp)
    if counts is None:
        counts = np.zeros(2 * n_codes, dtype=np.int64)
    for i in range(start, n, _TALLY_BLOCK):
        block = s[i : i + _TALLY_BLOCK]
        m = block.size
        t, b, ix = buf[:m], bad[:m], idx[:m]
        if scale == 1.0:
            np.rint(block, out=t)
            np.not_equal(t, block, out=b)
        else:
            np.multiply(block, scale, out=t)
            np.rint(t, out=t)
            np.not_equal(np.divide(t, scale, out=chk[:m]), block, out=b)
        if b.any():
            return None
        if t.min() < lo or t.max() > lo + (n_codes - 1):
            return _Outside(i, counts)
        np.subtract(t, lo, out=t)
        np.copyto(ix, t, casting="unsafe")
        np.add(ix, n_codes, out=ix, where=pos[i : i + _TALLY_BLOCK])
        counts += np.bincount(ix, minlength=2 * n_codes)
    nneg, npos = counts[:n_codes], counts[n_codes:]
    present = np.flatnonzero(nneg + npos)
    return present, npos[present], nneg[present]


def _groups_small(pos, s, m_pos) -> _Groups:
    """The groups of a small input by one argsort (fewest NumPy calls; exact counts)."""
    n = s.size
    o = np.argsort(s)
    v = s[o]
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(v[1:], v[:-1], out=new[1:])
    first = np.flatnonzero(new)
    cum = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(pos[o], out=cum[1:])
    pos_below = cum[first]
    return _Groups(v[first] + 0.0, pos_below, first - pos_below, m_pos, n - m_pos)


def _groups_counting(pos, s, m_pos):
    """The groups without a merge: small inputs, or the counting pass; None for the merge path."""
    if s.size <= _SMALL_N:
        return _groups_small(pos, s, m_pos)
    plan = _decimal_scale(s)
    if plan is None:
        return None
    scale, lo, n_codes = plan
    tallied = _tally(pos, s, scale, lo, n_codes)
    if tallied is None:
        return None
    present, npos, nneg = tallied
    values = (present + lo) / scale  # exactly the scores (checked in _tally)
    return _Groups(values, np.cumsum(npos) - npos, np.cumsum(nneg) - nneg, m_pos, s.size - m_pos)


def _merge(pos, s, m_pos):
    """(merged scores ascending, order): the two classes sorted apart, then merged.

    ``c = [negatives' scores sorted | positives' scores sorted]``; a stable
    argsort of ``c`` is one linear merge of the two runs, equal scores keeping
    the negatives first: ``order[j] < m_neg`` marks a negative (its rank among
    the negatives), else a positive of rank ``order[j] - m_neg``.
    """
    n = s.size
    m_neg = n - m_pos
    c = np.empty(n)
    np.compress(~pos, s, out=c[:m_neg])
    np.compress(pos, s, out=c[m_neg:])
    c[:m_neg].sort()
    c[m_neg:].sort()
    order = np.argsort(c, kind="stable")
    c.sort(kind="stable")  # the same merge in place
    return c, order


_BLOCK = 1 << 15  # elements per block of the passes over the merge (temporaries stay in cache)


def _blocks(n: int):
    for i in range(0, n, _BLOCK):
        yield i, min(i + _BLOCK, n)


def _group_starts(c: np.ndarray, i: int, j: int) -> np.ndarray:
    """Indices (relative to i) in c[i:j] where a new value starts."""
    blk = c[i:j]
    if i == 0:
        new = np.empty(j, dtype=bool)
        new[0] = True
        np.not_equal(blk[1:], blk[:-1], out=new[1:])
    else:
        new = np.not_equal(blk, c[i - 1 : j - 1])
    return np.flatnonzero(new)


def _n_distinct_sorted(c: np.ndarray) -> int:
    k = 1
    for i, j in _blocks(c.size - 1):
        k += int(np.count_nonzero(c[i + 1 : j + 1] != c[i:j]))
    return k


def _rows_from_merge(c, order, m_pos):
    """(thr, tp, fp) in stepping-table layout from :func:`_merge`, in blocks."""
    n = c.size
    m_neg = n - m_pos
    k = _n_distinct_sorted(c)
    thr, tp, fp = np.empty(k + 1), np.empty(k + 1), np.empty(k + 1)
    thr[0], tp[0], fp[0] = np.inf, 0.0, 0.0
    desc = slice(k, 0, -1)
    thr_a, tp_a, fp_a = thr[desc], tp[desc], fp[desc]
    w = 0
    for i, j in _blocks(n):
        st = _group_starts(c, i, j)
        q = st.size
        if q == j - i:  # no tie in this block: every element starts a group
            vals, o = c[i:j], order[i:j]
            st = np.arange(i, j)
        else:
            vals, o = c[i:j][st], order[i:j][st]
            st += i  # index in the merge = number of scores below the group
        np.add(vals, 0.0, out=thr_a[w : w + q])  # -0.0 + 0.0 = +0.0: a zero threshold is +0.0 on both paths
        # positives below: for a group led by a negative (rank o) index - o, else o - m_neg
        neg = o < m_neg
        pb = np.subtract(o, m_neg)
        np.subtract(st, o, out=pb, where=neg)
        np.subtract(m_pos, pb, out=tp_a[w : w + q])
        np.subtract(st, pb, out=st)  # negatives below
        np.subtract(m_neg, st, out=fp_a[w : w + q])
        w += q
    return thr, tp, fp


def _has_ties(c: np.ndarray) -> bool:
    for i, j in _blocks(c.size - 1):
        if (c[i + 1 : j + 1] == c[i:j]).any():
            return True
    return False


def _positions_of_positives(order, m_neg) -> np.ndarray:
    """Indices in the merge of the positives, in increasing order (int64, m+ long)."""
    parts = [np.flatnonzero(order[i:j] >= m_neg) + i for i, j in _blocks(order.size)]
    return np.concatenate(parts) if len(parts) > 1 else parts[0]


class _Finished(tuple):
    """A curve finished straight from the sorted packed keys (see ``_counts_unweighted``'s ``distinct``)."""


def _counts_unweighted(pos: np.ndarray, s: np.ndarray, distinct=None):
    """(thr, tp, fp) at row 0 (nothing predicted positive) and each distinct score.

    Each array has K+1 entries: index 0 is (inf, 0, 0), then the K distinct
    scores in decreasing order, TP = #positives >= t and FP = #negatives >= t
    (exact integers in float64).

    ``distinct(keys, plan, m_pos)``, if given, finishes a curve from the sorted
    packed keys when the scores are all distinct and both classes present (no
    rows built); its result comes back wrapped in :class:`_Finished`.
    """
    m_pos = int(np.count_nonzero(pos))
    g = _groups_counting(pos, s, m_pos)
    if g is not None:
        return _rows_from_groups(g)
    packed = _packed_sorted(pos, s)
    if packed is not None:
        ties = _packed_has_ties(packed[0])
        if distinct is not None and not ties and 0 < m_pos < s.size:
            return _Finished(distinct(*packed, m_pos))
        return _rows_from_packed(*packed, m_pos, ties=ties)
    c, order = _merge(pos, s, m_pos)
    return _rows_from_merge(c, order, m_pos)


def _rows_from_groups(g: _Groups):
    k = g.values.size
    desc = slice(k, 0, -1)
    thr, tp, fp = np.empty(k + 1), np.empty(k + 1), np.empty(k + 1)
    thr[0], tp[0], fp[0] = np.inf, 0.0, 0.0
    thr[desc] = g.values
    np.subtract(g.m_pos, g.pos_below, out=tp[desc])
    np.subtract(g.m_neg, g.neg_below, out=fp[desc])
    return thr, tp, fp


@dataclass(frozen=True)
class _PairSums:
    """Exact sums over the positives (ints): #negatives below / at or below, #all below / at or below."""

    m_pos: int
    m_neg: int
    neg_below: int
    neg_below_eq: int
    all_below: int
    all_below_eq: int


def _pair_sums_from_groups(g: _Groups) -> _PairSums:
    npos, nneg = g.n_pos(), g.n_neg()
    neg_below = int(np.dot(npos, g.neg_below))
    neg_tied = int(np.dot(npos, nneg))
    pos_below = int(np.dot(npos, g.pos_below))
    pos_tied = int(np.dot(npos, npos))
    all_below = neg_below + pos_below
    return _PairSums(g.m_pos, g.m_neg, neg_below, neg_below + neg_tied, all_below, all_below + neg_tied + pos_tied)


def _pair_sums(pos: np.ndarray, s: np.ndarray, m_pos=None) -> _PairSums:
    """The rank sums behind AUC, ℓ_rank and Mann-Whitney, exactly, without a curve
    (``m_pos``: the number of positives, when the caller has counted them)."""
    if m_pos is None:
        m_pos = int(np.count_nonzero(pos))
    m_neg = s.size - m_pos
    g = _groups_counting(pos, s, m_pos)
    if g is not None:
        return _pair_sums_from_groups(g)
    packed = _packed_sorted(pos, s)
    if packed is None:
        c, order = _merge(pos, s, m_pos)
        return _pair_sums_from_merge(c, order, m_pos)
    keys, plan = packed
    # distinct scores: the positive of rank i at sorted index j has j scores below it, j - i
    # negatives; one pass sums the positives' indices and looks for a tie (then the rows)
    total = 0
    n = keys.size
    size = min(n, _BLOCK)
    lab, idx = np.empty(size, dtype=np.uint64), np.arange(size, dtype=np.uint64)
    near = np.empty(size, dtype=np.uint64)
    for i, j in _blocks(n):
        m = j - i
        if i + 1 < j:
            d = np.bitwise_xor(keys[i + 1 : j], keys[i : j - 1], out=near[: m - 1])
            if i and (keys[i] ^ keys[i - 1]) <= _ONE or bool((d <= _ONE).any()):  # two equal scores
                return _pair_sums_from_groups(_Groups.from_rows(*_rows_from_packed(keys, plan, m_pos, ties=True)))
        elif i and (keys[i] ^ keys[i - 1]) <= _ONE:
            return _pair_sums_from_groups(_Groups.from_rows(*_rows_from_packed(keys, plan, m_pos, ties=True)))
        b = np.bitwise_and(keys[i:j], _ONE, out=lab[:m])
        # sum of the positives' indices in the block (< 2**30: exact) plus the block's offset
        total += int(np.dot(b, idx[:m])) + i * int(np.count_nonzero(b))
    below = total - m_pos * (m_pos - 1) // 2
    return _PairSums(m_pos, m_neg, below, below, total, total + m_pos)


def _pair_sums_sorted(s_pos: np.ndarray, s_neg: np.ndarray) -> _PairSums:
    """As :func:`_pair_sums` for the two classes' scores, each already sorted."""
    m_pos = s_pos.size
    c = np.concatenate((s_neg, s_pos))
    order = np.argsort(c, kind="stable")  # one linear merge of the two runs
    c.sort(kind="stable")
    return _pair_sums_from_merge(c, order, m_pos)


def _pair_sums_from_merge(c, order, m_pos) -> _PairSums:
    m_neg = c.size - m_pos
    if _has_ties(c):
        return _pair_sums_from_groups(_Groups.from_rows(*_rows_from_merge(c, order, m_pos)))
    del c
    # distinct scores: the positive of rank i at merge index j has j scores below it, j - i negatives
    total = 0
    for i, j in _blocks(order.size):
        p = np.flatnonzero(order[i:j] >= m_neg)
        total += int(p.sum(dtype=np.int64)) + i * p.size
    below = total - m_pos * (m_pos - 1) // 2
    return _PairSums(m_pos, m_neg, below, below, total, total + m_pos)


def _ap_unweighted(pos: np.ndarray, s: np.ndarray, m_pos: int) -> float:
    """sum over positives (by increasing score) of #pos >= s / #all >= s, summed in _CHUNK blocks.

    The same terms in the same order and blocks as a per-positive count, so the
    same float whichever path made the counts.
    """
    n = s.size
    g = _groups_counting(pos, s, m_pos)
    if g is None:
        packed = _packed_sorted(pos, s)
        if packed is None:
            c, order = _merge(pos, s, m_pos)
            ties = _has_ties(c)
            if ties:
                g = _Groups.from_rows(*_rows_from_merge(c, order, m_pos))
            else:
                where = _positions_of_positives(order, n - m_pos)
            del c, order
        else:
            total = _packed_ap_sum(packed[0], m_pos)  # None if two scores are equal
            if total is not None:
                return total
            ties = True
            g = _Groups.from_rows(*_rows_from_packed(*packed, m_pos, ties=True))
            del packed
        if not ties:
            total = 0.0
            for i in range(0, m_pos, _CHUNK):
                ge = n - where[i : i + _CHUNK]  # scores >= this positive's (distinct scores)
                tp = m_pos - np.arange(i, i + ge.size)
                total += float(np.sum(tp / ge))
            return total
    npos = g.n_pos()
    has = npos > 0
    tp = m_pos - g.pos_below[has]
    ge = n - (g.pos_below[has] + g.neg_below[has])
    terms = np.repeat(tp / ge, npos[has])
    total = 0.0
    for i in range(0, m_pos, _CHUNK):
        total += float(np.sum(terms[i : i + _CHUNK]))
    return total


def _codes_desc16(s: np.ndarray, scale: float, lo: float, n_codes: int):
    """uint16 codes decreasing with the score (hi - code), or None if a score is not a code."""
    n = s.size
    out = np.empty(n, dtype=np.uint16)
    size = min(n, _TALLY_BLOCK)
    buf, chk, bad = np.empty(size), np.empty(size), np.empty(size, dtype=bool)
    hi = lo + n_codes - 1
    for i in range(0, n, _TALLY_BLOCK):
        block = s[i : i + _TALLY_BLOCK]
        m = block.size
        t, b = buf[:m], bad[:m]
        np.multiply(block, scale, out=t)
        np.rint(t, out=t)
        np.not_equal(np.divide(t, scale, out=chk[:m]), block, out=b)
        if b.any():
            return None
        np.subtract(hi, t, out=t)
        np.copyto(out[i : i + m], t, casting="unsafe")
    return out


def _desc_order(s: np.ndarray, out=None, need_sorted: bool = True):
    """(order, s[order]): the stable decreasing order (ties in input order), by the cheapest exact route
    (``s[order]`` written into ``out`` when given; without ``need_sorted``, None in its place
    when the packed order shows every score distinct without it).

    The permutation is the one ``np.argsort(-s, kind="stable")`` gives: for
    decimal scores over at most 2**16 codes, a stable argsort of 16-bit codes
    (a radix sort, no comparisons); else a plain argsort, which is the same
    permutation when no two scores are equal, checked on the sorted scores;
    with ties, the stable sort itself.
    """
    plan = _decimal_scale(s)
    if plan is not None:
        plan = _decimal_range(s, plan[0])  # the codes below count from the full range's top
    if plan is not None:
        codes = _codes_desc16(s, *plan)
        if codes is not None:
            order = np.argsort(codes, kind="stable")
            del codes
            return order, np.take(s, order, out=out)
    if s.size > _SMALL_N:
        packed = _desc_order_packed(s, out, need_sorted)
        if packed is not None:
            return packed
    order = np.argsort(s)[::-1]
    s_sorted = np.take(s, order, out=out)
    if not _has_ties(s_sorted):
        return order, s_sorted
    del order
    np.negative(s, out=s_sorted)
    order = np.argsort(s_sorted, kind="stable")
    np.take(s, order, out=s_sorted)
    return order, s_sorted


_LOW63_S = np.int64((1 << 63) - 1)


def _desc_order_packed(s: np.ndarray, out=None, need_sorted: bool = True):
    """(order, s[order]) as :func:`_desc_order`, by one ``np.sort`` of uint64 keys instead of an
    argsort (5x a sort where NumPy's SIMD sort has no argsort), or None.

    key = (D >> b) << b | index, where D decreases with the score (every float's bits
    mapped to one order, -0.0 as +0.0) and b = bits of the largest index: sorting the
    keys orders the examples by decreasing score, equal scores by increasing index
    (the stable order), except within runs of keys equal above their b index bits
    (scores within ~2**(b-64) of each other, relatively): those few are put in order
    by a lexsort of (index, -score) per run, so the permutation is exactly
    ``np.argsort(-s, kind="stable")``."""
    n = s.size
    b = max(1, (n - 1).bit_length())
    if b > 40:
        return None
    keys = np.empty(n, dtype=np.int64)
    size = min(n, _KEY_BLOCK)
    fbuf = np.empty(size)
    mbuf = np.empty(size, dtype=np.int64)
    ar = np.arange(size, dtype=np.int64)
    bb = np.int64(b)
    for i in range(0, n, _KEY_BLOCK):
        j = min(i + _KEY_BLOCK, n)
        m = j - i
        u = np.add(s[i:j], 0.0, out=fbuf[:m]).view(np.int64)  # -0.0 + 0.0 = +0.0
        o = keys[i:j]
        t = np.right_shift(u, 63, out=mbuf[:m])  # -1 below zero, else 0
        np.invert(t, out=t)
        np.bitwise_and(t, _LOW63_S, out=t)  # flip the 63 low bits of a score >= 0: D falls as s rises
        np.bitwise_xor(u, t, out=o)
        o = o.view(np.uint64)
        np.right_shift(o, np.uint64(b), out=o)
        np.left_shift(o, np.uint64(b), out=o)
        np.bitwise_or(o.view(np.int64), ar[:m], out=keys[i:j])
        if i:
            np.add(keys[i:j], np.int64(i), out=keys[i:j])  # the index (its b bits are zero before)
    u = keys.view(np.uint64)
    u.sort()
    # runs of keys equal above the index bits (looked for in blocks, no n-long temporary)
    heads = []
    near = np.empty(min(n, _BLOCK), dtype=np.uint64)
    flag = np.empty(min(n, _BLOCK), dtype=bool)
    step = np.uint64(1 << b)
    for i, j in _blocks(n - 1):
        d = np.bitwise_xor(u[i + 1 : j + 1], u[i:j], out=near[: j - i])
        if d.min() < step:
            heads.append(np.flatnonzero(np.less(d, step, out=flag[: j - i])) + i)
    order = np.bitwise_and(keys, np.int64((1 << b) - 1), out=keys)  # in the keys' own memory
    if heads:
        # those runs: order them by the scores themselves
        head = np.concatenate(heads)
        members = np.union1d(head, head + 1)  # every element of such a run
        start = np.ones(members.size, dtype=bool)
        start[1:] = ~np.isin(members[:-1], head, assume_unique=True) | (members[1:] != members[:-1] + 1)
        run = np.cumsum(start)
        sub_o = order[members]
        sub_s = np.take(s, sub_o)
        fix = np.lexsort((sub_o, -sub_s, run))  # run is the first key: each run stays in place
        order[members] = sub_o[fix]
        if not need_sorted:
            sub_s = sub_s[fix]
            need_sorted = bool(((sub_s[1:] == sub_s[:-1]) & (run[1:] == run[:-1])).any())  # two equal scores
    if not need_sorted:
        return order, None  # every score distinct
    return order, np.take(s, order, out=out)


def _class_scale(pos: np.ndarray, w: np.ndarray) -> np.ndarray:
    """``w`` with each class's weights multiplied by its own power of two (largest in [1, 2)).

    TPR sums only the positives' weights and FPR only the negatives', so a ROC curve
    or AUC does not change when one class's weights are scaled; scaling each class
    apart keeps weights such as 1e-200 for the negatives and 1e200 for the positives
    (a span beyond float64, issue 37) from underflowing to zero."""
    tops = [float(w[m].max()) if m.any() else 0.0 for m in (~pos, pos)]
    exps = [(math.frexp(t)[1] - 1) if t > 0 else 0 for t in tops]
    if exps[0] == exps[1]:
        return _unit_scale(w) if exps[0] else w
    return np.ldexp(w, np.where(pos, -exps[1], -exps[0]))


_SIGNS = np.array([1.0, -1.0])


def _signed_pass(pos: np.ndarray, w: np.ndarray):
    """(``w`` with the positives' weights negated, largest negative weight, largest positive
    weight): one pass in blocks, no boolean copy (a class's largest weight is the largest
    signed value, or minus the smallest)."""
    n = w.size
    out = np.empty(n)
    fac = np.empty(min(n, _KEY_BLOCK))
    lab = pos.view(np.uint8)
    top_neg = top_pos = 0.0
    for i in range(0, n, _KEY_BLOCK):
        j = min(i + _KEY_BLOCK, n)
        f = np.take(_SIGNS, lab[i:j], out=fac[: j - i])
        o = np.multiply(w[i:j], f, out=out[i:j])
        top_neg = max(top_neg, float(o.max()))
        top_pos = max(top_pos, -float(o.min()))
    return out, top_neg, top_pos


def _times_powers(out: np.ndarray, pos: np.ndarray, e_neg: int, e_pos: int) -> bool:
    """``out`` times 2**-e_neg (negatives) and 2**-e_pos (positives), in place and in blocks;
    False (``out`` untouched) when a power is beyond float64.  Multiplying by an exact power
    of two rounds as ``np.ldexp`` does (the exact product, rounded once), so the bits are
    those of ``np.ldexp(w, -e)``."""
    if not (-1074 <= -e_neg <= 1023 and -1074 <= -e_pos <= 1023):
        return False
    if e_neg == e_pos == 0:
        return True
    table = np.array([2.0**-e_neg, 2.0**-e_pos])
    lab = pos.view(np.uint8)
    fac = np.empty(min(out.size, _KEY_BLOCK))
    for i in range(0, out.size, _KEY_BLOCK):
        j = min(i + _KEY_BLOCK, out.size)
        np.multiply(out[i:j], np.take(table, lab[i:j], out=fac[: j - i]), out=out[i:j])
    return True


def _signed_weights(pos: np.ndarray, w: np.ndarray, per_class: bool, scale: bool) -> np.ndarray:
    """The weights as scaled for the sums (by :func:`_class_scale` with ``per_class``, else
    :func:`_unit_scale`; unchanged without ``scale``), the positives' negated: one n-array
    carrying label (sign bit) and weight, so that the sorted order gathers both at once.
    Made in blocks with no boolean copy (:func:`_signed_pass`, :func:`_times_powers`); the
    same bits as the scaling functions, which are used where a power is beyond float64."""
    out, top_neg, top_pos = _signed_pass(pos, w)
    if not scale or w.size == 0:
        return out
    if per_class:
        exps = [(math.frexp(t)[1] - 1) if t > 0 else 0 for t in (top_neg, top_pos)]
        if exps[0] == exps[1] and exps[0]:
            exps = [math.frexp(max(top_neg, top_pos))[1] - 1] * 2  # _unit_scale(w)
    else:
        top = max(top_neg, top_pos)
        exps = [(math.frexp(top)[1] - 1) if top > 0 else 0] * 2
    if _times_powers(out, pos, *exps):
        return out
    scaled = _class_scale(pos, w) if per_class else _unit_scale(w)
    return np.multiply(scaled, np.take(_SIGNS, pos.view(np.uint8)), out=out)


def _signed_sum_scale(pos: np.ndarray, w: np.ndarray):
    """(signed weights, shift, whether a weight may have underflowed): :func:`_class_sum_scale`'s
    weights with the positives' negated (as :func:`_signed_weights`), the same bits."""
    out, top_neg, top_pos = _signed_pass(pos, w)
    target = 1022 - int(w.size).bit_length()
    tops = [top_neg, top_pos]
    exps = [(math.frexp(t)[1] - target) if t > 0 else 0 for t in tops]
    if exps[0] == exps[1] or tops[0] == 0.0 or tops[1] == 0.0:
        exps, shift = [max(exps)] * 2, 0
    else:
        shift = exps[0] - exps[1]
    if _times_powers(out, pos, *exps):
        return out, shift, max(exps) > 0
    scaled, shift = _class_sum_scale(pos, w)
    return np.multiply(scaled, np.take(_SIGNS, pos.view(np.uint8)), out=out), shift, True


def _counts_weighted(pos: np.ndarray, s: np.ndarray, w: np.ndarray, *, per_class: bool = False, scale: bool = True,
                     signed: bool = False, thresholds: bool = True):
    """As :func:`_counts_unweighted`, with sums of weights.

    Zero-weight samples are dropped first (they change no count), as in
    scikit-learn, so their scores are not thresholds; then the weights are scaled
    by a power of two (:func:`_unit_scale`; each class apart with ``per_class``,
    for the ROC family: :func:`_class_scale`), so a weight that underflows in the
    scaling still marks its threshold.  The order is a stable descending sort (ties
    in input order) and the sums are running sums in that order: the same
    arithmetic as scikit-learn, so the results agree bit for bit.  Label and weight
    travel as one signed weight (:func:`_signed_weights`): one gather by the order
    (``signed``: ``w`` is such an array already, scaled).  Without ``thresholds`` the
    first array may come back None (the areas need only the counts: the scores are then not
    gathered in the sorted order when the packed order shows them all distinct).
    """
    if not w.all():
        keep = w != 0
        pos, s, w = pos[keep], s[keep], w[keep]
    ws = w if signed else _signed_weights(pos, w, per_class, scale)
    n = s.size
    # every example gets a row (thr, tp, fp) in place; with ties the groups' last rows are
    # then compacted in place (no n-long index array nor take when the scores are distinct)
    thr, tp, fp = np.empty(n + 1), np.empty(n + 1), np.empty(n + 1)
    thr[0], tp[0], fp[0] = np.inf, 0.0, 0.0
    order, s_sorted = _desc_order(s, out=thr[1:], need_sorted=thresholds)
    w_sorted = np.take(ws, order, out=fp[1:], mode="clip")
    del order, ws
    p_sorted = np.signbit(w_sorted)
    np.absolute(w_sorted, out=w_sorted)  # -0.0 (a positive weight underflowed in the scaling) -> +0.0
    run = np.multiply(w_sorted, p_sorted, out=tp[1:])
    np.cumsum(run, out=run)
    np.logical_not(p_sorted, out=p_sorted)
    np.multiply(w_sorted, p_sorted, out=w_sorted)
    del p_sorted
    np.cumsum(w_sorted, out=w_sorted)
    if s_sorted is None:
        return None, tp, fp
    if not _has_ties(s_sorted):
        return thr, tp, fp
    change = np.empty(n, dtype=bool)
    change[-1] = True
    np.not_equal(s_sorted[1:], s_sorted[:-1], out=change[:-1])
    last = np.flatnonzero(change)  # last index of each group, descending scores
    del change
    k = last.size
    for a in (thr, tp, fp):
        row = a[1:]
        # last[j] >= j: a block reads only rows at or beyond the ones it writes
        for i in range(0, k, _CHUNK):
            np.take(row, last[i : i + _CHUNK], out=row[i : min(i + _CHUNK, k)], mode="clip")
    return thr[: k + 1], tp[: k + 1], fp[: k + 1]


def _integer_weights(sample_weight, n: int):
    """Integer (or boolean) sample weights as int64, checked, or None if they are not integers.

    Counts made of integer weights are summed in int64, exactly (float64 would round
    once a count passes 2**53); a total beyond int64 is refused rather than rounded.
    """
    if sample_weight is None or isinstance(sample_weight, (str, bytes, dict, set)):
        return None
    try:
        raw = np.asarray(sample_weight)
    except Exception:
        return None
    if raw.ndim != 1 or raw.dtype.kind not in "iub":
        return None
    check_sample_weight(raw, n)  # length, sign: the usual messages
    w = raw.astype(np.int64) if raw.dtype.kind != "u" or raw.dtype.itemsize < 8 else raw
    if w.dtype.kind == "u" and w.size and int(w.max()) > np.iinfo(np.int64).max:
        raise ValueError("sample_weight holds integers above 2**63 - 1: counts cannot be kept exact")
    w = w.astype(np.int64)
    if w.size and int(w.max()) * w.size > np.iinfo(np.int64).max:
        total = sum(int(v) for v in w.tolist())
        if total > np.iinfo(np.int64).max:
            raise ValueError(f"sample_weight sums to {total}, more than 2**63 - 1: counts cannot be kept exact")
    return w


def _counts_weighted_int(pos: np.ndarray, s: np.ndarray, w: np.ndarray):
    """As :func:`_counts_weighted` with int64 weights: exact integer counts (int64 arrays)."""
    if not w.all():
        keep = w != 0
        pos, s, w = pos[keep], s[keep], w[keep]
    order, s_sorted = _desc_order(s)
    p_sorted, w_sorted = pos[order], w[order]
    last = np.flatnonzero(np.append(s_sorted[1:] != s_sorted[:-1], True))
    thr = np.concatenate(([np.inf], s_sorted[last]))
    tp = np.concatenate(([0], np.cumsum(np.where(p_sorted, w_sorted, 0))[last])).astype(np.int64)
    fp = np.concatenate(([0], np.cumsum(np.where(p_sorted, 0, w_sorted))[last])).astype(np.int64)
    return thr, tp, fp


def _keep_in_place(keep: np.ndarray, *arrays):
    """Keep the entries where ``keep`` is True, compacting each array in place (block by block).

    Returns views of the compacted prefixes; no n-long temporary is made.
    """
    if keep.all():
        return arrays
    idx = np.flatnonzero(keep)  # once for all the arrays (a boolean mask would find it per array)
    k = idx.size
    out = []
    for a in arrays:
        # idx[j] >= j: a block reads only entries at or beyond the ones it writes (NumPy buffers
        # the overlap within a block), never one an earlier block wrote
        for i in range(0, k, _CHUNK):
            np.take(a, idx[i : i + _CHUNK], out=a[i : min(i + _CHUNK, k)])
        out.append(a[:k])
    return out




# --------------------------------------------------------------------------------------
# areas without a curve
# --------------------------------------------------------------------------------------
def _drop_collinear(thr, tps, fps):
    """(thr, tps, fps) without the rows collinear with both neighbours (``roc_curve``'s
    ``drop_intermediate``), compacted in place: a row of 1..K stays when its steps in and
    out differ, in FP or in TP (the counts are exact, so are the steps)."""
    k = thr.size - 1
    if k <= 2:
        return thr, tps, fps
    keep = np.ones(k + 1, dtype=bool)
    size = min(_CHUNK, k - 2) + 1
    dfp, dtp, other = np.empty(size), np.empty(size), np.empty(size - 1, dtype=bool)
    for i in range(2, k, _CHUNK):
        j = min(i + _CHUNK, k)
        m = j - i
        df, dt = dfp[: m + 1], dtp[: m + 1]
        np.subtract(fps[i : j + 1], fps[i - 1 : j], out=df)
        np.subtract(tps[i : j + 1], tps[i - 1 : j], out=dt)
        np.not_equal(df[1:], df[:-1], out=keep[i:j])
        np.not_equal(dt[1:], dt[:-1], out=other[:m])
        np.logical_or(keep[i:j], other[:m], out=keep[i:j])
    return _keep_in_place(keep, thr, tps, fps)


def _binary_auc(pos: np.ndarray, s: np.ndarray, w, m_pos=None):
    """AUC of one binary problem (positive mask, scores, weights or None); NaN if one class."""
    if w is None:
        if m_pos is None:
            m_pos = int(np.count_nonzero(pos))
        m_neg = pos.size - m_pos
        if m_pos == 0 or m_neg == 0:
            return np.nan
        ps = _pair_sums(pos, s, m_pos)
        # sum over pairs of I(s+ > s-) + 1/2 I(s+ = s-) = (below + below_eq) / 2
        return (ps.neg_below + ps.neg_below_eq) / (2.0 * m_pos * m_neg)
    _, tps, fps = _counts_weighted(pos, s, w, per_class=True, thresholds=False)
    if tps[-1] <= 0 or fps[-1] <= 0:
        # both labels are present but one class has zero total weight: warn as roc_curve does
        if fps[-1] <= 0:
            _warn("No negative samples in y_true, false positive value should be meaningless", stacklevel=5)
        if tps[-1] <= 0:
            _warn("No positive samples in y_true, true positive value should be meaningless", stacklevel=5)
        return np.nan
    return _trapezoid_from_counts(tps, fps)


def _trapezoid_from_counts(tps, fps):
    """Area under the (FPR, TPR) polyline through the counts (row 0 = (0, 0)), in blocks."""
    area = 0.0
    size = min(_CHUNK, tps.size - 1)
    buf_f, buf_t = np.empty(size), np.empty(size)  # made once: no fresh memory per block
    for i in range(1, tps.size, _CHUNK):
        j = min(i + _CHUNK, tps.size)
        df = np.subtract(fps[i:j], fps[i - 1 : j - 1], out=buf_f[: j - i])
        st = np.add(tps[i:j], tps[i - 1 : j - 1], out=buf_t[: j - i])
        area += float(np.dot(df, st))
    return _clip01(area / 2.0 / (float(tps[-1]) * float(fps[-1])))


def _partial_auc(pos, s, w, max_fpr):
    """McClish-standardised partial AUC over FPR in [0, max_fpr] (as scikit-learn)."""
    _, tpr, fpr = _drop_collinear(*(_counts_unweighted(pos, s) if w is None else _counts_weighted(pos, s, w, per_class=True)))
    if fpr[-1] <= 0 or tpr[-1] <= 0:
        # one class has zero total weight: warn as roc_curve does; scikit-learn crashes here
        if fpr[-1] <= 0:
            _warn("No negative samples in y_true, false positive value should be meaningless", stacklevel=5)
        if tpr[-1] <= 0:
            _warn("No positive samples in y_true, true positive value should be meaningless", stacklevel=5)
        return np.nan
    fpr /= fpr[-1]
    tpr /= tpr[-1]
    stop = np.searchsorted(fpr, max_fpr, "right")
    x_interp = [fpr[stop - 1], fpr[stop]]
    y_interp = [tpr[stop - 1], tpr[stop]]
    tpr = np.append(tpr[:stop], np.interp(max_fpr, x_interp, y_interp))
    fpr = np.append(fpr[:stop], max_fpr)
    partial = float(np.trapezoid(tpr, fpr))
    min_area = 0.5 * max_fpr**2
    max_area = max_fpr
    return _clip01(0.5 * (1 + (partial - min_area) / (max_area - min_area)))


def _roc_auc_binary(y01, s, sample_weight=None, max_fpr=None):
    """scikit-learn's _binary_roc_auc_score on a 0/1 (or bool) y."""
    pos = np.asarray(y01, dtype=bool)
    n_pos = int(np.count_nonzero(pos))
    if n_pos == 0 or n_pos == pos.size:
        _warn("Only one class is present in y_true. ROC AUC score is not defined in that case.", stacklevel=4)
        return np.nan
    if sample_weight is not None and not np.asarray(sample_weight).any():
        raise ValueError("sample_weight sums to zero: at least one sample must have a positive weight")
    if max_fpr is None or max_fpr == 1:
        return float(_binary_auc(pos, s, sample_weight, n_pos))
    return _partial_auc(pos, s, sample_weight, max_fpr)


def _rows_by_class(code: np.ndarray, n_classes: int) -> list:
    """Row indices of each class (increasing), from one stable sort of the class codes."""
    order = np.argsort(code.astype(np.int16) if n_classes < 1 << 15 else code, kind="stable")
    ends = np.cumsum(np.bincount(code, minlength=n_classes))
    return np.split(order, ends[:-1])



def _binary_ap(pos: np.ndarray, s: np.ndarray, w):
    """Average precision of one binary problem: sum_k (R_k - R_{k-1}) P_k (0 if no positive)."""
    if w is None:
        m_pos = int(np.count_nonzero(pos))
        if m_pos == 0:
            _warn("No positive class found in y_true, recall is set to one for all thresholds.", UserWarning, 5)
            return 0.0
        # each positive i adds (1/m+) * P at its own score's cut:
        # P = (#positives >= s_i) / (#samples >= s_i)
        return _clip01(_ap_unweighted(pos, s, m_pos) / m_pos)
    # AP takes no product of weights, only sums and their ratios: each class's weights are
    # scaled by their own power of two, so that the largest is as large as a sum of n of them
    # allows, and precision = TP / (TP + FP * 2**shift) puts the classes back on one scale. A
    # weight up to 2**2090 times below another still counts (weights [1e300, 1e-300, 1e300] with
    # the light one the only positive, or [1.7e308, 5e-324, 1.7e308]: AP 0.0 for 1)
    signed, shift, may_lose = _signed_sum_scale(pos, w)
    scaled = np.abs(signed) if may_lose else None  # (scaling up by a power of two loses nothing)
    if may_lose and w.size and not scaled.min() > 0 and bool(((scaled == 0) & (w > 0)).any()):
        lost = float(w[(scaled == 0) & (w > 0)][0])
        raise ValueError(f"sample_weight spans more than a float can hold once scaled: weights such as {lost!r} are "
                         f"over 2**2090 times smaller than the largest of their class ({float(w.max())!r}) and would "
                         "count as 0; scale them into a narrower range")
    del scaled
    _, tps, fps = _counts_weighted(pos, s, signed, scale=False, signed=True, thresholds=False)
    if tps[-1] == 0:
        _warn("No positive class found in y_true, recall is set to one for all thresholds.", UserWarning, 5)
        return 0.0  # recall is 1 at every cut: one step from 0 to 1 at the first cut, where P = 0
    # sum_k (R_k - R_{k-1}) P_k over rows 1..K, in blocks
    n_pos = float(tps[-1])
    total = 0.0
    size = min(_CHUNK, tps.size - 1)
    buf_a, buf_b, buf_ps, buf_prec = np.empty(size), np.empty(size), np.empty(size), np.empty(size)
    mask = np.empty(size, dtype=bool)
    for i in range(1, tps.size, _CHUNK):  # in buffers made once (the same arithmetic, no fresh memory per block)
        j = min(i + _CHUNK, tps.size)
        m = j - i
        t = tps[i:j]
        f = fps[i:j]
        if shift > 0:        # the smaller scale's sum is scaled down (exact, or negligible when it underflows)
            with np.errstate(under="ignore"):
                t = np.ldexp(t, -shift, out=buf_a[:m])
        elif shift < 0:
            with np.errstate(under="ignore"):
                f = np.ldexp(f, shift, out=buf_a[:m])
        ps = np.add(t, f, out=buf_ps[:m])
        t_true = tps[i:j]
        # ps == 0: no weight at or above the cut (P = 0), or TP underflowed in the scaling with FP = 0 (P = 1)
        prec = buf_prec[:m]
        np.copyto(prec, np.greater(t_true, 0, out=mask[:m]))
        np.divide(t, ps, out=prec, where=np.not_equal(ps, 0, out=mask[:m]))
        d = np.divide(t_true, n_pos, out=buf_a[:m])
        np.subtract(d, np.divide(tps[i - 1 : j - 1], n_pos, out=buf_b[:m]), out=d)
        total += float(np.dot(d, prec))
    return _clip01(total)


def _class_sum_scale(pos: np.ndarray, w: np.ndarray):
    """``(w', shift)``: each class's weights times its own power of two, its largest brought to
    2**(1022 - bits of n) (no sum overflows), and ``shift`` with negative weight = w' *
    2**shift in the positives' units. Weights of ordinary size within a factor 2 of each other
    come back unscaled relative to one another (shift 0), so results keep their bits."""
    target = 1022 - int(w.size).bit_length()
    tops = [float(w[m].max()) if m.any() else 0.0 for m in (~pos, pos)]
    exps = [(math.frexp(t)[1] - target) if t > 0 else 0 for t in tops]
    if exps[0] == exps[1] or tops[0] == 0.0 or tops[1] == 0.0:
        e = max(exps)
        return (np.ldexp(w, -e) if e else w), 0
    return np.ldexp(w, np.where(pos, -exps[1], -exps[0])), exps[0] - exps[1]


def _group_weights(pos, s, w):
    """Per distinct score, descending: (positive weight, negative weight, negative weight above)."""
    _, tps, fps = _counts_weighted(pos, s, w)
    return np.diff(tps), np.diff(fps), fps[:-1]



_SIGN = np.uint64(1 << 63)
_LOW63 = np.uint64((1 << 63) - 1)


def _order_keys(x: np.ndarray) -> np.ndarray:
    """uint64 keys in the order of the finite float64 scores ``x``, made in place (``x`` is
    overwritten when it holds a negative number or -0.0): equal scores get equal keys and a
    greater score a greater key, so sorting and counting on the keys gives the counts of the
    scores.  NumPy sorts uint64 faster than float64 (no NaN to place).

    IEEE 754: a non-negative float's bits, read as an unsigned integer, increase with it; a
    negative float's bits, all flipped, do too and fall below every non-negative one.
    """
    u = x.view(np.uint64)
    if not np.signbit(x).any():
        return u
    np.add(x, 0.0, out=x)  # -0.0 + 0.0 = +0.0: one key for zero
    mask = np.right_shift(u, 63)  # 1 for a negative score
    np.multiply(mask, _LOW63, out=mask)
    np.bitwise_or(mask, _SIGN, out=mask)
    # negative: every bit flipped (below every non-negative); non-negative: the sign bit set
    np.bitwise_xor(u, mask, out=u)
    return u


_OVR_ROWS = 1 << 12  # rows per block of the transposed copy (the block stays in cache)


def _ovr_aucs(code: np.ndarray, s: np.ndarray, n_classes: int) -> np.ndarray:
    """One-vs-rest AUC of every class, unweighted: column c of ``s`` ranks class c
    (``code == c``) against all the others.  NaN, with a warning, for a class that is
    absent (or alone).

    One pass over the columns: the rows grouped by class once (a stable sort of the
    class codes, a radix sort), the score matrix copied once with the classes'
    rows contiguous in every column; then, per column, the positives' and the
    negatives' scores sorted apart and every positive's count of negatives below
    it read by one ``searchsorted`` of the (few) positives into the negatives,
    all on the scores' uint64 order keys (:func:`_order_keys`), which NumPy sorts
    faster than floats (scores with few decimals take the counting pass instead,
    as in the binary case).
    The counts are the exact integers of :func:`_pair_sums`, so each AUC is the
    same float as a binary ``roc_auc_score`` of that column.
    """
    n = code.size
    order = np.argsort(code.astype(np.int16) if n_classes < 1 << 15 else code, kind="stable")
    counts = np.bincount(code, minlength=n_classes)
    ends = np.cumsum(counts)
    starts = ends - counts
    # the transposed copy, rows in class order, made block by block (a column-by-column gather
    # would read the whole matrix once per column)
    grouped = np.empty((s.shape[1], n))
    for i in range(0, n, _OVR_ROWS):
        np.copyto(grouped[:, i : i + _OVR_ROWS], np.take(s, order[i : i + _OVR_ROWS], axis=0).T)
    del order
    out = np.empty(n_classes)
    for c in range(n_classes):
        a, b = int(starts[c]), int(ends[c])
        m_pos = b - a
        m_neg = n - m_pos
        if m_pos == 0 or m_neg == 0:
            _warn("Only one class is present in y_true. ROC AUC score is not defined in that case.", stacklevel=4)
            out[c] = np.nan
            continue
        row = grouped[c]
        plan = _decimal_scale(row) if n > _SMALL_N else None
        if plan is not None and _decimal_range(row, plan[0]) is not None:  # few distinct scores: the counting pass
            pos = np.zeros(n, dtype=bool)
            pos[a:b] = True
            ps = _pair_sums(pos, row)
            out[c] = (ps.neg_below + ps.neg_below_eq) / (2.0 * m_pos * m_neg)
            continue
        key = _order_keys(row)  # the same order as the scores, sorted faster
        s_pos = np.sort(key[a:b])
        key[a:m_neg] = key[b:]  # the negatives, contiguous (NumPy copies overlapping parts safely)
        s_neg = key[:m_neg]
        s_neg.sort()
        lo = np.searchsorted(s_neg, s_pos, "left")  # negatives strictly below each positive
        below = int(lo.sum(dtype=np.int64))
        if (np.take(s_neg, lo, mode="clip") == s_pos).any():  # a positive ties a negative
            below_eq = int(np.searchsorted(s_neg, s_pos, "right").sum(dtype=np.int64))
        else:
            below_eq = below
        # sum over pairs of I(s+ > s-) + 1/2 I(s+ = s-) = (below + below_eq) / 2, as _binary_auc
        out[c] = (below + below_eq) / (2.0 * m_pos * m_neg)
    return out


# --------------------------------------------------------------------------------------
# the packed sort: score and label in one uint64 key, one np.sort (issue 38)
# --------------------------------------------------------------------------------------
# A float64's bits, read as an unsigned integer, increase with a non-negative score
# and, all flipped, with a negative one.  Within one sign the sign bit carries no
# order, so the 63 other bits, shifted left, leave the low bit free for the label:
# key = (score code << 1) | is_positive.  One np.sort of the keys (a SIMD sort, far
# cheaper than an argsort or a stable merge) orders the examples by score,
# negatives before positives among equal scores; every count is then read off the
# sorted keys.  Scores of both signs get codes R - (bits(|s|) - bits(a)) below zero
# and R + 1 + bits(|s|) - bits(a) at or above, a = min |s|, R = bits(max |s|) -
# bits(a): one order, 63 bits whenever R < 2**62 (max |s| / min |s| < 2**1023 or
# so; not when a score is 0 and another beyond +-2: then the classes are merged as
# before).  -0.0 and +0.0 get one code.
_ONE = np.uint64(1)
_LITTLE = sys.byteorder == "little"
_LOW63_I = (1 << 63) - 1


@dataclass(frozen=True)
class _Packing:
    """How scores were coded: 'nonneg', 'neg', or 'mixed' with offset ``a_bits`` and split ``r``."""

    mode: str
    a_bits: int = 0
    r: int = 0


def _i64(v: int) -> np.int64:
    """The int64 whose bits are ``v`` modulo 2**64 (for wrapping integer passes)."""
    v &= (1 << 64) - 1
    return np.int64(v - (1 << 64) if v >= 1 << 63 else v)


def _packed_plan(s: np.ndarray, exact: bool = False):
    """The packing of ``s`` (a :class:`_Packing`), or None when 63 bits cannot hold its order.

    Scores of both signs: the offset ``a`` must be at most min |s| and ``r = bits(max |s|) -
    bits(a) < 2**62``.  By default ``a`` is the largest offset that keeps ``r < 2**62`` (0 when
    max |s| < 2, else a number near 1e-308), found from the min and the max alone; whether
    a score lies below it is seen on the sorted keys (:func:`_packed_sorted`).  With
    ``exact``, ``a = min |s|`` (one more pass)."""
    lo, hi = float(s.min()), float(s.max())
    if lo >= 0 or (lo == 0 and hi <= 0):
        return _Packing("nonneg")
    if hi < 0:
        return _Packing("neg")
    top_bits = int(np.float64(max(-lo, hi)).view(np.uint64)) & _LOW63_I
    if not exact:
        a_bits = max(0, top_bits - ((1 << 62) - 1))
        return _Packing("mixed", a_bits, top_bits - a_bits)
    a = min(float(np.abs(s[i : i + _CHUNK]).min()) for i in range(0, s.size, _CHUNK))  # no n-long temporary
    a_bits = int(np.float64(a).view(np.uint64)) & _LOW63_I
    r = top_bits - a_bits
    if r >= 1 << 62:
        return None
    return _Packing("mixed", a_bits, r)


_KEY_BLOCK = 1 << 14  # elements per block of the key passes (a block and its temporaries stay in L2)


def _packed_keys(pos: np.ndarray, s: np.ndarray, plan: _Packing) -> np.ndarray:
    """The unsorted packed keys, made in blocks.

    Both signs, in wrapping int64 arithmetic on the bits u of a score (m = u >> 63,
    -1 for a negative score, else 0): with x = u ^ m, code = x + C + (m & D), where
    C = r + 1 - a and D = 2a + 2**63 make code = r + 1 + bits(|s|) - a at or above zero
    and r - (bits(|s|) - a) below; the key (code << 1) | label is then
    (x << 1) + (m & 4a) + 2C + label: six or seven passes over a block in cache.  With
    a = 0 the block is first added to 0.0 (-0.0 becomes +0.0: one code for zero)."""
    n = s.size
    keys = np.empty(n, dtype=np.uint64)
    out = keys.view(np.int64)
    lab = pos.view(np.uint8)
    size = min(n, _KEY_BLOCK)
    if plan.mode == "mixed":
        msk = np.empty(size, dtype=np.int64)
        zero = np.empty(size) if plan.a_bits == 0 else None
        two_c = _i64(2 * (plan.r + 1 - plan.a_bits))
        four_a = _i64(4 * plan.a_bits)
        one = np.int64(1)
    for i in range(0, n, _KEY_BLOCK):
        j = min(i + _KEY_BLOCK, n)
        o = out[i:j]
        if plan.mode == "nonneg":
            np.left_shift(s[i:j].view(np.uint64), _ONE, out=keys[i:j])  # the sign bit of -0.0 falls off
        elif plan.mode == "neg":
            np.invert(s[i:j].view(np.uint64), out=keys[i:j])
            np.left_shift(keys[i:j], _ONE, out=keys[i:j])
        else:
            blk = s[i:j]
            if zero is not None:
                blk = np.add(blk, 0.0, out=zero[: j - i])
            u = blk.view(np.int64)
            m = np.right_shift(u, 63, out=msk[: j - i])
            np.bitwise_xor(u, m, out=o)
            np.left_shift(o, one, out=o)
            if plan.a_bits:
                np.bitwise_and(m, four_a, out=m)
                np.add(o, m, out=o)
            np.add(o, two_c, out=o)
        np.bitwise_or(o, lab[i:j], out=o)
    return keys


def _packed_sorted(pos: np.ndarray, s: np.ndarray):
    """(sorted packed keys, packing), or None when the scores do not fit (then merge)."""
    s = np.ascontiguousarray(s)
    pos = pos if pos.flags.c_contiguous else np.ascontiguousarray(pos)
    plan = _packed_plan(s)
    if plan is None:
        return None
    keys = _packed_keys(pos, s, plan)
    keys.sort()
    if plan.mode == "mixed" and plan.a_bits:
        # a score with |s| below a would get a code in [r + 1 - a, r + a]: any key there (a
        # score of 0, or within ~1e-308 of it), and the offset is recomputed as min |s|
        r, a = plan.r, plan.a_bits
        lo, hi = np.uint64((r + 1 - a) << 1), np.uint64(((r + a) << 1) | 1)
        if np.searchsorted(keys, lo, "left") != np.searchsorted(keys, hi, "right"):
            plan = _packed_plan(s, exact=True)
            if plan is None:
                return None
            keys = _packed_keys(pos, s, plan)
            keys.sort()
    return keys, plan


def _packed_values(k: np.ndarray, plan: _Packing, inplace: bool = False) -> np.ndarray:
    """The float scores of sorted packed keys, +0.0 for a zero (made in ``k`` itself with ``inplace``)."""
    u = np.right_shift(k, _ONE, out=k if inplace else None)
    if plan.mode == "nonneg":
        return u.view(np.float64)
    if plan.mode == "neg":
        np.invert(u, out=u)
        return u.view(np.float64)
    r1 = np.uint64(plan.r + 1)
    cut = int(np.searchsorted(u, r1))  # codes <= r: scores below zero
    neg, nonneg = u[:cut], u[cut:]
    np.subtract(np.uint64(plan.r + plan.a_bits), neg, out=neg)  # bits(|s|) = r - code + a
    np.bitwise_or(neg, _SIGN, out=neg)
    shift = plan.r + 1 - plan.a_bits  # bits(s) = code - (r + 1) + a
    if shift >= 0:
        np.subtract(nonneg, np.uint64(shift), out=nonneg)
    else:
        np.add(nonneg, np.uint64(-shift), out=nonneg)
    return u.view(np.float64)


def _packed_starts(keys: np.ndarray, i: int, j: int) -> np.ndarray:
    """Indices (relative to i) in keys[i:j] where a new score starts (codes differ)."""
    new = np.empty(j - i, dtype=bool)
    if i == 0:
        new[0] = True
        np.greater(np.bitwise_xor(keys[1:j], keys[: j - 1]), _ONE, out=new[1:])
    else:
        np.greater(np.bitwise_xor(keys[i:j], keys[i - 1 : j - 1]), _ONE, out=new)
    return np.flatnonzero(new)


def _packed_has_ties(keys: np.ndarray) -> bool:
    """Whether two scores are equal (keys equal but perhaps for the label bit)."""
    for i, j in _blocks(keys.size - 1):
        if (np.bitwise_xor(keys[i + 1 : j + 1], keys[i:j]) <= _ONE).any():
            return True
    return False


def _rows_from_packed(keys: np.ndarray, plan: _Packing, m_pos: int, ties=None):
    """(thr, tp, fp) in stepping-table layout from :func:`_packed_sorted`, in blocks."""
    n = keys.size
    m_neg = n - m_pos
    if ties is None:
        ties = _packed_has_ties(keys)
    k = sum(_packed_starts(keys, i, j).size for i, j in _blocks(n)) if ties else n
    thr, tp, fp = np.empty(k + 1), np.empty(k + 1), np.empty(k + 1)
    thr[0], tp[0], fp[0] = np.inf, 0.0, 0.0
    desc = slice(k, 0, -1)
    thr_a, tp_a, fp_a = thr[desc], tp[desc], fp[desc]
    w = 0
    carry = 0  # positives before the block
    size = min(n, _BLOCK)
    lab_buf, below_buf = np.empty(size, dtype=np.uint64), np.empty(size, dtype=np.uint64)
    for i, j in _blocks(n):
        blk = keys[i:j]
        lab = np.bitwise_and(blk, _ONE, out=lab_buf[: j - i])
        below = np.cumsum(lab, out=below_buf[: j - i])  # positives at or before each index
        np.subtract(below, lab, out=below)  # ... strictly before
        if not ties:
            q = j - i
            pb, first = below, blk
            idx = np.arange(i, j, dtype=np.uint64)
        else:
            st = _packed_starts(keys, i, j)
            q = st.size
            pb, first = below[st], blk[st]
            idx = st.astype(np.uint64)
            idx += np.uint64(i)  # index in the sorted keys = number of scores below the group
        in_block = int(below[-1] + lab[-1])  # positives in the block (read before pb changes below)
        pb += np.uint64(carry)
        carry += in_block
        thr_a[w : w + q] = _packed_values(first, plan)
        np.subtract(np.uint64(m_pos), pb, out=tp_a[w : w + q], casting="unsafe")
        np.subtract(idx, pb, out=idx)  # negatives below
        np.subtract(np.uint64(m_neg), idx, out=fp_a[w : w + q], casting="unsafe")
        w += q
    return thr, tp, fp


def _packed_ap_sum(keys: np.ndarray, m_pos: int):
    """:func:`_ap_unweighted`'s sum from sorted packed keys of distinct scores, or None when two
    scores are equal (looked for in the same pass), in one pass over the keys with no m+-long
    array: the positive of rank r (from the lowest, 0-based) at sorted index j adds
    (m+ - r) / (n - j), the terms are written into a buffer of ``_CHUNK`` terms and each full
    buffer summed by ``np.sum``: the same terms in the same chunks as the per-positive count
    (``tp / ge`` of int64 arrays divides their exact float64 values), so the same float."""
    n = keys.size
    size = min(n, _BLOCK)
    near = np.empty(size, dtype=np.uint64)
    flag = np.empty(size, dtype=bool)
    chunk = min(m_pos, _CHUNK)
    terms = np.empty(chunk)
    ge = np.empty(min(size, chunk))
    tp = np.empty(min(size, chunk))
    desc = -np.arange(min(size, chunk), dtype=np.float64)  # 0, -1, -2, ...
    kk = keys.view(np.int64)
    fill = 0  # terms in the buffer
    rank = 0  # positives before the block
    total = 0.0
    for i, j in _blocks(n):
        m = j - i
        if i + 1 < j:
            d = np.bitwise_xor(keys[i + 1 : j], keys[i : j - 1], out=near[: m - 1])
            if d.min() <= _ONE:
                return None
        if i and (keys[i] ^ keys[i - 1]) <= _ONE:
            return None
        p = np.flatnonzero(np.bitwise_and(kk[i:j], 1, out=flag[:m], casting="unsafe"))
        q = p.size
        k = 0
        while k < q:
            take = min(q - k, chunk - fill)
            g = np.subtract(float(n - i), p[k : k + take], out=ge[:take])  # scores at or above (exact)
            t = np.add(desc[:take], float(m_pos - rank - k), out=tp[:take])  # positives at or above
            np.divide(t, g, out=terms[fill : fill + take])
            fill += take
            k += take
            if fill == chunk:
                total += float(np.sum(terms))
                fill = 0
        rank += q
    if fill:
        total += float(np.sum(terms[:fill]))
    return total


def _roc_from_packed(keys: np.ndarray, plan: _Packing, m_pos: int):
    """(fpr, tpr, thr) of ``roc_curve(drop_intermediate=True)`` from sorted packed keys of
    distinct scores (both classes present), in one pass over the keys.

    With distinct scores each row steps TP or FP by one (the label of its example),
    so a row between the first and the last is collinear with its neighbours exactly
    when its example and the next lower one carry the same label: only the rows where
    the label changes are made (about 2 m+ m- / n of them), each as TP / m+ and FP /
    m-, the same floats as the rows of :func:`_rows_from_packed` after
    :func:`_drop_collinear` and the two divisions."""
    n = keys.size
    m_neg = n - m_pos
    fpr, tpr, thr = np.empty(n + 1), np.empty(n + 1), np.empty(n + 1)
    end = n + 1  # rows are written from the end (decreasing thresholds, increasing index)
    carry = 0  # positives before the block
    size = min(n, _BLOCK)
    lab_buf, below_buf = np.empty(size, dtype=np.uint64), np.empty(size, dtype=np.uint64)
    change = np.empty(size, dtype=bool)
    fm_pos, fm_neg = float(m_pos), float(m_neg)
    for i, j in _blocks(n):
        m = j - i
        lab = np.bitwise_and(keys[i:j], _ONE, out=lab_buf[:m])
        below = np.cumsum(lab, out=below_buf[:m])  # positives at or before each index
        in_block = int(below[-1])
        np.subtract(below, lab, out=below)  # ... strictly before
        ch = change[:m]
        if i == 0:
            ch[0] = True
        else:
            ch[0] = (keys[i] ^ keys[i - 1]) & _ONE
        np.not_equal(lab[1:], lab[:-1], out=ch[1:])
        if j == n:
            ch[-1] = True
        at = np.flatnonzero(ch)
        q = at.size
        pb = below[at]
        pb += np.uint64(carry)
        carry += in_block
        idx = at.astype(np.uint64)
        idx += np.uint64(i)  # index = scores below
        lo = end - q
        t_out, f_out = tpr[lo:end][::-1], fpr[lo:end][::-1]
        np.subtract(np.uint64(m_pos), pb, out=t_out, casting="unsafe")
        np.divide(t_out, fm_pos, out=t_out)
        np.subtract(idx, pb, out=idx)  # negatives below
        np.subtract(np.uint64(m_neg), idx, out=f_out, casting="unsafe")
        np.divide(f_out, fm_neg, out=f_out)
        thr[lo:end][::-1] = _packed_values(keys[i:j][at], plan)
        end = lo
    end -= 1
    thr[end], tpr[end], fpr[end] = np.inf, 0.0, 0.0
    return fpr[end:], tpr[end:], thr[end:]


def _pr_from_packed(keys: np.ndarray, plan: _Packing, m_pos: int):
    """(precision, recall, thresholds) of ``precision_recall_curve`` (every threshold) from
    sorted packed keys of distinct scores (a positive present), in one pass over the keys:
    at the score of index j (increasing), TP = positives at or above it and TP + FP = n - j,
    so precision = TP / (n - j) and recall = TP / m+, the same floats as the rows of
    :func:`_rows_from_packed` divided the way ``precision_recall_curve`` divides them.  The
    thresholds are decoded in the keys' own memory (``keys`` is consumed)."""
    n = keys.size
    precision, recall = np.empty(n + 1), np.empty(n + 1)
    carry = 0
    size = min(n, _BLOCK)
    lab_buf, below_buf = np.empty(size, dtype=np.uint64), np.zeros(size + 1, dtype=np.uint64)
    ge_buf = np.arange(size, dtype=np.float64)
    ge_buf *= -1.0
    ge = np.empty(size)
    fm_pos = float(m_pos)
    for i, j in _blocks(n):
        m = j - i
        lab = np.bitwise_and(keys[i:j], _ONE, out=lab_buf[:m])
        np.cumsum(lab, out=below_buf[1 : m + 1])  # below_buf[:m]: positives in the block before each index
        tp = recall[i:j]
        np.subtract(np.uint64(m_pos - carry), below_buf[:m], out=tp, casting="unsafe")
        carry += int(below_buf[m])
        g = np.add(ge_buf[:m], float(n - i), out=ge[:m])  # n - j: scores at or above
        np.divide(tp, g, out=precision[i:j])
        np.divide(tp, fm_pos, out=tp)
        _packed_values(keys[i:j], plan, inplace=True)
    precision[n], recall[n] = 1.0, 0.0
    return precision, recall, keys.view(np.float64)
