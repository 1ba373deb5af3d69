"""Games: textbook trees, tic-tac-toe, Othello, Connect Four, and lecturers' own classes
(make/unmake classes, AIMA games and easyAI games)."""

from __future__ import annotations

from typing import Any, Literal, get_args

from negaviz.errors import InputError
from negaviz.games.adapter import MutableGame
from negaviz.games.aima import from_aima
from negaviz.games.easyai import from_easyai
from negaviz.games.protocol import Game
from negaviz.games.tictactoe import TicTacToe
from negaviz.games.tree import Tree
from negaviz.vocabulary import check_text, shown

__all__ = [
    "Game", "Tree", "TicTacToe", "Othello", "ConnectFour", "MutableGame", "from_aima", "from_easyai",
    "make_game",
]

GameName = Literal["tree", "ttt", "othello", "connect4", "dice"]
"""A built-in game by its command-line name (and the ``game`` field of its spec)."""
GAMES: tuple[GameName, ...] = get_args(GameName)


def __getattr__(name: str) -> Any:
    if name == "Othello":  # imported lazily: most sessions never touch Othello
        from negaviz.games.othello import Othello

        return Othello
    if name == "ConnectFour":
        from negaviz.games.connect4 import ConnectFour

        return ConnectFour
    raise AttributeError(name)


def make_game(
    name: GameName,
    position: str | None = None,
    *,
    size: int | None = None,
    cols: int | None = None,
    rows: int | None = None,
    connect: int | None = None,
) -> Any:
    """A game by its CLI name: ``tree`` (position = the tree), ``ttt``, ``othello``,
    ``connect4`` (``cols`` x ``rows``, default 7 x 6, ``connect`` in a row, default 4) or
    ``dice`` (the dice race, :class:`~negaviz.games.dice.DiceRace`)."""
    check_text(position, "position", none=True)
    if name not in GAMES:
        raise InputError(f"unknown game {shown(name)} (name must be one of {list(GAMES)})")
    if size is not None and name != "othello":
        raise InputError(f"--size applies to othello only, not to {name}")
    for flag, value in (("--cols", cols), ("--rows", rows), ("--connect", connect)):
        if value is not None and name != "connect4":
            raise InputError(f"{flag} applies to connect4 only, not to {name}")
    if name == "connect4":
        from negaviz.games.connect4 import ConnectFour

        return ConnectFour(
            7 if cols is None else cols, 6 if rows is None else rows, position, 4 if connect is None else connect
        )
    if name == "tree":
        if position is None:
            raise InputError("game 'tree' needs the tree, e.g. '[[7,5],[3,1,9]]' or 'A(B:1 C:2)'")
        return Tree.parse(position)
    if name == "ttt":
        return TicTacToe(position)
    if name == "dice":
        from negaviz.games.dice import DiceRace

        return DiceRace(position)
    from negaviz.games.othello import Othello

    return Othello(8 if size is None else size, position)


def from_spec(spec: Any) -> Any:
    """Rebuild a game from what its ``spec()`` returned."""
    if not isinstance(spec, dict) or "game" not in spec:
        raise InputError(f"a game spec must be an object with a 'game' field, not {spec!r}")
    name = spec["game"]
    if name == "tree":
        players = spec.get("players", 2)
        if players != 2:
            if spec.get("tree") is None:
                return make_game("tree", None)
            return Tree.parse(spec["tree"], players=players)
        return make_game("tree", spec.get("tree"))
    if name == "othello":
        return make_game("othello", spec.get("position"), size=spec.get("size"))
    if name == "connect4":
        return make_game(
            "connect4", spec.get("position"), cols=spec.get("cols"), rows=spec.get("rows"), connect=spec.get("connect")
        )
    return make_game(name, spec.get("position"))
