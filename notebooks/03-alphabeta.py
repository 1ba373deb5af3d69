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
print("principal variation:", " ".join(trace.pv_names()))
print("never visited:", ", ".join(trace.pruned_labels()))
print("nodes:", trace.counts().nodes, "of", negaviz.search(tree, algorithm="negamax").nodes)


# %% [markdown]
# ## The windows, node by node
#
# > A node's window (α, β) is the window it is entered with. While the node tries its
# > moves, its best value so far can raise α; the notebooks and messages say that α has
# > risen, and keep the word window for the one the node was entered with.
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
# After B, A is sure of 5: A's α has risen to 5.  C is entered with the window
# (−∞, −5): from C's side, any value of −5 or more is already too good, because A would
# then prefer B.  F alone gives C −3, which reaches β, so C stops and G and H are never
# looked at.  C's −3 is only a lower bound: C's true value could be higher still, but it
# cannot matter.
#
# F is entered with the window (5, ∞) and returns 3, below its α, yet the table says
# *exact*:
#
# > A leaf's value is exact, whatever its window: the game is over there, or the depth
# > limit's evaluation stands for the position.
#
# Step through it yourself; tick *windows* to see every node's window in the tree, and
# switch to the minimax view to see the same search with min and max nodes.

# %%
StepperWidget(trace, windows=True)

# %% [markdown]
# ## Your turn: alpha-beta as it goes
#
# A tree of your own to search.  Step (▶ or the → key): the stepper stops where a
# question applies.  Before a node returns it asks what the node returns; as a node is
# entered, which of its moves are never tried (click their edges, or *none*); after a
# node returns, which node is entered next (click it, or *none* when no other node is);
# and, with *windows* ticked, the window an inner node is entered with, such as (−∞, 5).
# The window decides when a node stops.

# %%
StepperWidget(negaviz.record(negaviz.Tree.parse("P(Q(S:4 T:7) R(U:2 V:9) W(X:5 Y:1))"), algorithm="alphabeta"),
              practice="steps", windows=True)

# %% [markdown]
# ## The textbook's form: MAX-VALUE and MIN-VALUE
#
# Many textbooks write alpha-beta as two functions, MAX-VALUE where the first player
# (MAX) moves and MIN-VALUE where the second (MIN) moves, with every value for MAX.
# MAX-VALUE raises α and stops when its value reaches β; MIN-VALUE lowers β and stops
# when its value reaches α.  Negamax is the same search written once: at a MIN node it
# negates the values and turns the window round, so that MIN-VALUE becomes MAX-VALUE.
# The cell below writes the textbook's pair, records it with
# `negaviz.student.trace_calls` (entered through one recorded name, `alpha_beta`, so
# that both functions' calls are recorded), and compares it node by node with
# negaviz's negamax alpha-beta above, turning negamax's window and value round at the
# nodes where MIN moves.

# %%
from negaviz.student import trace_calls


@trace_calls(tree, position="node", alpha="alpha", beta="beta")
def alpha_beta(node, alpha, beta):
    """The textbook's pair, entered through one recorded name."""
    return max_value(node, alpha, beta) if tree.player(node) == 0 else min_value(node, alpha, beta)


