"""Compare a student's recorded search with negaviz's reference search.

:func:`check` runs :func:`negaviz.record` on the student trace's game and root, with
the same natural move order, and walks both node trees side by side by move path (not
by node number), in the order the reference's events happen.  It stops at the first
place they part and says what went wrong in a sentence a student can act on.

What is compared, node by node:

1. the window a node is called with (alpha-beta, when the student's function takes one);
2. whether it is a leaf: a finished game or the depth limit must not be searched further;
3. its children, in order: a child the reference skips by a cutoff must not be
   visited, and a child the reference visits must not be skipped once the node has
   started trying moves;
4. the value it returns.  Where the reference's value is exact it must be equal.  Where
   it is only a bound (the node failed high or low), any value that is an equally valid
   bound is accepted: from beta up to the true value when failing high, from the true
   value up to alpha when failing low.  So fail-hard and fail-soft functions both pass;
   where the values differ from the reference's, the report adds a note saying where
   and how (fail-hard, fail-soft, or a mix of the two).

A node that returns without trying any move (an answer from the student's own table,
say) is judged by its value alone, by rule 4.

Moves may be tried in any order.  Unless ``order=`` is given, a search that tries them
in another order than the game generates them is compared with the reference searched
in the student's own order (read from the student's trace), and passes if it agrees,
with a note naming the order.  With ``order=`` given, the order must match it.

Steps in a :class:`Divergence` are the stepper's: ``StepperWidget(trace, step=d.step)``
shows the wrong event as the one just applied, and :meth:`Report.stepper` opens it there.

>>> from negaviz import Tree
>>> from negaviz.student import trace_calls
>>> tree = Tree.parse("[[7,5],[3,1,9]]")
>>> @trace_calls(tree, position="node")
... def negamax(node):
...     if tree.is_terminal(node):
...         return tree.score(node)
...     return max(-negamax(tree.play(node, m)) for m in tree.moves(node))
>>> negamax(tree.root)
5
>>> check(negamax.last_trace).ok
True
>>> print(check(negamax.last_trace, algorithm="alphabeta"))
Not yet: visited a pruned node at G (path C G). G should never have been visited: at C the value so far, −3, already reaches β = −5, so the opponent will never let the game reach C and the reference stops before G.
"""

from __future__ import annotations

import math
import copy
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from negaviz.conventions import conventions as course_conventions
from negaviz.errors import InputError
from negaviz.games.protocol import key_of, restore
from negaviz.search.result import Stopped
from negaviz.search.options import TAUGHT, TaughtAlgorithm
from negaviz.trace.trace import StudentTrace
from negaviz.student.divergence import Divergence, DivergenceKind
from negaviz.student.notes import order_note, value_notes
from negaviz.student.walk import Walk
from negaviz.trace import record
from negaviz.trace.trace import Trace, check_trace
from negaviz.vocabulary import fmt

__all__ = ["check", "Report", "DivergenceKind"]

ALGORITHMS = TAUGHT


@dataclass(frozen=True)
class Report:
    """The outcome of :func:`check`."""

    divergence: Divergence | None
    """The first difference, or None when the search agrees with the reference."""
    student: Trace
    """The student's trace."""
    reference: Trace
    """The reference trace it was compared with."""
    algorithm: TaughtAlgorithm
    """The reference algorithm."""
    notes: tuple[str, ...] = ()
    """What a correct search still does differently: its own move order, values that are
    other valid bounds than the reference's (fail-hard, fail-soft, or a mix)."""
    undecided: str | None = None
    """Why the comparison could not be finished (a node budget stopped the reference
    before any difference was found), or None."""

    @property
    def ok(self) -> bool:
        """Whether the student's search agrees with the reference (False when undecided:
        see :attr:`undecided`)."""
        return self.divergence is None and self.undecided is None

    def __str__(self) -> str:
        d = self.divergence
        notes = "".join(f" Note: {n}" for n in self.notes)
        if self.undecided is not None:
            return f"Undecided: {self.undecided[:1].upper()}{self.undecided[1:]}{notes}"
        if d is None:
            who = getattr(self.student, "function", "your search")
            return (
                f"OK: {who} agrees with negaviz's {self.algorithm}: value {fmt(self.student.value)}, "
                f"{len(self.student.nodes)} nodes visited ({len(self.reference.nodes)} by the reference).{notes}"
            )
        path = " ".join(d.path)
        where = f" (path {path})" if path and not d.node.endswith(path) else ""
        return f"Not yet: {d.kind.value} at {d.node}{where}. {d.message}{notes}"

    def stepper(self, **options: Any) -> Any:
        """A :class:`~negaviz.widgets.StepperWidget` on the student's trace, at the step of
        the first divergence (at the end when there is none); ``options`` go to the widget."""
        from negaviz.widgets import StepperWidget  # lazily: widgets need ipywidgets

        d = self.divergence
        step = len(self.student) if d is None or d.step is None else d.step
        options.setdefault("windows", _has_windows(self.student))
        return StepperWidget(self.student, step=step, **options)


