"""Issue 14's budget: the explorers' frames live in the notebooks' saved widget state, so the
notebooks grow; each stays under 3 MB and all of notebooks/ under 20 MB."""
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
MB = 1_000_000


def test_each_notebook_under_3_mb_and_all_under_20_mb():
    sizes = {p.name: p.stat().st_size for p in sorted(NOTEBOOKS.glob("*.ipynb"))}
    assert sizes, "no notebooks found"
    big = {name: round(size / MB, 2) for name, size in sizes.items() if size >= 3 * MB}
    assert not big, f"notebooks over 3 MB: {big}"
    assert sum(sizes.values()) < 20 * MB, f"notebooks/ holds {sum(sizes.values()) / MB:.2f} MB (budget 20 MB)"
