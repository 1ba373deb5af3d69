"""A corpus of corrupted trace files: each is rejected on load, or is read, drawn and
replayed without error.

Real saved traces (a textbook tree, tic-tac-toe with a table, PVS with re-searches,
MTD(f), iterative deepening and a partial trace stopped by a budget) are corrupted
systematically: events dropped, swapped, duplicated or given another kind, child
indices moved, numbers replaced by infinities, NaN, huge values, strings and booleans,
fields deleted, move lists damaged, the result and version mistyped.  The rule under
test: :func:`negaviz.loads` raises :class:`negaviz.TraceFormatError`, or the trace it
returns answers ``pv_names()``, ``counts()``, ``pruned()``, ``draw(trace).source`` and
``Replay(trace).state_at(len(trace))`` without an exception.  Every case runs under an
alarm, so a reader that loops forever fails the test instead of hanging it.
"""

from __future__ import annotations

import copy
import json
import signal
from collections import Counter
from collections.abc import Iterator
from typing import Any, Callable

import pytest

from negaviz import TicTacToe, TraceFormatError, Tree, loads, record
from negaviz.render import draw
from negaviz.search.events import MCTS_KINDS, WIDTH, EventKind
from negaviz.trace import Replay, dumps

SECONDS = 10  # per file; each takes well under a second


def _base(name: str, game: Any, **options: Any) -> tuple[str, dict[str, Any]]:
    return name, json.loads(dumps(record(game, **options)))


