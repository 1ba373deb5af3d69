"""Integrity signals (issue 48, item 8), on real files through ``grade-attempts``: an answer
cell that uses negaviz in a graded notebook beside a record is flagged (the lecturer's own
cells are not read), and an exercise whose answers changed after the practice page showed
them (the record's ``checked`` and ``shown`` events) is counted per student; each record is
graded as any other; the report counts students anonymously and names them only with
``--names``; and the events are a record's form like any other (schema, reader)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from negaviz.errors import InputError
from negaviz.quiz import Attempt, grade_attempts
from negaviz.quiz.attempt import schema
from negaviz.quiz.integrity import SHOWN, SOLVER, signals, solver_uses

ROOT = Path(__file__).resolve().parents[2]
TREE = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
RIGHT = [("value", "A", "5"), ("value", "B", "5"), ("value", "C", "3"), ("window", "B", "(-inf, inf)"),
         ("window", "C", "(5, inf)"), ("cut", "G", None), ("cut", "H", None)]


def answer(kind: str, node: str | None = None, text: str | None = None) -> dict[str, str]:
    return {"kind": kind, **({"node": node} if node else {}), **({"text": text} if text is not None else {})}


def record(answers: list[dict[str, str]]) -> dict[str, Any]:
    return {"format": "negaviz-attempt", "schema": 1, "negaviz": "0.1.0", "student": None,
            "exercises": [{"exercise": {"id": "week1", "game": "tree", "position": TREE, "algorithm": "alphabeta",
                                        "fail_hard": False, "perspective": "minimax", "windows": True},
                           "answers": answers, "verdict": None}]}


RIGHT_FIRST = [answer(k, n, t) for k, n, t in RIGHT] + [answer("checked")]
"""All right at the first check; then the student stepped through the search: nothing changed after."""
SHOWN_THEN_FIXED = ([answer(k, n, t) for k, n, t in RIGHT if (k, n) != ("value", "B")] + [answer("value", "B", "7"), answer("checked"),
                    answer("shown", "B"), answer("value", "B", "5"), answer("checked")])
"""B wrong at the first check; "show me" showed B; B changed; checked again; submitted."""


def notebook(cells: list[tuple[str, bool]]) -> str:
    """A notebook of code cells (source, whether it is nbgrader's answer cell)."""
    return json.dumps({"cells": [
        {"cell_type": "code", "execution_count": None, "id": f"c{i}", "outputs": [], "source": src,
         "metadata": {"nbgrader": {"solution": True, "grade": False, "locked": False, "grade_id": f"answer{i}",
                                   "schema_version": 3, "task": False}} if answer_cell else {}}
        for i, (src, answer_cell) in enumerate(cells)], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


STEPPER = "import negaviz\nfrom negaviz.widgets import StepperWidget\nStepperWidget(negaviz.record(negaviz.Tree.parse('A(B:1 C:2)')))"
"""A lecturer's cell: negaviz on purpose, not an answer cell."""


@pytest.fixture
def week(tmp_path: Path) -> Path:
    """nbgrader's layout: four students, each a notebook and a record."""
    students = {
        "s1": (RIGHT_FIRST, [(STEPPER, False), ("from negaviz.quiz.answers import write_answers\nvalues = {}", True)]),
        "s2": (SHOWN_THEN_FIXED, [(STEPPER, False), ("values = {'A': 5}", True)]),
        "s3": (RIGHT_FIRST, [(STEPPER, False), ("import negaviz\nkey = negaviz.record(negaviz.Tree.parse('A(B:1)'))",
                                                True)]),
        "s4": (SHOWN_THEN_FIXED, [("import importlib\nnv = importlib.import_module('negaviz')", True)]),
    }
    for sid, (answers, cells) in students.items():
        folder = tmp_path / "submitted" / sid / "week1"
        folder.mkdir(parents=True)
        (folder / "negaviz_answers.json").write_text(json.dumps(record(answers)), encoding="utf-8")
        (folder / "week1.ipynb").write_text(notebook(cells), encoding="utf-8")
    (tmp_path / "week1.json").write_text(json.dumps({"week1": TREE}), encoding="utf-8")
    return tmp_path


def cli(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, "-m", "negaviz", "grade-attempts", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


RECORDS = [f"submitted/s{i}/week1/negaviz_answers.json" for i in range(1, 5)]


def test_each_signal_is_flagged_by_name_on_the_terminal_and_graded_as_any_other(week: Path) -> None:
    done = cli(*RECORDS, "--expect", "week1.json", "--report", "week1-report.html", cwd=week)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line for line in lines if line.startswith("submitted/")] == [
        f"{r}: - (submitted by s{i}): 7 of 7 week1 7/7" for i, r in enumerate(RECORDS, start=1)]
    assert [line for line in lines if line.startswith("flagged:")] == [
        f"flagged: {RECORDS[1]}: s2: {SHOWN} (exercise week1: 2 checks, answers shown 1 time, then changed); "
        "graded as any other",
        f"flagged: {RECORDS[2]}: s3: {SOLVER} (week1.ipynb, cell answer1: import negaviz); graded as any other",
        f"flagged: {RECORDS[3]}: s4: {SOLVER} (week1.ipynb, cell answer0: names negaviz); graded as any other",
        f"flagged: {RECORDS[3]}: s4: {SHOWN} (exercise week1: 2 checks, answers shown 1 time, then changed); "
        "graded as any other"]


def test_the_report_counts_students_anonymously_and_names_them_for_staff(week: Path) -> None:
    roster = week / "roster.csv"
    roster.write_text("student_id\n" + "".join(f"s{i}\n" for i in range(1, 9)), encoding="utf-8")  # a class of 8
    assert cli(*RECORDS, "--expect", "week1.json", "--roster", "roster.csv", "--report", "anon.html",
               cwd=week).returncode == 0
    page = (week / "anon.html").read_text(encoding="utf-8")
    section = page[page.index("<h2>Integrity signals</h2>"):]
    assert f"<tr><td>{SOLVER}</td><td class=n>2</td><td class=n>25%</td><td class=n>2</td></tr>" in section
    assert f"<tr><td>{SHOWN}</td><td class=n>2</td><td class=n>25%</td><td class=n>2</td></tr>" in section
    assert "Signals, not proof" in section
    assert not any(f"s{i}" in page for i in range(1, 5)) and "submitted/" not in page
    assert cli(*RECORDS, "--expect", "week1.json", "--report", "named.html", "--names", cwd=week).returncode == 0
    named = (week / "named.html").read_text(encoding="utf-8")
    assert (f"<tr><td>s2</td><td>{SHOWN}</td><td>exercise week1</td><td>2 checks, answers shown 1 time, then "
            f"changed</td><td>{RECORDS[1]}</td></tr>") in named
    assert f"<tr><td>s3</td><td>{SOLVER}</td><td>week1.ipynb, cell answer1</td><td>import negaviz</td>" in named


def test_a_lecturers_cell_and_the_write_answers_import_are_not_flagged(week: Path) -> None:
    book = grade_attempts([str(week / RECORDS[0])], expect={"week1": TREE})
    assert signals(book) == []


def test_events_answer_nothing_and_are_counted() -> None:
    rec = Attempt.from_json(record(SHOWN_THEN_FIXED))
    assert rec.exercises[0].events() == (2, 1, True)
    assert Attempt.from_json(record(RIGHT_FIRST + [answer("shown")])).exercises[0].events() == (1, 1, False)
    again = RIGHT_FIRST + [answer("shown"), answer("uncut", "G"), answer("cut", "G"), answer("value", "A", "5")]
    assert Attempt.from_json(record(again)).exercises[0].events() == (1, 1, False)  # put back as it was: no change
    assert Attempt.from_json(record(RIGHT_FIRST)).exercises[0].given() == Attempt.from_json(
        record([answer(k, n, t) for k, n, t in RIGHT])).exercises[0].given()  # events change no answer
    assert rec.to_json()["exercises"][0]["answers"][-3:] == [
        {"kind": "shown", "node": "B"}, {"kind": "value", "node": "B", "text": "5"}, {"kind": "checked"}]
    jsonschema.validate(record(SHOWN_THEN_FIXED), schema())


@pytest.mark.parametrize(("bad", "said"), [
    ({"kind": "checked", "node": "A"}, "exercises[0].answers[0].node is not given for a check (it checks every answer)"),
    ({"kind": "shown", "node": "B", "text": "5"}, "exercises[0].answers[0].text is not given for a shown"),
    ({"kind": "cut"}, "exercises[0].answers[0].node must be text"),
])
def test_a_malformed_event_is_refused_by_the_reader_and_the_schema(bad: dict[str, str], said: str) -> None:
    with pytest.raises(InputError, match=f"^<record>: {re.escape(said)}"):
        Attempt.from_json(record([bad]))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record([bad]), schema())


@pytest.mark.parametrize(("code", "found"), [
    ("from negaviz.quiz.answers import write_answers\nwrite_answers('negaviz_answers.json', 'w', 'A(B:1)')", []),
    ("# negaviz would compute this, but I did it by hand\nvalues = {'A': 5}", []),
    ("from negaviz import record", ["from negaviz import record"]),
    ("import negaviz.search as s", ["import negaviz.search"]),
    ("from negaviz.quiz import answer_key, write_answers", ["from negaviz.quiz import answer_key"]),
    ("__import__('negaviz').record", ["names negaviz"]),
    ("x = negaviz.solve(  # a cell that does not parse", ["names negaviz"]),
])
def test_what_an_answer_cell_takes_from_negaviz(code: str, found: list[str]) -> None:
    assert solver_uses(code) == found
