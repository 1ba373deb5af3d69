"""Traces as versioned JSON, validated on load.  Never pickle.

Layout (version 2)::

    {"format": "negaviz-trace", "version": 2,
     "game": {...game spec...} | null,
     "result": {...search result, without timings...} | null,
     "moves": [[move, ...], ...],          # move list of each expanded node
     "events": "1,0,-inf,inf,1,0,...",     # every event's kind code and numbers, in order
     "student": {"function": "alphabeta", "windowed": true}}   # only in a student's trace

``events`` is the packed stream of :attr:`Trace.stream` as text: numbers separated by
commas, each event its kind code (of :class:`negaviz.EventKind`) and then as many
numbers as that kind carries, infinities as ``inf`` and ``-inf``.  One string instead
of a list per event lets a trace of millions of events load straight into its packed
array, a slice at a time: :func:`load` reads the top-level object itself and never
holds a Python object per event (peak memory about 1.5 times the packed trace; see
``benchmarks/bench_load.py``).  Version 1 files, where ``events`` is a list of lists
(``[[kind, ...], ...]``, infinities as the strings ``"inf"`` and ``"-inf"``), still
load, their events packed one by one.  ``student`` (optional) marks a trace captured
from a student's function (:class:`~negaviz.trace.trace.StudentTrace`): it loads as one,
and its windows may be upside down, as the function was called.  Its ``fault``, there
only when the recorder stopped the call (a function that left a mutable game changed),
says why.

Loading checks every part: the fields' types, the game, the result, and the event
stream's grammar (:mod:`negaviz.trace.validate`), so a file that loads can be read,
drawn, replayed and exported; anything else raises :class:`~negaviz.TraceFormatError`
naming the part, or the event's step and kind, and the rule broken.  Text a reader
could take two ways is refused too: a key twice in one object, bare ``NaN`` or
``Infinity``, numbers past any count, bytes that are not UTF-8 (named by their offset),
a lone surrogate (half a character).  The stored result must agree with the events:
its value is what the root returned, its node count the nodes entered.  :func:`load`
reads only a regular file of at most 1 GiB (a named pipe or ``/dev/zero`` is refused
at once), and :func:`save` writes beside the target and renames, so an interrupted
save leaves the old file.  Output is
deterministic (sorted keys, no timings), so equal searches give equal files.

>>> from negaviz import Tree, record
>>> text = dumps(record(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta"))
>>> text[:60]
'{"events":"1,0,-inf,inf,1,0,-inf,inf,1,0,-inf,inf,2,7,5,-7,-'
>>> loads(text).pv_names()
['B', 'E']
"""

from __future__ import annotations

import json
import math
import re
from array import array
from dataclasses import fields
from pathlib import Path
from typing import Any, Callable

from negaviz.errors import InputError, TraceFormatError
from negaviz.fileio import MAX_READ, atomic_write, read_file
from negaviz.games import from_spec
from negaviz.games.protocol import spec_of
from negaviz.search.events import WIDTH, EventKind
from negaviz.search.options import SearchOptions
from negaviz.search.result import SearchResult, Stopped
from negaviz.trace.trace import StudentTrace, Trace, check_trace
from negaviz.trace.validate import Checked, check_stream, fail, moves_problem
from negaviz.vocabulary import check_path
from negaviz.vocabulary import fmt, number_in

FORMAT = "negaviz-trace"
VERSION = 2
READS = (1, 2)
"""The format versions this negaviz loads."""

MAX_COUNT = 1 << 53
"""The largest count (of nodes, leaves...) a trace file may hold: beyond it a float
cannot count one by one, and no search gets near it."""
MAX_DIGITS = 20
"""No number in the events has more digits in a row (negaviz writes at most 17)."""
_CHUNK = 1 << 16  # numbers (writing) or characters (reading) handled at a time
_DIGITS = re.compile(r"\d{%d}" % (MAX_DIGITS + 1))
_NOT_NUMBER_TEXT = re.compile(r"[^-+.,0-9eEinf]")
_STOPPED = (None, *(s.value for s in Stopped))


