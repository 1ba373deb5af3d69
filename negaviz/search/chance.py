"""Searching games with chance nodes: expectimax and Ballard's Star1.

A chance node (a dice roll) is valued by its outcomes' expected value; a player's node
as negamax values it, the best of its children's values negated.  Values are for the
side to move, as everywhere in negaviz; at a chance node, for the player its
``player(pos)`` names (the next to roll and move, or the opponent whose turn chance
takes).  An outcome that hands the turn over has its value negated on the way up, as a
player's child has.

* ``expectimax`` searches every node (AIMA's expectiminimax when the opponent moves
  too; CS188's expectimax when chance takes the opponent's turn).
* ``star1`` is alpha-beta at the players' nodes and, at a chance node, Ballard's Star1
  (1983): with every leaf's value in ``[L, U]``, the outcomes searched so far and the
  bound for the rest decide whether the node's value can still fall inside the window;
  each outcome is searched with the window that would still matter, and the node stops
  (a cutoff) as soon as its value is proved at least β or at most α.  Every leaf's value
  must lie in the bounds; one outside them is refused, as it would make the cut wrong.

The events are the core's (:mod:`negaviz.search.events`), one at a time, and two more:
``CHANCE`` after a chance node's ``ENTER``, and ``OUTCOME`` for each outcome's return.
A depth limit counts every level, chance levels included.  This search is its own
recursion rather than a switch of the core's: a chance node sums where the core takes a
maximum, and the core's batching and narrowed numbers (small ints) do not fit weighted
sums.  It has no table, symmetry or threats (refused by :class:`SearchOptions`).
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Any, Callable

from negaviz.errors import InputError, too_deep
from negaviz.games.protocol import Game, evaluator, max_score_of, player, restore, verb
from negaviz.search.core import RawResult, _checked, _where, _refuse_turns
from negaviz.search.events import Bound, CutReason, EventKind
from negaviz.search.observer import SearchObserver, hooks
from negaviz.search.options import SearchOptions
from negaviz.search.ordering import orderer
from negaviz.search.result import Stopped

INF = math.inf
_E = EventKind
ENTER, LEAF, EVAL, CHILD, BEST, CUTOFF, EXIT, CHANCE, OUTCOME = (
    float(k) for k in (_E.ENTER, _E.LEAF, _E.EVAL, _E.CHILD, _E.BEST, _E.CUTOFF, _E.EXIT, _E.CHANCE, _E.OUTCOME)
)
EXACT, LOWER, UPPER = Bound.EXACT.value, Bound.LOWER.value, Bound.UPPER.value
PROBABILITY_TOLERANCE = 1e-9
"""How far from 1 a chance position's probabilities may sum."""


class _BudgetSpent(Exception):
    """The node budget is used up."""


def has_chance(game: object) -> bool:
    """Whether ``game`` may have chance positions: it has ``outcomes`` and does not say
    ``has_chance = False`` (a textbook tree says whether it has a chance node)."""
    return verb(game, "outcomes") is not None and bool(getattr(game, "has_chance", True))


def leaf_bounds(game: Game, options: SearchOptions) -> tuple[float, float]:
    """The bounds star1 works with, for the player to move at the root: the options',
    else the game's ``[-max_score, max_score]``; none is an InputError."""
    if options.leaf_bounds is not None:
        return options.leaf_bounds
    top = max_score_of(game)
    if top is None:
        raise InputError(
            f"star1 prunes at chance nodes only with bounds on every leaf's value, and {type(game).__name__} has no "
            "max_score: give them, e.g. leaf_bounds=(0, 10) (--leaf-bounds 0 10), or search with 'expectimax'"
        )
    return (-top, top)


def _plain(x: Any) -> Any:
    """A value as the trace and the result hold it: a fraction as an int when whole, else
    as a float (the search sums exactly while the probabilities are fractions)."""
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else float(x)
    return x


