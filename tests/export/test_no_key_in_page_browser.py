"""A practice page of a given tree, in real Chromium, at step 0: nothing of its markup
or of its saved SVG tells which nodes the search will enter, or in what order.

The rule (as ``tests/frontend/test_no_key_in_page.py`` checks it on the scene data):
two trees of the same shape and labels whose searches prune differently give, at step
0, the same page markup -- every element of the stepper in document order, with every
attribute (ids, classes, ``data-*``, ``aria-*``, roles, titles) but geometry, styles
and text -- and the same *save SVG* file, attribute for attribute; and every drawn node
is named (``data-nv``) by its place in the tree.  No ``data-node`` names a trace node.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.export import export_html
from negaviz.quiz import random_tree

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the browser fixtures: tests/export/conftest.py

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
LEAF = re.compile(r":(-?\d+)")
PLACE = re.compile(r"t(_\d+)*")
GEOMETRY = {"x", "y", "cx", "cy", "rx", "ry", "points", "d", "width", "height", "viewBox", "transform", "style",
            "font-size", "x1", "x2", "y1", "y2", "value"}

# Every element of the stepper, in document order: its tag and attributes (geometry aside).
MARKUP = """(root) => Array.from(root.querySelectorAll("*")).map((el) => [el.tagName,
  Array.from(el.attributes).filter((a) => !%s.includes(a.name)).map((a) => a.name + "=" + a.value).sort()])""" % (
    repr(sorted(GEOMETRY)).replace("'", '"'))


def reversed_leaves(text: str) -> str:
    values = iter(LEAF.findall(text)[::-1])
    return LEAF.sub(lambda m: ":" + next(values), text)


def pair_of(seed: int) -> tuple[str, str]:
    text = random_tree(3, 3, seed=seed, exact_branching=False).text()
    return text, reversed_leaves(text)


PAIRS = [(TEXTBOOK, "A(B(D:1 E:5) C(F:3 G:7 H:9))"), pair_of(3)]


def svg_markup(text: str) -> list[Any]:
    out = []
    for el in ET.fromstring(text.split("\n", 1)[1]).iter():
        out.append((el.tag, sorted((k, v) for k, v in el.attrib.items() if k not in GEOMETRY)))
    return out


def step_zero(chromium: Any, tmp_path: Path, text: str, mode: str) -> tuple[list[Any], list[Any], list[str], str]:
    trace = negaviz.record(negaviz.Tree.parse(text), algorithm="alphabeta")
    path = export_html(trace, tmp_path / f"p{abs(hash((text, mode)))}.html", practice=mode).path
    page = chromium.new_page(viewport={"width": 1280, "height": 820})
    try:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(path.as_uri())
        page.wait_for_selector("[data-negaviz-stepper] svg g.node")
        root = page.locator("[data-negaviz-stepper]")
        markup = root.evaluate(MARKUP)
        names = root.evaluate("(r) => Array.from(r.querySelectorAll('g.node')).map((g) => g.dataset.nv)")
        with page.expect_download() as info:
            root.locator("button.nv-save").click()
        target = tmp_path / f"{abs(hash((text, mode)))}.svg"
        info.value.save_as(target)
        assert not errors, errors
        return markup, svg_markup(target.read_text(encoding="utf-8")), names, target.read_text(encoding="utf-8")
    finally:
        page.close()


@pytest.mark.parametrize("mode", ["steps", "tree"])
@pytest.mark.parametrize("pair", PAIRS, ids=["textbook", "random"])
def test_step_zero_markup_and_saved_svg_hold_no_key(chromium: Any, tmp_path: Path, pair: tuple[str, str], mode: str) -> None:
    (a_page, a_svg, a_names, a_file), (b_page, b_svg, b_names, _) = (step_zero(chromium, tmp_path, t, mode) for t in pair)
    assert a_names and all(PLACE.fullmatch(n) for n in a_names), a_names
    assert sorted(a_names) == sorted(b_names)
    assert "data-node" not in a_file and not re.search(r'data-nv="[ng]\d', a_file)
    assert a_page == b_page, "the page's markup at step 0 differs with what the search does"
    assert a_svg == b_svg, "the saved SVG at step 0 differs with what the search does"
