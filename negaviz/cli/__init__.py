"""The ``negaviz`` command: search a game from the shell.

::

    negaviz solve tree '[[7,5],[3,1,9]]' --json
    negaviz solve ttt 'x.o/x../o..' --algorithm negamax
    negaviz solve othello --size 4 --tt --record
    negaviz solve connect4 --cols 5 --rows 4 --order threats+heuristic --tt --progress

One module per command group, each adding its subcommands with ``add_command`` and
running them with its ``_cmd_*`` functions: :mod:`~negaviz.cli.solve`,
:mod:`~negaviz.cli.drawing` (render, export), :mod:`~negaviz.cli.proof`,
:mod:`~negaviz.cli.exercises`, :mod:`~negaviz.cli.course` (site, init,
check-notebooks), :mod:`~negaviz.cli.grade` (grade-attempts) and
:mod:`~negaviz.cli.classroom` (class serve: a vote collector).  What they share:
the parser (:mod:`~negaviz.cli.parser`), the game and search-option arguments
(:mod:`~negaviz.cli.arguments`: added by ``add_game_arguments`` and
``add_search_arguments``, read back by ``game_from_args`` and ``options_from_args``) and
the output files (:mod:`~negaviz.cli.files`).  This module builds the parser and runs it.

``--json`` prints one JSON object on one line with sorted keys (easy to pipe into
``jq`` or to read line by line); infinite values are written as the strings
``"inf"`` and ``"-inf"``, as everywhere in negaviz, so the output is strict JSON.

POSITION may be ``@FILE`` (read it from FILE, a regular file: a named pipe or
``/dev/zero`` is refused at once) or ``-`` (read it from standard input), at most 32 MiB:
a tree of 200,000 leaves does not fit on a command line.

The search options are made from :class:`~negaviz.search.SearchOptions`' fields (a
new field is a new ``--flag``), and every number is checked where it is read.  An
output file is checked before the search (its folder exists and takes files, it is
not a folder), and a write that fails anyway (a full disk) is an error line too.  Every
file is written beside its target and renamed into place, so Ctrl-C or a full disk
leaves the old file or the new one, never half of either.

Long work (recording, laying out a page, ``solve --progress``) draws tqdm bars on stderr
when it is a terminal (see :mod:`negaviz.progress`); ``--quiet`` turns them off.

Exit status: 0 on success (a search stopped by ``--max-nodes`` included), 2 on bad
input (one line on stderr, starting ``negaviz: error:``), 1 when standard output cannot
be written (a full disk; one line too), 130 after Ctrl-C, even while the command starts
(``solve``, ``render`` and ``export`` still print the partial result; nothing is drawn
or written).
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from typing import Any, Sequence

from negaviz import _startup
from negaviz.cli import classroom, course, drawing, exercises, grade, proof, solve
from negaviz.cli.files import _reason
from negaviz.cli.parser import EXIT_INTERRUPTED, EXIT_USAGE, PROG, _CommandParser, _Parser
from negaviz.errors import NegavizError

__all__ = ["main"]


def build_parser() -> argparse.ArgumentParser:
    """The ``negaviz`` parser with every subcommand."""
    from negaviz import __version__

    parser = _Parser(prog=PROG, description="Game-tree search you can watch.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.set_defaults(run=_cmd_help(parser))  # a bare `negaviz` prints this help
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_CommandParser)
    for group in (solve, drawing, proof, exercises, course, grade, classroom):  # in the order `negaviz --help` lists them
        group.add_command(commands)
    return parser


def _cmd_help(parser: argparse.ArgumentParser) -> Any:
    """What a bare ``negaviz`` runs: print the help, exit 0."""

    def show(args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    return show


def _one_line(message: str) -> str:
    return " ".join(message.splitlines())


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``negaviz`` with ``argv`` (default: the command line); return the exit status.

    Run from the command line (``argv`` None), a command stopped by Ctrl-C ends the
    process at once after printing: freeing a search's tables and trace can take
    longer than the search took to stop, and the user asked to stop.
    """
    try:
        status = _main(argv)  # which gives Ctrl-C back to Python, inside its own try
    except KeyboardInterrupt:  # a second Ctrl-C while the first was being reported
        if argv is not None:
            raise
        status = EXIT_INTERRUPTED
    finally:
        if argv is None:
            _startup.guard()  # done: a Ctrl-C during the last flush and exit is quiet too
    if argv is None:
        status = _flush_stdout(status)
    if status == EXIT_INTERRUPTED and argv is None:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
        os._exit(status)
    return status


_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}
"""A write that fails for want of room (files are written inside ``_writing``, so such
an error reaching :func:`_main` is standard output's)."""


def _stdout_lost(exc: OSError) -> int:
    """One line for a standard output that cannot be written (a full disk); its buffer is
    dropped, so that Python's own flush at exit does not print a second error."""
    print(f"{PROG}: error: cannot write standard output: {_reason(exc)}", file=sys.stderr)
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return 1


def _flush_stdout(status: int) -> int:
    """Flush standard output now, where a failure is one line, not a message at exit."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        return 1
    except OSError as exc:
        return _stdout_lost(exc)
    return status


def _main(argv: Sequence[str] | None) -> int:
    try:
        _startup.release()  # from here on Ctrl-C stops a search, which reports what it found
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exc:  # --help and --version print, then exit
            return exc.code if isinstance(exc.code, int) else 0
        status: int = args.run(args)
        return status
    except KeyboardInterrupt:  # Ctrl-C outside the search itself (drawing, proving), or in prove()
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `negaviz solve ... | head -1`: the reader left, nothing to say
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        except (OSError, ValueError, AttributeError):
            pass
        return 1
    except OSError as exc:
        if exc.errno not in _WRITE_ERRORS:
            raise
        return _stdout_lost(exc)
    except NegavizError as exc:  # after KeyboardInterrupt: SearchInterrupted is both
        print(f"{PROG}: error: {_one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
