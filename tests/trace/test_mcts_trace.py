"""Tests of negaviz.trace.mcts: MCTS recorded into the one trace format, read back step by step."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negaviz import TicTacToe, Tree
from negaviz.errors import TraceFormatError
from negaviz.games.connect4 import ConnectFour
from negaviz.search import Stopped
from negaviz.search.events import EventKind
from negaviz.trace import dumps, loads, record
from negaviz.trace.mcts import MctsTrace, check_mcts, record_mcts, state_at, ucb_table

GAMES = {
    "tree": Tree.parse("[[7,5],[3,1,9]]"),
    "ttt": TicTacToe("x../.o./..."),
    "c4": ConnectFour(5, 4),
}


@pytest.mark.parametrize("algorithm", ["uct", "flat"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_json_round_trips_byte_identically_and_the_same_seed_gives_the_same_bytes(name: str, algorithm: str) -> None:
    game = GAMES[name]
    text = dumps(record_mcts(game, iterations=150, seed=4, algorithm=algorithm))
    again = loads(text)
    assert isinstance(again, MctsTrace)
    assert dumps(again) == text
    assert dumps(record_mcts(game, iterations=150, seed=4, algorithm=algorithm)) == text
    assert dumps(record_mcts(game, iterations=150, seed=5, algorithm=algorithm)) != text


def test_a_loaded_trace_has_the_same_tree_and_names() -> None:
    t = record_mcts(GAMES["ttt"], iterations=200, seed=1)
    u = loads(dumps(t))
    assert u.final == t.final and u.value == t.value and u.pv_names() == t.pv_names()
    assert [u.label(n.id) for n in u.nodes[:20]] == [t.label(n.id) for n in t.nodes[:20]]


def test_the_trace_holds_what_the_search_did() -> None:
    t = record_mcts(GAMES["ttt"], iterations=300, seed=2)
    r, final = t.mcts, t.final
    assert r is not None and final.iteration == r.iterations == 300 and len(final.nodes) == r.nodes
    root = final.nodes[0]
    assert root.n == 300 and [final.nodes[c].n for c in root.children] == list(r.visits)
    assert [final.nodes[c].w for c in root.children] == list(r.totals)
    assert t.value == r.value and t.complete
    kinds = {e.kind for e in t.events}
    assert kinds == {EventKind.ITERATION, EventKind.SELECT, EventKind.EXPAND, EventKind.PLAYOUT, EventKind.BACKUP}


def test_every_node_sums_its_childrens_visits_and_values() -> None:
    final = record_mcts(GAMES["ttt"], iterations=500, seed=3).final
    for node in final.nodes:
        kids = [final.nodes[c] for c in node.children]
        assert node.n >= sum(k.n for k in kids)
        if node.n == sum(k.n for k in kids) + 1 and kids and not node.terminal:
            continue
    root = final.nodes[0]
    assert root.n == sum(final.nodes[c].n for c in root.children)
    assert root.w == -sum(final.nodes[c].w for c in root.children)  # negamax: the root's W is the opponent's


# --- the prefix rule ------------------------------------------------------------------
def truncated(t: MctsTrace, k: int) -> MctsTrace:
    """The trace of the first ``k`` events only."""
    stop = t.offsets[k] if k < len(t) else len(t.stream)
    lists = sum(1 for node in state_at(t, k).nodes if node.moves is not None)
    return MctsTrace(t.stream[:stop], t.move_lists[:lists], k, game=t.game, root=t.root, options=t.options)


def test_the_state_at_step_k_depends_on_the_first_k_events_only() -> None:
    t = record_mcts(GAMES["ttt"], iterations=60, seed=9)
    for k in range(0, len(t) + 1, 7):
        assert state_at(truncated(t, k), k) == state_at(t, k)


def test_nothing_appears_before_the_step_that_makes_it() -> None:
    t = record_mcts(GAMES["tree"], iterations=10, seed=0)
    seen = 1
    for k in range(len(t) + 1):
        s = state_at(t, k)
        assert len(s.nodes) == seen + (k > 0 and t.event(k - 1).kind == EventKind.EXPAND)
        seen = len(s.nodes)
    assert state_at(t, 0).nodes[0].n == 0 and state_at(t, 0).phase == "iterate"


def test_ucb_table_matches_the_select_events() -> None:
    t = record_mcts(GAMES["ttt"], iterations=80, seed=0)
    for k, ev in enumerate(t.events):
        if ev.kind == EventKind.SELECT:
            before = state_at(t, k)
            table = ucb_table(t, before, before.current)
            best = max(table, key=lambda u: u.ucb)
            assert best.child == ev.child and best.ucb == ev.value


# --- partial traces -------------------------------------------------------------------
def test_a_budget_keeps_the_partial_trace_which_loads() -> None:
    t = record_mcts(GAMES["ttt"], iterations=1000, max_nodes=12, seed=0)
    assert t.mcts is not None and t.mcts.stopped == Stopped.BUDGET and len(t.final.nodes) == 12
    assert not t.complete and t.final.phase == "iterate" and "partial" in repr(t)  # stopped between iterations
    assert dumps(loads(dumps(t))) == dumps(t)


class Interrupting(TicTacToe):
    def __init__(self, at: int) -> None:
        super().__init__("x../.o./...")
        self.calls, self.at = 0, at

    def play(self, pos: Any, move: int) -> Any:
        self.calls += 1
        if self.calls == self.at:
            raise KeyboardInterrupt
        return super().play(pos, move)


@pytest.mark.parametrize("at", [1, 2, 37, 200])
def test_ctrl_c_keeps_the_partial_trace(at: int) -> None:
    t = record_mcts(Interrupting(at), iterations=1000, seed=0)
    assert t.mcts is not None and t.mcts.stopped == Stopped.INTERRUPTED
    assert not t.complete
    game = TicTacToe("x../.o./...")
    check_mcts(t.stream, t.move_lists, t.options, game)  # a valid prefix of a search
    u = loads(dumps(t))
    assert u.final == t.final


# --- files that lie -------------------------------------------------------------------
def edited(text: str, change: Any) -> str:
    d = json.loads(text)
    nums = d["events"].split(",")
    change(nums, d)
    d["events"] = ",".join(nums)
    return json.dumps(d)


def first(nums: list[str], kind: int) -> int:
    from negaviz.search.events import WIDTH

    i = 0
    while int(nums[i]) != kind:
        i += WIDTH[EventKind(int(nums[i]))]
    return i


BASE = dumps(record_mcts(Tree.parse("[[7,5],[3,1,9]]"), iterations=12, seed=0))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda n, d: n.__setitem__(first(n, 23) + 2, "99"), "is not the node's W plus the result"),
        (lambda n, d: n.__setitem__(first(n, 23) + 1, "5"), "is not the node's N + 1"),
        (lambda n, d: n.__setitem__(first(n, 20) + 1, "1"), "comes first by UCB"),
        (lambda n, d: n.__setitem__(first(n, 20) + 3, "0.5"), "are not the child's"),
        (lambda n, d: n.__setitem__(first(n, 21) + 1, "1"), "the first untried move is 0"),
        (lambda n, d: n.__setitem__(first(n, 24) + 1, "2"), "comes after iteration 0, not 1"),
        (lambda n, d: n.__setitem__(0, "25"), "kind 25 is not an MCTS event"),
        (lambda n, d: n.__setitem__(0, "1"), "kind 1 is not an MCTS event"),
        (lambda n, d: d["mcts"]["options"].__setitem__("c", 0), "mcts.options"),
        (lambda n, d: d["mcts"]["options"].__setitem__("c", 2.0), "are not the child's"),
        (lambda n, d: d["mcts"]["result"].__setitem__("visits", [10, 2]), "not what the events show"),
        (lambda n, d: d["moves"].__setitem__(0, ["Q", "R"]), "is not a legal move here"),
    ],
)
def test_a_file_that_breaks_a_rule_is_refused_naming_it(change: Any, words: str) -> None:
    with pytest.raises(TraceFormatError) as caught:
        loads(edited(BASE, change))
    assert words in str(caught.value), str(caught.value)


def test_mcts_events_inside_an_alpha_beta_trace_are_refused() -> None:
    d = json.loads(dumps(record(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")))
    d["events"] = "24,1," + d["events"]
    with pytest.raises(TraceFormatError, match="unknown kind 24"):
        loads(json.dumps(d))


def _below(kids: Any) -> Any:
    return st.lists(kids, min_size=1, max_size=3)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.recursive(st.integers(-5, 5), _below, max_leaves=10), min_size=1, max_size=3),
    st.integers(1, 40), st.integers(0, 5), st.sampled_from(["uct", "flat"]), st.sampled_from([0.5, 1.4, 3]),
)
def test_any_recorded_tree_search_round_trips_and_checks(lists: Any, n: int, seed: int, algorithm: str, c: float) -> None:
    game = Tree.from_lists(lists)
    t = record_mcts(game, iterations=n, seed=seed, algorithm=algorithm, c=c)
    text = dumps(t)
    assert dumps(loads(text)) == text
    assert t.final.iteration == n and t.final.nodes[0].n == n


def test_phases_give_the_steps_to_jump_to_by_iteration_and_by_phase() -> None:
    from negaviz.errors import InputError
    from negaviz.trace.mcts import phases

    t = record_mcts(GAMES["ttt"], iterations=30, seed=0)
    seen = []
    for k in range(1, 31):
        p = phases(t, k)
        assert t.event(min(p.values()) - 1).kind == EventKind.ITERATION
        assert list(p) == [ph for ph in ("select", "expand", "playout", "backup") if ph in p]
        assert state_at(t, p["playout"]).phase in ("playout", "select") and state_at(t, p["backup"]).phase == "backup"
        seen.append(min(p.values()) - 1)
    assert seen == [e.step for e in t.events if e.kind == EventKind.ITERATION]
    assert "select" not in phases(t, 1) and "expand" in phases(t, 1)  # the root is not fully expanded yet
    for bad in (0, 31, True, 1.0):
        with pytest.raises(InputError, match="iteration must be a whole number from 1 to 30"):
            phases(t, bad)  # type: ignore[arg-type]


def test_ucb_table_refuses_a_node_that_does_not_select() -> None:
    from negaviz.errors import InputError

    t = record_mcts(GAMES["tree"], iterations=3, seed=0)
    with pytest.raises(InputError, match="node 0 is not fully expanded with every child visited at step 6"):
        ucb_table(t, state_at(t, 6), 0)  # iteration 2 has just made C, not yet backed up
    with pytest.raises(InputError, match="nid must be a node of the state"):
        ucb_table(t, state_at(t, 6), 9)
    assert [u.child for u in ucb_table(t, state_at(t, 10), 0)] == [1, 2]


def test_what_reads_windows_values_or_cutoffs_refuses_a_monte_carlo_trace_in_one_line() -> None:
    """Questions, keys, steppers, checks, pages, diffs, minimal trees and node types read
    what an MCTS trace does not have: each refuses it, naming the argument and where MCTS
    is drawn and stepped (before, questions() and the key were silently empty, and the
    stepper an IndexError).  Saving, loading and counting nodes take it."""
    from negaviz.analysis import stats
    from negaviz.analysis.diff import diff
    from negaviz.analysis.minimal import minimal_tree
    from negaviz.analysis.nodetypes import observed_types
    from negaviz.errors import InputError
    from negaviz.export.html import export_html
    from negaviz.quiz import answer_key, questions
    from negaviz.student import check
    from negaviz.widgets import StepperWidget

    t = record_mcts(TicTacToe(), "xo./.x./..o", iterations=30, seed=1)
    other = record(TicTacToe(), "xo./.x./..o", algorithm="alphabeta")
    for call, what in [(lambda: questions(t), "trace"), (lambda: answer_key(t), "trace"),
                       (lambda: StepperWidget(t), "trace"), (lambda: check(t), "student_trace"),
                       (lambda: export_html(t, "/nonexistent/x.html"), "trace"), (lambda: diff(other, t), "trace_b"),
                       (lambda: minimal_tree(t), "full"), (lambda: observed_types(t), "trace")]:
        with pytest.raises(InputError) as caught:
            call()
        said = str(caught.value)
        assert "\n" not in said and said.startswith(f"{what}: a Monte Carlo tree search's trace has no windows")
        assert "draw_mcts" in said and "state_at" in said
    assert loads(dumps(t)).monte_carlo and stats.summary(t).nodes == len(t.nodes)
