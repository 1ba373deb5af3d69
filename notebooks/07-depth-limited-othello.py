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
# # 7 · Depth-limited search with an evaluation function
#
# Othello on 8×8 cannot be searched to the end.  A depth-limited search stops after a
# fixed number of moves (plies) and asks an *evaluation function* for an estimate of the
# position, for the side to move.  A good evaluation ranks positions as the true values
# would, is quick, and agrees with the game's score where the game is over.

# %%
import inspect

import negaviz
from negaviz import Othello
from negaviz.analysis import compare
from negaviz.render.plots import plot_nodes_per_depth
from negaviz.widgets import StepperWidget

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
# ## Deeper and deeper
#
# 6×6 Othello from the start, searched to depths 1 to 6 with negamax and with
# alpha-beta (natural order, then the game's heuristic order: corners first, squares next
# to an empty corner last):

# %%
print("depth  value  best line            negamax  alpha-beta  alpha-beta, heuristic")
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
# ## Iterative deepening, PVS and MTD(f)
#
# Three ways to call alpha-beta more cleverly:
#
# * **iterative deepening** (`id`) searches to depth 1, 2, 3, ... in turn, sharing one
#   table: each iteration tries first the best moves of the one before, and a program
#   can stop whenever time runs out;
# * **PVS** (`pvs`) searches the first move with the full window and every other move
#   with a null window, only to prove it no better; a move that turns out better is
#   searched again;
# * **MTD(f)** (`mtdf`) uses only null-window searches, each answering "is the value at
#   least *b*?", moving *b* until the answers pin the value.
#
# 6×6 Othello to depth 5 (iterative deepening counts the nodes of all its iterations):

# %%
print("algorithm   value  nodes  table hits")
for algorithm in ("alphabeta", "id", "pvs", "mtdf"):
    r = negaviz.search(game, algorithm=algorithm, depth=5)
    print(f"{algorithm:10}  {r.value:5}  {r.nodes:5}  {r.tt_hits:10}")
deepening = negaviz.record(game, algorithm="id", depth=5)
roots = deepening.roots()
sizes = [b - a for a, b in zip(roots, roots[1:] + [len(deepening.nodes)])]
print("iterative deepening, nodes per iteration:", sizes)

# %% [markdown]
# ## 4×4 Othello, solved
#
# On a 4×4 board the game can be searched to the end, so the value is exact: no
# depth limit, no evaluation.  Values are disc differences; the first player is x.

# %%
small = Othello(4)
print(small.label(small.root))
print("search                                   value for x   nodes  table hits")
for name, options in [
    ("negamax", {"algorithm": "negamax"}),
    ("alpha-beta", {"algorithm": "alphabeta"}),
    ("alpha-beta + table", {"algorithm": "alphabeta", "tt": True}),
    ("alpha-beta + table, heuristic order", {"algorithm": "alphabeta", "tt": True, "order": "heuristic"}),
    ("alpha-beta + table + symmetry", {"algorithm": "alphabeta", "tt": True, "symmetry": True}),
    ("iterative deepening", {"algorithm": "id"}),
    ("PVS + table", {"algorithm": "pvs", "tt": True}),
    ("MTD(f)", {"algorithm": "mtdf"}),
]:
    r = negaviz.search(small, **options)
    print(f"{name:38}  {r.minimax_value:11}  {r.nodes:7,}  {r.tt_hits:10,}")
best = negaviz.search(small, algorithm="alphabeta", tt=True)
print("a best line:", " ".join(best.pv_names))

# %% [markdown]
# With best play the second player (o) wins 4×4 Othello: the value for x is negative,
# the number of discs by which x loses.
