"""Check a student's own search function on a battery of trees, and name its bug.

:func:`check_battery` (``negaviz.student.check(fn, battery=...)``) runs the function on
every case of a battery (seeded textbook trees with ties, depth-limited trees and
boards, trees with transpositions for a table), compares each run with negaviz's
reference (:func:`negaviz.student.check` on its trace) and with every variant of the
catalogue of mistakes (:mod:`negaviz.student.mistakes`) that the function's form makes
possible, and names the mistake whose variant behaves as the function does: on every
run, or else the one that goes wrong first where and as the function does.  A run is
compared with a variant node by node, in the order entered: the same moves, the same
windows (alpha-beta), leaves with the same values, and inner nodes with the same value
or the same side of their window (so fail-hard and fail-soft agree).

>>> import math
>>> from negaviz import Tree
>>> def alphabeta(game, node, alpha, beta):
...     if game.is_terminal(node):
...         return game.score(node)
...     best = -math.inf
...     for move in game.moves(node):
...         best = max(best, -alphabeta(game, game.play(node, move), -beta, -alpha))
...         alpha = max(alpha, best)
...         if alpha > beta:
...             break
...     return best
>>> report = check_battery(alphabeta)
>>> report.ok, report.mistake.id
(False, 'equality')
>>> print(str(report).splitlines()[0])
Not yet: alphabeta has a known bug, not cutting on equality: it behaves as that mistake does on all 8 trees of the battery.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from negaviz.errors import InputError
from negaviz.games.adapter import shown
from negaviz.games.protocol import label, missing_verbs
from negaviz.games.tictactoe import TicTacToe
from negaviz.games.tree import Tree
from negaviz.search import search
from negaviz.search.options import TaughtAlgorithm
from negaviz.search.result import Stopped
from negaviz.student.check import Divergence, Report, check
from negaviz.conventions import Conventions
from negaviz.conventions import conventions as course_conventions
from negaviz.mistakes import Mistake, Run, catalogue, run
from negaviz.student.runner import FULL_DEPTH, Form, Outcome, copied, execute, form_of
from negaviz.trace.trace import Trace
from negaviz.vocabulary import check_flag

__all__ = ["Case", "BatteryReport"]

MAX_CASES = 100
MAX_NODES = 20_000
"""The most nodes a search of one case may need: negaviz's reference, and a search that
cuts nothing off (a student's, or a mistake's), to the case's depth limit."""


@dataclass(frozen=True)
class Case:
    """One position of a battery."""

    game: Any
    """The game (a textbook tree, a board, ...)."""
    root: Any = None
    """The position searched (None: the game's root)."""
    depth: int | None = None
    """The depth limit (None: to the end of the game; a function without depth skips the case otherwise)."""
    name: str = ""
    """What the case is for, e.g. "a tie at β"."""
    hidden: bool = False
    """Whether feedback keeps its answers to itself (a grader's hidden test)."""

    def __post_init__(self) -> None:
        missing = missing_verbs(self.game)
        if missing:
            raise InputError(f"a Case's game must be a negaviz game; {type(self.game).__name__} lacks {', '.join(missing)}")
        d = self.depth
        if d is not None and (isinstance(d, bool) or not isinstance(d, int) or d < 0):
            raise InputError(f"a Case's depth must be a whole number, 0 or more, or None (to the end), not {shown(d)}")
        if not isinstance(self.name, str):
            raise InputError(f"a Case's name must be text, not {shown(self.name)}")
        check_flag(self.hidden, "hidden")

    @property
    def position(self) -> Any:
        return self.game.root if self.root is None else self.root

    def title(self, k: int) -> str:
        what = self.name or ("a hidden tree" if self.hidden else "/".join(label(self.game, self.position).splitlines()))
        return f"tree {k + 1} ({what}{'' if self.depth is None else f', depth {self.depth}'})"


