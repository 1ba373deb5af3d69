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
# # 1 · Game trees and alpha-beta
#
# A starter lecture: a textbook tree searched by alpha-beta, a stepper to walk through
# the search, a proof tree, and a short quiz.  Edit it or replace it: `README.md` says
# how to keep a notebook nbval-stable, and `pytest` checks that it is.

# %%
import negaviz

tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
trace = negaviz.record(tree, algorithm="alphabeta")
print("value at A:", trace.value)
print("best line:", " ".join(trace.pv_names()))
print("never visited:", ", ".join(trace.pruned_labels()))

# %% [markdown]
# ## The tree
#
# The root A chooses between B and C, positions where the opponent moves; leaves are
# written for the player at A.  A trace shows itself as its tree, in the view this
# course's conventions choose (the caption under it says which: in the negamax view each
# value is for the side to move at its node, in the minimax view for the player at A),
# and the dashed leaves were pruned.

# %%
trace

# %% [markdown]
# ## Step through it
#
# Click the stepper, then use ← and → (or Play).  At each step it shows only what the
# search knows by then: the window each node gets, the values as they come back, and
# the cutoff at C.

# %%
from negaviz.widgets import StepperWidget

StepperWidget(trace)

# %% [markdown]
# ## A proof tree
#
# x to move wins this tic-tac-toe position.  The proof needs one move wherever x moves
# and an answer to every reply of o: far fewer positions than the game tree.

# %%
game = negaviz.TicTacToe("x.o/x../o..")
proofs = negaviz.prove(game)
print(game.label(game.root))
print("problems found by check_proof:", negaviz.check_proof(proofs) or "none")
proofs

# %% [markdown]
# ## Quiz
#
# Each question is asked at the step before its answer shows in the stepper.  Try them
# before you step there; `check` explains a wrong answer.

# %%
from negaviz.quiz import questions

quiz = {(q.kind, trace.label(q.node)): q for q in questions(trace)}
for key in [("window", "F"), ("value", "C"), ("pruned", "C")]:
    q = quiz[key]
    print(f"step {q.step}: {q.prompt}")

# %%
print(quiz["window", "F"].check("(-inf, -5)"))
print(quiz["pruned", "C"].check("G, H"))
