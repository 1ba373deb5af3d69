"""Benchmark of the core: the full tic-tac-toe tree with plain negamax.

Prints one JSON object.  Times are ratios measured in this one run (the machine is
shared and noisy): negaviz untraced against a plain recursive negamax over a list of 9
cells written below, recorded against untraced, and a batched observer that keeps
nothing (the floor under any recorder) against untraced.  They are timed in turn,
``--repeat`` rounds, as CPU time of this process (what other processes do to the
wall clock does not count), and each ratio compares the best of its rounds.  The same
is done for each variant of alpha-beta below (recorded against untraced).

Run: python benchmarks/bench_core.py [--repeat N]
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import tracemalloc
from typing import Any, Callable

import negaviz
from negaviz.games import TicTacToe
from negaviz.trace import Recorder

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def plain_negamax(board: list[int], player: int, counter: list[int]) -> int:
    """The yardstick: a straightforward negamax over a list of 9 cells (1, -1, 0)."""
    counter[0] += 1
    other = -player
    for a, b, c in LINES:  # did the previous move (by the opponent) win?
        if board[a] == other and board[b] == other and board[c] == other:
            return -1
    best = None
    for i in range(9):
        if board[i] == 0:
            board[i] = player
            v = -plain_negamax(board, other, counter)
            board[i] = 0
            if best is None or v > best:
                best = v
    return 0 if best is None else best


def best_times(fns: dict[str, Callable[[], Any]], repeat: int) -> tuple[dict[str, float], dict[str, Any]]:
    """The least CPU time of each function over ``repeat`` rounds, the functions taking
    turns within a round, and each one's last output."""
    best = {name: float("inf") for name in fns}
    out: dict[str, Any] = {}
    for _ in range(repeat):
        for name, fn in fns.items():
            gc.collect()
            t = time.process_time()
            out[name] = fn()
            best[name] = min(best[name], time.process_time() - t)
    return best, out


class NoOp:
    """A batched observer that keeps nothing: what the search's reporting costs by itself,
    the floor under any recorder.  Its hooks are ``id``, a C call that does nothing, as
    cheap as the recorder's own ``list.append``."""

    batched = True

    def __init__(self) -> None:
        self.emit = self.expand = id


def recorded(game: TicTacToe, **options: Any) -> negaviz.Trace:
    rec = Recorder()
    with rec:
        result = negaviz.search(game, observer=rec, **options)
    return rec.finish(game=game, root=game.root, result=result)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    game = TicTacToe()

    def baseline() -> int:
        counter = [0]
        plain_negamax([0] * 9, 1, counter)
        return counter[0]

    times, outs = best_times({
        "baseline": baseline,
        "untraced": lambda: negaviz.search(game, algorithm="negamax"),
        "recorded": lambda: recorded(game, algorithm="negamax"),
        "noop": lambda: negaviz.search(game, algorithm="negamax", observer=NoOp()),
    }, args.repeat)
    t_base, t_plain, t_rec = times["baseline"], times["untraced"], times["recorded"]
    base_nodes, res, trace = outs["baseline"], outs["untraced"], outs["recorded"]
    assert res.nodes == base_nodes == 549_946 and trace.result.nodes == res.nodes

    events = len(trace)
    del trace
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = recorded(game, algorithm="negamax")
    gc.collect()
    retained = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()

    variants: dict[str, dict[str, Any]] = {
        "alphabeta": dict(algorithm="alphabeta"),
        "alphabeta+threats": dict(algorithm="alphabeta", order="threats"),
        "alphabeta+tt": dict(algorithm="alphabeta", tt=True),
        "alphabeta+tt+symmetry": dict(algorithm="alphabeta", tt=True, symmetry=True),
        "alphabeta+threats+tt+symmetry+stop_at_win": dict(
            algorithm="alphabeta", order="threats", tt=True, symmetry=True, stop_at_win=True
        ),
        "negamax+stop_at_win": dict(algorithm="negamax", stop_at_win=True),
        "negamax+tt": dict(algorithm="negamax", tt=True),
        "negamax+tt+symmetry": dict(algorithm="negamax", tt=True, symmetry=True),
    }
    per_variant = {}
    for name, opts in variants.items():
        vt, vo = best_times({
            "untraced": lambda: negaviz.search(game, **opts),  # noqa: B023 - called at once
            "recorded": lambda: recorded(game, **opts),  # noqa: B023
        }, args.repeat * 3)
        vtrace = vo["recorded"]
        per_variant[name] = {
            "nodes": vo["untraced"].nodes,
            "events": len(vtrace),
            "recorded_vs_untraced": round(vt["recorded"] / vt["untraced"], 3),
            "trace_nbytes_per_event": round(vtrace.nbytes / len(vtrace), 2),
        }
    report = {
        "python": sys.version.split()[0],
        "nodes": res.nodes,
        "baseline_seconds": round(t_base, 4),
        "baseline_nodes_per_second": round(base_nodes / t_base),
        "untraced_seconds": round(t_plain, 4),
        "untraced_nodes_per_second": round(res.nodes / t_plain),
        "untraced_vs_baseline": round(t_plain / t_base, 3),
        "recorded_seconds": round(t_rec, 4),
        "recorded_vs_untraced": round(t_rec / t_plain, 3),
        "noop_observer_vs_untraced": round(times["noop"] / t_plain, 3),
        "events": events,
        "trace_bytes_retained": retained,
        "bytes_per_event": round(retained / events, 2),
        "trace_nbytes": kept.nbytes,
        "stream_typecode": kept.stream.typecode,
        "targets": {"untraced_vs_baseline": 1.2, "recorded_vs_untraced": 1.5, "bytes_per_event": 16},
        "variants": per_variant,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
