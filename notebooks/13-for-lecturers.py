# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 15 · For lecturers
#
# An appendix to the lecture notebooks, for whoever teaches from them: a course's own
# game class (make/unmake, AIMA or easyAI style) searched unchanged, the node counts
# published in lecture notes reproduced and explained, and exercise sheets made from a
# seed.  Students need none of it.

# %%
import math

import negaviz
from negaviz import TicTacToe
from negaviz.quiz import exercise

game = TicTacToe()

# %% [markdown]
# ## A course's own game class, searched unchanged
#
# Many courses write a game as one object that changes in place: `get_moves()`,
# `make_move(move)` and `unmake_move(move)` to step forward and back, `get_utility()`
# for the side to move once the game is over, and `is_over()`.  Here is tic-tac-toe
# written that way, as a lecturer might have it already.  It knows nothing of negaviz.

# %%
class LectureTicTacToe:
    """Tic-tac-toe as one mutable object: a board of nine cells and the side to move."""

    WINS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

    def __init__(self):
        self.board = [" "] * 9
        self.player = "X"  # the side to move in the position the object is in

    def get_moves(self):
        return [cell for cell, mark in enumerate(self.board) if mark == " "]

    def make_move(self, cell):
        self.board[cell] = self.player
        self.player = "O" if self.player == "X" else "X"

    def unmake_move(self, cell):
        self.board[cell] = " "
        self.player = "O" if self.player == "X" else "X"

    def winner(self):
        for a, b, c in self.WINS:
            if self.board[a] != " " and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a]
        return None

    def get_utility(self):
        """For the side to move: 1 for a win, -1 for a loss, 0 for a draw; None while the game goes on."""
        won = self.winner()
        if won is not None:
            return 1 if won == self.player else -1
        return 0 if " " not in self.board else None

    def is_over(self):
        return self.get_utility() is not None

    def __str__(self):
        return "\n".join("|".join(self.board[row:row + 3]) for row in (0, 3, 6))


# %% [markdown]
# `negaviz.MutableGame` searches such an object as it is: it makes and unmakes moves on
# it to reach each position the search asks about, and leaves it as it found it.  From
# the empty board, negamax visits exactly as many nodes as with negaviz's own
# tic-tac-toe (549,946), and finds the same value:

# %%
lecture = LectureTicTacToe()
r = negaviz.search(negaviz.MutableGame(lecture), algorithm="negamax")
full = negaviz.search(game, algorithm="negamax")
print(f"value {r.value}, {r.nodes:,} nodes (negaviz.TicTacToe: value {full.value}, {full.nodes:,} nodes)")
print("the object afterwards, unchanged:", lecture.board == [" "] * 9 and lecture.player == "X")

# %% [markdown]
# ## A whole game, engine against engine
#
# Each turn, search the position the object is in and make the best move found.  A
# table keyed by the board (`key=`) makes each search quick: the same board reached by
# another move order is searched once.  Both sides play perfectly, so the game is a
# draw, as the value 0 of every search says.

# %%
def play_whole_game(game):
    while not game.is_over():
        r = negaviz.search(negaviz.MutableGame(game, key=lambda g: "".join(g.board)), algorithm="negamax", tt=True)
        mover = game.player
        game.make_move(r.move)
        print(f"{mover} plays cell {r.move} (value {r.value} for {mover}), after {r.nodes:,} nodes:")
        print(game)
    print("game over:", "draw" if game.winner() is None else f"{game.winner()} wins")


play_whole_game(LectureTicTacToe())

# %% [markdown]
# ## Node counts in lecture notes
#
# Lecture notes publish node counts for tic-tac-toe that differ from negaviz's (plain
# negamax from the empty board: 549,946 nodes, above).  Such differences usually come
# from two conventions: what counts as a node, and when
# the search notices that a game is over.  A common classroom solver checks, on
# entering a position, whether *the side to move* has a line.  But a line is always
# made by the player who has just moved, so that test notices each win one ply late,
# after the loser has made one more move.  (It also scores a full board as a draw when
# the last move completed a line, which does not change the value at the root.)
#
# The class below is tic-tac-toe with that terminal test, and nothing else changed.

# %%
from negaviz.games.tictactoe import LINES

# LINE_IN[b]: does the 9-bit board b (bit i = cell i) hold a complete line?
LINE_IN = [any(all(b >> cell & 1 for cell in line) for line in LINES) for b in range(512)]
FULL = 0b111111111


