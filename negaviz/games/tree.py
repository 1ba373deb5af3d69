"""Textbook game trees, written as nested lists or in a labelled form.

Leaf values are given from the root player's point of view, as textbooks draw minimax
trees; the game converts them to the side to move (negating at odd depth), so that
every search in negaviz sees negamax values.

Two ways to write a tree:

* nested lists, ``[[7, 5], [3, 1, 9]]``: nodes are named A, B, C, ... in breadth-first
  order, the root being A;
* a labelled form, ``A(B(D:7 E:5) C(F:3 G:1 H:9))``: ``NAME:VALUE`` is a leaf,
  ``NAME(children)`` an inner node, and ``NAME:VALUE(children)`` an inner node with a
  heuristic value used by depth-limited searches.  Writing a defined name again as a
  bare ``NAME`` makes a transposition: both parents share that node.  ``NAME?(...)`` is a
  chance node (a dice roll, drawn as a circle), each outcome after its probability:
  ``C?(1/6 F:3 5/6 G:-1)``; with none written, the outcomes are equally likely.

Who moves where: the root's player first (MAX), and each player's move hands the turn to
the other, unless a node is marked: ``@max`` or ``▲`` right after its name says MAX moves
there, ``@min`` or ``▼`` that MIN does (CS188's MAX layer then one MIN layer per ghost,
``A(B@min(D@min(F:3 G:5)))``; a pass; an extra move).  Leaf values stay MAX's.  A
chance node either comes before the next player's move (``players=2``, the default: expectiminimax, as AIMA's backgammon, MAX, chance, MIN, chance, MAX) or takes
the opponent's turn (``players=1``: expectimax, one player against chance, as CS188's
Pacman against random ghosts, MAX, chance, MAX).

>>> tree = Tree.parse("[[7,5],[3,1,9]]")
>>> tree.text()
'A(B(D:7 E:5) C(F:3 G:1 H:9))'
>>> [tree.label(n) for n in tree.moves(tree.root)]
['B', 'C']
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from negaviz.errors import InputError
from negaviz.games.tree_checks import (  # (the checks of a tree's data; the names are offered here too)
    MAX_DEPTH,
    NUMBER,
    Number,
    Probability,
    _measure,
    _shown,
    check_label,
    check_probabilities,
    check_value,
)
from negaviz.games.tree_text import _LabelledParser, _ListParser

def _bfs_name(i: int) -> str:
    """A, B, ..., Z, AA, AB, ... like spreadsheet columns."""
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(65 + r) + name
    return name


def _fmt_p(p: Probability) -> str:
    """A probability in the tree's text form: a fraction as ``a/b``, else as a value."""
    if isinstance(p, Fraction):
        return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
    return _fmt(p)


def _fmt(v: Number) -> str:
    """A value in the tree's text form, which :meth:`Tree.parse` reads back: an ASCII
    minus and every digit kept.  Not for display: values are shown by
    :func:`negaviz.vocabulary.fmt`."""
    return str(int(v)) if float(v).is_integer() else repr(float(v))


