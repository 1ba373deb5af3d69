"""Search a lecturer's own game class unchanged.

Course notebooks often define a mutable game object with ``get_moves()``,
``make_move(m)``, ``unmake_move(m)``, ``get_utility()`` and ``is_over()``, where the
utility is for the "look-ahead" player, the side to move in the position searched.
:class:`MutableGame` turns such an object into a negaviz game: a position is the tuple
of moves made from the object's state at wrapping time, and the wrapper makes and
unmakes moves on the object to reach whichever position the search asks about.  After
the search the object is back where it started.

Labels (how drawings name a position) come from ``label=`` (a function of the object,
in the position's state) when given; else from the object's own ``str()``, when its
class defines ``__str__`` or ``__repr__``; else from the moves that lead to the
position (``"4 0 1"``, and ``"root"`` for the root), never from Python's default
``<... object at 0x...>``.

The helpers below (:func:`readable`, :func:`path_label`, :func:`freeze`) serve the
AIMA and easyAI adapters as well (:mod:`negaviz.games.aima`, :mod:`negaviz.games.easyai`).
"""

from __future__ import annotations

from collections.abc import Set
from numbers import Real
from typing import Any, Callable, Hashable, Iterable

from negaviz.errors import InputError
from negaviz.vocabulary import check_callable, check_callables, check_number

History = tuple[Any, ...]
_REQUIRED = ("get_moves", "make_move", "unmake_move", "get_utility", "is_over")


def readable(obj: Any) -> str | None:
    """``str(obj)``, or None when that would be Python's default ``<... object at 0x...>``.

    >>> readable("A"), readable(object())
    ('A', None)
    """
    if _inherited(obj, "__str__") and _inherited(obj, "__repr__"):
        return None
    return str(obj)


def _inherited(obj: Any, method: str) -> bool:
    """Whether ``obj``'s class takes ``method`` from ``object`` unchanged."""
    return getattr(type(obj), method) is getattr(object, method)


def path_label(path: Iterable[Any]) -> str:
    """A position named by the moves that lead to it: ``"4 0"``, ``"root"`` for none.

    >>> path_label((4, 0)), path_label(())
    ('4 0', 'root')
    """
    return " ".join(str(m) for m in path) or "root"


def missing_methods(obj: Any, names: Iterable[str]) -> list[str]:
    """The names in ``names`` that are not callable attributes of ``obj``."""
    return [name for name in names if not callable(getattr(obj, name, None))]


def moves_from(got: Any, owner: Any, method: str, where: Callable[[], str]) -> Any:
    """The moves the method ``method`` (``get_moves()``, ``actions()``, ...) of the game
    object ``owner`` returned,
    for the search: a list as it is, a set as it is (the search sorts it and warns that
    a set has no order), any other iterable as a list; None, a string or anything else
    an InputError naming ``method`` and the position ``where()`` names.

    >>> class Nim: ...
    >>> moves_from((x for x in (1, 2)), Nim(), "get_moves", lambda: "root")
    [1, 2]
    >>> moves_from(None, Nim(), "get_moves", lambda: "root")
    Traceback (most recent call last):
    negaviz.errors.InputError: Nim.get_moves() returned None at position 'root': it must return a list of the legal moves
    """
    if type(got) is list or isinstance(got, Set):
        return got
    if got is None or isinstance(got, (str, bytes)) or not isinstance(got, Iterable):
        raise InputError(
            f"{type(owner).__name__}.{method}() returned {shown(got)} at position {one_line(where())!r}: it must return a list of the legal moves"
        )
    return list(got)


def number_from(got: Any, owner: Any, method: str, where: Callable[[], str]) -> Any:
    """The value the method ``method`` (``get_utility()``, ``scoring()``, ...) of the game
    object ``owner`` returned, when it is a number (an int or a float, or any ``numbers.Real`` but a
    bool; not NaN), else an InputError naming ``method`` and the position: ``'-1'`` is
    text, not a number, and is not taken as one.

    >>> class Nim: ...
    >>> number_from(-1, Nim(), "get_utility", lambda: "root")
    -1
    >>> number_from("-1", Nim(), "get_utility", lambda: "x wins")
    Traceback (most recent call last):
    negaviz.errors.InputError: Nim.get_utility() returned str '-1' at position 'x wins': it must return a number (an int or a float)
    """
    if isinstance(got, Real) and not isinstance(got, bool) and got == got:
        return got
    kind = "NaN" if isinstance(got, Real) and not isinstance(got, bool) else shown(got)
    raise InputError(
        f"{type(owner).__name__}.{method}() returned {kind} at position {one_line(where())!r}: it must return a "
        "number (an int or a float)"
    )


def by_value(x: Any) -> bool:
    """Whether ``x``'s class hashes by value (ints, strings, tuples, frozen dataclasses):
    for such a position, getting the same object back from a move is getting the same
    value (a pass), not an object changed in place.

    >>> by_value((1, 2)), by_value([1, 2]), by_value(object()), by_value(({"a": 1}, 2))
    (True, False, False, False)
    """
    hasher: Any = type(x).__hash__
    if hasher is None or hasher is object.__hash__:
        return False
    try:
        hash(x)  # a tuple holding a dict or a list can change in place
    except TypeError:
        return False
    return True


