"""Accessible by test: axe-core on the exported pages, in a real headless Chromium.

axe-core (Deque's rules engine, the one browsers' accessibility panels run) comes with the
PyPI package ``axe-playwright-python`` as a file: nothing is fetched.  It is injected into
the exported stepper page and the practice pages and run with the WCAG 2.1 A and AA rules
(``wcag2a``, ``wcag2aa``, ``wcag21a``, ``wcag21aa``), in the light and the dark theme, at
step 0, mid-search and with the practice fields open and answered wrongly: 0 violations.
``prefers-reduced-motion: reduce`` is honoured (the stepper does not play on its own).
The same check runs on the stepper in JupyterLab (tests/browser/test_accessibility_lab.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import negaviz

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
"""axe-core's tags for the WCAG 2.0 and 2.1 rules of levels A and AA."""

pytestmark = pytest.mark.browser  # the browser fixtures: tests/export/conftest.py


def axe_script() -> str:
    """axe-core as the PyPI package ``axe-playwright-python`` ships it (no network)."""
    axe = pytest.importorskip("axe_playwright_python.base", reason="needs axe-playwright-python (the test extra)")
    return str(axe.AXE_SCRIPT)


def violations(page: Any, within: str = "[data-negaviz-stepper]") -> list[str]:
    """axe-core's WCAG 2.1 A/AA violations within ``within``, one line each (rule, impact,
    the first elements)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    result = page.evaluate(
        "([within, tags]) => axe.run(document.querySelector(within), "
        "{runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        [within, WCAG21_AA],
    )
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in result["violations"]]


@pytest.fixture
def opened_csp_free(chromium: Any, tmp_path: Path) -> Any:
    """Open an exported page in a context that lets the test inject axe-core past the page's
    Content-Security-Policy (which forbids every script but its own)."""
    from negaviz.export import export_html

    contexts = []

    def open_page(trace: negaviz.Trace, scheme: str = "light", motion: str = "no-preference", **kw: Any) -> Any:
        path = export_html(trace, tmp_path / f"page{len(contexts)}.html", **kw).path
        context = chromium.new_context(bypass_csp=True, color_scheme=scheme, reduced_motion=motion,
                                       viewport={"width": 1280, "height": 820})
        contexts.append(context)
        page = context.new_page()
        page.goto(path.as_uri())
        page.wait_for_selector("[data-negaviz-stepper] svg g.node")
        page.locator("[data-negaviz-stepper] .nv-sentence").click()  # the keys are the stepper's
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_exported_stepper_has_no_wcag_violation(opened_csp_free: Any, scheme: str) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page = opened_csp_free(trace, scheme=scheme, windows=True)
    found = {"step 0": violations(page, "body")}
    for _ in range(9):  # mid-search: just before the cutoff at C
        page.keyboard.press("ArrowRight")
    assert page.locator(".nv-steplabel").inner_text() == f"step 9 of {len(trace)}"
    found["step 9"] = violations(page, "body")
    page.keyboard.press("End")
    found["the end"] = violations(page, "body")
    assert all(not v for v in found.values()), found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_practice_pages_have_no_wcag_violation(opened_csp_free: Any, scheme: str) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page = opened_csp_free(trace, scheme=scheme, practice="tree", windows=True)
    root = page.locator("[data-negaviz-stepper]")
    found = {"tree, fields open": violations(page, "body")}
    root.locator('input[aria-label="value of B"]').fill("7")  # wrong: the verdict names it
    root.locator('g.edge[aria-label="cut C to G"]').click()
    root.locator(".nv-practice button", has_text="check").click()
    found["tree, checked"] = violations(page, "body")
    page = opened_csp_free(trace, scheme=scheme, practice="steps")
    for _ in range(12):  # into the search, where it pauses for a question
        page.keyboard.press("ArrowRight")
    assert page.locator("[data-negaviz-stepper] input.nv-answer").count() >= 1, "no question was open to check"
    found["steps, a question open"] = violations(page, "body")
    assert all(not v for v in found.values()), found


def test_reduced_motion_is_honoured(opened_csp_free: Any) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    for motion in ("no-preference", "reduce"):
        page = opened_csp_free(trace, motion=motion)
        reduced = page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
        assert reduced == (motion == "reduce")
        # nothing on the page animates by itself: no CSS animation or transition runs
        moving = page.evaluate("() => document.getAnimations().length")
        assert moving == 0, f"{moving} animations run with prefers-reduced-motion: {motion}"