class Tree:
    """A game tree (or DAG) whose positions are node numbers; node 0 is the root."""

    def __init__(
        self,
        labels: Sequence[str],
        children: Sequence[Sequence[int]],
        values: Sequence[Number | None],
        *,
        chance: Sequence[Sequence[Probability] | None] | None = None,
        players: int = 2,
        marks: Sequence[int | None] | None = None,
    ) -> None:
        if isinstance(players, bool) or players not in (1, 2):
            raise InputError(f"players must be 1 (one player against chance: expectimax) or 2, not {_shown(players)}")
        try:
            n = len(labels)
            sizes = (len(children), len(values))
        except TypeError:
            raise InputError("a tree needs sequences of labels, children (child lists) and values, one per node") from None
        if not (n == sizes[0] == sizes[1]) or n == 0:
            raise InputError("a tree needs one label, child list and value per node, and at least one node")
        seen: set[str] = set()
        for node, name in enumerate(labels):
            check_label(name)
            if name in seen:
                raise InputError(f"node name {name!r} is used twice (each node needs its own name)")
            seen.add(name)
            if values[node] is not None:
                check_value(name, values[node])
        for node, kids in enumerate(children):
            if isinstance(kids, (str, bytes)) or not isinstance(kids, Sequence):
                raise InputError(f"node {labels[node]}'s children must be a list of node numbers, not {_shown(kids)}")
            for c in kids:
                if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < n:
                    raise InputError(f"node {labels[node]} has a child number {c!r} outside the tree")
        probs = _chance_of(labels, children, chance)
        given = _marks_of(labels, marks, probs)
        labels, children, values, probs, given = _in_tree_order(labels, children, values, probs, given)
        n = len(labels)
        self.labels = tuple(labels)
        self.children = tuple(tuple(c) for c in children)
        self.values = tuple(values)
        self.probabilities: tuple[tuple[Probability, ...] | None, ...] = tuple(
            None if p is None else tuple(p) for p in probs
        )
        """Per node: None for a player's node, else its outcomes' probabilities, in order."""
        self.players = players
        """2: a chance node comes before the next player's move; 1: it takes the opponent's turn."""
        self.marks: tuple[int | None, ...] = tuple(given)
        """Per node: 0 (MAX) or 1 (MIN) where the tree says whose turn it is, else None."""
        self.root = 0
        depth: list[int | None] = [None] * n
        depth[0] = 0
        side = [0] * n
        order = [0]
        for node in order:  # breadth-first: gives each node its depth and player, and checks them
            turn = side[node] if self.probabilities[node] is not None and players == 2 else 1 - side[node]
            for c in self.children[node]:
                d = depth[node]
                assert d is not None
                marked = given[c]
                mine = turn if marked is None else marked
                if depth[c] is None:
                    depth[c] = d + 1
                    side[c] = mine
                    order.append(c)
                elif side[c] != mine:
                    if any(m is not None for m in given):
                        raise InputError(
                            f"node {self.labels[c]} is reached from nodes where it would be MAX's turn and MIN's: "
                            f"mark whose turn it is ({self.labels[c]}@max or {self.labels[c]}@min)"
                        )
                    both = ("at both odd and even depth" if not any(p is not None for p in self.probabilities)
                            else "with both players to move")
                    raise InputError(
                        f"node {self.labels[c]} is reached {both} (a transposition must keep the same side to move)"
                    )
        if len(order) != n:
            raise InputError("every node of a tree must be reachable from the root")
        self._check_acyclic()
        if max(d or 0 for d in depth) > MAX_DEPTH:
            raise InputError(f"the tree is more than {MAX_DEPTH} levels deep (textbook trees are small)")
        for node in range(n):
            if not self.children[node] and self.values[node] is None:
                raise InputError(f"leaf {self.labels[node]} has no value (write it as {self.labels[node]}:VALUE)")
        self._depth = tuple(d or 0 for d in depth)
        self._player = tuple(side)
        self._sign = tuple(-1 if s else 1 for s in side)
        self.alternates = all(
            side[c] != side[p] for p in range(n) if self.probabilities[p] is None for c in self.children[p]
        )
        """Whether every player's move hands the turn to the other player (searches that
        negate every child's value need it; marks can make it False)."""
        self.max_score = max(abs(v) for v in self.values if v is not None)

    def _check_acyclic(self) -> None:
        # Kahn's algorithm: a node whose parents never all finish lies on a cycle.
        n = len(self.labels)
        indegree = [0] * n
        for kids in self.children:
            for c in kids:
                indegree[c] += 1
        ready = [v for v in range(n) if indegree[v] == 0]
        done = 0
        while ready:
            v = ready.pop()
            done += 1
            for c in self.children[v]:
                indegree[c] -= 1
                if indegree[c] == 0:
                    ready.append(c)
        if done != n:
            stuck = next(self.labels[v] for v in range(n) if indegree[v] > 0)
            raise InputError(f"the tree has a cycle through node {stuck} (a node cannot be its own descendant)")

    # --- the four verbs -------------------------------------------------------------
    def moves(self, pos: int) -> tuple[int, ...]:
        return self.children[pos]

    def play(self, pos: int, move: int) -> int:
        return move

    def is_terminal(self, pos: int) -> bool:
        return not self.children[pos]

    def score(self, pos: int) -> Number:
        v = self.values[pos]
        assert v is not None
        return v * self._sign[pos]

    # --- optional verbs -------------------------------------------------------------
    def check_position(self, pos: Any) -> int:
        """A node: its number (0 is the root), or its label, e.g. ``"B"``."""
        if isinstance(pos, str) and pos in self.labels:
            return self.labels.index(pos)
        if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos < len(self.labels):
            raise InputError(
                f"{pos!r} is not a node of this tree: give a node's label ({', '.join(self.labels[:6])}"
                f"{', ...' if len(self.labels) > 6 else ''}) or its number, 0 to {len(self.labels) - 1}"
            )
        return pos

    def key(self, pos: int) -> int:
        return pos

    def evaluate(self, pos: int) -> Number:
        v = self.values[pos]
        if v is None:
            raise InputError(
                f"node {self.labels[pos]} has no heuristic value for a depth-limited search "
                f"(write it as {self.labels[pos]}:VALUE(...))"
            )
        return v * self._sign[pos]

    def order(self, pos: int, moves: Sequence[int]) -> list[int]:
        """Children with a heuristic value first, best for the side to move first (for
        MAX the highest value, for MIN the lowest, whoever moves at the child); the others
        after, as written."""
        valued = [m for m in moves if self.values[m] is not None]
        rest = [m for m in moves if self.values[m] is None]
        return sorted(valued, key=lambda m: -self.values[m] * self._sign[pos]) + rest  # type: ignore[operator]

    def label(self, pos: int) -> str:
        return self.labels[pos]

    def move_name(self, pos: int, move: int) -> str:
        return self.labels[move]

    def parse_move(self, pos: int, text: str) -> int:
        for c in self.children[pos]:
            if self.labels[c] == text:
                return c
        allowed = ", ".join(self.labels[c] for c in self.children[pos]) or "none: it is a leaf"
        raise InputError(f"{text!r} is not a child of {self.labels[pos]} (children: {allowed})")

    def player(self, pos: int) -> int:
        return self._player[pos]

    @property
    def has_chance(self) -> bool:
        """Whether the tree has a chance node (searched by ``expectimax`` or ``star1``)."""
        return any(p is not None for p in self.probabilities)

    def outcomes(self, pos: int) -> tuple[tuple[int, Probability], ...] | None:
        """A chance node's outcomes with their probabilities; None at a player's node."""
        probs = self.probabilities[pos]
        return None if probs is None else tuple(zip(self.children[pos], probs))

    def depth(self, pos: int) -> int:
        return self._depth[pos]

    def spec(self) -> dict[str, object]:
        if self.players == 1:
            return {"game": "tree", "tree": self.text(), "players": 1}
        return {"game": "tree", "tree": self.text()}

    # --- text -----------------------------------------------------------------------
    def preorder(self) -> list[int]:
        """Node numbers in tree order (depth first, children left to right), each once."""
        return list(range(len(self.labels)))  # nodes are numbered in tree order (see _in_tree_order)

    def text(self) -> str:
        """The tree in labelled form; a shared node is written in full once, then by name."""
        written: set[int] = set()

        def write(node: int) -> str:
            name = self.labels[node]
            if node in written:
                return name
            written.add(node)
            v = self.values[node]
            probs = self.probabilities[node]
            side = self.marks[node]
            mark = "" if side is None else "@min" if side else "@max"
            head = (name + mark if probs is None else name + "?") + ("" if v is None else f":{_fmt(v)}")
            kids = self.children[node]
            if probs is not None and any(p != Fraction(1, len(kids)) or not isinstance(p, Fraction) for p in probs):
                return head + "(" + " ".join(f"{_fmt_p(p)} {write(c)}" for c, p in zip(kids, probs)) + ")"
            return head if not kids else head + "(" + " ".join(write(c) for c in kids) + ")"

        return write(0)

    @classmethod
    def parse(cls, text: str | list[Any] | tuple[Any, ...], *, players: int = 2) -> Tree:
        """A tree from nested lists, written as text (``"[[7,5],[3,1,9]]"``) or given as
        Python lists (``[[3, [1, 4]], [[1, 5], 9]]``, read by :meth:`from_lists`), or from
        the labelled form (``"A(B:1 C:2)"``).  Numbers follow :data:`NUMBER`.

        >>> Tree.parse([[3, [1, 4]], [[1, 5], 9]]).text() == Tree.parse("[[3, [1, 4]], [[1, 5], 9]]").text()
        True
        """
        if isinstance(text, (list, tuple)):
            return cls.from_lists(text) if players == 2 else cls.from_lists(text)._with(players)
        if not isinstance(text, str):
            raise InputError(f"text must be a tree written as text (a str) or nested lists of numbers, "
                             f"not {type(text).__name__}")
        stripped = text.strip()
        if not stripped:
            raise InputError("empty tree (write nested lists like [[7,5],[3,1,9]] or A(B:1 C:2))")
        if stripped.startswith(("[", "(")):
            tree = cls.from_lists(_ListParser(text).parse())
            return tree if players == 2 else tree._with(players)
        parser = _LabelledParser(text)
        parsed = parser.parse()
        marks = parser.marks if any(m is not None for m in parser.marks) else None
        return cls(*parsed, chance=parser.chance, players=players, marks=marks)

    def _with(self, players: int) -> Tree:
        return Tree(self.labels, self.children, self.values, chance=self.probabilities, players=players,
                    marks=self.marks)

    @classmethod
    def from_lists(cls, nested: Any) -> Tree:
        """A tree from nested Python lists of numbers, nodes named breadth-first."""
        _measure(nested)  # before a node is made: a list that holds itself, or too deep, or too big
        labels: list[str] = []
        children: list[list[int]] = []
        values: list[Number | None] = []
        queue = [nested]
        for item in queue:  # breadth-first, so names run A, B, C by level
            labels.append(_bfs_name(len(labels)))
            if isinstance(item, bool) or not isinstance(item, (int, float, list, tuple)):
                raise InputError(f"malformed tree: {_shown(item)} is neither a number nor a list")
            if isinstance(item, (int, float)):
                try:
                    check_value(labels[-1], item)
                except InputError as exc:
                    raise InputError(f"malformed tree: {exc}") from None
                children.append([])
                values.append(item)
            else:
                if not item:
                    raise InputError("malformed tree: an empty list is neither a leaf nor a node with children")
                first = len(queue)
                children.append(list(range(first, first + len(item))))
                values.append(None)
                queue.extend(item)
        return cls(labels, children, values)  # names breadth-first; numbers go in tree order


