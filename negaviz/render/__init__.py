"""Game trees as pictures: a recorded search drawn with graphviz.

:func:`draw` turns a trace into a ``graphviz.Digraph`` (a pure function: nothing is
laid out until you render it); :func:`save` writes it as SVG, PDF, PNG or DOT by the
file's extension; :func:`svg` renders a trace straight to SVG text, for notebooks.

>>> import negaviz
>>> from negaviz.render import draw
>>> trace = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
>>> dot = draw(trace, perspective="minimax")
>>> sum(line.lstrip().startswith("n") and "->" not in line for line in dot.body)  # nodes
6
>>> sum("style=dashed" in line and "->" not in line for line in dot.body)  # G and H, pruned
2
"""

from __future__ import annotations

from typing import Any

from negaviz.extras import dot_installed, require

require("graphviz", purpose="drawing")  # before any module here imports it: one line naming the extra

import graphviz  # type: ignore[import-untyped]  # noqa: E402

from negaviz.errors import InputError
from negaviz.render.output import FORMATS, drawn_nodes, render, save, svg_element, to_svg
from negaviz.render.proof import draw_proof
from negaviz.render.styles import (
    OKABE_ITO,
    EdgeView,
    NodeView,
    default_edge_style,
    default_node_style,
)
from negaviz.render.tree import PERSPECTIVES, draw
from negaviz.trace.trace import Trace

__all__ = [
    "draw", "draw_proof", "picture", "to_svg", "render", "save", "NodeView", "EdgeView", "default_node_style",
    "default_edge_style",
]


def svg(trace: Trace, **kw: Any) -> str:
    """``trace`` drawn (options as for :func:`draw`) and rendered to SVG text by dot.

    (A notebook shows a trace through :func:`picture`, which also works without dot.)
    """
    return to_svg(draw(trace, **kw))


class Picture:
    """A drawing laid out by dot, as a notebook shows it: SVG, and a plain-text form that
    says what it is and stays the same run to run (no memory address).

    >>> import negaviz
    >>> trace = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
    >>> shown = picture(trace)
    >>> shown
    <negaviz drawing: 8 nodes>
    >>> sorted(shown._repr_mimebundle_())
    ['image/svg+xml', 'text/plain']
    """

    def __init__(self, svg: str, nodes: int) -> None:
        self.svg = svg
        """The ``<svg>`` element (no XML prolog, no Graphviz version comment)."""
        self.nodes = nodes
        """How many nodes it draws."""

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return {"image/svg+xml": self.svg, "text/plain": repr(self)}

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<negaviz drawing: {self.nodes} nodes>"


def picture(drawing: Any, **kw: Any) -> Any:
    """What a notebook cell shows for a drawing (from :func:`draw` or :func:`draw_proof`)
    or a trace (drawn with ``kw`` as for :func:`draw`): SVG laid out by dot where it
    runs, else a drawing the page lays out with the Graphviz bundled with negaviz (a
    browser's Python, JupyterLite), so a lecture notebook draws in either.

    >>> import negaviz
    >>> trace = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
    >>> type(picture(trace, windows=True)).__name__  # dot is installed here
    'Picture'
    """
    if isinstance(drawing, Trace):
        drawing = draw(drawing, **kw)
    elif kw:
        raise InputError(f"picture() takes drawing options only with a trace, not with a {type(drawing).__name__}")
    if not isinstance(drawing, graphviz.Digraph):
        raise InputError(f"picture() shows a drawing (from draw or draw_proof) or a trace, not a {type(drawing).__name__}")
    if not dot_installed():
        # no dot here (a browser's Python): the page lays it out; the widgets come with
        # the notebook extras (lazily: drawing to files needs none of them)
        from negaviz.widgets.display import DrawingView

        return DrawingView(drawing.source, label="a drawn search tree")
    return Picture(svg_element(to_svg(drawing)), drawn_nodes(drawing))


def bundle(obj: Any, text: str, **kw: Any) -> dict[str, Any]:
    """What a notebook shows for a trace or a proof (``obj``, drawn as :func:`picture`
    draws it) with ``text`` as its plain-text form: a picture wherever one can be made,
    else the text alone.  Never raises for want of dot or of the widgets: a kernel without
    dot and without the notebook extras shows the text."""
    from negaviz.errors import MissingDependency

    try:
        shown = picture(obj, **kw)
        given = shown._repr_mimebundle_()
        data = dict(given[0] if isinstance(given, tuple) else given)  # a widget's: (data, metadata)
    except MissingDependency:  # no dot here and no widgets to lay it out in the page
        return {"text/plain": text}
    data["text/plain"] = text
    return data
