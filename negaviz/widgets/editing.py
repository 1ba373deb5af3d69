"""The tree editor's state, with no widget: the trees edited so far, their searches, undo.

:class:`EditSession` holds a textbook tree's history of edits.  Every edit (the ones in
:data:`negaviz.games.edit.EDITS`) builds the edited tree and records it again with the
first trace's own options, in the kernel (CPython, or Pyodide on a course site); undo and
redo walk the history without searching again.  What an edit changed comes from
:func:`negaviz.analysis.diff.tree_change` (the one diff of two searches), and the step to
show from :func:`kept_step`.  :class:`~negaviz.widgets.TreeEditor` shows all of it.

>>> import negaviz
>>> s = EditSession(negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta"))
>>> s.apply("value", "F", "6").no_longer_cut
('G',)
>>> s.text, s.undo() and s.text
('A(B(D:7 E:5) C(F:6 G:1 H:9))', 'A(B(D:7 E:5) C(F:3 G:1 H:9))')
"""

from __future__ import annotations

from typing import Any

from negaviz.analysis.diff import TreeChange, diff, tree_change
from negaviz.errors import InputError
from negaviz.games import edit as edits
from negaviz.games.edit import EDITS, Edit
from negaviz.games.protocol import is_textbook_tree
from negaviz.games.tree import Tree
from negaviz.trace import record
from negaviz.trace.trace import Trace, check_trace
from negaviz.vocabulary import check_step

__all__ = ["EditSession", "kept_step"]


def kept_step(old: Trace, new: Trace, step: int) -> int:
    """Where a stepper at ``step`` of ``old`` stands once ``new`` replaces it: the same
    step if ``new`` has it, else the last step before the two searches part."""
    check_trace(old, "old")
    check_trace(new, "new")
    check_step(step, len(old))
    if step <= len(new):
        return step
    return min(diff(old, new).parting, len(new))


def focus_after(tree: Tree, kind: str, node: str) -> str:
    """The node an edit of ``node`` made on the picture from the keyboard leaves the focus
    on: ``node`` itself, or for *remove* its (first) parent (an added child is named once
    it is added).

    >>> focus_after(Tree.parse("A(B(D:7 E:5) C:3)"), "remove", "E"), focus_after(Tree.parse("A(B:1 C:3)"), "value", "C")
    ('B', 'C')
    """
    i = tree.labels.index(node)
    parents = [tree.labels[p] for p, kids in enumerate(tree.children) if i in kids]
    return parents[0] if kind == "remove" and parents else node


def check_editable(trace: Any) -> Trace:
    """``trace`` if it can be edited (a complete search of a textbook tree), else InputError."""
    check_trace(trace)
    if trace.game is None or not is_textbook_tree(trace.game) or not isinstance(trace.game, Tree):
        kind = "unknown" if trace.game is None else type(trace.game).__name__
        raise InputError(f"only a search of a textbook tree (negaviz.Tree) can be edited; this trace's game is {kind}")
    if trace.result is None:
        raise InputError("this trace has no search options to record an edited tree with (record it with negaviz.record)")
    return trace


class EditSession:
    """A textbook tree's edits, each searched again with ``trace``'s options; undo and redo."""

    def __init__(self, trace: Trace) -> None:
        check_editable(trace)
        assert trace.result is not None
        self.options = trace.result.options
        """The search options every edited tree is recorded with (the first trace's)."""
        tree = trace.game
        assert isinstance(tree, Tree)
        self.start: str | None = None if trace.root == tree.root else tree.labels[trace.root]
        """The node the search starts at, when not the root (``record(tree, "C")``): kept for every edit."""
        self._traces: list[Trace] = [trace]
        self._at = 0
        self.change: TreeChange | None = None
        """What the last edit, undo or redo changed in the search (None before any)."""

    @property
    def trace(self) -> Trace:
        """The search of the current tree."""
        return self._traces[self._at]

    @property
    def tree(self) -> Tree:
        """The current tree."""
        game = self.trace.game
        assert isinstance(game, Tree)
        return game

    @property
    def text(self) -> str:
        """The current tree's text, to paste into a notebook (``Tree.parse`` reads it)."""
        return self.tree.text()

    @property
    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone edit to redo."""
        return self._at < len(self._traces) - 1

    def edited(self, kind: Edit, node: str | None = None, value: object = None) -> Tree:
        """The tree ``kind`` of edit makes of the current one (InputError if it cannot)."""
        tree = self.tree
        if kind == "text":
            if not isinstance(value, str):
                raise InputError(f"the tree's text must be a string, not {type(value).__name__}")
            new = Tree.parse(value)
            if self.options.depth is None:  # searched to the end: an inner node's value means nothing
                for node_, kids in enumerate(new.children):
                    if kids and new.values[node_] is not None:
                        name = new.labels[node_]
                        raise InputError(f"{name} has children and a value: a node is a leaf with a value or has "
                                         f"children (a heuristic value {name}:V(...) is for depth-limited searches)")
            return new
        if kind not in EDITS:
            raise InputError(f"unknown edit: {kind!r} (must be one of {list(EDITS)})")
        if node is None:
            raise InputError(f"the {kind} edit needs a node: one of {', '.join(tree.labels[:8])}")
        if kind == "value":
            return edits.set_value(tree, node, value)
        if kind == "add":
            return edits.add_child(tree, node)
        if kind == "remove":
            return edits.remove(tree, node)
        return edits.move(tree, node, -1 if kind == "left" else 1)

    def apply(self, kind: Edit, node: str | None = None, value: object = None) -> TreeChange | None:
        """Make an edit and search the edited tree; return what changed (None if the edit
        leaves the tree as it was: nothing is searched or added to the history).  On bad
        input an InputError, and nothing changes."""
        tree = self.edited(kind, node, value)
        if tree.text() == self.text:
            return None
        if self.start is not None and self.start not in tree.labels:
            raise InputError(f"the search starts at {self.start}: an edit must keep {self.start} in the tree")
        old = self.trace
        new = record(tree, self.start, options=self.options)
        del self._traces[self._at + 1 :]  # an edit after undo drops the undone ones
        self._traces.append(new)
        self._at += 1
        self.change = tree_change(old, new)
        return self.change

    def undo(self) -> TreeChange | None:
        """Go back one edit (None if there is none); return what that changed."""
        if not self.can_undo:
            return None
        old = self.trace
        self._at -= 1
        self.change = tree_change(old, self.trace)
        return self.change

    def redo(self) -> TreeChange | None:
        """Make the last undone edit again (None if there is none); return what it changed."""
        if not self.can_redo:
            return None
        old = self.trace
        self._at += 1
        self.change = tree_change(old, self.trace)
        return self.change
