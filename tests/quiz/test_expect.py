"""Re-grading checks the whole exercise as set, whichever way ``--expect`` gives it (issue 48,
item 2): a plain tree is the tree and the course's task (fail-soft alpha-beta, the cut
rule of negaviz.toml, values, windows and cuts asked), the same as that task spelled out
field by field, so a record edited to ``"windows": false`` or ``"algorithm": "negamax"``
is graded on every answer the exercise asks (never 5 of 5 where the set asks 7), by the
command line, the nbgrader cell and the otter test alike.  A record of another tree is
refused; an exercises set with a field no exercise has is refused before anything is
graded.  All on real files, the command in its own process."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from negaviz.quiz import grade_attempts, grade_file
from negaviz.quiz.answers import write_answers
from negaviz.quiz.gradebook import otter_check

ROOT = Path(__file__).resolve().parents[2]
TREE = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
SPELLED = {"week1": {"game": "tree", "position": TREE, "algorithm": "alphabeta", "fail_hard": False,
                     "windows": True, "cut": ">="}}
"""The plain tree's meaning, spelled out: the course's default task (negaviz's own conventions here)."""


def cli(*argv: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("NEGAVIZ_CONVENTIONS", None)
    return subprocess.run([sys.executable, "-m", "negaviz", "grade-attempts", *map(str, argv)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def edit(path: Path, to: Path, **fields: Any) -> Path:
    """``path``'s record with its exercise's fields set to ``fields`` (answers of a kind
    whose field says it was not asked dropped, as a page that did not ask them writes)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    item = data["exercises"][0]
    item["exercise"].update(fields)
    if fields.get("windows") is False or fields.get("algorithm") == "negamax":
        item["answers"] = [a for a in item["answers"] if a["kind"] != "window"]
    if fields.get("algorithm") == "negamax":
        item["answers"] = [a for a in item["answers"] if a["kind"] == "value"]
        item["exercise"]["windows"] = False
    to.write_text(json.dumps(data), encoding="utf-8")
    return to


@pytest.fixture
def week(tmp_path: Path) -> Path:
    """A class folder: a right record, the same edited four ways, another tree, and the set
    given both ways (``plain.json``: the tree's text; ``spelled.json``: every field)."""
    right = write_answers(tmp_path / "right.json", "week1", TREE, values={"A": 5, "B": 5, "C": 3},
                          windows={"B": "(-inf, inf)", "C": "(5, inf)"}, cut=["G", "H"])
    edit(right, tmp_path / "nowindows.json", windows=False)
    edit(right, tmp_path / "negamax.json", algorithm="negamax")
    edit(right, tmp_path / "failhard.json", fail_hard=True)
    edit(right, tmp_path / "othertree.json", position="A(B:5 C:3)")
    (tmp_path / "plain.json").write_text(json.dumps({"week1": TREE}), encoding="utf-8")
    (tmp_path / "spelled.json").write_text(json.dumps(SPELLED), encoding="utf-8")
    return tmp_path


GRADED = ("right.json", "nowindows.json", "negamax.json", "failhard.json")
WANT = {"right": (7.0, 7.0), "nowindows": (5.0, 7.0), "negamax": (3.0, 7.0), "failhard": (7.0, 7.0)}
"""Every record out of the 7 answers the exercise asks; the fail-hard claim changes nothing that
was answered (the answers are fail-soft's), so it scores what it got right."""


@pytest.mark.parametrize("given", ["plain.json", "spelled.json"])
def test_a_record_edited_to_ask_less_is_graded_on_the_whole_exercise(week: Path, given: str) -> None:
    done = cli(*GRADED, "othertree.json", "--expect", given, "--csv", f"grades-{given}.csv", cwd=week)
    assert done.returncode == 1, done.stderr  # one record refused, the rest graded
    assert done.stderr == ("negaviz: refused: othertree.json: exercise 'week1' was edited: its position is not "
                           "the one set\n")
    said = done.stdout.splitlines()
    assert said[0] == ("exercise week1 as set: fail-soft alpha-beta, a node stops on reaching β; asked: values "
                       "(in either view), windows and cuts; 7 answers")  # what the plain tree was taken to mean
    assert "nowindows.json: -: 5 of 7 week1 5/7 (graded as set, not as the record claims)" in said
    assert "negamax.json: -: 3 of 7 week1 3/7 (graded as set, not as the record claims)" in said
    assert any(line.startswith("note: 3 record(s) claim another task than the exercises set (2 without windows)")
               and line.endswith(f'give it "windows": false in {given}') for line in said)
    with open(week / f"grades-{given}.csv", newline="", encoding="utf-8") as f:
        rows = {r["student_id"]: (float(r["score"]), float(r["max_score"])) for r in csv.DictReader(f)}
    assert rows == WANT


def test_the_plain_tree_and_the_task_spelled_out_grade_alike_in_every_tool(week: Path) -> None:
    """The command line, the nbgrader cell (grade_file) and the otter test (otter_check) agree,
    with the set as a tree's text or spelled out, on every record."""
    plain = {"week1": TREE}
    for expect in (plain, SPELLED):
        book = grade_attempts([str(week / f) for f in GRADED], expect=expect)
        assert not book.refused
        assert {Path(g.source).stem: g.points for g in book.graded} == {
            k: (int(v[0]), int(v[1])) for k, v in WANT.items()}
        for f in GRADED:
            points = grade_file(week / f, expect=expect)
            assert points == WANT[Path(f).stem][0]
            right = int(WANT[Path(f).stem][0])
            otter_check(str(week / f), expect, "week1", right)  # k = the answers right passes
            if right < 7:
                with pytest.raises(AssertionError, match="answers right"):
                    otter_check(str(week / f), expect, "week1", right + 1)


def test_the_feedback_says_the_record_claimed_less(week: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert grade_file(week / "nowindows.json", expect={"week1": TREE}) == 5.0
    out = capsys.readouterr()
    assert out.err == ""  # an nbgrader cell writes nothing on stderr
    assert out.out.startswith("Exercise week1: 5 of 7 answers right.")
    assert ("note: the record says the windows were not asked (the page hid them), but the exercise set asks them: "
            "they are graded") in out.out
    assert grade_file(week / "negamax.json", expect={"week1": TREE}) == 3.0
    assert ("note: the record says the search was negamax, but the exercise set asks fail-soft alpha-beta: graded "
            "on the exercise as set") in capsys.readouterr().out


def test_a_set_that_does_not_ask_windows_grades_without_them(week: Path) -> None:
    (week / "nowin-set.json").write_text(json.dumps({"week1": {"position": TREE, "windows": False}}))
    done = cli("right.json", "nowindows.json", "--expect", "nowin-set.json", cwd=week)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:3] == [
        "exercise week1 as set: fail-soft alpha-beta, a node stops on reaching β; asked: values (in either view) "
        "and cuts (no windows); 5 answers",
        "right.json: -: 5 of 5 week1 5/5", "nowindows.json: -: 5 of 5 week1 5/5"]


def test_an_exercise_set_in_a_view_refuses_a_record_in_the_other(week: Path) -> None:
    (week / "view.json").write_text(json.dumps({"week1": {"position": TREE, "perspective": "negamax"}}))
    done = cli("right.json", "--expect", "view.json", cwd=week)
    assert done.returncode == 1
    assert done.stderr == ("negaviz: refused: right.json: exercise 'week1' was edited: its perspective is not the "
                           "one set\n")


@pytest.mark.parametrize(("spec", "said"), [
    ({"week1": {"position": TREE, "windowz": False}},
     "--expect 'bad.json': exercise 'week1' has 'windowz', which is not a field of an exercise (allowed: game, "
     "position, algorithm, fail_hard, perspective, windows, options, cut, leaf_bounds, players)"),
    ({"week1": {"position": TREE, "algorithm": "alpha-beta"}},
     "--expect 'bad.json': [\"week1\"].algorithm is 'alpha-beta' (must be one of ['negamax', 'minimax', 'alphabeta', 'expectimax', 'star1'])"),
    ({"week1": {"position": TREE, "algorithm": "negamax", "windows": True}},
     "--expect 'bad.json': [\"week1\"].windows must be true or false (true for alpha-beta only: windows are asked)"),
])
def test_an_exercises_set_with_a_field_no_exercise_has_is_refused_first(week: Path, spec: dict[str, Any],
                                                                        said: str) -> None:
    (week / "bad.json").write_text(json.dumps(spec), encoding="utf-8")
    done = cli("right.json", "--expect", "bad.json", "--csv", "out.csv", cwd=week)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"negaviz: error: {said}\n")
    assert not (week / "out.csv").exists()
