"""The result of a search: a small frozen value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from negaviz.search.options import SearchOptions
from negaviz.vocabulary import Kind, number_out


class Stopped(Kind):
    """Why a search stopped before the end (:attr:`SearchResult.stopped`; None: it finished)."""

    BUDGET = "budget"
    """The node budget (``max_nodes``) ran out."""
    INTERRUPTED = "interrupted"
    """Ctrl-C (KeyboardInterrupt)."""


@dataclass(frozen=True)
class SearchResult:
    """What a search found and what it cost."""

    value: float | None
    """The root's value for the side to move there (None if stopped before any result)."""
    move: Any
    """The best move at the root, or None."""
    pv: tuple[Any, ...]
    """The principal variation: the best line found, as moves."""
    pv_names: tuple[str, ...]
    """The same line, as the game names its moves."""
    nodes: int
    """Calls of the search function, the root included."""
    leaves: int
    """Nodes valued by the game's score (terminal) or evaluation (depth limit)."""
    cutoffs: int
    """Nodes that stopped trying moves early, skipping at least one child."""
    tt_hits: int
    """Transposition-table probes that found a usable entry."""
    seconds: float
    """Wall-clock time of the search, measured in process."""
    first_player: int
    """0 if the first player is to move at the root, else 1."""
    options: SearchOptions
    """The options searched with."""
    stopped: Stopped | None = None
    """None for a finished search, else why it stopped (:class:`Stopped`)."""

    def __post_init__(self) -> None:
        if self.stopped is not None and not isinstance(self.stopped, Stopped):  # given as a string
            object.__setattr__(self, "stopped", Stopped(self.stopped))

    @property
    def complete(self) -> bool:
        """Whether the search ran to the end."""
        return self.stopped is None

    @property
    def minimax_value(self) -> float | None:
        """The root's value for the first player (the minimax convention)."""
        if self.value is None:
            return None
        return self.value if self.first_player == 0 else -self.value

    def to_dict(self) -> dict[str, Any]:
        """The fields ``negaviz solve --json`` prints."""
        return {
            "value": None if self.value is None else number_out(self.value),
            "minimax_value": None if self.minimax_value is None else number_out(self.minimax_value),
            "move": self.pv_names[0] if self.pv_names else None,
            "pv": list(self.pv_names),
            "nodes": self.nodes,
            "leaves": self.leaves,
            "cutoffs": self.cutoffs,
            "tt_hits": self.tt_hits,
            "seconds": round(self.seconds, 6),
            "complete": self.complete,
            "stopped": None if self.stopped is None else self.stopped.value,
            "options": self.options.to_dict(),
        }
