"""Check a student's own expectimax on a battery of trees with chance nodes, and name its bug.

``negaviz.student.check(fn, battery="expectimax")`` (or ``"expectiminimax"``: the trees
where MIN moves too) runs ``fn(game, node)``, written in negamax form (a value for the
side to move; at a chance node, for its ``player``), on every case of the battery, with
the same safety as the alpha-beta batteries (a budget of calls and seconds, a copy of the
game for each run).  Each call is recorded; its value is compared with negaviz's
expectimax at the same position, in the order the function made the calls, and the first
wrong one is named.  The bug is named from the catalogue of mistakes
(:mod:`negaviz.mistakes`: averaging without the probabilities, taking chance for an
opponent, negating an outcome where the turn does not pass, or forgetting to negate where
it does, and the players' own mistakes) when one of its variants gives the same values at
every position the function valued, on every tree.

>>> def expectimax(game, node):
...     if game.is_terminal(node):
...         return game.score(node)
...     outcomes = game.outcomes(node)
...     if outcomes is not None:  # a chance node: the plain average, the classic slip
...         values = [expectimax(game, game.play(node, o)) for o, p in outcomes]
...         sign = [1 if game.player(game.play(node, o)) == game.player(node) else -1 for o, p in outcomes]
...         return sum(s * v for s, v in zip(sign, values)) / len(values)
...     return max(-expectimax(game, game.play(node, m)) for m in game.moves(node))
>>> report = check_chance(expectimax, "expectimax")
>>> report.ok, report.mistake.id
(False, 'chance-average')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from negaviz.errors import InputError
from negaviz.games.dice import DiceRace
from negaviz.games.protocol import label
from negaviz.games.tree import Tree
from negaviz.mistakes import MISTAKES, How, Mistake, run
from negaviz.student.battery import Case, case_line
from negaviz.student.runner import FULL_DEPTH, Outcome, copied, execute, form_of
from negaviz.trace.trace import Trace
from negaviz.vocabulary import fmt

__all__ = ["ChanceReport"]

TOLERANCE = 1e-9
"""How far a value may be from the reference's and still be right (sums of fractions)."""


