"""A lecture notebook converted to static HTML still steps: no kernel, no network.

``jupyter nbconvert --to html`` of a notebook with stored outputs, opened in a real
headless Chromium with every network request refused.  The steppers' outputs carry a
self-contained form (a sandboxed frame holding the front-end and its data), which nbconvert
shows because the notebook stores no widget state.  The test steps one with the keys and
the mouse and checks every step read against the trace, that nodes never move, and that
nothing inside the stepper asked the network for anything.  (nbconvert's own page asks a
CDN for require.js and MathJax; those requests are refused and are not ours.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import negaviz

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "03-alphabeta.ipynb"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"),
]


def stepper_outputs(nb: dict[str, Any]) -> list[str]:
    """The code of the cells whose outputs hold a stepper's static form."""
    return [
        "".join(cell["source"]) for cell in nb["cells"] if cell["cell_type"] == "code"
        and any("data-negaviz-static" in "".join(o.get("data", {}).get("text/html", "")) for o in cell.get("outputs", []))
    ]


def test_lecture_notebook_as_static_html_steps(tmp_path: Path, stepper_probe: Any) -> None:
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert "widgets" not in nb["metadata"], "with widget state stored, nbconvert would show the dead widget instead"
    assert stepper_outputs(nb), f"{NOTEBOOK.name} has no stepper output"
    out = tmp_path / "static.html"
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(NOTEBOOK), "--output", str(out)],
        check=True, capture_output=True, timeout=120,
    )
    from playwright.sync_api import sync_playwright

    # The notebook's first stepper: the textbook tree of seed 002, searched by alpha-beta.
    trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            asked: list[tuple[str, str]] = []  # (frame url, request url)
            page.on("request", lambda r: asked.append((r.frame.url, r.url)))
            page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort())
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(out.as_uri())
            frames = page.locator("iframe.negaviz-static")
            assert frames.count() >= 1
            frames.first.scroll_into_view_if_needed()
            frame = frames.first.content_frame
            root = frame.locator("[data-negaviz-stepper]")
            root.locator("svg g.node").first.wait_for()
            probe = stepper_probe
            n = int(root.get_attribute("data-step") or 0)
            readings = [root.evaluate(probe.js)]
            probe.check(readings[0], trace, n)
            root.locator(".nv-sentence").click()
            for key in ("Home", "ArrowRight", "ArrowRight", "ArrowRight", "End", "ArrowLeft"):
                page.keyboard.press(key)
                readings.append(root.evaluate(probe.js))
            steps = [r["step"] for r in readings[1:]]
            assert steps == [0, 1, 2, 3, len(trace), len(trace) - 1]
            for reading in readings:
                probe.check(reading, trace, reading["step"])
            page.keyboard.press("Home")
            root.locator("button[data-jump='cutoff']").click()
            readings.append(root.evaluate(probe.js))
            probe.check(readings[-1], trace, readings[-1]["step"])
            for a, b in zip(readings, readings[1:]):
                assert probe.same_places(a, b) >= 6
            assert any(probe.painted_differently(a, b) for a, b in zip(readings, readings[1:]))
            (ROOT / "artifacts").mkdir(exist_ok=True)
            root.screenshot(path=str(ROOT / "artifacts" / "static-notebook-stepper.png"))
        finally:
            browser.close()
    ours = [url for frame_url, url in asked if frame_url.startswith("about:srcdoc")]
    assert ours == [], f"the stepper's frame asked for {ours}"
    off = [url for _, url in asked if not url.startswith("file:")]
    assert all(("require" in u or "mathjax" in u.lower() or "jupyter-widgets" in u or "unpkg" in u) for u in off), off
    assert errors == [] or all("require" in e or "define" in e for e in errors), errors
