"""Votes in a real headless Chromium: a presenter's exported page and four followers' pages
(each in its own browser context, as four students' phones) voting through a real
collector (`negaviz class serve`, started as a process); the tally shown live, the
answer hidden from every page until the vote closes, then a re-vote side by side.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.export import export_html
from negaviz.frontend.qr import qr_modules
from negaviz.quiz.vote import vote_question

pytestmark = pytest.mark.browser  # the browser fixtures: tests/export/conftest.py
ROOT = Path(__file__).resolve().parents[2]
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


@pytest.fixture
def collector() -> Iterator[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "negaviz", "class", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    found = re.search(r"http://[\d.]+:\d+", proc.stdout.readline())
    assert found
    try:
        yield found.group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_presenter_and_followers_vote_through_a_collector(chromium: Any, tmp_path: Path, collector: str) -> None:
    from playwright.sync_api import expect

    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    q = vote_question(trace, "w:C")  # four options
    right = q["answer"]
    wrong = [o["letter"] for o in q["options"] if o["letter"] != right]
    presenter_file = export_html(trace, tmp_path / "presenter.html", vote="presenter", collector=collector,
                                 site="https://example.edu/cs440/").path
    follower_file = export_html(trace, tmp_path / "follower.html", vote="w:C", collector=collector).path
    errors: list[str] = []

    def watch(page: Any) -> Any:
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    presenter = watch(chromium.new_page(viewport={"width": 1280, "height": 900}))
    presenter.goto(presenter_file.as_uri())
    presenter.wait_for_selector("[data-negaviz-stepper] svg g.node")
    while presenter.locator('button.nv-vote-ask[data-question="w:C"]').count() == 0:  # on to the question's step
        presenter.locator("button.nv-vote-next").click()
    assert presenter.locator(".nv-steplabel").inner_text().startswith(f"step {q['q']}")
    presenter.locator('button.nv-vote-ask[data-question="w:C"]').click()
    presenter.wait_for_selector(".nv-vote-code")
    code = presenter.locator(".nv-vote-code").inner_text().split()[-1]
    assert re.fullmatch(r"[A-Z2-9]{4}", code)
    assert presenter.locator(".nv-vote-qr svg path").count() == 1
    link = presenter.locator("a.nv-vote-link").get_attribute("href")
    assert link.startswith("https://example.edu/cs440/repl/")
    # the page draws the modules Python made: one run of dark modules per M, each where it is
    drawn = re.findall(r"M(\d+) (\d+)h(\d+)", presenter.locator(".nv-vote-qr svg path").get_attribute("d"))
    runs = [(str(m.start() + 4), str(y + 4), str(len(m.group()))) for y, row in enumerate(qr_modules(link))
            for m in re.finditer("1+", "".join("1" if b else "0" for b in row))]
    assert drawn == runs

    contexts = [chromium.new_context() for _ in range(4)]  # four students: four storages, four ids
    followers = []
    for ctx in contexts:
        page = watch(ctx.new_page())
        page.goto(follower_file.as_uri())
        page.wait_for_selector(".nv-vote-option")
        followers.append(page)
    try:
        first = [wrong[0], wrong[1], right, right]
        for page, letter in zip(followers, first):
            root = page.locator("[data-negaviz-stepper]")
            assert root.get_attribute("data-step") == str(q["q"])  # the presenter's step
            root.locator(".nv-sentence").click()
            page.keyboard.press("End")  # the steps after the question would answer it: held
            assert root.get_attribute("data-step") == str(q["q"])
            page.locator(f'.nv-vote-option[data-option="{letter}"]').click()
            page.wait_for_selector(f'.nv-vote-option.nv-vote-mine[data-option="{letter}"]')
        # the live tally, and no answer on any page while the vote is open
        for letter in "ABCD":
            expect(presenter.locator(f'tr[data-option="{letter}"] span[data-letter="{letter}"]')).to_have_text(
                str(first.count(letter)), timeout=10_000)
        for page in (presenter, *followers):
            assert page.locator(".nv-vote-answer, .nv-vote-stands, .nv-vote-moved").count() == 0
            assert "stands for" not in page.locator("body").inner_text()
        presenter.locator("button.nv-vote-close").click()
        presenter.wait_for_selector(".nv-vote-answer")
        assert presenter.locator(".nv-vote-answer").inner_text().startswith(f"Answer: {right}.")
        assert presenter.locator(f'tr.nv-vote-right[data-option="{right}"]').count() == 1
        assert presenter.locator(".nv-vote-stands").count() == 3  # each wrong option's mistake or slip
        for page in followers:
            page.wait_for_selector(".nv-vote-answer", timeout=10_000)
            assert page.locator(".nv-vote-answer").inner_text().startswith(f"Answer: {right}.")
        # Peer Instruction: discuss, vote again; both rounds side by side and the share that moved
        presenter.locator("button.nv-vote-revote").click()
        for page in followers:
            page.wait_for_selector(f'.nv-vote-option[data-option="{right}"]:not([disabled])', timeout=10_000)
            page.locator(f'.nv-vote-option[data-option="{right}"]').click()
            page.wait_for_selector(f'.nv-vote-option.nv-vote-mine[data-option="{right}"]')
        expect(presenter.locator(f'tr[data-option="{right}"] span[data-letter="{right}"]').last).to_have_text(
            "4", timeout=10_000)
        presenter.locator("button.nv-vote-close").click()
        moved = presenter.locator(".nv-vote-moved").inner_text()
        assert "50%" in moved and "100%" in moved and "+50" in moved
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
        presenter.close()

    # With nothing running: a show of hands, the counts typed, the same answer after close.
    static = watch(chromium.new_page(viewport={"width": 1280, "height": 900}))
    static.goto(export_html(trace, tmp_path / "hands.html", vote="presenter").path.as_uri())
    static.wait_for_selector("[data-negaviz-stepper] svg g.node")
    while static.locator('button.nv-vote-ask[data-question="w:C"]').count() == 0:
        static.locator("button.nv-vote-next").click()
    static.locator('button.nv-vote-ask[data-question="w:C"]').click()
    assert static.locator(".nv-vote-code, .nv-vote-qr").count() == 0  # no collector, no site: no code, no link
    hands = {right: 30, wrong[0]: 12, wrong[1]: 5, wrong[2]: 3}
    for letter, n in hands.items():
        static.locator(f'input.nv-vote-count[data-letter="{letter}"]').fill(str(n))
    assert static.locator(".nv-vote-answer").count() == 0
    static.locator("button.nv-vote-close").click()
    assert static.locator(".nv-vote-answer").inner_text().startswith(f"Answer: {right}.")
    assert static.locator(f'tr[data-option="{right}"] span[data-letter="{right}"]').inner_text() == "30"
    static.locator("button.nv-vote-revote").click()
    for letter, n in {right: 45, wrong[0]: 5}.items():
        static.locator(f'input.nv-vote-count[data-letter="{letter}"]').fill(str(n))
    static.locator("button.nv-vote-close").click()
    assert "60%" in static.locator(".nv-vote-moved").inner_text() and "90%" in static.locator(".nv-vote-moved").inner_text()
    static.close()
    assert errors == []
