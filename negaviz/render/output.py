"""Rendering with dot: files by extension, and SVG text for notebooks.

dot runs quietly (its warnings would otherwise land in notebook cells, where nbval
compares them); labels are built so that it has nothing to warn about.  SVG output is
byte-identical for the same graph: node ids come from trace node numbers and dot
writes no timestamps into SVG.

>>> sorted(FORMATS)
['.dot', '.gv', '.pdf', '.png', '.svg']
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import graphviz  # type: ignore[import-untyped]

from negaviz.errors import InputError
from negaviz.fileio import atomic_write

FORMATS = {".svg": "svg", ".pdf": "pdf", ".png": "png", ".dot": None, ".gv": None}
"""File extensions :func:`save` understands, and dot's output format for each (None: the
DOT source itself)."""


def render(digraph: graphviz.Digraph, fmt: str) -> bytes:
    """``digraph`` laid out by dot in format ``fmt`` (``svg``, ``pdf``, ``png``), quietly."""
    try:
        return digraph.pipe(format=fmt, engine="dot", quiet=True)
    except graphviz.ExecutableNotFound:
        raise InputError(
            "rendering needs Graphviz's 'dot' program: install it with 'sudo apt-get install graphviz' "
            "(or 'conda install -c conda-forge graphviz'), or save to .dot and render elsewhere"
        ) from None
    except OSError:
        if sys.platform != "emscripten":
            raise
        # A browser's Python (JupyterLite) runs no programs: a notebook shows drawings laid
        # out by the page instead (negaviz.widgets.display), but a file needs dot.
        raise InputError(
            f"writing {fmt.upper()} needs Graphviz's 'dot' program, which Python in a browser cannot run: "
            "show the drawing in the notebook (the page lays it out), or save it as .dot"
        ) from None


def to_svg(digraph: graphviz.Digraph) -> str:
    """``digraph`` as an SVG document (text)."""
    return render(digraph, "svg").decode("utf-8")


def save(digraph: graphviz.Digraph, path: str | os.PathLike[str]) -> Path:
    """Write ``digraph`` to ``path`` in the format its extension names; return the path.

    ``.svg``, ``.pdf`` and ``.png`` are rendered by dot; ``.dot`` and ``.gv`` hold the
    DOT source (no dot program needed).
    """
    target = Path(path)
    ext = target.suffix.lower()
    if ext not in FORMATS:
        raise InputError(f"cannot save a drawing as {str(path)!r}: unknown extension {ext!r} (must be one of {sorted(FORMATS)})")
    fmt = FORMATS[ext]
    data = digraph.source.encode("utf-8") if fmt is None else render(digraph, fmt)
    atomic_write(target, data)  # an interrupted write leaves the old file, never half a new one
    return target
