"""Chance nodes: the tree text, the dice race, and the two chance searches (expectimax,
star1) against an independent expectiminimax written here with MAX, MIN and CHANCE nodes
(no negamax, no shared code)."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import negaviz
from negaviz import InputError, Tree, record, search
from negaviz.games import from_spec, make_game
from negaviz.games.dice import WIN, DiceRace
from negaviz.search.events import CutReason, EventKind
from negaviz.search.result import Stopped
from negaviz.trace.jsonio import dumps, loads
from negaviz.trace.validate import check_stream

K = EventKind


# ----------------------------------------------------------------- an independent oracle
def oracle(game: Any, pos: Any, maximizing: bool | None = None) -> Fraction:
    """Expectiminimax for the root's player, as AIMA's Figure 5.11 states it: MAX takes
    the largest, MIN the smallest, a chance node its outcomes' probability-weighted sum;
    who maximises is read from ``player()`` (0 is the root's player), never from depth;
    a leaf's score is turned to the root player's view by who is to move there."""
    root_player = game.player(game.root)
    if game.is_terminal(pos):
        v = Fraction(game.score(pos))
        return v if game.player(pos) == root_player else -v
    chance = game.outcomes(pos) if hasattr(game, "outcomes") else None
    if chance is not None:
        return sum((Fraction(p) * oracle(game, game.play(pos, o)) for o, p in chance), Fraction(0))
    values = [oracle(game, game.play(pos, m)) for m in game.moves(pos)]
    return max(values) if game.player(pos) == root_player else min(values)


@st.composite
def chance_trees(draw: Any) -> tuple[str, int]:
    """Tree text with chance nodes (probabilities as fractions, decimals or none written)
    and MAX/MIN nodes anywhere, leaves 0..9, and 1 or 2 players."""
    names = (f"N{i}" for i in itertools.count())

    def node(depth: int) -> str:
        name = next(names)
        if depth == 0 or draw(st.integers(0, 4)) == 0:
            return f"{name}:{draw(st.integers(0, 9))}"
        n = draw(st.integers(1, 3))
        kids = [node(depth - 1) for _ in range(n)]
        if not draw(st.booleans()):
            return f"{name}(" + " ".join(kids) + ")"
        style = draw(st.sampled_from(["fractions", "none", "decimals"]))
        if style == "none":
            return f"{name}?(" + " ".join(kids) + ")"
        if style == "decimals" and n == 2:
            p = draw(st.sampled_from([0.25, 0.5, 0.75, 0.1]))
            return f"{name}?({p} {kids[0]} {1 - p:.2f} {kids[1]})" if p != 0.1 else f"{name}?(0.1 {kids[0]} 0.9 {kids[1]})"
        weights = [draw(st.integers(1, 5)) for _ in kids]
        total = sum(weights)
        return f"{name}?(" + " ".join(f"{w}/{total} {k}" for w, k in zip(weights, kids)) + ")"

    return node(4), draw(st.sampled_from([1, 2]))


@settings(max_examples=150, deadline=None)
@given(chance_trees())
def test_expectimax_and_star1_agree_with_the_oracle_and_star1_visits_no_more(drawn: tuple[str, int]) -> None:
    text, players = drawn
    tree = Tree.parse(text, players=players)
    truth = oracle(tree, tree.root)
    full = search(tree, algorithm="expectimax")
    assert full.value == pytest.approx(float(truth), abs=1e-9)
    for bounds in ((0, 9), (-20, 20)):
        pruned = search(tree, algorithm="star1", leaf_bounds=bounds)
        assert pruned.value == pytest.approx(float(truth), abs=1e-9)
        assert pruned.nodes <= full.nodes
    for algorithm in ("expectimax", "star1"):
        trace = record(tree, algorithm=algorithm, **({"leaf_bounds": (0, 9)} if algorithm == "star1" else {}))
        check_stream(trace.stream, trace.move_lists, tree)
        assert trace.value == pytest.approx(float(truth), abs=1e-9)
        assert dumps(loads(dumps(trace))) == dumps(trace)


def test_star1_prunes_a_textbook_tree_and_says_why() -> None:
    # C's first outcome, F, is worth 1 to MAX: even with 4 behind G, C is at most 2.5 < B's 3.
    tree = Tree.parse("A(B?(1/2 D:3 1/2 E:3) C?(1/2 F:1 1/2 G:4))", players=1)
    trace = record(tree, algorithm="star1", leaf_bounds=(0, 4))
    cuts = [e for e in trace.events if e.kind == K.CUTOFF]
    assert [(trace.names.short(e.node), e.reason) for e in cuts] == [("C", CutReason.HIGH)]
    assert "G" not in {trace.names.short(n.id) for n in trace.nodes}
    c = next(n for n in trace.nodes if trace.names.short(n.id) == "C")
    assert c.chance == (-4, 0, True) and c.value == -2.5  # C is the opponent's: its view, outcomes' negated
    assert trace.value == 3 and search(tree, algorithm="expectimax").value == 3
    assert search(tree, algorithm="expectimax").nodes == 7 and trace.result.nodes == 6


def test_expectimax_can_choose_what_minimax_would_not() -> None:
    """The lecture's case: a gamble that minimax, taking chance for an enemy, refuses."""
    gamble = Tree.parse("A(B?(1/2 D:0 1/2 E:10) C?(1/2 F:4 1/2 G:4))", players=1)
    assert search(gamble, algorithm="expectimax").pv_names == ("B",)
    as_enemy = Tree.parse("A(B(D:0 E:10) C(F:4 G:4))")
    assert search(as_enemy, algorithm="alphabeta").pv_names[0] == "C"


# -------------------------------------------------------------------------- tree text
def test_tree_text_keeps_fractions_and_decimals_and_round_trips() -> None:
    text = "A(B?(1/6 D:3 5/6 E:-1) C?(0.25 F:2 0.75 G(H:1 I:2)) J?(K:1 L:2 M:3))"
    tree = Tree.parse(text)
    assert tree.text() == text
    assert tree.outcomes(tree.check_position("B")) == ((2, Fraction(1, 6)), (3, Fraction(5, 6)))
    assert tree.outcomes(tree.check_position("J")) == tuple((c, Fraction(1, 3)) for c in (10, 11, 12))
    assert tree.outcomes(0) is None and tree.has_chance
    assert not Tree.parse("A(B:1 C:2)").has_chance
    again = from_spec(json.loads(json.dumps(tree.spec())))
    assert again.text() == text and again.players == 2
    one = Tree.parse(text, players=1)
    assert one.spec() == {"game": "tree", "tree": text, "players": 1}
    assert from_spec(one.spec()).players == 1


def test_who_moves_follows_the_chance_nodes() -> None:
    two = Tree.parse("A(B?(D(F:1 G:2) E:3) C:4)")  # MAX, chance, MIN, leaves
    one = Tree.parse("A(B?(D(F:1 G:2) E:3) C:4)", players=1)  # MAX, chance (the opponent), MAX
    d = two.check_position("D")
    assert [two.player(n) for n in (0, 1, d)] == [0, 1, 1]
    assert [one.player(n) for n in (0, 1, d)] == [0, 1, 0]
    assert search(two, algorithm="expectimax").value == 4  # B: (1 + 3) / 2 = 2
    assert search(one, algorithm="expectimax").value == 4  # B: (2 + 3) / 2 = 2.5


@pytest.mark.parametrize(("text", "words"), [
    ("A(B?(1/6 D:3 4/6 E:-1))", "the probabilities of chance node B's outcomes sum to 5/6, not 1"),
    ("A(B?(0.5 D:3 0.6 E:-1))", "sum to 1.1, not 1"),
    ("A(B?(1/6 D:3 E:-1))", "outcome E of chance node B has no probability"),
    ("A(B?(-0.5 D:3 1.5 E:1))", "the probability of D under chance node B is -0.5: a probability lies between 0 and 1"),
    ("A(B?)", "chance node B needs its outcomes"),
    ("A(B?:3)", "chance node B needs its outcomes"),
    ("A(B?(1/0 D:1))", "a probability under chance node B is a decimal or a fraction of whole numbers"),
    ("A(B?(0.5/2 D:1))", "a probability under chance node B is a decimal or a fraction of whole numbers"),
    ("A(B?(0.5 D:1 0.5))", "expected an outcome of chance node B after its probability"),
    ("A(B?(D:1) C(B?))", "node name 'B' is used twice"),
])
def test_bad_chance_trees_are_refused_naming_the_node(text: str, words: str) -> None:
    with pytest.raises(InputError) as info:
        Tree.parse(text)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_bad_chance_data_given_as_python_is_refused() -> None:
    with pytest.raises(InputError, match="chance node A needs one probability per outcome"):
        Tree(["A", "B", "C"], [[1, 2], [], []], [None, 1, 2], chance=[[1], None, None])
    with pytest.raises(InputError, match="probability of B under chance node A is nan"):
        Tree(["A", "B", "C"], [[1, 2], [], []], [None, 1, 2], chance=[[math.nan, 0.5], None, None])
    with pytest.raises(InputError, match="players must be 1 .* or 2, not 3"):
        Tree.parse("A(B:1)", players=3)


# ------------------------------------------------------------------------ the searches
def test_the_other_algorithms_refuse_a_chance_tree() -> None:
    tree = Tree.parse("A(B?(D:1 E:2) C:3)")
    for algorithm in ("negamax", "minimax", "alphabeta", "pvs", "mtdf"):
        with pytest.raises(InputError, match=f"Tree has chance nodes, which '{algorithm}' cannot value: search it "
                                             "with algorithm 'expectimax', or 'star1' to prune"):
            search(tree, algorithm=algorithm)


class NoTop:
    """A game without max_score: star1 has no bounds to take from it."""

    root = 0

    def moves(self, pos: int) -> list[int]:
        return [1]

    def play(self, pos: int, move: int) -> int:
        return pos + move

    def is_terminal(self, pos: int) -> bool:
        return pos == 1

    def score(self, pos: int) -> int:
        return 0


def test_star1_needs_bounds_that_every_leaf_respects() -> None:
    with pytest.raises(InputError, match=r"star1 prunes at chance nodes only with bounds on every leaf's value, and "
                                         r"NoTop has no max_score: give them, e\.g\. leaf_bounds=\(0, 10\)"):
        search(NoTop(), algorithm="star1")
    tree = Tree.parse("A(B?(D:1 E:12) C:3)")
    with pytest.raises(InputError, match=r"gave 12 .* outside the leaf bounds \[0, 10\] star1 prunes with"):
        search(tree, algorithm="star1", leaf_bounds=(0, 10))
    assert search(tree, algorithm="star1").value == search(tree, algorithm="expectimax").value  # max_score: 12


@pytest.mark.parametrize(("options", "words"), [
    ({"algorithm": "star1", "leaf_bounds": (5, 5)}, "must be finite with L < U"),
    ({"algorithm": "star1", "leaf_bounds": (0, math.inf)}, "must be finite with L < U"),
    ({"algorithm": "star1", "leaf_bounds": "0 9"}, "leaf_bounds must be two numbers (L, U)"),
    ({"algorithm": "expectimax", "leaf_bounds": (0, 9)}, "leaf_bounds (--leaf-bounds) are for algorithm 'star1'"),
    ({"algorithm": "expectimax", "tt": True}, "tt does not apply to algorithm 'expectimax'"),
    ({"algorithm": "star1", "symmetry": True}, "symmetry does not apply to algorithm 'star1'"),
])
def test_chance_options_that_cannot_apply_are_refused(options: dict[str, Any], words: str) -> None:
    with pytest.raises(InputError) as info:
        search(Tree.parse("A(B?(D:1 E:2) C:3)"), **options)
    assert words in str(info.value)


class Coin:
    """A game whose chance position is written by hand, for the protocol's checks."""

    root = "start"

    def __init__(self, outcomes: Any, turn: str = "keep") -> None:
        self._outcomes, self._turn = outcomes, turn

    def moves(self, pos: str) -> list[str]:
        return ["toss"] if pos == "start" else [o for o, _ in self._outcomes]

    def play(self, pos: str, move: str) -> str:
        return "tossed" if pos == "start" else "end-" + str(move)

    def is_terminal(self, pos: str) -> bool:
        return pos.startswith("end")

    def score(self, pos: str) -> int:
        return 1

    def outcomes(self, pos: str) -> Any:
        return self._outcomes if pos == "tossed" else None

    def player(self, pos: str) -> int:
        if pos == "start":
            return 0
        if pos == "tossed":
            return 1
        return 0 if self._turn == "mixed" and pos.endswith("t") else 1


@pytest.mark.parametrize(("outcomes", "words"), [
    ([("h", 0.5), ("t", 0.6)], "Coin.outcomes()'s probabilities sum to 1.1 at chance position 'tossed', not 1"),
    ([("h", -0.5), ("t", 1.5)], "Coin.outcomes() gave outcome 'h' the probability -0.5 at chance position 'tossed'"),
    ([("h", math.nan), ("t", 0.5)], "the probability nan"),
    ([("h", "1/2"), ("t", 0.5)], "the probability '1/2'"),
    ([], "Coin.outcomes() returned no outcome at chance position 'tossed'"),
    ([("h",), ("t", 0.5)], "each outcome is a pair (outcome, probability)"),
    (5, "it must return a list of (outcome, probability) pairs"),
])
def test_a_games_bad_outcomes_are_refused_naming_the_position(outcomes: Any, words: str) -> None:
    with pytest.raises(InputError) as info:
        search(Coin(outcomes), algorithm="expectimax")
    assert words in str(info.value)


def test_a_chance_position_must_leave_one_player_to_move() -> None:
    with pytest.raises(InputError, match="the outcomes of chance position 'tossed' leave different players to move"):
        search(Coin([("h", 0.5), ("t", 0.5)], turn="mixed"), algorithm="expectimax")
    assert search(Coin([("h", 0.5), ("t", 0.5)]), algorithm="expectimax").value == -1


def test_a_budget_keeps_the_partial_trace() -> None:
    game = DiceRace("3 3 6")
    trace = record(game, algorithm="star1", max_nodes=50)
    assert trace.result.stopped == Stopped.BUDGET and not trace.complete and trace.result.nodes == 50
    check_stream(trace.stream, trace.move_lists, game)
    assert loads(dumps(trace)).complete is False


# ------------------------------------------------------------------------- the dice race
@pytest.mark.parametrize("position", ["2 2 4", "3 3 6", "2 3 5 d2", "3 2 7 d6"])
def test_the_dice_race_agrees_with_the_oracle(position: str) -> None:
    game = DiceRace(position)
    truth = float(oracle(game, game.root))
    full = search(game, algorithm="expectimax")
    pruned = search(game, algorithm="star1")
    assert full.value == pytest.approx(truth) and pruned.value == pytest.approx(truth)
    assert pruned.nodes < full.nodes and pruned.cutoffs > 0
    assert -WIN <= truth <= WIN


def test_the_dice_race_plays_and_refuses_as_a_game_should() -> None:
    game = make_game("dice", "2 2 4")
    assert game.spec() == {"game": "dice", "position": "2 2 4"}
    assert from_spec(game.spec()).root == game.root
    ran = game.play(game.root, "run")
    assert game.label(ran) == "red 2, blue 2; 3 moves left; red ran: the die is thrown"
    assert game.player(ran) == 1 and [game.move_name(ran, m) for m in game.moves(ran)] == ["+0", "+2", "+3"]
    assert game.play(ran, 3) == (2, 0, 3, False) and game.is_terminal(game.play(ran, 3))
    assert game.score(game.play(ran, 3)) == -WIN
    for bad, words in (("9 9", "written 'RED BLUE MOVES [dN]'"), ("0 3 4", "1 to 9 squares"),
                       ("3 3 4 d9", "2 to 6 sides"), ("3 3 0", "1 to 40 moves")):
        with pytest.raises(InputError, match=words.replace("[", r"\[").replace("]", r"\]")):
            DiceRace(bad)
    with pytest.raises(InputError, match="'jump' is not a move of the dice race"):
        game.play(game.root, "jump")
    depth = search(game, algorithm="expectimax", depth=3)
    assert depth.value is not None and search(game, algorithm="star1", depth=3).value == pytest.approx(depth.value)


def test_a_chance_search_is_deterministic_to_the_byte() -> None:
    game = DiceRace("3 3 6")
    first = dumps(record(game, algorithm="star1"))
    assert first == dumps(record(DiceRace("3 3 6"), algorithm="star1"))
    assert json.loads(first)["result"]["options"]["algorithm"] == "star1"


def test_mcts_refuses_a_game_with_chance() -> None:
    from negaviz.search.mcts import mcts

    with pytest.raises(InputError, match="DiceRace has chance nodes, and MCTS here plays every move as a player's "
                                         "choice"):
        mcts(DiceRace("2 2 4"), iterations=10, seed=0)
