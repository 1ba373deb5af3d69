"""Edits of a textbook tree (negaviz.games.edit): each gives the tree a lecturer means, or
one InputError line naming what was wrong; the result reads back from its own text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negaviz.errors import InputError
from negaviz.games.edit import add_child, move, parse_value, remove, set_value
from negaviz.games.tree import Tree

TEXTBOOK = Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")


@pytest.mark.parametrize("edit, text", [
    (lambda t: set_value(t, "E", "9"), "A(B(D:7 E:9) C(F:3 G:1 H:9))"),
    (lambda t: set_value(t, "E", " -2.5 "), "A(B(D:7 E:-2.5) C(F:3 G:1 H:9))"),
    (lambda t: set_value(t, "E", 4), "A(B(D:7 E:4) C(F:3 G:1 H:9))"),
    (lambda t: add_child(t, "B"), "A(B(D:7 E:5 I:0) C(F:3 G:1 H:9))"),
    (lambda t: add_child(t, "H"), "A(B(D:7 E:5) C(F:3 G:1 H(I:9)))"),
    (lambda t: remove(t, "B"), "A(C(F:3 G:1 H:9))"),
    (lambda t: remove(t, "G"), "A(B(D:7 E:5) C(F:3 H:9))"),
    (lambda t: move(t, "H", -1), "A(B(D:7 E:5) C(F:3 H:9 G:1))"),
    (lambda t: move(t, "B", 1), "A(C(F:3 G:1 H:9) B(D:7 E:5))"),
])
def test_each_edit_gives_the_tree_meant(edit: object, text: str) -> None:
    edited = edit(TEXTBOOK)  # type: ignore[operator]
    assert edited.text() == text
    assert Tree.parse(edited.text()).text() == text  # it reads back from its text
    assert TEXTBOOK.text() == "A(B(D:7 E:5) C(F:3 G:1 H:9))"  # the tree edited never changes


def test_a_new_child_takes_the_first_free_name() -> None:
    tree = add_child(add_child(TEXTBOOK, "D"), "D")
    assert tree.text() == "A(B(D(I:7 J:0) E:5) C(F:3 G:1 H:9))"


@pytest.mark.parametrize("edit, message", [
    (lambda t: set_value(t, "E", "six"), "E's value must be a number such as 7, -2 or 1.5, not 'six'"),
    (lambda t: set_value(t, "E", ""), "E's value must be a number"),
    (lambda t: set_value(t, "E", "1e999"), "the value of E must be a finite number"),
    (lambda t: set_value(t, "C", "4"), "C is not a leaf (its children: F G H): only a leaf's value can be typed"),
    (lambda t: set_value(t, "Z", "4"), "node name 'Z' is not in this tree"),
    (lambda t: remove(t, "A"), "A is the root: it has no parent"),
    (lambda t: remove(remove(t, "E"), "D"), "D is B's only child: removing it would leave B a leaf with no value"),
    (lambda t: move(t, "F", -1), "F is already first among C's children"),
    (lambda t: move(t, "H", 1), "H is already last among C's children"),
    (lambda t: move(t, "H", 2), "a node moves by -1 (left) or 1 (right), not 2"),
])
def test_bad_edits_are_refused_in_one_line(edit: object, message: str) -> None:
    with pytest.raises(InputError, match="^" + message.replace("(", r"\(").replace(")", r"\)")) as caught:
        edit(TEXTBOOK)  # type: ignore[operator]
    assert "\n" not in str(caught.value)


def test_a_value_typed_as_text_is_read_by_the_tree_number_rule() -> None:
    assert parse_value("E", "+3") == 3 and isinstance(parse_value("E", "3"), int)
    assert parse_value("E", "1.5e2") == 150.0
    for bad in ("0x10", "1_000", "٣", "nan", "inf", True):
        with pytest.raises(InputError):
            parse_value("E", bad)


def test_a_shared_node_is_edited_on_the_edge_from_its_first_parent() -> None:
    tree = Tree.parse("A(B(D:1 E:2) C(D F:3))")
    assert remove(tree, "D").text() == "A(B(E:2) C(D:1 F:3))"  # still reached from C
    assert move(tree, "D", 1).text() == "A(B(E:2 D:1) C(D F:3))"


@st.composite
def trees_and_edits(draw: st.DrawFn) -> tuple[Tree, list[tuple[str, str, int]]]:
    nested = draw(st.recursive(st.integers(-9, 9), lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=12))
    tree = Tree.from_lists(nested if isinstance(nested, list) else [nested])
    ops = draw(st.lists(st.tuples(st.sampled_from(["value", "add", "remove", "left", "right"]),
                                  st.integers(0, 40), st.integers(-9, 9)), max_size=8))
    return tree, [(op, tree.labels[i % len(tree.labels)], v) for op, i, v in ops]


@settings(max_examples=60, deadline=None)
@given(trees_and_edits())
def test_any_edit_gives_a_tree_or_one_refusal(case: tuple[Tree, list[tuple[str, str, int]]]) -> None:
    tree, ops = case
    for op, name, v in ops:
        if name not in tree.labels:
            continue
        before = tree.text()
        try:
            tree = {"value": lambda: set_value(tree, name, str(v)), "add": lambda: add_child(tree, name),
                    "remove": lambda: remove(tree, name), "left": lambda: move(tree, name, -1),
                    "right": lambda: move(tree, name, 1)}[op]()
        except InputError as e:
            assert "\n" not in str(e) and tree.text() == before
            continue
        assert Tree.parse(tree.text()).text() == tree.text()
        assert len(set(tree.labels)) == len(tree.labels)
