"""A trace as a picture: :func:`draw` returns a ``graphviz.Digraph``.

Drawing reads the trace and never searches again.  It is a pure function: the same
trace and options give the same DOT source, byte for byte.

>>> import negaviz
>>> from negaviz.render import draw
>>> trace = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
>>> dot = draw(trace, legend=False)
>>> [line.split()[0] for line in dot.body if "->" not in line]
['n0', 'n1', 'n4', 'n2', 'n3', 'n5', 'g4_1', 'g4_2', 'graph']
>>> draw(trace).source == draw(trace).source
True
"""

from __future__ import annotations

import graphviz  # type: ignore[import-untyped]

from negaviz.errors import InputError
from negaviz.games.protocol import restore
from negaviz.layout.fold import given_plan, plan, snapshot
from negaviz.render import labels
from negaviz.render.builder import NODE_ATTR, Builder, EdgeStyle, NodeStyle
from negaviz.render.styles import default_edge_style, default_node_style
from negaviz.render.tree_legend import GIVEN_NOTE, PREVIEW_NOTE
from negaviz.trace.mcts import MctsTrace
from negaviz.trace.trace import Trace, check_trace
from negaviz.vocabulary import PERSPECTIVES, Perspective, check_callable, check_flag, check_step, view_of

# (Builder and the DOT attributes live in builder.py, the caption and legend in
# tree_legend.py; NODE_ATTR, the legend's notes and PERSPECTIVES are imported here too,
# where the tests and negaviz.render find them)

MIN_NODES = 4
"""The smallest ``max_nodes``: the root, its children folded, its ghosts, the legend."""


def check_max_nodes(max_nodes: int) -> int:
    """``max_nodes`` if a drawing can hold it, else an InputError naming what is allowed."""
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < MIN_NODES:
        raise InputError(f"max_nodes must be a whole number of at least {MIN_NODES}, not {max_nodes!r}")
    return max_nodes


def check_preview(preview: bool) -> bool:
    """``preview`` if it is a bool, else an InputError (a truthy string must not switch it on)."""
    return check_flag(preview, "preview")


def draw(
    trace: Trace,
    *,
    step: int | None = None,
    perspective: Perspective | None = None,
    windows: bool = False,
    dag: bool = False,
    max_nodes: int = 400,
    node_style: NodeStyle = default_node_style,
    edge_style: EdgeStyle = default_edge_style,
    legend: bool = True,
    preview: bool = False,
) -> graphviz.Digraph:
    """The search tree of ``trace`` as a graphviz ``Digraph`` (nothing is rendered yet).

    ``step``: None for the whole trace, k for the state after the first k events.
    ``perspective``: ``negamax`` shows each value for the side to move at its node,
    ``minimax`` for the first player (values where the second player moves negated).
    ``windows``: show each node's alpha-beta window and the bound type of its value.
    ``dag``: merge transposed positions (same game key) into one node; table hits
    become dashed edges to the node already drawn.
    ``max_nodes``: the most nodes handed to dot (the legend included); larger trees are
    folded into summary nodes, keeping the root, the path to the current node and the
    principal variation.
    ``node_style``/``edge_style``: functions from a :class:`NodeView`/:class:`EdgeView`
    to graphviz attributes (see :mod:`negaviz.render.styles`).
    ``legend``: add a table explaining the styles used.
    ``preview``: with ``step``, also draw the rest of the search faintly (the caption
    and the legend say so); off by default, since a step should not give away what the
    search does next.
    """
    check_trace(trace, mcts=True)
    if isinstance(trace, MctsTrace):
        raise InputError("draw() draws a negamax or alpha-beta trace; this one is a Monte Carlo tree search's: "
                         "draw it with negaviz.render.mcts_tree.draw_mcts")
    perspective = view_of(perspective)
    for name, flag in (("windows", windows), ("dag", dag), ("legend", legend)):
        check_flag(flag, name)
    check_callable(node_style, "node_style", takes="from a NodeView to graphviz attributes")
    check_callable(edge_style, "edge_style", takes="from an EdgeView to graphviz attributes")
    if step is not None:
        check_step(step, len(trace))
    check_max_nodes(max_nodes)
    check_preview(preview)
    if dag and trace.game is None:
        raise InputError("dag=True needs the trace's game, to know which positions are the same")
    passes = trace.passes()
    pass_note = ""
    if len(passes) > 1:
        # A driver searched the root several times: draw the pass the step falls in
        # (the last pass when the whole trace is drawn).
        at = len(trace) if step is None else step
        index = max(i for i, (first, _) in enumerate(passes) if first <= max(at - 1, 0))
        first, part = passes[index]
        pass_note = f"pass {index + 1} (from step {first})"  # (how many passes, and how long, is later)
        trace, step = part, None if step is None else min(step - first, len(part))
    snap = snapshot(trace, len(trace) if step is None else step)
    textbook = labels.family(trace.game) == "textbook"  # named ghosts teach; board ghosts clutter
    budget = max_nodes - 1 if legend else max_nodes
    builder = Builder(trace, snap, perspective=perspective, windows=windows, dag=dag)
    # A textbook tree is the exercise's data: drawn whole when it fits (given_plan).
    whole = textbook and not dag
    if preview and snap.step < len(trace):
        # The layout of the whole search, keeping the stack and the best line of this
        # step; what is not done yet is drawn as it ends up, faintly.
        final = snapshot(trace, len(trace))
        layout = (given_plan(trace, final, budget) if whole else None) or plan(
            trace, final, budget, ghosts=None if textbook else 2, also_keep=(*snap.stack, *snap.pv),
        )
        builder.later = Builder(trace, final, perspective=perspective, windows=windows, dag=dag)
        builder.replanned = True
    else:
        layout = (given_plan(trace, snap, budget) if whole else None) or plan(
            trace, snap, budget, ghosts=None if textbook else 2,
        )
    if labels.family(trace.game) == "board":
        # A board's picture holds the nodes the search has entered, as the stepper's does
        # (its "save SVG" is this picture): no placeholder for a move not tried yet (which
        # moves are left, and what they lead to, is for the search to find) nor for one a
        # cutoff skipped (the node that cuts says "cut").  A textbook tree's ghosts are
        # the exercise's given tree.
        layout.items[:] = [item for item in layout.items if item.node >= 0 or item.kind not in ("pruned", "unvisited")]
    builder.pass_note = pass_note
    try:
        return builder.build(layout, node_style, edge_style, legend=legend, max_nodes=max_nodes)
    finally:
        restore(trace.game)  # a MutableGame moved its object to label positions: put it back
