"""Knuth–Moore node types: which nodes were PV, CUT or ALL, expected and observed.

Knuth and Moore (1975) sorted the nodes of an alpha-beta search into three types, and
Marsland and Popowich named them; with perfect move ordering each type does a fixed
amount of work:

* **PV** (type 1): its value falls inside the window; every child is searched.
* **CUT** (type 2): one child refutes it (fails high, ``value >= beta``); the rest are cut.
* **ALL** (type 3): every child is searched and none raises alpha (fails low, ``value <= alpha``).

:func:`node_types` gives the types *expected* from the tree's shape alone, by the rules
(applied to the children in the order they were searched):

* every root is PV (iterative deepening and MTD(f) search the root several times);
* the first child of a PV node is PV, and so is a PVS re-search; its other children are CUT;
* the first child of a CUT node is ALL (one child is expected to refute it); a CUT node
  that needs a second child was really an ALL node, so its later children are CUT;
* every child of an ALL node is CUT.

:func:`observed_types` reads what happened: a node whose value came back ``>= beta`` of
the window it was entered with failed high (CUT), ``<= alpha`` failed low (ALL), strictly
between is exact (PV).  For inner nodes this is the bound the node reported (LOWER, UPPER,
EXACT); leaves are always exact, but against their window they fail high or low like any
node.  Where the two maps disagree, move ordering was imperfect.  Both read the trace only.

>>> import negaviz
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> [trace.label(n) for n in range(len(trace.nodes))]
['A', 'B', 'D', 'E', 'C', 'F']
>>> list(node_types(trace).values())
['PV', 'PV', 'PV', 'CUT', 'CUT', 'ALL']
>>> list(observed_types(trace).values())  # E was better than D for B: it became the PV
['PV', 'PV', 'PV', 'PV', 'CUT', 'ALL']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Literal, Mapping, get_args

from negaviz.errors import InputError
from negaviz.trace.trace import Trace, check_trace
from negaviz.vocabulary import check_callable

if TYPE_CHECKING:  # drawing needs graphviz; reading types does not
    from negaviz.render.styles import NodeView

__all__ = ["node_types", "observed_types", "type_counts", "with_node_types"]

NodeType = Literal["PV", "CUT", "ALL"]
"""A Knuth–Moore node type: ``PV`` (type 1, exact), ``CUT`` (type 2, fails high) or
``ALL`` (type 3, fails low); see the module docstring."""

NODE_TYPES: tuple[NodeType, ...] = get_args(NodeType)
"""The three Knuth–Moore types, as the strings the functions here use."""

PV, CUT, ALL = NODE_TYPES


def node_types(trace: Trace) -> dict[int, NodeType]:
    """The expected type of every node entered, by node number (see the module docstring)."""
    check_trace(trace)
    if not trace.alternates:
        raise InputError("node types (PV, CUT, ALL) follow windows that swap at every level, and in this tree a side "
                         "moves twice in a row: Knuth and Moore's types do not apply")
    nodes = trace.nodes
    types: dict[int, NodeType] = {}
    for node in nodes:  # numbered in entry order: a parent always comes before its children
        if node.parent < 0:
            types[node.id] = PV
            continue
        parent = types[node.parent]
        first = nodes[node.parent].children[0] == node.id
        if parent == PV:
            types[node.id] = PV if first or node.research else CUT
        elif parent == CUT:
            types[node.id] = ALL if first else CUT
        else:
            types[node.id] = CUT
    return types


def observed_types(trace: Trace) -> dict[int, NodeType]:
    """The type every returned node showed: CUT if its value was ``>= beta`` of its
    window (it failed high), ALL if ``<= alpha`` (it failed low), else PV.  Nodes that
    never returned (a partial trace) are left out."""
    check_trace(trace)
    types: dict[int, NodeType] = {}
    for node in trace.nodes:
        if node.value is None:
            continue
        if node.value >= node.beta:
            types[node.id] = CUT
        elif node.value <= node.alpha:
            types[node.id] = ALL
        else:
            types[node.id] = PV
    return types


def type_counts(types: Mapping[int, NodeType]) -> dict[NodeType, int]:
    """How many nodes of each type: ``{"PV": .., "CUT": .., "ALL": ..}``."""
    if not isinstance(types, Mapping):
        raise InputError(f"types must be a mapping of node numbers to types (from node_types), not {type(types).__name__}")
    counts = dict.fromkeys(NODE_TYPES, 0)
    for t in types.values():
        counts[t] = counts.get(t, 0) + 1
    return counts


Style = Callable[["NodeView"], dict[str, str]]


def with_node_types(
    style: Style, types: Mapping[int, NodeType], observed: Mapping[int, NodeType] | None = None,
) -> Style:
    """A node style for :func:`negaviz.render.draw`: ``style``'s attributes, plus the
    node's type as an ``xlabel`` (a small tag beside the node, outside its label).

    With ``observed`` too, a node whose observed type differs shows both, expected
    first: ``CUT→PV`` is a node expected to be cut that turned out exact.  Ghosts,
    folded summaries and legend swatches are styled as ``style`` says, untagged.  Dot
    places an ``xlabel`` where it finds room, usually just above-left of its node.

    >>> from negaviz.render.styles import NodeView, default_node_style
    >>> tagged = with_node_types(default_node_style, {0: "PV", 3: "CUT"}, {0: "PV", 3: "PV"})
    >>> tagged(NodeView("n0", "node", node=0))["xlabel"], tagged(NodeView("n3", "node", node=3))["xlabel"]
    ('PV', 'CUT→PV')
    >>> "xlabel" in tagged(NodeView("g0_1", "pruned"))
    False
    """
    check_callable(style, "style", takes="from a NodeView to graphviz attributes")
    for what, given in (("types", types), ("observed", observed)):
        if not isinstance(given, Mapping) and not (what == "observed" and given is None):
            raise InputError(f"{what} must be a mapping of node numbers to types (from node_types), not {type(given).__name__}")

    def tagged(view: NodeView) -> dict[str, str]:
        attrs = dict(style(view))
        nid = view.node
        expected = types.get(nid) if view.kind == "node" and nid >= 0 else None
        if expected is not None:
            seen = observed.get(nid) if observed is not None else None
            attrs["xlabel"] = expected if seen is None or seen == expected else f"{expected}→{seen}"
        return attrs

    return tagged
