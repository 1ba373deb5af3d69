"""Exercise trees of a chosen difficulty: counted on the recorded trace, exactly; the
possible counts worked out per shape and checked against every small tree; impossible
requests refused in one line."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import negaviz
from negaviz import InputError, Tree
from negaviz.quiz import exercise, random_tree
from negaviz.quiz.difficulty import limits, possible
from negaviz.quiz.exercises import MAX_NODES
from negaviz.search.events import EventKind


def counted(tree: Tree, depth: int) -> tuple[int, int]:
    """(cutoffs, those at nodes two or more plies above the leaves), read off the
    CUTOFF events of the tree's recorded alpha-beta search."""
    trace = negaviz.record(tree, algorithm="alphabeta")
    cut_depths = [trace.nodes[e.node].depth for e in trace.events if e.kind == EventKind.CUTOFF]
    return len(cut_depths), sum(1 for d in cut_depths if d <= depth - 2)


def leaf_values(tree: Tree) -> list[float]:
    return [tree.values[n] for n in tree.preorder() if tree.is_terminal(n)]


def nest(values: list[int], depth: int, branching: int) -> Any:
    if depth == 0:
        return values[0]
    size = branching ** (depth - 1)
    return [nest(values[i * size:(i + 1) * size], depth - 1, branching) for i in range(branching)]


SHAPES = [(d, b) for d in range(1, 5) for b in range(1, 5) if sum(b**k for k in range(d + 1)) <= MAX_NODES]


@st.composite
def requests(draw: Any) -> tuple[int, int, int, int, int, bool | None]:
    """(depth, branching, seed, cutoffs, deep cutoffs, ties): a request some tree meets."""
    depth, branching = draw(st.sampled_from(SHAPES))
    table = possible(depth, branching)
    cutoffs = draw(st.sampled_from(sorted(table)))
    deep = draw(st.integers(0, table[cutoffs]))
    ties = draw(st.sampled_from([None, False, True] if depth and branching > 1 else [None, False]))
    return depth, branching, draw(st.integers(0, 10**9)), cutoffs, deep, ties


@settings(max_examples=150)
@given(requests())
def test_the_tree_meets_the_difficulty_exactly(request: tuple[int, int, int, int, int, bool | None]) -> None:
    depth, branching, seed, cutoffs, deep, ties = request
    tree = random_tree(depth, branching, seed=seed, cutoffs=cutoffs, deep_cutoffs=deep, ties=ties)
    got, got_deep = counted(tree, depth)
    assert got == cutoffs and got_deep >= deep
    assert {tree.depth(n) for n in tree.preorder() if tree.is_terminal(n)} == {depth}
    assert {len(tree.moves(n)) for n in tree.preorder() if not tree.is_terminal(n)} <= {branching}
    values = leaf_values(tree)
    if ties is False:
        assert len(set(values)) == len(values)
    if ties is True:
        assert len(set(values)) < len(values)
    assert random_tree(depth, branching, seed=seed, cutoffs=cutoffs, deep_cutoffs=deep, ties=ties).text() == tree.text()


def test_every_possible_count_is_met_at_its_most_deep() -> None:
    """The other half of the bound: each (cutoffs, most deep) in the table is reached."""
    for depth, branching in [(2, 3), (3, 2), (3, 3), (4, 2), (3, 4)]:
        for cutoffs, deep in possible(depth, branching).items():
            tree = random_tree(depth, branching, seed=cutoffs, cutoffs=cutoffs, deep_cutoffs=deep, ties=False)
            assert counted(tree, depth) == (cutoffs, deep)  # at least the most deep: exactly that


@pytest.mark.parametrize("depth, branching, values", [(2, 2, 3), (2, 3, 2), (3, 2, 3)])
def test_the_possible_counts_are_those_of_every_small_tree(depth: int, branching: int, values: int) -> None:
    """Every tree of the shape with leaf values from a small range (ties included): the
    (cutoffs, most deep) its searches make are the table's, no more and no fewer."""
    seen: dict[int, int] = {}
    for leaves in itertools.product(range(values), repeat=branching**depth):
        got, deep = counted(Tree.from_lists(nest(list(leaves), depth, branching)), depth)
        seen[got] = max(seen.get(got, -1), deep)
    assert seen == possible(depth, branching)


