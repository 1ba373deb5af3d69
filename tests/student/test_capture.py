"""Recording students' own searches: the trace equals the one negaviz's core records."""

from __future__ import annotations

import math
import warnings
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import negaviz
from negaviz import InputError, MutableGame, TicTacToe, Tree
from negaviz.quiz import random_tree
from negaviz.search.events import EventKind
from negaviz.student import WindowWarning, capture, check, trace_calls
from negaviz.student.capture import StudentTrace
from negaviz.trace import dumps, loads

INF = math.inf
TEXTBOOK = "[[7,5],[3,1,9]]"


def node(tree: Tree, label: str) -> int:
    """A textbook tree's node number by label."""
    return tree.labels.index(label)


def same_events(a: negaviz.Trace, b: negaviz.Trace) -> bool:
    return list(a.stream) == list(b.stream) and a.move_lists == b.move_lists


# --- student functions, written the way a course writes them ----------------------------
def make_negamax(game: Any) -> Any:
    @trace_calls(game, position="pos")
    def negamax(pos: Any) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        best = -INF
        for move in game.moves(pos):
            best = max(best, -negamax(game.play(pos, move)))
        return best

    return negamax


def make_alphabeta(game: Any, *, fail_hard: bool = False) -> Any:
    @trace_calls(game, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        if fail_hard:  # the classic fail-hard shape: return alpha or beta themselves
            for move in game.moves(pos):
                score = -alphabeta(game.play(pos, move), -beta, -alpha)
                if score >= beta:
                    return beta
                if score > alpha:
                    alpha = score
            return alpha
        best = -INF
        for move in game.moves(pos):
            best = max(best, -alphabeta(game.play(pos, move), -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break  # the opponent will never allow this line
        return best

    return alphabeta


def make_depth_limited(game: Any) -> Any:
    @trace_calls(game, position=0, alpha=2, beta=3)
    def alphabeta(pos: Any, depth: int, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        if depth == 0:
            return game.evaluate(pos)
        best = -INF
        for move in game.moves(pos):
            best = max(best, -alphabeta(game.play(pos, move), depth - 1, -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    return alphabeta


# A module-level function, never decorated: for capture().
GAME: Any = None


def plain_negamax(pos: Any) -> float:
    if GAME.is_terminal(pos):
        return GAME.score(pos)
    return max(-plain_negamax(GAME.play(pos, m)) for m in GAME.moves(pos))


# A course's make/unmake tic-tac-toe class, and the course's negamax over it.
class Board:
    """Cells ' ', 'X', 'O'; utility for the look-ahead player (the side to move)."""

    LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

    def __init__(self, cells: str) -> None:
        self.board = [" " if c == "." else c.upper() for c in cells]
        self.to_move = "X" if self.board.count("X") == self.board.count("O") else "O"

    def get_moves(self) -> list[int]:
        return [i for i, c in enumerate(self.board) if c == " "]

    def make_move(self, move: int) -> None:
        self.board[move] = self.to_move
        self.to_move = "O" if self.to_move == "X" else "X"

    def unmake_move(self, move: int) -> None:
        self.board[move] = " "
        self.to_move = "O" if self.to_move == "X" else "X"

    def get_utility(self) -> int | None:
        for mark in "XO":
            if any(all(self.board[c] == mark for c in line) for line in self.LINES):
                return 1 if mark == self.to_move else -1
        return None if " " in self.board else 0

    def is_over(self) -> bool:
        return self.get_utility() is not None

    def __str__(self) -> str:
        return "".join(self.board)


def course_negamax(game: Board, depth_left: int) -> tuple[float, int | None]:
    """Seed style: the object is changed and changed back; returns (value, move)."""
    if game.is_over() or depth_left == 0:
        return game.get_utility(), None  # type: ignore[return-value]
    best_value, best_move = -INF, None
    for move in game.get_moves():
        game.make_move(move)
        value, _ = course_negamax(game, depth_left - 1)
        game.unmake_move(move)
        if -value > best_value:
            best_value, best_move = -value, move
    return best_value, best_move


# --- the trace is the core's trace ------------------------------------------------------
def test_textbook_alphabeta_trace_equals_the_recorded_one() -> None:
    tree = Tree.parse(TEXTBOOK)
    alphabeta = make_alphabeta(tree)
    assert alphabeta(tree.root, -INF, INF) == 5
    trace = alphabeta.last_trace
    assert isinstance(trace, StudentTrace) and isinstance(trace, negaviz.Trace)
    assert trace.windowed and trace.function == "alphabeta"
    assert same_events(trace, negaviz.record(tree, algorithm="alphabeta"))
    assert trace.value == 5
    assert trace.pv_names() == ["B", "E"]
    assert trace.pruned_labels() == ["G", "H"]
    c = next(n for n in trace.nodes if trace.label(n.id) == "C")
    assert (c.alpha, c.beta, c.value, c.bound.name) == (-INF, -5, -3, "LOWER")
    assert [tree.label(m) for m in c.skipped] == ["G", "H"]


@pytest.mark.parametrize("text", [TEXTBOOK, "[[3,5],[5,1,9]]", "[[[1,2],[3,4]],[[5,6],[7,8]]]", "[[1,[2,3]],4]"])
def test_negamax_and_both_alphabetas_match_the_core(text: str) -> None:
    tree = Tree.parse(text)
    negamax = make_negamax(tree)
    negamax(tree.root)
    assert same_events(negamax.last_trace, negaviz.record(tree, algorithm="negamax"))
    assert not negamax.last_trace.windowed
    soft = make_alphabeta(tree)
    soft(tree.root, -INF, INF)
    assert same_events(soft.last_trace, negaviz.record(tree, algorithm="alphabeta"))
    hard = make_alphabeta(tree, fail_hard=True)
    hard(tree.root, -INF, INF)
    assert same_events(hard.last_trace, negaviz.record(tree, algorithm="alphabeta", fail_hard=True))


@pytest.mark.parametrize("position", ["x.o/x../o..", "xx./oo./...", "xo./.x./..o"])
def test_tictactoe_searches_match_the_core(position: str) -> None:
    game = TicTacToe(position)
    negamax = make_negamax(game)
    negamax(game.root)
    assert same_events(negamax.last_trace, negaviz.record(game, algorithm="negamax"))
    alphabeta = make_alphabeta(game)
    alphabeta(game.root, -INF, INF)
    assert same_events(alphabeta.last_trace, negaviz.record(game, algorithm="alphabeta"))


def test_depth_limited_search_records_evaluations() -> None:
    game = TicTacToe("x......../")
    alphabeta = make_depth_limited(game)
    alphabeta(game.root, 2, -INF, INF)
    trace = alphabeta.last_trace
    assert same_events(trace, negaviz.record(game, algorithm="alphabeta", depth=2))
    assert {n.ending for n in trace.nodes if not n.children} == {"eval"}


@pytest.mark.slow
@given(st.integers(0, 10_000), st.integers(1, 3), st.integers(1, 3))
def test_random_trees_record_like_the_core(seed: int, depth: int, branching: int) -> None:
    tree = random_tree(depth, branching, seed=seed, exact_branching=False)
    alphabeta = make_alphabeta(tree)
    alphabeta(tree.root, -INF, INF)
    assert same_events(alphabeta.last_trace, negaviz.record(tree, algorithm="alphabeta"))


def test_each_outermost_call_makes_one_trace() -> None:
    tree = Tree.parse(TEXTBOOK)
    negamax = make_negamax(tree)
    assert negamax.last_trace is None
    negamax(tree.root)
    negamax(node(tree, "B"))
    assert len(negamax.traces) == 2
    assert negamax.last_trace is negamax.traces[1]
    assert negamax.last_trace.root == node(tree, "B") and negamax.last_trace.value == -5
    assert len(negamax.last_trace.nodes) == 3


def test_a_student_trace_saves_and_loads_as_json() -> None:
    tree = Tree.parse(TEXTBOOK)
    alphabeta = make_alphabeta(tree)
    alphabeta(tree.root, -INF, INF)
    again = loads(dumps(alphabeta.last_trace))
    assert list(again.stream) == list(alphabeta.last_trace.stream)
    assert again.pruned_labels() == ["G", "H"]
    assert isinstance(again, StudentTrace)
    assert (again.function, again.windowed) == ("alphabeta", True)


def test_a_faulty_student_trace_loads_back_with_its_faults(tmp_path: Any) -> None:
    """A student's bugs (a window passed upside down, a value of -inf) are what a trace
    shows and the checker explains: the saved file loads, and the checker says the same."""
    tree = Tree.parse(TEXTBOOK)

    @trace_calls(tree, position="pos", alpha="alpha", beta="beta")
    def swapped(pos: int, alpha: float, beta: float) -> float:
        if tree.is_terminal(pos):
            return tree.score(pos)
        best = -INF
        for m in tree.moves(pos):
            best = max(best, -swapped(tree.play(pos, m), -alpha, -beta))  # the window upside down
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    @trace_calls(tree, position="pos")
    def gives_up(pos: int) -> float:
        return tree.score(pos) if tree.is_terminal(pos) else -INF

    swapped(tree.root, -INF, INF)
    gives_up(tree.root)
    for fn in (swapped, gives_up):
        trace = fn.last_trace
        assert trace is not None
        path = tmp_path / f"{fn.__name__}.json"
        negaviz.save(trace, path)
        back = negaviz.load(path)
        assert isinstance(back, StudentTrace) and back.function == fn.__name__ and back.windowed == trace.windowed
        assert list(back.stream) == list(trace.stream) and len(back) == len(trace)
        assert str(check(back)) == str(check(trace))
        assert dumps(back) == dumps(trace)  # and it saves again the same
    assert "wrong window at B" in str(check(negaviz.load(tmp_path / "swapped.json")))
    assert negaviz.load(tmp_path / "gives_up.json").value == -INF


# --- capture(): an undecorated function ------------------------------------------------
def test_capture_records_a_module_function_and_puts_it_back() -> None:
    global GAME
    GAME = Tree.parse(TEXTBOOK)
    original = plain_negamax
    with capture(plain_negamax, GAME) as traced:
        assert globals()["plain_negamax"] is traced
        assert traced(GAME.root) == 5
        assert plain_negamax(node(GAME, "C")) == -1  # called by name, recorded as well
    assert globals()["plain_negamax"] is original
    assert len(traced.traces) == 2
    assert same_events(traced.traces[0], negaviz.record(GAME, algorithm="negamax"))
    original(GAME.root)  # outside the block nothing is recorded
    assert len(traced.traces) == 2


def test_capture_refuses_what_it_cannot_rebind() -> None:
    tree = Tree.parse(TEXTBOOK)

    def local(pos: int) -> float:
        return 0

    with pytest.raises(InputError, match="top level"), capture(local, tree):
        pass
    traced = make_negamax(tree)
    with pytest.raises(InputError, match="already records"), capture(traced, tree):
        pass


# --- mutable games ---------------------------------------------------------------------
def test_course_negamax_over_a_make_unmake_class() -> None:
    board = Board("xo..x...o")
    game = MutableGame(board)
    with capture(course_negamax, game, position="game", returns="value_move") as traced:
        value, move = traced(board, 9)
    assert (value, move) == (1, 3)  # a2 makes two threats
    assert str(board) == "XO  X   O"  # the object is back where it was
    trace = traced.last_trace
    assert trace.root == () and trace.value == 1
    assert same_events(trace, negaviz.record(MutableGame(Board("xo..x...o")), algorithm="negamax"))
    assert check(trace, algorithm="negamax").ok
    leaf = next(n for n in trace.nodes if n.ending == "leaf")
    assert trace.position(leaf.id) == tuple(trace.move(n) for n in trace.path(leaf.id)[1:])
    assert str(board) == "XO  X   O"


def course_negamax_backwards(game: Board, depth_left: int) -> tuple[float, int | None]:
    """Tries the moves in reverse order."""
    if game.is_over() or depth_left == 0:
        return game.get_utility(), None  # type: ignore[return-value]
    best_value, best_move = -INF, None
    for move in reversed(game.get_moves()):
        game.make_move(move)
        value, _ = course_negamax_backwards(game, depth_left - 1)
        game.unmake_move(move)
        if -value > best_value:
            best_value, best_move = -value, move
    return best_value, best_move


def test_a_key_identifies_children_of_a_mutable_object() -> None:
    board = Board("xo..x...o")
    game = MutableGame(board)
    with capture(course_negamax_backwards, game, position="game", returns="value_move", key=str) as traced:
        traced(board, 9)
    trace = traced.last_trace
    root = trace.nodes[0]
    assert root.moves == (2, 3, 5, 6, 7)
    assert [trace.nodes[c].index for c in root.children] == [4, 3, 2, 1, 0]
    assert [trace.move(c) for c in root.children] == [7, 6, 5, 3, 2]
    report = check(trace, algorithm="negamax")  # a search in its own order is correct
    assert report.ok and "its own order (at the root: 7, 6, 5, 3, ...)" in report.notes[0]
    assert str(board) == "XO  X   O"
    assert check(trace, algorithm="negamax", order="natural").divergence.kind.value == "wrong move order"
    # Without a key, calls are taken in order: the limitation the module documents.
    with capture(course_negamax_backwards, MutableGame(board), position="game", returns="value_move") as blind:
        blind(board, 9)
    first = blind.last_trace.nodes[0]
    assert [blind.last_trace.nodes[c].index for c in first.children] == [0, 1, 2, 3, 4]


def test_a_mutable_search_must_use_the_wrapped_object() -> None:
    game = MutableGame(Board("xo..x...o"))
    traced = trace_calls(game, position="game", returns="value_move")(course_negamax)
    with pytest.raises(InputError, match="not the object wrapped"):
        traced(Board("xo..x...o"), 9)


# --- errors at the edge ------------------------------------------------------------------
def test_arguments_are_checked_when_decorating() -> None:
    tree = Tree.parse(TEXTBOOK)

    def f(node: int, alpha: float, beta: float) -> float:
        return 0

    with pytest.raises(InputError, match="'board' is not a parameter"):
        trace_calls(tree, position="board")(f)
    with pytest.raises(InputError, match="parameter index"):
        trace_calls(tree, position=5)(f)
    with pytest.raises(InputError, match="both alpha= and beta="):
        trace_calls(tree, alpha="alpha")(f)
    with pytest.raises(InputError, match="unknown returns"):
        trace_calls(tree, returns="pair")(f)
    with pytest.raises(InputError, match="not a negaviz game"):
        trace_calls(object())(f)
    with pytest.raises(InputError, match="key= identifies the state of a MutableGame"):
        trace_calls(tree, key=str)(f)


def test_returned_values_are_checked() -> None:
    tree = Tree.parse(TEXTBOOK)

    @trace_calls(tree)
    def pair(node: int) -> tuple[float, None]:
        return tree.score(node) if tree.is_terminal(node) else 0, None

    with pytest.raises(InputError, match="returns='value_move'"):
        pair(node(tree, "D"))

    @trace_calls(tree, returns="value_move")
    def bare(node: int) -> float:
        return 0

    with pytest.raises(InputError, match="not a \\(value, move\\) pair"):
        bare(node(tree, "D"))

    @trace_calls(tree)
    def nothing(node: int) -> None:
        return None

    with pytest.raises(InputError, match="None, not a number"):
        nothing(node(tree, "D"))


def test_an_exception_keeps_the_partial_trace_and_the_wrapper_recovers() -> None:
    tree = Tree.parse(TEXTBOOK)
    calls = []

    @trace_calls(tree)
    def flaky(pos: int) -> float:
        calls.append(pos)
        if tree.label(pos) == "F":
            raise RuntimeError("student bug")
        if tree.is_terminal(pos):
            return tree.score(pos)
        return max(-flaky(c) for c in tree.moves(pos))

    with pytest.raises(RuntimeError, match="student bug"):
        flaky(tree.root)
    partial = flaky.last_trace
    assert not partial.complete
    assert partial.nodes[-1].exit_step == -1
    assert partial.nodes[0].value is None
    assert flaky(node(tree, "B")) == -5  # the next call starts afresh
    assert flaky.last_trace.complete


def test_leaf_eval_and_cutoff_events_follow_the_documented_rule() -> None:
    tree = Tree.parse("A(B:2(D:1 E:3) C:4)")

    @trace_calls(tree, position="node", alpha="alpha", beta="beta")
    def shallow(node: int, alpha: float, beta: float) -> float:
        if tree.is_terminal(node):
            return tree.score(node)
        if tree.label(node) == "B":  # B answers without searching (as from a table)
            return tree.evaluate(node)
        return max(-shallow(c, -beta, -alpha) for c in tree.moves(node)[:1])  # tries one move only

    shallow(tree.root, -INF, INF)
    kinds = [e.kind for e in shallow.last_trace.events]
    assert kinds == [
        EventKind.ENTER, EventKind.ENTER, EventKind.EVAL, EventKind.BEST, EventKind.CUTOFF, EventKind.EXIT,
    ]
    root = shallow.last_trace.nodes[0]
    assert [shallow.last_trace.label(0), tree.label(root.skipped[0])] == ["A", "C"]


def test_a_decorated_method_records_its_recursion() -> None:
    tree = Tree.parse(TEXTBOOK)

    class Player:
        def __init__(self, game: Tree) -> None:
            self.game = game

        @trace_calls(tree, position="node")
        def negamax(self, node: int) -> float:
            if self.game.is_terminal(node):
                return self.game.score(node)
            return max(-self.negamax(self.game.play(node, m)) for m in self.game.moves(node))

    assert Player(tree).negamax(tree.root) == 5
    trace = Player.negamax.last_trace
    assert same_events(trace, negaviz.record(tree, algorithm="negamax"))


def test_a_position_the_game_does_not_understand_is_refused() -> None:
    tree = Tree.parse(TEXTBOOK)
    seen = []

    @trace_calls(tree, position="label")
    def by_label(label: str) -> float:  # the student's own representation: labels
        seen.append(label)
        return 0

    with pytest.raises(InputError, match="does not understand as a position"):
        by_label("A")
    assert seen == []  # refused before the student's code ran
    assert by_label.last_trace is None


# --- windows the recorder was not told about ------------------------------------------------
def test_a_window_it_was_not_told_about_is_warned_of() -> None:
    tree = Tree.parse(TEXTBOOK)

    def alphabeta(node: int, alpha: float, beta: float) -> float:
        return 0

    with pytest.warns(WindowWarning, match=r"alphabeta has parameters alpha and beta that look like an alpha-beta window") as caught:
        trace_calls(tree, position="node")(alphabeta)
    assert "Pass alpha='alpha', beta='beta'" in str(caught[0].message)
    assert "stopped too early" in str(caught[0].message)
    assert caught[0].filename == __file__  # it points at the caller's line
    with pytest.warns(WindowWarning, match="Pass alpha='alpha', beta='beta'") as caught:
        with capture(capturable, tree, position="node"):
            pass
    assert caught[0].filename == __file__

    def ab(node: int, depth: int, lo: float, hi: float) -> float:
        return 0

    with pytest.warns(WindowWarning, match="ab has parameters lo and hi .* Pass alpha='lo', beta='hi'"):
        trace_calls(tree, position="node")(ab)


def capturable(node: int, alpha: float, beta: float) -> float:
    return 0


def test_no_warning_when_the_window_is_named_or_absent() -> None:
    tree = Tree.parse(TEXTBOOK)

    def alphabeta(node: int, alpha: float, beta: float) -> float:
        return 0

    def negamax(node: int, depth: int, board: Any = None) -> float:
        return 0

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        trace_calls(tree, position="node", alpha="alpha", beta="beta")(alphabeta)
        trace_calls(tree, position="node")(negamax)


def test_the_recorder_and_the_catalogue_sit_below_quiz_and_keep_their_old_paths() -> None:
    """The recorder is the trace layer's (negaviz.trace.calls) and the catalogue its own
    unit (negaviz.mistakes), so that quiz records its mistaken searches without importing
    negaviz.student; every path users import them by still works."""
    import importlib

    import negaviz.mistakes
    import negaviz.student
    import negaviz.trace.calls
    import negaviz.trace.traced

    shim = importlib.import_module("negaviz.student.capture")  # the submodule, loaded
    assert negaviz.student.capture is negaviz.trace.calls.capture  # the package's name is still the function
    assert shim.trace_calls is negaviz.student.trace_calls is negaviz.trace.calls.trace_calls
    assert shim.StudentTrace is StudentTrace and shim.TracedFunction is negaviz.trace.traced.TracedFunction
    assert importlib.import_module("negaviz.student.traced").TracedFunction is negaviz.trace.traced.TracedFunction
    old = importlib.import_module("negaviz.student.mistakes")
    assert old.MISTAKES is negaviz.mistakes.MISTAKES and old.run is negaviz.mistakes.run
