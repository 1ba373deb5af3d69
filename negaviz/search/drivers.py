"""Drivers: algorithms made of several calls of the one core.

* ``id`` (iterative deepening): alpha-beta to depth 1, 2, 3, ..., sharing one
  transposition table, so each iteration tries the previous one's best moves first.
  It stops at ``options.depth``, or when an iteration needed no evaluation (the
  value is then exact).  With ``aspiration``, each iteration after the first starts
  with a window around the previous value and widens it when the value falls outside.
* ``mtdf`` (MTD(f)): null-window alpha-beta searches ``(beta - 1, beta)`` that move
  an upper and a lower bound towards each other until they meet.

Every call reports to the same observer, so a recorded trace holds one root per call,
in order: the whole sequence can be stepped through.
"""

from __future__ import annotations

import math
from typing import Any

from negaviz.errors import InputError
from negaviz.games.protocol import Game, evaluator
from negaviz.search.chance import has_chance, run_chance
from negaviz.search.core import RawResult, run
from negaviz.search.observer import SearchObserver
from negaviz.search.options import CHANCE_ALGORITHMS, SearchOptions
from negaviz.search.tt import TranspositionTable

INF = math.inf


def drive(game: Game, root: Any, options: SearchOptions, observer: SearchObserver | None) -> RawResult:
    """Search as ``options.algorithm`` says, with one or several core calls (or the chance
    search's, :mod:`negaviz.search.chance`)."""
    if options.algorithm in CHANCE_ALGORITHMS:
        return run_chance(game, root, options, observer)
    if has_chance(game):
        raise InputError(
            f"{type(game).__name__} has chance nodes, which {options.algorithm!r} cannot value: search it with "
            "algorithm 'expectimax', or 'star1' to prune"
        )
    if options.algorithm == "id":
        if evaluator(game) is None:
            raise InputError(
                f"iterative deepening (algorithm='id') searches to depth 1, 2, 3, ... and values the positions "
                f"at each depth limit with evaluate(), which {type(game).__name__} lacks: give the game an "
                "evaluate(pos), or search with another algorithm (e.g. 'alphabeta')"
            )
        return _iterative_deepening(game, root, options, observer)
    if options.algorithm == "mtdf":
        return _mtdf(game, root, options, observer)
    return run(game, root, options, observer)


class _Totals:
    """Counts summed over the calls of a driver, and the budget left."""

    def __init__(self, options: SearchOptions) -> None:
        self.options = options
        self.nodes = self.leaves = self.cutoffs = self.tt_hits = 0

    def call(
        self, game: Game, root: Any, observer: SearchObserver | None, table: TranspositionTable,
        window: tuple[float, float], depth: int | None,
    ) -> RawResult:
        opts = self.options
        if opts.max_nodes is not None:
            from dataclasses import replace

            opts = replace(opts, max_nodes=max(1, opts.max_nodes - self.nodes))
        raw = run(game, root, opts, observer, window=window, depth=depth, table=table)
        self.nodes += raw.nodes
        self.leaves += raw.leaves
        self.cutoffs += raw.cutoffs
        self.tt_hits += raw.tt_hits
        return raw

    def result(self, raw: RawResult) -> RawResult:
        return raw._replace(nodes=self.nodes, leaves=self.leaves, cutoffs=self.cutoffs, tt_hits=self.tt_hits)


def _table(options: SearchOptions) -> TranspositionTable:
    # Both drivers rely on a table to carry knowledge from one call to the next.
    return TranspositionTable(options.tt_size, options.tt_replace)


def _iterative_deepening(
    game: Game, root: Any, options: SearchOptions, observer: SearchObserver | None
) -> RawResult:
    totals = _Totals(options)
    table = _table(options)
    full = options.window
    last: RawResult | None = None
    depth = 1
    while True:
        window = full
        if options.aspiration is not None and last is not None and last.value is not None:
            window = (last.value - options.aspiration, last.value + options.aspiration)
        raw = totals.call(game, root, observer, table, window, depth)
        evaluations = raw.evaluations
        if raw.stopped is None and raw.value is not None and window != full and not window[0] < raw.value < window[1]:
            # The value fell outside the aspiration window: it is only a bound.
            raw = totals.call(game, root, observer, table, full, depth)
            evaluations += raw.evaluations  # the re-search may reuse what the first call evaluated
        if raw.stopped is not None:
            return totals.result(raw if last is None else last._replace(stopped=raw.stopped))
        last = raw
        # No evaluation anywhere in this iteration: every value came from the end of the
        # game, so the search is exact.  (Table entries from shallower iterations cannot
        # be used at this depth, as long as a position is always reached at one ply.)
        if evaluations == 0 or (options.depth is not None and depth >= options.depth):
            return totals.result(raw)
        depth += 1


def _mtdf(game: Game, root: Any, options: SearchOptions, observer: SearchObserver | None) -> RawResult:
    totals = _Totals(options)
    table = _table(options)
    lower, upper = -INF, INF
    guess = 0.0
    raw: RawResult | None = None
    while lower < upper:
        beta = guess + 1 if guess == lower else guess
        raw = totals.call(game, root, observer, table, (beta - 1, beta), options.depth)
        if raw.stopped is not None or raw.value is None:
            return totals.result(raw)
        guess = raw.value
        if guess < beta:
            upper = guess
        else:
            lower = guess
    assert raw is not None
    return totals.result(raw)
