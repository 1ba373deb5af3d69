"""Proof trees: valid on every tic-tac-toe position, and as small as a brute force says.

The sizes are checked against counts computed here on 9-cell strings (and on nested
lists for textbook trees), sharing no code with negaviz.search.proof.
"""

from __future__ import annotations

import dataclasses
import math
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from negaviz import MutableGame, TicTacToe, Tree
from negaviz.errors import InputError
from negaviz.search.proof import Claim, ProofNode, ProofTree, check_proof, prove
from negaviz.trace import record

INF = math.inf
SEED = "x.o/x../o.."  # the lecture's example: x to move wins


# ------------------------------------------------------------------ brute force
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def has_line(cells: str, mark: str) -> bool:
    return any(all(cells[c] == mark for c in line) for line in LINES)


def to_move(cells: str) -> str:
    return "x" if cells.count("x") == cells.count("o") else "o"


def is_over(cells: str) -> bool:
    return has_line(cells, "x") or has_line(cells, "o") or "." not in cells


def outcome(cells: str, mark: str) -> int:
    """The finished game's result for ``mark``: 1 win, 0 draw, -1 loss."""
    other = "o" if mark == "x" else "x"
    return 1 if has_line(cells, mark) else -1 if has_line(cells, other) else 0


def children(cells: str) -> list[str]:
    me = to_move(cells)
    return [cells[:i] + me + cells[i + 1 :] for i in range(9) if cells[i] == "."]


@lru_cache(maxsize=None)
def smallest_proof(cells: str, prover: str, need: int) -> float:
    """Fewest nodes of a tree in which ``prover`` gets at least ``need`` (inf: no such tree).

    Needs no game values: an impossible claim simply has no finite tree.
    """
    if is_over(cells):
        return 1 if outcome(cells, prover) >= need else INF
    sizes = [smallest_proof(c, prover, need) for c in children(cells)]
    return 1 + (min(sizes) if to_move(cells) == prover else sum(sizes))


def first_move_proof(cells: str, prover: str, need: int, values: dict[str, int]) -> int:
    """Nodes of the proof that takes the prover's first move in cell order that ends the
    game keeping the claim, else its first good move."""
    if is_over(cells):
        return 1
    me = to_move(cells)
    kids = children(cells)
    if me != prover:
        return 1 + sum(first_move_proof(c, prover, need, values) for c in kids)
    if any(is_over(c) and -values[c] >= need for c in kids):  # a win (or a kept claim) in one move
        return 2
    good = next(c for c in kids if -values[c] >= need)  # the child's value is for the opponent
    return 1 + first_move_proof(good, prover, need, values)


def cells_of(game: TicTacToe, node: ProofNode) -> str:
    return game.cells(node.position)


def all_inner_positions(game: TicTacToe) -> list[Any]:
    """Every reachable non-terminal position, by a traversal with the game's own verbs."""
    seen = {game.key(game.root): game.root}
    frontier = [game.root]
    while frontier:
        pos = frontier.pop()
        if game.is_terminal(pos):
            continue
        for m in game.moves(pos):
            child = game.play(pos, m)
            if game.key(child) not in seen:
                seen[game.key(child)] = child
                frontier.append(child)
    return sorted((p for p in seen.values() if not game.is_terminal(p)), key=game.key)


# ------------------------------------------------------------------ every position
@pytest.mark.slow
def test_every_tic_tac_toe_position_has_valid_proofs_of_brute_force_size(ttt_reference: Any) -> None:
    # All 4,520 positions, both kinds of proof: about 15 s, so no sampling is needed.
    game = TicTacToe()
    positions = all_inner_positions(game)
    assert len(positions) == 4520 == len(ttt_reference.inner)
    shapes = {1: 0, 2: 0}
    for pos in positions:
        cells = game.cells(pos)
        value = ttt_reference.values[cells]
        first = prove(game, pos)
        small = prove(game, pos, minimal=True)
        assert first.value == small.value == value, cells
        expected = 2 if value == 0 else 1
        assert len(first.proofs) == len(small.proofs) == expected, cells
        shapes[expected] += 1
        for p, q in zip(first.proofs, small.proofs):
            assert check_proof(game, p) == [] and check_proof(game, q) == [], cells
            prover = "xo"[p.prover]
            need = int(p.claim.value) if p.claim.op == ">=" else -int(p.claim.value)
            mover_value = value if to_move(cells) == prover else -value
            assert need == mover_value  # each proof claims exactly the game's value
            assert not p.minimal and q.minimal and p.claim == q.claim
            assert q.nodes == smallest_proof(cells, prover, need), cells
            assert p.nodes == first_move_proof(cells, prover, need, ttt_reference.values), cells
            assert q.nodes <= p.nodes
    assert shapes[1] > 0 and shapes[2] > 0


