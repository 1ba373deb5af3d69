"""``negaviz grade-attempts``: staff re-grade students' attempt records in a batch.

Registered by :func:`negaviz.cli.build_parser` through :func:`add_command`.  Each record
is graded afresh (:mod:`negaviz.quiz.gradebook`); a record that cannot be trusted is one
line on stderr naming the file, and the rest of the batch is still graded.  No file is
replaced without ``--force``.  ``negaviz exercises --graded`` (one student's graded page)
takes its options and its run from here too.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from negaviz.cli.files import _writing, check_apart, check_new, check_output
from negaviz.errors import InputError
from negaviz.fileio import atomic_write

__all__: list[str] = []

EXIT_REFUSED = 1
"""Some records were refused (the others are graded and written)."""


SALT_ENV = "NEGAVIZ_KEY_SALT"
"""Where the course's salt is read from by default (or --key-salt-file): not the command line, which ``ps`` shows."""


def add_salt_arguments(group: Any) -> None:
    """The salt's options: a file or the environment; ``--key-salt`` still works, with a warning."""
    group.add_argument("--key-salt-file", metavar="PATH", help="a file holding the course's secret salt (or set "
                       f"{SALT_ENV}); the salt must be at least 16 characters, e.g. 128 bits as hex")
    group.add_argument("--key-salt", metavar="SALT", help=f"the salt itself (shows in `ps`: prefer {SALT_ENV} "
                       "or --key-salt-file)")


