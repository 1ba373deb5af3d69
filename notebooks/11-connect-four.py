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
# # 11 · Connect Four
#
# Connect Four on small boards is small enough to *solve*: search to the end of the game
# and know the value of the empty board for certain.  This notebook climbs the
# enhancement ladder on the 4×4 board, solves the smallest boards and compares them with
# the published results, and shows the horizon effect of a depth-limited search.  (How
# to bring a game written for AIMA or for easyAI to negaviz is in the lecturers'
# appendix, *For lecturers*.)

# %%
from dataclasses import replace

import negaviz
from negaviz.analysis import DEFAULT_STEPS, ladder
from negaviz.render.plots import plot_ladder
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## The board
#
# `negaviz.ConnectFour(cols, rows)` plays on boards of 4 to 9 columns and rows; x moves
# first, moves are column numbers from 1, and a position can be written as the moves
# played so far.  As in tic-tac-toe, a finished game is scored for the side to move:
# 0 for a draw, −1 when the player who has just moved made four in a row (the side to
# move never holds the line).  A value of 1 for the side to move means it can force a
# win.

# %%
game = negaviz.ConnectFour(cols=4, rows=4)
pos = game.parse("2332")
print(game.position_text(pos).replace("/", "\n"))
print("to move:", game.player_names[game.player(pos)], "  moves:", [game.move_name(pos, m) for m in game.moves(pos)])

# %% [markdown]
# ## Your turn: two end games
#
# Two 4×4 positions near the end, x to move, searched with alpha-beta to the end of the
# game.  Step through each: when the stepper asks, say what a position returns for the
# side to move there (1 a win, 0 a draw, −1 a loss).  Positions are named by the
# columns played from the position shown.  Can x win the first?

# %%
first = game.parse("1133443411")
print(game.position_text(first).replace("/", "\n"))
StepperWidget(negaviz.record(game, first, algorithm="alphabeta"), practice="steps")

# %% [markdown]
# And the second: can x save it?  With the windows shown, say also, when asked, the
# window (α, β) a position is entered with.

# %%
second = game.parse("3331314421")
print(game.position_text(second).replace("/", "\n"))
StepperWidget(negaviz.record(game, second, algorithm="alphabeta"), practice="steps", windows=True)

# %% [markdown]
# **Answer** (folded: open it after you have tried both): each position's value for x, and the
# principal variation.

# %% jupyter={"outputs_hidden": true}
for name, start in (("first", first), ("second", second)):
    r = negaviz.search(game, start, algorithm="alphabeta")
    print(f"{name}: value {r.value} for x, principal variation {' '.join(r.pv_names)}")

# %% [markdown]
# <details><summary>In words</summary>
#
# x wins the first, by playing column 2.  x cannot save the second: every move loses,
# and the search shows the first one it tried.
# </details>

# %% [markdown]
# ## The enhancement ladder on 4×4
#
# `ladder` solves one position again and again, switching on one enhancement per rung:
# alpha-beta, then move ordering (threats first, then the heuristic), a transposition
# table, symmetry (a board and its mirror image have the same value), forced moves,
# early value bounds; the last three rungs try PVS, MTD(f) and iterative deepening on
# top of all of them.  Every rung must find the same value.  Each rung here has a
# budget of 100,000 nodes: plain negamax, which visits every line of play, runs out of
# it long before the end, so its row is skipped.

# %%
BUDGET = 100_000
steps = tuple(replace(step, options={**step.options, "max_nodes": BUDGET}) for step in DEFAULT_STEPS)
table = ladder(negaviz.ConnectFour(4, 4), steps=steps)
print(table)

# %%
plot_ladder(table, title="solving the empty 4×4 board")

# %% [markdown]
# Reading the ladder:
#
# * Alpha-beta alone solves the board in 62,889 nodes.  Ordering by threats and the
#   heuristic does not help on its own here (67,899 nodes): an ordering is a guess,
#   and on this board the natural order guesses about as well.
# * The table is the big step (15,880 nodes): Connect Four reaches the same position by
#   many move orders.  Symmetry, forced moves and bounds take it down to 8,697 nodes,
#   about a seventh of alpha-beta's.
# * PVS and MTD(f) gain a little more.  Iterative deepening costs far more here
#   (95,408 nodes): each pass searches the tree again one ply deeper, and on a board
#   this small what the shallow passes teach is worth less than the work they repeat.

