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
# # 2 · Tic-tac-toe with negamax
#
# Tic-tac-toe is small enough to search completely, which makes it the place to count:
# nodes, positions, and what transpositions and symmetry save.  x moves first.
# `negaviz.TicTacToe` scores a finished game for the side to move, as negamax needs
# (notebook 1): −1 when the player who has just moved made a line, 0 when the board is
# full without one.

# %%
import itertools
import math
from collections import Counter

import negaviz
from negaviz import TicTacToe
from negaviz.analysis import compare, nodes_per_depth
from negaviz.render.plots import plot_nodes_per_depth
from negaviz.search.events import EventKind
from negaviz.widgets import StepperWidget

# %% [markdown]
# ## Your turn: an end game by hand
#
# x to move, three empty squares.  Step through the negamax search below: the stepper
# stops before positions return and asks what they return (type it on the node, for the
# side to move there), and shows the step once you have answered.  Positions are named by
# the moves that lead to them from the root (`a1` is the top left cell, `c3` the bottom
# right).  While you do it, watch the finished games: which scores do they get?

# %%
StepperWidget(negaviz.record(TicTacToe("..x/x.o/oox"), algorithm="negamax"), practice="steps")

# %% [markdown]
# **Why?**  Lecture notes ask why a finished game is never scored +1 for the side to
# move.  Think of your answer, then open the fold.
#
# <details><summary><b>Answer</b> (try first)</summary>
#
# A game is over as soon as someone makes a line, so the side to move can never be the
# one holding it: no leaf scores +1.  The full game tree below agrees.
# </details>
#
# ## The game tree
#
# Plain negamax from the empty board visits every node of the game tree.  negaviz
# counts a node for every call of the search function, the root included.

# %%
game = TicTacToe()
full = negaviz.record(game, algorithm="negamax")
print(f"value {full.value} (a draw), {len(full.nodes):,} nodes")
leaf_scores = Counter(node.value for node in full.nodes if not node.children)
print("finished games by their score for the side to move:",
      ", ".join(f"{score}: {count:,}" for score, count in sorted(leaf_scores.items())))

# %% [markdown]
# ## How many nodes could there be?
#
# If no game ended early, the tree would hold the root, 9 positions after one move,
# 9·8 after two, and so on down to 9! after nine moves: at most 9!/(9−*d*)! nodes at
# depth *d*.  Wins end lines early, from x's third mark (depth 5) on, so the real tree
# is smaller.

# %%
counts = full.counts()  # every number per depth, in one pass over the trace
per_depth, leaves = counts.nodes_per_depth, counts.leaves_per_depth
print("depth  at most 9!/(9-d)!  visited  of them finished games")
for d in range(10):
    print(f"{d:5}  {math.perm(9, d):17,}  {per_depth[d]:7,}  {leaves[d]:22,}")
print(f"total  {sum(math.perm(9, d) for d in range(10)):17,}  {sum(per_depth):7,}  {sum(leaves):22,}")
print(f"9! = {math.factorial(9):,}")

# %% [markdown]
# ## Positions, not paths
#
# Many of those nodes are one position reached by different move orders: a
# *transposition*.  Each cell is empty, x or o, so there are at most 3⁹ boards.  Far
# fewer can arise in play, and fewer still are different once the board's eight
# symmetries (four rotations, each with or without a reflection) are taken into account.
# The cell walks the game breadth first and keeps each position once; a position's
# canonical key is the smallest of its eight symmetric keys.

# %%
reachable = {game.key(game.root): game.root}
frontier = [game.root]
while frontier:
    next_frontier = []
    for pos in frontier:
        if game.is_terminal(pos):
            continue
        for move in game.moves(pos):
            child = game.play(pos, move)
            if game.key(child) not in reachable:
                reachable[game.key(child)] = child
                next_frontier.append(child)
    frontier = next_frontier
canonical = {min(game.symmetries(pos)) for pos in reachable.values()}
unfinished = [pos for pos in reachable.values() if not game.is_terminal(pos)]
print(f"boards, 3^9:                {3**9:6,}")
print(f"reachable positions:        {len(reachable):6,}  (game not over in {len(unfinished):,})")
print(f"reachable, up to symmetry:  {len(canonical):6,}")

# %% [markdown]
# Reading the nine cells as the digits of a base-3 number (empty 0, x 1, o 2) numbers
# the boards from 0 to 3⁹ − 1, a compact key for a table:

# %%
DIGIT = {".": "0", "x": "1", "o": "2"}


def board_number(text):
    return int("".join(DIGIT[c] for c in text if c in DIGIT), 3)


for text in ("x.o/xo./.x.", "ooo/ooo/ooo"):
    digits = "".join(DIGIT[c] for c in text if c in DIGIT)
    print(f"{text}  digits {digits}  number {board_number(text):,}")

# %% [markdown]
# `TicTacToe.parse` accepts a board only if play can reach it (x moved first, nobody
# moved after a win).  Trying all 3⁹ boards gives exactly the reachable set; a rejected
# board comes with the reason.

# %%
accepted = set()
for cells in itertools.product(".xo", repeat=9):
    try:
        accepted.add(game.key(game.parse("".join(cells))))
    except negaviz.InputError:
        pass  # a board no game can reach
