"""The exact values a proof is built from: kept by an observer of ordinary searches
(:class:`_ExactValues`), by the game's key, and searched on demand (see
:mod:`negaviz.search.proof`)."""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from negaviz.errors import InputError, SearchInterrupted
from negaviz.games.protocol import keyer
from negaviz.search.events import Bound, EventKind
from negaviz.search.result import Stopped

__all__: list[str] = []


class _ExactValues:
    """Exact values (for the side to move) by game key, filled by watching searches.

    Every node a search returns with an exact bound (a leaf, or an inner node whose
    value fell strictly inside its window, or a table hit on an exact entry) is kept.
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self.values: dict[Hashable, float] = {}
        self.searches = 0
        self.key: Callable[[Any], Hashable] = keyer(game)
        # The observer's state during one search: its root, positions on the stack, move lists.
        self._root: Any = None
        self._stack: list[Any] = []
        self._moves: list[Sequence[Any] | None] = []

    def search(self, pos: Any) -> float:
        """Search ``pos`` (alpha-beta with a table), keeping every exact value seen."""
        from negaviz.search import search  # here, so that negaviz.search may re-export this module

        self._stack, self._moves = [], []
        self._root = pos
        result = search(self.game, pos, algorithm="alphabeta", tt=True, observer=self)
        self.searches += 1
        if result.stopped == Stopped.INTERRUPTED:  # Ctrl-C: a search with an observer returns, so re-raise
            raise SearchInterrupted(result)
        if result.value is None:  # pragma: no cover - only budgets and Ctrl-C stop a search
            raise InputError("the search for a proof stopped before it found the value")
        self.values[self.key(pos)] = result.value
        return result.value

    def __call__(self, pos: Any) -> float:
        """The exact value of ``pos`` for its side to move."""
        v = self.values.get(self.key(pos))
        return self.search(pos) if v is None else v

    # --- the observer protocol --------------------------------------------------------
    def expand(self, moves: Sequence[Any]) -> None:
        self._moves[-1] = moves

    def emit(self, event: tuple[Any, ...]) -> None:
        kind = event[0]
        if kind == EventKind.ENTER:
            if self._stack:
                parent_moves = self._moves[-1]
                assert parent_moves is not None
                pos = self.game.play(self._stack[-1], parent_moves[int(event[1])])
            else:
                pos = self._root
            self._stack.append(pos)
            self._moves.append(None)
        elif kind == EventKind.LEAF or (kind == EventKind.EXIT and int(event[2]) == Bound.EXACT):
            self.values[self.key(self._stack[-1])] = event[1]
            self._stack.pop()
            self._moves.pop()
        elif kind == EventKind.EXIT:
            self._stack.pop()
            self._moves.pop()
