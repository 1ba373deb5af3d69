"""Pseudocode listings for the stepper, and the line each event executes.

The listings have the shape lecturers teach (negamax; alpha-beta; alpha-beta with a
transposition table), and follow negaviz's core step for step: the terminal test comes
before the table lookup, and a leaf is not stored.  :func:`line_of` maps an event to
the line being executed, so a panel can highlight it.

The minimax view has listings of its own, with a max branch and a min branch; the
same events map to the branch of the node they happen at:

>>> from negaviz import Tree, record
>>> trace = record(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
>>> listing = listing_for("alphabeta", False, perspective="minimax")
>>> listing
'minimax-alphabeta'
>>> cut = next(e for e in trace.events if e.kind == EventKind.CUTOFF)  # at C, a MIN node
>>> LISTINGS[listing][line_of(listing, cut, maximizing=False) - 1].strip()
'if α ≥ β: break      ▹ α cutoff: MAX avoids this node'
"""

from __future__ import annotations

from negaviz.errors import InputError
from negaviz.search.events import Bound, CutReason, EventKind
from negaviz.trace.trace import Event
from negaviz.search.options import Algorithm, ChanceAlgorithm
from negaviz.vocabulary import Perspective, check_perspective

__all__ = ["LISTINGS"]

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

MINIMAX = (
    "function minimax(node, depth, maximizing):",
    "    if node is terminal or depth = 0:",
    "        return value of node for MAX",
    "    if maximizing:",
    "        best := −∞",
    "        for each child of node:",
    "            v := minimax(child, depth − 1, false)",
    "            best := max(best, v)",
    "        return best",
    "    else:",
    "        best := +∞",
    "        for each child of node:",
    "            v := minimax(child, depth − 1, true)",
    "            best := min(best, v)",
    "        return best",
)

MINIMAX_ALPHABETA = (
    "function alphabeta(node, depth, α, β, maximizing):",
    "    if node is terminal or depth = 0:",
    "        return value of node for MAX",
    "    if maximizing:",
    "        best := −∞",
    "        for each child of node:",
    "            v := alphabeta(child, depth − 1, α, β, false)",
    "            best := max(best, v)",
    "            α := max(α, best)",
    "            if α ≥ β: break      ▹ β cutoff: MIN avoids this node",
    "        return best",
    "    else:",
    "        best := +∞",
    "        for each child of node:",
    "            v := alphabeta(child, depth − 1, α, β, true)",
    "            best := min(best, v)",
    "            β := min(β, best)",
    "            if α ≥ β: break      ▹ α cutoff: MAX avoids this node",
    "        return best",
)

MINIMAX_ALPHABETA_TT = (
    "function alphabeta(node, depth, α, β, maximizing):",
    "    if node is terminal or depth = 0:",
    "        return value of node for MAX",
    "    entry := table.lookup(node)",
    "    if entry and entry.depth ≥ depth:",
    "        if entry.flag = EXACT: return entry.value",
    "        if entry.flag = LOWER: α := max(α, entry.value)",
    "        if entry.flag = UPPER: β := min(β, entry.value)",
    "        if α ≥ β: return entry.value",
    "    α₀, β₀ := α, β",
    "    if maximizing:",
    "        best := −∞",
    "        for each child of node:",
    "            v := alphabeta(child, depth − 1, α, β, false)",
    "            best := max(best, v)",
    "            α := max(α, best)",
    "            if α ≥ β: break      ▹ β cutoff",
    "    else:",
    "        best := +∞",
    "        for each child of node:",
    "            v := alphabeta(child, depth − 1, α, β, true)",
    "            best := min(best, v)",
    "            β := min(β, best)",
    "            if α ≥ β: break      ▹ α cutoff",
    "    if best ≤ α₀: flag := UPPER",
    "    else if best ≥ β₀: flag := LOWER",
    "    else: flag := EXACT",
    "    table.store(node, best, flag, depth)",
    "    return best",
)

EXPECTIMAX = (
    "function expectimax(node, depth):",
    "    if node is terminal or depth = 0:",
    "        return value of node for the side to move",
    "    if node is a chance node:",
    "        sum := 0",
    "        for each outcome of node, with probability p:",
    "            v := expectimax(outcome, depth − 1)      ▹ negated if the turn passes",
    "            sum := sum + p · v",
    "        return sum",
    "    best := −∞",
    "    for each child of node:",
    "        v := −expectimax(child, depth − 1)",
    "        best := max(best, v)",
    "    return best",
)

