"""Tests of negaviz.analysis.minimal: the Knuth–Moore formula, the dynamic programme
against brute force written here, and the minimal tree as a lower bound for searches."""

from __future__ import annotations

import itertools
import math
from typing import Any, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import negaviz
from negaviz.analysis.minimal import (
    MinimalComparison,
    compare_with_minimal,
    full_tree,
    minimal_leaf_count,
    minimal_tree,
    uniform_shape,
)
from negaviz.errors import InputError
from negaviz.search.proof import prove

Nested = Any  # an int (a leaf, value for the root player) or a list of Nested


# ------------------------------------------------------------------ brute force, here
def minimax(t: Nested, maximising: bool = True) -> int:
    if isinstance(t, int):
        return t
    values = [minimax(c, not maximising) for c in t]
    return max(values) if maximising else min(values)


def proofs(
    t: Nested, path: tuple[int, ...], op: str, v: int, maximising: bool, top: int | None = None,
) -> Iterator[frozenset[tuple[int, ...]]]:
    """Every proof that the value of ``t`` is ``op v`` (``>=`` or ``<=``), as a set of
    paths: one child where the claim's owner moves, every child where the other does.
    With ``top``, the most any value can be, a claim no value can break needs nothing."""
    if top is not None and ((op == ">=" and v <= -top) or (op == "<=" and v >= top)):
        yield frozenset()
        return
    if isinstance(t, int):
        if (t >= v) if op == ">=" else (t <= v):
            yield frozenset([path])
        return
    kids = [(i, c) for i, c in enumerate(t)]
    if (op == ">=") == maximising:  # the player who wants the claim moves: any one good child
        for i, c in kids:
            for p in proofs(c, path + (i,), op, v, not maximising, top):
                yield p | {path}
    else:  # the other player moves: every child must keep the claim
        options = [list(proofs(c, path + (i,), op, v, not maximising, top)) for i, c in kids]
        for combo in itertools.product(*options):
            yield frozenset().union(*combo) | {path}


def brute_force(t: Nested, top: int | None = None) -> tuple[int, int, int, int]:
    """(nodes, leaves, lower nodes, upper nodes) of the smallest proofs, by enumeration."""
    v = minimax(t)
    if top == 0:  # every value is 0: settled, but a search still walks down to a leaf
        shortest = min(len(p) for p in _leaves(t, ())) + 1
        return shortest, 1, 0, 0
    lowers = list(proofs(t, (), ">=", v, True, top))
    uppers = list(proofs(t, (), "<=", v, True, top))
    leaf_paths = set(_leaves(t, ()))
    unions = [lo | up for lo in lowers for up in uppers]
    return (
        min(len(u) for u in unions),
        min(len(u & leaf_paths) for u in unions),
        min(len(p) for p in lowers),
        min(len(p) for p in uppers),
    )


