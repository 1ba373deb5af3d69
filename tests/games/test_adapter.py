"""Tests of negaviz.games.adapter: a course's make/unmake class, searched unchanged."""

from __future__ import annotations

import random
from typing import Any

import pytest

from negaviz import InputError, MutableGame, TicTacToe, record, search
from negaviz.trace import dumps

WINS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class CourseTicTacToe:
    """Written the way course notebooks write it: one mutable board, make and unmake."""

    def __init__(self, cells: str = ".........") -> None:
        self.board = list(cells.replace("/", ""))
        self.player = "x" if self.board.count("x") == self.board.count("o") else "o"
        self.history: list[int] = []
        self.made = 0

    def winner(self) -> str | None:
        for a, b, c in WINS:
            if self.board[a] != "." and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a]
        return None

    def get_moves(self) -> list[int]:
        return [i for i, c in enumerate(self.board) if c == "."]

    def make_move(self, move: int) -> None:
        assert self.board[move] == ".", "the search made a move on a taken cell"
        self.board[move] = self.player
        self.history.append(move)
        self.player = "o" if self.player == "x" else "x"
        self.made += 1

    def unmake_move(self, move: int) -> None:
        assert self.history and self.history[-1] == move, "the search unmade a move it did not make last"
        self.history.pop()
        self.board[move] = "."
        self.player = "o" if self.player == "x" else "x"

    def get_utility(self) -> int:
        """Value for the look-ahead player: the side to move now."""
        w = self.winner()
        return 0 if w is None else (1 if w == self.player else -1)

    def is_over(self) -> bool:
        return self.winner() is not None or "." not in self.board

    def state(self) -> tuple[str, str, tuple[int, ...]]:
        return "".join(self.board), self.player, tuple(self.history)

    def __str__(self) -> str:
        b = "".join(self.board)
        return "\n".join((b[:3], b[3:6], b[6:]))


def test_the_course_class_is_searched_unchanged_and_agrees_with_tictactoe(ttt_reference) -> None:
    positions = random.Random(7).sample(ttt_reference.inner, 120) + ["........."]
    ttt = TicTacToe()
    for cells in positions:
        obj = CourseTicTacToe(cells)
        before = obj.state()
        game = MutableGame(obj)
        for options in ({"algorithm": "negamax"}, {"algorithm": "alphabeta"}, {"algorithm": "alphabeta", "order": "threats"}):
            if cells == "........." and options["algorithm"] == "negamax":
                continue  # 550,000 nodes through make/unmake: covered by the alpha-beta runs
            mine = search(game, **options)
            theirs = search(ttt, ttt.parse(cells), **options)
            assert mine.value == theirs.value == ttt_reference.values[cells]
            if "order" not in options:  # same moves in the same order: the same tree
                assert (mine.nodes, mine.pv) == (theirs.nodes, theirs.pv)
            assert obj.state() == before  # back where it started


def test_traces_of_adapter_and_tictactoe_are_event_for_event_equal() -> None:
    obj = CourseTicTacToe("x.o/.../...")
    ttt = TicTacToe("x.o/.../...")
    a = record(MutableGame(obj), algorithm="alphabeta")
    b = record(ttt, algorithm="alphabeta")
    assert a.stream == b.stream
    assert a.move_lists == b.move_lists
    assert obj.state() == ("x.o......", "x", ())


def test_the_utility_is_for_the_side_to_move() -> None:
    obj = CourseTicTacToe("xxx/oo./...")  # o to move, x has won
    game = MutableGame(obj)
    assert game.is_terminal(game.root)
    assert game.score(game.root) == -1
    assert search(game).value == -1
    assert search(MutableGame(CourseTicTacToe("xx./oo./..."))).value == 1


def test_positions_are_move_histories_and_the_object_follows_them() -> None:
    obj = CourseTicTacToe()
    game = MutableGame(obj)
    pos = game.play(game.play(game.root, 4), 0)
    assert pos == (4, 0)
    assert obj.state()[0] == "........."  # play() is lazy
    assert game.moves(pos) == [1, 2, 3, 5, 6, 7, 8]
    assert obj.state() == ("o...x....", "x", (4, 0))
    game.moves(game.play(game.root, 8))  # goes back one common prefix, then forward
    assert obj.state() == ("........x", "o", (8,))
    assert game.label(pos) == "o..\n.x.\n..."
    assert game.move_name(pos, 3) == "3"
    game.restore()
    assert obj.state() == (".........", "x", ())


