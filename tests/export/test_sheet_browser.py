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
                     "--deep-cutoffs", "1", "--seed", "7", "--student", "s1234567", "-o", str(path)]) == 0
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
