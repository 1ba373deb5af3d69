"""Tests of negaviz.search.mcts: UCT and flat Monte Carlo over the game protocol."""

from __future__ import annotations

import math
import statistics
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negaviz import InputError, TicTacToe, Tree, search
from negaviz.errors import SearchInterrupted
from negaviz.games.connect4 import ConnectFour
from negaviz.search import Observer, Stopped
from negaviz.search.mcts import DEFAULT_C, MctsOptions, mcts
from negaviz.trace.mcts import record_mcts


class Watcher(Observer):
    """Every MCTS hook, as called."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def iteration(self, k: int) -> None:
        self.calls.append(("iteration", k))

    def selection(self, index: int, ucb: float, exploit: float, explore: float) -> None:
        self.calls.append(("select", index, ucb, exploit, explore))

    def expansion(self, index: int) -> None:
        self.calls.append(("expand", index))

    def playout(self, result: float, length: int) -> None:
        self.calls.append(("playout", result, length))

    def backup(self, n: int, w: float) -> None:
        self.calls.append(("backup", n, w))


def selections(game: Any, **options: Any) -> list[tuple[Any, ...]]:
    w = Watcher()
    mcts(game, observer=w, **options)
    return [c for c in w.calls if c[0] == "select"]


# --- UCB against hand-computed values -------------------------------------------------
# A root with three leaves: every playout has length 0, so W and N are known by hand.
# MAX moves at the root; a leaf's value is MAX's, so each child's Q is its leaf value.
THREE = Tree.parse("[3,1,2]")


def test_the_first_selection_follows_three_expansions_in_move_order() -> None:
    w = Watcher()
    mcts(THREE, iterations=4, observer=w)
    kinds = [c[0] for c in w.calls]
    assert kinds[:5] == ["iteration", "expand", "playout", "backup", "backup"]
    assert [c[1] for c in w.calls if c[0] == "expand"] == [0, 1, 2]  # unvisited children first, in move order
    assert [c[1:] for c in w.calls if c[0] == "playout"][:3] == [(3, 0), (1, 0), (2, 0)]
    # iteration 4: N(root) = 3, each child N = 1: explore = 1.4 * sqrt(ln 3 / 1)
    # ln 3 = 1.0986122886681098, sqrt = 1.0481470739, times 1.4 = 1.4674059035
    (_, index, ucb, exploit, explore), = [c for c in w.calls if c[0] == "select"]
    assert (index, exploit) == (0, 3)
    assert explore == pytest.approx(1.4674059035, abs=1e-9)
    assert ucb == pytest.approx(4.4674059035, abs=1e-9)


def test_ucb_values_at_the_fifth_iteration_by_hand() -> None:
    # Iteration 5: N(root) = 4; child 0 has N = 2, W = 6; children 1 and 2 N = 1.
    # sqrt(ln 4 / 2) = 0.8325546112, sqrt(ln 4) = 1.1774100225.
    # C = 1.4: child 0: 3 + 1.1655764556 = 4.1655764556; child 2: 2 + 1.6483740315: child 0.
    sel = selections(THREE, iterations=5)
    assert sel[1][1] == 0 and sel[1][2] == pytest.approx(4.1655764556, abs=1e-9)
    # C = 4: child 0: 3 + 3.3302184446 = 6.3302; child 2: 2 + 4.7096400900 = 6.7096: child 2.
    sel = selections(THREE, iterations=5, c=4)
    assert sel[1][1] == 2
    assert (sel[1][3], sel[1][4]) == (2, pytest.approx(4.7096400900, abs=1e-9))


def test_ties_go_to_the_first_child_in_move_order() -> None:
    sel = selections(Tree.parse("[2,2]"), iterations=3)
    assert sel == [("select", 0, pytest.approx(2 + 1.4 * math.sqrt(math.log(2))), 2, pytest.approx(1.4 * math.sqrt(math.log(2))))]


def test_the_default_exploration_constant_is_aimas() -> None:
    assert DEFAULT_C == 1.4 and MctsOptions().c == 1.4


# --- negamax form ---------------------------------------------------------------------
def test_backups_are_negated_at_each_step_up() -> None:
    # A two-ply tree: the playout from B (MIN to move) ends at a leaf valued for MAX.
    w = Watcher()
    mcts(Tree.parse("[[4]]"), iterations=1, observer=w)
    assert w.calls == [
        ("iteration", 1), ("expand", 0), ("playout", 4, 1),  # 4 for MAX, who moved into B
        ("backup", 1, 4), ("backup", 1, -4),  # B's W is MAX's view; the root's is MIN's
    ]


def test_every_iteration_passes_through_one_root_child() -> None:
    r = mcts(TicTacToe("x../.o./..."), iterations=400, seed=2)
    assert sum(r.visits) == r.iterations == 400
    assert r.visits[list(r.moves).index(r.move)] == max(r.visits)
    assert r.value == r.totals[list(r.moves).index(r.move)] / max(r.visits)


# --- convergence to the minimax value -------------------------------------------------
POSITIONS = [
    Tree.parse("[[7,5],[3,1,9]]"),
    Tree.parse("[[[3,8],[2,5]],[[1,4],[6,0]]]"),
    TicTacToe("x.o/x../o.."),
    TicTacToe("xo./.x./..o"),
    TicTacToe("x../.o./..."),
]


@pytest.mark.parametrize("game", POSITIONS, ids=lambda g: str(getattr(g, "spec", lambda: g)()))
def test_the_root_value_converges_to_the_minimax_value(game: Any) -> None:
    """Statistical, with a fixed seed set (0..9): after 3000 iterations every seed's value
    is within 0.1 of alpha-beta's proven value (measured: at most 0.055), and the mean
    error at 3000 iterations is less than a third of that at 30."""
    proven = search(game, algorithm="alphabeta").value
    errors = {n: [abs(mcts(game, iterations=n, seed=s).value - proven) for s in range(10)] for n in (30, 3000)}
    assert max(errors[3000]) <= 0.1
    assert statistics.mean(errors[3000]) < statistics.mean(errors[30]) / 3


def test_uct_plays_a_proven_winning_move_for_every_seed() -> None:
    game = TicTacToe("xo./.x./..o")  # x wins with a2 or a3
    best = {"a2", "a3"}
    assert all(mcts(game, iterations=1000, seed=s).move_name in best for s in range(5))


def test_flat_monte_carlo_plays_the_roots_moves_in_turn_and_never_deeper() -> None:
    r = mcts(TicTacToe(), iterations=100, algorithm="flat", seed=1)
    assert r.nodes == 10 and max(r.visits) - min(r.visits) <= 1 and sum(r.visits) == 100
    sel = selections(TicTacToe(), iterations=12, algorithm="flat")
    assert [s[1] for s in sel] == [0, 1, 2] and all(s[4] == 0 for s in sel)


def test_connect_four_runs_and_is_deterministic() -> None:
    game = ConnectFour(5, 4)
    a, b = (mcts(game, iterations=200, seed=7) for _ in range(2))
    assert (a.move, a.visits, a.totals) == (b.move, b.visits, b.totals)
    assert sum(a.visits) == 200


# --- seeds and budgets ----------------------------------------------------------------
def test_the_same_seed_gives_the_same_search_and_another_seed_another() -> None:
    game = TicTacToe()
    runs = [mcts(game, iterations=300, seed=s) for s in (5, 5, 6)]
    assert runs[0].visits == runs[1].visits and runs[0].totals == runs[1].totals
    assert runs[0].totals != runs[2].totals


def test_a_node_budget_stops_with_the_partial_result() -> None:
    r = mcts(TicTacToe(), iterations=1000, max_nodes=7)
    assert (r.nodes, r.iterations, r.stopped) == (7, 6, Stopped.BUDGET)


def test_a_time_budget_runs_at_least_one_iteration() -> None:
    r = mcts(TicTacToe(), iterations=10**9, seconds=1e-9)
    assert r.stopped == Stopped.BUDGET and r.iterations >= 1


class Interrupting(TicTacToe):
    """Tic-tac-toe whose play() is stopped by Ctrl-C at its ``at``-th call."""

    def __init__(self, at: int) -> None:
        super().__init__()
        self.calls, self.at = 0, at

    def play(self, pos: Any, move: int) -> Any:
        self.calls += 1
        if self.calls == self.at:
            raise KeyboardInterrupt
        return super().play(pos, move)


def test_ctrl_c_keeps_the_partial_result() -> None:
    with pytest.raises(SearchInterrupted) as caught:
        mcts(Interrupting(50), iterations=1000)
    result = caught.value.result
    assert result.stopped == Stopped.INTERRUPTED and 1 <= result.iterations < 1000
    with pytest.raises(SearchInterrupted) as caught:
        mcts(Interrupting(1), iterations=1000)  # before the first child was made
    result = caught.value.result
    assert (result.move, result.value, result.iterations, result.nodes) == (None, None, 1, 1)


# --- bad input ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"c": 0}, "exploration constant c must be a finite number above 0"),
        ({"c": -1.4}, "above 0"),
        ({"c": math.nan}, "not nan"),
        ({"c": math.inf}, "finite"),
        ({"c": True}, "not True"),
        ({"c": "1.4"}, "not '1.4'"),
        ({"iterations": 0}, "iterations must be a whole number of at least 1"),
        ({"iterations": 2.5}, "iterations must be a whole number"),
        ({"max_nodes": 1}, "max_nodes must be a whole number of at least 2 (the root and one new node make one iteration"),
        ({"seconds": 0}, "seconds must be a finite number above 0"),
        ({"seconds": math.nan}, "seconds must be"),
        ({"seed": 1.5}, "seed must be a whole number"),
        ({"algorithm": "ucb"}, "unknown MCTS algorithm 'ucb' (must be one of 'uct', 'flat')"),
        ({"max_playout": 0}, "max_playout must be"),
        ({"cp": 1}, "unknown MCTS option 'cp' (options: algorithm, c, iterations"),
    ],
)
def test_bad_options_are_refused_in_one_line(options: dict[str, Any], words: str) -> None:
    with pytest.raises(InputError) as caught:
        mcts(TicTacToe(), **options)
    assert words in str(caught.value) and "\n" not in str(caught.value)


class Endless:
    """A game that never ends: one move, back to the same position."""

    root = 0

    def moves(self, pos: int) -> list[int]:
        return [0]

    def play(self, pos: int, move: int) -> int:
        return pos

    def is_terminal(self, pos: int) -> bool:
        return False

    def score(self, pos: int) -> int:
        return 0


def test_a_playout_that_never_ends_is_refused_naming_the_game() -> None:
    with pytest.raises(InputError) as caught:
        mcts(Endless(), max_playout=50)
    message = str(caught.value)
    assert "Endless" in message and "passed 50 moves" in message and "max_playout" in message and "\n" not in message


def test_a_position_that_is_over_and_a_non_game_are_refused() -> None:
    with pytest.raises(InputError, match="MCTS needs a position with moves"):
        mcts(TicTacToe("xxx/oo./..."))
    with pytest.raises(InputError, match="is not a game"):
        mcts(object())


def test_a_score_that_is_no_number_is_refused() -> None:
    class Wordy(Endless):
        def is_terminal(self, pos: int) -> bool:
            return True

        def score(self, pos: int) -> Any:
            return "win"

    class Root(Wordy):
        def is_terminal(self, pos: int) -> bool:
            return pos == 1

        def play(self, pos: int, move: int) -> int:
            return 1

    with pytest.raises(InputError, match=r"score\(\) must return a number"):
        mcts(Root())


# --- properties -----------------------------------------------------------------------
def _below(kids: Any) -> Any:
    return st.lists(kids, min_size=1, max_size=3)


nested = st.lists(st.recursive(st.integers(-9, 9), _below, max_leaves=12), min_size=1, max_size=4)


@settings(max_examples=40, deadline=None)
@given(nested, st.integers(1, 60), st.integers(0, 3))
def test_visits_add_up_and_values_stay_within_the_leaves(lists: Any, iterations: int, seed: int) -> None:
    game = Tree.from_lists(lists)
    r = mcts(game, iterations=iterations, seed=seed)
    assert sum(r.visits) == r.iterations == iterations
    leaves = _flatten(lists)  # a tree's leaves are valued for the first player, who moves at the root
    assert min(leaves) <= r.value <= max(leaves)
    assert r.nodes <= 1 + iterations


def _flatten(x: Any) -> list[int]:
    return [x] if isinstance(x, int) else [v for k in x for v in _flatten(k)]


def test_a_recorded_search_finds_what_the_untraced_one_finds() -> None:
    game = TicTacToe("x../.o./...")
    plain = mcts(game, iterations=500, seed=3)
    traced = record_mcts(game, iterations=500, seed=3).mcts
    assert traced is not None and (traced.move, traced.visits, traced.totals) == (plain.move, plain.visits, plain.totals)


class ListGame:
    """Nim on a list of one pile: take 1 or 2; a lecturer's game with mutable positions."""

    root = [4]

    def moves(self, pos: list[int]) -> list[int]:
        return [n for n in (1, 2) if n <= pos[0]]

    def play(self, pos: list[int], move: int) -> list[int]:
        return [pos[0] - move]

    def is_terminal(self, pos: list[int]) -> bool:
        return pos[0] == 0

    def score(self, pos: list[int]) -> int:
        return -1  # whoever took the last stick won


def test_a_lecturers_game_with_list_positions_works_and_one_that_changes_them_is_refused() -> None:
    r = mcts(ListGame(), iterations=2000, seed=0)
    assert r.move == 1 and r.value > 0.5  # take 1, leaving 3: a win (4 is a win for the side to move)

    class Changing(ListGame):
        def play(self, pos: list[int], move: int) -> list[int]:
            pos[0] -= move
            return list(pos)

    with pytest.raises(InputError, match=r"play\(\) changed the position it was given"):
        mcts(Changing(), iterations=10)
