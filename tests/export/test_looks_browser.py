"""Both pictures draw a state alike: at every step, in a real Chromium, each searched node's
fill, border colour and border width in the exported stepper are those of the static
drawing of the same step (dot's SVG), since both come from one table
(negaviz/render/looks.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import negaviz
from negaviz.frontend.scene_views import places
from negaviz.layout.fold import given_plan, snapshot
from negaviz.render import draw, labels, to_svg

pytestmark = pytest.mark.browser  # the browser fixtures: tests/export/conftest.py

# At each step: the class and computed fill, stroke and stroke width of every drawn node.
READ_ALL_STEPS = """(root) => {
  const out = [];
  const press = (key) => root.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  press("Home");
  for (let k = 0; ; k++) {
    if (Number(root.dataset.step) !== k) throw new Error("expected step " + k + ", shows " + root.dataset.step);
    const svg = Array.from(root.querySelectorAll(".nv-tree svg")).find((s) => s.getAttribute("aria-hidden") !== "true");
    const nodes = {};
    for (const g of svg.querySelectorAll("g.node")) {
      const shape = getComputedStyle(g.querySelector(".nv-shape"));
      nodes[g.dataset.nv] = [g.getAttribute("class"), shape.fill, shape.stroke, shape.strokeWidth];
    }
    out.push(nodes);
    if (root.querySelector("button[title^='forward']").disabled) break;
    press("ArrowRight");
  }
  return out;
}"""

STATES = ("nv-current", "nv-active", "nv-exact", "nv-lower", "nv-upper")
"""The classes of a searched node's main state (nodes not entered yet are drawn otherwise:
a static drawing leaves them out or shows a ghost)."""


def rgb(colour: str) -> str:
    """``#rrggbb`` as a browser's computed style writes it (``none`` as it is)."""
    if not colour.startswith("#"):
        return colour
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def static_looks(trace: negaviz.Trace, step: int) -> dict[str, tuple[str, str, str]]:
    """Each searched node's (fill, stroke, stroke width) in dot's SVG of ``step``: its first
    shape (the inner border of a double one; rounded corners are a path)."""
    svg = to_svg(draw(trace, step=step, perspective="negamax", legend=False))
    out = {}
    for title, body in re.findall(r'<g id="[^"]*" class="node">\s*<title>(n\d+)</title>(.*?)</g>\n</g>', svg, re.DOTALL):
        poly = re.search(r'<(?:polygon|path|ellipse) fill="([^"]*)" stroke="([^"]*)"(?: stroke-width="([^"]*)")?', body)
        assert poly, title
        out[title] = (rgb(poly.group(1)), rgb(poly.group(2)), (poly.group(3) or "1") + "px")
    if labels.family(trace.game) == "textbook":  # the stepper names a given tree's nodes by their place
        place = places(given_plan(trace, snapshot(trace, step), 400))  # type: ignore[arg-type]
        out = {place.get(title, title): look for title, look in out.items()}
    return out


SEARCHES = {
    "a cutoff at C while C is current": lambda: negaviz.record(
        negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta"),
    "table hits on a board": lambda: negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta", tt=True),
}


@pytest.mark.parametrize("search", SEARCHES)
def test_each_step_the_stepper_draws_every_searched_node_as_the_static_drawing_does(opened: Any, search: str) -> None:
    trace = SEARCHES[search]()
    page, root, url, requests, errors = opened(trace, layout="dot", perspective="negamax")
    steps = root.evaluate(READ_ALL_STEPS)
    assert len(steps) == len(trace) + 1
    compared = set()
    for k, nodes in enumerate(steps):
        want = static_looks(trace, k)
        for title, (cls, fill, stroke, width) in nodes.items():
            if not any(s in cls.split() for s in STATES):
                continue
            assert title in want, f"step {k}: {title} ({cls}) is not in the static drawing"
            assert (fill, stroke, width) == want[title], f"step {k}: {title} ({cls})"
            compared.update(c for c in cls.split() if c in ("nv-cut", "nv-tt") or c in STATES)
    assert errors == []
    assert {"nv-current", "nv-active", "nv-exact", "nv-lower", "nv-cut"} <= compared, compared
    if search == "table hits on a board":
        assert {"nv-upper", "nv-tt"} <= compared, compared
