"""Tests of negaviz.analysis.stats against counts computed here without negaviz."""

from __future__ import annotations

import math
from functools import lru_cache

import pytest

import negaviz
from negaviz.analysis import (
    Table,
    branching_ratios,
    compare,
    cutoffs_per_depth,
    effective_branching_factor,
    leaves_per_depth,
    nodes_per_depth,
    summary,
    tt_hits_per_depth,
)
from negaviz.analysis.stats import solve_branching
from negaviz.errors import InputError
from negaviz.trace import Trace

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def over(cells: str) -> bool:
    won = any(cells[a] != "." and cells[a] == cells[b] == cells[c] for a, b, c in LINES)
    return won or "." not in cells


def children(cells: str) -> list[str]:
    me = "x" if cells.count("x") == cells.count("o") else "o"
    return [cells[:i] + me + cells[i + 1 :] for i in range(9) if cells[i] == "."]


@lru_cache(maxsize=None)
def tree_levels(cells: str) -> tuple[int, ...]:
    """Game-tree nodes at each depth below ``cells`` (itself at depth 0)."""
    levels = [1]
    if not over(cells):
        for child in children(cells):
            for d, n in enumerate(tree_levels(child), start=1):
                if d == len(levels):
                    levels.append(0)
                levels[d] += n
    return tuple(levels)


def alphabeta_levels(cells: str) -> tuple[list[int], list[int]]:
    """Nodes and cutoffs per depth of a plain fail-soft alpha-beta in cell order."""
    nodes: list[int] = [0] * 10
    cuts: list[int] = [0] * 10

    def ab(c: str, depth: int, alpha: float, beta: float) -> float:
        nodes[depth] += 1
        if any(c[a] != "." and c[a] == c[b] == c[d] for a, b, d in LINES):
            return -1  # the side that just moved made the line
        if "." not in c:
            return 0
        best = -math.inf
        kids = children(c)
        for i, child in enumerate(kids):
            v = -ab(child, depth + 1, -beta, -alpha)
            if v > best:
                best = v
                alpha = max(alpha, v)
                if alpha >= beta:
                    if i + 1 < len(kids):
                        cuts[depth] += 1
                    break
        return best

    ab(cells, 0, -math.inf, math.inf)
    deepest = max(d for d in range(10) if nodes[d])
    return nodes[: deepest + 1], cuts[: deepest + 1]


@pytest.fixture(scope="module")
def ttt_negamax() -> Trace:
    return negaviz.record(negaviz.TicTacToe(), algorithm="negamax")


def textbook(algorithm: str) -> Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm=algorithm)


# ------------------------------------------------------------------ textbook tree
def test_textbook_alphabeta_numbers() -> None:
    trace = textbook("alphabeta")
    assert nodes_per_depth(trace) == [1, 2, 3]
    assert cutoffs_per_depth(trace) == [0, 1, 0]  # at C, after F
    assert leaves_per_depth(trace) == [0, 0, 3]
    assert branching_ratios(trace) == [2.0, 1.5]
    b = effective_branching_factor(trace)
    assert b == pytest.approx((-1 + math.sqrt(21)) / 2, rel=1e-12)  # b + b^2 = 5


def test_textbook_negamax_numbers() -> None:
    trace = textbook("negamax")
    assert nodes_per_depth(trace) == [1, 2, 5] and cutoffs_per_depth(trace) == [0, 0, 0]
    assert effective_branching_factor(trace) == pytest.approx((-1 + math.sqrt(29)) / 2, rel=1e-12)  # b + b^2 = 7


# ------------------------------------------------------------------ tic-tac-toe
@pytest.mark.slow
def test_ttt_negamax_visits_the_whole_game_tree_level_by_level(ttt_negamax: Trace) -> None:
    expected = list(tree_levels("." * 9))
    assert expected[:4] == [1, 9, 72, 504] and sum(expected) == 549946
    assert nodes_per_depth(ttt_negamax) == expected
    assert cutoffs_per_depth(ttt_negamax) == [0] * 10
    assert branching_ratios(ttt_negamax)[:3] == [9.0, 8.0, 7.0]
    b = effective_branching_factor(ttt_negamax)
    assert b is not None and 1 < b < 9
    assert sum(b**i for i in range(1, 10)) == pytest.approx(sum(expected) - 1, rel=1e-9)


