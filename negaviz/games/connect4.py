"""Connect Four on boards of 4 to 9 columns and rows, as bitboards.

A position is a pair of ints ``(mine, theirs)``: the discs of the side to move and of
its opponent.  Column ``c`` takes bits ``c * (rows + 1)`` to ``c * (rows + 1) + rows - 1``,
bottom row first, plus one spare bit on top that is always empty (the classic layout:
the spare row stops lines from wrapping from one column into the next, so a line test
is a few shifts and ands).  x moves first.

Moves are column indices ``0 .. cols - 1`` (non-full columns, left to right); they are
named by 1-based column numbers, so ``"4"`` is the centre of the usual 7-column board
and a game can be written as a string of digits such as ``"4453"``.

Scoring is the simple one: the side that completes a line of ``connect`` discs wins,
and the final score for the side to move is -1 (the opponent has just won) or 0 (a
full board, a draw); ``max_score`` is 1.  Because a win is worth 1, the heuristic
:meth:`ConnectFour.evaluate` gives values strictly between -1 and 1 (in hundredths),
so no guess ever looks as good as a proven win.

>>> game = ConnectFour(7, 6)
>>> pos = game.parse("4453")
>>> game.position_text(pos)  # rows of x, o and '.', the top row first
'......./......./......./......./...o.../..oxx..'
>>> [game.move_name(pos, m) for m in game.order(pos, game.moves(pos))]
['4', '3', '5', '2', '6', '1', '7']
>>> game.threats(game.parse("445566"))  # x wins at once in column 3 or 7
([2, 6], [])
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Sequence

from negaviz.errors import InputError
from negaviz.vocabulary import check_text

__all__ = ["ConnectFour"]

ConnectFourPosition = tuple[int, int]
"""``(mine, theirs)``: bitboards of the side to move and of its opponent."""

SIZES = range(4, 10)
"""Columns and rows negaviz accepts: 4 to 9 (one digit per column in a move string)."""

_ROW_BREAKS = re.compile(r"[/\n]+")


class ConnectFour:
    """Connect Four with ``cols`` columns and ``rows`` rows (each 4 to 9), from ``position``.

    ``connect`` discs in a row (across, up or diagonally) win; it must be at least 3 and
    fit on the board.  ``position`` is either a board (rows of ``x``, ``o`` and ``.``,
    top row first, separated by ``/``) or the moves played so far as 1-based column
    digits such as ``"4453"``; see :meth:`parse`.  Without it the board is empty.
    """

    max_score = 1
    player_names = ("x", "o")

    def __init__(self, cols: int = 7, rows: int = 6, position: str | None = None, connect: int = 4) -> None:
        check_text(position, "position", none=True)
        for name, value in (("cols", cols), ("rows", rows)):
            if isinstance(value, bool) or not isinstance(value, int) or value not in SIZES:
                raise InputError(
                    f"connect four {name} {value!r} is not allowed (must be a whole number from 4 to 9)"
                )
        longest = max(cols, rows)
        if isinstance(connect, bool) or not isinstance(connect, int) or not 3 <= connect <= longest:
            raise InputError(
                f"connect four connect={connect!r} is not allowed on a {cols}x{rows} board "
                f"(must be a whole number from 3 to {longest}, the longest line that fits)"
            )
        self.cols: int = cols
        """Columns, left to right."""
        self.rows: int = rows
        """Rows, bottom to top."""
        self.connect: int = connect
        """Discs in a row that win."""
        h1 = rows + 1  # bits per column: the rows and the spare bit on top
        self._h1 = h1
        self._bottom = sum(1 << (c * h1) for c in range(cols))
        self._board = self._bottom * ((1 << rows) - 1)
        self._columns = tuple(((1 << rows) - 1) << (c * h1) for c in range(cols))
        self._tops = tuple(1 << (c * h1 + rows - 1) for c in range(cols))
        top_mask = sum(self._tops)
        self._top_mask = top_mask
        # The open columns for every pattern of full columns: moves() is one lookup.
        self._open: dict[int, tuple[int, ...]] = {}
        for full in range(1 << cols):
            pattern = sum(self._tops[c] for c in range(cols) if full >> c & 1)
            self._open[pattern] = tuple(c for c in range(cols) if not full >> c & 1)
        # Shifts between neighbours on a line: up, across, and the two diagonals.
        self._directions = (1, h1, h1 - 1, h1 + 1)
        # A run of `connect` by doubling: runs of 1, 2, 4, ... then one last overlap.
        steps = []
        length = 1
        while length * 2 <= connect:
            steps.append(length)
            length *= 2
        if length < connect:
            steps.append(connect - length)
        self._run_steps = tuple(tuple(k * d for k in steps) for d in self._directions)
        # For each direction, the cells where a window of `connect` cells starts and
        # stays on the board (the windows the heuristic counts).
        self._starts = tuple(self._window_starts(d) for d in self._directions)
        # Column c of a key moves to column cols - 1 - c in its mirror image.
        self._chunk = (1 << h1) - 1
        self._mirror_shifts = tuple((c * h1, (cols - 1 - c) * h1) for c in range(cols))
        # Centre columns first, then outwards; the left one first on a tie.
        self._centre_rank = tuple(abs(2 * c - (cols - 1)) * 2 + (2 * c > cols - 1) for c in range(cols))
        self.root: ConnectFourPosition = (0, 0) if position is None else self.parse(position)
        """The start position of the game."""

    def __repr__(self) -> str:
        extra = "" if self.connect == 4 else f", connect={self.connect}"
        return f"ConnectFour(cols={self.cols}, rows={self.rows}{extra})"

    # ------------------------------------------------------------------ bitboards

    def _bit(self, col: int, row: int) -> int:
        """The bit of the cell in ``col`` and ``row`` (row 0 at the bottom)."""
        return 1 << (col * self._h1 + row)

    def _window_starts(self, shift: int) -> int:
        """Cells from which ``connect`` cells stepping by ``shift`` all lie on the board."""
        starts = 0
        for c in range(self.cols):
            for r in range(self.rows):
                p = c * self._h1 + r
                if all(self._board >> (p + i * shift) & 1 for i in range(self.connect)):
                    starts |= 1 << p
        return starts

    def _has_line(self, discs: int) -> bool:
        """Whether ``discs`` hold ``connect`` in a row in some direction."""
        for steps in self._run_steps:
            run = discs
            for step in steps:
                run &= run >> step
            if run:
                return True
        return False

    def _winning_cells(self, discs: int) -> int:
        """The empty cells where one more disc would complete a line for the owner of
        ``discs`` (for occupied cells the answer means nothing)."""
        if self.connect == 4:
            return self._winning_cells_4(discs)
        k = self.connect
        cells = 0
        for d in self._directions:
            # below[a]: cells whose a nearest neighbours on the lower side (along d)
            # are all discs; above[a]: the same upwards.  A cell completes a line
            # when below[a] and above[k - 1 - a] both hold it, for some a.
            below = [-1]
            above = [-1]
            for a in range(1, k):
                below.append(below[-1] & (discs << (a * d)))
                above.append(above[-1] & (discs >> (a * d)))
            for a in range(k):
                cells |= below[a] & above[k - 1 - a]
        return cells & self._board

    def _winning_cells_4(self, p: int) -> int:
        """:meth:`_winning_cells` unrolled for four in a row (the search's hot spot)."""
        cells = (p << 1) & (p << 2) & (p << 3)  # up: on top of three of mine
        for d in self._directions[1:]:
            b1, a1 = p << d, p >> d  # my neighbour below, above (along d)
            b2, a2 = b1 & (p << 2 * d), a1 & (p >> 2 * d)
            cells |= b2 & ((p << 3 * d) | a1) | a2 & (b1 | (p >> 3 * d))
        return cells & self._board

    def _playable(self, occupied: int) -> int:
        """The lowest empty cell of every column that is not full."""
        return (occupied + self._bottom) & self._board

    def _columns_of(self, cells: int) -> list[int]:
        """The columns holding any of ``cells``, left to right."""
        if not cells:
            return []
        return [c for c, column in enumerate(self._columns) if cells & column]

    def _blocked(self, discs: int, shift: int) -> int:
        """Cells from which a window stepping by ``shift`` meets one of ``discs``."""
        blocked = discs
        for i in range(1, self.connect):
            blocked |= discs >> (i * shift)
        return blocked

    # ------------------------------------------------------------------ the protocol

    def moves(self, pos: ConnectFourPosition) -> tuple[int, ...]:
        """The columns that are not full, left to right."""
        return self._open[(pos[0] | pos[1]) & self._top_mask]

    def play(self, pos: ConnectFourPosition, move: int) -> ConnectFourPosition:
        """The position after a disc drops into column ``move``.

        Raises :class:`~negaviz.errors.InputError` for a full column or one off the board.
        """
        mine, theirs = pos
        occupied = mine | theirs
        disc = (occupied + (1 << (move * self._h1))) & self._columns[move] if 0 <= move < self.cols else 0
        if not disc:
            raise InputError(
                f"connect four move {move!r} is not legal here "
                f"(legal: {[self.move_name(pos, m) for m in self.moves(pos)]})"
            )
        return (theirs, mine | disc)

    def is_terminal(self, pos: ConnectFourPosition) -> bool:
        """Whether the side that just moved has a line, or the board is full."""
        return self._has_line(pos[1]) or pos[0] | pos[1] == self._board

    def score(self, pos: ConnectFourPosition) -> int:
        """-1 if the opponent (who just moved) has a line, else 0 (a draw)."""
        return -1 if self._has_line(pos[1]) else 0

    # ------------------------------------------------------------------ optional verbs

    def check_position(self, pos: Any) -> ConnectFourPosition:
        """A position: this game's own, or its text (moves such as ``"4453"``, or a board)."""
        if isinstance(pos, str):
            return self.parse(pos)
        if isinstance(pos, tuple) and len(pos) == 2 and all(type(b) is int and b >= 0 for b in pos):
            try:
                if self.parse(self.position_text(pos)) == pos:
                    return pos
            except InputError:
                pass
        raise InputError(
            f"{pos!r} is not a position of {self!r}: write it as the columns played, 1-based, "
            "e.g. '4453', or as a board"
        )

    def key(self, pos: ConnectFourPosition) -> int:
        """One int per position: in each column, my discs plus the column's height mark."""
        mine, theirs = pos
        # Per column, (2**height - 1) + 1 + my discs: the top set bit gives the height,
        # the bits below it my discs, and no column carries into the next.
        return mine + (mine | theirs) + self._bottom

    def symmetries(self, pos: ConnectFourPosition) -> list[int]:
        """The key of ``pos`` and of its left-right mirror image."""
        key = self.key(pos)
        chunk = self._chunk
        mirrored = 0
        for here, there in self._mirror_shifts:
            mirrored |= ((key >> here) & chunk) << there
        return [key, mirrored]

    def evaluate(self, pos: ConnectFourPosition) -> float:
        """A heuristic value for the side to move, strictly between -1 and 1.

        Every window of ``connect`` cells in a line that holds none of the opponent's
        discs counts as many points as it holds of mine; the opponent's windows count
        against.  The difference, clamped to ±99, is given in hundredths, so that it
        never reaches a win (1) or a loss (-1).  A terminal position gets its score.
        """
        mine, theirs = pos
        if self.is_terminal(pos):
            return self.score(pos)
        points = 0
        for shift, starts in zip(self._directions, self._starts):
            mine_open = starts & ~self._blocked(theirs, shift)
            theirs_open = starts & ~self._blocked(mine, shift)
            for i in range(self.connect):
                points += (mine_open & (mine >> (i * shift))).bit_count()
                points -= (theirs_open & (theirs >> (i * shift))).bit_count()
        return max(-99, min(99, points)) / 100

    def order(self, pos: ConnectFourPosition, moves: Iterable[int]) -> list[int]:
        """Centre columns first, then outwards (the left one first on a tie)."""
        return sorted(moves, key=self._centre_rank.__getitem__)

    def threats(self, pos: ConnectFourPosition) -> tuple[list[int], list[int]]:
        """``(wins, blocks)``: the columns where I win now, and the columns where the
        opponent would win with their next move (playing there stops it)."""
        mine, theirs = pos
        playable = self._playable(mine | theirs)
        return (
            self._columns_of(self._winning_cells(mine) & playable),
            self._columns_of(self._winning_cells(theirs) & playable),
        )

    def value_bounds(self, pos: ConnectFourPosition) -> tuple[int, int]:
        """The least and most the side to move can still get: a side with no window
        of ``connect`` cells free of the opponent's discs can no longer win."""
        mine, theirs = pos
        i_can = they_can = False
        for shift, starts in zip(self._directions, self._starts):
            i_can = i_can or bool(starts & ~self._blocked(theirs, shift))
            they_can = they_can or bool(starts & ~self._blocked(mine, shift))
        return (-1 if they_can else 0, 1 if i_can else 0)

    def player(self, pos: ConnectFourPosition) -> int:
        """0 if x (the first player) is to move, 1 if o is."""
        return (pos[0] | pos[1]).bit_count() & 1

    def label(self, pos: ConnectFourPosition) -> str:
        """The board as ``rows`` lines of ``x``, ``o`` and ``.``, the top row first."""
        return "\n".join(self._rows(pos))

    def move_name(self, pos: ConnectFourPosition, move: int) -> str:
        """The 1-based column number: ``"1"`` for column 0."""
        return str(move + 1)

    def parse_move(self, pos: ConnectFourPosition, text: str) -> int:
        """The legal move named ``text`` (a 1-based column number).

        Raises :class:`~negaviz.errors.InputError` for text that names no column of the
        board, or a column that is full or a game that is over.
        """
        name = text.strip()
        legal = [] if self.is_terminal(pos) else list(self.moves(pos))
        allowed = f"legal here: {', '.join(self.move_name(pos, m) for m in legal) or 'none, the game is over'}"
        if not (name.isdigit() and 1 <= int(name) <= self.cols):
            raise InputError(f"unknown connect four move {text!r} (must be a column 1-{self.cols}; {allowed})")
        move = int(name) - 1
        if move not in legal:
            raise InputError(f"connect four move {text!r} is not legal here ({allowed})")
        return move

    def spec(self) -> dict[str, object]:
        """``{"game": "connect4", "cols": ..., "rows": ..., "connect": ..., "position": ...}``."""
        return {
            "game": "connect4",
            "cols": self.cols,
            "rows": self.rows,
            "connect": self.connect,
            "position": self.position_text(self.root),
        }

    # ------------------------------------------------------------------ text

    def position_text(self, pos: ConnectFourPosition) -> str:
        """The board as rows joined by ``/``, the top row first; :meth:`parse` reads it back."""
        return "/".join(self._rows(pos))

    def _rows(self, pos: ConnectFourPosition) -> list[str]:
        mine, theirs = pos
        x, o = (mine, theirs) if self.player(pos) == 0 else (theirs, mine)
        out = []
        for r in reversed(range(self.rows)):
            row = []
            for c in range(self.cols):
                bit = self._bit(c, r)
                row.append("x" if x & bit else "o" if o & bit else ".")
            out.append("".join(row))
        return out

    def parse(self, text: str) -> ConnectFourPosition:
        """A position from a board or from the moves that led to it.

        * Moves: 1-based column digits, e.g. ``"4453"`` (spaces ignored; ``""`` is the
          empty board).  Each move must fit in its column and come before the game ends.
        * A board: ``rows`` rows of ``cols`` cells, the top row first, separated by
          ``/`` or newlines (or none), each cell ``x``, ``o`` or ``.``; spaces are ignored.
          The side to move follows from the counts (x moves first).

        Boards are checked for floating discs, disc counts, and lines: at most one side
        may have a line, and then one disc of it, on top of its column, must be the
        move that made every line (play stops at the first).  Whether some order of
        moves reaches the board is not checked further.
        """
        compact = "".join(text.split())
        if all(ch in "0123456789" for ch in compact):
            return self._parse_moves(text, compact)
        return self._parse_board(text)

    def _parse_moves(self, text: str, digits: str) -> ConnectFourPosition:
        pos: ConnectFourPosition = (0, 0)
        for i, ch in enumerate(digits):
            where = f"connect four moves {text!r}: move {i + 1} ({ch!r})"
            if self.is_terminal(pos):
                raise InputError(f"{where} comes after the game is over")
            col = int(ch) - 1
            if not 0 <= col < self.cols:
                raise InputError(f"{where} is not a column (must be 1-{self.cols})")
            if (pos[0] | pos[1]) & self._tops[col]:
                raise InputError(f"{where} goes into a full column")
            pos = self.play(pos, col)
        return pos

    def _parse_board(self, text: str) -> ConnectFourPosition:
        board = "".join(text.lower().split(" ")).replace("\t", "").replace("\r", "")
        lines = [ln for ln in _ROW_BREAKS.split(board) if ln]
        if len(lines) == 1 and len(lines[0]) == self.cols * self.rows:
            lines = [lines[0][i:i + self.cols] for i in range(0, len(lines[0]), self.cols)]
        what = f"connect four position {text!r}"
        size = f"a {self.cols}x{self.rows} board"
        if len(lines) != self.rows:
            raise InputError(
                f"{what} has {len(lines)} row{'' if len(lines) == 1 else 's'} but {size} needs {self.rows} "
                "(rows of x, o and '.', top row first, separated by '/'; or moves as column digits like '4453')"
            )
        x = o = 0
        for i, line in enumerate(lines):
            if len(line) != self.cols:
                raise InputError(f"{what}: row {i + 1} from the top has {len(line)} cells but {size} needs {self.cols}")
            for c, ch in enumerate(line):
                if ch not in "xo.":
                    raise InputError(
                        f"{what}: unknown character {ch!r} in row {i + 1} from the top, column {c + 1} "
                        "(allowed: 'x', 'o', '.'; spaces are ignored)"
                    )
                bit = self._bit(c, self.rows - 1 - i)
                if ch == "x":
                    x |= bit
                elif ch == "o":
                    o |= bit
        occupied = x | o
        for c, column in enumerate(self._columns):
            heights = (occupied & column) >> (c * self._h1)
            if heights & (heights + 1):  # the discs of a column are not one run from the bottom
                raise InputError(f"illegal {what}: column {c + 1} has a floating disc (a disc needs one below it)")
        nx, no = x.bit_count(), o.bit_count()
        if not (nx == no or nx == no + 1):
            raise InputError(
                f"illegal {what}: {nx} x and {no} o (x moves first, so x has as many discs as o or one more)"
            )
        x_line, o_line = self._has_line(x), self._has_line(o)
        if x_line and o_line:
            raise InputError(f"illegal {what}: both x and o have a line")
        for side, discs, others, line, last in (("x", x, o, x_line, nx == no + 1), ("o", o, x, o_line, nx == no)):
            if not line:
                continue
            if not last:
                raise InputError(f"illegal {what}: {side} has a line, but the other side moved after it")
            # Some disc of the winner on top of its column must have made every line.
            tops = self._playable(occupied) >> 1 & occupied | (occupied & self._top_mask)
            if not any(not self._has_line(discs & ~(1 << b)) for b in _bits(tops & discs)):
                raise InputError(f"illegal {what}: {side} has lines that no single last move could have made")
        return (x, o) if nx == no else (o, x)


def _bits(mask: int) -> Sequence[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
