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
below, ``Has<Verb>``, whose docstring says when negaviz uses it and what happens
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
from typing import Any, Callable, Hashable, Iterable, Protocol, Sequence, runtime_checkable

from negaviz.errors import InputError

Position = Any
Move = Any


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


class HasRoot(Protocol):
    """``root``: the position searches start from when none is given.

    Used by :func:`negaviz.search`, :func:`negaviz.record`, :func:`negaviz.prove`,
    ``solve`` and the analyses whenever no position is passed.  Without it (or with
    ``root = None``) those calls need the position: leaving it out is an InputError.
    """

    root: Position


# ---------------------------------------------------------------------------- optional methods
class HasKey(Protocol):
    """``key(pos)``: a hashable, deterministic key for ``pos``.

    Used by transposition tables (``tt=True``), proofs, and anything that compares
    positions.  Without it the position itself is the key (so it must be hashable).
    """

    def key(self, pos: Position) -> Hashable: ...


class HasSymmetries(Protocol):
    """``symmetries(pos)``: the keys of every symmetric variant of ``pos``, its own key
    among them; the smallest is the canonical key.

    Used by ``symmetry=True`` (transpositions up to symmetry, and symmetric sibling
    moves searched once).  Without it ``symmetry=True`` is an InputError.
    """

    def symmetries(self, pos: Position) -> Iterable[Hashable]: ...


class HasEvaluate(Protocol):
    """``evaluate(pos)``: a heuristic value for the side to move at a non-terminal
    position, an int or a float, never larger than a win.

    Used at the depth limit (``depth=``, iterative deepening) and, lacking ``order``,
    by ``order="heuristic"`` (children sorted by their evaluation).  Without it a depth
    limit is an InputError.
    """

    def evaluate(self, pos: Position) -> float: ...


class HasOrder(Protocol):
    """``order(pos, moves)``: ``moves`` re-ordered, most promising first.

    Used by ``order="heuristic"`` and ``"threats+heuristic"``.  Without it those orders
    sort by ``evaluate``; without either, they are an InputError.
    """

    def order(self, pos: Position, moves: Sequence[Move]) -> Sequence[Move]: ...


class HasThreats(Protocol):
    """``threats(pos)``: ``(wins, blocks)``, the moves that win at once and the moves
    that stop the opponent winning with its next move.

    Used by ``order="threats"`` / ``"threats+heuristic"`` (wins, then blocks, first)
    and by threat search (``forced=True``).  Without it the threat orders find only
    moves whose child is over and lost for the opponent, and ``forced=True`` is an
    InputError.
    """

    def threats(self, pos: Position) -> tuple[Sequence[Move], Sequence[Move]]: ...


class HasValueBounds(Protocol):
    """``value_bounds(pos)``: ``(lo, hi)``, the least and the most the side to move can
    still get from ``pos``.

    Used by ``bounds=True`` (a node whose bounds meet is valued without search: early
    draw detection).  Without it ``bounds=True`` is an InputError.
    """

    def value_bounds(self, pos: Position) -> tuple[float, float]: ...


class HasLabel(Protocol):
    """``label(pos)``: short text for the position, as drawings, tables and messages
    show it (it may hold newlines: a board's rows).

    Without it the position is shown as ``str(pos)``.
    """

    def label(self, pos: Position) -> str: ...


class HasMoveName(Protocol):
    """``move_name(pos, move)``: the text of ``move`` made at ``pos`` (``"b2"``).

    Used for principal variations, edge labels and messages.  Without it a move is
    shown as ``str(move)``.
    """

    def move_name(self, pos: Position, move: Move) -> str: ...


class HasPlayer(Protocol):
    """``player(pos)``: 0 if the first player is to move at ``pos``, 1 otherwise.

    Used to turn values into the first player's view (minimax drawings, proofs, the
    result's ``minimax_value``) and to mark who moves.  Without it the side to move at
    the root is taken to be the first player, and players alternate below it.
    """

    def player(self, pos: Position) -> int: ...


class HasRestore(Protocol):
    """``restore()``: put the game's object back in the state it had when wrapped.

    Adapters (:class:`~negaviz.games.MutableGame`, AIMA and easyAI games) move one
    object about to answer questions about positions; negaviz calls ``restore`` after
    every search, proof, check and drawing that asked them, so the lecturer's object is
    left as it was.  Without it nothing is restored (immutable games need nothing).
    """

    def restore(self) -> None: ...


class HasPreorder(Protocol):
    """``preorder()``: every position of the game, in tree order (depth first, children
    left to right), each once.

    Having it means "a textbook tree" (:class:`~negaviz.games.Tree`): its nodes have
    names, so pruned nodes are listed and skipped moves named by the node they lead
    to, drawings use the textbook style, and proofs speak of values rather than wins.
    Without it a game is a game: skipped moves are named by ``move_name``.
    """

    def preorder(self) -> Sequence[Position]: ...


class HasSpec(Protocol):
    """``spec()``: a JSON-able dict from which :func:`negaviz.games.from_spec` rebuilds
    the game.

    Saved traces and exported pages keep it, so a loaded trace can be drawn again and
    two traces can be told apart as searches of different games.  Without it a saved
    trace keeps only what the search recorded.
    """

    def spec(self) -> dict[str, Any]: ...


class HasCells(Protocol):
    """``cells(pos)``: a square board's cells as ``x``, ``o`` and ``.``, row by row.

    Used to draw positions as boards.  Without it (and without ``size``) a position is
    drawn as its ``label`` text.
    """

    def cells(self, pos: Position) -> str: ...


# ---------------------------------------------------------------------------- optional values
class HasMaxScore(Protocol):
    """``max_score``: a number no value of the game ever exceeds, so that a value this
    large is a win.

    Used by ``stop_at_win=True`` (stop trying moves once one reaches it), proofs (is the
    root's value a win?), minimal-tree counts and captured students' searches.  Without
    it ``stop_at_win=True`` is an InputError and any non-zero proven value counts as a
    win.  A value that is not a number is an InputError.
    """

    max_score: float


class HasPlayerNames(Protocol):
    """``player_names``: the names of the first and second player, e.g. ``("x", "o")``.

    Used in proofs' claims and their JSON, and by the play widget.  Without it (or if it
    is not a pair) the players are "first player" and "second player".
    """

    player_names: tuple[str, str]


class HasSize(Protocol):
    """``size``: the side of a square board whose ``label`` writes the board in rows
    (Othello).

    Used to draw positions as boards.  Without it (or if it is not a positive int) a
    position is drawn as its ``label`` text.
    """

    size: int


class HasCheckPosition(Protocol):
    """``check_position(pos)``: the position to search for ``pos`` as a caller gave it
    (the game's own text form, e.g. ``"x../.o./..."``, becomes a position), or an
    InputError saying what a position of this game is.

    Used by :func:`negaviz.search` and :func:`negaviz.record` on the position they are
    given.  Without it any object is taken as a position, and a wrong one fails inside
    the game's own code.
    """

    def check_position(self, pos: Position) -> Position: ...


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
    "restore": HasRestore,
    "preorder": HasPreorder,
    "spec": HasSpec,
    "cells": HasCells,
    "max_score": HasMaxScore,
    "player_names": HasPlayerNames,
    "size": HasSize,
    "check_position": HasCheckPosition,
}
"""Every optional verb, by name, with the protocol that documents it."""

VALUE_VERBS = ("root", "max_score", "player_names", "size")
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
    (``root``, ``max_score``, ``player_names``, ``size``) a usable value, any other name
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
