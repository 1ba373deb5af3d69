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
``"inf"`` and ``"-inf"``, as everywhere in negaviz.

Exit status: 0 on success (a search stopped by ``--max-nodes`` included), 2 on bad
input (one line on stderr, starting ``negaviz: error:``), 130 after Ctrl-C (the
partial result is still printed).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from typing import Any, NoReturn, Sequence

from negaviz.errors import InputError, NegavizError, SearchInterrupted
from negaviz.games import GAMES, make_game
from negaviz.search import SearchOptions, SearchResult, search
from negaviz.search.options import ALGORITHMS, ORDERS
from negaviz.trace import Trace, record

__all__ = ["main", "build_parser", "add_game_arguments", "add_search_arguments", "game_from_args", "options_from_args"]

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
        "(default: the start position)",
    )
    parser.add_argument("--size", type=int, metavar="N", help="othello board size: 4, 6 or 8 (default 8)")
    parser.add_argument("--cols", type=int, metavar="C", help="connect4 columns: 4 to 9 (default 7)")
    parser.add_argument("--rows", type=int, metavar="R", help="connect4 rows: 4 to 9 (default 6)")
    parser.add_argument("--connect", type=int, metavar="K", help="connect4 discs in a row that win (default 4)")


def game_from_args(args: argparse.Namespace) -> Any:
    """The game (with its root position) that GAME, POSITION and the size options describe."""
    return make_game(
        args.game, args.position, size=args.size, cols=args.cols, rows=args.rows, connect=args.connect
    )


