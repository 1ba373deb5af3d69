"""Practice on an exported page, in a real headless Chromium, opened from a file, as a
student does it: answers typed on the nodes and cuts clicked on the edges (by mouse and
by keyboard), checked in the page with no kernel; the page's verdicts equal
:func:`negaviz.quiz.grade`'s on the same answers; no request leaves the page.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

import negaviz
from negaviz.quiz.grading import answer_key, grade
from negaviz.vocabulary import fmt

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
BIGGER = "A(B(D(H:3 I:5) E(J:6 K:9)) C(F(L:1 M:2) G(N:0 O:-1)))"

pytestmark = pytest.mark.browser  # the browser fixtures: tests/export/conftest.py


def field(root: Any, what: str, name: str) -> Any:
    return root.locator(f'input[aria-label="{what} of {name}"]')


def edge(root: Any, parent: str, child: str) -> Any:
    return root.locator(f'g.edge[aria-label="cut {parent} to {child}"]')


def verdict(root: Any) -> str:
    """The verdict's line, first under the task."""
    return str(root.locator(".nv-practice-result p").first.inner_text())


def said(root: Any) -> str:
    """Everything said of the answer but the bound notes, folded away: one line a paragraph."""
    return "\n".join(root.locator(".nv-practice-result > p").all_inner_texts())


def test_a_whole_tree_exercise_by_mouse_scores_full_marks(opened: Any) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, practice="tree", windows=True)  # windows shown: asked
    # Every inner node has a field and every edge a toggle: their number tells nothing.
    assert root.locator("input.nv-answer[aria-label^='value of']").count() == 3
    assert root.locator("g.edge[role='checkbox']").count() == 7
    # Stepping waits for the answers.
    page.keyboard.press("End")
    assert root.locator(".nv-steplabel").inner_text() == "step 0"
    for name, value in (("A", "5"), ("B", "-5"), ("C", "−3")):
        field(root, "value", name).fill(value)
    for name, window in (("B", "(-inf, inf)"), ("C", "(-∞, -5)")):
        field(root, "window", name).fill(window)
    edge(root, "C", "G").click()
    edge(root, "C", "H").click()
    assert edge(root, "C", "H").get_attribute("aria-checked") == "true"
    root.locator(".nv-practice button", has_text="check").click()
    assert verdict(root) == "All right: every answer matches the search."
    # first, in one line; C's bound note folded behind one line below it
    folded = root.locator(".nv-practice-result details.nv-bounds")
    assert folded.locator("summary").inner_text() == "1 answer is a bound: which kind" and folded.get_attribute("open") is None
    assert folded.locator("p").text_content() == "C: −3 is fail-soft's bound (this search's); fail-hard would give −5; both are right for this search."
    assert said(root) == "All right: every answer matches the search."
    assert root.locator(".nv-practice-score").inner_text() == "score 7 of 7 · attempt 1"
    assert grade(trace, values={"A": 5, "B": -5, "C": -3}, windows={"B": "(-inf, inf)", "C": "(-inf, -5)"},
                 cut=["G", "H"]).correct
    # Checked: stepping is free again.
    page.keyboard.press("End")
    assert root.locator(".nv-steplabel").inner_text() == "step 18"
    assert requests == [url] and not errors  # the file itself, nothing else


