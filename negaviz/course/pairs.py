"""Does every notebook agree with its jupytext ``.py``?  Read both, compare the cells.

A course's notebooks are pairs: ``NN-name.py`` is the text a reviewer reads and diffs,
``NN-name.ipynb`` holds the stored outputs that nbval compares and that the course site
publishes.  Edit only the ``.py`` (in an editor, or in a pull request's web view) and
nbval still passes, on the old ``.ipynb``, and the site goes out without the change.
:func:`pair_problems` finds that: for each notebook with a ``.py`` beside it, the cells
(type and source) jupytext reads from the ``.py`` must be the notebook's cells.
``negaviz check-notebooks`` runs it before the rules for stable notebooks.
"""

from __future__ import annotations

import json
from pathlib import Path

from negaviz.errors import InputError

__all__: list[str] = []

FIX = "open the .ipynb in JupyterLab (jupytext reads the .py into it), Restart Kernel and Run All Cells, and save"
"""What to do about a pair that disagrees: run the notebook as the .py now has it, and save both."""


def _cells_of_notebook(path: Path) -> list[tuple[str, str]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [(c["cell_type"], "".join(c["source"]) if isinstance(c["source"], list) else c["source"])
                for c in data["cells"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise InputError(f"{str(path)!r} is not a notebook that can be read ({exc})") from None


def _cells_of_text(path: Path) -> list[tuple[str, str]]:
    from negaviz.extras import require

    require("jupytext", purpose="checking a notebook against its .py")
    import jupytext  # type: ignore[import-untyped]  # no type hints shipped

    try:
        notebook = jupytext.read(path)  # the format from the file's own header (percent, light, ...)
    except Exception as exc:  # jupytext raises many kinds for text it cannot read
        raise InputError(f"{str(path)!r} cannot be read as a jupytext notebook ({exc})") from None
    return [(c.cell_type, c.source) for c in notebook.cells]


def pair_problems(notebook: Path, shown: str) -> list[str]:
    """One line if ``notebook`` and the ``.py`` beside it disagree (``shown`` names the
    notebook in it), else nothing; a notebook with no ``.py`` has nothing to disagree with."""
    text = notebook.with_suffix(".py")
    if not text.is_file():
        return []
    want, have = _cells_of_text(text), _cells_of_notebook(notebook)
    if want == have:
        return []
    first = next((i for i, (a, b) in enumerate(zip(want, have)) if a != b), min(len(want), len(have)))
    py = shown[: -len(".ipynb")] + ".py" if shown.lower().endswith(".ipynb") else str(text)
    return [f"{shown}: its cells differ from {py} from cell {first + 1} on ({len(have)} cells in the .ipynb, "
            f"{len(want)} in the .py), so nbval and the site would use the old notebook: {FIX}"]
