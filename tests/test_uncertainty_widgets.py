"""The chapter-10 explorer, driven through its sliders."""
import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from learnmetrics.uncertainty import auc_sampling_state
from learnmetrics.widgets.uncertainty import AucSamplingExplorer


def test_auc_sampling_explorer_follows_its_sliders():
    ex = AucSamplingExplorer(sizes=(17, 60, 250), n=17, n_datasets=50, n_resamples=200)
    assert ex.state.n == 17
    ex.size.value = 250
    ex.dataset.value = 3
    expected = auc_sampling_state(250, sample=3, n_datasets=50, n_resamples=200)
    assert ex.state.n == 250 and ex.state.sample == 3
    np.testing.assert_array_equal(ex.state.aucs, expected.aucs)
    assert ex.state.interval.low == expected.interval.low
    assert "n = 250" in ex.readout.value and "DeLong" in ex.readout.value
    png = ex.image.value
    assert png[:4] == b"\x89PNG"
    ex.size.value = 60
    ex.size.value = 250  # a revisit is served from the cache
    assert ex.image.value == png


@pytest.mark.parametrize("kwargs, match", [
    (dict(sizes=(17, 10)), "sizes"), (dict(sizes=(2, 10)), "sizes"), (dict(sizes=[1.5, 3.0]), "sizes"),
    (dict(n=18), "n"), (dict(sample=500), "sample"), (dict(distance="1"), "distance"),
    (dict(n_resamples=0), "n_resamples"), (dict(rng=-1), "rng"), (dict(n_datasets=True), "n_datasets"),
])
def test_bad_arguments(kwargs, match):
    with pytest.raises((TypeError, ValueError), match=match):
        AucSamplingExplorer(**kwargs)
