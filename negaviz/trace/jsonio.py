"""Traces as versioned JSON, validated on load.  Never pickle.

Layout (version 2)::

    {"format": "negaviz-trace", "version": 2,
     "game": {...game spec...} | null,
     "result": {...search result, without timings...} | null,
     "moves": [[move, ...], ...],          # move list of each expanded node
     "events": "1,0,-inf,inf,1,0,...",     # every event's kind code and numbers, in order
     "student": {"function": "alphabeta", "windowed": true},   # only in a student's trace
     "kept": [3, 4, ...],                  # only where a side moves twice in a row: the nodes where it does
     "mcts": {"options": {...}, "result": {...} | null}}       # only in a Monte Carlo tree search's

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
from dataclasses import fields
from pathlib import Path
from typing import Any

from negaviz.errors import InputError, TraceFormatError
from negaviz.fileio import MAX_READ, atomic_write, read_file
from negaviz.games import from_spec
from negaviz.games.protocol import spec_of
from negaviz.search.options import SearchOptions
from negaviz.search.result import SearchResult, Stopped
from negaviz.trace.jsonevents import MAX_DIGITS, _events_text, _events_v1, _events_v2
from negaviz.trace.jsontext import _LONE_ESCAPE, _decode, _no_lone_surrogates, _Read, _read, _shared
from negaviz.trace.mcts import MctsTrace
from negaviz.trace.mcts import from_json as mcts_trace
from negaviz.trace.mcts import to_json as mcts_json
from negaviz.trace.trace import StudentTrace, Trace, check_trace
from negaviz.trace.validate import Checked, check_stream, fail, moves_problem
from negaviz.vocabulary import check_path
from negaviz.vocabulary import fmt

FORMAT = "negaviz-trace"
VERSION = 2
READS = (1, 2)
"""The format versions this negaviz loads."""

MAX_COUNT = 1 << 53
"""The largest count (of nodes, leaves...) a trace file may hold: beyond it a float
cannot count one by one, and no search gets near it."""
_STOPPED = (None, *(s.value for s in Stopped))


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
    if not isinstance(trace, MctsTrace) and not trace.alternates:  # a side moves twice: where, by node number
        out["kept"] = [n.id for n in trace.nodes if n.parent >= 0 and not trace.turn_passes(n.id)]
    if isinstance(trace, MctsTrace):  # Monte Carlo tree search: its options and result (negaviz.trace.mcts)
        out["mcts"] = mcts_json(trace)
    if isinstance(trace, StudentTrace):
        out["student"] = {"function": trace.function, "windowed": trace.windowed}
        if trace.fault is not None:  # what stopped the call: check() reports it after a load too
            out["student"]["fault"] = trace.fault
    return out


def dumps(trace: Trace) -> str:
    """The trace as JSON text (deterministic)."""
    check_trace(trace, mcts=True)
    return json.dumps(to_dict(trace), sort_keys=True, separators=(",", ":"), allow_nan=False)


def save(trace: Trace, path: str | Path) -> None:
    """Write ``trace`` to ``path`` as JSON; an interrupted write leaves the old file."""
    check_trace(trace, mcts=True)
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
    if "mcts" in data:  # Monte Carlo tree search: its own grammar and result (negaviz.trace.mcts)
        if data["result"] is not None or "student" in data:
            raise fail("mcts", "an MCTS trace has no alpha-beta result and no student")
        return mcts_trace(data["mcts"], stream, moves, game)
    result = _result(data["result"], game)
    student = _student(data.get("student"))
    kept = _kept(data.get("kept"))
    checked = check_stream(stream, moves, game, captured=student is not None, kept=kept or frozenset())
    if result is not None:
        _agrees(result, checked)
    trace = Trace(stream, moves, checked.events, game=game, root=None if game is None else game.root, result=result)
    if kept is not None:
        if any(k >= checked.nodes for k in kept):
            raise fail("kept", f"node {max(kept)} is not in the trace (it has {checked.nodes} nodes)")
        trace._kept = kept  # read by Trace.side where no game says whose turn it is
        said = [n.id for n in trace.nodes if n.parent >= 0 and not trace.turn_passes(n.id)]
        if game is not None and trace.alternates or said != sorted(kept):
            raise fail("kept", "the nodes where a side moves twice are not the ones the game says")
    if student is None:
        return trace
    function, windowed, fault = student
    return StudentTrace(trace, function=function, windowed=windowed, fault=fault)


def _kept(d: Any) -> frozenset[int] | None:
    """The ``kept`` field: node numbers, each once, in order (absent: every move hands the turn over)."""
    if d is None:
        return None
    if not isinstance(d, list) or not d or any(type(k) is not int or k < 1 for k in d) or d != sorted(set(d)):
        raise fail("kept", "expected node numbers above 0, each once, in increasing order")
    return frozenset(d)


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


def load(path: str | Path) -> Trace:
    """A trace from a file :func:`save` wrote (or version 1 of the format).

    Only a regular file of at most :data:`~negaviz.fileio.MAX_READ` bytes (1 GiB) is
    read: a named pipe or a device (``/dev/zero``) is refused at once."""
    check_path(path)
    return _loads(read_file(path, what="a trace", limit=MAX_READ), repr(str(path)))
