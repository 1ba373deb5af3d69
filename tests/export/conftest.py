"""Browser fixtures for the exported page: Debian's /usr/bin/chromium through
Playwright (never ``playwright install``), and a page opened on an exported trace.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

import negaviz
from negaviz.export import export_html

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def opened(chromium: Any, tmp_path: Path) -> Iterator[Any]:
    """Open an exported page; yields (page, stepper root, file URL, requests made, errors seen)."""
    pages = []

    def open_page(trace: negaviz.Trace, **kw: Any) -> tuple[Any, Any, str, list[str], list[str]]:
        path = export_html(trace, tmp_path / f"page{len(pages)}.html", **kw).path
        page = chromium.new_page(viewport={"width": 1280, "height": 820})
        pages.append(page)
        requests: list[str] = []
        errors: list[str] = []
        # The page makes a blob: of the Graphviz script it carries, to run it: local, not
        # a request for anything outside the file, so it is not counted.
        page.on("request", lambda r: None if r.url.startswith("blob:") else requests.append(r.url))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        url = path.as_uri()
        page.goto(url)
        page.wait_for_selector("[data-negaviz-stepper] svg g.node")
        root = page.locator("[data-negaviz-stepper]")
        root.locator(".nv-sentence").click()  # focus: the keys are the stepper's
        return page, root, url, requests, errors

    yield open_page
    for page in pages:
        page.close()


