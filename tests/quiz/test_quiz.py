"""Quiz questions from traces, answer parsing and feedback, and generated exercises."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import negaviz
from negaviz import InputError, TicTacToe, Tree
from negaviz.quiz import Exercise, Question, exercise, questions, random_tree
from negaviz.quiz.questions import parse_labels, parse_value, parse_window
from negaviz.search import Bound
from negaviz.trace import Replay, Status

INF = math.inf
TEXTBOOK = "[[7,5],[3,1,9]]"


@pytest.fixture(scope="module")
def textbook() -> negaviz.Trace:
    return negaviz.record(Tree.parse(TEXTBOOK), algorithm="alphabeta")


def by_label(trace: negaviz.Trace, qs: list[Question]) -> dict[tuple[str, str], Question]:
    return {(q.kind, trace.label(q.node)): q for q in qs}


# --- the textbook tree, checked by hand ---------------------------------------------------
# Negamax values (side to move): D 7, E 5, B = max(-7, -5) = -5; A's alpha is 5 after B,
# so C gets (-inf, -5); F gets (5, inf) and returns 3; C has -3 >= -5 and stops: G and H
# are never visited, and C returns -3, a lower bound.  In the minimax view C is a MIN
# node worth at most 3, and its window is (5, inf).
def test_textbook_answers_in_the_negamax_view(textbook: negaviz.Trace) -> None:
    qs = by_label(textbook, questions(textbook))
    assert qs["value", "A"].answer == 5
    assert qs["value", "B"].answer == -5
    assert qs["value", "C"].answer == -3
    assert qs["value", "D"].answer == 7
    assert qs["window", "C"].answer == (-INF, -5)
    assert qs["window", "F"].answer == (5, INF)
    assert qs["window", "E"].answer == (-INF, 7)
    assert qs["pruned", "C"].answer == ("G", "H")
    assert qs["pruned", "A"].answer == () and qs["pruned", "B"].answer == ()
    assert ("window", "G") not in qs and ("value", "H") not in qs  # never visited, never asked
    assert ("pruned", "D") not in qs  # a leaf has no children to prune
    assert qs["value", "C"].prompt == "What does C return?"
    assert qs["window", "F"].prompt == "With which window (α, β) is F entered, for the side to move there?"
    assert qs["pruned", "C"].prompt == "Which of C's moves are never tried? (Answer 'none' if every move is tried.)"


def test_textbook_answers_in_the_minimax_view(textbook: negaviz.Trace) -> None:
    qs = by_label(textbook, questions(textbook, perspective="minimax"))
    assert qs["value", "A"].answer == 5
    assert qs["value", "B"].answer == 5  # a MIN node: min(7, 5)
    assert qs["value", "C"].answer == 3  # at most 3
    assert qs["value", "F"].answer == 3
    assert qs["window", "C"].answer == (5, INF)
    assert qs["window", "F"].answer == (5, INF)
    assert qs["window", "E"].answer == (-INF, 7)
    assert qs["pruned", "C"].answer == ("G", "H")
    assert "MIN node" in qs["value", "C"].explanation
    assert "3 ≤ α = 5" in qs["value", "C"].explanation
    assert "at most 3" in qs["value", "C"].explanation


def test_feedback_for_right_and_wrong_answers(textbook: negaviz.Trace) -> None:
    qs = by_label(textbook, questions(textbook))
    f = qs["window", "F"]
    right = f.check((5, math.inf))
    assert right.correct and right.understood
    assert right.message == "Yes: F gets (5, ∞) because C's window (−∞, −5) is negated and swapped."
    wrong = f.check("(-inf, -5)")
    assert not wrong.correct and wrong.understood
    assert str(wrong) == "No: F gets (5, ∞) because C's window (−∞, −5) is negated and swapped."
    c = qs["window", "C"]
    assert c.check("−∞, −5").correct
    # Issue 30: "window" is the one C's parent was entered with; α having risen is said so.
    assert "A was entered with the window (−∞, ∞) and α has risen to 5" in c.explanation
    value = qs["value", "C"]
    assert value.check(-3).correct and value.check("−3").correct
    assert not value.check(3).correct
    assert value.check(3).message.startswith("No: C returns −3:")
    assert "lower bound" in value.explanation and "−3 ≥ β = −5" in value.explanation
    pruned = qs["pruned", "C"]
    assert pruned.check("G, H").correct
    assert pruned.check(["h", "g"]).correct
    assert pruned.check("G and H").correct
    assert not pruned.check("G").correct
    assert not pruned.check("none").correct
    assert pruned.check("G").message.startswith("No: G and H are never visited: after F, C's value so far is −3 ≥ β = −5")
    assert qs["pruned", "A"].check("none").correct
    assert qs["pruned", "A"].check([]).correct
    assert not qs["pruned", "A"].check("C").correct
    leaf = qs["value", "E"]
    assert leaf.check(5).correct
    assert "for the first player it is worth −5" not in leaf.explanation  # E: the first player moves
    assert qs["value", "B"].explanation == "B returns −5: negating what its children return gives D: −7, E: −5; the largest is −5."


def test_unreadable_answers_are_not_marked_wrong(textbook: negaviz.Trace) -> None:
    qs = by_label(textbook, questions(textbook))
    for q, answer in [(qs["value", "C"], "minus three"), (qs["window", "F"], "5"), (qs["window", "F"], 5),
                      (qs["value", "C"], True), (qs["pruned", "C"], 7)]:
        f = q.check(answer)
        assert not f.correct and not f.understood
        assert f.message.startswith("I could not read that answer")


def test_every_answer_text_is_accepted_by_its_own_question(textbook: negaviz.Trace) -> None:
    for perspective in ("negamax", "minimax"):
        for q in questions(textbook, perspective=perspective):
            assert q.check(q.answer_text()).correct, q
            assert q.check(q.answer).correct, q


# --- when questions are asked ---------------------------------------------------------
def test_questions_are_asked_before_the_answer_shows(textbook: negaviz.Trace) -> None:
    replay = Replay(textbook)
    qs = questions(textbook)
    assert [q.step for q in qs] == sorted(q.step for q in qs)
    for q in qs:
        assert q.step < q.reveal
        before, after = replay.state_at(q.step), replay.state_at(q.reveal)
        if q.kind == "value":
            assert before.status(q.node) in (Status.CURRENT, Status.ACTIVE)
            assert after.nodes[q.node].status == Status.DONE
        elif q.kind == "window":
            assert before.status(q.node) == Status.UNVISITED
            assert after.nodes[q.node].alpha is not None
        else:
            assert before.status(q.node) != Status.DONE and not before.nodes[q.node].cut
            assert after.nodes[q.node].cut or after.nodes[q.node].status == Status.DONE
    c = by_label(textbook, qs)["value", "C"]
    assert (c.step, c.reveal) == (11, 16)  # asked once C is entered, answered at its exit


def test_kinds_steps_and_limit_select_questions(textbook: negaviz.Trace) -> None:
    assert {q.kind for q in questions(textbook, kinds=["window"])} == {"window"}
    assert {q.kind for q in questions(textbook, kinds="pruned")} == {"pruned"}
    at_11 = questions(textbook, steps=[11])
    assert {(q.kind, textbook.label(q.node)) for q in at_11} == {
        ("value", "A"), ("value", "C"), ("window", "F"), ("pruned", "A"), ("pruned", "C"),
    }
    assert all(q.step == 11 for q in at_11)
    later = questions(textbook, steps=[0, 12])
    assert all(q.step == 12 for q in later)  # nothing is open before the root is entered
    assert len(questions(textbook, limit=3)) == 3
    assert questions(textbook, limit=3) == questions(textbook)[:3]
    assert questions(textbook, limit=0) == []


def test_plain_negamax_traces_get_value_questions_by_default() -> None:
    trace = negaviz.record(Tree.parse(TEXTBOOK), algorithm="negamax")
    qs = questions(trace)
    assert qs and {q.kind for q in qs} == {"value"}
    assert len(qs) == len(trace.nodes)


def test_tictactoe_questions_name_positions_by_moves() -> None:
    game = TicTacToe("xo./.x./o..")  # x to move
    trace = negaviz.record(game, algorithm="alphabeta")
    qs = questions(trace, kinds=["value"], limit=3)
    assert qs[0].prompt == "What does the root return?"
    assert qs[1].prompt.startswith("What does the position after c1 return?")
    assert qs[0].answer == trace.value
    minimax = questions(trace, kinds=["value"], limit=2, perspective="minimax")
    assert minimax[1].answer == -qs[1].answer  # o moves after c1


def test_minimax_view_from_a_second_player_root() -> None:
    game = TicTacToe("xo./.x./...")  # o to move: the root is a MIN node
    trace = negaviz.record(game, algorithm="alphabeta")
    root = questions(trace, kinds=["value"], limit=1, perspective="minimax")[0]
    assert root.answer == -trace.value
    assert "MIN node" in root.explanation


def test_bad_arguments_are_refused(textbook: negaviz.Trace) -> None:
    with pytest.raises(InputError, match="unknown question kind: 'score'"):
        questions(textbook, kinds=["score"])
    with pytest.raises(InputError, match=r"unknown perspective 'max' \(must be one of 'negamax', 'minimax'\)"):
        questions(textbook, perspective="max")
    with pytest.raises(InputError, match="limit"):
        questions(textbook, limit=-1)


# --- parsing --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, value",
    [("3", 3), ("-3", -3), ("−3", -3), (" +2.5 ", 2.5), ("-inf", -INF), ("inf", INF), ("∞", INF),
     ("−∞", -INF), ("-∞", -INF), ("+∞", INF), ("Infinity", INF), (7, 7), (-1.5, -1.5)],
)
def test_parse_value(text: Any, value: float) -> None:
    assert parse_value(text) == value


@pytest.mark.parametrize("text", ["", "three", "nan", None, True, [1], "1,2"])
def test_parse_value_refuses(text: Any) -> None:
    with pytest.raises(ValueError):
        parse_value(text)


@pytest.mark.parametrize(
    "text, window",
    [("(5, inf)", (5, INF)), ("[-∞, −5]", (-INF, -5)), ("5 ∞", (5, INF)), ("(−∞,7)", (-INF, 7)),
     ((5, "inf"), (5, INF)), ([-1, 2], (-1, 2)), ("-1; 2", (-1, 2))],
)
def test_parse_window(text: Any, window: tuple[float, float]) -> None:
    assert parse_window(text) == window


@pytest.mark.parametrize("text", ["5", "(1, 2, 3)", 5, "(a, b)"])
def test_parse_window_refuses(text: Any) -> None:
    with pytest.raises(ValueError):
        parse_window(text)


@pytest.mark.parametrize(
    "text, labels",
    [("G, H", ("G", "H")), ("G and H", ("G", "H")), ("G H", ("G", "H")), ("none", ()), ("", ()),
     ("–", ()), (["G", " H "], ("G", "H")), ({"b2"}, ("b2",)), ("AA,AB", ("AA", "AB")), (None, ())],
)
def test_parse_labels(text: Any, labels: tuple[str, ...]) -> None:
    assert parse_labels(text) == labels


# --- generated trees and exercises ---------------------------------------------------------
def shape(tree: Tree) -> tuple[set[int], set[int]]:
    """(numbers of children of inner nodes, depths of leaves)."""
    kids = {len(tree.moves(n)) for n in tree.preorder() if not tree.is_terminal(n)}
    depths = {tree.depth(n) for n in tree.preorder() if tree.is_terminal(n)}
    return kids, depths


def test_the_same_seed_gives_the_same_tree() -> None:
    assert random_tree(3, 3, seed=42).text() == random_tree(3, 3, seed=42).text()
    texts = {random_tree(3, 2, seed=s).text() for s in range(20)}
    assert len(texts) >= 19


@given(st.integers(0, 10**9), st.integers(0, 4), st.integers(1, 4))
def test_exact_branching_and_depth(seed: int, depth: int, branching: int) -> None:
    tree = random_tree(depth, branching, seed=seed, values=(-2, 2))
    kids, depths = shape(tree)
    assert depths == {depth}
    assert kids == (set() if depth == 0 else {branching})
    assert len(tree.preorder()) == sum(branching**d for d in range(depth + 1))
    assert all(-2 <= v <= 2 for v in tree.values if v is not None)


@given(st.integers(0, 10**9), st.integers(1, 4), st.integers(2, 4))
def test_uneven_branching_stays_within_bounds(seed: int, depth: int, branching: int) -> None:
    tree = random_tree(depth, branching, seed=seed, exact_branching=False)
    kids, depths = shape(tree)
    assert depths == {depth}
    assert kids <= set(range(2, branching + 1))


def test_random_tree_refuses_bad_arguments() -> None:
    with pytest.raises(InputError, match="depth must be a whole number"):
        random_tree(-1, 2, seed=0)
    with pytest.raises(InputError, match="branching must be a whole number, 1 or more"):
        random_tree(2, 0, seed=0)
    with pytest.raises(InputError, match="values must be two whole numbers"):
        random_tree(2, 2, seed=0, values=(5, 1))
    with pytest.raises(InputError, match="at most 2000"):
        random_tree(8, 3, seed=0)


def test_exercise_answer_key_and_markdown() -> None:
    ex = exercise(2, 2, seed=3)
    assert isinstance(ex, Exercise)
    assert ex.text == "A(B(D:2 E:6) C(F:-9 G:6))"
    key = ex.answer_key()
    assert "Value of the root: 2" in key
    assert "Principal variation: B D" in key
    assert "Never visited (pruned): G" in key
    assert "  C  window (−∞, −2)  returns 9 (lower bound; −2 or 9 accepted)" in key
    assert "Bounds: fail-soft (a node that fails high or low returns the best value it found)" in key
    assert "7. What does C return? 9 (or −2, the other bound)" in key
    assert "  F  window (2, ∞)  returns −9" in key
    kinds = [q.kind for q in ex.questions]
    assert kinds.count("pruned") == 1 and "window" in kinds and "value" in kinds
    md = ex.to_markdown()
    assert "```\nA(B(D:2 E:6) C(F:-9 G:6))\n```" in md
    assert "1. What does A return?" in md
    assert "fail-soft (the best value found) or fail-hard (the window's edge) are both accepted" in md
    assert "Answer key" not in md
    assert "### Answer key" in ex.to_markdown(answers=True) and key in ex.to_markdown(answers=True)


def test_exercise_in_the_minimax_view_and_with_negamax() -> None:
    ex = exercise(2, 2, seed=3, perspective="minimax")
    assert "  C  window (2, ∞)  returns −9 (upper bound; −9 or 2 accepted)" in ex.answer_key()
    plain = exercise(2, 2, seed=3, algorithm="negamax")
    assert {q.kind for q in plain.questions} == {"value"}
    assert "window (" not in plain.answer_key()
    assert "  C  returns 9" in plain.answer_key()
    assert "Bounds:" not in plain.answer_key() and "fail-soft" not in plain.to_markdown()
    with pytest.raises(InputError, match="unknown algorithm"):
        exercise(2, 2, seed=3, algorithm="mtdf")


@pytest.mark.slow
@given(st.integers(0, 10**6), st.integers(1, 3), st.integers(2, 3))
def test_exercises_are_reproducible_and_self_consistent(seed: int, depth: int, branching: int) -> None:
    a, b = exercise(depth, branching, seed), exercise(depth, branching, seed)
    assert a.answer_key() == b.answer_key()
    assert a.trace.value == negaviz.search(a.tree, algorithm="negamax").value
    for q in a.questions:
        assert q.check(q.answer_text()).correct


# --- values that are only bounds: fail-soft and fail-hard answers both right ------------------
def test_a_bound_accepts_what_a_search_returns_and_nothing_between(textbook: negaviz.Trace) -> None:
    """Fail-soft's bound and fail-hard's are both right (the lecture notes accept either);
    a value between them is no search's answer (issue 47)."""
    c = by_label(textbook, questions(textbook))["value", "C"]  # failed high: −3 ≥ β = −5
    assert c.answer == -3 and c.accepted == (-5, -3)
    for answer in (-5, "−5", -3, "-3"):
        assert c.check(answer).correct, answer
    for answer in (-6, "−4", -3.5, -2, 3, "-inf"):
        assert not c.check(answer).correct, answer
    assert c.check(-5).message.endswith("A fail-hard search returns β = −5 instead: both are right, and nothing "
                                        "between them.")
    assert by_label(textbook, questions(textbook))["value", "B"].accepted is None  # exact
    minimax = by_label(textbook, questions(textbook, perspective="minimax"))["value", "C"]
    assert (minimax.answer, minimax.accepted) == (3, (3, 5))
    assert minimax.check(5).correct and not minimax.check(4).correct and not minimax.check(6).correct
    assert "A fail-hard search returns α = 5 instead" in minimax.explanation


