"""The trace: everything one search did, event by event, immutable.

A :class:`Trace` holds the packed event stream a :class:`~negaviz.trace.recorder.Recorder`
made, the move list of every node that was expanded, and (when known) the game and
root position, so nodes can be named and drawn.  Everything else, from node tables to
counts and principal variations, is derived from those on first use.

Node numbers follow the order nodes were entered: the root is 0.  Steps number the
events from 0.
"""

from __future__ import annotations

import gc
import math
from array import array
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterator, NamedTuple, Sequence

from negaviz.errors import InputError
from negaviz.games.protocol import is_textbook_tree, restore
from negaviz.games.protocol import label as game_label
from negaviz.games.protocol import move_name as game_move_name
from negaviz.search.events import WIDTH, Bound, CutReason, EventKind
from negaviz.search.result import SearchResult
from negaviz.vocabulary import Kind

_K = EventKind


def _num(x: float) -> float | int:
    """Integral floats back to ints, so values read as the game gave them."""
    return int(x) if x == x and not math.isinf(x) and x.is_integer() else x


class Ending(Kind):
    """How a node's search ended (:attr:`Node.ending`)."""

    LEAF = "leaf"
    """Terminal: it returned the game's score (a LEAF event)."""
    EVAL = "eval"
    """At the depth limit: it returned the evaluation (an EVAL event)."""
    TT = "tt"
    """A transposition-table entry ended it (a TT_PROBE hit that ended the node)."""
    BOUNDS = "bounds"
    """The game's value bounds fell outside the window: it returned without a child."""
    INNER = "inner"
    """It searched (or expanded) children and returned (an EXIT event)."""
    OPEN = "open"
    """It never returned (a partial trace)."""


LEAF_LIKE = frozenset({Ending.LEAF, Ending.EVAL, Ending.BOUNDS})
"""The endings the search counts as leaves (``result.leaves``, :meth:`Trace.counts`)."""


class Event(NamedTuple):
    """One recorded event, decoded.  Fields that do not apply to a kind are None."""

    step: int
    """Position in the trace, from 0."""
    kind: EventKind
    """What happened."""
    node: int
    """The node it happened at (for ENTER, the node entered)."""
    value: float | None = None
    """LEAF/EVAL/EXIT/TT: the node's value; CHILD/BEST: the child's value negated."""
    alpha: float | None = None
    """ENTER: the window's alpha; BEST: alpha after the update."""
    beta: float | None = None
    """ENTER: the window's beta."""
    bound: Bound | None = None
    """EXIT/TT_STORE/TT_PROBE hit: exact, lower or upper."""
    child: int | None = None
    """CHILD/BEST: the child that returned."""
    reason: CutReason | None = None
    """CUTOFF: why."""
    ended: bool | None = None
    """TT_PROBE: whether the entry ended the node (None on a miss)."""


@dataclass(slots=True)
class Node:
    """A node as the search left it."""

    id: int
    """Number in entry order; the root is 0."""
    parent: int
    """The parent's number, -1 for the root."""
    depth: int
    """Plies below the root."""
    index: int
    """Place of this node's move in the parent's move list."""
    alpha: float
    """Alpha of the window the node was entered with."""
    beta: float
    """Beta of the window the node was entered with."""
    enter_step: int
    """Step of its ENTER event."""
    exit_step: int = -1
    """Step of its last event (LEAF, EVAL or EXIT); -1 if it never returned."""
    value: float | None = None
    """The value it returned, for its side to move."""
    bound: Bound | None = None
    """Whether ``value`` is exact, a lower or an upper bound."""
    ending: Ending = Ending.OPEN
    """How it ended: see :class:`Ending`."""
    moves: tuple[Any, ...] | None = None
    """The moves it tried, in order (None if it never expanded)."""
    children: list[int] = field(default_factory=list)
    """Children entered, in order."""
    best_child: int | None = None
    """The child that gave its best value."""
    cutoff: CutReason | None = None
    """Why it stopped early, if it did."""
    research: bool = False
    """PVS: this node searches its move again after a null-window search failed high."""

    _child_indices: list[int] = field(default_factory=list, repr=False)

    @property
    def skipped(self) -> tuple[Any, ...]:
        """Moves never tried because of a cutoff here."""
        if self.cutoff is None or self.moves is None:
            return ()
        last = self._child_indices[-1] if self._child_indices else -1
        return self.moves[last + 1 :]


