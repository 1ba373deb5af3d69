"""The optional parts of negaviz, and what to install when one is missing.

Searching, recording, saving and loading traces, and ``negaviz solve`` need nothing but
the core install (``pip install negaviz``).  The rest comes in extras, named after what
they give:

* ``draw``: the ``graphviz`` Python package (and ``pypdf``, for PDF flip-books), for :mod:`negaviz.render`, the exported
  page and ``negaviz render``, ``proof -o`` and ``export`` (which also need Graphviz's
  ``dot`` program, from apt, conda or Homebrew);
* ``notebook``: ``draw`` plus JupyterLab, ipywidgets, anywidget, jupytext and
  matplotlib, for the widgets and the lecture notebooks (plots need nothing: they are
  Vega-Lite specifications; matplotlib writes them to files).

A module that needs an extra calls :func:`require` before importing it, so a missing
package is one line naming the ``pip install`` to run (and, on the command line, exit
status 2 with no traceback), not a traceback ending in ``No module named``.

>>> require("json", purpose="this example")  # present: nothing happens
>>> require("no_such_module", purpose="drawing")
Traceback (most recent call last):
...
negaviz.errors.MissingDependency: drawing needs the no_such_module Python package, which is not installed: pip install "negaviz[notebook]"
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys

from negaviz.errors import MissingDependency

__all__: list[str] = []  # plumbing: render, the widgets and plots call require(); users install extras

EXTRAS: dict[str, tuple[str, ...]] = {
    "draw": ("graphviz", "pypdf"),
    "notebook": ("graphviz", "pypdf", "jupyterlab", "ipywidgets", "anywidget", "jupytext", "matplotlib"),
}
"""Each extra and the Python packages it installs (import names; the same as their
names on PyPI).  ``tests/test_extras.py`` keeps this in step with ``pyproject.toml``."""


def extra_for(module: str) -> str:
    """The smallest extra that installs ``module`` (``notebook``, which has them all,
    for a module no extra names)."""
    return min((name for name, modules in EXTRAS.items() if module in modules), key=lambda n: len(EXTRAS[n]),
               default="notebook")


def require(*modules: str, purpose: str) -> None:
    """Import each of ``modules``; raise :class:`~negaviz.errors.MissingDependency`
    naming the ``pip install`` to run if one cannot be imported.  ``purpose`` says
    what needs it ("drawing", "the widgets")."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            hint = f'pip install "negaviz[{extra_for(module)}]"'
            if isinstance(exc, ModuleNotFoundError) and exc.name == module:
                raise MissingDependency(
                    f"{purpose} needs the {module} Python package, which is not installed: {hint}"
                ) from None
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise MissingDependency(
                f"{purpose} needs the {module} Python package, which cannot be imported ({reason}): {hint}"
            ) from None


DOT_PROBE_SECONDS = 60
"""How long the first look at ``dot`` waits for it to lay out one node (a guard against a
``dot`` that never answers; a working one takes a fraction of a second)."""

_dot_works: dict[tuple[str, int], bool] = {}  # (dot's path, its mtime): whether it lays out a graph


def dot_installed() -> bool:
    """Whether Graphviz's ``dot`` program runs here (never in a browser's Python) and
    works: the first time a ``dot`` is met, it lays out one node, and a ``dot`` that
    exits with an error, hangs or writes no SVG counts as missing, said in one line on
    standard error (:func:`dot_failed`).  Where there is none, views and drawings are laid
    out by the page instead."""
    path = shutil.which("dot")
    if path is None:
        return False
    try:
        key = (path, os.stat(path).st_mtime_ns)
    except OSError:
        return False
    if key not in _dot_works:
        _dot_works[key] = True
        why = _probe(path)
        if why:
            dot_failed(why)
    return _dot_works[key]


def _probe(path: str) -> str:
    """Why the ``dot`` at ``path`` cannot lay out a one-node graph ('' if it can)."""
    try:
        done = subprocess.run([path, "-Tsvg"], input=b"digraph { a }", capture_output=True,
                              timeout=DOT_PROBE_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        return f"did not lay out one node within {DOT_PROBE_SECONDS} s"
    except OSError as exc:
        return f"cannot run ({exc.strerror or exc})"
    if done.returncode:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return f"exits with status {done.returncode}" + (f" ({said[0][:80]})" if said else "")
    if b"<svg" not in done.stdout or b"</svg>" not in done.stdout:
        return "writes no SVG"
    return ""


def dot_failed(why: str) -> None:
    """Count the ``dot`` on PATH as missing from now on, and say so once, in one line on
    standard error: ``why`` it failed, and that drawings are laid out by the page."""
    path = shutil.which("dot")
    try:
        key = (str(path), os.stat(path).st_mtime_ns) if path else ("", 0)
    except OSError:
        key = (str(path), 0)
    if _dot_works.get(key) is False:
        return  # said already
    _dot_works[key] = False
    print(f"negaviz: Graphviz's dot ({path}) {why}: drawings are laid out by the page instead "
          "(files need a working dot)", file=sys.stderr)
