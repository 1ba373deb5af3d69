"""A lecturer's own course: the files that keep its notebooks checked and published.

* :func:`nbval_sanitize_path`: the sanitizer nbval needs to compare stored drawings under
  any Graphviz (``sanitize.cfg``, shipped with negaviz); :mod:`negaviz.course.nbval_plugin`
  is the pytest plugin that hands it to nbval (``pytest -p negaviz.course.nbval_plugin``);
* :mod:`negaviz.course.rules`: what makes a cell break nbval (an unseeded random tree, a
  printed time, a widget without a static form), one finding per cell;
  ``negaviz check-notebooks`` prints them;
* :mod:`negaviz.course.init`: ``negaviz init DIR`` writes a course repository from the
  files in ``template/`` (a starter lecture, pinned requirements, pytest settings, CI for
  GitHub and GitLab, Binder files and a README for the course staff).

>>> from negaviz.course import nbval_sanitize_path
>>> nbval_sanitize_path().name
'sanitize.cfg'
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["nbval_sanitize_path"]

HERE = Path(__file__).resolve().parent


def nbval_sanitize_path() -> Path:
    """The nbval sanitizer that ships with negaviz: pass it as ``pytest --nbval
    --nbval-sanitize-with PATH`` (or load :mod:`negaviz.course.nbval_plugin`, which does).

    It hides what may differ from run to run and machine to machine (memory addresses,
    matplotlib dates, where Graphviz put each node and edge), never what a cell shows:
    a drawing is still compared node by node, text by text."""
    return HERE / "sanitize.cfg"
