"""The stepper never tells the future: at every step, in a real Chromium, the picture shows
what the search knew at that step and nothing more.

Read from the page's computed styles (stroke, width, dashes, fill, opacity), not from class
names, and compared with the trace's own timeline:

* the edges drawn thick (the best line) are exactly those of ``Timeline.best_line(k)``;
* every item not visited yet (a node not entered, a move not pruned yet, a folded group
  with nothing entered) looks like every other one: one style, whatever happens later.
"""

from __future__ import annotations

from typing import Any

import pytest

import negaviz
from negaviz.frontend.scene import SCHEMA, Scene
from negaviz.frontend.scene_data import resolved
from negaviz.trace.timeline import timeline_of

pytestmark = pytest.mark.browser  # the browser fixtures: tests/export/conftest.py

# Each search is checked with its views laid out by the page itself (the Graphviz 16 it
# carries) and by the dot installed here (2.43 on Debian): the front-end reads either SVG.
LAYOUTS = pytest.mark.parametrize("layout", ["browser", "dot"])

# Steps through the whole search in the page, reading each step's computed styles.
READ_ALL_STEPS = """(root) => {
  const sigs = [], index = new Map(), out = [];
  const sigOf = (parts) => {
    const key = parts.join("|");
    if (!index.has(key)) { index.set(key, sigs.length); sigs.push(key); }
    return index.get(key);
  };
  const press = (key) => root.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  press("Home");
  for (let k = 0; ; k++) {
    if (Number(root.dataset.step) !== k) throw new Error("expected step " + k + ", shows " + root.dataset.step);
    const svg = Array.from(root.querySelectorAll(".nv-tree svg")).find((s) => s.getAttribute("aria-hidden") !== "true");
    const edges = new Map();
    for (const e of svg.querySelectorAll("g.edge")) edges.set(e.dataset.nv.split("->")[1], e);
    const nodes = {};
    const thick = [];
    for (const g of svg.querySelectorAll("g.node")) {
      if (getComputedStyle(g).display === "none") continue;  // not drawn yet (a search as it grows)
      const shape = getComputedStyle(g.querySelector(".nv-shape"));
      const look = [sigOf([shape.fill, shape.stroke, shape.strokeWidth, shape.strokeDasharray, getComputedStyle(g).opacity])];
      const e = edges.get(g.dataset.nv);  // the edge into it (none into the root)
      if (e) {
        const path = getComputedStyle(e.querySelector("path"));
        look.push(sigOf(["edge", path.stroke, path.strokeWidth, path.strokeDasharray, getComputedStyle(e).opacity]));
      }
      nodes[g.dataset.nv] = look;
    }
    for (const e of svg.querySelectorAll("g.edge")) {
      if (parseFloat(getComputedStyle(e.querySelector("path")).strokeWidth) > 2) thick.push(e.dataset.nv);
    }
    out.push([Number(root.dataset.view), nodes, thick]);
    if (root.querySelector("button[title^='forward']").disabled) break;
    press("ArrowRight");
  }
  return { sigs, steps: out };
}"""


def expected_unvisited(scene: Scene, views: list[dict[str, Any]], view: int, step: int) -> set[str]:
    """The titles of the view's items the search has not reached by ``step`` (``views``: the
    scene's views with every chunk's places in, :func:`negaviz.frontend.scene_data.resolved`)."""
    tl = scene.timeline
    entered = tl.entered(step)
    out = set()
    for row in views[view]["items"]:
        item = dict(zip(SCHEMA["item"], row))
        kind = item["kind"]
        if kind in ("n", "f"):
            unseen = tl.node_at(entry_at(tl, item, step), step).status == "unvisited"
        elif kind == "g":
            unseen = not any(min(end, entered) > start for start, end in item["ranges"])
        else:
            unseen = item["pruned"] < 0 or step <= item["pruned"]
        if unseen:
            out.add(item["title"])
    return out


def expected_thick(scene: Scene, views: list[dict[str, Any]], view: int, step: int) -> set[str]:
    """The edges of the view on ``Timeline.best_line(step)`` (from the step's pass root)."""
    root = scene.passes[scene.pass_of(step)][1]
    line = set(timeline_of(scene.trace).best_line(step, root))
    out = set()
    for row in views[view]["items"]:
        item = dict(zip(SCHEMA["item"], row))
        if item["kind"] in ("n", "f") and entry_at(scene.timeline, item, step) in line and item["up"]:
            out.add(f"{item['up']}->{item['title']}")
    return out


def entry_at(tl: Any, item: dict[str, Any], step: int) -> int:
    """The trace node an item stands for at ``step``: its latest entry by then (a node of a
    given tree re-searched by PVS is drawn once), else its first."""
    entered = [n for n in item["again"] if tl.lives[n].enter < step]
    return entered[-1] if entered else item["node"]