def _seeded(seed: int, players: int) -> Tree:
    """A random tree with chance nodes (probabilities in sixths, leaves 0..9), the same for the same seed."""
    rng = random.Random(seed)
    names = iter([*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", *(a + b for a in "ABCDEFGH" for b in "abcdefghijklmnopqrstuvwxyz")])

    def node(d: int, chance: bool) -> str:
        me = next(names)
        if d == 3:
            return f"{me}:{rng.randint(0, 9)}"
        n = rng.randint(2, 3)
        kids = [node(d + 1, not chance) for _ in range(n)]
        if not chance:
            return f"{me}({' '.join(kids)})"
        cuts = sorted(rng.sample(range(1, 6), n - 1))
        sixths = [b - a for a, b in zip([0, *cuts], [*cuts, 6])]
        return f"{me}?(" + " ".join(f"{s}/6 {k}" for s, k in zip(sixths, kids)) + ")"

    return Tree.parse(node(0, False), players=players)


def _cases(minimax_only: bool) -> tuple[Case, ...]:
    with_min = (
        Case(Tree.parse("A(B?(1/3 D(H:2 I:6) 2/3 E(J:5 K:8)) C?(1/2 F(L:9 M:1) 1/2 G(N:6 O:4)))"),
             name="a die before MIN's move"),
        Case(Tree.parse("A(B?(1/4 D:8 3/4 E:0) C?(1/2 F:3 1/2 G:3))"), name="a loaded die"),
        Case(DiceRace("2 2 3"), name="the dice race"),
        Case(_seeded(3, 2), hidden=True),
    )
    if minimax_only:
        return with_min
    one_player = (
        Case(Tree.parse("A(B?(1/2 D:0 1/2 E:10) C?(1/2 F:4 1/2 G:4))", players=1), name="the gamble"),
        Case(Tree.parse("A(B?(1/2 D(H:1 I:3) 1/2 E(J:2 K:0)) C?(1/3 F(L:4 M:0) 2/3 G(N:1 O:1)))", players=1),
             name="chance takes the opponent's turn"),
        Case(_seeded(8, 1), hidden=True),
    )
    return with_min[:2] + one_player[:2] + with_min[2:] + one_player[2:]


CHANCE_BATTERIES = {"expectimax": lambda: _cases(False), "expectiminimax": lambda: _cases(True)}
"""The chance batteries by name: every tree, or only those where MIN moves too."""


@dataclass(frozen=True)
class ChanceResult:
    """One case: the student's run, and its first wrong value."""

    case: Case
    outcome: Outcome
    wrong: tuple[str, float, float] | None
    """Where its first wrong value is (the node's name), the value it gave and the right one."""

    @property
    def ok(self) -> bool:
        return self.outcome.stopped is None and self.wrong is None


@dataclass(frozen=True)
class ChanceReport:
    """The outcome of checking an expectimax on a chance battery."""

    function: str
    battery: str
    results: tuple[ChanceResult, ...]
    mistake: Mistake | None
    """The mistake named, or None (passed, or no mistake of the catalogue explains the runs)."""
    matched: tuple[int, ...] = ()

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    @property
    def passed(self) -> int:
        return sum(r.ok for r in self.results)

    def __str__(self) -> str:
        return self.feedback(hide=False)

    def feedback(self, *, hide: bool = True) -> str:
        """What to tell the student; with ``hide``, hidden cases say nothing of their answers."""
        n = len(self.results)
        if self.ok:
            return f"OK: {self.function} agrees with negaviz's expectimax at every node of all {n} trees of the battery."
        lines = []
        m = self.mistake
        if m is not None:
            how = f"on all {n} trees" if len(self.matched) == n else f"on the {len(self.matched)} of the {n} trees it finished"
            lines.append(f"Not yet: {self.function} has a known bug, {m.title}: it behaves as that mistake does {how}.")
            lines.append(m.why)
        else:
            lines.append(f"Not yet: {self.function} agrees with negaviz's expectimax on {self.passed} of the {n} trees; "
                         "no mistake of the catalogue explains the others, so here is where it first goes wrong.")
        for k, r in enumerate(self.results):
            if not r.ok:
                detail = ""
                if r.wrong is not None:
                    node, got, want = r.wrong
                    detail = f"at {node}, it returned {fmt(got)} where expectimax gives {fmt(want)} (for the side to move there)."
                lines.append(case_line(r.case, k, r.outcome.stopped, hide, detail))
        return "\n".join(lines)


def _by_path(trace: Trace) -> list[tuple[tuple[Any, ...], float]]:
    """Every node's path of moves from the root and the value it returned, in the order
    they returned (so the first wrong one is where the function first went wrong)."""
    paths: dict[int, tuple[Any, ...]] = {}
    out = []
    for n in trace.nodes:
        paths[n.id] = () if n.parent < 0 else paths[n.parent] + (trace.move(n.id),)
        if n.value is not None:
            out.append((n.exit_step, paths[n.id], float(n.value)))
    return [(path, value) for _, path, value in sorted(out, key=lambda t: t[0])]


def _name_of(case: Case, path: tuple[Any, ...]) -> str:
    """How a report names the node at ``path``: a tree's label, else the moves to it."""
    game, pos = case.game, case.position
    for m in path:
        pos = game.play(pos, m)
    if isinstance(game, Tree):
        return label(game, pos)
    return "the root" if not path else "the position after " + " ".join(str(m) for m in path)


def _first_wrong(values: list[tuple[tuple[Any, ...], float]], right: dict[tuple[Any, ...], float]) -> tuple[Any, ...] | None:
    return next((p for p, v in values if p in right and abs(v - right[p]) > TOLERANCE), None)


def _alike(values: list[tuple[tuple[Any, ...], float]], variant: dict[tuple[Any, ...], float]) -> bool:
    return all(p in variant and abs(v - variant[p]) <= TOLERANCE for p, v in values)


def check_chance(fn: Any, battery: str, *, max_calls: int = 100_000, seconds: float = 5.0) -> ChanceReport:
    """Check ``fn`` on the chance battery ``battery`` and name its bug."""
    form = form_of(fn)
    if len(form.fns) != 1 or form.windowed or form.table or {"maximizing", "colour"} & set(form.roles):
        raise InputError(
            f"battery {battery!r} checks an expectimax written in negamax form, {form.name}(game, node), or with a "
            "depth; not a window (star1), a table, a colour or a maximizing flag yet"
        )
    cases = CHANCE_BATTERIES[battery]()
    depth = FULL_DEPTH if form.depth else None
    results = []
    valued: list[list[tuple[tuple[Any, ...], float]] | None] = []
    rights: list[dict[tuple[Any, ...], float]] = []
    for case in cases:
        right = dict(_by_path(run(How(), copied(case.game), case.position, windowed=False, depth=depth).trace))
        rights.append(right)
        outcome = execute(form, case.game, case.position, case.depth, max_calls=max_calls, seconds=seconds)
        if outcome.stopped is not None or outcome.trace is None:
            results.append(ChanceResult(case, outcome, None))
            valued.append(None)
            continue
        values = _by_path(outcome.trace)
        valued.append(values)
        bad = _first_wrong(values, right)
        wrong = None if bad is None else (_name_of(case, bad), dict(values)[bad], right[bad])
        results.append(ChanceResult(case, outcome, wrong))
    mistake, matched = _name(form, cases, valued, rights, results, depth)
    return ChanceReport(form.name, battery, tuple(results), mistake, matched)


def _name(form: Any, cases: tuple[Case, ...], valued: list[Any], rights: list[dict[tuple[Any, ...], float]],
          results: list[ChanceResult], depth: int | None) -> tuple[Mistake | None, tuple[int, ...]]:
    """The mistake whose variant gives the function's values at every node it valued, on
    every tree it finished (a bug that matches on some trees only is not named), and those trees."""
    if all(r.ok for r in results):
        return None, ()
    have = {"chance"} | ({"depth"} if form.depth else set())
    ran = [k for k, values in enumerate(valued) if values is not None]
    best: tuple[int, Mistake | None, tuple[int, ...]] = (0, None, ())
    for m in MISTAKES:
        if not m.variants or not m.needs <= have or "window" in m.needs:
            continue
        for how in m.variants:
            same = []
            for k, (case, values) in enumerate(zip(cases, valued)):
                if values is None:
                    continue
                variant = dict(_by_path(run(how, copied(case.game), case.position, windowed=False, depth=depth).trace))
                if _alike(values, variant) and (results[k].ok or _first_wrong(values, rights[k]) is not None):
                    same.append(k)
            wrong_somewhere = any(not results[k].ok for k in same)
            if same == ran and wrong_somewhere and len(same) > best[0]:
                best = (len(same), m, tuple(same))
    return best[1], best[2]
