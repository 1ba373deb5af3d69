"""A practice page of a given tree holds no key in its markup (issue 47, items 1 and 2).

A textbook tree is drawn whole from step 0.  What the page holds about its drawing
from the start -- every drawn item's record in the scene data, and the view's SVG
(whose titles become the nodes' ``data-nv``, with their classes and every other
attribute, in document order) -- must not predict a pending answer.

The rule checked, for every view of a given tree:

1. the drawn nodes are named by their place in the given tree, and only so: the
   multiset of item titles, and of the SVG's node titles, is exactly the set of the
   tree's positions written ``t`` plus ``_i`` per child index along the path (``t``,
   ``t_0``, ``t_1_2``); an edge's title is its two ends;
2. two searches of trees of the same shape and labels whose leaf values differ, so
   that one prunes what the other enters (and enters in another order), give the same
   view at step 0: the same item records (leaf values aside, which are the exercise's
   data) and the same SVG once its text and geometry are set aside (tags, ids,
   classes, titles and every other attribute, in order).  So no token of the view
   correlates with entry order or with entered or never-entered;
3. the page does not print its number of steps (or any count of them) when it is a
   practice page.

Which drawn node a trace node is, when it was pruned, and each node's story (its
life) travel in the per-step data (the chunks, unpacked as the steps are reached).
The rest of the scene data is held to the same rule (identical across the pair) but
for :data:`SEARCH_RECORD`: the search's own record and the answer key, which the page
still carries whole (its number of steps, its string of event kinds, the chunks of
steps, and the practice key) -- what a student reading the page's JSON (not its markup)
could still decode.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.export import export_html
from negaviz.frontend.page import page_state
from negaviz.quiz import random_tree

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
LEAF = re.compile(r":(-?\d+)")


def reversed_leaves(text: str) -> str:
    """The same tree with its leaf values in reverse order (another search, most often)."""
    values = LEAF.findall(text)[::-1]
    it = iter(values)
    return LEAF.sub(lambda m: ":" + next(it), text)


def pairs() -> list[tuple[str, str]]:
    out = [
        (TEXTBOOK, "A(B(D:1 E:5) C(F:3 G:7 H:9))"),
        # a subtree shown twice (X), entered under one parent or both
        ("A(B(D:5 X(Y:6 Z:8)) C(X W:7))", "A(B(D:9 X(Y:6 Z:8)) C(X W:7))"),
        ("A(B(X(P:1 Q:2) D:4) C(X E:0))", "A(B(X(P:5 Q:2) D:4) C(X E:0))"),
    ]
    for seed, depth, branching in ((3, 3, 3), (11, 3, 2), (29, 4, 2), (47, 2, 4)):
        text = random_tree(depth, branching, seed=seed, exact_branching=False).text()
        out.append((text, reversed_leaves(text)))
    return out


PAIRS = pairs()


def places(tree: negaviz.Tree, root: Any) -> list[str]:
    """Every position of ``tree`` named by its path of child indices."""
    out: list[str] = []

    def walk(pos: Any, name: str) -> None:
        out.append(name)
        if tree.is_terminal(pos):
            return
        for i, move in enumerate(tree.moves(pos)):
            walk(tree.play(pos, move), f"{name}_{i}")

    walk(root, "t")
    return out


SVG_TAG = re.compile(r"<(/?)([\w:-]+)([^>]*?)(/?)>")
ATTR = re.compile(r'([\w:-]+)="([^"]*)"')
GEOMETRY = {"x", "y", "cx", "cy", "rx", "ry", "points", "d", "width", "height", "viewBox", "transform",
            "font-size", "x1", "x2", "y1", "y2"}


def svg_tokens(svg: str) -> list[Any]:
    """The SVG's elements in order: each tag with its attributes (geometry aside) and the
    text of its titles (graphviz's ids of nodes and edges); other text aside."""
    out: list[Any] = []
    for m in SVG_TAG.finditer(svg):
        attrs = tuple((k, v) for k, v in ATTR.findall(m.group(3)) if k not in GEOMETRY)
        out.append((m.group(1), m.group(2), attrs))
        if m.group(2) == "title" and not m.group(1):
            out.append(("text", html.unescape(svg[m.end():svg.index("<", m.end())])))
    return out


def node_titles(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r'<g class="node">\s*<title>([^<]*)</title>', svg)]


def edge_titles(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r'<g class="edge">\s*<title>([^<]*)</title>', svg)]


CHANCE_PAIR = ("A(B?(1/2 D:2 1/2 E:4) C?(3/4 F:0 1/4 G:6) H?(1/2 I:5 1/2 J(K:1 L:9)))",
               "A(B?(1/2 D:2 1/2 E:4) C?(3/4 F:6 1/4 G:0) H?(1/2 I:5 1/2 J(K:9 L:1)))")
"""Star1 with leaves in [0, 10]: the first cuts G (at a chance node) and L; the second enters both."""


