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
# # 5 · Move ordering and threat search
#
# Alpha-beta cuts off as soon as a move reaches β, so it prunes most when the best
# move is tried first.  The best move is what the search is looking for, so a program
# guesses.  negaviz has three orders:
#
# * `natural`: as the game generates moves (tic-tac-toe: cell a1, b1, c1, a2, ...);
# * `heuristic`: the game's own guess (tic-tac-toe: centre, then corners, then edges);
# * `threats`: winning moves first, then moves that block the opponent's win, then the
#   rest (`threats+heuristic`: the rest in heuristic order).
#
# Two more options use threats to search less rather than to reorder: `stop_at_win`
# stops at the first move that wins (nothing beats a win), and `forced` tries only a
# winning move when there is one, and only the blocking moves when the opponent
# threatens to win (any other move loses at once).

# %%
import negaviz
from negaviz import TicTacToe
from negaviz.analysis import compare
from negaviz.display import picture
from negaviz.render.plots import plot_comparison
from negaviz.widgets import CompareWidget, StepperWidget

# %% [markdown]
# ## Your turn: one tree, two orders
#
# The same four leaves, in two orders.  In each stepper, type every inner node's value
# and click the edge of every move alpha-beta never tries, then press *check*.  Which
# order prunes, and why?

# %%
worst_first = negaviz.Tree.parse("A(B(D:3 E:1) C(F:6 G:8))")
StepperWidget(negaviz.record(worst_first, algorithm="alphabeta"), practice="tree", windows=True)

# %% [markdown]
# The same tree with A's better move, C, tried first:

# %%
best_first = negaviz.Tree.parse("A(C(F:6 G:8) B(D:3 E:1))")
StepperWidget(negaviz.record(best_first, algorithm="alphabeta"), practice="tree", windows=True)

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# Only the second order prunes: once C has given A its best value, B's first reply
# already shows that B is worse for A, so B's other reply is never looked at.  Tried
# first, B gives A less than C will, so C must be searched in full.
# </details>
#
# For the lecture, after the task: both searches drawn whole, worst first, then best first
# (a move never tried is dashed, its node greyed).

# %%
picture(negaviz.record(worst_first, algorithm="alphabeta"), windows=True)

# %%
picture(negaviz.record(best_first, algorithm="alphabeta"), windows=True)

# %% [markdown]
# The rest of this notebook is about guessing the best move first in real games.

# %% [markdown]
# ## Orders compared on the empty board
#
# Alpha-beta from the empty board, with each order, then stopping at wins:

# %%
game = TicTacToe()
traces = {}
for order in ("natural", "heuristic", "threats", "threats+heuristic"):
    traces[order] = negaviz.record(game, algorithm="alphabeta", order=order)
    traces[order + ", stop at win"] = negaviz.record(game, algorithm="alphabeta", order=order, stop_at_win=True)
print(compare(traces))

# %%
stopping = {order: traces[order + ", stop at win"] for order in ("natural", "heuristic", "threats", "threats+heuristic")}
plot_comparison(stopping, metric="nodes", title="alpha-beta, stopping at wins: nodes by move order")

# %% [markdown]
# ## Why threats and the heuristic together beat either alone
#
# The two orders are good at different positions.  Where the side to move has a threat
# to make or to meet (a win now, or a block), that move is the one to try first, and
# threat order always tries it; the heuristic, which knows only centre, corners and
# edges, often does not.  Where there is no threat (a *quiet* position), threat order
# leaves the moves in natural order, while the heuristic's guess is usually good.
# Alpha-beta prunes most when the first move a node tries is a best one.  So take
# every unfinished position of the game, the same positions for every order, and ask:
# is the move this order tries first a best move?  A table search with negamax gives
# every position's exact value, from which each move's value is read.

# %%
from negaviz.search.ordering import orderer

solved = negaviz.record(game, algorithm="negamax", tt=True)  # every position once, every value exact
exact = {game.key(solved.position(node.id)): node.value for node in solved.nodes}
positions = {game.key(p): p for p in map(solved.position, range(len(solved.nodes))) if not game.is_terminal(p)}


