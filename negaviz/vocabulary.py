"""The words every layer shares: how a value is written, the two perspectives, steps.

Search results, pictures, sentences, quizzes, widgets, the CLI and saved files all show
values; they all do it through this module, so a value reads the same everywhere:

>>> fmt(5.0), fmt(-3), fmt(float("-inf")), fmt(0.125), fmt(None)
('5', '−3', '−∞', '0.125', '?')
>>> number_out(5.0), number_out(float("inf")), number_out(2.5)
(5, 'inf', 2.5)
>>> number_in("-inf")
-inf

A *perspective* says whose values are shown: ``"negamax"`` gives every node's value for
its side to move, ``"minimax"`` gives every value for the first player.

>>> check_perspective("minimax")
'minimax'
>>> check_perspective("max")
Traceback (most recent call last):
...
negaviz.errors.InputError: unknown perspective 'max' (must be one of 'negamax', 'minimax')

A *step* counts events: after step ``k`` the first ``k`` events of a trace have
happened, so a trace of ``n`` events has steps ``0..n``.

>>> check_step(3, 18)
3
>>> check_step(19, 18)
Traceback (most recent call last):
...
negaviz.errors.InputError: step 19 is outside 0..18 (the trace has 18 events)

The checks of arguments at the edge (``check_flag``, ``check_path``, ``shown``, ...) live
in :mod:`negaviz.checks`; every layer imports them from here, beside these.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Any, Literal, get_args

from negaviz.checks import (  # the checks at the edge: every layer imports them from here too
    as_whole, check_callable, check_callables, check_choice, check_flag, check_int, check_number, check_path,
    check_seed, check_text, printable, shown,
)
from negaviz.errors import InputError

__all__ = ["fmt", "Perspective", "PERSPECTIVES"]


class Kind(str, Enum):
    """Base of negaviz's enumerations of kinds (how a node ended, why a search stopped, ...).

    A member *is* its string: it compares and hashes equal to its value, so saved files,
    JSON and code comparing with strings keep working, and ``str()`` and ``format()``
    give the plain value (as :class:`enum.StrEnum` does, which Python 3.10 lacks), so a
    member written into text, JSON, SVG or HTML reads as the value:

    >>> class Colour(Kind):
    ...     RED = "red"
    >>> Colour.RED == "red", str(Colour.RED), f"{Colour.RED}", f"{Colour.RED:>5}", Colour("red")
    (True, 'red', 'red', '  red', <Colour.RED: 'red'>)
    """

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(str.__str__(self), spec)


Perspective = Literal["negamax", "minimax"]
PERSPECTIVES: tuple[Perspective, ...] = get_args(Perspective)
"""Every perspective, the default first."""

STACK_COLUMNS = ("node", "depth", "α", "β", "best so far", "trying")
"""Columns of a stepper's call-stack table, root first, current node last (the widget's
``stack_rows`` and the front-end, which gets them in the scene, both use these)."""
STACK_COLUMNS_PLAIN = ("node", "depth", "best so far", "trying")
"""The same for plain negamax (and minimax), which has no window: its table speaks of
values only, as its sentences do (windows come in with alpha-beta)."""

MINUS = "\N{MINUS SIGN}"


# --- the conventions ----------------------------------------------------------------------
# What a value, a window and a bound mean, in the words every layer uses: the drawings'
# captions and legends, the checker's and the quiz's messages, and the lecture notebooks,
# which state each convention once (notebooks 01 and 03, verbatim from CONVENTIONS) and
# then use its words (tests/notebooks/test_notebook_hygiene.py keeps them to it).

ALPHA_RISEN = "α has risen to"
"""How a message names a node's current α, where the node's best value so far has raised
it above the α of the window it was entered with ("window" alone always means that one)."""
BETA_FALLEN = "β has fallen to"
"""The same for β, which only a transposition-table entry lowers."""
WINDOW_KEY = "the window entered with; on the stack, α as it has risen"
"""What a drawing's (α, β) under a node means in the negamax view: a finished node keeps
the window it was entered with, a node still on the call stack shows its bounds as they
stand (every node maximises, so only α rises)."""
WINDOW_KEY_MINIMAX = "the window entered with; on the stack, α as it has risen at ▲, β as it has fallen at ▼"
"""The same in the minimax view, where a min node's best value lowers β instead."""


def window_key(perspective: Perspective) -> str:
    """What the (α, β) under a node means, in ``perspective``: :data:`WINDOW_KEY` or
    :data:`WINDOW_KEY_MINIMAX`."""
    return WINDOW_KEY if check_perspective(perspective) == "negamax" else WINDOW_KEY_MINIMAX


