"""What the play widget's engine searches with (:func:`engine_options`: solved to the end
on small boards, to a fixed depth on big ones) and how a game's board takes a move (a
cell or a column), without a widget: see :class:`~negaviz.widgets.PlayWidget`."""

from __future__ import annotations

from typing import Any, Literal

from negaviz.errors import InputError
from negaviz.games.protocol import has_verb, size_of
from negaviz.search.options import SearchOptions

__all__: list[str] = []

DEFAULT_OPTIONS: dict[str, Any] = {"algorithm": "alphabeta", "tt": True, "order": "heuristic"}
"""The engine's search options unless ``options`` is given (``order`` only for games
with ``order()`` or ``evaluate()``)."""

BIG_BOARD_DEPTH = 4
"""The engine's depth on boards too big to solve in a lesson (Othello 6x6 and 8x8,
Connect Four beyond 16 cells) when no depth is given."""

BoardKind = Literal["cells", "columns"]
"""How a board widget takes a move: a cell to fill, or a column to drop a disc into."""


def _board_kind(game: object) -> BoardKind:
    """``"cells"`` when a move is the index of the cell it fills (tic-tac-toe, Othello),
    ``"columns"`` when it is a column to drop a disc into (Connect Four)."""
    from negaviz.games.connect4 import ConnectFour
    from negaviz.games.othello import Othello
    from negaviz.games.tictactoe import TicTacToe

    if isinstance(game, (TicTacToe, Othello)):
        return "cells"
    if isinstance(game, ConnectFour):
        return "columns"
    raise InputError(
        f"PlayWidget plays TicTacToe, Othello and ConnectFour, not {type(game).__name__}"
    )


def _big_board(game: Any) -> bool:
    """Whether searching ``game`` to the end would take too long for a lesson."""
    if _board_kind(game) == "columns":
        return int(game.cols) * int(game.rows) > 16
    return (size_of(game) or 3) > 4  # tic-tac-toe has no size


def engine_options(game: Any, depth: int | None = None, options: dict[str, Any] | None = None) -> SearchOptions:
    """The checked search options of the engine playing ``game``.

    ``options`` default to :data:`DEFAULT_OPTIONS`; ``depth`` overrides theirs; a big
    board with no depth at all gets :data:`BIG_BOARD_DEPTH`.
    """
    if options is None:
        values = dict(DEFAULT_OPTIONS)
        if not (has_verb(game, "order") or has_verb(game, "evaluate")):
            values.pop("order")
    elif isinstance(options, dict):
        values = dict(options)
    else:
        raise InputError(f"options must be a dict of search options, not {type(options).__name__}")
    if depth is not None:
        values["depth"] = depth
    elif values.get("depth") is None and _big_board(game):
        values["depth"] = BIG_BOARD_DEPTH  # a full search of this board would not finish in class
    return SearchOptions.from_dict(values)