def _window_end(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = math.nan
    if math.isnan(x):
        raise argparse.ArgumentTypeError(f"window end {text!r} is not a number (write a number, inf or -inf)")
    return x


def add_search_arguments(parser: argparse.ArgumentParser, *, budget_flag: str = "--max-nodes") -> None:
    """Every :class:`~negaviz.search.SearchOptions` switch, as options.

    ``render`` uses ``--max-nodes`` for the drawing budget, so it names the search's
    node budget ``--budget`` instead.
    """
    group = parser.add_argument_group("search options")
    group.add_argument("--algorithm", choices=ALGORITHMS, default="alphabeta", help="default: alphabeta")
    group.add_argument("--depth", type=int, metavar="N", help="plies before evaluating (default: to the end)")
    group.add_argument("--order", choices=ORDERS, default="natural", help="move order (default: natural)")
    group.add_argument("--tt", action="store_true", help="use a transposition table")
    group.add_argument("--symmetry", action="store_true", help="try symmetric moves once; canonical table keys")
    group.add_argument("--fail-hard", action="store_true", help="clamp values into the window (alphabeta, pvs)")
    group.add_argument(
        "--window", nargs=2, type=_window_end, metavar=("LO", "HI"),
        help="the root's alpha-beta window; numbers, inf or -inf (default: -inf inf)",
    )
    group.add_argument("--stop-at-win", action="store_true", help="stop at the first proven win")
    group.add_argument("--forced", action="store_true",
                       help="threat search: play a win at once, else only moves that block the opponent's win")
    group.add_argument("--bounds", action="store_true",
                       help="use the game's value bounds (e.g. an early draw once no line can be completed)")
    group.add_argument(
        budget_flag, dest="budget", type=int, metavar="N", help="node budget; the result is then partial"
    )
    group.add_argument(
        "--aspiration", type=float, metavar="A",
        help="with --algorithm id: search each depth in (previous value - A, previous value + A) first",
    )
    group.add_argument("--tt-size", type=int, metavar="N", help="transposition-table slots (default: unbounded)")
    group.add_argument(
        "--tt-replace", choices=("always", "depth"), default="always",
        help="which entry keeps a contested slot (default: always the newer)",
    )


def options_from_args(args: argparse.Namespace) -> SearchOptions:
    """The search options the arguments ask for (checked by SearchOptions itself)."""
    return SearchOptions(
        algorithm=args.algorithm,
        depth=args.depth,
        order=args.order,
        tt=args.tt,
        symmetry=args.symmetry,
        fail_hard=args.fail_hard,
        window=tuple(args.window) if args.window else (-math.inf, math.inf),
        stop_at_win=args.stop_at_win,
        max_nodes=args.budget,
        aspiration=args.aspiration,
        forced=args.forced,
        bounds=args.bounds,
        tt_size=args.tt_size,
        tt_replace=args.tt_replace,
    )


# --- solve -----------------------------------------------------------------------------
def solve_report(result: SearchResult, trace: Trace | None, *, game: str, with_events: bool) -> dict[str, Any]:
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
        lines.append(f"partial      stopped by {'the node budget' if report['stopped'] == 'budget' else 'Ctrl-C'}")
    return "\n".join(lines)


def _cmd_solve(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    options = options_from_args(args)
    trace: Trace | None = None
    if args.progress and args.record:
        raise InputError("--progress solves one root move at a time and cannot --record; use one of them")
    if args.progress:  # one search per root move, and a bar on stderr after each
        from negaviz.search.endgame import solve, text_bar

        try:
            result = solve(game, options=options, progress=text_bar(sys.stderr))
        except SearchInterrupted as exc:
            assert isinstance(exc.result, SearchResult)
            result = exc.result
    elif args.record or args.game == "tree":  # pruned tree labels come from the trace; trees are small
        trace = record(game, options=options)
        assert trace.result is not None
        result = trace.result
    else:
        try:
            result = search(game, options=options)
        except SearchInterrupted as exc:
            assert isinstance(exc.result, SearchResult)
            result = exc.result
    report = solve_report(result, trace, game=args.game, with_events=args.record)
    if args.json:
        print(json.dumps(report, sort_keys=True, allow_nan=False))
    else:
        print(format_report(report))
    return EXIT_INTERRUPTED if result.stopped == "interrupted" else 0


# --- render, proof -----------------------------------------------------------------------
def add_view_arguments(group: Any, *, per: str) -> None:
    """--perspective, --windows and --max-nodes: how a drawn tree looks (render, export)."""
    group.add_argument("--perspective", choices=("negamax", "minimax"), default="negamax",
                       help="values for the side to move (negamax) or the first player (minimax)")
    group.add_argument("--windows", action="store_true", help="show each node's alpha-beta window and bound")
    group.add_argument("--max-nodes", type=int, default=400, metavar="N",
                       help=f"draw at most N nodes{per}, folding the rest (default 400)")


def _check_format(path: str, formats: Any) -> None:
    from pathlib import Path

    if Path(path).suffix.lower() not in formats:
        raise InputError(f"cannot tell the format of {path!r} (end it with one of {', '.join(formats)})")


def _cmd_render(args: argparse.Namespace) -> int:
    from negaviz.render import FORMATS, draw, save  # drawing needs graphviz: import on use

    _check_format(args.output, FORMATS)
    game = game_from_args(args)
    trace = record(game, options=options_from_args(args))
    if args.step is not None and not 0 <= args.step <= len(trace):
        raise InputError(f"--step {args.step} is outside this search's 0..{len(trace)} steps")
    digraph = draw(
        trace, step=args.step, perspective=args.perspective, windows=args.windows, dag=args.dag,
        max_nodes=args.max_nodes,
    )
    print(save(digraph, args.output))
    return EXIT_INTERRUPTED if trace.result is not None and trace.result.stopped == "interrupted" else 0


def _cmd_export(args: argparse.Namespace) -> int:
    from negaviz.export import export_html  # drawing needs graphviz: import on use

    if not args.output.lower().endswith((".html", ".htm")):
        raise InputError(f"export writes one HTML page: {args.output!r} should end with .html")
    game = game_from_args(args)
    trace = record(game, options=options_from_args(args))
    info = export_html(
        trace, args.output, perspective=args.perspective, windows=args.windows,
        max_nodes=args.max_nodes, title=args.title, max_frames=args.max_frames,
    )
    note = f" (sampled from {info.total})" if info.sampled else ""
    print(f"{info.path}: {info.frames} frames{note}, {info.bytes:,} bytes")
    return EXIT_INTERRUPTED if trace.result is not None and trace.result.stopped == "interrupted" else 0


def _cmd_proof(args: argparse.Namespace) -> int:
    from negaviz.search.proof import prove

    game = game_from_args(args)
    proofs = prove(game, minimal=args.minimal)
    if args.json:
        print(json.dumps(proofs.to_dict(), sort_keys=True, allow_nan=False))
    else:
        print(f"value        {proofs.to_dict()['value']}  (for the side to move at the root)")
        for p in proofs.proofs:
            print(f"proof        {p.description}: {p.nodes} nodes{' (minimal)' if args.minimal else ''}")
    if args.output:
        from pathlib import Path

        from negaviz.render import FORMATS, draw_proof, save

        out = Path(args.output)
        _check_format(args.output, FORMATS)
        for p in proofs.proofs:
            # A draw has two proofs: each goes to its own file, named after its prover.
            path = out if len(proofs.proofs) == 1 else out.with_name(f"{out.stem}-{p.prover_name}{out.suffix}")
            print(save(draw_proof(game, p), path), file=sys.stderr if args.json else sys.stdout)
    return 0


# --- the parser and main -----------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """The ``negaviz`` parser with every subcommand."""
    parser = _Parser(prog=PROG, description="Game-tree search you can watch.")
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_CommandParser
    )

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
                        help="search one root move at a time, with a progress bar on stderr")
    solve.set_defaults(run=_cmd_solve)

    render = commands.add_parser(
        "render", help="draw a search as a game tree (SVG, PDF, PNG or DOT)",
        description="Search GAME from POSITION, record it, and draw the tree as it stands after --step K "
        "(default: the end). The format comes from the file's extension.",
        epilog="examples:\n"
        "  negaviz render tree '[[7,5],[3,1,9]]' --step 15 --windows -o cutoff.svg\n"
        "  negaviz render ttt 'x.o/x../o..' --tt --perspective minimax -o ttt.pdf\n"
        "exit status: 0 done, 2 bad input, 130 Ctrl-C",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(render)
    add_search_arguments(render, budget_flag="--budget")
    drawing = render.add_argument_group("drawing")
    drawing.add_argument("--step", type=int, metavar="K", help="draw the search as it stands after K events")
    add_view_arguments(drawing, per="")
    drawing.add_argument("--dag", action="store_true", help="merge transposed positions; table hits as dashed edges")
    drawing.add_argument("-o", "--output", required=True, metavar="FILE", help="the file to write")
    render.set_defaults(run=_cmd_render)

    export = commands.add_parser(
        "export", help="write a search as one self-contained HTML page to step through offline",
        description="Search GAME from POSITION, record it, and write one HTML file with every frame "
        "pre-rendered, Play, a slider and the arrow keys: no network, no CDN. It opens from a file, "
        "on an LMS page or inside slides.",
        epilog="examples:\n"
        "  negaviz export tree 'A(B(D:7 E:5) C(F:3 G:1 H:9))' -o alphabeta.html\n"
        "  negaviz export ttt 'x.o/x../o..' --tt --perspective minimax -o ttt.html\n"
        "exit status: 0 done, 2 bad input, 130 Ctrl-C",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(export)
    add_search_arguments(export, budget_flag="--budget")
    page = export.add_argument_group("page")
    add_view_arguments(page, per=" per frame")
    page.add_argument("--max-frames", type=int, default=2000, metavar="N",
                      help="keep at most N frames, evenly spaced, for long searches (default 2000)")
    page.add_argument("--title", help="the page's title (default: the game and options)")
    page.add_argument("-o", "--output", required=True, metavar="FILE.html", help="the page to write")
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
    proof.set_defaults(run=_cmd_proof)
    return parser


def _one_line(message: str) -> str:
    return " ".join(message.splitlines())


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``negaviz`` with ``argv`` (default: the command line); return the exit status."""
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exc:  # --help and --version print, then exit
            return exc.code if isinstance(exc.code, int) else 0
        status: int = args.run(args)
        return status
    except KeyboardInterrupt:  # Ctrl-C outside the search itself, e.g. while packing the trace
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except NegavizError as exc:  # after KeyboardInterrupt: SearchInterrupted is both
        print(f"{PROG}: error: {_one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
