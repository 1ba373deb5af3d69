"""Staff re-grade students' attempt records, and write what course tools read.

Every exercise of every record is recorded again from its own data (the game and
position it names, with its search options) and its answers are graded by
:func:`negaviz.quiz.grade`, the grader the practice pages follow; the verdict the page
showed is advisory and never read.  What comes out:

* :func:`grade_file`: the body of an nbgrader autograder test cell (it prints the
  feedback on stdout, nothing on stderr, and its value is the points);
* :func:`otter_test`: a test file in otter-grader's exception format;
* :func:`gradescope_results`: Gradescope's ``results.json``;
* :func:`grades_csv`: a CSV with nbgrader's export columns.

>>> from negaviz.quiz.attempt import Answer, Answered, Exercise
>>> ex = Exercise("ex1", "tree", "A(B(D:7 E:5) C(F:3 G:1 H:9))", "alphabeta", False, "negamax")
>>> given = (Answer("value", "A", "5"), Answer("value", "B", "5"), Answer("value", "C", "3"),
...          Answer("cut", "G"), Answer("cut", "H"))  # B and C in the other view
>>> g = grade_answered(Answered(ex, given))
>>> g.score, g.mistake
((3, 7), 'negation')
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import sys
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from negaviz.conventions import current
from negaviz.errors import InputError
from negaviz.vocabulary import check_number, check_path, shown
from negaviz.quiz.attempt import Answered, Attempt, Exercise, _check_trust_args
from negaviz.quiz.grading import Grade, grade

__all__ = ["grade_attempts", "grade_file"]

ANSWERS_FILE = "negaviz_answers.json"
"""Where a notebook's stepper saves the record, beside the notebook (unless the lecturer names another)."""
CSV_COLUMNS = ("assignment", "duedate", "timestamp", "student_id", "last_name", "first_name", "email",
               "raw_score", "late_submission_penalty", "score", "max_score")
"""nbgrader's ``export`` columns, in its order."""


@dataclass(frozen=True)
class Graded:
    """One exercise of one record, graded afresh."""

    source: str
    """The record's file."""
    student: str | None
    exercise: str
    """The exercise's id."""
    grade: Grade
    answered: Answered
    """What the student gave."""

    @property
    def points(self) -> tuple[int, int]:
        """(right, asked)."""
        return self.grade.score


@dataclass(frozen=True)
class Gradebook:
    """Every exercise graded, and every record refused (file, one line why)."""

    graded: tuple[Graded, ...]
    refused: tuple[tuple[str, str], ...]

    def by_record(self) -> dict[str, list[Graded]]:
        out: dict[str, list[Graded]] = {}
        for g in self.graded:
            out.setdefault(g.source, []).append(g)
        return out


def _game(ex: Exercise) -> Any:
    from negaviz.games import make_game

    options = dict(ex.options)
    return make_game(ex.game, ex.position,  # type: ignore[arg-type]  # a name of GAMES: the record was checked size=options.get("size"), cols=options.get("cols"),
                     rows=options.get("rows"), connect=options.get("connect"))


def grade_answered(item: Answered) -> Grade:
    """Grade one exercise's answers afresh: record its search from the exercise's own
    data, and grade every inner node's value (and window, for alpha-beta) and the cuts."""
    from negaviz.trace import record

    ex = item.exercise
    try:
        rule: dict[str, Any] = {"cut": ex.cut} if ex.algorithm == "alphabeta" else {}
        trace = record(_game(ex), algorithm=ex.algorithm, fail_hard=ex.fail_hard, **rule)
    except InputError as exc:
        raise InputError(f"exercise {ex.id!r} cannot be searched: {exc}") from None
    values, windows, cut = item.given()
    with warnings.catch_warnings():  # a graded cell writes nothing on stderr
        warnings.simplefilter("ignore")
        return grade(trace, values=values, windows=windows if ex.algorithm == "alphabeta" and ex.windows else None, cut=cut,
                     perspective=ex.perspective)  # type: ignore[arg-type]


