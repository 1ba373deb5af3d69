"""Transposition tables: remembered results with EXACT, LOWER or UPPER bounds."""

from __future__ import annotations

import zlib
from typing import Any, Hashable, NamedTuple

from negaviz.search.events import Bound


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


_GOLDEN = 0x9E3779B97F4A7C15  # 2**64 / golden ratio: spreads nearby integers apart


def _slot_hash(key: Hashable) -> int:
    # Integer keys are often small and clustered (board encodings), so mix their bits
    # (Fibonacci hashing) before the modulus.  str hashes change between runs; crc32
    # keeps the slot choice, and so traces, deterministic.
    if isinstance(key, int):
        return ((key * _GOLDEN) & 0xFFFFFFFFFFFFFFFF) >> 16
    return zlib.crc32(repr(key).encode())


class TranspositionTable:
    """A table of :class:`Entry` values, unbounded or with ``size`` slots.

    With ``size`` slots, two positions whose keys hash to one slot compete for it:
    ``replace="always"`` keeps the newer entry, ``replace="depth"`` the one searched
    deeper (ties go to the newer).
    """

    def __init__(self, size: int | None = None, replace: str = "always") -> None:
        self.size = size
        self.replace = replace
        self._table: dict[Any, Entry] = {}
        self.stores = 0
        self.overwrites = 0

    def get(self, key: Hashable) -> Entry | None:
        if self.size is None:
            return self._table.get(key)
        entry = self._table.get(_slot_hash(key) % self.size)
        return entry if entry is not None and entry.key == key else None

    def put(self, entry: Entry) -> None:
        slot = entry.key if self.size is None else _slot_hash(entry.key) % self.size
        old = self._table.get(slot)
        if old is not None and self.replace == "depth" and old.depth > entry.depth:
            return
        if old is not None and old.key != entry.key:
            self.overwrites += 1
        self.stores += 1
        self._table[slot] = entry

    def __len__(self) -> int:
        return len(self._table)
