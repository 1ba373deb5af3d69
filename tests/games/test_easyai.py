"""Tests of negaviz.games.easyai: games written for easyAI, searched unchanged."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import negaviz
from negaviz import InputError, TicTacToe, from_easyai, record, search


class TwoPlayerGame:
    """The parts of easyAI's TwoPlayerGame a search uses (easyAI is not installed here)."""

    players: list[Any]
    current_player: int

    @property
    def opponent_index(self) -> int:
        return 2 if self.current_player == 1 else 1

    def switch_player(self) -> None:
        self.current_player = self.opponent_index

    def copy(self) -> Any:
        return copy.deepcopy(self)


class AI_Player:  # noqa: N801 (easyAI's name)
    """easyAI's player objects: in the game's attributes, but no part of the position."""

    def __init__(self, name: str) -> None:
        self.name = name


class TicTacToeNoUndo(TwoPlayerGame):
    """easyAI's tic-tac-toe example, without unmake_move: searches copy the game."""

    def __init__(self, players: list[Any], cells: str = ".........") -> None:
        self.players = players
        cells = cells.replace("/", "")
        self.board = [{"x": 1, "o": 2}.get(c, 0) for c in cells]
        self.current_player = 1 if cells.count("x") == cells.count("o") else 2

    def possible_moves(self) -> list[int]:
        return [i + 1 for i, e in enumerate(self.board) if e == 0]

    def make_move(self, move: int) -> None:
        self.board[int(move) - 1] = self.current_player

    def lose(self) -> bool:
        """Has the opponent three in line?"""
        return any(
            all(self.board[c - 1] == self.opponent_index for c in line)
            for line in [[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 4, 7], [2, 5, 8], [3, 6, 9], [1, 5, 9], [3, 5, 7]]
        )

    def is_over(self) -> bool:
        return (self.possible_moves() == []) or self.lose()

    def show(self) -> None:
        print("\n" + "\n".join(" ".join([".", "X", "O"][self.board[3 * j + i]] for i in range(3)) for j in range(3)))

    def scoring(self) -> int:
        return -100 if self.lose() else 0


class TicTacToeUndo(TicTacToeNoUndo):
    """The same, with easyAI's optional unmake_move: searches make and unmake on one object."""

    def unmake_move(self, move: int) -> None:
        self.board[int(move) - 1] = 0


class TicTacToeTT(TicTacToeUndo):
    """With easyAI's ttentry, the key of its transposition tables."""

    def ttentry(self) -> str:
        return "".join(map(str, self.board))


def players() -> list[Any]:
    return [AI_Player("x"), AI_Player("o")]


POSITIONS = ["x.o/x../o..", "xo./.x./..o", "x.o/.../...", "xx./oo./...", "xxx/oo./...", "xo./..x/o.x", "xoxo.oxox"]


@pytest.mark.slow
@pytest.mark.parametrize("cls", [TicTacToeNoUndo, TicTacToeUndo, TicTacToeTT])
@pytest.mark.parametrize("cells", POSITIONS)
def test_easyai_tictactoe_agrees_with_negaviz_tictactoe(cls: type, cells: str) -> None:
    obj = cls(players(), cells)
    before = copy.deepcopy(obj.__dict__["board"]), obj.current_player
    game = from_easyai(obj)
    ttt = TicTacToe(cells)
    for options in ({"algorithm": "negamax"}, {"algorithm": "alphabeta"}, {"algorithm": "alphabeta", "tt": True}):
        mine, theirs = search(game, **options), search(ttt, **options)
        assert (mine.value, mine.nodes) == (100 * theirs.value, theirs.nodes), (cells, options)
        assert (obj.board, obj.current_player) == before  # back where it started (or never moved)


