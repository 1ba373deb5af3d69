"""Timeline against an event-by-event replay and the Stepper's counters, at every step.

:class:`negaviz.trace.timeline.Timeline` answers "what does node n look like after k
events" from one pass over the trace (and :class:`negaviz.trace.Replay` reads it); the
reference below answers it by applying the events one at a time, as the first Replay
did.  They are written independently, so agreeing on every node at every step of many
traces (textbook trees, tic-tac-toe with tables, PVS, a search cut short by its node
budget, drivers with several passes, random trees) is the check.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import negaviz
from negaviz.analysis.steps import Stepper
from negaviz.search.events import Bound, EventKind
from negaviz.trace import Replay
from negaviz.trace.replay import NodeState, State, Status
from negaviz.trace.timeline import KIND_CODES, RETURNS, Counters, NodeAt, Timeline

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
INF = math.inf


class ReferenceReplay:
    """Applies the events one at a time: the state after k events, k = 0, 1, 2, ..."""

    def __init__(self, trace: negaviz.Trace) -> None:
        self.events = list(trace.events)

    def states(self) -> Any:
        nodes: dict[int, NodeState] = {}
        stack: list[int] = []
        yield State(0, dict(nodes), (), None)
        for k, ev in enumerate(self.events):
            self._apply(nodes, stack, ev)
            yield State(k + 1, dict(nodes), tuple(stack), ev)

    @staticmethod
    def _apply(nodes: dict[int, NodeState], stack: list[int], ev: Any) -> None:
        kind = ev.kind
        if kind == EventKind.ENTER:
            if stack:
                nodes[stack[-1]] = replace(nodes[stack[-1]], status=Status.ACTIVE)
            nodes[ev.node] = NodeState(Status.CURRENT, alpha=ev.alpha, beta=ev.beta)
            stack.append(ev.node)
            return
        me = nodes[ev.node]
        if kind in (EventKind.LEAF, EventKind.EVAL, EventKind.EXIT):
            nodes[ev.node] = replace(me, status=Status.DONE, value=ev.value, bound=ev.bound)
            stack.pop()
            if stack:
                nodes[stack[-1]] = replace(nodes[stack[-1]], status=Status.CURRENT)
        elif kind == EventKind.CHILD:
            nodes[ev.node] = replace(me, tried=me.tried + 1)
        elif kind == EventKind.BEST:
            nodes[ev.node] = replace(me, tried=me.tried + 1, best=ev.value, alpha=ev.alpha)
        elif kind == EventKind.CUTOFF:
            nodes[ev.node] = replace(me, cut=True)
        elif kind == EventKind.TT_PROBE and ev.bound is not None and not ev.ended:
            if ev.bound == Bound.LOWER and ev.value is not None and me.alpha is not None:
                nodes[ev.node] = replace(me, alpha=max(me.alpha, ev.value))
            elif ev.bound == Bound.UPPER and ev.value is not None and me.beta is not None:
                nodes[ev.node] = replace(me, beta=min(me.beta, ev.value))


def disagreements(trace: negaviz.Trace) -> list[tuple[Any, ...]]:
    """Every (step, what, timeline's answer, the reference's answer) where they differ;
    Replay (which reads the timeline) is held to the reference's full node states too."""
    tl, replay, stepper = Timeline(trace), Replay(trace), Stepper(trace)
    out: list[tuple[Any, ...]] = []
    assert len(tl) == len(trace) and len(tl.current) == len(trace) + 1
    for k, state in enumerate(ReferenceReplay(trace).states()):
        read = replay.state_at(k)
        if dict(read.nodes) != state.nodes or read.stack != state.stack or read.last != state.last:
            out.append((k, "Replay", dict(read.nodes), state.nodes))
        if tl.stack(k) != state.stack:
            out.append((k, "stack", tl.stack(k), state.stack))
        if tl.current[k] != (-1 if state.current is None else state.current):
            out.append((k, "current", tl.current[k], state.current))
        c = stepper.counters(k)
        if tl.counters(k) != Counters(c.nodes, c.leaves, c.cutoffs, c.tt_hits):
            out.append((k, "counters", tl.counters(k), c))
        for node in trace.nodes:
            at, ns = tl.node_at(node.id, k), state.nodes.get(node.id)
            if ns is None:
                if at != NodeAt("unvisited", None, None, None, None, False, False, -1):
                    out.append((k, node.id, "unvisited", at, ns))
                continue
            if at.status != ns.status.value:
                out.append((k, node.id, "status", at, ns))
                continue
            if ns.status == Status.DONE:
                if (at.value, at.bound) != (ns.value, ns.bound):
                    out.append((k, node.id, "value when done", at, ns))
            elif (at.value, at.alpha, at.beta, at.bound) != (ns.best, ns.alpha, ns.beta, None):
                out.append((k, node.id, "best so far and window", at, ns))
            if at.cut != ns.cut:
                out.append((k, node.id, "cut", at, ns))
    return out


