"""Tests of negaviz.games.tree: both written forms, DAG sharing, values, errors."""

from __future__ import annotations

import math
import re
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import negaviz
from negaviz import InputError, Tree, search
from negaviz.games import from_spec, make_game

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


def shape(tree: Tree, node: int = 0) -> object:
    """The tree as nested (label, value, children), independent of node numbering."""
    kids = tree.children[node]
    return (tree.labels[node], tree.values[node], tuple(shape(tree, c) for c in kids))


# ------------------------------------------------------------------ nested lists
def by_label(tree: Tree) -> dict[str, tuple[object, list[str]]]:
    """Each node's value and children, by label: independent of node numbering."""
    return {tree.labels[n]: (tree.values[n], [tree.labels[c] for c in tree.children[n]]) for n in range(len(tree.labels))}


def test_nested_lists_are_named_breadth_first_from_a() -> None:
    tree = Tree.parse("[[7,5],[3,1,9]]")
    assert tree.labels[tree.root] == "A"
    assert by_label(tree) == {
        "A": (None, ["B", "C"]),
        "B": (None, ["D", "E"]),
        "C": (None, ["F", "G", "H"]),
        "D": (7, []), "E": (5, []), "F": (3, []), "G": (1, []), "H": (9, []),
    }
    assert tree.text() == TEXTBOOK


def test_breadth_first_names_continue_like_spreadsheet_columns() -> None:
    tree = Tree.parse(str(list(range(30))))
    names = [tree.labels[c] for c in tree.moves(tree.root)]
    assert names[:2] == ["B", "C"]
    assert names[24:29] == ["Z", "AA", "AB", "AC", "AD"]
    assert tree.score(tree.moves(tree.root)[25]) == -25  # AA holds the 26th value


def test_breadth_first_naming_goes_level_by_level_not_depth_first() -> None:
    tree = Tree.parse("[[[1, 2]], 3, [4]]")
    # Level 1: B=[[1,2]], C=3, D=[4]; level 2: E=[1,2], F=4; level 3: G=1, H=2.
    assert tree.text() == "A(B(E(G:1 H:2)) C:3 D(F:4))"


def test_nested_lists_accept_floats_tuples_and_signs() -> None:
    tree = Tree.parse("[(-1.5, +2), 3e0]")
    assert tree.text() == "A(B(D:-1.5 E:2) C:3)"
    assert Tree.from_lists([[1, 2], 3]).text() == "A(B(D:1 E:2) C:3)"


def test_a_bare_number_is_a_one_node_tree() -> None:
    tree = Tree.from_lists(4)
    assert tree.labels == ("A",) and tree.is_terminal(0) and tree.score(0) == 4


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[]", "empty list"),
        ("[[7,5],[]]", "empty list"),
        ("[[7,5],[3,1,9]", "malformed tree"),
        ("[1, 'x']", "'x' is neither a number nor a list"),
        ("[1, None]", "None is neither"),
        ("[True, 2]", "True is neither"),
        ("[{1: 2}]", "neither a number nor a list"),
        ("[1e999]", "must be a finite number"),
        ("[-1e999, 2]", "must be a finite number"),
        ("[1, 2] junk", "not a nested list of numbers"),
        ("[1+2]", "not a nested list of numbers"),
        ("   ", "empty tree"),
        ("", "empty tree"),
    ],
)
def test_bad_nested_lists_raise_input_error_naming_the_problem(text: str, words: str) -> None:
    with pytest.raises(InputError) as info:
        Tree.parse(text)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_from_lists_rejects_nan_leaves() -> None:
    with pytest.raises(InputError, match="finite"):
        Tree.from_lists([1.0, math.nan])


# ------------------------------------------------------------------ labelled form
def test_labelled_form_gives_the_textbook_tree() -> None:
    tree = Tree.parse(TEXTBOOK)
    assert shape(tree) == shape(Tree.parse("[[7,5],[3,1,9]]"))
    assert tree.text() == TEXTBOOK
    assert by_label(tree) == by_label(Tree.parse("[[7,5],[3,1,9]]"))


def test_labelled_form_allows_commas_newlines_and_floats() -> None:
    tree = Tree.parse("A( B:1.5 ,\n  C(D:-2e1, E:.5) )")
    assert tree.text() == "A(B:1.5 C(D:-20 E:0.5))"
    assert tree.values[tree.labels.index("D")] == -20.0


