"""Tests of negaviz.analysis.pseudocode: every event lands on a sensible line, in both views."""

from __future__ import annotations

import pytest

from negaviz import InputError, TicTacToe, Tree, record
from negaviz.analysis.pseudocode import LISTINGS, line_of, listing_for
from negaviz.search.events import MCTS_KINDS, Bound, CutReason, EventKind
from negaviz.trace.trace import Event, Trace

K = EventKind


def traces() -> list[tuple[str, bool, Trace]]:
    """Searches that between them emit every kind of event."""
    tree = Tree.parse("[[7,5],[3,1,9]]")
    ttt = TicTacToe("x.o/.../...")
    return [
        ("negamax", False, record(tree, algorithm="negamax")),
        ("negamax", False, record(ttt, algorithm="negamax", depth=2)),  # EVAL at the depth limit
        ("alphabeta", False, record(tree, algorithm="alphabeta")),
        ("pvs", False, record(ttt, algorithm="pvs")),  # RESEARCH
        ("alphabeta", True, record(ttt, algorithm="alphabeta", tt=True)),  # probes, hits, stores
        ("expectimax", False, record(DICE, algorithm="expectimax")),  # chance nodes, both players' nodes
        ("star1", False, record(DICE, algorithm="star1", leaf_bounds=(0, 4))),  # C: at least beta, from its side
        ("star1", False, record(DICE_LOW, algorithm="star1", leaf_bounds=(0, 4))),  # C: at most alpha
        ("star1", False, record(DICE_ONE, algorithm="star1", leaf_bounds=(0, 9))),  # chance keeps the turn
    ]


DICE = Tree.parse("A(B?(1/2 D(H:3 I:4) 1/2 E(J:2 K:4)) C?(1/2 F(L:0 M:1) 1/2 G(N:4 O:3)))")
"""Chance nodes before MIN's moves (expectiminimax): star1 cuts C, at least beta from C's side."""
DICE_LOW = Tree.parse("A(B:2 M(C?(1/2 X:0 1/2 Y:4) N:3))")
"""A chance node on the root player's side under a MIN node: cut at most alpha."""
DICE_ONE = Tree.parse("A(B?(1/2 D:8 1/2 E:6) C?(1/2 F:1 1/2 G:9) X?(1/2 Y:9 1/2 Z:9))", players=1)
"""One player against chance: C is cut at most alpha, from the root's side."""


def expected(listing: str, ev: Event, maximizing: bool, chance: bool = False) -> tuple[str, ...]:
    """Text the executed line must contain (any of)."""
    minimax = listing.startswith("minimax")
    pick = "max" if maximizing or not minimax else "min"
    windowed = "alphabeta" in listing or "star1" in listing
    kind = ev.kind
    if chance:  # a chance node's lines
        if kind == K.CHANCE:
            return ("if node is a chance node",)
        if kind == K.OUTCOME:
            return ("sum := sum + p ·",)
        if kind in (K.CUTOFF, K.EXIT) and (kind == K.CUTOFF or ev.bound != Bound.EXACT):
            high = ev.reason == CutReason.HIGH if kind == K.CUTOFF else ev.bound == Bound.LOWER
            if minimax and not maximizing:
                high = not high
            return ("cutoff: at least β",) if high else ("cutoff: at most α",)
        if kind == K.EXIT:
            return ("return sum",)
    if "expectimax" in listing or "star1" in listing:
        if kind == K.CHILD or (kind == K.BEST and not windowed):
            return (f"best := {pick}(best,",)
    if kind == K.ENTER:
        return ("function ",)
    if kind in (K.LEAF, K.EVAL):
        return ("return value of node for " + ("MAX" if minimax else "the side to move"),)
    if kind == K.CHILD:
        return (f"best := {pick}(best, v)",)
    if kind == K.BEST:
        if not windowed:
            return (f"best := {pick}(best, v)",)
        return ("α := max(α, best)",) if pick == "max" else ("β := min(β, best)",)
    if kind == K.CUTOFF:
        return ("break",)
    if kind == K.EXIT:
        return ("return best", "return entry.value")
    if kind == K.TT_STORE:
        return ("table.store",)
    if kind == K.RESEARCH:
        return ("(child, depth − 1",)
    assert kind == K.TT_PROBE
    if ev.bound is None:
        return ("table.lookup",)
    bound = ev.bound if maximizing or not minimax else {Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}.get(ev.bound, ev.bound)
    if ev.ended:
        return ("return entry.value",)
    return (f"flag = {bound.name}",)


