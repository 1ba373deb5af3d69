"""Drivers search the root several times: each pass is a trace of its own, and drawn so."""

from __future__ import annotations

import pytest

import negaviz
from negaviz.trace import dumps

POSITION = "x.o/x../o.."


@pytest.mark.parametrize("algorithm", ["id", "mtdf"])
def test_passes_split_the_trace_at_each_root(algorithm: str) -> None:
    trace = negaviz.record(negaviz.TicTacToe(POSITION), algorithm=algorithm, tt=True)
    passes = trace.passes()
    assert len(passes) == len(trace.roots()) >= 2
    assert [first for first, _ in passes] == [trace.nodes[r].enter_step for r in trace.roots()]
    assert sum(len(p) for _, p in passes) == len(trace)
    assert sum(len(p.nodes) for _, p in passes) == len(trace.nodes)
    for (first, part), root in zip(passes, trace.roots()):
        assert part.roots() == [0]
        assert part.value == trace.nodes[root].value
        # The same events, renumbered from the pass's root.
        assert [e.kind for e in part.events] == [trace.event(first + k).kind for k in range(len(part))]
        assert [part.move_name(n.id) for n in part.nodes] == [
            trace.move_name(n.id) for n in trace.nodes[root : root + len(part.nodes)]
        ]
    assert passes[-1][1].value == trace.value == 1


def test_a_one_root_trace_is_its_own_pass() -> None:
    trace = negaviz.record(negaviz.TicTacToe(POSITION), algorithm="alphabeta")
    [(first, part)] = trace.passes()
    assert first == 0 and part is trace


def test_drawing_a_step_draws_the_pass_it_falls_in() -> None:
    pytest.importorskip("graphviz")
    from negaviz.render import draw

    trace = negaviz.record(negaviz.TicTacToe(POSITION), algorithm="id", tt=True)
    passes = trace.passes()
    first, part = passes[1]
    source = draw(trace, step=first + 5).source
    assert "pass 2 (from step" in source
    assert source == draw(part, step=5).source.replace(
        "negamax view", "negamax view", 1
    ).replace("\\nafter step 5", f"\\npass 2 (from step {first})\\nafter step 5")
    assert f"pass {len(passes)} (from step" in draw(trace).source


def test_passes_survive_json() -> None:
    trace = negaviz.record(negaviz.TicTacToe(POSITION), algorithm="mtdf", tt=True)
    again = negaviz.loads(dumps(trace))
    assert [len(p) for _, p in again.passes()] == [len(p) for _, p in trace.passes()]
