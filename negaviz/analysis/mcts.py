"""Monte Carlo tree search beside alpha-beta: the root's move and value, iteration by
iteration, against the value alpha-beta proves (read from the two traces, never by
searching again).

After each iteration, MCTS would play the root's most visited child (ties in move
order) and value the root at that child's Q.  :func:`convergence` lists both for every
iteration, and marks whether the move is a *proven best* move: one whose value in the
alpha-beta (or negamax) trace is exact and equal to the root's.  Alpha-beta proves
exactly the first best move it meets (a later move as good fails low, to a bound), so
give a negamax trace to have every best move counted.

>>> import negaviz
>>> from negaviz.trace.mcts import record_mcts
>>> game = negaviz.TicTacToe("xo./.x./..o")
>>> c = convergence(record_mcts(game, iterations=300, seed=0), negaviz.record(game, algorithm="negamax"))
>>> c.proven_value, c.proven_moves, c.settled
(1, ('a2', 'a3'), 63)
>>> c.points[-1]
Point(iteration=300, move='a2', value=0.8285714285714286, proven_best=True)
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from negaviz.errors import InputError
from negaviz.search.events import Bound, EventKind
from negaviz.trace.mcts import MctsTrace
from negaviz.trace.trace import Trace, check_trace

__all__ = ["convergence", "proven_share"]


class Point(NamedTuple):
    """The root after one iteration."""

    iteration: int
    """The iteration (from 1)."""
    move: str
    """The move MCTS would play now: the most visited child's move name."""
    value: float
    """That child's Q, for the side to move at the root."""
    proven_best: bool
    """Whether ``move`` is a proven best move."""


class Convergence(NamedTuple):
    """An MCTS run against the proven value."""

    points: tuple[Point, ...]
    """One point per finished iteration."""
    proven_value: float
    """The root's value by alpha-beta (or negamax), for the side to move at the root."""
    proven_moves: tuple[str, ...]
    """The root's moves proven best (exact and equal to the root's value), in move order."""
    settled: int | None
    """The first iteration from which MCTS plays a proven best move at every later
    iteration (None if it does not by the end)."""


def convergence(trace: MctsTrace, proven: Trace) -> Convergence:
    """``trace``'s root move and value after each iteration, beside ``proven`` (a complete
    alpha-beta or negamax trace of the same position)."""
    if not isinstance(trace, MctsTrace):
        raise InputError(f"convergence needs an MCTS trace (from record_mcts), not {type(trace).__name__}")
    check_trace(proven, "proven", mcts=True)
    if isinstance(proven, MctsTrace) or not proven.complete or proven.value is None or len(proven.roots()) != 1:
        raise InputError("proven must be a complete alpha-beta or negamax trace (negaviz.record) with one root")
    value = proven.value
    root = proven.nodes[0]
    best = {proven.move_name(ch) for ch in root.children
            if proven.nodes[ch].bound == Bound.EXACT and proven.nodes[ch].value is not None
            and -proven.nodes[ch].value == value}  # type: ignore[operator]
    root_moves = trace.nodes[0].moves or ()
    if root.moves is not None and len(root.moves) != len(root_moves):
        raise InputError(f"the two traces are of different positions: the root has {len(root_moves)} moves in the "
                         f"MCTS trace and {len(root.moves)} in the proven one")
    order = [trace.move_name(ch) for ch in trace.nodes[0].children]
    proven_moves = tuple(m for m in order if m in best) + tuple(sorted(best - set(order)))
    n: dict[int, int] = {}
    w: dict[int, float] = {}
    nodes = trace.nodes
    points: list[Point] = []
    iteration = 0
    for ev in trace.events:
        if ev.kind == EventKind.ITERATION:
            iteration += 1
        elif ev.kind == EventKind.BACKUP:
            nid = ev.node
            if nodes[nid].parent == 0:
                n[nid] = n.get(nid, 0) + 1
                w[nid] = ev.value  # type: ignore[assignment]  # BACKUP's value: the node's W
            elif nid == 0 and n:
                top = max(n, key=lambda ch: (n[ch], -ch))  # ties: move order (children are numbered in it)
                move = trace.move_name(top)
                points.append(Point(iteration, move, w[top] / n[top], move in best))
    settled = None
    for p in reversed(points):
        if not p.proven_best:
            break
        settled = p.iteration
    return Convergence(tuple(points), value, proven_moves, settled)


def proven_share(runs: Sequence[Convergence]) -> list[tuple[int, float]]:
    """``(iteration, share)``: the share of ``runs`` (e.g. one per seed) that play a
    proven best move after each iteration, up to the shortest run."""
    if isinstance(runs, (str, bytes)) or not isinstance(runs, Sequence) or not runs \
            or not all(isinstance(r, Convergence) for r in runs):
        raise InputError(f"runs must be a list of at least one convergence (from convergence()), not {runs!r:.40}")
    shortest = min(len(r.points) for r in runs)
    return [(runs[0].points[i].iteration, sum(r.points[i].proven_best for r in runs) / len(runs)) for i in range(shortest)]
