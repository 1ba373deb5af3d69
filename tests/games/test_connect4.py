"""Tests of negaviz.games.connect4 against perft counts, a slow reference and exact solves."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negaviz import InputError, search
from negaviz.games.connect4 import ConnectFour, ConnectFourPosition

# ---------------------------------------------------------------- slow reference
# A deliberately naive Connect Four: a tuple of columns, each a string of 'x' and 'o'
# from the bottom up; lines are found by scanning every cell in every direction.  It
# shares no code with the bitboard version.

State = tuple[str, ...]
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def ref_at(state: State, col: int, row: int) -> str:
    if not 0 <= col < len(state) or row < 0 or row >= len(state[col]):
        return "."
    return state[col][row]


@lru_cache(maxsize=None)
def ref_windows(cols: int, rows: int, k: int) -> list[list[tuple[int, int]]]:
    """Every line of k cells on the board, as (col, row) pairs."""
    out = []
    for c in range(cols):
        for r in range(rows):
            for dc, dr in DIRECTIONS:
                cells = [(c + i * dc, r + i * dr) for i in range(k)]
                if all(0 <= cc < cols and 0 <= rr < rows for cc, rr in cells):
                    out.append(cells)
    return out


def ref_line(state: State, rows: int, k: int, mark: str) -> bool:
    return any(
        all(ref_at(state, cc, rr) == mark for cc, rr in window)
        for window in ref_windows(len(state), rows, k)
    )


def ref_to_move(state: State) -> str:
    return "x" if sum(map(len, state)) % 2 == 0 else "o"


def other(mark: str) -> str:
    return "o" if mark == "x" else "x"


def ref_over(state: State, rows: int, k: int) -> bool:
    full = all(len(col) == rows for col in state)
    return full or ref_line(state, rows, k, "x") or ref_line(state, rows, k, "o")


def ref_moves(state: State, rows: int, k: int) -> list[int]:
    if ref_over(state, rows, k):
        return []
    return [c for c, col in enumerate(state) if len(col) < rows]


def ref_play(state: State, col: int) -> State:
    return state[:col] + (state[col] + ref_to_move(state),) + state[col + 1 :]


def ref_score(state: State, rows: int, k: int) -> int:
    return -1 if ref_line(state, rows, k, other(ref_to_move(state))) else 0


def ref_completing(state: State, rows: int, k: int, mark: str) -> list[int]:
    """Columns where a disc of ``mark`` dropped now would complete a line."""
    out = []
    for c, col in enumerate(state):
        if len(col) < rows:
            child = state[:c] + (col + mark,) + state[c + 1 :]
            if ref_line(child, rows, k, mark):
                out.append(c)
    return out


def ref_evaluate(state: State, rows: int, k: int) -> float:
    me = ref_to_move(state)
    points = 0
    for window in ref_windows(len(state), rows, k):
        marks = [ref_at(state, c, r) for c, r in window]
        if other(me) not in marks:
            points += marks.count(me)
        if me not in marks:
            points -= marks.count(other(me))
    return max(-99, min(99, points)) / 100


def ref_bounds(state: State, rows: int, k: int) -> tuple[int, int]:
    me = ref_to_move(state)
    windows = [[ref_at(state, c, r) for c, r in w] for w in ref_windows(len(state), rows, k)]
    i_can = any(other(me) not in w for w in windows)
    they_can = any(me not in w for w in windows)
    return (-1 if they_can else 0, 1 if i_can else 0)


def ref_text(state: State, rows: int) -> str:
    return "/".join(
        "".join(ref_at(state, c, r) for c in range(len(state))) for r in reversed(range(rows))
    )


def assert_same(game: ConnectFour, pos: ConnectFourPosition, state: State) -> None:
    """The bitboard position and the reference state agree on everything observable."""
    rows, k = game.rows, game.connect
    over = ref_over(state, rows, k)
    assert game.is_terminal(pos) == over
    assert game.player(pos) == (0 if ref_to_move(state) == "x" else 1)
    assert game.position_text(pos) == ref_text(state, rows)
    assert game.label(pos) == ref_text(state, rows).replace("/", "\n")
    assert game.parse(ref_text(state, rows)) == pos
    assert game.value_bounds(pos) == ref_bounds(state, rows, k)
    mirror = game.parse(ref_text(state[::-1], rows))
    assert game.symmetries(pos) == [game.key(pos), game.key(mirror)]
    if over:
        assert game.score(pos) == ref_score(state, rows, k)
        assert game.evaluate(pos) == game.score(pos)
    else:
        me = ref_to_move(state)
        assert game.moves(pos) == tuple(ref_moves(state, rows, k))
        assert game.threats(pos) == (ref_completing(state, rows, k, me), ref_completing(state, rows, k, other(me)))
        assert game.evaluate(pos) == ref_evaluate(state, rows, k)


# ---------------------------------------------------------------- perft


def perft(game: ConnectFour, pos: ConnectFourPosition, depth: int) -> int:
    if depth == 0:
        return 1
    if game.is_terminal(pos):
        return 0
    return sum(perft(game, game.play(pos, m), depth - 1) for m in game.moves(pos))


@pytest.mark.parametrize(("depth", "leaves"), [(1, 7), (2, 49), (3, 343), (4, 2401), (5, 16807)])
def test_perft_from_the_empty_7x6_board(depth: int, leaves: int) -> None:
    game = ConnectFour()
    assert perft(game, game.root, depth) == leaves == 7**depth  # no line before ply 7


def test_no_game_ends_before_ply_7() -> None:
    game = ConnectFour()
    frontier = {game.root}
    for _ in range(6):
        frontier = {game.play(p, m) for p in frontier for m in game.moves(p)}
        assert not any(game.is_terminal(p) for p in frontier)
    seventh = {game.play(p, m) for p in frontier for m in game.moves(p)}
    wins = [p for p in seventh if game.is_terminal(p)]
    assert wins and all(game.score(p) == -1 and game.player(p) == 1 for p in wins)  # x won


def test_positions_and_keys_on_4x4_agree_with_the_reference() -> None:
    game = ConnectFour(4, 4)
    level: dict[State, ConnectFourPosition] = {("",) * 4: game.root}
    own = {game.root}  # the same levels by the game's own verbs
    sizes = []
    for _ in range(8):
        nxt: dict[State, ConnectFourPosition] = {}
        for state, pos in level.items():
            for m in ref_moves(state, 4, 4):
                nxt[ref_play(state, m)] = game.play(pos, m)
        level = nxt
        own = {game.play(p, m) for p in own if not game.is_terminal(p) for m in game.moves(p)}
        assert set(level.values()) == own
        assert len({game.key(p) for p in own}) == len(own) == len(level)  # one key per position
        sizes.append(len(own))
    assert sizes == [4, 16, 52, 160, 436, 1128, 2512, 5084]  # distinct positions by ply, both ways
    for state, pos in list(level.items())[::50]:
        assert_same(game, pos, state)


# ---------------------------------------------------------------- against the reference


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, int, list[int]]:
    """A board, a line length, and enough move choices to fill it."""
    cols, rows = draw(st.integers(4, 9)), draw(st.integers(4, 9))
    connect = draw(st.sampled_from((4, 4, 3, 5, 6)).filter(lambda k: k <= max(cols, rows)))
    choices = draw(st.lists(st.integers(0, 8), min_size=cols * rows, max_size=cols * rows))
    return cols, rows, connect, choices


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(game_line=games())
def test_random_games_agree_with_the_reference(game_line: tuple[int, int, int, list[int]]) -> None:
    cols, rows, connect, choices = game_line
    game = ConnectFour(cols, rows, connect=connect)
    pos, state = game.root, ("",) * cols
    assert_same(game, pos, state)
    for choice in choices:
        legal = ref_moves(state, rows, connect)
        if not legal:
            break
        move = legal[choice % len(legal)]
        pos, state = game.play(pos, move), ref_play(state, move)
        assert_same(game, pos, state)
    assert ref_over(state, rows, connect)  # played to the end
    moves = "".join(str(c + 1) for c in _replay_columns(choices, cols, rows, connect))
    assert game.parse(moves) == pos  # the same game as a move string


def _replay_columns(choices: list[int], cols: int, rows: int, connect: int) -> list[int]:
    state: State = ("",) * cols
    played = []
    for choice in choices:
        legal = ref_moves(state, rows, connect)
        if not legal:
            break
        played.append(legal[choice % len(legal)])
        state = ref_play(state, played[-1])
    return played


# ---------------------------------------------------------------- threats and symmetry


def test_threats_name_wins_and_blocks() -> None:
    game = ConnectFour()
    # x to move with three in a row on the floor: wins in columns 3 and 7.
    assert game.threats(game.parse("445566")) == ([2, 6], [])
    # o to move: x threatens both ends; o can block either (and still loses).
    assert game.threats(game.parse("44556")) == ([], [2, 6])
    # o's three on the third row threatens cells in the air (the cells below are
    # empty): no win for o yet, while x's three below must be blocked now.
    pos = game.parse("......./......./......./..ooo../..xxx../.xxoxo.")
    assert game.player(pos) == 1
    assert game.threats(pos) == ([], [1, 5])
    # A vertical threat.
    assert game.threats(game.parse("1212121"[:6])) == ([0], [1])


def test_order_puts_centre_columns_first() -> None:
    assert ConnectFour(7, 6).order((0, 0), range(7)) == [3, 2, 4, 1, 5, 0, 6]
    assert ConnectFour(4, 4).order((0, 0), range(4)) == [1, 2, 0, 3]
    assert ConnectFour(9, 4).order((0, 0), [0, 8, 4, 5]) == [4, 5, 0, 8]


def test_mirror_images_share_a_canonical_key_and_a_value() -> None:
    game = ConnectFour(4, 4)
    left, right = game.parse("1121"), game.parse("4434")
    assert game.symmetries(left) == game.symmetries(right)[::-1]
    assert min(game.symmetries(left)) == min(game.symmetries(right))
    assert game.key(left) != game.key(right)
    symmetric = game.parse("2233")
    assert game.symmetries(symmetric)[0] == game.symmetries(symmetric)[1]
    assert search(game, left, tt=True).value == search(game, right, tt=True).value


# ---------------------------------------------------------------- text


def test_positions_parse_as_boards_or_moves() -> None:
    game = ConnectFour()
    board = "......./......./......./......./...o.../..oxx.."
    assert game.parse("4453") == game.parse(board) == game.parse(" 44 53 ")
    assert game.parse(board.replace("/", "\n")) == game.parse(board.replace("/", "")) == game.parse(board.upper())
    assert game.parse("") == game.root == (0, 0)
    assert ConnectFour(position="4453").root == game.parse("4453")
    assert game.player(game.parse("4453")) == 0 and game.player(game.parse("445")) == 1
    small = ConnectFour(4, 5, "2323")
    assert small.position_text(small.root) == "..../..../..../.xo./.xo."


BAD_BOARDS = [
    ("......./......./......./......./...o...", r"has 5 rows but a 7x6 board needs 6"),
    ("......./......./......./......./...o.../..oxx...", r"row 6 from the top has 8 cells but a 7x6 board needs 7"),
    ("......./......./......./......./...o.../..oxz..", r"unknown character 'z' in row 6 from the top, column 5"),
    ("......./......./......./...x.../......./...ox..", r"column 4 has a floating disc"),
    ("......./......./......./......./......./..oo...", r"0 x and 2 o \(x moves first"),
    ("......./......./......./......./......./xxx....", r"3 x and 0 o"),
    ("......./......./x....../x.o..../x.o..../x.o.o..", r"x has a line, but the other side moved after it"),
    ("......./......./o....../o...x../o...x../oxx.x..", r"o has a line, but the other side moved after it"),
    ("......./......./......./ooo..../xxxxo../xxxxooo", r"x has lines that no single last move could have made"),
    ("......./......./o....../o....../o....../oxxxx..", r"both x and o have a line"),
]


@pytest.mark.parametrize(("text", "message"), BAD_BOARDS)
def test_bad_boards_are_rejected_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        ConnectFour().parse(text)


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("48", r"move 2 \('8'\) is not a column \(must be 1-7\)"),
        ("40", r"move 2 \('0'\) is not a column"),
        ("4²", r"'4²' has 1 row but a 7x6 board needs 6 \(rows of x, o and '.', .*or moves as column digits"),
        ("1111111", r"move 7 \('1'\) goes into a full column"),
        ("12121212", r"move 8 \('2'\) comes after the game is over"),
    ],
)
def test_bad_move_strings_are_rejected_with_the_reason(moves: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        ConnectFour().parse(moves)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"cols": 3}, r"connect four cols 3 is not allowed \(must be a whole number from 4 to 9\)"),
        ({"cols": 10}, r"cols 10 is not allowed"),
        ({"rows": 10}, r"rows 10 is not allowed"),
        ({"rows": True}, r"rows True is not allowed"),
        ({"cols": "7"}, r"cols '7' is not allowed"),
        ({"cols": 7.0}, r"cols 7.0 is not allowed"),
        ({"connect": 2}, r"connect=2 is not allowed on a 7x6 board \(must be a whole number from 3 to 7"),
        ({"cols": 4, "rows": 5, "connect": 6}, r"from 3 to 5, the longest line that fits"),
    ],
)
def test_bad_sizes_are_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message):
        ConnectFour(**kwargs)  # type: ignore[arg-type]


def test_moves_names_and_spec() -> None:
    game = ConnectFour()
    pos = game.parse("1111113")
    assert game.moves(pos) == (1, 2, 3, 4, 5, 6)
    assert [game.move_name(pos, m) for m in game.moves(pos)] == ["2", "3", "4", "5", "6", "7"]
    assert game.parse_move(pos, " 4 ") == 3
    with pytest.raises(InputError, match=r"unknown connect four move 'a' \(must be a column 1-7; legal here: 2, 3"):
        game.parse_move(pos, "a")
    with pytest.raises(InputError, match=r"connect four move '1' is not legal here \(legal here: 2, 3, 4, 5, 6, 7\)"):
        game.parse_move(pos, "1")
    with pytest.raises(InputError, match=r"not legal here \(legal here: none, the game is over\)"):
        game.parse_move(game.parse("1212121"), "3")
    with pytest.raises(InputError, match=r"connect four move 0 is not legal here \(legal: \['2', '3'"):
        game.play(pos, 0)
    with pytest.raises(InputError, match=r"move 7 is not legal"):
        game.play(pos, 7)
    assert game.max_score == 1 and game.player_names == ("x", "o")
    spec = ConnectFour(5, 4, "33", connect=3).spec()
    assert spec == {"game": "connect4", "cols": 5, "rows": 4, "connect": 3, "position": "...../...../..o../..x.."}
    cols, rows, connect = (int(str(spec[k])) for k in ("cols", "rows", "connect"))
    rebuilt = ConnectFour(cols, rows, str(spec["position"]), connect)
    assert rebuilt.root == ConnectFour(5, 4, "33", connect=3).root
    assert repr(ConnectFour()) == "ConnectFour(cols=7, rows=6)"
    assert repr(ConnectFour(5, 4, connect=3)) == "ConnectFour(cols=5, rows=4, connect=3)"


def test_scores_and_evaluation_stay_inside_a_win() -> None:
    game = ConnectFour()
    won = game.parse("1212121")  # x's four in column 1
    assert game.is_terminal(won) and game.score(won) == -1 and game.evaluate(won) == -1
    assert game.value_bounds(won) == (-1, 1)
    rng = random.Random(7)
    for _ in range(200):
        pos = game.root
        for _ in range(rng.randrange(42)):
            if game.is_terminal(pos):
                break
            pos = game.play(pos, rng.choice(game.moves(pos)))
        if not game.is_terminal(pos):
            assert -1 < game.evaluate(pos) < 1
    full = ConnectFour(4, 4).parse("xxoo/ooxx/xxoo/ooxx")  # no four anywhere: a draw
    assert ConnectFour(4, 4).is_terminal(full) and ConnectFour(4, 4).score(full) == 0


# ---------------------------------------------------------------- exact values


def brute_force(cols: int, rows: int, k: int = 4) -> Callable[[State], int]:
    """The exact value of a reference state for the side to move: a memoized negamax
    over every move (mirror images share an entry), stopping only at a win, the
    largest value there is."""

    def made_line(state: State, col: int) -> bool:
        row = len(state[col]) - 1
        mark = state[col][row]
        for dc, dr in DIRECTIONS:
            run = 1
            for sign in (1, -1):
                i = 1
                while ref_at(state, col + sign * i * dc, row + sign * i * dr) == mark:
                    run, i = run + 1, i + 1
            if run >= k:
                return True
        return False

    @lru_cache(maxsize=None)
    def value(state: State) -> int:
        if sum(map(len, state)) == cols * rows:
            return 0
        me = ref_to_move(state)
        children = []
        for c in sorted(range(cols), key=lambda c: abs(2 * c - cols + 1)):
            if len(state[c]) < rows:
                child = state[:c] + (state[c] + me,) + state[c + 1 :]
                if made_line(child, c):
                    return 1
                children.append(min(child, child[::-1]))
        best = -1
        for child in children:
            best = max(best, -value(child))
            if best == 1:
                break
        return best

    return value


ENHANCED = dict(algorithm="alphabeta", order="threats+heuristic", tt=True, symmetry=True)
EVERYTHING = dict(ENHANCED, forced=True, bounds=True)


@pytest.mark.slow
def test_4x4_is_a_draw_by_brute_force_and_by_search() -> None:
    value = brute_force(4, 4)
    assert value(("",) * 4) == 0
    game = ConnectFour(4, 4)
    for options in (dict(algorithm="alphabeta"), ENHANCED, EVERYTHING, dict(EVERYTHING, algorithm="pvs"),
                    dict(EVERYTHING, algorithm="mtdf")):
        assert search(game, **options).value == 0, options


@pytest.mark.slow
def test_4x4_positions_agree_with_plain_negamax_and_brute_force() -> None:
    # Plain negamax from the empty 4x4 board visits 131,060,741 nodes (minutes here):
    # compare it on positions 7 or 8 plies in, where it takes milliseconds.
    value = brute_force(4, 4)
    game = ConnectFour(4, 4)
    rng = random.Random(4)
    checked = 0
    while checked < 25:
        moves = [rng.randrange(4) for _ in range(rng.choice((7, 8)))]
        state: State = ("",) * 4
        for m in moves:
            if m not in ref_moves(state, 4, 4):
                break
            state = ref_play(state, m)
        else:
            pos = game.parse(ref_text(state, 4))
            if game.is_terminal(pos):
                continue
            expected = value(min(state, state[::-1]))
            assert search(game, pos, algorithm="negamax").value == expected
            assert search(game, pos, **EVERYTHING).value == expected
            checked += 1


@pytest.mark.slow
def test_5x4_is_a_draw_by_brute_force_and_by_search() -> None:
    assert brute_force(5, 4)(("",) * 5) == 0  # about 1 million positions, 15 s
    game = ConnectFour(5, 4)
    assert search(game, **EVERYTHING).value == 0
    assert search(game, **dict(EVERYTHING, algorithm="mtdf")).value == 0


def test_connect_three_on_4x4_is_a_first_player_win() -> None:
    value = brute_force(4, 4, 3)
    expected = value(("",) * 4)
    game = ConnectFour(4, 4, connect=3)
    assert search(game, **EVERYTHING).value == expected == 1
    assert search(game, algorithm="alphabeta", tt=True).value == expected
