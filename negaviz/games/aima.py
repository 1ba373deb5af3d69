"""Search a game written for AIMA (aima-python's ``games.py``) unchanged.

An AIMA game has ``actions(state)``, ``result(state, move)``, ``terminal_test(state)``,
``utility(state, player)`` (from ``player``'s view), ``to_move(state)`` and an
``initial`` state.  :func:`from_aima` wraps it in one line:

>>> import negaviz
>>> class Fig52Game:  # AIMA's figure 5.2, as aima-python writes it
...     succs = dict(A=dict(a1="B", a2="C", a3="D"), B=dict(b1="B1", b2="B2", b3="B3"),
...                  C=dict(c1="C1", c2="C2", c3="C3"), D=dict(d1="D1", d2="D2", d3="D3"))
...     utils = dict(B1=3, B2=12, B3=8, C1=2, C2=4, C3=6, D1=14, D2=5, D3=2)
...     initial = "A"
...     def actions(self, state): return list(self.succs.get(state, {}).keys())
...     def result(self, state, move): return self.succs[state][move]
...     def utility(self, state, player): return self.utils[state] if player == "MAX" else -self.utils[state]
...     def terminal_test(self, state): return state not in ("A", "B", "C", "D")
...     def to_move(self, state): return "MIN" if state in "BCD" else "MAX"
>>> game = negaviz.from_aima(Fig52Game())
>>> trace = negaviz.record(game, algorithm="alphabeta")
>>> trace.value, trace.pv_names(), [trace.label(n.id) for n in trace.nodes][:5]
(3, ['a1', 'b1'], ['A', 'B', 'B1', 'B2', 'B3'])
>>> trace.counts().nodes, trace.counts().cutoffs  # C2, C3 never visited
(11, 1)

Whose value
-----------
negaviz's values are for the side to move at each node, so a leaf's value is
``utility(leaf, player to move)``.  The player to move is counted in plies from the
root: the root's player, ``to_move(initial)``, moves at even plies, the other player
at odd plies.  The wrapper does not trust ``to_move`` deeper down, because some AIMA
games get it wrong: ``Fig52Extended.to_move`` says MAX at the leaves, where MIN is to
move, and a wrapper that asked ``utility(leaf, to_move(leaf))`` would silently search
the wrong game.  The other player's name is ``players[1]`` when ``players=`` is given,
else what ``to_move`` says after the root's first move (when that differs from the
root's player); when neither names it, odd-ply leaves are scored as minus the root
player's utility, which for the zero-sum games negamax searches is the same.

Positions, keys and labels
--------------------------
A position is an :class:`AimaPosition`: the AIMA state and the moves that led to it
(its ply is their number).  Transposition keys are the ply's parity with
``key(state)`` when ``key=`` is given, else with
:func:`~negaviz.games.adapter.freeze` of the state: the state itself when it is a
value (a string, a number, a tuple of them), else a hashable copy of it (AIMA's
tic-tac-toe states hold a dict and a list).  Labels come from ``label=`` (a function of the state) when given;
else from what the game's ``display(state)`` prints; else from ``str(state)`` unless
that is Python's default ``<... object at 0x...>``; else from the moves.
"""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from typing import Any, Callable, Hashable, NamedTuple

from negaviz.errors import InputError
from negaviz.games.adapter import by_value, freeze, missing_methods, moves_from, number_from, path_label, readable
from negaviz.vocabulary import check_callables, check_number, shown

__all__ = ["from_aima"]

_REQUIRED = ("actions", "result", "utility", "terminal_test", "to_move")


class AimaPosition(NamedTuple):
    """A position of a wrapped AIMA game."""

    state: Any
    """The AIMA state."""
    path: tuple[Any, ...]
    """The moves from the root that led here; the ply is their number."""