def best_first(order):
    """Over every unfinished position: how often the order's first move is a best move, with and without a threat there."""
    arrange = orderer(game, order) or (lambda pos, moves: moves)  # natural order: as generated
    counts = {"threat": [0, 0], "quiet": [0, 0]}
    for pos in positions.values():
        moves = game.moves(pos)
        value = {move: -exact[game.key(game.play(pos, move))] for move in moves}
        wins, blocks = game.threats(pos)
        kind = "threat" if wins or blocks else "quiet"
        counts[kind][0] += value[arrange(pos, moves)[0]] == max(value.values())
        counts[kind][1] += 1
    return counts


print(f"{len(positions):,} unfinished positions, the same for every order")
print("order              positions with a threat   quiet positions     (first move tried is a best move)")
for order in ("natural", "heuristic", "threats", "threats+heuristic"):
    c = best_first(order)
    cells = [f"{c[k][0]:,} / {c[k][1]:,} ({c[k][0] / c[k][1]:.0%})" for k in ("threat", "quiet")]
    print(f"{order:17}  {cells[0]:24}  {cells[1]}")

# %% [markdown]
# Threat order tries a best move first at every position with a threat (100%), and is
# no better than natural order in quiet positions (58%).  The heuristic is better than
# natural order in both kinds, 68% against 58% in quiet positions and 68% against 59%
# at threats, but at threats it falls far short of threat order's 100%.  Together each
# covers the other's weak spot, which is why `threats+heuristic` visits far fewer nodes
# than either alone in the table above.
#
# Forced moves shrink the tree further, with any order; the value stays a draw.  With
# forced moves, putting threats first adds nothing: wherever there is a threat, only
# the winning or blocking moves are tried anyway.

# %%
print("order              forced moves  + early draws")
for order in ("natural", "heuristic", "threats", "threats+heuristic"):
    forced = negaviz.search(game, algorithm="alphabeta", order=order, stop_at_win=True, forced=True)
    bounded = negaviz.search(game, algorithm="alphabeta", order=order, stop_at_win=True, forced=True, bounds=True)
    print(f"{order:17}  {forced.nodes:12,}  {bounded.nodes:13,}   value {bounded.value}")


# %% [markdown]
# ## Threats before searching
#
# Before searching a position, a player can look for two kinds of threat: a move that
# wins at once, and a move the opponent would win with next, which must be blocked.
# `TicTacToe.threats` returns both lists.
#
# **x to play.**  x has a winning move:

# %%
def names(game, pos, moves):
    return ", ".join(game.move_name(pos, m) for m in moves) or "none"


attack = TicTacToe("xo./ox./...")
print(attack.label(attack.root))
wins, blocks = attack.threats(attack.root)
print("wins now:", names(attack, attack.root, wins), "| must block:", names(attack, attack.root, blocks))
for order in ("natural", "threats"):
    r = negaviz.search(attack, algorithm="alphabeta", order=order, stop_at_win=True)
    print(f"{order:8} value {r.value}, line {' '.join(r.pv_names)}, {r.nodes} nodes")

# %% [markdown]
# In natural order the first empty cell, c1, comes first; it also wins, but only after
# more moves, and proving that takes a search.  Trying the threat first finds the
# immediate win and stops.  The two searches side by side: one step counter, each side
# showing its own search after that many events; banded nodes are visited by that
# search only.

# %%
natural = negaviz.record(attack, algorithm="alphabeta", stop_at_win=True)
threats = negaviz.record(attack, algorithm="alphabeta", order="threats", stop_at_win=True)
CompareWidget(natural, threats, titles=("natural order", "threats first"))

# %% [markdown]
# **o to play.**  o has no winning move, and x threatens two lines at once.  o can block
# only one of them, and loses anyway:

# %%
defend = TicTacToe("x../xxo/.o.")
print(defend.label(defend.root))
wins, blocks = defend.threats(defend.root)
print("wins now:", names(defend, defend.root, wins), "| must block:", names(defend, defend.root, blocks))
for move in defend.moves(defend.root):
    r = negaviz.search(defend, defend.play(defend.root, move), algorithm="alphabeta")
    print(f"o plays {defend.move_name(defend.root, move)}: value for o {-r.value}")
blocked = negaviz.record(defend, algorithm="alphabeta", order="threats", stop_at_win=True, forced=True)
print(f"threat search: value {blocked.value}, line {' '.join(blocked.pv_names())}, {len(blocked.nodes)} nodes")

# %%
picture(blocked)
