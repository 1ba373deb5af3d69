"""Tests of negaviz.render.draw (tree.py) through the DOT source it builds (no dot program needed)."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

import negaviz
from negaviz.render import NodeView, default_node_style, draw
from negaviz.render.looks import OKABE_ITO
from negaviz.trace import Trace
from negaviz.vocabulary import mover_marks, view_caption

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"  # alpha-beta prunes G and H below C


def textbook(**options: Any) -> Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta", **options)


# ------------------------------------------------------------------- structure
def test_textbook_tree_counts_nodes_edges_and_ghosts(parse: Any) -> None:
    nodes, edges = parse(draw(textbook()))
    assert set(nodes) == {"n0", "n1", "n2", "n3", "n4", "n5", "g4_1", "g4_2", "legend"}
    assert len(edges) == 7  # 5 tree edges and 2 into the pruned ghosts
    assert [(t, h) for t, h, _ in edges if h.startswith("g")] == [("n4", "g4_1"), ("n4", "g4_2")]
    assert not any("label" in a for _, _, a in edges)  # textbook children are named nodes
    assert ">G<" in nodes["g4_1"]["label"] and ">H<" in nodes["g4_2"]["label"]


def test_pruned_ghosts_are_dashed_grey_and_their_edges_too(parse: Any) -> None:
    nodes, edges = parse(draw(textbook()))
    for ghost in ("g4_1", "g4_2"):
        assert nodes[ghost]["style"] == "dashed"
        assert nodes[ghost]["color"] == "#8C8C8C"
    ghost_edges = [a for _, h, a in edges if h.startswith("g")]
    assert all(a["style"] == "dashed" for a in ghost_edges)


def test_cut_node_is_marked_in_words_and_border(parse: Any) -> None:
    nodes, _ = parse(draw(textbook()))
    assert "<B>cut</B>" in nodes["n4"]["label"]
    assert nodes["n4"]["color"] == OKABE_ITO["reddish_purple"]
    assert "cut" not in nodes["n1"]["label"]


def test_pv_edges_are_thick_and_only_those(parse: Any) -> None:
    trace = textbook()
    _, edges = parse(draw(trace))
    thick = [(t, h) for t, h, a in edges if float(a.get("penwidth", "1")) >= 3]
    pv = trace.pv()
    assert thick == [(f"n{a}", f"n{b}") for a, b in itertools.pairwise(pv)]


def test_legend_present_and_lists_only_styles_used(parse: Any) -> None:
    nodes, _ = parse(draw(textbook()))
    legend = nodes["legend"]["label"]
    for words in ("pruned", "cutoff here", "principal variation", "exact value", "lower bound"):
        assert words in legend
    for words in ("current node", "not yet visited", "table hit", "upper bound"):
        assert words not in legend
    nodes, _ = parse(draw(textbook(), legend=False))
    assert "legend" not in nodes


def test_current_node_at_a_step_has_a_double_border(parse: Any) -> None:
    trace = textbook()
    step = trace.nodes[3].enter_step + 1  # just entered E: stack A, B, E
    nodes, _ = parse(draw(trace, step=step))
    assert nodes["n3"]["peripheries"] == "2"
    assert nodes["n3"]["color"] == OKABE_ITO["vermillion"]
    for on_stack in ("n0", "n1"):
        assert "bold" in nodes[on_stack]["style"] and "peripheries" not in nodes[on_stack]
    # C is not entered yet but A has expanded: C is a dotted "not yet visited" ghost.
    assert nodes["g0_1"]["style"] == "dotted"
    assert "n4" not in nodes and "n5" not in nodes  # C's children: parent not expanded
    assert "after step" in draw(trace, step=step).source
    assert "current node" in nodes["legend"]["label"]


def test_step_zero_shows_the_whole_given_tree_unvisited(parse: Any) -> None:
    # A textbook tree is the exercise's data: every node from step 0, all alike (dotted),
    # the leaves with their given values; nothing tells which the search will prune.
    trace = textbook()
    nodes, edges = parse(draw(trace, step=0, legend=False))
    assert len(nodes) == len(trace.game.preorder()) == 8  # A to H
    assert {a["style"] for a in nodes.values()} == {"dotted"} and len(edges) == 7


def test_the_whole_trace_equals_its_last_step() -> None:
    trace = textbook()
    assert draw(trace).source.replace("\n", "") == draw(trace, step=len(trace)).source.replace("\n", "")


def test_draw_is_pure_and_deterministic() -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta", tt=True)
    assert draw(trace, windows=True).source == draw(trace, windows=True).source
    again = negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta", tt=True)
    assert draw(trace).source == draw(again).source


# ------------------------------------------------------------------- perspective
def value_row(label: str) -> str:
    """The value cell of a textbook label: the second row."""
    return re.findall(r"<TD[^>]*>(.*?)</TD>", label)[1]


def test_negamax_and_minimax_views(parse: Any) -> None:
    trace = textbook()
    neg, _ = parse(draw(trace))
    mini, _ = parse(draw(trace, perspective="minimax"))
    # B (odd depth) returns -5 for its side to move; the first player sees 5.
    assert value_row(neg["n1"]["label"]) == "−5" and value_row(mini["n1"]["label"]) == "5"
    # D (even depth) is the same in both views.
    assert value_row(neg["n2"]["label"]) == value_row(mini["n2"]["label"]) == "7"
    # C failed high for its side to move (≥ -3), i.e. at most 3 for the first player.
    assert value_row(neg["n4"]["label"]) == "≥−3" and value_row(mini["n4"]["label"]) == "≤3"
    assert "diagonals" in neg["n4"]["style"] and "rounded" in mini["n4"]["style"]
    assert "▲" in neg["n0"]["label"] and "▼" in neg["n1"]["label"]
    assert "minimax view" in draw(trace, perspective="minimax").source
    # Issue 30: the minimax view's values are the first player's, not "negated"; the
    # negamax legend does not call the players max and min (every node maximises).
    mini_source, neg_source = draw(trace, perspective="minimax").source, draw(trace).source
    assert view_caption("minimax") in mini_source and "▼ min nodes at odd depth" in mini_source
    assert view_caption("negamax") in neg_source and mover_marks("negamax") in neg_source
    assert "(max)" not in neg_source and "(min)" not in neg_source and "negated" not in mini_source
    assert mover_marks("minimax") in mini_source


def test_windows_show_alpha_beta_and_bound_type(parse: Any) -> None:
    nodes, _ = parse(draw(textbook(), windows=True))
    assert "(−∞, −5)" in nodes["n4"]["label"]  # C: B's 5 raised A's alpha; C gets (-beta, -alpha)
    assert "(5, ∞)" in nodes["n5"]["label"]  # F: C's window negated again
    assert "=7" in nodes["n2"]["label"] and "≥−3" in nodes["n4"]["label"]  # bound type always shown
    plain, _ = parse(draw(textbook()))
    assert "∞" not in plain["n5"]["label"] and ">7<" in plain["n2"]["label"]
    mini, _ = parse(draw(textbook(), windows=True, perspective="minimax"))
    assert "(5, ∞)" in mini["n4"]["label"]  # C at odd depth: the first player's view of (-inf, -5)
    assert "(5, ∞)" in mini["n5"]["label"]  # F at even depth: unchanged


def test_minimax_root_moved_by_second_player(parse: Any) -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="negamax")  # o to move
    assert trace.result is not None and trace.result.first_player == 1
    nodes, _ = parse(draw(trace, perspective="minimax", max_nodes=30))
    assert "▼" in nodes["n0"]["label"]
    assert view_caption("minimax", 1) in draw(trace, perspective="minimax", max_nodes=30).source
    assert "▼ min nodes at even depth" in view_caption("minimax", 1)


# ------------------------------------------------------------------- games
def test_tic_tac_toe_nodes_are_boards_with_the_last_move_marked(parse: Any) -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta")
    nodes, edges = parse(draw(trace, max_nodes=40))
    first = trace.nodes[0].children[0]
    label = nodes[f"n{first}"]["label"]
    assert label.count('FIXEDSIZE="TRUE"') == 9
    assert label.count("BGCOLOR") == 1  # the cell of the last move
    assert re.search(r'BGCOLOR="[^"]+"><FONT POINT-SIZE="10"><B>O</B>', label)
    names = {h: a.get("label") for t, h, a in edges if t == "n0"}
    assert names[f"n{first}"] == "c1"  # edges carry move names


def test_othello_nodes_are_boards_of_discs(parse: Any) -> None:
    trace = negaviz.record(negaviz.Othello(4), algorithm="alphabeta", depth=2)
    nodes, edges = parse(draw(trace))
    assert nodes["n0"]["label"].count('FIXEDSIZE="TRUE"') == 16
    assert nodes["n0"]["label"].count("●") == 2 and nodes["n0"]["label"].count("○") == 2
    assert {a["label"] for t, _, a in edges if t == "n0"} == {"b1", "a2", "d3", "c4"}


def test_trace_without_game_falls_back_to_node_numbers(parse: Any) -> None:
    full = textbook()
    bare = Trace(full.stream, full.move_lists, len(full))
    nodes, edges = parse(draw(bare))
    assert "node 4" in nodes["n4"]["label"]
    assert len(edges) == 7 and all("label" in a for _, _, a in edges)  # moves by str()
    with pytest.raises(ValueError, match="dag=True needs the trace's game"):
        draw(bare, dag=True)


# ------------------------------------------------------------------- dag and TT
def test_tt_hits_are_marked(parse: Any) -> None:
    trace = negaviz.record(negaviz.TicTacToe("x../.o./..."), algorithm="alphabeta", tt=True)
    tt = [n.id for n in trace.nodes if n.ending == "tt"]
    assert tt
    nodes, _ = parse(draw(trace, max_nodes=10_000, legend=True))
    assert all("<B>TT</B>" in nodes[f"n{n}"]["label"] for n in tt)
    assert nodes[f"n{tt[0]}"]["fillcolor"] != "#FFFFFF"
    assert "transposition-table hit" in nodes["legend"]["label"]


def test_dag_merges_transpositions_with_dashed_edges_to_the_node_drawn(parse: Any) -> None:
    game = negaviz.TicTacToe("x../.o./...")
    trace = negaviz.record(game, algorithm="alphabeta", tt=True)
    tree_nodes, _ = parse(draw(trace, max_nodes=10_000, legend=False))
    nodes, edges = parse(draw(trace, dag=True, max_nodes=10_000, legend=False))
    assert len(nodes) < len(tree_nodes)
    keys = [game.key(trace.position(int(n[1:]))) for n in nodes if n.startswith("n")]
    assert len(keys) == len(set(keys))  # each position drawn once
    merged = [(t, h, a) for t, h, a in edges if a.get("constraint") == "false"]
    assert merged and any(a["style"] == "dashed" and "(TT)" in a["label"] for _, _, a in merged)
    for _, head, _ in merged:
        assert head in nodes


def test_dag_on_a_textbook_tree_with_a_shared_node(parse: Any) -> None:
    trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(D F:3))"), algorithm="negamax")
    nodes, edges = parse(draw(trace, dag=True, legend=False))
    assert sum(">D<" in a["label"] for a in nodes.values()) == 1
    assert sum(1 for _, h, _ in edges if h == "n2") == 2  # D from B and from C


# ------------------------------------------------------------------- options
def test_custom_styles_are_used(parse: Any) -> None:
    def red(view: NodeView) -> dict[str, str]:
        return {**default_node_style(view), "fontcolor": "red"}

    def dotted_edges(view: Any) -> dict[str, str]:
        return {"style": "dotted"}

    nodes, edges = parse(draw(textbook(), node_style=red, edge_style=dotted_edges, legend=False))
    assert all(a["fontcolor"] == "red" for a in nodes.values())
    assert all(a["style"] == "dotted" for _, _, a in edges)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"perspective": "max"}, r"unknown perspective 'max' \(must be one of 'negamax', 'minimax'\)"),
        ({"max_nodes": 2}, "max_nodes must be a whole number of at least 4, not 2"),
        ({"step": 10_000}, r"step 10000 is outside 0\.\.\d+"),
    ],
)
def test_bad_options_are_named(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        draw(textbook(), **options)


def test_partial_trace_shows_the_open_nodes_as_the_stack(parse: Any) -> None:
    trace = negaviz.record(negaviz.TicTacToe("x../.o./..."), algorithm="negamax", max_nodes=25)
    assert not trace.complete
    nodes, _ = parse(draw(trace))
    currents = [n for n, a in nodes.items() if a.get("peripheries") == "2"]
    assert len(currents) == 1
    # A board's picture holds the nodes entered, as the page's does (issue 54): no
    # placeholder for the moves the stopped search had not tried.
    assert "not yet visited" not in nodes["legend"]["label"]
    assert sorted(n for n in nodes if n != "legend") == sorted(f"n{i}" for i in range(len(trace.nodes)))


def test_flags_and_styles_are_checked_not_taken_as_truthy() -> None:
    """Issue 29: picture(trace, windows='no') drew windows; dag='yes' and legend=None were
    taken as given; node_style=5 failed as "'int' object is not callable"."""
    from negaviz.errors import InputError
    from negaviz.display import picture

    textbook_trace = textbook()
    for kwargs, words in [({"windows": "no"}, "windows must be True or False, not 'no'"),
                          ({"dag": "yes"}, "dag must be True or False, not 'yes'"),
                          ({"legend": None}, "legend must be True or False, not None"),
                          ({"node_style": 5}, "node_style must be a function"),
                          ({"edge_style": "dashed"}, "edge_style must be a function")]:
        with pytest.raises(InputError, match=re.escape(words)):
            draw(textbook_trace, **kwargs)
        with pytest.raises(InputError, match=re.escape(words)):
            picture(textbook_trace, **kwargs)
    assert draw(textbook_trace, windows=False).source == draw(textbook_trace).source
