"""Benchmark of exact solving: the enhancement ladder, and Othello 6x6 endgames.

Prints one JSON object.  For tic-tac-toe (empty board), Othello 4x4 and Connect Four
4x4 and 5x4: one entry per rung of :data:`negaviz.analysis.ladder.DEFAULT_STEPS`
(plain negamax, alpha-beta, + move order, + transposition table, + symmetry, + threat
search, + value bounds where the game has the verbs, then PVS, MTD(f) and iterative
deepening with all of them), climbed by :func:`~negaviz.analysis.ladder.climb` (which
checks that every rung finds the same value), with the seconds of one untraced search
with the rung's options.  Plain negamax runs only where the game tree has at most
``--negamax-limit`` nodes (counted first, by a memoized count over positions);
otherwise the tree's size is reported instead.  Every search has a node budget
(``--budget``); a rung that runs out of it is reported as skipped.

Then Othello 6x6 endgames with 10 to 14 empty squares (``--seeds`` positions each,
from :func:`negaviz.search.endgame.othello_endgame`) are solved by plain alpha-beta
and by :func:`negaviz.search.endgame.solve` with move order and a table, which must
agree.  Times are wall-clock seconds of one run on a shared, noisy machine: compare
nodes.

Run: python benchmarks/bench_solve.py [--negamax-limit N] [--budget N] [--empties 10 14] [--seeds 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from typing import Any

import negaviz
from negaviz.analysis.ladder import DEFAULT_STEPS, Step, climb, tabulate
from negaviz.games.connect4 import ConnectFour
from negaviz.games.othello import Othello
from negaviz.search.endgame import othello_endgame, solve


def tree_size(game: Any, limit: int = 1_000_000) -> int | None:
    """Nodes plain negamax visits from the root (the game tree's size, root included),
    counted with one memoized pass over positions; None once more than ``limit``
    positions are seen (the count would take too long)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    memo: dict[Any, int] = {}

    def size(pos: Any) -> int:
        key = game.key(pos)
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) > limit:
            raise OverflowError
        n = 1
        if not game.is_terminal(pos):
            n += sum(size(game.play(pos, m)) for m in game.moves(pos))
        memo[key] = n
        return n

    try:
        return size(game.root)
    except OverflowError:
        return None


def budgeted(step: Step, budget: int) -> Step:
    """``step`` (and its fallback) with a node budget."""
    fallback = None if step.fallback is None else budgeted(step.fallback, budget)
    return replace(step, options={**step.options, "max_nodes": budget}, fallback=fallback)


def rungs(game: Any, negamax_limit: int, budget: int) -> dict[str, Any]:
    size = tree_size(game)
    steps = list(DEFAULT_STEPS)
    out: dict[str, Any] = {"tree_nodes": size}  # None: over a million positions, not counted
    if size is None or size > negamax_limit:
        steps = steps[1:]  # plain negamax would take too long
        out["negamax"] = f"not run: limit {negamax_limit:,} nodes"
    climbed = climb(game, steps=[budgeted(s, budget) for s in steps])
    for rung, row in zip(climbed, tabulate(climbed).records()):
        if rung.options is None:
            out[row["name"]] = row["note"]
            continue
        untraced = negaviz.search(game, options=rung.options)
        out[row["name"]] = {
            "value": row["value"], "nodes": row["nodes"], "ebf": round(row["ebf"], 3),
            "seconds": round(untraced.seconds, 3), "pv": " ".join(untraced.pv_names),
        }
    return out


def endgames(empties: range, seeds: int) -> list[dict[str, Any]]:
    rows = []
    for e in empties:
        for seed in range(seeds):
            game, pos = othello_endgame(e, seed)
            plain = negaviz.search(game, pos, algorithm="alphabeta")
            split = solve(game, pos, algorithm="alphabeta", order="heuristic", tt=True)
            assert plain.value == split.value
            rows.append({
                "empties": e,
                "seed": seed,
                "position": game.position_text(pos),
                "value": plain.value,
                "best": split.pv_names[0],
                "plain_alphabeta": {"nodes": plain.nodes, "seconds": round(plain.seconds, 3)},
                "solve_order_tt": {"nodes": split.nodes, "seconds": round(split.seconds, 3)},
            })
            print(f"othello 6x6, {e} empties, seed {seed}: value {plain.value}", file=sys.stderr)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--negamax-limit", type=int, default=2_000_000, help="largest tree to run plain negamax on")
    parser.add_argument("--empties", type=int, nargs=2, default=(10, 14), metavar=("LO", "HI"))
    parser.add_argument("--seeds", type=int, default=2, help="endgame positions per number of empties")
    parser.add_argument("--budget", type=int, default=5_000_000, help="node budget of each ladder search")
    args = parser.parse_args()
    games = {
        "tic-tac-toe": negaviz.TicTacToe(),
        "othello 4x4": Othello(4),
        "connect four 4x4": ConnectFour(4, 4),
        "connect four 5x4": ConnectFour(5, 4),
    }
    start = time.perf_counter()
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "ladder": {name: rungs(game, args.negamax_limit, args.budget) for name, game in games.items()},
        "othello_6x6_endgames": endgames(range(args.empties[0], args.empties[1] + 1), args.seeds),
    }
    report["total_seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
