"""The tree editor in a real JupyterLab 4 and a real headless Chromium, by keyboard alone.

A notebook shows ``TreeEditor`` over alpha-beta on the textbook tree, at its last step
(G and H drawn as pruned).  With the keyboard only, the lecturer picks leaf F in the
*node* list, types 6 in *value* and presses Enter: the kernel searches the edited tree,
the stepper keeps its step, and once End is pressed in the stepper G is no longer drawn
pruned and H still is; the status line (a live region) says "Now G is searched".  A
value that is not a number is refused in the status line and stays in its box; the
drawing is left as it was.  Then the page's *copy tree* text is the edited tree's, and the
kernel's ``ed.trace`` is the new search.  *undo*, by keyboard, cuts G off again: the
stepper goes to where the two searches part (its step is gone), and at the end G is drawn
pruned and marked.  A click on E picks it for editing (its value in the box) and does not
step.

A screenshot of the edited cell goes to ``artifacts/tree-editor.png``.  Uses the
JupyterLab server helpers of ``test_jupyterlab.py`` (loaded from its file).
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
SHOT = jl.ROOT / "artifacts" / "tree-editor.png"
CELLS = [
    "import negaviz\nfrom negaviz.widgets import TreeEditor\n"
    f"ed = TreeEditor(negaviz.record(negaviz.Tree.parse({TEXTBOOK!r}), algorithm='alphabeta'), step=18)\ned",
    "print('kernel has', ed.text, len(ed.trace), ed.step)",
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not jl.CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"),
    pytest.mark.skipif(jl.jupyter_lab() is None, reason="needs the jupyter-lab executable (pip install -e '.[test]')"),
]


@pytest.fixture
def lab(tmp_path: Path, test_failed: Callable[[], bool]) -> Iterator[Any]:
    """JupyterLab on 127.0.0.1 with a token, serving the editor's notebook."""
    root = tmp_path / "root"
    root.mkdir()
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": s}
             for i, s in enumerate(CELLS)]
    (root / "editor.ipynb").write_text(json.dumps({
        "cells": cells, "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}},
    }))
    with jl.serving(root, jl.isolated_env(tmp_path / "jupyter"), tmp_path / "jupyterlab.log", test_failed) as server:
        yield server


def pruned(stepper: Any) -> list[str]:
    """The names of the nodes the stepper draws as pruned."""
    return names(stepper, "svg g.node.nv-pruned")


def names(stepper: Any, selector: str) -> list[str]:
    """The names of the drawn nodes ``selector`` finds, sorted."""
    return sorted(stepper.locator(selector).evaluate_all("gs => gs.map(g => g.dataset.nvName)"))