def grade_attempts(paths: Iterable[str | os.PathLike[str]], *, key_salt: str | bytes | None = None,
                   expect: Mapping[str, Any] | None = None) -> Gradebook:
    """Grade every record in ``paths``.  A record that cannot be trusted (see
    :meth:`Attempt.load`; an exercise with no seal is trusted only as ``expect`` sets it)
    or that repeats a student's exercise already graded from an earlier file is refused
    with one line; the rest of the batch is graded."""
    if isinstance(paths, (str, bytes, os.PathLike)) or not isinstance(paths, Iterable):
        raise InputError(f"paths must be a list of record files, not {shown(paths)}")
    paths = [check_path(p, "paths") for p in paths]
    _check_trust_args(key_salt, expect)
    graded: list[Graded] = []
    refused: list[tuple[str, str]] = []
    seen: dict[tuple[str | None, str], str] = {}
    for path in paths:
        name = os.fspath(path)
        try:
            rec = Attempt.load(name, key_salt=key_salt, expect=expect)
            for item in rec.exercises:
                if expect is None and item.exercise.seal is None:  # its tree is whatever the record says
                    raise InputError(f"{name}: exercise {item.exercise.id!r} is not sealed: give the exercises set "
                                     "(expect, --expect) to check its tree against")
                first = seen.get((rec.student or name, item.exercise.id))  # an unnamed student: one per file
                if first is not None:
                    who = f"student {rec.student}'s"
                    raise InputError(f"{name}: duplicate submission: {who} exercise {item.exercise.id!r} "
                                     f"is graded from {first}")
                _check_conventions(name, item.exercise)
            done = [Graded(name, rec.student, item.exercise.id, grade_answered(item), item) for item in rec.exercises]
        except InputError as exc:
            refused.append((name, str(exc)))
            continue
        for g in done:
            seen[(g.student or name, g.exercise)] = name
        graded.extend(done)
    return Gradebook(tuple(graded), tuple(refused))


def _check_conventions(name: str, ex: Exercise) -> None:
    """Refuse an exercise answered under another cut rule than the course's conventions."""
    if ex.algorithm != "alphabeta":
        return
    course = current()
    if ex.cut != course.cut:
        said = {">=": "stops a node on reaching β (≥)", ">": "stops a node only past β (>)"}
        raise InputError(f"{name}: exercise {ex.id!r} was set under a search that {said[ex.cut]}, but this course's "
                         f"conventions ({course.title}: negaviz.toml or NEGAVIZ_CONVENTIONS) say it "
                         f"{said[course.cut].split(' ', 1)[1]}: set the exercise again, or grade under its conventions")


def feedback(g: Graded) -> str:
    """What the student reads about one exercise: the points and the grader's sentence."""
    right, asked = g.points
    lines = [f"Exercise {g.exercise}: {right} of {asked} answers right. {g.grade.sentence}"]
    lines += [f"  note: {n}" for n in g.grade.notes]
    return "\n".join(lines)


# --------------------------------------------------------------------- nbgrader
def grade_file(path: str | os.PathLike[str] = ANSWERS_FILE, *, expect: Mapping[str, Any],
               key_salt: str | bytes | None = None, points: float | None = None) -> float:
    """What an nbgrader autograder test cell runs: grade the record at ``path`` against
    the exercises ``expect`` sets (id -> tree text, or the exercise's fields), print the
    feedback on stdout, and return the points (``points`` for all of them, shared by
    answers; default one per answer, ``points`` at least 0).  A missing or untrusted
    record prints why and scores 0; nothing is written on stderr.  An exercise that asks
    nothing (a tree of one leaf) is refused, as :func:`nbgrader_cell` refuses to write it."""
    check_path(path, "path")
    _check_trust_args(key_salt, None)
    _check_points(points)
    if not isinstance(expect, Mapping) or not expect:
        raise InputError("expect must map each exercise's id to its tree's text, e.g. {'week1': 'A(B:1 C:2)'}")
    asked_all = count_asked(expect)
    total = sum(asked_all.values())
    scale = 1.0 if points is None else float(points) / total
    name = os.fspath(path)
    if not os.path.exists(name):
        print(f"No answers: {name} is not beside the notebook. Press submit under each exercise, then save.")
        return 0.0
    book = grade_attempts([name], key_salt=key_salt, expect=expect)
    for _, why in book.refused:
        print(f"Not graded: {why}")
    got = {g.exercise: g for g in book.graded}
    earned = 0.0
    for ex_id in expect:
        if ex_id in got:
            print(feedback(got[ex_id]))
            earned += got[ex_id].points[0]
        elif not book.refused:
            print(f"Exercise {ex_id}: no answers submitted (0 of {asked_all[ex_id]}).")
    sys.stdout.flush()
    return round(earned * scale, 2)