def test_inner_nodes_may_carry_heuristic_values() -> None:
    tree = Tree.parse("A:0(B:4(D:7 E:5) C:-2(F:3))")
    b, c = tree.moves(tree.root)
    assert tree.evaluate(b) == -4  # B is at odd depth: values are negated for its side
    assert tree.evaluate(c) == 2
    assert tree.evaluate(tree.root) == 0
    assert tree.text() == "A:0(B:4(D:7 E:5) C:-2(F:3))"


def test_evaluating_an_inner_node_without_a_value_names_it() -> None:
    tree = Tree.parse(TEXTBOOK)
    with pytest.raises(InputError, match=r"node B has no heuristic value .* B:VALUE"):
        tree.evaluate(tree.moves(tree.root)[0])


def test_repeating_a_bare_name_shares_the_node() -> None:
    tree = Tree.parse("A(B(D(F:1 G:2) E:3) C(D H:4))")
    b, c = tree.moves(tree.root)
    assert tree.moves(b)[0] == tree.moves(c)[0]  # one node D, two parents
    assert len(tree.labels) == 8  # A B C D E F G H, D counted once
    assert tree.text() == "A(B(D(F:1 G:2) E:3) C(D H:4))"
    # By hand: D is at even depth, so D = max(1, 2) = 2 for the root player;
    # B = min(D, E) = 2, C = min(D, H) = 2, A = max(B, C) = 2.
    assert search(tree, algorithm="negamax").value == 2


def test_a_shared_leaf_keeps_its_value() -> None:
    tree = Tree.parse("A(B(D:5 E:9) C(D F:8))")
    assert search(tree, algorithm="negamax").value == 5


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("A(B:1 C:2", "missing ')' to close A"),
        ("A(B:1 C:2))", "unexpected ')' after the root's closing"),
        ("A(B C:2)", "leaf B needs a value, e.g. B:3"),
        ("A()", "node A has '()' but no children"),
        ("A(B:)", "expected a number after 'B:'"),
        ("A(B:x)", "expected a number after 'B:', found 'x'"),
        ("A(B:1 B:2)", "node name 'B' is used twice"),
        ("A(B(C:1) D(B(E:1)))", "node name 'B' is used twice"),
        ("A(B(D:1) C(B))", "node B is reached at both odd and even depth"),
        ("A(B:1 $)", "expected a node name, found '$'"),
        ("5", "expected a node name, found '5'"),
        ("A(", "missing ')' to close A"),
        ("A(B(", "missing ')' to close B"),
        ("A:1 B", "unexpected 'B' after the root's closing"),
    ],
)
def test_bad_labelled_trees_raise_input_error_naming_the_problem(text: str, words: str) -> None:
    with pytest.raises(InputError) as info:
        Tree.parse(text)
    assert words in str(info.value)
    assert str(info.value).startswith("malformed tree") or "odd and even" in str(info.value)


def test_labelled_errors_say_where() -> None:
    with pytest.raises(InputError, match="at character 9: expected a number after 'B:', found 'y'"):
        Tree.parse("A(C:1 B:y)")
    with pytest.raises(InputError, match="at character 6: missing '\\)' to close A"):
        Tree.parse("A(B:1")


# ------------------------------------------------------------------ values
def test_leaf_values_are_from_the_root_players_view_and_negated_at_odd_depth() -> None:
    tree = Tree.parse("A(B:4 C(D:6 E(F:-3)))")
    by_label = {tree.labels[n]: n for n in range(len(tree.labels))}
    assert tree.score(by_label["B"]) == -4  # depth 1: the opponent moves there
    assert tree.score(by_label["D"]) == 6  # depth 2
    assert tree.score(by_label["F"]) == 3  # depth 3
    assert [tree.player(by_label[x]) for x in "ABCDEF"] == [0, 1, 1, 0, 0, 1]
    assert [tree.depth(by_label[x]) for x in "ABCDEF"] == [0, 1, 1, 2, 2, 3]


def test_textbook_values_are_minimax_values() -> None:
    # Root (max) = max(min(7,5), min(3,1,9)) = 5.
    result = search(Tree.parse(TEXTBOOK), algorithm="minimax")
    assert result.value == 5 and result.minimax_value == 5


