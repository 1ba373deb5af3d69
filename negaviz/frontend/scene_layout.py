"""How a scene's views are drawn: from the tree's shape and the game's labels alone
(:class:`_LayoutBuilder`), every item the same box whose state the front-end paints per
step, and the SVG made fit to sit inside HTML (:func:`inline_svg`).
"""

from __future__ import annotations

import re
from typing import Any

from negaviz.layout.slots import SLOT_MARKS, SLOT_VALUE, Slots
from negaviz.render import labels
from negaviz.render.looks import GREY, PAPER
from negaviz.render.styles import GHOSTS, SUMMARIES, EdgeView, NodeView
from negaviz.render.builder import Builder

def layout_node_style(view: NodeView) -> dict[str, str]:
    """A drawn item's attributes in a scene view: its shape only, never its state.

    Every searched node and every single untried move is the same box with a second
    border (the front-end shows the border on the current node: drawn always, so a node
    keeps its size), so nothing in the layout tells a node the search will visit from
    one it will prune.  Colours, widths and dashes are painted per step (:func:`css`).
    """
    if view.kind in SUMMARIES:
        return {"shape": "folder", "style": "filled", "fillcolor": PAPER, "color": GREY, "penwidth": "1"}
    return {"shape": "box", "style": "filled", "fillcolor": PAPER, "color": GREY, "penwidth": "1", "peripheries": "2"}


def layout_edge_style(view: EdgeView) -> dict[str, str]:
    """Every edge alike in the layout: the best line, pruned moves and the rest are
    painted per step."""
    return {"color": GREY}


class _LayoutBuilder(Builder):
    """Draws a view from the tree's shape and the game's labels alone.

    The plain drawing (:func:`negaviz.render.draw`) writes each node's state into its
    label and style; a scene view must not, since it is shown at every step.  Values,
    windows and marks go into fixed cells the front-end fills in; an untried move is
    drawn as the node it would be (its board, or its name in a textbook tree), a group
    of them as "+n moves"; a folded subtree's size is painted per step too.
    """

    def label(self, view: NodeView, item: Any) -> str:
        slots = self.slots
        assert slots is not None
        if view.kind in SUMMARIES or (view.kind in GHOSTS and view.count > 1):
            return _count_label(view, slots)
        if view.kind in GHOSTS:  # one untried move: drawn as the node it leads to
            return self._node_label(view, item, self.ghost_position(item), item.moves[0])
        if self.game is None:
            return labels.text_label(view, f"node {view.node}", windows=True, slots=slots)
        last = self.move(view.node) if view.node > 0 else None
        return self._node_label(view, item, self.position(view.node), last)

    def _node_label(self, view: NodeView, item: Any, pos: Any, last: Any) -> str:
        slots = self.slots
        if self.family == "textbook":
            return labels.textbook_label(view, self.item_label(item), windows=True, slots=slots)
        if self.family == "board":
            return labels.board_label(
                view, labels.board_rows(self.game, pos), last if isinstance(last, int) else None, windows=True,
                slots=slots,
            )
        return labels.text_label(view, self.item_label(item), windows=True, slots=slots)

    def tooltip(self, view: NodeView) -> str:
        """Hover text: the node as the stepper's sentences name it."""
        return ""


def _count_label(view: NodeView, slots: Slots) -> str:
    """A folded subtree ("+n nodes", n painted per step: the nodes entered so far, then
    its value) or a group of untried moves ("+n moves", then painted "pruned" once a
    cutoff skips them)."""
    if view.kind in SUMMARIES:
        head = labels.slot_row(SLOT_MARKS, len(f"+{view.count:,} nodes"), 10)
        return labels.table([head, labels.slot_row(SLOT_VALUE, slots.value + 8, 9)])
    head = labels.row(f"+{view.count:,} moves", 10)
    return labels.table([head, labels.slot_row(SLOT_VALUE, len("not tried yet"), 9)])


_PROLOG = re.compile(r"\A.*?(?=<svg\b)", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->\n?", re.DOTALL)
_XMLNS = re.compile(r'\s+xmlns(?::\w+)?="[^"]*"')
_ID = re.compile(r'\sid="[^"]*"')


def inline_svg(svg: str) -> str:
    """An SVG made fit to sit inside HTML: no XML prolog, DOCTYPE or comments, and no
    namespace declarations, so the text names no URL at all."""
    svg = _PROLOG.sub("", svg, count=1)
    svg = _COMMENT.sub("", svg)
    head, sep, rest = svg.partition(">")
    # ids are per document: two drawings on one page would share them
    return _XMLNS.sub("", head) + sep + _ID.sub("", rest.rstrip()) + "\n"