def test_ttt_alphabeta_matches_a_plain_alphabeta() -> None:
    nodes, cuts = alphabeta_levels("." * 9)
    trace = negaviz.record(negaviz.TicTacToe(), algorithm="alphabeta")
    assert nodes_per_depth(trace) == nodes
    assert cutoffs_per_depth(trace) == cuts
    assert sum(cuts) == trace.result.cutoffs > 0  # type: ignore[union-attr]


def test_tt_hits_per_depth_add_up_to_the_results_count() -> None:
    trace = negaviz.record(negaviz.TicTacToe(), algorithm="alphabeta", tt=True)
    per = tt_hits_per_depth(trace)
    assert per[0] == 0 and sum(per) == trace.result.tt_hits > 0  # type: ignore[union-attr]


# ------------------------------------------------------------------ the solver
@pytest.mark.parametrize(("nodes", "depth", "b"), [(15, 3, 2.0), (13, 2, 3.0), (4, 3, 1.0), (1 + 9 + 72, 2, 8.5)])
def test_solve_branching_solves_the_defining_equation(nodes: int, depth: int, b: float) -> None:
    found = solve_branching(nodes, depth)
    assert found is not None
    assert sum(found**i for i in range(1, depth + 1)) == pytest.approx(nodes - 1, rel=1e-12)
    if b.is_integer():
        assert found == b  # a full tree gives its whole branching factor exactly


def test_solve_branching_edges() -> None:
    assert solve_branching(1, 0) is None
    partial = solve_branching(3, 4)  # fewer nodes than levels: a budget-stopped trace
    assert partial is not None and 0 < partial < 1
    with pytest.raises(InputError, match="at least one node"):
        solve_branching(0, 1)
    root_only = negaviz.record(negaviz.TicTacToe("xxx/oo./..."), algorithm="negamax")
    assert nodes_per_depth(root_only) == [1] and effective_branching_factor(root_only) is None


# ------------------------------------------------------------------ comparison
def test_compare_tabulates_each_option_set_in_order() -> None:
    game = negaviz.TicTacToe("x.o/x../o..")
    traces = {
        "negamax": negaviz.record(game, algorithm="negamax"),
        "alphabeta": negaviz.record(game, algorithm="alphabeta"),
        "alphabeta+tt": negaviz.record(game, algorithm="alphabeta", tt=True),
    }
    table = compare(traces)
    assert isinstance(table, Table) and len(table) == 3
    assert table.column("name") == list(traces)
    assert table.column("nodes") == [t.result.nodes for t in traces.values()]  # type: ignore[union-attr]
    assert table.column("cutoffs") == [0, 17, traces["alphabeta+tt"].result.cutoffs]  # type: ignore[union-attr]
    assert table.column("value") == [1, 1, 1]
    assert table.column("nodes")[0] > table.column("nodes")[1] >= table.column("nodes")[2]
    assert table.records()[0]["name"] == "negamax" and table.records()[0]["depth"] == 5
    lines = table.text().splitlines()
    assert len(lines) == 4 and len({len(line) for line in lines}) == 1  # aligned
    assert lines[0].split() == list(table.columns)
    with pytest.raises(InputError, match="unknown column 'time'"):
        table.column("time")


def test_compare_refuses_nothing_and_non_traces() -> None:
    with pytest.raises(InputError, match="at least one trace"):
        compare({})
    with pytest.raises(InputError, match="'x' is a int"):
        compare({"x": 3})  # type: ignore[dict-item]


def test_summary_of_a_partial_trace() -> None:
    trace = negaviz.record(negaviz.TicTacToe(), algorithm="negamax", max_nodes=50)
    s = summary(trace)
    assert not trace.complete and s.value is None
    # The trace also counts the node whose entry spent the budget.
    assert s.nodes == sum(s.nodes_per_depth) == len(trace.nodes) >= 50
    assert s.depth == len(s.nodes_per_depth) - 1
    assert s.ebf is not None and s.ratios == branching_ratios(trace)