def test_a_shared_node_is_answered_on_each_drawing(opened: Any) -> None:
    """X is shared by B and C (no table: searched twice, with two windows): each drawing
    has its own fields, named by its path, and is graded on its own search."""
    trace = negaviz.record(negaviz.Tree.parse("A(B(D:5 X(Y:6 Z:8)) C(X W:7))"), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, practice="tree", windows=True)
    assert root.locator("input.nv-answer[aria-label^='value of']").count() == 5
    answers = {"A": "7", "B": "-5", "B X": "6", "C": "-7", "C X": "6"}  # C X: the first visit's value
    for name, value in answers.items():
        field(root, "value", name).fill(value)
    for name, window in (("B", "(-inf, inf)"), ("B X", "(-inf, 5)"), ("C", "(-inf, -5)"), ("C X", "(5, inf)")):
        field(root, "window", name).fill(window)
    edge(root, "B X", "B X Z").click()
    root.locator(".nv-practice button", has_text="check").click()
    want = grade(trace, values=answers, cut=["B X Z"], windows={"B": "(-inf, inf)", "B X": "(-inf, 5)",
                                                                 "C": "(-inf, -5)", "C X": "(5, inf)"})
    assert want.wrong_values == {"C X"} and verdict(root) == want.verdict and said(root).startswith(want.verdict + "\n" + want.why + "\n")
    assert field(root, "value", "C X").get_attribute("data-mark") == "wrong"
    assert field(root, "value", "B X").get_attribute("data-mark") != "wrong"
    root.locator(".nv-practice button", has_text="try again").click()
    field(root, "value", "C X").fill("8")
    root.locator(".nv-practice button", has_text="check").click()
    assert verdict(root) == "All right: every answer matches the search."
    assert edge(root, "C X", "C X Z").get_attribute("aria-checked") == "false"
    assert requests == [url] and not errors


def test_mistakes_are_named_and_agree_with_python_by_keyboard(opened: Any) -> None:
    trace = negaviz.record(negaviz.Tree.parse(BIGGER), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, practice="tree", windows=False)
    answers = {"A": "5", "B": "5", "C": "-2", "D": "5", "E": "6", "F": "2"}  # B: a sign error
    for name, value in answers.items():
        field(root, "value", name).focus()
        page.keyboard.type(value)
    for parent, child in (("E", "K"), ("G", "N")):  # K is right; N is extra, and G is missed
        edge(root, parent, child).focus()
        page.keyboard.press("Space")
    field(root, "value", "A").focus()
    page.keyboard.press("Enter")  # Enter in a field checks
    want = grade(trace, values=answers, cut=["K", "N"])
    assert want.wrong_values == {"B"} and want.missed_cuts == {"G"} and want.extra_cuts == {"N"}
    assert want.mistake is None and want.first_wrong == "B"  # three unrelated slips: each told as the slip it is
    text = verdict(root)
    assert text == want.verdict and said(root).startswith(want.verdict + "\n" + want.why)
    assert text == ("Not yet: 1 of 6 values is wrong, 1 cut is missed and 1 cut is extra. The first wrong node is B "
                    f"(step {want.step}): you answered 5; the answer is −5.")
    assert " are what " not in said(root) and not root.locator(".nv-pattern").count()
    marked = {n for n in answers if field(root, "value", n).get_attribute("data-mark") == "wrong"}
    assert marked == {"B"} and field(root, "value", "B").get_attribute("aria-invalid") == "true"
    assert edge(root, "C", "G").get_attribute("data-nv-cut") == "missed"
    assert edge(root, "G", "N").get_attribute("data-nv-cut") == "extra"
    assert root.locator(".nv-practice-score").inner_text() == "score 6 of 9 · attempt 1"  # the extra cut counts
    # "show me" goes to the step that shows the first wrong answer.
    root.locator(".nv-practice button", has_text="show me").click()
    assert root.locator(".nv-steplabel").inner_text() == f"step {want.step}"
    # Try again: back to step 0, answers kept, marks cleared.
    root.locator(".nv-practice button", has_text="try again").click()
    assert root.locator(".nv-steplabel").inner_text() == "step 0"
    assert field(root, "value", "B").input_value() == "5" and field(root, "value", "B").get_attribute("data-mark") is None
    edge(root, "G", "N").click()
    edge(root, "C", "G").click()
    # Every value in the other view: a misconception that predicts them all, named.
    other = {n: fmt(v["value"]) for n, v in answer_key(trace, perspective="minimax").values.items()}
    for name, value in other.items():
        field(root, "value", name).fill(value)
    root.locator(".nv-practice button", has_text="check").click()
    want = grade(trace, values=other, cut=["K", "G"])
    assert want.mistake == "negation" and len(want.wrong_values) >= 2
    assert verdict(root) == want.verdict and want.sentence == " ".join((want.verdict, want.why, want.pattern))
    assert root.locator(".nv-pattern").inner_text() == want.pattern
    assert want.pattern.startswith("Your answers at ") and " are what mixing up the two views gives." in want.pattern
    root.locator(".nv-practice button", has_text="try again").click()
    for name, value in answers.items():
        field(root, "value", name).fill(value)
    field(root, "value", "B").fill("-5")
    root.locator(".nv-practice button", has_text="check").click()
    assert verdict(root) == "All right: every answer matches the search."
    assert root.locator(".nv-practice-score").inner_text() == "score 8 of 8 · attempt 3"
    assert requests == [url] and not errors  # the file itself, nothing else


