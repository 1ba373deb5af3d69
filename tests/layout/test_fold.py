"""Tests of negaviz.layout.fold: the state at a step, subtree sizes, folding to a budget."""

from __future__ import annotations

import re

import pytest

import negaviz
from negaviz.render import draw
from negaviz.layout.fold import Sizes, plan, snapshot
from negaviz.trace import Replay, Status, Trace

NODE_LINE = re.compile(r"^\t(\w+) \[")


def drawn_nodes(dot: object) -> list[str]:
    """DOT ids of the node statements (not edges, not graph attributes)."""
    return [m.group(1) for line in dot.body if (m := NODE_LINE.match(line)) and m.group(1) != "graph"]  # type: ignore[attr-defined]


def small_traces() -> dict[str, Trace]:
    return {
        "textbook": negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9) I(D J:2))"), algorithm="alphabeta"),
        "ttt-tt": negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta", tt=True),
        "othello": negaviz.record(negaviz.Othello(4), algorithm="alphabeta", depth=3, tt=True),
        "budget": negaviz.record(negaviz.TicTacToe("x../.o./..."), algorithm="alphabeta", max_nodes=60),
    }


@pytest.mark.slow
@pytest.mark.parametrize("name", list(small_traces()))
def test_snapshot_agrees_with_a_full_replay_at_every_step(name: str) -> None:
    trace = small_traces()[name]
    replay = Replay(trace)
    for step in range(len(trace) + 1):
        want = replay.state_at(step)
        snap = snapshot(trace, step)
        assert snap.stack == want.stack, step
        assert snap.visible == len(want.nodes), step
        for nid, state in want.nodes.items():
            if state.status is Status.DONE:
                assert snap.done(nid)
                assert (trace.nodes[nid].value, trace.nodes[nid].bound) == (state.value, state.bound)
            else:
                live = snap.live[nid]
                assert (live.status, live.alpha, live.beta, live.best, live.cut, live.tried) == (
                    state.status, state.alpha, state.beta, state.best, state.cut, state.tried,
                ), (step, nid)


def test_snapshot_of_the_whole_trace_has_the_trace_pv() -> None:
    for trace in small_traces().values():
        if trace.complete:
            assert list(snapshot(trace, len(trace)).pv) == trace.pv()


def test_snapshot_rejects_steps_outside_the_trace() -> None:
    trace = small_traces()["textbook"]
    with pytest.raises(ValueError, match=r"step -1 is outside 0\.\.\d+"):
        snapshot(trace, -1)
    with pytest.raises(ValueError, match="outside"):
        snapshot(trace, len(trace) + 1)


def test_subtree_sizes_match_counting_descendants() -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo./.../..."), algorithm="alphabeta")
    nodes = trace.nodes
    brute = [1] * len(nodes)
    for node in reversed(nodes[1:]):
        brute[node.parent] += brute[node.id]
    sizes = Sizes(nodes, len(nodes))
    assert [sizes(n.id) for n in nodes] == brute
    clipped = Sizes(nodes, 100)  # at a step only the first 100 nodes exist
    assert sizes(0) == len(nodes) and clipped(0) == 100


@pytest.mark.parametrize("budget", [3, 5, 8, 13, 21, 50, 120, 400])
def test_plan_stays_within_budget_and_keeps_the_pv(budget: int) -> None:
    trace = negaviz.record(negaviz.TicTacToe("x../.../..."), algorithm="alphabeta")
    snap = snapshot(trace, len(trace))
    p = plan(trace, snap, budget, ghosts=2)
    assert len(p.items) <= budget
    names = {i.name for i in p.items}
    pv = trace.pv()
    shown = [f"n{n}" in names for n in pv]
    assert shown[0] and shown == sorted(shown, reverse=True)  # a prefix of the line, from the root
    if budget >= 1 + 3 * (len(pv) - 1):  # each PV node, a group of its siblings, a ghost group
        assert all(shown)
    # Every visible node is drawn or inside exactly one summary.
    drawn = sum(1 for i in p.items if i.kind == "node")
    assert drawn + p.hidden == snap.visible


