"""The ``negaviz`` command: search a game from the shell.

::

    negaviz solve tree '[[7,5],[3,1,9]]' --json
    negaviz solve ttt 'x.o/x../o..' --algorithm negamax
    negaviz solve othello --size 4 --tt --record
    negaviz solve connect4 --cols 5 --rows 4 --order threats+heuristic --tt --progress

Each subcommand is one ``_cmd_*`` function; the game and search-option arguments are
added by :func:`add_game_arguments` and :func:`add_search_arguments` and read back by
:func:`game_from_args` and :func:`options_from_args`, so later subcommands (render,
proof, export) take the same arguments.

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
import dataclasses
import errno
import json
import math
import os
import re
import signal
import sys
import threading
import typing
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Literal, NoReturn, Sequence

from negaviz import _startup, progress
from negaviz.quiz.practice import ASK_KINDS, PRACTICE_MODES
from negaviz.errors import InputError, NegavizError, SearchInterrupted
from negaviz.fileio import atomic_write, read_file, remove_partial
from negaviz.games import GAMES, GameName, make_game
from negaviz.search import SearchOptions, SearchResult, search
from negaviz.search.result import Stopped
from negaviz.trace import Trace, record
from negaviz.vocabulary import PERSPECTIVES, check_step

__all__ = ["main"]

PROG = "negaviz"
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C


class UsageError(InputError):
    """Arguments argparse rejected (unknown option, missing argument, bad number...)."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are exceptions, so :func:`main` reports every
    bad input the same way: one line, no usage block."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)  # a new option must never break an old abbreviation
        super().__init__(**kwargs)
        # argparse takes "-inf" and "-1e3" for option names; let them through as values, like "-1".
        self._negative_number_matcher = re.compile(r"^-(inf|infinity|(\d+\.?\d*|\.\d+)(e[-+]?\d+)?)$", re.IGNORECASE)

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


class _CommandParser(_Parser):
    """A subcommand's parser: options may come before, between or after GAME and
    POSITION (plain argparse would take ``solve othello --size 6 POS`` as GAME only,
    then reject POS)."""

    _intermixing = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self._intermixing:  # the intermixed parse calls back in here, twice
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


# --- arguments shared by the subcommands ---------------------------------------------
def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """GAME, POSITION, --size, --cols, --rows and --connect."""
    parser.add_argument(
        "game", metavar="GAME", choices=GAMES,
        help=f"the game: {', '.join(GAMES)}",
    )
    parser.add_argument(
        "position", metavar="POSITION", nargs="?",
        help="tree: the tree, '[[7,5],[3,1,9]]' or 'A(B(D:7 E:5) C(F:3 G:1 H:9))' (required); "
        "ttt: 9 cells of x, o, '.' such as 'x.o/x../o..'; "
        "othello: size*size cells, then ':x' or ':o' for the side to move; "
        "connect4: rows of x, o, '.' from the top such as '......./......./......./......./...o.../..oxx..', "
        "or the moves so far as 1-based columns such as 4453 "
        "(default: the start position); @FILE reads it from FILE, - from standard input",
    )
    parser.add_argument("--size", type=_whole, metavar="N", help="othello board size: 4, 6 or 8 (default 8)")
    parser.add_argument("--cols", type=_whole, metavar="C", help="connect4 columns: 4 to 9 (default 7)")
    parser.add_argument("--rows", type=_whole, metavar="R", help="connect4 rows: 4 to 9 (default 6)")
    parser.add_argument("--connect", type=_whole, metavar="K", help="connect4 discs in a row that win (default 4)")


MAX_POSITION = 32 << 20
"""The most POSITION may hold from ``@FILE`` or ``-``: 32 MiB (a tree of a few million
leaves; ``/dev/zero`` on standard input is refused, not read until memory runs out)."""


def read_position(text: str | None) -> str | None:
    """POSITION itself, or what ``@FILE`` (a regular file) or ``-`` (standard input)
    holds, at most :data:`MAX_POSITION` bytes."""
    if text is None or (text != "-" and not text.startswith("@")):
        return text
    if text == "-":
        where = "standard input"
        try:
            if sys.stdin is None:
                raise InputError("POSITION '-' reads standard input, and there is none")
            read = sys.stdin.read(MAX_POSITION + 1)
            if len(read) > MAX_POSITION:
                raise InputError(f"POSITION from standard input is longer than {MAX_POSITION >> 20} MiB")
        except UnicodeDecodeError:
            raise InputError("cannot read POSITION from standard input: it is not UTF-8 text") from None
        except OSError as exc:
            raise InputError(f"cannot read POSITION from standard input: {_reason(exc)}") from None
    else:
        path = text[1:]
        where = repr(path)
        if not path:
            raise InputError("'@' needs a file name: @FILE reads POSITION from FILE")
        try:
            read = read_file(path, what="POSITION", limit=MAX_POSITION).decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"cannot read POSITION from {path!r}: it is not UTF-8 text") from None
        except IsADirectoryError:
            raise InputError(f"cannot read POSITION from {path!r}: it is a folder") from None
        except OSError as exc:
            raise InputError(f"cannot read POSITION from {path!r}: {_reason(exc)}") from None
    if not read.strip():
        raise InputError(f"POSITION from {where} is empty")
    return read.strip()


