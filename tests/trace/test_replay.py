"""Tests of negaviz.trace.replay: the state after k events, computed from the trace alone."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from negaviz import EventKind, TicTacToe, Tree, record
from negaviz.search import Bound
from negaviz.trace import Replay, Status
from negaviz.trace.replay import State, final_value

INF = math.inf
TTT = TicTacToe()


@pytest.fixture
def textbook() -> Any:
    return record(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")


def by_label(trace: Any, state: State) -> dict[str, Any]:
    return {trace.label(nid): s for nid, s in state.nodes.items()}


def test_the_start_is_empty(textbook: Any) -> None:
    state = Replay(textbook).state_at(0)
    assert state.step == 0 and state.nodes == {} and state.stack == ()
    assert state.last is None and state.current is None
    assert state.status(0) == Status.UNVISITED


def test_statuses_step_by_step(textbook: Any) -> None:
    replay = Replay(textbook)
    assert len(replay) == 18
    s = replay.state_at(1)
    assert s.status(0) == Status.CURRENT and s.stack == (0,) and s.last == textbook.event(0)
    s = replay.state_at(3)  # A, B, D entered
    assert [s.status(n) for n in range(6)] == [Status.ACTIVE, Status.ACTIVE, Status.CURRENT] + [Status.UNVISITED] * 3
    assert s.current == 2
    s = replay.state_at(4)  # D is a leaf: done, B is current again
    assert s.status(2) == Status.DONE and s.current == 1
    assert (s.nodes[2].value, s.nodes[2].bound) == (7, Bound.EXACT)


def test_windows_and_best_values_evolve(textbook: Any) -> None:
    replay = Replay(textbook)
    b = by_label(textbook, replay.state_at(5))["B"]  # after B hears from D
    assert (b.alpha, b.beta, b.best, b.tried, b.cut) == (-7, INF, -7, 1, False)
    c = by_label(textbook, replay.state_at(15))["C"]  # after C's cutoff
    assert (c.alpha, c.beta, c.best, c.tried, c.cut, c.status) == (-3, -5, -3, 1, True, Status.CURRENT)
    a = by_label(textbook, replay.state_at(17))["A"]  # C has returned and did not improve A
    assert (a.alpha, a.best, a.tried) == (5, 5, 2)


def test_the_final_state_is_the_node_table(textbook: Any) -> None:
    state = Replay(textbook).state_at(len(textbook))
    assert state.stack == () and state.current is None
    assert len(state.nodes) == len(textbook.nodes)
    for node in textbook.nodes:
        s = state.nodes[node.id]
        assert s.status == Status.DONE
        assert (s.value, s.bound) == (node.value, node.bound)
    assert final_value(textbook) == textbook.value == 5


def test_steps_outside_the_trace_are_index_errors(textbook: Any) -> None:
    replay = Replay(textbook)
    with pytest.raises(IndexError, match="step 19 is outside 0..18"):
        replay.state_at(19)
    with pytest.raises(IndexError, match="step -1 is outside"):
        replay.state_at(-1)


def test_random_access_with_checkpoints_equals_stepping_from_the_start() -> None:
    trace = record(TTT, TTT.parse("x...o...."), algorithm="alphabeta", tt=True, order="heuristic")
    n = len(trace)
    assert n > 600
    fresh = [Replay(trace, every=n + 1).state_at(k) for k in range(0, n + 1, 37)] + [Replay(trace, every=n + 1).state_at(n)]
    dense = Replay(trace, every=5)
    steps = list(range(0, n + 1, 37)) + [n]
    shuffled = steps[:]
    random.Random(3).shuffle(shuffled)
    got = {k: dense.state_at(k) for k in shuffled}  # out of order, through checkpoints
    assert [got[k] for k in steps] == fresh


def test_child_windows_are_the_parents_window_negated_and_swapped() -> None:
    for options in (
        {"algorithm": "alphabeta"},
        {"algorithm": "alphabeta", "tt": True, "order": "threats"},
        {"algorithm": "alphabeta", "tt": True, "fail_hard": True, "window": (-0.5, 0.5)},
        {"algorithm": "negamax", "tt": True, "depth": 4},
    ):
        trace = record(TTT, TTT.parse("x........"), **options)
        replay = Replay(trace, every=64)
        for e in trace.events:
            if e.kind == EventKind.ENTER and e.node != 0:
                parent = replay.state_at(e.step).nodes[trace.node(e.node).parent]
                assert (e.alpha, e.beta) == (-parent.beta, -parent.alpha), (options, e)


def test_table_bounds_narrow_the_window() -> None:
    trace = record(TTT, algorithm="alphabeta", tt=True, window=(-0.5, 0.5))
    replay = Replay(trace)
    narrowed = 0
    for e in trace.events:
        if e.kind == EventKind.TT_PROBE and e.bound in (Bound.LOWER, Bound.UPPER) and not e.ended:
            before = replay.state_at(e.step).nodes[e.node]
            after = replay.state_at(e.step + 1).nodes[e.node]
            if e.bound == Bound.LOWER:
                assert after.alpha == max(before.alpha, e.value) and after.beta == before.beta
            else:
                assert after.beta == min(before.beta, e.value) and after.alpha == before.alpha
            narrowed += 1
    assert narrowed > 0


def test_a_partial_trace_replays_to_its_open_stack() -> None:
    trace = record(TTT, algorithm="negamax", max_nodes=500)
    state = Replay(trace).state_at(len(trace))
    open_ids = tuple(n.id for n in trace.nodes if n.ending == "open")
    assert state.stack == open_ids and len(open_ids) > 1
    assert state.nodes[state.stack[-1]].status == Status.CURRENT
    assert all(state.nodes[n].status == Status.ACTIVE for n in state.stack[:-1])
    assert final_value(trace) is None


def test_final_value_of_a_trace_with_several_roots() -> None:
    trace = record(TTT, TTT.parse("x........"), algorithm="id")
    assert len(trace.roots()) > 1 and trace.value == 0
    state = Replay(trace).state_at(len(trace))
    assert state.nodes[trace.roots()[-1]].value == trace.value
    assert final_value(trace) == trace.value  # gives the depth-1 value, 1
