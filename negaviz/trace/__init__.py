"""Recording searches: the recorder, the immutable trace, replay and JSON."""

from __future__ import annotations

import copy
from typing import Any, Callable

from negaviz.games.adapter import by_value
from negaviz.games.protocol import Game, checked_position, root_of
from negaviz.search import search
from negaviz.search.options import SearchOptions
from negaviz.trace.jsonio import dumps, load, loads, save
from negaviz.trace.recorder import Recorder
from negaviz.trace.replay import NodeState, Replay, State, Status
from negaviz.trace.trace import Counts, Ending, Event, Node, Trace

__all__ = ["record", "Recorder", "Trace", "Replay", "Status", "Ending", "load", "loads", "save", "dumps"]


def record(
    game: Game, position: Any = None, *, options: SearchOptions | None = None,
    progress: Callable[[int], object] | None = None, **option_values: Any,
) -> Trace:
    """Search like :func:`negaviz.search` and return the trace; ``trace.result`` is the result.

    A search stopped by a node budget or by Ctrl-C still returns its partial trace
    (``trace.complete`` is False and ``trace.result.stopped`` says why).  ``progress``
    is called with the number of events recorded so far, every few hundred nodes (see
    :class:`~negaviz.trace.recorder.Recorder`; :func:`negaviz.progress.recording` draws
    it as a bar).

    >>> from negaviz import Tree
    >>> trace = record(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
    >>> trace.value, trace.pv_names(), trace.pruned_labels()
    (5, ['B', 'E'], ['G', 'H'])
    """
    recorder = Recorder(progress)
    root = checked_position(game, root_of(game, position, needed_by="record"))
    with recorder:
        result = search(game, root, options=options, observer=recorder, **option_values)
    return recorder.finish(game=game, root=_kept(root), result=result)


def _kept(root: Any) -> Any:
    """``root`` as the trace keeps it: a copy when it can change in place, so that
    changing the caller's object afterwards does not change the finished trace's labels
    (an object that cannot be copied is kept as it is)."""
    if by_value(root):
        return root
    try:
        return copy.deepcopy(root)
    except Exception:  # noqa: BLE001 - a lock or a file inside the position: keep the object itself
        return root
