"""Search a game written for easyAI (a ``TwoPlayerGame`` subclass) unchanged.

An easyAI game is one mutable object with ``possible_moves()``, ``make_move(move)``,
``is_over()``, ``scoring()`` (for the current player, the side to move),
``switch_player()``, and optionally ``unmake_move(move)`` and ``ttentry()``.
:func:`from_easyai` wraps it in one line:

>>> import negaviz
>>> class Nim:  # easyAI's style: make_move does not switch players, the game loop does
...     def __init__(self, sticks=5):
...         self.sticks, self.current_player = sticks, 1
...     def possible_moves(self): return [n for n in (1, 2, 3) if n <= self.sticks]
...     def make_move(self, n): self.sticks -= n
...     def unmake_move(self, n): self.sticks += n
...     def switch_player(self): self.current_player = 3 - self.current_player
...     def is_over(self): return self.sticks == 0
...     def scoring(self): return -100 if self.sticks == 0 else 0  # who took the last stick won
>>> game = negaviz.from_easyai(Nim(5))
>>> r = negaviz.search(game, algorithm="alphabeta")
>>> r.value, r.pv_names[0]  # take one, leave a multiple of four
(100, '1')

Moves and players
-----------------
easyAI's ``make_move`` changes the board but not the player: easyAI's game loop and
its own Negamax call ``switch_player()`` after each move.  The wrapper does the same
(``make_move`` then ``switch_player``; ``switch_player`` then ``unmake_move`` to take
a move back, as easyAI's Negamax does), so ``scoring()`` is always asked for the side
to move.  A wrapper that only renamed the methods would score the position after a
winning move for the winner's opponent as if the winner were still to move.

A position is the tuple of moves made from the object's state at wrapping time.  With
``unmake_move`` the wrapper moves the one object back and forth (and puts it back
after each search); without it, each move is made on a copy (the game's ``copy()``
when it has one, as easyAI's ``TwoPlayerGame`` does, else ``copy.deepcopy``), and the
original object is never changed.

Keys and labels
---------------
Transposition keys come from ``key=`` (a function of the object) when given; else
from the game's ``ttentry()`` (easyAI's own key for its tables); else from
:func:`~negaviz.games.adapter.freeze` of the object's attributes, its ``players``
(the AI and human player objects) left out.  Labels come from ``label=`` (a function
of the object); else from what the game's ``show()`` prints; else from ``str()`` of
the object unless that is Python's default ``<... object at 0x...>``; else from the
moves.  ``scoring()`` is also the evaluation at a depth limit, as in easyAI.
"""

from __future__ import annotations

import copy
import io
from contextlib import redirect_stdout
from typing import Any, Callable, Hashable

from negaviz.errors import InputError
from negaviz.games.adapter import History, HistoryGame, freeze, moves_from, number_from, readable

__all__ = ["from_easyai"]

_REQUIRED = ("possible_moves", "make_move", "is_over", "scoring", "switch_player")
_NOT_STATE = ("players",)
"""Attributes of an easyAI game that are not part of the position."""


class EasyAIGame(HistoryGame):
    """Adapter from an easyAI game object to the negaviz game protocol (see the module)."""

    REQUIRED = _REQUIRED
    NEEDS = "an easyAI game needs methods {methods}; easyAI's TwoPlayerGame provides switch_player"
    MOVES = "possible_moves"

    def __init__(
        self,
        obj: Any,
        *,
        key: Callable[[Any], Hashable] | None = None,
        label: Callable[[Any], str] | None = None,
        max_score: float | None = None,
    ) -> None:
        super().__init__(obj, key=key, label=label, max_score=max_score)
        self.undoes = callable(getattr(obj, "unmake_move", None))
        """Whether moves are taken back with ``unmake_move`` (else made on copies)."""
        self._copies: list[Any] = [obj]  # without unmake_move: the object after each move of _path

    def _copy(self, obj: Any) -> Any:
        copier = getattr(obj, "copy", None)
        how = f"{type(obj).__name__}.copy()" if callable(copier) else "copy.deepcopy()"
        try:
            return copier() if callable(copier) else copy.deepcopy(obj)
        except RecursionError:
            raise  # the search's own recursion: reported as too deep by the search
        except Exception as exc:  # noqa: BLE001 - a lock, a file, a socket: anything may refuse to be copied
            raise InputError(
                f"{how} could not copy the {type(obj).__name__} game ({type(exc).__name__}: {exc}): without "
                "unmake_move() each move is made on a copy; give the game an unmake_move(move), or a copy() "
                "that leaves out what cannot be copied"
            ) from None

    def _walk(self, common: int, pos: History) -> Any:
        """With ``unmake_move``: take moves back on the one object to the common part,
        then make ``pos``'s; without: make ``pos``'s moves on copies."""
        path = self._path
        if self.undoes:
            obj = self.obj
            while len(path) > common:
                obj.switch_player()  # as easyAI's Negamax: switch back, then unmake
                obj.unmake_move(path.pop())
            for move in pos[common:]:
                obj.make_move(move)
                obj.switch_player()  # easyAI's make_move leaves the player to the game loop
                path.append(move)
            return obj
        copies = self._copies
        del path[common:]
        del copies[common + 1 :]
        for move in pos[common:]:
            obj = self._copy(copies[-1])
            obj.make_move(move)
            obj.switch_player()
            path.append(move)
            copies.append(obj)
        return copies[-1]

    def _text(self, obj: Any) -> str | None:
        """What the game's ``show()`` prints, else its ``str()`` (see the module)."""
        show = getattr(obj, "show", None)
        if callable(show):
            out = io.StringIO()
            with redirect_stdout(out):
                show()
            text = "\n".join(line.rstrip() for line in out.getvalue().strip("\n").splitlines())
            if text and "object at 0x" not in text:
                return text
        return readable(obj)

    # --- the four verbs (play and is_terminal are HistoryGame's) ----------------------
    def moves(self, pos: History) -> list[Any]:
        return moves_from(self._goto(pos).possible_moves(), self.obj, "possible_moves", lambda: self.label(pos))

    def score(self, pos: History) -> float:
        return number_from(self._goto(pos).scoring(), self.obj, "scoring", lambda: self.label(pos))

    # --- optional verbs -------------------------------------------------------------
    def evaluate(self, pos: History) -> float:
        return self.score(pos)  # easyAI scores depth-limited leaves with scoring() too

    def key(self, pos: History) -> Hashable:
        obj = self._goto(pos)
        if self._key is not None:
            return self._key(obj)
        ttentry = getattr(obj, "ttentry", None)
        if callable(ttentry):
            return ttentry()
        attrs = getattr(obj, "__dict__", None)
        if not isinstance(attrs, dict):
            return pos
        return freeze({k: v for k, v in attrs.items() if k not in _NOT_STATE})

    def player(self, pos: History) -> int:
        who = getattr(self._goto(pos), "current_player", None)
        return len(pos) % 2 if who not in (1, 2) else int(who) - 1


def from_easyai(
    game: Any,
    *,
    key: Callable[[Any], Hashable] | None = None,
    label: Callable[[Any], str] | None = None,
    max_score: float | None = None,
) -> EasyAIGame:
    """A negaviz game searching the easyAI game object ``game`` from its current state.
    ``key`` maps the object to a hashable key, ``label`` to text for drawings;
    ``max_score`` allows stopping at a proven win.  See the module for how players are
    switched, moves taken back, and keys and labels found."""
    return EasyAIGame(game, key=key, label=label, max_score=max_score)
