"""Search a game: one instrumented negamax core behind a single function."""

from __future__ import annotations

import time
from typing import Any

from negaviz.errors import InputError, SearchInterrupted
from negaviz.games.adapter import by_value, freeze, shown
from negaviz.games.protocol import REQUIRED_VERBS, Game, checked_position, missing_verbs, move_name, player, restore, root_of
from negaviz.search.core import PlayChangedItsArgument
from negaviz.search.drivers import drive
from negaviz.search.events import Bound, CutReason, EventKind
from negaviz.search.observer import Observer, SearchObserver
from negaviz.search.options import SearchOptions
from negaviz.search.result import SearchResult, Stopped

__all__ = ["search", "SearchOptions", "SearchResult", "Stopped", "Observer", "EventKind", "Bound", "CutReason"]


def check_game(game: object) -> None:
    """Raise InputError unless ``game`` has the four verbs of the game protocol."""
    missing = missing_verbs(game)
    if missing:
        raise InputError(
            f"{type(game).__name__} is not a game: it lacks {', '.join(missing)} "
            f"(a game needs {', '.join(REQUIRED_VERBS)}; wrap make/unmake classes in MutableGame)"
        )


def _changed_root(game: Game, root: Any) -> InputError:
    return InputError(
        f"searching {type(game).__name__} changed the root position it was given (now {shown(root)}): play() "
        "must return a new position and leave its argument unchanged; copy the position (e.g. "
        "copy.deepcopy, or a new list) and change the copy"
    )


def search(
    game: Game,
    position: Any = None,
    *,
    options: SearchOptions | None = None,
    observer: SearchObserver | None = None,
    **option_values: Any,
) -> SearchResult:
    """Search ``position`` (default: the game's root) and return what was found.

    Options are given either as a :class:`SearchOptions` or as keywords of the same
    names, e.g. ``search(game, algorithm="alphabeta", tt=True)``.  A node budget that
    runs out gives a partial result (``result.stopped == Stopped.BUDGET``); Ctrl-C raises
    :class:`~negaviz.errors.SearchInterrupted` carrying the partial result.

    >>> from negaviz import Tree
    >>> r = search(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
    >>> r.value, r.pv_names, r.nodes, r.cutoffs
    (5, ('B', 'E'), 6, 1)
    """
    check_game(game)
    if options is None:
        options = SearchOptions.of(option_values)
    elif option_values:
        raise InputError("give search options either as options= or as keywords, not both")
    elif not isinstance(options, SearchOptions):
        raise InputError(f"options must be a SearchOptions (or give the options as keywords), not {type(options).__name__}")
    root = checked_position(game, root_of(game, position, needed_by="search"))
    # A root that can change in place is compared with a copy of its contents after the
    # search (a verb that changes the position it is given would give a silently wrong
    # value); an error met on the way is most likely that change's doing, so it is named.
    before = None if by_value(root) else freeze(root)
    start = time.perf_counter()
    try:
        raw = drive(game, root, options, observer)
    except Exception as exc:
        if before is not None and not isinstance(exc, PlayChangedItsArgument) and freeze(root) != before:
            raise _changed_root(game, root) from exc
        raise
    seconds = time.perf_counter() - start
    if before is not None and freeze(root) != before:
        raise _changed_root(game, root)
    names: list[str] = []
    pos = root
    for m in raw.pv:
        names.append(move_name(game, pos, m))
        pos = game.play(pos, m)
    restore(game)
    result = SearchResult(
        value=raw.value,
        move=raw.pv[0] if raw.pv else None,
        pv=raw.pv,
        pv_names=tuple(names),
        nodes=raw.nodes,
        leaves=raw.leaves,
        cutoffs=raw.cutoffs,
        tt_hits=raw.tt_hits,
        seconds=seconds,
        first_player=player(game, root),
        options=options,
        stopped=raw.stopped,
    )
    if raw.stopped == Stopped.INTERRUPTED and observer is None:
        raise SearchInterrupted(result)
    return result
