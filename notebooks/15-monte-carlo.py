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
# # 13 · Monte Carlo tree search
#
# Alpha-beta needs a value at every leaf it reaches: the end of the game, or an evaluation
# function at the depth limit.  Monte Carlo tree search needs neither.  It plays random
# games to the end (*playouts*) and keeps, for each position it has met, how often it has
# been through it (N) and what those games scored (W).  Each *iteration* has four phases:
#
# 1. **selection**: from the root, go to the child with the largest UCB value,
#    Q + C · sqrt(ln N(parent) / N(child)), where Q = W / N: a good average, or few visits;
# 2. **expansion**: add one untried move to the tree;
# 3. **playout**: play random moves from there to the end of the game;
# 4. **backup**: add the visit and the result to every node on the path, negated at each
#    step up (W is for the player who moved into the node, as negamax's values are for the
#    side to move).
#
# The move played is the root's most visited child.  *Flat* Monte Carlo, the baseline,
# has no tree: it shares the playouts out among the root's moves in turn.

# %%
import negaviz
from negaviz.analysis.mcts import convergence
from negaviz.display import picture
from negaviz.render.mcts_plot import plot_convergence
from negaviz.render.mcts_tree import draw_mcts
from negaviz.search.mcts import mcts
from negaviz.trace.mcts import phases, record_mcts, state_at, ucb_table

# %% [markdown]
# ## A position alpha-beta can solve
#
# x to move; alpha-beta proves the value and which moves win.  A negamax search (no
# cutoffs) gives every move an exact value, so every best move is known.

# %%
game = negaviz.TicTacToe("xo./.x./..o")
print(game.label(game.root))
proof = negaviz.record(game, algorithm="negamax")
best = [proof.names.move(c) for c in proof.nodes[0].children if -proof.nodes[c].value == proof.value]
print("value", proof.value, "for x; winning moves:", " ".join(best))

# %% [markdown]
# ## Flat Monte Carlo, then UCT
#
# Both with the same seed.  After few iterations either may play a move that is not
# proven best; the table shows after how many iterations each plays a proven best move.

# %%
print("iterations  flat: move   value   UCT: move   value")
for iterations in (20, 50, 200, 1000):
    flat = mcts(game, iterations=iterations, seed=0, algorithm="flat")
    uct = mcts(game, iterations=iterations, seed=0)
    print(f"{iterations:10}  {flat.move_name:>10}  {flat.value:6.3f}  {uct.move_name:>10}  {uct.value:6.3f}")

# %% [markdown]
# Flat Monte Carlo keeps playing c1, which does not win: its playouts answer c1 with
# random moves, and a random opponent rarely finds the reply that refutes it.  UCT grows
# a tree, so the replies near the root are chosen by their values, not at random: it finds
# a winning move and keeps it.
#
# ## The tree as it grows
#
# Recorded, a Monte Carlo search is a trace like any other: the same seed gives the same
# events, byte for byte.  Below, the tree when the eighth iteration is selecting: each
# node shows its visits N and its Q, each child of the node selecting its UCB value as
# Q plus the exploration term; the wider an edge, the more visits.

# %%
trace = record_mcts(game, iterations=300, seed=0)
at = phases(trace, 8)["select"]
picture(draw_mcts(trace, step=at))

# %% [markdown]
# ## Your turn: which child does UCB select?
#
# With C = 1.4, work out the UCB value of each of the root's children from N and Q in the
# picture above (ln is the natural logarithm), and say which one the eighth iteration
# selects.  Then read the table below.

# %%
state = state_at(trace, at)
root = state.nodes[0]
for row in ucb_table(trace, state, 0):
    child = state.nodes[row.child]
    move = game.move_name(game.root, root.moves[child.index])
    print(f"{move}: N = {child.n}, Q = {row.exploit:.3f}, UCB = {row.exploit:.3f} + {row.explore:.3f} = {row.ucb:.3f}")

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# The child with the largest UCB value in the table: a child visited once has the largest
# exploration term, and with a good Q too it wins.  A child with Q = −1 (a lost playout)
# is still tried again later: its exploration term grows while the others are visited.
# </details>
#
# ## Beside alpha-beta
#
# The root's move and value after each iteration, against the value alpha-beta proves:
# after how many iterations does MCTS play a proven best move for good, and how does that
# vary with the seed?

# %%
runs = {f"seed {seed}": convergence(record_mcts(game, iterations=300, seed=seed), proof) for seed in range(4)}
for name, run in runs.items():
    print(f"{name}: a proven best move from iteration {run.settled} on; value after 300: {run.points[-1].value:.3f}")
plot_convergence(runs, log=True, title="UCT on xo./.x./..o against the proven value")

# %% [markdown]
# The value MCTS reports is an average of random games, not the minimax value: it tends
# towards it as the tree grows, since the best replies get most of the visits.
#
# ## Connect Four
#
# The same search on the 4×4 board, which the Connect Four notebook solves with alpha-beta.

# %%
board = negaviz.ConnectFour(cols=4, rows=4)
solved = negaviz.search(board, algorithm="alphabeta", tt=True, order="heuristic")
print("alpha-beta:", solved.value, "for x (a draw), first move", solved.pv_names[0], f"({solved.nodes:,} nodes)")
for iterations in (100, 1000, 5000):
    r = mcts(board, iterations=iterations, seed=1)
    print(f"UCT, {iterations:,} iterations: plays {r.move_name}, value {r.value:.3f}, a tree of {r.nodes:,} nodes")

# %% [markdown]
# On a board that is a draw, there is no winning move to find: MCTS's value hovers near 0
# and its move may change from one number of iterations to the next, while alpha-beta's
# answer is exact.  That is the trade: MCTS needs no evaluation function and gives a move
# at any time, but only an estimate; alpha-beta proves, where it can search far enough.
