"""Replay: the state of every node after the first k events of a trace.

Stepping through a search means showing, after each event, which nodes are finished,
which are on the call stack, their windows and best values.  This module computes that
from the trace alone; nothing is searched again.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from negaviz.errors import InputError
from negaviz.search.events import Bound
from negaviz.trace.mcts import MctsTrace
from negaviz.trace.timeline import Code, Status
from negaviz.trace.trace import Event, Trace, check_trace
from negaviz.vocabulary import check_int, check_step


class StepOutsideTrace(InputError, IndexError):
    """A step outside ``0..len(trace)``: an InputError like every step check, and the
    IndexError :meth:`Replay.state_at` has always raised."""


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
    nodes: Mapping[int, NodeState]
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
    """The state after any number of events: ``state_at(k)`` for any k.

    States are read from the trace's :class:`~negaviz.trace.timeline.Timeline` (built
    once per trace, then shared), so ``state_at`` costs the depth of the call stack, not
    the events before it; a state's ``nodes`` are looked up when asked for.
    ``every`` is accepted for compatibility and unused (there are no checkpoints).
    """

    def __init__(self, trace: Trace, every: int | None = None) -> None:
        check_trace(trace, mcts=True)
        if isinstance(trace, MctsTrace):
            raise InputError("Replay steps a negamax or alpha-beta trace; this one is a Monte Carlo tree search's: "
                             "step it with negaviz.trace.mcts.state_at")
        check_int(every, "every", low=1, none=True)
        self.trace = trace

    def __len__(self) -> int:
        return len(self.trace)

    def state_at(self, step: int) -> State:
        """The state after the first ``step`` events (0 <= step <= len(trace))."""
        try:
            check_step(step, len(self.trace))
        except InputError as e:
            raise StepOutsideTrace(str(e)) from None
        from negaviz.trace.timeline import timeline_of  # the timeline reads this module's Status

        tl = timeline_of(self.trace)
        last = self.trace.event(step - 1) if step else None
        return State(step, _Nodes(self.trace, tl, step), tl.stack(step), last)


class _Nodes(Mapping[int, NodeState]):
    """Every node entered by a step, by number, each state looked up when asked for."""

    def __init__(self, trace: Trace, timeline: Any, step: int) -> None:
        self._trace, self._tl, self._step = trace, timeline, step
        self._visible = timeline.entered(step)

    def __getitem__(self, nid: int) -> NodeState:
        if isinstance(nid, bool) or not isinstance(nid, int) or not 0 <= nid < self._visible:
            raise KeyError(nid)
        return node_state(self._trace, self._tl, nid, self._step)

    def __iter__(self) -> Iterator[int]:
        return iter(range(self._visible))

    def __len__(self) -> int:
        return self._visible


def node_state(trace: Trace, timeline: Any, nid: int, step: int) -> NodeState:
    """Node ``nid`` after ``step`` events, as a :class:`NodeState` (entered nodes only).

    A returned node keeps the window and best value it had when it returned.
    """
    at = timeline.node_at(nid, step)
    nodes = trace.nodes
    kids = nodes[nid].children
    # Children reported back (CHILD/BEST comes right after the child returns), except a
    # PVS null-window search that is searched again (RESEARCH instead; a trace stopped
    # right after it has no second search yet).
    kinds = timeline.kinds
    tried = sum(
        1 for c in kids
        if 0 <= nodes[c].exit_step and nodes[c].exit_step + 1 < step and kinds[nodes[c].exit_step + 1] != Code.RESEARCH
    )
    if at.status is Status.DONE:
        before = timeline.node_at(nid, timeline.lives[nid].exit)  # just before it returned
        return NodeState(Status.DONE, before.alpha, before.beta, before.value, at.value, at.bound, tried, at.cut)
    return NodeState(at.status, at.alpha, at.beta, at.value, None, None, tried, at.cut)


def final_value(trace: Trace) -> Any:
    """The (last) root's value after replaying every event."""
    state = Replay(trace).state_at(len(trace))
    roots = trace.roots()  # drivers (id, mtdf) search the root once per call: the last counts
    root = state.nodes.get(roots[-1]) if roots else None
    return None if root is None else root.value
