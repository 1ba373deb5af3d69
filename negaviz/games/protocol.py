"""The game protocol: the verbs negaviz asks a game for, required and optional.

A game is any object with the four required methods below; positions are plain values
the game understands (immutable, so the search can hold on to them).  Values are
always for the *side to move* at the position (the negamax convention).

``score`` and ``evaluate`` return numbers: an ``int`` or a ``float`` (any
``numbers.Real`` other than ``bool`` works too), never NaN; a recorded search also
needs them to fit a float (about 1.8e308 at most).  Anything else is an
:class:`~negaviz.errors.InputError` naming the method, the position and the value.
The search recurses once per ply, so a game deeper than Python's recursion limit
(1000 frames by default, a little less in plies) is an InputError too: search it with
a depth limit.

Every verb, required and optional (each optional one is a small :class:`Protocol`
in :mod:`negaviz.games.verbs`, ``Has<Verb>``, whose docstring says when negaviz uses it and what happens
without it):

=======================  ==========  ====================================================
verb                     kind        meaning
=======================  ==========  ====================================================
``moves(pos)``           required    the legal moves at a non-terminal position
``play(pos, move)``      required    the position after ``move`` (``pos`` unchanged)
``is_terminal(pos)``     required    whether the game is over at ``pos``
``score(pos)``           required    final score of a terminal position, side to move
``root``                 value       the starting position (needed whenever no
                                     position is passed to ``search``, ``record``, ...)
``key(pos)``             method      hashable, deterministic key for transposition
                                     tables (default: the position itself)
``symmetries(pos)``      method      keys of every symmetric variant of ``pos`` (own
                                     key included); the smallest is the canonical key
``evaluate(pos)``        method      heuristic value for the side to move, used at the
                                     depth limit (and to order moves)
``order(pos, moves)``    method      the moves re-ordered, most promising first
``threats(pos)``         method      ``(wins, blocks)``: moves that win now, and moves
                                     that stop the opponent winning next move
``value_bounds(pos)``    method      ``(lo, hi)``: the least and most the side to move
                                     can still get (early draw detection)
``label(pos)``           method      short text for drawing the position
                                     (default ``str(pos)``)
``move_name(pos, m)``    method      text for a move (default ``str(m)``)
``player(pos)``          method      0 if the first player is to move, 1 otherwise
                                     (default 0)
``outcomes(pos)``        method      at a chance position, ``[(outcome, p), ...]``;
                                     None where a player moves (expectimax, star1)
``restore()``            method      put a game that moves one object about (the
                                     adapters) back where it started
``preorder()``           method      every position in tree order: the game is a
                                     textbook tree (:class:`~negaviz.games.Tree`)
``spec()``               method      a JSON-able dict from which
                                     :func:`negaviz.games.from_spec` rebuilds the game,
                                     so saved traces can be drawn again
``cells(pos)``           method      a square board's cells as ``x``, ``o`` and ``.``,
                                     row by row (drawn as a board)
``max_score``            value       a number no value ever exceeds (a value this large
                                     is a win: enables stopping at the first proven win)
``player_names``         value       names of the first and second player, e.g.
                                     ``("x", "o")``
``size``                 value       side of a square board whose ``label`` draws it
                                     in rows (drawn as a board)
``alternates``           value       False when a side may move twice in a row:
                                     ``player(pos)`` says whose turn it is (a marked tree)
``check_position(pos)``  method      the position to search for what a caller passed
                                     (e.g. its text form), or an InputError
=======================  ==========  ====================================================

How an optional verb is found, one rule for all of them (the helpers below apply it,
and every module of negaviz asks them rather than probing the game itself):

* a *method* verb is present when the game has an attribute of that name that is
  **callable**; anything else of that name (``evaluate = 3``, ``self.label = "Nim"``)
  is treated as absent, as if it were not there;
* a *value* verb is present when the attribute exists and is not None; ``max_score``
  must then be a number (int or float, not bool, not NaN), else an InputError names it;
  ``player_names`` that is not a pair, or a ``size`` that is not a positive int, is
  treated as absent.

A game that lacks an optional verb simply does not get the feature that needs it;
an option that cannot work without it (``depth`` without ``evaluate``, ``symmetry``
without ``symmetries``, ...) is an InputError saying which verb is missing.

The :class:`Protocol` classes are for documentation and static typing (a game class may
list them as bases); they are not ``runtime_checkable``, because ``isinstance`` would
only check that the name exists, not the rule above: ask :func:`has_verb` instead.

>>> class Nim:  # the four required verbs, and a root
...     root = 3
...     def moves(self, pos): return [n for n in (1, 2) if n <= pos]
...     def play(self, pos, move): return pos - move
...     def is_terminal(self, pos): return pos == 0
...     def score(self, pos): return -1  # whoever took the last stick won
>>> missing_verbs(Nim()), has_verb(Nim(), "evaluate"), label(Nim(), 3), is_textbook_tree(Nim())
([], False, '3', False)
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any, Callable, Hashable, Protocol, Sequence, runtime_checkable

from negaviz.errors import InputError
from negaviz.games.verbs import (  # the optional verbs' protocols, one each (re-exported here)
    HasKey,
    HasRoot,
    HasSymmetries,
    HasEvaluate,
    HasOrder,
    HasThreats,
    HasValueBounds,
    HasLabel,
    HasMoveName,
    HasOutcomes,
    HasPlayer,
    HasRestore,
    HasPreorder,
    HasSpec,
    HasCells,
    HasMaxScore,
    HasPlayerNames,
    HasSize,
    HasAlternates,
    HasCheckPosition,
    Move,
    Position,
)


# ---------------------------------------------------------------------------- required
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


REQUIRED_VERBS = ("moves", "play", "is_terminal", "score")
"""The methods every game needs."""

OPTIONAL_VERBS: dict[str, type] = {
    "root": HasRoot,
    "key": HasKey,
    "symmetries": HasSymmetries,
    "evaluate": HasEvaluate,
    "order": HasOrder,
    "threats": HasThreats,
    "value_bounds": HasValueBounds,
    "label": HasLabel,
    "move_name": HasMoveName,
    "player": HasPlayer,
    "outcomes": HasOutcomes,
    "restore": HasRestore,
    "preorder": HasPreorder,
    "spec": HasSpec,
    "cells": HasCells,
    "max_score": HasMaxScore,
    "player_names": HasPlayerNames,
    "size": HasSize,
    "alternates": HasAlternates,
    "check_position": HasCheckPosition,
}
"""Every optional verb, by name, with the protocol that documents it."""

VALUE_VERBS = ("root", "max_score", "player_names", "size", "alternates")
"""The optional verbs that are attributes holding a value; the others are methods."""

METHOD_VERBS = tuple(name for name in OPTIONAL_VERBS if name not in VALUE_VERBS)
"""The optional verbs that are methods."""


# ---------------------------------------------------------------------------- helpers
def missing_verbs(game: object) -> list[str]:
    """The required verbs ``game`` lacks (not callable attributes), in protocol order."""
    return [name for name in REQUIRED_VERBS if not callable(getattr(game, name, None))]


def verb(game: object, name: str) -> Callable[..., Any] | None:
    """The game's method for the optional method verb ``name``, or None if it has none
    (a non-callable attribute of that name counts as none).

    >>> class G:
    ...     evaluate = 3
    ...     def order(self, pos, moves): return moves
    >>> verb(G(), "evaluate") is None, verb(G(), "order") is not None
    (True, True)
    """
    if name not in METHOD_VERBS:
        raise InputError(f"{name!r} is no optional method verb of the game protocol ({', '.join(METHOD_VERBS)})")
    method = getattr(game, name, None)
    return method if callable(method) else None


def has_verb(game: object, name: str) -> bool:
    """Whether ``game`` has the verb ``name``, by the rule of the module: a value verb
    (``root``, ``max_score``, ``player_names``, ``size``, ``alternates``) a usable value, any other name
    a callable attribute (so a ladder step may need a verb of the lecturer's own).

    >>> class G:
    ...     evaluate = 3
    ...     max_score = 1
    >>> has_verb(G(), "evaluate"), has_verb(G(), "max_score"), has_verb(G(), "threats")
    (False, True, False)
    """
    if name == "root":
        return root_of(game) is not None
    if name == "max_score":
        return max_score_of(game) is not None
    if name == "player_names":
        return player_names_of(game) is not None
    if name == "size":
        return size_of(game) is not None
    if name == "alternates":
        return not alternates_of(game)
    return callable(getattr(game, name, None))


def root_of(game: object, position: Position = None, *, needed_by: str | None = None) -> Position:
    """``position`` if it is not None, else the game's ``root`` (None if it has none).

    With ``needed_by`` (the name of the calling function), having neither is an
    InputError telling the caller to pass a position.
    """
    if position is not None:
        return position
    root = getattr(game, "root", None)
    if root is None and needed_by is not None:
        raise InputError(f"{type(game).__name__} has no root position: pass one to {needed_by}()")
    return root


def max_score_of(game: object) -> float | None:
    """The game's ``max_score``, or None if it has none; InputError if it is not a number."""
    top = getattr(game, "max_score", None)
    if top is None:
        return None
    if isinstance(top, bool) or not isinstance(top, Real) or (isinstance(top, float) and math.isnan(top)):
        raise InputError(f"{type(game).__name__}.max_score must be a number (an int or a float), not {top!r}")
    return top  # type: ignore[return-value]  # a Real: compares with floats


def player_names_of(game: object) -> tuple[str, str] | None:
    """The game's ``player_names`` as two strings, or None if it has no pair of them."""
    names = getattr(game, "player_names", None)
    if isinstance(names, (tuple, list)) and len(names) == 2:
        return str(names[0]), str(names[1])
    return None


def alternates_of(game: object) -> bool:
    """False if ``game`` says a side may move twice in a row (``alternates = False``, and a
    ``player()`` to say whose turn it is), else True: every move hands the turn over."""
    if getattr(game, "alternates", True) is not False:
        return True
    if not callable(getattr(game, "player", None)):
        raise InputError(f"{type(game).__name__} says alternates = False, and has no player() to say whose turn "
                         "each position is")
    return False


def size_of(game: object) -> int | None:
    """The game's board ``size``, or None if it has no positive int one."""
    size = getattr(game, "size", None)
    return size if isinstance(size, int) and not isinstance(size, bool) and size > 0 else None


def checked_position(game: object, pos: Position) -> Position:
    """``pos`` as the game's ``check_position`` takes it (unchanged without one)."""
    check = verb(game, "check_position")
    return pos if check is None else check(pos)


def restore(game: object) -> None:
    """Call the game's ``restore()`` if it has one (an adapter puts its object back)."""
    restorer = verb(game, "restore")
    if restorer is not None:
        restorer()


def is_textbook_tree(game: object) -> bool:
    """Whether ``game`` is a textbook tree (it has ``preorder()``: named nodes)."""
    return verb(game, "preorder") is not None


def evaluator(game: object) -> Callable[[Position], float] | None:
    """The game's ``evaluate``, or None if it has none."""
    return verb(game, "evaluate")


def keyer(game: object) -> Callable[[Position], Hashable]:
    """The function giving a position's transposition key: the game's ``key``, or the
    identity."""
    key = verb(game, "key")
    return key if key is not None else _identity


def _identity(pos: Position) -> Hashable:
    return pos


def spec_of(game: object) -> Any:
    """What the game's ``spec()`` returns, or None if it has none."""
    spec = verb(game, "spec")
    return None if spec is None else spec()


# The four below run once per node drawn or searched: they read the attribute directly,
# by the same rule as verb() (a non-callable attribute counts as none).
def move_name(game: object, pos: Position, move: Move) -> str:
    """The game's name for ``move``, or ``str(move)``."""
    namer = getattr(game, "move_name", None)
    return str(namer(pos, move)) if callable(namer) else str(move)


def label(game: object, pos: Position) -> str:
    """The game's label for ``pos``, or ``str(pos)``."""
    labeller = getattr(game, "label", None)
    return str(labeller(pos)) if callable(labeller) else str(pos)


def player(game: object, pos: Position) -> int:
    """0 if the first player is to move at ``pos``, 1 otherwise (default 0)."""
    who = getattr(game, "player", None)
    if not callable(who):
        return 0
    side = who(pos)
    if type(side) is int and (side == 0 or side == 1):
        return side
    if isinstance(side, Real) and (side == 0 or side == 1):  # a numpy integer, a bool
        return 1 if side == 1 else 0
    shown = repr(side)
    raise InputError(
        f"{type(game).__name__}.player() returned {shown if len(shown) <= 40 else shown[:37] + '...'} at position "
        f"{label(game, pos)!r:.60}: it must return 0 when the first player is to move, 1 when the second is"
    )


def key_of(game: object, pos: Position) -> Hashable:
    """The transposition key of ``pos``."""
    key = getattr(game, "key", None)
    return key(pos) if callable(key) else pos
