"""The exported page in a real headless Chromium: no requests, keys, Play, a screenshot.

Uses Debian's /usr/bin/chromium through Playwright (never ``playwright install``).
The screenshot goes to ``artifacts/`` at the repository root (git-ignored).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest

import negaviz
from negaviz.analysis.steps import Stepper
from negaviz.export import export_html

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def opened(chromium: Any, tmp_path: Path) -> Iterator[Any]:
    """Open an exported page; yields (page, file URL, requests made, errors seen)."""
    pages = []

    def open_page(trace: negaviz.Trace, **kw: Any) -> tuple[Any, str, list[str], list[str]]:
        path = export_html(trace, tmp_path / f"page{len(pages)}.html", **kw).path
        page = chromium.new_page(viewport={"width": 1280, "height": 820})
        pages.append(page)
        requests: list[str] = []
        errors: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        url = path.as_uri()
        page.goto(url)
        page.wait_for_selector("#tree svg")
        return page, url, requests, errors

    yield open_page
    for page in pages:
        page.close()


def step_text(page: Any) -> str:
    return str(page.inner_text("#step"))


def test_keys_play_and_no_requests(opened: Any) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    stepper = Stepper(trace)
    page, url, requests, errors = opened(trace)
    assert step_text(page) == "step 0 of 18"
    assert page.inner_text("#sentence") == stepper.view(0).sentence

    page.keyboard.press("ArrowRight")
    assert step_text(page) == "step 1 of 18"
    assert page.inner_text("#sentence") == stepper.view(1).sentence
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert step_text(page) == "step 2 of 18"
    assert page.inner_text("#sentence") == "Enter B with window (α, β) = (−∞, ∞)."
    assert page.locator("#stack tr.current td").first.inner_text() == "B"
    assert page.locator("#tree svg #n1").count() == 1 and page.locator("#tree svg #n2").count() == 0

    page.keyboard.press("End")
    assert step_text(page) == "step 18 of 18"
    assert page.inner_text("#sentence") == "A returns 5 (exact)."
    assert page.locator("#next").is_disabled()
    page.keyboard.press("Home")
    assert step_text(page) == "step 0 of 18" and page.locator("#prev").is_disabled()

    # The cutoff step, by the slider: the highlighted line, the counters, the ghosts.
    page.locator("#slider").fill("15")
    assert step_text(page) == "step 15 of 18"
    assert "cutoff, G and H are never visited" in page.inner_text("#sentence")
    assert page.locator("#code span.hl").inner_text().startswith("▶") and "break" in page.locator("#code span.hl").inner_text()
    assert page.locator('#counters td[data-counter="cutoffs"]').inner_text() == "1"
    assert page.locator("#tree svg #g4_1").count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "export_textbook_step15.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000

    # Play.  (The page's CSP forbids eval, so wait with expect(), not wait_for_function.)
    expect = pytest.importorskip("playwright.sync_api").expect
    page.keyboard.press("Home")
    page.click("#play")
    assert page.inner_text("#play") == "Pause"
    expect(page.locator("#step")).not_to_have_text("step 0 of 18", timeout=5000)
    expect(page.locator("#step")).to_have_text("step 2 of 18", timeout=5000)
    page.click("#play")
    assert page.inner_text("#play") == "Play"
    paused = step_text(page)
    page.wait_for_timeout(1500)
    assert step_text(page) == paused  # paused means paused

    assert requests == [url], requests  # the file itself, nothing else
    assert errors == []


def test_sampled_page_says_so_and_ends_at_the_last_step(opened: Any) -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta", tt=True)
    page, url, requests, errors = opened(trace, max_frames=6, max_nodes=60)
    total = len(trace)
    assert step_text(page) == f"step 0 of {total} (frame 1 of 6)"
    assert "6 of the search's" in page.inner_text("#sampling")
    page.keyboard.press("ArrowRight")
    assert step_text(page).startswith("step ") and step_text(page).endswith("(frame 2 of 6)")
    page.keyboard.press("End")
    assert step_text(page) == f"step {total} of {total} (frame 6 of 6)"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "export_ttt_sampled_end.png"), full_page=True)
    assert requests == [url] and errors == []


def test_screenshot_dir_is_ignored_by_git() -> None:
    ignore = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "/artifacts/" in ignore or "artifacts/" in ignore, os.fspath(ROOT / ".gitignore")
