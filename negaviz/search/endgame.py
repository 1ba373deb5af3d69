"""Solve a position with a progress report after each root move.

An exact solve of an endgame can take a while; :func:`solve` is :func:`negaviz.search`
with an observer that watches the root: each time one of the root's moves returns (its
CHILD or BEST event), a bar can move.  Nothing else changes: the same core searches,
with the same window, table, ordering and counts, so the value and best move are
those of :func:`negaviz.search` by construction.

>>> from negaviz.games import TicTacToe
>>> seen = []
>>> result = solve(TicTacToe("x.o/x../o.."), progress=lambda *args: seen.append(args))
>>> result.value, result.pv_names
(1, ('b2', 'b1', 'c2'))
>>> seen[0], seen[-1]  # b1 loses; c3 (last) is no better than b2
((1, 5, 'b1', -1), (5, 5, 'c3', 1))

Also here: reproducible Othello endgames to solve (:func:`othello_endgame`), a progress
hook for an ipywidgets bar (:func:`bar_callback`; a terminal's bar is drawn by tqdm, see
:mod:`negaviz.progress`), and a frozen example of the horizon effect
(:func:`horizon_example`).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from negaviz.errors import InputError, SearchInterrupted
from negaviz.games.protocol import Game, move_name, root_of
from negaviz.search import search
from negaviz.search.events import LEAF_BATCH, LEAF_REPORT, RETURN_BATCH, RETURN_REPORT, EventKind
from negaviz.search.options import SearchOptions
from negaviz.search.result import SearchResult, Stopped
from negaviz.vocabulary import check_callable, check_seed

__all__ = ["solve", "Progress", "bar_callback", "othello_endgame", "horizon_example"]

Progress = Callable[[int, int, str, float], object]
"""``progress(done, total, move_name, value)``, called after each root move: ``done`` of
``total`` moves searched; ``value`` is the move's value for the side to move at the
root, exact when the move is the best so far, else a bound (the move is no better)."""

_ENTER, _LEAF, _EVAL, _CHILD, _BEST, _EXIT = (
    EventKind.ENTER.value, EventKind.LEAF.value, EventKind.EVAL.value,
    EventKind.CHILD.value, EventKind.BEST.value, EventKind.EXIT.value,
)


class _RootProgress:
    """Observer that calls ``progress`` whenever a move of the root returns."""

    __slots__ = ("game", "root", "progress", "depth", "moves", "index", "done")

    def __init__(self, game: Game, root: Any, progress: Progress) -> None:
        self.game, self.root, self.progress = game, root, progress
        self.depth = 0  # nodes open: 1 at the root
        self.moves: Sequence[Any] = ()
        self.index = 0  # the root move searched last
        self.done = 0

    batched = True
    """Takes the search's batches (see :mod:`negaviz.search.events`): far fewer calls."""

    def emit(self, batch: tuple[Any, ...]) -> None:
        n = len(batch)
        if n >= LEAF_BATCH:  # a leaf entered, valued and reported by its parent: no depth change
            if self.depth == 1:
                self.index = int(batch[1])
                self._reported(batch[LEAF_REPORT], batch[LEAF_REPORT + 1])
            return
        kind = batch[0]
        if n >= RETURN_BATCH:
            if kind == _EXIT:  # a node returned, then its parent's report
                self.depth -= 1
                if self.depth == 1:
                    self._reported(batch[RETURN_REPORT], batch[RETURN_REPORT + 1])
            return  # else a terminal root, entered and valued at once
        if kind == _ENTER:
            self.depth += 1
            if self.depth == 1:  # a (new) search of the root: a driver's next pass
                self.moves, self.done = (), 0
            elif self.depth == 2:
                self.index = int(batch[1])
        elif kind == _LEAF or kind == _EVAL or kind == _EXIT:
            self.depth -= 1
        elif self.depth == 1:
            self._reported(kind, batch[1])

    def _reported(self, kind: float, value: float) -> None:
        """The root reported a move's return (or, on RESEARCH, will search it again)."""
        if kind == _CHILD or kind == _BEST:
            self.done += 1
            name = move_name(self.game, self.root, self.moves[self.index])
            self.progress(self.done, len(self.moves), name, value)

    def expand(self, moves: Sequence[Any]) -> None:
        if self.depth == 1:
            self.moves = moves  # the root's moves after ordering, symmetry and threats


