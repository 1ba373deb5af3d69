"""A trace file's JSON text, read strictly and without a Python object per event.

:func:`_read` leaves the top-level ``events`` string in place (or packs version 1's
events as they are parsed) and makes the move lists shared tuples; any text a reader
could take two ways is refused: a key twice in one object, bare ``NaN`` or
``Infinity``, a lone surrogate (half a character), bytes that are not UTF-8."""

from __future__ import annotations

import json
import re
from array import array
from typing import Any, Callable

from negaviz.errors import TraceFormatError
from negaviz.trace.jsonevents import _append_v1
from negaviz.trace.validate import fail

__all__: list[str] = []


def _shared(moves: list[Any], shared: dict[tuple[Any, ...], tuple[Any, ...]]) -> tuple[Any, ...]:
    """``moves`` as a tuple, the same tuple for equal lists: far less memory."""
    t = tuple(moves)
    try:
        return shared.setdefault(t, t)
    except TypeError:  # unhashable moves (no game attached): kept as they are
        return t


class _Read:
    """A top-level field :func:`_read` did not leave as parsed JSON: the events string
    left in place as ``text[start:end]``, version 1's events packed into ``stream`` as
    they are parsed, or the move lists as shared tuples in ``lists``."""

    def __init__(self, text: str | None = None, start: int = 0, end: int = 0) -> None:
        self.text, self.start, self.end = text, start, end
        self.stream = array("d")
        self.lists: list[tuple[Any, ...]] = []
        self.shared: dict[tuple[Any, ...], tuple[Any, ...]] = {}


_WS = re.compile(r"[ \t\n\r]*")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if a key comes twice (which value would count is a guess)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise fail("JSON", f"key {twice!r} appears twice in one object")
    return out


def _constant(name: str) -> Any:
    raise fail("JSON", f"{name} is not JSON (negaviz writes infinities as the strings \"inf\" and \"-inf\")")


_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant)


def _skip(text: str, i: int) -> int:
    """The first place at or after ``i`` that is not JSON whitespace."""
    m = _WS.match(text, i)
    return i if m is None else m.end()


def _read(text: str) -> Any:
    """The JSON in ``text``, read without a Python list of every event: the top-level
    object's ``events`` (and its ``moves``, as tuples) become :class:`_Read` values;
    every other field, and any text that is not an object, is parsed as usual."""
    i = _skip(text, 0)
    if not text.startswith("{", i):
        return _DECODER.decode(text)
    out: dict[str, Any] = {}
    i = _skip(text, i + 1)
    if text.startswith("}", i):
        i += 1
    else:
        while True:
            if not text.startswith('"', i):
                raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, i)
            key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
            if key in out:
                raise fail("top level", f"key {key!r} appears twice")
            i = _skip(text, i)
            if not text.startswith(":", i):
                raise json.JSONDecodeError("Expecting ':' delimiter", text, i)
            i = _skip(text, i + 1)
            value: Any
            if key == "events" and text.startswith('"', i):
                end = text.find('"', i + 1)  # a backslash inside is caught as a bad character
                if end < 0:
                    raise json.JSONDecodeError("Unterminated string starting at", text, i)
                value, i = _Read(text, i + 1, end), end + 1
            elif key == "events" and text.startswith("[", i):
                value, i = _read_list(text, i, _events_item)
            elif key == "moves" and text.startswith("[", i) and isinstance(out.get("events"), _Read):
                # Events already packed (version 1 writes them first): add move lists one by one.
                value, i = _read_list(text, i, _moves_item)
            elif key == "moves":
                value, i = _DECODER.raw_decode(text, i)
                value = _read_moves(value)
            else:
                value, i = _DECODER.raw_decode(text, i)
            out[key] = value
            i = _skip(text, i)
            if text.startswith(",", i):
                i = _skip(text, i + 1)
            elif text.startswith("}", i):
                i += 1
                break
            else:
                raise json.JSONDecodeError("Expecting ',' delimiter", text, i)
    if _skip(text, i) != len(text):
        raise json.JSONDecodeError("Extra data", text, i)
    return out


def _events_item(read: _Read, n: int, item: Any) -> None:
    _append_v1(read.stream, n, item)


def _read_moves(moves: Any) -> Any:
    """Version 2's move lists as shared tuples, each list dropped as soon as it is
    converted; anything else as it is (the checks of :func:`from_dict` say why)."""
    if not isinstance(moves, list) or not all(isinstance(m, list) and m for m in moves):
        return moves
    read = _Read()
    for i, m in enumerate(moves):
        moves[i] = _shared(m, read.shared)
    read.lists = moves
    return read


def _moves_item(read: _Read, n: int, item: Any) -> None:
    if not isinstance(item, list) or not item:
        raise ValueError("not a move list")
    read.lists.append(_shared(item, read.shared))


def _read_list(text: str, start: int, take: Callable[[_Read, int, Any], None]) -> tuple[Any, int]:
    """The JSON list at ``text[start]``, each item handed to ``take`` as it is parsed;
    if ``take`` refuses an item, the whole list parsed as usual (the checks of
    :func:`from_dict` then say what is wrong)."""
    read = _Read()
    i = _skip(text, start + 1)
    if text.startswith("]", i):
        return read, i + 1
    n = 0
    while True:
        item, i = _DECODER.raw_decode(text, i)
        try:
            take(read, n, item)
        except ValueError:  # TraceFormatError included
            return _DECODER.raw_decode(text, start)
        n += 1
        i = _skip(text, i)
        if text.startswith(",", i):
            i = _skip(text, i + 1)
        elif text.startswith("]", i):
            return read, i + 1
        else:
            raise json.JSONDecodeError("Expecting ',' delimiter", text, i)


_LONE_ESCAPE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)
"""A ``\\uD800``-style escape that may stand for half of a character (a surrogate not
in a pair); UTF-8 text itself cannot hold one."""
_SURROGATE = re.compile("[\ud800-\udfff]")


def _no_lone_surrogates(data: Any, where: str = "top level") -> None:
    """Refuse a string holding a lone surrogate anywhere in ``data``: it is half of a
    character, no text at all, and could be neither drawn nor written as UTF-8."""
    if isinstance(data, str):
        found = _SURROGATE.search(data)
        if found:
            raise fail(where, f"{data[:40]!r} holds a lone surrogate ({found.group()!r}), half of a character, not text")
    elif isinstance(data, _Read):
        for m in data.lists:
            _no_lone_surrogates(list(m), "moves")
    elif isinstance(data, dict):
        for k, v in data.items():
            _no_lone_surrogates(k, where)
            _no_lone_surrogates(v, k if where == "top level" else f"{where}.{k}")
    elif isinstance(data, (list, tuple)):
        for v in data:
            _no_lone_surrogates(v, where)


def _decode(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TraceFormatError(
            f"invalid negaviz trace: {where} is not UTF-8 text: byte {exc.start:,} "
            f"({data[exc.start:exc.start + 1]!r}) {exc.reason}"
        ) from None
