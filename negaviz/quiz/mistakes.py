"""The well-known mistakes students make in alpha-beta, each recorded as a search.

The catalogue itself is :mod:`negaviz.mistakes`, shared with the checking of a
student's own code (:func:`negaviz.student.check`): the same mistake has the same name
and words in both.  Here are the searches practice needs.  Each mistake that can show
in a practice answer is a short recursive search as a student might write it, with one
thing wrong, recorded by :func:`~negaviz.trace.calls.trace_calls` (the trace layer's recorder) like any student's own
code (or negaviz's own search with another option: plain negamax for "a bound taken as
exact", the other of fail-hard and fail-soft for "mixing them up").  In a fail-soft
search any equally valid bound is accepted, fail-hard's included, so mixing them up is
a mistake only where the search is fail-hard.  The answers that search gives are the
answers a student holding that misconception gives, so the grader can recognise them
(:mod:`negaviz.quiz.grading`).  Nothing here is shown to the student as a search: these
traces exist only to be compared with.

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

from negaviz.analysis.steps import opts_cut
from negaviz.conventions import Cut
from negaviz.games.protocol import is_textbook_tree
from negaviz.mistakes import MISTAKES as CATALOGUE
from negaviz.mistakes import How, Mistake, catalogue, mistake, run
from negaviz.trace.trace import Trace

__all__ = ["MISTAKES"]

MISTAKES: tuple[Mistake, ...] = tuple(m for m in CATALOGUE if m.practice)
"""The mistakes of the catalogue (:data:`negaviz.mistakes.MISTAKES`) that practice
answers on a textbook tree are named after, in the order the grader tries them;
:func:`mistake` finds any of the catalogue's by id."""


CHANCE_MISTAKES: tuple[Mistake, ...] = tuple(m for m in CATALOGUE if m.id == "negation" or "chance" in m.needs)
"""The mistakes practice answers on a chance tree (expectimax, star1) are named after:
mixing up the views, and the catalogue's chance variants, each searched on the same tree."""


def practised(cut: str = ">=", chance: bool = False) -> tuple[Mistake, ...]:
    """:data:`MISTAKES` as a course that stops a node by ``cut`` names them
    (:func:`negaviz.mistakes.under`: under ``">"``, cutting on equality is the mistake);
    with ``chance``, :data:`CHANCE_MISTAKES`."""
    if chance:
        return CHANCE_MISTAKES
    return MISTAKES if cut == ">=" else tuple(m for m in catalogue(cut) if m.practice)


def is_chance(trace: Trace) -> bool:
    """Whether ``trace`` is a search with chance nodes (expectimax or star1)."""
    return trace.result is not None and trace.result.options.algorithm in ("expectimax", "star1")


def cut_of(trace: Trace) -> Cut:
    """The cut rule ``trace`` was searched by (``">="`` when it says none)."""
    return ">" if opts_cut(trace) == ">" else ">="


def searchable(trace: Trace) -> bool:
    """Whether the variant searches can be recorded for ``trace``: a textbook tree
    searched to the end in its own order from the full window, by negamax or alpha-beta,
    whose players alternate (the variants negate every child's value, as a student's
    function does: on a tree where a side moves twice they would name the wrong mistakes)."""
    result = trace.result
    if result is None or trace.game is None or not is_textbook_tree(trace.game) or not trace.alternates:
        return False
    o = result.options
    if o.algorithm in ("expectimax", "star1"):
        return o.depth is None and o.order == "natural"
    return (o.algorithm in ("negamax", "minimax", "alphabeta") and o.depth is None and o.order == "natural"
            and not o.tt and not o.symmetry and o.window == (-math.inf, math.inf))


def recorded(trace: Trace) -> dict[str, Trace]:
    """The traces of the variant searches a practice mistake makes, keyed by mistake id
    (the view mistake ``negation`` needs no search, and is not here).  Empty unless
    :func:`searchable`.  On a chance tree, the chance mistakes' searches, searched to the
    end without a window (their values are compared where the search asks one)."""
    if not searchable(trace):
        return {}
    from negaviz.trace import record  # the recorder: quiz sits above search and trace

    game = trace.game
    if is_chance(trace):  # each chance mistake's student, searching every outcome (no bounds)
        return {m.id: run(m.variants[0], game, windowed=False).trace for m in CHANCE_MISTAKES if m.variants
                and m.id != "negation"}
    hard = trace.result is not None and trace.result.options.fail_hard
    cut = cut_of(trace)
    other: Cut = ">" if cut == ">=" else ">="
    return {
        "equality": run(How(cut=other, fail_hard=hard), game).trace,
        "window": run(How(window="negate", cut=cut, fail_hard=hard), game).trace,
        "bound": record(game, algorithm="negamax"),
        "hardness": record(game, algorithm="alphabeta", fail_hard=not hard, cut=">=" if not hard else cut),
        "continue": run(How(cut="never", fail_hard=hard), game).trace,
    }
