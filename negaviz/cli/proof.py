"""``negaviz proof``: solve a position, print its proof tree(s) and draw them."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from negaviz.cli.arguments import add_game_arguments, game_from_args
from negaviz.cli.files import _check_format, _writing, check_new, check_output
from negaviz.cli.solve import _dumps

__all__: list[str] = []


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


def add_command(commands: Any) -> None:
    """Add ``proof`` to the subcommands."""
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
