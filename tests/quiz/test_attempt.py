"""Attempt records: the schema, what Attempt.load refuses, grade-attempts' batch and the class report."""

from __future__ import annotations

import copy
import csv
import io
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from negaviz import Tree, record as search_record
from negaviz.cli import main
from negaviz.errors import InputError
from negaviz.export.sheet import make_sheet
from negaviz.quiz import Attempt, answer_key, grade_attempts
from negaviz.quiz.attempt import schema
from negaviz.quiz.salt import issued_exercise, seal, variant_seed
from negaviz.quiz.mistakes import MISTAKES
from negaviz.quiz.report import ROLES, mistake_rows, report_csv

TREE = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
SALT = "course-salt-cs440"
RIGHT = [("value", "A", "5"), ("value", "B", "5"), ("value", "C", "3"), ("window", "B", "(−∞, ∞)"),
         ("window", "C", "(5, ∞)"), ("cut", "G", ""), ("cut", "H", "")]


def answers(items: list[tuple[str, str, str]]) -> list[dict[str, str]]:
    return [{"kind": k, "node": n, **({"text": t} if k in ("value", "window") else {})} for k, n, t in items]


def record(items: list[tuple[str, str, str]], *, student: str | None = "s1", exercise: dict[str, Any] | None = None,
           verdict: dict[str, Any] | None = None) -> dict[str, Any]:
    ex = exercise or {"id": "week1", "game": "tree", "position": TREE, "algorithm": "alphabeta", "fail_hard": False,
                      "perspective": "minimax", "windows": True}
    return {"format": "negaviz-attempt", "schema": 1, "negaviz": "0.1.0", "student": student,
            "exercises": [{"exercise": ex, "answers": answers(items), "verdict": verdict}]}


def sealed(student: str, number: int = 1, salt: str = SALT) -> dict[str, Any]:
    variant = {"sheet": "week3", "number": number, "count": 2, "depth": 2, "branching": 2, "cutoffs": 1,
               "deep_cutoffs": None, "ties": False, "perspective": "minimax"}
    ex = issued_exercise(salt, student, variant).to_json()
    ex["seal"] = seal(salt, ex["id"], student, variant)
    return ex