STAR1 = (
    "function star1(node, depth, α, β):      ▹ every leaf's value in [L, U]",
    "    if node is terminal or depth = 0:",
    "        return value of node for the side to move",
    "    if node is a chance node:",
    "        sum := 0;  left := 1      ▹ left: the probability not searched yet",
    "        for each outcome of node, with probability p:",
    "            left := left − p",
    "            a := max(L, (α − sum − left · U) / p)",
    "            b := min(U, (β − sum − left · L) / p)",
    "            v := star1(outcome, depth − 1, a, b)      ▹ negated if the turn passes",
    "            sum := sum + p · v",
    "            if sum + left · L ≥ β: return sum + left · L      ▹ cutoff: at least β",
    "            if sum + left · U ≤ α: return sum + left · U      ▹ cutoff: at most α",
    "        return sum",
    "    best := −∞",
    "    for each child of node:",
    "        v := −star1(child, depth − 1, −β, −α)",
    "        best := max(best, v)",
    "        α := max(α, best)",
    "        if α ≥ β:",
    "            break            ▹ cutoff: the opponent avoids this node",
    "    return best",
)

MINIMAX_EXPECTIMAX = (
    "function expectiminimax(node, depth):",
    "    if node is terminal or depth = 0:",
    "        return value of node for MAX",
    "    if node is a chance node:",
    "        sum := 0",
    "        for each outcome of node, with probability p:",
    "            sum := sum + p · expectiminimax(outcome, depth − 1)",
    "        return sum",
    "    if MAX is to move:",
    "        best := −∞",
    "        for each child of node:",
    "            best := max(best, expectiminimax(child, depth − 1))",
    "        return best",
    "    else:",
    "        best := +∞",
    "        for each child of node:",
    "            best := min(best, expectiminimax(child, depth − 1))",
    "        return best",
)

MINIMAX_STAR1 = (
    "function star1(node, depth, α, β):      ▹ values for MAX, every leaf's in [L, U]",
    "    if node is terminal or depth = 0:",
    "        return value of node for MAX",
    "    if node is a chance node:",
    "        sum := 0;  left := 1      ▹ left: the probability not searched yet",
    "        for each outcome of node, with probability p:",
    "            left := left − p",
    "            a := max(L, (α − sum − left · U) / p)",
    "            b := min(U, (β − sum − left · L) / p)",
    "            sum := sum + p · star1(outcome, depth − 1, a, b)",
    "            if sum + left · L ≥ β: return sum + left · L      ▹ cutoff: at least β",
    "            if sum + left · U ≤ α: return sum + left · U      ▹ cutoff: at most α",
    "        return sum",
    "    if MAX is to move:",
    "        best := −∞",
    "        for each child of node:",
    "            best := max(best, star1(child, depth − 1, α, β))",
    "            α := max(α, best)",
    "            if α ≥ β: break      ▹ β cutoff: MIN avoids this node",
    "        return best",
    "    else:",
    "        best := +∞",
    "        for each child of node:",
    "            best := min(best, star1(child, depth − 1, α, β))",
    "            β := min(β, best)",
    "            if α ≥ β: break      ▹ α cutoff: MAX avoids this node",
    "        return best",
)


def _fail_hard(listing: tuple[str, ...]) -> tuple[str, ...]:
    """A fail-soft alpha-beta listing's fail-hard twin: the same lines, but what a node
    returns is clamped into the window it was called with (after the loop α is
    max(α₀, best) at a MAX node, β is min(β₀, best) at a MIN node)."""
    out = list(listing)
    returns = [i for i, line in enumerate(out) if line.strip() == "return best"]
    for k, i in enumerate(returns):
        indent = out[i][: len(out[i]) - len(out[i].lstrip())]
        clamp = "max(α, β)" if k == 1 else "min(α, β)"  # the second return is a MIN node's
        out[i] = f"{indent}return {clamp}      ▹ fail-hard: clamped into the window"
    out[0] += "      ▹ fail-hard"
    return tuple(out)


ALPHABETA_HARD = _fail_hard(ALPHABETA)
MINIMAX_ALPHABETA_HARD = _fail_hard(MINIMAX_ALPHABETA)


def _strict(listing: tuple[str, ...]) -> tuple[str, ...]:
    """An alpha-beta listing's twin for a course that stops a node only once its value
    passes β (Berkeley CS188's rule): the cutoff's test is strict, the rest the same."""
    out = [line.replace("if α ≥ β: break", "if α > β: break") for line in listing]
    out[0] += "      ▹ stops only past β"
    return tuple(out)