def window_text(alpha: float | None, beta: float | None) -> str:
    """A window as every layer writes it, ``(α, β)``: the sentences, the drawings, the
    legends and the notebooks (``[α, β]`` nowhere, so a window never reads as a closed
    interval in one place and an open one in another).

    >>> window_text(float("-inf"), -5)
    '(−∞, −5)'
    """
    return f"({fmt(alpha)}, {fmt(beta)})"

CONVENTIONS: dict[str, str] = {
    "perspective": (
        "Every value is for the side to move at its node (the negamax view). The minimax view "
        "shows the same search with every value for the first player instead: negated at the "
        "nodes where the second player moves, and nowhere else."
    ),
    "window": (
        "A node's window (α, β) is the window it is entered with. While the node tries its "
        "moves, its best value so far can raise α; the notebooks and messages say that α has "
        "risen, and keep the word window for the one the node was entered with."
    ),
    "leaves": (
        "A leaf's value is exact, whatever its window: the game is over there, or the depth "
        "limit's evaluation stands for the position."
    ),
    "contract": (
        "An inner node entered with the window (α, β) that returns v has an exact value when "
        "α < v < β. When v ≤ α it fails low and v is an upper bound: the true value is at most v. "
        "When v ≥ β it fails high and v is a lower bound: the true value is at least v."
    ),
    "fail-soft": (
        "Fail-soft alpha-beta returns the best value it found, which may lie beyond the window. "
        "Fail-hard clamps an inner node's value to its window's ends: β when it fails high, α when it "
        "fails low. A leaf returns its value either way."
    ),
    "proof": (
        "A proof tree proves one claim about the value, such as at least v: one move wherever "
        "the prover moves, every reply wherever the opponent moves. The minimal tree proves the "
        "value exactly, so it holds two proofs, at least v and at most v; alpha-beta with the "
        "best move first at every node visits just the minimal tree."
    ),
}
"""Each convention as the notebooks state it once; the key is the convention's name."""

MISLEADING: dict[str, str] = {
    "clamps every value": "fail-hard clamps inner nodes' values only; a leaf's value is exact",
    "no move reaches α": "a node whose best value equals α fails low too",
    "the smallest tree that proves": "a proof tree proves one claim; the minimal tree proves the value",
    "holds after the first move at every node": "best >= alpha holds only if the first value is at least the α entered with",
    "values at ▼ min nodes": "minimax values are the first player's; they are negated only against the negamax view",
    "first player (max) / second player (min)": "in the negamax view every node maximises",
    "+1, −1 or 0 for the side to move": "the side to move never has the line: a finished game scores −1 or 0 for it",
    "a loss −1, for the side to move": "a finished game never scores a win for the side to move: −1 or 0 only",
}
"""Phrases that once said something the conventions contradict, and why: no notebook,
caption or message may use them again."""


def view_caption(perspective: Perspective, first_player: int = 0, *, chance: bool = False) -> str:
    """The one line a drawing or a page says of its perspective; ``first_player`` is the
    player at the root (0: the first player moves there).  Kept short: it sets the width
    of a small tree's drawing.

    >>> view_caption("negamax")
    'negamax view: each value is for the side to move there (▲ first player, ▼ second)'
    >>> view_caption("minimax", 1)
    'minimax view: each value is for the first player (▲ max nodes, ▼ min nodes at even depth)'
    """
    check_perspective(perspective)
    if perspective == "negamax":
        return "negamax view: each value is for the side to move there (▲ first player, ▼ second)"
    if chance:  # chance levels break the parity of depth
        return "minimax view: each value is for the first player (▲ max nodes, ▼ min nodes, ○ chance nodes)"
    parity = "odd" if first_player == 0 else "even"
    return f"minimax view: each value is for the first player (▲ max nodes, ▼ min nodes at {parity} depth)"


CHANCE_NOTE = ("chance node (circle): the expected value of its outcomes, each edge's probability times its value; "
               "'sum' while searching: the outcomes so far")
"""What a circle means in a legend (a chance node)."""


def mover_marks(perspective: Perspective) -> str:
    """What ▲ and ▼ mean in a legend, in either perspective."""
    check_perspective(perspective)
    if perspective == "negamax":
        return "first / second player moves (every node maximises its value for the side to move)"
    return "max (first player) / min (second player) to move"


def window_story(name: str, entered: tuple[float, float], now: tuple[float, float]) -> str:
    """How node ``name``'s bounds ``now`` came from the window it was ``entered`` with.

    >>> window_story("B", (float("-inf"), float("inf")), (-5, float("inf")))
    'B was entered with the window (−∞, ∞) and α has risen to −5'
    """
    text = f"{name} was entered with the window {window_text(*entered)}"
    changes = [f"{ALPHA_RISEN} {fmt(now[0])}"] if now[0] != entered[0] else []
    if now[1] != entered[1]:
        changes.append(f"{BETA_FALLEN} {fmt(now[1])}")
    return text + "".join(f" and {c}" for c in changes)


