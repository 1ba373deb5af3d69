"""negaviz's graded answers in the real course tools from PyPI: nbgrader (generate_assignment,
autograde, export) and otter-grader (otter run), end to end.  (The course ``init --nbgrader``
writes, run by its README: tests/course/test_nbgrader_course.py.)"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from negaviz.quiz.gradebook import nbgrader_cell, otter_test

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent
TREE = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
EXPECT = {"week1": TREE}
RIGHT = [("value", "A", "5"), ("value", "B", "5"), ("value", "C", "3"), ("window", "B", "(−∞, ∞)"),
         ("window", "C", "(5, ∞)"), ("cut", "G", ""), ("cut", "H", "")]
NEGATED = [("value", "A", "5"), ("value", "B", "-5"), ("value", "C", "-3"), ("window", "B", "(−∞, ∞)"),
           ("window", "C", "(−∞, −5)"), ("cut", "G", ""), ("cut", "H", "")]
"""Mixing up the two views: B and C and C's window in the negamax view, in a minimax exercise
(4 of 7 right; three answers the misconception predicts, none against it)."""


def record(answers: list[tuple[str, str, str]], tree: str = TREE) -> dict[str, Any]:
    return {"format": "negaviz-attempt", "schema": 1, "negaviz": "0.1.0", "student": None,
            "exercises": [{"exercise": {"id": "week1", "game": "tree", "position": tree, "algorithm": "alphabeta",
                                        "fail_hard": False, "perspective": "minimax"},
                           "answers": [{"kind": k, "node": n, **({"text": t} if k in ("value", "window") else {})}
                                       for k, n, t in answers],
                           "verdict": {"advisory": True, "correct": True}}]}  # the page's word: never read


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done


def test_nbgrader_autogrades_three_submissions(tmp_path: Path) -> None:
    import nbformat

    course = tmp_path / "course"
    (course / "source" / "week1").mkdir(parents=True)
    (course / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\nc.CourseDirectory.course_id = 'cs440'\n")
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_markdown_cell("Search the tree with alpha-beta, then press submit."))
    nb.cells.append(nbformat.from_dict(nbgrader_cell(EXPECT, hidden=True)))  # the visible one: test_nbgrader_course.py
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, course / "source" / "week1" / "week1.ipynb")
    run("nbgrader", "db", "assignment", "add", "week1", cwd=course)
    for student in ("right", "mistake", "norecord"):
        run("nbgrader", "db", "student", "add", student, cwd=course)
    run("nbgrader", "generate_assignment", "week1", cwd=course)
    released = (course / "release" / "week1" / "week1.ipynb").read_text(encoding="utf-8")
    assert "grade_file" in released and TREE not in released  # what is expected stays hidden
    for student, answers in (("right", RIGHT), ("mistake", NEGATED), ("norecord", None)):
        folder = course / "submitted" / student / "week1"
        folder.mkdir(parents=True)
        shutil.copy(course / "release" / "week1" / "week1.ipynb", folder)
        (folder / "timestamp.txt").write_text("2026-11-28 12:00:00.000000 UTC")
        if answers is not None:
            (folder / "negaviz_answers.json").write_text(json.dumps(record(answers)), encoding="utf-8")
    run("nbgrader", "autograde", "week1", cwd=course)
    run("nbgrader", "export", cwd=course)
    with open(course / "grades.csv", newline="") as f:
        rows = {r["student_id"]: r for r in csv.DictReader(f)}
    assert {s: (float(r["score"]), float(r["max_score"])) for s, r in rows.items()} == {
        "right": (7.0, 7.0), "mistake": (4.0, 7.0), "norecord": (0.0, 7.0)}
    said = {}
    for student in rows:
        graded = nbformat.read(course / "autograded" / student / "week1" / "week1.ipynb", as_version=4)
        outputs = graded.cells[1].outputs
        assert [o.get("name") for o in outputs if o.output_type == "stream"] == ["stdout"]  # nothing on stderr
        said[student] = "".join(o.text for o in outputs if o.output_type == "stream")
    assert said["right"].startswith("Exercise week1: 7 of 7 answers right. All right")
    assert "4 of 7 answers right" in said["mistake"] and "mixing up the two views" in said["mistake"]
    assert said["norecord"].startswith("No answers: negaviz_answers.json is not beside the notebook")


def test_otter_runs_two_submission_zips(tmp_path: Path) -> None:
    import nbformat

    (tmp_path / "tests").mkdir()
    test_file = otter_test(EXPECT, name="week1")
    assert test_file.splitlines()[1] == "OK_FORMAT = False"
    (tmp_path / "tests" / "week1.py").write_text(test_file, encoding="utf-8")
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_markdown_cell("Search the tree with alpha-beta, then press submit."))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, tmp_path / "week1.ipynb")
    run("otter", "generate", cwd=tmp_path)
    results = {}
    for student, answers in (("right", RIGHT), ("mistake", NEGATED)):
        with zipfile.ZipFile(tmp_path / f"{student}.zip", "w") as z:
            z.write(tmp_path / "week1.ipynb", "week1.ipynb")
            z.writestr("negaviz_answers.json", json.dumps(record(answers)))
        out = tmp_path / f"out-{student}"
        out.mkdir()
        run("otter", "run", "-a", "autograder.zip", "-o", str(out), f"{student}.zip", cwd=tmp_path)
        tests = json.loads((out / "results.json").read_text(encoding="utf-8"))["tests"]
        results[student] = {t["name"]: t for t in tests}
    assert (results["right"]["week1"]["score"], results["right"]["week1"]["max_score"]) == (7, 7)
    assert (results["mistake"]["week1"]["score"], results["mistake"]["week1"]["max_score"]) == (4, 7)
    said = results["mistake"]["week1"]["output"]
    assert said.count("✅ Test case passed") == 4 and said.count("❌ Test case failed") == 3
    assert "Exercise week1: 4 of 7 answers right." in said and "mixing up the two views" in said
    assert "❌" not in results["right"]["week1"]["output"]


TIE = "A(B(D:7 E:5) C(F:5 G:1 H:9))"
"""F ties B's 5: on reaching β C stops after F (G and H never tried, C is 5); only past β it tries G (C is 1)."""
BY_RULE = {
    "notes": [("value", "A", "5"), ("value", "B", "5"), ("value", "C", "5"), ("window", "B", "(−∞, ∞)"),
              ("window", "C", "(5, ∞)"), ("cut", "G", ""), ("cut", "H", "")],
    "cs188": [("value", "A", "5"), ("value", "B", "5"), ("value", "C", "1"), ("window", "B", "(−∞, ∞)"),
              ("window", "C", "(5, ∞)"), ("cut", "H", "")],
}
"""Every answer on ``TIE`` as the lecture notes' rule (≥) and as CS188's (>) search it (minimax view)."""