def test_max_score_bounds_every_value() -> None:
    assert Tree.parse("A:-12(B:4 C:-7)").max_score == 12
    assert Tree.parse("[[7,5],[3,-11,9]]").max_score == 11


def test_game_verbs() -> None:
    tree = Tree.parse(TEXTBOOK)
    b, c = tree.moves(0)
    assert tree.play(0, c) == c and tree.label(c) == "C"
    assert tree.move_name(0, b) == "B"
    assert not tree.is_terminal(0) and tree.is_terminal(tree.moves(b)[0])
    assert tree.key(c) == c
    assert tree.parse_move(0, "C") == c
    with pytest.raises(InputError, match=r"'D' is not a child of A \(children: B, C\)"):
        tree.parse_move(0, "D")
    with pytest.raises(InputError, match="none: it is a leaf"):
        tree.parse_move(tree.moves(b)[0], "X")
    assert isinstance(tree, negaviz.Game)


def test_preorder_lists_each_node_once_in_tree_order() -> None:
    tree = Tree.parse("A(B(D(F:1 G:2) E:3) C(D H:4))")
    assert [tree.labels[n] for n in tree.preorder()] == ["A", "B", "D", "F", "G", "E", "C", "H"]


# ------------------------------------------------------------------ the constructor
def test_constructor_builds_dags() -> None:
    tree = Tree(["R", "X", "Y", "S"], [[1, 2], [3], [3], []], [None, None, None, 2])
    assert tree.text() == "R(X(S:2) Y(S))"
    assert search(tree, algorithm="negamax").value == 2


@pytest.mark.parametrize(
    ("labels", "children", "values", "words"),
    [
        ([], [], [], "at least one node"),
        (["A", "B"], [[1]], [None, 1], "one label, child list and value per node"),
        (["A", "B"], [[2], []], [None, 1], "child number 2 outside the tree"),
        (["A", "B", "C"], [[1], [], []], [None, 1, 2], "reachable from the root"),
        (["A", "B"], [[1], []], [None, None], "leaf B has no value"),
        (["A", "B", "C"], [[1, 2], [2], []], [None, None, 1], "both odd and even depth"),
    ],
)
def test_constructor_errors_name_the_problem(labels: list[str], children: list[list[int]], values: list[int | None], words: str) -> None:
    with pytest.raises(InputError, match=words):
        Tree(labels, children, values)


def test_a_cycle_back_to_an_ancestor_is_rejected() -> None:
    # A -> B -> A keeps the parity check happy (A at depth 0 and 2) but is not a tree:
    # search would recurse forever.
    with pytest.raises(InputError, match="the tree has a cycle through node A"):
        Tree.parse("A(B(A C:1))")
    with pytest.raises(InputError, match="cycle"):
        Tree(["A", "B", "C"], [[1], [0, 2], []], [None, None, 1])


def test_a_transposition_may_skip_two_levels() -> None:
    tree = Tree.parse("A(B(D:1) C(E(B)))")  # B at depths 1 and 3: the same side to move
    assert tree.depth(tree.labels.index("B")) == 1
    assert search(tree, algorithm="negamax").value == 1


def test_labelled_form_rejects_infinite_values_like_the_list_form() -> None:
    # Accepting them would make text() write 'inf', which does not parse back.
    with pytest.raises(InputError, match="at character 5: the value of B must be a finite number"):
        Tree.parse("A(B:1e999 C:1)")
    with pytest.raises(InputError, match="must be a finite number"):
        Tree.parse("A(B:-1e400 C:1)")


# ------------------------------------------------------------------ specs and make_game
def test_spec_rebuilds_the_tree() -> None:
    tree = Tree.parse("A:1(B(D:7 E:5) C(D F:-2.5))")
    again = from_spec(tree.spec())
    assert tree.spec() == {"game": "tree", "tree": tree.text()}
    assert again.text() == tree.text()


def test_make_game_errors() -> None:
    with pytest.raises(InputError, match=r"unknown game 'chess' \(name must be one of \['tree', 'ttt', 'othello', 'connect4', 'dice'\]\)"):
        make_game("chess")
    with pytest.raises(InputError, match="game 'tree' needs the tree"):
        make_game("tree")
    with pytest.raises(InputError, match="--size applies to othello only"):
        make_game("tree", "[1]", size=4)
    with pytest.raises(InputError, match="must be an object with a 'game' field"):
        from_spec(["tree"])


