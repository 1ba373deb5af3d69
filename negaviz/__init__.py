"""negaviz: game-tree search you can watch.

Search a game, record every event, and ask the trace what happened:

>>> import negaviz
>>> tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
>>> trace = negaviz.record(tree, algorithm="alphabeta")
>>> trace.value, trace.pv_names(), trace.pruned_labels()
(5, ['B', 'E'], ['G', 'H'])
>>> trace.counts().nodes, trace.counts().cutoffs
(6, 1)
"""

from __future__ import annotations

from typing import Any

from negaviz.errors import InputError, NegavizError, SearchInterrupted, TraceFormatError
from negaviz.games import Game, MutableGame, TicTacToe, Tree, from_spec, make_game
from negaviz.search import Bound, CutReason, EventKind, Observer, SearchOptions, SearchResult, search
from negaviz.search.proof import Proofs, ProofTree, check_proof, prove
from negaviz.trace import Event, Node, Recorder, Replay, State, Status, Trace, load, loads, record, save

__version__ = "0.1.0"

__all__ = [
    "search", "record", "SearchOptions", "SearchResult", "Observer", "Recorder", "Trace", "Event",
    "Node", "Replay", "State", "Status", "EventKind", "Bound", "CutReason", "load", "loads", "save",
    "prove", "check_proof", "Proofs", "ProofTree",
    "Game", "Tree", "TicTacToe", "Othello", "ConnectFour", "MutableGame", "make_game", "from_spec",
    "NegavizError", "InputError", "TraceFormatError", "SearchInterrupted",
]


def __getattr__(name: str) -> Any:
    if name == "Othello":
        from negaviz.games.othello import Othello

        return Othello
    if name == "ConnectFour":
        from negaviz.games.connect4 import ConnectFour

        return ConnectFour
    raise AttributeError(f"module 'negaviz' has no attribute {name!r}")
