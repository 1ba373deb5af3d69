"""Recorded Monte Carlo tree search: the trace, its grammar, and the tree at step k.

:func:`record_mcts` records :func:`negaviz.search.mcts.mcts` with the one
:class:`~negaviz.trace.recorder.Recorder` every search uses; the events (kinds 20 to
24, see :class:`~negaviz.search.events.EventKind`) go into the same packed stream and
the same JSON file as alpha-beta's, plus an ``mcts`` field holding the options and the
result.  An :class:`MctsTrace` reads that stream as a growing tree: node 0 is the root,
and each EXPAND adds the next node number.

Everything here is read from the events by one reader, :class:`_Tree`, which also checks
them (a file loaded is data): each SELECT must pick the child of largest UCB (computed
again from the N and W so far, with the recorded C, ties in move order) and carry its two
terms exactly; EXPAND the first untried move; PLAYOUT must follow the selection (and an
expansion unless the node is terminal); the BACKUPs must add one visit and the result,
negated at each step up, along the path, to the root.  The state after step k
(:func:`state_at`) is a pure function of the first k events.

>>> from negaviz.games import Tree
>>> t = record_mcts(Tree.parse("[[7,5],[3,1,9]]"), iterations=3, seed=0)
>>> t
<negaviz.MctsTrace: 4 tree nodes, 3 iterations, 17 events, complete>
>>> s = state_at(t, len(t))
>>> [(n.id, t.label(n.id), n.n, n.w) for n in s.nodes]  # W: for the player who moved in
[(0, 'A', 3, -13), (1, 'B', 2, 12), (2, 'C', 1, 1), (3, 'D', 1, -7)]
>>> [(round(u.exploit, 3), round(u.explore, 3)) for u in ucb_table(t, s, 0)]  # B, C at the root
[(6.0, 1.038), (1.0, 1.467)]
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Sequence

from negaviz.errors import InputError, TraceFormatError
from negaviz.games.protocol import Game, checked_position, root_of
from negaviz.search.events import MCTS_KINDS, WIDTH, EventKind
from negaviz.search.mcts import MctsOptions, MctsResult, mcts
from negaviz.search.result import Stopped
from negaviz.trace.nodes import Ending, Event, Node
from negaviz.trace.recorder import Recorder
from negaviz.trace.trace import Trace
from negaviz.trace.validate import fail, moves_problem
from negaviz.vocabulary import check_step

__all__ = ["record_mcts", "MctsTrace", "state_at", "ucb_table", "phases"]

_K = EventKind
_NAMES = {float(k): k.name for k in MCTS_KINDS}
_WIDTHS = {float(k): WIDTH[k] for k in MCTS_KINDS}


def record_mcts(game: Game, position: Any = None, *, options: MctsOptions | None = None, **option_values: Any) -> MctsTrace:
    """Run :func:`~negaviz.search.mcts.mcts` and return its trace (``trace.mcts`` is
    the result).  A budget or Ctrl-C still gives the partial trace."""
    root = checked_position(game, root_of(game, position, needed_by="record_mcts"))
    recorder = Recorder()
    with recorder:
        result = mcts(game, root, options=options, observer=recorder, **option_values)
    trace = recorder.finish(game=game, root=root)
    return MctsTrace(trace.stream, trace.move_lists, len(trace), game=game, root=root, mcts=result)


@dataclass(frozen=True)
class TreeNode:
    """A node of the search tree at some step."""

    id: int
    """Number in the order nodes were added; the root is 0."""
    parent: int
    """The parent's number, -1 for the root."""
    index: int
    """Place of its move in the parent's move list (0 for the root)."""
    depth: int
    """Plies below the root."""
    n: int
    """Visits N."""
    w: float
    """Total value W, for the player who moved into the node."""
    children: tuple[int, ...]
    """Children in the tree, in move order."""
    moves: tuple[Any, ...] | None
    """The node's moves, once it was first expanded (None before)."""
    terminal: bool
    """Whether a playout from it had no move (the game is over there)."""

    @property
    def q(self) -> float | None:
        """Mean value Q = W/N (None before the first visit)."""
        return self.w / self.n if self.n else None