# ------------------------------------------------------------------ round trip and fuzzing
values = st.integers(-20, 20) | st.floats(-100, 100, allow_nan=False).map(lambda x: round(x, 2))
nested = st.lists(
    st.recursive(values, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=25), min_size=1, max_size=4
)


@pytest.mark.slow
@settings(max_examples=150)
@given(nested)
def test_text_round_trips_through_the_labelled_form(tree_lists: object) -> None:
    tree = Tree.from_lists(tree_lists)
    again = Tree.parse(tree.text())
    assert again.text() == tree.text()
    assert shape(again) == shape(tree)
    assert (again.labels, again.children) == (tree.labels, tree.children)  # node numbers survive
    assert Tree.parse(str(tree_lists)).text() == tree.text()


TREE_ALPHABET = "ABCDEFab_xZ()[]:,.-+e0123456789 \n"
tokens = st.sampled_from(["A", "B", "C", "D", "(", ")", "[", "]", ":", ",", " ", "-", "1", "2.5", "7", "e", "x", "'", "None", "True"])


@pytest.mark.slow
@settings(max_examples=400)
@given(st.text(TREE_ALPHABET, max_size=40) | st.lists(tokens, max_size=25).map("".join) | st.text(max_size=20))
def test_parsing_any_text_gives_a_tree_or_input_error(text: str) -> None:
    try:
        tree = Tree.parse(text)
    except InputError as exc:
        assert str(exc)  # every error says something
        return
    assert len(tree.labels) == len(tree.children) == len(tree.values) >= 1


def test_deeply_nested_labelled_text_gives_input_error() -> None:
    text = "A" + "".join(f"(N{i}" for i in range(3000)) + ":1" + ")" * 3000
    with pytest.raises(InputError, match="more than 200 levels deep"):
        Tree.parse(text)
    deepest = "A" + "".join(f"(N{i}" for i in range(200)) + ":1" + ")" * 200
    assert len(Tree.parse(deepest).labels) == 201
    with pytest.raises(InputError, match="more than 200 levels deep"):
        Tree([f"N{i}" for i in range(202)], [[i + 1] for i in range(201)] + [[]], [None] * 201 + [1])


def test_a_huge_integer_leaf_gives_input_error() -> None:
    for text in ("A(B:1" + "0" * 5000 + ")", "[1" + "0" * 5000 + "]"):  # one rule, one message, both forms
        with pytest.raises(InputError, match=r"'10{16}\.\.\.' is too long a number"):
            Tree.parse(text)


def test_pathological_nested_list_text_gives_input_error() -> None:
    with pytest.raises(InputError, match=r"malformed tree '\[-{36}\.\.\.'"):  # and the text is shortened
        Tree.parse("[" + "-" * 100000 + "1]")


# ------------------------------------------------------------------ one check for both ways in
@pytest.mark.parametrize(
    ("value", "words"),
    [
        (math.nan, "must be a finite number, not nan"),
        (math.inf, "must be a finite number, not inf"),
        (-math.inf, "must be a finite number, not -inf"),
        (10**400, "up to about 1.8e308"),
        (-(10**400), "up to about 1.8e308"),
        ("3", "must be a number (int or float)"),
        (True, "must be a number (int or float)"),
    ],
    ids=["nan", "inf", "-inf", "10**400", "-10**400", "str", "bool"],
)
def test_the_constructor_checks_values_as_the_parser_does(value: object, words: str) -> None:
    with pytest.raises(InputError, match=re.escape(words)):
        Tree(["A", "B", "C"], [[1, 2], [], []], [None, value, 1])  # type: ignore[list-item]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        with pytest.raises(InputError, match=re.escape(words)):
            Tree.from_lists([value, 1])
        if isinstance(value, int) or math.isfinite(value):  # nan and inf have no text form
            with pytest.raises(InputError, match=re.escape(words)):
                Tree.parse(f"A(B:{value} C:1)")


def test_the_largest_float_is_still_a_value() -> None:
    tree = Tree.parse(f"A(B:{sys.float_info.max!r} C:-1)")
    assert search(tree, algorithm="negamax").value == sys.float_info.max
    assert Tree.parse(tree.text()).values == tree.values
    assert Tree(["A", "B"], [[1], []], [None, 2**1000]).max_score == 2**1000


