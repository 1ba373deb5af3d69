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
from enum import Enum
from typing import Any

from negaviz.analysis.steps import name as node_name
from negaviz.errors import InputError
from negaviz.games.protocol import evaluator, is_textbook_tree, key_of, label, max_score_of, move_name, restore
from negaviz.search import search
from negaviz.search.events import Bound, CutReason
from negaviz.search.result import Stopped
from negaviz.search.options import ORDERS, TAUGHT, Order, TaughtAlgorithm
from negaviz.search.ordering import orderer
from negaviz.student.capture import StudentTrace
from negaviz.trace import record
from negaviz.trace.trace import Ending, Node, Trace, check_trace
from negaviz.vocabulary import fmt, window_story

__all__ = ["check", "Report", "DivergenceKind"]

ALGORITHMS = TAUGHT
INF = math.inf


class DivergenceKind(str, Enum):
    """What went wrong first."""

    WRONG_VALUE = "wrong value"
    """A node returned a value the reference does not accept."""
    WRONG_WINDOW = "wrong window"
    """A node was called with another (alpha, beta) than the reference's."""
    MISSED_CUTOFF = "missed cutoff"
    """A node's value reached beta, yet it went on to try more moves."""
    PRUNED_VISITED = "visited a pruned node"
    """A node was visited that the reference never visits because of a cutoff."""
    PAST_LEAF = "searched past a leaf"
    """A finished game (or a node at the depth limit) was searched further."""
    STOPPED_EARLY = "stopped too early"
    """A node stopped trying moves where the reference goes on."""
    WRONG_ORDER = "wrong move order"
    """Moves were tried in another order than the game generates them."""


@dataclass(frozen=True)
class Divergence:
    """The first place where the student's search and the reference part."""

    kind: DivergenceKind
    """What went wrong."""
    path: tuple[str, ...]
    """The node concerned, as the moves from the root, as the game names them."""
    node: str
    """The node's name in messages (its label in a textbook tree)."""
    expected: Any
    """What the reference does there (a value, a window, or the moves it tries)."""
    got: Any
    """What the student's search did."""
    message: str
    """One or two sentences for the student."""
    step: int | None
    """The step of the student's trace where it shows, as the stepper counts steps (events
    applied): at this step the wrong event is the last one shown (None if it never got there)."""
    reference_step: int | None
    """The same step of the reference trace (None if the reference never gets there)."""


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
          **options: Any) -> Any:
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
    """
    if not isinstance(student_trace, Trace) and (callable(student_trace) or isinstance(student_trace, (tuple, list))):
        from negaviz.student.battery import check_battery  # the battery compares its runs with this check

        unknown = sorted(set(options) - {"max_calls", "seconds"})
        if unknown:
            raise InputError(f"check(fn) takes battery=, max_calls= and seconds=, not {', '.join(unknown)}")
        if algorithm is not None:
            raise InputError("check(fn) reads the algorithm from fn's parameters (alpha and beta: alpha-beta); leave out algorithm=")
        return check_battery(student_trace, battery, **options)
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
    reference = record(game, student_trace.root, algorithm=algorithm, **options)
    walk = _Walk(student_trace, reference, windows=windows, options=options)
    found = walk.node(0, 0)
    notes: list[str] = []
    if found is not None and found.kind == DivergenceKind.WRONG_ORDER and "order" not in options:
        # Any move order is correct: compare with the reference searched in the student's.
        own = _in_own_order(game, _own_orders(student_trace))
        reference = record(own, student_trace.root, algorithm=algorithm, order="heuristic", **options)
        walk = _Walk(student_trace, reference, windows=windows, options=options)
        found = walk.node(0, 0)
        notes.append(_order_note(student_trace, walk, found is None))
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
        notes += walk.value_notes(options.get("fail_hard", False))
    return Report(found, student_trace, reference, algorithm, tuple(notes))


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


def _follows(trace: Trace, name: Order) -> bool:
    """Whether every node of ``trace`` tried its moves in negaviz's order ``name``."""
    game = trace.game
    try:
        rank = orderer(game, name)
        assert rank is not None
        for n in trace.nodes:
            if n.children:
                got = [trace.move(c) for c in n.children]
                if list(rank(trace.position(n.id), list(n.moves or ())))[: len(got)] != got:
                    return False
    except InputError:
        return False  # the game cannot order its moves that way (no order(), no evaluate())
    return True


