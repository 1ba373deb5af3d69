"""The game protocol: the handful of verbs every search in negaviz needs.

A game is any object with these four methods; positions are plain values the game
understands (immutable, so the search can hold on to them).  Values are always for
the *side to move* at the position (the negamax convention).

``score`` and ``evaluate`` return numbers: an ``int`` or a ``float`` (any
``numbers.Real`` other than ``bool`` works too), never NaN; a recorded search also
needs them to fit a float (about 1.8e308 at most).  Anything else is an
:class:`~negaviz.errors.InputError` naming the method, the position and the value.
The search recurses once per ply, so a game deeper than Python's recursion limit
(1000 frames by default, a little less in plies) is an InputError too: search it with
a depth limit.

Optional verbs are discovered with ``getattr``; a game that lacks one simply does not
get the feature that needs it:

=====================  ========================================================
``key(pos)``           hashable, deterministic key for transposition tables
                       (default: the position itself)
``symmetries(pos)``    keys of every symmetric variant of ``pos`` (own key
                       included); the smallest is the canonical key
``evaluate(pos)``      heuristic value for the side to move, used at the
                       depth limit
``order(pos, moves)``  the moves re-ordered, most promising first
``threats(pos)``       ``(wins, blocks)``: moves that win now, and moves that
                       stop the opponent winning next move
``label(pos)``         short text for drawing the position
``move_name(pos, m)``  text for a move (default ``str(m)``)
``player(pos)``        0 if the first player is to move, 1 otherwise
``max_score``          attribute: no value is ever larger (enables stopping at
                       the first proven win)
``player_names``       attribute: names of the first and second player, e.g.
                       ``("x", "o")``
``spec()``             a JSON-able dict from which :func:`negaviz.games.from_spec`
                       rebuilds the game, so saved traces can be drawn again
=====================  ========================================================
"""

from __future__ import annotations

from typing import Any, Hashable, Protocol, Sequence, runtime_checkable

Position = Any
Move = Any


@runtime_checkable
class Game(Protocol):
    """The four verbs a search needs."""

    def moves(self, pos: Position) -> Sequence[Move]:
        """The legal moves at a non-terminal position, in generation order."""
        ...

    def play(self, pos: Position, move: Move) -> Position:
        """The position after ``move``; ``pos`` itself is left unchanged."""
        ...

    def is_terminal(self, pos: Position) -> bool:
        """Whether the game is over at ``pos``."""
        ...

    def score(self, pos: Position) -> float:
        """The final score of a terminal position, for the side to move there (an int
        or a float)."""
        ...


def move_name(game: object, pos: Position, move: Move) -> str:
    """The game's name for ``move``, or ``str(move)``."""
    namer = getattr(game, "move_name", None)
    return str(move) if namer is None else str(namer(pos, move))


def label(game: object, pos: Position) -> str:
    """The game's label for ``pos``, or ``str(pos)``."""
    labeller = getattr(game, "label", None)
    return str(pos) if labeller is None else str(labeller(pos))


def player(game: object, pos: Position) -> int:
    """0 if the first player is to move at ``pos``, 1 otherwise (default 0)."""
    who = getattr(game, "player", None)
    return 0 if who is None else int(who(pos))


def key_of(game: object, pos: Position) -> Hashable:
    """The transposition key of ``pos``."""
    keyer = getattr(game, "key", None)
    return pos if keyer is None else keyer(pos)
