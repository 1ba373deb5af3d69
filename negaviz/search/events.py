"""What a search reports, event by event: the vocabulary shared by search and trace.

The search emits each event as a short tuple of numbers, ``(kind, ...)``; the fields
after the kind depend on the kind, as listed in :class:`EventKind`.  Keeping events as
plain numbers lets a recorder store them compactly and lets the search emit them with a
single call.  Values are always for the side to move at the node concerned, except in
Monte Carlo tree search's events (kinds 20 and up), whose Q and W are for the player who
moved into the node (the negamax form of :mod:`negaviz.search.mcts`).

To an observer that asks for batches (a recorder), the search emits up to three events
that follow each other as one tuple, the events back to back: a leaf's whole life (ENTER,
LEAF, then its parent's CHILD or BEST) is one call.  :func:`split` takes a batch apart.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Iterator

__all__ = ["EventKind", "Bound", "CutReason"]


class EventKind(IntEnum):
    """The kinds of event, with the fields each carries after the kind."""

    ENTER = 1
    """``(ENTER, index, alpha, beta)``: a child node is entered; ``index`` is its move's
    place in the parent's move list (0 for the root), ``alpha``/``beta`` its window."""
    LEAF = 2
    """``(LEAF, value)``: the node is terminal; it returns its score."""
    EVAL = 3
    """``(EVAL, value)``: the depth limit is reached; the node returns its evaluation."""
    CHILD = 4
    """``(CHILD, value)``: the last child returned; ``value`` is its value negated,
    seen from this node; it did not improve on the best so far."""
    BEST = 5
    """``(BEST, value, alpha)``: as CHILD, and ``value`` is the new best so far;
    ``alpha`` is the node's alpha after the update (raised if ``value`` exceeded it)."""
    CUTOFF = 6
    """``(CUTOFF, reason)``: the remaining children are skipped; reason 0 is
    alpha >= beta, reason 1 is a proven win (nothing can beat it)."""
    TT_PROBE = 7
    """``(TT_PROBE, code, value)``: code 0 is a miss; otherwise ``1 + bound`` of the
    stored entry, plus 4 when the entry ended the node; ``value`` is the stored value."""
    TT_STORE = 8
    """``(TT_STORE, bound, value)``: the node's result is stored in the table."""
    EXIT = 9
    """``(EXIT, value, bound)``: the node returns ``value``, which is exact or a bound."""
    RESEARCH = 10
    """``(RESEARCH, value)``: PVS: the null-window search of the last child failed high
    with ``value`` (negated, from this node); the child is searched again with the
    full window, as a new node."""
    CHANCE = 11
    """``(CHANCE, lower, upper, turn)``: the node just entered is a chance node (a dice
    roll); its outcomes' values, seen from it, lie in ``[lower, upper]`` (±inf when no
    bounds are known: plain expectimax); ``turn`` is 1 when each outcome hands the turn
    over (its value is negated on the way up, as a player's child's is), 0 when not."""
    OUTCOME = 12
    """``(OUTCOME, value, probability, total)``: the last outcome returned; ``value`` is
    its value seen from the chance node, ``probability`` its chance, ``total`` the
    probability-weighted sum of the outcomes so far."""

    # Monte Carlo tree search (negaviz.search.mcts), numbered from 20 on.  Each is one
    # event per emit, never batched.  The "current node" starts at the tree's root with
    # each ITERATION; SELECT and EXPAND move it down, BACKUP moves it up.
    SELECT = 20
    """``(SELECT, index, exploit, explore)``: the current node's child ``index`` (its
    place in the node's move list) is selected; its UCB value was ``exploit + explore``:
    ``exploit`` its mean value Q = W/N, ``explore`` the term C·sqrt(ln N_parent / N_child)
    (0 in flat Monte Carlo, which takes the root's children in turn)."""
    EXPAND = 21
    """``(EXPAND, index)``: the current node's first untried move, ``index``, is added to
    the tree as a new node, which becomes the current node (the node's first EXPAND takes
    the next move list)."""
    PLAYOUT = 22
    """``(PLAYOUT, result, length)``: a random playout of ``length`` moves from the current
    node ended; ``result`` is its final score for the player who moved into the current
    node (what that node's W gains)."""
    BACKUP = 23
    """``(BACKUP, n, w)``: the current node now has N = ``n`` visits and total value
    W = ``w`` (for the player who moved into it); the current node becomes its parent."""
    ITERATION = 24
    """``(ITERATION, k)``: iteration ``k`` (1, 2, ...) starts at the root."""