def test_a_win_at_once_is_worth_100_though_make_move_does_not_switch_players() -> None:
    obj = TicTacToeUndo(players(), "xx./oo./...")  # x to move wins with 3
    game = from_easyai(obj)
    result = search(game, algorithm="alphabeta")
    assert result.value == 100 and result.pv[0] == 3

    class RenamedOnly:  # the obvious wrapper, wrong: it never switches players
        root = ()

        def moves(self, pos: tuple[int, ...]) -> list[int]:
            return self.at(pos).possible_moves()

        def play(self, pos: tuple[int, ...], move: int) -> tuple[int, ...]:
            return pos + (move,)

        def is_terminal(self, pos: tuple[int, ...]) -> bool:
            return self.at(pos).is_over()

        def score(self, pos: tuple[int, ...]) -> int:
            return self.at(pos).scoring()

        def at(self, pos: tuple[int, ...]) -> Any:
            o = obj.copy()
            for m in pos:
                o.make_move(m)
            return o

    assert search(RenamedOnly(), algorithm="alphabeta").value == 0


@pytest.mark.slow
def test_from_the_empty_board_with_a_table() -> None:
    for cls in (TicTacToeNoUndo, TicTacToeTT):
        game = from_easyai(cls(players()))
        tt = search(game, algorithm="alphabeta", tt=True)
        assert tt.value == 0 and tt.tt_hits > 0
        assert tt.nodes == search(TicTacToe(), algorithm="alphabeta", tt=True).nodes


def test_keys_leave_out_the_players_and_follow_ttentry() -> None:
    plain = from_easyai(TicTacToeUndo(players(), "x.o/.../..."))
    def after(*moves: int) -> tuple[int, ...]:
        return tuple(moves)

    a, b = after(5, 8, 4, 9), after(4, 9, 5, 8)
    assert plain.key(a) == plain.key(b)  # a transposition
    assert plain.key(a) != plain.key(plain.play(plain.root, 5))
    assert not any("AI_Player" in repr(part) for part in plain.key(a))
    tt = from_easyai(TicTacToeTT(players(), "x.o/.../..."))
    assert tt.key(tt.root) == "102000000"
    own = from_easyai(TicTacToeUndo(players()), key=lambda o: tuple(o.board))
    assert own.key(own.play(own.root, 1)) == (1, 0, 0, 0, 0, 0, 0, 0, 0)


def test_copies_leave_the_object_alone() -> None:
    obj = TicTacToeNoUndo(players(), "x.o/.../...")
    game = from_easyai(obj)
    assert not game.undoes
    pos = game.play(game.play(game.root, 5), 9)
    assert game.moves(pos) == [2, 4, 6, 7, 8]
    assert obj.board == [1, 0, 2, 0, 0, 0, 0, 0, 0] and obj.current_player == 1  # the original never moved


def test_players_and_labels() -> None:
    game = from_easyai(TicTacToeUndo(players(), "x.o/.../..."))
    assert game.player(game.root) == 0 and game.player(game.play(game.root, 5)) == 1
    assert game.label(game.root) == "X . O\n. . .\n. . ."  # what show() prints
    trace = record(from_easyai(TicTacToeUndo(players(), "xx./oo./...")), algorithm="alphabeta")
    assert not any("0x" in trace.label(n.id) for n in trace.nodes)

    class Nim(TwoPlayerGame):  # no show, no __str__: named by its moves
        def __init__(self) -> None:
            self.players, self.current_player, self.sticks = players(), 1, 4

        def possible_moves(self) -> list[int]:
            return [n for n in (1, 2, 3) if n <= self.sticks]

        def make_move(self, n: int) -> None:
            self.sticks -= n

        def is_over(self) -> bool:
            return self.sticks == 0

        def scoring(self) -> int:
            return -100 if self.sticks == 0 else 0

    trace = record(from_easyai(Nim()))
    assert trace.value == -100  # four sticks: lost for the side to move
    assert [trace.label(n) for n in (0, 1, 2)] == ["root", "1", "1 1"]
    assert record(from_easyai(Nim(), label=lambda o: f"{o.sticks} left")).label(0) == "4 left"


