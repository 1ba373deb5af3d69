"""Replay: the state of every node after the first k events of a trace.

Stepping through a search means showing, after each event, which nodes are finished,
which are on the call stack, their windows and best values.  This module computes that
from the trace alone; nothing is searched again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from negaviz.search.events import Bound, EventKind
from negaviz.trace.trace import Event, Trace

_K = EventKind


class Status(Enum):
    """Where a node stands at a step."""

    UNVISITED = "unvisited"
    """Not entered yet."""
    ACTIVE = "active"
    """On the call stack, below the current node."""
    CURRENT = "current"
    """The node the search is at."""
    DONE = "done"
    """Returned."""


@dataclass(frozen=True)
class NodeState:
    """One node's state at a step."""

    status: Status
    alpha: float | None = None
    """The node's alpha now (raised as children return)."""
    beta: float | None = None
    """The node's beta now (lowered only by a table entry)."""
    best: float | None = None
    """Best value so far (None before the first child returns)."""
    value: float | None = None
    """The value returned (DONE nodes only)."""
    bound: Bound | None = None
    """Exact, lower or upper (DONE nodes only)."""
    tried: int = 0
    """Children that have returned."""
    cut: bool = False
    """Whether a cutoff happened here."""


@dataclass(frozen=True)
class State:
    """All nodes' states after the first ``step`` events."""

    step: int
    """How many events have been applied."""
    nodes: dict[int, NodeState]
    """State of every node entered so far, by number (absent: unvisited)."""
    stack: tuple[int, ...]
    """The call stack, root first; its last node is the current one."""
    last: Event | None
    """The event applied last, or None at step 0."""

    def status(self, nid: int) -> Status:
        s = self.nodes.get(nid)
        return Status.UNVISITED if s is None else s.status

    @property
    def current(self) -> int | None:
        return self.stack[-1] if self.stack else None


class Replay:
    """Applies a trace's events one at a time; ``state_at(k)`` for any k.

    Checkpoints every ``every`` steps make random access cheap for long traces.
    """

    def __init__(self, trace: Trace, every: int | None = None) -> None:
        self.trace = trace
        # Each checkpoint copies the node states, so long traces keep about 64 of them.
        self.every = every if every is not None else max(256, len(trace) // 64)
        self._checkpoints: dict[int, tuple[dict[int, NodeState], tuple[int, ...]]] = {0: ({}, ())}

    def __len__(self) -> int:
        return len(self.trace)

    def state_at(self, step: int) -> State:
        """The state after the first ``step`` events (0 <= step <= len(trace))."""
        if not 0 <= step <= len(self.trace):
            raise IndexError(f"step {step} is outside 0..{len(self.trace)}")
        base = max(k for k in self._checkpoints if k <= step)
        nodes_, stack_ = self._checkpoints[base]
        nodes = dict(nodes_)
        stack = list(stack_)
        events = self.trace.events
        for k in range(base, step):
            _apply(nodes, stack, events[k])
            if (k + 1) % self.every == 0 and k + 1 not in self._checkpoints:
                self._checkpoints[k + 1] = (dict(nodes), tuple(stack))
        return State(step, nodes, tuple(stack), events[step - 1] if step else None)


def _apply(nodes: dict[int, NodeState], stack: list[int], ev: Event) -> None:
    kind = ev.kind
    if kind == _K.ENTER:
        if stack:
            nodes[stack[-1]] = replace(nodes[stack[-1]], status=Status.ACTIVE)
        nodes[ev.node] = NodeState(Status.CURRENT, alpha=ev.alpha, beta=ev.beta)
        stack.append(ev.node)
        return
    me = nodes[ev.node]
    if kind in (_K.LEAF, _K.EVAL, _K.EXIT):
        nodes[ev.node] = replace(me, status=Status.DONE, value=ev.value, bound=ev.bound)
        stack.pop()
        if stack:
            nodes[stack[-1]] = replace(nodes[stack[-1]], status=Status.CURRENT)
    elif kind == _K.CHILD:
        nodes[ev.node] = replace(me, tried=me.tried + 1)
    elif kind == _K.BEST:
        nodes[ev.node] = replace(me, tried=me.tried + 1, best=ev.value, alpha=ev.alpha)
    elif kind == _K.CUTOFF:
        nodes[ev.node] = replace(me, cut=True)
    elif kind == _K.TT_PROBE and ev.bound is not None and not ev.ended:
        # A bound from the table narrows the window before any child is searched.
        if ev.bound == Bound.LOWER and ev.value is not None and me.alpha is not None:
            nodes[ev.node] = replace(me, alpha=max(me.alpha, ev.value))
        elif ev.bound == Bound.UPPER and ev.value is not None and me.beta is not None:
            nodes[ev.node] = replace(me, beta=min(me.beta, ev.value))


def final_value(trace: Trace) -> Any:
    """The (last) root's value after replaying every event."""
    state = Replay(trace).state_at(len(trace))
    roots = trace.roots()  # drivers (id, mtdf) search the root once per call: the last counts
    root = state.nodes.get(roots[-1]) if roots else None
    return None if root is None else root.value
