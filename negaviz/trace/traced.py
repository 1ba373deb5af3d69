"""The recording wrapper of a student's search function (:class:`TracedFunction`): each
call of the function is one node, reported to a :class:`~negaviz.trace.Recorder` as the
events negaviz's own core emits (see :mod:`negaviz.trace.calls`, which wraps
functions in it, for how calls become events)."""

from __future__ import annotations

import copy
import inspect
import math
import numbers
import re
import warnings
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import update_wrapper
from types import MethodType
from typing import Any, Literal, get_args

from negaviz.errors import InputError
from negaviz.games.adapter import MutableGame, path_label, readable, shown
from negaviz.games.protocol import key_of, max_score_of, missing_verbs
from negaviz.search.events import Bound, CutReason, EventKind
from negaviz.trace.recorder import Recorder
from negaviz.trace.trace import StudentTrace
from negaviz.vocabulary import check_callable

__all__: list[str] = []

INF = math.inf
_NO_KEY = object()
Returns = Literal["value", "value_move"]
"""What a student's function returns: its value, or a ``(value, move)`` pair."""
RETURNS: tuple[Returns, ...] = get_args(Returns)
_K = EventKind
_WINDOW_NAME = re.compile(r"(alpha|beta|α|β|a|b|lo|hi|low|high|lower|upper|lb|ub)(_?\d*|_bound)?", re.IGNORECASE)
"""Parameter names that look like one end of an alpha-beta window."""


def _check_returns_key(returns: Any, key: Any) -> None:
    if not isinstance(returns, str) or returns not in RETURNS:
        raise InputError(f"unknown returns: {shown(returns)} (must be one of {list(RETURNS)})")
    check_callable(key, "key", none=True, takes="from the game object to a hashable key")


class WindowWarning(UserWarning):
    """A search function seems to take a window (alpha, beta) that the recorder was not told about."""


@dataclass
class _Frame:
    """One call of the student's function that has not returned yet."""

    pos: Any
    """The node's position in the game (for a mutable game: its move history)."""
    alpha: float
    beta: float
    moves: tuple[Any, ...] | None = None
    """The node's moves, in the game's order (computed when first needed)."""
    keys: list[Hashable] | None = None
    """The key of each move's child, to recognise which move a call is."""
    entered: list[int] = field(default_factory=list)
    """Indices of the children called so far, in order."""
    best: float = -INF
    """The best negated child value so far."""
    terminal: bool | None = None
    """Mutable game: whether the game was over on entry (None: ask the game when needed)."""
    state: Any = None
    """Mutable game: what the object looked like on entry (see ``TracedFunction._state``),
    to tell a call that leaves it changed."""