def test_a_course_that_teaches_fail_soft_accepts_fail_softs_bound_alone(textbook: negaviz.Trace) -> None:
    from negaviz.conventions import use

    use("aima")
    try:
        c = by_label(textbook, questions(textbook))["value", "C"]
        assert c.accepted is None and c.check(-3).correct and not c.check(-5).correct
        assert c.explanation.endswith("(A fail-hard search would return β = −5; this course's alpha-beta is fail-soft.)")
    finally:
        use(None)


def test_a_fail_hard_trace_says_so_and_wants_the_edge() -> None:
    trace = negaviz.record(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta", fail_hard=True)
    c = by_label(trace, questions(trace))["value", "C"]
    assert c.answer == -5 and c.accepted is None
    assert c.prompt == "What does C return? (Fail-hard: values are clamped into the window.)"
    assert c.check(-5).correct and not c.check(-3).correct


@given(st.integers(0, 10**6), st.integers(2, 3), st.integers(2, 3))
def test_every_accepted_value_is_a_valid_bound(seed: int, depth: int, branching: int) -> None:
    tree = random_tree(depth, branching, seed=seed)
    trace = negaviz.record(tree, algorithm="alphabeta")
    for q in questions(trace, kinds=("value",)):
        n = trace.nodes[q.node]
        if q.accepted is None:
            continue
        true = negaviz.search(tree, trace.position(n.id), algorithm="negamax").value
        lo, hi = q.accepted
        if n.bound == Bound.LOWER:  # any value in [beta, true] is a valid lower bound
            assert n.beta <= lo <= hi <= true
        else:
            assert true <= lo <= hi <= n.alpha


@pytest.mark.parametrize("seed", ["abc", 1.5, True, None, "7"])
def test_a_seed_is_a_whole_number_and_none_is_refused(seed: Any) -> None:
    """Issue 29: 'abc', 1.5 and True were taken as seeds, and None gave another
    exercise (and answer key) on every run."""
    with pytest.raises(InputError, match=r"^seed must be a whole number \(the same seed gives the same result"):
        exercise(2, 2, seed)
    with pytest.raises(InputError, match=r"^seed must be a whole number"):
        random_tree(2, 2, seed=seed)
    assert exercise(3, 3, 7).trace.value == exercise(3, 3, 7).trace.value  # a seed: the same every time


def test_steps_must_be_steps_of_the_trace() -> None:
    """Issue 29: steps=[999] and [-1] returned [] in silence; '1-3' and a tree were tracebacks."""
    tree = Tree.parse("[[7,5],[3,1,9]]")
    trace = negaviz.record(tree, algorithm="alphabeta")
    n = len(trace)
    for steps in ([999], [-1], [3, n + 1], [2.0]):
        with pytest.raises(InputError, match=rf"^steps holds .*, which is outside 0\.\.{n} \(the trace has {n} events\)$"):
            questions(trace, steps=steps)
    with pytest.raises(InputError, match=r"^steps must be step numbers, e\.g\. \[3, 7\] or range\(10\), not '1-3'$"):
        questions(trace, steps="1-3")
    with pytest.raises(InputError, match=r"^trace: needs a negaviz Trace .*record one: negaviz\.record\(tree\)"):
        questions(tree)  # type: ignore[arg-type]
    assert questions(trace, steps=range(n + 1)) == questions(trace, steps=[n, *range(n)])
    assert questions(trace, steps=[n]) == []  # a real step where nothing is open: empty, and said so by no error
