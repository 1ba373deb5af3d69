"""Traces as versioned JSON, validated on load.  Never pickle.

Layout (version 1)::

    {"format": "negaviz-trace", "version": 1,
     "game": {...game spec...} | null,
     "result": {...search result, without timings...} | null,
     "moves": [[move, ...], ...],          # move list of each expanded node
     "events": [[kind, ...], ...]}         # kind codes of negaviz.EventKind

Infinite numbers are written as the strings "inf" and "-inf".  Output is
deterministic (sorted keys, no timings), so equal searches give equal files.
"""

from __future__ import annotations

import json
import math
from array import array
from pathlib import Path
from typing import Any

from negaviz.errors import InputError, TraceFormatError
from negaviz.games import from_spec
from negaviz.search.events import WIDTH, EventKind
from negaviz.search.options import SearchOptions, _num_in, _num_out
from negaviz.search.result import SearchResult
from negaviz.trace.trace import Trace

FORMAT = "negaviz-trace"
VERSION = 1


def to_dict(trace: Trace) -> dict[str, Any]:
    s = trace.stream
    events = []
    for pos in trace.offsets:
        width = WIDTH[EventKind(int(s[pos]))]
        events.append([int(s[pos])] + [_num_out(x) for x in s[pos + 1 : pos + width]])
    spec = trace.game.spec() if trace.game is not None and callable(getattr(trace.game, "spec", None)) else None
    result = None
    if trace.result is not None:
        result = trace.result.to_dict()
        del result["seconds"]
        result["pv_moves"] = list(trace.result.pv)
        result["first_player"] = trace.result.first_player
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": spec,
        "result": result,
        "moves": [list(m) for m in trace.move_lists],
        "events": events,
    }


def dumps(trace: Trace) -> str:
    """The trace as JSON text (deterministic)."""
    return json.dumps(to_dict(trace), sort_keys=True, separators=(",", ":"), allow_nan=False)


def save(trace: Trace, path: str | Path) -> None:
    Path(path).write_text(dumps(trace) + "\n", encoding="utf-8")


def _fail(where: str, what: str) -> TraceFormatError:
    return TraceFormatError(f"invalid negaviz trace: {where}: {what}")


def from_dict(data: Any) -> Trace:
    """A trace from parsed JSON, after checking every part of it."""
    if not isinstance(data, dict):
        raise _fail("top level", "expected an object")
    if data.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, found {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise _fail("version", f"this negaviz reads version {VERSION}, the file is version {data.get('version')!r}")
    missing = {"game", "result", "moves", "events"} - set(data)
    if missing:
        raise _fail("top level", f"missing fields {sorted(missing)}")
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, list) and m for m in moves):
        raise _fail("moves", "expected a list of non-empty move lists")
    events = data["events"]
    if not isinstance(events, list):
        raise _fail("events", "expected a list")
    flat: list[float] = []
    depth = 0
    for i, ev in enumerate(events):
        if not isinstance(ev, list) or not ev or isinstance(ev[0], bool) or ev[0] not in [k.value for k in EventKind]:
            raise _fail(
                f"event {i}",
                f"unknown kind {ev[0] if isinstance(ev, list) and ev else ev!r} (kinds are 1..{max(EventKind)})",
            )
        kind = EventKind(ev[0])
        if len(ev) != WIDTH[kind]:
            raise _fail(f"event {i} ({kind.name})", f"expected {WIDTH[kind]} numbers, found {len(ev)}")
        try:
            nums = [float(ev[0])] + [_num_in(x) for x in ev[1:]]
        except InputError as exc:
            raise _fail(f"event {i} ({kind.name})", str(exc)) from None
        problem = _field_problem(kind, nums)
        if problem:
            raise _fail(f"event {i} ({kind.name})", problem)
        if kind == EventKind.ENTER:
            depth += 1
        elif depth == 0:
            raise _fail(f"event {i} ({kind.name})", "no node is open")
        elif kind in (EventKind.LEAF, EventKind.EVAL, EventKind.EXIT):
            depth -= 1
        flat.extend(nums)
    game = None
    if data["game"] is not None:
        try:
            game = from_spec(data["game"])
        except Exception as exc:  # a spec is data from a file: any failure is a format error
            raise _fail("game", f"{exc.__class__.__name__}: {exc}") from None
    result = _result(data["result"])
    if result is not None and result.stopped is None and depth != 0:
        raise _fail("events", "the result says the search finished, but the root never returns")
    trace = Trace(
        array("d", flat), [tuple(m) for m in moves], len(events),
        game=game, root=None if game is None else game.root, result=result,
    )
    try:
        nodes = trace.nodes
        for n in nodes:
            if n.parent >= 0:
                ms = nodes[n.parent].moves
                if ms is None or not 0 <= n.index < len(ms):
                    raise _fail(f"node {n.id}", f"move index {n.index} is outside its parent's move list")
    except StopIteration:
        raise _fail("moves", "fewer move lists than expanded nodes") from None
    return trace


def _result(d: Any) -> SearchResult | None:
    if d is None:
        return None
    try:
        opts = SearchOptions.from_dict(d["options"])
        value = d["value"]
        return SearchResult(
            value=None if value is None else _num_in(value),
            move=d["pv_moves"][0] if d["pv_moves"] else None,
            pv=tuple(d["pv_moves"]),
            pv_names=tuple(d["pv"]),
            nodes=int(d["nodes"]),
            leaves=int(d["leaves"]),
            cutoffs=int(d["cutoffs"]),
            tt_hits=int(d["tt_hits"]),
            seconds=math.nan,
            first_player=int(d["first_player"]),
            options=opts,
            stopped=d["stopped"],
        )
    except (KeyError, TypeError, ValueError, IndexError, InputError) as exc:
        raise _fail("result", f"{exc.__class__.__name__}: {exc}") from None


def _field_problem(kind: EventKind, nums: list[float]) -> str | None:
    """What is wrong with an event's numbers, or None."""
    if any(x != x for x in nums):
        return "NaN is not a value"

    def code(x: float, allowed: range | tuple[int, ...], what: str) -> str | None:
        if math.isinf(x) or not x.is_integer() or int(x) not in allowed:
            return f"{what} {x:g} is not one of {list(allowed)}"
        return None

    if kind == EventKind.ENTER:
        if math.isinf(nums[1]) or not nums[1].is_integer() or nums[1] < 0:
            return f"move index {nums[1]:g} is not a whole number >= 0"
    elif kind == EventKind.CUTOFF:
        return code(nums[1], (0, 1), "cutoff reason")
    elif kind == EventKind.TT_PROBE:
        return code(nums[1], (0, 1, 2, 3, 5, 6, 7), "probe code")
    elif kind == EventKind.TT_STORE:
        return code(nums[1], (0, 1, 2), "bound")
    elif kind == EventKind.EXIT:
        return code(nums[2], (0, 1, 2), "bound")
    return None


def loads(text: str) -> Trace:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TraceFormatError(f"invalid negaviz trace: not JSON ({exc})") from None
    return from_dict(data)


def load(path: str | Path) -> Trace:
    return loads(Path(path).read_text(encoding="utf-8"))