def read(text: str, mode: str, tmp_path: Path, **search: Any) -> tuple[negaviz.Trace, str, dict[str, Any]]:
    trace = negaviz.record(negaviz.Tree.parse(text), **(search or {"algorithm": "alphabeta"}))
    path = export_html(trace, tmp_path / f"p{abs(hash((text, mode)))}.html", practice=mode, layout="dot").path
    page = path.read_text(encoding="utf-8")
    return trace, page, page_state(page)["scenes"][0]


def view_markup(view: dict[str, Any], schema: list[str]) -> dict[str, Any]:
    """What a view holds from step 0: its items (leaf values aside) and SVG as tokens."""
    given = schema.index("given")
    items = [[None if i == given else x for i, x in enumerate(row)] for row in view["items"]]
    rest = {k: v for k, v in view.items() if k not in ("items", "svg")}
    return {"items": items, "svg": svg_tokens(view["svg"]), **rest}


SEARCH_RECORD = frozenset({"n", "kinds", "chunks", "practice"})
"""The scene's fields that are the search's record or its key, carried whole."""
EXERCISE = frozenset({"tree_text"})
"""The scene's fields that are the exercise's data (the tree's text, with its leaf values)."""


@pytest.mark.parametrize("pair", PAIRS[:2], ids=["tree0", "tree1"])
def test_the_rest_of_the_scene_data_holds_nothing_of_the_search(pair: tuple[str, str], tmp_path: Path) -> None:
    (_, _, a), (_, _, b) = (read(text, "steps", tmp_path) for text in pair)
    assert set(a) == set(b)
    differ = {k for k in a if a[k] != b[k]}
    assert differ <= SEARCH_RECORD | EXERCISE | {"views"}, differ
    assert {k: v for k, v in a.items() if k not in differ} == {k: v for k, v in b.items() if k not in differ}


@pytest.mark.parametrize("mode", ["steps", "tree"])
@pytest.mark.parametrize("pair", [*PAIRS, CHANCE_PAIR], ids=[*(f"tree{i}" for i in range(len(PAIRS))), "chance"])
def test_no_key_in_a_given_trees_markup(pair: tuple[str, str], mode: str, tmp_path: Path) -> None:
    seen = []
    search = {"algorithm": "star1", "leaf_bounds": (0, 10)} if pair is CHANCE_PAIR else {}
    for text in pair:
        trace, page, scene = read(text, mode, tmp_path, **search)
        tree = trace.game
        assert isinstance(tree, negaviz.Tree)
        names = places(tree, trace.root)
        [view] = scene["views"]
        schema = scene["schema"]["item"]
        titles = [row[schema.index("title")] for row in view["items"]]
        assert sorted(titles) == sorted(names), "items are named by their place in the given tree"
        assert sorted(node_titles(view["svg"])) == sorted(names), "the drawing names nodes by their place"
        for edge in edge_titles(view["svg"]):
            tail, head = edge.split("->")
            assert head.rsplit("_", 1)[0] == tail, edge
        # (3) no count of steps under the title, nor anywhere outside the data
        outside = re.sub(r"<script\b.*?</script>", "", page, flags=re.DOTALL)
        assert not re.search(r"\d[\d,]*\s+steps\b", outside), "a practice page prints its number of steps"
        seen.append((trace, view_markup(view, schema)))
    (a, first), (b, second) = seen
    # the pair is decisive: the two searches enter different nodes, or in another order
    assert [a.names.full(i) for i in range(len(a.nodes))] != [b.names.full(i) for i in range(len(b.nodes))]
    assert first["items"] == second["items"], "an item's record differs with what the search does"
    assert first["svg"] == second["svg"], "the drawing's markup differs with what the search does"
    assert first == second


def test_plain_pages_keep_their_total(tmp_path: Path) -> None:
    """A stepper that is not practice may say how long it is."""
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page = export_html(trace, tmp_path / "plain.html", layout="dot").path.read_text(encoding="utf-8")
    assert f"{len(trace):,} steps." in page


def test_a_practice_steppers_notebook_output_says_no_total() -> None:
    """A notebook's stored practice stepper: its still's line and alt text, and its repr."""
    from negaviz.widgets import StepperWidget

    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    for practice, total in (("steps", False), ("tree", False), (None, True)):
        w = StepperWidget(trace, practice=practice)
        try:
            bundle = w._repr_mimebundle_()
        finally:
            w.close()
        outside = re.sub(r"<script\b.*?</script>|srcdoc=\"[^\"]*\"", "", bundle["text/html"], flags=re.DOTALL)
        said = [bundle["text/plain"], *re.findall(r'alt="([^"]*)"', outside), *re.findall(r"<p[^>]*>(.*?)</p>", outside)]
        assert said[0].startswith("<negaviz StepperWidget")
        assert any(str(len(trace)) in s for s in said) == total, said
