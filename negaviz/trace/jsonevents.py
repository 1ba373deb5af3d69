"""A trace file's events as text: the packed stream written as comma-separated numbers
(version 2), and read back a slice at a time into a packed array, or from version 1's
list of lists, one event at a time (see :mod:`negaviz.trace.jsonio` for the format)."""

from __future__ import annotations

import re
from array import array
from typing import Any

from negaviz.errors import InputError
from negaviz.search.events import WIDTH, EventKind
from negaviz.trace.validate import fail
from negaviz.vocabulary import number_in

__all__: list[str] = []

MAX_DIGITS = 20
"""No number in the events has more digits in a row (negaviz writes at most 17)."""
_CHUNK = 1 << 16  # numbers (writing) or characters (reading) handled at a time
_DIGITS = re.compile(r"\d{%d}" % (MAX_DIGITS + 1))
_NOT_NUMBER_TEXT = re.compile(r"[^-+.,0-9eEinf]")


def _events_text(stream: array) -> str:
    """The stream as comma-separated numbers; whole numbers without ``.0``."""
    parts = []
    for i in range(0, len(stream), _CHUNK):
        text = repr(stream[i:i + _CHUNK].tolist())[1:-1].replace(", ", ",") + ","
        if "nan" in text:
            raise InputError("a trace holding NaN cannot be saved (NaN is no value: a search never records one)")
        parts.append(text.replace(".0,", ",")[:-1])  # a float's repr ends ".0" only when whole
    return ",".join(parts)


_KINDS = {k.value: k for k in EventKind}
_WHOLE = {EventKind.ENTER: (1,), EventKind.CUTOFF: (1,), EventKind.TT_PROBE: (1,),
          EventKind.TT_STORE: (1,), EventKind.EXIT: (2,), EventKind.CHANCE: (3,)}  # codes and indices, written as ints


def _events_v1(events: Any) -> array:
    """Version 1: a list of events, each a list ``[kind, numbers...]``."""
    if not isinstance(events, list):
        raise fail("events", "expected a list")
    stream = array("d")
    for i, ev in enumerate(events):
        _append_v1(stream, i, ev)
    return stream


def _append_v1(stream: array, i: int, ev: Any) -> None:
    """Check version 1's event ``i`` and append its numbers to ``stream``."""
    if not isinstance(ev, list) or not ev or type(ev[0]) is not int or ev[0] not in _KINDS:
        k0 = ev[0] if isinstance(ev, list) and ev else ev
        raise fail(f"event {i}", f"unknown kind {k0!r} (kinds are 1..{max(EventKind)})")
    kind = _KINDS[ev[0]]
    if len(ev) != WIDTH[kind]:
        raise fail(f"event {i} ({kind.name})", f"expected {WIDTH[kind]} numbers, found {len(ev)}")
    for j in _WHOLE.get(kind, ()):
        if type(ev[j]) is not int:
            raise fail(f"event {i} ({kind.name})", f"field {j} must be a whole number, not {ev[j]!r}")
    try:
        stream.append(float(ev[0]))
        stream.extend([number_in(x, what=None) for x in ev[1:]])
    except InputError as exc:
        raise fail(f"event {i} ({kind.name})", str(exc)) from None
    except OverflowError:
        raise fail(f"event {i} ({kind.name})", "a number is too large") from None


def _events_v2(text: str, start: int, end: int) -> array:
    """Version 2: the packed stream as the string ``text[start:end]``, parsed a slice at
    a time into a preallocated array (no list of every number is ever built)."""
    if start == end:
        return array("d")
    bad = _NOT_NUMBER_TEXT.search(text, start, end)
    if bad:
        if text.find("nan", start, end) >= 0:
            raise fail("events", "NaN is not a value")
        where = bad.start() - start
        raise fail("events", f"character {bad.group()!r} at {where}: expected numbers, 'inf' or '-inf', separated by commas")
    long = _DIGITS.search(text, start, end)
    if long:
        raise fail("events", f"a number at {long.start() - start} has more than {MAX_DIGITS} digits (no event holds one)")
    code = "f" if _narrow_text(text, start, end) else "d"
    stream = array(code, [0.0]) * (text.count(",", start, end) + 1)
    at = 0
    while start <= end:
        stop = text.find(",", min(start + _CHUNK, end), end)
        if stop < 0:
            stop = end
        tokens = text[start:stop].split(",")
        try:
            stream[at:at + len(tokens)] = array(code, map(float, tokens))
        except ValueError:
            j = next(j for j, tok in enumerate(tokens) if not _is_number(tok))
            raise fail("events", f"number {at + j} ({tokens[j][:20]!r}) is not a number, 'inf' or '-inf'") from None
        at += len(tokens)
        start = stop + 1
    return stream


_WIDE_TEXT = re.compile(r"[.eE]|\d{7}")
"""A number in the events' text that a 4-byte float may not hold exactly."""
_NOT_WHOLE = re.compile(r"[.eE]")
_LONG_NUMBER = re.compile(r"\d{7,}")
_FLOAT_EXACT = 1 << 24
"""A 4-byte float holds every whole number up to this in magnitude, and no more."""


def _narrow_text(text: str, start: int, end: int) -> bool:
    """Whether every number in ``text[start:end]`` is ±inf or a whole number a 4-byte
    float holds exactly, as the recorder packs them: no '.', no exponent, and any
    number of 7 or more digits (rare: one scan finds whether there is one) at most 2**24."""
    first = _WIDE_TEXT.search(text, start, end)
    if first is None:
        return True
    if not first.group()[0].isdigit():
        return False
    if _NOT_WHOLE.search(text, first.start(), end):
        return False
    return all(int(m.group()) <= _FLOAT_EXACT for m in _LONG_NUMBER.finditer(text, first.start(), end))


def _is_number(token: str) -> bool:
    try:
        float(token)
    except ValueError:
        return False
    return True
