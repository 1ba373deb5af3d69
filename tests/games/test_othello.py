"""Tests of negaviz.games.othello against perft counts and a slow reference."""

from __future__ import annotations

from typing import Callable, Hashable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negaviz.errors import InputError
from negaviz.games.othello import PASS, Othello, OthelloPosition

# ---------------------------------------------------------------- slow reference
# A deliberately naive Othello: a list of 'x'/'o'/'.' cells, scanned square by
# square in the 8 directions.  It shares no code with the bitboard version.

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
RefState = tuple[list[str], str]  # (cells, side to move: 'x' or 'o')


def other(side: str) -> str:
    return "o" if side == "x" else "x"


def ref_flips(cells: list[str], n: int, me: str, square: int) -> list[int]:
    if cells[square] != ".":
        return []
    row, col = divmod(square, n)
    flipped: list[int] = []
    for dr, dc in DIRECTIONS:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < n and 0 <= c < n and cells[r * n + c] == other(me):
            run.append(r * n + c)
            r, c = r + dr, c + dc
        if run and 0 <= r < n and 0 <= c < n and cells[r * n + c] == me:
            flipped += run
    return sorted(flipped)


def ref_squares(cells: list[str], n: int, me: str) -> list[int]:
    return [sq for sq in range(n * n) if ref_flips(cells, n, me, sq)]


def ref_moves(state: RefState, n: int) -> list[int]:
    cells, me = state
    squares = ref_squares(cells, n, me)
    if squares:
        return squares
    return [PASS] if ref_squares(cells, n, other(me)) else []


def ref_play(state: RefState, n: int, move: int) -> RefState:
    cells, me = state
    if move == PASS:
        return (cells, other(me))
    new = list(cells)
    for sq in ref_flips(cells, n, me, move) + [move]:
        new[sq] = me
    return (new, other(me))


def ref_score(state: RefState) -> int:
    cells, me = state
    return cells.count(me) - cells.count(other(me))


def ref_key(state: RefState) -> tuple[int, int, bool]:
    cells, me = state
    black = sum(1 << i for i, c in enumerate(cells) if c == "x")
    white = sum(1 << i for i, c in enumerate(cells) if c == "o")
    return (black, white, me == "x")


def ref_text(state: RefState) -> str:
    cells, me = state
    return "".join(cells) + ":" + me


def ref_start(n: int) -> RefState:
    cells = ["."] * (n * n)
    h = n // 2 - 1
    cells[h * n + h] = cells[(h + 1) * n + h + 1] = "o"
    cells[h * n + h + 1] = cells[(h + 1) * n + h] = "x"
    return (cells, "x")


def assert_same(game: Othello, pos: OthelloPosition, state: RefState) -> None:
    """The fast position and the reference state agree on everything observable."""
    n = game.size
    assert game.key(pos) == ref_key(state)
    assert game.parse_position(ref_text(state)) == pos
    expected = ref_moves(state, n)
    assert game.moves(pos) == tuple(expected)
    assert game.is_terminal(pos) == (not expected)
    assert game.score(pos) == ref_score(state)
    assert game.player(pos) == (0 if state[1] == "x" else 1)


def key_to_position(game: Othello, key: tuple[int, int, bool]) -> OthelloPosition:
    """Rebuild a position from a documented ``(black, white, black_to_move)`` key."""
    black, white, black_to_move = key
    cells = "".join(
        "x" if black >> i & 1 else "o" if white >> i & 1 else "." for i in range(game.max_score)
    )
    return game.parse_position(cells + (":x" if black_to_move else ":o"))


# ---------------------------------------------------------------- strategies

sizes = st.sampled_from((4, 6, 8))


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, RefState]:
    """Arbitrary boards (not necessarily reachable): dense lines up to every edge."""
    n = draw(sizes)
    cells = draw(st.lists(st.sampled_from("xo.."), min_size=n * n, max_size=n * n))
    return n, (cells, draw(st.sampled_from("xo")))


# ---------------------------------------------------------------- perft


def perft(game: Othello, pos: OthelloPosition, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(game, game.play(pos, m), depth - 1) for m in game.moves(pos))


@pytest.mark.parametrize(
    ("depth", "leaves"), [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1396), (6, 8200)]
)
def test_perft_from_the_8x8_start(depth: int, leaves: int) -> None:
    game = Othello()
    assert perft(game, game.root, depth) == leaves


