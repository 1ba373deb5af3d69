"""Practice can ask which move the root plays (``kinds=["move"]``): the children whose
exact value is the root's, as the course's conventions choose among ties (the first, as
``max()`` takes it, or any); a child that shows the best value only as a bound (fail-hard
returns the window's edge there) is the classic trap, and the explanation names it.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negaviz import Tree, record
from negaviz.conventions import use
from negaviz.quiz.questions import questions

TRAP = "A(B(D:5 E:6) C(F:3 G:9))"
"""B is worth 5 to A; C fails low at F, and a fail-hard C returns the window's edge: 5 too."""
TWO = "A(B(D:5 E:6) C(F:3 G:9) H:5)"
"""B and H are both worth exactly 5."""


@pytest.fixture(autouse=True)
def course(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with no conventions set (the lecture notes': any move of best value)."""
    monkeypatch.delenv("NEGAVIZ_CONVENTIONS", raising=False)
    use(None)
    yield
    use(None)


def move_question(text: str, **options: Any) -> Any:
    trace = record(Tree.parse(text), algorithm="alphabeta", **options)
    (q,) = questions(trace, kinds=["move"], perspective=options.pop("perspective", "negamax"))
    return q


def test_the_tie_trap_of_fail_hard_bounds() -> None:
    q = move_question(TRAP, fail_hard=True)
    assert (q.prompt, q.answer, q.answer_text()) == ("Which move does A play?", ("B",), "B")
    assert q.check("B").correct and not q.check("C").correct and not q.check("B, C").correct
    said = str(q.check("C"))
    assert "C also shows 5, but only as a bound (at most that: a fail-hard search returns the window's edge there)" in said
    assert "a loop that keeps a move whose value is ≥ the best so far plays C" in said
    soft = move_question(TRAP)  # fail-soft returns C's own bound, 3: no tie, no trap
    assert soft.answer == ("B",) and "bound" not in soft.explanation


def test_ties_follow_the_courses_root_rule() -> None:
    use("notes")  # any move of best value
    q = move_question(TWO, fail_hard=True)
    assert q.answer == ("B", "H") and q.check("H").correct and q.answer_text() == "B or H"
    assert "this course accepts any of them" in q.explanation and "plays C" not in q.explanation
    use("aima")  # the first, as max() takes it
    q = move_question(TWO, fail_hard=True)
    assert q.answer == ("B",) and not q.check("H").correct
    assert "this course plays the first of them, as max() takes it" in q.explanation


def test_the_move_is_asked_only_when_chosen() -> None:
    trace = record(Tree.parse(TRAP), algorithm="alphabeta")
    assert all(q.kind != "move" for q in questions(trace))
    assert [q.kind for q in questions(trace, kinds=["move"])] == ["move"]


trees = st.recursive(st.integers(-4, 4), lambda kids: st.lists(kids, min_size=2, max_size=3), max_leaves=14).filter(
    lambda t: isinstance(t, list))


@settings(max_examples=100)
@given(trees, st.booleans(), st.sampled_from(["notes", "aima"]))
def test_the_search_plays_an_accepted_move_and_the_trap_is_never_accepted(nested: Any, hard: bool, preset: str) -> None:
    use(preset)
    trace = record(Tree.from_lists(nested), algorithm="alphabeta", fail_hard=hard)
    (q,) = questions(trace, kinds=["move"])
    played = trace.label(trace.pv()[1])
    assert q.answer[0] == played  # the first of best value is the search's own move
    for c in trace.nodes[0].children:
        if trace.nodes[c].bound.name != "EXACT":
            assert not q.check(trace.label(c)).correct