def _seeded(seed: int, depth: int, branching: int, *, inner: bool = False) -> Tree:
    """A random textbook tree (values 0..9; inner values too if ``inner``), the same for the same seed."""
    rng = random.Random(seed)
    names = iter([*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", *(a + b for a in "ABCDEFGH" for b in "abcdefghijklmnopqrstuvwxyz")])

    def node(d: int) -> str:
        me = next(names)
        kids = [] if d == depth else [node(d + 1) for _ in range(rng.randint(2, branching))]
        head = f"{me}:{rng.randint(0, 9)}" if not kids or inner else me
        return head if not kids else f"{head}({' '.join(kids)})"

    return Tree.parse(node(0))


def _full() -> tuple[Case, ...]:
    return (
        Case(Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), name="the textbook tree"),
        Case(Tree.parse("A(B(D:7 E:5) C(F:5 G:1 H:9))"), name="a tie at β"),
        Case(Tree.parse("A(B(E:5 F:6) C(G:5 H:1 I:9) D(J(L:2 M:8) K(N:7 O:5)))"), name="leaves three plies down"),
        Case(Tree.parse("A(B(D:3 E:9) C(F:8 G(H:2 I:1)) J(K:4 L:6))"), name="the best move first"),
        *(Case(_seeded(seed, 3, 3), name="", hidden=True) for seed in (5, 11, 23, 42)),
    )


def _depth_limited() -> tuple[Case, ...]:
    limited = Tree.parse("A:0(B:1(D:2(H:1 I:3) E:4) C:3(F:5 G:0(J:2 K:6)))")
    return (
        Case(limited, depth=1, name="one ply"),
        Case(limited, depth=2, name="two plies"),
        Case(_seeded(7, 4, 3, inner=True), depth=3, name="three plies"),
        Case(_seeded(8, 4, 2, inner=True), depth=2, hidden=True),
        Case(TicTacToe(), TicTacToe.parse("x.o/.o./x.."), depth=2, name="a board, two plies"),
        Case(Tree.parse("A(B(D:7 E:5) C(F:5 G:1 H:9))"), name="a tie at β, to the end"),
        Case(Tree.parse("A(B(E:5 F:6) C(G:5 H:1 I:9) D(J(L:2 M:8) K(N:7 O:5)))"), name="leaves three plies down"),
    )


def _tables() -> tuple[Case, ...]:
    return (
        Case(Tree.parse("A(B(C:0 D(E(F:3 G:2) H:5 I:6) J(K(L:3 M:8) N:2)) "
                        "O(P(Q:5 R:1 S(T:5 U:1 V:2)) W(X(Y:2 D) Pa(Pb:9 Pc:4) K)))"),
             name="a position that failed low met again"),
        Case(Tree.parse("A(B(C:0 D:3 E:7) F(G(H(I:8 J:9) M(N:9 O:8 P:2)) L(M K:1)))"),
             name="a position that failed high met again"),
        Case(Tree.parse("A:0(B:0(C:0(X:3(Y:1(Ya:2(Yb:1 Yc:9) Yd:6) Z:8(Za:1 Zb:4)) D:5) E:2) X)"), depth=4,
             name="a position met deeper first"),
        *_full()[:3],
        _full()[4],
    )


BATTERIES: dict[str, Any] = {"alphabeta": _full, "negamax": _full, "depth-limited": _depth_limited, "tt": _tables}
"""The built-in batteries by name, each a function making its cases."""
CHANCE_BATTERY_NAMES = ("expectimax", "expectiminimax")
"""The batteries of trees with chance nodes, for an expectimax (:mod:`negaviz.student.chance`)."""


@dataclass(frozen=True)
class Result:
    """One case: the student's run, and how it compares."""

    case: Case
    """The position run."""
    outcome: Outcome
    """The run: its trace, the move it returned, or why it was stopped."""
    report: Report | None
    """The comparison with the reference (None when the run was stopped)."""
    move_wrong: str | None = None
    """Why the move it returned at the root is wrong, or None."""

    @property
    def ok(self) -> bool:
        return self.outcome.stopped is None and self.report is not None and self.report.ok and self.move_wrong is None


@dataclass(frozen=True)
class BatteryReport:
    """The outcome of checking a function on a battery."""

    function: str
    """The function's name (both names for minimax in two functions)."""
    results: tuple[Result, ...]
    """Each case of the battery, in order."""
    mistake: Mistake | None
    """The mistake named (None when passed, or when no mistake of the catalogue explains the runs)."""
    matched: tuple[int, ...] = ()
    """The runs (indices into :attr:`results`) on which the mistake's variant behaves as the function does."""
    minimax: bool = False
    """Whether the function is written as minimax (the words are then minimax's)."""
    conventions: Conventions | None = None
    """The course's conventions it was checked under (None: the lecture notes')."""

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    @property
    def passed(self) -> int:
        """How many runs agree with the reference."""
        return sum(r.ok for r in self.results)

    @property
    def first(self) -> int | None:
        """The first run that does not agree, or None."""
        return next((k for k, r in enumerate(self.results) if not r.ok), None)

    def __str__(self) -> str:
        return self.feedback(hide=False)

    def feedback(self, *, hide: bool = True) -> str:
        """What to tell the student; with ``hide``, hidden cases say nothing of their answers."""
        n = len(self.results)
        c = self.conventions
        under = "" if c is None or c.cut == ">=" else f" ({c.title}'s conventions: a node stops only past β)"
        if self.ok:
            return f"OK: {self.function} agrees with negaviz's reference{under} on all {n} trees of the battery."
        lines = []
        m = self.mistake
        if m is not None:
            how = (f"on all {n} trees of the battery" if len(self.matched) == n
                   else f"where it first goes wrong, and on {len(self.matched)} of the {n} trees")
            lines.append(f"Not yet: {self.function} has a known bug, {m.title}: it behaves as that mistake does {how}.")
            lines.append(m.why_minimax if self.minimax and m.why_minimax else m.why)
        else:
            lines.append(f"Not yet: {self.function} agrees with the reference on {self.passed} of the {n} trees; "
                         "no mistake of the catalogue explains the others, so here is where it first goes wrong.")
        for k, r in enumerate(self.results):
            if not r.ok:
                detail = r.move_wrong if r.move_wrong is not None else str(r.report)
                lines.append(case_line(r.case, k, r.outcome.stopped, hide, detail))
        return "\n".join(lines)

    def stepper(self, **options: Any) -> Any:
        """A stepper on the first failing run's trace, at its first divergence (the last
        run's trace at its end when every run agrees)."""
        k = self.first
        r = self.results[-1 if k is None else k]
        if r.report is not None:
            return r.report.stepper(**options)
        trace = r.outcome.trace
        if trace is None:
            raise InputError("the run was stopped before it made any call: there is nothing to show")
        algorithm: TaughtAlgorithm = "alphabeta" if getattr(trace, "windowed", False) else "negamax"
        return Report(None, trace, trace, algorithm).stepper(**options)  # at the end: where it was stopped


def case_line(case: Case, k: int, stopped: str | None, hide: bool, detail: str) -> str:
    """A failing case (the ``k``-th) as feedback says it: a hidden one says nothing of its
    answers (with ``hide``), a stopped run why it was stopped, else ``detail``, what went wrong."""
    where = case.title(k)
    if hide and case.hidden:
        return f"{where}: {'stopped' if stopped else 'wrong'} (a hidden tree: no details)."
    if stopped is not None:
        return f"{where}: stopped: {stopped}"
    return f"{where}: {detail}"


def cases_of(battery: Any, form: Form) -> tuple[Case, ...]:
    """The cases to run: a battery's name, or a sequence of cases or games."""
    if battery is None:
        battery = "tt" if form.table else "depth-limited" if form.depth else "alphabeta" if form.windowed else "negamax"
    if isinstance(battery, str):
        if battery not in BATTERIES:
            raise InputError(f"unknown battery: {battery!r} (must be one of {[*BATTERIES, *CHANCE_BATTERY_NAMES]}, "
                             "or a list of cases)")
        cases = BATTERIES[battery]()
    elif isinstance(battery, Sequence):
        cases = tuple(c if isinstance(c, Case) else Case(c) for c in battery)
    else:
        raise InputError(f"battery must be a battery's name ({', '.join(BATTERIES)}) or a list of cases, not {battery!r}")
    if not form.depth:
        cases = tuple(c for c in cases if c.depth is None)
    if not cases:
        raise InputError("the battery is empty: give at least one case (a game, or Case(game, depth=...))")
    if len(cases) > MAX_CASES:
        raise InputError(f"the battery has {len(cases)} cases: at most {MAX_CASES} can be checked in a sane time")
    for k, c in enumerate(cases):
        copied(c.game)
        too_large(c, k, form)
    return cases


def too_large(case: Case, k: int, form: Form) -> None:
    """Refuse ``case`` (the ``k``-th) in one line if one of its searches may need more than
    :data:`MAX_NODES` nodes.  Not only negaviz's reference search: a student's search
    without cutoffs, and the catalogue's mistakes it is compared with, search every node
    (to the depth limit), so that is the size that counts.  Each probe stops at the limit,
    so a refusal is quick however large the game."""
    full = search(case.game, case.position, algorithm="negamax", depth=case.depth, max_nodes=MAX_NODES)
    if full.stopped != Stopped.BUDGET:
        return
    reference = ""
    if form.windowed:
        pruned = search(case.game, case.position, algorithm="alphabeta", depth=case.depth, max_nodes=MAX_NODES)
        if pruned.stopped != Stopped.BUDGET:
            reference = f"negaviz's alpha-beta searches {pruned.nodes:,} nodes there, but "
    raise InputError(
        f"{case.title(k)} is too large for a sane time: {reference}a search without cutoffs (a student's, or a "
        f"mistake's) needs more than {MAX_NODES:,} nodes there, and check() searches at most {MAX_NODES:,} "
        "nodes a case; give a smaller tree, a later position or a depth limit"
    )


def _compare(trace: Trace, case: Case, form: Form, conv: Conventions) -> Report:
    """The student's trace against the reference (for a table, also against negaviz's own table)."""
    algorithm: TaughtAlgorithm = "alphabeta" if form.windowed else "negamax"
    options: dict[str, Any] = {} if case.depth is None else {"depth": case.depth}
    report = check(trace, algorithm=algorithm, conventions=conv, **options)
    if not report.ok and form.table and form.windowed:
        other = check(trace, algorithm=algorithm, conventions=conv, tt=True, **options)
        if other.ok:
            return other
    return report


def _move_wrong(outcome: Outcome, case: Case, conv: Conventions | None = None) -> str | None:
    """Why the root move returned is not a best one (under ``conv``'s rule for ties:
    the first of them, or any), or None (also when none was returned)."""
    trace = outcome.trace
    if outcome.move is None or trace is None or not trace.nodes or trace.nodes[0].value is None:
        return None
    game, pos = case.game, case.position
    child_depth = None if case.depth is None else case.depth - 1
    values: dict[Any, float] = {}
    for m in game.moves(pos):
        value = search(game, game.play(pos, m), algorithm="alphabeta", depth=child_depth).value
        assert value is not None
        values[m] = -value
    best = max(values.values())
    first = next(m for m, v in values.items() if v == best)
    if outcome.move in values and values[outcome.move] == best:
        if conv is None or conv.root_move == "any" or outcome.move == first:
            return None
        name = (lambda m: label(game, game.play(pos, m)) if hasattr(game, "preorder") else str(m))
        return (f"the move returned, {name(outcome.move)}, ties the best value, but in this course ({conv.title}) "
                f"the root plays the first move of best value, {name(first)}, as max() does: keep a move only "
                "when it is strictly better than the best so far.")
    good = [label(game, game.play(pos, m)) if hasattr(game, "preorder") else str(m) for m, v in values.items() if v == best]
    got = outcome.move
    shown = label(game, game.play(pos, got)) if got in values and hasattr(game, "preorder") else repr(got)
    return (f"the root's value is right, but the move returned, {shown}, is not a best one "
            f"({' or '.join(good)}): keep the move whose value is the best, not the last one tried.")


def _shape(trace: Trace, windows: bool) -> list[tuple[Any, ...]]:
    """The nodes in the order entered: path, window, ending and value (an inner node's as
    its side of the window, so fail-hard and fail-soft look alike)."""
    paths: dict[int, tuple[Any, ...]] = {}
    out = []
    for n in trace.nodes:
        paths[n.id] = () if n.parent < 0 else paths[n.parent] + (trace.move(n.id),)
        v: Any = n.value
        inner = bool(n.children)
        if inner and v is not None:
            v = "low" if v <= n.alpha else "high" if v >= n.beta else v
        out.append((paths[n.id], (n.alpha, n.beta) if windows else None, inner, v))
    return out


def _alike(outcome: Outcome, variant: Run, m: Mistake, windows: bool) -> bool:
    if outcome.trace is None or outcome.stopped is not None:
        return False
    if "move" in m.needs and outcome.move != variant.move:
        return False
    return _shape(outcome.trace, windows) == _shape(variant.trace, windows)


def _key(d: Divergence | None) -> Any:
    return None if d is None else (d.kind, d.path, repr(d.got))


def check_battery(fn: Any, battery: Any = None, *, max_calls: int = 100_000, seconds: float = 5.0,
                  conventions: Any = None) -> Any:
    """Check ``fn`` (or the pair ``(max_value, min_value)``) on ``battery`` (its name, or a
    list of :class:`Case` or games; default: the battery its form needs) and name its bug,
    under the course's ``conventions`` (see :func:`negaviz.student.check`): a
    :class:`BatteryReport`, or for a chance battery (``"expectimax"``, ``"expectiminimax"``)
    a :class:`~negaviz.student.chance.ChanceReport`."""
    conv = course_conventions(conventions)
    form = form_of(fn)
    if isinstance(max_calls, bool) or not isinstance(max_calls, int) or max_calls < 1:
        raise InputError(f"max_calls must be a whole number of at least 1, not {max_calls!r}")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds >= 0:
        raise InputError(f"seconds must be a number of seconds, 0 or more (0: no time limit), not {seconds!r}")
    if isinstance(battery, str) and battery in CHANCE_BATTERY_NAMES:
        from negaviz.student.chance import check_chance  # it builds on this module's cases

        return check_chance(fn, battery, max_calls=max_calls, seconds=seconds)
    cases = cases_of(battery, form)
    results = []
    for case in cases:
        outcome = execute(form, case.game, case.position, case.depth, max_calls=max_calls, seconds=seconds)
        report = None if outcome.stopped is not None or outcome.trace is None else _compare(outcome.trace, case, form, conv)
        results.append(Result(case, outcome, report, _move_wrong(outcome, case, conv) if outcome.stopped is None else None))
    mistake, matched = _name(form, results, conv)
    return BatteryReport(form.name, tuple(results), mistake, matched, form.minimax, conv)


def _name(form: Form, results: list[Result], conv: Conventions) -> tuple[Mistake | None, tuple[int, ...]]:
    """The mistake that explains the runs, and the runs it explains."""
    if all(r.ok for r in results):
        return None, ()
    returns_move = any(r.outcome.move is not None for r in results)
    have = {"window"} if form.windowed else set()
    have |= {"depth"} if form.depth else set()
    have |= {"table"} if form.table else set()
    have |= {"move"} if returns_move else set()
    possible = [m for m in catalogue(conv.cut) if m.variants and m.needs <= have]
    ran = [k for k, r in enumerate(results) if r.outcome.stopped is None]
    first = next((k for k in ran if not results[k].ok), None)
    found: list[tuple[int, int, int, Mistake, tuple[int, ...]]] = []
    for order, m in enumerate(possible):
        for how in m.variants:
            same: list[int] = []
            wrong_somewhere = False
            first_alike = False
            for k in ran:
                r = results[k]
                try:
                    v = run(how, copied(r.case.game), r.case.position, windowed=form.windowed,
                            depth=(r.case.depth if r.case.depth is not None else FULL_DEPTH) if form.depth else None,
                            table=form.table)
                except (InputError, RecursionError):
                    continue  # this variant cannot search this case (no evaluation where it stops)
                vr = _compare(v.trace, r.case, form, conv)
                v_ok = vr.ok and _move_wrong(Outcome(v.trace, v.move, None), r.case, conv) is None
                wrong_somewhere |= not v_ok
                if _alike(r.outcome, v, m, form.windowed):
                    same.append(k)
                    first_alike |= k == first
                elif k == first and r.report is not None and not v_ok and not r.move_wrong and \
                        _key(r.report.divergence) == _key(vr.divergence):
                    first_alike = True  # goes wrong first where and as the function does
                    same.append(k)
            if not wrong_somewhere or not first_alike:
                continue
            everywhere = len(same) == len(ran)
            found.append((int(everywhere), len(same), -order, m, tuple(same)))
    if not found:
        return None, ()
    found.sort(key=lambda f: f[:3], reverse=True)
    return found[0][3], found[0][4]
