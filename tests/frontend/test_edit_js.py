"""The editing front-end's own modules under node's test runner: ``src/edit-ui.js``
(``edit-ui.test.mjs``), and ``src/edit-keys.js`` (``edit-keys.test.mjs``, against
Python's answers for edited trees: what each node is called).  What the page does with it (a click picks a node, copy tree) is
tested in a real JupyterLab (tests/browser/test_tree_editor_lab.py) and in an exported
page (tests/export/test_export_browser.py)."""

from __future__ import annotations

from typing import Any


import negaviz
from negaviz.analysis.diff import tree_change
from negaviz.frontend.scene import Scene



def test_edit_ui_module(node_tests: Any) -> None:
    node_tests.run("edit-ui.test.mjs", passes=2)


EDITED = [  # (what the lecturer did, the tree before, the tree after, where the search starts)
    ("E made 9: the best line moves", "A(B(D:7 E:5) C(F:3 G:1 H:9))", "A(B(D:7 E:9) C(F:3 G:1 H:9))", None),
    ("values with fractions and signs", "A(B(D:7 E:-2.5) C(F:3 G:1 H:9))", "A(B(D:7 E:-2.5) C(F:8.5 G:-1 H:9))", None),
    ("leaves at odd and even depths", "A(B:3 C(D:4 E:-2))", "A(B:-5 C(D:4 E:-2))", None),
    ("a search from C, where the second player moves", "A(B(D:7 E:5) C(F:3 G:1 H:9))",
     "A(B(D:7 E:5) C(F:3 G:-4 H:9))", "C"),
]


def edited_case(name: str, before: str, after: str, start: str | None) -> dict[str, Any]:
    """An edited tree's scene as the TreeEditor sends it, and Python's answers: each node's
    name for screen readers (a leaf's value as the kernel's *value* box shows it)."""
    old = negaviz.record(negaviz.Tree.parse(before), start, algorithm="alphabeta")
    new = negaviz.record(negaviz.Tree.parse(after), start, algorithm="alphabeta")
    scene = Scene(new, result=tree_change(old, new))
    tree = new.game
    assert isinstance(tree, negaviz.Tree)
    below = set(tree.labels) if start is None else {tree.labels[p] for p in _subtree(tree, tree.labels.index(start))}
    labels = {x: f"node {x}, " + ("inner node" if tree.children[i] else f"leaf {tree.values[i]}")
              for i, x in enumerate(tree.labels) if x in below}
    return {"name": name, "scene": scene.data(), "labels": labels}


def _subtree(tree: negaviz.Tree, p: int) -> list[int]:
    return [p, *(q for c in tree.children[p] for q in _subtree(tree, c))]


def test_editing_on_the_picture_agrees_with_python(node_tests: Any) -> None:
    fixture = {"cases": [edited_case(*case) for case in EDITED]}
    node_tests.run("edit-keys.test.mjs", passes=1 + len(EDITED), fixture=fixture)
