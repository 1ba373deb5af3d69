"""The exported page in a real headless Chromium: keys, clicks, Play, nodes that stay put, no requests.

Uses Debian's /usr/bin/chromium through Playwright (never ``playwright install``).
The screenshot goes to ``artifacts/`` at the repository root (git-ignored).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.frontend.scene import Scene
import negaviz.trace.timeline

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"

pytestmark = pytest.mark.browser  # the browser fixtures: tests/export/conftest.py


def test_keys_play_clicks_and_no_requests(opened: Any, stepper_probe: Any) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace)
    probe = stepper_probe
    first = root.evaluate(probe.js)
    probe.check(first, trace, 0)
    assert root.locator(".nv-steplabel").inner_text() == "step 0 of 18"

    page.keyboard.press("ArrowRight")
    probe.check(root.evaluate(probe.js), trace, 1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    two = root.evaluate(probe.js)
    probe.check(two, trace, 2)
    assert two["sentence"] == "Enter B with window (α, β) = (−∞, ∞)."
    assert root.locator(".nv-stack tr.nv-here td").first.inner_text() == "B"
    assert probe.same_places(first, two) == len(first["nodes"]) and probe.painted_differently(first, two)

    page.keyboard.press("End")
    end = root.evaluate(probe.js)
    probe.check(end, trace, 18)
    assert end["sentence"] == "A returns 5 (exact)."
    assert root.locator("button[title^='forward']").is_disabled()
    page.keyboard.press("Home")
    probe.check(root.evaluate(probe.js), trace, 0)

    # The cutoff: the jump button, the highlighted line, the counters, the pruned ghosts.
    root.locator("button[data-jump='cutoff']").click()
    cut = root.evaluate(probe.js)
    probe.check(cut, trace, 15)
    assert "cutoff, G and H are never visited" in cut["sentence"]
    assert "break" in root.locator(".nv-code .nv-hl").inner_text()
    assert root.locator('td[data-counter="cutoffs"]').inner_text() == "1"
    assert "nv-pruned" in cut["nodes"]["t_1_1"]["cls"] and "nv-cut" in cut["nodes"]["t_1"]["cls"]  # G, C
    probe.same_places(first, cut)

    # Clicking a node goes to where it is entered; shift-click, to where it returns.
    root.locator('svg g.node[data-nv="t_0_0"]').first.click()  # D, node 2
    probe.check(root.evaluate(probe.js), trace, trace.nodes[2].enter_step + 1)
    root.locator('svg g.node[data-nv="t_0_0"]').first.click(modifiers=["Shift"])
    probe.check(root.evaluate(probe.js), trace, trace.nodes[2].exit_step + 1)

    # The minimax view: the same step in values for the first player.
    root.locator("select.nv-perspective").select_option("minimax")
    mm = root.evaluate(probe.js)
    probe.check(mm, trace, trace.nodes[2].exit_step + 1, "minimax")
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "export_textbook.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000

    # Play.  (The page's CSP forbids eval, so wait with expect(), not wait_for_function.)
    expect = pytest.importorskip("playwright.sync_api").expect
    root.locator(".nv-sentence").click()
    page.keyboard.press("Home")
    root.locator("button.nv-play").click()
    expect(root.locator(".nv-steplabel")).to_have_text("step 2 of 18", timeout=5000)
    root.locator("button.nv-play").click()
    paused = root.locator(".nv-steplabel").inner_text()
    page.wait_for_timeout(1500)
    assert root.locator(".nv-steplabel").inner_text() == paused  # paused means paused

    assert requests == [url], requests  # the file itself, nothing else
    assert errors == []


def test_every_step_of_a_table_search_and_no_node_moves(opened: Any, stepper_probe: Any) -> None:
    trace = negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta", tt=True)
    page, root, url, requests, errors = opened(trace)
    probe = stepper_probe
    readings = [root.evaluate(probe.js)]
    for step in range(1, len(trace) + 1):
        page.keyboard.press("ArrowRight")
        if step % 25 == 0 or step == len(trace):
            readings.append(root.evaluate(probe.js))
            probe.check(readings[-1], trace, step)
    for a, b in zip(readings, readings[1:]):
        # (one view: a node drawn stays drawn, its box where it was entered; the page holds
        # only nodes entered.  A finished node is then moved whole, centred over its
        # children: tests/layout/test_growth.py and the prefix tests)
        assert probe.same_places(a, b) == len(a["nodes"]) < len(b["nodes"])
        assert probe.painted_differently(a, b)
    assert len(readings[-1]["nodes"]) == len(trace.nodes) > 40
    # The view follows no jump: the table hit is there.
    page.keyboard.press("Home")
    root.locator("button[data-jump='tt']").click()
    hit = root.evaluate(probe.js)
    assert hit["step"] == next(k for k, c in enumerate(negaviz.trace.timeline.Timeline(trace).kinds) if c == "H") + 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "export_ttt_tt.png"), full_page=True)
    assert requests == [url] and errors == []


def test_views_are_laid_out_ahead_and_shown_right(opened: Any, stepper_probe: Any) -> None:
    """A folded search steps through many views.  While the page is idle it builds the
    view the next (and the previous) steps show, and the last step's, hidden; stepping into it then only
    swaps it in, already painted, and what it shows is the trace's state at that step."""
    trace = negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, max_nodes=20)
    expect = pytest.importorskip("playwright.sync_api").expect
    probe = stepper_probe

    def reading(*, warm: bool = False) -> tuple[str, set[str], int]:
        """The view shown, the views built and how many are visible; with ``warm``, once
        the page has built ahead what it will (one round trip: 434 steps are read)."""
        view, built, shown = root.evaluate(
            """async (r, warm) => {
              const until = Date.now() + 10000;
              while (warm && r.dataset.warm !== "done") {
                if (Date.now() > until) throw new Error("the page never finished building views ahead");
                await new Promise((go) => setTimeout(go, 5));
              }
              return [r.dataset.view, Array.from(r.querySelectorAll('.nv-tree .nv-view'), (b) => b.dataset.view),
                      r.querySelectorAll(".nv-tree svg:not([aria-hidden='true'])").length];
            }""",
            warm,
        )
        return view, set(built), shown

    scene = Scene(trace, max_nodes=20)
    scene.cover()
    last = str(scene.view_for(len(trace)))
    expect(root).to_have_attribute("data-warm", "done", timeout=10_000)
    view, built, shown = reading()
    # the first view; built ahead, the next one and the last step's (End's)
    assert shown == 1 and built == {"0", "1", last} and last not in {"0", "1"}
    changes = 0
    for key, steps in (("ArrowRight", range(1, len(trace) + 1)), ("ArrowLeft", range(len(trace) - 1, -1, -1))):
        for step in steps:
            _, before, _ = reading(warm=True)
            page.keyboard.press(key)
            now, _, shown = reading()
            assert shown == 1
            if now != view:
                changes += 1
                assert now in before, f"step {step}: view {now} was not built ahead"
                probe.check(root.evaluate(probe.js), trace, step)
            view = now
    views = len(scene.views)
    assert views >= 4 and changes == 2 * (views - 1)  # each view entered going forward, and again going back
    assert requests == [url] and errors == []


