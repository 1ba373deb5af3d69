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
# # 14 · Going further: node types and the minimal tree
#
# *This notebook goes further than a first course needs: read it after the others, or
# when you want to know why alpha-beta saves what it does.*
#
# How much can alpha-beta save?  Knuth and Moore answered exactly for a
# *uniform* tree, one with *b* moves at every node and every leaf *d* plies down.  To
# prove the root's value a search must see one good move wherever the winner of the
# argument moves and every reply wherever the other side moves, twice over (once for
# "at least *v*", once for "at most *v*").  The smallest such tree, the *minimal tree*,
# has
#
# > b<sup>⌈d/2⌉</sup> + b<sup>⌊d/2⌋</sup> − 1 leaves
#
# against the b<sup>d</sup> leaves minimax visits, and alpha-beta visits exactly that
# many when every node tries its best move first.  This notebook counts leaves on
# uniform trees ordered best-first, worst-first and at random, with alpha-beta, PVS and
# MTD(f), and looks at the three *node types* that make up a minimal tree.

# %%
import random


import negaviz
from negaviz.analysis import (
    Table,
    compare_with_minimal,
    full_tree,
    minimal_leaf_count,
    minimal_tree,
    node_types,
    observed_types,
    with_node_types,
)
from negaviz.analysis.nodetypes import type_counts
from negaviz.display import picture
from negaviz.render import draw
from negaviz.render.styles import default_node_style
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## Uniform trees, three ways round
#
# `uniform(b, d, seed)` writes a uniform tree as nested lists, with distinct leaf values
# (for the first player) drawn from a seeded generator.  `reordered` writes the same
# tree again with every node's children sorted by their exact values, read from a
# full negamax search (`full_tree`): best first for the side to move there, or worst
# first.  The three trees have the same value and the same leaves; only the order in
# which a search meets the moves differs.

# %%
def uniform(b, d, seed):
    """A uniform tree as nested lists: b children per node, leaves d plies down."""
    rng = random.Random(seed)
    values = iter(rng.sample(range(-999, 1000), b**d))

    def build(level):
        return next(values) if level == d else [build(level + 1) for _ in range(b)]

    return build(0)


def reordered(full, best_first=True):
    """The tree searched by `full` (a full negamax trace) as nested lists, each node's
    children sorted by their exact values: best first for the side to move, or worst."""

    def build(nid):
        node = full.nodes[nid]
        if not node.children:  # back to the first player's view: negate where the second moves
            return node.value if node.depth % 2 == 0 else -node.value
        # A child's value is for the opponent: the lowest is the parent's best move.
        kids = sorted(node.children, key=lambda c: full.nodes[c].value, reverse=not best_first)
        return [build(c) for c in kids]

    return build(0)


def three_orders(b, d):
    """The random tree, and the same tree best-ordered and worst-ordered, as games."""
    rand = negaviz.Tree.from_lists(uniform(b, d, seed=10 * b + d))
    full = full_tree(rand)
    return {
        "best": negaviz.Tree.from_lists(reordered(full, best_first=True)),
        "worst": negaviz.Tree.from_lists(reordered(full, best_first=False)),
        "random": rand,
    }


trees = three_orders(3, 2)
for order, tree in trees.items():
    print(f"{order:6} {tree.text()}   value {negaviz.search(tree, algorithm='negamax').value}")

# %% [markdown]
# **Your turn: best first and worst first by hand.**  The same uniform tree, two moves
# per node and three plies deep, ordered best first and then worst first.  In each
# stepper, type every inner node's value, click the edge of every move alpha-beta never
# tries, and press *check*.  Best first, the formula says alpha-beta reaches
# 2² + 2¹ − 1 = 5 of the 8 leaves; how many does it reach worst first?

# %%
small_trees = three_orders(2, 3)
StepperWidget(negaviz.record(small_trees["best"], algorithm="alphabeta"), practice="tree")

# %%
StepperWidget(negaviz.record(small_trees["worst"], algorithm="alphabeta"), practice="tree")

