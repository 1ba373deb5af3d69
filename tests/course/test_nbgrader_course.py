"""A course from ``negaviz init --nbgrader`` run as its README says, with the real nbgrader
0.9 (issue 48, item 3): the README's grading commands, each run as written in the course's
folder, with students' submissions between generate_assignment and autograde (one right,
one who changed nothing, one with the misconception of the two views); nbgrader warns of
nothing (no relative root, no changed checksum), every student's points are right in
nbgrader's grades.csv, and ``grade-attempts`` reads the ``week1.json`` init wrote.  The
answer cell shows the student what to write; the grading cell is the same in the
student's copy; the course root is absolute wherever the course is moved; answers left in
``source/`` stop nbgrader in one line.  (The same commands in a fresh environment, the
README's ``pip install`` too: tests/course/test_course_ci.py.)"""

from __future__ import annotations

import csv
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from negaviz.course.graded import STUB
from negaviz.course.init import init_course

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
RIGHT = ['values = {"A": 5, "B": 5, "C": 3}', 'windows = {"B": "(-inf, inf)", "C": "(5, inf)"}', 'cut = ["G", "H"]']
VIEWS = ['values = {"A": 5, "B": -5, "C": -3}', 'windows = {"B": "(-inf, inf)", "C": "(-inf, -5)"}',
         'cut = ["G", "H"]']
"""The misconception of the two views: B and C (and C's window) in the negamax view, 4 of 7 right."""
SOLVED = ["from negaviz import Tree, record\nfrom negaviz.quiz import answer_key\n"
          "key = answer_key(record(Tree.parse('A(B(D:7 E:5) C(F:3 G:1 H:9))'), algorithm='alphabeta'), "
          "perspective='minimax')\nvalues = {n: v['value'] for n, v in key.values.items()}\n"
          "windows = {n: '(%s, %s)' % w['window'] for n, w in key.windows.items()}\ncut = sorted(key.cuts)", "", ""]
"""A student who has negaviz compute the answers in the answer cell (7 of 7, and flagged)."""
STUDENTS: dict[str, list[str] | None] = {"s01": RIGHT, "s02": None, "s03": VIEWS, "s04": SOLVED}
"""Each student's three answer lines, in the order the cell asks them (None: the released copy, unchanged)."""
WARNING = re.compile(r"^\[\w+ \| (WARNING|ERROR|CRITICAL)\]", re.M)
"""A line nbgrader's applications log as a warning or an error (the kernel's own start-up lines aside)."""


def env() -> dict[str, str]:
    """This environment's programs first (nbgrader, negaviz), this checkout's negaviz in the kernel too."""
    out = {k: v for k, v in os.environ.items() if k not in ("NEGAVIZ_CONVENTIONS", "NEGAVIZ_KEY_SALT")}
    out["PATH"] = f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"
    out["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return out


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``command`` as a TA types it, in bash (its ``*`` expanded by the shell)."""
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env(), capture_output=True, text=True, timeout=900,
                          check=False)


def readme_commands(course: Path) -> list[str]:
    """The lines of the code block of the README's "Graded exercises" section, comments as they are."""
    text = (course / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Graded exercises"):]
    block = re.search(r"^```\n(.*?)^```", section, re.S | re.M)
    assert block is not None
    return block.group(1).splitlines()


def hand_in(course: Path, student: str, lines: list[str] | None) -> None:
    """What a student submits: the released notebook with each stub replaced by an answer line."""
    import nbformat

    nb = nbformat.read(course / "release" / "week1" / "week1.ipynb", as_version=4)
    if lines is not None:
        source = nb.cells[1].source
        for line in lines:
            assert STUB in source
            source = source.replace(STUB, line, 1)
        nb.cells[1].source = source
    folder = course / "submitted" / student / "week1"
    folder.mkdir(parents=True)
    nbformat.write(nb, folder / "week1.ipynb")
    (folder / "timestamp.txt").write_text("2026-11-28 12:00:00.000000 UTC", encoding="utf-8")


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, subprocess.CompletedProcess[str]]]:
    """A course from init --nbgrader, its README's grading commands run as written (the
    ``pip install`` aside: this environment has nbgrader), students handing in where the
    README's comment says; each command's run by the command."""
    course = tmp_path_factory.mktemp("nbgrader") / "cs440"
    init_course(course, nbgrader=True)
    runs: dict[str, subprocess.CompletedProcess[str]] = {}
    for line in readme_commands(course):
        if line.startswith("#"):  # release, collect: the students hand in
            for student, lines in STUDENTS.items():
                hand_in(course, student, lines)
            continue
        command = line.split("  #")[0].strip()
        if command.startswith("python -m pip install"):
            assert shlex.split(command)[-2:] == ["-r", "requirements-staff.txt"]
            continue
        runs[command] = done = shell(command, course)
        assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return course, runs


