"""Tests of negaviz.trace: the recorder, the immutable trace and what it answers."""

from __future__ import annotations

import gc
import math
from typing import Any

import pytest

from negaviz import EventKind, Observer, TicTacToe, Tree, record, search
from negaviz.search import Bound, CutReason
from negaviz.trace import Recorder
from negaviz.search.events import WIDTH

INF = math.inf
TEXTBOOK = "[[7,5],[3,1,9]]"
TTT = TicTacToe()
K = EventKind


@pytest.fixture
def textbook() -> Any:
    return record(Tree.parse(TEXTBOOK), algorithm="alphabeta")


def test_textbook_events(textbook: Any) -> None:
    assert len(textbook) == 18
    got = [(e.kind, textbook.label(e.node), e.value, e.alpha, e.beta, e.bound) for e in textbook.events]
    assert got == [
        (K.ENTER, "A", None, -INF, INF, None),
        (K.ENTER, "B", None, -INF, INF, None),
        (K.ENTER, "D", None, -INF, INF, None),
        (K.LEAF, "D", 7, None, None, Bound.EXACT),
        (K.BEST, "B", -7, -7, None, None),
        (K.ENTER, "E", None, -INF, 7, None),
        (K.LEAF, "E", 5, None, None, Bound.EXACT),
        (K.BEST, "B", -5, -5, None, None),
        (K.EXIT, "B", -5, None, None, Bound.EXACT),
        (K.BEST, "A", 5, 5, None, None),
        (K.ENTER, "C", None, -INF, -5, None),
        (K.ENTER, "F", None, 5, INF, None),
        (K.LEAF, "F", 3, None, None, Bound.EXACT),
        (K.BEST, "C", -3, -3, None, None),
        (K.CUTOFF, "C", None, None, None, None),
        (K.EXIT, "C", -3, None, None, Bound.LOWER),  # C is worth at least -3 to its side
        (K.CHILD, "A", 3, None, None, None),
        (K.EXIT, "A", 5, None, None, Bound.EXACT),
    ]
    assert [textbook.label(e.child) for e in textbook.events if e.kind in (K.CHILD, K.BEST)] == ["D", "E", "B", "F", "C"]
    assert textbook.event(14).reason == CutReason.BETA
    assert [e.step for e in textbook.events] == list(range(18))


def test_events_behave_as_a_sequence(textbook: Any) -> None:
    events = textbook.events
    assert len(events) == 18
    assert list(events) == list(textbook) == [textbook.event(k) for k in range(18)]
    assert events[-1] == events[17] and events[-1].kind == K.EXIT
    assert events[2:4] == [textbook.event(2), textbook.event(3)]
    with pytest.raises(IndexError):
        events[18]
    ints = [e.value for e in events if e.kind == K.LEAF]
    assert ints == [7, 5, 3] and all(type(v) is int for v in ints)  # integral values read back as ints


def test_textbook_nodes(textbook: Any) -> None:
    table = [
        (textbook.label(n.id), n.parent, n.depth, n.index, n.alpha, n.beta, n.value, n.bound, n.ending, n.children, n.best_child)
        for n in textbook.nodes
    ]
    assert table == [
        ("A", -1, 0, 0, -INF, INF, 5, Bound.EXACT, "inner", [1, 4], 1),
        ("B", 0, 1, 0, -INF, INF, -5, Bound.EXACT, "inner", [2, 3], 3),
        ("D", 1, 2, 0, -INF, INF, 7, Bound.EXACT, "leaf", [], None),
        ("E", 1, 2, 1, -INF, 7, 5, Bound.EXACT, "leaf", [], None),
        ("C", 0, 1, 1, -INF, -5, -3, Bound.LOWER, "inner", [5], 5),
        ("F", 4, 2, 0, 5, INF, 3, Bound.EXACT, "leaf", [], None),
    ]
    c = textbook.node(4)
    assert c.cutoff == CutReason.BETA
    assert [textbook.game.labels[m] for m in c.skipped] == ["G", "H"]
    assert textbook.node(1).skipped == ()
    assert [textbook.game.labels[m] for m in textbook.node(0).moves] == ["B", "C"]
    assert (c.enter_step, c.exit_step) == (10, 15)


