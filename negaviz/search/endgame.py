"""Solve a position one root move at a time, reporting progress after each.

An exact solve of an endgame can take a while; :func:`solve` splits it at the root
into one search per move, so a bar can move after each.  The split changes nothing
else: each move is searched by the same core as :func:`negaviz.search`, with the
window narrowed by the best value found so far (alpha-beta at the root, so later moves
are refuted cheaply), and one transposition table shared by all the moves when the
options ask for a table.  The value and best move are those of a whole-position search.

>>> from negaviz.games import TicTacToe
>>> seen = []
>>> result = solve(TicTacToe("x.o/x../o.."), progress=lambda *args: seen.append(args))
>>> result.value, result.pv_names
(1, ('b2', 'b1', 'c2'))
>>> seen[0], seen[-1]  # b1 loses; c3 (last) is no better than b2
((1, 5, 'b1', -1), (5, 5, 'c3', 1))

Also here: reproducible Othello endgames to solve (:func:`othello_endgame`), progress
hooks for a terminal (:func:`text_bar`) and for an ipywidgets bar
(:func:`bar_callback`), and a frozen example of the horizon effect
(:func:`horizon_example`).
"""

from __future__ import annotations

import math
import random
import sys
import time
from dataclasses import replace
from typing import Any, Callable, TextIO

from negaviz.errors import InputError, SearchInterrupted
from negaviz.games.protocol import Game, move_name, player
from negaviz.search import check_game, search
from negaviz.search.core import RawResult, run
from negaviz.search.drivers import drive
from negaviz.search.options import SearchOptions
from negaviz.search.ordering import orderer
from negaviz.search.result import SearchResult
from negaviz.search.tt import TranspositionTable

__all__ = ["Progress", "solve", "text_bar", "bar_callback", "othello_endgame", "horizon_example", "HORIZON_POSITION"]

INF = math.inf

Progress = Callable[[int, int, str, float], object]
"""``progress(done, total, move_name, value)``, called after each root move: ``done`` of
``total`` moves searched; ``value`` is the move's value for the side to move at the
root, exact when the move is the best so far, else an upper bound (the move is no
better)."""


def solve(
    game: Game,
    position: Any = None,
    *,
    options: SearchOptions | None = None,
    progress: Progress | None = None,
    **option_values: Any,
) -> SearchResult:
    """Search ``position`` (default: the game's root) one root move at a time.

    Options are those of :func:`negaviz.search` (as ``options=`` or as keywords).
    Root moves are taken in the order, and with the symmetry and threat filters, that
    the options ask for; ``progress`` is called after each.  With ``alphabeta`` or
    ``pvs`` each move is searched in the window left by the moves before it, and with
    ``tt`` all moves share one table; ``negamax`` and ``minimax`` search every move
    fully, and ``mtdf`` and ``id`` run their own drivers on each move (they choose
    their own windows and tables).  Counts are summed over the moves, the root counted
    once, as :func:`negaviz.search` counts them.  A node budget that runs out gives a
    partial result with no value; Ctrl-C raises
    :class:`~negaviz.errors.SearchInterrupted` carrying it.
    """
    check_game(game)
    if options is None:
        options = SearchOptions(**option_values)
    elif option_values:
        raise InputError("give search options either as options= or as keywords, not both")
    root = getattr(game, "root", None) if position is None else position
    if root is None:
        raise InputError(f"{type(game).__name__} has no root position: pass one to solve()")
    alpha, beta = options.window
    if game.is_terminal(root) or options.depth == 0 or _bounds_decide(game, root, options):
        return search(game, root, options=options)  # nothing to split: one node
    start = time.perf_counter()
    moves = _root_moves(game, root, options)
    child_depth = None if options.depth is None else options.depth - 1
    table = TranspositionTable(options.tt_size, options.tt_replace) if options.tt else None
    win = getattr(game, "max_score", INF) if options.stop_at_win else INF
    prune = options.algorithm in ("alphabeta", "pvs")
    nodes, leaves, cutoffs, tt_hits = 1, 0, 0, 0  # the root is a node, as in search()
    best, best_move, best_pv = -INF, None, ()
    stopped: str | None = None

    def child_search(child: Any, window: tuple[float, float]) -> RawResult:
        nonlocal nodes, leaves, cutoffs, tt_hits
        opts = options
        if options.max_nodes is not None:
            if options.max_nodes - nodes < 1:
                raise _BudgetSpent
            opts = replace(options, max_nodes=options.max_nodes - nodes)
        if options.algorithm in ("mtdf", "id"):
            raw = drive(game, child, replace(opts, depth=child_depth), None)
        else:
            raw = run(game, child, opts, window=window, depth=child_depth, table=table)
        # The child's root is one call of the search, as in a whole-tree search.
        nodes, leaves, cutoffs, tt_hits = (
            nodes + raw.nodes, leaves + raw.leaves, cutoffs + raw.cutoffs, tt_hits + raw.tt_hits,
        )
        return raw

    try:
        for i, m in enumerate(moves):
            child = game.play(root, m)
            if not prune:
                raw = child_search(child, (-INF, INF))
            elif options.algorithm == "pvs" and i and alpha < beta - 1:
                # PVS: prove the move no better than alpha with a null window first.
                raw = child_search(child, (-alpha - 1, -alpha))
                if raw.stopped is None and raw.value is not None and alpha < -raw.value < beta:
                    raw = child_search(child, (-beta, -alpha))  # it failed high: search again
            else:
                raw = child_search(child, (-beta, -alpha))
            if raw.stopped is not None or raw.value is None:
                stopped = raw.stopped or "budget"
                break
            v = -raw.value
            if v > best:
                best, best_move, best_pv = v, m, raw.pv
                if prune and v > alpha:
                    alpha = v
            if progress is not None:
                progress(i + 1, len(moves), move_name(game, root, m), v)
            if alpha >= beta or v >= win:
                if i + 1 < len(moves):
                    cutoffs += 1  # the remaining root moves cannot change the result
                break
    except _BudgetSpent:
        stopped = "budget"
    except KeyboardInterrupt:
        stopped = "interrupted"
    if options.fail_hard and stopped is None:
        best = min(max(best, options.window[0]), options.window[1])
    pv = () if stopped else (best_move,) + tuple(best_pv)
    names: list[str] = []
    pos = root
    for m in pv:
        names.append(move_name(game, pos, m))
        pos = game.play(pos, m)
    restore = getattr(game, "restore", None)
    if callable(restore):
        restore()  # a wrapped make/unmake object goes back to where it started
    result = SearchResult(
        value=None if stopped else best,
        move=None if stopped else best_move,
        pv=pv,
        pv_names=tuple(names),
        nodes=nodes,
        leaves=leaves,
        cutoffs=cutoffs,
        tt_hits=tt_hits,
        seconds=time.perf_counter() - start,
        first_player=player(game, root),
        options=options,
        stopped=stopped,
    )
    if stopped == "interrupted":
        raise SearchInterrupted(result)
    return result