@pytest.mark.parametrize("preset", ["notes", "cs188"])
def test_the_courses_otter_autograder_carries_negaviz(tmp_path: Path, built_dists: tuple[Path, Path],
                                                     preset: str) -> None:
    """Issue 48, item 4, and issue 46 end to end: ``autograder.zip`` made as the course's
    ``requirements-otter.txt`` says installs negaviz on Gradescope.  Every pip line of the
    zip's environment names otter or negaviz, and nothing outside the zip (the course's own
    requirements name ``constraints.txt`` and ``wheels/``, which it does not hold); the wheel
    it names is in it, byte for byte; and the negaviz installed from that line, alone on the
    path and with no ``negaviz.toml`` in sight (as on Gradescope), grades by the course's
    conventions: on a tree with a tie at β, the answers of the course's rule score full
    marks and those of the other rule lose points, named as the other rule's."""
    import nbformat
    import yaml

    from negaviz.course.init import init_course

    wheel = built_dists[1]
    course = tmp_path / "course"
    init_course(course, wheel=wheel, conventions=preset)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NEGAVIZ_CONVENTIONS")}
    (course / "week1.json").write_text(json.dumps({"week1": TIE}), encoding="utf-8")
    (course / "tests").mkdir()
    done = subprocess.run([sys.executable, "-m", "negaviz", "grade-attempts", "--expect", "week1.json", "--otter-test",
                           "tests/week1.py"], cwd=course, env={**env, "PYTHONPATH": str(Path(__file__).parents[2])},
                          capture_output=True, text=True, timeout=300, check=True)
    assert ("only past β" in done.stdout) == (preset == "cs188"), done.stdout
    said = (course / "requirements-otter.txt").read_text(encoding="utf-8")
    (command,) = [line.strip("# ").strip() for line in said.splitlines() if line.strip("# ").startswith("otter generate")]
    assert command == f"otter generate -r requirements-otter.txt wheels/{wheel.name}"
    assert f"`{command}`" in (course / "README.md").read_text(encoding="utf-8")  # the README says the same command
    run(*command.split(), cwd=course)
    with zipfile.ZipFile(course / "autograder.zip") as z:
        held = set(z.namelist())
        environment = yaml.safe_load(z.read("environment.yml"))
        assert z.read(f"files/wheels/{wheel.name}") == wheel.read_bytes()
        z.extractall(tmp_path / "autograder" / "source")
    (pip,) = [d["pip"] for d in environment["dependencies"] if isinstance(d, dict)]
    assert pip[0].startswith("otter-grader") and len(pip) == 2
    line = pip[1]
    assert line.startswith("negaviz @ file:///autograder/source/"), line
    assert line.removeprefix("negaviz @ file:///autograder/source/") in held
    here = line.replace("file:///autograder/", f"file://{tmp_path / 'autograder'}/")
    venv = _bare_venv(tmp_path / "venv")
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", "--no-index", here,
        cwd=tmp_path)
    done = subprocess.run([str(python), "-c", "import negaviz; print(negaviz.__file__)"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.startswith(str(venv)), done.stdout  # the zip's negaviz, not this checkout's
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, course / "week1.ipynb")
    results = {}
    for rule, answers in BY_RULE.items():
        with zipfile.ZipFile(tmp_path / f"{rule}.zip", "w") as z:
            z.write(course / "week1.ipynb", "week1.ipynb")
            z.writestr("negaviz_answers.json", json.dumps(record(answers, TIE)))
        out = tmp_path / f"out-{rule}"
        out.mkdir()
        done = subprocess.run([str(python), "-m", "otter", "run", "-a", str(course / "autograder.zip"), "-o", str(out),
                               str(tmp_path / f"{rule}.zip")], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=600, check=False)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        tests = {t["name"]: t for t in json.loads((out / "results.json").read_text(encoding="utf-8"))["tests"]}
        results[rule] = tests["week1"]
    right, wrong = results[preset], results["cs188" if preset == "notes" else "notes"]
    assert right["score"] == right["max_score"] > 0 and "❌" not in right["output"], right["output"]
    assert 0 < wrong["score"] < wrong["max_score"] == right["max_score"], wrong["output"]
    assert ("not cutting on equality" if preset == "notes" else "cutting on equality") in wrong["output"]


def _bare_venv(path: Path) -> Path:
    """A virtual environment that sees this one's packages but not its editable negaviz: a
    ``.pth`` line adds this environment's site-packages after its own, where a ``.pth`` of that
    folder (the editable install's finder) is not run."""
    import sysconfig

    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=120)
    (own,) = path.glob("lib/python*/site-packages")
    (own / "base.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return path
