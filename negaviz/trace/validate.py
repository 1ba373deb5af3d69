"""The grammar of an event stream, checked in one pass: what every reader relies on.

A trace loaded from a file is data, not code we wrote: :func:`check_stream` walks its
packed numbers once and raises :class:`~negaviz.errors.TraceFormatError`, naming the
step, the kind of event and the rule, at the first event the search could not have
emitted.  A stream that passes can be decoded, drawn, replayed and exported.

The rules are those of the core (:mod:`negaviz.search.core`), loosened only where
:mod:`negaviz.student.capture` records students' own functions (children tried in any
order, a cutoff after a child that did not improve).  Each node is, in order::

    ENTER  then one of
        LEAF | EVAL                          terminal, or the depth limit
        EXIT                                 the game's value bounds decided it
        TT_PROBE(ended) EXIT                 a table entry decided it
        [TT_PROBE(miss or not ended)] children [CUTOFF] [TT_STORE] EXIT
    children: at least one of  child (CHILD | BEST | RESEARCH child (CHILD | BEST))

with CUTOFF only right after CHILD or BEST, and RESEARCH followed by the same move
entered again.  A child's return (its LEAF, EVAL or EXIT) is reported by its parent in
the very next event, with the child's value negated.  The first child entered takes
the next move list, and its index must fall inside it.  Values are finite; windows
(ENTER's alpha and beta, BEST's alpha) may be infinite, never NaN, with alpha <= beta.
Each root is entered with index 0; drivers (iterative deepening, MTD(f)) leave several
roots one after another.

A stream may stop anywhere between events (a node budget or Ctrl-C): nodes still open
at the end are allowed, and so is one move list left over when the last open node had
expanded but not yet entered a child.  With a game attached, every move list must hold
legal moves of the node's position, of the game's own types.

>>> from array import array
>>> check_stream(array("d", [1, 0, -math.inf, math.inf, 2, 7]), [])
Checked(events=2, open=0)
>>> check_stream(array("d", [1, 0, -math.inf, math.inf, 5, 3, 3]), [])
Traceback (most recent call last):
...
negaviz.errors.TraceFormatError: invalid negaviz trace: event 1 (BEST): no child has returned since the node's last CHILD, BEST or RESEARCH
"""

from __future__ import annotations

import math
from array import array
from typing import Any, NamedTuple, Sequence

from negaviz.errors import TraceFormatError
from negaviz.search.events import WIDTH, EventKind

_K = EventKind
_KINDS = {float(k) for k in EventKind}
_NAMES = {float(k): k.name for k in EventKind}
_WIDTHS = [0] * 16
for _k, _w in WIDTH.items():
    _WIDTHS[_k] = _w

# What a node has done so far.
_FRESH = 0  # entered, nothing else yet
_PROBED = 1  # probed the table, which did not end it: it must try a move
_ENDED = 2  # a table entry ended it: EXIT next
_BODY = 3  # has entered a child
_CUT = 4  # stopped trying moves
_STORED = 5  # stored its result: EXIT next

_PROBE_CODES = {0.0, 1.0, 2.0, 3.0, 5.0, 6.0, 7.0}
_BOUNDS = {0.0, 1.0, 2.0}
_REASONS = {0.0, 1.0}
_MISSING = object()


class Checked(NamedTuple):
    """What a valid stream holds."""

    events: int
    """How many events."""
    open: int
    """Nodes still open at the end (0 for a finished search)."""


def fail(where: str, rule: str) -> TraceFormatError:
    """The error for a trace file: ``where`` names the part, ``rule`` what is wrong."""
    return TraceFormatError(f"invalid negaviz trace: {where}: {rule}")


def _num(x: float) -> str:
    return str(int(x)) if x.is_integer() else repr(x)


