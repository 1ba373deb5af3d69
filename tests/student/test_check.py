"""Checking students' searches: correct ones pass, each classic bug is named."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import negaviz
from negaviz import InputError, TicTacToe, Tree
from negaviz.games.tictactoe import _WINS
from negaviz.quiz import random_tree
from negaviz.student import DivergenceKind, Report, StudentTrace, WindowWarning, check, trace_calls
from negaviz.trace import dumps, loads

INF = math.inf
TEXTBOOK = "[[7,5],[3,1,9]]"
K = DivergenceKind


# --- correct searches, written as courses write them --------------------------------------
def negamax_of(game: Any) -> Any:
    @trace_calls(game, position="pos")
    def negamax(pos: Any) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        best = -INF
        for move in game.moves(pos):
            best = max(best, -negamax(game.play(pos, move)))
        return best

    return negamax


def alphabeta_of(game: Any) -> Any:
    """Fail-soft, as in the encyclopaedia pseudocode."""

    @trace_calls(game, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        value = -INF
        for move in game.moves(pos):
            value = max(value, -alphabeta(game.play(pos, move), -beta, -alpha))
            alpha = max(alpha, value)
            if alpha >= beta:
                break  # cut-off
        return value

    return alphabeta


def fail_hard_of(game: Any) -> Any:
    """Fail-hard: returns beta on a cut-off and alpha when nothing beats it."""

    @trace_calls(game, position=0, alpha=1, beta=2)
    def alphabeta(pos: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        for move in game.moves(pos):
            score = -alphabeta(game.play(pos, move), -beta, -alpha)
            if score >= beta:
                return beta
            if score > alpha:
                alpha = score
        return alpha

    return alphabeta


def run(maker: Any, game: Any, *window: float) -> Any:
    fn = maker(game)
    root = game.root
    fn(root, *window)
    return fn.last_trace


GAMES = [
    Tree.parse(TEXTBOOK),
    Tree.parse("[[3,5],[5,1,9]]"),
    Tree.parse("[[[1,2],[3,4]],[[5,6],[7,8]]]"),
    Tree.parse("[[1,[2,3]],4,[[-2,8],5]]"),
    TicTacToe("x.o/x../o.."),
    TicTacToe("xo./.x./..o"),
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: getattr(g, "text", lambda: g.spec()["position"])())
def test_correct_searches_pass(game: Any) -> None:
    negamax = check(run(negamax_of, game), algorithm="negamax")
    assert negamax.ok, str(negamax)
    soft = check(run(alphabeta_of, game, -INF, INF), algorithm="alphabeta")
    assert soft.ok, str(soft)
    # A fail-hard search passes against the fail-soft reference (its bounds are as valid)
    hard_trace = run(fail_hard_of, game, -INF, INF)
    assert check(hard_trace).ok, str(check(hard_trace))
    assert check(hard_trace, fail_hard=True).ok


def test_the_algorithm_defaults_to_what_the_function_takes() -> None:
    tree = Tree.parse(TEXTBOOK)
    assert check(run(negamax_of, tree)).algorithm == "negamax"
    assert check(run(alphabeta_of, tree, -INF, INF)).algorithm == "alphabeta"


@pytest.mark.slow
@given(st.integers(0, 100_000), st.integers(1, 4), st.integers(1, 3))
def test_correct_searches_pass_on_random_trees(seed: int, depth: int, branching: int) -> None:
    tree = random_tree(depth, branching, seed=seed, values=(-3, 3), exact_branching=False)
    assert check(run(alphabeta_of, tree, -INF, INF)).ok
    assert check(run(fail_hard_of, tree, -INF, INF)).ok
    assert check(run(negamax_of, tree)).ok


def test_an_ok_report_reads_well() -> None:
    tree = Tree.parse(TEXTBOOK)
    report = check(run(alphabeta_of, tree, -INF, INF))
    assert isinstance(report, Report) and report.ok and report.divergence is None
    assert str(report) == "OK: alphabeta agrees with negaviz's alphabeta: value 5, 6 nodes visited (6 by the reference)."


def test_a_search_from_a_narrow_window_is_compared_from_that_window() -> None:
    tree = Tree.parse(TEXTBOOK)
    trace = run(alphabeta_of, tree, 4, 6)
    report = check(trace)
    assert report.ok
    assert report.reference.nodes[0].alpha == 4 and report.reference.nodes[0].beta == 6


# --- the classic bugs ------------------------------------------------------------------------
def test_forgetting_to_negate_is_a_wrong_value_at_the_first_inner_node() -> None:
    tree = Tree.parse(TEXTBOOK)

    @trace_calls(tree, position="pos")
    def negamax(pos: int) -> float:
        if tree.is_terminal(pos):
            return tree.score(pos)
        return max(negamax(tree.play(pos, m)) for m in tree.moves(pos))

    negamax(tree.root)
    d = check(negamax.last_trace).divergence
    assert d is not None and d.kind == K.WRONG_VALUE
    assert (d.node, d.path, d.expected, d.got) == ("B", ("B",), -5, 7)
    assert "negate" in d.message
    # the stepper's step: after d.step events, the last one shown is B's wrong return
    assert d.step == negamax.last_trace.nodes[1].exit_step + 1
    last = negamax.last_trace.event(d.step - 1)
    assert (last.kind, last.node, last.value) == (negaviz.EventKind.EXIT, 1, 7)


def test_forgetting_to_negate_in_alphabeta_on_tictactoe() -> None:
    game = TicTacToe("x.o/x../o..")

    @trace_calls(game, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        best = -INF
        for m in game.moves(pos):
            best = max(best, alphabeta(game.play(pos, m), -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    alphabeta(game.root, -INF, INF)
    d = check(alphabeta.last_trace).divergence
    # In event order the first symptom is the window of b1's second child: b1's alpha
    # was raised by the un-negated value of its first child.
    assert d is not None and d.kind == K.WRONG_WINDOW
    assert d.path == ("b1", "c2") and (d.expected, d.got) == ((-INF, -1), (-INF, 1))
    assert "without negating them" in d.message


def test_scoring_leaves_for_the_first_player_is_a_wrong_leaf_value() -> None:
    tree = Tree.parse("[[7,5],3]")  # C is a leaf one ply down: the second player is to move there

    @trace_calls(tree, position="pos")
    def negamax(pos: int) -> float:
        if tree.is_terminal(pos):
            return tree.values[pos]  # the textbook's number, for the first player
        return max(-negamax(tree.play(pos, m)) for m in tree.moves(pos))

    negamax(tree.root)
    d = check(negamax.last_trace).divergence
    assert d is not None and d.kind == K.WRONG_VALUE
    assert (d.node, d.expected, d.got) == ("C", -3, 3)
    assert "the score for the other player" in d.message


def test_scoring_tictactoe_leaves_for_x_is_caught_at_the_first_win() -> None:
    game = TicTacToe("xx./oo./...")  # x to move wins at c1

    @trace_calls(game, position="pos")
    def negamax(pos: Any) -> float:
        if game.is_terminal(pos):
            cells = game.cells(pos)
            return 1 if _WINS[sum(1 << i for i, c in enumerate(cells) if c == "x")] else (
                -1 if _WINS[sum(1 << i for i, c in enumerate(cells) if c == "o")] else 0)
        return max(-negamax(game.play(pos, m)) for m in game.moves(pos))

    negamax(game.root)
    d = check(negamax.last_trace).divergence
    assert d is not None and d.kind == K.WRONG_VALUE
    assert d.path == ("c1",) and (d.expected, d.got) == (-1, 1)


def window_bug_of(game: Any, how: str) -> Any:
    @trace_calls(game, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        best = -INF
        for m in game.moves(pos):
            child = game.play(pos, m)
            if how == "unchanged":
                v = -alphabeta(child, alpha, beta)
            else:  # negated, not swapped
                v = -alphabeta(child, -alpha, -beta)
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return best

    return alphabeta


def test_passing_the_window_on_unchanged_is_a_wrong_window() -> None:
    tree = Tree.parse(TEXTBOOK)
    d = check(run(lambda g: window_bug_of(g, "unchanged"), tree, -INF, INF)).divergence
    assert d is not None and d.kind == K.WRONG_WINDOW
    # E is B's second child: B's alpha is -7 after D, so E must get (-inf, 7)
    assert (d.node, d.path, d.expected, d.got) == ("E", ("B", "E"), (-INF, 7), (-7, INF))
    assert "passed on unchanged" in d.message
    # Issue 30: "window" means the window B was entered with; its α having risen is said so.
    assert ("E got the window (−7, ∞), but it should get (−∞, 7): B was entered with the window (−∞, ∞) "
            "and α has risen to −7, and E gets (−β, −α) = (−∞, 7).") in d.message
    assert "B's window (−7, ∞)" not in d.message


def test_negating_without_swapping_is_a_wrong_window_at_once() -> None:
    tree = Tree.parse(TEXTBOOK)
    d = check(run(lambda g: window_bug_of(g, "negated"), tree, -INF, INF)).divergence
    assert d is not None and d.kind == K.WRONG_WINDOW
    assert (d.node, d.expected, d.got) == ("B", (-INF, INF), (INF, -INF))
    assert "negated but not swapped" in d.message


def memo_alphabeta_of(game: Any) -> Any:
    """Alpha-beta with a table that remembers values but not whether they are bounds."""
    memo: dict[Any, float] = {}

    @trace_calls(game, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: Any, alpha: float, beta: float) -> float:
        key = game.key(pos)
        if key in memo:
            return memo[key]
        if game.is_terminal(pos):
            return game.score(pos)
        best = -INF
        for m in game.moves(pos):
            best = max(best, -alphabeta(game.play(pos, m), -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        memo[key] = best
        return best

    return alphabeta


def test_a_table_without_bounds_gives_a_wrong_value_at_the_transposition() -> None:
    # D is shared by B and C.  Under B, D is cut off after G: 1 is only a lower bound
    # (D's true value is 9).  Under C the table's 1 is taken as exact, so C fails low
    # and A returns 1, where the true value is 4.
    tree = Tree.parse("A(B(E(I:-5 J:1) D(G:1 H:9)) C(D F(K:4 L:-3)))")
    assert negaviz.search(tree, algorithm="negamax").value == 4
    fn = memo_alphabeta_of(tree)
    assert fn(tree.root, -INF, INF) == 1
    d = check(fn.last_trace).divergence
    assert d is not None and d.kind == K.WRONG_VALUE
    assert (d.node, d.path, d.expected, d.got) == ("D", ("C", "D"), 9, 1)
    assert "reached before by another path" in d.message
    assert "without trying its moves" in d.message


def test_a_table_without_bounds_on_tictactoe() -> None:
    game = TicTacToe("xo./x../...")
    fn = memo_alphabeta_of(game)
    fn(game.root, -INF, INF)
    d = check(fn.last_trace).divergence
    assert d is not None and d.kind == K.WRONG_VALUE
    assert "reached before by another path" in d.message
    # a correct table (exact values only) passes
    exact = negamax_of(game)
    exact(game.root)
    assert check(exact.last_trace).ok


def test_detecting_a_win_one_ply_late_searches_past_the_end() -> None:
    game = TicTacToe("xx./oo./...")  # x completes the top row with c1

    @trace_calls(game, position="pos")
    def negamax(pos: Any) -> float:
        mine, _ = pos
        if _WINS[mine]:  # only asks whether the side to move has a line
            return 1
        moves = game.moves(pos)
        if not moves:
            return 0
        return max(-negamax(game.play(pos, m)) for m in moves)

    negamax(game.root)
    d = check(negamax.last_trace).divergence
    assert d is not None and d.kind == K.PAST_LEAF
    assert d.path == ("c1",) and d.node == "the position after c1"
    assert d.expected == -1 and d.got[0] == "c2"
    assert "The game is over" in d.message


def test_cutting_only_on_alpha_greater_than_beta_misses_a_cutoff() -> None:
    tree = Tree.parse("[[5,6],[5,1,9]]")  # at C, F gives -5 = beta: the reference stops

    @trace_calls(tree, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: int, alpha: float, beta: float) -> float:
        if tree.is_terminal(pos):
            return tree.score(pos)
        best = -INF
        for m in tree.moves(pos):
            best = max(best, -alphabeta(tree.play(pos, m), -beta, -alpha))
            alpha = max(alpha, best)
            if alpha > beta:
                break
        return best

    alphabeta(tree.root, -INF, INF)
    d = check(alphabeta.last_trace).divergence
    assert d is not None and d.kind == K.MISSED_CUTOFF
    assert d.node == "C" and d.expected == ("F",) and d.got == ("F", "G")  # G gives −1 > −5: it stops
    assert d.message == (
        "At C the value so far is −5 ≥ β = −5, so the moves left cannot change the result, "
        "but your function went on to try G."
    )


def test_plain_negamax_against_alphabeta_visits_a_pruned_node() -> None:
    tree = Tree.parse(TEXTBOOK)
    d = check(run(negamax_of, tree), algorithm="alphabeta").divergence
    assert d is not None and d.kind == K.PRUNED_VISITED
    assert d.node == "G" and d.path == ("C", "G")
    assert d.message.startswith("G should never have been visited")


def test_comparing_with_alpha_instead_of_beta_stops_too_early() -> None:
    tree = Tree.parse(TEXTBOOK)

    @trace_calls(tree, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: int, alpha: float, beta: float) -> float:
        if tree.is_terminal(pos):
            return tree.score(pos)
        best = -INF
        for m in tree.moves(pos):
            best = max(best, -alphabeta(tree.play(pos, m), -beta, -alpha))
            alpha = max(alpha, best)
            if best >= alpha:
                break
        return best

    alphabeta(tree.root, -INF, INF)
    d = check(alphabeta.last_trace).divergence
    assert d is not None and d.kind == K.STOPPED_EARLY
    assert d.node == "B" and d.expected == ("D", "E") and d.got == ("D",)


def test_searching_a_move_twice() -> None:
    tree = Tree.parse(TEXTBOOK)

    @trace_calls(tree, position="pos")
    def negamax(pos: int) -> float:
        if tree.is_terminal(pos):
            return tree.score(pos)
        moves = tree.moves(pos)
        best = max(-negamax(tree.play(pos, m)) for m in moves)
        negamax(tree.play(pos, moves[-1]))  # "just to be sure"
        return best

    negamax(tree.root)
    d = check(negamax.last_trace).divergence
    assert d is not None and d.kind == K.PRUNED_VISITED
    assert d.node == "E" and d.got == ("D", "E", "E")
    assert d.message == "B searched E a second time: each move needs searching once."


def test_trying_moves_in_another_order() -> None:
    tree = Tree.parse(TEXTBOOK)

    @trace_calls(tree, position="pos")
    def negamax(pos: int) -> float:
        if tree.is_terminal(pos):
            return tree.score(pos)
        return max(-negamax(tree.play(pos, m)) for m in reversed(tree.moves(pos)))

    negamax(tree.root)
    report = check(negamax.last_trace)  # any order is correct: compared in its own order
    assert report.ok, str(report)
    assert "tries the moves in its own order (at the root: C, B)" in report.notes[0]
    assert "order='natural'" in report.notes[0]
    d = check(negamax.last_trace, order="natural").divergence  # unless the order is asked for
    assert d is not None and d.kind == K.WRONG_ORDER
    assert d.node == "A" and d.got == ("C", "B")
    assert "check() was asked for order='natural'" in d.message and "leave out order=" in d.message


def centre_first_of(game: Any, *, swap: bool = True) -> Any:
    """A correct alpha-beta (when ``swap``) trying the centre first, then the rest as generated."""

    @trace_calls(game, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        best = -INF
        for m in sorted(game.moves(pos), key=lambda m: m != 4):  # b2 first
            window = (-beta, -alpha) if swap else (-alpha, -beta)
            best = max(best, -alphabeta(game.play(pos, m), *window))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    return alphabeta


@pytest.mark.slow
def test_a_correct_centre_first_alphabeta_passes() -> None:
    game = TicTacToe()
    alphabeta = centre_first_of(game)
    alphabeta(game.root, -INF, INF)
    report = check(alphabeta.last_trace)
    assert report.ok, str(report)
    assert len(report.reference.nodes) == len(alphabeta.last_trace.nodes) == 12123
    assert str(report).startswith("OK: alphabeta agrees with negaviz's alphabeta: value 0, 12123 nodes visited")
    assert "at the root: b2, a1, b1, c1, ..." in report.notes[0] and "order='natural'" in report.notes[0]
    d = check(alphabeta.last_trace, order="natural").divergence
    assert d is not None and d.kind == K.WRONG_ORDER and "order=" in d.message


def test_an_alphabeta_recorded_without_its_window_is_told_how_to_record_it() -> None:
    tree = Tree.parse(TEXTBOOK)
    with pytest.warns(WindowWarning):

        @trace_calls(tree, position="pos")
        def ab(pos: Any, alpha: float, beta: float) -> float:
            if tree.is_terminal(pos):
                return tree.score(pos)
            best = -INF
            for move in tree.moves(pos):
                best = max(best, -ab(tree.play(pos, move), -beta, -alpha))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            return best

    ab(tree.root, -INF, INF)
    d = check(ab.last_trace).divergence
    assert d is not None and d.kind == K.STOPPED_EARLY
    assert "record it with alpha= and beta= naming its window parameters" in d.message


def test_a_bug_in_a_search_with_its_own_order_is_still_caught() -> None:
    game = TicTacToe("x.o/.../...")
    alphabeta = centre_first_of(game, swap=False)
    alphabeta(game.root, -INF, INF)
    report = check(alphabeta.last_trace)
    assert report.divergence is not None and report.divergence.kind == K.WRONG_WINDOW
    assert "negated but not swapped" in report.divergence.message
    assert "its own order" in report.notes[0] and "agrees" not in report.notes[0]


def test_a_search_in_heuristic_order_is_compared_move_by_move() -> None:
    game = TicTacToe("x.o/.../...")  # x to move

    @trace_calls(game, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        best = -INF
        for m in game.order(pos, game.moves(pos)):  # centre, corners, then edges
            best = max(best, -alphabeta(game.play(pos, m), -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    alphabeta(game.root, -INF, INF)
    assert check(alphabeta.last_trace, order="heuristic").ok
    own = check(alphabeta.last_trace)
    assert own.ok and "That is negaviz's order='heuristic'" in own.notes[0]
    d = check(alphabeta.last_trace, order="natural").divergence
    assert d is not None and d.kind == K.WRONG_ORDER
    assert d.node == "the root" and d.got[0] == "b2" and d.expected[0] == "b1"


# --- fail-hard, fail-soft, and a mix: all correct, and said so ---------------------------------
def mixed_of(game: Any) -> Any:
    """Returns alpha when nothing beats it (fail-hard) but the value itself on a cutoff (fail-soft)."""

    @trace_calls(game, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        for move in game.moves(pos):
            score = -alphabeta(game.play(pos, move), -beta, -alpha)
            if score >= beta:
                return score
            alpha = max(alpha, score)
        return alpha

    return alphabeta


def test_mixing_fail_hard_and_fail_soft_is_correct_with_a_note() -> None:
    tree = Tree.parse("[[[1,2],[3,4]],[[5,6],[7,8]],[[-2,8],[5,0]]]")
    report = check(run(mixed_of, tree, -INF, INF))
    assert report.ok and len(report.notes) == 1
    note = report.notes[0]
    assert note.startswith("Correct at the root, but 2 nodes return another value than the reference")
    assert "J returns 6 (= α, the edge of its window) where the reference returns 5" in note
    assert "mixes fail-hard and fail-soft" in note and "when a node fails low it returns α" in note
    assert str(report).endswith(note) and "Note: Correct at the root" in str(report)


def test_fail_hard_and_fail_soft_against_either_reference_are_noted() -> None:
    tree = Tree.parse("[[[1,2],[3,4]],[[5,6],[7,8]],[[-2,8],[5,0]]]")
    hard = check(run(fail_hard_of, tree, -INF, INF))
    assert hard.ok and "Your search is fail-hard" in hard.notes[0] and "fail_hard=True" in hard.notes[0]
    assert check(run(fail_hard_of, tree, -INF, INF), fail_hard=True).notes == ()
    soft = check(run(alphabeta_of, tree, -INF, INF), fail_hard=True)
    assert soft.ok and "Your search is fail-soft" in soft.notes[0]
    assert check(run(alphabeta_of, tree, -INF, INF)).notes == ()


def test_a_report_opens_a_stepper_at_the_divergence() -> None:
    pytest.importorskip("ipywidgets")
    tree = Tree.parse(TEXTBOOK)
    trace = run(negamax_of, tree)
    report = check(trace, algorithm="alphabeta")
    d = report.divergence
    assert d is not None and d.kind == K.PRUNED_VISITED
    stepper = report.stepper()
    assert stepper.step == d.step
    last = trace.event(d.step - 1)  # the wrong event is the last one shown: G entered
    assert last.kind == negaviz.EventKind.ENTER and trace.label(last.node) == "G"
    assert check(trace).stepper().step == len(trace)


def test_a_depth_limited_search_needs_the_depth() -> None:
    game = TicTacToe("x........")

    @trace_calls(game, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: Any, depth: int, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        if depth == 0:
            return game.evaluate(pos)
        best = -INF
        for m in game.moves(pos):
            best = max(best, -alphabeta(game.play(pos, m), depth - 1, -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    alphabeta(game.root, 2, -INF, INF)
    assert check(alphabeta.last_trace, depth=2).ok
    d = check(alphabeta.last_trace).divergence
    assert d is not None and d.kind == K.WRONG_VALUE
    assert "pass depth= to check()" in d.message


def test_report_text_names_the_kind_node_and_path() -> None:
    tree = Tree.parse(TEXTBOOK)
    report = check(run(negamax_of, tree), algorithm="alphabeta")
    assert str(report).startswith("Not yet: visited a pruned node at G (path C G). G should never")


# --- errors at the edge ----------------------------------------------------------------
def test_check_refuses_what_it_cannot_compare() -> None:
    tree = Tree.parse(TEXTBOOK)
    trace = run(negamax_of, tree)
    with pytest.raises(InputError, match="student_trace: needs a negaviz Trace"):
        check("not a trace")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="unknown algorithm: 'pvs'"):
        check(trace, algorithm="pvs")
    with pytest.raises(InputError, match="no game attached"):
        check(negaviz.Trace(trace.stream, trace.move_lists, len(trace)))
    with pytest.raises(InputError, match="unknown move order"):
        check(trace, order="random")


@given(st.integers(0, 100_000), st.integers(1, 4), st.integers(1, 3))
def test_correct_searches_in_any_move_order_pass(seed: int, depth: int, branching: int) -> None:
    tree = random_tree(depth, branching, seed=seed, values=(-3, 3), exact_branching=False)

    @trace_calls(tree, position="pos", alpha="alpha", beta="beta")
    def shuffled(pos: Any, alpha: float, beta: float) -> float:
        if tree.is_terminal(pos):
            return tree.score(pos)
        moves = list(tree.moves(pos))
        random.Random(seed * 1000 + pos).shuffle(moves)
        best = -INF
        for m in moves:
            best = max(best, -shuffled(tree.play(pos, m), -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    shuffled(tree.root, -INF, INF)
    report = check(shuffled.last_trace)
    assert report.ok, str(report)


# --- what the student did, said so (issue 19) -------------------------------------------
class _Sticks:
    """Nim as a course's mutable class: take 1 or 2, whoever takes the last stick wins."""

    def __init__(self, n: int = 5) -> None:
        self.n = n

    def get_moves(self) -> list[int]:
        return [m for m in (1, 2) if m <= self.n]

    def make_move(self, m: int) -> None:
        self.n -= m

    def unmake_move(self, m: int) -> None:
        self.n += m

    def is_over(self) -> bool:
        return self.n == 0

    def get_utility(self) -> int:
        return -1


