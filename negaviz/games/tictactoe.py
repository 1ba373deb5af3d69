"""Tic-tac-toe from any legal position.

A position is a pair of 9-bit boards ``(mine, theirs)``: the cells of the side to move
and of its opponent (bit ``i`` is cell ``i``, row by row from the top left).  Tables
built once at import make every verb a lookup, so the game costs the search little.

>>> game = TicTacToe()
>>> pos = game.parse("x.o/x../o..")
>>> game.label(pos)
'x.o\\nx..\\no..'
>>> [game.move_name(pos, m) for m in game.moves(pos)]
['b1', 'b2', 'c2', 'b3', 'c3']
"""

from __future__ import annotations

from typing import Any, Iterable

from negaviz.errors import InputError
from negaviz.vocabulary import check_text

__all__ = ["TicTacToe", "LINES"]

Position = tuple[int, int]

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_LINE_MASKS = tuple(sum(1 << c for c in line) for line in LINES)
_FULL = 0x1FF

#: _WINS[b] is True when the 9-bit board b holds a complete line.
_WINS = tuple(any(b & m == m for m in _LINE_MASKS) for b in range(512))
#: _EMPTY[b] lists the cells not in the occupied-set b, in cell order.
_EMPTY = tuple(tuple(c for c in range(9) if not b >> c & 1) for b in range(512))


def _permute(perm: tuple[int, ...]) -> tuple[int, ...]:
    """Table mapping a 9-bit board to the board moved by the cell permutation."""
    return tuple(sum(1 << perm[c] for c in range(9) if b >> c & 1) for b in range(512))


def _dihedral() -> tuple[tuple[int, ...], ...]:
    rot = (6, 3, 0, 7, 4, 1, 8, 5, 2)  # cell c goes to rot[c] under a quarter turn
    mirror = (2, 1, 0, 5, 4, 3, 8, 7, 6)
    perms = []
    p = tuple(range(9))
    for _ in range(4):
        perms.append(p)
        perms.append(tuple(mirror[x] for x in p))
        p = tuple(rot[x] for x in p)
    return tuple(_permute(q) for q in perms)


_SYMMETRY_TABLES = _dihedral()
# How many lines run through each cell: the classic static ordering (centre, corners, edges).
_LINES_THROUGH = tuple(sum(c in line for line in LINES) for c in range(9))


def _completing(mine: int, empty_cells: Iterable[int]) -> list[int]:
    """Empty cells that would complete a line for the owner of ``mine``."""
    return [c for c in empty_cells if _WINS[mine | 1 << c]]