# %% [markdown]
# **Answer** (folded: open it after you have tried both): the leaves alpha-beta reaches in each order.

# %% jupyter={"outputs_hidden": true}
for order in ("best", "worst"):
    reached = negaviz.record(small_trees[order], algorithm="alphabeta").counts().leaves
    print(f"{order} first: alpha-beta reaches {reached} of the 8 leaves")

# %% [markdown]
# ## Leaves visited against the formula
#
# One row per tree shape.  `b^d` is what minimax visits, `minimal` the Knuth–Moore
# count, then the leaves alpha-beta visits on each ordering, and PVS and MTD(f) on the
# best and worst orderings.  (A leaf is counted each time a search reaches it.)

# %%
SHAPES = [(2, 4), (2, 6), (2, 8), (3, 3), (3, 4), (3, 5), (3, 6), (4, 3), (4, 4), (4, 5), (5, 4)]
COLUMNS = ("b d", "b^d", "minimal", "ab best", "ab worst", "ab random",
           "pvs best", "pvs worst", "mtdf best", "mtdf worst")

rows = []
for b, d in SHAPES:
    t = three_orders(b, d)
    leaves = {(alg, order): negaviz.search(t[order], algorithm=alg).leaves
              for alg in ("alphabeta", "pvs", "mtdf") for order in t}
    rows.append((f"{b} {d}", b**d, minimal_leaf_count(b, d),
                 leaves["alphabeta", "best"], leaves["alphabeta", "worst"], leaves["alphabeta", "random"],
                 leaves["pvs", "best"], leaves["pvs", "worst"], leaves["mtdf", "best"], leaves["mtdf", "worst"]))
table = Table(COLUMNS, tuple(rows))
print(table)
worst = dict(zip(table.column("b d"), table.column("ab worst")))["3 6"]
print(f"3 wide, 6 deep, worst first: alpha-beta visits {worst} of the {3**6} leaves and never reaches {3**6 - worst}")

# %% [markdown]
# What the table shows:
#
# * **Best first, alpha-beta visits exactly the minimal tree**: the `ab best` column is
#   the formula in every row.  On the 3-wide tree 6 plies deep that is 53 leaves of 729
#   (3³ + 3³ − 1), fewer than minimax visits on a tree only 4 plies deep (3⁴ = 81):
#   with perfect ordering alpha-beta searches about twice as deep in the same time.
# * **Worst first, it saves little**: 645 of the 729 leaves.  Every move it tries is
#   better than the one before, so α rises at each child, and a node stops only once
#   its moves have climbed past β, after most of them: its cutoffs come late, and only
#   84 leaves are never reached.
# * **In random order** it lands in between (283), which is why move ordering
#   (notebook 5) matters so much.
# * **PVS** searches the first move with the full window and every other move with a
#   null window, to prove it no better.  Best first, every proof succeeds and PVS visits
#   the minimal tree too.  Worst first, every proof fails and each move is searched
#   twice: more leaves than minimax (2123 against 729).
# * **MTD(f)** proves the value with null-window passes and a table.  Best first it needs
#   one leaf more than the minimal tree (54 on the same tree); worst first its table
#   spares it most of PVS's repeated work.

# %%
minimal, ab_best = table.column("minimal"), table.column("ab best")
print("alpha-beta best first == formula in every row:", ab_best == minimal)
print("pvs best first == formula in every row:", table.column("pvs best") == minimal)
print("mtdf best first - formula:", sorted({m - f for m, f in zip(table.column("mtdf best"), minimal)}))
row = table.rows[SHAPES.index((3, 6))]
print("b = 3, d = 6:", dict(zip(COLUMNS[1:], row[1:])))
print("3**3 + 3**3 - 1 =", 3**3 + 3**3 - 1, "  3**4 =", 3**4)