class LateWinTicTacToe(TicTacToe):
    """Tic-tac-toe whose terminal test asks whether the side to move has a line."""

    def is_terminal(self, pos):
        mine, theirs = pos  # the 9-bit boards of the side to move and of its opponent
        return LINE_IN[mine] or mine | theirs == FULL

    def score(self, pos):
        return 1 if LINE_IN[pos[0]] else 0


late = LateWinTicTacToe()
print(f"{'search':47} {'in the notes':>12} {'negaviz':>8} {'late terminal test':>19}")
for what, published, options in [
    ("negamax", 740_170, {"algorithm": "negamax"}),
    ("negamax, stopping at a winning child", 129_988, {"algorithm": "negamax", "stop_at_win": True}),
]:
    ours, theirs = negaviz.search(game, **options), negaviz.search(late, **options)
    print(f"{what:47} {published:12,} {ours.nodes:8,} {theirs.nodes:19,}   values {ours.value}, {theirs.value}")

# %% [markdown]
# Both published counts come out exactly with the late terminal test, and both
# solvers count the root as a node; negaviz's own terminal test notices a win on the
# move that makes it, so its trees are smaller.  The notes' third count is for
# alpha-beta, stopping at a win and trying symmetric moves once, and the late terminal
# test reproduces it too:

# %%
options = {"algorithm": "alphabeta", "stop_at_win": True, "symmetry": True}
ours, theirs = negaviz.search(game, **options), negaviz.search(late, **options)
print(f"in the notes {3_025:,}   negaviz {ours.nodes:,}   late terminal test {theirs.nodes:,}   values {ours.value}, {theirs.value}")

# %% [markdown]
# The notes' other figures, each beside what it counts:

# %%
DIGIT = {".": "0", "x": "1", "o": "2"}


def board_number(text):
    """The nine cells as the digits of a base-3 number (empty 0, x 1, o 2)."""
    return int("".join(DIGIT[c] for c in text if c in DIGIT), 3)


for what, published, computed in [
    ("game-tree bound 1 + 9 + 9*8 + ... + 9!", 986_410, sum(math.perm(9, d) for d in range(10))),
    ("9!", 362_888, math.factorial(9)),
    ("boards, 3^9", 19_683, 3**9),
    ("x.o/xo./.x. as a base-3 number", 8_427, board_number("x.o/xo./.x.")),
]:
    print(f"{what:40} in the notes {published:8,}   computed {computed:8,}")

# %% [markdown]
# The bound, 3⁹ and the board number agree.  The notes' value of 9! is a slip (their
# bound, which contains 9!, is right).
#
# The notes also *estimate* the number of non-isomorphic nodes to expect, 6,500: about
# 3⁹ divided by the three different first moves.  That is an estimate of a different
# thing from any count here, so it gets a table of its own.  The exact number of
# reachable positions up to the board's eight symmetries is much smaller, because most
# boards are unreachable and symmetry divides nearly by eight, not by three:

# %%
reachable = {game.key(game.root): game.root}
frontier = [game.root]
while frontier:  # breadth first, each position once
    next_frontier = []
    for pos in frontier:
        if game.is_terminal(pos):
            continue
        for move in game.moves(pos):
            child = game.play(pos, move)
            if game.key(child) not in reachable:
                reachable[game.key(child)] = child
                next_frontier.append(child)
    frontier = next_frontier
canonical = {min(game.symmetries(pos)) for pos in reachable.values()}
print(f"the notes' estimate of non-isomorphic nodes:   {6_500:6,}   (3^9 / 3 = {3**9 / 3:,.0f})")
print(f"reachable positions, counted:                  {len(reachable):6,}")
print(f"reachable positions up to symmetry, counted:   {len(canonical):6,}")

# %% [markdown]
# ## Exercise sheets
#
# `negaviz exercises` writes one offline page of numbered practice trees of the
# difficulty asked for, with the answer key (and `--pdf` the trees to print); give
# each student their own sheet with `--student`:
#
# ```
# negaviz exercises --count 5 --depth 3 --branching 2 --cutoffs 2 --deep-cutoffs 1 --seed 7 -o sheet.html --key key.md
# negaviz exercises --count 5 --depth 3 --branching 2 --cutoffs 2 --deep-cutoffs 1 --seed 7 --student ID -o ID.html
# ```
#
# From Python, `exercise` makes a sheet of written questions and its answer key from a
# seed; the same seed always gives the same sheet.