def test_screenshot_dir_is_ignored_by_git() -> None:
    ignore = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "/artifacts/" in ignore or "artifacts/" in ignore, os.fspath(ROOT / ".gitignore")


def test_a_tree_page_carries_its_text_and_copies_it_by_keyboard(opened: Any) -> None:
    """Issue 27: an exported page of a textbook tree shows the tree's text and a named
    copy tree button; Enter on it copies the text (or, where the page may not use the
    clipboard, selects it and says how), announced in a live region."""
    page, root, _url, requests, errors = opened(negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta"))
    field = root.get_by_label("the tree's text")
    assert field.input_value() == TEXTBOOK
    button = root.get_by_role("button", name="copy tree")
    button.focus()
    page.keyboard.press("Enter")
    said = root.locator(".nv-copied")
    said.filter(has_text="the tree").or_(said.filter(has_text="clipboard")).wait_for()
    assert said.get_attribute("aria-live") == "polite"
    text = said.inner_text()
    assert text == f"Copied the tree: {TEXTBOOK}" or text.startswith("This page may not use the clipboard"), text
    assert page.evaluate("() => { const f = document.querySelector('.nv-tree-text'); "
                         "return f.value.slice(f.selectionStart, f.selectionEnd); }") == TEXTBOOK  # selected
    assert errors == [] and all(r.startswith(("file:", "data:", "blob:")) for r in requests)
    page2, root2, *_ = opened(negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta"))
    assert root2.locator(".nv-tree-text").count() == 0  # a game's page has no tree text


def test_plain_negamax_shows_no_window_and_alpha_beta_does(opened: Any) -> None:
    """Windows come in with alpha-beta: a plain negamax page has no α and β columns on
    its call stack, no windows switch and no window line in its legend; an alpha-beta
    page has all three."""
    tree = negaviz.Tree.parse(TEXTBOOK)
    for algorithm, windowed in (("negamax", False), ("alphabeta", True)):
        page, root, url, requests, errors = opened(negaviz.record(tree, algorithm=algorithm))
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")  # B entered: the stack holds A and B
        header = root.locator(".nv-stack tr").first.inner_text()
        assert ("α" in header and "β" in header) is windowed, (algorithm, header)
        assert root.locator("input.nv-windows").is_visible() is windowed, algorithm
        assert ("(α, β) under a node" in root.locator(".nv-legend").inner_text()) is windowed, algorithm
        assert errors == [] and requests == [url], (errors, requests)  # the file itself, nothing else


def test_a_search_that_fits_is_one_view_and_fit_says_when_its_text_is_too_small(opened: Any) -> None:
    big = negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta")  # 270 nodes: one view of 400
    page, root, url, requests, errors = opened(big, layout="browser")
    root.evaluate("(root) => root.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }))")
    assert root.evaluate("(root) => root.querySelectorAll('.nv-view').length") == 1
    assert root.locator(".nv-view svg g.node").count() == len(big.nodes)  # the end shows the whole search
    root.locator("button", has_text="fit").click()
    assert "too small to read: press 1:1 or + to read a part" in root.locator(".nv-note").inner_text()
    small = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    page, root, url, requests, errors = opened(small, layout="browser")
    root.locator("button", has_text="fit").click()
    assert "too small" not in root.locator(".nv-note").inner_text()
    assert errors == []


INSIDE = """(root) => {
  const panel = root.querySelector(".nv-tree").getBoundingClientRect();
  const svg = Array.from(root.querySelectorAll(".nv-tree svg")).find((s) => s.getAttribute("aria-hidden") !== "true");
  return Array.from(svg.querySelectorAll("g.node")).map((g) => g.getBoundingClientRect()).filter((r) =>
    r.left < panel.left - 0.5 || r.right > panel.right + 0.5 || r.top < panel.top - 0.5 || r.bottom > panel.bottom + 0.5).length;
}"""


def test_a_given_tree_opens_whole_in_the_space_it_has_and_its_heading_is_one_line(opened: Any) -> None:
    readme = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    page, root, url, requests, errors = opened(readme)
    assert root.evaluate(INSIDE) == 0
    # the panel gets narrower after the page opened (a notebook's output laid out late, a
    # window made narrower): nothing has moved the tree, so it opens again, whole
    page.set_viewport_size({"width": 620, "height": 700})
    page.wait_for_timeout(300)
    assert root.evaluate(INSIDE) == 0
    # a tree whose text takes lines: the heading names it in one line, its text behind a toggle
    big = negaviz.record(negaviz.Tree.parse("[" + ",".join(["[[1,2,3],[4,5,6],[7,8,9]]"] * 3) + "]"), algorithm="alphabeta")
    page, root, url, requests, errors = opened(big)
    heading = page.locator("h1")
    assert heading.inner_text() == "negaviz: alphabeta on a textbook tree of 40 nodes, 27 leaves"
    assert heading.bounding_box()["height"] < 30  # type: ignore[index]
    toggle = page.locator("details.nv-title-full")
    assert "A(B(E(N:1" not in toggle.inner_text()  # (closed)
    toggle.locator("summary").click()
    assert "A(B(E(N:1 O:2 P:3)" in toggle.inner_text()
    assert errors == []


def test_the_biggest_search_shows_its_first_view_before_graphviz_starts(opened: Any) -> None:
    """Issue 54: the full alpha-beta search of tic-tac-toe is laid out in the browser
    (auto, more than DOT_NODES nodes), but its first view comes laid out by dot, so the
    page paints it without waiting for the bundled Graphviz; the views after it are laid
    out by that Graphviz as steps reach them."""
    trace = negaviz.record(negaviz.TicTacToe(), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace)  # (auto)
    first = root.evaluate("(root) => root.querySelector('.nv-view').dataset.view")
    assert first == "0"
    root.evaluate("(root) => root.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }))")
    page.wait_for_function(f"() => document.querySelector('[data-negaviz-stepper]').dataset.step === '{len(trace)}'",
                           timeout=60_000)
    last = root.evaluate("(root) => root.dataset.view")
    assert last != "0" and root.locator(f'.nv-view[data-view="{last}"] svg g.node').count() > 0  # laid out here
    assert errors == [] and requests == [url], (errors, requests)