# ------------------------------------------------------------------------ chosen traces
def _ttt(position: str, **options: Any) -> negaviz.Trace:
    return negaviz.record(negaviz.TicTacToe(position), **options)


CASES = {
    "textbook alphabeta": lambda: negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta"),
    "textbook minimax": lambda: negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="minimax"),
    "textbook negamax": lambda: negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="negamax"),
    "textbook fail-hard window": lambda: negaviz.record(
        negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta", window=(4, 6), fail_hard=True
    ),
    "ttt alphabeta+tt": lambda: _ttt("xo.x.o...", algorithm="alphabeta", tt=True),
    "ttt x.o/x../o.. alphabeta+tt": lambda: _ttt("x.o/x../o..", algorithm="alphabeta", tt=True),
    "ttt tt+symmetry+threats": lambda: _ttt(
        "x...o....", algorithm="alphabeta", tt=True, symmetry=True, order="threats+heuristic"
    ),
    "ttt fail-hard+tt": lambda: _ttt("xo.x.o...", algorithm="alphabeta", tt=True, fail_hard=True),
    "ttt pvs": lambda: _ttt("xo.x.o...", algorithm="pvs"),
    "ttt depth 2 (evaluations)": lambda: _ttt("x...o....", algorithm="alphabeta", depth=2),
    "ttt bounds": lambda: _ttt("x...o....", algorithm="alphabeta", bounds=True, order="threats"),
    "ttt stopped by max_nodes": lambda: _ttt("x........", algorithm="alphabeta", max_nodes=200),
    "ttt id+tt": lambda: _ttt("xo.x.o...", algorithm="id", tt=True),
    "ttt mtdf+tt": lambda: _ttt("xo.x.o...", algorithm="mtdf", tt=True),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_timeline_agrees_with_replay_at_every_step(case: str) -> None:
    trace = CASES[case]()
    assert disagreements(trace) == []


def test_the_chosen_traces_exercise_what_they_are_there_for() -> None:
    kinds = {case: Timeline(make()).kinds for case, make in CASES.items()}
    assert "H" in kinds["ttt alphabeta+tt"] and "X" in kinds["ttt alphabeta+tt"]  # table hits and cutoffs
    assert "Q" in kinds["ttt pvs"]  # a re-search
    assert "V" in kinds["ttt depth 2 (evaluations)"]
    assert "Y" in kinds["ttt bounds"]  # a node ended by the game's bounds
    partial = CASES["ttt stopped by max_nodes"]()
    assert partial.result is not None and partial.result.stopped == "budget"
    assert Timeline(partial).stack(len(partial)) != ()  # nodes that never returned
    for case in ("ttt id+tt", "ttt mtdf+tt"):
        assert len(CASES[case]().roots()) > 1, case


# ------------------------------------------------------------------------ the textbook tree
@pytest.fixture(scope="module")
def textbook() -> negaviz.Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")


