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
# # 6 · Transposition tables
#
# A transposition table remembers what the search found out about a position, so that
# meeting the position again by another move order costs a lookup.  With alpha-beta,
# what the search found out depends on the window it searched with.  A node searched
# with (α, β) that returns *v* knows:
#
# | returned | stored as | the true value is |
# |---|---|---|
# | α < *v* < β | `EXACT` | *v* |
# | *v* ≥ β (it fails high, a cutoff) | `LOWER` | at least *v* |
# | *v* ≤ α (it fails low) | `UPPER` | at most *v* |
# | a leaf, whatever its window | `EXACT` | *v* |
#
# This is notebook 3's return contract, with its rule for leaves: a leaf's value is
# exact, whatever its window.
#
# On a later visit an `EXACT` entry answers at once.  A `LOWER` entry raises α to *v*
# when *v* > α (a bound at or below α tells the node nothing new), an `UPPER` entry
# lowers β to *v* when *v* < β, and if then α ≥ β the entry answers.  Otherwise the
# node is searched again, starting with α risen (or β fallen) to the entry's value; its
# window is still the one it was entered with.  (Here every search goes to the end of
# the game; with a depth limit, notebook 9 adds one more condition: an entry answers
# only if it was searched at least as deep as the node needs.)

# %%
import math


import negaviz
from negaviz import TicTacToe
from negaviz.analysis.steps import fmt
from negaviz.display import picture
from negaviz.search.events import EventKind
from negaviz.student import capture, check
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## A tree with a transposition
#
# In the labelled form, writing a name a second time shares that node: below, X is
# reached from B and from C.  Alpha-beta meets X twice, with two different windows.

# %%
dag = negaviz.Tree.parse("A(B(D:5 X(Y:6 Z:8)) C(X W:7))")
plain = negaviz.record(dag, algorithm="alphabeta")

# %% [markdown]
# ### Your turn first: alpha-beta on it, by hand
#
# With no table, the search does not know it has seen X before: the drawing shows X,
# and all below it, under each parent.  Type each inner node's value and window on the
# drawing (for the side to move there), click the edges of the moves never tried, and
# press *check*.  The two drawings of X are named by their paths, `B X` and `C X`.
# Does X return the same thing both times?

# %%
StepperWidget(plain, practice="tree", windows=True)

# %% [markdown]
# **Answer** (folded: open it after you have tried): the search, node by node.

# %% jupyter={"outputs_hidden": true}
print("value:", plain.value, "| principal variation:", " ".join(plain.pv_names()))
print("node  window     returns  bound")
for node in plain.nodes:
    window = f"({fmt(node.alpha)}, {fmt(node.beta)})"
    print(f"{plain.label(node.id):4}  {window:9}  {fmt(node.value):>7}  {node.bound.name.lower()}")

# %% [markdown]
# <details><summary><b>Answer</b> in words (try first)</summary>
#
# No.  The first time, X is searched below B, where the second player can already hold
# the first to 5 by choosing D: X's window is (−∞, 5), Y alone reaches β, and X fails
# high with a lower bound.  Its true value is higher.  The second time, below C, X is
# entered with the window (5, ∞) and is searched for its exact value.  The first time,
# Y (`B X Y` in the table) is entered with (−5, ∞) and returns −6, below its α, and is
# still exact: it is a leaf.
# </details>
#
# ## Storing the value alone is wrong
#
# A memo that stores each node's value without its bound treats the first, partial
# answer as exact.  Here is that mistake as a student might write it, recorded with
# `capture` and compared with negaviz's alpha-beta by `check()`:

# %%
memo = {}


