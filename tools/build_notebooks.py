"""Build the lecture notebooks: the single source of every notebook in ``notebooks/``.

Each notebook is a list of cells written below in Python.  Building one makes the
``.ipynb`` with nbformat, executes it top to bottom in a fresh ``python3`` kernel with
nbclient (working directory ``notebooks/``, as in JupyterLab), and saves it with its
outputs, so the committed notebooks read well without running them and ``pytest
--nbval`` has outputs to compare against.

    python tools/build_notebooks.py                  # build every notebook
    python tools/build_notebooks.py 03 05-transposition-tables
    python tools/build_notebooks.py --check          # do the notebooks' sources match?

Names may be given as ``03``, ``03-alphabeta`` or ``03-alphabeta.ipynb``.  ``--check``
builds every notebook's cells in memory, without running anything, and compares cell
types, ids and sources with the saved notebooks (outputs are left to nbval): the
notebooks can never drift from this file unnoticed.

Builds are deterministic: cell ids are fixed (``c01``, ``c02``, ...), no execution
timestamps are recorded, and the random ids of widget models (in widget outputs and
in the saved widget state) are replaced by ids derived from the notebook's name and
the widgets' place in it.  Everything a cell prints must be deterministic too (no
timings, no unseeded randomness, no memory addresses); see ``notebooks/README.md``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
KERNEL = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
TIMEOUT = 600  # seconds per cell: generous, the whole sequence runs in well under two minutes
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
MODEL_ID = re.compile(r"[0-9a-f]{32}")
WIDGET_NAMESPACE = uuid.UUID("6f1d2a4e-5b1c-4c8e-9d7a-0e4b3c2a1f00")

Cell = tuple[str, str]  # (cell type, source)


def _join(parts: tuple[str, ...]) -> str:
    return "\n\n".join(textwrap.dedent(part).strip("\n") for part in parts)


def md(*parts: str) -> Cell:
    """A markdown cell; each part is dedented on its own, parts are separated by a blank line."""
    return ("markdown", _join(parts))


def code(*parts: str) -> Cell:
    """A code cell; each part is dedented on its own, parts are separated by a blank line."""
    return ("code", _join(parts))


# Shared set-up for notebooks with matplotlib figures: SVG with no date and fixed ids,
# so the same figure gives the same bytes on every run (nbval compares them).
PLOT_SETUP = """\
%matplotlib inline
%config InlineBackend.figure_formats = ["svg"]
%config InlineBackend.print_figure_kwargs = {"bbox_inches": "tight", "metadata": {"Date": None}}
import matplotlib
from negaviz.render.plots import SVG_SALT

matplotlib.rcParams["svg.hashsalt"] = SVG_SALT  # fixed SVG ids: the same figure gives the same bytes"""


# --------------------------------------------------------------------------- 00 index
def index() -> list[Cell]:
    rows = "\n".join(
        f"| {name[:2]} | [{TITLES[name][0]}]({name}.ipynb) | {TITLES[name][1]} |" for name in NAMES[1:]
    )
    return [
        md("""
        # negaviz: game-tree search you can watch

        negaviz runs the searches of a games course (negamax, alpha-beta, move ordering,
        transposition tables, proof trees, depth-limited search) and records everything they
        do: every node entered with its window, every leaf, every value passed back up, every
        cutoff and every table probe.  Everything else reads that record and never searches
        again: tables of counts, drawings made with Graphviz, and widgets that replay a search
        one event at a time.
        """),
        md("""
        ## How to use these notebooks

        * Open them with `make lab` and run each one from the top (*Run → Run All Cells*).
          Drawings and tables are stored in the notebooks; the widgets (sliders, buttons,
          the stepper) need a running kernel.
        * Every number in the text is printed by a cell of the same notebook, and
          `pytest --nbval` runs the notebooks again to check that every stored output still
          comes out the same.
        * Change cells freely to experiment.  To change a notebook for everyone, edit
          `tools/build_notebooks.py`, which generates the notebooks, and rebuild (see
          `notebooks/README.md`).
        * The stepper's slider answers the arrow keys once its handle is clicked.
        """),
        md("## The sequence\n\n| | notebook | what it shows |\n|---|---|---|\n" + rows),
        md("""
        ## A first look

        A textbook tree, written with each leaf's value for the first player, searched with
        alpha-beta.  A recorded search (a *trace*) draws itself: bold edges are the best line,
        dashed nodes were never visited.
        """),
        code("""
        import negaviz

        tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
        trace = negaviz.record(tree, algorithm="alphabeta")
        print("value at the root:", trace.value)
        print("best line:", " ".join(trace.pv_names()))
        print("never visited:", ", ".join(trace.pruned_labels()))
        trace
        """),
    ]


