"""Kinds are enums (str mixins) or Literal aliases: they read, save and compare as their
plain string values, and mypy catches a typo."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from enum import Enum
from pathlib import Path
from typing import get_args

import pytest

import negaviz
from negaviz.analysis.nodetypes import NODE_TYPES, NodeType, node_types, observed_types, type_counts
from negaviz.analysis.steps import JUMP_CODES, Jump
from negaviz.quiz.questions import KINDS, QuestionKind
from negaviz.render.proof import NODE_KINDS as PROOF_KINDS
from negaviz.render.proof import ProofKind
from negaviz.render.styles import EDGE_KINDS, NODE_KINDS, EdgeKind, NodeKind
from negaviz.search.result import SearchResult, Stopped
from negaviz.analysis.stats import COLUMNS
from negaviz.render.labels import Family
from negaviz.render.plots import METRICS, Metric
from negaviz.search.options import ALGORITHMS, ORDERS, PRUNING, REPLACEMENTS, WINDOWED, Algorithm, Order, Replacement, SearchOptions
from negaviz.trace import dumps, loads
from negaviz.trace.replay import Replay, Status
from negaviz.trace.timeline import KIND_CODES, LEAF_CODES, RETURNS, Code, Timeline
from negaviz.trace.trace import LEAF_LIKE, Ending
from negaviz.vocabulary import Kind

ENUMS: list[type[Kind]] = [Ending, Stopped, Status]
MEMBERS = [m for e in ENUMS for m in e]


def _traces() -> dict[str, negaviz.Trace]:
    game = negaviz.TicTacToe()
    return {
        "tt": negaviz.record(game, algorithm="alphabeta", tt=True),
        "depth": negaviz.record(game, algorithm="alphabeta", depth=2),
        "bounds": negaviz.record(game, algorithm="alphabeta", bounds=True),
        "budget": negaviz.record(game, algorithm="alphabeta", max_nodes=50),
    }


@pytest.fixture(scope="module")
def traces() -> dict[str, negaviz.Trace]:
    return _traces()


# --- members are their values -----------------------------------------------------------
@pytest.mark.parametrize("member", MEMBERS, ids=lambda m: f"{type(m).__name__}.{m.name}")
def test_member_writes_its_plain_value(member: Kind) -> None:
    value = member.value
    assert isinstance(value, str)
    assert member == value and value == member and hash(member) == hash(value)
    assert str(member) == value
    assert f"{member}" == value
    assert f"{member:>12}" == f"{value:>12}"
    assert "{}".format(member) == value
    assert "%s" % member == value
    assert json.dumps(member) == json.dumps(value)
    assert json.dumps({member: [member]}) == json.dumps({value: [value]})
    assert type(member)(value) is member


def test_every_enum_is_a_str_kind() -> None:
    for enum in ENUMS:
        assert issubclass(enum, Kind) and issubclass(enum, str) and issubclass(enum, Enum)


def test_members() -> None:
    assert [m.value for m in Ending] == ["leaf", "eval", "tt", "bounds", "inner", "open"]
    assert [m.value for m in Stopped] == ["budget", "interrupted"]
    assert [m.value for m in Status] == ["unvisited", "active", "current", "done"]
    assert LEAF_LIKE == {"leaf", "eval", "bounds"}
    assert negaviz.Status is Status  # one Status: the timeline's, re-exported by replay


# --- endings ----------------------------------------------------------------------------
@pytest.mark.slow
def test_every_ending_occurs_and_survives_a_saved_trace(traces: dict[str, negaviz.Trace]) -> None:
    seen: set[Ending] = set()
    for name, trace in traces.items():
        endings = [n.ending for n in trace.nodes]
        assert all(type(e) is Ending for e in endings), name
        seen.update(endings)
        loaded = loads(dumps(trace))
        again = [n.ending for n in loaded.nodes]
        assert again == endings and all(type(e) is Ending for e in again), name
        assert dumps(loaded) == dumps(trace)
    assert seen == set(Ending)


def test_leaf_like_endings_are_what_the_search_counts(traces: dict[str, negaviz.Trace]) -> None:
    for name, trace in traces.items():
        assert trace.result is not None
        assert sum(n.ending in LEAF_LIKE for n in trace.nodes) == trace.result.leaves == trace.counts().leaves, name


# --- stopped ----------------------------------------------------------------------------
def test_stopped_is_a_member_and_saves_as_its_value(traces: dict[str, negaviz.Trace]) -> None:
    result = traces["budget"].result
    assert result is not None and result.stopped is Stopped.BUDGET
    d = result.to_dict()
    assert type(d["stopped"]) is str and d["stopped"] == "budget"
    assert '"stopped": "budget"' in json.dumps(d)
    text = dumps(traces["budget"])
    assert '"stopped":"budget"' in text
    loaded = loads(text).result
    assert loaded is not None and loaded.stopped is Stopped.BUDGET
    done = traces["tt"].result
    assert done is not None and done.stopped is None and done.to_dict()["stopped"] is None
    assert loads(dumps(traces["tt"])).result.stopped is None  # type: ignore[union-attr]


def test_stopped_given_as_a_string_becomes_the_member() -> None:
    kw = dict(value=None, move=None, pv=(), pv_names=(), nodes=1, leaves=0, cutoffs=0, tt_hits=0,
              seconds=0.0, first_player=0, options=SearchOptions())
    r = SearchResult(**kw, stopped="interrupted")  # type: ignore[arg-type]
    assert r.stopped is Stopped.INTERRUPTED and not r.complete
    assert r.to_dict()["stopped"] == "interrupted" and type(r.to_dict()["stopped"]) is str
    with pytest.raises(ValueError):
        SearchResult(**kw, stopped="bored")  # type: ignore[arg-type]


def test_saved_stopped_must_be_a_known_value(traces: dict[str, negaviz.Trace]) -> None:
    text = dumps(traces["budget"]).replace('"stopped":"budget"', '"stopped":"bored"')
    with pytest.raises(negaviz.errors.TraceFormatError, match=r"expected one of \[None, 'budget', 'interrupted'\], found 'bored'"):
        loads(text)


# --- statuses and step codes ------------------------------------------------------------
def test_node_statuses_are_members(traces: dict[str, negaviz.Trace]) -> None:
    trace = traces["budget"]
    tl = Timeline(trace)
    replay = Replay(trace)
    seen: Counter[Status] = Counter()
    for step in range(0, len(trace) + 1, 7):
        state = replay.state_at(step)
        for nid in range(len(trace.nodes)):
            at = tl.node_at(nid, step)
            assert type(at.status) is Status
            seen[at.status] += 1
            assert state.status(nid) is at.status
    assert set(seen) == set(Status)


def test_step_codes_are_the_named_letters(traces: dict[str, negaviz.Trace]) -> None:
    letters = {v for k, v in vars(Code).items() if k.isupper()}
    assert len(letters) == 14 and all(len(c) == 1 for c in letters)
    assert set(KIND_CODES.values()) | {Code.TT_HIT, Code.BOUNDS_EXIT} == letters
    assert RETURNS == set("LVRY") and LEAF_CODES == "LVY"
    for name, trace in traces.items():
        tl = Timeline(trace)
        assert set(tl.kinds) <= letters, name
        assert tl.counters(len(trace)).leaves == trace.counts().leaves, name
    assert Code.BOUNDS_EXIT in Timeline(traces["bounds"]).kinds
    assert Code.TT_HIT in Timeline(traces["tt"]).kinds
    assert set(get_args(Jump)) == set(JUMP_CODES)


# --- Literal families -------------------------------------------------------------------
def test_literal_families_list_their_values() -> None:
    assert NODE_KINDS == get_args(NodeKind) == ("node", "folded", "group", "pruned", "unvisited")
    assert EDGE_KINDS == get_args(EdgeKind) == ("tree", "folded", "pruned", "unvisited", "transposition")
    assert PROOF_KINDS == get_args(ProofKind) == ("prover", "opponent", "folded")
    assert KINDS == get_args(QuestionKind) == ("value", "window", "pruned", "move")
    assert NODE_TYPES == get_args(NodeType) == ("PV", "CUT", "ALL")
    assert ALGORITHMS == get_args(Algorithm) == ("minimax", "negamax", "alphabeta", "pvs", "mtdf", "id")
    assert ORDERS == get_args(Order) == ("natural", "heuristic", "threats", "threats+heuristic")
    assert REPLACEMENTS == get_args(Replacement) == ("always", "depth")
    assert set(PRUNING) | set(WINDOWED) < set(ALGORITHMS)
    assert get_args(Family) == ("textbook", "board", "text")
    assert METRICS == get_args(Metric) == tuple(c for c in COLUMNS if c not in ("name", "value"))


def test_node_types_stay_plain_strings(traces: dict[str, negaviz.Trace]) -> None:
    trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    expected, observed = node_types(trace), observed_types(trace)
    assert all(type(t) is str and t in NODE_TYPES for t in [*expected.values(), *observed.values()])
    assert str(type_counts(expected)) == "{'PV': 3, 'CUT': 2, 'ALL': 1}"


# --- mypy -------------------------------------------------------------------------------
SNIPPET = """\
from negaviz.analysis.steps import Jump
from negaviz.render.styles import NodeView
from negaviz.trace.trace import Ending, Node


