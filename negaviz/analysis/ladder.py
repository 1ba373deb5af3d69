"""The enhancement ladder: one position searched with more and more switched on.

Each rung adds to the rungs before it: plain negamax, then alpha-beta, move ordering, a
transposition table, symmetry, threat search and value bounds (where the game has the
verbs they need); the last rungs swap the algorithm (PVS, MTD(f), iterative deepening)
on top of every enhancement so far.  A row per rung says what the search cost; every
rung must find the same value, or :class:`ValueMismatch` is raised.

The ladder runs its searches through :func:`negaviz.search` (the search layer), with a
small observer that notes only how deep each search went, for the effective branching
factor (:func:`negaviz.analysis.stats.solve_branching`, as
:func:`~negaviz.analysis.stats.effective_branching_factor` computes it from a trace):
recording every event of a half-million-node negamax would cost far more than the search.

Only some steps are sure to cost less.  Alpha-beta never visits more than negamax in
the same move order, and no rung that searches once with alpha-beta (up to ``+bounds``)
visits more than negamax, since each visits every line of play at most once.  The rest
usually help but need not: a heuristic order can be worse than the natural one on some
position (tic-tac-toe ``.xo/..o/xox``: 12 nodes, then 14), PVS searches again the moves
whose null window fails high, and MTD(f) and iterative deepening search the root again.

>>> import negaviz
>>> table = ladder(negaviz.TicTacToe("x.o/x../o.."))
>>> table.column("name")[:3], table.column("nodes")
(['negamax', 'alphabeta', '+order threats+heuristic'], [174, 67, 22, 22, 22, 6, 6, 6, 7, 12])
>>> set(table.column("value")), round(table.column("ratio")[1], 3)  # alpha-beta: 67 / 174
({1}, 0.385)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple, Sequence

from negaviz.analysis.stats import Table, solve_branching
from negaviz.errors import InputError, NegavizError, SearchInterrupted
from negaviz.games.protocol import VALUE_VERBS, has_verb
from negaviz.search.events import LEAF_BATCH, RETURN_BATCH, EventKind
from negaviz.search.options import SearchOptions
from negaviz.search.result import SearchResult, Stopped
from negaviz.vocabulary import check_flag, check_text, shown


__all__ = ["ladder", "climb", "tabulate", "Step", "DEFAULT_STEPS", "ValueMismatch"]


@dataclass(frozen=True)
class Step:
    """One rung of a ladder: the options it switches on, and what the game needs for them."""

    name: str
    """The row's name."""
    options: Mapping[str, Any]
    """Search options (keywords of :class:`SearchOptions`) this rung sets."""
    needs: tuple[str, ...] = ()
    """Game verbs the options need; ``"order|evaluate"`` means either will do."""
    cumulative: bool = True
    """True: later rungs keep these options.  False: this rung is an alternative tried on
    top of the rungs before it (e.g. another algorithm), and later rungs drop it."""
    fallback: Step | None = field(default=None, repr=False)
    """Tried instead when the game lacks a verb this step needs."""

    def __post_init__(self) -> None:
        check_text(self.name, "name")
        if not isinstance(self.options, Mapping):
            raise InputError(f"options must be a mapping of search options, e.g. {{'tt': True}}, not {shown(self.options)}")
        if isinstance(self.needs, str) or not isinstance(self.needs, (tuple, list)) or not all(
                isinstance(n, str) for n in self.needs):
            raise InputError(f"needs must be a tuple of game verbs, e.g. ('evaluate',), not {shown(self.needs)}")
        check_flag(self.cumulative, "cumulative")
        if self.fallback is not None and not isinstance(self.fallback, Step):
            raise InputError(f"fallback must be a Step or None, not {shown(self.fallback)}")


def _check_steps(steps: Any) -> None:
    if isinstance(steps, (str, bytes)) or not isinstance(steps, Sequence) or not all(isinstance(s, Step) for s in steps):
        raise InputError(f"steps must be a sequence of Step (e.g. DEFAULT_STEPS), not {shown(steps)}")


_HEURISTIC = Step("+order heuristic", {"order": "heuristic"}, ("order|evaluate",))
DEFAULT_STEPS: tuple[Step, ...] = (
    Step("negamax", {"algorithm": "negamax"}),
    Step("alphabeta", {"algorithm": "alphabeta"}),
    Step(
        "+order threats+heuristic", {"order": "threats+heuristic"}, ("threats", "order|evaluate"), fallback=_HEURISTIC,
    ),
    Step("+tt", {"tt": True}),
    Step("+symmetry", {"symmetry": True}, ("symmetries",)),
    Step("+forced", {"forced": True}, ("threats",)),
    Step("+bounds", {"bounds": True}, ("value_bounds",)),
    Step("pvs", {"algorithm": "pvs"}, cumulative=False),
    Step("mtdf", {"algorithm": "mtdf"}, cumulative=False),
    Step("id", {"algorithm": "id"}, ("evaluate",), cumulative=False),
)
"""Plain negamax, then alpha-beta with each enhancement added in turn, then PVS, MTD(f)
and iterative deepening with all of them."""

LADDER_COLUMNS = ("name", "nodes", "leaves", "cutoffs", "tt_hits", "value", "ebf", "ratio", "note")
"""The ladder table's columns, from each search's :class:`SearchResult` (``leaves`` as the
search counts them: nodes valued without trying a move, by score, evaluation or value
bounds); ``ebf`` is the effective branching factor, ``ratio`` nodes over the first
rung's nodes, and ``note`` says why a rung was skipped (its numbers are then None)."""


class ValueMismatch(NegavizError, AssertionError):
    """Two rungs of a ladder found different values: one of the searches is wrong."""


