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
from dataclasses import dataclass, field, replace
from typing import Any

from negaviz.conventions import Conventions, current, using
from negaviz.errors import InputError
from negaviz.vocabulary import check_flag, check_number, check_path, shown
from negaviz.quiz.attempt import Answered, Attempt, Exercise, _check_trust_args, as_issued, expected_exercise
from negaviz.quiz.grading import Grade, answer_key, check_gradable
from negaviz.quiz.key import Key

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
    submitter: str | None = None
    """Who submitted the file, where the course's tools say (:mod:`negaviz.quiz.submitters`)."""
    claimed: tuple[str, ...] = ()
    """What the record claimed the exercise asked, where the exercises set says otherwise
    (it is graded on the exercise as set: :func:`negaviz.quiz.attempt.as_issued`)."""

    @property
    def points(self) -> tuple[int, int]:
        """(right, asked)."""
        return self.grade.score

    @property
    def who(self) -> str:
        """The student this grade is for: the submitter, else the student the record
        names, else the file's name (an unnamed record is one student per file)."""
        return self.submitter or self.student or os.path.splitext(self.source)[0]


@dataclass(frozen=True)
class Gradebook:
    """Every exercise graded, and every record refused (file, one line why)."""

    graded: tuple[Graded, ...]
    refused: tuple[tuple[str, str], ...]
    submitters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Who submitted each file (path as given -> student IDs), where known."""

    def by_record(self) -> dict[str, list[Graded]]:
        out: dict[str, list[Graded]] = {}
        for g in self.graded:
            out.setdefault(g.source, []).append(g)
        return out

    def by_student(self) -> dict[str, list[Graded]]:
        """The exercises graded for each student (:attr:`Graded.who`), in the order first graded."""
        out: dict[str, list[Graded]] = {}
        for g in self.graded:
            out.setdefault(g.who, []).append(g)
        return out

    def submission(self, path: str) -> str:
        """The submission a file belongs to: its Gradescope submission folder, else its
        submitter (or the student it names), else the file's name."""
        from negaviz.quiz.submitters import submission_name

        named = submission_name(path)
        if named:
            return named
        if path in self.submitters:
            return self.submitters[path][0]
        mine = [g for g in self.graded if g.source == path]
        return mine[0].who if mine else os.path.splitext(os.path.basename(path))[0]

    def split(self) -> dict[str, Gradebook]:
        """A gradebook per submission (:meth:`submission`), for one result each."""
        parts: dict[str, tuple[list[Graded], list[tuple[str, str]]]] = {}
        for g in self.graded:
            parts.setdefault(self.submission(g.source), ([], []))[0].append(g)
        for src, why in self.refused:
            parts.setdefault(self.submission(src), ([], []))[1].append((src, why))
        return {name: Gradebook(tuple(g), tuple(r), self.submitters) for name, (g, r) in parts.items()}


def _game(ex: Exercise) -> Any:
    from negaviz.games import Tree, make_game

    if ex.game == "tree" and ex.players != 2 and ex.position is not None:
        return Tree.parse(ex.position, players=ex.players)
    options = dict(ex.options)
    return make_game(ex.game, ex.position,  # type: ignore[arg-type]  # a name of GAMES: the record was checked size=options.get("size"), cols=options.get("cols"),
                     rows=options.get("rows"), connect=options.get("connect"))


def search(ex: Exercise) -> Any:
    """The trace of an exercise's search, recorded afresh from its own data."""
    from negaviz.trace import record

    try:
        rule: dict[str, Any] = {"cut": ex.cut} if ex.algorithm == "alphabeta" else {}
        if ex.leaf_bounds is not None:
            rule["leaf_bounds"] = ex.leaf_bounds
        return record(_game(ex), algorithm=ex.algorithm, fail_hard=ex.fail_hard, **rule)
    except InputError as exc:
        raise InputError(f"exercise {ex.id!r} cannot be searched: {exc}") from None