# --------------------------------------------------------------------------- 01 negamax
def negamax_notebook() -> list[Cell]:
    return [
        md("""
        # 1 · From minimax to negamax

        In a two-player zero-sum game, what one player wins the other loses.  Minimax writes
        every value from the first player's point of view, so it needs two cases: where the
        first player moves, take the largest child value; where the second player moves, the
        smallest.  Negamax writes each value for the player *to move* at that node instead.
        A position worth *v* to one player is worth −*v* to the other, so every node does the
        same thing:

        > value(node) = max over the children *c* of −value(*c*)

        and every leaf is scored for the player to move there.
        """),
        code("""
        from IPython.display import SVG

        import negaviz
        from negaviz.render import draw, to_svg
        from negaviz.student import check, trace_calls
        from negaviz.widgets import StepperWidget
        """),
        md("""
        ## A small tree

        negaviz writes trees as textbooks draw them: nested names, and each leaf's value for
        the first player (the player at the root).  This one has leaves one, two and three
        moves below the root.
        """),
        code("""
        tree = negaviz.Tree.parse("A(B(E:2 F:3 G:-1) C:1 D(H:-4 I(J:6 K:2)))")
        print(tree.text())
        """),
        md("""
        ## Converting leaf scores

        A negamax search needs each leaf scored for the player to move there.  At even depth
        that is the first player, so the textbook's number stands; at odd depth the second
        player moves, so the number is negated.  The game does the conversion; the table shows
        it leaf by leaf.
        """),
        code("""
        print("leaf  depth  to move  written (first player)  for the side to move")
        for node in tree.preorder():
            if tree.is_terminal(node):
                mover = "first" if tree.player(node) == 0 else "second"
                print(f"{tree.label(node):4}  {tree.depth(node):5}  {mover:7}  "
                      f"{tree.values[node]:22}  {tree.score(node):20}")
        """),
        md("""
        ## One value, two points of view

        A search from any inner node gives its value for the side to move there (`value`)
        and, converted, for the first player (`minimax_value`).  They differ exactly where
        the second player moves.
        """),
        code("""
        print("node  to move  negamax value  minimax value  best move")
        for node in tree.preorder():
            if not tree.is_terminal(node):
                r = negaviz.search(tree, node, algorithm="negamax")
                mover = "first" if tree.player(node) == 0 else "second"
                print(f"{tree.label(node):4}  {mover:7}  {r.value:13}  {r.minimax_value:13}  {r.pv_names[0]}")
        """),
        md("""
        ## Drawing both views

        The same recorded search, drawn twice.  In the minimax view values are for the first
        player: ▲ nodes take the largest child value, ▼ nodes the smallest.  In the negamax
        view each value is for the side to move, and every node takes the largest of its
        children's values negated.  Bold edges mark the principal variation, the line both
        players choose.
        """),
        code("""
        trace = negaviz.record(tree, algorithm="negamax")
        SVG(to_svg(draw(trace, perspective="minimax")))
        """),
        code("""
        SVG(to_svg(draw(trace, perspective="negamax")))
        """),
        md("""
        ## With or without a colour parameter

        Some textbooks keep the evaluation in the first player's view and pass a *colour*,
        +1 where the first player moves and −1 where the second does, multiplying at the
        leaves.  Others score leaves for the side to move directly and need no colour.  The
        two are the same search.  Below, both are written as a student would write them,
        recorded with `negaviz.student.trace_calls`, and compared with negaviz's own negamax
        by `check()`.
        """),
        code("""
        def first_player_value(node):
            \"\"\"A leaf's value as the tree is written: for the first player.\"\"\"
            return tree.values[node]


        @trace_calls(tree, position="node")
        def negamax_with_color(node, color):
            if tree.is_terminal(node):
                return color * first_player_value(node)
            return max(-negamax_with_color(tree.play(node, m), -color) for m in tree.moves(node))


        @trace_calls(tree, position="node")
        def negamax_side_to_move(node):
            if tree.is_terminal(node):
                return tree.score(node)  # the game scores leaves for the side to move
            return max(-negamax_side_to_move(tree.play(node, m)) for m in tree.moves(node))


        print("with colour:", negamax_with_color(tree.root, +1))
        print("side to move:", negamax_side_to_move(tree.root))
        print(check(negamax_with_color.last_trace))
        print(check(negamax_side_to_move.last_trace))
        """),
        md("""
        The usual slip is to keep the textbook's leaf values without negating them at odd
        depth.  `check()` walks the student's search beside the reference and stops at the
        first node where they part:
        """),
        code("""
        @trace_calls(tree, position="node")
        def negamax_unconverted(node):
            if tree.is_terminal(node):
                return first_player_value(node)  # the slip: not converted to the side to move
            return max(-negamax_unconverted(tree.play(node, m)) for m in tree.moves(node))


        print("returns:", negamax_unconverted(tree.root))
        print(check(negamax_unconverted.last_trace))
        """),
        md("""
        ## Step through it

        The stepper replays the recorded search one event at a time: the tree as it stands,
        the call stack, the line of pseudocode being run.  Switch between the negamax and
        minimax views to watch each value change sign where the second player moves.
        """),
        code("""
        StepperWidget(trace)
        """),
    ]


