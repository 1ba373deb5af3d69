"""Shared test settings and a tic-tac-toe reference that shares no code with negaviz."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pytest
from hypothesis import settings

# Searches are fast but not uniformly so; a deadline would only make the suite flaky.
settings.register_profile("negaviz", deadline=None)
settings.load_profile("negaviz")

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def has_line(cells: str, mark: str) -> bool:
    return any(all(cells[c] == mark for c in line) for line in LINES)


def to_move(cells: str) -> str:
    return "x" if cells.count("x") == cells.count("o") else "o"


def is_over(cells: str) -> bool:
    return has_line(cells, "x") or has_line(cells, "o") or "." not in cells


@dataclass(frozen=True)
class TicTacToeReference:
    """Every reachable position as 9 cells of x, o and '.', row by row."""

    values: dict[str, int]
    """Negamax value for the side to move (a terminal position: its score)."""
    terminal: frozenset[str]
    """The positions where the game is over."""

    @property
    def inner(self) -> list[str]:
        """Non-terminal positions, sorted so that samples are reproducible."""
        return sorted(p for p in self.values if p not in self.terminal)


@pytest.fixture(scope="session")
def ttt_reference() -> TicTacToeReference:
    """Plain string enumeration from the empty board, with a memoized negamax."""

    @lru_cache(maxsize=None)
    def value(cells: str) -> int:
        if has_line(cells, "x") or has_line(cells, "o"):
            return -1  # only the player who just moved can have a line
        if "." not in cells:
            return 0
        me = to_move(cells)
        return max(-value(cells[:i] + me + cells[i + 1 :]) for i in range(9) if cells[i] == ".")

    seen = {"." * 9}
    frontier = ["." * 9]
    while frontier:
        cells = frontier.pop()
        if is_over(cells):
            continue
        me = to_move(cells)
        for i in range(9):
            if cells[i] == ".":
                child = cells[:i] + me + cells[i + 1 :]
                if child not in seen:
                    seen.add(child)
                    frontier.append(child)
    return TicTacToeReference({p: value(p) for p in seen}, frozenset(p for p in seen if is_over(p)))
