"""Trees where a side moves twice in a row (``@max``/``@min`` marks: CS188's MAX layer and
one MIN layer per ghost, a pass, an extra move): every search that accepts them gives
the value of an independent minimax written here with MAX and MIN, reading only
``player()``; alpha-beta visits no more nodes than negamax; traces validate and
round-trip byte for byte; the text round-trips; the searches that cannot honour the
marks refuse them in one line.
"""

from __future__ import annotations

import itertools
import math
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negaviz import Tree, prove, record, search
from negaviz.search.mcts import mcts
from negaviz.errors import InputError, TraceFormatError
from negaviz.trace import dumps, loads

INF = math.inf
leaf_values = st.integers(-9, 9)


@st.composite
def marked_trees(draw: Any, inner_values: bool = False) -> Tree:
    """A labelled tree, each node below the root marked MAX, MIN or not at all, written as
    text (so that the marks are read as a user writes them)."""
    shape = draw(
        st.recursive(
            st.tuples(leaf_values, st.just([])),
            lambda kids: st.tuples(leaf_values, st.lists(kids, min_size=1, max_size=3)),
            max_leaves=18,
        )
    )
    names = itertools.count()
    marks = st.sampled_from(["", "", "@max", "@min", "▲", "▼", "@MAX"])

    def text(node: tuple[int, list[Any]], root: bool) -> str:
        value, kids = node
        head = f"N{next(names)}" + ("" if root else draw(marks))
        if kids and not inner_values:
            return head + "(" + " ".join(text(k, False) for k in kids) + ")"
        return head + f":{value}" + ("(" + " ".join(text(k, False) for k in kids) + ")" if kids else "")

    return Tree.parse(text(shape, True))


def minimax(tree: Tree, node: int, depth: int = 1 << 30) -> float:
    """The value for MAX (the root's player) by MAX and MIN, reading whose turn it is from
    ``player()`` and nothing else: leaf values are MAX's as written."""
    kids = tree.children[node]
    if not kids or depth == 0:
        raw = tree.values[node]
        assert raw is not None
        return raw
    values = [minimax(tree, c, depth - 1) for c in kids]
    return max(values) if tree.player(node) == 0 else min(values)


SEARCHES = [
    {"algorithm": "negamax"},
    {"algorithm": "minimax"},
    {"algorithm": "alphabeta"},
    {"algorithm": "alphabeta", "fail_hard": True},
    {"algorithm": "alphabeta", "cut": ">"},
    {"algorithm": "alphabeta", "tt": True},
    {"algorithm": "alphabeta", "fail_hard": True, "tt": True, "tt_size": 2},
    {"algorithm": "pvs"},
    {"algorithm": "pvs", "tt": True},
    {"algorithm": "mtdf"},
]


@pytest.mark.slow
@settings(max_examples=150)
@given(marked_trees())
def test_every_search_that_accepts_marks_equals_an_independent_minimax(tree: Tree) -> None:
    truth = minimax(tree, 0)
    for options in SEARCHES:
        result = search(tree, **options)
        assert result.value == truth, (tree.text(), options)


@pytest.mark.slow
@settings(max_examples=100)
@given(marked_trees(), st.integers(-10, 10), st.sampled_from([0.5, 1, 3, INF]), st.booleans())
def test_alphabeta_from_any_window_is_right_or_a_true_bound(tree: Tree, lo: int, width: float, fail_hard: bool) -> None:
    truth = minimax(tree, 0)
    window = (lo, lo + width)
    v = search(tree, algorithm="alphabeta", window=window, fail_hard=fail_hard).value
    assert v is not None
    if lo < truth < lo + width:
        assert v == truth
    elif truth <= lo:
        assert v <= lo and v >= truth
    else:
        assert v >= lo + width and v <= truth


@pytest.mark.slow
@settings(max_examples=80)
@given(marked_trees(inner_values=True), st.integers(1, 4))
def test_depth_limited_searches_equal_a_depth_limited_minimax(tree: Tree, depth: int) -> None:
    truth = minimax(tree, 0, depth)
    for options in ({"algorithm": "alphabeta"}, {"algorithm": "negamax"}, {"algorithm": "pvs"},
                    {"algorithm": "alphabeta", "order": "heuristic"}, {"algorithm": "pvs", "order": "heuristic", "tt": True}):
        assert search(tree, depth=depth, **options).value == truth, (tree.text(), options)
    assert search(tree, algorithm="id", depth=depth).value == truth, tree.text()