@pytest.mark.parametrize(
    ("labels", "words"),
    [
        (["A", "B", "B"], "node name 'B' is used twice"),
        (["A", "B", "A"], "node name 'A' is used twice"),
        (["A", "B C", "D"], "node name 'B C' is not allowed"),
        (["A", "1B", "D"], "node name '1B' is not allowed"),
        (["A", "", "D"], "node name '' is not allowed"),
        (["A", 7, "D"], "node name 7 is not allowed"),
    ],
)
def test_the_constructor_checks_names_as_the_parser_does(labels: list[object], words: str) -> None:
    # Such a tree would save, but its text would not parse back.
    with pytest.raises(InputError, match=re.escape(words)):
        Tree(labels, [[1, 2], [], []], [None, 1, 2])  # type: ignore[arg-type]


def test_every_tree_the_constructor_accepts_writes_text_that_parses_back() -> None:
    tree = Tree(["R", "x_1", "_y", "S"], [[1, 2], [3], [3], []], [None, 0.5, None, -3])
    again = Tree.parse(tree.text())
    assert (again.labels, again.children, again.values) == (tree.labels, tree.children, tree.values)


# ------------------------------------------------------------------ one number rule, both forms
@pytest.mark.parametrize("number, value", [
    ("7", 7), ("-7", -7), ("+7", 7), ("2.5", 2.5), ("-.5", -0.5), ("5.", 5.0), ("1e3", 1000.0), ("-1.5E-2", -0.015),
])
def test_both_forms_read_the_same_numbers(number: str, value: float) -> None:
    """The README's rule: an optional sign, ASCII digits with an optional fraction, an
    optional exponent; the nested-list form and the labelled form read each alike."""
    listed, labelled = Tree.parse(f"[{number}, 0]"), Tree.parse(f"A(B:{number} C:0)")
    assert listed.values == labelled.values and listed.values[1] == value


@pytest.mark.parametrize("number", ["\u0663", "1\u0663", "\u0661\u0660", "\uff17", "1_000", "0x10", "0b1", "1j", "- 5"])
def test_both_forms_refuse_the_same_numbers(number: str) -> None:
    """Issue 29: Arabic-Indic digits were read in B:٣ but refused in a list; Python's own
    forms (1_000, 0x10) were read in a list only."""
    for text in (f"[{number}, 0]", f"A(B:{number} C:0)"):
        with pytest.raises(InputError, match="is not a number negaviz reads|expected a number after") as info:
            Tree.parse(text)
        assert "0-9" in str(info.value) or number.startswith("- "), str(info.value)


@pytest.mark.parametrize("given, words", [
    (b"[[1,2]]", "not bytes"),
    (None, "not NoneType"),
    ({"A": 1}, "not dict"),
])
def test_parse_takes_text_or_nested_lists_only(given: Any, words: str) -> None:
    with pytest.raises(InputError, match=re.escape(
            f"text must be a tree written as text (a str) or nested lists of numbers, {words}")):
        Tree.parse(given)


def test_parse_takes_nested_python_lists_as_their_text_form() -> None:
    """Issue 30: notebook 11 promises that any nested list works; it raised before."""
    given = [[3, [1, 4]], [[1, 5], 9]]
    tree = Tree.parse(given)
    assert tree.text() == Tree.parse(repr(given)).text() == "A(B(D:3 E(H:1 I:4)) C(F(J:1 K:5) G:9))"
    assert tree.depth(tree.labels.index("H")) == 3 and tree.values[tree.labels.index("K")] == 5
    assert Tree.parse(((7, 5), (3, 1, 9))).text() == Tree.parse("[[7,5],[3,1,9]]").text()
    assert negaviz.search(tree, algorithm="alphabeta").value == negaviz.search(Tree.parse(repr(given))).value


@pytest.mark.parametrize("given, words", [
    ([], "an empty list is neither a leaf nor a node"),
    ([[1, "x"]], "'x' is neither a number nor a list"),
    ([1, float("nan")], "finite"),
])
def test_parse_refuses_bad_nested_lists_as_from_lists_does(given: Any, words: str) -> None:
    with pytest.raises(InputError, match=re.escape(words)):
        Tree.parse(given)