def read_salt(args: argparse.Namespace) -> str | None:
    """The course's salt: ``--key-salt-file``, ``--key-salt`` (with a one-line warning) or
    NEGAVIZ_KEY_SALT, checked against the strength rule (:func:`negaviz.quiz.salt.check_salt`)."""
    from negaviz.quiz.salt import check_salt

    path = getattr(args, "key_salt_file", None)
    if path is not None and args.key_salt is not None:
        raise InputError("give the salt once: --key-salt-file or --key-salt, not both")
    if path is not None:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read().strip()
        except FileNotFoundError:
            raise InputError(f"--key-salt-file {path!r}: no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"--key-salt-file {path!r} cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
        return str(check_salt(text, f"the salt in --key-salt-file {path!r}"))
    if args.key_salt is not None:
        print(f"negaviz: warning: --key-salt shows in `ps` to anyone on this machine: set {SALT_ENV} or use "
              "--key-salt-file", file=sys.stderr)
        return str(check_salt(args.key_salt, "--key-salt"))
    env = os.environ.get(SALT_ENV)
    return None if env is None else str(check_salt(env, SALT_ENV))


def add_command(commands: Any) -> None:
    """Add ``grade-attempts`` to the CLI's subcommands."""
    p = commands.add_parser(
        "grade-attempts", help="grade students' attempt records afresh; write grades, Gradescope results and a class report",
        description="Grade every attempt record (the JSON a practice page or stepper saves on submit) afresh: each "
        "exercise is searched again from the record's own data and its answers graded by negaviz's grader; the "
        "page's verdict is never used. A record that cannot be trusted (another course's salt, another exercise, "
        "an edited exercise, a newer schema, a copy: a record naming another student than its submitter, a duplicate "
        "submission) is one line on stderr, and the rest are graded. The salt comes from NEGAVIZ_KEY_SALT or "
        "--key-salt-file.",
        epilog="examples:\n"
        "  negaviz grade-attempts submitted/*/week3/*.json --key-salt-file course.salt --roster roster.csv "
        "--points 10 --csv grades.csv --report week3.html\n"
        "  negaviz grade-attempts export/*/negaviz_answers.json --key-salt-file course.salt --gradescope results/\n"
        "  negaviz grade-attempts /autograder/submission/negaviz_answers.json --key-salt-file course.salt "
        "--gradescope /autograder/results/results.json\n"
        "  negaviz grade-attempts --expect week1.json --otter-test tests/week1.py\n"
        "exit status: 0 all graded, 1 some records refused (the rest graded and written), 2 bad input",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("records", metavar="RECORD", nargs="*", help="attempt records (.json)")
    add_salt_arguments(p)
    p.add_argument("--expect", metavar="FILE.json", help="the exercises set without a salt: a JSON object of "
                   "exercise id -> the tree's text (the course's task: fail-soft alpha-beta, values, windows and "
                   "cuts asked, the cut rule of negaviz.toml) or the exercise's fields (game, position, algorithm, "
                   "fail_hard, windows, cut, perspective, options); records are graded on the exercise as set, "
                   "never on what a record claims")
    p.add_argument("--assignment", default="negaviz", help="the assignment's name in the CSV (default: negaviz)")
    p.add_argument("--csv", metavar="FILE.csv", help="grades, a row per record, in nbgrader's export columns")
    p.add_argument("--gradescope", metavar="FILE.json|FOLDER", help="Gradescope's results.json for one submission; "
                   "a folder: FOLDER/SUBMISSION/results.json for each submission")
    p.add_argument("--submitters", metavar="FILE.csv", help="who submitted each file (an LMS export): a header line, "
                   "then file or folder name, student ID; Gradescope's export (submission_metadata.yml) and "
                   "nbgrader's submitted/STUDENT_ID/ folders are read without it")
    p.add_argument("--roster", metavar="FILE", help="the class's student IDs, one a line (first column): a row of 0 "
                   "in the CSV for each student with no record, and the report's share of the class")
    p.add_argument("--points", type=_points, metavar="N", help="scale grades so every student is out of N points "
                   "(per sheet, or per exercise with --points-per exercise); default: one point per answer")
    p.add_argument("--points-per", choices=("sheet", "exercise"), default="sheet",
                   help="what --points is for (default: sheet)")
    p.add_argument("--names", action="store_true", help="name students and files in the report's examples (for "
                   "staff; by default the report is anonymous, to project)")
    p.add_argument("--report", metavar="FILE.html", help="the class report; its CSV is written beside it (FILE.csv)")
    p.add_argument("--otter-test", metavar="FILE.py", help="write an otter-grader test file for --expect's exercises")
    p.add_argument("--nbgrader-cell", metavar="FILE.json", help="write an nbgrader autograder test cell for "
                   "--expect's exercises (a notebook cell as JSON)")
    p.add_argument("--force", action="store_true", help="replace files that are already there")
    p.set_defaults(run=run)


def _points(text: str) -> float:
    """``--points``: a finite number of at least 0."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number of points of at least 0, not {text!r}")
    return value


def _expect(path: str | None) -> dict[str, Any] | None:
    from negaviz.quiz.attempt import read_json

    if path is None:
        return None
    from negaviz.quiz.attempt import expected_exercise

    data = read_json(path, shown=f"--expect {path!r}", what="a JSON object of exercise id -> tree text")
    if not isinstance(data, dict) or not data or not all(isinstance(v, (str, dict)) for v in data.values()):
        raise InputError(f"--expect {path!r} must be a JSON object of exercise id -> the tree's text, e.g. "
                         '{"week1": "A(B(D:7 E:5) C(F:3 G:1 H:9))"}')
    for ex_id, spec in data.items():  # each exercise's fields checked before anything is graded
        expected_exercise(ex_id, spec, where=f"--expect {path!r}")
    return data


def _outputs(args: argparse.Namespace) -> list[tuple[str, str]]:
    """Each output file named, as (flag, path), its ending checked; ``--gradescope`` may name a folder."""
    outputs: list[tuple[str, str]] = []
    for flag, path, end in (("--csv", args.csv, ".csv"), ("--gradescope", args.gradescope, ".json"),
                            ("--report", args.report, ".html"), ("--otter-test", args.otter_test, ".py"),
                            ("--nbgrader-cell", args.nbgrader_cell, ".json")):
        if path is None:
            continue
        if flag == "--gradescope" and _is_folder(path):
            if not os.path.isdir(path):
                raise InputError(f"--gradescope {path!r}: folder does not exist (make it first: one results.json "
                                 "per submission goes in it)")
            continue
        if not path.lower().endswith(end):
            raise InputError(f"{flag} {path!r} should end with {end}" + (
                " (or name a folder: one results.json per submission)" if flag == "--gradescope" else ""))
        outputs.append((flag, path))
    if args.report:
        outputs.append(("--report's table", str(Path(args.report).with_suffix(".csv"))))
    return outputs


def _is_folder(path: str) -> bool:
    return path.endswith(("/", os.sep)) or os.path.isdir(path)


def _submitters(args: argparse.Namespace) -> dict[str, tuple[str, ...]]:
    """Who submitted each record: ``--submitters``, Gradescope's export, nbgrader's folders."""
    from negaviz.quiz.submitters import read_submitters_csv, submitters

    listed = read_submitters_csv(args.submitters) if args.submitters else None
    return submitters(args.records, listed)


def run(args: argparse.Namespace) -> int:
    from negaviz.quiz.gradebook import (
        Points, claimed_line, count_asked, describe_expect, grade_attempts, gradescope_batch, gradescope_results,
        grades_csv, nbgrader_cell, otter_test, summary_lines,
    )
    from negaviz.quiz.integrity import signal_lines, signals
    from negaviz.quiz.report import class_report
    from negaviz.quiz.submitters import read_roster

    expect = _expect(args.expect)
    salt = read_salt(args)
    points = Points(args.points, args.points_per)
    named = _outputs(args)
    if (args.otter_test or args.nbgrader_cell) and expect is None:
        raise InputError("--otter-test and --nbgrader-cell need --expect: the exercises the notebook sets")
    if not args.records and not (args.otter_test or args.nbgrader_cell):
        raise InputError("give the attempt records to grade (RECORD...), or --otter-test / --nbgrader-cell to write")
    inputs = [("the record", r) for r in args.records] + [(flag, p) for flag, p in (
        ("--expect", args.expect), ("--submitters", args.submitters), ("--roster", args.roster),
        ("--key-salt-file", args.key_salt_file)) if p]
    check_apart(named, inputs)
    for _, target in named:
        check_new(target, args.force)
        check_output(target)
    roster = read_roster(args.roster) if args.roster else None
    by = _submitters(args)
    if expect is not None:
        count_asked(expect)  # an exercise that asks nothing is refused before any is graded
        for line in describe_expect(expect):  # what a plain tree is taken to mean, said before any grade
            print(line)
    written: list[str] = []

    def write(path: str, text: str) -> None:
        with _writing(path):
            atomic_write(Path(path), text.encode("utf-8"))
        written.append(path)

    if args.otter_test:
        write(args.otter_test, otter_test(expect or {}, name=Path(args.otter_test).stem))
    if args.nbgrader_cell:
        write(args.nbgrader_cell, json.dumps(nbgrader_cell(expect or {}), indent=1, ensure_ascii=False) + "\n")
    if not args.records:
        print(f"written: {', '.join(written)}")
        return 0
    book = grade_attempts(args.records, key_salt=salt, expect=expect, submitters=by)
    for _, why in book.refused:
        print(f"negaviz: refused: {why}", file=sys.stderr)
    for line in summary_lines(book):
        print(line)
    said = claimed_line(book, args.expect)
    if said:
        print(said)
    found = signals(book)
    for line in signal_lines(found):  # the staff's terminal: named, as the report is only with --names
        print(line)
    scaled: dict[str, Any] = dict(points=points, expect=expect, key_salt=salt)
    if roster is not None:
        strangers = [s for s in book.by_student() if s not in roster]
        if strangers:
            print(f"not on the roster: {', '.join(strangers)} (graded, and in the CSV)")
    results: list[tuple[str, dict[str, Any]]] = []  # made and checked before anything is written
    if args.gradescope and _is_folder(args.gradescope):
        results = _gradescope_folder(args, gradescope_batch(book, **scaled))
    elif args.gradescope:
        results = [(args.gradescope, gradescope_results(book, **scaled))]
    if args.csv:
        write(args.csv, grades_csv(book, assignment=args.assignment, roster=roster, **scaled))
    for target, result in results:
        write(target, json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    if args.report:
        page, table = class_report(book, names=args.names, roster=roster, found=found)
        write(args.report, page)
        write(str(Path(args.report).with_suffix(".csv")), table)
    print(f"{len(book.by_record())} record(s) graded, {len(book.refused)} refused"
          + (f"; written: {_shorten(written)}" if written else ""))
    return EXIT_REFUSED if book.refused else 0


def _gradescope_folder(args: argparse.Namespace, results: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """``FOLDER/SUBMISSION/results.json`` for each submission, each checked as any output is."""
    targets = {name: os.path.join(args.gradescope, _safe(name), "results.json") for name in results}
    inputs = [("the record", r) for r in args.records]
    check_apart([("--gradescope", t) for t in targets.values()], inputs)
    for target in targets.values():
        os.makedirs(os.path.dirname(target), exist_ok=True)
        check_new(target, args.force)
        check_output(target)
    return [(target, results[name]) for name, target in targets.items()]


def _safe(name: str) -> str:
    """A submission's name as one folder name (no separators, no dots alone)."""
    cleaned = "".join(c if c.isalnum() or c in "-_.@" else "_" for c in name).strip(".")
    return cleaned or "_"


def _shorten(written: list[str]) -> str:
    """The files written, or how many where a class's results would fill the screen."""
    return ", ".join(written) if len(written) <= 5 else f"{', '.join(written[:3])} and {len(written) - 3} more"


# --------------------------------------------------------------------- exercises --graded
def add_graded_arguments(sheet: Any) -> None:
    """``negaviz exercises``' options for a graded sheet."""
    graded = sheet.add_argument_group("graded (answers count: the page carries no key)")
    graded.add_argument("--graded", action="store_true",
                        help="a page that collects answers and submits them as a record for grade-attempts, with "
                        "no answer key and no recorded search in it; needs --student, --key-salt and --sheet")
    add_salt_arguments(graded)
    graded.add_argument("--sheet", metavar="NAME", help="the sheet's name in the course, e.g. week3")


def run_graded_sheet(args: argparse.Namespace) -> int:
    """``negaviz exercises --graded``: one student's graded page."""
    from negaviz.export.graded import graded_sheet_html

    salt = read_salt(args)
    missing = [flag for flag, v in (("--student", args.student), ("--key-salt-file or NEGAVIZ_KEY_SALT", salt), ("--sheet", args.sheet))
               if v is None]
    if missing:
        raise InputError(f"--graded needs {', '.join(missing)}: a graded page is one student's, made from the "
                         "course's salt, for a named sheet")
    for flag, given in (("--key", args.key), ("--pdf", args.pdf), ("--paper", args.paper or None)):
        if given is not None:
            raise InputError(f"--graded writes the page only: {flag} is for practice sheets (the key stays with "
                             "staff: grade-attempts grades the records)")
    if not args.output.lower().endswith((".html", ".htm")):
        raise InputError(f"-o {args.output!r} should end with .html or .htm")
    check_new(args.output, args.force)
    check_output(args.output)
    page = graded_sheet_html(args.count, args.depth, args.branching, sheet=args.sheet, student=args.student,
                             key_salt=str(salt), cutoffs=args.cutoffs, deep_cutoffs=args.deep_cutoffs,
                             ties=args.ties, perspective=args.perspective, title=args.title)
    with _writing(args.output):
        atomic_write(Path(args.output), page.encode("utf-8"))
    print(f"{args.count} graded exercises (sheet {args.sheet}, student {args.student}): {args.output}")
    return 0