def check_stream(stream: array, moves: Sequence[Sequence[Any]], game: Any = None) -> Checked:
    """Check ``stream`` and the move lists ``moves`` (and, with ``game``, that the moves
    are legal from the game's root); raise :class:`TraceFormatError` at the first
    broken rule."""
    s = stream
    n = len(s)
    finite = math.isfinite
    widths = _WIDTHS
    phase: list[int] = []  # per open node, innermost last
    wait: list[float | None] = []  # a returned child's value, negated, awaiting its report
    lists: list[Sequence[Any] | None] = []  # the move list each open node took
    last: list[int] = []  # index of the last child entered
    again: list[int] = []  # RESEARCH: the index that must be entered next, else -1
    places: list[Any] = []  # positions, with a game
    mi = 0
    nlists = len(moves)
    prev = 0.0
    step = 0
    p = 0

    def bad(rule: str) -> TraceFormatError:
        return fail(f"event {step} ({_NAMES[k]})", rule)

    while p < n:
        k = s[p]
        if k not in _KINDS:
            raise fail(f"event {step}", f"unknown kind {_show(k)} (kinds are 1..{max(EventKind)})")
        w = widths[int(k)]
        if p + w > n:
            raise bad(f"the stream ends inside the event ({n - p} of its {w} numbers)")
        if k == 1.0:  # ENTER
            idx, a, b = s[p + 1], s[p + 2], s[p + 3]
            if not idx.is_integer() or idx < 0:
                raise bad(f"move index {_show(idx)} is not a whole number >= 0")
            if a != a or b != b:
                raise bad("NaN in the window")
            if a > b:
                raise bad(f"alpha {_show(a)} is above beta {_show(b)}")
            i = int(idx)
            if phase:
                t = len(phase) - 1
                if wait[t] is not None:
                    raise bad("the previous child's return was never reported (CHILD, BEST or RESEARCH)")
                ph = phase[t]
                if ph > _BODY or ph == _ENDED:
                    raise bad("the parent already stopped trying moves")
                ms = lists[t]
                if ms is None:
                    if mi >= nlists:
                        raise bad("no move list left for the parent (each node that tries moves takes the next one)")
                    ms = moves[mi]
                    mi += 1
                    if game is not None:
                        problem = moves_problem(game, places[t], ms)
                        if problem:
                            raise bad(f"the parent's move list: {problem}")
                    lists[t] = ms
                    phase[t] = _BODY
                if i >= len(ms):
                    raise bad(f"move index {i} is outside the parent's {len(ms)} moves")
                if again[t] >= 0:
                    if i != again[t]:
                        raise bad(f"RESEARCH must search move {again[t]} again, not move {i}")
                    again[t] = -1
                last[t] = i
                if game is not None:
                    try:
                        places.append(game.play(places[t], ms[i]))
                    except Exception as exc:  # the game's own complaint about a move from a file
                        raise bad(f"playing move {ms[i]!r}: {exc.__class__.__name__}: {exc}") from None
            else:
                if i != 0:
                    raise bad(f"a root's move index must be 0, not {i}")
                if game is not None:
                    places.append(game.root)
            phase.append(_FRESH)
            wait.append(None)
            lists.append(None)
            last.append(-1)
            again.append(-1)
        else:
            if not phase:
                raise bad("no node is open")
            t = len(phase) - 1
            if again[t] >= 0:
                raise bad(f"after RESEARCH, move {again[t]} must be entered again")
            v = s[p + 1]
            if k == 2.0 or k == 3.0 or k == 9.0:  # LEAF, EVAL, EXIT: the node returns
                if k == 9.0:
                    if s[p + 2] not in _BOUNDS:
                        raise bad(f"bound {_show(s[p + 2])} is not one of [0, 1, 2]")
                    ph = phase[t]
                    if ph == _PROBED:
                        raise bad("a node whose table probe did not end it must try a move before it returns")
                    if wait[t] is not None:
                        raise bad("the last child's return was never reported (CHILD, BEST or RESEARCH)")
                elif phase[t] != _FRESH:
                    raise bad("a node returns LEAF or EVAL only right after its ENTER")
                if not finite(v):
                    raise bad(f"value {_show(v)} is not a finite number")
                phase.pop()
                wait.pop()
                lists.pop()
                last.pop()
                again.pop()
                if game is not None:
                    places.pop()
                if phase:
                    wait[-1] = -v
            elif k == 4.0 or k == 5.0 or k == 10.0:  # CHILD, BEST, RESEARCH: a child's return reported
                w0 = wait[t]
                if w0 is None:
                    raise bad("no child has returned since the node's last CHILD, BEST or RESEARCH")
                if v != w0:
                    raise bad(f"value {_show(v)} is not the returned child's value negated ({_show(w0)})")
                if k == 5.0 and s[p + 2] != s[p + 2]:
                    raise bad("alpha is NaN")
                wait[t] = None
                if k == 10.0:
                    again[t] = last[t]
            elif k == 6.0:  # CUTOFF
                if s[p + 1] not in _REASONS:
                    raise bad(f"cutoff reason {_show(s[p + 1])} is not one of [0, 1]")
                if prev != 4.0 and prev != 5.0:
                    raise bad("a cutoff comes only right after a child's CHILD or BEST")
                phase[t] = _CUT
            elif k == 7.0:  # TT_PROBE
                if s[p + 1] not in _PROBE_CODES:
                    raise bad(f"probe code {_show(s[p + 1])} is not one of [0, 1, 2, 3, 5, 6, 7]")
                if phase[t] != _FRESH:
                    raise bad("a node probes the table only right after its ENTER")
                if not finite(s[p + 2]):
                    raise bad(f"value {_show(s[p + 2])} is not a finite number")
                phase[t] = _ENDED if s[p + 1] >= 4.0 else _PROBED
            else:  # TT_STORE
                if v not in _BOUNDS:
                    raise bad(f"bound {_show(v)} is not one of [0, 1, 2]")
                if not finite(s[p + 2]):
                    raise bad(f"value {_show(s[p + 2])} is not a finite number")
                if (phase[t] != _BODY and phase[t] != _CUT) or wait[t] is not None:
                    raise bad("a node stores its result only after its children have returned and been reported")
                phase[t] = _STORED
        prev = k
        p += w
        step += 1
    if mi < nlists:
        # Stopped after a node expanded but before it entered its first child.
        if mi + 1 == nlists and phase and lists[-1] is None and phase[-1] <= _PROBED:
            problem = None if game is None else moves_problem(game, places[-1], moves[mi])
            if problem:
                raise fail(f"moves (list {mi})", problem)
        else:
            raise fail("moves", f"{nlists - mi} move lists left over, which no node took")
    return Checked(step, len(phase))


def _show(x: float) -> str:
    if x != x:
        return "NaN"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return _num(x)


def moves_problem(game: Any, place: Any, ms: Sequence[Any]) -> str | None:
    """What is wrong with ``ms`` as moves of ``game`` at ``place``, or None: each must be
    one of the game's legal moves there, of the same type (``4.0`` is not ``4``)."""
    try:
        legal = list(game.moves(place))
    except Exception as exc:
        return f"the game cannot list the moves here: {exc.__class__.__name__}: {exc}"
    table: dict[Any, Any] | None
    try:
        table = {m: m for m in legal}
    except TypeError:  # unhashable moves: compare one by one
        table = None
    for m in ms:
        if table is not None:
            try:
                found = table.get(m, _MISSING)
            except TypeError:
                found = _MISSING
        else:
            found = next((x for x in legal if x == m), _MISSING)
        if found is _MISSING or type(found) is not type(m):
            return f"move {m!r} is not a legal move here (legal: {legal!r:.200})"
    return None