def check_every_step(opened: Any, trace: negaviz.Trace, **kw: Any) -> int:
    page, root, url, requests, errors = opened(trace, **kw)
    reading = root.evaluate(READ_ALL_STEPS)
    scene = Scene(trace, **kw)
    scene.cover()  # the same views, in the same order, as the page holds
    views = resolved(scene.data())["views"]  # (a given tree's items told which node each is)
    steps = reading["steps"]
    assert len(steps) == len(trace) + 1
    leaks = 0
    for k, (view, nodes, thick) in enumerate(steps):
        assert set(thick) == expected_thick(scene, views, view, k), f"step {k}: the best line drawn is not best_line({k})"
        unseen = expected_unvisited(scene, views, view, k) & set(nodes)
        for part in (0, 1):  # the item itself, and the edge into it
            looks = {nodes[t][part] for t in unseen if len(nodes[t]) > part}
            assert len(looks) <= 1, f"step {k}: items not visited yet look different: " + str(
                sorted({reading["sigs"][i] for i in looks})
            )
            # and an item not visited looks unlike one the search has been to
            seen = {nodes[t][part] for t in set(nodes) - unseen if len(nodes[t]) > part}
            assert not looks & seen, f"step {k}: an unvisited item looks like a visited one: {reading['sigs'][min(looks & seen)]}"
        leaks += len(unseen)
    assert requests == [url] and errors == []
    return leaks


@LAYOUTS
def test_textbook_alphabeta_at_every_step(opened: Any, layout: str) -> None:
    trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    assert check_every_step(opened, trace, layout=layout) > 0


@LAYOUTS
def test_pvs_at_every_step(opened: Any, layout: str) -> None:
    trace = negaviz.record(negaviz.Tree.parse("[[[3,5],[6,9]],[[1,2],[0,-1]],[[8,4],[7,2]]]"), algorithm="pvs")
    assert check_every_step(opened, trace, layout=layout) > 0


@LAYOUTS
def test_table_search_at_every_step(opened: Any, layout: str) -> None:
    trace = negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta", tt=True)
    assert check_every_step(opened, trace, layout=layout) > 0


@pytest.mark.slow
@LAYOUTS
def test_folded_big_search_at_every_step(opened: Any, layout: str) -> None:
    trace = negaviz.record(negaviz.TicTacToe("x.o.x...."), algorithm="alphabeta")  # 1,045 events
    page_views = Scene(trace, max_nodes=40)
    page_views.cover()
    assert len(page_views.views) >= 10  # folded: many views, laid out around parts of the search
    assert check_every_step(opened, trace, max_nodes=40, layout=layout) > 0


DRIVERS = {
    "MTD(f) on a textbook tree": (lambda: negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), "mtdf"),
    "MTD(f) on tic-tac-toe": (lambda: negaviz.TicTacToe("x.o/x../o.."), "mtdf"),
    "iterative deepening on a textbook tree": (lambda: negaviz.Tree.parse("A:0(B:0(D:7 E:5) C:0(F:3 G:0(I:2 J:4) H:9))"), "id"),
    "iterative deepening on tic-tac-toe": (lambda: negaviz.TicTacToe("x.o/x../o.."), "id"),
}


@pytest.mark.parametrize("make, algorithm", DRIVERS.values(), ids=DRIVERS.keys())
def test_every_pass_of_a_driver_paints_its_best_line_at_every_step(opened: Any, make: Any, algorithm: str) -> None:
    # Each pass is a view of its own; its edges used to be looked up by the whole search's
    # node numbers, so no pass after the first painted a best line, a pruned move or a
    # move not tried.
    trace = negaviz.record(make(), algorithm=algorithm)
    assert len(trace.passes()) > 1
    assert check_every_step(opened, trace) > 0
    late = Scene(trace).passes[-1][0] + 1
    page, root, *_ = opened(trace)
    root.evaluate("(root, k) => { const s = root.querySelector('input[type=range]'); s.value = String(k); "
                  "s.dispatchEvent(new Event('input', { bubbles: true })); }", len(trace))
    thick = root.evaluate("(root) => Array.from(root.querySelectorAll('g.edge')).filter((e) => "
                          "e.closest('svg').getAttribute('aria-hidden') !== 'true' && "
                          "parseFloat(getComputedStyle(e.querySelector('path')).strokeWidth) > 2).length")
    assert late < len(trace) and thick >= 1  # the last pass ends with its best line drawn


def test_a_driver_shows_the_listing_with_the_table(opened: Any) -> None:
    trace = negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="mtdf")
    page, root, *_ = opened(trace)
    code = root.locator(".nv-code").inner_text()
    assert "table.lookup" in code
    unlit = root.evaluate("""(root) => {
      const press = (key) => root.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      let n = 0;
      press("Home"); press("ArrowRight");
      while (!root.querySelector("button[title^='forward']").disabled) {
        if (!root.querySelector(".nv-code .nv-hl")) n++;
        press("ArrowRight");
      }
      return n;
    }""")
    assert unlit == 0  # every step after the first lights its line, the table's probes and stores included