def test_practice_as_the_search_goes(opened: Any) -> None:
    """The questions Python chose (negaviz.quiz.schedule), asked one at a time; each
    verdict in one line with the answer given and the right one, then why."""
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, practice="steps")
    page.keyboard.press("End")  # stops at the first question: A entered, which of its moves are cut?
    assert root.locator(".nv-steplabel").inner_text() == "step 1"
    assert "Which of A's moves are never tried?" in root.locator(".nv-practice-task").inner_text()
    root.locator(".nv-practice button", has_text="none").click()
    assert verdict(root) == "Yes: none is right."
    root.locator(".nv-sentence").click()
    page.keyboard.press("End")  # B's value, just before B returns
    assert root.locator(".nv-steplabel").inner_text() == "step 8"
    box = field(root, "value", "B")
    box.fill("5")
    box.press("Enter")
    # one wrong answer is told as the slip it is: the verdict in one line, then why; no misconception named
    assert verdict(root) == "No: you answered 5; the answer is −5."
    assert said(root).split("\n")[1].startswith("B returns −5: negating what its children return")
    assert " are what " not in said(root) and "pattern" not in said(root)
    assert root.locator(".nv-practice-score").inner_text() == "score 1 of 2"
    # the focus is back on the stepper, whose keys step on (no click needed)
    assert page.evaluate("document.activeElement.matches('[data-negaviz-stepper]')")
    page.keyboard.press("End")  # B has returned: which node is next?  Clicked
    assert root.locator(".nv-steplabel").inner_text() == "step 9"
    assert "Which node is entered next?" in root.locator(".nv-practice-task").inner_text()
    root.locator('svg g.node[aria-label="C"]').first.click()
    assert verdict(root) == "Yes: C is right."
    root.locator(".nv-sentence").click()
    page.keyboard.press("End")  # C entered: which of its moves are cut?  G and H; by keyboard, G only
    assert root.locator(".nv-steplabel").inner_text() == "step 11"
    edge(root, "C", "G").focus()
    page.keyboard.press("Space")
    root.locator(".nv-practice button", has_text="answer").click()
    assert verdict(root) == "No: you answered G; the answer is G, H."
    assert edge(root, "C", "H").get_attribute("data-nv-cut") == "missed"
    assert root.locator(".nv-practice-score").inner_text() == "score 2 of 4"
    root.locator(".nv-sentence").click()
    page.keyboard.press("End")  # F has returned, and C stops: no node is entered next (the leftmost is G)
    assert root.locator(".nv-steplabel").inner_text() == "step 13"
    name = root.locator("input[aria-label='name of the next node entered']")
    name.fill("g")
    name.press("Enter")
    assert verdict(root) == "No: you answered g; the answer is none."
    assert requests == [url] and not errors  # the file itself, nothing else


