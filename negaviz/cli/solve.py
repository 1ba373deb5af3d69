"""``negaviz solve``: search a game and print its value, best line and counts.

``--json`` prints one JSON object on one line with sorted keys (easy to pipe into
``jq`` or to read line by line); infinite values are written as the strings
``"inf"`` and ``"-inf"``, as everywhere in negaviz, so the output is strict JSON.
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any, Literal

from negaviz.cli.arguments import (
    _record, add_game_arguments, add_quiet_argument, add_search_arguments, game_from_args, options_from_args,
)
from negaviz.cli.parser import EXIT_INTERRUPTED
from negaviz.errors import InputError, SearchInterrupted
from negaviz.games import GameName
from negaviz.search import SearchResult, search
from negaviz.search.result import Stopped
from negaviz.trace import Trace

__all__: list[str] = []


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
        if isinstance(x, float) and x == x and not x.is_integer():
            return f"{x:.6g}"  # an expected value: six digits (--json keeps them all)
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


def add_command(commands: Any) -> None:
    """Add ``solve`` to the subcommands."""
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
