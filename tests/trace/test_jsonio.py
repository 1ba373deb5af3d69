"""Tests of negaviz.trace.jsonio: versioned JSON, round trips, validation on load."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any, Callable

import pytest

from negaviz import InputError, TicTacToe, TraceFormatError, Tree, load, loads, record, save
from negaviz.search.events import WIDTH, EventKind
from negaviz.trace import dumps

TEXTBOOK = "[[7,5],[3,1,9]]"
TTT = TicTacToe("x...o..../")


def node_table(trace: Any) -> list[tuple[Any, ...]]:
    return [
        (n.id, n.parent, n.depth, n.index, n.alpha, n.beta, n.enter_step, n.exit_step, n.value, n.bound,
         n.ending, n.moves, n.children, n.best_child, n.cutoff, n.skipped)
        for n in trace.nodes
    ]


def to_v1(d: dict[str, Any]) -> dict[str, Any]:
    """A version 2 file's content as version 1 wrote it: a list per event."""
    nums: list[Any] = [t if t in ("inf", "-inf") else json.loads(t) for t in d["events"].split(",")]
    events, i = [], 0
    while i < len(nums):
        w = WIDTH[EventKind(nums[i])]
        events.append(nums[i:i + w])
        i += w
    return {**d, "version": 1, "events": events}


def to_v2(d: dict[str, Any]) -> dict[str, Any]:
    """A version 1 file's content as version 2 writes it: one string of numbers."""
    return {**d, "version": 2, "events": ",".join(str(x) for ev in d["events"] for x in ev)}