class Bound(IntEnum):
    """What a returned or stored value says about the true value."""

    EXACT = 0
    """The value is the true value."""
    LOWER = 1
    """The true value is at least this (the node failed high: value >= beta)."""
    UPPER = 2
    """The true value is at most this (the node failed low: value <= alpha)."""

    @property
    def symbol(self) -> str:
        return ("=", "≥", "≤")[self]


class CutReason(IntEnum):
    """Why a node stopped trying moves."""

    BETA = 0
    WIN = 1
    HIGH = 2
    """A chance node (star1): the outcomes so far prove its value at least beta,
    whatever the rest give (each at least the lower bound)."""
    LOW = 3
    """A chance node (star1): the outcomes so far prove its value at most alpha,
    whatever the rest give (each at most the upper bound)."""


#: Number of numbers in an event of each kind, the kind included.
WIDTH = {
    EventKind.ENTER: 4,
    EventKind.LEAF: 2,
    EventKind.EVAL: 2,
    EventKind.CHILD: 2,
    EventKind.BEST: 3,
    EventKind.CUTOFF: 2,
    EventKind.TT_PROBE: 3,
    EventKind.TT_STORE: 3,
    EventKind.EXIT: 3,
    EventKind.RESEARCH: 2,
    EventKind.CHANCE: 4,
    EventKind.OUTCOME: 4,
    EventKind.SELECT: 4,
    EventKind.EXPAND: 2,
    EventKind.PLAYOUT: 3,
    EventKind.BACKUP: 3,
    EventKind.ITERATION: 2,
}

#: The kinds of Monte Carlo tree search: a trace holds either these or the others.
MCTS_KINDS = frozenset({EventKind.SELECT, EventKind.EXPAND, EventKind.PLAYOUT, EventKind.BACKUP, EventKind.ITERATION})

PROBE_ENDED = 4

#: Events in an emitted batch, by the batch's length (see :func:`split`): a search
#: emits a leaf's ENTER, LEAF and CHILD or BEST as one tuple of 8 or 9 numbers, a
#: child's EXIT and the parent's CHILD, BEST or RESEARCH as one of 5 or 6, and so on.
#: Every batch a search emits has one of these lengths, so a recorder can count events
#: without reading them.
EVENTS_IN_BATCH = (0, 1, 1, 1, 1, 2, 2, 0, 3, 3)

#: The shapes of the batches of more than one event, for observers that read batches
#: without splitting them.  A batch at least ``LEAF_BATCH`` long is a leaf's ENTER,
#: LEAF or EVAL, then its parent's report (CHILD, BEST or RESEARCH) at ``LEAF_REPORT``;
#: one at least ``RETURN_BATCH`` long (and shorter) is a node's EXIT, then its parent's
#: report at ``RETURN_REPORT`` (or, starting with ENTER, a terminal root: ENTER and LEAF).
LEAF_BATCH, LEAF_REPORT = 8, 6
RETURN_BATCH, RETURN_REPORT = 5, 3


def split(batch: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """The events of an emitted batch, one by one.

    >>> list(split((1, 0, -5, 5, 2, 3, 5, -3, -3)))
    [(1, 0, -5, 5), (2, 3), (5, -3, -3)]
    """
    at, n = 0, len(batch)
    while at < n:
        end = at + WIDTH[batch[at]]
        yield batch[at:end]
        at = end
