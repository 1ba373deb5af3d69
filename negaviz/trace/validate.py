"""The grammar of an event stream, checked in one pass: what every reader relies on.

A trace loaded from a file is data, not code we wrote: :func:`check_stream` walks its
packed numbers once and raises :class:`~negaviz.errors.TraceFormatError`, naming the
step, the kind of event and the rule, at the first event the search could not have
emitted.  A stream that passes can be decoded, drawn, replayed and exported.

The rules are those of the core (:mod:`negaviz.search.core`), loosened only where
:mod:`negaviz.trace.calls` records students' own functions (children tried in any
order, a cutoff after a child that did not improve).  Each node is, in order::

    ENTER  then one of
        LEAF | EVAL                          terminal, or the depth limit
        EXIT                                 the game's value bounds decided it
        TT_PROBE(ended) EXIT                 a table entry decided it
        [TT_PROBE(miss or not ended)] tries [CUTOFF] [TT_STORE] EXIT
    tries: one or more of   child (CHILD | BEST)   or   child RESEARCH child (CHILD | BEST)

A chance node (expectimax, star1) is ``ENTER CHANCE`` then one or more of
``child OUTCOME``, with a CUTOFF (reasons 2 and 3) only right after an OUTCOME, then
EXIT; its outcomes' values come up negated only when its CHANCE says they hand the turn
over.

with CUTOFF only right after CHILD or BEST, and RESEARCH followed by the same move
entered again.  A child's return (its LEAF, EVAL or EXIT) is reported by its parent in
the very next event, with the child's value negated (as it is, with a game whose side
moves twice in a row there: a marked tree's ``@max``/``@min``).  The first child entered takes
the next move list, and its index must fall inside it.  Values and windows (ENTER's
alpha and beta, BEST's alpha) are numbers, never NaN, and may be infinite (a game may
score a win as infinity); a window has alpha <= beta, except in a trace captured from a
student's function (``captured``), which records the windows the function was given.
Each root is entered with index 0; drivers (iterative deepening, MTD(f)) leave several
roots one after another.

A stream may stop anywhere between events (a node budget or Ctrl-C): nodes still open
at the end are allowed, and so is one move list left over when the last open node had
expanded but not yet entered a child.  With a game attached, every move list must hold
legal moves of the node's position, of the game's own types.

>>> from array import array
>>> check_stream(array("d", [1, 0, -math.inf, math.inf, 2, 7]), [])
Checked(events=2, open=0, nodes=1, value=7.0)
>>> check_stream(array("d", [1, 0, -math.inf, math.inf, 5, 3, 3]), [])
Traceback (most recent call last):
...
negaviz.errors.TraceFormatError: invalid negaviz trace: event 1 (BEST): no child has returned since the node's last CHILD, BEST or RESEARCH
"""

from __future__ import annotations

import math
from array import array
from typing import AbstractSet as Set, Any, NamedTuple, Sequence

from negaviz.errors import TraceFormatError
from negaviz.games.protocol import alternates_of
from negaviz.search.events import MCTS_KINDS, WIDTH, EventKind

_NAMES = {float(k): k.name for k in EventKind}
_WIDTHS = {float(k): w for k, w in WIDTH.items() if k not in MCTS_KINDS}  # MCTS: negaviz.trace.mcts

# What a node has done so far: the low 3 bits of its entry on the stack (the rest is
# the node's move index, so a return knows which move RESEARCH must try again).
_FRESH = 0  # entered, nothing else yet
_PROBED = 1  # probed the table, which did not end it: it must try a move
_ENDED = 2  # a table entry ended it: EXIT next
_BODY = 3  # has entered a child
_CUT = 4  # stopped trying moves
_STORED = 5  # stored its result: EXIT next