def _chance_of(
    labels: Sequence[str], children: Sequence[Sequence[int]], chance: Sequence[Sequence[Probability] | None] | None
) -> list[list[Probability] | None]:
    """Each node's outcome probabilities (None: a player's node), checked against its children."""
    if chance is None:
        return [None] * len(labels)
    if isinstance(chance, (str, bytes)) or not isinstance(chance, Sequence) or len(chance) != len(labels):
        raise InputError("chance must give each node its outcomes' probabilities, or None for a player's node")
    out: list[list[Probability] | None] = []
    for node, probs in enumerate(chance):
        if probs is None:
            out.append(None)
            continue
        name, kids = labels[node], children[node]
        if isinstance(probs, (str, bytes)) or not isinstance(probs, Sequence) or len(probs) != len(kids) or not kids:
            raise InputError(f"chance node {name} needs one probability per outcome ({len(kids)} outcomes)")
        check_probabilities(name, [labels[c] for c in kids], list(probs))
        out.append(list(probs))
    return out


def _marks_of(
    labels: Sequence[str], marks: Sequence[int | None] | None, probs: Sequence[list[Probability] | None]
) -> list[int | None]:
    """Each node's mark (0: MAX's turn, 1: MIN's, None: the other side from its parent's), checked."""
    if marks is None:
        return [None] * len(labels)
    if isinstance(marks, (str, bytes)) or not isinstance(marks, Sequence) or len(marks) != len(labels):
        raise InputError("marks must give each node 0 (MAX's turn), 1 (MIN's turn) or None (unmarked), one per node")
    for node, mark in enumerate(marks):
        if mark is None:
            continue
        if isinstance(mark, bool) or mark not in (0, 1):
            raise InputError(f"node {labels[node]}'s mark must be 0 (MAX, @max), 1 (MIN, @min) or None, "
                             f"not {_shown(mark)}")
        if any(p is not None for p in probs):
            raise InputError(f"node {labels[node]} is marked, in a tree with chance nodes: who moves after a roll "
                             "is chance's rule (players=1 or 2), so marks are for trees without chance nodes")
    if marks[0] == 1:
        raise InputError(f"root {labels[0]} is marked MIN (@min): the root is MAX's, whose view the values are "
                         "in; mark the nodes below it")
    return list(marks)


def _in_tree_order(
    labels: Sequence[str], children: Sequence[Sequence[int]], values: Sequence[Number | None],
    probs: Sequence[list[Probability] | None], marks: Sequence[int | None],
) -> tuple[list[str], list[list[int]], list[Number | None], list[list[Probability] | None], list[int | None]]:
    """Renumber nodes in tree order (depth first, each node where first met), the order
    the labelled form numbers them in, so :meth:`Tree.text` parses back to the same
    node numbers (saved traces refer to nodes by number)."""
    order: list[int] = []
    seen: set[int] = set()
    stack = [0]
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        order.append(node)
        stack.extend(reversed(children[node]))
    if len(order) != len(labels):
        raise InputError("every node of a tree must be reachable from the root")
    new = {old: i for i, old in enumerate(order)}
    return (
        [labels[o] for o in order],
        [[new[c] for c in children[o]] for o in order],
        [values[o] for o in order],
        [probs[o] for o in order],
        [marks[o] for o in order],
    )

