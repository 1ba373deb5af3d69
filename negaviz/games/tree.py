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
  bare ``NAME`` makes a transposition: both parents share that node.

>>> tree = Tree.parse("[[7,5],[3,1,9]]")
>>> tree.text()
'A(B(D:7 E:5) C(F:3 G:1 H:9))'
>>> [tree.label(n) for n in tree.moves(tree.root)]
['B', 'C']
"""

from __future__ import annotations

import math
import re
import reprlib
import sys
from typing import Any, Sequence

from negaviz.errors import InputError

Number = float | int

NUMBER = r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
"""The one rule for a number in tree text, in both forms: an optional sign (``+`` or
``-``), ASCII digits ``0-9`` with an optional ``.`` and fraction, and an optional exponent
(``e`` or ``E``, an optional sign, digits).  No ``_`` between digits, no ``0x``, ``inf`` or
``nan``, and no other script's digits (``٣`` is refused, not read as 3)."""

_TOKEN = re.compile(rf"\s*(?:(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<num>{NUMBER})|(?P<punct>[():,\[\]])|(?P<bad>\S))")
_NUMBERISH = re.compile(r"[-+]?(?:[^\W_]|\.(?=[^\W_]))[\w.]*(?:(?<=[eE])[-+][\w.]+)?")
"""A run of text that starts like a number (a digit of any script, or '.' and one)."""

MAX_DEPTH = 200
"""Deepest tree accepted: deeper ones are not textbook trees, and would exhaust recursion."""

MAX_LIST_NODES = 10_000_000
"""Most nodes nested Python lists may spell out: a list shared at every level doubles the
tree per level, and such a tree is no textbook tree (its text would be gigabytes)."""

LARGEST = sys.float_info.max
"""Largest value magnitude accepted (about 1.8e308): every value must convert to a float."""

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


_REPR = reprlib.Repr()
"""Shows any value briefly: a list that holds itself or nests thousands deep is cut, not recursed into."""
_REPR.maxlevel, _REPR.maxlist, _REPR.maxtuple, _REPR.maxdict, _REPR.maxstring = 3, 4, 4, 4, 30


