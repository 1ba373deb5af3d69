"""A drawing laid out in the page, for a notebook whose kernel has no Graphviz ``dot`` (a
browser's Python, JupyterLite): the DOT source, laid out once by the Graphviz bundled
with the front-end module every stepper runs (``stepper.js``), which asks the kernel for
it the first time.  When a notebook shows one is decided in :mod:`negaviz.display`.

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

from typing import Any

from negaviz.extras import require

require("ipywidgets", "anywidget", purpose="a widget")  # one line when they are missing

import anywidget
import traitlets

from negaviz.display.page_values import FromPage
from negaviz.errors import InputError
from negaviz.frontend.page import ESM, viz_source
from negaviz.render.output import drawn_nodes
from negaviz.vocabulary import check_text, printable

__all__ = ["DrawingView"]


class DrawingView(FromPage, anywidget.AnyWidget):
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
