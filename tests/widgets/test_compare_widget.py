"""Headless tests of the compare widget: sync rule, visited-only-here sets, highlighting."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

import negaviz
from negaviz.errors import InputError
from negaviz.widgets import CompareWidget
from negaviz.widgets.compare import BAND

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


@pytest.fixture
def make() -> Iterator[Any]:
    made: list[CompareWidget] = []

    def build(a: negaviz.Trace, b: negaviz.Trace, **kw: Any) -> CompareWidget:
        kw.setdefault("prefetch", 0)
        w = CompareWidget(a, b, **kw)
        made.append(w)
        return w

    yield build
    for w in made:
        w.close()


@pytest.fixture
def pair() -> tuple[negaviz.Trace, negaviz.Trace]:
    tree = negaviz.Tree.parse(TEXTBOOK)
    return negaviz.record(tree, algorithm="minimax"), negaviz.record(tree, algorithm="alphabeta")


def paths_by_walking(trace: negaviz.Trace) -> dict[int, tuple[Any, ...]]:
    """Each node's moves from the root, by walking up from it (independent of the widget's
    top-down computation)."""
    return {n.id: tuple(trace.move(m) for m in trace.path(n.id)[1:]) for n in trace.nodes}


def node_group(svg: str, name: str) -> str:
    m = re.search(rf'<g id="{name}" class="node">(.*?)</g>\n(?=<g id=|</g>)', svg, re.DOTALL)
    assert m, name
    return m.group(1)


def test_textbook_only_minimax_visits_the_pruned_leaves(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b, titles=("minimax", "alpha-beta"))
    labels_a = {a.label(n.id) for n in a.nodes}
    labels_b = {b.label(n.id) for n in b.nodes}
    assert w.only_counts == (len(labels_a - labels_b), len(labels_b - labels_a)) == (2, 0)
    assert {a.label(n) for n in w.only_a} == {"G", "H"} == set(b.pruned_labels())
    assert "2 visited only here" in w.sides[0].header.value
    assert "0 visited only here" in w.sides[1].header.value


def test_move_orders_differ_and_counts_match_an_independent_computation(make: Any) -> None:
    game = negaviz.TicTacToe("x...o....")
    a = negaviz.record(game, algorithm="alphabeta", order="natural")
    b = negaviz.record(game, algorithm="alphabeta", order="heuristic")
    pa, pb = paths_by_walking(a), paths_by_walking(b)
    only_a = {n for n, p in pa.items() if p not in set(pb.values())}
    only_b = {n for n, p in pb.items() if p not in set(pa.values())}
    w = make(a, b, max_nodes=60)
    assert w.only_a == only_a and w.only_b == only_b
    assert w.only_counts == (len(only_a), len(only_b))
    assert w.only_counts[0] > 0 and w.only_counts[1] > 0  # the orders really do search differently


def test_one_counter_each_side_clamped_to_its_length(pair: Any, make: Any) -> None:
    a, b = pair
    assert len(a) > len(b)
    w = make(a, b)
    assert w.slider.max == len(a)
    w.step = 10
    assert w.steps == (10, 10)
    w.step = len(b) + 2
    assert w.steps == (len(b) + 2, len(b))
    assert w.sentences[1] == "A returns 5 (exact)."  # B's search stands finished
    assert "(finished)" in w.sides[1].header.value and "(finished)" not in w.sides[0].header.value
    w.next_button.click()
    assert w.step == len(b) + 3
    w.step = len(a)
    assert w.next_button.disabled


def test_only_so_far_counts_entered_nodes(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b)
    g = next(n for n in w.only_a if a.label(n) == "G")
    h = next(n for n in w.only_a if a.label(n) == "H")
    w.step = a.nodes[g].enter_step
    assert w.only_so_far == (0, 0)
    w.step = a.nodes[g].enter_step + 1
    assert w.only_so_far == (1, 0)
    w.step = a.nodes[h].enter_step + 1
    assert w.only_so_far == (2, 0)
    assert "(2 so far)" in w.sides[0].header.value


def test_banded_nodes_are_exactly_the_only_here_ones(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b)
    w.step = len(a)
    svg_a, svg_b = w.svgs
    prefix_a = re.search(r'<g id="(c\d+a-)graph0"', svg_a)
    assert prefix_a
    band = BAND.lower()
    for n in a.nodes:
        group = node_group(svg_a, f"{prefix_a.group(1)}n{n.id}")
        assert (band in group.lower()) == (n.id in w.only_a), a.label(n.id)
    assert band not in svg_b.lower()
    # Ids are scoped per side, so both drawings can share a page (gradients are looked up by id).
    ids_a = set(re.findall(r' id="([^"]+)"', svg_a))
    ids_b = set(re.findall(r' id="([^"]+)"', svg_b))
    assert ids_a and ids_b and not ids_a & ids_b
    for ref in re.findall(r"url\(#([^)]+)\)", svg_a):
        assert ref in ids_a


def test_perspective_switch_applies_to_both_sides(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b)
    w.step = 5
    before = w.sentences
    w.perspective = "minimax"
    assert w.sentences != before
    assert all("(its value negated)" not in s for s in w.sentences)
    assert all("minimax view" in s for s in w.svgs)


def test_different_positions_are_refused() -> None:
    a = negaviz.record(negaviz.TicTacToe("x...o...."), algorithm="alphabeta")
    b = negaviz.record(negaviz.TicTacToe("x.o......"), algorithm="alphabeta")
    with pytest.raises(InputError, match="different positions"):
        CompareWidget(a, b)
    with pytest.raises(InputError, match="trace_b must be"):
        CompareWidget(a, None)  # type: ignore[arg-type]