class _BudgetSpent(Exception):
    """The node budget ran out before the next root move could be searched."""


def _bounds_decide(game: Game, root: Any, options: SearchOptions) -> bool:
    """Whether the game's value bounds settle the root before any move (as the core
    would find at once)."""
    value_bounds = getattr(game, "value_bounds", None)
    if not options.bounds or not callable(value_bounds):
        return False
    lo, hi = value_bounds(root)
    return bool(lo == hi or hi <= options.window[0] or lo >= options.window[1])


def _root_moves(game: Game, root: Any, options: SearchOptions) -> list[Any]:
    """The root's moves as the core would try them: threat filter, order, symmetry."""
    ms: list[Any] = list(game.moves(root))
    threats = getattr(game, "threats", None)
    if options.forced and callable(threats):  # (without threats() the first child search says so)
        wins, blocks = threats(root)
        if wins:
            ms = list(wins[:1])  # a win now: nothing else needs trying
        elif blocks:
            ms = [m for m in ms if m in blocks]  # every other move loses at once
    order = orderer(game, options.order)
    if order is not None:
        ms = list(order(root, ms))
    symmetries = getattr(game, "symmetries", None)
    if options.symmetry and callable(symmetries):
        seen = set()
        unique = []
        for m in ms:
            k = min(symmetries(game.play(root, m)))
            if k not in seen:  # a mirror image of a move already listed: same value
                seen.add(k)
                unique.append(m)
        ms = unique
    return ms


# ------------------------------------------------------------------ progress hooks


def _value_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.4g}"


def text_bar(file: TextIO | None = None, *, width: int = 30) -> Progress:
    """A progress hook drawing a bar on one terminal line (``file``: default stderr).

    >>> import io
    >>> out = io.StringIO()
    >>> bar = text_bar(out, width=10)
    >>> bar(1, 4, "d3", -2); bar(4, 4, "c4", 6)
    >>> out.getvalue().split("\\r")[1:]
    ['[##........] 1/4 d3: -2', '[##########] 4/4 c4: 6\\n']
    """
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise InputError(f"progress bar width must be a whole number of at least 1, not {width!r}")

    def show(done: int, total: int, name: str, value: float) -> None:
        out = sys.stderr if file is None else file
        filled = width * done // max(total, 1)
        out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {name}: {_value_text(value)}")
        if done >= total:
            out.write("\n")
        out.flush()

    return show


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
