"""A clear error for a package the site does not bundle, when the browser is offline.

Compiled packages (numpy, matplotlib, ...) are not in a site: the kernel fetches them
from Pyodide's CDN when a cell imports one.  Offline that fetch fails quietly (a line in
the browser's console) and the cell then stops on a bare ``No module named 'numpy'``.
This finder, last on ``sys.meta_path``, turns that into one sentence that says why and
what to do (a notebook shows the sentence alone).  It is only reached when no other finder found the module, so online (the
package was loaded) it never speaks.

The site build writes this file, followed by one ``install({...})`` line naming the
site's CDN-only packages, into its Pyodide standard library as ``sitecustomize``, which
Python imports as it starts.  So it must import nothing from negaviz (not installed yet
at that moment) and only the standard library.

Kept by hand: neither Pyodide nor JupyterLite has an option for this message (the kernel's
``disablePyPIFallback`` only stops piplite from asking PyPI).
"""

from __future__ import annotations

import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Sequence



class NotInThisSite(ModuleNotFoundError):
    """A package only Pyodide's CDN has, not loaded: a notebook shows its one sentence
    alone (IPython's ``_render_traceback_``), not this finder's frames."""

    def _render_traceback_(self) -> list[str]:
        return [f"ModuleNotFoundError: {self}"]


class OnlineOnly(MetaPathFinder):
    """Raise a clear ModuleNotFoundError for a top-level module only the CDN has."""

    def __init__(self, packages: dict[str, str], cdn: str) -> None:
        self.packages = packages
        """Import name -> the Pyodide package that provides it."""
        self.cdn = cdn

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        package = self.packages.get(fullname) if path is None else None  # a submodule's parent was found
        if package is None:
            return None
        # Nothing says a fetch was tried (a magic such as %matplotlib imports without one),
        # only that the package is not here and where it would come from.
        raise NotInThisSite(
            f"{fullname} is not part of this course site and was not loaded from Pyodide's CDN ({self.cdn}); "
            f"online, a cell that imports {fullname} itself loads it",
            name=fullname,
        )


def install(packages: dict[str, str], cdn: str) -> None:
    """Put an :class:`OnlineOnly` finder last on ``sys.meta_path``."""
    sys.meta_path.append(OnlineOnly(packages, cdn))
