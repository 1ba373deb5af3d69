"""``negaviz render`` and ``negaviz export``: record a search and draw it, as a picture,
a flip-book of pictures (``render --steps``) or one offline HTML page (``export``).

Both check the drawing options and the output before the search (see
:func:`_record_for`), so that a typo costs no search.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from negaviz import progress
from negaviz.cli.arguments import (
    _record, add_game_arguments, add_quiet_argument, add_search_arguments, game_from_args, options_from_args,
)
from negaviz.cli.files import _check_format, _quit_on_ctrl_c, _writing, check_new, check_output
from negaviz.cli.parser import EXIT_INTERRUPTED, PROG, _whole
from negaviz.cli.solve import format_report, solve_report
from negaviz.errors import InputError
from negaviz.quiz.practice import ASK_KINDS, PRACTICE_MODES
from negaviz.search.result import Stopped
from negaviz.trace import Trace
from negaviz.vocabulary import PERSPECTIVES, check_step

__all__: list[str] = []


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


def add_view_arguments(group: Any, *, per: str) -> None:
    """--perspective, --windows and --max-nodes: how a drawn tree looks (render, export)."""
    group.add_argument("--perspective", choices=PERSPECTIVES, default=None,
                       help="values for the side to move (negamax) or the first player (minimax); default: the "
                            "course's conventions' view (negaviz.toml: negamax for the lecture notes, minimax "
                            "for AIMA and CS188)")
    group.add_argument("--windows", action="store_true", help="show each node's alpha-beta window and bound")
    group.add_argument("--max-nodes", type=_whole, default=400, metavar="N",
                       help=f"draw at most N nodes{per}, folding the rest (default 400)")


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
    from negaviz.render.flipbook import flipbook
    from negaviz.render.pages import page_name, parse_steps, save_pages, save_pdf, steps_of

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
            vote=args.vote, site=args.site, collector=args.collector,
        )
    views = f", {info.views} views of the tree" if info.views > 1 else ""
    print(f"{info.path}: every one of {info.steps:,} steps{views}, {info.bytes:,} bytes")
    return 0


def add_command(commands: Any) -> None:
    """Add ``render`` and ``export`` to the subcommands."""
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
        "  negaviz export tree 'A(B(D:7 E:5) C(F:3 G:1 H:9))' --vote presenter --collector http://10.0.0.5:8765 "
        "-o lecture.html\n"
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
    page.add_argument("--vote", default=None, metavar="presenter|ID",
                      help="votes in a lecture: 'presenter' (the lecturer's page: ask the room at a step) or a "
                      "question's id such as v:C (a follower's page); textbook trees")
    page.add_argument("--site", default=None, metavar="URL",
                      help="with --vote presenter: the course site's address, for the follow links and QR codes")
    page.add_argument("--collector", default=None, metavar="URL",
                      help="with --vote: the address `negaviz class serve` prints, where votes go")
    page.add_argument("-o", "--output", required=True, metavar="FILE.html", help="the page to write")
    page.add_argument("--force", action="store_true", help="replace the page if it is already there")
    add_quiet_argument(page)
    export.set_defaults(run=_cmd_export)
