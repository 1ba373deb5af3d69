"""Every lecture notebook is a jupytext pair, and the two halves hold the same cells.

``notebooks/NN-name.py`` (percent format) is the source lecturers edit and review;
``notebooks/NN-name.ipynb`` holds the same cells with their stored outputs.  JupyterLab
with jupytext keeps them in sync, ``make notebooks`` rebuilds every ``.ipynb`` from its
``.py``; these checks catch a pair edited on one side only.
"""

from __future__ import annotations

from pathlib import Path

import jupytext  # type: ignore[import-untyped]  # no type hints shipped
import nbformat
import pytest
from jupytext.config import (  # type: ignore[import-untyped]
    find_jupytext_configuration_file,
    load_jupytext_configuration_file,
)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LECTURE = "[0-9][0-9]-*"
SOURCES = sorted(p.stem for p in NOTEBOOKS.glob(f"{LECTURE}.py"))
SAVED = sorted(p.stem for p in NOTEBOOKS.glob(f"{LECTURE}.ipynb"))


def test_the_pairs_are_configured_for_jupytext() -> None:
    # The config JupyterLab's jupytext reads when a lecturer opens either file.
    path = find_jupytext_configuration_file(str(NOTEBOOKS))
    assert path is not None and Path(path) == NOTEBOOKS / "jupytext.toml", path
    config = load_jupytext_configuration_file(path)
    assert config is not None and config.formats in ("ipynb,py:percent", ["ipynb,py:percent"]), config


def test_every_notebook_has_a_source_and_every_source_a_notebook() -> None:
    assert SOURCES, "no notebooks/NN-name.py sources"
    assert set(SAVED) - set(SOURCES) == set(), "notebooks without a .py: run jupytext --sync notebooks/NN-name.ipynb"
    assert set(SOURCES) - set(SAVED) == set(), "sources without a notebook: run make notebooks"


@pytest.mark.parametrize("name", sorted(set(SOURCES) & set(SAVED)))
def test_the_pair_holds_the_same_cells(name: str) -> None:
    source = jupytext.read(NOTEBOOKS / f"{name}.py")
    assert source.metadata["jupytext"]["text_representation"]["format_name"] == "percent", (
        f"notebooks/{name}.py: write it in the percent format (# %% cells)"
    )
    saved = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    want = [(c.cell_type, c.source) for c in source.cells]
    have = [(c.cell_type, c.source) for c in saved.cells]
    for i, (a, b) in enumerate(zip(want, have), 1):
        assert a == b, f"notebooks/{name}: cell {i} differs between the .py and the .ipynb: run make notebooks"
    assert len(want) == len(have), (
        f"notebooks/{name}: {len(want)} cells in the .py, {len(have)} in the .ipynb: run make notebooks"
    )
