"""Drawings shown in a notebook whose kernel has no Graphviz ``dot`` (a browser's Python,
JupyterLite): laid out in the page, by the Graphviz bundled with the front-end.

Where ``dot`` runs, a drawing (through :func:`negaviz.render.picture`), a trace and a
proof show themselves as SVG, made by the kernel.  Where it cannot, they show themselves
as a :class:`DrawingView` (see :func:`negaviz.render.bundle`), and :func:`register`
(called by ``import negaviz`` in such a notebook) has IPython show a bare
``graphviz.Digraph`` the same way: the DOT source, laid out once by the front-end module
every stepper runs (``stepper.js``), which asks the kernel for the bundled Graphviz the
first time.

>>> import negaviz
>>> from negaviz.render import draw
>>> trace = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
>>> view = DrawingView(draw(trace).source, label="alpha-beta")
>>> view.drawing.startswith("digraph"), view.label
(True, 'alpha-beta')
>>> view  # its plain-text form in a notebook: what it is, the same every run
<negaviz drawing: 8 nodes>
"""

from __future__ import annotations

import sys
from typing import Any

import anywidget
import traitlets

from negaviz.errors import InputError
from negaviz.extras import dot_installed
from negaviz.frontend.page import ESM, viz_source
from negaviz.render.output import drawn_nodes
from negaviz.vocabulary import check_text, printable

__all__ = ["DrawingView"]


class DrawingView(anywidget.AnyWidget):
    """A still drawing: DOT laid out in the page (no kernel round trip after it shows)."""

    _esm = ESM
    drawing = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    scenes = traitlets.List(traitlets.Dict()).tag(sync=True)  # the stepper reads it; a drawing has none

    def __init__(self, source: str, *, label: str = "") -> None:
        if not isinstance(source, str) or not source.lstrip().startswith(("digraph", "graph", "strict")):
            raise InputError(f"a drawing needs a DOT source (text starting with 'digraph'), not {source!r:.60}")
        super().__init__(drawing=source, label=printable(check_text(label, "label")))
        self.nodes = drawn_nodes(source)
        """How many nodes it draws."""
        self.on_msg(self._on_msg)

    def __repr__(self) -> str:
        return f"<negaviz drawing: {self.nodes} nodes>"

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The page asks for the bundled Graphviz once, before it lays anything out."""
        if isinstance(content, dict) and content.get("type") == "need" and content.get("viz") is True:
            self.send({"type": "viz", "source": viz_source()})


def _digraph_bundle(digraph: Any) -> Any:
    return DrawingView(str(digraph.source), label="a drawn search tree")._repr_mimebundle_()


def register() -> bool:
    """Show bare drawings (``graphviz.Digraph``) through :class:`DrawingView` in this
    IPython kernel if it has no ``dot``; whether it did.  Nothing changes where ``dot``
    runs, or outside IPython.  (Traces and proofs choose for themselves: see
    :func:`negaviz.render.bundle`.)"""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or dot_installed():
        return False
    formatter = shell.display_formatter.mimebundle_formatter
    formatter.for_type_by_name("graphviz.graphs", "Digraph", _digraph_bundle)
    return True
