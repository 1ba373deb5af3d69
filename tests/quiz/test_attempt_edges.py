"""Attempt records and ``grade-attempts`` at their edges, as a hostile user tries them: a
named pipe, a device or a folder where a record or ``--expect`` should be, JSON nested
200,000 deep, a tree that asks nothing, negative points, exercise ids that are no Python
names, outputs that are inputs or links, a full disk, and eight processes saving answers
into one file at once.  Each is one line (exit status 2 from the command, one line on
stderr) or a right result, on real files and in real processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from negaviz.cli import main
from negaviz.errors import InputError
from negaviz.quiz import Attempt, grade_attempts, grade_file
from negaviz.quiz.answers import write_answers
from negaviz.quiz.attempt import MAX_BYTES, MAX_DEPTH
from negaviz.quiz.gradebook import nbgrader_cell, otter_test

ROOT = Path(__file__).resolve().parents[2]
TREE = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
FIFO = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


def cli(*argv: str | Path, cwd: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``negaviz grade-attempts`` in its own process: what a lecturer's shell sees (a hang is a timeout here)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, "-m", "negaviz", "grade-attempts", *map(str, argv)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def one_line(done: subprocess.CompletedProcess[str], said: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("negaviz: error: ") and said in done.stderr, done.stderr


@pytest.fixture
def week(tmp_path: Path) -> Path:
    """A folder with one student's record (``rec.json``) and the exercises set (``week1.json``)."""
    write_answers(tmp_path / "rec.json", "week1", TREE, values={"A": 5, "B": 5, "C": 3}, cut=["G", "H"])
    (tmp_path / "week1.json").write_text(json.dumps({"week1": TREE}), encoding="utf-8")
    return tmp_path


# ------------------------------------------------------------------ what is read
@FIFO
def test_a_named_pipe_as_a_record_or_as_expect_is_refused_at_once(week: Path) -> None:
    os.mkfifo(week / "pipe.json")
    with pytest.raises(InputError) as err:
        Attempt.load(week / "pipe.json")  # no writer: opening it to read would wait forever
    assert str(err.value) == (f"{week / 'pipe.json'}: not an attempt record: it is a named pipe, and only a "
                              "regular file is read")
    started = time.monotonic()
    done = cli("pipe.json", "--expect", "week1.json", cwd=week, timeout=60)
    assert done.returncode == 1 and done.stderr == ("negaviz: refused: pipe.json: not an attempt record: it is a "
                                                    "named pipe, and only a regular file is read\n")
    one_line(cli("rec.json", "--expect", "pipe.json", cwd=week, timeout=60),
             "--expect 'pipe.json': not a JSON object of exercise id -> tree text: it is a named pipe, and only a "
             "regular file is read")
    assert time.monotonic() - started < 60


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_or_a_folder_is_refused_before_a_byte_is_read(week: Path) -> None:
    one_line(cli("rec.json", "--expect", "/dev/zero", cwd=week, timeout=60),
             "--expect '/dev/zero': not a JSON object of exercise id -> tree text: it is a device, and only a "
             "regular file is read")
    (week / "folder.json").mkdir()
    with pytest.raises(InputError, match=r"folder\.json: is a folder, not an attempt record$"):
        Attempt.load(week / "folder.json")
    book = grade_attempts(["/dev/zero", week / "rec.json"], expect={"week1": TREE})
    assert book.refused == (("/dev/zero", "/dev/zero: not an attempt record: it is a device, and only a regular "
                                          "file is read"),)
    assert [g.points for g in book.graded] == [(5, 7)]  # the rest of the batch is graded