def test_windows_as_the_search_goes(opened: Any) -> None:
    """While windows are shown, the stepper asks each inner node's window just before the
    node is entered (after "which node is next?", when both fall on one step); typed in
    the answer box, graded in the page as grade() grades it.  Unticking *windows* stops
    the window questions."""
    trace = negaviz.record(negaviz.Tree.parse(BIGGER), algorithm="alphabeta")
    key = answer_key(trace)
    assert set(key.windows) == {"B", "C", "D", "E", "F"}
    page, root, url, requests, errors = opened(trace, practice="steps", windows=True)
    box = root.locator("input.nv-practice-name")

    def on_to(start: str) -> None:  # step on, skipping other questions, to the one that starts so
        for _ in range(30):
            root.locator(".nv-sentence").click()
            page.keyboard.press("End")
            if root.locator(".nv-practice-task").inner_text().startswith(start):
                return
            root.locator(".nv-practice button", has_text="skip").click()
        raise AssertionError(f"never asked: {start}")

    page.keyboard.press("End")  # A is entered; B is next, with which window?
    assert root.locator(".nv-steplabel").inner_text() == "step 1"
    assert root.locator(".nv-practice-task").inner_text().startswith("With which window (α, β) is B entered")
    assert box.get_attribute("aria-label") == "window of B, (α, β)" and box.is_visible()
    box.fill("(-inf, inf)")
    box.press("Enter")
    assert verdict(root) == "Yes: (-inf, inf) is right."
    on_to("With which window (α, β) is E entered")
    assert root.locator(".nv-steplabel").inner_text() == f"step {key.windows['E']['step'] - 1}"
    box.fill("(−∞, 5)")
    box.press("Enter")
    assert verdict(root) == "Yes: (−∞, 5) is right."
    on_to("With which window (α, β) is C entered")
    box.fill("(5, inf)")  # the first player's window: the minimax view's, in the negamax view
    box.press("Enter")
    want = answer_key(trace).grade(windows={"C": "(5, inf)"}, only_given=True)
    assert want.wrong_windows == {"C"} and want.mistake is None  # one answer: a slip
    assert verdict(root) == want.verdict == "No: you answered (5, inf); the answer is (−∞, −5)."
    assert said(root) == want.verdict + "\n" + want.why and "(−β, −α) = (−∞, −5)" in want.why
    score = root.locator(".nv-practice-score").inner_text()
    assert score.startswith("score 2 of 3"), score
    # windows hidden: F's window is not asked; the other questions still are
    root.locator("label", has_text="windows").locator("input").uncheck()
    asked = []
    for _ in range(30):
        root.locator(".nv-sentence").click()
        page.keyboard.press("End")
        if root.locator(".nv-steplabel").inner_text() == "step 34":
            break
        asked.append(root.locator(".nv-practice-task").inner_text())
        root.locator(".nv-practice button", has_text="skip").click()
    assert root.locator(".nv-steplabel").inner_text() == "step 34"
    assert asked and not [t for t in asked if "window" in t], asked
    assert requests == [url] and not errors


def test_a_shared_node_as_the_search_goes(opened: Any) -> None:
    """Each drawing of a shared node is asked about on its own visit: its moves' edges are
    its own (Z is cut below B; C X, which cuts nothing, is not asked: "none" may be right
    on as many of these questions as are asked where something is cut, no more)."""
    trace = negaviz.record(negaviz.Tree.parse("A(B(D:5 X(Y:6 Z:8)) C(X W:7))"), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, practice="steps")
    asked = []
    for _ in range(30):
        root.locator(".nv-sentence").click()
        page.keyboard.press("End")
        task = root.locator(".nv-practice-task").inner_text()
        if "never tried" not in task:
            if root.locator(".nv-practice button", has_text="skip").is_visible():
                root.locator(".nv-practice button", has_text="skip").click()
                continue
            break  # no question left: the end
        asked.append(task)
        if "B X's moves" in task:
            edge(root, "B X", "B X Z").click()
            root.locator(".nv-practice button", has_text="answer").click()
        else:
            root.locator(".nv-practice button", has_text="none").click()
        assert verdict(root).startswith("Yes: ") and verdict(root).endswith(" is right."), task
    assert [t[t.index("Which"):t.index("?") + 1] for t in asked] == [
        "Which of A's moves are never tried?", "Which of B X's moves are never tried?"]
    assert requests == [url] and not errors


