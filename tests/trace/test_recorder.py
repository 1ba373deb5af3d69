"""The recorder keeps exactly what the search reported, however it packs it.

The search emits batches (a leaf's ENTER, LEAF and CHILD/BEST in one tuple) to a
recorder, and one event at a time to an ordinary observer; the recorder packs numbers in
4-byte floats while every number is a small int or ±inf, and in doubles from the first
that is not.  Whatever the packing, the recorded stream must be the events an ordinary
observer saw, number for number, and the event count must be the number of events.
"""

from __future__ import annotations

import dis
import linecache
import math
import sys
from fractions import Fraction
from typing import Any

import pytest

import negaviz
from negaviz import Tree
from negaviz.games import ConnectFour, Othello, TicTacToe
from negaviz.search.events import EVENTS_IN_BATCH, WIDTH, split
from negaviz.search.observer import Observer
from negaviz.trace import Recorder


class Collect(Observer):
    """An ordinary observer (no batches): keeps every event it is given, and move lists."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []
        self.moves: list[tuple[Any, ...]] = []

    def emit(self, event: tuple[Any, ...]) -> None:
        assert len(event) == WIDTH[event[0]], event  # one event, never a batch
        self.events.append(event)

    def expand(self, moves: Any) -> None:
        self.moves.append(tuple(moves))


def recorded(game: Any, root: Any = None, **options: Any) -> negaviz.Trace:
    root = game.root if root is None else root
    rec = Recorder()
    with rec:
        result = negaviz.search(game, root, observer=rec, **options)
    return rec.finish(game=game, root=root, result=result)


def seen(game: Any, root: Any = None, **options: Any) -> Collect:
    watcher = Collect()
    negaviz.search(game, game.root if root is None else root, observer=watcher, **options)
    return watcher


CASES = [
    ("textbook negamax", Tree.parse("[[3,12,8],[2,4,6],[14,5,2]]"), {"algorithm": "negamax"}),
    ("textbook alphabeta", Tree.parse("[[3,12,8],[2,4,6],[14,5,2]]"), {"algorithm": "alphabeta"}),
    ("textbook minimax", Tree.parse("[[3,12,8],[2,4,6],[14,5,2]]"), {"algorithm": "minimax"}),
    ("a terminal root", TicTacToe("xxx/oo./..."), {"algorithm": "alphabeta"}),
    ("fractions", Tree.parse("[[0.5,2],[1,0.25]]"), {"algorithm": "alphabeta"}),
    ("ttt alphabeta", TicTacToe("x../.o./..."), {"algorithm": "alphabeta"}),
    ("ttt pvs", TicTacToe("x../.o./..."), {"algorithm": "pvs"}),
    ("ttt pvs fail-hard", TicTacToe("x../.o./..."), {"algorithm": "pvs", "fail_hard": True}),
    ("ttt tt symmetry", TicTacToe(), {"algorithm": "alphabeta", "tt": True, "symmetry": True}),
    ("ttt fail-hard tt", TicTacToe("x../.o./..."), {"algorithm": "alphabeta", "fail_hard": True, "tt": True}),
    ("ttt bounds threats", TicTacToe(), {"algorithm": "alphabeta", "bounds": True, "order": "threats", "tt": True}),
    ("ttt window", TicTacToe("x../.o./..."), {"algorithm": "alphabeta", "window": (-1, 0)}),
    ("ttt window 0.5", TicTacToe("x../.o./..."), {"algorithm": "alphabeta", "window": (-0.5, 0.5)}),
    ("ttt stop at win", TicTacToe("x../.o./..."), {"algorithm": "negamax", "stop_at_win": True}),
    ("ttt budget", TicTacToe(), {"algorithm": "alphabeta", "max_nodes": 9000}),
    ("c4 mtdf", ConnectFour(cols=4, rows=4), {"algorithm": "mtdf", "depth": 5, "tt": True}),
    ("c4 id aspiration", ConnectFour(cols=4, rows=4), {"algorithm": "id", "depth": 5, "aspiration": 1, "tt": True}),
    ("c4 bounds forced", ConnectFour(cols=4, rows=4), {"algorithm": "alphabeta", "bounds": True, "forced": True, "tt": True}),
    ("othello depth 3", Othello(6), {"algorithm": "alphabeta", "depth": 3, "order": "heuristic"}),
]


@pytest.mark.parametrize("game, options", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_the_recorded_stream_is_what_an_ordinary_observer_saw(game: Any, options: dict[str, Any]) -> None:
    trace = recorded(game, **options)
    watcher = seen(game, **options)
    flat = [x for event in watcher.events for x in event]
    assert list(trace.stream) == flat  # number for number, whatever the packing
    assert [type(x) for x in trace.stream] == [float] * len(flat)
    assert len(trace) == len(watcher.events) == len(trace.offsets)
    assert list(trace.move_lists) == watcher.moves
    assert trace.result.value == negaviz.search(game, **options).value


def test_a_game_of_small_ints_packs_four_bytes_a_number() -> None:
    trace = recorded(TicTacToe(), algorithm="alphabeta")
    assert trace.stream.typecode == "f"
    assert trace.nbytes < 16 * len(trace)


@pytest.mark.parametrize("leaf, why", [
    (0.1, "a float no 4-byte float holds"),
    (0.5, "any float"),
    (1 << 40, "an int far beyond 2**24"),
    (-(1 << 40), "a negative int far beyond 2**24"),
    (1 << 24, "2**24: its PVS null window, alpha - 1, would not fit"),
    (-(1 << 24), "-2**24"),
    (Fraction(1, 3), "a Fraction"),
])
def test_one_wide_value_late_in_the_search_widens_what_came_before(leaf: Any, why: str) -> None:
    class Late:
        """A 3x3 tree of small ints whose very last leaf is ``leaf``."""

        root = ()

        def moves(self, pos: tuple[int, ...]) -> list[int]:
            return [0, 1, 2]

        def play(self, pos: tuple[int, ...], move: int) -> tuple[int, ...]:
            return pos + (move,)

        def is_terminal(self, pos: tuple[int, ...]) -> bool:
            return len(pos) == 2

        def score(self, pos: tuple[int, ...]) -> Any:
            return leaf if pos == (2, 2) else 3 * pos[0] + pos[1]

    trace = recorded(Late(), algorithm="negamax")
    assert trace.stream.typecode == "d", why
    watcher = seen(Late(), algorithm="negamax")
    assert list(trace.stream) == [float(x) for event in watcher.events for x in event]
    assert trace.nodes[-1].value == float(leaf)  # the value itself, exactly as a double holds it


def test_a_window_that_is_not_a_small_int_records_in_doubles() -> None:
    trace = recorded(TicTacToe("x../.o./..."), algorithm="alphabeta", window=(-0.5, 0.5))
    assert trace.stream.typecode == "d"
    assert (trace.nodes[0].alpha, trace.nodes[0].beta) == (-0.5, 0.5)


def test_every_batch_length_counts_its_events() -> None:
    for batch in [
        (1.0, 0, -math.inf, math.inf),
        (1.0, 2, -3, 5, 2.0, 4, 4.0, -4),
        (1.0, 2, -3, 5, 2.0, 4, 5.0, -4, -3),
        (9.0, 3, 0, 4.0, -3),
        (9.0, 3, 0, 5.0, -3, -3),
        (9.0, 3, 0, 10.0, -3),
        (1.0, 2, -3, 5, 3.0, 4, 10.0, -4),
        (1.0, 0, -5, 5, 2.0, 4),
        (6.0, 0),
        (7.0, 0, 0),
    ]:
        assert EVENTS_IN_BATCH[len(batch)] == len(list(split(batch))), batch


def test_a_partial_trace_after_the_budget_is_still_whole_events() -> None:
    trace = recorded(TicTacToe(), algorithm="negamax", max_nodes=12345)
    assert trace.result.stopped == "budget"
    assert not trace.complete
    assert len(trace) == len(trace.offsets)
    assert list(trace.stream) == [x for event in seen(TicTacToe(), algorithm="negamax", max_nodes=12345).events for x in event]


def test_a_recorded_trace_round_trips_through_a_file(tmp_path: Any) -> None:
    for game, options in [(TicTacToe("x../.o./..."), {"algorithm": "pvs"}), (Tree.parse("[[0.5,2],[1,0.25]]"), {})]:
        trace = recorded(game, **options)
        path = tmp_path / "t.json"
        negaviz.save(trace, path)
        back = negaviz.load(path)
        assert list(back.stream) == list(trace.stream)
        assert back.stream.typecode == trace.stream.typecode  # loading packs as recording did
        assert len(back) == len(trace)


@pytest.mark.parametrize("leaf, code", [
    (999_999, "f"), (-999_999, "f"), (4_194_305, "f"), (16_777_215, "f"), (-16_777_215, "f"),
    (16_777_217, "d"), (123_456_789, "d"), (2.5, "d"), (1e300, "d"),
])
@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs"])
def test_a_loaded_stream_is_narrow_exactly_when_the_recorded_one_was(
    tmp_path: Any, leaf: Any, code: str, algorithm: str
) -> None:
    tree = Tree.parse(f"[[1,{leaf!r}],[3,-4],[{leaf!r},2]]")
    trace = recorded(tree, algorithm=algorithm)
    assert trace.stream.typecode == code  # the recorder's rule and the loader's agree
    path = tmp_path / "t.json"
    negaviz.save(trace, path)
    back = negaviz.load(path)
    assert back.stream.typecode == code
    assert list(back.stream) == list(trace.stream)
    assert float(leaf) in list(back.stream)  # exactly


_FLUSH = Recorder.flush.__code__
_FLUSH_SOURCE = linecache.getlines(_FLUSH.co_filename)
_FLUSH_LINES = sorted({  # every line of the flush's body, but its early return (nothing to pack)
    line for _, line in dis.findlinestarts(_FLUSH)
    if line is not None and line > _FLUSH.co_firstlineno and _FLUSH_SOURCE[line - 1].strip() != "return"
})


@pytest.mark.parametrize("line", _FLUSH_LINES, ids=lambda line: f"flush line {line - _FLUSH.co_firstlineno}")
@pytest.mark.parametrize("which", [1, 3, 7])
def test_ctrl_c_during_a_flush_loses_and_doubles_nothing(tmp_path: Any, line: int, which: int) -> None:
    """Ctrl-C may land between any two lines of the recorder's flush (most likely right
    after its long C calls): raise KeyboardInterrupt before each line of the real
    ``which``-th flush in turn; the partial trace must hold every event the search
    emitted before it, once, and load back."""
    calls = {"flushes": 0, "fired": False}

    def trace_calls(frame: Any, event: str, arg: Any) -> Any:
        if frame.f_code is not _FLUSH:
            return None
        calls["flushes"] += 1

        def trace_lines(frame: Any, event: str, arg: Any) -> Any:
            if event == "line" and frame.f_lineno == line and calls["flushes"] == which and not calls["fired"]:
                calls["fired"] = True
                raise KeyboardInterrupt
            return trace_lines

        return trace_lines

    game = TicTacToe()
    rec = Recorder()
    watcher = Collect()

    class Both:
        """Feeds the recorder and, one event at a time, a plain observer."""

        batched = True

        def __init__(self) -> None:
            self.narrow, self.widen, self.flush = rec.narrow, rec.widen, rec.flush

        def emit(self, batch: tuple[Any, ...]) -> None:
            rec.emit(batch)
            for event in split(batch):
                watcher.emit(event)

        def expand(self, moves: Any) -> None:
            rec.expand(moves)
            watcher.expand(moves)

    sys.settrace(trace_calls)
    try:
        with rec:
            result = negaviz.search(game, algorithm="negamax", max_nodes=20_000, observer=Both())
    finally:
        sys.settrace(None)
    assert calls["fired"]
    assert result.stopped == "interrupted"
    trace = rec.finish(game=game, root=game.root, result=result)
    assert list(trace.stream) == [x for event in watcher.events for x in event]
    assert len(trace) == len(watcher.events) == len(trace.offsets)
    path = tmp_path / "partial.json"
    negaviz.save(trace, path)
    assert len(negaviz.load(path)) == len(trace)  # the loader checks the grammar


def test_the_batch_shapes_observers_read_are_where_split_puts_the_report() -> None:
    from negaviz.search.events import LEAF_BATCH, LEAF_REPORT, RETURN_BATCH, RETURN_REPORT

    leaves = [(1.0, 2, -3, 5, 2.0, 4, 4.0, -4), (1.0, 2, -3, 5, 3.0, 4, 5.0, -4, -3), (1.0, 2, -3, 5, 2.0, 4, 10.0, -4)]
    returns = [(9.0, 3, 0, 4.0, -3), (9.0, 3, 0, 5.0, -3, -3), (9.0, 3, 0, 10.0, -3)]
    for batch in leaves:
        assert len(batch) >= LEAF_BATCH
        assert list(split(batch))[-1] == batch[LEAF_REPORT:]
    for batch in returns:
        assert RETURN_BATCH <= len(batch) < LEAF_BATCH
        assert list(split(batch))[-1] == batch[RETURN_REPORT:]
    assert max(WIDTH.values()) < RETURN_BATCH  # a single event is never taken for a batch
