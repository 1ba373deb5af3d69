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
# # 7 · Proof trees
#
# To convince someone that a position is a win, you do not need the whole game tree.
# It is enough to show **one** good move wherever the winner moves, and an answer to
# **every** reply wherever the opponent moves, down to finished games the winner wins.
# That part of the tree is a *proof tree* (or solution tree).  Anyone can check it
# without searching: follow it down and read the leaves.

# %%
import math


import negaviz
from negaviz import TicTacToe, check_proof, prove
from negaviz.analysis import nodes_per_depth
from negaviz.display import picture
from negaviz.render import draw_proof
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## Your turn: who wins, and how?
#
# x to move.  Before reading on, step through alpha-beta's search of this position,
# stopping at a win: when the stepper asks, say what a position returns for the side to
# move there (1 a win, −1 a loss, 0 a draw).  Which of x's moves win, and which of them
# makes the smallest proof (the fewest replies of o's to answer)?

# %%
StepperWidget(negaviz.record(TicTacToe("x../.xo/o.."), algorithm="alphabeta", stop_at_win=True), practice="steps")

# %% [markdown]
# **Answer** (folded: open it after you have tried): each of x's moves with its value for x, and the
# proof that `prove` finds.

# %% jupyter={"outputs_hidden": true}
task = TicTacToe("x../.xo/o..")
print(task.label(task.root))
print("x's move  value for x")
for move in task.moves(task.root):
    print(f"{task.move_name(task.root, move):8}  {-negaviz.search(task, task.play(task.root, move), algorithm='alphabeta').value:10}")
task_proof = prove(task).proofs[0]
first_move = task_proof.root.children[0]
print(f"{task_proof.description}: a proof tree of {task_proof.nodes} nodes, x's move",
      task.move_name(task.root, first_move.move), "and below it", len(first_move.children), "replies of o to answer")

# %% [markdown]
# <details><summary>Why that proof</summary>
#
# Every move but a2 wins for x.  The proof takes c3, which completes the diagonal and
# ends the game at once: there is no reply of o's left to answer.  A proof needs one
# winning move; which one is a choice, and the shortest win makes the smallest proof.
# </details>

# %% [markdown]
# ## x to move wins

# %%
game = TicTacToe("x.o/x../o..")
print(game.label(game.root))
proofs = prove(game)
print("value for x:", proofs.minimax_value)
for proof in proofs.proofs:
    print(f"{proof.description}: claim {proof.claim}, proof tree of {proof.nodes} nodes")
    print("problems found by check_proof:", check_proof(proof) or "none")

# %% [markdown]
# A proof shows itself as its tree (`draw_proof(proofs)` gives the drawing itself, to
# save or restyle).  Boxes are positions where x (the prover) moves, with the one move
# the proof needs; ellipses are positions where o moves, with every reply.

# %%
proofs

# %% [markdown]
# ## How much smaller?
#
# Five cells are empty, so the game tree below this position has at most
# 1 + 5 + 5·4 + 5·4·3 + 5·4·3·2 + 5! nodes, the 326 that lecture slides give.  Wins
# end some lines early; alpha-beta skips more; the proof needs only a handful.

# %%
empty = len(game.moves(game.root))
bound = [math.perm(empty, d) for d in range(empty + 1)]
tree = negaviz.record(game, algorithm="negamax")
print("depth   at most  game tree")
for d, (most, real) in enumerate(zip(bound, nodes_per_depth(tree))):
    print(f"{d:5}  {most:8}  {real:9}")
print(f"total  {sum(bound):8}  {len(tree.nodes):9}")
print("alpha-beta visits", negaviz.search(game, algorithm="alphabeta").nodes, "nodes")
print("the first-good-move proof has", proofs.proofs[0].nodes, "nodes;",
      "the smallest proof has", prove(game, minimal=True).proofs[0].nodes)

# %% [markdown]
# `prove` takes, at each of the prover's positions, a move that ends the game keeping the
# claim (a win in one) if there is one, else the first move (in the game's move order)
# that keeps the claim; with `minimal=True` it takes the move with the smallest proof
# below it.  Here both give the same tree.
#
# ## A proof tree is not the minimal tree
#
# Notebook 3 set the two apart: a proof tree proves one claim, here "x wins" (x's value
# is at least 1); the minimal tree proves the value exactly, at least 1 *and* at most 1.
# The second claim needs a proof of its own, one reply of o's to every move of x's,
# unless the search may use that nothing beats a win (the game's `max_score`, as
# `stop_at_win` does): then it is free, and the minimal tree is the proof.

# %%
from negaviz.analysis import full_tree, minimal_tree

whole = full_tree(game)  # a negamax search of every node: the minimal tree is read from it
print("smallest proof that x wins:", prove(game, minimal=True).proofs[0].nodes, "nodes")
print("minimal tree (at least 1 and at most 1):", minimal_tree(whole).nodes, "nodes")
print("minimal tree, knowing that 1 is the highest score:", minimal_tree(whole, max_score=game.max_score).nodes, "nodes")

# %% [markdown]
# **Your turn: the minimal tree by hand.**  On a textbook tree whose best moves come
# first, alpha-beta visits exactly the minimal tree.  Type each inner node's value,
# click the edge of every move alpha-beta never tries, and press *check*: what is left
# proves A's value twice over, at least and at most.

# %%
best_first = negaviz.Tree.parse("A(B(D:6 E:8) C(F:4 G:9) H(I:2 J:7))")
StepperWidget(negaviz.record(best_first, algorithm="alphabeta"), practice="tree")

# %% [markdown]
# ## A draw needs two proofs
#
# The empty board is a draw.  "x can at least draw" is one claim, proved by x's moves
# against all of o's replies; "o can hold x to a draw" is another, proved by o's moves
# against all of x's.  The value is pinned only by both.  o's proof must answer all nine
# first moves, so it is the larger one.

# %%
board = TicTacToe()
first, smallest = prove(board), prove(board, minimal=True)
print("value for x:", first.minimax_value)
print("claim   proof                     first good move  smallest")
for a, b in zip(first.proofs, smallest.proofs):
    print(f"{str(a.claim):6}  {a.description:24}  {a.nodes:15,}  {b.nodes:8,}")
print("checked:", check_proof(first), check_proof(smallest))

# %% [markdown]
# The top of x's smallest proof (the rest folded into summary nodes):

# %%
picture(draw_proof(smallest.proofs[0], max_nodes=40))
