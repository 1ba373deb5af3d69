"""The recorder: an observer that keeps every event a search reports.

While the search runs, each batch of events (see :mod:`negaviz.search.events`) is
appended to a list, and each move list to another: one C call each, no Python code.
Every few hundred nodes the search calls :meth:`Recorder.flush`, which packs the batches
into one growing ``array('d')`` (or ``array('f')``, see :meth:`Recorder.narrow`), while
they are still in the CPU cache, and empties the list.  The cyclic garbage collector is
paused while recording: the tuples hold only numbers, and tracking them would make it
rescan the heap again and again.
:meth:`Recorder.finish` packs the rest and builds the immutable :class:`Trace`.
"""

from __future__ import annotations

import gc
import struct
from array import array
from functools import reduce
from operator import iconcat
from typing import Any, Callable, Sequence

from negaviz.search.events import EVENTS_IN_BATCH
from negaviz.search.result import SearchResult
from negaviz.trace.trace import Trace
from negaviz.vocabulary import check_callable

_EVENTS_BY_LENGTH = bytes(EVENTS_IN_BATCH).ljust(256, b"\0")
"""``EVENTS_IN_BATCH`` as a translation table: a byte per batch length."""
_EVENT_COUNTS = sorted(set(EVENTS_IN_BATCH) - {0})


class Recorder:
    """Observer that records a search; use as a context manager, then :meth:`finish`.

    ``progress``, if given, is called with the number of events recorded so far each
    time the search has the recorder pack them (every few hundred nodes): a progress
    bar that costs the search nothing more.

    >>> from negaviz import Tree, search
    >>> tree = Tree.parse("[[7,5],[3,1,9]]")
    >>> with Recorder() as rec:
    ...     result = search(tree, algorithm="alphabeta", observer=rec)
    >>> trace = rec.finish(game=tree, root=tree.root, result=result)
    >>> len(trace), trace.value
    (18, 5)
    """

    batched = True
    """The search may emit several events in one tuple."""

    def __init__(self, progress: Callable[[int], object] | None = None) -> None:
        self._progress = check_callable(progress, "progress", none=True, takes="of the events recorded so far")
        self._stream = array("d")
        self._events: list[tuple[Any, ...]] = []
        self._count = 0
        self._moves: list[Sequence[Any]] = []
        self.emit = self._events.append
        self.expand = self._moves.append
        self._gc_was_enabled = False
        self._packing: tuple[int, int] | None = None
        # Reporting wraps flush (which stays as it is) only when asked for: nothing added otherwise.
        if progress is not None:
            self.flush = self._flush_and_report  # type: ignore[method-assign]
        else:
            self.__dict__.pop("flush", None)  # finish() starts afresh, without the report

    def _flush_and_report(self) -> None:
        """:meth:`flush`, then ``progress(events recorded so far)``."""
        Recorder.flush(self)
        assert self._progress is not None
        self._progress(self._count)

    def flush(self) -> None:
        """Pack the batches kept so far.

        Ctrl-C may land anywhere in here (most likely right after the long C call that
        packs): ``_packing`` remembers the stream's length and the count before it, so
        :meth:`finish` can undo a half-done flush and pack its batches once, not twice.
        """
        events = self._events
        if not events:
            return
        # All in C, and each the fastest way measured: batch lengths to events by a byte
        # table, then counted (summing the bytes would cost twice as much); the batches
        # joined by list += tuple (twice as fast as chaining them); and struct converts
        # a number in about 12 ns, where array.fromlist takes about 19 (it parses a
        # format for each item).  Packing is still most of what recording costs.
        per_batch = bytes(map(len, events)).translate(_EVENTS_BY_LENGTH)
        count = sum(k * per_batch.count(k) for k in _EVENT_COUNTS)
        numbers: list[Any] = reduce(iconcat, events, [])
        packed = struct.pack(f"{len(numbers)}{self._stream.typecode}", *numbers)
        self._packing = (len(self._stream), self._count)
        self._stream.frombytes(packed)
        self._count += count
        events.clear()
        self._packing = None

    def _undo_half_flush(self) -> None:
        """After a flush stopped by Ctrl-C: if its batches are still kept, take back what
        it packed of them (they are packed again by the next flush)."""
        if self._packing is not None:
            size, count = self._packing
            if self._events:
                del self._stream[size:]
                self._count = count
            self._packing = None

    def narrow(self) -> bool:
        """The search promises small ints and ±inf only: pack them into 4-byte floats,
        which hold them exactly (the recorder must be fresh; True if it now does)."""
        if not self._stream and not self._events:
            self._stream = array("f")
        return self._stream.typecode == "f"

    def widen(self) -> None:
        """Numbers that need 8 bytes follow: what was packed so far moves to doubles."""
        self._undo_half_flush()
        self.flush()
        if self._stream.typecode != "d":
            self._stream = array("d", self._stream)

    def __enter__(self) -> Recorder:
        self._gc_was_enabled = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._gc_was_enabled:
            gc.enable()

    def finish(self, *, game: Any = None, root: Any = None, result: SearchResult | None = None) -> Trace:
        """Pack what was recorded into a :class:`Trace`; the recorder starts afresh."""
        self._undo_half_flush()
        self.flush()
        moves = list(map(tuple, self._moves))  # the same object for a tuple
        trace = Trace(self._stream, moves, self._count, game=game, root=root, result=result)
        self.__init__()  # type: ignore[misc]
        return trace
