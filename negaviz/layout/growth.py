"""A search drawn as it grows: each node placed when it is entered, and centred over
its children once it returns.

A game other than a given textbook tree has no picture before the search: which moves
it tries, how deep it goes and where it cuts off is the search itself.  A drawing laid
out from the final search, with the nodes not entered yet hidden, would still tell the
future through its gaps (wide room under the moves that will be searched deeply, none
under those that will be cut).  So these views are laid out in *search order*:

* a node is placed when the search enters it, from what is drawn by then: its parent's
  place and the room taken so far at its depth and below;
* its left edge is its parent's (a first child sits right under its parent), or just
  right of everything drawn so far at its depth or deeper, whichever is further right,
  so a new subtree never grows under an earlier one and no edge crosses another;
* its top is just below its parent's box;
* when it returns, its subtree is finished: from the next step on it sits centred over
  its children, as a textbook draws a parent (:meth:`Placer.settle`; only ever to the
  right, where nothing is drawn yet at its depth).  That is the one move a node makes,
  at the step the search leaves it (the step's sentence says it returns), and what is
  placed after it makes room for it where it settled.

Nothing of a later step decides a place: the picture at step k is a function of the
first k events (and the labels, which the game's rules give).  The positions go to
Graphviz pinned (``layout=neato``, ``pos="x,y!"``, straight edges); Graphviz draws the
labels and the edges only.  The root is the top-left corner of every view, so a node's
place on the page is the same whatever is drawn after it.

Label sizes are estimated from the label's own table (:func:`label_size`), a little
generously, so boxes never overlap; Graphviz then sizes each box to its label.

>>> lay = Placer(gap=10)
>>> [lay.place(n, p, d, (40, 30)) for n, p, d in [(0, -1, 0), (1, 0, 1), (2, 1, 2), (3, 0, 1)]]
[(0.0, 0.0), (0.0, 52.0), (0.0, 104.0), (50.0, 52.0)]
"""

from __future__ import annotations

import functools
import math
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

GAP = 14.0
"""Points between boxes side by side."""
RANK_GAP = 22.0
"""Points between a box and the boxes of its children."""
CHAR = 0.62
"""A character's width in points per point of font size (as labels' fixed cells)."""
MARGIN = (5.0, 4.0)
"""Points a node's box adds around its label (margins and the double border)."""


_ROW = re.compile(r"<TR>(.*?)</TR>", re.DOTALL)
_CELL = re.compile(r"<TD([^>]*)>(.*?)</TD>", re.DOTALL)
_ATTR = re.compile(r'(WIDTH|HEIGHT|COLSPAN)="(\d+)"')
_SIZE = re.compile(r'POINT-SIZE="(\d+(?:\.\d+)?)"')
_TAG = re.compile(r"<[^>]+>")


@functools.lru_cache(maxsize=8192)  # a game's positions recur in a search (transpositions), labels with them
def label_size(label: str, font: float = 10.0) -> tuple[float, float]:
    """An upper estimate of an HTML-like table label's width and height in points,
    box included: fixed cells count at their size, text at :data:`CHAR` per character.

    >>> label_size('<<TABLE><TR><TD WIDTH="14" HEIGHT="14" FIXEDSIZE="TRUE"></TD></TR></TABLE>>')
    (26.0, 22.0)
    """
    width = height = 0.0
    for row in _ROW.findall(label):
        row_w, row_h = 0.0, 0.0
        for attrs, content in _CELL.findall(row):
            fixed = dict(_ATTR.findall(attrs))
            size = max((float(s) for s in _SIZE.findall(content)), default=font)
            lines = re.split(r"<BR\s*/?>", content)
            text = max((len(_unescape(_TAG.sub("", ln))) for ln in lines), default=0)
            w = float(fixed["WIDTH"]) if "WIDTH" in fixed else text * size * CHAR + 4
            h = float(fixed["HEIGHT"]) if "HEIGHT" in fixed else len(lines) * (size + 3) + 2
            row_w += w + 2
            row_h = max(row_h, h)
        width = max(width, row_w)
        height += row_h
    # whole, even numbers of points: Graphviz keeps sizes in whole points, and a box's
    # centre then falls on a whole point too, so nothing is rounded differently later
    return (2.0 * math.ceil((width + 2 * MARGIN[0]) / 2), 2.0 * math.ceil((height + 2 * MARGIN[1]) / 2))