@settings(max_examples=150)
@given(st.sampled_from(SHAPES), st.data())
def test_no_tree_beats_the_bound(shape: tuple[int, int], data: Any) -> None:
    depth, branching = shape
    leaves = data.draw(st.lists(st.integers(-3, 3), min_size=branching**depth, max_size=branching**depth))
    got, deep = counted(Tree.from_lists(nest(leaves, depth, branching)), depth)
    table = possible(depth, branching)
    assert got in table and deep <= table[got]


def test_the_bound_in_numbers() -> None:
    # Worked by hand for the smallest shapes: depth 2 cuts only at the root's children
    # (each but the first can cut, after its first leaf: b - 1 cutoffs, none deep);
    # depth 3, branching 2: A's second child C may cut below its first child (deep), and
    # so may B's second child E or C's first child F: at most 2, and 1 of them deep.
    assert limits(2, 2) == (1, 0) and limits(2, 3) == (2, 0) and limits(2, 4) == (3, 0)
    assert possible(3, 2) == {0: 0, 1: 1, 2: 1}
    assert limits(1, 4) == (0, 0) and limits(4, 1) == (0, 0)  # a root that cuts: never
    assert limits(3, 3) == (6, 2)


def test_a_request_no_tree_meets_is_refused_naming_what_is_possible() -> None:
    with pytest.raises(InputError, match=r"^a tree of depth 3 and branching 3 has at most 6 cutoffs in alpha-beta's "
                       r"search, not 7 \(cutoffs can be 0 to 6\)$"):
        random_tree(3, 3, seed=1, cutoffs=7)
    with pytest.raises(InputError, match=r"has at most 2 cutoffs above the leaves' parents, not 3 "
                       r"\(deep_cutoffs can be 0 to 2\)$"):
        random_tree(3, 3, seed=1, deep_cutoffs=3)
    with pytest.raises(InputError, match=r"with 6 cutoffs has at most 0 of them above the leaves' parents, not 1 "
                       r"\(with 1 deep, cutoffs can be 1 to 5\)$"):
        random_tree(3, 3, seed=1, cutoffs=6, deep_cutoffs=1)
    with pytest.raises(InputError, match="has at most 1 cutoff in"):
        random_tree(2, 2, seed=1, cutoffs=2)
    with pytest.raises(InputError, match="ties=False needs 27 different leaf values, and values=.-5, 5. holds 11"):
        random_tree(3, 3, seed=1, cutoffs=2, ties=False, values=(-5, 5))
    with pytest.raises(InputError, match="ties=True needs two leaves"):
        random_tree(0, 3, seed=1, ties=True)
    with pytest.raises(InputError, match="need exact_branching=True"):
        random_tree(3, 3, seed=1, cutoffs=2, exact_branching=False)
    for bad in (-1, 1.5, "3", True):
        with pytest.raises(InputError, match="cutoffs must be a whole number, 0 or more"):
            random_tree(3, 3, seed=1, cutoffs=bad)
    with pytest.raises(InputError, match="ties"):
        random_tree(3, 3, seed=1, ties="yes")  # type: ignore[arg-type]


def test_deep_cutoffs_alone_and_the_same_arguments_the_same_tree() -> None:
    trees = [random_tree(4, 2, seed=s, deep_cutoffs=2) for s in range(12)]
    assert all(counted(t, 4)[1] >= 2 for t in trees)
    assert len({counted(t, 4)[0] for t in trees}) > 1  # the number of cutoffs is drawn too
    assert len({t.text() for t in trees}) == 12
    assert [t.text() for t in trees] == [random_tree(4, 2, seed=s, deep_cutoffs=2).text() for s in range(12)]


def test_ties_without_a_difficulty() -> None:
    for seed in range(20):
        assert len(set(leaf_values(random_tree(3, 3, seed=seed, ties=False)))) == 27
        values = Counter(leaf_values(random_tree(2, 2, seed=seed, ties=True, values=(-50, 50))))
        assert max(values.values()) >= 2


def test_an_exercise_takes_the_difficulty() -> None:
    ex = exercise(3, 3, 7, cutoffs=3, deep_cutoffs=1, ties=False)
    assert len(ex.trace.cut_nodes()) == 3
    assert ex.text == random_tree(3, 3, seed=7, cutoffs=3, deep_cutoffs=1, ties=False).text()
