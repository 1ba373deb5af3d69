"""Othello (Reversi) on 4x4, 6x6 and 8x8 boards, as bitboards.

A position is the tuple ``(mine, theirs, black_to_move)``: two Python ints with one
bit per square for the side to move and for its opponent, and whose turn it is.
Square ``row * size + col`` is bit number ``row * size + col``, row 0 at the top,
so square 0 is ``a1`` and square 1 is ``b1``.  Black (``x``) moves first.

A side with no legal move passes (the single move :data:`PASS`); the game ends when
neither side can move, and the score is the disc difference for the side to move
(empty squares are not counted).

>>> game = Othello(4)
>>> game.position_text(game.root)
'..../.ox./.xo./....:x'
>>> [game.move_name(game.root, m) for m in game.moves(game.root)]
['b1', 'a2', 'd3', 'c4']
>>> after = game.play(game.root, game.parse_move(game.root, "b1"))
>>> game.position_text(after)
'.x../.xx./.xo./....:o'
>>> game.score(after)
-3
"""

from __future__ import annotations

from typing import Any, Sequence

from negaviz.errors import InputError
from negaviz.games.othello_symmetry import symmetry_tables, transform
from negaviz.vocabulary import check_text

__all__ = ["Othello", "PASS"]

PASS = -1
"""The move of a side that has no legal move while the game goes on."""

SIZES = (4, 6, 8)
"""The board sizes negaviz accepts."""

OthelloPosition = tuple[int, int, bool]
"""``(mine, theirs, black_to_move)``: bitboards of the side to move and its opponent."""

OthelloKey = tuple[int, int, bool]
"""``(black, white, black_to_move)``: the position with absolute colours."""

_CELLS = "xo."
_IGNORED = " \t\r\n/"


