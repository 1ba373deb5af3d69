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
# # 3 · Alpha-beta
#
# Negamax looks at every node.  Alpha-beta gets the same value at the root while
# skipping nodes that cannot change it.  Each call carries a *window* (α, β):
#
# * α is what the side to move is already sure of elsewhere: a move worth α or less
#   cannot help it;
# * β is the most the opponent will allow: once a move reaches β, the opponent will
#   avoid this position altogether, so the remaining moves need not be tried (a
#   *cutoff*).
#
# In negamax form a child's values are for the other player, so the window passed down
# is (−β, −α): swapped and negated.

# %%
import math


import negaviz
from negaviz.analysis.steps import Stepper, fmt
from negaviz.display import picture
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## A worked example
#
# The classic small tree: the root A chooses between B and C, each a position where
# the opponent moves.  Leaves are written for the player at A.

# %%
tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
trace = negaviz.record(tree, algorithm="alphabeta")
print("value at A:", trace.value)
print("best line:", " ".join(trace.pv_names()))
print("never visited:", ", ".join(trace.pruned_labels()))
print("nodes:", trace.counts().nodes, "of", negaviz.search(tree, algorithm="negamax").nodes)


# %% [markdown]
# ## The windows, node by node
#
# The table is read from the trace: the window each node was entered with, what it
# returned, whether that value is exact or only a bound, and the children it skipped.
# Values and windows are in the negamax view, for the side to move at each node.

# %%
def window_table(trace):
    print("node  depth  window (α, β)  returns  bound  never visited")
    for node in trace.nodes:
        window = f"({fmt(node.alpha)}, {fmt(node.beta)})"
        skipped = ", ".join(tree.label(move) for move in node.skipped) or "-"  # a move is a child's number
        print(f"{trace.label(node.id):4}  {node.depth:5}  {window:13}  {fmt(node.value):>7}  "
              f"{node.bound.name.lower():5}  {skipped}")


window_table(trace)

# %% [markdown]
# The same search event by event, in the stepper's words:

# %%
stepper = Stepper(trace)
for event in trace.events:
    print(f"{event.step + 1:2}. {stepper.sentence(event)}")

# %% [markdown]
# After B, A is sure of 5.  C is entered with the window (−∞, −5): from C's side, any
# value of −5 or more is already too good, because A would then prefer B.  F alone gives
# C −3, which reaches β, so C stops and G and H are never looked at.  C's −3 is only a
# lower bound: C's true value could be higher still, but it cannot matter.
#
# Step through it yourself; tick *windows* to see every node's window in the tree, and
# switch to the minimax view to see the same search with min and max nodes.

# %%
StepperWidget(trace, windows=True)

# %% [markdown]
# ## Fail-soft and fail-hard
#
# When a node stops early, or no move reaches α, its value is only a bound.
# *Fail-soft* alpha-beta returns the best value it found, which may lie outside the
# window; *fail-hard* clamps every value into [α, β].  They differ exactly at the nodes
# that failed high or low; the root, searched with (−∞, ∞), gets the same value.

# %%
soft = trace
hard = negaviz.record(tree, algorithm="alphabeta", fail_hard=True)
print("node  window        fail-soft  fail-hard  bound")
for s, h in zip(soft.nodes, hard.nodes):
    window = f"({fmt(s.alpha)}, {fmt(s.beta)})"
    print(f"{soft.label(s.id):4}  {window:12}  {fmt(s.value):>9}  {fmt(h.value):>9}  {s.bound.name.lower()}")

# %% [markdown]
# ## A window is a question
#
# Searching the root with a narrower window asks a question instead of asking for the
# value.  If the value falls inside the window it comes back exact; if not, the search
# says only on which side it lies, and usually visits fewer nodes.  A window one unit
# wide, such as (4, 5), asks a yes-or-no question: *is the value at least 5?*  MTD(f) and
# PVS (notebook 7) are built on such null-window searches.

# %%
print("window       returns  meaning                     nodes  never visited")
for window in [(-math.inf, math.inf), (4, 6), (6, 10), (0, 4), (4, 5), (5, 6)]:
    t = negaviz.record(tree, algorithm="alphabeta", window=window)
    root = t.nodes[0]
    meaning = {"EXACT": f"the value is {fmt(root.value)}",
               "LOWER": f"the value is at least {fmt(root.value)}",
               "UPPER": f"the value is at most {fmt(root.value)}"}[root.bound.name]
    shown = f"({fmt(window[0])}, {fmt(window[1])})"
    print(f"{shown:11}  {fmt(root.value):>7}  {meaning:26}  {len(t.nodes):5}  {', '.join(t.pruned_labels())}")

# %% [markdown]
# ## The drawing
#
# The finished search, drawn with windows.  Nodes with corner marks returned a lower
# bound, dashed ones were never visited.

# %%
picture(trace, windows=True)

# %% [markdown]
# ## On a real game
#
# The savings grow with the tree.  From the empty tic-tac-toe board:

# %%
game = negaviz.TicTacToe()
for algorithm in ("negamax", "alphabeta"):
    r = negaviz.search(game, algorithm=algorithm)
    print(f"{algorithm:9}  value {r.value}  nodes {r.nodes:7,}  cutoffs {r.cutoffs:5,}")