def fmt(x: float | None, *, digits: int = 4) -> str:
    """A value as lecturers write it: ``5`` not ``5.0``, ``−3`` with a true minus sign,
    ``∞`` and ``−∞``, at most ``digits`` significant digits, ``?`` when unknown."""
    if x is None:
        return "?"
    if math.isinf(x):
        return "∞" if x > 0 else MINUS + "∞"
    if type(x) is int:  # exact, however large
        text = str(x)
    elif float(x).is_integer():
        text = str(int(x))
    else:
        text = f"{x:.{digits}g}"
    return text.replace("-", MINUS)


def number_out(x: float) -> float | int | str:
    """``x`` as JSON can hold it: integral floats as ints, infinities as ``"inf"`` and
    ``"-inf"`` (JSON has no infinity)."""
    if type(x) is int:  # exact, however large (float(x) could overflow)
        return x
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return int(x) if float(x).is_integer() else x


def number_in(x: object, *, what: str | None = "value") -> float:
    """The number :func:`number_out` wrote: a number, ``"inf"`` or ``"-inf"``; else an
    InputError starting with ``what`` (nothing if None: the caller names the place)."""
    if x == "inf":
        return math.inf
    if x == "-inf":
        return -math.inf
    if isinstance(x, bool) or not isinstance(x, (int, float)) or x != x:
        problem = f"expected a number, 'inf' or '-inf', not {x!r}"
        raise InputError(problem if what is None else f"{what}: {problem}")
    return float(x)


def check_perspective(perspective: Any) -> Perspective:
    """``perspective`` if it is one of :data:`PERSPECTIVES`, else an InputError naming them."""
    if perspective not in PERSPECTIVES:
        allowed = ", ".join(repr(p) for p in PERSPECTIVES)
        raise InputError(f"unknown perspective {perspective!r} (must be one of {allowed})")
    return perspective


def view_of(perspective: Any) -> Perspective:
    """``perspective`` checked, or for None the view the course's conventions open
    pictures and pages in (:attr:`negaviz.conventions.Conventions.view`: the lecture
    notes' negamax, AIMA's and CS188's minimax)."""
    if perspective is None:
        from negaviz.conventions import current  # the course's negaviz.toml, read when asked

        return current().view
    return check_perspective(perspective)


def check_step(step: Any, events: int, *, what: str = "step") -> int:
    """``step`` if it is a step of a trace with ``events`` events (``0..events``), else
    an InputError; ``what`` names the step in the message (``--step`` on the command line).

    Any integer type is a step (a numpy integer too); a bool or a float is not:

    >>> import numpy
    >>> check_step(numpy.int64(3), 18)
    3
    >>> check_step(True, 18)
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: step True is outside 0..18 (the trace has 18 events)
    """
    whole = as_whole(step)
    if whole is None or not 0 <= whole <= events:
        raise InputError(f"{what} {step!r} is outside 0..{events} (the trace has {events} events)")
    return whole


def check_steps(steps: Any, events: int, *, what: str = "steps") -> list[int]:
    """``steps`` as a sorted list of distinct steps of a trace with ``events`` events;
    else an InputError naming ``what``: a step outside ``0..events`` is refused, not
    dropped in silence, and text (``'1-3'``) is not steps.

    >>> check_steps([5, 2, 5], 18)
    [2, 5]
    >>> check_steps([999], 18)
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: steps holds 999, which is outside 0..18 (the trace has 18 events)
    """
    if isinstance(steps, (str, bytes)) or not hasattr(steps, "__iter__"):
        raise InputError(f"{what} must be step numbers, e.g. [3, 7] or range(10), not {shown(steps)}")
    chosen = set()
    for step in steps:
        whole = as_whole(step)
        if whole is None or not 0 <= whole <= events:
            raise InputError(f"{what} holds {shown(step)}, which is outside 0..{events} (the trace has {events} events)")
        chosen.add(whole)
    return sorted(chosen)


def probability_text(p: object) -> str:
    """A chance outcome's probability as drawn: a fraction as ``1/6``, a decimal as
    :func:`fmt` writes values.

    >>> from fractions import Fraction
    >>> probability_text(Fraction(1, 6)), probability_text(0.25)
    ('1/6', '0.25')
    """
    from fractions import Fraction

    if isinstance(p, Fraction) and p.denominator != 1:
        return f"{p.numerator}/{p.denominator}"
    return fmt(float(p))  # type: ignore[arg-type]
