"""Benchmark of the drawing layer: time against the number of drawn nodes.

Prints one JSON object.  For each trace and ``max_nodes`` it times, separately,
building the ``graphviz.Digraph`` (negaviz's own work) and laying it out with dot to
SVG (Graphviz's work), best of ``--repeat`` runs.  Then the full tic-tac-toe negamax
trace (549,946 nodes) is recorded, decoded (the trace's node table, timed on its own:
it is not the drawing layer's work) and drawn folded, whole and at a step.

Targets: <= 0.1 s for 400 drawn nodes; <= 2 s for any trace, with folding.

Run: python benchmarks/bench_render.py [--repeat N] [--quick]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import re
import shutil
import time
from collections.abc import Callable
from typing import Any

import negaviz
from negaviz.render import draw
from negaviz.render.output import render

NODE_LINE = re.compile(r"^\t(\w+) \[")
MAX_NODES = (50, 100, 200, 400)


def best_time(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def drawn(dot: Any) -> int:
    return sum(1 for line in dot.body if (m := NODE_LINE.match(line)) and m.group(1) != "graph")


def textbook(branching: int, depth: int, seed: int = 1) -> negaviz.Tree:
    """A complete textbook tree with random leaf values from -9 to 9."""
    rng = random.Random(seed)

    def grow(d: int) -> Any:
        return rng.randint(-9, 9) if d == 0 else [grow(d - 1) for _ in range(branching)]

    return negaviz.Tree.from_lists(grow(depth))


def measure(name: str, trace: negaviz.Trace, repeat: int, with_dot: bool, **options: Any) -> list[dict[str, Any]]:
    rows = []
    _ = trace.nodes  # decode outside the timings
    for max_nodes in MAX_NODES:
        build, dot = best_time(lambda m=max_nodes: draw(trace, max_nodes=m, **options), repeat)  # type: ignore[misc]
        row: dict[str, Any] = {
            "trace": name, "trace_nodes": len(trace.nodes), "max_nodes": max_nodes, "drawn": drawn(dot),
            "build_ms": round(build * 1000, 2),
        }
        if with_dot:
            layout, _ = best_time(lambda d=dot: render(d, "svg"), repeat)  # type: ignore[misc]
            row["dot_ms"] = round(layout * 1000, 1)
            row["total_ms"] = round((build + layout) * 1000, 1)
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="skip the full 549,946-node trace")
    args = parser.parse_args()
    with_dot = shutil.which("dot") is not None
    out: dict[str, Any] = {"dot": with_dot, "repeat": args.repeat, "series": []}

    cases: list[tuple[str, negaviz.Trace, dict[str, Any]]] = []
    for b, d in ((3, 4), (3, 5), (3, 6), (4, 6)):
        tree = textbook(b, d)
        cases.append((f"textbook b{b} d{d} alphabeta", negaviz.record(tree, algorithm="alphabeta"), {}))
    for pos in ("xo./x../...", "xo./.../...", "x../.../..."):
        game = negaviz.TicTacToe(pos)
        cases.append((f"ttt {pos} alphabeta", negaviz.record(game, algorithm="alphabeta"), {}))
    cases.append(("ttt x../.../... alphabeta tt dag", negaviz.record(negaviz.TicTacToe("x../.../..."), algorithm="alphabeta", tt=True), {"dag": True}))
    cases.append(("othello 6 depth 3", negaviz.record(negaviz.Othello(6), algorithm="alphabeta", depth=3), {"windows": True}))
    for name, trace, options in cases:
        out["series"] += measure(name, trace, args.repeat, with_dot, **options)

    if not args.quick:
        full: dict[str, Any] = {}
        start = time.perf_counter()
        trace = negaviz.record(negaviz.TicTacToe(), algorithm="negamax")
        full["record_s"] = round(time.perf_counter() - start, 3)
        start = time.perf_counter()
        full["nodes"] = len(trace.nodes)
        full["decode_s"] = round(time.perf_counter() - start, 3)
        for label, options in (
            ("whole", {}),
            ("step half", {"step": len(trace) // 2}),
            ("step 1000", {"step": 1000}),
            ("minimax windows dag", {"perspective": "minimax", "windows": True, "dag": True}),
        ):
            build, dot = best_time(lambda o=options: draw(trace, **o), args.repeat)  # type: ignore[misc]
            row = {"drawn": drawn(dot), "build_s": round(build, 4)}
            if with_dot:
                layout, _ = best_time(lambda d=dot: render(d, "svg"), args.repeat)  # type: ignore[misc]
                row["dot_s"] = round(layout, 4)
            full[label] = row
        out["full_ttt_negamax"] = full
    print(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
