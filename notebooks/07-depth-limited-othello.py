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
# # 8 · Depth-limited search: Othello and its evaluation
#
# Othello on 8×8 cannot be searched to the end.  A depth-limited search stops after a
# fixed number of moves (plies) and asks an *evaluation function* for an estimate of the
# position, for the side to move.  A good evaluation ranks positions as the true values
# would, is quick, and agrees with the game's score where the game is over.

# %%
import inspect
import math
import random

import negaviz
from negaviz import Othello
from negaviz.analysis import compare
from negaviz.games.othello import PASS
from negaviz.render.plots import plot_nodes_per_depth
from negaviz.student import trace_calls
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## Othello's rules
#
# Othello is played on a square board, here 4×4 to start with, from four discs in the
# centre; x (black) moves first.  A move puts a disc of one's own on an empty square
# so that, in at least one of the eight directions, a line of the opponent's discs runs
# from it to another disc of one's own: every such line is *outflanked* and its discs
# turn over.  A square that turns nothing over is not a legal move.

# %%
small = Othello(4)
print(small.label(small.root))
print("x may play:", ", ".join(small.move_name(small.root, m) for m in small.moves(small.root)))
after = small.play(small.root, small.parse_move(small.root, "b1"))
print("after x plays b1, o to move:")
print(small.label(after))

# %% [markdown]
# x's disc on b1 outflanks o's disc on b2 (b1, b2, b3 in a column), which turns to x.
#
# **Passing.**  A side with no legal move passes, and the opponent moves again; negaviz
# writes that as the one move `pass`.  Here x has no move, but o has:

# %%
stuck = small.parse_position("oxxx/.ooo/oxxx/.xxx:x")
print(small.label(stuck))
print("x may play:", ", ".join(small.move_name(stuck, m) for m in small.moves(stuck)))
print("after the pass, o may play:", ", ".join(small.move_name(stuck, m) for m in small.moves(small.play(stuck, PASS))))

# %% [markdown]
# **The end.**  The game ends when neither side can move, which can happen before the
# board is full.  The score is the difference in discs, for the side to move, as
# negamax needs; empty squares count for nobody.  Where a table below says *value*, it
# is for x, who moves at the start: the first player, as in the minimax view.
#
# **Your turn: the end of a game.**  Back to the position where x had to pass.  Step
# through the negamax search to the end of the game: when the stepper asks, say what a
# position returns, in discs for the side to move there.  A pass is a move too.

# %%
StepperWidget(negaviz.record(small, stuck, algorithm="negamax"), practice="steps")

# %% [markdown]
# ## The evaluation
#
# negaviz's Othello evaluates a position like this:

# %%
game = Othello(6)
print(inspect.getdoc(game.evaluate))
print()
print(game.label(game.root))
print()
print("x's move  evaluation for o afterwards")
for move in game.moves(game.root):
    child = game.play(game.root, move)
    print(f"{game.move_name(game.root, move):8}  {game.evaluate(child):27}")

# %% [markdown]
# At the start all four moves look alike; a search one ply deep picks the first of
# them.  The deeper the search, the more the evaluation is applied to positions the
# opponent has had a say in.
#
# **Your turn: two plies deep.**  4×4 Othello from the start, alpha-beta to depth 2.
# The positions at the depth limit show their evaluation when the search reaches them;
# when the stepper asks, say what a position returns, or the window (α, β) it is
# entered with.  Watch where the search stops early.

# %%
StepperWidget(negaviz.record(small, algorithm="alphabeta", depth=2), practice="steps", windows=True)

# %% [markdown]
# ## Deeper and deeper
#
# 6×6 Othello from the start, searched to depths 1 to 6 with negamax and with
# alpha-beta (natural order, then the game's heuristic order: corners first, squares next
# to an empty corner last):

# %%
print("depth  value  principal variation  negamax  alpha-beta  alpha-beta, heuristic")
for depth in range(1, 7):
    nm = negaviz.search(game, algorithm="negamax", depth=depth)
    ab = negaviz.search(game, algorithm="alphabeta", depth=depth)
    ho = negaviz.search(game, algorithm="alphabeta", depth=depth, order="heuristic")
    assert nm.value == ab.value == ho.value  # pruning never changes the value
    print(f"{depth:5}  {ab.value:5}  {' '.join(ab.pv_names):19}  {nm.nodes:7,}  {ab.nodes:10,}  {ho.nodes:21,}")

# %% [markdown]
# The value swings with the parity of the depth: a search that ends just after x's
# move values the position higher for x than one that ends just after o's reply.
# Comparing values from depths of different parity (the odd-even effect) misleads.
#
# Nodes per depth for the depth-4 searches:

