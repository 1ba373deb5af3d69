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
#   Drawings, tables and steppers are stored in the notebooks: a stepper steps, and
#   checks your answers, in a notebook opened without running it.  Only what searches
#   again needs a running kernel: code you change, and playing against the engine.
#   The stepper answers the arrow keys once it is clicked.
# * Every number in the text is printed by a cell of the same notebook: change a cell
#   and run it again to see what changes.
# * Each notebook has tasks marked *Your turn*, placed before the answer: a stepper in
#   which you type values on the nodes and mark the moves never tried (it checks your
#   answers itself and names the first wrong node and the mistake), or code to write
#   or fix that `check()` judges.  Where a task asks a question, its answer comes after
#   it, folded under *Answer*: try first, then open it.
# * The words for values, windows and bounds are defined once, in notebooks 1 and 3,
#   and mean the same in every drawing, message and notebook after them.
# * The notebooks are numbered in the order to take them, as the table below lists
#   them.  *Write your own alpha-beta*, notebook 4, is the hands-on half of notebook 3:
#   work through it right after 3.  *Going further: node types*, notebook 14, is more
#   than a first course needs; leave it for later.  *For lecturers* is an appendix:
#   adapters for a course's own game classes, published counts reproduced, and
#   exercise sheets.
# * Working alone, give each notebook half an hour to three quarters of an hour.
#
# (For maintainers: how the notebooks are built, paired and tested is in
# `notebooks/README.md`.)

# %% [markdown]
# ## The sequence, and what each notebook teaches
#
# | notebook | after it you can |
# |---|---|
# | [1 · Minimax to negamax](01-negamax.ipynb) | say why minimax plays for the best worst case, turn a minimax tree into a negamax one (leaf scores for the side to move), read both views of one search, and write negamax yourself, with or without a colour parameter |
# | [2 · Tic-tac-toe with negamax](02-tictactoe.ipynb) | count a game tree, its positions and transpositions, say why a finished game never scores a win for the side to move, say what a transposition table saves, and play against the engine |
# | [3 · Alpha-beta](03-alphabeta.ipynb) | follow alpha-beta's windows and cutoffs node by node, run the textbook's MAX-VALUE/MIN-VALUE beside negamax, tell an exact value from a bound (fail-soft and fail-hard), and use a narrow window as a question |
# | [4 · Write your own alpha-beta](12-write-your-own-alphabeta.ipynb) | write alpha-beta yourself, have it checked step by step against the reference, find and fix a bug, and recognise the classic ones by their symptoms |
# | [5 · Move ordering and threat search](04-move-ordering.ipynb) | say why ordering decides how much alpha-beta prunes, and why threats and a heuristic together beat either alone |
# | [6 · Transposition tables](05-transposition-tables.ipynb) | store a result with its bound, say why a value alone is wrong, and size a table |
# | [7 · Proof trees](06-proof-trees.ipynb) | build and check the proof of a win, tell a proof tree from the minimal tree, and say why a draw needs two proofs |
# | [8 · Depth-limited search: Othello](07-depth-limited-othello.ipynb) | state Othello's rules (passes, game end), design an evaluation function and compare it with your own, name the horizon, and read and run a small quiescence search past it |
# | [9 · Iterative deepening, PVS and MTD(f)](08-search-drivers.ipynb) | say how iterative deepening, PVS and MTD(f) call alpha-beta with tables and null windows, predict a PVS re-search and MTD(f)'s questions step by step, solve 4×4 Othello, and size its table |
# | [10 · Exercises](09-exercises.ipynb) | do alpha-beta by hand on a whole tree and as the search goes, with your answers checked on the picture and your mistake named |
# | [11 · Connect Four](11-connect-four.ipynb) | climb the enhancement ladder, check solved boards against published results, and watch the horizon effect |
# | [12 · Chance: expectimax and star1](14-chance-nodes.ipynb) | value a position where dice roll by its expected value, say when expectimax and minimax choose differently, prune a chance node with star1 and leaf bounds, and search a dice game |
# | [13 · Monte Carlo tree search](15-monte-carlo.ipynb) | say what UCT's four phases do, compute a UCB value by hand, tell flat Monte Carlo from UCT, and compare MCTS's move and value with alpha-beta's proof |
# | [14 · Going further: node types and the minimal tree](10-node-types.ipynb) | (optional) compare alpha-beta, PVS and MTD(f) with Knuth–Moore's minimal tree, and sort nodes into PV, CUT and ALL |
# | [15 · For lecturers](13-for-lecturers.ipynb) | (lecturers) search a course's own make/unmake, AIMA or easyAI game class unchanged, reproduce the node counts published in lecture notes, and make exercise sheets of a chosen difficulty |

# %% [markdown]
# ## A first look
#
# A textbook tree, written with each leaf's value for the first player, searched with
# negamax.  A recorded search (a *trace*) draws itself: bold edges are the principal
# variation, the line both players choose.

# %%
import negaviz

tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
trace = negaviz.record(tree, algorithm="negamax")
print("value at the root:", trace.value)
print("principal variation:", " ".join(trace.pv_names()))
print("nodes visited:", len(trace.nodes))
trace
