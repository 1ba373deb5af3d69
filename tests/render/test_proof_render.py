"""Tests of negaviz.render.proof.draw_proof, through the DOT source (dot only where marked)."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from negaviz import TicTacToe, Tree
from negaviz.errors import InputError
from negaviz.render.proof import ProofNodeView, default_proof_node_style, draw_proof
from negaviz.search.proof import ProofTree, prove

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
SEED = "x.o/x../o.."
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
def seed() -> tuple[TicTacToe, ProofTree]:
    game = TicTacToe()
    return game, prove(game, game.parse(SEED)).proofs[0]


class Evil(Tree):
    """A textbook tree whose labels try to break out of DOT and HTML."""

    def label(self, pos: int) -> str:
        name = super().label(pos)
        return {"A": 'A"<b>', "B": "B&\\", "C": "C>]"}.get(name, name)


@pytest.mark.slow
def test_one_dot_node_per_proof_node_and_one_edge_less(parse: Any) -> None:
    game, proof = seed()
    nodes, edges = parse(draw_proof(game, proof))
    assert len(nodes) == proof.nodes == 10 and len(edges) == 9
    tails = {t for t, _, _ in edges}
    assert all(t in nodes for t in tails) and all(h in nodes for _, h, _ in edges)
    # the empty board's draw proofs too, with room for every node
    for p in prove(game).proofs:
        nodes, edges = parse(draw_proof(game, p, max_nodes=p.nodes))
        assert len(nodes) == p.nodes and len(edges) == p.nodes - 1


def test_prover_and_opponent_differ_in_shape_and_leaves_have_double_borders(parse: Any) -> None:
    game, proof = seed()
    nodes, _ = parse(draw_proof(game, proof))
    assert nodes["p0"]["shape"] == "box"  # x, the prover, to move
    assert nodes["p1"]["shape"] == "ellipse"  # o's every reply follows
    assert [nodes[f"p{i}"]["shape"] for i in range(2, 6)] == ["box"] * 4
    leaves = [n for n, a in nodes.items() if a.get("peripheries") == "2"]
    assert leaves == [f"p{i}" for i in range(6, 10)]
    assert all("x wins" in nodes[n]["label"] for n in leaves)  # TicTacToe names its players


def test_edges_carry_move_names_and_the_provers_moves_stand_out(parse: Any) -> None:
    game, proof = seed()
    _, edges = parse(draw_proof(game, proof))
    assert [a["label"] for _, _, a in edges] == ["b2", "b1", "c2", "b3", "c3", "c2", "c3", "c2", "c2"]
    thick = [(t, h) for t, h, a in edges if a.get("penwidth") == "2.5"]
    assert thick == [("p0", "p1"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8"), ("p5", "p9")]


def test_board_labels_mark_the_last_move(parse: Any) -> None:
    game, proof = seed()
    nodes, _ = parse(draw_proof(game, proof))
    label = nodes["p1"]["label"]  # after x's b2
    assert label.count("<TD WIDTH") == 9 and label.count("BGCOLOR") == 1
    assert "BGCOLOR" not in nodes["p0"]["label"]  # the root: no move led here


@pytest.mark.slow
def test_title_states_the_claim_and_the_size() -> None:
    game, proof = seed()
    source = draw_proof(game, proof).source
    assert "x wins: proof tree of 10 nodes" in source and ">= 1" in source
    assert "folded" not in source
    small = prove(game, minimal=True).proofs[1]
    title = draw_proof(game, small).source
    assert "o can at least draw: proof tree of 1,280 nodes (minimal; " in title


def test_textbook_proofs_name_nodes_and_show_leaf_values(parse: Any) -> None:
    game = Tree.parse(TEXTBOOK)
    low, high = prove(game).proofs
    nodes, edges = parse(draw_proof(game, high))
    assert len(nodes) == 5 and len(edges) == 4
    assert "<B>E</B>" in nodes["p3"]["label"] and ">5<" in nodes["p3"]["label"]
    assert nodes["p0"]["shape"] == "ellipse"  # max is the opponent of min's claim
    assert not any("label" in a for _, _, a in edges)  # the child's name is the move


@pytest.mark.slow
@pytest.mark.parametrize("max_nodes", [2, 3, 7, 20, 60, 200])
def test_folding_keeps_within_the_budget_and_accounts_for_every_node(max_nodes: int, parse: Any) -> None:
    game = TicTacToe()
    proof = prove(game).proofs[0]  # 262 nodes
    dot = draw_proof(game, proof, max_nodes=max_nodes)
    nodes, edges = parse(dot)
    summaries = {n: a for n, a in nodes.items() if n.startswith("f")}
    assert len(nodes) <= max_nodes and summaries
    counts = [int(re.search(r"\+([\d,]+) nodes?", a["label"]).group(1).replace(",", "")) for a in summaries.values()]  # type: ignore[union-attr]
    assert len(nodes) - len(summaries) + sum(counts) == proof.nodes
    assert len(edges) == len(nodes) - 1
    assert all(a["shape"] == "folder" for a in summaries.values())
    assert f"max_nodes={max_nodes}" in dot.source


def test_drawing_is_deterministic_and_escapes_game_text() -> None:
    game = Evil.parse("[[1, 2], [3]]")
    proof = prove(game).proofs[0]
    first, second = draw_proof(game, proof), draw_proof(game, proof)
    assert first.source == second.source
    assert "A&quot;&lt;b&gt;" in first.source and "<b>" not in first.source
    assert "C&gt;]" in first.source  # C wins for max at once: B is not in the proof
    assert "B&amp;" not in first.source


def test_style_functions_are_replaceable(parse: Any) -> None:
    game, proof = seed()

    def courier(view: ProofNodeView) -> dict[str, str]:
        return {**default_proof_node_style(view), "fontname": "Courier"}

    nodes, _ = parse(draw_proof(game, proof, node_style=courier))
    assert all(a["fontname"] == "Courier" for a in nodes.values())


def test_bad_arguments_are_refused_at_the_edge() -> None:
    game, proof = seed()
    with pytest.raises(InputError, match="max_nodes must be a whole number of at least 2, not 1"):
        draw_proof(game, proof, max_nodes=1)
    with pytest.raises(InputError, match=r"draw_proof\(\) takes a proof from prove\(\) \(its result, or one of its .proofs\), not a str"):
        draw_proof(game, "proof")
    with pytest.raises(InputError, match=r"^draw_proof\(\) needs a proof, not the game: draw_proof\(prove\(game\)\)"):
        draw_proof(game)


def test_a_proof_is_drawn_from_what_prove_returns() -> None:
    """The README's three lines: a game, prove(), draw_proof() of the result."""
    game = TicTacToe("x.o/x../o..")
    proofs = prove(game)
    assert draw_proof(proofs).source == draw_proof(proofs.proofs[0]).source == draw_proof(game, proofs).source
    draw = prove(TicTacToe())  # a draw: two proofs, so the call says which to pass
    with pytest.raises(InputError) as caught:
        draw_proof(draw)
    assert str(caught.value) == (
        "draw_proof() draws one proof, and prove() found 2 here (x can at least draw and o can at least draw): "
        "draw one, draw_proof(proofs.proofs[0]) or draw_proof(proofs.proofs[1])"
    )
    assert "\n" not in str(caught.value)


