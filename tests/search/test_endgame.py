"""Tests of negaviz.search.endgame: the root-split solve, progress hooks, Othello
endgames and the frozen horizon-effect example."""

from __future__ import annotations

import io
import math
import random
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negaviz import InputError, MutableGame, SearchInterrupted, TicTacToe, Tree, search
from negaviz.games.connect4 import ConnectFour
from negaviz.search.endgame import (
    HORIZON_POSITION,
    bar_callback,
    horizon_example,
    othello_endgame,
    solve,
)

INF = math.inf
TTT = TicTacToe()

# ------------------------------------------------------------------ the split changes nothing

leaf_values = st.integers(-9, 9)
nested_lists = st.lists(
    st.recursive(leaf_values, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=20),
    min_size=1, max_size=4,
)
splittable = st.sampled_from(
    [
        dict(algorithm="alphabeta"),
        dict(algorithm="negamax"),
        dict(algorithm="minimax"),
        dict(algorithm="pvs"),
        dict(algorithm="alphabeta", fail_hard=True),
        dict(algorithm="alphabeta", tt=True),
        dict(algorithm="pvs", tt=True, order="heuristic"),
        dict(algorithm="alphabeta", window=(-2, 3)),
        dict(algorithm="alphabeta", window=(-2, 3), fail_hard=True),
    ]
)


def same_search(a: Any, b: Any) -> None:
    fields = ("value", "move", "pv", "pv_names", "nodes", "leaves", "cutoffs", "tt_hits", "first_player", "stopped")
    assert {f: getattr(a, f) for f in fields} == {f: getattr(b, f) for f in fields}


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(nested=nested_lists, options=splittable)
def test_solving_move_by_move_is_the_same_search_on_random_trees(nested: Any, options: dict[str, Any]) -> None:
    tree = Tree.parse(str(nested))
    same_search(solve(tree, **options), search(tree, **options))


@pytest.mark.parametrize(
    "options",
    [
        dict(algorithm="alphabeta"),
        dict(algorithm="pvs", order="threats"),
        dict(algorithm="alphabeta", tt=True, symmetry=True),
        dict(algorithm="alphabeta", order="threats+heuristic", tt=True, symmetry=True, forced=True, bounds=True),
        dict(algorithm="alphabeta", stop_at_win=True, order="threats"),
        dict(algorithm="alphabeta", depth=3),
    ],
)
def test_solving_move_by_move_is_the_same_search_on_tic_tac_toe(ttt_reference: Any, options: dict[str, Any]) -> None:
    for cells in ttt_reference.inner[::97]:
        pos = TTT.parse(cells)
        result = solve(TTT, pos, **options)
        same_search(result, search(TTT, pos, **options))
        if "depth" not in options:
            assert result.value == ttt_reference.values[cells]


@pytest.mark.parametrize("algorithm", ["mtdf", "id"])
def test_drivers_solve_each_move_with_their_own_searches(ttt_reference: Any, algorithm: str) -> None:
    for cells in ttt_reference.inner[::211]:
        result = solve(TTT, TTT.parse(cells), algorithm=algorithm, order="threats")
        assert result.value == ttt_reference.values[cells] and result.complete
        assert result.pv and TTT.parse(cells) is not None


def test_a_terminal_or_settled_root_is_one_node(ttt_reference: Any) -> None:
    def no_moves(*args: object) -> None:
        pytest.fail("there is no move to report")

    won = TTT.parse("xxx/oo./...")
    result = solve(TTT, won, progress=no_moves)
    assert (result.value, result.nodes, result.pv) == (-1, 1, ())
    same_search(solve(TTT, depth=0, progress=no_moves), search(TTT, depth=0))
    settled = [p for p in map(TTT.parse, ttt_reference.inner) if len(set(TTT.value_bounds(p))) == 1]
    assert settled  # neither side can make a line any more: a draw, known at once
    for pos in settled[:20]:
        result = solve(TTT, pos, bounds=True, progress=no_moves)
        assert (result.value, result.nodes) == (0, 1)
        same_search(result, search(TTT, pos, bounds=True))


class Pile:
    """A make/unmake game: take 1 or 2 stones; whoever cannot move has lost."""

    def __init__(self, stones: int) -> None:
        self.stones = stones

    def get_moves(self) -> list[int]:
        return [n for n in (1, 2) if n <= self.stones]

    def make_move(self, n: int) -> None:
        self.stones -= n

    def unmake_move(self, n: int) -> None:
        self.stones += n

    def is_over(self) -> bool:
        return self.stones == 0

    def get_utility(self) -> int:
        return -1  # the side to move has no stone left to take