def _check_points(points: Any) -> None:
    """``points`` (the cell's points for every answer) None or a finite number of at least 0."""
    check_number(points, "points", none=True)
    if points is not None and not 0 <= float(points) < math.inf:
        raise InputError(f"points must be a number of at least 0 (the cell's points for all the answers), "
                         f"or None (one per answer), not {shown(points)}")


def count_asked(expect: Mapping[str, Any]) -> dict[str, int]:
    """How many answers each expected exercise asks for.  An exercise that asks none (its
    tree is a single leaf: nothing to search) is refused: graded, it would be 0 of 0, and
    what it is worth, no answer could earn or lose; it is a tree set by mistake."""
    asked = {ex_id: grade_answered(Answered(_expected(ex_id, spec), ())).score[1] for ex_id, spec in expect.items()}
    for ex_id, n in asked.items():
        if n == 0:
            tree = shown(_expected(ex_id, expect[ex_id]).position)
            raise InputError(f"exercise {ex_id!r} asks no question: its tree {tree} has no move to search, so there "
                             "is nothing to answer (set a tree with at least one move)")
    return asked


def _expected(ex_id: str, spec: Any) -> Exercise:
    fields: dict[str, Any] = {"game": "tree", "position": spec} if isinstance(spec, str) else dict(spec)
    algorithm = fields.get("algorithm", "alphabeta")
    return Exercise(ex_id, fields.get("game", "tree"), fields.get("position"), algorithm,
                    fields.get("fail_hard", False), fields.get("perspective", "minimax"), fields.get("options", {}),
                    None, None, fields.get("windows", algorithm == "alphabeta"),
                    fields.get("cut", current().cut if algorithm == "alphabeta" else ">="))


