"""The recorder: an observer that keeps every event a search reports.

While the search runs, each event tuple is appended to a list (one C call, with the
cyclic garbage collector paused, as millions of small tuples would otherwise make it
rescan the heap over and over).  :meth:`Recorder.finish` packs the numbers into one
``array('d')``, a few bytes an event, and builds the immutable :class:`Trace`.
"""

from __future__ import annotations

import gc
from array import array
from itertools import chain
from typing import Any, Sequence

from negaviz.search.result import SearchResult
from negaviz.trace.trace import Trace


class Recorder:
    """Observer that records a search; use as a context manager, then :meth:`finish`."""

    def __init__(self) -> None:
        self._events: list[tuple[Any, ...]] = []
        self._moves: list[Sequence[Any]] = []
        self.emit = self._events.append
        self.expand = self._moves.append
        self._gc_was_enabled = False

    def __enter__(self) -> Recorder:
        self._gc_was_enabled = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._gc_was_enabled:
            gc.enable()

    def finish(self, *, game: Any = None, root: Any = None, result: SearchResult | None = None) -> Trace:
        """Pack what was recorded into a :class:`Trace` and forget the raw events."""
        stream = array("d", chain.from_iterable(self._events))
        moves = [m if isinstance(m, tuple) else tuple(m) for m in self._moves]
        count = len(self._events)
        self._events, self._moves = [], []
        self.emit, self.expand = self._events.append, self._moves.append
        return Trace(stream, moves, count, game=game, root=root, result=result)
