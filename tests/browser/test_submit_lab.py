"""Submit in a real JupyterLab 4 and headless Chromium: the student answers the whole-tree
exercise on the picture, checks, and presses *submit*; the kernel saves
``negaviz_answers.json`` beside the notebook, and ``negaviz grade-attempts`` grades it to the
page's verdict.  Uses the JupyterLab server helpers of ``test_jupyterlab.py`` (loaded from its file).
"""

from __future__ import annotations

import importlib.util
import json
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
CELL = ("import negaviz\nfrom negaviz.widgets import StepperWidget\n"
        f"StepperWidget(negaviz.record(negaviz.Tree.parse({TEXTBOOK!r}), algorithm='alphabeta'), practice='tree', "
        "title='week1')")

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
    (root / "week1.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "c0", "metadata": {}, "outputs": [],
                   "source": CELL}],
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}},
    }))
    with jl.serving(root, jl.isolated_env(tmp_path / "jupyter"), tmp_path / "jupyterlab.log", test_failed) as server:
        yield server


def test_submit_saves_the_record_beside_the_notebook_graded_to_the_pages_verdict(lab: Any, browser_page: Any) -> None:
    from playwright.sync_api import expect

    from negaviz.quiz import grade_attempts

    page = browser_page.page
    page.add_locator_handler(page.locator(".jp-Dialog"), lambda d: d.locator(".jp-mod-accept").first.click())
    page.goto(f"{lab.url}/lab/tree/week1.ipynb?token={lab.token}")
    notebook = page.locator(".jp-NotebookPanel")
    expect(notebook).to_be_visible(timeout=jl.KERNEL_TIMEOUT_MS)
    prompt = notebook.locator(".jp-CodeCell .jp-InputPrompt").first
    deadline = time.monotonic() + jl.KERNEL_TIMEOUT_MS / 1000
    while True:  # until the kernel is up and the cell runs
        notebook.locator(".jp-CodeCell").first.click()
        page.keyboard.press("Shift+Enter")
        try:
            expect(prompt).to_have_text("[1]:", timeout=10_000)
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
    root = notebook.locator("[data-negaviz-stepper]")
    expect(root.locator("input[aria-label='value of C']")).to_have_count(1, timeout=jl.TIMEOUT_MS)
    for name, value in (("A", "5"), ("B", "5"), ("C", "3")):  # B and C in the other view
        root.locator(f"input[aria-label='value of {name}']").fill(value)
    root.locator("g.edge[aria-label='cut C to G']").click()
    root.locator(".nv-practice button", has_text="check").click()
    said = root.locator(".nv-practice-result p").first.inner_text()
    root.locator(".nv-practice button", has_text="submit").click()
    expect(root.locator(".nv-practice-result")).to_have_text(
        "Submitted: your answers are saved as negaviz_answers.json beside the notebook.", timeout=jl.TIMEOUT_MS)
    record = lab.root / "negaviz_answers.json"
    book = grade_attempts([record], expect={"week1": {"position": TEXTBOOK, "windows": False}})  # windows not shown
    assert not book.refused
    (graded,) = book.graded
    assert graded.exercise == "week1" and graded.grade.verdict == said
    assert graded.grade.mistake == "negation" and graded.answered.verdict["sentence"] == graded.grade.sentence  # type: ignore[index]
    ours = [line for line in browser_page.console if "negaviz" in line.lower() or "pageerror" in line]
    assert not ours, ours
