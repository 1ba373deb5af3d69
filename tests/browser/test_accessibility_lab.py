"""Accessible by test in a real JupyterLab 4: axe-core on the live stepper, light and dark.

A notebook with a stepper (windows shown) and a practice stepper runs in a fresh
JupyterLab, once in its light theme and once in JupyterLab Dark; axe-core (from the PyPI
package ``axe-playwright-python``, no network) checks each stepper with the WCAG 2.1 A and
AA rules at step 0, mid-search, and with the practice fields open and checked: 0
violations.  JupyterLab's own page is not ours to judge: the check is scoped to the
steppers.  The tree's text alternative is there for screen readers, in step with the
picture.  About 40 s on two cores.
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
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
CELLS = [  # one cell: a kernel replaced between two cells (jupyter_server#1265) cannot split them
    "import negaviz\nfrom negaviz.widgets import StepperWidget\n"
    f"trace = negaviz.record(negaviz.Tree.parse({TEXTBOOK!r}), algorithm='alphabeta')\n"
    "display(StepperWidget(trace, windows=True))\nStepperWidget(trace, practice='tree')",
]
WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not jl.CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"),
    pytest.mark.skipif(jl.jupyter_lab() is None, reason="needs the jupyter-lab executable (pip install -e '.[test]')"),
]


@pytest.fixture
def lab(tmp_path: Path, test_failed: Callable[[], bool], request: pytest.FixtureRequest) -> Iterator[Any]:
    root = tmp_path / "root"
    root.mkdir()
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": s}
             for i, s in enumerate(CELLS)]
    (root / "a11y.ipynb").write_text(json.dumps({
        "cells": cells, "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}},
    }))
    env = jl.isolated_env(tmp_path / "jupyter")
    themes = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "apputils-extension" / "themes.jupyterlab-settings"
    themes.write_text(json.dumps({"theme": THEMES[request.node.callspec.params["theme"]]}))
    with jl.serving(root, env, tmp_path / "jupyterlab.log", test_failed) as server:
        yield server


def violations(page: Any, selector: str) -> list[str]:
    axe = pytest.importorskip("axe_playwright_python.base", reason="needs axe-playwright-python (the test extra)")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(axe.AXE_SCRIPT)
    result = page.evaluate(
        "async ([selector, tags]) => { const out = []; for (const el of document.querySelectorAll(selector)) {"
        " const r = await axe.run(el, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});"
        " out.push(...r.violations); } return out; }",
        [selector, WCAG21_AA],
    )
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}" for v in result]


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_stepper_in_jupyterlab_has_no_wcag_violation(theme: str, lab: Any, browser_page: Any) -> None:
    from playwright.sync_api import expect

    page = browser_page.page
    page.add_locator_handler(page.locator(".jp-Dialog"), lambda d: d.locator(".jp-mod-accept").first.click())
    page.goto(f"{lab.url}/lab/tree/a11y.ipynb?reset&token={lab.token}")
    notebook = page.locator(".jp-NotebookPanel")
    expect(notebook).to_be_visible(timeout=jl.KERNEL_TIMEOUT_MS)
    steppers = notebook.locator("[data-negaviz-stepper]")
    deadline = time.monotonic() + 2 * jl.KERNEL_TIMEOUT_MS / 1000
    while True:  # Run All until the cell has run in a kernel that stays (its two steppers show)
        page.locator(".lm-MenuBar-item").filter(has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-item").filter(
            has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$"))).click()
        try:
            expect(steppers).to_have_count(2, timeout=jl.KERNEL_TIMEOUT_MS / 2)
            break
        except AssertionError:
            if time.monotonic() > deadline:
                print("outputs:", notebook.locator(".jp-OutputArea-output").all_inner_texts())
                raise
    expect(steppers.first.locator("svg g.node").first).to_be_visible()
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == ("true" if theme == "light" else "false")
    found = {"step 0": violations(page, "[data-negaviz-stepper]")}

    first = steppers.first
    first.locator(".nv-sentence").click()
    for _ in range(9):
        page.keyboard.press("ArrowRight")
    expect(first.locator(".nv-steplabel")).to_have_text("step 9 of 18")
    found["step 9"] = violations(page, "[data-negaviz-stepper]")
    # the tree as text, for screen readers, in step with the picture: B has returned, C is not entered yet
    text = first.get_by_role("region", name="the search tree as text")
    expect(text).to_contain_text("The tree at step 9")
    expect(text).to_contain_text("B, second player to move, returned, value −5 (exact), window (−∞, ∞)")
    expect(text).to_contain_text("G, first player to move, not yet visited, given value 1")

    practice = steppers.nth(1)
    practice.locator('input[aria-label="value of B"]').fill("7")
    practice.locator(".nv-practice button", has_text="check").click()
    found["practice checked"] = violations(page, "[data-negaviz-stepper]")
    assert all(not v for v in found.values()), found
