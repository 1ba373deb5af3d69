"""How big the cells are that a stepping front-end rewrites at each step: the value, the
window and the marks of a node, sized from the game or the given tree alone, so that a
label is the same size at every step and nothing of the search sizes the picture.

The drawing (:mod:`negaviz.render.labels`) builds labels with these cells, and the
front-end (:mod:`negaviz.frontend.scene`) fills them in.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, NamedTuple

from negaviz.games.protocol import max_score_of
from negaviz.vocabulary import fmt

class Slots(NamedTuple):
    """Widths (in characters) of the cells a stepping front-end rewrites at each step.

    A label drawn with slots holds the sentinel texts ``§v§`` (the value), ``§w§`` (the
    window) and ``§m§`` (the marks: cut, TT) in cells of fixed size, so the layout is
    the same at every step; :mod:`negaviz.frontend.scene` turns them into SVG ``text``
    elements the front-end fills in.
    """

    value: int
    window: int


def given_slots(values: Iterable[float | None]) -> Slots:
    """Slots for a given tree whose leaves have ``values`` (None: not a leaf), from them
    alone: every value a search of such a tree shows is a leaf's, negated or not, ±∞, or
    one off a leaf's (a null window's edge), so nothing of the search sizes the picture.

    >>> given_slots([7, None, -12.5])
    Slots(value=10, window=14)
    """
    longest = len(fmt(-math.inf))
    for v in values:
        if v is not None:
            longest = max(longest, *(len(fmt(x)) for x in (v, -v, v + 1, -v - 1, v - 1, 1 - v)))
    return slots_for(longest)


def slots_for(longest: int) -> Slots:
    """Cells for values of at most ``longest`` characters: the value with room for its
    marks, and a window of two such values.

    >>> slots_for(3)
    Slots(value=8, window=10)
    """
    return Slots(value=longest + 5, window=2 * longest + 4)


def game_slots(game: Any) -> Slots:
    """Slots for a search of ``game`` drawn before its values are known: from the game's
    ``max_score`` (its best outcome), else room for five digits.  A value wider than that
    (an evaluation) overflows its cell rather than telling the picture's size.

    >>> game_slots(None)
    Slots(value=12, window=18)
    """
    top = max_score_of(game) if game is not None else None
    return given_slots([top, -top] if top is not None else [99999])


SLOT_VALUE, SLOT_WINDOW, SLOT_MARKS = "§v§", "§w§", "§m§"
"""The sentinel texts a label holds where the front-end writes a node's value, window and marks."""
