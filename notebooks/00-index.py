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
# # negaviz: game-tree search you can watch
#
# negaviz runs the searches of a games course (negamax, alpha-beta, move ordering,
# transposition tables, proof trees, depth-limited search) and records everything they
# do: every node entered with its window, every leaf, every value passed back up, every
# cutoff and every table probe.  Everything else reads that record and never searches
# again: tables of counts, drawings made with Graphviz, and widgets that replay a search
# one event at a time.

# %% [markdown]
# ## How to use these notebooks
#
# * Open them with `make lab` and run each one from the top (*Run → Run All Cells*).
#   Drawings and tables are stored in the notebooks; the widgets (sliders, buttons,
#   the stepper) need a running kernel.
# * Every number in the text is printed by a cell of the same notebook, and
#   `pytest --nbval` runs the notebooks again to check that every stored output still
#   comes out the same.
# * Change cells freely to experiment.  To change a notebook for everyone, edit it
#   here in JupyterLab or edit its `.py` twin (each `NN-name.ipynb` is paired with
#   `NN-name.py` by jupytext), then run `make notebooks` (see `notebooks/README.md`).
# * The stepper's slider answers the arrow keys once its handle is clicked.

# %% [markdown]
# ## The sequence
#
# | notebook | what it shows |
# |---|---|
# | [Minimax to negamax](01-negamax.ipynb) | one case instead of two; leaf scores for the side to move; the colour parameter |
# | [Tic-tac-toe with negamax](02-tictactoe.ipynb) | the game tree counted; positions, transpositions, symmetry; lecture-note figures explained |
# | [Alpha-beta](03-alphabeta.ipynb) | windows, cutoffs, fail-hard and fail-soft; a worked example stepped through |
# | [Move ordering and threat search](04-move-ordering.ipynb) | natural, heuristic and threat orders; stopping at wins; forced moves |
# | [Transposition tables](05-transposition-tables.ipynb) | exact, lower and upper entries; why a value alone is wrong; bounded tables |
# | [Proof trees](06-proof-trees.ipynb) | one move for the winner, every reply for the loser; a draw needs two proofs |
# | [Depth-limited search: Othello](07-depth-limited-othello.ipynb) | evaluation functions, depth, iterative deepening, PVS, MTD(f); 4×4 Othello solved |
# | [Exercises](08-exercises.ipynb) | quiz questions with feedback, a function to fix, exercise sheets with answer keys |
# | [Node types and the minimal tree](09-node-types.ipynb) | Knuth–Moore's b^⌈d/2⌉ + b^⌊d/2⌋ − 1 against best, worst and random orders; PVS and MTD(f); PV, CUT and ALL nodes |
# | [Connect Four](10-connect-four.ipynb) | the enhancement ladder on 4×4; small boards solved against the published results; the horizon effect; bring your own AIMA or easyAI game |
# | [Write your own alpha-beta](11-write-your-own-alphabeta.ipynb) | your function checked against the reference; the classic bugs, each caught at its first wrong step |

# %% [markdown]
# ## A first look
#
# A textbook tree, written with each leaf's value for the first player, searched with
# alpha-beta.  A recorded search (a *trace*) draws itself: bold edges are the best line,
# dashed nodes were never visited.

# %%
import negaviz

tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
trace = negaviz.record(tree, algorithm="alphabeta")
print("value at the root:", trace.value)
print("best line:", " ".join(trace.pv_names()))
print("never visited:", ", ".join(trace.pruned_labels()))
trace