# %%
sheet = exercise(3, 2, seed=11)
print(sheet.to_markdown())

# %%
print(sheet.answer_key())
print()
print("the same sheet again from the same seed:", exercise(3, 2, seed=11).answer_key() == sheet.answer_key())
# %% [markdown]
# ## Games written for AIMA and easyAI
#
# Courses often have their own game classes.  negaviz searches a class written for
# another library unchanged: `negaviz.from_aima(game)` wraps a game written as
# aima-python's `games.py` does (`actions`, `result`, `utility`, `terminal_test`,
# `to_move`, `initial`), and `negaviz.from_easyai(game)` wraps an easyAI
# `TwoPlayerGame` (`possible_moves`, `make_move`, `unmake_move`, `switch_player`,
# `is_over`, `scoring`).  Everything in negaviz then works on them: search, record,
# draw, step, check.  (A class with `get_moves`, `make_move`, `unmake_move`,
# `get_utility` and `is_over` goes through `negaviz.MutableGame`, as above.)
#
# First, in AIMA style: *Connect Three on a 3×3 board with gravity*, discs dropped into
# columns, three in a row (across, up or diagonally) wins.  A state is the three
# columns, bottom first, and whose turn it is.

# %%
LINES = (
    [[(c, r) for c in range(3)] for r in range(3)]  # across
    + [[(c, r) for r in range(3)] for c in range(3)]  # up
    + [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]  # diagonally
)

class GravityThree:
    """AIMA style: a state is (columns, side to move); utility is from a player's view."""

    initial = (("", "", ""), "X")

    def actions(self, state):
        columns, _ = state
        return [c for c in range(3) if len(columns[c]) < 3]

    def result(self, state, move):
        columns, player = state
        columns = tuple(col + player if c == move else col for c, col in enumerate(columns))
        return columns, "O" if player == "X" else "X"

    def winner(self, state):
        columns, _ = state
        for line in LINES:
            marks = {columns[c][r] if r < len(columns[c]) else "." for c, r in line}
            if len(marks) == 1 and "." not in marks:
                return marks.pop()
        return None

    def utility(self, state, player):
        w = self.winner(state)
        return 0 if w is None else (1 if w == player else -1)

    def terminal_test(self, state):
        return self.winner(state) is not None or not self.actions(state)

    def to_move(self, state):
        return state[1]


gravity = negaviz.from_aima(GravityThree())
for algorithm in ("negamax", "alphabeta"):
    r = negaviz.search(gravity, algorithm=algorithm)
    print(f"{algorithm:9}: value {r.value} for X, principal variation {' '.join(r.pv_names)}, {r.nodes:,} nodes")

# %% [markdown]
# With best play it is a draw (the principal variation lists the columns played, numbered from 0
# as `actions` returns them), and alpha-beta proves it in a fraction of negamax's nodes.

# %% [markdown]
# Then in easyAI style: a subtraction game, where each player takes 1 or 2 sticks and
# whoever takes the last stick wins.  easyAI's `make_move` changes the board and its
# game loop switches players; `scoring` is for the side to move.  Theory says the
# side to move loses exactly when the number of sticks is a multiple of 3 (whatever
# they take, the opponent restores a multiple of 3).  negaviz agrees for every pile up
# to 12:

# %%
class Sticks:
    """easyAI style: one mutable object, make_move/unmake_move, switch_player."""

    def __init__(self, sticks):
        self.sticks, self.current_player = sticks, 1

    def possible_moves(self):
        return [n for n in (1, 2) if n <= self.sticks]

    def make_move(self, n):
        self.sticks -= n

    def unmake_move(self, n):
        self.sticks += n

    def switch_player(self):
        self.current_player = 3 - self.current_player

    def is_over(self):
        return self.sticks == 0

    def scoring(self):
        return -1 if self.sticks == 0 else 0  # the opponent took the last stick


for sticks in range(1, 13):
    r = negaviz.search(negaviz.from_easyai(Sticks(sticks)), algorithm="alphabeta")
    theory = -1 if sticks % 3 == 0 else 1
    print(f"{sticks:2} sticks: value {r.value:2} (theory {theory:2}), take {r.pv_names[0] if r.value > 0 else 'anything'}")

# %% [markdown]
# A recorded search of a wrapped game draws and steps like any other: here the
# alpha-beta search of a pile of 4.

# %%
negaviz.record(negaviz.from_easyai(Sticks(4)), algorithm="alphabeta")