# %%
nodes = dict(zip(table.column("name"), table.column("nodes")))
print({name: nodes[name] for name in ("alphabeta", "+order threats+heuristic", "+tt", "+bounds", "id")})
print(f"+bounds / alphabeta: {nodes['+bounds'] / nodes['alphabeta']:.3f}")

# %% [markdown]
# ## Small boards solved, against the published results
#
# John Tromp solved Connect Four for many board sizes (his table is at
# <https://tromp.github.io/c4/c4.html>).  It lists the 4×4, 5×4 and 4×5 boards (columns ×
# rows) as draws.  With every enhancement on, each solves here in 8,697 to 43,916
# nodes, and agrees:

# %%
EVERYTHING = dict(algorithm="alphabeta", order="threats+heuristic", tt=True, symmetry=True, forced=True, bounds=True)
PUBLISHED = {(4, 4): 0, (5, 4): 0, (4, 5): 0}  # Tromp's table: = (a draw) for all three
OUTCOME = {1: "first player wins", 0: "draw", -1: "second player wins"}

for (cols, rows), published in PUBLISHED.items():
    r = negaviz.search(negaviz.ConnectFour(cols, rows), **EVERYTHING)
    agrees = "agrees" if r.value == published else "DISAGREES"
    print(f"{cols}x{rows}: {OUTCOME[r.value]:18} ({r.nodes:6,} nodes)   published: {OUTCOME[published]}, {agrees}")

# %% [markdown]
# Larger boards take much longer: one more column or row already multiplies the nodes
# by four to five (5×4 and 4×5 against 4×4 above), and the standard 7×6 board took a
# specialised solver with a huge table.
# A textbook-sized lecture stops here.

# %% [markdown]
# ## The horizon effect
#
# A depth-limited search stops at its *horizon* and trusts the heuristic evaluation
# there.  A threat that lands just beyond the horizon is invisible to it.  On the
# standard 7×6 board, after the moves 7 4 4 2 2 6, x is to move.  o has three discs
# spread along the bottom row.

# %%
board = negaviz.ConnectFour(7, 6)
pos = board.parse("744226")
print(board.position_text(pos).replace("/", "\n"))
print("to move:", board.player_names[board.player(pos)])

# %% [markdown]
# Searched to depths 1 to 6 with alpha-beta and the heuristic at the horizon: the move
# each depth chooses, the value it expects, and the value that depth gives the centre
# column, 4.  The heuristic's values stay strictly between −1 and 1, so a −1 is a
# proven loss, found by reaching the end of the game.

# %%
CENTRE = board.parse_move(pos, "4")
print("depth  chooses  value  value of 4")
for depth in range(1, 7):
    r = negaviz.search(board, pos, algorithm="alphabeta", depth=depth, order="heuristic", tt=True)
    centre = -negaviz.search(board, board.play(pos, CENTRE), algorithm="alphabeta", depth=depth - 1,
                             order="heuristic", tt=True).value
    print(f"{depth:5}  {r.pv_names[0]:7}  {r.value:5}  {centre:10}")

# %% [markdown]
# Up to depth 3 the search plays the centre and likes it.  At depth 4 the centre is a
# proven loss and the search plays column 3 instead.  What happens after 4: o drops a
# disc into column 3, making three in a row on the bottom with both ends open, so o
# threatens to complete four in column 1 and in column 5.  x cannot block both: every
# reply loses.  The line below shows the first reply the search tried, column 4, which
# blocks neither, and o completes four in column 5.  Counting x's move as ply 1, o wins
# at ply 4: one ply past the horizon of a depth-3 search.

# %%
refutation = negaviz.search(board, board.play(pos, CENTRE), algorithm="alphabeta", depth=3, order="heuristic", tt=True)
print("x plays 4, then:", " ".join(refutation.pv_names), "  value for o:", refutation.value)
threatened = board.play(board.play(pos, CENTRE), board.parse_move(board.play(pos, CENTRE), "3"))
print("after 4 and 3, x's reply and the columns where o then completes four:")
for reply in board.moves(threatened):
    after = board.play(threatened, reply)
    wins = [board.move_name(after, m) for m in board.moves(after)
            if board.is_terminal(board.play(after, m)) and board.score(board.play(after, m)) == -1]
    print(f"  {board.move_name(threatened, reply)}: {', '.join(wins)}")

# %% [markdown]
# The depth-3 search is not wrong about what it sees; the loss is simply past its
# horizon.  A deeper search is the cure, but no fixed depth is safe in every position:
# that is why game programs extend the search along forcing lines (here, o's threat
# forces x's reply), and why a solved result needs a search to the end of the game.