# --------------------------------------------------------------------------- 02 tic-tac-toe
def tictactoe_notebook() -> list[Cell]:
    return [
        md("""
        # 2 · Tic-tac-toe with negamax

        Tic-tac-toe is small enough to search completely, which makes it the place to count:
        nodes, positions, and what transpositions and symmetry save.  `negaviz.TicTacToe`
        scores a finished game +1, −1 or 0 for the side to move; x moves first.
        """),
        code(PLOT_SETUP, """

        import itertools
        import math

        import negaviz
        from negaviz import TicTacToe
        from negaviz.analysis import compare, nodes_per_depth
        from negaviz.render.plots import plot_nodes_per_depth
        from negaviz.search.events import EventKind
        """),
        md("""
        ## The game tree

        Plain negamax from the empty board visits every node of the game tree.  negaviz
        counts a node for every call of the search function, the root included.
        """),
        code("""
        game = TicTacToe()
        full = negaviz.record(game, algorithm="negamax")
        print(f"value {full.value} (a draw), {len(full.nodes):,} nodes")
        """),
        md("""
        ## How many nodes could there be?

        If no game ended early, the tree would hold the root, 9 positions after one move,
        9·8 after two, and so on down to 9! after nine moves: at most 9!/(9−*d*)! nodes at
        depth *d*.  Wins end lines early, from x's third mark (depth 5) on, so the real tree
        is smaller.
        """),
        code("""
        counts = full.counts()  # every number per depth, in one pass over the trace
        per_depth, leaves = counts.nodes_per_depth, counts.leaves_per_depth
        print("depth  at most 9!/(9-d)!  visited  of them finished games")
        for d in range(10):
            print(f"{d:5}  {math.perm(9, d):17,}  {per_depth[d]:7,}  {leaves[d]:22,}")
        print(f"total  {sum(math.perm(9, d) for d in range(10)):17,}  {sum(per_depth):7,}  {sum(leaves):22,}")
        print(f"9! = {math.factorial(9):,}")
        """),
        md("""
        ## Positions, not paths

        Many of those nodes are one position reached by different move orders: a
        *transposition*.  Each cell is empty, x or o, so there are at most 3⁹ boards.  Far
        fewer can arise in play, and fewer still are different once the board's eight
        symmetries (four rotations, each with or without a reflection) are taken into account.
        The cell walks the game breadth first and keeps each position once; a position's
        canonical key is the smallest of its eight symmetric keys.
        """),
        code("""
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
        """),
        md("""
        Reading the nine cells as the digits of a base-3 number (empty 0, x 1, o 2) numbers
        the boards from 0 to 3⁹ − 1, a compact key for a table:
        """),
        code("""
        DIGIT = {".": "0", "x": "1", "o": "2"}


        def board_number(text):
            return int("".join(DIGIT[c] for c in text if c in DIGIT), 3)


        for text in ("x.o/xo./.x.", "ooo/ooo/ooo"):
            digits = "".join(DIGIT[c] for c in text if c in DIGIT)
            print(f"{text}  digits {digits}  number {board_number(text):,}")
        """),
        md("""
        `TicTacToe.parse` accepts a board only if play can reach it (x moved first, nobody
        moved after a win).  Trying all 3⁹ boards gives exactly the reachable set; a rejected
        board comes with the reason.
        """),
        code("""
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
        """),
        md("""
        ## Transpositions and symmetry

        A transposition table remembers the value of each position searched, so meeting a
        position again costs one lookup.  With `symmetry=True` the table is keyed by canonical
        keys, and of several moves leading to symmetric positions only one is tried.  The
        table search expands each unfinished position once (count the table stores), and
        with symmetry each class of symmetric positions once.
        """),
        code("""
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
        """),
        md("""
        Nodes per depth, on a log scale.  The first transpositions appear after three moves
        (x a1, o b1, x c1 and x c1, o b1, x a1 reach one position), so the table saves from
        the level below on; symmetry saves from the first move on.
        """),
        code("""
        for name in ("negamax + table", "negamax + table + symmetry"):
            print(f"{name:27}", nodes_per_depth(traces[name]))
        plot_nodes_per_depth(traces, log=True, title="tic-tac-toe from the empty board: nodes per depth")
        """),
        md("""
        ## What each improvement buys

        Lecture notes list the classic improvements to a tic-tac-toe solver: stop as soon as
        a winning move is found (`stop_at_win`), notice a draw as soon as neither side can
        complete a line (`bounds`, the game's `value_bounds`), remember positions (`tt`), and
        treat symmetric positions as one (`symmetry`).  Each row adds one.
        """),
        code("""
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
        """),
        md("""
        ## Figures in lecture notes

        Lecture notes publish node counts for tic-tac-toe that differ from the ones above.
        Such differences usually come from two conventions: what counts as a node, and when
        the search notices that a game is over.  A common classroom solver checks, on
        entering a position, whether *the player to move* has a line.  But a line is always
        made by the player who has just moved, so that test notices each win one ply late,
        after the loser has made one more move.  (It also scores a full board as a draw when
        the last move completed a line, which does not change the value at the root.)

        The class below is tic-tac-toe with that terminal test, and nothing else changed.
        """),
        code("""
        from negaviz.games.tictactoe import LINES

        # LINE_IN[b]: does the 9-bit board b (bit i = cell i) hold a complete line?
        LINE_IN = [any(all(b >> cell & 1 for cell in line) for line in LINES) for b in range(512)]
        FULL = 0b111111111


        class LateWinTicTacToe(TicTacToe):
            \"\"\"Tic-tac-toe whose terminal test asks whether the side to move has a line.\"\"\"

            def is_terminal(self, pos):
                mine, theirs = pos  # the 9-bit boards of the side to move and of its opponent
                return LINE_IN[mine] or mine | theirs == FULL

            def score(self, pos):
                return 1 if LINE_IN[pos[0]] else 0


        late = LateWinTicTacToe()
        print(f"{'search':47} {'in the notes':>12} {'negaviz':>8} {'late terminal test':>19}")
        for what, published, options in [
            ("negamax", 740_170, {"algorithm": "negamax"}),
            ("negamax, stopping at a winning child", 129_988, {"algorithm": "negamax", "stop_at_win": True}),
            ("alpha-beta, stop at a win, symmetric moves once", 3_025,
             {"algorithm": "alphabeta", "stop_at_win": True, "symmetry": True}),
        ]:
            ours, theirs = negaviz.search(game, **options), negaviz.search(late, **options)
            print(f"{what:47} {published:12,} {ours.nodes:8,} {theirs.nodes:19,}   values {ours.value}, {theirs.value}")
        """),
        md("""
        All three published counts come out exactly with the late terminal test, and both
        solvers count the root as a node; negaviz's own terminal test notices a win on the
        move that makes it, so its trees are smaller.  The notes' other figures:
        """),
        code("""
        for what, published, computed in [
            ("game-tree bound 1 + 9 + 9*8 + ... + 9!", 986_410, sum(math.perm(9, d) for d in range(10))),
            ("9!", 362_888, math.factorial(9)),
            ("boards, 3^9", 19_683, 3**9),
            ("x.o/xo./.x. as a base-3 number", 8_427, board_number("x.o/xo./.x.")),
            ("non-isomorphic nodes to expect", 6_500, len(canonical)),
        ]:
            print(f"{what:40} in the notes {published:8,}   computed {computed:8,}")
        print(f"3^9 / 3 = {3**9 / 3:,.0f}")
        """),
        md("""
        The bound, 3⁹ and the board number agree.  The notes' value of 9! is a slip (their
        bound, which contains 9!, is right).  The expected number of non-isomorphic nodes is an estimate,
        close to 3⁹ divided by the three different first moves; the exact number of reachable
        positions up to symmetry is much smaller, because most boards are unreachable and
        symmetry divides nearly by eight, not by three.
        """),
    ]