def solve(
    game: Game,
    position: Any = None,
    *,
    options: SearchOptions | None = None,
    progress: Progress | None = None,
    **option_values: Any,
) -> SearchResult:
    """Search ``position`` (default: the game's root), calling ``progress`` after each
    root move.

    Options are those of :func:`negaviz.search` (as ``options=`` or as keywords), and
    so is the result.  Root moves are counted in the order, and after the symmetry and
    threat filters, that the options ask for.  ``mtdf`` and ``id`` search the root
    several times: each pass reports its moves again, from 1.  A node budget that runs
    out gives a partial result with no value; Ctrl-C (in the search or in ``progress``)
    raises :class:`~negaviz.errors.SearchInterrupted` carrying it.
    """
    check_callable(progress, "progress", none=True)
    if options is not None and option_values:
        raise InputError("give search options either as options= or as keywords, not both")
    root = root_of(game, position)
    watcher = None if progress is None else _RootProgress(game, root, progress)
    result = search(game, root, options=options, observer=watcher, **option_values)
    if result.stopped == Stopped.INTERRUPTED:  # search() keeps it quiet for an observer: say so here
        raise SearchInterrupted(result)
    return result


# ------------------------------------------------------------------ progress hooks


def bar_callback(widget: Any) -> Progress:
    """A progress hook for a notebook: it sets ``widget.max`` to the number of root
    moves and ``widget.value`` to those done, and prints nothing.

    ``widget`` is an ``ipywidgets.IntProgress`` (or anything with ``value`` and
    ``max``): ``solve(game, pos, progress=bar_callback(IntProgress()))``.
    """
    for attribute in ("value", "max"):
        if not hasattr(widget, attribute):
            raise InputError(f"a progress widget needs value and max, and {type(widget).__name__} has no {attribute}")

    def update(done: int, total: int, name: str, value: float) -> None:
        if widget.max != total:
            widget.max = total
        widget.value = done

    return update


# ------------------------------------------------------------------ positions to solve


def othello_endgame(empties: int, seed: int = 0, size: int = 6) -> tuple[Any, Any]:
    """``(game, position)``: an Othello position with ``empties`` empty squares.

    Seeded random legal moves are played from the start position until ``empties``
    squares are left; a game that ends first (or ends right there) is played again
    with the same random generator, so one seed always gives one position.  One seed
    plays one game: with fewer ``empties`` it gives later positions of that same game
    (unless it had to be played again), so the endgames of a seed grow harder step by step.

    >>> game, pos = othello_endgame(10, seed=1)
    >>> game.position_text(pos)
    '.xo.ox/.oo.o./oxoxo./oooxxx/xxoxo./x.o.o.:x'
    """
    seed = check_seed(seed)
    from negaviz.games.othello import Othello

    game = Othello(size)
    squares = size * size
    if isinstance(empties, bool) or not isinstance(empties, int) or not 1 <= empties <= squares - 5:
        raise InputError(
            f"othello endgame empties={empties!r} is not allowed on {size}x{size} "
            f"(must be a whole number from 1 to {squares - 5}: the start has 4 discs, and one move is needed)"
        )
    rng = random.Random(seed)
    for _ in range(10_000):
        pos = game.root
        while not game.is_terminal(pos):
            if squares - (pos[0] | pos[1]).bit_count() == empties:
                return game, pos
            pos = game.play(pos, rng.choice(game.moves(pos)))
    raise InputError(f"no othello game with {empties} empty squares left found in 10000 tries (seed {seed})")


# ------------------------------------------------------------------ the horizon effect

HORIZON_POSITION = ".o....x/.o....o/.x.o.xx/.o.xxoo/.x.xoxo/xxoxoxo"
"""The board of :func:`horizon_example` (o to move).  Found by playing seeded random
games (seed 1 of the search in ``tests/search/test_endgame.py``), then frozen."""


def horizon_example() -> tuple[Any, Any, int, int]:
    """``(game, position, shallow_depth, deep_depth)``: the horizon effect in Connect Four.

    ::

        .o....x      o to move.  Alpha-beta to depth 2 plays column 4: it makes
        .o....o      an o threat in column 5 and looks best to the evaluation.
        .x.o.xx      But x must block in column 5, and that disc gives x two
        .o.xxoo      threats at once, in columns 3 and 6.  o can stop one; x wins
        .x.xoxo      with the other on ply 4, two plies past the 2-ply horizon
        xxoxoxo      (a 3-ply search is fooled as well).

    A depth-4 search sees the loss and plays column 5, and an exact solve agrees:
    column 5 draws (the root's value is 0), column 4 loses (-1).

    >>> game, pos, shallow, deep = horizon_example()
    >>> from negaviz.search import search
    >>> search(game, pos, depth=shallow).pv_names, search(game, pos, depth=deep).pv_names[0]
    (('4', '5'), '5')
    """
    from negaviz.games.connect4 import ConnectFour

    game = ConnectFour(7, 6)
    return game, game.parse(HORIZON_POSITION), 2, 4
