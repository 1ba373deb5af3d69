"""The command line's parser: argparse, made to report every bad argument as one error.

Its errors are exceptions (:class:`UsageError`), so :func:`negaviz.cli.main` reports
every bad input the same way; a subcommand takes its options before, between or after
its positional arguments; and the number types check what they read.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from typing import Any, NoReturn, Sequence

from negaviz.errors import InputError

__all__: list[str] = []

PROG = "negaviz"
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C


class UsageError(InputError):
    """Arguments argparse rejected (unknown option, missing argument, bad number...)."""


NEGATIVE_NUMBER = re.compile(r"-(inf|infinity|(\d+\.?\d*|\.\d+)(e[-+]?\d+)?)", re.IGNORECASE)
"""A negative number as the command line writes it (``-1``, ``-.5``, ``-1e3``, ``-inf``):
a value, never an option (no option of negaviz's looks like one)."""

_MARK = "\0"
"""What a negative number carries while argparse reads the words (see :func:`_shield`).
No word of a real command line can hold a NUL character, so the mark is never input."""

_MARKED_IN_MESSAGE = re.compile(r"(\\x00|\x00)(?=-)")
"""The mark in an argparse message: as it is, or as ``repr`` writes it."""


def _shield(word: str) -> str:
    """``word``, marked if it is a negative number.

    argparse takes a word that starts with ``-`` for an option, and a word that does not
    for a value (its documented ``prefix_chars`` rule); for negative numbers it has a
    guess of its own, which misses ``-inf`` and ``-1e3`` (and is not the same in every
    Python).  A marked number starts with the mark, so argparse reads it as a value.
    """
    return _MARK + word if NEGATIVE_NUMBER.fullmatch(word) else word


def _unshield(value: Any) -> Any:
    """``value`` (a word, or a list of them) as the user wrote it: the mark taken off."""
    if isinstance(value, str) and value.startswith(_MARK) and NEGATIVE_NUMBER.fullmatch(value[1:]):
        return value[1:]
    if isinstance(value, list):
        return [_unshield(v) for v in value]
    return value


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are exceptions, so :func:`main` reports every
    bad input the same way: one line, no usage block.  Negative numbers (``-inf``,
    ``-1e3``) are values, like ``-1``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)  # a new option must never break an old abbreviation
        super().__init__(**kwargs)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        words = [_shield(word) for word in (sys.argv[1:] if args is None else args)]
        found, extras = self._parse_words(words, namespace)
        for name, value in vars(found).items():
            setattr(found, name, _unshield(value))
        return found, _unshield(extras)

    def _parse_words(
        self, words: list[str], namespace: argparse.Namespace | None
    ) -> tuple[argparse.Namespace, list[str]]:
        return super().parse_known_args(words, namespace)

    def error(self, message: str) -> NoReturn:
        raise UsageError(_MARKED_IN_MESSAGE.sub("", message))


class _CommandParser(_Parser):
    """A subcommand's parser: options may come before, between or after GAME and
    POSITION (plain argparse would take ``solve othello --size 6 POS`` as GAME only,
    then reject POS)."""

    _intermixing = False

    def _parse_words(
        self, words: list[str], namespace: argparse.Namespace | None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self._intermixing:  # the intermixed parse may call back in here, twice
            return super()._parse_words(words, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(words, namespace)
        finally:
            self._intermixing = False


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


MAX_DIGITS = 18
"""Whole numbers on the command line have at most this many digits (about 10**18)."""


def _whole(text: str) -> int:
    """A whole number argument (argparse's ``int``, with a size limit)."""
    text = _unshield(text)
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
    text = _unshield(text)
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid float value: {_shown(text)}") from None


def _window_end(text: str) -> float:
    text = _unshield(text)
    try:
        x = float(text)
    except ValueError:
        x = math.nan
    if math.isnan(x):
        raise argparse.ArgumentTypeError(f"window end {_shown(text)} is not a number (write a number, inf or -inf)")
    return x
