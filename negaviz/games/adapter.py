"""Search a lecturer's own game class unchanged.

Course notebooks often define a mutable game object with ``get_moves()``,
``make_move(m)``, ``unmake_move(m)``, ``get_utility()`` and ``is_over()``, where the
utility is for the "look-ahead" player, the side to move in the position searched.
:class:`MutableGame` turns such an object into a negaviz game: a position is the tuple
of moves made from the object's state at wrapping time, and the wrapper makes and
unmakes moves on the object to reach whichever position the search asks about.  After
the search the object is back where it started.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

from negaviz.errors import InputError

History = tuple[Any, ...]
_REQUIRED = ("get_moves", "make_move", "unmake_move", "get_utility", "is_over")


class MutableGame:
    """Adapter from a make/unmake game object to the negaviz game protocol.

    ``key`` (optional) maps the object, in its current state, to a hashable key for
    transposition tables; ``evaluate`` (optional) gives a heuristic value for the side
    to move at depth-limited leaves.  ``max_score`` may be given to allow stopping at
    the first proven win.
    """

    def __init__(
        self,
        obj: Any,
        *,
        key: Callable[[Any], Hashable] | None = None,
        evaluate: Callable[[Any], float] | None = None,
        max_score: float | None = None,
    ) -> None:
        missing = [name for name in _REQUIRED if not callable(getattr(obj, name, None))]
        if missing:
            raise InputError(
                f"{type(obj).__name__} lacks {', '.join(missing)} "
                f"(a mutable game needs methods {', '.join(_REQUIRED)})"
            )
        self.obj = obj
        self.root: History = ()
        self._path: list[Any] = []
        self._key = key
        self._evaluate = evaluate
        if max_score is not None:
            self.max_score = max_score

    def _goto(self, pos: History) -> Any:
        """Make and unmake moves until the object stands at ``pos``."""
        path = self._path
        common = 0
        limit = min(len(path), len(pos))
        while common < limit and path[common] == pos[common]:
            common += 1
        while len(path) > common:
            self.obj.unmake_move(path.pop())
        for move in pos[common:]:
            self.obj.make_move(move)
            path.append(move)
        return self.obj

    def restore(self) -> None:
        """Put the object back in the state it had when wrapped."""
        self._goto(())

    # --- the four verbs -------------------------------------------------------------
    def moves(self, pos: History) -> list[Any]:
        return list(self._goto(pos).get_moves())

    def play(self, pos: History, move: Any) -> History:
        return pos + (move,)  # lazily: the object moves only when asked about the child

    def is_terminal(self, pos: History) -> bool:
        return bool(self._goto(pos).is_over())

    def score(self, pos: History) -> float:
        value = self._goto(pos).get_utility()
        if value is None:
            raise InputError("get_utility() returned None at a position is_over() calls over")
        return float(value) if not isinstance(value, int) else value

    # --- optional verbs -------------------------------------------------------------
    def key(self, pos: History) -> Hashable:
        return pos if self._key is None else self._key(self._goto(pos))

    def evaluate(self, pos: History) -> float:
        if self._evaluate is None:
            raise InputError("a depth-limited search of a mutable game needs MutableGame(..., evaluate=fn)")
        return self._evaluate(self._goto(pos))

    def label(self, pos: History) -> str:
        return str(self._goto(pos))

    def move_name(self, pos: History, move: Any) -> str:
        return str(move)