_PROBE_CODES = {0.0, 1.0, 2.0, 3.0, 5.0, 6.0, 7.0}
_BOUNDS = {0.0, 1.0, 2.0}
_REASONS = {0.0, 1.0}
_CHANCE_REASONS = {2.0, 3.0}
_REPORTS = {4.0, 5.0, 10.0, 12.0}  # CHILD, BEST, RESEARCH, OUTCOME
_MISSING = object()
_CACHE = 1 << 16  # positions whose legal moves are remembered while checking


class Checked(NamedTuple):
    """What a valid stream holds."""

    events: int
    """How many events."""
    open: int
    """Nodes still open at the end (0 for a finished search)."""
    nodes: int = 0
    """Nodes entered (what a result counts as its ``nodes``)."""
    value: float | None = None
    """The value the last root returned (None if no root returned)."""


def fail(where: str, rule: str) -> TraceFormatError:
    """The error for a trace file: ``where`` names the part, ``rule`` what is wrong."""
    return TraceFormatError(f"invalid negaviz trace: {where}: {rule}")


def _bad(step: int, k: float, rule: str) -> TraceFormatError:
    return fail(f"event {step} ({_NAMES[k]})", rule)


def _show(x: float) -> str:
    if x != x:
        return "NaN"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return str(int(x)) if x.is_integer() else repr(x)


