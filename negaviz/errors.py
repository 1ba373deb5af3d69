"""The negaviz exception family.

Every error negaviz raises on purpose subclasses :class:`NegavizError` and a built-in
exception, so callers can catch either.  Messages name the input that was wrong and
say what is allowed.
"""

from __future__ import annotations

import sys


class NegavizError(Exception):
    """Base class of every error negaviz raises on purpose."""


class InputError(NegavizError, ValueError):
    """A tree, position, option or file that negaviz cannot accept."""


class TraceFormatError(InputError):
    """A trace file that is not valid negaviz trace JSON."""


class MissingDependency(NegavizError, ImportError):
    """An optional package that this part of negaviz needs is not installed; the
    message names the ``pip install`` to run (see :mod:`negaviz.extras`).

    A notebook shows it as its one line, with no traceback: the cell that needed the
    package is the one that failed, and the line says what to install."""

    def _render_traceback_(self) -> list[str]:
        """What IPython shows instead of a traceback (its protocol for such errors)."""
        return [f"{type(self).__name__}: {self}"]


class SearchInterrupted(NegavizError, KeyboardInterrupt):
    """Ctrl-C stopped a search; ``result`` keeps the partial result and trace."""

    def __init__(self, result: object) -> None:
        super().__init__("search interrupted; the partial result is in .result")
        self.result = result


def too_deep(game: object, doing: str = "search") -> InputError:
    """The error for a game deeper than Python's recursion limit lets ``doing`` go
    (raise it from the RecursionError, which it replaces)."""
    limit = sys.getrecursionlimit()
    if doing != "search":
        return InputError(
            f"{type(game).__name__} is too deep to {doing}: that recurses at least once per ply, and Python's "
            f"recursion limit ({limit} frames) ran out; raise it with sys.setrecursionlimit()"
        )
    frame, used = sys._getframe(), 0
    while frame is not None:
        frame, used = frame.f_back, used + 1  # type: ignore[assignment]
    return InputError(
        f"{type(game).__name__} is too deep to search: the search recurses once per ply, and Python's "
        f"recursion limit ({limit}) stopped it after about {max(limit - used, 0)} plies; search with a "
        "depth limit (depth=N), or raise the limit with sys.setrecursionlimit()"
    )


class NegavizWarning(UserWarning):
    """Base class of every warning negaviz gives: something it could go on with, but
    that a lecturer would want to know about."""


class UnorderedMovesWarning(NegavizWarning):
    """A game's moves came as a set (or another collection without an order), so the
    order they are tried in, and with it the trace, could change from run to run."""