def test_the_object_is_restored_after_every_kind_of_search() -> None:
    obj = CourseTicTacToe("x...o..../")
    before = obj.state()
    game = MutableGame(obj, key=lambda o: "".join(o.board), evaluate=lambda o: 0, max_score=1)
    for options in (
        {"algorithm": "alphabeta", "tt": True},
        {"algorithm": "negamax", "depth": 2},
        {"algorithm": "alphabeta", "stop_at_win": True, "order": "heuristic"},
        {"algorithm": "negamax", "max_nodes": 57},
    ):
        search(game, **options)
        assert obj.state() == before
        record(game, **options)
        assert obj.state() == before


def test_the_object_is_restored_when_the_search_fails() -> None:
    obj = CourseTicTacToe()

    def evaluate(o: Any) -> float:
        if len(o.history) == 3:
            raise RuntimeError("a bug in the lecturer's evaluation")
        return 0

    with pytest.raises(RuntimeError, match="lecturer's evaluation"):
        search(MutableGame(obj, evaluate=evaluate), depth=3)
    assert obj.state() == (".........", "x", ())


@pytest.mark.slow
def test_a_key_function_finds_transpositions() -> None:
    obj = CourseTicTacToe("x........")
    plain = search(MutableGame(obj), algorithm="negamax", tt=True)
    keyed = search(MutableGame(obj, key=lambda o: "".join(o.board)), algorithm="negamax", tt=True)
    assert plain.value == keyed.value == 0
    assert plain.tt_hits == 0  # histories never repeat
    assert plain.nodes == search(MutableGame(obj), algorithm="negamax").nodes
    assert keyed.tt_hits > 0 and keyed.nodes < plain.nodes
    assert keyed.nodes == search(TicTacToe("x........"), algorithm="negamax", tt=True).nodes


def test_depth_limits_use_the_given_evaluation() -> None:
    seen: list[str] = []

    def evaluate(o: Any) -> float:
        seen.append("".join(o.board))
        return -0.5 if o.board[4] not in (".", o.player) else 0  # for the side to move

    result = search(MutableGame(CourseTicTacToe(), evaluate=evaluate), algorithm="negamax", depth=1)
    assert result.value == 0.5 and result.pv == (4,)  # only the centre worries o
    assert sorted(seen) == sorted("." * i + "x" + "." * (8 - i) for i in range(9))


def test_max_score_allows_stopping_at_a_proven_win() -> None:
    game = MutableGame(CourseTicTacToe("xx./oo./..."), max_score=1)
    result = search(game, algorithm="negamax", stop_at_win=True)
    assert result.value == 1 and result.cutoffs >= 1
    with pytest.raises(InputError, match="needs the game's max_score"):
        search(MutableGame(CourseTicTacToe()), stop_at_win=True)


def test_missing_methods_are_named() -> None:
    class Half:
        def get_moves(self) -> list[int]:
            return []

        def make_move(self, move: int) -> None:
            pass

    with pytest.raises(InputError, match=r"Half lacks unmake_move, get_utility, is_over \(a mutable game needs methods"):
        MutableGame(Half())


def test_depth_without_evaluation_and_utility_none_are_input_errors() -> None:
    with pytest.raises(InputError, match=r"needs MutableGame\(\.\.\., evaluate=fn\)"):
        search(MutableGame(CourseTicTacToe()), depth=2)

    class NoUtility(CourseTicTacToe):
        def get_utility(self) -> None:  # type: ignore[override]
            return None

    with pytest.raises(InputError, match="get_utility\\(\\) returned None"):
        search(MutableGame(NoUtility("xx./oo./...")))


def test_float_utilities_are_kept_as_floats() -> None:
    class Half(CourseTicTacToe):
        def get_utility(self) -> float:
            return super().get_utility() / 2

    result = search(MutableGame(Half("xx./oo./...")))
    assert result.value == 0.5