class Othello:
    """Othello on a ``size`` x ``size`` board, starting from ``position`` if given.

    ``size`` must be 4, 6 or 8.  ``position`` is text in the format of
    :meth:`position_text` (see :meth:`parse_position`); without it the game starts from
    the usual four centre discs with black (``x``) to move.
    """

    def __init__(self, size: int = 8, position: str | None = None) -> None:
        check_text(position, "position", none=True)
        if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
            allowed = ", ".join(str(s) for s in SIZES)
            raise InputError(f"othello size {size!r} is not allowed (must be one of {allowed})")
        self.size: int = size
        """Squares per side."""
        self.max_score: int = size * size
        """No disc difference can be larger."""
        self.player_names: tuple[str, str] = ("x", "o")
        """x (black) moves first."""
        n = size
        self._full = (1 << (n * n)) - 1
        col_first = sum(1 << (r * n) for r in range(n))
        col_last = col_first << (n - 1)
        not_first = self._full & ~col_first  # a shift to the east must not wrap into column a
        not_last = self._full & ~col_last  # a shift to the west must not wrap into the last column
        # (shift, mask of squares a shifted disc may legally land on); left shifts move
        # towards higher indices (east, south), right shifts towards lower ones.
        self._up: tuple[tuple[int, int], ...] = (
            (1, not_first), (n, self._full), (n + 1, not_first), (n - 1, not_last),
        )
        self._down: tuple[tuple[int, int], ...] = (
            (1, not_last), (n, self._full), (n + 1, not_last), (n - 1, not_first),
        )
        self._runs = n - 3  # extra steps to follow the longest line of opponent discs (n - 2)
        corners = (0, n - 1, n * (n - 1), n * n - 1)
        self._corners = sum(1 << c for c in corners)
        edges = col_first | col_last | ((1 << n) - 1) | (((1 << n) - 1) << (n * (n - 1)))
        self._edges = edges & ~self._corners
        # Each corner with the square diagonally inside it (the "X-square").
        inward = (n + 1, n - 1, -(n - 1), -(n + 1))
        self._x_squares = tuple((1 << c, 1 << (c + d)) for c, d in zip(corners, inward))
        self._transforms = symmetry_tables(n)
        self.root: OthelloPosition = (
            self.parse_position(position) if position is not None else self._start()
        )
        """The start position of the game."""

    def __repr__(self) -> str:
        return f"Othello(size={self.size})"

    # ------------------------------------------------------------------ bitboards

    def _start(self) -> OthelloPosition:
        """The four centre discs: white top-left and bottom-right, black to move."""
        n = self.size
        h = n // 2 - 1
        white = (1 << (h * n + h)) | (1 << ((h + 1) * n + h + 1))
        black = (1 << (h * n + h + 1)) | (1 << ((h + 1) * n + h))
        return (black, white, True)

    def _legal(self, mine: int, theirs: int) -> int:
        """Bitboard of the squares where the owner of ``mine`` may play."""
        empty = self._full & ~(mine | theirs)
        legal = 0
        runs = range(self._runs)
        for shift, mask in self._up:
            opp = theirs & mask
            line = (mine << shift) & opp
            for _ in runs:
                line |= (line << shift) & opp
            legal |= (line << shift) & mask & empty
        for shift, mask in self._down:
            opp = theirs & mask
            line = (mine >> shift) & opp
            for _ in runs:
                line |= (line >> shift) & opp
            legal |= (line >> shift) & mask & empty
        return legal

    def _flips(self, mine: int, theirs: int, square: int) -> int:
        """Bitboard of the opponent discs that a disc on ``square`` turns over."""
        bit = 1 << square
        flips = 0
        for shift, mask in self._up:
            run = 0
            probe = (bit << shift) & mask
            while probe & theirs:
                run |= probe
                probe = (probe << shift) & mask
            if probe & mine:
                flips |= run
        for shift, mask in self._down:
            run = 0
            probe = (bit >> shift) & mask
            while probe & theirs:
                run |= probe
                probe = (probe >> shift) & mask
            if probe & mine:
                flips |= run
        return flips

    # ------------------------------------------------------------------ the protocol

    def moves(self, pos: OthelloPosition) -> tuple[int, ...]:
        """Legal squares in ascending order; ``(PASS,)`` if only the opponent can move.

        At a terminal position there are no moves: ``()``.
        """
        mine, theirs, _ = pos
        legal = self._legal(mine, theirs)
        if not legal:
            return (PASS,) if self._legal(theirs, mine) else ()
        found = []
        while legal:
            low = legal & -legal
            found.append(low.bit_length() - 1)
            legal ^= low
        return tuple(found)

    def play(self, pos: OthelloPosition, move: int) -> OthelloPosition:
        """The position after ``move`` (a square index or :data:`PASS`).

        Raises :class:`~negaviz.errors.InputError` for a square that is occupied, off
        the board, or turns no disc over.  A pass is not checked, for speed.
        """
        mine, theirs, black = pos
        if move == PASS:
            return (theirs, mine, not black)
        flips = self._flips(mine, theirs, move) if 0 <= move < self.max_score else 0
        if not flips or (mine | theirs) >> move & 1:
            raise InputError(
                f"othello move {move!r} is not legal here "
                f"(legal: {[self.move_name(pos, m) for m in self.moves(pos)]})"
            )
        return (theirs & ~flips, mine | flips | (1 << move), not black)

    def is_terminal(self, pos: OthelloPosition) -> bool:
        """Whether neither side can move."""
        mine, theirs, _ = pos
        return not self._legal(mine, theirs) and not self._legal(theirs, mine)

    def score(self, pos: OthelloPosition) -> int:
        """My discs minus the opponent's, for the side to move (empties not counted)."""
        mine, theirs, _ = pos
        return mine.bit_count() - theirs.bit_count()

    # ------------------------------------------------------------------ optional verbs

    def check_position(self, pos: Any) -> OthelloPosition:
        """A position: this game's own, or its text, e.g. ``'..../.ox./.xo./....:x'``."""
        if isinstance(pos, str):
            return self.parse_position(pos)
        if (
            isinstance(pos, tuple) and len(pos) == 3 and type(pos[2]) is bool
            and all(type(b) is int and 0 <= b < 1 << self.max_score for b in pos[:2]) and not pos[0] & pos[1]
        ):
            return pos
        raise InputError(
            f"{pos!r} is not a position of {self!r}: write it as text, {self.size} rows of x, o and '.' "
            "joined by '/', then ':x' or ':o' for the side to move"
        )

    def key(self, pos: OthelloPosition) -> OthelloKey:
        """``(black, white, black_to_move)``: the same for the same position, whoever asks."""
        mine, theirs, black = pos
        return (mine, theirs, True) if black else (theirs, mine, False)

    def symmetries(self, pos: OthelloPosition) -> tuple[OthelloKey, ...]:
        """The keys of the 8 rotations and reflections of the board (identity first).

        The side to move is kept; the smallest key is the canonical one.
        """
        black, white, black_to_move = self.key(pos)
        return tuple(
            (transform(black, table, self.size), transform(white, table, self.size), black_to_move)
            for table in self._transforms
        )

    def evaluate(self, pos: OthelloPosition) -> int:
        """A heuristic value for the side to move, used at the depth limit.

        ``discs + mobility + 5 * corners``, each a difference "mine minus the
        opponent's" (mobility counts legal squares), clamped to
        ``±(max_score - 1)`` so that no heuristic value looks like a proven
        ``max_score`` win.  A terminal position gets its exact :meth:`score`.
        """
        mine, theirs, _ = pos
        my_moves = self._legal(mine, theirs).bit_count()
        their_moves = self._legal(theirs, mine).bit_count()
        if not my_moves and not their_moves:
            return self.score(pos)
        corners = (mine & self._corners).bit_count() - (theirs & self._corners).bit_count()
        value = self.score(pos) + (my_moves - their_moves) + 5 * corners
        limit = self.max_score - 1
        return max(-limit, min(limit, value))

    def order(self, pos: OthelloPosition, moves: Sequence[int]) -> tuple[int, ...]:
        """``moves`` with corners first, then other edge squares, then inner squares,
        and squares diagonally next to an empty corner last; stable within each group.
        """
        occupied = pos[0] | pos[1]
        risky = 0
        for corner, inner in self._x_squares:
            if not occupied & corner:
                risky |= inner  # playing here tends to give the corner away

        def rank(move: int) -> int:
            if move == PASS:
                return 2
            bit = 1 << move
            if bit & self._corners:
                return 0
            if bit & self._edges:
                return 1
            return 3 if bit & risky else 2

        return tuple(sorted(moves, key=rank))  # sorted() is stable

    def label(self, pos: OthelloPosition) -> str:
        """The board as ``size`` lines of ``x`` (black), ``o`` (white) and ``.``."""
        cells = self._cells(pos)
        n = self.size
        return "\n".join(cells[r * n:(r + 1) * n] for r in range(n))

    def move_name(self, pos: OthelloPosition, move: int) -> str:
        """``"a1"`` for square 0, ``"b1"`` for square 1, ... (row 1 at the top), or ``"pass"``."""
        return "pass" if move == PASS else self._square_name(move)

    def parse_move(self, pos: OthelloPosition, text: str) -> int:
        """The legal move named ``text`` (as :meth:`move_name` writes it, any case).

        Raises :class:`~negaviz.errors.InputError` for text that names no square of
        the board, or a move that is not legal at ``pos``.
        """
        name = text.strip().lower()
        legal = self.moves(pos)
        allowed = f"legal here: {', '.join(self.move_name(pos, m) for m in legal) or 'none'}"
        n = self.size
        if name == "pass":
            move = PASS
        elif (
            len(name) >= 2
            and name[0] in "abcdefgh"[:n]
            and name[1:].isdigit()
            and 1 <= int(name[1:]) <= n
        ):
            move = (int(name[1:]) - 1) * n + "abcdefgh".index(name[0])
        else:
            last = "abcdefgh"[n - 1]
            raise InputError(
                f"unknown othello move {text!r} "
                f"(must be a square a1..{last}{n} or 'pass'; {allowed})"
            )
        if move not in legal:
            raise InputError(f"othello move {text!r} is not legal here ({allowed})")
        return move

    def player(self, pos: OthelloPosition) -> int:
        """0 if black (``x``) is to move, 1 if white (``o``) is."""
        return 0 if pos[2] else 1

    def spec(self) -> dict[str, object]:
        """``{"game": "othello", "size": ..., "position": ...}`` for rebuilding the game."""
        return {"game": "othello", "size": self.size, "position": self.position_text(self.root)}

    # ------------------------------------------------------------------ text

    def position_text(self, pos: OthelloPosition) -> str:
        """The position as rows joined by ``/``, then the side to move.

        For example ``'..../.ox./.xo./....:x'``; :meth:`parse_position` reads it back.
        """
        n = self.size
        cells = self._cells(pos)
        rows = "/".join(cells[r * n:(r + 1) * n] for r in range(n))
        return f"{rows}:{'x' if pos[2] else 'o'}"

    def parse_position(self, text: str) -> OthelloPosition:
        """The position written in ``text``.

        ``size * size`` cells of ``x`` (black), ``o`` (white) or ``.`` (empty), row by
        row from the top; spaces, newlines and ``/`` are ignored.  The side to move may
        follow as ``:x`` or ``:o`` (or as one extra final character); without it, black
        is to move when the number of discs is even.
        """
        board, colon, marker = text.rpartition(":")
        if not colon:
            board, marker = text, ""
        cells = "".join(c for c in board if c not in _IGNORED)
        needed = self.max_score
        if not colon and len(cells) == needed + 1:
            cells, marker = cells[:-1], cells[-1]  # the extra final character is the side to move
        for index, char in enumerate(cells):
            if char not in _CELLS:
                where = f" ({self._square_name(index)})" if index < needed else ""
                raise InputError(
                    f"unknown character {char!r} at cell {index}{where} of othello position "
                    f"{text!r} (allowed: 'x', 'o', '.'; spaces, newlines and '/' are ignored)"
                )
        if len(cells) != needed:
            raise InputError(
                f"othello position {text!r} has {len(cells)} cells but a "
                f"{self.size}x{self.size} board needs {needed}"
            )
        marker = marker.strip()
        if colon or marker:
            if marker not in ("x", "o"):
                raise InputError(
                    f"side-to-move marker {marker!r} in othello position {text!r} "
                    f"is not allowed (must be 'x' or 'o')"
                )
            black_to_move = marker == "x"
        else:
            black_to_move = (len(cells) - cells.count(".")) % 2 == 0
        black = sum(1 << i for i, c in enumerate(cells) if c == "x")
        white = sum(1 << i for i, c in enumerate(cells) if c == "o")
        return (black, white, True) if black_to_move else (white, black, False)

    def _square_name(self, square: int) -> str:
        """``"a1"`` for square 0: column letter, then row number counted from the top."""
        row, col = divmod(square, self.size)
        return f"{'abcdefgh'[col]}{row + 1}"

    def _cells(self, pos: OthelloPosition) -> str:
        """The board as one string of ``size * size`` cells, row by row."""
        black, white, _ = self.key(pos)
        return "".join(
            "x" if black >> i & 1 else "o" if white >> i & 1 else "." for i in range(self.max_score)
        )