def test_practice_as_the_search_goes_on_a_board(opened: Any) -> None:
    """Boards get the value questions, typed on the board drawn for the node (at most 40
    questions in all, chosen in Python: negaviz.quiz.schedule)."""
    from negaviz.quiz.practice import practice_data

    trace = negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, practice="steps")
    key = answer_key(trace)
    questions = practice_data(trace, "steps")["questions"]
    values = [q for q in questions if q["kind"] == "value"]
    assert len(key.values) > 40 and 0 < len(values) < len(key.values) and len(questions) <= 40
    first = next(q for q in questions if q["kind"] != "window")  # windows are hidden: not asked
    assert first["kind"] == "value"
    name, want = first["name"], key.values[first["name"]]
    page.keyboard.press("End")
    assert root.locator(".nv-steplabel").inner_text() == f"step {want['step'] - 1}"
    assert f"What does {name} return?" in root.locator(".nv-practice-task").inner_text()
    box = field(root, "value", name)
    box.fill(str(want["value"]))
    box.press("Enter")
    assert verdict(root) == f"Yes: {want['value']} is right."
    root.locator(".nv-practice button", has_text="show me").click()
    assert root.locator(".nv-steplabel").inner_text() == f"step {want['step']}"
    assert requests == [url] and not errors  # the file itself, nothing else


FOCUSED = "() => { const e = document.activeElement; return e ? (e.getAttribute('aria-label') || e.tagName) : ''; }"
COUNT_MOUSE = ("() => { window.nvMouse = 0; for (const t of ['mousedown', 'click', 'pointerdown']) "
               "document.addEventListener(t, (e) => { if (e.isTrusted && e.detail > 0) window.nvMouse += 1; }, true); }")