def check(student_trace: Any, *, algorithm: TaughtAlgorithm | None = None, battery: Any = None,
          conventions: Any = None, **options: Any) -> Any:
    """Compare ``student_trace`` with negaviz's reference search of the same position.

    Given the student's function itself (``fn(game, node, alpha, beta)``, ``fn(game,
    node)``, with ``depth`` or a table where the form needs one, or the pair
    ``(max_value, min_value)``), it is run on a battery of trees instead and its bug is
    named from the catalogue of mistakes: see :func:`negaviz.student.battery.check_battery`
    (``battery=`` its name or a list of cases; ``max_calls=`` and ``seconds=`` budget each
    run).  It returns a :class:`~negaviz.student.battery.BatteryReport`.

    ``algorithm`` is ``"negamax"`` or ``"alphabeta"`` (default: alpha-beta when the
    student's function takes a window, else negamax); further keywords are search
    options for the reference, e.g. ``depth=2`` for a depth-limited search or
    ``fail_hard=True``.  An alpha-beta reference starts from the window the student's
    search started with, unless ``window=`` is given.  Without ``order=`` the student's
    search may try its moves in any order (it is then compared with the reference
    searched in that order); with ``order=`` (``"natural"`` for the game's own order)
    it must follow that order.

    ``conventions`` are the course's (:mod:`negaviz.conventions`: a preset's name such as
    ``"cs188"``, or None for the course's own, from its ``negaviz.toml``): the reference
    stops a node by their cut rule, and a search that is right only by the other rule is
    told so in those words.
    """
    conv = course_conventions(conventions)
    if not isinstance(student_trace, Trace) and (callable(student_trace) or isinstance(student_trace, (tuple, list))):
        from negaviz.student.battery import check_battery  # the battery compares its runs with this check

        unknown = sorted(set(options) - {"max_calls", "seconds"})
        if unknown:
            raise InputError(f"check(fn) takes battery=, max_calls= and seconds=, not {', '.join(unknown)}")
        if algorithm is not None:
            raise InputError("check(fn) reads the algorithm from fn's parameters (alpha and beta: alpha-beta); leave out algorithm=")
        return check_battery(student_trace, battery, conventions=conv, **options)
    if battery is not None:
        raise InputError("battery= checks a function: pass the function, check(fn, battery=...), not a trace")
    check_trace(student_trace, "student_trace")
    if algorithm is not None and (not isinstance(algorithm, str) or algorithm not in ALGORITHMS):
        raise InputError(f"unknown algorithm: {algorithm!r} (must be one of {list(ALGORITHMS)})")
    if "algorithm" in options or "options" in options:
        raise InputError("give the algorithm as check(trace, algorithm=...), and other options as keywords")
    if isinstance(student_trace, StudentTrace) and student_trace.fault is not None:  # first: the reason that matters
        raise InputError(f"the recorded call did not finish, so there is nothing to compare: {student_trace.fault}")
    game = student_trace.game
    if game is None:
        raise InputError("the trace has no game attached: record it with trace_calls(game, ...)")
    if not student_trace.nodes:
        raise InputError("the trace is empty: call the recorded function first")
    windowed = student_trace.windowed if isinstance(student_trace, StudentTrace) else _has_windows(student_trace)
    if algorithm is None:
        algorithm = "alphabeta" if windowed else "negamax"
    root = student_trace.nodes[0]
    if algorithm == "alphabeta" and windowed and "window" not in options and root.alpha < root.beta:
        options["window"] = (root.alpha, root.beta)
    windows = windowed and algorithm == "alphabeta"
    if algorithm == "alphabeta":
        options.setdefault("cut", conv.cut)
    reference = record(game, student_trace.root, algorithm=algorithm, **options)
    walk = Walk(student_trace, reference, windows=windows, options=options)
    found = walk.node(0, 0)
    notes: list[str] = []
    if found is not None and found.kind == DivergenceKind.WRONG_ORDER and "order" not in options:
        # Any move order is correct: compare with the reference searched in the student's.
        own = _in_own_order(game, _own_orders(student_trace))
        reference = record(own, student_trace.root, algorithm=algorithm, order="heuristic", **options)
        walk = Walk(student_trace, reference, windows=windows, options=options)
        found = walk.node(0, 0)
        notes.append(order_note(student_trace, walk, found is None))
    result = reference.result
    if result is not None and result.stopped == Stopped.BUDGET and (found is None or walk.beyond_reference()):
        # A correct search is never called wrong for want of nodes: what it did past the
        # budget is unknown.
        last = walk.name(reference, walk.at) if walk.at is not None else "the root"
        agrees = "agrees with it" if found is None else "agrees with it up to there"
        undecided = (
            f"the reference search stopped at its node budget (max_nodes={options.get('max_nodes')}) after "
            f"{len(reference.nodes)} nodes, before it finished {last}; as far as it got, your search {agrees}. "
            "Raise max_nodes, or leave it out, to compare the whole search."
        )
        return Report(None, student_trace, reference, algorithm, tuple(notes), undecided=undecided)
    if found is None:
        notes += value_notes(walk, options.get("fail_hard", False))
    elif windows and found.kind in (DivergenceKind.MISSED_CUTOFF, DivergenceKind.STOPPED_EARLY,
                                    DivergenceKind.PRUNED_VISITED, DivergenceKind.WRONG_WINDOW,
                                    DivergenceKind.WRONG_VALUE):
        notes += _other_rule(student_trace, reference, options, conv)
    return Report(found, student_trace, reference, algorithm, tuple(notes))


