"""Pseudocode listings for the stepper, and the line each event executes.

The listings have the shape lecturers teach (negamax; alpha-beta; alpha-beta with a
transposition table), and follow negaviz's core step for step: the terminal test comes
before the table lookup, and a leaf is not stored.  :func:`line_of` maps an event to
the line being executed, so a panel can highlight it.
"""

from __future__ import annotations

from negaviz.search.events import Bound, EventKind
from negaviz.trace.trace import Event

NEGAMAX = (
    "function negamax(node, depth):",
    "    if node is terminal or depth = 0:",
    "        return value of node for the side to move",
    "    best := −∞",
    "    for each child of node:",
    "        v := −negamax(child, depth − 1)",
    "        best := max(best, v)",
    "    return best",
)

ALPHABETA = (
    "function alphabeta(node, depth, α, β):",
    "    if node is terminal or depth = 0:",
    "        return value of node for the side to move",
    "    best := −∞",
    "    for each child of node:",
    "        v := −alphabeta(child, depth − 1, −β, −α)",
    "        best := max(best, v)",
    "        α := max(α, best)",
    "        if α ≥ β:",
    "            break            ▹ cutoff: the opponent avoids this node",
    "    return best",
)

ALPHABETA_TT = (
    "function alphabeta(node, depth, α, β):",
    "    if node is terminal or depth = 0:",
    "        return value of node for the side to move",
    "    entry := table.lookup(node)",
    "    if entry and entry.depth ≥ depth:",
    "        if entry.flag = EXACT: return entry.value",
    "        if entry.flag = LOWER: α := max(α, entry.value)",
    "        if entry.flag = UPPER: β := min(β, entry.value)",
    "        if α ≥ β: return entry.value",
    "    α₀ := α",
    "    best := −∞",
    "    for each child of node:",
    "        v := −alphabeta(child, depth − 1, −β, −α)",
    "        best := max(best, v)",
    "        α := max(α, best)",
    "        if α ≥ β: break      ▹ cutoff",
    "    if best ≤ α₀: flag := UPPER",
    "    else if best ≥ β: flag := LOWER",
    "    else: flag := EXACT",
    "    table.store(node, best, flag, depth)",
    "    return best",
)

LISTINGS = {"negamax": NEGAMAX, "alphabeta": ALPHABETA, "alphabeta+tt": ALPHABETA_TT}

_K = EventKind

# Line numbers (1-based) each event kind executes, per listing.
_LINES: dict[str, dict[EventKind, int]] = {
    "negamax": {_K.ENTER: 1, _K.LEAF: 3, _K.EVAL: 3, _K.CHILD: 7, _K.BEST: 7, _K.EXIT: 8},
    "alphabeta": {
        _K.ENTER: 1, _K.LEAF: 3, _K.EVAL: 3, _K.CHILD: 7, _K.BEST: 8, _K.CUTOFF: 10, _K.EXIT: 11,
        _K.RESEARCH: 6,
    },
    "alphabeta+tt": {
        _K.ENTER: 1, _K.LEAF: 3, _K.EVAL: 3, _K.CHILD: 14, _K.BEST: 15, _K.CUTOFF: 16,
        _K.TT_STORE: 20, _K.EXIT: 21, _K.RESEARCH: 13,
    },
}


def listing_for(algorithm: str, tt: bool) -> str:
    """The listing that matches a search's options."""
    if algorithm in ("minimax", "negamax"):
        return "negamax"
    return "alphabeta+tt" if tt else "alphabeta"


def line_of(listing: str, event: Event | None, *, exit_of_tt_hit: bool = False) -> int | None:
    """The 1-based line of ``listing`` that ``event`` executes (None: no line)."""
    if event is None:
        return None
    if event.kind == _K.TT_PROBE:
        if event.bound is None:
            return 4  # a miss: the lookup found nothing usable
        if event.ended:
            return 6 if event.bound == Bound.EXACT else 9
        return 7 if event.bound == Bound.LOWER else 8
    if event.kind == _K.EXIT and exit_of_tt_hit and listing == "alphabeta+tt":
        return 6 if event.bound == Bound.EXACT else 9
    return _LINES[listing].get(event.kind)