def one_line(text: str, limit: int = 60) -> str:
    """``text`` (a position's label) fit for a one-line message: rows joined by ``/``,
    cut to ``limit`` characters.

    >>> one_line("x..\\n.o.\\n..."), one_line("A" * 70)[-5:]
    ('x../.o./...', 'AA...')
    """
    text = "/".join(text.splitlines()) if "\n" in text or "\r" in text else text
    return text if len(text) <= limit else text[: limit - 3] + "..."


def shown(x: Any) -> str:
    """``x`` for an error message: None, or its type and its repr (shortened).

    >>> shown(None), shown("-1"), shown(list(range(30))), shown(10**5000)
    ('None', "str '-1'", 'list [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11...', 'an int of about 5001 digits')
    """
    if x is None:
        return "None"
    if type(x) is int and x.bit_length() > 128:  # and repr() of one past 4300 digits fails
        return f"an int of about {int(x.bit_length() * 0.30103) + 1} digits"
    text = repr(x)
    return f"{type(x).__name__} {text if len(text) <= 40 else text[:37] + '...'}"


def freeze(x: Any) -> Hashable:
    """A hashable stand-in for ``x``, for transposition keys of states.

    Numbers, strings and values with a hash of their own (frozen dataclasses, enums)
    are kept; dicts become sorted tuples of (key, value) pairs, lists and tuples
    tuples, sets frozensets, arrays (anything with ``tolist()``) their lists, each
    element frozen in turn; other objects, whose hash is only their identity and so
    would not change when the object changes in place, become their class name and
    frozen attributes (``__dict__`` or ``__slots__``); anything else its ``repr``.

    >>> freeze({"board": {(1, 1): "X"}, "moves": [(1, 2), (2, 2)], "to_move": "O"})
    (('board', (((1, 1), 'X'),)), ('moves', ((1, 2), (2, 2))), ('to_move', 'O'))
    >>> class Board:
    ...     def __init__(self): self.cells = [0, 0]
    >>> b = Board(); before = freeze(b); b.cells[0] = 1
    >>> before, freeze(b)
    (('Board', (('cells', (0, 0)),)), ('Board', (('cells', (1, 0)),)))
    """
    return _freeze(x, set())


def _freeze(x: Any, open_: set[int]) -> Hashable:
    """:func:`freeze`, ``open_`` holding the ids of the containers being frozen around
    ``x``: an object met again inside itself (``self.game = self``) becomes a marker
    rather than an endless recursion."""
    if x is None or isinstance(x, (str, bytes, int, float, complex)):
        return x
    if id(x) in open_:
        return ("<cycle>", type(x).__name__)
    open_.add(id(x))
    try:
        return _frozen(x, open_)
    finally:
        open_.discard(id(x))


def _frozen(x: Any, open_: set[int]) -> Hashable:
    if isinstance(x, dict):
        return tuple(sorted(((_freeze(k, open_), _freeze(v, open_)) for k, v in x.items()), key=repr))
    if isinstance(x, (list, tuple)):
        return tuple(_freeze(v, open_) for v in x)
    if isinstance(x, (set, frozenset)):
        return frozenset(_freeze(v, open_) for v in x)
    tolist = getattr(x, "tolist", None)
    if callable(tolist):
        return (type(x).__name__, _freeze(tolist(), open_))
    if type(x).__hash__ is not None and not _inherited(x, "__hash__"):
        return x  # hashed by value
    attrs = getattr(x, "__dict__", None)
    if isinstance(attrs, dict):
        return (type(x).__name__, _freeze(attrs, open_))
    slots = [name for cls in type(x).__mro__ for name in getattr(cls, "__slots__", ()) if hasattr(x, name)]
    if slots:
        return (type(x).__name__, tuple((name, _freeze(getattr(x, name), open_)) for name in slots))
    return repr(x)


