"""What a trace is read as: an :class:`Event` per step, a :class:`Node` per node the
search entered (and how its search :class:`Ended <Ending>`), and the :class:`Counts`.
All are made from the packed stream by :class:`~negaviz.trace.trace.Trace`."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from negaviz.search.events import Bound, CutReason, EventKind
from negaviz.vocabulary import Kind

__all__: list[str] = []


def _num(x: float) -> float | int:
    """Integral floats back to ints, so values read as the game gave them."""
    return int(x) if x == x and not math.isinf(x) and x.is_integer() else x


class Ending(Kind):
    """How a node's search ended (:attr:`Node.ending`)."""

    LEAF = "leaf"
    """Terminal: it returned the game's score (a LEAF event)."""
    EVAL = "eval"
    """At the depth limit: it returned the evaluation (an EVAL event)."""
    TT = "tt"
    """A transposition-table entry ended it (a TT_PROBE hit that ended the node)."""
    BOUNDS = "bounds"
    """The game's value bounds fell outside the window: it returned without a child."""
    INNER = "inner"
    """It searched (or expanded) children and returned (an EXIT event)."""
    OPEN = "open"
    """It never returned (a partial trace)."""


LEAF_LIKE = frozenset({Ending.LEAF, Ending.EVAL, Ending.BOUNDS})
"""The endings the search counts as leaves (``result.leaves``, :meth:`Trace.counts`)."""


class Event(NamedTuple):
    """One recorded event, decoded.  Fields that do not apply to a kind are None."""

    step: int
    """Position in the trace, from 0."""
    kind: EventKind
    """What happened."""
    node: int
    """The node it happened at (for ENTER, the node entered)."""
    value: float | None = None
    """LEAF/EVAL/EXIT/TT: the node's value; CHILD/BEST: the child's value negated;
    OUTCOME: the outcome's value seen from the chance node."""
    alpha: float | None = None
    """ENTER: the window's alpha; BEST: alpha after the update; CHANCE: the outcomes'
    lower bound."""
    beta: float | None = None
    """ENTER: the window's beta; CHANCE: the outcomes' upper bound."""
    bound: Bound | None = None
    """EXIT/TT_STORE/TT_PROBE hit: exact, lower or upper."""
    child: int | None = None
    """CHILD/BEST: the child that returned."""
    reason: CutReason | None = None
    """CUTOFF: why."""
    ended: bool | None = None
    """TT_PROBE: whether the entry ended the node (None on a miss); CHANCE: whether each
    outcome hands the turn over."""
    probability: float | None = None
    """OUTCOME: the outcome's probability."""
    total: float | None = None
    """OUTCOME: the probability-weighted sum of the outcomes so far."""


@dataclass(slots=True)
class Node:
    """A node as the search left it."""

    id: int
    """Number in entry order; the root is 0."""
    parent: int
    """The parent's number, -1 for the root."""
    depth: int
    """Plies below the root."""
    index: int
    """Place of this node's move in the parent's move list."""
    alpha: float
    """Alpha of the window the node was entered with."""
    beta: float
    """Beta of the window the node was entered with."""
    enter_step: int
    """Step of its ENTER event."""
    exit_step: int = -1
    """Step of its last event (LEAF, EVAL or EXIT); -1 if it never returned."""
    value: float | None = None
    """The value it returned, for its side to move."""
    bound: Bound | None = None
    """Whether ``value`` is exact, a lower or an upper bound."""
    ending: Ending = Ending.OPEN
    """How it ended: see :class:`Ending`."""
    moves: tuple[Any, ...] | None = None
    """The moves it tried, in order (None if it never expanded)."""
    children: list[int] = field(default_factory=list)
    """Children entered, in order."""
    best_child: int | None = None
    """The child that gave its best value."""
    cutoff: CutReason | None = None
    """Why it stopped early, if it did."""
    research: bool = False
    """PVS: this node searches its move again after a null-window search failed high."""
    chance: tuple[float, float, bool] | None = None
    """A chance node's ``(lower, upper, turn)`` (see ``CHANCE`` in
    :class:`~negaviz.search.events.EventKind`); None at a player's node."""
    probability: float | None = None
    """The probability of the outcome that led here, once it has returned (None below a
    player's node)."""

    _child_indices: list[int] = field(default_factory=list, repr=False)

    @property
    def skipped(self) -> tuple[Any, ...]:
        """Moves never tried because of a cutoff here."""
        if self.cutoff is None or self.moves is None:
            return ()
        last = self._child_indices[-1] if self._child_indices else -1
        return self.moves[last + 1 :]


class Counts(NamedTuple):
    """How much a search did, overall and per depth (lists indexed by depth)."""

    nodes: int
    leaves: int
    cutoffs: int
    tt_hits: int
    nodes_per_depth: list[int]
    leaves_per_depth: list[int]
    cutoffs_per_depth: list[int]
    tt_hits_per_depth: list[int]
