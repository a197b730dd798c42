"""The counting pass's one-add tally (issue 38: the label joins the code in the float domain,
1.5 * 2**52 rounds it, a table lookup checks every score) gives the same counts as the
rint-and-divide tally it replaced, and refuses (None) every input that is not all codes."""
import numpy as np
import pytest

from learnmetrics import _counting as K


def _cases(rng, n):
    base = rng.normal(size=n)
    yield "3 decimals", np.round(1 / (1 + np.exp(-base)), 3)
    yield "1 decimal, both signs", np.round(base, 1)
    yield "integers", rng.integers(-40, 41, n).astype(float)
    yield "6 decimals", np.round(rng.random(n) * 0.002, 6)
    yield "negative zeros", np.where(rng.random(n) < 0.3, -0.0, np.round(rng.random(n), 2))
    yield "near 2**47", rng.integers(0, 50, n) + 2.0**47
    yield "beyond 2**48 (division)", rng.integers(0, 50, n) + 2.0**49
    yield "halves", rng.integers(0, 9, n) + 0.5


@pytest.mark.parametrize("n", [20_000, 70_000, 140_000])
def test_tally_equals_the_division_tally(n):
    rng = np.random.default_rng(n)
    for name, s in _cases(rng, n):
        for frac in (0.0, 0.3, 1.0):
            pos = rng.random(n) < frac
            plan = K._decimal_scale(s)
            assert plan is not None, name
            got = K._tally(pos, s, *plan)
            want = K._tally_by_division(pos, s, *plan)
            assert want is not None, name
            for a, b in zip(got, want):
                assert a.tobytes() == b.tobytes(), name


def test_tally_refuses_a_score_that_is_not_a_code():
    rng = np.random.default_rng(5)
    n = 100_000
    for bad in (0.1 + 0.2, 0.5 + 2.0**-53, np.nextafter(0.25, 1.0), np.pi / 10, 1.0 - 2.0**-53):
        s = np.round(rng.random(n), 3)
        for where in (0, 1, n // 2, n - 1):
            t = s.copy()
            t[where] = bad
            pos = rng.random(n) < 0.4
            plan = K._decimal_scale(t)
            if plan is None:
                continue
            assert K._tally(pos, t, *plan) is None, (bad, where)
            assert K._tally_by_division(pos, t, *plan) is None, (bad, where)