# ---------------------------------------------------------------- against the reference


@st.composite
def games(draw: st.DrawFn) -> tuple[int, list[int]]:
    """A board size and enough move choices (indices into the legal moves) to end a game."""
    n = draw(sizes)
    plies = 2 * (n * n - 4)  # every disc placed, each after a pass at worst
    return n, draw(st.lists(st.integers(0, 63), min_size=plies, max_size=plies))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(game_line=games())
def test_random_games_agree_with_the_reference(game_line: tuple[int, list[int]]) -> None:
    n, choices = game_line
    game = Othello(n)
    pos, state = game.root, ref_start(n)
    assert_same(game, pos, state)
    for choice in choices:
        legal = ref_moves(state, n)
        if not legal:
            break
        move = legal[choice % len(legal)]
        pos, state = game.play(pos, move), ref_play(state, n, move)
        assert_same(game, pos, state)
    assert not ref_moves(state, n)  # the game was played to its end


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(board=boards())
def test_arbitrary_boards_agree_with_the_reference(board: tuple[int, RefState]) -> None:
    n, state = board
    game = Othello(n)
    pos = game.parse_position(ref_text(state))
    assert_same(game, pos, state)
    for move in ref_moves(state, n):
        assert game.key(game.play(pos, move)) == ref_key(ref_play(state, n, move))


# ---------------------------------------------------------------- passing and the end


def test_a_side_without_moves_passes() -> None:
    game = Othello(4)
    # Black's only disc (b1) cannot outflank white's a1; white can play c1.
    pos = game.parse_position("ox.. / .... / .... / .... :x")
    assert game.moves(pos) == (PASS,)
    assert not game.is_terminal(pos)
    after = game.play(pos, PASS)
    assert game.position_text(after) == "ox../..../..../....:o"
    assert game.player(after) == 1
    assert game.key(after) == (game.key(pos)[0], game.key(pos)[1], False)
    assert game.moves(after) == (game.parse_move(after, "c1"),)
    end = game.play(after, game.parse_move(after, "c1"))
    assert game.is_terminal(end)
    assert game.moves(end) == ()
    assert game.score(end) == -3  # black to move, no discs left against three
    assert game.move_name(pos, PASS) == "pass"
    assert game.parse_move(pos, " PASS ") == PASS


def test_discs_do_not_outflank_across_the_board_edge() -> None:
    game = Othello(4)
    # d1 and a2 are neighbours as bits 3 and 4, but not on the board.
    pos = game.parse_position("...x/o.../..../.o..:x")
    assert game.moves(pos) == ()
    assert game.is_terminal(pos)


def test_a_full_board_is_terminal_and_scored_without_empties() -> None:
    game = Othello(4)
    pos = game.parse_position("xxxx/xxxx/oooo/oxxx:o")
    assert game.is_terminal(pos)
    assert game.score(pos) == 5 - 11


def test_an_illegal_move_is_rejected() -> None:
    game = Othello(4)
    with pytest.raises(InputError, match=r"not legal here \(legal: \['b1', 'a2', 'd3', 'c4'\]\)"):
        game.play(game.root, 0)
    with pytest.raises(InputError, match="not legal"):
        game.play(game.root, 5)  # occupied
    with pytest.raises(InputError, match="not legal"):
        game.play(game.root, 16)  # off the board


# ---------------------------------------------------------------- symmetries


def test_the_start_position_has_one_canonical_child() -> None:
    game = Othello()
    keys = game.symmetries(game.root)
    assert len(keys) == 8
    assert game.key(game.root) in keys
    canonical = {min(game.symmetries(game.play(game.root, m))) for m in game.moves(game.root)}
    assert len(canonical) == 1


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(board=boards())
def test_symmetric_variants_are_equivalent(board: tuple[int, RefState]) -> None:
    n, state = board
    game = Othello(n)
    pos = game.parse_position(ref_text(state))
    keys = game.symmetries(pos)
    assert len(keys) == 8
    assert keys[0] == game.key(pos)
    for key in keys:
        variant = key_to_position(game, key)
        assert variant[2] == pos[2]
        assert len(game.moves(variant)) == len(game.moves(pos))
        assert game.score(variant) == game.score(pos)
        assert game.is_terminal(variant) == game.is_terminal(pos)
        # The 8 transforms form a group: every variant has the same set of variants.
        assert set(game.symmetries(variant)) == set(keys)


