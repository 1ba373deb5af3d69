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
# # Write your own alpha-beta
#
# Alpha-beta fits in 11 lines of Python, and almost every line can go wrong in a way
# that still returns a plausible number.  In this notebook you write the function yourself.
# negaviz records every call your function makes, runs its own alpha-beta beside it,
# and `check` names the **first** place where the two part: a wrong window, a wrong
# value, a cutoff missed or one too many.  A stepper then opens at that step, so you
# can see the tree exactly as your function had built it when it went wrong.
#
# This notebook is the hands-on half of notebook 3: work through it right after 3.  It
# uses 3's words: a node's *window* is the one it is entered with, and a node whose α
# has risen says so; a leaf's value is exact; an inner node fails low at or below α and
# fails high at or above β.  You will fix a buggy function, then meet the classic bugs
# one at a time, each with the message `check` gives.

# %%
import inspect
import math


import negaviz
from negaviz.display import picture
from negaviz.render import draw
from negaviz.student import capture, check
from negaviz.vocabulary import fmt
from negaviz.widgets import StepperWidget

INF = math.inf

# %% [markdown]
# ## The tree
#
# A textbook tree, leaf values for the first player (the player at A).  It is small,
# but every bug below shows on it: there is a cutoff, and the leaves under D are
# three plies down, where the second player is to move.

# %%
tree = negaviz.Tree.parse("A(B(E:5 F:6) C(G:5 H:1 I:9) D(J(L:2 M:8) K(N:7 O:5)))")
reference = negaviz.record(tree, algorithm="alphabeta")
print(tree.text())

# %% [markdown]
# **Your turn: by hand first.**  Before writing any code, do alpha-beta on this tree
# yourself: type every inner node's value and window on it, click the edge of every
# move never tried, and press *check*.  What your function must do is what you do here.

# %%
StepperWidget(reference, practice="tree", windows=True)

# %% [markdown]
# **Answer** (folded: open it after you have tried).  negaviz's own alpha-beta on the tree,
# with each node's window:

# %% jupyter={"outputs_hidden": true}
print("value:", reference.value, "  principal variation:", " ".join(reference.pv_names()),
      "  never visited:", ", ".join(reference.pruned_labels()))
picture(draw(reference, windows=True))

# %% [markdown]
# ## Checking a function
#
# Write alpha-beta in negamax form: `alphabeta(node, alpha, beta)` returns the value of
# `node` for the side to move there, using the game's verbs `tree.is_terminal(node)`,
# `tree.score(node)` (for the side to move), `tree.moves(node)` and
# `tree.play(node, move)`.
#
# `check_search` runs your function from the root with the full window and compares
# it with negaviz's alpha-beta.  It records the calls with `capture`, which for the
# duration of the run makes the function's recursive calls go through a recorder; your
# function stays as you wrote it.

# %%
def check_search(fn):
    """Run `fn(node, alpha, beta)` from the root and compare it with the reference."""
    with capture(fn, tree, position="node", alpha="alpha", beta="beta") as traced:
        traced(tree.root, -INF, INF)
    return check(traced.last_trace)


# %% [markdown]
# A first attempt.  It looks right, and it even returns a number:

# %%
def alphabeta(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.score(node)
    best = -INF
    for move in tree.moves(node):
        value = alphabeta(tree.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break  # beta cutoff: the opponent will never allow this line
    return best


report = check_search(alphabeta)
print(report)

# %% [markdown]
# `check` stops at the first difference: the window F was entered with.  The message
# also guesses the cause, a missing minus sign.  The report knows the step of your
# search at which it went wrong; open a stepper on your trace and set its `step` there
# (`report.stepper()` does both in one call).  The tree then shows your search exactly
# as far as that call, with the windows: B has taken E's value without negating it.

# %%
d = report.divergence
def shown(x):
    """A value or a window as every message writes it: (−∞, 5), not (-inf, 5.0)."""
    return f"({fmt(x[0])}, {fmt(x[1])})" if isinstance(x, tuple) else fmt(x)


print("kind:", d.kind.value, "  node:", d.node, "  expected:", shown(d.expected), "  got:", shown(d.got))
stepper = StepperWidget(report.student, windows=True)
stepper.step = d.step
print(f"step {stepper.step} of {len(report.student)}:", stepper.sentence)
stepper

# %% [markdown]
# ## Fix the function
#
# Your turn.  This alpha-beta has one mistake.  The cell only says whether `check`
# agrees, and at which node the searches first part; it does not say why.  Find the
# mistake (open `report.stepper()` at that node, with the windows shown, and compare
# with notebook 3), fix it in your copy, and run the cell again until it says `True`.
# `print(report)` gives check's full message, hint included: try without it first.

# %%
def fix_me(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.score(node)
    best = -INF
    for move in tree.moves(node):
        value = -fix_me(tree.play(node, move), -alpha, -beta)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


report = check_search(fix_me)
print("agrees with the reference:", report.ok, "| first difference at node", report.divergence.node)

# %% [markdown]
# ## The classic bugs
#
# Each function below has one of the mistakes students make most often.  Each is
# caught at the first node where it matters, with a sentence that names the node, what
# was expected and what happened.
#
# **The window is passed on unchanged.**  The values below are for the other player,
# so the window must be turned round for them too.

# %%
def unchanged(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.score(node)
    best = -INF
    for move in tree.moves(node):
        value = -unchanged(tree.play(node, move), alpha, beta)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


print(check_search(unchanged))

# %% [markdown]
# **α is never raised.**  The function compares each value with β, as it should, but
# never records the best value so far in α, so every later child is searched with a
# window that is too wide, and cutoffs further down are missed.

# %%
def alpha_never_raised(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.score(node)
    best = -INF
    for move in tree.moves(node):
        value = -alpha_never_raised(tree.play(node, move), -beta, -alpha)
        best = max(best, value)
        if best >= beta:
            break
    return best


print(check_search(alpha_never_raised))

# %% [markdown]
# **`>` instead of `≥`.**  Once a move reaches β the opponent can already avoid this
# node; a move that is *equal* to β is enough.  With `>` the function tries a move the
# reference prunes.  (Many trees never show it, because no value equals β exactly; this
# one does, at C.)

# %%
def strict(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.score(node)
    best = -INF
    for move in tree.moves(node):
        value = -strict(tree.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha > beta:
            break
    return best


print(check_search(strict))

# %% [markdown]
# **Leaves scored for the first player.**  Textbooks write the leaf values for the
# player at the root (`tree.values`), but negamax needs them for the side to move
# there (`tree.score`).  At even depth the two agree, which is why this bug hides on
# two-ply trees; under D the leaves are three plies down.

# %%
def first_player_leaves(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.values[node]
    best = -INF
    for move in tree.moves(node):
        value = -first_player_leaves(tree.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


print(check_search(first_player_leaves))

# %% [markdown]
# **Stopping on α instead of β.**  The cutoff test compares with the wrong bound.
# After the first move α is the larger of the α the node was entered with and that
# move's value, so `best >= alpha` holds as soon as the first value is at least the α
# entered with (always at the root, where α is −∞), and the node stops there.

# %%
def stops_on_alpha(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.score(node)
    best = -INF
    for move in tree.moves(node):
        value = -stops_on_alpha(tree.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if best >= alpha:
            break
    return best


print(check_search(stops_on_alpha))

# %% [markdown]
# The same report opens its stepper at the step where things went wrong; here at the
# leaf whose score was for the wrong player:

# %%
report = check_search(first_player_leaves)
stepper = report.stepper()
print(f"step {stepper.step}:", stepper.sentence)
stepper

# %% [markdown]
# ## Fixed
#
# With the minus sign back, the first attempt agrees with the reference at every node:

# %%
def alphabeta(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.score(node)
    best = -INF
    for move in tree.moves(node):
        value = -alphabeta(tree.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break  # beta cutoff: the opponent will never allow this line
    return best


report = check_search(alphabeta)
print(report)
print("ok:", report.ok, "  lines of code:", len(inspect.getsource(alphabeta).splitlines()))

# %% [markdown]
# A *fail-hard* version is correct too.  As notebook 3 says, it clamps an inner node's
# value to its window's ends: β when it fails high, α when it fails low; a leaf returns
# its value either way.  Where a node fails high or low, its fail-hard value may differ
# from the reference's fail-soft value; each is an equally valid bound, and `check`
# accepts either.  The cell also lists the nodes where the two differ on this tree.

# %%
def fail_hard(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.score(node)
    for move in tree.moves(node):
        value = -fail_hard(tree.play(node, move), -beta, -alpha)
        if value >= beta:
            return beta  # fails high: clamped to β
        alpha = max(alpha, value)
    return alpha  # α if it fails low, else the best value, inside the window


report = check_search(fail_hard)
print(report)
print("ok:", report.ok)
soft_values = {reference.label(n.id): n.value for n in reference.nodes}
differ = [f"{report.student.label(n.id)} ({fmt(n.value)} against {fmt(soft_values[report.student.label(n.id)])})"
          for n in report.student.nodes if n.value != soft_values.get(report.student.label(n.id))]
print("nodes where fail-hard and fail-soft differ:", ", ".join(differ) or "none")

# %% [markdown]
# ## Your turn
#
# Copy a buggy function above into a new cell, fix it, and run `check_search` on it
# until it prints *OK*.  Then try your function on a bigger tree: change `tree` at the
# top and run the notebook again.  `negaviz.Tree.parse` takes the labelled form, a
# nested list written as text, or a nested Python list such as `[[3, [1, 4]], [[1, 5], 9]]`,
# with each leaf's value for the player at the root:

# %%
print(negaviz.Tree.parse([[3, [1, 4]], [[1, 5], 9]]).text())

# %% [markdown]
# Every message names a node you can find in the drawing.