def pinned(box: tuple[float, float, float, float]) -> dict[str, str]:
    """Graphviz attributes that put a node's box exactly at ``box`` (left, top, width,
    height in points, y down): its centre pinned, its size fixed.

    >>> pinned((0.0, 0.0, 72.0, 36.0))
    {'pos': '36.00,-18.00!', 'width': '1.000000', 'height': '0.500000', 'fixedsize': 'true'}
    """
    x, y, w, h = box
    return {"pos": f"{x + w / 2:.2f},{-(y + h / 2):.2f}!", "width": f"{w / 72:.6f}", "height": f"{h / 72:.6f}",
            "fixedsize": "true"}


PINNED_GRAPH = {"layout": "neato", "splines": "line", "inputscale": "72", "outputorder": "edgesfirst"}
"""Graph attributes of a drawing whose nodes are all :func:`pinned`: Graphviz draws the
labels and straight edges at the places given; it lays nothing out."""

ANCHOR = "nv_anchor"
"""The DOT id of the invisible point a stepper's growing view pins far below its root
(:data:`ANCHOR_ATTR`); the front-end takes it out of the drawing."""
ANCHOR_DEPTH = 100000.0
"""Points below the root where the anchor sits: deeper than any view is drawn."""
ANCHOR_ATTR = {"pos": f"0,{-ANCHOR_DEPTH:.0f}!", "shape": "point", "width": "0", "height": "0", "style": "invis",
               "label": ""}
"""Graphviz moves a drawing so that its lowest, leftmost point is at 0 and writes every
coordinate from there: a view whose lowest node were its lowest point would write its
nodes' coordinates from the place of nodes drawn later.  With the anchor lowest (and the
root leftmost), the text of each node and edge is the same whatever the view holds
besides, so a step saved from the page holds nothing of the steps after it."""


def _unescape(text: str) -> str:
    return re.sub(r"&[#\w]+;", "x", text)


@dataclass
class Placer:
    """Places nodes one by one, in the order the search enters them.

    :meth:`place` gives a node's top-left corner (x right, y down, in points) from its
    parent's place and the room used so far; :meth:`settle` centres a finished node
    over its children (its one move).
    """

    gap: float = GAP
    rank_gap: float = RANK_GAP
    boxes: dict[int, tuple[float, float, float, float]] = field(default_factory=dict)
    """Each placed node's box: left, top, width, height."""
    right: dict[int, float] = field(default_factory=dict)
    """For each depth, the right edge of the boxes placed there so far."""

    kids: dict[int, list[int]] = field(default_factory=dict)
    """Each placed node's children placed so far."""
    depths: dict[int, int] = field(default_factory=dict)

    def settle(self, node: int) -> float:
        """Centre the finished ``node`` over its children placed here, as a textbook draws
        a parent, when that moves it right (never left: room there is taken); how far it
        moves, in points (0: it stays).  Its subtree is finished: the place tells nothing
        of later steps, and what is placed after it makes room for it."""
        kids = [self.boxes[c] for c in self.kids.get(node, ())]
        if not kids:
            return 0.0
        x, y, w, h = self.boxes[node]
        centred = round((min(k[0] for k in kids) + max(k[0] + k[2] for k in kids) - w) / 2, 2)
        if centred <= x:
            return 0.0
        self.boxes[node] = (centred, y, w, h)
        depth = self.depths[node]
        self.right[depth] = max(self.right[depth], centred + w)
        return round(centred - x, 2)

    def place(self, node: int, parent: int, depth: int, size: tuple[float, float]) -> tuple[float, float]:
        """Place ``node`` (below ``parent``, -1 for none) at ``depth``; its top-left corner."""
        self.depths[node] = depth
        if parent in self.boxes:
            self.kids.setdefault(parent, []).append(node)
        w, h = size
        below = [r for d, r in self.right.items() if d >= depth]
        x = float(max(below, default=-self.gap) + self.gap)
        y = 0.0
        if parent in self.boxes:
            px, py, _, ph = self.boxes[parent]
            x = max(x, px)
            y = py + ph + self.rank_gap
        self.boxes[node] = (x, y, w, h)
        self.right[depth] = max(self.right.get(depth, x + w), x + w)
        return (x, y)