KEYS_KEPT = 4096
"""The most answer keys one :func:`grade_attempts` run keeps, one per distinct exercise
(a class's records repeat their exercises: a shared sheet, sections, re-submissions),
so each is searched and keyed once; past it the oldest is dropped (memory stays bounded)."""


def _identity(ex: Exercise) -> tuple[Any, ...]:
    """What an exercise's key depends on (its id, seal and the answers asked do not)."""
    return (ex.game, ex.position, tuple(sorted(ex.options.items())), ex.algorithm, ex.fail_hard, ex.cut,
            ex.perspective)


def _answer_key(ex: Exercise, keys: dict[tuple[Any, ...], Key] | None) -> Key:
    """``ex``'s answer key: its search recorded afresh from its own data, keyed in its view;
    from ``keys`` where this run keyed the same exercise already (the course's conventions,
    which the key follows, are the same throughout a run)."""
    ident = _identity(ex)
    if keys is not None and ident in keys:
        return keys[ident]
    trace = search(ex)
    check_gradable(trace)
    key = answer_key(trace, perspective=ex.perspective)  # type: ignore[arg-type]
    if keys is not None and KEYS_KEPT > 0:
        while len(keys) >= KEYS_KEPT:
            del keys[next(iter(keys))]  # the oldest (dicts keep their order)
        keys[ident] = key
    return key


def grade_answered(item: Answered, keys: dict[tuple[Any, ...], Key] | None = None) -> Grade:
    """Grade one exercise's answers afresh: record its search from the exercise's own
    data, and grade every inner node's value (and window, for alpha-beta) and the cuts.
    ``keys``: the answer keys of exercises graded before in this run, by exercise (it is
    filled in)."""
    ex = item.exercise
    values, windows, cut = item.given()
    with warnings.catch_warnings():  # a graded cell writes nothing on stderr
        warnings.simplefilter("ignore")
        key = _answer_key(ex, keys)
        return key.grade(values=values, windows=windows if ex.algorithm == "alphabeta" and ex.windows else None, cut=cut)


def grade_attempts(paths: Iterable[str | os.PathLike[str]], *, key_salt: str | bytes | None = None,
                   expect: Mapping[str, Any] | None = None,
                   submitters: Mapping[str, Sequence[str]] | None = None) -> Gradebook:
    """Grade every record in ``paths``.  A record that cannot be trusted (see
    :meth:`Attempt.load`; an exercise with no seal is trusted only as ``expect`` sets it)
    is refused with one line; the rest of the batch is graded.  Where ``expect`` sets an
    exercise, its answers are graded on the whole exercise as set (the search, the cut
    rule, the windows asked: :func:`negaviz.quiz.attempt.expected_exercise`), whatever
    the record claims the exercise asked; a claim that differs is a note in the feedback.

    ``submitters`` says who submitted each file (path as given -> student IDs, several
    for a group), where the course's tools know it.  Each record is then graded against
    its own submitter: one that names another student is refused with both named (a
    copy), so a copy never displaces the original, whichever sorts first.  A record that
    repeats an exercise already graded for the same student is refused as a duplicate."""
    if isinstance(paths, (str, bytes, os.PathLike)) or not isinstance(paths, Iterable):
        raise InputError(f"paths must be a list of record files, not {shown(paths)}")
    paths = [check_path(p, "paths") for p in paths]
    _check_trust_args(key_salt, expect)
    by = _check_submitters(submitters)
    graded: list[Graded] = []
    refused: list[tuple[str, str]] = []
    seen: dict[tuple[str, str], str] = {}
    keys: dict[tuple[Any, ...], Key] = {}  # each distinct exercise keyed once
    course = current()  # (read once: the same for the whole run)
    for path in paths:
        name = os.fspath(path)
        try:
            rec = Attempt.load(name, key_salt=key_salt, expect=expect)
            submitter = _submitter(name, rec.student, by.get(name))
            done = []
            for item in rec.exercises:
                if expect is None and item.exercise.seal is None:  # its tree is whatever the record says
                    raise InputError(f"{name}: exercise {item.exercise.id!r} is not sealed: give the exercises set "
                                     "(expect, --expect) to check its tree against")
                claimed: tuple[str, ...] = ()
                if expect is not None:  # the exercise as set, its conventions too (otter on Gradescope reads no negaviz.toml)
                    item, claimed = as_issued(item, expect[item.exercise.id])
                else:
                    _check_conventions(name, item.exercise, course)
                mark = grade_answered(item, keys)
                if claimed:
                    mark = replace(mark, notes=(*claimed, *mark.notes))
                g = Graded(name, rec.student, item.exercise.id, mark, item, submitter, claimed)
                first = seen.get((g.who, g.exercise))
                if first is not None:
                    raise InputError(f"{name}: duplicate submission: student {g.who}'s exercise {g.exercise!r} "
                                     f"is graded from {first}")
                done.append(g)
        except InputError as exc:
            refused.append((name, str(exc)))
            continue
        for g in done:
            seen[(g.who, g.exercise)] = name
        graded.extend(done)
    return Gradebook(tuple(graded), tuple(refused), {k: tuple(v) for k, v in by.items()})


