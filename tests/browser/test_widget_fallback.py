"""Where the widget cannot load, a stepper shows its still and says why.

VS Code and Colab fetch anywidget's front-end from a CDN (manzt/anywidget#394); offline,
or when the CDN fails, the widget stays a blank box or an error.  The same happens in a
real JupyterLab 4 whose page cannot load anywidget's lab extension: every request for it
is refused here.  A stepper's cell then shows, after a few seconds, the stepper's still (the
picture at its step, an image that loaded) and the line saying why and what to do in VS
Code and Colab; with the extension loading, the stepper renders and the still stays hidden.

About 30 s on two cores (two runs of one small notebook).
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def _lab_helpers() -> ModuleType:
    spec = importlib.util.spec_from_file_location("negaviz_lab_helpers", Path(__file__).with_name("test_jupyterlab.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


jl = _lab_helpers()
browser_page = jl.browser_page  # the same fresh-profile Chromium page fixture
CELL = ("import negaviz\nfrom negaviz.widgets import StepperWidget\n"
        "StepperWidget(negaviz.record(negaviz.Tree.parse('A(B(D:7 E:5) C(F:3 G:1 H:9))'), algorithm='alphabeta'))")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not jl.CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"),
    pytest.mark.skipif(jl.jupyter_lab() is None, reason="needs the jupyter-lab executable (pip install -e '.[test]')"),
]


@pytest.fixture
def lab(tmp_path: Path, test_failed: Callable[[], bool]) -> Iterator[Any]:
    root = tmp_path / "root"
    root.mkdir()
    (root / "fallback.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {}, "outputs": [], "source": CELL}],
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}},
    }))
    with jl.serving(root, jl.isolated_env(tmp_path / "jupyter"), tmp_path / "jupyterlab.log", test_failed) as server:
        yield server


def run(page: Any, lab: Any, name: str = "fallback.ipynb") -> Any:
    """Open the notebook and run its cells until the first has run; its first cell."""
    from playwright.sync_api import expect

    page.add_locator_handler(page.locator(".jp-Dialog"), lambda d: d.locator(".jp-mod-accept").first.click())
    page.goto(f"{lab.url}/lab/tree/{name}?reset&token={lab.token}")
    notebook = page.locator(".jp-NotebookPanel")
    expect(notebook).to_be_visible(timeout=jl.KERNEL_TIMEOUT_MS)
    prompt = notebook.locator(".jp-CodeCell .jp-InputPrompt").first
    deadline = time.monotonic() + jl.KERNEL_TIMEOUT_MS / 1000
    while True:
        page.locator(".lm-MenuBar-item").filter(has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-item").filter(
            has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$"))).click()
        try:
            expect(prompt).to_have_text(re.compile(r"^\[\d+\]:$"), timeout=jl.KERNEL_TIMEOUT_MS / 2)
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
    return notebook.locator(".jp-CodeCell").first


SHOWN_STILL = """(cell) => {
  const f = cell.querySelector('.negaviz-fallback');
  if (!f || !f.offsetWidth) return null;
  const img = f.querySelector('img');
  return {loaded: !!img && img.complete && img.naturalWidth > 0, line: f.innerText};
}"""


def test_a_stepper_whose_widget_cannot_load_shows_its_still(lab: Any, browser_page: Any) -> None:
    page = browser_page.page
    refused: list[str] = []

    def refuse(route: Any) -> None:
        refused.append(route.request.url)
        route.abort()

    page.route(re.compile(r"/lab/extensions/anywidget/"), refuse)
    cell = run(page, lab)
    deadline = time.monotonic() + 30
    shown = None
    while shown is None and time.monotonic() < deadline:
        page.wait_for_timeout(250)
        shown = cell.evaluate(SHOWN_STILL)
    assert refused, "the test refused no request for anywidget's extension: it tested nothing"
    assert cell.locator("[data-negaviz-stepper]").count() == 0  # the widget really did not render
    assert shown is not None, "the still did not show where the widget could not load"
    assert shown["loaded"], "the still's picture did not load"
    assert "has not loaded here" in shown["line"] and "VS Code" in shown["line"] and "Colab" in shown["line"]
    cell.screenshot(path=str(jl.ROOT / "artifacts" / "widget-fallback.png"))


def test_where_the_widget_renders_the_still_stays_hidden(lab: Any, browser_page: Any) -> None:
    from playwright.sync_api import expect

    page = browser_page.page
    cell = run(page, lab)
    expect(cell.locator("[data-negaviz-stepper] svg g.node").first).to_be_visible(timeout=jl.KERNEL_TIMEOUT_MS)
    page.wait_for_timeout(6000)  # past the few seconds the fallback waits for
    assert cell.locator(".negaviz-fallback").count() == 1  # it is there, hidden
    assert cell.evaluate(SHOWN_STILL) is None


# A stepper shown inside a box (no fallback of its own), then a stepper whose model never
# starts: its front-end module's initialize never resolves, so anywidget's own two-second
# start fails ("Failed to initialize model"), as it does under load.
NEVER_STARTS = ("from negaviz.widgets import stepper\n"
                "stepper.StepperView._esm = 'export default { initialize() { return new Promise(() => {}); },"
                " render() {} }'\n" + CELL.splitlines()[-1])


def test_a_stepper_that_anywidget_fails_to_start_shows_its_still(lab: Any, browser_page: Any) -> None:
    from playwright.sync_api import expect

    page = browser_page.page
    first = ("import ipywidgets\n" + "\n".join(CELL.splitlines()[:-1])
             + "\nipywidgets.VBox([" + CELL.splitlines()[-1] + "])")
    (lab.root / "never.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
                   "source": source} for i, source in enumerate([first, NEVER_STARTS])],
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}},
    }))
    boxed = run(page, lab, "never.ipynb")
    expect(boxed.locator("[data-negaviz-stepper] svg g.node").first).to_be_visible(timeout=jl.KERNEL_TIMEOUT_MS)
    cell = page.locator(".jp-NotebookPanel .jp-CodeCell").nth(1)
    expect(cell.locator(".jp-InputPrompt")).to_have_text(re.compile(r"^\[\d+\]:$"), timeout=jl.KERNEL_TIMEOUT_MS)
    deadline = time.monotonic() + 30
    shown = None
    while shown is None and time.monotonic() < deadline:
        page.wait_for_timeout(250)
        shown = cell.evaluate(SHOWN_STILL)
    failed = [line for line in browser_page.console if "Failed to initialize model" in line]
    assert failed, f"anywidget never said it failed to start the model: the test tested nothing {browser_page.console}"
    assert cell.locator("[data-negaviz-stepper]").count() == 0  # the widget really did not render
    assert shown is not None, "the still did not show where anywidget failed to start the stepper"
    assert shown["loaded"] and "has not loaded here" in shown["line"]
    assert boxed.evaluate(SHOWN_STILL) is None  # the boxed stepper rendered: nothing of its own to fall back to