def test_a_proof_of_another_game_is_refused() -> None:
    proof = prove(TicTacToe("x.o/x../o..")).proofs[0]
    tree = Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
    with pytest.raises(InputError, match=r"^draw_proof\(\): the proof is of a TicTacToe, not of the Tree tree=A\(B"):
        draw_proof(tree, proof)
    other = Tree.parse("A(B:1 C:2)")
    with pytest.raises(InputError, match=r"the proof is of a Tree tree=A\(B\(D:7.*not of the Tree tree=A\(B:1 C:2\) given"):
        draw_proof(other, prove(tree))
    assert draw_proof(TicTacToe(), proof).source == draw_proof(proof).source  # the same rules: any start will do


@needs_dot
def test_dot_renders_byte_identical_svg_without_warnings() -> None:
    game = TicTacToe()
    for proof in (*prove(game, game.parse(SEED)).proofs, prove(game).proofs[0]):
        source = draw_proof(game, proof, max_nodes=80).source
        runs = [subprocess.run(["dot", "-Tsvg"], input=source.encode(), capture_output=True, check=False) for _ in range(2)]
        assert runs[0].returncode == 0 and runs[0].stderr == b"", runs[0].stderr.decode()
        assert runs[0].stdout == runs[1].stdout
        root = ET.fromstring(runs[0].stdout)
        ids = {el.get("id") for el in root.iter() if el.get("id")}
        assert "p0" in ids