def _events_text(stream: array) -> str:
    """The stream as comma-separated numbers; whole numbers without ``.0``."""
    parts = []
    for i in range(0, len(stream), _CHUNK):
        text = repr(stream[i:i + _CHUNK].tolist())[1:-1].replace(", ", ",") + ","
        if "nan" in text:
            raise InputError("a trace holding NaN cannot be saved (NaN is no value: a search never records one)")
        parts.append(text.replace(".0,", ",")[:-1])  # a float's repr ends ".0" only when whole
    return ",".join(parts)


def to_dict(trace: Trace) -> dict[str, Any]:
    spec = spec_of(trace.game)
    result = None
    if trace.result is not None:
        result = trace.result.to_dict()
        del result["seconds"]
        result["pv_moves"] = list(trace.result.pv)
        result["first_player"] = trace.result.first_player
    out = {
        "format": FORMAT,
        "version": VERSION,
        "game": spec,
        "result": result,
        "moves": [list(m) for m in trace.move_lists],
        "events": _events_text(trace.stream),
    }
    if isinstance(trace, StudentTrace):
        out["student"] = {"function": trace.function, "windowed": trace.windowed}
        if trace.fault is not None:  # what stopped the call: check() reports it after a load too
            out["student"]["fault"] = trace.fault
    return out


def dumps(trace: Trace) -> str:
    """The trace as JSON text (deterministic)."""
    check_trace(trace)
    return json.dumps(to_dict(trace), sort_keys=True, separators=(",", ":"), allow_nan=False)


def save(trace: Trace, path: str | Path) -> None:
    """Write ``trace`` to ``path`` as JSON; an interrupted write leaves the old file."""
    check_trace(trace)
    check_path(path)
    atomic_write(path, (dumps(trace) + "\n").encode("utf-8"))


def from_dict(data: Any) -> Trace:
    """A trace from parsed JSON, after checking every part of it."""
    if not isinstance(data, dict):
        raise fail("top level", "expected an object")
    if data.get("format") != FORMAT:
        raise fail("format", f"expected {FORMAT!r}, found {data.get('format')!r}")
    version = data.get("version")
    if type(version) is not int or version not in READS:  # True == 1 == 1.0, but only 1 is a version
        raise fail("version", f"this negaviz reads versions {list(READS)}, the file is version {version!r}")
    missing = {"game", "result", "moves", "events"} - set(data)
    if missing:
        raise fail("top level", f"missing fields {sorted(missing)}")
    raw_moves = data["moves"]
    moves = raw_moves.lists if isinstance(raw_moves, _Read) else _moves(raw_moves)
    events = data["events"]
    if isinstance(events, _Read) and events.text is None:
        if version != 1:
            raise fail("events", "expected a string of numbers (version 2), found list")
        stream = events.stream
    elif version == 1:
        stream = _events_v1(events)
    elif isinstance(events, _Read):
        stream = _events_v2(events.text or "", events.start, events.end)
    elif isinstance(events, str):
        stream = _events_v2(events, 0, len(events))
    else:
        raise fail("events", f"expected a string of numbers (version 2), found {type(events).__name__}")
    game = None
    if data["game"] is not None:
        try:
            game = from_spec(data["game"])
        except Exception as exc:  # a spec is data from a file: any failure is a format error
            raise fail("game", f"{exc.__class__.__name__}: {exc}") from None
    result = _result(data["result"], game)
    student = _student(data.get("student"))
    checked = check_stream(stream, moves, game, captured=student is not None)
    if result is not None:
        _agrees(result, checked)
    trace = Trace(stream, moves, checked.events, game=game, root=None if game is None else game.root, result=result)
    if student is None:
        return trace
    function, windowed, fault = student
    return StudentTrace(trace, function=function, windowed=windowed, fault=fault)


