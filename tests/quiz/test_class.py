"""A whole class through ``grade-attempts``: each record bound to its submitter, a grade for
every student in every format (CSV, Gradescope per submission, the class report), the
salt kept out of ``ps``, and bad input refused in one line (issue 48)."""

from __future__ import annotations

import copy
import csv
import io
import json
import os
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from negaviz import Tree, record as search_record
from negaviz.cli import main
from negaviz.quiz import grade_attempts
from negaviz.quiz.grading import answer_key
from negaviz.quiz.salt import issued_exercise, seal

SALT = "course-salt-cs440-week3"
SHEET = {"sheet": "week3", "count": 2, "depth": 2, "branching": 2, "cutoffs": 1, "deep_cutoffs": None,
         "ties": False, "perspective": "minimax"}
KINDS = ["right", "copied", "slip", "misconception", "missing", "edited"]
CLASS = [f"s{i:03}" for i in range(300)]
KIND = {sid: KINDS[i % len(KINDS)] for i, sid in enumerate(CLASS)}
"""Fifty students of each kind (a class of 300); a copier hands in the record of the student before them."""

GRADESCOPE_RESULTS = {  # Gradescope's documented results.json (autograder specifications), the fields negaviz writes
    "type": "object", "required": ["tests"],
    "properties": {
        "score": {"type": "number"}, "output": {"type": "string"},
        "tests": {"type": "array", "items": {
            "type": "object", "required": ["name", "score", "max_score", "output", "visibility"],
            "properties": {"name": {"type": "string"}, "score": {"type": "number"}, "max_score": {"type": "number"},
                           "output": {"type": "string"},
                           "visibility": {"enum": ["hidden", "after_due_date", "after_published", "visible"]}},
            "additionalProperties": False}},
    },
}


def show(x: float) -> str:
    return "∞" if x == float("inf") else "−∞" if x == float("-inf") else str(int(x))


def sealed(student: str | None, number: int) -> dict[str, Any]:
    variant = {**SHEET, "number": number}
    ex = issued_exercise(SALT, student, variant).to_json()
    ex["seal"] = seal(SALT, ex["id"], student, variant)
    return ex


def answers(ex: dict[str, Any], kind: str) -> list[dict[str, str]]:
    """A student's answers to one exercise: all right, one slip (the root's value off by
    100), or the answers of the negation misconception (values in the other view)."""
    key = answer_key(search_record(Tree.parse(ex["position"]), algorithm="alphabeta"), perspective="minimax")
    values = {n: v["value"] for n, v in key.values.items()}
    windows = {n: w["window"] for n, w in key.windows.items()}
    cuts = set(key.cuts)
    if kind == "slip":
        root = next(iter(values))
        values[root] += 100
    if kind == "misconception":
        wrong = key.mistakes["negation"]
        values, windows, cuts = wrong["values"], wrong["windows"], wrong["cuts"]
    out = [{"kind": "value", "node": n, "text": show(v)} for n, v in values.items()]
    out += [{"kind": "window", "node": n, "text": f"({show(a)}, {show(b)})"} for n, (a, b) in windows.items()]
    return out + [{"kind": "cut", "node": n} for n in sorted(cuts)]


def attempt(student: str | None, kind: str) -> dict[str, Any]:
    items = [{"exercise": sealed(student, k), "answers": answers(sealed(student, k), kind), "verdict": None}
             for k in (1, 2)]
    return {"format": "negaviz-attempt", "schema": 1, "negaviz": "0.1.0", "student": student, "exercises": items}


def handed_in() -> dict[str, dict[str, Any]]:
    """What each student hands in (none for the missing): a copier, the classmate's record as it is."""
    out = {}
    for i, sid in enumerate(CLASS):
        kind = KIND[sid]
        if kind == "missing":
            continue
        if kind == "copied":
            out[sid] = attempt(CLASS[i - 1], KIND[CLASS[i - 1]])
        elif kind == "edited":
            rec = attempt(sid, "right")
            rec["exercises"][0]["exercise"]["position"] = "A(B:1 C:9)"  # an easier tree, passed off as issued
            out[sid] = rec
        else:
            out[sid] = attempt(sid, kind)
    return out