print(f"{len(accepted):,} boards accepted; the same set as the reachable positions: {accepted == set(reachable)}")
try:
    game.parse("x.o/x.o/x.o")
except negaviz.InputError as error:
    print(error)

# %% [markdown]
# ## Transpositions and symmetry
#
# A transposition table remembers the value of each position searched, so meeting a
# position again costs one lookup.  With `symmetry=True` the table is keyed by canonical
# keys, and of several moves leading to symmetric positions only one is tried.  The
# table search expands each unfinished position once (count the table stores), and
# with symmetry each class of symmetric positions once.

# %%
traces = {
    "negamax": full,
    "negamax + table": negaviz.record(game, algorithm="negamax", tt=True),
    "negamax + table + symmetry": negaviz.record(game, algorithm="negamax", tt=True, symmetry=True),
}
print(compare(traces))
for name in ("negamax + table", "negamax + table + symmetry"):
    stores = sum(event.kind == EventKind.TT_STORE for event in traces[name].events)
    print(f"{name}: {stores:,} positions stored")
unfinished_classes = {min(game.symmetries(pos)) for pos in unfinished}
print(f"unfinished positions: {len(unfinished):,}; up to symmetry: {len(unfinished_classes):,}")

# %% [markdown]
# Nodes per depth, on a log scale.  The first transpositions appear after three moves
# (x a1, o b1, x c1 and x c1, o b1, x a1 reach one position), so the table saves from
# the level below on; symmetry saves from the first move on.

# %%
for name in ("negamax + table", "negamax + table + symmetry"):
    print(f"{name:27}", nodes_per_depth(traces[name]))
plot_nodes_per_depth(traces, log=True, title="tic-tac-toe from the empty board: nodes per depth")

# %% [markdown]
# ## Your turn: a table by hand
#
# With a table, a position met again by another move order is not searched again: its
# stored value is returned at once.  o to move, four empty squares: step through this
# search with a table and answer each question.  One position is met twice: when it
# comes round again, the stepper shows what the table holds and asks whether the search
# stops there, and with what (type the value, or *on* if it searches on).

# %%
StepperWidget(negaviz.record(TicTacToe("x../x.x/oo."), algorithm="negamax", tt=True), practice="steps")

# %% [markdown]
# **Answer** (folded: open it after you have tried): the table's lookups in this search, read from the
# same recorded search.

# %% jupyter={"outputs_hidden": true}
table_task = negaviz.record(TicTacToe("x../x.x/oo."), algorithm="negamax", tt=True)
task_game = table_task.game


def moves_to(trace, node_id):
    return " ".join(trace.move_name(n) for n in trace.path(node_id)[1:])


for event in table_task.events:
    if event.kind == EventKind.TT_PROBE and event.bound is not None:
        key = task_game.key(table_task.position(event.node))
        first = next(n.id for n in table_task.nodes if task_game.key(table_task.position(n.id)) == key)
        print(f"{moves_to(table_task, event.node)} is the position {moves_to(table_task, first)} reached before;")
        print(f"the table answers {event.value} ({event.bound.name.lower()} for the side to move there), "
              f"{'so it returns at once' if event.ended else 'which does not settle it'}")

# %% [markdown]
# The position is reached by two move orders; the second time, the stored value is the
# answer, and nothing below it is searched again.  Plain negamax searches with no
# window, so every value it stores is exact.

# %% [markdown]
# ## What each improvement buys
#
# Lecture notes list the classic improvements to a tic-tac-toe solver: stop as soon as
# a winning move is found (`stop_at_win`), notice a draw as soon as neither side can
# complete a line (`bounds`, the game's `value_bounds`), remember positions (`tt`), and
# treat symmetric positions as one (`symmetry`).  Each row adds one.

# %%
steps = [
    ("plain negamax", {}),
    ("+ stop at a win", {"stop_at_win": True}),
    ("+ early draw detection", {"bounds": True}),
    ("+ transposition table", {"tt": True}),
    ("+ symmetry", {"symmetry": True}),
]
options = {"algorithm": "negamax"}
print("negamax from the empty board       nodes  value")
for name, extra in steps:
    options.update(extra)
    r = negaviz.search(game, **options)
    print(f"{name:30} {r.nodes:9,}  {r.value:5}")

# %% [markdown]
# Lecture notes publish other node counts for tic-tac-toe; the lecturers' appendix,
# *For lecturers*, reproduces them and explains the difference (a terminal test that
# notices a win one ply late).  It also searches a course's own make/unmake game class
# unchanged.
#
# ## Your turn: play against the engine
#
# Play x against negamax with a table (o): click a square to move.  After each of its
# moves the engine shows the search it made, which you can step through.  Both sides
# playing perfectly draw, as the value 0 of the empty board says; can you make the
# engine lose?  (This one needs a running kernel: it searches as you play.)

# %%
from negaviz.widgets import PlayWidget

PlayWidget(TicTacToe(), options={"algorithm": "negamax", "tt": True})

# %% [markdown]
# <details><summary><b>Answer</b> (after you have played)</summary>
#
# No.  The engine searches to the end of the game, so it never makes a move that loses
# against the best reply, and from the empty board the best you can force is a draw.
# Make a mistake, though, and it wins.
# </details>