def _shown(value: object) -> str:
    """``repr(value)``, shortened: a huge integer is described, not printed, and a
    self-holding or deeply nested list is cut short."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = int(value.bit_length() * math.log10(2)) + 1
        return f"{'a negative' if value < 0 else 'an'} integer of about {digits} digits"
    try:
        text = _REPR.repr(value)
    except Exception:  # a __repr__ of the caller's own that fails: name its type instead
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def check_label(label: object) -> str:
    """``label`` if it is a node name the labelled form can write back, else InputError."""
    if not isinstance(label, str) or not _NAME.fullmatch(label):
        raise InputError(
            f"node name {_shown(label)} is not allowed (a name is a letter or '_', then letters, digits or '_')"
        )
    return label


def check_value(name: str, value: object) -> Number:
    """``value`` if it may be node ``name``'s value, else InputError.

    The one check of tree values, shared by :class:`Tree` and both parsers: a number
    (int or float, not bool), finite, and at most :data:`LARGEST` in magnitude, so
    that every value converts to a float and writes back as text that parses.

    >>> check_value("B", 3)
    3
    >>> check_value("B", float("nan"))
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: the value of B must be a finite number, not nan
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError(f"the value of {name} must be a number (int or float), not {_shown(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(f"the value of {name} must be a finite number, not {value!r}")
    if abs(value) > LARGEST:  # an int: compared exactly, no conversion
        raise InputError(
            f"the value of {name} is too large ({_shown(value)}): values must be finite numbers "
            "up to about 1.8e308 in magnitude"
        )
    return value


def _not_a_number(token: str) -> str:
    shown = token if len(token) <= 20 else token[:17] + "..."
    return (f"malformed tree: {shown!r} is not a number negaviz reads (write numbers with the digits 0-9, an "
            "optional sign, '.' and exponent, e.g. -1.5e3)")


def _bfs_name(i: int) -> str:
    """A, B, ..., Z, AA, AB, ... like spreadsheet columns."""
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(65 + r) + name
    return name


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
    ) -> None:
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
        labels, children, values = _in_tree_order(labels, children, values)
        n = len(labels)
        self.labels = tuple(labels)
        self.children = tuple(tuple(c) for c in children)
        self.values = tuple(values)
        self.root = 0
        depth: list[int | None] = [None] * n
        depth[0] = 0
        order = [0]
        for node in order:  # breadth-first: gives each node its parity and checks it
            for c in self.children[node]:
                d = depth[node]
                assert d is not None
                if depth[c] is None:
                    depth[c] = d + 1
                    order.append(c)
                elif (depth[c] - d - 1) % 2:  # type: ignore[operator]
                    raise InputError(
                        f"node {self.labels[c]} is reached at both odd and even depth "
                        "(a transposition must keep the same side to move)"
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
        self._sign = tuple(1 if d % 2 == 0 else -1 for d in self._depth)
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
        """Children with a heuristic value first, best for the side to move first (a
        child's value is for the opponent, so the lowest comes first); the others after,
        as written."""
        valued = [m for m in moves if self.values[m] is not None]
        rest = [m for m in moves if self.values[m] is None]
        return sorted(valued, key=lambda m: self.values[m] * self._sign[m]) + rest  # type: ignore[operator]

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
        return self._depth[pos] % 2

    def depth(self, pos: int) -> int:
        return self._depth[pos]

    def spec(self) -> dict[str, object]:
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
            head = name if v is None else f"{name}:{_fmt(v)}"
            kids = self.children[node]
            return head if not kids else head + "(" + " ".join(write(c) for c in kids) + ")"

        return write(0)

    @classmethod
    def parse(cls, text: str | list[Any] | tuple[Any, ...]) -> Tree:
        """A tree from nested lists, written as text (``"[[7,5],[3,1,9]]"``) or given as
        Python lists (``[[3, [1, 4]], [[1, 5], 9]]``, read by :meth:`from_lists`), or from
        the labelled form (``"A(B:1 C:2)"``).  Numbers follow :data:`NUMBER`.

        >>> Tree.parse([[3, [1, 4]], [[1, 5], 9]]).text() == Tree.parse("[[3, [1, 4]], [[1, 5], 9]]").text()
        True
        """
        if isinstance(text, (list, tuple)):
            return cls.from_lists(text)
        if not isinstance(text, str):
            raise InputError(f"text must be a tree written as text (a str) or nested lists of numbers, "
                             f"not {type(text).__name__}")
        stripped = text.strip()
        if not stripped:
            raise InputError("empty tree (write nested lists like [[7,5],[3,1,9]] or A(B:1 C:2))")
        if stripped.startswith(("[", "(")):
            return cls.from_lists(_ListParser(text).parse())
        return _LabelledParser(text).parse()

    @classmethod
    def from_lists(cls, nested: Any) -> Tree:
        """A tree from nested Python lists of numbers, nodes named breadth-first."""
        labels: list[str] = []
        children: list[list[int]] = []
        values: list[Number | None] = []
        queue = [nested]
        parent = [-1]  # each item's parent's place in queue: to tell a list that holds itself
        depth = [0]
        listed: set[int] = set()  # ids of the lists met so far (the lists stay alive: ids stay theirs)
        for at, item in enumerate(queue):  # breadth-first, so names run A, B, C by level
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
                if id(item) in listed and _holds_itself(queue, parent, at):
                    raise InputError("malformed tree: a list holds itself (a tree's lists must each end in numbers)")
                listed.add(id(item))
                if depth[at] >= MAX_DEPTH:
                    raise InputError(f"the tree is more than {MAX_DEPTH} levels deep (textbook trees are small)")
                if len(queue) + len(item) > MAX_LIST_NODES:
                    raise InputError(f"malformed tree: the lists spell out more than {MAX_LIST_NODES:,} nodes "
                                     "(a list shared at many levels; textbook trees are small)")
                first = len(queue)
                children.append(list(range(first, first + len(item))))
                values.append(None)
                queue.extend(item)
                parent.extend([at] * len(item))
                depth.extend([depth[at] + 1] * len(item))
        return cls(labels, children, values)  # names breadth-first; numbers go in tree order


def _holds_itself(queue: list[Any], parent: list[int], at: int) -> bool:
    """Whether the list at ``queue[at]`` is one of its own ancestors (the same object)."""
    up = parent[at]
    while up >= 0:
        if queue[up] is queue[at]:
            return True
        up = parent[up]
    return False


def _in_tree_order(
    labels: Sequence[str], children: Sequence[Sequence[int]], values: Sequence[Number | None]
) -> tuple[list[str], list[list[int]], list[Number | None]]:
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
    )


