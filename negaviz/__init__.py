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

from negaviz import _startup  # noqa: F401  # first: importing it makes a Ctrl-C while the command starts quiet

import os
import sys
from pathlib import Path
from typing import Any

from negaviz.course import nbval_sanitize_path
from negaviz.errors import InputError, NegavizError, SearchInterrupted, TraceFormatError
from negaviz.games import Game, MutableGame, TicTacToe, Tree, from_aima, from_easyai, from_spec, make_game
from negaviz.search import Bound, CutReason, EventKind, Observer, SearchOptions, SearchResult, search
from negaviz.search.proof import Proofs, ProofTree, check_proof, prove
from negaviz.trace import Event, Node, Recorder, Replay, State, Status, Trace, load, loads, record
from negaviz.trace import save as _save_trace

__version__ = "0.1.0"

__all__ = [
    "search", "record", "SearchOptions", "SearchResult", "Observer", "Trace", "EventKind", "load", "loads",
    "save", "prove", "check_proof", "Game", "Tree", "TicTacToe", "Othello", "ConnectFour", "MutableGame",
    "from_aima", "from_easyai", "NegavizError", "InputError", "TraceFormatError", "SearchInterrupted",
    "nbval_sanitize_path", "share",
]


def save(obj: Any, path: str | os.PathLike[str]) -> None:
    """Save a trace as JSON, or a drawing (a ``graphviz.Digraph``) in the format its
    extension names (``.svg``, ``.pdf``, ``.png``, ``.dot``, ``.gv``).

    >>> import tempfile, pathlib
    >>> trace = record(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     save(trace, pathlib.Path(tmp) / "t.json")
    ...     load(pathlib.Path(tmp) / "t.json").value
    ...     from negaviz.render import draw
    ...     save(draw(trace), pathlib.Path(tmp) / "t.dot")
    ...     (pathlib.Path(tmp) / "t.dot").read_text().startswith("digraph")
    5
    True
    >>> save([1, 2], "x.json")
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: cannot save a list: negaviz.save takes a Trace (saved as JSON) or a drawing from negaviz.render.draw (saved by extension, e.g. .svg)
    """
    from negaviz.vocabulary import check_path

    check_path(path)
    if isinstance(obj, Trace):
        _save_trace(obj, Path(path))
        return
    if type(obj).__module__.split(".")[0] == "graphviz" and hasattr(obj, "source"):
        from negaviz.render.output import save as save_drawing  # lazily: drawing needs graphviz

        save_drawing(obj, path)
        return
    raise InputError(
        f"cannot save a {type(obj).__name__}: negaviz.save takes a Trace (saved as JSON) or a drawing "
        "from negaviz.render.draw (saved by extension, e.g. .svg)"
    )


def __getattr__(name: str) -> Any:
    if name == "Othello":
        from negaviz.games.othello import Othello

        return Othello
    if name == "share":  # lazily, as the course site it links to
        from negaviz.site.share import share

        return share
    if name == "ConnectFour":
        from negaviz.games.connect4 import ConnectFour

        return ConnectFour
    raise AttributeError(f"module 'negaviz' has no attribute {name!r}")


def _drawings_in_the_page() -> None:
    """In a notebook whose kernel has no Graphviz ``dot`` (a browser's Python: JupyterLite),
    drawings are laid out by the page instead (:func:`negaviz.display.register`).
    Nothing happens where ``dot`` runs, outside IPython, or without the notebook extras."""
    if "IPython" in sys.modules:
        from negaviz.display import register

        register()


_drawings_in_the_page()