@pytest.mark.slow
def test_the_empty_board_is_a_draw_proved_from_both_sides(ttt_reference: Any) -> None:
    game = TicTacToe()
    first, small = prove(game), prove(game, minimal=True)
    assert first.value == 0 and first.minimax_value == 0
    assert [(p.prover, str(p.claim)) for p in first.proofs] == [(0, ">= 0"), (1, "<= 0")]
    assert [p.nodes for p in first.proofs] == [262, 1725]
    assert [p.nodes for p in small.proofs] == [182, 1280]
    empty = "." * 9
    assert [p.nodes for p in small.proofs] == [smallest_proof(empty, "x", 0), smallest_proof(empty, "o", 0)]
    # x's claim "at least a draw" is exactly as hard as o's claim, seen from the other side:
    # a first-player win cannot be proved.
    assert smallest_proof(empty, "x", 1) == INF


def test_the_lecture_example_is_a_win_for_x_in_ten_nodes() -> None:
    game = TicTacToe()
    pos = game.parse(SEED)
    for minimal in (False, True):
        proofs = prove(game, pos, minimal=minimal)
        assert proofs.value == 1
        (proof,) = proofs.proofs
        assert (proof.prover, str(proof.claim), proof.description) == (0, ">= 1", "x wins")
        assert proof.nodes == 10 == smallest_proof(game.cells(pos), "x", 1)
        root = proof.root
        assert root.prover_to_move and len(root.children) == 1
        (x_move,) = root.children
        assert not x_move.prover_to_move and len(x_move.children) == len(game.moves(x_move.position)) == 4
        for reply in x_move.children:  # every o reply is met by a winning x move
            (win,) = reply.children
            assert game.is_terminal(win.position) and has_line(cells_of(game, win), "x")
        assert check_proof(game, proof) == []


def test_the_proof_of_a_lost_position_belongs_to_the_second_player() -> None:
    game = TicTacToe()
    pos = game.parse("xx./oo./x..")  # o to move completes the middle row
    proofs = prove(game, pos)
    assert proofs.value == 1 and proofs.minimax_value == -1
    (proof,) = proofs.proofs
    assert (proof.prover, str(proof.claim), proof.nodes) == (1, "<= -1", 2)
    assert proof.root.prover_to_move and game.move_name(pos, proof.root.children[0].move) == "c2"


# ------------------------------------------------------------------ textbook trees
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


def names(game: Tree, node: ProofNode) -> Any:
    """The tree as nested (label, children) pairs."""
    return (game.label(node.position), [names(game, c) for c in node.children])


def test_textbook_value_between_extremes_is_pinned_by_two_proofs() -> None:
    game = Tree.parse(TEXTBOOK)
    proofs = prove(game)
    assert proofs.value == 5
    low, high = proofs.proofs
    assert (str(low.claim), low.description) == (">= 5", "first player gets at least 5")
    assert (str(high.claim), high.description) == ("<= 5", "second player holds first player to at most 5")
    # max shows B, where min's every reply (D 7, E 5) gives at least 5 ...
    assert names(game, low.root) == ("A", [("B", [("D", []), ("E", [])])]) and low.nodes == 4
    # ... and min answers each max move with a reply worth at most 5.
    assert names(game, high.root) == ("A", [("B", [("E", [])]), ("C", [("F", [])])]) and high.nodes == 5
    assert check_proof(game, low) == [] and check_proof(game, high) == []


def test_a_textbook_win_by_the_maximum_needs_one_proof() -> None:
    game = Tree.parse("A(B(D:9 E:9) C(F:1 G:9))")
    proofs = prove(game)
    assert proofs.value == 9 and [str(p.claim) for p in proofs.proofs] == [">= 9"]


def test_minimal_proof_can_be_smaller_than_the_first_good_move() -> None:
    # B and C both win for max; B needs both min replies answered, C only its one.
    game = Tree.parse("A(B(D:1 E:1) C(F:1))")
    assert prove(game).proofs[0].nodes == 4
    small = prove(game, minimal=True).proofs[0]
    assert small.nodes == 3 and names(game, small.root) == ("A", [("C", [("F", [])])])


def test_the_default_proof_plays_a_win_in_one() -> None:
    """A proof that walks past a win in one to win later reads as a blunder."""
    game = Tree.parse("A(B(D:1 E:1) C:1)")  # B wins too, but C ends the game at once
    proof = prove(game).proofs[0]
    assert proof.nodes == 2 and names(game, proof.root) == ("A", [("C", [])])
    ttt = TicTacToe("xx./oo./...")  # x to move: c1 wins at once; other moves lose or draw
    (won,) = prove(ttt).proofs
    assert won.root.children[0].move == 2 and won.nodes == 2