def _other_rule(student_trace: Trace, reference: Trace, options: dict[str, Any], conv: Any) -> list[str]:
    """A note when the student's search is right by the other cut rule than the course's."""
    result = reference.result
    if result is None or options.get("fail_hard") or result.options.order != "natural":
        return []
    other = ">" if result.options.cut == ">=" else ">="
    try:
        again = record(student_trace.game, student_trace.root, **{**result.options.to_dict(), "cut": other,
                                                                  "window": result.options.window})
    except Exception:  # the other rule cannot search this (e.g. a budget): no note
        return []
    if Walk(student_trace, again, windows=True, options=options).node(0, 0) is not None:
        return []
    if other == ">":
        return [f"Your search stops a node only once its value passes β (>), as Berkeley CS188 does; this course "
                f"({conv.title}) stops it on equality too (≥), so a value equal to β must end the node."]
    return [f"Your search prunes on equality (≥); this course ({conv.title}) does not: a node stops only once "
            "its value passes β (>), so a value equal to β lets it go on."]


def _own_orders(trace: Trace) -> dict[Hashable, list[Any]]:
    """The moves each node of ``trace`` tried, in the order tried, by the node's key
    (where a position was searched more than once, the longest list)."""
    game = trace.game
    tried: dict[Hashable, list[Any]] = {}
    for n in trace.nodes:
        if n.children:
            moves = [trace.move(c) for c in n.children]
            key = key_of(game, trace.position(n.id))
            if len(moves) > len(tried.get(key, ())):  # a transposition may have tried more moves
                tried[key] = moves
    restore(game)
    return tried


def _in_own_order(game: Any, tried: dict[Hashable, list[Any]]) -> Any:
    """A shallow copy of ``game`` whose ``order`` tries moves as ``tried`` says (by the
    position's key; moves never tried follow, in the game's order)."""

    def order(pos: Any, moves: Sequence[Any]) -> list[Any]:
        first = tried.get(key_of(game, pos))
        if first is None:
            return list(moves)
        ranked = [m for m in dict.fromkeys(first) if m in moves]
        return ranked + [m for m in moves if m not in ranked]

    own = copy.copy(game)  # shares the game's state (a MutableGame's object and path)
    try:
        own.order = order
    except AttributeError:  # a game with __slots__: wrap it instead
        return _Ordered(game, order)
    return own


class _Ordered:
    """A game with another ``order``: every other attribute is the game's."""

    def __init__(self, game: Any, order: Callable[[Any, Sequence[Any]], list[Any]]) -> None:
        self._game = game
        self.order = order

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def _has_windows(trace: Trace) -> bool:
    return any(not (math.isinf(n.alpha) and math.isinf(n.beta)) for n in trace.nodes)