class Ucb(NamedTuple):
    """A child's UCB value at a selection, with its two terms."""

    child: int
    """The child's node number."""
    exploit: float
    """Its Q = W/N."""
    explore: float
    """C·sqrt(ln N_parent / N_child) (0 in flat Monte Carlo)."""

    @property
    def ucb(self) -> float:
        return self.exploit + self.explore


class MctsState(NamedTuple):
    """The tree after the first ``step`` events."""

    step: int
    """Events applied."""
    iteration: int
    """The iteration under way or last finished (0 before the first)."""
    phase: str
    """What comes next: ``iterate`` (a new iteration), ``select`` (a SELECT, an EXPAND
    or a PLAYOUT), ``playout`` (after an EXPAND) or ``backup``."""
    current: int
    """The current node (the root between iterations)."""
    path: tuple[int, ...]
    """The nodes selected and expanded in this iteration, root first."""
    nodes: tuple[TreeNode, ...]
    """Every node added so far, by number."""
    playout: tuple[float, int] | None
    """This iteration's playout, ``(result, length)``, once it has run."""


class _Tree:
    """Reads (and checks) an MCTS event stream event by event; see the module."""

    def __init__(self, c: float, algorithm: str, moves: Sequence[tuple[Any, ...]], game: Any = None) -> None:
        self.c, self.flat = float(c), algorithm == "flat"
        self.lists, self.taken = moves, 0
        self.game = game
        self.parent, self.index, self.depth = [-1], [0], [0]
        self.n: list[int] = [0]
        self.w: list[float] = [0]
        self.children: list[list[int]] = [[]]
        self.moves: list[tuple[Any, ...] | None] = [None]
        self.terminal = [False]
        self.places: list[Any] = [None if game is None else game.root]
        self.enter = [0]
        self.iteration, self.phase, self.current = 0, "iterate", 0
        self.path: list[int] = []
        self.back = -1  # next node on the path to back up
        self.result = 0.0
        self.playout: tuple[float, int] | None = None

    def apply(self, step: int, k: float, a: float, b: float, d: float) -> int:
        """Apply the event ``(k, a, b, d)`` (as many numbers as ``k`` has) at ``step``;
        return the node it concerns."""
        phase, cur = self.phase, self.current
        if k == 24.0:  # ITERATION
            if phase != "iterate":
                raise _bad(step, k, "the last iteration has not backed up to the root")
            if a != self.iteration + 1:
                raise _bad(step, k, f"iteration {_show(a)} comes after iteration {self.iteration}, not {self.iteration + 1}")
            self.iteration += 1
            self.phase, self.current, self.path, self.playout = "select", 0, [0], None
            return 0
        if phase == "iterate":
            raise _bad(step, k, "no iteration is under way (an ITERATION comes first)")
        if k == 20.0:  # SELECT
            ms, kids = self.moves[cur], self.children[cur]
            if phase != "select" or ms is None or len(kids) != len(ms) or (self.flat and cur != 0):
                raise _bad(step, k, "only a fully expanded node is selected from (flat Monte Carlo: the root only)")
            i = _index(step, k, a, len(kids))
            table = self.ucbs(cur)
            best = (min(range(len(kids)), key=lambda j: (self.n[kids[j]], j)) if self.flat
                    else max(range(len(kids)), key=lambda j: (table[j].ucb, -j)))
            if i != best:
                raise _bad(step, k, f"child {i} is selected, but child {best} comes first by "
                                    + ("visits" if self.flat else "UCB"))
            if (b, d) != (table[i].exploit, table[i].explore):
                raise _bad(step, k, f"the UCB terms {_show(b)} + {_show(d)} are not the child's "
                                    f"{_show(table[i].exploit)} + {_show(table[i].explore)}")
            child = kids[i]
            self.current = child
            self.path.append(child)
            return child
        if k == 21.0:  # EXPAND
            if phase != "select" or self.terminal[cur] or (self.flat and cur != 0):
                raise _bad(step, k, "only a node reached by selection that is not over is expanded (flat: the root)")
            ms = self.moves[cur]
            if ms is None:
                if self.taken >= len(self.lists):
                    raise _bad(step, k, "no move list left for the node (its first EXPAND takes the next one)")
                ms = self.moves[cur] = tuple(self.lists[self.taken])
                self.taken += 1
                if self.game is not None:
                    problem = moves_problem(self.game, self.places[cur], ms)
                    if problem:
                        raise _bad(step, k, f"the node's move list: {problem}")
            kids = self.children[cur]
            if a != len(kids) or len(kids) >= len(ms):
                raise _bad(step, k, f"move {_show(a)} is expanded, but the first untried move is "
                                    + (str(len(kids)) if len(kids) < len(ms) else "none (all are in the tree)"))
            nid = len(self.n)
            kids.append(nid)
            self.parent.append(cur)
            self.index.append(len(kids) - 1)
            self.depth.append(self.depth[cur] + 1)
            self.n.append(0)
            self.w.append(0)
            self.children.append([])
            self.moves.append(None)
            self.terminal.append(False)
            self.enter.append(step)
            self.places.append(None if self.game is None else self.game.play(self.places[cur], ms[len(kids) - 1]))
            self.current, self.phase = nid, "playout"
            self.path.append(nid)
            return nid
        if k == 22.0:  # PLAYOUT
            if phase == "backup":
                raise _bad(step, k, "this iteration has played out already")
            if b != b or not b.is_integer() or b < 0:
                raise _bad(step, k, f"length {_show(b)} is not a whole number >= 0")
            if a != a:
                raise _bad(step, k, "the result is NaN")
            ms = self.moves[cur]
            if phase == "select" and not (self.flat and cur != 0):
                if ms is not None or b != 0:
                    raise _bad(step, k, "a playout starts from a new node, or from a node where the game is over (length 0)")
            if b == 0:
                self.terminal[cur] = True
            self.phase, self.result, self.back = "backup", a, len(self.path) - 1
            self.playout = (a, int(b))
            return cur
        if k == 23.0:  # BACKUP
            if phase != "backup":
                raise _bad(step, k, "a backup comes only after the playout")
            nid = self.path[self.back]
            if a != self.n[nid] + 1:
                raise _bad(step, k, f"N {_show(a)} is not the node's N + 1 ({self.n[nid] + 1})")
            w = self.w[nid] + self.result
            if b != w:
                raise _bad(step, k, f"W {_show(b)} is not the node's W plus the result ({_show(w)})")
            self.n[nid], self.w[nid] = int(a), b
            self.result = -self.result
            self.back -= 1
            self.current = self.path[self.back] if self.back >= 0 else 0
            if self.back < 0:
                self.phase = "iterate"
            return nid
        raise _bad(step, k, f"kind {_show(k)} is not an MCTS event (an MCTS trace holds kinds 20..24 only)")

    def ucbs(self, nid: int) -> list[Ucb]:
        """Each child's UCB terms at ``nid``, as the search computes them."""
        kids = self.children[nid]
        if self.flat:
            return [Ucb(ch, self.w[ch] / self.n[ch], 0.0) for ch in kids]
        scale = self.c * math.sqrt(math.log(self.n[nid]))
        return [Ucb(ch, self.w[ch] / self.n[ch], scale / math.sqrt(self.n[ch])) for ch in kids]

    def state(self, step: int) -> MctsState:
        nodes = tuple(
            TreeNode(i, self.parent[i], self.index[i], self.depth[i], self.n[i], _num(self.w[i]),
                     tuple(self.children[i]), self.moves[i], self.terminal[i])
            for i in range(len(self.n))
        )
        return MctsState(step, self.iteration, self.phase, self.current, tuple(self.path), nodes, self.playout)


