"""Tests of negaviz.layout.growth: a search placed as it grows.

* boxes never overlap, and each sits below its parent, no further left;
* a place depends only on what was placed before it (placing a prefix of the nodes gives
  the same places);
* the size estimate is at least what Graphviz draws, for every kind of label a scene
  uses (a box sized by it holds its label).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import negaviz
from negaviz.frontend.scene import _LayoutBuilder, layout_node_style
from negaviz.games.connect4 import ConnectFour
from negaviz.render import labels
from negaviz.layout.fold import Item, snapshot
from negaviz.layout.growth import Placer, label_size
from negaviz.layout.slots import game_slots
from negaviz.render.tree import NODE_ATTR


class Words:
    """A lecturer's game with long, multi-line text labels."""

    root = ""

    def moves(self, pos: str) -> tuple[str, ...]:
        return () if len(pos) >= 6 else ("left", "right", "up")

    def play(self, pos: str, move: str) -> str:
        return pos + move[0]

    def is_terminal(self, pos: str) -> bool:
        return len(pos) >= 6

    def score(self, pos: str) -> int:
        return sum(map(ord, pos)) % 7 - 3

    def label(self, pos: str) -> str:
        return f"after {pos or 'nothing'}\nthat is {len(pos)} moves of a rather long game"


SEARCHES = {
    "tic-tac-toe": lambda: negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta"),
    "othello 4x4": lambda: negaviz.record(negaviz.Othello(4), algorithm="alphabeta", max_nodes=300),
    "connect four 4x4": lambda: negaviz.record(ConnectFour(4, 4), algorithm="alphabeta", max_nodes=300),
    "a game with text labels": lambda: negaviz.record(Words(), algorithm="alphabeta", max_nodes=300),
    "a textbook tree": lambda: negaviz.record(negaviz.Tree.parse("[[[3,5],[6,9]],[[1,2],[0,-1]]]"), algorithm="alphabeta"),
}


def placed(trace: negaviz.Trace, sizes: list[tuple[float, float]], upto: int) -> dict[int, tuple[float, ...]]:
    placer = Placer()
    for n in range(upto):
        node = trace.nodes[n]
        placer.place(n, node.parent, node.depth, sizes[n])
    return dict(placer.boxes)


def scene_labels(trace: negaviz.Trace) -> list[str]:
    builder = _LayoutBuilder(trace, snapshot(trace, len(trace)), perspective="negamax", windows=True, dag=False)
    builder.slots = game_slots(trace.game)
    out = []
    for n, node in enumerate(trace.nodes):
        item = Item(f"n{n}", "node", n, node.parent)
        out.append(builder.label(builder.node_view(item), item))
    return out


@pytest.mark.parametrize("name", list(SEARCHES))
def test_boxes_never_overlap_and_sit_below_their_parents(name: str) -> None:
    trace = SEARCHES[name]()
    sizes = [label_size(lab) for lab in scene_labels(trace)]
    boxes = placed(trace, sizes, len(trace.nodes))
    items = sorted(boxes.items())
    for i, (a, (ax, ay, aw, ah)) in enumerate(items):
        parent = trace.nodes[a].parent
        if parent >= 0:
            px, py, pw, ph = boxes[parent]
            assert ay >= py + ph and ax >= px, (a, parent)
        for b, (bx, by, bw, bh) in items[i + 1:]:
            apart = ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay
            assert apart, f"{name}: boxes of nodes {a} and {b} overlap"


@pytest.mark.parametrize("name", list(SEARCHES))
def test_a_place_depends_only_on_the_nodes_placed_before_it(name: str) -> None:
    trace = SEARCHES[name]()
    sizes = [label_size(lab) for lab in scene_labels(trace)]
    whole = placed(trace, sizes, len(trace.nodes))
    for upto in (1, 2, len(trace.nodes) // 3, len(trace.nodes) // 2):
        start = placed(trace, sizes, upto)
        assert start == {n: whole[n] for n in range(upto)}


@pytest.mark.parametrize("name", list(SEARCHES))
def test_the_size_estimate_holds_what_graphviz_draws(name: str) -> None:
    graphviz = pytest.importorskip("graphviz")
    trace = SEARCHES[name]()
    builder = _LayoutBuilder(trace, snapshot(trace, len(trace)), perspective="negamax", windows=True, dag=False)
    builder.slots = game_slots(trace.game)
    dot = graphviz.Digraph(node_attr=dict(NODE_ATTR))
    estimates: dict[str, tuple[float, float]] = {}
    for n in range(min(len(trace.nodes), 12)):
        item = Item(f"n{n}", "node", n, trace.nodes[n].parent)
        view = builder.node_view(item)
        label = builder.label(view, item)
        estimates[f"n{n}"] = label_size(label)
        dot.node(f"n{n}", _attributes={"label": label, **layout_node_style(view), "peripheries": "1"})
    svg = dot.pipe(format="svg").decode()
    drawn: dict[str, Any] = {}
    for title, points in re.findall(r"<title>(n\d+)</title>\s*<polygon[^>]*points=\"([^\"]*)\"", svg):
        xs = [float(p.split(",")[0]) for p in points.split()]
        ys = [float(p.split(",")[1]) for p in points.split()]
        drawn[title] = (max(xs) - min(xs), max(ys) - min(ys))
    assert set(drawn) == set(estimates)
    for title, (w, h) in drawn.items():
        ew, eh = estimates[title]
        assert ew >= w - 0.5 and eh >= h - 0.5, f"{name}: {title} drawn {w}x{h}, estimated {ew}x{eh}"
