"""Tests of negaviz.analysis.nodetypes: Knuth–Moore node types, expected and observed."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import negaviz
from negaviz.analysis.minimal import minimal_leaf_count
from negaviz.analysis.nodetypes import NODE_TYPES, node_types, observed_types, type_counts, with_node_types
from negaviz.render import draw
from negaviz.render.styles import NodeView, default_node_style

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


def perfectly_ordered(b: int, d: int, seed: int) -> Any:
    """A uniform tree as nested lists (values for the root player) whose first move is
    always strictly best: each later move is worse for the side to move by 1 to 3."""
    rng = random.Random(seed)

    def build(depth: int, value: int) -> Any:  # value: negamax, for the side to move here
        if depth == d:
            return value if depth % 2 == 0 else -value
        kids = [-value] + [-value + rng.randint(1, 3) for _ in range(b - 1)]
        return [build(depth + 1, v) for v in kids]

    return build(0, rng.randint(-5, 5))


def by_label(trace: negaviz.Trace, types: dict[int, str]) -> dict[str, str]:
    return {trace.label(n): t for n, t in types.items()}


def test_textbook_tree_by_hand() -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    # A is the root; B its first child (PV) and C a later one (CUT); D is B's first child,
    # E a later one (CUT); F is the first child of the CUT node C (ALL), and refutes it.
    assert by_label(trace, node_types(trace)) == {"A": "PV", "B": "PV", "D": "PV", "E": "CUT", "C": "CUT", "F": "ALL"}
    # E (5) was better for B than D (7): expected to be cut, it came back inside its
    # window (-inf, 7) and became the PV instead: the ordering at B was not perfect.
    observed = {"A": "PV", "B": "PV", "D": "PV", "E": "PV", "C": "CUT", "F": "ALL"}
    assert by_label(trace, observed_types(trace)) == observed
    assert type_counts(node_types(trace)) == {"PV": 3, "CUT": 2, "ALL": 1}


def test_textbook_tree_in_the_better_order_agrees_everywhere() -> None:
    trace = negaviz.record(negaviz.Tree.parse("A(B(E:5 D:7) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    assert node_types(trace) == observed_types(trace)
    assert by_label(trace, node_types(trace)) == {"A": "PV", "B": "PV", "E": "PV", "D": "CUT", "C": "CUT", "F": "ALL"}


@given(
    b=st.integers(2, 4), d=st.integers(1, 4), seed=st.integers(0, 2**32),
    options=st.sampled_from([{}, {"fail_hard": True}, {"algorithm": "pvs"}]),
)
def test_perfect_ordering_types_agree_and_leaves_are_minimal(
    b: int, d: int, seed: int, options: dict[str, Any],
) -> None:
    if b**d > 256:
        d = 3
    trace = negaviz.record(negaviz.Tree.from_lists(perfectly_ordered(b, d, seed)), **options)
    expected = node_types(trace)
    assert expected == observed_types(trace)
    assert trace.counts().leaves == b ** ((d + 1) // 2) + b ** (d // 2) - 1 == minimal_leaf_count(b, d)
    for node in trace.nodes:  # each type did the work it is known for
        if node.children:
            want = 1 if expected[node.id] == "CUT" else b
            assert len(node.children) == want


def test_worst_ordering_disagrees() -> None:
    # The root's moves come worst first (B = 1, C = 3, D = 5): each later move is a new
    # best, so C and D, expected to be cut, come back exact (PV), and so do their first
    # children G and I, expected to fail low (ALL).  The min nodes are well ordered.
    tree = negaviz.Tree.from_lists([[1, 2], [3, 4], [5, 6]])
    trace = negaviz.record(tree, algorithm="alphabeta")
    expected, observed = node_types(trace), observed_types(trace)
    wrong = [n for n in expected if expected[n] != observed[n]]
    assert [(trace.label(n), expected[n], observed[n]) for n in wrong] == [
        ("C", "CUT", "PV"), ("G", "ALL", "PV"), ("D", "CUT", "PV"), ("I", "ALL", "PV"),
    ]


def test_every_root_of_a_driver_is_pv_and_pvs_re_searches_are_pv() -> None:
    game = negaviz.TicTacToe("x.o/x../o..")
    trace = negaviz.record(game, algorithm="mtdf")
    types = node_types(trace)
    assert len(trace.roots()) > 1 and all(types[r] == "PV" for r in trace.roots())
    pvs = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="pvs")
    again = [n.id for n in pvs.nodes if n.research]
    assert again and all(node_types(pvs)[n] == "PV" for n in again)
    assert set(node_types(pvs).values()) <= set(NODE_TYPES)


def test_observed_types_leave_out_nodes_that_never_returned() -> None:
    trace = negaviz.record(negaviz.TicTacToe(), algorithm="alphabeta", max_nodes=30)
    assert not trace.complete
    observed = observed_types(trace)
    open_nodes = {n.id for n in trace.nodes if n.value is None}
    assert open_nodes and not open_nodes & set(observed)
    assert set(node_types(trace)) == {n.id for n in trace.nodes}


def test_style_tags_nodes_with_their_types() -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    style = with_node_types(default_node_style, node_types(trace), observed_types(trace))
    lines = {line.split()[0]: line for line in draw(trace, node_style=style).body if "->" not in line}
    assert "xlabel=PV" in lines["n0"] and "xlabel=ALL" in lines["n5"]
    assert 'xlabel="CUT→PV"' in lines["n3"]  # E: expected CUT, observed PV
    ghosts = [line for name, line in lines.items() if name.startswith("g")]
    assert ghosts and not any("xlabel" in line for line in ghosts)
    assert not any("xlabel" in line for line in lines["legend"].split("<TR>"))
    plain = with_node_types(default_node_style, node_types(trace))
    view = NodeView("n3", "node", node=3)
    assert plain(view) == {**default_node_style(view), "xlabel": "CUT"}


@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs", "negamax"])
def test_types_cover_every_node(algorithm: str) -> None:
    trace = negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm=algorithm)
    assert set(node_types(trace)) == set(observed_types(trace)) == {n.id for n in trace.nodes}
