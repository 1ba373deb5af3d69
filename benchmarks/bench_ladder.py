"""Benchmark of the enhancement ladder: nodes and time per rung, tic-tac-toe and Othello.

Prints one JSON object: for the empty tic-tac-toe board and the 4x4 Othello start
position, one entry per rung of :data:`negaviz.analysis.ladder.DEFAULT_STEPS` with its
nodes, value, effective branching factor and ratio to plain negamax (from
:func:`~negaviz.analysis.ladder.climb`), and the seconds of an untraced search with
the rung's options (best of ``--repeat`` runs; the machine is shared and noisy).
A skipped rung has its note instead.

Run: python benchmarks/bench_ladder.py [--repeat N] [--quick]
(--quick: the 4x4 Othello position after two moves, whose plain negamax is 18x smaller)
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from typing import Any

import negaviz
from negaviz.analysis.ladder import climb, tabulate
from negaviz.games.othello import Othello


def best_time(game: Any, position: Any, options: negaviz.SearchOptions, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        t = time.perf_counter()
        negaviz.search(game, position, options=options)
        best = min(best, time.perf_counter() - t)
    return best


def rungs(game: Any, position: Any, repeat: int) -> list[dict[str, Any]]:
    climbed = climb(game, position)
    out = []
    for rung, row in zip(climbed, tabulate(climbed).records()):
        entry: dict[str, Any] = {"name": row["name"]}
        opts = rung.options
        if opts is None:
            entry["note"] = row["note"]
        else:
            entry.update(
                nodes=row["nodes"], value=row["value"], ebf=round(row["ebf"], 3), ratio=round(row["ratio"], 6),
                seconds=round(best_time(game, position, opts, repeat), 5),
            )
        out.append(entry)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    ttt = negaviz.TicTacToe()
    othello = Othello(4)
    pos = othello.root
    if args.quick:
        for _ in range(2):
            pos = othello.play(pos, othello.moves(pos)[0])
    report = {
        "python": sys.version.split()[0],
        "tictactoe": {"position": ttt.position_text(ttt.root), "rungs": rungs(ttt, ttt.root, args.repeat)},
        "othello4": {"position": othello.position_text(pos), "rungs": rungs(othello, pos, args.repeat)},
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
