"""Game trees as pictures: a recorded search drawn with graphviz.

:func:`draw` turns a trace into a ``graphviz.Digraph`` (a pure function: nothing is
laid out until you render it); :func:`save` writes it as SVG, PDF, PNG or DOT by the
file's extension; :func:`svg` renders a trace straight to SVG text.  How a drawing
shows in a notebook is :mod:`negaviz.display`'s business: nothing here knows of notebooks.

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

from negaviz.extras import require

require("graphviz", purpose="drawing")  # before any module here imports it: one line naming the extra

from negaviz.render.output import FORMATS, drawn_nodes, render, save, svg_element, to_svg
from negaviz.render.proof import draw_proof
from negaviz.render.looks import OKABE_ITO
from negaviz.render.styles import (
    EdgeView,
    NodeView,
    default_edge_style,
    default_node_style,
)
from negaviz.render.tree import PERSPECTIVES, draw
from negaviz.trace.trace import Trace

__all__ = [
    "draw", "draw_proof", "to_svg", "render", "save", "NodeView", "EdgeView", "default_node_style",
    "default_edge_style",
]


def svg(trace: Trace, **kw: Any) -> str:
    """``trace`` drawn (options as for :func:`draw`) and rendered to SVG text by dot.

    (A notebook shows a trace through :func:`negaviz.display.picture`, which also works without dot.)
    """
    return to_svg(draw(trace, **kw))
