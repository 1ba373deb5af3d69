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
# # 9 · Iterative deepening, PVS and MTD(f)
#
# Notebook 8 searched Othello to a fixed depth with alpha-beta.  Real programs call
# alpha-beta more cleverly: deeper and deeper, keeping a table between the searches,
# and with windows narrower than (−∞, ∞), down to *null windows* that ask one
# yes-or-no question about the value.  This notebook shows three such drivers, then
# solves 4×4 Othello and sizes its table.

# %%
import math

import negaviz
from negaviz import Othello
from negaviz.vocabulary import fmt
from negaviz.widgets import StepperWidget

game = Othello(6)
small = Othello(4)

# %% [markdown]
# ## A null window asks a question
#
# Notebook 3 searched with narrow windows.  For values that are whole numbers, the
# window (*b* − 1, *b*) holds no value at all, so every answer is a bound: the search
# returns some *v* ≥ *b* (it fails high: the value is at least *v*) or some *v* ≤ *b* − 1
# (it fails low: the value is at most *v*).  Such a *null-window search* answers the
# question *is the value at least b?*, and it visits fewer nodes than a search for the
# exact value, since nearly every node can cut.  (Some course notes write a window
# with its ends included, from α + 1 up to β − 1: for whole numbers that is the same
# window, and the same search.)
#
# **Your turn: a null window by hand.**  A tree, written with each leaf's value for the
# player at P, searched from P with the window (5, 6): it asks *is P's value at least
# 6?*  When the stepper asks, say what a node returns, the window it is entered with,
# which of its moves are never tried, or which node is entered next; and watch where the
# search stops early.  Will the answer be yes or no?

# %%
question_tree = negaviz.Tree.parse("P(Q(S:3 T:5) R(U:6 V:9) W(X:1 Y:2))")
StepperWidget(negaviz.record(question_tree, algorithm="alphabeta", window=(5, 6)), practice="steps", windows=True)

# %% [markdown]
# <details><summary><b>Answer</b> (after you have tried)</summary>
#
# Yes.  Q fails high at its first leaf, so T is never visited; R fails low; R's value
# then reaches P's β, so P fails high and W is never visited.  The cell below prints it
# from the recorded search, and what the full window visits instead.
# </details>

# %% jupyter={"outputs_hidden": true}
asked = negaviz.record(question_tree, algorithm="alphabeta", window=(5, 6))
root = asked.nodes[0]
print(f"P returns {fmt(root.value)} ({root.bound.name.lower()} bound): the value is at least {fmt(root.value)}")
print("never visited:", ", ".join(asked.pruned_labels()), "| nodes:", len(asked.nodes),
      "| with the full window:", len(negaviz.record(question_tree, algorithm="alphabeta").nodes))

# %% [markdown]
# ## Iterative deepening, PVS and MTD(f)
#
# Three ways to call alpha-beta more cleverly:
#
# * **iterative deepening** (`id`) searches to depth 1, 2, 3, ... in turn, keeping one
#   table for all of them, and a program can stop whenever time runs out.  An entry
#   from a shallower iteration is not deep enough to answer a deeper search (so it
#   gives no table hit), but its best move is tried first: the table orders moves;
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
# Iterative deepening's table hits are 0: every entry it meets was stored by a
# shallower iteration, too shallow to stand for the deeper search, and is used only to
# order the moves.

# %% [markdown]
# ## Your turn: PVS and MTD(f), stepped
#
# Both drivers on 04's tree with A's worse move, B, first.  PVS searches B with the full
# window, then asks of C only *is C better for A than B?*, with a null window.  Before you
# step: will that question be answered *yes* (C's search fails high) or *no*?  If *yes*,
# what happens next?  And inside B, which of B's replies is asked the same kind of
# question?  Step through with the windows shown; the sentence under the tree says when a
# null-window search fails high and is searched again.

# %%
worst_first = negaviz.Tree.parse("A(B(D:3 E:1) C(F:6 G:8))")
pvs = negaviz.record(worst_first, algorithm="pvs")
StepperWidget(pvs, windows=True)

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# *Yes*: C is better for A than B, so C's null-window search fails high and C is searched
# again with the full window, F and G with it.  Inside B, E is asked whether it beats D
# for B; it does (for B, E's 1 is better than D's 3), so E is searched twice as well.  PVS
# pays for a wrong first guess with these second searches; with the best move first, no
# question is answered *yes* and nothing is searched twice.
# </details>

# %%
entered = [pvs.label(n.id) for n in pvs.nodes]
twice = sorted({name for name in entered if entered.count(name) > 1})
print("PVS enters", len(pvs.nodes), "nodes; entered twice:", ", ".join(twice))
best_first = negaviz.Tree.parse("A(C(F:6 G:8) B(D:3 E:1))")
print("with C first:", len(negaviz.record(best_first, algorithm="pvs").nodes), "nodes")

# %% [markdown]
# MTD(f) asks only null-window questions of the root, starting from a guess of 0: *is
# A's value at least 0?*, then at least one more than each *yes* it gets, until a *no*
# meets a *yes*.  Before you step: which questions will it ask here, and which answers
# will it get?  Each new *Start at A* in the stepper is a new question; its table lets
# later questions skip what earlier ones settled.