# %%
traces = {
    "negamax": negaviz.record(game, algorithm="negamax", depth=4),
    "alpha-beta": negaviz.record(game, algorithm="alphabeta", depth=4),
    "alpha-beta, heuristic": negaviz.record(game, algorithm="alphabeta", depth=4, order="heuristic"),
}
print(compare(traces))
plot_nodes_per_depth(traces, title="6x6 Othello, depth 4: nodes per depth")

# %% [markdown]
# Step through the depth-3 alpha-beta search.  Leaves at the depth limit show their
# evaluation.

# %%
StepperWidget(negaviz.record(game, algorithm="alphabeta", depth=3))

# %% [markdown]
# ## Design an evaluation function
#
# A good evaluation ranks positions as their true values would, is quick, and agrees
# with the score where the game is over.  It is usually a weighted sum of *features*,
# each a difference "mine minus the opponent's", for the side to move.  Three classic
# features of Othello:
#
# * **discs**: the score so far.  Discs turn over all the time, so it says little
#   before the end;
# * **mobility**: legal moves.  A side with few moves may soon have to make a bad one;
# * **corners**: a disc on a corner can never be turned over.

# %%
def board(game, pos):
    """The board as one string of x, o and '.', row by row; the side to move's mark; the other's."""
    mine = game.player_names[game.player(pos)]
    return game.label(pos).replace("\n", ""), mine, "o" if mine == "x" else "x"


def discs(game, pos):
    cells, mine, theirs = board(game, pos)
    return cells.count(mine) - cells.count(theirs)


def legal_moves(game, pos):
    moves = game.moves(pos)
    return 0 if moves in ((), (PASS,)) else len(moves)


def mobility(game, pos):
    return legal_moves(game, pos) - legal_moves(game, game.play(pos, PASS))  # PASS: the opponent's turn


def corners(game, pos):
    cells, mine, theirs = board(game, pos)
    n = game.size
    on_corners = [cells[i] for i in (0, n - 1, n * n - n, n * n - 1)]
    return on_corners.count(mine) - on_corners.count(theirs)


class WithEvaluation(Othello):
    """Othello whose depth-limited searches use `evaluation(game, pos)` (a finished game keeps its score)."""

    def __init__(self, size, evaluation):
        super().__init__(size)
        self.evaluation = evaluation

    def evaluate(self, pos):
        return self.score(pos) if self.is_terminal(pos) else self.evaluation(self, pos)


# %% [markdown]
# **Your turn.**  Write your own evaluation in the cell below, from these features or
# your own ideas (edges, say, or discs that can no longer turn over), and run the comparison
# after it.  The one stored here is only a starting point.

# %%
def my_evaluation(game, pos):
    return 4 * corners(game, pos) + mobility(game, pos)


# %% [markdown]
# To compare evaluations fairly, give them the same positions and a yardstick.  On 4×4
# Othello every position can be solved, so each move's true value is known.  The cell
# below makes 40 positions from seeded random play, lets a depth-limited alpha-beta
# search with each evaluation choose a move in each, and counts how often it chose a
# best move, and how many discs its choices gave away in all (by the true values).

# %%
rng = random.Random(7)
positions, seen = [], set()
while len(positions) < 40:
    pos = small.root
    for _ in range(rng.randrange(2, 7)):
        if not small.is_terminal(pos):
            pos = small.play(pos, rng.choice(small.moves(pos)))
    if not small.is_terminal(pos) and len(small.moves(pos)) > 1 and pos not in seen:
        seen.add(pos)
        positions.append(pos)
true_values = [{move: -negaviz.search(small, small.play(pos, move), algorithm="alphabeta", tt=True).value
                for move in small.moves(pos)} for pos in positions]

evaluations = {
    "discs": discs,
    "mobility": mobility,
    "corners": corners,
    "discs + mobility + 5 corners": lambda game, pos: discs(game, pos) + mobility(game, pos) + 5 * corners(game, pos),
    "yours": my_evaluation,
}
print(f"{'evaluation':28}  " + "  ".join(f"depth {d}: best, discs lost" for d in (1, 2, 3)))
for name, evaluation in evaluations.items():
    game_with = WithEvaluation(4, evaluation)
    cells = []
    for depth in (1, 2, 3):
        best_chosen = lost = 0
        for pos, values in zip(positions, true_values):
            chosen = negaviz.search(game_with, pos, algorithm="alphabeta", depth=depth).move
            best_chosen += values[chosen] == max(values.values())
            lost += max(values.values()) - values[chosen]
        cells.append(f"{best_chosen:2} / {len(positions)}, {lost:3}")
    print(f"{name:28}  " + "  ".join(f"{c:>25}" for c in cells))