def _num(x: float) -> float:
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _show(x: float) -> str:
    if x != x:
        return "NaN"
    return str(int(x)) if math.isfinite(x) and x.is_integer() else repr(x)


def _bad(step: int, k: float, rule: str) -> TraceFormatError:
    return fail(f"event {step} ({_NAMES.get(k, _show(k))})", rule)


def _index(step: int, k: float, a: float, size: int) -> int:
    if not a.is_integer() or not 0 <= a < size:
        raise _bad(step, k, f"child {_show(a)} is not one of the node's {size} children")
    return int(a)


def _read(stream: array, tree: _Tree, upto: int | None = None) -> tuple[array, array, int]:
    """Apply the stream's events (the first ``upto``) to ``tree``; ``(offsets, owners,
    events)``.  A stream cut inside an event is refused."""
    offsets, owners = array("q"), array("q")
    s, p, n, step = stream, 0, len(stream), 0
    while p < n and (upto is None or step < upto):
        k = s[p]
        w = _WIDTHS.get(k, 0)
        if not w:
            raise fail(f"event {step}", f"kind {_show(k)} is not an MCTS event (an MCTS trace holds kinds 20..24 only)")
        if p + w > n:
            raise _bad(step, k, f"the stream ends inside the event ({n - p} of its {w} numbers)")
        args = (s[p + 1], s[p + 2] if w > 2 else 0.0, s[p + 3] if w > 3 else 0.0)
        offsets.append(p)
        owners.append(tree.apply(step, k, *args))
        p += w
        step += 1
    return offsets, owners, step