def full_expect(expect: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """``expect`` with every field an exercise is checked by: game, position, search
    (and the view or size options where given; a student may answer in either view)."""
    out = {}
    for ex_id, spec in expect.items():
        given = {"position": spec} if isinstance(spec, str) else dict(spec)
        ex = _expected(ex_id, spec).to_json()
        out[ex_id] = {k: v for k, v in ex.items()
                      if k in ("game", "position", "algorithm", "fail_hard", "windows", "cut") or k in given}
    return out


def nbgrader_cell(expect: Mapping[str, Any], *, path: str = ANSWERS_FILE, grade_id: str = "negaviz-answers",
                  points: float | None = None) -> dict[str, Any]:
    """An nbgrader autograder test cell (cell metadata schema 3) that grades the record
    saved beside the notebook.  What is expected sits in hidden tests: students see
    only that the cell grades their answers."""
    _check_points(points)
    full = full_expect(expect)
    asked = count_asked(expect)
    total = float(points) if points is not None else float(sum(asked.values()))
    source = (
        "# Grades the answers your steppers saved (submit), in " + path + ". Run by the course's autograder.\n"
        "from negaviz.quiz import grade_file\n"
        "### BEGIN HIDDEN TESTS\n"
        f"grade_file({path!r}, expect={full!r}, points={total!r})\n"
        "### END HIDDEN TESTS"
    )
    return {"cell_type": "code", "execution_count": None, "id": grade_id, "outputs": [], "source": source,
            "metadata": {"nbgrader": {"grade": True, "grade_id": grade_id, "locked": True, "points": total,
                                      "schema_version": 3, "solution": False, "task": False}}}


# --------------------------------------------------------------------- otter
def otter_test(expect: Mapping[str, Any], *, name: str = "negaviz", path: str = ANSWERS_FILE,
               hidden: bool = False) -> str:
    """An otter-grader test file (exception format) for the record saved beside the
    notebook: for each exercise of N answers, N one-point cases, the k-th passing when
    at least k answers are right, so otter's points are the answers right; a failing
    case carries the grader's feedback."""
    asked = count_asked(expect)
    full = full_expect(expect)
    lines = [
        '"""negaviz: the answers saved by the practice steppers, graded afresh (written by negaviz)."""',
        "OK_FORMAT = False",
        "",
        "from otter.test_files import test_case",
        "from negaviz.quiz.gradebook import otter_check",
        "",
        f"name = {name!r}",
        f"EXPECT = {full!r}",
        "",
    ]
    names = _idents(list(asked))
    for ex_id, n in asked.items():
        for k in range(1, n + 1):
            lines += [
                f"@test_case(name={f'{ex_id}: answer {k} of {n}'!r}, points=1, hidden={hidden!r})",
                f"def test_{names[ex_id]}_{k}(env):",
                f"    otter_check({path!r}, EXPECT, {ex_id!r}, {k})",
                "",
            ]
    return "\n".join(lines)


def _idents(ids: Sequence[str]) -> dict[str, str]:
    """A part of a Python name for each exercise id: its ASCII letters and digits kept,
    anything else (``½``, a space, ``#``) made ``_``; two ids that come out the same (``week½``
    and ``week¼``) are told apart by their place, so no test function hides another."""
    out: dict[str, str] = {}
    for i, ex_id in enumerate(ids, start=1):
        name = "".join(c if c.isascii() and c.isalnum() else "_" for c in ex_id)
        while name in out.values():
            name = f"{name}_{i}"
        out[ex_id] = name
    return out


_CHECKED: dict[tuple[str, str], Gradebook] = {}


def otter_check(path: str, expect: Mapping[str, Any], exercise: str, k: int) -> None:
    """One otter case: fails (AssertionError carrying the feedback) unless at least
    ``k`` of ``exercise``'s answers in the record at ``path`` are right."""
    if not os.path.exists(path):
        raise AssertionError(f"No answers: {path} is not beside the notebook. Press submit under each exercise.")
    key = (os.path.abspath(path), json.dumps(expect, sort_keys=True))
    if key not in _CHECKED:
        _CHECKED[key] = grade_attempts([path], expect=expect)
    book = _CHECKED[key]
    if book.refused:
        raise AssertionError(f"Not graded: {book.refused[0][1]}")
    found = [g for g in book.graded if g.exercise == exercise]
    if not found:
        raise AssertionError(f"Exercise {exercise}: no answers submitted.")
    if found[0].points[0] < k:
        raise AssertionError(feedback(found[0]))


# --------------------------------------------------------------------- Gradescope and CSV
def gradescope_results(book: Gradebook, *, visibility: str = "visible") -> dict[str, Any]:
    """Gradescope's ``results.json``: a test per exercise graded (score, max_score,
    feedback) and one per record refused (0 points, why)."""
    if visibility not in ("visible", "hidden", "after_due_date", "after_published"):
        raise InputError(f"unknown visibility: {visibility!r} (must be visible, hidden, after_due_date or after_published)")
    tests = [{"name": f"Exercise {g.exercise}", "score": g.points[0], "max_score": g.points[1],
              "visibility": visibility, "output": feedback(g)} for g in book.graded]
    tests += [{"name": f"Record {os.path.basename(src)}", "score": 0, "max_score": 0, "visibility": visibility,
               "output": f"Not graded: {why}"} for src, why in book.refused]
    return {"score": sum(g.points[0] for g in book.graded), "tests": tests,
            "output": f"{len(book.graded)} exercise(s) graded afresh by negaviz; {len(book.refused)} record(s) refused."}


def grades_csv(book: Gradebook, *, assignment: str) -> str:
    """One row per record graded, in nbgrader's export columns (student_id from the
    record, else the file's name)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for source, items in book.by_record().items():
        right = sum(g.points[0] for g in items)
        asked = sum(g.points[1] for g in items)
        student = items[0].student or os.path.splitext(source)[0]  # no ID in the record: its path names it
        w.writerow([assignment, "", "", student, "", "", "", float(right), 0.0, float(right), float(asked)])
    return out.getvalue()


def summary_lines(book: Gradebook) -> Sequence[str]:
    """A line per record graded: file, student, points."""
    out = []
    for source, items in book.by_record().items():
        right = sum(g.points[0] for g in items)
        asked = sum(g.points[1] for g in items)
        who = items[0].student or "-"
        out.append(f"{source}: {who}: {right} of {asked} " + "; ".join(
            f"{g.exercise} {g.points[0]}/{g.points[1]}{' ' + g.grade.mistake if g.grade.mistake else ''}" for g in items))
    return out