class Counts(NamedTuple):
    """How much a search did, overall and per depth (lists indexed by depth)."""

    nodes: int
    leaves: int
    cutoffs: int
    tt_hits: int
    nodes_per_depth: list[int]
    leaves_per_depth: list[int]
    cutoffs_per_depth: list[int]
    tt_hits_per_depth: list[int]


class Trace:
    """An immutable record of one search."""

    def __init__(
        self,
        stream: array,
        moves: Sequence[tuple[Any, ...]],
        count: int,
        *,
        game: Any = None,
        root: Any = None,
        result: SearchResult | None = None,
    ) -> None:
        self._stream = stream
        self._moves = tuple(moves)
        self._count = count
        self.game = game
        """The game searched, if known (used for naming and drawing nodes)."""
        self.root = root
        """The root position, if known."""
        self.result = result
        """The search's result, if the trace came from :func:`negaviz.record`."""

    # --- raw access -----------------------------------------------------------------
    def __len__(self) -> int:
        return self._count

    @property
    def stream(self) -> array:
        """The packed numbers of every event, kinds included: 4-byte floats (typecode
        ``f``) when they hold every number exactly, else doubles (``d``)."""
        return self._stream

    @property
    def move_lists(self) -> tuple[tuple[Any, ...], ...]:
        """The move list of every expanded node, in expansion order."""
        return self._moves

    @property
    def nbytes(self) -> int:
        """Bytes the retained trace holds: the event stream and the move lists."""
        import sys

        total = self._stream.buffer_info()[1] * self._stream.itemsize + sys.getsizeof(self._moves)
        seen: set[int] = set()
        for ms in self._moves:
            if id(ms) not in seen:
                seen.add(id(ms))
                total += sys.getsizeof(ms)
        return total

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """Jupyter shows a trace as its drawn tree (folded beyond 400 nodes), as
        :func:`negaviz.display.bundle` decides; its plain text is its repr."""
        from negaviz.display import bundle  # lazily: showing sits above searching, and may need graphviz

        return bundle(self)

    def __repr__(self) -> str:
        state = "complete" if self.complete else "partial"
        return f"<negaviz.Trace: {len(self.nodes)} nodes, {len(self)} events, {state}>"

    # --- decoding -------------------------------------------------------------------
    @cached_property
    def _decoded(self) -> tuple[array, array, list[Node]]:
        enabled = gc.isenabled()
        gc.disable()  # hundreds of thousands of new nodes: no need to scan them for cycles
        try:
            return self._decode()
        finally:
            if enabled:
                gc.enable()

    def _decode(self) -> tuple[array, array, list[Node]]:
        """One pass over the stream: where each event starts, its node, and the nodes."""
        s = self._stream
        offsets = array("q")
        owners = array("q")
        nodes: list[Node] = []
        stack: list[int] = []
        moves_iter = iter(self._moves)
        add_offset, add_owner = offsets.append, owners.append
        width = [0] * 16
        for k, w in WIDTH.items():
            width[k] = w
        enter, leaf, ev_, exit_, best, cut, probe, research = (
            _K.ENTER, _K.LEAF, _K.EVAL, _K.EXIT, _K.BEST, _K.CUTOFF, _K.TT_PROBE, _K.RESEARCH,
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
            add_owner(nid)
            pos += width[kind]
            step += 1
        # A node cut short by a budget may have expanded without entering a child.
        rest = list(moves_iter)
        if rest and stack and nodes[stack[-1]].moves is None:
            nodes[stack[-1]].moves = rest[0]
        self._open = tuple(stack)
        return offsets, owners, nodes

    @property
    def offsets(self) -> array:
        """Where each step's event starts in :attr:`stream` (its kind is there)."""
        return self._decoded[0]

    @property
    def owners(self) -> array:
        """The node each step's event belongs to."""
        return self._decoded[1]

    def event(self, step: int) -> Event:
        """The event at ``step``, decoded."""
        offsets, owners, _ = self._decoded
        s = self._stream
        pos = offsets[step]
        kind = _K(int(s[pos]))
        nid = owners[step]
        if kind == _K.ENTER:
            return Event(step, kind, nid, alpha=_num(s[pos + 2]), beta=_num(s[pos + 3]))
        if kind in (_K.LEAF, _K.EVAL):
            return Event(step, kind, nid, value=_num(s[pos + 1]), bound=Bound.EXACT)
        if kind == _K.EXIT:
            return Event(step, kind, nid, value=_num(s[pos + 1]), bound=Bound(int(s[pos + 2])))
        if kind in (_K.CHILD, _K.BEST):
            child = self._returned_before(step)
            alpha = _num(s[pos + 2]) if kind == _K.BEST else None
            return Event(step, kind, nid, value=_num(s[pos + 1]), alpha=alpha, child=child)
        if kind == _K.CUTOFF:
            return Event(step, kind, nid, reason=CutReason(int(s[pos + 1])))
        if kind == _K.RESEARCH:
            return Event(step, kind, nid, value=_num(s[pos + 1]), child=self._returned_before(step))
        if kind == _K.TT_PROBE:
            code = int(s[pos + 1])
            if not code:
                return Event(step, kind, nid)
            return Event(step, kind, nid, value=_num(s[pos + 2]), bound=Bound((code & 3) - 1), ended=bool(code & 4))
        return Event(step, kind, nid, value=_num(s[pos + 2]), bound=Bound(int(s[pos + 1])))

    def _returned_before(self, step: int) -> int:
        """The child whose return the CHILD/BEST event at ``step`` reports."""
        offsets, owners, _ = self._decoded
        s = self._stream
        k = step - 1
        while k >= 0:  # walk back over TT_STORE to the child's LEAF/EVAL/EXIT
            kind = int(s[offsets[k]])
            if kind in (_K.LEAF, _K.EVAL, _K.EXIT):
                return owners[k]
            k -= 1
        raise AssertionError("a child value with no child before it")

    @property
    def events(self) -> Sequence[Event]:
        """Every event, decoded on access, in order."""
        return _Events(self)

    def __iter__(self) -> Iterator[Event]:
        return (self.event(k) for k in range(self._count))

    @property
    def nodes(self) -> list[Node]:
        """Every node entered, by number."""
        return self._decoded[2]

    def node(self, nid: int) -> Node:
        return self._decoded[2][nid]

    @property
    def complete(self) -> bool:
        """Whether every node entered also returned (False after a budget or Ctrl-C)."""
        self._decoded
        return not self._open

    def roots(self) -> list[int]:
        """The root of every search call, in order: one, except for drivers such as
        iterative deepening and MTD(f), which search the root several times."""
        return [n.id for n in self.nodes if n.parent < 0]

    def passes(self) -> list[tuple[int, Trace]]:
        """``(first step, trace)`` for each search call of a driver (iterative deepening,
        MTD(f)): each pass as a trace of its own, with one root.  A one-root trace is its
        own single pass."""
        roots = self.roots()
        if len(roots) <= 1:
            return [(0, self)]
        offsets, _, nodes = self._decoded
        out: list[tuple[int, Trace]] = []
        expanded = 0  # move lists belong to nodes in node order, as they were consumed
        for i, r in enumerate(roots):
            end_node = roots[i + 1] if i + 1 < len(roots) else len(nodes)
            first = nodes[r].enter_step
            last = nodes[roots[i + 1]].enter_step if i + 1 < len(roots) else self._count
            lists = sum(1 for n in nodes[r:end_node] if n.moves is not None)
            stop = offsets[last] if last < self._count else len(self._stream)
            out.append((first, Trace(
                self._stream[offsets[first]:stop], self._moves[expanded:expanded + lists], last - first,
                game=self.game, root=self.root, result=self.result,
            )))
            expanded += lists
        return out

    @property
    def value(self) -> float | None:
        """The last root's value for the side to move, None if it never returned."""
        roots = self.roots()
        return self.nodes[roots[-1]].value if roots else None

    # --- questions ------------------------------------------------------------------
    def counts(self) -> Counts:
        """Nodes, leaves, cutoffs and table hits, overall and per depth."""
        return self._counts

    @cached_property
    def _counts(self) -> Counts:  # a trace never changes, so count once
        nodes = self.nodes
        depth = max((n.depth for n in nodes), default=-1) + 1
        per = {k: [0] * depth for k in ("n", "l", "c", "t")}
        for n in nodes:
            per["n"][n.depth] += 1
            if n.ending in LEAF_LIKE:  # as the search counts them
                per["l"][n.depth] += 1
            if n.cutoff is not None and n.skipped:
                per["c"][n.depth] += 1
        s = self._stream
        for pos, owner in zip(self.offsets, self.owners):
            if s[pos] == _K.TT_PROBE and s[pos + 1] != 0:
                per["t"][nodes[owner].depth] += 1
        return Counts(
            sum(per["n"]), sum(per["l"]), sum(per["c"]), sum(per["t"]),
            per["n"], per["l"], per["c"], per["t"],
        )

    def pv(self) -> list[int]:
        """The principal variation as node numbers, from the (last) root."""
        out: list[int] = []
        roots = self.roots()
        nid: int | None = roots[-1] if roots else None
        while nid is not None:
            out.append(nid)
            nid = self.nodes[nid].best_child
        return out

    def move(self, nid: int) -> Any:
        """The move that led to node ``nid`` (None for the root)."""
        n = self.nodes[nid]
        if n.parent < 0:
            return None
        moves = self.nodes[n.parent].moves
        assert moves is not None
        return moves[n.index]

    def path(self, nid: int) -> list[int]:
        """Node numbers from the root down to ``nid``."""
        out = []
        while nid >= 0:
            out.append(nid)
            nid = self.nodes[nid].parent
        return out[::-1]

    def cut_nodes(self) -> list[int]:
        """Nodes where a cutoff skipped at least one move."""
        return [n.id for n in self.nodes if n.cutoff is not None and n.skipped]

    def position(self, nid: int) -> Any:
        """The game position at node ``nid``, by playing the moves from the root."""
        if self.game is None:
            raise InputError("this trace has no game attached, so positions are unknown (record it with negaviz.record, or load it with its game)")
        # Played from the nearest ancestor on the path asked for last: names and labels are
        # asked for in tree order, so each costs a move or two, not a walk from the root.
        known = self._path_positions
        down: list[int] = []
        n = nid
        while n not in known:
            if self.nodes[n].parent < 0:  # a root (a driver's pass has one of its own)
                known.clear()
                known[n] = self.root
                break
            down.append(n)
            n = self.nodes[n].parent
        while next(reversed(known)) != n:  # the path above n is kept, the rest goes
            known.popitem()
        pos = known[n]
        for n in reversed(down):
            pos = known[n] = self.game.play(pos, self.move(n))
        return pos

    @cached_property
    def _path_positions(self) -> dict[int, Any]:
        """The positions on the path from a root to the node whose position was asked for
        last, root first (a position is a value: playing never changes one)."""
        return {}

    def label(self, nid: int) -> str:
        """The game's label for node ``nid`` (its number if no game is attached)."""
        if self.game is None:
            return str(nid)
        text = game_label(self.game, self.position(nid))
        restore(self.game)  # a MutableGame moved its object to answer: put it back
        return text

    def move_name(self, nid: int) -> str:
        """The game's name for the move into ``nid`` ('' for the root)."""
        known = self._move_names.get(nid)
        if known is not None:
            return known
        n = self.nodes[nid]
        if n.parent < 0:
            return ""
        if self.game is None:
            return str(self.move(nid))
        name = game_move_name(self.game, self.position(n.parent), self.move(nid))
        restore(self.game)  # a MutableGame moved its object to answer: put it back
        self._move_names[nid] = name
        return name

    @cached_property
    def _move_names(self) -> dict[int, str]:
        """Move names asked for so far: naming a node names every move on its path, and
        each name costs a walk from the root (a trace never changes, so they keep)."""
        return {}

    def pv_names(self) -> list[str]:
        """The principal variation as move names."""
        return [self.move_name(n) for n in self.pv()[1:]]

    def pruned(self) -> list[tuple[int, tuple[Any, ...]]]:
        """``(node, moves)`` for every cutoff: the moves never tried below ``node``."""
        return [(nid, self.nodes[nid].skipped) for nid in self.cut_nodes()]

    def pruned_labels(self) -> list[str]:
        """For textbook trees: labels of every node never visited because of a cutoff,
        in tree order (a skipped child's whole subtree counts)."""
        game = self.game
        if game is None or not is_textbook_tree(game):
            raise InputError("pruned_labels() needs a textbook tree (negaviz.Tree) attached; this trace's game is "
                             + ("unknown" if game is None else type(game).__name__))
        skipped: set[int] = set()
        for nid, moves in self.pruned():
            pos = self.position(nid)
            stack = [game.play(pos, m) for m in moves]
            while stack:
                p = stack.pop()
                if p not in skipped:
                    skipped.add(p)
                    stack.extend(game.moves(p))
        visited = {self.position(n.id) for n in self.nodes}
        return [game.label(p) for p in game.preorder() if p in skipped and p not in visited]


class StudentTrace(Trace):
    """A trace recorded from a student's own function (see :mod:`negaviz.student`): a
    :class:`Trace` plus what the function looked like.  Its windows are the function's
    own, so they may be wrong (alpha above beta): saved and loaded, it keeps that."""

    def __init__(self, trace: Trace, *, function: str, windowed: bool, fault: str | None = None) -> None:
        super().__init__(trace.stream, trace.move_lists, len(trace), game=trace.game, root=trace.root)
        self.function = function
        """The function's name."""
        self.windowed = windowed
        """Whether the function takes alpha and beta (windows are its own, not (-inf, inf))."""
        self.fault = fault
        """What the recorder found wrong that stopped the call (a function that left a
        mutable game changed), or None; :func:`~negaviz.student.check` reports it."""


class _Events(Sequence[Event]):
    """A trace's events as a sequence, decoded one at a time."""

    def __init__(self, trace: Trace) -> None:
        self._trace = trace

    def __len__(self) -> int:
        return len(self._trace)

    def __getitem__(self, k: Any) -> Any:
        if isinstance(k, slice):
            return [self._trace.event(i) for i in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(f"step {k} is outside 0..{len(self) - 1}")
        return self._trace.event(k)


def check_trace(trace: Any, what: str = "trace") -> Any:
    """``trace`` if it is a recorded :class:`Trace`, else an InputError naming ``what``
    (here, beside the class, so that the vocabulary stays below the trace)."""
    if isinstance(trace, Trace):
        return trace
    hint = " (record one: negaviz.record(tree))" if type(trace).__name__ == "Tree" else ""
    raise InputError(f"{what}: needs a negaviz Trace (from negaviz.record or negaviz.load), "
                     f"not {type(trace).__name__}{hint}")