class HistoryGame:
    """What the adapters of mutable game objects share (this module's and easyAI's).

    A position is the tuple of moves made from the object's state at wrapping time;
    :meth:`_walk` (each adapter's own) brings the object, or a copy, from the moves it
    stands at to a position's.  ``key`` and ``label`` are functions of the object in
    that state; ``max_score``, when given, allows stopping at a proven win.  The object
    must have the methods ``REQUIRED`` names; else an InputError says what ``NEEDS``.
    """

    REQUIRED: tuple[str, ...] = ()
    NEEDS = "a game object needs methods {methods}"
    """The kind of object, and any hint, for the error naming the methods it lacks."""
    MOVES = "get_moves"
    """The object's method that lists its moves."""
    UNDO = "unmake_move"
    """The object's method that takes a move back."""

    def __init__(
        self,
        obj: Any,
        *,
        key: Callable[[Any], Hashable] | None = None,
        label: Callable[[Any], str] | None = None,
        max_score: float | None = None,
    ) -> None:
        check_callables(key=key, label=label)
        check_number(max_score, "max_score", none=True)
        missing = missing_methods(obj, self.REQUIRED)
        if missing:
            raise InputError(
                f"{type(obj).__name__} lacks {', '.join(missing)} ({self.NEEDS.format(methods=', '.join(self.REQUIRED))})"
            )
        self.obj = obj
        self.root: History = ()
        self._path: list[Any] = []  # the moves the object stands at
        self._start = self._look()
        self._key = key
        self._label = label
        if max_score is not None:
            self.max_score = max_score

    def _goto(self, pos: History) -> Any:
        """The game object standing at ``pos``."""
        path = self._path
        common = 0
        limit = min(len(path), len(pos))
        while common < limit and path[common] == pos[common]:
            common += 1
        return self._walk(common, pos)

    def _walk(self, common: int, pos: History) -> Any:
        """The object at ``pos``, from the one at ``_path``, which shares ``pos``'s
        first ``common`` moves; ``_path`` becomes ``pos``."""
        raise NotImplementedError

    def _text(self, obj: Any) -> str | None:
        """The object's own name for its state, if it has one (see :func:`readable`)."""
        return readable(obj)

    def _look(self) -> Any:
        """What the object at hand shows of its state: whether it is over, its moves, and
        its text when it has one (not every attribute: a counter of moves made may
        change); None if it cannot say."""
        obj = self.obj
        try:
            moves = getattr(obj, self.MOVES)()
            return bool(obj.is_over()), list(moves) if moves is not None else None, readable(obj)
        except Exception:  # noqa: BLE001 - a game that cannot answer now is checked when searched
            return None

    def restore(self) -> None:
        """Put the object back in the state it had when wrapped; an InputError if it is
        not (its moves do not undo each other, or it was changed since)."""
        self._goto(())
        if self._start is None:
            return
        now = self._look()
        if now != self._start:
            then = self._start
            seen = (
                f"its moves were {then[1]!r:.50} and are now {now[1]!r:.50}" if now is not None and then[1] != now[1]
                else f"is_over() was {then[0]} and is now {now[0]}" if now is not None and then[0] != now[0]
                else f"it read {then[2]!r:.50} and now reads {now[2]!r:.50}" if now is not None
                else "it could then list its moves and now cannot"
            )
            raise InputError(
                f"{type(self.obj).__name__} is not as it was when {type(self).__name__} wrapped it ({seen}): either "
                f"{self.UNDO}() does not exactly undo make_move(), or the object was changed outside negaviz since "
                f"(wrap it again after changing it)"
            )

    def play(self, pos: History, move: Any) -> History:
        return pos + (move,)  # lazily: the object moves only when asked about the child

    def is_terminal(self, pos: History) -> bool:
        return bool(self._goto(pos).is_over())

    def label(self, pos: History) -> str:
        obj = self._goto(pos)
        if self._label is not None:
            return str(self._label(obj))
        text = self._text(obj)
        return path_label(pos) if text is None else text

    def move_name(self, pos: History, move: Any) -> str:
        return str(move)


class MutableGame(HistoryGame):
    """Adapter from a make/unmake game object to the negaviz game protocol.

    ``key`` (optional) maps the object, in its current state, to a hashable key for
    transposition tables; ``evaluate`` (optional) gives a heuristic value for the side
    to move at depth-limited leaves.  ``max_score`` may be given to allow stopping at
    the first proven win.  ``label`` (optional) names the object's current state for
    drawings (see the module for the default).
    """

    REQUIRED = _REQUIRED
    NEEDS = "a mutable game needs methods {methods}"

    def __init__(
        self,
        obj: Any,
        *,
        key: Callable[[Any], Hashable] | None = None,
        evaluate: Callable[[Any], float] | None = None,
        max_score: float | None = None,
        label: Callable[[Any], str] | None = None,
    ) -> None:
        check_callable(evaluate, "evaluate", none=True, takes="from a position to a number")
        super().__init__(obj, key=key, label=label, max_score=max_score)
        self._evaluate = evaluate

    def _walk(self, common: int, pos: History) -> Any:
        """Unmake moves back to the common part, then make ``pos``'s."""
        path = self._path
        while len(path) > common:
            self.obj.unmake_move(path.pop())
        for move in pos[common:]:
            self.obj.make_move(move)
            path.append(move)
        return self.obj

    # --- the four verbs (play and is_terminal are HistoryGame's) ----------------------
    def moves(self, pos: History) -> list[Any]:
        return moves_from(self._goto(pos).get_moves(), self.obj, "get_moves", lambda: self.label(pos))

    def score(self, pos: History) -> float:
        return number_from(self._goto(pos).get_utility(), self.obj, "get_utility", lambda: self.label(pos))

    # --- optional verbs -------------------------------------------------------------
    def key(self, pos: History) -> Hashable:
        return pos if self._key is None else self._key(self._goto(pos))

    def evaluate(self, pos: History) -> float:
        if self._evaluate is None:
            raise InputError("a depth-limited search of a mutable game needs MutableGame(..., evaluate=fn)")
        return self._evaluate(self._goto(pos))