def f(n: Node, j: Jump, v: NodeView) -> bool:
    ok = n.ending == Ending.LEAF and j == "cutoff" and v.kind == "pruned"
    bad_member = n.ending == Ending.LEFA
    bad_jump = j == "cutof"
    bad_view = v.kind == "prunned"
    return ok or bad_member or bad_jump or bad_view
"""


@pytest.mark.slow
def test_mypy_catches_a_typo(tmp_path: Path) -> None:
    """A typo'd member is an attribute error; a typo'd Literal is a non-overlapping
    comparison under ``--strict-equality`` (not on in the project's config: a str-mixin
    enum overlaps every str, so comparing one with a wrong string is not caught)."""
    pytest.importorskip("mypy")
    path = tmp_path / "snippet.py"
    path.write_text(SNIPPET)
    root = Path(negaviz.__file__).parent.parent
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict-equality", "--no-incremental", "--follow-imports=silent", str(path)],
        capture_output=True, text=True, cwd=root, env={"PYTHONPATH": str(root), "PATH": ""}, timeout=600,
    ).stdout
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert any(':8: error: "type[Ending]" has no attribute "LEFA"' in e for e in errors), out
    assert any(":9: error: Non-overlapping equality check" in e and "'cutof'" in e for e in errors), out
    assert any(":10: error: Non-overlapping equality check" in e and "'prunned'" in e for e in errors), out
    assert len(errors) == 3, out  # the good comparisons on line 7 pass