def _check_submitters(submitters: Any) -> dict[str, tuple[str, ...]]:
    """``submitters`` as (path -> student IDs), or one line saying what it must be."""
    if submitters is None:
        return {}
    if not isinstance(submitters, Mapping) or not all(
            isinstance(v, (list, tuple)) and v and all(isinstance(x, str) and x for x in v)
            for v in submitters.values()):
        raise InputError("submitters must map each record's path to the IDs of who submitted it, "
                         "e.g. {'s1/answers.json': ('s1',)}")
    return {os.fspath(k): tuple(v) for k, v in submitters.items()}


def _submitter(name: str, student: str | None, who: tuple[str, ...] | None) -> str | None:
    """The submitter a record is graded for: refused when the record names a student
    who is not (one of) its submitter(s)."""
    if not who:
        return None
    if student is None:
        return who[0]  # a record that names no one is the submitter's
    if student not in who:
        by = " and ".join(who)
        raise InputError(f"{name}: the record is student {student}'s, but {by} submitted it: a copy is not "
                         f"graded (each record counts only for its own student)")
    return student


def _check_conventions(name: str, ex: Exercise, course: Conventions | None = None) -> None:
    """Refuse a sealed exercise, graded with no exercises set to hold it to, that was set
    under another cut rule than the course's conventions (``course``: the conventions in
    force, if read already)."""
    if ex.algorithm != "alphabeta":
        return
    course = course or current()
    if ex.cut != course.cut:
        said = {">=": "stops a node on reaching β (≥)", ">": "stops a node only past β (>)"}  # "a search that ..."
        raise InputError(f"{name}: exercise {ex.id!r} was set under a search that {said[ex.cut]}, but this course's "
                         f"conventions ({course.title}: negaviz.toml or NEGAVIZ_CONVENTIONS) say it "
                         f"{said[course.cut]}: set the exercise again, or grade under its conventions")


def feedback(g: Graded) -> str:
    """What the student reads about one exercise: the points and the grader's sentence."""
    right, asked = g.points
    lines = [f"Exercise {g.exercise}: {right} of {asked} answers right. {g.grade.sentence}"]
    lines += [f"  note: {n}" for n in g.grade.notes]
    return "\n".join(lines)


# --------------------------------------------------------------------- nbgrader
def grade_file(path: str | os.PathLike[str] = ANSWERS_FILE, *, expect: Mapping[str, Any],
               key_salt: str | bytes | None = None, points: float | None = None, conventions: str | None = None) -> float:
    """What an nbgrader autograder test cell runs: grade the record at ``path`` against
    the exercises ``expect`` sets (id -> tree text, or the exercise's fields), print the
    feedback on stdout, and return the points (``points`` for all of them, shared by
    answers; default one per answer, ``points`` at least 0).  A missing or untrusted
    record prints why and scores 0; nothing is written on stderr.  An exercise that asks
    nothing (a tree of one leaf) is refused, as :func:`nbgrader_cell` refuses to write it.
    ``conventions`` (a preset's name) grades under those, wherever it runs; None, under the
    course's (:mod:`negaviz.conventions`)."""
    with using(conventions):
        return _grade_file(path, expect, key_salt, points)