def _order_note(trace: Trace, walk: _Walk, agrees: bool) -> str:
    """Says the search tried moves in its own order, and which of negaviz's orders it is."""
    game = trace.game
    named = next((name for name in ORDERS if name != "natural" and _follows(trace, name)), None)
    restore(game)
    root = trace.nodes[0]
    shown = [walk.child_name(trace, c) for c in root.children[:4]]
    first = f" (at the root: {', '.join(shown)}{', ...' if len(root.children) > 4 else ''})" if shown else ""
    text = (
        f"your search tries the moves in its own order{first}, not in the order the game generates them, "
        "so it was compared with negaviz's search in that same order"
    )
    text += ", and agrees with it." if agrees else "."
    if named is not None:
        text += (
            f" That is negaviz's order={named!r}: check(trace, order={named!r}) compares with it directly."
        )
    text += " Pass order='natural' to require the game's own order."
    return text[:1].upper() + text[1:]


def _has_windows(trace: Trace) -> bool:
    return any(not (math.isinf(n.alpha) and math.isinf(n.beta)) for n in trace.nodes)


def _and(names: list[str]) -> str:
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _window(a: float, b: float) -> str:
    return f"({fmt(a)}, {fmt(b)})"


def _python(v: float) -> str:
    """``v`` as Python source, for advice to paste: ``-math.inf``, ``5`` (not ``5.0``)."""
    if math.isinf(v):
        return "math.inf" if v > 0 else "-math.inf"
    return str(int(v)) if float(v).is_integer() else repr(v)


