"""Benchmark of Monte Carlo tree search: iterations per second on tic-tac-toe and Connect
Four, negaviz untraced, negaviz recorded, and aima-python's ``monte_carlo_tree_search``.

aima-python is not a dependency of negaviz (and not installed here), so its algorithm is
written out below, **as an independent reference implementation of aima-python's
games4e.py** (``MCT_Node``, ``ucb(n, C=1.4)`` with numpy, ``monte_carlo_tree_search``:
select by UCB down to a node without children, expand *all* its children at once, one
random playout, back up), run over the same game code: an aima-style wrapper of negaviz's
own tic-tac-toe and Connect Four positions, so the ratios compare the searches, not the
move generators.

Prints one JSON object.  Times are CPU time of this process (what other processes do to
the wall clock does not count), best of ``--repeat`` rounds, the variants timed in turn,
each with the same number of iterations; ratios are computed in this one run (the machine
is shared and noisy).  ``traced / untraced`` is what recording costs (the issue asks for
at most 1.5); ``aima / untraced`` above 1 means negaviz is faster.

Run: python benchmarks/bench_mcts.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any, Callable

import numpy as np

from negaviz.games import TicTacToe
from negaviz.games.connect4 import ConnectFour
from negaviz.games.protocol import player
from negaviz.search.mcts import mcts
from negaviz.trace.mcts import record_mcts


# ---------------------------------------------------------------------------------------
# Reference: aima-python's games4e.py Monte Carlo tree search, written out independently
# (aima-python is not installed).  Kept as aima writes it: numpy's inf, sqrt and log, a
# dict of children per node, recursion for selection and backup.
class MCT_Node:
    """Node in the Monte Carlo search tree, keeps track of the children states."""

    def __init__(self, parent: Any = None, state: Any = None, U: float = 0, N: int = 0) -> None:
        self.__dict__.update(parent=parent, state=state, U=U, N=N)
        self.children: dict[MCT_Node, Any] = {}
        self.actions = None


def ucb(n: MCT_Node, C: float = 1.4) -> float:
    return np.inf if n.N == 0 else n.U / n.N + C * np.sqrt(np.log(n.parent.N) / n.N)  # type: ignore[attr-defined]


def monte_carlo_tree_search(state: Any, game: Any, N: int = 1000, rng: random.Random | None = None) -> Any:
    choose = (rng or random.Random()).choice

    def select(n: MCT_Node) -> MCT_Node:
        """select a leaf node in the tree"""
        if n.children:
            return select(max(n.children.keys(), key=ucb))
        return n

    def expand(n: MCT_Node) -> MCT_Node:
        """expand the leaf node by adding all its children states"""
        if not n.children and not game.terminal_test(n.state):  # type: ignore[attr-defined]
            n.children = {MCT_Node(state=game.result(n.state, action), parent=n): action  # type: ignore[attr-defined]
                          for action in game.actions(n.state)}  # type: ignore[attr-defined]
        return select(n)

    def simulate(game: Any, state: Any) -> float:
        """simulate the utility of current state by random picking a step"""
        player = game.to_move(state)
        while not game.terminal_test(state):
            action = choose(list(game.actions(state)))
            state = game.result(state, action)
        v = game.utility(state, player)
        return -v

    def backprop(n: MCT_Node, utility: float) -> None:
        """passing the utility back to all parent nodes"""
        if utility > 0:
            n.U += utility  # type: ignore[attr-defined]
        n.N += 1  # type: ignore[attr-defined]
        if n.parent:  # type: ignore[attr-defined]
            backprop(n.parent, -utility)  # type: ignore[attr-defined]

    root = MCT_Node(state=state)
    for _ in range(N):
        leaf = select(root)
        child = expand(leaf)
        result = simulate(game, child.state)  # type: ignore[attr-defined]
        backprop(child, result)
    max_state = max(root.children, key=lambda p: p.N)  # type: ignore[attr-defined]
    return root.children.get(max_state)


class AimaStyle:
    """A negaviz game seen through aima-python's Game interface (same positions, same moves)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.initial = game.root

    def actions(self, state: Any) -> Any:
        return self.game.moves(state)

    def result(self, state: Any, move: Any) -> Any:
        return self.game.play(state, move)

    def terminal_test(self, state: Any) -> bool:
        return self.game.is_terminal(state)

    def to_move(self, state: Any) -> int:
        return player(self.game, state)

    def utility(self, state: Any, who: int) -> float:
        v = self.game.score(state)  # for the side to move at ``state``
        return v if who == player(self.game, state) else -v


# ---------------------------------------------------------------------------------------
def best_times(fns: dict[str, Callable[[], Any]], repeat: int) -> dict[str, float]:
    best = {name: float("inf") for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            t = time.process_time()
            fn()
            best[name] = min(best[name], time.process_time() - t)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    report: dict[str, Any] = {}
    for name, game, n in (("tictactoe", TicTacToe(), 3000), ("connect4 7x6", ConnectFour(7, 6), 400)):
        aima_game = AimaStyle(game)
        times = best_times({
            "untraced": lambda: mcts(game, iterations=n, seed=1),
            "traced": lambda: record_mcts(game, iterations=n, seed=1),
            "aima": lambda: monte_carlo_tree_search(aima_game.initial, aima_game, N=n, rng=random.Random(1)),
        }, args.repeat)
        report[name] = {
            "iterations": n,
            "iterations_per_second": {k: round(n / t) for k, t in times.items()},
            "traced / untraced": round(times["traced"] / times["untraced"], 3),
            "aima / untraced": round(times["aima"] / times["untraced"], 3),
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