def alphabeta_memo(node, alpha, beta):
    if node in memo:
        return memo[node]  # the mistake: a value without the window it was found with
    if dag.is_terminal(node):
        return dag.score(node)
    best = -math.inf
    for move in dag.moves(node):
        value = -alphabeta_memo(dag.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break  # cutoff: the opponent will not allow this position
    memo[node] = best
    return best


with capture(alphabeta_memo, dag, position="node", alpha="alpha", beta="beta") as traced:
    print("the memo search returns", traced(dag.root, -math.inf, math.inf), "| the true value is", plain.value)
print(check(traced.last_trace))

# %% [markdown]
# ## Bounds done right
#
# negaviz's table stores each result with its bound.  The second visit of X finds a
# `LOWER` entry: it raises α but cannot settle the node, so X is searched again and
# the root gets the right value.  The table's events:

# %%
tt = negaviz.record(dag, algorithm="alphabeta", tt=True)
print("value:", tt.value)
print("step  node  event     result")
for event in tt.events:
    if event.kind == EventKind.TT_STORE:
        result = f"{fmt(event.value)} stored as {event.bound.name}"
    elif event.kind == EventKind.TT_PROBE and event.bound is None:
        result = "nothing stored"
    elif event.kind == EventKind.TT_PROBE:
        result = f"found {fmt(event.value)} ({event.bound.name}): " + ("settles it" if event.ended else "raises α" if event.bound.name == "LOWER" else "lowers β")
    else:
        continue
    print(f"{event.step + 1:4}  {tt.label(event.node):4}  {event.kind.name.lower():8}  {result}")

# %% [markdown]
# Step through it: *next TT hit* jumps to just after the next useful table lookup.
# The finished search below shows X twice: below B a lower bound with Z never visited,
# below C searched again in full.

# %%
StepperWidget(tt, windows=True)

# %%
picture(tt, windows=True)


# %% [markdown]
# ## Your turn: a table by hand
#
# o to move in tic-tac-toe, four empty squares, alpha-beta with a table.  Step through
# it: when the stepper asks, say what a position returns (for the side to move there).
# Some positions come round again by another move order: at each, the stepper shows
# what the table holds and asks whether the search may stop there, and with what value
# (or *on*, if the entry only narrows the window).

# %%
StepperWidget(negaviz.record(TicTacToe("xo./xx./o.."), algorithm="alphabeta", tt=True), practice="steps")

# %% [markdown]
# Another one, with the windows shown: say also, when asked, the window (α, β) a
# position is entered with.  When a position comes round again, is its stored value exact or only
# a bound, and does it settle the position or only raise α (or lower β)?

# %%
StepperWidget(negaviz.record(TicTacToe("x.o/.xx/.o."), algorithm="alphabeta", tt=True), practice="steps", windows=True)

# %% [markdown]
# **Answer** (folded: open it after you have tried both): every useful table lookup of the two searches,
# read from the same recorded searches.  A position is named by the moves that lead to
# it from the board shown.

# %% jupyter={"outputs_hidden": true}
def table_answers(board):
    search = negaviz.record(TicTacToe(board), algorithm="alphabeta", tt=True)
    print(board)
    for event in search.events:
        if event.kind == EventKind.TT_PROBE and event.bound is not None:
            where = " ".join(search.move_name(n) for n in search.path(event.node)[1:])
            node = search.nodes[event.node]
            window = f"({fmt(node.alpha)}, {fmt(node.beta)})"
            print(f"  {where}: entered with {window}, the table holds "
                  f"{fmt(event.value)} ({event.bound.name.lower()}): "
                  + ("it settles the position" if event.ended
                     else "α rises to it" if event.bound.name == "LOWER" else "β falls to it"))


table_answers("xo./xx./o..")
table_answers("x.o/.xx/.o.")



# %% [markdown]
# ## Tables of bounded size
#
# A real program gives the table a fixed number of slots; two positions whose keys map
# to the same slot compete for it.  With `tt_replace="always"` the newer entry wins;
# with `"depth"` the entry searched deeper stays (it saved more work).  A smaller table
# forgets more and the search visits more nodes, but the value never changes: a lost
# entry is only lost work.  The default (`tt_size=None`) keeps one entry per position,
# up to `negaviz.search.tt.DEFAULT_ENTRIES` of them, which these small games never fill.

# %%
def table_sizes(game, **options):
    base = negaviz.search(game, algorithm="alphabeta", **options)
    print(f"no table: {base.nodes:,} nodes, value {base.value}")
    print("slots       always  depth  (nodes)")
    for size in (None, 4096, 1024, 256, 64, 16):
        row = [negaviz.search(game, algorithm="alphabeta", tt=True, tt_size=size, tt_replace=policy, **options)
               for policy in ("always", "depth")]
        assert {r.value for r in row} == {base.value}  # a small table costs nodes, never the value
        print(f"{'default' if size is None else size:>9}  {row[0].nodes:7,}  {row[1].nodes:6,}")


print("tic-tac-toe, empty board")
table_sizes(TicTacToe())

# %% [markdown]
# Here keeping the newer entry (`always`) wins at every bounded size; on 4×4 Othello
# (notebook 9) keeping the deeper one wins once the table is small.  Which policy is
# better depends on the game and on the table's size.  How many distinct positions
# does the tic-tac-toe search store?

# %%
game = TicTacToe()
full = negaviz.record(game, algorithm="alphabeta", tt=True)
stored = {game.key(full.position(event.node)) for event in full.events if event.kind == EventKind.TT_STORE}
print(f"{len(stored):,} distinct positions stored")

# %% [markdown]
# Even a table with more slots than that loses entries: two positions can still share
# a slot, and then one of them is forgotten.
