"""The state at step k, for every node and every step, from one pass over a trace.

A :class:`Timeline` turns the event stream into what a stepper needs to show any step
without replaying anything: for each node, the step it is entered and the step it
returns, and the few steps that change what it shows while it is on the call stack (a
new best value and alpha, a table entry narrowing its window, a cutoff); and for each
step, the kind of event it applies and the node the search is at afterwards.

Step k means "after the first k events": step 0 is before the root is entered.  A
node entered by event e is visible from step e + 1; it has returned from step x + 1,
where x is its LEAF, EVAL or EXIT event.

This is the one place that says what a node looks like at a step.  The browser
front-end (:mod:`negaviz.frontend`) receives these records as compact arrays and looks
states up the same way :meth:`Timeline.node_at` does here.

>>> import negaviz
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> tl = Timeline(trace)
>>> tl.kinds[:6]
'EEELBE'
>>> tl.node_at(1, 4)   # B after 4 events: on the stack, D has not returned to it yet
NodeAt(status=<Status.CURRENT: 'current'>, value=None, bound=None, alpha=-inf, beta=inf, cut=False, tt=False, best_child=-1)
>>> tl.node_at(4, len(trace))   # C: cut, failed high (a lower bound for its side)
NodeAt(status=<Status.DONE: 'done'>, value=-3, bound=<Bound.LOWER: 1>, alpha=-inf, beta=-5, cut=True, tt=False, best_child=5)
>>> tl.stack(4), tl.counters(len(trace))
((0, 1), Counters(nodes=6, leaves=3, cutoffs=1, tt_hits=0))
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Any, Final, NamedTuple
from weakref import WeakKeyDictionary

from negaviz.search.events import Bound, EventKind
from negaviz.trace.trace import Ending, Trace, _num
from negaviz.vocabulary import Kind

_K = EventKind


class Code:
    """The letters of :attr:`Timeline.kinds`, one per step: a compact string by design
    (the front-end receives it as is), so the codes are plain one-letter strings."""

    ENTER: Final = "E"
    LEAF: Final = "L"
    EVAL: Final = "V"
    CHILD: Final = "C"
    BEST: Final = "B"
    CUTOFF: Final = "X"
    TT_PROBE: Final = "P"
    """A table probe that missed (a hit is :attr:`TT_HIT`)."""
    TT_STORE: Final = "S"
    EXIT: Final = "R"
    """An EXIT (of a node the game's bounds did not end: that is :attr:`BOUNDS_EXIT`)."""
    RESEARCH: Final = "Q"
    TT_HIT: Final = "H"
    """A table probe that found an entry."""
    CHANCE: Final = "Z"
    """A node says it is a chance node."""
    OUTCOME: Final = "O"
    """A chance node's outcome returned."""
    BOUNDS_EXIT: Final = "Y"
    """An EXIT of a node the game's value bounds ended (counted as a leaf, as
    :meth:`Trace.counts` counts it)."""


KIND_CODES = {
    _K.ENTER: Code.ENTER, _K.LEAF: Code.LEAF, _K.EVAL: Code.EVAL, _K.CHILD: Code.CHILD, _K.BEST: Code.BEST,
    _K.CUTOFF: Code.CUTOFF, _K.TT_PROBE: Code.TT_PROBE, _K.TT_STORE: Code.TT_STORE, _K.EXIT: Code.EXIT,
    _K.RESEARCH: Code.RESEARCH, _K.CHANCE: Code.CHANCE, _K.OUTCOME: Code.OUTCOME,
}
"""One letter per event kind; two more are :attr:`Code.TT_HIT` and :attr:`Code.BOUNDS_EXIT`."""

RETURNS = frozenset({Code.LEAF, Code.EVAL, Code.EXIT, Code.BOUNDS_EXIT})
"""Codes of the events that return from a node."""

LEAF_CODES = Code.LEAF + Code.EVAL + Code.BOUNDS_EXIT
"""Codes of the events the search counts as leaves (as :data:`~negaviz.trace.trace.LEAF_LIKE`)."""

_EVERY = 4096  # steps between the running counts kept for counters()

BEST, LOWER_ALPHA, LOWER_BETA, SUM = 0, 1, 2, 3
"""Kinds of :class:`Change`: a new best value (and alpha); a table entry raising alpha;
one lowering beta; a chance node's weighted sum so far, after an outcome."""


class Change(NamedTuple):
    """Something that changes a node's display while it is on the stack."""

    step: int
    """The event's step: the change shows from step ``step + 1``."""
    kind: int
    """:data:`BEST`, :data:`LOWER_ALPHA` or :data:`LOWER_BETA`."""
    value: float
    """BEST: the new best value; SUM: the weighted sum so far; otherwise the new alpha or beta."""
    alpha: float = 0.0
    """BEST: alpha after the update."""
    child: int = -1
    """BEST: the child that gave the value."""


@dataclass(slots=True)
class NodeLife:
    """One node's whole story, as a stepper shows it."""

    parent: int
    depth: int
    enter: int
    """Step of its ENTER event."""
    exit: int
    """Step of its LEAF/EVAL/EXIT event, -1 if it never returned."""
    alpha: float
    beta: float
    value: float | None
    bound: Bound | None
    tt: bool
    """A table entry ended it."""
    cut: int
    """Step of its CUTOFF event, -1 if none."""
    changes: list[Change]


class Status(Kind):
    """Where a node stands at a step (:attr:`NodeAt.status`, :class:`~negaviz.trace.replay.NodeState`)."""

    UNVISITED = "unvisited"
    """Not entered yet."""
    ACTIVE = "active"
    """On the call stack, below the current node."""
    CURRENT = "current"
    """The node the search is at."""
    DONE = "done"
    """Returned."""


class NodeAt(NamedTuple):
    """A node as shown at one step."""

    status: Status
    """Unvisited, active (on the stack), current or done."""
    value: float | None
    """Done: the value returned; on the stack: the best so far (None before any)."""
    bound: Bound | None
    """Done: exact, lower or upper; None otherwise."""
    alpha: float | None
    beta: float | None
    cut: bool
    tt: bool
    best_child: int
    """The child that gave the best value so far, -1 if none."""


class Counters(NamedTuple):
    """How much the search has done by a step."""

    nodes: int
    leaves: int
    cutoffs: int
    tt_hits: int


def _positions(kinds: list[str], codes: str) -> list[int]:
    """Steps whose event code is one of ``codes``, in order."""
    return [i for i, c in enumerate(kinds) if c in codes]


class _Lives:
    """Nodes' lives, made when asked for from the trace's nodes and the few changes."""

    def __init__(self, nodes: list[Any], changes: dict[int, list[Change]], cuts: dict[int, int]) -> None:
        self._nodes, self._changes, self._cuts = nodes, changes, cuts

    def __len__(self) -> int:
        return len(self._nodes)

    def __getitem__(self, nid: int) -> NodeLife:
        n = self._nodes[nid]
        return NodeLife(
            n.parent, n.depth, n.enter_step, n.exit_step, _num(n.alpha), _num(n.beta), n.value, n.bound,
            n.ending == Ending.TT, self._cuts.get(nid, -1), self._changes.get(nid, []),
        )


_TIMELINES: WeakKeyDictionary[Trace, Timeline] = WeakKeyDictionary()


def timeline_of(trace: Trace) -> Timeline:
    """The trace's timeline, built on first use and kept as long as the trace lives."""
    found = _TIMELINES.get(trace)
    if found is None:
        found = _TIMELINES[trace] = Timeline(trace)
    return found


class Timeline:
    """Every node's life and every step's event kind and current node; see the module."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        nodes = trace.nodes
        s, offsets, owners = trace.stream, trace.offsets, trace.owners
        # Written as whole-list passes, not one loop doing everything per event: a
        # full tic-tac-toe trace has 1.6 million events.
        table = [""] * 16
        for kind, code in KIND_CODES.items():
            table[kind] = code
        kinds = [table[int(s[p])] for p in offsets]
        changes: dict[int, list[Change]] = {}
        for i in _positions(kinds, Code.EXIT):
            if nodes[owners[i]].ending == Ending.BOUNDS:
                kinds[i] = Code.BOUNDS_EXIT
        for i in _positions(kinds, Code.TT_PROBE):
            if s[offsets[i] + 1]:
                kinds[i] = Code.TT_HIT
        for i in _positions(kinds, Code.BEST + Code.TT_HIT + Code.OUTCOME):  # in step order, all kinds together
            nid, pos = owners[i], offsets[i]
            if kinds[i] == Code.OUTCOME:
                k = i - 1
                while kinds[k] not in RETURNS:
                    k -= 1
                changes.setdefault(nid, []).append(Change(i, SUM, _num(s[pos + 3]), 0.0, owners[k]))
                continue
            if kinds[i] == Code.BEST:
                k = i - 1
                while kinds[k] not in RETURNS:  # back over table stores to the child's return
                    k -= 1
                changes.setdefault(nid, []).append(Change(i, BEST, _num(s[pos + 1]), _num(s[pos + 2]), owners[k]))
                continue
            probe = int(s[pos + 1])
            bound = Bound((probe & 3) - 1)
            if not probe & 4 and bound != Bound.EXACT:  # a bound from the table narrows the window
                which = LOWER_ALPHA if bound == Bound.LOWER else LOWER_BETA
                changes.setdefault(nid, []).append(Change(i, which, _num(s[pos + 2])))
        cuts = {owners[i]: i for i in _positions(kinds, Code.CUTOFF)}
        parents = [n.parent for n in nodes]
        current = [-1]  # current[k]: the node the search is at after k events
        current.extend([parents[o] if c in RETURNS else o for c, o in zip(kinds, owners)])
        self.lives = _Lives(nodes, changes, cuts)
        """Every node's :class:`NodeLife`, by number."""
        self.kinds = "".join(kinds)
        """One letter per step's event (see :data:`KIND_CODES`)."""
        self.current = current
        """``current[k]``: the node the search is at after k events (-1: none)."""
        self._enters = [n.enter_step for n in nodes]

    def __len__(self) -> int:
        return len(self.kinds)

    def entered(self, step: int) -> int:
        """Nodes entered in the first ``step`` events (they are numbered 0 up)."""
        return bisect_left(self._enters, step)

    def node_at(self, nid: int, step: int) -> NodeAt:
        """Node ``nid`` as shown after ``step`` events."""
        life = self.lives[nid]
        if step <= life.enter:
            return NodeAt(Status.UNVISITED, None, None, None, None, False, False, -1)
        cut = 0 <= life.cut < step
        best_child = -1
        best: float | None = None
        alpha: float | None = life.alpha
        beta: float | None = life.beta
        for ch in life.changes:
            if ch.step >= step:
                break
            if ch.kind == BEST:
                best, alpha, best_child = ch.value, ch.alpha, ch.child
            elif ch.kind == SUM:
                best = ch.value  # a chance node shows its sum so far; no child is its "best"
            elif ch.kind == LOWER_ALPHA:
                alpha = max(alpha, ch.value) if alpha is not None else ch.value
            else:
                beta = min(beta, ch.value) if beta is not None else ch.value
        if 0 <= life.exit < step:
            return NodeAt(Status.DONE, life.value, life.bound, life.alpha, life.beta, cut, life.tt, best_child)
        status = Status.CURRENT if self.current[step] == nid else Status.ACTIVE
        return NodeAt(status, best, None, alpha, beta, cut, False, best_child)

    def stack(self, step: int) -> tuple[int, ...]:
        """The call stack after ``step`` events, root first."""
        out = []
        nid = self.current[step]
        while nid >= 0:
            out.append(nid)
            nid = self.lives[nid].parent
        return tuple(reversed(out))

    def best_line(self, step: int, root: int = 0) -> tuple[int, ...]:
        """The best line so far after ``step`` events, from ``root``."""
        out = []
        nid = root
        while nid >= 0 and step > self.lives[nid].enter:
            out.append(nid)
            nid = self.node_at(nid, step).best_child
        return tuple(out)

    def counters(self, step: int) -> Counters:
        """Nodes entered, leaves, cutoffs and table hits in the first ``step`` events."""
        base = step - step % _EVERY
        if not hasattr(self, "_marks"):
            self._marks: list[tuple[int, int, int]] = []
        while len(self._marks) <= base // _EVERY:  # running counts every _EVERY steps
            i = len(self._marks)
            done = self.kinds[(i - 1) * _EVERY:i * _EVERY] if i else ""
            last = self._marks[-1] if i else (0, 0, 0)
            self._marks.append((
                last[0] + sum(done.count(c) for c in LEAF_CODES), last[1] + done.count(Code.CUTOFF),
                last[2] + done.count(Code.TT_HIT),
            ))
        leaves, cutoffs, hits = self._marks[base // _EVERY]
        rest = self.kinds[base:step]
        return Counters(
            bisect_left(self._enters, step),
            leaves + sum(rest.count(c) for c in LEAF_CODES),
            cutoffs + rest.count(Code.CUTOFF),
            hits + rest.count(Code.TT_HIT),
        )