def centred(placer: Placer, within: float = 0.1) -> tuple[int, int]:
    """How many of the placed parents with two children or more sit centred over them:
    the middle of the parent's box within ``within`` of the children's span (from the
    first child's left edge to the last one's right edge) of the span's middle; and how
    many such parents there are.

    >>> lay = Placer(gap=10)
    >>> for n, p, d in [(0, -1, 0), (1, 0, 1), (2, 0, 1)]:
    ...     _ = lay.place(n, p, d, (40, 30))
    >>> centred(lay), lay.settle(0), centred(lay)
    ((0, 1), 25.0, (1, 1))
    """
    count = total = 0
    for parent, kids in placer.kids.items():
        if len(kids) < 2:
            continue
        lo = min(placer.boxes[k][0] for k in kids)
        hi = max(placer.boxes[k][0] + placer.boxes[k][2] for k in kids)
        x, _, w, _ = placer.boxes[parent]
        total += 1
        count += abs(x + w / 2 - (lo + hi) / 2) <= within * (hi - lo)
    return count, total


class Spans:
    """The views of a search drawn as it grows, chosen as it goes: each holds a span of
    steps, from the call stack at its first step and the nodes entered after it, until
    ``budget`` nodes are drawn; the next starts at the step the first node that does not
    fit is entered.  Found with a few look-ups in the timeline (``negaviz.trace.timeline``):
    nothing is laid out to know where a span starts or ends.

    ``root`` .. ``end`` - 1 are the nodes of the search (a driver's pass); ``first`` the
    step it starts at.  Every span holds up to ``budget`` nodes, the first too: a search
    that fits in one view is one view, and its last step shows all of it.
    """

    def __init__(self, timeline: Any, *, root: int, end: int, first: int, budget: int) -> None:
        self.timeline = timeline
        self.root, self.end, self.budget = root, end, budget
        self.starts = [first]
        self._stacks: dict[int, list[int]] = {}

    def stop(self, start: int) -> int:
        """The first step the span starting at ``start`` cannot show (-1: none, it runs to
        the end of the search)."""
        stack = self.stack(start)
        nid = max(self.timeline.entered(start), self.root) + max(self.budget - len(stack), 1)
        stop = self.timeline.lives[nid].enter + 1 if nid < self.end else -1
        if stack and stack[0] != self.root:  # (a view of a deep line: it ends when the search returns above it)
            back = self.timeline.lives[stack[0]].exit + 1
            stop = back if stop < 0 else min(stop, back)
        return stop

    def start_of(self, step: int) -> int:
        """The first step of the span that holds ``step``."""
        while True:
            stop = self.stop(self.starts[-1])
            if stop < 0 or step < stop:
                break
            self.starts.append(stop)
        return self.starts[bisect_right(self.starts, step) - 1]

    def stack(self, start: int) -> list[int]:
        """The call stack at step ``start``, root first (nodes of this search only), or its
        deepest half-budget of nodes when it is deeper: a view then starts below the root,
        and still has room for as many new nodes (each view of a deep line takes in half
        a budget of it, so its views are laid out in time linear in its length)."""
        if start not in self._stacks:
            stack = [n for n in self.timeline.stack(start) if n >= self.root]
            self._stacks[start] = stack[-max(self.budget // 2, 1):]
        return self._stacks[start]

    def members(self, start: int) -> list[int]:
        """The nodes of the span starting at ``start``, in the order they are placed: the
        call stack at ``start``, then the nodes entered from then on that fit."""
        stop = self.stop(start)
        first = max(self.timeline.entered(start), self.root)
        last = self.timeline.entered(stop - 1) if stop >= 0 else self.end
        return [*self.stack(start), *range(first, last)]