def _outcomes(game: Game, pos: Any, found: Any) -> list[tuple[Any, Any]]:
    """A chance position's outcomes as ``(outcome, probability)``, checked."""
    where = _where(game, pos)
    name = f"{type(game).__name__}.outcomes()"
    try:
        pairs = list(found)
    except TypeError:
        raise InputError(f"{name} returned {found!r:.40} at chance position {where!r}: it must return a list of "
                         "(outcome, probability) pairs, or None where a player moves") from None
    if not pairs:
        raise InputError(f"{name} returned no outcome at chance position {where!r}: a chance position needs at least one")
    out = []
    for item in pairs:
        if not isinstance(item, tuple) or len(item) != 2:
            raise InputError(f"{name} gave {item!r:.40} at chance position {where!r}: each outcome is a pair "
                             "(outcome, probability)")
        outcome, p = item
        if isinstance(p, bool) or not isinstance(p, numbers.Real) or not 0 <= float(p) <= 1:  # NaN fails both tests
            raise InputError(f"{name} gave outcome {outcome!r:.30} the probability {p!r:.30} at chance position "
                             f"{where!r}: a probability is a number from 0 to 1")
        out.append((outcome, p if isinstance(p, (int, Fraction)) else float(p)))  # fractions stay exact
    total = math.fsum(float(p) for _, p in out)
    if abs(total - 1) > PROBABILITY_TOLERANCE:
        raise InputError(f"{name}'s probabilities sum to {total:.12g} at chance position {where!r}, not 1 "
                         f"(within {PROBABILITY_TOLERANCE:g})")
    return out


