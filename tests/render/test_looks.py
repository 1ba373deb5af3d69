"""One table of looks (negaviz/render/looks.py) owns every state's colour: change an entry
and the static drawing (real ``dot``), the stepper's style sheet and both legends change;
no state's colour is written anywhere else in the package."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import negaviz
from negaviz.frontend.scene import Scene
from negaviz.frontend.style import css, legend_html
from negaviz.render import draw, to_svg
from negaviz.render.looks import GREY, LOOKS, OKABE_ITO, stepper_rules
from negaviz.vocabulary import PERSPECTIVES

PACKAGE = Path(negaviz.__file__).parent
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"  # alpha-beta cuts off at C (node 4): G and H pruned
NEW = "#123456"  # a colour no look has


@pytest.fixture(scope="module")
def trace() -> negaviz.Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")


def svg_group(svg: str, title: str) -> str:
    """The SVG group of the node (or edge) titled ``title``."""
    found = re.search(rf"<title>{re.escape(title)}</title>(.*?)</g>", svg, re.DOTALL)
    assert found, title
    return found.group(1)


def stepper_rule(sheet: str, selector: str) -> str:
    """The declarations of the stepper's rule for ``selector``."""
    found = re.findall(rf"^\.negaviz-stepper {re.escape(selector)} \{{([^}}]*)\}}", sheet, re.MULTILINE)
    assert len(found) == 1, (selector, found)
    return found[0]