# %% [markdown]
# `compare_with_minimal` makes the same comparison for one recorded search: what it
# visited, the minimal tree's size, and the ratio.  On a uniform tree it counts leaves
# and uses the formula; on any other tree it finds the minimal tree from a full search
# (`minimal_tree`, next section).

# %%
t = three_orders(3, 6)
for order in ("best", "random", "worst"):
    for alg in ("alphabeta", "pvs"):
        c = compare_with_minimal(negaviz.record(t[order], algorithm=alg))
        print(f"{alg:9} {order:6}  visited {c.visited:4} leaves, minimal {c.minimal}, ratio {c.ratio:.2f}")

# %% [markdown]
# ## The minimal tree of any tree
#
# Real game trees are not uniform.  `minimal_tree` reads a full negamax search and
# finds, by dynamic programming, the minimal tree of notebook 3's conventions: the
# smallest pair of proofs, one that the root's value is at least *v* and one that it is
# at most *v*.  Here it is for the tic-tac-toe position `x.o/x../o..` (x to move wins),
# against alpha-beta in the natural order and with threats and the heuristic ordering
# the moves.  Notebook 7's proof that x wins is smaller: it proves one claim, at least 1.

# %%
game = negaviz.TicTacToe("x.o/x../o..")
full = full_tree(game)
m = minimal_tree(full)
print(f"full tree {len(full.nodes)} nodes, value {m.value}; minimal tree {m.nodes} nodes, {m.leaves} leaves")
for order in ("natural", "threats+heuristic"):
    c = compare_with_minimal(negaviz.record(game, algorithm="alphabeta", order=order))
    print(f"alphabeta, order {order:17}: {c.visited} nodes, {c.ratio:.2f} times the minimal tree")

# %% [markdown]
# In the natural order alpha-beta visits about three times the minimal tree; with
# threats and the heuristic ordering the moves it comes within one node of it.

# %% [markdown]
# ## PV, CUT and ALL nodes
#
# Knuth and Moore sorted the nodes of a search by the work they do when the ordering is
# perfect (the names are Marsland and Popowich's):
#
# * **PV** nodes lie on the principal variation: their value falls inside the window and
#   every child is searched.  The first child of a PV node is PV, the others CUT.
# * **CUT** nodes fail high: one child refutes them and the rest are cut.  That child is
#   an ALL node.
# * **ALL** nodes fail low: every child is searched and none raises alpha.  Every child
#   of an ALL node is CUT.
#
# `node_types` gives the types these rules *expect* from the tree's shape and the order
# the children were searched; `observed_types` reads what each node did (its value
# against its window).  On the best-ordered tree they agree everywhere.

# %%
best = three_orders(3, 3)["best"]
trace = negaviz.record(best, algorithm="alphabeta")
expected, observed = node_types(trace), observed_types(trace)
print("expected:", type_counts(expected))
print("observed:", type_counts(observed))
print("nodes whose expected and observed types differ:", sum(expected[n] != observed[n] for n in expected))
picture(draw(trace, node_style=with_node_types(default_node_style, expected, observed)))

# %% [markdown]
# With perfect ordering the counts follow from the rules: a PV node at every depth on
# the principal variation, and below it alternating layers of CUT nodes (one child
# searched) and ALL nodes (every child searched).
#
# Worst first, every move a node tries is better than the one before, so almost every
# value lands strictly inside its window: nodes expected to be CUT or ALL come out PV,
# tagged *expected→observed* (`CUT→PV`), no cutoff happens, and the search visits all
# 40 nodes of this tree.  Every disagreement is a place where a better ordering would
# have saved work.

# %%
worst = three_orders(3, 3)["worst"]
trace = negaviz.record(worst, algorithm="alphabeta")
expected, observed = node_types(trace), observed_types(trace)
print("nodes visited:", len(trace.nodes), " leaves:", trace.counts().leaves)
print("observed:", type_counts(observed))
print("nodes whose expected and observed types differ:", sum(expected[n] != observed[n] for n in expected))
picture(draw(trace, node_style=with_node_types(default_node_style, expected, observed)))
