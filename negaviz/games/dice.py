"""A dice race: a small game with chance, for the lecture after alpha-beta.

Two runners, red and blue, each some squares from home.  On a turn a runner either
**walks** one square (sure), or **runs**: a die is thrown, and the runner goes as far as
it shows, except that a 1 is a stumble (no square at all).  With a three-sided die a run
goes 0, 2 or 3 squares, 5/3 on average: more than a walk, but it may bring nothing.  The
first runner home wins; after the last move of the game the runner nearer home wins by
the difference.

A run is a chance position (:meth:`DiceRace.outcomes`): the die is thrown before the
other runner moves, so it is the other runner's position (``player``), and its outcomes
leave the other runner to move.  It is the textbook's case of a move that minimax and
expectimax value differently: minimax, taking chance for an opponent, expects the
stumble and walks; expectimax runs when the average pays.

>>> game = DiceRace("2 2 4")
>>> game.moves(game.root), game.label(game.root)
(('walk', 'run'), 'red 2, blue 2; 4 moves left; red to move')
>>> ran = game.play(game.root, "run")
>>> game.outcomes(ran)
((0, Fraction(1, 3)), (2, Fraction(1, 3)), (3, Fraction(1, 3)))
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import NamedTuple

from negaviz.errors import InputError
from negaviz.vocabulary import shown

__all__ = ["DiceRace"]

WIN = 10
"""The score of a win (a runner home), above any difference of squares."""
MAX_SQUARES = 9
"""The farthest a runner may start (a difference of squares stays below a win)."""


class Race(NamedTuple):
    """A position of the race."""

    mover: int
    """Squares left to the runner to move (after a throw: the runner about to move)."""
    other: int
    """Squares left to the other runner (after a throw: the runner who ran)."""
    left: int
    """Moves left in the game."""
    running: bool = False
    """The other runner ran: the die is about to be thrown (a chance position)."""


class DiceRace:
    """The dice race; ``position`` is ``"RED BLUE MOVES"``, e.g. ``"3 3 6"`` (squares
    from home and moves left in the game, red to move), with an optional die, ``d3`` (the
    default) to ``d6``."""

    player_names = ("red", "blue")
    max_score = WIN

    def __init__(self, position: str | None = None) -> None:
        text = "3 3 6" if position is None else position
        m = re.fullmatch(r"\s*(\d+)\s+(\d+)\s+(\d+)(?:\s+d(\d+))?\s*", text) if isinstance(text, str) else None
        if m is None:
            raise InputError(f"position: a dice race is written 'RED BLUE MOVES [dN]', e.g. '3 3 6' or '3 3 6 d6', "
                             f"not {shown(position)}")
        red, blue, moves, sides = int(m[1]), int(m[2]), int(m[3]), int(m[4] or 3)
        if not (1 <= red <= MAX_SQUARES and 1 <= blue <= MAX_SQUARES):
            raise InputError(f"each runner starts 1 to {MAX_SQUARES} squares from home, not {red} and {blue}")
        if not 1 <= moves <= 40:
            raise InputError(f"a dice race lasts 1 to 40 moves, not {moves}")
        if not 2 <= sides <= 6:
            raise InputError(f"the die has 2 to 6 sides (d2 to d6), not {sides}")
        self.sides = sides
        self.moves_in_game = moves
        self.root = Race(red, blue, moves)
        self._text = f"{red} {blue} {moves}" + ("" if sides == 3 else f" d{sides}")

    # --- the verbs --------------------------------------------------------------------
    def moves(self, pos: Race) -> tuple[object, ...]:
        if pos.running:
            return tuple(self._advance(face) for face in range(1, self.sides + 1))
        return ("walk", "run")

    def play(self, pos: Race, move: object) -> Race:
        if pos.running:
            if move not in self.moves(pos):
                raise InputError(f"{move!r} is not a throw of this d{self.sides} (a run goes {self.moves(pos)})")
            return Race(pos.mover, max(0, pos.other - int(move)), pos.left)  # type: ignore[call-overload]
        if move == "walk":
            return Race(pos.other, pos.mover - 1, pos.left - 1)
        if move == "run":
            return Race(pos.other, pos.mover, pos.left - 1, True)
        raise InputError(f"{move!r} is not a move of the dice race (moves: 'walk', 'run')")

    def is_terminal(self, pos: Race) -> bool:
        return not pos.running and (pos.other == 0 or pos.left == 0)

    def score(self, pos: Race) -> int:
        """For the runner to move: a loss when the other is home, else the squares it is ahead."""
        return -WIN if pos.other == 0 else pos.other - pos.mover

    def outcomes(self, pos: Race) -> tuple[tuple[int, Fraction], ...] | None:
        """After a run: each throw's squares, each throw equally likely."""
        if not pos.running:
            return None
        return tuple((self._advance(face), Fraction(1, self.sides)) for face in range(1, self.sides + 1))

    # --- optional verbs -------------------------------------------------------------------
    def evaluate(self, pos: Race) -> int:
        """The squares the runner to move is ahead (a throw still to come not counted)."""
        return -WIN if pos.other == 0 else pos.other - pos.mover

    def player(self, pos: Race) -> int:
        return (self.moves_in_game - pos.left) % 2

    def key(self, pos: Race) -> Race:
        return pos

    def label(self, pos: Race) -> str:
        who = self.player(pos)
        squares = {who: pos.mover, 1 - who: pos.other}
        names = self.player_names
        where = f"{names[0]} {squares[0]}, {names[1]} {squares[1]}; {pos.left} moves left"
        if pos.running:
            return f"{where}; {names[1 - who]} ran: the die is thrown"
        return f"{where}; {names[who]} to move"

    def move_name(self, pos: Race, move: object) -> str:
        return f"+{move}" if pos.running else str(move)

    def spec(self) -> dict[str, object]:
        return {"game": "dice", "position": self._text}

    def _advance(self, face: int) -> int:
        """The squares a throw of ``face`` gives: a 1 is a stumble."""
        return 0 if face == 1 else face
