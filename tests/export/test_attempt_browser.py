"""Submit in a real headless Chromium: the record a practice page downloads, and the one a
graded page downloads, are graded by ``negaviz grade-attempts`` as the page graded them
(practice) or as the staff's key says (graded, whose page grades nothing)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.cli import main
from negaviz.export.graded import graded_sheet_html
from negaviz.quiz import Attempt, answer_key, grade_attempts
from negaviz.quiz.salt import issued_exercise

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
SALT = "course-salt-cs440"
pytestmark = pytest.mark.browser  # the browser fixtures: tests/export/conftest.py


def test_a_practice_page_downloads_a_record_graded_to_the_pages_verdict(opened: Any, tmp_path: Path,
                                                                         capsys: Any) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, practice="tree", windows=True)
    for name, value in (("A", "5"), ("B", "5"), ("C", "−3"), ("B", "-5")):  # B corrected: the last answer counts
        root.locator(f'input[aria-label="value of {name}"]').fill(value)
    root.locator('input[aria-label="window of C"]').fill("(-inf, 5)")  # wrong: (−∞, −5)
    root.locator('g.edge[aria-label="cut C to G"]').click()
    root.locator(".nv-practice button", has_text="check").click()
    said = root.locator(".nv-practice-result p").first.inner_text()
    score = root.locator(".nv-practice-score").inner_text()
    with page.expect_download() as got:
        root.locator(".nv-practice button", has_text="submit").click()
    path = tmp_path / "record.json"
    got.value.save_as(path)
    assert got.value.suggested_filename == "negaviz_answers.json"
    rec = Attempt.load(path)
    ex = rec.exercises[0]
    assert [(a.kind, a.node, a.text) for a in ex.answers] == [
        ("value", "A", "5"), ("value", "B", "5"), ("value", "C", "−3"), ("value", "B", "-5"),
        ("window", "C", "(-inf, 5)"), ("cut", "G", ""), ("checked", "", "")]  # the check: an event, no answer
    assert ex.verdict is not None and ex.verdict["advisory"] is True and ex.verdict["sentence"].startswith(said + " ")
    expect = {TEXTBOOK: TEXTBOOK}  # the exercise's id is the tree's text: the page has no title
    book = grade_attempts([path], expect=expect)
    g = book.graded[0].grade
    assert g.verdict == said and g.sentence == ex.verdict["sentence"] and f"score {g.score[0]} of {g.score[1]} · attempt 1" == score
    (tmp_path / "expect.json").write_text(json.dumps(expect), encoding="utf-8")
    assert main(["grade-attempts", str(path), "--expect", str(tmp_path / "expect.json")]) == 0
    assert f"{g.score[0]} of {g.score[1]}" in capsys.readouterr().out
    assert requests == [url] and not errors


def test_show_me_then_a_fix_is_in_the_record_and_counted_in_the_report(opened: Any, tmp_path: Path,
                                                                      capsys: Any) -> None:
    """Check, "show me", try again, fix, check, submit: the record lists the two checks and
    the answer shown, in order among the answers; graded 7 of 7 as any record, and counted
    per student in the report (issue 48, item 8)."""
    from negaviz.quiz.integrity import SHOWN

    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, practice="tree", windows=True)
    for name, value in (("A", "5"), ("B", "5"), ("C", "-3")):  # B is −5 in the negamax view
        root.locator(f'input[aria-label="value of {name}"]').fill(value)
    for name, window in (("B", "(-inf, inf)"), ("C", "(-inf, -5)")):
        root.locator(f'input[aria-label="window of {name}"]').fill(window)
    for name in ("G", "H"):
        root.locator(f'g.edge[aria-label="cut C to {name}"]').click()
    bar = root.locator(".nv-practice button")
    bar.filter(has_text="check").click()
    bar.filter(has_text="show me").click()  # the step where the search shows B's value
    bar.filter(has_text="try again").click()
    root.locator('input[aria-label="value of B"]').fill("-5")
    bar.filter(has_text="check").click()
    assert root.locator(".nv-practice-result p").first.inner_text().startswith("All right")
    with page.expect_download() as got:
        bar.filter(has_text="submit").click()
    path = tmp_path / "negaviz_answers.json"
    got.value.save_as(path)
    answers = [(a.kind, a.node, a.text) for a in Attempt.load(path).exercises[0].answers]
    assert [a for a in answers if a[0] in ("checked", "shown")] == [("checked", "", ""), ("shown", "B", ""),
                                                                  ("checked", "", "")]
    assert answers.index(("shown", "B", "")) < answers.index(("value", "B", "-5")) < len(answers) - 1
    (tmp_path / "expect.json").write_text(json.dumps({TEXTBOOK: TEXTBOOK}), encoding="utf-8")
    assert main(["grade-attempts", str(path), "--expect", str(tmp_path / "expect.json"),
                 "--report", str(tmp_path / "report.html"), "--names"]) == 0
    out = capsys.readouterr().out
    assert "7 of 7" in out and f"{SHOWN} (exercise {TEXTBOOK}: 2 checks, answers shown 1 time, then changed)" in out
    report = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert f"<td>{SHOWN}</td><td class=n>1</td><td class=n>100%</td><td class=n>1</td>" in report
    assert requests == [url] and not errors


def test_a_graded_page_holds_no_key_and_its_record_is_graded_by_staff(chromium: Any, tmp_path: Path) -> None:
    page_html = graded_sheet_html(2, 2, 2, sheet="week3", student="s1", key_salt=SALT, cutoffs=1)
    trees = [issued_exercise(SALT, "s1", {"sheet": "week3", "number": k, "count": 2, "depth": 2, "branching": 2,
                                          "cutoffs": 1, "deep_cutoffs": None, "ties": False,
                                          "perspective": "minimax"}).position for k in (1, 2)]
    data = json.loads(page_html.split('id="negaviz-graded">')[1].split("</script>")[0])
    keys = [answer_key(negaviz.record(negaviz.Tree.parse(t), algorithm="alphabeta"), perspective="minimax")
            for t in trees]
    # The data the page carries: the exercises as set and the record's frame, nothing of any search.
    strings: set[str] = set()
    numbers: set[float] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            strings.update(x)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            strings.add(x)
        elif isinstance(x, (int, float)) and not isinstance(x, bool):
            numbers.add(x)

    walk(data)
    assert numbers <= {1, 2}  # exercise numbers, count, depth, branching, cutoffs, schema: no value of any node
    for key in keys:
        for name, v in key.values.items():
            # an inner node's value or window is nowhere in the data, as a number or as text
            assert all(f"{name}:" not in s and f'"{name}": {v["value"]}' not in s for s in strings)
    assert not {"values", "cuts", "keys", "accepted", "events", "chunks", "why"} & strings
    assert all(ex["windows"] is True for ex in data["exercises"])  # a flag: windows are asked
    path = tmp_path / "s1.html"
    path.write_text(page_html, encoding="utf-8")
    page = chromium.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    key = keys[0]
    for name, v in key.values.items():
        page.locator(f'[data-exercise="0"][data-kind="value"][data-node="{name}"]').fill(str(int(v["value"])))
    for name in key.cuts:
        page.locator(f'[data-exercise="0"][data-kind="cut"][data-node="{name}"]').check()
    with page.expect_download() as got:
        page.locator("#negaviz-submit").click()
    assert got.value.suggested_filename == "week3-s1.json"
    record = tmp_path / "week3-s1.json"
    got.value.save_as(record)
    assert "downloaded as week3-s1.json" in page.locator("#negaviz-status").inner_text()
    book = grade_attempts([record], key_salt=SALT)
    assert not book.refused and not errors
    first, second = book.graded
    windows = len(key.windows)
    assert first.points == (first.points[1] - windows, first.points[1])  # every value and cut right, no window given
    assert second.points[0] == 0 and second.grade.unanswered  # not answered
    with pytest.raises(negaviz.errors.InputError, match="sealed with the course's salt"):
        Attempt.load(record)
