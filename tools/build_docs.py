"""Redraw the figures in docs/ with the commands README.md states next to them.

README.md says how each figure is drawn, in backticks: ``negaviz render ... -o
docs/NAME.svg``.  That sentence is the one source: this script finds every such command
and runs it, so a figure and its stated command cannot drift apart.

Run: python tools/build_docs.py            redraw every figure (``make docs``)
     python tools/build_docs.py --check    draw each into a temporary folder and
                                           compare; list those that differ, exit 1
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = re.compile(r"`(negaviz [^`]*-o docs/[^`\s]+)`")
"""A command in backticks that writes a file under docs/."""


def commands(readme: str) -> list[list[str]]:
    """Each figure command in ``readme``, split as a shell would (line breaks in the
    prose are spaces); the ``-o`` argument is a path under docs/."""
    return [shlex.split(" ".join(found.split())) for found in COMMAND.findall(readme)]


def output_of(argv: list[str]) -> str:
    return argv[argv.index("-o") + 1]


def draw(argv: list[str], output: Path) -> None:
    """Run ``negaviz ARGV`` in process, writing ``output`` instead of its ``-o`` file."""
    from negaviz.cli import main

    args = list(argv[1:])
    args[args.index("-o") + 1] = str(output)
    with contextlib.redirect_stdout(io.StringIO()):
        status = main(args)
    if status != 0:
        raise SystemExit(f"{shlex.join(argv)} failed with status {status}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing; exit 1 if any differs")
    check = parser.parse_args(argv).check
    found = commands((ROOT / "README.md").read_text(encoding="utf-8"))
    if not found:
        print("README.md states no command that draws a figure in docs/", file=sys.stderr)
        return 1
    differ = []
    with tempfile.TemporaryDirectory() as tmp:
        for command in found:
            target = ROOT / output_of(command)
            fresh = Path(tmp) / target.name if check else target
            draw(command, fresh)
            if check and (not target.exists() or target.read_bytes() != fresh.read_bytes()):
                differ.append(output_of(command))
            print(f"{'checked' if check else 'drew'} {output_of(command)}: {shlex.join(command)}")
    if differ:
        print(f"differ from what their commands draw today (run make docs): {' '.join(differ)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
