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
# # 8 · Exercises
#
# Quiz mode turns a recorded search into questions: what a node returns, what window
# it gets, which children are never visited.  Every answer is read from the trace, so
# the questions always match the search that was run.  A seeded random tree gives every
# student (or every year) a fresh exercise that can be made again exactly.

# %%
import negaviz
from negaviz.quiz import exercise, questions, random_tree
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## A random tree
#
# Depth 3, two children per node, leaves from −9 to 9 for the first player, from seed 1:

# %%
tree = random_tree(3, 2, seed=1)
print(tree.text())
trace = negaviz.record(tree, algorithm="alphabeta")
qs = questions(trace)
print(len(qs), "questions; the first ones:")
for q in qs[:6]:
    print(" -", q.prompt)

# %% [markdown]
# ## Answers checked
#
# `Question.check` reads answers as students type them (`-3`, `−3`, `(5, inf)`, `G and H`)
# and explains the right answer either way; an answer it cannot read gets a note
# saying so instead of a verdict.

# %%
by_kind = {}
for q in qs:
    by_kind.setdefault((q.kind, trace.label(q.node)), q)

value_q = by_kind["value", "C"]
window_q = by_kind["window", "F"]
pruned_q = by_kind["pruned", "E"]
for q, answers in [
    (value_q, [value_q.answer_text(), "6", "minus six"]),
    (window_q, [window_q.answer_text(), "(-inf, 6)"]),
    (pruned_q, [pruned_q.answer_text(), "none"]),
]:
    print(q.prompt)
    for answer in answers:
        print(f"  {answer!r} -> {q.check(answer)}")
    print()

# %% [markdown]
# In class, the stepper asks the questions as the search reaches them: type an answer
# and press *check* before stepping on.  It asks them about a fresh tree (seed 2), so
# the answers above give none of its answers away.

# %%
practice = negaviz.record(random_tree(3, 2, seed=2), algorithm="alphabeta")
StepperWidget(practice, quiz=True, windows=True)

# %% [markdown]
# (The exercise of fixing a buggy alpha-beta that `check()` judges is in *Write your
# own alpha-beta*, the companion of notebook 3.)
#
# ## For lecturers: an exercise sheet and its answer key
#
# `exercise` makes a sheet from a seed: the tree, questions worth asking (the root's
# and its children's values, a few finite windows, the pruned children), and an answer
# key listing every node's window and value.  The same seed always gives the same
# sheet.

# %%
sheet = exercise(3, 2, seed=11)
print(sheet.to_markdown())

# %%
print(sheet.answer_key())
print()
print("the same sheet again from the same seed:", exercise(3, 2, seed=11).answer_key() == sheet.answer_key())
