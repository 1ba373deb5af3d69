"""The search after a step, as far as drawing needs it (:func:`snapshot`), and the size
of any subtree in a few look-ups (:class:`Sizes`): the two things
:func:`negaviz.layout.fold.plan` folds a drawing from.

Nothing here walks the whole trace.  Node numbers are a depth-first preorder, so a
subtree is a contiguous range of numbers; whether a node has been entered or has
returned follows from its enter and exit steps, and only the nodes on the call stack
need their live window and best value, which the trace's timeline gives at any step.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter

from negaviz.trace.replay import NodeState, node_state
from negaviz.trace.timeline import timeline_of
from negaviz.trace.trace import Node, Trace
from negaviz.vocabulary import check_step

__all__: list[str] = []


@dataclass(frozen=True)
class Snapshot:
    """The search after ``step`` events, as far as drawing needs it."""

    trace: Trace
    step: int
    """Events applied."""
    visible: int
    """Nodes entered so far: their numbers are ``0 .. visible - 1``."""
    stack: tuple[int, ...]
    """The call stack, root first; the last node is the current one."""
    live: dict[int, NodeState]
    """The state of each node on the stack (window, best so far, cut)."""
    best_so_far: dict[int, int]
    """For nodes on the stack: the child that gave the best value so far."""
    pv: tuple[int, ...]
    """The best line so far, from the root (the principal variation once finished)."""
    expanded_current: bool
    """Whether the current node has generated its moves already."""

    def done(self, nid: int) -> bool:
        """Whether node ``nid`` has returned by this step."""
        exit_step = self.trace.nodes[nid].exit_step
        return nid < self.visible and 0 <= exit_step < self.step

    @property
    def current(self) -> int | None:
        return self.stack[-1] if self.stack else None


def visible_children(node: Node, visible: int) -> list[int]:
    """The children of ``node`` entered among the first ``visible`` nodes."""
    kids = node.children
    return kids if not kids or kids[-1] < visible else kids[: bisect_left(kids, visible)]


def snapshot(trace: Trace, step: int) -> Snapshot:
    """The state after the first ``step`` events (``len(trace)``: the whole trace)."""
    check_step(step, len(trace))
    nodes = trace.nodes
    visible = bisect_left(nodes, step, key=attrgetter("enter_step"))  # entered before `step`

    def done(nid: int) -> bool:
        return 0 <= nodes[nid].exit_step < step

    # The call stack: from the root, follow the last child entered while it is still open.
    stack: list[int] = []
    if visible and not done(0):
        stack.append(0)
        while True:
            kids = visible_children(nodes[stack[-1]], visible)
            if not kids or done(kids[-1]):
                break
            stack.append(kids[-1])
    # The stack nodes' live windows and best children, from the trace's timeline.
    timeline = timeline_of(trace)
    live = {s: node_state(trace, timeline, s, step) for s in stack}
    best_so_far = {s: b for s in stack if (b := timeline.node_at(s, step).best_child) >= 0}
    pv = timeline.best_line(step)
    expanded = True
    if stack:
        # With a table, a node generates its moves only after the probe (its 2nd event).
        cur = stack[-1]
        options = getattr(trace.result, "options", None)
        expanded = not getattr(options, "tt", False) or step > nodes[cur].enter_step + 1
    return Snapshot(trace, step, visible, tuple(stack), live, best_so_far, pv, expanded)


# ------------------------------------------------------------------------ sizes
class Sizes:
    """Subtree sizes by the contiguous-range rule, computed only where asked."""

    def __init__(self, nodes: Sequence[Node], visible: int) -> None:
        self.nodes = nodes
        self.visible = visible
        self._end: dict[int, int] = {}

    def end(self, nid: int) -> int:
        """One past the last node number of ``nid``'s subtree (before clipping)."""
        chain = []
        while nid not in self._end:
            parent = self.nodes[nid].parent
            if parent < 0:
                self._end[nid] = len(self.nodes)
                break
            sibs = self.nodes[parent].children
            i = bisect_left(sibs, nid) + 1
            if i < len(sibs):
                self._end[nid] = sibs[i]
                break
            chain.append(nid)
            nid = parent  # the last child ends where its parent ends
        end = self._end[nid]
        for n in chain:
            self._end[n] = end
        return end

    def __call__(self, nid: int) -> int:
        """Nodes in ``nid``'s subtree that are visible (``nid`` included)."""
        return min(self.end(nid), self.visible) - nid
