"""The picture at step k depends on the given data and the first k events only, read in a
real Chromium: two searches of the same given data that agree for their first d events
and then part show the same page at every step before d.

What is compared at each step is everything a student sees or hears: every node's box
(its place and size), text, computed style and spoken name; every edge's path and style;
the drawing's size and where it sits in the panel; the sentence, the call stack and the
counters.  Node names (DOT ids) are left out: they are bookkeeping, never shown.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.frontend.page import page_html
from negaviz.widgets import CompareWidget

pytestmark = pytest.mark.browser  # the browser fixtures: tests/export/conftest.py

# Steps through the search in the page, reading what each step shows.
READ_WHAT_SHOWS = """(root) => {
  const press = (key) => root.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  const style = (el, props) => { const cs = getComputedStyle(el); return props.map((p) => cs.getPropertyValue(p)).join(","); };
  const round = (x) => Math.round(x * 10) / 10;
  const out = [];
  press("Home");
  for (let k = 0; ; k++) {
    const svg = Array.from(root.querySelectorAll(".nv-tree svg")).find((s) => s.getAttribute("aria-hidden") !== "true");
    const nodes = [];
    const panel = root.querySelector(".nv-tree").getBoundingClientRect();
    const at = (el) => { const r = el.getBoundingClientRect(); return [r.left - panel.left, r.top - panel.top, r.width, r.height].map(round); };
    for (const g of svg.querySelectorAll("g.node")) {
      if (getComputedStyle(g).display === "none") continue;  // not drawn (yet)
      const b = at(g);
      const shape = g.querySelector(".nv-shape");
      const texts = Array.from(g.querySelectorAll("text")).map((t) => t.textContent + "/" + style(t, ["fill", "font-style", "display"]));
      nodes.push([...b, g.getAttribute("aria-label"),
        style(shape, ["fill", "stroke", "stroke-width", "stroke-dasharray"]), style(g, ["opacity", "filter", "display"]),
        texts.join("|")].join(" ; "));
    }
    const edges = Array.from(svg.querySelectorAll("g.edge")).filter((e) => getComputedStyle(e).display !== "none").map((e) => {
      const p = e.querySelector("path");
      return at(p).join(",") + " ; " + style(p, ["stroke", "stroke-width", "stroke-dasharray"]) + " ; " + style(e, ["opacity"]);
    });
    out.push({
      nodes: nodes.sort(), edges: edges.sort(), size: svg.style.width + "x" + svg.style.height, at: svg.style.transform,
      sentence: root.querySelector(".nv-sentence").textContent,
      stack: root.querySelector(".nv-stack").textContent, counters: root.querySelector(".nv-counters").textContent.replace(/step.*? of [\\d,]+/, "step"),
      title: Array.from(root.querySelectorAll(".nv-title")).map((t) => t.textContent).join(" | "),
    });
    if (root.querySelector("button[title^='forward']").disabled) break;
    press("ArrowRight");
  }
  return out;
}"""

# One textbook tree searched with two move orders that differ only at G, reached late:
# the heuristic values of K and L (used by order="heuristic", never drawn) are swapped.
ORDER_X = "A(B(D:7 E:5) C(F:8 G(K:1(M:3 N:6) L:2(O:4 P:1))))"
ORDER_Y = "A(B(D:7 E:5) C(F:8 G(K:2(M:3 N:6) L:1(O:4 P:1))))"


def parting(a: negaviz.Trace, b: negaviz.Trace) -> int:
    """The number of events two searches share: the same kind at the same node of the
    given tree (named by its label), with the same values."""
    def said(t: negaviz.Trace, i: int) -> tuple[Any, ...]:
        e = t.event(i)
        return (e.kind, t.label(e.node), e.value, e.alpha, e.beta, e.bound)
    shorter = min(len(a), len(b))  # (one may be the other's start: a search stopped by a budget)
    return next((i for i in range(shorter) if said(a, i) != said(b, i)), shorter)


def read(opened: Any, trace: negaviz.Trace, **kw: Any) -> list[dict[str, Any]]:
    page, root, url, requests, errors = opened(trace, **kw)
    steps = root.evaluate(READ_WHAT_SHOWS)
    assert requests == [url] and errors == []
    assert len(steps) == len(trace) + 1
    return steps


# Iterative deepening and MTD(f) need heuristic values on the inner nodes (the depth
# limit's evaluations): the same trees with a 0 on each inner node, never drawn.
VALUED_X = "A:0(B:0(D:7 E:5) C:0(F:8 G:0(K:1(M:3 N:6) L:2(O:4 P:1))))"
VALUED_Y = "A:0(B:0(D:7 E:5) C:0(F:8 G:0(K:2(M:3 N:6) L:1(O:4 P:1))))"
# Chance nodes (star1, every leaf in [0, 9]): the same given tree, G's children swapped by order.
CHANCE_X = "A(B?(1/2 D:7 1/2 E:5) C?(1/3 F:8 2/3 G(K:1(M:3 N:6) L:2(O:4 P:1))))"
CHANCE_Y = "A(B?(1/2 D:7 1/2 E:5) C?(1/3 F:8 2/3 G(K:2(M:3 N:6) L:1(O:4 P:1))))"
PAIRS = {
    "alpha-beta": (ORDER_X, ORDER_Y, "alphabeta", 15),  # G enters L first in one search, K in the other
    "star1 with chance nodes": (CHANCE_X, CHANCE_Y, "star1", 17),
    "MTD(f), parting in its second pass": (VALUED_X, VALUED_Y, "mtdf", 31),
    "iterative deepening, parting in its third pass": (VALUED_X, VALUED_Y, "id", 51),
}


@pytest.mark.parametrize("layout", ["browser", "dot"])
@pytest.mark.parametrize("x_text, y_text, algorithm, parts", PAIRS.values(), ids=PAIRS.keys())
def test_two_move_orders_show_the_same_page_until_they_part(
    opened: Any, layout: str, x_text: str, y_text: str, algorithm: str, parts: int,
) -> None:
    bounds = {"leaf_bounds": (0, 9)} if algorithm == "star1" else {}
    x = negaviz.record(negaviz.Tree.parse(x_text), algorithm=algorithm, order="heuristic", **bounds)
    y = negaviz.record(negaviz.Tree.parse(y_text), algorithm=algorithm, order="heuristic", **bounds)
    d = parting(x, y)
    assert d == parts
    seen_x, seen_y = read(opened, x, layout=layout), read(opened, y, layout=layout)
    for k in range(d + 1):  # step k shows the first k events: equal up to k = d
        assert seen_x[k] == seen_y[k], f"step {k} differs before the searches part (event {d})"
    assert seen_x[d + 1] != seen_y[d + 1]  # and the comparison can tell them apart once they do
    # The given tree is drawn whole from step 0 (and in every pass): a box for each of its 13 nodes.
    assert {len(s["nodes"]) for s in seen_x} == {len(negaviz.Tree.parse(x_text).preorder())} == {13}


def test_a_textbook_tree_and_alphabeta_or_minimax_on_it_look_alike_at_step_zero(opened: Any) -> None:
    # Whether a subtree will be pruned is the exercise: at step 0 the alpha-beta page and
    # the negamax page (which prunes nothing) show the same tree.
    tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G(I:2 J:4) H:9))")
    ab = negaviz.record(tree, algorithm="alphabeta")
    nm = negaviz.record(tree, algorithm="negamax")
    first_ab, first_nm = read(opened, ab)[0], read(opened, nm)[0]
    for key in ("nodes", "edges", "size", "at"):
        assert first_ab[key] == first_nm[key], key
    assert len(first_ab["nodes"]) == 10


def test_a_comparison_counts_so_far_and_marks_only_what_it_has_entered(chromium: Any, tmp_path: Path) -> None:
    tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
    a, b = negaviz.record(tree, algorithm="negamax"), negaviz.record(tree, algorithm="alphabeta")
    w = CompareWidget(a, b, titles=("minimax", "alpha-beta"))
    path = tmp_path / "compare.html"
    path.write_text(page_html(w.scenes, title="compare"), encoding="utf-8")
    page = chromium.new_page(viewport={"width": 1280, "height": 820})
    try:
        page.goto(path.as_uri())
        page.wait_for_selector("[data-negaviz-stepper] svg g.node")
        root = page.locator("[data-negaviz-stepper]")
        read = """(root) => {
          const press = (key) => root.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
          const out = [];
          press("Home");
          for (;;) {
            const only = Array.from(root.querySelectorAll("g.node")).filter((g) => getComputedStyle(g).filter !== "none").length;
            out.push([Array.from(root.querySelectorAll(".nv-title")).map((t) => t.textContent), only]);
            if (root.querySelector("button[title^='forward']").disabled) break;
            press("ArrowRight");
          }
          return out;
        }"""
        steps = root.evaluate(read)
    finally:
        page.close()
    assert steps[0] == [["minimax: 0 nodes so far, 0 visited only here", "alpha-beta: 0 nodes so far, 0 visited only here"], 0]
    assert steps[-1] == [["minimax: 8 nodes so far, 2 visited only here", "alpha-beta: 6 nodes so far, 0 visited only here"], 2]
    g = a.nodes[w.only_a and min(w.only_a)].enter_step  # G, the first node only minimax visits
    assert steps[g][1] == 0 and steps[g + 1][1] == 1  # marked from the step it is entered, not before
    assert steps[g + 1][0][0].endswith("1 visited only here")


class Pick:
    """A lecturer's own game class: three picks from {0, 1, 2}, scored at the end from a
    table; ``late`` is the score of the line 2 0 1, which the search reaches late (not shown
    until the search gets there: only leaves the search reaches are valued)."""

    def __init__(self, late: int) -> None:
        self.late = late
        self.root = ()

    def moves(self, pos: tuple[int, ...]) -> tuple[int, ...]:
        return () if len(pos) == 3 else (0, 1, 2)

    def play(self, pos: tuple[int, ...], move: int) -> tuple[int, ...]:
        return (*pos, move)

    def is_terminal(self, pos: tuple[int, ...]) -> bool:
        return len(pos) == 3

    def score(self, pos: tuple[int, ...]) -> int:
        if pos == (2, 0, 1):
            return self.late
        return (7 * pos[0] + 5 * pos[1] + 3 * pos[2]) % 11 - 5

    def label(self, pos: tuple[int, ...]) -> str:
        return "picks " + ("".join(map(str, pos)) or "none")


def grown_pairs() -> dict[str, tuple[negaviz.Trace, negaviz.Trace, dict[str, Any]]]:
    ttt = negaviz.TicTacToe("x.o/x../o..")
    return {
        # a search stopped by a node budget shares every event with the whole search up to the stop
        "tic-tac-toe, stopped by a budget": (
            negaviz.record(ttt, algorithm="alphabeta"), negaviz.record(ttt, algorithm="alphabeta", max_nodes=40), {},
        ),
        "tic-tac-toe with a table, stopped by a budget": (
            negaviz.record(ttt, algorithm="alphabeta", tt=True),
            negaviz.record(ttt, algorithm="alphabeta", tt=True, max_nodes=30), {},
        ),
        "a folded search (views of 20 nodes)": (
            negaviz.record(ttt, algorithm="alphabeta"), negaviz.record(ttt, algorithm="alphabeta", max_nodes=55),
            {"max_nodes": 20},
        ),
        "a lecturer's game class, one late leaf scored otherwise": (
            negaviz.record(Pick(late=4), algorithm="alphabeta"), negaviz.record(Pick(late=-4), algorithm="alphabeta"), {},
        ),
    }


@pytest.mark.parametrize("layout", ["browser", "dot"])
@pytest.mark.parametrize("name", list(grown_pairs()))
def test_a_search_drawn_as_it_grows_shows_the_same_page_until_it_parts(opened: Any, layout: str, name: str) -> None:
    x, y, kw = grown_pairs()[name]
    d = parting(x, y)
    assert 10 < d < max(len(x), len(y))
    seen_x, seen_y = read(opened, x, layout=layout, **kw), read(opened, y, layout=layout, **kw)
    for k in range(d + 1):
        a, b = seen_x[k], seen_y[k]
        if k == min(len(x), len(y)):  # one search has ended here (a budget): End fits all of it to the pane
            a, b = unplaced(a), unplaced(b)
        for key in ("nodes", "edges", "size", "at", "sentence", "stack", "counters"):
            assert a[key] == b[key], f"step {k}: {key} differs before the searches part (event {d})"
    # Nothing is drawn before the search enters it: the root alone at step 0, then one node more per entry.
    assert len(seen_x[0]["nodes"]) == 1
    if not kw:  # (one view: every node entered so far is drawn)
        entered = [sum(1 for i in range(k) if x.event(i).kind.name == "ENTER") for k in range(len(x) + 1)]
        assert [len(s["nodes"]) for s in seen_x] == [max(1, e) for e in entered]


def unplaced(seen: dict[str, Any]) -> dict[str, Any]:
    """What a step shows, without where the pane puts it: the end of a search is fitted
    whole to the pane (show-step.js), so where one of two searches ends, only their
    content, not the zoom, must agree (the other search goes on: it is not at its end)."""
    nodes = sorted(" ; ".join(n.split(" ; ")[4:]) for n in seen["nodes"])
    edges = sorted(" ; ".join(e.split(" ; ")[1:]) for e in seen["edges"])
    return {**seen, "nodes": nodes, "edges": edges, "size": None, "at": None}


ZOOM = re.compile(r'^(<svg [^>]*?) style="[^"]*"')
"""The shown drawing's pan and zoom (its root's style), which End sets to fit the whole search."""


# ------------------------------------------------------------------ what a page holds
# Every drawing in the stepper, shown or built ahead: the trace nodes it holds (the DOT
# ids kept as data-nv name them: n12, n3->n12), whether it is the one shown, the text of
# its value, window and mark cells, and its classes; and the shown one as markup.
READ_DRAWINGS = """(root) => Array.from(root.querySelectorAll(".nv-view svg")).map((svg) => ({
  shown: svg.getAttribute("aria-hidden") !== "true",
  named: Array.from(svg.querySelectorAll("[data-nv]")).flatMap((g) => g.dataset.nv.match(/\\d+/g).map(Number)),
  painted: Array.from(svg.querySelectorAll(".nv-v, .nv-w, .nv-m")).map((t) => t.textContent).join(""),
  states: Array.from(svg.querySelectorAll("g.node")).map((g) => g.getAttribute("class")).filter((c) => c !== "node").length,
  comments: document.createTreeWalker(svg, NodeFilter.SHOW_COMMENT).nextNode() !== null,
  markup: svg.getAttribute("aria-hidden") !== "true" ? svg.outerHTML : "",
}))"""


def saved_steps(opened: Any, trace: negaviz.Trace, last: int, **kw: Any) -> list[tuple[bytes, list[dict[str, Any]]]]:
    """Steps 0..last of the page: at each, the file its "save SVG" button downloads and
    what its drawings hold once the views next to the step are built (warm.js)."""
    page, root, url, requests, errors = opened(trace, **kw)
    press = "(root, key) => root.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))"
    root.evaluate(press, "Home")
    out = []
    for k in range(last + 1):
        page.wait_for_function("(root) => root.dataset.warm !== undefined", arg=root.element_handle())
        out.append((save(page, root, k), root.evaluate(READ_DRAWINGS)))
        root.evaluate(press, "ArrowRight")
    assert errors == []
    return out


def save(page: Any, root: Any, k: int) -> bytes:
    """Press "save SVG" and read the file downloaded.  (Headless Chromium now and then
    drops a download that a page starts soon after others, about one in ten in a row:
    the button is pressed again then, at most twice.)"""
    for attempt in range(3):
        try:
            with page.expect_download(timeout=5000) as download:
                root.locator("button.nv-save").click()
        except Exception:
            if attempt == 2:
                raise
            continue
        assert download.value.suggested_filename == f"negaviz-step-{k}.svg"
        data = Path(download.value.path()).read_bytes()
        download.value.delete()
        return data
    raise AssertionError("unreachable")


def entered_by(trace: negaviz.Trace, k: int) -> set[int]:
    """The nodes a picture of step k may hold: the root (drawn from step 0) and the nodes
    entered in the first k events."""
    return {0} | {n for n, node in enumerate(trace.nodes) if node.enter_step < k}


SAVED = {
    "tic-tac-toe, stopped by a budget": "tic-tac-toe, stopped by a budget",
    "a folded search (views of 20 nodes)": "a folded search (views of 20 nodes)",
}


@pytest.mark.parametrize("name", list(SAVED))
def test_the_saved_svg_and_the_page_hold_only_what_the_step_has_reached(opened: Any, name: str) -> None:
    x, y, kw = grown_pairs()[name]
    d = parting(x, y)
    steps_x = saved_steps(opened, x, d + 1, layout="browser", **kw)
    steps_y = saved_steps(opened, y, d, layout="browser", **kw)
    for k in range(d + 1):
        (file_x, drawings_x), (file_y, drawings_y) = steps_x[k], steps_y[k]
        # the saved file, read back: byte for byte the same until the searches part
        assert file_x == file_y, f"step {k}: the saved SVG differs before the searches part (event {d})"
        # ... and it holds the nodes entered by then, no more, and is as big as they are
        text = file_x.decode("utf-8")
        nodes = {int(n) for n in re.findall(r'data-node="(\d+)"', text)}
        allowed = entered_by(x, k)
        assert nodes and nodes <= allowed, f"step {k}: the saved file holds nodes not entered yet"
        if not kw:
            assert len(nodes) == len(allowed)
        assert not re.search(r"<g [^>]*display: ?none", text)  # (no node or edge held hidden)
        assert [m.group(1) for m in re.finditer(r'<svg[^>]* width="([\d.]+)pt"', text)] == [
            re.search(r'viewBox="0 0 ([\d.]+) ', text).group(1)]  # type: ignore[union-attr]
        # every drawing in the page, shown or built ahead: no node the step has not reached,
        # and the ones not shown blank (nothing painted, no state)
        shown = [v for v in drawings_x if v["shown"]]
        zoom = (lambda m: ZOOM.sub(r"\1", m)) if k == min(len(x), len(y)) else (lambda m: m)  # y ends here: fitted
        assert len(shown) == 1 and [zoom(v["markup"]) for v in drawings_x if v["shown"]] == [
            zoom(v["markup"]) for v in drawings_y if v["shown"]]
        for v in drawings_x:
            assert set(v["named"]) <= allowed, f"step {k}: a drawing holds nodes not entered yet"
            assert not v["comments"]
            if not v["shown"]:
                assert v["painted"] == "" and v["states"] == 0, f"step {k}: a drawing not shown is painted"
    # the comparison can tell: at step d + 1 the first search's file differs, or it holds one node more
    if kw:  # (a page of several views: a view was built ahead, blank, at some step)
        assert any(not v["shown"] for _, drawings in steps_x for v in drawings)


def test_draw_files_before_the_searches_part_are_byte_identical() -> None:
    from negaviz.render import svg
    x, y, _ = grown_pairs()["tic-tac-toe, stopped by a budget"]
    d = parting(x, y)
    for k in range(0, d + 1, 7):
        assert svg(x, step=k) == svg(y, step=k), f"step {k}"
    tx = negaviz.record(negaviz.Tree.parse(ORDER_X), algorithm="alphabeta", order="heuristic")
    ty = negaviz.record(negaviz.Tree.parse(ORDER_Y), algorithm="alphabeta", order="heuristic")
    d = parting(tx, ty)
    assert [svg(tx, step=k) for k in range(d + 1)] == [svg(ty, step=k) for k in range(d + 1)]
    assert svg(tx, step=d + 1) != svg(ty, step=d + 1)


SHOWN_MARKUP = """(root) => {
  const svg = Array.from(root.querySelectorAll(".nv-tree svg")).find((s) => s.getAttribute("aria-hidden") !== "true");
  return svg.outerHTML.replace(/style="[^"]*"/, "");  // (where the panel has moved it aside)
}"""


def test_a_steps_drawing_is_the_same_reached_forwards_or_backwards(opened: Any) -> None:
    # Nodes put in and taken out, and finished ones centred and put back, as the reader
    # steps either way through views of 20 nodes: the drawing of each step, to the byte.
    trace = negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, max_nodes=20)
    press = "(root, key) => root.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))"
    root.evaluate(press, "Home")
    forwards = [root.evaluate(SHOWN_MARKUP)]
    for _ in range(len(trace)):
        root.evaluate(press, "ArrowRight")
        forwards.append(root.evaluate(SHOWN_MARKUP))
    backwards = [forwards[-1]]
    for _ in range(len(trace)):
        root.evaluate(press, "ArrowLeft")
        backwards.append(root.evaluate(SHOWN_MARKUP))
    assert forwards == backwards[::-1]
    assert len(set(forwards)) > len(trace) // 2 and 'transform="translate(' in forwards[-1]
    assert errors == []
