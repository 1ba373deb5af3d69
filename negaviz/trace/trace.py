"""The trace: everything one search did, event by event, immutable.

A :class:`Trace` holds the packed event stream a :class:`~negaviz.trace.recorder.Recorder`
made, the move list of every node that was expanded, and (when known) the game and
root position, so nodes can be named and drawn.  Everything else, from node tables to
counts and principal variations, is derived from those on first use.

Node numbers follow the order nodes were entered: the root is 0.  Steps number the
events from 0.  What a trace is read as (events, nodes, counts) is in
:mod:`negaviz.trace.nodes`; the one pass that decodes the stream, in
:mod:`negaviz.trace.decode`.
"""

from __future__ import annotations

import gc
from array import array
from functools import cached_property
from typing import Any, ClassVar, Iterator, Sequence

from negaviz.errors import InputError
from negaviz.games.protocol import alternates_of, is_textbook_tree
from negaviz.search.events import Bound, CutReason, EventKind
from negaviz.search.result import SearchResult
from negaviz.trace.decode import decode
from negaviz.trace.names import Names
from negaviz.trace.nodes import LEAF_LIKE, Counts, Ending, Event, Node, _num  # Ending: imported from here too

_K = EventKind


class Trace:
    """An immutable record of one search."""

    monte_carlo: ClassVar[bool] = False
    """Whether this is a Monte Carlo tree search's trace (:class:`~negaviz.trace.mcts.MctsTrace`)."""

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
        offsets, owners, nodes, self._open = decode(self._stream, self._moves)
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
        if kind == _K.CHANCE:
            return Event(step, kind, nid, alpha=_num(s[pos + 1]), beta=_num(s[pos + 2]), ended=bool(s[pos + 3]))
        if kind == _K.OUTCOME:
            return Event(step, kind, nid, value=_num(s[pos + 1]), child=self._returned_before(step),
                         probability=s[pos + 2], total=_num(s[pos + 3]))
        if kind == _K.TT_PROBE:
            code = int(s[pos + 1])
            if not code:
                return Event(step, kind, nid)
            return Event(step, kind, nid, value=_num(s[pos + 2]), bound=Bound((code & 3) - 1), ended=bool(code & 4))
        return Event(step, kind, nid, value=_num(s[pos + 2]), bound=Bound(int(s[pos + 1])))

    def _returned_before(self, step: int) -> int:
        """The child whose return the CHILD/BEST/OUTCOME event at ``step`` reports."""
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

    @cached_property
    def _sides(self) -> list[int] | None:
        nodes = self.nodes
        turns = self.game is not None and not alternates_of(self.game)
        if not turns and self._kept is None and all(n.chance is None for n in nodes):
            return None
        out = [0] * len(nodes)
        if not turns and self._kept is not None:  # saved with the trace: a game no spec rebuilds
            kept = self._kept
            for n in nodes:
                if n.parent >= 0:
                    out[n.id] = out[n.parent] ^ (0 if n.id in kept else 1)
            return out
        if turns:  # the game says whose turn each position is (a marked tree): read, not searched again
            who = self.game.player
            for n in nodes:
                if n.parent < 0:
                    first = who(self.position(n.id))
                out[n.id] = 0 if who(self.position(n.id)) == first else 1
            return out
        for n in nodes:  # parents come before their children
            if n.parent >= 0:
                above = nodes[n.parent].chance
                out[n.id] = out[n.parent] ^ (1 if above is None or above[2] else 0)
        return out

    def side(self, nid: int) -> int:
        """0 if the player to move at the root is to move at node ``nid`` (the player whose
        view a chance node's value is in), 1 if the other one is: the parity of the depth,
        but where a chance node's outcomes keep the turn, or the game says a side moves
        twice in a row (a tree's ``@max``/``@min`` marks)."""
        sides = self._sides
        return self.nodes[nid].depth % 2 if sides is None else sides[nid]

    _kept: frozenset[int] | None = None
    """Nodes where the side that moved at the parent moves again, as a saved trace of a
    game no spec rebuilds gives them (the game says so itself when it is known)."""

    def turn_passes(self, nid: int) -> bool:
        """Whether the turn passes to the other player between node ``nid``'s parent and
        it, so that its value comes up negated (False at a root, where a chance node's
        outcome keeps the turn, and where a side moves twice in a row)."""
        parent = self.nodes[nid].parent
        return parent >= 0 and self.side(nid) != self.side(parent)

    @property
    def alternates(self) -> bool:
        """Whether every player's move here hands the turn to the other player (False
        where the game says a side moves twice in a row: a tree's ``@max``/``@min``)."""
        if self._kept is None and (self.game is None or alternates_of(self.game)):
            return True  # known without decoding a node (a save asks this of every trace)
        sides = self._sides
        nodes = self.nodes
        return sides is None or all(
            sides[n.id] != sides[n.parent] for n in nodes if n.parent >= 0 and nodes[n.parent].chance is None
        )

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

    @cached_property
    def names(self) -> Names:
        """Every name of this trace's nodes (labels, move names, the names sentences and
        answers use), each worked out once: see :mod:`negaviz.trace.names`."""
        return Names(self)

    def label(self, nid: int) -> str:
        """The game's label for node ``nid`` (its number if no game is attached)."""
        return self.names.label(nid)

    def move_name(self, nid: int) -> str:
        """The game's name for the move into ``nid`` ('' for the root)."""
        return self.names.move(nid)

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


def check_trace(trace: Any, what: str = "trace", *, mcts: bool = False) -> Any:
    """``trace`` if it is a recorded :class:`Trace`, else an InputError naming ``what``
    (here, beside the class, so that the vocabulary stays below the trace).  A Monte
    Carlo tree search's trace (:class:`~negaviz.trace.mcts.MctsTrace`) has no windows,
    returned values or cutoffs: it is refused, naming what reads it, unless ``mcts``."""
    if isinstance(trace, Trace):
        if trace.monte_carlo and not mcts:
            raise InputError(f"{what}: a Monte Carlo tree search's trace has no windows, returned values or cutoffs "
                             "to ask about, step or check; draw it with negaviz.render.mcts_tree.draw_mcts, step it "
                             "with negaviz.trace.mcts.state_at, and compare it with negaviz.analysis.mcts.convergence")
        return trace
    hint = " (record one: negaviz.record(tree))" if type(trace).__name__ == "Tree" else ""
    raise InputError(f"{what}: needs a negaviz Trace (from negaviz.record or negaviz.load), "
                     f"not {type(trace).__name__}{hint}")