ALPHABETA_STRICT = _strict(ALPHABETA)
MINIMAX_ALPHABETA_STRICT = _strict(MINIMAX_ALPHABETA)

LISTINGS = {
    "negamax": NEGAMAX,
    "alphabeta-hard": ALPHABETA_HARD,
    "minimax-alphabeta-hard": MINIMAX_ALPHABETA_HARD,
    "alphabeta": ALPHABETA,
    "alphabeta+tt": ALPHABETA_TT,
    "minimax": MINIMAX,
    "minimax-alphabeta": MINIMAX_ALPHABETA,
    "minimax-alphabeta+tt": MINIMAX_ALPHABETA_TT,
    "alphabeta-strict": ALPHABETA_STRICT,
    "minimax-alphabeta-strict": MINIMAX_ALPHABETA_STRICT,
    "expectimax": EXPECTIMAX,
    "star1": STAR1,
    "minimax-expectimax": MINIMAX_EXPECTIMAX,
    "minimax-star1": MINIMAX_STAR1,
}

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
    # The minimax listings at a MAX node; _MIN_LINES holds what differs at a MIN node.
    "minimax": {_K.ENTER: 1, _K.LEAF: 3, _K.EVAL: 3, _K.CHILD: 8, _K.BEST: 8, _K.EXIT: 9},
    "minimax-alphabeta": {
        _K.ENTER: 1, _K.LEAF: 3, _K.EVAL: 3, _K.CHILD: 8, _K.BEST: 9, _K.CUTOFF: 10, _K.EXIT: 11,
        _K.RESEARCH: 7,
    },
    "minimax-alphabeta+tt": {
        _K.ENTER: 1, _K.LEAF: 3, _K.EVAL: 3, _K.CHILD: 15, _K.BEST: 16, _K.CUTOFF: 17,
        _K.TT_STORE: 28, _K.EXIT: 29, _K.RESEARCH: 14,
    },
}
_LINES["alphabeta-hard"] = _LINES["alphabeta"]  # the same lines, a clamped return
_LINES["minimax-alphabeta-hard"] = _LINES["minimax-alphabeta"]
_LINES["alphabeta-strict"] = _LINES["alphabeta"]  # the same lines, a strict test
_LINES["minimax-alphabeta-strict"] = _LINES["minimax-alphabeta"]
_LINES["expectimax"] = {_K.ENTER: 1, _K.LEAF: 3, _K.EVAL: 3, _K.CHILD: 13, _K.BEST: 13, _K.EXIT: 14}
_LINES["star1"] = {_K.ENTER: 1, _K.LEAF: 3, _K.EVAL: 3, _K.CHILD: 18, _K.BEST: 19, _K.CUTOFF: 21, _K.EXIT: 22}
_LINES["minimax-expectimax"] = {_K.ENTER: 1, _K.LEAF: 3, _K.EVAL: 3, _K.CHILD: 12, _K.BEST: 12, _K.EXIT: 13}
_LINES["minimax-star1"] = {_K.ENTER: 1, _K.LEAF: 3, _K.EVAL: 3, _K.CHILD: 17, _K.BEST: 18, _K.CUTOFF: 19, _K.EXIT: 20}
_CHANCE_LINES: dict[str, dict[EventKind, int]] = {
    "expectimax": {_K.CHANCE: 4, _K.OUTCOME: 8, _K.EXIT: 9},
    "star1": {_K.CHANCE: 4, _K.OUTCOME: 11, _K.EXIT: 14},
    "minimax-expectimax": {_K.CHANCE: 4, _K.OUTCOME: 7, _K.EXIT: 8},
    "minimax-star1": {_K.CHANCE: 4, _K.OUTCOME: 10, _K.EXIT: 13},
}
"""The lines of the chance listings at a chance node (a cut's and a bound's return are
worked out in :func:`line_of`)."""
_MIN_LINES: dict[str, dict[EventKind, int]] = {
    "minimax": {_K.CHILD: 14, _K.BEST: 14, _K.EXIT: 15},
    "minimax-alphabeta": {_K.CHILD: 16, _K.BEST: 17, _K.CUTOFF: 18, _K.EXIT: 19, _K.RESEARCH: 15},
    "minimax-alphabeta+tt": {_K.CHILD: 22, _K.BEST: 23, _K.CUTOFF: 24, _K.RESEARCH: 21},
    "minimax-expectimax": {_K.CHILD: 17, _K.BEST: 17, _K.EXIT: 18},
    "minimax-star1": {_K.CHILD: 24, _K.BEST: 25, _K.CUTOFF: 26, _K.EXIT: 27},
}
_MIN_LINES["minimax-alphabeta-hard"] = _MIN_LINES["minimax-alphabeta"]
_MIN_LINES["minimax-alphabeta-strict"] = _MIN_LINES["minimax-alphabeta"]
_FLIP = {Bound.EXACT: Bound.EXACT, Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}


