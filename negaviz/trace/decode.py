"""Decoding a trace's packed event stream into its nodes, in one pass (see
:meth:`negaviz.trace.trace.Trace.nodes`): inlined for speed, as a trace may hold millions
of events."""

from __future__ import annotations

from array import array
from typing import Any, Sequence

from negaviz.search.events import WIDTH, Bound, CutReason
from negaviz.search.events import EventKind as _K
from negaviz.trace.nodes import Ending, Node, _num

__all__: list[str] = []


def decode(s: array, moves: Sequence[tuple[Any, ...]]) -> tuple[array, array, list[Node], tuple[int, ...]]:
    """One pass over the stream ``s``: where each event starts, its node, the nodes (each
    given its move list from ``moves`` as it expands), and the nodes that never returned."""
    offsets = array("q")
    owners = array("q")
    nodes: list[Node] = []
    stack: list[int] = []
    moves_iter = iter(moves)
    add_offset, add_owner = offsets.append, owners.append
    width = [0] * (max(WIDTH) + 1)
    for k, w in WIDTH.items():
        width[k] = w
    enter, leaf, ev_, exit_, best, cut, probe, research, chance, outcome = (
        _K.ENTER, _K.LEAF, _K.EVAL, _K.EXIT, _K.BEST, _K.CUTOFF, _K.TT_PROBE, _K.RESEARCH, _K.CHANCE, _K.OUTCOME,
    )
    e_leaf, e_eval, e_tt, e_bounds, e_inner, e_open = (  # locals: set once per node
        Ending.LEAF, Ending.EVAL, Ending.TT, Ending.BOUNDS, Ending.INNER, Ending.OPEN,
    )
    again = False
    last_returned = -1
    pos = 0
    n = len(s)
    step = 0
    while pos < n:
        kind = int(s[pos])
        add_offset(pos)
        if kind == enter:
            nid = len(nodes)
            if stack:
                parent = stack[-1]
                p = nodes[parent]
                if p.moves is None:
                    p.moves = next(moves_iter)
                p.children.append(nid)
                p._child_indices.append(int(s[pos + 1]))
            else:
                parent = -1
            nodes.append(Node(nid, parent, len(stack), int(s[pos + 1]), s[pos + 2], s[pos + 3], step))
            if again:
                nodes[nid].research, again = True, False
            stack.append(nid)
        else:
            nid = stack[-1]
            if kind == leaf or kind == ev_:
                node = nodes[nid]
                node.value, node.bound = _num(s[pos + 1]), Bound.EXACT
                node.ending = e_leaf if kind == leaf else e_eval
                node.exit_step = step
                last_returned = stack.pop()
            elif kind == exit_:
                node = nodes[nid]
                node.value, node.bound = _num(s[pos + 1]), Bound(int(s[pos + 2]))
                if node.ending is e_open:
                    # No child and no table entry: the game's value bounds ended it.
                    node.ending = e_inner if node.moves is not None or node.children else e_bounds
                node.exit_step = step
                last_returned = stack.pop()
            elif kind == best:
                nodes[nid].best_child = last_returned
            elif kind == cut:
                nodes[nid].cutoff = CutReason(int(s[pos + 1]))
            elif kind == probe and int(s[pos + 1]) & 4:
                nodes[nid].ending = e_tt
            elif kind == research:
                again = True
            elif kind == chance:
                nodes[nid].chance = (_num(s[pos + 1]), _num(s[pos + 2]), bool(s[pos + 3]))
            elif kind == outcome:
                nodes[last_returned].probability = s[pos + 2]
        add_owner(nid)
        pos += width[kind]
        step += 1
    # A node cut short by a budget may have expanded without entering a child.
    rest = list(moves_iter)
    if rest and stack and nodes[stack[-1]].moves is None:
        nodes[stack[-1]].moves = rest[0]
    return offsets, owners, nodes, tuple(stack)