def test_the_readme_names_the_files_init_wrote(graded: tuple[Path, dict[str, subprocess.CompletedProcess[str]]]) -> None:
    course, runs = graded
    assert list(runs) == ["nbgrader db assignment add week1", "nbgrader generate_assignment week1",
                          "nbgrader autograde week1", "nbgrader export",
                          "negaviz grade-attempts autograded/*/week1/negaviz_answers.json --expect week1.json "
                          "--report week1-report.html"]
    assert json.loads((course / "week1.json").read_text(encoding="utf-8")) == {"week1": "A(B(D:7 E:5) C(F:3 G:1 H:9))"}
    assert (course / "source" / "week1" / "week1.ipynb").is_file() and not (course / "assignments").exists()
    staff = (course / "requirements-staff.txt").read_text(encoding="utf-8").splitlines()
    assert "-r requirements.txt" in staff and "nbgrader>=0.9,<0.10" in staff
    assert "nbgrader" not in (course / "requirements.txt").read_text(encoding="utf-8")  # students' Binder: none
    ignored = (course / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert {"gradebook.db", "submitted/", "autograded/", "grades.csv", "negaviz_answers.json", "*.salt"} <= set(ignored)


def test_nbgrader_warns_of_nothing(graded: tuple[Path, dict[str, subprocess.CompletedProcess[str]]]) -> None:
    """No relative root on any command, no changed checksum for any student (s02 changed nothing)."""
    _, runs = graded
    for command, done in runs.items():
        said = done.stdout + done.stderr
        assert not WARNING.search(said), f"{command}: {WARNING.findall(said)}\n{said[-3000:]}"
        assert "is not absolute" not in said and "checksum" not in said.lower(), said[-3000:]


def test_every_student_gets_the_right_points(graded: tuple[Path, dict[str, subprocess.CompletedProcess[str]]]) -> None:
    course, runs = graded
    with open(course / "grades.csv", newline="", encoding="utf-8") as f:
        rows = {r["student_id"]: (float(r["score"]), float(r["max_score"])) for r in csv.DictReader(f)}
    assert rows == {"s01": (7.0, 7.0), "s02": (0.0, 7.0), "s03": (4.0, 7.0), "s04": (7.0, 7.0)}
    said = runs["negaviz grade-attempts autograded/*/week1/negaviz_answers.json --expect week1.json "
                "--report week1-report.html"].stdout.splitlines()
    assert said[0].startswith("exercise week1 as set: fail-soft alpha-beta")
    assert "autograded/s01/week1/negaviz_answers.json: - (submitted by s01): 7 of 7 week1 7/7" in said
    assert "autograded/s03/week1/negaviz_answers.json: - (submitted by s03): 4 of 7 week1 4/7 negation" in said
    assert (course / "week1-report.html").is_file() and (course / "week1-report.csv").is_file()


def test_an_answer_cell_that_has_negaviz_solve_is_flagged_not_silently_graded(
        graded: tuple[Path, dict[str, subprocess.CompletedProcess[str]]]) -> None:
    """s04's answer cell imports negaviz's search and key: graded (7 of 7) and flagged, on the
    TA's terminal by name, in the anonymous report by count (issue 48, item 8)."""
    course, runs = graded
    said = runs["negaviz grade-attempts autograded/*/week1/negaviz_answers.json --expect week1.json "
                "--report week1-report.html"].stdout.splitlines()
    assert [line for line in said if line.startswith("flagged:")] == [
        "flagged: autograded/s04/week1/negaviz_answers.json: s04: an answer cell uses negaviz (week1.ipynb, cell "
        "answers: from negaviz import Tree, record; from negaviz.quiz import answer_key); graded as any other"]
    page = (course / "week1-report.html").read_text(encoding="utf-8")
    section = page[page.index("<h2>Integrity signals</h2>"):]
    assert "<tr><td>an answer cell uses negaviz</td><td class=n>1</td><td class=n>33%</td><td class=n>1</td></tr>" \
        in section  # 1 of the 3 students graded (s02 saved no record)
    assert "s04" not in page and "autograded/" not in page  # anonymous, to project
    named = shell("negaviz grade-attempts autograded/*/week1/negaviz_answers.json --expect week1.json "
                  "--report named.html --names", course)
    assert named.returncode == 0, named.stderr
    table = (course / "named.html").read_text(encoding="utf-8")
    assert "<tr><td>s04</td><td>an answer cell uses negaviz</td><td>week1.ipynb, cell answers</td>" in table


def test_the_feedback_is_on_stdout_and_speaks_of_the_notebook(
        graded: tuple[Path, dict[str, subprocess.CompletedProcess[str]]]) -> None:
    import nbformat

    course, _ = graded
    said = {}
    for student in STUDENTS:
        nb = nbformat.read(course / "autograded" / student / "week1" / "week1.ipynb", as_version=4)
        outputs = nb.cells[2].outputs
        assert [o.get("name") for o in outputs if o.output_type == "stream"] == ["stdout"]  # nothing on stderr
        said[student] = "".join(o.text for o in outputs if o.output_type == "stream")
    assert said["s01"].startswith("Exercise week1: 7 of 7 answers right. All right")
    assert said["s02"].startswith("No answers: negaviz_answers.json is not beside the notebook: run the cell that "
                                  "saves your answers")
    assert "4 of 7 answers right" in said["s03"] and "mixing up the two views" in said["s03"]
    words = nb.cells[2].source.lower() + nb.cells[0].source.lower()
    assert "stepper" not in words and "submit" not in words  # this notebook has neither


def test_the_answer_cell_shows_what_to_write_and_the_grading_cell_is_the_students_too(
        graded: tuple[Path, dict[str, subprocess.CompletedProcess[str]]]) -> None:
    import nbformat

    course, _ = graded
    source = nbformat.read(course / "source" / "week1" / "week1.ipynb", as_version=4)
    released = nbformat.read(course / "release" / "week1" / "week1.ipynb", as_version=4)
    answer = released.cells[1].source
    assert answer.count(STUB) == 3
    for shown in ('# values = {"A": ..., "B": ..., "C": ...}', '# windows = {"B": "(..., ...)", "C": "(..., ...)"}',
                  '# cut = ["...", ...]', "write_answers('negaviz_answers.json', 'week1',"):
        assert shown in answer  # each answer's name and form, and the call that saves them, outside the markers
    assert not any(line in answer for line in RIGHT)  # the instructor's answers stay out
    assert released.cells[2].source == source.cells[2].source  # the grading cell: one checksum
    assert released.cells[2].metadata.nbgrader["locked"] and released.cells[2].metadata.nbgrader["grade"]


def test_the_course_root_is_absolute_wherever_the_course_is_moved(tmp_path: Path) -> None:
    course = tmp_path / "a" / "cs440"
    init_course(course, nbgrader=True)
    moved = tmp_path / "b" / "cs440"
    shutil.move(str(course), moved)
    done = shell("nbgrader db assignment add week1", moved)
    assert done.returncode == 0 and not WARNING.search(done.stdout + done.stderr), done.stderr
    assert (moved / "gradebook.db").is_file()  # the root is the folder the config is in, not where it was made


def test_answers_left_in_source_stop_nbgrader_in_one_line(tmp_path: Path) -> None:
    course = tmp_path / "cs440"
    init_course(course, nbgrader=True)
    stray = course / "source" / "week1" / "negaviz_answers.json"
    stray.write_text("{}", encoding="utf-8")
    done = shell("nbgrader generate_assignment week1", course)
    assert done.returncode == 1 and not (course / "release").exists()
    assert done.stderr.strip().splitlines()[-1] == (
        f"nbgrader_config.py: {stray} holds answers saved while trying the assignment: delete it (nbgrader would "
        "release it to students and copy it over their submissions)")
