"""The command line's parser: argparse, made to report every bad argument as one error.

Its errors are exceptions (:class:`UsageError`), so :func:`negaviz.cli.main` reports
every bad input the same way; a subcommand takes its options before, between or after
its positional arguments; and the number types check what they read.
"""

from __future__ import annotations

import argparse
import math
import re
from typing import Any, NoReturn, Sequence

from negaviz.errors import InputError

__all__: list[str] = []

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