def game_from_args(args: argparse.Namespace) -> Any:
    """The game (with its root position) that GAME, POSITION and the size options describe."""
    return make_game(
        args.game, read_position(args.position), size=args.size, cols=args.cols, rows=args.rows, connect=args.connect
    )


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


MAX_DIGITS = 18
"""Whole numbers on the command line have at most this many digits (about 10**18)."""


def _whole(text: str) -> int:
    """A whole number argument (argparse's ``int``, with a size limit)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {_shown(text)}") from None
    if len(str(abs(value))) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is too large (whole numbers have at most {MAX_DIGITS} digits)"
        )
    return value


def _number(text: str) -> float:
    """A number argument (argparse's ``float``); its range is checked where it is used."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid float value: {_shown(text)}") from None


def _window_end(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = math.nan
    if math.isnan(x):
        raise argparse.ArgumentTypeError(f"window end {_shown(text)} is not a number (write a number, inf or -inf)")
    return x


def _search_flags(budget_flag: str) -> list[tuple[dataclasses.Field[Any], str, str]]:
    """(field, flag, dest) for every :class:`SearchOptions` field."""
    out = []
    for f in dataclasses.fields(SearchOptions):
        how = f.metadata.get("cli", {})
        flag = how.get("flag", "--" + f.name.replace("_", "-"))
        dest = how.get("dest", f.name)
        if dest == "budget":  # render's --max-nodes sizes the drawing: the node budget is --budget
            flag = budget_flag
        out.append((f, flag, dest))
    return out


def add_search_arguments(parser: argparse.ArgumentParser, *, budget_flag: str = "--max-nodes") -> None:
    """Every :class:`~negaviz.search.SearchOptions` field, as an option made from the field.

    A bool field is a switch, a field with choices takes one of them, an int or float
    field one number, a tuple field one number per element; help text, choices and
    metavar come from the field's ``metadata["cli"]``.  ``render`` and ``export`` use
    ``--max-nodes`` for the drawing budget, so they name the search's node budget
    ``--budget`` instead.
    """
    group = parser.add_argument_group("search options")
    hints = typing.get_type_hints(SearchOptions)
    for f, flag, dest in _search_flags(budget_flag):
        how = f.metadata.get("cli", {})
        kwargs: dict[str, Any] = {"dest": dest, "help": how.get("help", f.name.replace("_", " "))}
        if "metavar" in how:
            kwargs["metavar"] = how["metavar"]
        kind = hints[f.name]
        parts = [t for t in typing.get_args(kind) if t is not type(None)] or [kind]
        if kind is bool:
            kwargs["action"] = argparse.BooleanOptionalAction if f.default else "store_true"
            kwargs["default"] = f.default
        elif "choices" in how:
            kwargs["choices"] = how["choices"]
        elif typing.get_origin(kind) is tuple:
            kwargs["nargs"] = len(typing.get_args(kind))
            kwargs["type"] = _window_end
        elif int in parts:
            kwargs["type"] = _whole
        elif float in parts:
            kwargs["type"] = _number
        group.add_argument(flag, **kwargs)


def options_from_args(args: argparse.Namespace) -> SearchOptions:
    """The search options the arguments ask for (checked by SearchOptions itself);
    an option not given keeps SearchOptions' default."""
    given: dict[str, Any] = {}
    for f, _, dest in _search_flags("--max-nodes"):
        value = getattr(args, dest, None)
        if value is not None:
            given[f.name] = tuple(value) if isinstance(value, list) else value
    return SearchOptions(**given)


def _record(game: Any, options: SearchOptions, args: argparse.Namespace) -> Trace:
    """``record``, with a bar of events recorded on a terminal (unless ``--quiet``)."""
    with progress.recording(enabled=progress.wanted(args.quiet)) as hook:
        return record(game, options=options, progress=hook)


def add_quiet_argument(group: Any) -> None:
    """--quiet: no progress bars (they are drawn only when stderr is a terminal)."""
    group.add_argument("-q", "--quiet", action="store_true",
                        help="no progress bars on stderr (shown only on a terminal, for long work)")


# --- solve -----------------------------------------------------------------------------
def solve_report(
    result: SearchResult, trace: Trace | None, *, game: GameName | Literal[""], with_events: bool,
) -> dict[str, Any]:
    """What ``negaviz solve`` prints, as a JSON-able dict."""
    report = result.to_dict()
    if game == "tree" and trace is not None:
        report["pruned"] = trace.pruned_labels()
    if with_events and trace is not None:
        report["events"] = len(trace)
        report["trace_bytes"] = trace.nbytes
    return report


def format_report(report: dict[str, Any]) -> str:
    """The human-readable summary of a :func:`solve_report`."""

    def show(x: Any) -> str:
        return "unknown" if x is None else str(x)

    lines = [
        f"value        {show(report['value'])}  (for the side to move at the root)",
        f"minimax      {show(report['minimax_value'])}  (for the first player)",
        f"best move    {show(report['move'])}",
        f"pv           {' '.join(report['pv']) or '-'}",
        f"nodes        {report['nodes']}",
        f"leaves       {report['leaves']}",
        f"cutoffs      {report['cutoffs']}",
        f"tt hits      {report['tt_hits']}",
        f"seconds      {report['seconds']:.6f}",
    ]
    if "pruned" in report:
        lines.append(f"pruned       {' '.join(report['pruned']) or '-'}")
    if "events" in report:
        lines.append(f"events       {report['events']}")
        lines.append(f"trace bytes  {report['trace_bytes']}")
    if not report["complete"]:
        lines.append(f"partial      stopped by {'the node budget' if report['stopped'] == Stopped.BUDGET else 'Ctrl-C'}")
    return "\n".join(lines)


def _cmd_solve(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    options = options_from_args(args)
    trace: Trace | None = None
    if args.progress and args.record:
        raise InputError("--progress and --record do not go together (a search that shows progress is not recorded); use one of them")
    if args.progress:  # one search per root move, and a bar on stderr after each
        from negaviz.progress import root_moves
        from negaviz.search.endgame import solve

        try:
            with root_moves(enabled=not args.quiet) as bar:  # asked for: shown even when stderr is a file
                result = solve(game, options=options, progress=bar)
        except SearchInterrupted as exc:
            assert isinstance(exc.result, SearchResult)
            result = exc.result
    elif args.record or args.game == "tree":  # pruned tree labels come from the trace; trees are small
        trace = _record(game, options, args)
        assert trace.result is not None
        result = trace.result
    else:
        try:
            result = search(game, options=options)
        except SearchInterrupted as exc:
            assert isinstance(exc.result, SearchResult)
            result = exc.result
    report = solve_report(result, trace, game=args.game, with_events=args.record)
    print(_dumps(report) if args.json else format_report(report))
    return EXIT_INTERRUPTED if result.stopped == Stopped.INTERRUPTED else 0


def _strict(x: Any) -> Any:
    """``x`` with every infinite or NaN float written as text, as negaviz writes them."""
    if isinstance(x, float) and not math.isfinite(x):
        return "nan" if x != x else "inf" if x > 0 else "-inf"
    if isinstance(x, dict):
        return {k: _strict(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_strict(v) for v in x]
    return x


def _dumps(report: dict[str, Any]) -> str:
    """One line of strict JSON (no bare Infinity or NaN), keys sorted."""
    return json.dumps(_strict(report), sort_keys=True, allow_nan=False)


# --- output files ------------------------------------------------------------------------
def _reason(exc: OSError) -> str:
    """What the system said, without Python's decoration (``[Errno 28] ...``)."""
    return exc.strerror or str(exc) or type(exc).__name__


def check_output(path: str | os.PathLike[str]) -> Path:
    """Raise InputError unless a file can be written at ``path``: before a search, so
    that a long search is not lost to a typo in the folder name.

    The check tries it: it opens the file for appending (creating it, then removing
    it, if it was not there), so a read-only folder, /proc or /sys fail here.  A full
    disk only shows on the write itself: see :func:`_writing`.
    """
    target = Path(path)
    shown = str(path)
    if str(path).endswith(("/", os.sep)) or target.is_dir():
        raise InputError(f"cannot write {shown!r}: it is a folder (name a file in it)")
    folder = target.parent
    if not folder.exists():
        raise InputError(f"cannot write {shown!r}: folder {str(folder)!r} does not exist")
    if not folder.is_dir():
        raise InputError(f"cannot write {shown!r}: {str(folder)!r} is not a folder")
    existed = os.path.lexists(target)
    try:
        # Non-blocking: opening a named pipe with no reader must fail, not hang.
        fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o666)
        os.close(fd)
        if not existed:
            os.unlink(target)
    except OSError as exc:
        raise InputError(f"cannot write {shown!r}: {_reason(exc)}") from None
    return target


def check_new(path: str | os.PathLike[str], force: bool) -> None:
    """The one overwrite rule of every command that writes a file: a file already at
    ``path`` is refused unless ``--force``, in one line naming it, before any search or
    drawing.  With ``--force`` it is replaced whole (written beside it, then renamed: see
    :func:`negaviz.fileio.atomic_write`).  What is not a regular file is not replaced
    (``/dev/null``, a named pipe: written to as it is; a folder: refused by :func:`check_output`)."""
    if os.path.isfile(path) and not force:
        raise InputError(f"{str(path)!r} already exists: use --force to replace it")


class _writing:
    """``with _writing(path):`` turns a failed write (a full disk, a folder removed
    meanwhile) into one InputError line naming the file."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: BaseException | None, tb: Any) -> None:
        if isinstance(exc, OSError):
            raise InputError(f"cannot write {self.path!r}: {_reason(exc)}") from None


@contextmanager
def _terminate_as_ctrl_c() -> Iterator[None]:
    """SIGTERM (``kill``, a CI timeout) raises KeyboardInterrupt, as Ctrl-C does, so
    ``finally`` clauses run before the process ends."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def _quit_on_ctrl_c(output: str) -> Iterator[None]:
    """Ctrl-C while the page is laid out and written exits at once, status 130.

    dot may be laying out a view in a child process, and a KeyboardInterrupt would
    first wait for it: the command has nothing left to keep, so it stops the process.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        remove_partial()  # os._exit skips the write's own clean-up
        print(f"{PROG}: interrupted: {output} not written", file=sys.stderr)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(EXIT_INTERRUPTED)

    previous = signal.signal(signal.SIGINT, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _record_for(args: argparse.Namespace, output: str, *, check: bool = True) -> Trace | None:
    """What every command that writes a search (render, its flip-book, export) does before
    it draws: check the drawing options, make the game and the search options, check that
    ``output`` can be written (unless ``check`` is false: the caller checked it its own
    way), all before the search, so that a typo costs no search; then record the search
    with a bar on a terminal (unless ``--quiet``).

    After Ctrl-C it prints the partial result, says ``output`` is not written (drawing a
    partial search could take long, and the user asked to stop) and returns None.
    """
    _check_view(args)
    game = game_from_args(args)
    options = options_from_args(args)
    if check:
        check_output(output)
    trace = _record(game, options, args)
    if trace.result is not None and trace.result.stopped == Stopped.INTERRUPTED:
        print(format_report(solve_report(trace.result, trace, game="", with_events=True)))
        print(f"{PROG}: interrupted: {output} not written", file=sys.stderr)
        return None
    return trace


# --- render, proof -----------------------------------------------------------------------
def add_view_arguments(group: Any, *, per: str) -> None:
    """--perspective, --windows and --max-nodes: how a drawn tree looks (render, export)."""
    group.add_argument("--perspective", choices=PERSPECTIVES, default=PERSPECTIVES[0],
                       help="values for the side to move (negamax) or the first player (minimax)")
    group.add_argument("--windows", action="store_true", help="show each node's alpha-beta window and bound")
    group.add_argument("--max-nodes", type=_whole, default=400, metavar="N",
                       help=f"draw at most N nodes{per}, folding the rest (default 400)")


def _check_format(path: str, formats: Any) -> None:
    if Path(path).suffix.lower() not in formats:
        raise InputError(f"cannot tell the format of {path!r} (end it with one of {', '.join(formats)})")


def _cmd_render(args: argparse.Namespace) -> int:
    from negaviz.render import FORMATS, draw, save  # drawing needs graphviz: import on use

    if args.steps is not None:
        return _render_steps(args)
    if args.format is not None:
        raise InputError("--format goes with --steps and a folder (-o DIR/); a file's format comes from its extension")
    _check_format(args.output, FORMATS)
    check_new(args.output, args.force)
    trace = _record_for(args, args.output)
    if trace is None:
        return EXIT_INTERRUPTED
    if args.step is not None:
        check_step(args.step, len(trace), what="--step")
    digraph = draw(
        trace, step=args.step, perspective=args.perspective, windows=args.windows, dag=args.dag,
        max_nodes=args.max_nodes, preview=args.preview,
    )
    with _writing(args.output):
        print(save(digraph, args.output))
    return 0


def _render_steps(args: argparse.Namespace) -> int:
    """``render --steps A-B``: a flip-book, as one PDF or one file per step in a folder."""
    from negaviz.render.flipbook import flipbook, page_name, parse_steps, save_pages, save_pdf, steps_of

    parse_steps(args.steps, what="--steps")  # not a range, reversed, too long: before the search
    if args.step is not None:
        raise InputError("--steps and --step cannot go together (--steps A-B draws one page per step)")
    if args.dag:
        raise InputError("--steps cannot draw --dag pages (a flip-book draws the tree)")
    output = args.output
    folder = output.endswith(("/", os.sep)) or Path(output).is_dir()
    if not folder:
        if Path(output).suffix.lower() != ".pdf":
            raise InputError(
                f"--steps writes several pages, and {output!r} holds one: write a PDF (-o steps.pdf) "
                "or a folder (-o DIR/)"
            )
        if args.format is not None:
            raise InputError(f"--format goes with a folder (-o DIR/), not with {output!r}")
        check_new(output, args.force)
    elif not Path(output).parent.is_dir() and not Path(output).is_dir():
        raise InputError(f"cannot write pages into {output!r}: folder {str(Path(output).parent)!r} does not exist")
    trace = _record_for(args, output, check=not folder)  # a folder: its parent was checked above
    if trace is None:
        return EXIT_INTERRUPTED
    steps = steps_of(args.steps, len(trace), what="--steps")
    pages = flipbook(
        trace, steps, perspective=args.perspective, windows=args.windows, max_nodes=args.max_nodes,
        preview=args.preview,
    )
    with _writing(output):
        if not folder:
            print(f"{save_pdf(pages, output)}: {len(pages):,} pages, steps {steps[0]}..{steps[-1]}")
            return 0
        fmt = args.format or "svg"
        written = save_pages(pages, output, fmt, force=args.force)
    names = f"{page_name(steps[0], fmt)} .. {page_name(steps[-1], fmt)}" if len(written) > 1 else written[0].name
    print(f"{output}: {len(written):,} pages, {names}")
    return 0


def _check_view(args: argparse.Namespace) -> None:
    """The drawing options' numbers, before the search (the drawing checks them again)."""
    from negaviz.render.tree import MIN_NODES

    if args.max_nodes < MIN_NODES:
        raise InputError(f"--max-nodes {args.max_nodes} is too small: a drawing shows at least {MIN_NODES} nodes")
    if getattr(args, "step", None) is not None and args.step < 0:
        raise InputError(f"--step {args.step} is negative (steps count from 0)")


def _cmd_export(args: argparse.Namespace) -> int:
    from negaviz.export import export_html  # drawing needs graphviz: import on use

    if not args.output.lower().endswith((".html", ".htm")):
        raise InputError(f"export writes one HTML page: {args.output!r} should end with .html")
    check_new(args.output, args.force)
    trace = _record_for(args, args.output)
    if trace is None:
        return EXIT_INTERRUPTED
    with _writing(args.output), _quit_on_ctrl_c(args.output):
        info = export_html(
            trace, args.output, perspective=args.perspective, windows=args.windows,
            max_nodes=args.max_nodes, title=args.title, preview=args.preview, presenter=args.presenter,
            progress=progress.wanted(args.quiet), practice=args.practice, ask=args.ask,
        )
    views = f", {info.views} views of the tree" if info.views > 1 else ""
    print(f"{info.path}: every one of {info.steps:,} steps{views}, {info.bytes:,} bytes")
    return 0


def _cmd_proof(args: argparse.Namespace) -> int:
    from negaviz.search.proof import prove

    game = game_from_args(args)
    if args.output:
        from negaviz.render import FORMATS

        _check_format(args.output, FORMATS)
        check_new(args.output, args.force)
        check_output(args.output)  # the folder; a draw's two files are named after it
    proofs = prove(game, minimal=args.minimal)  # Ctrl-C: SearchInterrupted, no partial proof
    paths: list[Path] = []
    if args.output:
        out = Path(args.output)
        # A draw has two proofs: each goes to its own file, named after its prover.
        paths = [out if len(proofs.proofs) == 1 else out.with_name(f"{out.stem}-{p.prover_name}{out.suffix}")
                 for p in proofs.proofs]
        for path in paths:
            check_new(path, args.force)  # each before any is written (their names are known now)
    if args.json:
        print(_dumps(proofs.to_dict()))
    else:
        print(f"value        {proofs.to_dict()['value']}  (for the side to move at the root)")
        for p in proofs.proofs:
            print(f"proof        {p.description}: {p.nodes} nodes{' (minimal)' if args.minimal else ''}")
    if paths:
        from negaviz.render import draw_proof, save

        for p, path in zip(proofs.proofs, paths):
            with _writing(path):
                print(save(draw_proof(game, p), path), file=sys.stderr if args.json else sys.stdout)
    return 0


def _cmd_exercises(args: argparse.Namespace) -> int:
    from negaviz.export.sheet import MAX_COUNT, key_markdown, make_sheet, sheet_html, trees_pdf

    if not 1 <= args.count <= MAX_COUNT:
        raise InputError(f"--count {args.count} is not allowed: a sheet holds 1 to {MAX_COUNT} exercises")
    if args.graded:  # a page with no key, for one student (negaviz.cli_grade)
        from negaviz.cli_grade import run_graded_sheet

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


def _cmd_site(args: argparse.Namespace) -> int:
    from negaviz.site import build_site

    say = None if args.quiet else (lambda line: print(f"{PROG} site: {line}", file=sys.stderr, flush=True))
    with _terminate_as_ctrl_c():  # a killed build removes its work folder too
        info = build_site(args.notebooks, args.output, force=args.force, pyodide=args.pyodide, say=say,
                          refresh=args.refresh)
    print(f"{info.path}: a JupyterLite site of {info.notebooks} notebook{'s' if info.notebooks != 1 else ''}, "
          f"{info.bytes / 1e6:.1f} MB in {info.files:,} files; copy the folder to any static web space")
    if info.moved_aside is not None:
        print(f"the folder that was there is now {str(info.moved_aside)!r}", file=sys.stderr)
    _warn_older_outputs(args.notebooks)
    return 0


def _warn_older_outputs(paths: list[str]) -> None:
    """One line per notebook whose stored drawings or steppers an older negaviz saved (they
    show no picture in the site before the notebook runs)."""
    from negaviz.course.rules import OLDER, check_notebook
    from negaviz.site.notebooks import collect

    for file in collect(paths):
        if file.source.suffix.lower() != ".ipynb":
            continue
        cells = [f.cell for f in check_notebook(file.source) if OLDER in f.rules]
        if cells:
            print(f"warning: {file.name}: cell{'s' if len(cells) > 1 else ''} {', '.join(map(str, cells))} "
                  "were saved by an older negaviz and show no picture until the notebook runs: run it again, save "
                  "it and build the site again", file=sys.stderr)


def _cmd_init(args: argparse.Namespace) -> int:
    from negaviz.course.init import init_course

    from negaviz.course.rules import check_notebook

    info = init_course(args.folder, notebooks=args.notebooks or (), force=args.force, wheel=args.wheel,
                       assignments=args.assignments or (), nbgrader=args.nbgrader)
    print(info.source)
    if info.missing:
        lacks = "; ".join(f"the {extra} extra ({', '.join(names)})" for extra, names in info.missing.items())
        print(f"warning: this environment lacks {lacks}, so constraints.txt pins none of it: run init from an "
              f"environment with negaviz[notebook,site] installed", file=sys.stderr)
    for name in info.kept:
        print(f"kept {name} (not written by negaviz init, or changed since)", file=sys.stderr)
    for name in info.notebooks:  # what the course's CI would trip on, said now
        for finding in check_notebook(info.path / name):
            print(f"warning: {finding.line(name)}", file=sys.stderr)
    lectures = len(info.notebooks)
    print(f"{info.path}: a course of {lectures} notebook{'s' if lectures != 1 else ''}, {len(info.written)} files "
          f"written{f', {len(info.kept)} kept' if info.kept else ''}; README.md says what to run next")
    return 0


def _cmd_check_notebooks(args: argparse.Namespace) -> int:
    from negaviz.course.pairs import pair_problems
    from negaviz.course.rules import check_notebook
    from negaviz.site.notebooks import collect

    notebooks = [file.source for file in collect(args.paths) if file.name.suffix == ".ipynb"]
    count = f"{len(notebooks)} notebook{'s' if len(notebooks) != 1 else ''}"
    # The pairs first: a notebook that is not what its .py says is checked in vain.
    pairs = [line for path in notebooks for line in pair_problems(path, str(path))]
    for line in pairs:
        print(line)
    found = 0
    for path in notebooks:
        for finding in check_notebook(path):
            print(finding.line(str(path)))
            found += 1
    if pairs:
        one = len(pairs) == 1
        print(f"{len(pairs)} notebook{'' if one else 's'} of {len(notebooks)} differ{'s' if one else ''} from "
              f"{'its' if one else 'their'} .py", file=sys.stderr)
    if found:
        print(f"{found} cell{'s' if found != 1 else ''} in {count} would make nbval fail for the wrong reason",
              file=sys.stderr)
    if pairs or found:
        return 1
    paired = sum(path.with_suffix(".py").is_file() for path in notebooks)
    agree = ("each agrees with its .py" if paired == len(notebooks) else "none has a .py to differ from" if not paired
             else f"the {paired} with a .py agree with it")
    print(f"{count}: {agree}, and no cell breaks the rules for stable notebooks")
    return 0


# --- the parser and main -----------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """The ``negaviz`` parser with every subcommand."""
    from negaviz import __version__

    parser = _Parser(prog=PROG, description="Game-tree search you can watch.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.set_defaults(run=_cmd_help(parser))  # a bare `negaviz` prints this help
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_CommandParser)

    solve = commands.add_parser(
        "solve", help="search a game and print the value, best line and counts",
        description="Search GAME from POSITION and print its value, principal variation and counts.",
        epilog="examples:\n"
        "  negaviz solve tree 'A(B(D:7 E:5) C(F:3 G:1 H:9))' --json\n"
        "  negaviz solve ttt --algorithm negamax\n"
        "  negaviz solve othello --size 4 --tt --window -inf 0\n"
        "  negaviz solve connect4 --cols 5 --rows 4 --order threats+heuristic --tt --symmetry --progress\n"
        "exit status: 0 done (or stopped by --max-nodes), 2 bad input, 130 Ctrl-C",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(solve)
    add_search_arguments(solve)
    output = solve.add_argument_group("output")
    output.add_argument("--record", action="store_true", help="record the trace; report its events and bytes")
    output.add_argument("--json", action="store_true", help="print one JSON object (one line, sorted keys)")
    output.add_argument("--progress", action="store_true",
                        help="search one root move at a time, with a bar of root moves on stderr")
    add_quiet_argument(output)
    solve.set_defaults(run=_cmd_solve)

    render = commands.add_parser(
        "render", help="draw a search as a game tree (SVG, PDF, PNG or DOT)",
        description="Search GAME from POSITION, record it, and draw the tree as it stands after --step K "
        "(default: the end). The format comes from the file's extension.",
        epilog="examples:\n"
        "  negaviz render tree '[[7,5],[3,1,9]]' --step 15 --windows -o cutoff.svg\n"
        "  negaviz render ttt 'x.o/x../o..' --tt --perspective minimax -o ttt.pdf\n"
        "  negaviz render tree 'A(B(D:7 E:5) C(F:3 G:1 H:9))' --steps all -o slides.pdf\n"
        "  negaviz render ttt 'x.o/x../o..' --tt --steps 0-40 --format png -o frames/\n"
        "exit status: 0 done, 2 bad input, 130 Ctrl-C",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(render)
    add_search_arguments(render, budget_flag="--budget")
    drawing = render.add_argument_group("drawing")
    drawing.add_argument("--step", type=_whole, metavar="K", help="draw the search as it stands after K events")
    drawing.add_argument("--steps", metavar="A-B",
                         help="a flip-book: one page per step, laid out alike (A-B, A-, K or all), "
                         "into a PDF or a folder (-o DIR/)")
    drawing.add_argument("--preview", action="store_true", help="with --step(s): show the rest of the search faintly")
    drawing.add_argument("--format", choices=("svg", "png", "pdf", "dot"),
                         help="with --steps -o DIR/: the pages' format (default svg)")
    drawing.add_argument("--force", action="store_true", help="replace the file (or --steps pages) already there")
    add_view_arguments(drawing, per="")
    drawing.add_argument("--dag", action="store_true", help="merge transposed positions; table hits as dashed edges")
    drawing.add_argument("-o", "--output", required=True, metavar="FILE", help="the file to write")
    add_quiet_argument(drawing)
    render.set_defaults(run=_cmd_render)

    export = commands.add_parser(
        "export", help="write a search as one self-contained HTML page to step through offline",
        description="Search GAME from POSITION, record it, and write one HTML file that steps through "
        "every event: each view of the tree is laid out once, and the page paints each step on it "
        "(Play, a slider, the arrow keys). It loads nothing from the network, so it opens from a file, "
        "on an LMS page or inside slides.",
        epilog="examples:\n"
        "  negaviz export tree 'A(B(D:7 E:5) C(F:3 G:1 H:9))' -o alphabeta.html\n"
        "  negaviz export ttt 'x.o/x../o..' --tt --perspective minimax -o ttt.html\n"
        "  negaviz export tree 'A(B(D:7 E:5) C(F:3 G:1 H:9))' --practice tree -o exercise.html\n"
        "exit status: 0 done, 2 bad input, 130 Ctrl-C",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(export)
    add_search_arguments(export, budget_flag="--budget")
    page = export.add_argument_group("page")
    add_view_arguments(page, per=" per frame")
    page.add_argument("--title", help="the page's title (default: the game and options)")
    page.add_argument("--preview", action="store_true",
                      help="show the rest of the search faintly behind each step (off: nothing from later steps shows)")
    page.add_argument("--presenter", action="store_true", help="open in presenter size, for a projector (P switches)")
    page.add_argument("--practice", choices=PRACTICE_MODES, default=None,
                      help="students do the exercise on the picture, graded in the page: 'tree' (values and cuts on "
                      "the whole tree, then check) or 'steps' (questions as the search goes); textbook trees")
    page.add_argument("--ask", default=None, metavar="KINDS",
                      help="with --practice steps: the questions asked, some of " + ", ".join(ASK_KINDS)
                      + " (comma-separated; default all but leaf)")
    page.add_argument("-o", "--output", required=True, metavar="FILE.html", help="the page to write")
    page.add_argument("--force", action="store_true", help="replace the page if it is already there")
    add_quiet_argument(page)
    export.set_defaults(run=_cmd_export)

    proof = commands.add_parser(
        "proof", help="print (and draw) the proof tree of a solved position",
        description="Solve GAME at POSITION and build its proof tree: one move at the prover's nodes, every "
        "move at the opponent's. A win or a loss has one proof; a draw has two (each player proves it "
        "cannot lose).",
        epilog="examples:\n"
        "  negaviz proof ttt 'x.o/x../o..' --json\n"
        "  negaviz proof ttt --minimal -o empty.svg    # a draw: writes empty-x.svg and empty-o.svg\n"
        "exit status: 0 done, 2 bad input, 130 Ctrl-C",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(proof)
    proof.add_argument("--minimal", action="store_true", help="the proof tree with the fewest nodes")
    proof.add_argument("--json", action="store_true", help="print one JSON object (one line, sorted keys)")
    proof.add_argument("-o", "--output", metavar="FILE", help="draw the proof tree(s) to FILE (format by extension)")
    proof.add_argument("--force", action="store_true", help="with -o: replace the file(s) already there")
    proof.set_defaults(run=_cmd_proof)

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
    from negaviz.cli_grade import add_graded_arguments

    add_graded_arguments(sheet)
    sheet.set_defaults(run=_cmd_exercises)

    site = commands.add_parser(
        "site", help="build a JupyterLite course site: the notebooks run in any browser, nothing installed",
        description="Build a static JupyterLite site (JupyterLab, Notebook and a REPL) holding the notebooks, "
        "with negaviz, the widgets and Pyodide (Python in the browser) bundled: copy DIR to any static web "
        "space, at any sub-path, and students run every notebook with nothing installed. Downloads (Pyodide "
        "from npm, wheels from PyPI) are cached, so building again needs no network.",
        epilog="examples:\n"
        "  negaviz site notebooks/ -o _site\n"
        "  negaviz site 03-alphabeta.ipynb 12-write-your-own-alphabeta.ipynb -o ~/public_html/cs440\n"
        "exit status: 0 done, 2 bad input or a failed build (DIR is left as it was), 130 Ctrl-C",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    site.add_argument("notebooks", metavar="NOTEBOOK_OR_FOLDER", nargs="+",
                      help="a .ipynb notebook (its jupytext .py pair comes along), or a folder of them")
    site.add_argument("-o", "--output", required=True, metavar="DIR", help="the site's folder")
    site.add_argument("--force", action="store_true",
                      help="if DIR is not a site negaviz built, move it aside to DIR.old (nothing is deleted)")
    site.add_argument("--pyodide", metavar="PATH_OR_URL",
                      help="a full Pyodide distribution (folder, .tar.bz2 or its URL) instead of npm's core")
    site.add_argument("--refresh", action="store_true",
                      help="fetch every download the site takes anew (Pyodide's core, the kernel's wheels), "
                      "replacing the cached files; needs the network")
    site.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    site.set_defaults(run=_cmd_site)

    init = commands.add_parser(
        "init", help="start a course repository: a lecture, pinned requirements, nbval tests, CI that publishes a site",
        description="Write a course repository into DIR that a lecturer can push as it is: a starter lecture (or "
        "the notebooks --from names) as jupytext pairs, pinned requirements, pytest set up for strict nbval with "
        "negaviz's sanitizer, CI for GitHub Actions and GitLab CI that tests the notebooks and publishes the "
        "course site, Binder files, and a README for the course staff. DIR must be empty (a .git folder aside).",
        epilog="examples:\n"
        "  negaviz init cs440\n"
        "  negaviz init cs440 --from notebooks/03-alphabeta.ipynb notebooks/12-write-your-own-alphabeta.ipynb\n"
        "  negaviz init . --force    # add what is missing; a file init did not write is never replaced\n"
        "  negaviz init cs440 --wheel dist/negaviz-0.1.0-py3-none-any.whl   # the course installs this wheel\n"
        "exit status: 0 done, 2 bad input (found before any file is written) or a failed write",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    init.add_argument("folder", metavar="DIR", help="the course's folder (made if missing; must be empty)")
    init.add_argument("--from", dest="notebooks", metavar="NOTEBOOK", nargs="+",
                      help="lecture notebooks (.ipynb, or folders of them) instead of the starter lecture; "
                      "each brings its jupytext .py pair")
    init.add_argument("--force", action="store_true",
                      help="write into a folder that holds files: add what is missing, replace only files "
                      "init wrote before and nobody changed")
    init.add_argument("--wheel", metavar="FILE.whl",
                      help="the negaviz wheel the course installs (copied into its wheels/ folder); default: where "
                      "this negaviz was installed from (a wheel, a checkout, a URL or a package index)")
    init.add_argument("--assignment", dest="assignments", action="append", metavar="KIND",
                      choices=("alphabeta", "tt", "depth-limited"),
                      help="add a \"write your own\" notebook graded on negaviz's battery, with its nbgrader checking "
                      "cell and otter tests: alphabeta, tt or depth-limited (may be given more than once)")
    init.add_argument("--nbgrader", action="store_true",
                      help="add an nbgrader course: nbgrader_config.py and a first graded assignment whose "
                      "autograder cell grades the students' answers file afresh")
    init.set_defaults(run=_cmd_init)

    check = commands.add_parser(
        "check-notebooks", help="check that each notebook agrees with its .py, and warn about cells that would "
        "make nbval fail for the wrong reason",
        description="Read notebooks (nothing runs). First, each notebook with a jupytext .py beside it must have "
        "the cells the .py has (an edit made to the .py alone would leave nbval and the course site on the old "
        "notebook). Then print one line per cell that breaks a rule for stable notebooks: random numbers with no "
        "seed, a printed time, a widget without a static form, an Output widget, or an nbval marker not alone on "
        "its line.",
        epilog="examples:\n"
        "  negaviz check-notebooks notebooks/\n"
        "  negaviz check-notebooks notebooks/03-alphabeta.ipynb\n"
        "exit status: 0 all well, 1 a pair that differs or a cell that breaks a rule (one line each), 2 bad input",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument("paths", metavar="PATH", nargs="+", help="a .ipynb notebook, or a folder of them")
    check.set_defaults(run=_cmd_check_notebooks)

    from negaviz.cli_grade import add_command as add_grade_attempts

    add_grade_attempts(commands)
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


if __name__ == "__main__":
    sys.exit(main())
