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
from negaviz.frontend.scene_layout import _LayoutBuilder, layout_node_style
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


# The five searches of benchmarks/bench_growth_shape.py, with the figures it prints: every
# finished parent of two children or more centred over them (none was before the rule),
# and the width at 1:1 of the first view, which centring never adds to.
SHAPES = {
    "tic-tac-toe": (lambda: negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta"), 400, 16, 3323),
    "tic-tac-toe with a table": (
        lambda: negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta", tt=True), 400, 44, 8970),
    "Othello 4x4": (lambda: negaviz.record(negaviz.Othello(4), algorithm="alphabeta", depth=3), 400, 12, 3680),
    "Connect Four 4x4": (lambda: negaviz.record(ConnectFour(4, 4), algorithm="alphabeta", depth=3), 400, 9, 2862),
    "a textbook tree in views of 30": (lambda: negaviz.record(negaviz.Tree.parse(
        "[" + ",".join(["[[1,2,3],[4,5,6],[7,8,9]]"] * 3) + "]"), algorithm="alphabeta"), 30, 5, 1160),
}


@pytest.mark.parametrize("name", list(SHAPES))
def test_finished_parents_are_centred_over_their_children(name: str) -> None:
    from negaviz.frontend.scene import SCHEMA, Scene
    from negaviz.layout.growth import centred

    record, max_nodes, parents, width_px = SHAPES[name]
    scene = Scene(record(), layout="browser", max_nodes=max_nodes)
    view = scene.views[0]
    placer = view["_placer"]
    assert centred(placer) == (parents, parents)
    right = max(x + w for x, _, w, _ in placer.boxes.values())
    assert round(right * 1.34) <= width_px
    # the places as entered (each settle taken back): no parent centred, and no narrower
    col = {k: i for i, k in enumerate(SCHEMA["item"])}
    moved = {row[col["node"]]: row[col["settle"]] for row in view["items"] if row[col["settle"]]}
    assert moved and all(step > scene.timeline.lives[n].exit and dx > 0 for n, (step, dx) in moved.items())
    for n, (_, dx) in moved.items():
        x, y, w, h = placer.boxes[n]
        placer.boxes[n] = (x - dx, y, w, h)
    assert centred(placer)[0] == 0
    assert max(x + w for x, _, w, _ in placer.boxes.values()) == right