# --------------------------------------------------------------------------- 03 alpha-beta
def alphabeta_notebook() -> list[Cell]:
    return [
        md("""
        # 3 · Alpha-beta

        Negamax looks at every node.  Alpha-beta gets the same value at the root while
        skipping nodes that cannot change it.  Each call carries a *window* (α, β):

        * α is what the side to move is already sure of elsewhere: a move worth α or less
          cannot help it;
        * β is the most the opponent will allow: once a move reaches β, the opponent will
          avoid this position altogether, so the remaining moves need not be tried (a
          *cutoff*).

        In negamax form a child's values are for the other player, so the window passed down
        is (−β, −α): swapped and negated.
        """),
        code("""
        import math

        from IPython.display import SVG

        import negaviz
        from negaviz.analysis.steps import Stepper, fmt
        from negaviz.render import svg
        from negaviz.widgets import StepperWidget
        """),
        md("""
        ## A worked example

        The classic small tree: the root A chooses between B and C, each a position where
        the opponent moves.  Leaves are written for the player at A.
        """),
        code("""
        tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
        trace = negaviz.record(tree, algorithm="alphabeta")
        print("value at A:", trace.value)
        print("best line:", " ".join(trace.pv_names()))
        print("never visited:", ", ".join(trace.pruned_labels()))
        print("nodes:", trace.counts().nodes, "of", negaviz.search(tree, algorithm="negamax").nodes)
        """),
        md("""
        ## The windows, node by node

        The table is read from the trace: the window each node was entered with, what it
        returned, whether that value is exact or only a bound, and the children it skipped.
        Values and windows are in the negamax view, for the side to move at each node.
        """),
        code("""
        def window_table(trace):
            print("node  depth  window (α, β)  returns  bound  never visited")
            for node in trace.nodes:
                window = f"({fmt(node.alpha)}, {fmt(node.beta)})"
                skipped = ", ".join(tree.label(move) for move in node.skipped) or "-"  # a move is a child's number
                print(f"{trace.label(node.id):4}  {node.depth:5}  {window:13}  {fmt(node.value):>7}  "
                      f"{node.bound.name.lower():5}  {skipped}")


        window_table(trace)
        """),
        md("""
        The same search event by event, in the stepper's words:
        """),
        code("""
        stepper = Stepper(trace)
        for event in trace.events:
            print(f"{event.step + 1:2}. {stepper.sentence(event)}")
        """),
        md("""
        After B, A is sure of 5.  C is entered with the window (−∞, −5): from C's side, any
        value of −5 or more is already too good, because A would then prefer B.  F alone gives
        C −3, which reaches β, so C stops and G and H are never looked at.  C's −3 is only a
        lower bound: C's true value could be higher still, but it cannot matter.

        Step through it yourself; tick *windows* to see every node's window in the tree, and
        switch to the minimax view to see the same search with min and max nodes.
        """),
        code("""
        StepperWidget(trace, windows=True)
        """),
        md("""
        ## Fail-soft and fail-hard

        When a node stops early, or no move reaches α, its value is only a bound.
        *Fail-soft* alpha-beta returns the best value it found, which may lie outside the
        window; *fail-hard* clamps every value into [α, β].  They differ exactly at the nodes
        that failed high or low; the root, searched with (−∞, ∞), gets the same value.
        """),
        code("""
        soft = trace
        hard = negaviz.record(tree, algorithm="alphabeta", fail_hard=True)
        print("node  window        fail-soft  fail-hard  bound")
        for s, h in zip(soft.nodes, hard.nodes):
            window = f"({fmt(s.alpha)}, {fmt(s.beta)})"
            print(f"{soft.label(s.id):4}  {window:12}  {fmt(s.value):>9}  {fmt(h.value):>9}  {s.bound.name.lower()}")
        """),
        md("""
        ## A window is a question

        Searching the root with a narrower window asks a question instead of asking for the
        value.  If the value falls inside the window it comes back exact; if not, the search
        says only on which side it lies, and usually visits fewer nodes.  A window one unit
        wide, such as (4, 5), asks a yes-or-no question: *is the value at least 5?*  MTD(f) and
        PVS (notebook 7) are built on such null-window searches.
        """),
        code("""
        print("window       returns  meaning                     nodes  never visited")
        for window in [(-math.inf, math.inf), (4, 6), (6, 10), (0, 4), (4, 5), (5, 6)]:
            t = negaviz.record(tree, algorithm="alphabeta", window=window)
            root = t.nodes[0]
            meaning = {"EXACT": f"the value is {fmt(root.value)}",
                       "LOWER": f"the value is at least {fmt(root.value)}",
                       "UPPER": f"the value is at most {fmt(root.value)}"}[root.bound.name]
            shown = f"({fmt(window[0])}, {fmt(window[1])})"
            print(f"{shown:11}  {fmt(root.value):>7}  {meaning:26}  {len(t.nodes):5}  {', '.join(t.pruned_labels())}")
        """),
        md("""
        ## The drawing

        The finished search, drawn with windows.  Nodes with corner marks returned a lower
        bound, dashed ones were never visited.
        """),
        code("""
        SVG(svg(trace, windows=True))
        """),
        md("""
        ## On a real game

        The savings grow with the tree.  From the empty tic-tac-toe board:
        """),
        code("""
        game = negaviz.TicTacToe()
        for algorithm in ("negamax", "alphabeta"):
            r = negaviz.search(game, algorithm=algorithm)
            print(f"{algorithm:9}  value {r.value}  nodes {r.nodes:7,}  cutoffs {r.cutoffs:5,}")
        """),
    ]


# --------------------------------------------------------------------------- 04 move ordering
def ordering_notebook() -> list[Cell]:
    return [
        md("""
        # 4 · Move ordering and threat search

        Alpha-beta cuts off as soon as a move reaches β, so it prunes most when the best
        move is tried first.  The best move is what the search is looking for, so a program
        guesses.  negaviz has three orders:

        * `natural`: as the game generates moves (tic-tac-toe: cell a1, b1, c1, a2, ...);
        * `heuristic`: the game's own guess (tic-tac-toe: centre, then corners, then edges);
        * `threats`: winning moves first, then moves that block the opponent's win, then the
          rest (`threats+heuristic`: the rest in heuristic order).

        Two more options use threats to search less rather than to reorder: `stop_at_win`
        stops at the first move that wins (nothing beats a win), and `forced` tries only a
        winning move when there is one, and only the blocking moves when the opponent
        threatens to win (any other move loses at once).
        """),
        code(PLOT_SETUP, """

        from IPython.display import SVG

        import negaviz
        from negaviz import TicTacToe
        from negaviz.analysis import compare
        from negaviz.render import svg
        from negaviz.render.plots import plot_comparison
        from negaviz.widgets import CompareWidget
        """),
        md("""
        ## Orders compared on the empty board

        Alpha-beta from the empty board, with each order, then stopping at wins:
        """),
        code("""
        game = TicTacToe()
        traces = {}
        for order in ("natural", "heuristic", "threats", "threats+heuristic"):
            traces[order] = negaviz.record(game, algorithm="alphabeta", order=order)
            traces[order + ", stop at win"] = negaviz.record(game, algorithm="alphabeta", order=order, stop_at_win=True)
        print(compare(traces))
        """),
        code("""
        stopping = {order: traces[order + ", stop at win"] for order in ("natural", "heuristic", "threats", "threats+heuristic")}
        plot_comparison(stopping, metric="nodes", title="alpha-beta, stopping at wins: nodes by move order")
        """),
        md("""
        Forced moves shrink the tree further, with any order; the value stays a draw.  With
        forced moves, putting threats first adds nothing: wherever there is a threat, only
        the winning or blocking moves are tried anyway.
        """),
        code("""
        print("order              forced moves  + early draws")
        for order in ("natural", "heuristic", "threats", "threats+heuristic"):
            forced = negaviz.search(game, algorithm="alphabeta", order=order, stop_at_win=True, forced=True)
            bounded = negaviz.search(game, algorithm="alphabeta", order=order, stop_at_win=True, forced=True, bounds=True)
            print(f"{order:17}  {forced.nodes:12,}  {bounded.nodes:13,}   value {bounded.value}")
        """),
        md("""
        ## Threats before searching

        Before searching a position, a player can look for two kinds of threat: a move that
        wins at once, and a move the opponent would win with next, which must be blocked.
        `TicTacToe.threats` returns both lists.

        **x to play.**  x has a winning move:
        """),
        code("""
        def names(game, pos, moves):
            return ", ".join(game.move_name(pos, m) for m in moves) or "none"


        attack = TicTacToe("xo./ox./...")
        print(attack.label(attack.root))
        wins, blocks = attack.threats(attack.root)
        print("wins now:", names(attack, attack.root, wins), "| must block:", names(attack, attack.root, blocks))
        for order in ("natural", "threats"):
            r = negaviz.search(attack, algorithm="alphabeta", order=order, stop_at_win=True)
            print(f"{order:8} value {r.value}, line {' '.join(r.pv_names)}, {r.nodes} nodes")
        """),
        md("""
        In natural order the first empty cell, c1, comes first; it also wins, but only after
        more moves, and proving that takes a search.  Trying the threat first finds the
        immediate win and stops.  The two searches side by side: one step counter, each side
        showing its own search after that many events; banded nodes are visited by that
        search only.
        """),
        code("""
        natural = negaviz.record(attack, algorithm="alphabeta", stop_at_win=True)
        threats = negaviz.record(attack, algorithm="alphabeta", order="threats", stop_at_win=True)
        CompareWidget(natural, threats, titles=("natural order", "threats first"))
        """),
        md("""
        **o to play.**  o has no winning move, and x threatens two lines at once.  o can block
        only one of them, and loses anyway:
        """),
        code("""
        defend = TicTacToe("x../xxo/.o.")
        print(defend.label(defend.root))
        wins, blocks = defend.threats(defend.root)
        print("wins now:", names(defend, defend.root, wins), "| must block:", names(defend, defend.root, blocks))
        for move in defend.moves(defend.root):
            r = negaviz.search(defend, defend.play(defend.root, move), algorithm="alphabeta")
            print(f"o plays {defend.move_name(defend.root, move)}: value for o {-r.value}")
        blocked = negaviz.record(defend, algorithm="alphabeta", order="threats", stop_at_win=True, forced=True)
        print(f"threat search: value {blocked.value}, line {' '.join(blocked.pv_names())}, {len(blocked.nodes)} nodes")
        """),
        code("""
        SVG(svg(blocked))
        """),
    ]