def max_value(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.values[node]  # for MAX, as the tree is written
    v = -math.inf
    for move in tree.moves(node):
        v = max(v, alpha_beta(tree.play(node, move), alpha, beta))
        if v >= beta:
            return v  # MIN will never let the game reach this node
        alpha = max(alpha, v)
    return v


def min_value(node, alpha, beta):
    if tree.is_terminal(node):
        return tree.values[node]
    v = math.inf
    for move in tree.moves(node):
        v = min(v, alpha_beta(tree.play(node, move), alpha, beta))
        if v <= alpha:
            return v  # MAX will never let the game reach this node
        beta = min(beta, v)
    return v


print("value for MAX:", alpha_beta(tree.root, -math.inf, math.inf))
textbook = alpha_beta.last_trace
print("node  to move  textbook (α, β)  returns   negamax (α, β)  returns   the same, turned round")
same = []
for mine, ref in zip(textbook.nodes, trace.nodes):
    sign = 1 if tree.player(trace.position(ref.id)) == 0 else -1  # −1 where MIN moves
    turned = (ref.alpha, ref.beta) if sign > 0 else (-ref.beta, -ref.alpha)
    same.append(textbook.label(mine.id) == trace.label(ref.id)
                and (mine.alpha, mine.beta) == turned and mine.value == sign * ref.value)
    textbook_window, negamax_window = f"({fmt(mine.alpha)}, {fmt(mine.beta)})", f"({fmt(ref.alpha)}, {fmt(ref.beta)})"
    print(f"{textbook.label(mine.id):4}  {'MAX' if sign > 0 else 'MIN':7}  {textbook_window:15}  "
          f"{fmt(mine.value):>7}   {negamax_window:14}  {fmt(ref.value):>7}   {same[-1]}")
print(f"nodes searched: textbook {len(textbook.nodes)}, negamax {len(trace.nodes)}; "
      f"the same at every node: {all(same) and len(textbook.nodes) == len(trace.nodes)}")

# %% [markdown]
# ## Fail-soft and fail-hard
#
# When an inner node stops early, or finds nothing better than α, its value is only a
# bound.  The return contract, which every notebook, drawing and message keeps:
#
# > An inner node entered with the window (α, β) that returns v has an exact value when
# > α < v < β. When v ≤ α it fails low and v is an upper bound: the true value is at
# > most v. When v ≥ β it fails high and v is a lower bound: the true value is at least v.
#
# Both ends count: a best value *equal* to α fails low, and one equal to β fails high.
# Written as three implications, for a node entered with (α, β) that returns *v*, whose
# true value is *value*:
#
# ```
# α < v < β   ⟹   value = v
# v ≤ α       ⟹   value ≤ v
# v ≥ β       ⟹   value ≥ v
# ```
#
# Within the contract there is a choice of what to return:
#
# > Fail-soft alpha-beta returns the best value it found, which may lie beyond the
# > window. Fail-hard clamps an inner node's value to its window's ends: β when it fails
# > high, α when it fails low. A leaf returns its value either way.
#
# The two differ exactly at the inner nodes that failed high or low: here C, which
# fails high.  F is a leaf and returns 3 in both, outside its window (5, ∞).  The root,
# searched with (−∞, ∞), gets the same value.

# %%
soft = trace
hard = negaviz.record(tree, algorithm="alphabeta", fail_hard=True)
print("node  window        fail-soft  fail-hard  bound")
for s, h in zip(soft.nodes, hard.nodes):
    window = f"({fmt(s.alpha)}, {fmt(s.beta)})"
    print(f"{soft.label(s.id):4}  {window:12}  {fmt(s.value):>9}  {fmt(h.value):>9}  {s.bound.name.lower()}")

# %% [markdown]
# Both keep the contract.  When C fails high, its true value is at least what fail-soft
# returns (−3), which is at least β (−5), what fail-hard returns: the third line holds
# for both.  The cell below checks the three lines at every inner node of both searches
# against the true values, which negamax computes at every node:

# %%
everything = negaviz.record(tree, algorithm="negamax")  # every node searched, every value exact
true_values = {everything.label(n.id): n.value for n in everything.nodes}


def contract_holds(alpha, beta, v, value):
    """The three implications for a node entered with (alpha, beta) that returned v."""
    return ((not alpha < v < beta or value == v)
            and (not v <= alpha or value <= v)
            and (not v >= beta or value >= v))


for name, search in (("fail-soft", soft), ("fail-hard", hard)):
    inner = [n for n in search.nodes if n.children]
    kept = all(contract_holds(n.alpha, n.beta, n.value, true_values[search.label(n.id)]) for n in inner)
    print(f"{name}: the contract holds at all {len(inner)} inner nodes it searched: {kept}")

# %% [markdown]
# ## Your turn: the move the root plays
#
# A search gives the root's value, but a program needs the move to play.  A common root
# loop keeps the move of the best value so far:
#
# ```
# best, choice = −∞, none
# for each move m of the root:
#     value = −alphabeta(child after m, −β, −α)
#     if value ≥ best:
#         best, choice = value, m
#     α = max(α, value)
# ```
#
# Run it, in your head, on the textbook tree searched fail-hard: the table above shows
# what B and C return.  What is each worth to A, which move does the loop play, and is
# that move right?

# %% [markdown]
# <details><summary><b>Answer</b> (try first)</summary>
#
# Both return 5 to A, and the loop plays C, which is wrong.  B's 5 is exact: B was
# searched with the full window.  C's is only a bound: C fails high, and fail-hard
# clamps its value to its β, −5, which A reads as 5, meaning *at most 5* for A.  With
# `≥` the tie goes to the later move, C, whose true value for A is only 1 (the opponent
# answers with G).  After the first move, every move is searched with α at the best so
# far, so a later move that only equals the best has shown only that it is no better.
# The rule: take a move only when it is strictly better (`value > best`), that is,
# remember the move whose value is exact.  Fail-soft happens to avoid the tie here (C
# returns −3, which A reads as 3), but the rule is the same for both: a tie with the
# best so far is never a reason to switch.
# </details>
#
# The cell below reads both loops off negaviz's fail-hard search:

# %%
print("A's move  returns  bound (for the child)  for A      true value for A")
for child in (hard.nodes[i] for i in hard.nodes[0].children):
    name = hard.label(child.id)
    for_a = {"EXACT": "exactly", "LOWER": "at most", "UPPER": "at least"}[child.bound.name]
    print(f"{name:8}  {fmt(child.value):>7}  {child.bound.name.lower():21}  {for_a} {fmt(-child.value):3}  {fmt(-true_values[name]):>16}")


def root_move(trace, strictly_better):
    """The move a root loop plays, reading each move's value off the recorded search."""
    best, choice = -math.inf, None
    for child in (trace.nodes[i] for i in trace.nodes[0].children):
        value = -child.value
        if value > best or (not strictly_better and value == best):
            best, choice = value, trace.label(child.id)
    return choice


print("value ≥ best plays:", root_move(hard, strictly_better=False),
      "| value > best plays:", root_move(hard, strictly_better=True),
      "| the principal variation:", " ".join(hard.pv_names()))

# %% [markdown]
# **Your turn: fail-hard by hand.**  A new tree, searched fail-hard.  Type every inner
# node's value and window on it, click the edges of the moves never tried, and press
# *check*.  Where a node fails high or low, its value is a bound: fail-hard's clamped
# value and fail-soft's are both right, and a note says which kind you gave.  The
# pseudocode panel shows the fail-hard form: its last line returns min(α, β).

# %%
hard_tree = negaviz.Tree.parse("K(L(N:4 O(P:6 Q:2)) M(R:7 S:1) T(U:8 V:3))")  # named apart from the trees above
StepperWidget(negaviz.record(hard_tree, algorithm="alphabeta", fail_hard=True), practice="tree", windows=True)

# %% [markdown]
# ## A window is a question
#
# Searching the root with a narrower window asks a question instead of asking for the
# value.  If the value falls inside the window it comes back exact; if not, the search
# says only on which side it lies.  A window one unit wide, such as (4, 5), asks a
# yes-or-no question: *is the value at least 5?*  MTD(f) and PVS (notebook 9) are built
# on such null-window searches.

# %%
print("window       returns  meaning                     nodes  never visited")
visited = {}
for window in [(-math.inf, math.inf), (4, 6), (6, 10), (0, 4), (4, 5), (5, 6)]:
    t = negaviz.record(tree, algorithm="alphabeta", window=window)
    root = t.nodes[0]
    meaning = {"EXACT": f"the value is {fmt(root.value)}",
               "LOWER": f"the value is at least {fmt(root.value)}",
               "UPPER": f"the value is at most {fmt(root.value)}"}[root.bound.name]
    shown = f"({fmt(window[0])}, {fmt(window[1])})"
    visited[window] = len(t.nodes)
    print(f"{shown:11}  {fmt(root.value):>7}  {meaning:26}  {len(t.nodes):5}  {', '.join(t.pruned_labels())}")
full_window = visited.pop((-math.inf, math.inf))
fewer = sum(nodes < full_window for nodes in visited.values())
print(f"of the {len(visited)} narrower windows, {fewer} visit fewer nodes than the full window's {full_window}, "
      f"{len(visited) - fewer} the same")

# %% [markdown]
# A narrower window *can* visit fewer nodes, but need not: here only the windows whose
# answer is "at least 5" skip C, the others visit the same nodes as the full window.
# Look at (5, 6): the root's best value is 5, equal to α, so the root fails low and the
# answer is "at most 5", though 5 is also the true value.

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

# %% [markdown]
# ## Two trees, for later
#
# Two kinds of tree come up again in notebooks 7 and 12.  Alpha-beta's savings have a
# limit, and it is one of them:
#
# > A proof tree proves one claim about the value, such as at least v: one move wherever
# > the prover moves, every reply wherever the opponent moves. The minimal tree proves the
# > value exactly, so it holds two proofs, at least v and at most v; alpha-beta with the
# > best move first at every node visits just the minimal tree.
#
# On the textbook tree, a proof that A's value is at least 5 needs A, B and both of B's
# replies, D and E; a proof that it is at most 5 needs both of A's moves, with one reply
# each, E below B and F below C.  Together they are the minimal tree, and alpha-beta
# visited just those nodes:

# %%
from negaviz.analysis import full_tree, minimal_tree

full = full_tree(tree)  # the negamax search of every node, which the minimal tree is read from
minimal = minimal_tree(full)
print("minimal tree:", " ".join(sorted(full.label(n) for n in minimal.members)), f"({minimal.nodes} nodes)")
print("alpha-beta visited:", " ".join(sorted(trace.label(node.id) for node in trace.nodes)))