def test_a_wrapped_make_unmake_object_is_put_back() -> None:
    pile = Pile(7)
    result = solve(MutableGame(pile), tt=False)
    assert (result.value, result.pv_names[0]) == (1, "1")  # leave a multiple of 3
    assert pile.stones == 7
    assert solve(MutableGame(Pile(6))).value == -1 and search(MutableGame(Pile(6))).value == -1


# ------------------------------------------------------------------ progress


def test_progress_reports_every_root_move_in_order() -> None:
    calls: list[tuple[int, int, str, float]] = []
    pos = TTT.parse("x.o/x../o..")
    result = solve(TTT, pos, order="threats", progress=lambda *a: calls.append(a))
    assert [c[:2] for c in calls] == [(i, 5) for i in range(1, 6)]
    assert [c[2] for c in calls] == ["b2", "b1", "c2", "b3", "c3"]  # o's line blocked first
    assert calls[0][3] == result.value == 1
    assert all(c[3] <= result.value for c in calls)


def test_progress_total_counts_moves_after_symmetry_and_threat_filters() -> None:
    totals: list[int] = []
    solve(TTT, symmetry=True, progress=lambda done, total, name, value: totals.append(total))
    assert set(totals) == {3}  # centre, corner, edge
    forced: list[str] = []
    solve(TTT, TTT.parse("xx./o../o.."), forced=True, progress=lambda d, t, name, v: forced.append(name))
    assert forced == ["c1"]  # x wins at once: nothing else is tried


def test_drivers_report_each_pass_over_the_root_from_one() -> None:
    calls: list[tuple[int, int]] = []
    pos = TTT.parse("x.o/x../o..")
    result = solve(TTT, pos, algorithm="id", progress=lambda done, total, name, value: calls.append((done, total)))
    assert result.value == search(TTT, pos, algorithm="id").value == 1
    passes = [i for i, (done, _) in enumerate(calls) if done == 1]
    assert len(passes) >= 2 and passes[0] == 0  # iterative deepening searches the root once per depth
    assert all(done <= total for done, total in calls)


def test_bar_callback_sets_the_widget_and_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    widget = SimpleNamespace(value=0, max=100)
    seen: list[tuple[int, int]] = []
    hook = bar_callback(widget)

    def watch(done: int, total: int, name: str, value: float) -> None:
        hook(done, total, name, value)
        seen.append((widget.value, widget.max))

    solve(TTT, TTT.parse("x.o/x../o.."), progress=watch)
    assert seen == [(i, 5) for i in range(1, 6)]
    assert capsys.readouterr() == ("", "")
    with pytest.raises(InputError, match=r"needs value and max, and object has no value"):
        bar_callback(object())


def test_bar_callback_drives_a_real_int_progress() -> None:
    widgets = pytest.importorskip("ipywidgets")
    bar = widgets.IntProgress()
    solve(TTT, symmetry=True, progress=bar_callback(bar))
    assert (bar.value, bar.max) == (3, 3)


# ------------------------------------------------------------------ budgets, interrupts, errors


def test_a_node_budget_gives_a_partial_result() -> None:
    for budget in (1, 2, 50, 500):
        result = solve(TTT, max_nodes=budget)
        assert result.stopped == "budget" and not result.complete
        assert result.value is None and result.move is None and result.pv == ()
        assert result.nodes <= budget
    assert solve(TTT, max_nodes=100_000).complete


def test_ctrl_c_in_a_progress_hook_keeps_the_partial_result() -> None:
    def interrupt(done: int, total: int, name: str, value: float) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(SearchInterrupted) as caught:
        solve(TTT, progress=interrupt)
    partial = caught.value.result
    assert partial.stopped == "interrupted" and partial.value is None and partial.nodes > 1


def test_bad_calls_are_rejected_with_the_reason() -> None:
    with pytest.raises(InputError, match=r"either as options= or as keywords, not both"):
        solve(TTT, options=search(TTT, depth=1).options, tt=True)
    with pytest.raises(InputError, match=r"unknown algorithm: 'best'"):
        solve(TTT, algorithm="best")
    with pytest.raises(InputError, match=r"is not a game"):
        solve(object())  # type: ignore[arg-type]
    tree = Tree.parse("[[1,2],[3]]")
    with pytest.raises(InputError, match=r"threat search \(forced\) needs the game's threats\(\)"):
        solve(tree, forced=True)


# ------------------------------------------------------------------ Othello endgames


def test_othello_endgames_are_reproducible() -> None:
    game, pos = othello_endgame(10, seed=3)
    again = othello_endgame(10, seed=3)[1]
    assert pos == again and game.size == 6
    assert 36 - (pos[0] | pos[1]).bit_count() == 10 and not game.is_terminal(pos)
    assert othello_endgame(10, seed=4)[1] != pos
    small, start = othello_endgame(11, seed=0, size=4)
    assert small.size == 4 and not small.is_terminal(start)
    for bad in (0, 32, True, 1.5):
        with pytest.raises(InputError, match=r"empties=.* is not allowed on 6x6 \(must be a whole number from 1 to 31"):
            othello_endgame(bad)  # type: ignore[arg-type]


