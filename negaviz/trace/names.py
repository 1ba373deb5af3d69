"""Every name a trace's nodes go by, worked out here once per trace and read by every layer.

A node goes by several names, all made from two things the game says (its ``label`` for
a position, its ``move_name`` for a move; see :mod:`negaviz.games.protocol`):

* :meth:`Names.label`: the game's label of the node's position (a textbook tree's letter);
* :meth:`Names.move`: the game's name of the move into it (``''`` for a root);
* :meth:`Names.child`: the node as its parent sees it, its label in a textbook tree, else
  its move (a cutoff's skipped moves are named so too: :meth:`Names.skipped`);
* :meth:`Names.short`: what the stepper writes (its sentences, the call stack, the
  page): the label in a textbook tree, else the moves from the root, ``b1 c2`` (the last
  three after ``…`` past four moves), or ``the root``;
* :meth:`Names.prose`: the same for a sentence about the position, ``the position after
  b1 c2`` with every move (quizzes, the student checker);
* :meth:`Names.full`: the name answers are given and graded under: a textbook node's
  label, or its labels from below the root where the tree drawn shows that label more
  than once (:attr:`Names.repeated`); a board's every move, joined by :attr:`Names.sep`.

A trace never changes, so each name is worked out on first use and kept
(:attr:`negaviz.Trace.names`); naming a node on a path costs a move or two, as the
trace plays positions from the nearest ancestor it knows.

>>> import negaviz
>>> t = negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta")
>>> t.names.short(0), t.names.short(2), t.names.prose(2), t.names.move(2)
('the root', 'b1 b2', 'the position after b1 b2', 'b2')
>>> t = negaviz.record(negaviz.Tree.parse("A(B(D:5 X(Y:6 Z:8)) C(X W:7))"), algorithm="alphabeta")
>>> sorted(t.names.repeated), [t.names.full(n.id) for n in t.nodes if t.names.label(n.id) == "X"]
(['X', 'Y', 'Z'], ['B X', 'C X'])
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from negaviz.games.protocol import is_textbook_tree, label, move_name, restore
from negaviz.vocabulary import printable

if TYPE_CHECKING:
    from negaviz.trace.trace import Trace

__all__: list[str] = []  # read through Trace.names

ROOT = "the root"
"""What a board's root is called."""