class TicTacToe:
    """Tic-tac-toe: x moves first; a win scores 1, a loss -1, a draw 0."""

    max_score = 1
    player_names = ("x", "o")

    def __init__(self, position: str | None = None) -> None:
        check_text(position, "position", none=True)
        self.root: Position = (0, 0) if position is None else self.parse(position)

    # --- the four verbs -------------------------------------------------------------
    def moves(self, pos: Position) -> tuple[int, ...]:
        return _EMPTY[pos[0] | pos[1]]

    def play(self, pos: Position, move: int) -> Position:
        return (pos[1], pos[0] | 1 << move)

    def is_terminal(self, pos: Position) -> bool:
        # Only the side that just moved (now "theirs") can have made a line.
        return _WINS[pos[1]] or pos[0] | pos[1] == _FULL

    def score(self, pos: Position) -> int:
        return -1 if _WINS[pos[1]] else 0

    # --- optional verbs -------------------------------------------------------------
    def check_position(self, pos: Any) -> Position:
        """A position: this game's own, or its text, e.g. ``"x../.o./..."``."""
        if isinstance(pos, str):
            return self.parse(pos)
        if isinstance(pos, tuple) and len(pos) == 2 and all(type(b) is int and 0 <= b < 512 for b in pos):
            try:
                if not pos[0] & pos[1] and self.parse(self.position_text(pos)) == pos:
                    return pos  # the same checks as for a text
            except InputError:
                pass
        raise InputError(
            f"{pos!r} is not a tic-tac-toe position: write it as text, 9 cells of x, o and '.' "
            "row by row, e.g. 'x../.o./...'"
        )

    def key(self, pos: Position) -> int:
        return pos[0] | pos[1] << 9

    def symmetries(self, pos: Position) -> list[int]:
        mine, theirs = pos
        return [t[mine] | t[theirs] << 9 for t in _SYMMETRY_TABLES]

    def evaluate(self, pos: Position) -> float:
        """Lines still open for the side to move minus lines open for the opponent, in
        tenths: at most ±0.8, so no evaluation ever looks as good as a win (1)."""
        if self.is_terminal(pos):
            return self.score(pos)
        mine, theirs = pos
        return sum((m & theirs == 0) - (m & mine == 0) for m in _LINE_MASKS) / 10

    def order(self, pos: Position, moves: Iterable[int]) -> list[int]:
        """Centre first, then corners, then edges (cells on more lines first)."""
        return sorted(moves, key=lambda c: -_LINES_THROUGH[c])

    def threats(self, pos: Position) -> tuple[list[int], list[int]]:
        empty = _EMPTY[pos[0] | pos[1]]
        return _completing(pos[0], empty), _completing(pos[1], empty)

    def value_bounds(self, pos: Position) -> tuple[int, int]:
        """The least and most the side to move can still get: a side with no line left
        open can no longer win (the seeds' early draw detection)."""
        mine, theirs = pos
        i_can = any(m & theirs == 0 for m in _LINE_MASKS)
        they_can = any(m & mine == 0 for m in _LINE_MASKS)
        return (-1 if they_can else 0, 1 if i_can else 0)

    def player(self, pos: Position) -> int:
        return (pos[0] | pos[1]).bit_count() & 1

    def cells(self, pos: Position) -> str:
        """The 9 cells as x, o and '.', row by row."""
        mine, theirs = pos
        x, o = (mine, theirs) if self.player(pos) == 0 else (theirs, mine)
        return "".join("x" if x >> c & 1 else "o" if o >> c & 1 else "." for c in range(9))

    def label(self, pos: Position) -> str:
        s = self.cells(pos)
        return "\n".join(s[r : r + 3] for r in (0, 3, 6))

    def move_name(self, pos: Position, move: int) -> str:
        return "abc"[move % 3] + str(move // 3 + 1)

    def parse_move(self, pos: Position, text: str) -> int:
        t = text.strip().lower()
        if len(t) != 2 or t[0] not in "abc" or t[1] not in "123":
            raise InputError(f"bad tic-tac-toe move {text!r} (write a column a-c and a row 1-3, e.g. 'b2')")
        move = "abc".index(t[0]) + 3 * (int(t[1]) - 1)
        if move not in self.moves(pos):
            raise InputError(f"tic-tac-toe move {text!r} is not legal here (cell is taken or the game is over)")
        return move

    def position_text(self, pos: Position) -> str:
        s = self.cells(pos)
        return "/".join(s[r : r + 3] for r in (0, 3, 6))

    def spec(self) -> dict[str, object]:
        return {"game": "ttt", "position": self.position_text(self.root)}

    # --- parsing --------------------------------------------------------------------
    @staticmethod
    def parse(text: str) -> Position:
        """A position from 9 cells of x, o and '.', row by row; spaces and '/' are ignored.

        The side to move is inferred (x moves first); illegal positions are rejected
        with the reason.
        """
        cells = [ch for ch in text if ch not in " /\t\n"]
        for i, ch in enumerate(cells):
            if ch not in "xoXO.":
                raise InputError(
                    f"bad tic-tac-toe position {text!r}: character {ch!r} at cell {i + 1} "
                    "(cells must be x, o or '.'; spaces and '/' are ignored)"
                )
        if len(cells) != 9:
            raise InputError(f"bad tic-tac-toe position {text!r}: {len(cells)} cells given, 9 needed")
        x = sum(1 << i for i, ch in enumerate(cells) if ch in "xX")
        o = sum(1 << i for i, ch in enumerate(cells) if ch in "oO")
        nx, no = x.bit_count(), o.bit_count()
        if not (nx == no or nx == no + 1):
            raise InputError(
                f"illegal tic-tac-toe position {text!r}: {nx} x and {no} o "
                "(x moves first, so x has as many marks as o or one more)"
            )
        if _WINS[x] and _WINS[o]:
            raise InputError(f"illegal tic-tac-toe position {text!r}: both x and o have a line")
        if _WINS[x] and nx != no + 1:
            raise InputError(f"illegal tic-tac-toe position {text!r}: x has a line, but o moved after it")
        if _WINS[o] and nx != no:
            raise InputError(f"illegal tic-tac-toe position {text!r}: o has a line, but x moved after it")
        return (x, o) if nx == no else (o, x)