class MctsTrace(Trace):
    """The trace of a Monte Carlo tree search: a :class:`Trace` whose events are MCTS
    events and whose nodes are the tree's nodes (node ``value``: -Q, for the side to move
    there, at the end).  ``mcts`` is the search's result; ``options`` its options."""

    monte_carlo: ClassVar[bool] = True

    def __init__(self, stream: array, moves: Sequence[tuple[Any, ...]], count: int, *, game: Any = None,
                 root: Any = None, mcts: MctsResult | None = None, options: MctsOptions | None = None) -> None:
        super().__init__(stream, moves, count, game=game, root=root)
        self.mcts = mcts
        """The search's result (None when not known)."""
        if options is None:
            options = mcts.options if mcts is not None else MctsOptions()
        self.options = options
        """The options searched with (C is needed to read the selections)."""

    @property
    def complete(self) -> bool:
        """Whether the search ran every iteration (False after a budget or Ctrl-C, as for
        any trace; a budget stops between iterations, Ctrl-C anywhere)."""
        return self.final.phase == "iterate" and (self.mcts is None or self.mcts.stopped is None)

    def __repr__(self) -> str:
        final = self.final
        state = "complete" if self.complete else "partial"
        return f"<negaviz.MctsTrace: {len(final.nodes)} tree nodes, {final.iteration} iterations, {len(self)} events, {state}>"

    def _reader(self, game: Any = None) -> _Tree:
        return _Tree(self.options.c, self.options.algorithm, self._moves, game)

    def _decode(self) -> tuple[array, array, list[Node]]:
        tree = self._reader()
        offsets, owners, _ = _read(self._stream, tree)
        self._final = final = tree.state(len(offsets))
        self._open = () if tree.phase == "iterate" else (tree.current,)
        nodes = []
        for t in final.nodes:
            node = Node(t.id, t.parent, t.depth, t.index, -math.inf, math.inf, tree.enter[t.id])
            node.moves, node.children = t.moves, list(t.children)
            node.value = None if not t.n else _num(-t.w / t.n)
            node.ending = Ending.LEAF if t.terminal else Ending.INNER
            node._child_indices = list(range(len(t.children)))
            node.best_child = max(t.children, key=lambda ch: (final.nodes[ch].n, -ch)) if t.children else None
            nodes.append(node)
        return offsets, owners, nodes

    @property
    def final(self) -> MctsState:
        """The tree after every event."""
        self._decoded
        return self._final

    @property
    def value(self) -> float | None:
        """The most visited root child's Q (for the side to move at the root)."""
        root = self.final.nodes[0]
        if not root.children:
            return None
        best = max(root.children, key=lambda ch: (self.final.nodes[ch].n, -ch))
        return self.final.nodes[best].q

    def event(self, step: int) -> Event:
        """The event at ``step``: ``value`` is SELECT's UCB, PLAYOUT's result or BACKUP's W;
        ``child`` the node SELECT or EXPAND goes to (see :func:`state_at` for the rest)."""
        offsets, owners, _ = self._decoded
        s, pos, nid = self._stream, offsets[step], owners[step]
        kind = _K(int(s[pos]))
        if kind == _K.SELECT:
            return Event(step, kind, nid, value=s[pos + 2] + s[pos + 3], child=nid)
        if kind == _K.EXPAND:
            return Event(step, kind, nid, child=nid)
        if kind in (_K.PLAYOUT, _K.BACKUP):
            return Event(step, kind, nid, value=_num(s[pos + 1] if kind == _K.PLAYOUT else s[pos + 2]))
        return Event(step, kind, nid)