def _leaves(t: Nested, path: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    if isinstance(t, int):
        yield path
    else:
        for i, c in enumerate(t):
            yield from _leaves(c, path + (i,))


def orderings(t: Nested) -> Iterator[Nested]:
    """The tree with its children in every order, at every node."""
    if isinstance(t, int):
        yield t
        return
    for perm in itertools.permutations(t):
        for kids in itertools.product(*(list(orderings(c)) for c in perm)):
            yield list(kids)


def count_orderings(t: Nested) -> int:
    if isinstance(t, int):
        return 1
    return math.factorial(len(t)) * math.prod(count_orderings(c) for c in t)


@st.composite
def trees(draw: st.DrawFn, max_depth: int = 3, max_width: int = 3) -> Nested:
    """Small trees of uneven shape, with few distinct values (ties make proofs interesting)."""

    def node(level: int) -> Nested:
        if level == max_depth or (level > 0 and draw(st.integers(0, 3)) == 0):
            return draw(st.integers(-3, 3))
        return [node(level + 1) for _ in range(draw(st.integers(1, max_width)))]

    return node(0)


def _depth(t: Nested) -> int:
    return 0 if isinstance(t, int) else 1 + max(_depth(c) for c in t)


def uniform(b: int, d: int, values: list[int]) -> Nested:
    it = iter(values)

    def build(depth: int) -> Nested:
        return next(it) if depth == d else [build(depth + 1) for _ in range(b)]

    return build(0)


# ------------------------------------------------------------------ the formula
def test_formula() -> None:
    assert [minimal_leaf_count(2, d) for d in range(7)] == [1, 2, 3, 5, 7, 11, 15]
    assert minimal_leaf_count(3, 4) == 17 and minimal_leaf_count(1, 9) == 1 and minimal_leaf_count(10, 3) == 109
    for bad in [(0, 2), (2, -1), (2.0, 2), (True, 2)]:
        with pytest.raises(InputError, match="must be a whole number"):
            minimal_leaf_count(*bad)  # type: ignore[arg-type]


@pytest.mark.slow
@given(b=st.integers(1, 4), d=st.integers(0, 4), data=st.data())
def test_dp_on_uniform_trees_gives_the_formula(b: int, d: int, data: st.DataObject) -> None:
    # Whatever the values: every minimal tree of a uniform tree has the same shape.
    if b**d > 81:
        d = 2
    values = data.draw(st.lists(st.integers(-4, 4), min_size=b**d, max_size=b**d))
    full = full_tree(negaviz.Tree.from_lists(uniform(b, d, values)))
    assert uniform_shape(full) == (b if d else 1, d)  # a lone leaf has no branching
    m = minimal_tree(full)
    assert m.leaves == minimal_leaf_count(b, d)
    # as nodes: sum over depths k of b**ceil(k/2) + b**floor(k/2) - 1 (each level of the proofs)
    assert m.nodes == sum(minimal_leaf_count(b, k) for k in range(d + 1))


def perfectly_ordered(b: int, d: int) -> Nested:
    """A uniform tree whose first move is always best, by 1, for the side to move."""

    def build(depth: int, value: int) -> Nested:  # value: negamax, for the side to move
        if depth == d:
            return value if depth % 2 == 0 else -value
        return [build(depth + 1, -value + (i > 0)) for i in range(b)]

    return build(0, 0)


@pytest.mark.parametrize("b, d", [(2, 1), (2, 4), (3, 3), (4, 2), (3, 4)])
def test_perfectly_ordered_alphabeta_visits_exactly_the_minimal_tree(b: int, d: int) -> None:
    tree = negaviz.Tree.from_lists(perfectly_ordered(b, d))
    trace = negaviz.record(tree, algorithm="alphabeta")
    formula = b ** ((d + 1) // 2) + b ** (d // 2) - 1
    assert compare_with_minimal(trace) == MinimalComparison(formula, formula, 1.0, "leaves", True)
    assert trace.counts().nodes == minimal_tree(full_tree(tree)).nodes


# ------------------------------------------------------------------ brute force
@pytest.mark.slow
@settings(max_examples=150)
@given(t=trees(), knows_range=st.booleans())
def test_dp_equals_brute_force_over_all_proof_pairs(t: Nested, knows_range: bool) -> None:
    tree = negaviz.Tree.from_lists(t)
    top = tree.max_score if knows_range else None  # the largest |leaf|
    m = minimal_tree(full_tree(tree), max_score=top)
    assert (m.nodes, m.leaves, m.lower_nodes, m.upper_nodes) == brute_force(t, top)
    assert m.value == minimax(t)


@pytest.mark.slow
@settings(max_examples=60)
@given(t=trees().filter(lambda t: count_orderings(t) <= 400))
def test_best_move_order_attains_the_minimal_tree_and_none_beats_it(t: Nested) -> None:
    tree = negaviz.Tree.from_lists(t)
    minimal = minimal_tree(full_tree(tree)).nodes
    knowing = minimal_tree(full_tree(tree), max_score=tree.max_score).nodes
    for options, least in (({}, minimal), ({"fail_hard": True}, minimal), ({"stop_at_win": True}, knowing)):
        visited = [negaviz.search(negaviz.Tree.from_lists(o), **options).nodes for o in orderings(t)]
        assert min(visited) == least, options


@pytest.mark.slow
@given(t=trees(), knows_range=st.booleans())
def test_members_are_one_minimal_tree(t: Nested, knows_range: bool) -> None:
    tree = negaviz.Tree.from_lists(t)
    full = full_tree(tree)
    m = minimal_tree(full, max_score=tree.max_score if knows_range else None)
    assert len(m.members) == m.nodes and 0 in m.members
    assert all(full.nodes[n].parent in m.members for n in m.members if n)  # closed under parents
    leaves = {n for n in m.members if not full.nodes[n].children}
    assert len(leaves) >= m.leaves


# ------------------------------------------------------------------ tic-tac-toe
def ttt_sample(reference: Any, empties: tuple[int, ...] = (5, 6, 7), each: int = 4) -> list[str]:
    """A few positions per number of empty cells, spread over the sorted list."""
    out = []
    for e in empties:
        pool = [p for p in reference.inner if p.count(".") == e]
        out += pool[:: max(1, len(pool) // each)][:each]
    return out


VARIANTS = [
    {"algorithm": a, "order": o, "fail_hard": h, "stop_at_win": w}
    for a in ("alphabeta", "pvs")
    for o in ("natural", "heuristic", "threats", "threats+heuristic")
    for h in (False, True)
    for w in (False, True)
]


@pytest.mark.slow
def test_every_alphabeta_variant_visits_at_least_the_minimal_tree(ttt_reference: Any) -> None:
    game = negaviz.TicTacToe()
    for cells in ttt_sample(ttt_reference):
        pos = game.parse(cells)
        full = full_tree(game, pos)
        m, knowing = minimal_tree(full), minimal_tree(full, max_score=1)
        assert m.value == ttt_reference.values[cells] and knowing.nodes <= m.nodes
        for options in VARIANTS:
            result = negaviz.search(game, pos, **options)
            assert result.nodes >= (knowing.nodes if options["stop_at_win"] else m.nodes), (cells, options)
        c = compare_with_minimal(negaviz.record(game, pos, algorithm="pvs", order="threats"))
        assert c.counting == "nodes" and c.minimal == m.nodes and c.lower_bound and c.ratio >= 1


def test_lower_and_upper_proofs_agree_with_minimal_proof_trees(ttt_reference: Any) -> None:
    # negaviz.search.proof builds minimal proofs by its own recursion over positions.
    game = negaviz.TicTacToe()
    for cells in ttt_sample(ttt_reference, each=3):
        pos = game.parse(cells)
        m = minimal_tree(full_tree(game, pos))
        mover = game.player(pos)
        for p in prove(game, pos, minimal=True).proofs:
            assert p.nodes == (m.lower_nodes if p.prover == mover else m.upper_nodes)
        assert max(m.lower_nodes, m.upper_nodes) <= m.nodes <= m.lower_nodes + m.upper_nodes - 1


def test_knowledge_beyond_the_tree_goes_below_the_minimal_tree() -> None:
    # A table and symmetry merge positions the tree counts apart, and threats and value
    # bounds value positions without searching them: the minimal tree is no bound then.
    game = negaviz.TicTacToe("x../.o./...")
    plain = compare_with_minimal(negaviz.record(game, order="threats+heuristic"))
    strong = compare_with_minimal(
        negaviz.record(game, order="threats+heuristic", tt=True, symmetry=True, forced=True, bounds=True)
    )
    assert plain.minimal == strong.minimal == 152 and plain.visited >= 152 and plain.lower_bound
    assert strong.visited < strong.minimal and not strong.lower_bound
    assert not compare_with_minimal(negaviz.record(game, algorithm="mtdf")).lower_bound


def test_knowing_the_score_range_a_win_needs_only_the_winners_proof() -> None:
    game = negaviz.TicTacToe("x.o/.x./o..")  # x wins at once with c3
    full = full_tree(game)
    m, knowing = minimal_tree(full), minimal_tree(full, max_score=1)
    assert (m.value, m.lower_nodes, m.upper_nodes, m.nodes) == (1, 2, 26, 26)  # no move beats a win: shown the long way
    assert (knowing.nodes, knowing.leaves, knowing.upper_nodes) == (2, 1, 0)
    c = compare_with_minimal(negaviz.record(game, order="threats", stop_at_win=True))
    assert (c.visited, c.minimal, c.lower_bound) == (2, 2, True)
    draw = minimal_tree(full_tree(negaviz.TicTacToe("x../.o./...")), max_score=1)
    assert draw.nodes == 152  # for a draw the range settles nothing


# ------------------------------------------------------------------ the edges
def test_a_full_trace_is_used_as_it_is() -> None:
    game = negaviz.TicTacToe("x.o/x../o..")
    full = negaviz.record(game, algorithm="negamax")
    c = compare_with_minimal(full)
    assert c.visited == 174 and c.minimal == minimal_tree(full).nodes == 21 and c.counting == "nodes"


def test_depth_limited_searches_compare_with_the_depth_limited_tree() -> None:
    game = negaviz.TicTacToe()
    trace = negaviz.record(game, algorithm="alphabeta", depth=2)
    full = full_tree(game, depth=2)
    assert uniform_shape(full) is None  # 9 moves, then 8: not uniform, so counted in nodes
    c = compare_with_minimal(trace)
    assert c.counting == "nodes" and c.minimal == minimal_tree(full).nodes and c.visited >= c.minimal
    assert minimal_tree(full).value == trace.value


def test_refuses_what_is_not_a_full_tree() -> None:
    game = negaviz.TicTacToe("x.o/x../o..")
    for options in ({"algorithm": "alphabeta"}, {"tt": True}, {"stop_at_win": True}, {"symmetry": True}):
        with pytest.raises(InputError, match="minimal tree needs"):
            minimal_tree(negaviz.record(game, **{"algorithm": "negamax", **options}))
    with pytest.raises(InputError, match="more than 100 nodes"):
        full_tree(game, max_nodes=100)
    partial = negaviz.record(game, max_nodes=5)
    with pytest.raises(InputError, match="complete trace"):
        compare_with_minimal(partial)
    bare = negaviz.record(game)
    bare.game = None
    with pytest.raises(InputError, match="needs the game"):
        compare_with_minimal(bare)