# --------------------------------------------------------------------------- 05 transposition tables
def tt_notebook() -> list[Cell]:
    return [
        md("""
        # 5 · Transposition tables

        A transposition table remembers what the search found out about a position, so that
        meeting the position again by another move order costs a lookup.  With alpha-beta,
        what the search found out depends on the window it searched with.  A node searched
        with (α, β) that returns *v* knows:

        | returned | stored as | the true value is |
        |---|---|---|
        | α < *v* < β | `EXACT` | *v* |
        | *v* ≥ β (it failed high, a cutoff) | `LOWER` | at least *v* |
        | *v* ≤ α (it failed low) | `UPPER` | at most *v* |

        On a later visit an `EXACT` entry answers at once.  A `LOWER` entry raises α to *v*,
        an `UPPER` entry lowers β to *v*, and if the window closes (α ≥ β) the entry answers.
        Otherwise the node is searched again, with the narrower window.
        """),
        code("""
        import math

        from IPython.display import SVG

        import negaviz
        from negaviz import Othello, TicTacToe
        from negaviz.analysis.steps import fmt
        from negaviz.render import svg
        from negaviz.search.events import EventKind
        from negaviz.student import capture, check
        from negaviz.widgets import StepperWidget
        """),
        md("""
        ## A tree with a transposition

        In the labelled form, writing a name a second time shares that node: below, X is
        reached from B and from C.  Alpha-beta meets X twice, with two different windows.
        """),
        code("""
        dag = negaviz.Tree.parse("A(B(D:5 X(Y:6 Z:8)) C(X W:7))")
        plain = negaviz.record(dag, algorithm="alphabeta")
        print("value:", plain.value, "| best line:", " ".join(plain.pv_names()))
        print("node  window     returns  bound")
        for node in plain.nodes:
            window = f"({fmt(node.alpha)}, {fmt(node.beta)})"
            print(f"{plain.label(node.id):4}  {window:9}  {fmt(node.value):>7}  {node.bound.name.lower()}")
        """),
        md("""
        The first time, X is searched below B, where the second player can already hold the
        first to 5 by choosing D: X's window is (−∞, 5), Y alone reaches β, and X stops with
        a lower bound.  Its true value is higher.  The second time, below C, X has the window
        (5, ∞) and is searched for its exact value.

        ## Storing the value alone is wrong

        A memo that stores each node's value without its bound treats the first, partial
        answer as exact.  Here is that mistake as a student might write it, recorded with
        `capture` and compared with negaviz's alpha-beta by `check()`:
        """),
        code("""
        memo = {}


        def alphabeta_memo(node, alpha, beta):
            if node in memo:
                return memo[node]  # the mistake: a value without the window it was found with
            if dag.is_terminal(node):
                return dag.score(node)
            best = -math.inf
            for move in dag.moves(node):
                value = -alphabeta_memo(dag.play(node, move), -beta, -alpha)
                best = max(best, value)
                alpha = max(alpha, value)
                if alpha >= beta:
                    break  # cutoff: the opponent will not allow this position
            memo[node] = best
            return best


        with capture(alphabeta_memo, dag, position="node", alpha="alpha", beta="beta") as traced:
            print("the memo search returns", traced(dag.root, -math.inf, math.inf), "| the true value is", plain.value)
        print(check(traced.last_trace))
        """),
        md("""
        ## Bounds done right

        negaviz's table stores each result with its bound.  The second visit of X finds a
        `LOWER` entry: it raises α but cannot settle the node, so X is searched again and
        the root gets the right value.  The table's events:
        """),
        code("""
        tt = negaviz.record(dag, algorithm="alphabeta", tt=True)
        print("value:", tt.value)
        print("step  node  event     result")
        for event in tt.events:
            if event.kind == EventKind.TT_STORE:
                result = f"{fmt(event.value)} stored as {event.bound.name}"
            elif event.kind == EventKind.TT_PROBE and event.bound is None:
                result = "nothing stored"
            elif event.kind == EventKind.TT_PROBE:
                result = f"found {fmt(event.value)} ({event.bound.name}): " + ("settles it" if event.ended else "narrows the window")
            else:
                continue
            print(f"{event.step + 1:4}  {tt.label(event.node):4}  {event.kind.name.lower():8}  {result}")
        """),
        md("""
        Step through it: *next TT hit* jumps to just after the next useful table lookup.
        The finished search below shows X twice: below B a lower bound with Z never visited,
        below C searched again in full.
        """),
        code("""
        StepperWidget(tt, windows=True)
        """),
        code("""
        SVG(svg(tt, windows=True))
        """),
        md("""
        ## Tables of bounded size

        A real program gives the table a fixed number of slots; two positions whose keys map
        to the same slot compete for it.  With `tt_replace="always"` the newer entry wins;
        with `"depth"` the entry searched deeper stays (it saved more work).  A smaller table
        forgets more and the search visits more nodes, but the value never changes: a lost
        entry is only lost work.
        """),
        code("""
        def table_sizes(game, **options):
            base = negaviz.search(game, algorithm="alphabeta", **options)
            print(f"no table: {base.nodes:,} nodes, value {base.value}")
            print("slots       always  depth  (nodes)")
            for size in (None, 4096, 1024, 256, 64, 16):
                row = [negaviz.search(game, algorithm="alphabeta", tt=True, tt_size=size, tt_replace=policy, **options)
                       for policy in ("always", "depth")]
                assert {r.value for r in row} == {base.value}  # a small table costs nodes, never the value
                print(f"{'unbounded' if size is None else size:>9}  {row[0].nodes:7,}  {row[1].nodes:6,}")


        print("tic-tac-toe, empty board")
        table_sizes(TicTacToe())
        print()
        print("4x4 Othello, heuristic move order")
        table_sizes(Othello(4), order="heuristic")
        """),
        md("""
        Which policy is better depends on the game and on the table's size: compare the two
        columns row by row.  How many distinct positions does the tic-tac-toe search store?
        """),
        code("""
        game = TicTacToe()
        full = negaviz.record(game, algorithm="alphabeta", tt=True)
        stored = {game.key(full.position(event.node)) for event in full.events if event.kind == EventKind.TT_STORE}
        print(f"{len(stored):,} distinct positions stored")
        """),
        md("""
        Even a table with more slots than that loses entries: two positions can still share
        a slot, and then one of them is forgotten.
        """),
    ]