class AimaGame:
    """Adapter from an AIMA game to the negaviz game protocol (see the module)."""

    def __init__(
        self,
        game: Any,
        state: Any = None,
        *,
        key: Callable[[Any], Hashable] | None = None,
        label: Callable[[Any], str] | None = None,
        evaluate: Callable[[Any], float] | None = None,
        max_score: float | None = None,
        players: tuple[Any, Any] | None = None,
    ) -> None:
        check_callables(key=key, label=label, evaluate=evaluate)
        check_number(max_score, "max_score", none=True)
        if players is not None and (not isinstance(players, (tuple, list)) or len(players) != 2):
            raise InputError(f"players= must name the two players, (root's player, other), not {shown(players)}")
        missing = missing_methods(game, _REQUIRED)
        if missing:
            raise InputError(
                f"{type(game).__name__} lacks {', '.join(missing)} "
                f"(an AIMA game needs methods {', '.join(_REQUIRED)}, and an initial state)"
            )
        if state is None:
            state = getattr(game, "initial", None)
            if state is None:
                raise InputError(
                    f"{type(game).__name__} has no initial state: give it an 'initial' attribute, "
                    "or pass the state to search from: from_aima(game, state)"
                )
        self.game = game
        self.root = AimaPosition(state, ())
        self.root_player = game.to_move(state) if players is None else players[0]
        """The player to move at the root (even plies)."""
        self.other_player = players[1] if players is not None else self._other(state)
        """The player to move at odd plies (None if unknown: then scored as minus the root player's utility)."""
        self._key = key
        self._label = label
        self._evaluate = evaluate
        if max_score is not None:
            self.max_score = max_score

    def _other(self, state: Any) -> Any:
        """The other player: who ``to_move`` says moves after the root's first move."""
        game = self.game
        if game.terminal_test(state):
            return None
        for move in moves_from(game.actions(state), game, "actions", lambda: repr(state)):
            who = game.to_move(game.result(state, move))
            return None if who == self.root_player else who
        return None

    def _sign(self, pos: AimaPosition) -> int:
        """+1 where the root's player moves (even plies), -1 where the other does."""
        return -1 if len(pos.path) % 2 else 1

    # --- the four verbs -------------------------------------------------------------
    def moves(self, pos: AimaPosition) -> list[Any]:
        return moves_from(self.game.actions(pos.state), self.game, "actions", lambda: self.label(pos))

    def play(self, pos: AimaPosition, move: Any) -> AimaPosition:
        state = self.game.result(pos.state, move)
        if state is pos.state and not by_value(state):
            raise InputError(
                f"{type(self.game).__name__}.result() returned the state it was given (move {move!r} at position {self.label(pos)!r}): "
                "it must return a new state and leave its argument unchanged (copy the state, change the copy)"
            )
        return AimaPosition(state, pos.path + (move,))

    def is_terminal(self, pos: AimaPosition) -> bool:
        return bool(self.game.terminal_test(pos.state))

    def score(self, pos: AimaPosition) -> float:
        odd = len(pos.path) % 2
        if odd and self.other_player is not None:
            return number_from(self.game.utility(pos.state, self.other_player), self.game, "utility", lambda: self.label(pos))
        value = number_from(self.game.utility(pos.state, self.root_player), self.game, "utility", lambda: self.label(pos))
        return -value if odd else value

    # --- optional verbs -------------------------------------------------------------
    def key(self, pos: AimaPosition) -> Hashable:
        state = pos.state
        return (len(pos.path) % 2, freeze(state) if self._key is None else self._key(state))

    def evaluate(self, pos: AimaPosition) -> float:
        if self._evaluate is None:
            raise InputError(
                "a depth-limited search of an AIMA game needs from_aima(game, evaluate=fn), "
                "fn(state) for the root's player (as AIMA's eval_fn)"
            )
        return self._sign(pos) * self._evaluate(pos.state)

    def player(self, pos: AimaPosition) -> int:
        return len(pos.path) % 2

    def label(self, pos: AimaPosition) -> str:
        state = pos.state
        if self._label is not None:
            return str(self._label(state))
        display = getattr(self.game, "display", None)
        if callable(display):
            out = io.StringIO()
            with redirect_stdout(out):
                display(state)
            text = "\n".join(line.rstrip() for line in out.getvalue().strip("\n").splitlines())
            if text and "object at 0x" not in text:
                return text
        text_or_none = readable(state)
        return path_label(pos.path) if text_or_none is None else text_or_none

    def move_name(self, pos: AimaPosition, move: Any) -> str:
        return str(move)


def from_aima(
    game: Any,
    state: Any = None,
    *,
    key: Callable[[Any], Hashable] | None = None,
    label: Callable[[Any], str] | None = None,
    evaluate: Callable[[Any], float] | None = None,
    max_score: float | None = None,
    players: tuple[Any, Any] | None = None,
) -> AimaGame:
    """A negaviz game searching the AIMA game ``game`` from ``state`` (default: its
    ``initial``).  ``key`` maps a state to a hashable key, ``label`` to text for
    drawings, ``evaluate`` to a heuristic value for the root's player (AIMA's
    ``eval_fn``) for depth-limited searches; ``max_score`` allows stopping at a proven
    win; ``players`` names the root's player and the other, e.g. ``("MAX", "MIN")``.
    See the module for how values, keys and labels are found."""
    return AimaGame(game, state, key=key, label=label, evaluate=evaluate, max_score=max_score, players=players)
