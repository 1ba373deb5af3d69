"""How a search drawn as it grows reads: the share of finished parents centred over
their children, and the width of its first view at 1:1, on five searches.

For each search, the first view a page shows (negaviz.frontend.scene.Scene, up to 400
nodes) is taken as at its last step: every node where it is drawn then, a finished node
centred over its children (negaviz.layout.growth.Placer.settle).  A parent counts as
centred when the middle of its box is within 10% of its children's span of that span's
middle (negaviz.layout.growth.centred; parents with one child are left out); before
this rule, a parent sat over its first child's left edge (0 centred).  The width at 1:1
is the view's width in points times 1.34 (CSS pixels per point at 1:1).

Prints one JSON object.  Run: python benchmarks/bench_growth_shape.py
"""

from __future__ import annotations

import json

import negaviz
from negaviz.frontend.scene import Scene
from negaviz.layout.growth import centred

NATURAL = 1.34  # CSS pixels per Graphviz point at 1:1 (negaviz/frontend/src/pane.js)


def searches() -> dict[str, Scene]:
    """The five searches (tests/layout/test_growth.py asserts the same figures)."""
    big_tree = negaviz.Tree.parse("[" + ",".join(["[[1,2,3],[4,5,6],[7,8,9]]"] * 3) + "]")
    return {
        "tic-tac-toe x.o/x../o.., alpha-beta": Scene(
            negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta"), layout="browser"),
        "tic-tac-toe xo./.x./..., alpha-beta with a table": Scene(
            negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta", tt=True), layout="browser"),
        "Othello 4x4, alpha-beta, depth 3": Scene(
            negaviz.record(negaviz.Othello(4), algorithm="alphabeta", depth=3), layout="browser"),
        "Connect Four 4x4, alpha-beta, depth 3": Scene(
            negaviz.record(negaviz.ConnectFour(4, 4), algorithm="alphabeta", depth=3), layout="browser"),
        "a 3x3x3 textbook tree in views of 30 nodes": Scene(
            negaviz.record(big_tree, algorithm="alphabeta"), layout="browser", max_nodes=30),
    }


def main() -> None:
    report = {}
    for name, scene in searches().items():
        placer = scene.views[0]["_placer"]
        count, total = centred(placer)
        width = max(x + w for x, _, w, _ in placer.boxes.values())
        report[name] = {"nodes": len(placer.boxes), "parents": total, "centred": count,
                        "share": round(count / total, 2) if total else None, "width_px_at_1_1": round(width * NATURAL)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