# --------------------------------------------------------------------------- 06 proof trees
def proof_notebook() -> list[Cell]:
    return [
        md("""
        # 6 · Proof trees

        To convince someone that a position is a win, you do not need the whole game tree.
        It is enough to show **one** good move wherever the winner moves, and an answer to
        **every** reply wherever the opponent moves, down to finished games the winner wins.
        That part of the tree is a *proof tree* (or solution tree).  Anyone can check it
        without searching: follow it down and read the leaves.
        """),
        code("""
        import math

        from IPython.display import SVG

        import negaviz
        from negaviz import TicTacToe, check_proof, prove
        from negaviz.analysis import nodes_per_depth
        from negaviz.render import draw_proof, to_svg
        """),
        md("""
        ## x to move wins
        """),
        code("""
        game = TicTacToe("x.o/x../o..")
        print(game.label(game.root))
        proofs = prove(game)
        print("value for x:", proofs.minimax_value)
        for proof in proofs.proofs:
            print(f"{proof.description}: claim {proof.claim}, proof tree of {proof.nodes} nodes")
            print("problems found by check_proof:", check_proof(game, proof) or "none")
        """),
        md("""
        Boxes are positions where x (the prover) moves, with the one move the proof needs;
        ellipses are positions where o moves, with every reply.
        """),
        code("""
        SVG(to_svg(draw_proof(game, proofs.proofs[0])))
        """),
        md("""
        ## How much smaller?

        Five cells are empty, so the game tree below this position has at most
        1 + 5 + 5·4 + 5·4·3 + 5·4·3·2 + 5! nodes, the 326 that lecture slides give.  Wins
        end some lines early; alpha-beta skips more; the proof needs only a handful.
        """),
        code("""
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
        """),
        md("""
        `prove` takes, at each of the prover's positions, the first move (in the game's move
        order) that keeps the claim; with `minimal=True` it takes the move with the smallest
        proof below it.  Here both give the same tree.

        ## A draw needs two proofs

        The empty board is a draw.  "x can at least draw" is one claim, proved by x's moves
        against all of o's replies; "o can hold x to a draw" is another, proved by o's moves
        against all of x's.  The value is pinned only by both.  o's proof must answer all nine
        first moves, so it is the larger one.
        """),
        code("""
        board = TicTacToe()
        first, smallest = prove(board), prove(board, minimal=True)
        print("value for x:", first.minimax_value)
        print("claim   proof                     first good move  smallest")
        for a, b in zip(first.proofs, smallest.proofs):
            print(f"{str(a.claim):6}  {a.description:24}  {a.nodes:15,}  {b.nodes:8,}")
        print("checked:", [check_proof(board, p) for p in first.proofs + smallest.proofs])
        """),
        md("""
        The top of x's smallest proof (the rest folded into summary nodes):
        """),
        code("""
        SVG(to_svg(draw_proof(board, smallest.proofs[0], max_nodes=40)))
        """),
    ]


