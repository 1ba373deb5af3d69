"""negaviz's settings for nbval, as a pytest plugin: ``pytest --nbval -p negaviz.course.nbval_plugin``.

* nbval gets the sanitizer that ships with negaviz (:func:`negaviz.course.nbval_sanitize_path`),
  unless ``--nbval-sanitize-with`` names another file;
* where no Graphviz ``dot`` runs, a drawing or a stepper is laid out by the page, so its
  output is another form (a widget with the layout left to the browser) than the SVG and
  the frame that dot laid out and the notebook stores.  nbval then leaves SVG and HTML
  outputs out of the comparison and compares the rest: every printed line and every
  value's text (a drawing's ``<negaviz drawing: 8 nodes>``, a trace's node and event
  counts) still has to come out as stored.  The report header says which of the two it is.

negaviz's own notebooks and every course ``negaviz init`` writes run nbval with it.
"""

from __future__ import annotations

from typing import Any

import pytest

from negaviz.course import nbval_sanitize_path
from negaviz.extras import dot_installed

LAID_OUT_BY_DOT = ("image/svg+xml", "text/html")
"""The outputs a kernel without dot makes in another form: drawings (SVG) and steppers'
static forms (HTML)."""


def _nbval_on(config: pytest.Config) -> bool:
    option = config.option
    return bool(getattr(option, "nbval", False) or getattr(option, "nbval_lax", False))


def pytest_configure(config: pytest.Config) -> None:
    option = config.option
    if not hasattr(option, "nbval_sanitize_with"):
        raise pytest.UsageError("negaviz.course.nbval_plugin needs nbval: pip install nbval")
    if option.nbval_sanitize_with is None and getattr(option, "sanitize_with", None) is None:
        option.nbval_sanitize_with = str(nbval_sanitize_path())


def pytest_report_header(config: pytest.Config) -> list[str]:
    if not _nbval_on(config):
        return []
    if dot_installed():
        layout = "Graphviz's dot lays drawings out; they are compared by what they draw"
    else:
        layout = "no Graphviz dot here: drawings and steppers are compared by their text only"
    return [f"negaviz: nbval sanitizer {config.option.nbval_sanitize_with}", f"negaviz: {layout}"]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if dot_installed():
        return
    for notebook in {id(item.parent): item.parent for item in items}.values():
        skipped: Any = getattr(notebook, "skip_compare", None)
        if type(notebook).__name__ == "IPyNbFile" and isinstance(skipped, tuple):
            notebook.skip_compare = skipped + tuple(k for k in LAID_OUT_BY_DOT if k not in skipped)  # type: ignore[union-attr]
