"""Replaceable style functions: what a drawn node or edge looks like.

:func:`negaviz.render.draw` describes every node it draws as a :class:`NodeView` and
every edge as an :class:`EdgeView`, then asks a style function for graphviz attributes.
Pass your own function to change the look; start from the default to change one thing:

>>> from negaviz.render.styles import NodeView, default_node_style
>>> def loud(view: NodeView) -> dict[str, str]:
...     return {**default_node_style(view), "fontname": "Courier"}
>>> loud(NodeView("n0", "node", node=0))["fontname"]
'Courier'

Every state's colour, line and words come from one table, :data:`negaviz.render.looks.LOOKS`
(the stepper reads it too): Okabe-Ito colours, each doubled by a cue that survives
greyscale (border, line style, corner shape, or a word in the label).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from negaviz.layout.fold import NODE_KINDS, NodeKind
from negaviz.render.looks import FAINT, LOOKS, ON_STACK, Look, pen, tint
from negaviz.search.events import Bound
from negaviz.trace.replay import Status

__all__ = ["NodeView", "EdgeView", "default_node_style", "default_edge_style"]

EdgeKind = Literal["tree", "folded", "pruned", "unvisited", "transposition"]
"""What a drawn edge is (:attr:`EdgeView.kind`); see :data:`EDGE_KINDS`."""

EDGE_KINDS: tuple[EdgeKind, ...] = get_args(EdgeKind)
"""``tree``: into a searched node; ``folded``: into a summary; ``pruned`` and ``unvisited``:
into a ghost; ``transposition``: (dag view) an edge to a position already drawn elsewhere."""

GHOSTS: frozenset[NodeKind] = frozenset({"pruned", "unvisited"})
"""The node kinds of moves not tried (ghosts), drawn grey and dashed or dotted."""

SUMMARIES: frozenset[NodeKind] = frozenset({"folded", "group"})
"""The node kinds that stand for several trace nodes (summaries), drawn as folders."""


@dataclass(frozen=True)
class NodeView:
    """What a style function knows about one drawn node.  Values are as displayed,
    i.e. already seen from the chosen perspective."""

    name: str
    """The DOT node id: ``n17`` for trace node 17; ghosts and groups get other ids."""
    kind: NodeKind
    """One of :data:`NODE_KINDS`."""
    node: int = -1
    """The trace node drawn (the subtree's root for ``folded``), -1 for ghosts and groups."""
    parent: int = -1
    """The trace node above it, -1 for the root."""
    depth: int = 0
    """Plies below the searched root."""
    player: int | None = None
    """0 if the first player is to move here, 1 if the second is, None if unknown."""
    status: Status | None = None
    """ACTIVE, CURRENT or DONE for searched nodes; None for ghosts and summaries."""
    value: float | None = None
    """The returned value (DONE), or the best so far (on the stack), as displayed."""
    bound: Bound | None = None
    """Whether ``value`` is exact or a bound, as displayed (DONE nodes)."""
    alpha: float | None = None
    """The window's alpha, as displayed: as entered, or live for nodes on the stack."""
    beta: float | None = None
    """The window's beta, as displayed."""
    cut: bool = False
    """A cutoff happened here: the remaining moves were skipped."""
    tt: bool = False
    """A transposition-table entry ended this node."""
    pv: bool = False
    """On the principal variation (the best line so far, when drawing a step)."""
    count: int = 1
    """Trace nodes a summary stands for, or moves a ghost stands for."""
    chance: bool = False
    """A chance node (a dice roll): drawn as a circle, as textbooks draw them."""


@dataclass(frozen=True)
class EdgeView:
    """What a style function knows about one drawn edge."""

    tail: str
    """DOT id of the parent."""
    head: str
    """DOT id of the child."""
    kind: EdgeKind
    """One of :data:`EDGE_KINDS`."""
    label: str = ""
    """The move name(s), raw text (escaped later, when the edge is written)."""
    pv: bool = False
    """On the principal variation."""
    tt: bool = False
    """Into a node a transposition-table entry ended."""


LegendKey = Literal[
    "current", "active", "exact", "lower", "upper", "cut", "tt", "unvisited", "pruned", "folded", "pv", "transposition",
    "given", "preview",
]
"""An entry of the legend :func:`negaviz.render.draw` adds: a node's main state
(:func:`node_key`), its extra marks (``cut``, ``tt``), an edge (``pv``, ``transposition``),
a textbook leaf's given value (``given``) or the faint preview of the rest (``preview``)."""

_SUMMARY_KEYS: dict[NodeKind, LegendKey] = {"folded": "folded", "group": "folded", "pruned": "pruned", "unvisited": "unvisited"}


def node_key(view: NodeView) -> LegendKey:
    """The legend entry a node belongs to: its main state (cut and TT are extra marks)."""
    if view.kind != "node":
        return _SUMMARY_KEYS[view.kind]
    if view.status is Status.CURRENT:
        return "current"
    if view.status is Status.ACTIVE:
        return "active"
    if view.bound is Bound.LOWER:
        return "lower"
    if view.bound is Bound.UPPER:
        return "upper"
    return "exact"


def default_node_style(view: NodeView) -> dict[str, str]:
    """Attributes of a node: main state first, then the cut and TT marks on top, each as
    :data:`negaviz.render.looks.LOOKS` has it.

    ============  ==================================  =============================
    state         colour                              non-colour cue
    ============  ==================================  =============================
    exact         white fill, black border            square corners
    lower (≥)     sky-blue fill, blue border          corner marks (``diagonals``)
    upper (≤)     yellow fill                         rounded corners
    on stack      orange border                       bold border
    current       vermillion border, orange fill      double border
    cut here      reddish-purple border               bold border, ``cut`` in label
    TT hit        bluish-green fill                   ``TT`` in label
    folded        grey fill                           folder shape, ``+n nodes``
    pruned        grey                                dashed outline
    not yet       grey                                dotted outline
    ============  ==================================  =============================

    A chance node is a circle in each state.
    """
    if view.kind in GHOSTS:
        look = LOOKS[view.kind]
        return {
            "shape": "box" if view.count > 1 else "circle" if view.chance else "ellipse", "style": look.dash,
            "color": look.line, "fontcolor": look.text, "penwidth": pen(look.width),
        }
    if view.kind in SUMMARIES:
        look = LOOKS["folded"]
        return {"shape": "folder", "style": "filled", "fillcolor": look.fill, "color": look.line}
    key = node_key(view)
    attrs = _main(LOOKS[key])
    if view.tt:
        _mark(attrs, LOOKS["tt"])
    if view.cut and key not in ON_STACK:  # on the stack, its own border says more
        _mark(attrs, LOOKS["cut"])
    if view.chance:
        attrs["shape"] = "circle"  # its state's colours and border as any node's; lower/upper say ≥/≤ in the label
    return attrs


def _main(look: Look) -> dict[str, str]:
    """A searched node's attributes in its main state's ``look``."""
    attrs = {
        "shape": "box", "style": ",".join(["filled", *filter(None, [look.style])]), "fillcolor": look.fill,
        "color": look.line, "penwidth": pen(look.width),
    }
    if look.double:
        attrs["peripheries"] = "2"
    return attrs


def _mark(attrs: dict[str, str], look: Look) -> None:
    """A mark's ``look`` drawn over ``attrs``: what it sets, it changes."""
    if look.fill:
        attrs["fillcolor"] = look.fill
    if look.line:
        attrs["color"] = look.line
    if look.width:
        attrs["penwidth"] = pen(look.width)


def faint(attrs: dict[str, str]) -> dict[str, str]:
    """``attrs`` (a node's or an edge's) with every colour faded towards white: how a
    preview shows what the search has not done yet.

    >>> faint({"color": "#000000", "penwidth": "3.5"})
    {'color': '#B2B2B2', 'penwidth': '3.5', 'fontcolor': '#B2B2B2'}
    """
    out = dict(attrs)
    out.setdefault("color", "#000000")
    out.setdefault("fontcolor", "#000000")
    for key in ("color", "fillcolor", "fontcolor"):
        value = out.get(key, "")
        if len(value) == 7 and value.startswith("#"):
            out[key] = tint(value, FAINT)
    return out


def default_edge_style(view: EdgeView) -> dict[str, str]:
    """Attributes of an edge: thick for the principal variation, grey and dashed or
    dotted into ghosts, dashed green to a transposition already drawn."""
    if view.kind in GHOSTS:
        look = LOOKS[view.kind]
        return {"style": look.dash, "color": look.line, "fontcolor": look.text}
    if view.kind == "transposition":
        look = LOOKS["transposition"]
        # Not a tree edge: keep it out of the ranking so the tree keeps its shape.
        return {
            "style": "dashed" if view.tt else "solid", "color": look.line,
            "penwidth": pen(look.width), "constraint": "false",
        }
    if view.pv:
        return {"penwidth": pen(LOOKS["pv"].width), "color": LOOKS["pv"].line}
    return {"color": LOOKS["edge"].line}