# --------------------------------------------------------------------------- 07 Othello
def othello_notebook() -> list[Cell]:
    return [
        md("""
        # 7 · Depth-limited search with an evaluation function

        Othello on 8×8 cannot be searched to the end.  A depth-limited search stops after a
        fixed number of moves (plies) and asks an *evaluation function* for an estimate of the
        position, for the side to move.  A good evaluation ranks positions as the true values
        would, is quick, and agrees with the game's score where the game is over.
        """),
        code(PLOT_SETUP, """

        import inspect

        import negaviz
        from negaviz import Othello
        from negaviz.analysis import compare
        from negaviz.render.plots import plot_nodes_per_depth
        from negaviz.widgets import StepperWidget
        """),
        md("""
        ## The evaluation

        negaviz's Othello evaluates a position like this:
        """),
        code("""
        game = Othello(6)
        print(inspect.getdoc(game.evaluate))
        print()
        print(game.label(game.root))
        print()
        print("x's move  evaluation for o afterwards")
        for move in game.moves(game.root):
            child = game.play(game.root, move)
            print(f"{game.move_name(game.root, move):8}  {game.evaluate(child):27}")
        """),
        md("""
        At the start all four moves look alike; a search one ply deep picks the first of
        them.  The deeper the search, the more the evaluation is applied to positions the
        opponent has had a say in.

        ## Deeper and deeper

        6×6 Othello from the start, searched to depths 1 to 6 with negamax and with
        alpha-beta (natural order, then the game's heuristic order: corners first, squares next
        to an empty corner last):
        """),
        code("""
        print("depth  value  best line            negamax  alpha-beta  alpha-beta, heuristic")
        for depth in range(1, 7):
            nm = negaviz.search(game, algorithm="negamax", depth=depth)
            ab = negaviz.search(game, algorithm="alphabeta", depth=depth)
            ho = negaviz.search(game, algorithm="alphabeta", depth=depth, order="heuristic")
            assert nm.value == ab.value == ho.value  # pruning never changes the value
            print(f"{depth:5}  {ab.value:5}  {' '.join(ab.pv_names):19}  {nm.nodes:7,}  {ab.nodes:10,}  {ho.nodes:21,}")
        """),
        md("""
        The value swings with the parity of the depth: a search that ends just after x's
        move values the position higher for x than one that ends just after o's reply.
        Comparing values from depths of different parity (the odd-even effect) misleads.

        Nodes per depth for the depth-4 searches:
        """),
        code("""
        traces = {
            "negamax": negaviz.record(game, algorithm="negamax", depth=4),
            "alpha-beta": negaviz.record(game, algorithm="alphabeta", depth=4),
            "alpha-beta, heuristic": negaviz.record(game, algorithm="alphabeta", depth=4, order="heuristic"),
        }
        print(compare(traces))
        plot_nodes_per_depth(traces, title="6x6 Othello, depth 4: nodes per depth")
        """),
        md("""
        Step through the depth-3 alpha-beta search.  Leaves at the depth limit show their
        evaluation.
        """),
        code("""
        StepperWidget(negaviz.record(game, algorithm="alphabeta", depth=3))
        """),
        md("""
        ## Iterative deepening, PVS and MTD(f)

        Three ways to call alpha-beta more cleverly:

        * **iterative deepening** (`id`) searches to depth 1, 2, 3, ... in turn, sharing one
          table: each iteration tries first the best moves of the one before, and a program
          can stop whenever time runs out;
        * **PVS** (`pvs`) searches the first move with the full window and every other move
          with a null window, only to prove it no better; a move that turns out better is
          searched again;
        * **MTD(f)** (`mtdf`) uses only null-window searches, each answering "is the value at
          least *b*?", moving *b* until the answers pin the value.

        6×6 Othello to depth 5 (iterative deepening counts the nodes of all its iterations):
        """),
        code("""
        print("algorithm   value  nodes  table hits")
        for algorithm in ("alphabeta", "id", "pvs", "mtdf"):
            r = negaviz.search(game, algorithm=algorithm, depth=5)
            print(f"{algorithm:10}  {r.value:5}  {r.nodes:5}  {r.tt_hits:10}")
        deepening = negaviz.record(game, algorithm="id", depth=5)
        roots = deepening.roots()
        sizes = [b - a for a, b in zip(roots, roots[1:] + [len(deepening.nodes)])]
        print("iterative deepening, nodes per iteration:", sizes)
        """),
        md("""
        ## 4×4 Othello, solved

        On a 4×4 board the game can be searched to the end, so the value is exact: no
        depth limit, no evaluation.  Values are disc differences; the first player is x.
        """),
        code("""
        small = Othello(4)
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
        print("a best line:", " ".join(best.pv_names))
        """),
        md("""
        With best play the second player (o) wins 4×4 Othello: the value for x is negative,
        the number of discs by which x loses.
        """),
    ]


# --------------------------------------------------------------------------- 08 exercises
def exercises_notebook() -> list[Cell]:
    return [
        md("""
        # 8 · Exercises

        Quiz mode turns a recorded search into questions: what a node returns, what window
        it gets, which children are never visited.  Every answer is read from the trace, so
        the questions always match the search that was run.  A seeded random tree gives every
        student (or every year) a fresh exercise that can be made again exactly.
        """),
        code("""
        import math

        import negaviz
        from negaviz.quiz import exercise, questions, random_tree
        from negaviz.student import check, trace_calls
        from negaviz.widgets import StepperWidget
        """),
        md("""
        ## A random tree

        Depth 3, two children per node, leaves from −9 to 9 for the first player, from seed 1:
        """),
        code("""
        tree = random_tree(3, 2, seed=1)
        print(tree.text())
        trace = negaviz.record(tree, algorithm="alphabeta")
        qs = questions(trace)
        print(len(qs), "questions; the first ones:")
        for q in qs[:6]:
            print(" -", q.prompt)
        """),
        md("""
        ## Answers checked

        `Question.check` reads answers as students type them (`-3`, `−3`, `(5, inf)`, `G and H`)
        and explains the right answer either way; an answer it cannot read gets a note
        saying so instead of a verdict.
        """),
        code("""
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
        """),
        md("""
        In class, the stepper asks the questions as the search reaches them: type an answer
        and press *check* before stepping on.
        """),
        code("""
        StepperWidget(trace, quiz=True, windows=True)
        """),
        md("""
        ## Fix the function

        An exercise for students: this alpha-beta has one mistake.  `check()` runs it beside
        negaviz's alpha-beta and names the first node where they part.  Fix the function in
        your copy until `check()` says OK.
        """),
        code("""
        @trace_calls(tree, position="node", alpha="alpha", beta="beta")
        def alphabeta(node, alpha, beta):
            if tree.is_terminal(node):
                return tree.score(node)
            best = -math.inf
            for move in tree.moves(node):
                value = -alphabeta(tree.play(node, move), -alpha, -beta)
                best = max(best, value)
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return best


        alphabeta(tree.root, -math.inf, math.inf)
        print(check(alphabeta.last_trace))
        """),
        md("""
        ## For lecturers: an exercise sheet and its answer key

        `exercise` makes a sheet from a seed: the tree, questions worth asking (the root's
        and its children's values, a few finite windows, the pruned children), and an answer
        key listing every node's window and value.  The same seed always gives the same
        sheet.
        """),
        code("""
        sheet = exercise(3, 2, seed=11)
        print(sheet.to_markdown())
        """),
        code("""
        print(sheet.answer_key())
        print()
        print("the same sheet again from the same seed:", exercise(3, 2, seed=11).answer_key() == sheet.answer_key())
        """),
    ]