@pytest.mark.slow
def test_plan_keeps_the_path_to_the_current_node() -> None:
    trace = negaviz.record(negaviz.TicTacToe("x../.../..."), algorithm="negamax")
    step = (len(trace) * 2) // 3
    snap = snapshot(trace, step)
    p = plan(trace, snap, 30, ghosts=2)
    names = {i.name: i.kind for i in p.items}
    assert len(snap.stack) >= 4
    assert all(names.get(f"n{n}") == "node" for n in snap.stack)
    assert len(p.items) <= 30


@pytest.fixture(scope="module")
def large() -> Trace:
    trace = negaviz.record(negaviz.TicTacToe("x../.../..."), algorithm="negamax")
    assert len(trace.nodes) > 50_000
    return trace


@pytest.mark.slow
@pytest.mark.parametrize("max_nodes", [10, 50, 100, 400])
def test_folded_drawing_of_a_large_trace_keeps_pv_and_current_path(large: Trace, max_nodes: int) -> None:
    step = len(large) // 2
    dot = draw(large, step=step, max_nodes=max_nodes)
    ids = drawn_nodes(dot)
    assert len(ids) <= max_nodes
    stack = [f"n{n}" in ids for n in snapshot(large, step).stack]
    assert len(stack) >= 5 and stack[0] and stack == sorted(stack, reverse=True)  # a prefix
    if max_nodes >= 50:
        assert all(stack)
    assert "folded" in dot.source and "summary node" in dot.source  # the caption says so
    full = drawn_nodes(draw(large, max_nodes=max_nodes))
    assert len(full) <= max_nodes
    if max_nodes >= 50:
        assert {f"n{n}" for n in large.pv()} <= set(full)


def test_summary_nodes_say_how_many_nodes_and_the_value() -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="negamax")
    dot = draw(trace, max_nodes=12, legend=False)
    summaries = [line for line in dot.body if "shape=folder" in line]
    assert summaries
    total = 0
    for line in summaries:
        m = re.search(r"\+([\d,]+) nodes", line)
        assert m, line
        total += int(m.group(1).replace(",", ""))
        assert "value" in line or "folded subtrees" in line
    real = [line for line in dot.body if re.match(r"\tn\d+ \[", line) and "shape=folder" not in line]
    assert len(real) + total == len(trace.nodes)  # every node drawn or counted exactly once
    assert len(real) + len(summaries) <= 12


@pytest.mark.slow
def test_full_tic_tac_toe_trace_folds_to_the_budget() -> None:
    # How long this takes is measured by benchmarks/bench_render.py, not asserted here.
    trace = negaviz.record(negaviz.TicTacToe(), algorithm="negamax")
    assert len(trace.nodes) == 549_946
    for step in (None, len(trace) // 2):
        dot = draw(trace, step=step)
        assert len(drawn_nodes(dot)) <= 400


# ------------------------------------------------------------------ a node with thousands of children
def wide(children: int) -> Trace:
    """A root with ``children`` leaves."""
    return negaviz.record(negaviz.Tree.parse("[" + ",".join(str(i % 7 - 3) for i in range(children)) + "]"))


@pytest.mark.parametrize("step", [None, 5_000, 14_999])
def test_a_node_with_thousands_of_children_folds_them_into_a_window_and_a_group(step: int | None) -> None:
    trace = wide(5_000)
    snap = snapshot(trace, len(trace) if step is None else step)
    p = plan(trace, snap, 400)
    assert len(p.items) <= 400
    kids = [i.node for i in p.items if i.parent == 0 and i.node >= 0]
    groups = [i for i in p.items if i.kind == "group"]
    assert len(groups) == 1 and groups[0].covers == snap.visible - 1 - len(kids)  # every other child, in one group
    assert len(kids) > 300  # the budget is used: a window of siblings, not just the kept ones
    assert set(snap.stack) | set(snap.pv) <= {0, *kids}
    if snap.current not in (None, 0) and snap.current + 1 < snap.visible:  # the window goes on after it
        assert kids.index(snap.current + 1) == kids.index(snap.current) + 1
    dot = draw(trace, step=step)
    assert len(drawn_nodes(dot)) <= 400


def test_the_window_in_a_drawing_keeps_move_order() -> None:
    trace = wide(2_000)
    kids = [i.node for i in plan(trace, snapshot(trace, 3_000), 100).items if i.parent == 0 and i.node >= 0]
    assert kids == sorted(kids)