def _grade_file(path: str | os.PathLike[str], expect: Mapping[str, Any], key_salt: str | bytes | None,
                points: float | None) -> float:
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
        print(f"No answers: {name} is not beside the notebook: run the cell that saves your answers (or press "
              "submit under each exercise), then save the notebook.")
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
    return expected_exercise(ex_id, spec)


def full_expect(expect: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """``expect`` with every field an exercise is graded by spelled out: game, position,
    search, the cut rule (alpha-beta), the windows asked (and the view or size options
    where given; a student may answer in either view).  What a notebook's cell or an otter
    test carries: it grades the same wherever it runs, whatever negaviz.toml is there."""
    out = {}
    for ex_id, spec in expect.items():
        given = {"position": spec} if isinstance(spec, str) else dict(spec)
        ex = _expected(ex_id, spec)
        fields: dict[str, Any] = {"game": ex.game, "position": ex.position, "algorithm": ex.algorithm,
                                  "fail_hard": ex.fail_hard, "windows": ex.windows}
        if ex.algorithm == "alphabeta":
            fields["cut"] = ex.cut
        if "perspective" in given:
            fields["perspective"] = ex.perspective
        if ex.options:
            fields["options"] = dict(ex.options)
        out[ex_id] = fields
    return out


def describe(ex: Exercise, view: str = "in either view") -> str:
    """What an exercise set asks, in words: ``fail-soft alpha-beta, a node stops on reaching β;
    asked: values (in either view), windows and cuts``."""
    values = f"values ({view})"
    if ex.algorithm != "alphabeta":
        return f"{ex.algorithm}; asked: {values}"
    stops = {">=": "on reaching β", ">": "only past β"}[ex.cut]
    return (f"{'fail-hard' if ex.fail_hard else 'fail-soft'} alpha-beta, a node stops {stops}; asked: "
            + (f"{values}, windows and cuts" if ex.windows else f"{values} and cuts (no windows)"))


def describe_expect(expect: Mapping[str, Any]) -> list[str]:
    """A line per exercise of ``expect``: what it asks (:func:`describe`) and how many answers,
    so a TA sees what a plain tree was taken to mean before reading any grade."""
    asked = _asked_once(expect)
    out = []
    for ex_id, spec in expect.items():
        ex = _expected(ex_id, spec)
        view = f"in the {ex.perspective} view" if isinstance(spec, Mapping) and "perspective" in spec else "in either view"
        out.append(f"exercise {ex_id} as set: {describe(ex, view)}; {asked[ex_id]} answers")
    return out


def nbgrader_cell(expect: Mapping[str, Any], *, path: str = ANSWERS_FILE, grade_id: str = "negaviz-answers",
                  points: float | None = None, hidden: bool = False) -> dict[str, Any]:
    """An nbgrader autograder test cell (cell metadata schema 3) that grades the record
    saved beside the notebook (however it was saved: a cell's ``write_answers``, a
    stepper's submit).

    The cell is locked and, by default, the same in the student's copy as in the
    instructor's, so nbgrader's checksum of it does not change: what it expects is the
    exercise as set, which the task shows anyway, and a student may run it to see what the
    autograder will say.  ``hidden=True`` puts the call in nbgrader's hidden tests (the
    student sees only that the cell grades the answers); nbgrader then warns at autograde
    that the cell's checksum changed, for every student (jupyter/nbgrader#1961), and a
    student who knows negaviz can still call :func:`grade_file` on the task's tree."""
    _check_points(points)
    check_flag(hidden, "hidden")
    full = full_expect(expect)
    asked = count_asked(expect)
    total = float(points) if points is not None else float(sum(asked.values()))
    call = f"grade_file({path!r}, expect={full!r}, points={total!r}, conventions={current().name!r})"
    source = (
        f"# Grades the answers saved in {path} beside this notebook, afresh: the course's autograder runs\n"
        "# this cell, and the points it ends with count.\n"
        "from negaviz.quiz import grade_file\n"
        + (f"### BEGIN HIDDEN TESTS\n{call}\n### END HIDDEN TESTS" if hidden else call)
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
        f"CONVENTIONS = {current().name!r}  # the course's, named: Gradescope has no negaviz.toml",
        "",
    ]
    names = _idents(list(asked))
    for ex_id, n in asked.items():
        for k in range(1, n + 1):
            lines += [
                f"@test_case(name={f'{ex_id}: answer {k} of {n}'!r}, points=1, hidden={hidden!r})",
                f"def test_{names[ex_id]}_{k}(env):",
                f"    otter_check({path!r}, EXPECT, {ex_id!r}, {k}, conventions=CONVENTIONS)",
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


_CHECKED: dict[tuple[str, str, str], Gradebook] = {}


def otter_check(path: str, expect: Mapping[str, Any], exercise: str, k: int, *, conventions: str | None = None) -> None:
    """One otter case: fails (AssertionError carrying the feedback) unless at least
    ``k`` of ``exercise``'s answers in the record at ``path`` are right, graded under
    ``conventions`` (a preset's name; None: the course's)."""
    with using(conventions):
        _otter_check(path, expect, exercise, k)


def _otter_check(path: str, expect: Mapping[str, Any], exercise: str, k: int) -> None:
    if not os.path.exists(path):
        raise AssertionError(f"No answers: {path} is not beside the notebook: run the cell that saves your answers "
                             "(or press submit under each exercise).")
    key = (os.path.abspath(path), json.dumps(expect, sort_keys=True), current().name)
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


# --------------------------------------------------------------------- a whole class
PER = ("sheet", "exercise")
"""What ``points`` is for: the whole sheet, or each exercise."""


@dataclass(frozen=True)
class Points:
    """How a course scales grades: ``points`` for each sheet or each exercise (None: one per answer)."""

    points: float | None = None
    per: str = "sheet"

    def __post_init__(self) -> None:
        _check_points(self.points)
        if self.per not in PER:
            raise InputError(f"points per {self.per!r}: must be per sheet or per exercise")

    def scale(self, asked: Mapping[str, int]) -> dict[str, float]:
        """Each exercise's points per right answer, for a student asked ``asked`` (id -> answers)."""
        if self.points is None:
            return {ex: 1.0 for ex in asked}
        if self.per == "exercise":
            return {ex: float(self.points) / n if n else 0.0 for ex, n in asked.items()}
        total = sum(asked.values())
        return {ex: float(self.points) / total if total else 0.0 for ex in asked}

    def most(self, asked: Mapping[str, int]) -> float:
        """The most a student asked ``asked`` can score: the same for every student when scaled."""
        if self.points is None:
            return float(sum(asked.values()))
        return float(self.points) * (len(asked) if self.per == "exercise" else 1)


@dataclass(frozen=True)
class Total:
    """One student's grade for the assignment, as every format writes it."""

    student: str
    """The student's ID: the submitter, else the student the record names, else the file's name."""
    sealed: str | None
    """The student the record names (sealed with the course's salt, or declared)."""
    submitter: str | None
    """Who submitted it, where the course's tools say; None where they do not."""
    files: tuple[str, ...]
    right: int
    asked: int
    score: float
    max_score: float
    missing: tuple[str, ...]
    """The exercises set that this student's records do not answer."""


def expected_exercises(book: Gradebook, student: str, *, expect: Mapping[str, Any] | None = None,
                       key_salt: str | bytes | None = None) -> dict[str, int]:
    """Every exercise ``student`` was set (id -> answers asked): ``expect``'s, or each
    sealed sheet's whole count as issued to this student (so a missing exercise counts
    against the total, not out of it); else the exercises graded."""
    return _Class(book).expected(student, expect=expect, key_salt=key_salt)


class _Class:
    """What every student's expected exercises read of a gradebook, worked out once (a
    class's totals ask for each student in turn)."""

    def __init__(self, book: Gradebook) -> None:
        self.students = book.by_student()
        self.variants = {json.dumps(dict(v), sort_keys=True): dict(v) for g in book.graded
                         if (v := g.answered.exercise.variant) is not None}
        self.keys: dict[tuple[Any, ...], Key] = {}  # an exercise not answered: keyed once, to count its questions

    def expected(self, student: str, *, expect: Mapping[str, Any] | None = None,
                 key_salt: str | bytes | None = None) -> dict[str, int]:
        """:func:`expected_exercises`."""
        if expect is not None:
            return _asked_once(expect)
        asked = {g.exercise: g.points[1] for g in self.students.get(student, [])}
        if key_salt is not None:
            from negaviz.quiz.salt import issued_exercise

            for v in self.variants.values():
                for number in range(1, v["count"] + 1):
                    if f"{v['sheet']}#{number}" not in asked:
                        ex = issued_exercise(key_salt, student, {**v, "number": number})
                        asked[ex.id] = grade_answered(Answered(ex, ()), self.keys).score[1]
        return asked


_ASKED: dict[str, dict[str, int]] = {}


def _asked_once(expect: Mapping[str, Any]) -> dict[str, int]:
    """:func:`count_asked`, searched once per exercises set (a class asks it for every student)."""
    key = json.dumps(expect, sort_keys=True, default=str)
    if key not in _ASKED:
        _ASKED[key] = count_asked(expect)
    return dict(_ASKED[key])


def totals(book: Gradebook, *, roster: Sequence[str] | None = None, points: Points = Points(),
           expect: Mapping[str, Any] | None = None, key_salt: str | bytes | None = None) -> list[Total]:
    """A grade per student: each graded, then each of ``roster`` with no record (0 of
    what was set); scaled by ``points``, so every student is out of the same maximum."""
    out = []
    whole = _Class(book)
    students = whole.students
    for who in [*students, *(r for r in roster or () if r not in students)]:
        items = students.get(who, [])
        asked = whole.expected(who, expect=expect, key_salt=key_salt)
        got = {g.exercise: g.points[0] for g in items}
        scale = points.scale(asked)
        score = round(sum(got.get(ex, 0) * scale[ex] for ex in asked), 2)
        out.append(Total(who, items[0].student if items else None, items[0].submitter if items else None,
                         tuple(dict.fromkeys(g.source for g in items)), sum(got.values()), sum(asked.values()),
                         score, round(points.most(asked), 2), tuple(ex for ex in asked if ex not in got)))
    return out


# --------------------------------------------------------------------- Gradescope and CSV
VISIBILITY = ("visible", "hidden", "after_due_date", "after_published")


def gradescope_results(book: Gradebook, *, visibility: str = "visible", points: Points = Points(),
                       expect: Mapping[str, Any] | None = None, key_salt: str | bytes | None = None) -> dict[str, Any]:
    """Gradescope's ``results.json`` for one submission: a test per exercise set (score,
    max_score, feedback; 0 where not answered) and one per record refused (0 points,
    why), scaled by ``points``.  A book of several students' records is refused: give
    each submission its own (:func:`gradescope_batch`)."""
    if visibility not in VISIBILITY:
        raise InputError(f"unknown visibility: {visibility!r} (must be visible, hidden, after_due_date or after_published)")
    students = list(book.by_student())
    if len(students) > 1:
        raise InputError(f"a Gradescope results.json is one submission's, but these records are {len(students)} "
                         f"students' ({', '.join(students[:3])}{', ...' if len(students) > 3 else ''}): write one "
                         "per submission (gradescope_batch, --gradescope FOLDER)")
    tests: list[dict[str, Any]] = []
    score = 0.0
    if students:
        who = students[0]
        asked = expected_exercises(book, who, expect=expect, key_salt=key_salt)
        scale = points.scale(asked)
        got = {g.exercise: g for g in book.graded}
        for ex, n in asked.items():
            g = got.get(ex)
            right = g.points[0] if g else 0
            tests.append({"name": f"Exercise {ex}", "score": round(right * scale[ex], 2),
                          "max_score": round(n * scale[ex], 2), "visibility": visibility,
                          "output": feedback(g) if g else f"Exercise {ex}: no answers submitted (0 of {n})."})
            score += right * scale[ex]
        g0 = book.graded[0]
        tests[0]["output"] = f"Record of student {g0.student or '-'}, submitted by {g0.submitter or 'unknown'}.\n" \
            + tests[0]["output"]
    tests += [{"name": f"Record {os.path.basename(src)}", "score": 0, "max_score": 0, "visibility": visibility,
               "output": f"Not graded: {why}"} for src, why in book.refused]
    return {"score": round(score, 2), "tests": tests,
            "output": f"{len(book.graded)} exercise(s) graded afresh by negaviz; {len(book.refused)} record(s) refused."}


def gradescope_batch(book: Gradebook, **options: Any) -> dict[str, dict[str, Any]]:
    """One Gradescope ``results.json`` per submission (:meth:`Gradebook.split`), by submission name."""
    out = {}
    for name, part in book.split().items():
        if len(part.by_student()) > 1:  # a submission that holds several students' records: each its own
            for who, items in part.by_student().items():
                sub = Gradebook(tuple(items), tuple(r for r in part.refused if who in part.submitters.get(r[0], ())),
                                part.submitters)
                out[f"{name}-{who}"] = gradescope_results(sub, **options)
        else:
            out[name] = gradescope_results(part, **options)
    return out


GRADE_COLUMNS = CSV_COLUMNS + ("sealed_student", "submitter", "files")
"""nbgrader's export columns, then who the record names, who submitted it, and its files."""


def grades_csv(book: Gradebook, *, assignment: str, roster: Sequence[str] | None = None, points: Points = Points(),
               expect: Mapping[str, Any] | None = None, key_salt: str | bytes | None = None) -> str:
    """A row per student in nbgrader's export columns (student_id: the submitter, else
    the student the record names), a row of 0 for each of ``roster`` with no record,
    and last the sealed identity, the submitter and the files graded."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(GRADE_COLUMNS)
    for t in totals(book, roster=roster, points=points, expect=expect, key_salt=key_salt):
        w.writerow([assignment, "", "", t.student, "", "", "", t.score, 0.0, t.score, t.max_score,
                    t.sealed or "", t.submitter or "", " ".join(t.files)])
    return out.getvalue()


def summary_lines(book: Gradebook) -> Sequence[str]:
    """A line per record graded: file, student, points."""
    out = []
    for source, items in book.by_record().items():
        right = sum(g.points[0] for g in items)
        asked = sum(g.points[1] for g in items)
        g = items[0]
        who = g.student or "-"
        by = f" (submitted by {g.submitter})" if g.submitter and g.submitter != g.student else ""
        out.append(f"{source}: {who}{by}: {right} of {asked} " + "; ".join(
            f"{g.exercise} {g.points[0]}/{g.points[1]}{' ' + g.grade.mistake if g.grade.mistake else ''}"
            f"{' (graded as set, not as the record claims)' if g.claimed else ''}" for g in items))
    return out


def claimed_line(book: Gradebook, expect_file: str | None = None) -> str | None:
    """One line when records claim another task than the exercises set (a page that hid the
    windows, a record edited to ask less), or None: they are graded on the exercise as set."""
    files = sorted({g.source for g in book.graded if g.claimed})
    if not files:
        return None
    hid = sum(1 for f in files if any("windows" in c for g in book.graded if g.source == f for c in g.claimed))
    where = f" in {expect_file}" if expect_file else ""
    return (f"note: {len(files)} record(s) claim another task than the exercises set ({hid} without windows): each is "
            f"graded on the exercise as set, on every answer it asks; if an exercise should not ask windows, give it "
            f'"windows": false{where}')