DRIVERS_WITH_TABLE = ("id", "mtdf")
"""Algorithms whose driver always searches with a transposition table."""


def listing_for(algorithm: Algorithm | ChanceAlgorithm, tt: bool, *, perspective: Perspective = "negamax",
                fail_hard: bool = False, cut: str = ">=") -> str:
    """The listing that matches a search's options, in the negamax or the minimax view.
    A fail-hard alpha-beta with no table has listings of its own (``…-hard``), whose
    return clamps the value into the window; so has one that stops a node only once its
    value passes β (``cut=">"``, ``…-strict``).

    The drivers (iterative deepening, MTD(f)) always search with a table, which carries
    what one pass learns to the next, so theirs is the listing with the table's lines.

    >>> listing_for("alphabeta", True), listing_for("negamax", False, perspective="minimax")
    ('alphabeta+tt', 'minimax')
    >>> listing_for("mtdf", False), listing_for("id", False)
    ('alphabeta+tt', 'alphabeta+tt')
    """
    check_perspective(perspective)
    name: str
    if algorithm in ("expectimax", "star1"):
        name = algorithm
    elif algorithm in ("minimax", "negamax"):
        name = "negamax"
    else:
        name = "alphabeta+tt" if tt or algorithm in DRIVERS_WITH_TABLE else "alphabeta"
        if fail_hard and name == "alphabeta":
            name = "alphabeta-hard"
        elif cut == ">" and name == "alphabeta":
            name = "alphabeta-strict"
    if perspective == "minimax":
        name = "minimax" if name == "negamax" else "minimax-" + name
    return name


def line_of(
    listing: str, event: Event | None, *, exit_of_tt_hit: bool = False, maximizing: bool = True,
    chance: bool = False,
) -> int | None:
    """The 1-based line of ``listing`` that ``event`` executes (None: no line).

    ``maximizing`` says whether the event's node is a MAX node (the first player moves
    there); only the minimax listings use it, to pick the max or the min branch.  Table
    bounds are stored for the side to move, so at a MIN node a lower bound is MAX's
    upper bound, and the minimax listing shows it on the β line.  ``chance`` says the
    event's node is a chance node (the chance listings have a branch for it).
    """
    if event is None:
        return None
    if listing not in _LINES:
        raise InputError(f"unknown listing: {listing!r} (must be one of {sorted(LISTINGS)})")
    minimax = listing.startswith("minimax")
    bound = event.bound
    if minimax and not maximizing and bound is not None:
        bound = _FLIP[bound]
    if event.kind == _K.TT_PROBE:
        if not listing.endswith("+tt"):
            return None  # a table the listing does not show (negamax with tt=True)
        if bound is None:
            return 4  # a miss: the lookup found nothing usable
        if event.ended:
            return 6 if bound == Bound.EXACT else 9
        return 7 if bound == Bound.LOWER else 8
    if chance and listing in _CHANCE_LINES:
        if event.kind == _K.CUTOFF or (event.kind == _K.EXIT and event.bound not in (None, Bound.EXACT)):
            # star1's two returns: the node is worth at least beta, or at most alpha
            high = event.reason == CutReason.HIGH if event.kind == _K.CUTOFF else event.bound == Bound.LOWER
            if minimax and not maximizing:
                high = not high  # for MAX, a MIN-side chance node's "at least" is "at most"
            first = 12 if listing == "star1" else 11
            return first if high else first + 1
        line = _CHANCE_LINES[listing].get(event.kind)
        if line is not None:
            return line
    if event.kind == _K.EXIT and exit_of_tt_hit and listing.endswith("alphabeta+tt"):
        return 6 if bound == Bound.EXACT else 9
    if minimax and not maximizing:
        line = _MIN_LINES[listing].get(event.kind)
        if line is not None:
            return line
    return _LINES[listing].get(event.kind)
