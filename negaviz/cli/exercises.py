"""``negaviz exercises``: a sheet of alpha-beta exercises, its answer key and a PDF
(a graded sheet, one student's page with no key, is :mod:`negaviz.cli.grade`'s)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from negaviz.cli.files import _writing, check_new, check_output
from negaviz.cli.grade import add_graded_arguments, run_graded_sheet
from negaviz.cli.parser import _whole
from negaviz.errors import InputError
from negaviz.fileio import atomic_write
from negaviz.vocabulary import PERSPECTIVES

__all__: list[str] = []


def _cmd_exercises(args: argparse.Namespace) -> int:
    from negaviz.export.sheet import MAX_COUNT, key_markdown, make_sheet, sheet_html, trees_pdf

    if not 1 <= args.count <= MAX_COUNT:
        raise InputError(f"--count {args.count} is not allowed: a sheet holds 1 to {MAX_COUNT} exercises")
    if args.graded:  # a page with no key, for one student (negaviz.cli.grade)
        return run_graded_sheet(args)
    outputs = [("-o", args.output, (".html", ".htm")), ("--key", args.key, (".md",)), ("--pdf", args.pdf, (".pdf",))]
    named = [(flag, path, ends) for flag, path, ends in outputs if path is not None]
    for flag, path, ends in named:
        if not path.lower().endswith(ends):
            raise InputError(f"{flag} {path!r} should end with {' or '.join(ends)}")
    paths = [str(Path(path).resolve()) for _, path, _ in named]
    if len(set(paths)) < len(paths):
        raise InputError("-o, --key and --pdf must name three different files")
    for flag, path, _ in named:
        check_new(path, args.force)
        check_output(path)
    sheet = make_sheet(
        args.count, args.depth, args.branching, seed=args.seed, cutoffs=args.cutoffs,
        deep_cutoffs=args.deep_cutoffs, ties=args.ties, student=args.student, perspective=args.perspective,
    )
    files = [(args.output, sheet_html(sheet, title=args.title, practice=not args.paper).encode("utf-8"))]
    if args.key is not None:
        files.append((args.key, key_markdown(sheet).encode("utf-8")))
    if args.pdf is not None:
        files.append((args.pdf, trees_pdf(sheet)))
    for path, data in files:
        with _writing(path):
            atomic_write(Path(path), data)
    who = f"student {sheet.student}, seed {sheet.seed}" if sheet.student is not None else f"seed {sheet.seed}"
    print(f"{len(sheet.exercises)} exercises ({who}): " + ", ".join(path for path, _ in files))
    return 0


def add_command(commands: Any) -> None:
    """Add ``exercises`` to the subcommands."""
    sheet = commands.add_parser(
        "exercises", help="write a sheet of alpha-beta exercises of a chosen difficulty, its answer key and a PDF",
        description="Make COUNT random textbook trees whose alpha-beta search (children left to right) has "
        "the difficulty asked for, and write them as one offline HTML page of numbered exercises (each tree "
        "drawn whole, leaf values as given), with its answer key in Markdown (--key) and the trees as a "
        "printable PDF, a page per tree (--pdf). The same arguments always give the same files; --student "
        "gives each student a sheet of their own.",
        epilog="examples:\n"
        "  negaviz exercises --count 10 --depth 3 --branching 3 --cutoffs 3 --deep-cutoffs 1 --seed 7 "
        "-o sheet.html --key key.md --pdf trees.pdf\n"
        "  negaviz exercises --seed 7 --student s1234567 -o s1234567.html --key s1234567-key.md\n"
        "exit status: 0 done, 2 bad input (an impossible difficulty names what is possible)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    trees = sheet.add_argument_group("the trees")
    trees.add_argument("--count", type=_whole, default=10, metavar="N", help="exercises on the sheet (default 10)")
    trees.add_argument("--depth", type=_whole, default=3, metavar="D", help="plies from the root to the leaves (default 3)")
    trees.add_argument("--branching", type=_whole, default=3, metavar="B", help="children of each inner node (default 3)")
    trees.add_argument("--cutoffs", type=_whole, metavar="N", help="exactly N alpha-beta cutoffs in each tree")
    trees.add_argument("--deep-cutoffs", type=_whole, metavar="M",
                       help="at least M of them above the leaves' parents (they skip whole subtrees)")
    trees.add_argument("--ties", action="store_true", help="trees with tied leaf values (default: none)")
    trees.add_argument("--tie-at-beta", dest="ties", action="store_const", const="beta",
                       help="trees with a tie at beta, where cutting on equality (>=) and only past beta (>) prune "
                       "differently: a sheet meant to reveal the equality misconception")
    trees.add_argument("--seed", type=_whole, required=True, metavar="S", help="the sheet's seed: the same seed, the same sheet")
    trees.add_argument("--student", metavar="ID",
                       help="a sheet for this student: its seed is made from --seed and the ID, and the page says so")
    trees.add_argument("--perspective", choices=PERSPECTIVES, default="minimax",
                       help="answers for the first player (minimax, the default) or the side to move (negamax)")
    files = sheet.add_argument_group("files")
    files.add_argument("-o", "--output", required=True, metavar="FILE.html", help="the sheet: one offline HTML page")
    files.add_argument("--key", metavar="FILE.md", help="the answer key, in Markdown")
    files.add_argument("--pdf", metavar="FILE.pdf", help="the trees, a page each, to print")
    files.add_argument("--paper", action="store_true",
                       help="the page draws each tree, with no script (default: each tree in a practice stepper, "
                       "answered on the picture and checked in the page)")
    files.add_argument("--title", help="the page's title (default: Alpha-beta exercises)")
    files.add_argument("--force", action="store_true", help="replace files that are already there")
    add_graded_arguments(sheet)
    sheet.set_defaults(run=_cmd_exercises)