@pytest.fixture(scope="module")
def expected() -> dict[str, tuple[int, int]]:
    """Each student's (right, asked) on the whole sheet, graded one record at a time."""
    table = {}
    for sid in CLASS:
        asked = sum(grade_attempts([_one(sid, "right", k)], key_salt=SALT).graded[0].points[1] for k in (1, 2))
        right = {"right": asked, "slip": asked - 2}.get(KIND[sid])
        if KIND[sid] == "misconception":
            book = grade_attempts([_one(sid, "misconception", k) for k in (1, 2)], key_salt=SALT)
            assert {g.grade.mistake for g in book.graded} == {"negation"}
            right = sum(g.points[0] for g in book.graded)
        table[sid] = (right or 0, asked)
    return table


def _one(sid: str, kind: str, number: int) -> str:
    """One exercise of a student's record, alone in a file (the reference grade)."""
    rec = attempt(sid, kind)
    rec["exercises"] = [rec["exercises"][number - 1]]
    folder = Path(os.environ["NEGAVIZ_TEST_TMP"])
    path = folder / f"{sid}-{kind}-{number}.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module", autouse=True)
def _tmp(tmp_path_factory: pytest.TempPathFactory) -> None:
    os.environ["NEGAVIZ_TEST_TMP"] = str(tmp_path_factory.mktemp("one"))


@pytest.fixture(autouse=True)
def _salt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEGAVIZ_KEY_SALT", SALT)


def nbgrader_layout(root: Path) -> list[str]:
    """nbgrader's ``submitted/STUDENT_ID/week3/negaviz_answers.json``, in sorted order (each copy after its
    original; Gradescope's layout below lists the copies first)."""
    paths = []
    for sid, rec in handed_in().items():
        path = root / "submitted" / sid / "week3" / "negaviz_answers.json"
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps(rec), encoding="utf-8")
        paths.append(str(path))
    return sorted(paths)


def gradescope_layout(root: Path) -> list[str]:
    """Gradescope's export: ``submission_N/negaviz_answers.json`` and ``submission_metadata.yml``."""
    meta = []
    paths = []
    for n, (sid, rec) in enumerate(reversed(handed_in().items())):  # copies before the originals
        folder = root / f"submission_{9000 + n}"
        folder.mkdir(parents=True)
        (folder / "negaviz_answers.json").write_text(json.dumps(rec), encoding="utf-8")
        meta.append(f"submission_{9000 + n}:\n  :submitters:\n  - :name: Student {sid}\n    :sid: '{sid}'\n"
                    f"    :email: {sid}@example.org\n  :created_at: 2026-12-07 21:00:00.000000000 -08:00\n"
                    "  :score: 0.0\n")
        paths.append(str(folder / "negaviz_answers.json"))
    (root / "submission_metadata.yml").write_text("".join(meta), encoding="utf-8")
    return paths


def roster(root: Path) -> Path:
    path = root / "roster.csv"
    path.write_text("student_id\n" + "".join(f"{sid}\n" for sid in CLASS), encoding="utf-8")
    return path