@pytest.mark.slow
@settings(max_examples=100)
@given(marked_trees())
def test_alphabeta_visits_no_more_nodes_than_negamax(tree: Tree) -> None:
    full = search(tree, algorithm="negamax").nodes
    for options in SEARCHES[2:5]:
        assert search(tree, **options).nodes <= full, (tree.text(), options)


@pytest.mark.slow
@settings(max_examples=100)
@given(marked_trees(), st.sampled_from(SEARCHES))
def test_traces_know_each_side_validate_and_round_trip_byte_for_byte(tree: Tree, options: dict[str, Any]) -> None:
    trace = record(tree, **options)
    for node in trace.nodes:
        assert trace.side(node.id) == tree.player(trace.position(node.id))
    text = dumps(trace)
    again = loads(text)  # validated as it loads: each return checked against the side that made it
    assert dumps(again) == text
    assert [again.side(n.id) for n in again.nodes] == [trace.side(n.id) for n in trace.nodes]


@settings(max_examples=100)
@given(marked_trees())
def test_the_text_round_trips(tree: Tree) -> None:
    again = Tree.parse(tree.text())
    assert again.text() == tree.text()
    assert [again.player(n) for n in range(len(again.labels))] == [tree.player(n) for n in range(len(tree.labels))]
    assert Tree.parse(tree.spec()["tree"]).text() == tree.text()  # type: ignore[arg-type]


CS188 = "A(B@min(D@min(H:3 I:12) E@min(J:8 K:2)) C@min(F@min(L:4 M:6) G@min(N:14 O:5)))"
"""CS188's shape: MAX at the root, then two MIN layers (two ghosts), then the leaves."""


def test_a_cs188_tree_with_two_min_layers() -> None:
    tree = Tree.parse(CS188)
    assert not tree.alternates
    assert [tree.player(n) for n in range(len(tree.labels)) if tree.children[n]] == [0, 1, 1, 1, 1, 1, 1]
    assert search(tree, algorithm="alphabeta").value == max(min(3, 2), min(4, 5)) == 4
    # Read alternately, the second MIN layer would be MAX's: the value would differ.
    plain = Tree.parse(CS188.replace("@min", ""))
    assert search(plain, algorithm="alphabeta").value == max(min(12, 8), min(6, 14)) == 8


def test_unmarked_trees_print_as_before_and_redundant_marks_are_kept() -> None:
    assert Tree.parse("A(B(D:7 E:5) C:3)").text() == "A(B(D:7 E:5) C:3)"
    assert Tree.parse("A(B(D:7 E:5) C:3)").alternates
    tree = Tree.parse("A@max(B▼(D:7 E:5) C:3)")
    assert tree.text() == "A@max(B@min(D:7 E:5) C:3)"
    assert tree.alternates  # the marks say what alternation says
    assert Tree.parse(tree.text()).text() == tree.text()


BAD = {
    "A@min(B:1)": "root A is marked MIN",
    "A(B@foo:1)": "node B's mark is @max or @min",
    "A(B@:1)": "node B's mark is @max or @min",
    "A(C?@max(D:1 E:2))": "chance node C is marked MAX",
    "A(C@max?(D:1 E:2))": "chance node C is marked MAX",
    "A(B:1 B@min)": "node name 'B' is used twice",
    "A(B(D@min:1) C?(D E:2))": "node D is marked, in a tree with chance nodes",
    "A(B(D:1) C@max(D))": "node D is reached from nodes where it would be MAX's turn and MIN's",
}


@pytest.mark.parametrize("text", BAD, ids=BAD.values())
def test_bad_marks_are_refused_in_one_line_naming_the_node(text: str) -> None:
    with pytest.raises(InputError) as caught:
        Tree.parse(text)
    message = str(caught.value)
    assert BAD[text] in message and "\n" not in message


