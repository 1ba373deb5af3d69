"""Benchmark: exporting a page takes time linear in the search, whatever its shape.

Two families of searches, each doubled three times:

* **depth**: a line of one move per node, 245, 490, 980 and 1960 plies deep;
* **width**: a root with 245, 490, 980 and 1960 moves, each a leaf.

For each it records the search (not timed) and times :func:`negaviz.export.export_html`
(best of ``--repeat`` runs, the page laid out in the browser: ``layout="browser"``, so
no ``dot`` run is timed), then prints one JSON object: the seconds, and the ratio of each
time to the one before (2 for time linear in the search, 4 quadratic, 8 cubic).

Run: python benchmarks/bench_export_scaling.py [--repeat N]
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import tempfile
import time
from pathlib import Path

import negaviz
from negaviz.export import export_html

SIZES = (245, 490, 980, 1960)


class Line:
    """One move per node, ``plies`` deep; every end scores 1."""

    def __init__(self, plies: int) -> None:
        self.plies = plies
        self.root = 0

    def moves(self, pos: int) -> tuple[int, ...]:
        return () if pos >= self.plies else (0,)

    def play(self, pos: int, move: int) -> int:
        return pos + 1

    def is_terminal(self, pos: int) -> bool:
        return pos >= self.plies

    def score(self, pos: int) -> int:
        return 1


class Fan:
    """A root with ``width`` moves, each ending the game (scored by its number)."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.root = -1

    def moves(self, pos: int) -> tuple[int, ...]:
        return tuple(range(self.width)) if pos < 0 else ()

    def play(self, pos: int, move: int) -> int:
        return move

    def is_terminal(self, pos: int) -> bool:
        return pos >= 0

    def score(self, pos: int) -> int:
        return pos % 7 - 3


def time_export(game: Line | Fan, repeat: int, out: Path) -> tuple[float, int, int]:
    trace = negaviz.record(game, algorithm="alphabeta")
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        export_html(trace, out, layout="browser")
        best = min(best, time.perf_counter() - start)
    return best, len(trace.nodes), len(trace)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)  # the search recurses once per ply (recording is not timed)
    report: dict[str, object] = {"sizes": list(SIZES)}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "page.html"
        for family, make in (("depth", Line), ("width", Fan)):
            rows = []
            for size in SIZES:
                seconds, nodes, events = time_export(make(size), args.repeat, out)
                rows.append({"size": size, "nodes": nodes, "events": events, "seconds": round(seconds, 3)})
            for before, row in zip(rows, rows[1:]):
                row["ratio"] = round(row["seconds"] / before["seconds"], 2)
            report[family] = rows
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