values_ = st.integers(-2, 2)
trees = st.recursive(values_, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=12)


def minimax(item: Any, depth: int = 0) -> int:
    if isinstance(item, int):
        return item
    vals = [minimax(c, depth + 1) for c in item]
    return max(vals) if depth % 2 == 0 else min(vals)


def brute(item: Any, depth: int, prover: int, claim: Claim) -> float:
    if isinstance(item, int):
        return 1 if claim.holds(item) else INF
    sizes = [brute(c, depth + 1, prover, claim) for c in item]
    return 1 + (min(sizes) if depth % 2 == prover else sum(sizes))


@pytest.mark.slow
@given(trees.filter(lambda t: isinstance(t, list)))
def test_random_textbook_trees_get_valid_minimal_proofs(nested: Any) -> None:
    game = Tree.from_lists(nested)
    v = minimax(nested)
    first, small = prove(game), prove(game, minimal=True)
    assert first.value == small.value == v
    decisive = v != 0 and abs(v) >= game.max_score
    assert len(small.proofs) == (1 if decisive else 2)
    for p, q in zip(first.proofs, small.proofs):
        assert check_proof(game, p) == [] and check_proof(game, q) == []
        assert q.nodes == brute(nested, 0, q.prover, q.claim) <= p.nodes


# ------------------------------------------------------------------ the checker
def seed_proof() -> tuple[TicTacToe, ProofTree]:
    game = TicTacToe()
    return game, prove(game, game.parse(SEED)).proofs[0]


def with_children(node: ProofNode, kids: tuple[ProofNode, ...]) -> ProofNode:
    return dataclasses.replace(node, children=kids)


def test_checker_finds_a_missing_reply() -> None:
    game, proof = seed_proof()
    (x_move,) = proof.root.children
    cut = with_children(x_move, x_move.children[1:])
    bad = dataclasses.replace(proof, root=with_children(proof.root, (cut,)), nodes=proof.nodes - 2)
    problems = check_proof(game, bad)
    assert len(problems) == 1 and "missing" in problems[0] and "after b2" in problems[0]


def test_checker_finds_two_moves_at_the_provers_node() -> None:
    game, proof = seed_proof()
    root = proof.root
    extra = ProofNode(game.play(root.position, 1), 1, (), False)
    bad = dataclasses.replace(proof, root=with_children(root, root.children + (extra,)))
    problems = check_proof(game, bad)
    assert any("exactly one" in p for p in problems)
    assert any("not terminal" in p for p in problems)


def test_checker_finds_a_losing_leaf_and_a_wrong_claim() -> None:
    game = TicTacToe()
    pos = game.parse("xx./oo./x..")  # o to move wins at c2; x cannot claim a win
    proof = prove(game, pos).proofs[0]
    assert check_proof(game, proof) == []
    wrong = dataclasses.replace(proof, prover=0, claim=Claim(">=", 1))
    problems = check_proof(game, wrong)
    assert any("does not satisfy the claim >= 1" in p for p in problems)
    assert any("prover_to_move" in p for p in problems)


def test_checker_finds_a_child_that_is_not_the_moves_position_and_a_wrong_count() -> None:
    game, proof = seed_proof()
    (x_move,) = proof.root.children
    moved = dataclasses.replace(x_move, move=(x_move.move + 1) % 9)
    bad = dataclasses.replace(proof, root=with_children(proof.root, (moved,)), nodes=11)
    problems = check_proof(game, bad)
    assert any("not the one move" in p for p in problems)
    assert any("says it has 11 nodes, but the tree has 10" in p for p in problems)


class Nim:
    """A course-style mutable game: take 1 or 2; whoever takes the last stone wins."""

    def __init__(self, stones: int) -> None:
        self.stones = stones
        self.made: list[int] = []

    def get_moves(self) -> list[int]:
        return [t for t in (1, 2) if t <= self.stones]

    def make_move(self, take: int) -> None:
        self.stones -= take
        self.made.append(take)

    def unmake_move(self, take: int) -> None:
        assert self.made.pop() == take
        self.stones += take

    def get_utility(self) -> int:
        return -1  # the side to move faces an empty pile: the opponent took the last stone

    def is_over(self) -> bool:
        return self.stones == 0


@pytest.mark.parametrize(("stones", "first_wins"), [(4, True), (6, False), (7, True)])
def test_a_mutable_game_is_proved_and_put_back(stones: int, first_wins: bool) -> None:
    nim = Nim(stones)
    game = MutableGame(nim, key=lambda obj: obj.stones, max_score=1)
    proofs = prove(game, minimal=True)
    assert proofs.value == (1 if first_wins else -1)
    (proof,) = proofs.proofs
    assert proof.prover == (0 if first_wins else 1)
    assert check_proof(game, proof) == []
    assert nim.stones == stones and nim.made == []  # the object is back where it was
    if first_wins:  # the winner always leaves a multiple of three
        assert (stones - proof.root.children[0].move) % 3 == 0


