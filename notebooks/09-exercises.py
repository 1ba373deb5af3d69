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
# # 10 · Exercises
#
# The classic exam exercise: a tree is given, and you do alpha-beta on it by hand.
# Write each inner node's value (in the negamax view: for the side to move there) and
# the window it is entered with, and mark the moves the search never tries.  Here you
# do it on the picture, and the page checks it: the first wrong node, the step of the
# search that shows the right answer, and, when your answers are what a well-known
# mistake gives, the name of the mistake.  The checking happens in the page itself, so
# it works without a running kernel too.

# %%
import negaviz
from negaviz.display import picture
from negaviz.quiz import grade, random_tree
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## A worked whole-tree exercise
#
# The tree, with each leaf's value for the player at A:

# %%
worked_tree = negaviz.Tree.parse("A(B(D:3 E:5) C(F:2 G:8) H(I:6 J:4))")
worked = negaviz.record(worked_tree, algorithm="alphabeta")
print(worked_tree.text())

# %% [markdown]
# How to do it: go through the tree in search order (depth first, left to right), and
# keep each node's window in mind.
#
# 1. **A** is entered with (−∞, ∞), and so is its first child **B**.  The leaves
#    below B are two plies down, where the player at A moves again, so they keep their
#    numbers: D is 3, E is 5.  B takes the largest of its children's values negated:
#    −3 and −5, so **B is −3**.  Nothing cut: B's β is ∞.
# 2. Back at A, B's −3 is worth 3 to A: A's α has risen to 3.  A's next child is
#    entered with the window turned round, (−β, −α) = (−∞, −3).
# 3. **C**, window (−∞, −3): F gives −2, which reaches β = −3 (−2 ≥ −3).  C stops:
#    A already has 3 from B, and C lets the opponent hold A to 2 at most.  **G is cut**,
#    and **C is −2**, only a lower bound (fail-soft; fail-hard would return β = −3).
# 4. **H**, window (−∞, −3): I gives −6, J gives −4, neither reaches −3.  **H is −4**.
# 5. **A** takes the largest of 3, 2 and 4: **A is 4**, and the principal variation is
#    H J (A plays H, and the reply is J), written from the root's first move as every
#    output writes it.
#
# The grader agrees, and the drawing shows the finished search with its windows:

# %%
print(grade(worked, values={"A": 4, "B": -3, "C": -2, "H": -4}, cut={"G"}).sentence)
picture(worked, windows=True)

# %% [markdown]
# ## Your turn: a whole tree
#
# A fresh tree, made to order: `random_tree(3, 2, seed=7, cutoffs=2, deep_cutoffs=1)`
# is a tree of depth 3, two moves per node, whose alpha-beta search makes exactly two
# cutoffs, one of them above the leaves' parents (it skips a whole subtree).
#
# In the stepper below, type each inner node's value on it and its window in the
# window fields, click the edge of every move the search never tries (or focus it and
# press Space), and press *check*.  The verdict names the first wrong node; *show me*
# steps the search there, *try again* keeps your answers.  A value that is only a
# bound accepts fail-hard's bound and fail-soft's, and nothing between.

# %%
exam = random_tree(3, 2, seed=7, cutoffs=2, deep_cutoffs=1)
print(exam.text())
StepperWidget(negaviz.record(exam, algorithm="alphabeta"), practice="tree", windows=True)

# %% [markdown]
# ## As the search goes
#
# Now one question at a time.  Press ▶ (or the → key): the stepper stops where a
# question applies, chosen so that no rule of thumb gets them right: what a node returns,
# just before it does (type it on the node); which of a node's moves are never tried, as
# it is entered (click their edges); which node is entered next, just after one returns
# (click it); and the window an inner node gets, as it is entered (untick *windows* to
# skip those).  Answer, and the step is shown.

# %%
steps_tree = random_tree(3, 2, seed=2, cutoffs=2, deep_cutoffs=1)
print(steps_tree.text())
StepperWidget(negaviz.record(steps_tree, algorithm="alphabeta"), practice="steps", windows=True)

# %% [markdown]
# ## Answers given in Python
#
# The page's grader is `negaviz.quiz.grade`: answers go in as Python values (`values`
# by node name, `windows` as (α, β) pairs, `cut` as the names of the moves never
# tried).  Here are deliberately wrong answers for the worked tree: every value in the
# minimax view, and a cut that is not there.

# %%
wrong = grade(worked, values={"A": 4, "B": 3, "C": 2, "H": 4}, cut={"G", "J"})
right, asked = wrong.score  # answers right, of the answers asked for (values and cuts)
print("correct:", wrong.correct, "| mistake:", wrong.mistake, f"| {right} of {asked} answers right")
print(wrong.sentence)

# %% [markdown]
# (Writing alpha-beta yourself, with `check()` judging your function, is in *Write your
# own alpha-beta* (notebook 4), the companion of notebook 3.  Exercise sheets for a
# class, made from a seed with their answer keys, are in the lecturers' appendix,
# *For lecturers*.)
