"""Pictures that fit (issue 54, item 4), in Chromium: End shows the whole search in the
pane, at a small and a large window, and the pane grows with the window.

Before: on tic-tac-toe ``x.o.x.o..`` searched to depth 3 (33 nodes), 31 of 33 nodes lay
outside the pane after End at 1024x768, 28 of 33 at 1920x1080.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.export import export_html

# The nodes of the drawing shown, and how many lie wholly inside the tree pane.
IN_PANE = """() => {
  const tree = document.querySelector('[data-negaviz-stepper] .nv-tree');
  const box = tree.getBoundingClientRect();
  const shown = [...tree.querySelectorAll('.nv-view')].find((v) => v.style.display !== 'none');
  const nodes = [...shown.querySelectorAll('g.node')];
  const inside = nodes.filter((g) => {
    const r = g.getBoundingClientRect();
    return r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5
      && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  });
  return {nodes: nodes.length, inside: inside.length, height: box.height};
}"""

SIZES = [(1024, 768), (1920, 1080)]


def open_at(chromium: Any, path: Path, size: tuple[int, int]) -> Any:
    page = chromium.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(path.as_uri())
    page.wait_for_selector("[data-negaviz-stepper] svg g.node")
    page.locator("[data-negaviz-stepper] .nv-sentence").click()  # the keys are the stepper's
    return page


def press(page: Any, key: str, step: int) -> None:
    page.keyboard.press(key)
    page.wait_for_function(f"() => document.querySelector('[data-negaviz-stepper]').dataset.step === '{step}'")


@pytest.mark.parametrize("size", SIZES, ids=["1024x768", "1920x1080"])
def test_end_shows_the_whole_search_in_the_pane(chromium: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    trace = negaviz.record(negaviz.TicTacToe("x.o.x.o.."), algorithm="alphabeta", depth=3)
    path = export_html(trace, tmp_path / "ttt.html").path
    page = open_at(chromium, path, size)
    try:
        press(page, "End", len(trace))
        seen = page.evaluate(IN_PANE)
        assert seen["nodes"] == len(trace.nodes) == 33  # every node entered is drawn at the end
        assert seen["inside"] == seen["nodes"], seen
        # a step back shows the search as it grows again, around the node it is at
        press(page, "ArrowLeft", len(trace) - 1)
        back = page.evaluate(IN_PANE)
        assert back["inside"] < back["nodes"] == 33, back  # at a readable size: not all of it in sight
        press(page, "End", len(trace))
        assert page.evaluate(IN_PANE)["inside"] == 33
    finally:
        page.close()


def test_the_pane_grows_with_the_window(chromium: Any, tmp_path: Path) -> None:
    trace = negaviz.record(negaviz.TicTacToe("x.o.x.o.."), algorithm="alphabeta", depth=3)
    path = export_html(trace, tmp_path / "ttt.html").path
    heights = []
    for size in [(1280, 820), (1920, 1080), (1920, 1400)]:
        page = open_at(chromium, path, size)
        try:
            heights.append(page.evaluate(IN_PANE)["height"])  # a search drawn as it grows: the pane's full height
        finally:
            page.close()
    assert heights[0] == 560 and heights[0] < heights[1] < heights[2], heights


# ---------------------------------------------------------------- draw() and save SVG
GO = """(k) => {
  const slider = document.querySelector('[data-negaviz-stepper] .nv-slider');
  slider.value = String(k);
  slider.dispatchEvent(new Event('input', {bubbles: true}));
}"""


def saved_svg(page: Any) -> str:
    with page.expect_download() as download:
        page.locator("[data-negaviz-stepper] .nv-save").click()
    return Path(download.value.path()).read_text(encoding="utf-8")


def drawn(source: str) -> list[str]:
    """The DOT ids of the nodes ``draw()`` draws (not its legend)."""
    import re

    return [name for name in re.findall(r"^\t(\w+) \[", source, re.M)
            if name not in ("graph", "node", "edge") and not name.startswith("legend")]


SEARCHES = {  # each one view in the page (draw() folds a bigger search its own way; the page grows it in spans)
    "textbook": (lambda: negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), {"algorithm": "alphabeta"}),
    "ttt depth 3": (lambda: negaviz.TicTacToe("x.o.x.o.."), {"algorithm": "alphabeta", "depth": 3}),
    "ttt negamax": (lambda: negaviz.TicTacToe("xo.x.o..."), {"algorithm": "negamax"}),
    "ttt alpha-beta, table": (lambda: negaviz.TicTacToe("xo./.x./..."), {"algorithm": "alphabeta", "tt": True}),
}


@pytest.mark.parametrize("name", list(SEARCHES))
def test_draw_at_a_step_is_the_pictures_save_svg(chromium: Any, tmp_path: Path, name: str) -> None:
    """Issue 54: ``draw(trace, step=k)`` added dotted placeholders for the moves a board
    search had not tried yet (at 8 of 10 sampled steps), which the page's *save SVG* never
    shows: a board's picture holds the nodes entered by step k, in both; a textbook tree
    is the given tree, whole, in both."""
    import re

    from negaviz.render import draw

    make, options = SEARCHES[name]
    trace = negaviz.record(make(), **options)
    path = export_html(trace, tmp_path / "page.html").path
    page = open_at(chromium, path, (1280, 820))
    steps = sorted({round(i * len(trace) / 9) for i in range(10)})
    textbook = name == "textbook"
    ghosts_seen = 0
    try:
        for k in steps:
            page.evaluate(GO, k)
            page.wait_for_function(f"() => document.querySelector('[data-negaviz-stepper]').dataset.step === '{k}'")
            svg = saved_svg(page)
            ids = drawn(draw(trace, step=k).source)
            saved = re.findall(r'<g [^>]*data-nv="([^"]+)"[^>]*data-node="(\d+)"|<g [^>]*data-nv="([^"]+)"', svg)
            saved_nodes = [m[0] or m[2] for m in saved if "-&gt;" not in (m[0] or m[2])]  # (edges: n0->n1)
            if textbook:  # the given tree whole: every node, entered or not, in both
                assert len(saved_nodes) == len(ids) == 8, (k, saved_nodes, ids)
                ghosts_seen += sum(i.startswith("g") for i in ids)
            else:
                entered = sorted(int(i[1:]) for i in ids if i.startswith("n"))
                assert all(i.startswith("n") for i in ids), (k, ids)  # no placeholder in draw()
                assert sorted(int(m[1]) for m in saved if m[1]) == entered, k
                assert len(saved_nodes) == len(entered), (k, saved_nodes)  # nor in save SVG
    finally:
        page.close()
    assert not textbook or ghosts_seen > 0  # (a textbook tree's unvisited and pruned nodes are drawn)