def tab_to(page: Any, label: str, limit: int = 60) -> list[str]:
    """Press Tab until the focus is on `label`; the labels passed on the way."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(FOCUSED))
        if seen[-1] == label:
            return seen
    raise AssertionError(f"Tab never reached {label!r}: {seen}")


def test_a_whole_tree_exercise_by_keyboard_alone(opened: Any) -> None:
    """Tab goes field by field in search order, then check, then show me; Space cuts an
    edge; Escape leaves a field keeping what was typed; no mouse event at all."""
    trace = negaviz.record(negaviz.Tree.parse(BIGGER), algorithm="alphabeta")
    page, root, url, requests, errors = opened(trace, practice="tree", windows=False)
    page.evaluate(COUNT_MOUSE)
    page.evaluate("() => document.querySelector('[data-negaviz-stepper]').focus()")
    order = tab_to(page, "check my answers")
    fields = [x[len("value of "):] for x in order if x.startswith("value of ")]
    assert fields == ["A", "B", "D", "E", "C", "F", "G"], order  # every inner node, in search order
    assert order.index("check my answers") > max(order.index(f"value of {n}") for n in fields)
    answers = {"A": "5", "B": "5", "C": "-2", "D": "5", "E": "6", "F": "2", "G": "0"}  # B: a sign slip
    page.evaluate("() => document.querySelector('[data-negaviz-stepper]').focus()")
    for name in fields:
        tab_to(page, f"value of {name}")
        page.keyboard.type(answers[name])
    page.keyboard.press("Escape")  # out of the field, what was typed kept, the stepper has the keys
    assert page.evaluate("document.activeElement.matches('[data-negaviz-stepper]')")
    assert field(root, "value", "G").input_value() == "0"
    page.keyboard.press("Tab")  # Tab goes on from the field left: the next answer control, not play
    assert page.evaluate(FOCUSED) == "cut G to N"
    page.keyboard.press("Shift+Tab")  # and back: the field, then the edge into it
    assert page.evaluate(FOCUSED) == "value of G"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED) == "cut C to G"
    page.keyboard.press("Space")
    tab_to(page, "cut E to K")
    page.keyboard.press("Space")
    tab_to(page, "check my answers")
    page.keyboard.press("Enter")
    want = grade(trace, values=answers, cut=["G", "K"])
    assert verdict(root) == want.verdict and want.wrong_values == {"B", "G"}
    # the focus goes to "show me", next after check; Enter goes to the step that shows B's value
    assert page.evaluate(FOCUSED) == "show me: go to the step where the search shows the answer"
    page.keyboard.press("Enter")
    assert root.locator(".nv-steplabel").inner_text() == f"step {want.step}"
    page.keyboard.press("ArrowRight")  # and the arrow keys step on
    assert root.locator(".nv-steplabel").inner_text() == f"step {want.step + 1}"
    assert page.evaluate("window.nvMouse") == 0
    assert requests == [url] and not errors


def test_a_steps_exercise_by_keyboard_alone(opened: Any) -> None:
    """Each question takes the focus where it is answered; after the answer the focus is
    back on the stepper and → steps on; no mouse event at all."""
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    key = answer_key(trace)
    page, root, url, requests, errors = opened(trace, practice="steps")
    page.evaluate(COUNT_MOUSE)
    page.evaluate("() => document.querySelector('[data-negaviz-stepper]').focus()")
    kinds = []
    for _ in range(40):
        page.keyboard.press("End")
        if root.locator(".nv-steplabel").inner_text() == f"step {len(trace)}":
            break
        task = root.locator(".nv-practice-task").inner_text()
        if task.startswith("What does"):
            name = task.split()[2]
            assert page.evaluate(FOCUSED) == f"value of {name}"
            page.keyboard.type(fmt(key.values[name]["value"]))
            if "value" not in kinds:  # Escape, then Tab: on to the answer button, not back to play
                page.keyboard.press("Escape")
                assert page.evaluate("document.activeElement.matches('[data-negaviz-stepper]')")
                page.keyboard.press("Tab")
                assert page.evaluate(FOCUSED) == "check my answers"
                page.keyboard.press("Shift+Tab")
                assert page.evaluate(FOCUSED) == f"value of {name}"
            page.keyboard.press("Enter")
            kinds.append("value")
        elif task.startswith("Which node is entered next?"):
            assert page.evaluate(FOCUSED) == "name of the next node entered"
            step = int(root.locator(".nv-steplabel").inner_text().split()[1])
            page.keyboard.type(key.next_entered(step)[1] or "none")
            page.keyboard.press("Enter")
            kinds.append("next")
        else:
            assert "moves are never tried" in task, task
            parent = task.split("Which of ")[1].split("'s moves")[0]
            for child, at in key.cuts.items():
                if at["parent"] == parent:
                    tab_to(page, f"cut {parent} to {child}")
                    page.keyboard.press("Space")
            tab_to(page, "check my answers")
            page.keyboard.press("Enter")
            kinds.append("cut")
        assert verdict(root).startswith("Yes: ") and verdict(root).endswith(" is right."), task
        assert page.evaluate("document.activeElement.matches('[data-negaviz-stepper]')"), task
    assert root.locator(".nv-steplabel").inner_text() == f"step {len(trace)}"
    assert sorted(set(kinds)) == ["cut", "next", "value"] and len(kinds) >= 6, kinds
    assert page.evaluate("window.nvMouse") == 0
    assert requests == [url] and not errors


def test_a_table_hit_and_a_finished_game_on_a_board(opened: Any) -> None:
    """With ask='value, leaf, tt': a finished game's worth is typed on its board, and at a
    table hit the student says what the node returns (or on); each is graded in the page
    as grade() grades it, the slip told with the table's numbers."""
    from negaviz.quiz.practice import practice_data

    trace = negaviz.record(negaviz.TicTacToe("x.o/.x./o.."), algorithm="alphabeta", tt=True)
    key = answer_key(trace)
    assert key.tt and key.leaf_values
    page, root, url, requests, errors = opened(trace, practice="steps", ask="value, leaf, tt")
    box = root.locator("input.nv-practice-name")
    seen = {"leaf": 0, "tt": 0}
    wrong_once = False
    for _ in range(200):
        page.keyboard.press("End")
        if root.locator(".nv-steplabel").inner_text() == f"step {len(trace)}":
            break
        task = root.locator(".nv-practice-task").inner_text()
        if task.startswith("The game is over at "):
            name = task[len("The game is over at "):task.index(". What")]
            assert name in key.leaf_values, name
            field(root, "value", name).fill(fmt(key.leaf_values[name]["value"]))
            field(root, "value", name).press("Enter")
            assert verdict(root).startswith("Yes: ") and verdict(root).endswith(" is right."), task
            seen["leaf"] += 1
        elif task.startswith("The table holds "):
            name = next(n for n in key.tt if f" for {n}, entered" in task)
            t = key.tt[name]
            assert f"The table holds {t['entry']} for" in task
            if not wrong_once:  # a slip: "on" where the entry settles the node
                assert t["value"] is not None
                box.fill("on")
                box.press("Enter")
                want = key.grade(tt={name: "on"}, only_given=True)
                assert verdict(root) == want.verdict == f"No: you answered on; the answer is {fmt(t['value'])}."
                assert said(root) == want.verdict + "\n" + t["why"]
                wrong_once = True
            else:
                box.fill("on" if t["value"] is None else fmt(t["value"]))
                box.press("Enter")
                assert verdict(root).startswith("Yes: ") and verdict(root).endswith(" is right."), task
            seen["tt"] += 1
        else:
            root.locator(".nv-practice button", has_text="skip").click()
    chosen = Counter(q["kind"] for q in practice_data(trace, "steps", ask="value, leaf, tt")["questions"])
    assert seen == {"leaf": chosen["leaf"], "tt": chosen["tt"]} and chosen["tt"] and chosen["leaf"], (seen, chosen)
    assert requests == [url] and not errors


