"""Analysis: numbers read from traces (never by searching again).

>>> import negaviz
>>> from negaviz.analysis import compare, nodes_per_depth
>>> game = negaviz.TicTacToe("x.o/x../o..")
>>> traces = {a: negaviz.record(game, algorithm=a) for a in ("negamax", "alphabeta")}
>>> nodes_per_depth(traces["negamax"])  # at most 1, 5, 20, 60, 120, 120: wins end lines early
[1, 5, 20, 48, 72, 28]
>>> compare(traces).column("nodes")
[174, 67]
"""

from __future__ import annotations

from negaviz.analysis.stats import (
    Stats,
    Table,
    branching_ratios,
    compare,
    cutoffs_per_depth,
    effective_branching_factor,
    leaves_per_depth,
    nodes_per_depth,
    summary,
    tt_hits_per_depth,
)

__all__ = [
    "nodes_per_depth", "leaves_per_depth", "cutoffs_per_depth", "tt_hits_per_depth",
    "effective_branching_factor", "branching_ratios", "summary", "compare", "Table",
]

from negaviz.analysis.ladder import DEFAULT_STEPS, Step, ValueMismatch, climb, ladder  # noqa: E402
from negaviz.analysis.minimal import (  # noqa: E402
    MinimalComparison,
    MinimalTree,
    compare_with_minimal,
    full_tree,
    minimal_leaf_count,
    minimal_tree,
)
from negaviz.analysis.nodetypes import node_types, observed_types, with_node_types  # noqa: E402

__all__ += [
    "node_types", "observed_types", "with_node_types", "minimal_leaf_count", "full_tree", "minimal_tree",
    "compare_with_minimal", "ladder", "climb", "Step", "DEFAULT_STEPS", "ValueMismatch",
]