class Rung(NamedTuple):
    """One rung as climbed."""

    name: str
    """The step's name (its fallback's, if that was used)."""
    options: SearchOptions | None
    """The options searched with; None if the rung was skipped."""
    result: SearchResult | None
    """What the search found; None if the rung was skipped."""
    depth: int | None
    """The deepest depth the search reached (the root is 0)."""
    note: str
    """Why the rung was skipped, else ''."""


class _Deepest:
    """Observer that keeps only the deepest depth entered."""

    def __init__(self) -> None:
        self.depth = -1
        self.deepest = -1

    def expand(self, moves: Sequence[Any]) -> None:
        pass

    batched = True
    """Takes the search's batches (see :mod:`negaviz.search.events`)."""

    def emit(self, batch: tuple[Any, ...]) -> None:
        n = len(batch)
        if n >= LEAF_BATCH:  # a leaf one below the current node, entered, valued and reported
            if self.depth + 1 > self.deepest:
                self.deepest = self.depth + 1
            return
        kind = batch[0]
        if n >= RETURN_BATCH:  # a node returned, then its parent's report; or a terminal root
            if kind == _ENTER:
                self.deepest = max(self.deepest, self.depth + 1)
            else:
                self.depth -= 1
            return
        if kind == _ENTER:
            self.depth += 1
            if self.depth > self.deepest:
                self.deepest = self.depth
        elif kind in _RETURNS:
            self.depth -= 1


_ENTER = EventKind.ENTER.value
_RETURNS = frozenset({EventKind.LEAF.value, EventKind.EVAL.value, EventKind.EXIT.value})


def _missing(game: Any, needs: Sequence[str]) -> str:
    """The needs (verb names, ``a|b`` for either) the game does not meet, as text
    (``threats()``, ``order() or evaluate()``, ``max_score``); '' if it meets them all."""
    unmet = [need for need in needs if not any(has_verb(game, verb) for verb in need.split("|"))]
    return " and ".join(
        " or ".join(verb if verb in VALUE_VERBS else f"{verb}()" for verb in need.split("|")) for need in unmet
    )


def climb(game: Any, position: Any = None, steps: Sequence[Step] = DEFAULT_STEPS) -> list[Rung]:
    """Search ``position`` (default: the game's root) once per step; see :func:`ladder`.

    A step whose verbs the game lacks (and whose fallback, if any, it lacks too) is
    skipped with a note, as is one whose search the game cannot answer (an
    :class:`InputError`, e.g. a textbook tree with no heuristic values to order by);
    later cumulative steps then go on without it.
    """
    _check_steps(steps)
    from negaviz.search import check_game, search  # the search layer, imported when used

    check_game(game)
    if not steps:
        raise InputError("a ladder needs at least one step, e.g. ladder(game, steps=DEFAULT_STEPS)")
    base: dict[str, Any] = {}
    rungs: list[Rung] = []
    for step in steps:
        chosen: Step | None = step
        missing = ""
        while chosen is not None and _missing(game, chosen.needs):
            missing = missing or _missing(game, chosen.needs)  # the first wish is the one to report
            chosen = chosen.fallback
        if chosen is None:
            rungs.append(Rung(step.name, None, None, None, f"skipped: {type(game).__name__} has no {missing}"))
            continue
        options = SearchOptions.of({**base, **chosen.options})
        deepest = _Deepest()
        try:
            result = search(game, position, options=options, observer=deepest)
        except InputError as exc:
            rungs.append(Rung(chosen.name, None, None, None, f"skipped: {exc}"))
            continue
        if result.stopped == Stopped.INTERRUPTED:
            raise SearchInterrupted(result)
        if result.stopped is not None:  # a step's own max_nodes ran out: no value to compare
            note = f"skipped: stopped by its node budget ({result.nodes:,} nodes)"
            rungs.append(Rung(chosen.name, None, None, None, note))
            continue
        rungs.append(Rung(chosen.name, options, result, deepest.deepest, ""))
        if chosen.cumulative:
            base.update(chosen.options)
    found = [(r.name, r.result.value) for r in rungs if r.result is not None]
    if any(value != found[0][1] for _, value in found):
        shown = ", ".join(f"{name}: {value}" for name, value in found)
        raise ValueMismatch(f"the rungs of the ladder disagree on the value ({shown}): a search is wrong")
    return rungs


def ladder(game: Any, position: Any = None, steps: Sequence[Step] = DEFAULT_STEPS) -> Table:
    """The enhancement ladder of ``position`` as a :class:`~negaviz.analysis.Table`, one
    row per step (columns :data:`LADDER_COLUMNS`).

    Raises :class:`ValueMismatch` if two rungs find different values.
    """
    return tabulate(climb(game, position, steps))


def tabulate(rungs: Sequence[Rung]) -> Table:
    """The table :func:`ladder` makes of the rungs :func:`climb` climbed."""
    if isinstance(rungs, (str, bytes)) or not isinstance(rungs, Sequence) or not all(isinstance(r, Rung) for r in rungs):
        raise InputError(f"rungs must be the list climb() returns, not {shown(rungs)}")
    plain = next((r.result.nodes for r in rungs if r.result is not None), None)
    rows: list[tuple[Any, ...]] = []
    for r in rungs:
        res = r.result
        if res is None or r.depth is None:
            rows.append((r.name, None, None, None, None, None, None, None, r.note))
            continue
        ebf = solve_branching(res.nodes, r.depth) if r.depth >= 0 else None
        ratio = res.nodes / plain if plain else None
        rows.append((r.name, res.nodes, res.leaves, res.cutoffs, res.tt_hits, res.value, ebf, ratio, r.note))
    return Table(LADDER_COLUMNS, tuple(rows))