@pytest.fixture
def textbook_json() -> dict[str, Any]:
    """A textbook trace as version 1 wrote it (the validation tests edit its events)."""
    return to_v1(json.loads(dumps(record(Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta"))))


# ------------------------------------------------------------------ the format
def test_layout_of_a_saved_trace() -> None:
    d = json.loads(dumps(record(Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")))
    assert sorted(d) == ["events", "format", "game", "moves", "result", "version"]
    assert (d["format"], d["version"]) == ("negaviz-trace", 2)
    assert d["game"] == {"game": "tree", "tree": "A(B(D:7 E:5) C(F:3 G:1 H:9))"}
    assert d["result"]["value"] == 5 and d["result"]["pv"] == ["B", "E"] and "seconds" not in d["result"]
    assert d["result"]["options"]["window"] == ["-inf", "inf"] and d["result"]["first_player"] == 0
    assert d["moves"] == [[1, 4], [2, 3], [5, 6, 7]]  # node numbers of the tree, in expansion order
    # The packed stream as one string: ENTER 0 (-inf, inf) three times, LEAF 7, ...
    assert d["events"].startswith("1,0,-inf,inf,1,0,-inf,inf,1,0,-inf,inf,2,7,")
    assert d["events"].endswith(",9,5,0")  # the root's EXIT: value 5, exact


def test_version_1_files_still_load(textbook_json: dict[str, Any]) -> None:
    assert textbook_json["events"][:4] == [[1, 0, "-inf", "inf"], [1, 0, "-inf", "inf"], [1, 0, "-inf", "inf"], [2, 7]]
    old = loads(json.dumps(textbook_json))
    new = loads(json.dumps(to_v2(textbook_json)))
    assert list(old.stream) == list(new.stream) and len(old) == len(new) == 18
    assert node_table(old) == node_table(new) and old.pv_names() == ["B", "E"]


def test_fractional_and_negative_zero_values_survive_the_string(tmp_path: Path) -> None:
    trace = record(TTT, algorithm="alphabeta", window=(-0.5, 0.25), fail_hard=True)
    assert any(x != int(x) for x in trace.stream if x == x and abs(x) != math.inf)
    again = loads(dumps(trace))
    assert [math.copysign(1, x) for x in again.stream] == [math.copysign(1, x) for x in trace.stream]
    assert list(again.stream) == list(trace.stream)


def test_output_is_compact_with_sorted_keys() -> None:
    text = dumps(record(Tree.parse(TEXTBOOK)))
    assert "\n" not in text and ", " not in text and '": ' not in text
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize(
    ("game", "options"),
    [
        (Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), {"algorithm": "alphabeta"}),
        (TTT, {"algorithm": "alphabeta", "tt": True, "symmetry": True, "order": "threats"}),
        (TTT, {"algorithm": "negamax", "depth": 3}),
        (TTT, {"algorithm": "alphabeta", "window": (-0.5, 0.25), "fail_hard": True}),
        (TTT, {"algorithm": "negamax", "max_nodes": 100}),
    ],
)
def test_round_trip_through_a_file(tmp_path: Path, game: Any, options: dict[str, Any]) -> None:
    trace = record(game, **options)
    path = tmp_path / "trace.json"
    save(trace, path)
    assert path.read_text(encoding="utf-8").endswith("\n")
    again = load(path)
    assert dumps(again) == dumps(trace)
    assert node_table(again) == node_table(trace)
    assert list(again.events) == list(trace.events)
    assert list(again.stream) == list(trace.stream)
    assert again.complete == trace.complete and again.value == trace.value
    r, s = trace.result, again.result
    assert r is not None and s is not None
    assert (s.value, s.move, s.pv, s.pv_names, s.nodes, s.leaves, s.cutoffs, s.tt_hits, s.first_player, s.options, s.stopped) == (
        r.value, r.move, r.pv, r.pv_names, r.nodes, r.leaves, r.cutoffs, r.tt_hits, r.first_player, r.options, r.stopped
    )
    assert math.isnan(s.seconds)  # timings are not saved
    assert again.game is not None and again.game.spec() == game.spec()
    assert again.root == game.root
    assert [again.label(n.id) for n in again.nodes] == [trace.label(n.id) for n in trace.nodes]


def test_equal_searches_give_byte_identical_files(tmp_path: Path) -> None:
    for i in range(2):
        save(record(TTT, algorithm="alphabeta", tt=True, tt_size=16), tmp_path / f"{i}.json")
        save(record(Tree.parse(TEXTBOOK), algorithm="negamax", max_nodes=4), tmp_path / f"tree{i}.json")
    assert (tmp_path / "0.json").read_bytes() == (tmp_path / "1.json").read_bytes()
    assert (tmp_path / "tree0.json").read_bytes() == (tmp_path / "tree1.json").read_bytes()
    different = dumps(record(TTT, algorithm="alphabeta", tt=True, tt_size=17))
    assert (tmp_path / "0.json").read_text(encoding="utf-8") != different + "\n"


def test_a_trace_of_a_game_without_spec_loads_without_a_game() -> None:
    class Nim:
        root = 4

        def moves(self, pos: int) -> list[int]:
            return [t for t in (1, 2) if t <= pos]

        def play(self, pos: int, move: int) -> int:
            return pos - move

        def is_terminal(self, pos: int) -> bool:
            return pos == 0

        def score(self, pos: int) -> int:
            return -1

    trace = record(Nim(), algorithm="negamax")
    again = loads(dumps(trace))
    assert again.game is None and again.root is None
    assert node_table(again) == node_table(trace)
    assert again.label(3) == "3"


def test_a_loaded_nested_list_tree_names_the_same_nodes() -> None:
    # A tree is saved as text and parsed again on load: node numbers must survive that.
    trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta")
    again = loads(dumps(trace))
    assert [again.label(n.id) for n in again.nodes] == ["A", "B", "D", "E", "C", "F"]
    assert again.pv_names() == ["B", "E"]


def test_a_loaded_dag_built_node_by_node_names_the_same_nodes() -> None:
    tree = Tree(["R", "X", "Y", "S"], [[1, 2], [3], [3], []], [None, None, None, 2])
    trace = record(tree, algorithm="negamax")
    assert [trace.label(n.id) for n in trace.nodes] == ["R", "X", "S", "Y", "S"]
    again = loads(dumps(trace))
    assert [again.label(n.id) for n in again.nodes] == ["R", "X", "S", "Y", "S"]  # gives R X Y S Y


# ------------------------------------------------------------------ validation
Edit = Callable[[dict[str, Any]], None]


def set_key(key: str, value: Any) -> Edit:
    return lambda d: d.__setitem__(key, value)


def set_event(i: int, event: Any) -> Edit:
    return lambda d: d["events"].__setitem__(i, event)


def set_result(key: str, value: Any) -> Edit:
    return lambda d: d["result"].__setitem__(key, value)


BAD_FILES: list[tuple[str, Edit, str]] = [
    ("wrong format", set_key("format", "negaviz-tree"), "format: expected 'negaviz-trace', found 'negaviz-tree'"),
    ("no format", lambda d: d.pop("format"), "format: expected 'negaviz-trace', found None"),
    ("wrong version", set_key("version", 3), r"version: this negaviz reads versions \[1, 2\], the file is version 3"),
    ("version as text", set_key("version", "1"), "the file is version '1'"),
    ("version as boolean", set_key("version", True), "the file is version True"),
    ("version as float", set_key("version", 1.0), "the file is version 1.0"),
    ("missing field", lambda d: d.pop("moves"), r"top level: missing fields \['moves'\]"),
    ("moves not a list", set_key("moves", {"0": [1]}), "moves: expected a list of non-empty move lists"),
    ("empty move list", lambda d: d["moves"].append([]), "moves: expected a list of non-empty move lists"),
    ("events not a list", set_key("events", "ENTER"), "events: expected a list"),
    ("unknown kind", set_event(1, [99, 0]), r"event 1: unknown kind 99 \(kinds are 1\.\."),
    ("kind zero", set_event(1, [0, 0, 0, 0]), "event 1: unknown kind 0"),
    ("kind as text", set_event(1, ["1", 0, "-inf", "inf"]), "event 1: unknown kind '1'"),
    ("kind as boolean", set_event(1, [True, 0, "-inf", "inf"]), "event 1: unknown kind True"),
    ("empty event", set_event(1, []), "event 1: unknown kind"),
    ("event not a list", set_event(1, 5), "event 1: unknown kind 5"),
    ("ENTER too short", set_event(1, [1, 0, "-inf"]), r"event 1 \(ENTER\): expected 4 numbers, found 3"),
    ("LEAF too long", set_event(3, [2, 7, 0]), r"event 3 \(LEAF\): expected 2 numbers, found 3"),
    ("not a number", set_event(3, [2, "seven"]), r"event 3 \(LEAF\): expected a number, 'inf' or '-inf', not 'seven'"),
    ("exit with nothing open", lambda d: d["events"].append([9, 5, 0]), r"event \d+ \(EXIT\): no node is open"),
    ("event before the root", lambda d: d["events"].insert(0, [2, 5]), r"event 0 \(LEAF\): no node is open"),
    ("too few move lists", lambda d: d.__setitem__("moves", d["moves"][:1]), r"event 2 \(ENTER\): no move list left"),
    ("too many move lists", lambda d: d["moves"].append([1]), "moves: 1 move lists left over"),
    ("move index outside", set_event(1, [1, 5, "-inf", "inf"]), r"event 1 \(ENTER\): move index 5 is outside the parent's 2 moves"),
    ("negative move index", set_event(1, [1, -1, "-inf", "inf"]), r"event 1 \(ENTER\): move index -1 is not a whole number"),
    ("unknown game", set_key("game", {"game": "chess"}), r"game: InputError: unknown game 'chess'"),
    ("game without name", set_key("game", {"tree": "A:1"}), "game: InputError: a game spec must be an object with a 'game' field"),
    ("bad tree", set_key("game", {"game": "tree", "tree": "A(B:1"}), r"game: InputError: malformed tree at character 6"),
    ("illegal position", set_key("game", {"game": "ttt", "position": "xx......."}), "game: InputError: illegal tic-tac-toe position"),
    ("bad options", lambda d: d["result"]["options"].__setitem__("algorithm", "mcts"), "result: InputError: unknown algorithm: 'mcts'"),
    ("unknown option", lambda d: d["result"]["options"].__setitem__("speed", 1), r"result: InputError: unknown search option 'speed'"),
    ("result missing a field", lambda d: d["result"].pop("nodes"), r"result: missing fields \['nodes'\]"),
    ("result not an object", set_key("result", [5]), "result: expected an object or null, found list"),
    ("negative nodes", set_result("nodes", -5), r"result.nodes: expected a whole number >= 0, found -5"),
    ("nodes as float", set_result("nodes", 5.0), r"result.nodes: expected a whole number >= 0, found 5.0"),
    ("stopped banana", set_result("stopped", "banana"), r"result.stopped: expected one of \[None, 'budget', 'interrupted'\], found 'banana'"),
    ("first player 7", set_result("first_player", 7), "result.first_player: expected 0 or 1, found 7"),
    ("value as text", set_result("value", "5"), "result.value: expected a finite number or null, found '5'"),
    ("illegal pv move", set_result("pv_moves", [4, 2]), r"result.pv_moves\[1\]: move 2 is not a legal move here"),
    ("pv move as text", set_result("pv_moves", ["1", 2]), r"result.pv_moves\[0\]: move '1' is not a legal move here"),
    ("tt option as text", lambda d: d["result"]["options"].__setitem__("tt", "yes"), "result.options: tt must be true or false"),
    ("alpha above beta", set_event(1, [1, 0, 3, 2]), r"event 1 \(ENTER\): alpha 3 is above beta 2"),
    ("BEST before any child", lambda d: d["events"].insert(1, [5, 3, 3]), r"event 1 \(BEST\): no child has returned"),
    ("CHILD before any child", lambda d: d["events"].insert(1, [4, 3]), r"event 1 \(CHILD\): no child has returned"),
    ("RESEARCH before any child", lambda d: d["events"].insert(1, [10, 3]), r"event 1 \(RESEARCH\): no child has returned"),
    ("LEAF value not the tree's, so its report is wrong", set_event(3, [2, "inf"]),
     r"event 4 \(BEST\): value -7 is not the returned child's value negated \(-inf\)"),
    ("student field malformed", set_key("student", {"function": "ab"}), "student: expected an object with function, windowed and perhaps fault"),
    ("student field with a bad type", set_key("student", {"function": 3, "windowed": True}), "student: function must be a string"),
    ("CHILD value not the child's", set_event(4, [5, -6, "-inf"]), r"event 4 \(BEST\): value -6 is not the returned child's value negated \(-7\)"),
    ("move as text", lambda d: d["moves"].__setitem__(0, ["1", 4]), r"event 1 \(ENTER\): the parent's move list: move '1' is not a legal move"),
    ("move as float", lambda d: d["moves"].__setitem__(0, [1.0, 4]), r"move 1.0 is not a legal move"),
    ("huge number", set_event(3, [2, 10 ** 400]), r"event 3 \(LEAF\): a number is too large"),
    # stored results that contradict the events, and counts past any search
    ("value the root never returned", set_result("value", 7), r"result.value: the result says 7, the root returned 5"),
    ("node count the events do not enter", set_result("nodes", 9), r"result.nodes: the result counts 9 nodes, the events enter 6"),
    ("a 400-digit node count", set_result("nodes", 10 ** 400), r"result.nodes: a number of 401 digits is past any count"),
    ("a 400-digit value", set_result("value", 10 ** 400), r"result.value: expected a finite number or null, found a number of 401 digits"),
    ("more leaves than nodes", set_result("leaves", 7), r"result.leaves: 7 is more than the 6 nodes"),
    ("a 400-digit depth option", lambda d: d["result"]["options"].__setitem__("depth", 10 ** 400),
     r"result.options.depth: a number of 401 digits is past any search"),
    ("a move name holding a lone surrogate", lambda d: d["result"].__setitem__("pv", ["B\ud800", "E"]),
     r"result.pv: 'B\\ud800' holds a lone surrogate"),
]


@pytest.mark.parametrize(("edit", "message"), [b[1:] for b in BAD_FILES], ids=[b[0] for b in BAD_FILES])
def test_corrupted_files_raise_trace_format_error_naming_the_problem(
    textbook_json: dict[str, Any], edit: Edit, message: str
) -> None:
    d = copy.deepcopy(textbook_json)
    edit(d)
    with pytest.raises(TraceFormatError, match=message) as info:
        loads(json.dumps(d))
    assert str(info.value).startswith("invalid negaviz trace: ")
    assert isinstance(info.value, InputError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ("1,0,-inf,inf,2,nan", "NaN is not a value"),
        ("1,0,-inf,inf,2,seven", "character 's' at 15"),
        ("1,0,-inf,inf,2, 7", "character ' ' at 15"),
        ("1,0,-inf,inf,2,7,", r"number 6 \(''\) is not a number"),
        ("1,0,-inf,inf,2,1e5e5", r"number 5 \('1e5e5'\) is not a number"),
        ("1,0,-inf,inf,2", r"event 1 \(LEAF\): the stream ends inside the event \(1 of its 2 numbers\)"),
        ("1,0,-inf,inf,5,3,3", r"event 1 \(BEST\): no child has returned"),
        ("1,0.5,-inf,inf,2,7", r"event 0 \(ENTER\): move index 0.5 is not a whole number"),
        ("1,0,-inf,inf,14,0", "event 1: unknown kind 14"),
    ],
)
def test_version_2_event_strings_are_checked(events: str, message: str) -> None:
    d = {"format": "negaviz-trace", "version": 2, "game": None, "result": None, "moves": [], "events": events}
    with pytest.raises(TraceFormatError, match=message):
        loads(json.dumps(d))


def test_version_2_events_must_be_a_string(textbook_json: dict[str, Any]) -> None:
    with pytest.raises(TraceFormatError, match="events: expected a string of numbers"):
        loads(json.dumps({**textbook_json, "version": 2}))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON"),
        ("{nope", "not JSON"),
        ("[1, 2, 3]", "top level: expected an object"),
        ('"negaviz-trace"', "top level: expected an object"),
        ("null", "top level: expected an object"),
    ],
)
def test_text_that_is_not_a_trace_object(text: str, message: str) -> None:
    with pytest.raises(TraceFormatError, match=message):
        loads(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "negaviz-trace", "format": "negaviz-trace"}', "top level: key 'format' appears twice"),
        ('{"result": {"nodes": 1, "nodes": 2}}', "JSON: key 'nodes' appears twice in one object"),
        ('{"game": {"game": "tree", "tree": "A:1", "tree": "A(B:1 C:2)"}}', "key 'tree' appears twice"),
        ('{"result": {"value": NaN}}', r"JSON: NaN is not JSON \(negaviz writes infinities as the strings"),
        ('{"result": {"value": -Infinity}}', "JSON: -Infinity is not JSON"),
        ('{"result": {"nodes": ' + "9" * 5000 + "}}", r"not JSON \(Exceeds the limit \(4300 digits\)"),
        ('{"moves": [[' + "1" * 5000 + "]]}", "not JSON"),
        ('{"moves": [["a\\udc00"]]}', "moves: 'a\\\\udc00' holds a lone surrogate"),
    ],
    ids=["top-level key twice", "nested key twice", "game key twice", "NaN", "-Infinity", "5,000-digit count",
         "5,000-digit move", "lone surrogate in a move"],
)
def test_json_a_reader_could_take_two_ways_is_refused(text: str, message: str) -> None:
    with pytest.raises(TraceFormatError, match=message) as info:
        loads(text)
    assert len(str(info.value)) < 300  # a 5,000-digit number is named, not echoed


def test_a_5000_digit_number_in_the_events_is_refused() -> None:
    d = {"format": "negaviz-trace", "version": 2, "game": None, "result": None, "moves": [],
         "events": "1,0,-inf,inf,2," + "7" * 5000}
    with pytest.raises(TraceFormatError, match="events: a number at 15 has more than 20 digits"):
        loads(json.dumps(d))


def test_pairs_of_surrogates_are_characters_and_load(one_ply: Any) -> None:
    # json.dumps writes an emoji as two escapes, a high and a low surrogate: one character.
    text = dumps(record(one_ply(["\U0001F600", "b"])))
    assert "\\ud83d\\ude00" in text
    assert loads(text).move_lists[0] == ("\U0001F600", "b")


def test_bytes_that_are_not_utf8_are_named_by_file_and_offset(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    good = dumps(record(Tree.parse(TEXTBOOK))).encode("utf-8")
    path.write_bytes(good[:40] + b"\xe9" + good[40:])
    with pytest.raises(TraceFormatError, match=r"invalid negaviz trace: '.*latin1.json' is not UTF-8 text: byte 40 \(b'\\xe9'\)"):
        load(path)
    with pytest.raises(TraceFormatError, match=r"the text is not UTF-8 text: byte 40"):
        loads(good[:40] + b"\xe9" + good[40:])


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs named pipes (POSIX)")
def test_a_named_pipe_with_no_writer_is_refused_not_waited_for(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "trace.json"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="cannot read a trace from .*trace.json.: it is not a regular file"):
        load(fifo)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_refused_not_read_until_memory_runs_out() -> None:
    with pytest.raises(InputError, match="it is not a regular file"):
        load("/dev/zero")


def test_a_file_past_the_size_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import negaviz.trace.jsonio as jsonio

    path = tmp_path / "t.json"
    save(record(Tree.parse(TEXTBOOK)), path)
    monkeypatch.setattr(jsonio, "MAX_READ", 100)  # 1 GiB in real use: too much to write in a test
    with pytest.raises(InputError, match=r"more than the 100 bytes negaviz reads"):
        load(path)


def test_a_loaded_trace_with_odd_move_names_can_be_drawn_and_exported(tmp_path: Path) -> None:
    """Names of 100,000 characters, with dot's escapes and XML's non-characters."""
    from negaviz.export import export_html
    from negaviz.render import draw
    from negaviz.render.output import to_svg

    class Odd:
        root = ""

        def moves(self, pos: str) -> list[str]:
            return ["y" * 100_000, "\\N\\G\uffff", "a\ufdd0\x00"] if pos == "" else []

        def play(self, pos: str, move: str) -> str:
            return move

        def is_terminal(self, pos: str) -> bool:
            return pos != ""

        def score(self, pos: str) -> int:
            return len(pos) % 3 - 1

    path = tmp_path / "odd.json"
    save(record(Odd()), path)
    trace = load(path)
    assert trace.move_lists[0][0] == "y" * 100_000
    svg = to_svg(draw(trace))
    assert "\\N\\G" in svg and "y" * 1000 not in svg
    assert export_html(trace, tmp_path / "odd.html").bytes > 0


def test_an_interrupted_save_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    path = tmp_path / "t.json"
    save(record(Tree.parse(TEXTBOOK)), path)
    old = path.read_bytes()

    def ctrl_c(fd: int) -> None:  # Ctrl-C with the new trace half on its way to the disk
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        save(record(TTT), path)
    assert path.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == ["t.json"]


def test_loading_a_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "nothing.json")


def test_load_reads_a_file_written_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(
        json.dumps({
            "format": "negaviz-trace", "version": 1, "game": {"game": "tree", "tree": "A(B:3 C:-2)"}, "result": None,
            "moves": [[1, 2]],
            "events": [[1, 0, "-inf", "inf"], [1, 0, "-inf", "inf"], [2, -3], [5, 3, "-inf"],
                       [1, 1, "-inf", "inf"], [2, 2], [4, -2], [9, 3, 0]],
        }),
        encoding="utf-8",
    )
    trace = load(path)
    assert trace.value == 3 and trace.pv_names() == ["B"] and trace.result is None
    assert [trace.label(n.id) for n in trace.nodes] == ["A", "B", "C"]


def test_traces_with_several_roots_load() -> None:
    # Drivers such as MTD(f) search the root several times: one root per call.
    trace = record(TicTacToe("x...o...."), algorithm="mtdf")
    again = loads(dumps(trace))
    assert len(again.roots()) == len(trace.roots()) >= 2
    assert again.value == trace.value == 0
    assert node_table(again) == node_table(trace)


# Each of these corruptions escapes as a plain Python error instead of TraceFormatError.
ESCAPES: list[tuple[str, Edit, type[BaseException]]] = [
    ("EXIT bound 7", set_event(-1, [9, 5, 7]), ValueError),
    ("EXIT bound inf", set_event(-1, [9, 5, "inf"]), OverflowError),
    ("CUTOFF reason 9", lambda d: d["events"].__setitem__(
        next(i for i, e in enumerate(d["events"]) if e[0] == 6), [6, 9]), ValueError),
    ("ENTER index inf", set_event(1, [1, "inf", "-inf", "inf"]), OverflowError),
    ("result nodes not a number", set_result("nodes", "many"), ValueError),
    ("tree spec not text", set_key("game", {"game": "tree", "tree": 5}), AttributeError),
    ("ttt position not text", set_key("game", {"game": "ttt", "position": 5}), TypeError),
]


@pytest.mark.parametrize(
    ("edit", "escapes"),
    [pytest.param(e[1], e[2]) for e in ESCAPES],
    ids=[e[0] for e in ESCAPES],
)
def test_corrupted_fields_inside_events_raise_trace_format_error(
    textbook_json: dict[str, Any], edit: Edit, escapes: type[BaseException]
) -> None:
    d = copy.deepcopy(textbook_json)
    edit(d)
    with pytest.raises(TraceFormatError):
        loads(json.dumps(d))


def test_a_bad_table_bound_is_caught_on_load(textbook_json: dict[str, Any]) -> None:
    d = copy.deepcopy(textbook_json)
    d["events"].insert(1, [8, 7, 0])  # TT_STORE with bound 7 (bounds are 0..2)
    with pytest.raises(TraceFormatError):
        trace = loads(json.dumps(d))
        list(trace.events)


def test_a_finished_result_with_unbalanced_events_is_rejected(textbook_json: dict[str, Any]) -> None:
    d = copy.deepcopy(textbook_json)
    assert d["result"]["complete"] is True
    loads(json.dumps(d))
    d["events"].pop()  # the root's EXIT
    with pytest.raises(TraceFormatError):
        loads(json.dumps(d))


def test_a_game_that_scores_a_win_as_infinity_saves_and_loads(tmp_path: Any) -> None:
    """Some courses score a won game as +inf and a lost one as -inf; the search takes
    them, so a trace file must too (NaN stays refused)."""

    class Infinite:
        root = 0

        def moves(self, pos: int) -> list[int]:
            return [0, 1]

        def play(self, pos: int, move: int) -> int:
            return 2 * pos + 1 + move

        def is_terminal(self, pos: int) -> bool:
            return pos >= 3

        def score(self, pos: int) -> float:
            return {3: 0, 4: math.inf, 5: -math.inf}.get(pos, 1)

    for algorithm in ("negamax", "alphabeta", "pvs"):
        trace = record(Infinite(), algorithm=algorithm, tt=algorithm == "alphabeta")
        assert math.inf in list(trace.stream) and -math.inf in list(trace.stream)
        path = tmp_path / "inf.json"
        save(trace, path)
        back = load(path)
        assert list(back.stream) == list(trace.stream) and back.value == trace.value
        assert [n.value for n in back.nodes] == [n.value for n in trace.nodes]
