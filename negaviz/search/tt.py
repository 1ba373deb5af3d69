"""Transposition tables: remembered results with EXACT, LOWER or UPPER bounds."""

from __future__ import annotations

import zlib
from typing import Any, Hashable, NamedTuple

from negaviz.search.events import Bound
from negaviz.search.options import Replacement


class Entry(NamedTuple):
    """One remembered search result."""

    key: Hashable
    """The position's (canonical) key."""
    value: float
    """The value found, for the side to move."""
    bound: Bound
    """Whether ``value`` is exact or only a bound."""
    depth: int
    """Plies searched below the position when it was stored."""
    move: Any
    """The best move found, or None."""


DEFAULT_ENTRIES = 1 << 19
"""Entries a table without ``size`` holds at most: 524,288, about 300 bytes each.
Tic-tac-toe (5,478 positions) never fills it; solving Connect Four 6×4 with a table
peaks near 190 MB instead of 750 MB unbounded (``benchmarks/bench_memory.py``)."""

_GOLDEN = 0x9E3779B97F4A7C15  # 2**64 / golden ratio: spreads nearby integers apart


def _slot_hash(key: Hashable) -> int:
    # Integer keys are often small and clustered (board encodings), so mix their bits
    # (Fibonacci hashing) before the modulus.  str hashes change between runs; crc32
    # keeps the slot choice, and so traces, deterministic.
    if isinstance(key, int):
        return ((key * _GOLDEN) & 0xFFFFFFFFFFFFFFFF) >> 16
    return zlib.crc32(repr(key).encode())


class TranspositionTable:
    """A table of :class:`Entry` values, keyed by position or with ``size`` slots.

    With ``size`` slots, two positions whose keys hash to one slot compete for it:
    ``replace="always"`` keeps the newer entry, ``replace="depth"`` the one searched
    deeper (ties go to the newer).

    Without ``size``, every position has its own entry until the table holds
    ``capacity`` entries (:data:`DEFAULT_ENTRIES`); after that each new position
    evicts the oldest one stored, so memory stays bounded on large games while small
    ones (tic-tac-toe has 5,478 positions) never lose an entry.  ``capacity=None``
    never evicts.

    >>> t = TranspositionTable(capacity=2)
    >>> for k in "abc":
    ...     t.put(Entry(k, 0, Bound.EXACT, 1, None))
    >>> t.get("a") is None, len(t), t.evictions
    (True, 2, 1)
    """

    def __init__(self, size: int | None = None, replace: Replacement = "always", *, capacity: int | None = DEFAULT_ENTRIES) -> None:
        self.size = size
        self.replace = replace
        self.capacity = capacity if size is None else None
        self._table: dict[Any, Entry] = {}
        # Keys in the order they were first stored, as a ring: the next to evict is at _next.
        self._ring: list[Hashable] = []
        self._next = 0
        self.stores = 0
        self.overwrites = 0
        self.evictions = 0

    def get(self, key: Hashable) -> Entry | None:
        if self.size is None:
            return self._table.get(key)
        entry = self._table.get(_slot_hash(key) % self.size)
        return entry if entry is not None and entry.key == key else None

    def put(self, entry: Entry) -> None:
        slot = entry.key if self.size is None else _slot_hash(entry.key) % self.size
        table = self._table
        old = table.get(slot)
        if old is not None and self.replace == "depth" and old.depth > entry.depth:
            return
        if old is not None and old.key != entry.key:
            self.overwrites += 1
        self.stores += 1
        if old is None and self.capacity is not None:
            ring = self._ring
            if len(ring) < self.capacity:
                ring.append(slot)
            else:  # full: the oldest position makes room for this one
                i = self._next
                del table[ring[i]]
                ring[i] = slot
                self._next = (i + 1) % self.capacity
                self.evictions += 1
        table[slot] = entry

    def __len__(self) -> int:
        return len(self._table)