def test_textbook_questions(textbook: Any) -> None:
    counts = textbook.counts()
    assert (counts.nodes, counts.leaves, counts.cutoffs, counts.tt_hits) == (6, 3, 1, 0)
    assert counts.nodes_per_depth == [1, 2, 3]
    assert counts.leaves_per_depth == [0, 0, 3]
    assert counts.cutoffs_per_depth == [0, 1, 0]
    assert counts.tt_hits_per_depth == [0, 0, 0]
    assert textbook.pv() == [0, 1, 3] and textbook.pv_names() == ["B", "E"]
    assert textbook.path(5) == [0, 4, 5]
    assert textbook.move(0) is None and textbook.game.labels[textbook.move(5)] == "F"
    assert textbook.move_name(5) == "F" and textbook.move_name(0) == ""
    assert textbook.position(5) == textbook.game.labels.index("F")
    assert textbook.cut_nodes() == [4]
    assert [(n, [textbook.game.labels[m] for m in ms]) for n, ms in textbook.pruned()] == [(4, ["G", "H"])]
    assert textbook.pruned_labels() == ["G", "H"]
    assert textbook.value == 5 and textbook.complete
    assert repr(textbook) == "<negaviz.Trace: 6 nodes, 18 events, complete>"
    assert textbook.result is not None and textbook.result.value == 5


def test_the_stream_packs_each_event_in_its_width(textbook: Any) -> None:
    stream = list(textbook.stream)
    assert len(stream) == sum(WIDTH[e.kind] for e in textbook.events) == 55
    assert stream[:4] == [K.ENTER, 0, -INF, INF]
    labels = textbook.game.labels
    assert [[labels[m] for m in ms] for ms in textbook.move_lists] == [["B", "C"], ["D", "E"], ["F", "G", "H"]]
    assert textbook.nbytes >= 55 * textbook.stream.itemsize


def test_pruned_labels_count_whole_skipped_subtrees() -> None:
    trace = record(Tree.parse("A(B(D:5 E:6) C(F:1 G(H:9 I:8)))"), algorithm="alphabeta")
    assert trace.pruned_labels() == ["G", "H", "I"]


def test_pruned_labels_leave_out_nodes_visited_through_another_parent() -> None:
    # X is skipped under C but was searched under B: it is not "pruned".
    trace = record(Tree.parse("A(B(X:5 E:6) C(F:1 X))"), algorithm="alphabeta")
    assert trace.pruned_labels() == []
    assert [trace.label(n) for n in trace.cut_nodes()] == ["C"]


class Collect(Observer):
    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []
        self.moves: list[tuple[Any, ...]] = []

    def emit(self, event: tuple[Any, ...]) -> None:
        self.events.append(event)

    def expand(self, moves: Any) -> None:
        self.moves.append(tuple(moves))


@pytest.mark.parametrize("options", [{"algorithm": "negamax"}, {"algorithm": "alphabeta", "tt": True, "order": "threats"}])
def test_long_recordings_keep_every_number(options: dict[str, Any]) -> None:
    pos = TTT.parse("x........")  # about 60,000 nodes: the recorder packs in several chunks
    spy = Collect()
    search(TTT, pos, observer=spy, **options)
    trace = record(TTT, pos, **options)
    assert len(trace) == len(spy.events)
    assert list(trace.stream) == [x for ev in spy.events for x in ev]
    assert trace.move_lists == tuple(spy.moves)


def test_plain_negamax_events_follow_from_node_counts() -> None:
    trace = record(TTT, TTT.parse("x........"), algorithm="negamax")
    assert trace.result is not None
    n, leaves = trace.result.nodes, trace.result.leaves
    # ENTER per node, LEAF per leaf, EXIT per inner node, CHILD or BEST per non-root node.
    assert len(trace) == n + leaves + (n - leaves) + (n - 1)
    assert len(trace.nodes) == n and len(trace.move_lists) == n - leaves


