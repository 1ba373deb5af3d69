"""The notebooks' .py files are jupytext sources of the .ipynb files beside them, not
test or doctest modules: importing one would run a whole lecture.  nbval tests the
.ipynb; tests/notebooks/test_jupytext_pairs.py checks that each pair is in sync.

The notebooks in ``SLOW`` are marked ``slow``: ``make check`` (the quick tier) leaves
them out, ``make test`` runs them; ``pytest notebooks/NN-name.ipynb`` runs one."""

from __future__ import annotations

import pytest

collect_ignore_glob = ["*.py"]

SLOW = frozenset({
    "02-tictactoe.ipynb", "07-depth-limited-othello.ipynb", "08-search-drivers.ipynb", "11-connect-four.ipynb",
    "13-for-lecturers.ipynb",
})
"""The notebooks whose cells take longest to run (20 to 55 s each here, most of nbval's time)."""


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SLOW:
            item.add_marker(pytest.mark.slow)