def open_editor(page: Any, lab: Any) -> tuple[Any, Any]:
    """The editor's notebook, every cell run: (the notebook, the editor's cell)."""
    from playwright.sync_api import expect

    page.add_locator_handler(page.locator(".jp-Dialog"), lambda d: d.locator(".jp-mod-accept").first.click())
    page.goto(f"{lab.url}/lab/tree/editor.ipynb?token={lab.token}")
    notebook = page.locator(".jp-NotebookPanel")
    expect(notebook).to_be_visible(timeout=jl.KERNEL_TIMEOUT_MS)
    prompts = notebook.locator(".jp-CodeCell .jp-InputPrompt")
    expect(prompts).to_have_count(len(CELLS))
    deadline = time.monotonic() + jl.KERNEL_TIMEOUT_MS / 1000
    while True:  # Run All, until both cells have run one after the other in one kernel
        before = prompts.all_text_contents()[1]
        page.locator(".lm-MenuBar-item").filter(has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-item").filter(
            has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$"))).click()
        try:
            expect(prompts.first).to_have_text(re.compile(r"^\[(\*|\d+)\]:$"), timeout=5_000)
            expect(prompts.nth(1)).not_to_have_text(before, timeout=jl.KERNEL_TIMEOUT_MS)  # this run, not the last
            expect(prompts.nth(1)).to_have_text(re.compile(r"^\[\d+\]:$"), timeout=jl.KERNEL_TIMEOUT_MS)
            first, second = (int(t.strip()[1:-2]) for t in prompts.all_text_contents()[:2])
        except (AssertionError, ValueError):
            if time.monotonic() > deadline:
                raise
            continue
        if second == first + 1:
            break
        # Not one run: the kernel changed between the cells (a kernel that failed its first
        # websocket, jupyter_server#1265, is replaced), so the editor's widget is gone: again.
        print(f"the cells ran as [{first}] and [{second}]: running them again")
        if time.monotonic() > deadline:
            raise AssertionError(f"the cells did not run in one kernel: [{first}], [{second}]")
    cell = notebook.locator(".jp-CodeCell").first
    expect(cell.locator("[data-negaviz-stepper] svg g.node").first).to_be_visible(timeout=jl.KERNEL_TIMEOUT_MS)
    return notebook, cell


def test_a_leaf_edited_by_keyboard_changes_the_cut_nodes(lab: Any, browser_page: Any) -> None:
    from playwright.sync_api import expect

    page = browser_page.page
    notebook, cell = open_editor(page, lab)
    stepper = cell.locator("[data-negaviz-stepper]")
    assert pruned(stepper) == ["G", "H"]
    status = cell.locator(".nv-edit-status")
    status.evaluate("e => { e.dataset.nvKept = 'yes'; }")  # to tell the same element from a new one

    # --- a value that is not a number: refused in place, kept in its box ----------------------
    node_list = cell.get_by_label("node", exact=True)
    value = cell.get_by_label("value", exact=True)
    node_list.focus()
    page.keyboard.press("F")  # a focused list takes a typed letter as its option
    expect(node_list).to_have_value("F")
    expect(value).to_have_value("3")
    page.keyboard.press("Tab")
    expect(value).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("six")
    page.keyboard.press("Enter")
    expect(status).to_contain_text("Refused: F's value must be a number such as 7, -2 or 1.5, not 'six'")
    expect(status).to_have_attribute("aria-live", "assertive")  # read out at once
    expect(status).to_have_attribute("role", "status")
    expect(value).to_have_value("six")
    assert pruned(stepper) == ["G", "H"]

    # --- a number: searched again, the step kept, the cut nodes change ------------------------
    page.keyboard.press("Control+A")
    page.keyboard.type("6")
    page.keyboard.press("Enter")
    expect(status).to_contain_text("Now G is searched: C no longer cuts off after F.")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(status).to_have_attribute("data-nv-kept", "yes")  # the same live region, its text changed
    stepper = cell.locator("[data-negaviz-stepper]")  # the kernel sent a new view of the new search
    expect(stepper.locator("input.nv-slider")).to_have_attribute("max", "21")
    expect(stepper.locator("input.nv-slider")).to_have_value("18")  # the step the class was on
    stepper.focus()
    page.keyboard.press("End")
    expect(stepper.locator("input.nv-slider")).to_have_value("21")
    expect(stepper.locator("svg g.node.nv-pruned")).to_have_count(1)
    assert pruned(stepper) == ["H"]
    expect(stepper.locator("svg g.node.nv-only")).to_have_count(1)  # G, marked as newly searched
    expect(stepper.locator("input.nv-tree-text")).to_have_value("A(B(D:7 E:5) C(F:6 G:1 H:9))")
    SHOT.parent.mkdir(exist_ok=True)
    cell.screenshot(path=str(SHOT))  # for a person to look at (artifacts/ is git-ignored)

    # --- the kernel's trace is the new one ------------------------------------------------------
    second = notebook.locator(".jp-CodeCell").nth(1)
    second.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    expect(second.locator(".jp-OutputArea-output")).to_contain_text(
        "kernel has A(B(D:7 E:5) C(F:6 G:1 H:9)) 21 21", timeout=jl.KERNEL_TIMEOUT_MS)

    # --- undo by keyboard: G is cut off again, marked once pruned ---------------------------
    undo = cell.get_by_role("button", name="undo")
    undo.focus()
    page.keyboard.press("Enter")
    expect(status).to_contain_text("Now G is cut off: C now cuts off after F.")
    stepper = cell.locator("[data-negaviz-stepper]")
    expect(stepper.locator("input.nv-slider")).to_have_attribute("max", "18")
    expect(stepper.locator("input.nv-slider")).to_have_value("12")  # step 21 is gone: where the searches part
    stepper.focus()
    page.keyboard.press("End")
    expect(stepper.locator("svg g.node.nv-pruned")).to_have_count(2)
    assert pruned(stepper) == ["G", "H"]
    marked = stepper.locator("svg g.node.nv-pruned.nv-only")
    expect(marked).to_have_count(1)
    assert marked.get_attribute("data-nv-name") == "G"

    # --- a click on a node picks it to edit; it does not step ---------------------------------
    stepper.locator('svg g.node[data-nv-name="E"]').click()
    expect(node_list).to_have_value("E")
    expect(value).to_have_value("5")
    expect(stepper.locator("input.nv-slider")).to_have_value("18")
    expect(stepper.locator(".nv-keys")).to_contain_text("a click on a node picks it to edit")
    expect(stepper.locator('svg g.node[data-nv-name="E"]')).to_be_focused()  # the README: a node clicked has the focus

    # --- by mouse, as the README says: the picked leaf's value in the value box, then Enter ----
    value.click()
    value.fill("2")
    value.press("Enter")
    stepper = cell.locator("[data-negaviz-stepper]")
    expect(stepper.locator("input.nv-tree-text")).to_have_value("A(B(D:7 E:2) C(F:3 G:1 H:9))")

    ours = [m for m in browser_page.console if m.startswith("pageerror") and ("blob:" in m or "anywidget" in m)]
    assert ours == []  # no error from the front-end (JupyterLab's own extensions may log theirs)


def test_a_leaf_picked_and_edited_on_the_picture_by_keyboard_alone_shows_the_new_result(lab: Any, browser_page: Any) -> None:
    """Keyboard only, on the picture: Tab to leaf E (a button named "node E, leaf 5", with a
    focus ring), Enter opens a value field on it, a word is refused and stays typed, 9 and
    Enter search the edited tree; the focus is back on E, and the line above the picture
    says the new result as ``negaviz.record`` of the edited tree has it.  The picture stays
    true to its step: at the start it shows nothing of the new result (no best line, no
    root value); at the end, the new best line and the root's value.  [ moves E left;
    Escape leaves the tree for the stepper's keys."""
    import negaviz
    from negaviz.vocabulary import fmt
    from playwright.sync_api import expect

    page = browser_page.page
    notebook, cell = open_editor(page, lab)
    stepper = cell.locator("[data-negaviz-stepper]")
    status = cell.locator(".nv-edit-status")
    nodes = stepper.locator("svg g.node[role=button]")
    expect(nodes).to_have_count(8)  # every node of the tree, pruned G and H among them
    assert nodes.evaluate_all("gs => gs.map(g => g.getAttribute('tabindex'))") == ["0"] * 8
    assert "node D, leaf 7" in nodes.evaluate_all("gs => gs.map(g => g.getAttribute('aria-label'))")
    assert "node B, inner node" in nodes.evaluate_all("gs => gs.map(g => g.getAttribute('aria-label'))")

    # --- Tab to E: the focused element is E's node, drawn with a focus ring ---------------------
    stepper.focus()
    focused = lambda: page.evaluate("() => document.activeElement.getAttribute('aria-label')")  # noqa: E731
    for _ in range(60):  # the stepper's controls, then the nodes in the drawing's order
        page.keyboard.press("Tab")
        if focused() == "node E, leaf 5":
            break
    assert focused() == "node E, leaf 5"
    e_node = stepper.locator('svg g.node[data-nv-name="E"]')
    ring = e_node.evaluate("g => [getComputedStyle(g).outlineStyle, getComputedStyle(g.querySelector('.nv-shape')).strokeWidth]")
    assert ring[0] == "solid" and ring[1] == "4px", ring

    # --- Enter: E is picked and a value field opens on it; a word is refused and stays -------------
    page.keyboard.press("Enter")
    expect(cell.get_by_label("node", exact=True)).to_have_value("E")  # the kernel's editor has it
    field = stepper.get_by_label(re.compile(r"^new value of E"))
    expect(field).to_be_focused()
    expect(field).to_have_value("5")
    SHOT.parent.mkdir(exist_ok=True)
    cell.screenshot(path=str(SHOT.with_name("tree-editor-keyboard.png")))  # the focus ring, the field
    page.keyboard.press("Control+A")
    page.keyboard.type("nine")
    page.keyboard.press("Enter")
    expect(status).to_contain_text("Refused: E's value must be a number")
    expect(field).to_have_value("nine")
    expect(field).to_be_focused()

    # --- 9, Enter: the edited tree is searched; the focus is on E again -----------------------------
    page.keyboard.press("Control+A")
    page.keyboard.type("9")
    page.keyboard.press("Enter")
    edited = "A(B(D:7 E:9) C(F:3 G:1 H:9))"
    expect(stepper.locator("input.nv-tree-text")).to_have_value(edited)
    stepper = cell.locator("[data-negaviz-stepper]")  # the new search's view
    expect(page.locator(":focus")).to_have_attribute("aria-label", "node E, leaf 9")
    fresh = negaviz.record(negaviz.Tree.parse(edited), algorithm="alphabeta")
    old = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    line = [fresh.label(n) for n in fresh.pv()]
    was = [old.label(n) for n in old.pv()]
    assert (fmt(fresh.value), line) != (fmt(old.value), was)  # the edit changes the result
    expect(stepper.locator("p.nv-result")).to_have_text(
        f"Result after the edit: A's value {fmt(old.value)} → {fmt(fresh.value)}; "
        f"best line now {' '.join(fresh.pv_names())} (was {' '.join(old.pv_names())}).")
    expect(stepper.locator("input.nv-slider")).to_have_attribute("max", str(len(fresh)))

    # --- Escape leaves the tree: the stepper's keys step again.  At the start nothing of the
    # new result is in the picture (the line above says it); at the end, all of it ------------
    page.keyboard.press("Escape")
    expect(stepper).to_be_focused()
    page.keyboard.press("Home")
    expect(stepper.locator("input.nv-slider")).to_have_value("0")
    root = stepper.locator(f'svg g.node[data-nv-name="{line[0]}"]')
    assert names(stepper, "svg g.node.nv-pv") == []
    expect(root).not_to_contain_text(fmt(fresh.value))
    cell.screenshot(path=str(SHOT.with_name("tree-editor-result.png")))  # step 0: the line above, the picture bare
    page.keyboard.press("End")  # the search has found the line and the root's value
    expect(stepper.locator("input.nv-slider")).to_have_value(str(len(fresh)))
    assert names(stepper, "svg g.node.nv-pv") == sorted(line)
    expect(root).to_contain_text(fmt(fresh.value))

    # --- [ on a focused E moves it left: the search tries it first ----------------------------------
    for _ in range(60):
        page.keyboard.press("Tab")
        if focused() == "node E, leaf 9":
            break
    assert focused() == "node E, leaf 9"
    page.keyboard.press("[")
    expect(cell.locator("input.nv-tree-text")).to_have_value("A(B(E:9 D:7) C(F:3 G:1 H:9))")
    expect(page.locator(":focus")).to_have_attribute("aria-label", "node E, leaf 9")
    ours = [m for m in browser_page.console if m.startswith("pageerror") and ("blob:" in m or "anywidget" in m)]
    assert ours == []