def test_depth_limits_score_with_scoring() -> None:
    result = search(from_easyai(TicTacToeUndo(players(), "xx./oo./...")), algorithm="negamax", depth=1)
    assert result.value == 100
    assert search(from_easyai(TicTacToeUndo(players())), algorithm="negamax", depth=2).value == 0


def test_missing_methods_are_named() -> None:
    class NoSwitch:
        def possible_moves(self) -> list[int]:
            return []

        def make_move(self, m: int) -> None:
            pass

        def is_over(self) -> bool:
            return True

        def scoring(self) -> int:
            return 0

    with pytest.raises(InputError, match=r"NoSwitch lacks switch_player \(an easyAI game needs methods .*TwoPlayerGame provides switch_player"):
        from_easyai(NoSwitch())


def test_from_easyai_is_public() -> None:
    assert "from_easyai" in negaviz.__all__ and negaviz.from_easyai is from_easyai
    assert negaviz.games.from_easyai is from_easyai


class Cells:
    """A board object changed in place: its hash is its identity, the same at every position."""

    def __init__(self, cells: list[int]) -> None:
        self.cells = cells

    def __getitem__(self, i: int) -> int:
        return self.cells[i]

    def __setitem__(self, i: int, v: int) -> None:
        self.cells[i] = v


def test_default_keys_see_inside_objects_changed_in_place() -> None:
    obj = TicTacToeUndo(players(), "x.o/.../...")
    obj.board = Cells(obj.board)  # type: ignore[assignment]
    game = from_easyai(obj)
    assert game.key((5,)) != game.key((6,))
    tt = search(game, algorithm="alphabeta", tt=True)
    theirs = search(TicTacToe("x.o/.../..."), algorithm="alphabeta", tt=True)
    assert (tt.value, tt.nodes) == (100 * theirs.value, theirs.nodes)


def test_an_easyai_game_with_a_mistake_is_told_what_and_where() -> None:
    import threading

    class Locked(TicTacToeNoUndo):
        """Holds a lock, which cannot be copied: without unmake_move, moves are made on copies."""

        def __init__(self, players: list[Any], cells: str = ".........") -> None:
            super().__init__(players, cells)
            self.lock = threading.Lock()

        def copy(self) -> Any:
            return copy.deepcopy(self)

    with pytest.raises(InputError, match=r"^Locked.copy\(\) could not copy the Locked game \(TypeError: cannot pickle "
                       r"'_thread.lock' object\): without unmake_move\(\) each move is made on a copy; give the game an "
                       r"unmake_move\(move\), or a copy\(\) that leaves out what cannot be copied$"):
        search(from_easyai(Locked(players(), "x.o/x../o..")))

    class Selfish(TicTacToeUndo):
        """Refers to itself (as games holding their own history or parent sometimes do)."""

        def __init__(self, players: list[Any], cells: str = ".........") -> None:
            super().__init__(players, cells)
            self.me = self

    want = 100 * search(TicTacToe("x.o/x../o..")).value  # easyAI scores a win 100
    for cls in (Selfish, TicTacToeUndo):
        got = search(from_easyai(cls(players(), "x.o/x../o..")), tt=True)  # keys of a self-reference end
        assert got.value == want

    class Unsure(TicTacToeUndo):
        def scoring(self) -> Any:
            return "-100" if self.lose() else "0"

    with pytest.raises(InputError, match=r"^Unsure.scoring\(\) returned str '(-100|0)' at position .*: it must return a "
                       r"number \(an int or a float\)$"):
        search(from_easyai(Unsure(players(), "x.o/x../o..")))

    class AsSet(TicTacToeUndo):
        def possible_moves(self) -> Any:
            return set(super().possible_moves())

    with pytest.warns(negaviz.errors.UnorderedMovesWarning, match=r"EasyAIGame.moves\(\) returned a set"):
        assert search(from_easyai(AsSet(players(), "x.o/x../o.."))).value == want