class TracedFunction:
    """A student's search function that records each outermost call as a trace.

    Call it exactly like the function.  After each outermost call (one whose caller is
    not the function itself) the trace is in :attr:`last_trace`; every trace so far is
    in :attr:`traces`.  If the function raises, the partial trace is kept and the
    exception passes on.
    """

    def __init__(
        self,
        fn: Callable[..., Any],
        game: Any,
        *,
        position: str | int = 0,
        alpha: str | int | None = None,
        beta: str | int | None = None,
        returns: Returns = "value",
        key: Callable[[Any], Hashable] | None = None,
        stacklevel: int = 2,
    ) -> None:
        if not callable(fn):
            raise InputError(f"trace_calls needs a function, not {fn!r}")
        missing = missing_verbs(game)
        if missing:
            raise InputError(
                f"{type(game).__name__} is not a negaviz game: it lacks {', '.join(missing)} "
                "(use a Tree, a TicTacToe, or MutableGame(your_object))"
            )
        _check_returns_key(returns, key)
        if (alpha is None) != (beta is None):
            raise InputError("give both alpha= and beta= (alpha-beta), or neither (plain negamax)")
        self._fn = fn
        self.game = game
        self.returns = returns
        self._key = key
        self._sig = inspect.signature(fn)
        self._position = self._param(position, "position")
        self._alpha = None if alpha is None else self._param(alpha, "alpha")
        self._beta = None if beta is None else self._param(beta, "beta")
        self._mutable = isinstance(game, MutableGame)
        if key is not None and not self._mutable:
            raise InputError(
                f"key= identifies the state of a MutableGame's object; {type(game).__name__} "
                "positions are matched by the game's own key()"
            )
        self._stack: list[_Frame] = []
        self._recorder: Recorder | None = None
        self._fault: str | None = None  # what the recorder found wrong in the current outermost call
        self._root: Any = None
        self._recorded_game: Any = None  # the game as it was when the outermost call began
        self.last_trace: StudentTrace | None = None
        """The trace of the latest outermost call (None before the first)."""
        self.traces: list[StudentTrace] = []
        """The traces of every outermost call, in order."""
        update_wrapper(self, fn)
        if self._alpha is None:
            self._warn_unnamed_window(stacklevel)

    def _param(self, which: str | int, role: str) -> str:
        """The name of the parameter given by name or position."""
        names = list(self._sig.parameters)
        if isinstance(which, bool) or not isinstance(which, (str, int)):
            raise InputError(f"{role}= must be a parameter name or index, not {which!r}")
        if isinstance(which, int):
            if not 0 <= which < len(names):
                raise InputError(
                    f"{role}={which} is not a parameter index of {self._fn.__name__}{self._sig} "
                    f"(0..{len(names) - 1})"
                )
            return names[which]
        if which not in names:
            raise InputError(f"{role}={which!r} is not a parameter of {self._fn.__name__}{self._sig} (parameters: {names})")
        return which

    def _warn_unnamed_window(self, stacklevel: int) -> None:
        """Warn when parameters look like a window that alpha= and beta= do not name."""
        names = [n for n in self._sig.parameters if n != self._position and _WINDOW_NAME.fullmatch(n)]
        if not names:
            return
        fn = self._fn.__name__
        suggest = f"alpha={names[0]!r}, beta={names[1]!r}" if len(names) >= 2 else "alpha=..., beta=..."
        shown = " and ".join(names) if len(names) <= 2 else ", ".join(names)
        warnings.warn(
            f"{fn} has parameters {shown} that look like an alpha-beta window, but the recorder was not told "
            f"about them: every window will be recorded as (-inf, inf) and check() will compare {fn} with plain "
            f"negamax, so its first cutoff will look like a node that stopped too early. Pass {suggest} to "
            "trace_calls or capture (or ignore this warning if they are not a window).",
            WindowWarning,
            stacklevel=stacklevel + 1,
        )

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        # Decorating a method: ``self.negamax(...)`` calls the recorder with ``self`` first.
        return self if obj is None else MethodType(self, obj)

    @property
    def windowed(self) -> bool:
        """Whether the function takes a window (alpha and beta)."""
        return self._alpha is not None

    # --- one call ---------------------------------------------------------------------
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            bound = self._sig.bind(*args, **kwargs)
        except TypeError:
            return self._fn(*args, **kwargs)  # let Python report the bad call as usual
        bound.apply_defaults()
        arg = bound.arguments[self._position]
        alpha, beta = -INF, INF
        if self._alpha is not None and self._beta is not None:
            alpha = _number(bound.arguments[self._alpha], f"the {self._alpha} argument")
            beta = _number(bound.arguments[self._beta], f"the {self._beta} argument")
        top = not self._stack
        if top:
            self._start(arg)
            index, pos = 0, self._root
        else:
            index, pos = self._locate(self._stack[-1], arg)
        rec = self._recorder
        assert rec is not None
        rec.emit((_K.ENTER.value, index, alpha, beta))
        frame = _Frame(pos, alpha, beta)
        if self._mutable:
            self._look_around(frame, arg)
        self._stack.append(frame)
        try:
            result = self._fn(*args, **kwargs)
            value = self._value_of(result, frame)
            if self._mutable:
                changed = self._left_changed(frame)
                if changed is not None:
                    self._fault = str(changed)
                    raise changed
        except BaseException:
            self._stack.pop()
            if top:
                self._finish()
            raise
        self._stack.pop()
        self._returned(frame, value)
        if top:
            self._finish()
        return result

    def _start(self, arg: Any) -> None:
        if self._mutable:
            game: MutableGame = self.game
            if arg is not game.obj:
                raise InputError(
                    f"{self._fn.__name__} was called with {type(arg).__name__} object {arg!r:.40}, "
                    "not the object wrapped by the MutableGame given to trace_calls"
                )
            self._root = game.root
        else:
            try:
                self.game.is_terminal(arg)
            except Exception as exc:  # the student's own representation: say so at the edge
                raise InputError(
                    f"{self._fn.__name__} was called with {arg!r:.40}, which {type(self.game).__name__} does not "
                    f"understand as a position ({type(exc).__name__}: {exc}); pass the game's positions, "
                    "or wrap a make/unmake class in MutableGame"
                ) from exc
            self._root = arg
        self._recorded_game = None if self._mutable else _as_it_is(self.game)
        self._recorder = Recorder()
        self._fault = None

    def _finish(self) -> None:
        rec, self._recorder = self._recorder, None
        assert rec is not None
        self._stack.clear()
        game, self._recorded_game = self._recorded_game, None
        trace = rec.finish(game=self.game if game is None else game, root=self._root, result=None)
        fault, self._fault = self._fault, None
        self.last_trace = StudentTrace(trace, function=self._fn.__name__, windowed=self.windowed, fault=fault)
        self.traces.append(self.last_trace)

    def _look_around(self, frame: _Frame, obj: Any) -> None:
        """Mutable game: note terminal, moves and (with ``key``) the children's keys now,
        while the object stands at this node."""
        if obj is not self.game.obj:
            raise InputError(
                f"{self._fn.__name__} called itself with a different {type(obj).__name__} object; "
                "a MutableGame search must make and unmake moves on the one object it wraps"
            )
        frame.terminal = bool(obj.is_over())
        frame.moves = tuple(obj.get_moves())
        frame.state = self._state(obj, frame)
        if self._key is not None:
            keys = []
            for m in frame.moves:
                obj.make_move(m)
                keys.append(self._key(obj))
                obj.unmake_move(m)
            frame.keys = keys

    def _state(self, obj: Any, frame: _Frame) -> Any:
        """The mutable object's state as far as a search can see it: its key (with
        ``key=``), else whether the game is over, its moves, and its text when it has
        one (not every attribute: a counter of visited nodes may change)."""
        if self._key is not None:
            return self._key(obj)
        moves = frame.moves if frame.state is None and frame.moves is not None else tuple(obj.get_moves())
        return bool(obj.is_over()), moves, readable(obj)

    def _left_changed(self, frame: _Frame) -> InputError | None:
        """The error for a call that returned with the object not as it found it."""
        obj = self.game.obj
        now = self._state(obj, _Frame(frame.pos, frame.alpha, frame.beta, state=frame.state))
        if now == frame.state:
            return None
        where = "at the root" if not frame.pos else f"at the position after moves {path_label(frame.pos)}"
        if self._key is not None:
            seen = f"its key was {frame.state!r:.60} on entry and {now!r:.60} on return"
        else:
            seen = f"its moves were {list(frame.state[1])!r:.60} on entry and {list(now[1])!r:.60} on return"
            if frame.state[1] == now[1]:
                seen = (
                    f"is_over() was {frame.state[0]} on entry and {now[0]} on return"
                    if frame.state[0] != now[0] else f"it read {frame.state[2]!r:.60} on entry and {now[2]!r:.60} on return"
                )
        return InputError(
            f"{self._fn.__name__} left the game changed: the call {where} returned with the "
            f"{type(obj).__name__} object not as it found it ({seen}); every make_move(m) needs its "
            "unmake_move(m) before the next move is tried and before the function returns (the object stays "
            "changed: make a new one before searching again)"
        )

    def _locate(self, parent: _Frame, arg: Any) -> tuple[int, Any]:
        """The index of the parent's move that this call is, and the child's position."""
        game = self.game
        if parent.moves is None:  # immutable game: look at the parent's children once
            parent.moves = tuple(game.moves(parent.pos))
            parent.keys = [key_of(game, game.play(parent.pos, m)) for m in parent.moves]
        moves = parent.moves
        index = None
        if parent.keys is not None:
            try:
                me = self._key(arg) if self._mutable and self._key is not None else key_of(game, arg)
            except (TypeError, ValueError, KeyError, IndexError, AttributeError):
                me = _NO_KEY  # not a position the game understands: fall back to call order
            matches = [i for i, k in enumerate(parent.keys) if k == me]
            fresh = [i for i in matches if i not in parent.entered]
            # A position searched again (a re-search) is the move it was last time.
            if fresh:
                index = fresh[0]
            elif matches:
                index = next(i for i in reversed(parent.entered) if i in matches)
        if index is None:  # by call order
            index = parent.entered[-1] + 1 if parent.entered else 0
            if index >= len(moves):
                raise InputError(
                    f"{self._fn.__name__} made more recursive calls at one node than the game has moves "
                    f"there ({len(moves)}); its positions do not match the game's {type(game).__name__}"
                )
        if not parent.entered:
            rec = self._recorder
            assert rec is not None
            rec.expand(moves)
        parent.entered.append(index)
        return index, game.play(parent.pos, moves[index])

    def _value_of(self, result: Any, frame: _Frame) -> float:
        value = result
        if self.returns == "value_move":
            if not isinstance(result, (tuple, list)) or len(result) != 2:
                raise InputError(
                    f"{self._fn.__name__} returned {result!r}, not a (value, move) pair as returns='value_move' says"
                )
            value = result[0]
        elif isinstance(result, (tuple, list)):
            raise InputError(
                f"{self._fn.__name__} returned {result!r}; with returns='value' it must return a number "
                "(use returns='value_move' for functions returning (value, move))"
            )
        return _number(value, f"the value {self._fn.__name__} returned")

    def _returned(self, frame: _Frame, value: float) -> None:
        """Emit the node's own ending, then the parent's bookkeeping."""
        rec = self._recorder
        assert rec is not None
        if not frame.entered:
            terminal = frame.terminal if frame.terminal is not None else bool(self.game.is_terminal(frame.pos))
            rec.emit((_K.LEAF.value if terminal else _K.EVAL.value, value))
        else:
            assert frame.moves is not None
            if max(frame.entered) + 1 < len(frame.moves):
                win = max_score_of(self.game)
                reason = CutReason.WIN if value < frame.beta and win is not None and value >= win else CutReason.BETA
                rec.emit((_K.CUTOFF.value, reason.value))
            bound = Bound.UPPER if value <= frame.alpha else Bound.LOWER if value >= frame.beta else Bound.EXACT
            rec.emit((_K.EXIT.value, value, bound.value))
        if self._stack:
            parent = self._stack[-1]
            v = -value
            if v > parent.best:
                parent.best = v
                alpha = max(parent.alpha, v) if self.windowed else parent.alpha
                rec.emit((_K.BEST.value, v, alpha))
            else:
                rec.emit((_K.CHILD.value, v))


def _as_it_is(game: Any) -> Any:
    """A copy of ``game`` as it is now, for the trace to keep: a game changed after the
    recording (a lecturer's next exercise) must not change what the trace says was
    searched, nor what :func:`~negaviz.student.check` compares it with.  None when the
    game cannot be copied (the trace then keeps the game itself)."""
    try:
        return copy.deepcopy(game)
    except Exception:
        return None


def _number(x: Any, what: str) -> float:
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise InputError(f"{what} is {shown(x)}, not a number")
    try:
        v = float(x)
    except OverflowError:  # an int such as 10**400: no float, and so no trace, holds it
        raise InputError(
            f"{what} is {shown(x)}: too large for a float, so no trace can hold it (values must be numbers "
            "up to about 1.8e308 in magnitude)"
        ) from None
    if math.isnan(v):
        raise InputError(f"{what} is NaN, not a number")
    return v