class Names:
    """The names of one trace's nodes, each worked out on first use; see the module."""

    def __init__(self, trace: Trace) -> None:
        self._trace = trace
        self._labels: dict[int, str] = {}
        self._moves: dict[int, str] = {}
        self._short: dict[int, str] = {}
        self._prose: dict[int, str] = {}
        self._full: dict[int, str] = {}
        self._skipped: dict[int, tuple[str, ...]] = {}

    @cached_property
    def textbook(self) -> bool:
        """Whether the trace's game is a textbook tree (its nodes are named by labels)."""
        return self._trace.game is not None and is_textbook_tree(self._trace.game)

    # --- what the game says ---------------------------------------------------------
    def label(self, nid: int) -> str:
        """The game's label of node ``nid``'s position (its number if no game is attached)."""
        known = self._labels.get(nid)
        if known is None:
            trace = self._trace
            if trace.game is None:
                return str(nid)
            known = label(trace.game, trace.position(nid))
            restore(trace.game)  # a MutableGame moved its object to answer: put it back (or say it changed)
            self._labels[nid] = known  # kept only once the object is known to be as recorded
        return known

    def move(self, nid: int) -> str:
        """The game's name of the move into ``nid`` (``''`` for a root, ``str(move)``
        if no game is attached)."""
        known = self._moves.get(nid)
        if known is not None:
            return known
        trace = self._trace
        n = trace.nodes[nid]
        if n.parent < 0:
            return ""
        if trace.game is None:
            return str(trace.move(nid))
        known = move_name(trace.game, trace.position(n.parent), trace.move(nid))
        restore(trace.game)  # a MutableGame moved its object to answer: put it back (or say it changed)
        self._moves[nid] = known  # kept only once the object is known to be as recorded
        return known

    def moves(self, nid: int) -> tuple[str, ...]:
        """The names of the moves from the root to ``nid``."""
        return tuple(self.move(n) for n in self._trace.path(nid)[1:])

    def child(self, nid: int) -> str:
        """Node ``nid`` as its parent sees it: its label in a textbook tree, else its move."""
        return self.label(nid) if self.textbook else self.move(nid)

    def move_from(self, nid: int, move: Any) -> str:
        """The game's name of ``move`` at ``nid``'s position (tried or not: a cutoff's
        skipped moves, a drawing's moves not entered yet); ``str(move)`` without a game."""
        game = self._trace.game
        if game is None:
            return str(move)
        text = move_name(game, self._trace.position(nid), move)
        restore(game)
        return text

    def child_of(self, nid: int, move: Any) -> str:
        """The node ``move`` leads to from ``nid``, named as :meth:`child` names it (the
        move need not have been tried: a cutoff's skipped moves are named so)."""
        game = self._trace.game
        if game is None or not self.textbook:
            return self.move_from(nid, move)
        text = label(game, game.play(self._trace.position(nid), move))
        restore(game)
        return text

    def skipped(self, nid: int) -> tuple[str, ...]:
        """The moves a cutoff at ``nid`` never tried, each named by :meth:`child_of`."""
        known = self._skipped.get(nid)
        if known is None:
            known = self._skipped[nid] = tuple(self.child_of(nid, m) for m in self._trace.nodes[nid].skipped)
        return known

    # --- what the layers write ------------------------------------------------------
    def short(self, nid: int) -> str:
        """How the stepper names ``nid``: its label in a textbook tree; else its moves from
        the root (the last three after ``…`` past four), or ``the root``."""
        known = self._short.get(nid)
        if known is None:
            known = self._short[nid] = self._path_name(nid, prose=False)
        return known

    def prose(self, nid: int) -> str:
        """How a sentence about the position names ``nid``: ``the position after b1 c2``
        with every move (a textbook node's label, ``the root``)."""
        known = self._prose.get(nid)
        if known is None:
            known = self._prose[nid] = self._path_name(nid, prose=True)
        return known

    def _path_name(self, nid: int, *, prose: bool) -> str:
        if self.textbook:
            return self.label(nid)
        # the moves into nid from its ancestors below the root: all of them for prose, else
        # five at most (enough to tell four from more), so a name costs the same at any depth
        path: list[int] = []
        nodes = self._trace.nodes
        while nodes[nid].parent >= 0 and (prose or len(path) < 5):
            path.append(nid)
            nid = nodes[nid].parent
        if not path:
            return ROOT
        moves = [printable(self.move(n)) for n in reversed(path)]  # a game's text reaches pages: no control characters
        if prose:
            return "the position after " + " ".join(moves)
        return " ".join(moves if len(moves) <= 4 else ["…", *moves[-3:]])

    # --- what answers are given under -------------------------------------------------
    @cached_property
    def unfolded(self) -> list[tuple[tuple[str, ...], bool]]:
        """A textbook tree's nodes as drawn from the trace's root (see :func:`unfolded`);
        empty for any other game."""
        return unfolded(self._trace.game, self._trace.position(0)) if self.textbook else []

    @cached_property
    def repeated(self) -> frozenset[str]:
        """A textbook tree's labels that the tree, drawn as a tree, shows more than once
        (a shared node under each of its parents): those nodes go by their label paths."""
        seen: set[str] = set()
        twice: set[str] = set()
        for path, _ in self.unfolded:
            for lbl in path[-1:]:
                (twice if lbl in seen else seen).add(lbl)
        return frozenset(twice)

    @cached_property
    def sep(self) -> str:
        """What joins the moves of a board's full name: a space, or `` / `` where a move's
        own name has one (two paths would otherwise print alike)."""
        trace = self._trace
        if self.textbook or not any(any(ch.isspace() for ch in self.move(n.id)) for n in trace.nodes[1:]):
            return " "
        return " / "

    def full(self, nid: int) -> str:
        """The name answers about ``nid`` are given under: see the module."""
        known = self._full.get(nid)
        if known is None:
            below = self._trace.path(nid)[1:]
            if self.textbook:
                known = qualified(tuple(self.label(p) for p in below), self.repeated) if below else self.label(nid)
            else:
                known = self.sep.join(self.move(p) for p in below) if below else ROOT
            self._full[nid] = known
        return known

    def full_below(self, nid: int, moves: tuple[str, ...]) -> str:
        """:meth:`full` of a node the search never enters: below ``nid`` by ``moves``, each
        named as :meth:`child_of` names it (a cutoff's skipped move, and the moves below it)."""
        if self.textbook:
            return qualified((*(self.label(p) for p in self._trace.path(nid)[1:]), *moves), self.repeated)
        me = self.full(nid)
        return self.sep.join(moves if me == ROOT else (me, *moves))


def qualified(path: tuple[str, ...], repeated: Iterable[str]) -> str:
    """A textbook node's name, from its labels below the root (not empty): its label, or
    all of them when the unfolded tree shows that label more than once."""
    return " ".join(path) if path[-1] in repeated else path[-1]


def unfolded(game: Any, root: Any) -> list[tuple[tuple[str, ...], bool]]:
    """A textbook tree drawn as a tree (a shared node once under each parent): each node's
    labels from below ``root``, and whether it is an inner node, in tree order."""
    out: list[tuple[tuple[str, ...], bool]] = []
    stack: list[tuple[Any, tuple[str, ...]]] = [(root, ())]
    while stack:
        pos, path = stack.pop()
        moves = game.moves(pos)
        out.append((path, bool(moves)))
        children = [game.play(pos, m) for m in moves]
        stack.extend((c, (*path, label(game, c))) for c in reversed(children))
    restore(game)
    return out