def test_a_record_too_large_or_nested_too_deep_is_one_line_not_a_crash(week: Path) -> None:
    (week / "big.json").write_bytes(b" " * (MAX_BYTES + 1))
    with pytest.raises(InputError, match=r"big\.json: not an attempt record: 1,048,577 bytes, more than the 1 MiB"):
        Attempt.load(week / "big.json")
    (week / "deep.json").write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(InputError) as err:
        Attempt.load(week / "deep.json")
    assert str(err.value) == f"{week / 'deep.json'}: not an attempt record: JSON nested more than {MAX_DEPTH} deep"
    (week / "deep-expect.json").write_text('{"week1": ' + "[" * 200_000 + "]" * 200_000 + "}")
    one_line(cli("rec.json", "--expect", "deep-expect.json", cwd=week),
             f"--expect 'deep-expect.json': not a JSON object of exercise id -> tree text: JSON nested more than "
             f"{MAX_DEPTH} deep")
    text = json.loads((week / "rec.json").read_text())
    text["student"] = "[{" * 90 + '\\"'  # brackets inside a string are text, not nesting
    (week / "text.json").write_text(json.dumps(text))
    assert Attempt.load(week / "text.json").student == "[{" * 90 + '\\"'


# ------------------------------------------------------------------ what is graded
def test_a_tree_that_asks_no_question_is_refused_where_it_is_set(week: Path, capsys: Any) -> None:
    said = ("exercise 'w0' asks no question: its tree 'A:5' has no move to search, so there is nothing to answer "
            "(set a tree with at least one move)")
    for call in (lambda: grade_file(week / "rec.json", expect={"w0": "A:5"}),
                 lambda: grade_file(week / "rec.json", expect={"week1": TREE, "w0": "A:5"}, points=10),
                 lambda: nbgrader_cell({"w0": "A:5"}), lambda: otter_test({"w0": "A:5"})):
        with pytest.raises(InputError) as err:
            call()
        assert str(err.value) == said
    assert capsys.readouterr().out == ""  # refused before anything is graded or printed
    (week / "leaf.json").write_text(json.dumps({"week1": TREE, "w0": "A:5"}))
    one_line(cli("rec.json", "--expect", "leaf.json", "--csv", "g.csv", cwd=week), said)
    one_line(cli("--expect", "leaf.json", "--nbgrader-cell", "cell.json", cwd=week), said)
    assert sorted(p.name for p in week.iterdir() if p.suffix != ".lock") == ["leaf.json", "rec.json", "week1.json"]


def test_points_must_be_at_least_zero(week: Path, capsys: Any) -> None:
    for points in (-1, -0.5, float("inf"), float("nan"), "7", True):
        with pytest.raises(InputError, match=r"^points must be a number"):
            grade_file(week / "rec.json", expect={"week1": TREE}, points=points)  # type: ignore[arg-type]
        with pytest.raises(InputError, match=r"^points must be a number"):
            nbgrader_cell({"week1": TREE}, points=points)  # type: ignore[arg-type]
    assert grade_file(week / "rec.json", expect={"week1": TREE}, points=0) == 0.0
    assert grade_file(week / "rec.json", expect={"week1": TREE}, points=14) == 10.0
    assert "5 of 7 answers right" in capsys.readouterr().out


def test_the_otter_test_file_compiles_whatever_the_exercise_ids(week: Path) -> None:
    ids = ["week½", "week¼", "week 1", "week#1", "1st", "für", "week_", "class"]
    text = otter_test({i: TREE for i in ids})
    code = compile(text, "week.py", "exec")  # a SyntaxError here is the file otter could not load
    names = [n for n in code.co_names if n.startswith("test_") and n != "test_case"]
    assert len(names) == len(set(names)) == 7 * len(ids)  # one test function per answer, none hidden by another
    assert all(n.isidentifier() and n.isascii() for n in names)
    (week / "half.json").write_text(json.dumps({"week½": TREE}, ensure_ascii=False), encoding="utf-8")
    done = cli("--expect", "half.json", "--otter-test", "tests.py", cwd=week)
    assert done.returncode == 0, done.stderr
    compile((week / "tests.py").read_text(encoding="utf-8"), "tests.py", "exec")


