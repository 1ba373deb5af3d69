"""Tests of negaviz.games.aima: games written for aima-python, searched unchanged."""

from __future__ import annotations

import random
from typing import Any
from collections import namedtuple

import pytest

import negaviz
from negaviz import InputError, TicTacToe, Tree, from_aima, record, search
from negaviz.games.aima import AimaGame

GameState = namedtuple("GameState", "to_move, utility, board, moves")


class AimaTicTacToe:
    """aima-python's TicTacToe, as games.py writes it: states hold a dict and a list."""

    def __init__(self, h: int = 3, v: int = 3, k: int = 3, cells: str = ".........") -> None:
        self.h, self.v, self.k = h, v, k
        cells = cells.replace("/", "")
        board = {(1 + i // 3, 1 + i % 3): c.upper() for i, c in enumerate(cells) if c != "."}
        moves = [(x, y) for x in range(1, h + 1) for y in range(1, v + 1) if (x, y) not in board]
        player = "X" if cells.count("x") == cells.count("o") else "O"
        last = "O" if player == "X" else "X"
        won = any(self.k_in_row(board, m, last, d) for m in board if board[m] == last
                  for d in ((0, 1), (1, 0), (1, -1), (1, 1)))
        utility = 0 if not won else (1 if last == "X" else -1)
        self.initial = GameState(to_move=player, utility=utility, board=board, moves=moves)

    def actions(self, state: GameState) -> list[tuple[int, int]]:
        return state.moves

    def result(self, state: GameState, move: tuple[int, int]) -> GameState:
        if move not in state.moves:
            return state
        board = state.board.copy()
        board[move] = state.to_move
        moves = list(state.moves)
        moves.remove(move)
        return GameState(to_move=("O" if state.to_move == "X" else "X"),
                         utility=self.compute_utility(board, move, state.to_move), board=board, moves=moves)

    def utility(self, state: GameState, player: str) -> int:
        return state.utility if player == "X" else -state.utility

    def terminal_test(self, state: GameState) -> bool:
        return state.utility != 0 or len(state.moves) == 0

    def to_move(self, state: GameState) -> str:
        return state.to_move

    def display(self, state: GameState) -> None:
        board = state.board
        for x in range(1, self.h + 1):
            for y in range(1, self.v + 1):
                print(board.get((x, y), "."), end=" ")
            print()

    def compute_utility(self, board: dict, move: tuple[int, int], player: str) -> int:
        if any(self.k_in_row(board, move, player, d) for d in ((0, 1), (1, 0), (1, -1), (1, 1))):
            return +1 if player == "X" else -1
        return 0

    def k_in_row(self, board: dict, move: tuple[int, int], player: str, delta: tuple[int, int]) -> bool:
        (dx, dy), (x, y) = delta, move
        n = 0
        while board.get((x, y)) == player:
            n += 1
            x, y = x + dx, y + dy
        x, y = move
        while board.get((x, y)) == player:
            n += 1
            x, y = x - dx, y - dy
        return n - 1 >= self.k


class Fig52Extended:
    """aima-python's Fig52Extended, with its trap: to_move says MAX at the leaves (ply 3),
    where MIN is to move."""

    succs = {i: dict(l=i * 3 + 1, m=i * 3 + 2, r=i * 3 + 3) for i in range(13)}

    def __init__(self, utils: dict[int, int]) -> None:
        self.utils = utils
        self.initial = 0

    def actions(self, state: int) -> list[str]:
        return sorted(self.succs.get(state, {}).keys())

    def result(self, state: int, move: str) -> int:
        return self.succs[state][move]

    def utility(self, state: int, player: str) -> int:
        return self.utils[state] if player == "MAX" else -self.utils[state]

    def terminal_test(self, state: int) -> bool:
        return state not in range(13)

    def to_move(self, state: int) -> str:
        return "MIN" if state in {1, 2, 3} else "MAX"


def fig52_extended(seed: int) -> tuple[Fig52Extended, Tree]:
    """The AIMA game with random leaf utilities, and the same tree as a negaviz Tree."""
    rng = random.Random(seed)
    utils = {leaf: rng.randint(-9, 9) for leaf in range(13, 40)}
    lists = [[[utils[c * 3 + k] for k in (1, 2, 3)] for c in (b * 3 + j for j in (1, 2, 3))] for b in (1, 2, 3)]
    # actions() sorts l, m, r: the same left-to-right order as the lists above
    return Fig52Extended(utils), Tree.from_lists(lists)


POSITIONS = ["x.o/x../o..", "xo./.x./..o", "x.o/.../...", "xx./oo./...", "xxx/oo./...", "xo./..x/o.x", "xoxo.oxox"]


@pytest.mark.parametrize("cells", POSITIONS)
def test_aima_tictactoe_agrees_with_negaviz_tictactoe(cells: str) -> None:
    game = from_aima(AimaTicTacToe(cells=cells))
    ttt = TicTacToe(cells)
    for options in ({"algorithm": "negamax"}, {"algorithm": "alphabeta"}, {"algorithm": "alphabeta", "tt": True}):
        mine, theirs = search(game, **options), search(ttt, **options)
        assert (mine.value, mine.nodes) == (theirs.value, theirs.nodes), (cells, options)


def test_aima_tictactoe_from_the_empty_board_and_its_unhashable_states() -> None:
    game = from_aima(AimaTicTacToe())
    with pytest.raises(TypeError):
        hash(game.root.state)  # a dict and a list inside: keys are frozen copies
    plain = search(game, algorithm="alphabeta")
    tt = search(game, algorithm="alphabeta", tt=True)
    assert plain.value == tt.value == 0
    assert tt.tt_hits > 0 and tt.nodes < plain.nodes
    assert tt.nodes == search(TicTacToe(), algorithm="alphabeta", tt=True).nodes


@pytest.mark.parametrize("seed", range(6))
def test_fig52_extended_is_searched_by_ply_not_by_its_to_move(seed: int) -> None:
    aima, tree = fig52_extended(seed)
    game = from_aima(aima)
    for algorithm in ("negamax", "alphabeta"):
        mine, theirs = search(game, algorithm=algorithm), search(tree, algorithm=algorithm)
        assert (mine.value, mine.nodes, mine.cutoffs) == (theirs.value, theirs.nodes, theirs.cutoffs)
    assert game.score(game.play(game.play(game.play(game.root, "l"), "l"), "l")) == -aima.utils[13]  # MIN to move


def test_utility_is_asked_for_the_player_to_move_by_ply() -> None:
    aima, _ = fig52_extended(0)
    asked: list[tuple[int, str]] = []
    utility = aima.utility

    def spy(state: int, player: str) -> int:
        asked.append((state, player))
        return utility(state, player)

    aima.utility = spy  # type: ignore[method-assign]
    game = from_aima(aima)
    assert (game.root_player, game.other_player) == ("MAX", "MIN")  # MIN from to_move after the first move
    search(game, algorithm="negamax")
    assert len(asked) == 27 and {player for _, player in asked} == {"MIN"}  # every leaf is at ply 3, MIN to move
    named = from_aima(aima, players=("MAX", "MIN"))
    assert named.other_player == "MIN"
    with pytest.raises(InputError, match=r"players= must name the two players"):
        from_aima(aima, players=("MAX",))  # type: ignore[arg-type]


def test_without_the_other_players_name_odd_plies_negate_the_root_players_utility() -> None:
    aima, tree = fig52_extended(2)
    aima.to_move = lambda state: "MAX"  # type: ignore[method-assign]  # wrong everywhere
    game = from_aima(aima)
    assert game.other_player is None
    assert search(game).value == search(tree).value


def test_the_trap_is_real_a_wrapper_trusting_to_move_is_wrong() -> None:
    """Asking utility for to_move(state) gives the wrong value on some tree."""
    wrong = 0
    for seed in range(6):
        aima, tree = fig52_extended(seed)

        class Naive:
            root = 0
            moves, play, is_terminal = aima.actions, aima.result, aima.terminal_test

            def score(self, state: int) -> int:
                return aima.utility(state, aima.to_move(state))

        wrong += search(Naive(), algorithm="negamax").value != search(tree, algorithm="negamax").value
    assert wrong > 0


def test_a_root_where_the_second_player_moves() -> None:
    cells = "x.o/x../..."  # o to move, x threatens a1-a3
    game = from_aima(AimaTicTacToe(cells=cells))
    assert game.root_player == "O"
    assert search(game).value == search(TicTacToe(cells)).value
    assert game.player(game.root) == 0 and game.player(game.play(game.root, (3, 1))) == 1


def test_labels_are_readable() -> None:
    game = from_aima(AimaTicTacToe(cells="x.o/.../..."))
    assert game.label(game.root) == "X . O\n. . .\n. . ."  # what display() prints
    trace = record(from_aima(fig52_extended(0)[0]), algorithm="alphabeta")
    assert [trace.label(n) for n in (0, 1, 2)] == ["0", "1", "4"]

    class State:  # no __str__, no display: named by its moves
        def __init__(self, n: int) -> None:
            self.n = n

    class Counting:
        initial = State(0)

        def actions(self, s: State) -> list[int]:
            return [1, 2] if s.n < 2 else []

        def result(self, s: State, m: int) -> State:
            return State(s.n + m)

        def utility(self, s: State, player: str) -> int:
            return 1 if s.n == 2 else -1

        def terminal_test(self, s: State) -> bool:
            return s.n >= 2

        def to_move(self, s: State) -> str:
            return "MAX"

    trace = record(from_aima(Counting()))
    labels = [trace.label(n.id) for n in trace.nodes]
    assert labels[:3] == ["root", "1", "1 1"] and not any("0x" in text for text in labels)
    named = record(from_aima(Counting(), label=lambda s: f"n={s.n}"))
    assert named.label(0) == "n=0"


def test_depth_limits_use_the_given_evaluation_for_the_root_player() -> None:
    aima = AimaTicTacToe(cells="x.o/.../...")
    with pytest.raises(InputError, match=r"needs from_aima\(game, evaluate=fn\)"):
        search(from_aima(aima), depth=1)
    centre = from_aima(aima, evaluate=lambda s: 1 if s.board.get((2, 2)) == "X" else 0)
    result = search(centre, algorithm="negamax", depth=1)
    assert result.value == 1 and result.pv == ((2, 2),)


def test_an_explicit_state_key_and_max_score() -> None:
    aima = AimaTicTacToe(cells="xx./oo./...")
    keyed = from_aima(aima, key=lambda s: tuple(sorted(s.board.items())), max_score=1)
    result = search(keyed, algorithm="negamax", stop_at_win=True, tt=True)
    assert result.value == 1 and result.cutoffs >= 1
    later = aima.result(aima.initial, (3, 3))
    assert search(from_aima(aima, later)).value == search(TicTacToe("xx./oo./..x")).value


def test_missing_methods_and_states_are_named() -> None:
    class Half:
        initial = 0

        def actions(self, state: int) -> list[int]:
            return []

    with pytest.raises(InputError, match=r"Half lacks result, utility, terminal_test, to_move \(an AIMA game needs methods"):
        from_aima(Half())
    game = fig52_extended(0)[0]
    del game.initial
    with pytest.raises(InputError, match="has no initial state"):
        from_aima(game)
    assert from_aima(game, 1).root.state == 1


def test_from_aima_is_public() -> None:
    assert "from_aima" in negaviz.__all__ and negaviz.from_aima is from_aima
    assert negaviz.games.from_aima is from_aima
    aima, _ = fig52_extended(1)
    assert isinstance(from_aima(aima), AimaGame)


def test_an_aima_game_with_a_mistake_is_told_which_method_where() -> None:
    class NoActions(AimaTicTacToe):
        def actions(self, state: GameState) -> Any:
            return None if len(state.moves) < 9 else state.moves

    with pytest.raises(InputError, match=r"^NoActions.actions\(\) returned None at position .*: it must return a "
                       "list of the legal moves$"):
        search(from_aima(NoActions()))

    class TextUtility(AimaTicTacToe):
        def utility(self, state: GameState, player: str) -> Any:
            return str(super().utility(state, player))

    with pytest.raises(InputError, match=r"^TextUtility.utility\(\) returned str '-?1' at position .*: it must return "
                       r"a number \(an int or a float\)$"):
        search(from_aima(TextUtility(cells="xx./oo./...")))

    class InPlace(AimaTicTacToe):
        def result(self, state: GameState, move: tuple[int, int]) -> GameState:
            state.board[move] = state.to_move  # changes the state it is given, and returns it
            return state

    with pytest.raises(InputError, match=r"^InPlace.result\(\) returned the state it was given \(move \(1, 1\) at "
                       r"position .*\): it must return a new state and leave its argument unchanged"):
        search(from_aima(InPlace()))

    class Generating(AimaTicTacToe):
        def actions(self, state: GameState) -> Any:
            return iter(state.moves)

    game = AimaTicTacToe(cells="x.o/x../o..")
    assert search(from_aima(Generating(cells="x.o/x../o..")), algorithm="pvs").value == search(from_aima(game), algorithm="pvs").value
