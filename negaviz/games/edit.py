"""Edits of a textbook tree, as a lecturer makes them live: each returns a new tree.

A :class:`~negaviz.games.tree.Tree` never changes; an edit builds the edited tree, which
:class:`~negaviz.games.tree.Tree` checks as it checks any other, so an edit either gives a
tree or raises one :class:`~negaviz.errors.InputError` line naming what was wrong.  Nodes
are named by their labels, which stay what they were (a new child gets the first free
name).  In a tree with transpositions (a node with two parents) an edit of a shared node
acts on the edge from its first parent in tree order.

>>> from negaviz.games.tree import Tree
>>> tree = Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
>>> set_value(tree, "F", "6").text()
'A(B(D:7 E:5) C(F:6 G:1 H:9))'
>>> add_child(tree, "D").text()  # a leaf that gets a child hands it its value
'A(B(D(I:7) E:5) C(F:3 G:1 H:9))'
>>> move(tree, "C", -1).text(), remove(tree, "G").text()
('A(C(F:3 G:1 H:9) B(D:7 E:5))', 'A(B(D:7 E:5) C(F:3 H:9))')
>>> set_value(tree, "F", "six")
Traceback (most recent call last):
...
negaviz.errors.InputError: F's value must be a number such as 7, -2 or 1.5, not 'six'
"""

from __future__ import annotations

import re
from typing import Literal

from negaviz.errors import InputError
from negaviz.games.tree import NUMBER, Number, Tree, _bfs_name, check_value

__all__ = ["add_child", "move", "remove", "set_value"]

Edit = Literal["value", "add", "remove", "left", "right", "text"]
EDITS: tuple[Edit, ...] = ("value", "add", "remove", "left", "right", "text")
"""The edits a lecturer can make: type a leaf's value, add a child, remove a node, move
a node left or right among its siblings, type the tree's text."""


def _node(tree: Tree, name: object) -> int:
    if isinstance(name, str) and name in tree.labels:
        return tree.labels.index(name)
    shown = ", ".join(tree.labels[:8]) + (", ..." if len(tree.labels) > 8 else "")
    raise InputError(f"node name {name!r} is not in this tree (its nodes: {shown})")


def parse_value(name: str, text: object) -> Number:
    """The number typed as node ``name``'s value (text, or a number), else InputError."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return check_value(name, text)
    if not isinstance(text, str) or not re.fullmatch(NUMBER, text.strip()):
        shown = repr(text) if not isinstance(text, str) or len(text) <= 20 else repr(text[:17] + "...")
        raise InputError(f"{name}'s value must be a number such as 7, -2 or 1.5, not {shown}")
    t = text.strip()
    number: Number = int(t) if re.fullmatch(r"[-+]?[0-9]+", t) else float(t)
    return check_value(name, number)


def _parent(tree: Tree, node: int) -> int:
    """The first parent of ``node`` in tree order."""
    for p in tree.preorder():
        if node in tree.children[p]:
            return p
    raise InputError(f"{tree.labels[node]} is the root: it has no parent, so it cannot be moved or removed")


def _rebuilt(tree: Tree, children: list[list[int]], values: list[Number | None]) -> Tree:
    """The tree with these child lists and values, keeping only nodes still reachable."""
    keep: list[int] = []
    seen = {0}
    stack = [0]
    while stack:
        node = stack.pop()
        keep.append(node)
        for c in children[node]:
            if c not in seen:
                seen.add(c)
                stack.append(c)
    keep.sort()
    new = {old: i for i, old in enumerate(keep)}
    marks = [tree.marks[o] for o in keep] if any(m is not None for m in tree.marks) else None  # whose turn, kept
    return Tree([tree.labels[o] for o in keep], [[new[c] for c in children[o]] for o in keep], [values[o] for o in keep],
                marks=marks)


def set_value(tree: Tree, name: str, text: object) -> Tree:
    """``tree`` with leaf ``name``'s value typed as ``text`` (only leaves have values one
    types: an inner node's value is the search's to find)."""
    node = _node(tree, name)
    if tree.children[node]:
        kids = " ".join(tree.labels[c] for c in tree.children[node])
        raise InputError(f"{name} is not a leaf (its children: {kids}): only a leaf's value can be typed")
    values = list(tree.values)
    values[node] = parse_value(name, text)
    return _rebuilt(tree, [list(c) for c in tree.children], values)


def add_child(tree: Tree, name: str) -> Tree:
    """``tree`` with a new last child of ``name``.  The child is a leaf named with the first
    free name; its value is ``name``'s if ``name`` was a leaf (which then has none), else 0."""
    node = _node(tree, name)
    used = set(tree.labels)
    i = 0
    while _bfs_name(i) in used:
        i += 1
    label = _bfs_name(i)
    values: list[Number | None] = list(tree.values)
    children = [list(c) for c in tree.children]
    if children[node]:
        values.append(0)
    else:
        value = values[node]
        values[node] = None
        values.append(value)
    children.append([])
    children[node].append(len(tree.labels))
    marks = [*tree.marks, None] if any(m is not None for m in tree.marks) else None
    return Tree([*tree.labels, label], children, values, marks=marks)


def remove(tree: Tree, name: str) -> Tree:
    """``tree`` without node ``name`` and what only it leads to.  A node's only child is
    not removed: its parent would be a leaf with no value."""
    node = _node(tree, name)
    parent = _parent(tree, node)
    children = [list(c) for c in tree.children]
    if len(children[parent]) == 1:
        raise InputError(f"{name} is {tree.labels[parent]}'s only child: removing it would leave "
                         f"{tree.labels[parent]} a leaf with no value (remove {tree.labels[parent]}, or type the tree)")
    children[parent].remove(node)
    return _rebuilt(tree, children, list(tree.values))


def move(tree: Tree, name: str, by: int) -> Tree:
    """``tree`` with ``name`` moved ``by`` places among its siblings (-1: left, 1: right),
    so that the search tries it earlier or later."""
    node = _node(tree, name)
    if isinstance(by, bool) or by not in (-1, 1):
        raise InputError(f"a node moves by -1 (left) or 1 (right), not {by!r}")
    parent = _parent(tree, node)
    children = [list(c) for c in tree.children]
    kids = children[parent]
    i = kids.index(node)
    j = i + by
    if not 0 <= j < len(kids):
        side = "first" if by < 0 else "last"
        raise InputError(f"{name} is already {side} among {tree.labels[parent]}'s children")
    kids[i], kids[j] = kids[j], kids[i]
    return _rebuilt(tree, children, list(tree.values))