# --------------------------------------------------------------------------- the list
TITLES: dict[str, tuple[str, str]] = {
    "00-index": ("Index", "this page"),
    "01-negamax": ("Minimax to negamax", "one case instead of two; leaf scores for the side to move; the colour parameter"),
    "02-tictactoe": ("Tic-tac-toe with negamax", "the game tree counted; positions, transpositions, symmetry; lecture-note figures explained"),
    "03-alphabeta": ("Alpha-beta", "windows, cutoffs, fail-hard and fail-soft; a worked example stepped through"),
    "04-move-ordering": ("Move ordering and threat search", "natural, heuristic and threat orders; stopping at wins; forced moves"),
    "05-transposition-tables": ("Transposition tables", "exact, lower and upper entries; why a value alone is wrong; bounded tables"),
    "06-proof-trees": ("Proof trees", "one move for the winner, every reply for the loser; a draw needs two proofs"),
    "07-depth-limited-othello": ("Depth-limited search: Othello", "evaluation functions, depth, iterative deepening, PVS, MTD(f); 4×4 Othello solved"),
    "08-exercises": ("Exercises", "quiz questions with feedback, a function to fix, exercise sheets with answer keys"),
}

BUILDERS: dict[str, Callable[[], list[Cell]]] = {
    "00-index": index,
    "01-negamax": negamax_notebook,
    "02-tictactoe": tictactoe_notebook,
    "03-alphabeta": alphabeta_notebook,
    "04-move-ordering": ordering_notebook,
    "05-transposition-tables": tt_notebook,
    "06-proof-trees": proof_notebook,
    "07-depth-limited-othello": othello_notebook,
    "08-exercises": exercises_notebook,
}
NAMES = list(BUILDERS)


# --------------------------------------------------------------------------- building
def make(name: str) -> nbformat.NotebookNode:
    """The notebook ``name`` with its cells, not executed."""
    nb = nbformat.v4.new_notebook()
    for i, (kind, source) in enumerate(BUILDERS[name](), 1):
        cell = nbformat.v4.new_markdown_cell(source) if kind == "markdown" else nbformat.v4.new_code_cell(source)
        cell.id = f"c{i:02d}"
        nb.cells.append(cell)
    nb.metadata["kernelspec"] = dict(KERNEL)
    return nb


def execute(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Run every cell in a fresh kernel, in ``notebooks/``, keeping the outputs."""
    from nbclient import NotebookClient

    client = NotebookClient(
        nb,
        kernel_name=KERNEL["name"],
        timeout=TIMEOUT,
        record_timing=False,  # no timestamps in cell metadata
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    client.execute()
    return nb


def _refs(value: Any) -> list[str]:
    """Model ids referred to ("IPY_MODEL_<id>") inside a widget's state, in key order."""
    return re.findall(r"IPY_MODEL_([0-9a-f]{32})", json.dumps(value, sort_keys=True))


def stable_widget_ids(nb: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """Replace the random widget model ids by ids made from the notebook's name and
    each model's place: widgets shown by cells first (in cell order, each followed by
    the models it refers to), then the rest (links and hidden parts) by content."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    order: list[str] = []

    def visit(model: str) -> None:
        if model in state and model not in order:
            order.append(model)
            for ref in _refs(state[model]):
                visit(ref)

    for cell in nb.cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view:
                visit(view["model_id"])
    while len(order) < len(state):
        rest = [m for m in state if m not in order]
        referred = {ref for m in rest for ref in _refs(state[m])}
        roots = [m for m in rest if m not in referred] or rest

        def content(model: str) -> str:
            text = json.dumps(state[model], sort_keys=True)
            for i, known in enumerate(order):
                text = text.replace(known, f"#{i}")
            return MODEL_ID.sub("?", text)

        visit(min(roots, key=content))
    new = {old: uuid.uuid5(WIDGET_NAMESPACE, f"{name}/{i}").hex for i, old in enumerate(order)}
    text = json.dumps(nb)
    for old, replacement in new.items():
        text = text.replace(old, replacement)
    return nbformat.from_dict(json.loads(text))


def clean(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop what changes from run to run and says nothing about the notebook."""
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        merged: list[Any] = []
        for output in cell.get("outputs", []):
            # A long cell's prints arrive in several chunks, split wherever the kernel
            # happened to flush: join neighbouring chunks of one stream (nbval does too).
            last = merged[-1] if merged else None
            if (output.output_type == "stream" and last is not None and last.output_type == "stream"
                    and last.name == output.name):
                last.text += output.text
            else:
                merged.append(output)
        if cell.cell_type == "code":
            cell.outputs = merged
    return nb


def build(name: str) -> Path:
    path = NOTEBOOKS / f"{name}.ipynb"
    nb = execute(make(name))
    nb = stable_widget_ids(clean(nb), name)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return path


def check() -> list[str]:
    """Differences between the saved notebooks' sources and the cells above."""
    problems = []
    saved = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
    for extra in sorted(set(saved) - set(NAMES)):
        problems.append(f"notebooks/{extra}.ipynb is not made by this script")
    for name in NAMES:
        path = NOTEBOOKS / f"{name}.ipynb"
        if not path.exists():
            problems.append(f"notebooks/{name}.ipynb is missing: run python tools/build_notebooks.py {name}")
            continue
        want = [(c.cell_type, c.id, c.source) for c in make(name).cells]
        have = [(c.cell_type, c.get("id"), c.source) for c in nbformat.read(path, as_version=4).cells]
        if want != have:
            first = next((i for i, (a, b) in enumerate(zip(want, have)) if a != b), min(len(want), len(have)))
            problems.append(
                f"notebooks/{name}.ipynb differs from tools/build_notebooks.py from cell {first + 1} on "
                f"({len(have)} cells saved, {len(want)} built): run python tools/build_notebooks.py {name}"
            )
    return problems


def resolve(arg: str) -> str:
    stem = Path(arg).name.removesuffix(".ipynb")
    matches = [n for n in NAMES if n == stem or n.startswith(stem + "-") or n.split("-")[0] == stem]
    if len(matches) != 1:
        raise SystemExit(f"unknown notebook {arg!r} (one of: {', '.join(NAMES)})")
    return matches[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="notebooks to build (default: all), e.g. 03 or 03-alphabeta")
    parser.add_argument("--check", action="store_true", help="compare the saved notebooks' sources with this script; run nothing")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for p in problems:
            print(p, file=sys.stderr)
        if not problems:
            print(f"{len(NAMES)} notebooks match tools/build_notebooks.py")
        return 1 if problems else 0
    for name in [resolve(a) for a in args.names] or NAMES:
        print(f"building notebooks/{name}.ipynb", flush=True)
        build(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
