"""Headless tests of the play widget (no browser, no kernel).

The widget is driven through :meth:`PlayWidget.play` and through its buttons' ``click()``
(the same code path), and the game it shows is checked against the game's own verbs
and against :func:`negaviz.search` run independently.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

import negaviz
from negaviz.errors import InputError
from negaviz.games.connect4 import ConnectFour
from negaviz.games.othello import PASS, Othello
from negaviz.widgets.play import BIG_BOARD_DEPTH, DEFAULT_OPTIONS, PlayWidget

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def has_line(cells: str, mark: str) -> bool:
    """Whether ``mark`` has three in a row (independent of negaviz's tables)."""
    return any(all(cells[c] == mark for c in line) for line in LINES)


@pytest.fixture
def make() -> Iterator[Any]:
    made: list[PlayWidget] = []

    def build(game: Any, **kw: Any) -> PlayWidget:
        w = PlayWidget(game, **kw)
        made.append(w)
        return w

    yield build
    for w in made:
        w.close()


def expected_reply(game: Any, pos: Any) -> Any:
    """The move negaviz.search chooses with the widget's default options."""
    return negaviz.search(game, pos, **DEFAULT_OPTIONS).move


# ------------------------------------------------------------------------ one move
def test_engine_answers_with_the_searched_move_and_shows_its_tree(make: Any) -> None:
    game = negaviz.TicTacToe()
    w = make(game)
    after_human = game.play(game.root, 0)
    w.play(0)  # a1
    reply = expected_reply(game, after_human)
    trace = w.last_trace
    assert trace is not None and trace.result is not None
    assert trace.result.move == reply == w.history[-1].move
    assert [(p.player, p.move, p.trace is None) for p in w.history] == [(0, 0, True), (1, reply, False)]
    assert w.history[-1].trace is trace
    assert w.position == game.play(after_human, reply)
    # The search shown is that move's, finished, with its tree drawn inline.
    assert w.stepper is not None and w.stepper.trace is trace
    assert w.stepper.step == len(trace)
    assert w.stepper.scene.views and "<svg" in w.stepper.scene.views[0]["svg"]
    assert " ".join(trace.result.pv_names) in w.engine_panel.value
    # The board shows both marks; only empty cells are clickable.
    assert w.cell_buttons[0].description == "x" and w.cell_buttons[reply].description == "o"
    assert [not b.disabled for b in w.cell_buttons] == [c in game.moves(w.position) for c in range(9)]
    assert w.status == "Your move (you are x)."


def test_clicking_a_cell_plays_it_like_play(make: Any) -> None:
    game = negaviz.TicTacToe()
    w = make(game)
    w.cell_buttons[4].click()  # b2
    assert w.history[0].move == 4 and w.history[0].name == "b2"
    assert w.history[1].move == expected_reply(game, game.play(game.root, 4))
    assert w.message_panel.value == ""


def test_a_move_may_be_given_by_name(make: Any) -> None:
    w = make(negaviz.TicTacToe())
    w.play("C3")
    assert w.history[0].move == 8


def test_illegal_move_raises_naming_the_legal_ones(make: Any) -> None:
    game = negaviz.TicTacToe()
    w = make(game)
    w.play(4)
    before, plies = w.position, len(w.history)
    taken = w.history[1].move
    legal = ", ".join(game.move_name(before, m) for m in game.moves(before))
    with pytest.raises(InputError, match=f"legal: {legal}"):
        w.play(taken)
    with pytest.raises(InputError, match="not a legal move"):
        w.play("z9")
    assert w.position == before and len(w.history) == plies


@pytest.mark.slow
def test_engine_moves_first_when_the_human_is_second(make: Any) -> None:
    game = negaviz.TicTacToe()
    w = make(game, human="o")
    assert len(w.history) == 1 and w.history[0].trace is w.last_trace
    assert w.history[0].move == expected_reply(game, game.root)
    assert w.status == "Your move (you are o)."
    assert w.undo_button.disabled  # nothing of the human's to take back


# ------------------------------------------------------------------------ undo, new game
@pytest.mark.slow
def test_undo_restores_the_position_before_the_humans_last_move(make: Any) -> None:
    game = negaviz.TicTacToe()
    w = make(game)
    w.play(0)
    first_trace = w.last_trace
    before_second = w.position
    w.play(next(m for m in game.moves(before_second)))
    assert w.last_trace is not first_trace
    w.undo_button.click()
    assert w.position == before_second
    assert len(w.history) == 2 and w.last_trace is first_trace
    assert w.stepper is not None and w.stepper.trace is first_trace
    w.undo()
    assert w.position == game.root and w.history == () and w.last_trace is None
    assert w.stepper is None and w.undo_button.disabled
    with pytest.raises(InputError, match="no move of yours to undo"):
        w.undo()


@pytest.mark.slow
def test_new_game_starts_again_and_the_engine_opens_if_it_is_first(make: Any) -> None:
    game = negaviz.TicTacToe()
    w = make(game, human=1)
    w.play(next(iter(game.moves(w.position))))
    w.new_button.click()
    assert len(w.history) == 1 and w.history[0].trace is not None
    assert w.position == game.play(game.root, expected_reply(game, game.root))


# ------------------------------------------------------------------------ whole games
def ttt_result(cells: str, human: str) -> str:
    """The status a finished tic-tac-toe game should show, from the board alone."""
    for mark in "xo":
        if has_line(cells, mark):
            return f"Game over: {mark} wins, " + ("you win!" if mark == human else "the engine wins.")
    assert "." not in cells
    return "Game over: a draw."


@pytest.mark.slow
@pytest.mark.parametrize("human", ["x", "o"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_random_human_never_beats_the_full_depth_engine(
    make: Any, ttt_reference: Any, human: str, seed: int
) -> None:
    game = negaviz.TicTacToe()
    w = make(game, human=human)
    rng = random.Random(seed)
    while not w.over:
        w.play(rng.choice(w.legal_moves))
    cells = game.cells(w.position)
    assert not has_line(cells, human)
    # Every engine move keeps the best value the engine could get (the conftest's
    # independent negamax), so a weaker engine that happened to win would still fail.
    pos = game.root
    for ply in w.history:
        after = game.play(pos, ply.move)
        if ply.trace is not None:
            assert -ttt_reference.values[game.cells(after)] == ttt_reference.values[game.cells(pos)]
        pos = after
    assert w.status == ttt_result(cells, human)
    assert w.status in w.status_panel.value
    assert not any(not b.disabled for b in w.cell_buttons)
    with pytest.raises(InputError, match="the game is over"):
        w.play(0)


@pytest.mark.slow
def test_perfect_play_on_both_sides_is_announced_as_a_draw(make: Any) -> None:
    game = negaviz.TicTacToe()
    w = make(game)
    while not w.over:
        w.play(expected_reply(game, w.position))  # the human plays as well as the engine
    assert w.status == "Game over: a draw."


@pytest.mark.slow
def test_othello_4x4_game_with_passes_through_buttons(make: Any) -> None:
    game = Othello(4)
    w = make(game)
    assert w.options.depth is None  # 4x4 is solved to the end
    rng = random.Random(0)
    passes = 0
    while not w.over:
        legal = w._legal()
        names = tuple(game.move_name(w.position, m) for m in legal)
        assert w.legal_moves == names and legal and all(m in game.moves(w.position) for m in legal)
        if legal == (PASS,):
            assert w.pass_button.layout.display != "none"
            assert all(b.disabled for b in w.cell_buttons)
            w.pass_button.click()
            passes += 1
        else:
            assert w.pass_button.layout.display == "none"
            move = rng.choice(legal)
            w.cell_buttons[move].click()
        assert w.message_panel.value == ""
    assert passes > 0 and [p.move for p in w.history].count(PASS) >= passes
    # Replaying the history from the start reaches the board shown.
    pos = game.root
    for ply in w.history:
        pos = game.play(pos, ply.move)
    assert pos == w.position and game.is_terminal(pos)
    cells = "".join(game.label(pos).splitlines())
    assert [b.description or "." for b in w.cell_buttons] == list(cells)
    black, white = cells.count("x"), cells.count("o")
    assert black != white  # the seed's game has a winner, so the line below can fail
    winner = "x" if black > white else "o"
    verdict = "you win!" if winner == "x" else "the engine wins."
    assert w.status == f"Game over: {winner} wins by {abs(black - white)}, {verdict}"


# ------------------------------------------------------------------------ other games, options
def test_connect_four_has_one_button_per_column(make: Any) -> None:
    game = ConnectFour()
    w = make(game)
    assert w.options.depth == BIG_BOARD_DEPTH
    assert len(w.column_buttons) == 7 and len(w.cell_buttons) == 42
    assert all(b.disabled for b in w.cell_buttons)  # cells only show the discs
    w.column_buttons[3].click()
    reply = w.history[1].move
    assert w.history[0].move == 3 and reply == w.last_trace.result.move  # type: ignore[union-attr]
    bottom = [b.description or "." for b in w.cell_buttons[-7:]]
    expected = ["."] * 7
    expected[3] = "x"
    expected[reply] = "o" if reply != 3 else "x"
    if reply == 3:  # the reply landed on top of the human's disc
        assert w.cell_buttons[-14 + 3].description == "o"
    assert bottom == expected


def test_big_othello_gets_a_depth_and_options_are_checked(make: Any) -> None:
    assert make(Othello(6)).options.depth == BIG_BOARD_DEPTH
    assert make(Othello(6), depth=2).options.depth == 2
    w = make(negaviz.TicTacToe(), options={"algorithm": "minimax"})
    assert (w.options.algorithm, w.options.tt) == ("minimax", False)
    with pytest.raises(InputError, match="unknown search option"):
        PlayWidget(negaviz.TicTacToe(), options={"speed": 3})
    with pytest.raises(InputError, match=r"unknown human side: 'z' \(must be one of \['x', 'o', 0, 1\]\)"):
        PlayWidget(negaviz.TicTacToe(), human="z")
    with pytest.raises(InputError, match="not Tree"):
        PlayWidget(negaviz.Tree.parse("[[1,2],[3]]"))


def test_a_saved_notebook_shows_the_board_and_says_play_needs_a_kernel(make: Any) -> None:
    """The static form (text/html) that nbval, nbconvert and the course site keep: the
    board as it stands and the status, and a short text form with no widget internals."""
    w = make(negaviz.TicTacToe())
    w.play("a1")
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == "<negaviz PlayWidget: 2 moves played. Your move (you are x).>"
    page = data["text/html"]
    assert "<pre>x..\n.o.\n...</pre>" in page and "needs a running kernel" in page