# ------------------------------------------------------------------ edges and output
class NamedTicTacToe(TicTacToe):
    player_names = ("x", "o")


def test_to_dict_uses_the_games_player_names() -> None:
    game = NamedTicTacToe()
    d = prove(game).to_dict()
    assert d["value"] == 0 and d["minimax_value"] == 0
    assert [(p["prover"], p["claim"], p["nodes"]) for p in d["proofs"]] == [("x", ">= 0", 262), ("o", "<= 0", 1725)]
    assert [p["description"] for p in d["proofs"]] == ["x can at least draw", "o can at least draw"]
    assert prove(game, game.parse(SEED)).proofs[0].description == "x wins"
    assert prove(Tree.parse(TEXTBOOK)).to_dict()["proofs"][0]["prover"] == "first"


@pytest.mark.slow
def test_walk_visits_the_tree_as_counted() -> None:
    game = TicTacToe()
    proof = prove(game, minimal=True).proofs[0]
    walked = list(proof.walk())
    assert len(walked) == proof.nodes and walked[0] == (0, proof.root)
    assert max(d for d, _ in walked) == 9 - 0  # a drawn game fills the board


def test_terminal_positions_and_non_games_are_refused() -> None:
    game = TicTacToe()
    with pytest.raises(InputError, match="terminal"):
        prove(game, game.parse("xxx/oo./..."))
    with pytest.raises(InputError, match="not a game"):
        prove(object())


# ------------------------------------------------------------------ what a lecturer passes
def test_check_proof_takes_what_prove_returns() -> None:
    game = TicTacToe("x.o/x../o..")
    proofs = prove(game)
    assert check_proof(proofs) == [] and check_proof(proofs.proofs[0]) == [] and check_proof(game, proofs) == []
    both = prove(TicTacToe())  # a draw: both proofs are checked, each problem says whose
    (low, high) = both.proofs
    bad = dataclasses.replace(both, proofs=(low, dataclasses.replace(high, nodes=high.nodes + 1)))
    assert check_proof(bad) == [f"o can at least draw: the proof says it has {high.nodes + 1} nodes, but the tree has {high.nodes}"]


@pytest.mark.parametrize(("args", "message"), [
    ((TicTacToe(),), "check_proof() needs a proof, not the game: check_proof(prove(game)), or check_proof(proofs.proofs[0])"),
    ((TicTacToe(), "proof"), "check_proof() takes a proof from prove() (its result, or one of its .proofs), not a str: "),
    ((Tree.parse("A(B:1 C:2)"), "PROOF"), "check_proof(): the proof is of a TicTacToe, not of the Tree tree=A(B:1 C:2) given: "
                                          "pass the proof alone, check_proof(proof)"),
    ((), "check_proof() takes a proof from prove() (and optionally its game first), not 0 arguments"),
])
def test_check_proof_refuses_anything_else_in_one_line(args: tuple[Any, ...], message: str) -> None:
    proof = prove(TicTacToe("x.o/x../o..")).proofs[0]
    args = tuple(proof if a == "PROOF" else a for a in args)
    with pytest.raises(InputError) as caught:
        check_proof(*args)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_a_proof_shows_itself_as_its_drawing_with_a_stable_text() -> None:
    proofs = prove(TicTacToe("x.o/x../o.."))
    (proof,) = proofs.proofs
    assert repr(proof) == f"<negaviz proof: x wins (>= 1), {proof.nodes} nodes>"
    shown = proofs._repr_mimebundle_()
    assert shown["text/plain"] == f"<negaviz proofs: value 1; x wins ({proof.nodes} nodes)>"
    assert "<svg" in shown["image/svg+xml"] and proof._repr_mimebundle_()["image/svg+xml"] == shown["image/svg+xml"]
    two = prove(TicTacToe())._repr_mimebundle_()  # two proofs: what each is (draw one with draw_proof)
    assert two == {"text/plain": "<negaviz proofs: value 0; x can at least draw (262 nodes), o can at least draw (1,725 nodes)>"}


def test_prove_reads_a_position_written_as_text_as_record_does() -> None:
    # prove() takes the text positions record() takes (it used to index a string as a position)
    game = TicTacToe()
    assert prove(game, "x.o/x../o..").value == prove(game, game.parse("x.o/x../o..")).value == 1
    tree = Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
    assert prove(tree, "C").value == record(tree, "C").result.value  # type: ignore[union-attr]
    with pytest.raises(InputError, match="bad tic-tac-toe position 'zzz'"):
        prove(game, "zzz")
