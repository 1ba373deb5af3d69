"""What went wrong first, when a student's search and the reference part (see
:func:`negaviz.student.check`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

__all__: list[str] = []


class DivergenceKind(str, Enum):
    """What went wrong first."""

    WRONG_VALUE = "wrong value"
    """A node returned a value the reference does not accept."""
    WRONG_WINDOW = "wrong window"
    """A node was called with another (alpha, beta) than the reference's."""
    MISSED_CUTOFF = "missed cutoff"
    """A node's value reached beta, yet it went on to try more moves."""
    PRUNED_VISITED = "visited a pruned node"
    """A node was visited that the reference never visits because of a cutoff."""
    PAST_LEAF = "searched past a leaf"
    """A finished game (or a node at the depth limit) was searched further."""
    STOPPED_EARLY = "stopped too early"
    """A node stopped trying moves where the reference goes on."""
    WRONG_ORDER = "wrong move order"
    """Moves were tried in another order than the game generates them."""


@dataclass(frozen=True)
class Divergence:
    """The first place where the student's search and the reference part."""

    kind: DivergenceKind
    """What went wrong."""
    path: tuple[str, ...]
    """The node concerned, as the moves from the root, as the game names them."""
    node: str
    """The node's name in messages (its label in a textbook tree)."""
    expected: Any
    """What the reference does there (a value, a window, or the moves it tries)."""
    got: Any
    """What the student's search did."""
    message: str
    """One or two sentences for the student."""
    step: int | None
    """The step of the student's trace where it shows, as the stepper counts steps (events
    applied): at this step the wrong event is the last one shown (None if it never got there)."""
    reference_step: int | None
    """The same step of the reference trace (None if the reference never gets there)."""
