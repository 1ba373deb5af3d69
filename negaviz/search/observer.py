"""Observers: how a search tells the outside world what it is doing.

A search takes an optional observer with two callables:

* ``emit(event)`` receives each event as a tuple of numbers (see
  :mod:`negaviz.search.events`);
* ``expand(moves)`` receives the list of moves a node is about to try, in order,
  before its first child is entered.

With no observer the search skips all of this, so it runs at full speed.  Two more
attributes are optional, for observers that must be cheap (the
:class:`~negaviz.trace.recorder.Recorder`):

* ``batched = True``: ``emit`` takes batches, up to three events back to back in one
  tuple (see :func:`negaviz.search.events.split`), so a leaf costs one call, not three;
* ``flush()``: called every few hundred nodes, e.g. to pack what was kept;
* ``narrow()`` and ``widen()``: when every number of a search is a small int or ±inf
  (|x| < 2**24: most games), ``narrow()`` is called before the first event, and may
  answer True to have those numbers only (a recorder then packs 4 bytes a number, not
  8); ``widen()`` is called before the first event that breaks that promise.

The recorder binds ``emit`` and ``expand`` to list appends, so recording costs one C
call per batch.  To watch a search in Python, subclass :class:`Observer` and override the
named hooks you need; its ``emit`` dispatches to them, one event at a time.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from negaviz.search.events import RETURN_BATCH, Bound, CutReason, EventKind, split


class SearchObserver(Protocol):
    """What a search needs of an observer."""

    @property
    def emit(self) -> Callable[[tuple[Any, ...]], object]: ...

    @property
    def expand(self) -> Callable[[Sequence[Any]], object]: ...


Emit = Callable[[tuple[Any, ...]], object]


Hook = Callable[[], object]


def hooks(observer: SearchObserver) -> tuple[Emit, Callable[[Sequence[Any]], object], Hook | None, Hook | None, Hook | None]:
    """``(emit, expand, flush, narrow, widen)`` for the search to call: ``emit`` takes
    batches (an observer that does not ask for them gets their events one at a time);
    each optional hook is None when the observer has none."""
    emit = observer.emit
    if not getattr(observer, "batched", False):
        one = emit

        def emit(batch: tuple[Any, ...]) -> None:
            if len(batch) < RETURN_BATCH:  # one event: every batch of more is at least this long
                one(batch)
            else:
                for event in split(batch):
                    one(event)
    flush, narrow, widen = (getattr(observer, name, None) for name in ("flush", "narrow", "widen"))
    return (
        emit, observer.expand,
        flush if callable(flush) else None, narrow if callable(narrow) else None, widen if callable(widen) else None,
    )


class Observer:
    """An observer with named no-op hooks; override those you need.

    >>> class Leaves(Observer):
    ...     def __init__(self):
    ...         self.values = []
    ...     def leaf(self, value):
    ...         self.values.append(value)
    >>> from negaviz import search, Tree
    >>> watcher = Leaves()
    >>> search(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta", observer=watcher).value
    5
    >>> watcher.values
    [7, 5, 3]
    """

    def emit(self, event: tuple[Any, ...]) -> None:
        kind = event[0]
        if kind == EventKind.ENTER:
            self.enter(int(event[1]), event[2], event[3])
        elif kind == EventKind.LEAF:
            self.leaf(event[1])
        elif kind == EventKind.EVAL:
            self.evaluation(event[1])
        elif kind == EventKind.CHILD:
            self.child(event[1], improved=False, alpha=None)
        elif kind == EventKind.BEST:
            self.child(event[1], improved=True, alpha=event[2])
        elif kind == EventKind.CUTOFF:
            self.cutoff(CutReason(int(event[1])))
        elif kind == EventKind.TT_PROBE:
            code = int(event[1])
            self.tt_probe(code > 0, Bound((code & 3) - 1) if code else None, event[2], bool(code & 4))
        elif kind == EventKind.TT_STORE:
            self.tt_store(event[2], Bound(int(event[1])))
        elif kind == EventKind.EXIT:
            self.exit(event[1], Bound(int(event[2])))
        elif kind == EventKind.RESEARCH:
            self.research(event[1])
        elif kind == EventKind.CHANCE:
            self.chance(event[1], event[2], bool(event[3]))
        elif kind == EventKind.OUTCOME:
            self.outcome(event[1], event[2], event[3])
        elif kind == EventKind.SELECT:
            self.selection(int(event[1]), event[2] + event[3], event[2], event[3])
        elif kind == EventKind.EXPAND:
            self.expansion(int(event[1]))
        elif kind == EventKind.PLAYOUT:
            self.playout(event[1], int(event[2]))
        elif kind == EventKind.BACKUP:
            self.backup(int(event[1]), event[2])
        elif kind == EventKind.ITERATION:
            self.iteration(int(event[1]))

    def expand(self, moves: Sequence[Any]) -> None:
        """A node is about to try ``moves``, in this order."""

    def enter(self, index: int, alpha: float, beta: float) -> None:
        """A node is entered with window (alpha, beta); ``index`` is its move's place."""

    def leaf(self, value: float) -> None:
        """The node is terminal with this score for the side to move."""

    def evaluation(self, value: float) -> None:
        """The depth limit is reached; this is the evaluation."""

    def child(self, value: float, improved: bool, alpha: float | None) -> None:
        """A child returned; ``value`` is its value negated.  When it ``improved`` the
        best so far, ``alpha`` is the node's alpha afterwards."""

    def cutoff(self, reason: CutReason) -> None:
        """The node skips its remaining children."""

    def tt_probe(self, hit: bool, bound: Bound | None, value: float, ended: bool) -> None:
        """The transposition table was consulted."""

    def tt_store(self, value: float, bound: Bound) -> None:
        """The node's result was stored."""

    def exit(self, value: float, bound: Bound) -> None:
        """The node returns ``value``."""

    def research(self, value: float) -> None:
        """PVS: the last child's null-window search failed high; it is searched again."""

    def chance(self, lower: float, upper: float, turn: bool) -> None:
        """The node entered is a chance node, its outcomes' values in [lower, upper];
        ``turn``: each outcome hands the turn over."""

    def outcome(self, value: float, probability: float, total: float) -> None:
        """An outcome returned ``value`` (seen from the chance node), with its
        ``probability``; ``total`` is the weighted sum so far."""

    # Monte Carlo tree search (negaviz.search.mcts)
    def iteration(self, k: int) -> None:
        """MCTS: iteration ``k`` (from 1) starts at the root."""

    def selection(self, index: int, ucb: float, exploit: float, explore: float) -> None:
        """MCTS: child ``index`` is selected; its UCB value ``ucb`` is ``exploit``
        (its Q = W/N) plus ``explore`` (C·sqrt(ln N_parent / N_child))."""

    def expansion(self, index: int) -> None:
        """MCTS: the move at ``index`` is added to the tree as a new node."""

    def playout(self, result: float, length: int) -> None:
        """MCTS: a random playout of ``length`` moves ended with ``result`` for the player
        who moved into the node it started from."""

    def backup(self, n: int, w: float) -> None:
        """MCTS: the current node now has ``n`` visits and total value ``w``; the current
        node moves up to its parent."""