def test_kinds_and_current_follow_the_events(textbook: negaviz.Trace) -> None:
    tl = Timeline(textbook)
    assert tl.kinds == "EEELBELBRBEELBXRCR"
    for k, ev in enumerate(textbook.events):
        code = tl.kinds[k]
        assert code in set(KIND_CODES.values()) | {"H", "Y"}
        assert (code in RETURNS) == (ev.kind in (EventKind.LEAF, EventKind.EVAL, EventKind.EXIT))
    # A 0, B 1, D 2, E 3, C 4, F 5: after 4 events the search is at D's parent B again.
    assert tl.current[:6] == [-1, 0, 1, 2, 1, 1]
    assert tl.current[-1] == -1 and tl.stack(len(textbook)) == ()


def test_the_cutoff_at_c(textbook: negaviz.Trace) -> None:
    tl = Timeline(textbook)
    assert textbook.event(14).kind == EventKind.CUTOFF
    before, after = tl.node_at(4, 14), tl.node_at(4, 15)
    assert (before.status, before.value, before.cut) == ("current", -3, False)
    assert (after.status, after.value, after.alpha, after.beta, after.cut) == ("current", -3, -3, -5, True)
    done = tl.node_at(4, len(textbook))
    assert (done.status, done.value, done.bound, done.cut, done.best_child) == ("done", -3, Bound.LOWER, True, 5)
    assert tl.counters(15) == Counters(nodes=6, leaves=3, cutoffs=1, tt_hits=0)
    assert [textbook.label(n) for n in tl.best_line(len(textbook))] == ["A", "B", "E"]
    assert [textbook.label(n) for n in tl.best_line(0)] == []


# ------------------------------------------------------------------------ random trees
leaf_values = st.integers(-9, 9)


@st.composite
def valued_trees(draw: Any) -> negaviz.Tree:
    """A random tree with a heuristic value on every inner node too (iterative deepening
    and MTD(f) evaluate inner nodes at their depth limits)."""
    shape = draw(
        st.recursive(
            st.tuples(leaf_values, st.just([])),
            lambda kids: st.tuples(leaf_values, st.lists(kids, min_size=1, max_size=3)),
            max_leaves=16,
        )
    )
    names = itertools.count()

    def text(node: tuple[int, list[Any]]) -> str:
        value, kids = node
        head = f"N{next(names)}:{value}"
        return head + ("(" + " ".join(text(k) for k in kids) + ")" if kids else "")

    return negaviz.Tree.parse(text(shape))


searches = st.one_of(
    st.fixed_dictionaries({
        "algorithm": st.sampled_from(["negamax", "minimax", "alphabeta", "pvs"]),
        "window": st.sampled_from([(-INF, INF), (-2, 3), (0, 0.5)]),
        "fail_hard": st.booleans(),
        "tt": st.booleans(),
        "order": st.sampled_from(["natural", "threats"]),
        "stop_at_win": st.booleans(),
    }).map(lambda d: d if d["algorithm"] in ("alphabeta", "pvs") else {**d, "window": (-INF, INF), "fail_hard": False}),
    st.fixed_dictionaries({"algorithm": st.sampled_from(["id", "mtdf"]), "tt": st.booleans()}),
)


@pytest.mark.slow
@settings(max_examples=150)
@given(valued_trees(), searches, st.none() | st.integers(1, 30))
def test_timeline_agrees_with_replay_on_random_trees(tree: negaviz.Tree, options: dict[str, Any], budget: int | None) -> None:
    if budget is not None:
        options = {**options, "max_nodes": budget}
    trace = negaviz.record(tree, **options)
    assert disagreements(trace) == []


def test_a_search_stopped_right_after_research_counts_the_null_window_child_once() -> None:
    # PVS on [[1,0],[0,0]]: at B, the null-window search of its second leaf fails high;
    # the budget stops the search after RESEARCH, before that leaf is searched again.
    trace = negaviz.record(negaviz.Tree.from_lists([[1, 0], [0, 0]]), algorithm="pvs", max_nodes=4)
    assert [(e.kind, e.node) for e in trace.events][-3:] == [
        (EventKind.ENTER, 3), (EventKind.LEAF, 3), (EventKind.RESEARCH, 1),
    ]
    assert disagreements(trace) == []
    b = Replay(trace).state_at(len(trace)).nodes[1]
    assert b.tried == 1  # its first leaf; the second is still to be searched again
