"""`_base._differs` (the mask of the pixels a frame changes, issue 38) equals the three-plane
comparison on every layout: the RGB view of an RGBA canvas copy (the one-word fast path; a
change in alpha alone is no change) and any other array."""
import numpy as np

from learnmetrics.widgets._base import _differs


def test_differs_equals_the_plane_comparison_on_random_images():
    rng = np.random.default_rng(0)
    fast = 0
    for _ in range(300):
        h, w = rng.integers(1, 40, 2)
        a4 = rng.integers(0, 3, (h, w, 4)).astype(np.uint8)
        b4 = a4.copy()
        k = int(rng.integers(0, h * w * 4 + 1))
        b4.reshape(-1)[rng.integers(0, h * w * 4, k)] = rng.integers(0, 3, k)
        a, b = a4[..., :3], b4[..., :3]
        want = np.any(a != b, axis=2)
        for x, y in ((a, b), (np.ascontiguousarray(a), np.ascontiguousarray(b)), (a, np.ascontiguousarray(b)),
                     (a4[::-1, :, :3], b4[::-1, :, :3])):
            got = _differs(x, y)
            assert got.shape == want.shape[:2] or got.shape == x.shape[:2]
            assert np.array_equal(got, np.any(x != y, axis=2))
        fast += 1
    assert fast == 300


def test_an_alpha_change_alone_is_no_change():
    a4 = np.full((3, 4, 4), 255, dtype=np.uint8)
    b4 = a4.copy()
    b4[1, 2, 3] = 0
    assert not _differs(a4[..., :3], b4[..., :3]).any()
    b4[1, 2, 0] = 7
    assert _differs(a4[..., :3], b4[..., :3]).sum() == 1