def test_the_checker_tells_the_student_what_they_did() -> None:
    # A function that forgets unmake_move is told so, at the first call that returns changed.
    sticks = _Sticks(5)

    @trace_calls(negaviz.MutableGame(sticks), position="g")
    def forgetful(g: _Sticks) -> float:
        if g.is_over():
            return g.get_utility()
        best = -math.inf
        for m in g.get_moves():
            g.make_move(m)
            best = max(best, -forgetful(g))  # and no g.unmake_move(m)
        return best

    with pytest.raises(InputError, match=r"forgetful left the game changed: the call at the position after moves "
                       r"1 1 1 1 returned with the _Sticks object not as it found it \(its moves were \[1\] on entry "
                       r"and \[\] on return\); every make_move\(m\) needs its unmake_move\(m\)"):
        forgetful(sticks)
    assert forgetful.last_trace is not None
    with pytest.raises(InputError, match="the recorded call did not finish, so there is nothing to compare: "
                       "forgetful left the game changed"):
        check(forgetful.last_trace)
    # Saved and loaded (a file handed in), the trace still says why the call stopped.
    again = loads(dumps(forgetful.last_trace))
    assert isinstance(again, StudentTrace) and again.fault == forgetful.last_trace.fault
    with pytest.raises(InputError, match="nothing to compare: forgetful left the game changed"):
        check(again)

    # A node budget never makes a correct function wrong: it leaves the comparison undecided.
    tree = random_tree(depth=5, branching=3, seed=1)

    @trace_calls(tree, position="node")
    def negamax(node: int) -> float:
        if tree.is_terminal(node):
            return tree.score(node)
        return max(-negamax(tree.play(node, m)) for m in tree.moves(node))

    negamax(tree.root)
    assert check(negamax.last_trace).ok
    report = check(negamax.last_trace, max_nodes=50)
    assert not report.ok and report.divergence is None
    assert str(report).startswith("Undecided: The reference search stopped at its node budget (max_nodes=50) after")
    assert "your search agrees with it up to there. Raise max_nodes, or leave it out" in str(report)
    assert check(negamax.last_trace, max_nodes=10_000).ok  # a budget the search fits in decides

    # ... while a wrong one is still wrong where the reference got to.
    @trace_calls(tree, position="node")
    def unnegated(node: int) -> float:
        if tree.is_terminal(node):
            return tree.score(node)
        return max(unnegated(tree.play(node, m)) for m in tree.moves(node))

    unnegated(tree.root)
    assert check(unnegated.last_trace, max_nodes=50).divergence is not None

    # Advice that names an option is advice check() accepts: a window upside down is no window to pass.
    textbook = Tree.parse(TEXTBOOK)

    @trace_calls(textbook, position="node", alpha="alpha", beta="beta")
    def alphabeta(node: int, alpha: float, beta: float) -> float:
        if textbook.is_terminal(node):
            return textbook.score(node)
        best = -math.inf
        for m in textbook.moves(node):
            best = max(best, -alphabeta(textbook.play(node, m), -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    alphabeta(textbook.root, 5, -5)
    text = str(check(alphabeta.last_trace))
    assert "which is no window: alpha must be below beta" in text and "window=" not in text
    alphabeta(textbook.root, 2, 6)
    text = str(check(alphabeta.last_trace, window=(-math.inf, math.inf)))
    advice = text[text.index("window=") + len("window="):].split(" to check()")[0]
    assert advice == "(2, 6)"
    assert check(alphabeta.last_trace, window=eval(advice)).ok  # the advice, pasted, is accepted

    # Numbers no float holds are named, not an OverflowError.
    @trace_calls(textbook, position="node")
    def huge(node: int) -> float:
        if textbook.is_terminal(node):
            return 10**400
        return max(-huge(textbook.play(node, m)) for m in textbook.moves(node))

    with pytest.raises(InputError, match="the value huge returned is an int of about 401 digits: too large for a float"):
        huge(textbook.root)
    with pytest.raises(InputError, match="the alpha argument is an int of about 401 digits"):
        alphabeta(textbook.root, -(10**400), 10**400)