def _agrees(result: SearchResult, checked: Checked) -> None:
    """Raise unless the stored ``result`` says what the events show: a drawing, a
    report and a replay of the file must not tell different stories."""
    if result.stopped is None and checked.open:
        raise fail("events", "the result says the search finished, but the root never returns")
    if result.nodes != checked.nodes and result.stopped != Stopped.INTERRUPTED:  # Ctrl-C may land between count and event
        raise fail("result.nodes", f"the result counts {result.nodes:,} nodes, the events enter {checked.nodes:,}")
    for name in ("leaves", "cutoffs", "tt_hits"):
        if getattr(result, name) > result.nodes:
            raise fail(f"result.{name}", f"{getattr(result, name):,} is more than the {result.nodes:,} nodes")
    if result.stopped is None and result.value != checked.value:
        raise fail(
            "result.value", f"the result says {_number(result.value)}, the root returned {_number(checked.value)}"
        )


def _number(x: float | None) -> str:
    return "no value" if x is None else fmt(x)


def _student(d: Any) -> tuple[str, bool, str | None] | None:
    """The ``student`` field: absent (None), or the function's name, whether it takes a
    window, and what stopped the call (``fault``, only when something did)."""
    if d is None:
        return None
    if not isinstance(d, dict) or not {"function", "windowed"} <= set(d) <= {"function", "windowed", "fault"}:
        raise fail("student", f"expected an object with function, windowed and perhaps fault, found {str(d)[:60]}")
    if not isinstance(d["function"], str) or not isinstance(d["windowed"], bool):
        raise fail("student", "function must be a string and windowed true or false")
    if "fault" in d and not isinstance(d["fault"], str):
        raise fail("student", f"fault must be a string, found {type(d['fault']).__name__}")
    return d["function"], d["windowed"], d.get("fault")


def _moves(moves: Any) -> list[tuple[Any, ...]]:
    if not isinstance(moves, list) or not all(isinstance(m, list) and m for m in moves):
        raise fail("moves", "expected a list of non-empty move lists")
    shared: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    return [_shared(m, shared) for m in moves]


def _shared(moves: list[Any], shared: dict[tuple[Any, ...], tuple[Any, ...]]) -> tuple[Any, ...]:
    """``moves`` as a tuple, the same tuple for equal lists: far less memory."""
    t = tuple(moves)
    try:
        return shared.setdefault(t, t)
    except TypeError:  # unhashable moves (no game attached): kept as they are
        return t


_KINDS = {k.value: k for k in EventKind}
_WHOLE = {EventKind.ENTER: (1,), EventKind.CUTOFF: (1,), EventKind.TT_PROBE: (1,),
          EventKind.TT_STORE: (1,), EventKind.EXIT: (2,)}  # codes and indices, written as ints


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


def _result(d: Any, game: Any) -> SearchResult | None:
    if d is None:
        return None
    if not isinstance(d, dict):
        raise fail("result", f"expected an object or null, found {type(d).__name__}")
    need = ["cutoffs", "first_player", "leaves", "nodes", "options", "pv", "pv_moves", "stopped", "tt_hits", "value"]
    missing = [k for k in need if k not in d]
    if missing:
        raise fail("result", f"missing fields {missing}")
    for name in ("nodes", "leaves", "cutoffs", "tt_hits"):
        x = d[name]
        if type(x) is not int or x < 0:
            raise fail(f"result.{name}", f"expected a whole number >= 0, found {_shown(x)}")
        if x > MAX_COUNT:
            raise fail(f"result.{name}", f"{_shown(x)} is past any count (at most {MAX_COUNT:,})")
    if type(d["first_player"]) is not int or d["first_player"] not in (0, 1):
        raise fail("result.first_player", f"expected 0 or 1, found {d['first_player']!r}")
    if d["stopped"] not in _STOPPED or (d["stopped"] is not None and not isinstance(d["stopped"], str)):
        raise fail("result.stopped", f"expected one of {list(_STOPPED)}, found {d['stopped']!r}")
    value = d["value"]
    if value is not None and (type(value) not in (int, float) or not math.isfinite(_float(value))):
        raise fail("result.value", f"expected a finite number or null, found {_shown(value)}")
    pv_moves, pv = d["pv_moves"], d["pv"]
    if not isinstance(pv_moves, list) or not isinstance(pv, list) or len(pv) != len(pv_moves):
        raise fail("result.pv", "expected pv and pv_moves as two lists of the same length")
    if not all(isinstance(name, str) for name in pv):
        raise fail("result.pv", "move names must be strings")
    if game is not None:
        place = game.root
        for i, m in enumerate(pv_moves):
            problem = moves_problem(game, place, [m])
            if problem:
                raise fail(f"result.pv_moves[{i}]", problem)
            place = game.play(place, m)
    options = _options(d["options"])
    return SearchResult(
        value=value,
        move=pv_moves[0] if pv_moves else None,
        pv=tuple(pv_moves),
        pv_names=tuple(pv),
        nodes=d["nodes"],
        leaves=d["leaves"],
        cutoffs=d["cutoffs"],
        tt_hits=d["tt_hits"],
        seconds=math.nan,
        first_player=d["first_player"],
        options=options,
        stopped=None if d["stopped"] is None else Stopped(d["stopped"]),
    )