def test_an_asymmetric_board_has_eight_distinct_keys() -> None:
    game = Othello(6)
    pos = game.parse_position("xo..../x...../....../....../....../......:o")
    assert len(set(game.symmetries(pos))) == 8


# ---------------------------------------------------------------- text


def test_positions_parse_in_every_documented_form() -> None:
    game = Othello(4)
    root = game.root
    assert game.parse_position("....\n.ox.\n.xo.\n....") == root  # 4 discs: x to move
    assert game.parse_position("..../.ox./.xo./....:x") == root
    assert game.parse_position(".... .ox. .xo. .... x") == root  # final extra character
    assert game.parse_position("....  .ox.  .xo.  ....  : x") == root
    assert game.parse_position("x...ox..xo......") == game.parse_position("x...ox..xo......o")
    assert game.player(game.parse_position("x...ox..xo......")) == 1  # 5 discs: o to move
    assert game.parse_position(game.position_text(root)) == root
    assert Othello(4, "x...ox..xo......:x").root == game.parse_position("x...ox..xo......x")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("..../.ox./.xo./...", r"has 15 cells but a 4x4 board needs 16"),
        (".................x", r"has 18 cells but a 4x4 board needs 16"),
        ("..../.oX./.xo./....", r"unknown character 'X' at cell 6 \(c2\).*allowed: 'x', 'o', '.'"),
        ("..../.ox./.xo./...-", r"unknown character '-' at cell 15 \(d4\)"),
        ("..../.ox./.xo./....:z", r"marker 'z' .* is not allowed \(must be 'x' or 'o'\)"),
        ("..../.ox./.xo./....:", r"marker '' .* is not allowed \(must be 'x' or 'o'\)"),
        ("..../.ox./.xo./.....", r"side-to-move marker '\.' .* is not allowed"),
        ("..../.ox./.xo./....:xo", r"side-to-move marker 'xo' .* is not allowed"),
        ("..:../.ox./.xo./....:x", r"unknown character ':'"),
    ],
)
def test_bad_positions_are_rejected_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        Othello(4).parse_position(text)


@pytest.mark.parametrize("size", [5, 3, 10, 0, -8, True, "8", 8.0])
def test_bad_sizes_are_rejected(size: object) -> None:
    allowed = r"is not allowed \(must be one of 4, 6, 8\)"
    with pytest.raises(InputError, match=rf"othello size {size!r} {allowed}"):
        Othello(size)  # type: ignore[arg-type]


def test_othello_size_5_message() -> None:
    message = r"^othello size 5 is not allowed \(must be one of 4, 6, 8\)$"
    with pytest.raises(ValueError, match=message):  # InputError is a ValueError
        Othello(5)


def test_names_labels_and_spec() -> None:
    game = Othello()
    assert game.max_score == 64
    assert [game.move_name(game.root, m) for m in (0, 1, 8, 63)] == ["a1", "b1", "a2", "h8"]
    assert [game.move_name(game.root, m) for m in game.moves(game.root)] == ["d3", "c4", "f5", "e6"]
    assert game.label(game.root).splitlines()[3:5] == ["...ox...", "...xo..."]
    four = Othello(4)
    assert four.label(four.root) == "....\n.ox.\n.xo.\n...."
    assert game.player(game.root) == 0
    spec = game.spec()
    assert spec == {"game": "othello", "size": 8, "position": game.position_text(game.root)}
    assert str(spec["position"]).endswith(":x")
    small = Othello(6, "....../....../..xo../..ox../....../......:o")
    spec = small.spec()
    rebuilt = Othello(int(str(spec["size"])), str(spec["position"]))
    assert rebuilt.root == small.root and rebuilt.size == 6


def test_moves_parse_back() -> None:
    game = Othello()
    for move in game.moves(game.root):
        assert game.parse_move(game.root, game.move_name(game.root, move)) == move
    assert game.parse_move(game.root, " D3 ") == 19
    squares = r"\(must be a square a1\.\.h8 or 'pass'"
    with pytest.raises(InputError, match=rf"unknown othello move 'i1' {squares}"):
        game.parse_move(game.root, "i1")
    with pytest.raises(InputError, match=r"unknown othello move 'a9'"):
        game.parse_move(game.root, "a9")
    with pytest.raises(InputError, match=r"unknown othello move 'e5x'"):
        game.parse_move(game.root, "e5x")
    with pytest.raises(InputError, match=r"'a1' is not legal here \(legal here: d3, c4, f5, e6\)"):
        game.parse_move(game.root, "a1")
    with pytest.raises(InputError, match=r"'pass' is not legal here"):
        game.parse_move(game.root, "pass")
    with pytest.raises(InputError, match=r"unknown othello move 'e4'.*a1\.\.d4"):
        Othello(4).parse_move(Othello(4).root, "e4")