def test_one_entry_changes_the_static_picture_the_stepper_and_both_legends(
    trace: negaviz.Trace, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = LOOKS["cut"].line
    before_svg = to_svg(draw(trace))
    before_scene = Scene(trace, layout="browser").data()
    assert f'stroke="{old.lower()}"' in svg_group(before_svg, "n4")
    assert f"stroke: {old}" in stepper_rule(before_scene["css"], "g.nv-cut:where(:not(.nv-active, .nv-current)) .nv-shape")
    assert f"solid {old}" in before_scene["legend"]["negamax"]

    monkeypatch.setitem(LOOKS, "cut", dataclasses.replace(LOOKS["cut"], line=NEW))
    svg = to_svg(draw(trace))  # laid out by the dot installed here
    cut_node = svg_group(svg, "n4")
    assert f'stroke="{NEW.lower()}"' in cut_node and old.lower() not in cut_node
    legend = svg_group(svg, "legend")  # the static legend's swatch is drawn in the new colour
    assert NEW.lower() in legend.lower()
    data = Scene(trace, layout="browser").data()  # what a widget, a page and a notebook carry
    rule = stepper_rule(data["css"], "g.nv-cut:where(:not(.nv-active, .nv-current)) .nv-shape")
    assert f"stroke: {NEW}" in rule and old not in rule
    for p in PERSPECTIVES:
        assert f"border:2.5px solid {NEW}" in data["legend"][p] and f"solid {old}" not in data["legend"][p]
    assert svg != before_svg


def test_a_fill_a_width_and_a_dash_travel_the_same_way(trace: negaviz.Trace, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LOOKS, "exact", dataclasses.replace(LOOKS["exact"], fill=NEW))
    monkeypatch.setitem(LOOKS, "pruned", dataclasses.replace(LOOKS["pruned"], width=3, dash="dotted"))
    dot = draw(trace)
    assert f'fillcolor="{NEW}"' in dot.source and 'style=dotted' in dot.source and "penwidth=3 " in dot.source
    sheet = css()
    assert f"fill: {NEW}" in stepper_rule(sheet, "g.nv-exact .nv-shape")
    assert "stroke-width: 3; stroke-dasharray: 2 2" in stepper_rule(sheet, "g.nv-pruned .nv-shape")
    assert "border:3px dotted" in legend_html("minimax", 0)


def test_the_legends_say_the_same_words_for_a_state(trace: negaviz.Trace, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LOOKS, "pruned", dataclasses.replace(LOOKS["pruned"], meaning="skipped by a cutoff"))
    assert "skipped by a cutoff" in draw(trace).source
    assert "skipped by a cutoff" in legend_html("negamax", 0)


def test_the_stepper_rules_follow_the_sheet_so_a_state_wins_over_the_panels() -> None:
    sheet = css()
    rules = stepper_rules()
    assert sheet.endswith("".join(f"{r}\n" for r in rules))
    assert sheet.index("--nv-reddish-purple") < sheet.index("g.nv-only") < sheet.index(rules[0])


# --------------------------------------------------------------- no colour outside the table
HEX = re.compile(r"#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})\b")

ALLOWED: dict[tuple[str, str], str] = {
    ("*", "#FFFFFF"): "paper: every page's and panel's white background (the exact state's fill is the paper)",
    ("*", "#000000"): "ink: text and Graphviz's default colour (the exact state's border is the ink)",
    ("render/plots.py", "#333333"): "the charts' bar outlines, not a tree state",
    ("render/chart.py", "#333333"): "the charts' bar outlines in files, not a tree state",
    ("render/plots.py", "#555555"): "the charts' axis notes, not a tree state",
    ("export/sheet.py", "#555555"): "a worksheet's figure caption text",
    ("widgets/compare.py", "#555555"): "the comparison's note text",
    ("frontend/stepper.css", "#555555"): "the border of a practice answer field",
    ("frontend/page.py", "#EEEEEE"): "the exported page's text in a dark system theme",
    ("frontend/page.py", "#56B4E9"): "the exported page's focus colour in a dark system theme (JupyterLab's brand colour)",
    ("quiz/report.py", "#0072B2"): "the class report's bar chart (Okabe-Ito blue), not a tree state; quiz imports no render",
}
"""Literals that equal a state's colour but are not a state: neutrals and one chart."""


def state_colours() -> set[str]:
    """Every colour the table writes (the states' and the palette's)."""
    out = {c.upper() for look in LOOKS.values() for c in (look.fill, look.line, look.text) if c}
    return out | {c.upper() for c in OKABE_ITO.values()} | {GREY}


def colour_literals(text: str) -> list[tuple[int, str]]:
    """The hex colours written in ``text`` (line number, ``#RRGGBB`` upper case).

    >>> colour_literals("a { color: #cc79a7 }\\nb { fill: #fff; } /* issue #12 */")
    [(1, '#CC79A7'), (2, '#FFFFFF')]
    """
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        for m in HEX.finditer(line):
            h = m.group(1).upper()
            if len(h) == 3:
                h = "".join(ch * 2 for ch in h)
            out.append((number, "#" + h))
    return out


def test_no_state_colour_is_written_outside_the_table() -> None:
    owned = state_colours()
    found = []
    for path in sorted(PACKAGE.rglob("*")):
        rel = path.relative_to(PACKAGE).as_posix()
        if path.suffix not in (".py", ".js", ".css") or rel.startswith("frontend/vendor/") or rel == "render/looks.py":
            continue
        for line, colour in colour_literals(path.read_text(encoding="utf-8")):
            if colour in owned and ("*", colour) not in ALLOWED and (rel, colour) not in ALLOWED:
                found.append(f"{rel}:{line} {colour}")
    assert found == [], "a state's colour is written outside negaviz/render/looks.py: " + ", ".join(found)


def test_the_allow_list_holds_only_what_is_there() -> None:
    """An entry no longer needed leaves the list."""
    for (rel, colour), why in ALLOWED.items():
        assert why and colour in state_colours(), colour
        if rel != "*":
            assert colour in {c for _, c in colour_literals((PACKAGE / rel).read_text(encoding="utf-8"))}, (rel, colour)


def test_the_scan_sees_a_colour_planted_in_a_source(tmp_path: Path) -> None:
    planted = tmp_path / "x.css"
    planted.write_text(".negaviz-stepper g.nv-cut .nv-shape { stroke: #cc79a7; }\n", encoding="utf-8")
    hits = [c for _, c in colour_literals(planted.read_text(encoding="utf-8")) if c in state_colours()]
    assert hits == [OKABE_ITO["reddish_purple"]]