# %%
mtdf = negaviz.record(worst_first, algorithm="mtdf")
StepperWidget(mtdf, windows=True)

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# Three questions.  *At least 0?* Yes: the search returns 1, a lower bound.  *At least
# 2?* Yes: it returns 6, a new lower bound.  *At least 7?* No: at most 6.  The bounds meet
# at 6, A's value.  The second and third questions start with table lookups that narrow
# the window: what the earlier questions proved is not asked again.
# </details>

# %%
print("MTD(f): questions asked:", len(mtdf.roots()), "| nodes entered:", len(mtdf.nodes),
      "| value:", mtdf.result.value)

# %% [markdown]
# ## Your turn: MTD(f) in code
#
# MTD(f) needs only the question.  Start from a guess *g*; ask *is the value at least
# b?* with *b* = *g* (or one more than the largest value known to be reached, if that
# is larger); a *yes* answer *v* is a new lower bound, a *no* answer *v* a new upper
# bound; take *g* = *v* and ask again, until the lower and the upper bound meet.  Below,
# `test(b)` runs alpha-beta on 4×4 Othello from the start with the window (*b* − 1,
# *b*) and returns its value.  As stored, `my_mtdf` asks once: make it ask until the
# value is pinned, and run the cell until `check_mtdf` says *OK*.

# %%
def check_mtdf(driver, first_guess=0):
    """Run `driver(test, first_guess)` on 4×4 Othello and compare its value with the exact one."""
    asked = []

    def test(b):
        answer = negaviz.search(small, algorithm="alphabeta", tt=True, window=(b - 1, b)).value
        asked.append((b, answer))
        return answer

    value = driver(test, first_guess)
    exact = negaviz.search(small, algorithm="alphabeta", tt=True).value
    for b, answer in asked:
        print(f"  at least {fmt(b)}?  " + (f"yes: at least {fmt(answer)}" if answer >= b else f"no: at most {fmt(answer)}"))
    if value == exact:
        print(f"OK: {fmt(value)}, pinned by {len(asked)} null-window searches")
    else:
        print(f"Not yet: your driver returns {fmt(value)}, but the value for x is {fmt(exact)}: "
              "ask again until an upper and a lower bound meet")


def my_mtdf(test, first_guess):
    """The value, found with null-window searches only: test(b) asks 'is it at least b?'."""
    guess = first_guess
    guess = test(guess)  # one question; your code: keep asking, moving b, until the value is pinned
    return guess


check_mtdf(my_mtdf)

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# ```python
# def my_mtdf(test, first_guess):
#     lower, upper, guess = -math.inf, math.inf, first_guess
#     while lower < upper:
#         b = max(guess, lower + 1)
#         guess = test(b)
#         if guess < b:
#             upper = guess  # no: the value is at most guess
#         else:
#             lower = guess  # yes: the value is at least guess
#     return guess
# ```
#
# negaviz's own `algorithm="mtdf"` does this, keeping one table for all its questions,
# so that each question reuses what the ones before it found.
# </details>

# %% [markdown]
# ## 4×4 Othello, solved
#
# On a 4×4 board the game can be searched to the end, so the value is exact: no
# depth limit, no evaluation.  Values are disc differences; the first player is x.

# %%
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
print("principal variation:", " ".join(best.pv_names))
end = small.root
for move in best.pv:
    end = small.play(end, move)
print(small.label(end))
print("neither side can move:", small.is_terminal(end), "| empty squares:", small.label(end).count("."),
      "| discs x, o:", small.label(end).count("x"), small.label(end).count("o"))

# %% [markdown]
# With best play the second player (o) wins 4×4 Othello: the value for x is negative,
# the number of discs by which x loses.  The principal variation ends with two empty
# squares: neither side can play there, since no disc would turn over, so the game is
# over and only the discs on the board count.
#
# ## Tables of bounded size, on 4×4 Othello
#
# Notebook 6 gave tic-tac-toe tables of fixed sizes.  Here is the same for 4×4 Othello
# in heuristic order: the search visits more nodes when the table is small, never gets
# another value, and the replacement policy that wins changes with the table's size.

# %%
base = negaviz.search(small, algorithm="alphabeta", order="heuristic")
print(f"no table: {base.nodes:,} nodes, value {base.value}")
print("slots       always  depth  (nodes)")
for size in (None, 4096, 1024, 256, 64, 16):
    row = [negaviz.search(small, algorithm="alphabeta", order="heuristic", tt=True, tt_size=size, tt_replace=policy)
           for policy in ("always", "depth")]
    assert {r.value for r in row} == {base.value}  # a small table costs nodes, never the value
    print(f"{'default' if size is None else size:>9}  {row[0].nodes:7,}  {row[1].nodes:6,}")

# %% [markdown]
# Down to 256 slots keeping the newer entry (`always`) visits fewer nodes; at 64 and 16
# slots keeping the one searched deeper (`depth`) does, as it keeps the entries that
# saved the most work.