def test_feedback_in_one_glance_as_the_search_goes(opened: Any) -> None:
    """Each answer's verdict is one line, first, with the answer given and the right one;
    a bound's note is folded behind one line; a misconception is named for the answers it
    explains, and a slip after it is told as a slip (issue 47, item 5)."""
    trace = negaviz.record(negaviz.Tree.parse(BIGGER), algorithm="alphabeta")
    key = answer_key(trace)
    minimax = answer_key(trace, perspective="minimax")
    # D: a slip where mixing up the views would be right; E: fail-hard's bound; B and C: the
    # minimax view's values (mixing up the views); A: a slip after it
    answers = {"D": "4", "E": "5", "B": fmt(minimax.values["B"]["value"]), "F": "2",
               "C": fmt(minimax.values["C"]["value"]), "A": "4"}
    page, root, url, requests, errors = opened(trace, practice="steps")
    told: dict[str, tuple[str, list[str], str]] = {}
    for _ in range(40):
        root.locator(".nv-sentence").click()
        page.keyboard.press("End")
        task = root.locator(".nv-practice-task").inner_text()
        if not task.startswith("What does"):
            if root.locator(".nv-steplabel").inner_text() == f"step {len(trace)}":
                break
            root.locator(".nv-practice button", has_text="skip").click()
            continue
        name = task.split()[2]
        box = field(root, "value", name)
        box.fill(answers[name])
        box.press("Enter")
        folded = root.locator(".nv-practice-result details.nv-bounds")
        told[name] = (verdict(root), said(root).split("\n"),
                      folded.locator("summary").inner_text() if folded.count() else "")
        if folded.count():
            assert folded.get_attribute("open") is None  # folded: one line until opened
    assert set(told) == set(answers), told
    assert told["D"][0] == "No: you answered 4; the answer is 5." and len(told["D"][1]) == 2  # the slip, then why
    assert told["E"][0] == "Yes: 5 is right." and told["E"][2] == "1 answer is a bound: which kind"
    assert told["B"][0] == "No: you answered 5; the answer is −5." and not any("pattern" in t for t in told["B"][1])
    pattern = next(t for t in told["C"][1] if t.startswith("Your answers at "))
    assert pattern.startswith("Your answers at B and C follow one pattern: this is what mixing up the two views gives.")
    assert told["A"][0] == "No: you answered 4; the answer is 5."
    assert not any(t.startswith("Your answers at ") for t in told["A"][1]), told["A"]  # a slip after it: a slip
    assert key.values["E"]["accept"] == ["6", "5"] and requests == [url] and not errors


