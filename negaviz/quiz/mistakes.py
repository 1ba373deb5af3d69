"""The well-known mistakes students make in alpha-beta, each recorded as a search.

Each mistake is a short recursive function as a student might write it, with one
line wrong, recorded by :func:`negaviz.student.trace_calls` like any student's own
code (or negaviz's own search with another option: plain negamax for "a bound taken as
exact", the other of fail-hard and fail-soft for "mixing them up").  In a fail-soft
search any equally valid bound is accepted, fail-hard's included, so mixing them up is
a mistake only where the search is fail-hard.  The answers
that search gives are the answers a student holding that misconception gives, so the
grader can recognise them (:mod:`negaviz.quiz.grade`).  Nothing here is shown to the
student as a search: these traces exist only to be compared with.

They are made for games searched to the end, in the game's own move order, from the
full window: the exercises students practise on.

>>> from negaviz import Tree, record
>>> tree = Tree.parse("A(B(D:7 E:5) C(F:5 G:1 H:9))")
>>> right = record(tree, algorithm="alphabeta")
>>> right.pruned_labels()
['G', 'H']
>>> variants = recorded(right)
>>> variants["equality"].pruned_labels()   # F's 5 only equals beta: this student tries G too
['H']
>>> [m.id for m in MISTAKES]
['negation', 'equality', 'window', 'bound', 'hardness', 'continue']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from negaviz.games.protocol import is_textbook_tree
from negaviz.trace.trace import Trace

__all__ = ["MISTAKES"]


@dataclass(frozen=True)
class Mistake:
    """A misconception the grader can name."""

    id: str
    """A short key: ``negation``, ``equality``, ``window``, ``bound``, ``hardness``, ``continue``."""
    title: str
    """Its name, as the student is told it."""
    why: str
    """The rule it breaks, in one sentence."""


MISTAKES: tuple[Mistake, ...] = (
    Mistake("negation", "mixing up the two views",
            "In negamax every value is for the side to move, so a child's value is negated on the way up; "
            "in minimax every value is for the first player, and nothing is negated."),
    Mistake("equality", "not cutting on equality",
            "A node stops as soon as its value reaches β, equal included: once α ≥ β nothing left can matter."),
    Mistake("window", "not swapping the window",
            "A child is searched with its parent's window negated and swapped, (−β, −α), not negated alone."),
    Mistake("bound", "taking a bound for an exact value",
            "After a cutoff a node's value is only a bound: its exact value would need the moves alpha-beta skips."),
    Mistake("hardness", "mixing up fail-hard and fail-soft",
            "A fail-hard search clamps what an inner node returns into its window; a fail-soft one returns the best "
            "value it found, which may lie outside it. Leaves are exact in both."),
    Mistake("continue", "going on after a cutoff",
            "Once a node's value reaches β its remaining moves are never tried, and their subtrees have no values."),
)
"""Every mistake, in the order the grader tries them."""

_BY_ID = {m.id: m for m in MISTAKES}


def mistake(key: str) -> Mistake:
    """The mistake called ``key``."""
    return _BY_ID[key]


def searchable(trace: Trace) -> bool:
    """Whether the variant searches can be recorded for ``trace``: a textbook tree
    searched to the end in its own order from the full window, by negamax or alpha-beta."""
    result = trace.result
    if result is None or trace.game is None or not is_textbook_tree(trace.game):
        return False
    o = result.options
    return (o.algorithm in ("negamax", "minimax", "alphabeta") and o.depth is None and o.order == "natural"
            and not o.tt and not o.symmetry and o.window == (-math.inf, math.inf))


def recorded(trace: Trace) -> dict[str, Trace]:
    """The traces of the variant searches a mistake makes, keyed by mistake id (the
    view mistake ``negation`` needs no search, and is not here).  Empty unless
    :func:`searchable`."""
    if not searchable(trace):
        return {}
    from negaviz.trace import record  # the recorder: quiz sits above search and trace

    game = trace.game
    hard = trace.result is not None and trace.result.options.fail_hard
    return {
        "equality": _student(game, hard, cut=lambda a, b: a > b),
        "window": _student(game, hard, swap=False),
        "bound": record(game, algorithm="negamax"),
        "hardness": record(game, algorithm="alphabeta", fail_hard=not hard),
        "continue": _student(game, hard, cut=lambda a, b: False),
    }


def _student(game: Any, hard: bool, *, cut: Callable[[float, float], bool] = lambda a, b: a >= b,
             swap: bool = True) -> Trace:
    """A student's alpha-beta (fail-hard if ``hard``) with one thing changed, recorded."""
    from negaviz.student import trace_calls

    @trace_calls(game, position="pos", alpha="alpha", beta="beta")
    def alphabeta(pos: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(pos):
            return game.score(pos)
        low, high = alpha, beta
        best = -math.inf
        for move in game.moves(pos):
            child = game.play(pos, move)
            value = -alphabeta(child, -beta, -alpha) if swap else -alphabeta(child, -alpha, -beta)
            best = max(best, value)
            alpha = max(alpha, value)
            if cut(alpha, beta):
                break
        return min(max(best, low), high) if hard else best

    alphabeta(game.root, -math.inf, math.inf)
    trace = alphabeta.last_trace
    assert trace is not None
    return trace
