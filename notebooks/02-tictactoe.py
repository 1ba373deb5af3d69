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
# # 2 · Tic-tac-toe with negamax
#
# Tic-tac-toe is small enough to search completely, which makes it the place to count:
# nodes, positions, and what transpositions and symmetry save.  x moves first.
# `negaviz.TicTacToe` scores a finished game for the side to move, as negamax needs
# (notebook 1): −1 when the player who has just moved made a line, 0 when the board is
# full without one.

# %%
import itertools
import math
from collections import Counter

import negaviz
from negaviz import TicTacToe
from negaviz.analysis import compare, nodes_per_depth
from negaviz.render.plots import plot_nodes_per_depth
from negaviz.search.events import EventKind
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## Your turn: an end game by hand
#
# x to move, three empty squares.  Step through the negamax search below: before each
# position returns, the stepper asks what it returns (type it on the node, for the side
# to move there), and shows the step once you have answered.  Positions are named by
# the moves that lead to them from the root (`a1` is the top left cell, `c3` the bottom
# right).  While you do it, watch the finished games: which scores do they get?

# %%
StepperWidget(negaviz.record(TicTacToe("..x/x.o/oox"), algorithm="negamax"), practice="steps")

# %% [markdown]
# **Why?**  Lecture notes ask why a finished game is never scored +1 for the side to
# move.  Think of your answer, then read on.
#
# **Answer.**  A game is over as soon as someone makes a line, so the side to move can never be the
# one holding it: no leaf scores +1.  The full game tree below agrees.
#
# ## The game tree
#
# Plain negamax from the empty board visits every node of the game tree.  negaviz
# counts a node for every call of the search function, the root included.

# %%
game = TicTacToe()
full = negaviz.record(game, algorithm="negamax")
print(f"value {full.value} (a draw), {len(full.nodes):,} nodes")
leaf_scores = Counter(node.value for node in full.nodes if not node.children)
print("finished games by their score for the side to move:",
      ", ".join(f"{score}: {count:,}" for score, count in sorted(leaf_scores.items())))

# %% [markdown]
# ## How many nodes could there be?
#
# If no game ended early, the tree would hold the root, 9 positions after one move,
# 9·8 after two, and so on down to 9! after nine moves: at most 9!/(9−*d*)! nodes at
# depth *d*.  Wins end lines early, from x's third mark (depth 5) on, so the real tree
# is smaller.

# %%
counts = full.counts()  # every number per depth, in one pass over the trace
per_depth, leaves = counts.nodes_per_depth, counts.leaves_per_depth
print("depth  at most 9!/(9-d)!  visited  of them finished games")
for d in range(10):
    print(f"{d:5}  {math.perm(9, d):17,}  {per_depth[d]:7,}  {leaves[d]:22,}")
print(f"total  {sum(math.perm(9, d) for d in range(10)):17,}  {sum(per_depth):7,}  {sum(leaves):22,}")
print(f"9! = {math.factorial(9):,}")

# %% [markdown]
# ## Positions, not paths
#
# Many of those nodes are one position reached by different move orders: a
# *transposition*.  Each cell is empty, x or o, so there are at most 3⁹ boards.  Far
# fewer can arise in play, and fewer still are different once the board's eight
# symmetries (four rotations, each with or without a reflection) are taken into account.
# The cell walks the game breadth first and keeps each position once; a position's
# canonical key is the smallest of its eight symmetric keys.

# %%
reachable = {game.key(game.root): game.root}
frontier = [game.root]
while frontier:
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
unfinished = [pos for pos in reachable.values() if not game.is_terminal(pos)]
print(f"boards, 3^9:                {3**9:6,}")
print(f"reachable positions:        {len(reachable):6,}  (game not over in {len(unfinished):,})")
print(f"reachable, up to symmetry:  {len(canonical):6,}")

# %% [markdown]
# Reading the nine cells as the digits of a base-3 number (empty 0, x 1, o 2) numbers
# the boards from 0 to 3⁹ − 1, a compact key for a table:

# %%
DIGIT = {".": "0", "x": "1", "o": "2"}


def board_number(text):
    return int("".join(DIGIT[c] for c in text if c in DIGIT), 3)


for text in ("x.o/xo./.x.", "ooo/ooo/ooo"):
    digits = "".join(DIGIT[c] for c in text if c in DIGIT)
    print(f"{text}  digits {digits}  number {board_number(text):,}")

# %% [markdown]
# `TicTacToe.parse` accepts a board only if play can reach it (x moved first, nobody
# moved after a win).  Trying all 3⁹ boards gives exactly the reachable set; a rejected
# board comes with the reason.

# %%
accepted = set()
for cells in itertools.product(".xo", repeat=9):
    try:
        accepted.add(game.key(game.parse("".join(cells))))
    except negaviz.InputError:
        pass  # a board no game can reach
print(f"{len(accepted):,} boards accepted; the same set as the reachable positions: {accepted == set(reachable)}")
try:
    game.parse("x.o/x.o/x.o")
except negaviz.InputError as error:
    print(error)

