"""Arguments checked at the edge.

Every public function checks its arguments with these, once, before any work: a wrong
type is an InputError naming the argument and what is allowed, never a TypeError from
deep inside or a truthy string taken as True.  None of them runs inside a search.  (They
are imported from :mod:`negaviz.vocabulary` too, beside the checks of its own words:
perspectives and steps.)
"""

from __future__ import annotations

import operator
from typing import Any

from negaviz.errors import InputError

__all__: list[str] = []


def shown(value: Any) -> str:
    """``repr(value)``, cut to 40 characters for a message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_int(value: Any, what: str, *, low: int | None = None, none: bool = False) -> Any:
    """``value`` as an int if it is a whole number (any integer type, not a bool or a
    float) of at least ``low``; None too if ``none``; else an InputError naming ``what``.

    >>> check_int(3, "depth", low=0), check_int(None, "depth", none=True)
    (3, None)
    >>> check_int("3", "depth")
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: depth must be a whole number, not '3'
    """
    if value is None and none:
        return None
    whole = as_whole(value)
    if whole is None or (low is not None and whole < low):
        at_least = f" of at least {low}" if low is not None else ""
        or_none = " (or None)" if none else ""
        raise InputError(f"{what} must be a whole number{at_least}{or_none}, not {shown(value)}")
    return whole


def check_seed(seed: Any, what: str = "seed") -> int:
    """``seed`` if it is a whole number; else an InputError.  None is refused too: a
    seed is there so the same call gives the same result (and its answer key) every time.

    >>> check_seed(None)
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: seed must be a whole number (the same seed gives the same result every run), not None
    """
    whole = as_whole(seed)
    if whole is None:
        raise InputError(f"{what} must be a whole number (the same seed gives the same result every run), "
                         f"not {shown(seed)}")
    return whole


def check_number(value: Any, what: str, *, none: bool = False) -> Any:
    """``value`` if it is a real number (not a bool, not NaN), or None if ``none``; else an InputError."""
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(value, "__float__") or (
            isinstance(value, (str, bytes))):
        raise InputError(f"{what} must be a number{' (or None)' if none else ''}, not {shown(value)}")
    if value != value:
        raise InputError(f"{what} must be a number, not NaN")
    return value


def check_text(value: Any, what: str, *, none: bool = False) -> Any:
    """``value`` if it is a ``str`` (or None if ``none``), else an InputError naming ``what``."""
    if (value is None and none) or isinstance(value, str):
        return value
    raise InputError(f"{what} must be text (a str){' or None' if none else ''}, not {shown(value)}")


def check_callable(value: Any, what: str, *, none: bool = False, takes: str = "") -> Any:
    """``value`` if it can be called (or None if ``none``), else an InputError naming ``what``."""
    if (value is None and none) or callable(value):
        return value
    raise InputError(f"{what} must be a function{' ' + takes if takes else ''}{' or None' if none else ''}, "
                     f"not {shown(value)}")


def check_callables(**functions: Any) -> None:
    """Each keyword's value a function or None (a game adapter's ``key``, ``label``, ...)."""
    for what, value in functions.items():
        check_callable(value, what, none=True)


def check_path(value: Any, what: str = "path") -> Any:
    """``value`` if it names a file (a non-empty ``str`` or an ``os.PathLike``), else an InputError."""
    import os

    if isinstance(value, os.PathLike):
        value = os.fspath(value)
        if isinstance(value, str) and value and "\0" not in value:
            return value
    elif isinstance(value, str) and value and "\0" not in value:
        return value
    raise InputError(f"{what} must be the path of a file (text or a pathlib.Path), not {shown(value)}")


def check_choice(value: Any, choices: tuple[str, ...], what: str) -> Any:
    """``value`` if it is one of ``choices``, else an InputError naming them."""
    if isinstance(value, str) and value in choices:
        return value
    raise InputError(f"unknown {what} {shown(value)} (must be one of {', '.join(repr(c) for c in choices)})")


_CONTROL = {c: None for c in range(0x20) if chr(c) not in "\t\n"} | {0x7F: None} | {c: None for c in range(0x80, 0xA0)}


def printable(text: str) -> str:
    """``text`` without control characters (C0 but tab and newline, DEL, C1), which
    mean nothing on a page and can hide text in a terminal: a title or a label that
    reaches a page passes through here.

    >>> printable("a\\x1b[31mred\\x7f\\x01 title")
    'a[31mred title'
    """
    return text.translate(_CONTROL)


def as_whole(x: Any) -> int | None:
    """``x`` as a plain int when it is an integer of any type (``numpy.int64(3)``,
    anything with ``__index__``), but not a bool and not a float; else None.

    >>> import numpy
    >>> as_whole(numpy.int64(3)), as_whole(3.0), as_whole(True)
    (3, None, None)
    """
    if isinstance(x, bool) or type(x).__name__ in ("bool_", "bool") and type(x).__module__ == "numpy":
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


def check_flag(value: Any, what: str) -> bool:
    """``value`` if it is a boolean (Python's, or numpy's), else an InputError naming
    ``what``: the text ``'false'`` is true to Python, so a flag never takes text.

    >>> check_flag(False, "windows")
    False
    >>> check_flag("false", "windows")
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: windows must be True or False, not 'false'
    """
    if isinstance(value, bool):
        return value
    if type(value).__name__ in ("bool_", "bool") and type(value).__module__ == "numpy":
        return bool(value)
    shown = repr(value)
    raise InputError(f"{what} must be True or False, not {shown if len(shown) <= 40 else shown[:37] + '...'}")