@pytest.mark.parametrize(
    "options",
    [
        {"algorithm": "negamax"},
        {"algorithm": "alphabeta"},
        {"algorithm": "alphabeta", "tt": True},
        {"algorithm": "alphabeta", "tt": True, "symmetry": True, "order": "heuristic"},
        {"algorithm": "negamax", "tt": True, "stop_at_win": True},
        {"algorithm": "alphabeta", "depth": 3, "tt": True, "fail_hard": True, "window": (-1, 1)},
        {"algorithm": "alphabeta", "tt": True, "tt_size": 5, "tt_replace": "depth"},
    ],
)
def test_counts_agree_with_the_search_result(options: dict[str, Any]) -> None:
    trace = record(TTT, TTT.parse("x...o...."), **options)
    r = trace.result
    assert r is not None
    c = trace.counts()
    assert (c.nodes, c.leaves, c.cutoffs, c.tt_hits) == (r.nodes, r.leaves, r.cutoffs, r.tt_hits)
    assert sum(c.nodes_per_depth) == c.nodes and sum(c.tt_hits_per_depth) == c.tt_hits
    assert trace.value == r.value
    endings = {n.ending for n in trace.nodes}
    assert "open" not in endings
    if options.get("tt"):
        assert sum(n.ending == "tt" for n in trace.nodes) <= r.tt_hits
    if "depth" in options:
        assert "eval" in endings


def test_table_endings_and_probe_events() -> None:
    trace = record(TTT, algorithm="negamax", tt=True, depth=4)
    assert trace.result is not None
    ended = [n for n in trace.nodes if n.ending == "tt"]
    assert ended and all(n.moves is None and n.children == [] for n in ended)
    probes = [e for e in trace.events if e.kind == K.TT_PROBE]
    assert sum(e.bound is not None for e in probes) == trace.result.tt_hits
    assert all(e.value is None and e.ended is None for e in probes if e.bound is None)
    assert all(e.ended for e in probes if e.bound == Bound.EXACT)  # an exact entry always ends the node


def test_pv_of_the_trace_matches_the_result_without_a_table() -> None:
    for cells in ("x........", "x...o....", "xo.......", "x.......o"):
        trace = record(TTT, TTT.parse(cells), algorithm="alphabeta", order="heuristic")
        assert trace.result is not None
        assert tuple(trace.pv_names()) == trace.result.pv_names
        assert [trace.move(n) for n in trace.pv()[1:]] == list(trace.result.pv)


def test_stop_at_win_cutoffs_are_marked_as_wins() -> None:
    trace = record(TTT, TTT.parse("xx./oo./..."), algorithm="negamax", stop_at_win=True)
    assert trace.node(0).cutoff == CutReason.WIN
    assert trace.counts().cutoffs == trace.result.cutoffs == 1  # type: ignore[union-attr]


def test_a_budget_leaves_an_open_partial_trace() -> None:
    trace = record(TTT, algorithm="alphabeta", max_nodes=40)
    assert not trace.complete and trace.value is None
    assert "partial" in repr(trace)
    open_nodes = [n for n in trace.nodes if n.ending == "open"]
    assert open_nodes and open_nodes[0].id == 0
    assert all(n.value is None and n.exit_step == -1 for n in open_nodes)
    assert [n.id for n in open_nodes] == trace.path(open_nodes[-1].id)  # the open nodes form the call stack


def test_a_trace_without_a_game_uses_node_numbers() -> None:
    recorder = Recorder()
    tree = Tree.parse(TEXTBOOK)
    with recorder:
        result = search(tree, algorithm="alphabeta", observer=recorder)
    trace = recorder.finish()
    assert trace.game is None and trace.result is None
    e = tree.labels.index("E")
    assert trace.label(3) == "3" and trace.move_name(3) == str(e)  # the move is E's node number
    with pytest.raises(ValueError, match="no game attached"):
        trace.position(3)
    with pytest.raises(ValueError, match="needs a textbook tree"):
        trace.pruned_labels()
    assert trace.value == result.value == 5


def test_a_recorder_starts_afresh_after_finish() -> None:
    recorder = Recorder()
    tree = Tree.parse(TEXTBOOK)
    with recorder:
        search(tree, algorithm="alphabeta", observer=recorder)
    first = recorder.finish(game=tree, root=tree.root)
    with recorder:
        search(tree, algorithm="negamax", observer=recorder)
    second = recorder.finish(game=tree, root=tree.root)
    assert (len(first), len(first.nodes)) == (18, 6)
    assert len(second.nodes) == 8 and second.event(0).kind == K.ENTER
    assert list(first.stream) == list(record(tree, algorithm="alphabeta").stream)  # unchanged by the second search


def test_recording_restores_the_garbage_collector() -> None:
    assert gc.isenabled()
    record(TTT, TTT.parse("x...o...."), algorithm="negamax")
    assert gc.isenabled()
    gc.disable()
    try:
        record(TTT, TTT.parse("x...o...."), algorithm="negamax")
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()