def state_at(trace: MctsTrace, step: int) -> MctsState:
    """The tree after the first ``step`` events of ``trace`` (0..len(trace)): read from
    those events only, so what a step shows never depends on a later one."""
    if not isinstance(trace, MctsTrace):
        raise InputError(f"state_at needs an MctsTrace (from record_mcts), not {type(trace).__name__}")
    step = check_step(step, len(trace))
    tree = trace._reader()
    _read(trace.stream, tree, upto=step)
    return tree.state(step)


PHASES = ("select", "expand", "playout", "backup")
"""An iteration's phases, in order (a selection may be empty, an expansion absent)."""


def phases(trace: MctsTrace, iteration: int) -> dict[str, int]:
    """Where each phase of ``iteration`` (from 1) starts: ``{phase: step}``, for stepping
    by phase and jumping to an iteration (``phases(t, k)["select"] - 1`` is the step of
    its ITERATION event).  A phase that did not happen (no SELECT at a root not yet fully
    expanded, no EXPAND at a node where the game is over, or a partial last iteration)
    is left out.

    >>> from negaviz.games import Tree
    >>> phases(record_mcts(Tree.parse("[[7,5],[3,1,9]]"), iterations=3, seed=0), 3)
    {'select': 11, 'expand': 12, 'playout': 13, 'backup': 14}
    """
    if not isinstance(trace, MctsTrace):
        raise InputError(f"phases needs an MctsTrace (from record_mcts), not {type(trace).__name__}")
    starts = [e.step for e in trace.events if e.kind == _K.ITERATION]
    if isinstance(iteration, bool) or not isinstance(iteration, int) or not 1 <= iteration <= len(starts):
        raise InputError(f"iteration must be a whole number from 1 to {len(starts)} (the trace's iterations), not {iteration!r}")
    end = starts[iteration] if iteration < len(starts) else len(trace)
    out: dict[str, int] = {}
    kinds = {_K.SELECT: "select", _K.EXPAND: "expand", _K.PLAYOUT: "playout", _K.BACKUP: "backup"}
    for step in range(starts[iteration - 1] + 1, end):
        phase = kinds[trace.event(step).kind]
        out.setdefault(phase, step)
    return out


def ucb_table(trace: MctsTrace, state: MctsState, nid: int) -> list[Ucb]:
    """Each child's UCB at node ``nid`` in ``state``, with its two terms, as a selection
    there would compute them (the node must be fully expanded: every child visited)."""
    if not isinstance(trace, MctsTrace) or not isinstance(state, MctsState):
        raise InputError("ucb_table needs an MctsTrace and a state of it (from state_at)")
    if isinstance(nid, bool) or not isinstance(nid, int) or not 0 <= nid < len(state.nodes):
        raise InputError(f"nid must be a node of the state (0 to {len(state.nodes) - 1}), not {nid!r}")
    node = state.nodes[nid]
    if node.moves is None or len(node.children) < len(node.moves) or any(state.nodes[c].n == 0 for c in node.children):
        raise InputError(f"node {nid} is not fully expanded with every child visited at step {state.step}: "
                         "UCB selects only there")
    t = trace._reader()
    t.n, t.w = [x.n for x in state.nodes], [x.w for x in state.nodes]
    t.children = [list(x.children) for x in state.nodes]
    return t.ucbs(nid)


