"""Tests of negaviz.games.tictactoe against a plain string model of the game."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negaviz import InputError, TicTacToe, search
from negaviz.games import from_spec, make_game

GAME = TicTacToe()
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
ROTATE = (6, 3, 0, 7, 4, 1, 8, 5, 2)  # new cell i shows old cell ROTATE[i]: a quarter turn
MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)


def string_symmetries(cells: str) -> set[str]:
    """The 8 rotations and reflections of a 9-cell string, by cell permutation."""
    out = set()
    s = cells
    for _ in range(4):
        out.add(s)
        out.add("".join(s[MIRROR[i]] for i in range(9)))
        s = "".join(s[ROTATE[i]] for i in range(9))
    return out


def reachable_by_verbs() -> set[tuple[int, int]]:
    seen = {GAME.root}
    frontier = [GAME.root]
    while frontier:
        pos = frontier.pop()
        if GAME.is_terminal(pos):
            continue
        for m in GAME.moves(pos):
            child = GAME.play(pos, m)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


# ------------------------------------------------------------------ counts
def test_reachable_positions_by_the_games_own_verbs() -> None:
    positions = reachable_by_verbs()
    keys = {GAME.key(p) for p in positions}
    assert len(keys) == len(positions) == 5478
    assert len({min(GAME.symmetries(p)) for p in positions}) == 765
    assert sum(not GAME.is_terminal(p) for p in positions) == 4520


def test_reachable_positions_by_string_enumeration(ttt_reference) -> None:
    positions = ttt_reference.values
    assert len(positions) == 5478
    assert len({min(string_symmetries(p)) for p in positions}) == 765
    assert len(ttt_reference.inner) == 4520


def test_the_two_enumerations_agree_position_by_position(ttt_reference) -> None:
    by_verbs = {GAME.cells(p): p for p in reachable_by_verbs()}
    assert set(by_verbs) == set(ttt_reference.values)
    for cells, pos in by_verbs.items():
        assert GAME.parse(cells) == pos
        assert GAME.is_terminal(pos) == (cells in ttt_reference.terminal)


def test_parse_accepts_exactly_the_reachable_positions(ttt_reference) -> None:
    accepted = set()
    for cells in itertools.product("xo.", repeat=9):
        text = "".join(cells)
        try:
            GAME.parse(text)
        except InputError:
            continue
        accepted.add(text)
    assert accepted == set(ttt_reference.values)


# ------------------------------------------------------------------ parsing
def test_parse_ignores_spaces_and_slashes_and_case() -> None:
    assert GAME.parse("X.O / x.. / O..") == GAME.parse("x.ox..o..") == GAME.parse("x.o\nx..\no..")


def test_side_to_move_is_inferred() -> None:
    assert GAME.player(GAME.parse(".........")) == 0
    assert GAME.player(GAME.parse("x........")) == 1
    assert GAME.player(GAME.parse("x...o....")) == 0
    mine, theirs = GAME.parse("x........")  # o to move: "mine" are o's cells
    assert mine == 0 and theirs == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("xx.......", "2 x and 0 o (x moves first"),
        ("o........", "0 x and 1 o"),
        ("xxx/ooo/...", "both x and o have a line"),
        ("xxx/oo./o..", "x has a line, but o moved after it"),
        ("ooo/xx./xx.", "o has a line, but x moved after it"),
        ("x.o/x..", "6 cells given, 9 needed"),
        ("x.o/x../o...", "10 cells given, 9 needed"),
        ("x.o/x-./o..", "character '-' at cell 5"),
        ("", "0 cells given"),
    ],
)
def test_illegal_positions_are_rejected_with_the_reason(text: str, words: str) -> None:
    with pytest.raises(InputError) as info:
        GAME.parse(text)
    assert words in str(info.value)
    assert repr(text) in str(info.value)


def test_constructor_and_spec() -> None:
    game = TicTacToe("x.o/x../o..")
    assert game.root == GAME.parse("x.o/x../o..")
    assert game.spec() == {"game": "ttt", "position": "x.o/x../o.."}
    assert from_spec(game.spec()).root == game.root
    assert make_game("ttt").root == (0, 0)
    assert TicTacToe().spec() == {"game": "ttt", "position": ".../.../..."}


# ------------------------------------------------------------------ verbs
def test_moves_play_terminal_and_score() -> None:
    pos = GAME.parse("x.o/x../o..")  # x to move
    assert GAME.moves(pos) == (1, 4, 5, 7, 8)
    after = GAME.play(pos, 4)
    assert GAME.cells(after) == "x.oxx.o.."
    assert GAME.cells(pos) == "x.ox..o.."  # play leaves the position alone
    assert not GAME.is_terminal(after)
    won = GAME.parse("xxx/oo./...")
    assert GAME.is_terminal(won) and GAME.score(won) == -1  # o to move, and x has won
    draw = GAME.parse("xox/xoo/oxx")
    assert GAME.is_terminal(draw) and GAME.score(draw) == 0
    assert not GAME.is_terminal(GAME.root) and GAME.moves(GAME.root) == tuple(range(9))


def test_every_reachable_position_against_the_string_model(ttt_reference) -> None:
    for cells in ttt_reference.values:
        pos = GAME.parse(cells)
        assert GAME.cells(pos) == cells
        assert GAME.position_text(pos) == "/".join((cells[:3], cells[3:6], cells[6:]))
        assert GAME.is_terminal(pos) == (cells in ttt_reference.terminal)
        if cells in ttt_reference.terminal:
            assert GAME.score(pos) == ttt_reference.values[cells]
            continue
        assert list(GAME.moves(pos)) == [i for i in range(9) if cells[i] == "."]
        me = "x" if cells.count("x") == cells.count("o") else "o"
        for m in GAME.moves(pos):
            assert GAME.cells(GAME.play(pos, m)) == cells[:m] + me + cells[m + 1 :]


def test_labels_and_move_names() -> None:
    pos = GAME.parse("x.o/x../o..")
    assert GAME.label(pos) == "x.o\nx..\no.."
    assert [GAME.move_name(pos, m) for m in GAME.moves(pos)] == ["b1", "b2", "c2", "b3", "c3"]
    assert [GAME.parse_move(pos, name) for name in ("b1", " B2 ", "c3")] == [1, 4, 8]
    with pytest.raises(InputError, match="bad tic-tac-toe move 'd1'"):
        GAME.parse_move(pos, "d1")
    with pytest.raises(InputError, match="move 'a1' is not legal here"):
        GAME.parse_move(pos, "a1")


# ------------------------------------------------------------------ symmetries, threats, heuristics
def test_symmetries_give_the_8_keys_of_the_rotated_and_reflected_boards(ttt_reference) -> None:
    for cells in ttt_reference.values:
        keys = GAME.symmetries(GAME.parse(cells))
        assert len(keys) == 8
        assert GAME.key(GAME.parse(cells)) in keys
        assert set(keys) == {GAME.key(GAME.parse(s)) for s in string_symmetries(cells)}


def test_symmetries_of_a_corner_opening() -> None:
    keys = GAME.symmetries(GAME.parse("x........"))
    assert len(set(keys)) == 4  # the four corners
    assert len(set(GAME.symmetries(GAME.parse("....x....")))) == 1


def completes(cells: str, mark: str, cell: int) -> bool:
    """Whether ``mark`` in the empty ``cell`` would complete a line."""
    return any(cell in line and all(cells[c] == mark for c in line if c != cell) for line in LINES)


def test_threats_are_winning_cells_and_blocking_cells(ttt_reference) -> None:
    for cells in ttt_reference.inner:
        me = "x" if cells.count("x") == cells.count("o") else "o"
        you = "o" if me == "x" else "x"
        empty = [i for i in range(9) if cells[i] == "."]
        wins, blocks = GAME.threats(GAME.parse(cells))
        assert wins == [c for c in empty if completes(cells, me, c)]
        assert blocks == [c for c in empty if completes(cells, you, c)]


def test_threats_example() -> None:
    pos = GAME.parse("xx./oo./...")  # x to move: x wins at c1 (cell 2), o threatens c2 (cell 5)
    assert GAME.threats(pos) == ([2], [5])


def test_heuristic_order_is_centre_corners_edges() -> None:
    assert GAME.order(GAME.root, GAME.moves(GAME.root)) == [4, 0, 2, 6, 8, 1, 3, 5, 7]


def test_evaluation_counts_open_lines() -> None:
    assert GAME.evaluate(GAME.root) == 0
    # After x takes the centre, o (to move) has 4 open lines and x has 8 (in tenths).
    assert GAME.evaluate(GAME.parse("....x....")) == (4 - 8) / 10
    # x in a corner, o in the centre, x to move: x keeps 4 lines, o keeps 5.
    assert GAME.evaluate(GAME.parse("x...o....")) == (4 - 5) / 10
    # Never as good as a win or as bad as a loss.
    assert all(abs(GAME.evaluate(GAME.parse(p))) < GAME.max_score for p in ("xx.oo....", "x.o.x.o..", "xoxoxo..."))


def test_a_depth_limited_search_takes_an_immediate_win() -> None:
    pos = GAME.parse(".oo/.../xx.")  # x wins at c3 at once
    assert GAME.score(GAME.play(pos, 8)) == -1  # o has lost
    result = search(GAME, pos, algorithm="negamax", depth=1)
    assert (result.move, result.value) == (8, 1)  # plays a1 instead, whose evaluation is 2


@pytest.mark.slow
def test_values_of_classic_positions() -> None:
    assert search(GAME, algorithm="negamax").value == 0
    assert search(GAME, GAME.parse("xx./oo./...")).value == 1  # x wins at once
    assert search(GAME, GAME.parse("x........")).value == 0
    assert search(GAME, GAME.parse("x...o....")).value == 0  # o answered the corner with the centre
    assert search(GAME, GAME.parse("x.......o")).value == 1  # the opposite corner loses for o


# ------------------------------------------------------------------ fuzzing
@pytest.mark.slow
@settings(max_examples=400)
@given(
    st.text("xoXO. /\t\nab1-", max_size=14)
    | st.lists(st.sampled_from("xo."), min_size=9, max_size=9).map("".join)
    | st.text(max_size=12)
)
def test_parsing_any_text_gives_a_position_or_input_error(text: str) -> None:
    try:
        pos = GAME.parse(text)
    except InputError as exc:
        assert "tic-tac-toe position" in str(exc)
        return
    cleaned = "".join(ch for ch in text if ch not in " /\t\n").lower()
    assert GAME.cells(pos) == cleaned
    assert GAME.parse(GAME.position_text(pos)) == pos
