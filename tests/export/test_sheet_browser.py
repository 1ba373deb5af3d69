"""An exercise sheet in a real headless Chromium, opened from a file: every tree drawn,
nothing fetched.  Uses Debian's /usr/bin/chromium (fixtures: tests/export/conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from negaviz import cli

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"

pytestmark = pytest.mark.browser


def test_the_sheet_opens_offline_with_every_tree_drawn(chromium: Any, tmp_path: Path) -> None:
    path = tmp_path / "sheet.html"
    assert cli.main(["exercises", "--count", "3", "--depth", "3", "--branching", "3", "--cutoffs", "3",
                     "--deep-cutoffs", "1", "--seed", "7", "--student", "s1234567", "-o", str(path), "--paper"]) == 0
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        url = path.as_uri()
        page.goto(url)
        sections = page.locator("section.exercise")
        assert sections.count() == 3
        for i in range(3):
            tree = sections.nth(i).locator("svg")
            box = tree.bounding_box()
            assert box is not None and box["width"] > 300 and box["height"] > 100  # laid out, not empty
            assert tree.locator("g.node").count() == 40  # 1 + 3 + 9 + 27 nodes, drawn whole
            assert sections.nth(i).locator("h2").inner_text() == f"Exercise {i + 1}"
        assert "student s1234567" in page.locator("p.about").inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "exercise_sheet.png"), full_page=True)
        assert requests == [url], requests  # the file itself, nothing else
        assert errors == []
    finally:
        page.close()


def test_a_practice_sheet_is_answered_on_each_tree_and_checked_in_the_page(chromium: Any, tmp_path: Path) -> None:
    """The default sheet: each tree in a practice stepper; exercise 2 answered right (from
    the key grade() uses) scores full marks, exercise 1 left alone stays unchecked."""
    from negaviz.export.sheet import make_sheet
    from negaviz.quiz.grading import answer_key

    path = tmp_path / "sheet.html"
    argv = ["--count", "2", "--depth", "3", "--branching", "2", "--cutoffs", "2", "--deep-cutoffs", "1", "--seed", "3"]
    assert cli.main(["exercises", *argv, "-o", str(path)]) == 0
    sheet = make_sheet(2, 3, 2, seed=3, cutoffs=2, deep_cutoffs=1)
    key = answer_key(sheet.exercises[1].trace, perspective=sheet.exercises[1].perspective)
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    errors: list[str] = []
    # (the page makes blob: URLs of the module and the Graphviz it carries: not requests for anything outside it)
    page.on("request", lambda r: None if r.url.startswith("blob:") else requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        url = path.as_uri()
        page.goto(url)
        page.wait_for_selector("#negaviz-ex2 svg g.node")
        two = page.locator("#exercise-2 [data-negaviz-stepper]")
        for name, want in key.values.items():
            two.locator(f"input[aria-label='value of {name}']").fill(str(want["value"]))
        for child, at in key.cuts.items():
            two.locator(f"g.edge[aria-label='cut {at['parent']} to {child}']").click()
        two.locator(".nv-practice button", has_text="check").click()
        assert two.locator(".nv-practice-result p").first.inner_text() == "All right: every answer matches the search."
        one = page.locator("#exercise-1 [data-negaviz-stepper]")
        assert one.locator(".nv-practice-result").inner_text() == ""
        assert requests == [url], requests
        assert errors == []
    finally:
        page.close()


def test_a_paper_sheet_prints_one_tree_a_page(chromium: Any, tmp_path: Path) -> None:
    """--paper: Chromium's print of the page (A4 landscape, as the page asks) is one page an
    exercise, each with the name field, the task and the conventions."""
    import pdfplumber

    path = tmp_path / "sheet.html"
    assert cli.main(["exercises", "--count", "3", "--depth", "3", "--branching", "3", "--cutoffs", "3",
                     "--seed", "7", "-o", str(path), "--paper"]) == 0
    page = chromium.new_page()
    try:
        page.goto(path.as_uri())
        printed = tmp_path / "printed.pdf"
        page.pdf(path=str(printed), prefer_css_page_size=True)
    finally:
        page.close()
    with pdfplumber.open(printed) as doc:
        assert len(doc.pages) == 3
        for number, sheet_page in enumerate(doc.pages, 1):
            assert sheet_page.width > sheet_page.height  # landscape
            text = " ".join((sheet_page.extract_text() or "").split())
            assert text.startswith(f"Exercise {number} Name: ")
            assert "Search this tree with alpha-beta" in text and "Conventions: ▲ marks a node where MAX" in text
            drawn = sheet_page.curves + sheet_page.lines  # the tree's nodes and edges
            span = max(d["x1"] for d in drawn) - min(d["x0"] for d in drawn)
            assert span > 0.75 * sheet_page.width, span  # the tree is drawn across the page
