"""The arguments the subcommands share, and how they are read back.

:func:`add_game_arguments` and :func:`add_search_arguments` add them;
:func:`game_from_args` and :func:`options_from_args` read them back, so every
subcommand that searches (solve, render, export, proof) takes the same arguments.
POSITION may be ``@FILE`` or ``-`` (see :func:`read_position`), and the search options
are made from :class:`~negaviz.search.SearchOptions`' fields (a new field is a new
``--flag``).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import typing
from typing import Any

from negaviz import progress
from negaviz.cli.files import _reason
from negaviz.cli.parser import _number, _whole, _window_end
from negaviz.errors import InputError
from negaviz.fileio import read_file
from negaviz.games import GAMES, make_game
from negaviz.search import SearchOptions
from negaviz.trace import Trace, record

__all__: list[str] = []


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
        elif any(typing.get_origin(p) is tuple for p in parts):  # a pair or nothing (--leaf-bounds)
            kwargs["nargs"] = len(typing.get_args(next(p for p in parts if typing.get_origin(p) is tuple)))
            kwargs["type"] = _number
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