# ---------------------------------------------------------------- heuristics


def test_order_puts_corners_first_and_x_squares_last() -> None:
    game = Othello()
    # b2 (9) is next to the empty a1; d4 (27) is inner; b1 (1) is an edge; a1 (0) a corner.
    assert game.order(game.root, [9, 27, 1, 0, 36]) == (0, 1, 27, 36, 9)
    corner_taken = game.parse_position("x" + "." * 26 + "ox......xo" + "." * 27 + ":x")
    assert game.order(corner_taken, [9, 27, 1, 0, 36]) == (0, 1, 9, 27, 36)


def ref_rank(n: int, cells: list[str], move: int) -> int:
    row, col = divmod(move, n)
    edge_rows = (0, n - 1)
    if row in edge_rows and col in edge_rows:
        return 0
    if row in edge_rows or col in edge_rows:
        return 1
    for corner_row, inner_row in ((0, 1), (n - 1, n - 2)):
        for corner_col, inner_col in ((0, 1), (n - 1, n - 2)):
            if (row, col) == (inner_row, inner_col) and cells[corner_row * n + corner_col] == ".":
                return 3
    return 2


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(board=boards())
def test_order_and_evaluate_on_arbitrary_boards(board: tuple[int, RefState]) -> None:
    n, state = board
    game = Othello(n)
    pos = game.parse_position(ref_text(state))
    moves = game.moves(pos)
    assert game.order(pos, moves) == tuple(sorted(moves, key=lambda m: ref_rank(n, state[0], m)))
    value = game.evaluate(pos)
    assert isinstance(value, int)
    if game.is_terminal(pos):
        assert value == game.score(pos)
    else:
        assert abs(value) < game.max_score


def test_evaluate_follows_its_docstring() -> None:
    game = Othello(4)
    assert game.evaluate(game.root) == 0
    # x: a1 b1 b2 (corner a1), o: c2 b3 c3; x to move.
    cells = "xx...xo..oo....."
    pos = game.parse_position(cells + ":x")
    mobility = len(ref_squares(list(cells), 4, "x")) - len(ref_squares(list(cells), 4, "o"))
    assert game.evaluate(pos) == 0 + mobility + 5 * 1  # equal discs, one corner more
    flipped = game.play(pos, PASS)
    assert game.evaluate(flipped) == -game.evaluate(pos)


# ---------------------------------------------------------------- solving 4x4


@pytest.mark.slow
def test_4x4_solved_two_ways_agrees() -> None:
    """Plain negamax over the whole 4x4 tree, then memoized by key and by symmetry.

    Measured when written: the start value is -8 for black (white wins 11-3, the known
    result), the plain tree has 224,821 nodes (passes and terminals included) and
    there are 62,789 distinct keys.
    """
    game = Othello(4)
    nodes = 0

    def negamax(pos: OthelloPosition) -> int:
        nonlocal nodes
        nodes += 1
        if game.is_terminal(pos):
            return game.score(pos)
        return max(-negamax(game.play(pos, m)) for m in game.moves(pos))

    def memoized(
        pos: OthelloPosition, key: Callable[[OthelloPosition], Hashable], memo: dict[Hashable, int]
    ) -> int:
        k = key(pos)
        if k not in memo:
            if game.is_terminal(pos):
                memo[k] = game.score(pos)
            else:
                memo[k] = max(-memoized(game.play(pos, m), key, memo) for m in game.moves(pos))
        return memo[k]

    plain = negamax(game.root)
    by_key: dict[Hashable, int] = {}
    by_symmetry: dict[Hashable, int] = {}
    assert memoized(game.root, game.key, by_key) == plain
    assert memoized(game.root, lambda p: min(game.symmetries(p)), by_symmetry) == plain
    assert plain == -8
    assert nodes == 224_821
    assert len(by_key) == 62_789
    assert len(by_symmetry) < len(by_key)