BASES = dict([
    _base("textbook", Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta"),
    _base("ttt-tt", TicTacToe("xo..x.o.."), algorithm="alphabeta", tt=True, order="heuristic"),
    _base("ttt-pvs", TicTacToe("x...o...."), algorithm="pvs", depth=3),
    _base("ttt-mtdf", TicTacToe("xo..x...."), algorithm="mtdf", tt=True),
    _base("ttt-id", TicTacToe("xo..x...."), algorithm="id", aspiration=0.5),
    _base("ttt-partial", TicTacToe("x...o...."), algorithm="negamax", max_nodes=60),
    _base("chance", Tree.parse("A(B?(1/2 D(H:3 I:4) 1/2 E(J:2 K:4)) C?(1/3 F(L:0 M:1) 2/3 G(N:4 O:3)))"),
          algorithm="star1", leaf_bounds=(0, 4)),
])


# ------------------------------------------------------------------ the events as lists
def split(d: dict[str, Any]) -> list[list[str]]:
    """The events string as one list of number texts per event."""
    nums = d["events"].split(",")
    out, i = [], 0
    while i < len(nums):
        w = WIDTH[EventKind(int(nums[i]))]
        out.append(nums[i:i + w])
        i += w
    return out


def join(events: list[list[Any]]) -> str:
    return ",".join(str(x) for ev in events for x in ev)


def steps_of(events: list[list[str]], kind: EventKind) -> list[int]:
    return [i for i, ev in enumerate(events) if int(ev[0]) == kind]


Mutation = tuple[str, Callable[[dict[str, Any]], object]]


def event_edit(name: str, fn: Callable[[list[list[str]]], bool | None]) -> Mutation:
    """A mutation of the event list; ``fn`` returns False when it does not apply."""

    def edit(d: dict[str, Any]) -> None:
        events = split(d)
        if fn(events) is False:
            raise _NotApplicable
        d["events"] = join(events)

    return name, edit


class _NotApplicable(Exception):
    pass


def nth(kind: EventKind, which: int = 0) -> Callable[[list[list[str]]], int | None]:
    def pick(events: list[list[str]]) -> int | None:
        found = steps_of(events, kind)
        return found[which] if len(found) > abs(which) - (which < 0) else None

    return pick


def drop(kind: EventKind, which: int = 0) -> Mutation:
    def fn(events: list[list[str]]) -> bool:
        i = nth(kind, which)(events)
        if i is None:
            return False
        del events[i]
        return True

    return event_edit(f"drop {kind.name}[{which}]", fn)


def drop_at(where: float) -> Mutation:
    def fn(events: list[list[str]]) -> None:
        del events[int(where * (len(events) - 1))]

    return event_edit(f"drop event at {where:.0%}", fn)


def swap_at(where: float) -> Mutation:
    def fn(events: list[list[str]]) -> None:
        i = min(int(where * (len(events) - 1)), len(events) - 2)
        events[i], events[i + 1] = events[i + 1], events[i]

    return event_edit(f"swap events at {where:.0%}", fn)


def duplicate_at(where: float) -> Mutation:
    def fn(events: list[list[str]]) -> None:
        i = int(where * (len(events) - 1))
        events.insert(i, list(events[i]))

    return event_edit(f"duplicate event at {where:.0%}", fn)


def rekind(kind: EventKind, to: EventKind, which: int = 0) -> Mutation:
    """Give an event another kind, keeping (and padding or cutting) its numbers."""

    def fn(events: list[list[str]]) -> bool:
        i = nth(kind, which)(events)
        if i is None:
            return False
        nums = events[i][1:] + ["0"] * WIDTH[to]
        events[i] = [str(int(to))] + nums[:WIDTH[to] - 1]
        return True

    return event_edit(f"{kind.name}[{which}] becomes {to.name}", fn)


def set_field(kind: EventKind, field: int, text: str, which: int = 0) -> Mutation:
    def fn(events: list[list[str]]) -> bool:
        i = nth(kind, which)(events)
        if i is None:
            return False
        events[i][field] = text
        return True

    return event_edit(f"{kind.name}[{which}] field {field} = {text}", fn)


def insert_before(kind: EventKind, event: list[str], which: int = 0) -> Mutation:
    def fn(events: list[list[str]]) -> bool:
        i = nth(kind, which)(events)
        if i is None:
            return False
        events.insert(i, event)
        return True

    return event_edit(f"insert {event} before {kind.name}[{which}]", fn)


def top(key: str, value: Any) -> Mutation:
    return f"{key} = {value!r}", lambda d: d.__setitem__(key, value)


def delete(key: str) -> Mutation:
    return f"delete {key}", lambda d: d.pop(key)


def result_field(key: str, value: Any) -> Mutation:
    def edit(d: dict[str, Any]) -> None:
        if d["result"] is None:
            raise _NotApplicable
        d["result"][key] = value

    return f"result.{key} = {value!r}", edit


def moves_edit(name: str, fn: Callable[[list[Any]], object]) -> Mutation:
    return f"moves: {name}", lambda d: fn(d["moves"])


def as_version_1(d: dict[str, Any]) -> None:
    """Rewrite as a version 1 file, with a boolean and a string among the numbers."""
    events: list[list[Any]] = [[json.loads(x) if x not in ("inf", "-inf") else x for x in ev] for ev in split(d)]
    d["version"] = 1
    d["events"] = events


def v1_with(i: int, j: int, value: Any) -> Mutation:
    def edit(d: dict[str, Any]) -> None:
        as_version_1(d)
        d["events"][i][j] = value

    return f"version 1, event {i} field {j} = {value!r}", edit


K = EventKind
MUTATIONS: list[Mutation] = [
    # events dropped, swapped, duplicated
    drop(K.ENTER, 1), drop(K.ENTER, -1), drop(K.LEAF), drop(K.BEST), drop(K.BEST, -1), drop(K.CHILD),
    drop(K.EXIT), drop(K.EXIT, -1), drop(K.TT_STORE), drop(K.TT_PROBE), drop(K.RESEARCH), drop(K.CUTOFF),
    drop_at(0.0), drop_at(0.33), drop_at(0.5), drop_at(0.9),
    swap_at(0.0), swap_at(0.25), swap_at(0.5), swap_at(0.75), swap_at(1.0),
    duplicate_at(0.1), duplicate_at(0.5), duplicate_at(1.0),
    # kinds changed
    rekind(K.LEAF, K.EXIT), rekind(K.EXIT, K.LEAF), rekind(K.CHILD, K.BEST), rekind(K.BEST, K.CHILD),
    rekind(K.BEST, K.RESEARCH), rekind(K.CHILD, K.CUTOFF), rekind(K.TT_PROBE, K.TT_STORE),
    rekind(K.ENTER, K.TT_PROBE, 1), rekind(K.CUTOFF, K.CHILD), rekind(K.RESEARCH, K.CHILD),
    set_field(K.ENTER, 0, "0", 1), set_field(K.ENTER, 0, "11", 1), set_field(K.LEAF, 0, "-2"),
    # a BEST, CHILD or RESEARCH with no child before it
    insert_before(K.ENTER, ["5", "3", "3"], 1), insert_before(K.ENTER, ["4", "3"], 1),
    insert_before(K.ENTER, ["10", "3"], 1), insert_before(K.EXIT, ["6", "0"]),
    # child indices
    set_field(K.ENTER, 1, "1", 1), set_field(K.ENTER, 1, "7", 1), set_field(K.ENTER, 1, "-1", 1),
    set_field(K.ENTER, 1, "0.5", 1), set_field(K.ENTER, 1, "1e300", 1), set_field(K.ENTER, 1, "inf", 1),
    set_field(K.ENTER, 1, "1", 0), set_field(K.ENTER, 1, "0", -1),
    # numbers: inf, nan, huge, strings, booleans
    set_field(K.LEAF, 1, "inf"), set_field(K.LEAF, 1, "nan"), set_field(K.LEAF, 1, "1e400"),
    set_field(K.LEAF, 1, "1e308"), set_field(K.LEAF, 1, "seven"), set_field(K.LEAF, 1, "true"),
    set_field(K.EXIT, 1, "-inf", -1), set_field(K.EXIT, 2, "3", -1), set_field(K.EXIT, 2, "inf", -1),
    set_field(K.EXIT, 2, "1.5", -1), set_field(K.BEST, 1, "99"), set_field(K.BEST, 2, "nan"),
    set_field(K.BEST, 2, "-inf"), set_field(K.ENTER, 2, "5", 1), set_field(K.ENTER, 3, "nan", 1),
    set_field(K.ENTER, 2, "inf", 0), set_field(K.CUTOFF, 1, "2"), set_field(K.TT_PROBE, 1, "4"),
    set_field(K.TT_PROBE, 1, "5"), set_field(K.TT_PROBE, 2, "inf"), set_field(K.TT_STORE, 1, "9"),
    set_field(K.RESEARCH, 1, "-99"),
    ("events truncated mid-number", lambda d: d.__setitem__("events", d["events"][: len(d["events"]) // 2])),
    ("events cut after a comma", lambda d: d.__setitem__("events", d["events"][: d["events"].rfind(",") + 1])),
    ("events empty", lambda d: d.__setitem__("events", "")),
    ("events with spaces", lambda d: d.__setitem__("events", d["events"].replace(",", ", "))),
    # top-level fields
    top("version", True), top("version", 1.0), top("version", "2"), top("version", None), top("version", 3),
    top("format", None), top("events", None), top("events", 5), top("game", 5), top("game", {"game": "chess"}),
    top("game", {"game": "ttt", "position": "xxxxxxxxx"}), top("game", {"game": "tree", "tree": "A:1"}),
    top("game", None), top("result", "done"), delete("moves"), delete("events"), delete("result"), delete("game"),
    # the result
    result_field("version", 1), result_field("stopped", "banana"), result_field("stopped", None),
    result_field("stopped", "budget"), result_field("nodes", -5), result_field("nodes", True),
    result_field("first_player", 7), result_field("first_player", 1), result_field("value", "inf"),
    result_field("value", None), result_field("pv_moves", [99]), result_field("pv_moves", ["a"]),
    result_field("pv", [1]), result_field("options", {"tt": "yes"}), result_field("options", None),
    result_field("options", {"window": [5, 1]}), result_field("options", {"tt_size": 0}),
    ("result without value", lambda d: d["result"].pop("value") if d["result"] else None),
    # results that contradict the events, counts past any search
    result_field("value", 99), result_field("nodes", 1), result_field("nodes", 10 ** 400),
    result_field("leaves", 10 ** 9), result_field("tt_hits", 2 ** 60),
    # move lists
    moves_edit("drop the first", lambda ms: ms.pop(0)), moves_edit("drop the last", lambda ms: ms.pop()),
    moves_edit("add one", lambda ms: ms.append(list(ms[0]))), moves_edit("empty list", lambda ms: ms.append([])),
    moves_edit("a move as text", lambda ms: ms[0].__setitem__(0, str(ms[0][0]))),
    moves_edit("a move as float", lambda ms: ms[0].__setitem__(0, float(ms[0][0]))),
    moves_edit("a move as bool", lambda ms: ms[-1].__setitem__(0, True)),
    moves_edit("a move out of range", lambda ms: ms[0].__setitem__(0, 99)),
    moves_edit("a move as list", lambda ms: ms[0].__setitem__(0, [1, 2])),
    moves_edit("a move as null", lambda ms: ms[0].__setitem__(0, None)),
    moves_edit("a list shortened", lambda ms: ms.__setitem__(0, ms[0][:1])),
    moves_edit("lists reversed", lambda ms: ms.reverse()),
    moves_edit("not a list", lambda ms: ms.__setitem__(0, 5)),
    # version 1 files with mistyped numbers
    v1_with(1, 0, True), v1_with(1, 1, True), v1_with(1, 1, 1.0), v1_with(1, 2, "-inf"), v1_with(1, 2, "x"),
    v1_with(1, 3, None), v1_with(0, 0, "1"), v1_with(1, 1, 10 ** 400),
]


def _file(events: str, moves: list[list[Any]], game: Any = None, version: int = 2) -> dict[str, Any]:
    d = {"format": "negaviz-trace", "version": 2, "game": game, "result": None, "moves": moves, "events": events}
    if version == 1:
        as_version_1(d)
    return d


def _chain(n: int) -> str:
    """n + 1 nested nodes, one move each: the leaf at the bottom is worth 1."""
    events, v = ["1,0,-inf,inf"] * (n + 1) + ["2,1"], 1
    for _ in range(n):
        v = -v
        events.append(f"5,{v},-inf,9,{v},0")
    return ",".join(events)


HANDMADE = {
    # The report that started this file: a BEST with no child before it made
    # pv_names() and draw() loop forever.
    "BEST with no child": _file("1,0,-inf,inf,5,1,1,9,1,0", []),
    "BEST with no child, version 1": _file("1,0,-inf,inf,5,1,1,9,1,0", [], version=1),
    "CHILD with no child": _file("1,0,-inf,inf,4,1,9,1,0", []),
    "RESEARCH with no child": _file("1,0,-inf,inf,10,1,1,0,-inf,inf,2,1,5,-1,-inf,9,-1,0", [[0]]),
    "BEST naming a child of another node": _file(
        "1,0,-inf,inf,1,0,-inf,inf,2,1,5,-1,-inf,1,1,-inf,inf,2,2,5,-2,-inf,9,-1,0", [[0, 1]]),
    "a chain 3,000 nodes deep": _file(_chain(3000), [[0]] * 3000),
    "a chain with a leftover list": _file(_chain(3), [[0]] * 4),
    "a textbook tree entering a move it does not have": _file(
        "1,0,-inf,inf,1,0,-inf,inf,2,7,5,-7,-inf,9,-7,0", [[5]], {"game": "tree", "tree": "A(B:7 C:5)"}),
    "a 5,000-digit number in the events": _file("1,0,-inf,inf,2," + "7" * 5000, []),
    "a move name of 100,000 characters": _file("1,0,-inf,inf,1,0,-inf,inf,2,1,5,-1,-inf,9,-1,0", [["m" * 100_000]]),
    "tic-tac-toe playing an occupied square": _file(
        "1,0,-inf,inf,1,0,-inf,inf,2,1,5,-1,-inf,9,-1,0", [[0]], {"game": "ttt", "position": "x........"}),
}


def corpus() -> Iterator[Any]:
    for name, d in HANDMADE.items():
        yield pytest.param(json.dumps(d), id=name)
    for base_name, base in BASES.items():
        for name, edit in MUTATIONS:
            d = copy.deepcopy(base)
            try:
                edit(d)
            except (_NotApplicable, IndexError, KeyError, TypeError, AttributeError):
                continue  # this corruption does not apply to this trace
            if d == base:
                continue
            yield pytest.param(json.dumps(d), id=f"{base_name}: {name}")


CORPUS = list(corpus())


def test_the_bases_have_what_the_corruptions_need() -> None:
    kinds = Counter(int(ev[0]) for d in BASES.values() for ev in split(d))
    assert all(kinds[k] for k in set(EventKind) - MCTS_KINDS), kinds  # every alpha-beta kind appears somewhere
    # (MCTS's kinds have their own corruptions: tests/trace/test_mcts_trace.py)
    assert json.loads(json.dumps(BASES["ttt-partial"]))["result"]["stopped"] == "budget"
    assert len(CORPUS) >= 70


@pytest.fixture
def alarm() -> Iterator[None]:
    def hung(signum: int, frame: Any) -> None:
        raise TimeoutError(f"a reader of this trace did not finish in {SECONDS} s")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("text", CORPUS)
def test_a_corrupted_trace_is_rejected_or_fully_readable(text: str, alarm: None) -> None:
    try:
        trace = loads(text)
    except TraceFormatError as exc:
        assert str(exc).startswith("invalid negaviz trace: ")
        return
    trace.pv_names()
    trace.counts()
    trace.pruned()
    assert draw(trace).source
    Replay(trace).state_at(len(trace))


def test_the_uncorrupted_bases_load_and_read(alarm: None) -> None:
    for d in BASES.values():
        trace = loads(json.dumps(d))
        assert draw(trace).source and trace.counts().nodes == len(trace.nodes)
        Replay(trace).state_at(len(trace))