def _float(x: int | float) -> float:
    """``x`` as a float; infinite if it is an int too large for one."""
    try:
        return float(x)
    except OverflowError:
        return math.inf


def _shown(x: Any) -> str:
    """``x`` for a message: a huge number by its size, anything else cut to 60 characters."""
    if type(x) is int and abs(x) >= 10**MAX_DIGITS:
        return f"a number of {len(str(abs(x))):,} digits"
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


def _options(d: Any) -> SearchOptions:
    if not isinstance(d, dict):
        raise fail("result.options", f"expected an object, found {type(d).__name__}")
    for f in fields(SearchOptions):
        if isinstance(f.default, bool) and f.name in d and not isinstance(d[f.name], bool):
            raise fail("result.options", f"{f.name} must be true or false, not {d[f.name]!r}")
    if "window" in d and (not isinstance(d["window"], list) or len(d["window"]) != 2):
        raise fail("result.options", f"window must be two numbers, not {_shown(d['window'])}")
    for name in ("depth", "tt_size", "max_nodes"):
        x = d.get(name)
        if type(x) is int and x > MAX_COUNT:
            raise fail(f"result.options.{name}", f"{_shown(x)} is past any search (at most {MAX_COUNT:,})")
    try:
        return SearchOptions.from_dict(d)
    except (TypeError, ValueError, InputError) as exc:
        raise fail("result", f"{exc.__class__.__name__}: {exc}") from None


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


def loads(text: str | bytes) -> Trace:
    """A trace from JSON text, after checking every part of it."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise InputError(f"text must be a trace's JSON (str or bytes), not {type(text).__name__} (a file: use negaviz.load)")
    return _loads(text, "the text")


def _loads(text: str | bytes, where: str) -> Trace:
    if not isinstance(text, str):
        text = _decode(text, where)
    try:
        data = _read(text)
        if "\\u" in text and _LONE_ESCAPE.search(text):  # rare: only then look at every string
            _no_lone_surrogates(data)
    except json.JSONDecodeError as exc:
        raise TraceFormatError(f"invalid negaviz trace: not JSON ({exc})") from None
    except TraceFormatError:
        raise
    except ValueError as exc:  # a number of more than 4,300 digits: Python will not read it
        raise TraceFormatError(f"invalid negaviz trace: not JSON ({str(exc).split(':')[0]})") from None
    except RecursionError:
        raise TraceFormatError("invalid negaviz trace: not JSON (nested too deeply)") from None
    return from_dict(data)


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


def load(path: str | Path) -> Trace:
    """A trace from a file :func:`save` wrote (or version 1 of the format).

    Only a regular file of at most :data:`~negaviz.fileio.MAX_READ` bytes (1 GiB) is
    read: a named pipe or a device (``/dev/zero``) is refused at once."""
    check_path(path)
    return _loads(read_file(path, what="a trace", limit=MAX_READ), repr(str(path)))
