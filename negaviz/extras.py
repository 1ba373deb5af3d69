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
import shutil

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


def dot_installed() -> bool:
    """Whether Graphviz's ``dot`` program can run here (never in a browser's Python).
    Where it cannot, views and drawings are laid out by the page instead."""
    return shutil.which("dot") is not None