# %% [markdown]
# Counting discs alone gives away the most discs at every depth: grabbing discs now
# often hands the opponent moves and corners.  Mobility alone already does far better,
# and the sum of the three (negaviz's own evaluation, apart from its clamping) does well
# at every depth.  Searching deeper helps the weak evaluations most (discs: 271 discs
# lost at depth 1, 130 at depth 3), but not always the good ones: a deeper search with
# an imperfect evaluation can choose worse.  And 40 positions are few: before trusting
# a small difference, compare on more (change the 40, and the seed).
#
# ## The horizon and quiescence
#
# A depth-limited search trusts the evaluation at its depth limit, its *horizon*, and
# sees nothing beyond it: a corner that the opponent takes one move later, or a loss one
# ply too deep (the Connect Four notebook shows one), is invisible.  The evaluation is
# trustworthy only in *quiet* positions, where nothing big is about to happen.  A
# *quiescence search* goes on past the horizon, trying only the forcing moves (here,
# say, taking a corner), until the position is quiet, and evaluates only quiet
# positions.  negaviz's depth-limited search has none; how often does its horizon fall
# on a position that is not quiet?  In the depth-3 search of 6×6 Othello:

# %%
horizon = negaviz.record(game, algorithm="alphabeta", depth=3)
at_horizon = [node for node in horizon.nodes if node.depth == 3]
n = game.size
corner_squares = {0, n - 1, n * n - n, n * n - 1}
loud = [node for node in at_horizon if corner_squares & set(game.moves(horizon.position(node.id)))]
print(f"{len(at_horizon)} positions evaluated at the horizon; in {len(loud)} of them the side to move can take a corner")

# %% [markdown]
# Those positions get the same trust as quiet ones, though the next move changes them
# most.  The odd-even swing of the values above has the same cause: each depth stops
# just after one side has moved, and the other side's answer lies past the horizon.
#
# ## A small quiescence search
#
# Here is one, written as a student would write it and recorded with
# `negaviz.student.trace_calls`.  Up to the depth limit it is alpha-beta.  Past it, the
# side to move may *stand pat* (take the evaluation as it is: it need not play a loud
# move) or try the loud moves only, here the corners; a position with no corner to take
# is quiet and is evaluated.  The corner moves are few, so the search past the horizon
# stays small.

# %%
def corner_moves(game, pos):
    n = game.size
    return [m for m in game.moves(pos) if m in {0, n - 1, n * n - n, n * n - 1}]  # a move is a square's number


@trace_calls(small, position="pos", alpha="alpha", beta="beta")
def quiescent(pos, depth, alpha, beta, evaluation):
    """Alpha-beta to `depth` with `evaluation(game, pos)`, then on while a corner can be taken."""
    if small.is_terminal(pos):
        return small.score(pos)
    moves = small.moves(pos)
    best = -math.inf
    if depth <= 0:  # past the horizon
        best = evaluation(small, pos)  # standing pat
        moves = corner_moves(small, pos)
        if best >= beta or not moves:
            return best  # quiet, or already good enough to cut
        alpha = max(alpha, best)
    for move in moves:
        value = -quiescent(small.play(pos, move), depth - 1, -beta, -alpha, evaluation)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break  # cutoff: the opponent will never allow this line
    return best


# %% [markdown]
# Does it choose better moves?  On the 40 positions of 4×4 Othello above, whose true
# values are known: a depth-limited alpha-beta search with each evaluation, without and
# with the quiescence search past its horizon.

# %%
print(f"{'evaluation':28} {'depth':>5}  {'without: best, discs lost, nodes':>33}  {'with quiescence':>22}")
for name in ("discs", "discs + mobility + 5 corners"):
    evaluation = evaluations[name]
    plain_game = WithEvaluation(4, evaluation)
    for depth in (1, 2, 3):
        rows = []
        for with_quiescence in (False, True):
            best_chosen = lost = nodes = 0
            for pos, values in zip(positions, true_values):
                if with_quiescence:
                    quiescent(pos, depth, -math.inf, math.inf, evaluation)
                    recorded = quiescent.last_trace
                    chosen, searched = small.parse_move(pos, recorded.pv_names()[0]), len(recorded.nodes)
                else:
                    r = negaviz.search(plain_game, pos, algorithm="alphabeta", depth=depth)
                    chosen, searched = r.move, r.nodes
                best_chosen += values[chosen] == max(values.values())
                lost += max(values.values()) - values[chosen]
                nodes += searched
            rows.append(f"{best_chosen:2} / {len(positions)}, {lost:3}, {nodes:5,}")
        print(f"{name:28} {depth:5}  {rows[0]:>33}  {rows[1]:>22}")

# %% [markdown]
# With the disc count, which cannot see that a corner is about to change hands,
# quiescence gives away far fewer discs at every depth (136 instead of 271 at depth 1,
# 30 instead of 130 at depth 3), for more nodes.  With the sum, which already weighs
# the corners, it chooses worse at depths 1 and 2 and no better at depth 3: what counts
# as *loud* must be what the evaluation misjudges.
