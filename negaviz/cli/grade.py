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


def add_command(commands: Any) -> None:
    """Add ``grade-attempts`` to the CLI's subcommands."""
    p = commands.add_parser(
        "grade-attempts", help="grade students' attempt records afresh; write grades, Gradescope results and a class report",
        description="Grade every attempt record (the JSON a practice page or stepper saves on submit) afresh: each "
        "exercise is searched again from the record's own data and its answers graded by negaviz's grader; the "
        "page's verdict is never used. A record that cannot be trusted (another course's salt, another exercise, "
        "an edited exercise, a newer schema, a duplicate submission) is one line on stderr, and the rest are graded.",
        epilog="examples:\n"
        "  negaviz grade-attempts submissions/*.json --key-salt \"$SALT\" --csv grades.csv --report week3.html\n"
        "  negaviz grade-attempts /autograder/submission/negaviz_answers.json --key-salt \"$SALT\" "
        "--gradescope /autograder/results/results.json\n"
        "  negaviz grade-attempts --expect week1.json --otter-test tests/week1.py\n"
        "exit status: 0 all graded, 1 some records refused (the rest graded and written), 2 bad input",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("records", metavar="RECORD", nargs="*", help="attempt records (.json)")
    p.add_argument("--key-salt", metavar="SALT", help="the course's secret salt the graded sheets were made with "
                   "(or set NEGAVIZ_KEY_SALT)")
    p.add_argument("--expect", metavar="FILE.json", help="the exercises set without a salt: a JSON object of "
                   "exercise id -> the tree's text (or the exercise's fields)")
    p.add_argument("--assignment", default="negaviz", help="the assignment's name in the CSV (default: negaviz)")
    p.add_argument("--csv", metavar="FILE.csv", help="grades, a row per record, in nbgrader's export columns")
    p.add_argument("--gradescope", metavar="FILE.json", help="Gradescope's results.json")
    p.add_argument("--report", metavar="FILE.html", help="the class report; its CSV is written beside it (FILE.csv)")
    p.add_argument("--otter-test", metavar="FILE.py", help="write an otter-grader test file for --expect's exercises")
    p.add_argument("--nbgrader-cell", metavar="FILE.json", help="write an nbgrader autograder test cell for "
                   "--expect's exercises (a notebook cell as JSON)")
    p.add_argument("--force", action="store_true", help="replace files that are already there")
    p.set_defaults(run=run)


def _expect(path: str | None) -> dict[str, Any] | None:
    from negaviz.quiz.attempt import read_json

    if path is None:
        return None
    data = read_json(path, shown=f"--expect {path!r}", what="a JSON object of exercise id -> tree text")
    if not isinstance(data, dict) or not data or not all(isinstance(v, (str, dict)) for v in data.values()):
        raise InputError(f"--expect {path!r} must be a JSON object of exercise id -> the tree's text, e.g. "
                         '{"week1": "A(B(D:7 E:5) C(F:3 G:1 H:9))"}')
    return data


def run(args: argparse.Namespace) -> int:
    from negaviz.quiz.gradebook import (
        count_asked, grade_attempts, gradescope_results, grades_csv, nbgrader_cell, otter_test, summary_lines,
    )
    from negaviz.quiz.report import class_report

    expect = _expect(args.expect)
    salt = args.key_salt if args.key_salt is not None else os.environ.get("NEGAVIZ_KEY_SALT")
    outputs: list[tuple[str, str, str]] = []  # (flag, path, what must end it)
    for flag, path, end in (("--csv", args.csv, ".csv"), ("--gradescope", args.gradescope, ".json"),
                            ("--report", args.report, ".html"), ("--otter-test", args.otter_test, ".py"),
                            ("--nbgrader-cell", args.nbgrader_cell, ".json")):
        if path is not None:
            if not path.lower().endswith(end):
                raise InputError(f"{flag} {path!r} should end with {end}")
            outputs.append((flag, path, end))
    if (args.otter_test or args.nbgrader_cell) and expect is None:
        raise InputError("--otter-test and --nbgrader-cell need --expect: the exercises the notebook sets")
    if not args.records and not (args.otter_test or args.nbgrader_cell):
        raise InputError("give the attempt records to grade (RECORD...), or --otter-test / --nbgrader-cell to write")
    named = [(flag, p) for flag, p, _ in outputs]
    if args.report:
        named.append(("--report's table", str(Path(args.report).with_suffix(".csv"))))
    inputs = [("the record", r) for r in args.records] + ([("--expect", args.expect)] if args.expect else [])
    check_apart(named, inputs)
    for _, target in named:
        check_new(target, args.force)
        check_output(target)
    if expect is not None:
        count_asked(expect)  # an exercise that asks nothing is refused before any is graded
    records = [r for r in args.records]
    written: list[str] = []

    def write(path: str, text: str) -> None:
        with _writing(path):
            atomic_write(Path(path), text.encode("utf-8"))
        written.append(path)

    if args.otter_test:
        write(args.otter_test, otter_test(expect or {}, name=Path(args.otter_test).stem))
    if args.nbgrader_cell:
        write(args.nbgrader_cell, json.dumps(nbgrader_cell(expect or {}), indent=1, ensure_ascii=False) + "\n")
    if not records:
        print(f"written: {', '.join(written)}")
        return 0
    book = grade_attempts(records, key_salt=salt, expect=expect)
    for _, why in book.refused:
        print(f"negaviz: refused: {why}", file=sys.stderr)
    for line in summary_lines(book):
        print(line)
    if args.csv:
        write(args.csv, grades_csv(book, assignment=args.assignment))
    if args.gradescope:
        write(args.gradescope, json.dumps(gradescope_results(book), indent=1, ensure_ascii=False) + "\n")
    if args.report:
        page, table = class_report(book)
        write(args.report, page)
        write(str(Path(args.report).with_suffix(".csv")), table)
    print(f"{len(book.by_record())} record(s) graded, {len(book.refused)} refused"
          + (f"; written: {', '.join(written)}" if written else ""))
    return EXIT_REFUSED if book.refused else 0


# --------------------------------------------------------------------- exercises --graded
def add_graded_arguments(sheet: Any) -> None:
    """``negaviz exercises``' options for a graded sheet."""
    graded = sheet.add_argument_group("graded (answers count: the page carries no key)")
    graded.add_argument("--graded", action="store_true",
                        help="a page that collects answers and submits them as a record for grade-attempts, with "
                        "no answer key and no recorded search in it; needs --student, --key-salt and --sheet")
    graded.add_argument("--key-salt", metavar="SALT", help="the course's secret salt (or set NEGAVIZ_KEY_SALT): "
                        "each student's trees are made from it, their sheet's name and their ID")
    graded.add_argument("--sheet", metavar="NAME", help="the sheet's name in the course, e.g. week3")


def run_graded_sheet(args: argparse.Namespace) -> int:
    """``negaviz exercises --graded``: one student's graded page."""
    from negaviz.export.graded import graded_sheet_html

    salt = args.key_salt if args.key_salt is not None else os.environ.get("NEGAVIZ_KEY_SALT")
    missing = [flag for flag, v in (("--student", args.student), ("--key-salt", salt), ("--sheet", args.sheet))
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