def check_mcts(stream: array, moves: Sequence[tuple[Any, ...]], options: MctsOptions, game: Any = None) -> MctsState:
    """Check an MCTS stream (with ``game``, its move lists too) and return its final
    state; :class:`~negaviz.errors.TraceFormatError` at the first broken rule."""
    tree = _Tree(options.c, options.algorithm, moves, game)
    _, _, count = _read(stream, tree)
    cur = tree.current
    if tree.taken + 1 == len(moves) and tree.phase == "select" and tree.moves[cur] is None and not tree.terminal[cur]:
        pass  # stopped after the node listed its moves, before its EXPAND: the list is its
    elif tree.taken < len(moves):
        raise fail("moves", f"{len(moves) - tree.taken} move lists left over, which no node took")
    return tree.state(count)


# --- JSON: the "mcts" field of a trace file (negaviz.trace.jsonio) ---------------------
def to_json(trace: MctsTrace) -> dict[str, Any]:
    """The ``mcts`` field: the options, and the result without its time."""
    return {"options": trace.options.to_dict(), "result": None if trace.mcts is None else trace.mcts.to_dict()}


def from_json(d: Any, stream: array, moves: list[tuple[Any, ...]], game: Any) -> MctsTrace:
    """An :class:`MctsTrace` from a file's ``mcts`` field and its parsed events and moves,
    each checked (a broken rule is a TraceFormatError naming it)."""
    if not isinstance(d, dict) or set(d) != {"options", "result"}:
        raise fail("mcts", "expected an object with options and result")
    try:
        options = MctsOptions.of(dict(d["options"]) if isinstance(d["options"], dict) else {"?": 0})
    except Exception as exc:  # noqa: BLE001 - options from a file: any failure is a format error
        raise fail("mcts.options", str(exc)) from None
    final = check_mcts(stream, moves, options, game)
    result = None if d["result"] is None else _result(d["result"], options, final)
    count = final.step
    return MctsTrace(stream, moves, count, game=game, root=None if game is None else game.root, mcts=result, options=options)


def _result(r: Any, options: MctsOptions, final: MctsState) -> MctsResult:
    keys = {"move", "move_name", "value", "moves", "visits", "totals", "iterations", "nodes", "first_player", "options", "stopped"}
    if not isinstance(r, dict) or set(r) != keys:
        raise fail("mcts.result", f"expected an object with {', '.join(sorted(keys))}")
    if r["options"] != options.to_dict():
        raise fail("mcts.result.options", "the result's options are not the trace's")
    stopped = r["stopped"]
    if stopped not in (None, *(s.value for s in Stopped)):
        raise fail("mcts.result.stopped", f"expected null, 'budget' or 'interrupted', found {stopped!r}")
    for name in ("iterations", "nodes", "first_player"):
        if type(r[name]) is not int or r[name] < 0:
            raise fail(f"mcts.result.{name}", f"expected a whole number >= 0, found {r[name]!r}")
    if not all(isinstance(r[k], list) for k in ("moves", "visits", "totals")):
        raise fail("mcts.result", "moves, visits and totals must be lists")
    if stopped != Stopped.INTERRUPTED.value:  # Ctrl-C may land between a count and its event
        root = final.nodes[0]
        visits = [final.nodes[ch].n for ch in root.children]
        visits += [0] * (len(r["visits"]) - len(visits))
        if r["visits"] != visits or r["iterations"] != final.iteration or r["nodes"] != len(final.nodes):
            raise fail("mcts.result", "its visits, iterations or nodes are not what the events show")
    try:
        return MctsResult(
            move=r["move"], move_name=str(r["move_name"]), value=r["value"], moves=tuple(r["moves"]),
            visits=tuple(r["visits"]), totals=tuple(r["totals"]), iterations=r["iterations"], nodes=r["nodes"],
            seconds=0.0, first_player=r["first_player"], options=options,
            stopped=None if stopped is None else Stopped(stopped),
        )
    except Exception as exc:  # noqa: BLE001
        raise fail("mcts.result", str(exc)) from None