# ------------------------------------------------------------------ what is written
def test_an_output_that_is_one_of_the_inputs_is_refused_even_with_force(week: Path) -> None:
    record = (week / "rec.json").read_bytes()
    for flag in ("--gradescope", "--nbgrader-cell"):
        one_line(cli("rec.json", "--expect", "week1.json", flag, "rec.json", "--force", cwd=week),
                 f"{flag} 'rec.json' is the record 'rec.json', an input: name another file for {flag} "
                 "(--force never replaces an input)")
    one_line(cli("rec.json", "--expect", "week1.json", "--nbgrader-cell", "./week1.json", "--force", cwd=week),
             "--nbgrader-cell './week1.json' is --expect 'week1.json', an input")
    (week / "alias.json").symlink_to("rec.json")
    one_line(cli("rec.json", "--expect", "week1.json", "--gradescope", "alias.json", "--force", cwd=week),
             "--gradescope 'alias.json' is the record 'rec.json', an input")
    (week / "report.html").write_text("")
    one_line(cli("rec.json", "--expect", "week1.json", "--report", "report.html", "--csv", "report.csv", cwd=week),
             "--report's table 'report.csv' is the file --csv writes")
    assert (week / "rec.json").read_bytes() == record


def test_force_does_not_write_through_a_link_unless_its_file_is_named(week: Path) -> None:
    (week / "notes.json").write_text("the lecturer's notes\n")
    (week / "results.json").symlink_to("notes.json")
    one_line(cli("rec.json", "--expect", "week1.json", "--gradescope", "results.json", "--force", cwd=week),
             f"'results.json' is a symbolic link to {str(week / 'notes.json')!r}: negaviz does not write through a "
             f"link, even with --force (name {str(week / 'notes.json')!r} itself, or remove the link)")
    (week / "dangling.csv").symlink_to(week / "elsewhere.csv")
    one_line(cli("rec.json", "--expect", "week1.json", "--csv", "dangling.csv", "--force", cwd=week),
             "'dangling.csv' is a symbolic link to")
    assert (week / "notes.json").read_text() == "the lecturer's notes\n" and not (week / "elsewhere.csv").exists()
    done = cli("rec.json", "--expect", "week1.json", "--gradescope", "notes.json", "--force", cwd=week)
    assert done.returncode == 0, done.stderr  # the file itself, named: replaced
    assert json.loads((week / "notes.json").read_text())["score"] == 5 and (week / "results.json").is_symlink()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_while_writing_csv_names_that_file(week: Path) -> None:
    (week / "grades.csv").symlink_to("/dev/full")  # a device: written as it is, and always full
    done = cli("rec.json", "--expect", "week1.json", "--csv", "grades.csv", cwd=week)
    one_line(done, "cannot write 'grades.csv': No space left on device")
    assert "standard output" not in done.stderr


# ------------------------------------------------------------------ saving answers
WRITER = """
import sys, time
from negaviz.quiz.answers import write_answers
path, number, start = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
while time.time() < start:  # all eight start together
    pass
for value in range(3):
    write_answers(path, f"ex{number}", "A(B(D:7 E:5) C(F:3 G:1 H:9))", values={"A": value})
"""


def test_eight_processes_saving_answers_to_one_file_keep_all_eight_exercises(tmp_path: Path) -> None:
    path = tmp_path / "negaviz_answers.json"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    start = time.time() + 3  # past the eight interpreters' start-up
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(i), str(start)], env=env,
                                stderr=subprocess.PIPE, text=True) for i in range(1, 9)]
    for w in writers:
        _, err = w.communicate(timeout=120)
        assert w.returncode == 0, err
    rec = Attempt.load(path)
    assert sorted(a.exercise.id for a in rec.exercises) == [f"ex{i}" for i in range(1, 9)]
    assert all(a.given()[0] == {"A": "2"} for a in rec.exercises)  # each writer's last save kept
    assert sorted(p.name for p in tmp_path.iterdir()) == [".negaviz_answers.json.lock", "negaviz_answers.json"]
