"""The exported page as a lecture hall and a screen reader meet it, in a real Chromium:
widths from 600 to 1920 px, presenter size on a 1024×768 projector, a dark system theme,
the opening view, the keyboard, accessible names, and the "save SVG" button."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.render import labels

pytestmark = pytest.mark.browser  # the browser fixtures: tests/export/conftest.py

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"

# Panels that must not be cut: each one's content fits its width, or it scrolls on purpose.
CLIPPED = """(root) => {
  const out = [];
  const all = [root, ...root.querySelectorAll(".nv-bar, .nv-pane, .nv-main, .nv-treebox, .nv-treebar, .nv-side, .nv-code, .nv-sentence, .nv-legend, .nv-keys, .nv-counters")];
  for (const el of all) {
    const style = getComputedStyle(el);
    const scrolls = ["auto", "scroll"].includes(style.overflowX);
    if (!scrolls && el.scrollWidth > el.clientWidth + 1) out.push(el.className + ": " + el.scrollWidth + " > " + el.clientWidth);
  }
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth + 1) out.push("the page scrolls sideways: " + page.scrollWidth + " > " + window.innerWidth);
  const zoom = root.querySelector(".nv-zoom").getBoundingClientRect();
  const tree = root.querySelector(".nv-tree").getBoundingClientRect();
  const svg = Array.from(root.querySelectorAll(".nv-tree svg")).find((s) => s.getAttribute("aria-hidden") !== "true");
  for (const g of svg.querySelectorAll("g.node")) {
    const r = g.getBoundingClientRect();
    // the part of the node the panel shows
    const x0 = Math.max(r.left, tree.left), x1 = Math.min(r.right, tree.right);
    const y0 = Math.max(r.top, tree.top), y1 = Math.min(r.bottom, tree.bottom);
    if (x1 <= x0 || y1 <= y0) continue;
    if (x0 < zoom.right && x1 > zoom.left && y0 < zoom.bottom && y1 > zoom.top) out.push("the zoom buttons cover " + g.dataset.nv);
  }
  return out;
}"""

def open_at(chromium: Any, tmp_path: Path, trace: negaviz.Trace, width: int, height: int = 800, **kw: Any) -> Any:
    from negaviz.export import export_html

    scheme = kw.pop("color_scheme", "light")
    path = export_html(trace, tmp_path / f"w{width}.html", **kw).path
    page = chromium.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    page.wait_for_selector("[data-negaviz-stepper] svg g.node")
    page.errors = errors
    return page


@pytest.mark.parametrize("width", [600, 700, 1024, 1366, 1920])
def test_nothing_clipped_or_covered_at_any_width(chromium: Any, tmp_path: Path, width: int) -> None:
    for trace in (
        negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta"),
        negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta", tt=True),
    ):
        page = open_at(chromium, tmp_path, trace, width)
        root = page.locator("[data-negaviz-stepper]")
        narrow = "nv-narrow" in (root.get_attribute("class") or "")
        assert narrow == (width < 900), (width, root.get_attribute("class"))
        for key in ["End", "Home", *["ArrowRight"] * 15]:  # the cutoff's long pseudocode line among them
            page.keyboard.press(key)
            assert root.evaluate(CLIPPED) == [], (width, root.evaluate("r => r.dataset.step"))
        if narrow:  # the side panels sit under the tree
            tree = root.locator(".nv-treebox").bounding_box()
            side = root.locator(".nv-side").bounding_box()
            assert side["y"] >= tree["y"] + tree["height"] - 1
        page.screenshot(path=str(ARTIFACTS / f"export_width_{width}.png"), full_page=True) if ARTIFACTS.is_dir() else None
        assert page.errors == []
        page.close()


def test_the_opening_view_orients(chromium: Any, tmp_path: Path) -> None:
    """At step 0 the root is in view at a readable size (labels of 9 px or more): a
    given tree fitted whole; a search drawn as it grows shows its root alone, at the
    top left, since nothing else is drawn before the search enters it."""
    cases = [
        (negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta"), {}, True),
        (negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta", tt=True), {}, True),
        (negaviz.record(negaviz.TicTacToe("x.o.x...."), algorithm="alphabeta"), {"max_nodes": 40}, True),
    ]
    for trace, kw, fitted in cases:
        page = open_at(chromium, tmp_path, trace, 1366, 768, **kw)
        root = page.locator("[data-negaviz-stepper]")
        tree = root.locator(".nv-tree").bounding_box()
        node = root.locator('.nv-tree svg:not([aria-hidden="true"]) g.node:is([data-nv="n0"], [data-nv="t"])').bounding_box()  # the root
        assert node is not None
        inside = (tree["x"] <= node["x"] and node["x"] + node["width"] <= tree["x"] + tree["width"]
                  and tree["y"] <= node["y"] and node["y"] + node["height"] <= tree["y"] + tree["height"])
        assert inside, (kw, tree, node)
        scale = root.evaluate("r => new DOMMatrix(getComputedStyle(r.querySelector('.nv-tree svg:not([aria-hidden=\"true\"])')).transform).a")
        assert scale * 10 >= 9, scale  # node labels of 10 points read at 9 px or more
        shown = root.evaluate(
            "r => { const t = r.querySelector('.nv-tree').getBoundingClientRect();"
            " return Array.from(r.querySelectorAll('.nv-tree svg:not([aria-hidden=\"true\"]) g.node')).filter((g) => {"
            " const b = g.getBoundingClientRect(); return b.right > t.left && b.left < t.right && b.bottom > t.top && b.top < t.bottom; }).length; }"
        )
        total = root.evaluate(
            "r => Array.from(r.querySelectorAll('.nv-tree svg:not([aria-hidden=\"true\"]) g.node'))"
            ".filter((g) => getComputedStyle(g).display !== 'none').length"
        )
        assert (shown == total) == fitted, (kw, shown, total)
        given = labels.family(trace.game) == "textbook"
        assert shown >= 3 if given else shown == 1  # the given tree; or the root, all a growing search has
        assert page.errors == []
        page.close()


def test_presenter_size_on_a_projector(chromium: Any, tmp_path: Path) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page = open_at(chromium, tmp_path, trace, 1024, 768)
    root = page.locator("[data-negaviz-stepper]")
    page.keyboard.press("p")  # the page took the focus at load: the key works at once
    assert "nv-presenter" in (root.get_attribute("class") or "")
    assert root.locator(".nv-presenter-button").get_attribute("aria-pressed") == "true"
    sentence = root.evaluate("r => parseFloat(getComputedStyle(r.querySelector('.nv-sentence')).fontSize)")
    assert sentence >= 20
    label = root.evaluate(
        "r => { const t = r.querySelector('.nv-tree svg:not([aria-hidden=\"true\"]) g.node[data-nv=\"t\"] text');"
        " return t.getBoundingClientRect().height; }"
    )
    assert label >= 14, label  # the fitted textbook tree's node labels, in screen pixels
    shown = root.evaluate(
        "r => { const t = r.querySelector('.nv-tree').getBoundingClientRect(); return Array.from("
        "r.querySelectorAll('.nv-tree svg:not([aria-hidden=\"true\"]) g.node')).every((g) => { const b = g.getBoundingClientRect();"
        " return b.left >= t.left - 1 && b.right <= t.right + 1 && b.top >= t.top - 1 && b.bottom <= t.bottom + 1; }); }"
    )
    assert shown  # still the whole tree
    bottom = root.evaluate("r => r.querySelector('.nv-tree').getBoundingClientRect().bottom")
    assert bottom <= 768, bottom  # and the tree, the controls and the sentence on one screen
    assert root.evaluate(CLIPPED) == []
    if ARTIFACTS.is_dir():
        page.screenshot(path=str(ARTIFACTS / "export_presenter_1024.png"))
    page.keyboard.press("p")
    assert "nv-presenter" not in (root.get_attribute("class") or "")
    page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_contrast_in_both_themes(chromium: Any, tmp_path: Path, scheme: str, stepper_probe: Any) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page = open_at(chromium, tmp_path, trace, 1366, 800, color_scheme=scheme)
    root = page.locator("[data-negaviz-stepper]")
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert (background == "rgb(255, 255, 255)") == (scheme == "light"), background
    for key in ["Home", *["ArrowRight"] * 5, "End"]:
        page.keyboard.press(key)
        assert root.evaluate(stepper_probe.contrast) == [], (scheme, key)
    if ARTIFACTS.is_dir():
        page.screenshot(path=str(ARTIFACTS / f"export_{scheme}.png"), full_page=True)
    page.close()


def test_keyboard_and_screen_reader_names(chromium: Any, tmp_path: Path) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page = open_at(chromium, tmp_path, trace, 1366, 800)
    root = page.locator("[data-negaviz-stepper]")
    assert page.evaluate("() => document.activeElement.hasAttribute('data-negaviz-stepper')")  # focus at load
    page.keyboard.press("ArrowRight")  # so the keys work with no click
    assert root.get_attribute("data-step") == "1"
    names = root.evaluate(
        "r => Array.from(r.querySelectorAll('button, select, input')).map((b) => b.getAttribute('aria-label')"
        " || (b.labels && b.labels[0] && b.labels[0].textContent.trim()) || b.textContent.trim())"
    )
    assert all(any(ch.isalpha() for ch in n) and len(n) >= 3 for n in names), names  # no bare ◀ ▶ + −
    assert "back one step" in names and "forward one step" in names and "zoom in (+)" in names
    live = root.locator(".nv-sentence")
    assert live.get_attribute("aria-live") == "polite" and live.get_attribute("role") == "status"
    svg = root.locator('.nv-tree svg:not([aria-hidden="true"])')
    assert svg.locator("title").count() == 0  # graphviz's ids (n0, n0->n1) are never read out
    labels = svg.evaluate("s => Array.from(s.querySelectorAll('g.node'), (g) => g.getAttribute('aria-label'))")
    assert sorted(labels) == sorted("ABCDEFGH")
    assert svg.evaluate("s => Array.from(s.querySelectorAll('g.edge')).every((e) => e.getAttribute('aria-hidden') === 'true')")
    keys = root.locator(".nv-keys").inner_text()
    for key in ("← →", "Home / End", "space", "P presenter", "F fit", "+ − zoom"):
        assert key in keys
    # focus is visible
    outline = root.evaluate("r => getComputedStyle(r).boxShadow")
    assert outline not in ("", "none")
    page.close()


def test_save_picture_writes_the_step_as_svg(chromium: Any, tmp_path: Path) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page = open_at(chromium, tmp_path, trace, 1366, 800)
    root = page.locator("[data-negaviz-stepper]")
    root.locator("button[data-jump='cutoff']").click()
    with page.expect_download() as info:
        root.locator("button.nv-save").click()
    download = info.value
    assert download.suggested_filename == "negaviz-step-15.svg"
    target = tmp_path / download.suggested_filename
    download.save_as(target)
    text = target.read_text(encoding="utf-8")
    svg = ET.fromstring(text)
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.text]
    assert "cut" in texts and "pruned" in texts and "best −3" in texts  # what step 15 shows
    styles = " ".join(e.get("style", "") for e in svg.iter())
    assert "stroke-width: 3.5px" in styles.replace(":", ": ").replace(":  ", ": ") or "stroke-width:3.5px" in styles
    assert "class=" not in text  # painted styles written on the elements: no style sheet needed
    page.close()


@pytest.mark.parametrize("game", ["othello 4x4", "tic-tac-toe"])
def test_follow_keeps_the_current_node_and_its_parent_in_sight(chromium: Any, tmp_path: Path, game: str) -> None:
    # A search much bigger than the panel, stepped forward: at every step the current node
    # is in the panel, and so is its parent (where the search came from) whenever both fit.
    made = negaviz.Othello(4) if game == "othello 4x4" else negaviz.TicTacToe("x........")
    trace = negaviz.record(made, algorithm="alphabeta", max_nodes=400)
    page = open_at(chromium, tmp_path, trace, 1000, 700)
    root = page.locator("[data-negaviz-stepper]")
    misses = root.evaluate("""(root) => {
      const press = (key) => root.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      const inside = (r, p) => r.left >= p.left - 0.5 && r.right <= p.right + 0.5 && r.top >= p.top - 0.5 && r.bottom <= p.bottom + 0.5;
      const out = [];
      let checked = 0, parents = 0;
      for (let k = 1; k <= 400; k++) {
        press("ArrowRight");
        const svg = Array.from(root.querySelectorAll(".nv-tree svg")).find((s) => s.getAttribute("aria-hidden") !== "true");
        const panel = root.querySelector(".nv-tree").getBoundingClientRect();
        const current = svg.querySelector("g.node.nv-current");
        if (!current) continue;
        checked++;
        const r = current.getBoundingClientRect();
        if (!inside(r, panel)) out.push(["current", k]);
        const stack = Array.from(root.querySelectorAll(".nv-stack tr td:first-child")).map((td) => td.textContent);
        const parentName = stack.length > 1 ? stack[stack.length - 2] : null;
        const parent = parentName && Array.from(svg.querySelectorAll("g.node")).find((g) => g.getAttribute("aria-label") === parentName);
        if (parent) {
          parents++;
          const q = parent.getBoundingClientRect();
          const both = Math.max(r.right, q.right) - Math.min(r.left, q.left) <= panel.width - 48
            && Math.max(r.bottom, q.bottom) - Math.min(r.top, q.top) <= panel.height - 48;
          if (both && !inside(q, panel)) out.push(["parent", k]);
        }
      }
      return { out, checked, parents };
    }""")
    assert misses["checked"] > 300 and misses["parents"] > 250
    assert misses["out"] == [], misses["out"][:10]
    assert page.errors == []
    page.close()


# Finished parents of two children or more in the picture shown, and how many of them
# sit centred over their children (within 10% of the children's span), as drawn on screen.
CENTRED = """(root) => {
  const svg = Array.from(root.querySelectorAll(".nv-tree svg")).find((s) => s.getAttribute("aria-hidden") !== "true");
  const box = new Map(Array.from(svg.querySelectorAll("g.node")).map((g) => [g.dataset.nv, g.querySelector(".nv-shape").getBoundingClientRect()]));
  const kids = new Map();
  for (const e of svg.querySelectorAll("g.edge")) {
    const [up, down] = e.dataset.nv.split("->");
    if (box.has(up) && box.has(down)) kids.set(up, [...(kids.get(up) || []), box.get(down)]);
  }
  let parents = 0, centred = 0;
  for (const [up, rs] of kids) {
    if (rs.length < 2) continue;
    const lo = Math.min(...rs.map((r) => r.left)), hi = Math.max(...rs.map((r) => r.right)), p = box.get(up);
    parents += 1;
    if (Math.abs((p.left + p.right) / 2 - (lo + hi) / 2) <= 0.1 * (hi - lo)) centred += 1;
  }
  return [centred, parents];
}"""

SEARCHES = {
    "tic-tac-toe": (lambda: negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta"), 400, 16),
    "tic-tac-toe with a table": (
        lambda: negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta", tt=True), 400, 44),
    "Othello 4x4": (lambda: negaviz.record(negaviz.Othello(4), algorithm="alphabeta", depth=3), 400, 12),
    "Connect Four 4x4": (lambda: negaviz.record(negaviz.ConnectFour(4, 4), algorithm="alphabeta", depth=3), 400, 9),
    "a textbook tree in views of 30": (lambda: negaviz.record(negaviz.Tree.parse(
        "[" + ",".join(["[[1,2,3],[4,5,6],[7,8,9]]"] * 3) + "]"), algorithm="alphabeta"), 30, 0),
}


@pytest.mark.parametrize("name", list(SEARCHES))
def test_five_growing_searches_at_start_middle_and_end(opened: Any, name: str) -> None:
    # Shown at 1024x768 (screenshots kept in artifacts/), the end picture has every finished
    # parent centred over its children (the figures of tests/layout/test_growth.py), as drawn.
    record, max_nodes, parents = SEARCHES[name]
    trace = record()
    page, root, url, requests, errors = opened(trace, max_nodes=max_nodes)
    page.set_viewport_size({"width": 1024, "height": 768})
    for at, key in (("start", "Home"), ("middle", None), ("end", "End")):
        if key is None:
            root.evaluate("(root, n) => { for (let i = 0; i < n; i++) root.dispatchEvent(new KeyboardEvent('keydown', "
                          "{ key: 'ArrowRight', bubbles: true })); }", len(trace) // 2)
        else:
            root.evaluate("(root, key) => root.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))", key)
        if ARTIFACTS.is_dir():
            page.screenshot(path=str(ARTIFACTS / f"growing_{name.replace(' ', '_')}_{at}.png"))
    if parents:  # (one view to the end; the textbook tree's last view holds the end of the search only)
        assert root.evaluate(CENTRED) == [parents, parents]
    else:
        centred, total = root.evaluate(CENTRED)
        assert centred == total
    assert errors == []
