"""The recorder: an observer that keeps every event a search reports.

While the search runs, each event tuple is appended to a list (one C call).  Every so
often (checked when a node expands) the list is packed into one growing
``array('d')`` of a few bytes an event, while its tuples are still in the CPU cache,
and emptied.  The cyclic garbage collector is paused while recording: the tuples hold
only numbers, and tracking them would make it rescan the heap again and again.
:meth:`Recorder.finish` packs the rest and builds the immutable :class:`Trace`.
"""

from __future__ import annotations

import gc
from array import array
from itertools import chain
from typing import Any, Sequence

from negaviz.search.result import SearchResult
from negaviz.trace.trace import Trace

_CHUNK = 1 << 14  # events packed at a time


class Recorder:
    """Observer that records a search; use as a context manager, then :meth:`finish`.

    >>> from negaviz import Tree, search
    >>> tree = Tree.parse("[[7,5],[3,1,9]]")
    >>> with Recorder() as rec:
    ...     result = search(tree, algorithm="alphabeta", observer=rec)
    >>> trace = rec.finish(game=tree, root=tree.root, result=result)
    >>> len(trace), trace.value
    (18, 5)
    """

    def __init__(self) -> None:
        self._stream = array("d")
        self._events: list[tuple[Any, ...]] = []
        self._count = 0
        self._moves: list[tuple[Any, ...]] = []
        self.emit = self._events.append
        self._gc_was_enabled = False

    def expand(self, moves: Sequence[Any]) -> None:
        self._moves.append(moves if type(moves) is tuple else tuple(moves))
        if len(self._events) > _CHUNK:
            self._pack()

    def _pack(self) -> None:
        events = self._events
        self._count += len(events)
        self._stream.fromlist(list(chain.from_iterable(events)))  # far faster than extend(iterable)
        events.clear()

    def __enter__(self) -> Recorder:
        self._gc_was_enabled = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._gc_was_enabled:
            gc.enable()

    def finish(self, *, game: Any = None, root: Any = None, result: SearchResult | None = None) -> Trace:
        """Pack what was recorded into a :class:`Trace`; the recorder starts afresh."""
        self._pack()
        trace = Trace(self._stream, self._moves, self._count, game=game, root=root, result=result)
        self.__init__()  # type: ignore[misc]
        return trace