def put(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def test_a_record_round_trips_and_matches_the_published_schema(tmp_path: Path) -> None:
    data = record(RIGHT, verdict={"advisory": True, "correct": True, "score": [7, 7], "mistake": None, "sentence": "ok"})
    jsonschema.validate(data, schema())
    rec = Attempt.load(put(tmp_path / "a.json", data))
    assert rec.to_json() == data
    data = record(RIGHT, student="s1", exercise=sealed("s1"))
    jsonschema.validate(data, schema())
    assert Attempt.load(put(tmp_path / "b.json", data), key_salt=SALT).exercises[0].exercise.id == "week3#1"


BAD: list[tuple[str, Any, str]] = [
    ("not JSON", "{oops", "not an attempt record: not JSON"),
    ("another file", {"cells": []}, 'not a negaviz attempt record (it has no "format": "negaviz-attempt")'),
    ("newer schema", {**record(RIGHT), "schema": 2}, "written with record schema 2 (negaviz 0.1.0); this negaviz"),
    ("a field unknown", {**record(RIGHT), "grade": 10}, "grade is not a field of a record"),
    ("an answer kind", {**record(RIGHT), "exercises": [{**record(RIGHT)["exercises"][0], "answers": [
        {"kind": "score", "node": "A", "text": "5"}]}]}, "exercises[0].answers[0].kind is 'score'"),
    ("a verdict as grade", {**record(RIGHT), "exercises": [{**record(RIGHT)["exercises"][0],
                                                            "verdict": {"advisory": False}}]}, "must be true"),
]


@pytest.mark.parametrize("what, data, said", BAD, ids=[b[0] for b in BAD])
def test_load_refuses_a_malformed_record_in_one_line(tmp_path: Path, what: str, data: Any, said: str) -> None:
    path = put(tmp_path / "bad.json", data)
    with pytest.raises(InputError) as err:
        Attempt.load(path)
    message = str(err.value)
    assert message.startswith(f"{path}: ") and said in message and "\n" not in message
    if not isinstance(data, str) and data.get("format") == "negaviz-attempt" and data.get("schema") == 1:
        with pytest.raises(jsonschema.ValidationError):  # the published schema refuses it too
            jsonschema.validate(data, schema())


def test_load_refuses_what_it_cannot_trust(tmp_path: Path) -> None:
    good = record(RIGHT, student="s1", exercise=sealed("s1"))
    path = put(tmp_path / "a.json", good)
    with pytest.raises(InputError, match=r"a\.json: exercise 'week3#1' is sealed with the course's salt: give the key salt"):
        Attempt.load(path)
    with pytest.raises(InputError, match="seal does not match this course's key salt"):
        Attempt.load(path, key_salt="another-course-salt")
    other = copy.deepcopy(good)
    other["student"] = "s2"  # another student's record passed off as s2's
    with pytest.raises(InputError, match="seal does not match"):
        Attempt.load(put(tmp_path / "b.json", other), key_salt=SALT)
    edited = copy.deepcopy(good)
    edited["exercises"][0]["exercise"]["position"] = "A(B:1 C:2)"
    with pytest.raises(InputError, match=r"exercise 'week3#1' was edited: its position is not what was issued"):
        Attempt.load(put(tmp_path / "c.json", edited), key_salt=SALT)
    plain = put(tmp_path / "d.json", record(RIGHT))
    with pytest.raises(InputError, match="exercise 'week1' was edited: its position is not the one set"):
        Attempt.load(plain, expect={"week1": "A(B(D:7 E:5) C(F:3 G:1 H:8))"})
    with pytest.raises(InputError, match=r"exercise 'week1' is not one of this assignment's \(week2\)"):
        Attempt.load(plain, expect={"week2": TREE})


def test_a_variant_is_the_sheet_make_sheet_makes_from_the_salted_seed() -> None:
    for student in ("s1", "s2", "s3"):
        sheet = make_sheet(2, 2, 2, seed=variant_seed(SALT, "week3", student), cutoffs=1, ties=False)
        for number in (1, 2):
            assert sealed(student, number)["position"] == sheet.exercises[number - 1].text
    assert sealed("s1")["position"] != sealed("s1", salt="another-course-salt")["position"] or \
        sealed("s2")["position"] != sealed("s2", salt="another-course-salt")["position"]


def test_grade_attempts_grades_the_batch_and_refuses_each_bad_record_in_a_line(tmp_path: Path, capsys: Any) -> None:
    right = put(tmp_path / "right.json", record(RIGHT, student="s1", exercise=sealed("s1"),
                                                verdict={"advisory": True, "correct": False}))
    # The page said "not yet" (advisory); graded afresh it is all right, and the other way round.
    ex2 = sealed("s2")
    wrong = put(tmp_path / "wrong.json", record([("value", "A", "99")], student="s2", exercise=ex2,
                                                verdict={"advisory": True, "correct": True, "score": [9, 9]}))
    dup = put(tmp_path / "dup.json", record(RIGHT, student="s1", exercise=sealed("s1")))
    newer = put(tmp_path / "newer.json", {**record(RIGHT), "schema": 3})
    foreign = put(tmp_path / "foreign.json", record(RIGHT, student="s3", exercise=sealed("s3", salt="other-course-salt!")))
    paths = [str(p) for p in (right, wrong, dup, newer, foreign)]
    out = tmp_path / "grades.csv"
    assert main(["grade-attempts", *paths, "--key-salt", SALT, "--csv", str(out), "--report", str(tmp_path / "r.html")]) == 1
    warning, *err = capsys.readouterr().err.splitlines()
    assert warning == ("negaviz: warning: --key-salt shows in `ps` to anyone on this machine: set NEGAVIZ_KEY_SALT "
                       "or use --key-salt-file")
    assert len(err) == 3 and all(line.startswith("negaviz: refused: ") for line in err)
    assert f"{dup}: duplicate submission: student s1's exercise 'week3#1' is graded from {right}" in err[0]
    assert f"{newer}: written with record schema 3" in err[1]
    assert f"{foreign}: exercise 'week3#1'" in err[2] and "seal does not match" in err[2]
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    got = {r["student_id"]: (float(r["score"]), float(r["max_score"])) for r in rows}
    book = grade_attempts([right], key_salt=SALT)
    second = grade_attempts([put(tmp_path / "second.json", record([], student="s1", exercise=sealed("s1", 2)))],
                            key_salt=SALT)
    # Out of the whole sheet: the sheet's exercise 2, not in the record, counts 0 of what it asks.
    assert got["s1"] == (float(book.graded[0].points[0]), float(book.graded[0].points[1] + second.graded[0].points[1]))
    assert got["s2"][0] == 0.0  # ...never from the page's "correct"
    # nothing is overwritten without --force
    assert main(["grade-attempts", paths[0], "--key-salt", SALT, "--csv", str(out)]) == 2
    assert "already exists: use --force" in capsys.readouterr().err
    assert main(["grade-attempts", paths[0], "--csv", str(tmp_path / "x.csv")]) == 1
    assert "give the key salt" in capsys.readouterr().err


def test_the_class_report_counts_each_mistake_exactly_on_100_attempts(tmp_path: Path) -> None:
    tree = "A(B(D:7 E:5) C(F:5 G:1 H:9))"  # ties at the cut: every mistake of MISTAKES shows here
    key = answer_key(search_record(Tree.parse(tree), algorithm="alphabeta"), perspective="minimax")
    ex = {"id": "week2", "game": "tree", "position": tree, "algorithm": "alphabeta", "fail_hard": False,
          "perspective": "minimax"}

    def answered(which: str | None) -> list[tuple[str, str, str]]:
        src = key if which is None else None
        vals = {n: v["value"] for n, v in key.values.items()} if src else key.mistakes[which]["values"]
        wins = {n: v["window"] for n, v in key.windows.items()} if src else key.mistakes[which]["windows"]
        cuts = set(key.cuts) if src else key.mistakes[which]["cuts"]
        show = lambda x: str(int(x)) if x not in (float("inf"), float("-inf")) else ("∞" if x > 0 else "−∞")  # noqa: E731
        return ([("value", n, show(v)) for n, v in vals.items()] + [("window", n, f"({show(a)}, {show(b)})")
                for n, (a, b) in wins.items()] + [("cut", n, "") for n in sorted(cuts)])

    # The mistakes the grader tells apart on this tree (here "bound"'s answers are "equality"'s too).
    kinds = [m.id for m in MISTAKES if m.id in key.mistakes and grade_attempts(
        [put(tmp_path / "probe.json", record(answered(m.id), exercise=ex))], expect={"week2": tree}).graded[0].grade.mistake == m.id]
    rng = random.Random(35)
    made: dict[str | None, int] = {}
    paths = []
    for i in range(100):
        which = rng.choice([None, *kinds])
        made[which] = made.get(which, 0) + 1
        paths.append(put(tmp_path / f"s{i:03}.json", record(answered(which), student=f"s{i:03}", exercise=ex)))
    assert [why for _, why in grade_attempts(paths[:1]).refused] == [  # unsealed: trusted only as set
        f"{paths[0]}: exercise 'week2' is not sealed: give the exercises set (expect, --expect) to check its tree against"]
    book = grade_attempts(paths, expect={"week2": tree})
    assert not book.refused and len(book.graded) == 100
    named = {g.grade.mistake for g in book.graded if not g.grade.correct}
    rows = mistake_rows(book)
    counted: dict[str, int] = {}
    for r in rows:
        counted[r.mistake] = counted.get(r.mistake, 0) + r.students
    assert sum(1 for g in book.graded if g.grade.correct) == made.get(None, 0)
    assert counted == {k: made[k] for k in made if k is not None}, (named, made)
    assert len(counted) >= 4
    table = list(csv.DictReader(io.StringIO(report_csv(rows))))
    assert sum(int(r["students"]) for r in table) == 100 - made.get(None, 0)
    assert all(r["role"] in ROLES and not r["example"].startswith("s") for r in table)  # anonymous: no IDs


def test_exercises_graded_needs_a_student_a_salt_and_a_sheet_and_writes_no_key(tmp_path: Path, capsys: Any,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NEGAVIZ_KEY_SALT", raising=False)
    out = tmp_path / "s1.html"
    base = ["exercises", "--graded", "--count", "1", "--depth", "2", "--branching", "2", "--seed", "0", "-o", str(out)]
    assert main(base + ["--student", "s1"]) == 2
    assert capsys.readouterr().err == ("negaviz: error: --graded needs --key-salt-file or NEGAVIZ_KEY_SALT, --sheet: a graded page is one "
                                       "student's, made from the course's salt, for a named sheet\n")
    assert main(base + ["--student", "s1", "--sheet", "w3", "--key-salt", SALT, "--key", str(tmp_path / "k.md")]) == 2
    assert "--graded writes the page only: --key is for practice sheets" in capsys.readouterr().err
    assert main(base + ["--student", "s1", "--sheet", "w3", "--key-salt", "short"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == ("negaviz: error: --key-salt is too short (5 characters): a salt must be at least "
                                                       "16 characters, e.g. 128 bits as hex from `python -c 'import secrets; print(secrets.token_hex(16))'`")
    assert not out.exists()
    assert main(base + ["--student", "s1", "--sheet", "w3", "--key-salt", SALT]) == 0
    page = out.read_text(encoding="utf-8")
    assert main(base + ["--student", "s1", "--sheet", "w3", "--key-salt", SALT]) == 2  # no overwrite without --force
    assert "already exists: use --force" in capsys.readouterr().err
    data = json.loads(page.split('id="negaviz-graded">')[1].split("</script>")[0])
    assert data["submit"]["student"] == "s1"
    key = answer_key(search_record(Tree.parse(data["exercises"][0]["position"]), algorithm="alphabeta"),
                     perspective="minimax")
    assert '"keys"' not in page and "accepted" not in page
    assert not [v["why"] for v in [*key.values.values(), *key.cuts.values()] if v["why"] in page]