def check_stream(stream: array, moves: Sequence[Sequence[Any]], game: Any = None, *, captured: bool = False,
                 kept: Set[int] = frozenset()) -> Checked:
    """Check ``stream`` and the move lists ``moves`` (and, with ``game``, that the moves
    are legal from the game's root); raise :class:`TraceFormatError` at the first
    broken rule.  ``captured``: the trace was captured from a student's function, whose
    windows may be upside down.  ``kept``: the nodes (by number) where the side that
    moved at the parent moves again, when no game says so."""
    s = stream
    n = len(s)
    widths = _WIDTHS
    # A game whose side moves twice in a row (a marked tree): a child where the same side
    # moves reports its value as it is, read from the game's player(), not from a flag.
    who = game.player if game is not None and not alternates_of(game) else None
    marked = who is not None or bool(kept)  # else every player's child comes up negated: nothing more to track
    same = False
    ids: list[int] = []  # per open node, when marked: its number (nodes are numbered as they are entered)
    stack: list[int] = []  # per open node, innermost last: phase + 8 * its move index
    turns: list[float] = []  # per open node: -1 a player's node; a chance node's turn (0 or 1)
    lists: list[Sequence[Any] | None] = []  # the move list each open node took
    places: list[Any] = []  # positions, with a game
    legal: dict[Any, Any] = {}  # position -> its legal moves, while checking
    pending: float | None = None  # a returned child's value, negated: the next event reports it
    returned = -1  # the move index of the child that returned last
    again = -1  # after RESEARCH: the move index that must be entered next
    expect = False  # pending is not None or again >= 0
    mi = 0
    nlists = len(moves)
    prev = 0.0
    step = 0
    entered = 0
    root_value: float | None = None
    p = 0
    k = 0.0
    try:
        while p < n:
            k = s[p]
            w = widths.get(k)
            if w is None:
                raise fail(f"event {step}", f"unknown kind {_show(k)} (kinds are 1..{max(EventKind)})")
            if expect:  # a child's report, or the move RESEARCH searches again, must come now
                if pending is not None and k not in _REPORTS:
                    raise _bad(step, k, "the last child's return must be reported first (CHILD, BEST or RESEARCH)")
                if again >= 0 and k != 1.0:
                    raise _bad(step, k, f"after RESEARCH, move {again} must be entered again")
            # Every branch below reads its event's last number: a stream cut inside an
            # event raises IndexError there.
            if k == 1.0:  # ENTER
                idx, a, b = s[p + 1], s[p + 2], s[p + 3]
                if not idx.is_integer() or idx < 0:
                    raise _bad(step, k, f"move index {_show(idx)} is not a whole number >= 0")
                if not a <= b and (a != a or b != b or not captured):
                    raise _bad(step, k, "NaN in the window" if a != a or b != b else f"alpha {_show(a)} is above beta {_show(b)}")
                i = int(idx)
                if stack:
                    ph = stack[-1] & 7
                    if ph > _BODY or ph == _ENDED:
                        raise _bad(step, k, "the parent already stopped trying moves")
                    ms = lists[-1]
                    if ms is None:
                        if mi >= nlists:
                            raise _bad(step, k, "no move list left for the parent (each node that tries moves takes the next one)")
                        ms = moves[mi]
                        mi += 1
                        if game is not None:
                            problem = _moves_problem(game, places[-1], ms, legal)
                            if problem:
                                raise _bad(step, k, f"the parent's move list: {problem}")
                        lists[-1] = ms
                        stack[-1] += _BODY - ph
                    if i >= len(ms):
                        raise _bad(step, k, f"move index {i} is outside the parent's {len(ms)} moves")
                    if again >= 0:
                        if i != again:
                            raise _bad(step, k, f"RESEARCH must search move {again} again, not move {i}")
                        again = -1
                        expect = False
                    if game is not None:
                        try:
                            places.append(game.play(places[-1], ms[i]))
                        except Exception as exc:  # the game's own complaint about a move from a file
                            raise _bad(step, k, f"playing move {ms[i]!r}: {exc.__class__.__name__}: {exc}") from None
                else:
                    if i != 0:
                        raise _bad(step, k, f"a root's move index must be 0, not {i}")
                    if game is not None:
                        places.append(game.root)
                stack.append(i << 3)
                if marked:
                    ids.append(entered)
                turns.append(-1.0)
                lists.append(None)
                entered += 1
            elif not stack:
                raise _bad(step, k, "no node is open")
            elif k == 2.0 or k == 3.0 or k == 9.0:  # LEAF, EVAL, EXIT: the node returns
                v = s[p + 1]
                ph = stack[-1] & 7
                if k == 9.0:
                    if s[p + 2] not in _BOUNDS:
                        raise _bad(step, k, f"bound {_show(s[p + 2])} is not one of [0, 1, 2]")
                    if ph == _PROBED:
                        raise _bad(step, k, "a node whose table probe did not end it must try a move before it returns")
                elif ph != _FRESH:
                    raise _bad(step, k, "a node returns LEAF or EVAL only right after its ENTER")
                if v != v:
                    raise _bad(step, k, "the value is NaN")
                returned = stack.pop() >> 3
                nid = ids.pop() if marked else -1
                turns.pop()
                lists.pop()
                if game is not None:
                    place = places.pop()
                if stack:
                    same = turns[-1] == 0.0 or marked and turns[-1] < 0 and (
                        nid in kept if who is None else who(place) == who(places[-1]))
                    pending = v if same else -v
                    expect = True
                else:
                    root_value = v
            elif k == 4.0 or k == 5.0 or k == 10.0 or k == 12.0:  # CHILD, BEST, RESEARCH, OUTCOME: a return reported
                v = s[p + 1]
                if (k == 12.0) != (turns[-1] >= 0):
                    raise _bad(step, k, "a chance node reports its outcomes by OUTCOME, a player's node its children "
                                        "by CHILD or BEST")
                if k == 12.0 and not 0 <= s[p + 2] <= 1:
                    raise _bad(step, k, f"probability {_show(s[p + 2])} is not between 0 and 1")
                if k == 12.0 and s[p + 3] != s[p + 3]:
                    raise _bad(step, k, "the total is NaN")
                if pending is None:
                    raise _bad(step, k, "no child has returned since the node's last CHILD, BEST or RESEARCH")
                if v != pending:
                    raise _bad(step, k, f"value {_show(v)} is not the returned child's value"
                                        f"{'' if same else ' negated'} ({_show(pending)})")
                if k == 5.0 and s[p + 2] != s[p + 2]:
                    raise _bad(step, k, "alpha is NaN")
                pending = None
                if k == 10.0:
                    again = returned
                expect = k == 10.0
            elif k == 6.0:  # CUTOFF
                if turns[-1] >= 0:
                    if s[p + 1] not in _CHANCE_REASONS:
                        raise _bad(step, k, f"a chance node's cutoff reason {_show(s[p + 1])} is not one of [2, 3]")
                    if prev != 12.0:
                        raise _bad(step, k, "a chance node's cutoff comes only right after an OUTCOME")
                elif s[p + 1] not in _REASONS:
                    raise _bad(step, k, f"cutoff reason {_show(s[p + 1])} is not one of [0, 1]")
                elif prev != 4.0 and prev != 5.0:
                    raise _bad(step, k, "a cutoff comes only right after a child's CHILD or BEST")
                stack[-1] += _CUT - _BODY  # a report came just before: the node is in its body
            elif k == 11.0:  # CHANCE
                lo, hi, turn = s[p + 1], s[p + 2], s[p + 3]
                if stack[-1] & 7 != _FRESH or turns[-1] >= 0:
                    raise _bad(step, k, "a node says it is a chance node only right after its ENTER")
                if lo != lo or hi != hi or not lo <= hi:
                    raise _bad(step, k, f"the bounds [{_show(lo)}, {_show(hi)}] are not two numbers, lower first")
                if turn != 0.0 and turn != 1.0:
                    raise _bad(step, k, f"turn {_show(turn)} is not 0 or 1")
                turns[-1] = turn
            elif k == 7.0:  # TT_PROBE
                code = s[p + 1]
                if code not in _PROBE_CODES:
                    raise _bad(step, k, f"probe code {_show(code)} is not one of [0, 1, 2, 3, 5, 6, 7]")
                if stack[-1] & 7 != _FRESH:
                    raise _bad(step, k, "a node probes the table only right after its ENTER")
                if s[p + 2] != s[p + 2]:
                    raise _bad(step, k, "the value is NaN")
                stack[-1] += _ENDED if code >= 4.0 else _PROBED
            else:  # TT_STORE
                if s[p + 1] not in _BOUNDS:
                    raise _bad(step, k, f"bound {_show(s[p + 1])} is not one of [0, 1, 2]")
                if s[p + 2] != s[p + 2]:
                    raise _bad(step, k, "the value is NaN")
                ph = stack[-1] & 7
                if ph != _BODY and ph != _CUT:
                    raise _bad(step, k, "a node stores its result only after its children have returned")
                stack[-1] += _STORED - ph
            prev = k
            p += w
            step += 1
    except IndexError:
        raise _bad(step, k, f"the stream ends inside the event ({n - p} of its {widths[k]} numbers)") from None

    if mi < nlists:
        # Stopped after a node expanded but before it entered its first child.
        if mi + 1 == nlists and stack and lists[-1] is None and stack[-1] & 7 <= _PROBED:
            problem = None if game is None else _moves_problem(game, places[-1], moves[mi], legal)
            if problem:
                raise fail(f"moves (list {mi})", problem)
        else:
            raise fail("moves", f"{nlists - mi} move lists left over, which no node took")
    return Checked(step, len(stack), entered, root_value)


def _moves_problem(game: Any, place: Any, ms: Sequence[Any], cache: dict[Any, Any]) -> str | None:
    """:func:`moves_problem`, remembering each position's legal moves in ``cache``."""
    try:
        table = cache.get(place)
    except TypeError:  # an unhashable position
        return moves_problem(game, place, ms)
    if table is None:
        if len(cache) >= _CACHE:
            cache.clear()
        try:
            table = cache[place] = {m: m for m in game.moves(place)}
        except Exception:  # unhashable moves, or a game that cannot list them: say why below
            return moves_problem(game, place, ms)
    for m in ms:
        try:
            found = table.get(m, _MISSING)
        except TypeError:
            found = _MISSING
        if found is _MISSING or type(found) is not type(m):
            return moves_problem(game, place, ms)
    return None


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