def test_practice_on_a_chance_tree(opened: Any) -> None:
    """Star1 on a tree with chance nodes (leaves in [0, 10]): the whole tree by hand, with
    a misconception's values (chance taken for an opponent) named as the grader names
    them, then right answers, an expected value typed as a fraction, and the outcome
    Star1 never searches clicked; then, as the search goes, a chance node's expected
    value asked in those words and answered wrong, then right."""
    text = "A(B?(1/2 D:2 1/2 E:4) C?(3/4 F:0 1/4 G:6) H?(1/2 I:5 1/2 J(K:1 L:9)))"
    trace = negaviz.record(negaviz.Tree.parse(text), algorithm="star1", leaf_bounds=(0, 10))
    page, root, url, requests, errors = opened(trace, practice="tree")
    key = answer_key(trace)
    assert sorted(key.cuts) == ["G", "L"] and root.locator("input.nv-answer[aria-label^='window of']").count() == 0
    assert "a chance node's expected value as a number or a fraction such as 7/3" in root.locator(
        ".nv-practice-task").inner_text()
    wrong = {n: fmt(v) for n, v in key.mistakes["chance-as-min"]["values"].items()}
    for name, value in wrong.items():
        field(root, "value", name).fill(value)
    edge(root, "C", "G").click()
    edge(root, "J", "L").click()
    root.locator(".nv-practice button", has_text="check").click()
    want = grade(trace, values=wrong, cut=["G", "L"])
    assert want.mistake == "chance-as-min" and len(want.wrong_values) >= 2
    assert verdict(root) == want.verdict and root.locator(".nv-pattern").inner_text() == want.pattern
    assert " are what treating chance as an opponent gives." in want.pattern and "negat" not in want.why
    root.locator(".nv-practice button", has_text="try again").click()
    right = {"A": "3", "B": "-3", "C": "-5/2", "H": "−3", "J": "-1"}  # C's bound typed as a fraction
    for name, value in right.items():
        field(root, "value", name).fill(value)
    root.locator(".nv-practice button", has_text="check").click()
    assert verdict(root) == "All right: every answer matches the search." == grade(trace, values=right, cut=["G", "L"]).verdict
    # As the search goes: C's expected value is asked in those words, with its outcomes' bounds.
    page, root, url2, requests2, errors2 = opened(trace, practice="steps")
    tasks = []
    for _ in range(12):  # the questions before C's value (values answered right, others "none")
        page.keyboard.press("End")
        task = root.locator(".nv-practice-task").inner_text()
        tasks.append(task)
        if "What is C's expected value?" in task:
            break
        other = re.match(r"What (?:is (\w+)'s expected value|does (\w+) return)\?", task)
        if other:
            name = other[1] or other[2]
            field(root, "value", name).fill(fmt(key.values[name]["value"]))
            field(root, "value", name).press("Enter")
        elif "never searched" in task or "never tried" in task or "entered next" in task:
            root.locator(".nv-practice button", has_text="none").click()
        else:
            pytest.fail(f"an unexpected question before C's value: {task}")
        root.locator(".nv-sentence").click()
    assert "as a number or a fraction such as 7/3" in task
    assert any(t.startswith("With every outcome's value in [−10, 0], which of B's outcomes are never searched?")
               for t in tasks), tasks
    box = field(root, "value", "C")
    box.fill("-3")  # the plain average's answer: a slip, told with the bound reasoning
    box.press("Enter")
    assert verdict(root) == "No: you answered -3; the answer is −2.5."
    assert "the outcomes left (probability 1/4) are each worth at least −10" in said(root)
    assert requests == [url] and requests2 == [url2] and not errors and not errors2