@pytest.mark.parametrize("perspective", ["negamax", "minimax"])
def test_every_event_kind_maps_to_a_sensible_line(perspective: str) -> None:
    seen: set[tuple[str, EventKind, bool]] = set()
    for algorithm, tt, trace in traces():
        listing = listing_for(algorithm, tt, perspective=perspective)
        lines = LISTINGS[listing]
        hits = {n.id for n in trace.nodes if n.ending == "tt"}
        for ev in trace.events:
            maximizing = trace.side(ev.node) == 0  # the first player moves at every root here
            chance = trace.nodes[ev.node].chance is not None
            line = line_of(listing, ev, exit_of_tt_hit=ev.node in hits, maximizing=maximizing, chance=chance)
            assert line is not None and 1 <= line <= len(lines), (listing, ev)
            text = lines[line - 1]
            assert any(want in text for want in expected(listing, ev, maximizing, chance)), (listing, ev, text)
            seen.add((listing, ev.kind, maximizing))
    kinds = {kind for _, kind, _ in seen}
    assert kinds == set(EventKind) - MCTS_KINDS  # the searches above emit every alpha-beta kind
    if perspective == "minimax":  # and both branches of each minimax listing are used
        for listing in ("minimax", "minimax-alphabeta", "minimax-alphabeta+tt", "minimax-expectimax", "minimax-star1"):
            assert {m for name, kind, m in seen if name == listing and kind == K.EXIT} == {True, False}


def test_listings_by_options_and_perspective() -> None:
    assert [listing_for(a, tt) for a, tt in (("minimax", False), ("negamax", True), ("alphabeta", False), ("pvs", True))] == [
        "negamax", "negamax", "alphabeta", "alphabeta+tt"]
    assert [listing_for(a, tt, perspective="minimax") for a, tt in (("minimax", False), ("alphabeta", False), ("mtdf", True))] == [
        "minimax", "minimax-alphabeta", "minimax-alphabeta+tt"]
    assert listing_for("alphabeta", True, perspective="negamax") == "alphabeta+tt"


def test_the_min_branch_only_changes_minimax_listings() -> None:
    trace = record(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
    for ev in trace.events:
        assert line_of("alphabeta", ev, maximizing=False) == line_of("alphabeta", ev)
    cut = next(e for e in trace.events if e.kind == K.CUTOFF)
    assert line_of("minimax-alphabeta", cut) == 10 and line_of("minimax-alphabeta", cut, maximizing=False) == 18
    assert line_of("minimax", None) is None


def test_bad_names_are_input_errors() -> None:
    with pytest.raises(InputError, match=r"unknown perspective 'max' \(must be one of 'negamax', 'minimax'\)"):
        listing_for("alphabeta", False, perspective="max")
    ev = record(Tree.parse("[1,2]")).events[0]
    with pytest.raises(InputError, match="unknown listing: 'pvs'"):
        line_of("pvs", ev)


def test_a_table_the_listing_does_not_show_highlights_no_line() -> None:
    trace = record(TicTacToe("x.o/.../..."), algorithm="negamax", tt=True)
    probes = [e for e in trace.events if e.kind in (K.TT_PROBE, K.TT_STORE)]
    assert probes
    for perspective in ("negamax", "minimax"):
        listing = listing_for("negamax", True, perspective=perspective)
        assert {line_of(listing, e) for e in probes} == {None}


def test_a_fail_hard_search_shows_the_fail_hard_listing() -> None:
    """Its return line clamps into the window, and that is what the search returns: at
    every inner node, min(max(best, α₀), β), with best the largest negated child value."""
    from negaviz import Tree, record
    from negaviz.analysis.pseudocode import LISTINGS, listing_for
    from negaviz.analysis.steps import Stepper
    from negaviz.frontend.scene import Scene

    trace = record(Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta", fail_hard=True)
    assert Stepper(trace).listing == "alphabeta-hard"
    assert Scene(trace).listings == {"negamax": "alphabeta-hard", "minimax": "minimax-alphabeta-hard"}
    assert listing_for("alphabeta", False) == "alphabeta"  # fail-soft keeps its own
    assert LISTINGS["alphabeta-hard"][-1].strip().startswith("return min(α, β)")
    for n in trace.nodes:
        if n.children:
            best = max(-trace.nodes[c].value for c in n.children)
            assert n.value == min(max(best, n.alpha), n.beta), trace.label(n.id)