class _Walk:
    """The side-by-side walk over the reference (``ref``) and student (``stu``) trees."""

    def __init__(self, stu: Trace, ref: Trace, *, windows: bool, options: dict[str, Any]) -> None:
        self.stu = stu
        self.ref = ref
        self.windows = windows
        self.depth: int | None = options.get("depth")
        self.options = options
        self.game = stu.game
        self._true: dict[int, float] = {}
        self.differ: list[tuple[int, int]] = []
        """(reference, student) nodes whose values differ but are accepted as bounds."""
        self.at: int | None = None
        """The reference node the divergence found is about."""

    def beyond_reference(self) -> bool:
        """Whether the divergence found is about a node the reference never finished (a
        node budget stopped it there): what the student's search did is then unknown
        to be wrong."""
        return self.at is not None and self.ref.nodes[self.at].ending == Ending.OPEN

    # --- names ------------------------------------------------------------------------
    def name(self, trace: Trace, nid: int) -> str:
        return node_name(trace, nid, prose=True)

    def child_name(self, trace: Trace, nid: int) -> str:
        """A child as its parent sees it: its label in a textbook tree, else its move."""
        return trace.label(nid) if is_textbook_tree(self.game) else trace.move_name(nid)

    def path(self, trace: Trace, nid: int) -> tuple[str, ...]:
        return tuple(trace.move_name(n) for n in trace.path(nid)[1:])

    def diverge(
        self, kind: DivergenceKind, trace: Trace, nid: int, expected: Any, got: Any, message: str,
        step: int | None, reference_step: int | None,
    ) -> Divergence:
        message = message[:1].upper() + message[1:]
        # Events are numbered from 0; the stepper shows event k once k + 1 events are applied.
        step = None if step is None else step + 1
        reference_step = None if reference_step is None else reference_step + 1
        return Divergence(kind, self.path(trace, nid), self.name(trace, nid), expected, got, message, step, reference_step)

    # --- the walk ---------------------------------------------------------------------
    def node(self, r: int, s: int) -> Divergence | None:
        """The first divergence at or below reference node ``r`` / student node ``s``."""
        found = self._node(r, s)
        if found is not None and self.at is None:
            self.at = r  # the innermost call that found it: the reference node it is about
        return found

    def _node(self, r: int, s: int) -> Divergence | None:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        if self.windows and (S.alpha, S.beta) != (R.alpha, R.beta):
            return self.wrong_window(r, s)
        if R.ending in (Ending.LEAF, Ending.EVAL):
            if S.children:
                return self.past_leaf(r, s)
            return self.value(r, s)
        if not S.children or R.ending == Ending.TT:
            # The student (or the reference's table) answered without searching: judge the value.
            return self.value(r, s, early=not S.children)
        for k in range(max(len(R.children), len(S.children))):
            if k >= len(S.children):
                return self.stopped_early(r, s, k)
            if k >= len(R.children):
                return self.extra_child(r, s, k)
            rc, sc = R.children[k], S.children[k]
            if self.ref.move(rc) != self.stu.move(sc):  # moves, not indices: move lists may be ordered differently
                return self.wrong_order(r, s, k)
            found = self.node(rc, sc)
            if found is not None:
                return found
        return self.value(r, s)

    # --- each kind --------------------------------------------------------------------
    def wrong_window(self, r: int, s: int) -> Divergence:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        me = self.name(self.ref, r)
        want, got = (R.alpha, R.beta), (S.alpha, S.beta)
        if R.parent < 0 and not got[0] < got[1]:
            message = (
                f"the search started with the window {_window(*got)}, which is no window: alpha must be below "
                f"beta. Call your function with alpha < beta, e.g. ({_python(-INF)}, {_python(INF)}) for the "
                "whole range of values."
            )
        elif R.parent < 0:
            message = (
                f"the search started with the window {_window(*got)}, but the reference starts with "
                f"{_window(*want)}; pass window=({_python(got[0])}, {_python(got[1])}) to check() to compare "
                "from that window."
            )
        else:
            pa, pb = -R.beta, -R.alpha  # the parent's bounds when it called this child
            parent = self.name(self.ref, R.parent)
            P = self.ref.nodes[R.parent]
            # "Window" is the window a node is entered with; a bound that moved since is said so.
            message = (
                f"{me} got the window {_window(*got)}, but it should get {_window(*want)}: "
                f"{window_story(parent, (P.alpha, P.beta), (pa, pb))}, and {me} gets "
                f"(−β, −α) = {_window(*want)}."
            )
            if got == (pa, pb):
                message += " It looks like alpha and beta were passed on unchanged."
            elif got == (-pa, -pb):
                message += " It looks like alpha and beta were negated but not swapped."
            elif got == (pb, pa):
                message += " It looks like alpha and beta were swapped but not negated."
            else:
                SP = self.stu.nodes[S.parent]
                before = [self.stu.nodes[c].value for c in SP.children[: SP.children.index(s)]]
                values = [v for v in before if v is not None]
                if values and -got[1] == max(SP.alpha, max(values)) != max(SP.alpha, max(-v for v in values)):
                    shown = ", ".join(fmt(v) for v in values)
                    message += (
                        f" It looks like {parent} took its children's values without negating them: its α is "
                        f"{fmt(-got[1])}, the largest of what they returned ({shown}), where each is for the opponent."
                    )
                elif got == (-P.beta, -P.alpha):
                    message += (
                        f" It looks like {parent}'s α did not rise to its best value so far "
                        "before this child was called."
                    )
        return self.diverge(DivergenceKind.WRONG_WINDOW, self.ref, r, want, got, message, S.enter_step, R.enter_step)

    def past_leaf(self, r: int, s: int) -> Divergence:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        me = self.name(self.ref, r)
        tried = [self.stu.move_name(c) for c in S.children]
        if R.ending == Ending.LEAF:
            message = (
                f"The game is over at {me} (it scores {fmt(R.value)} for the side to move), but your "
                f"function went on to search its moves ({_and(tried[:3])}{', ...' if len(tried) > 3 else ''}). "
                "Test whether the game is over, including a win by the player who just moved, before trying moves."
            )
        else:
            message = (
                f"{me} is at the depth limit: the reference evaluates it ({fmt(R.value)}), but your function "
                f"searched its moves ({_and(tried[:3])}{', ...' if len(tried) > 3 else ''})."
            )
        step = self.stu.nodes[S.children[0]].enter_step
        return self.diverge(DivergenceKind.PAST_LEAF, self.ref, r, R.value, tuple(tried), message, step, R.exit_step)

    def stopped_early(self, r: int, s: int, k: int) -> Divergence:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        me = self.name(self.ref, r)
        nxt = self.child_name(self.ref, R.children[k])
        last = self.child_name(self.ref, R.children[k - 1])
        best = self.best_before(self.ref, r, k)
        message = (
            f"{me} stopped after {last}, but the reference goes on to {nxt}: the value so far, {fmt(best)}, "
            f"is below β = {fmt(R.beta)}, so the moves left can still matter."
        )
        win = max_score_of(self.game)
        if win is not None and best >= win:
            message += " (To stop at a proven win, pass stop_at_win=True to check().)"
        elif not self.windows and math.isinf(R.beta):
            message += (
                " (If your function is alpha-beta, record it with alpha= and beta= naming its window "
                "parameters, so that it is compared with alpha-beta, not plain negamax.)"
            )
        expected = self.names(self.ref, R)
        got = self.names(self.stu, S)
        return self.diverge(DivergenceKind.STOPPED_EARLY, self.ref, r, expected, got, message, S.exit_step, self.ref.nodes[R.children[k]].enter_step)

    def extra_child(self, r: int, s: int, k: int) -> Divergence:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        extra = S.children[k]
        me = self.name(self.ref, r)
        other = self.name(self.stu, extra)
        move = self.child_name(self.stu, extra)
        best = self.best_before(self.ref, r, k)
        expected = self.names(self.ref, R)
        got = self.names(self.stu, S)
        step = self.stu.nodes[extra].enter_step
        ref_step = R.exit_step
        if R.cutoff is None:  # the reference tried every move: the student called one twice
            message = f"{me} searched {move} a second time: each move needs searching once."
            return self.diverge(DivergenceKind.PRUNED_VISITED, self.stu, extra, expected, got, message, step, ref_step)
        if R.cutoff == CutReason.WIN:
            message = (
                f"{other} should never have been visited: {me} has already found a win ({fmt(best)}), "
                "which nothing can beat."
            )
            return self.diverge(DivergenceKind.PRUNED_VISITED, self.stu, extra, expected, got, message, step, ref_step)
        if self.windows:
            message = (
                f"At {me} the value so far is {fmt(best)} ≥ β = {fmt(R.beta)}, so the moves left cannot change "
                f"the result, but your function went on to try {move}."
            )
            return self.diverge(DivergenceKind.MISSED_CUTOFF, self.ref, r, expected, got, message, step, ref_step)
        message = (
            f"{other} should never have been visited: at {me} the value so far, {fmt(best)}, already reaches "
            f"β = {fmt(R.beta)}, so the opponent will never let the game reach {me} and the reference stops before {move}."
        )
        return self.diverge(DivergenceKind.PRUNED_VISITED, self.stu, extra, expected, got, message, step, ref_step)

    def wrong_order(self, r: int, s: int, k: int) -> Divergence:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        me = self.name(self.ref, r)
        want = self.child_name(self.ref, R.children[k])
        got = self.child_name(self.stu, S.children[k])
        assert R.moves is not None
        order = [self.move_label(r, m) for m in R.moves]
        message = f"{me} searched {got} where the reference searches {want}: it tries the moves in the order {_and(order)}."
        chosen = self.options.get("order", "natural")
        message += (
            f" check() was asked for order={chosen!r}; any move order is correct, so leave out order= to "
            "compare with the reference searched in your own order."
        )
        return self.diverge(
            DivergenceKind.WRONG_ORDER, self.ref, r, self.names(self.ref, R), self.names(self.stu, S), message,
            self.stu.nodes[S.children[k]].enter_step, self.ref.nodes[R.children[k]].enter_step,
        )

    def value(self, r: int, s: int, *, early: bool = False) -> Divergence | None:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        rv, sv = R.value, S.value
        me = self.name(self.ref, r)
        if sv is None:
            message = f"{me} never returned: the function stopped (with an exception?) before it did."
            return self.diverge(DivergenceKind.WRONG_VALUE, self.ref, r, rv, None, message, None, R.exit_step)
        if rv is None or sv == rv:
            return None
        if self.acceptable(r, sv):
            self.differ.append((r, s))
            return None
        if R.ending == Ending.LEAF:
            message = f"{me} is a leaf: the game is over and scores {fmt(rv)} for the side to move, but your function returned {fmt(sv)}."
            if sv == -rv:
                message += " That is the score for the other player: at a leaf, return the score for the player to move."
        elif R.ending == Ending.EVAL:
            message = f"{me} is at the depth limit: its evaluation for the side to move is {fmt(rv)}, but your function returned {fmt(sv)}."
            if sv == -rv:
                message += " That is the evaluation for the other player: evaluate for the player to move."
        elif early:
            message = f"{me} returned {fmt(sv)} without trying its moves, but the reference searches them and returns {fmt(rv)}."
            message += self.bound_note(r)
            if self.seen_before(s):
                message += (
                    " It was reached before by another path: a value remembered from an earlier search "
                    "is only valid with the bound (exact, lower or upper) it was found with."
                )
            elif S.ending == Ending.EVAL and self.depth is None:
                if evaluator(self.game) is not None:
                    message += " If your search stops at a depth limit, pass depth= to check()."
                else:
                    message += (
                        f" If your search stops at a depth limit, check() can compare it only with a game that has "
                        f"evaluate() ({type(self.game).__name__} has none; e.g. MutableGame(obj, evaluate=fn)), "
                        "and depth= passed to check()."
                    )
        else:
            message = f"{me} returned {fmt(sv)}, but the reference returns {fmt(rv)}."
            message += self.bound_note(r)
            kids = [self.stu.nodes[c].value for c in S.children]
            values = [v for v in kids if v is not None]
            if values and sv == max(values) and sv != max(-v for v in values):
                shown = ", ".join(fmt(v) for v in values)
                message += (
                    f" Its children returned {shown}: each is for the opponent, so negate it before taking "
                    "the largest."
                )
        return self.diverge(DivergenceKind.WRONG_VALUE, self.ref, r, rv, sv, message, S.exit_step, R.exit_step)

    def value_notes(self, fail_hard: bool) -> list[str]:
        """After an agreeing walk: where and how the student's values differ from the
        reference's while still being valid bounds (fail-hard, fail-soft, or a mix)."""
        if not self.differ:
            return []
        ref, stu = self.ref, self.stu
        clamped_low = clamped_high = 0
        parts: list[str] = []
        for r, s in self.differ:
            R, S = ref.nodes[r], stu.nodes[s]
            sv = S.value
            assert sv is not None and R.value is not None
            if R.bound == Bound.UPPER and sv == S.alpha:
                clamped_low += 1
                how = f"{fmt(sv)} (= α, the edge of its window)"
            elif R.bound == Bound.LOWER and sv == S.beta:
                clamped_high += 1
                how = f"{fmt(sv)} (= β, the edge of its window)"
            else:
                how = fmt(sv)
            if len(parts) < 3:
                parts.append(f"{self.name(ref, r)} returns {how} where the reference returns {fmt(R.value)}")
        # Fail-soft shows where a node returns a value beyond its own window.
        soft_low = any(n.value is not None and n.children and n.value < n.alpha for n in stu.nodes)
        soft_high = any(n.value is not None and n.children and n.value > n.beta for n in stu.nodes)
        n = len(self.differ)
        more = f", and {n - 3} more" if n > 3 else ""
        text = (
            f"correct at the root, but {n} node{'s' if n > 1 else ''} return{'s' if n == 1 else ''} another value "
            f"than the reference, each still a valid bound: {'; '.join(parts)}{more}."
        )
        if (clamped_low and soft_high) or (clamped_high and soft_low):
            hard, soft = ("fails low", "fails high") if clamped_low else ("fails high", "fails low")
            edge = "α" if clamped_low else "β"
            text += (
                f" Your search mixes fail-hard and fail-soft: when a node {hard} it returns {edge} (fail-hard), "
                f"but when it {soft} it returns the best value found, beyond the window (fail-soft). Both give "
                "correct bounds, but one search should keep to one convention: return the best value found "
                "(fail-soft) everywhere, or clamp it into the window (fail-hard) everywhere."
            )
        elif (clamped_low or clamped_high) and not fail_hard:
            text += (
                " Your search is fail-hard (it clamps values into the window), the reference fail-soft (it returns "
                "the best value found); both are correct. Pass fail_hard=True to check() to compare with a "
                "fail-hard reference."
            )
        elif fail_hard and (soft_low or soft_high):
            text += (
                " Your search is fail-soft (it returns the best value found, beyond the window), the reference "
                "fail-hard (fail_hard=True); both are correct."
            )
        else:
            text += " Any value between the true value and the window's edge is as correct."
        return [text[:1].upper() + text[1:]]

    # --- helpers ----------------------------------------------------------------------
    def acceptable(self, r: int, v: float) -> bool:
        """Whether ``v`` is as good a result as the reference's at node ``r`` (see the module)."""
        R = self.ref.nodes[r]
        if R.bound is None or R.bound == Bound.EXACT:
            return False
        true = self.true_value(r)
        if R.bound == Bound.LOWER:
            return R.beta <= v <= true
        return true <= v <= R.alpha

    def true_value(self, r: int) -> float:
        """The node's minimax value (to the same depth limit), searched once when needed."""
        if r not in self._true:
            R = self.ref.nodes[r]
            depth = None if self.depth is None else max(self.depth - R.depth, 0)
            pos = self.ref.position(r)
            value = search(self.game, pos, algorithm="alphabeta", depth=depth).value
            assert value is not None
            self._true[r] = value
        return self._true[r]

    def bound_note(self, r: int) -> str:
        R = self.ref.nodes[r]
        if R.bound not in (Bound.LOWER, Bound.UPPER):
            return ""
        true = self.true_value(r)
        if R.bound == Bound.LOWER:
            why = f"(That value is a lower bound, as {fmt(R.value)} ≥ β = {fmt(R.beta)}"
            lo, hi = R.beta, true
        else:
            why = f"(That value is an upper bound, as {fmt(R.value)} ≤ α = {fmt(R.alpha)}"
            lo, hi = true, R.alpha
        if lo == hi:
            return f" {why}; here only {fmt(lo)} will do.)"
        return f" {why}: any value from {fmt(lo)} up to {fmt(hi)} would do.)"

    def best_before(self, trace: Trace, nid: int, k: int) -> float:
        """The best (negated) value of the first ``k`` children of ``nid``."""
        values = [trace.nodes[c].value for c in trace.nodes[nid].children[:k]]
        return max((-v for v in values if v is not None), default=-INF)

    def names(self, trace: Trace, node: Node) -> tuple[str, ...]:
        return tuple(trace.move_name(c) for c in node.children)

    def move_label(self, r: int, move: Any) -> str:
        pos = self.ref.position(r)
        if is_textbook_tree(self.game):
            return label(self.game, self.game.play(pos, move))
        text = move_name(self.game, pos, move)
        restore(self.game)
        return text

    def seen_before(self, s: int) -> bool:
        """Whether the student's node ``s`` stands at a position searched earlier."""
        stu = self.stu
        keys: dict[Hashable, int] = {}
        for n in stu.nodes[:s]:
            keys.setdefault(key_of(self.game, stu.position(n.id)), n.id)
        found = key_of(self.game, stu.position(s)) in keys
        restore(self.game)
        return found
