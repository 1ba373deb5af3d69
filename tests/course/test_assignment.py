"""``negaviz init --assignment``: a "write your own" notebook with a locked checking cell for
nbgrader and otter tests, points and feedback from negaviz's battery, run under the real tools."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from negaviz import cli
from negaviz.course.assignment import ASSIGNMENTS, assignment_files, grade, verdict
from negaviz.course.init import init_course
from negaviz.errors import InputError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "student"))
import students  # noqa: E402

BIN = Path(sys.executable).parent
ENV = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}  # nbgrader runs alembic from PATH


def cells(data: bytes) -> dict[str, dict[str, Any]]:
    nb = json.loads(data)
    return {c["metadata"]["nbgrader"]["grade_id"]: c for c in nb["cells"] if "nbgrader" in c["metadata"]}


def test_init_adds_each_assignment_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    info = init_course(tmp_path / "c", assignments=list(ASSIGNMENTS))
    for kind in ASSIGNMENTS:
        assert f"assignments/{kind}/write-your-own-{kind}.ipynb" in info.written
        assert (tmp_path / "c" / "assignments" / kind / "tests" / f"{kind}.py").is_file()
    with pytest.raises(InputError, match=r"unknown assignment: 'chess' \(assignments must be among \['alphabeta', 'tt', 'depth-limited'\]\)"):
        init_course(tmp_path / "d", assignments=["chess"])
    assert not (tmp_path / "d").exists()  # checked before anything is written


def test_the_cli_takes_assignment_and_says_a_wrong_one_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["init", str(tmp_path / "c"), "--assignment", "depth-limited"]) == 0
    assert (tmp_path / "c" / "assignments" / "depth-limited" / "tests" / "depth-limited.py").is_file()
    capsys.readouterr()
    assert cli.main(["init", str(tmp_path / "e"), "--assignment", "chess"]) == 2
    err = capsys.readouterr().err.strip()
    assert "invalid choice: 'chess'" in err and "\n" not in err


@pytest.mark.parametrize("kind", ASSIGNMENTS)
def test_the_checking_cell_is_locked_and_graded_in_nbgrader_schema_3(kind: str) -> None:
    files = assignment_files(kind)
    found = cells(files[f"assignments/{kind}/write-your-own-{kind}.ipynb"])
    check = found[f"check_{kind.replace('-', '_')}"]["metadata"]["nbgrader"]
    assert check == {"schema_version": 3, "grade": True, "solution": False, "locked": True, "points": 10,
                     "grade_id": f"check_{kind.replace('-', '_')}"}
    answer = found["answer"]
    assert answer["metadata"]["nbgrader"]["solution"] and "### BEGIN SOLUTION" in answer["source"]
    test = files[f"assignments/{kind}/tests/{kind}.py"].decode()
    assert "OK_FORMAT = False" in test and "from otter.test_files import test_case" in test
    assert "@test_case(points=" in test and "hidden=True" in test
    assert assignment_files(kind) == files  # the same bytes every time


@pytest.mark.parametrize("kind", ASSIGNMENTS)
def test_the_reference_solution_earns_every_point(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    source = cells(assignment_files(kind)[f"assignments/{kind}/write-your-own-{kind}.ipynb"])["answer"]["source"]
    namespace: dict[str, Any] = {"INF": float("inf")}
    exec(compile(source, f"<{kind} solution>", "exec"), namespace)
    assert grade(namespace["alphabeta"], kind) == 10.0
    out = capsys.readouterr()
    assert out.out.startswith("OK:") and out.err == ""


def test_the_feedback_names_the_bug_says_nothing_on_stderr_and_keeps_hidden_answers(capsys: pytest.CaptureFixture[str]) -> None:
    points = grade(students.strict, "alphabeta")
    out = capsys.readouterr()
    assert out.err == ""
    assert "not cutting on equality" in out.out and 0 < points < 10
    assert f"Points: {points:g} of 10" in out.out
    hidden = [line for line in out.out.splitlines() if "hidden tree" in line]
    assert all(line.endswith("(a hidden tree: no details).") for line in hidden)


def test_otter_scores_each_tree_and_fails_with_the_bug_named() -> None:
    from otter.test_files.exception_test import ExceptionTestFile

    with_tests = assignment_files("alphabeta")["assignments/alphabeta/tests/alphabeta.py"]
    path = Path(__file__).parent / "_otter_alphabeta.py"
    path.write_bytes(with_tests)
    try:
        good = ExceptionTestFile.from_file(str(path))
        good.run({"alphabeta": students.alphabeta})
        bad = ExceptionTestFile.from_file(str(path))
        bad.run({"alphabeta": students.no_break})
    finally:
        path.unlink()
    assert good.score == good.possible == pytest.approx(10)
    assert 0 <= bad.score < bad.possible
    failed = [r for r in bad.test_case_results if not r.passed]
    assert failed and all("going on after a cutoff" in r.message for r in failed)
    for r in failed:
        if r.test_case.hidden:
            assert r.message.rstrip().endswith("wrong (a hidden tree: no details).")
    with pytest.raises(AssertionError, match="going on after a cutoff"):
        verdict(students.no_break, "alphabeta", 0)


def _answer(nb_path: Path, out: Path, cut: str) -> None:
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    for c in nb["cells"]:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "answer":
            c["source"] = (
                "def alphabeta(game, node, alpha, beta):\n"
                "    if game.is_terminal(node):\n"
                "        return game.score(node)\n"
                "    best = -INF\n"
                "    for move in game.moves(node):\n"
                "        best = max(best, -alphabeta(game, game.play(node, move), -beta, -alpha))\n"
                "        alpha = max(alpha, best)\n"
                f"        if alpha {cut} beta:\n"
                "            break\n"
                "    return best\n"
            )
    out.parent.mkdir(parents=True)
    out.write_text(json.dumps(nb), encoding="utf-8")


@pytest.mark.slow
def test_nbgrader_releases_the_notebook_and_autogrades_partial_credit(tmp_path: Path) -> None:
    name = "write-your-own-alphabeta.ipynb"
    (tmp_path / "source" / "ps1").mkdir(parents=True)
    (tmp_path / "source" / "ps1" / name).write_bytes(assignment_files("alphabeta")[f"assignments/alphabeta/{name}"])
    (tmp_path / "nbgrader_config.py").write_text(
        'c = get_config()\nc.CourseDirectory.course_id = "cs"\nc.CourseDirectory.db_assignments = [dict(name="ps1")]\n'
        'c.CourseDirectory.db_students = [dict(id="alice"), dict(id="bob")]\n'
    )
    run = subprocess.run([BIN / "nbgrader", "generate_assignment", "ps1", "--force"], cwd=tmp_path, env=ENV,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    release = tmp_path / "release" / "ps1" / name
    assert "raise NotImplementedError()" in release.read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in release.read_text(encoding="utf-8")
    _answer(release, tmp_path / "submitted" / "alice" / "ps1" / name, ">")  # cuts only on >
    _answer(release, tmp_path / "submitted" / "bob" / "ps1" / name, ">=")
    run = subprocess.run([BIN / "nbgrader", "autograde", "ps1", "--force"], cwd=tmp_path, env=ENV,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:
        scores = {s: (gb.find_submission("ps1", s).score, gb.find_submission("ps1", s).max_score) for s in ("alice", "bob")}
    assert scores["bob"] == (10.0, 10.0)
    assert 0 < scores["alice"][0] < 10.0 and scores["alice"][1] == 10.0
    graded = json.loads((tmp_path / "autograded" / "alice" / "ps1" / name).read_text(encoding="utf-8"))
    check = next(c for c in graded["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == "check_alphabeta")
    streams = [o for o in check["outputs"] if o["output_type"] == "stream"]
    assert [o["name"] for o in streams] == ["stdout"]  # nothing on stderr
    assert "not cutting on equality" in "".join(streams[0]["text"])


@pytest.mark.slow
def test_otter_check_runs_the_test_file_on_a_students_script(tmp_path: Path) -> None:
    init_course(tmp_path / "c", assignments=["alphabeta"])
    script = tmp_path / "student.py"
    script.write_text("import math\n\nINF = math.inf\n\n" + _NOT_SWAPPED, encoding="utf-8")
    run = subprocess.run([BIN / "otter", "check", script, "-t", tmp_path / "c" / "assignments" / "alphabeta" / "tests"],
                         cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=600)
    text = run.stdout + run.stderr
    assert "not swapping the window" in text, text[-3000:]
    assert "Test case failed" in text


_NOT_SWAPPED = '''
def alphabeta(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -alphabeta(game, game.play(node, move), -alpha, -beta))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best
'''


def test_the_table_assignment_is_refused_under_a_strict_cut(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"^the tt assignment needs the cut on equality \(>=\): under Berkeley CS188"):
        init_course(tmp_path / "c", assignments=["tt"], conventions="cs188")
    assert not (tmp_path / "c").exists()


@pytest.mark.parametrize("kind", ["alphabeta", "depth-limited"])
def test_a_cs188_course_gets_a_solution_and_graders_by_its_rule(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Under CS188's conventions the reference solution stops only past β, and both graders
    name the conventions in their calls (otter on Gradescope has no negaviz.toml to read)."""
    files = assignment_files(kind, "cs188")
    nb = cells(files[f"assignments/{kind}/write-your-own-{kind}.ipynb"])
    assert "if alpha > beta:" in nb["answer"]["source"] and "if alpha >= beta:" not in nb["answer"]["source"]
    check_id = f"check_{kind.replace('-', '_')}"
    assert nb[check_id]["source"].endswith(f"grade(alphabeta, {kind!r}, points=10, conventions='cs188')")
    assert "conventions='cs188')" in files[f"assignments/{kind}/tests/{kind}.py"].decode()
    namespace: dict[str, Any] = {"INF": float("inf")}
    exec(compile(nb["answer"]["source"], f"<{kind} solution>", "exec"), namespace)
    assert grade(namespace["alphabeta"], kind, conventions="cs188") == 10.0
    assert capsys.readouterr().out.startswith("OK:")
    if kind == "alphabeta":  # the lecture notes' solution is the other rule's: named so, not full marks
        plain: dict[str, Any] = {"INF": float("inf")}
        exec(compile(cells(assignment_files(kind)[f"assignments/{kind}/write-your-own-{kind}.ipynb"])["answer"]["source"],
                     "<notes solution>", "exec"), plain)
        assert grade(plain["alphabeta"], kind, conventions="cs188") < 10.0
        assert "cutting on equality" in capsys.readouterr().out
        with pytest.raises(AssertionError, match="cutting on equality"):
            verdict(plain["alphabeta"], kind, 1, conventions="cs188")  # tree 2: a tie at β
