"""The negaviz exception family.

Every error negaviz raises on purpose subclasses :class:`NegavizError` and a built-in
exception, so callers can catch either.  Messages name the input that was wrong and
say what is allowed.
"""

from __future__ import annotations


class NegavizError(Exception):
    """Base class of every error negaviz raises on purpose."""


class InputError(NegavizError, ValueError):
    """A tree, position, option or file that negaviz cannot accept."""


class TraceFormatError(InputError):
    """A trace file that is not valid negaviz trace JSON."""


class SearchInterrupted(NegavizError, KeyboardInterrupt):
    """Ctrl-C stopped a search; ``result`` keeps the partial result and trace."""

    def __init__(self, result: object) -> None:
        super().__init__("search interrupted; the partial result is in .result")
        self.result = result