# %% [markdown]
# ## Transpositions and symmetry
#
# A transposition table remembers the value of each position searched, so meeting a
# position again costs one lookup.  With `symmetry=True` the table is keyed by canonical
# keys, and of several moves leading to symmetric positions only one is tried.  The
# table search expands each unfinished position once (count the table stores), and
# with symmetry each class of symmetric positions once.

# %%
traces = {
    "negamax": full,
    "negamax + table": negaviz.record(game, algorithm="negamax", tt=True),
    "negamax + table + symmetry": negaviz.record(game, algorithm="negamax", tt=True, symmetry=True),
}
print(compare(traces))
for name in ("negamax + table", "negamax + table + symmetry"):
    stores = sum(event.kind == EventKind.TT_STORE for event in traces[name].events)
    print(f"{name}: {stores:,} positions stored")
unfinished_classes = {min(game.symmetries(pos)) for pos in unfinished}
print(f"unfinished positions: {len(unfinished):,}; up to symmetry: {len(unfinished_classes):,}")

# %% [markdown]
# Nodes per depth, on a log scale.  The first transpositions appear after three moves
# (x a1, o b1, x c1 and x c1, o b1, x a1 reach one position), so the table saves from
# the level below on; symmetry saves from the first move on.

# %%
for name in ("negamax + table", "negamax + table + symmetry"):
    print(f"{name:27}", nodes_per_depth(traces[name]))
plot_nodes_per_depth(traces, log=True, title="tic-tac-toe from the empty board: nodes per depth")

# %% [markdown]
# ## Your turn: a table by hand
#
# With a table, a position met again by another move order is not searched again: its
# stored value is returned at once.  o to move, four empty squares: step through this
# search with a table and answer each question.  One position is met twice: when it
# comes round again, what does the table answer?

# %%
StepperWidget(negaviz.record(TicTacToe("..x/x.x/oo."), algorithm="negamax", tt=True), practice="steps")

# %% [markdown]
# ## What each improvement buys
#
# Lecture notes list the classic improvements to a tic-tac-toe solver: stop as soon as
# a winning move is found (`stop_at_win`), notice a draw as soon as neither side can
# complete a line (`bounds`, the game's `value_bounds`), remember positions (`tt`), and
# treat symmetric positions as one (`symmetry`).  Each row adds one.

# %%
steps = [
    ("plain negamax", {}),
    ("+ stop at a win", {"stop_at_win": True}),
    ("+ early draw detection", {"bounds": True}),
    ("+ transposition table", {"tt": True}),
    ("+ symmetry", {"symmetry": True}),
]
options = {"algorithm": "negamax"}
print("negamax from the empty board       nodes  value")
for name, extra in steps:
    options.update(extra)
    r = negaviz.search(game, **options)
    print(f"{name:30} {r.nodes:9,}  {r.value:5}")

# %% [markdown]
# ## Figures in lecture notes
#
# Lecture notes publish node counts for tic-tac-toe that differ from the ones above.
# Such differences usually come from two conventions: what counts as a node, and when
# the search notices that a game is over.  A common classroom solver checks, on
# entering a position, whether *the player to move* has a line.  But a line is always
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
# move that makes it, so its trees are smaller.  (The notes' third count is for
# alpha-beta: notebook 3 reproduces it the same way.)  The notes' other figures:

# %%
for what, published, computed in [
    ("game-tree bound 1 + 9 + 9*8 + ... + 9!", 986_410, sum(math.perm(9, d) for d in range(10))),
    ("9!", 362_888, math.factorial(9)),
    ("boards, 3^9", 19_683, 3**9),
    ("x.o/xo./.x. as a base-3 number", 8_427, board_number("x.o/xo./.x.")),
    ("non-isomorphic nodes to expect", 6_500, len(canonical)),
]:
    print(f"{what:40} in the notes {published:8,}   computed {computed:8,}")
print(f"3^9 / 3 = {3**9 / 3:,.0f}")

# %% [markdown]
# The bound, 3⁹ and the board number agree.  The notes' value of 9! is a slip (their
# bound, which contains 9!, is right).  The expected number of non-isomorphic nodes is an estimate,
# close to 3⁹ divided by the three different first moves; the exact number of reachable
# positions up to symmetry is much smaller, because most boards are unreachable and
# symmetry divides nearly by eight, not by three.


# %% [markdown]
# ## Your own game class, searched unchanged
#
# Many courses write a game as one object that changes in place: `get_moves()`,
# `make_move(move)` and `unmake_move(move)` to step forward and back, `get_utility()`
# for the player to move once the game is over, and `is_over()`.  Here is tic-tac-toe
# written that way, as a lecturer might have it already.  It knows nothing of negaviz.

# %%
class LectureTicTacToe:
    """Tic-tac-toe as one mutable object: a board of nine cells and the player to move."""

    WINS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

    def __init__(self):
        self.board = [" "] * 9
        self.player = "X"  # the player to move in the position the object is in

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
        """For the player to move: 1 for a win, -1 for a loss, 0 for a draw; None while the game goes on."""
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
# tic-tac-toe, and finds the same value:

# %%
lecture = LectureTicTacToe()
r = negaviz.search(negaviz.MutableGame(lecture), algorithm="negamax")
print(f"value {r.value}, {r.nodes:,} nodes (negaviz.TicTacToe: value {full.value}, {len(full.nodes):,} nodes)")
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