def run_chance(game: Game, root: Any, options: SearchOptions, observer: SearchObserver | None = None) -> RawResult:
    """One search of ``root`` by ``options.algorithm`` (``expectimax`` or ``star1``)."""
    _refuse_turns(game, options.algorithm)
    moves, play, is_terminal, score = game.moves, game.play, game.is_terminal, game.score
    outcomes = verb(game, "outcomes")
    evaluate = evaluator(game)
    if options.depth is not None and evaluate is None:
        raise InputError(
            f"a depth limit needs an evaluation, and {type(game).__name__} has no evaluate() (search without --depth)"
        )
    order = orderer(game, options.order)
    star = options.algorithm == "star1"
    low, high = leaf_bounds(game, options) if star else (-INF, INF)
    first = player(game, root)
    emit: Callable[[tuple[Any, ...]], object] | None = None
    expand: Callable[[Any], object] | None = None
    if observer is not None:
        emit, expand, *_ = hooks(observer)
    limit = options.max_nodes if options.max_nodes is not None else 1 << 62
    counts = {"nodes": 0, "leaves": 0, "cutoffs": 0, "evaluations": 0}

    def count() -> None:
        counts["nodes"] += 1
        if counts["nodes"] > limit:
            raise _BudgetSpent

    def valued(v: Any, method: str, pos: Any, side: int) -> Any:
        if type(v) is not int and (type(v) is not float or v != v):
            v = _checked(game, method, pos, v)
        if star:
            mine = v if side == 0 else -v
            if not low <= mine <= high:
                raise InputError(
                    f"{type(game).__name__}.{method}() gave {mine!r} (for the player to move at the root) at position "
                    f"{_where(game, pos)!r}, outside the leaf bounds [{low}, {high}] star1 prunes with: give bounds "
                    "that every leaf's value respects"
                )
        return v

    def search(pos: Any, index: int, depth: int, alpha: float, beta: float, side: int) -> tuple[float, Any]:
        """The value of ``pos`` for its side to move (``side`` 0: the root's player), and
        its principal variation as a linked ``(move, rest)`` (None below a chance node)."""
        if emit:
            emit((ENTER, index, alpha, beta))
        if is_terminal(pos):
            v = valued(score(pos), "score", pos, side)
            counts["leaves"] += 1
            if emit:
                emit((LEAF, v))
            return v, None
        if depth == 0:
            v = valued(evaluate(pos), "evaluate", pos, side)  # type: ignore[misc]
            counts["leaves"] += 1
            counts["evaluations"] += 1
            if emit:
                emit((EVAL, v))
            return v, None
        found = outcomes(pos) if outcomes is not None else None
        if found is not None:
            return chance(pos, _outcomes(game, pos, found), depth, alpha, beta, side), None
        ms = list(moves(pos))
        if not ms:
            raise InputError(f"{type(game).__name__}.moves() returned no moves at non-terminal position "
                             f"{_where(game, pos)!r}")
        if order is not None:
            ms = list(order(pos, ms))
        if expand:
            expand(ms)
        alpha0, best, best_pv = alpha, -INF, None
        for i, m in enumerate(ms):
            count()
            v, pv = search(play(pos, m), i, depth - 1, -beta, -alpha, 1 - side)
            v = -v
            if v > best:
                best, best_pv = v, (m, pv)
                if star and v > alpha:
                    alpha = v
                if emit:
                    emit((BEST, v, alpha))
                if star and alpha >= beta:
                    if i + 1 < len(ms):
                        counts["cutoffs"] += 1
                        if emit:
                            emit((CUTOFF, CutReason.BETA))
                    break
            elif emit:
                emit((CHILD, v))
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        if emit:
            emit((EXIT, best, flag))
        return best, best_pv

    def chance(pos: Any, pairs: list[tuple[Any, Any]], depth: int, alpha: float, beta: float, side: int) -> float:
        mover = player(game, pos)
        if mover != first ^ side:
            raise InputError(
                f"chance position {_where(game, pos)!r} of {type(game).__name__} has player() {mover}, the player who "
                "just moved: a chance position's player is the one whose view its expected value is in, the next to "
                "move after the roll, or the opponent whose turn chance takes (player() must change with every move)"
            )
        children = [play(pos, o) for o, _ in pairs]
        turns = {player(game, c) != mover for c in children}
        if len(turns) > 1:
            raise InputError(
                f"the outcomes of chance position {_where(game, pos)!r} leave different players to move: each "
                f"outcome of one chance position must hand the turn over, or none may"
            )
        turn = turns.pop()
        lo, hi = (low, high) if side == 0 else (-high, -low)  # the outcomes' bounds, seen from here
        if emit:
            emit((CHANCE, lo, hi, 1 if turn else 0))
        if expand:
            expand([o for o, _ in pairs])
        exact = all(isinstance(p, (int, Fraction)) for _, p in pairs)
        rest: list[Any] = [sum((p for _, p in pairs[i:]), Fraction(0)) if exact else math.fsum(p for _, p in pairs[i:])
                           for i in range(len(pairs))] + [0]
        total: Any = Fraction(0) if exact else 0.0
        value, flag = None, EXACT
        for i, ((_, p), child) in enumerate(zip(pairs, children)):
            count()
            a, b = lo, hi
            if star and p > 0:  # the window in which this outcome's value still decides the node
                a = max(lo, (alpha - total - rest[i + 1] * hi) / p)
                b = min(hi, (beta - total - rest[i + 1] * lo) / p)
                a = min(a, b)  # a <= b in exact arithmetic; rounding may cross them by an ulp
            elif not star:
                a, b = -INF, INF
            v, _ = search(child, i, depth - 1, _plain(-b if turn else a), _plain(-a if turn else b),
                          side ^ (1 if turn else 0))
            v = -v if turn else v
            total += p * (Fraction(v) if exact and isinstance(v, float) and v.is_integer() else v)
            if emit:
                emit((OUTCOME, _plain(v), float(p), _plain(total)))
            if star:
                least, most = total + rest[i + 1] * lo, total + rest[i + 1] * hi
                if least >= beta or most <= alpha:
                    value, flag = (least, LOWER) if least >= beta else (most, UPPER)
                    if least == most:  # nothing left to search: the value is the sum, itself a bound
                        value = total
                    if i + 1 < len(pairs):
                        counts["cutoffs"] += 1
                        if emit:
                            emit((CUTOFF, CutReason.HIGH if flag == LOWER else CutReason.LOW))
                    break
        if value is None:
            value = total
        value = _plain(value)
        if emit:
            emit((EXIT, value, flag))
        return value

    stopped: Stopped | None = None
    value: float | None = None
    pv: Any = None
    alpha, beta = options.window
    try:
        count()
        value, pv = search(root, 0, options.depth if options.depth is not None else 1 << 30, alpha, beta, 0)
    except _BudgetSpent:
        stopped, pv = Stopped.BUDGET, None
    except KeyboardInterrupt:
        stopped, pv = Stopped.INTERRUPTED, None
    except RecursionError:
        raise too_deep(game) from None
    finally:
        restore(game)
    line = []
    while pv is not None:
        line.append(pv[0])
        pv = pv[1]
    return RawResult(
        value, tuple(line), min(counts["nodes"], limit), counts["leaves"], counts["cutoffs"], 0,
        counts["evaluations"], stopped, None,
    )