def test_every_student_graded_against_their_submitter_in_the_csv(tmp_path: Path, capsys: Any,
                                                                 expected: dict[str, tuple[int, int]]) -> None:
    paths = nbgrader_layout(tmp_path)
    out = tmp_path / "grades.csv"
    assert main(["grade-attempts", *paths, "--roster", str(roster(tmp_path)), "--points", "10",
                 "--csv", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    copiers = [sid for sid in CLASS if KIND[sid] == "copied"]
    editors = [sid for sid in CLASS if KIND[sid] == "edited"]
    assert len(err) == len(copiers) + len(editors)
    for sid in copiers:
        owner = CLASS[CLASS.index(sid) - 1]
        path = tmp_path / "submitted" / sid / "week3" / "negaviz_answers.json"
        assert f"negaviz: refused: {path}: the record is student {owner}'s, but {sid} submitted it: a copy is not " \
               "graded (each record counts only for its own student)" in err
    rows = {r["student_id"]: r for r in csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")))}
    assert sorted(rows) == sorted(CLASS)  # a row for every student, by ID, not a file path
    for sid in CLASS:
        right, asked = expected[sid] if KIND[sid] in ("right", "slip", "misconception") else (0, 1)
        assert float(rows[sid]["score"]) == round(10 * right / asked, 2), (sid, KIND[sid])
        assert float(rows[sid]["max_score"]) == 10.0  # the same maximum for everyone
        graded = KIND[sid] in ("right", "slip", "misconception")
        assert rows[sid]["sealed_student"] == (sid if graded else "")
        assert rows[sid]["submitter"] == (sid if graded else "")
    assert float(rows[copiers[0]]["score"]) == 0.0  # the copy scores nothing for the copier...
    owner = CLASS[CLASS.index(copiers[0]) - 1]
    assert float(rows[owner]["score"]) == round(10 * expected[owner][0] / expected[owner][1], 2)  # ...nor displaces


def test_per_exercise_points_make_every_total_the_same_maximum(tmp_path: Path,
                                                               expected: dict[str, tuple[int, int]]) -> None:
    paths = nbgrader_layout(tmp_path)
    out = tmp_path / "grades.csv"
    main(["grade-attempts", *paths, "--points", "5", "--points-per", "exercise", "--csv", str(out)])
    rows = {r["student_id"]: r for r in csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")))}
    assert {float(r["max_score"]) for r in rows.values()} == {10.0}  # two exercises of 5
    right = [sid for sid in CLASS if KIND[sid] == "right"]
    assert all(float(rows[sid]["score"]) == 10.0 for sid in right)


def test_gradescope_export_gives_one_result_per_submission(tmp_path: Path, capsys: Any,
                                                           expected: dict[str, tuple[int, int]]) -> None:
    paths = gradescope_layout(tmp_path / "export")
    results = tmp_path / "results"
    results.mkdir()
    assert main(["grade-attempts", *paths, "--points", "10", "--gradescope", str(results)]) == 1
    capsys.readouterr()
    meta = (tmp_path / "export" / "submission_metadata.yml").read_text(encoding="utf-8")
    folders = sorted(p.name for p in results.iterdir())
    assert folders == sorted(Path(p).parent.name for p in paths)  # one per submission, by its folder
    for path in paths:
        folder = Path(path).parent.name
        sid = meta.split(f"{folder}:\n", 1)[1].split(":sid: '", 1)[1].split("'", 1)[0]
        data = json.loads((results / folder / "results.json").read_text(encoding="utf-8"))
        jsonschema.validate(data, GRADESCOPE_RESULTS)
        if KIND[sid] in ("right", "slip", "misconception"):
            right, asked = expected[sid]
            assert data["score"] == pytest.approx(10 * right / asked, abs=0.02), sid
            assert sum(t["max_score"] for t in data["tests"]) == pytest.approx(10)
            assert f"Record of student {sid}, submitted by {sid}." in data["tests"][0]["output"]
        else:
            assert data["score"] == 0 and any(t["output"].startswith("Not graded: ") for t in data["tests"])
        if KIND[sid] == "copied":
            owner = CLASS[CLASS.index(sid) - 1]
            assert f"the record is student {owner}'s, but {sid} submitted it" in data["tests"][-1]["output"]


def test_one_results_json_takes_one_submission_only(tmp_path: Path, capsys: Any) -> None:
    paths = nbgrader_layout(tmp_path)
    out = tmp_path / "results.json"
    assert main(["grade-attempts", *paths, "--gradescope", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"a Gradescope results.json is one submission's, but these records are {len(CLASS) // 2} students'" in err
    assert main(["grade-attempts", paths[0], "--gradescope", str(out)]) == 0
    jsonschema.validate(json.loads(out.read_text(encoding="utf-8")), GRADESCOPE_RESULTS)


def test_an_lms_export_names_the_submitters(tmp_path: Path, capsys: Any) -> None:
    a, b = attempt("s00", "right"), attempt("s01", "right")
    files = tmp_path / "files"
    files.mkdir()
    (files / "u1.json").write_text(json.dumps(a), encoding="utf-8")  # s00's own
    (files / "u0.json").write_text(json.dumps(a), encoding="utf-8")  # s00's, handed in by s01, sorts first
    (files / "u2.json").write_text(json.dumps(b), encoding="utf-8")
    lms = tmp_path / "lms.csv"
    lms.write_text("file,student\nu0.json,s01\nu1.json,s00\nu2.json,s01\n", encoding="utf-8")
    out = tmp_path / "g.csv"
    assert main(["grade-attempts", *sorted(map(str, files.iterdir())), "--submitters", str(lms), "--csv", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [f"negaviz: refused: {files / 'u0.json'}: the record is student s00's, but s01 submitted it: a copy is "
                   "not graded (each record counts only for its own student)"]
    rows = {r["student_id"]: r for r in csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")))}
    assert set(rows) == {"s00", "s01"} and rows["s00"]["score"] == rows["s00"]["max_score"]


def test_the_class_report_is_anonymous_counts_students_and_groups_by_role(tmp_path: Path, capsys: Any) -> None:
    paths = nbgrader_layout(tmp_path)
    report = tmp_path / "week3.html"
    assert main(["grade-attempts", *paths, "--roster", str(roster(tmp_path)), "--report", str(report)]) == 1
    page = report.read_text(encoding="utf-8")
    table = list(csv.DictReader(io.StringIO(report.with_suffix(".csv").read_text(encoding="utf-8"))))
    assert not any(sid in page for sid in CLASS) and str(tmp_path) not in page and "submitted/" not in page
    assert not any(sid in r["example"] for r in table for sid in CLASS)
    misled = sum(1 for sid in CLASS if KIND[sid] == "misconception")  # each counted once, on both exercises
    assert f"<td class=n>{misled}</td><td class=n>{misled / len(CLASS):.0%}</td>" in page
    assert {r["role"] for r in table} <= {"the root", "a node that fails high", "a node that fails low",
                                          "a node with an exact value", "the first cut", "a later cut",
                                          "a move that is tried, marked cut"}
    assert all(not r["role"].isupper() for r in table)
    staff = tmp_path / "staff.html"
    main(["grade-attempts", *paths, "--names", "--report", str(staff)])
    assert "s003" in staff.read_text(encoding="utf-8")  # a misconception student, named for staff


def test_the_salt_from_a_file_the_environment_or_the_command_line(tmp_path: Path, capsys: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    rec = tmp_path / "s00.json"
    rec.write_text(json.dumps(attempt("s00", "right")), encoding="utf-8")
    assert main(["grade-attempts", str(rec)]) == 0  # NEGAVIZ_KEY_SALT
    assert capsys.readouterr().err == ""
    monkeypatch.delenv("NEGAVIZ_KEY_SALT")
    salt = tmp_path / "salt.txt"
    salt.write_text(SALT + "\n", encoding="utf-8")
    assert main(["grade-attempts", str(rec), "--key-salt-file", str(salt)]) == 0
    assert capsys.readouterr().err == ""
    assert main(["grade-attempts", str(rec), "--key-salt", SALT]) == 0
    assert capsys.readouterr().err == ("negaviz: warning: --key-salt shows in `ps` to anyone on this machine: set "
                                       "NEGAVIZ_KEY_SALT or use --key-salt-file\n")


RULE = "a salt must be at least 16 characters, e.g. 128 bits as hex from `python -c 'import secrets; " \
       "print(secrets.token_hex(16))'`"


def test_bad_input_is_refused_in_one_line_and_nothing_is_written_over_an_input(tmp_path: Path, capsys: Any,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    rec = tmp_path / "s00.json"
    rec.write_text(json.dumps(attempt("s00", "right")), encoding="utf-8")
    short = tmp_path / "short.txt"
    short.write_text("tooshort\n", encoding="utf-8")
    ros = roster(tmp_path)
    before = ros.read_bytes()
    cases = [
        (["--roster", str(tmp_path / "none.csv"), "--csv", str(tmp_path / "g.csv")],
         f"--roster {str(tmp_path / 'none.csv')!r}: no such file"),
        (["--submitters", str(tmp_path / "none.csv")], f"--submitters {str(tmp_path / 'none.csv')!r}: no such file"),
        (["--key-salt-file", str(short)], f"the salt in --key-salt-file {str(short)!r} is too short (8 characters): {RULE}"),
        (["--csv", str(ros), "--roster", str(ros), "--force"],
         f"--csv {str(ros)!r} is --roster {str(ros)!r}, an input: name another file for --csv (--force never replaces "
         "an input)"),
        (["--gradescope", str(tmp_path / "nowhere") + "/"],
         f"--gradescope {str(tmp_path / 'nowhere') + '/'!r}: folder does not exist (make it first: one results.json per "
         "submission goes in it)"),
        (["--points=-3", "--csv", str(tmp_path / "g.csv")], "argument --points: must be a number of points of at least 0, "
         "not '-3'"),
    ]
    for extra, said in cases:
        assert main(["grade-attempts", str(rec), *extra]) == 2, extra
        assert capsys.readouterr().err == f"negaviz: error: {said}\n", extra
    monkeypatch.setenv("NEGAVIZ_KEY_SALT", "short-salt")
    assert main(["grade-attempts", str(rec)]) == 2
    assert capsys.readouterr().err == f"negaviz: error: NEGAVIZ_KEY_SALT is too short (10 characters): {RULE}\n"
    assert ros.read_bytes() == before and not (tmp_path / "g.csv").exists()


def test_submitters_for_a_group_and_a_record_that_names_no_one(tmp_path: Path) -> None:
    rec = tmp_path / "r.json"
    rec.write_text(json.dumps(attempt("s00", "right")), encoding="utf-8")
    book = grade_attempts([rec], key_salt=SALT, submitters={str(rec): ("s05", "s00")})
    assert not book.refused and book.graded[0].submitter == "s00"  # one of the group
    edited = copy.deepcopy(attempt("s00", "right"))
    edited["student"] = "s05"  # relabelled: the seal is s00's
    rec.write_text(json.dumps(edited), encoding="utf-8")
    assert "seal does not match" in grade_attempts([rec], key_salt=SALT, submitters={str(rec): ("s05",)}).refused[0][1]


def test_only_nbgraders_whole_layout_names_a_submitter(tmp_path: Path) -> None:
    from negaviz.quiz.submitters import submitters

    loose = tmp_path / "submitted" / "week3" / "s00.json"  # a folder of that name, not nbgrader's layout
    exact = tmp_path / "autograded" / "s00" / "week3" / "negaviz_answers.json"
    assert submitters([str(loose), str(exact)]) == {str(exact): ("s00",)}


def test_gradescope_metadata_of_a_group_names_each_submitter() -> None:
    from negaviz.quiz.submitters import parse_gradescope_metadata

    text = ("submission_7:\n  :submitters:\n  - :name: A\n    :sid: '101'\n    :email: a@x.org\n"
            "  - :name: B\n    :sid:\n    :email: b@x.org\n  :created_at: 2026-12-07\n"
            "submission_8:\n  :submitters:\n  - :name: C\n    :sid: \"103\"\n")
    assert parse_gradescope_metadata(text) == {"submission_7": ("101", "b@x.org"), "submission_8": ("103",)}


def test_on_gradescopes_autograder_the_submission_metadata_names_the_submitter(tmp_path: Path, capsys: Any) -> None:
    """A student who uploads a classmate's sealed record scores nothing: the autograder knows who submitted."""
    root = tmp_path / "autograder"
    (root / "submission").mkdir(parents=True)
    (root / "results").mkdir()
    (root / "submission_metadata.json").write_text(json.dumps(
        {"id": 1, "users": [{"email": "s01@example.org", "id": 77, "name": "S", "sid": "s01"}]}), encoding="utf-8")
    record = root / "submission" / "negaviz_answers.json"
    record.write_text(json.dumps(attempt("s00", "right")), encoding="utf-8")  # s00's record, uploaded by s01
    out = root / "results" / "results.json"
    assert main(["grade-attempts", str(record), "--gradescope", str(out)]) == 1
    data = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(data, GRADESCOPE_RESULTS)
    assert data["score"] == 0 and "the record is student s00's, but s01 submitted it" in data["tests"][-1]["output"]
    capsys.readouterr()


def test_one_results_json_for_many_students_writes_nothing(tmp_path: Path, capsys: Any) -> None:
    paths = nbgrader_layout(tmp_path)
    grades, out = tmp_path / "g.csv", tmp_path / "results.json"
    assert main(["grade-attempts", *paths, "--csv", str(grades), "--gradescope", str(out)]) == 2
    assert not grades.exists() and not out.exists()
    capsys.readouterr()


def test_a_class_searches_and_keys_each_distinct_exercise_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 54: 300 records of 20 exercises were not graded within 120 s: every exercise of
    every record was made again from its sheet to check the record, and searched and keyed
    afresh.  Now a sheet shared by a section (issued to no one in particular) is made once
    and each distinct exercise searched once per run; each record's grades are the ones
    it gets graded alone."""
    from negaviz.quiz import gradebook, salt

    kinds = ["right", "slip", "misconception", "right", "slip", "misconception"]
    paths = []
    for i, kind in enumerate(kinds):
        path = tmp_path / f"r{i}.json"
        path.write_text(json.dumps(attempt(None, kind)), encoding="utf-8")
        paths.append(str(path))
    alone = [[g.points for g in grade_attempts([p], key_salt=SALT).graded] for p in paths]
    searched: list[str] = []
    real = gradebook.search
    monkeypatch.setattr(gradebook, "search", lambda ex: searched.append(ex.position) or real(ex))
    salt._issued.cache_clear()
    book = grade_attempts(paths, key_salt=SALT)
    assert not book.refused and len(book.graded) == 2 * len(kinds)
    assert [[g.points for g in book.by_record()[p]] for p in paths] == alone
    assert alone[0] != alone[1] and alone[0] == alone[3]  # a slip costs points: the grades are each record's own
    positions = {g.answered.exercise.position for g in book.graded}
    assert len(positions) == 2 and sorted(searched) == sorted(positions)  # each tree searched once
    assert salt._issued.cache_info().misses == 2  # each exercise of the sheet made once
