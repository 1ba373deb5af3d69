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
# # 1 · From minimax to negamax
#
# ## Why minimax: the best worst case
#
# In a two-player zero-sum game, what one player wins the other loses.  The first player
# picks a move; then the opponent picks a reply, and the opponent picks the reply that
# is worst for the first player.  So a move is worth what its *worst* reply leaves, and
# the first player should pick the move whose worst case is best.  Below, each of the
# first player's two moves has a few replies, each ending the game with the number shown
# (for the first player).  An optimist picks the move with the largest number anywhere
# below it; someone who averages picks by the mean; minimax picks by the worst case.

# %%
replies = {"left": [7, 5], "right": [3, 1, 9]}  # what each reply leaves the first player
print("move   replies    best case  average  worst case")
for move, results in replies.items():
    average = sum(results) / len(results)
    print(f"{move:5}  {str(results):9}  {max(results):9}  {average:7.2f}  {min(results):10}")
print("the optimist plays", max(replies, key=lambda m: max(replies[m])),
      "| minimax plays", max(replies, key=lambda m: min(replies[m])),
      "and is sure of", max(min(r) for r in replies.values()))

# %% [markdown]
# The right move holds the largest number, 9, but an opponent who plays well never
# allows it: it leaves 1.  The left move is sure of 5 whatever the reply.  Against an
# opponent who plays well, the worst case is what happens, and the value of a position
# is the best result a player can be sure of.  One level deeper the opponent reasons
# the same way about its own moves, and so on down to the end of the game: that
# recursion is minimax.
#
# ## Minimax and negamax
#
# Minimax writes
# every value from the first player's point of view, so it needs two cases: where the
# first player moves, take the largest child value; where the second player moves, the
# smallest.  Negamax writes each value for the player *to move* at that node instead.
# A position worth *v* to one player is worth −*v* to the other, so every node does the
# same thing:
#
# > value(node) = max over the children *c* of −value(*c*)
#
# and every leaf is scored for the side to move there.

# %%

import negaviz
from negaviz.display import picture
from negaviz.render import draw
from negaviz.student import check, trace_calls
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## A small tree
#
# negaviz writes trees as textbooks draw them: nested names, and each leaf's value for
# the first player (the player at the root).  This one has leaves one, two and three
# moves below the root.

# %%
tree = negaviz.Tree.parse("A(B(E:2 F:3 G:-1) C:1 D(H:-4 I(J:6 K:2)))")
print(tree.text())

# %% [markdown]
# ## Converting leaf scores
#
# A negamax search needs each leaf scored for the side to move there.  At even depth
# that is the first player, so the textbook's number stands; at odd depth the second
# player moves, so the number is negated.  The game does the conversion; the table shows
# it leaf by leaf.

# %%
print("leaf  depth  to move  written (first player)  for the side to move")
for node in tree.preorder():
    if tree.is_terminal(node):
        mover = "first" if tree.player(node) == 0 else "second"
        print(f"{tree.label(node):4}  {tree.depth(node):5}  {mover:7}  "
              f"{tree.values[node]:22}  {tree.score(node):20}")

# %% [markdown]
# ## Your turn: the negamax values
#
# Lecture notes ask why every leaf is scored for the side to move there.  Find out by
# doing negamax by hand: in the stepper below, type each inner node's value on it, in
# the negamax view (for the side to move there), and press *check*.  Every node does
# the same thing: it takes the largest of its children's values negated.  (The verdict
# names the first wrong node; *show me* steps the search there.)

# %%
StepperWidget(negaviz.record(tree, algorithm="negamax"), practice="tree")

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# In the negamax view A is worth 1, B 1, D 4 and I 6, each for the side to move there.
# B, for instance, is the second player's: its children are worth 2, 3 and −1 to the
# first player, who moves at E, F and G, so −2, −3 and 1 to B, and B takes 1.
#
# Why every leaf is scored for the side to move: then every node, leaf or not, holds a
# value for the side to move there, and the one rule (the largest of the children's
# values negated) is right at every node, whoever moves.  Scored for the first player
# instead, a leaf where the second player moves has the wrong sign: its parent would
# negate a number that is already the parent's own.  The section *The usual slip*
# below shows where such a search goes wrong.
# </details>
#
# ## One value, two points of view
#
# A search from any inner node gives its value for the side to move there (`value`)
# and, converted, for the first player (`minimax_value`).  They differ exactly where
# the second player moves.

# %%
print("node  to move  negamax value  minimax value  best move")
for node in tree.preorder():
    if not tree.is_terminal(node):
        r = negaviz.search(tree, node, algorithm="negamax")
        mover = "first" if tree.player(node) == 0 else "second"
        print(f"{tree.label(node):4}  {mover:7}  {r.value:13}  {r.minimax_value:13}  {r.pv_names[0]}")