def test_traces_of_a_mutable_game_serialise_without_a_game_spec() -> None:
    trace = record(MutableGame(CourseTicTacToe("xx./oo./...")), algorithm="alphabeta")
    assert '"game":null' in dumps(trace)


def test_reading_a_trace_leaves_the_object_where_it_started() -> None:
    obj = CourseTicTacToe("x...o....")
    trace = record(MutableGame(obj), algorithm="alphabeta")
    labels = [trace.label(n.id) for n in trace.nodes[:5]]
    assert labels[0] == "x..\n.o.\n..."
    assert labels[1] == "xx.\n.o.\n..."  # the first child: x takes b1
    assert obj.state() == ("x...o....", "x", ())
    assert trace.pv_names() == list(map(str, trace.result.pv))  # type: ignore[union-attr]
    assert obj.state() == ("x...o....", "x", ())


def test_labels_come_from_label_str_or_the_moves() -> None:
    class Bare(CourseTicTacToe):  # no __str__, no __repr__: never <... object at 0x...>
        __str__ = object.__str__

    trace = record(MutableGame(Bare("xx./oo./...")), algorithm="alphabeta")
    labels = [trace.label(n.id) for n in trace.nodes]
    assert labels[:2] == ["root", "2"] and not any("0x" in text for text in labels)
    game = MutableGame(Bare("xx./oo./..."), label=lambda o: "".join(o.board))
    assert game.label(game.play(game.root, 2)) == "xxxoo...."
    assert MutableGame(CourseTicTacToe("xx./oo./...")).label(()) == "xx.\noo.\n..."


def test_a_course_class_with_a_mistake_is_told_which_method_where() -> None:
    class Generating(CourseTicTacToe):
        def get_moves(self) -> Any:
            return (i for i, c in enumerate(self.board) if c == ".")

    want = search(MutableGame(CourseTicTacToe("xo./.x./...")), algorithm="alphabeta", tt=True)
    got = search(MutableGame(Generating("xo./.x./...")), algorithm="alphabeta", tt=True)
    assert (got.value, got.nodes, got.pv) == (want.value, want.nodes, want.pv)

    class Nothing(CourseTicTacToe):
        def get_moves(self) -> Any:
            return None

    with pytest.raises(InputError, match=r"^Nothing.get_moves\(\) returned None at position 'xo\./\.x\./\.\.\.': it "
                       "must return a list of the legal moves$"):
        search(MutableGame(Nothing("xo./.x./...")))

    class Texting(CourseTicTacToe):
        def get_utility(self) -> Any:
            return str(super().get_utility())

    with pytest.raises(InputError, match=r"^Texting.get_utility\(\) returned str '-1' at position 'xoo/xxo/x\.\.': it "
                       r"must return a number \(an int or a float\)$"):
        search(MutableGame(Texting("xo./.x./...")), algorithm="alphabeta")

    class Forgetting(CourseTicTacToe):
        def unmake_move(self, move: int) -> None:
            self.history.pop()
            self.player = "o" if self.player == "x" else "x"  # and the cell is not emptied

    with pytest.raises(InputError, match=r"^Forgetting is not as it was when MutableGame wrapped it \(its moves were "
                       r"\[2, 3, 5, 6, 7, 8\] and are now \[\]\): either unmake_move\(\) does not exactly undo "
                       r"make_move\(\), or the object was changed outside negaviz since"):
        search(MutableGame(Forgetting("xo./.x./...")))

    # The object changed after record(): the trace's labels are not silently those of another game.
    board = CourseTicTacToe("xo./.x./...")
    trace = record(MutableGame(board), algorithm="alphabeta")
    assert trace.label(0) == "xo.\n.x.\n..."
    unnamed = record(MutableGame(board), algorithm="alphabeta")
    board.make_move(8)
    assert trace.label(0) == "xo.\n.x.\n..."  # named once per trace, while the game was as recorded
    with pytest.raises(InputError, match="CourseTicTacToe is not as it was when MutableGame wrapped it"):
        unnamed.label(0)  # a trace whose root is not named yet asks the changed object
    board.unmake_move(8)
    assert unnamed.label(0) == "xo.\n.x.\n..."