def test_bad_marks_given_as_data_are_refused() -> None:
    for marks, said in (([None, 2], "node B's mark must be 0 (MAX, @max), 1 (MIN, @min) or None, not 2"),
                        ([None, True], "node B's mark must be"), ([None], "marks must give each node")):
        with pytest.raises(InputError, match="^" + said.replace("(", r"\(").replace(")", r"\)")):
            Tree(["A", "B"], [[1], []], [None, 1], marks=marks)


@pytest.mark.parametrize("run", [
    lambda t: mcts(t, iterations=10, seed=0),
    lambda t: prove(t),
    lambda t: search(t, algorithm="expectimax"),
], ids=["mcts", "prove", "expectimax"])
def test_searches_that_assume_alternation_refuse_marked_trees_in_one_line(run: Any) -> None:
    with pytest.raises(InputError, match="has a side moving twice in a row") as caught:
        run(Tree.parse(CS188))
    assert "\n" not in str(caught.value)


class ExtraMove:
    """Sticks: take 1 and the turn passes; take 2 and the same player moves again. The
    player who takes the last stick wins. No spec(): a saved trace carries its sides."""

    alternates = False
    root = (5, 0, -1)  # sticks left, player to move, who took last

    def moves(self, pos: tuple[int, int, int]) -> list[int]:
        return [t for t in (1, 2) if t <= pos[0]]

    def play(self, pos: tuple[int, int, int], take: int) -> tuple[int, int, int]:
        sticks, mover, _ = pos
        return (sticks - take, mover if take == 2 else 1 - mover, mover)

    def is_terminal(self, pos: tuple[int, int, int]) -> bool:
        return pos[0] == 0

    def score(self, pos: tuple[int, int, int]) -> int:
        return 1 if pos[2] == pos[1] else -1

    def player(self, pos: tuple[int, int, int]) -> int:
        return pos[1]


def first_players_value(game: ExtraMove, pos: tuple[int, int, int]) -> int:
    """Minimax for player 0, reading player() and nothing else."""
    if game.is_terminal(pos):
        return game.score(pos) if game.player(pos) == 0 else -game.score(pos)
    values = [first_players_value(game, game.play(pos, m)) for m in game.moves(pos)]
    return max(values) if game.player(pos) == 0 else min(values)


@pytest.mark.parametrize("sticks", range(1, 8))
def test_a_game_with_extra_moves_is_searched_saved_and_loaded_with_its_sides(sticks: int) -> None:
    game = ExtraMove()
    root = (sticks, 0, -1)
    truth = first_players_value(game, root)
    for options in SEARCHES[:8]:
        assert search(game, root, **options).value == truth, options
    trace = record(game, root, algorithm="alphabeta")
    text = dumps(trace)
    again = loads(text)  # no game in the file: the sides come from its "kept"
    assert again.game is None and dumps(again) == text
    assert [again.side(n.id) for n in again.nodes] == [game.player(trace.position(n.id)) for n in trace.nodes]
    if '"kept"' in text:
        tampered = re.sub(r'"kept":\[(\d+)', lambda m: f'"kept":[{int(m.group(1)) + 1}', text)
        with pytest.raises(TraceFormatError):
            loads(tampered)


def test_plain_traces_have_no_kept_field() -> None:
    assert '"kept"' not in dumps(record(Tree.parse("A(B(D:1 E:2) C:3)"), algorithm="alphabeta"))
    assert '"kept":[2,3]' in dumps(record(Tree.parse("A(B@min(D@min:1 E@min:2) C:3)"), algorithm="alphabeta"))


def test_a_tree_orders_moves_best_first_for_the_side_to_move_whoever_moves_next() -> None:
    tree = Tree.parse("A(B:1(D:1) C@max:5(E:5) F:3(G:3))")  # C: MAX moves again; B and F: MIN's
    assert [tree.label(m) for m in tree.order(0, tree.moves(0))] == ["C", "F", "B"]
    low = Tree.parse("A(B@min:1(D@min:4(H:4) E@max:2(I:2)))")  # at B, MIN wants the lowest first
    assert [low.label(m) for m in low.order(1, low.moves(1))] == ["E", "D"]