class _Reader:
    """The tokens of tree text, shared by both forms: the same spaces (any Unicode space,
    as ``str.split`` takes them), names, punctuation and numbers (:data:`NUMBER`), and the
    same words for a number the rule refuses."""

    EXAMPLE = ""
    """How the form is written, for error messages."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        for m in _TOKEN.finditer(text):
            kind = m.lastgroup or "bad"
            self.tokens.append((kind, m.group(kind), m.start(kind) + 1))
        self.i = 0

    def fail(self, what: str) -> InputError:
        at = self.tokens[self.i][2] if self.i < len(self.tokens) else len(self.text.rstrip()) + 1
        return InputError(f"malformed tree at character {at}: {what} (write e.g. {self.EXAMPLE})")

    def peek(self) -> tuple[str, str]:
        if self.i < len(self.tokens):
            kind, val, _ = self.tokens[self.i]
            return kind, val
        return "end", ""

    def number(self) -> Number | None:
        """The number at the current token, read by :data:`NUMBER` (and the token passed),
        or None if the token does not start like a number; a run of text that starts like
        one but is not one the rule allows (``1_0``, ``0x1``, ``٣``, ``- 5``) is refused."""
        kind, val = self.peek()
        if kind == "bad":
            at = self.tokens[self.i][2] - 1
            spaced = re.match(r"[-+]\s+[0-9.]", self.text[at:])
            if spaced or val[:1].isdigit():  # a sign apart from its digits, or another script's digit
                numberish = _NUMBERISH.match(self.text, at)
                run = spaced.group() if spaced else numberish.group() if numberish else val
                raise self.fail(_not_a_number(run)[len("malformed tree: "):])
            return None
        if kind != "num":
            return None
        end = self.tokens[self.i][2] - 1 + len(val)
        rest = self.text[end:]
        glued = re.match(r"[A-Za-z0-9_.]+", rest)
        extra = glued.group() if glued else rest[:1] if rest[:1].isdigit() else ""
        if extra:  # 1_0, 0x1, 3٣: not numbers, in either form
            raise self.fail(_not_a_number(val + extra)[len("malformed tree: "):])
        try:
            value: Number = float(val) if any(ch in val for ch in ".eE") else int(val)
        except ValueError:  # an integer of thousands of digits
            shown = val if len(val) <= 20 else val[:17] + "..."
            raise self.fail(f"{shown!r} is too long a number") from None
        self.i += 1
        return value


class _ListParser(_Reader):
    """Nested lists from their text, ``[[7, 5], [3, 1, 9]]`` (round brackets too), read
    without recursion, token by token as the labelled form is read."""

    EXAMPLE = "[[7,5],[3,1,9]]"

    def parse(self) -> Any:
        close = {"[": "]", "(": ")"}
        stack: list[tuple[str, list[Any]]] = []
        top: Any = None
        want_item = True  # after an opening or a comma: an item (or a closing); after an item: ',' or a closing
        while True:
            kind, val = self.peek()
            if kind == "punct" and val in close and want_item:
                if len(stack) >= MAX_DEPTH:
                    raise self.fail(f"the tree is more than {MAX_DEPTH} levels deep (textbook trees are small)")
                new: list[Any] = []
                if stack:
                    stack[-1][1].append(new)
                else:
                    top = new
                stack.append((close[val], new))
                self.i += 1
                continue
            if kind == "punct" and stack and val == stack[-1][0]:
                stack.pop()
                self.i += 1
                want_item = False
                if not stack:
                    break
                continue
            if kind == "punct" and val == "," and stack and not want_item:
                self.i += 1
                want_item = True
                continue
            number = self.number() if want_item else None
            if number is not None:
                stack[-1][1].append(number)
                want_item = False
                continue
            raise self._unexpected(kind, val, want_item, stack[-1][0] if stack else "")
        kind, val = self.peek()
        if kind != "end":
            raise self._unexpected(kind, val, False, "")
        return top

    def _unexpected(self, kind: str, val: str, want_item: bool, closing: str) -> InputError:
        at = self.tokens[self.i][2] if self.i < len(self.tokens) else len(self.text.rstrip()) + 1
        if want_item and (kind == "name" or val in "'\"{"):
            quoted = re.match(r"'[^']*'|\"[^\"]*\"", self.text[at - 1:]) if val in "'\"" else None
            what = quoted.group() if quoted else val if kind == "name" else repr(val)
            return InputError(f"malformed tree at character {at}: {what} is neither a number nor a list")
        found = "the end" if kind == "end" else repr(val)
        expected = ("a number or a list" if want_item else f"',' or {closing!r}" if closing else "nothing more")
        stripped = self.text.strip()
        shown = stripped if len(stripped) <= 40 else stripped[:37] + "..."
        return InputError(f"malformed tree {shown!r}: not a nested list of numbers "
                          f"(expected {expected} at character {at}, found {found})")


class _LabelledParser(_Reader):
    """Recursive-descent parser for ``A(B:3 C(D:1 E:2))``."""

    EXAMPLE = "A(B(D:7 E:5) C:3)"

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.labels: list[str] = []
        self.children: list[list[int]] = []
        self.values: list[Number | None] = []
        self.index: dict[str, int] = {}
        self.depth = 0

    def parse(self) -> Tree:
        self.node()
        kind, val = self.peek()
        if kind != "end":
            raise self.fail(f"unexpected {val!r} after the root's closing")
        return Tree(self.labels, self.children, self.values)

    def node(self) -> int:
        kind, val = self.peek()
        if kind != "name":
            raise self.fail(f"expected a node name, found {val!r}" if kind != "end" else "expected a node name, found the end")
        name = val
        self.i += 1
        value: Number | None = None
        if self.peek() == ("punct", ":"):
            self.i += 1
            value = self.number()
            if value is None:
                kind, val = self.peek()
                raise self.fail(f"expected a number after '{name}:', found {val!r}" if kind != "end" else f"expected a number after '{name}:'")
            try:
                check_value(name, value)
            except InputError as exc:
                self.i -= 1  # the error points at the number
                raise self.fail(str(exc)) from None
        has_kids = self.peek() == ("punct", "(")
        if name in self.index:
            if value is not None or has_kids:
                raise self.fail(f"node name {name!r} is used twice (repeat a name alone to share a node)")
            return self.index[name]
        me = len(self.labels)
        self.index[name] = me
        self.labels.append(name)
        self.children.append([])
        self.values.append(value)
        if has_kids:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise self.fail(f"the tree is more than {MAX_DEPTH} levels deep (textbook trees are small)")
            self.i += 1
            while True:
                kind, val = self.peek()
                if (kind, val) == ("punct", ")"):
                    self.i += 1
                    break
                if (kind, val) == ("punct", ","):
                    self.i += 1
                    continue
                if kind == "end":
                    raise self.fail(f"missing ')' to close {name}")
                self.children[me].append(self.node())
            if not self.children[me]:
                raise self.fail(f"node {name} has '()' but no children")
            self.depth -= 1
        elif value is None:
            raise self.fail(f"leaf {name} needs a value, e.g. {name}:3")
        return me