# %% [markdown]
# ## The convention every notebook keeps
#
# > Every value is for the side to move at its node (the negamax view). The minimax view
# > shows the same search with every value for the first player instead: negated at the
# > nodes where the second player moves, and nowhere else.
#
# ▲ marks a node where the first player moves, ▼ one where the second player moves.
# In the minimax view ▲ nodes are *max* nodes and ▼ nodes *min* nodes; in the negamax
# view there is no min: every node takes the largest of its children's values negated.
#
# ## Drawing both views
#
# The same recorded search, drawn twice, each with its caption saying which view it is.
# In the minimax view ▲ nodes take the largest child value, ▼ nodes the smallest.  In
# the negamax view each value is for the side to move, and every node takes the largest
# of its children's values negated.  Bold edges mark the principal variation, the line
# both players choose.

# %%
trace = negaviz.record(tree, algorithm="negamax")
picture(draw(trace, perspective="minimax"))

# %%
picture(draw(trace, perspective="negamax"))


# %% [markdown]
# ## Your turn: the minimax view
#
# Another tree, its nodes named P to Y so as not to mix them up with the first, and
# this time the minimax view: every value for the first player, the largest child
# value at ▲ nodes, the smallest at ▼ nodes.  Type each inner node's value and press
# *check*.  The switch above the tree turns the view round: answers are read in the
# view shown.

# %%
second_tree = negaviz.Tree.parse("P(Q(S:4 T:-3 U:2) R(V:-1 W(X:5 Y:-2)))")
StepperWidget(negaviz.record(second_tree, algorithm="minimax"), practice="tree", perspective="minimax")


# %% [markdown]
# ## Your turn: write negamax
#
# Now write negamax yourself.  The function below is recorded with
# `negaviz.student.trace_calls` (every call it makes, with what it returns) and
# `check()` compares the recording with negaviz's own negamax node by node, naming the
# first node where they part.  As stored, it returns 0 for every inner node: replace
# that line with the rule above, run the cell, and repeat until `check` says *OK*.  A
# leaf is scored by `tree.score(node)`, for the side to move there; `tree.moves(node)`
# and `tree.play(node, move)` give the moves and the positions they lead to.

# %%
@trace_calls(tree, position="node")
def my_negamax(node):
    if tree.is_terminal(node):
        return tree.score(node)
    return 0  # your code: the value of an inner node, for the side to move there


print("returns:", my_negamax(tree.root))
print(check(my_negamax.last_trace))

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# Every inner node takes the largest of its children's values, each negated:
#
# ```python
# return max(-my_negamax(tree.play(node, move)) for move in tree.moves(node))
# ```
#
# With it, `check` says *OK*: this is negaviz's own negamax, node by node.
# </details>
#
# ## With or without a colour parameter
#
# Some textbooks keep the evaluation in the first player's view and pass a *colour*,
# +1 where the first player moves and −1 where the second does, multiplying at the
# leaves.  Others score leaves for the side to move directly and need no colour, as in
# the answer above.  The two are the same search.  Below, the colour form is written as
# a student would write it, recorded with `negaviz.student.trace_calls`, and compared
# with negaviz's own negamax (the side-to-move form) by `check()`.

# %%
def first_player_value(node):
    """A leaf's value as the tree is written: for the first player."""
    return tree.values[node]


@trace_calls(tree, position="node")
def negamax_with_color(node, color):
    if tree.is_terminal(node):
        return color * first_player_value(node)
    return max(-negamax_with_color(tree.play(node, m), -color) for m in tree.moves(node))


print("with colour:", negamax_with_color(tree.root, +1))
print("side to move (negaviz):", negaviz.search(tree, algorithm="negamax").value)
print(check(negamax_with_color.last_trace))


# %% [markdown]
# ## The usual slip
#
# The usual slip is to keep the textbook's leaf values without negating them at odd
# depth.  `check()` walks the student's search beside the reference and stops at the
# first node where they part:

# %%
@trace_calls(tree, position="node")
def negamax_unconverted(node):
    if tree.is_terminal(node):
        return first_player_value(node)  # the slip: not converted to the side to move
    return max(-negamax_unconverted(tree.play(node, m)) for m in tree.moves(node))


print("returns:", negamax_unconverted(tree.root))
print(check(negamax_unconverted.last_trace))

# %% [markdown]
# ## Step through it
#
# The stepper replays the recorded search one event at a time: the tree as it stands,
# the call stack, the line of pseudocode being run.  Switch between the negamax and
# minimax views to watch each value change sign where the second player moves.

# %%
StepperWidget(trace)