EXACT = dict(algorithm="alphabeta", order="heuristic", tt=True)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("empties", "seed"),
    [(10, 0), (10, 1), (10, 2), (11, 0), (11, 1),
     (12, 0), (14, 0)],
)
def test_othello_6x6_endgames_solve_to_the_whole_search_value(empties: int, seed: int) -> None:
    game, pos = othello_endgame(empties, seed)
    moves: list[str] = []
    result = solve(game, pos, progress=lambda d, t, name, v: moves.append(name), **EXACT)
    plain = search(game, pos, algorithm="alphabeta")
    assert result.complete and result.value == plain.value
    assert len(moves) == len(game.moves(pos))
    # The best move really reaches the value: its child searched on its own agrees.
    assert -search(game, game.play(pos, result.move), **EXACT).value == result.value


# ------------------------------------------------------------------ the horizon effect

SOLVE = dict(order="threats+heuristic", tt=True, symmetry=True, forced=True, bounds=True)


@pytest.mark.slow
def test_the_shallow_search_falls_for_a_threat_beyond_its_horizon() -> None:
    game, pos, shallow_depth, deep_depth = horizon_example()
    shallow = search(game, pos, algorithm="alphabeta", depth=shallow_depth)
    deep = search(game, pos, algorithm="alphabeta", depth=deep_depth)
    assert shallow.move != deep.move
    assert shallow.move == search(game, pos, algorithm="negamax", depth=shallow_depth).move
    assert search(game, pos, depth=shallow_depth + 1).move == shallow.move  # 3 plies: fooled too
    # Exact values of the two choices: the shallow one loses, the deep one draws.
    exact_shallow = -search(game, game.play(pos, shallow.move), **SOLVE).value
    exact_deep = -search(game, game.play(pos, deep.move), **SOLVE).value
    assert (exact_shallow, exact_deep) == (-1, 0)
    assert solve(game, pos, **SOLVE).value == exact_deep
    # The deep search proves the loss; the shallow one only sees a heuristic value.
    after = game.play(pos, shallow.move)
    assert search(game, after, depth=deep_depth - 1).value == game.max_score
    assert -1 < -search(game, after, depth=shallow_depth - 1).value < 1


def test_the_horizon_story_in_the_docstring() -> None:
    game, pos, _, _ = horizon_example()
    assert game.position_text(pos) == HORIZON_POSITION and game.player(pos) == 1  # o to move
    o_plays_4 = game.play(pos, 3)
    assert game.threats(o_plays_4) == ([], [4])  # o threatens column 5: x must block
    x_blocks = game.play(o_plays_4, 4)
    assert game.threats(x_blocks) == ([], [2, 5])  # two x threats; o can stop one


def find_horizon_position(seed: int, tries: int = 2000) -> str | None:
    """How the example was found: seeded random 7x6 games stopped after 22 to 27 moves,
    kept when a depth-2 alpha-beta search (preferring the move by its evaluation)
    picks a move that a depth-4 search shows to lose, while the depth-4 choice does
    not lose when solved exactly."""
    game = ConnectFour()
    rng = random.Random(seed)
    for _ in range(tries):
        pos = game.root
        for _ in range(rng.randrange(22, 28)):
            if game.is_terminal(pos):
                break
            pos = game.play(pos, rng.choice(game.moves(pos)))
        if game.is_terminal(pos) or any(game.threats(pos)):
            continue
        a = search(game, pos, algorithm="alphabeta", depth=2).move
        b = search(game, pos, algorithm="alphabeta", depth=4).move
        if a == b:
            continue
        after_a, after_b = game.play(pos, a), game.play(pos, b)
        if search(game, after_a, algorithm="alphabeta", depth=3).value != 1:
            continue  # the shallow choice must lose within the deep horizon
        if not search(game, after_a, depth=1).value < search(game, after_b, depth=1).value:
            continue  # and look strictly better at the shallow horizon
        exact_a = -search(game, after_a, max_nodes=2_000_000, **SOLVE).value
        exact_b_result = search(game, after_b, max_nodes=2_000_000, **SOLVE)
        if exact_b_result.value is not None and exact_a == -1 and -exact_b_result.value >= 0:
            return game.position_text(pos)
    return None


def test_the_frozen_horizon_position_is_what_the_seeded_search_finds() -> None:
    assert find_horizon_position(seed=1) == HORIZON_POSITION
